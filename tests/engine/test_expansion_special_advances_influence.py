"""The Civilizations expansion's special advances of faith (rules_data/classic-2012/civilizations/civilizations.yaml):
Egypt's Man God, the Celts' Druidic Influence, India's Proselytism and Persia's Zoroastrianism (001 › EGYPT, CELTS,
INDIA, PERSIA; catalogue §9.3, 9.5, 9.8, 9.11)."""

import shutil

import pytest

from civgame.ai import play_out, random_agents
from civgame.ai.levels import LEVELS, make_agent
from civgame.framework.invariants import InvariantChecker
from civgame.games.clash.content import effects
from civgame.games.clash.core.actions import BoostInfluence, InfluenceCulture, Recruit, UseAbility
from civgame.games.clash.core.model import BARBARIAN, City, Unit
from civgame.games.clash.definition import DEFINITION
from civgame.games.clash.rules.actions.advances import gain_advance
from civgame.games.clash.rules.actions.influence import ARMY_UNIT, TOKEN_UNDER
from civgame.games.clash.rules.base import civilizations
from civgame.games.clash.rules.base.scoring import score_sheet
from civgame.games.clash.rules.flow.controller import why_illegal
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.mods import MODS_DIR_VARIABLE, load_rules
from civgame.games.clash.storage.save import dumps, loads
from tests.classic import CIVILIZATIONS_EXPANSION, die, expansion_rules
from tests.combat_helpers import attack
from tests.engine.test_expansion_special_advances import LEADERS_MOD, MADE_UP, playing, special
from tests.scenario import Scenario

THEOCRACY = ("Dogma", "Devotion", "Conversion", "Fanaticism")


def levels(s, player: int, level: int = 7) -> None:
    """The player's Culture and Happiness levels (the 2012 Scale), which cap their tokens."""
    s.player(player).culture_level = s.player(player).happiness_level = level


def sources_of(s, player: int, primitive: str) -> set[str]:
    return {e.source for e in effects.active(s.game, s.player(player), primitive)}


# the civilizations and their special advance of faith
FAITHS = {"egypt": "Man God", "celts": "Druidic Influence", "india": "Proselytism", "persia": "Zoroastrianism"}


@pytest.mark.parametrize("key", sorted(FAITHS))
def test_seeded_random_games_with_a_special_advance_of_faith_keep_every_invariant(key, monkeypatch, tmp_path):
    """The civilization against a made-up one, its special advance of faith (and the others not linked to a
    government) in play from the start, with culture tokens to spend, every action checked."""
    for mod in (LEADERS_MOD, MADE_UP):
        shutil.copytree(mod, tmp_path / mod.name)  # where the checker's save finds its mods again
    monkeypatch.setenv(MODS_DIR_VARIABLE, str(tmp_path))
    rules = load_rules([LEADERS_MOD, MADE_UP], CIVILIZATIONS_EXPANSION)
    game = new_game(2, 3, rules)
    for player, civ in zip(game.players, (key, "thule"), strict=True):
        civilizations.take(game, player, civ)
    civilizations.starting_leaders(game)
    for linked in rules.civilizations[key].special_advances:
        if not rules.category_of(linked.advance).government:
            gain_advance(game, game.players[0], linked.advance, uses_event_cube=False)
    assert FAITHS[key] in game.players[0].special_advances
    checker = InvariantChecker(DEFINITION, f"{key}, seed 3", save_at_step=40)
    game = play_out(game, random_agents(2, 3), observer=checker)
    assert game.phase == "over" and checker.saved


# ------------------------------------------------------------------ Egypt: Man God


def test_man_god_gives_each_theocracy_advance_the_power_of_the_autocracy_advance_beside_it():
    s = playing("egypt")
    city = s.city(0, "D2", mood="happy")
    s.advances(0, "State Religion", *THEOCRACY)
    levels(s, 0)
    s.resources(0, food=2, ore=2, mood=4)
    assert not sources_of(s, 0, "recruit_reward") and "Absolute Power" not in {a.source for a in s.legal_of(UseAbility)}
    special(s, 0, "Priesthood")
    assert "Man God" in s.player(0).special_advances
    assert "Totalitarianism" in sources_of(s, 0, "influence_protection")  # with Devotion
    assert "Absolute Power" in {a.source for a in s.legal_of(UseAbility)}  # with Conversion
    assert sources_of(s, 0, "angry_as_neutral") == {"Forced Labor"}  # with Fanaticism
    assert not s.player(0).has("Nationalism") and not s.player(0).has("Draft")  # powers only: no advance, no cube
    tokens = s.player(0).mood_tokens + s.player(0).culture_tokens
    s.apply(Recruit(city.id, ("infantry",)))  # Dogma gives Nationalism, without Draft
    while s.game.pending:
        s.apply(s.legal()[0])
    assert s.player(0).mood_tokens + s.player(0).culture_tokens == tokens + 1


