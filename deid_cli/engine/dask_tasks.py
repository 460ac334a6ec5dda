"""The Dask engine's tasks: what a worker does with one partition in each pass.

Top-level functions of picklable arguments, so worker processes import them instead of
unpickling code. They return counts, hashes, references and rendered output; whatever fails
leaves the worker as a ``PartitionFailed`` with a line and a reason, never note content,
because the exception crosses the network and the worker may log it.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, BinaryIO, NamedTuple, TypeVar

from deid_cli import __version__
from deid_cli.corpus.records import InputError, Rejected
from deid_cli.detection.detector import Detector
from deid_cli.engine.batches import LearnedBatch, NoteFailed, detect_batch, learn_batch
from deid_cli.engine.local import RecordWriter, RunOptions, item_batches
from deid_cli.engine.partitions import Partition, corpus_file_of, partition_items
from deid_cli.pseudonyms.date_policy import DatePolicy
from deid_cli.pseudonyms.table import Pseudonymizer
from deid_cli.reports.risk import CorpusRisk
from deid_cli.reports.run_stats import RunStats

_PLACEHOLDER_CODE = "------"
T = TypeVar("T")


class PartitionFailed(Exception):
    """A partition failed on a worker: the line and a reason without note content (the
    exception crosses the network and may be logged by the worker)."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(line, reason)
        self.line = line
        self.reason = reason


def _guarded(function: Callable[..., T], part: Partition, *args: Any) -> T:
    """Run a partition's work so that whatever fails leaves the worker as a PartitionFailed
    (an OSError names a file, never content, and stays as it is)."""
    try:
        return function(part, *args)
    except InputError as exc:
        raise PartitionFailed(exc.line, exc.reason) from None
    except NoteFailed as exc:
        raise PartitionFailed(exc.line, f"could not be processed ({exc.error} during detection)") from None
    except OSError:
        raise
    except Exception as exc:
        reason = f"could not be processed ({type(exc).__name__} in the partition starting here)"
        raise PartitionFailed(part.first_line, reason) from None


# --------------------------------------------------------------------------------- the passes


@dataclass
class PassContext:
    """What every task of a pass needs, broadcast once to every worker (its lexicon pickled
    once). Not a tuple: Dask would scatter a tuple's items one by one."""

    detector: Detector
    risk: CorpusRisk | None


@dataclass
class LinkageTable:
    """The run's codes (normalized reference -> code) and date offsets (group -> days): built
    on the client, broadcast to worker memory for pass 2b, never written."""

    codes: dict[str, str]
    shifts: dict[str, int]


class LearnedPartition(NamedTuple):
    batches: list[LearnedBatch]
    rejected: list[Rejected]
    records: int


class PartitionReferences(NamedTuple):
    references: list[str]  # distinct, in the order the local engine draws their codes
    shifted_groups: list[str]  # distinct, in the order --dates shift draws their offsets
    rejected: list[Rejected]
    records: int


class PartitionOutput(NamedTuple):
    corpus: bytes
    spans: bytes
    stats: RunStats
    rejected: list[Rejected]


def _learn(part: Partition, options: RunOptions, context: PassContext) -> LearnedPartition:
    """Pass 1 of one partition (stops at its first bad record with --on-error fail)."""
    corpus_file = corpus_file_of(part.source, options)
    learned: list[LearnedBatch] = []
    rejected: list[Rejected] = []
    records = 0
    for chunk, notes in item_batches(partition_items(corpus_file, part), options, context.risk is not None):
        bad = [item for item in chunk if isinstance(item, Rejected)]
        rejected.extend(bad)
        if bad and options.on_error == "fail":
            break
        learned.append(learn_batch(context.detector, context.risk, notes))
        records += len(notes)
    return LearnedPartition(learned, rejected, records)


class _FirstSightOrder(Pseudonymizer):
    """Draws nothing: notes the references in the order codes are asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.order: dict[str, None] = {}

    def code(self, reference: str) -> str:
        self.order.setdefault(reference, None)
        return _PLACEHOLDER_CODE


class _ShippedCodes(Pseudonymizer):
    """The client's codes, looked up; never drawn here."""

    def __init__(self, codes: dict[str, str]) -> None:
        super().__init__()
        self._shipped = codes

    def code(self, reference: str) -> str:
        code = self._shipped.get(reference)
        if code is None:  # a reference pass 2a did not see: a bug, reported without the reference
            raise LookupError("reference missing from the linkage table")
        return code

    def __len__(self) -> int:
        return len(self._shipped)


