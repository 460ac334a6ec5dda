"""Outputs that appear whole or not at all: temp file beside the destination, fsync, rename.

Only regular files can be replaced that way. A character device or a FIFO (``-o /dev/null`` in
a cron trial run, a named pipe read by the next program) is written in place as a stream:
renaming a file over it would destroy it. ``-`` is standard output. A symlink stays a symlink:
its target is written atomically. Anything else (a socket, a block device) is refused.
"""

from __future__ import annotations

import contextlib
import io
import os
import stat
import sys
import tempfile
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, BinaryIO

PRIVATE_FILE_MODE = 0o600  # outputs may hold patient data: owner-only unless --mode says otherwise


def directory_mode(file_mode: int) -> int:
    """The mode for a directory holding files of ``file_mode``: each read bit gets its search
    (x) bit too, so 0600 -> 0700, 0640 -> 0750, 0644 -> 0755."""
    return file_mode | (file_mode & 0o444) >> 2


def make_directories(directory: Path, mode: int) -> None:
    """Create ``directory`` and its missing parents with exactly ``mode`` (``mkdir`` alone
    would apply the umask); directories that already exist are left as they are."""
    missing: list[Path] = []
    current = directory
    while not current.is_dir() and current != current.parent:
        missing.append(current)
        current = current.parent
    for path in reversed(missing):
        try:
            path.mkdir(mode=mode & 0o700)  # never wider than asked while the chmod is pending
        except FileExistsError:
            if path.is_dir():
                continue  # created meanwhile by someone else: not ours to change
            raise
        os.chmod(path, mode)


STDOUT = Path("-")  # -o -, --stats - ...: standard output


class OutputKind(Enum):
    FILE = "file"  # a regular file (or a new one): temp file + rename
    STREAM = "stream"  # a character device or FIFO: written in place
    STDOUT = "stdout"


def output_target(dest: Path) -> tuple[OutputKind, Path]:
    """How ``dest`` is written and where: a stream for ``-``, a character device or a FIFO (also
    behind a symlink); otherwise a regular file (or the directory of several outputs) at its real
    path, so a symlink's target is replaced and the link kept (a dangling link's target is
    created). Raises ``OutputError`` for anything else that exists (a socket, a block device)."""
    if dest == STDOUT:
        return OutputKind.STDOUT, dest
    try:
        mode = os.stat(dest).st_mode
    except OSError:  # missing (a new file), or unreadable: opening it will say which
        mode = None
    if mode is not None and (stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)):
        return OutputKind.STREAM, dest
    if mode is not None and not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):  # a directory: -o out/
        raise OutputError(dest, OSError(0, "not a regular file, character device or FIFO"))
    return OutputKind.FILE, Path(os.path.realpath(dest)) if dest.is_symlink() else dest


def is_stream(dest: Path) -> bool:
    """Whether ``dest`` is written as a stream (standard output, a device, a FIFO)."""
    try:
        return output_target(dest)[0] is not OutputKind.FILE
    except OutputError:
        return False


TEMP_MARKER = ".deid-tmp-"  # temp files are ".{destination name}.deid-tmp-XXXXXXXX" beside it


class OutputError(OSError):
    """Writing an output failed (disk full, not writable, ...). It names the destination the
    user asked for, never the temp file, and carries the OS error's number and reason."""

    def __init__(self, destination: Path, cause: OSError) -> None:
        super().__init__(cause.errno, cause.strerror or type(cause).__name__, str(destination))
        self.destination = destination


def remove_stale_temps(dest: Path) -> None:
    """Delete the temp files a killed run left beside ``dest``. Only for a caller that holds
    the destination's lock (``run_lock.py``): otherwise they may be a running writer's temps."""
    prefix = f".{dest.name}{TEMP_MARKER}"
    try:
        entries = list(os.scandir(dest.parent))
    except OSError:  # no directory yet, hence no leftovers; other errors surface on open
        return
    for entry in entries:
        if entry.name.startswith(prefix) and not entry.is_dir(follow_symlinks=False):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(entry.path)


class _OutputFile(io.BufferedWriter):
    """A temp file's writer whose I/O errors (ENOSPC, EFBIG, EIO...) name the destination."""

    def __init__(self, fd: int, dest: Path) -> None:
        super().__init__(io.FileIO(fd, "wb"))
        self.dest = dest

    def write(self, data: Any) -> int:
        try:
            return super().write(data)
        except OSError as exc:
            raise OutputError(self.dest, exc) from None

    def flush(self) -> None:
        try:
            super().flush()
        except OSError as exc:
            raise OutputError(self.dest, exc) from None


@dataclass(slots=True)
class _Pending:
    tmp: Path | None  # None: a stream, written in place
    dest: Path  # what the user named (in messages)
    file: BinaryIO
    target: Path  # what is replaced: the real path of a file


