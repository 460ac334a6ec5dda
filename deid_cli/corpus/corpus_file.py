"""Streaming JSONL/CSV corpus readers and writers that change nothing but the text values.

Clinical exports are compared byte-for-byte against their sources, so a record is never
re-serialized: the reader remembers where each text value sits in the raw bytes and
``CorpusFile.render`` splices the new value into exactly that slice. Files are read in binary
and decoded per record, so one bad line is rejected alone instead of failing the whole file.

Rejection reasons are fixed phrases: they must never carry record content (note text, ids,
values), because they end up in logs and reports outside the protected environment.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, BinaryIO, NamedTuple

import orjson

from deid_cli.corpus.deep_json import DEPTH_ERROR_PREFIX, InvalidJson, top_level_members

__all__ = [
    "MAX_NOTE_CHARS",
    "PRIVATE_FILE_MODE",
    "AtomicOutputs",
    "CorpusFile",
    "InputError",
    "OutputError",
    "Record",
    "Rejected",
    "UsageError",
    "directory_mode",
    "discover_inputs",
    "make_directories",
    "output_paths",
]

JSONL_SUFFIXES = frozenset({".jsonl", ".ndjson"})
CSV_SUFFIXES = frozenset({".csv", ".tsv"})
SUPPORTED_SUFFIXES = JSONL_SUFFIXES | CSV_SUFFIXES

_BOM = b"\xef\xbb\xbf"
_QUOTE = ord('"')
_LINE_ENDINGS = (b"\r\n", b"\n")


# Longest note (characters) a run accepts by default. Detection costs about 1-1.5 s of CPU and
# ~20 bytes of memory per character, so 20 M characters (a long discharge letter has 30,000)
# admits every real note while a stray 50 MB blob (an embedded file) is a clear rejection
# instead of minutes of work and gigabytes; --max-note-chars changes it.
MAX_NOTE_CHARS = 20_000_000


class UsageError(Exception):
    """Bad command-line usage (the CLI exits with status 2)."""


class InputError(Exception):
    """A whole input file is unusable; ``str()`` is ``"{path}:{line}: {reason}"``."""

    def __init__(self, path: Path, line: int, reason: str) -> None:
        super().__init__(f"{path}:{line}: {reason}")
        self.path = path
        self.line = line
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Rejected:
    """A record that cannot be processed; ``reason`` is a fixed phrase without record content."""

    path: Path
    line: int
    reason: str


@dataclass(slots=True)
class Record:
    """One input record: its texts to pseudonymize plus what ``render`` needs to write it back.

    ``extras`` holds the record's values of the file's ``extra_fields`` (names, authors, ...) that
    are present and usable: JSON strings, any CSV value. Absent, null or non-string extras are
    simply missing from it.
    """

    path: Path
    line: int
    id: str
    texts: dict[str, str]
    raw: object
    extras: dict[str, str] = field(default_factory=dict)


_NOTHING: Mapping[str, Any] = MappingProxyType({})
_NOT_AN_OBJECT = object()  # a valid JSON text too deep for orjson that is not an object


@dataclass(slots=True)  # not frozen: one is built per record and frozen __init__ is slower
class _Raw:
    """Raw record bytes (incl. line ending), the byte slice of each text field's value, and the
    values as read, so an unchanged text keeps its original bytes (escapes, quoting).

    ``extra_spans``/``extra_originals`` do the same for extra fields that are written back (not
    dropped); ``drops`` are the ``[start, end)`` slices to delete for dropped fields.
    """

    data: bytes
    spans: Mapping[str, tuple[int, int]]
    originals: Mapping[str, str]
    extra_spans: Mapping[str, tuple[int, int]] = field(default_factory=lambda: _NOTHING)
    extra_originals: Mapping[str, str] = field(default_factory=lambda: _NOTHING)
    drops: tuple[tuple[int, int], ...] = ()


# --------------------------------------------------------------------------- inputs/outputs


def _format_of(path: Path) -> str | None:
    """Corpus format implied by the file suffix (case-insensitive), or None if unsupported."""
    suffix = path.suffix.lower()
    if suffix in JSONL_SUFFIXES:
        return "jsonl"
    if suffix in CSV_SUFFIXES:
        return "csv"
    return None


def _directory_inputs(directory: Path) -> list[Path]:
    """Supported files directly inside ``directory``, sorted by name.

    Dot-files are skipped like a shell glob would, which also keeps our own
    ``.name.deid-tmp-*`` temp files out of the input set.
    """
    found = [
        entry
        for entry in directory.iterdir()
        if not entry.name.startswith(".") and _format_of(entry) and entry.is_file()
    ]
    return sorted(found, key=lambda p: p.name)


def discover_inputs(paths: Sequence[Path]) -> list[Path]:
    """Expand command-line paths into input files, in argument order, without duplicates."""
    result: list[Path] = []
    seen: set[Path] = set()
    for path in paths:
        if path.is_dir():
            candidates = _directory_inputs(path)
        elif path.is_file():
            if _format_of(path) is None:
                raise UsageError(f"unsupported input file type (use .jsonl, .ndjson, .csv or .tsv): {path}")
            candidates = [path]
        elif path.exists():
            raise UsageError(f"input is neither a file nor a directory: {path}")
        else:
            raise UsageError(f"input not found: {path}")
        for candidate in candidates:
            key = candidate.resolve()
            if key not in seen:
                seen.add(key)
                result.append(candidate)
    if paths and not result:
        raise UsageError("no input files found (.jsonl, .ndjson, .csv or .tsv)")
    return result


def output_paths(inputs: list[Path], roots: Sequence[Path], output: Path) -> dict[Path, Path]:
    """Map each input file to its output file.

    One input file given directly -> ``output`` is that file (or ``output/name`` when
    ``output`` is an existing directory, like ``cp``). Otherwise ``output`` is a directory that
    mirrors the input file names. Refuses to overwrite an input, since the atomic replace would
    destroy the only copy of the source.
    """
    single_file = len(roots) == 1 and len(inputs) == 1 and not roots[0].is_dir()
    if single_file:
        dest = output / inputs[0].name if output.is_dir() else output
        mapping = {inputs[0]: dest}
    else:
        if output.exists() and not output.is_dir():
            raise UsageError(
                f"output must be a directory when several inputs or a directory are given: {output}"
            )
        mapping = {}
        by_name: dict[str, Path] = {}
        for path in inputs:
            if path.name in by_name:
                raise UsageError(
                    f"two inputs share the file name {path.name!r}: {by_name[path.name]} and {path}"
                )
            by_name[path.name] = path
            mapping[path] = output / path.name
    _refuse_overwriting_inputs(mapping)
    return mapping


def _refuse_overwriting_inputs(mapping: Mapping[Path, Path]) -> None:
    """Raise UsageError if any destination is one of the inputs."""
    sources = {path.resolve() for path in mapping}
    for dest in mapping.values():
        if dest.resolve() in sources:
            raise UsageError(f"output would overwrite an input file: {dest}")


# --------------------------------------------------------------------------- atomic writes


PRIVATE_FILE_MODE = 0o600  # outputs may hold patient data: owner-only unless --mode says otherwise


def directory_mode(file_mode: int) -> int:
    """The mode for a directory holding files of ``file_mode``: each read bit gets its search
    (x) bit too, so 0600 -> 0700, 0640 -> 0750, 0644 -> 0755."""
    return file_mode | (file_mode & 0o444) >> 2


def make_directories(directory: Path, mode: int) -> None:
    """Create ``directory`` and its missing parents with exactly ``mode`` (``mkdir`` alone
    would apply the umask); directories that already exist are left as they are."""
    missing: list[Path] = []
    current = directory
    while not current.is_dir() and current != current.parent:
        missing.append(current)
        current = current.parent
    for path in reversed(missing):
        try:
            path.mkdir(mode=mode & 0o700)  # never wider than asked while the chmod is pending
        except FileExistsError:
            if path.is_dir():
                continue  # created meanwhile by someone else: not ours to change
            raise
        os.chmod(path, mode)


TEMP_MARKER = ".deid-tmp-"  # temp files are ".{destination name}.deid-tmp-XXXXXXXX" beside it


class OutputError(OSError):
    """Writing an output failed (disk full, not writable, ...). It names the destination the
    user asked for, never the temp file, and carries the OS error's number and reason."""

    def __init__(self, destination: Path, cause: OSError) -> None:
        super().__init__(cause.errno, cause.strerror or type(cause).__name__, str(destination))
        self.destination = destination


