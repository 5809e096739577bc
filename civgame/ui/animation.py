"""Short animations after an action, found by comparing the board before and after it.

Units that changed space slide from the old space to the new one, a city that was activated or
changed (collected, recruited, constructed, founded, changed mood) pulses, and the lines a
battle added to the combat panel (each side's dice roll) appear one after another.

Animations only interpolate the drawing: when one starts the model already is in its final
state, and nothing here changes it. Ending an animation early (a click) simply draws that
final state. The speed setting scales every duration; "off" starts none.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from civgame.games.clash.core.hexgrid import Hex
from civgame.games.clash.core.model import City, Game
from civgame.ui.board_view import Slide

SPEED_FACTORS = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 2.0}  # times the durations below
ANIMATION_SPEEDS = tuple(SPEED_FACTORS)
SLIDE_SECONDS = 0.45  # a group of units moving to the next space
PULSE_SECONDS = 0.7  # the ring around a city that changed
LINE_SECONDS = 0.4  # between two new lines of the combat panel
MAX_LINES_SECONDS = 3.0  # a long battle's lines come faster, so that it ends within this


def _city_look(city: City) -> tuple:
    return city.owner, city.mood, tuple(sorted(city.buildings.items())), tuple(city.wonders)


@dataclass(frozen=True)
class BoardState:
    """What the animations compare: each unit's space and each city's activations and looks."""

    units: dict[int, Hex]
    activations: dict[int, int]
    looks: dict[int, tuple]

    @classmethod
    def of(cls, game: Game) -> BoardState:
        return cls(
            {u.id: u.pos for u in game.units},
            {c.id: c.activations for c in game.cities},
            {c.id: _city_look(c) for c in game.cities},
        )


def _ease(t: float) -> float:
    """Slow at both ends (smoothstep), so a sliding unit starts and stops gently."""
    return t * t * (3 - 2 * t)


@dataclass
class Animations:
    """The animations of the last action, all timed from `started` (seconds of the scene's clock)."""

    started: float = 0.0
    moves: list[tuple[tuple[int, ...], Hex, Hex]] = field(default_factory=list)  # (unit ids, from, to)
    pulses: list[Hex] = field(default_factory=list)
    lines: tuple[int, int] | None = None  # (lines shown at once, all lines) of the combat panel
    slide_seconds: float = 0.0
    pulse_seconds: float = 0.0
    line_seconds: float = 0.0
    lines_from: float = 0.0  # seconds after `started` when the first new line appears
    ends: float = 0.0  # when the last one is over

    @property
    def active(self) -> bool:
        return bool(self.moves or self.pulses or self.lines)

    def start(
        self, before: BoardState, game: Game, now: float, speed: str, battle_lines: tuple[int, int] | None = None
    ) -> None:
        """Animate the change from `before` to `game`; `battle_lines` is (lines seen before, lines now)."""
        self.finish()
        factor = SPEED_FACTORS.get(speed, 1.0)
        if factor <= 0:
            return
        self.started = now
        self.moves = _moves(before, game)
        self.pulses = [
            c.pos
            for c in game.cities
            if c.activations > before.activations.get(c.id, 0) or _city_look(c) != before.looks.get(c.id)
        ]
        self.slide_seconds = SLIDE_SECONDS * factor if self.moves else 0.0
        self.pulse_seconds = PULSE_SECONDS * factor if self.pulses else 0.0
        lines_end = 0.0
        if battle_lines is not None and battle_lines[1] > battle_lines[0]:
            new = battle_lines[1] - battle_lines[0]
            self.lines = battle_lines
            self.line_seconds = min(LINE_SECONDS, MAX_LINES_SECONDS / new) * factor
            self.lines_from = self.slide_seconds  # the dice are rolled once the units have arrived
            lines_end = self.lines_from + self.line_seconds * new
        self.ends = now + max(self.slide_seconds, self.pulse_seconds, lines_end)

    def finish(self) -> None:
        """Stop every animation: from now on the final state is drawn."""
        self.moves, self.pulses, self.lines = [], [], None

    def finish_if_over(self, now: float) -> None:
        """After a frame was drawn: once that frame showed the end, nothing is left to animate."""
        if self.active and now >= self.ends:
            self.finish()

    # ------------------------------------------------------------------ what to draw at `now`
    def slides(self, now: float) -> list[Slide]:
        if not self.moves:
            return []
        t = _ease(min(1.0, max(0.0, (now - self.started) / self.slide_seconds)))
        return [Slide(units, start, end, t) for units, start, end in self.moves]

    def pulse_progress(self, now: float) -> dict[Hex, float]:
        """Each pulsing city's space with how far its pulse is (0 to 1); none once it is over."""
        t = (now - self.started) / self.pulse_seconds if self.pulses else 1.0
        return {h: max(0.0, t) for h in self.pulses} if t < 1.0 else {}

    def shown_lines(self, now: float) -> int | None:
        """How many lines of the combat panel to show now; None for all of them."""
        if self.lines is None:
            return None
        before, total = self.lines
        appeared = math.floor((now - self.started - self.lines_from) / self.line_seconds) + 1
        return None if before + appeared >= total else before + max(0, appeared)


def _moves(before: BoardState, game: Game) -> list[tuple[tuple[int, ...], Hex, Hex]]:
    """The units that are on another space than before, grouped by where they came from and went."""
    groups: dict[tuple[Hex, Hex], list[int]] = {}
    for unit in game.units:
        old = before.units.get(unit.id)
        if old is not None and old != unit.pos:
            groups.setdefault((old, unit.pos), []).append(unit.id)
    return [(tuple(ids), start, end) for (start, end), ids in sorted(groups.items())]
