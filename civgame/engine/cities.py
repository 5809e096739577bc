"""City rules: founding cities, activating them, and the three activations Collect, Construct, Recruit.

Activating a city (Collect, Construct, Recruit, or building a wonder) follows one pattern:
validate (`why_cannot_activate` plus the action's own rules), pay, `begin_activation`, do the
effect, `finish_activation`. The mood drop of a repeated activation comes last, so an effect
always sees the mood the city had when it was activated.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product

from civgame.engine import effects
from civgame.engine.actions import (
    Action,
    ChooseToken,
    Collect,
    Construct,
    FoundCity,
    Pick,
    Recruit,
    ReuseUnit,
)
from civgame.engine.cards import draw_card
from civgame.engine.controller import rule
from civgame.engine.decisions import ReuseUnitDecision, TokenChoiceDecision
from civgame.engine.errors import RuleError
from civgame.engine.hexgrid import Hex, hex_to_label
from civgame.engine.model import MOODS, PIRATE, City, Game, Player, Unit
from civgame.engine.payments import affordable, describe, gain, pay, settle
from civgame.engine.turns import spend_main_action

SETTLER = "settler"
CARD_DECKS = {"action_cards": "action", "objective_cards": "objective"}  # on_built `draw` keys


def _where(space: Hex) -> str:
    return hex_to_label(space)


# ------------------------------------------------------------------ activation

def mood_modified_size(game: Game, city: City) -> int:
    """How many spaces a city collects from and how many units it recruits."""
    rules = game.rules.game.city
    if city.mood == "angry":
        return rules.angry_fixed
    if city.mood == "happy":
        return city.size + rules.happy_bonus
    return city.size


def why_cannot_activate(game: Game, city: City) -> str | None:
    """The rule that stops the current player from activating `city` now, or None."""
    if city.owner != game.current:
        return f"{game.player(game.current).name} can only activate their own cities"
    if city.angry_activation:
        return (f"the city at {_where(city.pos)} was angry when activated this turn "
                "and cannot be activated again this turn")
    return None


def begin_activation(game: Game, city: City) -> None:
    """Count an activation; call after every check and payment, before the effect."""
    city.activations += 1
    if city.mood == "angry":
        city.angry_activation = True


def finish_activation(game: Game, city: City) -> None:
    """After the effect: the 2nd and later activations this turn each lower the mood a step."""
    if city.activations > 1 and city.mood != MOODS[0]:
        city.mood = MOODS[MOODS.index(city.mood) - 1]
        game.say(f"The city at {_where(city.pos)} was activated again this turn and becomes {city.mood}")


def _activated_city(game: Game, city_id: int) -> City:
    """The city a main-action activation names, after the checks every activation shares."""
    if game.actions_left <= 0:
        raise RuleError("no main actions left this turn")
    city = game.city(city_id)
    if city is None:
        raise RuleError(f"there is no city {city_id}")
    reason = why_cannot_activate(game, city)
    if reason:
        raise RuleError(reason)
    return city


def _activatable_cities(game: Game) -> list[City]:
    if game.actions_left <= 0:
        return []
    return [c for c in game.cities_of(game.current) if why_cannot_activate(game, c) is None]


# ------------------------------------------------------------------ found city

def why_not_found(game: Game, settler: Unit | None) -> str | None:
    """The rule that stops the current player from founding a city with `settler`, or None."""
    player = game.player(game.current)
    if settler is None or settler.owner != player.index or settler.kind != SETTLER:
        return f"{player.name} can only found a city with one of their own settlers"
    where = _where(settler.pos)
    if settler.carrier is not None:
        return "a settler on a ship cannot found a city"
    terrain = game.terrain(settler.pos)
    if terrain is None or game.rules.terrain[terrain].water:
        return f"{where} is not a land space"
    if not game.rules.terrain[terrain].can_found_city:
        return f"no city can be founded on {game.rules.terrain[terrain].name} ({where})"
    if settler.pos in game.exhausted:
        return f"no city can be founded on exhausted land ({where})"
    if game.city_at(settler.pos) is not None:
        return f"there is already a city at {where}"
    if game.enemy_units_at(settler.pos, player.index):
        return f"no city can be founded where enemy units stand ({where})"
    if len(game.cities_of(player.index)) >= game.rules.game.city.settlement_limit:
        return f"{player.name} has no settlement piece left"
    return None


def _legal_found(game: Game) -> list[Action]:
    if game.actions_left <= 0:
        return []
    return [FoundCity(u.id) for u in game.units_of(game.current, SETTLER) if why_not_found(game, u) is None]


@rule(FoundCity, legal=_legal_found)
def found_city(game: Game, action: FoundCity) -> None:
    if game.actions_left <= 0:
        raise RuleError("no main actions left this turn")
    settler = game.unit(action.settler)
    reason = why_not_found(game, settler)
    if reason:
        raise RuleError(reason)
    spend_main_action(game)
    game.units.remove(settler)
    game.cities.append(City(game.new_id(), settler.owner, settler.pos, game.rules.game.city.new_city_mood))
    game.say(f"{game.player(settler.owner).name} founds a city at {_where(settler.pos)}")


# ------------------------------------------------------------------ collect

def _collect_effects(game: Game, player: Player) -> list:
    """The parameters of the player's `collect_yield` effects."""
    return [effect.params for effect in effects.active(game, player, "collect_yield")]


