"""Fame and Fortune [004 F&F]: the expansion laid over the base game's data, the investment deck
(its four provisional cards, each ability switched off by the next one), Machu Picchu, and disbanding
figures to fortify a city or send a caravan."""

from __future__ import annotations

import pytest

from civgame.framework.datafiles import RulesDataError
from civgame.games.sidmeier.content.describe import describe, provisional_values
from civgame.games.sidmeier.content.ruleset import load_rules
from civgame.games.sidmeier.core.actions import (
    BeginMove,
    Disband,
    EndStartOfTurn,
    Invest,
    ObsoleteWonder,
    PlayUnit,
    RevealMarker,
    Step,
    TakeLoot,
    TakeResource,
    TakeReward,
    UseCaravan,
)
from civgame.games.sidmeier.core.decisions import (
    BattlePlay,
    ChooseLoot,
    CityTurn,
    MarkerReward,
    MovementTurn,
    Moving,
    ObsoleteChoice,
    StartTurn,
    TakeMarketResource,
)
from civgame.games.sidmeier.rules.base import effects, payments, yields
from civgame.games.sidmeier.rules.combat import battles
from civgame.games.sidmeier.rules.expansions import hut_results
from civgame.games.sidmeier.rules.turn import start
from tests.games.sidmeier.scenario import Scenario

FAF = "fame-and-fortune"
RULES = load_rules(expansions=[FAF])


def two_cities(expansions: list[str]) -> Scenario:
    """Seat 0 with a capital at (5,5) and another city at (9,5), seat 1 with its capital at (14,5); both
    governed by Despotism with no trade; every square grassland with 1 trade and 1 production."""
    s = Scenario(players=2, civs=["germany", "china"], expansions=expansions)
    s.reveal_all("grassland", trade=1, production=1)
    for seat in (0, 1):
        s.government(seat, "despotism")
        s.game.players[seat].trade = 0
    s.capital = s.city(0, 5, 5, capital=True)
    s.other = s.city(0, 9, 5)
    s.city(1, 14, 5, capital=True)
    return s


def investor(tokens: int = 1) -> Scenario:
    """Seat 0 at its Start of Turn with a capital and `tokens` coin tokens on its sheet."""
    s = two_cities([FAF])
    if tokens:
        s.game.players[0].coin_tokens["gift"] = tokens
    s.decide(StartTurn(0), phase="start_of_turn")
    return s


def markers(s: Scenario, card: str, count: int) -> None:
    s.game.players[0].investments[card] = count
    s.refresh()


def ability(card: str, threshold: int, name: str):
    found = next(a for a in RULES.investments[card].abilities if a.markers == threshold)
    return next(e.params for e in found.effects if e.name == name)


# ------------------------------------------------------------------ the expansion's data


def test_the_base_game_has_no_investments_and_no_machu_picchu():
    base = load_rules()
    assert not base.investments and "machu_picchu" not in base.wonders and base.expansions == []
    assert set(RULES.investments) == {"endowment_for_the_arts", "public_works", "trade_fleet", "war_bonds"}
    assert "machu_picchu" in RULES.wonders and RULES.expansions == [FAF]


def test_an_unknown_expansion_is_refused_naming_the_offered_ones():
    with pytest.raises(RulesDataError, match=r"'moon' is not an expansion of these rules.*fame-and-fortune"):
        load_rules(expansions=["moon"])


def test_a_mod_lies_over_the_expansion(tmp_path):
    (tmp_path / "investments.yaml").write_text(
        "investments:\n  - id: war_bonds\n    provisional: false\n"
        "    abilities: [{markers: 2, text: '+9 combat bonus', effects: [{combat_bonus: {amount: 9}}]}]\n"
    )
    rules = load_rules(mods=[tmp_path], expansions=[FAF])
    bonds = rules.investments["war_bonds"]
    assert [a.markers for a in bonds.abilities] == [2] and not bonds.provisional


def test_the_investment_cards_are_marked_provisional_where_the_player_reads_them():
    assert "War Bonds (investment card) (provisional)" in provisional_values(RULES)
    text = describe(RULES, "war_bonds")
    assert "3 investment markers: +3 combat bonus in every battle." in text and "provisional" in text


# ------------------------------------------------------------------ investing


def test_investing_discards_a_coin_token_for_a_marker_on_a_card():
    s = investor(tokens=2)
    coins = yields.coins(s.game, 0)
    s.apply(Invest("war_bonds", "gift"))
    player = s.game.players[0]
    assert player.investments == {"war_bonds": 1} and player.coin_tokens == {"gift": 1}
    assert yields.coins(s.game, 0) == coins - 1  # investments are not coins
    assert "invests a coin in War Bonds" in s.game.log[-1]


