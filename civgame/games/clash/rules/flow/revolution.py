"""Revolution (`event_revolution`): the active player loses an action, then changes government for free,
unless they kill one of their army units to avoid each.

It changes government as the status phase does, so it lives above `status.py` and adds its steps to
the event queue of `events.py`, which may not import the status phase.
"""

from __future__ import annotations

from civgame.framework.wording import with_article
from civgame.games.clash.content.effects import events as prims
from civgame.games.clash.core.model import EventInProgress, EventStep, Game, Player
from civgame.games.clash.rules import events
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.flow.status import government_options, switch_government

LOSE_ACTION = "lose an action"
KILL = "kill the "


def _revolution(
    game: Game, event: EventInProgress, step: EventStep, player: Player, params: prims.EventRevolution
) -> None:
    event.steps[0:0] = [
        EventStep("revolution_action", step.player, step.effect),
        EventStep("revolution_government", step.player, step.effect),
    ]


def _sacrifices(game: Game, player: Player) -> list[str]:
    """An army unit killed instead of one of the two steps."""
    units = (u for u in game.units_of(player.index) if game.rules.units[u.kind].army)
    return sorted({f"{KILL}{events.unit_option(u)} to avoid it" for u in units})


def _sacrificed(game: Game, player: Player, option: str) -> bool:
    if not option.startswith(KILL):
        return False
    unit = option[len(KILL) : -len(" to avoid it")]
    events.remove_unit(game, player.index, unit)
    log.say(game, "revolution.sacrifice", player.index, unit=with_article(unit))
    return True


def _action_step(game: Game, event: EventInProgress, step: EventStep) -> None:
    player = game.player(step.player)
    in_turn = game.phase != "status" and game.current == player.index and game.actions_left > 0
    if in_turn or game.phase == "status":
        events.ask(game, event, step, [LOSE_ACTION, *_sacrifices(game, player)])


def _action_answered(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    player = game.player(step.player)
    if _sacrificed(game, player, option):
        return
    if game.phase == "status":
        player.action_lost = True
        log.say(game, "revolution.next_turn", player.index)
    else:
        game.actions_left -= 1
        log.say(game, "turn.revolution", player.index)


def _change_to(advances: tuple[str, ...]) -> str:
    return f"change government to {', '.join(advances)}"


def _government_step(game: Game, event: EventInProgress, step: EventStep) -> None:
    player = game.player(step.player)
    changes = [_change_to(o) for o in government_options(game, player, free=True)]
    if changes:
        events.ask(game, event, step, [*changes, *_sacrifices(game, player)])


def _government_answered(game: Game, event: EventInProgress, step: EventStep, option: str) -> None:
    player = game.player(step.player)
    if _sacrificed(game, player, option):
        return
    new = next(o for o in government_options(game, player, free=True) if _change_to(o) == option)
    switch_government(game, player, new)


events.add_main_effect("event_revolution", _revolution)
events.add_step("revolution_action", _action_step, _action_answered, "lose an action, or an army unit")
events.add_step("revolution_government", _government_step, _government_answered, "a new government, or an army unit")
