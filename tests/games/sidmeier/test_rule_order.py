"""The book lists rules in the order they were registered, and the order of the listing is part of a
seeded game's course: it must not depend on which rule module a program imports first."""

from __future__ import annotations

import subprocess
import sys

import pytest

from civgame.games.sidmeier.rules.base.book import BOOK

PRINT_ORDER = (
    "import importlib, sys\n"
    "importlib.import_module(sys.argv[1])\n"
    "from civgame.games.sidmeier.rules.base.book import BOOK\n"
    "print(' '.join(action.__name__ for action in BOOK.rules))\n"
)


def rule_order(first_import: str) -> str:
    """The book's order in a fresh interpreter that imports `first_import` before anything else."""
    done = subprocess.run([sys.executable, "-c", PRINT_ORDER, first_import], capture_output=True, text=True, check=True)
    return done.stdout.strip()


@pytest.mark.parametrize(
    "first_import",
    [
        "civgame.games.sidmeier.rules.expansions.relics",
        "civgame.games.sidmeier.rules.trade.deals",
    ],
)
def test_the_rule_order_does_not_depend_on_the_first_import(first_import):
    assert rule_order(first_import) == " ".join(action.__name__ for action in BOOK.rules)
