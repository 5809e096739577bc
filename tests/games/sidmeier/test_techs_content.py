"""Every tech's effect, one test per tech and effect (their values come from the data: a tech whose
effect is taken out of the data fails its test)."""

from __future__ import annotations

import pytest

from civgame.games.sidmeier.content.ruleset import load_rules
from civgame.games.sidmeier.core.actions import Allow, BuildFigure, Cancel, Devote, PlayCard, PlayUnit, UseAbility
from civgame.games.sidmeier.core.decisions import CityTurn, Respond, StartTurn, TradeTurn
from civgame.games.sidmeier.rules.base import board, effects, payments, pieces, production, yields
from civgame.games.sidmeier.rules.combat import battles
from civgame.games.sidmeier.rules.turn.start import government_choices
from tests.games.sidmeier.scenario import Scenario

RULES = load_rules()


def techs_with(name: str) -> list[tuple[str, object]]:
    return [(t.id, e.params) for t in RULES.techs.values() for e in t.effects if e.name == name]


def player(techs: tuple[str, ...] = (), civs=("germany", "egypt")) -> Scenario:
    s = Scenario(players=2, civs=list(civs)).reveal_all("grassland", production=1)
    for tech in techs:
        if tech not in s.game.players[0].techs:
            s.techs(0, tech)
    return s


@pytest.mark.parametrize("tech, p", techs_with("travel_speed"))
def test_travel_speed(tech, p):
    s = player()
    assert board.travel_speed(s.game, 0) == 2
    s.techs(0, tech)
    assert board.travel_speed(s.game, 0) == p.value


@pytest.mark.parametrize("tech, p", techs_with("stacking_limit"))
def test_stacking_limit(tech, p):
    s = player(civs=("china", "germany"))
    assert board.stacking_limit(s.game, 0) == 2
    s.techs(0, tech)
    assert board.stacking_limit(s.game, 0) == p.value


@pytest.mark.parametrize("tech, p", techs_with("culture_hand_size"))
def test_culture_hand_size(tech, p):
    s = player()
    s.techs(0, tech)
    assert pieces.hand_size(s.game, 0) == 2 + p.amount


@pytest.mark.parametrize("tech, p", techs_with("max_cities"))
def test_max_cities(tech, p):
    s = player()
    s.techs(0, tech)
    assert production.max_cities(s.game, 0) == p.value


@pytest.mark.parametrize("tech, p", techs_with("water_movement"))
def test_water_movement(tech, p):
    s = player(civs=("germany", "china"))
    assert board.water_mode(s.game, 0) == "none"
    s.techs(0, tech)
    assert board.water_mode(s.game, 0) == p.mode


@pytest.mark.parametrize("tech", [t.id for t in RULES.techs.values() if t.coins])
def test_a_coin_icon_counts_on_the_economy_dial(tech):
    s = player()
    before = yields.coins(s.game, 0)
    s.techs(0, tech)
    assert yields.coins(s.game, 0) == before + RULES.techs[tech].coins


@pytest.mark.parametrize("tech, gov", [(t.id, g) for t in RULES.techs.values() for g in t.governments])
def test_a_tech_unlocks_its_government(tech, gov):
    s = player(civs=("germany", "china"))
    s.game.turn = 2
    s.decide(StartTurn(0), phase="start_of_turn")
    assert gov not in government_choices(s.game, 0)
    from civgame.games.sidmeier.rules.base import techs

    techs.learn(s.game, 0, tech)
    s.game.turn = 3
    assert gov in government_choices(s.game, 0)


@pytest.mark.parametrize("tech, face", [(t.id, b) for t in RULES.techs.values() for b in t.buildings])
def test_a_tech_unlocks_its_building(tech, face):
    s = player(civs=("germany", "china"))
    s.game.players[0].techs.clear()
    s.game.players[0].rows.clear()
    if face == RULES.city_walls.id:
        from civgame.games.sidmeier.rules.cities.management import walls_unlocked

        assert not walls_unlocked(s.game, 0)
        s.techs(0, tech)
        assert walls_unlocked(s.game, 0)
        return
    assert face not in production.unlocked_faces(s.game, 0)
    s.techs(0, tech)
    assert face in production.unlocked_faces(s.game, 0)


