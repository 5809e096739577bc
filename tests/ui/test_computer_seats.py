"""Computer seats in the window: chosen on the new-game screen, thought out off the render loop,
shown move by move, paused on request, and resumed by Continue."""

import time

import pygame

from civgame.games.clash.core.actions import EndTurn
from civgame.games.clash.core.decisions import TradeOfferDecision
from civgame.games.clash.rules.flow import status
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.save import load_game
from civgame.ui.game_scene import GameScene
from civgame.ui.menus import NewGameScene
from tests.ai.test_offers import COMPUTER, PERSON, short_of_food
from tests.ui.conftest import click, click_button, press_key


def run_computers(app, scene: GameScene, seconds: float = 60.0) -> None:
    """Let the window loop run until a person must act (or the game ends)."""
    deadline = time.monotonic() + seconds
    while scene.computer_to_act and app.scene is scene:
        assert time.monotonic() < deadline, "the computer players did not hand the game back"
        assert not scene.covered, "no pass screen between a single person and the computers"
        scene.computers.wait(1.0)
        app.pump()


def start_from_new_game_screen(app, clicks_on_seat_2: int) -> GameScene:
    click_button(app, app.scene.new_button)
    assert isinstance(app.scene, NewGameScene)
    click(app, app.scene.seed_entry.rect.center)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="3"))
    app.pump()
    for _ in range(clicks_on_seat_2):
        click_button(app, app.scene.kind_buttons[1])
    click_button(app, app.scene.start_button)
    assert isinstance(app.scene, GameScene)
    return app.scene


def test_a_computer_seat_from_the_new_game_screen_plays_without_a_pass_screen(app):
    app.settings.animation_speed = "off"
    scene = start_from_new_game_screen(app, clicks_on_seat_2=1)
    assert app.scene.game.players[1].seat == "easy" and scene.game.players[0].seat == "human"
    assert scene.viewer == 0 and not scene.covered
    if scene.computer_to_act:  # the computer seat may start
        run_computers(app, scene)
    assert scene.game.actor() == 0 and "end_turn" in scene.action_buttons
    scene.perform(EndTurn())
    assert scene.computer_to_act and "pause" in scene.action_buttons
    assert "thinking" in scene.status_text()
    turns_before = scene.game.turns_taken, scene.game.round
    run_computers(app, scene)
    assert (scene.game.turns_taken, scene.game.round) != turns_before  # the computer took its turn
    assert scene.game.actor() == 0 and not scene.covered
    assert any(line.startswith("Age 1, round") and "Ben" in line for line in scene.game.log)


def test_pause_holds_the_computers_move_until_resumed(app):
    app.settings.animation_speed = "off"
    game = new_game(["Anna", "Ben"], 5)
    game.players[game.actor()].seat = "easy"
    human = 1 - game.actor()
    app.switch(GameScene(app, game))
    scene = app.scene
    assert scene.viewer == human and scene.computer_to_act
    press_key(app, pygame.K_p)
    assert scene.computers.paused and "paused" in scene.status_text()
    history = len(game.history)
    scene.computers.wait(10)
    for _ in range(5):
        app.pump()
    assert len(scene.game.history) == history
    click_button(app, scene.action_buttons["pause"])  # Resume
    assert not scene.computers.paused
    run_computers(app, scene)
    assert len(scene.game.history) > history


def test_privacy_screens_remain_between_two_people(app):
    game = new_game(["Anna", "Ben", "Chloe"], 2)
    for player in game.players:
        player.seat = "human"
    game.players[(game.actor() + 2) % 3].seat = "normal"
    app.switch(GameScene(app, game))
    assert app.scene.viewer is None and app.scene.covered


def test_a_seat_button_goes_round_every_kind_of_player(app):
    click_button(app, app.scene.new_button)
    button = app.scene.kind_buttons[1]
    labels = [button.text]
    for _ in range(4):
        click_button(app, button)
        labels.append(button.text)
    assert labels == ["Human", "Computer: Easy", "Computer: Normal", "Computer: Hard", "Human"]


