"""The special advances of the Civilizations expansion's civilizations that the sources give, shipped as data
of the 2012 expansion (rules_data/classic-2012/civilizations/civilizations.yaml). No source gives their
leaders, so the shipped data deals none; `tests/mods/expansion_leaders_made_up/` completes them with
made-up leaders, as a player who owns the box would with the printed ones."""

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from civgame.ai import play_out, random_agents
from civgame.framework.codec import from_plain, to_plain
from civgame.framework.invariants import InvariantChecker
from civgame.games.clash.core.actions import (
    Advance,
    ChooseCasualties,
    ChooseOption,
    Collect,
    Construct,
    EndMove,
    FoundCity,
    MoveCity,
    MoveUnits,
    PlayActionCard,
    Recruit,
    StartMove,
    UseAbility,
)
from civgame.games.clash.core.decisions import CardCancelDecision
from civgame.games.clash.core.model import BARBARIAN, City, Combat, EventInProgress, EventStep
from civgame.games.clash.definition import DEFINITION
from civgame.games.clash.rules import events
from civgame.games.clash.rules.actions.advances import gain_advance
from civgame.games.clash.rules.actions.cities import collect_options, recruitable_kinds, why_not_recruit
from civgame.games.clash.rules.base import civilizations
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.mods import MODS_DIR_VARIABLE, load_rules
from civgame.games.clash.storage.save import dumps, loads
from tests.classic import CIVILIZATIONS_EXPANSION, classic_board, die, expansion_rules
from tests.combat_helpers import attack
from tests.engine.test_civilization_abilities import (
    arts_attempt_paid_with_two_mood_tokens,
    influence_from_a_foreign_city_holding_your_building,
    longships_carry_three_land_units,
    longships_sail_on_after_a_naval_battle,
    raise_a_rune_stone_after_losing_two_units,
    second_activation_sent_to_another_city,
    settled_fertile_spaces_add_food_at_most_two,
    settler_to_sea_and_back,
    settlers_move_free_after_recruiting_one,
)
from tests.engine.test_wonders import assert_refused
from tests.scenario import Scenario

LEADERS_MOD = Path(__file__).parent.parent / "mods" / "expansion_leaders_made_up"
MADE_UP = Path(__file__).parent.parent / "mods" / "made_up_civilizations"


def completed_rules():
    return load_rules([LEADERS_MOD], CIVILIZATIONS_EXPANSION)


def playing(civilization: str) -> Scenario:
    """Player 0 plays the shipped `civilization`, player 1 none, on the 2012 board with the expansion."""
    s = classic_board(rules=expansion_rules())
    civilizations.take(s.game, s.player(0), civilization)
    return s


def special(s: Scenario, player: int, advance: str) -> None:
    """The player gains `advance` and with it the civilization's special advance linked to it."""
    gain_advance(s.game, s.player(player), advance, uses_event_cube=False)


# ------------------------------------------------------------------ the shipped data


def test_the_shipped_civilizations_are_not_offered_and_say_their_leaders_are_in_no_source():
    rules = expansion_rules()
    assert civilizations.playable(rules) == []
    built = {
        "vikings": ["Shipcraft", "Longships", "Runestones", "Marauders"],
        "huns": ["Nomads", "Mounted Archers", "Raiders", "Hunnic Tribes"],
        "japan": ["Pottery", "Horsemanship", "Shogunate", "Subterfuge"],
        "babylonia": ["Canals"],
        "china": ["Rice Paddies", "Sprawling"],
        "carthage": ["Hegemony", "Pirate Allies", "Warbeasts"],
        "greece": ["Formal Training", "City States", "Hellenization"],
        "egypt": ["Flood Plains", "Embalming", "Man God"],
        "rome": ["Imperial Roads"],
        "maya": ["Ballcourts", "Calendar"],
        "celts": ["Druidic Influence"],
        "india": ["Proselytism"],
        "persia": ["Zoroastrianism"],
    }
    for key, names in built.items():
        civ = rules.civilizations[key]
        assert all(s.text for s in civ.special_advances)
        assert [s.name for s in civ.special_advances if s.effects and not s.missing] == names
        assert "no source gives" in civilizations.why_not_offered(civ)


def test_made_up_leaders_complete_a_shipped_civilization_whose_special_advances_are_all_built():
    rules = completed_rules()
    assert civilizations.playable(rules) == ["huns", "japan", "vikings"]
    assert civilizations.why_not_offered(expansion_rules().civilizations["huns"]) == "no source gives the three leaders"


