"""The expansions' culture event cards [004 F&F and W&W] [catalogue culture-cards.md]: each set's cards in
its decks (the gap-1 house rule), one test per card (its values come from the data), and the dual cards of
Wisdom and Warfare: one effect, in the phase the player picks."""

from __future__ import annotations

import pytest

from civgame.games.sidmeier.content.describe import provisional_values
from civgame.games.sidmeier.content.ruleset import load_rules
from civgame.games.sidmeier.core.actions import Allow, BuildUnit, Cancel, NoBattleCards, PlayCard
from civgame.games.sidmeier.core.decisions import BattlePlay, ChooseLoot, CityTurn, MovementTurn, Respond, StartTurn
from civgame.games.sidmeier.rules.base import pieces
from civgame.games.sidmeier.rules.combat import battles
from civgame.games.sidmeier.rules.flow.controller import new_game
from civgame.games.sidmeier.rules.flow.view import view_for
from tests.games.sidmeier.scenario import Scenario

FAF, WAW = "fame-and-fortune", "wisdom-and-warfare"
BOTH = load_rules(expansions=[FAF, WAW])
EXPANSION_CARDS = sorted(c.id for c in BOTH.culture_cards.values() if c.card_set)


def param(card: str, name: str):
    return next(e.params for _, effects in BOTH.culture_cards[card].plays() for e in effects if e.name == name)


def table(card: str, players: int = 3, civs=("germany", "china", "egypt")) -> tuple[Scenario, int]:
    s = Scenario(players=players, civs=list(civs)[:players], expansions=[FAF, WAW])
    s.reveal_all("grassland", trade=1, production=1)
    s.mine = s.city(0, 4, 4, capital=True)
    s.theirs = s.city(1, 12, 4, capital=True)
    if players > 2:
        s.city(2, 12, 10, capital=True)
    for seat in range(players):
        s.government(seat, "despotism")
        s.game.players[seat].policies = ["patronage"]  # (one city: one policy)
        s.game.players[seat].trade = 0
    return s, s.card(0, card)


def play(s: Scenario, action: PlayCard, decision) -> None:
    s.decide(decision(0))
    assert action in s.legal()
    s.apply(action)


# ------------------------------------------------------------------ the decks


@pytest.mark.parametrize(
    ("expansions", "size"), [((), 47), ((FAF,), 57), ((WAW,), 59), ((FAF, WAW), 69)], ids=["base", "faf", "waw", "both"]
)
def test_each_set_brings_its_count_and_its_known_cards_are_always_in(expansions, size):
    game = new_game(3, 5, expansions=list(expansions))
    rules = game.rules
    in_decks = [c for deck in game.culture_decks.values() for c in deck.draw] + [
        c for p in game.players for c in p.hand
    ]
    assert len(in_decks) == size == rules.culture_deck_size()
    known = {i for i, record in enumerate(rules.culture_card_ids) if rules.culture_cards[record].card_set}
    assert known <= set(in_decks) and not known & set(game.culture_out)
    sets = {rules.culture_cards[r].card_set for r in rules.culture_card_ids} - {""}
    assert sets == {e.replace("-", "_") for e in expansions}
    assert all(s.provisional for s in rules.culture_sets)  # (which cards are whose is a house rule)
    assert any("which culture event cards are in the decks" in v for v in provisional_values(rules))


def test_the_wisdom_and_warfare_cards_known_are_roaming_horde_and_the_dual_cards():
    waw = [c for c in BOTH.culture_cards.values() if c.card_set == "wisdom_and_warfare"]
    duals = sorted(c.id for c in waw if c.or_else is not None)
    assert duals == ["colonists", "immigrants", "migrants", "supply_drop"]
    assert sum(c.copies for c in waw) == 10 and BOTH.culture_cards["roaming_horde"].phase == "movement"


# ------------------------------------------------------------------ Fame and Fortune: coin tokens


def _coins(s: Scenario, seat: int, **places: int) -> None:
    for place, count in places.items():
        for _ in range(count):
            pieces.gain_coin_token(s.game, seat, place)
    s.refresh()


