"""Saved games: YAML files written atomically and read back with full validation.

A save is a YAML mapping: a header (`format`, `version`, `ruleset`, and the `mods` and
`rules_hash` of the rules it was made with) and `game`, the plain form of the `Game` (see
codec.py). Loading never executes anything: plain YAML only (no tags, no anchors or aliases, no
repeated keys), a size and nesting limit, typed decoding, consistency checks, then the checks of
validation.py (every field against the rules and the board, the invariants, a trial of the
pending decision's answers): a save that loads can be played on. Every problem becomes a
one-line `SaveError` that names the place in the file. Loading with rules other than
the save's is allowed; `check_rules_match` words the warning to show.

Saves outlive updates: each change of the save format bumps `model.SAVE_VERSION` and appends one
function to `MIGRATIONS`, which turns a document of the version before into the next version.
A save is migrated step by step to today's version before it is decoded; tests/saves/ keeps a
save of every version, and a test loads, migrates and plays on from each. A save from a newer
version is refused with both versions named.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from civgame.framework.codec import CodecError, from_plain, to_plain
from civgame.framework.saves import (
    FORMAT,
    GAME_ID_KEY,
    SaveError,
    dump_document,
    game_id_of,
    parse,
    read_text,
    top_level,
    write_atomically,
)
from civgame.framework.text import printable
from civgame.games.clash.content.ruleset import ModRef, Ruleset, default_ruleset
from civgame.games.clash.core.actions import Action
from civgame.games.clash.core.decisions import (
    CasualtyDecision,
    OrientationDecision,
    RefugeeDecision,
    ReuseUnitDecision,
)
from civgame.games.clash.core.hexgrid import Hex, label_to_hex
from civgame.games.clash.core.model import BARBARIAN, MOODS, PIRATE, SAVE_VERSION, Game
from civgame.games.clash.rules.flow import places
from civgame.games.clash.rules.flow.setup import why_not_variants
from civgame.games.clash.storage.validation import playability_problems

GAME_ID = "clash"
HEADER_KEYS = ("format", GAME_ID_KEY, "version", "ruleset", "mods", "rules_hash")
MAX_HEADER_TEXT = 100  # characters of a ruleset or mod name or version, shown in warnings
MAX_SHOWN_NUMBER = 999  # an age or round a list of saves shows (a file may hold any integer)
DECKS = ("action", "objective", "event", "wonder")

Document = dict[str, object]


def _listed(container: dict[str, Any], key: str) -> list[Any]:
    """The list at `key`, or no items when it holds anything else: a migration changes only values of
    the expected type, and leaves a wrong one for the decoder to refuse with the field's name."""
    value = container.get(key)
    return value if type(value) is list else []


def _mappings(container: dict[str, Any], key: str) -> list[dict[str, Any]]:
    """The mappings listed at `key` (as `_listed`), skipping items of any other type."""
    return [item for item in _listed(container, key) if type(item) is dict]


# MIGRATIONS[i] turns a save document of version i + 1 into version i + 2 (header and game alike),
# so there is exactly one per version before SAVE_VERSION.


def _players_hold_civilizations_and_effect_sources(document: Document) -> Document:
    """Version 2: players gained a civilization, its special advances and leaders, lasting card effects
    and who plays the seat (a person, or a computer of a level)."""
    game = document["game"]
    assert isinstance(game, dict)
    for player in _mappings(game, "players"):
        for name, empty in (
            ("special_advances", []),
            ("leader", None),
            ("lasting_effects", []),
            ("civilization", None),
            ("leaders_used", []),
            ("seat", "human"),
        ):
            player.setdefault(name, empty)
    return document