@pytest.mark.parametrize("seed", [1, 2])
def test_seeded_random_games_with_the_completed_civilizations_keep_every_invariant(seed, monkeypatch, tmp_path):
    """Each civilization the mod gives leaders, and Carthage, Egypt and Greece (no leaders) for their special
    advances built, those in play from the start (but a government's), against a made-up one, every action
    checked."""
    for key in ("vikings", "huns", "japan", "carthage", "egypt", "greece"):
        random_game_keeps_invariants(key, seed, monkeypatch, tmp_path)


def random_game_keeps_invariants(key: str, seed: int, monkeypatch, tmp_path) -> None:
    """A seeded game of random players, the shipped civilization `key` against the made-up Thule, its special
    advances in play from the start (but a government's), every action checked."""
    for mod in (LEADERS_MOD, MADE_UP):
        shutil.copytree(mod, tmp_path / mod.name, dirs_exist_ok=True)  # where the checker's save finds its mods
    monkeypatch.setenv(MODS_DIR_VARIABLE, str(tmp_path))
    rules = load_rules([LEADERS_MOD, MADE_UP], CIVILIZATIONS_EXPANSION)
    game = new_game(2, seed, rules)
    for player, civ in zip(game.players, (key, "thule"), strict=True):
        civilizations.take(game, player, civ)  # (as the deal would, with the civilization under test sure)
    civilizations.starting_leaders(game)
    for linked in rules.civilizations[key].special_advances:  # in play from the start, where no government
        if not rules.category_of(linked.advance).government:
            gain_advance(game, game.players[0], linked.advance, uses_event_cube=False)
    checker = InvariantChecker(DEFINITION, f"{key}, seed {seed}", save_at_step=40)
    game = play_out(game, random_agents(2, seed), observer=checker)
    assert game.phase == "over" and game.players[0].civilization == key and checker.saved
    assert game.players[0].special_advances or game.players[0].leaders_used


# ------------------------------------------------------------------ Vikings


def test_shipcraft_puts_settlers_to_sea_and_lands_ships_as_infantry_only_with_tactics():
    s = playing("vikings")
    settler = settler_to_sea_and_back(s)
    assert s.legal_of(ChooseOption) == []  # no infantry without Tactics
    s.apply(EndMove())
    s.advances(0, "Tactics")
    s.turn(0)
    s.apply(StartMove())
    s.apply(MoveUnits((settler.id,), s.hex("B2")))
    s.apply(EndMove())
    s.turn(0)
    s.apply(StartMove())
    s.apply(MoveUnits((settler.id,), s.hex("B3")))
    s.apply(ChooseOption(f"ships {settler.id} land as 1 infantry"))
    assert settler.kind == "infantry" and check_invariants(s.game) == []


def test_shipcraft_makes_navigation_cost_no_food():
    s = playing("vikings")
    s.advances(0, "Fishing", "Cartography")
    assert Advance("Navigation") not in s.legal_of(Advance)
    special(s, 0, "Fishing")
    s.apply(Advance("Navigation"))
    assert s.player(0).has("Navigation")


def test_longships_carry_three_land_units():
    longships_carry_three_land_units(playing("vikings"), "Warships")


def test_longships_may_sail_on_after_a_naval_battle():
    longships_sail_on_after_a_naval_battle(lambda: playing("vikings"), "Warships", [die(6), die(6), die(1)])


def test_runestones_turn_an_unused_obelisk_into_a_point_after_losing_two_army_units():
    raise_a_rune_stone_after_losing_two_units(playing("vikings"), [die(6), die(6), die(1), die(1)])


def test_marauders_cost_the_owner_of_a_city_next_to_a_viking_ship_a_resource_at_once_once_a_turn():
    s = playing("vikings")
    s.advances(0, "Trade Routes")
    s.city(1, "D2")
    s.unit(0, "ship", "E3")
    s.resources(1, food=0, wood=0, ore=2, ideas=0, gold=0)
    s.turn(0)
    assert s.legal_of(ChooseOption) == []
    special(s, 0, "Trade Routes")
    s.turn(0)
    assert [a.option for a in s.legal_of(ChooseOption)] == ["ore"]
    s.apply(ChooseOption("ore"))
    assert s.player(1).resources["ore"] == 1 and s.player(1).raided_by == ""
    s.turn(0)
    assert [a.option for a in s.legal_of(ChooseOption)] == ["ore"]  # a new turn, a new raid


# ------------------------------------------------------------------ Huns