def test_a_player_invests_at_most_one_coin_each_start_of_turn():
    s = investor(tokens=2)
    s.apply(Invest("war_bonds", "gift"))
    assert not [a for a in s.legal() if isinstance(a, Invest)]
    assert s.why(Invest("war_bonds", "gift")) == "a player invests at most 1 coin in each Start of Turn"


def test_printed_coins_cannot_be_invested():
    s = investor(tokens=0)
    assert yields.coins(s.game, 0) >= 0 and not [a for a in s.legal() if isinstance(a, Invest)]
    assert "you have none" in s.why(Invest("public_works", "gift"))


def test_markers_may_pile_up_on_one_card_over_several_turns():
    s = investor(tokens=2)
    s.apply(Invest("trade_fleet", "gift"))
    s.game.players[0].used.clear()  # the next Start of Turn
    s.decide(StartTurn(0), phase="start_of_turn")
    s.apply(Invest("trade_fleet", "gift"))
    assert s.game.players[0].investments == {"trade_fleet": 2} and not s.game.players[0].coin_tokens


def test_without_the_expansion_nobody_invests():
    s = Scenario(players=2, civs=["germany", "china"])
    s.game.players[0].coin_tokens["gift"] = 1
    s.decide(StartTurn(0), phase="start_of_turn")
    assert "Fame and Fortune" in s.why(Invest("war_bonds", "gift"))


# ------------------------------------------------------------------ the cards' abilities (the most expensive active)


@pytest.mark.parametrize("count, threshold", [(1, 1), (2, 1), (3, 3), (4, 3), (5, 5), (9, 5)])
def test_war_bonds_adds_the_combat_bonus_of_its_most_expensive_active_ability(count, threshold):
    s = investor()
    assert effects.total(s.game, 0, "combat_bonus") == 0
    markers(s, "war_bonds", count)
    assert effects.total(s.game, 0, "combat_bonus") == ability("war_bonds", threshold, "combat_bonus").amount


@pytest.mark.parametrize("count, threshold", [(1, 1), (3, 3)])
def test_endowment_for_the_arts_gives_culture_at_the_start_of_turn(count, threshold):
    s = investor()
    markers(s, "endowment_for_the_arts", count)
    before = s.game.players[0].culture
    start.automatic(s.game, 0)
    gained = ability("endowment_for_the_arts", threshold, "start_gain").culture
    assert s.game.players[0].culture == before + gained


def test_endowment_for_the_arts_with_five_markers_advances_on_the_culture_track():
    s = investor()
    markers(s, "endowment_for_the_arts", 5)
    culture = s.game.players[0].culture
    start.automatic(s.game, 0)
    spaces = ability("endowment_for_the_arts", 5, "start_culture_advance").spaces
    assert s.game.players[0].track == spaces and s.game.players[0].culture == culture  # (no culture from the 1 or 3)


def test_public_works_adds_production_to_the_capital_then_to_every_city():
    s = investor()
    capital, other = yields.production(s.game, s.capital), yields.production(s.game, s.other)
    markers(s, "public_works", 1)
    bonus = ability("public_works", 1, "capital_production").amount
    assert (yields.production(s.game, s.capital), yields.production(s.game, s.other)) == (capital + bonus, other)
    markers(s, "public_works", 3)
    each = ability("public_works", 3, "production_per_city").amount
    assert (yields.production(s.game, s.capital), yields.production(s.game, s.other)) == (capital + each, other + each)


def test_trade_fleet_adds_trade_in_each_trade_phase():
    s = investor()
    income = yields.trade_income(s.game, 0)
    markers(s, "trade_fleet", 3)
    assert yields.trade_income(s.game, 0) == income + ability("trade_fleet", 3, "trade_bonus").amount


# ------------------------------------------------------------------ Machu Picchu


def test_machu_picchu_takes_a_market_resource_after_investing():
    s = investor()
    s.wonder(0, "machu_picchu")
    s.apply(Invest("public_works", "gift"))
    assert isinstance(s.game.pending[-1], TakeMarketResource)
    wheat = s.game.market["wheat"]
    s.apply(TakeResource("wheat"))
    assert s.game.market["wheat"] == wheat - 1 and s.game.players[0].resources["wheat"] == 1
    assert isinstance(s.game.pending[-1], StartTurn)


def test_without_machu_picchu_investing_takes_no_resource():
    s = investor()
    s.apply(Invest("public_works", "gift"))
    assert isinstance(s.game.pending[-1], StartTurn) and EndStartOfTurn() in s.legal()


