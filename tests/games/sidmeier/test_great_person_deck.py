"""Fame and Fortune's optional great person deck [004 F&F OPTIONAL ADDITIONS: 1. Great person deck] [catalogue
culture-cards.md §2]: a card with each great person, used in its phase while a great person of its type is on
the map, one card per great person at most."""

from __future__ import annotations

from dataclasses import replace

import pytest

from civgame.framework.errors import RuleError
from civgame.games.sidmeier.content.ruleset import load_rules
from civgame.games.sidmeier.core.actions import (
    AdvanceCulture,
    Devote,
    EndTrade,
    KeepGreatPerson,
    PlaceGreatPersonAt,
    RevealPersonCard,
    UsePersonCard,
)
from civgame.games.sidmeier.core.decisions import (
    CityTurn,
    GreatPersonDraw,
    MovementTurn,
    PlaceGreatPerson,
    StartTurn,
    TradeTurn,
)
from civgame.games.sidmeier.core.model import Held
from civgame.games.sidmeier.rules.base import board, culture, pieces, yields
from civgame.games.sidmeier.rules.flow.controller import new_game
from civgame.games.sidmeier.rules.flow.view import view_for
from civgame.games.sidmeier.rules.research import learning
from civgame.games.sidmeier.rules.turn import start
from civgame.games.sidmeier.storage.save import dumps, loads
from tests.games.sidmeier.scenario import Scenario

FAF, WAW = "fame-and-fortune", "wisdom-and-warfare"
RULES = load_rules(expansions=[FAF])


def number(s: Scenario, card: str) -> int:
    return s.game.rules.person_card_ids.index(card)


def holder(*cards: str, placed: bool = True, expansions=(FAF,)) -> Scenario:
    """Seat 0 with a capital at (5,5) holding these cards face down, with a great person of each one's type
    placed in its outskirts (`placed`) or in reserve."""
    s = Scenario(players=2, civs=["germany", "china"], expansions=list(expansions), great_person_deck=True)
    s.reveal_all("grassland")
    s.home = s.city(0, 5, 5, capital=True)
    s.city(1, 12, 2, capital=True)
    spots = iter([(4, 4), (5, 4), (6, 4), (4, 6), (5, 6), (6, 6)])
    for card in cards:
        n = number(s, card)
        s.game.person_deck.draw.remove(n)
        s.game.players[0].person_cards.append(n)
        kind = RULES.person_cards[card].type
        if placed:
            s.build(0, *next(spots), "great_person", kind)
        else:
            marker = next(m for m in s.game.great_people if s.game.rules.great_person_ids[m] == kind)
            s.game.great_people.remove(marker)
            s.game.players[0].reserve.append(marker)
    s.refresh()
    return s


def test_the_deck_holds_seven_cards_of_each_type_and_comes_with_fame_and_fortune():
    kinds = [card.type for card in RULES.person_cards.values()]
    assert len(kinds) == 42 and {kinds.count(k) for k in RULES.great_people} == {7}
    with pytest.raises(RuleError, match="option of Fame and Fortune"):
        new_game(2, 1, great_person_deck=True)
    game = new_game(2, 1, expansions=[FAF], great_person_deck=True)
    assert sorted(game.person_deck.draw) == list(range(42)) and game.person_deck.draw != list(range(42))
    assert not new_game(2, 1, expansions=[FAF]).person_deck.draw  # an option: off unless chosen


def test_gaining_a_great_person_draws_a_card_and_takes_a_marker_of_its_type():
    s = holder()
    deck = s.game.person_deck.draw
    top = deck[-1]
    kind = RULES.person_cards[s.game.rules.person_card_ids[top]].type
    pieces.gain_great_person(s.game, 0)
    player = s.game.players[0]
    assert player.person_cards == [top] and s.game.rules.great_person_ids[player.reserve[-1]] == kind
    assert s.game.pending[-1] == PlaceGreatPerson(0, marker=player.reserve[-1])
    assert "draws a great person card and gains a great person" in s.game.log[-1]
    assert not s.problems()


def test_a_card_of_a_type_with_no_marker_left_goes_face_up_under_the_deck_and_the_next_is_drawn():
    s = holder()
    game, ids = s.game, s.game.rules.great_person_ids
    valmiki, marco = number(s, "valmiki"), number(s, "marco_polo")
    game.person_deck.draw.remove(valmiki)
    game.person_deck.draw.remove(marco)
    game.person_deck.draw += [marco, valmiki]  # Valmiki on top
    for marker in [m for m in game.great_people if ids[m] == "artist"]:
        game.great_people.remove(marker)
        game.people_gone.append(marker)
    pieces.gain_great_person(game, 0)
    assert game.players[0].person_cards == [marco] and game.person_deck.returned == [valmiki]
    assert not s.problems()


def test_with_no_marker_left_at_all_nobody_gains_a_great_person():
    s = holder()
    s.game.people_gone += s.game.great_people
    s.game.great_people.clear()
    pieces.gain_great_person(s.game, 0)
    assert not s.game.players[0].person_cards and "No great person is left" in s.game.log[-1]


def test_a_player_who_draws_two_keeps_one_card_and_the_other_goes_under_the_deck():
    s = holder(expansions=(FAF, WAW))
    s.game.players[0].policies = ["organized_religion"]
    s.refresh()
    pieces.gain_great_person(s.game, 0)
    decision = s.game.pending[-1]
    assert isinstance(decision, GreatPersonDraw) and len(decision.cards) == 2 and not s.problems()
    s.apply(KeepGreatPerson(decision.markers[1]))
    assert s.game.players[0].person_cards == [decision.cards[1]]
    assert s.game.person_deck.returned == [decision.cards[0]] and not s.problems()


