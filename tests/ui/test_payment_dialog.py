"""The payment dialog: − / + per resource, prefilled with the cheapest payment, OK only when legal."""

import pygame

from civgame.games.clash.core.decisions import PayDecision
from civgame.games.clash.rules.flow.setup import new_game
from civgame.ui.payment_dialog import PaymentDialog
from tests.ui.conftest import click_button, press_ctrl, show_game


def open_bartering_payment(app, **resources):
    game = new_game(["Anna", "Ben"], 7)
    game.player(game.actor()).resources.update(resources)
    scene = show_game(app, game)
    click_button(app, scene.action_buttons["advance"])
    click_button(app, scene.dialog.button_for("Bartering"))
    assert isinstance(game.pending[-1], PayDecision)
    assert isinstance(scene.dialog, PaymentDialog)
    return scene, game


def test_rows_start_at_the_cheapest_payment_and_ok_pays_exactly_the_chosen_amounts(app):
    scene, game = open_bartering_payment(app, food=2, ideas=2, gold=1)
    dialog = scene.dialog
    player = game.player(game.actor())
    assert dialog.kinds == ["food", "ideas", "gold"]
    assert dialog.selected() == {"food": 1, "ideas": 1}  # no gold: the engine lists it first
    assert dialog.ok_button.is_enabled and dialog.ok_button.text == "Pay 1 food, 1 idea"
    assert dialog.ok_button.tool_tip_text == "Pays exactly 1 food, 1 idea"

    click_button(app, dialog.minus["food"])
    assert dialog.selected() == {"ideas": 1}
    assert not dialog.ok_button.is_enabled
    assert dialog.ok_button.tool_tip_text == "Cannot pay this: pay 2 in all: 1 chosen, add 1"
    click_button(app, dialog.plus["gold"])
    assert not dialog.plus["gold"].is_enabled  # only 1 gold held
    assert dialog.ok_button.is_enabled
    click_button(app, dialog.ok_button)
    assert player.has("Bartering")
    assert player.resources["ideas"] == 1 and player.resources["gold"] == 0 and player.resources["food"] == 2
    assert not isinstance(scene.dialog, PaymentDialog)
    assert scene.action_buttons["undo"].tool_tip_text == 'Undo "Advance: Bartering, paying 1 idea, 1 gold" (Ctrl+Z)'


def test_a_mix_with_the_right_total_that_is_not_legal_is_refused_with_a_reason(app):
    scene, _ = open_bartering_payment(app, food=2, ideas=2, gold=0, wood=3)
    dialog = scene.dialog
    assert "wood" not in dialog.kinds  # wood cannot pay for an advance: no row for it
    click_button(app, dialog.plus["food"])
    assert dialog.selected() == {"food": 2, "ideas": 1}
    assert not dialog.ok_button.is_enabled
    assert "add" not in dialog.ok_button.tool_tip_text and "remove 1" in dialog.ok_button.tool_tip_text
    assert not dialog.plus["food"].is_enabled and dialog.minus["food"].is_enabled


def test_cancel_sends_cancel_payment_and_takes_no_action(app):
    scene, game = open_bartering_payment(app, food=2, ideas=2, gold=0)
    player = game.player(game.actor())
    click_button(app, scene.dialog.cancel_button)
    assert not game.pending and not player.has("Bartering")
    assert game.actions_left == game.rules.game.actions_per_turn
    assert game.history[-1] == {"kind": "cancel_payment"}
    assert scene.dialog is None


def test_ctrl_z_while_paying_goes_back_before_the_action(app):
    scene, _ = open_bartering_payment(app, food=2, ideas=2, gold=0)
    click_button(app, scene.dialog.plus["food"])  # the dialog has the focus
    press_ctrl(app, pygame.K_z)
    assert not scene.game.pending and scene.dialog is None
    assert scene.undo_notes()[-1] == "Undone: Advance: Bartering"
