"""Fuzzing the loaders of untrusted files: saves (`load_game`) and mods (`load_ruleset`).

    python -m bench.fuzz --cases 100000                  # 100,000 saves, then 100,000 mods
    python -m bench.fuzz --target saves --cases 100000   # one loader only (saves or rules)
    python -m bench.fuzz --target rules --cases 2000 --play   # and play the mods that load
    python -m bench.fuzz --target saves --case 1234 --write case.yaml  # replay and keep one case

Every case is a mutation of a real file: truncated, bit-flipped, garbled, wrongly typed, or
holding hostile YAML (object-building tags, huge numbers, deep nesting, alias bombs, merge
keys, repeated keys, stray documents). The contract checked for each case:

- the loader returns, or refuses with its own error (SaveError / RulesDataError) whose message
  is short, names the file and holds no line break (a save) or one problem per line (a mod);
- nothing is executed: no object-building tag imports the canary module bench.canary;
- nothing crashes, recurses without end or runs longer than the time limit;
- a save that loads plays on: random legal actions, with every invariant checked after each,
  and it saves and loads back to the same state;
- with --play, a mod that loads can start a game and play some random actions (a crash there
  is a gap in the validator, reported as such).

Cases are numbered; the same --seed and number always give the same input. The exit status is
1 when any case broke the contract.
"""

from __future__ import annotations

import argparse
import copy
import os
import random
import re
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import yaml

CANARY = "bench.canary"
TIME_LIMIT = 20.0  # seconds a single case may take before it counts as a hang
SLOW = 2.0  # seconds after which a case that behaved is still reported as slow
MAX_MESSAGE = 600  # characters: a longer error message is not a clear one
PLAY_STEPS = 60  # random actions played on a mod that loads, with --play
SAVE_PLAY_STEPS = 20  # random actions played on every save that loads
_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


# ------------------------------------------------------------------ hostile YAML


def alias_bomb(levels: int = 9, width: int = 10) -> str:
    """A flow sequence of `levels` anchors, each listing the previous one `width` times."""
    parts = [f"&l0 [{', '.join(['lol'] * width)}]"]
    parts += [f"&l{i} [{', '.join([f'*l{i - 1}'] * width)}]" for i in range(1, levels)]
    return f"[{', '.join(parts)}]"


def deep(levels: int, mapping: bool = False) -> str:
    return "{a: " * levels + "1" + "}" * levels if mapping else "[" * levels + "]" * levels


# (name, YAML text that fits where a value goes)
FRAGMENTS: tuple[tuple[str, str], ...] = (
    ("object/apply tag", f"!!python/object/apply:{CANARY}.trip [1]"),
    ("object/new tag", f"!!python/object/new:{CANARY}.Tripwire []"),
    ("object tag", f"!!python/object:{CANARY}.Tripwire {{a: 1}}"),
    ("name tag", f"!!python/name:{CANARY}.trip"),
    ("module tag", f"!!python/module:{CANARY}"),
    ("os.system tag", "!!python/object/apply:os.system ['true']"),
    ("python/tuple tag", "!!python/tuple [1, 2]"),
    ("binary tag", "!!binary aGVsbG8="),
    ("set tag", "!!set {a: null}"),
    ("omap tag", "!!omap [{a: 1}]"),
    ("pairs tag", "!!pairs [[a, 1]]"),
    ("timestamp", "2001-12-14 21:59:43.10"),
    ("bad timestamp", "2001-13-45"),
    ("local tag", "!custom 3"),
    ("verbatim tag", "!<tag:example.com,2000:app/foo> x"),
    ("explicit str tag", "!!str 3"),
    ("explicit int tag", "!!int '0x1f'"),
    ("anchor", "&a [1, 2]"),
    ("undefined alias", "*nowhere"),
    ("alias bomb", alias_bomb()),
    ("merge key", "{<<: {a: 1}, b: 2}"),
    ("value key", "{=: 1}"),
    ("repeated key", "{a: 1, a: 2}"),
    ("complex key", "{[1, 2]: 3}"),
    ("mapping key", "{? {a: 1} : 2}"),
    ("nesting 64", deep(64)),
    ("nesting 65", deep(65)),
    ("nesting 10000", deep(10_000)),
    ("mapping nesting 5000", deep(5000, mapping=True)),
    ("int 2**63", str(2**63)),
    ("int 2**64", str(2**64)),
    ("int -2**63", str(-(2**63))),
    ("int 10**40", str(10**40)),
    ("int 4300 digits", "9" * 4300),
    ("int 4301 digits", "9" * 4301),
    ("int 10000 digits", "9" * 10_000),
    ("hex 3000 digits", "0x" + "f" * 3000),
    ("sexagesimal", "190:20:30"),
    ("octal", "0o777"),
    ("binary int", "0b1010"),
    ("underscored int", "1_000_000"),
    ("float 1e999", "1e999"),
    ("float -1e999", "-1.0e+999"),
    ("nan", ".nan"),
    ("inf", ".inf"),
    ("negative", "-1"),
    ("zero", "0"),
    ("float", "2.5"),
    ("null", "null"),
    ("tilde", "~"),
    ("bool yes", "yes"),
    ("bool off", "off"),
    ("empty string", "''"),
    ("empty list", "[]"),
    ("empty mapping", "{}"),
    ("long string", "'" + "x" * 100_000 + "'"),
    ("many items", "[" + ", ".join(["0"] * 50_000) + "]"),
    ("control characters", '"\\0\\a\\b\\e\\x85\\u2028"'),
    ("lone surrogate", '"\\ud800"'),
    ("astral character", '"\\U0001F600"'),
    ("line break in string", '"one\\ntwo"'),
    ("wrong kind", "{kind: nonsense, player: 0}"),
    ("unknown field", "{mystery: 1}"),
)

