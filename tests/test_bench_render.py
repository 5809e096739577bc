"""The rendering benchmark's Sid Meier board: the busiest state of its random games."""

from bench import render
from bench.sidmeier import busiest_state


def test_sid_meier_s_busiest_board_is_a_late_four_player_game_full_of_figures():
    game = busiest_state()
    assert len(game.players) == 4 and game.phase != "over" and game.turn > 30
    assert len(game.figures) >= 30 and len(game.cities) >= 10


def test_sid_meier_s_busiest_board_with_both_expansions_plays_them_late_in_the_game():
    game = busiest_state(expansions=True)
    assert set(game.rules.expansions) == {"fame-and-fortune", "wisdom-and-warfare"}
    assert game.phase != "over" and game.turn > 30
    assert sum(square.improvement is not None for square in game.squares) >= 40
    assert any(player.investments for player in game.players)


def test_the_frame_figures_are_held_to_the_frame_target():
    frames = {kind: {"cpu": [0.004] * 99 + [0.009], "wall": [0.005] * 100} for kind in ("hover", "drag")}
    figures = render._frame_figures("render: sid-meier", frames)
    assert [f.name for f in figures][:2] == [
        "render: sid-meier: frame, mouse over the map (median)",
        "render: sid-meier: frame, mouse over the map (p99)",
    ]
    assert all(f.target == render.FRAME_TARGET for f in figures if "p99" in f.name)
