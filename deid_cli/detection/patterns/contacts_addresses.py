"""Regex stage: phone numbers, e-mail, URLs, street addresses and ZIP codes.

Runs on the raw note text before tokenization, because these entities span punctuation
(``0664/1234567``, ``x@y.at``, ``Dr.-Karl-Renner-Straße 5``) that a tokenizer would split.

Design choices, all driven by batch throughput and robustness on hostile input:

* a few regexes compiled once, scanned with ``finditer``; Python code runs only per hit;
* scans are anchored on the rarest part of an entity where that is cheaper (".at" for bare
  domains, "straße 12" for streets) and the rest is read backwards from the hit;
* every repetition is bounded and no pattern needs to backtrack across more than a few
  dozen characters, so each scan is linear in the text length (tested on adversarial input);
* context rules that regexes express badly (units after a number, stopwords before a street,
  the place-name lookup after a ZIP) are checked in Python on the few candidates.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable

from deid_cli.detection.normalize import fold
from deid_cli.detection.patterns.regex_guard import guarded
from deid_cli.detection.spans import ADD, ALL_TYPES, MAI, PHO, WEB, ZIP, Span, select_disjoint
from deid_cli.pseudonyms.table import ALPHABET, CODE_LENGTH

__all__ = ["RegexStage"]

# ---------------------------------------------------------------------------------------------
# Shared context rules
# ---------------------------------------------------------------------------------------------


def _wordset(words: str) -> frozenset[str]:
    """Word lists are kept as running text so they stay readable and easy to extend."""
    return frozenset(words.split())


# A unit right after a number means a measurement or dose, never a phone or house number.
_UNIT_AFTER = re.compile(
    r"[ \u00a0]?(?:mmHg|mg|µg|mcg|ug|kg|g|ml|mL|dl|l|L|mmol|µmol|IE|I\.E\.|E(?!-)|%|‰|Uhr|h|Std|"
    r"Stunden|min|Min|Minuten|sec|s|Sek|cm|mm|m|km|Tbl|Tabl|Tabletten|Stk|Stück|x|mal|Tage|"
    r"Tagen|Wochen|Monate|Jahre|J|bpm|Hub|Hübe|Tr|Tropfen|°C|°)(?![^\W\d_])"
)
# Number continues as a decimal, date or time: "0664 1234567.5", "Hauptplatz 12.03.2023".
_NUMBER_GOES_ON = re.compile(r"[.,:/\-]\d")


def _followed_by_number_context(text: str, end: int) -> bool:
    """True when the text after ``end`` turns the preceding number into a measurement,
    decimal, date or a longer token, i.e. the match must be rejected."""
    if end < len(text) and (text[end].isalnum() or text[end] == "_"):
        return True
    return bool(_NUMBER_GOES_ON.match(text, end) or _UNIT_AFTER.match(text, end))


# ---------------------------------------------------------------------------------------------
# E-mail and URLs
# ---------------------------------------------------------------------------------------------

_EMAIL = guarded(
    r"(?<![\w.%+\-@])",
    r""
    r"[A-Za-z0-9][A-Za-z0-9._%+\-]{0,63}"
    r"@[A-Za-z0-9](?:[A-Za-z0-9\-]{0,62}\.){1,8}[A-Za-z]{2,24}"
    r"(?![A-Za-z0-9\-])",
)

# Scheme URLs and www. hosts run up to white space and are trimmed in Python. The lookbehind
# sits after the first letter so the engine can skip ahead to candidate letters quickly.
_URL_PREFIXED = re.compile(
    r"(?:h(?<!\wh)ttps?://|f(?<!\wf)tp://|w(?<![\w.\-@/]w)ww\.(?=[A-Za-z0-9]))[^\s<>\"]{1,2048}"
)
# Bare domains are anchored on ".tld" (a literal the engine finds fast); the host is then
# read backwards. Lower-case TLDs only, so "z.B." or "Pat.De" never qualify.
_URL_TLD = re.compile(r"\.(?:at|de|ch|com|org|net|eu|info)(?![\w\-@])")
_URL_HOST = re.compile(r"(?:[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?\.){1,6}[a-z]{2,4}")
_URL_HOST_LABELS, _URL_HOST_MAX = 6, 6 * 64
_URL_PATH = re.compile(r"[/?#][^\s<>\"]{0,2048}")
_URL_TRAILING = ".,;:!?'\"»›"
_CLOSERS = {")": "(", "]": "[", "}": "{"}


# A pseudonym deid wrote ("[PAT-7KQ2XM]", "[PAT]"): a URL written before one ends there, so a
# second run over deid's own output never swallows a pseudonym into a website.
_PSEUDONYM = re.compile(rf"\[(?:{'|'.join(ALL_TYPES)})(?:-[{ALPHABET}]{{{CODE_LENGTH}}})?\]")


def _cut_at_pseudonym(url: str) -> str:
    found = _PSEUDONYM.search(url) if "[" in url else None
    return url[: found.start()] if found else url


def _trim_url(url: str) -> str:
    """Drop sentence punctuation after a URL; keep a closing bracket only if it is balanced
    inside the URL (``.../Herz_(Organ)``). Counts once, so it stays linear."""
    balance = {c: url.count(c) - url.count(o) for c, o in _CLOSERS.items()}
    end = len(url)
    while end:
        last = url[end - 1]
        if last in _URL_TRAILING:
            end -= 1
        elif last in balance and balance[last] > 0:
            balance[last] -= 1
            end -= 1
        else:
            break
    return url[:end]


def _host_start(text: str, dot: int) -> int | None:
    """Start of the host name that ends at ``dot`` (the dot before the TLD), read backwards
    over at most six ASCII labels; None when the host is glued to an e-mail ("@"), a path
    or scheme ("/", ":") or a non-ASCII word."""
    i, dots = dot, 0
    lo = max(0, dot - _URL_HOST_MAX)
    while i > lo:
        c = text[i - 1]
        if c == "." and dots < _URL_HOST_LABELS - 1:
            dots += 1
        elif not (c.isascii() and (c.isalnum() or c == "-")):
            break
        i -= 1
    if i == dot or (i > 0 and (text[i - 1] in "@/:.-_" or text[i - 1].isalnum())):
        return None
    return i


def _is_plausible_url(url: str) -> bool:
    """A host needs a letter somewhere before the TLD; ``12.at`` is not a website."""
    host = url.split("://", 1)[-1].split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]
    if "." not in host:
        return False
    name = host.rsplit(".", 1)[0]
    return any(c.isalpha() for c in name)


# ---------------------------------------------------------------------------------------------
# Phone numbers
# ---------------------------------------------------------------------------------------------

# Start: country code (+43, 0049), or a trunk 0 followed by a non-zero digit, or "(0512)".
_PH_START = r"(?:(?:\+|00)[1-9]\d{0,14}|\((?:\+|00)[1-9]\d{0,3}\)|0[1-9]\d{0,14}|\(0[1-9]\d{0,4}\))"
# Further digit groups: single-space, "/" or "-" separated, or "(0)" / "(512)" inserts.
_PH_PART = r"(?:(?:[ ]?[/\-][ ]?|[ ])\d{1,12}|[ ]?\([ ]?\d{1,5}[ ]?\)[ ]?\d{1,12})"
# Nothing follows the greedy repetition, so the engine never backtracks into it.
_PHONE = guarded(r"(?<![\w+(])(?<!\d[.,/:\-])", _PH_START + _PH_PART + r"{0,8}")
_DATE_SHAPE = re.compile(r"\d{1,2}([/\-. ])\d{1,2}\1(?:\d{2}|\d{4})")
# "01/18-06/19": a month/year range, not a number with area code.
_MONTH_RANGE_SHAPE = re.compile(r"(?:0?[1-9]|1[0-2])/\d{2}[ ]?-[ ]?(?:0?[1-9]|1[0-2])/\d{2}")


def _date_shaped(number: str) -> bool:
    return _DATE_SHAPE.fullmatch(number) is not None or _MONTH_RANGE_SHAPE.fullmatch(number) is not None


_IBAN = guarded(
    r"(?<![A-Za-z0-9])", r"[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,3})?(?![A-Za-z0-9])"
)
_PH_MIN_DIGITS, _PH_MAX_DIGITS = 7, 20


def _drop_last_group(number: str) -> str:
    """Remove the last digit group and its separator: used when the group is glued to a
    following word, decimal or unit (``0512 58 23 41 2x täglich``)."""
    i = len(number)
    while i and number[i - 1].isdigit():
        i -= 1
    rest = number[:i].rstrip(" /-")
    if rest.endswith(")"):
        rest = rest[: rest.rfind("(")].rstrip(" /-")
    # Always shrink, and never leave a bare "+" or "(" behind.
    return rest if len(rest) < len(number) and any(c.isdigit() for c in rest) else ""


def _digit_count(s: str) -> int:
    return sum(c.isdigit() for c in s)


# ---------------------------------------------------------------------------------------------
# Street addresses
# ---------------------------------------------------------------------------------------------

_SUFFIXES = _wordset(
    "straße strasse str. gasse weg platz allee ring kai zeile damm ufer "
    "gürtel guertel steig promenade markt hof berg pl."
)
# Literal alternatives in both capitalisations: the regex engine then skips ahead by the
# first-character set, which is several times faster than an (?i:...) group on prose.
_STREET_SUFFIX = "(?:" + "|".join(re.escape(w) for s in sorted(_SUFFIXES) for w in (s, s.capitalize())) + ")"
_LETTER = r"[^\W\d_]"
# A whole street token: optional hyphen chain ("Dr.-Karl-Renner-") and a word ending in a
# suffix. Only used with fullmatch on a token already cut out of the text.
_STREET_TOKEN = re.compile(rf"(?=[A-ZÄÖÜ])(?:{_LETTER}{{1,30}}\.?-){{0,6}}{_LETTER}{{0,40}}{_STREET_SUFFIX}")
_STREET_TOKEN_MAX = 250
# House numbers: 12, 12a, 12 a, 12-14, 12/3/4, 12/Top 3.
_HOUSE_LETTER = r"(?:[a-gA-G](?!\w)|[ ][a-fA-F](?![\w\-]))"
_HOUSE = (
    r"\d{1,4}(?!\d)" + _HOUSE_LETTER + r"?"
    r"(?:[ ]?[-–][ ]?\d{1,4}(?!\d)(?:[a-gA-G](?!\w))?)?"
    r"(?:[ ]?/[ ]?(?:(?:Top|Tür|Stiege|Stg\.)[ ]?)?\d{1,4}(?!\d)(?:[a-gA-G](?!\w))?){0,3}"
)
# The scan is anchored on the rare part, "suffix + house number", not on every capitalised
# word: a regex that starts at each word and tries all suffixes is ~20x slower on prose. The
# street token and the words before it are then found by walking backwards from the hit.
_ADDRESS = re.compile(rf"(?P<suffix>{_STREET_SUFFIX})(?!{_LETTER})[ ]?{_HOUSE}")
# Up to three capitalised words that may precede the street ("Lange Gasse", "Wiener Straße").
_PRE_WORD = re.compile(rf"[A-ZÄÖÜ]{_LETTER}{{0,30}}(?:-{_LETTER}{{1,30}}){{0,4}}\.?")
_PRE_WORD_MAX, _PRE_WORDS_MAX = 160, 3
# Street names that are a preposition phrase without suffix: "Am Anger 5", "In der Au 3".
_PREPOSITION = r"(?:Am|Im|An[ ]de[rmn]|Auf[ ]de[rmn]|In[ ]der|Zum|Zur|Unter[ ]den|Hinter[ ]de[rmn])"
_ADDRESS_PREP = guarded(
    r"(?<![\w\-])",
    rf"{_PREPOSITION}[ ]"
    rf"(?P<name>[A-ZÄÖÜ]{_LETTER}{{1,30}}(?:-{_LETTER}{{1,30}}){{0,4}}(?:[ ][A-ZÄÖÜ]{_LETTER}{{1,30}})?)"
    r"[ ](?P<num>\d{1,3}(?!\d)(?:[a-gA-G](?!\w))?(?:/\d{1,3}(?!\d)){0,3})",
)
# Words that end a name run before a street: articles, prepositions, role nouns.
_PRE_STOP = _wordset(
    """die der das den dem des ein eine einer eines einem seine seiner ihre ihrer unsere diese
    dieser meine in im am an auf bei beim zur zum nach von vom aus über unter bis ab gegenüber
    adresse wohnadresse anschrift wohnort wohnhaft patient patientin herr frau mutter vater
    schwester bruder tochter sohn ehefrau ehemann partner partnerin tel telefon straße strasse"""
)
_PRE_ABBREVIATIONS = frozenset({"Dr.", "St.", "Prof.", "Hl."})
# Compound words with a street suffix that are clinical vocabulary, not streets.
_STREET_STOP_ENDINGS = tuple(
    _wordset(
        """monitoring arbeitsplatz parkplatz schultergürtel beckengürtel klappenring anulusring
        annuloplastiering atemweg harnweg zugangsweg infektionsweg supermarkt friedhof"""
    )
)
# Nouns that follow "Am"/"Im"/"Zur" in clinical prose; with a number they are not streets.
_PREP_NAME_STOP = _wordset(
    """tag vortag folgetag aufnahmetag morgen abend mittag nachmittag vormittag wochenende montag
    dienstag mittwoch donnerstag freitag samstag sonntag ende anfang beginn jahr monat woche
    station ambulanz zimmer bett stock labor verlauf bereich rahmen schnitt mittel segment
    kontrolle aufnahme entlassung op einsatz notfall haus klinikum intervall zyklus liegen
    stehen sitzen ruhe belastung"""
)
_PREP_END_OK = frozenset(",;.)\n\r")


def _street_token_start(text: str, suffix_start: int) -> int | None:
    """Walk back from the suffix over letters, hyphens and "Dr.-"-style dots to the start of
    the street token; None if the token is glued to a digit or runs past the window."""
    lo = max(0, suffix_start - _STREET_TOKEN_MAX)
    i = suffix_start
    while i > lo:
        c = text[i - 1]
        if c.isalpha() or c == "-" or (c == "." and text[i] == "-"):
            i -= 1
        else:
            break
    while i < suffix_start and text[i] == "-":
        i += 1
    if i > 0 and (text[i - 1].isalnum() or text[i - 1] in "_-."):
        return None  # token longer than the window, or glued to a number or abbreviation
    return i


def _words_before(text: str, pos: int) -> list[str]:
    """Up to three capitalised words directly before ``pos``, each preceded by one space,
    in text order. Walks backwards so the cost is per hit, not per character of the note."""
    words: list[str] = []
    end = pos
    while len(words) < _PRE_WORDS_MAX and end >= 2 and text[end - 1] == " ":
        i = end - 1
        lo = max(0, i - _PRE_WORD_MAX)
        while i > lo and (text[i - 1].isalpha() or text[i - 1] in "-."):
            i -= 1
        if (i > 0 and (text[i - 1].isalnum() or text[i - 1] in "_-.")) or not _PRE_WORD.fullmatch(
            text, i, end - 1
        ):
            break
        words.append(text[i : end - 1])
        end = i
    words.reverse()
    return words


def _adjective_like(word: str) -> bool:
    """Words like "Wiener", "Obere", "Alte" may precede a compound street name."""
    return word.endswith(("e", "er"))


# ---------------------------------------------------------------------------------------------
# ZIP codes
# ---------------------------------------------------------------------------------------------

_ZIP_CORE = r"(?:(?:AT|DE|CH|A|D)-)?(?:[1-9]\d{3}|\d{5})(?!\d)"
_ZIP = guarded(
    r"(?<![\w.,/+\-])",
    r"(?:"
    rf"(?:PLZ|Postleitzahl)[ ]?:?[ ]?(?P<kw>{_ZIP_CORE})"
    rf"|(?P<zip>{_ZIP_CORE})(?=[ ][A-ZÄÖÜ])"
    r")",
)
# After a street address the next number is a postcode and the word after it its place, even
# where no postcode list knows them (German codes are not bundled): "Kirchallee 4, 80331 München".
_ZIP_AFTER_STREET = re.compile(
    rf"[ \t]?,?[ \t]?(?:\r?\n[ \t]*)?(?P<zip>{_ZIP_CORE})[ ]"
    r"(?P<place>[A-ZÄÖÜ][^\W\d_]{1,40}(?:[ -](?:a\.|am|an|im|in|ob|bei|[A-ZÄÖÜ])[^\W\d_.]{0,40}\.?){0,3})"
)
_RESIDENCE_BEFORE = re.compile(
    r"(?i:\bwh\.|\bwohnhaft(?:[ \t]+in)?|\bwohnt[ \t]+in|\bwohnort|\badresse|\banschrift)[ \t]*:?[ \t]*$"
)
_CAPITALIZED_PLACE = re.compile(r"[A-ZÄÖÜ][^\W\d_]{1,40}(?:-[A-ZÄÖÜ][^\W\d_]{1,40})?")
_PLACE_WORDS = re.compile(r"\S{1,40}(?:[ ]\S{1,40}){0,4}")
_PLACE_TRAILING = ",;:!?.\"'»"
_MAX_PLACE_WORDS = 5

# ---------------------------------------------------------------------------------------------
# Overlap resolution
# ---------------------------------------------------------------------------------------------

_PRIORITY = {"RegexEmail": 0, "RegexWebsite": 1, "RegexPhone": 2, "RegexAddress": 3, "RegexZIP": 4}


def _resolve(spans: list[Span]) -> list[Span]:
    """Keep non-overlapping spans: e-mail > URL > phone > address > ZIP, longer first."""
    return select_disjoint(
        sorted(spans, key=lambda s: (_PRIORITY.get(s.masker, 9), s.start - s.end, s.start))
    )


class RegexStage:
    """Finds PHO, MAI, WEB, ADD and ZIP spans on raw note text."""

    def __init__(self, places: Iterable[str] = ()) -> None:
        """``places``: place names as written in the postcode dictionaries. A ZIP counts only
        when one of them follows it, so a dict lookup keyed by the folded name replaces a huge
        regex alternation."""
        self._places: set[str] = set()
        # First words let most non-place candidates ("2000 Einheiten") fail on one lookup.
        self._first_words: set[str] = set()
        longest = 1
        for place in places:
            words = place.split()
            if not words:
                continue
            self._places.add(fold(" ".join(words)))
            self._first_words.add(fold(words[0]))
            longest = max(longest, len(words))
        self._max_place_words = min(longest, _MAX_PLACE_WORDS)

    # -- public -------------------------------------------------------------------------------

    def find(self, text: str) -> list[Span]:
        """Return sorted, non-overlapping spans on ``text`` (Python string indices)."""
        spans: list[Span] = []
        emails = self._emails(text) if "@" in text else []
        spans.extend(emails)
        if "." in text:
            spans.extend(_end_before_emails(self._urls(text), emails))
        spans.extend(self._phones(text))
        addresses = self._addresses(text)
        spans.extend(addresses)
        spans.extend(self._zips(text))
        spans.extend(self._zips_after_streets(text, addresses))
        return _resolve(spans)

    @staticmethod
    def _zips_after_streets(text: str, addresses: list[Span]) -> list[Span]:
        """A postcode and place written right after a street address."""
        out: list[Span] = []
        for address in addresses:
            match = _ZIP_AFTER_STREET.match(text, address.end)
            if match is None:
                continue
            place_end = match.end("place")
            while place_end > match.start("place") and text[place_end - 1] in _PLACE_TRAILING:
                place_end -= 1
            out.append(Span(match.start("zip"), match.end("zip"), ZIP, "RegexZIP"))
            out.append(Span(match.start("place"), place_end, ADD, "RegexZIP"))
        return out

    # -- kinds --------------------------------------------------------------------------------

    @staticmethod
    def _emails(text: str) -> list[Span]:
        return [Span(m.start(), m.end(), MAI, "RegexEmail") for m in _EMAIL.finditer(text)]

    @staticmethod
    def _urls(text: str) -> list[Span]:
        out: list[Span] = []
        for m in _URL_PREFIXED.finditer(text):
            url = _trim_url(_cut_at_pseudonym(m.group()))
            if _is_plausible_url(url):
                out.append(Span(m.start(), m.start() + len(url), WEB, "RegexWebsite"))
        for m in _URL_TLD.finditer(text):
            start = _host_start(text, m.start())
            if start is None or not _URL_HOST.fullmatch(text, start, m.end()):
                continue
            path = _URL_PATH.match(text, m.end())
            url = _trim_url(_cut_at_pseudonym(text[start : path.end() if path else m.end()]))
            if _is_plausible_url(url):
                out.append(Span(start, start + len(url), WEB, "RegexWebsite"))
        return out

    @staticmethod
    def _phones(text: str) -> list[Span]:
        out: list[Span] = []
        iban_starts: list[int] | None = None
        iban_ends: list[int] = []
        for m in _PHONE.finditer(text):
            number = m.group()
            # Shorten while the number runs into a word, decimal, date or unit.
            while number and _followed_by_number_context(text, m.start() + len(number)):
                number = _drop_last_group(number)
            digits = _digit_count(number)
            if not (_PH_MIN_DIGITS <= digits <= _PH_MAX_DIGITS) or _date_shaped(number):
                continue
            start, end = m.start(), m.start() + len(number)
            if iban_starts is None:  # IBAN digit groups look like phone numbers; scan once
                ibans = [(i.start(), i.end()) for i in _IBAN.finditer(text)]
                iban_starts = [s for s, _ in ibans]
                iban_ends = [e for _, e in ibans]
            # IBAN matches are disjoint and sorted: only the last one starting before `end`
            # can overlap, so a bisect keeps this O(log n) per phone.
            k = bisect_left(iban_starts, end) - 1
            if k >= 0 and iban_ends[k] > start:
                continue
            out.append(Span(start, end, PHO, "RegexPhone"))
        return out

    @staticmethod
    def _addresses(text: str) -> list[Span]:
        out: list[Span] = []
        for m in _ADDRESS.finditer(text):
            start = _street_token_start(text, m.start())
            if start is None or _followed_by_number_context(text, m.end()):
                continue
            street = text[start : m.end("suffix")]
            if not _STREET_TOKEN.fullmatch(street) or street.lower().endswith(_STREET_STOP_ENDINGS):
                continue
            bare = "-" not in street and street.lower() in _SUFFIXES
            words = _words_before(text, start)
            kept = 0
            for word in reversed(words):
                if word.lower() in _PRE_STOP:
                    break
                if word.endswith(".") and word not in _PRE_ABBREVIATIONS:
                    break
                if not bare and not _adjective_like(word):
                    break
                kept += 1
            if bare and kept == 0:
                continue  # "die Straße 5" names no street
            if kept:
                start -= len(" ".join(words[-kept:])) + 1
            out.append(Span(start, m.end(), ADD, "RegexAddress"))
        for m in _ADDRESS_PREP.finditer(text):
            if any(w.lower() in _PREP_NAME_STOP for w in m.group("name").split()):
                continue
            end = m.end()
            if end < len(text) and (text[end] not in _PREP_END_OK or _NUMBER_GOES_ON.match(text, end)):
                continue  # "Am Morgen 2 Tabletten": a count, not a house number
            out.append(Span(m.start(), end, ADD, "RegexAddress"))
        return out

    def _zips(self, text: str) -> list[Span]:
        out: list[Span] = []
        for m in _ZIP.finditer(text):
            group = "kw" if m.group("kw") is not None else "zip"
            start, end = m.start(group), m.end(group)
            place_end = self._place_after(text, end + 1) if text[end : end + 1] == " " else None
            if place_end is None and (
                "-" in text[start:end] or _RESIDENCE_BEFORE.search(text, max(0, start - 24), start)
            ):
                # "A-1234 Zirbldorf", "wohnhaft 1234 Zirbldorf": the country prefix or the
                # residence cue makes it a postcode, whatever the place.
                word = _CAPITALIZED_PLACE.match(text, end + 1) if text[end : end + 1] == " " else None
                place_end = word.end() if word else None
            if group == "zip" and place_end is None:
                continue
            out.append(Span(start, end, ZIP, "RegexZIP"))
            if place_end is not None:
                out.append(Span(end + 1, place_end, ADD, "RegexZIP"))
        return out

    def _place_after(self, text: str, pos: int) -> int | None:
        """End of the longest known place name starting at ``pos`` (up to five words)."""
        if not self._places or pos >= len(text) or not text[pos].isupper():
            return None
        m = _PLACE_WORDS.match(text, pos)
        if m is None:
            return None
        words = m.group().split(" ")[: self._max_place_words]
        first = fold(words[0])
        if first not in self._first_words and fold(_trim_place(words[0])) not in self._first_words:
            return None
        for n in range(len(words), 0, -1):
            candidate = " ".join(words[:n])
            for variant in (candidate, _trim_place(candidate)):
                if variant and fold(variant) in self._places:
                    return pos + len(variant)
        return None


def _end_before_emails(urls: list[Span], emails: list[Span]) -> list[Span]:
    """A URL whose path runs into an e-mail address ("www.x.at/kontakt@x.at") ends where the
    address starts, so the host is masked too (the address wins the overlap)."""
    if not emails:
        return urls
    starts = [e.start for e in emails]
    out: list[Span] = []
    for url in urls:
        k = bisect_left(starts, url.start + 1)
        if k < len(starts) and starts[k] < url.end:
            url = Span(url.start, starts[k], url.type, url.masker)
        out.append(url)
    return out


def _trim_place(candidate: str) -> str:
    """Strip punctuation that follows a place name ("Innsbruck," / "(Oder)." keeps "(Oder)")."""
    while candidate:
        last = candidate[-1]
        if last in _PLACE_TRAILING or (last == ")" and candidate.count("(") < candidate.count(")")):
            candidate = candidate[:-1]
        else:
            break
    return candidate
