"""The Start of Turn phase: building new cities, changing government, great people from the reserve,
scouts' gathering, and the Start of Turn abilities a player chooses to use."""

from __future__ import annotations

from collections.abc import Iterator

from civgame.framework.errors import RuleError
from civgame.games.sidmeier.content import effects as fx
from civgame.games.sidmeier.core.actions import (
    Action,
    AssignScout,
    ChangeGovernment,
    DrawCultureCards,
    EndStartOfTurn,
    FoundCity,
    FreeBuilding,
    FreeFigure,
    FreeWalls,
    LearnFrom,
    MoveOff,
    PlaceReserve,
)
from civgame.games.sidmeier.core.decisions import CityTurn, DrawCultureChoice, Evacuate, StartTurn
from civgame.games.sidmeier.core.model import City, Game, Improvement
from civgame.games.sidmeier.core.vocabulary import with_article
from civgame.games.sidmeier.rules.base import board, culture, effects, occupancy, pieces, production, techs, yields
from civgame.games.sidmeier.rules.base.book import BOOK, always, top
from civgame.games.sidmeier.rules.expansions import (
    city_states,
    great_person_deck,
    hut_results,
    investments,
    policies,
    relics,
)

# ------------------------------------------------------------------ building cities


def why_no_city(game: Game, seat: int, pos: int) -> str | None:
    """Why a city cannot be built on `pos` now (004 START OF TURN: the main rule)."""
    if len(game.cities_of(seat)) >= production.max_cities(game, seat):
        return "you have built all the cities you may have"
    return _why_not_here(game, seat, pos)


def _why_not_here(game: Game, seat: int, pos: int) -> str | None:
    """Why `pos` is no place for a city of the player's (who may build another)."""
    if board.is_water(game, pos):
        return "a city cannot be built on water"
    squares = game.squares
    near = board.around(game, pos)
    if len(near) < 8 or not all(squares[p].terrain for p in near):
        return "all 8 squares around a new city must be revealed"
    standing = occupancy.by_square(game)
    beside_huts = effects.has(game, seat, "cities_beside_huts")
    for p in near:
        if squares[p].marker >= 0 and not (beside_huts and hut_results.is_hut(game, squares[p].marker)):
            return "a city cannot be built next to a hut or village"
        here = standing.get(p)
        if here is not None and any(f.owner != seat for f in here):
            return "a city cannot be built next to an enemy figure"
    distance = game.rules.game.cities.min_distance
    for city in game.cities:
        if board.distance_to_city(game, pos, city) < distance:
            return f"a city must be at least {distance} squares from any other city"
    return relics.why_no_city(game, pos) or city_states.why_no_city(game, pos)


def list_found(game: Game) -> Iterator[Action]:
    seat = game.actor()
    if len(game.cities_of(seat)) >= production.max_cities(game, seat):
        return
    for fig in game.figures:
        if fig.owner == seat and fig.kind == "scout" and _why_not_here(game, seat, fig.pos) is None:
            yield FoundCity(fig.id)


def check_found(game: Game, action: FoundCity) -> None:
    fig = game.figure(action.scout)
    if fig is None or fig.owner != game.actor() or fig.kind != "scout":
        raise RuleError("a city is built by sacrificing one of your scouts")
    reason = why_no_city(game, fig.owner, fig.pos)
    if reason:
        raise RuleError(reason)


@BOOK.rule(FoundCity, legal=list_found, answers=(StartTurn,), check=check_found)
def found_city(game: Game, action: FoundCity) -> None:
    fig = game.figure(action.scout)
    assert fig is not None
    seat, pos = fig.owner, fig.pos
    pieces.remove_figure(game, fig)
    city = City(pieces.new_id(game), seat, pos)
    game.cities.append(city)
    yields.touch(game)
    game.say(f"{game.players[seat].name} builds a city at {game.label(pos)}.")
    city_states.city_built(game, seat, pos)
    _explore_huts_around(game, city)
    others = [f.id for f in game.figures if f.pos == pos and f.owner == seat]
    if others:
        game.pending.append(Evacuate(seat, figures=others))
    culture.advance_on(game, seat, "city_built", "a city built")


def _explore_huts_around(game: Game, city: City) -> None:
    """A city built next to huts (the Zulu) explores them at once; a city-state found there is destroyed by the
    city next to it, for the culture a city built on one gives."""
    for pos in board.around(game, city.pos):
        if game.squares[pos].marker >= 0:  # (only a hut can be there: a village forbids the city)
            hut_results.explore_hut(game, city.owner, pos)
            city_states.city_built(game, city.owner, pos)