def remove_stale_temps(dest: Path) -> None:
    """Delete the temp files a killed run left beside ``dest``. Only for a caller that holds
    the destination's lock (``run_lock.py``): otherwise they may be a running writer's temps."""
    prefix = f".{dest.name}{TEMP_MARKER}"
    try:
        entries = list(os.scandir(dest.parent))
    except OSError:  # no directory yet, hence no leftovers; other errors surface on open
        return
    for entry in entries:
        if entry.name.startswith(prefix) and not entry.is_dir(follow_symlinks=False):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(entry.path)


class _OutputFile(io.BufferedWriter):
    """A temp file's writer whose I/O errors (ENOSPC, EFBIG, EIO...) name the destination."""

    def __init__(self, fd: int, dest: Path) -> None:
        super().__init__(io.FileIO(fd, "wb"))
        self.dest = dest

    def write(self, data: Any) -> int:
        try:
            return super().write(data)
        except OSError as exc:
            raise OutputError(self.dest, exc) from None

    def flush(self) -> None:
        try:
            super().flush()
        except OSError as exc:
            raise OutputError(self.dest, exc) from None


@dataclass(slots=True)
class _Pending:
    tmp: Path
    dest: Path
    file: BinaryIO


class AtomicOutputs:
    """Write several outputs so that each destination is either untouched or complete.

    ``open(dest)`` returns a binary file writing to a temp file beside ``dest`` (same
    directory, so ``os.replace`` is atomic), created 0600 and given ``mode`` (default 0600,
    owner-only, whatever the umask); missing parent directories are created with
    ``directory_mode(mode)`` (0700 by default). ``commit()`` fsyncs every temp and renames it onto
    its destination. If the block raises or ends without ``commit()``, all temps are removed and
    existing destinations stay as they were. Each rename is atomic; the set as a whole is not.

    Every I/O error is an ``OutputError`` naming the destination. With ``remove_stale`` (only
    while holding the destination locks), ``open`` first deletes the temps that a killed run
    left beside the destination.
    """

    def __init__(self, mode: int = PRIVATE_FILE_MODE, remove_stale: bool = False) -> None:
        self.mode = mode  # of every file written; directories created for them: directory_mode(mode)
        self.remove_stale = remove_stale
        self._pending: list[_Pending] = []
        self._committed = False

    def __enter__(self) -> AtomicOutputs:
        return self

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if not self._committed:
            self._discard()

    def open(self, dest: Path) -> BinaryIO:
        """Create the temp file for ``dest`` (and its parent directories) and return it."""
        if self._committed:
            raise RuntimeError("AtomicOutputs already committed")
        if any(p.dest == dest for p in self._pending):
            raise ValueError(f"output opened twice: {dest}")
        try:
            make_directories(dest.parent, directory_mode(self.mode))
            if self.remove_stale:
                remove_stale_temps(dest)
            fd, name = tempfile.mkstemp(prefix=f".{dest.name}{TEMP_MARKER}", dir=dest.parent)  # 0600
        except OSError as exc:
            raise OutputError(dest, exc) from None
        try:
            os.fchmod(fd, self.mode)  # exactly --mode, whatever the umask
            file = _OutputFile(fd, dest)
        except BaseException as exc:
            os.close(fd)
            Path(name).unlink(missing_ok=True)
            if isinstance(exc, OSError):
                raise OutputError(dest, exc) from None
            raise
        self._pending.append(_Pending(Path(name), dest, file))
        return file

    def commit(self) -> None:
        """Flush and fsync all temps first, then rename them, keeping the window of mixed state short."""
        if self._committed:
            return
        for pending in self._pending:
            try:
                pending.file.flush()
                os.fsync(pending.file.fileno())
                pending.file.close()
            except OSError as exc:
                raise OutputError(pending.dest, exc) from None
        for pending in self._pending:
            try:
                os.replace(pending.tmp, pending.dest)
            except OSError as exc:
                raise OutputError(pending.dest, exc) from None
        self._committed = True
        for directory in {p.dest.parent for p in self._pending}:
            _fsync_directory(directory)
        self._pending.clear()

    def _discard(self) -> None:
        """Close and delete every temp file; never raises so the original error stays visible."""
        for pending in self._pending:
            with contextlib.suppress(OSError):
                pending.file.close()
            with contextlib.suppress(OSError):
                pending.tmp.unlink(missing_ok=True)
        self._pending.clear()


