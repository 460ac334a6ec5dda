"""Reading the files a user hands to deid (dictionaries, corrections, deid.toml, scrape source
definitions): size limits, safe parsers only, and errors that name file and line.

Such files come from anyone with access to the cron job's configuration, so they are data
only: UTF-8 text, JSON (orjson, depth-limited), TOML (tomllib) or CSV (the csv module). No
pickle, eval, exec or YAML. A file or line over its limit is refused before it can fill
memory, and every error reads ``FILE:LINE: reason`` (or ``FILE: reason`` when it concerns the
whole file) with a fixed reason: parser messages are passed on only while they quote nothing
from the file, because a dictionary line or a correction is a real name.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson

MIB = 1024 * 1024
# A dictionary: the bundled lists plus 500,000 scraped names are a few MB; 256 MiB leaves
# room for a hospital's whole staff and patient index while refusing a wrong file (an image,
# a database dump) before it is read.
DICTIONARY_LIMIT = 256 * MIB
# Corrections are typed or exported by the review page: thousands of entries at most.
CORRECTIONS_LIMIT = 64 * MIB
# deid.toml and scrape source files hold a handful of keys.
SETTINGS_LIMIT = 1 * MIB
# No name, phrase or postcode line is anywhere near this long; a longer one is a wrong file.
MAX_LINE_CHARS = 10_000

# Bytes one readline may take: the longest allowed line in 4-byte UTF-8, a BOM and CRLF, plus
# one byte so that a longer line is seen to be longer.
_MAX_LINE_BYTES = 4 * MAX_LINE_CHARS + 3 + 2 + 1
_BOM = b"\xef\xbb\xbf"
_TOML_POSITION = re.compile(r"^(?P<message>.*) \(at (?:line (?P<line>\d+), column \d+|end of document)\)$")


class ConfigError(Exception):
    """A user-supplied file (dictionary, corrections, settings) cannot be used; the message
    cites the file (and line), never its content."""


def describe_limit(limit: int) -> str:
    """``256 MiB`` / ``10,000 bytes``: how limits read in messages."""
    return f"{limit // MIB} MiB" if limit >= MIB and limit % MIB == 0 else f"{limit:,} bytes"


def read_limited(path: Path, limit: int, kind: str) -> bytes:
    """The file's bytes, refusing more than ``limit`` (also for pipes and growing files)."""
    try:
        with path.open("rb") as handle:
            _refuse_oversized(path, os.fstat(handle.fileno()), limit, kind)
            data = handle.read(limit + 1)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read ({exc.strerror or 'I/O error'})") from None
    if len(data) > limit:
        raise ConfigError(f"{path}: larger than the {describe_limit(limit)} limit for {kind}")
    return data


def _refuse_oversized(path: Path, info: os.stat_result, limit: int, kind: str) -> None:
    """Refuse a regular file over the limit before reading any of it."""
    if stat.S_ISREG(info.st_mode) and info.st_size > limit:
        raise ConfigError(
            f"{path}: {info.st_size:,} bytes, larger than the {describe_limit(limit)} limit for {kind}"
        )


def line_of(data: bytes | str, offset: int) -> int:
    """1-based line number of a byte (or character) offset."""
    newline = b"\n" if isinstance(data, bytes) else "\n"
    return data.count(newline, 0, offset) + 1  # type: ignore[arg-type]


def decode_utf8(path: Path, data: bytes) -> str:
    """Text of a UTF-8 file, without a leading BOM; the error names the first bad line."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = line_of(data, exc.start)
        raise ConfigError(f"{path}:{line}: not valid UTF-8") from None


def parse_json(path: Path, text: str) -> Any:
    """JSON via orjson, whose depth limit keeps a hostile nesting from exhausting the stack.
    orjson's messages are fixed phrases that never quote the document, so they are kept."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        raise ConfigError(f"{path}:{exc.lineno}: invalid JSON ({exc.msg})") from None


def parse_toml(path: Path, text: str) -> dict[str, Any]:
    """TOML via tomllib; the message keeps tomllib's reason only if it quotes no content."""
    import tomllib  # only here: its import compiles regexes a run without a TOML file never uses

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = _TOML_POSITION.match(str(exc))
        message = match["message"] if match else ""
        line = match["line"] if match and match["line"] else str(line_of(text, len(text)))
        reason = message if message and quotes_nothing(message) else "syntax error"
        raise ConfigError(f"{path}:{line}: invalid TOML ({reason})") from None
    except RecursionError:  # deeply nested inline arrays
        raise ConfigError(f"{path}: invalid TOML (nested too deeply)") from None


def load_structured(path: Path, limit: int, kind: str) -> Any:
    """A JSON (``.json``) or TOML (anything else) file, size-limited and safely parsed."""
    text = decode_utf8(path, read_limited(path, limit, kind))
    return parse_json(path, text) if path.suffix.lower() == ".json" else parse_toml(path, text)


def numbered_lines(
    path: Path, limit: int | None = None, kind: str = "dictionary files"
) -> Iterator[tuple[int, str]]:
    """``(line number, stripped line)`` of a UTF-8 text file, streamed (BOM tolerated), with
    the file size and line length limits enforced where they are crossed: a line is never
    read further than the longest line allowed could reach. ``limit`` defaults to
    DICTIONARY_LIMIT."""
    limit = DICTIONARY_LIMIT if limit is None else limit
    total = 0
    number = 0
    try:
        with path.open("rb") as handle:
            _refuse_oversized(path, os.fstat(handle.fileno()), limit, kind)
            while raw := handle.readline(_MAX_LINE_BYTES):
                number += 1
                total += len(raw)
                if total > limit:
                    raise ConfigError(
                        f"{path}:{number}: file exceeds the {describe_limit(limit)} limit for {kind}"
                    )
                if len(raw) == _MAX_LINE_BYTES and not raw.endswith(b"\n"):
                    raise ConfigError(too_long(path, number))
                if number == 1 and raw.startswith(_BOM):
                    raw = raw[len(_BOM) :]
                try:
                    line = raw.decode("utf-8").rstrip("\r\n")
                except UnicodeDecodeError:
                    raise ConfigError(f"{path}:{number}: not valid UTF-8") from None
                check_line_length(path, number, line)
                yield number, line.strip()
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read ({exc.strerror or 'I/O error'})") from None


def check_line_length(path: Path, number: int, line: str) -> None:
    """Refuse a line (without its ending) longer than MAX_LINE_CHARS characters."""
    if len(line) > MAX_LINE_CHARS:
        raise ConfigError(too_long(path, number))


def check_entry_length(path: Path, entry: str, text: str) -> None:
    """Refuse a list entry (a JSON name, a correction) longer than MAX_LINE_CHARS characters."""
    if len(text) > MAX_LINE_CHARS:
        raise ConfigError(f"{path}: {entry} is longer than the {MAX_LINE_CHARS:,}-character limit")


def too_long(path: Path, number: int) -> str:
    return f"{path}:{number}: line longer than the {MAX_LINE_CHARS:,}-character limit"


def quotes_nothing(message: str) -> bool:
    """Whether a parser message quotes nothing (messages quoting a key or character are replaced)."""
    return not any(mark in message for mark in "'\"`")
