"""The computer players answer the choices the Civilizations expansion adds: where an explored region's pirate
ship appears, which lost units an Apothecary puts back, whether to leave out trade routes to a Market, and those
of the civilizations' special advances (a die rolled again, elephants' low dice counted, barbarians bought off,
another player's action card cancelled)."""

import pytest

from civgame.ai.levels import LEVELS, make_agent
from civgame.games.clash.core.actions import PlayActionCard
from civgame.games.clash.core.decisions import EffectChoiceDecision, ReviveDecision, SkipRoutesDecision
from civgame.games.clash.rules.flow.controller import apply, legal_actions
from tests.classic import expansion_rules
from tests.engine.test_civilizations_expansion import apothecary_battle, explore_two_seas, routes_to_markets
from tests.engine.test_expansion_special_advances import (
    barbarian_attack,
    carthage_attacks_with_an_elephant,
    huns_facing_a_barbarian_army,
    huns_near_barbarians,
    japan_attacks_with_a_cavalry,
    subterfuge_board,
)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_computer_player_answers_the_expansions_choices(level):
    revive = apothecary_battle().game
    pirate = explore_two_seas(expansion_rules())[0].game
    routes = routes_to_markets("B3", plain=("E4",)).game
    for game, kind in ((revive, ReviveDecision), (pirate, EffectChoiceDecision), (routes, SkipRoutesDecision)):
        answered(game, kind, level)


def answered(game, kind, level):
    """The computer player of `level` answers the pending decision of `kind` with a legal action."""
    assert isinstance(game.pending[-1], kind)
    actions = legal_actions(game)
    chosen = make_agent(level, 1).choose(game, actions)
    assert chosen in actions
    apply(game, chosen)


def hunnic_tribes_asked():
    s, _ = huns_near_barbarians(True)
    barbarian_attack(s, rolls=False)
    return s


def subterfuge_asked():
    s = subterfuge_board(True)
    s.apply(s.legal_of(PlayActionCard)[0])
    return s


SPECIAL_ADVANCE_CHOICES = {
    "Subterfuge": subterfuge_asked,
    "Horsemanship": lambda: japan_attacks_with_a_cavalry(True),
    "Warbeasts": lambda: carthage_attacks_with_an_elephant(True),
    "Hunnic Tribes (an attack)": hunnic_tribes_asked,
    "Hunnic Tribes (an army moving in)": lambda: huns_facing_a_barbarian_army(True),
}


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("choice", sorted(SPECIAL_ADVANCE_CHOICES))
def test_every_computer_player_answers_the_special_advances_choices(level, choice):
    answered(SPECIAL_ADVANCE_CHOICES[choice]().game, EffectChoiceDecision, level)


def test_normal_pays_to_turn_a_barbarian_attack_from_its_city_with_hunnic_tribes():
    """The barbarians of E4 would take the Huns' undefended city at D2: paying 1 gold or culture token to turn
    them on another player's city is worth more."""
    game = hunnic_tribes_asked().game
    chosen = make_agent("normal", 1).choose(game, legal_actions(game))
    assert chosen.option.startswith("pay ") and chosen.option.endswith("E4 attacks E5")
