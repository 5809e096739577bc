"""Invariants: facts every reachable game state must satisfy, whatever the players do.

`check_invariants(game)` lists each violated invariant in words (an empty list: all hold).
Random-game tests call it after every action, so it catches rule modules that corrupt the
state even when no test foresaw the situation.
"""

from __future__ import annotations

from collections import Counter

from civgame.games.clash.content.effects.sources import ship_capacity, stale_answers
from civgame.games.clash.core.decisions import CasualtyDecision, EffectChoiceDecision
from civgame.games.clash.core.model import BARBARIAN, MOODS, PIRATE, Game, Unit
from civgame.games.clash.rules.base import civilizations
from civgame.games.clash.rules.base.payments import resource_cap, token_cap
from civgame.games.clash.rules.base.scoring import CATEGORIES, score_sheet
from civgame.games.clash.rules.combat import OVERLOAD
from civgame.games.clash.rules.events import CHOICE_PREFIX
from civgame.games.clash.rules.flow import places


def check_invariants(game: Game) -> list[str]:
    problems: list[str] = []
    for check in (
        _holdings,
        _effect_cache,
        _civilizations,
        _cities,
        _units_on_board,
        _stacking_and_cargo,
        _piece_limits,
        _turn,
        _scores,
        _action_cards,
    ):
        problems.extend(check(game))
    return problems


def _effect_cache(game: Game) -> list[str]:
    """A rule that changed what a player holds without saying so leaves stale effect answers."""
    return [f"stale effects after a change of holdings: {where}" for where in stale_answers(game)]


def _holdings(game: Game) -> list[str]:
    problems = []
    for p in game.players:
        for resource, amount in p.resources.items():
            cap = resource_cap(game, p, resource)
            if not 0 <= amount <= cap:
                problems.append(f"{p.name} holds {amount} {resource}; allowed 0-{cap}")
        for token, amount in (("mood", p.mood_tokens), ("culture", p.culture_tokens)):
            limit = token_cap(game, p, token)
            if amount < 0 or (limit is not None and amount > limit):
                problems.append(f"{p.name} holds {amount} {token} tokens; the limit is {limit}")
        scale = game.rules.game.scale
        top = scale.top if scale is not None else 0
        if not (0 <= p.culture_level <= top and 0 <= p.happiness_level <= top):
            problems.append(f"{p.name}'s levels {p.culture_level} and {p.happiness_level} are off the Scale 0-{top}")
    return problems


def _action_cards(game: Game) -> list[str]:
    """Every action card is in exactly one place: a pile, a hand, or face down in a battle."""
    return list(places.misplaced_cards(game, "action"))


def _civilizations(game: Game) -> list[str]:
    """One leader on the board at most, matching the player's record; special advances of the player's own."""
    problems = []
    for p in game.players:
        leaders = [u for u in game.units_of(p.index) if game.rules.units[u.kind].leader]
        if len(leaders) > 1 or bool(leaders) != (p.leader is not None):
            problems.append(f"{p.name} has {len(leaders)} leader unit(s) on the board and leader {p.leader!r}")
        if p.leader is not None and p.leader not in p.leaders_used:
            problems.append(f"{p.name}'s leader {p.leader} is not among the leaders used")
        if not set(p.leaders_used) <= set(civilizations.own_leaders(game, p)):
            problems.append(f"{p.name} used leaders that are not theirs: {p.leaders_used}")
        civ = game.rules.civilizations.get(p.civilization) if p.civilization else None
        own = {s.name for s in civ.special_advances} if civ else set()
        if not set(p.special_advances) <= own:
            problems.append(f"{p.name} holds special advances of another civilization: {p.special_advances}")
    return problems


def _cities(game: Game) -> list[str]:
    rules = game.rules
    problems = []
    for space, count in Counter(c.pos for c in game.cities).items():
        if count > 1:
            problems.append(f"{count} cities share space {space}")
    for city in game.cities:
        where = f"city {city.id} at {city.pos}"
        if game.city_size(city) > rules.game.city.max_size:
            problems.append(f"{where} has size {game.city_size(city)}; the maximum is {rules.game.city.max_size}")
        if city.mood not in MOODS:
            problems.append(f"{where} has mood {city.mood!r}")
        if not game.is_land(city.pos):
            problems.append(f"{where} is not on a revealed land space")
        if city.tokens_under and (city.owner != BARBARIAN or len(set(city.tokens_under)) < len(city.tokens_under)):
            problems.append(f"{where} of owner {city.owner} has culture tokens under it of {city.tokens_under}")
    for p in game.players:
        count = len(game.cities_of(p.index))
        if count > rules.game.city.settlement_limit:
            problems.append(f"{p.name} owns {count} cities; the settlement limit is {rules.game.city.settlement_limit}")
    return problems


def _units_on_board(game: Game) -> list[str]:
    problems = []
    units = {u.id: u for u in game.units}
    for unit in game.units:
        where = f"{unit.kind} {unit.id} of owner {unit.owner} at {unit.pos}"
        if not game.revealed(unit.pos):
            problems.append(f"{where} is not on a revealed board space")
            continue
        if game.is_ship(unit):
            if not game.is_water(unit.pos):
                problems.append(f"{where} is a ship on land")
            if unit.carrier is not None:
                problems.append(f"{where} is a ship carried by another ship")
            continue
        if unit.carrier is None:
            if game.is_water(unit.pos):
                problems.append(f"{where} is on water without a ship")
            continue
        ship = units.get(unit.carrier)
        if ship is None or not game.is_ship(ship):
            problems.append(f"{where} is carried by {unit.carrier}, which is not a ship")
        elif ship.pos != unit.pos or ship.owner != unit.owner:
            problems.append(f"{where} is carried by ship {ship.id} of owner {ship.owner} at {ship.pos}")
    return problems


