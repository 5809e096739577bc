"""Objective cards: every objective's condition (a fulfilling and a failing situation each), the
condition primitives, and completing cards in the status phase, after battles and other moments."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.games.clash.core.actions import (
    BuildWonder,
    CompleteObjective,
    EndObjectives,
    EndTurn,
    FoundCity,
    Recruit,
    StartHappiness,
)
from civgame.games.clash.core.decisions import ObjectiveDecision
from civgame.games.clash.core.model import BARBARIAN, PIRATE, BattleRecord
from civgame.games.clash.rules.actions import objectives
from civgame.games.clash.rules.base.scoring import score_sheet
from civgame.games.clash.rules.flow import status
from tests.combat_helpers import attack, dice
from tests.engine.test_cities import board
from tests.scenario import Scenario

Setup = Callable[[Scenario], object]


def spread(s: Scenario, owner: int, labels: str, **kw) -> None:
    for label in labels.split():
        s.city(owner, label, **kw)


def buildings(s: Scenario, owner: int, building: str, count: int, colour: int | None = None) -> None:
    """Put `building` (in `colour`, default the owner's) into `count` of the owner's cities without one."""
    cities = [c for c in s.game.cities_of(owner) if building not in c.buildings][:count]
    assert len(cities) == count
    for c in cities:
        c.buildings[building] = owner if colour is None else colour


def units(s: Scenario, owner: int, kind: str, labels: str) -> None:
    for label in labels.split():
        s.unit(owner, kind, label)


def category(s: Scenario, owner: int, name: str, drop: int = 0) -> None:
    advances = [a.name for a in next(c for c in s.game.rules.categories if c.name == name).advances]
    s.advances(owner, *advances[: len(advances) - drop])


def most_with(building: str) -> tuple[Setup, Setup]:
    def passing(s: Scenario) -> None:
        spread(s, 0, "D2 B6 F7")
        spread(s, 1, "D7 A5")
        buildings(s, 0, building, 2)
        buildings(s, 1, building, 1)

    def failing(s: Scenario) -> None:
        passing(s)
        buildings(s, 1, building, 1)

    return passing, failing


def resources(**amounts: int) -> tuple[Setup, Setup]:
    short = {k: v - 1 for k, v in amounts.items()}
    first = next(iter(amounts))
    return (lambda s: s.resources(0, **amounts)), (lambda s: s.resources(0, **{**amounts, first: short[first]}))


def full_category(name: str) -> tuple[Setup, Setup]:
    return (lambda s: category(s, 0, name)), (lambda s: category(s, 0, name, drop=1))


def _goal_focused(s: Scenario, other_complete: bool) -> None:
    category(s, 0, "Science")
    category(s, 0, "Culture")
    category(s, 1, "Economy")
    if other_complete:
        category(s, 1, "Seafaring")


def _diversified(s: Scenario, count: int) -> None:
    names = [c for c in s.game.rules.categories if not c.government][:count]
    s.advances(0, *(c.advances[0].name for c in names))


def _advanced(s: Scenario, mine: int, theirs: int) -> None:
    everything = [a.name for c in s.game.rules.categories if not c.government for a in c.advances]
    s.advances(0, *everything[:mine])
    s.advances(1, *everything[:theirs])


def _foreign_buildings(s: Scenario, mine: int, theirs: int) -> None:
    spread(s, 1, "D7 A5 B6")
    spread(s, 0, "D2")
    s.city(BARBARIAN, "F7", buildings={"academy": 0})
    owned = list(s.game.cities_of(1))
    for i in range(mine - 1):
        owned[i].buildings["temple"] = 0
    s.game.cities_of(0)[0].buildings.update(dict.fromkeys(["market", "port"][:theirs], 1))


def _fleet(s: Scenario, mine: int, theirs: int) -> None:
    units(s, 0, "ship", " ".join(["E3"] * mine))
    units(s, 1, "ship", " ".join(["E3"] * theirs))


STATUS: dict[str, tuple[Setup, Setup]] = {
    "large_civilization": (lambda s: spread(s, 0, "D2 B6 C7 A7 D6 E6"), lambda s: spread(s, 0, "D2 B6 C7 A7 D6")),
    "happy_population": (
        lambda s: spread(s, 0, "D2 B6 C7 A7", mood="happy"),
        lambda s: (spread(s, 0, "D2 B6 C7", mood="happy"), spread(s, 0, "A7")),
    ),
    "metropolis": (
        lambda s: s.city(0, "D2", buildings={"academy": 0, "market": 0, "temple": 0, "obelisk": 0}),
        lambda s: s.city(0, "D2", buildings={"academy": 0, "market": 0, "temple": 0}),
    ),
    "expansionist": (lambda s: spread(s, 0, "D2 B6 F7 D5"), lambda s: spread(s, 0, "D2 B6 F7 D5 D4")),
    "architecture": (
        lambda s: s.city(0, "D2", buildings={"academy": 0, "market": 0, "temple": 0, "obelisk": 0}),
        lambda s: s.city(0, "D2", buildings={"academy": 0, "market": 0, "temple": 0, "obelisk": 1}),
    ),
    "consulate": (lambda s: _foreign_buildings(s, 2, 0), lambda s: _foreign_buildings(s, 1, 0)),
    "culture_power": (lambda s: _foreign_buildings(s, 3, 2), lambda s: _foreign_buildings(s, 2, 2)),
    "scientific_lead": most_with("academy"),
    "coastal_culture": most_with("port"),
    "religious_fervor": most_with("temple"),
    "fortifications": most_with("fortress"),
    "star_gazers": most_with("observatory"),
    "traders": most_with("market"),
    "legacy": most_with("obelisk"),
    "colony": (lambda s: spread(s, 0, "D2 D7"), lambda s: spread(s, 0, "D2 D6")),
    "city_planner": full_category("Construction"),
    "education_lead": full_category("Education"),
    "militarized": full_category("Warfare"),
    "culture_focus": full_category("Culture"),
    "science_focus": full_category("Science"),
    "trade_focus": full_category("Economy"),
    "seafarers": full_category("Seafaring"),
    "government": full_category("Autocracy"),
    "advanced_culture": (lambda s: _advanced(s, 6, 5), lambda s: _advanced(s, 6, 6)),
    "goal_focused": (lambda s: _goal_focused(s, False), lambda s: _goal_focused(s, True)),
    "diversified_research": (lambda s: _diversified(s, 9), lambda s: _diversified(s, 8)),
    "optimized_storage": resources(food=3, ore=3, wood=3),
    "eureka": resources(ideas=5),
    "wealth": resources(gold=5),
    "ore_supplies": resources(ore=5),
    "wood_supplies": resources(wood=5),
    "food_supplies": resources(food=5),
    "large_fleet": (lambda s: _fleet(s, 2, 1), lambda s: _fleet(s, 3, 3)),
    "large_army": (
        lambda s: (units(s, 0, "infantry", "D2 D2 D2 D2 D2 D2"), units(s, 1, "infantry", "D7 D7")),
        lambda s: (units(s, 0, "infantry", "D2 D2 D2 D2 D2"), units(s, 1, "infantry", "D7 D7")),
    ),
    "standing_army": (
        lambda s: (spread(s, 0, "D2 B6 C7 A7"), units(s, 0, "cavalry", "D2 B6 C7 A7")),
        lambda s: (spread(s, 0, "D2 B6 C7 A7"), units(s, 0, "cavalry", "D2 B6 C7 C5")),
    ),
    "military_might": (
        lambda s: (units(s, 0, "infantry", " ".join(["D2"] * 11)), units(s, 0, "ship", "E3")),
        lambda s: (units(s, 0, "infantry", " ".join(["D2"] * 11)), units(s, 0, "settler", "E3")),
    ),
    "threat": (
        lambda s: (s.city(1, "D7"), units(s, 0, "infantry", "D6 D6 C7 C8")),
        lambda s: (s.city(1, "D7"), units(s, 0, "infantry", "D6 D6 C7"), units(s, 0, "settler", "C8")),
    ),
    "outpost": (
        lambda s: (s.city(0, "D2"), units(s, 0, "elephant", "B6 D6 F7")),
        lambda s: (s.city(0, "D2"), units(s, 0, "elephant", "B6 D6 D3")),
    ),
    "migration": (
        lambda s: (s.city(0, "D2"), units(s, 0, "settler", "B6 D6 F7")),
        lambda s: (s.city(0, "D2"), units(s, 0, "settler", "B6 B6 F7")),
    ),
    "horse_power": (lambda s: units(s, 0, "cavalry", "D2 B6 F7"), lambda s: units(s, 0, "cavalry", "D2 F7 F7")),
    "ivory_tower": (lambda s: units(s, 0, "elephant", "D2 B6 F7"), lambda s: units(s, 0, "elephant", "D2 B6")),
    # the printed card: your ships on other players' Port spaces (the catalogue's Note: not your own ports)
    "sea_blockade": (
        lambda s: (s.city(1, "D7", port_space="E3"), s.city(1, "C3", port_space="C4"), units(s, 0, "ship", "E3 C4")),
        lambda s: (s.city(1, "D7", port_space="E3"), s.city(0, "C3", port_space="C4"), units(s, 0, "ship", "E3 C4")),
    ),
}


@pytest.mark.parametrize("key", sorted(STATUS))
def test_each_status_objective_holds_exactly_when_its_condition_does(key):
    passing, failing = STATUS[key]
    condition = board().game.rules.objectives[key].condition("status")
    for setup, expected in ((passing, True), (failing, False)):
        s = board()
        s.resources(0, food=0, wood=0, ore=0, ideas=0, gold=0)
        setup(s)
        assert objectives.holds(s.game, s.player(0), condition) is expected, (key, expected)


def test_every_objective_of_the_deck_is_tested():
    s = board()
    tested = (
        set(STATUS)
        | set(BATTLES)
        | {
            "trade_power",
            "shipping_routes",
            "versatility",
            "high_culture",
            "city_founder",
            "magnificent_culture",
            "terror_regime",
            "draft",
            "warmonger",
            "sea_cleansing",
        }
    )
    assert set(s.game.rules.objectives) == tested
    assert {k for card in s.game.rules.objective_cards for k in card.objectives} == tested
    assert len(s.game.rules.objective_cards) == 38 and len(tested) == 66


def test_versatility_needs_every_unit_type_and_high_culture_special_advances_and_leaders():
    s = board()
    rules = s.game.rules
    kinds = list(rules.units)
    for kind in kinds:
        s.unit(0, kind, "D2")
    versatility = rules.objectives["versatility"].condition("status")
    assert objectives.holds(s.game, s.player(0), versatility) is (len(kinds) >= 6)
    high = rules.objectives["high_culture"].condition("status")
    s.player(0).special_advances = ["a", "b", "c", "d"]
    s.player(0).leaders_used = ["x"]
    assert not objectives.holds(s.game, s.player(0), high)
    s.player(0).leaders_used.append("y")
    assert objectives.holds(s.game, s.player(0), high)
    s.player(0).special_advances.pop()
    assert not objectives.holds(s.game, s.player(0), high)


def test_trade_power_and_shipping_routes_count_possible_routes():
    s = board()
    s.advances(0, "Bartering", "Trade Routes")
    spread(s, 1, "D7 C8 B6")
    units(s, 0, "settler", "D6 C7")
    units(s, 0, "ship", "A7")
    power = s.game.rules.objectives["trade_power"].condition("status")
    shipping = s.game.rules.objectives["shipping_routes"].condition("status")
    routes = objectives.count(s.game, s.player(0), power.params.count)
    assert objectives.holds(s.game, s.player(0), power) is (routes >= 3)
    assert not objectives.holds(s.game, s.player(0), shipping)
    s.lose_advances(0, "Trade Routes")
    assert objectives.count(s.game, s.player(0), power.params.count) == 0


# ------------------------------------------------------------------ battles


def record(
    attacker: list[str],
    defender: list[str],
    *,
    winner: int | None = 0,
    lost_a: list[str] = (),
    lost_d: list[str] = (),
    opponent: int = 1,
    at_city: bool = False,
    naval: bool = False,
    from_sea: bool = False,
    space: str = "D5",
) -> BattleRecord:
    return BattleRecord(
        space=Scenario.hex(space),
        naval=naval,
        attacker=0,
        defender=opponent,
        winner=opponent if winner == 1 else winner,
        at_city=at_city,
        from_sea=from_sea,
        present=[list(attacker), list(defender)],
        lost=[list(lost_a), list(lost_d)],
    )


INF, CAV = "infantry", "cavalry"
BATTLES: dict[str, tuple[BattleRecord, BattleRecord]] = {
    "conqueror": (record([INF], [INF], lost_d=[INF], at_city=True), record([INF], [], at_city=True)),
    "general": (record([INF], [INF] * 3, lost_d=[INF] * 3), record([INF], [INF] * 3, lost_d=[INF] * 2)),
    "great_battle": (record([INF] * 3, [INF] * 3, winner=1), record([INF] * 3, [INF] * 2, winner=1)),
    "defiance": (record([INF], [INF, INF]), record([INF, INF], [INF, INF])),
    "naval_assault": (record([INF], [INF], at_city=True, from_sea=True), record([INF], [INF], at_city=True)),
    "bold": (record([INF], [INF, INF]), record([INF, INF], [INF], winner=1)),
    "legendary_battle": (
        record([INF] * 3, [INF], winner=1, space="D2"),
        record([INF] * 2, [INF], winner=1, space="D2"),
    ),
    "scavenger": (
        record([INF], ["settler"], lost_d=["settler"], space="D6"),
        record([INF], [INF], lost_d=[INF], space="D6"),
    ),
    "aggressor": (record([INF], [INF] * 2, lost_d=[INF] * 2), record([INF], [INF] * 2, lost_d=[INF] * 2, winner=1)),
    "barbarian_conquest": (
        record([INF], [INF, INF], at_city=True, opponent=BARBARIAN),
        record([INF], [INF], at_city=True, opponent=BARBARIAN),
    ),
    "resistance": (
        record([INF], [INF, INF], lost_d=[INF, INF], at_city=True, opponent=BARBARIAN),
        record([INF], [INF, INF], lost_d=[INF], at_city=True, opponent=BARBARIAN),
    ),
    "great_commander": (record(["leader", INF], [INF, INF]), record(["leader", INF, INF, INF], [INF, INF])),
    "brutus": (
        record([INF], ["leader", INF, INF, "ship"], lost_d=["leader", INF, INF, "ship"]),
        record([INF], ["leader", INF, "settler"], lost_d=["leader", INF, "settler"]),
    ),
    "trample": (record([CAV, INF], [INF], lost_a=[INF]), record([CAV, INF], [INF], lost_a=[CAV])),
}


def _battle_board() -> Scenario:
    s = board()
    s.city(1, "D2", wonders=["pyramids"], buildings={"academy": 1, "market": 1, "temple": 1})  # size 5 with a wonder
    s.advances(1, "Bartering", "Trade Routes")
    s.city(0, "D7")  # a settler of player 1 at D6 could trade with this city
    return s


@pytest.mark.parametrize("key", sorted(BATTLES))
def test_each_battle_objective_holds_exactly_when_its_condition_does(key):
    passing, failing = BATTLES[key]
    for battle, expected in ((passing, True), (failing, False)):
        s = _battle_board()
        condition = s.game.rules.objectives[key].condition("instant")
        moment = {"kind": "battle", "battle": battle}
        assert objectives.holds(s.game, s.player(0), condition, moment) is expected, (key, expected)


def defence(opponent: int, attackers: list[str], defenders: list[str], *, at_city: bool = False) -> BattleRecord:
    """`opponent` attacks player 0 at D5 with `attackers`, and loses all of them against `defenders`."""
    return replace(
        record(attackers, defenders, lost_a=attackers, at_city=at_city), attacker=opponent, defender=0, winner=0
    )


@pytest.mark.parametrize(
    ("key", "battle"),
    [
        ("conqueror", defence(1, [INF], [INF], at_city=True)),
        ("aggressor", defence(1, [INF, INF], [INF])),
        ("barbarian_conquest", defence(BARBARIAN, [INF], [INF, INF], at_city=True)),
    ],
)
def test_attackers_objectives_do_not_hold_for_a_defender(key, battle):
    """The printed cards ("as attacker", "capture"), where the catalogue notes the content checks no role."""
    s = _battle_board()
    condition = s.game.rules.objectives[key].condition("instant")
    assert not objectives.holds(s.game, s.player(0), condition, {"kind": "battle", "battle": battle})


def test_bold_also_holds_with_fewer_warfare_advances_than_the_opponent():
    s = _battle_board()
    bold = s.game.rules.objectives["bold"].condition("instant")
    lost = {"kind": "battle", "battle": record([INF, INF], [INF], winner=1)}
    assert not objectives.holds(s.game, s.player(0), bold, lost)
    s.advances(1, "Tactics")
    assert objectives.holds(s.game, s.player(0), bold, lost)  # player 1 owns Tactics, player 0 none
    s.advances(0, "Tactics")
    assert not objectives.holds(s.game, s.player(0), bold, lost)


@pytest.mark.parametrize(
    ("key", "earlier", "now", "expected"),
    [
        ("warmonger", record([INF], [INF], space="D5"), record([INF], [INF], winner=1, space="D6"), True),
        ("warmonger", record([INF], [INF], space="D5"), record([INF], [INF], space="D5"), False),
        ("warmonger", record([INF], [INF], winner=1, space="D5"), record([INF], [INF], winner=1, space="D6"), False),
        (  # a battle of other players that turn does not count (the catalogue's Note: the content counts it)
            "warmonger",
            replace(record([INF], [INF], space="D5"), attacker=1, defender=BARBARIAN, winner=1),
            record([INF], [INF], space="D6"),
            False,
        ),
        (
            "sea_cleansing",
            record(["ship"], ["ship"], naval=True, opponent=PIRATE),
            record(["ship"], ["ship"], naval=True, opponent=PIRATE),
            True,
        ),
        (
            "sea_cleansing",
            record(["ship"], ["ship"], naval=True, opponent=PIRATE, winner=1),
            record(["ship"], ["ship"], naval=True, opponent=PIRATE),
            False,
        ),
    ],
)
def test_objectives_counting_the_battles_of_the_turn(key, earlier, now, expected):
    s = board()
    s.game.battles = [earlier, now]
    condition = s.game.rules.objectives[key].condition("instant")
    assert objectives.holds(s.game, s.player(0), condition, {"kind": "battle", "battle": now}) is expected


# ------------------------------------------------------------------ completing in the status phase


def in_status_phase(s: Scenario, *cards: int, player: int = 0) -> None:
    s.player(player).objective_cards = list(cards)
    s.game.phase = "status"
    s.game.status_step = 0
    status.run(s.game)


def test_status_phase_offers_fulfilled_objectives_and_scores_the_completed_card():
    s = board()
    spread(s, 0, "D2 B6 C7 A7 D6 E6")  # Large Civilization (card 1)
    s.city(1, "D7")
    s.player(1).objective_cards = []
    in_status_phase(s, 1, 2)
    decision = s.game.pending[-1]
    assert (
        isinstance(decision, ObjectiveDecision) and decision.player == 0 and decision.options == ["large_civilization"]
    )
    assert set(s.legal()) == {CompleteObjective(1, "large_civilization"), EndObjectives()}
    s.apply(CompleteObjective(1, "large_civilization"))
    p = s.player(0)
    assert p.objective_cards == [2] and p.completed_objectives == [1]
    assert p.objective_completions[0].objective == "large_civilization"
    assert score_sheet(s.game, 0)["objectives"] == 2
    assert not any(isinstance(d, ObjectiveDecision) for d in s.game.pending)  # the phase went on


def test_an_objective_name_completes_one_card_per_status_phase():
    s = board()
    category(s, 0, "Autocracy")  # Government, on cards 24 and 25
    s.city(0, "D2")
    s.city(1, "D7")
    s.player(1).objective_cards = []
    in_status_phase(s, 24, 25)
    s.apply(CompleteObjective(24, "government"))
    assert s.player(0).objective_cards == [25] and not any(isinstance(d, ObjectiveDecision) for d in s.game.pending)


def test_standing_army_and_military_might_exclude_each_other():
    s = board()
    spread(s, 0, "D2 B6 C7 A7 D6")
    units(s, 0, "infantry", "D2 B6 C7 A7 D2 D2 D2 D2 D2 D2 D2 D2")
    s.city(1, "D7")
    s.player(1).objective_cards = []
    in_status_phase(s, 14, 26)
    assert s.game.pending[-1].options == ["military_might", "standing_army"]
    before = to_plain(s.game)
    s.apply(CompleteObjective(26, "military_might"))
    assert s.player(0).objective_cards == [14]
    assert not any(isinstance(d, ObjectiveDecision) for d in s.game.pending)
    assert before != to_plain(s.game)


def test_paying_objectives_take_the_resource_and_refuse_gold():
    s = board()
    s.city(0, "D2")
    s.city(1, "D7")
    s.resources(0, ideas=5, gold=9)
    s.player(1).objective_cards = []
    in_status_phase(s, 7)
    s.apply(CompleteObjective(7, "eureka"))
    assert s.player(0).resources["ideas"] == 3 and s.player(0).resources["gold"] == 9


def test_completing_a_card_not_held_or_not_fulfilled_is_refused():
    s = board()
    spread(s, 0, "D2 B6 C7 A7 D6 E6")
    s.city(1, "D7")
    s.player(1).objective_cards = []
    in_status_phase(s, 1, 2)
    for action, match in (
        (CompleteObjective(3, "large_civilization"), "holds no objective card 3"),
        (CompleteObjective(2, "scientific_lead"), "not fulfilled"),
    ):
        before = to_plain(s.game)
        with pytest.raises(RuleError, match=match):
            s.apply(action)
        assert to_plain(s.game) == before


def test_the_game_ends_only_after_the_last_objectives_are_completed():
    s = board()
    spread(s, 0, "D2 B6 C7 A7 D6 E6")
    s.city(1, "D7")
    s.player(1).objective_cards = []
    s.game.age = s.game.rules.game.ages
    in_status_phase(s, 1)
    assert s.game.phase == "status"
    s.apply(CompleteObjective(1, "large_civilization"))
    assert s.game.phase == "over" and score_sheet(s.game, 0)["objectives"] == 2


# ------------------------------------------------------------------ instant objectives in play


def conqueror_board(defenders: int) -> tuple[Scenario, list]:
    """Player 0 (holding Conqueror, card 2) attacks player 1's city at D3, held by `defenders` infantry."""
    s = board()
    s.city(0, "D2")
    s.city(1, "D3")
    s.city(1, "D7")
    s.units(1, "infantry", "D3", defenders) if defenders else None
    s.player(0).objective_cards = [2]
    s.player(1).objective_cards = [8]  # Conqueror too: a defender never completes it
    return s, s.units(0, "infantry", "D3", 2)


def test_conqueror_is_offered_to_the_attacker_who_beats_a_citys_defenders():
    s, attackers = conqueror_board(defenders=1)
    dice(s, (6, "infantry"), (6, "infantry"), (2, "cavalry"))  # 2 hits against none: the defender dies
    attack(s, 0, attackers, "D3", "D2")
    (battle,) = s.game.battles
    assert battle.winner == 0 and battle.at_city and battle.real
    decision = next(d for d in s.game.pending if isinstance(d, ObjectiveDecision))
    assert decision.player == 0 and decision.options == ["conqueror"]


def test_conqueror_is_not_offered_for_an_undefended_city():
    """The printed card; the catalogue notes the content counts a capture without defenders."""
    s, attackers = conqueror_board(defenders=0)
    attack(s, 0, attackers, "D3", "D2")
    (battle,) = s.game.battles
    assert battle.winner == 0 and battle.at_city and not battle.real
    assert not any(isinstance(d, ObjectiveDecision) for d in s.game.pending)


def test_conqueror_counts_each_city_taken_from_its_defenders_once_and_no_undefended_one():
    """The 2012 rulebook's example: one captured city completes one Conqueror, a second city another.
    The printed card needs defenders beaten, so an undefended city completes none."""
    s, attackers = conqueror_board(defenders=1)
    s.player(0).objective_cards = [2, 8]
    s.player(1).objective_cards = []
    s.city(1, "B6")
    for city, origin in (("D3", "D2"), ("D7", "D6")):
        s.units(1, "infantry", city, 1) if city != "D3" else None
        dice(s, (6, "infantry"), (6, "infantry"), (2, "cavalry"))
        attack(s, 0, attackers if city == "D3" else s.units(0, "infantry", city, 2), city, origin)
        offered = [d.options for d in s.game.pending if isinstance(d, ObjectiveDecision)]
        assert offered == [["conqueror"]]  # once for the city, though two cards hold it
        s.game.pending.clear()
        s.player(0).objective_cards.pop(0)  # completed with one card: the other waits for another city
    s.player(0).objective_cards = [2]
    attack(s, 0, [s.unit(0, "infantry", "B6")], "B6", "B5")
    assert s.game.city_at(s.hex("B6")).owner == 0
    assert not any(isinstance(d, ObjectiveDecision) for d in s.game.pending)


def test_a_battle_record_counts_units_present_and_lost():
    s = board()
    s.city(1, "D7")
    attackers = s.units(0, "infantry", "D5", 3)
    s.units(1, "infantry", "D5", 3)
    s.player(0).objective_cards = [6]  # Great Battle
    dice(s, *[(2, "cavalry")] * 3, *[(6, "infantry")] * 3)  # 1 hit against 4: the attackers all die
    attack(s, 0, attackers, "D5", "D4")
    (battle,) = s.game.battles
    assert battle.present == [["infantry"] * 3, ["infantry"] * 3]
    assert battle.lost == [["infantry"] * 3, ["infantry"]]
    assert battle.winner == 1 and battle.real
    assert s.game.pending[-1].options == ["great_battle"]


def test_magnificent_culture_is_offered_when_a_wonder_is_built():
    from tests.engine.test_wonders import wonder_builder

    s, city = wonder_builder("pyramids")
    s.player(0).objective_cards = [32]
    s.apply(BuildWonder(city.id, "pyramids"))
    decision = s.game.pending[-1]
    assert isinstance(decision, ObjectiveDecision) and decision.options == ["magnificent_culture"]
    s.apply(EndObjectives())
    assert s.player(0).objective_cards == [32] and s.game.pending == []
    assert s.player(0).wonders_built_when == [[s.game.age, s.game.round]]


def test_magnificent_culture_in_the_status_phase_needs_a_wonder_in_the_last_round():
    s = board()
    cond = s.game.rules.objectives["magnificent_culture"].condition("status")
    s.player(0).wonders_built_when = [[1, 2]]
    assert not objectives.holds(s.game, s.player(0), cond)
    s.player(0).wonders_built_when.append([1, s.game.rules.game.rounds_per_age])
    assert objectives.holds(s.game, s.player(0), cond)
    s.player(1).wonders_built_when.append([1, s.game.rules.game.rounds_per_age])
    assert not objectives.holds(s.game, s.player(0), cond)  # another player built one in that round too


def test_city_founder_is_offered_for_a_city_five_spaces_from_the_start():
    s = board()
    s.city(0, "D2")
    settler = s.unit(0, "settler", "D7")
    near = s.unit(0, "settler", "D5")
    s.player(0).objective_cards = [27]
    s.apply(FoundCity(near.id))
    assert not any(isinstance(d, ObjectiveDecision) for d in s.game.pending)
    s.apply(FoundCity(settler.id))
    assert s.game.pending[-1].options == ["city_founder"]
    s.apply(CompleteObjective(27, "city_founder"))
    colony = s.game.rules.objectives["colony"].condition("status")
    assert objectives.holds(s.game, s.player(0), colony)  # completed in an earlier round of the age
    s.game.round = s.game.rules.game.rounds_per_age
    s.player(0).objective_completions[0].round = s.game.round
    assert not objectives.holds(s.game, s.player(0), colony)
    s.player(0).objective_completions[0].own_turn = False  # in another player's turn: not in their last round
    assert objectives.holds(s.game, s.player(0), colony)


def test_terror_regime_completes_by_itself_after_an_action():
    s = board()
    spread(s, 0, "D2 B6 C7 A7", mood="angry")
    s.player(0).objective_cards = [29]
    s.apply(EndTurn())
    assert (
        s.player(0).completed_objectives == [29] and s.player(0).objective_completions[0].objective == "terror_regime"
    )


def test_terror_regime_completes_at_once_even_in_another_players_turn():
    s = board()
    spread(s, 1, "D2 B6 C7 A7", mood="angry")
    s.player(1).objective_cards = [29]
    s.city(0, "E5", mood="neutral")
    s.resources(0, mood=1)
    assert s.game.current == 0
    s.apply(StartHappiness())  # any action of any player
    assert s.player(1).completed_objectives == [29]
    assert not s.player(1).objective_completions[0].own_turn


def test_terror_regime_is_not_checked_in_the_status_phase_and_completes_after_the_next_action():
    """Catalogue: not checked in the status phase, whose completions are the status objectives."""
    s = board()
    s.city(1, "D7")
    s.player(0).objective_cards = [29]
    s.game.first_player = 0
    spread(s, 0, "D2 B6 C7 A7", mood="angry")  # (as an event drawn in the status phase could leave them)
    status.begin(s.game)
    while s.game.phase == "status":
        s.apply(s.legal()[0])
        assert s.game.phase != "status" or 29 in s.player(0).objective_cards
    assert s.player(0).completed_objectives == []
    s.apply(s.legal()[0])  # the first action of the next round
    assert s.player(0).completed_objectives == [29]


def draft_board(*advances: str, cards: tuple[int, ...] = (1,)) -> tuple[Scenario, list]:
    """Player 0 with three Happy cities, 5 mood, 5 food, 5 ore, these advances and objective cards."""
    s = board()
    cities = [s.city(0, label, mood="happy") for label in ("D2", "B6", "C7")]
    s.city(1, "D7")
    s.advances(0, *advances)
    s.resources(0, food=5, ore=5, mood=5)
    s.player(0).objective_cards = list(cards)
    return s, cities


def offered(s: Scenario) -> list[tuple[int, list[str]]]:
    return [(d.player, d.options) for d in s.game.pending if isinstance(d, ObjectiveDecision)]


def test_draft_is_offered_on_the_second_recruit_paying_an_infantry_with_drafts_mood_token():
    s, (first, second, _) = draft_board("Draft")
    s.apply(Recruit(first.id, ("infantry",), payment={"mood": 1}))
    assert offered(s) == []
    s.apply(Recruit(second.id, ("infantry",), payment={"mood": 1}))
    assert offered(s) == [(0, ["draft"])]


def test_draft_does_not_count_recruits_paid_the_usual_way_nor_mood_paid_for_another_unit():
    """Sanitation's mood token pays for a settler, not for the infantry: no Draft price was paid."""
    s, (first, second, _) = draft_board("Draft", "Sanitation")
    for city in (first, second):
        s.apply(Recruit(city.id, ("infantry", "settler"), payment={"food": 1, "ore": 1, "mood": 1}))
    assert offered(s) == []


def test_draft_counts_only_recruits_made_while_the_card_is_in_hand():
    s, (first, second, third) = draft_board("Draft", cards=())
    s.apply(Recruit(first.id, ("infantry",), payment={"mood": 1}))
    s.player(0).objective_cards = [1]  # drawn in the turn (Writing, New Plans)
    s.apply(Recruit(second.id, ("infantry",), payment={"mood": 1}))
    assert offered(s) == []
    s.apply(Recruit(third.id, ("infantry",), payment={"mood": 1}))
    assert offered(s) == [(0, ["draft"])]


def test_a_declined_draft_is_not_offered_again_by_a_recruit_of_another_kind():
    s, (first, second, third) = draft_board("Draft")
    for city in (first, second):
        s.apply(Recruit(city.id, ("infantry",), payment={"mood": 1}))
    s.apply(EndObjectives())
    s.apply(Recruit(third.id, ("settler",), payment={"food": 2}))
    assert offered(s) == []


def test_sea_blockade_counts_ships_not_the_units_they_carry():
    s = board()
    s.city(1, "D7", port_space="E3")
    s.city(1, "C3", port_space="C4")
    (ship,) = s.units(0, "ship", "E3", 1)
    (infantry,) = s.units(0, "infantry", "E3", 1)
    infantry.carrier = ship.id
    blockade = s.game.rules.objectives["sea_blockade"].condition("status")
    assert not objectives.holds(s.game, s.player(0), blockade)
    s.units(0, "ship", "C4", 1)
    assert objectives.holds(s.game, s.player(0), blockade)
