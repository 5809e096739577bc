"""Every culture event card (one test per card: its values come from the data), cancelling culture
events, great people, and the other pieces' data: buildings, great person markers, unit cards."""

from __future__ import annotations

import pytest

from civgame.games.sidmeier.content.ruleset import load_rules
from civgame.games.sidmeier.core.actions import (
    Allow,
    Cancel,
    ChooseUnit,
    ExchangeTech,
    GiveCoin,
    NoBattleCards,
    PlaceReserve,
    PlayCard,
    UseAbility,
)
from civgame.games.sidmeier.core.decisions import (
    BattleCards,
    CityTurn,
    ExchangeChoice,
    GiftRecipient,
    MovementTurn,
    Respond,
    StartTurn,
)
from civgame.games.sidmeier.core.model import Battle
from civgame.games.sidmeier.rules.base import pieces, yields
from civgame.games.sidmeier.rules.combat import battles
from tests.games.sidmeier.scenario import Scenario

RULES = load_rules()


def table(card: str, civs=("germany", "china")) -> tuple[Scenario, int]:
    s = Scenario(players=2, civs=list(civs)).reveal_all("grassland", trade=1, production=1)
    for seat in (0, 1):
        s.government(seat, "despotism")
    s.mine = s.city(0, 4, 4, capital=True)
    s.theirs = s.city(1, 10, 4, capital=True)
    return s, s.card(0, card)


def param(card: str, name: str):
    return next(e.params for e in RULES.culture_cards[card].effects if e.name == name)


def play(s: Scenario, action: PlayCard, decision) -> None:
    s.decide(decision(0))
    assert action in s.legal()
    s.apply(action)


def _gift(s, card, name):
    s.techs(0, "animal_husbandry")
    s.decide(CityTurn(0))
    choices = param(name, "card_resource").choices
    assert UseAbility("animal_husbandry", (f"card:{card}:wheat",), s.mine.id) in s.legal()
    before = yields.production(s.game, s.mine)
    s.apply(UseAbility("animal_husbandry", (f"card:{card}:wheat",), s.mine.id))
    assert yields.production(s.game, s.mine) > before and card not in s.game.players[0].hand
    assert "wheat" in choices
    return s


def check_a_gift_from_afar(s, card):
    _gift(s, card, "a_gift_from_afar")
    assert isinstance(s.game.pending[-1], GiftRecipient)
    s.apply(GiveCoin(1))
    assert s.game.players[1].coin_tokens == {"gift": 1}


def check_a_generous_gift(s, card):
    _gift(s, card, "a_generous_gift")
    assert not isinstance(s.game.pending[-1], GiftRecipient)


def check_a_princely_gift(s, card):
    assert "uranium" in param("a_princely_gift", "card_resource").choices
    _gift(s, card, "a_princely_gift")


def check_barbarian_encampment(s, card):
    pos = s.pos(8, 0)
    play(s, PlayCard(card, pos=pos), StartTurn)
    assert s.game.squares[pos].marker >= 0
    assert RULES.hut_markers[s.game.squares[pos].marker].kind == "village"
    assert PlayCard(card, pos=s.pos(5, 5)) not in s.legal()  # not in a city's outskirts


def _cancel(s, card):
    other = s.card(1, "we_love_the_despot_day")
    s.decide(CityTurn(1))
    s.apply(PlayCard(other, city=s.theirs.id))
    assert isinstance(s.game.pending[-1], Respond) and Cancel(f"card:{card}") in s.legal()


def check_bread_and_circuses(s, card):
    other = s.card(1, "we_love_the_despot_day")
    s.decide(CityTurn(1))
    s.apply(PlayCard(other, city=s.theirs.id))  # not aimed at the card's holder: nothing to cancel
    assert not isinstance(s.game.pending[-1], Respond) and s.theirs.boost == 4
    s.techs(0, "writing")
    s.build(0, 5, 4, "building", "library")
    sabotage = s.card(1, "sabotage")
    s.figure(1, "scout", 7, 4)  # within 4 squares of the library
    s.decide(StartTurn(1))
    s.apply(PlayCard(sabotage, pos=s.pos(5, 4)))  # aimed at the holder's building
    assert Cancel(f"card:{card}") in s.legal()
    s.apply(Cancel(f"card:{card}"))
    assert s.game.squares[s.pos(5, 4)].improvement is not None


