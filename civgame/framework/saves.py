"""The save file every game shares: YAML written atomically, read back safely.

A save is one YAML mapping: `format` (always FORMAT), `game_id` (which game; saves from before
there was a second game have none and are Clash's), the game's own header (its `version`, the
rules it was made with) and `game`, the plain form of the game's model. This module writes such a
document atomically and reads one back without executing anything: plain YAML only (no tags,
no anchors or aliases, no repeated keys), with a size and a nesting limit. Decoding the game,
checking it and migrating older versions are each game's own (`civgame.games.<game>.storage`).
"""

from __future__ import annotations

import glob
import hashlib
import json
import os
import tempfile
from contextlib import suppress
from pathlib import Path
from typing import Any, NoReturn, cast

import yaml

try:
    import fcntl
except ImportError:  # Windows: a file in use cannot be removed, which protects saves in progress
    fcntl = None  # type: ignore[assignment]

from civgame.framework.codec import to_plain
from civgame.framework.safe_yaml import safe_events

FORMAT = "civgame-save"
GAME_ID_KEY = "game_id"
MAX_SAVE_BYTES = 20 * 1024 * 1024
MAX_NESTING = 64  # a real save nests about 8 deep

# libyaml's safe parser and dumper when PyYAML has them: the same safe YAML, several times faster.
_Dumper = yaml.CSafeDumper if yaml.__with_libyaml__ else yaml.SafeDumper


class SaveError(Exception):
    """A save cannot be written, or a file is not a valid save; the message is one line."""

    MAX_LENGTH = 400

    def __init__(self, message: str) -> None:
        # Names from a hostile file may hold line breaks, and values may be megabytes long:
        # keep the message on one line, and shorten it in the middle.
        message = "\\n".join(message.splitlines())
        if len(message) > self.MAX_LENGTH:
            message = f"{message[: self.MAX_LENGTH - 100]} … {message[-80:]}"
        super().__init__(message)


def dump_document(document: dict[str, object]) -> str:
    """The YAML text of a save document (plain data: mappings, lists, scalars)."""
    events: list[yaml.Event] = [yaml.StreamStartEvent(), yaml.DocumentStartEvent(explicit=False)]
    _Events().add(document, events)
    events += [yaml.DocumentEndEvent(explicit=False), yaml.StreamEndEvent()]
    text: str = yaml.emit(events, Dumper=_Dumper, allow_unicode=True, width=100)
    return text


class _Events:
    """The events `yaml.dump(..., sort_keys=False)` would emit for plain data, without anchors
    (a save never has any, so the loader refuses them all). Each distinct scalar is represented
    once; building the events directly is about twice as fast as yaml.dump, byte for byte alike."""

    def __init__(self) -> None:
        # represents and resolves single scalars; the stub omits that a dumper needs no stream for that
        self.representer = yaml.SafeDumper(None)  # type: ignore[arg-type]
        self.scalars: dict[tuple[type, object], yaml.ScalarEvent] = {}

    def add(self, data: object, events: list[yaml.Event]) -> None:
        if isinstance(data, dict):
            events.append(yaml.MappingStartEvent(None, "tag:yaml.org,2002:map", True, flow_style=False))
            for key, value in data.items():
                self.add(key, events)
                self.add(value, events)
            events.append(yaml.MappingEndEvent())
        elif isinstance(data, list):
            events.append(yaml.SequenceStartEvent(None, "tag:yaml.org,2002:seq", True, flow_style=False))
            for value in data:
                self.add(value, events)
            events.append(yaml.SequenceEndEvent())
        elif type(data) is float:  # not remembered: 0.0 and -0.0 are equal keys but print differently
            events.append(self._scalar(data))
        else:
            key = (type(data), data)
            if key not in self.scalars:
                self.scalars[key] = self._scalar(data)
            events.append(self.scalars[key])

    def _scalar(self, data: object) -> yaml.ScalarEvent:
        node = self.representer.represent_data(data)
        if not isinstance(node, yaml.ScalarNode):
            raise SaveError(f"cannot save a value of type {type(data).__name__}")
        # the implicit flags exactly as yaml's Serializer sets them: they decide the quoting
        plain = self.representer.resolve(yaml.ScalarNode, node.value, (True, False))
        quoted = self.representer.resolve(yaml.ScalarNode, node.value, (False, True))
        return yaml.ScalarEvent(None, node.tag, (node.tag == plain, node.tag == quoted), node.value, style=node.style)