def test_america_draws_a_card_with_its_starting_great_person():
    game = new_game(2, 1, civilizations=["america", "china"], expansions=[FAF], great_person_deck=True)
    from civgame.games.sidmeier.rules.flow.controller import apply, legal_actions

    while game.phase == "setup":
        apply(game, legal_actions(game)[0])
    america = next(p for p in game.players if p.civ == "america")
    assert len(america.person_cards) == 1
    kind = RULES.person_cards[game.rules.person_card_ids[america.person_cards[0]]].type
    placed = [imp.name for sq in game.squares if (imp := sq.improvement) and imp.kind == "great_person"]
    assert [*placed, *(game.rules.great_person_ids[m] for m in america.reserve)] == [kind]


def test_cards_are_secret_from_other_seats_and_kept_in_the_save():
    s = holder("valmiki")
    view = view_for(s.game, 1)
    assert view["players"][0]["person_cards"] == 1 and isinstance(view["person_deck"]["draw"], int)
    assert view_for(s.game, 0)["players"][0]["person_cards"] == [number(s, "valmiki")]
    s.decide(TradeTurn(0), phase="trade")
    again = loads(dumps(s.game))
    assert again.great_person_deck and again.players[0].person_cards == [number(s, "valmiki")]


# ------------------------------------------------------------------ using cards


def test_a_keep_card_is_turned_face_up_and_acts_while_its_type_is_on_the_map():
    s = holder("valmiki")
    assert pieces.hand_size(s.game, 0) == 2
    s.decide(TradeTurn(0), phase="trade")
    s.apply(RevealPersonCard(number(s, "valmiki")))
    assert s.game.players[0].person_shown == [number(s, "valmiki")] and pieces.hand_size(s.game, 0) == 4
    assert "Player 1 reveals Valmiki: Your culture hand size is 2 higher." in s.game.log
    pos = s.pos(4, 4)
    pieces.clear_improvement(s.game, pos)  # back to the reserve: no artist on the map
    assert pieces.hand_size(s.game, 0) == 2


def test_a_card_needs_a_great_person_of_its_type_on_the_map_and_its_phase():
    s = holder("valmiki", "orville_wright", placed=False)
    s.decide(StartTurn(0), phase="start_of_turn")
    assert not [a for a in s.legal() if isinstance(a, RevealPersonCard | UsePersonCard)]
    assert "great person of its type on the map" in s.why(RevealPersonCard(number(s, "valmiki")))
    s = holder("orville_wright")
    s.decide(CityTurn(0), phase="city_management")
    assert "in the phase it names" in s.why(UsePersonCard(number(s, "orville_wright")))


def test_a_discard_card_acts_once_and_goes_face_up_under_the_deck():
    s = holder("marco_polo")
    s.game.players[0].trade = 3
    s.decide(MovementTurn(0), phase="movement")  # "any time": in any of the holder's own phases
    s.apply(UsePersonCard(number(s, "marco_polo")))
    assert s.game.players[0].trade == RULES.game.trade.dial_max
    assert s.game.person_deck.returned == [number(s, "marco_polo")] and not s.game.players[0].person_cards
    assert not s.problems()


@pytest.mark.parametrize(
    "card, measure, more",
    [
        ("valmiki", lambda s: pieces.hand_size(s.game, 0), 2),
        ("henry_ford", lambda s: board.travel_speed(s.game, 0), 1),
        ("louis_pasteur", lambda s: board.stacking_limit(s.game, 0), 1),
        ("adam_smith", lambda s: yields.coins(s.game, 0), 1),
        ("susan_b_anthony", lambda s: yields.production(s.game, s.home), 2),
    ],
)
def test_the_lasting_abilities_of_keep_cards(card, measure, more):
    s = holder(card)
    s.decide(TradeTurn(0), phase="trade")
    before = measure(s)
    s.apply(RevealPersonCard(number(s, card)))
    s.refresh()
    assert measure(s) == before + more


def test_dr_martin_luther_king_is_immune_to_anarchy_and_his_city_actions_cannot_be_cancelled():
    from civgame.games.sidmeier.rules.base import effects, reactions

    s = holder("martin_luther_king")
    s.techs(1, "writing").give(1, spy=1)
    assert reactions.options(s.game, 1, Held(0, EndTrade(), "city_action"))
    s.decide(TradeTurn(0), phase="trade")
    s.apply(RevealPersonCard(number(s, "martin_luther_king")))
    assert effects.has(s.game, 0, "immune_to_anarchy")
    assert not reactions.options(s.game, 1, Held(0, EndTrade(), "city_action"))


def test_lorenzo_de_medici_and_alan_turing_give_at_each_start_of_turn():
    s = holder("lorenzo_de_medici", "alan_turing")
    player = s.game.players[0]
    player.person_cards, player.person_shown = [], [number(s, "lorenzo_de_medici"), number(s, "alan_turing")]
    player.coin_tokens = {"sheet": 7}
    player.trade = player.culture = 0
    s.refresh()
    start.automatic(s.game, 0)
    assert player.culture == 2 + 3 and player.trade == 3  # 7 coins // 3; 6 unbuilt armies // 2


def test_archimedes_gives_culture_for_a_tech_nobody_else_has_or_researches():
    s = holder("archimedes")
    player = s.game.players[0]
    player.person_cards, player.person_shown = [], [number(s, "archimedes")]
    s.refresh()
    player.trade, player.culture = 27, 0
    s.game.research = {0: "pottery", 1: "pottery"}
    learning.reveal(s.game, 0)
    assert player.culture == 0  # the other player researches it too
    s.game.research = {0: "masonry"}
    learning.reveal(s.game, 0)
    assert player.culture == 3


