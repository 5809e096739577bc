"""Sid Meier's Civilization's look-ahead copies: equal to the game, deep, and made without pickle."""

import dataclasses
import itertools
import random
import typing
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Literal

import pytest

from civgame.ai.sidmeier import STATE_FIELDS, determinise
from civgame.ai.sidmeier_copy import COPIERS, copy_game
from civgame.framework.codec import to_plain
from civgame.games import definition
from civgame.games.sidmeier.core import model
from civgame.games.sidmeier.core.decisions import Decision
from civgame.games.sidmeier.rules.base import board
from civgame.headless import KindRandomAgent

GAME = definition("sid-meier")
BOTH = ("fame-and-fortune", "wisdom-and-warfare")


def state(game):
    """What a look-ahead copy holds: the game's fields but its log and record."""
    return [getattr(game, name) for name in STATE_FIELDS]


def positions(expansions, seed, every, steps):
    """The game of a seeded 4-player random game after every `every`-th of its first `steps` actions."""
    game = GAME.new_game(4, seed, expansions=expansions)
    walkers = [KindRandomAgent(f"{seed}:{seat}") for seat in range(4)]
    for step in range(1, steps + 1):
        if game.phase == "over":
            return
        GAME.apply(game, walkers[game.actor()].choose(game, GAME.legal_actions(game)))
        if step % every == 0:
            yield game


def mutable_pieces(game):
    """Every mutable object the game's state holds (lists, dicts, dataclasses not frozen), by its path."""
    found = []
    for name in STATE_FIELDS:
        _walk(getattr(game, name), name, found)
    return found


def _walk(value, path, found):
    cls = type(value)
    if cls in (list, dict, set) or (dataclasses.is_dataclass(value) and not cls.__dataclass_params__.frozen):
        found.append((path, value))
    if cls in (list, tuple, set):
        for i, item in enumerate(value):
            _walk(item, f"{path}[{i}]", found)
    elif cls is dict:
        for key, item in value.items():
            _walk(key, f"{path} key {key!r}", found)
            _walk(item, f"{path}[{key!r}]", found)
    elif dataclasses.is_dataclass(value):  # frozen ones too: a list inside an action would be shared by a copy
        for f in dataclasses.fields(value):
            _walk(getattr(value, f.name), f"{path}.{f.name}", found)


def held_twice(game):
    counts = Counter(id(piece) for _, piece in mutable_pieces(game))
    return [path for path, piece in mutable_pieces(game) if counts[id(piece)] > 1]


# ------------------------------------------------------------------ every kind of field filled


def sample(hint, action):
    """A value of the declared type `hint` (a piece of the model made whole by `fill`; `action`: any action)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint in (int, str, bool):
        return {int: 7, str: "x", bool: True}[hint]
    if origin is Literal:
        return args[0]
    if origin is list:
        return [sample(args[0], action)]
    if origin is dict:
        return {sample(args[0], action): sample(args[1], action)}
    if origin is tuple:
        return (sample(args[0], action),)
    if type(None) in args:
        return sample(next(arg for arg in args if arg is not type(None)), action)
    if hint is Decision:
        return next(iter(Decision.REGISTRY.values()))(player=0)
    if hint is model.Action:
        return action
    made = hint(**{f.name: sample(typing.get_type_hints(hint)[f.name], action) for f in dataclasses.fields(hint)})
    return fill(made, action)


def fill(piece, action):
    """`piece` with each of its empty lists and dicts given an item of the declared type and each None filled,
    through all it holds."""
    hints = typing.get_type_hints(type(piece))
    for f in dataclasses.fields(piece):
        held = getattr(piece, f.name)
        if held is None or (type(held) in (list, dict) and not held):
            setattr(piece, f.name, sample(hints[f.name], action))
        for item in _items(getattr(piece, f.name)):
            if dataclasses.is_dataclass(item) and not type(item).__dataclass_params__.frozen:
                fill(item, action)
    return piece


def _items(held):
    if type(held) is list:
        return [x for item in held for x in ([item] if type(item) is not list else item)]
    return list(held.values()) if type(held) is dict else [held]


def every_field_filled():
    """A game of both expansions under way with every field of every piece holding something, a battle, an
    act held open and one pending decision of each kind (filled too)."""
    game = next(positions(BOTH, 41, 600, 600))
    action = GAME.legal_actions(game)[0]
    game.pending += [fill(kind(player=0), action) for kind in Decision.REGISTRY.values()]
    fill(game, action)
    game.history, game.log = [], []
    return game


# ------------------------------------------------------------------ the tests


def look_ahead_positions():
    yield every_field_filled()
    yield from itertools.chain(positions(BOTH, 42, 250, 2500), positions((), 43, 500, 2000))


def test_a_copy_is_equal_to_the_game_and_holds_none_of_its_mutable_pieces():
    for game in look_ahead_positions():
        world = copy_game(game)
        assert state(world) == state(game)
        assert to_plain(state(world)) == to_plain(state(game))
        assert world.rules is game.rules and world.log == [] and world.history == []
        originals = {id(piece) for _, piece in mutable_pieces(game)}
        assert [path for path, piece in mutable_pieces(world) if id(piece) in originals] == []


def test_every_kind_of_field_of_the_copy_changes_without_the_game():
    game = every_field_filled()
    assert {type(decision) for decision in game.pending} >= set(Decision.REGISTRY.values())
    before = repr(state(game))
    world = copy_game(game)
    changed = 0
    for _, piece in mutable_pieces(world):
        if type(piece) is list:
            piece.append(object())
        elif type(piece) is dict:
            piece[object()] = object()
        else:
            for f in dataclasses.fields(piece):
                setattr(piece, f.name, object())
        changed += 1
    assert changed > 500 and repr(state(game)) == before


def test_the_game_holds_each_mutable_piece_in_one_place_so_a_copy_need_keep_no_sharing():
    """The copier keeps no memo: two places holding one list would hold two lists in a copy. Seeded games
    of both expansions and of the base game, and worlds dealt anew from them, never hold one twice."""
    for game in itertools.chain(positions(BOTH, 44, 20, 3000), positions((), 45, 20, 1500)):
        assert held_twice(game) == []
        if game.turn % 5 == 0 and game.pending:
            assert held_twice(determinise(game, game.actor(), random.Random(game.turn))) == []


def test_the_check_for_pieces_held_twice_finds_one():
    game = next(positions(BOTH, 44, 100, 100))
    game.players[1].hand = game.players[0].hand
    assert held_twice(game) == ["players[0].hand", "players[1].hand"]


def test_a_copy_borrows_the_map_s_table_of_neighbours_which_never_changes():
    game = next(positions((), 47, 20, 20))
    table = board.neighbours(game)
    world = copy_game(game)
    assert board.neighbours(world) is table and world.cache is not game.cache


@dataclass
class Unknown:
    seen: set[int] = field(default_factory=set)
    anything: Any = None


def test_a_field_of_a_type_the_copier_does_not_know_is_refused_not_copied_by_guess():
    with pytest.raises(TypeError, match=r"Unknown\.seen, declared set\[int\]"):
        COPIERS[Unknown]
    assert Unknown not in COPIERS
