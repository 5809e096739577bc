"""The expansions' relics [004 F&F and W&W EXPANSION RULES: Relics]: where they lie, who may enter and
pass through their squares, the army that takes one, each relic's effect, and what a relic forbids."""

from __future__ import annotations

import pytest

from civgame.games.sidmeier.content.ruleset import load_rules
from civgame.games.sidmeier.core.actions import (
    BeginMove,
    ChooseUnit,
    PlaceFreeInvestment,
    PlayCard,
    Step,
    StopMove,
    TakeFreeTech,
)
from civgame.games.sidmeier.core.decisions import (
    FreeInvestments,
    FreeTech,
    FreeUnits,
    MovementTurn,
    PlaceGreatPerson,
    StartTurn,
)
from civgame.games.sidmeier.rules.base import board as squares
from civgame.games.sidmeier.rules.movement.moves import fill_tile
from civgame.games.sidmeier.rules.turn import start
from tests.games.sidmeier.scenario import Scenario

FAF, WAW = "fame-and-fortune", "wisdom-and-warfare"
BOTH = load_rules(expansions=[FAF, WAW])
TERRAIN = {
    "atlantis": "water",
    "school_of_confucius": "mountain",
    "seven_cities_of_gold": "forest",
    "ark_of_the_covenant": "desert",
    "attilas_village": "grassland",
}


def relic_squares(rules) -> dict[str, tuple[str, str]]:
    """Each relic -> (its tile, its square's terrain)."""
    return {
        square.relic: (tile.id, square.terrain)
        for tile in rules.neutral_tiles.values()
        for row in tile.squares
        for square in row
        if square.relic
    }


def test_each_expansion_brings_its_relics_each_on_one_tile_square_of_its_terrain():
    assert set(load_rules(expansions=[FAF]).relics) == {"atlantis", "school_of_confucius", "seven_cities_of_gold"}
    assert set(load_rules(expansions=[WAW]).relics) == {"ark_of_the_covenant", "attilas_village"}
    assert not load_rules().relics and not relic_squares(load_rules())
    found = relic_squares(BOTH)
    assert {relic: terrain for relic, (_, terrain) in found.items()} == TERRAIN
    assert len(BOTH.neutral_tiles) == 27  # 14 + 7 + 6, as the data sheet numbers them


def test_a_relic_is_placed_when_its_tile_is_turned_face_up():
    s = Scenario(players=2, civs=["germany", "china"], expansions=[FAF])
    tile, _ = relic_squares(s.game.rules)["atlantis"]
    index = next(i for i, slot in enumerate(s.game.tiles) if slot.home_of < 0)
    s.game.tiles[index].tile = tile
    fill_tile(s.game, index, 0)
    placed = [pos for pos, square in enumerate(s.game.squares) if square.relic]
    assert [s.game.squares[p].relic for p in placed] == ["atlantis"]
    assert s.game.squares[placed[0]].terrain == "water"


def board(*relics: str, expansions=(FAF, WAW)) -> Scenario:
    """Seat 0's army at (3,4), a relic at (4,4) (the next ones at (4,5), ...), the capitals at (8,6) and (13,2)."""
    s = Scenario(players=2, civs=["germany", "china"], expansions=list(expansions)).reveal_all("grassland")
    s.home = s.city(0, 8, 6, capital=True)
    s.city(1, 13, 2, capital=True)
    for i, relic in enumerate(relics):
        s.game.squares[s.pos(4, 4 + i)].relic = relic
    s.army = s.figure(0, "army", 3, 4)
    s.army.start_pos = s.army.pos
    s.decide(MovementTurn(0), phase="movement")
    return s


def take(s: Scenario) -> None:
    """The army steps onto the relic and ends its move there."""
    s.apply(BeginMove((s.army.id,)))
    s.apply(Step("east"))
    s.apply(StopMove())


def test_an_army_ending_its_move_on_a_relic_takes_it_and_the_square_is_free_again():
    s = board("ark_of_the_covenant")
    take(s)
    assert s.game.squares[s.pos(4, 4)].relic == ""
    assert "Player 1's army takes the relic Ark of the Covenant at (4,4)" in " ".join(s.game.log)
    assert not s.problems()


def test_an_army_may_move_through_a_relic_square_without_taking_it():
    s = board("ark_of_the_covenant")
    s.apply(BeginMove((s.army.id,)))
    s.apply(Step("east"))
    assert Step("east") in s.legal()
    s.apply(Step("east"))  # the second step ends the move beyond the relic
    assert s.game.squares[s.pos(4, 4)].relic == "ark_of_the_covenant"
    assert s.game.players[0].track == 0


def test_a_scout_enters_a_relic_square_only_with_an_army_whatever_its_government():
    s = board("ark_of_the_covenant")
    s.game.figures.remove(s.army)
    scout = s.figure(0, "scout", 3, 4)
    scout.start_pos = scout.pos
    s.government(0, "republic")  # (its scouts explore huts; relics stay closed to them)
    s.apply(BeginMove((scout.id,)))
    assert Step("east") not in s.legal()
    assert "nor a relic's square without an army" in (s.why(Step("east")) or "")
    s = board("ark_of_the_covenant")
    scout = s.figure(0, "scout", 3, 4)
    scout.start_pos = s.army.start_pos
    s.apply(BeginMove((s.army.id, scout.id)))
    s.apply(Step("east"))
    s.apply(StopMove())
    assert s.game.players[0].track == 2  # the group with its army took the Ark


