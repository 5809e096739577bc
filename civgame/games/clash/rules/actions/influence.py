"""Influence Culture: turn a building within range of one of your cities into your colour.

Range is the starting city's unmodified size, counted in steps through revealed board spaces
(land or sea). Culture tokens extend the range (paid before the roll) or turn a failed roll
into a success (paid after it). Only one attempt per turn may succeed.

Effects applied here: `influence_protection` (a city owner's shield against other players),
`influence_roll_bonus`, `influence_reward`, `influence_from_buildings` (attempts from other players'
cities holding the player's buildings), `influence_barbarian_settlement` (an attempt on the settlement of
a size-1 barbarian city takes the whole city), `influence_settlement_token` (an attempt on a barbarian
settlement puts a culture token under it), `influence_from_settlers` (attempts from settlers, which also
add to their city's range), `influence_army_units` (an attempt on another player's army unit outside cities
makes it the player's, and it fights any other units there at once); `free_attempt` serves the `free_action`
ability.
"""

from __future__ import annotations

from collections.abc import Iterator

from civgame.framework.errors import RuleError
from civgame.framework.wording import Party, with_article
from civgame.games.clash.content import effects
from civgame.games.clash.content.effects import Effect
from civgame.games.clash.content.effects.cards import InfluenceBarbarianSettlement
from civgame.games.clash.content.effects.culture import (
    CityCondition,
    InfluenceProtection,
    InfluenceRangeBonus,
    InfluenceReward,
    InfluenceRollBonus,
)
from civgame.games.clash.content.effects.faith import InfluenceFromSettlers
from civgame.games.clash.core.actions import Action, BoostInfluence, InfluenceCulture
from civgame.games.clash.core.decisions import EffectChoiceDecision, InfluenceBoostDecision
from civgame.games.clash.core.hexgrid import Hex, hex_to_label, label_to_hex
from civgame.games.clash.core.model import BARBARIAN, City, Game, Player, Unit
from civgame.games.clash.core.vocabulary import amounts
from civgame.games.clash.rules.actions.economy_abilities import CHOICE_RULES
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.base.payments import can_pay, describe, gain, pay, payment_for
from civgame.games.clash.rules.base.payments import plus_costs as plus
from civgame.games.clash.rules.base.registry import rule
from civgame.games.clash.rules.base.turns import spend_main_action
from civgame.games.clash.rules.combat import enter_space, unit_placement_cities

NO_COST: dict[str, int] = {}
Source = City | Unit  # where an attempt starts: a city, or (`influence_from_settlers`) the settlers of a space
Target = City | Unit  # what an attempt is on: a city's piece, or (`influence_army_units`) an army unit
SETTLEMENT = "settlement"  # the target of an attempt on a city's settlement piece (`influence_barbarian_settlement`)
TOKEN_UNDER = "culture_token"  # the target of an attempt for a token under a settlement (`influence_settlement_token`)
ARMY_UNIT = "army_unit"  # the target of an attempt on a unit (`influence_army_units`): the target id is the unit's


def culture(amount: int) -> dict[str, int]:
    return {"culture": amount}


def is_influenced(city: City) -> bool:
    """A city holding a building piece in a colour other than its owner's."""
    return any(colour != city.owner for colour in city.buildings.values())


def has_piece_left(game: Game, player: Player, building: str) -> bool:
    return game.pieces_in_colour(player.index, building) < game.rules.buildings[building].limit


# ------------------------------------------------------------------ protections of the target's owner


def city_matches(game: Game, city: City, condition: CityCondition, source: str = "") -> bool:
    """Whether the city meets `condition` of an effect granted by `source` (its wonder, for `within_of_wonder`)."""
    if condition.mood is not None and city.mood != condition.mood:
        return False
    if condition.within_of_wonder is not None and not _near_wonder(game, city, source, condition.within_of_wonder):
        return False
    if condition.building is not None and condition.building not in city.buildings:
        return False
    if condition.wonder and not city.wonders:
        return False
    if not condition.army_unit:
        return True
    return any(u.owner == city.owner and game.is_army(u) for u in game.units_at(city.pos))


