"""What pass 1 learns for pass 2: names proven by context, with the types they were seen with.

A surname introduced once by "Frau" or "Dr." is a name everywhere in the corpus; pass 2 masks
its bare mentions with the type most often proven (``NameLearner.detector``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from deid_cli.detection.detector import Detector
from deid_cli.detection.lexicon.lexicon import Lexicon
from deid_cli.detection.normalize import fold

# Capitalized words (Latin script): the occurrences a learned reference is weighed against. The
# capital comes first and the "no word character before it" test after it, so that the regex
# engine skips ahead to capitals instead of testing a lookbehind at every position.
_CAPITALIZED = re.compile(r"[A-ZÄÖÜ\u00c0-\u00de\u0100-\u017f](?<!\w.)[^\W\d_]+")
# A reference is learned only if context proves it in at least this share of its capitalized
# occurrences: names are introduced by salutations often, nouns ("Orthopnoe" after "lt. Pat.")
# only by accident.
MIN_CONTEXT_SHARE = 0.1


def pooled_type(types: Counter[str]) -> str:
    """The type of a learned name's bare mentions, from every mention context proved: the
    most frequent; on a tie a patient or professional beats a general person (a name seen
    with "Dr." as often as with "Frau" is still somebody's doctor)."""
    priority = {"HCP": 0, "PAT": 1}
    return min(types, key=lambda t: (-types[t], priority.get(t, 2), t))


class LearnerCounts(NamedTuple):
    """A NameLearner's counters without its lexicon: small and picklable, so a worker process
    can send back what it learned from its share of the corpus."""

    types: dict[str, Counter[str]]
    forms: dict[str, set[str]]
    occurrences: Counter[str]


class NameLearner:
    """Pass 1's memory: references proven by context, with the types they were seen with.

    Holds name tokens and counts only, never notes, and only in memory. Ordinary words and
    eponyms are not learned: they must keep needing context in every note.
    """

    def __init__(self, lexicon: Lexicon) -> None:
        self._lexicon = lexicon
        self._types: dict[str, Counter[str]] = {}
        self._forms: dict[str, set[str]] = {}
        self._occurrences: Counter[str] = Counter()

    def observe(self, text: str, proven: Iterable[tuple[str, str]]) -> None:
        """Count a note's capitalized words and record the references its context proved."""
        self._occurrences.update(_CAPITALIZED.findall(text))
        self._record(proven)

    def observe_many(self, texts: Sequence[str], proven: Iterable[Iterable[tuple[str, str]]]) -> None:
        """``observe`` for a chunk of notes: their capitalized words counted in one scan (a word
        never runs over a line break)."""
        self._occurrences.update(_CAPITALIZED.findall("\n".join(texts)))
        for found in proven:
            self._record(found)

    def _record(self, proven: Iterable[tuple[str, str]]) -> None:
        lexicon = self._lexicon
        for surface, etype in proven:
            reference = fold(surface)
            if len(reference) < 2 or reference in lexicon.common or reference in lexicon.eponyms:
                continue
            if reference in lexicon.title_words or reference in lexicon.keep_words:
                continue
            self._types.setdefault(reference, Counter())[etype] += 1
            self._forms.setdefault(reference, set()).add(surface)

    def counts(self) -> LearnerCounts:
        """What this learner has counted so far (shared, not copied)."""
        return LearnerCounts(self._types, self._forms, self._occurrences)

    def merge(self, other: LearnerCounts) -> None:
        """Add the counts of another learner (a batch observed in a worker). Merging batches in
        input order learns exactly what one learner observing every note would, down to the
        order of the learned references."""
        for reference, types in other.types.items():
            self._types.setdefault(reference, Counter()).update(types)
        for reference, forms in other.forms.items():
            self._forms.setdefault(reference, set()).update(forms)
        self._occurrences.update(other.occurrences)

    def learned(self) -> dict[str, str]:
        """Learned references and the type a bare mention gets (the one most often proven)."""
        result: dict[str, str] = {}
        for reference, types in self._types.items():
            proven = sum(types.values())
            # A name proven under a spelling the word counts missed is at least as frequent as its proofs.
            seen = max(proven, sum(self._occurrences[form] for form in self._forms[reference]))
            if seen and proven / seen >= MIN_CONTEXT_SHARE:
                result[reference] = pooled_type(types)
        return result

    def detector(self, base: Detector) -> tuple[Detector, int]:
        """A detector that also masks the learned references everywhere, and their number."""
        learned = self.learned()
        if not learned:
            return base, 0
        return base.with_learned_names(learned, self._occurrences), len(learned)


def learn_from(detector: Detector, texts: Iterable[str]) -> tuple[Detector, int]:
    """Both passes over texts held in memory (deid eval, measurements): learn from all of
    them, then return the detector that also masks what was learned."""
    learner = NameLearner(detector.lexicon)
    for text in texts:
        learner.observe(text, detector.detect(text).proven)
    return learner.detector(detector)
