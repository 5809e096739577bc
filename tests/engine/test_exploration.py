"""Exploring: revealing a face-down region and the order of its orientation rules.

2 players; player 0's home region: D2 grassland, E2 mountain, C2 forest, D1 barren.
The free regions used here, with their spaces in slot order (base rotation / opposite):
    region 3 (edge):     B2 A3 C3 B3 / B3 C3 A3 B2
    region 4 (edge):     F2 E3 G3 F3 / F3 G3 E3 F2
    region 5 (interior): D3 C4 E4 D4 / D4 E4 C4 D3
    region 6 (edge):     B4 A5 C5 B5 / B5 C5 A5 B4
    region 8 (interior): D5 C6 E6 D6 / D6 E6 C6 D5
Tiles (slot order): 1 = W W F F, 2 = W M W M, 3 = W W M G, 5 = W G G B, 9 = F W G F, 14 = G G G F.
"""

import pytest

from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.games.clash.core.actions import ChooseOrientation, MoveUnits, StartMove
from civgame.games.clash.core.decisions import MoveDecision, OrientationDecision
from civgame.games.clash.core.hexgrid import hex_to_label
from tests.scenario import Scenario

BASE, OPPOSITE = 0, 3  # every region used here has base rotation 0


def scenario(**tiles: tuple[str, int | None]) -> Scenario:
    """Regions given as r<number>=(tile, rotation); rotation None leaves the tile face down."""
    s = Scenario(players=2)
    for key, (tile, rotation) in tiles.items():
        s.place_tile(int(key[1:]), tile, rotation)
    return s


def move(s: Scenario, units, to: str) -> None:
    if not s.game.pending:
        s.apply(StartMove())
    s.apply(MoveUnits(tuple(u.id for u in units), s.hex(to)))


def region(s: Scenario, number: int):
    return s.game.regions[number - 1]


def pos(unit) -> str:
    return hex_to_label(unit.pos)


# ------------------------------------------------------------------ rule 1: land units never enter sea


def test_land_rule_turns_the_region_when_the_base_puts_sea_on_the_entered_space():
    s = scenario(r5=("3", None))
    settler = s.unit(0, "settler", "D2")
    rng_state = s.game.rng.state
    move(s, [settler], "D3")
    assert region(s, 5).rotation == OPPOSITE
    assert [s.terrain(x) for x in ("D4", "E4", "C4", "D3")] == ["sea", "sea", "mountain", "grassland"]
    assert pos(settler) == "D3" and settler.carrier is None
    assert s.game.rng.state == rng_state  # the tile was dealt at setup: no randomness


def test_land_rule_keeps_the_base_when_the_opposite_puts_sea_there_and_mountains_stop_the_explorer():
    # 2012 rulebook: the explorer ends on a mountain and cannot move again this turn.
    # D5 is sea: connecting water would want the opposite, but the entry rule comes first.
    s = scenario(r3=("14", 0), r5=("2", None), r8=("5", 0))
    settler = s.unit(0, "settler", "C3")
    move(s, [settler], "C4")
    assert region(s, 5).rotation == BASE
    assert s.terrain("C4") == "mountain" and pos(settler) == "C4"
    assert settler.immobile


def test_exploring_ends_the_groups_move_and_uses_one_group():
    s = scenario(r5=("3", None))
    settler = s.unit(0, "settler", "D2")
    move(s, [settler], "D3")
    decision = s.game.pending[-1]
    assert isinstance(decision, MoveDecision) and decision.groups_left == 2
    assert settler.moved_this_action
    assert not [a for a in s.legal_of(MoveUnits) if settler.id in a.units]


# ------------------------------------------------------------------ rule 2: connect water


def test_connect_water_decides_when_the_entered_space_is_land_either_way_base():
    s = scenario(r3=("14", 0), r4=("9", 0), r5=("5", None))  # E3 is sea, next to D3 only
    settler = s.unit(0, "settler", "C3")
    move(s, [settler], "C4")
    assert region(s, 5).rotation == BASE
    assert s.terrain("D3") == "sea" and s.terrain("C4") == "grassland" and pos(settler) == "C4"


def test_connect_water_decides_when_the_entered_space_is_land_either_way_opposite():
    s = scenario(r3=("14", 0), r8=("5", 0), r5=("5", None))  # D5 is sea, next to D4 only
    settler = s.unit(0, "settler", "C3")
    move(s, [settler], "C4")
    assert region(s, 5).rotation == OPPOSITE
    assert s.terrain("D4") == "sea" and pos(settler) == "C4"


