"""Rules data read from YAML files, with the file and line of every value, and overlaid by mods.

Every game keeps its content in `rules_data/<ruleset>/*.yaml`. This module reads such files safely
(no tags, bounded nesting and alias expansion, repeated keys reported), keeps where each value was
written (`Where`), lays a mod's files over the base (`overlay`), and words pydantic's validation
errors at the file and line to fix (`located_errors`). The schema itself is each game's own.

How a mod overlays its base:

- a mapping merges key by key, at every depth; a key whose value is `{remove: true}` is removed;
- except a mapping whose keys together form one value (a cost, a condition), which the game's schema
  names (the `whole` predicate of `overlay`): the mod's mapping replaces it as a whole;
- a list whose entries in the base all have an `id` (cards, map tiles) or else a `name`
  (advance categories, advances) merges entry by entry by that key: an entry changes the
  entry with its key, adds one if there is none, or removes it with `remove: true`;
- any other value (numbers, text, other lists) replaces the base's value.

A place in rules data is an `OverlayPath`: the keys from the top of a file down to it, a list entry named
by its `id` or `name` (the overlay finds entries that way; `Entry` marks such a step).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from types import UnionType
from typing import Annotated, Any, Union, get_args, get_origin

import yaml
from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from civgame.framework.safe_yaml import safe_events, safe_node

REMOVE = "remove"
IDENTITY_KEYS = ("id", "name")  # the keys that identify list entries, in order of preference


class RulesDataError(Exception):
    """A rules-data file is missing, unreadable or breaks the schema."""

    MAX_PROBLEMS = 20
    MAX_LENGTH = 400

    def __init__(self, problems: list[str]):
        # One short line per problem: a hostile mod can hold megabyte-long values and line breaks
        # in names. `all_problems` is the full list (validate-rules prints it); `problems` keeps
        # only the first few, for a dialog, since a broken mod can have thousands.
        self.all_problems = [self._shorten(" ".join(p.splitlines())) for p in problems]
        self.problems = self.all_problems[: self.MAX_PROBLEMS]
        if len(problems) > self.MAX_PROBLEMS:
            self.problems.append(f"(and {len(problems) - self.MAX_PROBLEMS} more problems)")
        super().__init__("\n".join(self.problems))

    @classmethod
    def _shorten(cls, problem: str) -> str:
        if len(problem) <= cls.MAX_LENGTH:
            return problem
        return f"{problem[: cls.MAX_LENGTH - 100]} … {problem[-80:]}"


MAX_NESTING = 64  # rules files nest at most about 10 deep
MAX_VALUES = 100_000  # per file; the largest rules file holds a few thousand (an alias counts as
# the values it repeats)
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"


@dataclass(frozen=True, slots=True)
class Where:
    """Where a value of the rules data was written; for a mapping or list, also where each of
    its parts was (same keys, or same indices)."""

    file: str
    line: int
    parts: dict[Any, Where] | list[Where] | None = None  # keyed like the mapping it describes

    def at(self, path: tuple[object, ...]) -> Where:
        """The deepest written place along `path` (for a part that is missing: its container)."""
        here = self
        for step in path:
            parts = here.parts
            if isinstance(parts, dict) and step in parts:
                here = parts[step]
                continue
            if isinstance(parts, list) and type(step) is int and 0 <= step < len(parts):
                here = parts[step]
                continue
            break
        return here

    def problem(self, message: str) -> str:
        return f"{self.file}:{self.line}: {message}"


@dataclass
class RulesFiles:
    """Rules data as read from files, before validation: each Ruleset field's data, where each
    value was written, and the problems found so far."""

    data: dict[str, object] = field(default_factory=dict)
    where: dict[str, Where] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def display_path(path: Path) -> str:
    """A file as problems name it: relative to the working directory when it is inside it."""
    if path.is_absolute():
        with suppress(ValueError, OSError):
            return str(path.relative_to(Path.cwd()))
    return str(path)


def read_rules_file(path: Path) -> tuple[object, Where, list[str]]:
    """One YAML file's data, where each value was written, and its repeated keys (problems that
    do not stop validation). A file that cannot be read or parsed raises RulesDataError."""
    name = display_path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RulesDataError([f"{name}: file is missing"]) from None
    except UnicodeDecodeError as exc:
        raise RulesDataError([f"{name}: not a UTF-8 text file (invalid byte at {exc.start})"]) from None
    except OSError as exc:
        raise RulesDataError([f"{name}: cannot read the file ({exc.strerror or exc})"]) from None
    builder = _Builder(name)
    try:
        _check_size(text, name)
        node = safe_node(text)
        if node is None:  # an empty file
            return None, Where(name, 1), []
        data, where = builder.build(node, node.start_mark.line + 1)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where_text = f":{mark.line + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]  # a problem is one line
        raise RulesDataError([f"{name}{where_text}: not valid YAML ({problem})"]) from None
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        raise RulesDataError([f"{name}: not valid YAML ({exc})"]) from None
    return data, where, builder.problems


class _Builder:
    """Plain data, as safe_load builds it, and its Where tree, from a composed YAML node tree.
    A repeated key is a problem (safe_load silently keeps the last value); the first is kept."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.problems: list[str] = []
        self.scalars = yaml.SafeLoader("")  # constructs single scalars exactly as safe_load does
        self.open: set[int] = set()  # collections being built: an alias inside one is a loop

    def build(self, node: yaml.Node, line: int) -> tuple[object, Where]:
        if isinstance(node, yaml.ScalarNode):
            return self.scalars.construct_object(node), Where(self.file, line)
        if id(node) in self.open:
            raise yaml.constructor.ConstructorError(
                None, None, "an alias refers to a value that contains it", node.start_mark
            )
        if node.tag not in (_MAP, _SEQ):
            raise yaml.constructor.ConstructorError(None, None, f"the tag {node.tag!r} is not allowed", node.start_mark)
        self.open.add(id(node))
        try:
            data, parts = self._mapping(node) if isinstance(node, yaml.MappingNode) else self._sequence(node)
        finally:
            self.open.discard(id(node))
        return data, Where(self.file, line, parts)

    def _sequence(self, node: yaml.Node) -> tuple[list[object], list[Where]]:
        data: list[object] = []
        parts: list[Where] = []
        for item in node.value:
            value, where = self.build(item, item.start_mark.line + 1)
            data.append(value)
            parts.append(where)
        return data, parts

    def _mapping(self, node: yaml.MappingNode) -> tuple[dict[object, object], dict[object, Where]]:
        data: dict[object, object] = {}
        parts: dict[object, Where] = {}
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
                raise yaml.constructor.ConstructorError(
                    None, None, "a key must be a single value (merge keys `<<` are not supported)", key_node.start_mark
                )
            key = self.scalars.construct_object(key_node)
            value, where = self.build(value_node, line)
            if key in data:
                self.problems.append(f"{self.file}:{line}: duplicate key {key!r} (first on line {parts[key].line})")
                continue
            data[key] = value
            parts[key] = where
        return data, parts


