"""The local engine: two streaming passes over the corpus on this machine.

Pass 1 validates every record, learns the references proven by context and counts the
quasi-identifiers left after masking (``risk.py``); pass 2 detects again (now also matching
learned names), pseudonymizes, rates each note's re-identification risk (when --stats or
--spans will show it) and writes; with --no-learn, pass 1 runs only for those risk counts.
Neither pass holds the corpus: memory grows with distinct references only. All outputs
(corpus files, stats, spans) become visible together, by rename, only when everything
succeeded, and only if no input changed while it was read (``input_fingerprint.py``).

Detection, the expensive part, runs on batches of notes (``batches.py``) in ``workers``
processes (``parallel.py``); this process reads, validates, merges what the batches learned
and counted, and pseudonymizes and writes in input order. Pseudonym codes are drawn here, in
input order, so the output does not depend on the number of workers; the linkage table never
leaves this process.
"""

from __future__ import annotations

import contextlib
import gc
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

import orjson

from deid_cli.corpus.atomic import PRIVATE_FILE_MODE, STDOUT, AtomicOutputs, is_stream
from deid_cli.corpus.corpus_file import CorpusFile
from deid_cli.corpus.discovery import discover_inputs, output_paths
from deid_cli.corpus.fingerprint import InputGuard
from deid_cli.corpus.records import MAX_NOTE_CHARS, InputError, Record, Rejected, UsageError
from deid_cli.detection.detector import Detector
from deid_cli.detection.learning import NameLearner
from deid_cli.detection.normalize import fold
from deid_cli.detection.spans import HCP, PAT, Span
from deid_cli.detection.text import count_tokens
from deid_cli.engine.batches import (
    FirstPass,
    NoteWork,
    TextResult,
    detect_batch,
    learn_batch_keeping_spans,
    span_of,
)
from deid_cli.engine.parallel import Batch, BatchRunner
from deid_cli.pseudonyms.date_policy import DatePolicy
from deid_cli.pseudonyms.strategies import make_strategy
from deid_cli.pseudonyms.table import Pseudonymizer, pseudonymize
from deid_cli.reports.risk import CorpusRisk, group_key
from deid_cli.reports.run_stats import RunStats

_NAME_TOKEN = re.compile(r"[^\W\d_]{2,}")
# Notes (texts) per batch sent to a worker: large enough that pickling and pipes cost little
# beside detection, small enough that 2 batches per worker in flight hold little memory.
BATCH_TEXTS = 256
Progress = Callable[[str, int, int | None], None]  # (phase, records done, total or None)
# Net allocations between two collections of the youngest generation during a run (Python's
# default: 700). See ``_fewer_collections``.
YOUNG_COLLECTION_THRESHOLD = 100_000


@dataclass(slots=True)
class RunOptions:
    text_fields: list[str] = field(default_factory=lambda: ["text"])
    id_field: str = "id"
    delimiter: str | None = None
    on_error: str = "fail"
    vote: str = "first"
    learn: bool = True
    seed: int | None = None
    strategy: str = "tag"
    dates: str = "mask"
    group_field: str | None = None
    known_fields: list[str] = field(default_factory=list)
    known_hcp_fields: list[str] = field(default_factory=list)
    drop_fields: list[str] = field(default_factory=list)
    workers: int = 1  # processes that detect; 1 = all in this process (no fork)
    max_note_chars: int = MAX_NOTE_CHARS  # longer notes are rejected; 0: no limit

    @property
    def extra_fields(self) -> list[str]:
        """Fields read beside the text: known names and the date-shift group."""
        group = [self.group_field] if self.group_field else []
        return list(dict.fromkeys([*self.known_fields, *self.known_hcp_fields, *group]))

    def corpus_file(self, path: Path) -> CorpusFile:
        """The input file read with this run's fields and note-size limit (both engines)."""
        return CorpusFile(
            path,
            self.text_fields,
            self.id_field,
            self.delimiter,
            extra_fields=self.extra_fields,
            drop_fields=self.drop_fields,
            max_note_chars=self.max_note_chars,
        )

    def known_names(self, record: Record) -> list[tuple[str, str]]:
        """The record's own names with the type their column gives them."""
        return [(record.extras[f], PAT) for f in self.known_fields if f in record.extras] + [
            (record.extras[f], HCP) for f in self.known_hcp_fields if f in record.extras
        ]

    stats_path: Path | None = None
    spans_path: Path | None = None
    mode: int = PRIVATE_FILE_MODE  # of every output file (--mode); see AtomicOutputs
    # The caller holds the destinations' locks (run_lock.py), so temp files that killed runs
    # left beside them are leftovers, not a running writer's, and are removed.
    destinations_locked: bool = False


