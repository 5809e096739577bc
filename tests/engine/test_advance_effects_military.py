"""Effects of the military and seafaring advances: Tactics, Roads, Navigation, War Ships,
Cartography, Siegecraft, Steel Weapons (with Metallurgy) and Fanaticism.

Movement tests use the 2-player board of `test_movement.py`:

    D2 grassland   E2 mountain   C2 forest   D1 barren        (home region 1)
    B3 sea   C3 sea   A3 forest   B2 forest                     (region 3: tile 1 turned)
    D3 grassland   C4 grassland   E4 grassland   D4 forest      (region 5: tile 14)

The board's edge runs A3 B3 B4 A5 ... (down the left side) and ... G3 F2 E2 D1 C2 B2 back to
A3. Combat tests place units and call `enter_space` as movement does; dice are forced with
`fix_dice`, the attacker's dice first, then the defender's (fortress die last).
"""

import copy

import pytest

from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.framework.saves import state_hash
from civgame.games.clash.core.actions import (
    CancelFortress,
    CancelPayment,
    ChooseOrientation,
    EndMove,
    MoveUnits,
    Pay,
    PayCombatBonus,
    PlaceReinforcement,
    Retreat,
    StartMove,
)
from civgame.games.clash.core.decisions import (
    CombatBonusDecision,
    MoveDecision,
    OrientationDecision,
    PayDecision,
    ReinforcementDecision,
    RetreatDecision,
    SiegeDecision,
)
from civgame.games.clash.core.hexgrid import hex_to_label
from civgame.games.clash.core.model import BARBARIAN, City
from civgame.games.clash.rules.actions.movement import board_edge
from civgame.games.clash.rules.flow.controller import apply
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.storage.save import dumps, loads
from tests.combat_helpers import LEADER, alive, attack, dice
from tests.scenario import Scenario

# ------------------------------------------------------------------ helpers


def board() -> Scenario:
    s = Scenario(players=2)
    s.place_tile(3, "1", 3)
    s.place_tile(5, "14", 0)
    return s


def labels(s: Scenario, *names: str) -> set:
    return {s.hex(n) for n in names}


def destinations(s: Scenario, units) -> set:
    ids = tuple(sorted(u.id for u in units))
    return {a.to for a in s.legal_of(MoveUnits) if a.units == ids}


def move(s: Scenario, units, to: str) -> None:
    s.apply(MoveUnits(tuple(sorted(u.id for u in units)), s.hex(to)))


def pos(unit) -> str:
    return hex_to_label(unit.pos)


def assert_illegal(s: Scenario, action) -> None:
    """The action is not offered, raises RuleError and changes nothing."""
    assert action not in s.legal()
    before = to_plain(s.game)
    with pytest.raises(RuleError):
        s.apply(action)
    assert to_plain(s.game) == before


def holdings(s: Scenario, player: int = 0) -> dict:
    p = s.player(player)
    return {**{k: v for k, v in p.resources.items() if v}, "mood": p.mood_tokens, "culture": p.culture_tokens}


# ------------------------------------------------------------------ Tactics


def test_tactics_lets_every_army_unit_move_settlers_and_ships_never_need_it():
    s = board()
    army = [s.unit(0, kind, "D3") for kind in ("infantry", "cavalry", "elephant")]
    settler = s.unit(0, "settler", "D3")
    ship = s.unit(0, "ship", "C3")
    s.apply(StartMove())
    for unit in army:
        assert destinations(s, [unit]) == set()
        assert_illegal(s, MoveUnits((unit.id,), s.hex("C4")))
    assert s.hex("C4") in destinations(s, [settler]) and s.hex("B3") in destinations(s, [ship])
    s.apply(EndMove())
    s.advances(0, "Tactics")
    s.apply(StartMove())
    move(s, army, "C4")
    assert [pos(u) for u in army] == ["C4"] * 3


def test_losing_tactics_stops_army_units_again():
    s = board().advances(0, "Tactics")
    infantry = s.unit(0, "infantry", "D3")
    s.apply(StartMove())
    assert destinations(s, [infantry]) == labels(s, "D2", "C4", "E4", "D4", "E3")
    s.apply(EndMove())
    s.lose_advances(0, "Tactics")
    assert StartMove() not in s.legal()


# ------------------------------------------------------------------ Roads


def roads(food=1, ore=1, gold=0) -> Scenario:
    s = board().advances(0, "Tactics", "Roads")
    s.city(0, "D2")
    s.resources(0, food=food, ore=ore, gold=gold)
    return s


def test_roads_move_a_group_two_spaces_from_an_own_city_for_a_food_and_an_ore():
    s = roads()
    group = [s.unit(0, "infantry", "D2"), s.unit(0, "settler", "D2")]
    s.apply(StartMove())
    # 1 space as usual; 2 spaces over land (B2 via C2; C4, E4, D4 via D3): not sea, not unexplored.
    assert destinations(s, group) == labels(s, "D1", "E2", "C2", "D3", "E3", "B2", "C4", "E4", "D4")
    move(s, group, "E4")
    assert [pos(u) for u in group] == ["E4", "E4"] and all(u.moved_this_action for u in group)
    assert s.player(0).resources["food"] == 0 and s.player(0).resources["ore"] == 0
    assert s.game.pending[-1].groups_left == 2
    assert "Player 1 moves 1 infantry and 1 settler from D2 to E4 by road" in s.game.log


