"""The detection work of ``deid run``, one batch of notes at a time.

Plain top-level functions of picklable arguments and results, so any engine can run them
where the detector is: in this process, in forked worker processes (``parallel.py``) or, later,
on a cluster. They receive note text and names and return counts, hashes and offsets; what
they return never contains note text. A failure names the note's line only, never its
content, because the exception may cross a process boundary and end up on stderr.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import NamedTuple

from deid_cli.detection.detector import Detection, Detector
from deid_cli.detection.learning import LearnerCounts, NameLearner
from deid_cli.detection.maskers import masker_names
from deid_cli.detection.spans import ENTITY_TYPES, Span
from deid_cli.reports.risk import CorpusRisk, RiskCounts

# A span as a plain tuple (start, end, type, masker, reference): pickles far faster than Span.
SpanTuple = tuple[int, int, str, str, str | None]
# Pass 1's spans of one text, kept for pass 2: (start, end, type and masker code) * n, offsets
# and codes only. None where a span carries a reference (a name): such a text is detected again.
FirstPass = tuple[int, ...] | None


class NoteWork(NamedTuple):
    """One record's detection work: its texts (one per text field), the names its own columns
    give (value, type), its risk group (``risk.group_key``) and, in pass 2, what pass 1 found in
    each text (None where pass 1 kept nothing)."""

    line: int
    texts: tuple[str, ...]
    known: tuple[tuple[str, str], ...]
    group: str
    first_pass: tuple[FirstPass, ...] | None = None


class LearnedBatch(NamedTuple):
    """Pass 1's result for a batch: what the name learner and the risk counter saw, and (when
    asked for) every note's spans per text, for pass 2 to reuse."""

    names: LearnerCounts
    risk: RiskCounts | None
    spans: list[tuple[FirstPass, ...]] | None = None


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
    return _learn(detector, risk, notes, keep_spans=False)


def learn_batch_keeping_spans(
    detector: Detector, risk: CorpusRisk | None, notes: Sequence[NoteWork]
) -> LearnedBatch:
    """``learn_batch``, also returning each note's spans so that pass 2 detects again only the
    notes that what pass 1 learned can change (``Detector.learning_applies``)."""
    return _learn(detector, risk, notes, keep_spans=True)


def _learn(
    detector: Detector, risk: CorpusRisk | None, notes: Sequence[NoteWork], keep_spans: bool
) -> LearnedBatch:
    learner = NameLearner(detector.lexicon, detector.words)
    counts = RiskCounts() if risk is not None else None
    kept: list[tuple[FirstPass, ...]] | None = [] if keep_spans else None
    detections = _detect_all(detector, notes)
    flat = [d for found in detections for d in found]
    learner.observe_many(
        [text for note in notes for text in note.texts], (d.proven for d in flat), (d.spans for d in flat)
    )
    for note, found in zip(notes, detections, strict=True):
        try:
            own = risk.group_hash(note.group) if risk is not None else 0
            per_text: list[FirstPass] = []
            for text, detection in zip(note.texts, found, strict=True):
                if risk is not None and counts is not None:
                    counts.add(risk.note_keys(text, detection.spans), own)
                if kept is not None:
                    per_text.append(pack(detection.spans))
            if kept is not None:
                kept.append(tuple(per_text))
        except Exception as exc:
            raise NoteFailed(note.line, type(exc).__name__) from None
    return LearnedBatch(learner.counts(), counts, kept)


def _detect_all(detector: Detector, notes: Sequence[NoteWork]) -> list[list[Detection]]:
    """Every text of every note detected as one chunk; should that fail, note by note, so the
    failure names its note's line."""
    texts = [text for note in notes for text in note.texts]
    knowns = [note.known for note in notes for _ in note.texts]
    try:
        flat = detector.detect_many(texts, knowns)
    except Exception:
        flat = []
        for note in notes:
            try:
                flat.extend(detector.detect_many(note.texts, [note.known] * len(note.texts)))
            except Exception as exc:
                raise NoteFailed(note.line, type(exc).__name__) from None
    found: list[list[Detection]] = []
    pos = 0
    for note in notes:
        found.append(flat[pos : pos + len(note.texts)])
        pos += len(note.texts)
    return found


