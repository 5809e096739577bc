"""Special advances of the Civilizations expansion that move pieces or look into a deck: Rome's Imperial Roads,
Maya's Calendar and Ballcourts, and Carthage's Pirate Allies (shipped as data of the 2012 expansion,
rules_data/classic-2012/civilizations/civilizations.yaml)."""

import pytest

from civgame.games.clash.core.actions import (
    Advance,
    ChooseOption,
    Collect,
    EndMove,
    MoveUnits,
    Recruit,
    StartMove,
    UseAbility,
)
from civgame.games.clash.core.decisions import MoveDecision, PirateShareDecision, TopCardDecision
from civgame.games.clash.core.model import PIRATE, City, Unit
from civgame.games.clash.rules.actions import ballcourts
from civgame.games.clash.rules.actions.advances import gain_advance
from civgame.games.clash.rules.actions.cities import in_pirate_zone
from civgame.games.clash.rules.base.pirate_share import ATTACK, SHARE_SPACE
from civgame.games.clash.rules.base.top_card import LEAVE, LET_DRAW, LOOK
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.view import view_for
from tests.classic import classic_board, expansion_rules
from tests.engine.test_expansion_special_advances import playing, random_game_keeps_invariants, special
from tests.engine.test_wonders import assert_refused
from tests.scenario import Scenario


@pytest.mark.parametrize("key", ["rome", "maya", "carthage"])
def test_seeded_random_games_with_these_special_advances_keep_every_invariant(key, monkeypatch, tmp_path):
    random_game_keeps_invariants(key, 1, monkeypatch, tmp_path)


# ------------------------------------------------------------------ Rome

IMPERIAL_ROADS = UseAbility("Imperial Roads", "city_road_move")


def roman_roads(imperial_roads: bool) -> Scenario:
    """Roman cities at D5 and D7 (Forest at D6 between them) and at D2, two infantry in D5, Roads and Tactics
    held, nothing to pay with."""
    s = playing("rome")
    s.advances(0, "Engineering", "Tactics")
    if imperial_roads:
        special(s, 0, "Roads")
    else:
        s.advances(0, "Roads")
    for label in ("D5", "D7", "D2"):
        s.city(0, label)
    s.units(0, "infantry", "D5", 2)
    s.resources(0, food=0, wood=0, ore=0, gold=0)
    return s


def test_imperial_roads_move_a_group_between_two_roman_cities_for_free_once_a_turn():
    s = roman_roads(False)
    assert s.legal_of(UseAbility) == []
    s = roman_roads(True)
    actions = s.game.actions_left
    s.apply(IMPERIAL_ROADS)
    decision = s.game.pending[-1]
    assert isinstance(decision, MoveDecision) and decision.groups_left == 1
    assert {s.game.existing_unit(m.units[0]).pos for m in s.legal_of(MoveUnits)} == {s.hex("D5")}
    assert {m.to for m in s.legal_of(MoveUnits)} == {s.hex("D7")}  # a city 2 spaces away: no other space
    assert_refused(s, MoveUnits(s.legal_of(MoveUnits)[0].units, s.hex("D6")), "from one of your cities to another")
    group = max((m.units for m in s.legal_of(MoveUnits)), key=len)
    s.apply(MoveUnits(group, s.hex("D7")))
    assert [u.pos for u in s.game.units_of(0)] == [s.hex("D7")] * 2
    assert not s.game.pending and s.game.actions_left == actions and sum(s.player(0).resources.values()) == 0
    assert s.game.log[-2:] == [
        "Player 1 uses Imperial Roads: one group moves by road between two of their cities, free",
        "Player 1 moves 2 army units from D5 to D7 by road",
    ]
    assert_refused(s, IMPERIAL_ROADS, "Imperial Roads is used once per turn")
    assert check_invariants(s.game) == []


def test_imperial_roads_are_not_used_in_the_middle_of_a_move_and_move_units_that_moved_before():
    s = roman_roads(True)
    first, second = s.game.units_of(0)
    for step in ("D6", "D7"):  # two move actions: the first infantry ends in the city at D7
        s.apply(StartMove())
        assert s.legal_of(UseAbility) == []  # not in the middle of another action
        s.apply(MoveUnits((first.id,), s.hex(step)))
        s.apply(EndMove())
    s.apply(IMPERIAL_ROADS)
    assert {(m.units, m.to) for m in s.legal_of(MoveUnits)} == {((first.id,), s.hex("D5")), ((second.id,), s.hex("D7"))}


