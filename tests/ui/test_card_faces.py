"""Cards are shown by their faces: pointing at a card of the hand or at a dialog's option about a card shows
the card at full size beside it; each wonder has a picture of its own, on its card and on its city."""

import pygame

from civgame.games.clash.core.actions import Advance
from civgame.games.clash.rules.flow import status
from civgame.games.clash.rules.flow.setup import new_game
from civgame.ui import art
from civgame.ui.board_view import piece_token
from civgame.ui.cards_view import action_card, event_card, objective_card, wonder_card
from civgame.ui.combat_view import CARD_WIDTH
from tests.combat_helpers import attack
from tests.engine.test_events import board as event_board
from tests.scenario import Scenario
from tests.ui.conftest import click, hover, show_game
from tests.ui.test_objectives_and_wonders import hand_scenario
from tests.ui.test_trade import traders


def shows(app, card, rect) -> bool:
    """True if the window shows `card`'s face in `rect` (compared inside its rounded corners, on a grid of
    points, allowing for the blending of a face that is not quite opaque)."""
    face = card.face(rect.w)
    shown = app.screen.subsurface(rect)
    points = [(x, y) for x in range(12, rect.w - 12, 3) for y in range(12, rect.h - 12, 3)]
    return all(
        max(abs(a - b) for a, b in zip(shown.get_at(p)[:3], face.get_at(p)[:3], strict=True)) <= 3 for p in points
    )


def test_pointing_at_a_wonder_card_in_the_hand_shows_its_face_beside_the_panel(app):
    s = hand_scenario()
    scene = show_game(app, s.game)
    rect = next(rect for rect, lines in scene.panel._tips if lines[0] == "Wonder card: Pyramids")
    hover(app, rect.center)
    shown = scene.tooltip_rect
    assert shown is not None and shown.right <= scene.panel.rect.left and shown.h == round(shown.w * 1.4)
    card, _beside = scene.hovered_card()
    assert card.title == "Pyramids" and card.picture == "wonder_pyramids"
    assert card.text.startswith(wonder_card(s.game, "pyramids").text)  # cost, needs, points and effect
    assert shows(app, card, shown)


def test_an_objective_card_face_says_which_objective_is_met(app):
    s = hand_scenario()
    scene = show_game(app, s.game)
    rect = next(rect for rect, lines in scene.panel._tips if lines[0] == "Objective card: Large Civilization/Draft")
    hover(app, rect.center)
    card = objective_card(s.game, 0, 1)
    assert card.kind == "objective" and "Large Civilization: met now" in card.text.splitlines()
    assert shows(app, card, scene.tooltip_rect)


def test_pointing_at_a_wonder_to_build_in_the_city_menu_shows_the_card_beside_the_dialog(app):
    s = hand_scenario()
    scene = show_game(app, s.game)
    click(app, scene.board.centre(s.hex("D2")))
    button = scene.dialog.button_for("Build the Pyramids at D2")
    hover(app, button.rect.center)
    shown = scene.tooltip_rect
    assert shown is not None and not shown.colliderect(scene.dialog.window.rect)
    assert shows(app, wonder_card(s.game, "pyramids"), shown)
    hover(app, scene.dialog.button_for("Collect").rect.center)  # an option about no card shows none
    assert scene.hovered_card() is None


def test_completing_an_objective_shows_the_card_being_completed(app):
    s = hand_scenario()
    status.begin(s.game)
    scene = show_game(app, s.game)
    if scene.covered:
        click(app, scene.pass_button.rect.center)
    hover(app, scene.dialog.button_for("Complete Large Civilization").rect.center)
    assert shows(app, objective_card(s.game, 0, 1), scene.tooltip_rect)


def test_every_wonder_has_its_own_picture_on_its_card_and_on_its_city(app):
    game = new_game(["Anna", "Ben"], 1)
    tokens, faces = set(), set()
    for key in game.rules.wonders:
        assert art.has(f"wonder_{key}"), f"assets/art/wonder_{key}.svg is missing"
        tokens.add(pygame.image.tobytes(piece_token(art.wonder_art(key), (212, 175, 55), 48), "RGBA"))
        faces.add(pygame.image.tobytes(wonder_card(game, key).face(200), "RGBA"))
    assert len(tokens) == len(faces) == len(game.rules.wonders)
    assert art.wonder_art("a_mods_wonder") == "wonder"  # a mod's wonder without a picture: the common piece


def test_the_city_shows_the_picture_of_its_wonder(app):
    s = Scenario(players=2).reveal_all()
    city = s.city(0, "D2", mood="happy")
    s.city(1, "D7")
    scene = show_game(app, s.game)
    pictures = []
    for wonders in ([], ["pyramids"], ["great_wall"]):
        city.wonders = wonders
        scene.rebuild()
        app.draw()
        pictures.append(pygame.image.tobytes(app.screen.subsurface(scene.spaces_rect([city.pos])), "RGB"))
    assert len(set(pictures)) == 3  # no wonder, the Pyramids and the Great Wall each look different


