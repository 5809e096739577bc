"""Research and governments [004 RESEARCH, START OF TURN]: the pyramid, costs, coins keeping trade,
what a tech unlocks, and changing government (free after unlocking it, otherwise through Anarchy)."""

from __future__ import annotations

import pytest

from civgame.games.sidmeier.core.actions import ChangeGovernment, ObsoleteWonder, Research, TakeResource
from civgame.games.sidmeier.core.decisions import ObsoleteChoice, ResearchTurn, StartTurn, TakeMarketResource
from civgame.games.sidmeier.rules.base import techs
from tests.games.sidmeier.scenario import Scenario


def researching(trade: int, civs=("germany", "egypt")) -> Scenario:
    s = Scenario(players=2, civs=list(civs))
    s.game.players[0].trade = trade
    s.decide(ResearchTurn(0), phase="research")
    return s


def test_a_level_n_tech_needs_6_plus_5_per_level_above_one_trade():
    s = researching(10)
    p = s.game.players[0]
    p.techs, p.rows = ["masonry", "pottery"], [1, 1]
    s.refresh()
    assert Research("currency") in s.legal()
    assert "needs a place" in s.why(Research("sailing")) or "needs 11 trade" in s.why(Research("sailing"))
    p.trade = 11
    s.refresh()
    assert Research("sailing") in s.legal()


def test_the_pyramid_needs_two_more_cards_below_than_on_a_level():
    s = researching(27)
    p = s.game.players[0]
    p.techs, p.rows = ["masonry"], [1]
    assert not techs.fits(s.game, 0, 2)
    p.techs, p.rows = ["masonry", "pottery"], [1, 1]
    assert techs.fits(s.game, 0, 2)
    p.techs, p.rows = ["masonry", "pottery", "sailing"], [1, 1, 2]
    assert not techs.fits(s.game, 0, 2) and not techs.fits(s.game, 0, 3)
    p.techs, p.rows = ["masonry", "pottery", "currency", "sailing", "monarchy"], [1, 1, 1, 2, 2]
    assert techs.fits(s.game, 0, 3) and not techs.fits(s.game, 0, 4)
    assert techs.fits(s.game, 0, 1)


def test_researching_spends_all_trade_but_one_per_coin():
    s = researching(9)
    s.game.players[0].coin_tokens = {"gift": 2}
    s.game.queue.clear()
    s.apply(Research("masonry"))
    s.game.phase = "research"
    assert "masonry" in s.game.players[0].techs and s.game.players[0].trade == 2


def test_coins_never_raise_trade():
    s = researching(6)
    s.game.players[0].coin_tokens = {"gift": 5}
    s.apply(Research("masonry"))
    assert s.game.players[0].trade == 5


def test_porcelain_tower_makes_research_5_cheaper():
    s = researching(1)
    s.city(0, 2, 2, capital=True)
    s.wonder(0, "porcelain_tower")
    assert Research("masonry") in s.legal()


def test_a_unit_upgrade_raises_the_rank_and_an_upgrade_never_lowers_it():
    s = Scenario()
    techs.learn(s.game, 0, "chivalry")
    assert s.game.players[0].ranks["mounted"] == 2
    techs.learn(s.game, 0, "military_science")
    assert s.game.players[0].ranks["mounted"] == 3
    s.game.players[0].ranks["infantry"] = 4
    techs.learn(s.game, 0, "gunpowder")
    assert s.game.players[0].ranks["infantry"] == 4


def test_germany_builds_a_free_unit_and_takes_a_resource_for_a_unit_tech():
    s = Scenario(civs=["germany", "egypt"])
    standing = len(s.game.players[0].standing)
    techs.learn(s.game, 0, "mathematics")
    assert len(s.game.players[0].standing) == standing + 1
    assert isinstance(s.game.pending[-1], TakeMarketResource)
    s.apply(TakeResource("silk"))
    assert s.game.players[0].resources == {"silk": 1}
    standing = len(s.game.players[0].standing)
    techs.learn(s.game, 0, "masonry")  # no unit on it
    assert not any(isinstance(d, TakeMarketResource) for d in s.game.pending)
    assert len(s.game.players[0].standing) == standing