def _fsync_directory(directory: Path) -> None:
    """Persist the rename itself; best effort because not every platform allows it."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# --------------------------------------------------------------------------- shared helpers


def _split_ending(line: bytes) -> tuple[bytes, bytes]:
    """Split a physical line into body and its line ending (b"\\r\\n", b"\\n" or b"")."""
    for ending in _LINE_ENDINGS:
        if line.endswith(ending):
            return line[: -len(ending)], ending
    return line, b""


def _splice(data: bytes, edits: list[tuple[int, int, bytes]]) -> bytes:
    """Replace non-overlapping ``[start, end)`` slices of ``data``; linear in the record size."""
    view = memoryview(data)
    parts: list[bytes | memoryview] = []
    pos = 0
    for start, end, replacement in sorted(edits):
        parts.append(view[pos:start])
        parts.append(replacement)
        pos = end
    parts.append(view[pos:])
    return b"".join(parts)


def _record_id(value: object, path: Path, line: int) -> str:
    """The record id; missing, null or empty ids fall back to ``file:line`` so ids stay unique-ish."""
    if value is None or value == "":
        return f"{path.name}:{line}"
    return value if isinstance(value, str) else str(value)


def _normalize_delimiter(delimiter: str | None) -> int | None:
    """Validate an explicit delimiter (``\\t`` spelled out is accepted) and return its byte."""
    if delimiter is None:
        return None
    if delimiter in ("\\t", "tab", "TAB"):
        delimiter = "\t"
    if len(delimiter) != 1 or not delimiter.isascii() or delimiter in '"\r\n':
        raise UsageError("delimiter must be one ASCII character other than a quote, CR or LF")
    return ord(delimiter)


# --------------------------------------------------------------------------- JSONL

_JSON_STRING_PATTERN = rb'"[^"\\]*(?:\\.[^"\\]*)*"'
# A JSON string token (escape-aware, unrolled so long notes match in one C-level pass) or a
# bracket. Everything else (numbers, literals, ',', ':', whitespace) is skipped by finditer.
_JSON_TOKEN = re.compile(_JSON_STRING_PATTERN + rb"|[{}\[\]]", re.DOTALL)
_JSON_COLON = re.compile(rb"[ \t\r\n]*:[ \t\r\n]*")
_JSON_STRING = re.compile(_JSON_STRING_PATTERN, re.DOTALL)
_JSON_SCALAR = re.compile(rb"[^,}\] \t\r\n]+")
_JSON_WS = re.compile(rb"[ \t\r\n]*")
_JSON_WS_BYTES = b" \t\r\n"
_COMMA = ord(",")


class _Member(NamedTuple):
    """A top-level ``"key": value`` pair: where the key starts, and the value's ``[start, end)``."""

    key_start: int
    value_start: int
    value_end: int
    is_string: bool


_new_member = tuple.__new__  # builds a _Member without the Python-level NamedTuple constructor


def _container_end(body: bytes, start: int) -> int:
    """End of the object/array opening at ``start`` (per token, not per byte), or -1."""
    depth = 0
    for match in _JSON_TOKEN.finditer(body, start):
        first = body[match.start()]
        if first == _QUOTE:
            continue
        depth += 1 if first in b"{[" else -1
        if depth == 0:
            return match.end()
    return -1


