"""The player's display, autosave and sound choices, remembered between starts in the data folder."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from civgame.games.clash.storage.mods import user_data_dir
from civgame.ui.animation import ANIMATION_SPEEDS

MIN_SIZE = (960, 600)
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

    @property
    def saves_dir(self) -> Path:
        return self.data_dir / "saves"

    @property
    def autosave_path(self) -> Path:
        return self.data_dir / "autosave.yaml"

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
        stored = {k: v for k, v in asdict(self).items() if k in STORED_SETTINGS}
        self.settings_path.write_text(json.dumps(stored), encoding="utf-8")

    def restore(self) -> Settings:
        """Read the remembered choices, ignoring a missing or unreadable file and unknown values."""
        try:
            stored = json.loads(self.settings_path.read_text(encoding="utf-8"))
            width, height = stored.get("size", self.size)
            self.size = (max(MIN_SIZE[0], int(width)), max(MIN_SIZE[1], int(height)))
            self.fullscreen = bool(stored.get("fullscreen", self.fullscreen))
            self.autosave = bool(stored.get("autosave", self.autosave))
            if stored.get("animation_speed") in ANIMATION_SPEEDS:
                self.animation_speed = stored["animation_speed"]
            self.show_coordinates = bool(stored.get("show_coordinates", self.show_coordinates))
            self.muted = bool(stored.get("muted", self.muted))
            self.volume = max(0, min(100, int(stored.get("volume", self.volume))))
        except (OSError, ValueError, TypeError):
            pass
        return self
