"""Board geometry (pixel <-> hex), unit stacks, and what the side panel shows to whom."""

import math

import pygame

from civgame.games.clash.core.hexgrid import label_to_hex, neighbors
from civgame.games.clash.core.model import Unit
from civgame.games.clash.rules.flow.setup import new_game
from civgame.ui.board_view import BoardView, unit_groups
from civgame.ui.side_panel import SidePanel


def fitted(game, rect=None):
    view = BoardView(rect or pygame.Rect(0, 50, 900, 620))
    view.fit(list(game.space_region))
    return view


def test_every_space_fits_in_the_map_area_and_is_hit_at_its_centre_and_near_its_corners():
    for players in (2, 3, 4):
        game = new_game(players, 1)
        view = fitted(game)
        for h in game.space_region:
            for corner in view.corners(h):
                assert view.rect.collidepoint(corner)
            x, y = view.centre(h)
            assert view.space_at(game, (x, y)) == h
            for i in range(6):
                angle = math.radians(60 * i + 30)
                near_edge = (x + 0.8 * view.radius * math.cos(angle), y + 0.8 * view.radius * math.sin(angle))
                assert view.hex_at(near_edge) == h


def test_odd_columns_sit_half_a_hex_lower():
    view = fitted(new_game(2, 1))
    (ax, ay), (bx, by) = view.centre(label_to_hex("C3")), view.centre(label_to_hex("D3"))  # C even, D odd
    assert bx > ax and math.isclose(by - ay, view.radius * math.sqrt(3) / 2)
    for n in neighbors(label_to_hex("D3")):  # neighbours are one hex height apart
        nx, ny = view.centre(n)
        assert math.isclose(math.hypot(nx - bx, ny - by), view.radius * math.sqrt(3))


def test_zoom_keeps_the_point_under_the_cursor_and_pan_moves_the_map():
    game = new_game(2, 1)
    view = fitted(game)
    point = view.centre(label_to_hex("D7"))
    view.zoom(1.5, point)
    assert view.hex_at(point) == label_to_hex("D7")
    before = view.centre(label_to_hex("D7"))
    view.pan(30, -20)
    after = view.centre(label_to_hex("D7"))
    assert (round(after[0] - before[0]), round(after[1] - before[1])) == (30, -20)
    assert view.space_at(game, (view.rect.x - 5, view.rect.y + 5)) is None  # outside the map area


def test_units_stack_by_owner_and_kind_and_carried_units_ride_on_their_ship():
    game = new_game(["Anna", "Ben"], 1)
    sea = label_to_hex("B2")
    ship = Unit(900, 0, "ship", sea)
    units = [
        ship,
        Unit(901, 0, "infantry", sea, carrier=900),
        Unit(902, 0, "settler", sea, carrier=900),
        Unit(903, 0, "ship", sea),
        Unit(904, 1, "ship", sea),
    ]
    game.units.extend(units)
    groups = [(g.owner, g.kind, g.count, g.cargo) for g in unit_groups(game, units)]
    assert groups == [(0, "ship", 1, (("infantry", 1), ("settler", 1))), (0, "ship", 1, ()), (1, "ship", 1, ())]
    land = [Unit(905, 0, "infantry", (0, 0)), Unit(906, 0, "infantry", (0, 0)), Unit(907, 0, "cavalry", (0, 0))]
    assert [(g.kind, g.count) for g in unit_groups(game, land)] == [("cavalry", 1), ("infantry", 2)]


def test_the_hand_is_drawn_only_when_asked_for():
    pygame.display.init()
    pygame.font.init()
    game = new_game(["Anna", "Ben"], 1)
    surface = pygame.Surface((1280, 720))
    actor = game.actor()
    card_tips = []
    for hand in (True, False):
        panel = SidePanel(pygame.Rect(940, 0, 340, 720))
        panel.draw(surface, game, actor, hand)
        card_tips.append([tip for _, tip in panel._tips if tip[0].startswith(("Action card", "Objective card"))])
    assert len(card_tips[0]) == len(game.player(actor).action_cards) + len(game.player(actor).objective_cards)
    assert card_tips[1] == []


def test_every_advance_name_fits_in_full_on_the_advance_board_at_1280x720():
    from civgame.ui import theme
    from civgame.ui.game_scene import screen_layout

    pygame.display.init()
    pygame.font.init()
    game = new_game(["Anna", "Ben"], 1)
    for size in ((1280, 720), (1920, 1080)):
        panel = SidePanel(screen_layout(size)[1], theme.ui_scale(size))
        panel.draw(pygame.Surface(size), game, game.actor(), True)
        cells = {tip[0].split(" · ")[0]: rect for rect, tip in panel._tips if " · " in tip[0]}
        names = [a.name for c in game.rules.categories for a in c.advances]
        assert sorted(cells) == sorted(names)  # each advance has its cell, with its tooltip
        font = theme.font(panel.size - 3, condensed=True)
        for name, cell in cells.items():
            assert font.size(name)[0] <= cell.w - 6, f"{name} is cut at {size}"
            assert panel.rect.contains(cell)


def test_a_great_person_in_hand_is_drawn_and_a_face_up_one_shows_to_the_others():
    from civgame.ui.side_panel import face_up_great_persons

    pygame.display.init()
    pygame.font.init()
    game = new_game(["Anna", "Ben"], 1)
    actor = game.actor()
    game.player(actor).great_persons = [21, 57]  # Great Philosopher (hidden), Great Diplomat (face up)
    surface = pygame.Surface((1280, 720))
    panel = SidePanel(pygame.Rect(940, 0, 340, 720))
    panel.draw(surface, game, actor, True)
    tips = [tip[0] for _, tip in panel._tips]
    assert any(t.startswith("Great person") and "Great Philosopher" in t for t in tips)
    assert face_up_great_persons(game, game.player(actor)) == ["Great Diplomat"]