def _member_at(body: bytes, key_start: int, value_start: int) -> _Member | None:
    """The member whose non-string value (object, array, number, literal) starts at ``value_start``."""
    first = body[value_start : value_start + 1]
    if first in (b"{", b"["):
        end = _container_end(body, value_start)
        return _Member(key_start, value_start, end, False) if end > 0 else None
    scalar = _JSON_SCALAR.match(body, value_start)
    return _Member(key_start, value_start, scalar.end(), False) if scalar else None


def _fast_locate(body: bytes, wanted: Mapping[bytes, str]) -> dict[str, _Member] | None:
    """Members found by plain search, or None when the shortcut cannot be trusted.

    ``wanted`` must only hold keys the parsed object has at top level. Trusted only if every
    raw key token occurs exactly once, the members do not overlap and no backslash appears
    outside the located string values: then no key can be spelled with escapes, so the single
    literal occurrence must be the top-level key and no duplicate exists. Non-string values
    (e.g. a nested object being dropped) get no exemption from the backslash check.
    """
    members: dict[str, _Member] = {}
    for token, name in wanted.items():
        at = body.find(token)
        if at < 0 or body.find(token, at + 1) >= 0:
            return None
        colon = _JSON_COLON.match(body, at + len(token))
        if colon is None:
            return None
        value = _JSON_STRING.match(body, colon.end())
        member = (
            _new_member(_Member, (at, *value.span(), True)) if value else _member_at(body, at, colon.end())
        )
        if member is None:
            return None
        members[name] = member
    pos = 0
    for key_start, value_start, value_end, is_string in sorted(members.values()):
        if key_start < pos or body.find(b"\\", pos, value_start if is_string else value_end) >= 0:
            return None
        pos = value_end
    return members if body.find(b"\\", pos) < 0 else None


def _locate_members(body: bytes, wanted: Mapping[bytes, str]) -> dict[str, list[_Member]]:
    """Every top-level member whose key is in ``wanted`` (raw key bytes -> name), in order.

    Tracks nesting depth so a "text" key inside a nested object is ignored, and decodes keys
    that contain escapes (``"\\u0074ext"``). The body must already be valid JSON. Duplicate
    keys yield several members, so callers can notice them.
    """
    found: dict[str, list[_Member]] = {name: [] for name in wanted.values()}
    depth = 0
    string_at = -1  # value start of a wanted member whose string value is the next token
    container: tuple[str, int, int] | None = None  # wanted member whose object/array is open
    key_name = ""
    key_start = -1
    for match in _JSON_TOKEN.finditer(body):
        start = match.start()
        first = body[start]
        if first == _QUOTE:
            if start == string_at:
                found[key_name].append(_Member(key_start, start, match.end(), True))
                string_at = -1
                continue
            if depth != 1:
                continue
            colon = _JSON_COLON.match(body, match.end())
            if colon is None:
                continue
            name = _json_key_name(match.group(), wanted)
            if name is None:
                continue
            value_start = colon.end()
            value_first = body[value_start]
            if value_first == _QUOTE:
                string_at, key_name, key_start = value_start, name, start
            elif value_first in b"{[":
                container = (name, start, value_start)
            else:
                scalar = _JSON_SCALAR.match(body, value_start)
                end = scalar.end() if scalar else value_start
                found[name].append(_Member(start, value_start, end, False))
        elif first in b"{[":
            depth += 1
        else:
            depth -= 1
            if depth == 1 and container is not None:
                name, member_start, value_start = container
                found[name].append(_Member(member_start, value_start, match.end(), False))
                container = None
    return found


def _json_key_name(token: bytes, wanted: Mapping[bytes, str]) -> str | None:
    """The wanted field name a raw key token denotes, decoding escapes only when present."""
    name = wanted.get(token)
    if name is not None or b"\\" not in token:
        return name
    decoded = orjson.loads(token)
    return decoded if decoded in wanted.values() else None


def _last_non_ws(body: bytes, pos: int) -> int:
    """Index of the last non-whitespace byte before ``pos`` (-1 if none), in C-level chunks."""
    if pos > 0 and body[pos - 1] not in _JSON_WS_BYTES:
        return pos - 1
    window = 64
    while True:
        low = max(0, pos - window)
        kept = len(body[low:pos].rstrip(_JSON_WS_BYTES))
        if kept or low == 0:
            return low + kept - 1
        window *= 4


def _json_drop_ranges(body: bytes, members: Sequence[_Member]) -> list[tuple[int, int]]:
    """Slices to delete so the top-level ``members`` vanish and the object stays valid JSON.

    Members are grouped into runs of neighbours. A run after another member takes the comma
    before it (``, "k": v``); a run at the start of the object takes the comma after it and the
    whitespace up to the next key; a run that is the whole object leaves only its surroundings.
    """
    runs: list[list[tuple[_Member, int, int]]] = []
    for member in sorted(members):
        before = _last_non_ws(body, member.key_start)  # ',' or '{'
        after = _JSON_WS.match(body, member.value_end).end()  # ',' or '}'
        if runs and runs[-1][-1][2] == before:
            runs[-1].append((member, before, after))
        else:
            runs.append([(member, before, after)])
    ranges: list[tuple[int, int]] = []
    for run in runs:
        (first, before, _), (last, _, after) = run[0], run[-1]
        if body[before] == _COMMA:
            ranges.append((before, last.value_end))
        elif body[after] == _COMMA:
            ranges.append((first.key_start, _JSON_WS.match(body, after + 1).end()))
        else:
            ranges.append((first.key_start, last.value_end))
    return ranges