# ------------------------------------------------------------------ rule 3: sea on the board's edge


def test_connecting_water_comes_before_the_edge():
    s = scenario(r3=("9", None), r5=("3", 0))  # D3 is sea: next to C3 (opposite), not A3 (edge, base)
    settler = s.unit(0, "settler", "C2")
    move(s, [settler], "B2")
    assert region(s, 3).rotation == OPPOSITE
    assert s.terrain("C3") == "sea" and pos(settler) == "B2"


def test_edge_rule_puts_the_sea_against_the_edge_base():
    s = scenario(r3=("9", None))  # sea slot 1: A3 (edge) at base, C3 (inland) opposite
    settler = s.unit(0, "settler", "C2")
    move(s, [settler], "B2")
    assert region(s, 3).rotation == BASE
    assert s.terrain("A3") == "sea" and s.terrain("B2") == "forest"
    assert pos(settler) == "B2" and settler.no_attack  # entered a forest


def test_edge_rule_puts_the_sea_against_the_edge_opposite():
    s = scenario(r4=("9", None))  # sea slot 1: E3 (inland) at base, G3 (edge) opposite
    settler = s.unit(0, "settler", "E2")
    move(s, [settler], "F2")
    assert region(s, 4).rotation == OPPOSITE
    assert s.terrain("G3") == "sea" and s.terrain("E3") == "grassland" and pos(settler) == "F2"


# ------------------------------------------------------------------ rule 4: the explorer chooses


@pytest.mark.parametrize("rotation, terrain", [(BASE, "grassland"), (OPPOSITE, "forest")])
def test_the_explorer_chooses_when_no_rule_decides(rotation, terrain):
    s = scenario(r5=("14", None))  # no sea at all
    settler = s.unit(0, "settler", "D2")
    move(s, [settler], "D3")
    decision = s.game.pending[-1]
    assert isinstance(decision, OrientationDecision)
    assert (decision.player, decision.region, decision.options) == (0, 5, [BASE, OPPOSITE])
    assert (decision.units, decision.origin, decision.target) == ([settler.id], s.hex("D2"), s.hex("D3"))
    assert not region(s, 5).revealed and pos(settler) == "D2"
    assert set(s.legal()) == {ChooseOrientation(BASE), ChooseOrientation(OPPOSITE)}
    s.apply(ChooseOrientation(rotation))
    assert region(s, 5).rotation == rotation
    assert s.terrain("D3") == terrain and pos(settler) == "D3"
    assert isinstance(s.game.pending[-1], MoveDecision) and s.game.pending[-1].groups_left == 2


def test_inland_sea_with_no_water_near_is_the_explorers_choice():
    s = scenario(r3=("14", 0), r5=("5", None))
    settler = s.unit(0, "settler", "C3")
    move(s, [settler], "C4")
    assert s.game.pending[-1].options == [BASE, OPPOSITE]
    s.apply(ChooseOrientation(OPPOSITE))
    assert s.terrain("D4") == "sea" and pos(settler) == "C4"


def test_only_the_offered_rotations_may_be_chosen():
    s = scenario(r5=("14", None))
    settler = s.unit(0, "settler", "D2")
    move(s, [settler], "D3")
    before = to_plain(s.game)
    with pytest.raises(RuleError):
        s.apply(ChooseOrientation(1))
    assert to_plain(s.game) == before


def test_the_last_group_closes_the_move_action_before_the_choice():
    s = scenario(r4=("14", None))
    a, b, c = s.units(0, "settler", "D2", 3)
    move(s, [a], "D1")
    move(s, [b], "C2")
    move(s, [c], "E3")
    assert len(s.game.pending) == 1 and isinstance(s.game.pending[0], OrientationDecision)
    s.apply(ChooseOrientation(BASE))
    assert s.game.pending == [] and pos(c) == "E3"


# ------------------------------------------------------------------ ships (question 13: the ship rule governs)


def test_ship_rule_places_the_ship_on_the_regions_sea_it_can_reach():
    s = scenario(r3=("1", 3), r5=("5", None))  # own sea: B3, C3; region 5's sea is D3 or D4
    ship = s.unit(0, "ship", "C3")
    rider = s.unit(0, "settler", "C3", carrier=ship)
    move(s, [ship], "C4")
    assert region(s, 5).rotation == BASE  # D3 touches C3; D4 would not
    assert pos(ship) == pos(rider) == "D3" and rider.carrier == ship.id
    assert ship.moved_this_action and not rider.moved_this_action


