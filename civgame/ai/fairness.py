"""What a seat may know: a copy of the game in which everything hidden from it is drawn anew.

A computer seat sees its own hand, the board, the discard piles and everything played. It does not
see other players' hands, the order of the draw piles, face-down regions or future dice. An agent
looks ahead only on a *determinised* copy: the hidden cards of each deck (other hands and the draw
pile together) are dealt again at random, face-down tiles are swapped among the face-down regions,
and the copy's dice are seeded from the agent's own generator.

The hidden items are put into a canonical order before they are shuffled, so the copy depends only
on what the seat may know (and on the agent's seed), never on where the hidden cards really are.
"""

from __future__ import annotations

import random

from civgame.engine.core.copying import copy_game
from civgame.engine.core.model import Game
from civgame.engine.core.rng import Rng
from civgame.engine.rules.cards import HANDS


def determinise(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of `game` consistent with what `seat` knows, with all hidden information resampled."""
    view = copy_game(game, with_record=False)
    others = [p for p in view.players if p.index != seat]
    for deck_name, deck in view.decks.items():
        hand = HANDS.get(deck_name)
        hands = [getattr(p, hand) for p in others] if hand else []
        if deck_name == "objective":
            hands += [p.foreseen_objectives for p in others]  # set aside for them in secret (Great Seer)
        _redeal(deck.draw, hands, rng)
    _swap_face_down_tiles(view, rng)
    view.rng = Rng.from_seed(rng.getrandbits(64))
    return view


def _redeal(draw: list[int | str], hands: list[list[int | str]], rng: random.Random) -> None:
    """Shuffle the draw pile and the given hands together and deal each hand its count again."""
    pool = sorted([*draw, *(card for hand in hands for card in hand)], key=repr)
    rng.shuffle(pool)
    for hand in hands:
        count = len(hand)
        hand[:] = pool[:count]
        del pool[:count]
    draw[:] = pool


def _swap_face_down_tiles(game: Game, rng: random.Random) -> None:
    hidden = [region for region in game.regions if not region.revealed]
    tiles = sorted(region.tile for region in hidden)
    rng.shuffle(tiles)
    for region, tile in zip(hidden, tiles, strict=True):
        region.tile = tile
