"""Events: drawing a card, its icon (barbarians, pirates, exhausted land, gold mine), then its main
effect player by player, with the advances that protect against them.

The board is the economy tests' board: player 0's city stands where a test puts it; sea is at
E7, F6, F4 and E3, barren land at D8 and D1, forest at D6 and C7.
"""

from __future__ import annotations

import shutil

import pytest

from civgame.framework.errors import RuleError
from civgame.games.clash.content.ruleset import RULESETS_ROOT, Ruleset, load_ruleset
from civgame.games.clash.core.actions import ChooseOption, Construct, PlaceRefugee
from civgame.games.clash.core.decisions import EffectChoiceDecision, RefugeeDecision
from civgame.games.clash.core.model import BARBARIAN, PIRATE, EventInProgress
from civgame.games.clash.rules import events
from civgame.games.clash.rules.actions.advances import gain_advance, use_event_cube
from civgame.games.clash.rules.actions.cities import why_not_construct
from civgame.games.clash.rules.actions.wonders import why_not_build
from tests.scenario import Scenario

VULCAN = 29  # no icon; its text needs 4 cities


def board(players: int = 2, rules: Ruleset | None = None) -> Scenario:
    s = Scenario(players=players, rules=rules)
    for region, tile in ((3, "3"), (4, "12"), (5, "11"), (6, "7")):
        s.place_tile(region, tile, 0)
    s.reveal_all()
    for p in range(players):
        s.resources(p, food=0, wood=0, ore=0, ideas=0, gold=0, mood=0, culture=0)
    return s


def draw(s: Scenario, card: int, player: int = 0) -> None:
    """`player`'s tracker empties with `card` on top of the event deck."""
    deck = s.game.decks["event"]
    deck.draw = [c for c in deck.draw if c != card] + [card]
    s.player(player).event_cubes = 1
    use_event_cube(s.game, s.player(player))


def main_effect(s: Scenario, card: int, active: int = 0) -> None:
    """Resolve only the main effect of `card` (its icon is tested on its own)."""
    s.game.event = EventInProgress(card, active, events.main_steps(s.game, active, card))
    events.resume(s.game)


def options(s: Scenario) -> list[str]:
    decision = s.game.pending[-1]
    assert isinstance(decision, EffectChoiceDecision)
    return decision.options


def choose(s: Scenario, option: str) -> None:
    s.apply(ChooseOption(option))


def food(s: Scenario) -> list[int]:
    return [p.resources["food"] for p in s.game.players]


# ------------------------------------------------------------------ drawing and the order


def test_the_card_is_discarded_when_drawn_and_the_tracker_refills():
    s = board()
    s.city(0, "D5")
    draw(s, VULCAN)
    assert s.game.decks["event"].discard == [VULCAN]
    assert s.player(0).event_cubes == 3
    assert s.game.event is None and not s.game.pending
    assert "Player 1 draws the event card Vulcan" in s.game.log


def test_the_tracker_is_refilled_once_the_event_it_drew_is_resolved():
    """The summary: "draw the top card of the event deck and resolve it. Then, refill your event tracker"."""
    s = board()
    s.city(0, "D5", mood="happy")
    s.city(0, "D2", mood="happy")
    draw(s, 1)  # Pestilence: the active player chooses the city whose mood drops
    assert options(s) == ["D2", "D5"] and s.player(0).event_cubes == 0
    choose(s, "D5")
    assert s.game.event is None and s.player(0).event_cubes == 3


def test_an_advance_gained_while_the_trackers_event_resolves_takes_a_cube_of_the_refilled_tracker():
    s = board()
    s.city(0, "D5", mood="happy")
    s.city(0, "D2", mood="happy")
    draw(s, 1)
    gain_advance(s.game, s.player(0), "Storage")
    assert s.player(0).event_cubes == 2 and s.game.event.card == 1 and not s.game.events_waiting
    choose(s, "D5")
    assert s.player(0).event_cubes == 2


def test_the_gold_mine_icon_acts_before_the_card():
    s = board()
    s.city(0, "D5")
    draw(s, 53)  # Fire, gold mine
    assert s.player(0).resources["gold"] == 2
    assert not s.game.pending


def test_icon_first_then_the_main_effect_for_every_player():
    s = board()
    s.city(0, "D5")
    s.city(1, "B6")
    draw(s, 13)  # exhausted land, then every player +2 food
    assert food(s) == [0, 0]  # the icon waits for the active player's choice
    assert "E5" in options(s)
    choose(s, "E5")
    assert s.game.exhausted == [s.hex("E5")]
    assert food(s) == [2, 2]


