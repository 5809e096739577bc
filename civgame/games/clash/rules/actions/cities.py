"""City rules: founding cities, activating them, and the three activations Collect, Construct, Recruit.

Activating a city (Collect, Construct, Recruit, or building a wonder) follows one pattern:
validate (`why_cannot_activate` plus the action's own rules), pay, `begin_activation`, do the
effect, `finish_activation`. The mood drop of a repeated activation comes last, so an effect
always sees the mood the city had when it was activated.

Advance effects applied here: `angry_as_neutral` (the mood an activation counts with),
`collect_yield`, `collect_far`, `collect_bonus`, `collect_exchange` (collecting),
`building_discount`, `advance_on_build` (constructing), `recruit_substitute`, `recruit_refund`
and `recruit_reward` (recruiting).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from itertools import combinations, combinations_with_replacement, product
from typing import Any, NamedTuple

from civgame.framework.errors import RuleError
from civgame.framework.wording import counted, listed, plural_of, with_article
from civgame.games.clash.content import effects
from civgame.games.clash.content.effects import Effect
from civgame.games.clash.content.effects.cards import CollectExtraSpaces
from civgame.games.clash.content.effects.core import CollectYield
from civgame.games.clash.content.effects.economy import (
    BuildingDiscount,
    CardInsteadOfSubstitute,
    CollectBonus,
    CollectExchange,
    CollectFar,
    CollectFarSpaces,
    CollectPrice,
    CollectSettlerBonus,
    ConstructSettler,
    ConstructWithoutActivation,
    FoundCityOn,
    FreeCollect,
    MayBuildUnits,
    RecruitRefund,
    RecruitReward,
    RecruitSubstitute,
    RecruitSubstitutePrice,
    RecruitWithoutBuilding,
)
from civgame.games.clash.content.effects.events import EventProtection
from civgame.games.clash.content.effects.military import BarEnemySettlers
from civgame.games.clash.content.ruleset import MAX_STEPS
from civgame.games.clash.core.actions import (
    Action,
    ChooseToken,
    Collect,
    Construct,
    FoundCity,
    Pick,
    Recruit,
    ReuseUnit,
)
from civgame.games.clash.core.decisions import EffectChoiceDecision, ReuseUnitDecision, TokenChoiceDecision
from civgame.games.clash.core.hexgrid import DIRECTIONS, Hex, distance, hex_to_label, label_to_hex
from civgame.games.clash.core.model import MOODS, PIRATE, City, Game, Player, Unit
from civgame.games.clash.core.vocabulary import Payable, amounts
from civgame.games.clash.rules import combat
from civgame.games.clash.rules.actions import (
    advances,  # a module import: advances reaches cities through events
    ballcourts,
)
from civgame.games.clash.rules.base import civilizations, log, pirate_share
from civgame.games.clash.rules.base.cards import draw_into_hand
from civgame.games.clash.rules.base.moods import effective_mood, mood_modified_size
from civgame.games.clash.rules.base.payments import (
    affordable,
    describe,
    gain,
    holdings,
    options_for_any,
    pay,
    payment_for,
    plus_costs,
    settle,
    with_substitutes,
)
from civgame.games.clash.rules.base.registry import answering, rule
from civgame.games.clash.rules.base.triggers import fire
from civgame.games.clash.rules.base.turns import spend_main_action

SETTLER = "settler"
MAY_BUILD_UNITS = "may_build_units"
CARD_DECKS = {"action_cards": "action", "objective_cards": "objective"}  # on_built `draw` keys
KEEP_ACTIVATION = "keep"  # the option of a redirect_activation choice that changes nothing
COLLECT_ACTION_TAKEN = "action:collect"  # marks, in Player.used_this_turn, that a Collect action was taken


def working_size(game: Game, city: City) -> int:
    """How many spaces the city collects from and how many units it builds: its mood-modified size, and more
    when its owner paid for it (`paid_size_bonus`, Ballcourts)."""
    return mood_modified_size(game, city) + ballcourts.size_bonus(game, city)


def _where(space: Hex) -> str:
    return hex_to_label(space)


# ------------------------------------------------------------------ activation


def why_cannot_activate(game: Game, city: City) -> str | None:
    """The rule that stops the current player from activating `city` now, or None."""
    if city.owner != game.current:
        return f"{game.player(game.current).name} can only activate their own cities"
    if city.angry_activation:
        return (
            f"the city at {_where(city.pos)} was angry when activated this turn and cannot be activated again this turn"
        )
    return None


def begin_activation(game: Game, city: City) -> None:
    """Count an activation; call after every check and payment, before the effect."""
    city.activations += 1
    if city.mood == "angry":
        city.angry_activation = True


def finish_activation(game: Game, city: City) -> None:
    """After the effect: the 2nd and later activations this turn each lower the mood a step."""
    fire(game, "city_activated", player=city.owner, city=city.id)
    if _mood_after_activation(city) != city.mood:
        was = city.mood
        _lower_mood(game, city)
        _offer_redirect(game, city, was)


def _mood_after_activation(city: City) -> str:
    """The mood an activation counted by `begin_activation` leaves the city in once it is finished."""
    if city.activations > 1 and city.mood != MOODS[0]:
        return MOODS[MOODS.index(city.mood) - 1]
    return city.mood


@contextmanager
def as_activated(game: Game, city: City | None) -> Iterator[None]:
    """Inside, `city` (if any) stands as one more activation leaves it, for a look at what may follow the
    activation; afterwards it is as before."""
    if city is None:
        yield
        return
    kept = city.activations, city.angry_activation, city.mood
    begin_activation(game, city)
    city.mood = _mood_after_activation(city)
    try:
        yield
    finally:
        city.activations, city.angry_activation, city.mood = kept


def _lower_mood(game: Game, city: City) -> None:
    city.mood = MOODS[MOODS.index(city.mood) - 1]
    log.say(game, "city.activated_again", space=_where(city.pos), mood=city.mood)


def redirect_targets(game: Game, city: City, was: str) -> list[City]:
    """The other cities a `redirect_activation` may activate instead of `city` (that was `was`)."""
    return [
        other
        for other in game.cities_of(city.owner)
        if other is not city
        and game.city_size(other) >= game.city_size(city)
        and MOODS.index(other.mood) >= MOODS.index(was)
        if why_cannot_activate(game, other) is None
    ]


def _offer_redirect(game: Game, city: City, was: str) -> None:
    """`redirect_activation` (City States): offer another city to take the mood loss, once per turn."""
    player = game.player(city.owner)
    for effect in effects.active(game, player, "redirect_activation"):
        targets = redirect_targets(game, city, was)
        if effects.unused_this_turn(player, effect) and targets:
            options = [KEEP_ACTIVATION, *(f"{_where(city.pos)} to {_where(t.pos)}" for t in targets)]
            game.pending.append(
                EffectChoiceDecision(player=player.index, source=effect.source, effect=effect.name, options=options)
            )
            return


def redirect_activation(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    """Answer of a `redirect_activation` choice: the first city's mood back, the other city activated."""
    if option == KEEP_ACTIVATION:
        return
    player = game.player(decision.player)
    effect = next(e for e in effects.active(game, player, decision.effect) if e.source == decision.source)
    effects.mark_used(player, effect)
    first, other = (game.city_at(label_to_hex(label)) for label in option.split(" to "))
    assert first is not None and other is not None  # the options were checked just now
    first.mood = MOODS[MOODS.index(first.mood) + 1]
    log.say(game, "city.redirected", player.index, space=_where(other.pos), source=decision.source)
    other.activations += 1
    if other.activations > 1 and other.mood != MOODS[0]:
        _lower_mood(game, other)


def redirect_options(game: Game, decision: EffectChoiceDecision) -> list[str]:
    return list(decision.options)


def _activated_city(game: Game, city_id: int) -> City:
    """The city a main-action activation names, after the checks every activation shares."""
    if game.actions_left <= 0:
        raise RuleError("no main actions left this turn")
    city = game.city(city_id)
    if city is None:
        raise RuleError(f"there is no city {city_id}")
    reason = why_cannot_activate(game, city)
    if reason:
        raise RuleError(reason)
    return city


def _activatable_cities(game: Game) -> list[City]:
    if game.actions_left <= 0:
        return []
    # (`why_cannot_activate` of the current player's own cities, without wording the reason)
    return [c for c in game.cities_of(game.current) if not c.angry_activation]


# ------------------------------------------------------------------ found city


def why_not_found(game: Game, settler: Unit | None) -> str | None:
    """The rule that stops the current player from founding a city with `settler`, or None."""
    player = game.player(game.current)
    if settler is None or settler.owner != player.index or settler.kind != SETTLER:
        return f"{player.name} can only found a city with one of their own settlers"
    if settler.carrier is not None:
        return "a settler on a ship cannot found a city"
    return why_not_found_at(game, player, settler.pos) or _barred_settler(game, settler)


def _founds_on(game: Game, player: Player, terrain: str) -> bool:
    """`found_city_on` (Flood Plains): the player may found cities on `terrain` after all."""
    found = effects.active(game, player, "found_city_on")
    return any(terrain in effects.params_as(e, FoundCityOn).terrain for e in found)


