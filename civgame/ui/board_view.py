"""The map: flat-topped hexes drawn from the model, with pan, zoom and pixel -> hex hit-testing.

Axial coordinates follow civgame.engine.core.hexgrid (odd columns shifted half a hex down), so a
space's centre is (1.5 q, sqrt(3) (r + q/2)) hex radii from the centre of space (0, 0).
Face-down regions are drawn in one uniform colour: only revealed terrain is ever looked up.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

import pygame

from civgame.engine.core.hexgrid import Hex, hex_to_label, neighbors
from civgame.engine.core.model import BARBARIAN, PIRATE, City, Game, Unit
from civgame.ui import theme
from civgame.ui.theme import Colour

SQRT3 = math.sqrt(3)
MAX_LAYER_PIXELS = 16_000_000  # the map picture kept for panning: about 64 MB at most
MIN_RADIUS, MAX_RADIUS = 14.0, 220.0
BUILDING_LETTERS = {"observatory": "V", "obelisk": "O"}  # others use their first letter


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
    picks: dict[Hex, str] = field(default_factory=dict)  # collect mode: what is taken from each chosen space
    slides: list[Slide] = field(default_factory=list)
    pulses: dict[Hex, float] = field(default_factory=dict)  # a ring around a space, 0 (start) to 1 (gone)


def owner_colour(game: Game, owner: int) -> Colour:
    if owner == BARBARIAN:
        return theme.BARBARIAN_COLOUR
    if owner == PIRATE:
        return theme.PIRATE_COLOUR
    return theme.player_colour(game.player(owner).color)


def building_letter(key: str) -> str:
    return BUILDING_LETTERS.get(key, key[:1].upper())


class BoardView:
    def __init__(self, rect: pygame.Rect):
        self.rect = pygame.Rect(rect)
        self.radius = 40.0
        self.origin = (float(self.rect.centerx), float(self.rect.centery))  # pixel centre of space (0, 0)
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple | None = None
        self.slide_positions: dict[int, tuple[float, float]] = {}  # sliding unit -> its pixel in the last frame

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
            if self.radius >= 20:
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
        terrain = game.terrain(h)
        if terrain is None:
            return theme.UNEXPLORED
        return theme.TERRAIN_COLOURS.get(terrain, theme.TERRAIN_FALLBACK)

    def _draw_space(self, surface: pygame.Surface, game: Game, h: Hex) -> None:
        colour = self._space_colour(game, h)
        corners = self.corners(h)
        pygame.draw.polygon(surface, colour, corners)
        pygame.draw.polygon(surface, _shade(colour, 0.75), corners, 1)
        terrain = game.terrain(h)
        if terrain is not None and self.radius >= 18:
            cx, cy = self.centre(h)
            _draw_terrain_icon(surface, terrain, (cx - self.radius * 0.56, cy), self.radius * 0.2, colour)
        if h in game.exhausted:
            cx, cy = self.centre(h)
            d = self.radius * 0.45
            width = max(2, int(self.radius / 14))
            pygame.draw.line(surface, (90, 30, 30), (cx - d, cy - d), (cx + d, cy + d), width)
            pygame.draw.line(surface, (90, 30, 30), (cx - d, cy + d), (cx + d, cy - d), width)

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
        (x1, y1), (x2, y2) = self.centre(city.pos), self.centre(port)
        colour = owner_colour(game, city.owner)
        end = (x1 + (x2 - x1) * 0.62, y1 + (y2 - y1) * 0.62)
        pygame.draw.line(surface, colour, (x1, y1), end, max(2, int(self.radius / 10)))
        theme.blit_text(
            surface, "⚓", end, self._px(0.34, 10), theme.text_colour_on(theme.TERRAIN_COLOURS["sea"]), anchor="center"
        )

    def _draw_city(self, surface: pygame.Surface, game: Game, city: City) -> None:
        s = self.radius
        cx, cy = self.centre(city.pos)
        colour = owner_colour(game, city.owner)
        pieces = [(building_letter(b), owner_colour(game, col)) for b, col in city.buildings.items()]
        pieces += [("W", (212, 175, 55)) for _ in city.wonders]
        body = pygame.Rect(0, 0, max(s * 0.95, (len(pieces) * 0.3 + 0.15) * s), s * 0.5)
        body.center = (round(cx), round(cy - s * 0.04))
        # roof: the city reads as a house even without buildings
        roof = [(body.left - 2, body.top + 1), (body.centerx, body.top - s * 0.22), (body.right + 2, body.top + 1)]
        pygame.draw.polygon(surface, colour, roof)
        pygame.draw.polygon(surface, theme.TEXT_DARK, roof, max(1, int(s / 25)))
        pygame.draw.rect(surface, colour, body, border_radius=max(2, int(s / 12)))
        pygame.draw.rect(surface, theme.TEXT_DARK, body, max(1, int(s / 25)), border_radius=max(2, int(s / 12)))
        cell = s * 0.26
        x = body.centerx - len(pieces) * s * 0.3 / 2 + s * 0.02
        for letter, piece_colour in pieces:
            square = pygame.Rect(round(x), round(body.centery - cell / 2), round(cell), round(cell))
            pygame.draw.rect(surface, piece_colour, square)
            pygame.draw.rect(surface, theme.TEXT_DARK, square, 1)
            theme.blit_text(
                surface,
                letter,
                square.center,
                self._px(0.2, 8),
                theme.text_colour_on(piece_colour),
                bold=True,
                anchor="center",
            )
            x += s * 0.3
        # size pips under the body
        pip = max(2.0, s * 0.055)
        x = cx - (city.size - 1) * pip * 1.5
        for _ in range(city.size):
            pygame.draw.circle(surface, (250, 250, 250), (x, body.bottom + pip * 1.8), pip)
            pygame.draw.circle(surface, theme.TEXT_DARK, (x, body.bottom + pip * 1.8), pip, 1)
            x += pip * 3
        # mood marker on the roof's right
        mood_at = (body.right - s * 0.02, body.top - s * 0.08)
        mood_colour = theme.MOOD_COLOURS.get(city.mood, theme.TEXT_DIM)
        pygame.draw.circle(surface, mood_colour, mood_at, s * 0.17)
        pygame.draw.circle(surface, theme.TEXT_DARK, mood_at, s * 0.17, 1)
        theme.blit_text(
            surface,
            theme.MOOD_SYMBOLS.get(city.mood, "?"),
            mood_at,
            self._px(0.27, 9),
            theme.TEXT_DARK,
            bold=True,
            anchor="center",
        )

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
        (x1, y1), (x2, y2) = self._badges_at(game, units, slide.start), self._badges_at(game, units, slide.end)
        at = (x1 + (x2 - x1) * slide.progress, y1 + (y2 - y1) * slide.progress)
        self._draw_badges(surface, game, units, at)
        self.slide_positions.update({u.id: at for u in units})

    def _badges_at(self, game: Game, units: list[Unit], h: Hex) -> tuple[float, float]:
        """The middle of the top row of `units`' badges on space `h` (below the city if there is one)."""
        cx, cy = self.centre(h)
        if game.city_at(h):
            return cx, cy + self.radius * 0.4
        rows = len(self._badge_rows(self._rendered_badges(game, units)))
        return cx, cy - rows * self.radius * 0.32 / 2

    def _rendered_badges(self, game: Game, units: list[Unit]) -> list[tuple[pygame.Surface, Colour, bool]]:
        size = self._px(0.24, 9)
        return [
            (theme.text(label, size, theme.text_colour_on(colour), True), colour, ship)
            for label, colour, ship in unit_badges(game, units)
        ]

    def _badge_rows(self, rendered: list[tuple[pygame.Surface, Colour, bool]]) -> list[list[int]]:
        """The badges (by index) in each row: as many per row as fit in 1.5 hex radii."""
        widths = self._badge_widths(rendered)
        rows: list[list[int]] = [[]]
        for i, w in enumerate(widths):
            if rows[-1] and sum(widths[j] for j in rows[-1]) + w > self.radius * 1.5:
                rows.append([])
            rows[-1].append(i)
        return rows

    def _badge_widths(self, rendered: list[tuple[pygame.Surface, Colour, bool]]) -> list[float]:
        s = self.radius
        return [img.get_width() + (s * 0.34 if ship else 0) + s * 0.12 for img, _, ship in rendered]

    def _draw_units(self, surface: pygame.Surface, game: Game, units: list[Unit], h: Hex) -> None:
        if units:
            self._draw_badges(surface, game, units, self._badges_at(game, units, h))

    def _draw_badges(self, surface: pygame.Surface, game: Game, units: list[Unit], anchor: tuple[float, float]) -> None:
        """The units' badges in rows centred on `anchor`, the middle of the first row's top edge."""
        rendered = self._rendered_badges(game, units)
        if not rendered:
            return
        s = self.radius
        height = s * 0.32
        widths = self._badge_widths(rendered)
        rows = self._badge_rows(rendered)
        cx, top = anchor
        for row_index, row in enumerate(rows):
            x = cx - sum(widths[i] + 2 for i in row) / 2
            y = top + row_index * (height + 2)
            for i in row:
                img, colour, ship = rendered[i]
                box = pygame.Rect(round(x), round(y), round(widths[i]), round(height))
                pygame.draw.rect(surface, colour, box, border_radius=max(2, int(s / 14)))
                pygame.draw.rect(surface, (250, 250, 250), box, 1, border_radius=max(2, int(s / 14)))
                text_x = box.left + s * 0.06
                if ship:
                    _draw_boat(surface, (box.left + s * 0.2, box.centery), s * 0.14, theme.text_colour_on(colour))
                    text_x += s * 0.32
                surface.blit(img, img.get_rect(midleft=(round(text_x), box.centery)))
                x += widths[i] + 2


