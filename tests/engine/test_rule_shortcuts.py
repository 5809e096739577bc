"""The rules' shortcuts for computer play give the answers the long way gives.

`apply(game, action, listed=True)`: an action just listed is applied without its rule's second check.

Played as computer players play (no second check), seeded random games take exactly the course they
take when every action is checked as a human's would be; and a rule's separate check still refuses,
with its own reason and nothing changed, whatever is not legal.
"""

import pytest

from civgame.ai import play_game, random_agents
from civgame.engine.core.actions import Collect, Pick
from civgame.engine.core.codec import to_plain
from civgame.engine.core.errors import RuleError
from civgame.engine.rules.controller import apply
from civgame.engine.rules.registry import RULES
from civgame.engine.rules.setup import new_game


@pytest.mark.parametrize(("players", "seed"), [(4, 5), (3, 11), (2, 17)])
def test_games_played_without_the_second_check_take_the_same_course(players, seed):
    checked = play_game(players, seed, random_agents(players, seed))
    trusted = play_game(players, seed, random_agents(players, seed), recheck=False)
    assert trusted.history == checked.history
    assert to_plain(trusted.players) == to_plain(checked.players)


def test_rules_that_keep_their_check_apart_still_refuse_what_is_not_legal():
    assert RULES[Collect].check is not None  # the check this test relies on
    game = new_game(2, 3)
    city = next(c for c in game.cities if c.owner == game.current)
    far_away: Pick = ((city.pos[0] + 5, city.pos[1]), "food")
    before = to_plain(game)
    with pytest.raises(RuleError, match="nor next to it"):
        apply(game, Collect(city.id, (far_away,)))
    assert to_plain(game) == before
