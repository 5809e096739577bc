"""The fast game copy used by look-ahead: equal to the original, and fully independent of it."""

from dataclasses import fields, is_dataclass

from civgame.ai import MAX_STEPS, play_steps, random_agents
from civgame.ai.random_agent import AggressiveAgent
from civgame.framework.codec import to_plain
from civgame.games.clash import new_game
from civgame.games.clash.core.copying import copy_game
from civgame.games.clash.core.model import Game
from civgame.games.clash.rules.flow.controller import apply, legal_actions
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.storage.save import dumps, loads


def test_a_copy_equals_the_original_and_shares_the_rules():
    game = play_steps(new_game(3, 4), random_agents(3, 4), 150)
    copied = copy_game(game)
    assert to_plain(copied) == to_plain(game)
    assert copied.rules is game.rules
    assert copied.players[0] is not game.players[0] and copied.regions[0] is not game.regions[0]
    bare = copy_game(game, with_record=False)
    assert bare.log == [] and bare.history == []
    assert to_plain(bare) | {"log": game.log, "history": game.history} == to_plain(game)


def test_playing_on_a_copy_never_changes_the_original():
    for seed in (1, 2, 3):
        game = play_steps(new_game(4, seed), random_agents(4, seed), 40)
        assert game.space_region  # the board caches are filled before copying, as in play
        before = to_plain(game)
        copied = copy_game(game, with_record=False)
        play_steps(copied, random_agents(4, seed + 100), 400)  # explores, fights, founds cities
        assert sum(r.revealed for r in copied.regions) > sum(r.revealed for r in game.regions)
        assert to_plain(game) == before
        assert check_invariants(copied) == []
        copied_region = copied.space_region[copied.regions[-1].anchor]
        assert copied_region is copied.regions[-1]


def test_a_copy_without_its_record_plays_as_the_game_does_and_keeps_no_record():
    """A look-ahead copy writes no log lines and notes no actions, battles' own logs aside, and
    plays on exactly as a copy with its record does; a copy of it with the record keeps one again."""
    game = play_steps(new_game(4, 2), random_agents(4, 2), 40)
    recorded, bare = copy_game(game), copy_game(game, with_record=False)
    for copied in (recorded, bare):
        play_steps(copied, random_agents(4, 102), 200)
    assert len(recorded.log) > len(game.log) and len(recorded.history) == len(game.history) + 200
    assert bare.log == [] and bare.history == []
    assert to_plain(bare) | {"log": recorded.log, "history": recorded.history} == to_plain(recorded)
    again = copy_game(bare)
    play_steps(again, random_agents(4, 103), 5)
    assert again.log and len(again.history) == 5


def test_a_copy_shares_the_board_caches_made_whole_and_fills_its_own_growing_ones():
    game = play_steps(new_game(4, 1), random_agents(4, 1), 40)
    start = game.units[0].pos
    game.distances_from(start)
    copied = copy_game(game, with_record=False)
    assert copied.is_land(start) and copied._terrain_map is game._terrain_map  # never changed once made
    assert copied.distances_from(start) == game.distances_from(start)
    elsewhere = next(space for space in game.space_region if space not in game._distances)
    copied.distances_from(elsewhere)  # the copy remembers what it works out ...
    assert elsewhere in copied._distances and elsewhere not in game._distances  # ... and the original does not
    copied.invalidate_board()  # as when the copy turns a region over
    assert game._terrain_map and game._distances[start] and game.space_region[start] in game.regions


def _mutable_parts(value: object, found: dict[int, object]) -> dict[int, object]:
    """Every list, dict and mutable model object reachable from `value`, by identity."""
    if isinstance(value, list | dict) or (is_dataclass(value) and not value.__dataclass_params__.frozen):
        if id(value) in found:
            return found
        found[id(value)] = value
    if isinstance(value, list | tuple):
        for item in value:
            _mutable_parts(item, found)
    elif isinstance(value, dict):
        for key, item in value.items():
            _mutable_parts(key, found)
            _mutable_parts(item, found)
    elif is_dataclass(value):
        for f in fields(value):
            _mutable_parts(getattr(value, f.name), found)
    return found


def _model(game: Game) -> list[object]:
    return [getattr(game, f.name) for f in fields(game)]


def test_a_copy_shares_nothing_mutable_with_the_original_in_any_state_of_random_games():
    """The copy functions are written from the fields' declared types: over every state of seeded
    games (battles, events, trades, decisions of every kind pending, games loaded from their saves)
    the copy equals the original and holds none of its lists, dicts or model objects."""
    kinds: set[str] = set()
    for seed in (5,):
        game = new_game(4, seed)
        agents = [AggressiveAgent(f"{seed}:{i}") for i in range(4)]
        for step in range(MAX_STEPS):
            if game.phase == "over":
                break
            for original in (game, loads(dumps(game))) if step % 30 == 0 else (game,):
                copied = copy_game(original, with_record=False)
                assert to_plain(copied) | {"log": original.log, "history": original.history} == to_plain(original)
                assert not _mutable_parts(_model(copied), {}).keys() & _mutable_parts(_model(original), {}).keys()
            kinds.update(type(d).__name__ for d in game.pending)
            kinds.update(("combat",) if game.combat else ())
            apply(game, agents[game.actor()].choose(game, legal_actions(game)))
    assert {"combat", "MoveDecision", "PayDecision", "TradeDecision"} <= kinds