@pytest.mark.parametrize(
    ("civilization", "special_advance", "unit"),
    [
        ("huns", "Mounted Archers", "cavalry"),
        ("japan", "Horsemanship", "cavalry"),
        ("carthage", "Warbeasts", "elephant"),
    ],
)
def test_a_special_advance_lets_every_city_recruit_cavalry_or_elephants(civilization, special_advance, unit):
    s = playing(civilization)
    city = s.city(0, "D2")
    s.resources(0, food=2, wood=2)
    assert why_not_recruit(s.game, city, (unit,)).endswith("can only be recruited in a city with a Market")
    special(s, 0, "Husbandry")
    assert s.player(0).special_advances == [special_advance]
    assert why_not_recruit(s.game, city, (unit,)) is None and unit in recruitable_kinds(s.game, city)


def carthage_attacks_with_an_elephant(warbeasts: bool) -> Scenario:
    """Carthage's elephant and 2 infantry attack 2 barbarian infantry at E4, rolling 2, 4, 4 against 6, 1."""
    s = playing("carthage")
    if warbeasts:
        special(s, 0, "Husbandry")
    s.units(BARBARIAN, "infantry", "E4", 2)
    army = [s.unit(0, "elephant", "E4"), *s.units(0, "infantry", "E4", 2)]
    s.fix_dice(die(2), die(4), die(4), die(6), die(1))  # Carthage 2, 4, 4; the barbarians 6, 1: 1 hit
    attack(s, 0, army, "E4", "D4")
    return s


def test_hegemony_lets_a_carthaginian_ship_found_a_city_on_the_shore_with_its_cargo_inside():
    for hegemony in (False, True):
        s = playing("carthage")
        if hegemony:
            special(s, 0, "Cartography")
        ship = s.unit(0, "ship", "E3")
        soldier = s.unit(0, "infantry", "E3", carrier=ship)
        found = [a for a in s.legal_of(UseAbility) if a.ability == "ship_founds_city"]
        if not hegemony:
            assert found == []
            continue
        assert ("E3", "D2") in [a.choice for a in found] and ("E3", "D3") in [a.choice for a in found]
        actions = s.game.actions_left
        s.apply(UseAbility("Hegemony", "ship_founds_city", ("E3", "D2")))
        city = s.game.city_at(s.hex("D2"))
        assert city is not None and city.owner == 0 and s.game.unit(ship.id) is None
        assert (soldier.pos, soldier.carrier, s.game.actions_left) == (s.hex("D2"), None, actions - 1)
        assert "Player 1's ship at E3 founds a city at D2 and leaves the board (Hegemony)" in s.game.log
        assert check_invariants(s.game) == []


def test_warbeasts_let_carthage_count_an_elephants_low_die_as_combat_value_instead_of_a_cancellation():
    for warbeasts in (False, True):
        s = carthage_attacks_with_an_elephant(warbeasts)
        if warbeasts:
            assert [a.option for a in s.legal_of(ChooseOption)] == [
                "count no die as combat value: 8 combat value, 1 hit, 1 hit cancelled",
                "count 2 as combat value: 10 combat value, 2 hits, no hits cancelled",
            ]
            s.apply(ChooseOption("count 2 as combat value: 10 combat value, 2 hits, no hits cancelled"))
            assert "Player 1 counts 2 as combat value instead of cancelling hits (Warbeasts)" in s.game.log
        if s.legal_of(ChooseCasualties):
            s.apply(s.legal_of(ChooseCasualties)[0])
        assert len(s.game.units_of(BARBARIAN, "infantry")) == (0 if warbeasts else 1)
        assert len(s.game.units_of(0)) == (2 if warbeasts else 3)


def test_mounted_archers_let_the_huns_lose_infantry_before_cavalry():
    for archers in (False, True):
        s = playing("huns")
        if archers:
            special(s, 0, "Husbandry")
        s.units(0, "infantry", "E4", 1)
        s.unit(0, "cavalry", "E4")
        s.fix_dice(die(6), die(1), die(1))  # the attacker's 6: 1 hit; the Huns' 2: none
        attack(s, 1, s.units(1, "infantry", "E4", 1), "E4", "D4")
        if archers:
            assert s.legal_of(ChooseCasualties) and len(s.legal_of(ChooseCasualties)) == 2
            s.apply(ChooseCasualties((s.game.units_of(0, "infantry")[0].id,)))
        assert [u.kind for u in s.game.units_of(0)] == (["cavalry"] if archers else ["infantry"])


