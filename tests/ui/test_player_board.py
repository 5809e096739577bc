"""The civilization boards: each player's civilization, special advances held or not, leaders unused,
on the board or gone, and every ability's text as a tooltip; the leader piece names its leader."""

import pygame

from civgame.games.clash.rules.actions.advances import gain_advance
from civgame.games.clash.rules.base import civilizations
from civgame.ui.art import unit_art
from civgame.ui.player_board import PlayerBoard
from tests.scenario import Scenario
from tests.ui.conftest import click_button, hover, press_key, show_game


def maya_against_rome() -> Scenario:
    s = Scenario(players=2)
    civilizations.take(s.game, s.player(0), "maya")
    civilizations.take(s.game, s.player(1), "rome")
    s.reveal_all()
    gain_advance(s.game, s.player(0), "Irrigation", uses_event_cube=False)
    city = s.city(0, "D2")
    civilizations.place_leader(s.game, s.player(0), "Lady Six Sky", city)
    civilizations.place_leader(s.game, s.player(0), "Yuknoom Chʼeen II", city)  # Lady Six Sky leaves for good
    s.player(1).captured_leaders.append("Kʼinich Janaab Pakal I")  # as if taken in battle
    s.player(0).leaders_used.append("Kʼinich Janaab Pakal I")
    return s


def test_the_game_menu_opens_the_boards_with_held_advances_and_where_each_leader_is(app):
    s = maya_against_rome()
    scene = show_game(app, s.game)
    click_button(app, scene.action_buttons["menu"])
    click_button(app, scene.dialog.button_for("Civilization boards"))
    board = scene.dialog
    assert isinstance(board, PlayerBoard) and board.shown == 0
    assert board.ability_buttons["Terrace"].text.startswith("☑ Terrace (with Irrigation)")
    assert board.ability_buttons["Holy Lords"].tool_tip_text == (
        "Holy Lords: Each battle you win gives 1 culture token. "
        "(Not printed: designed for this game where the sources leave a gap.)"
    )
    assert "Not printed" not in board.ability_buttons["Terrace"].tool_tip_text
    assert "☐ Holy Lords (with any government)" in board.texts
    assert "Lady Six Sky: gone for good (dead or replaced)" in board.texts
    assert "Yuknoom Chʼeen II: on the board at D2" in board.texts
    assert "Kʼinich Janaab Pakal I: captured by Player 2" in board.texts
    civ = s.game.rules.civilizations["maya"]
    for leader in civ.leaders:  # every ability's text is its tooltip
        for ability in leader.abilities:
            assert ability.text in board.ability_buttons[ability.name].tool_tip_text
    press_key(app, pygame.K_ESCAPE)  # Esc closes the boards
    assert scene.dialog is None or not isinstance(scene.dialog, PlayerBoard)


def test_a_tab_shows_another_players_board_and_key_b_opens_them(app):
    s = maya_against_rome()
    scene = show_game(app, s.game)
    press_key(app, pygame.K_b)
    board = scene.dialog
    assert isinstance(board, PlayerBoard)
    rome_tab = next(tab for tab, index in board.tabs.items() if index == 1)
    assert rome_tab.text == "Player 2: Rome"
    click_button(app, rome_tab)
    assert board.shown == 1
    assert "Enemy leaders captured (2 victory points each): Kʼinich Janaab Pakal I" in board.texts
    assert "Augustus: not yet recruited" in board.texts
    assert board.ability_buttons["Aqueduct"].text.startswith("☐ Aqueduct")


def test_a_player_without_a_civilization_has_a_plain_board(app):
    s = Scenario(players=2).reveal_all()
    scene = show_game(app, s.game)
    scene.open_player_boards()
    assert scene.dialog.texts == ["Player 1 plays without a civilization: no special advances and no leaders."]


def test_the_leader_is_a_piece_of_its_own_that_names_its_leader(app):
    s = maya_against_rome()
    assert unit_art("leader") == "unit_leader" != unit_art("infantry")
    scene = show_game(app, s.game)
    hover(app, scene.board.centre(s.hex("D2")))
    assert (
        "Player 1's leader Yuknoom Chʼeen II of Maya: Overlord, Snake Kingdom (B: civilization boards)"
        in scene.tooltip_lines()
    )


def test_leaders_dealt_from_the_shared_deck_name_their_civilization(app):
    s = Scenario(players=2)
    civilizations.take(s.game, s.player(0), "maya")
    s.player(0).leaders_dealt = ["Sulla", "Lady Six Sky", "Leonidas I"]
    scene = show_game(app, s.game)
    scene.open_player_boards()
    board = scene.dialog
    assert [t for t in board.texts if ": not yet recruited" in t] == [
        "Sulla of Rome: not yet recruited",
        "Lady Six Sky: not yet recruited",
        "Leonidas I of Greece: not yet recruited",
    ]
    assert "barbarians" in board.ability_buttons["Civilizer"].tool_tip_text


def test_the_abilities_menu_gives_each_civilization_ability_its_text(app):
    s = Scenario(players=2)
    civilizations.take(s.game, s.player(0), "maya")
    s.player(0).leaders_dealt = ["Pericles", "Lady Six Sky", "Sulla"]
    s.reveal_all()
    city = s.city(0, "D2", mood="happy")
    gain_advance(s.game, s.player(0), "Sports", uses_event_cube=False)
    civilizations.place_leader(s.game, s.player(0), "Pericles", city)
    s.resources(0, mood=2)
    scene = show_game(app, s.game)
    click_button(app, scene.action_buttons["abilities"])
    tips = [button.tool_tip_text for button in scene.dialog.buttons]
    assert any("Once per turn, as a free action: pay 1 mood token to gain 1 food" in tip for tip in tips)
    assert any("Master: Action, while Pericles stands in one of your Happy cities" in tip for tip in tips)


def test_every_special_advance_and_leader_ability_of_every_civilization_has_its_text_as_tooltip(app):
    rules = Scenario(players=2).game.rules
    checked = 0
    for key, civ in rules.civilizations.items():
        s = Scenario(players=2)
        civilizations.take(s.game, s.player(0), key)
        scene = show_game(app, s.game)
        scene.open_player_boards()
        buttons = scene.dialog.ability_buttons
        tips = {s.name: (f"{s.name}: {s.text}", s.our_design) for s in civ.special_advances}
        tips |= {
            a.name: (f"{a.name} ({leader.name}): {a.text}", a.our_design)
            for leader in civ.leaders
            for a in leader.abilities
        }
        for name, (tip, ours) in tips.items():
            shown = buttons[name].tool_tip_text
            assert shown.startswith(tip) and ("Not printed" in shown) == ours, (key, name)
            checked += 1
        press_key(app, pygame.K_ESCAPE)
    assert checked == sum(4 + 6 for _ in rules.civilizations)  # 4 special advances, 3 leaders of 2 abilities