def _check_size(text: str, name: str) -> None:
    """Refuse, before building anything, nesting that would exhaust the recursion limit and
    aliases that expand to too many values (a few lines of anchors can stand for billions)."""
    anchored: dict[str | None, int] = {}  # anchor -> values it stands for
    open_anchors: list[str | None] = [None]  # the anchor of each open collection
    open_counts = [0]  # the values inside each open collection
    total = 0
    for event in safe_events(text):
        line = event.start_mark.line + 1 if event.start_mark else 0
        if isinstance(event, yaml.CollectionStartEvent):
            if len(open_anchors) > MAX_NESTING:
                raise RulesDataError([f"{name}:{line}: nested more than {MAX_NESTING} levels deep"])
            open_anchors.append(event.anchor)
            open_counts.append(1)
            total += 1
            continue
        if isinstance(event, yaml.CollectionEndEvent):
            anchor, count = open_anchors.pop(), open_counts.pop()
        elif isinstance(event, yaml.ScalarEvent):
            anchor, count = event.anchor, 1
            total += 1
        elif isinstance(event, yaml.AliasEvent):
            anchor, count = None, anchored.get(event.anchor, 0)
            total += count
        else:
            continue
        if anchor is not None:
            anchored[anchor] = count
        open_counts[-1] += count
        if total > MAX_VALUES:
            raise RulesDataError([f"{name}:{line}: more than {MAX_VALUES:,} values once aliases are expanded"])


def read_files(directory: Path, files: dict[str, str]) -> RulesFiles:
    """Every file of a complete ruleset (`files`: key -> file name); unreadable or unparsable files
    raise RulesDataError (after every file was tried, so all such problems are reported together)."""
    found = RulesFiles()
    broken = False
    for key, file_name in files.items():
        try:
            data, where, problems = read_rules_file(directory / file_name)
        except RulesDataError as exc:
            found.problems += exc.problems
            broken = True
            continue
        found.data[key], found.where[key] = data, where
        found.problems += problems
    if broken:
        raise RulesDataError(found.problems)
    return found