def test_continue_resumes_the_computer_seats(app):
    app.settings.animation_speed = "off"
    scene = start_from_new_game_screen(app, clicks_on_seat_2=1)
    scene.computers.faster = True
    if scene.computer_to_act:
        run_computers(app, scene)
    scene.perform(EndTurn())  # hands over to the computer: the autosave is made when it hands back
    run_computers(app, scene)
    saved = load_game(app.settings.autosave_path)
    assert [p.seat for p in saved.players] == ["human", "easy"]
    app.show_title()
    app.pump()
    click_button(app, app.scene.continue_button)
    resumed = app.scene
    assert isinstance(resumed, GameScene)
    assert resumed.computers.plays(1) and not resumed.computers.plays(0)
    assert resumed.viewer == 0 and not resumed.covered


def test_a_computer_players_trade_offer_is_answered_in_the_window(app):
    app.settings.animation_speed = "off"
    game = short_of_food()  # the computer player lacks the food for an advance; the person holds some
    app.switch(GameScene(app, game))
    scene = app.scene
    run_computers(app, scene)
    offer = game.pending[-1]
    assert isinstance(offer, TradeOfferDecision) and offer.proposer == COMPUTER and game.actor() == PERSON
    assert "offers 3 wood for 2 food" in scene.dialog.prompt
    click_button(app, scene.dialog.button_for("Accept the trade"))
    assert game.player(COMPUTER).resources["food"] == 2 and game.player(PERSON).resources["wood"] == 3


def test_a_computer_thinking_in_the_status_phase_is_not_said_to_play_a_round(app):
    """The round count has passed the age's last round then: the status line names the status phase."""
    from civgame.games.clash.rules.flow import status

    game = new_game(["Anna", "Ben"], 5)
    game.first_player = 0
    status.begin(game)
    game.players[game.actor()].seat = "easy"
    app.switch(GameScene(app, game))
    scene = app.scene
    press_key(app, pygame.K_p)
    assert scene.computer_to_act and scene.status_text().startswith("Age 1 status phase — ")
    assert "round" not in scene.status_text()


def test_a_game_in_the_window_past_a_thousand_actions_is_saved_for_study_and_the_status_bar_says_where(app):
    from civgame.ai.loops import LONG_GAME_ACTIONS
    from civgame.framework.codec import to_plain

    game = new_game(["Anna", "Ben"], 5)
    game.history.extend([to_plain(EndTurn())] * (LONG_GAME_ACTIONS - 1))  # as if played so far
    app.switch(GameScene(app, game))
    scene = app.scene
    scene.perform(EndTurn())
    (saved,) = (app.settings.data_dir / "long games").iterdir()
    assert scene.notice.endswith(f"it is saved for study in {saved}")
    scene.perform(EndTurn())
    assert len(list((app.settings.data_dir / "long games").iterdir())) == 1  # once


def test_alone_against_a_computer_the_status_phase_shows_no_pass_screen_and_the_persons_own_hand(app):
    app.settings.animation_speed = "off"
    game = new_game(["Anna", "Ben"], 7)
    game.first_player = 1  # the computer answers each status step first
    game.players[1].seat = "easy"
    status.begin(game)  # test set-up: the end of the age
    app.switch(GameScene(app, game))
    scene = app.scene
    scene.computers.faster = True
    own_choices = 0
    while game.phase == "status" or scene.computer_to_act:
        assert not scene.covered and scene.pass_button is None
        assert scene.panel_board() == (0, True)  # Anna's board and hand, whoever decides
        if scene.computer_to_act:
            scene.computers.wait(5.0)
            app.pump()
            continue
        app.draw()
        assert scene.panel._cards  # her hand is drawn while she answers
        own_choices += 1
        click_button(app, next(b for b in scene.dialog.buttons if b.is_enabled))
    assert own_choices >= 2 and game.age == 2 and game.actor() == 0 and not scene.covered