def check_counterfeiters(s, card):
    _coins(s, 1, sheet=1, currency=1)
    s.game.players[1].investments = {next(iter(BOTH.investments)): 2}
    assert PlayCard(card, choice="2:sheet") not in (s.decide(StartTurn(0)) and s.legal())  # no tokens to lose
    play(s, PlayCard(card, choice="1:currency"), StartTurn)
    assert s.game.players[1].coin_tokens == {"sheet": 1} and sum(s.game.players[1].investments.values()) == 2


def check_depression(s, card):
    assert param("depression", "discard_coin_tokens").players == 2
    _coins(s, 1, sheet=2)
    _coins(s, 2, sheet=1)
    s.decide(StartTurn(0))
    assert PlayCard(card, choice="1:sheet") in s.legal()  # up to 2 players
    play(s, PlayCard(card, choice="1:sheet,2:sheet"), StartTurn)
    assert s.game.players[1].coin_tokens == {"sheet": 1} and s.game.players[2].coin_tokens == {}


def check_bank_scandal(s, card):
    _coins(s, 1, sheet=1)
    _coins(s, 2, sheet=1)
    s.decide(StartTurn(0))
    assert PlayCard(card, choice="1:sheet") not in s.legal()  # every other player
    play(s, PlayCard(card, choice="1:sheet,2:sheet"), StartTurn)
    assert not s.game.players[1].coin_tokens and not s.game.players[2].coin_tokens


def test_bread_and_circuses_cancels_a_card_aimed_at_its_holder_among_others():
    s, depression = table("depression")
    _coins(s, 1, sheet=1)
    _coins(s, 2, sheet=1)
    shield = s.card(2, "bread_and_circuses")
    play(s, PlayCard(depression, choice="1:sheet,2:sheet"), StartTurn)
    assert isinstance(s.game.pending[-1], Respond) and s.game.pending[-1].player == 2
    s.apply(Cancel(f"card:{shield}"))
    assert s.game.players[1].coin_tokens == {"sheet": 1} and s.game.players[2].coin_tokens == {"sheet": 1}


# ------------------------------------------------------------------ Wisdom and Warfare: the dual cards


def _policies(s: Scenario, count: int) -> None:
    """Seat 0 with `count` cities and as many policies adopted (one of each card)."""
    for x, y in [(4, 8), (8, 10)][: count - len(s.game.cities_of(0))]:
        s.city(0, x, y)
    s.game.players[0].policies = [card.sides[0].id for card in BOTH.policy_cards.values()][:count]
    s.refresh()


def _switch(s, card, name):
    count = param(name, "switch_policies").count
    _policies(s, count)
    held = sorted(s.game.players[0].policies)
    s.decide(CityTurn(0))
    assert PlayCard(card, choice=",".join(held[: count + 1])) not in s.legal() or len(held) <= count
    play(s, PlayCard(card, choice=",".join(held)), CityTurn)
    flipped = {side.id for c in BOTH.policy_cards.values() for side in c.sides[1:]}
    assert len(s.game.players[0].policies) == count and set(s.game.players[0].policies) <= flipped


def _move_own(s, card, name):
    distance = param(name, "move_own_figure").distance
    fig = s.figure(0, "scout", 6, 10)
    s.decide(MovementTurn(0))
    assert PlayCard(card, pos=fig.pos, dest=s.pos(6, 10 - distance - 1), choice="scout") not in s.legal()
    s.figure(1, "army", 6, 11)
    assert PlayCard(card, pos=fig.pos, dest=s.pos(6, 11), choice="scout") not in s.legal()  # not onto figures
    play(s, PlayCard(card, pos=fig.pos, dest=s.pos(6, 10 - distance), choice="scout"), MovementTurn)
    assert fig.pos == s.pos(6, 10 - distance)


def check_migrants(s, card):
    _switch(s, card, "migrants")
    _move_own(s, s.card(0, "migrants"), "migrants")


def check_colonists(s, card):
    _switch(s, card, "colonists")
    _move_own(s, s.card(0, "colonists"), "colonists")


def check_immigrants(s, card):
    _switch(s, card, "immigrants")
    _move_own(s, s.card(0, "immigrants"), "immigrants")