def test_without_roads_or_without_the_price_no_two_space_move_is_offered():
    s = roads(food=0, ore=1)
    settler = s.unit(0, "settler", "D2")
    s.apply(StartMove())
    assert destinations(s, [settler]) == labels(s, "D1", "E2", "C2", "D3", "E3")
    assert_illegal(s, MoveUnits((settler.id,), s.hex("C4")))
    s.apply(EndMove())
    s.resources(0, food=1)
    s.lose_advances(0, "Roads")
    s.apply(StartMove())
    assert_illegal(s, MoveUnits((settler.id,), s.hex("C4")))


def test_gold_may_pay_for_the_road_and_the_player_chooses_how():
    s = roads(food=1, ore=0, gold=2)
    settler = s.unit(0, "settler", "D2")
    s.apply(StartMove())
    move(s, [settler], "C4")
    assert isinstance(s.game.pending[-1], PayDecision) and pos(settler) == "D2"
    assert {tuple(sorted(a.payment.items())) for a in s.legal_of(Pay)} == {
        (("food", 1), ("gold", 1)),
        (("gold", 2),),
    }
    s.apply(Pay({"food": 1, "gold": 1}))
    assert pos(settler) == "C4" and holdings(s) == {"gold": 1, "mood": 0, "culture": 0}
    assert isinstance(s.game.pending[-1], MoveDecision) and s.game.pending[-1].groups_left == 2


def test_a_cancelled_road_payment_moves_nothing_and_free_moves_take_no_payment():
    s = roads(food=1, ore=1, gold=1)
    settler = s.unit(0, "settler", "D2")
    s.apply(StartMove())
    before = to_plain(s.game)
    move(s, [settler], "C4")
    s.apply(CancelPayment())
    assert to_plain(s.game) == {**before, "history": to_plain(s.game)["history"]}
    with pytest.raises(RuleError, match="costs nothing"):
        s.apply(MoveUnits((settler.id,), s.hex("D3"), payment={"food": 1}))
    s.apply(MoveUnits((settler.id,), s.hex("C4"), payment={"gold": 1, "ore": 1}))
    assert pos(settler) == "C4" and holdings(s) == {"food": 1, "mood": 0, "culture": 0}


def test_a_road_move_starts_or_ends_in_an_own_city_and_does_not_cross_sea():
    s = roads()
    s.game.cities.clear()
    settler = s.unit(0, "settler", "D3")
    s.apply(StartMove())
    assert destinations(s, [settler]) == labels(s, "D2", "C4", "E4", "D4", "E3")  # one space only
    s.apply(EndMove())
    s.city(0, "B2")  # 2 spaces from D3, but only across the sea at C3
    s.city(0, "D1")  # 2 spaces from D3 through D2
    s.apply(StartMove())
    assert destinations(s, [settler]) == labels(s, "D2", "C4", "E4", "D4", "E3", "D1")
    move(s, [settler], "D1")
    assert pos(settler) == "D1"


def test_a_road_passes_only_land_without_enemy_units_or_cities():
    s = roads()
    settler = s.unit(0, "settler", "D2")
    s.unit(1, "settler", "C2")  # B2 is reached only through C2
    s.apply(StartMove())
    assert s.hex("B2") not in destinations(s, [settler])
    assert {s.hex("C4"), s.hex("D4")} <= destinations(s, [settler])
    s.apply(EndMove())
    s.game.units.pop(1)
    s.city(1, "D3")  # C4, E4 and D4 are reached only through D3
    s.apply(StartMove())
    assert destinations(s, [settler]) == labels(s, "D1", "E2", "C2", "E3", "B2")


def test_a_road_may_end_in_a_battle_even_for_units_that_entered_a_forest():
    s = roads()
    infantry = s.units(0, "infantry", "D2", 2)
    s.city(1, "D4")
    s.unit(1, "settler", "D4")
    for unit in infantry:
        unit.no_attack = True  # entered a forest earlier this turn
    s.apply(StartMove())
    move(s, infantry, "D4")
    assert [pos(u) for u in infantry] == ["D4", "D4"] and s.game.city_at(s.hex("D4")).owner == 0
    assert all(u.immobile and not u.stopped_by_terrain for u in infantry)


def test_settlers_alone_may_not_take_a_road_into_enemies():
    s = roads()
    settler = s.unit(0, "settler", "D2")
    s.unit(1, "settler", "D4")
    s.apply(StartMove())
    assert s.hex("D4") not in destinations(s, [settler])


def test_the_stacking_limit_holds_on_the_space_passed_and_at_the_destination():
    s = roads()
    group = s.units(0, "infantry", "D2", 2)
    s.units(0, "infantry", "C2", 3)  # B2 is reached through C2
    s.units(0, "infantry", "C4", 3)
    s.apply(StartMove())
    assert s.hex("B2") in destinations(s, group[:1]) and s.hex("B2") not in destinations(s, group)
    assert s.hex("C4") in destinations(s, group[:1]) and s.hex("C4") not in destinations(s, group)
    assert_illegal(s, MoveUnits(tuple(u.id for u in group), s.hex("B2")))


