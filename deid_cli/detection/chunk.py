"""A chunk of notes scanned as one: joined views, one match view, one pass of each automaton.

Why: a C-level scan (a regex, an automaton pass) costs little per character but a lot per call,
and most patterns find nothing in most notes. Detection therefore joins the views of a chunk of
notes with a separator that no pattern and no dictionary key crosses, builds one lower-case match
view for all of them (one ``bytes.translate``, not a regex substitution per note), runs the
automata and a few cheap candidate patterns once over the whole chunk, and hands each note the
dictionary hits, trigger positions and candidate flags that fall into it. A note's stages then
run only where a trigger or candidate says they can find something, and find exactly what
scanning the note would have found: a candidate pattern matches wherever its stage can.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

import ahocorasick

from deid_cli.detection.grammar.hl7 import SEGMENT_LITERALS
from deid_cli.detection.grammar.letter_zones import SUBJECT_CANDIDATE
from deid_cli.detection.lexicon.lexicon import (
    ALIAS,
    CUE_BITS,
    LEARNED,
    LENGTH_BITS,
    LENGTH_MASK,
    PLACE_LEARNED,
    VARIANT,
    Hit,
    only_ambiguous_name,
)
from deid_cli.detection.lexicon.triggers import (
    COMPOUND_SITE_HEADS,
    PLACE_CUE,
    SALUTATION_START,
    SITE_WORD,
    STREET_NUMBER,
    STREET_PREPOSITION,
    TRIGGER_BITS,
)
from deid_cli.detection.patterns.addresses import LABEL_COMPOUND_STEMS, POSTCODE_PLACE_GAPS
from deid_cli.detection.patterns.letters import CAPITAL
from deid_cli.detection.patterns.organisations import (
    COLON_VALUES,
    DATE_LINE_DATE,
    NOUN_AND_NAME_AHEAD,
    is_compound_head,
    place_may_follow,
)
from deid_cli.detection.text import SPACE_CHARS, PreparedText, lower_same_length, prepare

# Between two notes of a chunk: line breaks end every pattern that could run on (a place name, a
# signature's next line takes one break, never two with a NUL between), and in the match view
# " \x00 " pads each note with a space like a single note's view while no key contains "\x00".
SEPARATOR = "\n\x00\n"
_SEPARATOR_LENGTH = len(SEPARATOR)

# The match view of Latin-1 text: letters and digits stay, everything else becomes a space
# (``lexicon.match_view``'s ``[\W_]`` -> " "), except NUL, which only separators contain here.
_VIEW_BYTES = bytes(b if b == 0 or chr(b).isalnum() else 0x20 for b in range(256))
_WIDE_WORD_RUN = re.compile(r"[^\W\x00-\xff]+")
_NON_WORD = re.compile(r"[\W_]")

# Candidate patterns per stage (chunk-wide scans, each a superset of where its stage can find
# something in a note): flags of ``Chunk.flags``.
URL = 1 << 1
EMAIL = 1 << 2
ZIP_DIGITS = 1 << 3
ZIP_KEYWORD = 1 << 4
DATE_LINE = 1 << 5
# (flag from the automaton) a street suffix with a house number
STREET = 1 << 7
# a letter's subject label ("Betr.:", "Patientin:"): grammar.letter_zones
SUBJECT = 1 << 8
# the stem of an address label ("Straße/Nr.:", "Adresse:"): addresses.STREET_LABEL_STEMS
ADDRESS_LABEL = 1 << 9
# a lower-case word's colon before a capital ("angereist: Zirbl"): organisations.COLON_VALUES
COLON_LABEL = 1 << 10
# an HL7 segment's start ("PID|"): grammar.hl7
HL7_SEGMENT = 1 << 11

# A phone number starts with "+", "(" or "0", not after a letter, digit, "+" or "(" (contacts._PHONE),
# and is written with digits, blanks, "/", "-", "(", ")" and "+" only: a number of at least
# seven digits (contacts._PH_MIN_DIGITS) spans seven such characters from its start. A match too
# short to count lies within fewer, so no candidate falls inside one. Its matches are where the
# phone pattern is tried (``Chunk.phones``).
_PHONE_CANDIDATE = re.compile(r"[+(0](?<![\w+(].)(?=[0-9 /\-()+]{6})")
# A URL contains "://" or "www." (contacts._URL_PREFIXED; found with str.find) or a dot before a
# TLD (_URL_TLD).
_URL_MARKERS = ("://", "www.")
_URL_CANDIDATE = re.compile(r"\.(?:at|de|ch|com|org|net|eu|info)(?![\w\-@])")
# A postcode is four digits (of four or five) before a blank (or an export's separator: "8000;Zürich")
# and a letter (addresses._ZIP, organisations._LOC_AFTER_ZIP), or follows a keyword. The blank comes
# first so the engine skips ahead to blanks, then looks back for the digits.
_POSTCODE_GAP = f"[{re.escape(POSTCODE_PLACE_GAPS)}]"
_ZIP_CANDIDATE = re.compile(rf"{_POSTCODE_GAP}(?<=\d{{4}}{_POSTCODE_GAP})[ \t]{{0,2}}[^\W\d_]")
_ZIP_KEYWORDS = ("PLZ", "Postleitzahl")
# The place-and-date line of a letter (organisations._place_before_date) ends like this.
_DATE_LINE_CANDIDATE = re.compile(r",[ \t]*" + DATE_LINE_DATE, re.MULTILINE)
# A compound site word's head in capitals after capitals ("KREISSPITAL"; letterheads write
# houses in capitals): a match here and in MedicalSite's compound search.
UPPER_SITE_HEADS = tuple(head.upper() for head in COMPOUND_SITE_HEADS)
SITE_HEAD_IN_CAPITALS = rf"(?<={CAPITAL}{{2}})(?:{'|'.join(UPPER_SITE_HEADS)})(?![\w-])"


@functools.cache
def named_site_candidate() -> re.Pattern[str]:
    """A house named after someone hyphenated onto its kind (medical_site._NAMED_SITE) or a
    compound site word (medical_site._COMPOUND_KIND) contains this; MedicalSite tests a note with
    it only when no chunk scanned it (``Chunk.site_stems``), so it is compiled when first needed.
    The compound's letter before its head is left to _COMPOUND_KIND: a lookbehind first would be
    tried at every position of the chunk."""
    return re.compile(
        r"-(?:Klinik|Krankenhaus|Spital|Hospital|Sanatorium|Hospiz|Ambulatorium)"
        rf"|(?:{'|'.join(COMPOUND_SITE_HEADS)})(?![\w-])|{SITE_HEAD_IN_CAPITALS}"
    )


# The shapes of Latin-1 text the phone and postcode candidates are first sought in: a phone
# number's characters ("P") among the rest ("x"); digits ("d") and blanks or separators ("b") among
# the rest.
# In Latin-1, only 0-9 are decimal digits (``\d``).
_PHONE_SHAPE = bytes(ord("P") if chr(b) in "0123456789 /-()+" else ord("x") for b in range(256))
_ZIP_SHAPE = bytes(
    ord("d") if chr(b).isdigit() and b < 128 else ord("b") if chr(b) in POSTCODE_PLACE_GAPS else ord("x")
    for b in range(256)
)

_CANDIDATES: tuple[tuple[re.Pattern[str], int], ...] = (
    (_URL_CANDIDATE, URL),
    (_DATE_LINE_CANDIDATE, DATE_LINE),
    (SUBJECT_CANDIDATE, SUBJECT),
    *((pattern, COLON_LABEL) for pattern in COLON_VALUES),
)


def prepare_all(texts: Sequence[str]) -> list[PreparedText]:
    """Every note's matching view (``text.prepare``). Nearly always a chunk has no markup, odd
    spaces or unnormalized Unicode anywhere, which one look at the joined texts proves; then
    every view is its text."""
    joined = SEPARATOR.join(texts)
    if (
        "<" in joined
        or "&" in joined
        or any(ch in joined for ch in SPACE_CHARS)
        or not (joined.isascii() or unicodedata.is_normalized("NFC", joined))
    ):
        return [prepare(text) for text in texts]
    return [PreparedText(text, text, "") for text in texts]


# A learned cue phrase in a note: (start, end, side bit), ``lexicon.CUE_LEFT``/``CUE_RIGHT``.
CueHit = tuple[int, int, int]


class LearnedHits(NamedTuple):
    """Per note, the learned automaton's hits by kind (``Chunk.learned_hits``)."""

    names: list[list[Hit]]
    variants: list[list[Hit]]
    cues: list[list[CueHit]]
    places: list[list[tuple[int, int]]]  # learned places (start, end)


