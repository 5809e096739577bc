"""Hex geometry of the board: flat-topped hexes in lettered columns, odd columns shifted down.

Spaces are axial coordinates (q, r); labels like "D7" are what players and rules data use.
"""

from __future__ import annotations

Hex = tuple[int, int]

# Fixed order: down, down-right, up-right, up, up-left, down-left.
DIRECTIONS: tuple[Hex, ...] = ((0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1))

# Slot offsets from a region's anchor for rotation 0; other rotations are derived.
_BASE_SLOTS: tuple[Hex, ...] = ((0, 0), (-1, 1), (1, 0), (0, 1))
_SLOTS: dict[tuple[Hex, int], tuple[Hex, ...]] = {}  # region_slots' answers by (anchor, rotation)


def label_to_hex(label: str) -> Hex:
    col, row = label[0].upper(), int(label[1:])
    q = ord(col) - ord("A")
    r = (row - 1) - (q - (q & 1)) // 2
    return (q, r)


def hex_to_label(h: Hex) -> str:
    q, r = h
    row = r + (q - (q & 1)) // 2 + 1
    return f"{chr(ord('A') + q)}{row}"


def neighbors(h: Hex) -> list[Hex]:
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _rotate(offset: Hex, steps: int) -> Hex:
    """Rotate an axial offset by `steps` sixths of a turn (direction d_i -> d_{i+1})."""
    q, r = offset
    for _ in range(steps % 6):
        q, r = q + r, -q  # one step maps (0,1)->(1,0)->(1,-1)->...
    return (q, r)


def region_slots(anchor: Hex, rotation: int) -> list[Hex]:
    """The 4 spaces a region covers, in slot order, for an anchor and rotation 0..5."""
    slots = _SLOTS.get((anchor, rotation))
    if slots is None:  # a pure function of a few dozen placements, asked whenever board caches refill
        shift = DIRECTIONS[rotation - 3] if rotation >= 3 else (0, 0)
        slots = _SLOTS[(anchor, rotation)] = tuple(
            (anchor[0] + dq + shift[0], anchor[1] + dr + shift[1])
            for dq, dr in (_rotate(o, rotation) for o in _BASE_SLOTS)
        )
    return list(slots)
