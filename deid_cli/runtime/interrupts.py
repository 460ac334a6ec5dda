"""Ctrl-C (SIGINT) and ``kill`` (SIGTERM) stop a command cleanly, with the shell's exit status.

While a command runs, either signal raises ``Interrupted``, a ``SystemExit`` with status
128 + signal number (130 for SIGINT, 143 for SIGTERM, what a shell reports for a process the
signal killed). Being a ``SystemExit``, it passes every ``except Exception`` and unwinds the
``with`` blocks: ``AtomicOutputs`` deletes its temp files (destinations stay as they were),
the worker pool is shut down (workers ignore SIGINT and finish at most their current batch)
and the destination locks are released. One line goes to stderr; no traceback.

The first signal wins: later ones are ignored while cleaning up, which takes seconds at most
(SIGKILL still stops the process; the next run then removes what it left). A signal that was
ignored when deid started (``nohup``-style or a background job of a script) stays ignored.
Forked children (the worker processes) get the previous handlers back: a worker told to stop
by SIGTERM (e.g. when its parent died) must die, not unwind like a command.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from deid_cli.runtime.messages import complain

HANDLED_SIGNALS = (signal.SIGINT, signal.SIGTERM)

# The handlers that were in place before ours, while ours are installed; for forked children.
_PREVIOUS: dict[int, object] = {}


def _restore_in_child() -> None:
    for signum, handler in _PREVIOUS.items():
        with contextlib.suppress(ValueError, OSError):
            signal.signal(signum, handler)  # type: ignore[arg-type]
    _PREVIOUS.clear()


os.register_at_fork(after_in_child=_restore_in_child)


class Interrupted(SystemExit):
    """The command was stopped by ``signum``; the exit status is 128 + ``signum``."""

    def __init__(self, signum: int) -> None:
        super().__init__(128 + signum)
        self.signum = signum


def _stop(signum: int, _frame: FrameType | None) -> None:
    """Signal handler: ignore further signals, say why we stop, unwind the command."""
    for other in HANDLED_SIGNALS:
        signal.signal(other, signal.SIG_IGN)
    complain("interrupted", f"{signal.Signals(signum).name}: stopped, no output written")
    raise Interrupted(signum)


@contextmanager
def stop_cleanly_on_signals() -> Iterator[None]:
    """Turn SIGINT/SIGTERM into ``Interrupted`` inside the block; the previous handlers come
    back afterwards. Outside the main thread (signals cannot be handled there) it does nothing."""
    previous = _PREVIOUS
    previous.clear()
    try:
        for signum in HANDLED_SIGNALS:
            current = signal.getsignal(signum)
            if current is not signal.SIG_IGN:
                previous[signum] = current
                signal.signal(signum, _stop)
    except ValueError:  # not the main thread
        pass
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)  # type: ignore[arg-type]
        previous.clear()