def test_an_investment_ability_must_be_one_a_card_can_hold(tmp_path):
    (tmp_path / "investments.yaml").write_text(
        "investments:\n  - id: war_bonds\n"
        "    abilities: [{markers: 1, text: 'a free army', effects: [{extra_figures: {figure: army, count: 1}}]}]\n"
    )
    with pytest.raises(RulesDataError, match="war_bonds: extra_figures is not an ability an investment card can hold"):
        load_rules(mods=[tmp_path], expansions=[FAF])


# ------------------------------------------------------------------ disbanding, fortifications and caravans


def mover(*kinds: str, left: int = 2, expansions=(FAF,)) -> Scenario:
    """Seat 0's figures of `kinds` at (6,5), moving, next to its city at (5,5) (west)."""
    s = Scenario(players=2, civs=["germany", "china"], expansions=list(expansions)).reveal_all("grassland")
    s.home = s.city(0, 5, 5, capital=True)
    s.movers = [s.figure(0, kind, 6, 5) for kind in kinds]
    s.decide(Moving(0, figures=[f.id for f in s.movers], left=left), phase="movement")
    return s


def disbands(s: Scenario) -> set[Disband]:
    return {a for a in s.legal() if isinstance(a, Disband)}


def test_an_army_disbands_in_its_own_city_centre_and_may_fortify_it():
    s = mover("army")
    assert disbands(s) == {Disband("west"), Disband("west", "fortification")}
    s.apply(Disband("west", "fortification"))
    assert not s.game.figures and s.home.marker == "fortification"
    assert not any(isinstance(d, Moving) for d in s.game.pending)  # the move is over
    assert "Player 1 disbands an army in the city at (5,5) and fortifies it." in s.game.log


def test_a_scout_may_send_a_caravan_and_a_group_may_do_either():
    assert disbands(mover("scout")) == {Disband("west"), Disband("west", "caravan")}
    assert disbands(mover("army", "scout")) == {
        Disband("west"),
        Disband("west", "caravan"),
        Disband("west", "fortification"),
    }


def test_a_city_holds_one_marker_and_disbanding_needs_a_square_of_movement():
    s = mover("scout")
    s.home.marker = "fortification"
    assert disbands(s) == {Disband("west")}
    assert "if the city holds neither marker" in s.why(Disband("west", "caravan"))
    assert not disbands(mover("army", left=0))


def test_without_fame_and_fortune_no_figure_is_disbanded():
    s = mover("army", expansions=())
    assert not disbands(s) and "Fame and Fortune" in s.why(Disband("west"))


def test_a_fortified_city_s_defender_has_a_combat_bonus_until_it_defends_itself():
    s = mover("army")
    s.apply(Disband("west", "fortification"))
    attacker = s.figure(1, "army", 5, 4)
    attacker.start_pos = attacker.pos
    s.units(0, ("infantry", 4), ("infantry", 4), ("infantry", 4))
    s.units(1, ("artillery", 2))
    s.decide(MovementTurn(1), phase="movement")
    s.apply(BeginMove((attacker.id,)))
    s.apply(Step("south"))
    battle = s.game.battle
    fortified = RULES.game.disbanding.fortification_bonus
    assert battles.combat_bonus(s.game, battle, 1) == RULES.game.combat_bonus.defending_capital + fortified
    while s.game.battle is not None and isinstance(s.game.pending[-1], BattlePlay):
        side = battle.side
        fronts = battles.open_fronts(battle, side)
        s.apply(PlayUnit(battle.hands[side][0], fronts[0] if fronts else -1))
    assert battle.winner == 1 and s.home.marker == ""
    assert "The fortification of the city at (5,5) is discarded." in s.game.log


def test_a_caravan_is_discarded_for_production_in_a_city_that_has_not_acted():
    s = investor()
    s.capital.marker = "caravan"
    s.decide(CityTurn(0), phase="city_management")
    production = yields.production(s.game, s.capital)
    assert UseCaravan(s.capital.id) in s.legal() and UseCaravan(s.other.id) not in s.legal()
    s.apply(UseCaravan(s.capital.id))
    gained = RULES.game.disbanding.caravan_production
    assert yields.production(s.game, s.capital) == production + gained and s.capital.marker == ""
    s.capital.marker, s.capital.actions = "caravan", 1
    s.refresh()
    assert "has not acted" in s.why(UseCaravan(s.capital.id))


# ------------------------------------------------------------------ the new hut and village results


