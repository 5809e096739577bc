"""Board coordinates and region geometry (components.md e.1, e.2)."""

import pytest

from civgame.games.clash.core.hexgrid import distance, hex_to_label, label_to_hex, neighbors, region_slots


@pytest.mark.parametrize("label,axial", [("A1", (0, 0)), ("C1", (2, -1)), ("B3", (1, 2)), ("D7", (3, 5))])
def test_labels_and_axial_coordinates(label, axial):
    assert label_to_hex(label) == axial
    assert hex_to_label(axial) == label


def test_neighbours_of_an_offset_column_space():
    assert sorted(hex_to_label(h) for h in neighbors(label_to_hex("D2"))) == ["C2", "C3", "D1", "D3", "E2", "E3"]


def test_distance():
    assert distance(label_to_hex("D2"), label_to_hex("D7")) == 5
    assert distance(label_to_hex("A1"), label_to_hex("C2")) == 2


@pytest.mark.parametrize(
    "rotation,offsets",
    [
        (0, [(0, 0), (-1, 1), (1, 0), (0, 1)]),
        (1, [(0, 0), (0, 1), (1, -1), (1, 0)]),
        (2, [(0, 0), (1, 0), (0, -1), (1, -1)]),
        (3, [(0, 1), (1, 0), (-1, 1), (0, 0)]),
        (4, [(1, 0), (1, -1), (0, 1), (0, 0)]),
        (5, [(1, -1), (0, -1), (1, 0), (0, 0)]),
    ],
)
def test_region_slot_offsets_match_the_catalogue_table(rotation, offsets):
    assert region_slots((0, 0), rotation) == offsets


def test_opposite_rotations_cover_the_same_spaces_reversed():
    for rotation in range(3):
        a, b = region_slots((4, 2), rotation), region_slots((4, 2), rotation + 3)
        assert a == list(reversed(b))