@pytest.mark.parametrize("tech", [t.id for t in RULES.techs.values() if t.unit_upgrade])
def test_a_tech_upgrades_its_unit_type(tech):
    s = player(civs=("china", "egypt"))
    upgrade = RULES.techs[tech].unit_upgrade
    from civgame.games.sidmeier.rules.base import techs

    techs.learn(s.game, 0, tech)
    assert s.game.players[0].ranks[upgrade.unit] == upgrade.rank


@pytest.mark.parametrize("tech, p", techs_with("production_per_coins"))
def test_production_per_coins(tech, p):
    s = player()
    city = s.city(0, 5, 5, capital=True)
    s.game.players[0].coin_tokens = {"gift": p.coins * 2}
    before = yields.production(s.game, city)
    s.techs(0, tech)
    assert yields.production(s.game, city) == before + 2 * p.amount


# ------------------------------------------------------------------ resource abilities


def _ability(tech: str, resource: str, phase_decision, **extra):
    s = player()
    city = s.city(0, 5, 5, capital=True)
    s.techs(0, tech)
    pay = ()
    if resource == "any" or resource in RULES.game.resources.market:
        kind = "wheat" if resource == "any" else resource
        s.give(0, **{kind: 1})
        pay = (f"token:{kind}",)
    else:
        marker = next(
            m
            for m in s.game.hut_pile + s.game.village_pile + s.game.markers_gone
            if RULES.hut_markers[m].result == resource
        )
        for pile in (s.game.hut_pile, s.game.village_pile, s.game.markers_gone):
            if marker in pile:
                pile.remove(marker)
        s.game.players[0].markers.append(marker)
        pay = (f"marker:{marker}",)
    s.decide(phase_decision(0))
    return s, city, pay


@pytest.mark.parametrize("tech, p", techs_with("boost_production"))
def test_a_player_holding_nothing_to_pay_is_offered_no_ability_and_no_way_to_pay_is_worked_out(tech, p, monkeypatch):
    s, _city, _pay = _ability(tech, p.cost[0], CityTurn)
    assert any(isinstance(a, UseAbility) for a in s.legal())
    s.game.players[0].resources.clear()
    s.game.players[0].markers.clear()
    s.refresh()
    monkeypatch.setattr(payments, "options", lambda *a, **k: pytest.fail("a way to pay was worked out"))
    assert not any(isinstance(a, UseAbility) for a in s.legal())


@pytest.mark.parametrize("tech, p", techs_with("boost_production"))
def test_boost_production(tech, p):
    s, city, pay = _ability(tech, p.cost[0], CityTurn)
    before = yields.production(s.game, city)
    s.apply(UseAbility(tech, pay, city.id))
    assert yields.production(s.game, city) == before + p.amount
    assert UseAbility(tech, pay, city.id) not in s.legal()  # once per turn


@pytest.mark.parametrize("tech, p", techs_with("gain_culture"))
def test_gain_culture(tech, p):
    s, _city, pay = _ability(tech, p.cost[0], CityTurn)
    s.apply(UseAbility(tech, pay))
    assert s.game.players[0].culture == p.amount


@pytest.mark.parametrize("tech, p", techs_with("gain_trade"))
def test_gain_trade(tech, p):
    s, _city, pay = _ability(tech, p.cost[0], TradeTurn)
    s.game.players[0].trade = 0
    s.apply(UseAbility(tech, pay))
    assert s.game.players[0].trade == p.amount


@pytest.mark.parametrize("tech, p", techs_with("coin_on_card"))
def test_coin_on_card(tech, p):
    s, _city, pay = _ability(tech, p.cost[0], CityTurn)
    s.apply(UseAbility(tech, pay))
    assert s.game.players[0].coin_tokens == {tech: 1}
    s.game.players[0].coin_tokens[tech] = p.cap
    s.game.players[0].used.clear()
    s.give(0, wheat=1)
    assert not [a for a in s.legal() if isinstance(a, UseAbility)]  # the card is full


