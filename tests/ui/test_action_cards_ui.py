"""Action cards in the window: the hand, playing from it, and tactics cards chosen in secret."""

from civgame.games.clash.core.actions import PlayTactics
from civgame.games.clash.core.decisions import TacticsDecision
from civgame.games.clash.core.model import BARBARIAN
from civgame.games.clash.rules.cards.action_cards import GREAT_PERSONS
from civgame.ui.cards_view import action_card, event_card
from civgame.ui.side_panel import PLAYABLE
from tests.combat_helpers import attack
from tests.scenario import Scenario
from tests.ui.conftest import click, click_button, hover, show_game

LEADERSHIP, TEACH_US, HIGH_MORALE_CARD, DEFENSIVE_FORMATION_CARD, MERCENARIES = 25, 35, 6, 22, 13


def card_rect(scene, card):
    return next(rect for rect, (_, c) in scene.panel.card_rects if c == card)


def test_the_hand_shows_both_halves_and_highlights_what_can_be_played(app):
    s = Scenario().reveal_all().hand(0, LEADERSHIP, TEACH_US).resources(0, culture=1)
    s.city(0, "D2")
    scene = show_game(app, s.game)
    playable, unplayable = card_rect(scene, LEADERSHIP), card_rect(scene, TEACH_US)
    hover(app, playable.move(20, 2).topleft)
    lines = scene.panel.hover_lines(scene.mouse)
    assert lines[0] == "Action card: Leadership/High Ground"
    assert lines[1] == "Leadership (free action, 1 culture): Gain 1 more action this turn."
    assert lines[2].startswith("Tactics - High Ground (land battles, attacker only away from cities): ")
    assert lines[-1] == "Playable now: click to play it."
    hover(app, unplayable.move(20, 2).topleft)
    assert (
        scene.panel.hover_lines(scene.mouse)[-1]
        == "Not playable now: Teach Us is played at the end of a battle won at a city, not as an action."
    )
    highlighted = [
        (x, playable.y + y)
        for x in range(playable.x, playable.right)
        for y in range(playable.h)
        if tuple(app.screen.get_at((x, playable.y + y)))[:3] == PLAYABLE
    ]
    assert highlighted


def test_a_card_is_played_from_the_hand_and_an_unplayable_one_says_why(app):
    s = Scenario().reveal_all().hand(0, LEADERSHIP, TEACH_US).resources(0, culture=1)
    s.city(0, "D2")
    scene = show_game(app, s.game)
    click(app, card_rect(scene, TEACH_US).center)
    reason = "Not playable now: Teach Us is played at the end of a battle won at a city, not as an action."
    assert reason in scene.dialog.prompt
    click_button(app, scene.dialog.button_for("OK"))
    actions = s.game.actions_left
    click(app, card_rect(scene, LEADERSHIP).center)
    click_button(app, scene.dialog.button_for("Play Leadership"))
    assert s.game.actions_left == actions + 1 and s.game.player(0).action_cards == [TEACH_US]
    assert "Player 1 plays the action card Leadership, paying 1 culture token" in s.game.log


def test_tactics_are_chosen_in_secret_with_a_pass_screen_and_revealed_in_the_battle_panel(app):
    s = Scenario().reveal_all().advances(0, "Tactics").advances(1, "Tactics")
    s.hand(0, HIGH_MORALE_CARD).hand(1, DEFENSIVE_FORMATION_CARD)
    att = s.units(0, "infantry", "C2", 1)
    s.units(1, "infantry", "C2", 1)
    attack(s, 0, att, "C2", "D2")
    scene = show_game(app, s.game)
    assert isinstance(s.game.pending[-1], TacticsDecision)
    assert sorted(scene.dialog.labels()) == [
        "Play High Morale face down: +2 combat value.",
        "Play no tactics card",
    ]
    click_button(app, scene.dialog.button_for("Play High Morale"))
    assert scene.covered  # the defender takes the seat before seeing anything
    click_button(app, scene.pass_button)
    labels = scene.dialog.labels()
    assert sorted(labels) == ["Play Defensive Formation face down: Roll 1 extra die.", "Play no tactics card"]
    assert not any("High Morale" in line for line in [*s.game.log, *scene.battle_view().lines])
    assert [a for a in scene.legal if isinstance(a, PlayTactics)] == [PlayTactics(None), PlayTactics(22)]
    click_button(app, scene.dialog.button_for("Play Defensive Formation"))
    lines = scene.battle_view().lines
    assert "Round 1: Player 1 reveals High Morale (Hero General/High Morale)" in lines
    assert "Round 1: Player 2 reveals Defensive Formation (Explorer/Defensive Formation)" in lines
    assert "Round 1: Player 1 reveals High Morale (Hero General/High Morale)" in s.game.log
    assert s.game.actor() == 0 and scene.covered  # handed back to the attacker (to retreat, or its turn)
    click_button(app, scene.pass_button)
    assert not scene.covered and scene.viewer == 0


