"""Move Units: groups, land moves, Tactics, terrain, stacking, settlers, ships and cargo.

The board (2 players, player 0's home region at the top):

    D2 grassland   E2 mountain   C2 forest   D1 barren        (home region 1)
    B3 sea   C3 sea   A3 forest   B2 forest                     (region 3: tile 1 turned)
    D3 grassland   C4 grassland   E4 grassland   D4 forest      (region 5: tile 14)

Every other free region is face down; E3 (region 4) and B4 (region 6) are unexplored spaces
next to it. Player 1's units are placed where a test needs an enemy.
"""

import copy
import random
from collections.abc import Iterator

import pytest

from civgame.ai.random_agent import AggressiveAgent
from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.games.clash import new_game
from civgame.games.clash.content.effects import has, holdings_changed
from civgame.games.clash.core.actions import BoardShips, EndMove, MoveUnits, Retreat, StartMove
from civgame.games.clash.core.copying import copy_game
from civgame.games.clash.core.decisions import BoardingDecision, MoveDecision, RetreatDecision
from civgame.games.clash.core.hexgrid import hex_to_label
from civgame.games.clash.core.model import Game
from civgame.games.clash.rules.actions import movement, shipcraft
from civgame.games.clash.rules.flow.controller import apply, legal_actions
from civgame.games.clash.rules.flow.invariants import check_invariants
from tests.scenario import Scenario


def board() -> Scenario:
    s = Scenario(players=2)
    s.place_tile(3, "1", 3)
    s.place_tile(5, "14", 0)
    return s


def long_sea() -> Scenario:
    """Region 5 is tile 2 turned instead: sea B3-C3-C4-D4 in a row, D3 and E4 mountains."""
    s = Scenario(players=2)
    s.place_tile(3, "1", 3)
    s.place_tile(5, "2", 3)
    return s


def labels(s: Scenario, *names: str):
    return {s.hex(n) for n in names}


def destinations(s: Scenario, unit) -> set:
    return {a.to for a in s.legal_of(MoveUnits) if a.units == (unit.id,)}


def move(s: Scenario, units, to: str) -> None:
    s.apply(MoveUnits(tuple(u.id for u in units), s.hex(to)))


def assert_illegal(s: Scenario, action) -> None:
    """The action is not offered, raises RuleError and changes nothing."""
    assert action not in s.legal()
    before = to_plain(s.game)
    with pytest.raises(RuleError):
        s.apply(action)
    assert to_plain(s.game) == before


def pos(s: Scenario, unit) -> str:
    return hex_to_label(unit.pos)


# ------------------------------------------------------------------ the move action


def test_start_move_spends_an_action_and_opens_three_groups():
    s = board()
    settler = s.unit(0, "settler", "D2")
    settler.moved_this_action = True  # left over from an earlier move action
    s.apply(StartMove())
    assert s.game.actions_left == 2
    (decision,) = s.game.pending
    assert isinstance(decision, MoveDecision)
    assert (decision.player, decision.groups_left) == (0, 3)
    assert settler.moved_this_action is False


def test_start_move_needs_a_unit_that_can_move():
    s = board()
    s.unit(0, "infantry", "D2")  # no Tactics
    s.unit(1, "settler", "D3")
    assert_illegal(s, StartMove())


def test_start_move_needs_a_main_action():
    s = board()
    s.unit(0, "settler", "D2")
    s.game.actions_left = 0
    assert_illegal(s, StartMove())


def test_a_land_unit_moves_one_space_to_adjacent_land_or_unexplored_space():
    s = board()
    settler = s.unit(0, "settler", "D2")
    s.apply(StartMove())
    # C3 is sea without a ship of the player; E3 is face down (exploring).
    assert destinations(s, settler) == labels(s, "D3", "E2", "D1", "C2", "E3")
    move(s, [settler], "D3")
    assert pos(s, settler) == "D3" and settler.moved_this_action
    assert s.game.pending[-1].groups_left == 2


