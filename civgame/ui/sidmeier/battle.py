"""The battle screen: drawn over the map while a battle is fought, from what the watching seat may see.

The fronts show the units played, face up, with their wounds; each side's battle hand is shown face up
only to the seat the view shows it to (its own, or an enemy's a wonder reveals) and otherwise as the
backs of its cards. The units are played with the action bar's "Play a unit" buttons, or by clicking a
card of the hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from civgame.framework.wording import counted
from civgame.games.sidmeier.content.describe import unit_card_values
from civgame.games.sidmeier.core.model import Game
from civgame.ui import theme
from civgame.ui.sidmeier import art

CARD_W, CARD_H = 128, 76
BACK: theme.Colour = (88, 70, 120)
WOUNDED: theme.Colour = (170, 30, 30)
EVERY_RANK: theme.Colour = (96, 90, 80)  # the values of every rank: quieter than the values in use


def unit_text(game: Game, card: int, rank: int) -> list[str]:
    """A unit card's lines: its type, its values at `rank` (the side in use) — its strength, and its health
    with Wisdom and Warfare's cards — and last the values of every rank."""
    unit = game.rules.unit_cards[card]
    side = min(rank, len(unit.strength)) - 1
    values = [f"strength {unit.strength[side]}"] + ([f"health {unit.health[side]}"] if unit.health else [])
    return [game.rules.units[unit.unit].name, *values, f"rank {rank}; {unit_card_values(game.rules, card)}"]


def side_rank(game: Game, view: dict[str, Any], seat: int, barbarians: bool, horde: int = 0) -> Callable[[int], int]:
    """The rank each unit card of a side is played at: its owner's military rank of the type, or the barbarians'
    (a Roaming Horde's own)."""
    if barbarians:
        return lambda card: horde or game.rules.game.units.barbarian_rank
    ranks = view["players"][seat]["ranks"]
    return lambda card: int(ranks.get(game.rules.unit_cards[card].unit, 1))


def draw_card(
    surface: pygame.Surface, rect: pygame.Rect, scale: float, game: Game, card: int, rank: int, wounds: int = 0
) -> None:
    """A unit card face up (its type, its values at the rank in use, the values of every rank, its wounds
    beside the value they count against) or, for -1, an empty place."""
    if card < 0:
        pygame.draw.rect(surface, theme.PANEL_LINE, rect, 1, border_radius=6)
        return
    pygame.draw.rect(surface, (238, 230, 210), rect, border_radius=6)
    pygame.draw.rect(surface, theme.TEXT_DARK, rect, 1, border_radius=6)
    lines = unit_text(game, card, rank)
    size = round(12 * scale)
    for i, line in enumerate(lines):
        colour = EVERY_RANK if i == len(lines) - 1 else theme.TEXT_DARK
        y = rect.y + 4 + i * (size + 2)
        theme.blit_text(surface, theme.fit_text(line, size, rect.w - 8), (rect.x + 5, y), size, colour, bold=i == 0)
    if wounds:  # on the line of the value that kills (health, or strength with the base game's cards)
        y = rect.y + 4 + (len(lines) - 2) * (size + 2)
        theme.blit_text(surface, counted(wounds, "wound"), (rect.right - 5, y), size, WOUNDED, anchor="topright")


def draw_back(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, BACK, rect, border_radius=6)
    pygame.draw.rect(surface, theme.TEXT_DARK, rect, 1, border_radius=6)
    pygame.draw.line(surface, theme.TEXT_DIM, rect.topleft, rect.bottomright)


def hand_rects(area: pygame.Rect, scale: float, count: int, bottom: bool) -> list[pygame.Rect]:
    w, h, gap = round(CARD_W * scale), round(CARD_H * scale), round(8 * scale)
    y = area.bottom - h - round(12 * scale) if bottom else area.y + round(64 * scale)
    return [pygame.Rect(area.x + 20 + i * (w + gap), y, w, h) for i in range(count)]


def draw_battle(
    surface: pygame.Surface, area: pygame.Rect, scale: float, game: Game, view: dict[str, Any], viewer: int
) -> list[tuple[pygame.Rect, int]]:
    """Draw the battle of `view` over `area`; returns the viewer's own hand cards and their rectangles."""
    battle = view["battle"]
    shade = pygame.Surface(area.size, pygame.SRCALPHA)
    shade.fill((16, 18, 24, 230))
    surface.blit(shade, area)
    sides = [battle["attacker"], battle["defender"]]
    barbarians = battle["barbarian_side"]
    names = [game.players[seat].name if side != barbarians else "the barbarians" for side, seat in enumerate(sides)]
    size = round(15 * scale)
    title = f"Battle at {game.label(battle['pos'])}: {names[0]} attacks {names[1]}"
    theme.blit_text(surface, title, (area.x + 20, area.y + 10), size, theme.ACCENT, bold=True)
    killed = f"killed: {names[0]} {len(battle['killed'][0])}, {names[1]} {len(battle['killed'][1])}"
    state = f"{names[battle['side']]} plays next" if battle["stage"] == "play" else ""
    theme.blit_text(
        surface,
        f"{state}{' · ' if state else ''}{killed}",
        (area.right - 20, area.y + 12),
        round(13 * scale),
        anchor="topright",
    )
    own: list[tuple[pygame.Rect, int]] = []
    ranks = [side_rank(game, view, sides[side], side == barbarians, battle["horde"]) for side in (0, 1)]
    # the defender's hand at the top, the attacker's at the bottom
    for side, bottom in ((1, False), (0, True)):
        hand = battle["hands"][side]
        count = hand if isinstance(hand, int) else len(hand)
        label = f"{names[side]}: battle hand of {count}, combat bonus {battle['bonus'][side]}"
        rects = hand_rects(area, scale, count, bottom)
        top = hand_rects(area, scale, 1, bottom)[0].y
        label_y = top - size - 6
        colour = art.BARBARIAN if side == barbarians else art.seat_colour(sides[side])
        theme.blit_text(surface, label, (area.x + 20, label_y), round(13 * scale), colour)
        for i, rect in enumerate(rects):
            if isinstance(hand, int):
                draw_back(surface, rect)
            else:
                draw_card(surface, rect, scale, game, hand[i], ranks[side](hand[i]))
                if sides[side] == viewer:
                    own.append((rect, hand[i]))
    wounds = {int(k): v for k, v in battle["wounds"].items()}
    w, h = round(CARD_W * scale), round(CARD_H * scale)
    middle = area.centery - h // 2
    for i, front in enumerate(battle["fronts"]):
        x = area.x + 20 + i * (w + round(16 * scale))
        theme.blit_text(surface, f"Front {i + 1}", (x, middle - h // 2 - size), round(12 * scale), theme.TEXT_DIM)
        for row, (side, key) in enumerate(((1, "defender"), (0, "attacker"))):
            card = front[key]
            place = pygame.Rect(x, middle - h // 2 + row * (h + 6), w, h)
            draw_card(surface, place, scale, game, card, ranks[side](card) if card >= 0 else 1, wounds.get(card, 0))
    return own
