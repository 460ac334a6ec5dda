"""Signature blocks: the lines under a closing formula ("Mit freundlichen Grüßen").

Letters end with their signers, often several on one line, set apart by tabs, runs of spaces
or " / ", and a line of their roles under them ("Oberarzt", "Assistenzärztin"). Each cell of
such a line is parsed as one person mention: an optional title chain, then initials, given
names, particles and a surname. A cell with an ordinary word, a lower-case word or a role is
not a person and stays, so role lines and the clinic's name are kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from deid_cli.detection.grammar.person import NAME_PARTICLES, medical_term, word_bits
from deid_cli.detection.words import (
    COMMON,
    GIVEN_NAME,
    KEPT,
    LISTED,
    NOUN_SHAPED,
    TITLE,
)

if TYPE_CHECKING:
    from deid_cli.detection.maskers.base import NoteContext

_MAX_LINES = 4  # non-blank lines of a block
_MAX_LINE_CHARS = 120  # a longer line is prose, not a signature
_CELL_GAP = re.compile(r"\t+|[ ]{2,}|[ \t]+/[ \t]+|[ \t]*;[ \t]*")
# Tokens of a cell: words (with an inner apostrophe), initials and title abbreviations keep
# their full stop, so "Dr." and "M." can be told from "Dr" and "M".
_TOKEN = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?\.?")
_PARTICLES = frozenset(NAME_PARTICLES)
# The rest of the formula's line ("Mit besten Grüßen aus der Abteilung,") up to its break.
_FORMULA_LINE_END = re.compile(r"[^\n]{0,80}\n")


def block_lines(view: str, pos: int) -> Iterator[tuple[int, int]]:
    """The lines of the block after a closing formula ending at ``pos``: the rest of the
    formula's line (a few words at most), then up to ``_MAX_LINES`` short non-blank lines,
    single blank lines between them allowed."""
    rest = _FORMULA_LINE_END.match(view, pos)
    if rest is None:
        return
    pos = rest.end()
    lines = blanks = 0
    while pos < len(view) and lines < _MAX_LINES:
        end = view.find("\n", pos)
        end = len(view) if end < 0 else end
        line = view[pos:end].rstrip("\r")
        if not line.strip():
            blanks += 1
            if blanks > 1:
                return
        else:
            if len(line) > _MAX_LINE_CHARS:
                return
            blanks = 0
            lines += 1
            yield pos, pos + len(line)
        pos = end + 1


def cells(view: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """A line's cells: the stretches between tabs, runs of spaces, " / " and ";"."""
    pos = start
    for gap in _CELL_GAP.finditer(view, start, end):
        if gap.start() > pos:
            yield pos, gap.start()
        pos = gap.end()
    if pos < end:
        yield pos, end


def person_tokens(ctx: NoteContext, start: int, end: int) -> list[tuple[int, int]] | None:
    """The name tokens of a cell that reads as one person ("Dr. med. Eva Amsel", "M. Koller",
    "OA Dr. Lutz Bergwald"), or None if the cell is anything else (a role, a clinic, prose)."""
    view = ctx.view
    names: list[tuple[int, int]] = []
    titled = listed = False
    end = _role_after(view, start, end)  # "Eva Amsel, Oberärztin", "Eva Amsel (OA)": the person part
    for token in _TOKEN.finditer(view, start, end):
        text = token.group()
        word = text.rstrip(".")
        s, e = token.start(), token.start() + len(word)
        if ctx.is_blocked(s, e):
            return None
        if len(word) == 1 and text.endswith(".") and word.isupper():
            names.append((s, e))  # an initial
            continue
        bits = word_bits(ctx, s, e)  # a word in capitals as written in a name
        if bits & TITLE and not names:
            titled = True  # the title chain before the name
            continue
        if word.lower() in _PARTICLES and names:
            names.append((s, e))
            continue
        if not word[0].isupper() or bits & (KEPT | TITLE):
            return None
        hyphened = s > 0 and view[s - 1] == "-" and bool(names)  # "Eva Amsel-Quendel"
        # A cell is a person's place: compounds and words one letter from a frequent one are
        # names here; an unlisted ordinary word ends it (a role, a clinic, prose).
        if not bits & LISTED and bits & COMMON and not (hyphened and titled and not bits & NOUN_SHAPED):
            return None
        if medical_term(word):
            return None
        listed = listed or bool(bits & (LISTED | GIVEN_NAME))
        names.append((s, e))
    if not names or len(names) > 5:
        return None
    return names if titled or listed or len(names) >= 2 else None


def _role_after(view: str, start: int, end: int) -> int:
    """Where a cell's person part ends: before a comma or an opening parenthesis that adds a
    role or degree ("Eva Amsel, Oberärztin", "Eva Amsel (OA)", "Eva Amsel, MSc")."""
    cut = end
    for mark in (",", "("):
        found = view.find(mark, start, end)
        if found >= 0:
            cut = min(cut, found)
    return cut