def test_a_land_unit_cannot_move_two_spaces_or_into_sea():
    s = board()
    settler = s.unit(0, "settler", "D2")
    s.apply(StartMove())
    assert_illegal(s, MoveUnits((settler.id,), s.hex("E4")))
    assert_illegal(s, MoveUnits((settler.id,), s.hex("C3")))
    assert_illegal(s, MoveUnits((settler.id,), s.hex("D2")))
    assert_illegal(s, MoveUnits((settler.id,), (30, 30)))


def test_each_unit_moves_once_per_move_action_but_again_in_the_next():
    s = board()
    settler = s.unit(0, "settler", "D2")
    s.apply(StartMove())
    move(s, [settler], "D3")
    assert_illegal(s, MoveUnits((settler.id,), s.hex("C4")))
    s.apply(EndMove())
    assert s.game.pending == []
    s.apply(StartMove())
    move(s, [settler], "C4")
    assert pos(s, settler) == "C4" and s.game.actions_left == 1


def test_units_moving_together_form_one_group_and_three_groups_end_the_action():
    s = board()
    a, b, c, d = s.units(0, "settler", "D2", 4)
    s.apply(StartMove())
    move(s, [a, b], "D3")  # one group of two
    assert s.game.pending[-1].groups_left == 2
    move(s, [c], "D3")  # same start and destination, but a separate group
    move(s, [d], "C2")
    assert s.game.pending == []  # the third group closes the move action
    assert [pos(s, u) for u in (a, b, c, d)] == ["D3", "D3", "D3", "C2"]
    assert s.game.actions_left == 2


def test_end_move_closes_the_action_early_and_start_move_is_offered_again():
    s = board()
    s.unit(0, "settler", "D2")
    s.apply(StartMove())
    assert EndMove() in s.legal()
    s.apply(EndMove())
    assert s.game.pending == [] and s.game.actions_left == 2
    assert StartMove() in s.legal()


def test_a_group_moves_from_one_space_and_only_own_units_move():
    s = board()
    a = s.unit(0, "settler", "D2")
    b = s.unit(0, "settler", "D3")
    enemy = s.unit(1, "settler", "C2")
    s.apply(StartMove())
    assert_illegal(s, MoveUnits((a.id, b.id), s.hex("E2")))
    assert_illegal(s, MoveUnits((enemy.id,), s.hex("D1")))
    assert_illegal(s, MoveUnits((a.id, a.id), s.hex("D1")))
    assert_illegal(s, MoveUnits((), s.hex("D1")))
    assert_illegal(s, MoveUnits((999,), s.hex("D1")))


def test_any_subset_of_alike_units_may_be_named():
    s = board()
    settlers = s.units(0, "settler", "D2", 3)
    s.apply(StartMove())
    offered = [a for a in s.legal_of(MoveUnits) if a.to == s.hex("D1")]
    # Alike units are listed once per count, with the lowest ids.
    assert sorted(a.units for a in offered) == [
        (settlers[0].id,),
        (settlers[0].id, settlers[1].id),
        tuple(u.id for u in settlers),
    ]
    move(s, [settlers[2]], "D1")  # not the listed id, still legal
    assert [pos(s, u) for u in settlers] == ["D2", "D2", "D1"]


