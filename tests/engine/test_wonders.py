"""Wonders: building one from the hand, its requirements, cost and victory points, and each wonder's effect."""

from __future__ import annotations

import pytest

from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.games.clash.core.actions import Advance as AdvanceAction
from civgame.games.clash.core.actions import (
    BoostInfluence,
    BuildWonder,
    ChooseOption,
    Construct,
    EndMove,
    EndTurn,
    InfluenceCulture,
    MoveUnits,
    Pay,
    PayCombatBonus,
    RaiseMood,
    StartHappiness,
    StartMove,
    UseAbility,
)
from civgame.games.clash.core.decisions import CombatBonusDecision, RetreatDecision
from civgame.games.clash.core.hexgrid import hex_to_label
from civgame.games.clash.core.model import BARBARIAN
from civgame.games.clash.rules.actions.cities import collect_choices
from civgame.games.clash.rules.base.cards import deal
from civgame.games.clash.rules.base.payments import gain
from civgame.games.clash.rules.base.scoring import score_sheet
from civgame.games.clash.rules.flow import status
from tests.combat_helpers import attack, dice
from tests.engine.test_cities import board, extra_cities
from tests.scenario import Scenario

FULL = {"food": 5, "wood": 6, "ore": 7}


def assert_refused(s: Scenario, action, match: str) -> None:
    before = to_plain(s.game)
    with pytest.raises(RuleError, match=match):
        s.apply(action)
    assert to_plain(s.game) == before


def wonder_builder(wonder: str = "pyramids", *, mood: str = "happy", **buildings: int):
    """Player 0 holds `wonder`, with Engineering, its advance, the cost, and a Happy size-1 city among 4."""
    s = board()
    spec = s.game.rules.wonders[wonder]
    s.advances(0, "Engineering", spec.advance)
    s.resources(0, **FULL)
    s.player(0).culture_tokens = 5
    s.player(0).wonder_cards = [wonder]
    extra_cities(s, 0, 3)
    return s, s.city(0, "D2", mood=mood, buildings=buildings)


def test_building_a_wonder_pays_activates_and_places_it():
    s, city = wonder_builder("pyramids")
    assert BuildWonder(city.id, "pyramids") in s.legal_of(BuildWonder)
    s.apply(BuildWonder(city.id, "pyramids"))
    p = s.player(0)
    assert city.wonders == ["pyramids"] and city.size == 2 and city.activations == 1
    assert p.wonder_cards == [] and p.wonders_built == ["pyramids"]
    assert {k: v for k, v in p.resources.items() if v} == {"food": 3, "wood": 3}
    assert p.culture_tokens == 0 and s.game.actions_left == 2


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda s, c: setattr(c, "mood", "neutral"), "only be built in a Happy city"),
        (lambda s, c: s.lose_advances(0, "Engineering"), "requires Engineering"),
        (lambda s, c: s.lose_advances(0, "Rituals"), "requires Rituals"),
        (lambda s, c: setattr(s.player(0), "wonder_cards", []), "holds no Pyramids"),
        (lambda s, c: setattr(s.player(0), "culture_tokens", 4), "pay"),
        (lambda s, c: c.buildings.update(academy=0, market=0, temple=0), "cannot grow larger"),
        (lambda s, c: setattr(c, "angry_activation", True), "cannot be activated again"),
    ],
)
def test_a_wonder_needs_every_requirement(change, match):
    s, city = wonder_builder("pyramids")
    change(s, city)
    assert s.legal_of(BuildWonder) == []
    assert_refused(s, BuildWonder(city.id, "pyramids"), match)


def test_gold_may_stand_in_for_resources_but_not_for_culture():
    s, city = wonder_builder("pyramids")
    s.resources(0, food=0, wood=3, ore=7, gold=2)
    s.apply(BuildWonder(city.id, "pyramids"))
    assert city.wonders == ["pyramids"] and s.player(0).resources["gold"] == 0


def test_great_lighthouse_needs_a_port():
    s, city = wonder_builder("great_lighthouse")
    assert_refused(s, BuildWonder(city.id, "great_lighthouse"), "city with a Port")
    city.buildings["port"] = 0
    assert BuildWonder(city.id, "great_lighthouse") in s.legal_of(BuildWonder)