def check_supply_drop(s, card):
    s.game.players[0].trade = 3
    play(s, PlayCard(card), StartTurn)
    assert s.game.players[0].trade == 3 + param("supply_drop", "card_trade").amount
    other = s.city(0, 4, 9)
    _policies(s, 2)
    s.decide(CityTurn(0))
    again = s.card(0, "supply_drop")
    assert PlayCard(again, city=s.mine.id) not in s.legal() and PlayCard(again) not in s.legal()
    s.apply(PlayCard(again, city=other.id))
    s.apply(BuildUnit(other.id, "infantry"))
    assert BuildUnit(other.id, "infantry") in s.legal() and s.game.players[0].trade == 10  # one more action


def test_a_dual_card_plays_only_the_effect_of_the_phase_it_is_played_in():
    s, card = table("supply_drop")
    other = s.city(0, 4, 9)
    s.decide(MovementTurn(0))
    assert "start of turn or city management" in s.why(PlayCard(card))
    play(s, PlayCard(card, city=other.id), CityTurn)
    assert s.game.players[0].trade == 0 and card not in s.game.players[0].hand


# ------------------------------------------------------------------ Wisdom and Warfare: Roaming Horde


def _village(s: Scenario, x: int, y: int) -> None:
    s.marker(s.pos(x, y), "village", "iron")


def check_roaming_horde(s, card):
    p = param("roaming_horde", "barbarian_attack")
    _village(s, 8, 8)
    near = s.figure(1, "army", 8, 8 + p.range - 1)
    far = s.figure(1, "army", 15, 0)
    s.units(1, ("infantry", 2))
    s.decide(MovementTurn(0))
    assert PlayCard(card, pos=far.pos, target=1) not in s.legal()
    play(s, PlayCard(card, pos=near.pos, target=1), MovementTurn)
    battle = s.game.battle
    assert battle is not None and battle.horde == p.rank and battle.attacker == 0 and battle.defender == 1
    assert battles.is_barbarian(battle, battles.ATTACKER) and not battles.is_barbarian(battle, battles.DEFENDER)
    assert view_for(s.game, 1)["battle"]["barbarian_side"] == battles.ATTACKER  # (the window draws them so)
    while s.game.battle is not None and not isinstance(s.game.pending[-1], ChooseLoot):
        decision = s.game.pending[-1]
        actions = s.legal()
        s.apply(next((a for a in actions if isinstance(a, (NoBattleCards, Allow))), actions[0]))
        if isinstance(decision, BattlePlay) and decision.player == 0:
            assert all(battles.strength(s.game, battle, 0, c) for c in battle.hands[0])
    assert near not in s.game.figures  # 3 rank II barbarians beat 1 infantry; nobody takes loot


@pytest.mark.parametrize("victim", ["china", "aztecs"])  # (the Aztecs' battle rewards are rewards too)
def test_roaming_horde_barbarians_play_at_rank_two_and_a_winning_defender_takes_no_reward(victim):
    s, card = table("roaming_horde", civs=("germany", victim, "egypt"))
    _village(s, 8, 8)
    army = s.figure(1, "army", 8, 9)
    s.units(1, *[("artillery", 2)] * 4)  # (Wisdom and Warfare's 2 strength, 2 health cards)
    s.game.players[1].culture = 5
    play(s, PlayCard(card, pos=army.pos, target=1), MovementTurn)
    battle = s.game.battle
    assert battle is not None
    rank_two = [s.game.rules.unit_cards[c].strength[1] for c in battle.hands[0]]
    assert [battles.strength(s.game, battle, 0, c) for c in battle.hands[0]] == rank_two
    battle.hands[0] = battle.hands[0][:1]  # (one barbarian against four artillery: the defender wins)
    while s.game.battle is not None:
        assert not isinstance(s.game.pending[-1], ChooseLoot)
        actions = s.legal()
        s.apply(next((a for a in actions if isinstance(a, (NoBattleCards, Allow))), actions[0]))
    assert army in s.game.figures and s.game.players[1].culture == 5 and not s.game.players[1].coin_tokens
    assert s.game.players[1].trade == 0


CHECKS = {name[6:]: fn for name, fn in globals().items() if name.startswith("check_")}


def test_every_expansion_culture_card_has_a_test():
    assert sorted(CHECKS) == EXPANSION_CARDS


@pytest.mark.parametrize("card", EXPANSION_CARDS)
def test_expansion_culture_card(card):
    s, drawn = table(card)
    CHECKS[card](s, drawn)
    assert not s.problems()
