"""The computer players answer the choices of the Civilizations expansion's special advances that move pieces or
look into a deck: Calendar's look and burial, Imperial Roads' free move, Pirate Allies' share or attack."""

import pytest

from civgame.ai.levels import LEVELS
from civgame.games.clash.core.actions import ChooseOption, MoveUnits, StartMove
from civgame.games.clash.core.decisions import MoveDecision, PirateShareDecision, TopCardDecision
from civgame.games.clash.rules.base.top_card import LOOK
from tests.ai.test_civilizations_expansion_ai import answered
from tests.engine.test_expansion_special_advances import special
from tests.engine.test_expansion_special_advances_moves import (
    IMPERIAL_ROADS,
    carthage_near_pirates,
    maya_before_astronomy,
    roman_roads,
)


def calendar_asked(looked: bool):
    s = maya_before_astronomy(calendar=True)
    special(s, 0, "Astronomy")
    if looked:
        s.apply(ChooseOption(LOOK))
    return s.game


def imperial_roads_opened():
    s = roman_roads(True)
    s.apply(IMPERIAL_ROADS)
    return s.game


def pirates_met():
    s, ship, _ = carthage_near_pirates(True)
    s.apply(StartMove())
    s.apply(MoveUnits((ship.id,), s.hex("F6")))
    return s.game


CHOICES = {
    "Pirate Allies: share or attack": (pirates_met, PirateShareDecision),
    "Calendar before an event": (lambda: calendar_asked(False), TopCardDecision),
    "Calendar's card looked at": (lambda: calendar_asked(True), TopCardDecision),
    "Imperial Roads' move": (imperial_roads_opened, MoveDecision),
}


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("choice", sorted(CHOICES))
def test_every_computer_player_answers_the_choices_of_these_special_advances(level, choice):
    make, kind = CHOICES[choice]
    answered(make(), kind, level)
