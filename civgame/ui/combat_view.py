"""The combat panel: the battle being fought (`game.combat`), or the report of one that just ended.

A battle that needs no choice (one kind of unit per side, a side wiped out in the first round)
starts and ends inside a single `apply`, so `game.combat` is never seen set; the scene then
builds a report from the log lines that action added (`finished_battle`). The battle's own
log holds every die with its icon, each side's combat value and the hits.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import pygame

from civgame.framework.wording import counted
from civgame.games.clash.core.hexgrid import Hex, hex_to_label, label_to_hex
from civgame.games.clash.core.model import Combat, CombatSide, Game
from civgame.games.clash.rules.combat import owner_name
from civgame.ui import art, theme
from civgame.ui.board_view import BoardView, owner_colour
from civgame.ui.cards_view import Card
from civgame.ui.labels import units_text

BATTLE_STARTS = ("Battle at ", "Naval battle at ")  # the first line of a battle in the log
BATTLE_ENDS = ("The battle is won by ", "The battle ends with no winner")
DIE = "⚄"
ARROW_COLOUR = (230, 40, 40)
WIDTH = 400  # at 1280x720
CARD_WIDTH = 110  # of the card face drawn on a panel about a card, at 1280x720
# A die's number and its icon, "4 (cavalry, +2)", or its number alone where the rules' dice have no icons.
DIE_FACE = re.compile(r"(\d+)(?: \(([a-z_]+))?")
ROLLS = re.compile(r" rolls? (?=\d|no dice)")  # "Player 1 rolls 4 (cavalry)", "the pirates roll 1 (leader)"
SPACE_LABEL = re.compile(r"[A-Z]+-?\d+")  # a space's label, as hex_to_label writes it


@dataclass
class BattleView:
    title: str
    sides: list[tuple[int, str]]  # (owner, "Attack: Anna — 2 Infantry") for the live battle
    lines: list[str]  # the battle's log
    finished: bool = False
    mark: str = "⚔"  # drawn before the title
    space: Hex | None = None  # where it is fought
    card: Card | None = None  # the card the panel is about (an event's), its face drawn on the left


def _side_text(game: Game, role: str, side: CombatSide, combat: Combat) -> str:
    units = units_text(game, side.units) if side.units else "no units left"
    notes = []
    if role == "Defend" and combat.fortress:
        notes.append("fortress")
    if side.bonus:
        notes.append(f"{side.bonus:+d} combat value")
    if side.losses:
        notes.append(f"lost {side.losses}")
    return f"{role}: {owner_name(game, side.owner)} — {units}" + (f" ({', '.join(notes)})" if notes else "")


def current_battle(game: Game, viewer: int | None) -> BattleView | None:
    """The battle being fought, headed from the viewer's side: "Attack at D3 — round 2"."""
    c = game.combat
    if c is None:
        return None
    role = "Attack" if viewer == c.attacker.owner else "Defend" if viewer == c.defender.owner else "Battle"
    stage = f"round {c.round}" if c.round else "before the first round"
    kind = " (naval)" if c.naval else ""
    sides = [
        (c.attacker.owner, _side_text(game, "Attack", c.attacker, c)),
        (c.defender.owner, _side_text(game, "Defend", c.defender, c)),
    ]
    return BattleView(f"{role} at {hex_to_label(c.space)}{kind} — {stage}", sides, list(c.log), space=c.space)


def finished_battle(game: Game, log_before: int, ongoing: list[str] | None) -> BattleView | None:
    """The report of a battle that ended during the last action, from the log lines it added.

    `log_before` is the log's length before the action; `ongoing` the battle log if one was
    being fought then.
    """
    if game.combat is not None:
        return None
    added = game.log[log_before:]
    if ongoing is not None:
        lines = list(ongoing)
    else:
        starts = [i for i, line in enumerate(added) if line.startswith(BATTLE_STARTS)]
        if not starts:
            return None
        lines, added = [], added[starts[-1] :]
    for line in added:
        lines.append(line)
        if line.startswith(BATTLE_ENDS):
            break
    last = lines[-1]
    if last.startswith(BATTLE_ENDS[0]):
        outcome = "won by " + last[len(BATTLE_ENDS[0]) :]
    else:
        outcome = "no winner" if last.startswith(BATTLE_ENDS[1]) else "over"
    where = lines[0].split(":")[0]  # "Battle at D3"
    label = where.rsplit(" at ", 1)[-1]
    space = label_to_hex(label) if SPACE_LABEL.fullmatch(label) else None
    return BattleView(f"{where} — {outcome}", [], lines, finished=True, space=space)


