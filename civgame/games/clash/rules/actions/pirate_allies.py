"""`share_pirate_spaces` (Carthage's Pirate Allies in the 2012 Civilizations expansion): pirate ships sharing a
space with the holder's units count as the holder's ships. After every action (`settle`), the pirate ships
standing with a holder's units become the holder's (`Unit.pirate` set: still the pirates' piece, which the
holder does not move), and those left without the holder's units, outside a battle, are pirates again; so
every rule about a player's ships (battles, trade routes, raids, events) treats them as the holder's without
asking. Moving through and into their spaces without a battle is the move rules' (`movement.enemy_ship_spaces`);
ships moved or built where pirates are ask first whether to share the space or attack (`pirate_share.py`), which
is answered here."""

from __future__ import annotations

from civgame.games.clash.content import effects
from civgame.games.clash.core.decisions import EffectChoiceDecision, PirateShareDecision
from civgame.games.clash.core.hexgrid import hex_to_label
from civgame.games.clash.core.model import PIRATE, Game, Unit
from civgame.games.clash.rules import combat
from civgame.games.clash.rules.actions.economy_abilities import CHOICE_RULES
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.base.pirate_share import ATTACK, SHARE


def settle(game: Game) -> None:
    """Pirate ships join the holder whose units share their space, and leave a holder no longer with them."""
    if game.combat is not None or not any(u.owner == PIRATE or u.pirate for u in game.units):
        return  # (most games: no pirate ship at all; a battle keeps its sides to its end)
    if any(isinstance(d, PirateShareDecision) for d in game.pending):
        return  # the holder chooses first whether to share the space or attack
    for unit in game.units:
        if unit.pirate and not _shared(game, unit, unit.owner):
            unit.owner, unit.pirate = PIRATE, False
            log.say(game, "pirates.leave", space=hex_to_label(unit.pos))
    for player in game.players:
        for effect in effects.active(game, player, SHARE):
            for unit in game.units:
                if unit.owner == PIRATE and _shared(game, unit, player.index):
                    unit.owner, unit.pirate = player.index, True
                    log.say(game, "pirates.join", player.index, space=hex_to_label(unit.pos), source=effect.source)


def _shared(game: Game, pirate: Unit, owner: int) -> bool:
    """One of the owner's own units stands on the pirate ship's space (an allied pirate ship is none)."""
    return any(u.owner == owner and not u.pirate and u.pos == pirate.pos for u in game.units)


def _options(game: Game, decision: EffectChoiceDecision) -> list[str]:
    return list(decision.options)


def _answer(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    """Sharing needs nothing more (`settle` follows the answer); an attack is a battle as on entering."""
    assert isinstance(decision, PirateShareDecision)  # only those name this effect
    if option == ATTACK:
        origins = {} if decision.origin is None else dict.fromkeys(decision.units, decision.origin)
        combat.enter_space(
            game, decision.player, decision.units, decision.space, origins, can_retreat=decision.origin is not None
        )


CHOICE_RULES[SHARE] = (_options, _answer)