def list_move_off(game: Game) -> Iterator[Action]:
    decision = top(game, Evacuate)
    fig = game.figure(decision.figures[0])
    if fig is None:
        return
    found = False
    for pos in board.around(game, fig.pos):
        if board.may_stop(game, fig.owner, pos, 1) and not board.enemy_figures_at(game, pos, fig.owner):
            found = True
            yield MoveOff(fig.id, pos)
    if not found:
        yield MoveOff(fig.id, -1)  # no room: the figure returns to its owner's sheet


def check_move_off(game: Game, action: MoveOff) -> None:
    if action not in list(list_move_off(game)):
        raise RuleError("a figure moves off the new city's square to an adjacent square where it may end a move")


@BOOK.rule(MoveOff, legal=list_move_off, answers=(Evacuate,), check=check_move_off)
def move_off(game: Game, action: MoveOff) -> None:
    decision = top(game, Evacuate)
    fig = game.figure(action.figure)
    assert fig is not None
    if action.pos < 0:
        game.say(f"{game.players[fig.owner].name}'s {fig.kind} has no room and returns to the sheet.")
        pieces.remove_figure(game, fig)
    else:
        fig.pos = action.pos
    yields.touch(game, figures_only=True)
    decision.figures.pop(0)
    if not decision.figures:
        game.pending.pop()


# ------------------------------------------------------------------ governments


def government_choices(game: Game, seat: int) -> list[str]:
    """The governments the player may change to now."""
    player = game.players[seat]
    if "government" in player.used:
        return []
    current = player.government
    unlocked = techs.unlocked_governments(game, seat)
    if effects.has(game, seat, "immune_to_anarchy"):
        return [g for g in unlocked if g != current]
    out = []
    for gov in unlocked:
        if gov == current:
            continue
        if player.unlocked_turn.get(gov) == game.turn - 1 or (current == "anarchy" and player.anarchy_turn < game.turn):
            out.append(gov)
    if current != "anarchy":
        out.append("anarchy")
    return out


def list_government(game: Game) -> Iterator[Action]:
    for gov in government_choices(game, game.actor()):
        yield ChangeGovernment(gov)


def check_government(game: Game, action: ChangeGovernment) -> None:
    if action.government not in government_choices(game, game.actor()):
        raise RuleError(
            f"you cannot change to {action.government} now: a government unlocked in the last Research phase "
            "is free, any other needs a turn of Anarchy first"
        )


@BOOK.rule(ChangeGovernment, legal=list_government, answers=(StartTurn,), check=check_government)
def change_government(game: Game, action: ChangeGovernment) -> None:
    set_government(game, game.actor(), action.government)


def set_government(game: Game, seat: int, government: str) -> None:
    player = game.players[seat]
    player.government = government
    yields.coins_changed(game, seat)
    player.used.append("government")
    if government == "anarchy":
        player.anarchy_turn = game.turn
    game.say(f"{player.name} is now governed by {game.rules.governments[government].name}.")


# ------------------------------------------------------------------ great people from the reserve


def list_reserve(game: Game) -> Iterator[Action]:
    seat = game.actor()
    player = game.players[seat]
    if not player.reserve:
        return
    squares = pieces.great_person_squares(game, seat)
    seen: set[str] = set()
    for marker in player.reserve:
        kind = game.rules.great_person_ids[marker]
        if kind in seen:
            continue
        seen.add(kind)
        for pos in squares:
            yield PlaceReserve(marker, pos)


def check_reserve(game: Game, action: PlaceReserve) -> None:
    seat = game.actor()
    if action.marker not in game.players[seat].reserve:
        raise RuleError("that great person is not in your reserve")
    if action.pos not in pieces.great_person_squares(game, seat):
        raise RuleError("a great person goes on a land square of your cities' outskirts that is not blockaded")


@BOOK.rule(PlaceReserve, legal=list_reserve, answers=(StartTurn,), check=check_reserve)
def place_reserve(game: Game, action: PlaceReserve) -> None:
    seat = game.actor()
    place_great_person(game, seat, action.marker, action.pos)


def place_great_person(game: Game, seat: int, marker: int, pos: int) -> None:
    game.players[seat].reserve.remove(marker)
    kind = game.rules.great_person_ids[marker]
    pieces.place_improvement(game, pos, Improvement("great_person", kind, seat, marker))
    game.say(f"{game.players[seat].name} places a {game.rules.great_people[kind].name} at {game.label(pos)}.")


# ------------------------------------------------------------------ scouts


def list_assign(game: Game) -> Iterator[Action]:
    seat = game.actor()
    cities = game.cities_of(seat)
    if len(cities) < 2:
        return
    for fig in game.figures:
        if fig.owner == seat and fig.placed_turn < game.turn and yields.gatherer(game, fig):
            for city in cities:
                if city.id != fig.gathers_for:
                    yield AssignScout(fig.id, city.id)


