"""Regex stage for dates (DAT), ages (AGE) and identifiers (ID).

Same design as ``contacts`` and ``addresses``: a few regexes compiled once and scanned with
``finditer``, every repetition bounded so each scan is linear in the text length, and the
context rules that regexes express badly checked in Python on the few candidates. Every
scan starts with a plain character class (a digit, the first letters of its keywords) and
checks the character before it with a lookbehind placed after that first character, which
lets the engine skip ahead; context that precedes a candidate is read by one scan per note
(durations) or by an anchored match on the reversed window (patient words), not by
searching a window per candidate.

Dates (masker ``RegexDate``; grammar and formats in ``date_grammar``)
    * every form of ``date_grammar`` with a day or month that is valid for its month/year;
      the span is the date alone: weekdays before it and times after it stay;
    * qualifiers stay outside: "im/Mitte/Ende März 2023" -> "März 2023";
    * yearless numeric dates (``12.3.``) are the weakest form. They count after a date cue
      (am, vom, bis, ab, seit, zum, Datum, a weekday, ...), at the start of a line, or when
      day or month has two digits; never after a lab-like abbreviation (``K 3.5.``,
      ``Hb 12.5.``);
    * numeric dates with a 2-digit or no year are rejected after version/section words
      (Version, Kapitel, Abschnitt, Punkt, §, ICD, NYHA, ...);
    * years and month/two-digit years as letters write them in histories: after a temporal
      cue (``seit 2019``, ``ED 01/18``, ``(2012)``) or standing alone (``Z.n. TEP 2019``,
      ``Port 1/19``, ``01/97-10/18``); not before a unit or a counted noun (``2000 IE``,
      ``2023 Patienten``), not after a score, number or version word (``NRS 7/10``,
      ``Zimmer 2012``, ``Version 2019``), and no uncued round numbers (1900, 1950, 2000);
    * the bare start of a range that writes its month or year once, read backwards from the
      date it ends at: ``06``-07.11.2024, ``05.11``-18.11.2024, ``6``-9/19, ``Juni`` bis
      November 2019; and ``06``/07.11.2024, whose slash hides the second date from the grammar;
    * not dates: a month name alone (``im März``), doses, scores, blood pressure, times,
      decimals, versions ("2.1.3"), ICD codes, phone numbers.

Ages (masker ``RegexAge``); the span is number + unit
    * ``78-jährig(e/er/en/em/es)``, ``78 jährig``, ``78-Jährige``, ``78-jähr.``;
    * ``78 J.``, ``78 J``, ``78-J.``, ``78J``, ``78 Jhr.``;
    * ``78a`` (Austrian annus) only right after ",", "(" or "/" that do not follow a number
      ("Muster, 78a", "(78a)"; not "Gasse 5, 12a") or after a patient word (Pat., Patient,
      Herr, Frau, männlich, ...); so "Zimmer 10a" or "Hauptstraße 12a" never qualify;
    * ``(im) Alter (von/:) 91 Jahren`` -> ``91 Jahren``; without unit ``Alter: 91`` -> ``91``
      unless a word follows the number ("Alter von 3 Monaten");
    * ``91 Jahre alt(e/er/...)`` -> ``91 Jahre``; ``mit 91 Jahren`` -> ``91 Jahren``;
      ``92. Lebensjahr`` (counted as 92); ``Pat. (91)`` / ``Herr Muster (91)`` -> ``91``;
      ``(m, 91)``, ``(91/w)`` -> ``91``;
    * not ages: durations. "J."/"a"/"jährig" after seit, vor, nach, für, während, binnen,
      innerhalb, alle, ab, bis, in, letzten, ... (hedges like "ca.", "über", "mehr als" are
      skipped), "jährig" before a duration noun ("5-jährige Therapie"), "J" near a
      defibrillation context (200 J); "3 Jahre" without "alt" or "Alter"; numbers >= 120.
    * ``ages="over89"`` reports only ages > 89 (HIPAA Safe Harbor), ``ages="all"`` every age.

Identifiers (masker ``RegexID``)
    * Austrian social-security numbers ``1237 010180`` / ``1237010180``: check digit valid
      (``stdnum.at.vnr``) and the last six digits a plausible birth date DDMMYY;
    * German KVNR ``A123456780``: letter + 9 digits, check digit as documented by GKV
      (letter -> 01..26, weights 1,2,1,2,..., products cross-summed, sum mod 10);
    * IBAN with valid checksum and country format (``stdnum.iban``), spaced or compact;
    * after an ID keyword (Fallnr., Fall-Nr., Fallnummer, Fallzahl, FN, PIZ, Pat.-Nr., Pat.-ID,
      Patientennummer, Aufnahmenr., Aufnahmezahl, Befundnr., Histologie-Nr., HNr., Vers.-Nr.,
      SVNR, SV-Nr., KVNR, E-Nr., Auftragsnr., Vorgangs-Nr.,
      RV-Nr., Geschäftszahl, Protokoll Nr., ...; "Fall", "Akte", "Vorgang", "Auftrag" only with a
      colon): the code that follows (optional ":" or a spaced dash, "Labor-Nr. – 4471"), when it
      has at least 4 digits and is not a date; the span is the code only. A German pension
      insurance number is one code, letter and all ("RV-Nr. 41 170865 M 512");
    * a court's file number after Aktenzeichen, Az., GZ or Geschäftszahl, after any ID keyword, or
      after a court's matter or proceedings, whole ("Aktenzeichen 47 C 318/22", "Das Aktenzeichen
      lautet 4 C 123/23", "Zl. 12 Cg 34/22", "Pflegschaftssache 3 P 45/23", "im Verfahren 5 Ub
      17/24");
    * after any keyword of the "number of" families (compounds of Nummer, Nr, No., ID, Code,
      Kennung, Zeichen, Ziffer, -Zl., Konto, Schein; the same in capitals, "FALLNR", "PAT-ID"; a
      word and "#"; ID, Kennung, Referenz, Ref., Az., GZ; a gloss may come between: "Fallnummer
      (intern):"; dictation's "Doppelpunkt" as a colon) a code with at least 3 digits, maybe in
      short groups ("12 34 56-AB", "ABC 12 345"), or capitals around two ("QX41TR"); not phone, fax or
      house numbers, classification or fee
      codes (ICD, OPS, GOÄ, ...), reference ranges or quantities;
    * ward, room and house codes, which locate the patient in the house: a place word or a
      compound of one (Station, Stat., Stn., Pflegegruppe, Zimmer, Zi., Raum, Bett, Haus, Trakt,
      Gebäude, IMC, Unit, Tagesklinik, ...; -station, -einheit, -zimmer, -raum, -saal, -haus,
      -bereich, -geschoss, -gruppe) and its code
      ("Stn. K3", "Pflegeeinheit 4B", "Zimmer 305/1", "Raum 2.14", "Haus B", "Stat. 7 Nord",
      "Abt. R.3", "Station C4.1"); a department after a moving preposition ("auf der Kardiologie
      2", "von der Chirurgie C", "in der Neurologie N2"), or without one when the code has a
      letter or a full stop ("Akutgeriatrie G.2", "Kardiologie 3B"); a code alone after a moving
      preposition ("auf die 5C"). Not a count or duration after the word ("Station 3
      Tage", "Therapieeinheit 3 von 10"), not groups, stages, ranges or levels (Blutgruppe,
      Altersgruppe, Pflegestufe, Zielbereich), not anatomy ("Interkostalraum 5", "Lendenbereich");
    * plain numbers without keyword or valid checksum are never IDs.

Overlaps inside this stage: ID beats DAT beats AGE; within a type the longer span wins.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterator
from itertools import pairwise
from operator import attrgetter

from stdnum import iban as _iban
from stdnum.at import vnr as _vnr

from deid_cli.detection.patterns.date_grammar import (
    DATE_PATTERNS,
    MONTH_NAME,
    is_impossible_date,
    is_valid_match,
    parse_date,
)
from deid_cli.detection.patterns.letters import CAPITAL
from deid_cli.detection.patterns.number_context import wordset
from deid_cli.detection.patterns.regex_guard import guarded
from deid_cli.detection.spans import Span, select_disjoint

__all__ = ["AGE", "DAT", "ID", "PHI_TYPES", "PhiStage", "kvnr_check_digit"]

DAT, AGE, ID = "DAT", "AGE", "ID"
PHI_TYPES: frozenset[str] = frozenset({DAT, AGE, ID})
AGE_MODES = ("over89", "all")
_SAFE_HARBOR_MAX_AGE = 89
_MAX_AGE = 119


# ---------------------------------------------------------------------------------------------
# Context helpers (per hit, bounded windows)
# ---------------------------------------------------------------------------------------------

_WINDOW = 48
_TOKEN_STRIP = ",;:()[]\"'"


def _prev_tokens(text: str, pos: int, count: int) -> list[str]:
    """Up to ``count`` whitespace-separated tokens before ``pos`` (nearest last), stripped of
    surrounding brackets and commas. Reads a bounded window, so it is O(1) per hit."""
    lo = pos - _WINDOW
    chunk = text[lo if lo > 0 else 0 : pos]
    tokens = chunk.rsplit(None, count)
    if len(tokens) > count:
        del tokens[0]
    elif tokens and lo > 0 and not text[lo - 1].isspace() and not chunk[0].isspace():
        del tokens[0]  # cut in the middle of a token
    return [s for t in tokens if (s := t.strip(_TOKEN_STRIP))]


def _next_token(text: str, pos: int) -> str:
    window = text[pos : pos + _WINDOW].split(maxsplit=1)
    return window[0].strip(_TOKEN_STRIP + ".") if window else ""


def _line_start(text: str, pos: int) -> bool:
    i = pos
    lo = max(0, pos - _WINDOW)
    while i > lo and text[i - 1] in " \t\u00a0":
        i -= 1
    return i == 0 or text[i - 1] in "\r\n"


# ---------------------------------------------------------------------------------------------
# Dates
# ---------------------------------------------------------------------------------------------

_DATE_CUES = wordset(
    """am vom von bis ab seit zum zur den dem per datum stand ca. ca und bzw. bzw oder
    mo mo. di di. mi mi. do do. fr fr. sa sa. so so. montag dienstag mittwoch donnerstag
    freitag samstag sonntag heute gestern morgen aufnahme entlassung op kontrolle termin
    geb. geb geboren verstorben"""
)
_VERSION_CUES = wordset(
    """version vers. v v. release rel. update build kap. kapitel abschnitt abs. punkt pkt.
    § nr. nr icd icd-10 icd10 tab. tabelle abb. abbildung seite s. stadium grad typ nyha gcs
    score"""
)
_UNIT_AFTER_DATE = re.compile(
    r"[ \u00a0]?(?:mg|µg|mcg|g|kg|ml|mL|l|IE|I\.E\.|E|%|mmol|µmol|Stk|Tbl|Tabl)(?![^\W\d_])"
)
_LAB_LIKE = re.compile(r"[A-Za-zÄÖÜäöü]{1,5}")


def _date_context_ok(text: str, m: re.Match[str], g: dict[str, str | None]) -> bool:
    """Context rules for numeric dates (see module docstring); ``g`` is ``m.groupdict()``."""
    if g.get("mn") is not None or (g.get("y") is not None and g.get("d") is not None and g.get("sy") is None):
        return True  # month names and full dates with a 4-digit year need no context
    if _UNIT_AFTER_DATE.match(text, m.end()):
        return False  # "1.2000 mg" is a dose
    if g.get("y") is not None and g.get("sy") is None:
        return True
    prev = _prev_tokens(text, m.start(), 1)
    word = prev[-1] if prev else ""
    low = word.lower()
    if low in _VERSION_CUES or low.rstrip(".") in _VERSION_CUES:
        return False
    if g.get("sy") is not None:  # "14.06 2031": a forgotten dot, unless a measurement precedes
        return not (_LAB_LIKE.fullmatch(word) and any(c.isupper() for c in word))
    if g.get("yy") is not None or g.get("d0") is not None:
        return True
    # Yearless "12.3.": the weakest form.
    if low in _DATE_CUES or low.rstrip(".") in _DATE_CUES or _line_start(text, m.start()):
        return True
    if _LAB_LIKE.fullmatch(word) and any(c.isupper() for c in word):
        return False  # "K 3.5.", "Hb 12.5."
    return len(g["d"]) == 2 or len(g["m"]) == 2


# ---------------------------------------------------------------------------------------------
# Ages
# ---------------------------------------------------------------------------------------------


def _rests(words: list[str]) -> str:
    """Alternation of literal ``words`` for a position where their first letter is already
    consumed: each rest is matched first and then checked as the whole word with a lookbehind
    ("atient(?<=Patient)|at\\.(?<=Pat\\.)"). A rest that opens with a literal is rejected after
    one character test; a lookbehind first would be entered for every rest at every candidate
    letter (a megabyte of "Dr. " took 30 % longer). Rests keep the order of their first letter,
    longest first, so the first match is the one a per-letter alternation finds."""
    ordered = sorted(words, key=lambda w: (w[0], -len(w)))
    return "|".join(f"{re.escape(w[1:])}(?<={re.escape(w)})" for w in ordered)


def _firsts(words: list[str]) -> str:
    return "[" + "".join(re.escape(c) for c in sorted({w[0] for w in words})) + "]"


def _first_letter_alternation(
    words: list[str], not_before: str, stems: list[str] | tuple[str, ...] = (), suffix: str = ""
) -> str:
    """Alternation of literal ``words``, and of ``stems`` each followed by ``suffix``, with one
    branch per first letter that opens with that letter as a literal: the engine skips ahead to
    candidate letters, and at a candidate rejects every other branch after one character test.
    The check that the word does not follow a ``not_before`` character sits after the first
    letter. Within a letter, stems come before words and longer before shorter."""
    branches = []
    for first in sorted({w[0] for w in [*words, *stems]}):
        parts = []
        stem_rests = sorted((w[1:] for w in stems if w[0] == first), key=len, reverse=True)
        word_rests = sorted((w[1:] for w in words if w[0] == first), key=len, reverse=True)
        if stem_rests:
            parts.append(f"(?:{'|'.join(re.escape(r) for r in stem_rests)}){suffix}")
        if word_rests:
            parts.append(f"(?:{'|'.join(re.escape(r) for r in word_rests)})")
        branches.append(f"{re.escape(first)}(?<!{not_before}.)(?:{'|'.join(parts)})")
    return f"(?:{'|'.join(branches)})"


# The number of an age; it is not the tail of a decimal, date, range or code. The context
# check sits after the first digit so the pattern starts with a plain character class.
_NUM = r"(?P<n>\d(?<![\w.,/:\-]\d)\d{0,2})(?!\d)"
_NOT_LETTER = r"(?![^\W\d_])"
_HEDGE_RE = r"(?:(?:ca\.|etwa|knapp|fast|über|ueber|rund)[ ])?"

_AGE_JAEHRIG = re.compile(
    _NUM + r"(?:[ ]?-[ ]?|[ ])?(?P<u>[jJ](?:ährig|aehrig)(?:e[mnrs]?)?(?![^\W\d_])|[jJ]ähr\.)"
)
_AGE_J = re.compile(_NUM + r"(?:[ ]?-[ ]?|[ ])?(?P<u>J(?:hr?)?\.|Jhr(?![^\W\d_])|J(?![^\W\d_]))(?![/\-])")
_ANNUS_END = r"(?P<u>a)(?=[ \t\r\n,;:)\]]|\.(?!\w)|$)"
# "Muster, 78a", "(78a)", "m/78a"; the punctuation must not follow a number ("Gasse 5, 12a").
_AGE_A_PUNCT = re.compile(r"[,(/](?<!\d[,(/])(?<!\d[A-Za-z][,(/])[ ]?(?P<n>\d{1,3})(?!\d)" + _ANNUS_END)
_AGE_A_WORD = re.compile(
    _first_letter_alternation(
        [
            "Pat.",
            "Patientin",
            "Patient",
            "Pt.",
            "Herr",
            "Frau",
            "Hr.",
            "Fr.",
            "männlich",
            "weiblich",
            "männl.",
            "weibl.",
        ],
        r"[\w.]",
    )
    + r"[ ](?P<n>\d{1,3})(?!\d)"
    + _ANNUS_END
)
_AGE_ALTER = re.compile(
    _first_letter_alternation(["Alter", "Lebensalter"], r"\w")
    + r"(?:[ ]?:|[ ]von|[ ]mit)?[ ]?"
    + _HEDGE_RE
    + r"(?P<n>\d{1,3})(?!\d)"
    r"(?:[ ]?(?P<u>Jahren|Jahre|Jahr|J\.|J(?![^\W\d_])|a(?![^\W\d_])))?"
)
_AGE_ALT = re.compile(_NUM + r"[ ]?(?P<u>Jahre|Jahren|J\.)[ ]alt(?:e[mnrs]?)?" + _NOT_LETTER)
_AGE_MIT = re.compile(
    r"[mM](?<!\w[mM])it[ ]" + _HEDGE_RE + r"(?P<n>\d{1,3})(?!\d)" + r"[ ](?P<u>Jahren)" + _NOT_LETTER
)
_AGE_LEBENSJAHR = re.compile(_NUM + r"\.[ ]?(?P<u>Lebensjahr(?:es|s|e)?|L[Jj]\.?)" + _NOT_LETTER)
# "55-j. Patientin": the abbreviated "-jährig" of letter headers.
_PERSON_NOUN = r"(?:Pat|Frau|Herr|Mann|Kind|Junge|Mädchen|Säugling|Bub|Pensionist|Rentner|männl|weibl)"
_AGE_J_ABBREVIATED = re.compile(_NUM + r"-(?P<u>j\.)(?=[ \t]?" + _PERSON_NOUN + ")")
_AGE_PAREN = re.compile(r"\((?P<n>\d{1,3})(?P<u>)\)")
_SEX = r"(?:[mwfdMWFD]|männl\.?|weibl\.?|männlich|weiblich)"
_AGE_UNIT = r"(?:[ ]?(?P<u>J\.?|a|Jahre))?"
_AGE_SEX_PAREN = re.compile(
    r"\((?:" + _SEX + r"[ ]?[,/][ ]?(?P<n>\d{1,3})" + _AGE_UNIT
    + r"|(?P<n2>\d{1,3})(?:[ ]?(?P<u2>J\.?|a|Jahre))?[ ]?[,/][ ]?" + _SEX + r")\)"
)  # fmt: skip

_DURATION_WORDS = wordset(
    """seit vor nach für fuer während waehrend binnen innerhalb alle ab bis zwischen letzten
    letzte vergangenen nächsten naechsten weitere weiteren weiterer in von um dauer zeitraum
    pro je jeweils"""
)
_HEDGE_WORDS = wordset(
    """ca. ca etwa ungefähr ungefaehr rund knapp fast über ueber mehr weniger als mindestens
    mind. max. maximal bereits schon insgesamt nur erst gut ganze ganzen zirka"""
)
_DURATION_NOUNS = tuple(
    sorted(
        wordset(
            "therapie behandlung anamnese rate verlauf dauer zeitraum intervall geschichte beobachtung "
            "follow pause erfahrung historie abusus konsum einnahme überleben ueberleben studie periode "
            "phase tätigkeit taetigkeit zugehörigkeit ehe beziehung aufenthalt haft karriere garantie "
            "frist jubiläum bestehen laufzeit remission latenz abstinenz abstand verzögerung verspätung "
            "rauch raucher nikotin alkohol packyears dialyse medikation gabe"
        )
    )
)
_DEFI_WORDS = ("defi", "kardiover", "cardiover", "schock", "biphas", "monophas", "joule", "energie")
# "Pat. (91)", "Patientin (91)", "Herr Muster (91)", "Frau Dr. Anna Muster (91)". Matched on
# the reversed window before the bracket (text read right to left), so the regex is anchored
# there and fails on the first character instead of searching the window: optional space, up
# to three capitalised words, the intro word.
_REV_CAP_WORD = rf"(?:[^\W\d_]{{0,30}}{CAPITAL}-)?\.?[^\W\d_]{{0,30}}{CAPITAL}"
_PATIENT_BEFORE = re.compile(
    r"[ ]?(?:(?:\.taP|taP|\.tP|nitneitaP|tneitaP)"
    rf"|(?:{_REV_CAP_WORD}[ ]){{1,3}}(?:rreH|uarF|\.rH|\.rF|\.nrH|\.taP|nitneitaP|tneitaP))"
    r"(?![^\W\d_])"
)


_SPACE = r"[ \t\u00a0]"


def _either_case_firsts(words: frozenset[str]) -> str:
    return "[" + "".join(sorted({c for w in words for c in (w[0].lower(), w[0].upper())})) + "]"


# A duration preposition, up to three hedges, then a number: "seit ca. 5 J.", "vor 2 J.".
# One scan per note collects where such numbers start; an age candidate starting there is a
# duration. Starts with a character class (see _first_letter_alternation) for speed.
_DURATION_SCAN = re.compile(
    rf"{_either_case_firsts(_DURATION_WORDS)}(?<![^\W\d_].)(?i:{_rests(sorted(_DURATION_WORDS))})"
    rf"(?![^\W\d_])\.?{_SPACE}{{1,3}}"
    rf"(?:(?i:{'|'.join(re.escape(w) for w in sorted(_HEDGE_WORDS, key=len, reverse=True))})"
    rf"(?![^\W\d_]){_SPACE}{{0,3}}){{0,3}}(?=\d)"
)
_DEFI_SCAN = re.compile("(?i:" + "|".join(_DEFI_WORDS) + ")")


class _AgeContext:
    """Per-note facts the age rules share, computed on first use by one scan each."""

    __slots__ = ("_defi_ends", "_durations", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self._durations: set[int] | None = None
        self._defi_ends: list[int] | None = None

    def duration_before(self, start: int) -> bool:
        """A duration preposition governs the number at ``start`` ("seit ca. 5 J.")."""
        if self._durations is None:
            self._durations = {m.end() for m in _DURATION_SCAN.finditer(self.text)}
        return start in self._durations

    def defibrillation_before(self, start: int) -> bool:
        """A defibrillation word ends within the window before ``start`` ("Schock 200 J")."""
        if self._defi_ends is None:
            self._defi_ends = [m.end() for m in _DEFI_SCAN.finditer(self.text)]
        i = bisect_right(self._defi_ends, start) - 1
        return i >= 0 and start - self._defi_ends[i] <= _WINDOW


def _duration_noun_after(text: str, end: int) -> bool:
    """The next word is a duration noun or a compound of one ("Raucheranamnese")."""
    word = _next_token(text, end).lower()
    return bool(word) and (word.startswith(_DURATION_NOUNS) or word.endswith(_DURATION_NOUNS))


# ---------------------------------------------------------------------------------------------
# Identifiers
# ---------------------------------------------------------------------------------------------

_SVNR = re.compile(r"(?P<ser>[1-9](?<![\w.,/+\-][1-9])\d{3})[ \u00a0]?(?P<dob>\d{6})(?!\w)(?![.,/\-]\d)")
_DIGIT_GROUP_AFTER = re.compile(r"[ /\-]\d")
_KVNR = re.compile(r"[A-Z](?<![\w\-][A-Z])\d{9}(?!\w)(?![.,/\-]\d)")
_IBAN = re.compile(r"[A-Z](?<![A-Za-z0-9][A-Z])[A-Z]\d{2}(?:[ ]?[A-Z0-9]{1,4}){1,8}")
_IBAN_MIN, _IBAN_MAX = 15, 34
_IBAN_LETTER_DIGITS = {ord(c): str(10 + i) for i, c in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZ")}

_KW_STEMS = [
    "Fall",
    "Pat",
    "Patienten",
    "Aufnahme",
    "Aufn",
    "Befund",
    "Vers",
    "Versicherungs",
    "Versicherten",
    "SV",
    "VS",
    "KV",
    "Sozialversicherungs",
    "Krankenversicherten",
    "RV",  # "RV-Nr.", "RVNR" (Rentenversicherung)
    "Rentenversicherungs",
    "E",
    "Einsende",
    "Auftrags",
    "Labor",
    "Proben",
    "Akten",
    "Geschäfts",  # "Geschäftszahl", the Austrian file number
    "Dokumenten",
    "Vorgangs",
    "Protokoll",
    "Kunden",
    "Mitglieds",
    "Rechnungs",
    "Untersuchungs",
    "Eingangs",
    "Histologie",
    "Histo",
    "Pathologie",
    "Patho",
    "Zytologie",
    "H",  # "HNr.", "H-Nr." (Histologie)
    "e-card",  # "e-card-Nummer"
    "Ordnungs",  # "Ordnungszahl"
    "Kenn",  # "Kennzahl", "Kenn-Nr."
    "J",  # "J.-Nr." (Journal)
]
_KW_WORDS = [
    "PIZ", "SVNR", "SVN", "VSNR", "KVNR", "MRN", "Barcode", "FN", "PID", "MPI", "Zl.", "VN", "IK",
    "Kennzeichen", "Kfz-Kennzeichen",
]  # fmt: skip
# "Nr.", "Nummer", "ID" and the Austrian "-zahl" ("Fallzahl", "Aufnahmezahl", "Aufn.-Zl.").
_KW_SUFFIX = r"(?:[Nn][Rr]\.?|[Nn]ummer|ID|[Zz]ahl|Zl\.?)"

# A keyword is a stem + "Nr."/"nummer"/"ID" ("Fall-Nr.", "Pat.-Nr.", "Befundnummer") or a
# word of its own ("PIZ", "SVNR").
_ID_KEYWORD = (
    _first_letter_alternation(_KW_WORDS, r"[\w\-]", _KW_STEMS, rf"\.?-?[ ]?{_KW_SUFFIX}") + r"(?![^\W\d_])"
)
# A keyword may be glossed before its code ("Fallnummer (intern): 123456", "Pat.-ID (KIS) 4711"),
# said to be it ("Die Fallnummer lautet 123456", "Die Aufnahmenummer war 4471203") or set off by
# a spaced dash ("Labor-Nr. - 4471203311", "Zytologie-Nr. – Q17/20431"); the code starts right
# after the dash, so a sentence after one is no code.
_CODE_GLOSS = r"(?:[ \t]{0,3}\([^()\n]{1,24}\))?[ \t]{0,3}"
# A form's column (blanks up to a tab's width and more) or its next line may hold the code after a
# keyword that ends its line ("Fall-Nr.        4471203", "Versicherungsnummer\n12.44712.031.5").
_CODE_COLUMN = r"[ \t]{4,12}(?=[A-Za-z0-9])|[ \t]*\r?\n[ \t]*(?=[A-Za-z0-9])"
# A form's field may be set off by a bar between blanks or by leader dots ("Fall-Nr. | 4471",
# "Fall-Nr. ........ 4471", "Fall-Nr.…4471"), as by a colon.
_FORM_RULE = r"(?<=[ \t])\|[ \t]{1,3}|(?:\.{2,}|…+)[ \t]{0,3}"
# An export's field separators after a keyword: "Fall-Nr.;4471", "Fall-Nr.^4471" (HL7), "Fall-Nr. >>
# 4471", "[Fall-Nr.] 4471".
_EXPORT_SEPARATOR = r"[ \t]{0,3}(?:>>|»|;|\^|\])[ \t]{0,3}(?=[A-Za-z0-9])"
# Dictation's spoken colon stands for one ("Fall-Nr. Doppelpunkt 4471").
_SPOKEN_COLON = r"(?<=[ \t.])Doppelpunkt[ \t]{1,3}(?=[A-Za-z0-9])"
_CODE_SEPARATOR = _CODE_GLOSS + (
    rf"(?:{_CODE_COLUMN}|[:#=](?:[ \t]*\r?\n)?[ \t]{{0,3}}|(?<=[ \t])[-–—][ \t]{{1,3}}(?=[A-Za-z0-9])"
    rf"|{_SPOKEN_COLON}"
    rf"|{_FORM_RULE}|{_EXPORT_SEPARATOR}"
    r"|(?:lautet|ist|war)[ \t]{1,3}(?=[A-Za-z0-9]))?"
)
# A German pension insurance number (Rentenversicherungsnummer), spaced or not: area, birth date,
# the initial of the birth name, serial and check digit ("41 170865 M 512"); after an ID keyword
# ("RV-Nr.", "RVNR", "Versicherungsnummer") it is one code, letter and all.
_PENSION_NUMBER = r"\d{2}[ ]?\d{6}[ ]?[A-Z][ ]?\d{3}(?![\w\-/])"
# A court's file number: department, register, number/year ("47 C 318/22", "5 Ob 12/19", "17 Cg
# 88/21"), the Austrian ones maybe with a check letter ("3 Ob 45/19k"), a senate in Roman numerals
# ("XII ZR 12/19") or a court letter before it ("L 9 U 123/19"). A register starts with a capital
# ("2 x 10/20" is a dose).
_COURT_CODE = (
    rf"(?:[A-Z][ ])?(?:\d{{1,4}}|[IVX]{{1,5}})[ ]{CAPITAL}[A-Za-zÄÖÜäöü]{{0,3}}[ ]\d{{1,6}}/\d{{2,4}}[a-z]?"
)
# A code of short digit groups whose first has one or two digits ("12 34 56-AB"): after a keyword
# of _ID_GENERIC, whose code otherwise starts with three characters, when two groups follow.
# Also when the second group goes on with a hyphen or slash ("12 34-A-56"), and after a series
# of capitals, with one more group ("AB 12 34", "A 12 3").
_SPACED_START = r"(?:\d{1,2}(?=[ ]\d{2,6}(?:[ ]\d{2,6}|[\-/][A-Z0-9]))|[A-Z]{1,4}[ ]\d{1,2}(?=[ ]\d{1,6}))"
# Further blank-separated digit groups ("SVNR 1237 010180", "Auftragscode 2023 0044 17"), maybe
# hyphened or slashed on ("Fall-Nr. 12 34-A-56").
# A group may open with a series letter ("4471 K 22"), and a last group of capitals may close
# the code ("2023 0045 AB").
_GROUP = r"[ ](?:[A-Z]{1,2}[ ])?\d{1,12}(?:[\-/](?:[A-Z]{1,2}|\d{1,12})(?![A-Za-z])){0,3}"
_CLOSING_GROUP = r"[ ][A-Z]{1,3}(?![\w\-.])"
_MORE_GROUPS = rf"(?P<more>(?:{_GROUP}(?![\w\-/]|[.,]\d)){{0,5}}(?:(?<=\d){_CLOSING_GROUP})?)"
# A code holds a digit: a keyword followed by another keyword's word is no code, and must not
# hide that keyword from the scan ("Ref.: Acc.-Nr. CT-2019-1122", "Ref.: KVNR Q481 227 903").
_HOLDS_DIGIT = r"(?=[A-Za-zÄÖÜ\-/.]{0,40}\d|[A-Z]{1,4}[ ]\d)"
# The code may open with a short series of capitals, maybe with a digit, and a blank
# ("Histologie-Nr.: H 2023/4455", "Geschäftszeichen ABCD 123/45", "Honorarnote Nr. H6 2018/1346");
# its characters are letters (the capital umlauts too: "KÜ-20-17") and digits, joined by
# hyphens, slashes and full stops.
_CODE_CHAR = "[A-Za-z0-9ÄÖÜ]"
_CODE_START = rf"(?:[A-Z]{{1,4}}\d?[ ](?=\d))?{_CODE_CHAR}"
_CODE_NEXT = rf"(?:{_CODE_CHAR}|[\-/.](?={_CODE_CHAR}))"
_ID_CODE = re.compile(
    _ID_KEYWORD + _CODE_SEPARATOR
    + rf"(?P<code>{_HOLDS_DIGIT}(?:{_COURT_CODE}(?![\w\-/])|{_PENSION_NUMBER}|"
    rf"{_CODE_START}{_CODE_NEXT}{{0,39}}))(?![\w\-/])"
    + _MORE_GROUPS
)  # fmt: skip
# "Fall: 1023416" - these words name a number only with a colon ("im Fall 2019" is no ID).
_COLON_ID = re.compile(
    r"[AFV](?<![\w\-][AFV])(?:all|kte|organg|uftrag)[ \t]{0,3}:[ \t]{0,3}"
    r"(?P<code>[A-Za-z0-9](?:[A-Za-z0-9]|[\-/.](?=[A-Za-z0-9])){3,39})(?![\w\-/])"
)
# The heads of an account's and a slip's compounds, number keywords of _ID_GENERIC whose bare year
# is no code ("Führerschein 2019 entzogen": _id_keyword_ok).
_ACCOUNT_AND_SLIP_HEADS = ("konto", "schein")
# Any keyword that says "number" or "code" of something, before a code with at least three
# digits: keyword families no list can finish. A compound of Nummer, Nr., No., ID, Code,
# Kennung, Zeichen, Ziffer or Zl. ("Einweisungsnummer", "Probencode", "Kennziffer", "Akt-Zl."), the same in
# capitals ("FALLNR", "PAT-ID", "KIS-Nr.", "eGK-Nr.") or camel case ("MiBi-Nr."), a word and "#" ("Probe
# #20231144"), or a keyword of its own (ID, Kennung, Referenz, Ref., Az., GZ). "-erkennung" is
# recognition; a glued capital "ID" ends words ("COVID"). _id_keyword_ok drops phone, house and
# classification numbers.
_ID_GENERIC = re.compile(
    # an electronic card's "e" may stand before the capital ("eGK-Nr."): the keyword starts after it
    rf"(?P<kw>{CAPITAL}(?:(?<![\w\-]{CAPITAL})|(?<=(?<![\w\-])e{CAPITAL}))"
    rf"(?:[a-zäöüß](?:[a-zäöüß]|{CAPITAL}(?=[a-zäöüß])){{0,29}}"
    # ("Studien-UID": a unique identifier)
    r"(?:\.?-?[ ]?(?:[Nn]ummer|Nr\.?|No\.?|U?ID|[Cc]ode|(?<![Ee]r)[Kk]ennung|Zl\.)"
    # an account's and a slip's compounds ("Beitragskonto", "Begleitschein", "Totenschein")
    rf"|[Zz]eichen|[Zz]iffer|referenz|{'|'.join(_ACCOUNT_AND_SLIP_HEADS)}|[ ]?(?=#))"
    rf"|{CAPITAL}{{1,20}}(?:\.?-?[ ]?(?:NR\.?|NUMMER|NO\.|CODE|KENNUNG)|\.?[\- ]ID"
    r"|-(?:Nr\.?|Nummer|No\.|Code|Zl\.))"
    r"|(?<=I)D|(?<=K)ennung|(?<=R)eferenz|(?<=R)ef\.|(?<=[AG])[zZ]\.?))(?![^\W\d_])"
    + _CODE_SEPARATOR
    + rf"(?P<code>{_HOLDS_DIGIT}(?:{_COURT_CODE}(?![\w\-/])|{_PENSION_NUMBER}|{_SPACED_START}|"
    rf"{_CODE_START}{_CODE_NEXT}{{2,39}}))(?![\w\-/])"
    r"(?![ \t]?(?:%|‰|°|mg|µg|g|kg|ml|l|mmol|µmol|IE|U|mmHg|cm|mm)(?![^\W\d_])|[ \t]+[-–][ \t]*\d)"
    + _MORE_GROUPS
)  # fmt: skip
# A file number after its keyword (Aktenzeichen, Aktenzahl, Az., GZ, Geschäftszahl, Geschäftszeichen), in
# the court's shape, whole: "Aktenzeichen 47 C 318/22", "Das Aktenzeichen lautet 4 C 123/23", "Az. 3 K
# 55/2021". Plain codes after these keywords are _ID_CODE's and _ID_GENERIC's.
_FILE_NUMBER = re.compile(
    r"[AG](?<![\w\-][AG])(?:(?<=A)kten(?:zeichen|zahl)|(?<=G)eschäfts(?:zahl|zeichen)|[zZ]\.?)(?![^\W\d_])"
    + _CODE_SEPARATOR
    + rf"(?P<code>{_COURT_CODE})(?![\w\-/])"
)
# A court's matter or proceedings before its file number: "Pflegschaftssache 3 P 45/23", "In der
# Betreuungssache 12 XVII 345/21", "im Verfahren 5 Ub 17/24"; the court's shape, whole.
_COURT_MATTER = re.compile(
    rf"(?:{CAPITAL}(?<![\w\-]{CAPITAL})[a-zäöüß]{{2,30}}sache|(?<![\w\-])[Vv]erfahren)(?![^\W\d_])"
    + _CODE_SEPARATOR
    + rf"(?P<code>{_COURT_CODE})(?![\w\-/])"
)
# Keywords whose number is no identifier of a person: phones, faxes and houses (rules of their
# own), classifications, fees and products.
_NOT_ID_KEYWORDS = (
    "tel", "fax", "handy", "mobil", "ruf", "rückruf", "notruf", "durchwahl", "hotline", "funk", "pieper",
    "haus", "icd", "ops", "atc", "drg", "loinc", "snomed", "tnm", "diagnose", "prozedur", "goä", "ebm",
    "abrechnung", "gebühr", "leistung", "pharmazentral", "pzn", "artikel", "bestell", "katalog", "version",
    "fehler", "seite", "tabelle", "abbildung", "kapitel",
)  # fmt: skip
_YEAR_ALONE = re.compile(r"(?:19|20)\d\d")
_NUMERIC_RANGE = re.compile(r"(\d+)(?:[.,]\d+)?[-–](\d+)(?:[.,]\d+)?")


def _id_keyword_ok(m: re.Match[str]) -> bool:
    keyword = m.group("kw").lower()
    if keyword.startswith(_NOT_ID_KEYWORDS):
        return False
    if keyword.endswith(_ACCOUNT_AND_SLIP_HEADS) and _YEAR_ALONE.fullmatch(m.group("code")):
        return False  # "Führerschein 2019 entzogen": a slip's year
    if keyword.startswith("ref") or keyword.endswith("referenz"):  # a lab's reference range ("135-145")
        span = _NUMERIC_RANGE.fullmatch(m.group("code"))
        return span is None or int(span[1]) >= int(span[2])
    return True


# Ward, room and house codes locate the patient in the house: a place word or a compound of one
# ("Station K3", "Pflegeeinheit 4B", "Zimmer 305/1", "Bettenhaus 3", "OP-Saal 2") and its code.
_WING = r"(?:West|Ost|Nord|Süd|Mitte)"
# A house letter and a full stop before a number: "R.3", "H.2"; not "S." (Seite: "S.12" is a page).
_LETTER_DOT = r"[A-RT-Z]\."
# A ward's number: "6A", "K3", "IM2", "B-12", "KA 3", "INT-2", "4b", "3.2", "B3/2", "B3-2", "R.3", "C4.1",
# "7 Nord", "2304"; a lowercase "h" or "x" is a unit ("24h", "2x"), 19xx/20xx a year
# ("Intensivstation 2019").
# A wing after the number, maybe of two directions: "7 Nord", "4-Ost", "3.Ost", "6 Süd-West".
_WINGS_AFTER = rf"(?:[ \t\-.]{_WING}(?:-{_WING})?)"
# A ward's short name glued or hyphened to its number, as departments and wings are shortened
# ("Med3", "Chir-2", "Nord3", "Kar-12"); a floor and its wing ("2.OG-B", "3. OG Nord").
_WARD_ABBREVIATION = rf"{CAPITAL}[a-zäöü]{{1,3}}-?(?=\d)"
# A wing's letter may carry its room: "2.OG-B4".
_FLOOR_AND_WING = (
    rf"\d{{1,2}}\.[ ]?(?:OG|UG|EG|DG)(?:[ \-](?:{_WING}|[A-Z]\d{{0,2}})|-?[A-Z]\d{{0,2}})?(?![\w\-])"
)
# Roman numbers: "Station IIb", "Innere II", "Station 3/II" (to XII; "V" alone, "X" alone and
# "I" alone are too often a letter or a word).
_ROMAN = r"(?:XI{1,2}|I[VX]|VI{1,3}|I{2,3})"
# A wing's room after a floor and a slash ("2/B4"), not a vertebra after one ("C5/C6", "L4/L5").
_WING_ROOM = r"(?<![A-Za-z]\d[./\-])(?<![A-Za-z]\d\d[./\-])[A-Z]\d{1,2}"
# A ward's number; the letters before a hyphen may be an umlaut's ("Station Ü-2", a monitoring unit).
_WARD_NUMBER = (
    rf"(?:{_FLOOR_AND_WING}"
    rf"|(?:{CAPITAL}{{1,3}}-|{_LETTER_DOT}|{_WING}[ \t]|[A-Z]{{1,3}}[ ]?|{_WARD_ABBREVIATION})?"
    rf"(?!(?:19|20)\d\d(?!\d))\d{{1,4}}(?:[./\-](?:\d{{1,2}}(?![.,]\d)|{_ROMAN}(?![\w])|{_WING_ROOM}))?"
    rf"(?:[A-Z]|[a-gi-wyz])?(?:-[A-Z](?![\w]))?{_WINGS_AFTER}?"
    rf"|{_ROMAN}[a-d]?(?![\w\-]))"
)
# A room's number may name its floor or bed, or its wing: "1204", "305/1", "2.14", "E2.14", "B.12",
# "4 Süd", "SRA 2", "3.OG-C5".
_ROOM_NUMBER = (
    rf"{_FLOOR_AND_WING}|(?:{CAPITAL}{{1,3}}[\- ]?|{_LETTER_DOT})?\d{{1,4}}"
    rf"(?:[./\-](?:\d{{1,3}}|{_WING_ROOM}))?"
    rf"(?:[A-Z]|[a-c]|-[A-Z](?!\w))?{_WINGS_AFTER}?"
)
# A letter that is not an initial ("Haus B", not "Station B. Huber"), maybe with a wing.
_LETTER_CODE = (
    rf"[A-Z](?:-{_WING}(?![\w\-])|(?![\w\-'’]|[ \t]\d|\.[ \t]?{CAPITAL}[a-zäöüß])(?:[ \t]{_WING})?)"
)
# After a code: no more word, decimal or time, and no count of time, beds, people or a dose
# ("Station 3 Tage", "Therapieeinheit 3 von 10", "Totraum 150 ml", "Bett 30°").
_COUNT_AFTER = (
    r"Stunden?|Std\.?|h|Tag(?:en?)?|d|Nächten?|Uhr|Minuten?|Min\.?|Wochen?|Monate?n?|Jahre?n?|[Mm]al|x|"
    r"Betten|Patienten|Pat\.|Personen|Plätze|Stufen?|Stockwerke?|Etagen?|mg|µg|g|kg|ml|l|IE|mmHg|cm|mm|m"
    r"|von[ \t]+\d"
)
_CODE_END = rf"(?![\w\-/°%]|[.,:]\d)(?![ \t]+(?:{_COUNT_AFTER})(?![^\W\d_]))"
_WARD_WORDS = [
    "Station", "Stat.", "Stn.", "Pflegegruppe", "Pflegebereich", "Haus", "Bau", "Trakt", "Flügel", "Gebäude",
    "Pavillon", "Ebene", "Etage", "Abteilung", "Abt.", "Unit", "Care", "IMC", "IMCU", "ICU", "ITS", "IPS",
    "IBS", "Einheit", "Bereich", "Sektor", "Sektion", "Flur", "Ward", "Stockwerk", "Geschoss", "Geschoß",
    "Modul", "Wohnbereich", "Wohngruppe", "Turm", "Bettenturm", "Stützpunkt", "Pflegestützpunkt", "Cluster",
    "Wohneinheit", "Tagesklinik",
    # the parts, groups and units houses divide wards into, and their organisational units
    # ("Pflegeinsel B-2", "Zone C4", "Kohorte K-3", "Pflegeteam 3 Nord", "Reparto: B2-4", "OE: M4-1",
    # "Kostenstelle: K4-2", "ZNA: AB-12"); _LOOSE_HEADS need a letter and a digit in the code
    "Insel", "Zone", "Area", "Block", "Kohorte", "Team", "Pod", "Reparto", "OE", "Stock", "ZNA", "INA", "NFA",
    "Einleitung", "Kostenstelle", "Leistungsstelle", "Notaufnahme", "Notfallaufnahme",
    # a house's part ("Hausteil B-2 des Heims"); a bed's assignment ("Belegung: K-12")
    "Hausteil", "Gebäudeteil", "Belegung",
]  # fmt: skip
# Also the places a patient is put in a room or a bay: a chair, a couch, a niche, a bay.
_ROOM_WORDS = [
    "Zimmer", "Zi.", "Raum", "Bett", "Box", "Koje", "Saal", "Kabine", "Zelle", "Schlafsaal", "Nische",
    "Bucht", "Bay", "Sessel", "Liege", "Appartement", "Apartment",
]  # fmt: skip
# "Zimmer-Nr. 12", "Boxen-Nr. 4", "Zimmerkennung B-12"
_ROOM_NR = r"(?:(?:e?n)?-?[ ]?(?:Nr\.?|[Nn]ummer)|kennung|-[Kk]ennung)?"


# A gloss in brackets after a ward word ("Sektor (IMC): B4/2").
_WARD_GLOSS = r"\([^()\n]{1,20}\)"


def _place_head(words: list[str], tails: list[str], extra: str = "", number: str = "") -> str:
    """A place word ("Station") or a compound ending in one of ``tails`` ("Intensivstation",
    "IMC-Station"), then ``number``, an optional gloss in brackets ("Station (IMC):") and an
    optional colon or a table's cell border ("Belegung | K-12"); the first capital is checked
    with a lookbehind, so the scan skips ahead."""
    # after a hyphen also any of the words: "KJP-Wohngruppe 3", "ZNA-Box 2"; in capitals too, as
    # forms and headers write them ("HAUS C 12", "WOHNHAUS 3", "OST-HAUS 3/2")
    capitals = [w.upper() for w in words if w[-1] != "." and not w.isupper()]
    lower = "|".join(tails)
    lower_capitals = "|".join(t.upper() for t in tails)
    upper = "|".join(
        [
            *(t.capitalize() for t in tails),
            *(t.upper() for t in tails),
            *(re.escape(w) for w in words if w[-1] != "."),
        ]
    )
    return (
        rf"(?P<head>{CAPITAL}(?<![\w\-]{CAPITAL})(?:{_rests([*words, *capitals])}{extra}"
        rf"|[A-Za-zÄÖÜäöüß\-]{{1,30}}?(?:(?<=[a-zäöüß])(?:{lower})|(?<=[A-ZÄÖÜ])(?:{lower_capitals})|-(?:{upper}))))"
        rf"{number}(?![^\W\d_])(?:[ \t]{{0,3}}{_WARD_GLOSS})?(?:[ \t]{{0,3}}[:|])?[ \t]{{0,3}}"
    )


# The last parts of a ward word's compounds: "Überwachungsbereich B3", "Schmerztagesklinik 2",
# "Obergeschoss C-2", "Jugendwohngruppe 3" (an area of a ward, a day clinic, a floor, a group of
# a home; _NOT_A_PLACE leaves the groups and ranges that are no place).
_WARD_TAILS = [
    "station", "einheit", "haus", "gebäude", "pavillon", "unit", "trakt", "flügel", "bereich", "tagesklinik",
    "geschoss", "geschoß", "gruppe", "insel", "zone", "block", "team", "kohorte", "stock", "gemeinschaft",
    "verbund", "einleitung",
]  # fmt: skip
# Heads that also name what is no place ("Zone II" of the hand, "AV-Block 2", "Kohorte B" of a study,
# "Gehstock 2", "Einleitung 2" of a therapy): their code needs a letter and a digit ("Zone C4",
# "Pflegeteam 3 Nord", "Kohorte K-3").
_LOOSE_HEADS = (
    "zone", "area", "block", "team", "kohorte", "stock", "gemeinschaft", "verbund", "einleitung", "aufnahme",
    "insel", "oe", "pod", "bay", "sessel", "liege", "stelle", "belegung",
)  # fmt: skip
_WARD = re.compile(
    _place_head(_WARD_WORDS, _WARD_TAILS) + rf"(?P<code>{_WARD_NUMBER}|{_LETTER_CODE}){_CODE_END}"
)
# A ward word, a noun and a code shaped as wards' codes are (a letter, a floor or a short name
# with its number; no bare number, which may count anything): "IMC Überwachung B4/2", "Station
# Lärche 2.OG-B", "Etage Neubau Med-3".
_WARD_AFTER_NOUN = re.compile(
    _place_head(_WARD_WORDS, ["station", "einheit", "unit"])
    + rf"{CAPITAL}[a-zäöüß]{{3,30}}[ \t]{{1,3}}(?:{_WARD_GLOSS}[ \t]{{0,3}})?(?::[ \t]{{0,3}})?"
    + rf"(?P<code>{_FLOOR_AND_WING}|[A-Z]\d{{1,2}}/\d{{1,2}}(?![\d/])|{_WARD_ABBREVIATION}\d{{1,2}}(?![\d/])"
    + r"|\d{1,2}(?![DT])[A-Z])"
    + _CODE_END
)
# A transfer's arrow, a unit's noun and a code shaped as wards' codes are: "ITS → Aufwachbereich
# B4/2", "-> Normalpflege Med3" (no count of days, weeks, months or years: "→ Kontrolle 4W"; no
# segment of the spine: "→ Wirbelsäule L4/5").
_WARD_AFTER_ARROW = re.compile(
    rf"(?:→|->|⇒|=>)[ \t]{{0,3}}{CAPITAL}[a-zäöüß]{{3,30}}[ \t]{{1,3}}"
    + rf"(?P<code>{_FLOOR_AND_WING}|(?![CLST]\d)[A-Z]\d{{1,2}}/\d{{1,2}}(?![\d/])"
    + rf"|{_WARD_ABBREVIATION}\d{{1,2}}(?![\d/])|\d{{1,2}}(?![DTWJM])[A-Z])"
    + _CODE_END
)
_ROOM = re.compile(
    # "Zimmer-Nr. 12" (but "Hausnummer 12" is an address)
    # a place in a room ("Behandlungsplatz 3", "Notfallbox B-2"; no place word alone: "Platz 3" ranks)
    _place_head(
        _ROOM_WORDS,
        ["zimmer", "raum", "saal", "bett", "platz", "box", "nische", "bucht", "sessel", "liege"],
        r"|(?<=Z)i(?=[ \t]*:)",
        _ROOM_NR,
    )
    + rf"(?P<code>{_ROOM_NUMBER}|{_LETTER_CODE}){_CODE_END}"
)
# Compounds of a place word that name no place: a session, a dose, anatomy or time.
_NOT_A_PLACE = (
    ("einheit", ("brot", "kohlenhydrat", "insulin", "therapie", "trainings", "behandlungs", "übungs",
                 "sitzungs", "bewegungs", "lehr", "unterrichts", "zeit", "maß", "mess", "dosis", "mengen")),
    ("raum", ("al", "zeit", "wirbel", "zwischen", "tot", "spiel")),
    ("bett", ("gefäß", "kapillar", "nagel", "tumor", "wund")),
    ("platz", ("arbeits", "ausbildungs", "studien", "therapie", "kita", "kindergarten", "schul", "heim",
               "park", "spiel", "sitz", "markt", "kirch", "dorf", "bahnhof", "rat", "haupt", "stadt")),
    ("box", ("kühl", "schmerz", "spiel", "brot", "tablett", "medikamenten")),
    # a group that is no ward: blood, age, risk, a study's arm ("Blutgruppe A", "Altersgruppe 3")
    ("gruppe", ("blut", "alters", "risiko", "fall", "vergleichs", "kontroll", "selbsthilfe", "ziel",
                "patienten", "arzneimittel", "wirkstoff", "substanz", "medikamenten", "berufs", "lohn",
                "gehalts", "tarif", "diagnose", "drg", "haupt", "unter", "therapie", "behandlungs",
                "studien", "test", "interventions", "placebo", "dosis", "gewichts", "größen", "produkt",
                "waren", "leistungs", "versicherten", "einkommens", "sport", "spiel", "kinder", "eltern",
                "angehörigen", "gesprächs", "trainings", "gymnastik")),
    # a conduction block, a nerve block: "AV-Block 2", "Schenkelblock B2" is rare but no ward
    ("block", ("av", "schenkel", "nerven", "leitungs", "plexus", "faszien", "sinu", "sa", "herz", "ast",
               "hemi", "spinal", "wurzel", "sympathikus", "ganglion", "regional")),
    # a zone of the body, of a tissue or of a rule: "Transformationszone T2", "Übergangszone"
    ("zone", ("transformations", "übergangs", "grenz", "gefahren", "komfort", "wachstums", "reiz", "druck",
              "kontakt", "zeit", "rand", "kern", "infarkt", "umbau", "mantel", "sperr", "sicherheits",
              "klima", "schutz", "euro", "trigger", "head", "fraktur", "periphere", "zentral")),
    # a walking stick, a stock of goods; a pancreas's islets; labour or a therapy induced
    ("stock", ("geh", "spazier", "ski", "bienen", "grund", "aktien", "wander", "zeige", "takt", "vorrats",
               "lager", "bestands")),
    ("insel", ("langerhans", "pankreas", "reil", "blut", "haut", "fett")),
    ("einleitung", ("geburts", "therapie", "behandlungs", "verfahrens", "klage", "rechts")),
    # a range of values, a part of the body or of a task: "Zielbereich 2-3", "Lendenbereich 4"
    ("bereich", ("norm", "normal", "referenz", "ziel", "mess", "grenz", "dosis", "frequenz", "wert",
                 "werte", "toleranz", "schwankungs", "streu", "therapeutisch", "therapie", "alters",
                 "zeit", "geltungs", "aufgaben", "fach", "arbeits", "tätigkeits", "zuständigkeits",
                 "verantwortungs", "kopf", "hals", "nacken", "brust", "bauch", "rücken", "becken",
                 "gesichts", "lenden", "knie", "hüft", "schulter", "fuß", "hand", "arm", "bein", "genital",
                 "anal", "wirbel", "nieren", "leber", "herz", "lungen", "unter", "ober", "mittel", "rand",
                 "gelenk", "haut", "narben", "wund", "leisten", "achsel", "augen", "ohr", "mund", "zahn",
                 "kiefer", "stirn", "finger", "zehen", "sakral", "steiß", "gesäß", "schenkel", "fersen")),
)  # fmt: skip


# A vertebra, finger or dermatome after "Bereich" ("im Bereich L4", "Bereich C5") is anatomy (a
# compound names its part of the body: _NOT_A_PLACE; "Wohnbereich Ch3" is a ward).
_ANATOMY_CODE = re.compile(r"[CTLSDH]h?\.?\d{1,2}")


# Groups that never name a ward, whatever their code ("Blutgruppe A2"); other groups that
# _NOT_A_PLACE names (a therapy's, a study's) are a ward's group when their code is one
# ("Therapiegruppe B4", "Gesprächsgruppe 12/3").
_NEVER_A_WARD_GROUP = (
    "blut", "alters", "risiko", "diagnose", "drg", "lohn", "gehalts", "tarif", "einkommens", "berufs",
    "versicherten", "produkt", "waren", "leistungs", "gewichts", "größen", "wirkstoff", "substanz",
    "arzneimittel", "medikamenten", "dosis", "fall",
)  # fmt: skip
_SLASHED_NUMBER = re.compile(r"\d{1,3}/\d{1,3}")


def _letter_and_digit(code: str) -> bool:
    return any(c.isdigit() for c in code) and any(c.isalpha() for c in code)


def _is_place(m: re.Match[str]) -> bool:
    head = m.group("head").lower()
    code = m.group("code")
    loose = head.endswith(_LOOSE_HEADS)
    if _ANATOMY_CODE.fullmatch(code) and (head == "bereich" or loose):
        return False
    if loose and not _letter_and_digit(code):
        return False
    for tail, parts in _NOT_A_PLACE:
        if head.endswith(tail) and head[: -len(tail)].rstrip("-").endswith(parts):
            if head == "sitzplatz":
                return _letter_and_digit(code)  # a dialysis chair's "Sitzplatz B-4", no seat count
            return (
                tail == "gruppe"
                and not head[: -len(tail)].endswith(_NEVER_A_WARD_GROUP)
                and (_letter_and_digit(code) or _SLASHED_NUMBER.fullmatch(code) is not None)
            )
    return True


# A ward named by a wing: "Station Nord", "Stat. Süd 2", "Bettenstation West 2".
_WARD_WING = re.compile(
    rf"{CAPITAL}(?<![\w\-]{CAPITAL})(?:(?<=S)(?:tation|tat\.|tn\.)|[a-zäöüß]{{2,30}}station)[ \t]{{1,3}}"
    rf"(?P<code>{_WING}(?:[ \t]?\d{{1,2}})?){_CODE_END}"
)
# A ward named after its department, with its code: "Station Innere 2", "Stat. Kardiologie B".
_WARD_DEPARTMENT = re.compile(
    rf"S(?<![\w\-]S)(?:tation|tat\.|tn\.)[ \t]{{1,3}}{CAPITAL}[a-zäöüß]{{3,30}}[ \t]{{1,3}}"
    rf"(?P<code>{_WARD_NUMBER}|{_LETTER_CODE}){_CODE_END}"
)
# A ward named by a word, as houses name them after trees, flowers or saints: "Station Lärche",
# "Stat. Enzian". Not a department, a wing, a kind of ward or a role ("Station Kardiologie",
# "Station Aufnahme", "Stationsarzt").
_NAMED_WARD = re.compile(
    # "Station Lärche", "Stat. Enzian 2", and a compound's: "Pflegestation Lilie" (a "Sozialstation",
    # "Diakoniestation" or "(Berg)Rettungsstation" is a care or rescue service named after its
    # town: a site; a lift's "Talstation" or "Bergstation" and an inn's "Jausenstation" a place)
    r"(?:S(?<![\w\-]S)(?:tation|tat\.|tn\.)"
    rf"|{CAPITAL}(?<![\w\-]{CAPITAL})[a-zäöü]{{2,20}}(?<!Sozial)(?<!iakonie)(?<!ettungs)(?<!Tal)(?<!Berg)(?<!Jausen)station)"
    r"[ \t]{1,3}"
    rf"(?P<code>(?P<name>{CAPITAL}[a-zäöüß]{{2,20}})(?:[ \t]\d{{1,2}}[A-Za-z]?)?)(?![\w\-])"
)
# Lower case: what a ward's name is not.
_NOT_A_WARD_NAME = re.compile(
    r"[a-zäöüß]*(?:logie|urgie|iatrie|pädie|medizin|heilkunde|ambulanz|aufnahme|station|pflege|dienst"
    r"|leitung|arzt|ärztin|ärzte|schwester|pfleger|team|telefon|zimmer|ie|ik)"
    r"|innere|interne|intensiv|palliativ|normal|privat|sonder|akut|tages|wach|nacht|mitte|nord|süd|ost|west"
    r"|eins|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|und|oder|mit|ohne|bei|für|von|nach|heute|morgen"
)


def _is_ward_name(m: re.Match[str]) -> bool:
    return _NOT_A_WARD_NAME.fullmatch(m.group("name").lower()) is None


# A moving preposition: "auf", "von", "an", "zu(r)", "in", "nach".
_MOVING = (
    r"[AaVvZzIiNnÜü](?<![\w\-][AaVvZzIiNnÜü])"
    r"(?:(?<=[Aa])uf|(?<=[Aa])n|(?<=[Aa])us|(?<=[Vv])on|(?<=[Zz])ur|(?<=[Zz])u|(?<=[Ii])n|(?<=[Nn])ach|(?<=[Üü])ber)"
    r"[ \t]+"
)
_ARTICLE = r"(?:die|der|den|dem|unsere|unserer|ihre|ihrer|seine|seiner)[ \t]+"
# A ward named by its department and code after a moving preposition: "auf der Kardiologie 2",
# "von der Chirurgie C", "auf die Innere 3B". Department names end in -logie, -urgie, -iatrie,
# -pädie, -medizin, -matik, -ation, -heilkunde, -hilfe or -klinik ("Psychosomatik", "Remobilisation",
# "Geburtshilfe", "Tagesklinik"), or are the short forms wards go by. A noun or quantifier after a number
# counts ("in der Radiologie 2 Aufnahmen", "2 weitere").
_DEPARTMENT = (
    rf"(?:{CAPITAL}[a-zäöüß]{{1,30}}?(?:logie|urgie|iatrie|pädie|medizin|matik|ation|heilkunde|hilfe|klinik|klasse)|HNO"
    r"|Innere[nr]?(?:[ \t]Medizin)?|Interne|"
    r"Intensiv|Palliativ|Kardio|Neuro|Onko|Gastro|Pulmo|Pneumo|Nephro|Ortho|Uro|Gyn|Derma|Psycho|Trauma|Med|Chir)"
)
# A ward code that has a letter or a full stop and neither a year nor an ICD code can be: "4B/2", "G.2",
# "K4.2", "C4.1" (a letter and one digit before the stop; "I21.4" is a diagnosis), "3B" (not "3D",
# imaging, or "3T", a scanner's tesla).
_DEPARTMENT_WARD_CODE = (
    # a floor's wing and its room or bed: "4B/2"
    r"\d{1,2}[A-Z]/\d{1,2}(?!\d)|"
    rf"{_LETTER_DOT}\d{{1,2}}(?:\.\d{{1,2}})?"
    r"|[A-Z]{1,2}\d\.\d{1,2}|\d{1,2}(?![DT])[A-Z]"
    # a department's short name and its number, no marker or interleukin: "DE-3", "KIN-12"
    r"|(?!IL|CA|CD|HB|ICD|HLA)[A-Z]{2,3}-\d{1,2}[a-z]?"
)
# A wing and its number name a ward wherever they stand ("liegt auf der Interne Ost 7", "Süd-6"); a
# letter, a floor and a room or bed ("W7-4") after a moving preposition or a department, unless
# the letter names a vertebra, a stage or a grade ("C5-6", "T1-2", "G1-2").
_WING_NUMBER = rf"{_WING}[ \t\-]\d{{1,2}}[A-Za-z]?(?![\w\-/])"
# After a department a letter and its number apart ("B 3", "B-3", "B 2.1"), a code and its wing
# ("C2 Nord") or a number and its wing joined by a hyphen ("3-Ost") name a ward too. Without a
# moving preposition before the department, not a letter a vertebra, stage or grade has ("Neuro-
# chirurgie C 5", "Pathologie T 2", "G 1").
_LETTER_APART = r"[ \t\-]\d{1,2}(?:\.\d{1,2})?(?![\w\-/]|[.,]\d)"
_CODE_AND_WING = rf"[A-Z]{{1,2}}\d{{1,2}}[ \t\-]{_WING}(?![\w\-])|\d{{1,2}}-{_WING}(?![\w\-])"
_SPLIT_WARD_CODE = rf"[A-Z]{_LETTER_APART}|{_CODE_AND_WING}"
_UNSTAGED_SPLIT_WARD_CODE = rf"[ABDE-FH-KOPQU-Z]{_LETTER_APART}|{_CODE_AND_WING}"
_FLOOR_CODE = r"[ABE-FH-KO-RU-Z]\d{1,2}-\d{1,2}(?![\w\-/]|[.,]\d)"
_WARD_AFTER_DEPARTMENT = re.compile(
    rf"{_MOVING}(?:{_ARTICLE})?(?P<dept>{_DEPARTMENT})[ \t]+"
    rf"(?P<code>{_FLOOR_CODE}|{_DEPARTMENT_WARD_CODE}|{_SPLIT_WARD_CODE}"
    rf"|\d{{1,2}}(?:[A-Z]|[a-c])?(?:[ \t]{_WING})?|[A-Z]{{1,2}}\d{{1,2}}"
    rf"|\d{{1,2}}\.[1-9]\d?|{_ROMAN}[a-d]?(?![\w\-])|{_LETTER_CODE}){_CODE_END}"
    rf"(?![ \t]+(?:{CAPITAL}[a-zäöüß]|weitere|andere|neue|mehrere|zusätzliche))"
)
_STAGE = re.compile(r"[TNMGRLV][ \t\-]?\d")
_STAGING_DEPARTMENTS = ("patho", "radio", "onko")


def _no_stage(m: re.Match[str]) -> bool:
    """Pathology, radiology and oncology write stages, grades and sequences ("in der Pathologie G2",
    "in der Radiologie T2"), not wards."""
    stage = _STAGE.fullmatch(m.group("code"))
    return not (stage and m.group("dept").lower().startswith(_STAGING_DEPARTMENTS))


# A department and a code of that shape need no preposition: "Akutgeriatrie G.2", "Kardiologie 3B",
# "Innere Medizin K4.2"; a bare number after a department is a count or a year ("Neurologie 2019",
# "Kardiologie 3 Tage"), a letter and a digit a stage or an MRI sequence ("Radiologie T2"). The word
# (or a hyphenated compound's last part, "Unfall-Chirurgie") is read whole, without giving letters
# back, and its ending checked once (-logie, -iatrie, -urgie, -pädie, -medizin).
_WARD_OF_DEPARTMENT = re.compile(
    rf"{CAPITAL}(?<!\w{CAPITAL})(?:(?<=I)(?:nnere[nr]?(?:[ \t]Medizin)?|nterne[nr]?)"
    r"|[a-zäöüß]{2,30}+(?<=[enk])(?:(?<=logie)|(?<=iatrie)|(?<=urgie)|(?<=pädie)|(?<=medizin)|(?<=ation)"
    r"|(?<=matik)|(?<=klinik)|(?<=klasse))|(?<=H)NO)"
    rf"(?![^\W\d_])[ \t]{{1,3}}(?P<code>{_DEPARTMENT_WARD_CODE}|{_UNSTAGED_SPLIT_WARD_CODE}){_CODE_END}"
)
# A ward named by its code alone after a moving preposition: "auf die 5C", "von der 2 West",
# "an die 3 Nord" (a floor number with a wing letter or a direction), "auf die KA 3", "an die
# INT-2", "auf die B3/2", "auf die 3.2"; the article is needed ("in 3D" is imaging).
_WARD_AFTER_PREPOSITION = re.compile(
    rf"{_MOVING}{_ARTICLE}(?P<code>\d{{1,2}}(?:[A-Z]|[ \t]{_WING})|\d{{1,2}}\.[ \t]?(?:Stock|OG)"
    rf"|{_WING}[ \t]\d{{1,2}}[A-Za-z]?|[A-Z]\d{{1,2}}[A-Za-z]?"
    r"|(?!(?:IMCU?|ICU|ITS|IPS|IBS)\b)(?:[A-Z]{1,3}-\d{1,2}[A-Z]?|[A-Z]{2,3}[ ]\d{1,2})|[A-Z]\d{1,2}/\d{1,2}"
    r"|\d{1,2}\.\d{1,2}(?![.,]?\d|[ \t]*-?fach))"
    rf"{_CODE_END}"
)
# A wing and its number, wherever they stand (one after a department too: "Interne Ost 7").
_WING_WARD = re.compile(rf"(?<![\w\-])(?P<code>{_WING_NUMBER}){_CODE_END}")
# After a moving preposition without its article too: "Rückübernahme von W7-4", "Verlegung auf 4B",
# "stationär auf 7 Süd". Without the article only a wing's letter A to F, not imaging, a scanner
# or a duration ("in 3D", "auf 3T", "nach 1J", "in 2W").
_FLOOR_WARD = re.compile(
    rf"{_MOVING}(?:{_ARTICLE})?(?P<code>{_FLOOR_CODE}|\d{{1,2}}[A-CEF](?![\w\-/])"
    rf"|\d{{1,2}}[ \t]{_WING}(?![\w\-])){_CODE_END}"
)
# Each pattern with the digits its code needs at least and a check of the match: a place or
# department word names a ward, so a letter is code enough there.
_ID_PATTERNS: tuple[tuple[re.Pattern[str], int, Callable[[re.Match[str]], bool] | None], ...] = (
    (_COLON_ID, 4, None), (_FILE_NUMBER, 2, None), (_COURT_MATTER, 2, None), (_WARD, 0, _is_place),
    (_ROOM, 0, _is_place),
    (_WARD_WING, 0, None), (_WARD_DEPARTMENT, 0, None), (_WARD_AFTER_NOUN, 1, _is_place),
    (_WARD_AFTER_ARROW, 1, None), (_WARD_AFTER_DEPARTMENT, 0, _no_stage),
    (_WARD_OF_DEPARTMENT, 0, None), (_WARD_AFTER_PREPOSITION, 1, None),
    (_NAMED_WARD, 0, _is_ward_name), (_WING_WARD, 1, None), (_FLOOR_WARD, 1, None),
)  # fmt: skip
# Keyword identifiers: (pattern, fewest digits, check).
# Any label with a colon (a bar, leader dots, a tab) before a code shaped as identifiers are and
# measurements are not: seven or more digits in one run; a series of capitals with slashes or
# hyphens ("Kennung: 20231144", "Vorgang: KH-2023/4455", "Eingang: 23/AB/00441", "Vorgang |
# K-7-20441"); dotted or slashed digit groups, dates aside ("Eingang: 2023.11/4471"); capitals
# and digits in turn with five digits or more ("Probe: XK44712QB"). Lab counts carry a unit
# ("250000/µl"); a tumour's stage has fewer digits ("T2N1M0").
_LABELLED_CODE = re.compile(
    rf"(?P<kw>{CAPITAL}(?<![\w\-]{CAPITAL})[\w.\-]{{1,30}})"
    rf"(?:[ \t]{{0,2}}:[ \t]{{0,3}}|[ \t]{{0,2}}(?:{_FORM_RULE})|\t[ \t]{{0,3}})"
    r"(?P<code>(?:[A-Z]{1,4}[\-/ ]?)?\d{7,14}|[A-Z]{1,4}[\-/]?\d{1,4}[\-/]\d{3,8}"
    r"|\d{2,4}[\-/][A-Z]{1,4}[\-/]\d{3,8}|\d{1,4}[./]\d{2,6}[./]\d{2,8}"
    r"|(?=[A-Z0-9]{6,16}(?!\w))(?=(?:[A-Z]*\d){5})(?:[A-Z]+\d+[A-Z]|\d+[A-Z]+\d)[A-Z0-9]*)"
    r"(?![\w/.,\-]|[ \t]*(?:/|mg|µg|ml|µl|l|%|E\b|IE|Einheiten|mmol|g\b))" + _MORE_GROUPS
)
# A letter's reference line: "Unser Zeichen: XY/4471/23", "Ihr Zeichen ab-12/7", "Ihr
# Aktenzeichen 17 Cg 88/21": the file number of sender or addressee, any code with a digit
# (a court's file number whole).
_REFERENCE_LINE = re.compile(
    r"(?P<kw>(?<![\w\-])(?:[Uu]nser(?:e)?|[Ii]hr(?:e)?)[ \t]+(?:Zeichen|Aktenzeichen|Geschäftszeichen|Az\.))"
    + _CODE_SEPARATOR
    + r"[ \t]{0,3}"
    rf"(?P<code>{_COURT_CODE}"
    r"|(?:[A-Za-z]{1,4}[ ](?=\d))?[A-Za-z0-9](?:[A-Za-z0-9]|[\-/.](?=[A-Za-z0-9])){0,39})(?![\w\-/])"
    + _MORE_GROUPS
)
# A code of capitals and two digit groups joined by hyphens or slashes, seven digits or more, is
# an identifier whatever stands before it ("Vorgang K-2031-004471", "AB-4471/20331", a number and
# its year "KX-204471/23"): no phone, date, dose or measurement has this shape.
_SERIES_CODE = re.compile(
    r"(?<![\w\-/.])(?P<code>[A-Z]{1,4}-\d{2,8}[\-/]\d{2,8})(?![\w\-/]|[.,]\d)" + _MORE_GROUPS
)
# A code shaped as only identifiers are, whatever word stands before it: eight digits or more in
# one run ("Aktenvermerk 20314471"; one with a leading zero from twelve, shorter ones are phone
# numbers); digit groups joined by slashes with seven digits or more ("Probe 2031/44871"; no
# ratio, "120/80"); three hyphened digit groups or two of unequal length with seven digits or more
# ("12-447123"; no range, "5000-10000"); three dotted groups or more with eight digits that are no
# thousands ("12.44712.031.5"; not "1.250.000"); capitals and six digits or more ("Q481227903"),
# maybe in slashed or hyphened groups ("K12/34567-8") or blank-separated ones ("AB 12 345678");
# an Italian tax code ("RSSMRA85T10A562S", also grouped). A count, an amount or a measurement
# carries its unit ("12000000 Kopien/ml"); a phone number starts with its area code's zero or
# follows another group; dates stay dates.
_CAPITALS_AND_DIGITS = r"[A-Z]{1,4}-?\d{6,14}"  # "Q481227903": six digits are enough on their own
_BARE_CODE = re.compile(
    r"(?<![\w\-/.,:+])(?<!\d[ ])(?P<code>(?!\d{4}-\d\d?-\d|\d\d?-\d\d?-\d)"
    r"(?:[1-9]\d{7,33}|0\d{11,33}|[1-9]\d{1,7}(?:/\d{2,8}){1,3}|[1-9]\d{0,7}(?:-\d{1,8}){1,3}"
    r"|\d{1,4}(?:\.\d{1,8}){2,5})"
    rf"|{_CAPITALS_AND_DIGITS}"
    r"|[A-Z]{1,4}[-/]?\d{1,8}(?:[\-/]\d{1,8}){1,3}|[A-Z]{1,3}[ ]\d{2,3}[ ]\d{4,8}"
    r"|[A-Z]{3}[ ]?[A-Z]{3}[ ]?\d{2}[A-Z]\d{2}[ ]?[A-Z]\d{3}[A-Z])(?P<more>)"
    r"(?![\w\-/]|[.,]\d|[ \t]*(?:[/%€]|[mµnp]?(?:g|l|mol)\b|[dk]?[gl]\b|IE\b|IU\b|U\b|E\b|EUR\b|Euro\b"
    r"|CHF\b|Kopien|Zellen|Einheiten|Mio\b|Mrd\b))"
)
# Codes of products and classifications, not of persons: a drug's or a batch's number.
_PRODUCT_CODE_LABEL = re.compile(
    r"(?:PZN|[Pp]harmazentralnummer|EAN|GTIN|ATC|OPS|LOT|Lot|Ch\.-?B\.|Charge)[ \t]*[:.\-]?[ \t]*\Z"
)
_THOUSANDS = re.compile(r"\d{1,3}(?:\.\d{3})+")
_DOTTED_DATE = re.compile(r"\d{1,2}\.\d{1,2}\.\d{2,4}|\d{4}\.\d{1,2}\.\d{1,2}")  # also one no calendar has


def _bare_code_ok(m: re.Match[str]) -> bool:
    """Whether a keyword-free code is an identifier's shape, not a ratio, range, count, sum or a
    product's code."""
    code = m.group("code")
    if _PRODUCT_CODE_LABEL.search(m.string, max(0, m.start() - 12), m.start()):
        return False
    digits = sum(c.isdigit() for c in code)
    if code.isdigit():
        return True
    if not code[0].isdigit():
        return digits >= 7 or re.fullmatch(_CAPITALS_AND_DIGITS, code) is not None
    if "." in code:
        return _THOUSANDS.fullmatch(code) is None and _DOTTED_DATE.fullmatch(code) is None and digits >= 8
    if digits < 7:
        return False
    groups = code.split("/") if "/" in code else code.split("-")
    if "/" in code or len(groups) > 2:
        return True
    first, second = groups
    return abs(len(first) - len(second)) >= 2 and not (first.endswith("00") and second.endswith("00"))


