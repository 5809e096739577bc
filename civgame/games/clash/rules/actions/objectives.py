"""Objective cards: evaluating their conditions, and completing them when the rules say.

Status-phase objectives are offered in step 1 of the status phase (`offer_status`), instant
objectives right after their moment (the hooks `battle_recorded`, `wonder_built`, `city_founded`),
each as an `ObjectiveDecision` of the card holder; Terror Regime-like `automatic` objectives complete
without asking as soon as they hold, checked after every action of any player outside the status phase
(`complete_automatic`).
Each objective completes at most one card per moment, and objectives that exclude each other are not
both completed in one status phase.
Conditions are the primitives of `content/conditions.py`; one evaluator each, registered here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from civgame.framework.errors import RuleError
from civgame.games.clash.content import effects
from civgame.games.clash.content.conditions import (
    AllOf,
    AnyOf,
    AtLeast,
    Battle,
    BattlesThisTurn,
    CityFounded,
    Condition,
    Count,
    Lead,
    Most,
    NotCompletedLastRound,
    OwnsCategory,
    RecruitsThisTurn,
    WonderBuilt,
    WonderBuiltLastRound,
)
from civgame.games.clash.content.ruleset import Objective
from civgame.games.clash.core.actions import CompleteObjective, EndObjectives
from civgame.games.clash.core.decisions import ObjectiveDecision
from civgame.games.clash.core.hexgrid import Hex, distance
from civgame.games.clash.core.model import BattleRecord, City, Game, ObjectiveCompletion, Player, Unit
from civgame.games.clash.core.vocabulary import amounts
from civgame.games.clash.rules.actions.economy_abilities import route_possible, trade_routes
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.base.payments import describe, pay
from civgame.games.clash.rules.base.registry import rule
from civgame.games.clash.rules.base.triggers import observer

STATUS = "status"
Moment = dict[str, Any]  # what an instant objective is checked against: the battle, the wonder, the city
Evaluator = Callable[[Game, Player, Any, Moment], bool]
EVALUATORS: dict[str, Evaluator] = {}


def evaluator(name: str) -> Callable[[Evaluator], Evaluator]:
    def register(check: Evaluator) -> Evaluator:
        EVALUATORS[name] = check
        return check

    return register


def holds(game: Game, player: Player, cond: Condition, moment: Moment | None = None) -> bool:
    return EVALUATORS[cond.name](game, player, cond.params, moment or {})


# ------------------------------------------------------------------ counting


def start_space(game: Game, player: Player) -> Hex:
    """Where the player's first city was founded at setup: the first space of their home region."""
    return game.regions[player.index].spaces()[0]


def _own_city_zone(game: Game, owner: int) -> set[Hex]:
    zone = set()
    for city in game.cities_of(owner):
        zone.add(city.pos)
        zone.update(game.board_neighbors(city.pos))
    return zone


def _city_counts(game: Game, player: Player, count: Count, city: City) -> bool:
    """One of the player's cities passes the filters of `count` other than its mood (see `count`)."""
    if count.building is not None and count.building not in city.buildings:
        return False
    if count.min_size is not None and game.city_size(city) < count.min_size:
        return False
    if count.army_unit and not any(u.owner == player.index and game.is_army(u) for u in game.units_at(city.pos)):
        return False
    if count.isolated and any(game.city_at(n) is not None for n in game.board_neighbors(city.pos)):
        return False
    if count.min_distance_from_start is None:
        return True
    return distance(city.pos, start_space(game, player)) >= count.min_distance_from_start


def _unit_counts(game: Game, count: Count, unit: Unit) -> bool:
    if count.kinds is not None and unit.kind not in count.kinds:
        return False
    if count.army and not game.is_army(unit):
        return False
    return not count.military or game.is_army(unit) or game.is_ship(unit)


def _units(game: Game, player: Player, count: Count) -> list[Unit]:
    return [u for u in game.counted_units_of(player.index) if _unit_counts(game, count, u)]


def _complete_categories(game: Game, player: Player) -> int:
    owned = set(player.advances)
    return sum(1 for _, names in game.rules.advance_names_by_category if owned.issuperset(names))


def _routes(game: Game, player: Player, ships_only: bool) -> int:
    best = 0
    for effect in effects.active(game, player, "trade_routes"):
        if ships_only:
            effect = replace(effect, params=effect.params.model_copy(update={"units": ["ship"]}))
        best = max(best, len(trade_routes(game, player, effect)))
    return best


