"""The 2012 edition's barbarians (spawning within 2 spaces, the Barbarian Attack icon, one round whose hits
beyond a city's units shrink it, gold per barbarian defeated and razing a taken settlement, settlements in
explored regions) and combat (spoils only from a Happy or Neutral city, cargo lost with its ship, captured
pieces working only with their advance, the component limits)."""

from civgame.games.clash.core.actions import ChooseOption, ChooseOrientation
from civgame.games.clash.core.decisions import EffectChoiceDecision, OrientationDecision, RefugeeDecision
from civgame.games.clash.core.model import BARBARIAN, EventInProgress, EventStep
from civgame.games.clash.rules import events
from civgame.games.clash.rules.actions.cities import recruit_options
from civgame.games.clash.rules.actions.exploration import explore
from tests.classic import classic_board, die
from tests.combat_helpers import attack

FAMINE = 3  # a card of the 2012 deck, whose name the questions show


def icon(s, step, active=0):
    """Resolve one icon step for `active`."""
    s.game.event = EventInProgress(FAMINE, active, [EventStep(step, active)])
    events.resume(s.game)


def settlement(s, label, barbarians):
    city = s.city(BARBARIAN, label)
    s.units(BARBARIAN, "infantry", label, barbarians)
    return city


def test_barbarians_spawn_on_empty_land_within_2_spaces_next_to_any_city():
    s = classic_board()
    s.city(0, "D2")
    s.city(1, "F2")  # another player's city does not keep them away
    spaces = {events.hex_to_label(h) for h in events._settlement_spaces(s.game, 0)}
    assert {"E2", "C2"} <= spaces  # next to the city: 1 space away
    assert "E4" in spaces and "D1" not in spaces  # 2 spaces away; Barren never
    assert "D2" not in spaces and "F2" not in spaces


def test_the_barbarian_attack_icon_sends_the_largest_settlement_near_against_the_closest_city():
    s = classic_board()
    s.city(0, "D2")
    s.city(0, "B6")
    settlement(s, "F2", 1)
    settlement(s, "E4", 3)
    s.fix_dice(die(1), die(1), die(1))  # no hit
    icon(s, "barbarians_attack")
    assert "The barbarians of E4 attack Player 1's city at D2" in s.game.log
    assert len(s.game.units_at(s.hex("E4"))) == 3 and s.game.combat is None  # back home after one round


def test_tied_settlements_and_cities_are_the_attacked_players_choice():
    s = classic_board()
    s.city(0, "D2")
    settlement(s, "F2", 2)
    settlement(s, "D4", 2)
    icon(s, "barbarians_attack")
    assert s.game.pending[-1].options == ["D4 attacks D2", "F2 attacks D2"]


def test_hits_beyond_the_units_in_the_city_remove_its_pieces_and_anger_it():
    s = classic_board()
    city = s.city(0, "D2", buildings={"temple": 0, "academy": 0}, mood="happy")
    settler = s.unit(0, "settler", "D2")
    settlement(s, "E4", 2)
    s.fix_dice(die(5), die(5))  # 10: 2 hits
    icon(s, "barbarians_attack")
    assert s.game.unit(settler.id) is None  # the settler takes the first hit
    decision = s.game.pending[-1]
    assert isinstance(decision, EffectChoiceDecision) and decision.options == ["Academy at D2", "Temple at D2"]
    s.apply(ChooseOption("Temple at D2"))
    assert city.buildings == {"academy": 0} and city.mood == "angry" and city.owner == 0
    assert len(s.game.units_at(s.hex("E4"))) == 2


def test_a_city_losing_more_pieces_than_its_size_is_destroyed_and_barbarians_never_capture():
    s = classic_board()
    s.city(0, "D2")
    s.city(0, "B6")
    settlement(s, "E4", 2)
    s.fix_dice(die(5), die(5))
    icon(s, "barbarians_attack")
    assert s.game.city_at(s.hex("D2")) is None and len(s.game.cities) == 2


