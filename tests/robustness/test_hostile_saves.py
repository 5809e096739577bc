"""Hand-made hostile saves for the content of the Monumental Edition (bench/hostile.py): each is refused
with one line naming the file, or loads and plays on; loading stays within a memory bound."""

import time
import tracemalloc

import pytest

from bench import fuzz, hostile
from civgame.framework.saves import SaveError
from civgame.games.clash.rules.flow.controller import legal_actions
from civgame.games.clash.storage.save import loads

CASES = hostile.all_cases()
LOAD_PEAK = 64 * 1024 * 1024  # bytes: loading a save of a few hundred KB, with its trial answers


@pytest.mark.parametrize("index", range(len(CASES)), ids=[name for name, _state, _edit in CASES])
def test_a_hostile_save_is_refused_in_one_line_or_plays_on(index, tmp_path):
    name, state, edit = CASES[index]
    outcome = fuzz.check_save(fuzz.Case(index, name, {"hostile.yaml": hostile.case_text(state, edit)}), tmp_path)
    assert outcome.kind in ("refused", "loaded"), f"{outcome.kind}: {outcome.detail}"


@pytest.mark.parametrize("state", [*sorted(hostile.STATE_WANTED), "cards"])
def test_the_states_of_the_new_content_load(state):
    loads(hostile.content_states()[state])


def test_a_save_whose_offer_asks_for_21_of_42_cards_loads_within_a_memory_bound():
    """Once a 14 KB save of this kind listed every way to answer, until the machine's 24 GB ran out."""
    text = hostile.case_text("trade_offer", hostile._many_cards_asked).decode()
    tracemalloc.start()
    started = time.perf_counter()
    try:
        game = loads(text)
        listed = legal_actions(game)
    except SaveError:
        listed = []
    seconds = time.perf_counter() - started
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < LOAD_PEAK and seconds < 20, (peak, seconds)
    assert len(listed) <= 101
