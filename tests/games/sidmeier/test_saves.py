"""Saves: versioned YAML in the framework's envelope, written atomically, round-tripped exactly, and a
corrupt save refused with one line naming the field (fuzzed with hypothesis), never a crash."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from civgame.framework.codec import to_plain
from civgame.framework.saves import SaveError, dump_document
from civgame.games.sidmeier.rules.flow.controller import apply, legal_actions, new_game
from civgame.games.sidmeier.rules.flow.invariants import check_invariants
from civgame.games.sidmeier.storage.save import GAME_ID, VERSION, document, dumps, load_game, loads, save_game
from tests.games.sidmeier.scenario import Scenario


def played(seed: int, steps: int, players: int = 3):
    game = new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.phase == "over":
            break
        apply(game, rng.choice(legal_actions(game)), listed=True)
    return game


@pytest.mark.parametrize("steps", [0, 40, 400, 1500])
def test_a_save_round_trips_exactly_and_plays_on_the_same(steps, tmp_path):
    game = played(3, steps)
    path = tmp_path / "game.yaml"
    save_game(game, path)
    loaded = load_game(path)
    assert to_plain(loaded) == to_plain(game)
    assert legal_actions(loaded) == legal_actions(game)
    rng_a, rng_b = random.Random(9), random.Random(9)
    for _ in range(200):
        if game.phase == "over":
            break
        apply(game, rng_a.choice(legal_actions(game)))
        apply(loaded, rng_b.choice(legal_actions(loaded)))
    assert to_plain(loaded) == to_plain(game)


def test_the_envelope_names_the_game_and_its_version():
    data = yaml.safe_load(dumps(new_game(2, 1)))
    assert data["format"] == "civgame-save" and data["game_id"] == GAME_ID and data["version"] == VERSION
    assert data["ruleset"] == "sid-meier" and data["mods"] == [] and len(data["rules_hash"]) == 16


def test_a_mid_battle_and_mid_hold_save_loads():
    s = Scenario(players=2, civs=["germany", "china"]).reveal_all("grassland", production=1)
    from civgame.games.sidmeier.core.actions import Devote
    from civgame.games.sidmeier.core.decisions import CityTurn

    city = s.city(0, 4, 4, capital=True)
    s.city(1, 10, 4, capital=True)
    s.techs(1, "writing")
    s.give(1, trade=0)
    spy = next(m for m in s.game.hut_pile if s.game.rules.hut_markers[m].result == "spy")
    s.game.hut_pile.remove(spy)
    s.game.players[1].markers.append(spy)
    s.decide(CityTurn(0), phase="city_management")
    s.apply(Devote(city.id))
    assert s.game.held
    loaded = loads(dumps(s.game))
    assert legal_actions(loaded) == legal_actions(s.game)


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda d: d.update(format="other"), "format"),
        (lambda d: d.update(game_id="clash"), "game_id"),
        (lambda d: d.update(version=99), "version"),
        (lambda d: d["game"]["players"][0].update(civ="atlantis"), "game.players[0].civ"),
        (lambda d: d["game"]["players"][1].update(trade="lots"), "game.players[1].trade"),
        (lambda d: d["game"]["players"][0]["hand"].append(9999), "game.players[0].hand"),
        (lambda d: d["game"]["squares"][3].update(terrain="lava"), "game.squares[3].terrain"),
        (lambda d: d["game"].pop("turn"), "game.turn"),
        (lambda d: d["game"].update(colour="red"), "colour"),
        (lambda d: d["game"]["unit_decks"]["infantry"]["draw"].append(0), "unit card 0"),
    ],
)
def test_a_corrupt_save_is_refused_with_one_line_naming_the_field(change, field):
    doc = document(played(5, 300))
    change(doc)
    with pytest.raises(SaveError) as caught:
        loads(dump_document(doc), "corrupt.yaml")
    message = str(caught.value)
    assert "\n" not in message and field in message and message.startswith("corrupt.yaml: ")


@cache
def _sample() -> dict[str, Any]:
    return document(played(7, 250, players=2))


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += _paths(item, (*path, i))
    return out


@cache
def _all_paths() -> list[tuple[Any, ...]]:
    return [p for p in _paths(_sample()) if p]


VALUES = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.integers(min_value=-3, max_value=300),
    st.text(max_size=12),
    st.sampled_from(["", "army", "grassland", "wonder", "masonry", "respond", "play_unit", "over", "anarchy"]),
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True),
    st.lists(st.integers(min_value=-2, max_value=60), max_size=4),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)


def _mutate(doc: Any, path: tuple[Any, ...], how: str, value: Any) -> None:
    *parent_path, last = path
    parent = doc
    for step in parent_path:
        parent = parent[step]
    if how == "delete" and isinstance(parent, dict):
        del parent[last]
    elif how == "delete" and isinstance(parent, list):
        parent.pop(last)
    elif how == "extra" and isinstance(parent, dict):
        parent["unexpected"] = value
    else:
        parent[last] = value


FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(
    picks=st.lists(
        st.tuples(st.integers(min_value=0), st.sampled_from(["set", "set", "set", "delete", "extra"]), VALUES),
        min_size=1,
        max_size=3,
    )
)
def test_a_fuzzed_save_is_refused_in_one_line_or_loads_into_a_consistent_game(picks):
    _fuzz(picks)


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    picks=st.lists(
        st.tuples(st.integers(min_value=0), st.sampled_from(["set", "set", "set", "delete", "extra"]), VALUES),
        min_size=1,
        max_size=3,
    )
)
def test_many_fuzzed_saves(picks):
    _fuzz(picks)


def _fuzz(picks: list[tuple[int, str, Any]]) -> None:
    import copy

    doc = copy.deepcopy(_sample())
    paths = _all_paths()
    for index, how, value in picks:
        path = paths[index % len(paths)]
        try:
            _mutate(doc, path, how, value)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed the place
    try:
        text = dump_document(doc)
    except SaveError:
        return  # (a value YAML cannot write: not a save anyone could have)
    try:
        game = loads(text, "fuzzed.yaml")
    except SaveError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("fuzzed.yaml: ")
        return
    assert check_invariants(game) == []
    actions = legal_actions(game)
    assert actions or game.phase == "over"
    if actions:
        apply(game, actions[0])
