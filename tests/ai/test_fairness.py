"""A computer seat decides only from what it may see: other hands, draw piles, face-down regions
and future dice are sampled anew, never read."""

import random
from dataclasses import replace

import pytest

from civgame.ai import play_steps, random_agents
from civgame.ai.agents import HARD_SEARCH, NORMAL_SEARCH, HeuristicAgent, SearchAgent
from civgame.ai.fairness import determinise
from civgame.framework.codec import to_plain
from civgame.framework.rng import Rng
from civgame.games.clash import legal_actions, new_game
from civgame.games.clash.core.actions import ChooseOption, PlayActionCard, PlayTactics
from civgame.games.clash.core.copying import copy_game
from civgame.games.clash.core.decisions import CardExchangeDecision
from civgame.games.clash.core.model import Game
from civgame.games.clash.rules.cards.action_cards import KEEP
from civgame.games.clash.rules.combat import tactics_playable
from civgame.games.clash.rules.flow.controller import apply
from tests.combat_helpers import attack
from tests.scenario import Scenario

# Search stopped after a fixed number of samples, so that two runs can be compared.
REPEATABLE = {
    "normal": replace(NORMAL_SEARCH, budget=60.0, max_samples=3),
    "hard": replace(HARD_SEARCH, budget=60.0, max_samples=2),
}


def game_in_progress(seed: int, steps: int = 120) -> Game:
    game = new_game(4, seed)
    play_steps(game, random_agents(4, seed), steps)
    assert game.phase != "over"
    return game


def with_other_secrets_changed(game: Game, seat: int) -> Game:
    """The same game as `seat` sees it, with everything hidden from `seat` changed: another
    player's hand swapped with cards from the draw piles, the piles reordered, face-down tiles
    exchanged and the dice reseeded."""
    changed = copy_game(game)
    other = changed.player((seat + 1) % len(changed.players))
    for deck, hand in (("action", other.action_cards), ("objective", other.objective_cards)):
        draw = changed.decks[deck].draw
        assert len(draw) > len(hand)  # the hand may be empty: cards are played
        hand[:], draw[: len(hand)] = draw[: len(hand)], hand[:]
        draw.reverse()
    hidden = [r for r in changed.regions if not r.revealed]
    tiles = [r.tile for r in hidden]
    for region, tile in zip(hidden, tiles[1:] + tiles[:1], strict=True):
        region.tile = tile
    changed.rng = Rng.from_seed(game.rng.state ^ 0xDEADBEEF)
    return changed


@pytest.mark.parametrize("seed", [5, 11])
def test_a_determinised_copy_depends_only_on_what_the_seat_sees(seed):
    game = game_in_progress(seed)
    seat = game.actor()
    changed = with_other_secrets_changed(game, seat)
    assert to_plain(changed) != to_plain(game)
    view, changed_view = determinise(game, seat, random.Random(1)), determinise(changed, seat, random.Random(1))
    assert to_plain(view) == to_plain(changed_view)
    # What the seat may see is kept: its own hand, discard piles, the board.
    me = view.player(seat)
    assert me.action_cards == game.player(seat).action_cards
    assert me.objective_cards == game.player(seat).objective_cards
    assert {d: deck.discard for d, deck in view.decks.items()} == {d: deck.discard for d, deck in game.decks.items()}
    assert [r.tile for r in view.regions if r.revealed] == [r.tile for r in game.regions if r.revealed]


def test_hidden_cards_are_really_resampled():
    game = game_in_progress(5)
    seat = game.actor()
    other = (seat + 1) % 4
    hands = {tuple(determinise(game, seat, random.Random(s)).player(other).objective_cards) for s in range(20)}
    assert len(hands) > 1
    # The cards are dealt again, not invented: hands and draw pile hold the same cards as before.
    view = determinise(game, seat, random.Random(3))
    for deck, hand in (("action", "action_cards"), ("objective", "objective_cards")):
        before = [c for p in game.players for c in getattr(p, hand)] + game.decks[deck].draw
        after = [c for p in view.players for c in getattr(p, hand)] + view.decks[deck].draw
        assert sorted(after) == sorted(before)
        assert [len(getattr(p, hand)) for p in view.players] == [len(getattr(p, hand)) for p in game.players]


def agent_for(level: str, seed: str):
    if level == "easy":
        return HeuristicAgent(seed)
    return SearchAgent(seed, REPEATABLE[level])


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_changing_another_players_hidden_cards_does_not_change_the_decision(level):
    decisions = 0
    for seed in (3, 8, 13):
        game = game_in_progress(seed)
        seat = game.actor()
        actions = legal_actions(game)
        if len(actions) < 2:
            continue
        changed = with_other_secrets_changed(game, seat)
        assert legal_actions(changed) == actions
        chosen = agent_for(level, f"{seed}").choose(game, actions)
        assert agent_for(level, f"{seed}").choose(changed, actions) == chosen
        decisions += 1
    assert decisions >= 2


