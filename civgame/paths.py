"""Where the game's read-only files (rules_data/, assets/) live.

- From a source checkout (or an editable install) they sit in the repository root, next to the
  `civgame` package.
- Installed from a wheel (`pip install .`), setup.py has put them inside the package:
  `civgame/rules_data/` and `civgame/assets/`.
- In the PyInstaller app built by build_scripts/build_exe.py they are bundled into the app's
  resource folder, which PyInstaller names in `sys._MEIPASS` (`dist/civgame/_internal` for the
  one-folder app).
"""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs

PACKAGE = Path(__file__).resolve().parent


def is_frozen() -> bool:
    """True inside the built executable, False when run by a Python interpreter."""
    return bool(getattr(sys, "frozen", False))


def resource_root() -> Path:
    """The folder holding rules_data/ and assets/: the bundle when frozen, the package when installed
    from a wheel, else the repository root."""
    if is_frozen():
        # PyInstaller sets _MEIPASS; other freezers put the data next to the executable.
        return Path(getattr(sys, "_MEIPASS", Path(sys.executable).resolve().parent))
    if (PACKAGE / "rules_data").is_dir():
        return PACKAGE
    return PACKAGE.parent


def user_data_dir() -> Path:
    """civgame's folder in the platform's per-user data folder, as platformdirs finds it: on Linux
    `$XDG_DATA_HOME/civgame` (`~/.local/share/civgame` without it), on macOS
    `~/Library/Application Support/civgame`, on Windows the roaming `%APPDATA%\\civgame`."""
    return platformdirs.user_data_path("civgame", appauthor=False, roaming=True)