def why_not_found_at(game: Game, player: Player, space: Hex) -> str | None:
    """The rule that stops `player` from founding a city on `space` (the settler aside), or None."""
    if reason := why_not_city_ground(game, player, space):
        return reason
    if game.enemy_units_at(space, player.index):
        return f"no city can be founded where enemy units stand ({_where(space)})"
    if game.settlements_used(player.index) >= game.rules.game.city.settlement_limit:
        return f"{player.name} has no settlement piece left"
    return None


def why_not_city_ground(game: Game, player: Player, space: Hex) -> str | None:
    """What about the land of `space` itself stops `player` from founding a city there (units and the
    player's settlement pieces aside), or None."""
    terrain = game.terrain(space)
    if terrain is None or game.rules.terrain[terrain].water:
        return f"{_where(space)} is not a land space"
    if not game.rules.terrain[terrain].can_found_city and not _founds_on(game, player, terrain):
        return f"no city can be founded on {game.rules.terrain[terrain].name} ({_where(space)})"
    if space in game.exhausted:
        return f"no city can be founded on exhausted land ({_where(space)})"
    if game.city_at(space) is not None:
        return f"there is already a city at {_where(space)}"
    return None


def _legal_found(game: Game) -> list[Action]:
    if game.actions_left <= 0:
        return []
    player = game.player(game.current)
    # (`why_not_found` of the player's own settlers: only where each stands is left to ask)
    return [
        FoundCity(u.id)
        for u in game.units_of(player.index, SETTLER)
        if u.carrier is None and why_not_found_at(game, player, u.pos) is None and not _barred_settler(game, u)
    ]


def _barred_settler(game: Game, settler: Unit) -> str | None:
    source = settler_barred_by(game, settler.owner, settler.pos)
    return f"a settler within reach of another player's army can't found a city ({source})" if source else None


def settler_barred_by(game: Game, owner: int, space: Hex) -> str:
    """The source of another player's `bar_enemy_settlers` that keeps a settler of `owner` on `space` from
    founding a city or forming a trade route ("" if none): one of that player's army units is near, and no
    army unit, leader or city of `owner` stands with the settler."""
    guarded = game.city_at(space) is not None or any(
        u.owner == owner and (game.is_army(u) or u.kind in civilizations.leader_kinds(game))
        for u in game.units_at(space)
    )
    if guarded:
        return ""
    for other in game.players:
        if other.index == owner:
            continue
        for effect in effects.active(game, other, "bar_enemy_settlers"):
            reach = effects.params_as(effect, BarEnemySettlers).distance
            if any(game.is_army(u) and distance(u.pos, space) <= reach for u in game.units_of(other.index)):
                return effect.source
    return ""


def _check_found(game: Game, action: FoundCity) -> None:
    if game.actions_left <= 0:
        raise RuleError("no main actions left this turn")
    reason = why_not_found(game, game.unit(action.settler))
    if reason:
        raise RuleError(reason)


@rule(FoundCity, legal=_legal_found, check=_check_found)
def found_city(game: Game, action: FoundCity) -> None:
    settler = game.unit(action.settler)
    assert settler is not None  # checked: why_not_found refuses a missing settler
    spend_main_action(game)
    game.units.remove(settler)
    found_city_at(game, game.player(settler.owner), settler.pos)


def found_city_at(game: Game, player: Player, space: Hex) -> None:
    game.cities.append(City(game.new_id(), player.index, space, game.rules.game.city.new_city_mood))
    log.say(game, "city.founded", player.index, space=_where(space))
    fire(game, "city_founded", player=player.index, city=game.cities[-1].id)


# ------------------------------------------------------------------ collect


def _collect_effects(game: Game, city: City) -> list[CollectYield]:
    """The parameters of the `collect_yield` effects the city's owner has there."""
    owner = game.player(city.owner)
    held = effects.active(game, owner, "collect_yield", at=city.pos)
    return [effects.params_as(e, CollectYield) for e in held] if held else []  # (empty for most cities)


def _facing_yields(game: Game, city: City) -> list[str]:
    """What the sea space a Port faces may give instead (from the city's sea-facing buildings)."""
    return [
        r
        for b in city.buildings
        if game.rules.buildings[b].needs_sea and game.building_works(city, b)
        for r in game.rules.buildings[b].facing_sea_yields
    ]


def in_pirate_zone(game: Game, space: Hex) -> bool:
    zone = {space, *game.board_neighbors(space)}
    return any(u.owner == PIRATE and u.pos in zone for u in game.units)


def why_not_collect_from(game: Game, city: City, space: Hex) -> str | None:
    """Why `city` cannot collect from `space` at all (blocked, out of reach or yielding nothing)."""
    if space != city.pos and space not in game.board_neighbors(city.pos):
        return f"{_where(space)} is neither the city's space nor next to it"
    return _why_space_unusable(game, city, space)


def _why_space_unusable(game: Game, city: City, space: Hex) -> str | None:
    blocked = _why_blocked(game, city, space)
    if blocked:
        return blocked
    if not _space_yields(game, city, space):
        return f"{_where(space)} gives nothing to collect"
    return None


class _Occupied(NamedTuple):
    """The spaces where pieces stop `city` collecting: looked up once for all the spaces of a Collect."""

    enemies: set[Hex]  # units of another owner
    cities: set[Hex]
    pirate_zone: set[Hex]  # the pirates' spaces and those next to them: water there gives nothing
    blocked: set[Hex]  # any of the above or exhausted (`_blockage` tells which, if any): most spaces are not

    @classmethod
    def around(cls, game: Game, city: City) -> _Occupied:
        owner = city.owner
        enemies: set[Hex] = set()
        pirates: set[Hex] = set()
        for unit in game.units:  # (one pass for both)
            if unit.owner != owner:
                enemies.add(unit.pos)
                if unit.owner == PIRATE:
                    pirates.add(unit.pos)
        cities = {c.pos for c in game.cities}
        blocked = enemies | cities
        blocked.update(game.exhausted)
        if not pirates:  # (much of the game: no pirate zone to work out)
            return cls(enemies, cities, pirates, blocked)
        zone = set(pirates)
        for pirate in pirates:
            zone.update(game.board_neighbors(pirate))
        blocked.update(zone)  # (its land too: fewer spaces are asked about than the zone has)
        return cls(enemies, cities, zone, blocked)


_BLOCKAGES = {  # what `_blockage` finds -> the reason given, of the space's label
    "unexplored": "{} is not explored",
    "enemies": "enemy units block collecting from {}",
    "city": "another city blocks collecting from {}",
    "exhausted": "{} is exhausted land",
    "pirates": "pirates block collecting from {}",
}


def _why_blocked(game: Game, city: City, space: Hex, occupied: _Occupied | None = None) -> str | None:
    """What stops anyone collecting from `space` for `city` (units, cities, exhaustion, pirates)."""
    found = _blockage(game, city, space, occupied or _Occupied.around(game, city))
    return None if found is None else _BLOCKAGES[found].format(_where(space))


def _blockage(game: Game, city: City, space: Hex, occupied: _Occupied) -> str | None:
    """The kind of `_BLOCKAGES` on `space`, or None."""
    terrain = game.terrain(space)
    if terrain is None:
        return "unexplored"
    return _occupation(game, city, space, terrain, occupied)


def _occupation(game: Game, city: City, space: Hex, terrain: str, occupied: _Occupied) -> str | None:
    """The kind of `_BLOCKAGES` pieces or exhaustion make on the revealed `space` (of `terrain`), or None:
    the listings ask this of every space near a city that is in `occupied.blocked`."""
    if space not in occupied.blocked:
        return None
    if space in occupied.enemies:
        return "enemies"
    if space != city.pos and space in occupied.cities:
        return "city"
    if space in game.exhausted:
        return "exhausted"
    if space in occupied.pirate_zone and game.rules.terrain[terrain].water:
        return "pirates"
    return None


def _space_yields(game: Game, city: City, space: Hex) -> list[str]:
    """What one unblocked space may give: its terrain, advance effects, a Port facing it."""
    terrain = game.terrain(space)
    assert terrain is not None, f"{_where(space)} is not revealed"  # cities collect from revealed spaces
    return _yields_of(game, city, space, terrain, _collect_effects(game, city))


def _yields_of(game: Game, city: City, space: Hex, terrain: str, boosts: list[CollectYield]) -> list[str]:
    options: list[str] = list(game.rules.terrain[terrain].yields)
    for effect in boosts:
        if effect.terrain == terrain and not (
            effect.port_space_first and _usable_port_space_elsewhere(game, city, space)
        ):
            options += effect.resources
    if space == city.port_space:
        options += _facing_yields(game, city)
    return options if len(options) < 2 else list(dict.fromkeys(options))  # (most spaces give one resource)


def _usable_port_space_elsewhere(game: Game, city: City, space: Hex) -> bool:
    """The city's Port faces another space than `space`, and nothing blocks collecting there."""
    port = city.port_space
    return port is not None and port != space and _blockage(game, city, port, _Occupied.around(game, city)) is None


