"""Civilizations: setup, special advances with their linked advances, leaders as recruited army units."""

import pytest

from civgame.framework.errors import RuleError
from civgame.framework.invariants import InvariantChecker
from civgame.games.clash.content.effects import has
from civgame.games.clash.core.actions import (
    Advance,
    ChooseCasualties,
    ChooseCivilization,
    ChooseLeader,
    MoveUnits,
    Recruit,
    StartMove,
    UseAbility,
)
from civgame.games.clash.core.decisions import CasualtyDecision, CivilizationDecision, LeaderDecision
from civgame.games.clash.core.hexgrid import hex_to_label
from civgame.games.clash.core.model import BARBARIAN
from civgame.games.clash.definition import DEFINITION
from civgame.games.clash.rules.base import civilizations
from civgame.games.clash.rules.base.scoring import score_sheet, winners
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.rules.flow.setup import new_game
from tests.combat_helpers import LEADER as LEADER_FACE
from tests.combat_helpers import attack, dice
from tests.scenario import Scenario

ALL = ["rome", "greece", "china", "vikings"]


@pytest.fixture
def all_playable(monkeypatch):
    """Treat every civilization as playable, as if all their abilities were in play."""
    monkeypatch.setattr(civilizations, "complete", lambda civ: True)


def civ_scenario(*civs: str) -> Scenario:
    s = Scenario(players=len(civs))
    for player, key in zip(s.game.players, civs, strict=True):
        civilizations.take(s.game, player, key)
    s.reveal_all()
    return s


# ------------------------------------------------------------------ setup


def test_only_civilizations_with_every_ability_in_play_are_offered():
    rules = new_game(2, 1).rules
    assert civilizations.playable(rules) == [k for k, c in rules.civilizations.items() if civilizations.complete(c)]
    offered = civilizations.playable(rules)
    assert {"rome", "greece", "china", "vikings"} <= set(offered)
    rome = rules.civilizations["rome"]
    sulla = next(leader for leader in rome.leaders if leader.name == "Sulla")
    dictator = sulla.abilities[0].model_copy(update={"missing": "Barbarians near Sulla move only if he allows."})
    unfinished = sulla.model_copy(update={"abilities": [dictator, *sulla.abilities[1:]]})
    others = [leader for leader in rome.leaders if leader is not sulla]
    assert civilizations.complete(rome)
    assert not civilizations.complete(rome.model_copy(update={"leaders": [*others, unfinished]}))


def test_random_setup_deals_each_player_a_different_civilization(all_playable):
    for seed in range(6):
        game = new_game(4, seed, civilizations="random")
        taken = [p.civilization for p in game.players]
        assert sorted(taken) == sorted(ALL)
    assert [p.civilization for p in new_game(3, 5, civilizations="random").players] == [
        p.civilization for p in new_game(3, 5, civilizations="random").players
    ]


def test_choose_setup_asks_in_turn_order_and_each_civilization_once(all_playable):
    game = new_game(3, 2, civilizations="choose")
    order = game.turn_order()
    from civgame.games.clash import apply, legal_actions

    picked = []
    for index in order:
        assert isinstance(game.pending[-1], CivilizationDecision) and game.actor() == index
        options = [a.civilization for a in legal_actions(game)]
        assert sorted(options) == sorted(set(game.rules.civilizations) - set(picked))
        apply(game, ChooseCivilization(options[0]))
        picked.append(options[0])
    assert game.pending == [] and [game.player(i).civilization for i in order] == picked
    with pytest.raises(RuleError):
        apply(game, ChooseCivilization("rome"))


def test_the_vikings_start_on_the_coast():
    game = new_game(2, 1, civilizations=["vikings", "rome"])
    (capital,) = game.cities_of(0)
    assert any(game.is_water(h) for h in game.board_neighbors(capital.pos))
    assert not any(game.is_water(h) for h in game.regions[1].spaces())


def test_the_capital_is_the_starting_city_space_even_once_the_city_is_gone():
    game = new_game(2, 1, civilizations=["greece", "china"])
    for player in game.players:
        (start,) = game.cities_of(player.index)
        assert civilizations.capital(game, player) == start.pos
        assert game.terrain(start.pos) == "grassland"  # the Fertile space of the home region
    (lost,) = game.cities_of(0)
    game.cities.remove(lost)
    assert civilizations.capital(game, game.players[0]) == lost.pos


