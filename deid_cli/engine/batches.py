"""The detection work of ``deid run``, one batch of notes at a time.

Plain top-level functions of picklable arguments and results, so any engine can run them
where the detector is: in this process, in forked worker processes (``parallel.py``) or, later,
on a cluster. They receive note text and names and return counts, hashes and offsets; what
they return never contains note text. A failure names the note's line only, never its
content, because the exception may cross a process boundary and end up on stderr.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from deid_cli.detection.detector import Detector
from deid_cli.detection.learning import LearnerCounts, NameLearner
from deid_cli.detection.spans import Span
from deid_cli.reports.risk import CorpusRisk, RiskCounts

# A span as a plain tuple (start, end, type, masker, reference): pickles far faster than Span.
SpanTuple = tuple[int, int, str, str, str | None]


class NoteWork(NamedTuple):
    """One record's detection work: its texts (one per text field), the names its own columns
    give (value, type) and its risk group (``risk.group_key``)."""

    line: int
    texts: tuple[str, ...]
    known: tuple[tuple[str, str], ...]
    group: str


class LearnedBatch(NamedTuple):
    """Pass 1's result for a batch: what the name learner and the risk counter saw."""

    names: LearnerCounts
    risk: RiskCounts | None


class TextResult(NamedTuple):
    """Pass 2's result for one text: its spans and its risk level (None without risk)."""

    spans: list[SpanTuple]
    level: str | None


class NoteFailed(Exception):
    """Detection raised on the note at ``line`` of its file; ``error`` is the exception's
    type name only (its message may quote the note)."""

    def __init__(self, line: int, error: str) -> None:
        super().__init__(line, error)
        self.line = line
        self.error = error

    def __str__(self) -> str:
        return f"line {self.line}: {self.error}"


def learn_batch(detector: Detector, risk: CorpusRisk | None, notes: Sequence[NoteWork]) -> LearnedBatch:
    """Pass 1 for a batch: names proven by context and, with ``risk`` (the run's counter, for
    its hash key and vocabulary; left unchanged), the quasi-identifiers left unmasked."""
    learner = NameLearner(detector.lexicon)
    counts = RiskCounts() if risk is not None else None
    for note in notes:
        try:
            own = risk.group_hash(note.group) if risk is not None else 0
            for text in note.texts:
                detection = detector.detect(text, note.known)
                learner.observe(text, detection.proven)
                if risk is not None and counts is not None:
                    counts.add(risk.note_keys(text, detection.spans), own)
        except Exception as exc:
            raise NoteFailed(note.line, type(exc).__name__) from None
    return LearnedBatch(learner.counts(), counts)


def detect_batch(
    detector: Detector, risk: CorpusRisk | None, notes: Sequence[NoteWork]
) -> list[list[TextResult]]:
    """Pass 2 for a batch: per note, per text, the spans of the (learned) detector and, with
    ``risk`` (the merged corpus-wide counts), the note's re-identification risk level."""
    results: list[list[TextResult]] = []
    for note in notes:
        try:
            per_text = []
            for text in note.texts:
                spans = detector.detect(text, note.known).spans
                level = risk.assess(text, spans, note.group).level if risk is not None else None
                per_text.append(TextResult([span_tuple(s) for s in spans], level))
        except Exception as exc:
            raise NoteFailed(note.line, type(exc).__name__) from None
        results.append(per_text)
    return results


def span_tuple(span: Span) -> SpanTuple:
    return (span.start, span.end, span.type, span.masker, span.reference)


def span_of(values: SpanTuple) -> Span:
    return Span(*values)