def _noop(_phase: str, _done: int, _total: int | None) -> None:
    return None


def check_side_outputs(options: RunOptions, local_inputs: Iterable[Path], outputs: Iterable[Path]) -> None:
    """--stats and --spans must not overwrite an input, a corpus output or each other. Devices
    and FIFOs may be shared (``/dev/null`` for all); standard output only by one of them."""
    taken = {p.resolve(): "an input file" for p in local_inputs}
    taken.update({p.resolve(): "a corpus output" for p in outputs if p == STDOUT or not is_stream(p)})
    for option, path in (("--stats", options.stats_path), ("--spans", options.spans_path)):
        if path is None or (path != STDOUT and is_stream(path)):
            continue
        clash = taken.get(path.resolve())
        if clash is not None:
            raise UsageError(f"{option} {path} would overwrite {clash}")
        taken[path.resolve()] = f"the {option} file"


@contextlib.contextmanager
def _fewer_collections() -> Iterator[None]:
    """The youngest generation collected every ``YOUNG_COLLECTION_THRESHOLD`` net allocations
    while a run lasts, then Python's thresholds again. Detection makes millions of short-lived
    tuples and lists and no cycles: most die before a collection would walk them, so fewer,
    larger collections do about 2 % fewer instructions per note. Forked workers inherit it."""
    previous = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, *previous[1:])
    try:
        yield
    finally:
        gc.set_threshold(*previous)


def note_work(
    record: Record, options: RunOptions, wants_risk: bool, first_pass: tuple[FirstPass, ...] | None = None
) -> NoteWork:
    """What a worker needs of a record: its texts, own names, risk group and pass 1's spans."""
    group = group_key(record, options.group_field) if wants_risk else ""
    known = tuple(options.known_names(record))
    return NoteWork(record.line, tuple(record.texts.values()), known, group, first_pass)


def account_rejected(
    item: Rejected, stats: RunStats, options: RunOptions, on_reject: Callable[[Rejected], None] | None
) -> None:
    """A rejected record stops the run (--on-error fail) or is counted and reported (skip)."""
    if options.on_error == "fail":
        raise InputError(item.path, item.line, item.reason)
    stats.reject(item.path, item.line, item.reason)
    if on_reject is not None:
        on_reject(item)


def write_stats(outputs: AtomicOutputs, options: RunOptions, stats: RunStats) -> None:
    """The --stats file, among the outputs that become visible together."""
    if options.stats_path:
        report = orjson.dumps(stats.to_dict(), option=orjson.OPT_INDENT_2) + b"\n"
        outputs.open(options.stats_path).write(report)


def item_batches(
    items: Iterable[Record | Rejected | bytes],
    options: RunOptions,
    wants_risk: bool,
    first_pass: Iterator[tuple[FirstPass, ...]] | None = None,
) -> Iterator[tuple[list[Record | Rejected | bytes], list[NoteWork]]]:
    """Pass 2's chunks of consecutive items (records, rejected records, blank lines) with the
    detection work of their records, about BATCH_TEXTS texts each; both engines use it. With
    ``first_pass`` (pass 1's spans of every record, in order) each record gets its own."""
    chunk: list[Record | Rejected | bytes] = []
    notes: list[NoteWork] = []
    size = 0
    for item in items:
        chunk.append(item)
        if isinstance(item, Record):
            kept = next(first_pass) if first_pass is not None else None
            notes.append(note_work(item, options, wants_risk, kept))
            size += len(item.texts)
        else:
            size += 1
        if size >= BATCH_TEXTS:
            yield chunk, notes
            chunk, notes, size = [], [], 0
    if chunk:
        yield chunk, notes