def test_wonder_victory_points_go_to_builder_and_owner():
    s, city = wonder_builder("great_gardens")
    s.apply(BuildWonder(city.id, "great_gardens"))
    assert score_sheet(s.game, 0)["wonders"] == 4
    city.owner = 1
    assert score_sheet(s.game, 0)["wonders"] == 2 and score_sheet(s.game, 1)["wonders"] == 2


def test_pyramids_score_only_for_the_builder():
    s, city = wonder_builder("pyramids")
    s.apply(BuildWonder(city.id, "pyramids"))
    city.owner = 1
    assert score_sheet(s.game, 0)["wonders"] == 5.1 and score_sheet(s.game, 1)["wonders"] == 0


def test_great_statue_draws_an_objective_card_when_built():
    s, city = wonder_builder("great_statue")
    top = s.game.decks["objective"].draw[-1]
    hand = list(s.player(0).objective_cards)
    s.apply(BuildWonder(city.id, "great_statue"))
    assert s.player(0).objective_cards == [*hand, top]


def test_great_statue_trades_an_objective_card_for_an_extra_action_once_per_turn():
    s, city = wonder_builder("great_statue")
    s.apply(BuildWonder(city.id, "great_statue"))
    hand = list(s.player(0).objective_cards)
    uses = [a for a in s.legal_of(UseAbility) if a.source == "Great Statue"]
    assert len(uses) == len(hand) >= 2
    actions = s.game.actions_left
    s.apply(uses[0])
    assert s.game.actions_left == actions + 1 and len(s.player(0).objective_cards) == len(hand) - 1
    assert s.game.decks["objective"].discard[-1] not in s.player(0).objective_cards
    assert [a for a in s.legal_of(UseAbility) if a.source == "Great Statue"] == []


@pytest.mark.parametrize(("mood", "defender_survives"), [("happy", True), ("neutral", False)])
def test_great_wall_takes_two_from_the_attacker_in_the_first_round_at_a_happy_city(mood, defender_survives):
    s = board()
    s.city(1, "D3", mood=mood, wonders=["great_wall"])
    attacker = s.unit(0, "infantry", "D3")
    defender = s.unit(1, "infantry", "D3")
    dice(s, (5, "cavalry"), (6, "infantry"))  # attacker 5 (3 with the wall), defender 7
    attack(s, 0, [attacker], "D3", "D2")
    assert s.game.unit(attacker.id) is None
    assert (s.game.unit(defender.id) is not None) is defender_survives
    assert ("Player 1 gets -2 combat value from Great Wall" in s.game.log) is defender_survives


@pytest.mark.parametrize("wonders", [["great_wall"], []])
def test_barbarians_attacking_a_great_wall_owner_lose_at_once(wonders):
    s = board()
    s.city(0, "D3", wonders=wonders)
    s.city(0, "B6")
    barbarians = s.units(BARBARIAN, "infantry", "D3", 2)
    defender = s.unit(0, "infantry", "D3")
    gold = s.player(0).resources["gold"]
    dice(s, *[(6, "infantry")] * 3)
    attack(s, BARBARIAN, barbarians, "D3", "D4")
    if wonders:
        assert all(s.game.unit(u.id) is None for u in barbarians) and s.game.unit(defender.id) is not None
        assert s.player(0).resources["gold"] == gold + s.game.rules.game.barbarians.win_gold
    else:
        assert s.game.unit(defender.id) is None


def test_great_gardens_let_grassland_of_its_own_city_give_any_resource():
    s = board()
    gardens = s.city(0, "D2", wonders=["great_gardens"])
    other = s.city(0, "B3")
    assert s.terrain("D2") == s.terrain("B3") == "grassland"
    assert set(collect_choices(s.game, gardens)[s.hex("D2")]) == {"food", "wood", "ore", "ideas", "gold"}
    assert collect_choices(s.game, other)[s.hex("B3")] == ["food"]


@pytest.mark.parametrize(("wonders", "choice"), [(["great_mausoleum"], 0), (["great_mausoleum"], 1), ([], None)])
def test_great_mausoleum_may_take_the_top_of_the_action_discard_pile(wonders, choice):
    s = board()
    s.city(0, "D2", wonders=wonders)
    deck = s.game.decks["action"]
    deck.discard.append(deck.draw.pop(0))
    discarded, top = deck.discard[-1], deck.draw[-1]
    hand = list(s.player(0).action_cards)
    deal(s.game, s.player(0), 1, 0)
    if choice is None:
        assert s.game.pending == [] and s.player(0).action_cards == [*hand, top]
        return
    options = s.legal_of(ChooseOption)
    assert [o.option for o in options] == [
        "take the top card of the discard pile (action)",
        "draw from the deck (action)",
    ]
    s.apply(options[choice])
    assert s.player(0).action_cards == [*hand, (discarded, top)[choice]]


