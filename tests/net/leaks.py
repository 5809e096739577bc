"""What a seat must never read, looked for in the text the host sent it: written from the game's own
model, not from the code that makes views, so that a view that lets something through is caught."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from civgame.games.clash.core.decisions import OrientationDecision
from civgame.games.clash.core.model import Game

HAND_FIELDS = ("action_cards", "objective_cards", "wonder_cards", "foreseen_objectives")
SECRET_KEYS = {"rng", "seed", "history"}


def leaks(game: Game, seat: int, text: str) -> list[str]:
    """Each secret of the others (or of the game) that `text`, sent to `seat`, gives away."""
    found = []
    if str(game.rng.state) in text:
        found.append("the random generator's state")
    if str(game.seed) in text:
        found.append("the seed")
    exploring = {d.region for d in game.pending if isinstance(d, OrientationDecision)}
    for region in game.regions:
        if not region.revealed and region.number not in exploring and re.search(rf'"tile":\s*"{region.tile}"', text):
            found.append(f"the tile of face-down region {region.number}")
    for key, deck in game.decks.items():
        if len(deck.draw) >= 3 and re.search(r"\[\s*" + r",\s*".join(json.dumps(c) for c in deck.draw[:3]), text):
            found.append(f"the order of the {key} draw pile")
    for player in game.players:
        if player.index != seat:
            found += [f"{player.name}'s wonder card {w}" for w in player.wonder_cards if f'"{w}"' in text]
    found += _structure(game, seat, json.loads(text))
    return found


def _structure(game: Game, seat: int, message: Any) -> list[str]:
    found = []
    for item in _objects(message):
        if SECRET_KEYS & item.keys():
            found.append(f"a field {sorted(SECRET_KEYS & item.keys())}")
        if item.get("index") not in (None, seat) and "action_cards" in item:
            found += [f"player {item['index']}'s {f}" for f in HAND_FIELDS if not isinstance(item.get(f, 0), int)]
            persons = item.get("great_persons")
            hidden = [c for c in game.players[item["index"]].great_persons if not _face_up(game, c)]
            if isinstance(persons, list) or (isinstance(persons, dict) and set(hidden) & set(persons["face_up"])):
                found.append(f"player {item['index']}'s great persons held face down")
        others_decision = "player" in item and item.get("kind") in _decision_kinds(game) and item["player"] != seat
        if others_decision and set(item) - {"kind", "player"}:
            found.append(f"the contents of player {item['player']}'s decision {item['kind']}")
        for side in ("attacker", "defender"):
            plain = item.get(side)
            if isinstance(plain, dict) and plain.get("owner") != seat and isinstance(plain.get("tactics"), int):
                found.append(f"the {side}'s face-down tactics card")
    return found


def _face_up(game: Game, card: int) -> bool:
    person = game.rules.event(card).great_person
    return person is not None and person.public


def _decision_kinds(game: Game) -> set[str]:
    return {d.KIND for d in game.pending}


def _objects(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
        for inner in value.values():
            yield from _objects(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _objects(inner)
