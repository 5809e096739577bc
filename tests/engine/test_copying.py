"""The fast game copy used by look-ahead: equal to the original, and fully independent of it."""

from civgame.ai import play_steps, random_agents
from civgame.engine import new_game
from civgame.engine.core.codec import to_plain
from civgame.engine.core.copying import copy_game
from civgame.engine.rules.invariants import check_invariants


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
