"""Mods: folders of rules data overlaid on a ruleset, and where they are found.

A mod folder holds `mod.yaml` (name, description, version, base) and any of the ruleset's
files, each holding only what it changes (the format is described in MODDING.md):

- a mapping merges key by key, at every depth; a key whose value is `{remove: true}` is removed;
- except a mapping the schema marks WHOLE (every cost, a condition): the mod's mapping replaces it;
- a list whose entries in the base all have an `id` (cards, map tiles) or else a `name`
  (advance categories, advances) merges entry by entry by that key: an entry changes the
  entry with its key, adds one if there is none, or removes it with `remove: true`;
- any other value (numbers, text, other lists) replaces the base's value.

Several mods apply in order, each on the result of the ones before. `validate-rules` lists each value a mod
changes (`Change`) and warns about those that change nothing. The effective rules are
validated as a whole; every problem names the file and line to fix, in the mod's file when the
bad value came from the mod. Rules that validate must also play: before a game starts with mods
(and in `validate-rules`), a few short seeded games are played on them with the invariants
checked after every action, and the first problem is reported, at the content it names.

    python -m civgame.games.clash.storage.mods --write-modding   # regenerate MODDING.md's generated sections
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from civgame.framework.datafiles import (
    REMOVE,
    Entry,
    OverlayPath,
    RulesDataError,
    RulesFiles,
    Where,
    Whole,
    display_path,
    identity_key,
    is_removal,
    located_errors,
    path_label,
    read_rules_file,
)
from civgame.framework.errors import RuleError
from civgame.framework.saves import SaveError
from civgame.framework.schema_text import default_text, field_text
from civgame.games.clash.content.ruleset import (
    DEFAULT_RULESET,
    FILES,
    RULESETS_ROOT,
    ModRef,
    Ruleset,
    build_ruleset,
    named_ruleset,
    overlay_folder,
    read_ruleset,
    replaced_whole,
    ruleset_dir,
    ruleset_name,
    split_ruleset_name,
)
from civgame.games.clash.core.model import Game
from civgame.games.clash.rules.flow.controller import apply, legal_actions
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.save import SaveHeader, check_rules_match, load_game, read_header, rules_difference
from civgame.paths import user_data_dir as user_data_dir  # where the player's files are (mods, saves)

MOD_FILE = "mod.yaml"
MODS_DIR_VARIABLE = "CIVGAME_MODS_DIR"  # overrides the user mods folder (tests, portable installs)


class ModInfo(BaseModel):
    """The contents of a mod's `mod.yaml`."""

    model_config = ConfigDict(extra="forbid", frozen=True, coerce_numbers_to_str=True)

    name: str = Field(min_length=1)
    version: str = Field(min_length=1)
    description: str = ""
    base: str = "monumental"  # the ruleset (a folder of rules_data/) the mod changes


@dataclass(frozen=True)
class Mod:
    """A mod folder; `info` is None and `problems` say why when its mod.yaml is missing or bad."""

    path: Path
    info: ModInfo | None
    problems: tuple[str, ...] = ()
    where: Where | None = field(default=None, compare=False, repr=False)  # of mod.yaml's values

    @property
    def name(self) -> str:
        return self.info.name if self.info else self.path.name

    @property
    def ref(self) -> ModRef:
        assert self.info is not None, "a mod without a valid mod.yaml has no name and version"
        return ModRef(self.info.name, self.info.version)


# ---------------------------------------------------------------- finding mods


def user_mods_dir() -> Path:
    """The folder the new-game screen lists mods from (each mod in its own sub-folder)."""
    override = os.environ.get(MODS_DIR_VARIABLE)
    return Path(override) if override else user_data_dir() / "mods"


def list_user_mods(folder: Path | None = None) -> list[Mod]:
    """Every sub-folder of the user mods folder that holds a mod.yaml, by folder name. A mod
    whose mod.yaml is invalid is listed too, with its problems, so that it can be shown as such."""
    folder = user_mods_dir() if folder is None else folder
    if not folder.is_dir():
        return []
    return [
        read_mod(path) for path in sorted(folder.iterdir(), key=lambda p: p.name.lower()) if (path / MOD_FILE).is_file()
    ]