def test_the_event_panel_shows_the_drawn_card_and_pointing_at_it_shows_it_at_full_size(app):
    s = event_board()
    s.city(0, "D5")
    s.city(1, "B6")
    s.resources(0, food=2)
    s.game.decks["event"].draw.append(13)  # An awesome year
    s.player(0).event_cubes = 1
    scene = show_game(app, s.game)
    scene.perform(Advance("Storage", payment={"food": 2}))
    scene.animations.finish()
    app.draw()
    report = scene.battle_view()
    assert report.card == event_card(s.game.rules.event(13)) and report.card.kind == "event"
    panel = scene.combat_rect
    small = report.card.face(round(CARD_WIDTH * app.scale))
    assert shows(app, report.card, pygame.Rect(panel.x + 10, panel.y + round(30 * app.scale) + 6, *small.get_size()))
    hover(app, (panel.x + 40, panel.y + 60))
    assert shows(app, report.card, scene.tooltip_rect) and scene.tooltip_rect.w > small.get_width()
    assert not scene.tooltip_rect.colliderect(panel)


def test_a_wonder_card_in_the_hand_says_where_it_can_be_built_or_the_rules_reason_it_cannot(app):
    s = hand_scenario()
    scene = show_game(app, s.game)
    lines = next(lines for _rect, lines in scene.panel._tips if lines[0] == "Wonder card: Pyramids")
    assert lines[-1] == "Can be built now at D2, B6, C7, A7, D6, E6"  # every happy city, in the order founded
    s.resources(0, ore=0)
    scene.rebuild()
    app.draw()
    lines = next(lines for _rect, lines in scene.panel._tips if lines[0] == "Wonder card: Pyramids")
    assert lines[-1] == "Not now: Player 1 cannot pay 2 food, 3 wood, 7 ore, 5 culture"
    card = next(card for _rect, card in scene.panel._cards if card.title == "Pyramids")
    assert card.text.endswith(lines[-1])


def test_pointing_at_a_card_of_the_hand_in_the_trade_dialog_shows_its_face(app):
    s = traders()
    game = s.game
    scene = show_game(app, game)
    click(app, scene.action_buttons["trade"].rect.center)
    card_id = game.player(0).action_cards[0]
    hover(app, scene.dialog.button_for_card(f"action:{card_id}").rect.center)
    assert shows(app, action_card(game, card_id), scene.tooltip_rect)
    assert not scene.tooltip_rect.colliderect(scene.dialog.window.rect)


def test_an_action_card_face_shows_both_halves_in_the_hand_and_when_playing_it(app):
    leadership = 25
    s = Scenario().reveal_all().hand(0, leadership).resources(0, culture=1)
    s.city(0, "D2")
    scene = show_game(app, s.game)
    card = action_card(s.game, leadership)
    assert card.kind == "action" and card.title == "Leadership/High Ground"
    assert card.text.splitlines()[0] == "Leadership (free action, 1 culture): Gain 1 more action this turn."
    assert card.text.splitlines()[1].startswith("Tactics - High Ground (land battles, attacker only away")
    rect = next(rect for rect, (_, c) in scene.panel.card_rects if c == leadership)
    hover(app, rect.move(20, 2).topleft)
    assert shows(app, card, scene.tooltip_rect)
    click(app, rect.center)
    hover(app, scene.dialog.button_for("Play Leadership").rect.center)
    assert scene.hovered_card() == (card, scene.dialog.window.rect)
    assert shows(app, card, scene.tooltip_rect) and not scene.tooltip_rect.colliderect(scene.dialog.window.rect)


def test_choosing_a_tactics_card_shows_its_face_and_playing_none_shows_no_card(app):
    high_morale = 6
    s = Scenario().reveal_all().advances(0, "Tactics").hand(0, high_morale)
    att = s.units(0, "infantry", "C2", 1)
    s.units(1, "infantry", "C2", 1)
    attack(s, 0, att, "C2", "D2")
    scene = show_game(app, s.game)
    hover(app, scene.dialog.button_for("Play High Morale").rect.center)
    card = action_card(s.game, high_morale)
    assert card.title == "Hero General/High Morale" and shows(app, card, scene.tooltip_rect)
    assert not scene.tooltip_rect.colliderect(scene.dialog.window.rect)
    hover(app, scene.dialog.button_for("Play no tactics card").rect.center)
    assert scene.hovered_card() is None


def test_a_face_up_wonder_card_is_shown_to_every_player_with_its_face(app):
    s = Scenario()
    s.game.public_wonder = "great_wall"
    scene = show_game(app, s.game)
    rect = next(rect for rect, card in scene.panel._cards if card.title == "Great Wall")
    hover(app, rect.center)
    card, _beside = scene.hovered_card()
    assert card.title == "Great Wall" and card.picture == "wonder_great_wall"
    assert scene.tooltip_rect is not None and shows(app, card, scene.tooltip_rect)
    s.game.public_wonder = None
    scene = show_game(app, s.game)
    assert not [card for _rect, card in scene.panel._cards if card.kind == "wonder"]