def test_imperial_roads_keep_the_road_rules_no_enemy_on_the_way():
    s = roman_roads(True)
    s.unit(1, "infantry", "D6")
    assert_refused(s, IMPERIAL_ROADS, "no group of land units can move by road from one of your cities to another")


def test_imperial_roads_ignore_terrain_as_neither_of_the_roads_prices_is_paid():
    """Provisional (recorded in docs/rules-decisions.md): through and onto Mountains, not stopped there."""
    s = roman_roads(True)
    s.city(0, "D4")  # (a Mountain, and D3 between it and D2 too)
    soldier = s.unit(0, "infantry", "D2")
    s.apply(IMPERIAL_ROADS)
    s.apply(MoveUnits((soldier.id,), s.hex("D4")))
    assert soldier.pos == s.hex("D4") and not soldier.immobile


# ------------------------------------------------------------------ Maya: Calendar

CALENDAR = UseAbility("Calendar", "bury_top_card")


def maya_before_astronomy(calendar: bool) -> Scenario:
    """Player 0 plays the Maya (or no civilization) at Culture level 2 without culture tokens, about to gain
    Astronomy, whose culture border raises the level to 3 (an event) and gives a token."""
    s = playing("maya") if calendar else classic_board(rules=expansion_rules())
    s.player(0).culture_level, s.player(0).culture_tokens = 2, 0
    return s


def top_cards(s: Scenario, count: int) -> list[int | str]:
    return s.game.decks["event"].draw[-count:][::-1]


def test_calendar_looks_at_the_event_card_about_to_be_drawn_and_buries_it_for_a_culture_token():
    s = maya_before_astronomy(calendar=False)
    first = top_cards(s, 1)[0]
    special(s, 0, "Astronomy")
    assert first in s.game.decks["event"].discard  # drawn at once
    s = maya_before_astronomy(calendar=True)
    first, second, third = top_cards(s, 3)
    special(s, 0, "Astronomy")  # Astronomy, then Calendar, then the level: the event waits for the Maya
    decision = s.game.pending[-1]
    assert isinstance(decision, TopCardDecision) and decision.card == -1 and decision.drawer == 0
    assert first not in s.game.decks["event"].discard
    s.apply(ChooseOption(LOOK))
    decision = s.game.pending[-1]
    assert isinstance(decision, TopCardDecision) and decision.card == first
    tokens = s.player(0).culture_tokens
    s.apply(ChooseOption("put it at the bottom of the deck for 1 culture token"))
    assert s.game.decks["event"].draw[0] == first and s.player(0).culture_tokens == tokens - 1
    assert s.game.pending[-1].card == second and s.game.pending[-1].options == [LEAVE]  # no token left to pay
    s.apply(ChooseOption(LEAVE))
    assert second in s.game.decks["event"].discard and third == top_cards(s, 1)[0]  # the event is drawn
    assert not any(s.game.rules.event(first).name in line for line in s.game.log)  # never named
    assert "Player 1 looks at the top event card without showing it (Calendar)" in s.game.log


def test_calendar_is_asked_before_another_players_event_and_shows_the_card_to_the_maya_alone():
    s = maya_before_astronomy(calendar=True)
    special(s, 0, "Astronomy")
    s.apply(ChooseOption(LET_DRAW))
    s.player(0).culture_tokens = 1
    s.player(1).culture_level = 2
    gain_advance(s.game, s.player(1), "Astronomy", uses_event_cube=False)
    assert s.game.pending[-1].player == 0 and s.game.pending[-1].drawer == 1
    s.apply(ChooseOption(LOOK))
    card = s.game.pending[-1].card
    assert view_for(s.game, 0)["pending"][-1]["card"] == card
    assert view_for(s.game, 1)["pending"][-1] == {"kind": "top_card", "player": 0}
    assert str(card) not in str(view_for(s.game, 1)["decks"]["event"])


def test_calendar_looks_at_the_top_event_card_as_a_free_action_in_the_mayas_turn():
    s = maya_before_astronomy(calendar=True)
    special(s, 0, "Astronomy")
    s.apply(ChooseOption(LET_DRAW))
    assert not s.game.pending
    top, actions = top_cards(s, 1)[0], s.game.actions_left
    s.apply(CALENDAR)
    assert s.game.pending[-1].card == top and s.game.pending[-1].drawer == -1
    s.apply(ChooseOption(LEAVE))
    assert not s.game.pending and top_cards(s, 1)[0] == top and s.game.actions_left == actions
    s.game.decks["event"].draw.clear()
    assert_refused(s, CALENDAR, "the event deck is empty")