_KEYWORD_ID_PATTERNS: tuple[tuple[re.Pattern[str], int, Callable[[re.Match[str]], bool] | None], ...] = (
    (_ID_CODE, 4, None), (_ID_GENERIC, 3, _id_keyword_ok), (_LABELLED_CODE, 5, _id_keyword_ok),
    (_REFERENCE_LINE, 1, None), (_SERIES_CODE, 7, None), (_BARE_CODE, 6, _bare_code_ok),
)  # fmt: skip
# Capitals around two digits or more after a keyword ("Teilnehmercode QX41TR", "Code A1B2C3"): a code
# however few its digits, as no quantity, marker or date is written so.
_INTERLEAVED_CODE = re.compile(r"(?=(?:[A-Z]*\d){2})[A-Z]{1,6}\d{1,4}[A-Z]{1,6}(?:\d{1,4}[A-Z]{0,6})*")
# ... and capitals, then groups after hyphens with two digits or more ("Studien-ID Q-XR-41", "Bett
# K-12"): a code, as no dose, stage or marker is written so after a number's keyword.
_HYPHENATED_CODE = re.compile(r"(?=(?:[A-Z\-]*\d){2})[A-Z]{1,4}(?:-[A-Z0-9]{1,6}){1,4}")
_DIGIT_GROUP = re.compile(f"{_GROUP}|{_CLOSING_GROUP}")  # the groups of _MORE_GROUPS, one by one
# A code that more digit groups may continue: digits, maybe after a series ("AB 123 456",
# "Q481 227 903").
_SERIES_AND_DIGITS = re.compile(r"(?:[A-Z]{1,4}[ ]?)?\d+")
# A trailing digit group that is a quantity, not part of the code ("Fallnr. 12345 78 J.").
_QUANTITY_AFTER = re.compile(r"[ ]?(?:J\.?|Jahre|jährig|(?:a|x|mal)(?![^\W\d_])|mg|ml|kg|Tbl|Stk|mmHg|%)")


