"""Turn structure: 3 main actions, clockwise turns from the first player, rounds, ages."""

from civgame.games.clash.core.actions import EndTurn
from civgame.games.clash.core.decisions import FreeAdvanceDecision
from tests.scenario import Scenario


def test_turns_go_clockwise_from_the_first_player_for_three_rounds():
    s = Scenario(players=3, empty=False)
    g = s.game
    g.first_player = 1
    s.turn(1)
    seen = []
    for _ in range(9):
        seen.append((g.round, g.current))
        s.apply(EndTurn())
    assert seen == [(r, p) for r in (1, 2, 3) for p in (1, 2, 0)]
    assert g.phase == "status"


def test_each_turn_starts_with_three_actions_and_resets_turn_state():
    s = Scenario(empty=False)
    g = s.game
    city = g.cities[0]
    city.activations, city.angry_activation = 2, True
    g.units[0].immobile = True
    g.actions_left = 0
    s.apply(EndTurn())
    assert g.actions_left == 3
    assert (city.activations, city.angry_activation, g.units[0].immobile) == (0, False, False)


def test_status_phase_starts_after_the_third_round():
    s = Scenario(players=2, empty=False)
    for _ in range(6):
        s.apply(EndTurn())
    assert s.game.phase == "status"
    assert isinstance(s.game.pending[-1], FreeAdvanceDecision)
    assert s.game.pending[-1].player == s.game.first_player
