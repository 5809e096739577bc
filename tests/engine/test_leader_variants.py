"""The Civilizations expansion's leader variants in this content: "Lead us" is already the rule (the
player names the leader recruited); "What if?" deals each player's leaders from one shared deck."""

import pytest

from civgame.framework.errors import RuleError
from civgame.framework.invariants import InvariantChecker
from civgame.games.clash.core.actions import ChooseLeader, Recruit
from civgame.games.clash.core.decisions import LeaderDecision
from civgame.games.clash.definition import DEFINITION
from civgame.games.clash.rules.base import civilizations
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.save import dumps, loads
from tests.engine.test_civilizations import all_playable, recruiting  # noqa: F401  (a fixture)


def test_what_if_deals_each_player_three_different_leaders_from_the_civilizations_dealt_at_random(all_playable):  # noqa: F811
    game = new_game(4, 2, civilizations="random", what_if=True)
    dealt = [name for p in game.players for name in p.leaders_dealt]
    assert [len(p.leaders_dealt) for p in game.players] == [3, 3, 3, 3] and len(set(dealt)) == 12
    pool = {
        leader.name
        for key in ("rome", "greece", "china", "vikings")
        for leader in game.rules.civilizations[key].leaders
    }
    assert set(dealt) == pool  # the Maya are not dealt at random, so their leaders are not in the deck
    assert (
        new_game(4, 2, civilizations="random", what_if=True).players[0].leaders_dealt == game.players[0].leaders_dealt
    )
    mixed = [new_game(2, seed, civilizations=["maya", "rome"], what_if=True) for seed in range(6)]
    assert any(
        name in {"Lady Six Sky", "Yuknoom Chʼeen II", "Kʼinich Janaab Pakal I"}
        for g in mixed
        for p in g.players
        for name in p.leaders_dealt
    )


def test_what_if_needs_civilizations_and_enough_leaders(monkeypatch):
    monkeypatch.setattr(civilizations, "complete", lambda civ: civ.name == "Maya")
    with pytest.raises(RuleError, match="play with civilizations"):
        new_game(2, 1, what_if=True)
    with pytest.raises(RuleError, match="What if\\? needs 6 leaders to deal; there are 3"):
        new_game(2, 1, civilizations=["maya", "rome"], what_if=True)  # only the Maya are playable


def test_a_player_recruits_only_the_leaders_dealt_to_them_and_their_abilities_apply(all_playable):  # noqa: F811
    s, city = recruiting("maya", "rome")
    s.player(0).leaders_dealt = ["Leonidas I", "Sulla", "Lady Six Sky"]
    s.apply(Recruit(city.id, ("leader",), payment={"mood": 1, "culture": 1}))
    assert isinstance(s.game.pending[-1], LeaderDecision)
    assert s.game.pending[-1].options == ["Leonidas I", "Sulla", "Lady Six Sky"]
    s.apply(ChooseLeader("Leonidas I"))
    culture = s.player(0).culture_tokens
    s.turn(0)
    s.apply(Recruit(city.id, ("infantry",), payment={"food": 1, "ore": 1}))
    assert s.player(0).culture_tokens == culture + 1  # That's Sparta, from another civilization's board
    assert civilizations.unused_leaders(s.game, s.player(0)) == ["Sulla", "Lady Six Sky"]
    assert check_invariants(s.game) == []


def test_a_what_if_game_saves_and_loads_with_its_dealt_leaders(all_playable):  # noqa: F811
    game = new_game(3, 4, civilizations="random", what_if=True)
    again = loads(dumps(game))
    assert [p.leaders_dealt for p in again.players] == [p.leaders_dealt for p in game.players]
    game.players[0].leaders_dealt = ["Atlantis the Great"]
    with pytest.raises(Exception, match="leaders_dealt"):
        loads(dumps(game))


@pytest.mark.parametrize("seed", range(3))
def test_random_what_if_games_with_the_maya_keep_every_invariant(all_playable, seed):  # noqa: F811
    from civgame.ai import play_out, random_agents

    game = new_game(3, seed, civilizations=["maya", "random", "random"], what_if=True)
    checker = InvariantChecker(DEFINITION, f"seed {seed}", save_at_step=60)
    play_out(game, random_agents(3, seed), observer=checker)
    assert game.phase == "over" and checker.saved
    assert all(set(p.leaders_used) <= set(p.leaders_dealt) for p in game.players)


def test_when_players_choose_in_turn_the_deck_holds_every_playable_civilizations_leaders(all_playable):  # noqa: F811
    game = new_game(4, 5, civilizations="choose", what_if=True)
    dealt = {name for p in game.players for name in p.leaders_dealt}
    maya = {leader.name for leader in game.rules.civilizations["maya"].leaders}
    every = {leader.name for civ in game.rules.civilizations.values() for leader in civ.leaders}
    assert len(dealt) == 12 and dealt <= every
    assert any(
        maya & {n for p in new_game(4, seed, civilizations="choose", what_if=True).players for n in p.leaders_dealt}
        for seed in range(4)
    )


@pytest.mark.parametrize("seed", range(245, 250))
def test_two_player_what_if_games_around_seed_247_play_to_the_end(seed):
    """A two-player What if? game of seed 247 was reported to stop with a player left no legal action;
    the seeds around it play to the end under random and attacking players, every invariant kept."""
    from civgame.ai import play_out, random_agents
    from civgame.ai.random_agent import AggressiveAgent

    for agents in (random_agents(2, seed), [AggressiveAgent(f"{seed}:{i}") for i in range(2)]):
        game = new_game(2, seed, civilizations="random", what_if=True)
        checker = InvariantChecker(DEFINITION, f"seed {seed}")
        play_out(game, agents, observer=checker)
        assert game.phase == "over"
