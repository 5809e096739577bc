"""A small builder of game situations for rule tests.

    s = Scenario(players=2).reveal_all()
    city = s.city(0, "D2", buildings={"temple": 0}, mood="happy")
    s.resources(0, food=2, ore=1)
    s.apply(Collect(city.id, ((s.hex("D2"), "food"),)))

Spaces are named by label ("D7"). The builder starts from a real new game (so decks, RNG and
turn state are set up) and then lets the test rearrange the board freely.
"""

from __future__ import annotations

from civgame.framework.rng import Rng
from civgame.games.clash.content.effects import holdings_changed
from civgame.games.clash.content.ruleset import Ruleset
from civgame.games.clash.core.actions import Action
from civgame.games.clash.core.hexgrid import Hex, label_to_hex
from civgame.games.clash.core.model import City, Game, Unit
from civgame.games.clash.rules.base.turns import start_turn
from civgame.games.clash.rules.flow.controller import apply, legal_actions
from civgame.games.clash.rules.flow.setup import new_game


class Scenario:
    def __init__(self, players: int = 2, seed: int = 1, *, empty: bool = True, rules: Ruleset | None = None):
        self.game: Game = new_game(players, seed, rules)
        if empty:
            self.game.cities.clear()
            self.game.units.clear()
            for player in self.game.players:  # hands start empty: tests deal with `hand`
                self.game.decks["action"].draw.extend(player.action_cards)
                player.action_cards.clear()
        self.turn(0)

    def hand(self, player: int, *cards: int, deck: str = "action") -> Scenario:
        """Give the player these action (or objective) cards, taken out of the deck's piles."""
        piles = self.game.decks[deck]
        for card in cards:
            for pile in (piles.draw, piles.discard):
                if card in pile:
                    pile.remove(card)
            getattr(self.game.players[player], f"{deck}_cards").append(card)
        return self

    def empty_hand(self, player: int, deck: str) -> Scenario:
        """The player's action (or objective) cards go back to the deck's draw pile."""
        held = getattr(self.game.players[player], f"{deck}_cards")
        self.game.decks[deck].draw.extend(held)
        held.clear()
        return self

    # ---------------------------------------------------------------- map
    @staticmethod
    def hex(label: str) -> Hex:
        return label_to_hex(label)

    def reveal_all(self) -> Scenario:
        """Turn every face-down region up at its base rotation."""
        for region in self.game.regions:
            if not region.revealed:
                region.rotation = region.base_rotation
        self.game.invalidate_board()
        return self

    def place_tile(self, region_number: int, tile: str, rotation: int | None = None) -> Scenario:
        """Put a given tile in a region position; rotation None leaves it face down."""
        region = self.game.regions[region_number - 1]
        region.tile = tile
        region.rotation = rotation
        self.game.invalidate_board()
        return self

    def hide(self, region_number: int) -> Scenario:
        self.game.regions[region_number - 1].rotation = None
        self.game.invalidate_board()
        return self

    def terrain(self, label: str) -> str | None:
        return self.game.terrain(self.hex(label))

    # ---------------------------------------------------------------- pieces
    def city(
        self,
        owner: int,
        label: str,
        *,
        mood: str = "neutral",
        buildings: dict[str, int] | None = None,
        wonders: list[str] | None = None,
        port_space: str | None = None,
    ) -> City:
        city = City(
            self.game.new_id(),
            owner,
            self.hex(label),
            mood,
            dict(buildings or {}),
            list(wonders or []),
            self.hex(port_space) if port_space else None,
        )
        self.game.cities.append(city)
        deck = self.game.decks["wonder"].draw
        deck[:] = [w for w in deck if w not in city.wonders]  # a wonder card is in one place only
        holdings_changed(self.game)  # its wonders are the owner's sources of effects
        return city

    def unit(self, owner: int, kind: str, label: str, *, carrier: Unit | None = None) -> Unit:
        unit = Unit(self.game.new_id(), owner, kind, self.hex(label), carrier.id if carrier else None)
        self.game.units.append(unit)
        return unit

    def units(self, owner: int, kind: str, label: str, count: int) -> list[Unit]:
        return [self.unit(owner, kind, label) for _ in range(count)]

    # ---------------------------------------------------------------- players
    def resources(self, player: int, **amounts: int) -> Scenario:
        p = self.game.player(player)
        for k, v in amounts.items():
            if k == "mood":
                p.mood_tokens = v
            elif k == "culture":
                p.culture_tokens = v
            else:
                p.resources[k] = v
        return self

    def advances(self, player: int, *names: str) -> Scenario:
        p = self.game.player(player)
        p.advances.extend(n for n in names if n not in p.advances)
        holdings_changed(self.game)
        return self

    def lose_advances(self, player: int, *names: str) -> Scenario:
        p = self.game.player(player)
        p.advances = [n for n in p.advances if n not in names]
        holdings_changed(self.game)
        return self

    def turn(self, player: int) -> Scenario:
        start_turn(self.game, player)
        return self

    # ---------------------------------------------------------------- play
    def apply(self, action: Action) -> None:
        apply(self.game, action)

    def legal(self) -> list[Action]:
        return legal_actions(self.game)

    def legal_of(self, kind: type) -> list[Action]:
        return [a for a in legal_actions(self.game) if isinstance(a, kind)]

    def player(self, index: int):
        return self.game.player(index)

    def fix_dice(self, *values: int) -> None:
        """Make the next combat/influence die rolls come out as given (face indices 0-11)."""
        self.game.rng = LoadedDice(self.game.rng.state, list(values))


class LoadedDice(Rng):
    """The game's RNG with the next rolls queued: `below()` returns them first, then rolls as the
    seeded generator would. Its state moves on with every roll, queued or not, so undo, saves and
    the window all see that dice were rolled."""

    def __init__(self, state: int, values: list[int]):
        super().__init__(state)
        self.values = values

    def below(self, n: int) -> int:
        if self.values:
            value = self.values.pop(0)
            assert 0 <= value < n, f"queued roll {value} not below {n}"
            self.next64()
            return value
        return super().below(n)

    def shuffle(self, items: list) -> None:
        """Shuffle as the seeded generator would: a deck shuffled on the way leaves the queued rolls to the dice."""
        queued, self.values = self.values, []
        super().shuffle(items)
        self.values = queued
