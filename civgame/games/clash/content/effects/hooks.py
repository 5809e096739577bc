"""The hooks: named moments of play at which content effects may act.

Each hook is declared once here with where the engine fires it and what it passes; the rule
modules fire them through `civgame.games.clash.rules.base.triggers.fire` at exactly that point, and
`docs/effects.md` lists them. `scope` says whose effects hear it: `player`, only the player the
rule names (for example the winner of a battle); `all`, every player, the current player first
and then clockwise. Listeners of hooks with `choices` may push decisions; the others act at once
(a combat round or a status step cannot wait in the middle).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Hook:
    name: str
    fires: str  # where and when the engine fires it
    passes: dict[str, str]  # context key -> what it is
    scope: Literal["player", "all"]
    choices: bool  # whether a listener may stop play for its player's choice (push a decision)


HOOKS: dict[str, Hook] = {}


def _hook(name: str, fires: str, scope: Literal["player", "all"], *, choices: bool = True, **passes: str) -> None:
    HOOKS[name] = Hook(name, fires, passes, scope, choices)


_hook("turn_start", "when a player's turn begins, after the turn's resets", "player")
_hook("turn_end", "when a player ends the turn, before the next turn or the status phase", "player")
_hook(
    "advance_gained",
    "after a player gains an advance by any means, with its border bonus and its own gain effects",
    "player",
    advance="the advance's name",
)
_hook(
    "city_activated",
    "after a city's activation (collect, construct, recruit) is done, before its mood drops",
    "player",
    city="the city's id",
)
_hook(
    "combat_round_start",
    "at the start of each combat round, before any die is rolled (each side that is a player)",
    "player",
    round="the round's number",
    space="the battle's space",
    choices=False,
)
_hook(
    "hits_assigned",
    "after a combat round's hits are known, before casualties are chosen (each side that is a player)",
    "player",
    round="the round's number",
    hits_taken="the hits this side takes",
    choices=False,
)
_hook(
    "battle_won",
    "when a battle ends with this player as its winner, before any city is captured",
    "player",
    space="the battle's space",
    loser="the losing side (a player index, or -1 barbarians, -2 pirates)",
)
_hook(
    "battle_ended",
    "when a battle ends, won or not (each side that is a player)",
    "player",
    space="the battle's space",
)
_hook(
    "city_captured",
    "after a player captures a city (the capture gold is paid)",
    "player",
    city="the city's id",
    previous_owner="who held it (a player index, or -1 barbarians)",
)
_hook(
    "wonder_built",
    "after a player builds a wonder (paid for, placed in its city, its `on_gain` effects done)",
    "player",
    wonder="the wonder's key",
    city="the city's id",
)
_hook(
    "city_founded",
    "after a player founds a city (by a settler or any other means)",
    "player",
    city="the city's id",
)
_hook(
    "recruited",
    "after a player's Recruit action has placed its units",
    "player",
    units="the unit types recruited",
    paid="what the recruit cost was paid with",
    replaced="the unit types paid for by their `recruit_substitute` price (Draft's mood token for an infantry)",
)
_hook(
    "leader_died",
    "when a player's leader dies: killed in battle, overrun, or taken by an event (not replaced in the status phase)",
    "player",
    choices=False,
    leader="the leader's name",
)
_hook(
    "settler_bought",
    "after a player pays to place a settler in one of their cities without a Recruit (the 2012 Sanitation's "
    "`construct_settler`)",
    "player",
    units="the unit types placed (a settler)",
)
_hook(
    "battle_recorded",
    "when a battle or an uncontested capture is over, before a city is captured (each side that is a player)",
    "player",
    record="the battle's record: sides, winner, units present at the start and lost",
)
_hook("status_step", "at the start of each status-phase step", "all", step="the step's number, from 1", choices=False)
_hook("event_drawn", "when an event card is drawn for a player, before it is resolved", "player", card="the card")
