"""The offscreen screenshot: a PNG of the game screen with the right colours in the right places."""

import pygame

from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.save import save_game
from civgame.ui import theme
from civgame.ui.board_view import BoardView
from civgame.ui.game_scene import screen_layout
from civgame.ui.screenshot import main_screenshot, render_to_png

SIZE = (1600, 900)


def board_for(game, size):
    view = BoardView(screen_layout(size)[0])
    view.fit(list(game.space_region))
    return view


def pixel(image, point):
    return tuple(image.get_at((int(point[0]), int(point[1]))))[:3]


def test_png_shows_terrain_and_never_the_hidden_tiles(tmp_path):
    game = new_game(["Anna", "Ben"], 5)
    path = render_to_png(game, tmp_path / "shot.png", SIZE)
    image = pygame.image.load(str(path))
    assert image.get_size() == SIZE
    view = board_for(game, SIZE)
    hidden = [h for h in game.space_region if not game.revealed(h)]
    assert hidden, "a new game has face-down regions"
    first = average(image, view, hidden[0])
    for h in hidden:  # every face-down space looks the same (to within a pixel's shift), whatever its tile
        assert distance(average(image, view, h), first) < 4 * 4
    assert distance(first, theme.UNEXPLORED) < 16 * 16
    # each revealed space without pieces shows its terrain: its average colour is nearest that terrain's
    for h in game.space_region:
        if game.revealed(h) and not game.city_at(h) and not game.units_at(h):
            nearest = min(
                theme.TERRAIN_COLOURS, key=lambda t: distance(average(image, view, h), theme.TERRAIN_COLOURS[t])
            )
            assert nearest == game.terrain(h)
    # the city of the deciding player is drawn in its colour just above the centre of its space
    city = game.cities_of(game.actor())[0]
    x, y = view.centre(city.pos)
    assert pixel(image, (x - view.radius * 0.14, y)) == theme.player_colour(game.player(city.owner).color)


def patch(image, view, h) -> bytes:
    """The pixels of a square around the centre of a space."""
    x, y = view.centre(h)
    half = int(view.radius * 0.4)
    return pygame.image.tobytes(image.subsurface((int(x) - half, int(y) - half, 2 * half, 2 * half)), "RGB")


def average(image, view, h) -> tuple[float, float, float]:
    data = patch(image, view, h)
    n = len(data) // 3
    return tuple(sum(data[i::3]) / n for i in range(3))


def distance(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True))


def test_the_same_hidden_map_looks_the_same_whatever_the_tiles_are(tmp_path):
    game = new_game(["Anna", "Ben"], 5)
    first = pygame.image.load(str(render_to_png(game, tmp_path / "a.png", SIZE)))
    hidden = [r for r in game.regions if not r.revealed]
    hidden[0].tile, hidden[1].tile = hidden[1].tile, hidden[0].tile  # secretly swap two face-down tiles
    second = pygame.image.load(str(render_to_png(game, tmp_path / "b.png", SIZE)))
    board = screen_layout(SIZE)[0]
    assert pygame.image.tobytes(first.subsurface(board), "RGB") == pygame.image.tobytes(second.subsurface(board), "RGB")


def test_main_screenshot_renders_a_save(tmp_path, capsys):
    game = new_game(["Anna", "Ben", "Chloe"], 2)
    save_game(game, tmp_path / "game.yaml")
    assert main_screenshot(tmp_path / "game.yaml", tmp_path / "out.png") == 0
    assert pygame.image.load(str(tmp_path / "out.png")).get_size() == SIZE
    assert main_screenshot(tmp_path / "missing.yaml", tmp_path / "x.png") == 1
    assert "civgame:" in capsys.readouterr().err