def test_great_lighthouse_places_a_ship_by_activating_its_city():
    s = board()
    city = s.city(0, "C3", wonders=["great_lighthouse"], buildings={"port": 0}, port_space="C4", mood="happy")
    s.unit(1, "ship", "B2")
    uses = {a.choice[0] for a in s.legal_of(UseAbility) if a.source == "Great Lighthouse"}
    sea = {label for label in map(hex_to_label, s.game.space_region) if s.game.is_water(s.hex(label))}
    assert uses == sea - {"B2"} and "C4" in uses
    s.apply(UseAbility("Great Lighthouse", "place_ship", ("C4",)))
    s.apply(UseAbility("Great Lighthouse", "place_ship", ("C4",)))
    assert [u.pos for u in s.game.units_of(0, "ship")] == [s.hex("C4")] * 2
    assert city.activations == 2 and city.mood == "neutral" and s.game.actions_left == 3


def test_great_lighthouse_owner_chooses_the_first_player():
    s = board()
    s.player(1).mood_tokens = 5
    assert status.first_player_chooser(s.game) == 1
    s.city(0, "C3", wonders=["great_lighthouse"])
    assert status.first_player_chooser(s.game) == 0


def test_every_wonder_is_in_the_deck():
    from civgame.games.clash.rules.flow.setup import new_game

    game = new_game(2, 1)
    cards = [*game.decks["wonder"].draw, *(w for p in game.players for w in p.wonder_cards)]
    assert sorted(cards) == sorted(game.rules.wonders)


def library_holder() -> Scenario:
    s = board()
    s.city(0, "D2", wonders=["great_library"], mood="happy")
    s.city(0, "B3")
    s.resources(0, food=1, wood=1, ore=1)
    return s


def test_great_library_lends_a_non_government_advance_until_the_turn_ends():
    s = library_holder()
    choices = {a.choice[0] for a in s.legal_of(UseAbility) if a.source == "Great Library"}
    assert "Writing" in choices and "Voting" not in choices and "Farming" not in choices
    assert not any(c.building == "academy" for c in s.legal_of(Construct))
    hand = list(s.player(0).objective_cards)
    s.apply(UseAbility("Great Library", "borrow_advance", ("Writing",)))
    assert s.player(0).objective_cards == hand  # a borrowed advance is not gained: no gain effects
    assert any(c.building == "academy" for c in s.legal_of(Construct))
    assert "Writing" not in s.player(0).advances
    assert [a for a in s.legal_of(UseAbility) if a.source == "Great Library"] == []  # once per turn
    s.resources(0, ideas=2)
    assert AdvanceAction("Public Education") not in s.legal_of(AdvanceAction)  # not a prerequisite
    s.apply(EndTurn())
    assert s.player(0).borrowed_advance is None


def test_a_borrowed_advance_gives_its_effects_while_the_turn_lasts():
    s = library_holder()
    gain(s.game, s.player(0), {"food": 5})
    assert s.player(0).resources["food"] == 2
    s.apply(UseAbility("Great Library", "borrow_advance", ("Storage",)))
    gain(s.game, s.player(0), {"food": 5})
    assert s.player(0).resources["food"] == 7
    s.apply(EndTurn())
    assert s.player(0).resources["food"] == 2  # the food limit falls back to 2


@pytest.mark.parametrize("wonders", [["colosseum"], []])
def test_colosseum_lets_culture_tokens_pay_for_happiness(wonders):
    s = board()
    city = s.city(0, "D2", mood="neutral", wonders=wonders)  # size 2 with the wonder, or with a temple
    city.buildings.update({} if wonders else {"temple": 0})
    s.city(0, "B3", mood="happy")
    s.resources(0, mood=1, culture=3)
    if not wonders:
        assert s.legal_of(StartHappiness) == []  # 2 mood tokens needed, 1 held
        return
    s.apply(StartHappiness())
    s.apply(RaiseMood(city.id))
    pay = s.legal_of(Pay)
    assert [p.payment for p in pay] == [{"mood": 1, "culture": 1}, {"culture": 2}]
    s.apply(pay[1])
    assert city.mood == "happy" and (s.player(0).mood_tokens, s.player(0).culture_tokens) == (1, 1)