def collect_choices(
    game: Game,
    city: City,
    occupied: _Occupied | None = None,
    boosts: list[CollectYield] | None = None,
    by_terrain: dict[str, list[str]] | None = None,
) -> dict[Hex, list[str]]:
    """Every space next to (or under) the city it may collect from, with what each may give."""
    spaces = (city.pos, *game.board_neighbors(city.pos))
    return _usable_yields(game, city, spaces, occupied, boosts, by_terrain)


def collect_choices_of(game: Game, cities: Sequence[City]) -> list[dict[Hex, list[str]]]:
    """`collect_choices` of each of one owner's `cities`, with what blocks collecting and what each
    terrain gives looked up once for all of them (a computer player values every city of a position)."""
    if not cities:
        return []
    occupied = _Occupied.around(game, cities[0])  # (it depends on the owner alone)
    plain_yields: dict[str, list[str]] = {}  # what a space gives a city without collect effects, by terrain
    found = []
    for city in cities:
        boosts = _collect_effects(game, city)
        found.append(collect_choices(game, city, occupied, boosts, {} if boosts else plain_yields))
    return found


def _usable_yields(
    game: Game,
    city: City,
    spaces: Iterable[Hex],
    occupied: _Occupied | None = None,
    boosts: list[CollectYield] | None = None,
    by_terrain: dict[str, list[str]] | None = None,
    *,
    land_only: bool = False,
) -> dict[Hex, list[str]]:
    """What each of `spaces` (but water ones if `land_only`) that nothing blocks may give the city, but those
    giving nothing. (Most spaces are not in `occupied.blocked`, and most share their terrain with another
    one: both are asked first.)"""
    boosts = _collect_effects(game, city) if boosts is None else boosts
    occupied = occupied or _Occupied.around(game, city)
    by_terrain = {} if by_terrain is None else by_terrain
    found = {}
    port, blocked, terrain_at = city.port_space, occupied.blocked, game.terrain  # (looked up once for the loop)
    for space in spaces:
        terrain = terrain_at(space)
        if terrain is None or (space in blocked and _occupation(game, city, space, terrain, occupied)):
            continue
        if land_only and game.rules.terrain[terrain].water:
            continue
        if space == port:
            yields = _yields_of(game, city, space, terrain, boosts)
        elif terrain in by_terrain:  # (what a space the Port does not face gives depends only on its terrain)
            yields = by_terrain[terrain]
        else:
            yields = by_terrain[terrain] = _yields_of(game, city, space, terrain, boosts)
        if yields:
            found[space] = yields
    return found


def _ring(center: Hex, radius: int) -> list[Hex]:
    """The spaces exactly `radius` away from `center`."""
    q, r = center[0] + DIRECTIONS[4][0] * radius, center[1] + DIRECTIONS[4][1] * radius
    ring = []
    for direction in DIRECTIONS:
        for _ in range(radius):
            ring.append((q, r))
            q, r = q + direction[0], r + direction[1]
    return ring


def far_collect_rule(game: Game, player: Player) -> tuple[Effect, int] | None:
    """The `collect_far` effect a Collect may use now, with how many far spaces it allows."""
    held = effects.active(game, player, "collect_far")
    if not held:  # (most players)
        return None
    usable = [
        e
        for e in held
        if (not effects.params_as(e, CollectFar).once_per_turn or effects.unused_this_turn(player, e))
        and affordable(game, player, far_collect_cost(game, player, e))
    ]
    if not usable:
        return None
    raised = [effects.params_as(e, CollectFarSpaces).spaces for e in effects.active(game, player, "collect_far_spaces")]
    allowed = effects.params_as(usable[0], CollectFar).spaces
    return usable[0], max([MAX_STEPS if allowed is None else allowed, *raised])  # (None: any number)


def far_collect_cost(game: Game, player: Player, effect: Effect) -> dict[str, int]:
    """What a Collect using the `collect_far` effect's far spaces costs the player (nothing with one of its
    `free_with` advances)."""
    params = effects.params_as(effect, CollectFar)
    if not params.cost or any(player.uses(advance) for advance in params.free_with):
        return {}
    return amounts(params.cost)


def far_choices(
    game: Game,
    city: City,
    rule_: tuple[Effect, int] | None = None,
    occupied: _Occupied | None = None,
    boosts: list[CollectYield] | None = None,
    by_terrain: dict[str, list[str]] | None = None,
) -> dict[Hex, list[str]]:
    """Land spaces a `collect_far` effect (`rule_`, when the caller has it) lets the city collect from
    now, with what each may give."""
    rule_ = rule_ or far_collect_rule(game, game.player(city.owner))
    if rule_ is None:
        return {}
    spaces = _ring(city.pos, effects.params_as(rule_[0], CollectFar).distance)
    return _usable_yields(game, city, spaces, occupied, boosts, by_terrain, land_only=True)


def _space_limits(
    game: Game, city: City, boosts: list[CollectYield] | None = None
) -> list[tuple[str, set[Payable], int]]:
    """(terrain, limited yields, most spaces) of each `collect_yield` effect with `max_spaces`."""
    return [
        (e.terrain, set(e.resources) - set(game.rules.terrain[e.terrain].yields), e.max_spaces)
        for e in (_collect_effects(game, city) if boosts is None else boosts)
        if e.max_spaces is not None
    ]


def _over_limit(
    game: Game, city: City, picks: tuple[Pick, ...], limits: list[tuple[str, set[Payable], int]] | None = None
) -> str | None:
    """A `max_spaces` effect (Fishing: one sea space) used on too many spaces, if any."""
    for terrain, limited, most in _space_limits(game, city) if limits is None else limits:
        used = sum(1 for space, what in picks if what in limited and game.terrain(space) == terrain)
        if used > most:
            return (
                f"{', '.join(sorted(limited))} may be collected from at most {most} "
                f"{game.rules.terrain[terrain].name} space(s)"
            )
    return None


class _CollectLook(NamedTuple):
    """What a Collect listing works out once for all the cities of their owner."""

    occupied: _Occupied
    stretch: tuple[int, bool]  # `collect_stretch`
    far_rule: tuple[Effect, int] | None  # `far_collect_rule`
    # What a space gives by its terrain alone (the `by_terrain` of `_usable_yields`), shared by the cities
    # that have no `collect_yield` effect: for them it depends on nothing else.
    plain_yields: dict[str, list[str]]

    @classmethod
    def of(cls, game: Game, city: City) -> _CollectLook:
        player = game.player(city.owner)
        occupied = _Occupied.around(game, city)
        return cls(occupied, collect_stretch(game, player), far_collect_rule(game, player), {})


def collect_options(game: Game, city: City, look: _CollectLook | None = None) -> list[tuple[Pick, ...]]:
    """Every legal set of picks, in board order: as many spaces as the city may collect from.

    The city must collect its mood-modified size, or from every space it can if fewer. Using
    far spaces (`collect_far`) is the player's choice, so those sets are listed besides.
    `look` may be shared by the cities of one owner. Each effect is looked up once per city.
    """
    sources = _PickSources.of(game, city, look or _CollectLook.of(game, city))
    options = _pick_sets(game, city, sources.near, {}, 0, sources.limits, sources.size, sources.repeat)
    if sources.far:
        options += _pick_sets(
            game, city, sources.near, sources.far, sources.max_far, sources.limits, sources.size, sources.repeat
        )
    return options


def _can_collect(game: Game, city: City, look: _CollectLook) -> bool:
    """Whether `collect_options` lists anything for the city, without listing the sets."""
    sources = _PickSources.of(game, city, look)
    # `_pick_sets` lists the largest sets within the `max_spaces` limits, down to a single pick, and every
    # limit allows at least one space: some set is listed exactly when there is a space to pick (a near one,
    # or a far one where far spaces may be used).
    return sources.size > 0 and bool(sources.near or (sources.far and sources.max_far > 0))


class _PickSources(NamedTuple):
    """What one city's pick sets are made of (the arguments of `_pick_sets`)."""

    near: dict[Hex, list[str]]
    far: dict[Hex, list[str]]
    max_far: int  # how many far spaces one set may use
    limits: list[tuple[str, set[Payable], int]]
    size: int
    repeat: bool

    @classmethod
    def of(cls, game: Game, city: City, look: _CollectLook) -> _PickSources:
        boosts = _collect_effects(game, city)
        by_terrain = {} if boosts else look.plain_yields  # shared by the near and the far spaces
        near = collect_choices(game, city, look.occupied, boosts, by_terrain)
        extra, repeat = look.stretch
        far_rule = look.far_rule
        far = far_choices(game, city, far_rule, look.occupied, boosts, by_terrain) if far_rule else {}
        max_far = far_rule[1] if far_rule else 0
        size = working_size(game, city) + extra
        limits = _space_limits(game, city, boosts) if boosts else []
        return cls(near, far, max_far, limits, size, repeat)