def test_every_offered_move_applies():
    s = long_sea()
    s.advances(0, "Tactics")
    s.units(0, "infantry", "D2", 2)
    s.units(0, "settler", "D2", 2)
    ship = s.unit(0, "ship", "C3")
    s.unit(0, "infantry", "C3", carrier=ship)
    s.unit(0, "ship", "C3")
    s.unit(1, "ship", "D4")
    s.unit(1, "settler", "D1")
    s.apply(StartMove())
    offered = s.legal_of(MoveUnits)
    # D2 (2 infantry, 2 settlers; counts of each): 8 each to D3, E2, C2 and unexplored E3, 6 with an
    # army to the enemy at D1, 7 onto the 3 free ship places at C3; the carried infantry: 4 landings;
    # the two (different) ships: 3 groups x (B3, C4, enemy D4, unexplored B4 and C5).
    assert len(offered) == len(set(offered)) == 4 * 8 + 6 + 7 + 4 + 3 * 5
    elsewhere = labels(s, "D1", "D4", "E3", "B4", "C5")  # battles and exploring: tested on their own
    for action in offered:
        trial = copy.deepcopy(s.game, {id(s.game.rules): s.game.rules})
        apply(trial, action)
        if isinstance(trial.pending[-1], BoardingDecision):  # several ships could carry them
            apply(trial, BoardShips(trial.pending[-1].options[-1]))
        movers = [u for u in trial.units if u.id in action.units]
        assert all(u.moved_this_action for u in movers)
        assert action.to in elsewhere or all(u.pos == action.to for u in movers)


def test_ships_and_land_units_move_as_separate_groups():
    s = board()
    ship = s.unit(0, "ship", "C3")
    settler = s.unit(0, "settler", "C3", carrier=ship)
    s.apply(StartMove())
    assert_illegal(s, MoveUnits((ship.id, settler.id), s.hex("B3")))


# ------------------------------------------------------------------ Tactics and terrain


def test_army_units_need_tactics_to_move_settlers_do_not():
    s = board()
    infantry = s.unit(0, "infantry", "D2")
    settler = s.unit(0, "settler", "D2")
    s.apply(StartMove())
    assert destinations(s, infantry) == set()
    assert_illegal(s, MoveUnits((infantry.id,), s.hex("D3")))
    assert_illegal(s, MoveUnits((infantry.id, settler.id), s.hex("D3")))
    s.apply(EndMove())
    s.advances(0, "Tactics")
    s.apply(StartMove())
    move(s, [infantry, settler], "D3")
    assert pos(s, infantry) == pos(s, settler) == "D3"


def test_entering_a_mountain_stops_the_unit_for_the_turn():
    s = board()
    settler = s.unit(0, "settler", "D2")
    s.apply(StartMove())
    move(s, [settler], "E2")
    assert settler.immobile
    s.apply(EndMove())
    assert StartMove() not in s.legal()  # nothing else can move
    s.unit(0, "settler", "D2")
    s.apply(StartMove())
    assert_illegal(s, MoveUnits((settler.id,), s.hex("D2")))
    s.apply(EndMove())
    s.turn(1)
    s.turn(0)
    assert not settler.immobile  # a new turn frees it


def test_entering_a_forest_allows_moving_on_but_not_into_a_battle():
    s = board()
    s.advances(0, "Tactics")
    infantry = s.unit(0, "infantry", "D2")
    s.unit(1, "settler", "D1")
    s.apply(StartMove())
    move(s, [infantry], "C2")
    assert infantry.no_attack and not infantry.immobile
    s.apply(EndMove())
    s.apply(StartMove())
    assert destinations(s, infantry) == labels(s, "D2", "B2")  # D1 holds an enemy
    assert_illegal(s, MoveUnits((infantry.id,), s.hex("D1")))
    move(s, [infantry], "D2")
    assert pos(s, infantry) == "D2" and infantry.no_attack


def test_moving_into_an_enemy_city_counts_as_a_battle_for_forest_units():
    s = board()
    s.advances(0, "Tactics")
    infantry = s.unit(0, "infantry", "C2")
    infantry.no_attack = True
    s.city(1, "D1")
    s.apply(StartMove())
    assert s.hex("D1") not in destinations(s, infantry)
    assert_illegal(s, MoveUnits((infantry.id,), s.hex("D1")))


# ------------------------------------------------------------------ stacking and settlers


