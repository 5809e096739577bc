"""Collect mode: the city's collectable spaces are marked on the map, clicks choose the picks, and
OK sends exactly the legal Collect with those picks. Played with real mouse and keyboard events."""

import pygame

from civgame.framework.codec import to_plain
from civgame.framework.saves import state_hash
from civgame.games.clash.core.actions import Collect, UseAbility
from tests.scenario import Scenario
from tests.ui.conftest import (
    click,
    click_button,
    enter_collect,
    pick,
    press_key,
    show_game,
)

EMPTY = {"food": 0, "wood": 0, "ore": 0, "ideas": 0, "gold": 0}


def h(label: str):
    return Scenario.hex(label)


def happy_city(**city) -> Scenario:
    """Player 1's happy size-2 city at D2 collects from 3 spaces: D2 food, C2 wood, C3/D3/E2 ore
    (E3 is sea: only a Port facing it gives something)."""
    s = Scenario(players=2).reveal_all()
    s.city(0, "D2", mood="happy", **({"buildings": {"temple": 0}} | city))
    s.city(1, "D7")
    s.resources(0, **EMPTY)
    return s


def ok_button(scene):
    return scene.action_buttons["collect_ok"]


def test_collect_by_clicking_spaces_sends_the_exact_legal_collect(app):
    s = happy_city()
    game = s.game
    city = game.city_at(h("D2"))
    scene = show_game(app, game)
    first = next(a for a in scene.legal if isinstance(a, Collect))
    enter_collect(app, scene, city.pos)
    assert scene.dialog is None  # the city menu closed: the map is free for clicks
    assert set(scene.collect_yields()) == {h("C2"), h("C3"), h("D2"), h("D3"), h("E2")}
    assert scene.collect_picks == dict(first.picks) == {h("C2"): "wood", h("C3"): "ore", h("D2"): "food"}
    assert scene.collect_summary() == "1 food, 1 wood, 1 ore — 3 of 3 spaces"
    assert ok_button(scene).is_enabled

    click(app, scene.board.centre(h("C2")))  # leave out the wood ...
    assert scene.collect_summary() == "1 food, 1 ore — 2 of 3 spaces"
    click(app, scene.board.centre(h("D3")))  # ... and take a second ore instead
    assert scene.collect_summary() == "1 food, 2 ore — 3 of 3 spaces"
    expected = Collect(city.id, ((h("C3"), "ore"), (h("D2"), "food"), (h("D3"), "ore")))
    assert expected in scene.legal
    assert ok_button(scene).tool_tip_text == "Collect 1 food, 2 ore — 3 of 3 spaces"
    click_button(app, ok_button(scene))

    assert game.history[-1] == to_plain(expected)
    assert game.player(0).resources == EMPTY | {"food": 1, "ore": 2}
    assert game.actions_left == game.rules.game.actions_per_turn - 1 and city.activations == 1
    assert scene.collect_city is None and "collect_ok" not in scene.action_buttons


def test_ok_is_disabled_with_what_is_missing_or_too_much(app):
    game = happy_city().game
    scene = show_game(app, game)
    before = state_hash(game)
    enter_collect(app, scene, h("D2"))
    click(app, scene.board.centre(h("C2")))
    click(app, scene.board.centre(h("C3")))
    assert scene.collect_summary() == "1 food — 1 of 3 spaces"
    assert not ok_button(scene).is_enabled
    assert ok_button(scene).tool_tip_text == "Cannot collect yet: choose 2 more spaces"
    for label in ("C3", "D3", "E2"):
        click(app, scene.board.centre(h(label)))
    assert scene.collect_summary() == "1 food, 3 ore — 4 of 3 spaces"
    assert not ok_button(scene).is_enabled
    assert scene.collect_problem() == "leave out 1 space: the city collects from at most 3"
    click(app, ok_button(scene).rect.center)  # a disabled OK sends nothing
    assert state_hash(game) == before and scene.collect_city is not None
    click(app, scene.board.centre(h("E2")))
    assert ok_button(scene).is_enabled