def kvnr_check_digit(letter: str, digits: str) -> int:
    """Check digit of a German KVNR (the unchangeable 10-character part) from its letter
    and its 8 serial digits: the letter becomes 01..26, the 10 digits are weighted
    1,2,1,2,..., two-digit products are cross-summed, the sum modulo 10 is the check digit."""
    number = f"{ord(letter.upper()) - ord('A') + 1:02d}" + digits
    total = 0
    for i, ch in enumerate(number):
        product = int(ch) * (1 if i % 2 == 0 else 2)
        total += product // 10 + product % 10
    return total % 10


def _valid_kvnr(code: str) -> bool:
    return (
        len(code) == 10
        and code[0].isalpha()
        and code[1:].isdigit()
        and kvnr_check_digit(code[0], code[1:9]) == int(code[9])
    )


def _plausible_birth_date(ddmmyy: str) -> bool:
    day, month = int(ddmmyy[:2]), int(ddmmyy[2:4])
    days = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
    return 1 <= month <= 12 and 1 <= day <= days[month - 1]


# ---------------------------------------------------------------------------------------------
# Overlap resolution
# ---------------------------------------------------------------------------------------------

_PRIORITY = {ID: 0, DAT: 1, AGE: 2}
_START = attrgetter("start")


def _resolve(spans: list[Span]) -> list[Span]:
    """Non-overlapping spans: ID > DAT > AGE, then longer first, then earlier."""
    spans.sort(key=_START)
    if all(a.end <= b.start for a, b in pairwise(spans)):
        return [s for s in spans if s.end > s.start]  # the common case: nothing overlaps
    return select_disjoint(sorted(spans, key=lambda s: (_PRIORITY.get(s.type, 9), s.start - s.end, s.start)))