class LocalEngine:
    """Runs one corpus through detection and pseudonymization."""

    def __init__(
        self,
        detector: Detector,
        options: RunOptions,
        progress: Progress = _noop,
        on_reject: Callable[[Rejected], None] | None = None,
    ) -> None:
        self.detector = detector
        self.options = options
        self.progress = progress
        self.on_reject = on_reject
        # Pass 1's spans of every record, in order (offsets and codes only, in memory), which
        # pass 2 reuses for the records that learning cannot change; None without pass 1.
        self._first_pass: list[tuple[FirstPass, ...]] | None = None

    def _files(self, paths: list[Path]) -> list[CorpusFile]:
        return [self.options.corpus_file(p) for p in paths]

    def run(self, inputs: list[Path], output: Path) -> RunStats:
        # The detector (its maskers' patterns and word sets, built after the lexicon was moved
        # out of the collector's sight) lives as long as the run: out of its sight too, so that
        # pass 1's collections need not walk it again and again.
        gc.freeze()
        with _fewer_collections():
            return self._run(inputs, output)

    def _run(self, inputs: list[Path], output: Path) -> RunStats:
        paths = discover_inputs(inputs)
        guard = InputGuard(paths)  # before any byte is read: a changed input fails the run
        files = self._files(paths)
        destinations = output_paths([f.path for f in files], inputs, output)
        self._check_side_outputs(files, destinations)
        stats = RunStats()
        for corpus_file in files:
            stats.add_input(corpus_file.path, corpus_file.missing_text_fields)
        detector = self.detector
        total: int | None = None  # records, for the progress bar: known only after pass 1
        # Risk levels are only written to --stats and --spans, so they cost nothing otherwise.
        # They need corpus-wide counts: pass 1, which --no-learn then runs for them alone.
        wants_risk = self.options.stats_path is not None or self.options.spans_path is not None
        risk = CorpusRisk(self.detector.lexicon) if wants_risk else None
        if self.options.learn or risk is not None:
            learner, total = self._learn(files, risk)
            if self.options.learn:
                learned = learner.detector(self.detector)
                detector = learned.detector
                stats.add_learned(learned.references, learned.cues, learned.aliases, learned.places)
            guard.check_state()
            # Pass 1's spans and what it learned live until the run ends: out of the collector's
            # sight, as the lexicon is (loading.py), so that pass 2's collections need not walk
            # them again and again. A full collection first, so that no garbage cycle is kept.
            gc.collect()
            gc.freeze()
        self._write(files, destinations, detector, stats, total, risk, guard)
        stats.finish()
        return stats

    def _check_side_outputs(self, files: list[CorpusFile], destinations: dict[Path, Path]) -> None:
        check_side_outputs(self.options, [f.path for f in files], destinations.values())

    def _learn(self, files: list[CorpusFile], risk: CorpusRisk | None) -> tuple[NameLearner, int]:
        """Pass 1: validate everything, learn names proven by context and count the
        quasi-identifiers left unmasked; also count records."""
        learner = NameLearner(self.detector.lexicon)
        phase = "learning" if self.options.learn else "counting"
        done = 0
        self._first_pass = []
        with BatchRunner(self.options.workers, (self.detector, risk)) as runner:
            batches = self._learning_batches(files, risk is not None)
            for batch, learned in runner.map(learn_batch_keeping_spans, batches):
                learner.merge(learned.names)
                if risk is not None and learned.risk is not None:
                    risk.merge(learned.risk)
                if learned.spans is not None:
                    self._first_pass.extend(learned.spans)
                done += len(batch.notes)
                self.progress(phase, done, None)
        self.progress(phase, done, None)
        return learner, done

    def _learning_batches(self, files: list[CorpusFile], wants_risk: bool) -> Iterator[Batch[None]]:
        """Pass 1's batches: every valid record's work; a bad record stops the run (--on-error fail)."""
        for corpus_file in files:
            notes: list[NoteWork] = []
            texts = 0
            for item in corpus_file:
                if isinstance(item, Rejected):
                    if self.options.on_error == "fail":
                        raise InputError(item.path, item.line, item.reason)
                    continue
                if isinstance(item, Record):
                    notes.append(note_work(item, self.options, wants_risk))
                    texts += len(item.texts)
                    if texts >= BATCH_TEXTS:
                        yield Batch(corpus_file.path, notes, None)
                        notes, texts = [], 0
            if notes:
                yield Batch(corpus_file.path, notes, None)

    def _write(
        self,
        files: list[CorpusFile],
        destinations: dict[Path, Path],
        detector: Detector,
        stats: RunStats,
        total: int | None,
        risk: CorpusRisk | None,
        guard: InputGuard,
    ) -> None:
        """Pass 2: detect (in batches), pseudonymize in input order, write every output atomically
        unless an input changed meanwhile."""
        writer = RecordWriter(self.options, stats)
        with (
            AtomicOutputs(self.options.mode, remove_stale=self.options.destinations_locked) as outputs,
            BatchRunner(self.options.workers, (detector, risk)) as runner,
        ):
            spans_out = outputs.open(self.options.spans_path) if self.options.spans_path else None
            batches = self._writing_batches(files, destinations, outputs, risk is not None)
            for batch, results in runner.map(detect_batch, batches):
                corpus_file, out, items = batch.payload
                per_record = iter(results)
                for item in items:
                    if isinstance(item, bytes):
                        out.write(item)
                    elif isinstance(item, Rejected):
                        stats.count_read(item.path)
                        self._rejected(item, stats)
                    else:
                        out.write(writer.record(corpus_file, item, next(per_record), spans_out))
                        if stats.records_read % 256 == 0:
                            self.progress("pseudonymizing", stats.records_read, total)
            self.progress("pseudonymizing", stats.records_read, total)
            stats.finish()
            write_stats(outputs, self.options, stats)
            guard.check_content()
            outputs.commit()

    def _writing_batches(
        self,
        files: list[CorpusFile],
        destinations: dict[Path, Path],
        outputs: AtomicOutputs,
        wants_risk: bool,
    ) -> Iterator[Batch[tuple[CorpusFile, BinaryIO, list[Record | Rejected | bytes]]]]:
        """Pass 2's batches: every item of every file in order (records, rejected records and
        blank lines), with the work of the records; opens each output as its file begins."""
        first_pass = iter(self._first_pass) if self._first_pass is not None else None
        for corpus_file in files:
            out = outputs.open(destinations[corpus_file.path])
            out.write(corpus_file.preamble())
            for items, notes in item_batches(corpus_file, self.options, wants_risk, first_pass):
                yield Batch(corpus_file.path, notes, (corpus_file, out, items))
        self._first_pass = None  # pass 2 has taken every record's spans

    def _rejected(self, item: Rejected, stats: RunStats) -> None:
        account_rejected(item, stats, self.options, self.on_reject)