def _great_persons_are_played_like_action_cards(document: Document) -> Document:
    """Version 3: a great person is played like an action card: `PlayGreatPerson(card, advance)` became
    `PlayGreatPerson(card, choice)`, its free advance (none: declined) the first part of the choice."""
    game = document["game"]
    assert isinstance(game, dict)
    for entry in _mappings(game, "history"):
        if entry.get("kind") == "play_great_person" and "advance" in entry:
            advance = entry.pop("advance")
            entry["choice"] = [advance] if advance is not None else []
            entry["payment"] = None
    return document


_ROLES = ("attacker", "defender")


def _tactics_cards_resolve_side_by_side(document: Document) -> Document:
    """Version 4: the revealed tactics cards resolve in the attacker's pass, then the defender's, each
    effect once (catalogue §3.3). A battle notes the effects of the round already resolved (`resolved`,
    which replaces the Siege payments asked, `ransoms_asked`) and each side the combat value its cards
    counted and the hits it ignores. A battle saved waiting for a choice before the roll had removed
    the units lost to cards and asked for the payments; one waiting for a paid hit cancel had resolved
    the effects after the hits."""
    game = document["game"]
    assert isinstance(game, dict)
    combat = game.get("combat")
    if not isinstance(combat, dict):
        return document
    asked = combat.pop("ransoms_asked", None)
    pending = _mappings(game, "pending")
    top = pending[-1] if pending else {}
    before_roll = (top.get("kind") == "casualties" and top.get("reason") == "tactics") or (
        top.get("kind") == "effect_choice" and top.get("effect") in ("disable_enemy_abilities", "withdraw_before_roll")
    )
    done = []
    if before_roll:
        losses = [("holder", "sacrifice_units"), ("opponent", "sacrifice_units"), ("opponent", "kill_on_roll")]
        done += [f"{role}:{on}:{name}" for role in _ROLES for on, name in losses]
        done += [f"{role}:opponent:disable_enemy_abilities" for role in _ROLES if asked]
    if any(d.get("kind") == "hit_cancel" for d in pending):
        after = [("holder", "draw_on_hit"), ("opponent", "extra_hit_on_roll")]
        done += [f"{role}:{on}:{name}" for role in _ROLES for on, name in after]
    combat["resolved"] = done
    for role in _ROLES:
        side = combat.get(role)
        if type(side) is dict:
            side.setdefault("round_value", 0)
            side.setdefault("hits_ignored", 0)
    return document


# status steps (game.status_step while they run) that asked every player at once, and their decisions
_ASKING_STATUS_STEPS = {2: "free_advance", 4: "raze", 5: "government"}


def _status_players_choose_one_at_a_time(document: Document) -> Document:
    """Version 5: a status step asks its players one at a time in turn order (`status_players` holds those
    still to ask), so an event a free advance draws resolves before the next player chooses; an event
    drawn while another resolves waits for it (`events_waiting`). A save in such a step held one
    decision per player, first player on top: the players below the top one are asked later, and all of
    them if other decisions wait above theirs (an event drawn from the discard pile, say). Saved with an
    event already drawn and the next player's choice on top, that player still answers first: nothing
    else could set the event going."""
    game = document["game"]
    assert isinstance(game, dict)
    game.setdefault("events_waiting", [])
    game.setdefault("status_players", [])
    pending = game.get("pending")
    step = game.get("status_step")
    kind = _ASKING_STATUS_STEPS.get(step) if type(step) is int else None
    if game.get("phase") != "status" or kind is None or type(pending) is not list:
        return document
    asked = 0
    while asked < len(pending) and isinstance(pending[asked], dict) and pending[asked].get("kind") == kind:
        asked += 1
    later = asked - 1 if asked == len(pending) else asked  # the top decision stays if nothing is above it
    if later > 0:
        game["status_players"] = [decision.get("player") for decision in reversed(pending[:later])]
        del pending[:later]
    return document


