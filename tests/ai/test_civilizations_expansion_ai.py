"""The computer players answer the choices the Civilizations expansion adds: where an explored region's pirate
ship appears, which lost units an Apothecary puts back, and whether to leave out trade routes to a Market."""

import pytest

from civgame.ai.levels import LEVELS, make_agent
from civgame.games.clash.core.decisions import EffectChoiceDecision, ReviveDecision, SkipRoutesDecision
from civgame.games.clash.rules.flow.controller import apply, legal_actions
from tests.classic import expansion_rules
from tests.engine.test_civilizations_expansion import apothecary_battle, explore_two_seas, routes_to_markets


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_computer_player_answers_the_expansions_choices(level):
    revive = apothecary_battle().game
    pirate = explore_two_seas(expansion_rules())[0].game
    routes = routes_to_markets("B3", plain=("E4",)).game
    for game, kind in ((revive, ReviveDecision), (pirate, EffectChoiceDecision), (routes, SkipRoutesDecision)):
        game.rng = getattr(game.rng, "fallback", game.rng)  # the game's own RNG again, once the dice are rolled
        assert isinstance(game.pending[-1], kind)
        actions = legal_actions(game)
        chosen = make_agent(level, 1).choose(game, actions)
        assert chosen in actions
        apply(game, chosen)
