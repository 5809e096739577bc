"""The 2012 edition in the window: choosing it and its variants on the new-game screen, the Scale's levels and
the face-up wonders in the side panel, its advance names on the board, its plain dice in the battle view."""

import re

import pygame

from civgame.ui.combat_view import dice_rolled
from civgame.ui.game_scene import GameScene
from civgame.ui.labels import decision_title
from civgame.ui.side_panel import SidePanel, claimed_wonders, token_lines
from tests.classic import classic_board, classic_rules, expansion_rules
from tests.ui.conftest import click_button
from tests.ui.test_flows import choose, click_space, open_in_window


def test_the_2012_edition_and_its_four_round_game_are_chosen_on_the_new_game_screen(app):
    click_button(app, app.scene.new_button)
    assert app.scene.variant_buttons == {}  # the Monumental Edition has no such variants
    assert "Provisional" in app.scene.ruleset_buttons["2012"].tool_tip_text
    click_button(app, app.scene.ruleset_buttons["2012"])
    assert set(app.scene.variant_buttons) == {None, "four_rounds", "roll_to_end", "wonderful_ending"}
    assert "6; 5-6; 4-6; 3-6; 2-6 (provisional)" in app.scene.variant_buttons["roll_to_end"].tool_tip_text
    click_button(app, app.scene.variant_buttons["four_rounds"])
    click_button(app, app.scene.start_button)
    assert isinstance(app.scene, GameScene)
    game = app.scene.game
    assert game.ruleset == "classic-2012" and game.variants == ["four_rounds"]


def test_the_side_panel_shows_the_levels_that_cap_the_tokens_and_the_face_up_wonders():
    from civgame.games.clash.rules.flow.setup import new_game

    pygame.display.init()
    pygame.font.init()
    game = new_game(["Anna", "Ben"], 1, classic_rules())
    player = game.player(game.actor())
    player.culture_level, player.culture_tokens, player.happiness_level = 3, 2, 1
    assert token_lines(game, player) == (
        "Mood tokens 0/1    Culture tokens 2/3",
        "Happiness Level 1  Culture Level 3",
    )
    game.revealed_wonders = ["great_wall"]
    player.wonder_cards = ["pyramids"]
    assert claimed_wonders(game, player) == ["pyramids"]
    panel = SidePanel(pygame.Rect(940, 0, 340, 720))
    panel.draw(pygame.Surface((1280, 720)), game, game.actor(), hand=True)
    assert any(card.title == "Great Wall" for _, card in panel._cards)


def test_every_2012_advance_name_fits_in_full_on_the_advance_board_at_1280x720():
    from civgame.games.clash.rules.flow.setup import new_game
    from civgame.ui import theme
    from civgame.ui.game_scene import screen_layout

    pygame.display.init()
    pygame.font.init()
    game = new_game(["Anna", "Ben"], 1, classic_rules())
    size = (1280, 720)
    panel = SidePanel(screen_layout(size)[1], theme.ui_scale(size))
    panel.draw(pygame.Surface(size), game, game.actor(), hand=True)
    cells = {tip[0].split(" · ")[0]: rect for rect, tip in panel._tips if " · " in tip[0]}
    assert sorted(cells) == sorted(game.rules.advance_names())
    font = theme.font(panel.size - 3, condensed=True)
    for name, cell in cells.items():
        assert font.size(name)[0] <= cell.w - 6, f"{name} is cut"


def test_plain_dice_are_read_from_a_2012_roll():
    line = "Anna rolls 3, 6, 1 including 1 fortress die: combat value 10, 2 hits"
    assert dice_rolled(line, {""}) == [(3, ""), (6, ""), (1, "")]


def test_the_rules_help_of_a_2012_game_tells_its_rules_and_its_stand_ins(app):
    from civgame.games.clash.rules.flow.setup import new_game
    from civgame.ui.rules_help import CLASSIC_2012_TOPICS, PROVISIONAL_TOPIC, topics
    from tests.ui.conftest import press_key, show_game

    game = new_game(["Anna", "Ben"], 1, classic_rules())
    scene = show_game(app, game)
    press_key(app, pygame.K_F1)
    assert scene.dialog.labels() == [*CLASSIC_2012_TOPICS, PROVISIONAL_TOPIC]
    click_button(app, scene.dialog.button_for("The Scale"))
    assert "reaches 3, 5 or 7" in scene.message.text
    assert "Unit costs are the Monumental Edition's" in topics(game)[PROVISIONAL_TOPIC]


