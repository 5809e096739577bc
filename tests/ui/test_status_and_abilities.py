"""The status-phase step in the top bar, and the Abilities menu of custom advance abilities."""

from itertools import pairwise

from civgame.games.clash.core import actions as A
from civgame.games.clash.core.decisions import (
    FirstPlayerDecision,
    FreeAdvanceDecision,
    GovernmentDecision,
    ObjectiveDecision,
    RazeDecision,
)
from civgame.games.clash.rules.flow import status
from civgame.games.clash.rules.flow.setup import new_game
from civgame.ui.app import App
from civgame.ui.game_scene import STATUS_STEPS, status_step_name
from civgame.ui.labels import decision_question
from civgame.ui.settings import MIN_SIZE, Settings
from tests.scenario import Scenario
from tests.ui.conftest import click_button, show_game

STEP_OF = {
    ObjectiveDecision: "Objectives",
    FreeAdvanceDecision: "Free advance",
    RazeDecision: "Raze",
    GovernmentDecision: "Government",
    FirstPlayerDecision: "First player",
}


def test_every_status_step_is_named_in_the_top_bar_while_its_decisions_are_answered(app):
    game = new_game(["Anna", "Ben"], 7)
    status.begin(game)  # test set-up: the end of the age
    scene = show_game(app, game)
    assert "advance" not in scene.action_buttons  # no main actions in the status phase
    seen = []
    while game.phase == "status":
        if scene.covered:
            click_button(app, scene.pass_button)
        decision = game.pending[-1]
        index, name = status_step_name(game)
        assert name == STEP_OF[type(decision)]
        assert f"step {index + 1} of {len(STATUS_STEPS)}: {name}" in scene.status_text()
        asked = decision_question(game, decision)  # the dialog's question, not the decision's kind
        assert f"waiting for {game.player(decision.player).name}: {asked}" in scene.status_text()
        seen.append(name)
        button = next(b for b in scene.dialog.buttons if b.is_enabled)
        click_button(app, button)
    assert seen[:2] == ["Free advance", "Free advance"] and seen[-1] == "First player"
    assert game.phase == "play" and game.age == 2


def abilities_scenario(cities: int):
    s = Scenario(players=2).reveal_all()
    s.advances(0, "Taxes", "Theaters", "Sports")
    for label in ("D2", "B4", "F4")[:cities]:
        s.city(0, label, mood="happy")
    s.city(1, "D7")
    s.resources(0, food=0, wood=0, ore=0, mood=2, culture=1)
    return s


def test_abilities_menu_lists_each_advance_with_readable_choices_and_can_be_undone(app):
    s = abilities_scenario(cities=2)
    game = s.game
    scene = show_game(app, game)
    click_button(app, scene.action_buttons["abilities"])
    labels = scene.dialog.labels()
    assert labels[:2] == ["Theaters: trade 1 culture for 1 mood", "Theaters: trade 1 mood for 1 culture"]
    assert "Taxes: take 1 wood, 1 ore" in labels and "Taxes: take 2 food" in labels
    assert labels[-1] == "Sports: every city of Player 1 is already happy"  # the rules' own reason
    sports = scene.dialog.button_for("Sports")
    assert not sports.is_enabled
    rule = game.rules.advance("Sports").text
    assert sports.tool_tip_text == f"Not now: every city of Player 1 is already happy. {rule}"
    assert scene.dialog.button_for("Taxes: take 1 wood").tool_tip_text.startswith("Costs 1 mood. ")
    click_button(app, scene.dialog.button_for("Taxes: take 1 wood, 1 ore"))
    player = game.player(0)
    assert (player.resources["wood"], player.resources["ore"], player.mood_tokens) == (1, 1, 1)
    assert game.actions_left == game.rules.game.actions_per_turn - 1
    click_button(app, scene.action_buttons["undo"])
    restored = scene.game.player(0)
    assert (restored.resources["wood"], restored.resources["ore"], restored.mood_tokens) == (0, 0, 2)
    assert scene.undo_notes()[-1] == "Undone: Taxes: take 1 wood, 1 ore"


def test_many_choices_of_one_advance_go_into_a_sub_menu(app):
    s = abilities_scenario(cities=3)
    scene = show_game(app, s.game)
    click_button(app, scene.action_buttons["abilities"])
    uses = [a for a in scene.legal if isinstance(a, A.UseAbility) and a.source == "Taxes"]
    click_button(app, scene.dialog.button_for(f"Taxes… ({len(uses)} choices)"))
    assert scene.dialog.labels()[0] == "Taxes: take 3 food"
    assert len(scene.dialog.labels()) == len(uses)


def test_abilities_button_is_disabled_without_a_usable_ability(app):
    scene = show_game(app, new_game(["Anna", "Ben"], 7))
    assert not scene.action_buttons["abilities"].is_enabled


def test_the_top_bar_buttons_never_overlap_even_in_the_smallest_window(tmp_path):
    for size in (MIN_SIZE, (1280, 720)):
        window = App(Settings(size=size, data_dir=tmp_path, autosave=False))
        scene = show_game(window, new_game(["Anna", "Ben"], 7))
        rects = sorted((b.rect for b in scene.action_buttons.values()), key=lambda r: r.x)
        assert all(a.right <= b.left for a, b in pairwise(rects)), size
        assert rects[-1].right <= scene.board.rect.right
        assert scene.action_buttons["abilities"].text == "Abilities"


def test_the_status_phase_choices_are_answered_in_turn_without_a_pass_screen_or_a_hand(app):
    game = new_game(["Anna", "Ben", "Chloe"], 7)
    status.begin(game)  # test set-up: the end of the age
    scene = show_game(app, game)
    deciders = []
    while game.phase == "status":
        assert not scene.covered and scene.pass_button is None
        decision = game.pending[-1]
        assert scene.viewer in (None, decision.player)  # never another player's hand on show
        if deciders and decision.player != deciders[0]:
            assert scene.viewer is None  # the seat is open once the first decider has answered
        deciders.append(decision.player)
        assert scene.dialog.prompt.startswith(game.player(decision.player).name + ":")  # who answers
        click_button(app, next(b for b in scene.dialog.buttons if b.is_enabled))
    assert len(set(deciders)) == 3 and len(deciders) >= 6  # every player chose, some more than once
    assert scene.covered and scene.pass_button is not None  # the next age starts with a hand-over
    click_button(app, scene.pass_button)
    assert scene.viewer == game.actor() and not scene.covered