def _pick_sets(
    game: Game,
    city: City,
    near: dict[Hex, list[str]],
    far: dict[Hex, list[str]],
    max_far: int,
    space_limits: list[tuple[str, set[Payable], int]],
    size: int,
    repeat: bool,
) -> list[tuple[Pick, ...]]:
    """The largest legal sets of at most `size` picks from `near` plus 1..max_far spaces of `far` (none if
    no `far`); a space may be picked more than once if `repeat`."""
    yields = {**near, **far} if far else near
    limits = _counted_picks(game, yields, space_limits) if space_limits else []
    near_spaces = sorted(near)
    if not (far or repeat or limits):  # the common case: every set of as many near spaces as may be taken
        return _near_sets(near, near_spaces, min(size, len(near_spaces)))
    picks_at = {space: [(space, what) for what in gives] for space, gives in yields.items()}
    far_spaces = sorted(far)
    far_counts = range(1, min(max_far, len(far_spaces)) + 1) if far else range(0, 1)
    most = size if repeat and near_spaces else len(near_spaces) + far_counts[-1]
    near_sets = combinations_with_replacement if repeat else combinations
    for count in range(min(size, most), 0, -1):
        found = [
            picks
            for n_far in far_counts
            if n_far <= count
            for far_part in combinations(far_spaces, n_far)
            for near_part in near_sets(near_spaces, count - n_far)
            for picks in product(*map(picks_at.__getitem__, sorted(near_part + far_part)))
            if (not repeat or list(picks) == sorted(picks))  # a space taken twice: one order only
            and all(sum(map(counted.__contains__, picks)) <= allowed for counted, allowed in limits)
        ]
        if found:
            return found
    return []


def _near_sets(near: dict[Hex, list[str]], near_spaces: list[Hex], count: int) -> list[tuple[Pick, ...]]:
    """Every set of `count` of the `near_spaces` (sorted), with each pick each space of it may give."""
    if count <= 0:
        return []
    if max(map(len, near.values())) == 1:  # (one pick per space: no product to take; none gives nothing)
        return list(combinations([(space, near[space][0]) for space in near_spaces], count))
    picks_at = {space: [(space, what) for what in gives] for space, gives in near.items()}
    return [
        picks for chosen in combinations(near_spaces, count) for picks in product(*map(picks_at.__getitem__, chosen))
    ]


def _counted_picks(
    game: Game, yields: dict[Hex, list[str]], space_limits: list[tuple[str, set[Payable], int]]
) -> list[tuple[set[Pick], int]]:
    """For each `max_spaces` limit some pick of `yields` could break: the picks it counts (those
    `_over_limit` counts), and how many of them it allows."""
    found = []
    for terrain, limited, allowed in space_limits:
        counted: set[Pick] = set()
        for space, gives in yields.items():
            if game.terrain(space) == terrain:
                counted.update((space, what) for what in gives if what in limited)
        if counted:
            found.append((counted, allowed))
    return found


def _why_bad_picks(game: Game, city: City, picks: tuple[Pick, ...]) -> str | None:
    options = collect_options(game, city)
    if picks in options:
        return None
    if not options:
        return f"the city at {_where(city.pos)} has no space to collect from"
    spaces = [s for s, _ in picks]
    if len(set(spaces)) != len(spaces) and not collect_stretch(game, game.player(city.owner))[1]:
        return "each space can be collected from only once per activation"
    far = far_choices(game, city)
    for space, what in picks:
        if space not in far:
            reason = why_not_collect_from(game, city, space)
            if reason:
                return reason
        if what not in _space_yields(game, city, space):
            return f"{_where(space)} cannot give {what}"
    far_used = sum(1 for s in spaces if s in far)
    if far_used:
        far_rule = far_collect_rule(game, game.player(city.owner))
        assert far_rule is not None  # far spaces come from a collect_far rule
        source, allowed = far_rule
        if far_used > allowed:
            return f"{source.source} lets a Collect use at most {allowed} far space(s)"
    reason = _over_limit(game, city, picks)
    if reason:
        return reason
    same_kind = [o for o in options if any(s in far for s, _ in o) == bool(far_used)]
    if same_kind and len(picks) != len(same_kind[0]):
        required = len(same_kind[0])
        return (
            f"the city at {_where(city.pos)} must collect from {required} space(s): its mood-modified "
            f"size is {working_size(game, city)}, and it collects from as many spaces as it can"
        )
    return "list the picks in board order (as the legal actions do)"


def collect_stretch(game: Game, player: Player) -> tuple[int, bool]:
    """What a card forcing this Collect allows: (spaces beyond the city's size, whether a space may
    be taken from more than once)."""
    return effects.memo(game, player, _stretch)  # (only what the player holds decides it: asked at every listing)


def _stretch(game: Game, player: Player, _about: object) -> tuple[int, bool]:
    extra = sum(
        effects.params_as(e, CollectExtraSpaces).spaces for e in effects.active(game, player, "collect_extra_spaces")
    )
    return extra, effects.has(game, player, "collect_same_space")


def collect_action_forbidden(game: Game, player: Player) -> str | None:
    """Why no Collect action may be taken this turn (an exclusive `free_collect` was used), or None."""
    for effect in effects.active(game, player, "free_collect"):
        if effects.params_as(effect, FreeCollect).exclusive and not effects.unused_this_turn(player, effect):
            return f"{player.name} used {effect.source} this turn and may not take a Collect action"
    return None


def _collecting_cities(game: Game) -> tuple[list[City], _CollectLook | None]:
    """The cities that may be activated to Collect now, with what their listings share."""
    player = game.player(game.current)
    needs_action, cost = collect_price(game, player)
    if not needs_action:
        cities = [c for c in game.cities_of(game.current) if not c.angry_activation]
    else:
        cities = _activatable_cities(game)
    if not cities or collect_action_forbidden(game, player) or not affordable(game, player, cost):
        return [], None
    return cities, _CollectLook.of(game, cities[0])  # the same for every city of one owner


def _collect_pricing(game: Game, player: Player) -> tuple[Effect, CollectPrice] | None:
    found = effects.active(game, player, "collect_price")
    return (found[0], effects.params_as(found[0], CollectPrice)) if found else None


def collect_price(game: Game, player: Player) -> tuple[bool, dict[str, int]]:
    """What a Collect action costs the player now: (whether it uses an action, what it costs besides).
    `collect_price` (the 2012 Economic Liberty): the first Collect of a turn is free of its action, each later
    one costs `later_cost` too; gained after a Collect this turn, it applies from the next turn."""
    pricing = _collect_pricing(game, player)
    if pricing is None:
        return True, {}
    effect, params = pricing
    if not effects.unused_this_turn(player, effect):  # its free Collect is taken: the later ones cost more
        return True, amounts(params.later_cost)
    if COLLECT_ACTION_TAKEN in player.used_this_turn:  # a Collect before it was held: not this turn
        return True, {}
    return not params.first_free, {}


def _legal_collect(game: Game) -> list[Action]:
    cities, look = _collecting_cities(game)
    return [Collect(c.id, picks) for c in cities for picks in collect_options(game, c, look)]


def _any_collect(game: Game) -> bool:
    cities, look = _collecting_cities(game)
    return look is not None and any(_can_collect(game, c, look) for c in cities)


def _check_collect(game: Game, action: Collect) -> None:
    player = game.player(game.current)
    needs_action, cost = collect_price(game, player)
    city = _activated_city(game, action.city) if needs_action else game.city(action.city)
    if city is None or city.owner != player.index:
        raise RuleError(f"{player.name} can only activate their own cities")
    reason = why_cannot_activate(game, city) or collect_action_forbidden(game, player)
    if not reason and not affordable(game, player, cost):
        reason = f"a further Collect this turn costs {describe(cost)}, which {player.name} cannot pay"
    reason = reason or _why_bad_picks(game, city, action.picks)
    if reason:
        raise RuleError(reason)


@rule(Collect, legal=_legal_collect, check=_check_collect, exists=_any_collect)
def collect(game: Game, action: Collect) -> None:
    city = game.city(action.city)
    assert city is not None  # checked
    player = game.player(city.owner)
    needs_action, cost = collect_price(game, player)
    pricing = _collect_pricing(game, player)
    if needs_action:
        spend_main_action(game)
    elif pricing is not None:
        effects.mark_used(player, pricing[0])
        log.say(game, "city.collect_no_action", player.index, source=pricing[0].source)
    if cost:
        paid = payment_for(game, player, cost)
        pay(player, paid)
        log.say(game, "city.collect_paid", player.index, payment=log.things(paid))
    player.used_this_turn.append(COLLECT_ACTION_TAKEN)
    perform_collect(game, city, action.picks)


