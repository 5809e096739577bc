"""Fame and Fortune's civilizations [004 F&F SETUP] [catalogue civilizations.md]: dealt only with the expansion,
their setup and each ability (switched off, the test fails), and a seeded random game with each."""

from __future__ import annotations

import pytest

from civgame.framework.errors import RuleError
from civgame.games.sidmeier.core.actions import (
    BeginMove,
    BuildFree,
    Devote,
    Explore,
    GrowMetropolis,
    Invest,
    UseAbility,
)
from civgame.games.sidmeier.core.decisions import (
    CityTurn,
    FreeBuildings,
    GreatPersonDraw,
    MetropolisChoice,
    MovementTurn,
    Moving,
    PlaceGreatPerson,
    StartTurn,
)
from civgame.games.sidmeier.rules.base import board, pieces, techs
from civgame.games.sidmeier.rules.flow.controller import new_game
from civgame.games.sidmeier.rules.research import learning
from tests.games.sidmeier.scenario import Scenario
from tests.games.sidmeier.test_random_games import SIDMEIER, play_checked

FAF = "fame-and-fortune"
NEW_CIVILIZATIONS = ["arabs", "greeks", "indians", "spanish"]


def started(civ: str) -> Scenario:
    """Seat 0 leads `civ` (seat 1 Germany) with Fame and Fortune, a capital at (5,5), every square grassland."""
    s = Scenario(players=2, civs=[civ, "germany"], expansions=[FAF]).reveal_all("grassland", trade=1, production=1)
    s.capital = s.city(0, 5, 5, capital=True)
    s.city(1, 14, 5, capital=True)
    return s


def without(s: Scenario, ability: str, monkeypatch: pytest.MonkeyPatch) -> Scenario:
    """The same position with one of seat 0's civilization abilities taken away (for this test only)."""
    civ = s.game.rules.civilizations[s.game.players[0].civ]
    kept = [e for e in civ.abilities if e.name != ability]
    monkeypatch.setitem(s.game.rules.civilizations, civ.id, civ.model_copy(update={"abilities": kept}))
    s.refresh()
    return s


@pytest.mark.parametrize("civ", NEW_CIVILIZATIONS)
def test_the_new_civilizations_are_dealt_only_with_fame_and_fortune(civ):
    assert new_game(2, 1, civilizations=[civ, "rome"], expansions=[FAF]).players[0].civ == civ
    with pytest.raises(RuleError, match="there is no civilization"):
        new_game(2, 1, civilizations=[civ, "rome"])


@pytest.mark.parametrize("civ", NEW_CIVILIZATIONS)
def test_a_seeded_random_game_with_each_new_civilization_keeps_the_invariants(civ):
    game = play_checked(2, 7, civilizations=[civ, "rome"], expansions=[FAF])
    assert SIDMEIER.is_over(game) and SIDMEIER.outcome(game).winners


# ------------------------------------------------------------------ Arabia


def test_arabia_starts_with_mathematics_artillery_rank_2_and_one_of_each_market_resource():
    game = new_game(2, 1, civilizations=["arabs", "rome"], expansions=[FAF])
    arabia, rome = game.players
    assert arabia.techs == ["mathematics"] and arabia.government == "despotism"
    assert arabia.ranks["artillery"] == 2 and rome.ranks["artillery"] == 1
    assert arabia.resources == {"incense": 1, "iron": 1, "silk": 1, "wheat": 1} and not rome.resources
    assert game.market == {"incense": 1, "iron": 1, "silk": 1, "wheat": 1}  # taken from the market's 2 of each


@pytest.mark.parametrize("has_ability, culture", [(True, 3), (False, 2)])
def test_arabia_gains_a_culture_for_every_resource_token_spent(has_ability, culture, monkeypatch):
    s = started("arabs").techs(0, "philosophy")
    if not has_ability:
        without(s, "culture_per_resource_spent", monkeypatch)
    s.game.players[0].culture = 0
    s.decide(CityTurn(0), phase="city_management")
    s.apply(UseAbility("philosophy", ("token:incense",)))
    assert s.game.players[0].culture == culture  # Philosophy's 2, and 1 for the token


@pytest.mark.parametrize("has_ability, track", [(True, 1), (False, 0)])
def test_arabia_advances_a_culture_space_free_for_each_coin_invested(has_ability, track, monkeypatch):
    s = started("arabs")
    if not has_ability:
        without(s, "culture_advance_on", monkeypatch)
    s.game.players[0].coin_tokens["gift"] = 1
    s.decide(StartTurn(0), phase="start_of_turn")
    s.apply(Invest("war_bonds", "gift"))
    assert s.game.players[0].track == track


