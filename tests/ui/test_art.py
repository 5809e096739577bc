"""The board's art: every terrain, piece, die face and card of the rules has a picture that loads and
draws at two zoom levels; mood markers stand out on every player colour; the board uses the art."""

import pygame
import pytest

from civgame.games.clash.content.ruleset import default_ruleset
from civgame.games.clash.core.model import BARBARIAN, PIRATE
from civgame.games.clash.rules.flow.setup import new_game
from civgame.ui import art, theme
from civgame.ui.board_view import BoardView, UnitGroup, group_picture, piece_token
from civgame.ui.combat_view import dice_rolled

RULES = default_ruleset()
SIZES = (18, 90)  # a far and a near zoom, in pixels
OWNER_COLOURS = [*theme.PLAYER_COLOURS.values(), theme.BARBARIAN_COLOUR, theme.PIRATE_COLOUR]


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.display.quit()


def opaque_share(surface: pygame.Surface) -> float:
    """The share of the surface's pixels that are drawn (not transparent)."""
    w, h = surface.get_size()
    return pygame.mask.from_surface(surface, 128).count() / (w * h)


def pixels_of(surface: pygame.Surface, colour) -> int:
    """How many pixels are exactly `colour`."""
    return pygame.mask.from_threshold(surface, (*colour, 255), (1, 1, 1, 255)).count()


def test_every_terrain_and_the_face_down_back_have_a_hex_picture_at_two_zooms():
    terrains = [*RULES.terrain, None]
    for terrain in terrains:
        name = art.terrain_art(terrain)
        assert name is not None, f"no picture for terrain {terrain}"
        for radius in SIZES:
            tile = art.terrain_tile(name, 2 * radius, round(3**0.5 * radius))
            assert tile.get_size() == (2 * radius, round(3**0.5 * radius))
            assert 0.65 < opaque_share(tile) < 0.85, name  # a hex fills three quarters of its box


def test_the_terrain_colours_are_the_pictures_main_colours():
    """The colours used for text on a space and for a picture that is missing match the art."""
    for terrain, colour in theme.TERRAIN_COLOURS.items():
        tile = art.terrain_tile(art.terrain_art(terrain), 60, 52)
        drawn = [tile.get_at((x, y)) for x in range(60) for y in range(52) if tile.get_at((x, y)).a > 240]
        mean = [sum(c[i] for c in drawn) / len(drawn) for i in range(3)]
        assert max(abs(m - c) for m, c in zip(mean, colour, strict=True)) < 40, terrain


def test_every_unit_kind_and_the_barbarians_and_pirates_have_a_figure_in_their_owner_colour():
    figures = [(kind, False, False) for kind in RULES.units] + [("infantry", True, False), ("ship", False, True)]
    assert "leader" in RULES.units  # the leader is a unit type, and its figure is also a die icon
    names = set()
    for kind, barbarian, pirate in figures:
        name = art.unit_art(kind, barbarian=barbarian, pirate=pirate)
        assert name is not None, f"no figure for {kind}"
        names.add(name)
        for height in SIZES:
            figure = art.figure(name, height, theme.PLAYER_COLOURS["red"])
            assert figure.get_height() == height and opaque_share(figure) > 0.25, name
            assert pixels_of(figure, theme.PLAYER_COLOURS["red"]) > height // 3, (
                f"{name} does not take the owner's colour"
            )
    assert {"unit_barbarian", "unit_pirate"} <= names and len(names) == len(figures)


def test_a_group_of_units_shows_its_figure_and_its_count():
    red = theme.PLAYER_COLOURS["red"]
    one = group_picture(UnitGroup(0, red, "infantry", 1), 40)
    three = group_picture(UnitGroup(0, red, "infantry", 3), 40)
    assert one.get_size() == three.get_size()
    assert pygame.image.tobytes(one, "RGBA") != pygame.image.tobytes(three, "RGBA")  # the count differs
    carrying = group_picture(UnitGroup(0, red, "ship", 1, (("infantry", 2),)), 40)
    assert carrying.get_width() > one.get_width()  # the cargo stands beside the ship
    barbarians = group_picture(UnitGroup(BARBARIAN, theme.BARBARIAN_COLOUR, "infantry", 2), 40)
    pirates = group_picture(UnitGroup(PIRATE, theme.PIRATE_COLOUR, "ship", 1), 40)
    assert pixels_of(barbarians, theme.BARBARIAN_COLOUR) > 40 and pixels_of(pirates, theme.PIRATE_COLOUR) > 40


def test_every_building_and_the_wonder_piece_have_a_picture_on_their_plate():
    for key in [*RULES.buildings, "wonder"]:
        name = "wonder" if key == "wonder" else art.building_art(key)
        assert name is not None and art.has(name), f"no picture for {key}"
        for size in SIZES:
            token = piece_token(key, theme.PLAYER_COLOURS["blue"], size)
            assert token.get_size() == (size, size) and opaque_share(token) > 0.6
        if key != "wonder":  # the piece is drawn in the colour of the player who owns it
            assert pixels_of(piece_token(key, theme.PLAYER_COLOURS["blue"], 60), theme.PLAYER_COLOURS["blue"]) > 30