def dice_rolled(line: str, icons: set[str]) -> list[tuple[int, str]]:
    """The final face (value, icon) of each die in a roll line of the battle log; a re-rolled die
    counts with the face it was re-rolled to. Not a roll line: no dice."""
    if not is_roll(line):
        return []
    dice_part = ROLLS.split(line, 1)[1].split(": combat value", 1)[0].split(" including ", 1)[0]
    faces = []
    for die in re.split(r", (?=\d)", dice_part):  # "1 (leader) rolled again: 4 (cavalry, +2), 3 (elephant)"
        found = [(int(value), icon) for value, icon in DIE_FACE.findall(die) if icon in icons]
        if found:
            faces.append(found[-1])
    return faces


def is_roll(line: str) -> bool:
    """Whether a battle log line is a side's combat roll."""
    return ": combat value" in line and ROLLS.search(line) is not None


def _die_size(scale: float) -> int:
    return round(30 * scale)


# ------------------------------------------------------------------ drawing
def _card_width(view: BattleView, scale: float) -> int:
    """The width of the card face on the panel's left (0 without a card)."""
    return round(CARD_WIDTH * scale) if view.card is not None else 0


def panel_size(board: pygame.Rect, view: BattleView, scale: float) -> tuple[int, int]:
    """The panel's width and height: as tall as its lines need (and its card), but at most half the map."""
    size = round(13 * scale)
    card_w = _card_width(view, scale)
    width = min(round(WIDTH * scale) + card_w, board.w - 16)
    rows = sum(len(theme.wrap_text(line, size, width - card_w - 34)) for line in view.lines)
    dice_rows = sum(1 for line in view.lines if is_roll(line))
    height = round(30 * scale) + len(view.sides) * (size + 6) + rows * (size + 4) + dice_rows * (_die_size(scale) + 4)
    height = max(height, round(30 * scale) + round(card_w * 1.4) + 4)
    return width, min(height + 16, board.h // 2)


def draw_panel(
    surface: pygame.Surface,
    game: Game,
    view: BattleView,
    rect: pygame.Rect,
    scale: float,
    shown: int | None = None,
    *,
    folded: bool = False,
) -> None:
    """The panel with the first `shown` lines of the battle (all if None); while lines are still
    appearing (an animation), the newest one is drawn in the accent colour and the title keeps
    the outcome ("won by …") for the end. Folded, only its title."""
    size = round(13 * scale)
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((16, 18, 24, 232))
    surface.blit(shade, rect.topleft)
    pygame.draw.rect(surface, ARROW_COLOUR, rect, 2, border_radius=6)
    x, y = rect.x + 10, rect.y + 6
    title_size = round(16 * scale)
    title = view.title if shown is None else view.title.split(" — ")[0]
    theme.blit_text(
        surface,
        f"{view.mark} " + theme.fit_text(title, title_size, rect.w - round(100 * scale), bold=True),
        (x, y),
        title_size,
        theme.TEXT,
        bold=True,
    )
    if folded:
        return
    y += round(30 * scale)
    if view.card is not None:  # the card on the left, the lines beside it
        card_w = min(_card_width(view, scale), round((rect.bottom - 6 - y) / 1.4))
        surface.blit(view.card.face(card_w), (x, y))
        x += card_w + 8
        rect = pygame.Rect(x - 10, rect.y, rect.right - x + 10, rect.h)
    for owner, text in view.sides:
        pygame.draw.circle(surface, owner_colour(game, owner), (x + 5, y + size // 2 + 2), 5)
        theme.blit_text(surface, theme.fit_text(text, size, rect.w - 30), (x + 16, y), size, bold=True)
        y += size + 6
    step = size + 4
    die_size = _die_size(scale)
    icons = {face.icon for face in game.rules.combat.die}
    names = {owner_name(game, owner): owner for owner in _owners(game)}
    lines = view.lines if shown is None else view.lines[:shown]
    rows: list[_Row] = []
    for index, line in enumerate(lines):
        newest = shown is not None and index == len(lines) - 1
        speaker = next((o for name, o in names.items() if line.startswith(name)), None)
        parts = theme.wrap_text(line, size, rect.w - 34)
        rows += [_Row(part, i == 0, newest, speaker, step) for i, part in enumerate(parts)]
        dice = dice_rolled(line, icons)
        if dice:
            rows.append(_Row("", False, newest, speaker, die_size + 4, tuple(dice)))
    room = rect.bottom - 6 - y
    if sum(row.height for row in rows) > room:  # the newest lines matter most
        kept: list[_Row] = []
        while rows and sum(row.height for row in kept) + rows[-1].height <= room - step:
            kept.insert(0, rows.pop())
        hidden = sum(1 for row in rows if row.first)
        rows = [_Row(f"… {counted(hidden, 'earlier line')} in the game log", True, False, None, step), *kept]
    for row in rows:
        colour = owner_colour(game, row.owner) if row.owner is not None else theme.TEXT_DIM
        if row.dice:
            die_colour = colour if row.owner is not None else None
            for i, (value, icon) in enumerate(row.dice):
                surface.blit(art.die_face(value, icon, die_size, die_colour), (x + 18 + i * (die_size + 4), y))
        else:
            if row.first:
                theme.blit_text(surface, DIE if ROLLS.search(row.text) else "•", (x, y), size, colour, bold=True)
            text_colour = theme.ACCENT if row.newest else theme.TEXT if ROLLS.search(row.text) else (206, 210, 218)
            theme.blit_text(surface, row.text, (x + 18, y), size, text_colour)
        y += row.height


@dataclass(frozen=True)
class _Row:
    """One row of the combat panel: a piece of a log line, or the dice of a roll line."""

    text: str
    first: bool  # the first row of its line
    newest: bool  # of the line appearing now
    owner: int | None  # the player the line is about
    height: int
    dice: tuple[tuple[int, str], ...] = ()


def _owners(game: Game) -> list[int]:
    return [p.index for p in game.players] + sorted({u.owner for u in game.units if u.owner < 0})


def attack_origins(game: Game) -> list[Hex]:
    """The spaces the attacking units came from (recruited units have none)."""
    c = game.combat
    if c is None:
        return []
    return sorted({pos for pos in c.origins.values() if pos != c.space})


def draw_arrows(surface: pygame.Surface, board: BoardView, game: Game) -> None:
    """An arrow from each space the attacker came from to the battle."""
    if game.combat is None:
        return
    previous = surface.get_clip()
    surface.set_clip(board.rect)
    width = max(3, int(board.radius / 8))
    tx, ty = board.centre(game.combat.space)
    for origin in attack_origins(game):
        ox, oy = board.centre(origin)
        angle = math.atan2(ty - oy, tx - ox)
        start = (ox + math.cos(angle) * board.radius * 0.3, oy + math.sin(angle) * board.radius * 0.3)
        tip = (tx - math.cos(angle) * board.radius * 0.55, ty - math.sin(angle) * board.radius * 0.55)
        head = board.radius * 0.32
        left = (tip[0] - head * math.cos(angle - 0.5), tip[1] - head * math.sin(angle - 0.5))
        right = (tip[0] - head * math.cos(angle + 0.5), tip[1] - head * math.sin(angle + 0.5))
        pygame.draw.line(surface, (20, 20, 24), start, tip, width + 4)
        pygame.draw.line(surface, ARROW_COLOUR, start, tip, width)
        pygame.draw.polygon(surface, ARROW_COLOUR, [tip, left, right])
        pygame.draw.polygon(surface, (20, 20, 24), [tip, left, right], 2)
    surface.set_clip(previous)