class Chunk:
    """Notes joined for scanning: their prepared views, where each starts in ``joined``, the
    padded match view of ``joined`` and, once scanned, each note's hits and candidates."""

    __slots__ = (
        "ends", "flags", "heads", "joined", "latin1", "lengths_changed", "names", "noun_cues", "padded",
        "phones", "place_cues", "postcodes", "prepared", "salutations", "site_starts", "site_stems", "starts",
        "street_starts", "suffix_starts",
    )  # fmt: skip

    def __init__(self, texts: Sequence[str]) -> None:
        self.prepared = prepare_all(texts)
        views = [p.view for p in self.prepared]
        self.joined = joined = SEPARATOR.join(views)
        starts: list[int] = []
        ends: list[int] = []
        pos = 0
        for view in views:
            starts.append(pos)
            pos += len(view)
            ends.append(pos)
            pos += _SEPARATOR_LENGTH
        self.starts, self.ends = starts, ends
        lower = joined.lower()
        self.lengths_changed = len(lower) != len(joined)
        if self.lengths_changed:  # 'İ' grows when lowered: per note, as ``prepare`` does
            lower = SEPARATOR.join(lower_same_length(view) for view in views)
        for prepared, start, end in zip(self.prepared, starts, ends, strict=True):
            prepared.lower = lower[start:end]
        self.padded = " " + self._match_view(lower) + " "
        count = len(views)
        self.names: list[list[Hit]] = [[] for _ in range(count)]
        # (start, first word) of every word a salutation or title may start with
        self.salutations: list[list[tuple[int, str]]] = [[] for _ in range(count)]
        # The whole-word triggers, sorted by kind as the stages take them: (start, end) of each
        # place cue and of each compound's place head ("Talort"), the start of each capitalized
        # street preposition ("Am Anger 3") and of each site word.
        self.place_cues: list[list[tuple[int, int]]] = [[] for _ in range(count)]
        # (start, end) of each place cue or street preposition that a noun and a name follow, the
        # name of its place maybe ("im Werk Zirbl", "in der Kaserne Zirbl")
        self.noun_cues: list[list[tuple[int, int]]] = [[] for _ in range(count)]
        self.heads: list[list[tuple[int, int]]] = [[] for _ in range(count)]
        self.street_starts: list[list[int]] = [[] for _ in range(count)]
        self.site_starts: list[list[int]] = [[] for _ in range(count)]
        # where a compound site word's head starts ("Marien|klinik", "KREIS|SPITAL", "-|Klinik"):
        # MedicalSite tries its compounds there, not by a search for every head
        self.site_stems: list[list[int]] = [[] for _ in range(count)]
        # where a street suffix before a house number starts ("…straße 1", "Tor 3")
        self.suffix_starts: list[list[int]] = [[] for _ in range(count)]
        self.flags: list[int] = [0] * count
        # where a phone number may start (the candidate pattern's matches)
        self.phones: list[list[int]] = [[] for _ in range(count)]
        # where a postcode's candidate or keyword stands (ZIP_DIGITS, ZIP_KEYWORD), sorted: the
        # lines the postcode patterns scan
        self.postcodes: list[list[int]] = [[] for _ in range(count)]

    def _match_view(self, lower: str) -> str:
        """``lexicon.match_view`` of every note, " \\x00 " between them, without the padding."""
        self.latin1 = None
        if lower.count("\x00") != len(self.starts) - 1:  # a note holds NUL itself: per note
            return " \x00 ".join(
                _NON_WORD.sub(" ", lower[s:e]) for s, e in zip(self.starts, self.ends, strict=True)
            )
        try:
            self.latin1 = lower.encode("latin-1")
            view = self.latin1.translate(_VIEW_BYTES).decode("latin-1")
        except UnicodeEncodeError:
            # Characters beyond Latin-1 become "?" and then spaces; the letters among them are
            # put back (most are punctuation: dashes, quotes, bullets).
            view = lower.encode("latin-1", "replace").translate(_VIEW_BYTES).decode("latin-1")
            pieces: list[str] = []
            pos = 0
            for run in _WIDE_WORD_RUN.finditer(lower):
                pieces.append(view[pos : run.start()])
                pieces.append(run.group())
                pos = run.end()
            pieces.append(view[pos:])
            view = "".join(pieces)
        return view

    # -- scans ---------------------------------------------------------------------------------
    def scan_public(self, automaton: ahocorasick.Automaton | None, ambiguous: bool) -> None:
        """One pass of the public automaton (int values): dictionary hits per note (names that
        are ordinary words or eponyms only when ``ambiguous``), the starts of salutations, the
        whole-word triggers by kind and the street flag."""
        if automaton is None:
            return
        starts, ends, padded, joined = self.starts, self.ends, self.padded, self.joined
        names, salutations, flags = self.names, self.salutations, self.flags
        place_cues, heads, street_starts, site_starts, suffix_starts, noun_cues, site_stems = (
            self.place_cues, self.heads, self.street_starts, self.site_starts, self.suffix_starts,
            self.noun_cues, self.site_stems,
        )  # fmt: skip
        noun_and_name = NOUN_AND_NAME_AHEAD.match
        note = 0
        limit = ends[0] + 1  # the padded view's index of the space after the note
        offset = 0
        for end, value in automaton.iter(padded):
            while end > limit:
                note += 1
                limit = ends[note] + 1
                offset = starts[note]
            bits = value >> LENGTH_BITS
            # ``at``: in the joined text, the blank before a whole word's key, or the first
            # letter of a key without one (a compound's head, a site stem)
            at = end - (value & LENGTH_MASK)
            if bits == SALUTATION_START:  # the most frequent hit: " word " or " word1"
                salutations[note].append((at + 1 - offset, padded[at + 2 : end]))
                continue
            if bits & TRIGGER_BITS:
                start = at + 1 - offset
                if bits & SALUTATION_START:
                    salutations[note].append((start, padded[at + 2 : end]))
                if bits & SITE_WORD and padded[at + 1] != " ":
                    # a compound site stem (no blank before its key): in a compound, lower case or
                    # in capitals, or after a hyphen ("Marienklinik", "KREISSPITAL",
                    # "Elisabethinen-Krankenhaus")
                    if at > 0 and (
                        (joined[at].islower() and joined[at - 1].isalpha())
                        or (joined[at].isupper() and joined[at - 1].isupper())
                        or joined[at - 1] == "-"
                    ):
                        site_stems[note].append(at - offset)
                elif bits & (PLACE_CUE | STREET_PREPOSITION | SITE_WORD):
                    stop = end - 1 - offset
                    if bits & STREET_PREPOSITION and joined[at + 1].isupper():
                        street_starts[note].append(start)
                    if (
                        bits & (PLACE_CUE | STREET_PREPOSITION)
                        and joined[end - 1 : end] in (" ", "\t")  # (a note's last word has none)
                        and noun_and_name(joined, end) is not None
                    ):
                        noun_cues[note].append((start, stop))
                    if bits & PLACE_CUE:
                        if at < offset or not joined[at].isalpha():
                            if place_may_follow(joined, padded[at + 2 : end], end - 1):
                                place_cues[note].append((start, stop))
                        elif is_compound_head(joined, at, end - 1):  # (no letter before a note)
                            heads[note].append((start - 1, stop))  # a compound's head: a suffix key
                    if bits & SITE_WORD:
                        site_starts[note].append(start)
                if bits & STREET_NUMBER:  # also ADDRESS_LABEL_WORD, whose key ends in a blank
                    if padded[end] == " ":
                        flags[note] |= ADDRESS_LABEL
                    else:  # a suffix ("straße 1") or a street word with its blank (" tor 1")
                        flags[note] |= STREET
                        suffix_starts[note].append(at - offset + (padded[at + 1] == " "))
                bits &= ~TRIGGER_BITS
                if not bits:
                    continue
            if ambiguous or not only_ambiguous_name(bits):
                names[note].append(Hit(end - (value & LENGTH_MASK) + 1 - offset, end - 1 - offset, bits))

    def hits(self, automaton: ahocorasick.Automaton | None, ints: bool = False) -> list[list[Hit]]:
        """Per note, the whole-word hits of a further automaton (the public names that are
        ordinary words with ints, the user's lists and the learned names with tuple values)."""
        found: list[list[Hit]] = [[] for _ in self.starts]
        if automaton is None:
            return found
        starts, ends = self.starts, self.ends
        note, limit, offset = 0, ends[0] + 1, 0
        for end, value in automaton.iter(self.padded):
            while end > limit:
                note += 1
                limit = ends[note] + 1
                offset = starts[note]
            if ints:
                length, bits, correction_type = value & LENGTH_MASK, value >> LENGTH_BITS, None
            else:
                length, bits, correction_type = value
            found[note].append(Hit(end - length + 1 - offset, end - 1 - offset, bits, correction_type))
        return found

    def learned_hits(self, automaton: ahocorasick.Automaton) -> LearnedHits:
        """Per note, the hits of the learned automaton: the learned names, the words that may be
        one-edit variants of them and the learned cue phrases (``lexicon.build_learned_automaton``)."""
        learned: list[list[Hit]] = [[] for _ in self.starts]
        variants: list[list[Hit]] = [[] for _ in self.starts]
        cues: list[list[CueHit]] = [[] for _ in self.starts]
        places: list[list[tuple[int, int]]] = [[] for _ in self.starts]
        starts, ends = self.starts, self.ends
        note, limit, offset = 0, ends[0] + 1, 0
        for end, (length, bits, _) in automaton.iter(self.padded):
            while end > limit:
                note += 1
                limit = ends[note] + 1
                offset = starts[note]
            start, stop = end - length + 1 - offset, end - 1 - offset
            if bits & CUE_BITS:  # the most frequent hits: plain tuples
                cues[note].append((start, stop, bits & CUE_BITS))
            if bits & LEARNED:
                learned[note].append(Hit(start, stop, bits & (LEARNED | ALIAS)))
            if bits & VARIANT:
                variants[note].append(Hit(start, stop, bits))
            if bits & PLACE_LEARNED:
                places[note].append((start, stop))
        return LearnedHits(learned, variants, cues, places)

    def irregular(self) -> set[int]:
        """The notes whose lower case is not ``str.lower`` of their words one by one: lowering
        changes their length ('İ'), or they hold a capital sigma, lowered by its neighbours."""
        found: set[int] = set()
        if "Σ" in self.joined:
            found.update(i for i, p in enumerate(self.prepared) if "Σ" in p.view)
        if self.lengths_changed:
            found.update(i for i, p in enumerate(self.prepared) if len(p.view.lower()) != len(p.view))
        return found

    def scan_candidates(self) -> None:
        """The candidate patterns over the joined views: a flag on each note one matches in."""
        joined = self.joined
        if "@" in joined:
            self._flag_positions(_found(joined, "@"), EMAIL)
        for literals, flag in (
            (_URL_MARKERS, URL),
            (LABEL_COMPOUND_STEMS, ADDRESS_LABEL),
            # an HL7 segment's start holds a bar, which most chunks lack: one scan for it first
            (SEGMENT_LITERALS if "|" in joined else (), HL7_SEGMENT),
        ):
            for literal in literals:
                if literal in joined:
                    self._flag_positions(_found(joined, literal), flag)
        for pattern, flag in _CANDIDATES:
            self._flag_positions((m.start() for m in pattern.finditer(joined)), flag)
        for literal in _ZIP_KEYWORDS:
            if literal in joined:
                self._flag_positions(_found(joined, literal), ZIP_KEYWORD, self.postcodes)
        if self.latin1 is None:  # characters beyond Latin-1 (digits among them): scan it all
            postcodes: Iterable[int] = (m.start() for m in _ZIP_CANDIDATE.finditer(joined))
            phone_candidates = _PHONE_CANDIDATE.finditer(joined)
        else:
            postcodes = self._postcode_candidates(self.latin1)
            phone_candidates = self._phone_candidates(self.latin1)
        self._flag_positions(postcodes, ZIP_DIGITS, self.postcodes)
        for positions in self.postcodes:
            if len(positions) > 1:
                positions.sort()  # (a keyword's and a candidate's, each sorted)
        starts, ends, phones = self.starts, self.ends, self.phones
        note, last = 0, len(starts) - 1
        for match in phone_candidates:
            pos = match.start()
            while note < last and pos >= ends[note]:
                note += 1
            phones[note].append(pos - starts[note])

    def _postcode_candidates(self, latin1: bytes) -> Iterator[int]:
        """``_ZIP_CANDIDATE``'s matches, tried only where four digits meet a blank: the text's
        shape (digits, blanks, the rest) searched for "ddddb" in C."""
        shape = latin1.translate(_ZIP_SHAPE)
        pos = shape.find(b"ddddb")
        while pos >= 0:
            if _ZIP_CANDIDATE.match(self.joined, pos + 4) is not None:
                yield pos + 4
            pos = shape.find(b"ddddb", pos + 1)

    def _phone_candidates(self, latin1: bytes) -> Iterator[re.Match[str]]:
        """``_PHONE_CANDIDATE``'s matches, sought only in runs of seven or more characters a
        phone number is written with (each match needs seven of them from its start)."""
        shape = latin1.translate(_PHONE_SHAPE)
        pos = shape.find(b"PPPPPPP")
        while pos >= 0:
            end = shape.find(b"x", pos)
            end = len(shape) if end < 0 else end
            yield from _PHONE_CANDIDATE.finditer(self.joined, pos, end)
            pos = shape.find(b"PPPPPPP", end)

    def _flag_positions(self, positions: object, flag: int, kept: list[list[int]] | None = None) -> None:
        """``flag`` on each note a position (sorted, in ``joined``) falls in; with ``kept``, each
        position is also added to its note's list, relative to the note."""
        starts, ends, flags = self.starts, self.ends, self.flags
        note = 0
        last = len(starts) - 1
        for pos in positions:  # type: ignore[attr-defined]
            while note < last and pos >= ends[note]:
                note += 1
            flags[note] |= flag
            if kept is not None:
                kept[note].append(pos - starts[note])


def _found(text: str, literal: str) -> Iterator[int]:
    """Every position of ``literal`` in ``text``."""
    pos = text.find(literal)
    while pos >= 0:
        yield pos
        pos = text.find(literal, pos + 1)
