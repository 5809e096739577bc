"""Floating tooltips after a short hover: map spaces, cities, units, advances and cards."""

import pygame

from civgame.games.clash.rules.flow.setup import new_game
from civgame.ui import tooltips
from civgame.ui.labels import action_card_lines
from tests.scenario import Scenario
from tests.ui.conftest import hover, show_game


def tooltip_scenario():
    s = Scenario(players=2).reveal_all()
    s.city(0, "D2", buildings={"temple": 0, "academy": 1}, mood="happy")
    s.city(1, "D7")
    s.units(1, "infantry", "D3", 2)  # enemy units next to Anna's city
    s.units(0, "settler", "D2", 1)
    return s


def test_no_tooltip_until_the_pointer_rests(app):
    s = tooltip_scenario()
    scene = show_game(app, s.game)
    pos = scene.board.centre(s.hex("D3"))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(1, 1), buttons=(0, 0, 0))
    )
    app.pump()
    assert scene.tooltip_rect is None
    scene.hover_since -= tooltips.DELAY_SECONDS + 0.01
    app.draw()
    assert scene.tooltip_rect is not None
    x, y = scene.tooltip_rect.x + 2, scene.tooltip_rect.centery
    assert tuple(app.screen.get_at((x, y)))[:3] == tooltips.BOX_COLOUR


def test_a_space_says_its_terrain_yield_and_what_blocks_collecting(app):
    s = tooltip_scenario()
    scene = show_game(app, s.game)
    game = s.game
    hover(app, scene.board.centre(s.hex("D3")))
    lines = scene.tooltip_lines()
    terrain = game.rules.terrain[game.terrain(s.hex("D3"))]
    assert lines[0] == f"D3 · {terrain.name}"
    assert lines[1] == (f"Yields {', '.join(terrain.yields)}" if terrain.yields else "Yields nothing to collect")
    assert "Your city at D2 cannot collect here: enemy units block collecting from D3" in lines
    assert "Player 2: 2 Infantry" in lines
    assert scene.tooltip_rect is not None


def test_a_city_lists_its_pieces_and_who_influences_them(app):
    s = tooltip_scenario()
    scene = show_game(app, s.game)
    hover(app, scene.board.centre(s.hex("D2")))
    lines = scene.tooltip_lines()
    assert "Player 1's city · size 3 · happy" in lines
    assert "Pieces: Settlement, Temple, Academy (Player 2's colour)" in lines
    assert "Influenced by Player 2: Academy" in lines
    assert any(line.startswith("Your city at D2 may collect") for line in lines)
    assert any(line.startswith("Player 1: 1 Settler") for line in lines)


def test_unexplored_spaces_never_tell_their_terrain(app):
    game = new_game(["Anna", "Ben"], 7)
    scene = show_game(app, game)
    hidden = next(h for h in game.space_region if not game.revealed(h))
    hover(app, scene.board.centre(hidden))
    lines = scene.tooltip_lines()
    assert "unexplored" in lines[0] and len(lines) == 2
    names = {spec.name for spec in game.rules.terrain.values()}
    assert not any(name in line for line in lines for name in names)


def test_advance_tooltip_has_cost_requirement_lock_building_and_rule(app):
    game = new_game(["Anna", "Ben"], 7)
    scene = show_game(app, game)
    player = game.player(game.actor())
    cells = {lines[0].split(" · ")[0]: rect for rect, lines in scene.panel._tips if " · " in lines[0]}
    hover(app, cells["Irrigation"].center)
    lines = scene.tooltip_lines()
    assert lines[0] == "Irrigation · Agriculture (available)"
    assert lines[1] == "Cost: 2 of food, ideas or gold"
    assert "Requires: Farming first (the top advance of Agriculture)" in lines
    assert lines[-1] == game.rules.advance("Irrigation").text
    hover(app, cells["Rituals"].center)
    lines = scene.tooltip_lines()
    assert not player.has("Myths")
    assert lines[0] == "Rituals · Spirituality (locked)"
    assert "Locked: the first advance taken in Spirituality must be its top advance, Myths" in lines
    hover(app, cells["Bartering"].center)
    assert "Unlocks the Market building" in scene.tooltip_lines()


def test_cards_in_hand_show_name_and_text(app):
    game = new_game(["Anna", "Ben"], 7)
    scene = show_game(app, game)
    player = game.player(game.actor())
    card = next(c for c in game.rules.action_cards if c.id == player.action_cards[0])
    rect = next(rect for rect, lines in scene.panel._tips if lines[0] == f"Action card: {card.name}")
    hover(app, rect.center)
    lines = scene.tooltip_lines()
    assert lines[:3] == [f"Action card: {card.name}", *action_card_lines(game, card.id)[1:]]
    assert lines[3].startswith(("Playable now", "Not playable now"))
    assert scene.tooltip_rect is not None