# (name, a whole file)
WHOLE_FILES: tuple[tuple[str, str], ...] = (
    ("empty file", ""),
    ("only a comment", "# nothing\n"),
    ("a scalar", "hello\n"),
    ("a list", "- 1\n- 2\n"),
    ("alias bomb document", f"bomb: {alias_bomb()}\n"),
    (
        "block alias bomb",
        "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        + "".join(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(1, 10)),
    ),
    ("deep document", f"x: {deep(100_000)}\n"),
    ("deep block document", "".join(" " * i + "- \n" for i in range(3000))),
    ("two documents", "a: 1\n---\nb: 2\n"),
    ("directives", "%YAML 1.1\n%TAG !e! tag:example.com,2000:\n---\na: !e!foo 1\n"),
    ("object tag document", f"!!python/object/apply:{CANARY}.trip [1]\n"),
    ("tabs", "a:\n\tb: 1\n"),
    ("binary junk", "\x00\x01\x02\x03"),
)


# ------------------------------------------------------------------ cases


@dataclass
class Case:
    index: int
    description: str
    files: dict[str, bytes]  # file name -> content: the save, or the one changed file of a mod


@dataclass
class Base:
    """The real files that cases mutate, with their parsed documents."""

    files: dict[str, bytes]
    documents: dict[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name, data in self.files.items():
            self.documents[name] = yaml.safe_load(data.decode("utf-8"))


def make_case(base: Base, seed: int, index: int) -> Case:
    rng = random.Random(f"{seed}:{index}")
    name = rng.choice(sorted(base.files))
    roll = rng.random()
    if roll < 0.05:
        description, data = _whole_file(rng)
    elif roll < 0.35:
        description, data = _mutate_bytes(rng, base.files[name])
    elif roll < 0.50 and any(_at(base.documents[name], path) for path in _card_places(base.documents[name])):
        description, data = move_card(rng, base.documents[name])
    else:
        description, data = _mutate_document(rng, base.documents[name])
    return Case(index, f"{name}: {description}", {name: data})


def _whole_file(rng: random.Random) -> tuple[str, bytes]:
    name, text = rng.choice(WHOLE_FILES)
    return name, text.encode("utf-8")


def _mutate_bytes(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    size = len(data)
    at = rng.randrange(size)
    span = rng.randint(1, 64)
    kind = rng.choice(
        ("truncate", "flip bits", "garble", "delete", "repeat", "swap lines", "crlf", "utf-16", "bom", "nul")
    )
    if kind == "truncate":
        return f"truncated at byte {at} of {size}", data[:at]
    if kind == "flip bits":
        out = bytearray(data)
        spots = [rng.randrange(size) for _ in range(rng.randint(1, 8))]
        for spot in spots:
            out[spot] ^= 1 << rng.randrange(8)
        return f"bits flipped at bytes {sorted(spots)}", bytes(out)
    if kind == "garble":
        junk = bytes(rng.randrange(256) for _ in range(span))
        return f"{span} random bytes at {at}", data[:at] + junk + data[at + span :]
    if kind == "delete":
        return f"bytes {at}-{at + span} deleted", data[:at] + data[at + span :]
    if kind == "repeat":
        return f"bytes {at}-{at + span} repeated", data[: at + span] + data[at:]
    if kind == "swap lines":
        lines = data.split(b"\n")
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return f"lines {i + 1} and {j + 1} swapped", b"\n".join(lines)
    if kind == "crlf":
        return "CRLF line ends", data.replace(b"\n", b"\r\n")
    if kind == "utf-16":
        return "encoded as UTF-16", data.decode("utf-8").encode("utf-16")
    if kind == "bom":
        return "UTF-8 byte order mark", b"\xef\xbb\xbf" + data
    return f"NUL byte at {at}", data[:at] + b"\x00" + data[at:]


_MARK = "FUZZ_MARK_VALUE"


def _mutate_document(rng: random.Random, document: object) -> tuple[str, bytes]:
    """Change one place in the parsed document, write it back as YAML; the document is restored."""
    path = rng.choice(list(_paths(document)))
    where = ".".join(map(str, path)) or "(top level)"
    kind = rng.choice(("fragment", "fragment", "fragment", "delete", "unknown key", "repeat item", "swap value"))
    parent, key = _locate(document, path)
    if parent is None or kind == "fragment":
        name, fragment = rng.choice(FRAGMENTS)
        return f"{where} := {name}", with_fragment(document, path, fragment)
    if kind == "delete":
        return f"{where} deleted", _without(document, parent, key).encode()
    if kind == "unknown key" and isinstance(parent, dict):
        return f"unknown key beside {where}", _with_value(document, parent, "fuzz_unknown_key", 1).encode()
    if kind == "repeat item" and isinstance(parent, list):
        return f"{where} repeated", _with_item(document, parent, key, parent[key]).encode()
    # a value from elsewhere, but not from a node holding this one (it would hold itself)
    other = rng.choice([p for p in _paths(document) if p != path[: len(p)]] or [path])
    other_parent, other_key = _locate(document, other)
    value = document if other_parent is None else other_parent[other_key]
    return f"{where} := value of {'.'.join(map(str, other))}", _with_value(document, parent, key, value).encode()


# Lists of a save that hold cards, wonders, great persons or leaders: hands, piles, cities, captors.
CARD_PLACES = frozenset(
    {
        *("action_cards", "objective_cards", "wonder_cards", "great_persons", "completed_objectives"),
        *("wonders_built", "wonders", "draw", "discard", "leaders_dealt", "leaders_used", "captured_leaders"),
    }
)


def move_card(rng: random.Random, document: object) -> tuple[str, bytes]:
    """A state of the new content no game reaches: one card (or wonder, great person, leader) of the
    document put in another place that holds such things, taken from where it was or left there too."""
    places = _card_places(document)
    source = rng.choice([path for path in places if _at(document, path)])
    changed = copy.deepcopy(document)
    held = _at(changed, source)
    card = held[rng.randrange(len(held))]
    target = rng.choice(places)
    kept = rng.random() < 0.5
    if not kept:
        held.remove(card)
    _at(changed, target).append(card)
    how = "copied" if kept else "moved"
    return f"{card!r} {how} from {'.'.join(map(str, source))} to {'.'.join(map(str, target))}", _dump(changed).encode()


def _card_places(document: object) -> list[tuple]:
    return [
        path for path in _paths(document) if path and path[-1] in CARD_PLACES and isinstance(_at(document, path), list)
    ]


def _at(document: object, path: tuple) -> Any:
    parent, key = _locate(document, path)
    return document if parent is None else parent[key]  # type: ignore[index]


def with_fragment(document: object, path: tuple, fragment: str) -> bytes:
    """The document as YAML, with the YAML text `fragment` written as the value at `path`."""
    parent, key = _locate(document, path)
    return _with_value(document, parent, key, _MARK).replace(_MARK, fragment).encode("utf-8")


def _paths(node: object, prefix: tuple = ()) -> Iterator[tuple]:
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, (*prefix, i))


def _locate(document: object, path: tuple) -> tuple[object, object]:
    if not path:
        return None, None
    parent = document
    for step in path[:-1]:
        parent = parent[step]  # type: ignore[index]
    return parent, path[-1]


class _FullDumper(_Dumper):  # type: ignore[misc, valid-type]
    def ignore_aliases(self, data: object) -> bool:
        return True  # a value used twice is written out twice: aliases only where a case puts them


def _dump(document: object) -> str:
    return yaml.dump(document, Dumper=_FullDumper, sort_keys=False, allow_unicode=True, width=1 << 30)


def _with_value(document: object, parent, key, value) -> str:
    if parent is None:
        return _dump(value)
    had, old = (key in parent, parent.get(key)) if isinstance(parent, dict) else (True, parent[key])
    parent[key] = value
    try:
        return _dump(document)
    finally:
        if had:
            parent[key] = old
        else:
            del parent[key]


def _without(document: object, parent, key) -> str:
    if isinstance(parent, dict):
        items = list(parent.items())
        del parent[key]
        try:
            return _dump(document)
        finally:
            parent.clear()
            parent.update(items)
    old = parent.pop(key)
    try:
        return _dump(document)
    finally:
        parent.insert(key, old)


def _with_item(document: object, parent: list, index: int, value) -> str:
    parent.insert(index, value)
    try:
        return _dump(document)
    finally:
        del parent[index]


# ------------------------------------------------------------------ checking one case

FAILURES = ("crash", "unclear message", "executed", "hang", "broken after load", "gap")


@dataclass
class Outcome:
    kind: str  # refused, loaded, slow, or one of FAILURES
    detail: str = ""


class _TimeUp(BaseException):
    """Raised by the alarm: BaseException, so that no `except Exception` in the code swallows it."""


def _on_alarm(signum, frame) -> None:
    raise _TimeUp


def checked(check: Callable[[], Outcome]) -> Outcome:
    """Run one check with a time limit, turning anything unexpected into a failure outcome."""
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, TIME_LIMIT)
    start = time.perf_counter()
    try:
        outcome = check()
    except _TimeUp:
        outcome = Outcome("hang", f"still running after {TIME_LIMIT:.0f} s")
    except (Exception, RecursionError, MemoryError) as exc:
        outcome = Outcome("crash", f"{type(exc).__name__}: {str(exc)[:300]}")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    if CANARY in sys.modules:
        del sys.modules[CANARY]
        outcome = Outcome("executed", f"a tag imported {CANARY}")
    elapsed = time.perf_counter() - start
    if outcome.kind in ("refused", "loaded") and elapsed > SLOW:
        outcome = Outcome("slow", f"{elapsed:.1f} s ({outcome.kind})")
    return outcome