def _stacking_and_cargo(game: Game) -> list[str]:
    rules = game.rules.game
    problems = []
    armies = Counter((u.pos, u.owner) for u in game.units if u.carrier is None and game.is_army(u))
    for (space, owner), count in armies.items():
        if game.is_land(space) and count > rules.stacking_limit:
            problems.append(
                f"owner {owner} has {count} army units at {space}; the stacking limit is {rules.stacking_limit}"
            )
    cargo = Counter(u.carrier for u in game.units if u.carrier is not None and game.load_of([u]))
    for ship, count in cargo.items():
        carrier = game.unit(ship) if ship is not None else None
        capacity = ship_capacity(game, carrier.owner) if carrier is not None else rules.ship_capacity
        if carrier is not None and _cargo_being_settled(game, carrier):
            continue
        if count > capacity:
            problems.append(f"ship {ship} carries {count} units; its capacity is {capacity}")
    if game.combat is None:
        problems.extend(_unresolved_battles(game))
    return problems


def _cargo_being_settled(game: Game, ship: Unit) -> bool:
    """The owner is choosing which cargo to lose, or the ship is in a battle whose cargo step decides."""
    in_battle = game.combat is not None and game.combat.space == ship.pos
    return in_battle or any(
        isinstance(d, CasualtyDecision) and d.reason == OVERLOAD and d.player == ship.owner for d in game.pending
    )


def _unresolved_battles(game: Game) -> list[str]:
    """Outside a battle, no land space holds enemy armies side by side or an enemy army in a city."""
    problems = []
    owners: dict[tuple[int, int], set[int]] = {}
    for unit in game.units:
        if unit.carrier is None and game.is_army(unit) and game.is_land(unit.pos):
            owners.setdefault(unit.pos, set()).add(unit.owner)
    for space, present in owners.items():
        if len(present) > 1:
            problems.append(f"armies of owners {sorted(present)} share {space} with no battle in progress")
        city = game.city_at(space)
        if city is not None and present - {city.owner}:
            problems.append(
                f"armies of owner(s) {sorted(present - {city.owner})} stand in city {city.id} of owner {city.owner}"
            )
    return problems


def _piece_limits(game: Game) -> list[str]:
    rules = game.rules
    problems = []
    for p in game.players:
        for building, spec in rules.buildings.items():
            count = game.pieces_in_colour(p.index, building)
            if count > spec.limit:
                problems.append(f"{p.name} has {count} {building} pieces on the board; the limit is {spec.limit}")
        for kind, unit in rules.units.items():
            count = len(game.pieces_of(p.index, kind))
            if count > unit.limit:
                problems.append(f"{p.name} has {count} {kind} units; the limit is {unit.limit}")
    limits = {BARBARIAN: dict(rules.game.barbarians.units), PIRATE: {"ship": rules.game.pirates.ships}}
    for owner, allowed in limits.items():
        for kind, count in Counter(
            u.kind for u in game.units if u.owner == owner or (u.pirate and owner == PIRATE)
        ).items():
            if count > allowed.get(kind, 0):
                problems.append(f"owner {owner} has {count} {kind} units; the limit is {allowed.get(kind, 0)}")
    return problems


def _turn(game: Game) -> list[str]:
    players = range(len(game.players))
    problems = []
    if game.actions_left < 0:  # extra actions from content may raise it above actions_per_turn
        problems.append(f"{game.actions_left} main actions left")
    if game.current not in players or game.first_player not in players:
        problems.append(f"current player {game.current} or first player {game.first_player} is not a player")
    for decision in game.pending:
        if decision.player not in players:
            problems.append(f"pending {decision.KIND} decision belongs to {decision.player}, not a player")
    if (game.phase == "over") != bool(game.winner):
        problems.append(f"phase {game.phase!r} with winner(s) {game.winner}")
    if (game.phase == "over") != (game.end is not None):
        problems.append(f"phase {game.phase!r} {'without a' if game.end is None else 'with a'} reason the game ended")
    if game.phase == "over" and game.pending:
        problems.append("the game is over but decisions are pending")
    if game.event is not None and not game.pending and game.combat is None:
        problems.append("an event is being resolved but nobody is asked anything")
    top = game.pending[-1] if game.pending else None
    asked_by_event = isinstance(top, EffectChoiceDecision) and top.effect.startswith(CHOICE_PREFIX)
    if asked_by_event and (game.event is None or game.event.current is None):
        problems.append("an event choice is pending but no event step asked it")
    return problems


def _scores(game: Game) -> list[str]:
    problems = []
    for p in game.players:
        sheet = score_sheet(game, p.index)
        if abs(sheet["total"] - sum(sheet[c] for c in CATEGORIES)) > 1e-9:
            problems.append(f"{p.name}'s score total {sheet['total']} is not the sum of its categories")
        negative = [c for c in CATEGORIES if sheet[c] < 0]
        if negative:
            problems.append(f"{p.name} has negative points in {negative}")
    return problems