def test_man_god_gives_only_the_powers_beside_the_theocracy_advances_held():
    s = playing("egypt")
    s.advances(0, "State Religion", "Dogma")
    special(s, 0, "Priesthood")
    assert sources_of(s, 0, "recruit_reward") == {"Nationalism"}
    assert "Totalitarianism" not in sources_of(s, 0, "influence_protection")
    s.lose_advances(0, "Dogma")
    assert not sources_of(s, 0, "recruit_reward")


def test_man_god_names_its_four_pairs_and_marks_the_last_two_provisional():
    egypt = expansion_rules().civilizations["egypt"]
    man_god = next(a for a in egypt.special_advances if a.name == "Man God")
    assert "Provisional" in man_god.text and "Conversion Absolute Power, Fanaticism Forced Labor" in man_god.text


UNKNOWN_ONLY = {
    "egypt": "no source gives one of the four special advances or the three leaders",
    "celts": "no source gives three of the four special advances or the three leaders",
    "india": "no source gives three of the four special advances or the three leaders",
    "persia": "no source gives three of the four special advances or the three leaders",
}


def test_a_civilization_whose_known_special_advances_are_built_names_only_what_no_source_gives():
    rules = expansion_rules()
    for key, reason in UNKNOWN_ONLY.items():
        assert civilizations.why_not_offered(rules.civilizations[key]) == reason
    celts = rules.civilizations["celts"]
    unbuilt = celts.model_copy(
        update={"special_advances": [a.model_copy(update={"effects": []}) for a in celts.special_advances]}
    )
    assert civilizations.why_not_offered(unbuilt) == f"{UNKNOWN_ONLY['celts']}; Druidic Influence is not built yet"


def test_an_advance_powers_effect_naming_a_category_the_rules_lack_is_a_data_problem():
    rules = expansion_rules()
    egypt = rules.civilizations["egypt"]
    wrong = {"advance_powers": {"category": "Theocracy", "powers_of_category": "Autocrazy"}}
    specials = [a.model_copy(update={"effects": [wrong]}) if a.name == "Man God" else a for a in egypt.special_advances]
    civs = {**rules.civilizations, "egypt": egypt.model_copy(update={"special_advances": specials})}
    problems = rules.model_copy(update={"civilizations": civs}).reference_problems()
    message = "Man God.effects[0].powers_of_category: unknown powers_of_category 'Autocrazy'"
    assert [p.message for p in problems] == [message]


# ------------------------------------------------------------------ Celts: Druidic Influence


def druids() -> tuple[Scenario, City, City]:
    """The Celts (player 0) with Druidic Influence, a city at D2 and a barbarian settlement 2 spaces away."""
    s = playing("celts")
    special(s, 0, "Priesthood")
    return s, s.city(0, "D2"), s.city(BARBARIAN, "F2")


def test_druidic_influence_puts_a_culture_token_under_a_size_1_barbarian_settlement_worth_a_point():
    s, city, settlement = druids()
    levels(s, 0)
    s.resources(0, culture=1)
    attempt = InfluenceCulture(city.id, settlement.id, TOKEN_UNDER, 1)
    assert s.legal_of(InfluenceCulture) == [attempt]  # size 1, beyond range 1 by one space
    points = score_sheet(s.game, 0)["city_pieces"]
    s.fix_dice(die(5))
    s.apply(attempt)
    assert settlement.tokens_under == [0] and settlement.owner == BARBARIAN and not settlement.buildings
    assert score_sheet(s.game, 0)["city_pieces"] == points + 1
    assert "a culture token under the barbarian settlement at F2" in s.game.log[-1]
    s.turn(1).turn(0)
    s.resources(0, culture=1)
    assert s.legal_of(InfluenceCulture) == []  # one token of the Celts under a settlement
    reason = why_illegal(s.game, attempt)
    assert reason == "Player 1 already has a culture token under the settlement at F2"


