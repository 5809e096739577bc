"""why_illegal: the rules' own reason an action is not legal now, found without changing the game."""

from civgame.framework.saves import state_hash
from civgame.games.clash.core.actions import Advance, EndTurn, StartMove, UseAbility
from civgame.games.clash.rules.flow.controller import why_illegal
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


def test_an_ability_that_cannot_be_used_is_refused_with_its_own_reason():
    s = Scenario(players=2).reveal_all()
    s.city(0, "D2", mood="neutral")
    s.city(1, "D7")
    s.advances(0, "Taxes", "Forced Labor")
    s.resources(0, mood=0)
    assert why_illegal(s.game, UseAbility("Taxes", "taxes")) == "Player 1 cannot pay 1 mood"
    s.resources(0, mood=3)
    assert why_illegal(s.game, UseAbility("Forced Labor", "angry_as_neutral")) == "Player 1 has no angry city"
    s.game.actions_left = 0
    assert why_illegal(s.game, UseAbility("Taxes", "taxes", ("food",))) == "no main actions left this turn"
