"""The trade dialog from the top bar, and the partner's answer behind their pass screen, by real clicks."""

from civgame.games.clash.core.decisions import TradeOfferDecision
from civgame.ui.cards_view import trade_item_card
from civgame.ui.labels import card_name
from civgame.ui.trade_dialog import TradeDialog
from tests.scenario import Scenario
from tests.ui.conftest import click_button, show_game
from tests.ui.test_flows import take_seat


def traders() -> Scenario:
    s = Scenario(players=2)
    s.city(0, "D2")
    s.city(1, "D7")
    for i in (0, 1):
        s.player(i).action_cards[:] = []
        s.player(i).objective_cards[:] = []
        s.resources(i, food=0)
    s.resources(0, food=2).resources(1, ore=1)
    s.player(0).action_cards.append(s.game.rules.action_cards[0].id)
    s.player(1).objective_cards.append(s.game.rules.objective_cards[0].id)
    return s


def open_trade(app, scene) -> TradeDialog:
    click_button(app, scene.action_buttons["trade"])
    assert isinstance(scene.dialog, TradeDialog)
    return scene.dialog


def test_an_offer_with_a_face_down_card_is_sent_accepted_and_the_card_stays_hidden_until_then(app):
    s = traders()
    game = s.game
    secret = card_name(game.rules.action_cards, game.player(0).action_cards[0])
    scene = show_game(app, game)
    dialog = open_trade(app, scene)
    assert not dialog.send_button.is_enabled  # nothing in the trade yet
    click_button(app, dialog.button_for_amount("give", "food", 1))
    click_button(app, dialog.button_for_amount("give", "food", 1))
    assert not dialog.button_for_amount("give", "food", 1).is_enabled  # only 2 food held
    assert not dialog.button_for_amount("take", "food", 1).is_enabled  # food is already given
    card = f"action:{game.player(0).action_cards[0]}"
    click_button(app, dialog.button_for_card(card))  # keep → give
    click_button(app, dialog.button_for_card(card))  # give → give face down
    assert dialog.cards[card] == "give face down"
    click_button(app, dialog.button_for_amount("take", "ore", 1))
    click_button(app, dialog.button_for_amount("take", "objective", 1))
    assert dialog.summary() == f"You give 2 food, Action card {secret} (face down); you take 1 ore, 1 objective card"
    click_button(app, dialog.send_button)

    offer = game.pending[-1]
    assert isinstance(offer, TradeOfferDecision) and offer.face_down == [card]
    assert scene.covered and game.actor() == 1  # Player 2 answers behind their pass screen
    assert secret not in "\n".join(game.log)
    take_seat(app, scene)
    prompt = scene.dialog.prompt
    assert "offers 2 food, 1 action card (face down) for 1 ore, 1 objective card" in prompt
    objective = card_name(game.rules.objective_cards, game.player(1).objective_cards[0])
    assert scene.dialog.labels() == [f"Accept the trade, giving Objective card {objective}", "Decline the trade"]
    assert all(secret not in text for text in [prompt, *scene.dialog.labels()])
    click_button(app, scene.dialog.button_for("Accept the trade"))

    assert game.pending == [] and game.actor() == 0 and scene.covered
    p0, p1 = game.player(0), game.player(1)
    assert (p0.resources["food"], p0.resources["ore"], p1.resources["food"], p1.resources["ore"]) == (0, 1, 2, 0)
    assert p1.action_cards and not p0.action_cards and p0.objective_cards and not p1.objective_cards
    take_seat(app, scene)
    assert not scene.action_buttons["trade"].is_enabled  # one offer to each player per turn


def test_a_declined_offer_changes_nothing_and_cancel_offers_nothing(app):
    s = traders()
    game = s.game
    scene = show_game(app, game)
    dialog = open_trade(app, scene)
    click_button(app, dialog.button_for_amount("give", "food", 1))
    click_button(app, dialog.cancel_button)
    assert scene.dialog is None and game.pending == [] and game.player(0).resources["food"] == 2
    dialog = open_trade(app, scene)
    click_button(app, dialog.button_for_amount("give", "food", 1))
    click_button(app, dialog.send_button)
    take_seat(app, scene)
    click_button(app, scene.dialog.button_for("Decline the trade"))
    assert game.log[-1] == "Player 2 declines Player 1's trade offer"
    assert game.player(0).resources["food"] == 2 and game.player(1).resources["food"] == 0


def test_a_great_person_of_your_hand_is_given_face_down_by_clicks_and_the_partner_receives_it(app):
    """A great person held hidden counts as an action card in hand; the Great Diplomat is kept face up."""
    s = traders()
    game = s.game
    philosopher, artist, diplomat = 21, 19, 57
    game.decks["event"].draw = [c for c in game.decks["event"].draw if c not in (philosopher, artist, diplomat)]
    game.player(0).great_persons += [philosopher, diplomat]
    game.player(1).great_persons.append(artist)
    scene = show_game(app, game)
    dialog = open_trade(app, scene)
    person = f"great person:{philosopher}"
    assert person in dialog.cards and f"great person:{diplomat}" not in dialog.cards  # face up: not in hand
    button = dialog.button_for_card(person)
    assert button.text == "Great person card Great Philosopher: keep"
    assert trade_item_card(game, 0, person).title == "Great Philosopher"  # shown when pointed at
    ask = dialog.ask_labels["action"].text
    assert ask == "Action cards or great persons in hand (Player 2 1, they pick)"  # their Great Artist
    click_button(app, button)  # keep → give
    click_button(app, button)  # give → give face down
    assert button.text == "Great person card Great Philosopher: give face down"
    click_button(app, dialog.button_for_amount("take", "ore", 1))
    assert dialog.summary() == "You give Great person card Great Philosopher (face down); you take 1 ore"
    click_button(app, dialog.send_button)

    offer = game.pending[-1]
    assert isinstance(offer, TradeOfferDecision) and offer.face_down == [person]
    take_seat(app, scene)
    prompt = scene.dialog.prompt
    assert "offers 1 action card (face down) for 1 ore" in prompt
    assert all("Philosopher" not in text for text in [prompt, *scene.dialog.labels(), *game.log])
    click_button(app, scene.dialog.button_for("Accept the trade"))

    assert game.pending == [] and game.player(1).great_persons == [artist, philosopher]
    assert game.player(0).great_persons == [diplomat] and game.player(0).resources["ore"] == 1
