"""Card decks: drawing with reshuffle. Card effects belong to later rule modules.

Effect applied here: `draw_from_discard` (the holder may take the discard pile's top card instead).
"""

from __future__ import annotations

from civgame.engine.content import effects
from civgame.engine.content.effects.core import DrawFromDiscard
from civgame.engine.core.decisions import EffectChoiceDecision
from civgame.engine.core.model import Game, Player

HANDS = {"action": "action_cards", "objective": "objective_cards", "wonder": "wonder_cards"}
FROM_DISCARD, FROM_DECK = "take the top card of the discard pile", "draw from the deck"


def draw_card(game: Game, deck_name: str) -> int | str | None:
    """Draw the top card (an id, or a wonder's name); reshuffle the discard pile into a new deck when empty."""
    deck = game.decks[deck_name]
    if not deck.draw and deck.discard:
        deck.draw, deck.discard = deck.discard, []
        game.rng.shuffle(deck.draw)
        game.say(f"The {deck_name} deck is reshuffled")
    return deck.draw.pop() if deck.draw else None


def draw_into_hand(game: Game, player: Player, deck_name: str) -> None:
    """Draw a card into the player's hand; with `draw_from_discard` and a discard pile, ask where from first."""
    if game.decks[deck_name].discard:
        for effect in effects.active(game, player, "draw_from_discard"):
            if deck_name in effects.params_as(effect, DrawFromDiscard).decks:
                game.pending.append(
                    EffectChoiceDecision(
                        player=player.index,
                        source=effect.source,
                        effect=effect.name,
                        options=[f"{FROM_DISCARD} ({deck_name})", f"{FROM_DECK} ({deck_name})"],
                    )
                )
                return
    take(game, player, deck_name, from_discard=False)


def take(game: Game, player: Player, deck_name: str, *, from_discard: bool) -> None:
    deck = game.decks[deck_name]
    if from_discard and deck.discard:
        card: int | str | None = deck.discard.pop()
    elif deck_name == "objective" and player.foreseen_objectives:
        card = player.foreseen_objectives.pop(0)  # set aside for this player by the Great Seer
    else:
        card = draw_card(game, deck_name)
    if card is not None:
        getattr(player, HANDS[deck_name]).append(card)


def deal(game: Game, player: Player, action_cards: int, objective_cards: int) -> None:
    for _ in range(action_cards):
        draw_into_hand(game, player, "action")
    for _ in range(objective_cards):
        draw_into_hand(game, player, "objective")