def check_save(case: Case, directory: Path) -> Outcome:
    from civgame.framework.saves import SaveError, state_hash
    from civgame.games.clash.storage.save import dumps, load_game, loads

    ((name, data),) = case.files.items()
    path = directory / name
    path.write_bytes(data)

    def check() -> Outcome:
        try:
            game = load_game(path)
        except SaveError as exc:
            return _judge_message(str(exc), [str(path)], one_line=True)
        try:
            again = loads(dumps(game))
            if state_hash(again) != state_hash(game):
                return Outcome("broken after load", "a save of the loaded game loads to a different state")
            return _play_loaded(game, case.index)
        except Exception as exc:
            return Outcome("broken after load", f"{type(exc).__name__}: {str(exc)[:300]}")

    return checked(check)


def _play_loaded(game, seed: int) -> Outcome:
    """Random legal actions on a loaded game, with the invariants checked after each."""
    from civgame.ai import RandomAgent
    from civgame.games.clash.rules.flow.controller import apply, legal_actions
    from civgame.games.clash.rules.flow.invariants import check_invariants

    agent = RandomAgent(seed)
    for step in range(1, SAVE_PLAY_STEPS + 1):
        if game.phase == "over":
            break
        actions = legal_actions(game)
        if not actions:
            return Outcome("broken after load", f"no legal action after {step - 1} actions")
        apply(game, agent.choose(game, actions))
        broken = check_invariants(game)
        if broken:
            return Outcome("broken after load", f"after action {step}: {broken[0][:300]}")
    return Outcome("loaded")