def count(game: Game, player: Player, what: Count) -> int:
    """The number `what` describes for `player` (see COUNTS in content/conditions.py)."""
    me = player.index
    of = what.of
    if of == "cities":
        mood = what.mood  # (tested here, without a call: an automatic objective counts cities after every action)
        return len(
            [
                c
                for c in game.cities
                if c.owner == me and (mood is None or c.mood == mood) and _city_counts(game, player, what, c)
            ]
        )
    if of == "advances":
        return len(player.advances)
    if of == "special_advances":
        return len(player.special_advances)
    if of == "leaders_recruited":
        return len(set(player.leaders_used))
    if of == "resource":
        return player.resources.get(what.resource or "", 0)
    if of == "units":
        return len(_units(game, player, what))
    if of == "unit_spaces":
        away = _own_city_zone(game, me) if what.away_from_own_cities else set()
        return len({u.pos for u in _units(game, player, what) if u.pos not in away})
    if of == "unit_kinds":
        return len({u.kind for u in game.counted_units_of(me)})
    if of == "units_next_to_enemy_cities":
        near = {n for c in game.cities if c.owner >= 0 and c.owner != me for n in game.board_neighbors(c.pos)}
        return sum(1 for u in _units(game, player, what) if u.pos in near)
    if of == "ships_on_enemy_port_spaces":
        ports = {c.port_space for c in game.cities if c.owner >= 0 and c.owner != me and c.port_space is not None}
        return sum(1 for u in game.units_of(me) if u.pos in ports and game.is_ship(u))
    if of == "building_types":
        return len({b for c in game.cities_of(me) for b, colour in c.buildings.items() if colour == me})
    if of == "foreign_cities_with_your_building":
        return sum(1 for c in game.cities if c.owner != me and me in c.buildings.values())
    if of == "your_buildings_in_foreign_cities":
        return sum(1 for c in game.cities if c.owner != me for colour in c.buildings.values() if colour == me)
    if of == "complete_categories":
        return _complete_categories(game, player)
    if of == "categories_with_advance":
        return len({game.rules.category_of(a).name for a in player.advances})
    if of == "trade_routes":
        return _routes(game, player, what.ships_only)
    raise ValueError(f"unknown count {of!r}")


def _others_below(game: Game, player: Player, what: Count, limit: int) -> bool:
    """Whether every other player's count of `what` is below `limit` (counting stops at the first that
    is not). Counts are never negative, so with no other player it is whether `limit` is above 0."""
    return limit > 0 and all(count(game, other, what) < limit for other in game.players if other is not player)


# ------------------------------------------------------------------ status conditions


@evaluator("at_least")
def _at_least(game: Game, player: Player, params: AtLeast, moment: Moment) -> bool:
    return count(game, player, params.count) >= params.n


@evaluator("most")
def _most(game: Game, player: Player, params: Most, moment: Moment) -> bool:
    return _others_below(game, player, params.count, count(game, player, params.count))


@evaluator("lead")
def _lead(game: Game, player: Player, params: Lead, moment: Moment) -> bool:
    return _others_below(game, player, params.count, count(game, player, params.count) - params.by + 1)


@evaluator("owns_category")
def _owns_category(game: Game, player: Player, params: OwnsCategory, moment: Moment) -> bool:
    owned = set(player.advances)
    return any(
        owned.issuperset(names)
        for c, names in game.rules.advance_names_by_category
        if (params.government and c.government) or c.name == params.category
    )


@evaluator("all_of")
def _all_of(game: Game, player: Player, params: AllOf, moment: Moment) -> bool:
    return all(holds(game, player, c, moment) for c in params.conditions)


@evaluator("any_of")
def _any_of(game: Game, player: Player, params: AnyOf, moment: Moment) -> bool:
    return any(holds(game, player, c, moment) for c in params.conditions)


@evaluator("wonder_built_last_round")
def _wonder_built_last_round(game: Game, player: Player, params: WonderBuiltLastRound, moment: Moment) -> bool:
    last_round = [game.age, game.rules.game.rounds_per_age]
    others = (p for p in game.players if p is not player)
    return last_round in player.wonders_built_when and not (
        params.only and any(last_round in p.wonders_built_when for p in others)
    )


@evaluator("not_completed_last_round")
def _not_completed_last_round(game: Game, player: Player, params: NotCompletedLastRound, moment: Moment) -> bool:
    last = game.rules.game.rounds_per_age
    return not any(
        c.objective == params.objective and c.own_turn and c.age == game.age and c.round == last
        for c in player.objective_completions
    )


# ------------------------------------------------------------------ instant conditions


def _is(game: Game, kind: str, quality: str) -> bool:
    """Whether unit type `kind` is `army` or `naval` (a type this ruleset lacks is neither)."""
    spec = game.rules.units.get(kind)
    return spec is not None and bool(getattr(spec, quality))


