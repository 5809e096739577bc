"""The status phase at the end of each age, and the end of the game.

Steps run in order ("in turn order, all players complete the first step before moving on to the
second step"). A step that needs the players' choices asks them one at a time in turn order
(`game.status_players` holds those still to ask): the next player is asked only once the previous
answer is settled, an event its free advance drew included ("resolve it immediately"), so a later
player chooses knowing it. The phase goes on when nothing is pending and no event is under way.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from itertools import combinations

from civgame.framework.errors import RuleError
from civgame.framework.wording import Party, listed
from civgame.games.clash.content import effects
from civgame.games.clash.content.ruleset import faces_text
from civgame.games.clash.core.actions import (
    Action,
    ChangeGovernment,
    ChooseFirstPlayer,
    Raze,
    TakeFreeAdvance,
    TakeNewLeader,
)
from civgame.games.clash.core.decisions import (
    Decision,
    FirstPlayerDecision,
    FreeAdvanceDecision,
    GovernmentDecision,
    NewLeaderDecision,
    RazeDecision,
)
from civgame.games.clash.core.hexgrid import hex_to_label
from civgame.games.clash.core.model import Game, GameEnd, Player
from civgame.games.clash.core.vocabulary import amounts
from civgame.games.clash.rules.actions.advances import (
    gain_advance,
    gainable,
    gainable_by_holdings,
    government_of,
    surcharge_payable,
    why_not_gain,
)
from civgame.games.clash.rules.actions.objectives import offer_status
from civgame.games.clash.rules.base import civilizations, log
from civgame.games.clash.rules.base.cards import deal
from civgame.games.clash.rules.base.endings import EARLY_ENDS, note_city_lost
from civgame.games.clash.rules.base.payments import can_pay, gain, pay, payment_for
from civgame.games.clash.rules.base.registry import answering, rule
from civgame.games.clash.rules.base.scoring import score_sheet, winners
from civgame.games.clash.rules.base.triggers import fire
from civgame.games.clash.rules.base.turns import after_last_round, may_end_game, rounds_left, start_round

END_CHECKED_AFTER = 1  # the status step after which the game's end is checked (its objectives)


@after_last_round
def begin(game: Game) -> None:
    game.phase = "status"
    game.status_step = 0
    log.say(game, "status.begins", age=game.age)
    run(game)


def run(game: Game) -> None:
    """Run status steps until one waits for a decision or the next age starts."""
    while game.phase == "status" and not game.pending and game.event is None:
        if game.status_players:
            _ask_next(game)
            continue
        if game.status_step == END_CHECKED_AFTER and _game_ends(game):  # once step 1's objectives are done
            return
        if game.status_step >= len(STEPS):
            _next_age(game)
            return
        step = STEPS[game.status_step]
        game.status_step += 1
        fire(game, "status_step", step=game.status_step)
        if isinstance(step, Ask):
            game.status_players = game.turn_order() * step.times(game)
        else:
            step(game)


@dataclass(frozen=True)
class Ask:
    """A step that asks each player with a choice (`wanted`) for a `decision`, one at a time in turn order;
    `times` over, all players once before any is asked again."""

    decision: type[Decision]
    wanted: Callable[[Game, Player], bool]
    times: Callable[[Game], int] = lambda game: 1


def free_advances(game: Game) -> int:
    """How many free advances each player takes in a status phase: one, or the four-round game's."""
    shorter = game.rules.game.variants.four_rounds
    return shorter.free_advances if "four_rounds" in game.variants and shorter is not None else 1


def asking_step(game: Game) -> Ask | None:
    """The running status step, if it asks the players one at a time."""
    if game.phase != "status" or not 0 < game.status_step <= len(STEPS):
        return None
    step = STEPS[game.status_step - 1]
    return step if isinstance(step, Ask) else None


def _ask_next(game: Game) -> None:
    """Ask the running step's next player, if they have a choice (worked out now, after the answers before)."""
    step = asking_step(game)
    assert step is not None
    index = game.status_players.pop(0)
    if step.wanted(game, game.player(index)):
        game.pending.append(step.decision(player=index))


# ------------------------------------------------------------------ the steps


def _objectives(game: Game) -> None:
    offer_status(game)


def cityless_players(game: Game) -> list[int]:
    """The players without a city: any of them ends the game at the next status phase."""
    return [p.index for p in game.players if not game.cities_of(p.index)]


def rounds_before_end_check(game: Game) -> int:
    """Whole rounds still to play (the round under way counted) before a status phase checks whether the
    game ends: none while this status phase has not checked yet, a whole age once it has."""
    per_age = game.rules.game.rounds_per_age
    if game.phase == "status":
        return 0 if game.status_step <= END_CHECKED_AFTER else per_age
    return per_age - game.round + 1


def _game_ends(game: Game) -> bool:
    """After step 1 the game ends after the last age, or when a player has no cities."""
    cityless = cityless_players(game)
    if game.age >= game.last_age():
        end_game(game, GameEnd("last_age", game.age))
    elif cityless:
        end_game(game, GameEnd("no_cities", game.age, cityless))
    return game.phase == "over"