def test_a_great_person_is_played_from_the_hand_and_an_unplayable_one_says_why(app):
    great_philosopher, great_athlete = 21, 56
    s = Scenario().reveal_all().resources(0, mood=0, culture=0)
    s.city(0, "D2")
    s.player(0).great_persons = [great_philosopher, great_athlete]
    scene = show_game(app, s.game)
    athlete, philosopher = card_rect(scene, great_athlete), card_rect(scene, great_philosopher)
    hover(app, philosopher.move(20, 2).topleft)
    assert scene.panel.hover_lines(scene.mouse)[-1] == "Playable now: click to play it."
    click(app, athlete.center)
    reason = "Great Athlete cannot be played now: it needs a mood or culture token"
    assert f"Not playable now: {reason}." in scene.dialog.prompt
    click_button(app, scene.dialog.button_for("OK"))
    click(app, philosopher.center)
    assert sorted(scene.dialog.labels()) == ["Play Great Philosopher: Writing", "Play Great Philosopher: no advance"]
    hover(app, scene.dialog.button_for("Play Great Philosopher: Writing").rect.center)
    assert scene.hovered_card()[0] == event_card(s.game.rules.event(great_philosopher))  # the card beside it
    click_button(app, scene.dialog.button_for("Play Great Philosopher: Writing"))
    assert s.player(0).great_persons == [great_athlete] and s.player(0).has("Writing")
    assert s.player(0).resources["ideas"] == 2 and s.game.decks["event"].discard[-1] == great_philosopher


def test_mercenaries_is_played_from_the_hand_and_each_choice_answered_in_the_decision_dialog(app):
    s = Scenario().reveal_all().hand(0, MERCENARIES)
    s.resources(0, food=2, gold=1, culture=0, mood=0)
    s.city(0, "D5")
    first, second = s.unit(BARBARIAN, "infantry", "D7"), s.unit(BARBARIAN, "infantry", "E6")
    scene = show_game(app, s.game)
    click(app, card_rect(scene, MERCENARIES).center)
    click_button(app, scene.dialog.button_for("Play Mercenaries"))
    assert "Mercenaries: choose the barbarian armies to move, 1 resource each (0 chosen)" in scene.dialog.prompt
    assert sorted(scene.dialog.labels()) == ["The army at D7", "The army at E6"]
    assert scene.decision_subject(s.game.pending[-1]) == [s.hex("D7"), s.hex("E6")]  # shown clear of the dialog
    click_button(app, scene.dialog.button_for("The army at D7"))
    click_button(app, scene.dialog.button_for("The army at E6"))
    assert "pay 1 resource for each of the 2 barbarian armies" in scene.dialog.prompt
    click_button(app, scene.dialog.button_for("Pay 1 food, 1 gold"))
    assert "move a chosen barbarian army 1 space (2 left to move)" in scene.dialog.prompt
    click_button(app, scene.dialog.button_for("The army at D7 to D8"))
    click_button(app, scene.dialog.button_for("The army at E6 to E5"))
    assert (first.pos, second.pos) == (s.hex("D8"), s.hex("E5")) and s.game.pending == []
    assert (s.player(0).resources["food"], s.player(0).resources["gold"]) == (1, 0)


def test_spy_shows_the_card_each_exchange_takes_beside_it(app):
    spy = 7
    s = Scenario().reveal_all().hand(0, spy, LEADERSHIP).hand(1, MERCENARIES).resources(0, culture=1)
    s.city(0, "D2")
    for player in s.game.players:
        s.game.decks["objective"].draw.extend(player.objective_cards)
        player.objective_cards = []
    scene = show_game(app, s.game)
    click(app, card_rect(scene, spy).center)
    click_button(app, scene.dialog.button_for("Play Spy: look at Player 2's cards"))
    swap = scene.dialog.button_for("Give action card Leadership/High Ground (25), take Mercenaries")
    hover(app, swap.rect.center)
    card, beside = scene.hovered_card()
    assert card == action_card(s.game, MERCENARIES) and beside == scene.dialog.window.rect


def test_spy_names_a_great_person_held_hidden_in_the_swap_it_offers(app):
    spy, great_philosopher = 7, 21
    s = Scenario().reveal_all().hand(0, spy, LEADERSHIP).resources(0, culture=1)
    s.city(0, "D2")
    for player in s.game.players:
        s.game.decks["objective"].draw.extend(player.objective_cards)
        player.objective_cards = []
    s.game.decks["event"].draw.remove(great_philosopher)
    s.player(1).great_persons = [great_philosopher]  # the only hidden card of Player 2
    scene = show_game(app, s.game)
    click(app, card_rect(scene, spy).center)
    click_button(app, scene.dialog.button_for("Play Spy: look at Player 2's cards"))
    swap = "Give action card Leadership/High Ground (25), take great person Great Philosopher"
    assert sorted(scene.dialog.labels()) == ["Exchange nothing", swap]
    hover(app, scene.dialog.button_for(swap).rect.center)
    assert scene.hovered_card()[0] == event_card(s.game.rules.event(great_philosopher))  # the card taken, beside it
    hover(app, scene.dialog.button_for("Exchange nothing").rect.center)
    assert scene.hovered_card() is None
    click_button(app, scene.dialog.button_for(swap))
    assert s.player(0).great_persons == [great_philosopher] and s.player(1).action_cards == [LEADERSHIP]
    app.pump()
    assert [c for _, c in scene.panel.card_rects] == [(GREAT_PERSONS, great_philosopher)]  # played as one