def test_no_events_variant_only_the_icon_acts():
    s = board()
    s.city(0, "D5")
    s.game.event_variant = "no_events"
    draw(s, 46)  # pirates; the card would give gold
    while s.game.pending:
        choose(s, options(s)[0])
    assert s.player(0).resources["gold"] == 0
    assert s.game.units_of(PIRATE)


def test_optional_events_the_active_player_may_decline_the_text():
    s = board()
    s.city(0, "D5")
    s.city(1, "B6")
    s.game.event_variant = "optional_events"
    draw(s, 34)  # gold mine, then Migration
    assert s.player(0).resources["gold"] == 2
    assert options(s) == [events.PLAY, events.DECLINE]
    choose(s, events.DECLINE)
    assert not s.game.pending and not s.game.units_of(1, "settler")


def test_an_event_drawn_while_another_is_under_way_waits_until_it_is_over():
    s = board()
    s.city(0, "D5", mood="happy")
    s.city(0, "D2", mood="happy")
    s.city(1, "B6", mood="happy")
    s.advances(1, "Storage")
    s.resources(1, food=1)
    main_effect(s, 1)  # Pestilence: player 1 chooses which city's mood drops
    draw(s, 51, player=1)  # Famine: Vermin, while Pestilence waits for that choice
    assert s.game.event.card == 1 and [e.card for e in s.game.events_waiting] == [51]
    assert s.game.log[-2:] == [
        "Player 2 draws the event card Famine: Vermin",
        "The event card Famine: Vermin resolves once the event under way is over",
    ]
    assert food(s) == [0, 1] and options(s) == ["D2", "D5"]
    choose(s, "D5")
    assert s.game.event is None and not s.game.events_waiting and not s.game.pending
    assert s.game.log[-3:] == [
        "Player 1's city at D5 becomes neutral (Pestilence)",
        "Pestilence: from now on nobody without protection from it may build",
        "Player 2 loses 1 food to famine",
    ]
    assert [c.mood for c in s.game.cities] == ["neutral", "happy", "happy"] and food(s) == [0, 0]


# ------------------------------------------------------------------ barbarians


def test_barbarians_spawn_two_land_spaces_away_never_next_to_a_city_then_reinforce():
    s = board()
    s.city(0, "D5")
    s.city(1, "B6")
    draw(s, 9)  # barbarians spawn, then every player +1 food
    spaces = options(s)
    assert "D7" in spaces  # two spaces from D5 over the forest at D6
    for label in ("D6", "E5", "C6", "B7", "E7", "D8"):  # next to a city, sea, barren
        assert label not in spaces
    choose(s, "D7")
    barbarian_city = s.game.city_at(s.hex("D7"))
    assert barbarian_city is not None and barbarian_city.owner == BARBARIAN
    assert options(s) == ["D7: infantry", "D7: cavalry", "D7: elephant"]
    choose(s, "D7: cavalry")
    assert sorted(u.kind for u in s.game.units_of(BARBARIAN)) == ["cavalry", "infantry"]
    assert food(s) == [1, 1]


def test_a_mod_changing_the_barbarians_reach_changes_where_they_spawn(tmp_path):
    mod = tmp_path / "mod"
    shutil.copytree(RULESETS_ROOT / "monumental", mod)
    (mod / "game.yaml").write_text((mod / "game.yaml").read_text().replace("  reach: 2 ", "  reach: 3 ", 1))
    spawns = {}
    for reach, rules in ((2, None), (3, load_ruleset(mod))):
        s = board(rules=rules)
        s.city(0, "D5")
        s.city(1, "B6")
        draw(s, 9)  # barbarians spawn
        spawns[reach] = options(s)
    assert spawns[2] == ["D3", "D7", "E4", "F5"]
    assert spawns[3] == ["A5", "C3", "C8", "D2", "E8", "F3", "G5"]  # three land spaces from D5


def test_barbarians_move_one_space_toward_a_city_two_spaces_away():
    s = board()
    s.city(0, "D5", mood="happy")
    s.unit(BARBARIAN, "infantry", "D7")
    s.resources(0, food=1)
    draw(s, 3)  # barbarians move, then Famine
    (army,) = s.game.units_of(BARBARIAN)
    assert army.pos == s.hex("D6")  # the only land space next to both
    assert s.player(0).resources["food"] == 0  # the famine is paid


def test_barbarians_take_an_undefended_city_then_the_event_goes_on():
    s = board()
    s.city(0, "D5")
    s.city(0, "D2")
    s.unit(BARBARIAN, "infantry", "D6")
    draw(s, 3)
    taken = s.game.city_at(s.hex("D5"))
    assert taken.owner == BARBARIAN
    assert isinstance(s.game.pending[-1], RefugeeDecision)
    s.apply(PlaceRefugee(s.game.city_at(s.hex("D2")).id))
    assert s.game.city_at(s.hex("D2")).mood == "angry"  # then the famine: no food, the last city angry