def test_monarchy_may_obsolete_a_built_wonder_whose_marker_still_gives_culture():
    s = Scenario()
    s.reveal_all()
    s.city(1, 5, 5, capital=True)
    s.wonder(1, "colossus")
    techs.learn(s.game, 0, "monarchy")
    assert isinstance(s.game.pending[-1], ObsoleteChoice)
    s.apply(ObsoleteWonder("colossus"))
    from civgame.games.sidmeier.rules.base import effects, yields

    assert not effects.has(s.game, 1, "start_gain")
    assert yields.arts_culture(s.game, s.game.cities[0]) == 1 + 1


def test_space_flight_is_a_tech_victory():
    s = Scenario()
    techs.learn(s.game, 0, "space_flight")
    assert s.game.phase == "over" and s.game.winners == [0] and "tech victory" in s.game.win_reason


# ------------------------------------------------------------------ governments


def start(s: Scenario, seat: int = 0) -> Scenario:
    s.decide(StartTurn(seat), phase="start_of_turn")
    return s


def test_a_government_unlocked_in_the_last_research_phase_is_free_the_next_turn():
    s = Scenario(civs=["germany", "egypt"])
    s.game.turn = 3
    s.game.players[0].techs.append("code_of_laws")
    s.game.players[0].rows.append(1)
    s.game.players[0].unlocked_turn["republic"] = 2
    start(s)
    s.apply(ChangeGovernment("republic"))
    assert s.game.players[0].government == "republic"
    assert ChangeGovernment("despotism") not in s.legal()  # once per turn


def test_otherwise_the_way_to_a_new_government_is_a_turn_of_anarchy():
    s = Scenario(civs=["germany", "egypt"])
    s.game.turn = 5
    s.techs(0, "code_of_laws")
    start(s)
    assert ChangeGovernment("republic") not in s.legal()
    assert "Anarchy first" in s.why(ChangeGovernment("republic"))
    s.apply(ChangeGovernment("anarchy"))
    assert s.game.players[0].anarchy_turn == 5
    s.game.turn = 6
    s.game.players[0].used.clear()
    start(s)
    assert ChangeGovernment("republic") in s.legal() and ChangeGovernment("despotism") in s.legal()


def test_the_pyramids_unlock_every_government_and_spare_anarchy():
    s = Scenario(civs=["germany", "egypt"]).reveal_all()
    s.city(0, 2, 2, capital=True)
    s.wonder(0, "pyramids")
    start(s)
    assert ChangeGovernment("democracy") in s.legal() and ChangeGovernment("anarchy") not in s.legal()


@pytest.mark.parametrize(
    "government, check",
    [
        ("republic", lambda s: s.trade == 8 + 1),
        ("fundamentalism", lambda s: s.trade == 8 - 1),
        ("monarchy", lambda s: s.arts == 1 + 8 + 1),
        ("communism", lambda s: s.arts == 1 + 8 - 1 and s.production == 1),
        ("despotism", lambda s: s.trade == 8 and s.arts == 9 and s.production == 0),
    ],
)
def test_each_governments_modifiers(government, check):
    from civgame.games.sidmeier.rules.base import yields

    s = Scenario(civs=["germany", "egypt"]).reveal_all("grassland", trade=1, culture=1)
    city = s.city(0, 5, 5, capital=True)
    s.government(0, government)
    s.trade = yields.trade_income(s.game, 0)
    s.arts = yields.arts_culture(s.game, city)
    s.production = yields.production(s.game, city)
    assert check(s)


def test_democracy_adds_a_coin_while_no_battle_was_fought_since_the_previous_turn():
    from civgame.games.sidmeier.rules.base import yields

    s = Scenario(civs=["germany", "egypt"])
    s.game.turn = 4
    s.government(0, "democracy")
    assert yields.coins(s.game, 0) == 1
    s.game.players[0].last_battle_turn = 3
    s.refresh()
    assert yields.coins(s.game, 0) == 0


def test_fundamentalism_adds_a_card_to_the_battle_hand():
    from civgame.games.sidmeier.rules.base import effects

    s = Scenario().government(0, "fundamentalism")
    assert effects.total(s.game, 0, "battle_hand_size") == 1
