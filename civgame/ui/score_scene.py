"""The final score screen: every player's points by category and the winner(s)."""

from __future__ import annotations

import pygame

from civgame.games.clash.core.model import Game
from civgame.games.clash.rules.base.scoring import CATEGORIES, score_sheet, winners
from civgame.ui import theme
from civgame.ui.board_view import owner_colour
from civgame.ui.labels import score_details
from civgame.ui.scene import Navigator, Scene


class ScoreScene(Scene):
    def __init__(self, app: Navigator, game: Game):
        super().__init__(app)
        self.game = game
        self.sheets = [score_sheet(game, p.index) for p in game.players]
        self.winners = list(game.winner) or winners(game)

    def build(self) -> None:
        self.buttons = {}
        w, h = self.size
        self.title_button = self.add_button(
            pygame.Rect((w - 240) // 2, h - 80, 240, 44), "Back to title", self.app.show_title, object_id="#primary"
        )

    def winner_text(self) -> str:
        names = " and ".join(self.game.player(i).name for i in self.winners)
        return f"{names} win{'s' if len(self.winners) == 1 else ''}!" if names else "No winner"

    def draw(self, surface: pygame.Surface) -> None:
        w, _h = self.size
        surface.fill(theme.BACKGROUND)
        theme.blit_text(surface, "Final scores", (w // 2, 40), 36, bold=True, anchor="midtop")
        theme.blit_text(surface, self.winner_text(), (w // 2, 92), 24, theme.ACCENT, bold=True, anchor="midtop")
        rows = [*CATEGORIES, "total"]
        label_w = 200
        col_w = min(200, (w - 120 - label_w) // max(1, len(self.game.players)))
        left = (w - label_w - col_w * len(self.game.players)) // 2
        top = 150
        row_h = 34
        for j, player in enumerate(self.game.players):
            x = left + label_w + j * col_w + col_w // 2
            colour = owner_colour(self.game, player.index)
            header = pygame.Rect(x - col_w // 2 + 6, top, col_w - 12, row_h - 6)
            pygame.draw.rect(surface, colour, header, border_radius=4)
            name = theme.fit_text(player.name + (" ★" if player.index in self.winners else ""), 16, col_w - 20)
            theme.blit_text(
                surface, name, (x, top + (row_h - 6) // 2), 16, theme.text_colour_on(colour), bold=True, anchor="center"
            )
        for i, key in enumerate(rows):
            y = top + (i + 1) * row_h
            total = key == "total"
            if total:
                right = left + label_w + col_w * len(self.game.players)
                pygame.draw.line(surface, theme.PANEL_LINE, (left, y - 2), (right, y - 2), 2)
            theme.blit_text(surface, key.replace("_", " ").capitalize(), (left, y + 6), 16, bold=total)
            for j, sheet in enumerate(self.sheets):
                x = left + label_w + j * col_w + col_w // 2
                theme.blit_text(
                    surface,
                    f"{sheet[key]:g}",
                    (x, y + 6),
                    16,
                    theme.ACCENT if total else theme.TEXT,
                    bold=total,
                    anchor="midtop",
                )
        y = top + (len(rows) + 1) * row_h + 8
        for player in self.game.players:  # what each player's objectives and wonders rows are made of
            line = f"{player.name} — {score_details(self.game, player.index)}"
            theme.blit_text(surface, theme.fit_text(line, 14, w - 2 * left), (left, y), 14, theme.TEXT_DIM)
            y += 22