class _FirstShiftOrder(DatePolicy):
    """Draws nothing: notes the groups in the order their date offsets are asked for."""

    def __init__(self, mode: str) -> None:
        super().__init__(mode)
        self.order: dict[str, None] = {}

    def offset(self, group: str) -> int:
        self.order.setdefault(group, None)
        return 1


class _ShippedShifts(DatePolicy):
    """The client's date offsets, looked up; never drawn here."""

    def __init__(self, mode: str, shifts: dict[str, int]) -> None:
        super().__init__(mode)
        self._shipped = shifts

    def offset(self, group: str) -> int:
        days = self._shipped.get(group)
        if days is None:
            raise LookupError("group missing from the date offsets")
        return days


def _pseudonymize(
    part: Partition,
    options: RunOptions,
    context: PassContext,
    writer: RecordWriter,
    spans_out: BinaryIO | None,
) -> tuple[bytes, list[Rejected]]:
    """Detect and pseudonymize the partition as the local engine's pass 2 does; the output
    bytes (with the file's preamble if this is its first partition) and the bad records."""
    corpus_file = corpus_file_of(part.source, options)
    out = [corpus_file.preamble()] if part.first_of_file else []
    rejected: list[Rejected] = []
    for chunk, notes in item_batches(partition_items(corpus_file, part), options, context.risk is not None):
        results = iter(detect_batch(context.detector, context.risk, notes))
        for item in chunk:
            if isinstance(item, bytes):
                out.append(item)
            elif isinstance(item, Rejected):
                writer.stats.count_read(item.path)
                rejected.append(item)
                if options.on_error == "fail":
                    return b"".join(out), rejected
            else:
                out.append(writer.record(corpus_file, item, next(results), spans_out))
    return b"".join(out), rejected


def _references(part: Partition, options: RunOptions, context: PassContext) -> PartitionReferences:
    """Pass 2a of one partition: the references (and shifted date groups) in first-sight order,
    found by running the very writer pass 2b runs, with a pseudonymizer that only takes notes."""
    order = _FirstSightOrder()
    shifts = _FirstShiftOrder(options.dates)
    writer = _record_writer(options, RunStats(), order, shifts)
    without_risk = PassContext(context.detector, None)
    _, rejected = _pseudonymize(part, options, without_risk, writer, None)
    return PartitionReferences(list(order.order), list(shifts.order), rejected, writer.stats.records_written)


def _write(
    part: Partition, options: RunOptions, context: PassContext, table: LinkageTable
) -> PartitionOutput:
    """Pass 2b of one partition: its output bytes, spans lines and statistics."""
    stats = RunStats()
    codes = _ShippedCodes(table.codes)
    shifts = _ShippedShifts(options.dates, table.shifts)
    writer = _record_writer(options, stats, codes, shifts)
    spans = io.BytesIO() if options.spans_path is not None else None
    corpus, rejected = _pseudonymize(part, options, context, writer, spans)
    return PartitionOutput(corpus, spans.getvalue() if spans is not None else b"", stats, rejected)


def _record_writer(
    options: RunOptions, stats: RunStats, pseudonymizer: Pseudonymizer, dates: DatePolicy
) -> RecordWriter:
    """The local engine's per-record pass 2, with this engine's pseudonymizer and date policy."""
    writer = RecordWriter(options, stats)
    writer.pseudonymizer = pseudonymizer
    writer.dates = dates
    return writer


# The tasks: top-level functions, so worker processes import them instead of unpickling code.
def learn_partition(part: Partition, options: RunOptions, context: PassContext) -> LearnedPartition:
    return _guarded(_learn, part, options, context)


def reference_partition(part: Partition, options: RunOptions, context: PassContext) -> PartitionReferences:
    return _guarded(_references, part, options, context)


def write_partition(
    part: Partition, options: RunOptions, context: PassContext, table: LinkageTable
) -> PartitionOutput:
    return _guarded(_write, part, options, context, table)


def worker_report(dask_worker: Any) -> tuple[str, bool]:
    """Run on every worker before a run: its deid version, and whether it keeps task data in
    memory only (a plain dict; a spill buffer may write it to disk)."""
    return __version__, type(dask_worker.data) is dict
