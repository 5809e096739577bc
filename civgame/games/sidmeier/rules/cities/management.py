"""The City Management phase: each city's one action (build, devote to the arts, harvest) and spending
culture on the culture track.

A build is paid from the producing city's production this turn; when it falls short, trade buys the
rest (3 trade for 1 production, or a civilization's own rate). Excess production is lost.
"""

from __future__ import annotations

from collections.abc import Iterator

from civgame.framework.errors import RuleError
from civgame.games.sidmeier.content import effects as fx
from civgame.games.sidmeier.core.actions import (
    Action,
    AdvanceCulture,
    BuildBuilding,
    BuildFigure,
    BuildUnit,
    BuildWalls,
    BuildWonder,
    Devote,
    EndCityManagement,
    Harvest,
)
from civgame.games.sidmeier.core.decisions import CityTurn
from civgame.games.sidmeier.core.model import City, Game, Improvement
from civgame.games.sidmeier.core.vocabulary import with_article
from civgame.games.sidmeier.rules.base import board, culture, effects, memo, pieces, production, reactions, yields
from civgame.games.sidmeier.rules.base.book import BOOK, always
from civgame.games.sidmeier.rules.combat import battles
from civgame.games.sidmeier.rules.expansions import policies

# ------------------------------------------------------------------ paying production


def conversion(game: Game, seat: int) -> tuple[int, int]:
    """(trade, production): how much trade buys how much production for the player."""
    rates = effects.params(game, seat, "trade_conversion", fx.TradeConversion)
    if rates:
        best = max(rates, key=lambda r: r.production / r.trade)
        return best.trade, best.production
    cfg = game.rules.game.trade
    return cfg.boost_trade, cfg.boost_production


def budget(game: Game, city: City) -> int:
    """The most production the city can pay this turn: its own and all the trade the player may turn into it."""

    def compute() -> int:
        trade, prod = conversion(game, city.owner)
        return yields.production(game, city) + game.players[city.owner].trade // trade * prod

    return memo.listing(game, ("budget", city.id), compute)


