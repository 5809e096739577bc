"""Card decks: drawing with reshuffle. Card effects belong to later rule modules.

Effects applied here: `draw_from_discard` (the holder may take the discard pile's top card instead) and
`wonder_draw_instead` (a wonder card taken instead of the one drawn, wherever it is).
"""

from __future__ import annotations

from civgame.framework.wording import counted
from civgame.games.clash.content import effects
from civgame.games.clash.content.effects import Effect
from civgame.games.clash.content.effects.core import DrawFromDiscard
from civgame.games.clash.content.effects.economy import WonderDrawInstead
from civgame.games.clash.content.ruleset import Ruleset
from civgame.games.clash.core.decisions import EffectChoiceDecision
from civgame.games.clash.core.model import Game, Player
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.base.triggers import observer

HANDS = {"action": "action_cards", "objective": "objective_cards", "wonder": "wonder_cards"}
FROM_DISCARD, FROM_DECK = "take the top card of the discard pile", "draw from the deck"
PUBLIC_WONDER = "take the face-up wonder card"


GREAT_PERSON = "great person"  # names a great person held hidden among the cards of a hand: "great person:21"


def great_person_name(card: int) -> str:
    """How a choice, an exchange or a trade names a great person held hidden ("great person:21")."""
    return f"{GREAT_PERSON}:{card}"


def great_person_named(name: str) -> int | None:
    """The great person a name of `great_person_name` stands for, or None for any other name."""
    prefix, _, card = name.partition(":")
    return int(card) if prefix == GREAT_PERSON and card.isdigit() else None


def great_persons_in_hand(rules: Ruleset, player: Player) -> list[int]:
    """The great persons the player holds hidden in hand, each of which "counts as an action card in hand
    for every other purpose" (catalogue); not the public ones kept face up in front of them."""
    return [card for card in player.great_persons if not _kept_face_up(rules, card)]


def _kept_face_up(rules: Ruleset, card: int) -> bool:
    person = rules.event(card).great_person
    return person is not None and person.public


def draw_card(game: Game, deck_name: str) -> int | str | None:
    """Draw the top card (an id, or a wonder's name); reshuffle the discard pile into a new deck when empty."""
    deck = game.decks[deck_name]
    if not deck.draw and deck.discard:
        deck.draw, deck.discard = deck.discard, []
        game.rng.shuffle(deck.draw)
        log.say(game, "cards.reshuffled", deck=deck_name)
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


def discard(game: Game, player: Player, deck_name: str, card: int) -> None:
    """Put the player's card on the deck's discard pile: under it for a `draw_from_discard` holder of
    that deck, so that they cannot take back the card they just let go."""
    pile = game.decks[deck_name].discard
    pile.insert(0 if discard_drawer(game, player, deck_name) else len(pile), card)


def take(game: Game, player: Player, deck_name: str, *, from_discard: bool, public: bool = False) -> None:
    if deck_name == "wonder" and _take_wonder_instead(game, player):
        return
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


def _take_wonder_instead(game: Game, player: Player) -> bool:
    """`wonder_draw_instead`: the named wonder card comes to the holder from the deck or another hand."""
    for effect in effects.active(game, player, "wonder_draw_instead"):
        wonder = effects.params_as(effect, WonderDrawInstead).wonder
        if wonder in player.wonder_cards or any(wonder in city.wonders for city in game.cities):
            continue
        name = game.rules.wonders[wonder].name
        holder = next((p for p in game.players if wonder in p.wonder_cards), None)
        if holder is not None:
            holder.wonder_cards.remove(wonder)
            holder.wonder_cards_owed += 1
            log.say(
                game,
                "cards.wonder_taken",
                player.index,
                wonder=name,
                holder=log.party(game, holder.index),
                source=effect.source,
            )
        elif wonder in game.decks["wonder"].draw:
            game.decks["wonder"].draw.remove(wonder)
            log.say(game, "cards.wonder_from_deck", player.index, wonder=name, source=effect.source)
        elif game.public_wonder == wonder:
            revealed = draw_card(game, "wonder")  # a new face-up wonder in its place
            game.public_wonder = None if revealed is None else str(revealed)
            log.say(game, "cards.wonder_face_up", player.index, wonder=name, source=effect.source)
        else:
            continue
        player.wonder_cards.append(wonder)
        return True
    return False


@observer("turn_start")
def _draw_owed_wonders(game: Game, player: Player, context: dict[str, object]) -> None:
    """Wonder cards another player's effect took from this hand are drawn back now."""
    owed, player.wonder_cards_owed = player.wonder_cards_owed, 0
    for _ in range(owed):
        draw_into_hand(game, player, "wonder")
    if owed:
        log.say(game, "cards.wonders_owed", player.index, cards=counted(owed, "wonder card"))