def check_rules(case: Case, directory: Path, originals: dict[str, bytes], play: bool = False) -> Outcome:
    from civgame.framework.datafiles import RulesDataError
    from civgame.games.clash.content.ruleset import load_ruleset

    ((name, data),) = case.files.items()
    (directory / name).write_bytes(data)

    def check() -> Outcome:
        try:
            rules = load_ruleset(directory)
        except RulesDataError as exc:
            names = [*originals, directory.name, str(directory)]
            for problem in exc.problems:
                if re.fullmatch(r"\(and \d+ more problems\)", problem):
                    continue
                outcome = _judge_message(problem, names, one_line=True)
                if outcome.kind != "refused":
                    return outcome
            return Outcome("refused", exc.problems[0] if exc.problems else "")
        return _play_mod(rules, case.index) if play else Outcome("loaded")

    try:
        return checked(check)
    finally:
        (directory / name).write_bytes(originals[name])


def _judge_message(message: str, names: Sequence[str], one_line: bool) -> Outcome:
    if not message.strip():
        return Outcome("unclear message", "an empty message")
    if one_line and "\n" in message:
        return Outcome("unclear message", f"more than one line: {message[:200]!r}")
    if len(message) > MAX_MESSAGE:
        return Outcome("unclear message", f"{len(message)} characters: {message[:200]!r}...")
    if not any(message.startswith(name) for name in names):
        return Outcome("unclear message", f"does not name the file: {message[:200]!r}")
    return Outcome("refused", message)