def test_stacking_limit_of_four_army_units_per_land_space():
    s = board()
    s.advances(0, "Tactics")
    s.units(0, "infantry", "D3", 3)
    movers = s.units(0, "infantry", "D2", 2)
    settlers = s.units(0, "settler", "D2", 2)
    s.apply(StartMove())
    assert_illegal(s, MoveUnits(tuple(u.id for u in movers), s.hex("D3")))
    move(s, [movers[0], *settlers], "D3")  # settlers never count
    assert len(s.game.units_at(s.hex("D3"))) == 6
    assert_illegal(s, MoveUnits((movers[1].id,), s.hex("D3")))


def test_army_units_on_ships_have_no_stacking_limit():
    s = board()
    s.advances(0, "Tactics")
    for label in ("B3", "C3"):
        for ship in s.units(0, "ship", label, 2):
            s.unit(0, "infantry", label, carrier=ship)
            s.unit(0, "infantry", label, carrier=ship)
    sailing = [u for u in s.game.units_at(s.hex("B3")) if u.kind == "ship"]
    s.apply(StartMove())
    move(s, sailing, "C3")
    assert sum(1 for u in s.game.units_at(s.hex("C3")) if u.kind == "infantry") == 8


def test_disembarking_respects_the_stacking_limit():
    s = board()
    s.advances(0, "Tactics")
    s.units(0, "infantry", "D3", 3)
    one, two = s.unit(0, "ship", "C3"), s.unit(0, "ship", "C3")
    riders = [s.unit(0, "infantry", "C3", carrier=one), s.unit(0, "infantry", "C3", carrier=two)]
    s.apply(StartMove())
    assert_illegal(s, MoveUnits(tuple(u.id for u in riders), s.hex("D3")))
    move(s, [riders[1]], "D3")
    assert pos(s, riders[1]) == "D3" and riders[1].carrier is None


def test_settlers_alone_may_not_enter_a_space_with_enemies():
    s = board()
    settler = s.unit(0, "settler", "D2")
    s.unit(1, "settler", "D3")
    s.city(1, "D1")
    s.apply(StartMove())
    assert destinations(s, settler) == labels(s, "E2", "C2", "E3")
    assert_illegal(s, MoveUnits((settler.id,), s.hex("D3")))
    assert_illegal(s, MoveUnits((settler.id,), s.hex("D1")))


def test_settlers_with_an_army_may_enter_a_space_with_enemies_offered():
    s = board()
    s.advances(0, "Tactics")
    settler = s.unit(0, "settler", "D2")
    infantry = s.unit(0, "infantry", "D2")
    s.unit(1, "settler", "D3")
    s.apply(StartMove())
    assert MoveUnits(tuple(sorted((settler.id, infantry.id))), s.hex("D3")) in s.legal()
    assert MoveUnits((settler.id,), s.hex("D3")) not in s.legal()


# ------------------------------------------------------------------ ships and cargo


def test_a_land_unit_embarks_onto_its_own_ship_in_an_adjacent_sea_space():
    s = board()
    ship = s.unit(0, "ship", "C3")
    settler = s.unit(0, "settler", "D2")
    s.apply(StartMove())
    assert s.hex("C3") in destinations(s, settler)
    move(s, [settler], "C3")
    assert settler.carrier == ship.id and pos(s, settler) == "C3" and settler.moved_this_action
    assert not ship.moved_this_action


def test_no_embarking_without_an_own_ship_with_room():
    s = board()
    s.unit(1, "ship", "C3")
    settler = s.unit(0, "settler", "D2")
    s.apply(StartMove())
    assert_illegal(s, MoveUnits((settler.id,), s.hex("C3")))
    s.apply(EndMove())
    ship = s.unit(0, "ship", "B3")
    s.unit(0, "settler", "B3", carrier=ship)
    s.unit(0, "settler", "B3", carrier=ship)
    walker = s.unit(0, "settler", "B2")
    s.apply(StartMove())
    assert_illegal(s, MoveUnits((walker.id,), s.hex("B3")))  # the ship is full