def nomads_board(nomads: bool) -> tuple[Scenario, City]:
    """A happy Hun city of size 1 at D2 (Forest at C2, Mountains at E2 and D3, Barren at D1) with an infantry, in
    a move action."""
    s = playing("huns")
    if nomads:
        special(s, 0, "Storage")
    city = s.city(0, "D2", mood="happy")
    s.advances(0, "Tactics")
    s.unit(0, "infantry", "D2")
    s.resources(0, food=0, wood=0, ore=0)
    s.apply(StartMove())
    return s, city


def test_nomads_move_a_happy_city_of_size_one_which_gains_what_its_new_space_yields():
    s, city = nomads_board(False)
    assert s.legal_of(MoveCity) == []
    s, city = nomads_board(True)
    assert {a.to for a in s.legal_of(MoveCity) if not a.units} == {s.hex(x) for x in ("C2", "D1", "D3", "C3", "E2")}
    s.apply(MoveCity(city.id, s.hex("C2")))  # alone: one of the move's groups
    assert city.pos == s.hex("C2") and s.player(0).resources["wood"] == 1 and city.mood == "happy"
    assert "Player 1 moves the city at D2 to C2 and gains 1 wood (Nomads)" in s.game.log
    (soldier,) = s.game.units_of(0, "infantry")
    assert soldier.pos == s.hex("D2") and s.game.pending[-1].groups_left == 2
    s.apply(MoveCity(city.id, s.hex("C3")))  # a second activation: the city is neutral, no longer moves
    assert city.mood == "neutral" and s.player(0).resources["ore"] == 1 and s.legal_of(MoveCity) == []
    assert check_invariants(s.game) == []


def test_nomads_move_a_city_with_its_units_as_one_group_and_stop_it_in_the_mountains():
    s, city = nomads_board(True)
    (soldier,) = s.game.units_of(0, "infantry")
    s.apply(MoveCity(city.id, s.hex("E2"), (soldier.id,)))
    assert city.pos == soldier.pos == s.hex("E2") and s.game.pending[-1].groups_left == 2
    assert s.player(0).resources["ore"] == 1
    city.mood = "happy"
    assert s.legal_of(MoveCity) == []  # the Mountain stopped it for the turn
    assert_refused(s, MoveCity(city.id, s.hex("D2")), "entered terrain that stops movement this turn")
    s, city = nomads_board(True)
    s.apply(MoveCity(city.id, s.hex("D1")))
    assert sum(s.player(0).resources.values()) == 0  # Barren yields nothing
    city.buildings["temple"] = 0
    assert_refused(s, MoveCity(city.id, s.hex("D2")), "only a happy city of size 1 without a wonder moves")


def raiders_board(raiders: bool) -> Scenario:
    """A Hun infantry at E2, two spaces from C2; player 1 to play."""
    s = playing("huns")
    if raiders:
        special(s, 0, "Tactics")
    s.unit(0, "infantry", "E2")
    s.turn(1)
    return s


def test_raiders_keep_other_players_settlers_near_a_hun_army_from_founding_a_city():
    for raiders in (False, True):
        s = raiders_board(raiders)
        settler = s.unit(1, "settler", "C2")
        assert (FoundCity(settler.id) in s.legal_of(FoundCity)) is not raiders
        if raiders:
            assert_refused(s, FoundCity(settler.id), "a settler within reach of another player's army")
    s = raiders_board(True)
    settler = s.unit(1, "settler", "C2")
    s.unit(1, "infantry", "C2")  # with an army unit of its own
    assert FoundCity(settler.id) in s.legal_of(FoundCity)


def test_raiders_keep_other_players_settlers_near_a_hun_army_from_trade_routes():
    for raiders in (False, True):
        s = playing("huns")
        if raiders:
            special(s, 0, "Tactics")
        s.unit(0, "infantry", "E2")
        s.city(0, "D2")
        s.unit(1, "settler", "C2")
        s.advances(1, "Trade Routes")
        s.resources(1, food=0, wood=0, ore=0, ideas=0, gold=0)
        s.turn(1)
        assert s.player(1).resources["food"] == (0 if raiders else 1)


# ------------------------------------------------------------------ Japan


