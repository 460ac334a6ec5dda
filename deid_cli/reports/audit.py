"""Which unmasked words are probably missed names? The ranking behind ``deid audit``.

After both passes of ``deid run``, every surviving capitalized word that is in no dictionary
(not a common word, name, place, profession, title, eponym or keep-listed word; not an acronym,
a typo of a common word or a compound noun) is a candidate, and so is a listed name right next
to a masked name even when it is an ordinary word too ("[PAT] Koch": the rest of a partly
masked mention, the leak that also gives the pseudonym away). Each occurrence is checked for the
cues the maskers look for, and candidates are ranked by how often such cues surround them and
how rare they are in the corpus:

* cue strength of an occurrence = the weight of its strongest cue (``CUE_WEIGHTS``), 0 without;
* cue = mean cue strength over the candidate's occurrences (0..1);
* rarity = ``1 / (1 + log2(notes))``: 1.0 in one note, 0.5 in two, 0.33 in four;
* score = ``CUE_SHARE * cue + (1 - CUE_SHARE) * rarity``.

The closest masker says which masker nearly caught the word: FullName (next to a masked name),
Salutation (after a salutation, title or sign-off), NameDictionary (one edit from a listed
name), else none. The candidate words are PHI by design: they stay in memory and go only to
the report the maintainer asked for.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from deid_cli.corpus.corpus_file import CorpusFile
from deid_cli.corpus.records import InputError, Record, Rejected
from deid_cli.detection.detector import Detector
from deid_cli.detection.learning import NameLearner
from deid_cli.detection.lexicon.lexicon import Lexicon
from deid_cli.detection.normalize import fold
from deid_cli.detection.spans import NAME_TYPES, Span
from deid_cli.detection.words import KEPT, LISTED, NOUN_SHAPED, TITLE, WordClasses
from deid_cli.reports.risk import MaskedRanges, Vocabulary, surviving_capitalized

CUE_WEIGHTS = {
    "next_to_masked_name": 1.0,  # "[PAT] X": the second half of a name
    "salutation": 1.0,  # "Tochter X", "Hallo X", "Dr. X" (a weak or rejected salutation)
    "signoff": 0.8,  # "LG X", or the note's last word
    "speech_verb": 0.6,  # "X ruft an", "X meldet sich"
    "preposition": 0.5,  # "lt. X", "mit X besprochen", "bei X"
}
CUE_SHARE = 0.7
CUE_MASKERS = {"next_to_masked_name": "FullName", "salutation": "Salutation", "signoff": "Salutation"}

PREPOSITIONS = frozenset({"lt.", "lt", "laut", "mit", "bei", "von", "an", "für", "durch", "über"})
SPEECH_VERBS = frozenset(
    {
        "ruft", "rief", "meldet", "meldete", "sagt", "sagte", "berichtet", "berichtete", "bringt",
        "brachte", "kommt", "kam", "fragt", "fragte", "informiert", "bittet", "bat", "erzählt",
        "telefoniert", "schreibt", "empfiehlt", "übernimmt", "begleitet", "besucht",
    }
)  # fmt: skip
_PREVIOUS_TOKEN = re.compile(r"(\S+)[ \t]*$")
_NEXT_WORD = re.compile(r"[ \t]+([^\W\d_]+)")
_TRAILING_ONLY = re.compile(r"[\W_]*\Z")
_NAME_GAP = re.compile(r"[ \t]{0,2}-?[ \t]{0,2}")
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass
class Candidate:
    """One ranked candidate: the word (PHI), how often and where it occurs, and why it ranks."""

    word: str
    notes: int
    occurrences: int
    cued_occurrences: int
    cues: dict[str, int]
    closest_masker: str
    score: float


@dataclass
class _Tally:
    surfaces: Counter[str] = field(default_factory=Counter)
    notes: int = 0
    occurrences: int = 0
    cued: int = 0
    strength: float = 0.0
    cues: Counter[str] = field(default_factory=Counter)


class MissedNameAudit:
    """Collects candidate words note by note; ``ranked`` orders them."""

    def __init__(self, lexicon: Lexicon) -> None:
        self._lexicon = lexicon
        self._vocabulary = Vocabulary(lexicon)
        triggers: dict[str, str] = {}
        for trigger, kind in lexicon.public.salutations:
            last = fold(trigger.split()[-1])
            triggers[last] = "signoff" if kind == "signoff" else triggers.get(last, "salutation")
        for title in lexicon.public.titles:
            triggers.setdefault(fold(title.split()[-1]), "salutation")
        self._triggers = triggers
        self._tallies: dict[str, _Tally] = {}
        self._words = WordClasses(lexicon)
        self.notes = 0

    def observe(self, text: str, spans: Sequence[Span]) -> None:
        """Count one note's unmasked candidates and the cues around each occurrence."""
        self.notes += 1
        masked = MaskedRanges(spans)
        names = [(s.start, s.end) for s in spans if s.type in NAME_TYPES]
        seen: set[str] = set()
        for match in surviving_capitalized(text, masked):
            word = match.group()
            # A listed name next to a masked name is the likeliest leak of all, even when it is
            # an ordinary word too ("[PAT] Koch": a partial mask that gives the pseudonym away).
            if not self._vocabulary.unknown_word(word, text) and not (
                self._listed_name(word) and _next_to(text, *match.span(), names)
            ):
                continue
            key = fold(word)
            tally = self._tallies.setdefault(key, _Tally())
            if key not in seen:
                seen.add(key)
                tally.notes += 1
            tally.surfaces[word] += 1
            tally.occurrences += 1
            cues = self._cues(text, match.start(), match.end(), names)
            if cues:
                tally.cued += 1
                tally.strength += max(CUE_WEIGHTS[c] for c in cues)
                tally.cues.update(cues)

    def _listed_name(self, word: str) -> bool:
        """On a name list and not a title, salutation, keep-listed word, noun or acronym."""
        if word.isupper() and len(word) <= 5:
            return False
        bits = self._words.of(word)
        return bool(bits & LISTED) and not bits & (TITLE | KEPT | NOUN_SHAPED)

    def _cues(self, text: str, start: int, end: int, names: list[tuple[int, int]]) -> list[str]:
        cues = []
        if _next_to(text, start, end, names):
            cues.append("next_to_masked_name")
        previous = _PREVIOUS_TOKEN.search(text, max(0, start - 40), start)
        if previous is not None:
            token = fold(previous.group(1).rstrip(",:;("))
            kind = self._triggers.get(token) or self._triggers.get(token.rstrip("."))
            if kind is not None:
                cues.append(kind)
            if token in PREPOSITIONS:
                cues.append("preposition")
        if "signoff" not in cues and _TRAILING_ONLY.match(text, end):
            cues.append("signoff")  # the note's last word: where a signature stands
        following = _NEXT_WORD.match(text, end)
        if following is not None and following.group(1).lower() in SPEECH_VERBS:
            cues.append("speech_verb")
        return cues

    def ranked(self, top: int) -> list[Candidate]:
        """The ``top`` candidates by score (then more occurrences, then alphabetically)."""
        rows = sorted(
            self._tallies.items(), key=lambda item: (-_score(item[1]), -item[1].occurrences, item[0])
        )
        return [self._candidate(key, tally) for key, tally in rows[:top]]

    @property
    def candidates(self) -> int:
        return len(self._tallies)

    def _candidate(self, key: str, tally: _Tally) -> Candidate:
        return Candidate(
            word=tally.surfaces.most_common(1)[0][0],
            notes=tally.notes,
            occurrences=tally.occurrences,
            cued_occurrences=tally.cued,
            cues=dict(sorted(tally.cues.items())),
            closest_masker=self._closest_masker(key, tally),
            score=round(_score(tally), 3),
        )

    def _closest_masker(self, key: str, tally: _Tally) -> str:
        for cue in ("next_to_masked_name", "salutation", "signoff"):
            if tally.cues.get(cue):
                return CUE_MASKERS[cue]
        if any(variant in self._lexicon.name_words for variant in one_edit(key)):
            return "NameDictionary"
        return "none"


