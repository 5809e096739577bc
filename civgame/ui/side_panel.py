"""The side panel: the deciding player's resources, tokens, advances and hand, the other
players' public summaries, and the game log.

The hand is drawn only for `viewer`, the player who has taken the seat on the pass screen,
and only while that player is the one deciding.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from civgame.games.clash.core.model import Game, Player
from civgame.games.clash.core.vocabulary import RESOURCES
from civgame.games.clash.rules.actions.advances import why_not_gain
from civgame.games.clash.rules.base.payments import resource_cap
from civgame.games.clash.rules.base.scoring import score_sheet
from civgame.games.clash.rules.cards.action_cards import ACTION_CARDS, GREAT_PERSONS, Hand, why_not_play_card
from civgame.ui import art, theme
from civgame.ui.board_view import owner_colour
from civgame.ui.cards_view import (
    Card,
    action_card,
    event_card,
    objective_card,
    wonder_availability,
    wonder_card,
)
from civgame.ui.labels import action_card_lines, amount, objective_card_lines, objective_card_title, wonder_card_lines
from civgame.ui.tooltips import advance_tooltip, card_tooltip

PLAYABLE = (130, 220, 130)  # an action card that can be played now
RESOURCE_COLOURS = {
    "food": (214, 184, 74),
    "wood": (140, 96, 52),
    "ore": (120, 128, 140),
    "ideas": (96, 160, 220),
    "gold": (236, 196, 40),
}
OWNED, AVAILABLE, LOCKED = "owned", "available", "locked"
ADVANCE_COLUMNS = 3  # of categories on the advance board: wide enough for "Separation of Power" at 1280x720


class SidePanel:
    def __init__(self, rect: pygame.Rect, scale: float = 1.0):
        self.rect = pygame.Rect(rect)
        self.log_scroll = 0  # lines scrolled up from the newest
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self._tips: list[tuple[pygame.Rect, list[str]]] = []  # areas with their tooltip lines
        self._cards: list[tuple[pygame.Rect, Card]] = []  # the hand's entries with their cards
        self.more_rect: pygame.Rect | None = None  # "… and N more": opens the whole hand
        self.card_rects: list[tuple[pygame.Rect, HandCard]] = []  # cards of the hand played like action cards
        self._image: pygame.Surface | None = None  # the last drawing; the scene makes a new panel after each change
        self.size = round(13 * scale)

    @property
    def line(self) -> int:
        return self.size + 5

    # ------------------------------------------------------------------ input
    def scroll_log(self, lines: int) -> None:
        self.log_scroll = max(0, self.log_scroll + lines)
        self._image = None

    def hover_lines(self, pos: tuple[int, int]) -> list[str] | None:
        """The tooltip of the element under `pos` (title first), if any."""
        for rect, lines in self._tips:
            if rect.collidepoint(pos):
                return lines
        return None

    def hover_card(self, pos: tuple[int, int]) -> tuple[Card, pygame.Rect] | None:
        """The card of the hand's entry under `pos`, with the entry's rectangle, if any."""
        return next(((card, rect) for rect, card in self._cards if rect.collidepoint(pos)), None)

    def hover_text(self, pos: tuple[int, int]) -> str | None:
        """The same on one line, for the status bar."""
        lines = self.hover_lines(pos)
        return " — ".join(lines) if lines else None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, game: Game, shown: int, hand: bool, notes: Sequence[str] = ()) -> None:
        """The board of player `shown`, with their hand if `hand`; `notes`: lines shown after the game log that
        are not part of the game (what was undone)."""
        if self._image is not None:
            surface.blit(self._image, self.rect)
            return
        self._render(surface, game, game.player(shown), hand, notes)
        self._image = surface.subsurface(self.rect).copy()

    def _render(self, surface: pygame.Surface, game: Game, player: Player, hand: bool, notes: Sequence[str]) -> None:
        self._tips, self._cards, self.card_rects, self.more_rect = [], [], [], None
        surface.fill(theme.PANEL, self.rect)
        pygame.draw.line(surface, theme.PANEL_LINE, self.rect.topleft, self.rect.bottomleft, 2)
        x, y = self.rect.x + 10, self.rect.y + 8
        width = self.rect.w - 20
        y = self._header(surface, game, player, x, y, width)
        y = self._resources(surface, game, player, x, y, width)
        y = self._advances(surface, game, player, x, y, width)
        face_up = (game.public_wonder is not None) + len(game.revealed_wonders)
        others_h = self.line * (1 + face_up)
        others_h += (len(game.players) - 1) * (self.line + 2 * (self.size + 2) + 2)
        log_min_h = self.line + 5 * (self.size + 2)
        hand_lines = max(2, (self.rect.bottom - y - self.line - others_h - log_min_h) // self.line)
        if hand:
            y = self._hand(surface, game, player, x, y, width, hand_lines)
        else:
            y = self._heading(surface, "Hand", x, y, width)
            theme.blit_text(surface, "hidden until its owner takes the seat", (x, y), self.size - 1, theme.TEXT_DIM)
            y += self.line + 4
        y = self._others(surface, game, player, x, y, width)
        self._log(surface, [*game.log, *notes], x, y, width)

    def _heading(self, surface: pygame.Surface, title: str, x: int, y: int, width: int) -> int:
        theme.blit_text(surface, title.upper(), (x, y), self.size - 2, theme.TEXT_DIM, bold=True)
        y += self.line - 2
        pygame.draw.line(surface, theme.PANEL_LINE, (x, y), (x + width, y))
        return y + 4

    def _header(self, surface: pygame.Surface, game: Game, player: Player, x: int, y: int, width: int) -> int:
        """The player's name and points, then their civilization and the leader on the board."""
        colour = owner_colour(game, player.index)
        pygame.draw.circle(surface, colour, (x + 8, y + 11), 8)
        name = theme.fit_text(player.name, self.size + 4, width - 120, bold=True)
        theme.blit_text(surface, name, (x + 22, y), self.size + 4, bold=True)
        vp = score_sheet(game, player.index)["total"]
        theme.blit_text(
            surface, f"{vp:g} VP", (x + width, y + 3), self.size, theme.ACCENT, bold=True, anchor="topright"
        )
        y += self.line + 6
        line = theme.fit_text(civilization_line(game, player), self.size - 1, width - 22)
        theme.blit_text(surface, line, (x + 22, y), self.size - 1, theme.TEXT_DIM)
        return y + self.line + 4

    def _resources(self, surface: pygame.Surface, game: Game, player: Player, x: int, y: int, width: int) -> int:
        box_w = (width - 4 * 4) // 5
        small = self.size - 3
        for i, resource in enumerate(RESOURCES):
            box = pygame.Rect(x + i * (box_w + 4), y, box_w, small + self.size + 10)
            colour = RESOURCE_COLOURS.get(resource, theme.TEXT_DIM)
            pygame.draw.rect(surface, (46, 51, 62), box, border_radius=4)
            pygame.draw.rect(surface, colour, box, 1, border_radius=4)
            amount, cap = player.resources.get(resource, 0), resource_cap(game, player, resource)
            theme.blit_text(surface, resource.capitalize(), (box.centerx, box.y + 3), small, colour, anchor="midtop")
            theme.blit_text(
                surface, f"{amount}/{cap}", (box.centerx, box.bottom - 3), self.size, bold=True, anchor="midbottom"
            )
            self._tips.append((box, [f"{resource.capitalize()}: {amount}", f"You can hold at most {cap}"]))
        y += small + self.size + 16
        tokens, counters = token_lines(game, player)
        theme.blit_text(surface, theme.fit_text(tokens, self.size - 1, width), (x, y), self.size - 1)
        y += self.line
        if game.phase == "play" and game.current == player.index:
            counters += f"    Actions left {game.actions_left}"
        theme.blit_text(surface, theme.fit_text(counters, self.size - 1, width), (x, y), self.size - 1)
        return y + self.line + 6

    def _advances(self, surface: pygame.Surface, game: Game, player: Player, x: int, y: int, width: int) -> int:
        """The advance board: the categories in ADVANCE_COLUMNS columns, each under its name with its
        advances one per line, so that every name fits in full (the tooltip has the rest)."""
        y = self._heading(surface, f"Advances ({len(player.advances)})", x, y, width)
        small = self.size - 3
        row_h = small + 2
        gap = 5
        column_w = (width - gap * (ADVANCE_COLUMNS - 1)) // ADVANCE_COLUMNS
        colour = owner_colour(game, player.index)
        bottom = y
        for index, category in enumerate(game.rules.categories):
            column, block = index % ADVANCE_COLUMNS, index // ADVANCE_COLUMNS
            left = x + column * (column_w + gap)
            top = y + block * (small + 1 + len(category.advances) * row_h + gap)
            name = theme.fit_text(category.name.upper(), small - 1, column_w, condensed=True)
            theme.blit_text(surface, name, (left, top), small - 1, theme.TEXT_DIM, condensed=True)
            top += small + 1
            for advance in category.advances:
                cell = pygame.Rect(left, top, column_w, row_h - 1)
                status, _ = advance_status(game, player, advance.name)
                text_colour = self._advance_cell(surface, cell, status, colour)
                label = theme.fit_text(advance.name, small, cell.w - 6, condensed=True)
                theme.blit_text(surface, label, (cell.x + 3, cell.y), small, text_colour, condensed=True)
                self._tips.append((cell, advance_tooltip(game, player, advance.name)))
                top += row_h
            bottom = max(bottom, top)
        return bottom + 6

    @staticmethod
    def _advance_cell(surface: pygame.Surface, cell: pygame.Rect, status: str, colour: theme.Colour) -> theme.Colour:
        """Fill an advance's cell for its status; returns the colour its name is written in."""
        if status == OWNED:
            pygame.draw.rect(surface, colour, cell, border_radius=3)
            return theme.text_colour_on(colour)
        if status == AVAILABLE:
            pygame.draw.rect(surface, (58, 64, 78), cell, border_radius=3)
            pygame.draw.rect(surface, (170, 178, 196), cell, 1, border_radius=3)
            return theme.TEXT
        pygame.draw.rect(surface, (40, 44, 52), cell, border_radius=3)
        return (112, 118, 130)

    def _hand(
        self, surface: pygame.Surface, game: Game, player: Player, x: int, y: int, width: int, max_lines: int
    ) -> int:
        y = self._heading(surface, "Your hand (private)", x, y, width)
        entries = hand_entries(game, player)
        if not entries:
            theme.blit_text(surface, "no cards", (x, y), self.size - 1, theme.TEXT_DIM)
            return y + self.line + 4
        hidden = entries[max_lines - 1 :] if len(entries) > max_lines else []
        for entry in entries[: len(entries) - len(hidden)]:
            icon = art.figure(f"card_{entry.card.kind}", self.line - 3)  # the card's frame in miniature
            surface.blit(icon, (x, y))
            line = theme.fit_text(f"{entry.kind}: {entry.name}", self.size - 1, width - 16)
            colour = theme.TEXT if entry.held is None else PLAYABLE if entry.playable else theme.TEXT_DIM
            rect = theme.blit_text(surface, line, (x + 16, y), self.size - 1, colour)
            rect = rect.union(icon.get_rect(topleft=(x, y)))
            self._tips.append((rect.inflate(4, 2), entry.tip))
            self._cards.append((rect.inflate(4, 2), entry.card))
            if entry.held is not None:
                self.card_rects.append((pygame.Rect(x, y, width, self.line), entry.held))
            y += self.line
        if hidden:
            text = theme.fit_text(f"… and {len(hidden)} more: click to see the whole hand", self.size - 1, width - 12)
            rect = theme.blit_text(surface, text, (x + 12, y), self.size - 1, theme.ACCENT)
            self.more_rect = rect.inflate(12, 2)
            listed = [f"{entry.kind}: {entry.name}" for entry in hidden]
            self._tips.append((self.more_rect, ["More cards (click to see them all)", *listed]))
            y += self.line
        return y + 4

    def _others(self, surface: pygame.Surface, game: Game, player: Player, x: int, y: int, width: int) -> int:
        y = self._heading(surface, "Other players", x, y, width)
        # on the table for all to see: taken instead of a wonder draw (Envoy), or built by anyone who may (2012)
        face_up = [game.public_wonder] if game.public_wonder is not None else []
        for wonder in [*face_up, *game.revealed_wonders]:
            card = wonder_card(game, wonder)
            text = theme.fit_text(f"Face-up wonder card: {card.title}", self.size - 1, width)
            rect = theme.blit_text(surface, text, (x, y), self.size - 1, theme.ACCENT)
            self._cards.append((rect.inflate(4, 2), card))
            y += self.line
        small = self.size - 2
        for other in game.players:
            if other.index == player.index:
                continue
            colour = owner_colour(game, other.index)
            pygame.draw.circle(surface, colour, (x + 6, y + self.size // 2 + 2), 6)
            first, *rest = other_player_lines(game, other)
            theme.blit_text(surface, theme.fit_text(first, self.size - 1, width - 16), (x + 16, y), self.size - 1)
            y += self.line - 1
            for line in rest:  # condensed: a player's whole stock on one line
                text = theme.fit_text(line, small, width - 16, condensed=True)
                theme.blit_text(surface, text, (x + 16, y), small, theme.TEXT_DIM, condensed=True)
                y += small + 4
            y += 3
        return y + 2

    def _log(self, surface: pygame.Surface, log: Sequence[str], x: int, y: int, width: int) -> None:
        top = y
        y = self._heading(surface, "Game log (click to enlarge: L)", x, y, width)
        self.log_rect = pygame.Rect(x, top, width, max(0, self.rect.bottom - 6 - top))
        size = self.size - 2
        step = size + 4
        lines = [part for entry in log for part in theme.wrap_text(entry, size, width)]
        visible = max(1, (self.rect.bottom - 6 - y) // step)  # the lines under the heading
        self.log_scroll = min(self.log_scroll, max(0, len(lines) - visible))
        end = len(lines) - self.log_scroll
        shown = lines[max(0, end - visible) : end]
        for i, line in enumerate(shown):
            newest = i == len(shown) - 1
            theme.blit_text(surface, line, (x, y + i * step), size, theme.TEXT if newest else theme.TEXT_DIM)


@dataclass(frozen=True)
class HandEntry:
    """A card of a player's hand as the side panel and the whole-hand list show it."""

    kind: str  # "Action", "Objective", "Great person", "Wonder"
    name: str
    tip: list[str]
    card: Card
    held: HandCard | None = None  # set for a card played like an action card
    playable: bool = False  # such a card can be played now


def hand_entries(game: Game, player: Player) -> list[HandEntry]:
    """Every card of the player's hand: action cards, objectives, great persons, wonders."""
    entries = []
    for c in player.action_cards:
        note, playable = _playable_note(game, player, (ACTION_CARDS, c))
        title, *halves = action_card_lines(game, c)
        name = f"{game.rules.action_card(c).action} / {game.rules.action_card(c).tactics}"
        tip = [f"Action card: {title}", *halves, note]
        entries.append(HandEntry("Action", name, tip, action_card(game, c), (ACTION_CARDS, c), playable))
    for c in player.objective_cards:
        title = objective_card_title(game, player.index, c)
        entries.append(
            HandEntry(
                "Objective", title, objective_card_lines(game, player.index, c), objective_card(game, player.index, c)
            )
        )
    for c in player.great_persons:
        person = game.rules.event(c)
        note, playable = _playable_note(game, player, (GREAT_PERSONS, c))
        tip = [*card_tooltip("Great person", person.name, person.text), note]
        entries.append(HandEntry("Great person", person.name, tip, event_card(person), (GREAT_PERSONS, c), playable))
    for w in player.wonder_cards:
        availability = wonder_availability(game, player, w)
        name = game.rules.wonders[w].name if w in game.rules.wonders else w
        tip = [*wonder_card_lines(game, w), *([availability] if availability else [])]
        entries.append(HandEntry("Wonder", name, tip, wonder_card(game, w, availability)))
    return entries


def civilization_line(game: Game, player: Player) -> str:
    """ "Rome, led by Julius Caesar" under a player's name."""
    civ = game.rules.civilizations.get(player.civilization) if player.civilization else None
    text = civ.name if civ is not None else "No civilization"
    return f"{text}, led by {player.leader}" if player.leader else text


def other_player_lines(game: Game, other: Player) -> list[str]:
    """Another player's public summary, in words: points, cities and advances; resources and tokens; cards."""
    vp = score_sheet(game, other.index)["total"]
    cities = len(game.cities_of(other.index))
    civ = game.rules.civilizations.get(other.civilization) if other.civilization else None
    name = f"{other.name} ({civ.name})" if civ is not None else other.name
    first = f"{name}: {vp:g} VP, {_count(cities, 'city', 'cities')}, {_count(len(other.advances), 'advance')}"
    stock = ", ".join(amount(other.resources.get(r, 0), r) for r in RESOURCES)
    tokens = f"{other.mood_tokens} mood, {other.culture_tokens} culture"
    cards = [
        _count(len(other.action_cards), "action card"),
        _count(len(other.objective_cards), "objective card"),
        _count(len(other.great_persons), "great person", "great persons"),
    ]
    up = "".join(f", {name} face up" for name in face_up_great_persons(game, other))
    up += "".join(f", claims the {game.rules.wonders[w].name}" for w in claimed_wonders(game, other))
    return [first, f"{stock}; {tokens}", f"Holds {', '.join(cards)}{up}"]  # drawn condensed


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def face_up_great_persons(game: Game, player: Player) -> list[str]:
    """The great persons a player keeps face up (public ones), which every player may see."""
    cards = map(game.rules.event, player.great_persons)
    return [card.name for card in cards if card.great_person is not None and card.great_person.public]


def token_lines(game: Game, player: Player) -> tuple[str, str]:
    """The player's tokens, and what brings their events: the event cubes, or the levels of the Scale, which
    also cap the tokens (2012 edition)."""
    if game.rules.game.scale is None:
        return f"Mood tokens {player.mood_tokens}    Culture tokens {player.culture_tokens}", (
            f"Event cubes {player.event_cubes}"
        )
    tokens = f"Mood tokens {player.mood_tokens}/{player.happiness_level}    "
    tokens += f"Culture tokens {player.culture_tokens}/{player.culture_level}"
    return tokens, f"Happiness Level {player.happiness_level}  Culture Level {player.culture_level}"


def claimed_wonders(game: Game, player: Player) -> list[str]:
    """The wonders a player claimed (2012 edition: with Monuments), which lie by their board for all to see."""
    return list(player.wonder_cards) if game.rules.game.wonders.deck == "revealed" else []


def advance_status(game: Game, player: Player, name: str) -> tuple[str, str | None]:
    if player.has(name):
        return OWNED, None
    reason = why_not_gain(game, player, name)
    return (AVAILABLE, None) if reason is None else (LOCKED, reason)


HandCard = tuple[Hand, int]  # a card of a hand played like an action card


def _playable_note(game: Game, player: Player, held: HandCard) -> tuple[str, bool]:
    """The hand's line saying whether the card can be played now (the engine's reason if not), and whether."""
    reason = why_not_play_card(game, player, held[1], held[0])
    if reason is None:
        return "Playable now: click to play it.", True
    return f"Not playable now: {reason}.", False