def test_without_druidic_influence_a_barbarian_settlement_is_no_target():
    s = playing("celts")
    city, settlement = s.city(0, "D2"), s.city(BARBARIAN, "F2")
    levels(s, 0)
    s.resources(0, culture=3)
    assert s.legal_of(InfluenceCulture) == []
    reason = why_illegal(s.game, InfluenceCulture(city.id, settlement.id, TOKEN_UNDER, 1))
    assert reason == "Player 1 cannot put culture tokens under barbarian settlements"


def test_capturing_the_settlement_removes_the_culture_tokens_under_it():
    s, _city, settlement = druids()
    settlement.tokens_under.append(0)
    s.unit(BARBARIAN, "infantry", "F2")
    attackers = s.units(1, "infantry", "F2", 3)
    s.turn(1)
    s.fix_dice(*[die(6)] * 8)
    attack(s, 1, attackers, "F2", "F3")
    assert settlement.owner == 1 and settlement.tokens_under == []


# ------------------------------------------------------------------ India: Proselytism


def missionaries(settlers: int, label: str = "D2") -> tuple[Scenario, list[Unit], City]:
    """India (player 0) with Proselytism, `settlers` settlers at `label`, and player 1's city with a Temple at E6,
    4 spaces from D2."""
    s = playing("india")
    special(s, 0, "State Religion")
    levels(s, 0)
    return s, s.units(0, "settler", label, settlers), s.city(1, "E6", buildings={"temple": 1})


def test_proselytism_lets_settlers_influence_with_range_2_and_1_more_for_each_other_settler():
    s, settlers, target = missionaries(3)
    s.resources(0, culture=2)
    from_settlers = [a for a in s.legal_of(InfluenceCulture) if a.source == settlers[0].id]
    assert from_settlers == [InfluenceCulture(settlers[0].id, target.id, "temple", 0)]  # range 2 + 2 = 4
    s.fix_dice(die(5))
    s.apply(from_settlers[0])
    assert target.buildings == {"temple": 0} and s.player(0).culture_tokens == 2
    s.resources(0, culture=3)
    assert s.legal_of(InfluenceCulture) == []  # one success a turn


def test_fewer_settlers_reach_less_far_and_boost_their_range_with_culture_tokens():
    s, settlers, target = missionaries(2)
    assert s.legal_of(InfluenceCulture) == []
    s.resources(0, culture=1)
    assert s.legal_of(InfluenceCulture) == [InfluenceCulture(settlers[0].id, target.id, "temple", 1)]
    assert why_illegal(s.game, InfluenceCulture(settlers[0].id, target.id, "temple", 0)) == (
        "the target is 4 spaces away, beyond range 3 + 0 culture token(s)"
    )


def test_settlers_in_a_city_add_to_its_range_and_make_no_attempt_themselves():
    s, settlers, target = missionaries(3, "C2")
    city = s.city(0, "C2", buildings={"temple": 0})  # size 2, with 3 settlers: range 5, and E6 is 5 away
    assert s.legal_of(InfluenceCulture) == [InfluenceCulture(city.id, target.id, "temple", 0)]
    for settler in settlers:
        s.game.units.remove(settler)
    s.resources(0, culture=3)
    assert s.legal_of(InfluenceCulture) == [InfluenceCulture(city.id, target.id, "temple", 3)]


def test_without_proselytism_settlers_make_no_attempt():
    s = playing("india")
    levels(s, 0)
    s.resources(0, culture=5)
    settler = s.unit(0, "settler", "D2")
    target = s.city(1, "E6", buildings={"temple": 1})
    assert s.legal_of(InfluenceCulture) == []
    assert why_illegal(s.game, InfluenceCulture(settler.id, target.id, "temple", 2)) == (
        "Influence Culture must start from one of your own cities"
    )


# ------------------------------------------------------------------ Persia: Zoroastrianism


def magi() -> tuple[Scenario, City]:
    """Persia (player 0) with Zoroastrianism and a size-2 city at D2 (range 2)."""
    s = playing("persia")
    special(s, 0, "Priesthood")
    levels(s, 0)
    return s, s.city(0, "D2", buildings={"temple": 0})


def test_zoroastrianism_turns_an_army_unit_outside_cities_into_a_persian_one():
    s, city = magi()
    infantry = s.unit(1, "infantry", "E4")  # 2 spaces away
    attempt = InfluenceCulture(city.id, infantry.id, ARMY_UNIT, 0)
    assert s.legal_of(InfluenceCulture) == [attempt]
    s.fix_dice(die(5))
    s.apply(attempt)
    assert [(u.owner, u.kind) for u in s.game.units_at(s.hex("E4"))] == [(0, "infantry")]
    assert s.game.combat is None and s.player(0).influence_succeeded
    assert "Player 1 tries to influence the army unit of Player 2 at E4 from D2: rolls 5" in s.game.log[-2]
    assert "Player 1's culture wins over Player 2's army unit at E4" in s.game.log[-1]


