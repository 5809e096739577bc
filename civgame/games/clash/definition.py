"""Clash of Cultures behind the framework's one interface (`GameDefinition`)."""

from __future__ import annotations

from collections.abc import Sequence

from civgame.framework.game import GameDefinition, Outcome
from civgame.games.clash.core.model import Game
from civgame.games.clash.rules.base.scoring import scores
from civgame.games.clash.rules.flow.controller import apply, legal_actions, why_illegal
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.mods import rules_for_save
from civgame.games.clash.storage.save import dumps, header_of, loads
from civgame.games.clash.view import view_for


def _outcome(game: Game) -> Outcome:
    totals = tuple(sheet["total"] for sheet in scores(game))
    return Outcome(tuple(game.winner), "the most victory points when the game ended", totals)


def _loads(text: str, source: str) -> Game:
    return loads(text, rules_for_save(header_of(text, source), source), source)


def _player_names(game: Game) -> Sequence[str]:
    return [p.name for p in game.players]


DEFINITION = GameDefinition(
    id="clash",
    title="Clash of Cultures: Monumental Edition",
    min_players=2,
    max_players=4,
    new_game=new_game,
    legal_actions=legal_actions,
    # Clash's rules take Clash's actions only: the framework hands each game its own.
    apply=apply,  # type: ignore[arg-type]
    why_illegal=why_illegal,  # type: ignore[arg-type]
    actor=Game.actor,
    is_over=lambda game: game.phase == "over",
    outcome=_outcome,
    player_names=_player_names,
    check_invariants=check_invariants,
    dumps=dumps,
    loads=_loads,
    view_for=view_for,
)