def _fighters(game: Game, record: BattleRecord, side: int) -> int:
    quality = "naval" if record.naval else "army"
    return sum(1 for kind in record.present[side] if _is(game, kind, quality))


def _army(game: Game, kinds: list[str]) -> int:
    return sum(1 for kind in kinds if _is(game, kind, "army"))


def _category_count(game: Game, owner: int, category: str) -> int:
    if owner < 0:
        return 0
    return sum(1 for a in game.player(owner).advances if game.rules.category_of(a).name == category)


def _opponent_matches(record_opponent: int, wanted: str) -> bool:
    return wanted == "any" or (record_opponent >= 0) == (wanted == "human")


def battle_holds(game: Game, player: Player, p: Battle, record: BattleRecord) -> bool:
    """Whether the battle `record` meets every condition of the `battle` parameters `p` for `player`."""
    me = 0 if record.attacker == player.index else 1
    them = 1 - me
    opponent = (record.attacker, record.defender)[them]
    won = record.winner == player.index
    city = game.city_at(record.space)
    category = p.fewer_advances_in or ""
    checks: tuple[tuple[object, Callable[[], bool]], ...] = (
        (p.won, lambda: won),
        (p.real, lambda: record.real),
        (p.role == "attacker", lambda: me == 0),
        (p.land, lambda: not record.naval),
        (p.naval, lambda: record.naval),
        (p.at_city, lambda: record.at_city),
        (True, lambda: _opponent_matches(opponent, p.opponent)),
        (p.fewer_fighters, lambda: _fighters(game, record, me) < _fighters(game, record, them)),
        (p.no_more_fighters, lambda: _fighters(game, record, me) <= _fighters(game, record, them)),
        (p.min_fighters, lambda: _fighters(game, record, me) >= p.min_fighters),
        (p.with_leader, lambda: "leader" in record.present[me]),
        (p.from_sea, lambda: record.from_sea),
        (p.army_units_in_battle, lambda: sum(_army(game, kinds) for kinds in record.present) >= p.army_units_in_battle),
        (p.defenders_at_least, lambda: len(record.present[1]) >= p.defenders_at_least),
        (p.opponent_lost, lambda: len(record.lost[them]) >= p.opponent_lost),
        (p.opponent_lost_army, lambda: _army(game, record.lost[them]) >= p.opponent_lost_army),
        (p.opponent_lost_military, lambda: _military(game, record.lost[them]) >= p.opponent_lost_military),
        (p.opponent_lost_kinds, lambda: any(k in p.opponent_lost_kinds for k in record.lost[them])),
        (p.survivor_kinds, lambda: _survived(record, me, p.survivor_kinds)),
        (p.city_size_after, lambda: city is not None and game.city_size(city) >= p.city_size_after),
        (p.city_wonder_after, lambda: city is not None and bool(city.wonders)),
        (
            p.fewer_advances_in,
            lambda: _category_count(game, player.index, category) < _category_count(game, opponent, category),
        ),
        (p.opponent_trade_route_here, lambda: _route_from(game, opponent, record.space)),
    )
    return all(check() for wanted, check in checks if wanted)


def _military(game: Game, kinds: list[str]) -> int:
    return sum(1 for kind in kinds if _is(game, kind, "army") or _is(game, kind, "naval"))


def _survived(record: BattleRecord, side: int, kinds: tuple[str, ...]) -> bool:
    left = list(record.present[side])
    for kind in record.lost[side]:
        left.remove(kind)
    return any(kind in kinds for kind in left)


def _route_from(game: Game, owner: int, space: Hex) -> bool:
    """A settler of `owner` on `space` could form a trade route for them now."""
    if owner < 0:
        return False
    player = game.player(owner)
    return any(
        route_possible(game, player, effect, "settler", space)
        for effect in effects.active(game, player, "trade_routes")
    )


@evaluator("battle")
def _battle(game: Game, player: Player, params: Battle, moment: Moment) -> bool:
    record = moment.get("battle")
    return record is not None and battle_holds(game, player, params, record)


@evaluator("battles_this_turn")
def _battles_this_turn(game: Game, player: Player, params: BattlesThisTurn, moment: Moment) -> bool:
    if moment.get("battle") is None:
        return False
    records = [
        r
        for r in game.battles
        if player.index in (r.attacker, r.defender)
        and (not params.land or not r.naval)
        and (not params.naval or r.naval)
        and _opponent_matches(r.defender if r.attacker == player.index else r.attacker, params.opponent)
    ]
    won = sum(1 for r in records if r.winner == player.index)
    spaces = {r.space for r in records}
    return len(records) >= params.at_least and won >= params.won and (not params.different_spaces or len(spaces) > 1)


