"""Each player's civilization board: the civilization, its special advances (held or not) and its
leaders (unused, on the board, gone), every ability with its text as a tooltip."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIWindow

from civgame.games.clash.content.ruleset import ANY_GOVERNMENT, Civilization, Leader, LeaderAbility, SpecialAdvance
from civgame.games.clash.core.hexgrid import hex_to_label
from civgame.games.clash.core.model import Game, Player
from civgame.games.clash.core.vocabulary import amounts
from civgame.games.clash.rules.base import civilizations
from civgame.games.clash.rules.base.payments import describe
from civgame.ui import theme
from civgame.ui.dialogs import ROW_HEIGHT

WIDTH = 720  # at 1280x720


@dataclass(frozen=True)
class LeaderRow:
    name: str
    status: str  # "not yet recruited", "on the board at C4", "captured by Ben", "gone for good (...)"
    abilities: list[tuple[str, str]]  # (name, text)


def special_advance_rows(game: Game, player: Player, civ: Civilization) -> list[tuple[str, str]]:
    """Each special advance's label (held or not, and what brings it) and its tooltip."""
    rows = []
    for special in civ.special_advances:
        held = special.name in player.special_advances
        link = "any government" if special.advance == ANY_GOVERNMENT else special.advance
        rows.append((f"{'☑' if held else '☐'} {special.name} (with {link})", f"{special.name}: {rule_text(special)}"))
    return rows


def rule_text(ability: SpecialAdvance | LeaderAbility) -> str:
    """The ability's text, saying so when it is not printed but designed for this game."""
    if ability.our_design:
        return f"{ability.text} (Not printed: designed for this game where the sources leave a gap.)"
    return ability.text


def leader_rows(game: Game, player: Player) -> list[LeaderRow]:
    """The player's leaders and where each one is; a leader dealt from another civilization's board
    (What if?) names it."""
    captors = {name: p.name for p in game.players for name in p.captured_leaders}
    rows = []
    for name in civilizations.own_leaders(game, player):
        found = find_leader(game, name)
        if found is None:
            continue
        civ, leader = found
        title = name if civ.name == _civ_name(game, player) else f"{name} of {civ.name}"
        rows.append(LeaderRow(title, _status(game, player, name, captors), _abilities(leader)))
    return rows


def _civ_name(game: Game, player: Player) -> str | None:
    civ = civilizations.civilization_of(game, player)
    return civ.name if civ is not None else None


def find_leader(game: Game, name: str) -> tuple[Civilization, Leader] | None:
    """A leader by name, with the civilization whose board it comes from."""
    for civ in game.rules.civilizations.values():
        for leader in civ.leaders:
            if leader.name == name:
                return civ, leader
    return None


def ability_text(game: Game, source: str, primitive: str) -> str | None:
    """The rule text of a special advance, or of the leader ability built on `primitive`, named `source`."""
    for civ in game.rules.civilizations.values():
        for special in civ.special_advances:
            if special.name == source:
                return special.text
        for leader in civ.leaders:
            if leader.name == source:
                texts = [f"{a.name}: {a.text}" for a in leader.abilities if any(primitive in e for e in a.effects)]
                return " ".join(texts) or None
    return None


def _abilities(leader: Leader) -> list[tuple[str, str]]:
    return [(ability.name, rule_text(ability)) for ability in leader.abilities]


def _status(game: Game, player: Player, name: str, captors: dict[str, str]) -> str:
    if player.leader == name:
        unit = next((u for u in game.units_of(player.index) if game.rules.units[u.kind].leader), None)
        return f"on the board at {hex_to_label(unit.pos)}" if unit is not None else "on the board"
    if name in captors:
        return f"captured by {captors[name]}"
    if name in player.leaders_used:
        return "gone for good (dead or replaced)"
    if player.leaders_barred:
        return "removed from the game unused"
    return "not yet recruited"


def leader_tooltip(row: LeaderRow) -> str:
    return "\n".join([f"{row.name}: {row.status}", *(f"{name}: {text}" for name, text in row.abilities)])