def test_a_ship_carries_at_most_two_and_a_group_fills_several_ships():
    s = board()
    first, second = s.unit(0, "ship", "C3"), s.unit(0, "ship", "C3")
    settlers = s.units(0, "settler", "D2", 3)
    s.apply(StartMove())
    move(s, settlers, "C3")
    assert [u.carrier for u in settlers] == [first.id, first.id, second.id]
    s.apply(EndMove())
    more = s.units(0, "settler", "D2", 2)
    s.apply(StartMove())
    assert_illegal(s, MoveUnits(tuple(u.id for u in more), s.hex("C3")))  # one place left
    move(s, [more[0]], "C3")
    assert more[0].carrier == second.id


def test_the_player_chooses_which_ship_the_units_board():
    s = board()
    sailed = s.unit(0, "ship", "C3")
    fresh = s.unit(0, "ship", "C3")
    settler = s.unit(0, "settler", "D2")
    s.apply(StartMove())
    sailed.moved_this_action = True
    move(s, [settler], "C3")
    decision = s.game.pending[-1]
    assert isinstance(decision, BoardingDecision) and decision.units == [settler.id]
    assert s.legal() == [BoardShips((fresh.id,)), BoardShips((sailed.id,))]  # the one that can sail first
    assert_illegal(s, BoardShips((settler.id,)))
    s.apply(BoardShips((sailed.id,)))
    assert settler.carrier == sailed.id and pos(s, settler) == "C3"
    assert isinstance(s.game.pending[-1], MoveDecision) and s.game.pending[-1].groups_left == 2


def test_a_group_may_split_between_ships_that_carry_different_cargo():
    s = board()
    loaded = s.unit(0, "ship", "C3")
    s.unit(0, "infantry", "C3", carrier=loaded)
    empty = s.unit(0, "ship", "C3")
    settlers = s.units(0, "settler", "D2", 2)
    s.apply(StartMove())
    move(s, settlers, "C3")
    # both on the empty ship, or one on each (which settler goes where makes no difference)
    assert {a.ships for a in s.legal_of(BoardShips)} == {(empty.id, empty.id), (loaded.id, empty.id)}
    s.apply(BoardShips((loaded.id, empty.id)))
    assert [u.carrier for u in settlers] == [loaded.id, empty.id]
    assert check_invariants(s.game) == []


def test_alike_ships_need_no_choice():
    s = board()
    ships = [s.unit(0, "ship", "C3"), s.unit(0, "ship", "C3")]
    settler = s.unit(0, "settler", "D2")
    s.apply(StartMove())
    move(s, [settler], "C3")
    assert isinstance(s.game.pending[-1], MoveDecision) and settler.carrier == ships[0].id


def test_a_ship_carries_its_cargo_which_may_still_disembark_in_the_same_action():
    s = long_sea()
    ship = s.unit(0, "ship", "C3")
    settler = s.unit(0, "settler", "C3", carrier=ship)
    s.apply(StartMove())
    move(s, [ship], "D4")
    assert pos(s, ship) == pos(s, settler) == "D4" and settler.carrier == ship.id
    assert ship.moved_this_action and not settler.moved_this_action
    # D4's land neighbours: E4 is a mountain; D5, E5 and C5 are unexplored.
    assert destinations(s, settler) == labels(s, "E4", "D3", "D5", "E5", "C5")
    move(s, [settler], "E4")
    assert pos(s, settler) == "E4" and settler.carrier is None and settler.immobile


def test_embarking_then_disembarking_needs_two_move_actions():
    s = long_sea()
    ship = s.unit(0, "ship", "C3")
    settler = s.unit(0, "settler", "D2")
    s.apply(StartMove())
    move(s, [settler], "C3")
    move(s, [ship], "C4")
    assert pos(s, settler) == "C4"
    assert_illegal(s, MoveUnits((settler.id,), s.hex("D3")))
    s.apply(EndMove())
    s.apply(StartMove())
    move(s, [settler], "D3")
    assert pos(s, settler) == "D3" and settler.carrier is None