def _score(tally: _Tally) -> float:
    cue = tally.strength / tally.occurrences
    rarity = 1 / (1 + math.log2(tally.notes))
    return CUE_SHARE * cue + (1 - CUE_SHARE) * rarity


def _next_to(text: str, start: int, end: int, names: list[tuple[int, int]]) -> bool:
    """Does the word at ``[start, end)`` stand right before or after a masked name?"""
    return any(_joined(text, n_end, start) or _joined(text, end, n_start) for n_start, n_end in names)


def _joined(text: str, left_end: int, right_start: int) -> bool:
    """Are two words separated only by a space or hyphen ("[PAT] X", "X-[PAT]")?"""
    if not 0 <= right_start - left_end <= 5:
        return False
    gap = _NAME_GAP.fullmatch(text, left_end, right_start)
    return gap is not None


def one_edit(word: str) -> set[str]:
    """Every string one deletion, transposition, substitution or insertion away (folded
    letters), as in Norvig's spelling corrector."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    deletes = {a + b[1:] for a, b in splits if b}
    transposes = {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    replaces = {a + c + b[1:] for a, b in splits if b for c in _LETTERS}
    inserts = {a + c + b for a, b in splits for c in _LETTERS}
    return (deletes | transposes | replaces | inserts) - {word}


@dataclass
class AuditRun:
    """What ``audit_corpus`` found: the audit itself and the counts for the report header."""

    audit: MissedNameAudit
    records: int
    learned_references: int


def audit_corpus(files: Iterable[CorpusFile], detector: Detector, learn: bool) -> AuditRun:
    """Both passes of ``deid run`` (learn, then detect) with the audit watching pass 2.
    A rejected record raises ``InputError`` (file:line and reason)."""
    files = list(files)
    learned = 0
    if learn:
        learner = NameLearner(detector.lexicon, detector.words)
        for text in _texts(files):
            detection = detector.detect(text)
            learner.observe(text, detection.proven, detection.spans)
        detector, learned = learner.detector(detector)[:2]
    audit = MissedNameAudit(detector.lexicon)
    records = 0
    for corpus_file in files:
        for item in corpus_file:
            if isinstance(item, Record):
                records += 1
                for text in item.texts.values():
                    audit.observe(text, detector.detect(text).spans)
            elif isinstance(item, Rejected):
                raise InputError(item.path, item.line, item.reason)
    return AuditRun(audit, records, learned)


def _texts(files: list[CorpusFile]) -> Iterable[str]:
    for corpus_file in files:
        for item in corpus_file:
            if isinstance(item, Record):
                yield from item.texts.values()
            elif isinstance(item, Rejected):
                raise InputError(item.path, item.line, item.reason)


__all__ = ["CUE_WEIGHTS", "AuditRun", "Candidate", "MissedNameAudit", "audit_corpus", "one_edit"]
