"""The 2012 rulebook's variants of a game's length and end: the four-round game and the Variable End Game's
Roll to End and A Wonderful Ending."""

import shutil

import pytest
import yaml

from civgame.framework.errors import RuleError
from civgame.games.clash.content.ruleset import RULESETS_ROOT, load_ruleset
from civgame.games.clash.core.actions import BuildWonder, EndTurn, TakeFreeAdvance
from civgame.games.clash.core.decisions import FreeAdvanceDecision
from civgame.games.clash.rules.flow.controller import apply
from civgame.games.clash.rules.flow.setup import available_variants, new_game
from civgame.games.clash.rules.flow.status import begin
from civgame.games.clash.storage.save import dumps, loads
from tests.classic import CLASSIC_2012, classic_rules, classic_scenario
from tests.scenario import LoadedDice


def end_round(s):
    """Every player ends their turn: the round is over."""
    for _ in s.game.players:
        s.apply(EndTurn())


def test_the_variants_the_2012_rules_offer_and_roll_to_end_only_with_its_ranges(tmp_path):
    assert available_variants(classic_rules()) == ["four_rounds", "roll_to_end", "wonderful_ending"]
    assert available_variants(load_ruleset("monumental")) == []
    without_ranges = rules_with_variable_end(tmp_path, roll_to_end=None)
    assert available_variants(without_ranges) == ["four_rounds", "wonderful_ending"]
    with pytest.raises(RuleError, match="has no variant 'roll_to_end'"):
        new_game(2, 1, without_ranges, variants=["roll_to_end"])
    with pytest.raises(RuleError, match="own end"):
        new_game(2, 1, classic_rules(), variants=["four_rounds", "wonderful_ending"])


def rules_with_variable_end(tmp_path, **changes):
    """The 2012 rules with these values of the Variable End Game changed (as a mod would)."""
    folder = tmp_path / "rules"
    shutil.copytree(RULESETS_ROOT / CLASSIC_2012, folder)
    data = yaml.safe_load((folder / "game.yaml").read_text())
    data["variants"]["variable_end"].update(changes)
    (folder / "game.yaml").write_text(yaml.safe_dump(data))
    return load_ruleset(folder)


def test_the_four_round_game_starts_with_two_settlers_and_a_happy_city():
    game = new_game(3, 2, classic_rules(), variants=["four_rounds"])
    for player in game.players:
        assert [u.kind for u in game.units_of(player.index)] == ["settler", "settler"]
        assert [c.mood for c in game.cities_of(player.index)] == ["happy"]
    assert game.last_age() == 4
    assert loads(dumps(game), classic_rules()).variants == ["four_rounds"]


def four_round_scenario():
    s = classic_scenario()
    s.game.variants = ["four_rounds"]
    for i, label in enumerate(("D2", "D7")):
        s.city(i, label)
    return s


def test_in_the_four_round_game_each_player_takes_two_free_advances_in_turn_order():
    s = four_round_scenario()
    s.game.first_player = 1
    begin(s.game)
    asked = []
    while isinstance(s.game.pending[-1:] and s.game.pending[-1], FreeAdvanceDecision):
        asked.append(s.game.pending[-1].player)
        s.apply(TakeFreeAdvance("Storage" if not s.player(asked[-1]).has("Storage") else "Irrigation"))
    assert asked == [1, 0, 1, 0]


def test_the_four_round_game_ends_after_the_fourth_status_phase_objectives():
    s = four_round_scenario()
    s.game.age = 4
    begin(s.game)
    assert s.game.phase == "over"


def test_a_wonderful_ending_ends_the_game_after_the_turn_a_wonder_was_built_in_the_last_five():
    s = classic_scenario()
    s.game.variants = ["wonderful_ending"]
    assert s.game.last_age() == 7
    city = s.city(0, "D2")
    s.advances(0, "Engineering", "Irrigation")
    s.resources(0, food=5, wood=5, ore=2)
    s.player(0).culture_level, s.player(0).culture_tokens = 8, 5
    s.game.revealed_wonders = ["great_gardens"]
    s.game.decks["wonder"].draw.remove("great_gardens")
    s.game.age, s.game.round = 6, 1  # not yet one of the last 5 turns: round 6's second turn is the first
    s.turn(0)
    s.apply(BuildWonder(city.id, "great_gardens"))
    end_round(s)
    assert s.game.phase == "play" and not s.game.ending
    s.game.age, s.game.round = 6, 2
    city.wonders.clear()
    s.player(0).wonders_built.clear()
    s.game.revealed_wonders = ["great_gardens"]
    s.resources(0, food=5, wood=5, ore=2)
    s.player(0).culture_tokens = 5
    s.turn(0)
    s.apply(BuildWonder(city.id, "great_gardens"))
    assert s.game.ending and s.game.phase == "play"
    end_round(s)
    assert s.game.phase == "over" and s.game.round == 3  # before its next turn and any status phase


def roll(game, *faces: int) -> None:
    """The next six-sided rolls come out as `faces` (1-6)."""
    game.rng = LoadedDice(game.rng.state, [face - 1 for face in faces])


def test_roll_to_end_rolls_as_each_of_the_last_turns_begins():
    game = new_game(2, 3, classic_rules(), variants=["roll_to_end"])
    game.age, game.round = 6, 1
    roll(game, 5, 5)  # round 6's second turn (range 6): 5 goes on; its third (5-6): 5 ends it
    apply(game, EndTurn())
    apply(game, EndTurn())
    assert game.phase == "play" and game.round == 2
    assert "rolls 5 to end the game (it ends on 6, a provisional range): the game goes on" in game.log[-2]
    apply(game, EndTurn())
    apply(game, EndTurn())
    assert game.phase == "over" and game.end is not None and game.end.reason == "roll_to_end"
    assert "rolls 5 to end the game (it ends on 5-6, a provisional range): the game ends" in game.log[-2]


def test_the_stand_in_roll_to_end_ranges_rise_towards_the_end_and_are_marked_provisional():
    end = classic_rules().game.variants.variable_end
    assert end is not None and end.roll_to_end is not None and end.roll_to_end_provisional
    assert [len(faces) for faces in end.roll_to_end] == [1, 2, 3, 4, 5]
    assert end.ranges_text() == "6; 5-6; 4-6; 3-6; 2-6 (provisional)"


def test_ranges_a_mod_gives_without_the_provisional_mark_are_rolled_without_it(tmp_path):
    ranges = [[6], [6], [6], [1, 6], [1, 3]]
    rules = rules_with_variable_end(tmp_path, roll_to_end=ranges, roll_to_end_provisional=False)
    game = new_game(2, 3, rules, variants=["roll_to_end"])
    assert game.rules.game.variants.variable_end.ranges_text() == "6; 6; 6; 1, 6; 1, 3"
    game.age, game.round = 6, 1
    roll(game, 6)
    apply(game, EndTurn())
    apply(game, EndTurn())
    assert game.phase == "over" and "rolls 6 to end the game (it ends on 6): the game ends" in game.log[-2]
