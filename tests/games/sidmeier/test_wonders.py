"""Every wonder's ability (its values from the data), its culture, blockades and obsoleting."""

from __future__ import annotations

import pytest

from civgame.games.sidmeier.content.ruleset import load_rules
from civgame.games.sidmeier.core.actions import (
    BuildWonder,
    DrawCultureCards,
    FreeBuilding,
    FreeFigure,
    FreeWalls,
    Harvest,
    LearnFrom,
    ObsoleteWonder,
    Research,
    SecondTech,
)
from civgame.games.sidmeier.core.decisions import (
    CityTurn,
    DiscardCulture,
    ResearchTurn,
    SecondResearchChoice,
    StartTurn,
)
from civgame.games.sidmeier.rules.base import effects, pieces, techs, yields
from civgame.games.sidmeier.rules.flow.view import view_for
from tests.games.sidmeier.scenario import Scenario

RULES = load_rules()


def owner(wonder: str, civs=("germany", "china")) -> Scenario:
    s = Scenario(players=2, civs=list(civs)).reveal_all("grassland", trade=1, production=1)
    for seat in (0, 1):
        s.government(seat, "despotism")
        s.game.players[seat].trade = 0
    s.capital = s.city(0, 5, 5, capital=True)
    s.enemy = s.city(1, 12, 5, capital=True)
    s.wonder(0, wonder)
    return s


def param(wonder: str, name: str):
    return next(e.params for e in RULES.wonders[wonder].effects if e.name == name)


def start_of_turn(s: Scenario) -> None:
    s.decide(StartTurn(0), phase="start_of_turn")
    from civgame.games.sidmeier.rules.turn import start

    start.automatic(s.game, 0)


def check_chichen_itza(s):
    own = yields.city_icons(s.game, s.capital)[yields.PRODUCTION]  # (the wonder's marker covers a square)
    assert yields.production(s.game, s.capital) == own + param("chichen_itza", "production_per_city").amount


def check_statue_of_zeus(s):
    from civgame.games.sidmeier.rules.base import effects as fx

    assert fx.total(s.game, 0, "combat_bonus") == param("statue_of_zeus", "combat_bonus").amount


def check_stonehenge(s):
    start_of_turn(s)
    assert s.game.players[0].culture == param("stonehenge", "start_gain").culture


def check_colossus(s):
    start_of_turn(s)
    assert s.game.players[0].trade == param("colossus", "start_gain").trade


def check_great_lighthouse(s):
    before = yields.trade_income(s.game, 0)
    s.square(s.pos(4, 4), "water", trade=1)
    s.square(s.pos(4, 6), "water", trade=1)
    assert yields.trade_income(s.game, 0) == before + 2 * param("great_lighthouse", "empty_water_trade").amount
    s.figure(0, "army", 4, 4)
    assert yields.trade_income(s.game, 0) == before + param("great_lighthouse", "empty_water_trade").amount


def check_great_wall(s):
    start_of_turn(s)
    s.apply(FreeWalls("great_wall", s.capital.id))
    assert s.capital.walled and effects.total(s.game, 0, "loot_reduction") == 1


def check_hanging_gardens(s):
    start_of_turn(s)
    s.apply(FreeFigure("hanging_gardens", "army"))
    assert any(f.pos == s.game.wonder_at["hanging_gardens"] for f in s.game.figures)
    assert FreeFigure("hanging_gardens", "scout") not in s.legal()  # once per turn


def check_oracle(s):
    s.figure(0, "army", 8, 5)
    s.figure(1, "army", 9, 5)
    from civgame.games.sidmeier.core.actions import BeginMove, Step
    from civgame.games.sidmeier.core.decisions import MovementTurn

    s.game.figures[-2].start_pos = s.game.figures[-2].pos
    s.decide(MovementTurn(0), phase="movement")
    s.apply(BeginMove((s.game.figures[-2].id,)))
    s.apply(Step("east"))
    assert isinstance(view_for(s.game, 0)["battle"]["hands"][1], list)
    assert isinstance(view_for(s.game, 1)["battle"]["hands"][0], int)