def check_assign(game: Game, action: AssignScout) -> None:
    seat = game.actor()
    fig = game.figure(action.scout)
    city = game.city(action.city)
    if fig is None or fig.owner != seat or not yields.gatherer(game, fig):
        raise RuleError("only your scouts gather (and the armies of a civilization whose armies gather)")
    if fig.placed_turn >= game.turn:
        raise RuleError("a scout gathers from the turn after it was placed")
    if city is None or city.owner != seat:
        raise RuleError("a scout sends its square to one of your cities")


@BOOK.rule(AssignScout, legal=list_assign, answers=(StartTurn,), check=check_assign)
def assign_scout(game: Game, action: AssignScout) -> None:
    fig = game.figure(action.scout)
    assert fig is not None
    fig.gathers_for = action.city
    yields.touch(game, figures_only=True)


def default_scouts(game: Game, seat: int) -> None:
    """Each gathering scout sends its square to its nearest city unless its owner declares otherwise."""
    cities = game.cities_of(seat)
    for fig in game.figures:
        if fig.owner != seat or not yields.gatherer(game, fig):
            continue
        if fig.placed_turn >= game.turn or not cities:
            fig.gathers_for = -1
            continue
        if game.city(fig.gathers_for) is None or game.city(fig.gathers_for) not in cities:
            nearest = min(cities, key=lambda c: (board.distance_to_city(game, fig.pos, c), c.id))
            fig.gathers_for = nearest.id
    yields.touch(game, figures_only=True)


# ------------------------------------------------------------------ Start of Turn abilities


def sources(game: Game, seat: int, name: str) -> list[str]:
    """Sources of an optional Start of Turn ability not used yet this turn."""
    used = game.players[seat].used
    return [source for _, source, _ in effects.entries(game, seat, name) if f"start:{source}" not in used]


def list_free_figure(game: Game) -> Iterator[Action]:
    seat = game.actor()
    for source in sources(game, seat, "start_free_figure"):
        pos = game.wonder_at.get(source)
        if pos is None:
            continue
        for kind in ("army", "scout"):
            if pieces.unbuilt(game, seat, kind) > 0 and board.may_stop(game, seat, pos, 1):
                yield FreeFigure(source, kind)


def check_free_figure(game: Game, action: FreeFigure) -> None:
    if action not in list(list_free_figure(game)):
        raise RuleError("no free figure can be built in that wonder's square now")


@BOOK.rule(FreeFigure, legal=list_free_figure, answers=(StartTurn,), check=check_free_figure)
def free_figure(game: Game, action: FreeFigure) -> None:
    seat = game.actor()
    game.players[seat].used.append(f"start:{action.source}")
    pos = game.wonder_at[action.source]
    pieces.place_figure(game, seat, action.figure, pos)
    game.say(f"{game.players[seat].name} builds a free {action.figure} ({game.rules.wonders[action.source].name}).")


def list_free_walls(game: Game) -> Iterator[Action]:
    seat = game.actor()
    for source in sources(game, seat, "start_free_walls"):
        for city in game.cities_of(seat):
            if not city.walled:
                yield FreeWalls(source, city.id)


def check_free_walls(game: Game, action: FreeWalls) -> None:
    if action not in list(list_free_walls(game)):
        raise RuleError("no free City Walls can be built there now")


@BOOK.rule(FreeWalls, legal=list_free_walls, answers=(StartTurn,), check=check_free_walls)
def free_walls(game: Game, action: FreeWalls) -> None:
    seat = game.actor()
    game.players[seat].used.append(f"start:{action.source}")
    city = game.city(action.city)
    assert city is not None
    pieces.place_walls(game, city)
    game.say(
        f"{game.players[seat].name} builds City Walls free ({effects.source_name(game, 'wonder', action.source)})."
    )


def free_building_options(game: Game, seat: int, source: str, cities: list[City]) -> Iterator[FreeBuilding]:
    """A free building of the player's unlocked faces left in the market, in one of `cities`."""
    for face_id in production.unlocked_faces(game, seat):
        if game.buildings.get(game.rules.faces[face_id].family.id, 0) <= 0:
            continue
        for city in cities:
            for pos in pieces.building_squares(game, city, face_id):
                yield FreeBuilding(source, city.id, face_id, pos)


def list_free_building(game: Game) -> Iterator[Action]:
    seat = game.actor()
    if isinstance(game.pending[-1], StartTurn):
        free = sources(game, seat, "start_free_building")
        if investments.INVESTED in game.players[seat].used:
            free += sources(game, seat, "free_building_on_investing")
        for source in free:
            yield from free_building_options(game, seat, source, game.cities_of(seat))
    elif isinstance(game.pending[-1], CityTurn):
        for _kind, source, _ in effects.entries(game, seat, "free_building_action"):
            if f"city_free:{source}" in game.players[seat].used:
                continue
            acting = [city for city in game.cities_of(seat) if production.city_may_act(game, city)]
            yield from free_building_options(game, seat, source, acting)


