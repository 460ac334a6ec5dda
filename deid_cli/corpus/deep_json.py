"""Validate a JSON record nested deeper than orjson's depth limit, without recursion.

orjson refuses values nested more than 1024 levels deep. A clinical export may still carry
such a value in a field deid does not touch (a device payload, a serialized tree); that
record must pass through byte for byte rather than be rejected. This scanner checks the whole
record against the JSON grammar with an explicit stack (linear time, constant Python stack
depth) and reports the top-level members, so the reader can decode the shallow ones (text,
id, extra fields) with orjson and leave the deep ones as raw bytes. Strings are validated by
orjson itself, so both paths accept exactly the same strings.
"""

from __future__ import annotations

import re

import orjson

__all__ = ["DEPTH_ERROR_PREFIX", "InvalidJson", "top_level_members"]

# orjson's message when the depth limit stops it (checked so only that error takes this path).
DEPTH_ERROR_PREFIX = "depth limit exceeded"

_STRING = rb'"[^"\\]*(?:\\.[^"\\]*)*"'
_NUMBER = rb"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?"
_LEXEME = re.compile(
    rb"[ \t\r\n]*(?:(" + _STRING + rb")|([{}\[\]:,])|(" + _NUMBER + rb"|true|false|null))", re.DOTALL
)
_TRAILING_WS = re.compile(rb"[ \t\r\n]*\Z")

# What the next lexeme may be.
_VALUE, _VALUE_OR_CLOSE, _KEY, _KEY_OR_CLOSE, _COLON, _AFTER_VALUE, _END = range(7)
_OPEN_OBJECT, _OPEN_ARRAY = ord("{"), ord("[")


class InvalidJson(ValueError):
    """The bytes are not one valid JSON text (the message is a fixed phrase, never content)."""


def top_level_members(body: bytes) -> list[tuple[str, int, int]] | None:
    """The members ``(key, value start, value end)`` of the top-level object in ``body``, in
    order (duplicates kept); None if ``body`` is valid JSON but not an object.

    Raises InvalidJson if ``body`` is not exactly one JSON value (surrounding whitespace aside).
    """
    stack = bytearray()
    state = _VALUE
    members: list[tuple[str, int, int]] = []
    key = ""
    member_start = -1
    pos = 0
    is_object = False
    while state != _END:
        match = _LEXEME.match(body, pos)
        if match is None:
            raise InvalidJson("invalid JSON")
        pos = match.end()
        string, punctuation, scalar = match.groups()
        start = match.start(match.lastindex or 0)
        if string is not None:
            text = _decode_string(string)
            if state in (_KEY, _KEY_OR_CLOSE):
                if len(stack) == 1:
                    key = text
                state = _COLON
                continue
            _expect(state in (_VALUE, _VALUE_OR_CLOSE))
        elif scalar is not None:
            _expect(state in (_VALUE, _VALUE_OR_CLOSE))
        elif punctuation == b":":
            _expect(state == _COLON)
            state = _VALUE
            continue
        elif punctuation == b",":
            _expect(state == _AFTER_VALUE and bool(stack))
            state = _KEY if stack[-1] == _OPEN_OBJECT else _VALUE
            continue
        elif punctuation in (b"{", b"["):
            _expect(state in (_VALUE, _VALUE_OR_CLOSE))
            if not stack:
                is_object = punctuation == b"{"
            elif len(stack) == 1:
                member_start = start
            stack.append(punctuation[0])
            state = _KEY_OR_CLOSE if punctuation == b"{" else _VALUE_OR_CLOSE
            continue
        else:  # a closing bracket
            opener = _OPEN_OBJECT if punctuation == b"}" else _OPEN_ARRAY
            empty = _KEY_OR_CLOSE if opener == _OPEN_OBJECT else _VALUE_OR_CLOSE
            _expect(bool(stack) and stack[-1] == opener and state in (empty, _AFTER_VALUE))
            stack.pop()
            start = member_start
        # A value ended at ``pos``: record it if it is a member of the top-level object.
        if is_object and len(stack) == 1:
            members.append((key, start, pos))
        state = _AFTER_VALUE if stack else _END
    if _TRAILING_WS.match(body, pos) is None:
        raise InvalidJson("invalid JSON")
    return members if is_object else None


def _decode_string(token: bytes) -> str:
    """A string token decoded and validated by orjson (escapes, control characters, UTF-8)."""
    try:
        return orjson.loads(token)
    except orjson.JSONDecodeError:
        raise InvalidJson("invalid JSON") from None


def _expect(condition: bool) -> None:
    if not condition:
        raise InvalidJson("invalid JSON")