class RecordWriter:
    """Pass 2's per-record work in this process: pseudonyms (drawn in input order, so codes
    do not depend on the number of workers), statistics, spans lines and the output bytes."""

    def __init__(self, options: RunOptions, stats: RunStats) -> None:
        self.options = options
        self.stats = stats
        self.pseudonymizer = Pseudonymizer(options.seed)
        self.strategy = make_strategy(options.strategy, seed=options.seed)
        self.dates = DatePolicy(options.dates, seed=options.seed)
        self.several_fields = len(options.text_fields) > 1
        # Built once, not per record: the replacer, unless dates shift by the record's group,
        # and the known name columns that are written back.
        self._replace = None if self.dates.by_group else self.dates.replacer(self.strategy.replace, "")
        known = [(f, PAT) for f in options.known_fields] + [(f, HCP) for f in options.known_hcp_fields]
        self._known_columns = [
            (column, etype) for column, etype in known if column not in options.drop_fields
        ]

    def record(
        self,
        corpus_file: CorpusFile,
        record: Record,
        results: list[TextResult],
        spans_out: BinaryIO | None,
    ) -> bytes:
        """The record's output bytes; also counts it and writes its spans lines."""
        stats = self.stats
        stats.count_read(record.path)
        replace = self._replace
        if replace is None:
            group = record.extras.get(self.options.group_field or "", "")
            replace = self.dates.replacer(self.strategy.replace, str(group))
        new_texts: dict[str, str] = {}
        for (name, text), result in zip(record.texts.items(), results, strict=True):
            spans = [span_of(values) for values in result.spans]
            new_texts[name], codes = pseudonymize(text, spans, self.pseudonymizer, replace)
            stats.add_note(spans, count_tokens(text), codes)
            if result.level is not None:
                stats.add_risk(result.level)
            if spans_out is not None:
                field_name = name if self.several_fields else None
                spans_out.write(_spans_line(record.id, field_name, spans, result.level))
        known = self._mask_known_fields(record) if self._known_columns else None
        rendered = corpus_file.render(record, new_texts, known)
        stats.records_written += 1
        return rendered

    def _mask_known_fields(self, record: Record) -> dict[str, str]:
        """The known name columns themselves, with the pseudonyms their tokens get in the text."""
        masked: dict[str, str] = {}
        for column, etype in self._known_columns:
            value = record.extras.get(column)
            if not isinstance(value, str):
                continue
            spans = [
                Span(m.start(), m.end(), etype, "KnownIdentifier", fold(m.group()))
                for m in _NAME_TOKEN.finditer(value)
            ]
            masked[column] = pseudonymize(value, spans, self.pseudonymizer, self.strategy.replace)[0]
        return masked


def _spans_line(record_id: str, field_name: str | None, spans: list[Span], risk: str | None) -> bytes:
    row: dict = {"id": record_id}
    if field_name is not None:
        row["field"] = field_name
    if risk is not None:
        row["risk"] = risk
    row["spans"] = [{"start": s.start, "end": s.end, "type": s.type, "masker": s.masker} for s in spans]
    return orjson.dumps(row, option=orjson.OPT_APPEND_NEWLINE)
