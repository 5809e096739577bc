"""The expansions' hut and village results that are not resources [004 F&F EXPANSION RULES: New hut
and village effects] [004 W&W EXPANSION RULES]: a marker whose effect acts when found is revealed and
discarded at once (Native Art, Wealth, Friendly Barbarian, City-state); one whose effect waits is kept
face down until its holder reveals it (Teacher at Start of Turn, Friendly Workers in City Management).
What each marker does is data (`huts.yaml`, `specials`), in the primitives of kind `marker`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from civgame.framework.effects import Params
from civgame.framework.errors import RuleError
from civgame.games.sidmeier.content import effects as fx
from civgame.games.sidmeier.core.actions import Action, RevealMarker, TakeReward
from civgame.games.sidmeier.core.decisions import CityTurn, MarkerReward, StartTurn
from civgame.games.sidmeier.core.model import Game
from civgame.games.sidmeier.rules.base import board, effects, pieces, production, techs, yields
from civgame.games.sidmeier.rules.base.book import BOOK, top
from civgame.games.sidmeier.rules.expansions import city_states


def found(game: Game, seat: int, marker: int, pos: int) -> bool:
    """A marker just found: if its effect acts when found, it is revealed, resolved and discarded (True);
    otherwise its finder keeps it face down (False)."""
    special = game.rules.hut_markers[marker].special
    if special is None or not any(e.name in FOUND for e in special.effects):
        return False
    player = game.players[seat]
    game.markers_gone.append(marker)
    game.say(f"{player.name} reveals the marker found: {special.name}.")
    for effect in special.effects:
        if effect.name in FOUND:
            FOUND[effect.name](game, seat, pos, special.id, effect.params)
    return True


def is_hut(game: Game, marker: int) -> bool:
    return game.rules.hut_markers[marker].kind == "hut"


def explore_hut(game: Game, seat: int, pos: int) -> None:
    """The player explores the hut on `pos`: its marker acts at once or is kept face down."""
    square = game.squares[pos]
    player = game.players[seat]
    marker, square.marker = square.marker, -1
    if not found(game, seat, marker, pos):
        player.markers.append(marker)
        game.say(f"{player.name} explores a hut and keeps its marker face down.")
    player.culture += effects.total(game, seat, "culture_on_exploring")


def _culture(game: Game, seat: int, pos: int, source: str, p: Params) -> None:
    assert isinstance(p, fx.PositiveAmount)
    game.players[seat].culture += p.amount
    game.say(f"{game.players[seat].name} gains {p.amount} culture.")


def _coin(game: Game, seat: int, pos: int, source: str, p: Params) -> None:
    pieces.gain_coin_token(game, seat, pieces.SHEET)
    game.say(f"{game.players[seat].name} places a coin token on the civilization sheet.")


def _unit_or_figure(game: Game, seat: int, pos: int, source: str, p: Params) -> None:
    game.pending.append(MarkerReward(seat, pos=pos, source=source))


def _city_state(game: Game, seat: int, pos: int, source: str, p: Params) -> None:
    city_states.found(game, seat, pos)


# the effects that act when a marker is found, by primitive
FOUND: dict[str, Callable[[Game, int, int, str, Params], None]] = {
    "found_culture": _culture,
    "found_coin": _coin,
    "found_unit_or_figure": _unit_or_figure,
    "found_city_state": _city_state,
}


# ------------------------------------------------------------------ a found marker's free unit or figure


def list_reward(game: Game) -> Iterator[Action]:
    decision = top(game, MarkerReward)
    seat = decision.player
    found_any = False
    for unit in game.rules.units:
        deck = game.unit_decks[unit]
        if pieces.unit_unlocked(game, seat, unit) and (deck.draw or deck.returned):
            found_any = True
            yield TakeReward(unit=unit)
    for kind in ("army", "scout"):
        if pieces.unbuilt(game, seat, kind) > 0 and board.may_stop(game, seat, decision.pos, 1):
            found_any = True
            yield TakeReward(figure=kind)
    if not found_any:
        yield TakeReward()  # nothing can be built: the reward is lost


def check_reward(game: Game, action: TakeReward) -> None:
    if action not in list(list_reward(game)):
        raise RuleError(
            "the reward is one unlocked unit whose deck has cards, or one figure you have not built placed where the "
            "marker was found (within the stacking limit)"
        )


@BOOK.rule(TakeReward, legal=list_reward, answers=(MarkerReward,), check=check_reward)
def take_reward(game: Game, action: TakeReward) -> None:
    decision = top(game, MarkerReward)
    game.pending.pop()
    name = game.players[decision.player].name
    if action.unit:
        pieces.gain_unit(game, decision.player, action.unit)
        game.say(f"{name} builds a free {game.rules.units[action.unit].name} unit.")
    elif action.figure:
        pieces.place_figure(game, decision.player, action.figure, decision.pos)  # type: ignore[arg-type]
        game.say(f"{name} builds a free {action.figure} at {game.label(decision.pos)}.")


# ------------------------------------------------------------------ markers kept face down, revealed later


def _kept(game: Game, seat: int, name: str) -> Iterator[tuple[int, Params]]:
    """The player's face-down markers with an effect of primitive `name`, with its parameters."""
    for marker in game.players[seat].markers:
        special = game.rules.hut_markers[marker].special
        for effect in special.effects if special is not None else ():
            if effect.name == name:
                yield marker, effect.params


def list_reveal(game: Game) -> Iterator[Action]:
    seat = game.actor()
    if isinstance(game.pending[-1], StartTurn):
        for marker, p in _kept(game, seat, "reveal_learn_tech"):
            assert isinstance(p, fx.RevealLearnTech)
            level = [t for t in game.rules.techs if game.rules.techs[t].level == p.level]
            for tech in techs.learnable(game, seat, level):
                yield RevealMarker(marker, tech=tech)
    else:
        for marker, _ in _kept(game, seat, "reveal_city_production"):
            for city in game.cities_of(seat):
                if production.city_may_act(game, city):
                    yield RevealMarker(marker, city=city.id)


def check_reveal(game: Game, action: RevealMarker) -> None:
    if action not in list(list_reveal(game)):
        raise RuleError(
            "a marker kept face down is revealed for its effect in its phase: a Teacher at Start of Turn for a level "
            "I tech with a place in your pyramid, Friendly Workers in City Management for a city that may still act"
        )


@BOOK.rule(
    RevealMarker,
    legal=list_reveal,
    answers=(StartTurn, CityTurn),
    check=check_reveal,
    in_play=effects.carried("reveal_learn_tech", "reveal_city_production"),
)
def reveal_marker(game: Game, action: RevealMarker) -> None:
    seat = game.actor()
    player = game.players[seat]
    special = game.rules.hut_markers[action.marker].special
    assert special is not None
    player.markers.remove(action.marker)
    game.markers_gone.append(action.marker)
    game.say(f"{player.name} reveals {special.name}.")
    if action.tech:
        techs.learn(game, seat, action.tech, how=f"free ({special.name})")
        return
    city = game.city(action.city)
    assert city is not None
    for effect in special.effects:
        p = effect.params
        if isinstance(p, fx.RevealCityProduction):
            city.boost += p.amount
            yields.touch(game)
            game.say(f"The city at {game.label(city.pos)} has {p.amount} more production this turn.")
