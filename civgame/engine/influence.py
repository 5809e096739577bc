"""Influence Culture: turn a building within range of one of your cities into your colour.

Range is the starting city's unmodified size, counted in steps through revealed board spaces
(land or sea). Culture tokens extend the range (paid before the roll) or turn a failed roll
into a success (paid after it). Only one attempt per turn may succeed.
"""

from __future__ import annotations

from collections import deque

from civgame.engine.actions import Action, BoostInfluence, InfluenceCulture
from civgame.engine.controller import rule
from civgame.engine.decisions import InfluenceBoostDecision
from civgame.engine.errors import RuleError
from civgame.engine.hexgrid import Hex, hex_to_label
from civgame.engine.model import City, Game, Player
from civgame.engine.payments import can_pay, pay
from civgame.engine.turns import spend_main_action


def culture(amount: int) -> dict[str, int]:
    return {"culture": amount}


def is_influenced(city: City) -> bool:
    """A city holding a building piece in a colour other than its owner's."""
    return any(colour != city.owner for colour in city.buildings.values())


def may_boost(source: City) -> bool:
    """Culture tokens may extend range or raise the roll, unless the source city is influenced."""
    return not is_influenced(source)


def distances_from(game: Game, start: Hex) -> dict[Hex, int]:
    """Steps from `start` to every space reachable through revealed board spaces."""
    steps = {start: 0}
    frontier = deque([start])
    while frontier:
        here = frontier.popleft()
        for there in game.board_neighbors(here):
            if there not in steps and game.revealed(there):
                steps[there] = steps[here] + 1
                frontier.append(there)
    return steps


def has_piece_left(game: Game, player: Player, building: str) -> bool:
    return game.pieces_in_colour(player.index, building) < game.rules.buildings[building].limit


def why_not_target(game: Game, player: Player, target: City, building: str) -> str | None:
    """The rule that stops `player` from influencing this building piece, or None."""
    where = hex_to_label(target.pos)
    if building not in target.buildings:
        return f"the city at {where} has no {building} building (settlements and wonders can't be influenced)"
    name = game.rules.buildings[building].name
    if target.buildings[building] == player.index:
        return f"the {name} at {where} is already in {player.name}'s colour"
    if not game.rules.buildings[building].can_be_influenced:
        return f"a {name} can never be influenced"
    if not has_piece_left(game, player, building):
        return f"{player.name} has no {name} piece left to exchange it with"
    return None


def why_not_source(player: Player, source: City | None, target: City) -> str | None:
    if source is None or source.owner != player.index:
        return "Influence Culture must start from one of your own cities"
    if is_influenced(source) and source is not target:
        return "a city under another player's influence can only target itself"
    if target.owner == player.index and source is not target:
        return "influence in your own city can only be removed by that city itself"
    return None


def why_not_reach(game: Game, player: Player, source: City, range_tokens: int,
                  distance: int | None) -> str | None:
    """Check the range of an attempt; `distance` is None when no revealed path exists."""
    if range_tokens < 0:
        return "range tokens can't be negative"
    if range_tokens and not may_boost(source):
        return "an influenced city may not boost its range"
    if distance is None:
        return "no path through revealed spaces joins the two cities"
    if distance > source.size + range_tokens:
        return (f"the target is {distance} spaces away, beyond range {source.size}"
                f" + {range_tokens} culture token(s)")
    if not can_pay(game, player, culture(range_tokens)):
        return f"{player.name} cannot pay {range_tokens} culture token(s) for range"
    return None


def _why_not(game: Game, player: Player, source: City | None, target: City, building: str,
             range_tokens: int, distance: int | None) -> str | None:
    if player.influence_succeeded:
        return f"{player.name} already influenced culture successfully this turn"
    reason = why_not_target(game, player, target, building) or why_not_source(player, source, target)
    if reason:
        return reason
    assert source is not None
    return why_not_reach(game, player, source, range_tokens, distance)


