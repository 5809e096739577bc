"""Fame and Fortune's disbanding, fortifications and caravans [004 F&F EXPANSION RULES: Disbanding
figures, fortifying cities, and sending caravans].

A moving figure (or group) may step into the centre of one of its player's own cities and leave the
map. Disbanding an army may fortify that city (the defender of a fortified city has a combat bonus,
until the city defends itself successfully); disbanding a scout may send a caravan there (discarded
in a build action of that city for extra production; `rules.base.city_markers`). A city holds one
such marker at most. The rules
are on while the rules data has a `disbanding` section (`game.yaml`).
"""

from __future__ import annotations

from collections.abc import Iterator

from civgame.framework.errors import RuleError
from civgame.games.sidmeier.core.actions import Action, Disband, UseCaravan
from civgame.games.sidmeier.core.decisions import CityTurn, Moving
from civgame.games.sidmeier.core.model import Game
from civgame.games.sidmeier.core.vocabulary import DIRECTIONS, with_article
from civgame.games.sidmeier.rules.base import board, pieces, production, yields
from civgame.games.sidmeier.rules.base.book import BOOK, top
from civgame.games.sidmeier.rules.base.city_markers import CARAVAN, FORTIFICATION

PLURAL = {"army": "armies", "scout": "scouts"}
MARKER_OF = {"army": FORTIFICATION, "scout": CARAVAN}  # the marker disbanding each kind of figure may place


def with_count(count: int, kind: str) -> str:
    return with_article(kind) if count == 1 else f"{count} {PLURAL[kind]}"


def disbanding_rules(game: Game) -> bool:
    """Disbanding and caravans are in play: the rules have them (W&W)."""
    return game.rules.game.disbanding is not None


def list_disband(game: Game) -> Iterator[Action]:
    if game.rules.game.disbanding is None:
        return
    decision = top(game, Moving)
    figures = [f for f in game.figures if f.id in decision.figures]
    if decision.left <= 0 or not figures:
        return
    for direction in DIRECTIONS:
        there = board.step(game, figures[0].pos, direction)
        city = game.city_at(there) if there is not None else None
        if city is None or city.owner != decision.player:
            continue
        yield Disband(direction)
        if not city.marker:
            for marker in sorted({MARKER_OF[f.kind] for f in figures}):
                yield Disband(direction, marker)


def check_disband(game: Game, action: Disband) -> None:
    if game.rules.game.disbanding is None:
        raise RuleError("disbanding figures is part of Fame and Fortune, which this game is not played with")
    if action not in list(list_disband(game)):
        raise RuleError(
            "a figure is disbanded by moving it into the centre of one of your cities (1 square of movement); an "
            "army may fortify that city, a scout send a caravan there, if the city holds neither marker"
        )


@BOOK.rule(Disband, legal=list_disband, answers=(Moving,), check=check_disband, in_play=disbanding_rules)
def disband(game: Game, action: Disband) -> None:
    decision = top(game, Moving)
    game.pending.pop()
    figures = [f for f in game.figures if f.id in decision.figures]
    there = board.step(game, figures[0].pos, action.direction)
    city = game.city_at(there) if there is not None else None
    assert city is not None
    for fig in figures:
        pieces.remove_figure(game, fig)
    player = game.players[decision.player]
    kinds = " and ".join(
        with_count(sum(f.kind == kind for f in figures), kind) for kind in sorted({f.kind for f in figures})
    )
    what = {FORTIFICATION: " and fortifies it", CARAVAN: " and sends a caravan there", "": ""}[action.marker]
    game.say(f"{player.name} disbands {kinds} in the city at {game.label(city.pos)}{what}.")
    city.marker = action.marker


def list_caravan(game: Game) -> Iterator[Action]:
    seat = game.actor()
    for city in game.cities_of(seat):
        if city.marker == CARAVAN and production.city_may_act(game, city):
            yield UseCaravan(city.id)


def check_caravan(game: Game, action: UseCaravan) -> None:
    if action not in list(list_caravan(game)):
        raise RuleError("a caravan is discarded for production in a city of yours that holds one and has not acted")


@BOOK.rule(UseCaravan, legal=list_caravan, answers=(CityTurn,), check=check_caravan, in_play=disbanding_rules)
def use_caravan(game: Game, action: UseCaravan) -> None:
    city = game.city(action.city)
    cfg = game.rules.game.disbanding
    assert city is not None and cfg is not None
    city.marker = ""
    city.boost += cfg.caravan_production
    yields.touch(game)
    game.say(
        f"{game.players[city.owner].name} discards the caravan of the city at {game.label(city.pos)}: "
        f"{cfg.caravan_production} more production this turn."
    )