def _near_wonder(game: Game, city: City, wonder_name: str, steps: int) -> bool:
    """The city is at most `steps` spaces from its owner's city holding the wonder named `wonder_name`."""
    for other in game.cities_of(city.owner):
        if any(game.rules.wonders[w].name == wonder_name for w in other.wonders):
            distance = game.distances_from(other.pos).get(city.pos)
            return distance is not None and distance <= steps
    return False


def protection(game: Game, player: Player, target: City, forbid: str) -> Effect | None:
    """The target owner's effect forbidding `player` to target (or boost against) this city, if any.

    Protections work only against other players (rules-questions 21), never the owner's own attempts.
    """
    if target.owner == player.index or target.owner < 0:
        return None
    for effect in effects.active(game, game.player(target.owner), "influence_protection", at=target.pos):
        params = effects.params_as(effect, InfluenceProtection)
        if params.forbid == forbid and city_matches(game, target, params.cities, effect.source):
            return effect
    return None


def why_no_boost(game: Game, player: Player, source: Source, target: Target) -> str | None:
    """The rule that forbids culture tokens (range or roll) in this attempt, or None."""
    if isinstance(source, City) and source.owner == player.index and is_influenced(source):
        return "an influenced city may not boost its range or roll"
    shield = protection(game, player, target, "boost") if isinstance(target, City) else None
    if shield:
        owner = game.player(target.owner).name
        return f"{owner}'s {shield.source} forbids culture tokens in attempts on the city at {hex_to_label(target.pos)}"
    return None


# ------------------------------------------------------------------ legality of an attempt


def why_not_target(game: Game, player: Player, target: City, building: str) -> str | None:
    """The rule that stops `player` from influencing this building piece, or None."""
    if building == SETTLEMENT and _takeover(game, player):
        return _why_not_take_over(game, player, target)
    if building == TOKEN_UNDER:
        return _why_not_token_under(game, player, target)
    if building not in target.buildings:
        return (
            f"the city at {hex_to_label(target.pos)} has no {building} building "
            "(settlements and wonders can't be influenced)"
        )
    shield = protection(game, player, target, "target")
    if shield:
        owner = game.player(target.owner).name
        return (
            f"{owner}'s {shield.source} protects the city at {hex_to_label(target.pos)} from other players' influence"
        )
    name = game.rules.buildings[building].name
    if target.buildings[building] == player.index:
        return f"the {name} at {hex_to_label(target.pos)} is already in {player.name}'s colour"
    if not game.rules.buildings[building].can_be_influenced:
        return f"a {name} can never be influenced"
    if not has_piece_left(game, player, building):
        return f"{player.name} has no {name} piece left to exchange it with"
    return None


def _takeover(game: Game, player: Player) -> Effect | None:
    """The player's `influence_barbarian_settlement` effect, if it applies now."""
    found = effects.active(game, player, "influence_barbarian_settlement")
    return found[0] if found else None


def _why_not_take_over(game: Game, player: Player, target: City) -> str | None:
    if target.owner != BARBARIAN or game.city_size(target) != 1:
        where = hex_to_label(target.pos)
        return f"only the settlement of a size-1 barbarian city can be taken over, not the city at {where}"
    if not _settlement_left(game, player.index):
        return f"{player.name} has no settlement piece left to take over a city"
    return None


def _why_not_token_under(game: Game, player: Player, target: City) -> str | None:
    where = hex_to_label(target.pos)
    if not effects.has(game, player, "influence_settlement_token"):
        return f"{player.name} cannot put culture tokens under barbarian settlements"
    if target.owner != BARBARIAN:
        return f"a culture token goes only under a barbarian settlement, and the city at {where} is not one"
    if player.index in target.tokens_under:
        return f"{player.name} already has a culture token under the settlement at {where}"
    return None


def target_of(game: Game, target_id: int, building: str) -> Target | None:
    """The army unit (`ARMY_UNIT`) or the city an attempt is on."""
    return game.unit(target_id) if building == ARMY_UNIT else game.city(target_id)