def _play_mod(rules, index: int) -> Outcome:
    from civgame.ai import play_steps, random_agents
    from civgame.games.clash.rules.flow.setup import new_game

    counts = [n for n in sorted(rules.map.layouts) if rules.game.players.min <= n <= rules.game.players.max]
    if not counts:
        return Outcome("loaded", "no player count has a layout")
    players = counts[index % len(counts)]
    try:
        game = new_game(players, seed=index, rules=rules)
        play_steps(game, random_agents(players, index), PLAY_STEPS)
    except Exception as exc:
        return Outcome("gap", f"{players} players: {type(exc).__name__}: {str(exc)[:300]}")
    return Outcome("loaded")


# ------------------------------------------------------------------ bases and runs


def save_base() -> Base:
    """Saves of a fresh 2-player game, a 3-player game after 80 actions, a late 4-player game and the
    states of bench.hostile.content_states."""
    from bench.common import late_game_state
    from bench.hostile import content_states
    from civgame.ai import play_steps, random_agents
    from civgame.games.clash.rules.flow.setup import new_game
    from civgame.games.clash.storage.save import dumps

    game = play_steps(new_game(3, seed=21), random_agents(3, 21), 80)
    games = {"new.yaml": new_game(2, seed=4), "middle.yaml": game, "late.yaml": late_game_state()}
    files = {name: dumps(g).encode("utf-8") for name, g in games.items()}
    # states of the content of the Monumental Edition: events under way, battles, leaders, great persons,
    # trade offers, the status phase, and a card of every deck in every place it may be
    files |= {f"{name}.yaml": text.encode("utf-8") for name, text in content_states().items()}
    return Base(files)


def rules_base() -> Base:
    from civgame.games.clash.content.ruleset import FILES, RULESETS_ROOT

    return Base({name: (RULESETS_ROOT / "monumental" / name).read_bytes() for name in FILES.values()})


@dataclass
class Summary:
    target: str
    cases: int = 0
    kinds: Counter = field(default_factory=Counter)
    failures: list[tuple[int, str, Outcome]] = field(default_factory=list)  # (case, description, outcome)
    seconds: float = 0.0

    @property
    def broken(self) -> list[tuple[int, str, Outcome]]:
        return [f for f in self.failures if f[2].kind in FAILURES]

    def add(self, case: Case, outcome: Outcome) -> None:
        self.cases += 1
        self.kinds[outcome.kind] += 1
        if outcome.kind not in ("refused", "loaded"):
            self.failures.append((case.index, case.description, outcome))

    def report(self, seed: int, shown: int = 20) -> str:
        counts = ", ".join(f"{kind} {count}" for kind, count in self.kinds.most_common())
        lines = [f"{self.target}: {self.cases} cases in {self.seconds:.0f} s (seed {seed}): {counts}"]
        for index, description, outcome in sorted(self.failures)[:shown]:
            lines.append(f"  case {index} [{outcome.kind}] {description} -> {outcome.detail}")
        if len(self.failures) > shown:
            lines.append(f"  ... and {len(self.failures) - shown} more")
        return "\n".join(lines)