def test_a_civilization_list_must_name_each_player_one_different_civilization():
    with pytest.raises(RuleError, match="one different civilization"):
        new_game(2, 1, civilizations=["rome", "rome"])
    with pytest.raises(RuleError, match="no civilization 'atlantis'"):
        new_game(2, 1, civilizations=["rome", "atlantis"])


# ------------------------------------------------------------------ special advances


def test_a_special_advance_comes_free_with_its_linked_advance_and_counts_half_a_point():
    s = civ_scenario("rome", "greece")
    s.resources(0, food=2)
    cubes = s.player(0).event_cubes
    before = score_sheet(s.game, 0)["advances"]
    s.apply(Advance("Bartering", payment={"food": 2}))
    assert s.player(0).special_advances == ["Captivi"]
    assert s.player(0).event_cubes == cubes - 1  # only the bought advance used a cube
    assert score_sheet(s.game, 0)["advances"] == before + 1.0  # Bartering ½ + Captivi ½
    assert s.player(1).special_advances == []
    assert check_invariants(s.game) == []


def test_any_government_special_advance_stays_when_the_government_changes():
    s = civ_scenario("rome", "greece")
    from civgame.games.clash.rules.actions.advances import gain_advance
    from civgame.games.clash.rules.flow.status import switch_government

    gain_advance(s.game, s.player(0), "Voting", uses_event_cube=False)
    assert "Provinces" in s.player(0).special_advances
    switch_government(s.game, s.player(0), ("Nationalism",))
    assert "Voting" not in s.player(0).advances and s.player(0).special_advances == ["Provinces"]
    assert not any("loses the special advance" in line for line in s.game.log)


def test_any_government_special_advance_is_lost_with_every_government_advance_and_regained():
    s = civ_scenario("rome", "greece")
    from civgame.games.clash.rules.actions.advances import gain_advance
    from tests.engine.test_events import main_effect

    gain_advance(s.game, s.player(0), "Voting", uses_event_cube=False)
    main_effect(s, 44)  # Anarchy
    assert s.player(0).special_advances == [] and check_invariants(s.game) == []
    gain_advance(s.game, s.player(0), "Dogma", uses_event_cube=False)
    assert s.player(0).special_advances == ["Provinces"]


def test_a_special_advance_is_lost_with_its_linked_advance():
    s = civ_scenario("greece", "rome")
    from civgame.games.clash.rules.actions.advances import gain_advance

    gain_advance(s.game, s.player(0), "Draft", uses_event_cube=False)
    assert s.player(0).special_advances == ["Sparta"]
    s.player(0).advances.remove("Draft")
    civilizations.drop_special_advances(s.game, s.player(0))
    assert s.player(0).special_advances == [] and check_invariants(s.game) == []


# ------------------------------------------------------------------ leaders


def recruiting(*civs: str) -> tuple[Scenario, object]:
    s = civ_scenario(*civs)
    s.resources(0, food=2, ore=2, mood=3, culture=3)
    return s, s.city(0, "D2", mood="happy")


def test_a_leader_is_recruited_for_a_mood_and_a_culture_token_and_chosen_by_the_player():
    s, city = recruiting("rome", "greece")
    assert Recruit(city.id, ("leader",)) in s.legal_of(Recruit)
    s.apply(Recruit(city.id, ("leader",), payment={"mood": 1, "culture": 1}))
    decision = s.game.pending[-1]
    assert isinstance(decision, LeaderDecision)
    assert decision.options == ["Augustus", "Gaius Julius Caesar", "Sulla"]
    s.apply(ChooseLeader("Sulla"))
    (leader,) = [u for u in s.game.units_of(0) if u.kind == "leader"]
    assert leader.pos == city.pos and s.player(0).leader == "Sulla"
    assert (s.player(0).mood_tokens, s.player(0).culture_tokens) == (2, 2)
    assert check_invariants(s.game) == []


def test_a_new_leader_replaces_the_old_one_for_good_and_three_is_the_most():
    s, city = recruiting("rome", "greece")
    for name in ("Sulla", "Augustus"):
        s.apply(Recruit(city.id, ("leader",), payment={"mood": 1, "culture": 1}))
        s.apply(ChooseLeader(name))
        s.turn(0)
    assert s.player(0).leader == "Augustus" and s.player(0).captured_leaders == []
    assert [u.kind for u in s.game.units_of(0)].count("leader") == 1
    s.apply(Recruit(city.id, ("leader",), payment={"mood": 1, "culture": 1}))  # the last one comes at once
    assert s.player(0).leader == "Gaius Julius Caesar" and s.player(0).leaders_used == [
        "Sulla",
        "Augustus",
        "Gaius Julius Caesar",
    ]
    s.turn(0)
    assert all("leader" not in r.units for r in s.legal_of(Recruit))


