"""Card decks: drawing with reshuffle. Card effects belong to later rule modules.

Effect applied here: `draw_from_discard` (the holder may take the discard pile's top card instead).
"""

from __future__ import annotations

from civgame.engine.content import effects
from civgame.engine.content.effects import Effect
from civgame.engine.content.effects.core import DrawFromDiscard
from civgame.engine.core.decisions import EffectChoiceDecision
from civgame.engine.core.model import Game, Player

HANDS = {"action": "action_cards", "objective": "objective_cards", "wonder": "wonder_cards"}
FROM_DISCARD, FROM_DECK = "take the top card of the discard pile", "draw from the deck"
PUBLIC_WONDER = "take the face-up wonder card"


def draw_card(game: Game, deck_name: str) -> int | str | None:
    """Draw the top card (an id, or a wonder's name); reshuffle the discard pile into a new deck when empty."""
    deck = game.decks[deck_name]
    if not deck.draw and deck.discard:
        deck.draw, deck.discard = deck.discard, []
        game.rng.shuffle(deck.draw)
        game.say(f"The {deck_name} deck is reshuffled")
    return deck.draw.pop() if deck.draw else None


def draw_into_hand(game: Game, player: Player, deck_name: str) -> None:
    """Draw a card into the player's hand; with another place to take it from, ask where from first."""
    if not asked_where_from(game, player, deck_name):
        take(game, player, deck_name, from_discard=False)


def asked_where_from(game: Game, player: Player, deck_name: str) -> bool:
    """Ask where the player's card comes from, if not only the deck: the discard pile's top card
    (`draw_from_discard`) or the face-up wonder card (`event_public_wonder`)."""
    if deck_name == "wonder" and game.public_wonder is not None:
        source = next(c.name for c in game.rules.events if "event_public_wonder" in _effect_names(game, c.id))
        options = [f"{PUBLIC_WONDER} ({deck_name})", f"{FROM_DECK} ({deck_name})"]
        game.pending.append(
            EffectChoiceDecision(player=player.index, source=source, effect="event_public_wonder", options=options)
        )
        return True
    effect = discard_drawer(game, player, deck_name)
    if effect is None or not game.decks[deck_name].discard:
        return False
    options = [f"{FROM_DISCARD} ({deck_name})", f"{FROM_DECK} ({deck_name})"]
    game.pending.append(
        EffectChoiceDecision(player=player.index, source=effect.source, effect=effect.name, options=options)
    )
    return True


def _effect_names(game: Game, card: int) -> set[str]:
    return {e.name for e in game.rules.event_effects(card)}


def discard_drawer(game: Game, player: Player, deck_name: str) -> Effect | None:
    """The player's `draw_from_discard` effect for this deck, if any."""
    for effect in effects.active(game, player, "draw_from_discard"):
        if deck_name in effects.params_as(effect, DrawFromDiscard).decks:
            return effect
    return None


def take(game: Game, player: Player, deck_name: str, *, from_discard: bool, public: bool = False) -> None:
    deck = game.decks[deck_name]
    if public and game.public_wonder is not None:
        card: int | str | None = game.public_wonder
        game.public_wonder = None
    elif from_discard and deck.discard:
        card = deck.discard.pop()
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
