"""Every screen at 1280x720, at 1920x1080 and at a size between: no text overflows what holds it or
runs into another text or a control. Each screen is drawn once and every text recorded: the texts the
window draws itself (each must stay inside its part of the screen, and overlap no other text and no
control), and the texts of the buttons and labels (each must fit its element, never clipped, stay inside
the window or dialog that holds it, and overlap no other button's or label's text)."""

from __future__ import annotations

import sys
from collections.abc import Callable

import pygame
import pytest
from pygame_gui.elements import UIButton, UILabel

from civgame.ai import play_steps, random_agents
from civgame.games.clash.core.actions import Advance
from civgame.games.clash.core.model import GameEnd
from civgame.games.clash.rules.flow import status
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.save import save_game
from civgame.ui import theme, tooltips
from civgame.ui.app import App
from civgame.ui.game_scene import GameScene
from civgame.ui.score_scene import ScoreScene
from tests.ui.conftest import click, click_button, press_key
from tests.ui.test_combat_view import battle_in_progress
from tests.ui.test_panels import awesome_year
from tests.ui.test_scenes import finished_game
from tests.ui.test_subject_visible import resize

SIZES = [(1280, 720), (1600, 900), (1920, 1080)]
MAP_DRAWING = "civgame.ui.board_view"  # the map's own marks (unit counts, battles) sit on the spaces


def record_texts(app: App, monkeypatch) -> list[tuple[str, pygame.Rect, str]]:
    """(text, rectangle, drawing module) of every text drawn on the window in one frame."""
    drawn: list[tuple[str, pygame.Rect, str]] = []
    blit = theme.blit_text

    def recording(surface, content, *args, **kwargs):
        rect = blit(surface, content, *args, **kwargs)
        if surface is app.screen and content.strip():
            drawn.append((content, rect, sys._getframe(1).f_globals["__name__"]))
        return rect

    if isinstance(app.scene, GameScene):
        app.scene.layout()  # a new side panel: drawn afresh, not from its last picture
    with monkeypatch.context() as patch:
        patch.setattr(theme, "blit_text", recording)
        patch.setattr(tooltips, "DELAY_SECONDS", float("inf"))  # a tooltip floats over the rest by design
        app.manager.update(0.01)
        app.draw()
    return drawn


def regions(app: App) -> list[pygame.Rect]:
    """The parts of the screen a drawn text must stay inside: on the game screen the top bar, the map, the
    status line and the side panel; elsewhere the whole window."""
    scene = app.scene
    if isinstance(scene, GameScene) and not scene.covered:
        board, panel = scene.board.rect, scene.panel.rect
        return [
            pygame.Rect(0, 0, board.w, board.top),
            board,
            pygame.Rect(0, board.bottom, board.w, app.screen.get_height() - board.bottom),
            panel,
        ]
    return [app.screen.get_rect()]


def controls(app: App) -> list[UIButton | UILabel]:
    return [
        e
        for e in app.manager.get_sprite_group().sprites()
        if isinstance(e, UIButton | UILabel) and e.visible and e.text
    ]


def layout_problems(app: App, monkeypatch) -> list[str]:
    drawn = record_texts(app, monkeypatch)
    parts = regions(app)
    problems = []
    for text, rect, _ in drawn:
        if not any(part.contains(rect) for part in parts):
            problems.append(f"{text!r} at {rect} runs out of its part of the screen")
    own = [(text, rect) for text, rect, module in drawn if module != MAP_DRAWING]
    for i, (text, rect) in enumerate(own):
        for other, other_rect in own[i + 1 :]:
            if rect.inflate(-2, -2).colliderect(other_rect.inflate(-2, -2)):
                problems.append(f"{text!r} at {rect} overlaps {other!r} at {other_rect}")
    elements = controls(app)
    for text, rect in own:
        for element in elements:
            if rect.inflate(-2, -2).colliderect(element.rect) and not _drawn_on_purpose_under(element, rect):
                problems.append(f"{text!r} at {rect} runs under the control {element.text!r} at {element.rect}")
    for element in elements:
        width, height = element.font.size(element.text)
        if width > element.rect.w - 4 or height > element.rect.h:
            problems.append(
                f"{element.text!r} ({width}x{height}) is clipped by its {type(element).__name__} {element.rect}"
            )
    return problems + control_problems(app, elements)