def check_jousting_tourney(s, card):
    _cancel(s, card)
    s.apply(Cancel(f"card:{card}"))
    assert s.theirs.boost == 0


def check_primetime_tv(s, card):
    _cancel(s, card)
    assert param("primetime_tv", "cancel_culture_event").resource_abilities


def check_defection(s, card):
    victim = s.figure(1, "army", 4, 7)
    s.figure(0, "scout", 4, 5)
    p = param("defection", "kill_figures")
    play(s, PlayCard(card, pos=victim.pos), MovementTurn)
    assert victim not in s.game.figures and p.range == 4
    far = s.figure(1, "army", 14, 7)
    assert PlayCard(s.card(0, "defection"), pos=far.pos) not in s.legal()


def check_mass_defection(s, card):
    s.figure(1, "army", 8, 4)
    s.figure(1, "army", 8, 4)
    play(s, PlayCard(card, pos=s.pos(8, 4)), MovementTurn)
    assert not [f for f in s.game.figures if f.pos == s.pos(8, 4)]


def check_wholesale_defection(s, card):
    s.build(1, 11, 5, "great_person", "artist")
    play(s, PlayCard(card, pos=s.pos(11, 5), choice="great_person"), MovementTurn)
    assert s.game.squares[s.pos(11, 5)].improvement is None


def _move(s, card, name):
    fig = s.figure(1, "army", 8, 2)
    distance = param(name, "move_enemy_figures").distance
    dest = s.pos(8 - distance, 2) if 8 - distance >= 0 else s.pos(8, 2 + distance)
    target = PlayCard(card, target=1, pos=fig.pos, dest=s.pos(8, 2 + distance))
    play(s, target, CityTurn)
    assert fig.pos == s.pos(8, 2 + distance) and dest >= 0
    too_far = PlayCard(card, target=1, pos=fig.pos, dest=s.pos(8, 2 + distance + 1))
    assert too_far.dest != target.dest


def check_disoriented(s, card):
    _move(s, card, "disoriented")


def check_lost(s, card):
    _move(s, card, "lost")


def check_out_of_position(s, card):
    _move(s, card, "out_of_position")


def _terrain(s, card, name, before, after):
    pos = s.pos(12, 0)
    s.square(pos, before, resource="wheat", trade=2)
    play(s, PlayCard(card, pos=pos), StartTurn)
    square = s.game.squares[pos]
    assert square.terrain == after and square.trade == RULES.terrains[after].icons.trade and square.resource == ""


def check_drought(s, card):
    _terrain(s, card, "drought", "grassland", "desert")
    s.square(s.pos(13, 0), "mountain")
    assert PlayCard(s.card(0, "drought"), pos=s.pos(13, 0)) not in s.legal()


def check_deforestation(s, card):
    _terrain(s, card, "deforestation", "forest", "grassland")


def check_flooding(s, card):
    _terrain(s, card, "flooding", "desert", "water")


def _free_units(s, card, name):
    count = param(name, "free_battle_units").count
    s.game.battle = Battle(0, 1, s.pos(8, 4), "figures")
    s.decide(BattleCards(0))
    standing = len(s.game.players[0].standing)
    s.apply(PlayCard(card))
    for _ in range(count):
        s.apply(ChooseUnit("infantry"))
    assert len(s.game.players[0].standing) == standing + count
    s.apply(NoBattleCards())


def check_duty_and_honor(s, card):
    _free_units(s, card, "duty_and_honor")


def check_nationalism(s, card):
    _free_units(s, card, "nationalism")


def check_patriotism(s, card):
    _free_units(s, card, "patriotism")


