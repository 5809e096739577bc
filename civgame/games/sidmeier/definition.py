"""Sid Meier's Civilization: The Board Game behind civgame's one interface (`GameDefinition`)."""

from __future__ import annotations

from collections.abc import Sequence

from civgame.framework.game import GameDefinition, Outcome
from civgame.games.sidmeier.core.model import Game
from civgame.games.sidmeier.rules.base import victory
from civgame.games.sidmeier.rules.flow.controller import apply, legal_actions, new_game, why_illegal
from civgame.games.sidmeier.rules.flow.invariants import check_invariants
from civgame.games.sidmeier.rules.flow.view import view_for
from civgame.games.sidmeier.storage.save import dumps, loads


def _outcome(game: Game) -> Outcome:
    scores = tuple(float(victory.score(game, p.seat)) for p in game.players)
    return Outcome(tuple(game.winners), game.win_reason, scores)


def _player_names(game: Game) -> Sequence[str]:
    return [f"{p.name} ({game.rules.civilizations[p.civ].name})" for p in game.players]


DEFINITION = GameDefinition(
    id="sid-meier",
    title="Sid Meier's Civilization: The Board Game",
    min_players=2,
    max_players=4,  # the base game's; Fame and Fortune's rules raise it to 5 (`players.max`, read from the rules)
    new_game=new_game,
    legal_actions=legal_actions,
    # this game's rules take this game's actions only: the framework hands each game its own
    apply=apply,  # type: ignore[arg-type]
    why_illegal=why_illegal,  # type: ignore[arg-type]
    actor=Game.actor,
    is_over=lambda game: game.phase == "over",
    outcome=_outcome,
    player_names=_player_names,
    check_invariants=check_invariants,
    dumps=dumps,
    loads=loads,
    view_for=view_for,
    long_game_actions=20_000,  # random play takes about 2,000-5,000 actions for two to four players
    options={
        "tie_breaker": "the advanced tie-breaker variant: a culture, tech or economic victory lets the turn be "
        "played out, then the best victory score (techs + culture spaces + coins) wins",
        "civilizations": "the civilization of each seat, comma-separated (each a civilization or random)",
        "expansions": "the expansions played, a list of their ids (the rules data's `expansions`; --expansions)",
        "great_person_deck": "Fame and Fortune's optional great person deck: each great person comes with a card "
        "whose ability its holder may use (--great-person-deck)",
    },
)