def test_every_die_face_shows_its_number_and_icon():
    faces = {(face.value, face.icon) for face in RULES.combat.die}
    for value, icon in faces:
        assert art.unit_art(icon) is not None, f"no icon for the die face {icon}"
        for size in (30, 64):
            assert art.die_face(value, icon, size).get_size() == (size, size)
        face = art.die_face(value, icon, 64, theme.PLAYER_COLOURS["green"])
        assert pixels_of(face, theme.PLAYER_COLOURS["green"]) > 50, f"the {icon} icon is missing"
    for size in (30, 64):
        pictures = {pygame.image.tobytes(art.die_face(v, i, size), "RGBA") for v, i in faces}
        assert len(pictures) == len(faces)  # every face looks different


def test_roll_lines_give_the_final_face_of_each_die():
    icons = {face.icon for face in RULES.combat.die}
    line = (
        "Anna rolls 1 (leader) rolled again: 4 (cavalry, +2), 3 (elephant: counts 0, cancels 1 hit): "
        "combat value 6, 1 hit"
    )
    assert dice_rolled(line, icons) == [(4, "cavalry"), (3, "elephant")]
    assert dice_rolled("Anna tries to influence the Temple at H2 from D1: rolls 6 (needs 5)", icons) == []


def test_every_card_kind_has_a_face_with_its_title():
    faces = {}
    for kind in art.CARD_KINDS:
        for width in (120, 240):
            card = art.card_face(kind, "Great Library", "Draw 1 action card. " * 30, width)
            assert card.get_size() == (width, round(width * 1.4)) and opaque_share(card) > 0.95
        faces[kind] = tuple(art.card_face(kind, "Title", "", 120).get_at((4, 60)))
        untitled = art.card_face(kind, "", "", 120)
        titled = art.card_face(kind, "Great Library", "", 120)
        assert pygame.image.tobytes(untitled, "RGB") != pygame.image.tobytes(titled, "RGB")
    assert len(set(faces.values())) == len(art.CARD_KINDS)  # each kind has its own frame colour


def luminance(colour) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("mood", ["happy", "neutral", "angry"])
def test_each_mood_marker_has_an_outline_that_stands_out_on_every_player_colour(mood):
    """All around the marker, its rim has a contrast of at least 3:1 with the city colour behind it
    (the red angry marker on a red city was invisible)."""
    size = 40
    for colour in OWNER_COLOURS:
        surface = pygame.Surface((size, size))
        surface.fill(colour)
        surface.blit(art.mood_marker(mood, size), (0, 0))
        for step in range(36):
            angle = 2 * 3.14159265 * step / 36
            rim = [
                surface.get_at(
                    (
                        round(size / 2 + k * size / 2 * pygame.math.Vector2(1, 0).rotate_rad(angle).x),
                        round(size / 2 + k * size / 2 * pygame.math.Vector2(1, 0).rotate_rad(angle).y),
                    )
                )
                for k in (0.7, 0.76, 0.82, 0.88, 0.94)
            ]
            assert max(contrast(pixel, colour) for pixel in rim) >= 3, (mood, colour, step)


def test_the_board_draws_cities_with_every_piece_in_place():
    game = new_game(["Anna", "Ben"], 1)
    city = game.cities[0]
    city.buildings = {key: 0 for key in RULES.buildings if key != "port"}
    city.wonders = ["pyramids", "great_wall"]
    blue = theme.player_colour(game.player(1).color)
    city.buildings["temple"] = 1  # Ben's culture took the temple: its piece is blue
    for radius in (45.0, 90.0):
        view = BoardView(pygame.Rect(0, 0, 1200, 900))
        view.radius = radius
        view.origin = (600 - view.centre(city.pos)[0] + view.origin[0], 450 - view.centre(city.pos)[1] + view.origin[1])
        surface = pygame.Surface((1200, 900))
        view.draw(surface, game)
        around = surface.subsurface(pygame.Rect(600 - radius, 450 - radius, 2 * radius, 2 * radius))
        assert pixels_of(around, blue) > 2  # the influenced temple
        assert pixels_of(around, theme.player_colour(game.player(0).color)) > radius  # the city and its pieces


def test_coordinates_are_drawn_only_when_the_setting_is_on():
    game = new_game(["Anna", "Ben"], 1)
    pictures = []
    for shown in (False, True):
        view = BoardView(pygame.Rect(0, 0, 1000, 700))
        view.fit(list(game.space_region))
        view.show_coordinates = shown
        surface = pygame.Surface((1000, 700))
        view.draw(surface, game)
        pictures.append(pygame.image.tobytes(surface, "RGB"))
    assert pictures[0] != pictures[1]
    assert BoardView(pygame.Rect(0, 0, 10, 10)).show_coordinates is False  # off by default
