"""Hand-made hostile saves for the content of the Monumental Edition (bench/hostile.py): each is refused
with one line naming the file, or loads and plays on; loading stays within a memory bound."""

import re
import tracemalloc
from multiprocessing import get_context

import pytest

from bench import fuzz, hostile
from civgame.framework.saves import SaveError
from civgame.games.clash.rules.flow.controller import legal_actions
from civgame.games.clash.storage.save import loads

CASES = hostile.all_cases()
NAMES_THE_FIELD = re.compile(r": (game\b[^: ]*(\[id \d+\][^: ]*)?|line \d+): ")
LOAD_PEAK = 64 * 1024 * 1024  # bytes: loading a save of a few hundred KB, with its trial answers
LOAD_SECONDS = 60  # for loading and listing, on a machine shared with other work


@pytest.mark.parametrize("index", range(len(CASES)), ids=[name for name, _state, _edit in CASES])
def test_a_hostile_save_is_refused_in_one_line_or_plays_on(index, tmp_path):
    name, state, edit = CASES[index]
    outcome = fuzz.check_save(fuzz.Case(index, name, {"hostile.yaml": hostile.case_text(state, edit)}), tmp_path)
    # "slow" (over 2 s of wall clock, then refused or loaded) happens on a loaded machine; a case that
    # hangs or crashes fails, and the memory of the slowest case is bounded by the test below
    assert outcome.kind in ("refused", "loaded", "slow"), f"{outcome.kind}: {outcome.detail}"
    if outcome.kind == "refused":  # after the file's name: the field (or, for YAML itself, the line)
        assert NAMES_THE_FIELD.match(outcome.detail.removeprefix(str(tmp_path / "hostile.yaml"))), outcome.detail


@pytest.mark.parametrize("state", [*sorted(hostile.STATE_WANTED), "cards"])
def test_the_states_of_the_new_content_load(state):
    loads(hostile.content_states()[state])


def _load_and_list(text: str, answer) -> None:
    """In a child process under the hostile cases' memory limit: load the save, list the legal
    actions, and send back how many there are and the peak of memory Python allocated."""
    hostile._limited()
    tracemalloc.start()
    try:
        listed = len(legal_actions(loads(text)))
    except SaveError:
        listed = 0
    except MemoryError:
        listed = -1
    answer.send((listed, tracemalloc.get_traced_memory()[1]))


def test_a_save_whose_offer_asks_for_21_of_42_cards_loads_within_a_memory_bound():
    """Once a 14 KB save of this kind listed every way to answer, until the machine's 24 GB ran out;
    the load runs in a child process whose address space is capped, so a regression fails here."""
    text = hostile.case_text("trade_offer", hostile._many_cards_asked).decode()
    receiver, sender = get_context("fork").Pipe(duplex=False)
    child = get_context("fork").Process(target=_load_and_list, args=(text, sender), daemon=True)
    child.start()
    sender.close()  # the child's end alone: if the child dies, the pipe says so
    answered = receiver.poll(LOAD_SECONDS)
    child.kill()
    child.join(10)
    assert answered, f"loading and listing took over {LOAD_SECONDS} s"
    try:
        listed, peak = receiver.recv()
    except EOFError:
        raise AssertionError(f"loading and listing died (exit code {child.exitcode})") from None
    assert listed != -1, f"loading and listing ran out of {hostile.MEMORY_LIMIT >> 20} MiB"
    assert 0 < listed <= 101 and peak < LOAD_PEAK, (listed, peak)