class _JsonlReader:
    """Yields records of a JSONL file; blank lines pass through as bytes."""

    def __init__(
        self,
        path: Path,
        text_fields: Sequence[str],
        id_field: str,
        extra_fields: Sequence[str] = (),
        drop_fields: Sequence[str] = (),
    ) -> None:
        self.path = path
        self.text_fields = tuple(text_fields)
        self.id_field = id_field
        self.extra_fields = tuple(extra_fields)
        self.drop_fields = tuple(drop_fields)
        self._wanted = {orjson.dumps(name): name for name in self.text_fields}
        self._optional = tuple(dict.fromkeys(self.extra_fields + self.drop_fields))
        self._tokens = {name: orjson.dumps(name) for name in self._optional}

    def __iter__(self) -> Iterator[Record | Rejected | bytes]:
        with self.path.open("rb") as handle:
            for number, line in enumerate(handle, start=1):
                yield self._parse_line(line, number)

    def _parse_line(self, line: bytes, number: int) -> Record | Rejected | bytes:
        """Parse one physical line; a UTF-8 BOM on the first line is kept as raw bytes."""
        body, _ending = _split_ending(line)
        offset = len(_BOM) if number == 1 and body.startswith(_BOM) else 0
        if offset:
            body = body[offset:]
        if not body.strip(b" \t\r"):
            return line
        try:
            obj = orjson.loads(body)
        except orjson.JSONDecodeError as exc:
            obj = _deeply_nested_object(body, exc)
            if obj is None:
                return self._reject(number, _json_error_reason(body))
        if not isinstance(obj, dict):
            return self._reject(number, "not a JSON object")
        texts: dict[str, str] = {}
        for name in self.text_fields:
            if name not in obj:
                return self._reject(number, f"missing text field {name!r}")
            if not isinstance(obj[name], str):
                return self._reject(number, f"text field {name!r} is not a string")
            texts[name] = obj[name]
        wanted = self._wanted
        present = [name for name in self._optional if name in obj] if self._optional else None
        if present:
            wanted = {**wanted, **{self._tokens[name]: name for name in present}}
        first = _fast_locate(body, wanted)
        members: dict[str, list[_Member]] | None = None
        if first is None:
            members = _locate_members(body, wanted)
            for kind, names in (("text", self.text_fields), ("extra", self.extra_fields)):
                for name in names:
                    if len(members.get(name, ())) > 1 or (kind == "text" and not members[name]):
                        return self._reject(number, f"duplicate {kind} field {name!r}")
            first = {name: found[0] for name, found in members.items() if found}
        spans = {name: (first[name][1] + offset, first[name][2] + offset) for name in self.text_fields}
        record_id = _record_id(obj.get(self.id_field), self.path, number)
        if not present:
            return Record(
                self.path, number, record_id, texts, _Raw(line, spans, dict(texts), _NOTHING, _NOTHING), {}
            )
        extras = {name: obj[name] for name in self.extra_fields if isinstance(obj.get(name), str)}
        extra_spans = {
            name: _value_span(first[name], offset) for name in extras if name not in self.drop_fields
        }
        drops: tuple[tuple[int, int], ...] = ()
        if any(name in first for name in self.drop_fields):
            dropped = [
                member
                for name in self.drop_fields
                for member in (members.get(name, ()) if members is not None else (first.get(name),))
                if member is not None
            ]
            drops = tuple((start + offset, end + offset) for start, end in _json_drop_ranges(body, dropped))
        raw = _Raw(line, spans, dict(texts), extra_spans, {n: extras[n] for n in extra_spans}, drops)
        return Record(self.path, number, record_id, texts, raw, extras)

    def _reject(self, number: int, reason: str) -> Rejected:
        return Rejected(self.path, number, reason)

    @staticmethod
    def encode(text: str) -> bytes:
        """A JSON string literal for ``text`` (orjson keeps non-ASCII as UTF-8)."""
        return orjson.dumps(text)


def _value_span(member: _Member, offset: int) -> tuple[int, int]:
    """A member's value slice in the raw line (which may start with a BOM)."""
    return member.value_start + offset, member.value_end + offset


def _deeply_nested_object(body: bytes, error: orjson.JSONDecodeError) -> object | None:
    """The record when orjson stopped only at its depth limit: a dict of the top-level members,
    each decoded by orjson or None where nested too deep (so a too-deep text field is "not a
    string" and such a value is never read, only passed through as raw bytes). Returns
    ``_NOT_AN_OBJECT`` for a valid non-object and None for invalid JSON or any other error.
    """
    if not str(error).startswith(DEPTH_ERROR_PREFIX):
        return None
    try:
        members = top_level_members(body)
    except InvalidJson:
        return None
    if members is None:
        return _NOT_AN_OBJECT
    shallow: dict[str, object] = {}
    for key, start, end in members:
        try:
            shallow[key] = orjson.loads(body[start:end])
        except orjson.JSONDecodeError:
            shallow[key] = None
    return shallow


