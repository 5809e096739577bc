"""Answers to a decision chosen on the map: each answer that names a board space (a city to raze or to take
a refugee or a reinforcement, a unit to use again, a space or a piece "at D5" in an option's text) is
offered by a click on that space. The decision's dialog keeps listing every answer as the other way."""

from __future__ import annotations

import re

from civgame.games.clash.core import actions as A
from civgame.games.clash.core.decisions import HappinessDecision, MoveDecision, OrientationDecision
from civgame.games.clash.core.hexgrid import Hex, label_to_hex
from civgame.games.clash.core.model import Game

LABEL = re.compile(r"\b[A-Z]-?\d+\b")  # a space's label in an option's text, as hex_to_label writes it
ON_THE_MAP_ALREADY = (MoveDecision, OrientationDecision, HappinessDecision)  # answered on the map their own way


def answer_space(game: Game, action: A.Action) -> Hex | None:
    """The board space an answer names, if it names one: the last space its text names (where an army moves
    to, where a piece stands), or the space of the city or unit it picks."""
    if isinstance(action, A.ChooseOption):
        named = [h for h in map(label_to_hex, LABEL.findall(action.option)) if h in game.space_region]
        return named[-1] if named else None
    if isinstance(action, A.Raze | A.PlaceRefugee | A.PlaceReinforcement) and action.city is not None:
        city = game.city(action.city)
        return city.pos if city is not None else None
    if isinstance(action, A.ReuseUnit):
        unit = game.unit(action.unit)
        return unit.pos if unit is not None else None
    return None


def space_choices(game: Game, legal: list[A.Action]) -> dict[Hex, list[A.Action]]:
    """The answers of the pending decision by the space each names (none for decisions the map already
    answers its own way)."""
    if not game.pending or isinstance(game.pending[-1], ON_THE_MAP_ALREADY):
        return {}
    choices: dict[Hex, list[A.Action]] = {}
    for action in legal:
        space = answer_space(game, action)
        if space is not None:
            choices.setdefault(space, []).append(action)
    return choices
