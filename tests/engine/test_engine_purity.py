"""The engine never needs pygame: no engine module imports it, and loading the engine,
the computer players and the command line leaves pygame unloaded."""

import ast
import subprocess
import sys
from pathlib import Path

import civgame.games.clash

ENGINE_DIR = Path(civgame.games.clash.__file__).parent
REPO_ROOT = ENGINE_DIR.parents[1]


def imported_modules(source: str) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", "")) in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            names.add(str(node.args[0].value))
    return names


def test_the_scan_sees_every_import_form():
    source = "import pygame\nfrom pygame import draw\nimport importlib\nimportlib.import_module('pygame.font')\n"
    assert {"pygame", "pygame.font"} <= imported_modules(source)


def test_no_engine_module_imports_pygame():
    files = sorted(ENGINE_DIR.rglob("*.py"))
    assert len(files) > 10
    offenders = [
        str(path.relative_to(REPO_ROOT))
        for path in files
        if any(name == "pygame" or name.startswith("pygame.") for name in imported_modules(path.read_text()))
    ]
    assert offenders == []


# Runs in a fresh interpreter where any attempt to import pygame is recorded and refused,
# so the check holds whether or not pygame is installed.
PROBE = """
import importlib, pkgutil, sys
attempts = []
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == "pygame" or name.startswith("pygame."):
            attempts.append(name)
            raise ImportError("pygame is blocked in this test")
        return None
sys.meta_path.insert(0, Block())
import civgame.games.clash
for info in pkgutil.walk_packages(civgame.games.clash.__path__, "civgame.games.clash."):
    importlib.import_module(info.name)
import civgame.ai, civgame.cli
from civgame.ai import play_game, random_agents
play_game(2, 1, random_agents(2, 1))
print(sorted(attempts), [m for m in sys.modules if m.split(".")[0] == "pygame"])
"""


def test_loading_and_playing_headless_never_imports_pygame():
    result = subprocess.run([sys.executable, "-c", PROBE], cwd=REPO_ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[] []"