# ------------------------------------------------------------------ Maya: Ballcourts


def ballcourts_city(ballcourts: bool) -> tuple[Scenario, City]:
    """A neutral Maya city of size 1 at D2 (or of a player without a civilization), 1 mood token, Tactics held,
    2 food."""
    s = playing("maya") if ballcourts else classic_board(rules=expansion_rules())
    s.advances(0, "Myths", "Tactics")
    gain_advance(s.game, s.player(0), "Circus & Sports", uses_event_cube=False, surcharge_paid=True)
    city = s.city(0, "D2")
    s.player(0).mood_tokens = 1
    s.resources(0, food=2, wood=0, ore=0, ideas=0, gold=0)
    return s, city


def larger(s: Scenario) -> UseAbility:
    return UseAbility("Ballcourts", "paid_size_bonus", ("D2",))


def test_ballcourts_pay_a_mood_token_for_a_city_to_collect_as_one_size_larger():
    s, city = ballcourts_city(False)
    assert {len(c.picks) for c in s.legal_of(Collect)} == {1} and larger(s) not in s.legal_of(UseAbility)
    s, city = ballcourts_city(True)
    assert {len(c.picks) for c in s.legal_of(Collect)} == {1}
    s.apply(larger(s))
    assert (
        s.player(0).mood_tokens == 0
        and "Player 1 pays 1 mood token: the city at D2 counts 1 size larger for its next Collect or Build (Ballcourts)"
        in s.game.log
    )
    assert {len(c.picks) for c in s.legal_of(Collect)} == {2}
    s.apply(next(c for c in s.legal_of(Collect) if len(c.picks) == 2))
    city.mood = "neutral"
    assert ballcourts.size_bonus(s.game, city) == 0  # used up by the Collect
    assert_refused(s, larger(s), "cannot pay 1 mood token")


def test_ballcourts_pay_a_mood_token_for_a_city_to_build_one_more_unit():
    s, city = ballcourts_city(True)
    assert_refused(s, Recruit(city.id, ("infantry", "infantry")), "can recruit at most 1 unit")
    s.apply(larger(s))
    s.resources(0, food=2, ore=2)
    s.apply(Recruit(city.id, ("infantry", "infantry")))
    assert len(s.game.units_of(0, "infantry")) == 2 and ballcourts.size_bonus(s.game, city) == 0


def test_ballcourts_make_one_spirituality_advance_a_turn_cost_one_food_less():
    s, _ = ballcourts_city(False)
    s.resources(0, food=1)
    assert Advance("Rituals") not in s.legal_of(Advance)
    s, _ = ballcourts_city(True)
    s.resources(0, food=1)
    assert {a.advance for a in s.legal_of(Advance)} == {"Rituals", "Priesthood", "State Religion"}  # for 1 food
    s.apply(Advance("Rituals"))
    assert s.player(0).resources["food"] == 0 and "Rituals costs 1 less (Ballcourts)" in s.game.log
    s.resources(0, food=1)
    assert Advance("Priesthood") not in s.legal_of(Advance)  # once a turn


# ------------------------------------------------------------------ Carthage: Pirate Allies


def carthage_near_pirates(pirate_allies: bool) -> tuple[Scenario, Unit, Unit]:
    """A Carthaginian ship at E7 and a pirate ship at F6 next to it (the only sea spaces there); a Carthaginian
    city at E6, by both."""
    s = playing("carthage")
    if pirate_allies:
        special(s, 0, "Navigation")
    s.city(0, "E6")
    ship = s.unit(0, "ship", "E7")
    pirate = s.unit(PIRATE, "ship", "F6")
    return s, ship, pirate