def _facing_yields(game: Game, city: City) -> list[str]:
    """What the sea space a Port faces may give instead (from the city's sea-facing buildings)."""
    return [r for b in city.buildings if game.rules.buildings[b].needs_sea
            for r in game.rules.buildings[b].facing_sea_yields]


def _in_pirate_zone(game: Game, space: Hex) -> bool:
    zone = {space, *game.board_neighbors(space)}
    return any(u.owner == PIRATE and u.pos in zone for u in game.units)


def why_not_collect_from(game: Game, city: City, space: Hex) -> str | None:
    """Why `city` cannot collect from `space` at all (blocked, out of reach or yielding nothing)."""
    where = _where(space)
    if space != city.pos and space not in game.board_neighbors(city.pos):
        return f"{where} is neither the city's space nor next to it"
    terrain = game.terrain(space)
    if terrain is None:
        return f"{where} is not explored"
    if any(u.owner != city.owner for u in game.units_at(space)):
        return f"enemy units block collecting from {where}"
    if space != city.pos and game.city_at(space) is not None:
        return f"another city blocks collecting from {where}"
    if space in game.exhausted:
        return f"{where} is exhausted land"
    if game.rules.terrain[terrain].water and _in_pirate_zone(game, space):
        return f"pirates block collecting from {where}"
    if not _space_yields(game, city, space):
        return f"{where} gives nothing to collect"
    return None


def _space_yields(game: Game, city: City, space: Hex) -> list[str]:
    """What one unblocked space may give: its terrain, advance effects, a Port facing it."""
    terrain = game.terrain(space)
    options = list(game.rules.terrain[terrain].yields)
    for effect in _collect_effects(game, game.player(city.owner)):
        if effect.terrain == terrain:
            options += effect.resources
    if space == city.port_space:
        options += _facing_yields(game, city)
    return list(dict.fromkeys(options))


def collect_choices(game: Game, city: City) -> dict[Hex, list[str]]:
    """Every space the city may collect from, with what each may give."""
    spaces = [city.pos, *game.board_neighbors(city.pos)]
    return {s: _space_yields(game, city, s) for s in spaces if why_not_collect_from(game, city, s) is None}


def _over_limit(game: Game, city: City, picks: tuple[Pick, ...]) -> str | None:
    """A `max_spaces` effect (Fishing: one sea space) used on too many spaces, if any."""
    for effect in _collect_effects(game, game.player(city.owner)):
        limit = effect.max_spaces
        if limit is None:
            continue
        terrain = effect.terrain
        base = game.rules.terrain[terrain].yields
        used = sum(1 for space, what in picks
                   if game.terrain(space) == terrain and what in effect.resources and what not in base)
        if used > limit:
            return (f"{', '.join(effect.resources)} may be collected from at most {limit} "
                    f"{game.rules.terrain[terrain].name} space(s)")
    return None


def collect_options(game: Game, city: City) -> list[tuple[Pick, ...]]:
    """Every legal set of picks, in board order: as many spaces as the city may collect from.

    The city must collect its mood-modified size, or from every space it can if fewer.
    """
    choices = collect_choices(game, city)
    spaces = sorted(choices)
    for count in range(min(mood_modified_size(game, city), len(spaces)), 0, -1):
        found = [
            picks
            for chosen in combinations(spaces, count)
            for picks in product(*([(s, r) for r in choices[s]] for s in chosen))
            if _over_limit(game, city, picks) is None
        ]
        if found:
            return found
    return []