def located_errors(
    exc: ValidationError, data: dict[str, Any], where: dict[str, Where], prefix: tuple[int | str, ...] = ()
) -> list[str]:
    """Pydantic's errors, each at the file and line where the bad value (or the mapping missing
    a field) was written. `data` maps file keys to each file's data; the errors' locations start
    with a file key, or `prefix` is put before them (a model validated from one file's data)."""
    root = Where("data", 0, where)
    return [_schema_problem({**err, "loc": (*prefix, *err["loc"])}, data, root) for err in exc.errors()]


def _schema_problem(err: ErrorDetails, data: dict[str, Any], root: Where) -> str:
    loc = tuple(err["loc"])
    message = err["msg"]
    value = err.get("input")
    if err["type"] not in ("missing", "extra_forbidden") and isinstance(value, (str, int, float)):
        message += f" (got {value!r})"
    return root.at(loc).problem(f"{_label(data, loc)}: {message}")


def _label(data: object, loc: tuple[object, ...]) -> str:
    """A key path for readers: list entries by id (`#4`), name (`Agriculture.advances.Storage`)
    or index (`effects[0]`). The first step names the file, which the problem names already."""
    parts: list[str] = []
    here = data
    for depth, step in enumerate(loc):
        if isinstance(here, dict) and step in here:
            here = here[step]
            if depth:
                parts.append(f".{step}")
        elif isinstance(here, list) and type(step) is int and 0 <= step < len(here):
            here = here[step]
            parts.append(_entry_label(here, step))
        else:
            if depth == len(loc) - 1 and isinstance(step, str) and not step.startswith("["):
                parts.append(f".{step}")  # a missing field
            break
    return "".join(parts).lstrip(".") or "(top level)"


def _entry_label(entry: object, index: int) -> str:
    if isinstance(entry, dict) and "id" in entry:
        return f".#{entry['id']}"
    if isinstance(entry, dict) and isinstance(entry.get("name"), str):
        return f".{entry['name']}"
    return f"[{index}]"


# ---------------------------------------------------------------- the overlay


@dataclass(frozen=True)
class Entry:
    """A step into a list of named entries: the entry whose `key` (`id` or `name`) is `ident`."""

    key: str
    ident: str | int

    def __str__(self) -> str:
        return f"#{self.ident}" if self.key == "id" else str(self.ident)


OverlayPath = tuple[object, ...]  # mapping keys and Entry steps, from the top of a file
Whole = Callable[[OverlayPath], bool]  # True where a mapping is replaced as a whole, not merged


def _merge_everywhere(_path: OverlayPath) -> bool:
    return False


class ReplacedWhole:
    """A schema's mark (in `Annotated[...]`) on a mapping whose keys together form one value (a cost, a
    condition): a mod's mapping replaces it as a whole instead of merging into it key by key."""

    def __repr__(self) -> str:
        return "WHOLE"


WHOLE = ReplacedWhole()


def is_whole(metadata: Iterable[object]) -> bool:
    """Whether a type's or field's metadata holds the WHOLE mark."""
    return any(isinstance(item, ReplacedWhole) for item in metadata)


def replaced_whole(annotation: object) -> Whole:
    """The `whole` predicate of `overlay` for a file whose data has the type `annotation` (a pydantic schema):
    True at the paths of the mappings it marks WHOLE."""
    return lambda path: _marked_whole(annotation, path)


def _marked_whole(annotation: object, path: OverlayPath) -> bool:
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Annotated:
        return is_whole(args[1:]) if not path else _marked_whole(args[0], path)
    if origin in (Union, UnionType):  # X | None: whichever member the value is
        return any(_marked_whole(member, path) for member in args)
    if not path:
        return False
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        field = annotation.model_fields.get(path[0]) if isinstance(path[0], str) else None
        if field is None:
            return False
        if len(path) == 1 and is_whole(field.metadata):  # pydantic keeps a field's own marks apart from its type
            return True
        return _marked_whole(field.annotation, path[1:])
    if origin in (dict, list):  # a mapping's value or a list's entry, whatever its key
        return _marked_whole(args[-1], path[1:])
    return False


def path_label(path: OverlayPath) -> str:
    """A data path as problems name it: `units.infantry.cost`, `Education.Writing.text`, `#59.name`."""
    return ".".join(map(str, path))