def test_a_new_leader_is_recruited_into_a_full_stack_its_predecessor_leaves_first():
    """Summary: the old leader is removed "before recruiting the new one", so it takes no room."""
    s = civ_scenario("rome", "greece")
    s.resources(0, food=3, ore=3, mood=3, culture=3)
    city = s.city(0, "D2", mood="happy", buildings={"temple": 0})  # may recruit 3 units
    civilizations.place_leader(s.game, s.player(0), "Sulla", city)
    s.units(0, "infantry", "D2", 2)  # 3 army units with Sulla: room for 1
    listed = {r.units for r in s.legal_of(Recruit) if "leader" in r.units}
    assert ("infantry", "leader") in listed and ("infantry", "infantry", "leader") not in listed
    s.units(0, "infantry", "D2", 1)  # 4: full, but Sulla leaves
    assert {r.units for r in s.legal_of(Recruit)} == {("leader",), ("leader", "settler"), ("settler",)}
    s.apply(Recruit(city.id, ("leader",), payment={"mood": 1, "culture": 1}))
    s.apply(ChooseLeader("Augustus"))
    assert sorted(u.kind for u in s.game.units_at(city.pos)) == ["infantry"] * 3 + ["leader"]
    assert s.player(0).leader == "Augustus" and s.player(0).leaders_used == ["Sulla", "Augustus"]


def test_players_without_a_civilization_recruit_no_leader():
    s = Scenario().reveal_all()
    s.resources(0, food=2, mood=3, culture=3)
    city = s.city(0, "D2", mood="happy")
    assert all("leader" not in r.units for r in s.legal_of(Recruit))
    with pytest.raises(RuleError):
        s.apply(Recruit(city.id, ("leader",), payment={"mood": 1, "culture": 1}))


def place_leader(s: Scenario, player: int, name: str, label: str):
    city = s.city(player, label) if s.game.city_at(s.hex(label)) is None else s.game.city_at(s.hex(label))
    civilizations.place_leader(s.game, s.player(player), name, city)
    return next(u for u in s.game.units_of(player) if u.kind == "leader")


def test_a_leader_killed_by_an_enemy_player_is_captured_for_two_points():
    s = civ_scenario("rome", "greece")
    s.city(1, "D2")
    leader = place_leader(s, 1, "Pericles", "D2")
    att = s.units(0, "infantry", "D2", 3)
    dice(s, (6, "infantry"), (6, "infantry"), (6, "infantry"), (2, "cavalry"))
    attack(s, 0, att, "D2", "C2")
    assert s.game.unit(leader.id) is None and s.player(1).leader is None
    assert s.player(0).captured_leaders == ["Pericles"]
    assert score_sheet(s.game, 0)["leaders"] == 2
    assert check_invariants(s.game) == []


def test_a_leader_killed_by_barbarians_is_lost_to_everyone():
    s = civ_scenario("rome", "greece")
    leader = place_leader(s, 0, "Sulla", "D2")
    barbarians = s.units(BARBARIAN, "infantry", "D2", 3)
    dice(s, (6, "infantry"), (6, "infantry"), (6, "infantry"), (2, "cavalry"))
    attack(s, BARBARIAN, barbarians, "D2", "C2", can_retreat=False)
    assert s.game.unit(leader.id) is None and s.player(0).leader is None
    assert all(p.captured_leaders == [] for p in s.game.players)


def test_the_leader_is_an_army_unit_that_stacks_needs_tactics_and_takes_room_on_a_ship():
    s = civ_scenario("greece", "vikings")
    leader = place_leader(s, 0, "Pericles", "C2")
    s.units(0, "infantry", "C2", 3)
    walker = s.unit(0, "infantry", "D2")
    ship = s.unit(0, "ship", "B2")
    s.unit(0, "infantry", "B2", carrier=ship)
    s.apply(StartMove())
    assert not [m for m in s.legal_of(MoveUnits) if leader.id in m.units]  # no Tactics, no move
    assert MoveUnits((walker.id,), s.hex("C2")) not in s.legal_of(MoveUnits)  # leader + 3 infantry: full
    s.advances(0, "Tactics")
    assert MoveUnits((leader.id,), s.hex("B2")) in s.legal_of(MoveUnits)
    s.unit(0, "infantry", "B2", carrier=ship)  # the ship is full
    assert MoveUnits((leader.id,), s.hex("B2")) not in s.legal_of(MoveUnits)