class AtomicOutputs:
    """Write several outputs so that each destination is either untouched or complete.

    ``open(dest)`` returns a binary file writing to a temp file beside ``dest`` (same
    directory, so ``os.replace`` is atomic), created 0600 and given ``mode`` (default 0600,
    owner-only, whatever the umask); missing parent directories are created with
    ``directory_mode(mode)`` (0700 by default). ``commit()`` fsyncs every temp and renames it onto
    its destination. If the block raises or ends without ``commit()``, all temps are removed and
    existing destinations stay as they were. Each rename is atomic; the set as a whole is not.

    Every I/O error is an ``OutputError`` naming the destination. With ``remove_stale`` (only
    while holding the destination locks), ``open`` first deletes the temps that a killed run
    left beside the destination.
    """

    def __init__(self, mode: int = PRIVATE_FILE_MODE, remove_stale: bool = False) -> None:
        self.mode = mode  # of every file written; directories created for them: directory_mode(mode)
        self.remove_stale = remove_stale
        self._pending: list[_Pending] = []
        self._committed = False

    def __enter__(self) -> AtomicOutputs:
        return self

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if not self._committed:
            self._discard()

    def open(self, dest: Path) -> BinaryIO:
        """Create the temp file for ``dest`` (and its parent directories) and return it; for a
        stream destination return the stream itself."""
        if self._committed:
            raise RuntimeError("AtomicOutputs already committed")
        kind, target = output_target(dest)
        if kind is not OutputKind.STREAM and any(p.dest == dest for p in self._pending):
            raise ValueError(f"output opened twice: {dest}")  # a device may be shared (/dev/null)
        if kind is OutputKind.FILE:
            pending = self._open_file(dest, target)
        else:
            pending = _Pending(None, dest, self._open_stream(dest, kind), target)
        self._pending.append(pending)
        return pending.file

    def _open_file(self, dest: Path, target: Path) -> _Pending:
        """A temp file beside ``target``, 0600 from birth, then exactly ``mode``."""
        try:
            make_directories(target.parent, directory_mode(self.mode))
            if self.remove_stale:
                remove_stale_temps(target)
            fd, name = tempfile.mkstemp(prefix=f".{target.name}{TEMP_MARKER}", dir=target.parent)  # 0600
        except OSError as exc:
            raise OutputError(dest, exc) from None
        try:
            os.fchmod(fd, self.mode)  # exactly --mode, whatever the umask
            file = _OutputFile(fd, dest)
        except BaseException as exc:
            os.close(fd)
            Path(name).unlink(missing_ok=True)
            if isinstance(exc, OSError):
                raise OutputError(dest, exc) from None
            raise
        return _Pending(Path(name), dest, file, target)

    @staticmethod
    def _open_stream(dest: Path, kind: OutputKind) -> BinaryIO:
        """Standard output, or the device/FIFO opened for writing (a FIFO waits for its
        reader); never created, truncated or given a mode."""
        if kind is OutputKind.STDOUT:
            sys.stdout.flush()
            return _StreamOutput(sys.stdout.buffer, dest)
        try:
            fd = os.open(dest, os.O_WRONLY | os.O_CLOEXEC)
        except OSError as exc:
            raise OutputError(dest, exc) from None
        return _OutputFile(fd, dest)

    def commit(self) -> None:
        """Flush and fsync all temps first, then rename them, keeping the window of mixed state
        short; streams are flushed (and devices closed) in place."""
        if self._committed:
            return
        for pending in self._pending:
            try:
                pending.file.flush()
                if pending.tmp is not None:
                    os.fsync(pending.file.fileno())
                pending.file.close()
            except OSError as exc:
                raise OutputError(pending.dest, exc) from None
        for pending in self._pending:
            if pending.tmp is None:
                continue
            try:
                os.replace(pending.tmp, pending.target)
            except OSError as exc:
                raise OutputError(pending.dest, exc) from None
        self._committed = True
        for directory in {p.target.parent for p in self._pending if p.tmp is not None}:
            _fsync_directory(directory)
        self._pending.clear()

    def _discard(self) -> None:
        """Close and delete every temp file; never raises so the original error stays visible.
        What a stream received stays received."""
        for pending in self._pending:
            with contextlib.suppress(OSError):
                pending.file.close()
            if pending.tmp is not None:
                with contextlib.suppress(OSError):
                    pending.tmp.unlink(missing_ok=True)
        self._pending.clear()


class _StreamOutput(io.RawIOBase):
    """Standard output as an output file: writes go through, closing leaves it open."""

    def __init__(self, stream: BinaryIO, dest: Path) -> None:
        super().__init__()
        self._stream = stream
        self.dest = dest

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        try:
            return self._stream.write(data)
        except OSError as exc:
            raise OutputError(self.dest, exc) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as exc:
            raise OutputError(self.dest, exc) from None

    def close(self) -> None:
        if not self.closed:
            self.flush()
        super().close()


def _fsync_directory(directory: Path) -> None:
    """Persist the rename itself; best effort because not every platform allows it."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
