"""Card decks: drawing with reshuffle. Card effects belong to later rule modules."""

from __future__ import annotations

from civgame.engine.core.model import Game, Player


def draw_card(game: Game, deck_name: str) -> int | str | None:
    """Draw the top card (an id, or a wonder's name); reshuffle the discard pile into a new deck when empty."""
    deck = game.decks[deck_name]
    if not deck.draw and deck.discard:
        deck.draw, deck.discard = deck.discard, []
        game.rng.shuffle(deck.draw)
        game.say(f"The {deck_name} deck is reshuffled")
    return deck.draw.pop() if deck.draw else None


def draw_numbered_card(game: Game, deck_name: str) -> int | None:
    """Draw the top card of a deck of numbered cards (action, objective, event)."""
    card = draw_card(game, deck_name)
    assert card is None or isinstance(card, int), f"the {deck_name} deck holds named cards"
    return card


def deal(game: Game, player: Player, action_cards: int, objective_cards: int) -> None:
    for _ in range(action_cards):
        card = draw_numbered_card(game, "action")
        if card is not None:
            player.action_cards.append(card)
    for _ in range(objective_cards):
        card = draw_numbered_card(game, "objective")
        if card is not None:
            player.objective_cards.append(card)