def _draw_cards(game: Game) -> None:
    starting = game.rules.game.starting
    for index in game.turn_order():
        deal(game, game.player(index), 1 if starting.action_cards else 0, 1 if starting.objective_cards else 0)


def _razable(game: Game, player: Player) -> list[int]:
    # The summary makes no exception for a last city (docs/rules-decisions.md).
    return [c.id for c in game.cities_of(player.index) if game.city_size(c) <= game.rules.game.raze_max_size]


def government_options(game: Game, player: Player, *, free: bool = False) -> list[tuple[str, ...]]:
    """Every legal new set of government advances for a status-phase change (`free`: without its cost)."""
    current = government_of(game, player)
    if current is None:
        return []
    if not free and not can_pay(game, player, amounts(game.rules.game.government_change_cost)):
        return []
    held = [a for a in player.advances if game.rules.category_of(a).name == current]
    options = []
    for category in game.rules.categories:
        if not category.government or category.name == current:
            continue
        if category.requires and not player.has(category.requires):
            continue
        top, others = category.advances[0].name, [a.name for a in category.advances[1:]]
        for rest in combinations(others, len(held) - 1):
            options.append((top, *rest))
    return options


def _changes_government_here(game: Game) -> bool:
    """Whether governments change in the status phase (else by gaining another government's advance)."""
    return game.rules.game.government_change == "status_phase"


def first_player_chooser(game: Game) -> int | None:
    """A `chooses_first_player` holder; else the highest total (`first_player_by`: mood + culture tokens,
    or Culture + Happiness Levels), ties going to the current first player, else clockwise from them.
    By levels, a current first player who is not beaten keeps the place: nobody chooses (None)."""
    for index in game.turn_order():
        if effects.has(game, game.player(index), "chooses_first_player"):
            return index
    by_levels = game.rules.game.first_player_by == "levels"
    totals = {
        p.index: p.culture_level + p.happiness_level if by_levels else p.mood_tokens + p.culture_tokens
        for p in game.players
    }
    best = max(totals.values())
    if by_levels and totals[game.first_player] == best:
        return None
    return next(i for i in game.turn_order() if totals[i] == best)


def _first_player(game: Game) -> None:
    chooser = first_player_chooser(game)
    if chooser is None:
        log.say(game, "status.turn_order_stays", game.first_player)
        return
    game.pending.append(FirstPlayerDecision(player=chooser))


STEPS: tuple[Callable[[Game], None] | Ask, ...] = (
    _objectives,
    Ask(FreeAdvanceDecision, lambda game, player: bool(gainable(game, player)), free_advances),
    _draw_cards,
    Ask(RazeDecision, lambda game, player: bool(_razable(game, player))),
    Ask(
        GovernmentDecision,
        lambda game, player: _changes_government_here(game) and bool(government_options(game, player)),
    ),
    _first_player,
    Ask(NewLeaderDecision, civilizations.may_take_new_leader),  # "as a last step" (the Civilizations expansion)
)


def _record_age_scores(game: Game) -> None:
    """Each player's total at the end of the age, for the final scores' account of how the game went."""
    for player in game.players:
        player.scores_by_age.append(score_sheet(game, player.index)["total"])


def _next_age(game: Game) -> None:
    _record_age_scores(game)
    game.age += 1
    game.round = 1
    game.turns_taken = 0
    game.phase = "play"
    start_round(game)


# ------------------------------------------------------------------ the Variable End Game (2012 rulebook)


@may_end_game("round_end")
def _wonderful_ending(game: Game) -> bool:
    """A Wonderful Ending: once the round a wonder was built in is over, the game ends, before any status phase."""
    if game.ending:
        end_game(game, GameEnd("wonderful_ending", game.age))
    return game.ending


@may_end_game("round_start")
def _roll_to_end(game: Game) -> bool:
    """Roll to End: as each of the last rounds is about to begin, the first player rolls a die; a result within
    that round's range ends the game."""
    end = game.rules.game.variants.variable_end
    left = rounds_left(game)
    if "roll_to_end" not in game.variants or end is None or end.roll_to_end is None or left is None:
        return False
    roll = game.rng.below(6) + 1
    ending = end.ending_range(left)
    ends = roll in ending
    faces = faces_text(ending) + (", a provisional range" if end.roll_to_end_provisional else "")
    outcome = "ends" if ends else "goes on"
    log.say(game, "status.roll_to_end", game.first_player, roll=roll, faces=faces, outcome=outcome)
    if ends:
        end_game(game, GameEnd("roll_to_end", game.age))
    return ends


def end_game(game: Game, end: GameEnd) -> None:
    game.phase = "over"
    game.pending.clear()
    game.end = end
    _record_age_scores(game)
    game.winner = winners(game)
    names = listed(game.player(i).name for i in game.winner)
    if end.reason == "last_age":
        reason = "the last age is over"
    elif end.reason in EARLY_ENDS:
        reason = EARLY_ENDS[end.reason]
    else:
        reason = f"{', '.join(game.player(i).name for i in end.cityless)} has no cities"
    log.say(game, "status.game_ends", reason=reason, winners=Party(names, plural=len(game.winner) > 1))


