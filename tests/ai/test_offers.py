"""Trade offers of the searching computer players (civgame/ai/offers.py): for what the trade lets them
do, never a bad bargain at the evaluation's prices, to another computer player only when it gains by
its own evaluation, made step by step."""

from __future__ import annotations

from dataclasses import replace

import pytest

from civgame.ai import offers
from civgame.ai.agents import HARD_SEARCH, NORMAL_SEARCH, SearchAgent
from civgame.ai.evaluation import FORESIGHTED, LEVEL_WEIGHTS, value
from civgame.games.clash import apply, legal_actions
from civgame.games.clash.core.actions import (
    AcceptTrade,
    AddTradeItem,
    Advance,
    CancelTrade,
    DeclineTrade,
    SendTrade,
    StartTrade,
)
from civgame.games.clash.core.copying import copy_game
from civgame.games.clash.core.model import Game, Seat
from civgame.games.clash.rules.base.turns import start_turn
from tests.ai.test_fairness import with_other_secrets_changed
from tests.scenario import Scenario

COMPUTER, PERSON = 1, 0


def short_of_food(partner_seat: Seat = "human") -> Game:
    """The computer player's turn: it holds 3 wood and nothing else, so it cannot buy an advance (2 food);
    the other player holds 2 food."""
    s = Scenario(players=2).reveal_all()
    s.city(PERSON, "D2")
    s.city(COMPUTER, "F7")
    for player in s.game.players:
        player.resources = dict.fromkeys(player.resources, 0)
    s.game.players[COMPUTER].seat = "normal"
    s.game.players[PERSON].seat = partner_seat
    s.turn(COMPUTER)
    s.resources(COMPUTER, wood=3)
    s.resources(PERSON, food=2)
    assert not [a for a in legal_actions(s.game) if isinstance(a, Advance)]
    return s.game


def agent() -> SearchAgent:
    return SearchAgent(1, replace(NORMAL_SEARCH, max_samples=2))


def test_a_computer_player_offers_what_lets_it_buy_an_advance_and_makes_the_offer_step_by_step() -> None:
    game = short_of_food()
    player = agent()
    made = []
    while game.actor() == COMPUTER:
        action = player.choose(game, legal_actions(game))
        made.append(action)
        apply(game, action)
    wood, food = AddTradeItem("give", "wood"), AddTradeItem("take", "food")
    assert made == [StartTrade(PERSON), wood, wood, wood, food, food, SendTrade()]
    # 3 wood for 2 food: at the evaluation's prices (wood 0.18, food 0.2) the fewest wood worth the food
    apply(game, AcceptTrade())
    assert game.player(COMPUTER).resources["food"] == 2 and game.player(PERSON).resources["wood"] == 3
    assert [a for a in legal_actions(game) if isinstance(a, Advance)]


def _offered_and_answered(game: Game, partner: SearchAgent) -> list[object]:
    proposer = agent()
    made = []
    while game.actor() == COMPUTER:
        made.append(proposer.choose(game, legal_actions(game)))
        apply(game, made[-1])
    answer = partner.choose(game, legal_actions(game))
    apply(game, answer)
    return [*made, answer]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_two_computer_players_trade_when_both_gain_by_their_own_evaluation(level: Seat) -> None:
    game = short_of_food(partner_seat=level)
    own = LEVEL_WEIGHTS[level]
    partner_before = value(game, PERSON, own)
    # The partner answers by its evaluation one step ahead (its samples would also weigh what the
    # proposer does with the food: in a game of two, helping the only opponent may not pay).
    settings = HARD_SEARCH if level == "hard" else NORMAL_SEARCH
    partner = SearchAgent(2, replace(settings, max_samples=2, prior=1e6))
    made = _offered_and_answered(game, partner)
    # 3 wood for 2 food: the partner values 3 wood above 2 food; the proposer can then buy an advance.
    assert made[0] == StartTrade(PERSON) and made[-1] == AcceptTrade()
    assert value(game, PERSON, own) > partner_before
    assert [a for a in legal_actions(game) if isinstance(a, Advance)]


def test_no_offer_to_a_computer_player_that_would_not_gain_by_its_own_evaluation() -> None:
    game = short_of_food(partner_seat="normal")
    game.player(PERSON).resources["wood"] = game.rules.game.resource_caps["wood"] - 1  # 2 of 3 wood lost
    assert not isinstance(agent().choose(game, legal_actions(game)), StartTrade)


