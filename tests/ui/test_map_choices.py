"""Decisions that ask for a space are answered on the map: the offered spaces are marked and a click on one
answers; the dialog's list stays as the other way."""

from civgame.framework.codec import to_plain
from civgame.games.clash.core.actions import Advance, ChooseOption, Raze
from civgame.games.clash.core.decisions import RazeDecision
from civgame.games.clash.core.hexgrid import hex_to_label
from civgame.games.clash.rules.flow import status
from tests.engine.test_event_cards import EARTHQUAKE
from tests.engine.test_events import board as event_board
from tests.engine.test_events import main_effect
from tests.ui.conftest import click, click_button, show_game


def awesome_year():
    """Player 1 draws An awesome year, whose drawer picks the land to exhaust."""
    s = event_board()
    s.city(0, "D5")
    s.city(1, "B6")
    s.resources(0, food=2)
    s.game.decks["event"].draw.append(13)
    s.player(0).event_cubes = 1
    return s


def test_an_events_choice_of_a_space_is_marked_on_the_map_and_taken_by_a_click(app):
    s = awesome_year()
    game = s.game
    scene = show_game(app, game)
    scene.perform(Advance("Storage", payment={"food": 2}))
    offered = {s.hex(label) for label in game.pending[-1].options}
    assert offered and scene._overlay(0).highlights == offered
    assert "click a marked space" in scene.status_text()
    assert len(scene.dialog.labels()) == len(offered)  # the list stays
    target = sorted(offered)[0]
    before = len(game.history)
    click(app, scene.board.centre(target))
    assert len(game.history) == before + 1
    assert game.history[-1] == to_plain(ChooseOption(hex_to_label(target)))


def test_a_city_to_raze_is_chosen_by_clicking_it(app):
    s = event_board()
    first = s.city(0, "D5")
    second = s.city(0, "D2")
    s.city(1, "B6")
    game = s.game
    game.first_player = 0
    status.begin(game)
    while not isinstance(game.pending[-1], RazeDecision):
        s.apply(next(a for a in s.legal() if getattr(a, "advance", None) is not None))
    scene = show_game(app, game)
    assert set(scene.space_choices()) == {first.pos, second.pos}
    click(app, scene.board.centre(second.pos))
    assert game.history[-1] == to_plain(Raze(second.id))
    assert game.city(second.id) is None and game.city(first.id) is not None


def test_several_answers_on_one_space_are_offered_beside_it(app):
    s = event_board()
    s.city(0, "D5", buildings={"temple": 0, "academy": 0})
    for label in ("D2", "B6"):
        s.city(0, label)
    main_effect(s, EARTHQUAKE)
    game = s.game
    scene = show_game(app, game)
    d5 = s.hex("D5")
    assert len(scene.space_choices()[d5]) == 2
    click(app, scene.board.centre(d5))
    chooser = scene.dialog
    assert chooser.window.window_display_title == "Choose at D5" and len(chooser.labels()) == 2
    assert sorted(chooser.labels()) == ["Academy at D5", "Temple at D5"]  # the card is named in the question only
    click_button(app, chooser.button_for(next(label for label in chooser.labels() if "Temple" in label)))
    assert game.history[-1] == to_plain(ChooseOption("Temple at D5"))
    assert list(game.city_at(d5).buildings) == ["academy"]


def test_the_choices_list_names_the_card_once_in_its_question_not_on_every_answer(app):
    s = awesome_year()
    game = s.game
    scene = show_game(app, game)
    scene.perform(Advance("Storage", payment={"food": 2}))
    decision = game.pending[-1]
    assert decision.source and scene.dialog.prompt.endswith(f"{decision.source}: choose one")
    assert sorted(scene.dialog.labels()) == sorted(decision.options)  # "C5", not "<the card>: C5"