def detect_batch(
    detector: Detector, risk: CorpusRisk | None, notes: Sequence[NoteWork]
) -> list[list[TextResult]]:
    """Pass 2 for a batch: per note, per text, the spans of the (learned) detector and, with
    ``risk`` (the merged corpus-wide counts), the note's re-identification risk level."""
    # Texts whose pass-1 spans stand are not detected again; the others are, as one chunk.
    kept: list[list[list[Span] | None]] = []
    for note in notes:
        try:
            first_pass = note.first_pass or (None,) * len(note.texts)
            kept.append([unpack(first) if first is not None else None for first in first_pass])
        except Exception as exc:
            raise NoteFailed(note.line, type(exc).__name__) from None
    checked = [(text, spans) for note, per_text in zip(notes, kept, strict=True)
               for text, spans in zip(note.texts, per_text, strict=True) if spans is not None]  # fmt: skip
    applies = iter(_applies(detector, checked, notes, kept))
    redo: list[tuple[str, tuple[tuple[str, str], ...]]] = []
    plan: list[list[list[Span] | None]] = []
    for note, per_text in zip(notes, kept, strict=True):
        planned: list[list[Span] | None] = []
        for text, spans in zip(note.texts, per_text, strict=True):
            if spans is not None and not next(applies):
                planned.append(spans)  # what pass 1 found is all there is
            else:
                planned.append(None)
                redo.append((text, note.known))
        plan.append(planned)
    detected = iter(_detect_texts(detector, redo, notes, plan))
    results: list[list[TextResult]] = []
    for note, per_text in zip(notes, plan, strict=True):
        try:
            out = []
            for text, kept in zip(note.texts, per_text, strict=True):
                spans = kept if kept is not None else next(detected).spans
                level = risk.assess(text, spans, note.group).level if risk is not None else None
                out.append(TextResult([span_tuple(s) for s in spans], level))
        except Exception as exc:
            raise NoteFailed(note.line, type(exc).__name__) from None
        results.append(out)
    return results


def _applies(
    detector: Detector,
    checked: list[tuple[str, list[Span]]],
    notes: Sequence[NoteWork],
    kept: list[list[list[Span] | None]],
) -> list[bool]:
    """``Detector.learning_applies_many`` over the texts pass 1 kept spans of; should that fail,
    note by note, so the failure names its note's line."""
    try:
        return detector.learning_applies_many([t for t, _ in checked], [s for _, s in checked])
    except Exception:
        pass
    applies: list[bool] = []
    for note, per_text in zip(notes, kept, strict=True):
        pairs = [(t, s) for t, s in zip(note.texts, per_text, strict=True) if s is not None]
        try:
            applies.extend(detector.learning_applies_many([t for t, _ in pairs], [s for _, s in pairs]))
        except Exception as exc:
            raise NoteFailed(note.line, type(exc).__name__) from None
    return applies


def _detect_texts(
    detector: Detector,
    redo: list[tuple[str, tuple[tuple[str, str], ...]]],
    notes: Sequence[NoteWork],
    plan: list[list[list[Span] | None]],
) -> list[Detection]:
    """The texts to detect again, as one chunk; should that fail, note by note, so the failure
    names its note's line."""
    try:
        return detector.detect_many([t for t, _ in redo], [k for _, k in redo])
    except Exception:
        pass
    found: list[Detection] = []
    for note, per_text in zip(notes, plan, strict=True):
        texts = [text for text, kept in zip(note.texts, per_text, strict=True) if kept is None]
        try:
            found.extend(detector.detect_many(texts, [note.known] * len(texts)))
        except Exception as exc:
            raise NoteFailed(note.line, type(exc).__name__) from None
    return found


def span_tuple(span: Span) -> SpanTuple:
    return (span.start, span.end, span.type, span.masker, span.reference)


def span_of(values: SpanTuple) -> Span:
    return Span(*values)


# Span type and masker as one small int: type index * 64 + masker index.
_TYPES = ENTITY_TYPES
_TYPE_CODE = {name: index for index, name in enumerate(_TYPES)}


@functools.lru_cache(maxsize=4)
def _masker_codes(names: tuple[str, ...]) -> dict[str, int]:
    return {name: index for index, name in enumerate(names)}


def pack(spans: Sequence[Span]) -> FirstPass:
    """A text's spans as a flat tuple of ints; None if any carries a reference (a name)."""
    if not spans:
        return ()
    maskers = _masker_codes(masker_names())
    flat: list[int] = []
    for span in spans:
        if span.reference is not None:
            return None
        flat += (span.start, span.end, _TYPE_CODE[span.type] * 64 + maskers[span.masker])
    return tuple(flat)


def unpack(packed: tuple[int, ...]) -> list[Span]:
    if not packed:
        return []
    names = masker_names()
    return [
        Span(packed[i], packed[i + 1], _TYPES[packed[i + 2] // 64], names[packed[i + 2] % 64])
        for i in range(0, len(packed), 3)
    ]