def test_akira_kurosawa_gains_when_another_player_devotes_a_city_to_the_arts():
    s = holder("akira_kurosawa")
    player = s.game.players[0]
    player.person_cards, player.person_shown = [], [number(s, "akira_kurosawa")]
    player.culture = 0
    s.decide(CityTurn(1), phase="city_management")
    s.apply(Devote(s.game.cities_of(1)[0].id))
    assert player.culture == 1


@pytest.mark.parametrize(
    "card, phase, outcome",
    [
        ("frank_lloyd_wright", CityTurn, lambda p: (p.trade, p.culture) == (1, 1)),
        ("st_francis_of_assisi", CityTurn, lambda p: p.culture == 18),
        ("orville_wright", StartTurn, lambda p: len(p.standing) == 6),  # Germany's 5 and an aircraft
    ],
)
def test_the_one_time_abilities_of_discard_cards(card, phase, outcome):
    s = holder(card)
    s.build(0, 6, 5, "building", "market")
    player = s.game.players[0]
    player.trade = player.culture = 0
    s.decide(phase(0), phase="city_management" if phase is CityTurn else "start_of_turn")
    assert not outcome(player)
    s.apply(UsePersonCard(number(s, card)))
    assert outcome(player)


def test_andrew_carnegie_advances_a_culture_space_for_every_three_coins():
    s = holder("andrew_carnegie")
    s.game.players[0].coin_tokens = {"sheet": 6}
    s.decide(CityTurn(0), phase="city_management")
    s.apply(UsePersonCard(number(s, "andrew_carnegie")))
    assert s.game.players[0].track == 2


def test_thomas_edison_learns_a_tech_another_player_knows():
    s = holder("thomas_edison")
    s.decide(StartTurn(0), phase="start_of_turn")
    known = [a.tech for a in s.legal() if isinstance(a, UsePersonCard)]
    assert known == [s.game.players[1].techs[0]]
    s.apply(UsePersonCard(number(s, "thomas_edison"), known[0]))
    assert s.game.players[0].knows(known[0])


def test_a_player_keeps_one_card_per_great_person_of_its_type_and_discards_the_rest_at_random():
    s = holder("valmiki")
    s.game.players[0].person_cards.append(number(s, "mark_twain"))
    s.game.person_deck.draw.remove(number(s, "mark_twain"))
    s.decide(CityTurn(0), phase="city_management")
    s.game.players[0].culture = 3
    s.apply(AdvanceCulture())  # any action: the limit is checked after it
    assert len(s.game.players[0].person_cards) == 1
    assert "Player 1 discards a great person card:" in " ".join(s.game.log)
    assert not s.problems()


def test_placing_the_great_person_of_a_card_drawn_is_as_before():
    s = holder()
    pieces.gain_great_person(s.game, 0)
    marker = s.game.players[0].reserve[-1]
    s.apply(PlaceGreatPersonAt(s.pos(6, 6)))
    assert s.game.squares[s.pos(6, 6)].improvement.marker == marker
    assert culture.next_cost(s.game, 0) is not None


@pytest.mark.parametrize("players, seed, expansions", [(3, 41, [FAF]), (4, 42, [FAF, WAW])])
def test_random_games_with_the_great_person_deck_keep_the_invariants(players, seed, expansions):
    from tests.games.sidmeier.test_random_games import play_checked

    game = play_checked(players, seed, expansions=expansions, great_person_deck=True)
    assert game.phase == "over"
    used = " ".join(game.log)
    assert "draws a great person card" in used and (" reveals " in used or " uses " in used)


def test_every_card_s_ability_is_played_and_a_mod_s_card_without_effects_says_it_brings_its_person_only():
    from civgame.games.sidmeier.content.describe import describe

    (faf,) = [e for e in RULES.game.expansions if e.id == FAF]
    assert len(RULES.person_cards) == 42 and all(c.effects for c in RULES.person_cards.values())
    assert not faf.missing.strip()
    card = RULES.person_cards["zheng_he"]
    assert "not played yet" not in describe(RULES, card.id)
    stripped = replace(RULES, person_cards={card.id: card.model_copy(update={"effects": []})})
    assert "Its ability is not played yet" in describe(stripped, card.id)


def test_jerry_garcia_devotes_every_city_to_the_arts_as_the_capital_s_action():
    s = holder("jerry_garcia")
    other = s.city(0, 9, 5)
    player = s.game.players[0]
    player.culture = 0
    s.decide(CityTurn(0), phase="city_management")
    s.apply(UsePersonCard(number(s, "jerry_garcia")))
    assert player.culture == 4 + 1 and s.home.actions == 1 and other.actions == 0  # (the Great Artist: 3 culture)
    s.home.actions = 1
    s.game.players[0].person_cards.append(number(s, "jerry_garcia"))
    s.game.person_deck.returned.remove(number(s, "jerry_garcia"))
    s.refresh()
    assert "your capital devoted to the arts has not acted" in s.why(UsePersonCard(number(s, "jerry_garcia")))


def test_michelangelo_takes_five_production_off_the_next_wonder_this_turn():
    from civgame.games.sidmeier.rules.cities import management

    s = holder("michelangelo")
    wonder = s.game.wonder_market[0]
    before = management.wonder_cost(s.game, 0, wonder)
    s.decide(CityTurn(0), phase="city_management")
    s.apply(UsePersonCard(number(s, "michelangelo")))
    assert management.wonder_cost(s.game, 0, wonder) == before - 5