def write_atomically(path: str | os.PathLike[str], data: bytes) -> None:
    """Write a save atomically: the old file stays intact unless the new one is complete.

    The save is written to a hidden temporary file beside it, synced, renamed over the old file,
    and the folder synced so that the rename survives a power cut. Temporary files left by a
    save that was killed are removed first."""
    path = Path(path)
    _remove_abandoned_temp_files(path)
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    except OSError as exc:
        raise SaveError(f"{path}: cannot write the save ({exc.strerror or exc})") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            _lock(fh.fileno())  # other saves leave a temporary file alone while it is locked
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
            os.chmod(temp, 0o666 & ~_umask())  # mkstemp makes the file private; a save is an ordinary document
            if fcntl is not None:
                os.replace(temp, path)  # while still locked
        if fcntl is None:
            os.replace(temp, path)  # Windows renames only a closed file
        _sync_folder(path.parent)
    except OSError as exc:
        with suppress(OSError):
            os.unlink(temp)
        raise SaveError(f"{path}: cannot write the save ({exc.strerror or exc})") from None
    except BaseException:
        with suppress(OSError):
            os.unlink(temp)
        raise


TEMP_SUFFIX = ".tmp"


def _umask() -> int:
    """The user's umask (the only way to read it is to set it, so it is set straight back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _lock(fd: int) -> None:
    """An exclusive lock on an open file, released by the system when the process ends (POSIX)."""
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _remove_abandoned_temp_files(path: Path) -> None:
    """Remove the temporary files of saves of `path` that no running save holds (killed ones)."""
    for temp in path.parent.glob(f".{glob.escape(path.name)}.*{TEMP_SUFFIX}"):
        with suppress(OSError), temp.open("rb") as fh:  # OSError: held by a save in progress, or gone
            _lock(fh.fileno())
            temp.unlink()  # on Windows this fails while another process has the file open


def _sync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable. Only POSIX systems can open a folder to sync it, and
    some file systems refuse to: the save is complete either way, so that is no error."""
    if os.name != "posix":
        return
    with suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def read_text(path: Path) -> str:
    """The text of a save file, refused when it is too large or not UTF-8."""
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise SaveError(f"{path}: the file is larger than {MAX_SAVE_BYTES // (1024 * 1024)} MB; not a save")
        with path.open("rb") as fh:
            data = fh.read(MAX_SAVE_BYTES + 1)
    except OSError as exc:
        raise SaveError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(f"{path}: the file is larger than {MAX_SAVE_BYTES // (1024 * 1024)} MB; not a save")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(f"{path}: not a text file (invalid UTF-8 at byte {exc.start})") from None
    return text


def top_level(document: object, source: str) -> dict[Any, Any]:
    if not isinstance(document, dict):
        raise SaveError(f"{source}: not a civgame save (the top level is not a mapping)")
    return document


def parse(text: str, source: str, header_only: bool = False) -> object:
    """The plain data of a save's text (see `_build`); SaveError names the line of a problem."""
    try:
        return _build(text, source, header_only)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise SaveError(f"{source}: {where}not valid save YAML ({problem})") from None
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        raise SaveError(f"{source}: not valid save YAML ({exc})") from None