def why_not_attempt(game: Game, player: Player, action: InfluenceCulture) -> str | None:
    """The rule an Influence Culture attempt breaks, or None if it may be made."""
    target = game.city(action.target)
    if target is None:
        return f"there is no city {action.target}"
    source = game.city(action.source)
    distance = distances_from(game, source.pos).get(target.pos) if source else None
    return _why_not(game, player, source, target, action.building, action.range_tokens, distance)


def _roll(game: Game) -> int:
    """One die: the combat die's number only, so 1-6 uniformly."""
    die = game.rules.combat.die
    return die[game.rng.below(len(die))].value


def _succeed(game: Game, player: Player, target: City, building: str) -> None:
    target.buildings[building] = player.index
    player.influence_succeeded = True
    name = game.rules.buildings[building].name
    game.say(f"{player.name}'s culture takes over the {name} in the city at {hex_to_label(target.pos)}")


# ------------------------------------------------------------------ the attempt

def _legal_attempts(game: Game) -> list[Action]:
    player = game.player(game.current)
    if game.actions_left <= 0 or player.influence_succeeded:
        return []
    attempts: list[Action] = []
    for source in game.cities_of(player.index):
        reach = distances_from(game, source.pos)
        for target in game.cities:
            distance = reach.get(target.pos)
            if distance is None:
                continue
            tokens = max(0, distance - source.size)
            for building in target.buildings:
                if _why_not(game, player, source, target, building, tokens, distance) is None:
                    attempts.append(InfluenceCulture(source.id, target.id, building, tokens))
    return attempts


@rule(InfluenceCulture, legal=_legal_attempts)
def influence_culture(game: Game, action: InfluenceCulture) -> None:
    player = game.player(game.current)
    if game.actions_left <= 0:
        raise RuleError("no main actions left this turn")
    reason = why_not_attempt(game, player, action)
    if reason:
        raise RuleError(reason)
    source, target = game.city(action.source), game.city(action.target)
    assert source is not None and target is not None
    pay(player, culture(action.range_tokens))
    spend_main_action(game)
    roll = _roll(game)
    needed = game.rules.game.influence.success_roll
    name = game.rules.buildings[action.building].name
    game.say(f"{player.name} tries to influence the {name} at {hex_to_label(target.pos)} from"
             f" {hex_to_label(source.pos)}: rolls {roll} (needs {needed})")
    if roll >= needed:
        _succeed(game, player, target, action.building)
    elif may_boost(source) and can_pay(game, player, culture(needed - roll)):
        game.pending.append(InfluenceBoostDecision(
            player=player.index, target=target.id, building=action.building, tokens_needed=needed - roll))
    else:
        game.say(f"{player.name}'s influence attempt fails")


# ------------------------------------------------------------------ boosting a failed roll

def _decision(game: Game) -> InfluenceBoostDecision:
    decision = game.pending[-1]
    assert isinstance(decision, InfluenceBoostDecision)
    return decision


def _legal_boosts(game: Game) -> list[Action]:
    decision = _decision(game)
    affordable = can_pay(game, game.player(decision.player), culture(decision.tokens_needed))
    return ([BoostInfluence(True)] if affordable else []) + [BoostInfluence(False)]


@rule(BoostInfluence, legal=_legal_boosts, answers=(InfluenceBoostDecision,))
def boost_influence(game: Game, action: BoostInfluence) -> None:
    decision = _decision(game)
    player = game.player(decision.player)
    cost = culture(decision.tokens_needed)
    if action.boost and not can_pay(game, player, cost):
        raise RuleError(f"{player.name} cannot pay {decision.tokens_needed} culture token(s) to boost")
    game.pending.pop()
    if not action.boost:
        game.say(f"{player.name} accepts the failed influence attempt")
        return
    pay(player, cost)
    game.say(f"{player.name} boosts the roll with {decision.tokens_needed} culture token(s)")
    target = game.city(decision.target)
    assert target is not None
    _succeed(game, player, target, decision.building)