def check_free_building(game: Game, action: FreeBuilding) -> None:
    if action not in list(list_free_building(game)):
        raise RuleError("that building cannot be built free there now")


@BOOK.rule(FreeBuilding, legal=list_free_building, answers=(StartTurn, CityTurn), check=check_free_building)
def free_building(game: Game, action: FreeBuilding) -> None:
    seat = game.actor()
    player = game.players[seat]
    city = game.city(action.city)
    assert city is not None
    if isinstance(game.pending[-1], CityTurn):
        player.used.append(f"city_free:{action.source}")
        city.actions += 1
    else:
        player.used.append(f"start:{action.source}")
    pieces.place_improvement(game, action.pos, Improvement("building", action.building, seat))
    name = game.rules.faces[action.building].face.name
    game.say(f"{player.name} builds {with_article(name)} free at {game.label(action.pos)}.")


def list_learn_from(game: Game) -> Iterator[Action]:
    seat = game.actor()
    for source in sources(game, seat, "start_learn_tech"):
        known = {t for p in game.players if p.seat != seat for t in p.techs}
        for tech in techs.learnable(game, seat, [t for t in game.rules.techs if t in known]):
            yield LearnFrom(source, tech)


def check_learn_from(game: Game, action: LearnFrom) -> None:
    if action not in list(list_learn_from(game)):
        raise RuleError("that tech cannot be learned this way now (another player must know it, and it needs a place)")


@BOOK.rule(LearnFrom, legal=list_learn_from, answers=(StartTurn,), check=check_learn_from)
def learn_from(game: Game, action: LearnFrom) -> None:
    seat = game.actor()
    game.players[seat].used.append(f"start:{action.source}")
    techs.learn(game, seat, action.tech, how=f"free ({effects.source_name(game, 'wonder', action.source)})")


def list_draw_cards(game: Game) -> Iterator[Action]:
    for source in sources(game, game.actor(), "start_draw_culture"):
        yield DrawCultureCards(source)


def check_draw_cards(game: Game, action: DrawCultureCards) -> None:
    if action not in list(list_draw_cards(game)):
        raise RuleError("no culture event cards can be drawn this way now")


@BOOK.rule(DrawCultureCards, legal=list_draw_cards, answers=(StartTurn,), check=check_draw_cards)
def draw_cards(game: Game, action: DrawCultureCards) -> None:
    seat = game.actor()
    game.players[seat].used.append(f"start:{action.source}")
    count = sum(p.count for p in effects.params(game, seat, "start_draw_culture", fx.StartDrawCulture))
    game.pending.append(DrawCultureChoice(seat, left=count))


# ------------------------------------------------------------------ end


@BOOK.rule(EndStartOfTurn, legal=always(EndStartOfTurn()), answers=(StartTurn,))
def end_start(game: Game, action: EndStartOfTurn) -> None:
    game.pending.pop()


# ------------------------------------------------------------------ automatic Start of Turn effects


def automatic(game: Game, seat: int) -> None:
    """The Start of Turn abilities that simply act, at the start of the player's Start of Turn."""
    player = game.players[seat]
    for kind, source, p in effects.entries(game, seat, "start_gain"):
        assert isinstance(p, fx.StartGain)
        player.culture += p.culture
        player.trade = min(game.rules.game.trade.dial_max, player.trade + p.trade)
        what = " and ".join(
            x for x in (f"{p.culture} culture" if p.culture else "", f"{p.trade} trade" if p.trade else "") if x
        )
        game.say(f"{player.name} gains {what} ({effects.source_name(game, kind, source)}).")
    for kind, source, _ in effects.entries(game, seat, "start_take_market"):
        taken = ", ".join(r for r in game.rules.game.resources.market if pieces.take_from_market(game, seat, r))
        game.say(
            f"{player.name} takes {taken or 'nothing'} from the market ({effects.source_name(game, kind, source)})."
        )
    for kind, source, _ in effects.entries(game, seat, "start_coin_token"):
        pieces.gain_coin_token(game, seat, source)
        game.say(f"{player.name} places a coin token on {effects.source_name(game, kind, source)}.")
    for kind, source, p in effects.entries(game, seat, "start_culture_advance"):
        assert isinstance(p, fx.StartCultureAdvance)
        for _ in range(p.spaces):
            culture.advance(game, seat, free=True, why=effects.source_name(game, kind, source))
    policies.automatic(game, seat)
    great_person_deck.automatic(game, seat)
    city_states.start_of_turn(game, seat)
    relics.start_of_turn(game, seat)