def _why_bad_picks(game: Game, city: City, picks: tuple[Pick, ...]) -> str | None:
    options = collect_options(game, city)
    if picks in options:
        return None
    if not options:
        return f"the city at {_where(city.pos)} has no space to collect from"
    spaces = [s for s, _ in picks]
    if len(set(spaces)) != len(spaces):
        return "each space can be collected from only once per activation"
    for space, what in picks:
        reason = why_not_collect_from(game, city, space)
        if reason:
            return reason
        if what not in _space_yields(game, city, space):
            return f"{_where(space)} cannot give {what}"
    reason = _over_limit(game, city, picks)
    if reason:
        return reason
    required = len(options[0])
    if len(picks) != required:
        return (f"the city at {_where(city.pos)} must collect from {required} space(s): its mood-modified "
                f"size is {mood_modified_size(game, city)}, and it collects from as many spaces as it can")
    return "list the picks in board order (as the legal actions do)"


def _legal_collect(game: Game) -> list[Action]:
    return [Collect(c.id, picks) for c in _activatable_cities(game) for picks in collect_options(game, c)]


@rule(Collect, legal=_legal_collect)
def collect(game: Game, action: Collect) -> None:
    city = _activated_city(game, action.city)
    reason = _why_bad_picks(game, city, action.picks)
    if reason:
        raise RuleError(reason)
    player = game.player(city.owner)
    spend_main_action(game)
    begin_activation(game, city)
    wanted = Counter(what for _, what in action.picks)
    kept = gain(game, player, dict(wanted))
    lost = {k: wanted[k] - kept[k] for k in wanted if wanted[k] > kept[k]}
    got = {k: v for k, v in kept.items() if v}
    game.say(f"{player.name} collects {describe(got)} at {_where(city.pos)}"
             + (f" ({describe(lost)} lost over the limit)" if lost else ""))
    finish_activation(game, city)


# ------------------------------------------------------------------ construct

def building_cost(game: Game) -> dict[str, int]:
    return dict(game.rules.game.building_cost)


def why_not_construct(game: Game, city: City, building: str, port_space: Hex | None = None) -> str | None:
    """The rule that stops `building` in `city` (activation and cost aside), or None."""
    player = game.player(city.owner)
    where = _where(city.pos)
    spec = game.rules.buildings.get(building)
    if spec is None:
        return f"there is no building called {building!r}"
    if city.mood == "angry":
        return f"no building can be constructed in an angry city ({where})"
    if city.size >= game.rules.game.city.max_size:
        return f"the city at {where} has reached the maximum size {game.rules.game.city.max_size}"
    if city.size >= len(game.cities_of(player.index)):
        return f"a city cannot grow larger than the number of cities {player.name} owns"
    if building in city.buildings:
        return f"the city at {where} already has a {spec.name}"
    if not player.has(spec.advance):
        return f"a {spec.name} requires {spec.advance}"
    if game.pieces_in_colour(player.index, building) >= spec.limit:
        return f"{player.name} has no {spec.name} piece left"
    if spec.needs_sea:
        if port_space not in game.board_neighbors(city.pos) or not game.is_water(port_space):
            return f"a {spec.name} must face a sea space next to its city"
    elif port_space is not None:
        return f"only a building that faces the sea takes a sea space; a {spec.name} does not"
    return None


def _placements(game: Game, city: City, building: str) -> list[Hex | None]:
    """Where a building may face: each adjacent sea space for a Port, else nowhere."""
    if not game.rules.buildings[building].needs_sea:
        return [None]
    return [s for s in game.board_neighbors(city.pos) if game.is_water(s)]


def _legal_construct(game: Game) -> list[Action]:
    cities = _activatable_cities(game)
    if not cities or not affordable(game, game.player(game.current), building_cost(game)):
        return []
    return [
        Construct(city.id, building, facing)
        for city in cities
        for building in game.rules.buildings
        for facing in _placements(game, city, building)
        if why_not_construct(game, city, building, facing) is None
    ]


@rule(Construct, legal=_legal_construct)
def construct(game: Game, action: Construct) -> None:
    city = _activated_city(game, action.city)
    reason = why_not_construct(game, city, action.building, action.port_space)
    if reason:
        raise RuleError(reason)
    payment = settle(game, action, building_cost(game))
    if payment is None:
        return
    player = game.player(city.owner)
    pay(player, payment)
    spend_main_action(game)
    begin_activation(game, city)
    city.buildings[action.building] = player.index
    if action.port_space is not None:
        city.port_space = action.port_space
    spec = game.rules.buildings[action.building]
    game.say(f"{player.name} builds a {spec.name} at {_where(city.pos)}")
    for effect in spec.on_built:
        _on_built(game, player, effect)
    finish_activation(game, city)