def _exchange(s, card, name):
    level = param(name, "exchange_techs").max_level
    wanted = next(t for t in RULES.techs.values() if t.level == level and t.id not in s.game.players[0].techs)
    if level > 1:
        s.techs(0, *[t.id for t in RULES.techs.values() if t.level == 1][:4])
        s.techs(0, *[t.id for t in RULES.techs.values() if t.level == 2][:2]) if level > 2 else None
    s.techs(1, wanted.id)
    play(s, PlayCard(card, target=1, tech=wanted.id), StartTurn)
    assert wanted.id in s.game.players[0].techs
    assert isinstance(s.game.pending[-1], ExchangeChoice) and s.game.pending[-1].player == 1
    mine = next(t for t in s.game.players[0].techs if t not in s.game.players[1].techs and RULES.techs[t].level == 1)
    s.apply(ExchangeTech(mine))
    assert mine in s.game.players[1].techs


def check_exchange_of_ideas(s, card):
    _exchange(s, card, "exchange_of_ideas")


def check_knowledge_shared(s, card):
    _exchange(s, card, "knowledge_shared")


def check_think_tank(s, card):
    _exchange(s, card, "think_tank")


def _destroy(s, card, name):
    s.techs(1, "writing")
    s.build(1, 9, 4, "building", "library")
    s.figure(0, "army", 7, 4)
    play(s, PlayCard(card, pos=s.pos(9, 4)), StartTurn)
    assert s.game.squares[s.pos(9, 4)].improvement is None and s.game.buildings["library"] == 6


def check_sabotage(s, card):
    _destroy(s, card, "sabotage")


def check_catastrophe(s, card):
    _destroy(s, card, "catastrophe")


def check_disaster(s, card):
    assert param("disaster", "destroy_buildings").count == 2
    _destroy(s, card, "disaster")


def _anarchy(s, card):
    play(s, PlayCard(card, target=1), StartTurn)
    assert s.game.players[1].government == "anarchy"


def check_citizens_are_revolting(s, card):
    _anarchy(s, card)


def check_citizens_are_revolting_ii(s, card):
    _anarchy(s, card)


def _production(s, card, name):
    before = yields.production(s.game, s.mine)
    play(s, PlayCard(card, city=s.mine.id), CityTurn)
    assert yields.production(s.game, s.mine) == before + param(name, "city_production").amount


def check_we_love_the_despot_day(s, card):
    _production(s, card, "we_love_the_despot_day")


def check_we_love_the_queen_day(s, card):
    _production(s, card, "we_love_the_queen_day")


def check_we_love_the_president_day(s, card):
    _production(s, card, "we_love_the_president_day")


CHECKS = {name[6:]: fn for name, fn in globals().items() if name.startswith("check_")}


def test_every_culture_card_has_a_test():
    assert sorted(CHECKS) == sorted(RULES.culture_cards)


@pytest.mark.parametrize("card", sorted(RULES.culture_cards))
def test_culture_card(card):
    s, drawn = table(card)
    CHECKS[card](s, drawn)


def test_a_card_is_played_only_in_its_phase():
    s, card = table("sabotage")
    s.techs(1, "writing")
    s.build(1, 9, 4, "building", "library")
    s.decide(CityTurn(0))
    assert "own phase" in s.why(PlayCard(card, pos=s.pos(9, 4)))


def test_a_cancel_may_itself_be_cancelled():
    s, jousting = table("jousting_tourney")
    other = s.card(1, "we_love_the_despot_day")
    theirs_jousting = s.card(1, "jousting_tourney")
    s.decide(CityTurn(1))
    s.apply(PlayCard(other, city=s.theirs.id))
    s.apply(Cancel(f"card:{jousting}"))
    assert isinstance(s.game.pending[-1], Respond) and s.game.pending[-1].player == 1
    s.apply(Cancel(f"card:{theirs_jousting}"))
    assert s.theirs.boost == 4 and theirs_jousting not in s.game.players[1].hand


def test_a_held_act_goes_ahead_when_every_possible_canceller_lets_it():
    s, jousting = table("jousting_tourney")
    other = s.card(1, "we_love_the_despot_day")
    s.decide(CityTurn(1))
    s.apply(PlayCard(other, city=s.theirs.id))
    s.apply(Allow())
    assert s.theirs.boost == 4 and jousting in s.game.players[0].hand


# ------------------------------------------------------------------ great people