def trade_needed(game: Game, city: City, cost: int) -> int | None:
    """The trade the player must turn into production for `city` to pay `cost` (None: not enough)."""
    short = cost - yields.production(game, city)
    if short <= 0:
        return 0
    trade, prod = conversion(game, city.owner)
    needed = -(-short // prod) * trade
    return needed if needed <= game.players[city.owner].trade else None


def pay_production(game: Game, city: City, cost: int) -> str:
    needed = trade_needed(game, city, cost)
    assert needed is not None
    note = ""
    if needed:
        trade, prod = conversion(game, city.owner)
        game.players[city.owner].trade -= needed
        city.boost += needed // trade * prod
        note = f" (turning {needed} trade into production)"
    city.spent += cost
    if city.program:  # the building program is used by this build; what is left of its production is wasted
        city.program = False
        yields.touch(game)
        city.spent += yields.production(game, city)
        note += " (its building program is used)"
    return note


def may_build(game: Game, city: City) -> bool:
    """The city may take a build action: its action is free, or it splits its action (a tech's ability)."""
    if production.city_may_act(game, city):
        return True
    return city.actions == 1 and city.spent > 0 and _split_source(game, city) is not None


def building_cities(game: Game, seat: int) -> list[City]:
    """The player's cities that may take a build action now (worked out once per listing: every kind of build
    asks)."""
    return memo.listing(game, ("building", seat), lambda: [c for c in game.cities_of(seat) if may_build(game, c)])


def acting_cities(game: Game, seat: int) -> list[City]:
    """The player's cities that have an action left now (worked out once per listing)."""
    return memo.listing(
        game, ("acting", seat), lambda: [c for c in game.cities_of(seat) if production.city_may_act(game, c)]
    )


def _split_source(game: Game, city: City) -> str | None:
    if city.capital and effects.has(game, city.owner, "capital_idle"):
        return None
    used = game.players[city.owner].used
    for _, source, _ in effects.entries(game, city.owner, "split_city_action"):
        if f"split:{source}" not in used:
            return source
    return None


def _use_action(game: Game, city: City) -> None:
    if not production.city_may_act(game, city):  # (a second build on the city's one action)
        source = _split_source(game, city)
        if source is not None:
            game.players[city.owner].used.append(f"split:{source}")
    city.actions += 1


def _acting_city(game: Game, city_id: int, build: bool) -> City:
    city = game.city(city_id)
    seat = game.actor()
    if city is None or city.owner != seat:
        raise RuleError("that is not one of your cities")
    if not (may_build(game, city) if build else production.city_may_act(game, city)):
        if city.capital and effects.has(game, seat, "capital_idle"):
            raise RuleError("your capital takes no action while you are in Anarchy")
        raise RuleError("each city takes one action per turn")
    return city


def _affordable(game: Game, city: City, cost: int) -> bool:
    return cost <= budget(game, city)


# ------------------------------------------------------------------ building figures


def list_figures(game: Game) -> Iterator[Action]:
    seat = game.actor()
    cfg = game.rules.game.figures
    kinds: list[tuple[str, int]] | None = None  # (worked out for the first city that may build)
    for city in building_cities(game, seat):
        if kinds is None:
            costs = (("army", cfg.army_cost), ("scout", cfg.scout_cost))
            kinds = [(kind, cost) for kind, cost in costs if pieces.unbuilt(game, seat, kind) > 0]
        for kind, cost in kinds:
            if _affordable(game, city, cost):
                for pos in board.placement_squares(game, city, kind):
                    yield BuildFigure(city.id, kind, pos)  # type: ignore[arg-type]


def check_figure(game: Game, action: BuildFigure) -> None:
    city = _acting_city(game, action.city, build=True)
    seat = city.owner
    if pieces.unbuilt(game, seat, action.figure) <= 0:
        raise RuleError(f"you have no unbuilt {action.figure} figure")
    cfg = game.rules.game.figures
    if not _affordable(game, city, cfg.army_cost if action.figure == "army" else cfg.scout_cost):
        raise RuleError("the city's production and your trade do not pay for it")
    if action.pos not in board.placement_squares(game, city, action.figure):
        raise RuleError("a new figure goes in the producing city's outskirts, within the stacking limit")


@BOOK.rule(BuildFigure, legal=list_figures, answers=(CityTurn,), check=check_figure)
def build_figure(game: Game, action: BuildFigure) -> None:
    city = game.city(action.city)
    assert city is not None
    if _declare(game, city, action):
        return
    cfg = game.rules.game.figures
    note = pay_production(game, city, cfg.army_cost if action.figure == "army" else cfg.scout_cost)
    fig = pieces.place_figure(game, city.owner, action.figure, action.pos)
    game.say(f"{game.players[city.owner].name} builds an {action.figure} at {game.label(action.pos)}{note}.")
    if action.figure == "army":
        policies.army_built(game, city.owner)
    if board.enemy_figures_at(game, action.pos, city.owner):
        battles.enter(game, city.owner, action.pos, [fig.id])


def _declare(game: Game, city: City, action: Action) -> bool:
    """Count the city's action and hold it while others may cancel it (True: held)."""
    if reactions.releasing(game, action):
        return False
    extra = production.on_extra_action(game, city)  # (an extra action is never cancelled)
    _use_action(game, city)
    if not extra and reactions.hold(game, city.owner, action, "city_action"):
        game.say(f"{game.players[city.owner].name} declares a city action: {_describe(game, action)}.")
        return True
    return False


def _describe(game: Game, action: Action) -> str:
    return action.KIND.replace("_", " ")


# ------------------------------------------------------------------ building units


def list_units(game: Game) -> Iterator[Action]:
    seat = game.actor()
    costs: dict[str, int] | None = None  # (worked out for the first city that may build)
    for city in building_cities(game, seat):
        if costs is None:
            costs = _unit_costs(game, seat)
        if costs:
            most = budget(game, city)
            for unit, cost in costs.items():
                if cost <= most:
                    yield BuildUnit(city.id, unit)


def _unit_costs(game: Game, seat: int) -> dict[str, int]:
    """The cost of each unit the player may build (unlocked, cards left in its deck)."""
    return {
        unit: pieces.unit_cost(game, seat, unit)
        for unit in game.rules.units
        if pieces.unit_unlocked(game, seat, unit) and _deck_has(game, unit)
    }


def _deck_has(game: Game, unit: str) -> bool:
    deck = game.unit_decks[unit]
    return bool(deck.draw or deck.returned)


def check_unit(game: Game, action: BuildUnit) -> None:
    city = _acting_city(game, action.city, build=True)
    if action.unit not in game.rules.units:
        raise RuleError(f"there is no unit type {action.unit!r}")
    if not pieces.unit_unlocked(game, city.owner, action.unit):
        raise RuleError(f"{game.rules.units[action.unit].name} units need a tech that unlocks them")
    if not _deck_has(game, action.unit):
        raise RuleError(f"the {game.rules.units[action.unit].name} deck is empty")
    if not _affordable(game, city, pieces.unit_cost(game, city.owner, action.unit)):
        raise RuleError("the city's production and your trade do not pay for it")


@BOOK.rule(BuildUnit, legal=list_units, answers=(CityTurn,), check=check_unit)
def build_unit(game: Game, action: BuildUnit) -> None:
    city = game.city(action.city)
    assert city is not None
    if _declare(game, city, action):
        return
    note = pay_production(game, city, pieces.unit_cost(game, city.owner, action.unit))
    pieces.gain_unit(game, city.owner, action.unit)
    unit = with_article(f"{game.rules.units[action.unit].name} unit")
    game.say(f"{game.players[city.owner].name} builds {unit}{note}.")


# ------------------------------------------------------------------ buildings and walls


def list_buildings(game: Game) -> Iterator[Action]:
    seat = game.actor()
    faces: list[str] | None = None  # (worked out for the first city that may build)
    for city in building_cities(game, seat):
        if faces is None:
            faces = [
                face_id
                for face_id in production.unlocked_faces(game, seat)
                if game.buildings.get(game.rules.faces[face_id].family.id, 0) > 0
            ]
        if not faces:
            continue
        most = budget(game, city)
        for face_id in faces:
            if game.rules.faces[face_id].face.cost <= most:
                for pos in pieces.building_squares(game, city, face_id):
                    yield BuildBuilding(city.id, face_id, pos)


def check_building(game: Game, action: BuildBuilding) -> None:
    city = _acting_city(game, action.city, build=True)
    face = game.rules.faces.get(action.building)
    if face is None or action.building not in production.unlocked_faces(game, city.owner):
        raise RuleError("you may build only a building a tech of yours unlocks (the upgraded face, once unlocked)")
    if game.buildings.get(face.family.id, 0) <= 0:
        raise RuleError(f"no {face.face.name} marker is left in the market")
    if not _affordable(game, city, face.face.cost):
        raise RuleError("the city's production and your trade do not pay for it")
    if action.pos not in pieces.building_squares(game, city, action.building):
        raise RuleError(
            "a building goes in the producing city's outskirts, on terrain it allows and next to any terrain it "
            "needs beside it, not blockaded, one limited building per city"
        )


@BOOK.rule(BuildBuilding, legal=list_buildings, answers=(CityTurn,), check=check_building)
def build_building(game: Game, action: BuildBuilding) -> None:
    city = game.city(action.city)
    assert city is not None
    if _declare(game, city, action):
        return
    face = game.rules.faces[action.building].face
    note = pay_production(game, city, face.cost)
    pieces.place_improvement(game, action.pos, Improvement("building", action.building, city.owner))
    game.say(f"{game.players[city.owner].name} builds {with_article(face.name)} at {game.label(action.pos)}{note}.")


def walls_unlocked(game: Game, seat: int) -> bool:
    walls = game.rules.city_walls.id
    return any(walls in game.rules.techs[t].buildings for t in game.players[seat].techs)


def list_walls(game: Game) -> Iterator[Action]:
    seat = game.actor()
    if not walls_unlocked(game, seat):
        return
    cost = game.rules.city_walls.cost
    for city in building_cities(game, seat):
        if not city.walled and _affordable(game, city, cost):
            yield BuildWalls(city.id)


def check_walls(game: Game, action: BuildWalls) -> None:
    city = _acting_city(game, action.city, build=True)
    if not walls_unlocked(game, city.owner):
        raise RuleError("City Walls need the tech that unlocks them")
    if city.walled:
        raise RuleError("only one City Walls per city")
    if not _affordable(game, city, game.rules.city_walls.cost):
        raise RuleError("the city's production and your trade do not pay for it")


@BOOK.rule(BuildWalls, legal=list_walls, answers=(CityTurn,), check=check_walls)
def build_walls(game: Game, action: BuildWalls) -> None:
    city = game.city(action.city)
    assert city is not None
    if _declare(game, city, action):
        return
    note = pay_production(game, city, game.rules.city_walls.cost)
    pieces.place_walls(game, city)
    game.say(f"{game.players[city.owner].name} builds City Walls{note}.")


# ------------------------------------------------------------------ wonders


def wonder_cost(game: Game, seat: int, wonder: str) -> int:
    record = game.rules.wonders[wonder]
    cost = record.cost
    if record.discount is not None and game.players[seat].knows(record.discount.tech):
        cost = record.discount.cost
    return max(0, cost - sum(int(m[len(production.WONDER_DISCOUNT) :]) for m in _wonder_discounts(game, seat)))


def _wonder_discounts(game: Game, seat: int) -> list[str]:
    return [m for m in game.players[seat].used if m.startswith(production.WONDER_DISCOUNT)]


def list_wonders(game: Game) -> Iterator[Action]:
    seat = game.actor()
    costs: dict[str, int] | None = None  # (worked out for the first city that may build)
    for city in building_cities(game, seat):
        if costs is None:
            costs = {wonder: wonder_cost(game, seat, wonder) for wonder in game.wonder_market}
        if not costs:
            continue
        squares = None
        most = budget(game, city)
        for wonder, cost in costs.items():
            if cost <= most:
                if squares is None:
                    squares = pieces.wonder_squares(game, city)
                for pos in squares:
                    yield BuildWonder(city.id, wonder, pos)


def check_wonder(game: Game, action: BuildWonder) -> None:
    city = _acting_city(game, action.city, build=True)
    if action.wonder not in game.wonder_market:
        raise RuleError("only a wonder face up in the market can be built")
    if not _affordable(game, city, wonder_cost(game, city.owner, action.wonder)):
        raise RuleError("the whole cost of a wonder is paid by one city (with trade turned into production)")
    if action.pos not in pieces.wonder_squares(game, city):
        raise RuleError("a wonder goes on a land square of the city's outskirts, not blockaded, one per city")


@BOOK.rule(BuildWonder, legal=list_wonders, answers=(CityTurn,), check=check_wonder)
def build_wonder(game: Game, action: BuildWonder) -> None:
    city = game.city(action.city)
    assert city is not None
    if _declare(game, city, action):
        return
    seat = city.owner
    note = pay_production(game, city, wonder_cost(game, seat, action.wonder))
    for mark in _wonder_discounts(game, seat):  # (spent on this wonder)
        game.players[seat].used.remove(mark)
    add_wonder(game, seat, action.wonder, action.pos)
    game.say(f"{game.players[seat].name} builds {game.rules.wonders[action.wonder].name}{note}.")
    culture.advance_on(game, seat, "wonder_built", "a wonder built")
    markers = game.players[seat].person_markers
    for _kind, source, _p in effects.entries(game, seat, "culture_and_trade_per_wonder"):
        markers[source] = markers.get(source, 0) + 1


def add_wonder(game: Game, seat: int, wonder: str, pos: int) -> None:
    """Take a wonder from the market (refilled from the deck) into the player's hands and onto `pos`."""
    pieces.leave_wonder_market(game, wonder)
    game.players[seat].wonders.append(wonder)
    pieces.place_improvement(game, pos, Improvement("wonder", wonder, seat))


# ------------------------------------------------------------------ devote to the arts, harvest


ARTS_AS_TRADE = "arts_as_trade"  # a `used` mark: a city's arts culture was taken as trade this turn


def list_devote(game: Game) -> Iterator[Action]:
    seat = game.actor()
    as_trade = effects.has(game, seat, "arts_as_trade") and ARTS_AS_TRADE not in game.players[seat].used
    for city in acting_cities(game, seat):
        yield Devote(city.id)
        if as_trade:
            yield Devote(city.id, as_trade=True)


def check_devote(game: Game, action: Devote) -> None:
    _acting_city(game, action.city, build=False)
    if action.as_trade and action not in list(list_devote(game)):
        raise RuleError("a city's arts culture is taken as trade once per turn, with a great person who allows it")


@BOOK.rule(Devote, legal=list_devote, answers=(CityTurn,), check=check_devote)
def devote(game: Game, action: Devote) -> None:
    city = game.city(action.city)
    assert city is not None
    if _declare(game, city, action):
        return
    if action.as_trade:
        game.players[city.owner].used.append(ARTS_AS_TRADE)
    culture.devote(game, city, as_trade=action.as_trade)


def _double(game: Game, seat: int) -> str | None:
    used = game.players[seat].used
    for _, source, _ in effects.entries(game, seat, "double_harvest"):
        if f"harvest:{source}" not in used:
            return source
    return None


def list_harvest(game: Game) -> Iterator[Action]:
    seat = game.actor()
    double = _double(game, seat) is not None
    for city in acting_cities(game, seat):
        found = sorted(set(yields.city_resources(game, city)))
        for resource in found:
            if game.market.get(resource, 0) > 0:
                yield Harvest(city.id, resource)
                if double:
                    for second in found:
                        if second >= resource and game.market.get(second, 0) > (1 if second == resource else 0):
                            yield Harvest(city.id, resource, second)


def check_harvest(game: Game, action: Harvest) -> None:
    city = _acting_city(game, action.city, build=False)
    found = yields.city_resources(game, city)
    for resource in (action.resource, action.second):
        if not resource:
            continue
        if resource not in found:
            raise RuleError(f"the city has no {resource} icon in its outskirts to harvest")
    needed = {r: (action.resource, action.second).count(r) for r in (action.resource, action.second) if r}
    for resource, count in needed.items():
        if game.market.get(resource, 0) < count:
            raise RuleError(f"the market is out of {resource}")
    if action.second and _double(game, city.owner) is None:
        raise RuleError("a city harvests one resource per action")


@BOOK.rule(Harvest, legal=list_harvest, answers=(CityTurn,), check=check_harvest)
def harvest(game: Game, action: Harvest) -> None:
    city = game.city(action.city)
    assert city is not None
    seat = city.owner
    if _declare(game, city, action):
        return
    if action.second:
        source = _double(game, seat)
        if source is not None:
            game.players[seat].used.append(f"harvest:{source}")
    taken = [r for r in (action.resource, action.second) if r and pieces.take_from_market(game, seat, r)]
    game.say(f"{game.players[seat].name} harvests {' and '.join(taken)}.")


# ------------------------------------------------------------------ the culture track


def list_advance(game: Game) -> Iterator[Action]:
    seat = game.actor()
    player = game.players[seat]
    for jump in (False, True) if culture.jump_offered(game, seat) else (False,):
        cost = culture.next_cost(game, seat, jump=jump)
        if cost is not None and player.culture >= cost[0] and player.trade >= cost[1]:
            yield AdvanceCulture(jump)


def check_advance(game: Game, action: AdvanceCulture) -> None:
    if action not in list(list_advance(game)):
        raise RuleError(
            "advancing costs the culture and trade printed for the next space (or the track is done); only a great "
            "person lets you jump over the spaces holding other players' markers"
        )


@BOOK.rule(AdvanceCulture, legal=list_advance, answers=(CityTurn,), check=check_advance)
def advance(game: Game, action: AdvanceCulture) -> None:
    culture.advance(game, game.actor(), jump=action.jump)


# ------------------------------------------------------------------ end


@BOOK.rule(EndCityManagement, legal=always(EndCityManagement()), answers=(CityTurn,))
def end(game: Game, action: EndCityManagement) -> None:
    game.pending.pop()