def test_pottery_gives_a_culture_token_once_a_turn_for_a_collect_of_three_food():
    s = playing("japan")
    city = s.city(0, "D5", mood="happy", buildings={"temple": 1, "fortress": 1})  # size 3, grassland about
    plans = collect_options(s.game, city)
    three_food = next(p for p in plans if sum(what == "food" for _, what in p) >= 3)
    less_food = next(p for p in plans if sum(what == "food" for _, what in p) < 3)
    special(s, 0, "Storage")
    s.player(0).culture_level = 3  # room for culture tokens (the 2012 token limit)
    s.turn(0)
    s.apply(Collect(city.id, less_food))
    assert s.player(0).culture_tokens == 0
    s.apply(Collect(city.id, three_food))
    assert s.player(0).culture_tokens == 1
    city.mood = "happy"
    s.apply(Collect(city.id, three_food))
    assert s.player(0).culture_tokens == 1  # once a turn


def test_horsemanship_is_marked_provisional_where_its_text_is_cut_off():
    (horsemanship,) = [a for a in expansion_rules().civilizations["japan"].special_advances if a.name == "Horsemanship"]
    assert "Provisional: the rest of the card's text is in no source" in horsemanship.text


def japan_attacks_with_a_cavalry(horsemanship: bool) -> Scenario:
    """Japan (1 culture token) attacks a barbarian infantry at E4 with a cavalry and an infantry, rolling 1, 1
    (+1 for the cavalry) against 1; a die rolled again shows 6."""
    s = playing("japan")
    if horsemanship:
        special(s, 0, "Husbandry")
    s.player(0).culture_level, s.player(0).culture_tokens = 1, 1  # (the 2012 token limit is the level)
    s.unit(BARBARIAN, "infantry", "E4")
    army = [s.unit(0, "cavalry", "E4"), s.unit(0, "infantry", "E4")]
    s.fix_dice(die(1), die(1), die(1), die(6))
    attack(s, 0, army, "E4", "D4")
    return s


def test_horsemanship_lets_an_army_with_cavalry_roll_a_die_again_in_the_first_round_for_a_culture_token():
    for horsemanship in (False, True):
        s = japan_attacks_with_a_cavalry(horsemanship)
        if not horsemanship:
            assert s.legal_of(ChooseOption) == [] and s.player(0).culture_tokens == 1
            continue
        again = "pay 1 culture token: roll the 1 again"
        assert [a.option for a in s.legal_of(ChooseOption)] == ["keep the dice", again]
        assert from_plain(Combat, to_plain(s.game.combat)) == s.game.combat  # the roll kept is saved
        s.apply(ChooseOption(again))  # a 6: 6 + 1 + 1 for the cavalry
        assert "Player 1 pays 1 culture token and rolls the 1 again: 6; combat value 8, 1 hit (Horsemanship)" in (
            s.game.log
        )
        assert s.player(0).culture_tokens == 0 and s.game.units_of(BARBARIAN) == [] and s.game.combat is None


SPIES = (7, 8)  # Spies cards, an action half that costs a main action


def shogunate_plays(s: Scenario) -> list[UseAbility]:
    return [a for a in s.legal_of(UseAbility) if a.ability == "play_card_without_action"]


def test_shogunate_plays_one_action_card_a_turn_without_an_action():
    s = playing("japan")
    s.city(0, "D2")
    s.hand(0, *SPIES)
    s.hand(1, 13)  # a card for the Spies to look at
    s.resources(0, culture=2)
    s.game.actions_left = 0
    assert shogunate_plays(s) == []
    s.advances(0, "Philosophy", "Steel Weapons", "State Religion")  # whatever governments need
    special(s, 0, "Nationalism")
    s.apply(shogunate_plays(s)[0])
    s.apply(ChooseOption("exchange nothing"))  # the Spies' look at the other hand
    assert s.player(0).action_cards == [SPIES[1]] and s.game.actions_left == 0 and not s.game.pending
    assert shogunate_plays(s) == []  # once a turn
    s.turn(0)
    s.game.actions_left = 0
    assert shogunate_plays(s)


