"""Diplomatic relations (`event_diplomacy`, the Great Diplomat): the holder of such a great person
and the partner they picked when taking it pay extra to move units into a space holding units of
the other. Movement asks `partners`; an attack of one on the other ends the relations (`attack_between`).
"""

from __future__ import annotations

from civgame.games.clash.content import effects
from civgame.games.clash.content.effects.events import EventDiplomacy
from civgame.games.clash.core.model import Game, Player
from civgame.games.clash.core.vocabulary import amounts
from civgame.games.clash.rules.base import log


def diplomacy_card(game: Game, holder: Player) -> tuple[int, EventDiplomacy] | None:
    """The holder's great person with `event_diplomacy`, with its parameters."""
    for card in holder.great_persons:
        for effect in game.rules.event_effects(card):
            if effect.name == "event_diplomacy":
                return card, effects.params_as(effect, EventDiplomacy)
    return None


def _relations(game: Game) -> list[tuple[Player, int, int, EventDiplomacy]]:
    """(holder, partner, card, its parameters) of each relation whose card is still held."""
    found = []
    for p in game.players:
        card = diplomacy_card(game, p) if p.diplomatic_partner is not None else None
        if card is not None and p.diplomatic_partner is not None:
            found.append((p, p.diplomatic_partner, *card))
    return found


def partners(game: Game, mover: int) -> list[tuple[int, dict[str, int]]]:
    """Each player `mover` has relations with, and what `mover` pays on top of a move to enter a space
    holding that player's units (the first partner found there sets the price)."""
    found = []
    for holder, partner, _card, params in _relations(game):
        other = partner if mover == holder.index else holder.index if mover == partner else None
        if other is not None:
            found.append((other, amounts(params.move_cost)))
    return found


def attack_between(game: Game, attacker: int, defender: int) -> None:
    """An attack of one partner on the other ends their relations: the card goes to the event discard pile."""
    for holder, partner, card, _params in _relations(game):
        if {holder.index, partner} == {attacker, defender}:
            end(game, holder)
            holder.great_persons.remove(card)
            game.decks["event"].discard.append(card)
            log.say(game, "diplomacy.ended_by_attack", holder.index, partner=log.party(game, partner))


def end(game: Game, holder: Player) -> None:
    holder.diplomatic_partner = None
