"""The standalone app and its smoke mode.

The fast tests run the smoke script from the source tree; the slow one builds the PyInstaller app
(about 40 s) and runs the smoke mode on the built binary, without any Python on its path:

    python -m pip install pyinstaller && python -m pytest -m slow tests/test_build.py
"""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from civgame import paths

ROOT = Path(__file__).resolve().parent.parent
BUILD_SCRIPTS = ROOT / "build_scripts"
MAX_APP_MB = 60  # the target with both games; about 48 MB (the sound mixer and its codecs 7.5 MB of it)


def _build_exe_module():
    spec = importlib.util.spec_from_file_location("build_exe", BUILD_SCRIPTS / "build_exe.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _clean_env(home: Path) -> dict[str, str]:
    """The environment of a player's machine: no Python variables, no display, a fresh home."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return env


def test_resource_root_is_the_checkout_when_run_from_source():
    root = paths.resource_root()
    assert root == ROOT
    assert (root / "rules_data" / "monumental" / "game.yaml").is_file()
    assert (root / "assets" / "fonts" / "DejaVuSans.ttf").is_file()


def test_resource_root_is_the_bundle_when_frozen(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.is_frozen()
    assert paths.resource_root() == tmp_path


def test_resource_root_is_the_package_when_installed_from_a_wheel(monkeypatch, tmp_path):
    # setup.py puts rules_data/ and assets/ inside the installed package
    package = tmp_path / "site-packages" / "civgame"
    (package / "rules_data").mkdir(parents=True)
    monkeypatch.setattr(paths, "PACKAGE", package)
    assert paths.resource_root() == package


def test_importing_the_window_prints_nothing_on_stdout(tmp_path):
    # stdout carries the program's own output (headless score tables): no pygame banner
    run = subprocess.run(
        [sys.executable, "-c", "import civgame.ui.app"],
        cwd=tmp_path,
        env=dict(_clean_env(tmp_path), PYTHONPATH=str(ROOT)),
        check=False,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == ""


def test_smoke_mode_plays_saves_loads_and_exits_0(tmp_path):
    # through the app's entry script, as the built executable runs it
    run = subprocess.run(
        [sys.executable, str(BUILD_SCRIPTS / "civgame_app.py"), "--smoke-test", "--seed", "7"],
        cwd=tmp_path,
        env=dict(_clean_env(tmp_path), PYTHONPATH=str(ROOT)),
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "ok: new game: Anna, Ben, seed 7" in run.stdout
    assert "state hashes match" in run.stdout
    assert "ok: Sid Meier's Civilization: 6 actions by clicks" in run.stdout
    assert "ok: saved and loaded smoke-sid-meier.yaml" in run.stdout
    assert "ok: quit" in run.stdout
    assert not (tmp_path / "data").exists()  # the player's data folder is left alone


def test_smoke_mode_fails_with_exit_1_and_a_message_when_the_game_breaks(tmp_path):
    script = (
        "import sys\n"
        "from civgame.ui import theme\n"
        "theme.FONT_REGULAR = theme.FONT_REGULAR.with_name('missing.ttf')\n"
        "from civgame.ui.smoke import main\n"
        "sys.exit(main())\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script],
        cwd=tmp_path,
        env=dict(_clean_env(tmp_path), PYTHONPATH=str(ROOT)),
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 1
    assert "smoke test failed" in run.stderr
    assert "font" in run.stderr


@pytest.mark.slow
def test_built_app_runs_the_smoke_mode_without_python(tmp_path):
    pytest.importorskip("PyInstaller", reason="building the app needs: python -m pip install pyinstaller")
    dist = tmp_path / "dist"
    command = [
        sys.executable,
        str(BUILD_SCRIPTS / "build_exe.py"),
        "--dist",
        str(dist),
        "--work",
        str(tmp_path / "work"),
    ]
    build = subprocess.run(command, check=False, capture_output=True, text=True, timeout=1800)
    assert build.returncode == 0, build.stdout[-2000:] + build.stderr[-4000:]
    app = dist / "civgame"
    assert f"Size of {app}:" in build.stdout
    assert _build_exe_module().folder_size(app) < MAX_APP_MB * 1e6
    assert (app / "_internal" / "rules_data" / "monumental" / "game.yaml").is_file()
    assert (app / "_internal" / "rules_data" / "sid-meier" / "game.yaml").is_file()

    run = subprocess.run(
        [str(_build_exe_module().executable(dist)), "--smoke-test"],
        cwd=tmp_path,
        env=_clean_env(tmp_path),
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    bundle = app / "_internal"  # the rules and the font come from the app folder, not from this checkout
    assert f"rules data: {bundle / 'rules_data'}" in run.stdout
    assert f"font: {bundle / 'assets' / 'fonts' / 'DejaVuSans.ttf'}" in run.stdout
    assert "state hashes match" in run.stdout
    assert "ok: saved and loaded smoke-sid-meier.yaml" in run.stdout  # both games play in the built app
    assert "ok: quit" in run.stdout