def test_shogunate_draws_an_action_card_instead_of_a_unit_draft_pays_for_once_a_turn():
    s = playing("japan")
    city = s.city(0, "D2", mood="happy")  # size 1, happy: 2 units
    s.advances(0, "Tactics", "Draft", "Philosophy", "Steel Weapons", "State Religion")
    s.player(0).happiness_level = 3  # (room for mood tokens: the 2012 token limit is the level)
    s.resources(0, food=2, ore=2, mood=2)
    two = Recruit(city.id, ("infantry", "infantry"), card_instead=True)
    assert two not in s.legal_of(Recruit)
    special(s, 0, "Nationalism")
    assert two in s.legal_of(Recruit)
    s.apply(replace(two, payment={"food": 1, "ore": 1, "mood": 1}))
    assert len(s.game.units_of(0, "infantry")) == 1 and len(s.player(0).action_cards) == 1
    assert "Player 1 draws an action card instead of 1 army unit (Shogunate)" in s.game.log
    s.game.pending.clear()  # (Nationalism's token for the infantry built)
    city.mood = "happy"
    assert not [a for a in s.legal_of(Recruit) if a.card_instead]  # once a turn
    s.turn(0)
    s.resources(0, mood=1)
    tokens = (s.player(0).mood_tokens, s.player(0).culture_tokens)
    s.apply(Recruit(city.id, ("infantry",), payment={"mood": 1}, card_instead=True))
    assert len(s.game.units_of(0, "infantry")) == 1 and len(s.player(0).action_cards) == 2
    assert s.game.pending == [] and (s.player(0).mood_tokens + 1, s.player(0).culture_tokens) == tokens  # no Build


def subterfuge_board(subterfuge: bool, theirs: str = "D4") -> Scenario:
    """Japan's city at D2, player 2's at `theirs`, each holding a Spies card; player 2 to play."""
    s = playing("japan")
    if subterfuge:
        special(s, 0, "Tactics")
    s.city(0, "D2")
    s.city(1, theirs)
    s.hand(0, SPIES[0])
    s.hand(1, SPIES[1])
    s.player(1).culture_level, s.player(1).culture_tokens = 1, 1  # the Spies' price
    s.turn(1)
    return s


def test_subterfuge_discards_an_action_card_to_cancel_another_players_card_as_if_unplayed():
    s = subterfuge_board(False)
    s.apply(s.legal_of(PlayActionCard)[0])
    assert s.player(1).action_cards == [] and not isinstance(s.game.pending[-1], CardCancelDecision)
    s = subterfuge_board(True, theirs="D6")  # three spaces away
    s.apply(s.legal_of(PlayActionCard)[0])
    assert not isinstance(s.game.pending[-1], CardCancelDecision)
    s = subterfuge_board(True)
    actions = s.game.actions_left
    s.apply(s.legal_of(PlayActionCard)[0])
    assert [a.option for a in s.legal_of(ChooseOption)] == ["let it be played", "discard Spies to cancel it"]
    assert s.player(1).action_cards == [SPIES[1]]  # not played yet
    s.apply(ChooseOption("discard Spies to cancel it"))
    assert s.player(0).action_cards == [] and s.player(1).action_cards == [] and s.game.pending == []
    assert s.player(1).culture_tokens == 1  # its price not paid
    assert s.game.actions_left == actions and set(SPIES) <= set(s.game.decks["action"].discard)
    assert "Player 1 discards Spies to cancel Spies, discarded as if unplayed (Subterfuge)" in s.game.log


def test_subterfuge_may_let_the_card_be_played():
    s = subterfuge_board(True)
    actions = s.game.actions_left
    s.apply(s.legal_of(PlayActionCard)[0])
    s.apply(ChooseOption("let it be played"))
    assert s.player(0).action_cards == [SPIES[0]] and s.player(1).action_cards == []
    assert s.game.actions_left == actions - 1 and "Player 2 plays the action card Spies, paying 1 culture token" in (
        s.game.log
    )


# ------------------------------------------------------------------ the known special advances of the others


def food_plan(s: Scenario, city, food: int):
    """A Collect of the city gathering exactly `food` food."""
    return next(p for p in collect_options(s.game, city) if sum(what == "food" for _, what in p) == food)


def test_canals_add_a_food_to_a_collect_of_exactly_one_food():
    s = playing("babylonia")
    city = s.city(0, "D5", mood="happy", buildings={"temple": 1, "fortress": 1})
    s.advances(0, "Storage")  # room for the food
    special(s, 0, "Engineering")
    for food, canals in ((1, 1), (2, 0), (1, 1)):  # any number of times a turn
        s.resources(0, food=0)
        city.mood = "happy"
        s.apply(Collect(city.id, food_plan(s, city, food)))
        assert s.player(0).resources["food"] == food + canals


def test_rice_paddies_add_food_for_settled_fertile_spaces_at_most_two():
    settled_fertile_spaces_add_food_at_most_two(playing("china"))


def test_sprawling_gives_settlers_in_cities_a_free_move_after_building_one():
    settlers_move_free_after_recruiting_one(playing("china"))