def test_the_ark_of_the_covenant_gives_two_free_culture_track_spaces():
    s = board("ark_of_the_covenant")
    take(s)
    assert s.game.players[0].track == 2 and s.game.players[0].culture == 0


def test_the_school_of_confucius_gives_a_great_person_at_once():
    s = board("school_of_confucius")
    people = len(s.game.great_people)
    take(s)
    assert len(s.game.great_people) == people - 1 and len(s.game.players[0].reserve) == 1
    assert isinstance(s.game.pending[-1], PlaceGreatPerson)


def test_attilas_village_builds_two_units_of_the_players_choice_free():
    s = board("attilas_village")
    standing = len(s.game.players[0].standing)
    take(s)
    assert isinstance(s.game.pending[-1], FreeUnits) and s.game.pending[-1].left == 2
    s.apply(ChooseUnit("infantry"))
    s.apply(ChooseUnit("mounted"))
    assert len(s.game.players[0].standing) == standing + 2
    assert isinstance(s.game.pending[-1], MovementTurn)


def next_start_of_turn(s: Scenario) -> None:
    """The player's next Start of Turn begins (as the turn flow begins it)."""
    s.decide(StartTurn(0), phase="start_of_turn")
    start.automatic(s.game, 0)


def test_atlantis_teaches_a_free_tech_of_the_players_choice_at_the_next_start_of_turn():
    s = board("atlantis")
    s.game.squares[s.pos(4, 4)].terrain = "water"
    s.techs(0, "sailing")  # (ends moves in water)
    take(s)
    player = s.game.players[0]
    assert player.relic_boons == ["atlantis"] and not isinstance(s.game.pending[-1], FreeTech)
    next_start_of_turn(s)
    trade = player.trade
    assert isinstance(s.game.pending[-1], FreeTech) and player.relic_boons == []
    offered = [a.tech for a in s.legal() if isinstance(a, TakeFreeTech)]
    assert {s.game.rules.techs[t].level for t in offered} == {1}  # only those with a place in the pyramid
    s.apply(TakeFreeTech("pottery"))
    assert "pottery" in player.techs and player.trade == trade and isinstance(s.game.pending[-1], StartTurn)


def test_the_seven_cities_of_gold_invest_two_coins_free_at_the_next_start_of_turn():
    s = board("seven_cities_of_gold")
    s.game.squares[s.pos(4, 4)].terrain = "forest"
    take(s)
    next_start_of_turn(s)
    assert isinstance(s.game.pending[-1], FreeInvestments) and s.game.pending[-1].left == 2
    s.apply(PlaceFreeInvestment("war_bonds"))
    s.apply(PlaceFreeInvestment("war_bonds"))
    player = s.game.players[0]
    assert player.investments == {"war_bonds": 2} and player.coin_tokens == {}
    assert isinstance(s.game.pending[-1], StartTurn)


def test_no_city_is_built_on_or_next_to_a_relic():
    s = board("ark_of_the_covenant")
    for x, y in ((4, 4), (5, 5), (3, 3)):
        assert start.why_no_city(s.game, 0, s.pos(x, y)) == "a city cannot be built on or next to a relic"
    s.game.squares[s.pos(4, 4)].relic = ""
    s.refresh()
    assert start.why_no_city(s.game, 0, s.pos(5, 5)) is None


def test_no_culture_event_changes_a_relic_square():
    s = board("ark_of_the_covenant")
    card = s.card(0, "drought")
    s.decide(StartTurn(0), phase="start_of_turn")
    targets = {a.pos for a in s.legal() if isinstance(a, PlayCard) and a.card == card}
    assert s.pos(4, 5) in targets and s.pos(4, 4) not in targets


@pytest.mark.parametrize("expansions", [[FAF], [WAW], [FAF, WAW]])
def test_a_relic_square_takes_no_figure_placed_by_a_card_or_a_city(expansions):
    s = board("ark_of_the_covenant", expansions=expansions)
    assert not squares.may_stop(s.game, 0, s.pos(4, 4), 1)
    assert squares.may_stop(s.game, 0, s.pos(4, 5), 1)