def _json_error_reason(body: bytes) -> str:
    """Tell undecodable bytes apart from bad JSON syntax (only called on the error path)."""
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return "invalid UTF-8"
    return "invalid JSON"


# --------------------------------------------------------------------------- CSV

# Inside a quoted field: everything up to (not including) the closing quote; "" is an escape.
_QUOTED_BODY = re.compile(rb'[^"]*(?:""[^"]*)*')
_QUOTED_FIELD = re.compile(rb'"(?:[^"]|"")*"')
_DELIMITER_CANDIDATES = (ord(","), ord(";"), ord("\t"))


def _unquoted_field_pattern(delimiter: int) -> re.Pattern[bytes]:
    """An unquoted field: anything but the delimiter and a line ending (a lone CR is data)."""
    d = re.escape(bytes([delimiter]))
    return re.compile(rb"[^" + d + rb"\r\n]*(?:\r(?!\n|\Z)[^" + d + rb"\r\n]*)*")


def _detect_delimiter(header_line: bytes, default: int) -> int:
    """Most frequent of , ; TAB outside quotes in the header; ties and no hits keep ``default``."""
    unquoted = _QUOTED_FIELD.sub(b"", header_line)
    counts = {d: unquoted.count(d) for d in _DELIMITER_CANDIDATES}
    best = max(counts.values())
    if best == 0 or counts[default] == best:
        return default
    return next(d for d in _DELIMITER_CANDIDATES if counts[d] == best)


@dataclass(slots=True)
class _CsvRow:
    """A tokenized CSV record: its raw bytes and the ``[start, end)`` slice of each field."""

    data: bytearray
    fields: list[tuple[int, int]]


class _CsvTokenizer:
    """Splits a binary stream into RFC 4180 records, pulling more lines only for quoted newlines."""

    def __init__(self, delimiter: int) -> None:
        self.delimiter = delimiter
        self._unquoted = _unquoted_field_pattern(delimiter)

    def read(self, first_line: bytes, more: Callable[[], bytes]) -> _CsvRow | str:
        """Tokenize the record starting with ``first_line``; returns a reason string if malformed."""
        data = bytearray(first_line)
        fields: list[tuple[int, int]] = []
        pos = 0
        while True:
            if pos < len(data) and data[pos] == _QUOTE:
                end = self._quoted_end(data, pos, more)
                if end < 0:
                    return "unterminated quoted field"
            else:
                match = self._unquoted.match(data, pos)
                end = match.end() if match else pos
            fields.append((pos, end))
            pos = end
            if pos < len(data) and data[pos] == self.delimiter:
                pos += 1
                continue
            if bytes(data[pos : pos + 3]) in (b"", b"\n", b"\r\n", b"\r"):
                return _CsvRow(data, fields)
            return "unexpected character after quoted field"

    @staticmethod
    def _quoted_end(data: bytearray, start: int, more: Callable[[], bytes]) -> int:
        """End (after the closing quote) of the quoted field at ``start``, or -1 at EOF.

        Scanning resumes where the previous attempt stopped, so a field spanning many lines
        stays linear. A physical line ends with LF, so a "" escape never straddles two lines.
        """
        scan = start + 1
        while True:
            match = _QUOTED_BODY.match(data, scan)
            end = match.end() if match else scan
            if end < len(data):
                return end + 1
            line = more()
            if not line:
                return -1
            data.extend(line)
            scan = end


def _csv_value(data: bytes | bytearray, start: int, end: int) -> str:
    """Decoded value of a raw field slice, unquoting RFC 4180 style when it was quoted."""
    if end - start >= 2 and data[start] == _QUOTE:
        return data[start + 1 : end - 1].decode("utf-8").replace('""', '"')
    return data[start:end].decode("utf-8")