def test_khalid_ibn_al_walid_makes_his_holder_the_first_player():
    s = holder("khalid_ibn_al_walid")
    s.game.first = 1
    s.decide(TradeTurn(0), phase="trade")
    s.apply(UsePersonCard(number(s, "khalid_ibn_al_walid")))
    assert s.game.first == 0 and "Player 1 becomes the first player." in s.game.log


def test_leonidas_gives_eight_to_a_defender_with_fewer_units():
    from civgame.games.sidmeier.core.model import Battle
    from civgame.games.sidmeier.rules.combat import battles

    s = holder("leonidas")
    player = s.game.players[0]
    player.person_cards, player.person_shown = [], [number(s, "leonidas")]
    s.refresh()
    battle = Battle(attacker=1, defender=0, pos=s.pos(6, 5), kind="figures", hands=[[1, 2, 3], [4, 5]])
    outnumbered = battles.combat_bonus(s.game, battle, 1)
    battle.hands = [[1, 2], [4, 5]]
    assert outnumbered - battles.combat_bonus(s.game, battle, 1) == 8


def test_a_p_giannini_builds_a_free_building_in_a_start_of_turn_with_an_investment():
    from civgame.games.sidmeier.core.actions import FreeBuilding, Invest

    s = holder("ap_giannini")
    player = s.game.players[0]
    player.person_cards, player.person_shown = [], [number(s, "ap_giannini")]
    player.coin_tokens = {"sheet": 1}
    s.techs(0, "pottery")
    s.decide(StartTurn(0), phase="start_of_turn")
    assert not [a for a in s.legal() if isinstance(a, FreeBuilding)]
    s.apply(Invest("war_bonds", "sheet"))
    assert {a.source for a in s.legal() if isinstance(a, FreeBuilding)} == {"ap_giannini"}


def test_captain_james_cook_doubles_the_travel_speed_for_the_turn():
    from civgame.games.sidmeier.core.actions import BeginMove
    from civgame.games.sidmeier.core.decisions import Moving

    s = holder("captain_james_cook")
    army = s.figure(0, "army", 8, 5)
    s.decide(MovementTurn(0), phase="movement")
    s.apply(UsePersonCard(number(s, "captain_james_cook")))
    s.apply(BeginMove((army.id,)))
    assert isinstance(s.game.pending[-1], Moving) and s.game.pending[-1].left == 2 * board.travel_speed(s.game, 0)


def test_albert_einstein_turns_trade_into_culture_or_culture_into_trade():
    s = holder("albert_einstein")
    player = s.game.players[0]
    player.trade, player.culture = 4, 2
    s.decide(CityTurn(0), phase="city_management")
    amounts = sorted(a.amount for a in s.legal() if isinstance(a, UsePersonCard))
    assert amounts == [-2, -1, 1, 2, 3, 4]
    s.apply(UsePersonCard(number(s, "albert_einstein"), amount=3))
    assert (player.trade, player.culture) == (1, 5)


def test_hannibal_moves_the_figures_of_one_square_onto_another_of_the_holder_s():
    s = holder("hannibal")
    army = s.figure(0, "army", 9, 2)
    scout = s.figure(0, "scout", 12, 6)
    s.decide(CityTurn(0), phase="city_management")
    ways = {(a.pos, a.dest) for a in s.legal() if isinstance(a, UsePersonCard)}
    assert ways == {(s.pos(9, 2), s.pos(12, 6)), (s.pos(12, 6), s.pos(9, 2))}
    s.apply(UsePersonCard(number(s, "hannibal"), pos=s.pos(9, 2), dest=s.pos(12, 6)))
    assert army.pos == scout.pos == s.pos(12, 6) and not s.problems()


def test_charles_darwin_takes_a_devoted_city_s_culture_as_trade_once_per_turn():
    s = holder("charles_darwin")
    other = s.city(0, 9, 5)
    player = s.game.players[0]
    player.person_cards, player.person_shown = [], [number(s, "charles_darwin")]
    player.trade = player.culture = 0
    s.decide(CityTurn(0), phase="city_management")
    s.apply(Devote(other.id, as_trade=True))
    assert (player.trade, player.culture) == (1, 0)
    assert Devote(s.home.id, as_trade=True) not in s.legal() and Devote(s.home.id) in s.legal()


def test_mother_teresa_gives_a_coin_token_away_for_a_culture_space_once_per_turn():
    from civgame.games.sidmeier.core.actions import GiftCoinForCulture

    s = holder("mother_teresa")
    player = s.game.players[0]
    player.person_cards, player.person_shown = [], [number(s, "mother_teresa")]
    player.coin_tokens = {"sheet": 2}
    s.decide(StartTurn(0), phase="start_of_turn")
    s.apply(GiftCoinForCulture("mother_teresa", 1, "sheet"))
    assert player.coin_tokens == {"sheet": 1} and s.game.players[1].coin_tokens == {"sheet": 1}
    assert player.track == 1
    assert not [a for a in s.legal() if isinstance(a, GiftCoinForCulture)]


def test_jim_henson_counts_the_wonders_built_and_gives_as_much_culture_and_trade():
    from civgame.games.sidmeier.core.actions import BuildWonder

    s = holder("jim_henson")
    player = s.game.players[0]
    player.person_cards, player.person_shown = [], [number(s, "jim_henson")]
    s.give(0, trade=27)
    s.decide(CityTurn(0), phase="city_management")
    s.home.boost = 40
    build = next(a for a in s.legal() if isinstance(a, BuildWonder) and s.game.squares[a.pos].improvement is None)
    s.apply(build)
    assert player.person_markers == {"jim_henson": 1}
    player.trade = player.culture = 0
    start.automatic(s.game, 0)
    assert (player.trade, player.culture) == (1, 1)