def test_a_won_over_unit_fights_the_other_enemy_units_of_its_space_at_once():
    s, city = magi()
    infantry, _other = s.units(1, "infantry", "E4", 2)
    s.fix_dice(die(5))
    s.apply(InfluenceCulture(city.id, infantry.id, ARMY_UNIT, 0))
    won_over = next(i for i, line in enumerate(s.game.log) if "wins over" in line)
    assert any(line.startswith("The battle is won by") for line in s.game.log[won_over:])
    assert len({u.owner for u in s.game.units_at(s.hex("E4"))}) == 1


def test_settlers_alone_with_a_won_over_unit_are_defeated():
    s, city = magi()
    infantry = s.unit(1, "infantry", "E4")
    s.unit(1, "settler", "E4")
    s.fix_dice(die(5))
    s.apply(InfluenceCulture(city.id, infantry.id, ARMY_UNIT, 0))
    assert [(u.owner, u.kind) for u in s.game.units_at(s.hex("E4"))] == [(0, "infantry")]


def test_army_units_in_cities_or_out_of_reach_or_without_zoroastrianism_are_no_targets():
    s, city = magi()
    s.city(1, "E4")
    guard = s.unit(1, "infantry", "E4")
    assert s.legal_of(InfluenceCulture) == []
    assert why_illegal(s.game, InfluenceCulture(city.id, guard.id, ARMY_UNIT, 0)) == (
        "only an army unit on a land space without a city can be influenced, not the one at E4"
    )
    far = s.unit(1, "infantry", "D6")  # 4 spaces away: 2 culture tokens of range
    assert s.legal_of(InfluenceCulture) == []
    s.resources(0, culture=2)
    assert s.legal_of(InfluenceCulture) == [InfluenceCulture(city.id, far.id, ARMY_UNIT, 2)]
    other = playing("persia")
    other_city = other.city(0, "D2", buildings={"temple": 0})
    target = other.unit(1, "infantry", "E4")
    assert other.legal_of(InfluenceCulture) == []
    assert why_illegal(other.game, InfluenceCulture(other_city.id, target.id, ARMY_UNIT, 0)) == (
        "Player 1 cannot influence army units"
    )


def test_one_success_a_turn_whatever_the_target():
    s, city = magi()
    first, second = s.unit(1, "infantry", "E4"), s.unit(1, "infantry", "F2")
    s.fix_dice(die(5))
    s.apply(InfluenceCulture(city.id, first.id, ARMY_UNIT, 0))
    assert s.legal_of(InfluenceCulture) == []
    assert why_illegal(s.game, InfluenceCulture(city.id, second.id, ARMY_UNIT, 0)) == (
        "Player 1 already influenced culture successfully this turn"
    )


# ------------------------------------------------------------------ computer players


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_computer_level_answers_the_new_attempts_and_their_boost(level):
    """A Persian turn with an army unit in reach: each level chooses among the actions, the attempt on the unit
    among them, then answers the boost of a failed roll on it."""
    s, city = magi()
    target = s.unit(1, "infantry", "E4")
    s.resources(0, culture=3)
    agent = make_agent(level, 1)
    assert agent.choose(s.game, s.legal()) in s.legal()
    s.fix_dice(die(3))  # 2 culture tokens short
    s.apply(InfluenceCulture(city.id, target.id, ARMY_UNIT, 0))
    assert s.game.pending and s.legal_of(BoostInfluence)
    choice = agent.choose(s.game, s.legal())
    assert isinstance(choice, BoostInfluence)
    s.apply(choice)
    assert not s.game.pending


def test_a_game_waiting_on_the_boost_of_an_attempt_on_a_unit_or_for_a_token_is_saved_and_loaded():
    for make, building in ((magi, ARMY_UNIT), (druids, TOKEN_UNDER)):
        s, city, *_ = make()
        levels(s, 0)
        target = s.unit(1, "infantry", "E4") if building == ARMY_UNIT else s.game.cities[-1]
        s.resources(0, culture=3)
        s.fix_dice(die(3))
        s.apply(InfluenceCulture(city.id, target.id, building, 0 if building == ARMY_UNIT else 1))
        decision = s.game.pending[-1]
        assert loads(dumps(s.game), s.game.rules).pending == [decision]
