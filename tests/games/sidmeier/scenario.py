"""A builder of positions for Sid Meier's Civilization rule tests.

    s = Scenario(players=2, civs=["rome", "china"]).reveal_all()
    city = s.city(0, 5, 5, capital=True)
    s.figure(0, "army", 6, 5)
    s.techs(0, "masonry")
    s.decide(CityTurn(0))
    s.apply(BuildWalls(city.id))

It starts from a real new game (decks, piles, RNG and turn state set up), its setup finished with
the first legal choices, and by default an empty board: no cities, no figures. Tests then arrange the
board freely; every helper clears the rules' caches, and `refresh()` does so after a test changes the
model by hand. The map is revealed square by square with plain terrain unless a test asks otherwise.
"""

from __future__ import annotations

from typing import Any

from civgame.games.sidmeier.core.actions import Action
from civgame.games.sidmeier.core.decisions import Decision
from civgame.games.sidmeier.core.model import City, Figure, Game, Improvement
from civgame.games.sidmeier.rules.base import pieces, techs
from civgame.games.sidmeier.rules.flow.controller import apply, legal_actions, new_game, why_illegal
from civgame.games.sidmeier.rules.flow.invariants import check_invariants


class Scenario:
    def __init__(
        self, players: int = 2, seed: int = 1, civs: list[str] | None = None, empty: bool = True, **options: Any
    ):
        self.game: Game = new_game(players, seed, civilizations=civs, **options)
        game = self.game
        while game.phase == "setup":
            apply(game, legal_actions(game)[0])
        if empty:
            game.figures.clear()
            game.cities.clear()
            for square in game.squares:
                if square.improvement is not None:
                    imp = square.improvement
                    if imp.kind == "great_person":
                        game.players[imp.owner].reserve.append(imp.marker)
                    square.improvement = None
            game.wonder_at.clear()
            for player in game.players:
                for marker in player.reserve:
                    game.great_people.append(marker)
                player.reserve.clear()
                game.wonders_out.extend(player.wonders)
                player.wonders.clear()
        game.pending.clear()
        game.queue.clear()
        game.log.clear()
        self.refresh()

    # ---------------------------------------------------------------- the board

    def pos(self, x: int, y: int) -> int:
        assert 0 <= x < self.game.width and 0 <= y < self.game.height, f"({x},{y}) is off the map"
        return self.game.pos(x, y)

    def reveal_all(self, terrain: str = "grassland", **icons: int) -> Scenario:
        """Every square revealed as `terrain` with these icons (no resources, huts or villages)."""
        for slot in self.game.tiles:
            slot.revealed = True
        for i in range(len(self.game.squares)):
            self.square(i, terrain, **icons)
        return self

    def square(
        self, pos: int, terrain: str = "grassland", resource: str = "", feature: str = "", **icons: int
    ) -> Scenario:
        sq = self.game.squares[pos]
        sq.terrain = terrain
        sq.trade = icons.get("trade", 0)
        sq.production = icons.get("production", 0)
        sq.culture = icons.get("culture", 0)
        sq.coin = icons.get("coin", 0)
        sq.resource = resource
        sq.feature = feature
        self.refresh()
        return self

    def marker(self, pos: int, kind: str, result: str) -> int:
        """Put a hut or village marker with this result face down on a square (taken from its pile)."""
        game = self.game
        pile = game.hut_pile if kind == "hut" else game.village_pile
        for source in (pile, game.markers_gone):
            for marker in source:
                found = game.rules.hut_markers[marker]
                if found.kind == kind and found.result == result:
                    source.remove(marker)
                    game.squares[pos].marker = marker
                    game.squares[pos].feature = kind
                    self.refresh()
                    return marker
        raise ValueError(f"no {kind} marker with {result}")

    def city(self, seat: int, x: int, y: int, capital: bool = False, walled: bool = False) -> City:
        city = City(pieces.new_id(self.game), seat, self.pos(x, y), capital=capital, walled=walled)
        self.game.cities.append(city)
        self.refresh()
        return city

    def figure(self, seat: int, kind: str, x: int, y: int, placed_turn: int = 0) -> Figure:
        fig = pieces.place_figure(self.game, seat, kind, self.pos(x, y))  # type: ignore[arg-type]
        fig.placed_turn = placed_turn
        fig.moved = False
        self.refresh()
        return fig

    def build(self, seat: int, x: int, y: int, kind: str, name: str) -> None:
        """Put a building face, wonder or great person type on a square, as if built."""
        game = self.game
        pos = self.pos(x, y)
        marker = -1
        if kind == "great_person":
            marker = next(m for m in game.great_people if game.rules.great_person_ids[m] == name)
            game.great_people.remove(marker)
        elif kind == "wonder":
            self._take_wonder(name)
            game.players[seat].wonders.append(name)
        game.squares[pos].improvement = None
        pieces.place_improvement(game, pos, Improvement(kind, name, seat, marker))  # type: ignore[arg-type]
        self.refresh()

    def wonder(self, seat: int, name: str) -> None:
        """Give the player a wonder's card and put its marker next to their first city (for its ability)."""
        city = self.game.cities_of(seat)[0]
        x, y = self.game.xy(city.pos)
        self.build(seat, x + 1, y + 1, "wonder", name)

    def _take_wonder(self, name: str) -> None:
        game = self.game
        for pile in (game.wonder_market, game.wonder_deck, game.wonders_out):
            if name in pile:
                pile.remove(name)
                return
        raise ValueError(f"wonder {name} is not available")

    # ---------------------------------------------------------------- players

    def techs(self, seat: int, *names: str) -> Scenario:
        """Learn techs as at setup (no effects when learned), each in its own level's row."""
        for name in names:
            if name in self.game.players[seat].techs:
                continue
            techs.learn(self.game, seat, name, setup=True)
            self.game.players[seat].unlocked_turn.clear()
        self.refresh()
        return self

    def give(self, seat: int, *, trade: int = 0, culture: int = 0, **resources: int) -> Scenario:
        player = self.game.players[seat]
        player.trade += trade
        player.culture += culture
        for resource, count in resources.items():
            self.game.market[resource] = self.game.market.get(resource, 0) - count
            player.resources[resource] = player.resources.get(resource, 0) + count
        self.refresh()
        return self

    def card(self, seat: int, record: str) -> int:
        """Move a culture event card of this record into the player's hand."""
        game = self.game
        for pile in [*(d.draw for d in game.culture_decks.values()), game.culture_out]:
            for card in pile:
                if game.rules.culture_card_ids[card] == record:
                    pile.remove(card)
                    game.players[seat].hand.append(card)
                    return card
        raise ValueError(f"no card {record} left")

    def units(self, seat: int, *specs: tuple[str, int]) -> list[int]:
        """Replace the standing forces by unit cards of (type, rank-1 strength)."""
        game = self.game
        player = game.players[seat]
        for card in player.standing:
            game.unit_decks[pieces.unit_type(game, card)].draw.append(card)
        player.standing.clear()
        chosen = []
        for unit, strength in specs:
            deck = game.unit_decks[unit].draw
            card = next(c for c in deck if game.rules.unit_cards[c].strength[0] == strength)
            deck.remove(card)
            chosen.append(card)
        player.standing.extend(chosen)
        return chosen

    def government(self, seat: int, government: str) -> Scenario:
        self.game.players[seat].government = government
        self.refresh()
        return self

    # ---------------------------------------------------------------- play

    def decide(self, decision: Decision, phase: str | None = None) -> Scenario:
        """Make `decision` the one pending (the phase's queue emptied: answering it moves the game on)."""
        game = self.game
        if phase is not None:
            game.phase = phase  # type: ignore[assignment]
        game.pending[:] = [decision]
        game.queue.clear()
        self.refresh()
        return self

    def apply(self, action: Action) -> None:
        apply(self.game, action)

    def legal(self) -> list[Action]:
        return legal_actions(self.game)

    def why(self, action: Action) -> str | None:
        return why_illegal(self.game, action)

    def refresh(self) -> None:
        self.game.cache.clear()

    def problems(self) -> list[str]:
        return check_invariants(self.game)
