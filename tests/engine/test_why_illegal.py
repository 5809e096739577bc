"""why_illegal: the rules' own reason an action is not legal now, found without changing the game."""

from civgame.engine.core.actions import Advance, EndTurn, StartMove
from civgame.engine.rules.controller import why_illegal
from civgame.engine.storage.save import state_hash
from tests.scenario import Scenario


def test_the_reason_is_the_rule_error_and_the_game_is_unchanged():
    s = Scenario(players=2)
    s.city(0, "D2")
    s.resources(0, food=0, wood=0, ore=0, ideas=0, gold=0)
    game = s.game
    before = state_hash(game)
    assert why_illegal(game, StartMove()) == "none of Player 1's units can move"
    assert why_illegal(game, Advance("Storage")) == "Player 1 cannot pay 2 any of food/ideas/gold"
    assert why_illegal(game, EndTurn()) is None  # legal
    assert state_hash(game) == before and game.rules is s.game.rules
