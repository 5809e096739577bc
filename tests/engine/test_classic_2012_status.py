"""The 2012 edition's status phase: the first player by Culture + Happiness Levels, no government change."""

from civgame.games.clash.core.actions import ChooseFirstPlayer
from civgame.games.clash.core.decisions import FirstPlayerDecision, GovernmentDecision
from civgame.games.clash.rules.flow.status import first_player_chooser, run
from tests.classic import classic_scenario


def status_scenario(players=3):
    s = classic_scenario(players)
    for i, label in zip(range(players), ["D2", "D7", "F2"], strict=False):
        s.city(i, label, mood="happy")
    s.game.first_player = 0
    return s


def test_the_highest_culture_and_happiness_levels_choose_the_first_player_not_the_tokens():
    s = status_scenario()
    s.player(0).culture_level = 2
    s.player(1).mood_tokens = 6
    s.player(2).culture_level, s.player(2).happiness_level = 1, 2
    assert first_player_chooser(s.game) == 2


def test_a_first_player_nobody_beats_keeps_the_place_without_a_choice():
    s = status_scenario()
    s.player(0).culture_level = 3
    s.player(1).happiness_level = 3
    assert first_player_chooser(s.game) is None
    s.game.phase, s.game.status_step = "status", 5  # the last step: the first player
    run(s.game)
    assert not any(isinstance(d, FirstPlayerDecision) for d in s.game.pending)
    assert s.game.first_player == 0 and "the turn order stays" in s.game.log[-2]


def test_a_tie_above_the_first_player_goes_to_the_first_of_them_clockwise():
    s = status_scenario()
    s.game.first_player = 1
    s.player(0).culture_level = 2
    s.player(2).happiness_level = 2
    assert first_player_chooser(s.game) == 2
    s.game.phase, s.game.status_step = "status", 5
    run(s.game)
    assert s.game.pending == [FirstPlayerDecision(player=2)]
    s.apply(ChooseFirstPlayer(0))
    assert s.game.first_player == 0


def test_the_status_phase_asks_for_no_change_of_government():
    s = status_scenario()
    s.advances(0, "Tactics", "Draft", "Nationalism", "Philosophy")
    s.resources(0, mood=3, culture=3)
    s.game.phase, s.game.status_step = "status", 4  # the government step
    run(s.game)
    assert not any(isinstance(d, GovernmentDecision) for d in s.game.pending)
