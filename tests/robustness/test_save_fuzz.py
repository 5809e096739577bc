"""Save fuzzing: mutated and hostile save files are loaded or refused cleanly, never executed.

The cases come from bench/fuzz.py; this runs a fixed, fast subset. The long run is
`python -m bench.fuzz --target saves --cases 100000` (see docs/measurements.md).
"""

import random

import pytest
import yaml

from bench import fuzz, hostile
from civgame.framework.saves import SaveError
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.save import dumps, loads

CI_CASES = 200
SLOW_CASES = 20_000


@pytest.fixture(scope="module")
def base():
    return fuzz.save_base()


def failures(base, directory, indices, seed):
    found = []
    for index in indices:
        case = fuzz.make_case(base, seed, index)
        outcome = fuzz.check_save(case, directory)
        if outcome.kind in fuzz.FAILURES:
            found.append(f"case {index} [{outcome.kind}] {case.description}: {outcome.detail}")
    return found


def test_mutated_saves_load_or_are_refused_with_a_clear_message(base, tmp_path):
    found = failures(base, tmp_path, range(CI_CASES), seed=7)
    assert not found, "\n".join(found) + "\nreplay one with: python -m bench.fuzz --target saves --seed 7 --case N"


@pytest.mark.slow
def test_many_more_mutated_saves(base, tmp_path):
    found = failures(base, tmp_path, range(SLOW_CASES), seed=8)
    assert not found, "\n".join(found[:30])


CONTENT_STATES = [*sorted(hostile.STATE_WANTED), "cards"]
MOVED_CARDS = 15  # cases per state of the new content


def test_the_fuzzer_mutates_a_state_of_every_kind_of_new_content(base):
    for name, holds in hostile.STATE_WANTED.items():
        assert holds(loads(base.files[f"{name}.yaml"].decode())), name
    cards = loads(base.files["cards.yaml"].decode())
    first, second = cards.players[0], cards.players[1]
    assert first.wonders_built and second.wonder_cards and cards.public_wonder and second.action_cards
    assert first.completed_objectives and second.great_persons and cards.decks["action"].discard
    assert any(city.wonders for city in cards.cities)


@pytest.mark.parametrize("state", CONTENT_STATES)
def test_a_card_wonder_great_person_or_leader_put_anywhere_is_refused_or_plays_on(base, tmp_path, state):
    document, found = base.documents[f"{state}.yaml"], []
    for index in range(MOVED_CARDS):
        description, data = fuzz.move_card(random.Random(f"{state}:{index}"), document)
        outcome = fuzz.check_save(fuzz.Case(index, description, {"g.yaml": data}), tmp_path)
        if outcome.kind in fuzz.FAILURES:
            found.append(f"{description} [{outcome.kind}]: {outcome.detail}")
    assert not found, "\n".join(found)


PLACES = [("game", "seed"), ("game", "players", 0, "name"), ("game", "pending")]


@pytest.mark.parametrize("name,fragment", fuzz.FRAGMENTS, ids=[name for name, _ in fuzz.FRAGMENTS])
def test_each_hostile_value_is_loaded_or_refused_wherever_it_stands(base, tmp_path, name, fragment):
    document = base.documents["new.yaml"]
    for place in PLACES:
        case = fuzz.Case(0, f"{place} := {name}", {"g.yaml": fuzz.with_fragment(document, place, fragment)})
        outcome = fuzz.check_save(case, tmp_path)
        assert outcome.kind in ("refused", "loaded"), f"{place}: {outcome.kind}: {outcome.detail}"


TAGS_AND_ALIASES = [f for f in fuzz.FRAGMENTS if f[1].startswith(("!", "&", "*")) or "*l" in f[1]]


@pytest.mark.parametrize("name,fragment", TAGS_AND_ALIASES, ids=[name for name, _ in TAGS_AND_ALIASES])
def test_tags_anchors_and_aliases_are_always_refused(base, tmp_path, name, fragment):
    text = fuzz.with_fragment(base.documents["middle.yaml"], ("game", "players", 0, "name"), fragment)
    outcome = fuzz.check_save(fuzz.Case(0, name, {"g.yaml": text}), tmp_path)
    assert outcome.kind == "refused", outcome.detail
    assert "not valid save YAML" in outcome.detail or "anchors and aliases are not allowed" in outcome.detail