def attacked(*cards: str) -> Scenario:
    """Seat 1's army steps into seat 0's capital, seat 0 holding these cards (a great person of each on the map)."""
    from civgame.games.sidmeier.core.actions import BeginMove, Step

    s = holder(*cards)
    attacker = s.figure(1, "army", 6, 5)
    attacker.start_pos = attacker.pos
    s.units(0, ("infantry", 2))
    s.units(1, ("artillery", 3), ("artillery", 3), ("artillery", 3))
    s.decide(MovementTurn(1), phase="movement")
    s.apply(BeginMove((attacker.id,)))
    s.apply(Step("west"))
    return s


def test_joan_of_arc_raises_the_defender_s_combat_bonus_by_its_unspent_culture():
    from civgame.games.sidmeier.core.actions import NoBattleCards
    from civgame.games.sidmeier.core.decisions import BattleCards

    s = attacked("joan_of_arc")
    s.game.players[0].culture = 7
    assert s.game.pending[-1] == BattleCards(0)
    base = RULES.game.combat_bonus.defending_capital + RULES.great_people["general"].combat_bonus
    s.apply(UsePersonCard(number(s, "joan_of_arc")))
    s.apply(NoBattleCards())
    assert s.game.battle.bonus[1] == base + 7


def test_florence_nightingale_returns_the_units_killed_after_the_battle():
    from civgame.games.sidmeier.core.actions import PlayUnit
    from civgame.games.sidmeier.core.decisions import AfterBattleCards, BattlePlay
    from civgame.games.sidmeier.rules.combat import battles

    s = attacked("florence_nightingale")
    battle = s.game.battle
    while isinstance(s.game.pending[-1], BattlePlay):
        side = battle.side
        fronts = battles.open_fronts(battle, side)
        s.apply(PlayUnit(battle.hands[side][0], fronts[0] if fronts else -1))
    while not isinstance(s.game.pending[-1], AfterBattleCards):
        s.apply(s.legal()[0])
    killed = list(battle.killed[1])
    assert killed
    s.apply(UsePersonCard(number(s, "florence_nightingale")))
    assert all(card in s.game.players[0].standing for card in killed) and not battle.killed[1]


def test_ada_lovelace_gives_a_city_an_extra_action_that_cannot_be_cancelled():
    from civgame.games.sidmeier.rules.base import reactions

    s = holder("ada_lovelace")
    s.techs(1, "writing").give(1, spy=1)
    from civgame.games.sidmeier.core.actions import Allow

    s.decide(CityTurn(0), phase="city_management")
    s.apply(Devote(s.home.id))
    assert s.game.held  # a spy could cancel a city action of theirs...
    s.apply(Allow())
    assert Devote(s.home.id) not in s.legal()
    s.apply(UsePersonCard(number(s, "ada_lovelace"), city=s.home.id))
    assert Devote(s.home.id) in s.legal()
    assert reactions.options(s.game, 1, Held(0, EndTrade(), "city_action"))
    s.apply(Devote(s.home.id))
    assert not s.game.held and s.home.actions == 2  # ...but not the extra one


def test_ada_lovelace_lets_a_capital_act_in_anarchy():
    s = holder("ada_lovelace")
    s.government(0, "anarchy")
    s.decide(CityTurn(0), phase="city_management")
    assert Devote(s.home.id) not in s.legal()
    s.apply(UsePersonCard(number(s, "ada_lovelace"), city=s.home.id))
    assert Devote(s.home.id) in s.legal()


def test_frida_kahlo_discards_the_cards_not_wanted_and_refills_the_hand_from_the_area_s_deck():
    from civgame.games.sidmeier.core.actions import DropCultureCard, RefillHand

    s = holder("frida_kahlo")
    kept, dropped = s.card(0, "a_gift_from_afar"), s.card(0, "drought")
    s.decide(TradeTurn(0), phase="trade")
    s.apply(UsePersonCard(number(s, "frida_kahlo")))
    assert s.legal() == [DropCultureCard(kept), DropCultureCard(dropped), RefillHand()]  # each listed once
    s.apply(DropCultureCard(dropped))
    s.apply(RefillHand())
    hand = s.game.players[0].hand
    assert kept in hand and dropped not in hand and len(hand) == pieces.hand_size(s.game, 0)
    assert all(s.game.rules.culture_cards[s.game.rules.culture_card_ids[c]].deck == "ancient" for c in hand)
    assert isinstance(s.game.pending[-1], TradeTurn) and not s.problems()


def test_sun_tzu_pays_three_trade_to_pass_a_battle_turn_once_per_battle():
    from civgame.games.sidmeier.core.actions import NoBattleCards, PassBattleTurn
    from civgame.games.sidmeier.core.decisions import BattlePlay

    s = attacked("sun_tzu")
    player = s.game.players[0]
    player.person_cards, player.person_shown = [], [number(s, "sun_tzu")]
    player.trade = 7
    s.refresh()
    while not isinstance(s.game.pending[-1], BattlePlay):
        s.apply(NoBattleCards())
    assert s.game.pending[-1] == BattlePlay(0) and PassBattleTurn() in s.legal()
    s.apply(PassBattleTurn())
    assert player.trade == 4 and s.game.pending[-1] == BattlePlay(1)
    assert "Player 1 pays 3 trade and passes instead of playing a unit." in s.game.log
    s.apply(next(a for a in s.legal()))
    assert s.game.pending[-1] == BattlePlay(0) and PassBattleTurn() not in s.legal()