# ---------------------------------------------------------------------------------------------
# Stage
# ---------------------------------------------------------------------------------------------


_DATE_CUE = (
    r"(?:seit|ED|Erstdiagnose|Erstdiagnostik|EM|von|bis|ab|im[ \t]+Jahre?|Jahr|Anfang|Ende|Mitte|"
    r"Frühjahr|Sommer|Herbst|Winter|ca\.|circa|Stand|St\.[ \t]?p\.|Z\.[ \t]?n\.|s/p)"
)
_UNITS = (
    r"mg|g|ml|l|IE|I\.E\.|E|µg|mcg|kg|mmHg|Stk|Tbl|Tabl|x|%|kcal|cal|m|cm|mm|km|Schritte|Punkte|Pkt|"
    r"LK|Lymphknoten|Zellen|Mio|Tsd|/µl|/nl|Hz|W|J"
)
_NOT_AFTER_DATE = rf"(?![\d/.,:]\d|[\d/]|[ \t]?(?:{_UNITS})(?![^\W\d_]))"
_CUED_YEAR = re.compile(
    rf"(?:(?<![\w.]){_DATE_CUE}[ \t]+|(?<![\w])\()(?P<d>(?:19|20)\d{{2}}){_NOT_AFTER_DATE}"
)
# Letters date history by bare years ("Z.n. Knie-TEP 2015", "St.p. Radiusfraktur 1998"): a 4-digit year
# 1900-2099 standing alone, not glued to other numbers, not a quantity and not after a
# number word ("Nr. 2019", "Zimmer 2012").
_BARE_YEAR = re.compile(
    rf"(?P<d>[12](?<![\w.,/:+\-][12])(?<![\d][ ][12])(?:(?<=1)9|(?<=2)0)\d{{2}}){_NOT_AFTER_DATE}"
)
# A noun on the same line right after the number: a count ("2023 Patienten").
_COUNTED_NOUN_AFTER = re.compile(rf"[ \t\u00a0]+{CAPITAL}[a-zäöüß]")
_NUMBER_WORDS = wordset(
    """nr nr. nummer zimmer zi zi. station bett tel tel. fax plz postfach code ca ca. circa etwa
    x × mal über unter bis-zu max max. min min. gesamt total summe insgesamt"""
)
# Month/two-digit year ("ED 12/17", "Port 1/19", "01/18-06/19"); the month (1-12) is checked
# in Python.
_MONTH_YEAR = re.compile(
    rf"(?P<d>(?P<month>\d(?<![\w/.,:+]\d)(?<![^\W\d_]-\d)\d?)/\d{{2}})"
    rf"{_NOT_AFTER_DATE}"
)
_SCORE_BEFORE = re.compile(
    r"(?i:nrs|vas|nas|pain|score|schmerz\w*|nyha|gcs|punkte?|skala|visus|rr|lk|ratio|apgar|ecog|karnofsky)\W{0,4}$"
)
# The first day or month of a range that writes its month/year once ("11-12.03.2025",
# "02.04-16.04.2025", "3. - 17. Mai 2023", "3-7/21", "März bis Oktober 2020"): read
# backwards from a date the stage found, so it costs one anchored match per date.
_RANGE_START_BEFORE = re.compile(
    r"(?:(?<![\w.,/:+\-])(?P<num>\d{1,2}\.?(?:\d{1,2}\.?)?)"
    rf"|(?<![\w])(?P<mn>{MONTH_NAME}))"
    r"[ \t\u00a0]{0,2}(?:[-–/]|bis)[ \t\u00a0]{0,2}$"
)
_RANGE_LOOKBACK = 24
_MONTH_SLASH_YEAR_TEXT = re.compile(r"\d{1,2}/(?:\d{2}|\d{4})")
# "06/07.11.2024": the slash hides the second date from the date grammar.
_SLASHED_DAY_DATE = guarded(
    r"(?<![\w/.,])", r"(?P<a>\d{1,2})/(?P<b>\d{1,2}\.\d{1,2}\.(?:\d{4}|\d{2}))(?![\d.]\d)"
)