def test_units_a_mountain_stopped_may_leave_by_road_but_not_units_that_fought():
    s = roads(food=2, ore=2)
    s.city(0, "D3")
    settler = s.unit(0, "settler", "D2")
    s.apply(StartMove())
    move(s, [settler], "E2")  # a mountain: stopped
    assert settler.immobile and settler.stopped_by_terrain
    s.apply(EndMove())
    s.apply(StartMove())
    # Only by road: D3 is an own city 2 spaces away through D2.
    assert destinations(s, [settler]) == labels(s, "D3")
    assert_illegal(s, MoveUnits((settler.id,), s.hex("D2")))
    move(s, [settler], "D3")
    assert pos(settler) == "D3" and s.player(0).resources["ore"] == 1
    s.apply(EndMove())
    fighter = s.unit(0, "infantry", "E2")
    fighter.immobile = True  # fought a battle there
    s.apply(StartMove())
    assert destinations(s, [fighter]) == set()
    assert_illegal(s, MoveUnits((fighter.id,), s.hex("D3")))


def test_the_destinations_terrain_applies_after_a_road_move():
    s = roads()
    s.city(0, "D3")
    settler = s.unit(0, "settler", "D3")
    s.apply(StartMove())
    move(s, [settler], "E2")  # through D2 onto a mountain
    assert pos(settler) == "E2" and settler.immobile and settler.stopped_by_terrain


def test_carried_units_and_ships_have_no_roads():
    s = roads()
    ship = s.unit(0, "ship", "C3")
    carried = s.unit(0, "settler", "C3", carrier=ship)
    s.apply(StartMove())
    assert destinations(s, [carried]) == labels(s, "D2", "C2", "B2", "D3", "C4")  # adjacent land only
    assert destinations(s, [ship]) == labels(s, "B3", "B4")


# ------------------------------------------------------------------ Navigation


def sea_board(region4: str | None, rotation: int | None = 0) -> Scenario:
    """Region 4 (F2 E3 G3 F3 at rotation 0) holds `region4`; face down if rotation is None."""
    s = board()
    if region4 is not None:
        s.place_tile(4, region4, rotation)
    return s


def test_the_board_edge_is_walked_in_order_around_the_board():
    s = board()
    ring = [hex_to_label(h) for h in board_edge(s.game).ring]
    assert ring == [
        "A3",
        "B3",
        "B4",
        "A5",
        "B5",
        "B6",
        "A7",
        "B7",
        "C8",
        "D8",
        "E8",
        "F7",
        "G7",
        "F6",
        "F5",
        "G5",
        "F4",
        "F3",
        "G3",
        "F2",
        "E2",
        "D1",
        "C2",
        "B2",
    ]
    assert s.hex("D2") not in board_edge(s.game).ring and s.hex("C1") in board_edge(s.game).outside


def test_navigation_sails_around_the_edge_to_the_next_sea_and_on_through_it():
    # Region 4 is tile 3 (W W M G): F2 and E3 sea, G3 mountain, F3 grassland.
    s = sea_board("3").advances(0, "Navigation")
    ship = s.unit(0, "ship", "C3")
    cargo = s.unit(0, "settler", "C3", carrier=ship)
    s.apply(StartMove())
    # Normal: B3 and the unexplored B4 next to it. Around the board westwards from B3: A3, B2, C2,
    # D1 and E2 are land, F2 is the next sea; E3 joins it. Eastwards B4 is unexplored (normal).
    assert destinations(s, [ship]) == labels(s, "B3", "B4", "F2", "E3")
    move(s, [ship], "E3")
    assert pos(ship) == pos(cargo) == "E3"
    assert "Player 1 moves 1 ship from C3 to E3 around the board" in s.game.log
    assert check_invariants(s.game) == []


def test_without_navigation_ships_stay_in_their_sea():
    s = sea_board("3")
    ship = s.unit(0, "ship", "C3")
    s.apply(StartMove())
    assert destinations(s, [ship]) == labels(s, "B3", "B4")
    assert_illegal(s, MoveUnits((ship.id,), s.hex("E3")))


def test_an_enemy_ship_on_the_only_entrance_must_be_fought_there():
    s = sea_board("3").advances(0, "Navigation")
    ship = s.unit(0, "ship", "C3")
    enemy = s.unit(1, "ship", "F2")
    s.apply(StartMove())
    assert destinations(s, [ship]) == labels(s, "B3", "B4", "F2")
    dice(s, (6, "infantry"), LEADER)
    move(s, [ship], "F2")
    assert s.game.unit(enemy.id) is None and pos(ship) == "F2" and ship.immobile


def test_ships_come_back_at_the_first_edge_sea_space_and_sail_on_from_there():
    # Region 4 is tile 1 turned (slots F3 G3 E3 F2: W W F F). Round the board from B3, past the
    # land up to F2, the first sea space is G3: the ships come back there and may sail on to F3
    # or explore F4 next to it (summary › Ship movement: "the first available sea space").
    s = sea_board("1", 3).advances(0, "Navigation")
    ship = s.unit(0, "ship", "C3")
    s.apply(StartMove())
    assert destinations(s, [ship]) == labels(s, "B3", "B4", "G3", "F3", "F4")
    move(s, [ship], "F3")
    assert pos(ship) == "F3" and s.game.combat is None and not ship.immobile


