"""Sound effects: which moment of play sounds like what, and playing it if the machine can.

The effects are `assets/sounds/*.wav`, made by build_scripts/make_sounds.py. Which one an action
plays is worked out by comparing the game before and after it (`Moment`, `cues`), so the rules
never hear about sound. Without an audio device, or if the mixer cannot start, everything here
is silent and nothing fails.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from civgame.games.clash.core.model import Game
from civgame.ui import theme
from civgame.ui.combat_view import BATTLE_ENDS, BATTLE_STARTS, ROLLS

SOUNDS_DIR = theme.ASSETS / "sounds"
# Most important first: when an action causes several, only the first is played.
EFFECTS = ("battle", "dice", "event", "build", "card", "end_turn")


@dataclass(frozen=True)
class Moment:
    """What the sounds compare before and after an action."""

    log: int
    turn: tuple[str, int, int, int]
    pieces: int  # cities, buildings, wonders and units on the board
    cards: int  # in every hand
    event_pile: int  # event cards left to draw

    @classmethod
    def of(cls, game: Game) -> Moment:
        return cls(
            len(game.log),
            (game.phase, game.age, game.round, game.current),
            len(game.cities) + sum(len(c.buildings) + len(c.wonders) for c in game.cities) + len(game.units),
            sum(len(p.action_cards) + len(p.objective_cards) + len(p.wonder_cards) for p in game.players),
            len(game.decks["event"].draw) if "event" in game.decks else 0,
        )


def cues(before: Moment, game: Game) -> list[str]:
    """The effects the last action calls for, most important first."""
    after = Moment.of(game)
    added = game.log[before.log :]
    found = set()
    if any(line.startswith(BATTLE_STARTS + BATTLE_ENDS) for line in added):
        found.add("battle")
    if any(ROLLS.search(line) for line in added):
        found.add("dice")
    if after.event_pile < before.event_pile:
        found.add("event")
    if after.pieces > before.pieces:
        found.add("build")
    if after.cards != before.cards:
        found.add("card")
    if after.turn != before.turn:
        found.add("end_turn")
    return [name for name in EFFECTS if name in found]


def _start_mixer() -> bool:
    """Open the audio device; False (and silence) if there is none or the mixer cannot start."""
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
    except (pygame.error, NotImplementedError, OSError):
        return False
    return bool(pygame.mixer.get_init())


class Sounds:
    """The loaded effects at the volume of the settings (0 to 100 percent; 0 is silent).

    The audio device is opened only once the volume is above 0: a muted window (and a screenshot) never
    asks the system for one, so a machine without sound prints nothing about it."""

    def __init__(self, volume: int):
        self.effects: dict[str, pygame.mixer.Sound] = {}
        self.volume = 0
        self._tried = False  # the audio device was asked for
        self.set_volume(volume)

    def _load(self) -> None:
        self._tried = True
        if not _start_mixer():
            return
        for name in EFFECTS:
            try:
                self.effects[name] = pygame.mixer.Sound(str(SOUNDS_DIR / f"{name}.wav"))
            except (pygame.error, FileNotFoundError):
                continue  # a missing or unreadable file: that moment stays silent

    @property
    def available(self) -> bool:
        return bool(self.effects)

    def set_volume(self, percent: int) -> None:
        self.volume = max(0, min(100, percent))
        if self.volume and not self._tried:
            self._load()
        for effect in self.effects.values():
            effect.set_volume(self.volume / 100)

    def play(self, name: str) -> bool:
        """Play one effect; True if it was started (there is a device and the volume is up)."""
        effect = self.effects.get(name)
        if effect is None or self.volume == 0:
            return False
        try:
            effect.play()
        except pygame.error:
            return False
        return True

    def play_first(self, names: list[str]) -> str | None:
        """Play the most important of `names`; returns the one played, if any."""
        for name in names:
            if self.play(name):
                return name
        return None