def _the_end_of_the_game_is_explained(document: Document) -> Document:
    """Version 6: a finished game records why it ended (`end`: the last age, or the players left without a
    city); each player the loss that last left them without a city and their total at the end of each age.
    Older saves noted neither: a finished one ended after the last age unless a player has no city."""
    game = document["game"]
    assert isinstance(game, dict)
    players = _mappings(game, "players")
    for player in players:
        player.setdefault("last_city_lost", None)
        player.setdefault("scores_by_age", [])
    game.setdefault("end", None)
    if game.get("phase") == "over" and game["end"] is None:
        owners = {city.get("owner") for city in _mappings(game, "cities")}
        cityless = [p.get("index") for p in players if p.get("index") not in owners]
        reason = "no_cities" if cityless else "last_age"
        game["end"] = {"reason": reason, "age": game.get("age"), "cityless": cityless}
    return document


MIGRATIONS: list[Callable[[Document], Document]] = [
    _players_hold_civilizations_and_effect_sources,
    _great_persons_are_played_like_action_cards,
    _tactics_cards_resolve_side_by_side,
    _status_players_choose_one_at_a_time,
    _the_end_of_the_game_is_explained,
]


# ------------------------------------------------------------------ writing


def dumps(game: Game) -> str:
    """The text of a save of `game`."""
    rules = game.rules
    return dump_document(
        {
            "format": FORMAT,
            GAME_ID_KEY: GAME_ID,
            "version": SAVE_VERSION,
            "ruleset": game.ruleset,
            "mods": [{"name": mod.name, "version": mod.version} for mod in rules.mods],
            "rules_hash": rules.content_hash,
            "game": to_plain(game),
        }
    )


def save_game(game: Game, path: str | os.PathLike[str]) -> None:
    """Write a save of `game` atomically (see `civgame.framework.saves.write_atomically`)."""
    write_atomically(path, dumps(game).encode("utf-8"))


# ------------------------------------------------------------------ reading


@dataclass(frozen=True)
class SaveHeader:
    """The rules a save was made with."""

    ruleset: str
    mods: tuple[ModRef, ...] = ()
    rules_hash: str | None = None  # None in saves from before the rules were fingerprinted

    def describe(self) -> str:
        return " + ".join([self.ruleset, *(f"{m.name} {m.version}" for m in self.mods)])

    def fingerprinted(self) -> bool:
        """The header holds a fingerprint as civgame writes one (a SHA-256 in hexadecimal), or none: a
        difference of fingerprints then means the rules data changed, not that the header was made by hand."""
        return self.rules_hash is None or re.fullmatch(r"[0-9a-f]{64}", self.rules_hash) is not None


def check_rules_match(header: SaveHeader, rules: Ruleset) -> str | None:
    """A one-line warning when `rules` differ from the rules the save was made with, else None."""
    difference = rules_difference(header, rules)
    return f"{difference}; the game may not play as it did" if difference else None


def rules_difference(header: SaveHeader, rules: Ruleset) -> str | None:
    """How `rules` differ from the rules the save was made with, or None."""
    if header.ruleset != rules.game.id or header.mods != rules.mods:
        return f"this save was made with the rules {header.describe()}, but the rules in use are {rules.describe()}"
    if header.rules_hash is not None and header.rules_hash != rules.content_hash:
        return f"the rules data of {rules.describe()} has changed since this save was made"
    return None


def read_header(path: str | os.PathLike[str]) -> SaveHeader:
    """The header of a save file, read without decoding the game; a bad file raises SaveError."""
    path = Path(path)
    return header_of(read_text(path), str(path))


def header_of(text: str, source: str) -> SaveHeader:
    """The header of the text of a save, read without decoding the game; a bad text raises SaveError."""
    return _header(top_level(parse(text, source, header_only=True), source), source)


@dataclass(frozen=True)
class SaveSummary:
    """What a list of saves shows of each: who plays, and how far the game has come."""

    players: tuple[str, ...]
    age: int
    round: int
    phase: str

    def describe(self) -> str:
        where = "game over" if self.phase == "over" else f"age {self.age}, round {self.round}"
        if self.phase == "status":
            where = f"age {self.age}, status phase"
        return f"{', '.join(self.players)} — {where}"


