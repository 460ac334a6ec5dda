"""``deid review``'s data: run the pipeline over a corpus, draw a stratified sample of notes and
build the page model that ``review_page`` renders.

Notes are stratified by their number of pseudonymizations (the spans ``deid run`` replaces), so
a sample shows quiet notes and busy ones alike, as in the Masketeer paper's manual review of
200 notes. The corpus is streamed, never held: pass 1 learns names proven by context (as
``deid run`` does), pass 2 counts each note's spans, pass 3 re-reads only the sampled notes.
Nothing here writes anywhere; the page model holds note text, in memory only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from deid_cli.corpus.corpus_file import CorpusFile
from deid_cli.corpus.records import InputError, Record, Rejected
from deid_cli.detection.detector import Detector
from deid_cli.detection.learning import learn_from
from deid_cli.detection.spans import ENTITY_TYPES, Span
from deid_cli.pseudonyms.table import Pseudonymizer, pseudonymize, tag
from deid_cli.reports.review_sample import DEFAULT_SAMPLE, STRATA, stratified_sample, stratum_index
from deid_cli.reports.risk import CorpusRisk

Progress = Callable[[str, int, int | None], None]  # (phase, notes done, total or None)


# ------------------------------------------------------------------------------ page model


@dataclass(frozen=True, slots=True)
class ShownSpan:
    """A detected span as the page shows it: where it is in the original and what replaced it."""

    start: int
    end: int
    type: str
    masker: str
    replacement: str


@dataclass(frozen=True, slots=True)
class NoteRank:
    """Where a note goes on the page and what is shown beside its id: higher ``key`` first.

    The hook for risk ordering (``deid review --risk``, to come): a ranker maps each sampled
    note to a rank, e.g. ``NoteRank(0.82, "risk 0.82: high")``."""

    key: float
    label: str


@dataclass(slots=True)
class ReviewNote:
    """One sampled note: its text, spans, origin and stratum."""

    note_id: str
    source: str  # file:line
    text: str
    spans: list[ShownSpan]
    stratum: str
    rank: NoteRank | None = None

    @property
    def counts(self) -> dict[str, int]:
        """Spans per entity type, in the order of ``ENTITY_TYPES``."""
        found = Counter(span.type for span in self.spans)
        return {etype: found[etype] for etype in ENTITY_TYPES if found[etype]}

    def segments(self) -> Iterator[str | ShownSpan]:
        """The original text cut into plain stretches and spans, in order."""
        position = 0
        for span in self.spans:
            if span.start > position:
                yield self.text[position : span.start]
            yield span
            position = span.end
        if position < len(self.text):
            yield self.text[position:]


Ranker = Callable[[ReviewNote], NoteRank | None]


@dataclass(frozen=True, slots=True)
class StratumRow:
    label: str
    in_corpus: int
    sampled: int


@dataclass(slots=True)
class ReviewPage:
    """Everything the review page shows."""

    notes: list[ReviewNote]
    strata: list[StratumRow]
    notes_in_corpus: int
    types: list[str]  # the entity types this configuration masks
    seed: int
    learned_references: int
    ordering: str = "corpus order"
    sources: list[str] = field(default_factory=list)


def rank_notes(notes: list[ReviewNote], ranker: Ranker) -> list[ReviewNote]:
    """The notes with their ranks set, highest key first; unranked notes keep corpus order last."""
    for note in notes:
        note.rank = ranker(note)
    ranked = sorted((n for n in notes if n.rank is not None), key=lambda n: -n.rank.key)  # type: ignore[union-attr]
    return ranked + [n for n in notes if n.rank is None]


# ------------------------------------------------------------------------------ corpus passes


class ReviewCorpus:
    """The input files as a stream of notes: one note per non-blank text field of a record.

    Rejected records stop the review (``on_error="fail"``, ``InputError``) or are left out and
    reported once, on the first pass (``"skip"``)."""

    def __init__(
        self,
        files: list[CorpusFile],
        on_error: str = "fail",
        on_reject: Callable[[Rejected], None] | None = None,
    ) -> None:
        self.files = files
        self.on_error = on_error
        self.on_reject = on_reject
        self._passes = 0
        self.note_count: int | None = None  # known once a pass has read the whole corpus
        self.several_fields = any(len(f.text_fields) > 1 for f in files)

    def notes(self) -> Iterator[tuple[Record, str, str]]:
        """``(record, field, text)`` for every note, in corpus order."""
        first_pass = self._passes == 0
        self._passes += 1
        count = 0
        for corpus_file in self.files:
            for item in corpus_file:
                if isinstance(item, Rejected):
                    if self.on_error == "fail":
                        raise InputError(item.path, item.line, item.reason)
                    if first_pass and self.on_reject is not None:
                        self.on_reject(item)
                    continue
                if isinstance(item, Record):
                    for name, text in item.texts.items():
                        if text.strip():
                            count += 1
                            yield item, name, text
        self.note_count = count

    def note_id(self, record: Record, field_name: str) -> str:
        return f"{record.id} · {field_name}" if self.several_fields else record.id


def _counted(
    notes: Iterator[tuple[Record, str, str]], phase: str, progress: Progress, total: int | None
) -> Iterator[tuple[Record, str, str]]:
    """The notes, passed through while the progress bar is told how far the pass is."""
    done = 0
    for note in notes:
        yield note
        done += 1
        if done % 256 == 0:
            progress(phase, done, total)
    progress(phase, done, total)


def _noop(_phase: str, _done: int, _total: int | None) -> None:
    return None


def shown_spans(text: str, spans: list[Span], pseudonymizer: Pseudonymizer) -> list[ShownSpan]:
    """The spans with the tags ``deid run``'s default strategy puts in their place."""
    replacements: list[str] = []

    def remember(original: str, etype: str, code: str, reference: str) -> str:
        replacements.append(tag(original, etype, code, reference))
        return replacements[-1]

    pseudonymize(text, spans, pseudonymizer, remember)
    return [ShownSpan(s.start, s.end, s.type, s.masker, r) for s, r in zip(spans, replacements, strict=True)]