def find_user_mod(ref: ModRef, folder: Path | None = None) -> Mod | None:
    """The installed mod called `ref.name`, preferring the same version; None if there is none."""
    found = [m for m in list_user_mods(folder) if m.info is not None and m.info.name == ref.name]
    same_version = [m for m in found if m.info is not None and m.info.version == ref.version]
    return next(iter(same_version or found), None)


def read_mod(path: Path) -> Mod:
    """A mod folder and its mod.yaml; problems are kept in the Mod rather than raised."""
    path = Path(path)
    shown = display_path(path)
    if not path.is_dir():
        return Mod(path, None, (f"{shown}: no such folder",))
    if not (path / MOD_FILE).is_file():
        return Mod(path, None, (f"{shown}: not a mod: there is no {MOD_FILE} (see MODDING.md)",))
    try:
        data, where, problems = read_rules_file(path / MOD_FILE)
    except RulesDataError as exc:
        return Mod(path, None, tuple(exc.problems))
    try:
        info = ModInfo.model_validate(data)
    except ValidationError as exc:
        return Mod(
            path, None, tuple(problems + located_errors(exc, {"mod": data}, {"mod": where}, prefix=("mod",))), where
        )
    if info.base not in available_rulesets():
        problems.append(
            where.at(("base",)).problem(
                f"base: there is no ruleset {info.base!r} (available: {', '.join(available_rulesets())})"
            )
        )
    return Mod(path, info, tuple(problems), where)


def available_rulesets() -> list[str]:
    """Clash's rulesets: the folders of rules_data/ that hold every file of Clash's rules (other
    games' rulesets live there too)."""
    return sorted(p.name for p in RULESETS_ROOT.iterdir() if all((p / name).is_file() for name in FILES.values()))


def offered_rulesets() -> dict[str, str]:
    """Clash's rulesets by the word players choose them by (`--ruleset`, the new-game screen), each to its
    folder of rules_data/: the default first."""
    folders = sorted(available_rulesets(), key=lambda folder: folder != DEFAULT_RULESET)
    return {(named_ruleset(folder).game.choice or folder): folder for folder in folders}


# ---------------------------------------------------------------- loading rules with mods


def load_rules(mods: Sequence[Path] = (), ruleset: str | None = None, changes: list[Change] | None = None) -> Ruleset:
    """The rules to play with: the ruleset named (a folder of rules_data/; the default one if None), or the
    base of `mods` with them overlaid in order (a ruleset named must be their base); `changes`, if given,
    receives each value the mods wrote (see `Change`).

    Raises RulesDataError whose `problems` are `file:line: problem` lines when a mod or the
    resulting rules are invalid.
    """
    if not mods:
        return named_ruleset(ruleset or DEFAULT_RULESET)
    options = split_ruleset_name(ruleset)[1] if ruleset else ()
    loaded = [read_mod(Path(path)) for path in mods]
    problems = [p for mod in loaded for p in mod.problems] + _stacking_problems(loaded)
    problems += _base_problems(loaded, ruleset)
    if problems:
        raise RulesDataError(problems)
    first = loaded[0].info
    assert first is not None  # a folder without a readable mod.yaml is one of the problems above
    files = read_ruleset(ruleset_dir(first.base), options)
    broken = False
    written: list[Change] = []
    for mod in loaded:
        broken |= not apply_mod(files, mod, written)
    if broken:
        raise RulesDataError(files.problems)
    rules = played_on(
        build_ruleset(files, tuple(mod.ref for mod in loaded), options), files, display_path(loaded[-1].path)
    )
    if changes is not None:
        changes += [dataclasses.replace(c, final=value_at(files.data[c.file], c.path)) for c in written]
    return rules