def _why_not_unit(game: Game, player: Player, unit: Unit) -> str | None:
    """The rule that stops `player` from influencing this unit (`influence_army_units`), or None."""
    if not effects.has(game, player, "influence_army_units"):
        return f"{player.name} cannot influence army units"
    where = hex_to_label(unit.pos)
    if unit.owner < 0 or unit.owner == player.index or not game.is_army(unit):
        kind = log.unit_name(game, unit.kind)
        return f"only another player's army unit can be influenced, and the {kind} at {where} is not one"
    if unit.carrier is not None or not game.is_land(unit.pos) or game.city_at(unit.pos) is not None:
        return f"only an army unit on a land space without a city can be influenced, not the one at {where}"
    if not _unit_left(game, player, unit.kind):
        return f"{player.name} has no {log.unit_name(game, unit.kind)} left to exchange it with"
    return None


def _unit_left(game: Game, player: Player, kind: str) -> bool:
    return len(game.units_of(player.index, kind)) < game.rules.units[kind].limit


def _unit_targets(game: Game, player: Player) -> list[tuple[Target, str]]:
    """The army units `_why_not_unit` allows the player to target."""
    if not effects.has(game, player, "influence_army_units"):
        return []
    return [
        (u, ARMY_UNIT)
        for u in game.units
        if u.owner >= 0 and u.owner != player.index and game.is_army(u) and not _why_not_unit(game, player, u)
    ]


def sources(game: Game, player: Player) -> list[Source]:
    """Where the player's attempts may start from: their own cities, with `influence_from_buildings` any
    other city holding one of their buildings, and with `influence_from_settlers` their settlers outside
    cities (one of each space's, standing for them all)."""
    found: list[Source] = [*game.cities_of(player.index)]
    if effects.has(game, player, "influence_from_buildings"):
        found += [c for c in game.cities if c.owner != player.index and player.index in c.buildings.values()]
    for effect in effects.active(game, player, "influence_from_settlers"):
        found += _settler_sources(game, player, effects.params_as(effect, InfluenceFromSettlers).unit)
    return found


def _settler_sources(game: Game, player: Player, kind: str) -> list[Unit]:
    """The player's first `kind` unit of each space outside cities and ships."""
    by_space: dict[Hex, Unit] = {}
    for unit in game.units_of(player.index, kind):
        if unit.carrier is None and game.city_at(unit.pos) is None:
            by_space.setdefault(unit.pos, unit)
    return list(by_space.values())


def source_of(game: Game, source_id: int) -> Source | None:
    """The city, or the settler, of an attempt's `source`."""
    return game.city(source_id) or game.unit(source_id)


def why_not_source(game: Game, player: Player, source: Source | None, target: Target) -> str | None:
    if source is None or source not in sources(game, player):
        return "Influence Culture must start from one of your own cities"
    return _source_limits(game, player, source, target)


def _source_limits(game: Game, player: Player, source: Source, target: Target) -> str | None:
    """The limits on targets of a city the player may start attempts from, as the rules have them
    (`influenced_source`): `self_only`, those of `_why_not_from`; `none`, an influenced city of the player's
    makes no attempt (any other of their cities may clear it). Settlers target only other players' cities."""
    if isinstance(source, Unit):
        foreign_city = isinstance(target, City) and target.owner != player.index
        return None if foreign_city else "settlers may influence only other players' cities"
    if game.rules.game.influence.influenced_source == "self_only":
        return _why_not_from(player, source, target)
    if source.owner == player.index and is_influenced(source):
        return "a city under another player's influence cannot influence culture"
    return None


def _why_not_from(player: Player, source: City, target: Target) -> str | None:
    """The limits on targets of a city the player may start attempts from."""
    if source.owner != player.index:
        return None  # a city holding one of the player's buildings reaches any target
    if is_influenced(source) and source is not target:
        return "a city under another player's influence can only target itself"
    if target.owner == player.index and source is not target:
        return "influence in your own city can only be removed by that city itself"
    return None


def influence_range(game: Game, source: Source) -> int:
    """How far attempts from `source` reach without culture tokens: a city's size, plus its owner's
    `influence_range_bonus` there (the 2012 Great Statue); and the settlers' range (`influence_from_settlers`)
    of a settler's space, or added to the city where they stand."""
    owner = game.player(source.owner) if source.owner >= 0 else None
    if owner is None:
        return game.city_size(source) if isinstance(source, City) else 0
    settlers = sum(
        _settlers_range(game, owner, e, source) for e in effects.active(game, owner, "influence_from_settlers")
    )
    if isinstance(source, Unit):
        return settlers
    bonus = effects.active(game, owner, "influence_range_bonus", at=source.pos)
    return game.city_size(source) + settlers + sum(effects.params_as(e, InfluenceRangeBonus).amount for e in bonus)