def test_jacques_cousteau_builds_up_to_three_harbors_free_without_their_tech():
    from civgame.games.sidmeier.core.actions import BuildFree

    s = holder("jacques_cousteau")
    for x, y in ((6, 6), (6, 5)):
        s.square(s.pos(x, y), "water")
    other = s.city(0, 9, 5)
    s.square(s.pos(10, 5), "water")
    s.decide(StartTurn(0), phase="start_of_turn")
    s.apply(UsePersonCard(number(s, "jacques_cousteau")))
    spots = {a.pos for a in s.legal() if isinstance(a, BuildFree) and a.city >= 0}
    assert spots == {s.pos(6, 6), s.pos(6, 5), s.pos(10, 5)}
    s.apply(BuildFree(other.id, s.pos(10, 5)))
    s.apply(BuildFree(s.home.id, s.pos(6, 6)))
    s.apply(BuildFree())
    assert isinstance(s.game.pending[-1], StartTurn)
    built = [s.game.squares[p].improvement for p in (s.pos(10, 5), s.pos(6, 6))]
    assert [b.name for b in built] == ["harbor", "harbor"] and not s.problems()


def test_a_card_naming_a_building_or_unit_the_rules_lack_is_refused(tmp_path):
    from civgame.framework.datafiles import RulesDataError

    (tmp_path / "great_people.yaml").write_text(
        "cards:\n  - {id: orville_wright, effects: [{person_free_unit: {unit: zeppelin}}]}\n"
    )
    with pytest.raises(RulesDataError, match="orville_wright: no unit zeppelin"):
        load_rules(mods=[tmp_path], expansions=[FAF])


def test_galileo_moves_figures_along_the_map_s_edge_and_they_stay_there_this_turn():
    from civgame.games.sidmeier.core.actions import EndCityManagement
    from civgame.games.sidmeier.rules.base import occupancy

    s = holder("galileo_galilei")
    army = s.figure(0, "army", 0, 3)
    s.figure(1, "army", 15, 0)
    s.decide(CityTurn(0), phase="city_management")
    ways = {(a.pos, a.dest) for a in s.legal() if isinstance(a, UsePersonCard)}
    assert (s.pos(0, 3), s.pos(15, 7)) in ways and (s.pos(0, 3), s.pos(15, 0)) not in ways
    assert all(board.on_edge(s.game, dest) and not occupancy.at(s.game, dest) for _, dest in ways)
    s.apply(UsePersonCard(number(s, "galileo_galilei"), pos=s.pos(0, 3), dest=s.pos(15, 7)))
    assert army.pos == s.pos(15, 7)
    s.apply(EndCityManagement())
    assert s.game.phase == "movement" and army.moved  # it cannot move again this turn


def test_nikola_tesla_puts_a_researched_tech_one_row_lower():
    from civgame.games.sidmeier.core.actions import Research
    from civgame.games.sidmeier.core.decisions import ResearchTurn
    from civgame.games.sidmeier.rules.base import techs

    s = holder("nikola_tesla")
    s.techs(0, "pottery")  # two level I cards (Germany's and this): room for one level II card, none for III
    s.give(0, trade=27)
    s.decide(ResearchTurn(0), phase="research")
    assert Research("banking") not in s.legal()
    s.apply(UsePersonCard(number(s, "nikola_tesla")))
    assert Research("banking") in s.legal()  # level III, in the level II row
    s.game.research[0] = "banking"
    learning.reveal(s.game, 0)
    player = s.game.players[0]
    assert player.rows[player.techs.index("banking")] == 2 and techs.ROW_LOWER not in player.used
    assert not s.problems()


def test_mark_twain_is_discarded_to_cancel_another_player_s_city_action():
    from civgame.games.sidmeier.core.actions import Cancel
    from civgame.games.sidmeier.core.decisions import Respond
    from civgame.ui.sidmeier.wording import Words

    s = holder("mark_twain")
    player = s.game.players[0]
    rival = s.game.cities_of(1)[0]
    s.game.players[1].culture = 0
    s.decide(CityTurn(1), phase="city_management")
    s.apply(Devote(rival.id))
    assert s.game.pending[-1] == Respond(0)
    cancel = Cancel(f"person:{number(s, 'mark_twain')}")
    assert cancel in s.legal() and Words(s.game).label(cancel) == "Cancel it with Mark Twain"
    s.apply(cancel)
    assert s.game.players[1].culture == 0 and not player.person_cards and not s.game.held
    assert "Player 2's city action is cancelled." in s.game.log and not s.problems()


def test_william_shakespeare_jumps_over_spaces_holding_other_players_markers():
    from civgame.games.sidmeier.core.actions import AdvanceCulture

    s = holder("william_shakespeare")
    player = s.game.players[0]
    player.person_cards, player.person_shown = [], [number(s, "william_shakespeare")]
    player.track, s.game.players[1].track = 0, 1  # the other marker on space 1
    player.culture = 3
    s.decide(CityTurn(0), phase="city_management")
    assert set(s.legal()) >= {AdvanceCulture(), AdvanceCulture(jump=True)}
    s.apply(AdvanceCulture(jump=True))
    assert player.track == 2 and player.culture == 0  # space 2, its 3 culture only
    assert culture.next_cost(s.game, 0, jump=True) == culture.next_cost(s.game, 0)  # nobody ahead now
    assert AdvanceCulture(jump=True) not in s.legal()


