"""What a game without an expansion leaves out: the expansions' rules are not asked to list, and the map is
not walked for city-states or great person cards nobody holds. Decided from the game's rules and options
once, never per action."""

from __future__ import annotations

from collections.abc import Iterator

from civgame.games.sidmeier.core.actions import (
    BuyCultureCard,
    BuyTech,
    Disband,
    EndCityManagement,
    GiftCoinForCulture,
    Invest,
    RevealMarker,
    RevealPersonCard,
    StartProgram,
    UseCaravan,
    UsePersonCard,
)
from civgame.games.sidmeier.core.decisions import CityTurn, Decision, Moving, StartTurn
from civgame.games.sidmeier.core.model import Held, Square
from civgame.games.sidmeier.rules.base import city_state_map, effects, reactions
from civgame.games.sidmeier.rules.base.book import BOOK
from civgame.games.sidmeier.rules.expansions import great_person_deck, metropolis, policies
from civgame.games.sidmeier.rules.flow import phases
from tests.games.sidmeier.scenario import Scenario

FAF, WAW = "fame-and-fortune", "wisdom-and-warfare"
EXPANSION_RULES = [
    (StartTurn(0), {Invest, BuyTech, BuyCultureCard, GiftCoinForCulture, RevealPersonCard, UsePersonCard}),
    (StartTurn(0), {RevealMarker}),
    (CityTurn(0), {RevealMarker, UseCaravan, StartProgram, RevealPersonCard, UsePersonCard}),
    (Moving(0, figures=[], left=0), {Disband}),
]


def asked(s: Scenario, decision: Decision) -> set[type]:
    return {rule.action for rule in BOOK.listing_in_play(s.game, decision, s.game.cache.setdefault("in_play", {}))}


def test_a_base_game_asks_none_of_the_expansions_rules():
    s = Scenario(players=2)
    for decision, expansion_rules in EXPANSION_RULES:
        assert not asked(s, decision) & expansion_rules, decision


def test_a_game_with_both_expansions_and_the_great_person_deck_asks_them_all():
    s = Scenario(players=2, expansions=[FAF, WAW], great_person_deck=True)
    for decision, expansion_rules in EXPANSION_RULES:
        assert asked(s, decision) >= expansion_rules, decision


def test_the_rules_know_every_effect_some_record_carries():
    base, both = Scenario(players=2).game.rules, Scenario(players=2, expansions=[FAF, WAW]).game.rules
    assert "start_buy_tech" not in base.effect_names and "start_buy_tech" in both.effect_names  # a W&W policy
    assert "infiltrate" in base.effect_names  # a base game civilization's ability
    assert not effects.carried("start_buy_tech")(Scenario(players=2).game)


class CountedSquares(list[Square]):
    """The map's squares, counting the walks over them."""

    walks = 0

    def __iter__(self) -> Iterator[Square]:
        CountedSquares.walks += 1
        return super().__iter__()


def test_a_base_game_never_walks_the_map_for_city_states():
    game = Scenario(players=2).game
    game.squares = CountedSquares(game.squares)
    CountedSquares.walks = 0
    assert city_state_map.squares(game) == [] and city_state_map.controlled(game, 0) == []
    assert CountedSquares.walks == 0


def test_a_player_holding_no_great_person_card_is_not_looked_for_on_the_map():
    s = Scenario(players=2)
    assert reactions.options(s.game, 1, Held(0, EndCityManagement(), "city_action")) == []
    assert ("people_on_map", 1) not in s.game.cache


def test_a_base_game_takes_none_of_the_expansions_first_steps_and_a_game_with_them_takes_each():
    assert phases._first_steps(Scenario(players=2).game) == ()
    full = Scenario(players=2, expansions=[FAF, WAW], great_person_deck=True).game
    assert phases._first_steps(full) == (great_person_deck.settle, policies.settle, metropolis.settle)