def _build(text: str, source: str, header_only: bool = False) -> object:
    """The plain data of the one YAML document in `text`, built straight from the parser's events.

    Nothing is built that a save does not need: an anchor, alias or tag is refused where it
    appears (safe_load would expand aliases, and a few lines can stand for billions of nodes),
    so is nesting deeper than MAX_NESTING (the C composer would overflow the stack) and a
    repeated key. Plain scalars are typed exactly as SafeLoader types them. One pass over the
    events is also several times faster than checking them and then calling safe_load.
    `header_only`: stop at the top-level `game` key and return the mapping read so far.
    """
    builder = _Builder(source)
    documents = 0
    for event in safe_events(text):
        builder.line = event.start_mark.line + 1 if event.start_mark else 0
        kind = type(event)
        if kind is yaml.ScalarEvent:
            builder.add(builder.scalar(cast(yaml.ScalarEvent, event)))
            if header_only and len(builder.open_collections) == 1 and builder.open_collections[0][1] == "game":
                return builder.open_collections[0][0]
        elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
            builder.open(cast(yaml.CollectionStartEvent, event))
        elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
            builder.add(builder.open_collections.pop()[0])
        elif kind is yaml.AliasEvent:
            builder.refuse("anchors and aliases are not allowed in a save")
        elif kind is yaml.DocumentStartEvent:
            documents += 1
            if documents > 1:
                builder.refuse("not valid save YAML (more than one document)")
    return builder.document


_NO_KEY = object()


class _Builder:
    def __init__(self, source: str) -> None:
        self.source = source
        self.line = 0
        self.document: object = None
        self.open_collections: list[list[Any]] = []  # [container, key awaiting its value] per open collection
        self.made: dict[tuple[str, bool], object] = {}  # (text, plain) -> value: scalars repeat a lot
        self.scalars = yaml.SafeLoader("")  # resolves and constructs single scalars

    def refuse(self, problem: str) -> NoReturn:
        raise SaveError(f"{self.source}: line {self.line}: {problem}")

    def _plain_only(self, event: yaml.ScalarEvent | yaml.CollectionStartEvent) -> None:
        if event.anchor is not None:
            self.refuse("anchors and aliases are not allowed in a save")
        if event.tag is not None:
            self.refuse(f"not valid save YAML (tag {event.tag!r} is not allowed)")

    def scalar(self, event: yaml.ScalarEvent) -> object:
        self._plain_only(event)
        key = (event.value, event.implicit[0])
        if key not in self.made:
            tag = self.scalars.resolve(yaml.ScalarNode, event.value, event.implicit)
            construct = self.scalars.yaml_constructors.get(tag)
            if construct is None:  # YAML 1.1's merge key `<<` and value key `=`
                self.refuse(f"not valid save YAML ({event.value!r} is not allowed)")
            self.made[key] = construct(self.scalars, yaml.ScalarNode(tag, event.value))
        return self.made[key]

    def open(self, event: yaml.CollectionStartEvent) -> None:
        self._plain_only(event)
        if len(self.open_collections) >= MAX_NESTING:
            self.refuse(f"nested more than {MAX_NESTING} levels deep")
        self.open_collections.append([{} if type(event) is yaml.MappingStartEvent else [], _NO_KEY])

    def add(self, value: object) -> None:
        """Put a finished value into the collection that is open, or make it the document."""
        if not self.open_collections:
            self.document = value
            return
        top = self.open_collections[-1]
        container, key = top
        if type(container) is list:
            container.append(value)
        elif key is _NO_KEY:
            if type(value) is dict or type(value) is list:
                self.refuse("not valid save YAML (a key must be a single value)")
            top[1] = value
        elif key in container:
            self.refuse(f"the key {key!r} appears twice")
        else:
            container[key] = value
            top[1] = _NO_KEY


def state_hash(state: object) -> str:
    """A fingerprint of a whole game state (any dataclass model): equal states, equal hashes."""
    canonical = json.dumps(to_plain(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def game_id_of(document: dict[Any, Any], default: str) -> str:
    """The game a save document belongs to: its `game_id`, or `default` for saves older than the key."""
    found = document.get(GAME_ID_KEY, default)
    if type(found) is not str:
        raise SaveError(f"{GAME_ID_KEY}: expected the name of a game, got {found!r}")
    return found