def read_summary(path: str | os.PathLike[str]) -> SaveSummary:
    """The players, age, round and phase of a save, read without building the game; SaveError if unreadable."""
    path = Path(path)
    document = top_level(parse(read_text(path), str(path)), str(path))
    _header(document, str(path))
    state = document.get("game")
    players = state.get("players") if type(state) is dict else None
    if type(state) is not dict or type(players) is not list:
        raise SaveError(f"{path}: game: not a readable game")
    names = [player.get("name") if type(player) is dict else None for player in players]
    age, round_, phase = state.get("age"), state.get("round"), state.get("phase")
    if any(type(name) is not str for name in names) or type(age) is not int or type(round_) is not int:
        raise SaveError(f"{path}: game: not a readable game")
    if type(phase) is not str:
        raise SaveError(f"{path}: game: not a readable game")
    return SaveSummary(
        tuple(printable(name[:MAX_HEADER_TEXT]) for name in names),  # type: ignore[index]
        _shown(age),
        _shown(round_),
        printable(phase[:MAX_HEADER_TEXT]),
    )


def _shown(number: int) -> int:
    """A number as a list of saves shows it: a file may hold any integer."""
    return max(-MAX_SHOWN_NUMBER, min(MAX_SHOWN_NUMBER, number))


def load_game(path: str | os.PathLike[str], rules: Ruleset | None = None) -> Game:
    """Read and validate a save; any problem raises SaveError."""
    path = Path(path)
    return loads(read_text(path), rules, source=str(path))


def loads(text: str, rules: Ruleset | None = None, source: str = "save") -> Game:
    """Decode and validate the text of a save; `source` names it in error messages."""
    document = top_level(parse(text, source), source)
    _header(document, source)
    unknown = set(document) - {*HEADER_KEYS, "game"}
    if unknown:
        raise SaveError(f"{source}: unknown top-level field(s) {sorted(map(str, unknown))}")
    rules = rules or default_ruleset()
    if document.get("ruleset") != rules.game.id:
        raise SaveError(
            f"{source}: ruleset: {document.get('ruleset')!r} does not match the rules in use ({rules.game.id!r})"
        )
    if "game" not in document:
        raise SaveError(f"{source}: game: missing")
    document = migrate(document, source)
    try:
        game = from_plain(Game, document["game"], "game")
    except CodecError as exc:
        raise SaveError(f"{source}: {exc}") from None
    game.rules = rules
    _escape_record(game)
    problems = list(consistency_problems(game)) or list(playability_problems(game))
    if problems:
        more = f" (and {len(problems) - 1} more problem(s))" if len(problems) > 1 else ""
        raise SaveError(f"{source}: {problems[0]}{more}")
    return game


def _escape_record(game: Game) -> None:
    """The lines of the game's log and of its battle's log, every character shown: a line written by a
    hand with a NUL or an escape sequence in it can do nothing worse than show the escape."""
    game.log = [printable(line) for line in game.log]
    if game.combat is not None:
        game.combat.log = [printable(line) for line in game.combat.log]


def migrate(document: Document, source: str) -> Document:
    """`document` (a save of a version its header check accepted) brought to SAVE_VERSION."""
    version = document["version"]
    assert type(version) is int
    for step in MIGRATIONS[version - 1 :]:
        if type(document.get("game")) is not dict:
            raise SaveError(f"{source}: game: expected a mapping")
        document = step(document)
        version += 1
        document["version"] = version
        document["game"]["version"] = version  # type: ignore[index]
    return document