def test_an_enemy_ship_on_the_first_edge_sea_space_ends_the_move_there_in_a_battle():
    # As above, with an enemy ship on G3, the only entrance: the ships cannot slip past to F3.
    s = sea_board("1", 3).advances(0, "Navigation")
    ship = s.unit(0, "ship", "C3")
    enemy = s.unit(1, "ship", "G3")
    s.apply(StartMove())
    assert destinations(s, [ship]) == labels(s, "B3", "B4", "G3")
    assert_illegal(s, MoveUnits((ship.id,), s.hex("F3")))
    dice(s, (6, "infantry"), LEADER)
    move(s, [ship], "G3")
    assert s.game.unit(enemy.id) is None and pos(ship) == "G3" and ship.immobile


def test_navigation_explores_the_first_unexplored_edge_space_and_the_ship_finds_the_regions_sea():
    # Region 4 face down holds tile 9 (F W G F). Turned base, its sea (E3) would not touch the
    # board's edge; turned over (rotation 3: F3 F, G3 W, E3 G, F2 F) its sea G3 does: the ship
    # sailing round from outside the board reaches it, so that orientation is forced.
    s = sea_board("9", None).advances(0, "Navigation")
    ship = s.unit(0, "ship", "C3")
    s.apply(StartMove())
    assert destinations(s, [ship]) == labels(s, "B3", "B4", "F2")
    move(s, [ship], "F2")
    assert s.game.regions[3].rotation == 3 and s.terrain("F2") == "forest"
    assert pos(ship) == "G3" and check_invariants(s.game) == []


def swap_tile(s: Scenario, region_number: int, tile: str) -> None:
    """Deal `tile` face down to a region, giving that region's tile to the region that held it."""
    regions = s.game.regions
    holder = next((r for r in regions if r.tile == tile), None)
    if holder is not None:
        holder.tile = regions[region_number - 1].tile
    regions[region_number - 1].tile = tile
    s.game.invalidate_board()


def test_a_navigation_exploration_choice_remembers_where_the_ship_came_in():
    # Tile 5 (W G G B): either way a sea slot touches the board edge (F2 or F3) and no water is
    # next to it, so the explorer chooses.
    s = Scenario(players=2)
    swap_tile(s, 3, "1")
    s.game.regions[2].rotation = 3
    swap_tile(s, 4, "5")
    s.advances(0, "Navigation")
    ship = s.unit(0, "ship", "C3")
    s.apply(StartMove())
    move(s, [ship], "F2")
    decision = s.game.pending[-1]
    assert isinstance(decision, OrientationDecision) and decision.entry == s.hex("F2")
    restored = loads(dumps(s.game))
    assert state_hash(restored) == state_hash(s.game)
    s.apply(ChooseOrientation(3))  # F3 sea, F2 barren
    assert s.terrain("F2") == "barren" and pos(ship) == "F3"


def test_every_offered_ship_move_applies():
    s = sea_board("3").advances(0, "Navigation")
    s.unit(0, "ship", "C3")
    s.unit(1, "ship", "E3")
    s.apply(StartMove())
    offered = s.legal_of(MoveUnits)
    assert {a.to for a in offered} == labels(s, "B3", "B4", "F2", "E3")
    for action in offered:
        trial = copy.deepcopy(s.game, {id(s.game.rules): s.game.rules})
        apply(trial, action)
        assert check_invariants(trial) == []


# ------------------------------------------------------------------ Cartography


def test_cartography_pays_an_idea_for_the_first_ship_move_of_each_move_action():
    s = sea_board("3").advances(0, "Cartography")
    ships = [s.unit(0, "ship", "C3"), s.unit(0, "ship", "C3")]
    settler = s.unit(0, "settler", "D2")
    s.apply(StartMove())
    move(s, [settler], "D3")
    assert holdings(s) == {"food": 2, "mood": 0, "culture": 0}  # land moves pay nothing
    move(s, ships[:1], "B3")
    move(s, ships[1:], "B3")
    assert holdings(s) == {"food": 2, "ideas": 1, "mood": 0, "culture": 0}
    s.apply(StartMove())
    move(s, ships[:1], "C3")
    assert s.player(0).resources["ideas"] == 2


def test_cartography_adds_a_culture_token_when_ships_sail_around_the_board():
    s = sea_board("3").advances(0, "Cartography", "Navigation")
    ships = [s.unit(0, "ship", "C3"), s.unit(0, "ship", "C3")]
    s.apply(StartMove())
    move(s, ships[:1], "E3")
    move(s, ships[1:], "F2")
    assert holdings(s) == {"food": 2, "ideas": 1, "mood": 0, "culture": 1}


# ------------------------------------------------------------------ War Ships


def test_war_ships_ignore_the_first_hit_against_an_attacking_fleet_in_round_one():
    s = board().advances(0, "War Ships")
    ships = s.units(0, "ship", "C3", 2)
    s.units(1, "ship", "C3", 2)
    # Round 1: attacker 1 + 1, no hit. Defender 6 + 5 = 11: 2 hits, 1 ignored.
    # Round 2: attacker 1. Defender 6 + 1 = 7: 1 hit, not ignored: the fleet is gone.
    dice(s, LEADER, LEADER, (6, "infantry"), (5, "cavalry"), LEADER, (6, "infantry"), LEADER)
    attack(s, 0, ships, "C3", "B3")
    assert "War Ships cancels 1 hit against Player 1" in s.game.log
    assert "Player 1 takes 1 hit, Player 2 takes no hits" in s.game.log
    assert len(alive(s, ships)) == 1
    s.apply(Retreat(False))
    assert s.game.log.count("War Ships cancels 1 hit against Player 1") == 1
    assert alive(s, ships) == [] and "The battle is won by Player 2" in s.game.log