class _Worker:
    """The base files, a directory to write cases into, and the check to run."""

    def __init__(self, target: str, seed: int, play: bool, root: Path) -> None:
        self.target, self.seed, self.play, self.root = target, seed, play, root
        self.base = save_base() if target == "saves" else rules_base()
        self.directory = self.new_directory()

    def new_directory(self) -> Path:
        """A fresh directory of this process's own (a mod's files are rewritten in place)."""
        directory = Path(tempfile.mkdtemp(prefix=f"{self.target}-", dir=self.root))
        if self.target == "rules":
            for name, data in self.base.files.items():
                (directory / name).write_bytes(data)
        return directory

    def case(self, index: int) -> Case:
        return make_case(self.base, self.seed, index)

    def check(self, case: Case) -> Outcome:
        if self.target == "saves":
            return check_save(case, self.directory)
        return check_rules(case, self.directory, self.base.files, self.play)


_worker: _Worker | None = None  # built before the worker processes fork, so they share its bases


def _start_worker_process() -> None:
    assert _worker is not None
    _worker.directory = _worker.new_directory()


def _run_chunk(indices: range) -> list[tuple[Case, Outcome]]:
    assert _worker is not None
    results = []
    for index in indices:
        case = _worker.case(index)
        outcome = _worker.check(case)
        case.files = {}  # the inputs can be large; the number reproduces them
        results.append((case, outcome))
    return results


def run(
    target: str,
    cases: int,
    seed: int = 0,
    jobs: int = 1,
    play: bool = False,
    progress: Callable[[Summary], None] | None = None,
) -> Summary:
    """Check `cases` numbered cases, in `jobs` processes (1: in this process)."""
    global _worker
    summary = Summary(target)
    started = time.monotonic()
    chunks = [range(i, min(i + 50, cases)) for i in range(0, cases, 50)]
    with tempfile.TemporaryDirectory(prefix="civgame-fuzz-") as root:
        _worker = _Worker(target, seed, play, Path(root))
        if jobs <= 1:
            for chunk in chunks:
                _collect(summary, _run_chunk(chunk), progress)
        else:
            with get_context("fork").Pool(jobs, initializer=_start_worker_process) as pool:
                for batch in pool.imap_unordered(_run_chunk, chunks):
                    _collect(summary, batch, progress)
    summary.seconds = time.monotonic() - started
    return summary


def _collect(summary: Summary, batch: list[tuple[Case, Outcome]], progress) -> None:
    for case, outcome in batch:
        summary.add(case, outcome)
    if progress is not None:
        progress(summary)


def replay(target: str, seed: int, index: int, play: bool, write: str | None) -> int:
    with tempfile.TemporaryDirectory(prefix="civgame-fuzz-") as root:
        worker = _Worker(target, seed, play, Path(root))
        case = worker.case(index)
        ((name, data),) = case.files.items()
        if write:
            Path(write).write_bytes(data)
        outcome = worker.check(case)
    print(
        f"case {index}: {case.description}\n  {len(data)} bytes of {name}"
        f"{f', written to {write}' if write else ''}\n  -> {outcome.kind}: {outcome.detail}"
    )
    return 1 if outcome.kind in FAILURES else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.fuzz", description=__doc__.splitlines()[0])
    parser.add_argument("--target", choices=("saves", "rules", "both"), default="both")
    parser.add_argument("--cases", type=int, default=10_000, help="cases per target (default 10,000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: one per CPU)")
    parser.add_argument("--play", action="store_true", help="play random actions on every mod that loads")
    parser.add_argument("--case", type=int, help="replay this one case and print what happened")
    parser.add_argument("--write", metavar="PATH", help="with --case: write the case's input file here")
    args = parser.parse_args(argv)
    targets = ("saves", "rules") if args.target == "both" else (args.target,)
    if args.case is not None:
        return max(replay(target, args.seed, args.case, args.play, args.write) for target in targets)
    broken = 0
    for target in targets:
        summary = run(target, args.cases, args.seed, args.jobs, args.play, progress=_progress)
        print(f"\r{summary.report(args.seed)}", flush=True)
        broken += len(summary.broken)
    return 1 if broken else 0


def _progress(summary: Summary) -> None:
    if sys.stderr.isatty():
        print(f"\r{summary.target}: {summary.cases} cases, {len(summary.broken)} broken", end="", file=sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main())
