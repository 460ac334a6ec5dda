"""Fast rejection for scans that start with a lookbehind: ``(?<![\\w.-])(?:Beruf|als|...)``.

Python's regex engine skips ahead quickly only when a pattern starts with a literal or a
character class. A leading lookbehind defeats that: the engine then tries the lookbehind and
every alternative at each position, which on hostile input (a megabyte of blanks) costs
several times a normal scan. ``guarded`` inserts a lookahead on the set of characters the
body can start with, computed from the parsed body, so a position that cannot start a match
fails after one class test. The lookahead never changes what matches: it only states what
the body requires anyway. When the first characters cannot be listed (a negated class, any
character, a body that may match empty), the pattern is compiled unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from re import _constants as sre_c  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]

__all__ = [
    "finditer_from",
    "finditer_in_lines",
    "first_char_class",
    "first_char_class_of_words",
    "guarded",
    "lines_at",
    "matches_from",
]

_CATEGORIES = {
    sre_c.CATEGORY_DIGIT: r"\d",
    sre_c.CATEGORY_NOT_DIGIT: r"\D",
    sre_c.CATEGORY_SPACE: r"\s",
    sre_c.CATEGORY_NOT_SPACE: r"\S",
    sre_c.CATEGORY_WORD: r"\w",
    sre_c.CATEGORY_NOT_WORD: r"\W",
}
_REPEATS = (sre_c.MAX_REPEAT, sre_c.MIN_REPEAT, sre_c.POSSESSIVE_REPEAT)
_ZERO_WIDTH = (sre_c.AT, sre_c.ASSERT, sre_c.ASSERT_NOT)


def _class_item(op: object, av: object) -> str | None:
    if op is sre_c.LITERAL:
        return re.escape(chr(av))  # type: ignore[arg-type]
    if op is sre_c.RANGE:
        low, high = av  # type: ignore[misc]
        return f"{re.escape(chr(low))}-{re.escape(chr(high))}"
    if op is sre_c.CATEGORY:
        return _CATEGORIES.get(av)  # type: ignore[call-overload]
    return None  # NEGATE and anything unusual: give up


def _firsts(items: list[tuple[object, object]]) -> tuple[set[str], bool] | None:
    """(class pieces a match of ``items`` can start with, whether it can match empty)."""
    pieces: set[str] = set()
    for op, av in items:
        if op is sre_c.LITERAL or op is sre_c.IN:
            members = [(op, av)] if op is sre_c.LITERAL else av
            for member in members:  # type: ignore[union-attr]
                piece = _class_item(*member)
                if piece is None:
                    return None
                pieces.add(piece)
            return pieces, False
        if op in _ZERO_WIDTH:
            continue
        if op is sre_c.BRANCH:
            nullable = False
            for alternative in av[1]:  # type: ignore[index]
                found = _firsts(list(alternative))
                if found is None:
                    return None
                pieces |= found[0]
                nullable = nullable or found[1]
            if not nullable:
                return pieces, False
        elif op is sre_c.SUBPATTERN:
            _group, add_flags, _del_flags, sub = av  # type: ignore[misc]
            if add_flags & re.IGNORECASE:
                return None
            found = _firsts(list(sub))
            if found is None:
                return None
            pieces |= found[0]
            if not found[1]:
                return pieces, False
        elif op in _REPEATS:
            low, _high, sub = av  # type: ignore[misc]
            found = _firsts(list(sub))
            if found is None:
                return None
            pieces |= found[0]
            if low > 0 and not found[1]:
                return pieces, False
        elif op is sre_c.ATOMIC_GROUP:
            found = _firsts(list(av))  # type: ignore[arg-type]
            if found is None:
                return None
            pieces |= found[0]
            if not found[1]:
                return pieces, False
        else:
            return None
    return pieces, True


def first_char_class(body: str, flags: int = 0) -> str | None:
    """A character class matching every character a match of ``body`` can start with, or None
    when that cannot be listed."""
    if flags & re.IGNORECASE:
        return None
    found = _firsts(list(sre_parse.parse(body, flags)))
    if found is None or found[1] or not found[0]:
        return None
    return "[" + "".join(sorted(found[0])) + "]"


def first_char_class_of_words(words: Iterable[str]) -> str | None:
    """``first_char_class`` of an alternation of the escaped ``words`` (``trie_alternation``),
    read off their first characters: parsing the alternation of a long word list only to find
    them costs more than compiling it. The empty word is skipped, as the alternation skips it."""
    firsts = {re.escape(word[0]) for word in words if word}
    return "[" + "".join(sorted(firsts)) + "]" if firsts else None


def guarded(lookbehind: str, body: str, flags: int = 0, first: str | None = None) -> re.Pattern[str]:
    """Compile ``lookbehind + body`` with a first-character lookahead before both: the class
    test, cheaper than the lookbehind, rejects most positions first. ``first`` is the class when
    the caller knows it (``first_char_class_of_words``); otherwise it is found from the body."""
    if first is None:
        first = first_char_class(body, flags)
    guard = f"(?={first})" if first else ""
    return re.compile(f"{guard}{lookbehind}{body}", flags)


def finditer_from(pattern: re.Pattern[str], text: str, starts: re.Pattern[str]) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text)``, tried only where ``starts`` (a pattern of one character the
    engine finds fast, such as ``[+(0]``) matches: a superset of where ``pattern`` can begin.
    A match is sought at each such position in turn, skipping those inside the last match, so
    the result is finditer's. ``pattern`` must not match the empty string."""
    end = 0
    for candidate in starts.finditer(text):
        start = candidate.start()
        if start >= end and (match := pattern.match(text, start)) is not None:
            end = match.end()
            yield match


def matches_from(pattern: re.Pattern[str], text: str, starts: Iterable[int]) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text)`` when ``starts`` (sorted) holds every position a match can
    begin at, such as the words an automaton found: the pattern is matched at each in turn,
    skipping those inside the last match."""
    end = 0
    for start in starts:
        if start >= end and (match := pattern.match(text, start)) is not None:
            end = match.end()
            yield match


def lines_at(text: str, positions: Iterable[int]) -> list[tuple[int, int]]:
    """The lines of ``text`` that hold ``positions`` (sorted), each once: (start, end), the end
    after the line's break, so that a lookahead at the line's end sees it."""
    lines: list[tuple[int, int]] = []
    end = -1
    for pos in positions:
        if pos < end:
            continue
        start = text.rfind("\n", 0, pos) + 1
        newline = text.find("\n", pos)
        end = len(text) if newline < 0 else newline + 1
        lines.append((start, end))
    return lines


def finditer_in_lines(
    pattern: re.Pattern[str], text: str, lines: list[tuple[int, int]] | None
) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text)`` for a pattern whose matches hold no line break and lie in
    ``lines`` (``lines_at``; None: anywhere): a scan of those lines instead of the text. A
    lookbehind still sees the text before a line."""
    if lines is None:
        yield from pattern.finditer(text)
        return
    for start, end in lines:
        yield from pattern.finditer(text, start, end)
