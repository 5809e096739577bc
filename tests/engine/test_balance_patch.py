"""The Monumental Edition's balance patch, an option of its ruleset (`--balance-patch`, Options on the new-game
screen): City Planning and Welfare State in the places of Sanitation and Separation of Power
(reference/advances.md §3)."""

import pytest

from civgame.framework.datafiles import RulesDataError
from civgame.games.clash.content.ruleset import default_ruleset, named_ruleset
from civgame.games.clash.core.actions import UseAbility
from civgame.games.clash.rules.actions.advances import gain_advance
from civgame.games.clash.rules.base import civilizations
from tests.scenario import Scenario

PATCHED = "monumental+balance_patch"
CITY_PLANNING = "City Planning"
WELFARE_STATE = "Welfare State"


def board() -> Scenario:
    s = Scenario(rules=named_ruleset(PATCHED)).reveal_all()
    s.city(0, "D2", mood="happy")
    s.city(0, "B6")  # two cities: a city may grow to size 2
    return s


def abilities(s: Scenario, name: str) -> list[UseAbility]:
    return [a for a in s.legal_of(UseAbility) if isinstance(a, UseAbility) and a.ability == name]


def category(rules, name: str) -> list[str]:
    return next([a.name for a in c.advances] for c in rules.categories if c.name == name)


def test_the_patch_puts_its_advances_in_the_places_of_those_they_replace():
    patched, plain = named_ruleset(PATCHED), default_ruleset()
    assert category(patched, "Construction") == ["Mining", "Engineering", CITY_PLANNING, "Roads"]
    assert category(patched, "Democracy") == ["Voting", WELFARE_STATE, "Civil Liberties", "Free Economy"]
    assert category(plain, "Construction") == ["Mining", "Engineering", "Sanitation", "Roads"]
    assert category(plain, "Democracy") == ["Voting", "Separation of Power", "Civil Liberties", "Free Economy"]
    assert patched.game.id == PATCHED and plain.game.id == "monumental"
    assert patched.advance(CITY_PLANNING).bonus is None


def test_an_option_the_rules_do_not_have_is_refused():
    with pytest.raises(RulesDataError, match="unknown option 'faster'"):
        named_ruleset("monumental+faster")


def test_city_planning_constructs_once_a_turn_without_an_action_for_an_idea_and_a_wood():
    s = board()
    city = s.game.city_at(s.hex("D2"))
    s.advances(0, CITY_PLANNING, "Myths")
    s.resources(0, food=1, wood=2, ore=1, ideas=1)
    use = UseAbility(CITY_PLANNING, "free_construct", ("D2", "temple", "", "food:1", "ideas:1", "ore:1", "wood:2"))
    assert use in abilities(s, "free_construct")
    s.apply(use)
    assert "temple" in city.buildings and city.activations == 1
    assert s.game.actions_left == 3
    assert s.player(0).resources == {"food": 0, "wood": 0, "ore": 0, "ideas": 0, "gold": 0}
    assert "Player 1 pays 1 idea and 1 wood to construct without spending an action (City Planning)" in s.game.log
    s.resources(0, food=1, wood=2, ore=1, ideas=1)
    assert abilities(s, "free_construct") == []  # once a turn


def test_city_planning_needs_its_cost_on_top_of_the_buildings():
    s = board()
    s.advances(0, CITY_PLANNING, "Myths")
    s.resources(0, food=1, wood=1, ore=1, ideas=1)  # the temple, but not the wood of City Planning too
    assert abilities(s, "free_construct") == []


def test_welfare_state_turns_2_mood_tokens_into_5_resources_of_choice_as_an_action_again_and_again():
    s = board()
    s.advances(0, WELFARE_STATE)
    s.resources(0, food=0, mood=4)
    use = UseAbility(WELFARE_STATE, "taxes", ("wood", "wood", "ore", "ideas", "gold"))
    assert use in abilities(s, "taxes")
    s.apply(use)
    assert s.player(0).mood_tokens == 2 and s.game.actions_left == 2
    assert s.player(0).resources == {"food": 0, "wood": 2, "ore": 1, "ideas": 1, "gold": 1}
    assert "Player 1 pays 2 mood tokens (Welfare State) and gains 2 wood, 1 ore, 1 idea and 1 gold" in s.game.log
    s.apply(use)  # repeated
    assert s.player(0).mood_tokens == 0 and s.game.actions_left == 1
    assert abilities(s, "taxes") == []  # no mood tokens left


@pytest.mark.parametrize("ruleset, offered", [("monumental", True), (PATCHED, False)])
def test_effects_naming_an_advance_the_patch_replaced_apply_to_nothing(ruleset, offered):
    s = Scenario(rules=named_ruleset(ruleset)).reveal_all()
    s.city(0, "D2")
    civilizations.take(s.game, s.player(0), "rome")
    s.resources(0, ideas=2)
    gain_advance(s.game, s.player(0), "Engineering")  # with Rome's Aqueduct: Sanitation as a free action
    assert s.player(0).special_advances == ["Aqueduct"]
    assert bool(abilities(s, "advance_as_free_action")) == offered


@pytest.mark.parametrize("seed", range(2))
def test_random_games_with_the_patch_keep_every_invariant(seed):
    from tests.engine.test_classic_2012_random_games import checked_game

    game = checked_game(named_ruleset(PATCHED), seed, aggressive=seed % 2 == 1)
    assert game.ruleset == PATCHED