def _settlers_range(game: Game, owner: Player, effect: Effect, source: Source) -> int:
    """What the owner's settlers of `effect` in the source's space give its range: a settler's space, the base
    range and `per_unit` for each other settler there; a city, `per_unit` for each settler in it."""
    params = effects.params_as(effect, InfluenceFromSettlers)
    if isinstance(source, Unit) and source.kind != params.unit:
        return 0
    settlers = sum(1 for u in game.units_of(owner.index, params.unit) if u.pos == source.pos and u.carrier is None)
    if isinstance(source, Unit):
        return params.base_range + params.per_unit * (settlers - 1)
    return params.per_unit * settlers


def why_not_reach(
    game: Game,
    player: Player,
    source: Source,
    target: Target,
    range_tokens: int,
    distance: int | None,
    extra_cost: dict[str, int],
) -> str | None:
    """Check the range and price of an attempt; `distance` is None when no revealed path exists."""
    if range_tokens < 0:
        return "range tokens can't be negative"
    if range_tokens:
        reason = why_no_boost(game, player, source, target)
        if reason:
            return reason
    if distance is None:
        return "no path through revealed spaces joins the source and the target"
    reach = influence_range(game, source)
    if distance > reach + range_tokens:
        return f"the target is {distance} spaces away, beyond range {reach} + {range_tokens} culture token(s)"
    cost = plus(culture(range_tokens), extra_cost)
    if not can_pay(game, player, cost):
        return f"{player.name} cannot pay {describe(cost)} for this attempt"
    return None


def _why_not(
    game: Game,
    player: Player,
    source: Source | None,
    target: Target,
    building: str,
    range_tokens: int,
    distance: int | None,
    extra_cost: dict[str, int],
) -> str | None:
    if player.influence_succeeded:
        return f"{player.name} already influenced culture successfully this turn"
    if isinstance(target, Unit):
        reason = _why_not_unit(game, player, target)
    else:
        reason = why_not_target(game, player, target, building)
    reason = reason or why_not_source(game, player, source, target)
    if reason:
        return reason
    assert source is not None
    return why_not_reach(game, player, source, target, range_tokens, distance, extra_cost)


def why_not_attempt(
    game: Game, player: Player, action: InfluenceCulture, extra_cost: dict[str, int] = NO_COST
) -> str | None:
    """The rule an Influence Culture attempt breaks (paying `extra_cost` besides), or None."""
    target = target_of(game, action.target, action.building)
    if target is None:
        return f"there is no {'unit' if action.building == ARMY_UNIT else 'city'} {action.target}"
    source = source_of(game, action.source)
    distance = game.distances_from(source.pos).get(target.pos) if source else None
    return _why_not(game, player, source, target, action.building, action.range_tokens, distance, extra_cost)


def attempts(game: Game, player: Player, extra_cost: dict[str, int] = NO_COST) -> list[InfluenceCulture]:
    """Every attempt the player may make now (paying `extra_cost` besides), with the fewest range tokens."""
    return list(_attempts(game, player, extra_cost))


def _attempts(game: Game, player: Player, extra_cost: dict[str, int]) -> Iterator[InfluenceCulture]:
    """`attempts` one by one, so that whether there is any needs only the first.

    The checks of `_why_not` as yes or no, the cheapest first and no reason worded: those on the target
    alone made once, not again from every source, and the price of each number of tokens asked once."""
    if player.influence_succeeded:
        return
    pieces = [*_targets(game, player), *_unit_targets(game, player)]
    if not pieces:  # most of the time: then no source need be looked at
        return
    affordable: dict[int, bool] = {}  # by range tokens
    for source in sources(game, player):
        reach = game.distances_from(source.pos)
        for target, building in pieces:
            distance = reach.get(target.pos)
            if distance is None or _source_limits(game, player, source, target):
                continue
            tokens = max(0, distance - influence_range(game, source))  # within range: `why_not_reach`'s checks follow
            if tokens not in affordable:
                affordable[tokens] = can_pay(game, player, plus(culture(tokens), extra_cost))
            if affordable[tokens] and not (tokens and why_no_boost(game, player, source, target)):
                yield InfluenceCulture(source.id, target.id, building, tokens)


