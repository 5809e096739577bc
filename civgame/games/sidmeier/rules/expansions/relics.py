"""The expansions' relics [004 F&F EXPANSION RULES: Relics] [004 W&W EXPANSION RULES: Relics].

A relic marker is put on its square when its tile is turned face up (`movement.moves.fill_tile`). While
it lies there no city may be built on or next to its square, no effect may build on it or change it,
and no scout may enter it unless an army moves with it; armies may move through it (rules question
Q17). When a move ends there with an army, the army's owner removes the relic and gains its one-time
effects: each relic's effects are data (`relics.yaml`, primitives of kind `relic`); an effect that waits
"for the start of the next turn" is kept on the player (`relic_boons`) until their next Start of Turn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from civgame.framework.effects import Params
from civgame.framework.errors import RuleError
from civgame.games.sidmeier.content import effects as fx
from civgame.games.sidmeier.content.ruleset import Relic
from civgame.games.sidmeier.core.actions import Action, PlaceFreeInvestment, TakeFreeTech
from civgame.games.sidmeier.core.decisions import FreeInvestments, FreeTech, FreeUnits
from civgame.games.sidmeier.core.model import Figure, Game
from civgame.games.sidmeier.rules.base import board, culture, pieces, techs, yields
from civgame.games.sidmeier.rules.base.book import BOOK, top
from civgame.games.sidmeier.rules.expansions import investments


def why_no_city(game: Game, pos: int) -> str | None:
    """Why a relic forbids a city on `pos` (None: it does not)."""
    squares = game.squares
    if squares[pos].relic or any(squares[p].relic for p in board.around(game, pos)):
        return "a city cannot be built on or next to a relic"
    return None


def arrived(game: Game, seat: int, figures: list[Figure]) -> None:
    """The player's figures ended their move: with an army among them on a relic, they take it."""
    if not figures or not any(f.kind == "army" for f in figures):
        return
    pos = figures[0].pos
    relic_id = game.squares[pos].relic
    if not relic_id:
        return
    game.squares[pos].relic = ""
    yields.touch(game)  # the square may be built on and changed again
    relic = game.rules.relics[relic_id]
    player = game.players[seat]
    game.say(f"{player.name}'s army takes the relic {relic.name} at {game.label(pos)}: {relic.text}.")
    for effect in relic.effects:
        ACTS[effect.name](game, seat, relic, effect.params)


# ------------------------------------------------------------------ what each primitive does


def _next_turn(game: Game, seat: int, relic: Relic, params: Params) -> None:
    boons = game.players[seat].relic_boons
    if relic.id not in boons:
        boons.append(relic.id)


def _great_person(game: Game, seat: int, relic: Relic, params: Params) -> None:
    pieces.gain_great_person(game, seat)


def _culture_advances(game: Game, seat: int, relic: Relic, params: Params) -> None:
    assert isinstance(params, fx.RelicCultureAdvances)
    for _ in range(params.spaces):
        culture.advance(game, seat, free=True, why=relic.name)


def _free_units(game: Game, seat: int, relic: Relic, params: Params) -> None:
    assert isinstance(params, fx.RelicFreeUnits)
    game.pending.append(FreeUnits(seat, left=params.count, source=f"relic:{relic.id}"))


# ------------------------------------------------------------------ at the start of the next turn


def _ask_tech(game: Game, seat: int, relic: Relic, params: Params) -> None:
    game.pending.append(FreeTech(seat, source=relic.id))


def _ask_investments(game: Game, seat: int, relic: Relic, params: Params) -> None:
    assert isinstance(params, fx.RelicInvestments)
    if game.rules.investments:
        game.pending.append(FreeInvestments(seat, left=params.markers, source=relic.id))


Act = Callable[[Game, int, Relic, Params], None]
LATER: dict[str, Act] = {"relic_tech_next_turn": _ask_tech, "relic_investments_next_turn": _ask_investments}
ACTS: dict[str, Act] = {
    **dict.fromkeys(LATER, _next_turn),
    "relic_great_person": _great_person,
    "relic_culture_advances": _culture_advances,
    "relic_free_units": _free_units,
}


def start_of_turn(game: Game, seat: int) -> None:
    """The relic effects waiting for the player's Start of Turn: each asks its choice now."""
    player = game.players[seat]
    for relic_id in player.relic_boons:
        relic = game.rules.relics[relic_id]
        for effect in relic.effects:
            ask = LATER.get(effect.name)
            if ask is not None:
                ask(game, seat, relic, effect.params)
    player.relic_boons.clear()


def list_free_tech(game: Game) -> Iterator[Action]:
    seat = top(game, FreeTech).player
    choices = techs.learnable(game, seat, list(game.rules.techs))
    for tech in choices:
        yield TakeFreeTech(tech)
    if not choices:
        yield TakeFreeTech("")  # no tech has a place in the pyramid: the relic's tech is lost


def check_free_tech(game: Game, action: TakeFreeTech) -> None:
    if action not in list(list_free_tech(game)):
        raise RuleError("the relic's free tech must have a legal place in your tech pyramid")


@BOOK.rule(TakeFreeTech, legal=list_free_tech, answers=(FreeTech,), check=check_free_tech)
def take_free_tech(game: Game, action: TakeFreeTech) -> None:
    decision = top(game, FreeTech)
    game.pending.pop()
    name = game.rules.relics[decision.source].name
    if action.tech:
        techs.learn(game, decision.player, action.tech, how=f"free ({name})")
    else:
        game.say(f"{game.players[decision.player].name} has no place in the tech pyramid for the tech of {name}.")


def list_free_investment(game: Game) -> Iterator[Action]:
    top(game, FreeInvestments)
    for card in game.rules.investments:
        yield PlaceFreeInvestment(card)


def check_free_investment(game: Game, action: PlaceFreeInvestment) -> None:
    if action not in list(list_free_investment(game)):
        raise RuleError("a free investment marker goes on one of your investment cards")


@BOOK.rule(PlaceFreeInvestment, legal=list_free_investment, answers=(FreeInvestments,), check=check_free_investment)
def place_free_investment(game: Game, action: PlaceFreeInvestment) -> None:
    decision = top(game, FreeInvestments)
    name = game.rules.relics[decision.source].name
    investments.add_marker(game, decision.player, action.card, f"invests a coin free ({name}) in")
    decision.left -= 1
    if decision.left <= 0:
        game.pending.pop()