def explorer(result: str, kind: str = "hut") -> Scenario:
    """Seat 0's army at (5,4) about to step east onto a hut (or village marker) with `result` at (6,4)."""
    s = Scenario(players=2, civs=["germany", "china"], expansions=[FAF]).reveal_all("grassland")
    s.home = s.city(0, 5, 7, capital=True)
    s.army = s.figure(0, "army", 5, 4)
    s.army.start_pos = s.army.pos
    s.found = s.marker(s.pos(6, 4), kind, result)
    s.decide(MovementTurn(0), phase="movement")
    return s


def explore(s: Scenario) -> None:
    s.apply(BeginMove((s.army.id,)))
    s.apply(Step("east"))


def test_the_expansion_adds_its_markers_and_setup_removes_only_resource_markers():
    results = [m.result for m in RULES.hut_markers]
    for special, copies in {"friendly_barbarian": 2, "teacher": 1, "wealth": 1, "friendly_workers": 1}.items():
        assert results.count(special) == copies
    s = Scenario(players=2, civs=["germany", "china"], expansions=[FAF], empty=False)
    game = s.game
    assert all(RULES.hut_markers[m].special is None for m in game.markers_gone)
    in_play = [m for m in game.hut_pile + game.village_pile if RULES.hut_markers[m].special is not None]
    on_map = [sq.marker for sq in game.squares if sq.marker >= 0 and RULES.hut_markers[sq.marker].special is not None]
    assert len(in_play) + len(on_map) == sum(1 for m in RULES.hut_markers if m.special is not None)


@pytest.mark.parametrize("result, kind", [("native_art_hut", "hut"), ("native_art_village", "village")])
def test_native_art_is_revealed_at_once_for_culture(result, kind):
    s = explorer(result, kind)
    before = s.game.players[0].culture
    assert hut_results.found(s.game, 0, s.found, s.pos(6, 4))
    amount = next(e.params.amount for sp in RULES.huts.specials if sp.id == result for e in sp.effects)
    assert s.game.players[0].culture == before + amount and s.found in s.game.markers_gone


def test_a_native_art_hut_explored_gives_its_culture_and_no_marker():
    s = explorer("native_art_hut")
    explore(s)
    assert s.game.players[0].culture == 3 and s.game.players[0].markers == []
    assert "Player 1 reveals the marker found: Native Art." in s.game.log


def test_wealth_puts_a_coin_token_on_the_sheet():
    s = explorer("wealth", "village")
    coins = yields.coins(s.game, 0)
    assert hut_results.found(s.game, 0, s.found, s.pos(6, 4))
    assert s.game.players[0].coin_tokens == {"sheet": 1} and yields.coins(s.game, 0) == coins + 1


def test_a_friendly_barbarian_builds_a_free_unit_or_a_figure_where_it_was_found():
    s = explorer("friendly_barbarian")
    explore(s)
    assert isinstance(s.game.pending[-1], MarkerReward)
    choices = {a for a in s.legal() if isinstance(a, TakeReward)}
    assert TakeReward(figure="army") in choices and TakeReward(unit="infantry") in choices
    standing = len(s.game.players[0].standing)
    s.apply(TakeReward(unit="infantry"))
    assert len(s.game.players[0].standing) == standing + 1
    s2 = explorer("friendly_barbarian")
    explore(s2)
    s2.apply(TakeReward(figure="scout"))
    assert [f.kind for f in s2.game.figures if f.pos == s2.pos(6, 4)] == ["army", "scout"]


def test_a_teacher_is_kept_face_down_and_revealed_at_start_of_turn_for_a_level_one_tech():
    s = explorer("teacher")
    explore(s)
    assert s.game.players[0].markers == [s.found]
    assert payments_for(s) == []  # a teacher pays for nothing
    s.decide(StartTurn(0), phase="start_of_turn")
    reveals = [a for a in s.legal() if isinstance(a, RevealMarker)]
    assert reveals and all(RULES.techs[a.tech].level == 1 for a in reveals)
    s.apply(reveals[0])
    assert reveals[0].tech in s.game.players[0].techs and s.game.players[0].markers == []


def test_friendly_workers_give_a_city_four_production_in_city_management():
    s = explorer("friendly_workers", "village")
    s.game.squares[s.pos(6, 4)].marker = -1
    s.game.players[0].markers.append(s.found)
    s.decide(StartTurn(0), phase="start_of_turn")
    assert not [a for a in s.legal() if isinstance(a, RevealMarker)]  # not in Start of Turn
    s.decide(CityTurn(0), phase="city_management")
    production = yields.production(s.game, s.home)
    s.apply(RevealMarker(s.found, city=s.home.id))
    assert yields.production(s.game, s.home) == production + 4 and s.found in s.game.markers_gone