def test_war_ships_do_not_help_a_defending_fleet():
    s = board().advances(1, "War Ships")
    ships = s.units(0, "ship", "C3", 2)
    s.units(1, "ship", "C3", 1)
    dice(s, (6, "infantry"), LEADER, LEADER)
    attack(s, 0, ships, "C3", "B3")
    assert "Player 1 takes no hits, Player 2 takes 1 hit" in s.game.log
    assert not any("War Ships" in line for line in s.game.log)


def test_war_ships_help_a_landing_from_ships_but_not_an_attack_over_land():
    s = board().advances(0, "War Ships", "Tactics")
    ship = s.unit(0, "ship", "C3")
    landing = s.unit(0, "infantry", "D3")
    s.unit(1, "infantry", "D3")
    # Attacker 1: no hit. Defender 6 + 1 = 7: 1 hit, ignored.
    dice(s, LEADER, (6, "infantry"))
    attack(s, 0, [landing], "D3", "C3")
    assert "Player 1 takes no hits, Player 2 takes no hits" in s.game.log
    s.apply(Retreat(True))
    assert landing.carrier == ship.id
    s.turn(1)
    s.turn(0)
    walker = s.unit(0, "infantry", "D3")
    s.game.units.remove(landing)
    dice(s, LEADER, (6, "infantry"))
    attack(s, 0, [walker], "D3", "D2")
    assert "Player 1 takes 1 hit, Player 2 takes no hits" in s.game.log


# ------------------------------------------------------------------ Siegecraft


def siege(wood=2, ore=2, gold=0) -> tuple[Scenario, list]:
    """Player 1 (Siegecraft) attacks with 2 infantry the Fortress city at D7 held by 3 infantry."""
    s = Scenario().reveal_all().advances(0, "Tactics", "Siegecraft")
    s.city(1, "D7", buildings={"fortress": 1})
    s.resources(0, wood=wood, ore=ore, gold=gold)
    s.units(1, "infantry", "D7", 3)
    return s, s.units(0, "infantry", "D7", 2)


ATTACK_13 = ((6, "infantry"), (5, "infantry"))  # 7 + 6: 2 hits
DEFENCE_9 = ((6, "infantry"), LEADER, LEADER)  # 7 + 1 + 1: 1 hit


def test_siegecraft_asks_the_attacker_before_the_first_round_which_fortress_parts_to_cancel():
    s, att = siege()
    attack(s, 0, att, "D7", "C8")
    assert s.game.pending == [SiegeDecision(player=0)] and s.game.combat.round == 0
    assert s.legal() == [
        CancelFortress(()),
        CancelFortress(("extra_dice",)),
        CancelFortress(("hit_cancel",)),
        CancelFortress(("extra_dice", "hit_cancel")),
    ]
    dice(s, *ATTACK_13, *DEFENCE_9)
    s.apply(CancelFortress(("extra_dice", "hit_cancel")))
    assert holdings(s) == {"food": 2, "mood": 0, "culture": 0}
    assert "Player 2 rolls 6 (infantry, +1), 1 (leader), 1 (leader): combat value 9, 1 hit" in s.game.log
    assert "Player 1 takes 1 hit, Player 2 takes 2 hits" in s.game.log
    assert not any("The fortress cancels" in line for line in s.game.log)
    assert s.game.pending == [RetreatDecision(player=0)]


def test_siegecraft_may_cancel_one_part_or_nothing():
    s, att = siege()
    attack(s, 0, att, "D7", "C8")
    dice(s, *ATTACK_13, *DEFENCE_9, (4, "cavalry"))
    s.apply(CancelFortress(("hit_cancel",)))
    assert holdings(s) == {"food": 2, "wood": 2, "mood": 0, "culture": 0}
    assert (
        "Player 2 rolls 6 (infantry, +1), 1 (leader), 1 (leader), 4 (cavalry) including 1 fortress die: "
        "combat value 13, 2 hits" in s.game.log
    )
    assert "Player 1 takes 2 hits, Player 2 takes 2 hits" in s.game.log
    s, att = siege()
    attack(s, 0, att, "D7", "C8")
    dice(s, *ATTACK_13, *DEFENCE_9, (4, "cavalry"))
    s.apply(CancelFortress(()))
    assert holdings(s) == {"food": 2, "wood": 2, "ore": 2, "mood": 0, "culture": 0}
    assert "The fortress cancels 1 hit in the first round" in s.game.log
    assert "Player 1 takes 2 hits, Player 2 takes 1 hit" in s.game.log