def check_pyramids(s):
    from civgame.games.sidmeier.rules.turn.start import government_choices

    s.game.turn = 4
    assert "democracy" in government_choices(s.game, 0) and "anarchy" not in government_choices(s.game, 0)


def check_angkor_wat(s):
    s.square(s.pos(6, 5), resource="wheat")
    s.decide(CityTurn(0))
    s.apply(Harvest(s.capital.id, "wheat", "wheat"))
    assert s.game.players[0].resources == {"wheat": 2}


def check_brandenburg_gate(s):
    from civgame.games.sidmeier.rules.base import board

    assert board.closed_to(s.game, s.pos(6, 5), 1) and not board.closed_to(s.game, s.pos(6, 5), 0)


def check_himeji_castle(s):
    assert effects.total(s.game, 0, "unit_strength") == 1


def check_leonardos_workshop(s):
    s.game.players[0].ranks["mounted"] = 4
    assert pieces.unit_cost(s.game, 0, "mounted") == 5


def check_notre_dame(s):
    s.game.players[0].trade = 12
    s.decide(ResearchTurn(0), phase="research")
    s.apply(Research("masonry"))
    assert isinstance(s.game.pending[-1], SecondResearchChoice)
    s.apply(SecondTech("pottery"))
    assert {"masonry", "pottery"} <= set(s.game.players[0].techs)


def check_porcelain_tower(s):
    assert techs.research_cost(s.game, 0, "masonry") == 6 - 5


def check_taj_mahal(s):
    s.techs(0, "writing")
    start_of_turn(s)
    s.apply(FreeBuilding("taj_mahal", s.capital.id, "library", s.pos(4, 5)))
    assert s.game.squares[s.pos(4, 5)].improvement.name == "library"


def check_louvre(s):
    start_of_turn(s)
    assert s.game.players[0].culture == 3


def check_big_ben(s):
    start_of_turn(s)
    assert s.game.players[0].resources == dict.fromkeys(RULES.game.resources.market, 1)


def check_cristo_redentor(s):
    assert pieces.hand_size(s.game, 0) == 2 + 4
    start_of_turn(s)
    s.apply(DrawCultureCards("cristo_redentor"))
    s.apply(s.legal()[0])
    s.apply(s.legal()[0])
    assert len(s.game.players[0].hand) == 2


def check_panama_canal(s):
    start_of_turn(s)
    assert s.game.players[0].coin_tokens == {"panama_canal": 1} and yields.coins(s.game, 0) == 1


def check_statue_of_liberty(s):
    s.techs(1, "sailing", "masonry", "pottery")
    start_of_turn(s)
    s.apply(LearnFrom("statue_of_liberty", "masonry"))
    assert "masonry" in s.game.players[0].techs


def check_sydney_opera_house(s):
    start_of_turn(s)
    assert s.game.players[0].track == 1


def check_internet(s):
    assert effects.total(s.game, 0, "tech_coin_cap") == 2


def check_kremlin(s):
    assert effects.has(s.game, 0, "spy_substitute")


def check_pentagon(s):
    assert effects.has(s.game, 0, "never_trumped")


def check_united_nations(s):
    from civgame.games.sidmeier.core.actions import PlayCard
    from civgame.games.sidmeier.core.decisions import StartTurn as ST

    s.figure(1, "army", 7, 6)  # (not on the wonder's marker: that would blockade it)
    card = s.card(1, "sabotage")
    s.techs(0, "writing")
    s.build(0, 4, 5, "building", "library")
    s.decide(ST(1), phase="start_of_turn")
    assert not [a for a in s.legal() if isinstance(a, PlayCard) and a.card == card]
    s.game.obsolete.append("united_nations")
    s.refresh()
    assert [a for a in s.legal() if isinstance(a, PlayCard) and a.card == card]


