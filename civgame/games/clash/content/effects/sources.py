"""Which effects a player has now: one query over every source the player holds.

Sources, in the order `active` lists their effects (and so the order in which listeners of one
player run): the player's advances in the order gained (the government is one of them), then the
advance borrowed for this turn (Great Library); the civilization's special advances held, in the
order gained, each followed by the advances whose powers it gives (`advance_powers`); the wonders
standing in the player's cities, in city order; the leader on the board;
the cards whose effect lasts a while (this turn, this round, this battle), in the order played.
Losing a source ends its effects at once.

The answers per player (every primitive, from one look over the holdings) are cached in the
game with the holdings they were worked out from; every rule that changes what a player holds
calls `holdings_changed(game)`, and the invariant checks compare the cache with a fresh answer
after every action of the random games.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from civgame.framework.effects import Effect, params_as
from civgame.games.clash.content.effects.faith import AdvancePowers
from civgame.games.clash.content.effects.military import ShipCapacity
from civgame.games.clash.content.effects.registry import SourceKind
from civgame.games.clash.core.hexgrid import Hex

if TYPE_CHECKING:
    from civgame.games.clash.core.model import Game, LastingEffect, Player

LEADER_UNIT = "leader"  # the unit type of leaders on the board
_CACHE = "_effect_cache"  # the cache's attribute on the game: never saved, copied along with the game
_MEMO = "_effect_memo"  # answers worked out from the effects, forgotten with them (see `memo`)
_HELD = "_effect_holdings"  # per player: the rules and holdings the cached answers were worked out from
T = TypeVar("T")
Memo = tuple[int, Callable[["Game", "Player", Hashable], Any], Hashable]  # player, how worked out, about what
Held = tuple[object, tuple[tuple[SourceKind, str], ...]]  # the rules, and the holdings in order
_UNKNOWN: Any = object()  # (a remembered answer may be None)


def holdings(game: Game, player: Player) -> Iterator[tuple[SourceKind, str]]:
    """Every source of effects the player holds now, in the documented order."""
    for name in player.advances:
        yield "advance", name
    if player.borrowed_advance is not None:
        yield "advance", player.borrowed_advance
    for name in player.special_advances:
        yield "special_advance", name
        yield from _powers_given(game, player, name)
    for city in game.cities:
        if city.owner == player.index:
            for key in city.wonders:
                yield "wonder", game.rules.wonders[key].name
    if player.leader is not None:
        yield "leader", player.leader
    for lasting in player.lasting_effects:
        yield "card", lasting.source


def _powers_given(game: Game, player: Player, special_advance: str) -> Iterator[tuple[SourceKind, str]]:
    """The advances whose effects the special advance's `advance_powers` give the player: for each advance of
    its `category` the player uses, the one in the same place of `powers_of_category`."""
    granting = game.rules.effects_by_source.get(("special_advance", special_advance))
    for effect in granting.get("advance_powers", ()) if granting else ():
        params = params_as(effect, AdvancePowers)
        names = {category.name: advances for category, advances in game.rules.advance_names_by_category}
        for own, given in zip(names[params.category], names[params.powers_of_category], strict=False):
            if player.uses(own):
                yield "advance", given


def _answers(game: Game, player: Player) -> dict[str, tuple[list[Effect], bool]]:
    """primitive -> (the player's effects of it in source order, whether any is narrowed by `only:`),
    for every primitive the player holds: one pass over the holdings answers them all."""
    by_source = game.rules.effects_by_source
    found: dict[str, list[Effect]] = {}
    narrowed: set[str] = set()
    for held in holdings(game, player):
        granting = by_source.get(held)
        if granting is None:  # (a source without effects)
            continue
        for name, granted in granting.items():
            listed = found.get(name)
            if listed is None:
                found[name] = listed = []
            listed.extend(granted)
            for effect in granted:
                if effect.only:
                    narrowed.add(name)
    return {name: (listed, name in narrowed) for name, listed in found.items()}


def active(game: Game, player: Player, name: str, *, at: Hex | None = None) -> list[Effect]:
    """Every `name` effect the player benefits from now, in source order.

    Effects narrowed by `only:` (the leader's city, units with the leader) apply only when the
    rule names the place it is about with `at` and the player's leader stands there.
    """
    answer: tuple[list[Effect], bool] | None
    try:  # the cache is filled at the first question after a change of holdings
        answer = game.__dict__[_CACHE][player.index].get(name)
    except KeyError:
        answer = _player_answers(game, player).get(name)
    if answer is None:
        return []
    found, narrowed = answer
    if not narrowed:  # the common case, asked thousands of times a game: no `only:` to check
        return found
    return [e for e in found if not e.only or (at is not None and _applies_at(game, player, e, at))]


def has(game: Game, player: Player, name: str, *, at: Hex | None = None) -> bool:
    return bool(active(game, player, name, at=at))


def holds_any(game: Game, player: Player, name: str) -> bool:
    """The player holds a `name` effect, whether or not an `only:` narrows it to some place."""
    return name in _player_answers(game, player)


def _player_answers(game: Game, player: Player) -> dict[str, tuple[list[Effect], bool]]:
    cache: dict[int, dict[str, tuple[list[Effect], bool]]] | None = game.__dict__.get(_CACHE)
    if cache is None:
        cache = game.__dict__[_CACHE] = {}
    answers = cache.get(player.index)
    if answers is None:  # filled whole and never changed after, so copies of the game may share it
        answers = cache[player.index] = _answers(game, player)
        _note_holdings(game, player)
    return answers


def _adding_source(
    game: Game, answers: dict[str, tuple[list[Effect], bool]], source: tuple[SourceKind, str]
) -> dict[str, tuple[list[Effect], bool]]:
    """`_answers` of a player holding `source` after all they held when `answers` were worked out."""
    granting = game.rules.effects_by_source.get(source)
    if not granting:
        return answers
    added = dict(answers)
    for name, granted in granting.items():
        listed, narrowed = added.get(name, ([], False))
        added[name] = ([*listed, *granted], narrowed or any(effect.only for effect in granted))
    return added


def _note_holdings(game: Game, player: Player) -> None:
    """Remember what the player's cached answers are worked out from, if not yet noted."""
    held: dict[int, Held] = game.__dict__.setdefault(_HELD, {})
    if player.index not in held:
        held[player.index] = (game.rules, tuple(holdings(game, player)))


def _holds_as_noted(game: Game, player: Player) -> bool:
    """The player's cached answers were worked out from the rules and holdings of now."""
    noted: Held | None = game.__dict__.get(_HELD, {}).get(player.index)
    return noted is not None and noted[0] is game.rules and noted[1] == tuple(holdings(game, player))


def memo(game: Game, player: Player, work_out: Callable[[Game, Player, Hashable], T], about: Hashable = None) -> T:
    """`work_out(game, player, about)`, remembered until holdings change: for answers that depend
    only on what the player holds (which effects listen to a hook, which abilities they have), so
    that rules asked at every action need not ask `active` primitive by primitive. Answers are
    shared by copies of the game and must never be changed (return tuples, or mappings of them)."""
    found: dict[Memo, Any] | None = game.__dict__.get(_MEMO)
    if found is None:
        found = game.__dict__[_MEMO] = {}
    key = (player.index, work_out, about)
    answer: T = found.get(key, _UNKNOWN)  # (typed by annotation, not `typing.cast`: a call asked thousands of times)
    if answer is _UNKNOWN:
        answer = found[key] = work_out(game, player, about)
        _note_holdings(game, player)
    return answer


def holdings_changed(game: Game, player: Player | None = None) -> None:
    """Forget the cached answers: call whenever a player gains or loses a source of effects. Naming
    the `player` forgets only theirs: for a change of that player's holdings alone (not, say, a city
    with a wonder changing hands). Without it, the answers of every player whose holdings (or the
    rules) differ from those they were worked out from are forgotten."""
    if player is not None:
        _forget(game, player.index)
        return
    for other in game.players:
        if not _holds_as_noted(game, other):
            _forget(game, other.index)


def _forget(game: Game, index: int) -> tuple[Any, dict[Memo, Any], Held | None]:
    """Drop the cached answers of the player `index`; return them (primitive answers, remembered answers,
    what they were worked out from). Only this game's own dicts change: the answers inside may be shared
    with copies."""
    cache: dict[int, Any] = game.__dict__.get(_CACHE, {})
    answers = cache.pop(index, None)
    remembered: dict[Memo, Any] = game.__dict__.get(_MEMO, {})
    theirs = {key: answer for key, answer in remembered.items() if key[0] == index}
    for key in theirs:
        del remembered[key]
    noted: Held | None = game.__dict__.get(_HELD, {}).pop(index, None)
    return answers, theirs, noted


def end_lasting(game: Game, until: str) -> None:
    """The cards whose effect lasts until the end of this turn, round or battle stop applying."""
    for player in game.players:
        if not player.lasting_effects:  # (most players, at the end of most turns)
            continue
        kept = [lasting for lasting in player.lasting_effects if lasting.until != until]
        if len(kept) != len(player.lasting_effects):
            player.lasting_effects = kept
            holdings_changed(game, player)


@contextmanager
def lasting_for_a_look(game: Game, player: Player, lasting: LastingEffect) -> Iterator[None]:
    """Inside, `player` also holds `lasting`: a look at what a card would allow before it is played.
    Afterwards the player and the cached answers are as before (the other players' answers hold
    throughout, as their holdings do not change)."""
    answers, remembered, noted = _forget(game, player.index)
    player.lasting_effects.append(lasting)
    if answers is not None and noted is not None:  # the card's effects come last: added to the answers kept
        game.__dict__.setdefault(_CACHE, {})[player.index] = _adding_source(game, answers, ("card", lasting.source))
        game.__dict__.setdefault(_HELD, {})[player.index] = (noted[0], (*noted[1], ("card", lasting.source)))
    try:
        yield
    finally:
        player.lasting_effects.pop()
        _forget(game, player.index)
        if answers is not None:
            game.__dict__.setdefault(_CACHE, {})[player.index] = answers
        if remembered:
            game.__dict__.setdefault(_MEMO, {}).update(remembered)
        if noted is not None:
            game.__dict__.setdefault(_HELD, {})[player.index] = noted


def stale_answers(game: Game) -> list[str]:
    """Cached answers that differ from a fresh look (empty when the cache is sound)."""
    cache: dict[int, dict[str, tuple[list[Effect], bool]]] = game.__dict__.get(_CACHE, {})
    stale = []
    for index, answers in cache.items():
        player = game.player(index)
        fresh = _answers(game, player)
        stale += [
            f"{player.name}: {name}"
            for name in sorted(answers.keys() | fresh.keys())
            if answers.get(name) != fresh.get(name)
        ]
    remembered: dict[Memo, Any] = game.__dict__.get(_MEMO, {})
    stale += [
        f"{game.player(index).name}: {work_out.__name__}({about!r})"
        for (index, work_out, about), answer in remembered.items()
        if answer != work_out(game, game.player(index), about)
    ]
    return stale


def leader_space(game: Game, player: Player) -> Hex | None:
    """Where the player's leader stands (on a ship: the ship's space), if on the board."""
    for unit in game.units:  # a loop, not next() over a generator: asked at most actions
        if unit.owner == player.index and unit.kind == LEADER_UNIT:
            return unit.pos
    return None


def _applies_at(game: Game, player: Player, effect: Effect, space: Hex) -> bool:
    """An effect narrowed by `only:` applies at `space`: its wonder stands there, or the leader does
    (`leader_city`: in one of the player's own cities)."""
    city = game.city_at(space)
    if effect.only == "wonder_city":
        return city is not None and any(game.rules.wonders[w].name == effect.source for w in city.wonders)
    if leader_space(game, player) != space:
        return False
    return effect.only != "leader_city" or (city is not None and city.owner == player.index)


def once_per_turn_key(effect: Effect) -> str:
    return f"{effect.source}:{effect.name}"


def unused_this_turn(player: Player, effect: Effect) -> bool:
    return once_per_turn_key(effect) not in player.used_this_turn


def mark_used(player: Player, effect: Effect) -> None:
    player.used_this_turn.append(once_per_turn_key(effect))


def ship_capacity(game: Game, owner: int) -> int:
    """How many land units each ship of `owner` carries: the rules' number, or more with `ship_capacity`."""
    base = game.rules.game.ship_capacity
    if owner < 0:
        return base
    raised = [params_as(e, ShipCapacity).capacity for e in active(game, game.player(owner), "ship_capacity")]
    return max([base, *raised])