def test_barbarian_city_near_the_active_player_is_garrisoned_after_the_moves():
    s = board()
    s.city(0, "D5")
    s.city(BARBARIAN, "D7")
    s.unit(BARBARIAN, "infantry", "C6")
    s.unit(0, "infantry", "D5")
    s.fix_dice(*[0] * 8)
    draw(s, 3)
    while s.game.pending:
        s.apply(s.legal()[0])
    assert len(s.game.units_at(s.hex("D7"))) == 1  # the garrison's new infantry


def test_with_no_army_to_move_barbarians_only_found_a_settlement():
    s = board()
    s.city(0, "D5")
    s.city(1, "B6")
    draw(s, 3)
    assert "D7" in options(s)
    choose(s, "D7")
    assert [u.kind for u in s.game.units_of(BARBARIAN)] == ["infantry"]
    assert s.game.event is None or not any(step.kind == "barbarian_reinforcement" for step in s.game.event.steps)


# ------------------------------------------------------------------ pirates, exhausted land


def test_pirates_first_ship_next_to_the_active_players_city_then_anywhere_then_the_raid():
    s = board()
    s.city(0, "E6")
    s.city(1, "B6")
    s.resources(0, food=1, wood=1)
    draw(s, 45)  # pirates, then Scientific Trade
    assert options(s) == ["E7", "F6"]
    choose(s, "E7")
    assert "F4" in options(s)
    choose(s, "F4")
    assert options(s) == ["food", "wood"]  # the raid: player 1 has no city by the pirates
    choose(s, "wood")
    assert s.player(0).resources == {"food": 1, "wood": 0, "ore": 0, "ideas": 2, "gold": 0}


def test_pirates_raid_the_mood_of_a_player_with_nothing_to_give():
    s = board()
    s.city(0, "E6", mood="happy")
    s.unit(PIRATE, "ship", "E7")
    s.unit(PIRATE, "ship", "F6")
    s.unit(PIRATE, "ship", "F4")
    draw(s, 45)
    assert options(s) == ["E7", "F4", "F6"]  # one ship must leave the board first
    choose(s, "F4")
    choose(s, "E7")
    choose(s, "F4")
    assert s.game.city_at(s.hex("E6")).mood == "neutral"
    assert len(s.game.units_of(PIRATE)) == 4


def test_exhausted_land_needs_an_empty_non_barren_land_space_next_to_a_city():
    s = board()
    s.city(0, "D7")
    s.unit(0, "settler", "C7")
    draw(s, 13)
    assert options(s) == ["C8", "D6", "E8"]  # not D8 (barren), E7 (sea) nor C7 (a unit)
    choose(s, "E8")
    assert s.game.exhausted == [s.hex("E8")]


# ------------------------------------------------------------------ food events


@pytest.mark.parametrize(
    ("card", "expected"),
    [(9, [1, 1]), (10, [1, 0]), (12, [2, 0]), (13, [2, 2]), (15, [3, 3]), (17, [3, 0])],
)
def test_good_years_give_food(card, expected):
    s = board()
    s.advances(0, "Storage")
    s.advances(1, "Storage")
    main_effect(s, card)
    assert food(s) == expected


@pytest.mark.parametrize(("card", "amount"), [(11, 1), (14, 2), (16, 3)])
def test_good_years_that_hand_out_food(card, amount):
    s = board(players=3)
    s.advances(0, "Storage")
    s.advances(1, "Storage")
    s.resources(2, food=2)  # at the limit: cannot take more
    main_effect(s, card)
    assert food(s) == [amount, amount, 2]  # only player 1 may take it: chosen at once


@pytest.mark.parametrize(("card", "owed"), [(3, 1), (4, 1), (5, 1), (6, 2), (7, 2), (8, 2)])
def test_famine_takes_food_or_makes_a_city_angry(card, owed):
    s = board()
    s.city(0, "D5", mood="happy")
    s.resources(0, food=owed)
    main_effect(s, card)
    assert food(s)[0] == 0 and s.game.city_at(s.hex("D5")).mood == "happy"
    main_effect(s, card)
    assert s.game.city_at(s.hex("D5")).mood == "angry"


def test_irrigation_protects_from_famine():
    s = board()
    s.city(0, "D5", mood="happy")
    s.advances(0, "Irrigation")
    main_effect(s, 6)
    assert s.game.city_at(s.hex("D5")).mood == "happy"
    assert "Player 1 is protected from Severe famine by Irrigation" in s.game.log


