"""HL7 v2 segments pasted into a note: their fields say what each value is.

Why: an exported or forwarded message ("PID|1||4471203||Zirbleitner^Wendolin||19610312|F|||
Quelmweg 12^^Zirbenau^^6342") holds the patient's name, birth date, address and phone in fixed
fields, separated by "|" and "^" instead of the blanks and labels the sentence rules read. The
segment and the field's number tell what a value is, so a value needs only to be there (a name
need not look like one, a town need not be known).

Only the fields that identify someone or locate them are read: names (patient, relatives,
guarantor, doctors), addresses, phones, identifiers, the birth date, the ward and the house.
The detector runs this only in notes where the chunk's scan saw a segment's start
(``chunk.HL7_SEGMENT``); the spans rank after every other masker's, so they only add what
nothing else found.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from deid_cli.detection.grammar.letter_zones import name_like
from deid_cli.detection.spans import ADD, DAT, HCP, ID, LOC, PAT, PER, PHO, SIT, ZIP, Span
from deid_cli.detection.words import WordClasses

MASKER = "HL7Segment"

# A segment starts a line (HL7 ends segments with a carriage return, a note's export with a line
# break) with its three-character name and the field separator.
SEGMENT_NAMES: tuple[str, ...] = ("MSH", "PID", "PD1", "NK1", "GT1", "IN1", "PV1", "ORC", "OBR")
_SEGMENT = re.compile(rf"(?<![^\r\n])(?P<name>{'|'.join(SEGMENT_NAMES)})\|(?P<fields>[^\r\n]*)")
# Literals of which a segment's start contains one (the chunk's candidate scan looks for them).
SEGMENT_LITERALS: tuple[str, ...] = tuple(f"{name}|" for name in SEGMENT_NAMES)

# The kinds of field: a person's name (XPN), a doctor (XCN: an ID, then the name), an address
# (XAD), a phone (XTN), an identifier (CX), a date, a location (PL: ward, room, bed, house) and a
# house or sender (HD).
_NAME, _DOCTOR, _ADDRESS, _PHONE, _IDENTIFIER, _DATE, _LOCATION, _HOUSE = range(8)

# (segment, field number) -> (kind, the name type of a name field). MSH counts its field
# separator as field 1, so its fields after the name start at 2.
_FIELDS: dict[str, dict[int, tuple[int, str]]] = {
    "MSH": {4: (_HOUSE, SIT), 6: (_HOUSE, SIT)},
    "PID": {
        2: (_IDENTIFIER, ""), 3: (_IDENTIFIER, ""), 4: (_IDENTIFIER, ""), 5: (_NAME, PAT), 6: (_NAME, PER),
        7: (_DATE, ""), 9: (_NAME, PAT), 11: (_ADDRESS, ""), 13: (_PHONE, ""), 14: (_PHONE, ""),
        18: (_IDENTIFIER, ""), 19: (_IDENTIFIER, ""), 20: (_IDENTIFIER, ""),
    },
    "PD1": {4: (_DOCTOR, HCP)},
    "NK1": {2: (_NAME, PER), 4: (_ADDRESS, ""), 5: (_PHONE, ""), 6: (_PHONE, "")},
    "GT1": {3: (_NAME, PER), 5: (_ADDRESS, ""), 6: (_PHONE, ""), 7: (_PHONE, "")},
    "IN1": {16: (_NAME, PER), 19: (_ADDRESS, ""), 36: (_IDENTIFIER, "")},
    "PV1": {
        3: (_LOCATION, ""), 7: (_DOCTOR, HCP), 8: (_DOCTOR, HCP), 9: (_DOCTOR, HCP), 17: (_DOCTOR, HCP),
        19: (_IDENTIFIER, ""),
    },
    "ORC": {12: (_DOCTOR, HCP)},
    "OBR": {16: (_DOCTOR, HCP)},
}  # fmt: skip

# The components of a name that name someone: family, given and middle name (XPN 1-3); of a
# doctor the same after the doctor's ID (XCN 2-4). Prefixes, suffixes and degrees stay.
_NAME_PARTS = (0, 1, 2)
_DOCTOR_PARTS = (1, 2, 3)
# An address's components: street, other designation, city, state, postcode, country (XAD 1-6).
_STREET, _OTHER, _CITY, _POSTCODE = 0, 1, 2, 4
# A location's point of care, room and bed (PL 1-3) are a ward's codes, its facility (PL 4) the house.
_WARD_PARTS = (0, 1, 2)
_FACILITY = 3
_DIGITS = re.compile(r"\d")
_LETTER = re.compile(r"[^\W\d_]")
# A component is a value, not a remark a sender wrote into the field: short, no sentence in it.
_LONGEST_VALUE = 60
_SENTENCE = re.compile(r"[.!?][ \t]+\S")


def hl7_spans(view: str, types: frozenset[str], words: WordClasses) -> list[Span]:
    """The PHI spans of every HL7 segment in ``view`` whose type is among ``types``; a name
    component must be a name by its words (not an ordinary word, "Tochter" where a sender put the
    relation)."""
    spans: list[Span] = []
    for segment in _SEGMENT.finditer(view):
        fields = _FIELDS[segment.group("name")]
        first = 2 if segment.group("name") == "MSH" else 1
        for number, (start, end) in enumerate(
            _split(view, segment.start("fields"), segment.end(), "|"), first
        ):
            field = fields.get(number)
            if field is not None and start < end:
                spans += _field_spans(view, start, end, *field, words)
    if LOC not in types:  # the town of an address is part of the address when places are not asked for
        spans = [Span(s.start, s.end, ADD, MASKER) if s.type == LOC else s for s in spans]
    return [span for span in spans if span.type in types]


def _field_spans(
    view: str, start: int, end: int, kind: int, name_type: str, words: WordClasses
) -> Iterator[Span]:
    for rep_start, rep_end in _split(view, start, end, "~"):
        parts = list(_split(view, rep_start, rep_end, "^"))
        if kind in (_NAME, _DOCTOR):
            for index in _NAME_PARTS if kind == _NAME else _DOCTOR_PARTS:
                for span in _value(view, parts, index, name_type, letters=True):
                    if _is_name(view[span.start : span.end], words):
                        yield span
        elif kind == _ADDRESS:
            yield from _value(view, parts, _STREET, ADD)
            yield from _value(view, parts, _OTHER, ADD)
            yield from _value(view, parts, _CITY, LOC, letters=True)
            yield from _value(view, parts, _POSTCODE, ZIP, digits=True)
        elif kind == _PHONE:
            for index in range(len(parts)):
                yield from _value(view, parts, index, PHO, digits=True)
        elif kind == _IDENTIFIER:
            yield from _value(view, parts, 0, ID, digits=True)
        elif kind == _DATE:
            yield from _value(view, parts, 0, DAT, digits=True)
        elif kind == _LOCATION:
            for index in _WARD_PARTS:
                yield from _value(view, parts, index, ID)
            yield from _value(view, parts, _FACILITY, SIT, letters=True)
        else:  # _HOUSE: the sender's or receiver's house, named in the first component
            yield from _value(view, parts, 0, SIT, letters=True)


def _value(
    view: str,
    parts: list[tuple[int, int]],
    index: int,
    kind: str,
    *,
    letters: bool = False,
    digits: bool = False,
) -> Iterator[Span]:
    """The component ``index`` as a span of ``kind``, trimmed; a name or place needs a letter, a
    number a digit (an empty or placeholder component is none)."""
    if index >= len(parts):
        return
    start, end = parts[index]
    while start < end and view[start] in " \t&":
        start += 1
    while end > start and view[end - 1] in " \t&":
        end -= 1
    value = view[start:end]
    if not value or (letters and not _LETTER.search(value)) or (digits and not _DIGITS.search(value)):
        return
    if len(value) > _LONGEST_VALUE or _SENTENCE.search(value):
        return
    if kind == ZIP and not value.isdigit():
        return
    yield Span(start, end, kind, MASKER)


def _split(view: str, start: int, end: int, separator: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each piece of ``view[start:end]`` between ``separator`` characters."""
    while True:
        cut = view.find(separator, start, end)
        if cut < 0:
            yield start, end
            return
        yield start, cut
        start = cut + 1


def _is_name(value: str, words: WordClasses) -> bool:
    """Every word of the component may be a name, as in a letter's name slot."""
    return all(name_like(word, words) for word in re.split(r"[ \-]+", value.strip(" .")) if word)