def _range_start(text: str, span: Span) -> Span | None:
    """The bare start of a range that ends at the date ``span`` (see ``_RANGE_START_BEFORE``)."""
    lo = max(0, span.start - _RANGE_LOOKBACK)
    m = _RANGE_START_BEFORE.search(text[lo : span.start])
    if m is None:
        return None
    if m.group("num") is not None:
        parts = [int(p) for p in m.group("num").split(".") if p]
        month_year = _MONTH_SLASH_YEAR_TEXT.fullmatch(text, span.start, span.end) is not None
        limit = 12 if month_year and len(parts) == 1 else 31  # "6-9/19" starts with a month
        if not 1 <= parts[0] <= limit or (len(parts) == 2 and not 1 <= parts[1] <= 12):
            return None
        start, end = lo + m.start("num"), lo + m.end("num")
    else:
        start, end = lo + m.start("mn"), lo + m.end("mn")
    return Span(start, end, DAT, "RegexDate")


def _year_context_ok(text: str, start: int) -> bool:
    """A bare year or month/year is no date after a score, number or version word."""
    if _SCORE_BEFORE.search(text, max(0, start - 16), start):
        return False
    prev = _prev_tokens(text, start, 1)
    if not prev:
        return True
    low = prev[-1].lower()
    return low not in _NUMBER_WORDS and low not in _VERSION_CUES and low.rstrip(".") not in _VERSION_CUES