def test_units_on_a_ship_only_disembark_to_adjacent_land():
    s = board()
    ship = s.unit(0, "ship", "C3")
    s.unit(0, "ship", "B3")
    settler = s.unit(0, "settler", "C3", carrier=ship)
    s.apply(StartMove())
    assert destinations(s, settler) == labels(s, "C4", "D3", "D2", "C2", "B2")
    assert_illegal(s, MoveUnits((settler.id,), s.hex("B3")))  # no changing ships
    assert_illegal(s, MoveUnits((settler.id,), s.hex("D1")))


def test_units_that_fought_cannot_embark_but_may_leave_a_ship_that_fought():
    s = board()
    veteran = s.unit(0, "settler", "D2")
    veteran.immobile = True
    ship = s.unit(0, "ship", "C3")
    ship.immobile = True
    rider = s.unit(0, "settler", "C3", carrier=ship)
    s.apply(StartMove())
    assert_illegal(s, MoveUnits((veteran.id,), s.hex("C3")))
    assert_illegal(s, MoveUnits((ship.id,), s.hex("B3")))
    move(s, [rider], "C2")
    assert pos(s, rider) == "C2"


def test_ships_sail_any_distance_through_connected_revealed_sea():
    s = long_sea()
    ship = s.unit(0, "ship", "B3")
    s.apply(StartMove())
    # C3, C4, D4 by sea; B4, C5, D5, E5 are face-down spaces next to that sea (exploring).
    assert destinations(s, ship) == labels(s, "C3", "C4", "D4", "B4", "C5", "D5", "E5")
    move(s, [ship], "D4")
    assert pos(s, ship) == "D4" and ship.moved_this_action


def test_ships_cannot_sail_past_an_enemy_ship_but_may_stop_there():
    s = long_sea()
    ship = s.unit(0, "ship", "B3")
    s.unit(-2, "ship", "C4")  # a pirate
    s.apply(StartMove())
    assert destinations(s, ship) == labels(s, "C3", "C4", "B4")
    assert_illegal(s, MoveUnits((ship.id,), s.hex("D4")))
    assert_illegal(s, MoveUnits((ship.id,), s.hex("D5")))


def test_ships_cannot_pass_unexplored_regions_or_land():
    s = board()
    s.place_tile(8, "5", 0)  # D5 is sea, behind the land of region 5 and unexplored C5
    ship = s.unit(0, "ship", "C3")
    s.apply(StartMove())
    assert destinations(s, ship) == labels(s, "B3", "B4")
    assert_illegal(s, MoveUnits((ship.id,), s.hex("D5")))
    assert_illegal(s, MoveUnits((ship.id,), s.hex("D3")))
    assert_illegal(s, MoveUnits((ship.id,), s.hex("C3")))


def test_several_ships_sail_as_one_group_with_their_cargo():
    s = long_sea()
    ships = s.units(0, "ship", "B3", 2)
    riders = [s.unit(0, "settler", "B3", carrier=ships[0]), s.unit(0, "settler", "B3", carrier=ships[1])]
    s.apply(StartMove())
    move(s, ships, "D4")
    assert {pos(s, u) for u in ships + riders} == {"D4"}
    assert s.game.pending[-1].groups_left == 2


# ------------------------------------------------------------------ into battle (needs combat.enter_space)


def test_an_army_with_a_settler_defeats_a_lone_enemy_settler():
    """Depends on combat.enter_space: settlers alone with enemy armies are eliminated, no dice."""
    s = board()
    s.advances(0, "Tactics")
    infantry = s.unit(0, "infantry", "D2")
    settler = s.unit(0, "settler", "D2")
    enemy = s.unit(1, "settler", "D3")
    s.apply(StartMove())
    move(s, [infantry, settler], "D3")
    assert s.game.unit(enemy.id) is None
    assert pos(s, infantry) == pos(s, settler) == "D3"
    assert infantry.immobile  # it fought
    assert isinstance(s.game.pending[-1], MoveDecision) and s.game.pending[-1].groups_left == 2


