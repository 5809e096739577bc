"""Animations after an action (units sliding, a city pulsing, battle lines appearing) and the
animation speed setting. The scene's clock is replaced so that a frame can be drawn at any moment
of an animation; the model is always already in its final state."""

import json

import pytest

from civgame.framework.saves import state_hash
from civgame.ui.animation import LINE_SECONDS, PULSE_SECONDS, SLIDE_SECONDS
from civgame.ui.board_view import owner_colour
from civgame.ui.menus import SettingsScene
from civgame.ui.settings import Settings
from tests.combat_helpers import LEADER
from tests.scenario import Scenario
from tests.ui.conftest import click, click_button, collect_including, show_game
from tests.ui.test_flows import load_dice, two_cities


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def h(label: str):
    return Scenario.hex(label)


def settler_scene(app, speed: str):
    """Player 1 is about to move a settler from its city at D2 to D1; the scene runs on a fake clock."""
    app.settings.animation_speed = speed
    s = two_cities()
    settler = s.unit(0, "settler", "D2")
    scene = show_game(app, s.game)
    clock = FakeClock()
    scene.clock = clock
    click_button(app, scene.action_buttons["move"])
    click(app, scene.board.centre(h("D2")))
    return s.game, scene, settler, clock


def colour_pixels(app, centre, colour, half: int = 14) -> int:
    """How many pixels of `colour` lie in a square around `centre`."""
    x0, y0 = int(centre[0]) - half, int(centre[1]) - half
    return sum(
        1
        for x in range(x0, x0 + 2 * half)
        for y in range(y0, y0 + 2 * half)
        if tuple(app.screen.get_at((x, y)))[:3] == colour
    )


def test_the_animation_speed_is_saved_and_restored(app, tmp_path):
    click_button(app, app.scene.settings_button)
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    assert scene.speed_buttons["normal"].is_selected  # the default
    click_button(app, scene.speed_buttons["slow"])
    assert app.settings.animation_speed == "slow"
    assert app.scene.speed_buttons["slow"].is_selected and not app.scene.speed_buttons["normal"].is_selected
    stored = json.loads(app.settings.settings_path.read_text(encoding="utf-8"))
    assert stored["animation_speed"] == "slow"
    assert Settings(data_dir=tmp_path).restore().animation_speed == "slow"
    click_button(app, app.scene.speed_buttons["off"])
    assert Settings(data_dir=tmp_path).restore().animation_speed == "off"
    app.settings.settings_path.write_text(json.dumps({"animation_speed": "warp"}), encoding="utf-8")
    assert Settings(data_dir=tmp_path).restore().animation_speed == "normal"  # an unknown value is ignored


def test_with_animations_off_a_move_draws_the_final_position_at_once(app):
    game, scene, settler, _ = settler_scene(app, "off")
    red = owner_colour(game, 0)
    click(app, scene.board.centre(h("D1")))
    assert game.unit(settler.id).pos == h("D1")
    assert not scene.animating() and not app.animating
    assert scene.board.slide_positions == {}
    assert colour_pixels(app, scene.board.centre(h("D1")), red) > 20


def test_with_normal_speed_the_unit_slides_between_the_spaces_and_a_click_ends_it(app):
    game, scene, settler, clock = settler_scene(app, "normal")
    red = owner_colour(game, 0)
    start, end = scene.board.centre(h("D2")), scene.board.centre(h("D1"))
    click(app, end)
    assert game.unit(settler.id).pos == h("D1")  # the model is final at once
    assert scene.animating() and app.animating

    clock.now += SLIDE_SECONDS / 2
    app.draw()
    x, y = scene.board.slide_positions[settler.id]
    assert min(start[0], end[0]) < x < max(start[0], end[0]) or start[0] == end[0]
    assert min(start[1], end[1]) + 5 < y < max(start[1], end[1]) - 5  # well between the two spaces
    assert colour_pixels(app, (x, y + 6), red) > 20  # the settler's figure is drawn there ...
    assert colour_pixels(app, end, red) == 0  # ... and not yet on its new space

    click(app, scene.panel.rect.center)  # any click finishes the animation and draws the final state
    assert not scene.animating()
    assert scene.board.slide_positions == {}
    assert colour_pixels(app, end, red) > 20
    assert game.unit(settler.id).pos == h("D1")


def test_the_window_sleeps_again_once_the_last_frame_is_drawn(app):
    _, scene, _, clock = settler_scene(app, "slow")
    click(app, scene.board.centre(h("D1")))
    assert app.animating
    frames = app.frames
    app.active_until = 0.0
    app.step(1)  # animating: a frame is drawn without any event
    assert app.frames == frames + 1 and app.animating
    clock.now += 10  # past the end: one more frame shows the final state, then nothing moves
    app.step(1)
    assert app.frames == frames + 2 and not app.animating
    for _ in range(3):
        app.step(1)
    assert app.frames == frames + 2


def test_a_collecting_city_pulses_and_the_animation_never_touches_the_model(app):
    app.settings.animation_speed = "fast"
    s = two_cities()
    scene = show_game(app, s.game)
    clock = FakeClock()
    scene.clock = clock
    collect_including(app, scene, h("D2"), "wood")
    after = state_hash(s.game)
    assert scene.animations.pulse_progress(clock.now) == {h("D2"): 0.0}
    clock.now += PULSE_SECONDS * 0.5 / 2  # halfway at the fast speed
    app.draw()
    assert scene.animations.pulse_progress(clock.now) == {h("D2"): pytest.approx(0.5)}
    clock.now += PULSE_SECONDS
    app.draw()
    assert not scene.animating() and state_hash(s.game) == after


def test_battle_lines_appear_one_after_another_once_the_attackers_arrived(app):
    s = two_cities()
    s.advances(0, "Tactics")
    s.units(0, "infantry", "D3", 2)
    s.unit(1, "infantry", "D4")
    load_dice(s, (6, "infantry"), (6, "infantry"), LEADER)  # the defender is wiped out in the first round
    app.settings.animation_speed = "normal"
    scene = show_game(app, s.game)
    clock = FakeClock()
    scene.clock = clock
    click_button(app, scene.action_buttons["move"])
    click(app, scene.board.centre(h("D3")))
    click(app, scene.board.centre(h("D4")))
    report = scene.battle_view()
    assert report.finished and report.title == "Battle at D4 — won by Player 1"
    total = len(report.lines)
    start = clock.now
    assert scene.animations.slides(start) and scene.animations.shown_lines(start + SLIDE_SECONDS / 2) == 0
    shown = []
    for step in range(total + 2):
        clock.now = start + SLIDE_SECONDS + (step + 0.5) * LINE_SECONDS
        app.draw()
        shown.append(scene.animations.shown_lines(clock.now))
    assert shown[: total - 1] == list(range(1, total))  # one more line each step ...
    assert shown[-1] is None and not scene.animating()  # ... then all of them, and the animation is over