def control_problems(app: App, elements: list[UIButton | UILabel]) -> list[str]:
    """Each button's and label's text inside the window or dialog that holds it, and clear of the others'."""
    problems = []
    texts = [(element, text_rect(element)) for element in elements]
    for element, rect in texts:
        holder = element.ui_container.get_rect() if element.ui_container else app.screen.get_rect()
        if not holder.contains(rect.inflate(-2, -2)):
            problems.append(f"{element.text!r} at {rect} runs out of what holds it, {holder}")
    for i, (element, rect) in enumerate(texts):
        for other, other_rect in texts[i + 1 :]:
            same_holder = element.ui_container is other.ui_container
            if same_holder and rect.inflate(-2, -2).colliderect(other_rect.inflate(-2, -2)):
                problems.append(f"{element.text!r} at {rect} overlaps {other.text!r} at {other_rect}")
    return problems


def text_rect(element: UIButton | UILabel) -> pygame.Rect:
    """Where the element's text is drawn on the window (its lines as laid out in the element)."""
    rows = [
        pygame.Rect(row.x, row.y, row.width, row.height) for row in element.drawable_shape.text_box_layout.layout_rows
    ]
    return rows[0].unionall(rows[1:]).move(element.rect.topleft)


def _drawn_on_purpose_under(element: UIButton | UILabel, rect: pygame.Rect) -> bool:
    """A control inside a window covers what the window covers (the map's panels under a dialog are placed
    clear of it by the placement tests): only the window's own frame counts, not each control in it."""
    return element.ui_container is not None and element.ui_container is not element.ui_manager.get_root_container()


# ------------------------------------------------------------------ the screens


def title(app: App) -> None:
    app.show_title()


def new_game_screen(app: App) -> None:
    app.show_new_game()
    app.scene._set_seats(4)


def settings(app: App) -> None:
    app.show_settings()


def load(app: App) -> None:
    game = new_game(["Anna", "Ben"], 1)
    app.settings.saves_dir.mkdir(parents=True, exist_ok=True)
    save_game(game, app.settings.saves_dir / "a-game-with-a-rather-long-file-name-to-list.yaml")
    app.show_load()


def playing(app: App) -> None:
    """Anna's turn with a long hand, against three computer players."""
    game = new_game(["Anna", "Ben", "Chloe", "David"], 5, civilizations="random")
    for player in game.players[1:]:
        player.seat = "normal"
    agents = random_agents(4, 5)
    play_steps(game, agents, 200)
    while game.actor() != 0 or game.pending or game.phase != "play":
        play_steps(game, agents, 1)
    anna = game.player(0)
    anna.great_persons, anna.wonder_cards = [21, 57], ["pyramids"]
    anna.action_cards += [3, 4, 5]
    app.switch(GameScene(app, game))


def computers_in_the_status_phase(app: App) -> None:
    game = new_game(["Anna", "Ben", "Chloe", "David"], 7, civilizations="random")
    for player in game.players[1:]:
        player.seat = "easy"
    game.first_player = 1
    status.begin(game)
    app.switch(GameScene(app, game))


def an_event_and_its_choice(app: App) -> None:
    s = awesome_year()
    app.switch(GameScene(app, s.game, viewer=0))
    app.scene.perform(Advance("Storage", payment={"food": 2}))


def the_whole_log(app: App) -> None:
    playing(app)
    app.scene.game.log.extend(f"Line {i}: Anna moves 2 infantry from C3 to C4" for i in range(200))
    app.scene.toggle_log()


def since_your_turn(app: App) -> None:
    playing(app)
    scene = app.scene
    scene.since_your_turn = [(1, scene.game.log[-12:-6]), (2, scene.game.log[-6:])]
    scene.open_since_your_turn()


def the_pass_screen(app: App) -> None:
    """Two people at one computer: the board is hidden until the next one takes the seat."""
    app.switch(GameScene(app, new_game(["Anna", "Ben"], 3)))


def a_citys_menu(app: App) -> None:
    playing(app)
    scene = app.scene
    scene.open_city_menu(scene.game.cities_of(0)[0].pos)


def the_whole_hand(app: App) -> None:
    playing(app)
    scene = app.scene
    scene.game.player(0).action_cards += [6, 7, 8, 9, 10]
    scene.rebuild()
    app.pump()
    assert scene.panel.more_rect is not None, "the hand fits: the test no longer opens it whole"
    click(app, scene.panel.more_rect.center)


def the_game_menu(app: App) -> None:
    playing(app)
    click_button(app, app.scene.action_buttons["menu"])


def a_rules_topic(app: App) -> None:
    playing(app)
    press_key(app, pygame.K_F1)
    click_button(app, app.scene.dialog.button_for("Scoring"))