def test_sprawling_gives_settlers_in_cities_a_free_move_after_a_settler_bought_with_sanitation():
    for sprawling in (False, True):
        s = playing("china")
        city = s.city(0, "D2", mood="happy")
        s.city(0, "B6")  # (a city may grow to the number of its owner's cities)
        s.advances(0, "Myths", "Sanitation")
        if sprawling:
            special(s, 0, "Husbandry")
        s.resources(0, food=2, wood=1, ore=1)  # a Temple, and a food for the settler
        s.apply(Construct(city.id, "temple"))
        s.apply(ChooseOption("pay 1 food: a settler at D2"))
        (settler,) = s.game.units_of(0, "settler")
        actions = s.game.actions_left
        moves = s.legal_of(MoveUnits)
        assert bool(moves) is sprawling and all(m.units == (settler.id,) for m in moves)
        if sprawling:
            s.apply(MoveUnits((settler.id,), s.hex("D1")))
            assert settler.pos == s.hex("D1") and s.legal_of(MoveUnits) == [] and s.game.actions_left == actions


def test_city_states_send_a_second_activation_to_another_city():
    second_activation_sent_to_another_city(playing("greece"), "Voting")


def test_hellenization_influences_from_a_foreign_city_holding_your_piece():
    influence_from_a_foreign_city_holding_your_building(playing("greece"), "Art & Sculptures")


def test_hellenization_pays_the_art_and_sculptures_attempt_with_two_mood_tokens_not_both_in_a_turn():
    arts_attempt_paid_with_two_mood_tokens(playing("greece"), "Art & Sculptures", "Hellenization")


def test_flood_plains_let_egypt_found_cities_on_barren_spaces_and_collect_food_or_wood_there():
    for flood_plains in (False, True):
        s = playing("egypt")
        s.advances(0, "Storage")  # (room for wood and food)
        if flood_plains:
            special(s, 0, "Irrigation")
        settler = s.unit(0, "settler", "D1")  # Barren
        assert (FoundCity(settler.id) in s.legal_of(FoundCity)) is flood_plains
        city = s.city(0, "D2", mood="happy")
        barren = {what for plan in collect_options(s.game, city) for space, what in plan if space == s.hex("D1")}
        assert barren == ({"food", "wood"} if flood_plains else set())


def test_embalming_gives_a_culture_token_after_any_battle_to_egypt_holding_four_or_fewer():
    for embalming, tokens, after in ((False, 0, 0), (True, 0, 1), (True, 5, 5)):
        s = playing("egypt")
        if embalming:
            special(s, 0, "Rituals")
        s.player(0).culture_level, s.player(0).culture_tokens = 7, tokens  # (the 2012 token limit is the level)
        s.unit(BARBARIAN, "infantry", "E4")
        s.fix_dice(die(1), die(1), die(1), die(1), die(6), die(1))  # a miss each, then Egypt's hit
        attack(s, 0, s.units(0, "infantry", "E4", 1), "E4", "D4")
        assert s.game.combat is None and s.player(0).culture_tokens == after


def test_embalming_always_gives_a_culture_token_when_egypts_leader_dies():
    for embalming in (False, True):
        s = playing("egypt")
        if embalming:
            special(s, 0, "Rituals")
        s.player(0).culture_level, s.player(0).culture_tokens = 7, 5  # more than 4: no token for the battle
        civilizations.place_leader(s.game, s.player(0), "Cleopatra", s.city(0, "E4"))
        attack(s, 1, s.units(1, "infantry", "E4", 1), "E4", "D4")  # the leader alone: overrun
        assert s.player(0).leader is None and s.player(0).culture_tokens == (6 if embalming else 5)


def test_formal_training_gives_an_idea_for_building_units_in_a_city_with_an_academy():
    for academy in (False, True):
        s = playing("greece")
        city = s.city(0, "D2", mood="happy", buildings={"academy": 1} if academy else {})
        special(s, 0, "Public Education")
        s.resources(0, food=2, ideas=0)
        s.apply(Recruit(city.id, ("settler",), payment={"food": 2}))
        assert s.player(0).resources["ideas"] == (1 if academy else 0)


def barbarian_attack(s: Scenario, rolls: bool = True) -> None:
    """The 2012 Barbarian Attack icon strikes player 0 (with `rolls`, the dice fixed to miss)."""
    if rolls:
        s.fix_dice(die(1), die(1))
    strike(s, "barbarians_attack")


def strike(s: Scenario, icon_step: str) -> None:
    """An event card's icon step (`barbarians_attack`, `barbarian_march`) acts for player 0."""
    events_deck = s.game.decks["event"]
    if FAMINE in events_deck.draw:  # drawn: on the discard pile while it is resolved
        events_deck.draw.remove(FAMINE)
        events_deck.discard.append(FAMINE)
    s.game.event = EventInProgress(FAMINE, 0, [EventStep(icon_step, 0)])
    events.resume(s.game)