def unit_badges(game: Game, units: list[Unit]) -> list[tuple[str, Colour, bool]]:
    """Badges for the units on one space: (label, colour, is_ship).

    Land units of one owner and kind stack into one badge ("3I"); each ship carrying units of
    `units` is its own badge listing that cargo; empty ships stack together. A land unit whose
    ship is not among `units` (it is boarding, or its ship stays behind) counts as loose.
    """
    badges: list[tuple[str, Colour, bool]] = []
    owners = sorted({u.owner for u in units}, key=lambda o: (o < 0, o))
    for owner in owners:
        colour = owner_colour(game, owner)
        mine = [u for u in units if u.owner == owner]
        ships = [u for u in mine if game.is_ship(u)]
        ship_ids = {ship.id for ship in ships}
        loose = Counter(u.kind for u in mine if not game.is_ship(u) and u.carrier not in ship_ids)
        for kind, count in sorted(loose.items()):
            badges.append((f"{count}{unit_letter(game, kind)}", colour, False))
        empty_ships = 0
        for ship in ships:
            cargo = Counter(u.kind for u in units if u.carrier == ship.id)
            if cargo:
                badges.append((" ".join(f"{n}{unit_letter(game, k)}" for k, n in sorted(cargo.items())), colour, True))
            else:
                empty_ships += 1
        if empty_ships:
            badges.append((f"{empty_ships}", colour, True))
    return badges