class PhiStage:
    """Finds DAT, AGE and ID spans on raw note text."""

    def __init__(self, types: frozenset[str], ages: str = "over89") -> None:
        """``types``: subset of {"DAT", "AGE", "ID"} to report; ``ages``: "over89" (only
        ages > 89, Safe Harbor) or "all"."""
        if ages not in AGE_MODES:
            raise ValueError(f"ages must be one of {AGE_MODES}, not {ages!r}")
        self.types = frozenset(types)
        self.ages = ages

    def find(self, text: str) -> list[Span]:
        """Return sorted, non-overlapping spans on ``text`` (Python string indices)."""
        spans: list[Span] = []
        if ID in self.types:
            spans.extend(self._ids(text))
        if DAT in self.types:
            spans.extend(self._dates(text))
        if AGE in self.types:
            min_age = 0 if self.ages == "all" else _SAFE_HARBOR_MAX_AGE + 1
            spans.extend(self._ages(text, min_age))
        return _resolve(spans)

    # -- dates --------------------------------------------------------------------------------

    @staticmethod
    def _dates(text: str) -> Iterator[Span]:
        found: list[Span] = []
        for pattern in DATE_PATTERNS:
            for m in pattern.finditer(text):
                g = m.groupdict()
                if (is_valid_match(m, g) or is_impossible_date(g)) and _date_context_ok(text, m, g):
                    found.append(Span(m.start(), m.end(), DAT, "RegexDate"))
        for m in _SLASHED_DAY_DATE.finditer(text):
            if parse_date(m.group("b")) is not None and 1 <= int(m.group("a")) <= 31:
                found.append(Span(m.start("b"), m.end("b"), DAT, "RegexDate"))
        # Letters date history by a bare year or a month/year pair ("seit 2019", "ED 01/18",
        # "(2012)", "Radiusfraktur 1998", "02/98-05/99"); scores, quantities and numbered things stay.
        for m in _CUED_YEAR.finditer(text):
            found.append(Span(m.start("d"), m.end("d"), DAT, "RegexDate"))
        for pattern in (_BARE_YEAR, _MONTH_YEAR):
            for m in pattern.finditer(text):
                if pattern is _BARE_YEAR:
                    if int(m.group("d")) % 50 == 0 or _COUNTED_NOUN_AFTER.match(text, m.end()):
                        continue  # "2000", "2023 Patienten": quantities more often than years
                elif not 1 <= int(m.group("month")) <= 12:
                    continue
                if _year_context_ok(text, m.start()):
                    found.append(Span(m.start("d"), m.end("d"), DAT, "RegexDate"))
        yield from found
        for span in found:
            start = _range_start(text, span)
            if start is not None:
                yield start

    # -- ages ---------------------------------------------------------------------------------

    @staticmethod
    def _ages(text: str, min_age: int) -> Iterator[Span]:
        """Every age candidate in [min_age, 119] that passes its context rule; the age is
        checked first, so with ``over89`` most candidates cost one int()."""
        ctx = _AgeContext(text)
        for pattern, accept in _AGE_RULES:
            for m in pattern.finditer(text):
                n = m.group("n")
                if n is None:  # the "(91, m)" order of the sex/age bracket
                    n_start, n_end, unit_end, value = m.start("n2"), m.end("n2"), m.end("u2"), m.group("n2")
                else:
                    n_start, n_end, unit_end, value = m.start("n"), m.end("n"), m.end("u"), n
                if min_age <= int(value) <= _MAX_AGE and (accept is None or accept(ctx, m)):
                    yield Span(n_start, unit_end if unit_end >= 0 else n_end, AGE, "RegexAge")

    # -- identifiers --------------------------------------------------------------------------

    @staticmethod
    def _ids(text: str) -> Iterator[Span]:
        for m in _SVNR.finditer(text):
            number = m.group("ser") + m.group("dob")
            before = text[max(0, m.start() - 2) : m.start()]
            if len(before) == 2 and before[0].isdigit() and before[1] in " /-":
                continue  # tail of a longer digit sequence (phone number)
            if _DIGIT_GROUP_AFTER.match(text, m.end()):
                continue
            if _vnr.is_valid(number) and _plausible_birth_date(m.group("dob")):
                yield Span(m.start(), m.end(), ID, "RegexID")
        for m in _KVNR.finditer(text):
            if _valid_kvnr(m.group()):
                yield Span(m.start(), m.end(), ID, "RegexID")
        for m in _IBAN.finditer(text):
            end = _iban_end(text, m)
            if end is not None:
                yield Span(m.start(), end, ID, "RegexID")
        for pattern, fewest_digits, accept in _ID_PATTERNS:
            for m in pattern.finditer(text):
                code = m.group("code")
                if (
                    sum(c.isdigit() for c in code) >= fewest_digits
                    and parse_date(code) is None
                    and (accept is None or accept(m))
                ):
                    yield Span(m.start("code"), m.end("code"), ID, "RegexID")
        for pattern, fewest_digits, accept in _KEYWORD_ID_PATTERNS:
            for m in pattern.finditer(text):
                start, end = m.start("code"), m.end("code")
                code = m.group("code")
                if m.group("more") and _SERIES_AND_DIGITS.fullmatch(code):
                    # Extra space-separated digit groups ("SVNR 1237 010180") unless a group is a
                    # quantity ("Fallnr. 12345 78 J.").
                    for g in _DIGIT_GROUP.finditer(m.group("more")):
                        g_end = m.start("more") + g.end()
                        if _QUANTITY_AFTER.match(text, g_end):
                            break
                        end = g_end
                value = text[start:end]
                few = sum(c.isdigit() for c in value) < fewest_digits
                if (
                    # a number's keyword takes capitals around few digits ("Teilnehmercode QX41TR"); a
                    # bare label not ("Staging: T2N1M0")
                    (
                        few
                        and not (
                            fewest_digits <= 4
                            and (_INTERLEAVED_CODE.fullmatch(value) or _HYPHENATED_CODE.fullmatch(value))
                        )
                    )
                    or parse_date(value) is not None
                    or (accept is not None and not accept(m))
                ):
                    continue
                yield Span(start, end, ID, "RegexID")


