"""The Research phase [004 RESEARCH]: each player may choose one tech, face down; then all are revealed
together (in turn order) and learned. A tech of level L needs 6 + 5 (L - 1) trade; researching spends
all trade but 1 per coin the player has (never raising it)."""

from __future__ import annotations

from collections.abc import Iterator

from civgame.framework.errors import RuleError
from civgame.games.sidmeier.content import effects as fx
from civgame.games.sidmeier.core.actions import Action, Research, SecondTech, SkipResearch
from civgame.games.sidmeier.core.decisions import ResearchTurn, SecondResearchChoice
from civgame.games.sidmeier.core.model import Game
from civgame.games.sidmeier.rules.base import effects, techs, yields
from civgame.games.sidmeier.rules.base.book import BOOK, always, top


def choices(game: Game, seat: int) -> list[str]:
    trade = game.players[seat].trade
    costs = techs.research_costs(game, seat)
    return [t for t in techs.learnable(game, seat) if costs(techs.level(game, t)) <= trade]


def list_research(game: Game) -> Iterator[Action]:
    for tech in choices(game, game.actor()):
        yield Research(tech)


def check_research(game: Game, action: Research) -> None:
    seat = game.actor()
    if action.tech not in game.rules.techs:
        raise RuleError(f"there is no tech {action.tech!r}")
    if action.tech in game.players[seat].techs:
        raise RuleError("you know that tech already")
    if action.tech not in techs.learnable(game, seat):
        raise RuleError("a tech of level II or higher needs a place above two techs of the level below")
    if techs.research_cost(game, seat, action.tech) > game.players[seat].trade:
        raise RuleError(f"researching it needs {techs.research_cost(game, seat, action.tech)} trade")


@BOOK.rule(Research, legal=list_research, answers=(ResearchTurn,), check=check_research)
def research(game: Game, action: Research) -> None:
    seat = game.actor()
    game.research[seat] = action.tech
    game.pending.pop()
    game.say(f"{game.players[seat].name} chooses a tech face down.")


@BOOK.rule(SkipResearch, legal=always(SkipResearch()), answers=(ResearchTurn,))
def skip(game: Game, action: SkipResearch) -> None:
    game.pending.pop()


def reveal(game: Game, seat: int) -> None:
    """Learn the player's chosen tech (the flow calls this for each player in turn order)."""
    tech = game.research.pop(seat, None)
    if tech is None:
        return
    player = game.players[seat]
    cost = techs.research_cost(game, seat, tech)
    unique = techs.others_without(game, seat, tech) == len(game.players) - 1
    row = techs.research_row(game, seat, tech)
    if row < techs.level(game, tech):
        player.used.remove(techs.ROW_LOWER)
    techs.learn(game, seat, tech, row=row, how=f"(research, {cost} trade)")
    bonus = effects.total(game, seat, "culture_for_unique_research") if unique else 0
    if bonus:
        player.culture += bonus
        game.say(f"{player.name} gains {bonus} culture: nobody else has learned or is researching that tech.")
    extra = [p.extra_trade for p in effects.params(game, seat, "second_research", fx.SecondResearch)]
    level = techs.level(game, tech)
    if extra and player.trade >= cost + min(extra) and techs.learnable(game, seat, max_level=level):
        game.pending.append(SecondResearchChoice(seat, level=level))
        return
    spend(game, seat)


def spend(game: Game, seat: int) -> None:
    player = game.players[seat]
    player.trade = min(player.trade, yields.coins(game, seat))


def list_second(game: Game) -> Iterator[Action]:
    decision = top(game, SecondResearchChoice)
    yield SecondTech("")
    for tech in techs.learnable(game, decision.player, max_level=decision.level):
        yield SecondTech(tech)


def check_second(game: Game, action: SecondTech) -> None:
    if action not in list(list_second(game)):
        raise RuleError("the second tech is of the same or a lower level, with a place in the pyramid")


@BOOK.rule(SecondTech, legal=list_second, answers=(SecondResearchChoice,), check=check_second)
def second(game: Game, action: SecondTech) -> None:
    decision = top(game, SecondResearchChoice)
    game.pending.pop()
    if action.tech:
        techs.learn(game, decision.player, action.tech, how="(a second research)")
    spend(game, decision.player)
