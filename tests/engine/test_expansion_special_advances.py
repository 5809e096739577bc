"""The special advances of the Civilizations expansion's civilizations that the sources give, shipped as data
of the 2012 expansion (rules_data/classic-2012/civilizations/civilizations.yaml). No source gives their
leaders, so the shipped data deals none; `tests/mods/expansion_leaders_made_up/` completes them with
made-up leaders, as a player who owns the box would with the printed ones."""

import shutil
from pathlib import Path

import pytest

from civgame.ai import play_out, random_agents
from civgame.framework.invariants import InvariantChecker
from civgame.games.clash.core.actions import Advance, ChooseOption, EndMove, MoveUnits, StartMove
from civgame.games.clash.definition import DEFINITION
from civgame.games.clash.rules.actions.advances import gain_advance
from civgame.games.clash.rules.base import civilizations
from civgame.games.clash.rules.base.scoring import score_sheet
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.mods import MODS_DIR_VARIABLE, load_rules
from tests.classic import CIVILIZATIONS_EXPANSION, classic_board, die, expansion_rules
from tests.combat_helpers import attack
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
    for key in ("vikings",):
        civ = rules.civilizations[key]
        assert len(civ.special_advances) == 4 and all(s.effects and not s.missing for s in civ.special_advances)
        assert civilizations.why_not_offered(civ) == "no source gives the three leaders"


def test_made_up_leaders_complete_a_shipped_civilization():
    assert civilizations.playable(completed_rules()) == ["vikings"]


@pytest.mark.parametrize("seed", [1, 2])
def test_seeded_random_games_with_the_completed_civilizations_keep_every_invariant(seed, monkeypatch, tmp_path):
    """Each completed civilization against a made-up one, every action checked."""
    for mod in (LEADERS_MOD, MADE_UP):
        shutil.copytree(mod, tmp_path / mod.name)  # where the checker's save finds its mods again
    monkeypatch.setenv(MODS_DIR_VARIABLE, str(tmp_path))
    rules = load_rules([LEADERS_MOD, MADE_UP], CIVILIZATIONS_EXPANSION)
    for key in civilizations.playable(completed_rules()):
        game = new_game(2, seed, rules)
        for player, civ in zip(game.players, (key, "thule"), strict=True):
            civilizations.take(game, player, civ)  # (as the deal would, with the civilization under test sure)
        civilizations.starting_leaders(game)
        checker = InvariantChecker(DEFINITION, f"{key}, seed {seed}", save_at_step=40)
        game = play_out(game, random_agents(2, seed), observer=checker)
        assert game.phase == "over" and game.players[0].civilization == key and checker.saved
        assert game.players[0].special_advances or game.players[0].leaders_used


# ------------------------------------------------------------------ Vikings


def test_shipcraft_puts_settlers_to_sea_and_lands_ships_as_infantry_only_with_tactics():
    s = playing("vikings")
    (settler,) = s.units(0, "settler", "C2", 1)
    s.apply(StartMove())
    assert MoveUnits((settler.id,), s.hex("B2")) not in s.legal_of(MoveUnits)
    special(s, 0, "Fishing")
    s.apply(MoveUnits((settler.id,), s.hex("B2")))
    assert (settler.kind, settler.pos) == ("ship", s.hex("B2"))
    s.apply(EndMove())
    s.turn(0)
    s.apply(StartMove())
    s.apply(MoveUnits((settler.id,), s.hex("B3")))
    assert (settler.kind, settler.pos) == ("settler", s.hex("B3"))
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
    s = playing("vikings")
    s.advances(0, "Tactics")
    s.unit(0, "ship", "B2")
    army = s.units(0, "infantry", "C2", 3)
    three = tuple(sorted(u.id for u in army))
    s.apply(StartMove())
    assert MoveUnits(three, s.hex("B2")) not in s.legal_of(MoveUnits)
    special(s, 0, "Warships")
    s.apply(MoveUnits(three, s.hex("B2")))
    assert all(u.carrier is not None for u in army) and check_invariants(s.game) == []


def test_longships_may_sail_on_after_a_naval_battle():
    for longships in (False, True):
        s = playing("vikings")
        if longships:
            special(s, 0, "Warships")
        fleet = s.units(0, "ship", "B2", 2)
        s.units(1, "ship", "B2", 1)
        s.fix_dice(die(6), die(6), die(1))
        attack(s, 0, fleet, "B2", "A3")
        assert s.game.units_of(1, "ship") == []
        assert [u.immobile for u in fleet] == [not longships] * 2


def test_runestones_turn_an_unused_obelisk_into_a_point_after_losing_two_army_units():
    s = playing("vikings")
    s.advances(0, "Tactics")
    s.advances(1, "Tactics")
    special(s, 0, "Rituals")
    s.units(0, "infantry", "C2", 2)
    army = s.units(1, "infantry", "C2", 2)
    s.fix_dice(die(6), die(6), die(1), die(1))
    attack(s, 1, army, "C2", "D2")
    before = score_sheet(s.game, 0)["objectives"]
    (_, raise_stone) = [a.option for a in s.legal_of(ChooseOption)]
    s.apply(ChooseOption(raise_stone))
    assert score_sheet(s.game, 0)["objectives"] == before + 1
    assert s.game.pieces_in_colour(0, "obelisk") == 1


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
    s.game.units[-1].moved_this_action = False
    s.turn(0)
    assert [a.option for a in s.legal_of(ChooseOption)] == ["ore"]  # a new turn, a new raid
