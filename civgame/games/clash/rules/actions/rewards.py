"""Listeners that reward a moment of play: `gain_on`, `battle_reward` and `piece_for_vp` after a battle,
and after a capture `captured_city_mood` and `unit_after_capture` effects; once a battle is over, its capture
settled, `revive_lost_units` (the Apothecary)."""

from __future__ import annotations

from typing import Any

from civgame.framework.wording import with_article
from civgame.games.clash.content import effects
from civgame.games.clash.content.effects import Effect
from civgame.games.clash.content.effects.core import GainOn
from civgame.games.clash.content.effects.economy import CapturedCityMood, UnitAfterCapture
from civgame.games.clash.content.effects.military import BattleReward, PieceForVp, ReviveLostUnits
from civgame.games.clash.content.effects.sources import LEADER_UNIT
from civgame.games.clash.core.decisions import EffectChoiceDecision, ReviveDecision
from civgame.games.clash.core.hexgrid import Hex, hex_to_label, label_to_hex
from civgame.games.clash.core.model import MOODS, BattleRecord, Combat, EventInProgress, Game, Player, Unit
from civgame.games.clash.core.vocabulary import amounts
from civgame.games.clash.rules import combat, events
from civgame.games.clash.rules.actions.economy_abilities import CHOICE_RULES
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.base.payments import can_pay, describe, gain, holdings, pay, payment_options
from civgame.games.clash.rules.base.triggers import listener


@listener("gain_on")
def gain_on(game: Game, player: Player, effect: Effect, context: dict[str, Any]) -> None:
    assert isinstance(effect.params, GainOn)
    held = holdings(player)
    if any(held[what] > most for what, most in effect.params.holding_at_most.items()):
        return
    log.gained(game, player, gain(game, player, amounts(effect.params.gain)), effect.source)


@listener("battle_reward")
def battle_reward(game: Game, player: Player, effect: Effect, context: dict[str, Any]) -> None:
    reward = effects.params_as(effect, BattleReward)
    if earns(game, player.index, context["record"], reward):
        log.gained(game, player, gain(game, player, amounts(reward.gain)), effect.source)


def earns(game: Game, holder: int, record: BattleRecord, reward: BattleReward) -> bool:
    """Every condition of the reward holds for this battle, seen from `holder`."""
    side = 0 if record.attacker == holder else 1
    if record.winner != holder or ("naval" if record.naval else "land") not in reward.battles:
        return False
    if reward.role != "either" and reward.role != ("attacker", "defender")[side]:
        return False
    if (reward.real and not record.real) or reward.decided_in_round not in (None, record.rounds):
        return False
    if reward.leader_survived and record.present[side].count(LEADER_UNIT) <= record.lost[side].count(LEADER_UNIT):
        return False
    city = game.city_at(record.space)
    if reward.captures_city and (side != 0 or city is None or city.owner == holder):
        return False
    return reward.city_not_mood is None or (city is not None and city.mood != reward.city_not_mood)


@listener("captured_city_mood")
def captured_city_mood(game: Game, player: Player, effect: Effect, context: dict[str, Any]) -> None:
    params = effects.params_as(effect, CapturedCityMood)
    city = game.city(context["city"])
    if city is None:  # removed: the captor had no settlement piece left
        return
    city.mood = params.mood
    where = hex_to_label(city.pos)
    log.say(game, "reward.city_mood", space=where, mood=city.mood, source=effect.source)
    cost = amounts(params.better_for)
    if cost and city.mood != MOODS[-1] and can_pay(game, player, cost):
        better = MOODS[MOODS.index(city.mood) + 1]
        game.pending.append(
            EffectChoiceDecision(
                player=player.index,
                source=effect.source,
                effect=effect.name,
                options=[f"{where} stays {city.mood}", f"{where} becomes {better} for {describe(cost)}"],
            )
        )


def _listed_options(game: Game, decision: EffectChoiceDecision) -> list[str]:
    return list(decision.options)