def _base_problems(mods: list[Mod], ruleset: str | None) -> list[str]:
    """A mod changes one ruleset: it cannot be laid over another."""
    first = mods[0]
    if ruleset is None or first.info is None or first.where is None:
        return []
    ruleset = split_ruleset_name(ruleset)[0]
    if first.info.base == ruleset:
        return []
    return [
        first.where.at(("base",)).problem(
            f"base: {first.name!r} changes the {first.info.base!r} rules, not the {ruleset!r} rules chosen"
        )
    ]


def _stacking_problems(mods: list[Mod]) -> list[str]:
    problems: list[str] = []
    first = mods[0]
    seen: dict[str, Mod] = {}
    for mod in mods:
        if mod.info is None or first.info is None or mod.where is None:
            continue
        if mod.info.base != first.info.base:
            problems.append(
                mod.where.at(("base",)).problem(
                    f"base: {mod.info.base!r} differs from {first.info.base!r}, the base of {first.name!r}; "
                    "stacked mods must change the same ruleset"
                )
            )
        if mod.info.name in seen:
            problems.append(
                mod.where.at(("name",)).problem(
                    f"name: {mod.info.name!r} is also the name of the mod in {display_path(seen[mod.info.name].path)}"
                )
            )
        seen[mod.info.name] = mod
    return problems


def apply_mod(files: RulesFiles, mod: Mod, changes: list[Change] | None = None) -> bool:
    """Overlay the mod's files on `files`, adding problems to it (and to `changes` each value it writes);
    False if a file could not be read."""
    known = set(FILES.values())
    for path in sorted(mod.path.iterdir()):
        if path.suffix in (".yaml", ".yml") and path.name != MOD_FILE and path.name not in known:
            files.problems.append(
                f"{display_path(path)}: not a rules file; a mod may hold {MOD_FILE} and {', '.join(FILES.values())}"
            )
    laid, readable = overlay_folder(files, mod.path)
    for key, _file, before, data, where in laid:
        if key == "game":
            _check_id_kept(before, data, where, files.problems)
        if changes is not None:
            changes += [
                Change(mod.name, key, path, at, value_at(before, path), value_at(files.data[key], path))
                for path, at in written_values(before, data, where, replaced_whole(key))
            ]
    return readable


def _check_id_kept(base: object, mod: object, where: Where, problems: list[str]) -> None:
    """The ruleset id names the base in saves; a mod is recorded separately, by name."""
    if isinstance(base, dict) and isinstance(mod, dict) and "id" in mod and mod["id"] != base.get("id"):
        problems.append(where.at(("id",)).problem(f"id: a mod cannot change the ruleset id ({base.get('id')!r})"))


# ---------------------------------------------------------------- what a mod changes


class _Missing:
    """No value at a data path: a key that is not there, an entry that is not in the list."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING = _Missing()


@dataclass(frozen=True)
class Change:
    """One value a mod wrote (a key, a whole cost, an entry added or removed), what it was before the mod,
    what it is right after it, and what the rules use once every mod is laid over (`final`)."""

    mod: str
    file: str  # a Ruleset field: the rules file's key
    path: OverlayPath
    where: Where
    before: object
    after: object
    final: object = MISSING

    def label(self) -> str:
        return path_label(self.path)

    def problem(self) -> str | None:
        """Why the change does nothing in the rules played with, or None when it takes effect."""
        if self.after == self.before:
            return f"changes nothing: the rules already have {show_value(self.before)}"
        if self.final != self.after:
            return f"has no effect: a mod laid over it later makes it {show_value(self.final)}"
        return None

    def describe(self) -> str:
        """`units.yaml:3: infantry.cost: {ore: 1} (was {food: 1, ore: 1})`."""
        if self.final is MISSING:
            text = f"removed (was {show_value(self.before)})"
        elif self.before is MISSING:
            text = f"{show_value(self.final)} (added)"
        else:
            text = f"{show_value(self.final)} (was {show_value(self.before)})"
        return self.where.problem(f"{self.label()}: {text}")


def show_value(value: object, limit: int = 100) -> str:
    """A rules value as it would be written in YAML, on one line and at most `limit` characters."""
    if value is MISSING:
        return "nothing"
    text = yaml.safe_dump(value, default_flow_style=True, sort_keys=False, width=10_000, allow_unicode=True).strip()
    text = text.removesuffix("\n...").strip()
    return text if len(text) <= limit else f"{text[: limit - 1]}…"


def value_at(data: object, path: OverlayPath) -> object:
    """The value at `path` in a file's data, or MISSING."""
    for step in path:
        if isinstance(step, Entry) and isinstance(data, list):
            data = next((e for e in data if isinstance(e, dict) and e.get(step.key) == step.ident), MISSING)
        elif isinstance(data, dict) and not isinstance(step, Entry) and step in data:
            data = data[step]
        else:
            return MISSING
    return data