def test_mark_twain_is_not_used_as_a_one_time_ability_in_the_holder_s_own_phase():
    s = holder("mark_twain")
    s.decide(TradeTurn(0), phase="trade")
    assert not [a for a in s.legal() if isinstance(a, UsePersonCard)]
    assert "when you are asked whether to let it happen" in s.why(UsePersonCard(number(s, "mark_twain")))


def test_a_save_naming_a_building_its_rules_lack_for_free_buildings_is_refused():
    import yaml

    from civgame.framework.saves import SaveError

    s = holder("jacques_cousteau")
    s.decide(StartTurn(0), phase="start_of_turn")
    s.apply(UsePersonCard(number(s, "jacques_cousteau")))
    doc = yaml.safe_load(dumps(s.game))
    doc["game"]["pending"][-1]["building"] = "spaceport"
    with pytest.raises(SaveError, match="'spaceport' is not a building of these rules"):
        loads(yaml.safe_dump(doc))
    assert loads(dumps(s.game)).pending[-1] == s.game.pending[-1]


def test_sir_isaac_newton_is_placed_in_the_pyramid_as_a_blank_tech_and_stays_there():
    from civgame.games.sidmeier.core.actions import Research
    from civgame.games.sidmeier.core.decisions import ResearchTurn
    from civgame.games.sidmeier.rules.base import techs

    s = holder("isaac_newton")
    s.techs(0, "pottery", "writing")  # three level I cards: one level II fits
    s.decide(ResearchTurn(0), phase="research")
    levels = sorted(a.amount for a in s.legal() if isinstance(a, UsePersonCard))
    assert levels == [1, 2]
    s.apply(UsePersonCard(number(s, "isaac_newton"), amount=2))
    player = s.game.players[0]
    assert player.blanks == {number(s, "isaac_newton"): 2} and not player.person_cards
    assert techs.row_counts(s.game, 0)[2] == 1 and Research("banking") not in s.legal()
    pieces.clear_improvement(s.game, s.pos(4, 4), destroyed=True)  # Newton dies: the blank stays
    s.refresh()
    assert player.blanks and not s.problems()
    again = loads(dumps(s.game))
    assert again.players[0].blanks == player.blanks


def test_sir_isaac_newtons_highest_level_is_the_cards_own():
    from civgame.games.sidmeier.content import effects as fx
    from civgame.games.sidmeier.core.decisions import ResearchTurn

    s = holder("isaac_newton")
    s.techs(0, "pottery", "writing")  # a level II fits as well as a level I
    s.decide(ResearchTurn(0), phase="research")
    newton = s.game.rules.person_cards["isaac_newton"]
    (effect,) = newton.effects
    assert effect.params == fx.PersonBlankTech(highest_level=4)
    lowered = replace(effect, params=fx.PersonBlankTech(highest_level=1))
    cards = {**s.game.rules.person_cards, newton.id: newton.model_copy(update={"effects": [lowered]})}
    s.game.rules = replace(s.game.rules, person_cards=cards)
    s.refresh()
    assert sorted(a.amount for a in s.legal() if isinstance(a, UsePersonCard)) == [1]


# ------------------------------------------------------------------ Zheng He and Marie Curie


def test_zheng_he_shows_his_holder_alone_every_marker_on_the_map_and_held_by_the_others():
    from civgame.ai.sidmeier import determinise
    from civgame.games.sidmeier.rules.flow.view import HIDDEN, view_for

    s = holder("zheng_he")
    on_map = s.marker(s.pos(9, 6), "village", "iron")
    held = s.marker(s.pos(10, 7), "hut", "silk")
    s.game.squares[s.pos(10, 7)].marker = -1
    s.game.players[1].markers.append(held)
    s.decide(StartTurn(0), phase="start_of_turn")
    assert view_for(s.game, 0)["squares"][s.pos(9, 6)]["marker"] == HIDDEN
    s.apply(UsePersonCard(number(s, "zheng_he")))
    mine, theirs = view_for(s.game, 0), view_for(s.game, 1)
    assert mine["squares"][s.pos(9, 6)]["marker"] == on_map and mine["players"][1]["markers_seen"] == [held]
    assert theirs["squares"][s.pos(9, 6)]["marker"] == HIDDEN and theirs["players"][0]["seen_markers"] == 2
    import random

    world = determinise(s.game, 0, random.Random(3))  # (the computer keeps what it saw where it lies)
    assert world.squares[s.pos(9, 6)].marker == on_map and world.players[1].markers == [held]


def test_marie_curie_is_discarded_to_spend_another_resource_for_a_uranium():
    from civgame.games.sidmeier.core.actions import UseAbility
    from civgame.games.sidmeier.rules.base import payments

    s = holder("marie_curie")
    s.techs(0, "atomic_theory").give(0, wheat=1)
    s.decide(CityTurn(0), phase="city_management")
    curie = f"person:{number(s, 'marie_curie')}"
    action = UseAbility("atomic_theory", ("token:wheat", curie), s.home.id)
    assert action in s.legal()
    assert "cannot stand in" in payments.why_not(s.game, 0, ["wheat"], (curie, "token:wheat"))
    assert "pay for an ability" in s.why(UsePersonCard(number(s, "marie_curie")))
    s.apply(action)
    assert s.home.boost == 12 and number(s, "marie_curie") in s.game.person_deck.returned
    assert not s.game.players[0].person_cards and not s.game.players[0].resources.get("wheat")