def _header(document: dict[Any, Any], source: str) -> SaveHeader:
    if document.get("format") != FORMAT:
        raise SaveError(f"{source}: not a civgame save (format is {document.get('format')!r}, expected {FORMAT!r})")
    try:
        game_id = game_id_of(document, GAME_ID)
    except SaveError as exc:
        raise SaveError(f"{source}: {exc}") from None
    if game_id != GAME_ID:
        raise SaveError(f"{source}: {GAME_ID_KEY}: this is a save of another game ({game_id[:MAX_HEADER_TEXT]!r})")
    version = document.get("version")
    if type(version) is not int or version < 1:
        raise SaveError(f"{source}: version: save version {version!r} is not supported (expected {SAVE_VERSION})")
    if version > SAVE_VERSION:
        raise SaveError(
            f"{source}: version: this save was made by a newer civgame (save version {version}); this civgame "
            f"opens saves up to version {SAVE_VERSION}: update civgame to open it"
        )
    ruleset = document.get("ruleset")
    if type(ruleset) is not str:
        raise SaveError(f"{source}: ruleset: expected the name of a ruleset, got {ruleset!r}")
    mods = document.get("mods", [])
    if type(mods) is not list or not all(
        type(m) is dict and set(m) == {"name", "version"} and type(m["name"]) is str and type(m["version"]) is str
        for m in mods
    ):
        raise SaveError(f"{source}: mods: expected a list of {{name, version}} of text")
    rules_hash = document.get("rules_hash")
    if rules_hash is not None and type(rules_hash) is not str:
        raise SaveError(f"{source}: rules_hash: expected text, got {rules_hash!r}")
    names = [("ruleset", ruleset), ("rules_hash", rules_hash or "")]
    names += [(f"mods[{i}].{key}", m[key]) for i, m in enumerate(mods) for key in ("name", "version")]
    for at, text in names:
        if len(text) > MAX_HEADER_TEXT or not text.isprintable():
            raise SaveError(
                f"{source}: {at}: not a name ({len(text):,} characters, at most {MAX_HEADER_TEXT} printable)"
            )
    return SaveHeader(ruleset, tuple(ModRef(m["name"], m["version"]) for m in mods), rules_hash)


# ------------------------------------------------------------------ consistency


def consistency_problems(game: Game) -> Iterator[str]:
    """Problems that make a decoded game unusable, each naming its path in the save.

    Stages run in order and stop at the first stage with problems, since later stages rely on
    earlier ones (the board needs valid regions, positions need the board).
    """
    for stage in (_players_and_turn, _regions, _board, _pieces, _decks_and_decisions, _history):
        problems = list(stage(game))
        if problems:
            yield from problems
            return