def _iban_end(text: str, m: re.Match[str]) -> int | None:
    """End of the longest valid IBAN in the match (it may have run into a following code)."""
    ends = [m.start() + i for i, ch in enumerate(m.group()) if ch == " "]
    if m.end() >= len(text) or not text[m.end()].isalnum():
        ends.append(m.end())
    for end in reversed(ends):
        compact = text[m.start() : end].replace(" ", "")
        if _IBAN_MIN <= len(compact) <= _IBAN_MAX and _mod97(compact) and _iban.is_valid(compact):
            return end
    return None


def _mod97(compact: str) -> bool:
    """ISO 7064 mod 97-10 over the rearranged IBAN: the cheap filter before stdnum's full
    country-format check."""
    return int((compact[4:] + compact[:4]).translate(_IBAN_LETTER_DIGITS)) % 97 == 1


def _bare_number_ends(text: str, end: int) -> bool:
    """A unitless "Alter: 91" counts unless a word follows ("Alter von 3 Monaten")."""
    rest = text[end : end + 2]
    return not rest or not (rest[0].isalpha() or (rest[0] == " " and rest[1:2].isalpha()))


def _patient_before(text: str, start: int) -> bool:
    """Patient context before a bracketed number: "Pat. (91)", "Herr Muster (91)"."""
    return _PATIENT_BEFORE.match(text[max(0, start - _WINDOW) : start][::-1]) is not None


