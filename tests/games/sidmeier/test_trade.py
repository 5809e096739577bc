"""The Trade phase's deals: what may be offered and asked."""

from civgame.games.sidmeier.core.actions import EndTrade, Offer
from civgame.games.sidmeier.core.decisions import Goods, TradeTurn
from tests.games.sidmeier.scenario import Scenario


def test_every_deal_of_what_one_holds_for_what_the_other_shows_is_offered_but_nothing_for_nothing():
    s = Scenario(players=2)
    for player, trade, culture in zip(s.game.players, (3, 1), (1, 0), strict=True):
        player.trade, player.culture, player.resources, player.markers, player.hand = trade, culture, {}, [], []
    s.give(0, iron=1).give(1, silk=1).decide(TradeTurn(0), phase="trade")
    offers = [a for a in s.legal() if isinstance(a, Offer)]
    gives = [Goods(), Goods(trade=1), Goods(trade=3), Goods(culture=1), Goods(resources=("iron",))]
    asks = [Goods(), Goods(trade=1), Goods(resources=("silk",))]
    assert offers == [Offer(1, give, get) for give in gives for get in asks if give != Goods() or get != Goods()]
    assert EndTrade() in s.legal()
    assert s.why(Offer(1, Goods(), Goods())) == "a deal hands something over"
