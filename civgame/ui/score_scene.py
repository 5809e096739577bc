"""The final score screen: why the game ended, every player's points by category with their civilization,
how the points grew age by age (a small chart), and the objectives, wonders and culture tokens under
barbarian settlements (Druidic Influence) each scored with, whose cards show at full size when pointed at."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from civgame.framework.wording import listed
from civgame.games.clash.core.hexgrid import hex_to_label
from civgame.games.clash.core.model import Game
from civgame.games.clash.rules.base.endings import describe_end
from civgame.games.clash.rules.base.scoring import CATEGORIES, score_sheet, winners
from civgame.ui import art, theme
from civgame.ui.board_view import owner_colour
from civgame.ui.cards_view import Card, draw_preview, wonder_card
from civgame.ui.labels import card_name, objective_name
from civgame.ui.scene import Navigator, Scene


@dataclass(frozen=True)
class Scored:
    """An objective or wonder a player scored with, and its card."""

    text: str
    card: Card


def scored_items(game: Game, index: int) -> list[Scored]:
    """The objectives a player completed, the wonders that score for them and their culture tokens under barbarian
    settlements, each with its card."""
    player = game.player(index)
    items = []
    for done in player.objective_completions:
        spec = game.rules.objectives.get(done.objective)
        title = card_name(game.rules.objective_cards, done.card)
        name = objective_name(game, done.objective)
        text = f"Completed {name} in age {done.age}, round {done.round}.\n{spec.text if spec else ''}"
        items.append(Scored(f"Objective: {name}", Card("objective", title, text)))
    owned = [w for city in game.cities_of(index) for w in city.wonders]
    for key in dict.fromkeys([*owned, *player.wonders_built, *player.destroyed_wonders_kept]):
        name = game.rules.wonders[key].name if key in game.rules.wonders else key
        if key in player.destroyed_wonders_kept:
            how = "built, destroyed, its effect kept"
        elif key in player.wonders_built:
            how = "built" if key in owned else "built, now another's"
        else:
            how = "taken"
        items.append(Scored(f"Wonder: {name} ({how})", wonder_card(game, key)))
    under = [hex_to_label(city.pos) for city in game.cities if index in city.tokens_under]
    if under:
        points = len(under) * game.rules.game.victory_points.building
        text = f"Under the barbarian settlements at {listed(under)}: {points:g} VP, with the city pieces."
        card = Card("objective", "Culture tokens", text)
        items.append(Scored(f"Culture tokens under settlements: {len(under)}", card))
    return items


class ScoreScene(Scene):
    def __init__(self, app: Navigator, game: Game):
        super().__init__(app)
        self.game = game
        self.sheets = [score_sheet(game, p.index) for p in game.players]
        self.winners = list(game.winner) or winners(game)
        self.items = [scored_items(game, p.index) for p in game.players]
        self.item_rects: list[tuple[pygame.Rect, Card]] = []  # drawn last frame, for pointing at a card

    def build(self) -> None:
        self.buttons = {}
        w, h = self.size
        s = self.app.scale
        rect = pygame.Rect(0, 0, round(240 * s), round(44 * s))
        rect.midbottom = (w // 2, h - round(16 * s))
        self.title_button = self.add_button(rect, "Back to title", self.app.show_title, object_id="#primary")

    def winner_text(self) -> str:
        names = listed(self.game.player(i).name for i in self.winners)
        return f"{names} win{'s' if len(self.winners) == 1 else ''}!" if names else "No winner"

    def civilization(self, index: int) -> str:
        key = self.game.player(index).civilization
        civ = self.game.rules.civilizations.get(key) if key else None
        return civ.name if civ else "no civilization"

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        w = self.size[0]
        s = self.app.scale
        margin = round(40 * s)
        surface.fill(theme.BACKGROUND)
        y = round(14 * s)
        y = theme.blit_text(surface, "Final scores", (w // 2, y), round(30 * s), bold=True, anchor="midtop").bottom
        y = theme.blit_text(
            surface, self.winner_text(), (w // 2, y + 4), round(20 * s), theme.ACCENT, bold=True, anchor="midtop"
        ).bottom
        size = round(14 * s)
        for line in theme.wrap_text(describe_end(self.game), size, w - 2 * margin):
            y = theme.blit_text(surface, line, (w // 2, y + 4), size, anchor="midtop").bottom
        top = y + round(14 * s)
        table = self._draw_table(surface, margin, top)
        chart = pygame.Rect(table.right + round(30 * s), top, w - margin - table.right - round(30 * s), table.h)
        if chart.w >= round(200 * s):
            self._draw_chart(surface, chart)
        bottom = self.title_button.rect.top - round(10 * s)
        self._draw_items(surface, table, pygame.Rect(margin, table.bottom + round(12 * s), table.w, 0), bottom)

    def _columns(self, left: int) -> tuple[int, int]:
        """The width of the labels and of each player's column."""
        s = self.app.scale
        label_w = round(140 * s)
        room = self.size[0] - 2 * left - label_w - round(260 * s)  # leaves the chart its room
        return label_w, max(round(110 * s), min(round(240 * s), room // max(1, len(self.game.players))))

    def _draw_table(self, surface: pygame.Surface, left: int, top: int) -> pygame.Rect:
        """The points of each player by category, under their name and civilization; returns its rectangle."""
        s = self.app.scale
        label_w, col_w = self._columns(left)
        size, small = round(15 * s), round(12 * s)
        head_h, row_h = round(46 * s), round(25 * s)
        for j, player in enumerate(self.game.players):
            header = pygame.Rect(left + label_w + j * col_w + 4, top, col_w - 8, head_h)
            colour = owner_colour(self.game, player.index)
            pygame.draw.rect(surface, colour, header, border_radius=4)
            ink = theme.text_colour_on(colour)
            name = player.name + (" ★" if player.index in self.winners else "")
            line = theme.fit_text(name, size, header.w - 10, bold=True)
            theme.blit_text(surface, line, (header.centerx, header.y + 4), size, ink, bold=True, anchor="midtop")
            civ = theme.fit_text(self.civilization(player.index), small, header.w - 10)
            theme.blit_text(surface, civ, (header.centerx, header.bottom - 4), small, ink, anchor="midbottom")
        y = top + head_h + 4
        for key in [*CATEGORIES, "total"]:
            total = key == "total"
            if total:
                right = left + label_w + col_w * len(self.sheets)
                pygame.draw.line(surface, theme.PANEL_LINE, (left, y), (right, y), 2)
            label = key.replace("_", " ").capitalize()
            theme.blit_text(surface, label, (left, y + 3), size, bold=total)
            for j, sheet in enumerate(self.sheets):
                x = left + label_w + j * col_w + col_w // 2
                colour = theme.ACCENT if total else theme.TEXT
                theme.blit_text(surface, f"{sheet[key]:g}", (x, y + 3), size, colour, bold=total, anchor="midtop")
            y += row_h
        return pygame.Rect(left, top, label_w + col_w * len(self.sheets), y - top)

    def _draw_chart(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Each player's total at the end of each age, one line per player in their colour."""
        s = self.app.scale
        size = round(12 * s)
        theme.blit_text(surface, "Points at the end of each age", (rect.x, rect.y), size + 1, bold=True)
        theme.blit_text(surface, "age", (rect.right, rect.bottom), size, theme.TEXT_DIM, anchor="bottomright")
        series = [p.scores_by_age for p in self.game.players]
        ages = max((len(points) for points in series), default=0)
        plot = pygame.Rect(rect.x + round(34 * s), rect.y + size + round(14 * s), 0, 0)
        plot.size = (rect.right - plot.x - round(34 * s), rect.bottom - plot.y - size - round(10 * s))
        if ages == 0:
            text = theme.fit_text("Not recorded in this save", size, rect.w)
            theme.blit_text(surface, text, (rect.x, plot.y), size, theme.TEXT_DIM)
            return
        top_value = max(5, math.ceil(max(max(p, default=0) for p in series) / 5) * 5)
        pygame.draw.rect(surface, theme.PANEL, plot)
        for step in range(0, top_value + 1, max(5, top_value // 4 // 5 * 5)):
            y = plot.bottom - round(plot.h * step / top_value)
            pygame.draw.line(surface, theme.PANEL_LINE, (plot.x, y), (plot.right, y))
            theme.blit_text(surface, f"{step}", (plot.x - 6, y), size, theme.TEXT_DIM, anchor="midright")

        def point(age: int, value: float) -> tuple[int, int]:
            x = plot.x + (round(plot.w * age / (ages - 1)) if ages > 1 else plot.w // 2)
            return x, plot.bottom - round(plot.h * value / top_value)

        for age in range(ages):
            x = point(age, 0)[0]
            theme.blit_text(surface, f"{age + 1}", (x, plot.bottom + 4), size, theme.TEXT_DIM, anchor="midtop")
        for player, points in zip(self.game.players, series, strict=True):
            colour = owner_colour(self.game, player.index)
            dots = [point(age, value) for age, value in enumerate(points)]
            if len(dots) > 1:
                pygame.draw.lines(surface, colour, False, dots, max(2, round(3 * s)))
            for dot in dots:
                pygame.draw.circle(surface, colour, dot, max(3, round(4 * s)))

    def _draw_items(self, surface: pygame.Surface, table: pygame.Rect, area: pygame.Rect, bottom: int) -> None:
        """Under each player's column, the objectives and wonders they scored with (point at one for its card)."""
        s = self.app.scale
        label_w, col_w = self._columns(table.x)
        size = round(12 * s)
        step = size + round(8 * s)
        theme.blit_text(surface, "Objectives and wonders", (area.x, area.y), size, theme.TEXT_DIM, bold=True)
        self.item_rects = []
        for j, items in enumerate(self.items):
            x, y = table.x + label_w + j * col_w + 4, area.y + step
            if not items:
                theme.blit_text(surface, "none", (x, y), size, theme.TEXT_DIM)
            for shown, item in enumerate(items):
                icon = art.figure(f"card_{item.card.kind}", step - 4)
                lines = theme.wrap_text(item.text, size, col_w - 12 - icon.get_width())
                if y + (len(lines) + 1) * step > bottom and shown < len(items) - 1:  # no room for it and the rest
                    theme.blit_text(surface, f"and {len(items) - shown} more", (x, y), size, theme.TEXT_DIM)
                    break
                rect = icon.get_rect(topleft=(x, y))
                surface.blit(icon, rect)
                for line in lines:
                    rect = rect.union(theme.blit_text(surface, line, (x + icon.get_width() + 4, y), size))
                    y += step
                self.item_rects.append((rect, item.card))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        pointed = next(((rect, card) for rect, card in self.item_rects if rect.collidepoint(self.mouse)), None)
        if pointed is not None:
            draw_preview(surface, pointed[1], pointed[0], self.app.scale)
