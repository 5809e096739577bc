"""Pirate Allies' question (`share_pirate_spaces`): a holder's ships came where pirate ships are, by a move or
built there: share the space with the pirates, or attack them. Asked by the move and Build rules, answered by
`actions/pirate_allies.py`."""

from __future__ import annotations

from civgame.games.clash.content import effects
from civgame.games.clash.core.decisions import PirateShareDecision
from civgame.games.clash.core.hexgrid import Hex
from civgame.games.clash.core.model import PIRATE, Game

SHARE = "share_pirate_spaces"
SHARE_SPACE = "share the space with the pirates"
ATTACK = "attack the pirates"


def asked_to_share(game: Game, owner: int, ships: list[int], space: Hex, origin: Hex | None) -> bool:
    """The owner's `ships` came to `space` (from `origin`; None: built there): where pirate ships are, and only
    they, a holder is asked whether to share the space or attack (True: asked)."""
    if owner < 0 or not ships:
        return False
    found = effects.active(game, game.player(owner), SHARE)
    here = game.enemy_units_at(space, owner)
    if not found or not here or any(u.owner != PIRATE for u in here):
        return False
    game.pending.append(
        PirateShareDecision(
            player=owner,
            source=found[0].source,
            effect=SHARE,
            options=[SHARE_SPACE, ATTACK],
            units=list(ships),
            space=space,
            origin=origin,
        )
    )
    return True


def release(game: Game, space: Hex) -> None:
    """The pirate ships counted as a player's at `space` are pirates again: their ships attack them."""
    for unit in game.units_at(space):
        if unit.pirate:
            unit.owner, unit.pirate = PIRATE, False
