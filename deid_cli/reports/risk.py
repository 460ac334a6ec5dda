"""Re-identification risk per note, k-anonymity style, without a language model.

Masking removes direct identifiers; what stays can still single a patient out in combination
(DeIDClinic's document-level risk assessment). After masking, each note's surviving
*quasi-identifiers* are collected: unknown capitalized words (possibly missed names), places,
professions, rare diagnoses, ages and dates. Pass 1 counts, for each quasi-identifier and each
pair of demographic ones, the distinct groups (patients, or records) whose notes contain it;
pass 2 asks, per note, how many OTHER groups share them (k) and turns that into a level.

Definitions (docs/reports.md, section "Re-identification risk per note"):

* ``k`` of a key = number of other groups whose notes contain it, counted up to ``K_CAP``.
* uniqueness of a key = ``1 / (1 + k)``: 1.0 for a key no other patient shares.
* score = sum over the note's quasi-identifiers of ``KIND_WEIGHTS[kind] * uniqueness`` (the
  dates of a note together at most ``KIND_CAPS["date"]``)
  + ``COMBINATION_WEIGHT`` * the largest uniqueness a PAIR of demographic quasi-identifiers
  adds beyond its more unique member (age 78 and Feldkirch each common, together unique).
* level = high when score >= ``HIGH_SCORE``, moderate when >= ``MODERATE_SCORE``, else low.
  One quasi-identifier unique to the patient makes a note moderate; two, or one plus a unique
  combination, make it high.

Privacy: nothing of the text is kept. Keys are keyed hashes (BLAKE2b, a random key per run from
``secrets``), groups too; the counts live in memory only and are never written.
"""

from __future__ import annotations

import bisect
import datetime
import hashlib
import re
import secrets
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from deid_cli.corpus.records import Record
from deid_cli.detection.lexicon.lexicon import Lexicon
from deid_cli.detection.normalize import fold
from deid_cli.detection.spans import Span
from deid_cli.detection.words import looks_like_noun

LEVELS = ("low", "moderate", "high")

# Counting stops here: a key shared with K_CAP other patients is as good as shared with more.
K_CAP = 10
MODERATE_SCORE = 1.0
HIGH_SCORE = 2.0
# How much each kind tells an attacker: dates are events, often shared, rarely known outside.
KIND_WEIGHTS = {"word": 1.0, "place": 1.0, "profession": 1.0, "diagnosis": 1.0, "age": 1.0, "date": 0.5}
# A note's dates describe one timeline: together they weigh at most as much as one unique identifier.
KIND_CAPS = {"date": 1.0}
COMBINATION_WEIGHT = 1.0
# Classic demographic quasi-identifiers: only these form pairs (bounded: at most MAX_PAIRED per note).
DEMOGRAPHIC_KINDS = frozenset({"place", "profession", "diagnosis", "age"})
MAX_PAIRED = 6

# Patterns begin with a plain character class and check what precedes AFTER it, so the regex
# engine can skip ahead to candidate characters instead of trying every position.
# A capitalized word, not glued to digits, e-mail or a preceding word.
CAPITALIZED = re.compile(r"[A-ZÄÖÜ](?<![\w@][A-ZÄÖÜ])[^\W\d_]+(?![\w@])")
# Endings of medical terms (diagnoses, findings): Sarkoidose, Myasthenie, Gastritis.
_MEDICAL_SUFFIXES = (
    "itis", "ose", "om", "ome", "ämie", "aemie", "algie", "pathie", "penie", "urie", "plegie", "trophie",
    "ektomie", "syndrom", "insuffizienz",
)  # fmt: skip
_MAX_PLACE_WORDS = 5
_PLACE_TOKEN = re.compile(r"\S+")
_PHRASE_GOES_ON = re.compile(r"\.?[ \t]+\w")
_ACRONYM_MAX = 5
_MEMO_SIZE = 100_000