def test_the_great_wall_keeps_barbarian_attacks_off_its_owners_cities():
    s = classic_board()
    city = s.city(0, "D2", wonders=["great_wall"], buildings={"temple": 0})
    settlement(s, "E4", 3)
    icon(s, "barbarians_attack")
    assert city.buildings == {"temple": 0} and not s.game.pending and s.game.combat is None


def test_taking_a_barbarian_settlement_pays_a_gold_per_barbarian_defeated_and_it_may_be_razed():
    s = classic_board()
    target = settlement(s, "E4", 2)
    army = s.units(0, "infantry", "E4", 4)
    s.fix_dice(die(6), die(6), die(6), die(4), die(1), die(1))  # 22: 4 hits; 2: none
    attack(s, 0, army, "E4", "D4")
    assert s.player(0).resources["gold"] == 2  # one per barbarian defeated
    assert target.owner == 0 and target.mood == "angry"
    decision = s.game.pending[-1]
    assert decision.options == ["keep the city", "raze it for 1 gold"]
    s.apply(ChooseOption("raze it for 1 gold"))
    assert target not in s.game.cities and s.player(0).resources["gold"] == 3


def test_spoils_and_refugees_come_only_from_a_happy_or_neutral_city_and_gold_is_its_actual_size():
    s = classic_board()
    s.city(1, "E4", buildings={"temple": 1}, mood="happy")
    s.city(1, "B6")
    army = s.units(0, "infantry", "E4", 1)
    attack(s, 0, army, "E4", "D4")  # undefended: taken at once
    assert s.player(0).resources["gold"] == 2  # size 2 (its happy mood adds nothing)
    assert isinstance(s.game.pending[-1], RefugeeDecision)
    s.game.pending.clear()
    angry = s.city(1, "D5", buildings={"temple": 1}, mood="angry")
    army = s.units(0, "infantry", "D5", 1)
    attack(s, 0, army, "D5", "D4")
    assert angry.owner == 0 and s.player(0).resources["gold"] == 2 and not s.game.pending


def test_land_units_on_a_sunk_ship_sink_with_it():
    s = classic_board()
    ship = s.unit(1, "ship", "F6")
    s.unit(1, "settler", "F6", carrier=ship)
    s.unit(1, "settler", "F6", carrier=ship)
    attackers = s.units(0, "ship", "F6", 2)
    s.fix_dice(die(6), die(6), die(1))  # 12: 2 hits; 1: none
    attack(s, 0, attackers, "F6", "E7")
    assert s.game.units_of(1) == []


def test_a_captured_fortress_defends_only_an_owner_with_tactics():
    s = classic_board()
    city = s.city(1, "E4", buildings={"fortress": 0})
    army = s.units(0, "infantry", "E4", 1)
    s.fix_dice(die(1))
    attack(s, 0, army, "E4", "D4")  # its owner lacks Tactics: an empty city, no fortress die
    assert city.owner == 0


def test_no_unit_is_taken_from_the_board_when_the_supply_is_empty():
    s = classic_board()
    city = s.city(0, "D2", mood="happy")
    s.city(0, "B6")
    s.units(0, "settler", "B7", 4)
    s.resources(0, food=8)
    assert not any("settler" in units for units in recruit_options(s.game, city))


def test_an_explored_region_with_two_fertile_spaces_gets_a_barbarian_settlement():
    s = classic_board()
    s.hide(6)
    region = s.game.regions[5]
    region.tile = "14"  # G, G, G, F
    s.game.invalidate_board()
    settler = s.unit(0, "settler", "D2")
    entered = region.spaces()[0]
    explore(s.game, 0, [settler], settler.pos, entered)
    if isinstance(s.game.pending[-1:] and s.game.pending[-1], OrientationDecision):
        s.apply(ChooseOrientation(s.game.pending[-1].options[0]))
    if s.game.pending:
        decision = s.game.pending[-1]
        assert isinstance(decision, EffectChoiceDecision) and events.hex_to_label(entered) not in decision.options
        s.apply(ChooseOption(decision.options[0]))
    barbarians = s.game.cities_of(BARBARIAN)
    assert len(barbarians) == 1 and barbarians[0].pos in region.spaces() and barbarians[0].pos != entered
    assert len(s.game.units_at(barbarians[0].pos)) == 1