def test_the_balance_patch_is_an_option_of_the_monumental_rules_on_the_new_game_screen(app):
    click_button(app, app.scene.new_button)
    assert list(app.scene.option_buttons) == ["balance_patch"]
    assert "City Planning and Welfare State" in app.scene.option_buttons["balance_patch"].tool_tip_text
    click_button(app, app.scene.option_buttons["balance_patch"])
    assert app.scene.option_buttons["balance_patch"].is_selected
    click_button(app, app.scene.ruleset_buttons["2012"])
    assert list(app.scene.option_buttons) == ["civilizations_expansion"]  # not the balance patch
    click_button(app, app.scene.ruleset_buttons["monumental"])
    click_button(app, app.scene.option_buttons["balance_patch"])
    click_button(app, app.scene.start_button)
    assert isinstance(app.scene, GameScene)
    assert app.scene.game.ruleset == "monumental+balance_patch"


def test_the_civilizations_expansion_is_an_option_of_the_2012_rules_and_the_screen_says_why_none_is_offered(app):
    click_button(app, app.scene.new_button)
    click_button(app, app.scene.ruleset_buttons["2012"])
    assert "No civilization has all its abilities in play" in app.scene.civ_note
    assert "Huns" not in app.scene.civ_note  # the 2012 edition has no civilizations to list
    option = app.scene.option_buttons["civilizations_expansion"]
    tip = " ".join(option.tool_tip_text.split())
    assert "without the expansion's 20 event, 6 objective and 5 replacement cards" in tip
    assert "Monumental Edition's costs: provisional" in tip
    click_button(app, option)
    assert app.scene.option_buttons["civilizations_expansion"].is_selected
    note = " ".join(app.scene.civ_note.split())
    assert "Not offered: Babylonia, Carthage, Celts, China, Egypt, Greece, Huns, India, Japan, Maya," in note
    why = app.scene.civ_note_why
    unknown_only = r"Babylonia(, \w+)*: no source gives three of the four special advances or the three leaders\."
    assert re.search(unknown_only, why)  # with the others whose known special advances are built
    assert "Huns, Japan, Vikings: no source gives the three leaders." in why  # their special advances built
    click_button(app, app.scene.start_button)
    assert isinstance(app.scene, GameScene)
    game = app.scene.game
    assert game.ruleset == "classic-2012+civilizations_expansion"
    assert "market" in game.rules.buildings and all(p.civilization is None for p in game.players)


def test_a_market_city_recruits_cavalry_at_a_provisional_cost_and_another_city_greys_it_with_the_reason(app):
    s = classic_board(rules=expansion_rules())
    s.advances(0, "Bartering")
    s.city(0, "D2", buildings={"market": 0})
    s.city(0, "C2")
    s.resources(0, food=2, wood=1)
    scene = open_in_window(app, s.game)
    click_space(app, scene, "D2")
    assert "Recruit 1 Cavalry at D2 (provisional cost)" in scene.dialog.labels()
    assert "Recruit 1 Elephant at D2 (provisional cost)" in scene.dialog.labels()
    scene.close_dialog()
    click_space(app, scene, "C2")
    greyed = scene.dialog.button_for("Recruit Cavalry:")
    assert not greyed.is_enabled
    assert scene.dialog.buttons[greyed].label == (
        "Recruit Cavalry: Cavalry can only be recruited in a city with a Market"
    )
    assert "Provisional: its cost (1 food, 1 wood) is the Monumental" in " ".join(greyed.tool_tip_text.split())


def test_trade_routes_to_a_market_are_used_or_left_out_in_a_dialog(app):
    s = classic_board(rules=expansion_rules())
    s.city(1, "B3", buildings={"market": 1})
    s.city(1, "E4")
    s.unit(0, "settler", "C2")
    s.unit(0, "ship", "E3")
    s.advances(0, "Trade Routes")
    s.turn(0)
    scene = open_in_window(app, s.game)
    assert decision_title(s.game, s.game.pending[-1]) == (
        "Player 1: Trade Routes: use every route, or leave out the routes to other players' Market cities?"
    )
    assert scene.dialog.labels() == [
        "2 trade routes (Player 2 gains 1 gold)",
        "1 trade route, leaving out Player 2's Market cities",
    ]
    choose(app, scene, "1 trade route")
    assert not s.game.pending and s.game.player(0).resources["food"] == 1


def test_nomads_move_a_hun_city_from_every_action_in_a_move(app):
    from civgame.games.clash.core.actions import StartMove
    from tests.engine.test_expansion_special_advances import nomads_board

    s, city = nomads_board(True)
    assert s.game.pending  # a move action under way
    scene = open_in_window(app, s.game)
    scene.open_all_actions()
    assert "Move the city at D2 with 1 Army unit to C2" in scene.dialog.labels()
    choose(app, scene, "Move the city at D2 to D3")
    assert scene.game.city(city.id).pos == s.hex("D3") and StartMove not in {type(a) for a in scene.legal}