# Ages: "78-jährig", "78 Jahre alt", "78 J.", "im 78. Lebensjahr"; and "Alter: 78".
_AGE = re.compile(
    r"\d(?<![\d.,/]\d)\d{0,2}(?:[ ]?-?[ ]?(?:jährig\w*|jähr\.|j\.|J\.(?![ ]?\d)|Jahren?[ ]alt\w*)"
    r"|\.[ ]?(?:Lebensjahr\w*|LJ\b\.?|Lj\b\.?))"
)
_AGE_AFTER_WORD = re.compile(r"Alter(?<![\w]Alter)(?:[ ]von)?[: ]+(\d{1,3})(?!\d|[.,]\d)")
_LEADING_NUMBER = re.compile(r"\d+")
_DIGIT = re.compile(r"\d")
_DURATION_WORDS = frozenset(
    {"seit", "vor", "für", "nach", "ca", "ca.", "über", "innerhalb", "alle", "binnen"}
)
_PREVIOUS_WORD = re.compile(r"(\S+)[ \t]*$")
# Dates: 26.10., 26.10.2022, 26.10.22, 2022-10-26, 26. Okt. 2022.
_MONTHS = {
    "jän": 1, "jan": 1, "feb": 2, "mär": 3, "mrz": 3, "apr": 4, "mai": 5, "jun": 6, "jul": 7,
    "aug": 8, "sep": 9, "okt": 10, "oct": 10, "nov": 11, "dez": 12, "dec": 12,
}  # fmt: skip
_DATE = re.compile(
    r"\d(?<![\d.,/]\d)(?:"
    r"\d?\.[ ]?[01]?\d\.(?:\d{4}|\d{2}|[ ](?:19|20)\d{2})?(?!\d)"  # 26.10.[2022]
    r"|\d{3}-[01]\d-[0-3]\d(?!\d)"  # 2022-10-26
    r"|\d?\.[ ]?(?i:" + "|".join(_MONTHS) + r")[a-zä]*\.?(?:[ ](?:19|20)\d{2}(?!\d))?"  # 26. Okt. 2022
    ")"
)
_DATE_PART = re.compile(r"\d+|[^\W\d_]+")
_CENTURY_PIVOT = datetime.date.today().year % 100 + 1


def group_key(record: Record, group_field: str | None) -> str:
    """Whose note a record is: the ``group_field`` value (a patient id), else the record itself."""
    value = record.extras.get(group_field) if group_field else None
    return f"group:{value}" if value is not None else f"record:{record.path}:{record.line}"


@dataclass(frozen=True)
class NoteRisk:
    """One note's risk: level, score, number of distinct quasi-identifiers and the smallest k
    over them and their pairs (None when the note has none)."""

    level: str
    score: float
    quasi_identifiers: int
    smallest_k: int | None


class Vocabulary:
    """Classifies capitalized words by the dictionaries: profession, place, diagnosis, unknown
    word, or ordinary (None).

    Classifying a word (typo test, compound test) costs far more than hashing it, and the same
    words recur in note after note, so results are memoized, keyed by a keyed hash of the
    word (a random key per run): the memo holds no word.
    """

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        public = lexicon.public
        self.professions = frozenset(fold(p) for p in public.professions)
        single = set()
        multi: dict[str, set[str]] = {}
        for place in public.place_names:
            folded = " ".join(fold(place).split())
            if folded in lexicon.common:
                continue  # Stein, Hall, Berg: ordinary words too
            if " " in folded:
                multi.setdefault(folded.split(" ", 1)[0].rstrip("."), set()).add(folded)
            else:
                single.add(folded)
        self.places = frozenset(single)
        self.multi_places = {first: frozenset(names) for first, names in multi.items()}
        # Common words that may still be or start a quasi-identifier: Koch (a profession), Bad
        # (Bad Ischl), Morbus (Morbus Fabry).
        self.special = self.professions | frozenset(self.multi_places) | {"morbus"}
        self._secret = secrets.token_bytes(32)
        self._memo: dict[bytes, str | None] = {}

    def kind_of(self, word: str, folded: str, text: str) -> str | None:
        """The quasi-identifier kind of a capitalized word of ``text``, or None."""
        lexicon = self.lexicon
        if len(word) < 3 or (word.isupper() and len(word) <= _ACRONYM_MAX):
            return None  # EKG, RR, INR
        key = hashlib.blake2b(folded.encode(), key=self._secret, digest_size=8).digest()
        if key in self._memo:
            kind = self._memo[key]
        else:
            if len(self._memo) >= _MEMO_SIZE:
                self._memo.clear()
            kind = self._memo[key] = self._classify(word, folded)
        if kind in ("word", "diagnosis") and folded in lexicon.abbreviation_words and word + "." in text:
            return None  # "Pat.", "Vit.": abbreviations written with their full stop
        return kind

    def _classify(self, word: str, folded: str) -> str | None:
        lexicon = self.lexicon
        if folded in self.professions:
            return "profession"
        if folded in self.places:
            return "place"
        if folded in lexicon.eponyms:
            return "diagnosis"  # Parkinson, Crohn: named diseases
        if folded in lexicon.common or folded in lexicon.title_words or folded in lexicon.keep_words:
            return None
        listed = folded in lexicon.name_words
        if is_medical_term(word) and not listed:
            return "diagnosis"  # not a common word: a rare one
        if not listed and (lexicon.near_common(word) or looks_like_noun(word, lexicon)):
            return None
        return "word"  # unknown, or a listed name that survived masking

    def unknown_word(self, word: str, text: str) -> bool:
        """A capitalized word of ``text`` in no list (common words, names, places, professions,
        titles, eponyms, keep list) that is not an acronym, a typo of a common word or a noun
        by its shape: what a missed name looks like."""
        folded = fold(word)
        return folded not in self.lexicon.name_words and self.kind_of(word, folded, text) == "word"