def _targets(game: Game, player: Player) -> list[tuple[Target, str]]:
    """The pieces `why_not_target` allows the player to target, city by city (each city's buildings,
    then its settlement): the cheapest checks first. Asked at every listing, and most of the time
    nothing is found: one pass over the cities finds the pieces of other colours (and counts the
    player's own, for `has_piece_left`), and only those are checked further."""
    me = player.index
    takeover = _takeover(game, player) is not None
    tokens_under = effects.has(game, player, "influence_settlement_token")
    pieces: list[tuple[City, str]] = []  # pieces of other colours, and settlements the player may take over
    mine: dict[str, int] = {}  # the player's pieces in cities, by building (`game.pieces_in_colour`)
    for target in game.cities:
        if target.buildings:  # (most cities hold none)
            for building, colour in target.buildings.items():
                if colour == me:
                    mine[building] = mine.get(building, 0) + 1
                else:
                    pieces.append((target, building))
        if takeover and target.owner == BARBARIAN and game.city_size(target) == 1 and _settlement_left(game, me):
            pieces.append((target, SETTLEMENT))
        if tokens_under and target.owner == BARBARIAN and me not in target.tokens_under:
            pieces.append((target, TOKEN_UNDER))
    found: list[tuple[Target, str]] = []
    if not pieces:
        return found
    allowed: dict[str, bool] = {}  # by building: it may be influenced and the player has a piece left
    for target, building in pieces:
        if building not in (SETTLEMENT, TOKEN_UNDER):
            if building not in allowed:
                allowed[building] = _exchangeable(game, player, building, mine.get(building, 0))
            if not allowed[building] or protection(game, player, target, "target"):
                continue
        found.append((target, building))
    return found


def _exchangeable(game: Game, player: Player, building: str, in_cities: int) -> bool:
    """A piece of `building` may be influenced and the player, with `in_cities` of its pieces in cities,
    has one left for it (`has_piece_left`)."""
    kind = game.rules.buildings[building]
    return kind.can_be_influenced and in_cities + player.pieces_destroyed.get(building, 0) < kind.limit


def _settlement_left(game: Game, player: int) -> bool:
    return game.settlements_used(player) < game.rules.game.city.settlement_limit


# ------------------------------------------------------------------ the roll


def _roll(game: Game) -> int:
    """One die: the combat die's number only, so 1-6 uniformly."""
    die = game.rules.combat.die
    return die[game.rng.below(len(die))].value


def roll_bonuses(game: Game, player: Player, target: Target) -> list[Effect]:
    """The player's `influence_roll_bonus` effects that apply against this target."""
    return [
        e
        for e in effects.active(game, player, "influence_roll_bonus")
        if effects.params_as(e, InfluenceRollBonus).targets == "all" or target.owner != player.index
    ]


def _succeed(game: Game, player: Player, target: Target, building: str, takeover: tuple[str, list[str]]) -> None:
    """`takeover`: the source and units of the effect letting an attempt on a settlement take the city."""
    player.influence_succeeded = True
    if isinstance(target, Unit):
        _win_over(game, player, target)
    elif building == SETTLEMENT:
        _take_over(game, player, target, *takeover)
    elif building == TOKEN_UNDER:
        target.tokens_under.append(player.index)
        log.say(game, "influence.token_under", player.index, space=hex_to_label(target.pos))
    else:
        target.buildings[building] = player.index
        name = game.rules.buildings[building].name
        log.say(game, "influence.takes_over", player.index, building=name, space=hex_to_label(target.pos))
    for effect in effects.active(game, player, "influence_reward"):
        kept = gain(game, player, amounts(effects.params_as(effect, InfluenceReward).gain))
        log.gained(game, player, kept, effect.source)


