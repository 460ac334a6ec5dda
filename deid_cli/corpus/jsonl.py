"""The JSONL reader: locates each text value's bytes in the raw line so that only they change."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import orjson

from deid_cli.corpus.deep_json import DEPTH_ERROR_PREFIX, InvalidJson, top_level_members
from deid_cli.corpus.records import (
    BOM,
    NO_VALUES,
    NOT_AN_OBJECT,
    QUOTE,
    RawRecord,
    Record,
    Rejected,
    record_id_of,
    split_ending,
    too_long,
    within_limit,
)

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
        if first == QUOTE:
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


def _string_value_span(
    body: bytes, token: bytes, value: str, spellings: re.Pattern[bytes] | None
) -> tuple[int, int] | None:
    """``_fast_locate`` for one member whose value is the string ``value``: its ``[start, end)``
    in ``body``, or None.

    The same conditions make it trustworthy: the raw key ``token`` occurs once and no backslash
    appears outside the located value (see ``_fast_locate``); or, where ``spellings`` matches
    every spelling of the key (``_key_spellings``), none but that occurrence is found, escaped
    or not. Either way the object's top-level key can only be that occurrence: its last quote
    (after a letter) ends a string, and a string followed by a colon is a key. Where the raw
    value is spelled as orjson spells ``value`` (the usual case), it ends where that spelling
    does: a JSON string ends at its first unescaped quote, and the spelling has none but its
    last. Otherwise the string regex finds the end (it is slower: about 10 ns a byte).
    """
    at = body.find(token)
    if at < 0 or body.find(token, at + 1) >= 0:
        return None
    after = at + len(token)
    if body.startswith(b':"', after):  # the compact shape, without the colon regex
        start = after + 1
    else:
        colon = _JSON_COLON.match(body, after)
        if colon is None:
            return None
        start = colon.end()
    escaped_before = body.find(b"\\", 0, start) >= 0
    if escaped_before and spellings is None:
        return None
    spelled = orjson.dumps(value)
    if body.startswith(spelled, start):
        end = start + len(spelled)
    else:
        string = _JSON_STRING.match(body, start)
        if string is None:
            return None
        end = string.end()
    if escaped_before or body.find(b"\\", end) >= 0:
        if spellings is None:
            return None
        first = spellings.search(body)
        if first is None or first.start() != at or spellings.search(body, after) is not None:
            return None
    return start, end


_PLAIN_KEY = re.compile(r"[A-Za-z0-9_ .-]+")


def _key_spellings(name: str) -> re.Pattern[bytes] | None:
    """A pattern of every JSON spelling of the key ``name``, each character as itself or as a
    ``\\u`` escape (hex digits in either case), for names of letters, digits, ``_``, ``-``, ``.``
    and spaces, which no other escape spells; None for other names."""
    if not _PLAIN_KEY.fullmatch(name):
        return None
    parts = []
    for char in name:
        digits = "".join(f"[{d}{d.upper()}]" if d.isalpha() else d for d in f"{ord(char):04x}")
        parts.append(f"(?:{re.escape(char)}|\\\\u{digits})")
    return re.compile(f'"{"".join(parts)}"'.encode())


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
        if first == QUOTE:
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
            if value_first == QUOTE:
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


class JsonlReader:
    """Yields records of a JSONL file; blank lines pass through as bytes."""

    def __init__(
        self,
        path: Path,
        text_fields: Sequence[str],
        id_field: str,
        extra_fields: Sequence[str] = (),
        drop_fields: Sequence[str] = (),
        max_note_chars: int = 0,
    ) -> None:
        self.path = path
        self.text_fields = tuple(text_fields)
        self.id_field = id_field
        self.extra_fields = tuple(extra_fields)
        self.drop_fields = tuple(drop_fields)
        self.max_note_chars = max_note_chars  # longer texts reject their record; 0: no limit
        self._wanted = {orjson.dumps(name): name for name in self.text_fields}
        self._optional = tuple(dict.fromkeys(self.extra_fields + self.drop_fields))
        self._tokens = {name: orjson.dumps(name) for name in self._optional}
        # The common case, which ``_quick_record`` reads: one text field and nothing else to find.
        self._quick = len(self.text_fields) == 1 and not self._optional
        self._text_name = self.text_fields[0] if self.text_fields else ""
        self._text_token = orjson.dumps(self._text_name)
        self._text_spellings = _key_spellings(self._text_name)

    def __iter__(self) -> Iterator[Record | Rejected | bytes]:
        parse = self._parse_line
        with self.path.open("rb") as handle:
            for number, line in enumerate(handle, start=1):
                yield parse(line, number)

    def _parse_line(self, line: bytes, number: int) -> Record | Rejected | bytes:
        """Parse one physical line; a UTF-8 BOM on the first line is kept as raw bytes."""
        parsed = None
        if self._quick:
            try:
                parsed = orjson.loads(line)  # the line ending is JSON whitespace; a BOM fails
            except orjson.JSONDecodeError:
                parsed = None
            if type(parsed) is dict:
                record = self._quick_record(line, number, parsed)
                if record is not None:
                    return record
            else:
                parsed = None
        return within_limit(self._parse_line_carefully(line, number, parsed), self.max_note_chars)

    def _quick_record(self, line: bytes, number: int, obj: dict[str, Any]) -> Record | Rejected | None:
        """The record of a line in the common shape (an object whose one text field is a string
        that ``_string_value_span`` can place) with a few byte searches, or its rejection for a
        note over the limit; None leaves the line to ``_parse_line_carefully``, which must give
        the same record, or the rejection."""
        name = self._text_name
        text = obj.get(name)
        if type(text) is not str:
            return None
        span = _string_value_span(line, self._text_token, text, self._text_spellings)
        if span is None:
            return None
        if self.max_note_chars and len(text) > self.max_note_chars:
            return too_long(self.path, number, self.max_note_chars)
        raw = RawRecord(line, {name: span}, {name: text}, NO_VALUES, NO_VALUES)
        record_id = record_id_of(obj.get(self.id_field), self.path, number)
        return Record(self.path, number, record_id, {name: text}, raw, {})

    def _parse_line_carefully(
        self, line: bytes, number: int, parsed: dict[str, Any] | None = None
    ) -> Record | Rejected | bytes:
        """Any line: blank, BOM, invalid, deeply nested, escaped or duplicate keys, extras.
        ``parsed``: the line as an object, when the quick path has parsed it already."""
        body, _ending = split_ending(line)
        offset = len(BOM) if number == 1 and body.startswith(BOM) else 0
        if offset:
            body = body[offset:]
        if not body.strip(b" \t\r"):
            return line
        obj = parsed if parsed is not None else self._json_object(body, number)
        if isinstance(obj, Rejected):
            return obj
        texts = self._texts(obj, number)
        if isinstance(texts, Rejected):
            return texts
        wanted = self._wanted
        present = [name for name in self._optional if name in obj] if self._optional else None
        if present:
            wanted = {**wanted, **{self._tokens[name]: name for name in present}}
        first = _fast_locate(body, wanted)
        members: dict[str, list[_Member]] | None = None
        if first is None:
            members = _locate_members(body, wanted)
            duplicate = self._duplicate_field(members)
            if duplicate is not None:
                return self._reject(number, duplicate)
            first = {name: found[0] for name, found in members.items() if found}
        spans = {name: (first[name][1] + offset, first[name][2] + offset) for name in self.text_fields}
        record_id = record_id_of(obj.get(self.id_field), self.path, number)
        if not present:
            raw = RawRecord(line, spans, dict(texts), NO_VALUES, NO_VALUES)
            return Record(self.path, number, record_id, texts, raw, {})
        extras = {name: obj[name] for name in self.extra_fields if isinstance(obj.get(name), str)}
        extra_spans = {
            name: _value_span(first[name], offset) for name in extras if name not in self.drop_fields
        }
        drops = self._drop_ranges(body, offset, first, members)
        raw = RawRecord(line, spans, dict(texts), extra_spans, {n: extras[n] for n in extra_spans}, drops)
        return Record(self.path, number, record_id, texts, raw, extras)

    def _json_object(self, body: bytes, number: int) -> dict[str, Any] | Rejected:
        """The line as a JSON object (also one deeper than orjson's limit), or why it is none."""
        try:
            obj = orjson.loads(body)
        except orjson.JSONDecodeError as exc:
            obj = _deeply_nested_object(body, exc)
            if obj is None:
                return self._reject(number, _json_error_reason(body))
        if not isinstance(obj, dict):
            return self._reject(number, "not a JSON object")
        return obj

    def _texts(self, obj: dict[str, Any], number: int) -> dict[str, str] | Rejected:
        """The text fields' values, or why the record has none: a field missing or not a string."""
        texts: dict[str, str] = {}
        for name in self.text_fields:
            if name not in obj:
                return self._reject(number, f"missing text field {name!r}")
            if not isinstance(obj[name], str):
                return self._reject(number, f"text field {name!r} is not a string")
            texts[name] = obj[name]
        return texts

    def _duplicate_field(self, members: dict[str, list[_Member]]) -> str | None:
        """Why the record is rejected when a text or extra field occurs twice (or a text field,
        as a raw key, not at all); None if each occurs once."""
        for kind, names in (("text", self.text_fields), ("extra", self.extra_fields)):
            for name in names:
                if len(members.get(name, ())) > 1 or (kind == "text" and not members[name]):
                    return f"duplicate {kind} field {name!r}"
        return None

    def _drop_ranges(
        self,
        body: bytes,
        offset: int,
        first: dict[str, _Member],
        members: dict[str, list[_Member]] | None,
    ) -> tuple[tuple[int, int], ...]:
        """The line's slices that remove every --drop-field member present (every occurrence
        when the members were all located), shifted past a BOM."""
        if not any(name in first for name in self.drop_fields):
            return ()
        dropped = [
            member
            for name in self.drop_fields
            for member in (members.get(name, ()) if members is not None else (first.get(name),))
            if member is not None
        ]
        return tuple((start + offset, end + offset) for start, end in _json_drop_ranges(body, dropped))

    def _reject(self, number: int, reason: str) -> Rejected:
        return Rejected(self.path, number, reason)

    @staticmethod
    def encode(text: str, was_quoted: bool = True) -> bytes:
        """A JSON string literal for ``text`` (orjson keeps non-ASCII as UTF-8); a JSON text
        value always was quoted (the flag matters for CSV only)."""
        return orjson.dumps(text)


def _value_span(member: _Member, offset: int) -> tuple[int, int]:
    """A member's value slice in the raw line (which may start with a BOM)."""
    return member.value_start + offset, member.value_end + offset


def _deeply_nested_object(body: bytes, error: orjson.JSONDecodeError) -> object | None:
    """The record when orjson stopped only at its depth limit: a dict of the top-level members,
    each decoded by orjson or None where nested too deep (so a too-deep text field is "not a
    string" and such a value is never read, only passed through as raw bytes). Returns
    ``NOT_AN_OBJECT`` for a valid non-object and None for invalid JSON or any other error.
    """
    if not str(error).startswith(DEPTH_ERROR_PREFIX):
        return None
    try:
        members = top_level_members(body)
    except InvalidJson:
        return None
    if members is None:
        return NOT_AN_OBJECT
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
