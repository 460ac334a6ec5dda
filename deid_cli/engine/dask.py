"""The Dask engine: ``deid run --engine dask``, the local engine's passes on a Dask cluster.

Inputs are local paths or fsspec URLs (``partitions.py``: JSONL files cut into line-aligned
byte ranges, a CSV file whole). Every partition is a task on a worker (``dask_tasks.py``); this
process, the client, plans, merges and writes:

0. index (JSONL files of several partitions): the first line number of each partition;
1. learn (the local engine's pass 1): each partition's learned-name and risk counts, merged
   here in partition order;
2a. references: detect with the learned detector and list each partition's distinct references
   in the order the local engine draws their codes (for ``--dates shift`` also the groups in
   the order their offsets are drawn). Codes and offsets are drawn here in that order, so a
   ``--seed`` run gives exactly the local engine's output;
2b. write: the linkage table goes to the workers, which detect again, pseudonymize and render;
   each partition's bytes are appended here to the outputs, in order, and all outputs are
   renamed into place only when everything succeeded and no input changed meanwhile (by what
   its filesystem reports, ``input_fingerprint.RemoteInputGuard``).

Privacy: the linkage table (and the date offsets) lives in this process and in worker memory,
never on disk. Workers must not spill: the local cluster is started with the memory target,
spilling and pausing disabled, and on any cluster the run is refused unless every worker keeps
its data in a plain in-memory dict. fsspec protocols that cache on local disk are refused.

Not supported (usage error): ``--strategy surrogate``, whose replacements depend on the order
of every replacement in the corpus (the previous postcode, each drawn token), not only on the
order of the distinct references.
"""

from __future__ import annotations

import contextlib
import logging
import tempfile
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, BinaryIO, TypeVar

import dask
from distributed import Client, Future, LocalCluster
from distributed.scheduler import KilledWorker

from deid_cli import __version__
from deid_cli.corpus.atomic import AtomicOutputs
from deid_cli.corpus.discovery import CSV_SUFFIXES
from deid_cli.corpus.fingerprint import RemoteInputGuard
from deid_cli.corpus.records import InputError, Rejected, UsageError
from deid_cli.detection.detector import Detector
from deid_cli.detection.learning import NameLearner
from deid_cli.engine.dask_tasks import (
    LinkageTable,
    PartitionFailed,
    PassContext,
    learn_partition,
    reference_partition,
    worker_report,
    write_partition,
)
from deid_cli.engine.local import Progress, RunOptions, account_rejected, check_side_outputs, write_stats
from deid_cli.engine.parallel import RecordFailed
from deid_cli.engine.partitions import (
    InputFile,
    Partition,
    corpus_file_of,
    destinations_of,
    file_partitions,
    index_range,
    is_remote,
    nominal_ranges,
    resolve_inputs,
)
from deid_cli.pseudonyms.date_policy import DatePolicy
from deid_cli.pseudonyms.table import Pseudonymizer
from deid_cli.reports.risk import CorpusRisk
from deid_cli.reports.run_stats import RunStats

# About this many bytes of a JSONL file per partition (Dask's own default block size).
PARTITION_BYTES = 64 * 2**20
# Partitions in flight per worker thread: enough to keep every thread busy while the client
# collects results in order, few enough that finished results do not pile up in worker memory.
IN_FLIGHT_PER_THREAD = 2
# No spilling to disk, ever: task data (notes, the linkage table) stays in worker memory.
NO_SPILL = {
    "distributed.worker.memory.target": False,
    "distributed.worker.memory.spill": False,
    "distributed.worker.memory.pause": False,
}

T = TypeVar("T")


def _noop(_phase: str, _done: int, _total: int | None) -> None:
    return None


@dataclass
class DaskSettings:
    """Where to run: an existing scheduler, or a local cluster of ``workers`` processes."""

    scheduler: str | None = None
    workers: int = 2
    processes: bool = True  # False: threads in this process (tests; memory:// inputs)
    partition_bytes: int = field(default_factory=lambda: PARTITION_BYTES)
    connect_timeout: float = 30.0


@dataclass
class _Run:
    """One run's connection: the client, its in-flight limit and where to report progress."""

    client: Client
    window: int
    progress: Progress