CHECKS = {name[6:]: fn for name, fn in globals().items() if name.startswith("check_")}


def test_every_wonder_has_a_test():
    assert sorted(CHECKS) == sorted(RULES.wonders)


@pytest.mark.parametrize("wonder", sorted(RULES.wonders))
def test_wonder_ability(wonder):
    CHECKS[wonder](owner(wonder))


@pytest.mark.parametrize("wonder", ["stonehenge", "colossus"])
def test_a_blockaded_or_obsolete_wonder_loses_its_ability_but_keeps_its_culture(wonder):
    s = owner(wonder)
    pos = s.game.wonder_at[wonder]
    assert effects.has(s.game, 0, "start_gain")
    blocker = s.figure(1, "scout", *s.game.xy(pos))
    assert not effects.has(s.game, 0, "start_gain")
    s.game.figures.remove(blocker)
    s.game.obsolete.append(wonder)
    s.refresh()
    assert not effects.has(s.game, 0, "start_gain")
    assert yields.arts_culture(s.game, s.capital) == 1 + RULES.wonders[wonder].culture


def test_a_great_person_placed_on_a_wonder_removes_the_wonder_for_good():
    s = owner("stonehenge")
    pos = s.game.wonder_at["stonehenge"]
    from civgame.games.sidmeier.core.model import Improvement

    marker = s.game.great_people.pop()
    pieces.place_improvement(s.game, pos, Improvement("great_person", "artist", 0, marker))
    assert "stonehenge" in s.game.wonders_gone and "stonehenge" not in s.game.players[0].wonders
    assert not effects.has(s.game, 0, "start_gain")


def test_a_wonder_built_over_the_player_s_own_wonder_takes_its_ability_at_once():
    """The player's effects are looked up afresh although they own as many wonders as before."""
    s = owner("stonehenge")
    pos = s.game.wonder_at["stonehenge"]
    s._take_wonder("great_wall")
    s.game.wonder_market.append("great_wall")
    s.give(0, trade=40)
    s.decide(CityTurn(0), phase="city_management")
    assert effects.has(s.game, 0, "start_gain")  # looked up before the build, as a listing would
    s.apply(BuildWonder(s.capital.id, "great_wall", pos))
    assert s.game.players[0].wonders == ["great_wall"]
    assert not effects.has(s.game, 0, "start_gain")
    assert effects.has(s.game, 0, "loot_reduction")


def test_a_wonder_that_raised_the_hand_size_replaced_by_another_makes_its_owner_discard_at_once():
    """Cristo Redentor's +4 hand size goes with it: the player above the hand size discards (seed 1225)."""
    s = owner("cristo_redentor")
    pos = s.game.wonder_at["cristo_redentor"]
    deck = s.game.culture_decks["ancient"].draw
    s.game.players[0].hand.extend(deck.pop() for _ in range(pieces.hand_size(s.game, 0)))
    s._take_wonder("big_ben")
    s.game.wonder_market.append("big_ben")
    s.techs(0, "banking")  # (Big Ben's discount)
    s.give(0, trade=40)
    s.decide(CityTurn(0), phase="city_management")
    s.apply(BuildWonder(s.capital.id, "big_ben", pos))
    assert isinstance(s.game.pending[-1], DiscardCulture) and s.game.pending[-1].player == 0
    assert not [p for p in s.problems() if ".hand" in p]


def test_a_wonder_that_raised_the_hand_size_obsoleted_makes_its_owner_discard_at_once():
    s = owner("cristo_redentor")
    deck = s.game.culture_decks["ancient"].draw
    s.game.players[0].hand.extend(deck.pop() for _ in range(pieces.hand_size(s.game, 0)))
    techs.learn(s.game, 1, "monarchy")
    s.apply(ObsoleteWonder("cristo_redentor"))
    assert isinstance(s.game.pending[-1], DiscardCulture) and s.game.pending[-1].player == 0
