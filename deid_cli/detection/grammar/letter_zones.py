"""Letter zones: a letter's address blocks and subject lines, recognised by their layout.

Why: a recipient block and a subject line hold PHI in a fixed shape that the sentence rules do
not see. In an address block ("Wendolin Zirbleitner" over "Hauptplatz 12" over "6342
Quastlmirz") the line above the postcode line is the street, the place follows the postcode,
and the lines above the street are the addressee, even without "Frau"/"Herrn" and with names no
list knows; only role lines ("An", "z. Hd.", "Facharzt für Innere Medizin") are not PHI. A
subject line ("Betr.: Wendolin Zirbleitner, *12.03.1961") names the patient. The zone tells what
a line is, so its words need only look like names (not ordinary words, titles or acronyms).

The detector runs this only in notes where the chunk's scan saw a postcode candidate or a
subject label (``chunk.ZIP_DIGITS``, ``chunk.SUBJECT``); the spans rank after every other
masker's, so they only add what nothing else found.
"""

from __future__ import annotations

import re

from deid_cli.detection.patterns.letters import CAPITAL
from deid_cli.detection.spans import ADD, LOC, PAT, PER, ZIP, Span
from deid_cli.detection.words import LISTED, NOT_A_NAME, TITLE, WordClasses

MASKER = "LetterZone"

# A postcode line of an address block: the code (a country prefix allowed) and the place, alone
# on its line ("6342 Quastlmirz", "A-6342 Quastlmirz", "83451 Zirbling am See").
# A field's label may start the block's lines, as an export's XML writes them ("Strasse: Hauptplatz
# 12" over "PLZ/Ort: 6342 Quastlmirz", ``text``'s view of "<strasse>" and "<plzort>").
_FIELD_LABEL = rf"(?:{CAPITAL}[^\W\d_]{{1,20}}\.?(?:/[^\W\d_]{{1,10}}\.?)?[ \t]*:[ \t]*)"
# ... and a street line's label may hold a gloss ("Wohnadresse (lt. e-card): Hauptplatz 12").
_LEADING_LABEL = re.compile(rf"[ \t]*{CAPITAL}[^\n:]{{0,40}}:[ \t]+")
_POSTCODE_LINE = re.compile(
    rf"^[ \t]*{_FIELD_LABEL}?(?P<zip>(?:(?:A|D|CH|AT|DE|FL)-)?\d{{4,5}})[ \t]+"
    rf"(?P<place>{CAPITAL}[^\W\d_]+(?:[ \t.-]+[^\W\d_]+\.?){{0,4}})[ \t]*$",
    re.MULTILINE,
)
# The labels a subject line starts with; the patient's name follows. A form's name fields name
# the patient as well ("Nachname: Zirbleitner", "Vorname: Wendolin", "Name, Vorname:"), also in
# capitals ("NACHNAME:").
_NAME_FIELDS = (
    r"(?:Nach|Vor|Familien|Geburts|Zu|Ruf|Mädchen|Patienten)?[Nn]ame(?:[ \t]*,[ \t]*Vorname)?"
    r"|(?:NACH|VOR|FAMILIEN|GEBURTS|ZU|RUF|PATIENTEN)?NAME|PATIENT(?:IN)?"
)
_SUBJECT_LABEL = re.compile(
    rf"^[ \t]*(?:Betr(?:\.|eff|ifft)|Patient(?:in)?|Pat\.|{_NAME_FIELDS})[ \t]*:[ \t]*(?={CAPITAL})",
    re.MULTILINE,
)
# Where a subject label may stand, for the chunk's candidate scan: its colon, with a label's last
# word right behind it (a blank between or none). One scan for the colons of the chunk, then
# lookbehinds in C, costs less than a scan for each label's literal.
_SUBJECT_WORDS = (
    "Betr.", "Betreff", "Betrifft", "Pat.", "Patient", "Patientin", "PATIENT", "PATIENTIN", "name", "Name",
    "NAME",
)  # fmt: skip
SUBJECT_CANDIDATE = re.compile(
    ":(?:"
    + "|".join(f"(?<={re.escape(word)}{blank}:)" for word in _SUBJECT_WORDS for blank in ("", " "))
    + ")"
)
# A street line: starts with a capital, holds a house number, short.
_STREET_LINE = re.compile(rf"[ \t]*{CAPITAL}[^\n]{{1,55}}\d[^\n]{{0,12}}")
_MAX_LINE = 70  # longer lines are prose, not a block's
_MAX_NAME_LINES = 4  # lines above the street looked at
_TOKEN = re.compile(r"[^\s,;]+")
_NAME_WORD = re.compile(rf"{CAPITAL}[^\W\d_]+(?:-{CAPITAL}[^\W\d_]+)*")
_JOINERS = frozenset({"und", "u.", "&", "+"})
# Words that open a role line or a salutation before the name ("An", "Herrn", "z. Hd.").
_LEADING = frozenset({"an", "herrn", "herr", "frau", "familie", "fam.", "z.", "hd.", "z.hd.", "zhd.", "c/o"})