def a_payment(app: App) -> None:
    game = new_game(["Anna", "Ben"], 7)
    game.player(game.actor()).resources.update(food=2, ideas=2, gold=1)
    app.switch(GameScene(app, game, viewer=game.actor()))
    click_button(app, app.scene.action_buttons["advance"])
    click_button(app, app.scene.dialog.button_for("Bartering"))


def a_battle(app: App) -> None:
    app.switch(GameScene(app, battle_in_progress().game, viewer=0))


def final_scores(app: App) -> None:
    game, _ = finished_game()
    app.switch(ScoreScene(app, game))


def a_long_game_finished(app: App) -> None:
    game = new_game(["Anna", "Ben", "Chloe", "David"], 7, civilizations="random")
    for index, player in enumerate(game.players):
        player.scores_by_age = [2.0 + age * (index + 1) for age in range(5)]  # the sixth at the end
    game.age = 6
    status.end_game(game, GameEnd("last_age", 6))
    app.switch(ScoreScene(app, game))


SCREENS: dict[str, Callable[[App], None]] = {
    "title": title,
    "new game": new_game_screen,
    "settings": settings,
    "load": load,
    "host a game": lambda app: app.show_host(),
    "join a game": lambda app: app.show_join(),
    "playing": playing,
    "computers in the status phase": computers_in_the_status_phase,
    "an event and its choice": an_event_and_its_choice,
    "the pass screen": the_pass_screen,
    "a city's menu": a_citys_menu,
    "the whole hand": the_whole_hand,
    "the game menu": the_game_menu,
    "a rules topic": a_rules_topic,
    "a payment": a_payment,
    "a battle": a_battle,
    "the whole log": the_whole_log,
    "since your turn": since_your_turn,
    "final scores": final_scores,
    "a six-age game finished": a_long_game_finished,
}


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_no_text_overflows_its_container_or_overlaps_another(app, monkeypatch, screen, size):
    resize(app, size)
    SCREENS[screen](app)
    app.pump()
    problems = layout_problems(app, monkeypatch)
    if isinstance(app.scene, GameScene):
        app.scene.computers.stop()
    assert problems == [], f"{screen} at {size[0]}x{size[1]}:\n" + "\n".join(problems)


@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_greyed_control_on_each_screen_says_why(app, screen):
    SCREENS[screen](app)
    app.pump()
    greyed = [e for e in app.manager.get_sprite_group().sprites() if isinstance(e, UIButton) and not e.is_enabled]
    if isinstance(app.scene, GameScene):
        app.scene.computers.stop()
    assert [b.text for b in greyed if not b.tool_tip_text] == []


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1920, 1080)], ids=["1280", "1600", "1920"])
def test_resizing_keeps_what_was_typed(app, size):
    from tests.ui.conftest import type_text

    app.show_new_game()
    scene = app.scene
    click(app, scene.name_entries[0].rect.center)
    type_text(app, "xy")
    click(app, scene.seed_entry.rect.center)
    type_text(app, "42")
    typed = scene.name_entries[0].get_text(), scene.seed_entry.get_text()
    assert typed[0].endswith("xy") and typed[1] == "42"
    resize(app, size)
    resize(app, (1366, 768))
    assert (scene.name_entries[0].get_text(), scene.seed_entry.get_text()) == typed
    app.show_load()
    click(app, app.scene.path_entry.rect.center)
    type_text(app, "/tmp/a.yaml")
    resize(app, size)
    assert app.scene.path_entry.get_text() == "/tmp/a.yaml"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["1280", "1920"])
def test_resizing_keeps_what_was_typed_to_host_or_join_a_game(app, size):
    from tests.ui.conftest import type_text

    app.show_host()
    click(app, app.scene.name_entries[1].rect.center)
    type_text(app, "zz")
    click(app, app.scene.server_entry.rect.center)
    type_text(app, "example.org")
    typed = app.scene.name_entries[1].get_text(), app.scene.server_entry.get_text()
    assert typed[0].endswith("zz") and typed[1] == "example.org"
    resize(app, size)
    resize(app, (1366, 768))
    assert (app.scene.name_entries[1].get_text(), app.scene.server_entry.get_text()) == typed
    app.show_join()
    click(app, app.scene.address_entry.rect.center)
    type_text(app, "example.org:8765")
    click(app, app.scene.code_entry.rect.center)
    type_text(app, "ABCD-EFGH")
    resize(app, size)
    resize(app, (1366, 768))
    assert (app.scene.address_entry.get_text(), app.scene.code_entry.get_text()) == ("example.org:8765", "ABCD-EFGH")