def perform_collect(game: Game, city: City, picks: tuple[Pick, ...]) -> None:
    """Collect validated `picks` in `city`, with the effects that follow a Collect."""
    player = game.player(city.owner)
    begin_activation(game, city)
    ballcourts.spend_size_bonus(game, city)
    # (The picks are legal: a space beyond the city's neighbours is a far one, at least 2 away.)
    if any(distance(space, city.pos) > 1 for space, _ in picks):
        far_rule = far_collect_rule(game, player)
        assert far_rule is not None  # far spaces come from a collect_far rule
        effects.mark_used(player, far_rule[0])
        cost = far_collect_cost(game, player, far_rule[0])
        if cost:  # paid before collecting; gold stands in only where nothing else can pay
            paid = payment_for(game, player, cost)
            pay(player, paid)
            log.say(game, "city.collect_far_paid", player.index, payment=log.things(paid), source=far_rule[0].source)
    wanted = Counter(what for _, what in picks)
    kept = gain(game, player, dict(wanted))
    lost = {k: wanted[k] - kept[k] for k in wanted if wanted[k] > kept[k]}
    what, space = log.things(kept) or "nothing", _where(city.pos)
    if lost:
        log.say(game, "city.collects_over_limit", player.index, what=what, space=space, lost=log.things(lost))
    else:
        log.say(game, "city.collects", player.index, what=what, space=space)
    _collect_bonuses(game, player, city, wanted)
    _settler_bonuses(game, player, city, picks)
    _offer_collect_exchanges(game, player, wanted)
    finish_activation(game, city)


def _collect_bonuses(game: Game, player: Player, city: City, collected: Counter[str]) -> None:
    for effect in effects.active(game, player, "collect_bonus", at=city.pos):
        params = effects.params_as(effect, CollectBonus)
        if params.building is not None and params.building not in city.buildings:
            continue
        if any(collected[what] < least for what, least in params.min_collected.items()):
            continue
        if any(collected[what] > most for what, most in params.max_collected.items()):
            continue
        if params.once_per_turn:
            if not effects.unused_this_turn(player, effect):
                continue
            effects.mark_used(player, effect)
        log.gained(game, player, gain(game, player, amounts(params.gain)), effect.source)


def _settler_bonuses(game: Game, player: Player, city: City, picks: tuple[Pick, ...]) -> None:
    """`collect_settler_bonus`: collected spaces of the terrain where the holder's settlers stand."""
    settled = {u.pos for u in game.units_of(player.index, SETTLER) if u.carrier is None}
    for effect in effects.active(game, player, "collect_settler_bonus"):
        params = effects.params_as(effect, CollectSettlerBonus)
        spaces = {space for space, _ in picks if space != city.pos and space in settled}
        times = min(params.max_spaces, sum(1 for space in spaces if game.terrain(space) == params.terrain))
        if times:
            kept = gain(game, player, {k: v * times for k, v in amounts(params.gain).items()})
            log.gained(game, player, kept, effect.source)


def _offer_collect_exchanges(game: Game, player: Player, collected: Counter[str]) -> None:
    for effect in effects.active(game, player, "collect_exchange"):
        params = effects.params_as(effect, CollectExchange)
        if any(collected[k] < v for k, v in params.when_collected.items()):
            continue
        have = holdings(player)
        if any(have[k] < v for k, v in params.give.items()):
            continue
        game.pending.append(
            EffectChoiceDecision(
                player=player.index,
                source=effect.source,
                effect=effect.name,
                options=["exchange", "decline"],
                amounts=[{**{k: -v for k, v in params.give.items()}, **amounts(params.get)}, {}],
            )
        )


# ------------------------------------------------------------------ construct


def building_cost(game: Game) -> dict[str, int]:
    return amounts(game.rules.game.building_cost)


def _discount(game: Game, player: Player, building: str) -> Effect | None:
    """The `building_discount` effect that applies to constructing `building` now, if any."""
    for effect in effects.active(game, player, "building_discount"):
        params = effects.params_as(effect, BuildingDiscount)
        if params.building in (None, building) and (
            not params.once_per_turn or effects.unused_this_turn(player, effect)
        ):
            return effect
    return None


def building_price(game: Game, player: Player, building: str) -> dict[str, int]:
    """What constructing `building` costs the player now."""
    cost = building_cost(game)
    discount = _discount(game, player, building)
    if discount is not None:
        cost = {k: v for k, v in cost.items() if k not in effects.params_as(discount, BuildingDiscount).waive}
    return with_substitutes(game, player, "construct", cost)


def construct_ban(game: Game, player: Player) -> str | None:
    """Why a lasting event bars `player` from building (Constructing or building a wonder), or None."""
    card = game.construct_ban
    if card is None or _protected(game, player, card):
        return None
    if all(_protected(game, p, card) for p in game.players):
        return None  # the ban ends once every player is protected
    return f"{card}: nobody without protection from it may build"


def _protected(game: Game, player: Player, card: str) -> bool:
    return any(
        card in effects.params_as(e, EventProtection).events for e in effects.active(game, player, "event_protection")
    )


def why_not_construct(game: Game, city: City, building: str, port_space: Hex | None = None) -> str | None:
    """The rule that stops `building` in `city` (activation and cost aside), or None."""
    if building not in game.rules.buildings:
        return f"there is no building called {building!r}"
    return _why_city_cannot_build(game, city) or _why_not_building(game, city, building, port_space)


def _why_city_cannot_build(game: Game, city: City) -> str | None:
    """What stops any building in `city` (activation and cost aside), or None."""
    player = game.player(city.owner)
    return construct_ban(game, player) or _why_city_cannot_grow(game, city, len(game.cities_of(player.index)))


def _why_city_cannot_grow(game: Game, city: City, cities_owned: int) -> str | None:
    """What stops `city`, whose owner owns `cities_owned` cities, from growing by a building (a ban aside)."""
    if effective_mood(game, city) == "angry":
        return f"no building can be constructed in an angry city ({_where(city.pos)})"
    size = game.city_size(city)
    if size < largest_city_size(game, cities_owned):
        return None
    if size >= game.rules.game.city.max_size:
        return f"the city at {_where(city.pos)} has reached the maximum size {game.rules.game.city.max_size}"
    return f"a city cannot grow larger than the number of cities {game.player(city.owner).name} owns"


def largest_city_size(game: Game, cities_owned: int) -> int:
    """The size no city of a player owning `cities_owned` cities may grow beyond: the number of those
    cities, and the largest size."""
    return min(cities_owned, game.rules.game.city.max_size)


def _why_not_building(game: Game, city: City, building: str, port_space: Hex | None) -> str | None:
    """What stops this building, facing `port_space`, in a city that may build (cost aside), or None."""
    player = game.player(city.owner)
    spec = game.rules.buildings[building]
    if building in city.buildings:
        return f"the city at {_where(city.pos)} already has a {spec.name}"
    if not player.uses(spec.advance):
        return f"a {spec.name} requires {spec.advance}"
    if game.pieces_in_colour(player.index, building) >= spec.limit:
        return f"{player.name} has no {spec.name} piece left"
    if spec.needs_sea:
        if port_space not in game.board_neighbors(city.pos) or not game.is_water(port_space):
            return f"a {spec.name} must face a sea space next to its city"
    elif port_space is not None:
        return f"only a building that faces the sea takes a sea space; a {spec.name} does not"
    return None


def placements(game: Game, city: City, building: str) -> list[Hex | None]:
    """Where a building may face: each adjacent sea space for a Port, else nowhere."""
    if not game.rules.buildings[building].needs_sea:
        return [None]
    return [s for s in game.board_neighbors(city.pos) if game.is_water(s)]


def _legal_construct(game: Game) -> list[Action]:
    return list(_constructions(game))


def _any_construct(game: Game) -> bool:
    return any(True for _ in _constructions(game))


def _constructions(game: Game) -> Iterator[Construct]:
    """The legal Construct actions, in listing order, worked out one at a time (asking whether there is
    any stops at the first)."""
    return constructions(game, _activatable_cities(game))


def constructions(game: Game, activatable: list[City], extra: dict[str, int] | None = None) -> Iterator[Construct]:
    """The Construct actions of the current player in the `activatable` cities, the building's price payable
    with `extra` on top of it (an ability's cost)."""
    player = game.player(game.current)
    if not activatable or construct_ban(game, player):
        return
    # (`_why_city_cannot_build` of each, the ban and the number of cities asked once for all)
    owned = len(game.cities_of(player.index))
    cities = [city for city in activatable if _why_city_cannot_grow(game, city, owned) is None]
    if not cities:
        return
    buildings = [  # (the checks of `_why_not_building` that do not depend on the city)
        building
        for building, spec in game.rules.buildings.items()
        if player.uses(spec.advance) and game.pieces_in_colour(player.index, building) < spec.limit
    ]
    payable: dict[str, bool] = {}  # by building: its price is worked out only for a building some city may take
    for city in cities:
        for building in buildings:
            if building in city.buildings:  # (its last check: `placements` offers only where it may face)
                continue
            for facing in placements(game, city, building):
                if building not in payable:
                    price = plus_costs(building_price(game, player, building), extra or {})
                    payable[building] = affordable(game, player, price, token_swap=False)
                if payable[building]:
                    yield Construct(city.id, building, facing)


def _check_construct(game: Game, action: Construct) -> None:
    city = _activated_city(game, action.city)
    reason = why_not_construct(game, city, action.building, action.port_space)
    if reason:
        raise RuleError(reason)