def test_ship_rule_turns_the_region_towards_the_ships_sea():
    s = scenario(r6=("1", 3), r5=("5", None))  # own sea: B5, C5, next to D4 but not D3
    ship = s.unit(0, "ship", "C5")
    move(s, [ship], "C4")
    assert region(s, 5).rotation == OPPOSITE
    assert pos(ship) == "D4" and s.terrain("D4") == "sea"


def test_a_ship_may_explore_into_sea_where_a_land_unit_could_not():
    s = scenario(r3=("1", 3), r5=("3", None))
    ship = s.unit(0, "ship", "C3")
    move(s, [ship], "D3")
    assert region(s, 5).rotation == BASE  # a land unit entering D3 would get the opposite
    assert s.terrain("D3") == "sea" and pos(ship) == "D3"


def test_a_ship_that_cannot_reach_the_regions_sea_stays_and_the_later_rules_decide():
    s = scenario(r3=("1", 3), r6=("9", None))  # region 6's sea (A5 or C5) never touches B3/C3
    ship = s.unit(0, "ship", "C3")
    move(s, [ship], "B4")
    assert region(s, 6).rotation == BASE  # edge rule: A5 is on the edge, C5 is not
    assert s.terrain("A5") == "sea" and s.terrain("B4") == "forest"
    assert pos(ship) == "C3" and ship.moved_this_action
    assert s.game.pending[-1].groups_left == 2


def test_the_ships_sea_ends_at_enemy_ships_it_cannot_pass():
    # Sea B3-C3-C4-D4 with a pirate on C4: region 6's sea at C5 would touch C4 and D4, which this
    # ship cannot sail through, so the ship stays; connecting water still turns the region.
    s = scenario(r3=("1", 3), r5=("2", 3), r6=("9", None))
    ship = s.unit(0, "ship", "B3")
    s.unit(-2, "ship", "C4")
    move(s, [ship], "B4")
    assert region(s, 6).rotation == OPPOSITE and s.terrain("C5") == "sea"
    assert pos(ship) == "B3"


@pytest.mark.parametrize("rotation, ends_on", [(BASE, "D3"), (OPPOSITE, "D4")])
def test_when_both_ways_reach_the_ships_sea_the_player_chooses_and_the_ship_sails_in(rotation, ends_on):
    s = scenario(r3=("1", 3), r5=("2", None))  # base sea D3, E4; opposite sea D4, C4: both touch C3
    ship = s.unit(0, "ship", "C3")
    move(s, [ship], "D3")
    assert s.game.pending[-1].options == [BASE, OPPOSITE]
    assert pos(ship) == "C3"
    s.apply(ChooseOrientation(rotation))
    assert pos(ship) == ends_on and s.terrain(ends_on) == "sea"


def test_a_ship_with_no_sea_to_reach_stays_after_the_choice():
    s = scenario(r3=("1", 3), r6=("14", None))
    ship = s.unit(0, "ship", "C3")
    move(s, [ship], "B4")
    s.apply(ChooseOrientation(OPPOSITE))
    assert region(s, 6).rotation == OPPOSITE and pos(ship) == "C3"


def test_units_disembarking_into_an_unexplored_space_use_the_land_rule():
    s = scenario(r3=("1", 3), r5=("3", None))
    ship = s.unit(0, "ship", "C3")
    settler = s.unit(0, "settler", "C3", carrier=ship)
    move(s, [settler], "D3")
    assert region(s, 5).rotation == OPPOSITE
    assert pos(settler) == "D3" and settler.carrier is None and pos(ship) == "C3"


def test_a_ship_explores_only_next_to_the_sea_it_can_sail():
    s = scenario(r3=("1", 3), r4=("5", None))
    ship = s.unit(0, "ship", "C3")
    s.apply(StartMove())
    action = MoveUnits((ship.id,), s.hex("E3"))
    assert action not in s.legal()
    before = to_plain(s.game)
    with pytest.raises(RuleError):
        s.apply(action)
    assert to_plain(s.game) == before


def test_the_log_names_the_move_and_the_explorers_choice_in_board_terms():
    s = scenario(r3=("14", 0), r5=("5", None))
    settler = s.unit(0, "settler", "C3")
    move(s, [settler], "C4")
    s.apply(ChooseOrientation(OPPOSITE))
    log = s.game.log
    assert not any("moves units" in line or "rotation" in line or "region 5" in line for line in log)
    assert "Player 1 chooses which way the region around D3 lies" in log
    assert "Player 1 turns the region around D3 so its sea lies at D4" in log
    assert "Player 1 moves 1 settler from C3 to C4" in log