@pytest.mark.parametrize("tech, p", techs_with("battle_wounds"))
def test_battle_wounds(tech, p):
    s = player(civs=("china", "egypt"))
    s.techs(0, tech)
    s.game.players[0].ranks["artillery"] = 1  # a strength-2 unit: only the extra wounds kill a strength-4 one
    s.give(0, iron=1)
    army = s.figure(0, "army", 5, 4)
    s.figure(1, "army", 6, 4)
    (a,) = s.units(0, ("artillery", 2))
    (d,) = s.units(1, ("artillery", 4))
    from civgame.games.sidmeier.core.actions import BeginMove, Step
    from civgame.games.sidmeier.core.decisions import MovementTurn

    s.decide(MovementTurn(0), phase="movement")
    s.apply(BeginMove((army.id,)))
    s.apply(Step("east"))
    s.apply(PlayUnit(d))
    s.apply(PlayUnit(a, 0, tech, ("token:iron",)))
    assert battles.strength(s.game, s.game.battle, 0, a) + p.amount >= 4 > battles.strength(s.game, s.game.battle, 0, a)
    assert "Artillery attacks Artillery: Artillery is killed, Artillery is killed." in s.game.log


def test_writing_spends_a_spy_to_cancel_another_players_city_action():
    s = player(civs=("germany", "china"))
    city = s.city(0, 5, 5, capital=True)
    s.techs(1, "writing")
    spy = next(m for m in s.game.hut_pile if RULES.hut_markers[m].result == "spy")
    s.game.hut_pile.remove(spy)
    s.game.players[1].markers.append(spy)
    s.decide(CityTurn(0))
    s.apply(Devote(city.id))
    assert isinstance(s.game.pending[-1], Respond) and s.game.pending[-1].player == 1
    s.apply(Cancel("tech:writing", (f"marker:{spy}",)))
    assert s.game.players[0].culture == 0 and city.actions == 1 and s.game.players[1].markers == []


def test_a_city_action_nobody_cancels_happens():
    s = player(civs=("germany", "china"))
    city = s.city(0, 5, 5, capital=True)
    s.techs(1, "writing")
    spy = next(m for m in s.game.hut_pile if RULES.hut_markers[m].result == "spy")
    s.game.hut_pile.remove(spy)
    s.game.players[1].markers.append(spy)
    s.decide(CityTurn(0))
    s.apply(BuildFigure(city.id, "army", s.pos(6, 5)))
    s.apply(Allow())
    assert any(f.pos == s.pos(6, 5) for f in s.game.figures) and city.spent == 4


@pytest.mark.parametrize("tech", [t for t, _ in techs_with("cancel_culture_event")])
def test_a_spy_cancels_a_culture_event(tech):
    s = player(civs=("germany", "china"))
    city = s.city(0, 5, 5, capital=True)
    s.techs(1, tech)
    s.give(1)
    spy = next(m for m in s.game.hut_pile if RULES.hut_markers[m].result == "spy")
    s.game.hut_pile.remove(spy)
    s.game.players[1].markers.append(spy)
    card = s.card(0, "we_love_the_despot_day")
    s.decide(CityTurn(0))
    s.apply(PlayCard(card, city=city.id))
    s.apply(Cancel(f"tech:{tech}", (f"marker:{spy}",)))
    assert city.boost == 0 and card not in s.game.players[0].hand


@pytest.mark.parametrize("tech", [t for t, _ in techs_with("cancel_resource_ability")])
def test_a_spy_cancels_a_resource_ability(tech):
    s, _city, pay = _ability("philosophy", "incense", CityTurn)
    s.techs(1, tech)
    spy = next(m for m in s.game.hut_pile if RULES.hut_markers[m].result == "spy")
    s.game.hut_pile.remove(spy)
    s.game.players[1].markers.append(spy)
    s.decide(CityTurn(0))
    s.apply(UseAbility("philosophy", pay))
    s.apply(Cancel(f"tech:{tech}", (f"marker:{spy}",)))
    assert s.game.players[0].culture == 0 and s.game.players[0].resources == {"incense": 0}


def test_the_kremlin_lets_two_resources_stand_for_a_spy():
    s = player(civs=("germany", "china"))
    city = s.city(0, 5, 5, capital=True)
    s.city(1, 12, 4, capital=True)
    s.techs(1, "writing")
    s.wonder(1, "kremlin")
    s.give(1, silk=1, wheat=1)
    s.decide(CityTurn(0))
    s.apply(Devote(city.id))
    assert Cancel("tech:writing", ("token:silk", "token:wheat", "sub:kremlin")) in s.legal()
    s.apply(Cancel("tech:writing", ("token:silk", "token:wheat", "sub:kremlin")))
    assert s.game.players[0].culture == 0 and effects.has(s.game, 1, "spy_substitute")