def _players_and_turn(game: Game) -> Iterator[str]:
    rules = game.rules
    count = len(game.players)
    if count not in rules.map.layouts or not rules.game.players.min <= count <= rules.game.players.max:
        yield f"game.players: {count} players; the ruleset allows {rules.game.players.min}-{rules.game.players.max}"
        return
    if game.version != SAVE_VERSION:
        yield f"game.version: {game.version} does not match the save version {SAVE_VERSION}"
    if game.ruleset != rules.game.id:
        yield f"game.ruleset: {game.ruleset!r} does not match {rules.game.id!r}"
    problem = why_not_variants(rules, game.variants)
    if problem:
        yield f"game.variants: {problem}"
    resources = set(rules.game.resource_caps)
    advances = set(rules.advance_names())
    for i, p in enumerate(game.players):
        at = f"game.players[{i}]"
        if p.index != i:
            yield f"{at}.index: {p.index} should be {i}"
        if set(p.resources) != resources:
            yield f"{at}.resources: must list exactly {sorted(resources)}"
        for name, amount in (
            *p.resources.items(),
            ("mood_tokens", p.mood_tokens),
            ("culture_tokens", p.culture_tokens),
            ("event_cubes", p.event_cubes),
        ):
            if amount < 0:
                yield f"{at}.{name}: negative amount {amount}"
        yield from _unknown_or_repeated(f"{at}.advances", p.advances, advances)
        yield from _unknown_or_repeated(f"{at}.wonder_cards", p.wonder_cards, set(rules.wonders))
        yield from _unknown_or_repeated(f"{at}.wonders_built", p.wonders_built, set(rules.wonders))
        yield from _unknown_or_repeated(f"{at}.destroyed_wonders_kept", p.destroyed_wonders_kept, set(rules.wonders))
        for wonder in sorted(set(p.destroyed_wonders_kept) - set(p.wonders_built)):
            yield f"{at}.destroyed_wonders_kept: {wonder!r} is not a wonder the player built"
        yield from _civilization(game, at, i)
        if not math.isfinite(p.event_vp):
            yield f"{at}.event_vp: {p.event_vp} is not a number of points"
        if not math.isfinite(p.objective_vp):
            yield f"{at}.objective_vp: {p.objective_vp} is not a number of points"
    players = range(count)
    for name in ("first_player", "current"):
        if getattr(game, name) not in players:
            yield f"game.{name}: {getattr(game, name)} is not a player index"
    for i, w in enumerate(game.winner):
        if w not in players:
            yield f"game.winner[{i}]: {w} is not a player index"
    if not 0 <= game.turns_taken < count:
        yield f"game.turns_taken: {game.turns_taken} is not between 0 and {count - 1}"
    if not 1 <= game.age <= game.last_age():
        yield f"game.age: {game.age} is not between 1 and {game.last_age()}"
    if not 1 <= game.round <= rules.game.rounds_per_age + 1:
        yield f"game.round: {game.round} is not between 1 and {rules.game.rounds_per_age + 1}"
    for name in ("actions_left", "status_step"):
        if getattr(game, name) < 0:
            yield f"game.{name}: negative value {getattr(game, name)}"
    for i, index in enumerate(game.status_players):
        if index not in players:
            yield f"game.status_players[{i}]: {index} is not a player index"
    if not 0 <= game.rng.state < 2**64:
        yield f"game.rng.state: {game.rng.state} is not a 64-bit state"


def _regions(game: Game) -> Iterator[str]:
    rules = game.rules
    layout = rules.map.layouts[len(game.players)]
    anchors = [h.anchor for h in layout.homes] + [f.anchor for f in layout.free]
    if len(game.regions) != len(anchors):
        yield f"game.regions: {len(game.regions)} regions; this board has {len(anchors)}"
        return
    regular = {t.id for t in rules.map.regular_tiles}
    seen: set[str] = set()
    for i, (region, anchor) in enumerate(zip(game.regions, anchors, strict=False)):
        at = f"game.regions[{i}]"
        if region.number != i + 1:
            yield f"{at}.number: {region.number} should be {i + 1}"
        if region.anchor != label_to_hex(anchor):
            yield f"{at}.anchor: {list(region.anchor)} is not the board position {anchor}"
        if i < len(layout.homes):
            if region.tile not in _home_tiles(game, rules, i, layout.homes[i].tile):
                yield f"{at}.tile: a home region holds tile {layout.homes[i].tile!r}, not {region.tile!r}"
        elif region.tile not in regular:
            yield f"{at}.tile: unknown region tile {region.tile!r}"
        elif region.tile in seen:
            yield f"{at}.tile: tile {region.tile!r} is used twice"
        seen.add(region.tile)
        for name in ("base_rotation", "rotation"):
            value = getattr(region, name)
            if value is not None and not 0 <= value <= 5:
                yield f"{at}.{name}: {value} is not a rotation 0-5"


