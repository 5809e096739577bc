"""Setting up a new game for 2-4 players from the ruleset's layouts and starting state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from civgame.engine.content.ruleset import Ruleset, default_ruleset
from civgame.engine.core.errors import RuleError
from civgame.engine.core.hexgrid import label_to_hex
from civgame.engine.core.model import SAVE_VERSION, City, Deck, EventVariant, Game, Player, Region, Unit
from civgame.engine.core.rng import Rng
from civgame.engine.core.vocabulary import amounts
from civgame.engine.rules import civilizations
from civgame.engine.rules.cards import deal
from civgame.engine.rules.turns import start_turn

DEFAULT_COLOURS = ("red", "blue", "green", "yellow")


Civilizations = Literal["random", "choose"] | Sequence[str] | None


def new_game(
    players: int | list[str],
    seed: int,
    rules: Ruleset | None = None,
    colours: list[str] | None = None,
    civilizations: Civilizations = None,
    events: EventVariant = "standard",
) -> Game:
    """A new game. `civilizations`: None, players without civilizations; "random", each dealt one of
    the playable civilizations; "choose", each picks one in turn order before play; or a list naming
    each player's civilization. `events` picks a variant of the 2012 rulebook: `no_events` (only the
    icons act) or `optional_events` (the player who draws a card may decline its text; its icon
    still acts)."""
    rules = rules or default_ruleset()
    names = players if isinstance(players, list) else [f"Player {i + 1}" for i in range(players)]
    count = len(names)
    if count not in rules.map.layouts or not rules.game.players.min <= count <= rules.game.players.max:
        raise RuleError(f"{rules.game.name} is played by {rules.game.players.min}-{rules.game.players.max} players")
    colours = colours or list(DEFAULT_COLOURS[:count])
    rng = Rng.from_seed(seed)
    layout = rules.map.layouts[count]
    regions = [
        Region(i + 1, home.tile, label_to_hex(home.anchor), home.rotation, home.rotation)
        for i, home in enumerate(layout.homes)
    ]
    tiles = [t.id for t in rules.map.regular_tiles]
    rng.shuffle(tiles)
    regions += [
        Region(count + j + 1, tiles[j], label_to_hex(pos.anchor), pos.base_rotation)
        for j, pos in enumerate(layout.free)
    ]
    start = rules.game.starting
    game = Game(
        version=SAVE_VERSION,
        ruleset=rules.game.id,
        seed=seed,
        rng=rng,
        players=[
            Player(
                i,
                name,
                colours[i],
                amounts(start.resources),
                mood_tokens=start.mood_tokens,
                culture_tokens=start.culture_tokens,
                advances=list(start.advances),
                event_cubes=start.event_cubes,
            )
            for i, name in enumerate(names)
        ],
        regions=regions,
        event_variant=events,
    )
    game.rules = rules
    for player, region in zip(game.players, regions, strict=False):
        home = region.spaces()[0]
        game.cities.append(City(game.new_id(), player.index, home, start.city_mood))
        for kind in start.units:
            game.units.append(Unit(game.new_id(), player.index, kind, home))
    _shuffle_decks(game)
    for player in game.players:
        deal(game, player, start.action_cards, start.objective_cards)
    game.first_player = rng.below(count)
    game.say(f"New game for {count} players (seed {seed}); {game.player(game.first_player).name} starts")
    _civilizations(game, civilizations)
    start_turn(game, game.first_player)
    return game


def _civilizations(game: Game, setup: Civilizations) -> None:
    if setup is None:
        return
    if setup == "random":
        civilizations.deal_at_random(game, [k for k in civilizations.playable(game.rules) if _in_pool(game, k)])
    elif setup == "choose":
        civilizations.ask_in_turn_order(game)
    else:
        if len(setup) != len(game.players) or len(set(setup)) != len(setup):
            raise RuleError("name one different civilization for each player")
        for player, key in zip(game.players, setup, strict=True):
            if key not in game.rules.civilizations:
                raise RuleError(f"there is no civilization {key!r}")
            civilizations.take(game, player, key)


def _in_pool(game: Game, key: str) -> bool:
    return game.rules.civilizations[key].random_pool


def _shuffle_decks(game: Game) -> None:
    rules = game.rules
    contents: dict[str, list[int | str]] = {
        "action": [c.id for c in rules.action_cards],
        "objective": [c.id for c in rules.objective_cards],
        "event": [c.id for c in rules.events],
        "wonder": list(rules.wonders),
    }
    for name, cards in contents.items():
        game.rng.shuffle(cards)
        game.decks[name] = Deck(draw=cards)
    # Wonders left out are taken out after the shuffle, so the rest of the game draws the same numbers.
    game.decks["wonder"].draw = [w for w in game.decks["wonder"].draw if rules.wonders[str(w)].in_deck]