def is_medical_term(word: str) -> bool:
    """A long word ending like a diagnosis or finding (Sarkoidose, Myasthenie)."""
    return len(word) >= 6 and word.lower().endswith(_MEDICAL_SUFFIXES)


class MaskedRanges:
    """The masked spans of a note, for O(log n) "is this range masked?" questions."""

    def __init__(self, spans: Sequence[Span]) -> None:
        ordered = sorted((s.start, s.end) for s in spans)
        self.starts = [s for s, _ in ordered]
        self.ends = [e for _, e in ordered]

    def overlaps(self, start: int, end: int) -> bool:
        i = bisect.bisect_right(self.starts, start) - 1
        if i >= 0 and self.ends[i] > start:
            return True
        return i + 1 < len(self.starts) and self.starts[i + 1] < end


def surviving_capitalized(text: str, masked: MaskedRanges) -> Iterator[re.Match[str]]:
    """Capitalized words of the note that no span covers."""
    for match in CAPITALIZED.finditer(text):
        if not masked.overlaps(match.start(), match.end()):
            yield match


def quasi_identifiers(text: str, spans: Sequence[Span], vocabulary: Vocabulary) -> list[tuple[str, str]]:
    """The note's distinct unmasked quasi-identifiers as (kind, normalized value): words, places,
    professions and diagnoses first (by first appearance), then ages, then dates."""
    masked = MaskedRanges(spans)
    found: dict[tuple[str, str], None] = {}
    _words(text, masked, vocabulary, found)
    if _DIGIT.search(text):
        _ages(text, masked, found)
        _dates(text, masked, found)
    return list(found)


def _words(text: str, masked: MaskedRanges, vocabulary: Vocabulary, found: dict) -> None:
    """Unmasked words, places, professions and diagnoses: each distinct capitalized word is
    classified once, and only the ones that are quasi-identifiers are located in the text."""
    distinct = list(dict.fromkeys(CAPITALIZED.findall(text)))
    if not distinct:
        return
    # Fold all words in one call and drop the common ones by set difference: no Python-level
    # work for the ordinary words that make up most of a note.
    folded_words = _fold_many("\x00".join(distinct)).split("\x00")
    present = set(folded_words)
    interesting = (present - vocabulary.lexicon.common) | (present & vocabulary.special)
    if not interesting:
        return
    consumed: list[tuple[int, int]] = []  # words inside "Morbus X" or "Bad Ischl"
    singles: list[tuple[str, str, str]] = []
    for word, folded in zip(distinct, folded_words, strict=True):
        if folded not in interesting:
            continue
        if folded == "morbus" or folded in vocabulary.multi_places:
            _phrases(text, word, folded, masked, vocabulary, found, consumed)
        kind = vocabulary.kind_of(word, folded, text)
        if kind is not None:
            singles.append((word, folded, kind))
    for word, folded, kind in singles:
        for start in _occurrences(text, word):
            end = start + len(word)
            if not masked.overlaps(start, end) and not any(a <= start < b for a, b in consumed):
                found[(kind, folded)] = None
                break


def _fold_many(joined: str) -> str:
    """``normalize.fold`` for a long string: chained replaces beat ``str.translate`` there."""
    low = joined.lower()
    if low.isascii():
        return low
    return low.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss")


def _phrases(
    text: str,
    word: str,
    folded: str,
    masked: MaskedRanges,
    vocabulary: Vocabulary,
    found: dict,
    consumed: list[tuple[int, int]],
) -> None:
    """Two-word diagnoses ("Morbus Fabry") and multi-word places ("Bad Ischl") from ``word``."""
    for start in _occurrences(text, word):
        end = start + len(word)
        if masked.overlaps(start, end):
            continue
        if folded == "morbus":
            following = CAPITALIZED.match(text, _skip_spaces(text, end))
            if following and not masked.overlaps(following.start(), following.end()):
                found[("diagnosis", "morbus " + fold(following.group()))] = None
                consumed.append((start, following.end()))
            continue
        if not _PHRASE_GOES_ON.match(text, end):
            continue  # "St.p.", a word at the end of a line
        place = _multi_word_place(text, start, vocabulary.multi_places[folded])
        if place and not masked.overlaps(start, place[0]):
            found[("place", place[1])] = None
            consumed.append((start, place[0]))