@pytest.mark.parametrize("expansions, seed", [([FAF], 23), ([WAW], 38), ([FAF, WAW], 20)])
def test_seeded_random_games_with_every_relic_tile_on_the_map_keep_the_invariants(expansions, seed):
    from civgame.framework.invariants import InvariantChecker
    from civgame.framework.play import play_out
    from civgame.headless import KindRandomAgent
    from tests.games.sidmeier.test_random_games import CHECKED, MAX_STEPS, SIDMEIER

    game = SIDMEIER.new_game(4, seed, expansions=expansions)
    tiles = sorted({tile for tile, _ in relic_squares(game.rules).values()})
    neutral = [slot for slot in game.tiles if slot.home_of < 0]
    for slot, tile in zip(neutral, tiles, strict=False):  # (the relic tiles take the first places, face down)
        other = next((s for s in neutral if s.tile == tile), None)
        if other is not None:
            other.tile = slot.tile
        slot.tile = tile
    checker = InvariantChecker(SIDMEIER, f"seed {seed}", save_at_step=500)
    agents = [KindRandomAgent(f"{seed}:{seat}") for seat in range(4)]
    play_out(CHECKED, game, agents, max_steps=MAX_STEPS, observer=checker)
    assert SIDMEIER.outcome(game).winners and checker.saved
    revealed = {slot.tile for slot in game.tiles if slot.revealed}
    assert revealed & set(tiles)  # a relic came onto the map


def test_a_relic_on_the_wrong_terrain_or_on_no_tile_is_refused(tmp_path):
    from civgame.framework.datafiles import RulesDataError

    mod = tmp_path / "mod"
    mod.mkdir()
    (mod / "relics.yaml").write_text(
        "relics:\n  - {id: atlantis, name: Atlantis, terrain: desert, text: t, effects: [{relic_great_person: {}}]}\n"
        "  - {id: el_dorado, name: El Dorado, terrain: forest, text: t, effects: [{relic_great_person: {}}]}\n"
    )
    with pytest.raises(RulesDataError) as caught:
        load_rules(mods=[mod], expansions=[FAF])
    problems = " ".join(caught.value.all_problems)
    assert "the relic 'atlantis' lies on desert squares" in problems
    assert "el_dorado: the relic lies on 0 squares of the tiles, not 1" in problems


def test_no_card_places_a_village_on_a_relic_or_a_city_state():
    s = board("ark_of_the_covenant")
    s.game.squares[s.pos(4, 6)].city_state = s.game.city_state_pile.pop()
    card = s.card(0, "barbarian_encampment")
    s.decide(StartTurn(0), phase="start_of_turn")
    targets = {a.pos for a in s.legal() if isinstance(a, PlayCard) and a.card == card}
    assert s.pos(4, 5) in targets and not {s.pos(4, 4), s.pos(4, 6)} & targets


def test_the_invariants_find_a_figure_left_on_a_relic_and_a_city_state_marker_twice():
    s = board("ark_of_the_covenant")
    s.army.pos = s.pos(4, 4)
    s.refresh()
    assert "figure" in " ".join(s.problems()) and "stands on a relic after its move" in " ".join(s.problems())
    s = board()
    s.game.squares[s.pos(6, 6)].city_state = s.game.city_state_pile[0]
    assert any(p.startswith("city-state marker") and "in 2 places" in p for p in s.problems())


def test_a_save_keeps_relics_city_states_and_boons_and_one_from_before_them_loads():
    import yaml

    from civgame.framework.saves import SaveError
    from civgame.games.sidmeier.storage.save import dumps, loads

    s = board("attilas_village")
    s.game.squares[s.pos(6, 6)].city_state = s.game.city_state_pile.pop()
    s.game.players[0].relic_boons = ["atlantis"]
    again = loads(dumps(s.game))
    assert again.squares[s.pos(4, 4)].relic == "attilas_village" and again.players[0].relic_boons == ["atlantis"]
    assert again.squares[s.pos(6, 6)].city_state >= 0 and again.city_state_pile == s.game.city_state_pile
    from civgame.games import definition

    old = yaml.safe_load(dumps(definition("sid-meier").new_game(2, 3)))
    old["version"] = 3
    for square in old["game"]["squares"]:
        del square["relic"], square["city_state"]
    for player in old["game"]["players"]:
        del player["relic_boons"]
    for key in ("city_state_pile", "city_states_gone", "city_state_resources"):
        del old["game"][key]
    loaded = loads(yaml.safe_dump(old))
    assert all(sq.relic == "" and sq.city_state == -1 for sq in loaded.squares) and loaded.city_state_pile == []
    s.game.players[0].relic_boons = ["el_dorado"]
    with pytest.raises(SaveError, match="relic_boons\\[0\\]: 'el_dorado' is not a relic of these rules"):
        loads(dumps(s.game))


def test_a_seat_sees_relics_and_city_states_but_not_the_order_of_the_city_state_pile():
    from civgame.games.sidmeier.rules.flow.view import view_for

    s = board("attilas_village")
    s.game.squares[s.pos(6, 6)].city_state = s.game.city_state_pile.pop()
    view = view_for(s.game, 1)
    assert view["city_state_pile"] == 4 and view["squares"][s.pos(6, 6)]["city_state"] >= 0
    assert view["squares"][s.pos(4, 4)]["relic"] == "attilas_village"


def test_every_relic_primitive_has_its_act_and_those_that_wait_are_asked_at_the_start_of_turn():
    from civgame.games.sidmeier.content.registry import KIND_OF
    from civgame.games.sidmeier.rules.expansions import relics

    assert set(relics.ACTS) == {name for name, kind in KIND_OF.items() if kind == "relic"}
    assert set(relics.LATER) <= set(relics.ACTS)