def overlay(
    base: object,
    base_where: Where,
    mod: object,
    mod_where: Where,
    problems: list[str],
    path: OverlayPath = (),
    whole: Whole = _merge_everywhere,
) -> tuple[object, Where]:
    """`mod` laid over `base` (see the module docstring), with where each resulting value was
    written; `path` is where they are in their file. Neither input is changed; unchanged parts of
    `base` are shared, not copied."""
    if isinstance(base, dict) and isinstance(mod, dict) and not whole(path):
        return _overlay_mapping(base, base_where, mod, mod_where, problems, path, whole)
    key = identity_key(base)
    if key is not None and isinstance(base, list) and isinstance(mod, list):  # identity_key: a list of dicts
        return _overlay_list(base, base_where, mod, mod_where, key, problems, path, whole)
    return mod, mod_where


def is_removal(value: object) -> bool:
    """`{remove: true}`: the value of a mapping key that the mod removes."""
    return isinstance(value, dict) and len(value) == 1 and value.get(REMOVE) is True


def identity_key(base: object) -> str | None:
    """The key that identifies the entries of a base list, if every entry has one."""
    if not isinstance(base, list) or not base or not all(isinstance(e, dict) for e in base):
        return None
    for key in IDENTITY_KEYS:
        if all(isinstance(e.get(key), (str, int)) for e in base):
            return key
    return None


def _overlay_mapping(
    base: dict[Any, Any],
    base_where: Where,
    mod: dict[Any, Any],
    mod_where: Where,
    problems: list[str],
    path: OverlayPath,
    whole: Whole,
) -> tuple[dict[Any, Any], Where]:
    data = dict(base)
    parts = dict(base_where.parts) if isinstance(base_where.parts, dict) else {}
    assert isinstance(mod_where.parts, dict)  # read from the mod's file with the place of every key
    for key, value in mod.items():
        where = mod_where.parts[key]
        if is_removal(value):
            if key in data:
                del data[key]
                parts.pop(key, None)
            else:
                problems.append(
                    where.problem(f"{path_label((*path, key))}: nothing to remove: the rules have no {key!r} here")
                )
        elif key in data:
            data[key], parts[key] = overlay(
                data[key], parts.get(key, where), value, where, problems, (*path, key), whole
            )
        else:
            data[key], parts[key] = value, where
    return data, Where(mod_where.file, mod_where.line, parts)


def _overlay_list(
    base: list[dict[str, Any]],
    base_where: Where,
    mod: list[Any],
    mod_where: Where,
    key: str,
    problems: list[str],
    path: OverlayPath,
    whole: Whole,
) -> tuple[list[Any], Where]:
    data: list[Any] = list(base)
    parts = list(base_where.parts) if isinstance(base_where.parts, list) else [base_where] * len(base)
    assert isinstance(mod_where.parts, list)  # read from the mod's file with the place of every entry
    position: dict[object, int] = {}
    for i, entry in enumerate(base):
        position.setdefault(entry[key], i)
    removed: set[int] = set()
    first_line: dict[object, int] = {}
    for j, entry in enumerate(mod):
        where = mod_where.parts[j]
        ident = entry.get(key) if isinstance(entry, dict) else None
        if not isinstance(ident, (str, int)):
            problems.append(
                where.problem(
                    f"{path_label(path)}[{j}]: an entry needs its {key!r}, which says which entry it changes, adds "
                    "or removes"
                )
            )
            continue
        entry_path = (*path, Entry(key, ident))
        entry_label = path_label(entry_path)
        if ident in first_line:
            problems.append(
                where.problem(f"{entry_label}: duplicate {key} {ident!r} (first on line {first_line[ident]})")
            )
            continue
        first_line[ident] = where.line
        at = position.get(ident)
        if REMOVE in entry:
            if entry[REMOVE] is not True or len(entry) != 2:
                problems.append(
                    where.problem(f"{entry_label}: an entry that removes holds only its {key} and `{REMOVE}: true`")
                )
            elif at is None:
                problems.append(
                    where.problem(
                        f"{entry_label}: nothing to remove: the rules have no entry with {key} {ident!r} here"
                    )
                )
            else:
                removed.add(at)
        elif at is None:
            position[ident] = len(data)
            data.append(entry)
            parts.append(where)
        else:
            data[at], parts[at] = overlay(data[at], parts[at], entry, where, problems, entry_path, whole)
    kept = [i for i in range(len(data)) if i not in removed]
    return [data[i] for i in kept], Where(mod_where.file, mod_where.line, [parts[i] for i in kept])