def unit_letter(game: Game, kind: str) -> str:
    spec = game.rules.units.get(kind)
    return (spec.name if spec else kind)[:1].upper()


def _cube_round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))


def _shade(colour: Colour, k: float) -> Colour:
    r, g, b = (max(0, min(255, int(c * k))) for c in colour)
    return r, g, b


def _draw_boat(surface: pygame.Surface, centre: tuple[float, float], size: float, colour: Colour) -> None:
    x, y = centre
    hull = [(x - size, y), (x + size, y), (x + size * 0.6, y + size * 0.6), (x - size * 0.6, y + size * 0.6)]
    sail = [(x - size * 0.1, y - size * 1.1), (x - size * 0.1, y - size * 0.1), (x + size * 0.7, y - size * 0.1)]
    pygame.draw.polygon(surface, colour, hull)
    pygame.draw.polygon(surface, colour, sail)


def _draw_terrain_icon(surface: pygame.Surface, terrain: str, at: tuple[float, float], k: float, base: Colour) -> None:
    """A small shape per terrain so that the map reads without relying on colour alone."""
    x, y = at
    dark = _shade(base, 0.62)
    light = _shade(base, 1.3)
    width = max(1, int(k / 5))
    if terrain == "forest":
        for dx in (-0.6, 0.6):
            px = x + dx * k
            pygame.draw.polygon(surface, dark, [(px, y - k), (px - 0.6 * k, y + 0.5 * k), (px + 0.6 * k, y + 0.5 * k)])
            pygame.draw.line(surface, dark, (px, y + 0.5 * k), (px, y + 0.9 * k), width + 1)
    elif terrain == "mountain":

        def placed(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
            return [(x + dx * k, y + dy * k) for dx, dy in points]

        pygame.draw.polygon(surface, dark, placed([(-1.2, 0.7), (-0.3, -0.9), (0.5, 0.7)]))
        pygame.draw.polygon(surface, dark, placed([(-0.1, 0.7), (0.6, -0.4), (1.3, 0.7)]))
        pygame.draw.polygon(surface, (240, 240, 240), placed([(-0.3, -0.9), (-0.55, -0.45), (-0.05, -0.45)]))
    elif terrain == "grassland":
        for dx in (-0.7, 0.0, 0.7):
            px = x + dx * k
            pygame.draw.line(surface, dark, (px - 0.25 * k, y - 0.4 * k), (px, y + 0.4 * k), width)
            pygame.draw.line(surface, dark, (px + 0.25 * k, y - 0.4 * k), (px, y + 0.4 * k), width)
    elif terrain == "barren":
        for dx, dy in ((-0.6, -0.3), (0.4, -0.5), (0.0, 0.3), (0.7, 0.5), (-0.5, 0.6)):
            pygame.draw.circle(surface, dark, (x + dx * k, y + dy * k), max(1.0, k * 0.14))
    elif terrain == "sea":
        for dy in (-0.35, 0.35):
            points = [
                (x + (i / 6 - 0.5) * 2.2 * k, y + dy * k + math.sin(i * math.pi / 3) * 0.25 * k) for i in range(7)
            ]
            pygame.draw.lines(surface, light, False, points, width + 1)