def _on_built(game: Game, player: Player, effect: dict) -> None:
    """Run one `on_built` effect of buildings.yaml."""
    (kind, value), = effect.items()
    if kind == "gain":
        kept = gain(game, player, value)
        game.say(f"{player.name} gains {describe(kept)}")
    elif kind == "draw":
        for key, count in value.items():
            for _ in range(count):
                card = draw_card(game, CARD_DECKS[key])
                if card is not None:
                    getattr(player, key).append(card)
            game.say(f"{player.name} draws {count} {key.replace('_', ' ')}")
    elif kind == "gain_choice":
        game.pending.append(TokenChoiceDecision(player=player.index, options=list(value)))
    else:
        raise ValueError(f"buildings.yaml: unknown on_built effect {kind!r}")


def _legal_token_choice(game: Game) -> list[Action]:
    decision = game.pending[-1]
    assert isinstance(decision, TokenChoiceDecision)
    return [ChooseToken(t) for t in decision.options]


@rule(ChooseToken, legal=_legal_token_choice, answers=(TokenChoiceDecision,))
def choose_token(game: Game, action: ChooseToken) -> None:
    decision = game.pending[-1]
    assert isinstance(decision, TokenChoiceDecision)
    if action.token not in decision.options:
        raise RuleError(f"choose one of: {', '.join(decision.options)}")
    game.pending.pop()
    player = game.player(decision.player)
    gain(game, player, {action.token: decision.amount})
    game.say(f"{player.name} takes {decision.amount} {action.token} token(s)")


# ------------------------------------------------------------------ recruit

def recruitable_kinds(game: Game, city: City) -> list[str]:
    """Unit kinds this city can recruit (building requirements), in sorted order."""
    return sorted(
        kind for kind, spec in game.rules.units.items()
        if spec.requires_building is None or spec.requires_building in city.buildings
        if not spec.naval or city.port_space is not None
    )


def _destination(game: Game, city: City, kind: str) -> Hex:
    return city.port_space if game.rules.units[kind].naval else city.pos


def _supply_left(game: Game, owner: int, kind: str) -> int:
    return game.rules.units[kind].limit - len(game.units_of(owner, kind))


def reuse_candidates(game: Game, city: City, kind: str) -> list[Unit]:
    """Units of `kind` on the board that a recruit with an empty supply may move to the city.

    Not those already at the destination (that would move nothing), and not a ship carrying
    units (its cargo would be stranded).
    """
    destination = _destination(game, city, kind)
    carriers = {u.carrier for u in game.units if u.carrier is not None}
    return [u for u in game.units_of(city.owner, kind) if u.pos != destination and u.id not in carriers]


def _army_room(game: Game, city: City) -> int:
    """How many more army units fit in the city's space under the stacking limit."""
    here = sum(1 for u in game.units_at(city.pos)
               if u.owner == city.owner and u.carrier is None and game.is_army(u))
    return game.rules.game.stacking_limit - here


def _recruit_capacity(game: Game, city: City, kind: str) -> int:
    """How many of `kind` one recruit can place: pieces left plus pieces that can be reused."""
    return max(0, _supply_left(game, city.owner, kind)) + len(reuse_candidates(game, city, kind))


def recruit_cost(game: Game, units: tuple[str, ...]) -> dict[str, int]:
    total: Counter[str] = Counter()
    for kind in units:
        total.update(game.rules.units[kind].cost)
    return dict(total)


def why_not_recruit(game: Game, city: City, units: tuple[str, ...]) -> str | None:
    """The rule that stops recruiting `units` in `city` (activation and cost aside), or None."""
    where = _where(city.pos)
    if not units:
        return "recruit at least one unit"
    if list(units) != sorted(units):
        return "list the recruited unit kinds in sorted order"
    size = mood_modified_size(game, city)
    if len(units) > size:
        return f"the city at {where} can recruit at most {size} unit(s) (its mood-modified size)"
    allowed = recruitable_kinds(game, city)
    for kind in units:
        spec = game.rules.units.get(kind)
        if spec is None:
            return f"there is no unit kind {kind!r}"
        if kind not in allowed:
            needed = spec.requires_building
            building = game.rules.buildings[needed].name if needed else "building facing the sea"
            return f"{spec.name} can only be recruited in a city with a {building}"
    armies = sum(1 for kind in units if game.rules.units[kind].army)
    if armies > _army_room(game, city):
        return f"at most {game.rules.game.stacking_limit} army units may stand in one space"
    for kind, count in Counter(units).items():
        if count > _recruit_capacity(game, city, kind):
            name = game.rules.units[kind].name
            return f"{game.player(city.owner).name} has no {name} piece left to recruit or reuse"
    return None