@pytest.mark.parametrize("name,text", fuzz.WHOLE_FILES, ids=[name for name, _ in fuzz.WHOLE_FILES])
def test_hostile_whole_files_are_refused(tmp_path, name, text):
    outcome = fuzz.check_save(fuzz.Case(0, name, {"g.yaml": text.encode()}), tmp_path)
    assert outcome.kind == "refused", outcome.detail


@pytest.mark.parametrize(
    "text,message",
    [
        ("format: civgame-save\nformat: civgame-save\n", "line 2: the key 'format' appears twice"),
        ("format: civgame-save\ngame: {<<: {seed: 1}}\n", "line 2: not valid save YAML \\('<<' is not allowed\\)"),
        ("format: civgame-save\ngame: {? [1] : 2}\n", "line 2: not valid save YAML \\(a key must be a single value\\)"),
        (
            "format: civgame-save\ngame: !!binary aGk=\n",
            "line 2: not valid save YAML \\(tag 'tag:yaml.org,2002:binary'",
        ),
        # the top-level mapping is the first of the 64 levels allowed
        ("format: civgame-save\ngame: " + "[" * 64 + "]" * 64 + "\n", "line 2: nested more than 64 levels deep"),
        ("format: civgame-save\ngame: " + "[" * 63 + "]" * 63 + "\n", "save version None is not supported"),
    ],
)
def test_plain_yaml_rules_name_the_line(text, message):
    with pytest.raises(SaveError, match=message):
        loads(text)


def test_an_integer_too_large_for_a_float_field_is_refused():
    # found by `python -m bench.fuzz --target saves --seed 100` (cases 63536 and 70075): an OverflowError
    document = yaml.safe_load(dumps(new_game(2, seed=1)))
    document["game"]["players"][1]["event_vp"] = 10**400
    with pytest.raises(SaveError, match=r"^save: game\.players\[1\]\.event_vp: the number is too large$"):
        loads(yaml.safe_dump(document))


def test_a_huge_value_gives_a_short_message():
    document = yaml.safe_load(dumps(new_game(2, seed=1)))
    document["game"]["phase"] = "x" * 100_000
    with pytest.raises(SaveError) as info:
        loads(yaml.safe_dump(document))
    assert len(str(info.value)) <= SaveError.MAX_LENGTH
    assert str(info.value).startswith("save: game.phase: 'xxx") and str(info.value).endswith("'over')")


# ------------------------------------------------------------------ the fast paths of save.py


def test_whatever_the_save_reader_accepts_reads_exactly_as_safe_load_does(base):
    """The event-driven reader is stricter than safe_load (no tags, anchors, repeated keys), and
    where it accepts a text it must build the very same data."""
    rng = random.Random(3)
    texts = [data.decode() for data in base.files.values()]
    for _ in range(100):
        data = base.files[rng.choice(["new.yaml", "middle.yaml"])]
        texts.append(fuzz._mutate_bytes(rng, data)[1].decode("utf-8", errors="replace"))
        texts.append(fuzz._mutate_document(rng, base.documents["new.yaml"])[1].decode("utf-8", errors="replace"))
    accepted = 0
    for text in texts:
        try:
            ours = _read(text)
        except (SaveError, ValueError):
            continue
        accepted += 1
        assert ours == yaml.safe_load(text), text[:200]
    assert accepted > 50


def _read(text):
    from civgame.framework.saves import parse

    return parse(text, "save")


class _PlainDumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):
    def ignore_aliases(self, data):
        return True


def test_saves_are_written_byte_for_byte_as_yaml_dump_writes_them(base):
    game = loads(base.files["late.yaml"].decode())
    game.players[0].name = "yes"  # a string YAML would read as a boolean
    game.players[1].name = 'Zoë "the" #1: [x] & *y'  # quoting and indicators
    game.players[0].event_vp, game.players[1].event_vp = -0.0, 1e-300
    game.log += ["", " leading space", "0x1F", "1e3", "~", "line\nbreak", "\x85\u2028 tab\t", "é" * 300]
    text = dumps(game)
    document = yaml.safe_load(text)
    assert text == yaml.dump(document, Dumper=_PlainDumper, sort_keys=False, allow_unicode=True, width=100)
    loaded = loads(text)
    assert loaded.log[-3:] == ["line\\nbreak", "\\x85\\u2028 tab\\t", "é" * 300]  # shown, not obeyed
    loaded.log[-3:-1] = ["line\nbreak", "\x85\u2028 tab\t"]
    assert dumps(loaded) == text