def test_colosseum_tokens_do_not_pay_for_wonders():
    s, city = wonder_builder("pyramids")
    s.city(0, "B3", wonders=["colosseum"])
    s.resources(0, culture=4, mood=5)
    assert s.legal_of(BuildWonder) == []
    assert_refused(s, BuildWonder(city.id, "pyramids"), "pay")


def test_colosseum_lets_mood_tokens_boost_a_failed_influence_roll():
    s = board()
    s.city(0, "D2", mood="happy", wonders=["colosseum"])
    target = s.city(1, "D4", buildings={"temple": 1})
    s.resources(0, culture=0, mood=3)
    dice(s, (3, "infantry"))
    s.apply(InfluenceCulture(s.game.cities[0].id, target.id, "temple"))
    assert s.legal_of(BoostInfluence)[0] == BoostInfluence(True)
    s.apply(BoostInfluence(True))
    assert target.buildings["temple"] == 0 and s.player(0).mood_tokens == 1


@pytest.mark.parametrize("wonders", [["great_gardens"], []])
def test_great_gardens_bar_attackers_that_entered_grassland_this_turn(wonders):
    s = board()
    gardens = s.city(1, "C6", wonders=wonders)
    s.city(1, "B3")
    s.advances(0, "Tactics")
    walker = s.unit(0, "infantry", "E5")
    waiting = s.unit(0, "infantry", "D5")
    s.apply(StartMove())
    s.apply(MoveUnits((walker.id,), s.hex("D5")))  # into Grassland
    s.apply(EndMove())
    s.apply(StartMove())
    attacks = {a.units for a in s.legal_of(MoveUnits) if a.to == gardens.pos}
    assert (waiting.id,) in attacks
    barred = not wonders
    assert ((walker.id,) in attacks) is barred and ((walker.id, waiting.id) in attacks) is barred
    if wonders:
        assert_refused(s, MoveUnits((walker.id, waiting.id), gardens.pos), "entered Grassland this turn")


@pytest.mark.parametrize("wonders", [["colosseum"], []])
def test_colosseum_buys_one_more_hit_at_the_end_of_a_round(wonders):
    s = board()
    s.city(0, "D2", wonders=wonders)
    s.city(0, "B3")
    s.resources(0, mood=0, culture=1)
    attacker = s.unit(0, "infantry", "D5")
    defender = s.unit(1, "infantry", "D5")
    dice(s, (4, "cavalry"), (2, "cavalry"))  # 4 and 2: no hit on either side
    attack(s, 0, [attacker], "D5", "D4")
    if not wonders:
        assert isinstance(s.game.pending[-1], RetreatDecision)
        return
    decision = s.game.pending[-1]
    assert isinstance(decision, CombatBonusDecision) and decision.this_round and decision.player == 0
    s.apply(PayCombatBonus(True))  # the culture token pays through the token swap
    assert s.game.unit(defender.id) is None and s.game.unit(attacker.id) is not None
    assert s.player(0).culture_tokens == 0 and s.game.combat is None


def test_colosseum_buys_the_fortress_die_of_a_city_held_by_no_unit_one_more_hit():
    s = board()
    city = s.city(1, "D5", buildings={"fortress": 1}, wonders=["colosseum"])
    s.city(1, "B3")
    s.resources(1, mood=1)
    attacker = s.unit(0, "infantry", "D5")
    dice(s, (2, "cavalry"), (4, "cavalry"))  # the fortress die: 4, no hit without the Colosseum
    attack(s, 0, [attacker], "D5", "D4")
    decision = s.game.pending[-1]
    assert isinstance(decision, CombatBonusDecision) and decision.this_round and decision.player == 1
    s.apply(PayCombatBonus(True))
    assert s.game.unit(attacker.id) is None and city.owner == 1 and s.player(1).mood_tokens == 0


def test_colosseum_offers_nothing_when_one_more_combat_value_gives_no_hit():
    s = board()
    s.city(0, "D2", wonders=["colosseum"])
    s.resources(0, mood=3)
    attacker = s.unit(0, "infantry", "D5")
    s.unit(1, "infantry", "D5")
    dice(s, (2, "cavalry"), (2, "cavalry"))
    attack(s, 0, [attacker], "D5", "D4")
    assert isinstance(s.game.pending[-1], RetreatDecision)