def test_vermin_hits_only_players_with_storage():
    s = board()
    s.city(0, "D5")
    s.city(1, "B6")
    s.advances(1, "Storage")
    main_effect(s, 51)
    assert s.game.city_at(s.hex("D5")).mood == "neutral"
    assert s.game.city_at(s.hex("B6")).mood == "angry"


def test_drought_costs_food_per_city_near_barren_land():
    s = board()
    s.city(0, "D7")  # next to barren D8
    s.city(0, "D5")
    s.resources(0, food=2)
    main_effect(s, 52)
    assert food(s)[0] == 1
    assert s.game.city_at(s.hex("D7")).mood == "neutral"


def test_a_successful_year_feeds_the_players_with_fewest_cities():
    s = board()
    s.city(0, "D5")
    s.city(0, "D2")
    s.city(1, "B6")
    main_effect(s, 54)
    assert food(s) == [0, 1]
    s.city(1, "D7")
    main_effect(s, 54)
    assert food(s) == [1, 2]


def test_a_successful_year_pays_each_player_after_the_pirates_raid_them():
    """The icon resolves first for every player: a player raided with nothing to give loses a city's
    mood, and is paid the card's food only in their own share, after the raid."""
    s = board()
    s.city(0, "D5")
    s.city(0, "D2")
    s.city(1, "E6", mood="happy")
    s.unit(PIRATE, "ship", "E7")
    s.unit(PIRATE, "ship", "F4")
    draw(s, 54)
    while s.game.pending and s.game.pending[-1].player == 0:  # the active player places the ships
        choose(s, options(s)[0])
    assert not s.game.pending and s.game.event is None
    assert s.game.city_at(s.hex("E6")).mood == "neutral"  # raided before the food came
    assert food(s) == [0, 1]


# ------------------------------------------------------------------ mood events and Myths


def test_flood_lowers_a_coastal_city_and_myths_may_spare_it():
    s = board()
    s.city(0, "E6", mood="happy")
    s.city(0, "D5", mood="happy")
    main_effect(s, 32)
    assert s.game.city_at(s.hex("E6")).mood == "neutral"
    assert s.game.city_at(s.hex("D5")).mood == "happy"  # inland
    s.advances(0, "Myths")
    s.resources(0, mood=1)
    main_effect(s, 32)
    assert options(s) == ["E6", "pay 1 mood to spare a city (Myths)"]
    choose(s, "pay 1 mood to spare a city (Myths)")
    assert s.game.city_at(s.hex("E6")).mood == "neutral" and s.player(0).mood_tokens == 0


SPARE = "pay 1 mood to spare a city (Myths)"


def test_myths_spares_no_more_cities_than_pestilence_would_hit():
    s = board()
    s.city(0, "D5", mood="happy")
    s.city(0, "D2", mood="angry")  # cannot lose a mood step
    s.advances(0, "Roads", "Myths")  # Roads: Pestilence lowers 2 cities, but only D5 can be hit
    s.resources(0, mood=3)
    main_effect(s, 1)
    assert options(s) == ["D5", SPARE]
    choose(s, SPARE)
    assert not s.game.pending and s.player(0).mood_tokens == 2  # one token: one city would be affected
    assert [c.mood for c in s.game.cities] == ["happy", "angry"]
    s.game.city_at(s.hex("D2")).mood = "happy"  # now both can be hit: both can be spared
    main_effect(s, 1)
    choose(s, SPARE)
    assert options(s) == ["D2", "D5", SPARE]
    choose(s, SPARE)
    assert not s.game.pending and s.player(0).mood_tokens == 0
    assert [c.mood for c in s.game.cities] == ["happy", "happy"]


def test_myths_spares_no_more_cities_than_fire_would_hit():
    s = board()
    s.city(0, "D6", mood="neutral")  # forest, joined to the forest at C7
    s.city(0, "C7", mood="angry")  # burns too, but cannot lose a mood step
    s.advances(0, "Myths")
    s.resources(0, mood=3)
    main_effect(s, 53)
    choose(s, "D6")  # where the fire starts
    assert options(s) == ["D6", SPARE]
    choose(s, SPARE)
    assert not s.game.pending and s.player(0).mood_tokens == 2
    assert [c.mood for c in s.game.cities] == ["neutral", "angry"]


def test_heavy_flood_hits_every_player():
    s = board()
    s.city(0, "E6")
    s.city(1, "E4")
    main_effect(s, 33)
    assert [s.game.city_at(s.hex(x)).mood for x in ("E6", "E4")] == ["angry", "angry"]