def _occurrences(text: str, word: str) -> Iterator[int]:
    """Start offsets of ``word`` as a whole word (as CAPITALIZED would match it)."""
    pos = text.find(word)
    while pos >= 0:
        end = pos + len(word)
        if (pos == 0 or not _glued(text[pos - 1])) and (end == len(text) or not _glued(text[end])):
            yield pos
        pos = text.find(word, end)


def _glued(char: str) -> bool:
    return char.isalnum() or char in "_@"


def _ages(text: str, masked: MaskedRanges, found: dict) -> None:
    for match in _AGE.finditer(text):
        if masked.overlaps(match.start(), match.end()):
            continue
        if "J." in match.group() and _after_duration_word(text, match.start()):
            continue  # "seit 3 J." is a duration
        _add_age(int(_LEADING_NUMBER.match(match.group()).group()), found)  # type: ignore[union-attr]
    if "Alter" in text:
        for match in _AGE_AFTER_WORD.finditer(text):
            if not masked.overlaps(match.start(1), match.end(1)):
                _add_age(int(match.group(1)), found)


def _add_age(value: int, found: dict) -> None:
    if 0 < value < 120:
        found[("age", str(value))] = None


def _dates(text: str, masked: MaskedRanges, found: dict) -> None:
    for match in _DATE.finditer(text):
        if not masked.overlaps(match.start(), match.end()):
            date = _normalize_date(match.group())
            if date is not None:
                found[("date", date)] = None