def recruit_options(game: Game, city: City) -> list[tuple[str, ...]]:
    """Every affordable legal unit combination for one city (sorted tuples)."""
    player = game.player(city.owner)
    kinds = recruitable_kinds(game, city)
    capacity = {k: _recruit_capacity(game, city, k) for k in kinds}
    room = _army_room(game, city)
    most = mood_modified_size(game, city)
    found: list[tuple[str, ...]] = []

    def extend(start: int, chosen: tuple[str, ...], cost: Counter, armies: int) -> None:
        # Costs only grow as units are added, so an unaffordable combination ends its branch.
        for i in range(start, len(kinds)):
            kind = kinds[i]
            spec = game.rules.units[kind]
            if chosen.count(kind) >= capacity[kind] or (spec.army and armies >= room):
                continue
            total = cost + Counter(spec.cost)
            if not affordable(game, player, dict(total)):
                continue
            combo = chosen + (kind,)
            found.append(combo)
            if len(combo) < most:
                extend(i, combo, total, armies + spec.army)

    extend(0, (), Counter(), 0)
    return found


def _legal_recruit(game: Game) -> list[Action]:
    return [Recruit(c.id, units) for c in _activatable_cities(game) for units in recruit_options(game, c)]


@rule(Recruit, legal=_legal_recruit)
def recruit(game: Game, action: Recruit) -> None:
    city = _activated_city(game, action.city)
    reason = why_not_recruit(game, city, action.units)
    if reason:
        raise RuleError(reason)
    payment = settle(game, action, recruit_cost(game, action.units))
    if payment is None:
        return
    player = game.player(city.owner)
    pay(player, payment)
    spend_main_action(game)
    begin_activation(game, city)
    to_reuse = []
    for kind in action.units:
        if _supply_left(game, city.owner, kind) > 0:
            game.units.append(Unit(game.new_id(), city.owner, kind, _destination(game, city, kind)))
        else:
            to_reuse.append(kind)
    game.say(f"{player.name} recruits {', '.join(action.units)} at {_where(city.pos)}")
    _place_reused(game, city, to_reuse)


def _place_reused(game: Game, city: City, kinds: list[str]) -> None:
    """Ask for the next unit to reuse; once all are placed, end the activation."""
    if kinds:
        game.pending.append(ReuseUnitDecision(
            player=city.owner, city=city.id, kind_needed=kinds[0],
            candidates=[u.id for u in reuse_candidates(game, city, kinds[0])], remaining=kinds[1:],
        ))
        return
    finish_activation(game, city)
    _naval_battle_at_port(game, city)


def _naval_battle_at_port(game: Game, city: City) -> None:
    """Ships recruited onto an enemy ship fight at once and cannot retreat."""
    space = city.port_space
    if space is None:
        return
    here = [u for u in game.units_at(space) if game.is_ship(u)]
    own = [u.id for u in here if u.owner == city.owner]
    if own and any(u.owner != city.owner for u in here):
        from civgame.engine import combat

        combat.enter_space(game, city.owner, own, space, origins={}, can_retreat=False)


def _legal_reuse(game: Game) -> list[Action]:
    decision = game.pending[-1]
    assert isinstance(decision, ReuseUnitDecision)
    return [ReuseUnit(u) for u in decision.candidates]


@rule(ReuseUnit, legal=_legal_reuse, answers=(ReuseUnitDecision,))
def reuse_unit(game: Game, action: ReuseUnit) -> None:
    decision = game.pending[-1]
    assert isinstance(decision, ReuseUnitDecision)
    if action.unit not in decision.candidates:
        raise RuleError(f"choose one of your {decision.kind_needed} units away from the city to reuse")
    game.pending.pop()
    city = game.city(decision.city)
    unit = game.unit(action.unit)
    origin = unit.pos
    # The piece comes back as a newly recruited unit: no carrier, no movement restrictions.
    unit.pos = _destination(game, city, unit.kind)
    unit.carrier = None
    unit.immobile = unit.no_attack = unit.moved_this_action = False
    game.say(f"{game.player(city.owner).name} reuses the {unit.kind} from {_where(origin)}")
    _place_reused(game, city, decision.remaining)
