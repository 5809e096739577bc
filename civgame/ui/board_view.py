"""The map: flat-topped hexes drawn from the model, with pan, zoom and pixel -> hex hit-testing.

Axial coordinates follow civgame.games.clash.core.hexgrid (odd columns shifted half a hex down), so a
space's centre is (1.5 q, sqrt(3) (r + q/2)) hex radii from the centre of space (0, 0).
Face-down regions are drawn in one uniform colour: only revealed terrain is ever looked up.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from civgame.games.clash.core.hexgrid import Hex, hex_to_label, neighbors
from civgame.games.clash.core.model import BARBARIAN, PIRATE, City, Game, Unit
from civgame.ui import art, theme
from civgame.ui.theme import Colour

SQRT3 = math.sqrt(3)
MAX_LAYER_PIXELS = 16_000_000  # the map picture kept for panning: about 64 MB at most
MIN_RADIUS, MAX_RADIUS = 14.0, 220.0
WONDER_COLOUR: Colour = (212, 175, 55)
PLATE: Colour = (246, 240, 222)  # the parchment plate under each building piece
FIGURE_HEIGHTS = (0.54, 0.5, 0.44, 0.38)  # of unit figures in hex radii, for 1, 2, 3, 4 or more groups on a space


@dataclass(frozen=True)
class Slide:
    """Units drawn on their way from `start` to `end` (`progress` 0 to 1) instead of on their space."""

    units: tuple[int, ...]
    start: Hex
    end: Hex
    progress: float


@dataclass
class Overlay:
    """What the interface marks on top of the board."""

    highlights: set[Hex] = field(default_factory=set)  # e.g. legal move destinations
    selected: Hex | None = None
    hover: Hex | None = None
    targets: set[Hex] = field(default_factory=set)  # spaces the player may click now
    preview: dict[Hex, str] = field(default_factory=dict)  # a face-down region shown turned over: terrain keys
    picks: dict[Hex, str] = field(default_factory=dict)  # collect mode: what is taken from each chosen space
    slides: list[Slide] = field(default_factory=list)
    pulses: dict[Hex, float] = field(default_factory=dict)  # a ring around a space, 0 (start) to 1 (gone)


def owner_colour(game: Game, owner: int) -> Colour:
    if owner == BARBARIAN:
        return theme.BARBARIAN_COLOUR
    if owner == PIRATE:
        return theme.PIRATE_COLOUR
    return theme.player_colour(game.player(owner).color)


class BoardView:
    def __init__(self, rect: pygame.Rect):
        self.rect = pygame.Rect(rect)
        self.radius = 40.0
        self.origin = (float(self.rect.centerx), float(self.rect.centery))  # pixel centre of space (0, 0)
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple | None = None
        self.slide_positions: dict[int, tuple[float, float]] = {}  # sliding unit -> its pixel in the last frame
        self.show_coordinates = False  # each space's label (C4) on the map; the status bar always names it

    # ------------------------------------------------------------------ geometry
    def centre(self, h: Hex) -> tuple[float, float]:
        q, r = h
        return (self.origin[0] + self.radius * 1.5 * q, self.origin[1] + self.radius * SQRT3 * (r + q / 2))

    def corners(self, h: Hex, shrink: float = 0.0) -> list[tuple[float, float]]:
        cx, cy = self.centre(h)
        s = self.radius - shrink
        return [(cx + s * math.cos(math.radians(60 * i)), cy + s * math.sin(math.radians(60 * i))) for i in range(6)]

    def hex_at(self, pos: tuple[float, float]) -> Hex:
        """The axial hex under a pixel (on the board or not)."""
        x = (pos[0] - self.origin[0]) / self.radius
        y = (pos[1] - self.origin[1]) / self.radius
        q = 2 / 3 * x
        r = -1 / 3 * x + SQRT3 / 3 * y
        return _cube_round(q, r)

    def space_at(self, game: Game, pos: tuple[float, float]) -> Hex | None:
        """The board space under a pixel inside the map area, or None."""
        if not self.rect.collidepoint(pos):
            return None
        h = self.hex_at(pos)
        return h if game.on_board(h) else None

    def fit(self, spaces: list[Hex] | set[Hex]) -> None:
        """Zoom and centre so that every space is visible with a small margin."""
        if not spaces:
            return
        xs = [1.5 * q for q, _ in spaces]
        ys = [SQRT3 * (r + q / 2) for q, r in spaces]
        width = max(xs) - min(xs) + 2
        height = max(ys) - min(ys) + SQRT3
        margin = 0.94
        self.radius = max(MIN_RADIUS, min(MAX_RADIUS, margin * min(self.rect.w / width, self.rect.h / height)))
        mid_x, mid_y = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
        self.origin = (self.rect.centerx - mid_x * self.radius, self.rect.centery - mid_y * self.radius)

    def pan(self, dx: float, dy: float) -> None:
        self.origin = (self.origin[0] + dx, self.origin[1] + dy)

    def zoom(self, factor: float, around: tuple[float, float] | None = None) -> None:
        """Zoom by `factor`, keeping the point under `around` (default: the map centre) still."""
        ax, ay = around if around is not None else self.rect.center
        new_radius = max(MIN_RADIUS, min(MAX_RADIUS, self.radius * factor))
        k = new_radius / self.radius
        self.origin = (ax - (ax - self.origin[0]) * k, ay - (ay - self.origin[1]) * k)
        self.radius = new_radius

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, game: Game, overlay: Overlay | None = None) -> None:
        overlay = overlay or Overlay()
        previous_clip = surface.get_clip()
        surface.set_clip(self.rect)
        surface.fill(theme.BACKGROUND, self.rect)
        layer, position = self._terrain_layer(game)
        surface.blit(layer, position)
        for h, terrain in overlay.preview.items():
            self._draw_terrain(surface, h, terrain)
        for city in game.cities:
            if city.port_space is not None:
                self._draw_port(surface, game, city, city.port_space)
        self._draw_marks(surface, overlay)
        for city in game.cities:
            self._draw_city(surface, game, city)
        for h, progress in overlay.pulses.items():
            self._draw_pulse(surface, h, progress)
        sliding = {unit_id for slide in overlay.slides for unit_id in slide.units}
        for h in {u.pos for u in game.units}:
            self._draw_units(surface, game, [u for u in game.units_at(h) if u.id not in sliding], h)
        self._draw_picks(surface, overlay.picks)
        self.slide_positions = {}
        for slide in overlay.slides:
            self._draw_slide(surface, game, slide)
        if game.combat is not None:
            cx, cy = self.centre(game.combat.space)
            pygame.draw.circle(surface, (230, 40, 40), (cx, cy), self.radius * 0.9, max(2, int(self.radius / 12)))
            badge = (cx + self.radius * 0.62, cy - self.radius * 0.5)
            pygame.draw.circle(surface, (230, 40, 40), badge, self.radius * 0.24)
            theme.blit_text(surface, "⚔", badge, self._px(0.34, 11), (255, 255, 255), anchor="center")
        surface.set_clip(previous_clip)

    def _terrain_layer(self, game: Game) -> tuple[pygame.Surface, tuple[float, float]]:
        """Spaces, region borders and labels, and where on screen the picture goes.

        The picture covers the whole map, so panning only moves it; it is redrawn when the zoom
        or the explored map changes. A map zoomed too far to fit in one picture is drawn for the
        visible part only, as it moves.
        """
        spaces = list(game.space_region)
        offsets = [(1.5 * q, SQRT3 * (r + q / 2)) for q, r in spaces]
        left = (min(x for x, _ in offsets) - 1) * self.radius
        top = (min(y for _, y in offsets) - 1) * self.radius
        width = int((max(x for x, _ in offsets) + 1) * self.radius - left) + 2
        height = int((max(y for _, y in offsets) + 1) * self.radius - top) + 2
        whole_map = width * height <= MAX_LAYER_PIXELS
        if whole_map:
            size, layer_origin = (width, height), (-left, -top)
            screen_pos = (self.origin[0] + left, self.origin[1] + top)
        else:
            size, layer_origin = self.rect.size, (self.origin[0] - self.rect.x, self.origin[1] - self.rect.y)
            screen_pos = self.rect.topleft
        key = (
            self.radius,
            size,
            None if whole_map else layer_origin,
            tuple(r.rotation for r in game.regions),
            tuple(game.exhausted),
            tuple(r.tile if r.revealed else None for r in game.regions),
            self.show_coordinates,
        )
        if key != self._layer_key or self._layer is None:
            self._layer, self._layer_key = self._draw_layer(game, spaces, size, layer_origin), key
        return self._layer, screen_pos

    def _draw_layer(
        self, game: Game, spaces: list[Hex], size: tuple[int, int], layer_origin: tuple[float, float]
    ) -> pygame.Surface:
        layer = pygame.Surface(size)
        if pygame.display.get_surface() is not None:
            layer = layer.convert()
        layer.fill(theme.BACKGROUND)
        # the drawing helpers work from self.origin: point it into the layer's pixels meanwhile
        screen_origin, self.origin = self.origin, layer_origin
        try:
            for h in spaces:
                self._draw_space(layer, game, h)
            for h in spaces:
                self._draw_region_borders(layer, game, h)
            if self.show_coordinates and self.radius >= 20:
                for h in spaces:
                    cx, cy = self.centre(h)
                    revealed = game.terrain(h) is not None
                    colour = theme.text_colour_on(self._space_colour(game, h)) if revealed else theme.TEXT_DIM
                    theme.blit_text(
                        layer, hex_to_label(h), (cx, cy - self.radius * 0.84), self._px(0.2, 9), colour, anchor="midtop"
                    )
        finally:
            self.origin = screen_origin
        return layer

    def _px(self, fraction: float, minimum: int) -> int:
        return max(minimum, int(self.radius * fraction))

    def _space_colour(self, game: Game, h: Hex) -> Colour:
        return terrain_colour(game.terrain(h))

    def _draw_space(self, surface: pygame.Surface, game: Game, h: Hex) -> None:
        """The space's terrain picture (every other one mirrored, so that the map does not look
        tiled), or its colour for a terrain without a picture; exhausted land is crossed out."""
        self._draw_terrain(surface, h, game.terrain(h))
        if h in game.exhausted:
            cx, cy = self.centre(h)
            d = self.radius * 0.45
            width = max(2, int(self.radius / 14))
            pygame.draw.line(surface, (90, 30, 30), (cx - d, cy - d), (cx + d, cy + d), width)
            pygame.draw.line(surface, (90, 30, 30), (cx - d, cy + d), (cx + d, cy - d), width)

    def _draw_terrain(self, surface: pygame.Surface, h: Hex, terrain: str | None) -> None:
        """A space's terrain (None: face down) with its outline."""
        colour = terrain_colour(terrain)
        corners = self.corners(h)
        name = art.terrain_art(terrain)
        if name is None:
            pygame.draw.polygon(surface, colour, corners)
        else:
            cx, cy = self.centre(h)
            width, height = round(2 * self.radius), round(SQRT3 * self.radius)
            tile = art.terrain_tile(name, width, height, flip=(h[0] + 2 * h[1]) % 3 == 1)
            surface.blit(tile, (round(cx - width / 2), round(cy - height / 2)))
        pygame.draw.polygon(surface, art.shade(colour, 0.7), corners, 1)

    def _draw_region_borders(self, surface: pygame.Surface, game: Game, h: Hex) -> None:
        region = game.space_region[h]
        cx, cy = self.centre(h)
        width = max(2, int(self.radius / 11))
        for n in neighbors(h):
            if game.space_region.get(n) is region:
                continue
            nx, ny = self.centre(n)
            angle = math.atan2(ny - cy, nx - cx)
            a = (cx + self.radius * math.cos(angle - math.pi / 6), cy + self.radius * math.sin(angle - math.pi / 6))
            b = (cx + self.radius * math.cos(angle + math.pi / 6), cy + self.radius * math.sin(angle + math.pi / 6))
            pygame.draw.line(surface, (20, 22, 28), a, b, width)

    def _draw_marks(self, surface: pygame.Surface, overlay: Overlay) -> None:
        width = max(2, int(self.radius / 10))
        for h in overlay.targets:
            pygame.draw.polygon(surface, (250, 250, 250), self.corners(h, shrink=width), max(1, width // 2))
        if overlay.highlights:
            tint = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            for h in overlay.highlights:
                corners = [(x - self.rect.x, y - self.rect.y) for x, y in self.corners(h)]
                pygame.draw.polygon(tint, (*theme.HIGHLIGHT, 70), corners)
            surface.blit(tint, self.rect.topleft)
        for h in overlay.highlights:
            pygame.draw.polygon(surface, theme.HIGHLIGHT, self.corners(h, shrink=width / 2), width)
        if overlay.selected is not None:
            pygame.draw.polygon(surface, theme.SELECTED, self.corners(overlay.selected, shrink=width / 2), width + 1)
        if overlay.hover is not None:
            pygame.draw.polygon(surface, (235, 235, 235), self.corners(overlay.hover, shrink=1), 1)

    def _draw_port(self, surface: pygame.Surface, game: Game, city: City, port: Hex) -> None:
        """A pier from the city toward its port's sea space, with the port piece at its end."""
        (x1, y1), (x2, y2) = self.centre(city.pos), self.centre(port)
        port_owner = city.buildings.get("port", city.owner)
        end = (x1 + (x2 - x1) * 0.5, y1 + (y2 - y1) * 0.5)  # on the coast between the two spaces
        pygame.draw.line(surface, theme.TEXT_DARK, (x1, y1), end, max(4, int(self.radius / 6)))
        pygame.draw.line(surface, (168, 128, 82), (x1, y1), end, max(2, int(self.radius / 10)))
        token = piece_token("port", owner_colour(game, port_owner), self._px(0.38, 10))
        surface.blit(token, token.get_rect(center=(round(end[0]), round(end[1]))))

    def _draw_city(self, surface: pygame.Surface, game: Game, city: City) -> None:
        """The city's centre piece (a house for size 1, walls for a city), its buildings and wonders
        on an arc above it, and its mood marker at the front."""
        s = self.radius
        cx, cy = self.centre(city.pos)
        colour = owner_colour(game, city.owner)
        body = art.figure("city" if game.city_size(city) > 1 else "settlement", s * 0.72, colour)
        surface.blit(body, body.get_rect(center=(round(cx), round(cy - s * 0.14))))
        pieces = [(b, owner_colour(game, col)) for b, col in city.buildings.items() if b != "port"]
        pieces += [(art.wonder_art(wonder), WONDER_COLOUR) for wonder in city.wonders]
        pieces += [("culture token", owner_colour(game, holder)) for holder in city.tokens_under]  # its initial
        if "port" in city.buildings and city.port_space is None:  # a port without its sea space (a mod)
            pieces.append(("port", owner_colour(game, city.buildings["port"])))
        for (key, piece_colour), (x, y) in zip(pieces, _arc(len(pieces)), strict=True):
            token = piece_token(key, piece_colour, self._px(0.38, 10))
            surface.blit(token, token.get_rect(center=(round(cx + x * s), round(cy + y * s))))
        marker = art.mood_marker(city.mood, self._px(0.36, 10))
        if marker is not None:
            surface.blit(marker, marker.get_rect(center=(round(cx + s * 0.36), round(cy + s * 0.1))))

    def _draw_pulse(self, surface: pygame.Surface, h: Hex, progress: float) -> None:
        """A ring that grows out of the space and fades: this city just did something."""
        grow = self.radius * (0.15 + 0.45 * progress)
        width = max(2, int(self.radius / 8 * (1 - progress))) + 1
        alpha = int(255 * (1 - progress))
        box = pygame.Rect(0, 0, int(2 * (self.radius + grow) + 2 * width), int(2 * (self.radius + grow) + 2 * width))
        ring = pygame.Surface(box.size, pygame.SRCALPHA)
        cx, cy = self.centre(h)
        box.center = (round(cx), round(cy))
        corners = [(x - box.x, y - box.y) for x, y in self.corners(h, shrink=-grow)]
        pygame.draw.polygon(ring, (*theme.HIGHLIGHT, alpha), corners, width)
        surface.blit(ring, box.topleft)

    def _draw_picks(self, surface: pygame.Surface, picks: dict[Hex, str]) -> None:
        """Collect mode: a thick outline and a label with what the city takes from each chosen space."""
        width = max(3, int(self.radius / 7))
        size = self._px(0.22, 10)
        for h, what in picks.items():
            pygame.draw.polygon(surface, theme.ACCENT, self.corners(h, shrink=width / 2), width)
            cx, cy = self.centre(h)
            img = theme.text(what, size, theme.TEXT_DARK, True)
            chip = img.get_rect(center=(round(cx), round(cy + self.radius * 0.6))).inflate(10, 4)
            pygame.draw.rect(surface, theme.ACCENT, chip, border_radius=4)
            pygame.draw.rect(surface, theme.TEXT_DARK, chip, 1, border_radius=4)
            surface.blit(img, img.get_rect(center=chip.center))

    def _draw_slide(self, surface: pygame.Surface, game: Game, slide: Slide) -> None:
        units = [u for u in (game.unit(i) for i in slide.units) if u is not None]
        (x1, y1), (x2, y2) = self._groups_at(game, units, slide.start), self._groups_at(game, units, slide.end)
        at = (x1 + (x2 - x1) * slide.progress, y1 + (y2 - y1) * slide.progress)
        self._draw_groups(surface, game, units, at)
        self.slide_positions.update({u.id: at for u in units})

    def _groups_at(self, game: Game, units: list[Unit], h: Hex) -> tuple[float, float]:
        """The middle of the top row of `units`' figures on space `h` (below the city if there is one)."""
        cx, cy = self.centre(h)
        if game.city_at(h):
            return cx, cy + self.radius * 0.26
        pictures = self._pictures(game, units)
        return cx, cy - len(self._rows(pictures)) * self._row_step(pictures) / 2

    def _pictures(self, game: Game, units: list[Unit]) -> list[pygame.Surface]:
        """One picture per group of units: the figure with its count, a ship with its cargo beside it.
        The more groups share a space, the smaller they are drawn, so that they stay on it."""
        groups = unit_groups(game, units)
        height = round(self.radius * FIGURE_HEIGHTS[min(len(groups), len(FIGURE_HEIGHTS)) - 1]) if groups else 0
        return [group_picture(group, height) for group in groups]

    @staticmethod
    def _row_step(pictures: list[pygame.Surface]) -> float:
        """Rows overlap a little, like pieces standing behind each other."""
        return pictures[0].get_height() * 0.92 if pictures else 0.0

    def _rows(self, pictures: list[pygame.Surface]) -> list[list[int]]:
        """The pictures (by index) in each row: as many per row as fit in 1.6 hex radii."""
        rows: list[list[int]] = [[]]
        for i, picture in enumerate(pictures):
            if rows[-1] and sum(pictures[j].get_width() for j in rows[-1]) + picture.get_width() > self.radius * 1.6:
                rows.append([])
            rows[-1].append(i)
        return rows

    def _draw_units(self, surface: pygame.Surface, game: Game, units: list[Unit], h: Hex) -> None:
        if units:
            self._draw_groups(surface, game, units, self._groups_at(game, units, h))

    def _draw_groups(self, surface: pygame.Surface, game: Game, units: list[Unit], anchor: tuple[float, float]) -> None:
        """The units' pictures in rows centred on `anchor`, the middle of the first row's top edge."""
        pictures = self._pictures(game, units)
        if not pictures:
            return
        cx, top = anchor
        step = self._row_step(pictures)
        for row_index, row in enumerate(self._rows(pictures)):
            x = cx - sum(pictures[i].get_width() for i in row) / 2
            y = top + row_index * step
            for i in row:
                surface.blit(pictures[i], (round(x), round(y)))
                x += pictures[i].get_width()


@dataclass(frozen=True)
class UnitGroup:
    """Units of one owner and kind on one space drawn as one figure with a count; a ship carrying
    units is a group of its own with its cargo counted by kind."""

    owner: int
    colour: Colour
    kind: str
    count: int
    cargo: tuple[tuple[str, int], ...] = ()


def unit_groups(game: Game, units: list[Unit]) -> list[UnitGroup]:
    """The groups drawn for the units on one space, players first, then barbarians and pirates.

    Land units of one owner and kind stack into one group; each ship carrying units of `units`
    is its own group listing that cargo; empty ships stack together. A land unit whose ship is
    not among `units` (it is boarding, or its ship stays behind) counts as loose.
    """
    groups: list[UnitGroup] = []
    owners = sorted({u.owner for u in units}, key=lambda o: (o < 0, o))
    for owner in owners:
        colour = owner_colour(game, owner)
        mine = [u for u in units if u.owner == owner]
        ships = [u for u in mine if game.is_ship(u)]
        ship_ids = {ship.id for ship in ships}
        loose = Counter(u.kind for u in mine if not game.is_ship(u) and u.carrier not in ship_ids)
        groups += [UnitGroup(owner, colour, kind, count) for kind, count in sorted(loose.items())]
        empty_ships = Counter(ship.kind for ship in ships if not any(u.carrier == ship.id for u in units))
        for ship in ships:
            cargo = Counter(u.kind for u in units if u.carrier == ship.id)
            if cargo:
                groups.append(UnitGroup(owner, colour, ship.kind, 1, tuple(sorted(cargo.items()))))
        groups += [UnitGroup(owner, colour, kind, count) for kind, count in sorted(empty_ships.items())]
    return groups


@lru_cache(maxsize=512)
def group_picture(group: UnitGroup, height: int) -> pygame.Surface:
    """The group's figure with its count in a bubble at its foot; a ship's cargo stands beside it, smaller."""
    main = _counted_figure(group.owner, group.kind, group.colour, group.count, height)
    if not group.cargo:
        return main
    riders = [_counted_figure(group.owner, kind, group.colour, n, round(height * 0.7)) for kind, n in group.cargo]
    overlap = round(height * 0.25)
    width = main.get_width() + sum(r.get_width() for r in riders) - overlap
    picture = pygame.Surface((width, height), pygame.SRCALPHA)
    picture.blit(main, (0, 0))
    x = main.get_width() - overlap
    for rider in riders:
        picture.blit(rider, (x, 0))
        x += rider.get_width()
    return picture


def _counted_figure(owner: int, kind: str, colour: Colour, count: int, height: int) -> pygame.Surface:
    """A unit kind's figure (a lettered chip for a kind without a picture) with the count at its foot."""
    name = art.unit_art(kind, barbarian=owner == BARBARIAN, pirate=owner == PIRATE)
    bubble = max(11, round(height * 0.5))
    if name is not None:
        body = art.figure(name, height * 0.92, colour)
    else:
        body = pygame.Surface((round(height * 0.7), round(height * 0.8)), pygame.SRCALPHA)
        pygame.draw.rect(body, colour, body.get_rect(), border_radius=max(2, height // 8))
        pygame.draw.rect(body, theme.TEXT_DARK, body.get_rect(), 2, border_radius=max(2, height // 8))
        letter = theme.text(kind[:1].upper(), round(height * 0.5), theme.text_colour_on(colour), True)
        body.blit(letter, letter.get_rect(center=body.get_rect().center))
    picture = pygame.Surface((body.get_width() + bubble // 3, height), pygame.SRCALPHA)
    picture.blit(body, (0, 0))
    at = (picture.get_width() - bubble // 2 - 1, height - bubble // 2 - 1)
    pygame.draw.circle(picture, (250, 248, 240), at, bubble // 2)
    pygame.draw.circle(picture, theme.TEXT_DARK, at, bubble // 2, max(1, bubble // 10))
    number = theme.text(str(count), max(7, round(bubble * 0.72)), theme.TEXT_DARK, True)
    picture.blit(number, number.get_rect(center=at))
    return picture


def terrain_colour(terrain: str | None) -> Colour:
    """The plain colour of a terrain (None: face down), under its picture or in place of one."""
    if terrain is None:
        return theme.UNEXPLORED
    return theme.TERRAIN_COLOURS.get(terrain, theme.TERRAIN_FALLBACK)


@lru_cache(maxsize=256)
def piece_token(key: str, colour: Colour, size: int) -> pygame.Surface:
    """A building or wonder piece (`key` a building key, or a wonder's picture): its picture on a round
    parchment plate, readable on any terrain."""
    token = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size // 2, size // 2)
    pygame.draw.circle(token, PLATE, centre, size // 2)
    pygame.draw.circle(token, theme.TEXT_DARK, centre, size // 2, max(1, size // 14))
    wonder = key.startswith("wonder")  # its own picture (art.wonder_art), in its own colours
    name = key if wonder else art.building_art(key)
    if name is not None:
        picture = art.figure(name, size * 0.7, None if wonder else colour)
        token.blit(picture, picture.get_rect(center=centre))
    else:  # a building added by a mod without a picture: its initial in the owner's colour
        letter = theme.text(key[:1].upper(), round(size * 0.6), colour, True)
        token.blit(letter, letter.get_rect(center=centre))
    return token


def _arc(count: int) -> list[tuple[float, float]]:
    """Where `count` building pieces sit around a city, in hex radii from its centre: an arc over
    the top, from the left to the right of the city, widening as pieces are added."""
    if count == 0:
        return []
    spacing = min(42.0, 230.0 / max(1, count - 1))
    angles = [90 + spacing * ((count - 1) / 2 - i) for i in range(count)]
    return [(0.7 * math.cos(math.radians(a)), -0.64 * math.sin(math.radians(a))) for a in angles]


def _cube_round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))