@evaluator("wonder_built")
def _wonder_built(game: Game, player: Player, params: WonderBuilt, moment: Moment) -> bool:
    return "wonder" in moment


@evaluator("city_founded")
def _city_founded(game: Game, player: Player, params: CityFounded, moment: Moment) -> bool:
    city = moment.get("city")
    return city is not None and distance(city.pos, start_space(game, player)) >= params.min_distance_from_start


# ------------------------------------------------------------------ completing


def _objective(game: Game, key: str) -> Objective:
    return game.rules.objectives[key]


def _cards_with(game: Game, player: Player, key: str) -> list[int]:
    cards = game.rules.objective_card_index
    return [card for card in player.objective_cards if key in cards[card].objectives]


def fulfilled(game: Game, player: Player, part: str, moment: Moment | None = None) -> list[str]:
    """Objectives on the player's cards whose `part` condition ("status", "instant") holds now, sorted."""
    found = []
    for key in dict.fromkeys(
        k for card in player.objective_cards for k in game.rules.objective_card_index[card].objectives
    ):
        cond = game.rules.objective_conditions[key].get(part)
        if cond is None or (part != STATUS and cond.moment != (moment or {}).get("kind")):
            continue
        if holds(game, player, cond, moment):
            found.append(key)
    return sorted(found, key=lambda k: (bool(_objective(game, k).pay), _objective(game, k).name))


def _offer(game: Game, player: Player, moment: str, options: list[str]) -> ObjectiveDecision | None:
    decision = ObjectiveDecision(player=player.index, moment=moment, options=options)
    return decision if _completions(game, decision) else None


def offer_status(game: Game) -> None:
    """Step 1 of the status phase: each player in turn order may complete status-phase objectives."""
    offers = [_offer(game, game.player(i), STATUS, fulfilled(game, game.player(i), STATUS)) for i in game.turn_order()]
    game.pending.extend(reversed([o for o in offers if o is not None]))


def offer_instant(game: Game, player: Player, moment: Moment) -> None:
    """Offer the player the instant objectives `moment` fulfils, at once."""
    offer = _offer(game, player, moment["kind"], fulfilled(game, player, "instant", moment))
    if offer is not None:
        game.pending.append(offer)


@observer("battle_recorded")
def _after_battle(game: Game, player: Player, context: dict[str, Any]) -> None:
    offer_instant(game, player, {"kind": "battle", "battle": context["record"]})


@observer("wonder_built")
def _after_wonder(game: Game, player: Player, context: dict[str, Any]) -> None:
    offer_instant(game, player, {"kind": "wonder_built", "wonder": context["wonder"]})


@observer("recruited")
def _after_recruit(game: Game, player: Player, context: dict[str, Any]) -> None:
    if not _counts_recruits(game, player):  # recruits count only while a card asking for them is in hand
        return
    marker = _recruit_marker(context["units"], context["paid"], context["replaced"])
    player.used_this_turn.append(marker)
    offer_instant(game, player, {"kind": "recruited", "recruit": marker})


def _counts_recruits(game: Game, player: Player) -> bool:
    """Whether an objective card in the player's hand has a `recruits_this_turn` objective."""
    conditions = game.rules.objective_conditions
    return any(
        cond.name == "recruits_this_turn"
        for card in player.objective_cards
        for key in game.rules.objective_card_index[card].objectives
        for cond in conditions[key].values()
    )


def _recruit_marker(units: tuple[str, ...], paid: dict[str, int], replaced: tuple[str, ...]) -> str:
    """Marks a Recruit action in Player.used_this_turn: `recruit:<unit kinds>:<what was paid>:<kinds paid
    for by their recruit substitute>`."""
    return f"recruit:{','.join(units)}:{','.join(k for k, v in sorted(paid.items()) if v)}:{','.join(replaced)}"


def _recruit_matches(marker: str, params: RecruitsThisTurn) -> bool:
    parts = marker.split(":")
    if len(parts) < 4:  # a marker saved before the substitute was noted: what paid for what is unknown
        return False
    return params.unit in parts[3].split(",") and params.paid in parts[2].split(",")


@evaluator("recruits_this_turn")
def _recruits_this_turn(game: Game, player: Player, params: RecruitsThisTurn, moment: Moment) -> bool:
    """The Recruit just made is one of `n` such this turn: the objective fires on that Recruit, not on later
    ones of another kind."""
    current = moment.get("recruit")
    if moment.get("kind") != "recruited" or current is None or not _recruit_matches(current, params):
        return False
    recruits = [m for m in player.used_this_turn if m.startswith("recruit:")]
    return sum(1 for m in recruits if _recruit_matches(m, params)) >= params.n


