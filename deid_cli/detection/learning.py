"""What pass 1 learns for pass 2: names proven by context, with the types they were seen with,
and the cue phrases around names.

A surname introduced once by "Frau" or "Dr." is a name everywhere in the corpus; pass 2 masks
its bare mentions with the type most often proven (``NameLearner.detector``). Where learned
names stand bare, the words around them ("Rückruf bei X", "X ruft morgen zurück",
``grammar.cues``) become evidence for unknown words in the same places (``learned_cues``), and
for ordinary words that context proved to be a surname somewhere ("Frau Anna Koch").
Misspellings of a learned name that context proved too ("Frau Oberwimmr" beside many "Frau
Oberwimmer") take the name's pseudonym (``aliases``). A place that context proved (after a
postcode, "wohnhaft in") is a place wherever else it is written (``learned_places``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

from deid_cli.detection.detector import Detector
from deid_cli.detection.grammar.cues import left_cue, right_cue
from deid_cli.detection.lexicon.lexicon import Lexicon
from deid_cli.detection.normalize import fold, within_one_edit
from deid_cli.detection.patterns.letters import CAPITAL
from deid_cli.detection.patterns.organisations import residence_cue_before
from deid_cli.detection.spans import LOC, NAME_TYPES, Span
from deid_cli.detection.words import TITLE, WordClasses

# What may stand between two name spans of one mention.
_JOINER = re.compile(r"[ \t]{1,2}|-")
_INITIAL_JOINER = re.compile(r"[ \t]{1,2}|-|\.[ \t]?")  # after an initial ("J. Huber")
# Capitalized words (Latin script): the occurrences a learned reference is weighed against. The
# capital comes first and the "no word character before it" test after it, so that the regex
# engine skips ahead to capitals instead of testing a lookbehind at every position; "Ä", "Ö",
# "Ü" lie in \u00c0-\u00de, and naming them again makes that skipping a fifth slower.
_CAPITALIZED = re.compile(r"[A-Z\u00c0-\u00de\u0100-\u017f](?<!\w.)[^\W\d_]+")
# A reference is learned only if context proves it in at least this share of its capitalized
# occurrences: names are introduced by salutations often, nouns ("Orthopnoe" after "lt. Pat.")
# only by accident.
MIN_CONTEXT_SHARE = 0.1
# A cue is learned when this many distinct names stood in it.
MIN_CUE_NAMES = 3
# Cue phrases remembered at most (a bound on memory for endless corpora; the first ones seen).
MAX_CUES = 200_000
# Title and salutation words skipped back over from a mention to the words before it.
_MAX_TITLE_WORDS = 4
# A learned name is taken for a misspelling of another when both are this long, one edit apart,
# the other was proven at least this many times as often, and it is on no name list.
ALIAS_MIN_LENGTH = 6
ALIAS_MIN_RATIO = 3
# Places remembered at most (a bound on memory, as MAX_CUES).
MAX_PLACES = 200_000
# The masker names whose LOC spans prove a place by context: an address's postcode or block,
# and the context stage's places where a list knows them or a residence cue stood before them
# (a place only its shape suggested, after a bare preposition, may be a noun: learned only
# with the stricter SHAPED_PLACE_* evidence).
_PLACE_PROVERS = frozenset({"RegexZIP", "LetterZone", "HL7Segment", "Place"})
# A place only its shape and a bare preposition suggested ("kommt aus Zirbl.") is learned when
# that happened at least twice and in at least half of its word's capitalized occurrences: a
# noun or drug taken for a town once stands mostly elsewhere ("Zirbl 500 mg").
SHAPED_PLACE_MIN_PROOFS = 2
SHAPED_PLACE_MIN_SHARE = 0.5
# A place as learned: one to three words, capitalized, joined by blanks, hyphens or "am", "an
# der", "im", "bei" ("Bad Quirnau", "Zirbl-Au", "Lärchdorf am See").
_LEARNABLE_PLACE = re.compile(
    rf"{CAPITAL}[^\W\d_]{{2,40}}"
    rf"(?:(?:[ -]|[ ](?:am|an der|im|in|bei|ob der)[ ]){CAPITAL}[^\W\d_]{{1,40}}){{0,2}}"
)


def pooled_type(types: Counter[str]) -> str:
    """The type of a learned name's bare mentions, from every mention context proved: the
    most frequent; on a tie a patient or professional beats a general person (a name seen
    with "Dr." as often as with "Frau" is still somebody's doctor)."""
    priority = {"HCP": 0, "PAT": 1}
    return min(types, key=lambda t: (-types[t], priority.get(t, 2), t))


class CueCounts(NamedTuple):
    """The names a cue phrase was seen with: up to ``MIN_CUE_NAMES`` of them (enough to decide)
    and the types of all."""

    names: set[str]
    types: Counter[str]


class LearnerCounts(NamedTuple):
    """A NameLearner's counters without its lexicon: small and picklable, so a worker process
    can send back what it learned from its share of the corpus."""

    types: dict[str, Counter[str]]
    forms: dict[str, set[str]]
    occurrences: Counter[str]
    cues: dict[str, CueCounts]  # cue phrase -> the names seen in it
    ordinary: Counter[str]  # ordinary words context proved as names (folded) -> proofs
    places: dict[str, Counter[str]]  # place proven by context (folded) -> its last word as written -> proofs
    shaped: dict[str, Counter[str]]  # place its shape suggested after a preposition, counted the same way


class Learned(NamedTuple):
    """Pass 2's detector and what it learned (counts for the statistics)."""

    detector: Detector
    references: int  # names proven by context, masked corpus-wide
    cues: int  # cue phrases that became evidence for unknown words
    aliases: int  # learned names taken for misspellings of others
    places: int = 0  # places proven by context, masked corpus-wide


class NameLearner:
    """Pass 1's memory: references proven by context, with the types they were seen with.

    Holds name tokens and counts only, never notes, and only in memory. Ordinary words and
    eponyms are not learned: they must keep needing context in every note.
    """

    def __init__(self, lexicon: Lexicon, words: WordClasses | None = None) -> None:
        self._lexicon = lexicon
        self._words = words or WordClasses(lexicon)  # the detector's, remembered for the run
        self._types: dict[str, Counter[str]] = {}
        self._forms: dict[str, set[str]] = {}
        self._occurrences: Counter[str] = Counter()
        self._cues: dict[str, CueCounts] = {}
        self._ordinary: Counter[str] = Counter()
        self._places: dict[str, Counter[str]] = {}
        self._shaped: dict[str, Counter[str]] = {}

    def observe(self, text: str, proven: Iterable[tuple[str, str]], spans: Sequence[Span] = ()) -> None:
        """Count a note's capitalized words, record the references its context proved and the
        cue phrases around the names its ``spans`` mask."""
        self._occurrences.update(_CAPITALIZED.findall(text))
        self._record(proven)
        if spans:
            self._note_cues(text, spans)
            self._note_places(text, spans)

    def observe_many(
        self,
        texts: Sequence[str],
        proven: Iterable[Iterable[tuple[str, str]]],
        spans: Iterable[Sequence[Span]] | None = None,
    ) -> None:
        """``observe`` for a chunk of notes: their capitalized words counted in one scan (a word
        never runs over a line break)."""
        self._occurrences.update(_CAPITALIZED.findall("\n".join(texts)))
        for found in proven:
            self._record(found)
        if spans is not None:
            for text, note_spans in zip(texts, spans, strict=True):
                if note_spans:
                    self._note_cues(text, note_spans)
                    self._note_places(text, note_spans)

    def _note_places(self, text: str, spans: Sequence[Span]) -> None:
        """The places context proved in a note (after a postcode, a residence cue or a
        preposition): up to three words, each capitalized but for a joining "am", "an der"."""
        for span in spans:
            if span.type != LOC or span.masker not in _PLACE_PROVERS:
                continue
            surface = text[span.start : span.end]
            if _LEARNABLE_PLACE.fullmatch(surface) is None:
                continue
            key = fold(surface)
            if key in self._lexicon.common or key in self._lexicon.eponyms:
                continue
            shaped = (
                span.masker == "Place"
                and key not in self._lexicon.places
                and not residence_cue_before(text, span.start)
            )
            forms = self._place_forms(key, self._shaped if shaped else self._places)
            if forms is not None:
                forms[surface.rsplit(" ", 1)[-1]] += 1

    @staticmethod
    def _place_forms(place: str, memory: dict[str, Counter[str]]) -> Counter[str] | None:
        """The counter of a place's proofs by the spelling of its last word in ``memory``; None
        once ``MAX_PLACES`` other places are remembered there."""
        forms = memory.get(place)
        if forms is None and len(memory) < MAX_PLACES:
            forms = memory[place] = Counter()
        return forms

    def _note_cues(self, text: str, spans: Sequence[Span]) -> None:
        """The cues before each person mention (a run of name spans, titles and salutations
        before it skipped) and, after a bare one, the cue after it, counted for the mention's
        last word. A phrase after "Pat. X" ("hat Werte") says little about a word standing
        alone before it and would fire on every "Pat. hat Werte"."""
        for start, end, last, etype in _mentions(text, spans):
            before = self._before_titles(text, start)
            reference = fold(text[last:end])
            after = right_cue(text, end) if before == start else None
            for cue in (left_cue(text, before), after):
                if cue is None:
                    continue
                counts = self._cues.get(cue)
                if counts is None:
                    if len(self._cues) >= MAX_CUES:
                        continue
                    counts = self._cues[cue] = CueCounts(set(), Counter())
                if len(counts.names) < MIN_CUE_NAMES:
                    counts.names.add(reference)
                counts.types[etype] += 1

    def _before_titles(self, text: str, start: int) -> int:
        """Where the titles and salutations written right before a mention start ("Rückruf bei
        Frau Dr. X": before "Frau")."""
        words = self._words
        for _ in range(_MAX_TITLE_WORDS):
            end = start - 1
            if end < 1 or text[end] not in " \t":
                break
            if text[end - 1] == ".":
                end -= 1
            word = end
            while word > 0 and text[word - 1].isalpha() and end - word < 24:
                word -= 1
            if word == end or not words.of(text[word:end]) & TITLE:
                break
            start = word
        return start

    def _record(self, proven: Iterable[tuple[str, str]]) -> None:
        lexicon = self._lexicon
        for surface, etype in proven:
            reference = fold(surface)
            if len(reference) < 2 or reference in lexicon.eponyms:
                continue
            if reference in lexicon.title_words or reference in lexicon.keep_words:
                continue
            if reference in lexicon.common:
                self._ordinary[reference] += 1  # a name only where a cue says so too
                continue
            self._types.setdefault(reference, Counter())[etype] += 1
            self._forms.setdefault(reference, set()).add(surface)

    def counts(self) -> LearnerCounts:
        """What this learner has counted so far (shared, not copied)."""
        return LearnerCounts(
            self._types,
            self._forms,
            self._occurrences,
            self._cues,
            self._ordinary,
            self._places,
            self._shaped,
        )

    def merge(self, other: LearnerCounts) -> None:
        """Add the counts of another learner (a batch observed in a worker). Merging batches in
        input order learns exactly what one learner observing every note would, down to the
        order of the learned references."""
        for reference, types in other.types.items():
            self._types.setdefault(reference, Counter()).update(types)
        for reference, forms in other.forms.items():
            self._forms.setdefault(reference, set()).update(forms)
        self._occurrences.update(other.occurrences)
        self._ordinary.update(other.ordinary)
        for memory, theirs in ((self._places, other.places), (self._shaped, other.shaped)):
            for place, forms in theirs.items():
                mine = self._place_forms(place, memory)
                if mine is not None:
                    mine.update(forms)
        for cue, counts in other.cues.items():
            mine = self._cues.get(cue)
            if mine is None:
                if len(self._cues) >= MAX_CUES:
                    continue
                mine = self._cues[cue] = CueCounts(set(), Counter())
            for name in sorted(counts.names):
                if len(mine.names) >= MIN_CUE_NAMES:
                    break
                mine.names.add(name)
            mine.types.update(counts.types)

    def learned(self) -> dict[str, str]:
        """Learned references and the type a bare mention gets (the one most often proven)."""
        return {
            reference: pooled_type(types)
            for reference, types in self._types.items()
            if self._proven_often_enough(sum(types.values()), self._forms[reference])
        }

    def _proven_often_enough(self, proven: int, forms: Iterable[str]) -> bool:
        """Did context prove a reference in at least ``MIN_CONTEXT_SHARE`` of the capitalized
        occurrences of its ``forms``? A reference proven under a spelling the word counts
        missed is at least as frequent as its proofs."""
        seen = max(proven, sum(self._occurrences[form] for form in forms))
        return bool(seen) and proven / seen >= MIN_CONTEXT_SHARE

    def learned_places(self, names: dict[str, str]) -> list[str]:
        """Places context proved in at least ``MIN_CONTEXT_SHARE`` of the capitalized
        occurrences of their last word (a place named after a common first name, "St. Johann",
        mostly is not learned), that are no learned name; and places only their shape after a
        preposition suggested, with the stricter ``SHAPED_PLACE_*`` evidence."""
        proven = [
            place
            for place, forms in self._places.items()
            if place not in names and self._proven_often_enough(sum(forms.values()), forms)
        ]
        known = set(proven)
        for place, forms in self._shaped.items():
            if place in names or place in known:
                continue
            strong = self._places.get(place, Counter())
            proofs = sum(forms.values()) + sum(strong.values())
            seen = max(proofs, sum(self._occurrences[form] for form in forms | strong))
            if sum(forms.values()) >= SHAPED_PLACE_MIN_PROOFS and proofs / seen >= SHAPED_PLACE_MIN_SHARE:
                proven.append(place)
        return proven

    def learned_cues(self) -> dict[str, str]:
        """Cue phrases where at least ``MIN_CUE_NAMES`` distinct names stood, with the type their
        names were most often found as."""
        return {
            cue: pooled_type(counts.types)
            for cue, counts in self._cues.items()
            if len(counts.names) >= MIN_CUE_NAMES
        }

    def aliases(self, learned: dict[str, str]) -> dict[str, str]:
        """Learned names that are misspellings of more often proven ones: each to that one.
        Both must be long (``ALIAS_MIN_LENGTH``), the misspelling on no name list (Schmidt and
        Schmitt are two names), a letter missing, doubled or swapped (a changed letter is as
        often another name: Kogler, Kofler) and proven a ``ALIAS_MIN_RATIO``-th as often or
        less."""
        proofs = {
            ref: sum(types.values())
            for ref, types in self._types.items()
            if ref in learned and len(ref) >= ALIAS_MIN_LENGTH
        }
        # Symmetric deletions: two words one edit apart share a form with at most one letter
        # less. Only names proven often enough to be misspelt are indexed.
        index: dict[str, list[str]] = {}
        for ref, count in proofs.items():
            if count >= ALIAS_MIN_RATIO:
                for key in {ref, *_deletions(ref)}:
                    index.setdefault(key, []).append(ref)
        result: dict[str, str] = {}
        if not index:
            return result
        for ref in sorted(proofs):
            if self._lexicon.is_listed_name(ref):
                continue
            near = {other for key in {ref, *_deletions(ref)} for other in index.get(key, ())}
            near.discard(ref)
            matches = [
                other
                for other in sorted(near)
                if proofs[other] >= ALIAS_MIN_RATIO * proofs[ref] and _typo_of(ref, other)
            ]
            if len(matches) == 1:
                result[ref] = matches[0]
        return result

    def detector(self, base: Detector) -> Learned:
        """A detector that also masks the learned references everywhere and unknown words in
        learned cues, with the counts of what it learned."""
        learned = self.learned()
        places = self.learned_places(learned)
        if not learned and not places:
            return Learned(base, 0, 0, 0)
        cues = self.learned_cues() if learned else {}
        aliases = self.aliases(learned)
        detector = base.with_learned_names(
            learned, self._occurrences, cues, aliases, set(self._ordinary), places=places
        )
        return Learned(detector, len(learned), len(cues), len(aliases), len(places))


def _mentions(text: str, spans: Sequence[Span]) -> Iterator[tuple[int, int, int, str]]:
    """(start, end, start of the last word, type) of each run of name spans joined by blanks,
    hyphens or an initial's full stop ("Anna Maria Koch", "Berger-Wimmer", "J. Huber")."""
    run: tuple[int, int, int, str] | None = None
    for span in spans:
        if span.type not in NAME_TYPES:
            continue
        joiner = _INITIAL_JOINER if run is not None and run[1] - run[2] == 1 else _JOINER
        if run is not None and joiner.fullmatch(text, run[1], span.start):
            run = (run[0], span.end, span.start, span.type)
            continue
        if run is not None:
            yield run
        run = (span.start, span.end, span.start, span.type)
    if run is not None:
        yield run


def _deletions(word: str) -> list[str]:
    return [word[:i] + word[i + 1 :] for i in range(len(word))]


def _typo_of(word: str, name: str) -> bool:
    """One letter left out, added or swapped with its neighbour, not changed."""
    return within_one_edit(word, name) and (len(word) != len(name) or sorted(word) == sorted(name))


def learn_from(detector: Detector, texts: Iterable[str]) -> Learned:
    """Both passes over texts held in memory (deid eval, measurements): learn from all of
    them, then return the detector that also masks what was learned."""
    learner = NameLearner(detector.lexicon, detector.words)
    for text in texts:
        detection = detector.detect(text)
        learner.observe(text, detection.proven, detection.spans)
    return learner.detector(detector)