def _civilization(game: Game, at: str, index: int) -> Iterator[str]:
    """The player's civilization, its special advances and leaders exist and belong together."""
    rules, p = game.rules, game.players[index]
    all_leaders = {leader.name for civ in rules.civilizations.values() for leader in civ.leaders}
    yield from _unknown_or_repeated(f"{at}.captured_leaders", p.captured_leaders, all_leaders)
    if p.civilization is None:
        if p.special_advances or p.leaders_used or p.leaders_dealt or p.leader is not None:
            yield f"{at}: special advances or leaders without a civilization"
        return
    civ = rules.civilizations.get(p.civilization)
    if civ is None:
        yield f"{at}.civilization: unknown civilization {p.civilization!r}"
        return
    if any(other.civilization == p.civilization for other in game.players[:index]):
        yield f"{at}.civilization: {p.civilization!r} is played by another player too"
    yield from _unknown_or_repeated(
        f"{at}.special_advances", p.special_advances, {s.name for s in civ.special_advances}
    )
    own = set(p.leaders_dealt) or {leader.name for leader in civ.leaders}
    yield from _unknown_or_repeated(f"{at}.leaders_dealt", p.leaders_dealt, all_leaders)
    yield from _unknown_or_repeated(f"{at}.leaders_used", p.leaders_used, own)
    if p.leader is not None and p.leader not in p.leaders_used:
        yield f"{at}.leader: {p.leader!r} is not among the leaders used"


def _home_tiles(game: Game, rules: Ruleset, index: int, layout_tile: str) -> set[str]:
    """A home region holds the layout's start tile, or its player's civilization's own."""
    player = game.players[index] if index < len(game.players) else None
    civ = rules.civilizations.get(player.civilization or "") if player is not None else None
    return {layout_tile} | ({civ.home_tile} if civ is not None and civ.home_tile else set())


def _board(game: Game) -> Iterator[str]:
    game.invalidate_board()
    if sum(len(r.spaces()) for r in game.regions) != len(game.space_region):
        yield "game.regions: regions overlap on the board"


def _pieces(game: Game) -> Iterator[str]:
    rules = game.rules
    players = range(len(game.players))
    used: dict[int, str] = {}

    def check_id(at: str, piece_id: int) -> Iterator[str]:
        if piece_id in used:
            yield f"{at}.id: {piece_id} is also the id of {used[piece_id]}"
        used[piece_id] = at
        if not 1 <= piece_id < game.next_id:
            yield f"{at}.id: {piece_id} is not between 1 and game.next_id - 1 ({game.next_id - 1})"

    for i, city in enumerate(game.cities):
        at = f"game.cities[{i}]"
        yield from check_id(at, city.id)
        if city.owner not in players and city.owner != BARBARIAN:
            yield f"{at}.owner: {city.owner} is not a player index or barbarians ({BARBARIAN})"
        yield from _space(game, f"{at}.pos", city.pos)
        if city.mood not in MOODS:
            yield f"{at}.mood: {city.mood!r} is not one of {list(MOODS)}"
        for building, colour in city.buildings.items():
            if building not in rules.buildings:
                yield f"{at}.buildings: unknown building {building!r}"
            if colour not in players:
                yield f"{at}.buildings.{building}: colour {colour} is not a player index"
        yield from _unknown_or_repeated(f"{at}.wonders", city.wonders, set(rules.wonders))
        if city.port_space is not None:
            yield from _space(game, f"{at}.port_space", city.port_space)
        if city.activations < 0:
            yield f"{at}.activations: negative value {city.activations}"
        for holder in city.tokens_under:
            if holder not in players:
                yield f"{at}.tokens_under: {holder} is not a player index"
    for i, unit in enumerate(game.units):
        at = f"game.units[{i}]"
        yield from check_id(at, unit.id)
        if unit.owner not in players and unit.owner not in (BARBARIAN, PIRATE):
            yield f"{at}.owner: {unit.owner} is not a player index, barbarians ({BARBARIAN}) or pirates ({PIRATE})"
        if unit.kind not in rules.units:
            yield f"{at}.kind: unknown unit {unit.kind!r}"
        yield from _space(game, f"{at}.pos", unit.pos)
    ships = {u.id for u in game.units if u.kind in rules.units and rules.units[u.kind].naval}
    for i, unit in enumerate(game.units):
        if unit.carrier is not None and (unit.carrier not in ships or unit.carrier == unit.id):
            yield f"game.units[{i}].carrier: {unit.carrier} is not the id of a ship"
    for i, space in enumerate(game.exhausted):
        yield from _space(game, f"game.exhausted[{i}]", space)


