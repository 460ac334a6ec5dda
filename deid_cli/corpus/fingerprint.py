"""Detects an input file that changes while a run reads it, before anything is written.

``deid run`` reads every input twice: pass 1 learns names and counts, pass 2 pseudonymizes.
If a file changed in between (an export still being written, a log rotated in place), pass 2
would mask with what pass 1 learned from other text, and codes, learned names and risk counts
would not match the output. So each local input is fingerprinted when the run starts (size,
modification time, device and inode, and a BLAKE2b digest of its bytes, read in chunks) and
checked again after pass 1 (size, time, inode: free) and before the outputs are committed (all,
digest included: it also catches a same-size edit whose modification time was put back).
A file that changed fails the run (``InputChanged``, exit status 1), and nothing is written.

The digest costs one extra sequential read of the corpus at each end of the run (hashing runs
at about 1 GB/s, small beside detection). Inputs read through fsspec (``--engine dask``) are
compared by what their filesystem reports instead (size, modification time, ETag, generation,
inode: whichever it has), since reading a remote corpus twice more would cost more than the run.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from deid_cli.corpus.records import InputError

# What fsspec's info() may report that changes with the content; each filesystem has some.
_FSSPEC_VERSION_KEYS = ("size", "mtime", "LastModified", "last_modified", "ETag", "etag", "generation", "ino")


class InputChanged(InputError):
    """An input file changed while the run was reading it; ``str()`` names the file only."""

    def __init__(self, path: Path | str, what: str) -> None:
        super().__init__(Path(path), 0, f"changed while deid was reading it ({what})")
        self.label = str(path)

    def __str__(self) -> str:
        return f"{self.label}: {self.reason}"


@dataclass(frozen=True, slots=True)
class FileState:
    """What ``stat`` tells about a file's version: cheap, but blind to an edit whose size and
    modification time were restored."""

    size: int
    mtime_ns: int
    device: int
    inode: int

    @classmethod
    def of(cls, result: os.stat_result) -> FileState:
        return cls(result.st_size, result.st_mtime_ns, result.st_dev, result.st_ino)


@dataclass(frozen=True, slots=True)
class Fingerprint:
    state: FileState
    digest: bytes


def fingerprint(path: Path) -> Fingerprint:
    """The file's state and the digest of its bytes, read from one open descriptor."""
    with path.open("rb") as handle:
        before = FileState.of(os.fstat(handle.fileno()))
        digest = hashlib.file_digest(handle, lambda: hashlib.blake2b(digest_size=16)).digest()
        after = FileState.of(os.fstat(handle.fileno()))
    if after != before:
        raise InputChanged(path, "it was being written to")
    return Fingerprint(before, digest)


class InputGuard:
    """The fingerprints of a run's local inputs, taken at the start, and their checks."""

    def __init__(self, paths: Iterable[Path]) -> None:
        self._taken = {path: fingerprint(path) for path in paths}

    def check_state(self) -> None:
        """Cheap check (stat only), e.g. between the passes, to stop early."""
        for path, taken in self._taken.items():
            _compare(path, taken.state, _state(path))

    def check_content(self) -> None:
        """Full check (stat and digest), last thing before the outputs are committed."""
        for path, taken in self._taken.items():
            _compare(path, taken.state, _state(path))
            if fingerprint(path).digest != taken.digest:
                raise InputChanged(path, "its content differs")


def _state(path: Path) -> FileState | None:
    try:
        return FileState.of(os.stat(path))
    except FileNotFoundError:
        return None


def _compare(path: Path, taken: FileState, now: FileState | None) -> None:
    if now is None:
        raise InputChanged(path, "it was removed")
    if (now.device, now.inode) != (taken.device, taken.inode):
        raise InputChanged(path, "it was replaced by another file")
    if now.size != taken.size:
        raise InputChanged(path, f"its size went from {taken.size} to {now.size} bytes")
    if now.mtime_ns != taken.mtime_ns:
        raise InputChanged(path, "its modification time changed")


class RemoteInputGuard:
    """The same checks for inputs read through fsspec, by what their filesystem reports."""

    def __init__(self, files: Iterable[tuple[str, Callable[[], Mapping[str, object]]]]) -> None:
        """``files``: (label, function returning the file's fsspec ``info()``) per input."""
        self._files = [(label, info, _version(info())) for label, info in files]

    def check(self) -> None:
        for label, info, taken in self._files:
            try:
                now = _version(info())
            except FileNotFoundError:
                raise InputChanged(label, "it was removed") from None
            if now != taken:
                changed = ", ".join(sorted(k for k in {*taken, *now} if taken.get(k) != now.get(k)))
                raise InputChanged(label, f"{changed} changed")


def _version(info: Mapping[str, object]) -> dict[str, object]:
    return {key: info[key] for key in _FSSPEC_VERSION_KEYS if key in info}
