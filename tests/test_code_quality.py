"""The project's own checks run with the tests: ruff's lint and format check, the import contracts
and mypy (every `--strict` flag on the engine; configuration in pyproject.toml). Each fails with the
tool's own report. mypy and import-linter keep caches in the checkout, so a run after the first
checks only what changed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent  # the tools are installed beside this Python (the `test` extra)

CHECKS = {
    "ruff check": [sys.executable, "-m", "ruff", "check", "."],
    "ruff format": [sys.executable, "-m", "ruff", "format", "--check", "."],
    "lint-imports": [str(BIN / "lint-imports")],
    "mypy": [sys.executable, "-m", "mypy"],
}


@pytest.mark.parametrize("name", list(CHECKS))
def test_the_code_passes(name: str) -> None:
    result = subprocess.run(CHECKS[name], cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, f"`{' '.join(CHECKS[name][-3:])}` failed:\n{result.stdout}{result.stderr}"