def test_pirate_allies_sail_into_a_pirate_space_without_a_battle_and_the_pirates_count_as_carthages_ships():
    s, ship, pirate = carthage_near_pirates(False)
    s.apply(StartMove())
    s.apply(MoveUnits((ship.id,), s.hex("F6")))
    assert s.game.combat is not None or ship not in s.game.units  # a battle against the pirates
    s, ship, pirate = carthage_near_pirates(True)
    assert in_pirate_zone(s.game, s.hex("E7"))  # the pirates block Collects by them
    s.apply(StartMove())
    s.apply(MoveUnits((ship.id,), s.hex("F6")))
    assert s.game.combat is None and ship.pos == pirate.pos == s.hex("F6")
    assert isinstance(s.game.pending[-1], PirateShareDecision) and pirate.owner == PIRATE  # share or attack?
    s.apply(ChooseOption(SHARE_SPACE))
    assert (
        pirate.owner == 0
        and pirate.pirate
        and "The pirate ship at F6 sails with Player 1 (Pirate Allies)" in s.game.log
    )
    assert not in_pirate_zone(s.game, s.hex("E7")) and s.game.units_of(PIRATE, "ship") == []
    assert len(s.game.pieces_of(0, "ship")) == 1 and len(s.game.pieces_of(PIRATE, "ship")) == 1  # still its piece
    assert check_invariants(s.game) == []


def test_pirate_allies_may_still_attack_the_pirates_whose_space_their_ships_enter():
    s, ship, pirate = carthage_near_pirates(True)
    s.apply(StartMove())
    s.apply(MoveUnits((ship.id,), s.hex("F6")))
    s.apply(ChooseOption(ATTACK))
    assert s.game.combat is not None and pirate.owner == PIRATE


def test_pirate_allies_ask_whether_to_share_the_space_or_attack_when_a_ship_is_built_by_pirates():
    s, _, pirate = carthage_near_pirates(True)
    city = s.game.city_at(s.hex("E6"))
    assert city is not None
    city.buildings["port"], city.port_space = 0, s.hex("F6")
    s.resources(0, wood=2)
    s.advances(0, s.game.rules.buildings["port"].advance)
    s.apply(Recruit(city.id, ("ship",)))
    assert isinstance(s.game.pending[-1], PirateShareDecision) and s.game.pending[-1].origin is None
    s.apply(ChooseOption(SHARE_SPACE))
    assert pirate.owner == 0 and s.game.combat is None


def carthage_sharing_with_pirates() -> tuple[Scenario, Unit, Unit]:
    """`carthage_near_pirates` with Pirate Allies, the ship moved to share the pirates' space at F6, in the next
    move action."""
    s, ship, pirate = carthage_near_pirates(True)
    s.apply(StartMove())
    s.apply(MoveUnits((ship.id,), s.hex("F6")))
    s.apply(ChooseOption(SHARE_SPACE))
    s.apply(EndMove())
    s.apply(StartMove())
    return s, ship, pirate


def test_pirate_allies_do_not_move_the_pirates_who_are_pirates_again_once_left_alone():
    s, ship, pirate = carthage_sharing_with_pirates()
    assert {m.units for m in s.legal_of(MoveUnits)} == {(ship.id,)}
    assert_refused(s, MoveUnits((pirate.id,), s.hex("E7")), "sails with Player 1, who does not move it")
    s.apply(MoveUnits((ship.id,), s.hex("E7")))
    assert pirate.owner == PIRATE and not pirate.pirate and "The pirate ship at F6 is the pirates' again" in s.game.log
    assert check_invariants(s.game) == []


def test_pirate_allies_let_land_units_board_pirate_ships_straight_away():
    s, _, _ = carthage_near_pirates(False)
    soldier = s.unit(0, "infantry", "E6")
    s.advances(0, "Tactics")
    s.apply(StartMove())
    assert s.hex("F6") not in {m.to for m in s.legal_of(MoveUnits) if m.units == (soldier.id,)}
    s, _, pirate = carthage_near_pirates(True)
    soldier = s.unit(0, "infantry", "E6")
    s.advances(0, "Tactics")
    s.apply(StartMove())
    s.apply(MoveUnits((soldier.id,), s.hex("F6")))
    assert soldier.carrier == pirate.id and pirate.owner == 0 and pirate.pirate
    assert check_invariants(s.game) == []


def test_pirate_allies_attack_the_pirates_sharing_a_space_by_a_move_that_stays_there():
    s, ship, pirate = carthage_sharing_with_pirates()
    stay = MoveUnits((ship.id,), s.hex("F6"))
    assert stay in s.legal_of(MoveUnits)
    s.apply(stay)
    assert pirate.owner == PIRATE and not pirate.pirate  # a battle against them, as pirates
    assert any(line.startswith("The pirates roll") for line in s.game.log)