def test_siegecraft_offers_only_what_the_attacker_can_pay_and_gold_may_stand_in():
    s, att = siege(wood=1, ore=0, gold=1)
    attack(s, 0, att, "D7", "C8")
    assert s.legal() == [CancelFortress(()), CancelFortress(("extra_dice",))]
    assert_illegal(s, CancelFortress(("hit_cancel",)))
    dice(s, *ATTACK_13, *DEFENCE_9)
    s.apply(CancelFortress(("extra_dice",)))  # 1 wood + 1 gold: the only way to pay
    assert holdings(s) == {"food": 2, "mood": 0, "culture": 0}
    assert "Player 2 rolls 6 (infantry, +1), 1 (leader), 1 (leader): combat value 9, 1 hit" in s.game.log


def test_siegecraft_asks_how_to_pay_when_there_is_a_choice():
    s, att = siege(wood=2, ore=0, gold=2)
    attack(s, 0, att, "D7", "C8")
    s.apply(CancelFortress(("extra_dice",)))
    assert isinstance(s.game.pending[-1], PayDecision) and s.game.combat.round == 0
    dice(s, *ATTACK_13, *DEFENCE_9)
    s.apply(Pay({"wood": 1, "gold": 1}))
    assert holdings(s) == {"food": 2, "wood": 1, "gold": 1, "mood": 0, "culture": 0}
    assert s.game.combat.fortress_cancelled == ["extra_dice"] and s.game.combat.round == 1


def test_no_siege_choice_without_siegecraft_a_fortress_or_the_means():
    for setup in ("no advance", "no fortress", "poor"):
        s, att = siege(wood=0, ore=0) if setup == "poor" else siege()
        if setup == "no advance":
            s.lose_advances(0, "Siegecraft")
        if setup == "no fortress":
            s.game.cities[0].buildings.clear()
        dice(s, LEADER, LEADER, LEADER, LEADER, LEADER, LEADER)
        attack(s, 0, att, "D7", "C8")
        assert s.game.pending == [RetreatDecision(player=0)], setup
        assert s.game.combat.round == 1, setup


# ------------------------------------------------------------------ Steel Weapons and Metallurgy


def land_battle(attacker=(), defender=(), ore=(1, 1)) -> tuple[Scenario, list, list]:
    s = Scenario().reveal_all()
    s.advances(0, *attacker)
    s.advances(1, *defender)
    s.resources(0, ore=ore[0])
    s.resources(1, ore=ore[1])
    att = s.units(0, "infantry", "C2", 2)
    dfn = s.units(1, "infantry", "C2", 2)
    return s, att, dfn


def test_steel_weapons_pays_an_ore_for_two_combat_value_every_round():
    s, att, _dfn = land_battle(attacker=["Steel Weapons"])
    attack(s, 0, att, "C2", "D2")
    assert s.game.pending == [CombatBonusDecision(player=0, source="Steel Weapons", bonus=2, cost={"ore": 1})]
    assert s.legal() == [PayCombatBonus(True), PayCombatBonus(False)]
    # Attacker 4 + 2 + 2 = 8: 1 hit.
    dice(s, (4, "cavalry"), (2, "cavalry"), LEADER, LEADER)
    s.apply(PayCombatBonus(True))
    assert s.player(0).resources["ore"] == 0
    assert "Player 1 rolls 4 (cavalry), 2 (cavalry), +2 combat value: combat value 8, 1 hit" in s.game.log
    assert "Player 2 takes 1 hit" in s.game.log[-2]


def test_steel_weapons_bonus_lasts_every_round():
    s, att, _dfn = land_battle(attacker=["Steel Weapons"])
    attack(s, 0, att, "C2", "D2")
    dice(s, LEADER, LEADER, LEADER, LEADER, LEADER, LEADER, LEADER, LEADER)
    s.apply(PayCombatBonus(True))
    s.apply(Retreat(False))
    rolls = [line for line in s.game.log if line.startswith("Player 1 rolls")]
    assert rolls == ["Player 1 rolls 1 (leader), 1 (leader), +2 combat value: combat value 4, no hits"] * 2


def test_declining_steel_weapons_keeps_the_ore_and_gives_no_bonus():
    s, att, _dfn = land_battle(attacker=["Steel Weapons"])
    attack(s, 0, att, "C2", "D2")
    dice(s, LEADER, LEADER, LEADER, LEADER)
    s.apply(PayCombatBonus(False))
    assert s.player(0).resources["ore"] == 1
    assert "Player 1 rolls 1 (leader), 1 (leader): combat value 2, no hits" in s.game.log


def test_both_sides_with_steel_weapons_get_one_each_and_both_are_asked_attacker_first():
    s, att, _dfn = land_battle(attacker=["Steel Weapons"], defender=["Steel Weapons"], ore=(1, 0))
    s.resources(1, gold=1)
    attack(s, 0, att, "C2", "D2")
    assert s.game.pending == [CombatBonusDecision(player=0, source="Steel Weapons", bonus=1, cost={"ore": 1})]
    s.apply(PayCombatBonus(False))
    assert s.game.pending == [CombatBonusDecision(player=1, source="Steel Weapons", bonus=1, cost={"ore": 1})]
    dice(s, LEADER, LEADER, LEADER, LEADER)
    s.apply(PayCombatBonus(True))
    assert s.player(1).resources["gold"] == 0
    assert "Player 2 rolls 1 (leader), 1 (leader), +1 combat value: combat value 3, no hits" in s.game.log