@observer("city_founded")
def _after_founding(game: Game, player: Player, context: dict[str, Any]) -> None:
    offer_instant(game, player, {"kind": "city_founded", "city": game.city(context["city"])})


def _excluded(game: Game, decision: ObjectiveDecision) -> set[str]:
    return {other for used in decision.used for other in _objective(game, used).excludes}


def _completions(game: Game, decision: ObjectiveDecision) -> list[CompleteObjective]:
    player = game.player(decision.player)
    blocked = set(decision.used) | (_excluded(game, decision) if decision.moment == STATUS else set())
    return [
        CompleteObjective(card, key)
        for key in decision.options
        if key not in blocked and _can_pay(player, _objective(game, key))
        for card in _cards_with(game, player, key)
    ]


def _can_pay(player: Player, objective: Objective) -> bool:
    return all(player.resources.get(r, 0) >= n for r, n in objective.pay.items())


def complete(game: Game, player: Player, card: int, key: str) -> None:
    """Lay the card face up as completed with objective `key` (its payment already checked)."""
    objective = _objective(game, key)
    pay(player, amounts(objective.pay))
    player.objective_cards.remove(card)
    player.completed_objectives.append(card)
    player.objective_completions.append(
        ObjectiveCompletion(card, key, game.age, game.round, game.phase == "play" and game.current == player.index)
    )
    if objective.pay:
        payment = log.things(amounts(objective.pay))
        log.say(game, "objective.completed_paying", player.index, objective=objective.name, payment=payment)
    else:
        log.say(game, "objective.completed", player.index, objective=objective.name)


def complete_automatic(game: Game) -> None:
    """Complete, without asking, every card in hand with an automatic objective that holds now (whoever acted).
    Not in the status phase (catalogue): its objectives are the status objectives, one card each."""
    if game.phase == "status":
        return
    automatic = game.rules.automatic_objectives
    for player in game.players:
        hand = player.objective_cards
        # Asked after every action, and a hand rarely holds one of the rules' few automatic cards:
        # tested card by card with `in` rather than a call per player.
        for card in automatic:
            if card in hand:
                _complete_automatic_held(game, player, automatic)
                break


def _complete_automatic_held(
    game: Game, player: Player, automatic: dict[int, tuple[tuple[str, Condition], ...]]
) -> None:
    for card in [c for c in player.objective_cards if c in automatic]:
        for key, cond in automatic[card]:
            if card in player.objective_cards and holds(game, player, cond):
                complete(game, player, card, key)


def _top(game: Game) -> ObjectiveDecision:
    decision = game.pending[-1]
    assert isinstance(decision, ObjectiveDecision)
    return decision


def _legal_completions(game: Game) -> list[CompleteObjective]:
    return _completions(game, _top(game))


def _legal_end(game: Game) -> list[EndObjectives]:
    return [EndObjectives()]


@rule(CompleteObjective, legal=_legal_completions, answers=(ObjectiveDecision,))
def complete_objective(game: Game, action: CompleteObjective) -> None:
    decision = _top(game)
    if action not in _completions(game, decision):
        raise RuleError(_why_not(game, decision, action))
    complete(game, game.player(decision.player), action.card, action.objective)
    decision.used.append(action.objective)
    if not _completions(game, decision):
        _close(game)


@rule(EndObjectives, legal=_legal_end, answers=(ObjectiveDecision,))
def end_objectives(game: Game, action: EndObjectives) -> None:
    _close(game)


def _close(game: Game) -> None:
    game.pending.pop()  # in the status phase, the controller goes on with it once nothing is pending


def _why_not(game: Game, decision: ObjectiveDecision, action: CompleteObjective) -> str:
    player = game.player(decision.player)
    objective = game.rules.objectives.get(action.objective)
    if objective is None:
        return f"there is no objective {action.objective!r}"
    if action.card not in player.objective_cards or action.card not in _cards_with(game, player, action.objective):
        return f"{player.name} holds no objective card {action.card} with {objective.name}"
    if action.objective in decision.used:
        return f"{objective.name} has already completed a card this time"
    if action.objective in _excluded(game, decision):
        return f"{objective.name} cannot be completed in the same status phase as the objective just completed"
    if not _can_pay(player, objective):
        return f"{objective.name} requires paying {describe(amounts(objective.pay))}"
    return f"{objective.name} is not fulfilled now"