# ------------------------------------------------------------------ Greece


def test_greece_starts_with_democracy_as_tech_and_government_and_infantry_rank_2():
    game = new_game(2, 1, civilizations=["greeks", "rome"], expansions=[FAF])
    greece, rome = game.players
    assert greece.techs == ["democracy"] and greece.government == "democracy"
    assert greece.ranks["infantry"] == 2 and rome.ranks["infantry"] == 1


@pytest.mark.parametrize("has_ability, decision", [(True, GreatPersonDraw), (False, PlaceGreatPerson)])
def test_greece_draws_two_great_people_and_keeps_one(has_ability, decision, monkeypatch):
    s = started("greeks")
    if not has_ability:
        without(s, "great_person_choice", monkeypatch)
    pieces.gain_great_person(s.game, 0)
    assert isinstance(s.game.pending[-1], decision)
    if has_ability:
        assert len(s.game.pending[-1].markers) == 2


@pytest.mark.parametrize("has_ability, culture", [(True, 1), (False, 0)])
def test_greece_gains_a_culture_per_player_who_neither_knows_nor_researches_the_tech(has_ability, culture, monkeypatch):
    s = Scenario(players=4, civs=["greeks", "rome", "china", "germany"], expansions=[FAF])
    if not has_ability:
        without(s, "culture_per_player_without_tech", monkeypatch)
    s.techs(1, "pottery")  # Rome knows it, China researches it too, Germany neither
    s.game.research.update({0: "pottery", 2: "pottery"})
    s.game.players[0].culture = 0
    s.game.players[0].trade = 10
    learning.reveal(s.game, 0)
    assert s.game.players[0].knows("pottery") and s.game.players[0].culture == culture


def test_greece_gains_the_culture_for_a_tech_learned_otherwise_than_by_research():
    s = started("greeks")
    s.game.players[0].culture = 0
    techs.learn(s.game, 0, "pottery", how="(free)")
    assert s.game.players[0].culture == 1
    assert "gains 1 culture: 1 other player neither knows nor is researching that tech." in s.game.log[-1]


# ------------------------------------------------------------------ Spain


def test_spain_starts_with_navigation_and_places_a_third_figure_within_the_stacking_limit():
    game = new_game(2, 1, civilizations=["spanish", "rome"], expansions=[FAF])
    spain = game.players[0]
    assert spain.techs == ["navigation"] and spain.government == "despotism" and spain.scouts == 3
    while game.phase == "setup":
        SIDMEIER.apply(game, SIDMEIER.legal_actions(game)[0])
    mine = [f for f in game.figures if f.owner == 0]
    assert sorted(f.kind for f in mine) == ["army", "scout", "scout"]
    assert max(sum(1 for f in mine if f.pos == g.pos) for g in mine) <= 2


@pytest.mark.parametrize("has_ability, speed", [(True, 3), (False, 2)])
def test_spains_travel_speed_is_one_higher(has_ability, speed, monkeypatch):
    s = started("spanish")
    if not has_ability:
        without(s, "travel_speed_bonus", monkeypatch)
    assert board.travel_speed(s.game, 0) == speed


def exploring_spain() -> tuple[Scenario, int]:
    """Spain with a capital on its home tile, an army about to explore the face-down tile to the east."""
    s = Scenario(players=2, civs=["spanish", "germany"], expansions=[FAF])
    home, other = (next(slot for slot in s.game.tiles if slot.home_of == seat) for seat in (0, 1))
    capital = s.city(0, home.column * 4 + 1, home.row * 4 + 1, capital=True)
    s.city(1, other.column * 4 + 1, other.row * 4 + 1, capital=True)
    s.decide(MovementTurn(0), phase="movement")
    army = s.figure(0, "army", home.column * 4 + 3, home.row * 4 + 1)
    s.apply(BeginMove((army.id,)))
    return s, capital.id


@pytest.mark.parametrize("has_ability", [True, False])
def test_spain_builds_a_basic_building_free_in_a_city_on_exploring_a_tile_even_if_not_unlocked(
    has_ability, monkeypatch
):
    s, capital = exploring_spain()
    if not has_ability:
        without(s, "free_building_on_exploring", monkeypatch)
    s.apply(Explore("east"))
    if not has_ability:
        assert isinstance(s.game.pending[-1], Moving)
        return
    assert s.game.pending[-1] == FreeBuildings(0, left=1)
    offered = {a.building for a in s.legal() if isinstance(a, BuildFree)}
    assert "temple" in offered and "cathedral" not in offered  # not unlocked; basic faces only
    build = next(a for a in s.legal() if isinstance(a, BuildFree) and a.building == "temple")
    assert build.city == capital
    s.apply(build)
    assert s.game.squares[build.pos].improvement.name == "temple"
    assert isinstance(s.game.pending[-1], Moving) and s.problems() == []