def written_values(
    base: object, mod: object, where: Where, whole: Whole, path: OverlayPath = ()
) -> Iterator[tuple[OverlayPath, Where]]:
    """Each value a mod's file writes over `base`, as the overlay lays it: each key of a merged mapping and of
    a merged entry; as one value each, a mapping replaced as a whole, an entry or key added or removed, and
    any other value. (What the overlay refused, it reported as a problem.)"""
    if is_removal(mod):
        if base is not MISSING:
            yield path, where
        return
    if isinstance(base, dict) and isinstance(mod, dict) and isinstance(where.parts, dict) and not whole(path):
        for key, value in mod.items():
            yield from written_values(base.get(key, MISSING), value, where.parts[key], whole, (*path, key))
        return
    key = identity_key(base)
    if key is None or not isinstance(mod, list) or not isinstance(where.parts, list):
        yield path, where
        return
    for entry, at in zip(mod, where.parts, strict=True):
        ident = entry.get(key) if isinstance(entry, dict) else None
        if not isinstance(ident, (str, int)):
            continue
        step = (*path, Entry(key, ident))
        entry_base = value_at(base, step[-1:])
        if REMOVE in entry or entry_base is MISSING:
            yield step, at  # an entry removed or added
        else:
            yield from written_values(entry_base, {k: v for k, v in entry.items() if k != key}, at, whole, step)


# ---------------------------------------------------------------- validate-rules


def check_rules(folders: Sequence[Path], changes: list[Change] | None = None, options: Sequence[str] = ()) -> Ruleset:
    """What `civgame validate-rules` checks: one complete ruleset (a folder with game.yaml and
    no mod.yaml), or mods stacked in order (each value they write goes to `changes`), played with the
    ruleset's `options` (a mod of the 2012 rules checked with the Civilizations expansion on). Raises
    RulesDataError with every problem."""
    folders = [Path(f) for f in folders]
    if len(folders) == 1 and not (folders[0] / MOD_FILE).exists() and (folders[0] / FILES["game"]).is_file():
        files = read_ruleset(folders[0], options)
        return played_on(build_ruleset(files, (), options), files, display_path(folders[0]))
    first = read_mod(folders[0]).info if folders else None
    if first is None or not options or first.base not in available_rulesets():
        return load_rules(folders, changes=changes)  # (a bad mod.yaml or base is a problem load_rules reports)
    offered = named_ruleset(first.base).game.options
    unknown = [f"--{o.replace('_', '-')}" for o in options if o not in offered]
    if unknown:
        raise RulesDataError([f"{' and '.join(unknown)}: not an option of the mods' base ruleset {first.base!r}"])
    return load_rules(folders, ruleset_name(first.base, options), changes=changes)


# ---------------------------------------------------------------- trial games

TRIAL_SEEDS = 2  # games per player count
TRIAL_ACTIONS = 120  # actions per game: a few turns of every player, with a status phase
_PLAYED: set[str] = set()  # content hashes of rules whose trial games went well in this process