def test_a_leader_fights_and_may_be_chosen_as_a_casualty():
    s = civ_scenario("rome", "greece")
    s.city(1, "D2")
    leader = place_leader(s, 1, "Pericles", "D2")
    defender = s.unit(1, "infantry", "D2")
    att = s.units(0, "infantry", "D2", 3)
    dice(s, (2, "cavalry"), (2, "cavalry"), (3, "elephant"), LEADER_FACE, (2, "cavalry"), (2, "cavalry"))
    attack(s, 0, att, "D2", "C2")
    decision = s.game.pending[-1]
    assert isinstance(decision, CasualtyDecision) and decision.player == 1
    assert sorted(decision.candidates) == sorted([leader.id, defender.id])
    s.apply(ChooseCasualties((leader.id,)))
    assert s.player(1).leader is None and s.player(0).captured_leaders == ["Pericles"]


def test_captured_leaders_break_a_tie_only_after_every_other_category():
    s = Scenario(players=2)
    s.city(0, "D2")
    s.city(1, "D7")
    s.player(0).event_vp = 2.0
    s.player(1).captured_leaders.append("Sulla")  # 2 VP as well
    assert winners(s.game) == [0]  # event VP come before captured leaders
    s.player(0).event_vp = 0.0
    s.player(1).event_vp = 0.0
    s.player(0).captured_leaders.append("Augustus")
    s.player(1).captured_leaders.clear()
    assert winners(s.game) == [0]


# ------------------------------------------------------------------ abilities in play


def test_sulla_gives_two_combat_value_against_barbarians_only_where_he_fights():
    s = civ_scenario("rome", "greece")
    place_leader(s, 0, "Sulla", "D2")
    s.units(0, "infantry", "D2", 1)
    far = s.city(0, "B6")
    assert has(s.game, s.player(0), "combat_bonus", at=s.hex("D2"))
    assert not has(s.game, s.player(0), "combat_bonus", at=far.pos)
    barbarians = s.units(BARBARIAN, "infantry", "D2", 1)
    dice(s, (3, "elephant"), (3, "elephant"), (2, "cavalry"))
    attack(s, BARBARIAN, barbarians, "D2", "C2", can_retreat=False)
    assert "Player 1 gets +2 combat value from Sulla" in s.game.log


def test_leonidas_gives_a_culture_token_for_recruiting_in_his_city():
    s, city = recruiting("greece", "rome")
    place_leader(s, 0, "Leonidas I", "D2")
    culture = s.player(0).culture_tokens
    s.apply(Recruit(city.id, ("infantry",), payment={"food": 1, "ore": 1}))
    assert s.player(0).culture_tokens == culture + 1
    other = s.city(0, "B6", mood="happy")
    s.turn(0)
    s.apply(Recruit(other.id, ("infantry",), payment={"food": 1, "ore": 1}))
    assert s.player(0).culture_tokens == culture + 1


def test_study_gives_an_idea_for_recruiting_in_a_city_with_an_academy():
    s, city = recruiting("greece", "rome")
    from civgame.games.clash.rules.actions.advances import gain_advance

    gain_advance(s.game, s.player(0), "Public Education", uses_event_cube=False)
    assert "Study" in s.player(0).special_advances
    city.buildings["academy"] = 0
    ideas = s.player(0).resources["ideas"]
    s.apply(Recruit(city.id, ("infantry",), payment={"food": 1, "ore": 1}))
    assert s.player(0).resources["ideas"] == ideas + 1


# ------------------------------------------------------------------ whole games


def civilization_game(seed: int, observer=None):
    """A game of random (even seeds) or aggressive (odd seeds) agents, every seat with a civilization."""
    from civgame.ai import play_out, random_agents
    from civgame.ai.random_agent import AggressiveAgent
    from tests.engine.test_random_games import players_for

    players = players_for(seed)
    game = new_game(players, seed, civilizations=ALL[:players])
    agents = random_agents(players, seed) if seed % 2 == 0 else [AggressiveAgent(f"{seed}:{i}") for i in range(players)]
    return play_out(game, agents, observer=observer)


