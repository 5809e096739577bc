"""Saves of Sid Meier's Civilization: the framework's envelope around the plain form of the model.

A save is one YAML mapping: `format` (civgame-save), `game_id` (sid-meier), `version`, `ruleset`
(the rules folder's name), `expansions` (the expansions played), `mods` (folders laid over it, in
order), `rules_hash` (a fingerprint of the rules data it was made with) and `game`. It is written
atomically and read back safely; loading decodes every field by its type, checks every reference
against the rules, and then the invariants: a corrupt save is refused with one line naming the field
(SaveError), never half loaded.
A save whose rules changed since (an edited data file) still loads if it passes every check.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from civgame.framework.codec import CodecError, from_plain, to_plain
from civgame.framework.saves import (
    FORMAT,
    GAME_ID_KEY,
    SaveError,
    dump_document,
    parse,
    read_text,
    top_level,
    write_atomically,
)
from civgame.games.sidmeier.content.ruleset import EXPANSIONS_FOLDER, FILES, Ruleset, load_rules
from civgame.games.sidmeier.core.model import Game
from civgame.games.sidmeier.rules.flow.invariants import check_invariants
from civgame.games.sidmeier.storage.validation import validate

GAME_ID = "sid-meier"
VERSION = 4


def _before_expansions(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 1 knew no expansions: a game without them, whose players hold no investments or policies and whose
    cities no fortification, caravan or building program."""
    game = doc.get("game")
    players = game.get("players") if isinstance(game, dict) else None
    for player in players if isinstance(players, list) else []:
        if isinstance(player, dict):
            player.setdefault("investments", {})
            player.setdefault("policies", [])
    cities = game.get("cities") if isinstance(game, dict) else None
    for city in cities if isinstance(cities, list) else []:
        if isinstance(city, dict):
            city.setdefault("marker", "")
            city.setdefault("program", False)
    return {**doc, "expansions": []}


def _before_metropolises(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 2 knew no metropolis and no great person deck (Fame and Fortune): cities of one square, no cards."""
    game = doc.get("game")
    if not isinstance(game, dict):
        return doc
    game.setdefault("great_person_deck", False)
    game.setdefault("person_deck", {"draw": [], "returned": []})
    for player in game.get("players") or []:
        if isinstance(player, dict):
            player.setdefault("person_cards", [])
            player.setdefault("person_shown", [])
            player.setdefault("person_markers", {})
            player.setdefault("metropolis_waits", False)
    for city in game.get("cities") or []:
        if isinstance(city, dict):
            city.setdefault("expansion", -1)
    return doc


def _before_relics(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 3 knew no relics or city-states: no square holds one, no player waits for a relic's effect, and
    no city-state marker is in play."""
    game = doc.get("game")
    if not isinstance(game, dict):
        return doc
    for key, part in (("squares", {"relic": "", "city_state": -1}), ("players", {"relic_boons": []})):
        items = game.get(key)
        for item in items if isinstance(items, list) else []:
            if isinstance(item, dict):
                for name, value in part.items():
                    item.setdefault(name, value)
    for name, value in (("city_state_pile", []), ("city_states_gone", []), ("city_state_resources", {})):
        game.setdefault(name, value)
    return doc


# version -> a function bringing a document of that version one version up
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _before_expansions,
    2: _before_metropolises,
    3: _before_relics,
}


def rules_hash(rules: Ruleset) -> str:
    digest = hashlib.sha256()
    base = Path(rules.folder)
    expansions = [base / EXPANSIONS_FOLDER / e for e in rules.expansions]
    folders = [base, *expansions, *(Path(m) for m in rules.mods)]
    for folder in folders:
        for name in FILES:
            path = folder / f"{name}.yaml"
            if path.is_file():
                digest.update(name.encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def document(game: Game) -> dict[str, object]:
    return {
        "format": FORMAT,
        GAME_ID_KEY: GAME_ID,
        "version": VERSION,
        "ruleset": Path(game.rules.folder).name,
        "expansions": list(game.rules.expansions),
        "mods": [str(m) for m in game.rules.mods],
        "rules_hash": rules_hash(game.rules),
        "game": to_plain(game),
    }


def _missing(given: Any, decoded: Any, path: str) -> str | None:
    """The first field a save leaves out (the model's defaults would fill it in silently)."""
    if isinstance(given, dict) and isinstance(decoded, dict):
        for key, value in decoded.items():
            if key not in given:
                return f"{path}.{key}"
            found = _missing(given[key], value, f"{path}.{key}")
            if found:
                return found
    elif isinstance(given, list) and isinstance(decoded, list):
        for i, (a, b) in enumerate(zip(given, decoded, strict=False)):
            found = _missing(a, b, f"{path}[{i}]")
            if found:
                return found
    return None


def dumps(game: Game) -> str:
    """The text of a save of `game`."""
    return dump_document(document(game))


def save_game(game: Game, path: str | os.PathLike[str]) -> None:
    write_atomically(path, dumps(game).encode("utf-8"))


def load_game(path: str | os.PathLike[str]) -> Game:
    return loads(read_text(Path(path)), str(path))


def loads(text: str, source: str = "save") -> Game:
    """The game in a save's text; SaveError names the first problem found."""
    doc = top_level(parse(text, source), source)
    if doc.get("format") != FORMAT:
        raise SaveError(f"{source}: format: not a civgame save (expected {FORMAT!r})")
    if doc.get(GAME_ID_KEY) != GAME_ID:
        raise SaveError(f"{source}: {GAME_ID_KEY}: {doc.get(GAME_ID_KEY)!r} is not {GAME_ID!r}")
    version = doc.get("version")
    if type(version) is not int or not 1 <= version <= VERSION:
        raise SaveError(f"{source}: version: {version!r} is not a version this civgame reads (1-{VERSION})")
    while version < VERSION:
        doc = MIGRATIONS[version](doc)
        version += 1
    mods = doc.get("mods", [])
    if not isinstance(mods, list) or not all(isinstance(m, str) for m in mods):
        raise SaveError(f"{source}: mods: expected a list of folders")
    expansions = doc.get("expansions")
    if not isinstance(expansions, list) or not all(isinstance(e, str) for e in expansions):
        raise SaveError(f"{source}: expansions: expected a list of the expansions played")
    try:
        rules = load_rules(mods=[Path(m) for m in mods], expansions=expansions)
    except Exception as exc:  # the rules the save names cannot be loaded: say which
        raise SaveError(f"{source}: mods: the rules it was saved with cannot be loaded ({exc})") from None
    if "game" not in doc:
        raise SaveError(f"{source}: game: missing")
    try:
        game = from_plain(Game, doc["game"], "game")
    except CodecError as exc:
        raise SaveError(f"{source}: {exc}") from None
    missing = _missing(doc["game"], to_plain(game), "game")
    if missing:
        raise SaveError(f"{source}: {missing}: missing")
    game.rules = rules
    problem = validate(game)
    if problem is None:
        broken = check_invariants(game)
        problem = f"game: {broken[0]}" if broken else None
    if problem is not None:
        raise SaveError(f"{source}: {problem}")
    return game
