"""Measured figures with the targets they should meet, and the aligned table they print as: what
the benchmarks and the computer players' tournament report."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass
class Figure:
    """One measured number, with the target it should meet (None: reported only)."""

    name: str
    value: float
    unit: str
    target: float | None = None
    note: str = ""
    at_least: bool = False  # the target is a floor (a win rate), not a ceiling (a time)

    @property
    def met(self) -> bool | None:
        if self.target is None:
            return None
        return self.value >= self.target if self.at_least else self.value <= self.target

    def cells(self) -> list[str]:
        met = {None: "-", True: "yes", False: "NO"}[self.met]
        bound = "≥" if self.at_least else "≤"
        target = "-" if self.target is None else f"{bound} {_number(self.target, self.unit)}"
        value = _number(self.value, self.unit) + (f"  ({self.note})" if self.note else "")
        return [self.name, value, target, met]


@dataclass
class Failure:
    """A benchmark that could not run; shown in the table instead of its figures."""

    name: str
    error: str

    def cells(self) -> list[str]:
        return [self.name, f"FAILED: {self.error}", "-", "NO"]


def _number(value: float, unit: str) -> str:
    if unit == "s" and value < 1:
        return f"{value * 1000:.3g} ms"
    if unit == "B":
        return f"{value / 1024:.1f} KiB"
    if unit == "/s":
        return f"{value:,.0f} /s"
    if unit == "%":
        return f"{value * 100:.0f} %"
    return f"{value:.3g} {unit}"


def table(rows: Sequence[Figure | Failure]) -> str:
    """The figures as one aligned text table: figure, value, target, met?"""
    header = ["figure", "value", "target", "met?"]
    cells = [header, *(row.cells() for row in rows)]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False)).rstrip() for row in cells]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def percentile(values: Sequence[float], fraction: float) -> float:
    """The value below which `fraction` of the values lie (nearest rank)."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, math.ceil(fraction * len(ordered)) - 1))
    return ordered[rank]


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The range a rate lies in with 95 % confidence (`z` 1.96) after `successes` of `trials`
    (Wilson's score interval: sound for few trials and for rates near 0 or 1)."""
    if trials <= 0:
        return 0.0, 1.0
    rate = successes / trials
    centre = (rate + z * z / (2 * trials)) / (1 + z * z / trials)
    spread = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - spread), min(1.0, centre + spread)


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """The mean of `values` and the half-width of its 95 % interval (`z` 1.96; 0 for fewer than two values)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, 0.0
    return mean, z * statistics.stdev(values) / math.sqrt(len(values))