@pytest.mark.parametrize("seed", range(8))
def test_random_games_with_civilizations_keep_every_invariant(seed):
    checker = InvariantChecker(DEFINITION, f"seed {seed}", save_at_step=40 + seed * 20)
    game = civilization_game(seed, observer=checker)
    assert game.phase == "over" and checker.saved


def test_random_and_aggressive_agents_recruit_leaders_and_use_civilization_abilities():
    from civgame.framework.codec import from_plain
    from civgame.games.clash.core.actions import Action

    recruited, used = 0, 0
    for seed in range(8):
        game = civilization_game(seed)
        civs = [game.rules.civilizations[str(p.civilization)] for p in game.players]
        sources = {s.name for civ in civs for s in civ.special_advances} | {x.name for civ in civs for x in civ.leaders}
        recruited += sum(len(p.leaders_used) for p in game.players)
        for entry in game.history:
            action = from_plain(Action, entry)
            used += isinstance(action, UseAbility) and action.source in sources
    assert recruited >= 6 and used >= 3


def land_battle(s: Scenario, attackers: int, defenders: int, leader: str | None = None):
    """Player 0 attacks player 1's units at C2 from D2; returns the log lines of the first round's bonuses."""
    if leader:
        place_leader(s, 0, leader, "B6")  # recruited far away, then marched to the battle
        next(u for u in s.game.units_of(0) if u.kind == "leader").pos = s.hex("C2")
    att = [*s.units(0, "infantry", "C2", attackers), *(u for u in s.game.units_of(0) if u.kind == "leader")]
    s.units(1, "infantry", "C2", defenders)
    dice(s, *[(3, "elephant")] * (len(att) + defenders))
    attack(s, 0, att, "C2", "D2")
    return [line for line in s.game.log if "combat value from" in line]


def test_augustus_gives_two_only_in_a_region_without_a_city_of_yours():
    s = civ_scenario("rome", "greece")
    assert land_battle(s, 1, 1, "Augustus") == ["Player 1 gets +2 combat value from Augustus"]
    s = civ_scenario("rome", "greece")
    s.city(0, "D2")  # a city in the battle's region
    assert s.game.space_region[s.hex("D2")] is s.game.space_region[s.hex("C2")]
    assert land_battle(s, 1, 1, "Augustus") == []


def test_leonidas_gives_two_per_unit_fewer():
    s = civ_scenario("greece", "rome")
    assert land_battle(s, 0, 3, "Leonidas I") == ["Player 1 gets +4 combat value from Leonidas I"]


def test_wu_zetian_gives_two_with_at_least_as_many_units():
    s = civ_scenario("china", "rome")
    assert land_battle(s, 1, 2, "Wu Zetian") == ["Player 1 gets +2 combat value from Wu Zetian"]
    s = civ_scenario("china", "rome")
    assert land_battle(s, 0, 2, "Wu Zetian") == []


def test_alexander_gives_one_per_region_with_a_city_outside_home():
    s = civ_scenario("greece", "rome")
    home = s.game.regions[0]
    outside = sorted({r.number: r for r in s.game.regions if r.number != home.number}.items())
    for _, region in outside[-2:]:
        label = next(h for h in region.spaces() if s.game.is_land(h) and s.game.city_at(h) is None)
        s.city(0, hex_to_label(label))
    assert land_battle(s, 1, 1, "Alexander the Great") == ["Player 1 gets +2 combat value from Alexander the Great"]


@pytest.mark.parametrize(
    "civ,leader,advance",
    [("greece", "Pericles", "Writing"), ("china", "Sun Tzu", "Tactics"), ("china", "Wu Zetian", "Irrigation")],
)
def test_a_leader_in_a_happy_city_buys_an_advance_of_its_category_for_a_token(civ, leader, advance):
    s = civ_scenario(civ, "vikings")
    city = s.city(0, "D2", mood="neutral")
    place_leader(s, 0, leader, "D2")
    s.resources(0, mood=1, culture=0)
    assert [a for a in s.legal_of(UseAbility) if a.source == leader] == []  # the city is not happy
    city.mood = "happy"
    choices = [a.choice for a in s.legal_of(UseAbility) if a.source == leader]
    assert (advance, "mood") in choices and all(token == "mood" for _, token in choices)
    actions = s.game.actions_left
    s.apply(UseAbility(leader, "leader_city_advance", (advance, "mood")))
    border_bonus = int(s.game.rules.advance(advance).bonus == "mood")
    assert s.player(0).has(advance) and s.player(0).mood_tokens == border_bonus and s.game.actions_left == actions - 1
    assert check_invariants(s.game) == []