FAMINE = 3  # a card of the 2012 deck


def huns_near_barbarians(hunnic_tribes: bool) -> tuple[Scenario, City]:
    """The Huns' city at D2 and player 2's at E5, both next to a barbarian settlement of 2 at E4; the Huns hold
    1 culture token and 1 gold. Returns the scenario and player 2's city."""
    s = huns_with_a_token_and_a_gold(hunnic_tribes)
    other = s.city(1, "E5")
    s.city(BARBARIAN, "E4")
    s.units(BARBARIAN, "infantry", "E4", 2)
    return s, other


def huns_with_a_token_and_a_gold(hunnic_tribes: bool) -> Scenario:
    """The Huns' city at D2, 1 culture token and 1 gold, and with `hunnic_tribes` that special advance."""
    s = playing("huns")
    s.city(0, "D2")
    s.resources(0, gold=1)
    s.player(0).culture_level, s.player(0).culture_tokens = 1, 1  # (the 2012 token limit is the level)
    if hunnic_tribes:
        s.advances(0, "Philosophy", "Steel Weapons", "State Religion")  # whatever governments need
        special(s, 0, "Nationalism")
    return s


def test_without_hunnic_tribes_a_barbarian_attack_comes_without_a_choice():
    s, _ = huns_near_barbarians(False)
    barbarian_attack(s)
    assert "The barbarians of E4 attack Player 1's city at D2" in s.game.log


def test_hunnic_tribes_pay_to_cancel_a_barbarian_attack_or_turn_it_on_another_players_city():
    s, other = huns_near_barbarians(True)
    barbarian_attack(s, rolls=False)
    assert [a.option for a in s.legal_of(ChooseOption)] == [
        "E4 attacks D2",
        "pay 1 culture token: cancel E4 attacks D2",
        "pay 1 culture token: E4 attacks E5",
        "pay 1 gold: cancel E4 attacks D2",
        "pay 1 gold: E4 attacks E5",
    ]
    assert to_plain(loads(dumps(s.game), s.game.rules)) == to_plain(s.game)  # a save while it is asked
    s.apply(ChooseOption("pay 1 culture token: cancel E4 attacks D2"))
    assert s.player(0).culture_tokens == 0 and s.game.combat is None and not s.game.pending
    barbarian_attack(s)
    s.apply(ChooseOption("pay 1 gold: E4 attacks E5"))
    assert s.player(0).resources["gold"] == 0
    assert "The barbarians of E4 attack Player 2's city at E5" in s.game.log and other.owner == 1


def huns_facing_a_barbarian_army(hunnic_tribes: bool) -> Scenario:
    """The Huns' city at D2 and player 2's at D4, a barbarian army of 2 at D3 between them; the Barbarians move
    icon strikes the Huns (1 culture token, 1 gold)."""
    s = huns_with_a_token_and_a_gold(hunnic_tribes)
    s.city(1, "D4")
    s.units(BARBARIAN, "infantry", "D3", 2)
    s.fix_dice(*(die(1) for _ in range(8)))
    strike(s, "barbarian_march")
    return s


def test_hunnic_tribes_pay_to_hold_a_barbarian_army_moving_in_or_turn_it_on_another_players_city():
    s = huns_facing_a_barbarian_army(False)
    assert s.legal_of(ChooseOption) == [] and "A barbarian army moves from D3 to D2" in s.game.log
    s = huns_facing_a_barbarian_army(True)
    assert [a.option for a in s.legal_of(ChooseOption)] == [
        "D3 to D2",
        "pay 1 culture token: cancel D3 to D2",
        "pay 1 culture token: D3 to D4",
        "pay 1 gold: cancel D3 to D2",
        "pay 1 gold: D3 to D4",
    ]
    s.apply(ChooseOption("pay 1 culture token: cancel D3 to D2"))
    assert s.player(0).culture_tokens == 0 and s.game.combat is None
    assert [u.pos for u in s.game.units_of(BARBARIAN)] == [s.hex("D3")] * 2
    assert "The barbarian army at D3 stays where it is" in s.game.log
    s = huns_facing_a_barbarian_army(True)
    s.apply(ChooseOption("pay 1 gold: D3 to D4"))
    assert s.player(0).resources["gold"] == 0 and "A barbarian army moves from D3 to D4" in s.game.log