@pytest.mark.parametrize("kind", sorted(RULES.great_people))
def test_a_great_person_replaces_the_icons_of_its_square(kind):
    s, _ = table("sabotage")
    pos = s.pos(5, 4)
    s.build(0, 5, 4, "great_person", kind)
    icons = RULES.great_people[kind].icons
    assert yields.icons(s.game, pos) == (icons.trade, icons.production, icons.culture, icons.coin)
    battle = Battle(0, 1, s.pos(8, 4), "figures")
    assert battles.combat_bonus(s.game, battle, 0) == RULES.great_people[kind].combat_bonus


def test_a_reserve_great_person_is_placed_again_at_the_start_of_turn():
    s, _ = table("sabotage")
    marker = s.game.great_people.pop()
    s.game.players[0].reserve.append(marker)
    s.decide(StartTurn(0))
    s.apply(PlaceReserve(marker, s.pos(5, 4)))
    assert s.game.squares[s.pos(5, 4)].improvement.marker == marker and s.game.players[0].reserve == []


# ------------------------------------------------------------------ buildings and units


@pytest.mark.parametrize("face", sorted(RULES.faces))
def test_a_building_replaces_the_icons_of_its_square_and_adds_its_combat_bonus(face):
    s, _ = table("sabotage")
    terrain = RULES.faces[face].family.terrain[0]
    s.square(s.pos(5, 4), terrain, trade=1)
    s.build(0, 5, 4, "building", face)
    icons = RULES.faces[face].face.icons
    assert yields.icons(s.game, s.pos(5, 4)) == (icons.trade, icons.production, icons.culture, icons.coin)
    battle = Battle(0, 1, s.pos(8, 4), "figures")
    assert battles.combat_bonus(s.game, battle, 0) == RULES.faces[face].face.combat_bonus


@pytest.mark.parametrize("unit", [u for u in RULES.units.values() if u.trumps])
def test_each_unit_type_trumps_the_type_its_card_shows(unit):
    s, _ = table("sabotage")
    battle = Battle(0, 1, s.pos(8, 4), "figures")
    mine = next(i for i, c in enumerate(RULES.unit_cards) if c.unit == unit.id)
    theirs = next(i for i, c in enumerate(RULES.unit_cards) if c.unit == unit.trumps)
    assert battles.trumps(s.game, battle, 0, mine, theirs) and not battles.trumps(s.game, battle, 1, theirs, mine)


@pytest.mark.parametrize("rank", [1, 2, 3, 4])
def test_a_unit_fights_with_the_strength_of_its_owners_rank(rank):
    s, _ = table("sabotage")
    battle = Battle(0, 1, s.pos(8, 4), "figures")
    card = next(i for i, c in enumerate(RULES.unit_cards) if c.unit == "infantry")
    s.game.players[0].ranks["infantry"] = rank
    assert battles.strength(s.game, battle, 0, card) == RULES.unit_cards[card].strength[rank - 1]
    assert pieces.unit_cost(s.game, 0, "infantry") == RULES.game.units.cost_by_rank[rank]


def test_a_cancel_cancelled_in_turn_leaves_the_act_to_the_players_not_yet_asked():
    """Seed 1235 of the slow suite: the act stays held until everyone who may cancel it has answered."""
    s = Scenario(players=3).reveal_all()
    theirs = s.city(1, 10, 4, capital=True)
    despot = s.card(1, "we_love_the_despot_day")
    s.card(1, "primetime_tv")  # lets player 2 cancel player 1's cancel
    by_third = s.card(2, "jousting_tourney")
    by_first, spare = s.card(0, "jousting_tourney"), s.card(0, "primetime_tv")
    s.decide(CityTurn(1))
    s.apply(PlayCard(despot, city=theirs.id))
    s.apply(Cancel(f"card:{by_third}"))  # the third player cancels the event
    s.apply(Cancel(f"card:{by_first}"))  # the first player cancels that cancel
    s.apply(Allow())  # the second player lets the first player's cancel happen
    assert s.game.pending[-1] == Respond(0) and len(s.game.held) == 1 and theirs.boost == 0
    assert Cancel(f"card:{spare}") in s.legal()  # the first player, not yet asked about the event itself
    s.apply(Allow())
    assert not s.game.held and theirs.boost == 4
