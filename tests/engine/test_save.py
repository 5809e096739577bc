"""Saves: exact round trips of mid-game states, atomic writing, and refusal of bad files."""

import copy
import os
import re
import stat

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from civgame.ai import RandomAgent, play_out, play_steps, random_agents
from civgame.framework import saves
from civgame.framework.saves import SaveError, state_hash
from civgame.games.clash import apply, legal_actions, new_game
from civgame.games.clash.core.model import SAVE_VERSION
from civgame.games.clash.storage import save as save_module
from civgame.games.clash.storage.save import dumps, load_game, loads, save_game


def mid_game(players: int, seed: int, steps: int):
    """A game after `steps` random actions (fewer if it ends first)."""
    return play_steps(new_game(players, seed), random_agents(players, seed), steps)


@pytest.fixture
def saved(tmp_path):
    """A mid-game save file and its parsed YAML document."""
    path = tmp_path / "game.yaml"
    save_game(mid_game(3, seed=5, steps=40), path)
    return path, yaml.safe_load(path.read_text())


def write_document(path, document):
    path.write_text(yaml.safe_dump(document, sort_keys=False))
    return path


# ------------------------------------------------------------------ round trips


@pytest.mark.parametrize("players,seed,steps", [(2, 1, 0), (2, 2, 25), (3, 3, 60), (4, 4, 120), (4, 8, 400)])
def test_round_trip_reproduces_the_file_the_state_and_the_legal_actions(tmp_path, players, seed, steps):
    game = mid_game(players, seed, steps)
    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    save_game(game, first)
    loaded = load_game(first)
    save_game(loaded, second)
    assert first.read_bytes() == second.read_bytes()
    assert state_hash(loaded) == state_hash(game)
    assert loaded.rules is game.rules
    assert legal_actions(loaded) == legal_actions(game)


@pytest.mark.parametrize("seed", [11, 12])
def test_a_loaded_game_continues_exactly_like_the_original(tmp_path, seed):
    game = mid_game(3, seed, 50)
    save_game(game, tmp_path / "g.yaml")
    loaded = load_game(tmp_path / "g.yaml")
    agents_a = [RandomAgent(f"continue:{i}") for i in range(3)]
    agents_b = [RandomAgent(f"continue:{i}") for i in range(3)]
    play_out(game, agents_a)
    play_out(loaded, agents_b)
    assert game.phase == loaded.phase == "over"
    assert state_hash(loaded) == state_hash(game)


def test_save_starts_with_the_header_and_holds_the_game(saved):
    _path, document = saved
    assert list(document)[:4] == ["format", "game_id", "version", "ruleset"]
    assert (document["format"], document["game_id"], document["version"], document["ruleset"]) == (
        "civgame-save",
        "clash",
        SAVE_VERSION,
        "monumental",
    )
    assert document["game"]["seed"] == 5 and len(document["game"]["players"]) == 3
    assert "rules" not in document["game"]  # rebuilt on load, never saved


def test_state_hash_changes_with_the_state_and_ignores_identity():
    game = new_game(2, seed=3)
    twin = new_game(2, seed=3)
    assert state_hash(game) == state_hash(twin)
    apply(game, legal_actions(game)[0])
    assert state_hash(game) != state_hash(twin)


def test_a_loaded_save_can_use_a_given_ruleset(tmp_path):
    game = mid_game(2, 6, 10)
    save_game(game, tmp_path / "g.yaml")
    assert load_game(tmp_path / "g.yaml", rules=game.rules).rules is game.rules


# ------------------------------------------------------------------ atomic writing


