"""Fame and Fortune's metropolis [004 F&F EXPANSION RULES: Metropolises, Growing a capital into a metropolis].

The tech that grows the capital (its `grow_metropolis` effect) makes the capital a metropolis as soon as
possible: at once when learned if it can, otherwise in the first Start of Turn of that player in which it
can. The metropolis covers the capital's square and one square next to it (not diagonally), its expansion
square: no enemy figure may stand there, the owner's figures there move off to a square next to it, and a
building, wonder or great person there is overbuilt. The 10 squares around the two centre squares are its
outskirts: all on the map, revealed, and in no other city's outskirts. What a metropolis does differently
as a city is `rules.base.metropolises`; its squares are `City.centre` and `board.outskirts`.
"""

from __future__ import annotations

from collections.abc import Iterator

from civgame.framework.errors import RuleError
from civgame.games.sidmeier.core.actions import Action, GrowMetropolis
from civgame.games.sidmeier.core.decisions import Evacuate, MetropolisChoice, StartTurn
from civgame.games.sidmeier.core.model import City, Game
from civgame.games.sidmeier.rules.base import board, effects, occupancy, pieces, yields
from civgame.games.sidmeier.rules.base.book import BOOK, top

OUTSKIRTS = 10  # the squares around a metropolis's two centre squares


def capital(game: Game, seat: int) -> City | None:
    return next((c for c in game.cities_of(seat) if c.capital), None)


def due(game: Game, seat: int) -> City | None:
    """The player's capital, when it must still grow into a metropolis."""
    if not effects.has(game, seat, "grow_metropolis"):
        return None
    city = capital(game, seat)
    return city if city is not None and city.expansion < 0 else None


def why_not(game: Game, city: City, pos: int) -> str | None:
    """Why the capital cannot grow over `pos` (None: it can)."""
    if pos not in board.orthogonal(game, city.pos):
        return "the expansion square is one of the 4 squares next to the capital, not diagonally"
    if game.phase == "setup" and pos not in board.home_centre(game, city.owner):
        return "a metropolis at the start of the game covers 2 of the 4 centre squares of the home tile"
    if not board.revealed(game, pos):
        return "the metropolis cannot grow into unexplored territory"
    if game.squares[pos].marker >= 0:
        return "the metropolis cannot grow over a hut or village"
    if board.enemy_figures_at(game, pos, city.owner):
        return "the expansion square must hold no enemy figures"
    ring = board.squares_around(game, [city.pos, pos])
    if len(ring) < OUTSKIRTS:
        return "the metropolis's outskirts cannot extend off the map"
    if not all(board.revealed(game, p) for p in ring):
        return "the metropolis's outskirts cannot extend into unexplored territory"
    if any(game.squares[p].relic or game.squares[p].city_state >= 0 for p in [pos, *ring]):
        # (read as building a city: none may stand on or next to a relic or a city-state)
        return "the metropolis cannot grow onto or next to a relic or a city-state"
    owners, centres = board.outskirts_owners(game), board.city_centres(game)
    for p in [pos, *ring]:
        other = owners.get(p) or centres.get(p)
        if other is not None and other.id != city.id:
            return "the metropolis's outskirts cannot overlap another city's outskirts"
    return None


def expansion_squares(game: Game, city: City) -> list[int]:
    return [pos for pos in board.orthogonal(game, city.pos) if why_not(game, city, pos) is None]


def settle(game: Game) -> bool:
    """Ask a player whose capital must grow now to choose its expansion square (True: a decision was added).
    A capital that cannot grow when due waits for its owner's Start of Turn. In play only with the rules'
    metropolises (`rules.flow.phases.FIRST_STEPS`)."""
    if any(isinstance(d, MetropolisChoice) for d in game.pending):
        return False
    for seat in game.order():
        city = due(game, seat)
        if city is None:
            continue
        player = game.players[seat]
        if player.metropolis_waits and not (game.pending and game.pending[-1] == StartTurn(seat)):
            continue
        if expansion_squares(game, city):
            game.pending.append(MetropolisChoice(seat))
            return True
        if not player.metropolis_waits:
            player.metropolis_waits = True
            game.say(f"{player.name}'s capital cannot grow into a metropolis yet: it grows at a later Start of Turn.")
    return False


def list_grow(game: Game) -> Iterator[Action]:
    city = due(game, top(game, MetropolisChoice).player)
    if city is not None:
        for pos in expansion_squares(game, city):
            yield GrowMetropolis(pos)


def check_grow(game: Game, action: GrowMetropolis) -> None:
    city = due(game, top(game, MetropolisChoice).player)
    if city is None:
        raise RuleError("only a capital that is not yet a metropolis grows into one")
    reason = why_not(game, city, action.pos)
    if reason:
        raise RuleError(reason)


@BOOK.rule(GrowMetropolis, legal=list_grow, answers=(MetropolisChoice,), check=check_grow)
def grow(game: Game, action: GrowMetropolis) -> None:
    seat = top(game, MetropolisChoice).player
    game.pending.pop()
    city = due(game, seat)
    assert city is not None
    player = game.players[seat]
    pieces.clear_improvement(game, action.pos, replaced=True)  # overbuilt
    city.expansion = action.pos
    player.metropolis_waits = False
    yields.touch(game)
    game.say(f"{player.name}'s capital grows into a metropolis over {game.label(action.pos)}.")
    own = [f.id for f in occupancy.at(game, action.pos) if f.owner == seat]
    if own:
        game.pending.append(Evacuate(seat, figures=own))