def trial_games(rules: Ruleset) -> int:
    return TRIAL_SEEDS * (rules.game.players.max - rules.game.players.min + 1)


def played_on(rules: Ruleset, files: RulesFiles, source: str) -> Ruleset:
    """`rules`, once a few short seeded games on them kept every invariant; else RulesDataError
    with the first problem, at the file and line of the content it names (else at `source`)."""
    if rules.content_hash in _PLAYED:
        return rules
    problem = trial_problem(rules)
    if problem is not None:
        message, names = problem
        text = f"these rules do not play: {message}"
        place = _place_of(rules, names)
        located = Where("ruleset", 0, files.where).at(place).problem(text) if place else f"{source}: {text}"
        raise RulesDataError([located])
    _PLAYED.add(rules.content_hash)
    return rules


def trial_problem(rules: Ruleset) -> tuple[str, list[str]] | None:
    """The first problem of short seeded games for every allowed player count, with the content
    names involved (the action's and the decision's text values); None if all went well."""
    for players in range(rules.game.players.min, rules.game.players.max + 1):
        for seed in range(TRIAL_SEEDS):
            game_name = f"a {players}-player trial game (seed {seed})"
            try:
                game = new_game(players, seed, rules=rules)
            except Exception as exc:  # whatever fails is a problem of the rules, reported as such
                return f"{game_name} cannot start ({type(exc).__name__}: {exc})", []
            choose = random.Random(seed)
            for step in range(1, TRIAL_ACTIONS + 1):
                if game.phase == "over":
                    break
                names = _names(game.pending[-1]) if game.pending else []
                try:
                    actions = legal_actions(game)
                    if not actions:
                        return f"{game_name}: no legal action after {step - 1} actions", names
                    kind = choose.choice(sorted({a.KIND for a in actions}))
                    action = choose.choice([a for a in actions if kind == a.KIND])
                    names += _names(action)
                    apply(game, action)
                except RuleError as exc:
                    return f"{game_name}: a listed action was refused at action {step} ({exc})", names
                except Exception as exc:  # whatever fails is a problem of the rules, reported as such
                    return f"{game_name}: action {step} ({kind}) fails ({type(exc).__name__}: {exc})", names
                broken = check_invariants(game)
                if broken:
                    return f"{game_name}: after action {step} ({kind}): {broken[0]}", names
    return None


def _names(obj: object) -> list[str]:
    return [v for f in dataclasses.fields(obj) if isinstance(v := getattr(obj, f.name), str)]  # type: ignore[arg-type]


def _place_of(rules: Ruleset, names: list[str]) -> tuple[object, ...] | None:
    """Where in the rules data the first of `names` that is a building, unit, wonder or advance is."""
    for name in names:
        for table in ("buildings", "units", "wonders"):
            if name in getattr(rules, table):
                return (table, name)
        for ci, category in enumerate(rules.categories):
            for ai, advance in enumerate(category.advances):
                if advance.name == name:
                    return ("categories", ci, "advances", ai)
    return None


def summary(rules: Ruleset) -> str:
    """One line that says what valid rules hold."""
    advances = sum(len(c.advances) for c in rules.categories)
    cards = len(rules.action_cards) + len(rules.objective_cards) + len(rules.events)
    return (
        f"OK: {rules.describe()}: {advances} advances in {len(rules.categories)} categories, "
        f"{len(rules.buildings)} buildings, {len(rules.units)} units, {len(rules.wonders)} wonders, {cards} cards; "
        f"{trial_games(rules)} short trial games played"
    )


# ---------------------------------------------------------------- saves made with mods


