"""Setting up a new game for 2-4 players from the ruleset's layouts and starting state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from civgame.framework.errors import RuleError
from civgame.framework.rng import Rng
from civgame.framework.wording import counted
from civgame.games.clash.content.ruleset import Ruleset, default_ruleset
from civgame.games.clash.core.hexgrid import label_to_hex
from civgame.games.clash.core.model import (
    LEAD_US,
    SAVE_VERSION,
    City,
    Deck,
    EventVariant,
    Game,
    GameVariant,
    Player,
    Region,
    Unit,
)
from civgame.games.clash.core.vocabulary import amounts
from civgame.games.clash.rules.base import civilizations, log
from civgame.games.clash.rules.base.cards import deal
from civgame.games.clash.rules.base.turns import start_turn

DEFAULT_COLOURS = ("red", "blue", "green", "yellow")


RANDOM = "random"  # a seat dealt a civilization at random
DEAL: Literal["deal"] = "deal"  # each player dealt civilizations to choose one from (rules with `civilizations.dealt`)
Civilizations = Literal["random", "choose", "deal"] | Sequence[str] | None


def new_game(
    players: int | list[str],
    seed: int,
    rules: Ruleset | None = None,
    colours: list[str] | None = None,
    civilizations: Civilizations = None,
    also_random: Sequence[str] = (),
    what_if: bool = False,
    events: EventVariant = "standard",
    variants: Sequence[GameVariant] = (),
) -> Game:
    """A new game. `civilizations`: None, players without civilizations; "random", each dealt one of
    the playable civilizations; "choose", each picks one in turn order before play; or a list naming
    each player's civilization or "random" for a seat dealt one of those left; where the rules deal
    civilizations to choose from (the Civilizations expansion), "deal" is their way. `also_random`: playable
    civilizations kept out of Random dealing by their rules data that the players put into it. `what_if`:
    the variant What if?, each player's leaders dealt from one deck of every playable civilization's.
    `events` picks a variant of the 2012 rulebook: `no_events` (only the icons act) or `optional_events`
    (the player who draws a card may decline its text; its icon still acts). `variants` its rules offer
    (`offered_variants`): of the game's length and end, and Lead us."""
    rules = rules or default_ruleset()
    problem = why_not_variants(rules, variants) or (why_not_lead_us(civilizations) if LEAD_US in variants else None)
    if problem:
        raise RuleError(problem)
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
                event_cubes=start.event_cubes or 0,
            )
            for i, name in enumerate(names)
        ],
        regions=regions,
        event_variant=events,
        variants=list(variants),
    )
    game.rules = rules
    shorter = rules.game.variants.four_rounds if "four_rounds" in variants else None
    mood = start.city_mood if shorter is None else shorter.city_mood
    for player, region in zip(game.players, regions, strict=False):
        home = region.spaces()[0]
        game.cities.append(City(game.new_id(), player.index, home, mood))
        for kind in start.units if shorter is None else shorter.starting_units:
            game.units.append(Unit(game.new_id(), player.index, kind, home))
    _shuffle_decks(game)
    for player in game.players:
        deal(game, player, start.action_cards, start.objective_cards)
    game.first_player = rng.below(count)
    log.say(game, "setup.new_game", game.first_player, players=counted(count, "player"), seed=seed)
    _civilizations(game, civilizations, also_random)
    if what_if:
        _what_if(game, civilizations, also_random)
    start_turn(game, game.first_player)
    return game


def available_variants(rules: Ruleset) -> list[GameVariant]:
    """The variants of a game's length and end these rules offer: Roll to End only with its die ranges."""
    variants = rules.game.variants
    found: list[GameVariant] = ["four_rounds"] if variants.four_rounds is not None else []
    if variants.variable_end is not None:
        if variants.variable_end.roll_to_end is not None:
            found.append("roll_to_end")
        found.append("wonderful_ending")
    return found


def offered_variants(rules: Ruleset) -> list[GameVariant]:
    """Every variant these rules offer: of the game's length and end (`available_variants`), and Lead us."""
    return [*available_variants(rules), *([LEAD_US] if rules.game.variants.lead_us else [])]


