"""Moving barbarian armies with an action card: `move_barbarian_armies` (the Mercenaries card).

Once the card is played, its player answers a `BarbarianArmiesDecision` (with `ChooseOption`) in three
stages: the armies, one at a time (at most as many as they could pay for); the payment, 1 of the effect's
`pay_with` per army in any mix; then the moves, one army at a time in the order they choose. The decision
for the armies still to move is pushed before an army's move starts a battle, so the battle's decisions
come on top of it and the card's moves go on once the battle is over. The armies move and fight as the
barbarians of an event do (`events.step_army`, `events.attack_on_arrival`). A barbarian city an army left
is garrisoned once the army's battle is over (`Combat.left_city`, `combat.AFTER_BATTLE`), if the army did
not come back to it.
"""

from __future__ import annotations

from dataclasses import replace

from civgame.framework.wording import counted
from civgame.games.clash.content import effects
from civgame.games.clash.content.effects import Effect
from civgame.games.clash.content.effects.cards import MoveBarbarianArmies
from civgame.games.clash.core.decisions import BarbarianArmiesDecision, EffectChoiceDecision
from civgame.games.clash.core.hexgrid import Hex, distance, hex_to_label, label_to_hex
from civgame.games.clash.core.model import BARBARIAN, City, Combat, Game, Player, Unit
from civgame.games.clash.rules import combat, events
from civgame.games.clash.rules.actions.economy_abilities import CHOICE_RULES
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.base.payments import (
    TOKEN_KINDS,
    any_of,
    describe,
    held,
    pay,
    paying_kinds,
    payment_options,
)
from civgame.games.clash.rules.cards.action_cards import Choice, card_action, places

CHOOSE, PAY, MOVE = BarbarianArmiesDecision.STAGES
ARMY, TO, PAYING = "the army at ", " to ", "pay "  # "the army at C4", "the army at C4 to D5", "pay 1 food"
HIRE = "move the chosen armies"
STAY = "the remaining armies stay where they are"


def _params(game: Game, decision: EffectChoiceDecision) -> MoveBarbarianArmies:
    effect = next(e for e in game.rules.card_effects[decision.source] if e.name == decision.effect)
    return effects.params_as(effect, MoveBarbarianArmies)


def _pay_kinds(game: Game, player: Player, params: MoveBarbarianArmies) -> list[str]:
    """What an army may be paid with: `pay_with`, and whatever stands in for them (`paying_kinds`)."""
    (item,) = any_of(params.pay_with, 1)
    return paying_kinds(game, player, item)


def _most_payable(game: Game, player: Player, params: MoveBarbarianArmies) -> int:
    return sum(held(player, kind) for kind in _pay_kinds(game, player, params))


def _payments(game: Game, player: Player, params: MoveBarbarianArmies, armies: int) -> list[dict[str, int]]:
    return payment_options(game, player, any_of(params.pay_with, armies))


def _in_range(game: Game, player: Player, params: MoveBarbarianArmies) -> dict[Hex, list[Unit]]:
    """The barbarian armies within range of the player's units or cities, by space."""
    own = places(game, player.index)
    found: dict[Hex, list[Unit]] = {}
    for unit in game.units_of(BARBARIAN):
        found.setdefault(unit.pos, []).append(unit)
    return {
        space: army for space, army in sorted(found.items()) if any(distance(space, p) <= params.range for p in own)
    }


def _held_back(game: Game, player: Player, space: Hex, army: list[Unit]) -> str | None:
    """Why the army in range at `space` may not be chosen, or None."""
    if events.shielded_from_cards(game, player, space):
        return f"another player's leader keeps the army at {hex_to_label(space)} where it stands"
    if not events.army_steps(game, army):
        return f"the army at {hex_to_label(space)} has no space to move to"
    return None


def _armies(game: Game, player: Player, params: MoveBarbarianArmies) -> dict[Hex, list[Unit]]:
    """The barbarian armies the player may choose, by space: within range of their units or cities, not
    shielded from their cards by another player's leader, and with a space to move to."""
    in_range = _in_range(game, player, params).items()
    return {space: army for space, army in in_range if _held_back(game, player, space, army) is None}


def _hireable(game: Game, player: Player, effect: Effect) -> list[Choice]:
    """Playable with an army to choose and something to pay for it with."""
    params = effects.params_as(effect, MoveBarbarianArmies)
    return [()] if _most_payable(game, player, params) and _armies(game, player, params) else []


def _why_not_hire(game: Game, player: Player, effect: Effect) -> str:
    params = effects.params_as(effect, MoveBarbarianArmies)
    if not _most_payable(game, player, params):
        kinds = [f"{kind} token" if kind in TOKEN_KINDS else kind for kind in _pay_kinds(game, player, params)]
        return f"You have no {', '.join(kinds[:-1])} or {kinds[-1]} to pay the mercenaries"
    where = f"within {params.range} spaces of your units or cities"
    in_range = _in_range(game, player, params)
    if not in_range:
        return f"There is no barbarian army {where}"
    held_back = (_held_back(game, player, space, army) for space, army in in_range.items())
    return f"No barbarian army {where} may be moved: {'; '.join(r for r in held_back if r)}"