def _take_over(game: Game, player: Player, city: City, source: str, units: list[str]) -> None:
    """The barbarian city becomes the player's; its barbarian units go, and if any did, the player
    places one of `units` there."""
    where = hex_to_label(city.pos)
    city.owner = player.index
    city.tokens_under.clear()  # taken over: the culture tokens under it go (`influence_settlement_token`)
    removed = [u for u in game.units_at(city.pos) if u.owner == BARBARIAN]
    for unit in removed:
        game.units.remove(unit)
    effects.holdings_changed(game)
    leaving = log.units(game, [u.kind for u in removed]) or "no units"
    barbarians = Party(leaving, plural=len(removed) != 1)
    log.say(game, "influence.takes_over_settlement", player.index, space=where, units=leaving, leaving=barbarians)
    options = [f"{kind} in {where}" for kind in units if city.id in unit_placement_cities(game, player.index, kind)]
    if removed and len(options) == 1:
        _place_takeover_unit(game, player, options[0])
    elif removed and options:
        game.pending.append(
            EffectChoiceDecision(
                player=player.index, source=source, effect="influence_barbarian_settlement", options=options
            )
        )


def _win_over(game: Game, player: Player, unit: Unit) -> None:
    """The unit is exchanged for one of the player's of its kind; other players' units in its space fight the new
    unit at once (settlers and leaders alone there are overrun)."""
    game.units.remove(unit)
    won = Unit(game.new_id(), player.index, unit.kind, unit.pos)
    game.units.append(won)
    where = hex_to_label(unit.pos)
    former = log.party(game, unit.owner).possessive
    log.say(game, "influence.wins_over", player.index, unit=f"{former} {log.unit_name(game, unit.kind)}", space=where)
    if game.enemy_units_at(unit.pos, player.index):
        enter_space(game, player.index, [won.id], unit.pos, {won.id: unit.pos}, can_retreat=False)


def _place_takeover_unit(game: Game, player: Player, option: str) -> None:
    kind, where = option.rsplit(" in ", 1)
    game.units.append(Unit(game.new_id(), player.index, kind, label_to_hex(where)))
    log.say(game, "influence.places", player.index, unit=with_article(log.unit_name(game, kind)), space=where)


def _placeable(game: Game, player: int, option: str) -> bool:
    kind, where = option.rsplit(" in ", 1)
    city = game.city_at(label_to_hex(where))
    return city is not None and city.owner == player and city.id in unit_placement_cities(game, player, kind)


def _takeover_options(game: Game, decision: EffectChoiceDecision) -> list[str]:
    return [option for option in decision.options if _placeable(game, decision.player, option)]


