"""Fame and Fortune's optional great person deck [004 F&F OPTIONAL ADDITIONS: 1. Great person deck]: gaining a
great person draws a card, and the marker taken is one of the type it pictures.

The markers lie face up, sorted by type (`Game.great_people`, any order). A card whose type has no marker
left is discarded face up under the deck and the next is drawn; with no marker left at all nobody draws.
Cards are held face down (`Player.person_cards`) until used; a card kept face up (`Player.person_shown`)
acts while its holder has a marker of its type on the map (`rules.base.effects`). Using, limits and
discarding are `rules.expansions.great_person_deck`.
"""

from __future__ import annotations

from civgame.framework.effects import Params
from civgame.games.sidmeier.content.ruleset import GreatPersonCard
from civgame.games.sidmeier.core.model import Game


def card(game: Game, number: int) -> GreatPersonCard:
    return game.rules.person_cards[game.rules.person_card_ids[number]]


def marker_of(game: Game, kind: str, taken: tuple[int, ...] = ()) -> int | None:
    """A great person marker of `kind` still in the supply (not among `taken`)."""
    ids = game.rules.great_person_ids
    return next((m for m in game.great_people if ids[m] == kind and m not in taken), None)


def draw(game: Game, taken: tuple[int, ...] = ()) -> tuple[int, int] | None:
    """Draw cards until one pictures a type with a marker left: (card, marker); None when no marker is left
    (or the deck runs out of cards of the types left). The cards passed over go face up under the deck; on
    reaching them the deck is shuffled anew."""
    deck = game.person_deck
    if all(m in taken for m in game.great_people):
        return None
    for _ in range(len(deck.draw) + len(deck.returned)):
        if not deck.draw:
            deck.draw, deck.returned = deck.returned, []
            game.rng.shuffle(deck.draw)
        number = deck.draw.pop()
        marker = marker_of(game, card(game, number).type, taken)
        if marker is not None:
            return number, marker
        deck.returned.append(number)
    return None


def on_map(game: Game, seat: int) -> set[str]:
    """The great person types the player has on the map (kept until the land changes)."""
    key = game.cache.get("land_version", 0)
    cached = game.cache.get(("people_on_map", seat))
    if cached is None or cached[0] != key:
        kinds = {
            square.improvement.name
            for square in game.squares
            if square.improvement is not None
            and square.improvement.kind == "great_person"
            and square.improvement.owner == seat
        }
        cached = game.cache[("people_on_map", seat)] = (key, kinds)
    found: set[str] = cached[1]
    return found


def holds_ready(game: Game, seat: int, primitive: str) -> bool:
    """The player holds a card to discard with this one-time ability, a great person of its type on the map (a
    battle asks its sides whether they use one at its start or its end)."""
    if not game.players[seat].person_cards:
        return False
    kinds = on_map(game, seat)
    return any(
        person.use == "discard" and person.type in kinds and any(e.name == primitive for e in person.effects)
        for person in (card(game, number) for number in game.players[seat].person_cards)
    )


def cancellers(game: Game, seat: int) -> list[int]:
    """The player's cards that may cancel an act now (a city action, a resource ability, a culture event): to
    discard, a great person of its type on the map."""
    return [number for number, _ in ready(game, seat, "person_cancel")]


def ready(game: Game, seat: int, primitive: str) -> list[tuple[int, Params]]:
    """The player's face-down cards with this one-time ability, each with its parameters, that may be used
    now: a great person of its type on the map."""
    if not game.players[seat].person_cards:  # (asked of every other player at every city action)
        return []
    kinds = on_map(game, seat)
    found = []
    for number in game.players[seat].person_cards:
        person = card(game, number)
        if person.type in kinds:
            found += [(number, e.params) for e in person.effects if e.name == primitive]
    return found
