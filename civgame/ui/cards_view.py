"""Cards as the players see them: the face of a wonder, objective, action or event card (its frame from
`assets/art/card_<kind>.svg`, a wonder's own picture, the title and the text), shown at full size
beside whatever points at it — an entry of the hand in the side panel, or a dialog's option.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from civgame.games.clash.content.ruleset import EventCard
from civgame.games.clash.core import actions as A
from civgame.games.clash.core.decisions import CardExchangeDecision
from civgame.games.clash.core.hexgrid import hex_to_label
from civgame.games.clash.core.model import Game, Player
from civgame.games.clash.rules.base.cards import great_person_named
from civgame.games.clash.rules.flow.controller import legal_actions, why_illegal
from civgame.ui import art
from civgame.ui.labels import action_card_lines, card_name, objective_card_lines, wonder_card_lines

WIDTH = 240  # of a card shown at full size, at 1280x720
GAP = 10  # between the card and what points at it


@dataclass(frozen=True)
class Card:
    kind: str  # one of art.CARD_KINDS
    title: str
    text: str  # one paragraph per line
    picture: str | None = None  # a picture of assets/art/ drawn above the title

    def face(self, width: int) -> pygame.Surface:
        return art.card_face(self.kind, self.title, self.text, width, self.picture)


def wonder_card(game: Game, key: str, note: str | None = None) -> Card:
    """A wonder card; `note` (whether it can be built now) ends its text."""
    spec = game.rules.wonders.get(key)
    lines = wonder_card_lines(game, key)[1:]  # the first line names the card: it is the title here
    return Card(
        "wonder", spec.name if spec else key, "\n".join([*lines, *([note] if note else [])]), art.wonder_art(key)
    )


def wonder_availability(game: Game, player: Player, key: str) -> str | None:
    """Where the player may build the wonder now, or the rules' reason it cannot be built (at the player's
    first city); None when it is not the player's turn to act."""
    if game.phase != "play" or game.actor() != player.index or game.current != player.index:
        return None
    cities = game.cities_of(player.index)
    legal = legal_actions(game)
    where = [hex_to_label(c.pos) for c in cities if any(a == A.BuildWonder(c.id, key) for a in legal)]
    if where:
        return f"Can be built now at {', '.join(where)}"
    if not cities:
        return f"Not now: {player.name} has no city"
    return f"Not now: {why_illegal(game, A.BuildWonder(cities[0].id, key)) or 'it cannot be built'}"


def objective_card(game: Game, player_index: int, card_id: int) -> Card:
    """An objective card in a player's hand, each of its objectives marked met or not."""
    lines = objective_card_lines(game, player_index, card_id)[1:]
    return Card("objective", card_name(game.rules.objective_cards, card_id), "\n".join(lines))


def action_card(game: Game, card_id: int) -> Card:
    """An action card: its action half, then its tactics half."""
    title, *halves = action_card_lines(game, card_id)
    return Card("action", title, "\n".join(halves))


def event_card(card: EventCard) -> Card:
    """An event card, or the great person it shows (kept in hand)."""
    return Card("event", card.name, card.text)


def trade_item_card(game: Game, player_index: int, item: str) -> Card | None:
    """The card a trade item of a player's hand names ("action:12", "objective:5", "wonder:pyramids",
    "great person:21")."""
    kind, _, card = item.partition(":")
    person = great_person_named(item)
    if person is not None:
        return event_card(game.rules.event(person))
    if kind == "wonder":
        return wonder_card(game, card)
    if kind in ("action", "objective") and card.isdigit():
        return action_card(game, int(card)) if kind == "action" else objective_card(game, player_index, int(card))
    return None


def card_of(game: Game, action: A.Action) -> Card | None:
    """The card an action plays or completes, if it is about one."""
    if isinstance(action, A.BuildWonder):
        return wonder_card(game, action.wonder)
    if isinstance(action, A.CompleteObjective):
        return objective_card(game, game.actor(), action.card)
    if isinstance(action, A.PlayActionCard | A.PlayTactics) and action.card is not None:
        return action_card(game, action.card)
    if isinstance(action, A.PlayGreatPerson):
        return event_card(game.rules.event(action.card))
    if isinstance(action, A.ChooseOption):
        return _card_taken(game, action.option)
    return None


def _card_taken(game: Game, option: str) -> Card | None:
    """The card an exchange (Spy, New Plans) takes with `option`, if the option is one that takes a card."""
    decision = game.pending[-1] if game.pending else None
    if not isinstance(decision, CardExchangeDecision) or option not in decision.options:
        return None
    index = decision.options.index(option)
    if index >= len(decision.exchanges):
        return None  # exchange nothing
    deck, _given, taken = decision.exchanges[index]
    item = taken if great_person_named(taken) is not None else f"{deck}:{taken}"
    return trade_item_card(game, decision.player, item)


def preview_rect(beside: pygame.Rect, bounds: pygame.Rect, scale: float) -> pygame.Rect:
    """Where a card shown for `beside` goes: to its left if there is room, else to its right, level with
    its top and kept inside `bounds`."""
    width = round(WIDTH * scale)
    rect = pygame.Rect(0, 0, width, round(width * 1.4))
    gap = round(GAP * scale)
    rect.top = beside.top
    if beside.left - gap - width >= bounds.left:
        rect.right = beside.left - gap
    else:
        rect.left = beside.right + gap
    return rect.clamp(bounds)


def draw_preview(surface: pygame.Surface, card: Card, beside: pygame.Rect, scale: float) -> pygame.Rect:
    rect = preview_rect(beside, surface.get_rect(), scale)
    surface.blit(card.face(rect.w), rect)
    return rect