def _skip_spaces(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    return pos


def _multi_word_place(text: str, start: int, names: frozenset[str]) -> tuple[int, str] | None:
    """The longest multi-word place ("Bad Ischl", "St. Johann im Pongau") starting at ``start``."""
    tokens = [m for _, m in zip(range(_MAX_PLACE_WORDS), _PLACE_TOKEN.finditer(text, start), strict=False)]
    for count in range(len(tokens), 1, -1):
        last = tokens[count - 1]
        words = [fold(t.group()) for t in tokens[:count]]
        stripped = last.group().rstrip(".,;:)")
        for tail, end in ((words[-1], last.end()), (fold(stripped), last.start() + len(stripped))):
            phrase = " ".join([*words[:-1], tail])
            if phrase in names:
                return end, phrase
    return None


def _after_duration_word(text: str, start: int) -> bool:
    previous = _PREVIOUS_WORD.search(text, max(0, start - 20), start)
    return previous is not None and previous.group(1).lower() in _DURATION_WORDS


def _normalize_date(date: str) -> str | None:
    """ "26.10.22", "26. Okt. 2022", "2022-10-26" -> "26.10.2022"; "26.10." -> "26.10."."""
    parts = _DATE_PART.findall(date)
    if "-" in date:
        year, month, day = parts
    elif parts[1].isdigit():
        day, month, year = parts[0], parts[1], (parts[2] if len(parts) > 2 else None)
    else:
        day, month, year = (
            parts[0],
            str(_MONTHS[parts[1][:3].lower()]),
            (parts[2] if len(parts) > 2 else None),
        )
    if not (1 <= int(day) <= 31 and 1 <= int(month) <= 12):
        return None
    if year is not None and len(year) == 2:
        year = ("20" if int(year) < _CENTURY_PIVOT else "19") + year
    return f"{int(day)}.{int(month)}." + (year or "")


class CorpusRisk:
    """Counts quasi-identifiers across the corpus (pass 1) and rates each note (pass 2).

    Memory: one counter per distinct hashed key, and one hashed (key, group) pair per group a
    key was seen in until the key is shared by more than ``K_CAP`` groups.
    """

    def __init__(self, lexicon: Lexicon) -> None:
        self._vocabulary = Vocabulary(lexicon)
        self._secret = secrets.token_bytes(32)  # per run: hashes cannot be compared across runs
        self._groups: dict[int, int] = {}  # key -> distinct groups (saturates at K_CAP + 1)
        self._members: set[int] = set()  # hashed (key, group) pairs of unsaturated keys

    def _hash(self, data: bytes) -> int:
        return int.from_bytes(hashlib.blake2b(data, key=self._secret, digest_size=8).digest(), "big")

    def _keys(
        self, text: str, spans: Sequence[Span]
    ) -> tuple[list[tuple[str, int]], list[tuple[int, int, int]]]:
        """Hashed quasi-identifiers (kind, key) and hashed pairs (pair key, index a, index b)."""
        singles = [
            (kind, self._hash(f"{kind}\x1f{value}".encode()))
            for kind, value in quasi_identifiers(text, spans, self._vocabulary)
        ]
        paired = [i for i, (kind, _) in enumerate(singles) if kind in DEMOGRAPHIC_KINDS][:MAX_PAIRED]
        pairs = []
        for i, j in combinations(paired, 2):
            a, b = sorted((singles[i][1], singles[j][1]))
            pairs.append((_mix(a, b ^ _PAIR_TAG), i, j))
        return singles, pairs

    def group_hash(self, group: str) -> int:
        """The keyed hash standing for a group in every count."""
        return self._hash(b"group\x1f" + group.encode())

    def note_keys(self, text: str, spans: Sequence[Span]) -> list[int]:
        """The hashed quasi-identifiers and demographic pairs a note adds to the counts: the
        expensive part of pass 1, which a worker process can do with a copy of this object."""
        singles, pairs = self._keys(text, spans)
        return [key for _, key in singles] + [key for key, _, _ in pairs]

    def observe(self, text: str, spans: Sequence[Span], group: str) -> None:
        """Pass 1: count the note's quasi-identifiers and demographic pairs for its group."""
        own = self.group_hash(group)
        for key in self.note_keys(text, spans):
            self._count(key, own)

    def merge(self, counts: RiskCounts) -> None:
        """Pass 1 in parallel: add the counts of a share of the corpus, made with a copy of this
        object (the same hash key). Exact in any order: per key, only the distinct groups count,
        and once more than K_CAP are seen, which ones no longer matters."""
        for key, groups in counts.groups.items():
            for own in groups:
                self._count(key, own)

    def _count(self, key: int, own: int) -> None:
        seen = self._groups.get(key, 0)
        if seen > K_CAP:
            return
        member = _mix(key, own)
        if member not in self._members:
            self._members.add(member)
            self._groups[key] = seen + 1

    def _k(self, key: int, own: int) -> int:
        seen = self._groups.get(key, 0)
        if seen > K_CAP:
            return K_CAP
        return min(K_CAP, seen - (_mix(key, own) in self._members))

    def assess(self, text: str, spans: Sequence[Span], group: str) -> NoteRisk:
        """Pass 2: the note's level from how many other groups share its quasi-identifiers."""
        own = self.group_hash(group)
        singles, pairs = self._keys(text, spans)
        if not singles:
            return NoteRisk("low", 0.0, 0, None)
        ks = [self._k(key, own) for _, key in singles]
        uniqueness = [1 / (1 + k) for k in ks]
        by_kind: dict[str, float] = {}
        for (kind, _), u in zip(singles, uniqueness, strict=True):
            by_kind[kind] = by_kind.get(kind, 0.0) + KIND_WEIGHTS[kind] * u
        score = sum(min(total, KIND_CAPS.get(kind, total)) for kind, total in by_kind.items())
        combination = 0.0
        for key, i, j in pairs:
            k = self._k(key, own)
            ks.append(k)
            combination = max(combination, 1 / (1 + k) - max(uniqueness[i], uniqueness[j]))
        score = round(score + COMBINATION_WEIGHT * combination, 3)
        return NoteRisk(level_of(score), score, len(singles), min(ks))


class RiskCounts:
    """Pass-1 counts of a share of the corpus (one batch of notes), to be merged into the
    corpus-wide ``CorpusRisk``: per hashed key, the hashed groups seen with it. Holds at most
    K_CAP + 1 groups per key, since more cannot change any k. Hashes only, no text; picklable.
    """

    def __init__(self) -> None:
        self.groups: dict[int, set[int]] = {}

    def add(self, keys: Sequence[int], own: int) -> None:
        """Count a note's keys (``CorpusRisk.note_keys``) for its group (``group_hash``)."""
        for key in keys:
            seen = self.groups.setdefault(key, set())
            if len(seen) <= K_CAP:
                seen.add(own)


def _mix(a: int, b: int) -> int:
    """Combine two keyed 64-bit hashes into one: no secret needed, the inputs already carry it."""
    return ((a * _GOLDEN) ^ b) & _MASK64


_GOLDEN = 0x9E3779B97F4A7C15  # odd: multiplying by it permutes the 64-bit values
_MASK64 = (1 << 64) - 1
_PAIR_TAG = 0x5A17C0DE5A17C0DE


def level_of(score: float) -> str:
    """The documented thresholds."""
    if score >= HIGH_SCORE:
        return "high"
    if score >= MODERATE_SCORE:
        return "moderate"
    return "low"


__all__ = ["LEVELS", "CorpusRisk", "NoteRisk", "RiskCounts", "Vocabulary", "level_of", "quasi_identifiers"]
