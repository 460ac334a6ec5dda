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
import os
import re
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import orjson

__all__ = [
    "AtomicOutputs",
    "CorpusFile",
    "InputError",
    "Record",
    "Rejected",
    "UsageError",
    "discover_inputs",
    "output_paths",
]

JSONL_SUFFIXES = frozenset({".jsonl", ".ndjson"})
CSV_SUFFIXES = frozenset({".csv", ".tsv"})
SUPPORTED_SUFFIXES = JSONL_SUFFIXES | CSV_SUFFIXES

_BOM = b"\xef\xbb\xbf"
_QUOTE = ord('"')
_LINE_ENDINGS = (b"\r\n", b"\n")


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
    """One input record: its texts to pseudonymize plus what ``render`` needs to write it back."""

    path: Path
    line: int
    id: str
    texts: dict[str, str]
    raw: object


@dataclass(frozen=True, slots=True)
class _Raw:
    """Raw record bytes (incl. line ending), the byte slice of each text field's value, and the
    values as read, so an unchanged text keeps its original bytes (escapes, quoting)."""

    data: bytes
    spans: dict[str, tuple[int, int]]
    originals: dict[str, str]


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


@dataclass(slots=True)
class _Pending:
    tmp: Path
    dest: Path
    file: BinaryIO


class AtomicOutputs:
    """Write several outputs so that each destination is either untouched or complete.

    ``open(dest)`` returns a binary file writing to a 0600 temp file beside ``dest`` (same
    directory, so ``os.replace`` is atomic). ``commit()`` fsyncs every temp and renames it onto
    its destination. If the block raises or ends without ``commit()``, all temps are removed and
    existing destinations stay as they were. Each rename is atomic; the set as a whole is not.
    """

    def __init__(self) -> None:
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
        dest.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix=f".{dest.name}.deid-tmp-", dir=dest.parent)  # mode 0600
        try:
            file = os.fdopen(fd, "wb")
        except BaseException:
            os.close(fd)
            Path(name).unlink(missing_ok=True)
            raise
        self._pending.append(_Pending(Path(name), dest, file))
        return file

    def commit(self) -> None:
        """Flush and fsync all temps first, then rename them, keeping the window of mixed state short."""
        if self._committed:
            return
        for pending in self._pending:
            pending.file.flush()
            os.fsync(pending.file.fileno())
            pending.file.close()
        for pending in self._pending:
            os.replace(pending.tmp, pending.dest)
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


def _fast_locate(body: bytes, wanted: Mapping[bytes, str]) -> dict[str, tuple[int, int]] | None:
    """Value spans found by plain search, or None when the shortcut cannot be trusted.

    Trusted only if every raw key token occurs exactly once and no backslash appears outside
    the located values: then no key can be spelled with escapes, so the single literal
    occurrence must be the top-level key (the parsed object has it) and no duplicate exists.
    """
    spans: dict[str, tuple[int, int]] = {}
    for token, name in wanted.items():
        at = body.find(token)
        if at < 0 or body.find(token, at + 1) >= 0:
            return None
        colon = _JSON_COLON.match(body, at + len(token))
        value = _JSON_STRING.match(body, colon.end()) if colon else None
        if value is None:
            return None
        spans[name] = value.span()
    pos = 0
    for start, end in sorted(spans.values()):
        if start < pos or body.find(b"\\", pos, start) >= 0:
            return None
        pos = end
    return spans if body.find(b"\\", pos) < 0 else None


def _locate_top_level_values(body: bytes, wanted: Mapping[bytes, str]) -> dict[str, list[tuple[int, int]]]:
    """Byte spans of the string values of top-level keys in ``wanted`` (raw key bytes -> name).

    Tracks nesting depth so a "text" key inside a nested object is ignored, and decodes keys
    that contain escapes (``"\\u0074ext"``). The body must already be valid JSON.
    Non-string values of a wanted key are recorded as ``(-1, -1)`` so duplicates are noticed.
    """
    found: dict[str, list[tuple[int, int]]] = {name: [] for name in wanted.values()}
    depth = 0
    value_at = -1
    value_key = ""
    for match in _JSON_TOKEN.finditer(body):
        start = match.start()
        first = body[start]
        if first == _QUOTE:
            if start == value_at:
                found[value_key].append((start, match.end()))
                value_at = -1
                continue
            if depth != 1:
                continue
            colon = _JSON_COLON.match(body, match.end())
            if colon is None:
                continue
            name = _json_key_name(match.group(), wanted)
            if name is None:
                continue
            if body[colon.end() : colon.end() + 1] == b'"':
                value_at, value_key = colon.end(), name
            else:
                found[name].append((-1, -1))
        elif first in b"{[":
            depth += 1
        else:
            depth -= 1
    return found


def _json_key_name(token: bytes, wanted: Mapping[bytes, str]) -> str | None:
    """The wanted field name a raw key token denotes, decoding escapes only when present."""
    name = wanted.get(token)
    if name is not None or b"\\" not in token:
        return name
    decoded = orjson.loads(token)
    return decoded if decoded in wanted.values() else None