@rule(Construct, legal=_legal_construct, check=_check_construct, exists=_any_construct)
def construct(game: Game, action: Construct) -> None:
    city = game.city(action.city)
    assert city is not None  # checked
    player = game.player(city.owner)
    payment = settle(game, action, building_price(game, player, action.building))
    if payment is None:
        return
    spend_main_action(game)
    build(game, city, action.building, action.port_space, payment)


def build(game: Game, city: City, building: str, port_space: Hex | None, payment: dict[str, int]) -> None:
    """Construct `building` in `city` (checked), paying `payment`: the city is activated unless the rules say not."""
    player = game.player(city.owner)
    pay_for_building(game, player, building, payment)
    activates = not _without_activation(game, player, building)
    if activates:
        begin_activation(game, city)
    place_building(game, city, building, port_space)
    _offer_settler(game, player, city)
    if activates:
        finish_activation(game, city)


def _without_activation(game: Game, player: Player, building: str) -> bool:
    """`construct_without_activation` (the 2012 Great Mausoleum): constructing `building` activates no city."""
    return any(
        effects.params_as(e, ConstructWithoutActivation).building == building
        for e in effects.active(game, player, "construct_without_activation")
    )


def _offer_settler(game: Game, player: Player, city: City) -> None:
    """`construct_settler` (the 2012 Sanitation): the player may pay to place a settler in the city just grown."""
    for effect in effects.active(game, player, "construct_settler"):
        if _supply_left(game, player.index, SETTLER) <= 0:
            return
        cost = amounts(effects.params_as(effect, ConstructSettler).cost)
        ways = options_for_any(game, player, [cost])
        if ways:
            where = _where(city.pos)
            game.pending.append(
                EffectChoiceDecision(
                    player=player.index,
                    source=effect.source,
                    effect=effect.name,
                    options=[*(f"pay {describe(way)}: a settler at {where}" for way in ways), "decline"],
                    amounts=[*({k: -v for k, v in way.items()} for way in ways), {}],
                )
            )
            return


