"""Synthesise the game's sound effects into assets/sounds/*.wav (mono, 16 bit, 22050 Hz).

    python build_scripts/make_sounds.py

Every effect is made here from sine waves and seeded noise, so the files are ours and the same
script always writes the same bytes. The interface plays them (civgame/ui/sound.py): dice rolled,
a battle, something built or founded, a card drawn or played, an event, the end of a turn.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"
Samples = list[float]


def silence(seconds: float) -> Samples:
    return [0.0] * int(seconds * RATE)


def mix(base: Samples, sound: Samples, at: float, gain: float = 1.0) -> Samples:
    """`sound` added into `base` starting `at` seconds in (base grows if needed)."""
    start = int(at * RATE)
    if len(base) < start + len(sound):
        base = base + [0.0] * (start + len(sound) - len(base))
    for i, value in enumerate(sound):
        base[start + i] += value * gain
    return base


def tone(partials: list[tuple[float, float]], seconds: float, decay: float, attack: float = 0.004) -> Samples:
    """A sum of sine partials (frequency, amplitude) with a short attack and an exponential decay."""
    out = []
    for i in range(int(seconds * RATE)):
        t = i / RATE
        envelope = min(1.0, t / attack) * math.exp(-t / decay)
        out.append(envelope * sum(a * math.sin(2 * math.pi * f * t) for f, a in partials))
    return out


def noise(rng: random.Random, seconds: float, decay: float, smooth: float, attack: float = 0.002) -> Samples:
    """Seeded white noise through a one-pole low-pass (`smooth` 0 = none, near 1 = dull), decaying."""
    out, last = [], 0.0
    for i in range(int(seconds * RATE)):
        t = i / RATE
        last = smooth * last + (1 - smooth) * rng.uniform(-1, 1)
        out.append(last * min(1.0, t / attack) * math.exp(-t / decay))
    return out


def knock(frequency: float, seconds: float = 0.12) -> Samples:
    """A wooden knock: a low tone whose pitch drops quickly."""
    out, phase = [], 0.0
    for i in range(int(seconds * RATE)):
        t = i / RATE
        phase += 2 * math.pi * frequency * (1 + 1.5 * math.exp(-t / 0.01)) / RATE
        out.append(math.sin(phase) * math.exp(-t / 0.03))
    return out


def dice(rng: random.Random) -> Samples:
    """Dice rattling on a table: a few bright clicks, then the last die settles."""
    out = silence(0.05)
    at = 0.0
    for _ in range(7):
        click = noise(rng, 0.05, 0.008, 0.35)
        out = mix(out, mix(click, knock(rng.uniform(700, 1100), 0.04), 0, 0.5), at, rng.uniform(0.5, 0.9))
        at += rng.uniform(0.03, 0.07)
    return mix(out, knock(420, 0.1), at + 0.03, 0.6)


def battle(rng: random.Random) -> Samples:
    """Two clashes of metal: inharmonic ringing partials over a burst of noise."""
    out = silence(0.05)
    for at, pitch in ((0.0, 1.0), (0.16, 1.12)):
        ring = tone([(520 * pitch, 0.5), (1230 * pitch, 0.35), (1870 * pitch, 0.25), (2630 * pitch, 0.15)], 0.5, 0.12)
        out = mix(out, mix(ring, noise(rng, 0.12, 0.02, 0.2), 0, 0.8), at)
    return out


def build(rng: random.Random) -> Samples:
    """Three hammer knocks on wood."""
    out = silence(0.05)
    for i, frequency in enumerate((190, 210, 180)):
        out = mix(out, mix(knock(frequency), noise(rng, 0.03, 0.006, 0.5), 0, 0.4), i * 0.13)
    return out


def card(rng: random.Random) -> Samples:
    """A card sliding off the deck: a soft rising and falling swish."""
    seconds = 0.26
    swish = noise(rng, seconds, 10.0, 0.55, attack=0.001)
    out = [v * math.sin(math.pi * i / len(swish)) ** 2 for i, v in enumerate(swish)]
    return mix(out, noise(rng, 0.02, 0.004, 0.3), seconds * 0.8, 0.3)


def event(rng: random.Random) -> Samples:
    """A low gong: bell partials ringing for almost a second, over a soft swell of noise."""
    gong = tone([(196, 0.6), (392 * 1.01, 0.3), (587 * 0.99, 0.2), (823, 0.12), (1160, 0.06)], 1.1, 0.35, 0.01)
    return mix(gong, noise(rng, 0.4, 0.12, 0.9), 0, 0.5)


def end_turn(rng: random.Random) -> Samples:
    """Two soft chime notes rising a fifth: the turn passes on."""
    first = tone([(523, 0.5), (1046, 0.15), (1569, 0.05)], 0.45, 0.18)
    second = tone([(784, 0.5), (1568, 0.15), (2352, 0.05)], 0.6, 0.22)
    return mix(first, second, 0.14)


EFFECTS: dict[str, Callable[[random.Random], Samples]] = {
    "dice": dice,
    "battle": battle,
    "build": build,
    "card": card,
    "event": event,
    "end_turn": end_turn,
}


def write_wav(path: Path, samples: Samples, peak: float = 0.7) -> None:
    """Normalise to `peak` of full scale, fade out the last 10 ms, and write 16-bit mono."""
    top = max(abs(v) for v in samples) or 1.0
    fade = int(0.01 * RATE)
    frames = bytearray()
    for i, value in enumerate(samples):
        k = min(1.0, (len(samples) - i) / fade)
        frames += struct.pack("<h", round(value / top * peak * k * 32767))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(frames))


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for index, (name, make) in enumerate(EFFECTS.items()):
        path = OUT / f"{name}.wav"
        write_wav(path, make(random.Random(index)))
        print(f"{path.relative_to(OUT.parent.parent)}: {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