def test_steel_weapons_is_not_offered_in_naval_battles_or_without_ore():
    s = board().advances(0, "Steel Weapons").resources(0, ore=1)
    ships = s.units(0, "ship", "C3", 1)
    s.units(1, "ship", "C3", 1)
    dice(s, LEADER, LEADER)
    attack(s, 0, ships, "C3", "B3")
    assert not any(isinstance(d, CombatBonusDecision) for d in s.game.pending)
    s, att, _dfn = land_battle(attacker=["Steel Weapons"], ore=(0, 0))
    dice(s, LEADER, LEADER, LEADER, LEADER)
    attack(s, 0, att, "C2", "D2")
    assert s.game.pending == [RetreatDecision(player=0)]


def test_steel_weapons_against_barbarians_gives_two():
    s = Scenario().reveal_all().advances(1, "Steel Weapons").resources(1, ore=1)
    barbarians = s.units(BARBARIAN, "infantry", "C2", 2)
    s.units(1, "infantry", "C2", 1)
    attack(s, BARBARIAN, barbarians, "C2", "D2")
    assert s.game.pending == [CombatBonusDecision(player=1, source="Steel Weapons", bonus=2, cost={"ore": 1})]


def test_metallurgy_makes_steel_weapons_free_and_automatic_against_an_opponent_without_it():
    s, att, _dfn = land_battle(attacker=["Steel Weapons", "Metallurgy"])
    dice(s, LEADER, LEADER, LEADER, LEADER)
    attack(s, 0, att, "C2", "D2")
    assert s.player(0).resources["ore"] == 1
    assert "Player 1 fights with Steel Weapons: +2 combat value every round" in s.game.log
    assert "Player 1 rolls 1 (leader), 1 (leader), +2 combat value: combat value 4, no hits" in s.game.log


def test_metallurgy_still_pays_when_the_opponent_has_steel_weapons():
    s, att, _dfn = land_battle(attacker=["Steel Weapons", "Metallurgy"], defender=["Steel Weapons"], ore=(1, 0))
    attack(s, 0, att, "C2", "D2")
    assert s.game.pending == [CombatBonusDecision(player=0, source="Steel Weapons", bonus=1, cost={"ore": 1})]


def test_metallurgy_alone_gives_no_bonus():
    s, att, _dfn = land_battle(attacker=["Metallurgy"])
    dice(s, LEADER, LEADER, LEADER, LEADER)
    attack(s, 0, att, "C2", "D2")
    assert "Player 1 rolls 1 (leader), 1 (leader): combat value 2, no hits" in s.game.log


# ------------------------------------------------------------------ Fanaticism


def temple_battle(temple=True, cities=("D2",)) -> tuple[Scenario, list, list]:
    """Player 2 (Fanaticism) defends its city at D7 against 2 infantry of player 1."""
    s = Scenario().reveal_all().advances(1, "Fanaticism")
    s.city(1, "D7", buildings={"temple": 1} if temple else {})
    for label in cities:
        s.city(1, label)
    att = s.units(0, "infantry", "D7", 2)
    dfn = s.units(1, "infantry", "D7", 1)
    return s, att, dfn


def test_fanaticism_adds_two_in_the_first_round_at_a_temple_city():
    s, att, _dfn = temple_battle()
    dice(s, LEADER, LEADER, (3, "elephant"), LEADER, LEADER)
    attack(s, 0, att, "D7", "C8")
    assert "Player 2 gets +2 combat value from Fanaticism" in s.game.log
    assert "Player 2 rolls 3 (elephant), +2 combat value: combat value 5, 1 hit" in s.game.log
    assert len(alive(s, att)) == 1
    s.apply(Retreat(False))
    assert "Player 2 rolls 1 (leader): combat value 1, no hits" in s.game.log  # round 2: no bonus


def empty_temple_fortress(siegecraft=False) -> tuple[Scenario, City, list]:
    """Player 1 attacks player 2's temple and fortress city at D7, held by no unit, with 1 infantry."""
    s = Scenario().reveal_all().advances(1, "Fanaticism")
    city = s.city(1, "D7", buildings={"temple": 1, "fortress": 1})
    if siegecraft:
        s.advances(0, "Siegecraft").resources(0, wood=2, ore=0, gold=0)
    return s, city, s.units(0, "infantry", "D7", 1)


def test_fanaticism_adds_two_to_a_fortress_die_rolled_alone_but_nothing_without_a_die():
    s, city, att = empty_temple_fortress()
    dice(s, LEADER, (3, "elephant"))
    attack(s, 0, att, "D7", "C8")
    assert "Player 2 rolls 3 (elephant) including 1 fortress die, +2 combat value: combat value 5, 1 hit" in s.game.log
    assert alive(s, att) == [] and city.owner == 1
    s, city, att = empty_temple_fortress(siegecraft=True)
    dice(s, LEADER)
    attack(s, 0, att, "D7", "C8")
    s.apply(CancelFortress(("extra_dice",), payment={"wood": 2}))
    assert "Player 2 rolls no dice: combat value 0, no hits" in s.game.log and city.owner == 0


