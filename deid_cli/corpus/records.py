"""Records as the readers yield them, the faults they report, and the byte edits that write
a record back with nothing changed but its text values.

Rejection reasons are fixed phrases: they must never carry record content (note text, ids,
values), because they end up in logs and reports outside the protected environment.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

BOM = b"\xef\xbb\xbf"
QUOTE = ord('"')
LINE_ENDINGS = (b"\r\n", b"\n")

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


NO_VALUES: Mapping[str, Any] = MappingProxyType({})
NOT_AN_OBJECT = object()  # a valid JSON text too deep for orjson that is not an object


@dataclass(slots=True)  # not frozen: one is built per record and frozen __init__ is slower
class RawRecord:
    """Raw record bytes (incl. line ending), the byte slice of each text field's value, and the
    values as read, so an unchanged text keeps its original bytes (escapes, quoting).

    ``extra_spans``/``extra_originals`` do the same for extra fields that are written back (not
    dropped); ``drops`` are the ``[start, end)`` slices to delete for dropped fields.
    """

    data: bytes
    spans: Mapping[str, tuple[int, int]]
    originals: Mapping[str, str]
    extra_spans: Mapping[str, tuple[int, int]] = field(default_factory=lambda: NO_VALUES)
    extra_originals: Mapping[str, str] = field(default_factory=lambda: NO_VALUES)
    drops: tuple[tuple[int, int], ...] = ()


def split_ending(line: bytes) -> tuple[bytes, bytes]:
    """Split a physical line into body and its line ending (b"\\r\\n", b"\\n" or b"")."""
    for ending in LINE_ENDINGS:
        if line.endswith(ending):
            return line[: -len(ending)], ending
    return line, b""


def splice(data: bytes, edits: list[tuple[int, int, bytes]]) -> bytes:
    """Replace non-overlapping ``[start, end)`` slices of ``data``; linear in the record size."""
    if not edits:
        return data
    if len(edits) == 1:  # one text field: plain slices cost less than the views below
        ((start, end, replacement),) = edits
        return b"".join((data[:start], replacement, data[end:]))
    view = memoryview(data)
    parts: list[bytes | memoryview] = []
    pos = 0
    for start, end, replacement in sorted(edits):
        parts.append(view[pos:start])
        parts.append(replacement)
        pos = end
    parts.append(view[pos:])
    return b"".join(parts)


def within_limit(item: Record | Rejected | bytes, limit: int) -> Record | Rejected | bytes:
    """A record with a text longer than ``limit`` characters (0: no limit) becomes a rejection."""
    if limit and isinstance(item, Record) and any(len(text) > limit for text in item.texts.values()):
        return too_long(item.path, item.line, limit)
    return item


def too_long(path: Path, line: int, limit: int) -> Rejected:
    """The rejection of a record over the limit (one phrase for every reader)."""
    return Rejected(path, line, f"note longer than the {limit:,}-character limit")


def record_id_of(value: object, path: Path, line: int) -> str:
    """The record id; missing, null or empty ids fall back to ``file:line`` so ids stay unique-ish."""
    if value is None or value == "":
        return f"{path.name}:{line}"
    return value if isinstance(value, str) else str(value)


def normalize_delimiter(delimiter: str | None) -> int | None:
    """Validate an explicit delimiter (``\\t`` spelled out is accepted) and return its byte."""
    if delimiter is None:
        return None
    if delimiter in ("\\t", "tab", "TAB"):
        delimiter = "\t"
    if len(delimiter) != 1 or not delimiter.isascii() or delimiter in '"\r\n':
        raise UsageError("delimiter must be one ASCII character other than a quote, CR or LF")
    return ord(delimiter)