def test_marie_curie_needs_her_great_person_on_the_map():
    from civgame.games.sidmeier.core.actions import UseAbility

    s = holder("marie_curie", placed=False)
    s.techs(0, "atomic_theory").give(0, wheat=1)
    s.decide(CityTurn(0), phase="city_management")
    assert not [a for a in s.legal() if isinstance(a, UseAbility)]


def battle_over_capital(card: str, defending: tuple, attacking: tuple, expansions=(FAF,), shown: bool = False):
    """Seat 1's army steps into seat 0's capital; seat 0 holds `card` (face up if `shown`), a general on the map."""
    from civgame.games.sidmeier.core.actions import BeginMove, Step

    s = holder(card, expansions=expansions)
    if shown:
        player = s.game.players[0]
        player.person_cards, player.person_shown = [], [number(s, card)]
    attacker = s.figure(1, "army", 6, 5)
    attacker.start_pos = attacker.pos
    s.units(0, *defending)
    s.units(1, *attacking)
    s.decide(MovementTurn(1), phase="movement")
    s.apply(BeginMove((attacker.id,)))
    s.apply(Step("west"))
    return s


def test_georgy_zhukov_deals_a_wound_to_an_enemy_unit_on_a_front_for_each_unit_of_its_holder_killed():
    from civgame.games.sidmeier.core.actions import PlayUnit, WoundUnit
    from civgame.games.sidmeier.core.decisions import BattlePlay, WoundChoice

    # Wisdom and Warfare's cards: the defender's 2/2 infantry, the attacker's 3/1 artillery (which trumps it)
    s = battle_over_capital(
        "georgy_zhukov", (("infantry", 2),), (("artillery", 3),) * 3, expansions=(FAF, WAW), shown=True
    )
    battle = s.game.battle
    (mine,) = battle.hands[1]
    s.apply(PlayUnit(mine))
    first = battle.hands[0][0]
    s.apply(PlayUnit(first, 0))  # the artillery strikes first and kills the infantry
    assert s.game.pending[-1] == WoundChoice(0, source="georgy_zhukov", amount=1)
    assert s.legal() == [WoundUnit(first)]  # the one enemy unit standing on a front
    s.apply(WoundUnit(first))
    assert "Player 1 deals 1 wound to Artillery (Georgy Zhukov): it is killed." in s.game.log
    assert battle.killed[0] == [first] and not battle.fronts and s.game.pending[-1] == BattlePlay(1)


def test_georgy_zhukov_s_wound_is_lost_with_no_enemy_unit_on_a_front_and_a_face_down_card_deals_none():
    from civgame.games.sidmeier.core.actions import PlayUnit, WoundUnit
    from civgame.games.sidmeier.core.decisions import BattlePlay

    s = battle_over_capital("georgy_zhukov", (("infantry", 2),), (("infantry", 2),) * 3, shown=True)
    battle = s.game.battle
    s.apply(PlayUnit(battle.hands[1][0]))
    s.apply(PlayUnit(battle.hands[0][0], 0))  # the base game's cards: both 2-strength units die at once
    assert s.legal() == [WoundUnit(-1)]
    s.apply(WoundUnit(-1))
    assert "Player 1's wound (Georgy Zhukov) is lost: no enemy unit stands on a front." in s.game.log
    hidden = battle_over_capital("georgy_zhukov", (("infantry", 2),), (("infantry", 2),) * 3)
    battle = hidden.game.battle
    hidden.apply(PlayUnit(battle.hands[1][0]))
    hidden.apply(PlayUnit(battle.hands[0][0], 0))
    assert hidden.game.pending[-1] == BattlePlay(1)  # not turned face up: it deals no wound


def test_gustavus_adolphus_kills_the_drawn_battle_force_and_builds_as_many_units_into_it():
    from civgame.games.sidmeier.core.actions import ChooseUnit, NoBattleCards
    from civgame.games.sidmeier.core.decisions import BattlePlay, ForcesDrawnCards, FreeUnits

    s = battle_over_capital("gustavus_adolphus", (("infantry", 2), ("infantry", 3)), (("artillery", 3),) * 3)
    battle = s.game.battle
    assert s.game.pending[-1] == ForcesDrawnCards(0) and battle.stage == "forces"
    drawn = list(battle.hands[1])
    assert len(drawn) == 2 and UsePersonCard(number(s, "gustavus_adolphus")) in s.legal()
    s.apply(UsePersonCard(number(s, "gustavus_adolphus")))
    assert not battle.hands[1] and not battle.killed[1]  # under their decks, not killed in the battle
    assert all(card in s.game.unit_decks["infantry"].returned for card in drawn)
    assert s.game.pending[-1] == FreeUnits(
        0, left=2, source=f"person:{number(s, 'gustavus_adolphus')}", into_battle=True
    )
    assert ChooseUnit("aircraft") not in s.legal()  # an unlocked type only
    s.apply(ChooseUnit("mounted"))
    s.apply(ChooseUnit("artillery"))
    assert sorted(s.game.rules.unit_cards[c].unit for c in battle.hands[1]) == ["artillery", "mounted"]
    assert s.game.pending[-1] == ForcesDrawnCards(0)
    s.apply(NoBattleCards())
    assert s.game.pending[-1] == BattlePlay(0) and not s.problems()


def test_gustavus_adolphus_is_asked_for_only_when_its_holder_has_a_battle_force():
    from civgame.games.sidmeier.core.decisions import BattlePlay

    s = battle_over_capital("gustavus_adolphus", (), (("artillery", 3),) * 3)
    assert s.game.pending[-1] == BattlePlay(1)  # the defender has no unit: the attacker plays