def test_pestilence_lowers_moods_and_bans_building_until_sanitation():
    s = board()
    s.city(0, "D5", mood="happy")
    s.city(0, "D2", mood="happy")
    s.city(1, "B6", mood="happy")
    s.advances(0, "Roads")
    main_effect(s, 1)
    assert sorted(options(s)) == ["D2", "D5"]
    choose(s, "D5")
    assert [c.mood for c in s.game.cities] == ["neutral", "neutral", "happy"]  # 2 cities with Roads; 1 city: spared
    temple = s.game.city_at(s.hex("D5"))
    s.advances(0, "Myths")
    assert "Pestilence" in (why_not_construct(s.game, temple, "temple") or "")
    s.player(0).wonder_cards = ["pyramids"]
    assert "Pestilence" in (why_not_build(s.game, temple, "pyramids") or "")  # wonders too (card text)
    s.advances(0, "Sanitation")
    assert why_not_construct(s.game, temple, "temple") is None
    assert "Pestilence" not in (why_not_build(s.game, temple, "pyramids") or "")


def test_sanitation_protects_from_pestilence():
    s = board()
    s.city(0, "D5", mood="happy")
    s.city(0, "D2", mood="happy")
    s.advances(0, "Sanitation")
    main_effect(s, 1)
    assert [c.mood for c in s.game.cities] == ["happy", "happy"] and s.game.construct_ban is None


def test_migration_gives_another_player_a_settler_and_lowers_your_mood():
    s = board()
    s.city(0, "D5", mood="happy")
    s.city(1, "B6")
    main_effect(s, 34)
    assert [u.pos for u in s.game.units_of(1, "settler")] == [s.hex("B6")]
    assert s.game.city_at(s.hex("D5")).mood == "neutral"


@pytest.mark.parametrize("card", [27, 28])
def test_population_boom_gives_you_and_another_player_a_settler(card):
    s = board()
    s.city(0, "D5")
    s.city(1, "B6")
    main_effect(s, card)
    assert len(s.game.units_of(0, "settler")) == 1 and len(s.game.units_of(1, "settler")) == 1


@pytest.mark.parametrize("card", [36, 37])
def test_civil_war_kills_an_infantry_in_a_non_happy_city(card):
    s = board()
    s.city(0, "D5", mood="neutral")
    s.unit(0, "infantry", "D5")
    s.city(0, "D2", mood="happy")
    s.unit(0, "infantry", "D2")
    main_effect(s, card)
    assert [u.pos for u in s.game.units_of(0)] == [s.hex("D2")]
    assert s.game.city_at(s.hex("D5")).mood == "angry"


def test_civil_war_without_such_a_city_lowers_a_mood():
    s = board()
    s.city(0, "D5", mood="happy")
    main_effect(s, 36)
    assert s.game.city_at(s.hex("D5")).mood == "neutral"


def test_uprising_trades_tokens_for_half_vp():
    s = board()
    s.resources(0, mood=1, culture=3)
    main_effect(s, 39)
    assert "1 mood, 3 culture" in options(s) and "2 mood, 0 culture" not in options(s)
    choose(s, "1 mood, 3 culture")
    assert s.player(0).event_vp == 2 and s.player(0).culture_tokens == 0


# ------------------------------------------------------------------ units


def test_epidemics_kills_a_unit_of_players_with_two_and_sanitation_protects():
    s = board(players=3)
    s.units(0, "infantry", "D5", 3)
    s.units(1, "settler", "B6", 2)
    s.units(2, "settler", "D2", 1)
    s.advances(0, "Sanitation")
    main_effect(s, 2)
    assert [len(s.game.units_of(p)) for p in range(3)] == [3, 1, 1]


def test_black_death_kills_a_quarter_of_the_units_for_vp():
    s = board()
    s.units(0, "infantry", "D5", 4)
    s.units(0, "settler", "D2", 4)
    main_effect(s, 50)
    assert options(s) == ["infantry at D5", "settler at D2"]
    choose(s, "settler at D2")
    choose(s, "settler at D2")
    assert len(s.game.units_of(0)) == 6 and s.player(0).event_vp == 2


# ------------------------------------------------------------------ buildings


def test_scientific_trade_gives_ideas_per_academy_city_at_least_two_to_you():
    s = board()
    s.city(0, "D5")
    s.city(1, "B6", buildings={"academy": 1})
    s.city(1, "D2", buildings={"observatory": 1})
    main_effect(s, 45)
    assert [p.resources["ideas"] for p in s.game.players] == [2, 2]


def test_flourishing_trade_gives_gold_per_market_or_port_city():
    s = board()
    s.city(1, "B6", buildings={"market": 1})
    main_effect(s, 46)
    assert [p.resources["gold"] for p in s.game.players] == [1, 1]


