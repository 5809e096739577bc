"""Rules-data fuzzing: mutated copies of rules_data/monumental either validate or are refused
with RulesDataError, one clear line per problem, never by a crash or by running code.

The cases come from bench/fuzz.py; this runs a fixed, fast subset. The long run is
`python -m bench.fuzz --target rules --cases 100000`; adding --play also starts and plays a
game on every mutated ruleset that validates, to find what the validator lets through.
"""

import re
import shutil

import pytest

from bench import fuzz
from civgame.framework.datafiles import RulesDataError
from civgame.games.clash.content.ruleset import RULESETS_ROOT, load_ruleset

CI_CASES = 100
SLOW_CASES = 5000


@pytest.fixture(scope="module")
def base():
    return fuzz.rules_base()


@pytest.fixture
def mod_dir(tmp_path):
    target = tmp_path / "mod"
    shutil.copytree(RULESETS_ROOT / "monumental", target)
    return target


def failures(base, directory, indices, seed):
    found = []
    for index in indices:
        case = fuzz.make_case(base, seed, index)
        outcome = fuzz.check_rules(case, directory, base.files)
        if outcome.kind in fuzz.FAILURES:
            found.append(f"case {index} [{outcome.kind}] {case.description}: {outcome.detail}")
    return found


def test_mutated_rules_data_validates_or_is_refused_clearly(base, mod_dir):
    found = failures(base, mod_dir, range(CI_CASES), seed=11)
    assert not found, "\n".join(found) + "\nreplay one with: python -m bench.fuzz --target rules --seed 11 --case N"


@pytest.mark.slow
def test_many_more_mutated_rules(base, mod_dir):
    found = failures(base, mod_dir, range(SLOW_CASES), seed=12)
    assert not found, "\n".join(found[:30])


HOSTILE = [
    ("object tag", f"x: !!python/object/apply:{fuzz.CANARY}.trip [1]\n", "not valid YAML"),
    ("alias bomb", fuzz.WHOLE_FILES[5][1], "more than 100,000 values once aliases are expanded"),
    # our own depth check, or the one newer PyYAML releases make first: both refuse on one line
    ("deep nesting", f"x: {fuzz.deep(100_000)}\n", "nested more than 64 levels deep|maximum nesting depth"),
    ("huge integer", "x: " + "9" * 5000 + "\n", "not valid YAML"),
    ("control character", "x: \x07\n", "not valid YAML"),
]


@pytest.mark.parametrize("file", ["game.yaml", "advances.yaml", "map.yaml"])
@pytest.mark.parametrize("name,text,message", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_yaml_in_any_file_is_refused_on_one_line(mod_dir, file, name, text, message):
    (mod_dir / file).write_text(text)
    with pytest.raises(RulesDataError) as info:
        load_ruleset(mod_dir)
    assert len(info.value.problems) == 1
    (problem,) = info.value.problems
    assert file in problem and re.search(message, problem) and "\n" not in problem
    assert fuzz.CANARY not in __import__("sys").modules


def test_a_file_that_is_not_utf8_is_refused(mod_dir):
    (mod_dir / "units.yaml").write_bytes(b"infantry: {name: \xff}\n")
    with pytest.raises(RulesDataError, match=r"units\.yaml: not a UTF-8 text file"):
        load_ruleset(mod_dir)


def test_thousands_of_broken_entries_give_a_short_list_of_short_problems(mod_dir):
    (mod_dir / "terrain.yaml").write_text("".join(f"t{i}: {{code: '{'x' * 500}'}}\n" for i in range(3000)))
    with pytest.raises(RulesDataError) as info:
        load_ruleset(mod_dir)
    problems = info.value.problems
    assert len(problems) == RulesDataError.MAX_PROBLEMS + 1 and problems[-1].startswith("(and ")
    assert all(len(p) <= RulesDataError.MAX_LENGTH for p in problems)
