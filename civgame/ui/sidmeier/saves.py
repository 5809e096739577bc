"""Saves of Sid Meier's Civilization made by the window: the game's own save, with who plays each seat.

The text is the game's save (`GameDefinition.dumps`, which carries `game_id: sid-meier`) with one more
top-level key before the game, `seats` (human or a computer level for each seat), which the game's loader does not read.
A save without it (one written headless) opens with every seat played by a person.
"""

from __future__ import annotations

import os
from pathlib import Path

from civgame.framework.saves import GAME_ID_KEY, SaveError, dump_document, parse, read_text, top_level, write_atomically
from civgame.framework.text import printable
from civgame.games import DEFAULT_GAME, definition
from civgame.games.sidmeier.core.model import Game

GAME_ID = "sid-meier"
SEATS_KEY = "seats"
SEAT_KINDS = ("human", "easy", "normal", "hard")


def game_id(path: str | os.PathLike[str]) -> str:
    """Which game a save holds (saves from before there was a second game are Clash's); SaveError if unreadable."""
    source = str(path)
    document = top_level(parse(read_text(Path(path)), source, header_only=True), source)
    found = document.get(GAME_ID_KEY, DEFAULT_GAME)
    if type(found) is not str:
        raise SaveError(f"{source}: {GAME_ID_KEY}: expected the name of a game")
    return found


def text(game: Game, kinds: list[str]) -> str:
    document = top_level(parse(definition(GAME_ID).dumps(game), "save"), "save")
    header = {key: value for key, value in document.items() if key != "game"}
    # before the game itself, so that reading the header finds it (`parse(..., header_only=True)`)
    return dump_document({**header, SEATS_KEY: list(kinds), "game": document["game"]})


def save(game: Game, kinds: list[str], path: str | os.PathLike[str]) -> None:
    write_atomically(path, text(game, kinds).encode("utf-8"))


def load(path: str | os.PathLike[str]) -> tuple[Game, list[str]]:
    """The game of a save and who plays each seat; SaveError names the problem."""
    source = str(path)
    content = read_text(Path(path))
    game: Game = definition(GAME_ID).loads(content, source)
    document = top_level(parse(content, source, header_only=True), source)
    kinds = document.get(SEATS_KEY, ["human"] * len(game.players))
    if not isinstance(kinds, list) or len(kinds) != len(game.players) or any(k not in SEAT_KINDS for k in kinds):
        raise SaveError(
            f"{source}: {SEATS_KEY}: expected one of {', '.join(SEAT_KINDS)} for each of the {len(game.players)} seats"
        )
    return game, [str(k) for k in kinds]


def summary(path: str | os.PathLike[str]) -> str:
    """A save's players and turn for the load screen, read without building the game."""
    source = str(path)
    document = top_level(parse(read_text(Path(path)), source), source)
    state = document.get("game")
    players = state.get("players") if isinstance(state, dict) else None
    if not isinstance(state, dict) or not isinstance(players, list):
        raise SaveError(f"{source}: game: not a readable game")
    names = [printable(str(p.get("name", "?")))[:20] for p in players if isinstance(p, dict)]
    return f"Sid Meier's Civilization: {', '.join(names)} — turn {state.get('turn', '?')}"