def variant_note(rules: Ruleset, variant: GameVariant) -> str:
    """What the players choosing `variant` are told of these rules' own data: Roll to End's ranges."""
    end = rules.game.variants.variable_end
    if variant != "roll_to_end" or end is None or end.roll_to_end is None:
        return ""
    return f"the rolls ending it, turn by turn: {end.ranges_text()}"


def why_not_variants(rules: Ruleset, variants: Sequence[GameVariant]) -> str | None:
    """Why the chosen variants cannot be played together with these rules, or None."""
    for variant in variants:
        if variant not in offered_variants(rules):
            return f"{rules.game.name} has no variant {variant!r}"
    if len(set(variants) & {"roll_to_end", "wonderful_ending"}) > 1:
        return "the Variable End Game ends either by a roll or by a wonder, not both"
    if "four_rounds" in variants and len(set(variants) - {LEAD_US}) > 1:
        return "the four-round game has its own end: no Variable End Game with it"
    return None


def why_not_lead_us(setup: Civilizations) -> str | None:
    """Why Lead us cannot be played with this way of giving out civilizations, or None."""
    if setup is None:
        return "Lead us chooses the civilizations' leaders: play with civilizations to use it"
    return None


def _civilizations(game: Game, setup: Civilizations, also_random: Sequence[str]) -> None:
    if setup is None:
        return
    deals = game.rules.game.civilizations.dealt is not None
    if deals != (setup == DEAL):
        raise RuleError(
            "these rules deal each player civilizations to choose one from: play with deal or none"
            if deals
            else "these rules deal no civilizations to choose from: play with random, choose or one per seat"
        )
    if setup == DEAL:
        civilizations.deal_to_choose(game, random_pool(game.rules, also_random))
        return
    if setup == "choose":
        playable = civilizations.playable(game.rules)
        if len(playable) < len(game.players):
            raise RuleError(
                f"choosing in turn needs {len(game.players)} civilizations; these rules have {len(playable)}"
            )
        civilizations.ask_in_turn_order(game)
        return
    seats = [RANDOM] * len(game.players) if setup == RANDOM else list(setup)
    named = [key for key in seats if key != RANDOM]
    if len(seats) != len(game.players) or len(set(named)) != len(named):
        raise RuleError("name one different civilization (or random) for each player")
    for key in named:
        if key not in game.rules.civilizations:
            raise RuleError(f"there is no civilization {key!r}")
    for player, key in zip(game.players, seats, strict=True):
        if key != RANDOM:
            civilizations.take(game, player, key)
    dealt = [player for player, key in zip(game.players, seats, strict=True) if key == RANDOM]
    if dealt:
        pool = [key for key in random_pool(game.rules, also_random) if key not in named]
        civilizations.deal_at_random(game, dealt, pool)


def _what_if(game: Game, setup: Civilizations, also_random: Sequence[str]) -> None:
    """The shared deck holds the leaders of the playable civilizations Random may deal or that are in
    play; when the players choose in turn, of every playable civilization, since any may be chosen."""
    if setup is None:
        raise RuleError("What if? deals leaders to civilizations: play with civilizations to use it")
    if game.rules.game.civilizations.leaders == "drawn":
        raise RuleError("What if? with leaders drawn from one shared deck is not built for these rules")
    in_play = {p.civilization for p in game.players}
    dealt = random_pool(game.rules, also_random)
    keys = [k for k in civilizations.playable(game.rules) if setup == "choose" or k in dealt or k in in_play]
    civilizations.deal_leaders_from_one_deck(game, keys)


def default_civilizations(rules: Ruleset, players: int, also_random: Sequence[str] = ()) -> Civilizations:
    """How civilizations are given out unless a player says otherwise: each player dealt one at random
    (or the rules' deal to choose from) when Random has enough to deal, else none."""
    if len(random_pool(rules, also_random)) < players:
        return None
    return DEAL if rules.game.civilizations.dealt is not None else RANDOM


def random_pool(rules: Ruleset, also_random: Sequence[str] = ()) -> list[str]:
    """The civilizations Random deals from: the playable ones in the random pool, and those added."""
    return [key for key in civilizations.playable(rules) if rules.civilizations[key].random_pool or key in also_random]


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