# ------------------------------------------------------------------ answers


def _legal_free_advance(game: Game) -> list[Action]:
    player = game.player(answering(game, FreeAdvanceDecision).player)
    return [a for a in effects.memo(game, player, _free_advances) if surcharge_payable(game, player, a.advance)]


def _free_advances(game: Game, player: Player, _: Hashable) -> tuple[TakeFreeAdvance, ...]:
    """A `TakeFreeAdvance` of each advance the holdings allow (`gainable` but for surcharges), made once per
    change of holdings (actions are immutable)."""
    return tuple(TakeFreeAdvance(name) for name in gainable_by_holdings(game, player))


def _check_free_advance(game: Game, action: TakeFreeAdvance) -> None:
    reason = why_not_gain(game, game.player(answering(game, FreeAdvanceDecision).player), action.advance)
    if reason:
        raise RuleError(reason)


@rule(TakeFreeAdvance, legal=_legal_free_advance, answers=(FreeAdvanceDecision,), check=_check_free_advance)
def take_free_advance(game: Game, action: TakeFreeAdvance) -> None:
    player = game.player(answering(game, FreeAdvanceDecision).player)
    game.pending.pop()
    gain_advance(game, player, action.advance)
    run(game)


def _legal_raze(game: Game) -> list[Action]:
    player = game.player(answering(game, RazeDecision).player)
    return [Raze(None), *(Raze(c) for c in _razable(game, player))]


@rule(Raze, legal=_legal_raze, answers=(RazeDecision,))
def raze(game: Game, action: Raze) -> None:
    player = game.player(answering(game, RazeDecision).player)
    if action.city is not None:
        if action.city not in _razable(game, player):
            raise RuleError(f"only one of your size {game.rules.game.raze_max_size} cities may be razed")
        city = game.existing_city(action.city)
        game.cities.remove(city)
        effects.holdings_changed(game)
        reward = amounts(game.rules.game.raze)
        log.say(game, "status.razes", player.index, space=hex_to_label(city.pos))
        log.gained(game, player, gain(game, player, reward))
        note_city_lost(game, player.index, city.pos, "razed")
    game.pending.pop()
    run(game)


def _legal_government(game: Game) -> list[Action]:
    player = game.player(answering(game, GovernmentDecision).player)
    return [ChangeGovernment(()), *(ChangeGovernment(o) for o in government_options(game, player))]


@rule(ChangeGovernment, legal=_legal_government, answers=(GovernmentDecision,))
def change_government(game: Game, action: ChangeGovernment) -> None:
    player = game.player(answering(game, GovernmentDecision).player)
    if action.advances:
        if tuple(action.advances) not in government_options(game, player):
            raise RuleError("a new government takes its top advance plus as many others as you give up, minus one")
        pay(player, payment_for(game, player, amounts(game.rules.game.government_change_cost)))
        switch_government(game, player, action.advances)
    game.pending.pop()
    run(game)


def switch_government(game: Game, player: Player, advances: tuple[str, ...]) -> None:
    """Give up the current government's advances for `advances` (one of `government_options`)."""
    current = government_of(game, player)
    player.advances = [a for a in player.advances if game.rules.category_of(a).name != current]
    effects.holdings_changed(game)
    for name in advances:
        gain_advance(game, player, name, uses_event_cube=False)
    civilizations.drop_special_advances(game, player)  # after the new government: "any government" ones stay
    log.say(game, "status.government", player.index, old=current, new=game.rules.category_of(advances[0]).name)


def _legal_first_player(game: Game) -> list[Action]:
    return [ChooseFirstPlayer(p.index) for p in game.players]


@rule(ChooseFirstPlayer, legal=_legal_first_player, answers=(FirstPlayerDecision,))
def choose_first_player(game: Game, action: ChooseFirstPlayer) -> None:
    if not 0 <= action.player < len(game.players):
        raise RuleError("choose one of the players")
    game.first_player = action.player
    log.say(game, "status.first_player", action.player)
    game.pending.pop()
    run(game)


def _legal_new_leader(game: Game) -> list[Action]:
    player = game.player(answering(game, NewLeaderDecision).player)
    options = civilizations.new_leader_options(game, player)
    return [TakeNewLeader(), *(TakeNewLeader(city, name) for city, name in options)]


@rule(TakeNewLeader, legal=_legal_new_leader, answers=(NewLeaderDecision,))
def take_new_leader(game: Game, action: TakeNewLeader) -> None:
    player = game.player(answering(game, NewLeaderDecision).player)
    if action.city is not None:
        if (action.city, action.leader) not in civilizations.new_leader_options(game, player):
            raise RuleError(
                "a new leader goes to one of your cities; with Lead us you name one of your leaders not yet used, "
                "else it is drawn"
            )
        civilizations.take_new_leader(game, player, game.existing_city(action.city), action.leader)
    game.pending.pop()
    run(game)