def test_era_of_stability_gives_tokens_of_the_players_choice():
    s = board()
    s.city(0, "D5", buildings={"temple": 0})
    s.city(0, "D2", buildings={"obelisk": 0})
    main_effect(s, 47)
    assert options(s) == ["2 mood, 0 culture", "1 mood, 1 culture", "0 mood, 2 culture"]
    choose(s, "1 mood, 1 culture")
    assert (s.player(0).mood_tokens, s.player(0).culture_tokens) == (1, 1)


def test_an_event_choice_answers_only_with_its_options():
    s = board()
    s.resources(0, mood=1, culture=1)
    main_effect(s, 39)
    with pytest.raises(RuleError):
        choose(s, "3 mood, 0 culture")
    with pytest.raises(RuleError):
        s.apply(Construct(1, "temple"))


def test_fire_lowers_every_city_on_the_joined_forest_whoever_owns_it():
    s = board()
    s.city(0, "D6", mood="happy")  # forest, joined to the forest at C7
    s.city(1, "C7", mood="happy")
    s.city(0, "D5", mood="happy")  # grassland
    main_effect(s, 53)
    assert [c.mood for c in s.game.cities] == ["neutral", "neutral", "happy"]


def test_fire_without_a_forest_city_costs_a_wood():
    s = board()
    s.city(0, "D5")
    s.resources(0, wood=2)
    main_effect(s, 53)
    assert s.player(0).resources["wood"] == 1


def test_pandemics_takes_an_item_per_two_cities_and_sanitation_protects():
    s = board()
    for label in ("D5", "D2", "B6", "D7"):
        s.city(0, label)
    s.city(1, "E4")
    s.city(1, "B3")
    s.resources(0, ore=1)
    s.resources(1, ore=1)
    s.player(0).action_cards = [s.game.rules.action_cards[0].id]
    s.player(0).objective_cards = []
    s.player(1).action_cards = s.player(1).objective_cards = []
    main_effect(s, 49)
    card = f"action card {s.game.rules.action_cards[0].name}"
    assert options(s) == [card, "ore"]
    choose(s, card)  # the second item is the only one left: taken at once
    assert s.player(0).action_cards == [] and s.player(0).resources["ore"] == 0
    assert s.player(1).resources["ore"] == 0
    s.advances(1, "Sanitation")
    s.resources(1, ore=1)
    main_effect(s, 49)
    assert s.player(1).resources["ore"] == 1


def test_anarchy_takes_the_government_for_vp_and_regaining_it_uses_no_cube_but_costs_vp():
    s = board()
    s.advances(0, "Voting", "Storage")
    voting_category = s.game.rules.category_of("Voting")
    s.advances(0, *(a.name for a in voting_category.advances[:1]))
    lost = [a for a in s.player(0).advances if s.game.rules.category_of(a).government]
    assert lost
    main_effect(s, 44)
    assert not any(s.game.rules.category_of(a).government for a in s.player(0).advances)
    assert s.player(0).event_vp == len(lost) and "Storage" in s.player(0).advances
    s.player(0).event_cubes = 1
    gain_advance(s.game, s.player(0), voting_category.advances[0].name)
    assert s.player(0).event_cubes == 1 and s.player(0).event_vp == len(lost) - 1


def test_reformation_hands_one_of_your_temples_to_another_player():
    s = board(players=3)
    s.city(0, "D5", buildings={"temple": 0})
    s.city(0, "D2", buildings={"temple": 0})
    main_effect(s, 48)
    assert options(s) == ["Player 2", "Player 3"]
    choose(s, "Player 3")
    assert options(s) == ["D2", "D5"]  # Player 3 picks the temple
    assert s.game.pending[-1].player == 2
    choose(s, "D2")
    assert s.game.city_at(s.hex("D2")).buildings == {"temple": 2}


def test_reformation_without_a_temple_passes_the_card_to_a_player_who_has_one():
    s = board()
    s.city(0, "D5", buildings={"temple": 0})
    s.city(1, "B6", buildings={"temple": 1})
    s.city(1, "D7")
    main_effect(s, 48, active=0)  # player 1 owns one: gives it to player 2
    assert s.game.city_at(s.hex("D5")).buildings == {"temple": 1}
    s.city(0, "E4")
    s.game.city_at(s.hex("D5")).buildings = {}
    s.game.city_at(s.hex("B6")).buildings = {"temple": 1}
    main_effect(s, 48, active=0)  # player 1 has none now: the card passes to player 2, who gives one to player 1
    assert s.game.city_at(s.hex("B6")).buildings == {"temple": 0}