def _jaehrig_ok(ctx: _AgeContext, m: re.Match[str]) -> bool:
    return not ctx.duration_before(m.start("n")) and not _duration_noun_after(ctx.text, m.end())


def _j_ok(ctx: _AgeContext, m: re.Match[str]) -> bool:
    start = m.start("n")
    if ctx.duration_before(start):
        return False
    return not (m.group("u") == "J" and ctx.defibrillation_before(start))


def _alter_ok(ctx: _AgeContext, m: re.Match[str]) -> bool:
    return m.group("u") is not None or _bare_number_ends(ctx.text, m.end())


def _mit_ok(ctx: _AgeContext, m: re.Match[str]) -> bool:
    return not _duration_noun_after(ctx.text, m.end())


def _paren_ok(ctx: _AgeContext, m: re.Match[str]) -> bool:
    text, i = ctx.text, m.start() - 1
    if i >= 0 and text[i] == " ":
        i -= 1
    # Cheap first test: a patient word or name ends in a letter or an abbreviation dot.
    return i >= 0 and (text[i].isalpha() or text[i] == ".") and _patient_before(text, m.start())


# (pattern, context check or None). Every pattern has a group "n" (the number) and may have
# "u" (the unit, end of the span); the sex/age bracket has "n2"/"u2" for its second order.
_AGE_RULES: tuple[tuple[re.Pattern[str], Callable[[_AgeContext, re.Match[str]], bool] | None], ...] = (
    (_AGE_JAEHRIG, _jaehrig_ok),
    (_AGE_J, _j_ok),
    (_AGE_A_PUNCT, None),
    (_AGE_A_WORD, None),
    (_AGE_ALTER, _alter_ok),
    (_AGE_ALT, None),
    (_AGE_MIT, _mit_ok),
    (_AGE_LEBENSJAHR, None),
    (_AGE_J_ABBREVIATED, None),
    (_AGE_PAREN, _paren_ok),
    (_AGE_SEX_PAREN, None),
)