def rules_for_save(header: SaveHeader, source: str, mod_folders: Sequence[Path] | None = None) -> Ruleset:
    """The rules to load a save with: `mod_folders` when given (e.g. `--rules`), else the mods
    the save names, found by name in the user mods folder. A mod that is not installed is an
    error; rules that differ from the save's are allowed (see save.check_rules_match)."""
    if mod_folders is not None:
        return load_rules(mod_folders, header.ruleset)  # (with the options the save was played with)
    folders = []
    for ref in header.mods:
        mod = find_user_mod(ref)
        if mod is None:
            raise RulesDataError(
                [
                    (
                        f"{source}: this save was made with the mod {ref.name!r} (version {ref.version}), "
                        f"which is not installed: put its folder in {user_mods_dir()} "
                        "(or name its folder with `civgame --rules DIR`)"
                    )
                ]
            )
        folders.append(mod.path)
    return load_rules(folders, header.ruleset)


def load_saved_game(path: str | os.PathLike[str], mod_folders: Sequence[Path] | None = None) -> tuple[Game, str | None]:
    """Load a save with the rules it needs (see rules_for_save); returns the game and a warning
    to show when the rules differ from those it was made with (None when they match).
    Raises SaveError for a bad save, RulesDataError for missing or invalid mods."""
    header = read_header(path)
    rules = rules_for_save(header, str(path), mod_folders)
    try:
        game = load_game(path, rules)
    except SaveError as exc:
        difference = rules_difference(header, rules) if header.fingerprinted() else None
        raise SaveError(f"{exc} ({difference})" if difference else str(exc)) from None
    return game, check_rules_match(header, rules)


# ---------------------------------------------------------------- MODDING.md

REPO_ROOT = RULESETS_ROOT.parent
MODDING_PATH = REPO_ROOT / "MODDING.md"
_COMMAND = "python -m civgame.games.clash.storage.mods --write-modding"


def modding_text(text: str) -> str:
    """MODDING.md's text with its generated sections rebuilt from the schema and the effect
    registry; the prose around them is kept as written."""
    for name, make in (("schema", schema_reference), ("effect primitives", effects_reference)):
        begin = f"<!-- BEGIN GENERATED {name}: {_COMMAND} -->"
        end = f"<!-- END GENERATED {name} -->"
        if begin not in text or end not in text:
            raise ValueError(f"MODDING.md has lost its markers of the generated {name} section: {begin} ... {end}")
        start = text.index(begin) + len(begin)
        stop = text.index(end, start)
        text = f"{text[:start]}\n{make()}\n{text[stop:]}"
    return text


def effects_reference() -> str:
    """docs/effects.md's primitives, with headings one level deeper to sit under a MODDING.md section."""
    from civgame.games.clash.content.effects.docs import reference

    lines = reference().splitlines()
    body = lines[lines.index(next(ln for ln in lines if ln.startswith("Generated by"))) + 1 :]
    out, in_code = [], False
    for line in body:
        if line.startswith("```"):
            in_code = not in_code
        out.append(f"#{line}" if line.startswith("#") and not in_code else line)
    return "\n".join(out).strip()


def schema_reference() -> str:
    """Every rules file's shape and every field of its entries, from the pydantic schema."""
    lines = ["| file | holds |", "|---|---|"]
    models: list[type[BaseModel]] = []

    def link(model: type[BaseModel]) -> str:
        models.append(model)
        return f"[{model.__name__}](#{model.__name__.lower()})"

    for key, file_name in FILES.items():
        lines.append(f"| `{file_name}` | {field_text(Ruleset.model_fields[key], link)} |")
    done: set[type[BaseModel]] = set()
    while models:
        model = models.pop(0)
        if model in done:
            continue
        done.add(model)
        lines += ["", f"#### {model.__name__}", "", "| field | type | default |", "|---|---|---|"]
        for name, info in model.model_fields.items():
            default = default_text(info)
            lines.append(
                f"| `{name}` | {field_text(info, link)} | {'required' if default is None else f'`{default}`'} |"
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m civgame.games.clash.storage.mods", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--write-modding", action="store_true", help="regenerate MODDING.md's generated sections")
    args = parser.parse_args(argv)
    if not args.write_modding:
        parser.print_help()
        return 2
    MODDING_PATH.write_text(modding_text(MODDING_PATH.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {display_path(MODDING_PATH)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
