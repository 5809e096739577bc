"""The player's display, autosave and sound choices, remembered between starts in the data folder."""

from __future__ import annotations

import json
from typing import IO

try:
    import fcntl
except ImportError:  # Windows: one autosave per data folder
    fcntl = None  # type: ignore[assignment]
from dataclasses import dataclass, field
from pathlib import Path

from civgame.games.clash.storage.mods import user_data_dir
from civgame.ui.animation import ANIMATION_SPEEDS

MIN_SIZE = (960, 600)
MAX_SIZE = 16384  # pixels a side: larger than any screen, small enough for any window system
STORED_SETTINGS = ("size", "fullscreen", "autosave", "animation_speed", "show_coordinates", "volume", "muted")


@dataclass
class Settings:
    size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    autosave: bool = True  # save to `autosave_path` whenever the seat changes hands
    animation_speed: str = "normal"  # one of ANIMATION_SPEEDS; "off" draws each new state at once
    show_coordinates: bool = False  # each space's label (C4) drawn on the map
    volume: int = 70  # of the sound effects, in percent
    muted: bool = False
    data_dir: Path = field(default_factory=user_data_dir)
    load: str | None = None  # a save to open straight away
    first_game: str | None = None  # the game whose new-game screen opens first ("sid-meier"), else the title
    first_expansions: list[str] = field(default_factory=list)  # switched on there at first (`--expansions`)
    first_great_person_deck: bool = False  # the great person deck switched on there at first (`--great-person-deck`)
    restore_problem: str | None = field(default=None, compare=False)  # why the remembered settings were not used
    _autosave: _Autosave | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def saves_dir(self) -> Path:
        return self.data_dir / "saves"

    @property
    def autosave_path(self) -> Path:
        """This window's autosave: `autosave.yaml`, or while another window on the same data folder
        holds that one, `autosave-2.yaml` and so on (each held by a lock until the window closes)."""
        if self._autosave is None:
            self._autosave = _claim_autosave(self.data_dir)
        return self._autosave.path

    def release_autosave(self) -> None:
        """The window closes: another may take its autosave."""
        if self._autosave is not None:
            self._autosave.release()
            self._autosave = None

    @property
    def settings_path(self) -> Path:
        return self.data_dir / "settings.json"

    @property
    def log_path(self) -> Path:
        return self.data_dir / "civgame.log"

    def store(self) -> None:
        """Remember the player's choices (size, fullscreen, autosave, animation speed, coordinates,
        sound) for the next start."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        stored = {key: getattr(self, key) for key in STORED_SETTINGS}
        self.settings_path.write_text(json.dumps(stored), encoding="utf-8")

    def restore(self) -> Settings:
        """Read the remembered choices. A missing file leaves the defaults; an unreadable one, or one
        edited by hand into something else (`[]`, `1e999`), too, and `restore_problem` says so."""
        try:
            stored = json.loads(self.settings_path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return self
        except (OSError, ValueError) as exc:
            self.restore_problem = f"{self.settings_path} cannot be read ({exc}): the default settings are used"
            return self
        if not isinstance(stored, dict):
            self.restore_problem = f"{self.settings_path} does not hold settings: the default settings are used"
            return self
        ignored = [key for key in STORED_SETTINGS if key in stored and not self._take(key, stored[key])]
        if ignored:
            self.restore_problem = f"{self.settings_path}: {', '.join(ignored)} unreadable: the defaults are used"
        return self

    def _take(self, key: str, value: object) -> bool:
        """Take one remembered choice if it is a value of its kind; whether it was."""
        if key == "size":
            if not (isinstance(value, list) and len(value) == 2 and all(_whole(v) for v in value)):
                return False
            width, height = (max(low, min(MAX_SIZE, int(v))) for low, v in zip(MIN_SIZE, value, strict=True))
            self.size = (width, height)
        elif key == "volume":
            if not _whole(value):
                return False
            self.volume = max(0, min(100, int(value)))  # type: ignore[call-overload]
        elif key == "animation_speed":
            if value not in ANIMATION_SPEEDS:
                return False
            self.animation_speed = str(value)
        elif type(value) is bool:
            setattr(self, key, value)
        else:
            return False
        return True


MAX_WINDOWS = 20  # windows on one data folder, each with an autosave of its own


class _Autosave:
    """An autosave file and the lock that keeps it this window's (POSIX; elsewhere no lock is taken)."""

    def __init__(self, path: Path, lock: IO[bytes] | None) -> None:
        self.path, self.lock = path, lock

    def release(self) -> None:
        if self.lock is not None:
            self.lock.close()  # (closing the file releases its lock)


def _claim_autosave(folder: Path) -> _Autosave:
    names = ["autosave.yaml", *(f"autosave-{n}.yaml" for n in range(2, MAX_WINDOWS + 1))]
    if fcntl is None:
        return _Autosave(folder / names[0], None)
    for name in names:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            lock = (folder / f".{name}.lock").open("ab")
        except OSError:  # a folder that cannot be written: the autosave will say so when it is written
            return _Autosave(folder / names[0], None)
        try:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # held by another window
            lock.close()
            continue
        return _Autosave(folder / name, lock)
    return _Autosave(folder / names[-1], None)


def _whole(value: object) -> bool:
    """A whole number as JSON holds one (not a boolean, nor a float such as 1e999)."""
    return type(value) is int
