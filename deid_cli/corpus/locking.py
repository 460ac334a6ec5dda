"""One ``deid run`` per destination at a time, so overlapping cron jobs cannot mix outputs.

Each destination (the ``-o`` file or directory, ``--stats``, ``--spans``) is locked through a
lock file beside it, ``.NAME.deid-lock`` in the same directory (for ``-o masked/`` that is
``.masked.deid-lock`` next to ``masked/``, so the output directory holds only outputs). The
lock is an ``flock`` on that file, held while the run lasts: the kernel drops it when the
process ends, however it ends, so a lock file left by a killed run (SIGKILL, power loss) is
not held by anyone and the next run simply takes it over. The file holds the holder's pid and
start time for the message the second run prints; never anything about the notes.

Forked processes inherit the lock's descriptor, and an ``flock`` lives as long as any copy of
it is open: a fork hook closes the copies in every child (worker processes must not keep the
lock alive after the run died), and the descriptor is close-on-exec for spawned programs.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import orjson

from deid_cli.corpus.atomic import OutputError, OutputKind, make_directories, output_target

LOCK_SUFFIX = ".deid-lock"

# Descriptors of the locks this process holds; closed in forked children (see the docstring).
_HELD: set[int] = set()


def _close_in_child() -> None:
    for fd in _HELD:
        with contextlib.suppress(OSError):
            os.close(fd)  # the parent's copy keeps the lock; LOCK_UN here would release it for both
    _HELD.clear()


os.register_at_fork(after_in_child=_close_in_child)


@dataclass(frozen=True)
class Holder:
    """Who holds (or last held) a lock, as written in the lock file; None where unknown."""

    pid: int | None
    started: str | None

    def __str__(self) -> str:
        if self.pid is None:
            return "pid unknown"
        return f"pid {self.pid}, started {self.started or 'at an unknown time'}"


class DestinationLocked(Exception):
    """Another run holds the lock of ``destination``."""

    def __init__(self, destination: Path, lock_file: Path, holder: Holder) -> None:
        super().__init__(
            f"another deid run ({holder}) is writing to {destination}; try again when it has finished "
            f"(lock file {lock_file})"
        )
        self.destination = destination
        self.lock_file = lock_file
        self.holder = holder


@dataclass(frozen=True)
class TakenLock:
    """A lock this run holds; ``stale`` is the holder recorded by a run that ended without
    releasing it (killed), or None if the lock was free and clean."""

    destination: Path
    lock_file: Path
    stale: Holder | None


def lock_file_of(destination: Path) -> Path:
    """``.NAME.deid-lock`` beside ``destination``, from its real directory, so ``out``,
    ``./out`` and ``../here/out`` share one lock."""
    if destination.name in ("", ".", ".."):
        destination = destination.resolve()
    else:
        destination = destination.parent.resolve() / destination.name
    return destination.parent / f".{destination.name}{LOCK_SUFFIX}"


@contextlib.contextmanager
def destination_locks(destinations: Sequence[Path], directory_mode: int = 0o700) -> Iterator[list[TakenLock]]:
    """Hold the locks of all ``destinations`` (duplicates once) for the block; raises
    ``DestinationLocked`` at once if any is held, ``OutputError`` if one cannot be created.
    Missing parent directories are created with ``directory_mode``, as the outputs' would be.
    A symlink is locked at its target; a stream (standard output, a device, a FIFO) is not
    locked: nothing is replaced there, and no lock file may appear beside /dev/null."""
    taken: list[TakenLock] = []
    fds: list[int] = []
    seen: set[Path] = set()
    try:
        for destination in destinations:
            kind, target = output_target(destination)
            if kind is not OutputKind.FILE:
                continue
            lock_file = lock_file_of(target)
            if lock_file in seen:
                continue
            seen.add(lock_file)
            fd, stale = _acquire(destination, lock_file, directory_mode)
            fds.append(fd)
            taken.append(TakenLock(destination, lock_file, stale))
        yield taken
    finally:
        for lock, fd in zip(taken, fds, strict=True):
            _release(lock.lock_file, fd)


def _acquire(destination: Path, lock_file: Path, directory_mode: int) -> tuple[int, Holder | None]:
    """Lock ``lock_file`` without waiting; returns its descriptor and the stale holder, if any."""
    while True:
        try:
            make_directories(lock_file.parent, directory_mode)
            fd = os.open(lock_file, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        except OSError as exc:
            raise OutputError(destination, exc) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _read_holder(fd)
            os.close(fd)
            raise DestinationLocked(destination, lock_file, holder) from None
        except OSError as exc:
            os.close(fd)
            raise OutputError(destination, exc) from None
        if _still_linked(fd, lock_file):
            break
        os.close(fd)  # the previous holder removed the file as we opened it: lock the new one
    _HELD.add(fd)
    stale = _read_holder(fd)
    _write_holder(fd)
    return fd, stale if stale.pid is not None else None


def _release(lock_file: Path, fd: int) -> None:
    """Remove the lock file while still holding it (a run waiting on the old file retries on
    the new one, see ``_still_linked``), then let go."""
    with contextlib.suppress(OSError):
        if _still_linked(fd, lock_file):
            os.unlink(lock_file)
    _HELD.discard(fd)
    os.close(fd)


def _still_linked(fd: int, lock_file: Path) -> bool:
    """Whether ``lock_file`` still names the file open as ``fd``."""
    try:
        named = os.stat(lock_file, follow_symlinks=False)
    except FileNotFoundError:
        return False
    opened = os.fstat(fd)
    return (named.st_dev, named.st_ino) == (opened.st_dev, opened.st_ino)


def _read_holder(fd: int) -> Holder:
    """The pid and start time in the lock file; unknown if it is empty or not ours."""
    try:
        data = orjson.loads(os.pread(fd, 4096, 0))
        pid, started = data.get("pid"), data.get("started")
        return Holder(pid if isinstance(pid, int) else None, started if isinstance(started, str) else None)
    except (OSError, orjson.JSONDecodeError, AttributeError):
        return Holder(None, None)


def _write_holder(fd: int) -> None:
    """Record this process as the holder, for the message a second run prints. Best effort:
    the lock is the flock, and a full disk is reported when the outputs are written."""
    started = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.pwrite(fd, orjson.dumps({"pid": os.getpid(), "started": started}) + b"\n", 0)