def test_spains_free_building_is_lost_when_none_can_be_placed():
    s, _capital = exploring_spain()
    s.game.buildings = dict.fromkeys(s.game.buildings, 0)  # every building marker taken
    s.apply(Explore("east"))
    assert isinstance(s.game.pending[-1], Moving)
    assert "free building is lost" in s.game.log[-1]


# ------------------------------------------------------------------ India


def test_india_starts_with_agriculture_and_a_metropolis_on_two_side_by_side_centre_squares():
    game = new_game(2, 1, civilizations=["indians", "rome"], expansions=[FAF])
    assert game.players[0].techs == ["agriculture"] and game.players[0].government == "despotism"
    while not isinstance(game.pending[-1], MetropolisChoice):
        SIDMEIER.apply(game, SIDMEIER.legal_actions(game)[0])
    centre = board.home_centre(game, 0)
    (capital,) = game.cities_of(0)
    assert capital.pos in centre
    offered = [a.pos for a in SIDMEIER.legal_actions(game) if isinstance(a, GrowMetropolis)]
    assert sorted(offered) == sorted(p for p in board.orthogonal(game, capital.pos) if p in centre)
    outside = next(p for p in board.orthogonal(game, capital.pos) if p not in centre)
    assert "centre squares of the home tile" in SIDMEIER.why_illegal(game, GrowMetropolis(outside))
    SIDMEIER.apply(game, GrowMetropolis(offered[0]))
    while game.phase == "setup":
        SIDMEIER.apply(game, SIDMEIER.legal_actions(game)[0])
    assert capital.expansion == offered[0] and not [c for c in game.cities_of(1) if c.expansion >= 0]


@pytest.mark.parametrize("has_ability", [True, False])
def test_india_may_spend_a_resource_as_another_market_resource(has_ability, monkeypatch):
    s = started("indians").techs(0, "philosophy").give(0, wheat=1)
    if not has_ability:
        without(s, "resource_wildcard", monkeypatch)
    s.decide(CityTurn(0), phase="city_management")
    as_incense = UseAbility("philosophy", ("token:wheat:incense",))
    if not has_ability:
        assert s.why(as_incense) is not None and as_incense not in s.legal()
        return
    assert as_incense in s.legal()
    s.apply(as_incense)
    assert s.game.players[0].culture == 2 and not s.game.players[0].resources.get("wheat")
    assert s.game.market["wheat"] == 2 and s.problems() == []  # the wheat token went back to the market


@pytest.mark.parametrize("has_ability, culture", [(True, 3), (False, 1)])
def test_india_gains_a_culture_per_outskirts_square_with_a_resource_icon_when_devoting_to_the_arts(
    has_ability, culture, monkeypatch
):
    s = started("indians")
    if not has_ability:
        without(s, "arts_culture_per_resource_square", monkeypatch)
    s.square(s.pos(4, 4), "grassland", resource="wheat", trade=1)
    s.square(s.pos(6, 6), "mountain", resource="iron", production=1)
    s.square(s.pos(6, 5), "mountain", resource="iron", production=1)
    s.build(0, 6, 5, "building", "workshop")  # a building covers the icon
    s.game.players[0].culture = 0
    s.decide(CityTurn(0), phase="city_management")
    s.apply(Devote(s.capital.id))
    assert s.game.players[0].culture == culture  # the arts' 1, and 1 for each of the 2 icons showing


def test_a_game_saved_while_spain_chooses_its_free_building_loads_back():
    from civgame.framework.codec import to_plain
    from civgame.games.sidmeier.storage.save import dumps, loads

    s, _capital = exploring_spain()
    s.apply(Explore("east"))
    assert to_plain(loads(dumps(s.game))) == to_plain(s.game)


def test_india_spends_each_token_once_whatever_it_counts_as():
    from civgame.games.sidmeier.rules.base import payments

    s = started("indians").give(0, wheat=1)
    twice = ("token:wheat", "token:wheat:incense")
    assert payments.why_not(s.game, 0, ["incense", "wheat"], twice) == "not enough wheat tokens"
    assert payments.why_not(s.game, 0, ["incense"], ("token:wheat:incense",)) is None
