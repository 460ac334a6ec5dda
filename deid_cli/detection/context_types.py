"""Typing from the words around a whole name: what letters say about who a person is.

The salutation types one word; letters also type a person by what stands next to the full
name, which no single-token rule sees:

* a birth date right after the name ("Anna Muster, geb. 1.2.1950", "Muster, Anna * 3.2.59")
  or a header before it ("Patientin: Muster, Anna", "PATIENT: ...", "Name: ...") makes the
  patient; the same reference is then the patient everywhere in that note;
* a role after the name, on its line or the next ("Anna Muster Stationsärztin", "Muster A. MBA"), or
  before it with a colon ("Orthoptistin: Muster A.") makes a health-care professional.

Corrections and the record's own known names are never retyped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from deid_cli.detection.patterns.letters import CAPITAL
from deid_cli.detection.spans import HCP, NAME_TYPES, PAT, Span

_FIXED_MASKERS = frozenset({"Correction", "KnownIdentifier"})
# Between the words of one name: spaces, a comma ("Muster, Anna"), an initial's dot.
_NAME_GAP = re.compile(r"[ \t]*(?:\.[ \t]*)?,?[ \t]*")
_BIRTH_AFTER = re.compile(
    r"[ \t]*(?:\.[ \t]*)?,?[ \t]*\(?[ \t]*(?:\*|geb\.|geb:|geb\b|geboren\b)[ \t]*(?:am[ \t]*)?:?[ \t]*\d",
    re.IGNORECASE,
)
# What a birth mark after a name starts with: "(", "*", "geb.", "geboren" (any case).
_BIRTH_STARTS = frozenset("(*gG")
_HEADER_BEFORE = re.compile(
    r"(?:\bpatient(?:in)?|\bpat\.|\bname|\bbetrifft|\bbetreff|\bbetr\.)[ \t]*:[ \t]*$", re.IGNORECASE
)
_ROLE = (
    rf"(?:(?={CAPITAL})(?i:[a-zäöüß]*(?:arzt|ärztin|pfleger|pflegerin|therapeut|therapeutin|psychologe"
    r"|psychologin|schwester|orthoptist|orthoptistin|hebamme|apotheker|apothekerin))"
    r"|MBA|MSc|BSc|PhD|DGKP|DGKS)"
)
# A trailing "Dr." only where the line or the list item ends: "Muster B. Dr.," (not "Frau
# Muster Dr. Meier").
_ROLE_AFTER = re.compile(
    r"[ \t]*(?:\.[ \t]*)?,?[ \t]*"
    rf"(?:(?:Dr\.|Prof\.)(?=[ \t]*(?:[,;\r\n]|$))|(?:\r?\n[ \t]*)?{_ROLE}(?![^\W\d_]))"
)
_ROLE_BEFORE = re.compile(rf"{_ROLE}[ \t]*:[ \t]*$")
_LOOKBACK = 40


def _groups(view: str, spans: list[Span]) -> Iterator[list[Span]]:
    """Runs of name spans that form one written name (sorted input)."""
    group: list[Span] = []
    for span in spans:
        if group and _NAME_GAP.fullmatch(view, group[-1].end, span.start) is None:
            yield group
            group = []
        group.append(span)
    if group:
        yield group


def _ends_in_colon(before: str) -> bool:
    """Do the words before a name end in a colon and blanks (and a final line break, which
    ``$`` lets through)? Both header and role patterns before a name need it; most names have no
    colon there, and the two searches over the window cost more than the rest of the typing."""
    if before.endswith("\n"):
        before = before[:-1]
    return before.rstrip(" \t").endswith(":")


def _key(view: str, span: Span) -> str:
    return (span.reference or view[span.start : span.end]).casefold()


def retype_by_context(view: str, spans: list[Span]) -> list[Span]:
    """``spans`` (name spans of one note, any order) with the types the surrounding words
    prove; spans of other types pass through unchanged."""
    names = sorted(
        (s for s in spans if s.type in NAME_TYPES and s.masker not in _FIXED_MASKERS), key=lambda s: s.start
    )
    if not names:
        return spans
    new_type: dict[int, str] = {}
    patients: set[str] = set()
    for group in _groups(view, names):
        start, end = group[0].start, group[-1].end
        before = view[max(0, start - _LOOKBACK) : start]
        colon = _ends_in_colon(before)
        # Both patterns after the name start with _NAME_GAP's gap, then a birth mark ("(", "*",
        # "geb.") or a role (a capital, or a line break before it): one look at the character
        # after the gap spares most names both.
        after = _NAME_GAP.match(view, end).end()  # type: ignore[union-attr]  # (matches empty)
        first = view[after : after + 1]
        if (first in _BIRTH_STARTS and _BIRTH_AFTER.match(view, end)) or (
            colon and _HEADER_BEFORE.search(before)
        ):
            patients.update(_key(view, s) for s in group)
        elif ((first.isupper() or first in "\r\n") and _ROLE_AFTER.match(view, end)) or (
            colon and _ROLE_BEFORE.search(before)
        ):
            for s in group:
                new_type[id(s)] = HCP
    if not new_type and not patients:
        return spans
    out = []
    for s in spans:
        etype = new_type.get(id(s))
        if s.type in NAME_TYPES and s.masker not in _FIXED_MASKERS and _key(view, s) in patients:
            etype = PAT
        if etype is not None and etype != s.type:
            s = Span(s.start, s.end, etype, s.masker, s.reference)
        out.append(s)
    return out