def test_a_ship_ending_on_an_enemy_ship_fights_and_may_retreat_to_its_start():
    """Depends on combat.enter_space: a naval battle; a retreat returns to the start space."""
    s = long_sea()
    ship = s.unit(0, "ship", "B3")
    rider = s.unit(0, "settler", "B3", carrier=ship)
    enemy = s.unit(1, "ship", "C4")
    s.apply(StartMove())
    s.fix_dice(2, 2)  # a 2 each: no hits
    move(s, [ship], "C4")
    assert isinstance(s.game.pending[-1], RetreatDecision)
    s.apply(Retreat(True))
    assert pos(s, ship) == pos(s, rider) == "B3" and rider.carrier == ship.id
    assert pos(s, enemy) == "C4"
    assert isinstance(s.game.pending[-1], MoveDecision)


def _targets_found_eagerly(game, owner, start, mode):
    """Destinations as they were given before they were found one at a time: every way worked
    out whole, a space kept for its first way, then each diplomatic surcharge added (or the
    destination dropped when it cannot be paid)."""
    survey = movement._Survey(game, owner)
    if mode == "ship":
        reach = movement.sea_reach(game, owner, start)
        found = movement._sea_targets(reach, entry=None)
        found.pop(start, None)
        extra = []
        if has(game, game.player(owner), "sail_around_board"):
            extra.append(movement._sail_around_targets(game, owner, reach))
        if shipcraft.conversion(game, owner):
            extra.append(movement._conversion_targets(survey, start, "beach"))
    else:
        found = {t.space: t for t in movement._step_targets(survey, start, mode)}
        extra = [movement._road_targets(survey, start)] if mode == "land" else []
        if mode == "land" and shipcraft.conversion(game, owner):
            extra.append(movement._conversion_targets(survey, start, "launch"))
    for more in extra:
        for space, target in more.items():
            found.setdefault(space, target)
    for space, target in list(found.items()):
        surcharged = movement._with_surcharge(survey, target)
        if surcharged is None:
            del found[space]
        else:
            found[space] = surcharged
    return found


def test_destinations_found_one_at_a_time_equal_those_worked_out_whole_in_random_games():
    """`possible_moves` stops at the first destination that allows a move; the destinations, and
    their order, are those of every way worked out whole, and each is the one `_target` finds alone.
    Every player holds Roads, so that roads add destinations. (Surcharges between diplomatic partners
    are pinned by the Great Diplomat's test.)"""
    compared, roads = 0, 0
    for game in _games_with_roads(4, (7, 8), 400):
        if isinstance(game.pending[-1] if game.pending else None, MoveDecision):
            owner = game.actor()
            for start, mode in {(u.pos, movement.mode_of(game, u)) for u in game.units_of(owner)}:
                lazily = {t.space: t for t in movement._each_target(movement._Survey(game, owner), start, mode)}
                assert list(lazily.items()) == list(_targets_found_eagerly(game, owner, start, mode).items())
                # a single destination, looked up without indexing the whole board, is the same
                assert all(movement._target(game, owner, start, mode, space) == t for space, t in lazily.items())
                compared += 1
                roads += sum(1 for t in lazily.values() if t.how == "road")
    assert compared > 100 and roads > 10


def test_the_quick_answer_whether_units_can_move_agrees_with_the_moves_listed_in_random_games():
    """`can_move` first tries the first unit able to move alone into an empty space next to it, then lists;
    it answers as the listing does, for every player after every action (Roads held, for the units
    a mountain stopped)."""
    answers = {True: 0, False: 0}
    for game in _games_with_roads(3, (3, 4), 300):
        for owner in range(3):
            listed = next(movement.possible_moves(game, owner, fresh_action=True), None) is not None
            assert movement.can_move(game, owner) == listed
            answers[listed] += 1
    assert answers[True] > 300 and answers[False] > 30