def take_settler(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    """Pay the chosen way and place the settler (`_offer_settler`)."""
    if not decision.amounts[decision.options.index(option)]:
        return
    player = game.player(decision.player)
    paid = {k: -v for k, v in decision.amounts[decision.options.index(option)].items()}
    pay(player, paid)
    where = option.rsplit(" at ", 1)[1]
    game.units.append(Unit(game.new_id(), player.index, SETTLER, label_to_hex(where)))
    log.say(game, "city.settler_bought", player.index, payment=log.things(paid), space=where, source=decision.source)
    fire(game, "settler_bought", player=player.index, units=[SETTLER])


def pay_for_building(game: Game, player: Player, building: str, payment: dict[str, int]) -> None:
    """Pay `payment` (one of the ways to pay `building_price`), using up a once-per-turn discount."""
    discount = _discount(game, player, building)
    pay(player, payment)
    if discount is not None:
        waived = effects.params_as(discount, BuildingDiscount)
        log.say(game, "city.building_discount", player.index, waived=listed(waived.waive), source=discount.source)
        if waived.once_per_turn:
            effects.mark_used(player, discount)


def place_building(game: Game, city: City, building: str, port_space: Hex | None = None) -> None:
    """The owner's piece goes into the city; what building it brings follows."""
    player = game.player(city.owner)
    city.buildings[building] = player.index
    if port_space is not None:
        city.port_space = port_space
    spec = game.rules.buildings[building]
    log.say(game, "city.builds", player.index, building=with_article(spec.name), space=_where(city.pos))
    for effect in spec.on_built:
        run_on_built(game, player, effect)
    advances.offer_advance_on_build(game, player, building)


def run_on_built(game: Game, player: Player, effect: dict[str, Any]) -> None:
    """Run one `on_built` effect of buildings.yaml."""
    ((kind, value),) = effect.items()
    if kind == "gain":
        log.gained(game, player, gain(game, player, value))
    elif kind == "draw":
        for key, count in value.items():
            for _ in range(count):
                draw_into_hand(game, player, CARD_DECKS[key])
            log.say(game, "draws", player.index, cards=counted(count, f"{CARD_DECKS[key]} card"))
    elif kind == "gain_choice":
        game.pending.append(TokenChoiceDecision(player=player.index, options=list(value)))
    else:
        raise ValueError(f"buildings.yaml: unknown on_built effect {kind!r}")


def _legal_token_choice(game: Game) -> list[Action]:
    decision = game.pending[-1]
    assert isinstance(decision, TokenChoiceDecision)
    return [ChooseToken(t) for t in decision.options]


@rule(ChooseToken, legal=_legal_token_choice, answers=(TokenChoiceDecision,))
def choose_token(game: Game, action: ChooseToken) -> None:
    decision = game.pending[-1]
    assert isinstance(decision, TokenChoiceDecision)
    if action.token not in decision.options:
        raise RuleError(f"choose one of: {', '.join(decision.options)}")
    game.pending.pop()
    player = game.player(decision.player)
    log.gained(game, player, gain(game, player, {action.token: decision.amount}))


# ------------------------------------------------------------------ recruit


def recruitable_kinds(game: Game, city: City, has_leaders: bool | None = None) -> list[str]:
    """Unit kinds this city can recruit (building requirements, leaders left), in sorted order.
    `has_leaders`: whether the owner has a leader left to recruit, when the caller knows."""
    if has_leaders is None:
        has_leaders = civilizations.leader_to_recruit(game, game.player(city.owner))
    unbuilt = _no_building_needed(game, city)
    allowed = allowed_units(game, city) if game.rules.units_only_where_allowed else frozenset()
    kinds = [
        kind
        for kind, spec in game.rules.units.items()
        if spec.requires_building is None or game.building_works(city, spec.requires_building) or kind in unbuilt
        if not spec.naval or city.port_space is not None
        if not spec.leader or has_leaders
        if not spec.only_where_allowed or kind in allowed
    ]
    kinds.sort()
    return kinds


def allowed_units(game: Game, city: City) -> frozenset[str]:
    """The unit kinds `may_build_units` lets this city recruit: its owner's effects (every city of theirs) and
    those of its city-pieces that work for its owner (a Market)."""
    granted = effects.active(game, game.player(city.owner), MAY_BUILD_UNITS, at=city.pos)
    for building in city.buildings:
        if game.building_works(city, building):
            granted = [*granted, *game.rules.piece_effects(building, MAY_BUILD_UNITS)]
    return frozenset(kind for effect in granted for kind in effects.params_as(effect, MayBuildUnits).units)


def _where_allowed(game: Game, kind: str) -> str:
    """Where the rules let `kind` be recruited, in the players' words: "in a city with a Market"."""
    pieces = [
        with_article(spec.name)
        for key, spec in game.rules.buildings.items()
        if any(
            kind in effects.params_as(e, MayBuildUnits).units for e in game.rules.piece_effects(key, MAY_BUILD_UNITS)
        )
    ]
    return f"in a city with {' or '.join(pieces)}" if pieces else "where an advance allows it"


def _no_building_needed(game: Game, city: City) -> set[str]:
    """The unit kinds a `recruit_without_building` effect lets this city recruit without their building."""
    player = game.player(city.owner)
    kinds = set()
    for effect in effects.active(game, player, "recruit_without_building"):
        params = effects.params_as(effect, RecruitWithoutBuilding)
        if distance(city.pos, civilizations.capital(game, player)) >= params.min_distance_from_capital:
            kinds.add(params.unit)
    return kinds


def _destination(game: Game, city: City, kind: str) -> Hex:
    if not game.rules.units[kind].naval:
        return city.pos
    assert city.port_space is not None  # ships are recruited only in a city with a port
    return city.port_space


def _supply_left(game: Game, owner: int, kind: str) -> int:
    return game.rules.units[kind].limit - len(game.pieces_of(owner, kind))


def reuse_candidates(game: Game, city: City, kind: str) -> list[Unit]:
    """Units of `kind` on the board that a recruit with an empty supply may move to the city.

    Not those already at the destination (that would move nothing), and not a ship carrying
    units (its cargo would be stranded). None where the rules do not reuse units (`reuse_units`).
    """
    if not game.rules.game.reuse_units:
        return []
    destination = _destination(game, city, kind)
    carriers = {u.carrier for u in game.units if u.carrier is not None}
    return [u for u in game.units_of(city.owner, kind) if u.pos != destination and u.id not in carriers]


def _army_room(game: Game, city: City) -> int:
    """How many more army units fit in the city's space under the stacking limit."""
    pos, owner, units = city.pos, city.owner, game.rules.units
    here = sum(1 for u in game.units if u.pos == pos and u.owner == owner and u.carrier is None and units[u.kind].army)
    return game.rules.game.stacking_limit - here


def _room_a_new_leader_makes(game: Game, city: City) -> int:
    """The army room a Recruit with a leader gains: the owner's leader standing in the city leaves before the
    new one is recruited (summary: "removed from the game before recruiting the new one")."""
    pos, owner, units = city.pos, city.owner, game.rules.units
    return sum(
        1
        for u in game.units
        if u.pos == pos and u.owner == owner and u.carrier is None and units[u.kind].leader and units[u.kind].army
    )


def _recruit_capacity(game: Game, city: City, kind: str) -> int:
    """How many of `kind` one recruit can place: pieces left plus pieces that can be reused.

    A leader is never reused: a new one replaces the one on the board.
    """
    if game.rules.units[kind].leader:
        return 1 if civilizations.leader_to_recruit(game, game.player(city.owner)) else 0
    return max(0, _supply_left(game, city.owner, kind)) + len(reuse_candidates(game, city, kind))


def recruit_cost(game: Game, units: tuple[str, ...]) -> dict[str, int]:
    total: dict[str, int] = {}
    for kind in units:
        for item, amount in game.rules.units[kind].cost.items():
            total[item] = total.get(item, 0) + amount
    return total


def _substitutes(game: Game, player: Player) -> tuple[tuple[str, dict[str, int]], ...]:
    """(unit kind, price) of each `recruit_substitute` effect: it may pay for one such unit. The prices
    depend only on what the player holds, so they are remembered (`effects.memo`) and must not be changed."""
    return effects.memo(game, player, _work_out_substitutes)


def _work_out_substitutes(game: Game, player: Player, _about: object) -> tuple[tuple[str, dict[str, int]], ...]:
    subs = []
    for effect in effects.active(game, player, "recruit_substitute"):
        substitute = effects.params_as(effect, RecruitSubstitute)
        unit, price = substitute.unit, substitute.pay
        for change in effects.active(game, player, "recruit_substitute_price"):
            new_price = effects.params_as(change, RecruitSubstitutePrice)
            if new_price.unit == unit:
                price = new_price.pay
        subs.append((unit, with_substitutes(game, player, "recruit_substitute", amounts(price))))
    return tuple(subs)


def recruit_costs(
    game: Game,
    player: Player,
    units: tuple[str, ...],
    subs: tuple[tuple[str, dict[str, int]], ...] | None = None,
    base: dict[str, int] | None = None,
) -> list[dict[str, int]]:
    """The normal cost of `units` (`base`, when the caller has it) first, then every cost with substitutes
    paying for some of them."""
    base = recruit_cost(game, units) if base is None else base
    usable = [s for s in (_substitutes(game, player) if subs is None else subs) if s[0] in units]
    costs = [base]
    for n in range(1, len(usable) + 1):
        for chosen in combinations(usable, n):
            # (one substitute always has its unit among `units`: only several may be too many of a kind)
            if n > 1 and any(sum(1 for u, _ in chosen if u == kind) > units.count(kind) for kind, _ in chosen):
                continue
            cost = dict(base)  # (added up as a Counter would, in the same key order: plain dicts are quicker)
            for unit, price in chosen:
                for payable, amount in game.rules.units[unit].cost.items():
                    cost[payable] = cost.get(payable, 0) - amount
                for item, amount in price.items():
                    cost[item] = cost.get(item, 0) + amount
            total = {k: v for k, v in cost.items() if v > 0}
            if total not in costs:
                costs.append(total)
    return costs


def _replaced_units(game: Game, player: Player, units: tuple[str, ...], payment: dict[str, int]) -> tuple[str, ...]:
    """The kinds among `units` that `payment` pays for by their `recruit_substitute` price (Draft's mood
    token for an infantry): those the payment could not pay for without it. Asked before paying."""
    subs = _substitutes(game, player)
    kinds = sorted({kind for kind, _ in subs if kind in units})
    return tuple(
        kind
        for kind in kinds
        if payment not in options_for_any(game, player, recruit_costs(game, player, units, _without(subs, kind)))
    )


def _without(subs: tuple[tuple[str, dict[str, int]], ...], kind: str) -> tuple[tuple[str, dict[str, int]], ...]:
    return tuple(sub for sub in subs if sub[0] != kind)


def why_not_recruit(game: Game, city: City, units: tuple[str, ...]) -> str | None:
    """The rule that stops recruiting `units` in `city` (activation and cost aside), or None."""
    where = _where(city.pos)
    if not units:
        return "recruit at least one unit"
    if list(units) != sorted(units):
        return "list the recruited unit kinds in sorted order"
    size = working_size(game, city)
    if len(units) > size:
        return f"the city at {where} can recruit at most {size} unit(s) (its mood-modified size)"
    allowed = recruitable_kinds(game, city)
    for kind in units:
        spec = game.rules.units.get(kind)
        if spec is None:
            return f"there is no unit kind {kind!r}"
        if kind not in allowed and spec.only_where_allowed:
            return f"{spec.plural or plural_of(spec.name)} can only be recruited {_where_allowed(game, kind)}"
        if kind not in allowed:
            needed = spec.requires_building
            building = game.rules.buildings[needed].name if needed else "building facing the sea"
            return f"{spec.name} can only be recruited in a city with a {building}"
    armies = sum(1 for kind in units if game.rules.units[kind].army)
    leaving = _room_a_new_leader_makes(game, city) if any(game.rules.units[kind].leader for kind in units) else 0
    if armies > _army_room(game, city) + leaving:
        return f"at most {game.rules.game.stacking_limit} army units may stand in one space"
    for kind, count in Counter(units).items():
        if count > _recruit_capacity(game, city, kind):
            name = game.rules.units[kind].name
            return f"{game.player(city.owner).name} has no {name} piece left to recruit or reuse"
    return None


class _RecruitLook:
    """What a Recruit listing works out once for all the cities of the player: their substitute prices,
    whether a leader is left to recruit, which unit kinds they can pay for one of, and the pieces left in
    their supply."""

    def __init__(self, game: Game, player: Player) -> None:
        self.game, self.player = game, player
        self.subs = _substitutes(game, player)
        self.has_leaders = civilizations.leader_to_recruit(game, player)
        self._alone: dict[str, bool] = {}
        self._supply: dict[str, int] = {}

    def affordable(self, units: tuple[str, ...], cost: dict[str, int]) -> bool:
        """Whether the player can pay for `units` (`cost`: their normal cost), a substitute price included
        (the substitute prices are worked out only when the normal cost cannot be paid)."""
        if affordable(self.game, self.player, cost):
            return True
        if not self.subs:
            return False
        substituted = recruit_costs(self.game, self.player, units, self.subs, cost)[1:]
        return any(affordable(self.game, self.player, way) for way in substituted)

    def affordable_alone(self, kind: str) -> bool:
        if kind not in self._alone:
            self._alone[kind] = self.affordable((kind,), amounts(self.game.rules.units[kind].cost))
        return self._alone[kind]

    def supply_left(self, kind: str) -> int:
        if kind not in self._supply:
            self._supply[kind] = _supply_left(self.game, self.player.index, kind)
        return self._supply[kind]


def recruit_options(game: Game, city: City, look: _RecruitLook | None = None) -> list[tuple[str, ...]]:
    """Every affordable legal unit combination for one city (sorted tuples). `look` may be shared by
    the cities of one owner."""
    look = look or _RecruitLook(game, game.player(city.owner))
    kinds = _affordable_kinds(game, city, look)
    if not kinds:
        return []
    capacity: dict[str, int] = {}  # asked only when the supply runs out: counting reusable pieces scans every unit
    room = _army_room(game, city)
    # (only a combination with a leader makes room: the units are not scanned for one when no leader is listed)
    leaving = _room_a_new_leader_makes(game, city) if any(game.rules.units[kind].leader for kind in kinds) else 0
    most = working_size(game, city)
    found: list[tuple[str, ...]] = []

    def extend(start: int, chosen: tuple[str, ...], chosen_cost: dict[str, int], armies: int) -> None:
        for i in range(start, len(kinds)):
            kind = kinds[i]
            spec = game.rules.units[kind]
            with_leader = spec.leader or any(game.rules.units[k].leader for k in chosen)
            if spec.army and armies >= room + (leaving if with_leader else 0):
                continue
            combo = (*chosen, kind)
            cost = dict(chosen_cost)  # recruit_cost(game, combo), added up along the branch
            for item, amount in spec.cost.items():
                cost[item] = cost.get(item, 0) + amount
            if chosen and not look.affordable(combo, cost):  # (one unit alone is affordable: `kinds`)
                continue
            if not _has_piece(game, city, look, capacity, kind, chosen.count(kind)):
                continue
            found.append(combo)
            if len(combo) < most:
                extend(i, combo, cost, armies + spec.army)

    extend(0, (), {}, 0)
    return found


def _affordable_kinds(game: Game, city: City, look: _RecruitLook) -> list[str]:
    """The kinds the city may recruit that the player can pay for one of. Every way of paying only grows
    as units are added (a substitute price included), so no other kind is in any combination."""
    return [kind for kind in recruitable_kinds(game, city, look.has_leaders) if look.affordable_alone(kind)]


def _has_piece(game: Game, city: City, look: _RecruitLook, capacity: dict[str, int], kind: str, taken: int) -> bool:
    """Whether a piece is left for one more `kind` after `taken` of them (`_recruit_capacity`, kept in
    `capacity`: asked only when the supply runs out, since counting reusable pieces scans every unit)."""
    if taken < look.supply_left(kind) and not game.rules.units[kind].leader:
        return True
    if kind not in capacity:
        capacity[kind] = _recruit_capacity(game, city, kind)
    return taken < capacity[kind]


def _can_recruit(game: Game, city: City, look: _RecruitLook) -> bool:
    """Whether `recruit_options` lists anything for the city: a single unit, without listing the rest."""
    kinds = _affordable_kinds(game, city, look)
    room = _army_room(game, city) if kinds else 0
    units = game.rules.units
    return any(
        (room > 0 or not units[kind].army or (units[kind].leader and _room_a_new_leader_makes(game, city) > 0))
        and _has_piece(game, city, look, {}, kind, 0)
        for kind in kinds
    )


def _legal_recruit(game: Game) -> list[Action]:
    cities = _activatable_cities(game)
    if not cities:
        return []
    player = game.player(game.current)
    look = _RecruitLook(game, player)
    found: list[Action] = []
    for c in cities:
        for units in recruit_options(game, c, look):
            found.append(Recruit(c.id, units))
            if _card_instead_costs(game, player, units):
                found.append(Recruit(c.id, units, card_instead=True))
    return found


def _card_instead(game: Game, player: Player) -> Effect | None:
    """The player's `card_instead_of_substitute` effect they may use now (Shogunate), if any."""
    for effect in effects.active(game, player, "card_instead_of_substitute"):
        if not effects.params_as(effect, CardInsteadOfSubstitute).once_per_turn or effects.unused_this_turn(
            player, effect
        ):
            return effect
    return None


def _card_instead_costs(game: Game, player: Player, units: tuple[str, ...]) -> list[dict[str, int]]:
    """The costs of a Recruit of `units` in which the unit of a `recruit_substitute` is an action card instead,
    that unit paid with the substitute's price (none: the player cannot do so now)."""
    subs = [sub for sub in _substitutes(game, player) if sub[0] in units]
    if not subs or _card_instead(game, player) is None:
        return []
    kind = subs[0][0]
    with_draft = recruit_costs(game, player, units, subs=tuple(subs))[1:]
    without = recruit_costs(game, player, units, subs=_without(tuple(subs), kind))
    return [cost for cost in with_draft if cost not in without and options_for_any(game, player, [cost])]


def _any_recruit(game: Game) -> bool:
    cities = _activatable_cities(game)
    look = _RecruitLook(game, game.player(game.current)) if cities else None
    return look is not None and any(_can_recruit(game, c, look) for c in cities)


def _check_recruit(game: Game, action: Recruit) -> None:
    city = _activated_city(game, action.city)
    reason = why_not_recruit(game, city, action.units)
    if reason:
        raise RuleError(reason)
    if action.card_instead and not _card_instead_costs(game, game.player(city.owner), action.units):
        raise RuleError(
            "an action card is drawn instead of a unit only once a turn with Shogunate, in place of a unit paid "
            "with Draft's price"
        )


@rule(Recruit, legal=_legal_recruit, check=_check_recruit, exists=_any_recruit)
def recruit(game: Game, action: Recruit) -> None:
    city = game.city(action.city)
    assert city is not None  # checked
    player = game.player(city.owner)
    if action.card_instead:
        normal, *substituted = _card_instead_costs(game, player, action.units)
    else:
        normal, *substituted = recruit_costs(game, player, action.units)
    payment = settle(game, action, normal, substituted)
    if payment is None:
        return
    replaced = _replaced_units(game, player, action.units, payment)
    pay(player, payment)
    ballcourts.spend_size_bonus(game, city)
    spend_main_action(game)
    begin_activation(game, city)
    units = _draw_card_instead(game, player, action.units, replaced) if action.card_instead else action.units
    to_reuse = []
    for kind in units:
        if game.rules.units[kind].leader:
            civilizations.recruit_leader(game, player, city)
        elif _supply_left(game, city.owner, kind) > 0:
            game.units.append(Unit(game.new_id(), city.owner, kind, _destination(game, city, kind)))
        else:
            to_reuse.append(kind)
    log.say(
        game,
        "city.recruits",
        player.index,
        units=log.units(game, units) or "no unit",
        space=_where(city.pos),
        payment=log.things(payment) or "nothing",
    )
    if units:  # (an action card alone is no Build of units: 001 › JAPAN, Shogunate)
        _recruit_rewards(game, player, city, units, payment)
        fire(game, "recruited", player=player.index, units=units, paid=dict(payment), replaced=replaced)
    _place_reused(game, city, to_reuse)


def _draw_card_instead(
    game: Game, player: Player, units: tuple[str, ...], replaced: tuple[str, ...]
) -> tuple[str, ...]:
    """`card_instead_of_substitute`: an action card drawn in place of one unit the substitute paid for; the
    units left to place."""
    effect = _card_instead(game, player)
    assert effect is not None and replaced  # (checked: the payment used the substitute)
    if effects.params_as(effect, CardInsteadOfSubstitute).once_per_turn:
        effects.mark_used(player, effect)
    log.say(game, "city.card_instead", player.index, unit=log.units(game, replaced[:1]), source=effect.source)
    draw_into_hand(game, player, "action")
    rest = list(units)
    rest.remove(replaced[0])
    return tuple(rest)


def _recruit_rewards(game: Game, player: Player, city: City, units: tuple[str, ...], paid: dict[str, int]) -> None:
    """`recruit_refund` and `recruit_reward` effects: gained at once, or a choice left pending."""
    for effect in effects.active(game, player, "recruit_refund"):
        refund = effects.params_as(effect, RecruitRefund)
        amount = refund.amount
        kinds: list[str] = [r for r in refund.resources if paid.get(r, 0)]
        if len(kinds) == 1:
            kept = gain(game, player, {kinds[0]: amount})
            if any(kept.values()):
                log.say(game, "city.refund", player.index, what=log.things(kept), source=effect.source)
        elif kinds:
            game.pending.append(
                EffectChoiceDecision(
                    player=player.index,
                    source=effect.source,
                    effect=effect.name,
                    options=list(kinds),
                    amounts=[{r: amount} for r in kinds],
                )
            )
    for effect in effects.active(game, player, "recruit_reward", at=city.pos):
        params = effects.params_as(effect, RecruitReward)
        if not any(_unit_matches(game, kind, params.units) for kind in units):
            continue
        if params.city_building is not None and params.city_building not in city.buildings:
            continue
        if len(params.gain_one_of) == 1:
            log.gained(game, player, gain(game, player, {params.gain_one_of[0]: params.amount}), effect.source)
        else:
            game.pending.append(
                TokenChoiceDecision(player=player.index, options=list(params.gain_one_of), amount=params.amount)
            )


def _unit_matches(game: Game, kind: str, wanted: list[str]) -> bool:
    spec = game.rules.units[kind]
    return kind in wanted or "any" in wanted or ("army" in wanted and spec.army) or ("naval" in wanted and spec.naval)


def _place_reused(game: Game, city: City, kinds: list[str]) -> None:
    """Ask for the next unit to reuse; once all are placed, end the activation."""
    if kinds:
        game.pending.append(
            ReuseUnitDecision(
                player=city.owner,
                city=city.id,
                kind_needed=kinds[0],
                candidates=[u.id for u in reuse_candidates(game, city, kinds[0])],
                remaining=kinds[1:],
            )
        )
        return
    finish_activation(game, city)
    _naval_battle_at_port(game, city)


def _naval_battle_at_port(game: Game, city: City) -> None:
    """Ships recruited onto an enemy ship fight at once and cannot retreat."""
    space = city.port_space
    if space is None:
        return
    here = [u for u in game.units_at(space) if game.is_ship(u)]
    own = [u.id for u in here if u.owner == city.owner]
    if own and any(u.owner != city.owner for u in here):
        if pirate_share.asked_to_share(game, city.owner, own, space, origin=None):
            return
        combat.enter_space(game, city.owner, own, space, origins={}, can_retreat=False)


def _legal_reuse(game: Game) -> list[Action]:
    decision = game.pending[-1]
    assert isinstance(decision, ReuseUnitDecision)
    return [ReuseUnit(u) for u in decision.candidates]


@rule(ReuseUnit, legal=_legal_reuse, answers=(ReuseUnitDecision,))
def reuse_unit(game: Game, action: ReuseUnit) -> None:
    decision = answering(game, ReuseUnitDecision)
    if action.unit not in decision.candidates:
        raise RuleError(f"choose one of your {decision.kind_needed} units away from the city to reuse")
    game.pending.pop()
    city = game.existing_city(decision.city)
    unit = game.existing_unit(action.unit)
    origin = unit.pos
    # The piece comes back as a newly recruited unit: no carrier, no movement restrictions.
    unit.pos = _destination(game, city, unit.kind)
    unit.carrier = None
    unit.immobile = unit.no_attack = unit.moved_this_action = False
    log.say(game, "city.reuses", city.owner, unit=log.unit_name(game, unit.kind), space=_where(origin))
    _place_reused(game, city, decision.remaining)