class PlayerBoard:
    """A window showing one player's civilization board at a time, with a tab for each player."""

    def __init__(
        self,
        manager: pygame_gui.UIManager,
        scale: float,
        area: pygame.Rect,
        game: Game,
        shown: int,
        cancel: Callable[[], None],
    ):
        self.manager, self.scale, self.area, self.game = manager, scale, area, game
        self.cancel = cancel  # the close box and Esc close it, as other menus
        self.shown = shown
        self.window: UIWindow | None = None
        self.tabs: dict[UIButton, int] = {}
        self.ability_buttons: dict[str, UIButton] = {}  # ability or special advance name -> its button
        self.leader_buttons: dict[str, UIButton] = {}
        self.texts: list[str] = []  # every text shown, in order
        self._build()

    def _build(self, height: int | None = None) -> None:
        """Lay the board out in a window as tall as the area, then again in one as tall as its content."""
        if self.window is not None:
            self.window.kill()
        s = self.scale
        row_h, gap, font = round(ROW_HEIGHT * s), round(4 * s), round(14 * s)
        width = min(round(WIDTH * s), self.area.w - 40)
        rect = pygame.Rect(0, 0, width, height or self.area.h - 20)
        rect.center = self.area.center
        self.window = UIWindow(rect, self.manager, window_display_title="Civilization boards", object_id="#menu")
        inner_w = self.window.get_container().get_rect().w
        self.tabs, self.ability_buttons, self.leader_buttons, self.texts = {}, {}, {}, []
        tab_w = (inner_w - 16 - gap * (len(self.game.players) - 1)) // len(self.game.players)
        for i, player in enumerate(self.game.players):
            civ = civilizations.civilization_of(self.game, player)
            label = f"{player.name}: {civ.name}" if civ else player.name
            tab = UIButton(
                pygame.Rect(8 + i * (tab_w + gap), 6, tab_w, row_h),
                theme.fit_text(label, font, tab_w - 12),
                self.manager,
                container=self.window,
                tool_tip_text=f"{player.name}'s civilization board",
            )
            if i == self.shown:
                tab.select()
            self.tabs[tab] = i
        bottom = self._board(self.game.player(self.shown), 6 + row_h + 2 * gap, inner_w, row_h, gap, font)
        if height is None:
            frame = rect.h - self.window.get_container().get_rect().h  # title bar and borders
            self._build(min(rect.h, bottom + 2 * gap + frame))

    def _label(self, text: str, y: int, width: int, row_h: int, x: int = 8) -> None:
        UILabel(
            pygame.Rect(x, y, width, row_h),
            text,
            self.manager,
            container=self.window,
            object_id="#prompt",
        )
        self.texts.append(text)

    def _board(self, player: Player, y: int, inner_w: int, row_h: int, gap: int, font: int) -> int:
        """Lay out the player's board from `y` down; returns the bottom."""
        civ = civilizations.civilization_of(self.game, player)
        if civ is None:
            self._label(
                f"{player.name} plays without a civilization: no special advances and no leaders.",
                y,
                inner_w - 16,
                row_h,
            )
            return y + row_h
        for line in theme.wrap_text(f"{civ.name}: {civ.text}", font, inner_w - 24):
            self._label(line, y, inner_w - 16, row_h)
            y += row_h
        y += gap
        self._label("Special advances (½ victory point each)", y, inner_w - 16, row_h)
        y += row_h
        half = (inner_w - 16 - gap) // 2
        rows = zip(civ.special_advances, special_advance_rows(self.game, player, civ), strict=True)
        for i, (special, (label, tip)) in enumerate(rows):
            rect = pygame.Rect(8 + (i % 2) * (half + gap), y + (i // 2) * (row_h + gap), half, row_h)
            self.ability_buttons[special.name] = self._button(label, tip, rect, font)
        y += ((len(civ.special_advances) + 1) // 2) * (row_h + gap) + gap
        self._label(
            f"Leaders (recruited for {self._leader_cost()}; one on the board at a time)", y, inner_w - 16, row_h
        )
        y += row_h
        indent = round(24 * self.scale)
        for row in leader_rows(self.game, player):
            self.leader_buttons[row.name] = self._button(
                f"{row.name}: {row.status}", leader_tooltip(row), pygame.Rect(8, y, inner_w - 16, row_h), font
            )
            y += row_h + gap
            count = max(1, len(row.abilities))
            ability_w = (inner_w - 16 - indent - gap * (count - 1)) // count
            for j, (name, text) in enumerate(row.abilities):
                rect = pygame.Rect(8 + indent + j * (ability_w + gap), y, ability_w, row_h)
                self.ability_buttons[name] = self._button(name, f"{name} ({row.name}): {text}", rect, font)
            y += row_h + 2 * gap
        captured = player.captured_leaders
        if captured:
            y += gap
            self._label(
                f"Enemy leaders captured (2 victory points each): {', '.join(captured)}", y, inner_w - 16, row_h
            )
            y += row_h
        return y

    def _leader_cost(self) -> str:
        costs = [spec.cost for spec in self.game.rules.units.values() if spec.leader]
        return describe(amounts(costs[0])) if costs else "nothing"

    def _button(self, text: str, tip: str, rect: pygame.Rect, font: int) -> UIButton:
        """A row that shows its full text as a tooltip; pressing it does nothing."""
        self.texts.append(text)
        return UIButton(
            rect,
            theme.fit_text(text, font, rect.w - 16),
            self.manager,
            container=self.window,
            tool_tip_text=tip,
            object_id="#toggle",
        )

    def show(self, index: int) -> None:
        self.shown = index
        self._build()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.tabs:
            self.show(self.tabs[event.ui_element])
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            self.cancel()
            return True
        return False

    def kill(self) -> None:
        if self.window is not None:
            self.window.kill()