class _CsvReader:
    """Reads the header once, then yields records; empty lines pass through as bytes."""

    def __init__(
        self,
        path: Path,
        text_fields: Sequence[str],
        id_field: str,
        delimiter: int | None,
        extra_fields: Sequence[str] = (),
        drop_fields: Sequence[str] = (),
    ) -> None:
        self.path = path
        self.text_fields = tuple(text_fields)
        self.id_field = id_field
        self.extra_fields = tuple(extra_fields)
        self.drop_fields = tuple(drop_fields)
        self._read_header(delimiter)

    def _read_header(self, explicit: int | None) -> None:
        """Detect the delimiter, tokenize the header and find the text/id/extra/drop columns."""
        with self.path.open("rb") as handle:
            first = handle.readline()
            bom = _BOM if first.startswith(_BOM) else b""
            first = first[len(bom) :]
            if not first.strip(b" \t\r\n"):
                raise InputError(self.path, 1, "missing header row")
            default = ord("\t") if self.path.suffix.lower() == ".tsv" else ord(",")
            self.delimiter = explicit if explicit is not None else _detect_delimiter(first, default)
            self._tokenizer = _CsvTokenizer(self.delimiter)
            extra_lines = 0

            def more() -> bytes:
                nonlocal extra_lines
                line = handle.readline()
                extra_lines += bool(line)
                return line

            row = self._tokenizer.read(first, more)
        if isinstance(row, str):
            raise InputError(self.path, 1, f"malformed header: {row}")
        self._header_size = len(bom) + len(row.data)
        self._header_lines = 1 + extra_lines
        self._columns = self._header_columns(row)
        self._preamble = bom + _splice(bytes(row.data), self._drop_edits(row.fields))

    def _header_columns(self, row: _CsvRow) -> int:
        """Resolve text/id/extra/drop column indexes; returns the header's field count."""
        try:
            names = [_csv_value(row.data, s, e).strip() for s, e in row.fields]
        except UnicodeDecodeError:
            raise InputError(self.path, 1, "invalid UTF-8 in header") from None
        self._text_index: dict[str, int] = {}
        for name in self.text_fields:
            if names.count(name) == 0:
                raise InputError(self.path, 1, f"no column {name!r} in header")
            if names.count(name) > 1:
                raise InputError(self.path, 1, f"duplicate column {name!r} in header")
            self._text_index[name] = names.index(name)
        self._id_index = names.index(self.id_field) if self.id_field in names else None
        self._extra_index: dict[str, int] = {}
        for name in self.extra_fields:
            if names.count(name) > 1:
                raise InputError(self.path, 1, f"duplicate column {name!r} in header")
            if name in names:
                self._extra_index[name] = names.index(name)
        drop_names = set(self.drop_fields)
        self._drop_indexes = tuple(i for i, name in enumerate(names) if name in drop_names)
        return len(names)

    def _drop_edits(self, fields: Sequence[tuple[int, int]]) -> list[tuple[int, int, bytes]]:
        """Deletions removing the dropped columns and one delimiter each from a row's fields.

        Columns at the start of the row take the delimiter after them, all others the one
        before them, so neighbouring dropped columns never claim the same delimiter. At least
        one (text) column always stays.
        """
        edits: list[tuple[int, int, bytes]] = []
        for rank, index in enumerate(self._drop_indexes):
            if index == rank:
                edits.append((fields[index][0], fields[index + 1][0], b""))
            else:
                edits.append((fields[index - 1][1], fields[index][1], b""))
        return edits

    def preamble(self) -> bytes:
        return self._preamble

    def __iter__(self) -> Iterator[Record | Rejected | bytes]:
        """Records in file order. A malformed record that ran over several physical lines (a
        stray quote opening a field that never closes properly) is reported at its first line
        and the lines after that one are read again, so one bad quote cannot swallow the good
        records behind it. (A well-formed multi-line row with a wrong field count is rejected
        whole: its inner lines are note text, not records.) Inside such a run every quote is
        paired, so a line read again cannot start another run of that length: it stays linear."""
        with self.path.open("rb") as handle:
            handle.seek(self._header_size)
            number = self._header_lines
            offset = self._header_size

            def more() -> bytes:
                nonlocal number, offset
                line = handle.readline()
                number += bool(line)
                offset += len(line)
                return line

            while line := more():
                start, next_line_at = number, offset
                if line in (b"\n", b"\r\n", b"\r"):
                    yield line
                    continue
                row = self._tokenizer.read(line, more)
                if isinstance(row, str) and number > start:
                    handle.seek(next_line_at)
                    number, offset = start, next_line_at
                yield self._record(row, start)

    def _record(self, row: _CsvRow | str, line: int) -> Record | Rejected:
        """Validate a tokenized row and turn it into a Record."""
        if isinstance(row, str):
            return Rejected(self.path, line, row)
        if len(row.fields) != self._columns:
            reason = f"wrong field count: expected {self._columns}, got {len(row.fields)}"
            return Rejected(self.path, line, reason)
        try:
            row.data.decode("utf-8")
        except UnicodeDecodeError:
            return Rejected(self.path, line, "invalid UTF-8")
        data = bytes(row.data)
        spans = {name: row.fields[index] for name, index in self._text_index.items()}
        texts = {name: _csv_value(data, *span) for name, span in spans.items()}
        raw_id = None if self._id_index is None else _csv_value(data, *row.fields[self._id_index])
        record_id = _record_id(raw_id, self.path, line)
        if not self._extra_index and not self._drop_indexes:
            return Record(
                self.path, line, record_id, texts, _Raw(data, spans, dict(texts), _NOTHING, _NOTHING), {}
            )
        extras = {name: _csv_value(data, *row.fields[index]) for name, index in self._extra_index.items()}
        extra_spans = {
            name: row.fields[index]
            for name, index in self._extra_index.items()
            if name not in self.drop_fields
        }
        drops = tuple((start, end) for start, end, _ in self._drop_edits(row.fields))
        raw = _Raw(data, spans, dict(texts), extra_spans, {n: extras[n] for n in extra_spans}, drops)
        return Record(self.path, line, record_id, texts, raw, extras)

    def encode(self, text: str, was_quoted: bool) -> bytes:
        """RFC 4180 field bytes: quoted if the original was, or if the value needs it."""
        delimiter = chr(self.delimiter)
        if was_quoted or any(ch in text for ch in (delimiter, '"', "\r", "\n")):
            return b'"' + text.replace('"', '""').encode("utf-8") + b'"'
        return text.encode("utf-8")


# --------------------------------------------------------------------------- public facade


