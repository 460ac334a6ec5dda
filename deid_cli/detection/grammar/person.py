"""Slots of a person mention: [title chain] [salutation] [given names | initials] [particles]
SURNAME[-SURNAME], or inverted SURNAME, Given.

Dictionaries cannot list every surname, and many surnames are ordinary words (Koch, Vogel,
Winter). What makes such a word a name is its slot: right after a given name that context
proved, or before ", Given" at the head of a line. These tests decide the slot; the maskers
decide where a mention starts. A mention is masked whole: a given name masked beside a surname
left standing would hand the reader the pseudonym's key.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from deid_cli.detection.patterns.letters import CAPITAL
from deid_cli.detection.words import (
    ABBREVIATION,
    COMMON,
    GIVEN_NAME,
    KEPT,
    LISTED,
    NEAR_COMMON,
    NOT_NAME_SHAPED,
    NOUN_SHAPED,
    TITLE,
    WORD,
)

if TYPE_CHECKING:
    from deid_cli.detection.maskers.base import NoteContext

# Maskers whose vote on a given name is context (a salutation, a known value, a correction),
# not a dictionary lookup: after such a given name even an unlisted ordinary word is a surname.
CONTEXT_PROVEN = frozenset({"Salutation", "KnownIdentifier", "Correction", "CorpusName"})
# Salutation kinds that address the person by name: Frau/Herr, Pat., a title.
_ADDRESSED = frozenset({"personal", "patient", "hcp"})

# Name particles ("von", "de la", "van der"); the patterns take them alone or chained, in any case.
NAME_PARTICLES = (
    "von",
    "van",
    "de",
    "der",
    "den",
    "di",
    "da",
    "del",
    "della",
    "du",
    "le",
    "la",
    "zu",
    "ten",
    "ter",
)
PARTICLE_WORDS = rf"(?i:{'|'.join(NAME_PARTICLES)})"
# A line's head up to an inverted name: optionally a label ending in a colon ("Patientin:",
# "Patient/in:", "Betrifft:"), then particles, the surname (hyphenated parts too), a comma and
# the given name.
_INVERTED_HEAD = re.compile(
    rf"[ \t]*(?P<label>[^\W\d_][\w./\-]*[ \t]*:[ \t]*)?"
    rf"(?P<particles>(?:{PARTICLE_WORDS}[ \t]+)*)"
    rf"(?P<surname>{WORD.pattern}(?:-{WORD.pattern})*)[ \t]*,[ \t]*"
)


# A birth date after the given name: the line is a patient's header.
_BORN = re.compile(r"[ \t]*,?[ \t]*(?:geb\.|geboren|\*[ \t]*\d)")
# Endings of medical terms, which no surname slot takes ("Frau Eva Gastritis" is a diagnosis).
_MEDICAL_ENDINGS = ("itis", "ose", "om", "ämie", "algie", "ektomie", "tomie", "skopie", "pathie", "therapie")


def medical_term(word: str) -> bool:
    return len(word) >= 6 and word.lower().endswith(_MEDICAL_ENDINGS)


def word_bits(ctx: NoteContext, start: int, end: int) -> int:
    """A word's class bits; a word in capitals ("KOCH") is classified as it is written in a
    name ("Koch"), so capitals do not hide what it is."""
    word = ctx.view[start:end]
    if len(word) > 1 and word.isupper():
        word = word.capitalize()
    return ctx.words.of(word)


def plausible_in_capitals(ctx: NoteContext, start: int, end: int) -> bool:
    """``NoteContext.plausible_unknown_name`` for a word in capitals ("FRAU EVA KAJAK"): judged
    as it would be written in a name, so capitals alone do not make it an acronym."""
    if not ctx.view[start:end].isupper() or end - start < 2:
        return False
    return ctx.plausible_with(word_bits(ctx, start, end), start, end)


def is_given_name(ctx: NoteContext, start: int, end: int) -> bool:
    """A capitalized word on the given-name list ("Maria", "MARIA")."""
    return ctx.view[start].isupper() and bool(word_bits(ctx, start, end) & GIVEN_NAME)


def proves_surname_slot(ctx: NoteContext, start: int, end: int) -> bool:
    """Does the given name at ``[start, end)`` open a surname slot for any capitalized word
    after it, even an unlisted ordinary one? Only when context proved the mention: a form of
    address or a title ("Frau Maria Amsel", "Dr. Eva Kessel"), a known value, a correction or
    a learned name. A given name found only by its list, or after a relative noun, opens it for
    listed surnames alone: notes drop their commas ("lt. Tochter Maria Gewicht stabil")."""
    if not is_given_name(ctx, start, end):
        return False
    for vote in ctx.votes.get((start, end), ()):
        if vote.masker in CONTEXT_PROVEN and (vote.masker != "Salutation" or vote.hint in _ADDRESSED):
            return True
    return False


def fills_surname_slot(
    ctx: NoteContext, start: int, end: int, context_proven: bool, capitals: bool = False
) -> bool:
    """May the capitalized word at ``[start, end)``, right after a given name, be its surname?
    Titles, keep-listed words, abbreviations with their full stop and medical terms are not.
    An ordinary word, a compound noun or a word one letter from a frequent one is, when it is
    listed as a name or context proved the mention ("Maria Koch", "Frau Eva Winter", "Dr. Eva
    Sauerteig"); without that proof the last two are nouns and typos ("Gewiccht"). A word in
    capitals is a surname only where the mention is written in capitals (``capitals``: "MARIA
    KOCH", "KOCH, Maria"), not an acronym after a name ("Lukas KHK")."""
    view = ctx.view
    if not view[start].isupper() or end - start < 2 or ctx.is_blocked(start, end):
        return False
    if not capitals and view[start:end].isupper() and end - start <= 5:
        return False  # an acronym: "Lukas KHK"
    bits = word_bits(ctx, start, end)
    if bits & (TITLE | KEPT | NOT_NAME_SHAPED):
        return False
    if bits & ABBREVIATION and view[end : end + 1] == ".":
        return False
    if bits & LISTED:
        return True
    if bits & NEAR_COMMON and not bits & COMMON and not context_proven:
        return False  # a typo of an ordinary word ("Gewiccht"), unless context proved a name
    if bits & NOUN_SHAPED:
        # A compound or an abstract noun ("Sauerteig", "Hoffnung") is a surname only where
        # context proved the mention ("Frau Eva Sauerteig"), never after a listed given name alone.
        return context_proven and not medical_term(view[start:end])
    return context_proven or not bits & COMMON


def inverted_surname(
    ctx: NoteContext, given_start: int, given_end: int, need_proof: bool = False
) -> list[tuple[int, int]]:
    """The particles and surname parts of an inverted mention, "SURNAME, Given" at the head of
    a line or after a label ("KOCH, Maria, geb. ...", "Patient/in: von Berg, Anna",
    "Kranz-Hesse, Eva"), for the given name at ``[given_start, given_end)``; empty if the text
    before it is not that. With ``need_proof`` (the name after the comma is no listed given
    name) the line must show it: a label, capitals, particles or a birth date after it."""
    view = ctx.view
    line_start = view.rfind("\n", 0, given_start) + 1
    head = _INVERTED_HEAD.fullmatch(view, line_start, given_start)
    if head is None:
        return []
    parts = [m.span() for m in WORD.finditer(view, *head.span("surname"))]
    start, end = parts[0]
    # An ordinary word before ", Given" is a surname only where a letter writes it so: in
    # capitals or after a label ("BAUER, Eva", "Patient: Koch, Jan"), or when listed as a name.
    proven = (
        view[start:end].isupper()
        or head.group("label") is not None
        or bool(head.group("particles"))
        or _BORN.match(view, given_end) is not None  # "Sauerteig, Eva, geb. 03.04.1951"
    )
    if need_proof and not proven:
        return []
    if not view[start].isupper() or not fills_surname_slot(ctx, start, end, proven, capitals=True):
        return []
    particles = [m.span() for m in WORD.finditer(view, *head.span("particles"))]
    return [*particles, *parts]


# An initial standing alone after a salutation: "Herr W.", "Frau I. wurde ...".
_LONE_INITIAL = re.compile(rf"{CAPITAL}\.(?![ \t]*{CAPITAL}[^\W\d_])(?!\w)")


def lone_initial(view: str, pos: int) -> tuple[int, int] | None:
    """An initial with its full stop at ``pos`` that no capitalized word follows."""
    return (pos, pos + 1) if _LONE_INITIAL.match(view, pos) else None


def _blanks_back(view: str, pos: int) -> int:
    """Where the (at most two) blanks before ``pos`` begin."""
    i = pos
    while i > 0 and view[i - 1] in " \t" and pos - i < 2:
        i -= 1
    return i


def initials_before(view: str, start: int) -> list[tuple[int, int]]:
    """The initials written right before a name at ``start`` ("M. Koller", "J. P. Huber",
    "J.P. Huber"), nearest first; each is a token of the mention."""
    found: list[tuple[int, int]] = []
    pos = start
    while True:
        i = _blanks_back(view, pos)
        if i < 2 or view[i - 1] != "." or not view[i - 2].isupper():
            return found
        before = view[i - 3] if i >= 3 else " "
        chained = before == "." and i >= 4 and view[i - 4].isupper()  # "J.P. Huber"
        if (before.isalnum() or before in ".-") and not chained:
            return found  # "Dr." or "Vit." ends there, not an initial
        found.append((i - 2, i - 1))
        pos = i - 2


def name_in_slot(ctx: NoteContext, start: int, end: int) -> bool:
    """In a slot that context made a name's (the words after "Frau"/"Dr." and a first word, a
    cell of a signature block, the first word after a relative noun): any capitalized word but an
    unlisted ordinary word, a title, a keep-listed word, an abbreviation with its full stop or a
    medical term. A compound noun or a word one letter from a frequent one is a name here."""
    bits = word_bits(ctx, start, end)
    return bool(bits & LISTED or not bits & COMMON) and fills_surname_slot(
        ctx, start, end, context_proven=True
    )


# Particles that are no German preposition or article: before a name they are always its own.
_FOREIGN_PARTICLES = frozenset(
    {"van", "de", "di", "da", "del", "della", "du", "le", "la", "ten", "ter", "dos", "das"}
)
# The particles ``particles_before`` looks back for (also the maskers' quick test before it).
PARTICLE_SET = frozenset({*NAME_PARTICLES, *_FOREIGN_PARTICLES})
_ARTICLES_ONLY = frozenset({"der", "den", "das"})
_CLAUSE_START = re.compile(r"(?:^|[.:;!?(]|,)[ \t]*$")


def particles_before(view: str, start: int) -> tuple[list[tuple[int, int]], bool]:
    """The name particles written right before a name at ``start`` ("van der Linde", "di
    Leopold", "von Berg ruft an"), nearest first, and whether they read as the name's: a chain
    with a foreign particle always, a German one ("von", "zu", "von der") only where a clause
    starts with it; "der"/"den" alone are articles. Elsewhere ("Anruf von Berg") the caller
    decides: after a given name they are the name's too ("Maria von Berg")."""
    found: list[tuple[int, int]] = []
    pos = start
    while True:
        gap = _blanks_back(view, pos)
        if gap == pos:
            break
        word_start = gap
        while word_start > 0 and view[word_start - 1].isalpha():
            word_start -= 1
        word = view[word_start:gap]
        if not word or word.lower() not in PARTICLE_SET or not (word.islower() or word.isupper()):
            break
        found.append((word_start, gap))
        pos = word_start
    words = {view[s:e].lower() for s, e in found}
    if not found or words <= _ARTICLES_ONLY:
        return [], False
    line_start = view.rfind("\n", 0, pos) + 1
    return found, bool(words & _FOREIGN_PARTICLES) or _CLAUSE_START.search(view, line_start, pos) is not None