def _choose_takeover_unit(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    _place_takeover_unit(game, game.player(decision.player), option)


CHOICE_RULES["influence_barbarian_settlement"] = (_takeover_options, _choose_takeover_unit)


def _resolve(game: Game, player: Player, source: Source, target: Target, building: str) -> None:
    """Roll for a paid attempt; succeed, offer a boost of the roll, or fail."""
    effect = _takeover(game, player) if building == SETTLEMENT else None
    takeover = (effect.source, effects.params_as(effect, InfluenceBarbarianSettlement).units) if effect else ("", [])
    roll = _roll(game)
    bonuses = roll_bonuses(game, player, target)
    total = roll + sum(effects.params_as(e, InfluenceRollBonus).amount for e in bonuses)
    needed = game.rules.game.influence.success_roll
    name = _piece_name(game, target, building)
    extra = "".join(f" {effects.params_as(e, InfluenceRollBonus).amount:+d} ({e.source})" for e in bonuses)
    log.say(
        game,
        "influence.tries",
        player.index,
        building=name,
        space=hex_to_label(target.pos),
        source=hex_to_label(source.pos),
        roll=roll,
        bonuses=extra,
        needed=needed,
    )
    if total >= needed:
        _succeed(game, player, target, building, takeover)
    elif why_no_boost(game, player, source, target) is None and can_pay(game, player, culture(needed - total)):
        game.pending.append(
            InfluenceBoostDecision(
                player=player.index,
                target=target.id,
                building=building,
                tokens_needed=needed - total,
                takeover_source=takeover[0],
                takeover_units=takeover[1],
            )
        )
    else:
        log.say(game, "influence.fails", player.index)


def _piece_name(game: Game, target: Target, building: str) -> str:
    """The piece an attempt is on, as the log names it."""
    if isinstance(target, Unit):
        return f"{log.unit_name(game, target.kind)} of {game.player(target.owner).name}"
    return "settlement" if building in (SETTLEMENT, TOKEN_UNDER) else game.rules.buildings[building].name


def _cities_of(game: Game, action: InfluenceCulture) -> tuple[Source, Target]:
    source, target = source_of(game, action.source), target_of(game, action.target, action.building)
    assert source is not None and target is not None
    return source, target


def free_attempt(game: Game, player: Player, action: InfluenceCulture, cost: dict[str, int]) -> None:
    """An attempt that spends no main action but costs `cost` on top of its range tokens: one of the
    `attempts(game, player, cost)` that the `free_action` ability lists (and its check has made sure of)."""
    pay(player, payment_for(game, player, plus(culture(action.range_tokens), cost)))
    log.say(game, "influence.free", player.index, payment=log.things(cost) or "nothing")
    _resolve(game, player, *_cities_of(game, action), action.building)


# ------------------------------------------------------------------ the attempt as a main action


def _legal_attempts(game: Game) -> list[Action]:
    player = game.player(game.current)
    if game.actions_left <= 0:
        return [a for a in _attempts(game, player, NO_COST) if a.source in player.free_attempts_from]
    return list(_attempts(game, player, NO_COST))


def _check_attempt(game: Game, action: InfluenceCulture) -> None:
    player = game.player(game.current)
    if game.actions_left <= 0 and action.source not in player.free_attempts_from:
        raise RuleError("no main actions left this turn")
    reason = why_not_attempt(game, player, action)
    if reason:
        raise RuleError(reason)


def _any_attempt(game: Game) -> bool:
    """Whether `_legal_attempts` lists anything (Cultural Takeover asks), stopping at the first attempt."""
    player = game.player(game.current)
    found = _attempts(game, player, NO_COST)
    if game.actions_left > 0:
        return next(found, None) is not None
    return bool(player.free_attempts_from) and any(a.source in player.free_attempts_from for a in found)


@rule(InfluenceCulture, legal=_legal_attempts, check=_check_attempt, exists=_any_attempt)
def influence_culture(game: Game, action: InfluenceCulture) -> None:
    """An attempt as a main action, or at no action cost from a city that has one (`free_attempts_from`)."""
    player = game.player(game.current)
    pay(player, payment_for(game, player, culture(action.range_tokens)))
    if action.source in player.free_attempts_from:
        player.free_attempts_from.remove(action.source)
        log.say(game, "influence.no_action", player.index)
    else:
        spend_main_action(game)
    _resolve(game, player, *_cities_of(game, action), action.building)


# ------------------------------------------------------------------ boosting a failed roll


def _decision(game: Game) -> InfluenceBoostDecision:
    decision = game.pending[-1]
    assert isinstance(decision, InfluenceBoostDecision)
    return decision


def _legal_boosts(game: Game) -> list[Action]:
    decision = _decision(game)
    affordable = can_pay(game, game.player(decision.player), culture(decision.tokens_needed))
    return [*([BoostInfluence(True)] if affordable else []), BoostInfluence(False)]


@rule(BoostInfluence, legal=_legal_boosts, answers=(InfluenceBoostDecision,))
def boost_influence(game: Game, action: BoostInfluence) -> None:
    decision = _decision(game)
    player = game.player(decision.player)
    cost = culture(decision.tokens_needed)
    if action.boost and not can_pay(game, player, cost):
        raise RuleError(f"{player.name} cannot pay {decision.tokens_needed} culture token(s) to boost")
    game.pending.pop()
    if not action.boost:
        log.say(game, "influence.accepts", player.index)
        return
    payment = payment_for(game, player, cost)
    pay(player, payment)
    log.say(game, "influence.boost", player.index, payment=log.things(payment))
    target = target_of(game, decision.target, decision.building)
    assert target is not None
    _succeed(game, player, target, decision.building, (decision.takeover_source, decision.takeover_units))