class DaskEngine:
    """Runs one corpus through the local engine's passes on a Dask cluster."""

    def __init__(
        self,
        detector: Detector,
        options: RunOptions,
        progress: Progress = _noop,
        on_reject: Callable[[Rejected], None] | None = None,
        settings: DaskSettings | None = None,
    ) -> None:
        self.detector = detector
        self.options = options
        self.progress = progress
        self.on_reject = on_reject
        self.settings = settings or DaskSettings()

    def run(self, inputs: Sequence[str | Path], output: Path) -> RunStats:
        opts = self.options
        if opts.strategy == "surrogate":
            raise UsageError(
                "--strategy surrogate is not available with --engine dask (its replacements depend on "
                "the order of every replacement in the corpus); use --engine local"
            )
        files, single_file = resolve_inputs(inputs)
        guard = RemoteInputGuard((str(f), partial(f.fs.info, f.path)) for f in files)
        stats = RunStats()
        for source in files:
            missing: tuple[str, ...] = ()
            if source.suffix.lower() in CSV_SUFFIXES:  # the header: a bad one stops the run before any work
                missing = corpus_file_of(source, opts).missing_text_fields
            stats.add_input(source, missing)
        destinations = destinations_of(files, single_file, output)
        self._check_side_outputs(files, destinations)
        wants_risk = opts.stats_path is not None or opts.spans_path is not None
        risk = CorpusRisk(self.detector.lexicon) if wants_risk else None
        with self._connect() as run:
            partitions = self._plan(run, files)
            detector, total = self.detector, None
            if opts.learn or risk is not None:
                learner, total = self._learn(run, partitions, risk)
                if opts.learn:
                    learned = learner.detector(self.detector)
                    detector = learned.detector
                    stats.add_learned(learned.references, learned.cues, learned.aliases, learned.places)
                guard.check()
            context = run.client.scatter(PassContext(detector, risk), broadcast=True, hash=False)
            table = self._linkage_table(run, partitions, context, total)
            shipped = run.client.scatter(table, broadcast=True, hash=False)
            del table
            self._write(run, partitions, destinations, context, shipped, stats, total, guard)
        return stats

    # -- set-up ----------------------------------------------------------------------------------
    def _check_side_outputs(self, files: list[InputFile], destinations: dict[InputFile, Path]) -> None:
        """--stats and --spans must not overwrite a local input, a corpus output or each other."""
        local_inputs = [Path(f.path) for f in files if not is_remote(f)]
        check_side_outputs(self.options, local_inputs, destinations.values())

    @contextlib.contextmanager
    def _connect(self) -> Iterator[_Run]:
        """A client on the given scheduler, or on a local cluster that cannot spill; refuses a
        cluster with any worker that may spill task data to disk."""
        settings = self.settings
        with contextlib.ExitStack() as stack:
            if settings.scheduler is not None:
                try:
                    client = stack.enter_context(
                        Client(settings.scheduler, timeout=settings.connect_timeout, set_as_default=False)
                    )
                except (OSError, TimeoutError) as exc:
                    raise UsageError(
                        f"cannot reach the Dask scheduler at {settings.scheduler} ({type(exc).__name__})"
                    ) from None
            else:
                scratch = stack.enter_context(tempfile.TemporaryDirectory(prefix="deid-dask-"))
                stack.enter_context(dask.config.set({**NO_SPILL, "temporary-directory": scratch}))
                cluster = stack.enter_context(
                    LocalCluster(
                        n_workers=settings.workers,
                        threads_per_worker=1,
                        processes=settings.processes,
                        dashboard_address=None,
                        local_directory=scratch,
                        silence_logs=logging.ERROR,
                    )
                )
                client = stack.enter_context(Client(cluster, set_as_default=False))
            try:
                client.wait_for_workers(1, timeout=settings.connect_timeout)
            except TimeoutError:
                raise UsageError(f"no Dask worker joined within {settings.connect_timeout:.0f} s") from None
            _check_workers(client)
            threads = sum(w["nthreads"] for w in client.scheduler_info()["workers"].values())
            yield _Run(client, max(2, IN_FLIGHT_PER_THREAD * threads), self.progress)

    def _plan(self, run: _Run, files: list[InputFile]) -> list[Partition]:
        """Partitions of every file, in corpus order; the ranges of a JSONL file of several
        are indexed on the workers (line starts and line numbers)."""
        indexing: list[tuple[InputFile, list[Future]]] = []
        for source in files:
            is_csv = source.suffix.lower() in CSV_SUFFIXES
            ranges = [(0, None)] if is_csv else nominal_ranges(source.size(), self.settings.partition_bytes)
            submit = run.client.submit
            futures = [submit(index_range, source, *r, pure=False) for r in ranges] if len(ranges) > 1 else []
            indexing.append((source, futures))
        return [
            part
            for source, futures in indexing
            for part in file_partitions(source, [future.result() for future in futures])
        ]

    # -- the passes ------------------------------------------------------------------------------
    def _learn(
        self, run: _Run, partitions: list[Partition], risk: CorpusRisk | None
    ) -> tuple[NameLearner, int]:
        """Pass 1 on the workers; the counts merged here in partition order."""
        learner = NameLearner(self.detector.lexicon)
        phase = "learning" if self.options.learn else "counting"
        context = run.client.scatter(PassContext(self.detector, risk), broadcast=True, hash=False)
        done = 0
        for _, result in _in_order(run, learn_partition, partitions, self.options, context):
            self._stop_on_rejected(result.rejected)
            for batch in result.batches:
                learner.merge(batch.names)
                if risk is not None and batch.risk is not None:
                    risk.merge(batch.risk)
            done += result.records
            self.progress(phase, done, None)
        return learner, done

    def _linkage_table(
        self, run: _Run, partitions: list[Partition], context: Future, total: int | None
    ) -> LinkageTable:
        """Pass 2a on the workers; codes and date offsets drawn here in the local engine's order."""
        pseudonymizer = Pseudonymizer(self.options.seed)
        dates = DatePolicy(self.options.dates, seed=self.options.seed)
        table = LinkageTable({}, {})
        done = 0
        for _, result in _in_order(run, reference_partition, partitions, self.options, context):
            self._stop_on_rejected(result.rejected)
            for reference in result.references:
                table.codes[reference] = pseudonymizer.code(reference)
            for group in result.shifted_groups:
                table.shifts[group] = dates.offset(group)
            done += result.records
            self.progress("collecting references", done, total)
        return table

    def _write(
        self,
        run: _Run,
        partitions: list[Partition],
        destinations: dict[InputFile, Path],
        context: Future,
        table: Future,
        stats: RunStats,
        total: int | None,
        guard: RemoteInputGuard,
    ) -> None:
        """Pass 2b on the workers; every output written here, in order, and renamed into place
        unless an input changed meanwhile."""
        with AtomicOutputs(self.options.mode, remove_stale=self.options.destinations_locked) as outputs:
            spans_out = outputs.open(self.options.spans_path) if self.options.spans_path else None
            corpus_out: dict[InputFile, BinaryIO] = {}
            for part, result in _in_order(run, write_partition, partitions, self.options, context, table):
                out = corpus_out.get(part.source)
                if out is None:
                    out = corpus_out[part.source] = outputs.open(destinations[part.source])
                out.write(result.corpus)
                if spans_out is not None:
                    spans_out.write(result.spans)
                merge_stats(stats, result.stats)
                for item in result.rejected:
                    self._rejected(item, stats)
                self.progress("pseudonymizing", stats.records_read, total)
            stats.finish()
            write_stats(outputs, self.options, stats)
            guard.check()
            outputs.commit()

    def _stop_on_rejected(self, rejected: Sequence[Rejected]) -> None:
        """Passes before writing: with --on-error fail, a partition's first bad record ends the run."""
        if rejected and self.options.on_error == "fail":
            first = rejected[0]
            raise InputError(first.path, first.line, first.reason)  # type: ignore[arg-type]

    def _rejected(self, item: Rejected, stats: RunStats) -> None:
        account_rejected(item, stats, self.options, self.on_reject)


