"""Card decks: drawing with reshuffle. Card effects belong to later rule modules."""

from __future__ import annotations

from civgame.engine.core.model import Game, Player


def draw_card(game: Game, deck_name: str) -> int | None:
    """Draw the top card of a numbered deck (action, objective, event); reshuffle the discard pile when empty."""
    deck = game.decks[deck_name]
    if not deck.draw and deck.discard:
        deck.draw, deck.discard = deck.discard, []
        game.rng.shuffle(deck.draw)
        game.say(f"The {deck_name} deck is reshuffled")
    if not deck.draw:
        return None
    card = deck.draw.pop()
    assert isinstance(card, int), f"the {deck_name} deck holds named cards"  # only the wonder deck does
    return card


def deal(game: Game, player: Player, action_cards: int, objective_cards: int) -> None:
    for _ in range(action_cards):
        card = draw_card(game, "action")
        if card is not None:
            player.action_cards.append(card)
    for _ in range(objective_cards):
        card = draw_card(game, "objective")
        if card is not None:
            player.objective_cards.append(card)
