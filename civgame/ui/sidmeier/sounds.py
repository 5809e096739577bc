"""Which of the sound effects (`civgame.ui.sound`) an action of Sid Meier's Civilization calls for, worked
out by comparing the game before and after it, as Clash's are: the rules never hear about sound."""

from __future__ import annotations

from dataclasses import dataclass

from civgame.games.sidmeier.core.model import Game
from civgame.ui.sound import EFFECTS


@dataclass(frozen=True)
class Moment:
    """What the sounds compare before and after an action."""

    battle: bool  # a battle is being fought
    turn: int
    pieces: int  # cities, figures, and buildings, wonders and great people on the map
    progress: int  # techs learned and spaces advanced on the culture track, by every player
    cards: tuple[int, ...]  # culture event cards and unit cards held, by player

    @classmethod
    def of(cls, game: Game) -> Moment:
        return cls(
            game.battle is not None,
            game.turn,
            len(game.cities) + len(game.figures) + sum(1 for s in game.squares if s.improvement is not None),
            sum(len(p.techs) + p.track for p in game.players),
            tuple(len(p.hand) + len(p.standing) for p in game.players),
        )


def cues(before: Moment, game: Game) -> list[str]:
    """The effects the last action calls for, most important first: a battle begun or ended, a tech or a
    culture space won, something built or founded, a card drawn or played, a new turn."""
    after = Moment.of(game)
    found = {
        "battle": after.battle != before.battle,
        "event": after.progress > before.progress,
        "build": after.pieces > before.pieces,
        "card": after.cards != before.cards,
        "end_turn": after.turn != before.turn,
    }
    return [name for name in EFFECTS if found.get(name)]