def payments_for(s: Scenario) -> list[str]:
    return [item for item, _, _ in payments._held(s.game, 0)]


# ------------------------------------------------------------------ obsoleting a wonder still in the market


@pytest.mark.parametrize("expansion", [FAF, "wisdom-and-warfare"])
def test_a_wonder_in_the_market_may_be_obsoleted_and_is_replaced_from_the_deck(expansion):
    s = Scenario(players=2, civs=["germany", "china"], expansions=[expansion])
    game = s.game
    s.decide(ObsoleteChoice(0, source="monarchy"))
    target, top = game.wonder_market[0], game.wonder_deck[0]
    assert ObsoleteWonder(target) in s.legal()
    s.apply(ObsoleteWonder(target))
    assert game.wonder_market[0] == top and target in game.wonders_gone and target not in game.obsolete
    assert "in the market: it is discarded and replaced from the deck" in " ".join(game.log)


def test_in_the_base_game_only_built_wonders_are_obsoleted():
    s = Scenario(players=2, civs=["germany", "china"])
    s.decide(ObsoleteChoice(0, source="monarchy"))
    assert ObsoleteWonder(s.game.wonder_market[0]) not in s.legal()


# ------------------------------------------------------------------ looting with loot points


def won_city_battle(expansions=(FAF,)) -> Scenario:
    """Seat 0 has just conquered seat 1's (non-capital) city: the loot is to be chosen."""
    s = Scenario(players=2, civs=["germany", "china"], expansions=list(expansions)).reveal_all("grassland")
    s.city(1, 12, 5, capital=True)
    city = s.city(1, 6, 4)
    army = s.figure(0, "army", 5, 4)
    army.start_pos = army.pos
    s.units(1, ("artillery", 2))  # (first: seat 1's cards go back to the decks seat 0 draws from)
    s.units(0, *[("infantry", 4)] * 5)
    loser = s.game.players[1]
    loser.trade, loser.culture, loser.coin_tokens = 9, 9, {"sheet": 2}
    s.decide(MovementTurn(0), phase="movement")
    s.apply(BeginMove((army.id,)))
    s.apply(Step("east"))
    battle = s.game.battle
    while s.game.battle is not None and isinstance(s.game.pending[-1], BattlePlay):
        fronts = battles.open_fronts(battle, battle.side)
        s.apply(PlayUnit(battle.hands[battle.side][0], fronts[0] if fronts else -1))
    assert battle.winner == 0 and s.game.city(city.id) is None, "the attacker wins the city"
    return s


def test_a_city_gives_two_loot_points_spent_on_one_point_effects_again_and_again():
    s = won_city_battle()
    assert s.game.battle.loot == 2 and isinstance(s.game.pending[-1], ChooseLoot)
    trade = s.game.players[0].trade
    s.apply(TakeLoot("trade", "3"))
    s.apply(TakeLoot("trade", "3"))
    assert s.game.players[1].trade == 3 and s.game.players[0].trade == trade + 6
    assert not isinstance(s.game.pending[-1], ChooseLoot)  # both points spent


def test_coin_tokens_are_discarded_for_one_point_or_stolen_for_two():
    s = won_city_battle()
    options = {a for a in s.legal() if isinstance(a, TakeLoot)}
    assert {TakeLoot("discard_coin", "sheet"), TakeLoot("steal_coin", "sheet"), TakeLoot("nothing")} <= options
    s.apply(TakeLoot("discard_coin", "sheet"))
    assert s.game.players[1].coin_tokens == {"sheet": 1}
    assert TakeLoot("steal_coin", "sheet") not in s.legal()  # 1 point left
    s.apply(TakeLoot("nothing"))
    assert s.game.players[1].coin_tokens == {"sheet": 1} and s.game.players[0].coin_tokens == {}


def test_stealing_a_coin_token_takes_both_points_and_never_an_investment():
    s = won_city_battle()
    s.game.players[1].investments = {"war_bonds": 3}
    s.apply(TakeLoot("steal_coin", "sheet"))
    assert s.game.players[0].coin_tokens == {"sheet": 1} and s.game.players[1].investments == {"war_bonds": 3}
    assert not isinstance(s.game.pending[-1], ChooseLoot)


def test_the_base_game_gives_one_reward_for_a_city():
    s = won_city_battle(expansions=())
    options = {a.kind for a in s.legal() if isinstance(a, TakeLoot)}
    assert "trade" not in options and "discard_coin" not in options and "nothing" not in options