@card_action("move_barbarian_armies", options=_hireable, why_not=_why_not_hire)
def _hire(game: Game, player: Player, effect: Effect, choice: Choice) -> None:
    _ask(game, BarbarianArmiesDecision(player=player.index, source=effect.source, effect=effect.name))


def _to_move(game: Game, decision: BarbarianArmiesDecision) -> list[list[Unit]]:
    alive = ([u for u in map(game.unit, ids) if u is not None] for ids in decision.armies)
    return [army for army in alive if army]


def _move_option(army: list[Unit], to: Hex) -> str:
    return f"{ARMY}{hex_to_label(army[0].pos)}{TO}{hex_to_label(to)}"


def _options(game: Game, decision: EffectChoiceDecision) -> list[str]:
    """The answers open now at the decision's stage."""
    assert isinstance(decision, BarbarianArmiesDecision)
    player, params = game.player(decision.player), _params(game, decision)
    if decision.stage == CHOOSE:
        chosen = {army[0].pos for army in _to_move(game, decision)}
        room = len(decision.armies) < _most_payable(game, player, params)
        spaces = [space for space in _armies(game, player, params) if space not in chosen] if room else []
        return [ARMY + hex_to_label(space) for space in spaces] + ([HIRE] if decision.armies else [])
    if decision.stage == PAY:
        return [PAYING + describe(p) for p in _payments(game, player, params, len(decision.armies))]
    moves = [_move_option(army, to) for army in _to_move(game, decision) for to in events.army_steps(game, army)]
    return moves or [STAY]


def _ask(game: Game, decision: BarbarianArmiesDecision) -> None:
    """Push the decision. Choosing and paying are done at once when there is one way; a move is always
    asked. The moves listed are every step onto land (those a stacking limit closes are not legal for
    now), so the list stays right when a battle changes the board before the decision is answered."""
    if decision.stage == MOVE:
        steps = ((army, to) for army in _to_move(game, decision) for to in sorted(game.board_neighbors(army[0].pos)))
        decision.options = [*(_move_option(army, to) for army, to in steps if game.is_land(to)), STAY]
    else:
        decision.options = _options(game, decision)
        if len(decision.options) == 1:
            _answer(game, decision, decision.options[0])
            return
    game.pending.append(decision)


def _answer(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    assert isinstance(decision, BarbarianArmiesDecision)
    player = game.player(decision.player)
    if decision.stage == CHOOSE and option == HIRE:
        _ask(game, replace(decision, stage=PAY))
    elif decision.stage == CHOOSE:
        army = _armies(game, player, _params(game, decision))[label_to_hex(option.removeprefix(ARMY))]
        _ask(game, replace(decision, armies=[*decision.armies, [u.id for u in army]]))
    elif decision.stage == PAY:
        params, count = _params(game, decision), len(decision.armies)
        payment = next(p for p in _payments(game, player, params, count) if PAYING + describe(p) == option)
        pay(player, payment)
        armies = counted(count, "barbarian army")
        log.say(
            game, "mercenaries.paid", player.index, payment=log.things(payment), armies=armies, source=decision.source
        )
        _ask(game, replace(decision, stage=MOVE))
    elif option == STAY:
        log.say(game, "mercenaries.stay", source=decision.source)
    else:
        _move(game, decision, option)


def _move(game: Game, decision: BarbarianArmiesDecision, option: str) -> None:
    """Move one army; those still to move wait under the battle it may start. A barbarian city it leaves
    is garrisoned once its battle is over (at once without one), unless the army came back."""
    origin_label, to_label = option.removeprefix(ARMY).split(TO)
    origin, to = label_to_hex(origin_label), label_to_hex(to_label)
    armies = _to_move(game, decision)
    army = next(a for a in armies if a[0].pos == origin)
    rest = [[u.id for u in a] for a in armies if a is not army]
    if rest:
        _ask(game, replace(decision, armies=rest))
    events.step_army(game, army, to)
    events.attack_on_arrival(game, army, origin)
    left = game.city_at(origin)
    if left is None or left.owner != BARBARIAN:
        return
    if game.combat is not None:  # the battle waits for a choice: the city is garrisoned when it ends
        game.combat.left_city = left.id
    else:
        _garrison_if_left(game, left)


def _garrison_if_left(game: Game, city: City) -> None:
    """A barbarian city its army left gains an infantry, unless the army came back (a one-round battle
    that nobody won sends it back): only a city emptied of barbarians is garrisoned."""
    if city.owner == BARBARIAN and not any(u.owner == BARBARIAN for u in game.units_at(city.pos)):
        events.garrison(game, city)


def _garrison_after_battle(game: Game, battle: Combat) -> None:
    city = game.city(battle.left_city) if battle.left_city is not None else None
    if city is not None:
        _garrison_if_left(game, city)


combat.AFTER_BATTLE.append(_garrison_after_battle)


CHOICE_RULES["move_barbarian_armies"] = (_options, _answer)