def test_solar_eclipse_shortens_the_next_land_battle_and_pays_its_winner():
    from tests.combat_helpers import LEADER, attack, dice

    s = board()
    s.city(0, "D2")
    s.city(1, "D7")
    attackers = s.units(0, "infantry", "D6", 2)
    s.units(1, "infantry", "D6", 2)
    main_effect(s, 41)
    assert s.game.short_battle_vp == 1
    dice(s, *[LEADER] * 4)  # 2 + 2 combat value: nobody hits, both sides stand after one round
    attack(s, 0, attackers, "D6", "D5")
    assert s.game.combat is None and s.game.short_battle_vp is None
    assert [p.event_vp for p in s.game.players] == [0, 1]  # no winner: the defender gains it
    assert all(u.pos == s.hex("D5") for u in s.game.units_of(0))


def test_barbarians_with_every_settlement_on_the_board_neither_spawn_nor_keep_a_captured_city():
    s = board()
    s.city(0, "D5")
    s.city(0, "D2")
    for label in ("A3", "A5", "A7", "B2", "B4", "C2", "G3"):
        s.city(BARBARIAN, label)
    s.unit(BARBARIAN, "infantry", "D6")
    draw(s, 3)  # barbarians move: the army at D6 takes D5, which is razed
    assert s.game.city_at(s.hex("D5")) is None
    s.apply(PlaceRefugee(s.game.city_at(s.hex("D2")).id))
    s.game.units = [u for u in s.game.units if u.owner != BARBARIAN]
    draw(s, 9)  # barbarians spawn: no settlement piece left
    assert len(s.game.cities_of(BARBARIAN)) == 7
    assert "Every barbarian settlement is on the board: no new settlement" in s.game.log


# ------------------------------------------------------------------ great persons


def test_a_great_person_is_offered_to_you_for_1_culture_then_to_the_others_for_2():
    s = board(players=3)
    s.city(0, "D5")
    s.resources(0, culture=1)
    s.resources(1, culture=2)
    s.resources(2, culture=2)
    draw(s, 21)  # Great Philosopher (barbarians move: no army, so a settlement is placed first)
    while s.game.pending and "where barbarians settle" in s.game.pending[-1].source:
        choose(s, options(s)[0])
    assert options(s) == ["take it for 1 culture", "pass"]
    choose(s, "pass")
    assert s.game.pending[-1].player == 1 and options(s) == ["take it for 2 culture", "pass"]
    choose(s, "take it for 2 culture")
    assert s.player(1).great_persons == [21] and s.player(1).culture_tokens == 0
    assert not s.game.pending and 21 not in s.game.decks["event"].discard  # player 3 is not asked


def test_no_great_person_is_offered_in_the_no_events_variant():
    s = board()
    s.city(0, "D5")
    s.resources(0, culture=1)
    s.game.event_variant = "no_events"
    draw(s, 21)
    while s.game.pending:
        choose(s, options(s)[0])
    assert s.player(0).great_persons == [] and s.player(0).culture_tokens == 1


def play(s: Scenario, card: int, advance: str | None) -> None:
    from civgame.games.clash.core.actions import PlayGreatPerson

    s.player(0).great_persons.append(card)
    s.apply(PlayGreatPerson(card, (advance,) if advance else ()))


@pytest.mark.parametrize(
    ("card", "advance", "ideas", "action_cards"),
    [(21, "Writing", 2, 1), (22, "Math", 1, 1), (23, "Voting", 0, 2)],  # Writing itself draws an action card
)
def test_great_persons_give_a_free_advance_without_a_cube_then_their_effect(card, advance, ideas, action_cards):
    s = board()
    s.city(0, "D5")
    if advance == "Math":
        s.advances(0, "Writing")
    if advance == "Voting":
        category = s.game.rules.category_of("Voting")
        advance = category.advances[0].name
        s.advances(0, *filter(None, [category.requires]))
    s.player(0).action_cards = []
    s.player(0).event_cubes = 1
    actions = s.game.actions_left
    play(s, card, advance)
    assert advance in s.player(0).advances and s.player(0).event_cubes == 1
    assert s.player(0).resources["ideas"] == ideas and len(s.player(0).action_cards) == action_cards
    assert s.game.actions_left == actions - 1 and s.player(0).great_persons == []
    assert s.game.decks["event"].discard[-1] == card


def test_a_great_persons_free_advance_comes_from_its_categories_and_may_be_declined():
    s = board()
    with pytest.raises(RuleError, match="cannot be played that way"):
        play(s, 21, "Storage")
    s.player(0).great_persons = []
    play(s, 21, None)
    assert s.player(0).advances == ["Farming", "Mining"] and s.player(0).resources["ideas"] == 2


def test_great_athlete_needs_a_token_to_be_played():
    s = board()
    with pytest.raises(RuleError, match="needs a mood or culture token"):
        play(s, 56, None)


