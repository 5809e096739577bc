"""Fame and Fortune [004 F&F]: the expansion laid over the base game's data, the investment deck
(its four provisional cards, each ability switched off by the next one), and Machu Picchu."""

from __future__ import annotations

import pytest

from civgame.framework.datafiles import RulesDataError
from civgame.games.sidmeier.content.describe import describe, provisional_values
from civgame.games.sidmeier.content.ruleset import load_rules
from civgame.games.sidmeier.core.actions import EndStartOfTurn, Invest, TakeResource
from civgame.games.sidmeier.core.decisions import StartTurn, TakeMarketResource
from civgame.games.sidmeier.rules.base import effects, yields
from civgame.games.sidmeier.rules.turn import start
from tests.games.sidmeier.scenario import Scenario

FAF = "fame-and-fortune"
RULES = load_rules(expansions=[FAF])


def investor(tokens: int = 1, civs=("germany", "china")) -> Scenario:
    """Seat 0 at its Start of Turn with a capital and `tokens` coin tokens on its sheet."""
    s = Scenario(players=2, civs=list(civs), expansions=[FAF]).reveal_all("grassland", trade=1, production=1)
    for seat in (0, 1):
        s.government(seat, "despotism")
        s.game.players[seat].trade = 0
    s.capital = s.city(0, 5, 5, capital=True)
    s.other = s.city(0, 9, 5)
    s.city(1, 14, 5, capital=True)
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