def _own_group(record: Record) -> str:
    return f"record:{record.path}:{record.line}"


def collect_review(
    corpus: ReviewCorpus,
    detector: Detector,
    *,
    sample_size: int = DEFAULT_SAMPLE,
    seed: int,
    learn: bool = True,
    progress: Progress = _noop,
    ranker: Ranker | None = None,
    ordering: str = "highest rank first",
    risk: CorpusRisk | None = None,
    group_of: Callable[[Record], str] | None = None,
) -> ReviewPage:
    """Run the pipeline over the corpus like ``deid run`` and build the page of a stratified
    sample: notes in corpus order, or ordered by ``ranker`` (see ``rank_notes``), which the page
    then names as ``ordering``. With ``risk``, every note's quasi-identifiers are counted
    while counting spans (per ``group_of(record)``, default: each record its own patient) and
    the sample is shown highest re-identification risk first (``deid review --risk``)."""
    learned = 0
    if learn:
        texts = (text for _r, _f, text in _counted(corpus.notes(), "learning", progress, None))
        detector, learned = learn_from(detector, texts)[:2]
    group = group_of or _own_group
    counts = _count_spans(corpus, detector, progress, risk, group)
    chosen = set(stratified_sample(counts, sample_size, seed))
    notes = _sampled_notes(corpus, detector, chosen, progress, risk, group)
    if risk is not None:
        ranker, ordering = (lambda note: note.rank), "highest re-identification risk first"
    if ranker is not None:
        notes = rank_notes(notes, ranker)
    return ReviewPage(
        notes=notes,
        strata=_strata_rows(counts, chosen),
        notes_in_corpus=len(counts),
        types=[t for t in ENTITY_TYPES if t in detector.types],
        seed=seed,
        learned_references=learned,
        ordering="corpus order" if ranker is None else ordering,
        sources=[str(f.path) for f in corpus.files],
    )


def _count_spans(
    corpus: ReviewCorpus,
    detector: Detector,
    progress: Progress,
    risk: CorpusRisk | None,
    group: Callable[[Record], str],
) -> list[int]:
    """Pass 2: every note's number of pseudonymizations; with ``risk``, its quasi-identifiers
    are observed too (per patient group)."""
    counts: list[int] = []
    for record, _f, text in _counted(corpus.notes(), "counting", progress, corpus.note_count):
        spans = detector.detect(text).spans
        counts.append(len(spans))
        if risk is not None:
            risk.observe(text, spans, group(record))
    return counts


def _sampled_notes(
    corpus: ReviewCorpus,
    detector: Detector,
    chosen: set[int],
    progress: Progress,
    risk: CorpusRisk | None,
    group: Callable[[Record], str],
) -> list[ReviewNote]:
    """Pass 3: the notes at the ``chosen`` positions with their tagged spans, in corpus order;
    with ``risk``, each ranked by its re-identification risk."""
    pseudonymizer = Pseudonymizer()
    notes: list[ReviewNote] = []
    for position, (record, field_name, text) in enumerate(
        _counted(corpus.notes(), "sampling", progress, corpus.note_count)
    ):
        if position not in chosen:
            continue
        spans = detector.detect(text).spans
        rank = None
        if risk is not None:
            assessed = risk.assess(text, spans, group(record))
            rank = NoteRank(assessed.score, f"risk {assessed.level} ({assessed.score:.2f})")
        notes.append(
            ReviewNote(
                note_id=corpus.note_id(record, field_name),
                source=f"{record.path}:{record.line}",
                text=text,
                spans=shown_spans(text, spans, pseudonymizer),
                stratum=STRATA[stratum_index(len(spans))][0],
                rank=rank,
            )
        )
    return notes


def _strata_rows(counts: list[int], chosen: set[int]) -> list[StratumRow]:
    """Per stratum: notes in the corpus and notes in the sample."""
    per_stratum = Counter(stratum_index(count) for count in counts)
    sampled = Counter(stratum_index(counts[p]) for p in chosen)
    return [StratumRow(label, per_stratum[i], sampled[i]) for i, (label, _lo, _hi) in enumerate(STRATA)]
