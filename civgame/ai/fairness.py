"""What a seat may know: a copy of the game in which everything hidden from it is drawn anew.

A computer seat sees its own hand, the board, the discard piles and everything played. It does not
see other players' hands, a tactics card the opponent played face down, the order of the draw piles,
face-down regions or future dice. An agent looks ahead only on a *determinised* copy: the hidden cards
of each deck (other hands, the opponent's face-down tactics card and the draw pile together) are dealt
again at random (the face-down card again one whose tactics half the opponent could have played),
face-down tiles are swapped among the face-down regions, the great persons other players hold hidden are
dealt anew among them, and the copy's dice are seeded from the agent's own generator. Another player's
pending choice among objective cards just drawn names the cards dealt anew into the same places of their
hand.

The hidden items are put into a canonical order before they are shuffled, so the copy depends only
on what the seat may know (and on the agent's seed), never on where the hidden cards really are.
"""

from __future__ import annotations

import random
from typing import Any

from civgame.framework.rng import Rng
from civgame.games.clash.core.copying import copy_game
from civgame.games.clash.core.decisions import CardExchangeDecision
from civgame.games.clash.core.model import CombatSide, Game, Player
from civgame.games.clash.rules.base.cards import HANDS, great_persons_in_hand
from civgame.games.clash.rules.combat import tactics_playable


def determinise(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of `game` consistent with what `seat` knows, with all hidden information resampled."""
    view = copy_game(game, with_record=False)
    exchanges = [d for d in view.pending if isinstance(d, CardExchangeDecision)]
    seen = {d.other for d in exchanges if d.player == seat}
    others = [p for p in view.players if p.index != seat and p.index not in seen]  # a hand the seat looks at stays
    redraws = [d for d in exchanges if d.player != seat and d.other < 0]
    before = {d.player: list(view.player(d.player).objective_cards) for d in redraws}
    face_down = _face_down_tactics(view, seat)
    played = [[side.tactics] for side in face_down]
    for deck_name, deck in view.decks.items():
        hand = HANDS.get(deck_name)
        hands = [getattr(p, hand) for p in others] if hand else []
        if deck_name == "objective":
            hands += [p.foreseen_objectives for p in others]  # set aside for them in secret (Great Seer)
        _redeal(deck.draw, hands + played if deck_name == "action" else hands, rng)
    for side, (card,) in zip(face_down, played, strict=True):
        side.tactics = card
    _deal_face_down_tactics(view, face_down, rng)
    _redeal_great_persons(view, others, rng)
    for decision in redraws:
        _rename_redrawn(decision, before[decision.player], view.player(decision.player).objective_cards)
    _swap_face_down_tiles(view, rng)
    view.rng = Rng.from_seed(rng.getrandbits(64))
    return view


def _redeal(draw: list[int | str], hands: list[list[Any]], rng: random.Random) -> None:
    """Shuffle the draw pile and the given hands together and deal each hand its count again."""
    pool = sorted([*draw, *(card for hand in hands for card in hand)], key=repr)
    rng.shuffle(pool)
    for hand in hands:
        count = len(hand)
        hand[:] = pool[:count]
        del pool[:count]
    draw[:] = pool


def _redeal_great_persons(game: Game, others: list[Player], rng: random.Random) -> None:
    """Deal the great persons the other players hold hidden in hand anew among them, each keeping its count.
    Taking one is public, but one may change hands in secret since (a trade given face down, Spy), so the
    seat knows only which ones they hold together; those kept face up stay where they lie."""
    hidden = {p.index: set(great_persons_in_hand(game.rules, p)) for p in others}
    hands = [[card for card in p.great_persons if card in hidden[p.index]] for p in others]
    _redeal([], hands, rng)
    for player, hand in zip(others, hands, strict=True):
        dealt = iter(hand)
        player.great_persons = [next(dealt) if card in hidden[player.index] else card for card in player.great_persons]


def _rename_redrawn(decision: CardExchangeDecision, was: list[int], now: list[int]) -> None:
    """Another player's pending choice among objective cards just drawn (New Plans) names cards of a
    hand dealt anew: name instead the cards now at the same places of the hand (the drawn ones last)."""
    renamed = {str(old): str(new) for old, new in zip(was, now, strict=True)}
    decision.exchanges = [[deck, renamed[given], renamed[taken]] for deck, given, taken in decision.exchanges]


def _face_down_tactics(game: Game, seat: int) -> list[CombatSide]:
    """The battle sides of other players with a tactics card lying face down."""
    c = game.combat
    if c is None:
        return []
    return [side for side in (c.attacker, c.defender) if side.owner != seat and side.tactics is not None]


def _deal_face_down_tactics(game: Game, sides: list[CombatSide], rng: random.Random) -> None:
    """Make each face-down card one that side could have played: chosen at random among the card it
    was dealt and the draw pile, from those whose tactics half this battle allows."""
    c = game.combat
    draw = game.decks["action"].draw
    for side in sides:
        assert c is not None and side.tactics is not None
        role = "attacker" if side is c.attacker else "defender"
        cards = [side.tactics, *draw]
        fits = [card for card in cards if tactics_playable(game, c, game.rules.action_card(int(card)).tactics, role)]
        if fits:
            chosen = fits[rng.randrange(len(fits))]
            if chosen != side.tactics:
                draw[draw.index(chosen)] = side.tactics
                side.tactics = int(chosen)


def _swap_face_down_tiles(game: Game, rng: random.Random) -> None:
    hidden = [region for region in game.regions if not region.revealed]
    tiles = sorted(region.tile for region in hidden)
    rng.shuffle(tiles)
    for region, tile in zip(hidden, tiles, strict=True):
        region.tile = tile