def _every_route(game, start, steps, stopping, crowds):
    """What `_road_reach` answers, worked out by following every route of up to `steps` steps (the
    walk before it skipped routes no better than one already followed). `crowds`: `road_crowds`."""
    terrain = game.rules.terrain
    best, frontier = {}, {start: 0}
    for step in range(1, steps + 1):
        onward = {}
        for here, crowd in frontier.items():
            for there in game.board_neighbors(here):
                if there == start or not game.is_land(there):
                    continue
                if there not in game.board_neighbors(start) and crowd < best.get(there, crowd + 1):
                    best[there] = crowd
                kind = terrain[game.terrain(there) or ""]
                stopped = stopping is not None and (
                    kind.stops_movement or (stopping == "battle" and kind.forbids_later_attack)
                )
                if step < steps and crowds.get(there, 0) is not None and not stopped:
                    through = max(crowd, crowds.get(there, 0))
                    if through < onward.get(there, through + 1):
                        onward[there] = through
        frontier = onward
    return best


ROUTES = ((2, None), (4, None), (3, "march"), (3, "battle"))


def test_road_reaches_kept_across_positions_equal_every_route_followed_in_random_games():
    """A road's reach is kept for the layout of pieces it depends on and shared with look-ahead copies:
    as the game goes on and copies fill the store, every answer (spaces, armies on the way, order)
    is still the one found by following every route, for each range and kind of terrain stop."""
    compared, kept_answers = 0, 0
    for game in _games_with_roads(3, (5,), 250):
        look = copy_game(game, with_record=False)
        assert look.road_reaches is game.road_reaches  # (the copy adds to the same store)
        for owner in range(3):
            survey = movement._Survey(look, owner)
            for start in sorted({u.pos for u in game.units_of(owner) if game.is_land(u.pos)}):
                for steps, stopping in ROUTES:
                    expected = _every_route(game, start, steps, stopping, survey.road_crowds())
                    kept_answers += (start, steps, stopping, survey.road_crowds_key()) in game.road_reaches
                    assert list(movement._road_reach(survey, start, steps, stopping).items()) == list(expected.items())
                    compared += 1
    assert compared > 1000 and kept_answers > 100


def test_a_road_walk_finds_the_fewest_armies_on_the_way_among_crowds_laid_at_random():
    """Armies of up to 4 and enemies laid at random over a game's board: a longer route with fewer
    armies on it than a shorter one is still found, as by following every route."""
    game = new_game(4, 11)
    for region in game.regions:
        region.rotation = region.base_rotation  # every region face up: the whole board is land and sea
    game.invalidate_board()
    land = sorted(h for h in game.space_region if game.is_land(h))
    rng = random.Random(11)
    for _ in range(300):
        survey = movement._Survey(game, 0)
        survey._road_crowds = {h: rng.choice((None, 0, 1, 2, 3, 4)) for h in rng.sample(land, len(land) // 3)}
        start = rng.choice(land)
        for steps, stopping in ROUTES:
            expected = _every_route(game, start, steps, stopping, survey._road_crowds)
            assert list(movement._walk_road(survey, start, steps, stopping).items()) == list(expected.items())


def test_a_board_changed_drops_the_road_reaches_kept():
    game = new_game(2, 3)
    survey = movement._Survey(game, 0)
    start = game.cities[0].pos
    movement._road_reach(survey, start, 2, None)
    assert game.road_reaches
    game.invalidate_board()
    assert not game.road_reaches


def _games_with_roads(players: int, seeds: tuple[int, ...], steps: int) -> Iterator[Game]:
    """Aggressive random games in which every player holds Roads: each game before each of its actions."""
    for seed in seeds:
        game = new_game(players, seed)
        for player in game.players:
            player.advances.append("Roads")
        holdings_changed(game)
        agents = [AggressiveAgent(f"{seed}:{i}") for i in range(players)]
        for _ in range(steps):
            if game.phase == "over":
                break
            yield game
            apply(game, agents[game.actor()].choose(game, legal_actions(game)))
