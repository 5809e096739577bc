"""Where every card, wonder, great person and leader of a game is: one model of what may be true.

A card of a deck is in exactly one place: a pile, a hand, kept face up, built (a wonder), completed
or set aside (an objective), face down in a battle (a tactics card). A built wonder stands in at
most one city, or is gone (an event destroyed it), and is in no hand. An event under way is on the
discard pile or held as the great person it is. A leader belongs to one player (their civilization's
three, or those the What if? deal gave them), has been on the board at most once, and is captured
at most once, by an enemy, once off the board. A save is refused on the first place it names
(`storage.save`); tests/engine/test_invariants.py checks the whole model after every action of random
games. The invariants check the action cards only: tests arrange hands of the other decks by hand.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeAlias

from civgame.games.clash.core.model import Game
from civgame.games.clash.rules.base import civilizations

Cards: TypeAlias = Sequence[int | str]
DECKS = ("action", "objective", "event", "wonder")


def card_places(game: Game) -> dict[str, list[tuple[str, Cards]]]:
    """Every place a card of each deck may be, named as in a save, with the cards there."""
    players = list(enumerate(game.players))
    events = [game.event] if game.event is not None else []
    events += game.events_waiting
    tactics = [s.tactics for s in (game.combat.attacker, game.combat.defender)] if game.combat else []
    piles = {
        deck: [
            (f"game.decks.{deck}.draw", game.decks[deck].draw),
            (f"game.decks.{deck}.discard", game.decks[deck].discard),
        ]
        for deck in DECKS
    }
    return {
        "action": [
            *piles["action"],
            *((f"game.players[{i}].action_cards", p.action_cards) for i, p in players),
            ("game.combat (a face-down tactics card)", [card for card in tactics if card is not None]),
        ],
        "objective": [
            *piles["objective"],
            *(
                (f"game.players[{i}].{name}", getattr(p, name))
                for i, p in players
                for name in ("objective_cards", "completed_objectives", "foreseen_objectives")
            ),
            *(("game.event.cards (set aside)", event.cards) for event in events),
        ],
        "event": [*piles["event"], *((f"game.players[{i}].great_persons", p.great_persons) for i, p in players)],
        "wonder": [
            *piles["wonder"],
            *((f"game.players[{i}].wonder_cards", p.wonder_cards) for i, p in players),
            ("game.public_wonder", [game.public_wonder] if game.public_wonder is not None else []),
            ("game.revealed_wonders", game.revealed_wonders),
            *((f"game.players[{i}].wonders_built", p.wonders_built) for i, p in players),
        ],
    }


def deck_cards(game: Game) -> dict[str, set[int | str]]:
    """The cards of each deck the rules deal: those that must be somewhere."""
    rules = game.rules
    return {
        "action": {c.id for c in rules.action_cards},
        "objective": {c.id for c in rules.objective_cards},
        "event": {c.id for c in rules.events},
        "wonder": {name for name, wonder in rules.wonders.items() if wonder.in_deck},
    }


def misplaced(game: Game) -> Iterator[str]:
    """Each way the game breaks the model, as "place: problem"."""
    yield from _each_card_once(game)
    yield from _wonders_standing(game)
    yield from _events_under_way(game)
    yield from _great_persons(game)
    yield from _objective_completions(game)
    yield from _leaders(game)


def _each_card_once(game: Game) -> Iterator[str]:
    for deck in DECKS:
        yield from misplaced_cards(game, deck)


def misplaced_cards(game: Game, deck: str) -> Iterator[str]:
    """Each card of `deck` in no place, in two, or unknown to the rules."""
    known = set(game.rules.wonders) if deck == "wonder" else deck_cards(game)[deck]
    where: dict[int | str, str] = {}
    for at, cards in card_places(game)[deck]:
        for card in cards:
            if card not in known:
                yield f"{at}: unknown {deck} card {card!r}"
            elif card in where:
                yield f"{at}: {deck} card {card!r} is also in {where[card]}"
            else:
                where[card] = at
    for card in sorted(deck_cards(game)[deck] - set(where), key=str):
        yield f"game.decks.{deck}: {deck} card {card!r} is in no place (not in a pile, a hand or in play)"


def _wonders_standing(game: Game) -> Iterator[str]:
    built = {wonder for p in game.players for wonder in p.wonders_built}
    standing: dict[str, int] = {}
    for city in game.cities:
        for wonder in city.wonders:
            if wonder not in built:
                yield f"game.cities[id {city.id}].wonders: {wonder!r} stands there but no player built it"
            elif wonder in standing:
                yield f"game.cities[id {city.id}].wonders: {wonder!r} also stands in city {standing[wonder]}"
            standing[wonder] = city.id
    for i, p in enumerate(game.players):
        at = f"game.players[{i}]"
        if len(p.wonders_built_when) != len(p.wonders_built):
            yield f"{at}.wonders_built_when: {len(p.wonders_built_when)} times for {len(p.wonders_built)} wonders built"
        for when in p.wonders_built_when:
            if (
                len(when) != 2
                or not 1 <= when[0] <= game.rules.game.ages
                or not 1 <= when[1] <= game.rules.game.rounds_per_age + 1
            ):
                yield f"{at}.wonders_built_when: {when} is not an [age, round] of this game"
        for wonder in p.destroyed_wonders_kept:
            if wonder not in p.wonders_built or wonder in standing:
                yield f"{at}.destroyed_wonders_kept: {wonder!r} is not a wonder of theirs an event destroyed"


def _events_under_way(game: Game) -> Iterator[str]:
    events = [("game.event", game.event)] if game.event is not None else []
    events += [(f"game.events_waiting[{i}]", event) for i, event in enumerate(game.events_waiting)]
    held = {card for p in game.players for card in p.great_persons}
    for at, event in events:
        if event.card not in game.decks["event"].discard and event.card not in held:
            yield f"{at}.card: event {event.card!r} under way is neither on the discard pile nor held"


def _great_persons(game: Game) -> Iterator[str]:
    persons = {card.id for card in game.rules.events if card.great_person is not None}
    for i, p in enumerate(game.players):
        for card in p.great_persons:
            if card not in persons:
                yield f"game.players[{i}].great_persons: event card {card!r} is not a great person"


def _objective_completions(game: Game) -> Iterator[str]:
    for i, p in enumerate(game.players):
        for completion in p.objective_completions:
            at = f"game.players[{i}].objective_completions"
            if completion.card not in p.completed_objectives:
                yield f"{at}: card {completion.card!r} is not among their completed objectives"
            if completion.objective not in game.rules.objectives:
                yield f"{at}: {completion.objective!r} is not an objective of the rules"


def _leaders(game: Game) -> Iterator[str]:
    rules = game.rules
    all_leaders = {leader.name for civ in rules.civilizations.values() for leader in civ.leaders}
    owner: dict[str, int] = {}
    for i, p in enumerate(game.players):
        at = f"game.players[{i}]"
        for name in p.leaders_dealt:
            if name not in all_leaders:
                yield f"{at}.leaders_dealt: {name!r} is not a leader of the rules"
        for name in civilizations.own_leaders(game, p):
            if name in owner:
                yield f"{at}: the leader {name!r} belongs to player {owner[name]} too"
            owner[name] = i
        for name in sorted({n for n in p.leaders_used if p.leaders_used.count(n) > 1}):
            yield f"{at}.leaders_used: {name!r} came to the board twice"
        for name in p.leaders_used:
            if owner.get(name) != i:
                yield f"{at}.leaders_used: {name!r} is not one of their leaders"
    captor: dict[str, int] = {}
    for i, p in enumerate(game.players):
        for name in p.captured_leaders:
            by = next((j for j, other in enumerate(game.players) if name in other.leaders_used), None)
            if name in captor:
                yield f"game.players[{i}].captured_leaders: {name!r} is captured by player {captor[name]} too"
            elif by is None or by == i or game.players[by].leader == name:
                yield f"game.players[{i}].captured_leaders: {name!r} is not an enemy leader off the board"
            captor[name] = i
