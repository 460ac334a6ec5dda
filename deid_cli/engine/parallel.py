"""Runs the batch functions of ``batches.py`` in worker processes, results in input order.

Workers are forked (Linux), so they inherit the detector with its compiled automata and the
run's risk counter instead of unpickling them; a pool is started per pass, after the state it
needs exists. Note text travels to the workers and spans come back through pipes, in memory
only. At most ``IN_FLIGHT_PER_WORKER`` batches per worker are queued, so memory stays bounded
however large the corpus. A corpus of a single batch never starts a pool: forking would cost
more than it saves.

A failing note surfaces as ``RecordFailed`` (an ``InputError``: file:line and the exception's
type, never content); any exit from the ``with`` block cancels queued batches and waits only
for the ones already running. Workers ignore Ctrl-C (the parent handles it) and die with the
parent on Linux.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from itertools import chain, islice
from pathlib import Path
from types import TracebackType
from typing import Any, Generic, NamedTuple, TypeVar

from deid_cli.corpus.records import InputError
from deid_cli.engine.batches import NoteFailed, NoteWork

IN_FLIGHT_PER_WORKER = 2

Payload = TypeVar("Payload")
Result = TypeVar("Result")
# A batch function: (detector, risk, notes) -> result; see batches.py.
BatchFunction = Callable[[Any, Any, Sequence[NoteWork]], Result]


class Batch(NamedTuple, Generic[Payload]):
    """Notes of one input file for a batch function, and what the caller needs back with the
    result (records to write, output handle...); the payload never leaves this process."""

    path: Path
    notes: list[NoteWork]
    payload: Payload


class RecordFailed(InputError):
    """A record could not be processed (a bug, or a worker process that died)."""


def available_cores() -> int:
    """The cores this process may run on (respects taskset and cpusets): --workers' default."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


class BatchRunner:
    """Maps a batch function over batches with ``workers`` processes (1: in this process),
    yielding results in input order. ``context`` is (detector, risk), handed to every call."""

    def __init__(self, workers: int, context: tuple[Any, Any]) -> None:
        self.workers = workers if can_fork() else 1
        self.context = context
        self._executor: ProcessPoolExecutor | None = None

    def __enter__(self) -> BatchRunner:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._executor is not None:
            # On failure or Ctrl-C: drop queued batches, let running ones end (workers ignore SIGINT).
            self._executor.shutdown(wait=True, cancel_futures=exc_type is not None)
            self._executor = None

    def map(
        self, function: BatchFunction[Result], batches: Iterable[Batch[Payload]]
    ) -> Iterator[tuple[Batch[Payload], Result]]:
        """(batch, function(detector, risk, batch.notes)) for every batch, in order."""
        batches = iter(batches)
        head = list(islice(batches, 2))
        if self.workers == 1 or len(head) < 2:
            for batch in chain(head, batches):
                yield batch, self._inline(function, batch)
            return
        executor = self._start()
        pending: deque[tuple[Batch[Payload], Future[Result]]] = deque()
        for batch in chain(head, batches):
            try:
                future = executor.submit(_call, function, batch.notes)
            except BrokenProcessPool:
                raise _worker_died(pending[0][0] if pending else batch) from None
            pending.append((batch, future))
            if len(pending) >= IN_FLIGHT_PER_WORKER * self.workers:
                yield _collect(*pending.popleft())
        while pending:
            yield _collect(*pending.popleft())

    def _inline(self, function: BatchFunction[Result], batch: Batch[Payload]) -> Result:
        try:
            return function(*self.context, batch.notes)
        except NoteFailed as failure:
            raise _record_failed(batch.path, failure) from None

    def _start(self) -> ProcessPoolExecutor:
        """Fork the workers now: they get the context as it is at this moment."""
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("fork"),
                initializer=_install,
                initargs=(self.context,),
            )
        return self._executor


def _collect(batch: Batch[Payload], future: Future[Result]) -> tuple[Batch[Payload], Result]:
    """The batch's result, or a clean RecordFailed without the worker's traceback."""
    try:
        return batch, future.result()
    except NoteFailed as failure:
        raise _record_failed(batch.path, failure) from None
    except BrokenProcessPool:
        raise _worker_died(batch) from None


def _record_failed(path: Path, failure: NoteFailed) -> RecordFailed:
    return RecordFailed(path, failure.line, f"could not be processed ({failure.error} during detection)")


def _worker_died(oldest_unfinished: Batch[Any]) -> RecordFailed:
    """A worker killed from outside (out of memory, a signal): every unfinished batch is lost."""
    line = oldest_unfinished.notes[0].line if oldest_unfinished.notes else 0
    reason = "a worker process died unexpectedly before the records from this line on were processed"
    return RecordFailed(oldest_unfinished.path, line, reason)


# ------------------------------------------------------------------------ in the workers

_CONTEXT: tuple[Any, Any] | None = None


def _install(context: tuple[Any, Any]) -> None:
    """Worker start: keep the inherited context, leave Ctrl-C to the parent, die with it."""
    global _CONTEXT
    _CONTEXT = context
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform == "linux":
        with contextlib.suppress(Exception):
            import ctypes

            pr_set_pdeathsig = 1
            ctypes.CDLL(None).prctl(pr_set_pdeathsig, signal.SIGTERM)


def _call(function: BatchFunction[Result], notes: Sequence[NoteWork]) -> Result:
    assert _CONTEXT is not None, "worker not initialized"
    return function(*_CONTEXT, notes)