def test_no_offer_to_a_random_player() -> None:
    game = short_of_food(partner_seat="random")
    assert not isinstance(agent().choose(game, legal_actions(game)), StartTrade)


def test_no_offer_when_what_it_enables_is_not_worth_more_than_the_best_action_without_it() -> None:
    game = short_of_food()
    actions = legal_actions(game)

    def rank_enabled(after: Game, enabled: object) -> list[tuple[float, object]]:
        assert any(isinstance(a, Advance) for a in enabled)  # the trade lets it buy an advance
        return [(1.0, next(iter(enabled)))]

    found = offers.best_offer(game, COMPUTER, actions, 0.95, rank_enabled, FORESIGHTED, 100)
    assert found is None  # 1.0 is not `MARGIN` better than 0.95
    found = offers.best_offer(game, COMPUTER, actions, 0.8, rank_enabled, FORESIGHTED, 100)
    assert found == offers.Offer(PERSON, "wood", 3, "food", 2)


def test_every_swap_gives_at_least_what_it_takes_at_the_evaluations_prices() -> None:
    game = short_of_food()
    game.player(COMPUTER).resources.update(food=1, ore=2, ideas=1, gold=2)
    game.player(PERSON).resources.update(wood=2, ore=1, ideas=2, gold=1)
    prices = FORESIGHTED.resources
    swaps = list(offers.swaps(game, COMPUTER, PERSON, FORESIGHTED))
    assert swaps and all(s.give != s.take for s in swaps)
    for swap in swaps:
        assert swap.given * prices[swap.give] >= swap.taken * prices[swap.take] - 1e-9
        assert (swap.given - 1) * prices[swap.give] < swap.taken * prices[swap.take]  # the fewest that do
        assert swap.given <= game.player(COMPUTER).resources[swap.give]
        assert swap.taken <= game.player(PERSON).resources[swap.take]


def test_no_offer_whose_resources_the_partner_would_lose_over_a_limit() -> None:
    game = short_of_food()
    cap = game.rules.game.resource_caps["wood"]
    game.player(PERSON).resources["wood"] = cap  # the 3 wood offered would be lost
    after = offers.traded(game, COMPUTER, offers.Offer(PERSON, "wood", 3, "food", 2))
    assert after is not None and value(after, PERSON, FORESIGHTED) < value(game, PERSON, FORESIGHTED)
    assert not isinstance(agent().choose(game, legal_actions(game)), StartTrade)


def test_a_declined_offer_is_not_made_again_on_the_next_turn_but_after_that() -> None:
    game = short_of_food()
    player = agent()
    while game.actor() == COMPUTER:
        apply(game, player.choose(game, legal_actions(game)))
    apply(game, DeclineTrade())
    for rounds_later, offered in ((1, False), (2, True)):
        again = copy_game(game)
        again.round += rounds_later
        start_turn(again, COMPUTER)
        assert isinstance(player.choose(again, legal_actions(again)), StartTrade) is offered


def test_an_offer_it_did_not_plan_is_cancelled() -> None:
    game = short_of_food()
    apply(game, StartTrade(PERSON))  # composed by someone else (a save loaded mid-offer)
    assert agent().choose(game, legal_actions(game)) == CancelTrade()


def test_the_offer_does_not_depend_on_what_is_hidden_from_the_computer_player() -> None:
    game = short_of_food()
    s_hand = game.decks["action"].draw[:3]
    for card in s_hand:
        game.decks["action"].draw.remove(card)
    game.player(PERSON).action_cards.extend(s_hand)
    changed = with_other_secrets_changed(game, COMPUTER)
    assert changed.player(PERSON).action_cards != game.player(PERSON).action_cards
    assert agent().choose(game, legal_actions(game)) == agent().choose(changed, legal_actions(changed))


def test_a_sampled_world_the_rules_fail_in_is_skipped_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    game = short_of_food()
    actions = legal_actions(game)

    def failing(_game: Game) -> list[object]:
        raise ValueError("a guessed hand the rules cannot handle")

    monkeypatch.setattr(offers, "legal_actions", failing)
    assert offers.best_offer(game, COMPUTER, actions, 0.0, lambda *_: [], FORESIGHTED, 100) is None