def test_the_opponents_face_down_tactics_card_is_dealt_anew_among_cards_it_could_have_played():
    high_morale, defensive_formation = 6, 22
    s = Scenario().reveal_all().advances(0, "Tactics").advances(1, "Tactics")
    s.hand(0, high_morale).hand(1, defensive_formation)
    att = s.units(0, "infantry", "C2", 1)
    s.units(1, "infantry", "C2", 1)
    attack(s, 0, att, "C2", "D2")
    s.apply(PlayTactics(high_morale))
    seat = s.game.actor()
    assert seat == 1
    dealt = {determinise(s.game, seat, random.Random(n)).combat.attacker.tactics for n in range(12)}
    assert len(dealt) > 1
    c = s.game.combat
    assert all(tactics_playable(s.game, c, s.game.rules.action_card(card).tactics, "attacker") for card in dealt)
    view = determinise(s.game, seat, random.Random(0))
    assert view.player(seat).action_cards == [defensive_formation]  # its own card is kept


def test_objective_cards_set_aside_for_another_player_are_resampled():
    game = game_in_progress(5)
    seat = game.actor()
    other = game.player((seat + 1) % 4)
    other.foreseen_objectives = [game.decks["objective"].draw.pop()]  # the Great Seer's secret choice
    seen = {tuple(determinise(game, seat, random.Random(s)).player(other.index).foreseen_objectives) for s in range(20)}
    assert len(seen) > 1 and all(len(cards) == 1 for cards in seen)


def test_another_players_choice_among_objective_cards_just_drawn_names_cards_of_the_hand_dealt_anew():
    """New Plans: the other player drew objective cards and chooses which to keep. In a sampled
    world their hand is dealt anew, so the choice names the cards now in its places, and can be played."""
    s = Scenario(2)
    game, other = s.game, s.player(1)
    other.objective_cards = [game.decks["objective"].draw.pop() for _ in range(3)]  # one held, two drawn
    held, drawn = other.objective_cards[:1], other.objective_cards[1:]
    exchanges = [["objective", str(given), str(taken)] for taken in drawn for given in held]
    options = [f"give {given}, take {taken}" for _, given, taken in exchanges]
    game.pending.append(
        CardExchangeDecision(1, "New Plans", "redraw_objectives", [*options, KEEP], other=-1, exchanges=exchanges)
    )
    hands = set()
    for n in range(10):
        view = determinise(game, 0, random.Random(n))
        hand = list(view.player(1).objective_cards)
        hands.add(tuple(hand))
        decision = view.pending[-1]
        assert isinstance(decision, CardExchangeDecision)
        assert decision.exchanges == [["objective", str(hand[0]), str(taken)] for taken in hand[1:]]
        apply(view, ChooseOption(decision.options[0]))
        assert view.player(1).objective_cards == [hand[1]]  # gave the held card and the other drawn one back
    assert len(hands) > 1


def test_a_seat_looking_at_another_hand_with_spy_keeps_it_with_its_great_persons():
    """Spy: the seat has seen the other hand, action cards and great persons held hidden alike, so its
    sampled worlds keep it and every swap it was offered; a hand it has not seen is dealt anew."""
    spy, leadership, ideas, great_philosopher = 7, 25, 9, 21
    s = Scenario(3).hand(0, spy, leadership).hand(1, ideas).hand(2, 1).resources(0, culture=1)
    s.game.decks["event"].draw.remove(great_philosopher)
    s.player(1).great_persons = [great_philosopher]
    s.apply(PlayActionCard(spy, ("1",)))
    decision = s.game.pending[-1]
    assert isinstance(decision, CardExchangeDecision)
    assert ["action", str(leadership), "great person:21"] in decision.exchanges
    seen = s.player(1)
    unseen = set()
    for n in range(10):
        view = determinise(s.game, 0, random.Random(n))
        looked_at = view.player(1)
        assert looked_at.action_cards == seen.action_cards and looked_at.great_persons == [great_philosopher]
        assert looked_at.objective_cards == seen.objective_cards
        assert [a.option for a in legal_actions(view)] == decision.options
        unseen.add(tuple(view.player(2).action_cards))
    assert len(unseen) > 1


def test_great_persons_held_hidden_by_others_are_dealt_anew_among_them_each_keeping_its_count():
    """One may have changed hands in secret (a trade given face down, Spy): the seat knows only which
    ones the others hold together. The Great Architect (55), kept face up, stays where it lies."""
    game = game_in_progress(5)
    for player in game.players:
        player.great_persons = []
    game.player(1).great_persons = [18, 55]
    game.player(2).great_persons = [21, 22]
    swapped = copy_game(game)
    swapped.player(1).great_persons = [22, 55]
    swapped.player(2).great_persons = [21, 18]
    views = [determinise(g, 0, random.Random(3)).players for g in (game, swapped)]
    assert [p.great_persons for p in views[0]] == [p.great_persons for p in views[1]]
    assert views[0][1].great_persons[1] == 55 and len(views[0][2].great_persons) == 2
    dealt = {tuple(determinise(game, 0, random.Random(seed)).player(1).great_persons) for seed in range(20)}
    assert len(dealt) > 1 and all(hand[1] == 55 for hand in dealt)