def _face_down_tactics(game: Game) -> list[int]:
    if game.combat is None:
        return []
    return [side.tactics for side in (game.combat.attacker, game.combat.defender) if side.tactics is not None]


def _decks_and_decisions(game: Game) -> Iterator[str]:
    if set(game.decks) != set(DECKS):
        yield f"game.decks: must hold exactly the decks {list(DECKS)}"
        return
    resolving = [("game.event", game.event)] if game.event is not None else []
    resolving += [(f"game.events_waiting[{i}]", event) for i, event in enumerate(game.events_waiting)]
    for at, event in resolving:
        if event.card not in places.deck_cards(game)["event"]:
            yield f"{at}.card: unknown event card {event.card!r}"
    if game.events_waiting and game.event is None:
        yield "game.events_waiting: an event waits only while another is under way"
    yield from places.misplaced(game)
    yield from _decisions(game)
    yield from _combat(game)


def _decisions(game: Game) -> Iterator[str]:
    players = range(len(game.players))
    units = {u.id for u in game.units}
    cities = {c.id for c in game.cities}
    for i, decision in enumerate(game.pending):
        at = f"game.pending[{i}]"
        if decision.player not in players:
            yield f"{at}.player: {decision.player} is not a player index"
        refs: list[tuple[str, list[int], set[int]]] = []
        if isinstance(decision, (CasualtyDecision, ReuseUnitDecision)):
            refs.append(("candidates", decision.candidates, units))
        if isinstance(decision, ReuseUnitDecision):
            refs.append(("city", [decision.city], cities))
        if isinstance(decision, RefugeeDecision):
            refs.append(("cities", decision.cities, cities))
        if isinstance(decision, OrientationDecision):
            refs.append(("units", decision.units, units))
            refs.append(("region", [decision.region], set(range(1, len(game.regions) + 1))))
        for name, values, valid in refs:
            for value in values:
                if value not in valid:
                    yield f"{at}.{name}: {value} does not refer to anything in the game"


def _combat(game: Game) -> Iterator[str]:
    combat = game.combat
    if combat is None:
        return
    units = {u.id for u in game.units}
    yield from _space(game, "game.combat.space", combat.space)
    for side in ("attacker", "defender"):
        for field in ("units", "casualties"):
            for unit in getattr(getattr(combat, side), field):
                if unit not in units:
                    yield f"game.combat.{side}.{field}: {unit} is not the id of a unit"
    for unit, origin in combat.origins.items():
        if unit not in units:
            yield f"game.combat.origins: {unit} is not the id of a unit"
        yield from _space(game, f"game.combat.origins.{unit}", origin)
    for name in ("city_id", "left_city"):
        city_id = getattr(combat, name)
        if city_id is not None and game.city(city_id) is None:
            yield f"game.combat.{name}: {city_id} is not the id of a city"


def _history(game: Game) -> Iterator[str]:
    for i, entry in enumerate(game.history):
        try:
            from_plain(Action, entry, f"game.history[{i}]")
        except CodecError as exc:
            yield str(exc)
            return


def _space(game: Game, at: str, space: Hex) -> Iterator[str]:
    if not game.on_board(space):
        yield f"{at}: {list(space)} is not a space on the board"


def _unknown_or_repeated(at: str, names: list[str], known: set[str]) -> Iterator[str]:
    seen = set()
    for name in names:
        if name not in known:
            yield f"{at}: unknown {name!r}"
        elif name in seen:
            yield f"{at}: {name!r} is listed twice"
        seen.add(name)