class _JsonlReader:
    """Yields records of a JSONL file; blank lines pass through as bytes."""

    def __init__(self, path: Path, text_fields: Sequence[str], id_field: str) -> None:
        self.path = path
        self.text_fields = tuple(text_fields)
        self.id_field = id_field
        self._wanted = {orjson.dumps(name): name for name in self.text_fields}

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
        except orjson.JSONDecodeError:
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
        spans = _fast_locate(body, self._wanted)
        if spans is None:
            located = _locate_top_level_values(body, self._wanted)
            if any(len(found) != 1 for found in located.values()):
                name = next(name for name, found in located.items() if len(found) != 1)
                return self._reject(number, f"duplicate text field {name!r}")
            spans = {name: found[0] for name, found in located.items()}
        if offset:
            spans = {name: (start + offset, end + offset) for name, (start, end) in spans.items()}
        record_id = _record_id(obj.get(self.id_field), self.path, number)
        return Record(self.path, number, record_id, texts, _Raw(line, spans, dict(texts)))

    def _reject(self, number: int, reason: str) -> Rejected:
        return Rejected(self.path, number, reason)

    @staticmethod
    def encode(text: str) -> bytes:
        """A JSON string literal for ``text`` (orjson keeps non-ASCII as UTF-8)."""
        return orjson.dumps(text)


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

    def __init__(self, path: Path, text_fields: Sequence[str], id_field: str, delimiter: int | None) -> None:
        self.path = path
        self.text_fields = tuple(text_fields)
        self.id_field = id_field
        self._read_header(delimiter)

    def _read_header(self, explicit: int | None) -> None:
        """Detect the delimiter, tokenize the header and find the text/id columns."""
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
        self._preamble = bom + bytes(row.data)
        self._header_lines = 1 + extra_lines
        self._columns = self._header_columns(row)

    def _header_columns(self, row: _CsvRow) -> int:
        """Resolve text/id column indexes; returns the header's field count."""
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
        return len(names)

    def preamble(self) -> bytes:
        return self._preamble

    def __iter__(self) -> Iterator[Record | Rejected | bytes]:
        with self.path.open("rb") as handle:
            handle.seek(len(self._preamble))
            number = self._header_lines

            def more() -> bytes:
                nonlocal number
                line = handle.readline()
                number += bool(line)
                return line

            while line := more():
                start = number
                if line in (b"\n", b"\r\n", b"\r"):
                    yield line
                    continue
                yield self._record(self._tokenizer.read(line, more), start)

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
        return Record(
            self.path, line, _record_id(raw_id, self.path, line), texts, _Raw(data, spans, dict(texts))
        )

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
    """

    def __init__(
        self,
        path: Path,
        text_fields: Sequence[str] = ("text",),
        id_field: str = "id",
        delimiter: str | None = None,
    ) -> None:
        fmt = _format_of(path)
        if fmt is None:
            raise UsageError(f"unsupported input file type (use .jsonl, .ndjson, .csv or .tsv): {path}")
        fields = tuple(text_fields)
        if not fields or len(set(fields)) != len(fields):
            raise UsageError("text fields must be given, each at most once")
        self.path = path
        self.format = fmt
        self.text_fields = fields
        self._reader: _JsonlReader | _CsvReader
        if fmt == "jsonl":
            self._reader = _JsonlReader(path, fields, id_field)
        else:
            self._reader = _CsvReader(path, fields, id_field, _normalize_delimiter(delimiter))

    @property
    def delimiter(self) -> str | None:
        """The CSV delimiter in use (detected or explicit); None for JSONL."""
        return chr(self._reader.delimiter) if isinstance(self._reader, _CsvReader) else None

    def preamble(self) -> bytes:
        """Bytes before the first record: BOM + header line (with its ending) for CSV, b"" for JSONL."""
        return self._reader.preamble() if isinstance(self._reader, _CsvReader) else b""

    def __iter__(self) -> Iterator[Record | Rejected | bytes]:
        return iter(self._reader)

    def render(self, record: Record, new_texts: Mapping[str, str]) -> bytes:
        """The record's output bytes (incl. its line ending) with only the given text values replaced.

        Text fields missing from ``new_texts`` or equal to the value as read keep their original
        bytes, so an untouched record is reproduced exactly.
        """
        raw = record.raw
        if not isinstance(raw, _Raw):
            raise TypeError("record was not produced by a CorpusFile")
        edits: list[tuple[int, int, bytes]] = []
        for name, text in new_texts.items():
            if name not in raw.spans:
                raise KeyError(f"not a text field: {name!r}")
            if not isinstance(text, str):
                raise TypeError(f"new text for {name!r} must be a str")
            if text == raw.originals[name]:
                continue
            start, end = raw.spans[name]
            was_quoted = end > start and raw.data[start] == _QUOTE
            edits.append((start, end, self._encode(text, was_quoted)))
        return _splice(raw.data, edits)

    def _encode(self, text: str, was_quoted: bool) -> bytes:
        if isinstance(self._reader, _CsvReader):
            return self._reader.encode(text, was_quoted)
        return _JsonlReader.encode(text)