def _check_workers(client: Client) -> None:
    """Refuse workers that run another version of deid (the output would differ) or that may
    spill task data (notes, user lists, the linkage table) to disk."""
    try:
        reports: dict[str, tuple[str, bool]] = client.run(worker_report)
    except Exception as exc:  # a worker without deid cannot even import the probe
        raise UsageError(
            f"the Dask workers cannot run deid ({type(exc).__name__}); install deid-cli[dask] {__version__} "
            "on them"
        ) from None
    other = sorted(
        f"{address} ({version})" for address, (version, _) in reports.items() if version != __version__
    )
    if other:
        raise UsageError(
            f"Dask workers {', '.join(other)} run another deid version than this one ({__version__})"
        )
    spilling = sorted(address for address, (_, in_memory) in reports.items() if not in_memory)
    if spilling:
        raise UsageError(
            f"Dask workers {', '.join(spilling)} may spill task data (notes, the linkage table) to disk; "
            "start them with distributed.worker.memory.target and .spill set to false"
        )


def _in_order(
    run: _Run, task: Callable[..., T], partitions: list[Partition], *args: Any
) -> Iterator[tuple[Partition, T]]:
    """``task(partition, *args)`` for every partition on the cluster, results in partition
    order, with at most ``run.window`` tasks submitted ahead of the one being collected."""
    pending: deque[tuple[Partition, Future]] = deque()
    parts = iter(partitions)
    try:
        while True:
            while len(pending) < run.window:
                part = next(parts, None)
                if part is None:
                    break
                pending.append((part, run.client.submit(task, part, *args, pure=False)))
            if not pending:
                return
            part, future = pending.popleft()
            yield part, _result(part, future)
    finally:
        for _, future in pending:
            future.cancel()


def _result(part: Partition, future: Future) -> Any:
    """The task's result; a failure as file:line and a reason without note content."""
    try:
        return future.result()
    except PartitionFailed as failure:
        raise RecordFailed(part.source, failure.line, failure.reason) from None  # type: ignore[arg-type]
    except KilledWorker:
        reason = "a Dask worker died while processing the records from here on (out of memory?)"
        raise RecordFailed(part.source, part.first_line, reason) from None  # type: ignore[arg-type]
    finally:
        future.release()


def merge_stats(total: RunStats, part: RunStats) -> None:
    """Add a partition's statistics (all counters; rejections are added in order by the caller)."""
    total.records_read += part.records_read
    for path, count in part.inputs.items():
        total.inputs[path] = total.inputs.get(path, 0) + count
    total.records_written += part.records_written
    total.maskers.update(part.maskers)
    total.entities.update(part.entities)
    total.per_note.update(part.per_note)
    total.note_tokens.update(part.note_tokens)
    total.risk.update(part.risk)
    for etype, codes in part.distinct.items():
        total.distinct.setdefault(etype, set()).update(codes)
