"""Build the standalone game: a PyInstaller one-folder app, `dist/civgame/`, that runs without Python.

    python -m pip install pyinstaller
    python build_scripts/build_exe.py [--dist DIR] [--work DIR] [--clean]
    dist/civgame/civgame --smoke-test        # check the build: plays a few actions, saves, loads

What goes in, and what is left out to keep the folder small, is in build_scripts/civgame.spec.
Prints the build time and the folder's size at the end. PyInstaller builds for the system it runs
on: build on Windows for a Windows app, on macOS for a macOS one.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build_scripts" / "civgame.spec"
APP_NAME = "civgame"


def folder_size(folder: Path) -> int:
    """Bytes in every file under `folder` (symbolic links count as their own small size)."""
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() or p.is_symlink())


def executable(dist: Path) -> Path:
    """The built program inside the app folder."""
    return dist / APP_NAME / (APP_NAME + (".exe" if sys.platform == "win32" else ""))


def build(dist: Path, work: Path, clean: bool = False) -> int:
    """Run PyInstaller on the spec; returns its exit code."""
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        str(dist),
        "--workpath",
        str(work),
        str(SPEC),
    ]
    if clean:
        command.insert(3, "--clean")
    # The spec lists civgame's modules by importing the package: make this checkout importable
    # even when civgame is not installed.
    env = dict(
        os.environ,
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    return subprocess.run(command, check=False, cwd=ROOT, env=env).returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the one-folder civgame app with PyInstaller.")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the app folder goes (default dist/)")
    parser.add_argument(
        "--work",
        type=Path,
        default=ROOT / "build" / "pyinstaller",
        help="PyInstaller's work folder (default build/pyinstaller/)",
    )
    parser.add_argument("--clean", action="store_true", help="empty PyInstaller's cache first")
    args = parser.parse_args(argv)
    try:
        import PyInstaller  # noqa: F401  (only to say how to get it)
    except ImportError:
        print("build_exe: PyInstaller is not installed; run: python -m pip install pyinstaller", file=sys.stderr)
        return 1
    started = time.monotonic()
    code = build(args.dist.resolve(), args.work.resolve(), args.clean)
    if code != 0:
        print(f"build_exe: PyInstaller failed (exit code {code})", file=sys.stderr)
        return code
    app = args.dist.resolve() / APP_NAME
    print(f"Built {executable(args.dist.resolve())} in {time.monotonic() - started:.0f} s")
    print(f"Size of {app}: {folder_size(app) / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