def test_a_port_space_asks_which_resource_to_take(app):
    s = happy_city(buildings={"port": 0}, port_space="E3")  # size 2 with the Port: 3 spaces
    game = s.game
    scene = show_game(app, game)
    enter_collect(app, scene, h("D2"))
    assert sorted(scene.collect_yields()[h("E3")]) == ["gold", "mood"]  # food from the sea needs Fishing
    click(app, scene.board.centre(h("E3")))
    assert sorted(scene.dialog.labels()) == ["Gold", "Mood"]
    assert scene.collect_city is not None  # the chooser does not leave collect mode
    click_button(app, scene.dialog.button_for("Mood"))
    assert scene.dialog is None and scene.collect_picks[h("E3")] == "mood"
    click(app, scene.board.centre(h("E3")))  # asked again: it says what is chosen and can drop it
    assert scene.dialog.labels() == ["Gold", "Mood (chosen)", "Nothing from E3"]
    press_key(app, pygame.K_ESCAPE)  # closes only the chooser
    assert scene.dialog is None and scene.collect_picks[h("E3")] == "mood"
    pick(app, scene, h("C2"), None)
    assert scene.collect_summary() == "1 food, 1 ore, 1 mood — 3 of 3 spaces"
    click_button(app, ok_button(scene))
    assert game.player(0).resources == EMPTY | {"food": 1, "ore": 1}
    assert game.player(0).mood_tokens == 1
    assert game.history[-1] == to_plain(
        Collect(game.city_at(h("D2")).id, ((h("C3"), "ore"), (h("D2"), "food"), (h("E3"), "mood")))
    )


def test_escape_and_cancel_leave_collect_mode_without_collecting(app):
    game = happy_city().game
    scene = show_game(app, game)
    before = state_hash(game)
    enter_collect(app, scene, h("D2"))
    press_key(app, pygame.K_ESCAPE)
    assert scene.collect_city is None and scene.dialog is None
    enter_collect(app, scene, h("D2"))
    click_button(app, scene.action_buttons["collect_cancel"])
    assert scene.collect_city is None
    assert state_hash(game) == before
    click(app, scene.board.centre(h("D2")))  # outside collect mode a click opens the city menu again
    assert scene.dialog is not None and scene.dialog.labels()[0].startswith("Collect at D2")


def test_free_economy_still_collects_from_the_abilities_menu(app):
    s = Scenario(players=2).reveal_all()
    city = s.city(0, "D2")
    s.city(1, "D7")
    s.advances(0, "Free Economy")
    s.resources(0, **EMPTY, mood=2)
    game = s.game
    scene = show_game(app, game)
    click_button(app, scene.action_buttons["abilities"])
    click_button(app, scene.dialog.button_for("Free Economy: collect wood from C2 (city at D2), free"))
    assert game.history[-1] == to_plain(UseAbility("Free Economy", "free_collect", ("D2", "C2:wood")))
    assert game.player(0).resources["wood"] == 1 and game.player(0).mood_tokens == 1
    assert game.actions_left == game.rules.game.actions_per_turn and city.activations == 1
    assert scene.collect_city is None


def test_collect_never_preselects_a_loss_and_shows_any_loss_before_ok(app):
    s = happy_city()
    s.resources(0, **EMPTY | {"food": 2})  # food at its limit of 2: the D2 food would be lost
    game = s.game
    scene = show_game(app, game)
    enter_collect(app, scene, h("D2"))
    assert "food" not in scene.collect_picks.values()
    assert scene.collect_loss() is None
    assert "lost" not in ok_button(scene).tool_tip_text

    pick(app, scene, next(iter(scene.collect_picks)), None)
    click(app, scene.board.centre(h("D2")))  # take the food anyway: the loss is shown before OK
    assert scene.collect_picks[h("D2")] == "food"
    assert scene.collect_loss() == "1 food lost over the limit"
    assert ok_button(scene).is_enabled
    assert ok_button(scene).tool_tip_text.endswith("(1 food lost over the limit)")
    click_button(app, ok_button(scene))
    assert game.player(0).resources["food"] == 2
    assert any(line.endswith("(1 food lost over the limit)") for line in game.log)