def letter_zone_spans(
    view: str, words: WordClasses, *, blocks: bool = True, subjects: bool = True
) -> list[Span]:
    """The PHI spans the zones of ``view`` hold: every address block's names, street, postcode
    and place (``blocks``), every subject line's name (``subjects``)."""
    spans: list[Span] = []
    if blocks:
        for match in _POSTCODE_LINE.finditer(view):
            spans += _address_block(view, match, words)
    if subjects:
        for match in _SUBJECT_LABEL.finditer(view):
            line_end = view.find("\n", match.end())
            end = len(view) if line_end < 0 else line_end
            found = _name_line(view, match.end(), end, words, PAT, 1)
            comma = view.find(",", match.end(), end)
            if found and comma >= 0:
                # "Zirbleitner, Wendolin": the given name after the family name's comma
                found += _name_line(view, comma + 1, end, words, PAT, 1)
            spans += found
    return spans


def _address_block(view: str, postcode: re.Match[str], words: WordClasses) -> list[Span]:
    """The spans of the block whose postcode line ``postcode`` is, if the line above it is a
    street line and the block's lines are short."""
    lines = _lines_above(view, postcode.start())
    if not lines:
        return []
    street_start, street_end = lines[0]
    if _STREET_LINE.fullmatch(view, street_start, street_end) is None:
        return []
    label = _LEADING_LABEL.match(view, street_start, street_end)
    first = (
        label.end()
        if label is not None
        else street_start + len(view[street_start:street_end]) - len(view[street_start:street_end].lstrip())
    )
    if first >= street_end:
        return []
    spans = [
        Span(first, street_end, ADD, MASKER),
        Span(postcode.start("zip"), postcode.end("zip"), ZIP, MASKER),
        Span(postcode.start("place"), postcode.end("place"), LOC, MASKER),
    ]
    for start, end in lines[1 : 1 + _MAX_NAME_LINES]:
        spans += _name_line(view, start, end, words, PER, 2)
    return spans


def _lines_above(view: str, pos: int) -> list[tuple[int, int]]:
    """(start, end) of the lines above the one starting at ``pos``, nearest first, up to a blank
    or long line or the note's start."""
    lines: list[tuple[int, int]] = []
    end = pos - 1
    while end > 0 and view[end] == "\n" and len(lines) <= _MAX_NAME_LINES:
        start = view.rfind("\n", 0, end) + 1
        text = view[start:end]
        if not text.strip() or len(text) > _MAX_LINE:
            break
        lines.append((start, end))
        end = start - 1
    return lines


def _name_line(view: str, start: int, end: int, words: WordClasses, etype: str, fewest: int) -> list[Span]:
    """The name words of a name line (up to its first comma): after leading role words, titles
    and salutations, only name words and joiners ("und", "&"), at least ``fewest`` of them, or
    one after a title or salutation. Anything else makes it no name line."""
    comma = view.find(",", start, end)
    tokens = list(_TOKEN.finditer(view, start, end if comma < 0 else comma))
    lead = 0
    while lead < len(tokens) and _leading(tokens[lead].group(), words):
        lead += 1
    names: list[Span] = []
    for token in tokens[lead:]:
        text = token.group()
        if text.lower() in _JOINERS:
            continue
        if _NAME_WORD.fullmatch(text) is None or not name_like(text, words):
            return []
        names.append(Span(token.start(), token.end(), etype, MASKER))
    if len(names) < (1 if lead else fewest) or len(names) > 4:
        return []
    return names


def _leading(token: str, words: WordClasses) -> bool:
    return token.lower() in _LEADING or bool(words.of(token.rstrip(".:")) & TITLE)


def name_like(word: str, words: WordClasses) -> bool:
    """A word that may be a name in a name slot: not an ordinary word, title, acronym or noun by
    its form, unless a name list has it ("Koch")."""
    return all(not bits & NOT_A_NAME or bool(bits & LISTED) for bits in map(words.of, word.split("-")))