def test_a_failed_write_keeps_the_previous_save_and_leaves_no_temp_file(tmp_path, monkeypatch):
    path = tmp_path / "game.yaml"
    save_game(new_game(2, seed=1), path)
    before = path.read_bytes()

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(save_module.os, "fsync", broken_fsync)
    with pytest.raises(SaveError, match=r"cannot write the save.*No space left"):
        save_game(mid_game(2, 1, 30), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.yaml"]


def test_an_interrupted_replace_keeps_the_previous_save(tmp_path, monkeypatch):
    path = tmp_path / "game.yaml"
    save_game(new_game(2, seed=1), path)
    before = path.read_bytes()

    def interrupted(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(save_module.os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        save_game(mid_game(2, 1, 30), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.yaml"]


def test_saving_into_a_missing_directory_is_a_save_error(tmp_path):
    with pytest.raises(SaveError, match="cannot write the save"):
        save_game(new_game(2, seed=1), tmp_path / "missing" / "game.yaml")


# ------------------------------------------------------------------ files that are not saves


def test_a_missing_file_is_reported(tmp_path):
    with pytest.raises(SaveError, match=r"nope\.yaml: cannot read the file"):
        load_game(tmp_path / "nope.yaml")


@pytest.mark.parametrize(
    "text,message",
    [
        ("", "not a civgame save"),
        ("- just\n- a list\n", "not a civgame save"),
        ("format: something-else\n", "not a civgame save"),
        ("format: civgame-save\nversion: 99\nruleset: monumental\ngame: {}\n", r"newer civgame \(save version 99\)"),
        ("format: civgame-save\nversion: '1'\nruleset: monumental\ngame: {}\n", "save version '1' is not supported"),
        ("format: civgame-save\nversion: 1\nruleset: other\ngame: {}\n", "ruleset: 'other' does not match"),
        ("format: civgame-save\nversion: 1\nruleset: monumental\n", "game: missing"),
        (
            "format: civgame-save\nversion: 1\nruleset: monumental\ngame: {}\nextra: 1\n",
            r"unknown top-level field\(s\) \['extra'\]",
        ),
        ("format: civgame-save\nversion: 1\nruleset: monumental\ngame: 7\n", "game: expected a mapping"),
        (f"format: civgame-save\nversion: {SAVE_VERSION}\nruleset: monumental\ngame: 7\n", "game: expected a dict"),
        ("format: civgame-save\n  bad: [indent\n", "line 2: not valid save YAML"),
        ("a: 1\n---\nb: 2\n", "not valid save YAML"),
    ],
)
def test_malformed_documents_are_refused(tmp_path, text, message):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(SaveError, match=message):
        load_game(path)


def test_a_truncated_save_is_refused(saved):
    path, _ = saved
    data = path.read_bytes()
    for cut in (len(data) // 3, len(data) // 2, len(data) - 7):
        path.write_bytes(data[:cut])
        with pytest.raises(SaveError):
            load_game(path)


def test_binary_garbage_is_refused(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_bytes(b"\xff\xfe\x00garbage\x80")
    with pytest.raises(SaveError, match="not a text file"):
        load_game(path)


def test_an_oversized_file_is_refused_before_parsing(saved, monkeypatch):
    path, _ = saved
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 1024)
    with pytest.raises(SaveError, match="larger than"):
        load_game(path)


@pytest.mark.parametrize(
    "tag",
    [
        "!!python/object/apply:os.system ['echo hacked']",
        "!!python/object:collections.OrderedDict {}",
        "!!python/name:os.system",
        "!custom 3",
    ],
)
def test_object_tags_are_refused_and_never_executed(saved, tag):
    path, _document = saved
    text = path.read_text().replace("  seed: 5\n", f"  seed: {tag}\n", 1)
    assert tag in text
    path.write_text(text)
    with pytest.raises(SaveError, match="not valid save YAML"):
        load_game(path)


def test_an_alias_bomb_is_refused(tmp_path):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 10)]
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(SaveError, match="line 1: anchors and aliases are not allowed"):
        load_game(path)


def test_any_anchor_is_refused(saved):
    path, _ = saved
    text = path.read_text().replace("  rng:\n", "  rng: &r\n", 1)
    path.write_text(text)
    with pytest.raises(SaveError, match="anchors and aliases are not allowed"):
        load_game(path)


def test_deep_nesting_is_refused_without_a_recursion_error(tmp_path):
    path = tmp_path / "deep.yaml"
    path.write_text("format: civgame-save\ngame: " + "[" * 5000 + "]" * 5000 + "\n")
    # Our own depth check, or the one newer PyYAML releases make while parsing: both refuse cleanly.
    with pytest.raises(SaveError, match=r"nested more than|maximum nesting depth"):
        load_game(path)


def test_an_integer_too_long_to_convert_is_refused(saved):
    path, _ = saved
    path.write_text(path.read_text().replace("  seed: 5\n", f"  seed: {'9' * 6000}\n", 1))
    with pytest.raises(SaveError, match="not valid save YAML"):
        load_game(path)


def test_huge_numbers_where_ints_belong_load_without_crashing(saved):
    path, document = saved
    document["game"]["seed"] = 10**40
    document["game"]["next_id"] = 10**30
    write_document(path, document)
    game = load_game(path)
    assert game.seed == 10**40 and game.next_id == 10**30
    assert legal_actions(game)


def test_a_huge_count_of_tokens_is_refused(saved):
    path, document = saved
    document["game"]["players"][0]["culture_tokens"] = 10**25
    write_document(path, document)
    with pytest.raises(SaveError, match=r"game\.players\[0\]\.culture_tokens: 10+ is not between 0 and 10000$"):
        load_game(path)


def edit(document, keys, value):
    target = document
    for key in keys[:-1]:
        target = target[key]
    if value is DELETE:
        del target[keys[-1]]
    else:
        target[keys[-1]] = value


DELETE = object()


@pytest.mark.parametrize(
    "keys,value,message",
    [
        (
            ("game", "players", 0, "resources", "food"),
            "lots",
            r"game\.players\[0\]\.resources\.food: expected int, got str",
        ),
        (
            ("game", "players", 0, "resources", "food"),
            True,
            r"game\.players\[0\]\.resources\.food: expected int, got bool",
        ),
        (("game", "players", 1, "advances"), "Farming", r"game\.players\[1\]\.advances: expected a list"),
        (("game", "players", 1, "mystery"), 1, r"game\.players\[1\]: unknown field\(s\) \['mystery'\]"),
        (("game", "rng"), DELETE, r"game\.rng: missing"),
        (("game", "phase"), "lunch", r"game\.phase: 'lunch' is not one of"),
        (("game", "units", 0, "pos"), [1, 2, 3], r"game\.units\[0\]\.pos: expected 2 items"),
        (("game", "pending"), [{"kind": "nonsense", "player": 0}], r"game\.pending\[0\]: unknown kind 'nonsense'"),
        (("game", "players", 0, "index"), 3, r"game\.players\[0\]\.index: 3 should be 0"),
        (("game", "players", 0, "resources", "ore"), -2, r"game\.players\[0\]\.ore: negative amount -2"),
        (("game", "players", 0, "resources", "silk"), 1, r"game\.players\[0\]\.resources: must list exactly"),
        (("game", "players", 0, "advances"), ["Farming", "Flying"], r"game\.players\[0\]\.advances: unknown 'Flying'"),
        (
            ("game", "players", 0, "advances"),
            ["Farming", "Farming"],
            r"game\.players\[0\]\.advances: 'Farming' is listed twice",
        ),
        (
            ("game", "players", 0, "event_vp"),
            float("nan"),
            r"game\.players\[0\]\.event_vp: nan is not a number of points",
        ),
        (
            ("game", "players", 0, "destroyed_wonders_kept"),
            ["pyramids"],
            r"game\.players\[0\]\.destroyed_wonders_kept: 'pyramids' is not a wonder the player built",
        ),
        (("game", "current"), 7, r"game\.current: 7 is not a player index"),
        (("game", "age"), 0, r"game\.age: 0 is not between 1 and 6"),
        (("game", "rng", "state"), 2**64, r"game\.rng\.state: .* is not a 64-bit state"),
        (("game", "regions", 4, "tile"), "99", r"game\.regions\[4\]\.tile: unknown region tile '99'"),
        (("game", "regions", 4, "rotation"), 9, r"game\.regions\[4\]\.rotation: 9 is not a rotation 0-5"),
        (("game", "regions", 0, "anchor"), [5, 5], r"game\.regions\[0\]\.anchor: \[5, 5\] is not the board position"),
        (("game", "units", 0, "pos"), [40, -40], r"game\.units\[0\]\.pos: \[40, -40\] is not a space on the board"),
        (("game", "units", 0, "pos"), [10**30, 0], r"game\.units\[0\]\.pos: .* is not a space on the board"),
        (("game", "units", 0, "owner"), 9, r"game\.units\[0\]\.owner: 9 is not a player index"),
        (("game", "units", 0, "kind"), "dragon", r"game\.units\[0\]\.kind: unknown unit 'dragon'"),
        (("game", "units", 0, "carrier"), 1, r"game\.units\[0\]\.carrier: 1 is not the id of a ship"),
        (("game", "cities", 1, "id"), 1, r"game\.cities\[1\]\.id: 1 is also the id of game\.cities\[0\]"),
        (("game", "cities", 0, "mood"), "ecstatic", r"game\.cities\[0\]\.mood: 'ecstatic' is not one of"),
        (("game", "cities", 0, "buildings"), {"casino": 0}, r"game\.cities\[0\]\.buildings: unknown building 'casino'"),
        (
            ("game", "cities", 0, "buildings"),
            {"temple": 5},
            r"game\.cities\[0\]\.buildings\.temple: colour 5 is not a player",
        ),
        (("game", "next_id"), 2, r"is not between 1 and game\.next_id - 1 \(1\)"),
        (
            ("game", "decks", "action", "draw"),
            [1, 1],
            r"game\.decks\.action\.draw: action card 1 is also in game\.decks\.action\.draw",
        ),
        (("game", "decks", "event", "draw"), [999], r"game\.decks\.event\.draw: unknown event card 999"),
        (("game", "decks", "wonder"), DELETE, r"game\.decks: must hold exactly the decks"),
        (("game", "status_players"), [7], r"game\.status_players\[0\]: 7 is not a player index"),
        (
            ("game", "status_players"),
            [0],
            r"game\.status_players: players are asked only while a status step that asks them runs",
        ),
        (
            ("game", "events_waiting"),
            [{"card": 999, "active": 0}],
            r"game\.events_waiting\[0\]\.card: unknown event card 999",
        ),
        (
            ("game", "events_waiting"),
            [{"card": 1, "active": 0}],
            r"game\.events_waiting: an event waits only while another is under way",
        ),
        (
            ("game", "pending"),
            [{"kind": "retreat", "player": 4}],
            r"game\.pending\[0\]\.player: 4 is not a player index",
        ),
        (
            ("game", "pending"),
            [{"kind": "casualties", "player": 0, "count": 1, "candidates": [999]}],
            r"game\.pending\[0\]\.candidates: 999 does not refer to anything",
        ),
        (("game", "history", 0), {"kind": "teleport"}, r"game\.history\[0\]: unknown kind 'teleport'"),
        (("game", "history", 0), {"kind": "advance", "advance": 3}, r"game\.history\[0\]\.advance: expected str"),
    ],
)
def test_inconsistent_saves_are_refused_naming_the_path(saved, keys, value, message):
    path, document = saved
    edit(document, keys, value)
    write_document(path, document)
    with pytest.raises(SaveError) as info:
        load_game(path)
    text = str(info.value)
    assert "\n" not in text and text.startswith(str(path))
    assert re.search(message, text), text


def test_a_destroyed_wonder_whose_effect_is_kept_stands_in_no_city(saved):
    path, document = saved
    player = document["game"]["players"][0]
    player["wonders_built"], player["wonders_built_when"] = ["pyramids"], [[1, 1]]
    player["destroyed_wonders_kept"] = ["pyramids"]
    document["game"]["decks"]["wonder"]["draw"].remove("pyramids")
    write_document(path, document)
    assert load_game(path).players[0].destroyed_wonders_kept == ["pyramids"]
    city = next(c for c in document["game"]["cities"] if c["owner"] == 0)
    city["wonders"] = ["pyramids"]
    write_document(path, document)
    with pytest.raises(
        SaveError,
        match=r"game\.players\[0\]\.destroyed_wonders_kept: 'pyramids' is not a wonder of theirs an event destroyed$",
    ):
        load_game(path)


def test_line_breaks_from_the_file_stay_out_of_the_one_line_message(saved):
    path, document = saved
    document["game"]["players"][0]["resources"]["line\nbreak"] = "x"
    write_document(path, document)
    with pytest.raises(SaveError, match=r"resources\.line\\nbreak: expected int, got str$"):
        load_game(path)


# Every leaf of a real save, replaced by a hostile value: loading gives a game or a SaveError.
HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.lists(st.integers(-3, 50), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def _leaves(node, prefix=()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _leaves(v, (*prefix, k))
    elif isinstance(node, list) and node:
        for i, v in enumerate(node):
            yield from _leaves(v, (*prefix, i))
    yield prefix


_FUZZ_DOCUMENT = yaml.safe_load(dumps(mid_game(3, seed=21, steps=80)))
_FUZZ_LEAVES = [p for p in _leaves(_FUZZ_DOCUMENT) if p and p[0] == "game"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(_FUZZ_LEAVES), HOSTILE)
def test_a_tampered_value_anywhere_gives_a_game_or_a_save_error(keys, value):
    document = copy.deepcopy(_FUZZ_DOCUMENT)
    edit(document, keys, value)
    text = yaml.dump(document, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), sort_keys=False)
    try:
        game = loads(text)
    except SaveError as exc:
        assert "\n" not in str(exc)
        return
    legal_actions(game)  # a game that loads must be playable
    assert dumps(loads(dumps(game))) == dumps(game)


def test_temp_files_use_the_save_directory(tmp_path, monkeypatch):
    seen = []
    real_replace = os.replace

    def spy(src, dst):
        seen.append((os.path.dirname(src), os.path.dirname(dst)))
        real_replace(src, dst)

    monkeypatch.setattr(save_module.os, "replace", spy)
    save_game(new_game(2, seed=1), tmp_path / "g.yaml")
    assert seen == [(str(tmp_path), str(tmp_path))]


@pytest.mark.parametrize("umask,mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_save_respects_the_users_umask(tmp_path, umask, mode):
    previous = os.umask(umask)
    try:
        save_game(new_game(2, seed=1), tmp_path / "g.yaml")
    finally:
        os.umask(previous)
    assert (tmp_path / "g.yaml").stat().st_mode & 0o777 == mode


@pytest.mark.skipif(os.name != "posix", reason="only POSIX systems can sync a folder")
def test_the_folder_is_synced_after_the_rename(tmp_path, monkeypatch):
    calls = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(
        save_module.os, "fsync", lambda fd: calls.append(stat.S_ISDIR(os.fstat(fd).st_mode)) or real_fsync(fd)
    )
    monkeypatch.setattr(save_module.os, "replace", lambda a, b: calls.append("replace") or real_replace(a, b))
    save_game(new_game(2, seed=1), tmp_path / "g.yaml")
    assert calls == [False, "replace", True]  # the file, the rename, then the folder


@pytest.mark.skipif(os.name != "posix", reason="POSIX file locks tell abandoned files from files in use")
def test_a_save_removes_temp_files_of_killed_saves_but_not_of_saves_in_progress(tmp_path):
    import fcntl

    abandoned = tmp_path / ".g.yaml.killed.tmp"
    in_use = tmp_path / ".g.yaml.writing.tmp"
    other = tmp_path / ".other.yaml.killed.tmp"
    for path in (abandoned, in_use, other):
        path.write_text("half a save")
    with in_use.open("rb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        save_game(new_game(2, seed=1), tmp_path / "g.yaml")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".g.yaml.writing.tmp", ".other.yaml.killed.tmp", "g.yaml"]


@pytest.mark.parametrize("name", ["m" * 101, "evil\x1b[2J", "two\nlines"])
def test_a_mod_name_in_the_header_that_is_no_name_is_refused(name):
    document = yaml.safe_load(dumps(new_game(2, seed=1)))
    document["mods"] = [{"name": name, "version": "1.0"}]
    with pytest.raises(
        SaveError, match=r"^save: mods\[0\]\.name: not a name \(\d+ characters, at most 100 printable\)$"
    ):
        loads(yaml.safe_dump(document))


def test_a_save_from_before_the_game_id_loads_as_clash(saved):
    path, document = saved
    del document["game_id"]
    assert loads(yaml.safe_dump(document, sort_keys=False)).phase == load_game(path).phase


def test_a_save_of_another_game_is_refused_naming_the_game(saved):
    _path, document = saved
    document["game_id"] = "sid-meier"
    with pytest.raises(SaveError, match="game_id: this is a save of another game \\('sid-meier'\\)"):
        loads(yaml.safe_dump(document, sort_keys=False))