def _improve_captured(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    if option == decision.options[0]:
        return
    player = game.player(decision.player)
    effect = next(e for e in effects.active(game, player, decision.effect) if e.source == decision.source)
    city = game.city_at(label_to_hex(option.split(" ", 1)[0]))
    assert city is not None  # nothing happens between the capture and this choice
    pay(player, amounts(effects.params_as(effect, CapturedCityMood).better_for))
    city.mood = MOODS[MOODS.index(city.mood) + 1]
    log.say(
        game, "reward.better_mood", player.index, space=hex_to_label(city.pos), mood=city.mood, source=effect.source
    )


CHOICE_RULES["captured_city_mood"] = (_listed_options, _improve_captured)


@listener("unit_after_capture")
def unit_after_capture(game: Game, player: Player, effect: Effect, context: dict[str, Any]) -> None:
    params = effects.params_as(effect, UnitAfterCapture)
    city = game.city(context["city"])
    if (
        city is None
        or effects.leader_space(game, player) != city.pos
        or not _room_for(game, player, params.unit, city.pos)
    ):
        return
    cost = amounts(params.cost)
    if not can_pay(game, player, cost):
        return
    name = game.rules.units[params.unit].name
    game.pending.append(
        EffectChoiceDecision(
            player=player.index,
            source=effect.source,
            effect=effect.name,
            options=[f"place 1 {name} at {hex_to_label(city.pos)} for {describe(cost)}", "decline"],
        )
    )


def _room_for(game: Game, player: Player, kind: str, space: Hex) -> bool:
    """A piece of `kind` is left in supply, and an army unit keeps within the stacking limit at `space`."""
    spec = game.rules.units[kind]
    if len(game.pieces_of(player.index, kind)) >= spec.limit:
        return False
    here = [u for u in game.units_at(space) if u.owner == player.index and u.carrier is None and game.is_army(u)]
    return not spec.army or len(here) < game.rules.game.stacking_limit


def _place_after_capture(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    if option == "decline":
        return
    player = game.player(decision.player)
    effect = next(e for e in effects.active(game, player, decision.effect) if e.source == decision.source)
    params = effects.params_as(effect, UnitAfterCapture)
    space = effects.leader_space(game, player)
    assert space is not None  # nothing happens between the capture and this choice
    pay(player, amounts(params.cost))
    game.units.append(Unit(game.new_id(), player.index, params.unit, space))
    log.say(
        game,
        "reward.unit",
        player.index,
        unit=with_article(log.unit_name(game, params.unit)),
        space=hex_to_label(space),
        source=effect.source,
    )


CHOICE_RULES["unit_after_capture"] = (_listed_options, _place_after_capture)


@listener("piece_for_vp")
def piece_for_vp(game: Game, player: Player, effect: Effect, context: dict[str, Any]) -> None:
    params = effects.params_as(effect, PieceForVp)
    record: BattleRecord = context["record"]
    lost = record.lost[0 if record.attacker == player.index else 1]
    units = game.rules.units
    fighting = sum(1 for kind in lost if (units[kind].naval if record.naval else units[kind].army))
    spec = game.rules.buildings[params.building]
    if fighting < params.min_losses:
        return
    if game.pieces_in_colour(player.index, params.building) >= spec.limit:
        return
    game.pending.append(
        EffectChoiceDecision(
            player=player.index,
            source=effect.source,
            effect=effect.name,
            options=["decline", f"give up {with_article(spec.name)} piece for {log.vp(params.vp)}"],
        )
    )


def _give_up_piece(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    if option == "decline":
        return
    player = game.player(decision.player)
    effect = next(e for e in effects.active(game, player, decision.effect) if e.source == decision.source)
    params = effects.params_as(effect, PieceForVp)
    player.pieces_destroyed[params.building] = player.pieces_destroyed.get(params.building, 0) + 1
    player.objective_vp += params.vp
    log.say(
        game,
        "reward.piece_for_vp",
        player.index,
        piece=with_article(game.rules.buildings[params.building].name),
        vp=log.vp(params.vp),
        source=effect.source,
    )


CHOICE_RULES["piece_for_vp"] = (_listed_options, _give_up_piece)


REVIVE = "revive_lost_units"
STOP_REVIVING = "bring back no more"


def _offer_revival_after_battle(game: Game, battle: Combat) -> None:
    """Once a battle is over, its capture settled: each side that lost land units and holds a `revive_lost_units`
    effect may put them back in its cities of the effect's building."""
    record = game.battles[-1]
    for side, owner in enumerate((record.attacker, record.defender)):
        _offer_revival(game, owner, record.lost[side])


def _offer_revival_after_event(game: Game, event: EventInProgress) -> None:
    """Once an event is over: as after a battle, for the units it took."""
    for owner, lost in event.lost.items():
        _offer_revival(game, owner, lost)


def _offer_revival(game: Game, owner: int, lost_kinds: list[str]) -> None:
    units = game.rules.units
    lost = [kind for kind in lost_kinds if not units[kind].naval and not units[kind].leader]
    for effect in effects.active(game, game.player(owner), REVIVE) if lost and owner >= 0 else []:
        _ask_revival(game, ReviveDecision(player=owner, source=effect.source, effect=REVIVE, lost=lost))


def _revivals(game: Game, decision: ReviveDecision) -> list[tuple[str, str, int, dict[str, int]]]:
    """Each way to put back one unit: (option, kind, city id, payment)."""
    player = game.player(decision.player)
    effect = next(e for e in effects.active(game, player, REVIVE) if e.source == decision.source)
    params = effects.params_as(effect, ReviveLostUnits)
    cities = [c for c in game.cities_of(player.index) if params.building in c.buildings and c.id not in decision.used]
    found = []
    for kind in dict.fromkeys(decision.lost):
        name = log.unit_name(game, kind)
        for city in (c for c in cities if _room_for(game, player, kind, c.pos)):
            for payment in payment_options(game, player, amounts(params.cost)):
                option = f"bring back {with_article(name)} to {hex_to_label(city.pos)} for {describe(payment)}"
                found.append((option, kind, city.id, payment))
    return found


def _ask_revival(game: Game, decision: ReviveDecision) -> None:
    """Ask the decision if any unit can be put back."""
    options = [option for option, *_ in _revivals(game, decision)]
    if options:
        decision.options = [*options, STOP_REVIVING]
        game.pending.append(decision)


def _revive(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    assert isinstance(decision, ReviveDecision)
    if option == STOP_REVIVING:
        return
    _, kind, city_id, payment = next(way for way in _revivals(game, decision) if way[0] == option)
    player = game.player(decision.player)
    city = game.existing_city(city_id)
    pay(player, payment)
    game.units.append(Unit(game.new_id(), player.index, kind, city.pos, immobile=True))  # it fought this turn
    name = with_article(log.unit_name(game, kind))
    log.say(game, "reward.revived", player.index, unit=name, space=hex_to_label(city.pos), source=decision.source)
    lost = list(decision.lost)
    lost.remove(kind)
    if lost:
        _ask_revival(
            game,
            ReviveDecision(
                player=player.index, source=decision.source, effect=REVIVE, lost=lost, used=[*decision.used, city_id]
            ),
        )


CHOICE_RULES[REVIVE] = (_listed_options, _revive)
combat.AFTER_BATTLE.append(_offer_revival_after_battle)
events.AFTER_EVENT.append(_offer_revival_after_event)