class CorpusFile:
    """One JSONL or CSV input file: iterate its records, then ``render`` each with new texts.

    The output file is ``preamble()`` followed by, in order, every yielded ``bytes`` chunk as is
    and ``render(record, ...)`` for every Record. Rejected records have no output bytes.

    ``extra_fields`` are optional string fields read into ``Record.extras`` (JSON: present and a
    string; CSV: any value of a column that exists) so the caller can rewrite them too; a
    duplicated extra key rejects the record (JSON) or the file (CSV header). ``drop_fields`` are
    removed from the output: the top-level key/value pair with one adjacent comma (JSONL), or
    the column with one delimiter in the header and every row (CSV); a record or header without
    them is fine. A drop field may also be an extra field (read, then dropped), never a text field.
    """

    def __init__(
        self,
        path: Path,
        text_fields: Sequence[str] = ("text",),
        id_field: str = "id",
        delimiter: str | None = None,
        extra_fields: Sequence[str] = (),
        drop_fields: Sequence[str] = (),
        max_note_chars: int = MAX_NOTE_CHARS,
    ) -> None:
        fmt = _format_of(path)
        if fmt is None:
            raise UsageError(f"unsupported input file type (use .jsonl, .ndjson, .csv or .tsv): {path}")
        fields = tuple(text_fields)
        if not fields or len(set(fields)) != len(fields):
            raise UsageError("text fields must be given, each at most once")
        extras = tuple(extra_fields)
        drops = tuple(drop_fields)
        for kind, names in (("extra", extras), ("drop", drops)):
            if len(set(names)) != len(names):
                raise UsageError(f"{kind} fields must be given at most once each")
            if set(names) & set(fields):
                raise UsageError(f"a text field cannot also be a {kind} field")
        self.path = path
        self.format = fmt
        self.text_fields = fields
        self.extra_fields = extras
        self.drop_fields = drops
        self.max_note_chars = max_note_chars
        self._reader: _JsonlReader | _CsvReader
        if fmt == "jsonl":
            self._reader = _JsonlReader(path, fields, id_field, extras, drops)
        else:
            self._reader = _CsvReader(path, fields, id_field, _normalize_delimiter(delimiter), extras, drops)

    @property
    def delimiter(self) -> str | None:
        """The CSV delimiter in use (detected or explicit); None for JSONL."""
        return chr(self._reader.delimiter) if isinstance(self._reader, _CsvReader) else None

    def preamble(self) -> bytes:
        """Bytes before the first record: BOM + header line (with its ending, without dropped
        columns) for CSV, b"" for JSONL."""
        return self._reader.preamble() if isinstance(self._reader, _CsvReader) else b""

    def __iter__(self) -> Iterator[Record | Rejected | bytes]:
        for item in self._reader:
            yield self._within_limit(item)

    def parse_line(self, line: bytes, number: int) -> Record | Rejected | bytes:
        """One JSONL line numbered ``number`` (for readers of a byte range of the file)."""
        if not isinstance(self._reader, _JsonlReader):
            raise TypeError("parse_line reads JSONL lines only")
        return self._within_limit(self._reader._parse_line(line, number))

    def _within_limit(self, item: Record | Rejected | bytes) -> Record | Rejected | bytes:
        """A record whose note is longer than ``max_note_chars`` (0: no limit) is rejected."""
        if (
            isinstance(item, Record)
            and self.max_note_chars
            and any(len(text) > self.max_note_chars for text in item.texts.values())
        ):
            return Rejected(
                item.path, item.line, f"note longer than the {self.max_note_chars:,}-character limit"
            )
        return item

    def render(
        self, record: Record, new_texts: Mapping[str, str], new_extras: Mapping[str, str] | None = None
    ) -> bytes:
        """The record's output bytes (incl. its line ending) with only the given values replaced
        and the drop fields removed.

        Text or extra fields missing from ``new_texts``/``new_extras`` or equal to the value as
        read keep their original bytes, so an untouched record is reproduced exactly (minus the
        dropped fields). New values for extra fields the record lacks or that are dropped are
        ignored; names that are not text/extra fields raise KeyError.
        """
        raw = record.raw
        if not isinstance(raw, _Raw):
            raise TypeError("record was not produced by a CorpusFile")
        edits: list[tuple[int, int, bytes]] = []
        for name, text in new_texts.items():
            span = raw.spans.get(name)
            if span is None:
                raise KeyError(f"not a text field: {name!r}")
            if not isinstance(text, str):
                raise TypeError(f"new text for {name!r} must be a str")
            if text != raw.originals[name]:
                edits.append(self._replacement(raw.data, span, text))
        if new_extras:
            for name, value in new_extras.items():
                if name not in self.extra_fields:
                    raise KeyError(f"not an extra field: {name!r}")
                if not isinstance(value, str):
                    raise TypeError(f"new value for {name!r} must be a str")
                span = raw.extra_spans.get(name)
                if span is not None and value != raw.extra_originals[name]:
                    edits.append(self._replacement(raw.data, span, value))
        if not raw.drops:
            return _splice(raw.data, edits)
        edits.extend((start, end, b"") for start, end in raw.drops)
        out = _splice(raw.data, edits)
        if isinstance(self._reader, _CsvReader) and not _split_ending(out)[0]:
            out = b'""' + out  # a lone empty field must not turn the record into a blank line
        return out

    def _replacement(self, data: bytes, span: tuple[int, int], value: str) -> tuple[int, int, bytes]:
        """The edit writing ``value`` over ``span``, quoted/escaped for the file's format."""
        start, end = span
        return start, end, self._encode(value, end > start and data[start] == _QUOTE)

    def _encode(self, text: str, was_quoted: bool) -> bytes:
        if isinstance(self._reader, _CsvReader):
            return self._reader.encode(text, was_quoted)
        return _JsonlReader.encode(text)