def test_great_artist_makes_a_city_happy():
    s = board()
    s.city(0, "D5", mood="angry")
    s.city(0, "D2", mood="happy")
    culture = next(c for c in s.game.rules.categories if c.name == "Culture").advances[0].name
    play(s, 19, culture)
    assert s.game.city_at(s.hex("D5")).mood == "happy"


def test_great_athlete_turns_tokens_one_way():
    s = board()
    s.resources(0, culture=2, mood=1)
    culture = next(c for c in s.game.rules.categories if c.name == "Culture").advances[0].name
    play(s, 56, culture)
    assert "2 culture to mood" in options(s) and "1 mood to culture" in options(s)
    choose(s, "2 culture to mood")
    bonus = s.game.rules.advance(culture).bonus
    assert s.player(0).culture_tokens == (bonus == "culture")
    assert s.player(0).mood_tokens == 3 + (bonus == "mood")


def test_other_players_are_raided_at_the_start_of_their_share_of_the_card():
    s = board()
    s.city(0, "D5")
    s.city(1, "E6", buildings={"market": 1})
    s.resources(1, food=1, wood=1)
    s.unit(PIRATE, "ship", "E7")
    s.unit(PIRATE, "ship", "F4")
    draw(s, 46)  # pirates, then Flourishing Trade
    choose(s, options(s)[0])  # the active player places the ships
    choose(s, options(s)[0])
    assert s.player(0).resources["gold"] == 1  # the active player's share came first
    assert s.game.pending[-1].player == 1 and options(s) == ["food", "wood"]
    assert s.player(1).resources["gold"] == 0
    choose(s, "wood")
    assert s.player(1).resources == {"food": 1, "wood": 0, "ore": 0, "ideas": 0, "gold": 1}


def test_great_merchant_collects_the_trade_routes_once_more():
    s = board()
    s.city(0, "D5")
    s.city(1, "D7")
    s.unit(0, "settler", "D6")
    s.advances(0, "Trade Routes")
    play(s, 25, None)
    assert s.player(0).resources["food"] == 1


def test_great_prophet_may_build_a_temple_without_activating_the_city():
    from civgame.games.clash.core.actions import ChooseToken

    s = board()
    s.city(0, "D5")
    s.city(0, "D2", buildings={"temple": 0})
    s.resources(0, food=1, wood=1, ore=1)
    play(s, 20, None)
    assert options(s) == ["D5", "do not build"]
    choose(s, "D5")  # one way to pay: taken at once
    s.apply(ChooseToken("culture"))
    city = s.game.city_at(s.hex("D5"))
    assert city.buildings == {"temple": 0} and city.activations == 0
    assert s.player(0).culture_tokens == 1 and s.player(0).resources["ore"] == 0


def test_great_seer_sets_an_objective_card_aside_for_each_players_next_draw():
    from civgame.games.clash.rules.base.cards import deal

    s = board()
    deck = s.game.decks["objective"].draw
    top = [deck[-1], deck[-2]]
    name = {c.id: c.name for c in s.game.rules.objective_cards}
    play(s, 58, None)
    assert sorted(options(s)) == sorted({name[c] for c in top})
    assert "which objective card Player 1 draws next" in s.game.pending[-1].source
    choose(s, name[top[1]])
    assert s.player(1).foreseen_objectives == [top[0]]  # the last card goes to player 2 at once
    before = list(s.player(0).objective_cards)
    deal(s.game, s.player(0), 0, 1)
    assert s.player(0).objective_cards == [*before, top[1]] and s.player(0).foreseen_objectives == []


def test_a_leader_lost_to_an_event_dies():
    s = board()
    s.player(0).leader = "Caesar"
    s.unit(0, "leader", "D5")
    s.unit(0, "infantry", "D2")
    main_effect(s, 2)  # Epidemics: 2 units, lose 1
    choose(s, "leader at D5")
    assert s.player(0).leader is None and [u.kind for u in s.game.units_of(0)] == ["infantry"]
    assert "Player 1's leader Caesar dies" in s.game.log


def test_pandemics_takes_a_great_person_held_in_hand_but_not_one_kept_face_up():
    """A great person in hand counts as an action card; the Great Architect (55) lies face up, not in hand."""
    s = board()
    s.city(0, "D5")
    s.city(0, "D2")
    s.city(1, "E4")
    s.player(0).action_cards = s.player(0).objective_cards = []
    s.player(1).action_cards = s.player(1).objective_cards = []
    s.player(0).great_persons = [21, 55]  # Great Philosopher (hidden), Great Architect (face up)
    s.game.decks["event"].draw = [c for c in s.game.decks["event"].draw if c not in (21, 55)]
    s.resources(0, ore=1)
    main_effect(s, 49)
    assert options(s) == ["great person Great Philosopher", "ore"]