def test_steel_weapons_is_offered_to_a_city_held_by_its_fortress_alone_unless_its_die_is_cancelled():
    """Its bonus counts on the fortress die, as every combat-value bonus of a side that rolls."""
    s, city, att = empty_temple_fortress()
    s.lose_advances(1, "Fanaticism").advances(1, "Steel Weapons").resources(1, ore=1)
    attack(s, 0, att, "D7", "C8")
    assert s.game.pending == [CombatBonusDecision(player=1, source="Steel Weapons", bonus=2, cost={"ore": 1})]
    dice(s, LEADER, (3, "elephant"))
    s.apply(PayCombatBonus(True))
    assert "Player 2 rolls 3 (elephant) including 1 fortress die, +2 combat value: combat value 5, 1 hit" in s.game.log
    assert alive(s, att) == [] and city.owner == 1
    s, city, att = empty_temple_fortress(siegecraft=True)
    s.lose_advances(1, "Fanaticism").advances(1, "Steel Weapons").resources(1, ore=1)
    dice(s, LEADER)
    attack(s, 0, att, "D7", "C8")
    s.apply(CancelFortress(("extra_dice",), payment={"wood": 2}))  # no die left to add it to: not offered
    assert s.player(1).resources["ore"] == 1 and city.owner == 0


def test_fanaticism_helps_an_attacker_too_but_not_away_from_temples():
    s = Scenario().reveal_all().advances(0, "Fanaticism")
    s.city(1, "D7", buildings={"temple": 1})
    att = s.units(0, "infantry", "D7", 1)
    s.units(1, "infantry", "D7", 1)
    dice(s, LEADER, LEADER)
    attack(s, 0, att, "D7", "C8")
    assert "Player 1 rolls 1 (leader), +2 combat value: combat value 3, no hits" in s.game.log
    s, att, _dfn = temple_battle(temple=False)
    dice(s, LEADER, LEADER, LEADER)
    attack(s, 0, att, "D7", "C8")
    assert "Player 2 rolls 1 (leader): combat value 1, no hits" in s.game.log


def test_losing_at_a_temple_city_gives_a_free_infantry_in_a_city_with_room():
    s, att, _dfn = temple_battle()
    # Attacker 6+1, 6+1 = 14: 2 hits; defender 1 + 2 = 3: none. The city falls.
    dice(s, (6, "infantry"), (6, "infantry"), LEADER)
    attack(s, 0, att, "D7", "C8")
    d2 = s.game.city_at(s.hex("D2"))
    assert s.game.city_at(s.hex("D7")).owner == 0
    fresh = list(s.game.units_of(1, "infantry"))
    assert [pos(u) for u in fresh] == ["D2"] and d2.owner == 1
    assert "Player 2 places a free infantry in the city at D2 (Fanaticism)" in s.game.log


def test_the_loser_chooses_the_city_when_several_have_room():
    s, att, _dfn = temple_battle(cities=("D2", "E2"))
    s.units(1, "infantry", "E2", 4)  # full
    s.city(1, "C2")
    dice(s, (6, "infantry"), (6, "infantry"), LEADER)
    attack(s, 0, att, "D7", "C8")
    decision = s.game.pending[-1]
    assert isinstance(decision, ReinforcementDecision) and decision.player == 1
    ids = [c.id for c in s.game.cities if hex_to_label(c.pos) in ("D2", "C2")]
    assert s.legal() == [PlaceReinforcement(i) for i in decision.cities] and sorted(decision.cities) == sorted(ids)
    assert_illegal(s, PlaceReinforcement(s.game.city_at(s.hex("E2")).id))
    s.apply(PlaceReinforcement(s.game.city_at(s.hex("C2")).id))
    assert len(s.game.units_at(s.hex("C2"))) == 1


def test_no_free_infantry_after_losing_away_from_a_temple_or_without_supply():
    s, att, dfn = temple_battle(temple=False)
    dice(s, (6, "infantry"), (6, "infantry"), LEADER)
    attack(s, 0, att, "D7", "C8")
    assert s.game.units_of(1) == []
    s, att, dfn = temple_battle()
    dfn[0].kind = "cavalry"
    s.units(1, "infantry", "A3", 16)  # none left in supply
    dice(s, (6, "infantry"), (6, "infantry"), LEADER)
    attack(s, 0, att, "D7", "C8")
    assert len(s.game.units_of(1, "infantry")) == 16 and s.game.unit(dfn[0].id) is None
    assert "Player 2 gets no free infantry from Fanaticism: none in supply or no city with room" in s.game.log


def test_an_undefended_temple_city_taken_also_gives_the_free_infantry():
    s = Scenario().reveal_all().advances(1, "Fanaticism")
    s.city(1, "D7", buildings={"temple": 1})
    s.city(1, "D2")
    att = s.units(0, "infantry", "D7", 1)
    attack(s, 0, att, "D7", "C8")
    assert [pos(u) for u in s.game.units_of(1, "infantry")] == ["D2"]


def test_a_battle_waiting_for_a_choice_before_round_one_survives_saving_and_loading():
    s, att = siege()
    s.advances(0, "Steel Weapons")
    s.resources(0, ore=3)
    attack(s, 0, att, "D7", "C8")
    s.apply(CancelFortress(("hit_cancel",)))
    assert s.game.pending == [CombatBonusDecision(player=0, source="Steel Weapons", bonus=2, cost={"ore": 1})]
    restored = loads(dumps(s.game))
    assert state_hash(restored) == state_hash(s.game)
    assert restored.combat.prepared == ["city_attack_offer", "siege", "attacker_bonus"]
    assert restored.combat.fortress_cancelled == ["hit_cancel"]
