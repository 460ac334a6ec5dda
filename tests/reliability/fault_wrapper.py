"""Runs the real ``deid`` command line with one fault planted at a precise point of the run.

Usage: ``python fault_wrapper.py FAULT CONTROL_DIR -- DEID ARGS...``. The fault is installed by
patching deid's own functions from the outside (no test hooks in the product), then
``deid_cli.cli.main()`` runs as the console script would. CONTROL_DIR is where the wrapper and
the test talk: the wrapper writes ``ready`` (its pid and its worker pids, one per line) when
it reaches the fault's point (the killing faults too, just before dying) and, for the pausing
faults, waits there until the test creates ``go`` (or signals it).

Faults:
  kill-in-pass-1      SIGKILL itself when pass 1 has merged its second batch
  kill-in-pass-2      SIGKILL itself after 300 records were written to the temp files
  kill-between-renames  SIGKILL itself just before the second temp file is renamed into place
  pause-in-pass-1     write ``ready`` at pass 1's first batch, wait for ``go``
  pause-in-pass-2     write ``ready`` at pass 2's first record, wait for ``go`` (or a signal)
  append-after-pass-1 append a record to every input once pass 1 is done
  edit-after-pass-1   overwrite bytes of every input in place once pass 1 is done (same size,
                      modification time put back)
  pause-in-stats-write  (deid stats) write ``ready`` after the first output began, wait
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import deid_cli.cli
import deid_cli.commands.stats
from deid_cli.detection.learning import NameLearner
from deid_cli.engine.local import LocalEngine, RecordWriter

PAUSE_LIMIT_S = 60.0  # a test that forgets to release the wrapper does not hang forever


def main() -> None:
    fault, control = sys.argv[1], Path(sys.argv[2])
    assert sys.argv[3] == "--", "usage: fault_wrapper.py FAULT CONTROL_DIR -- DEID ARGS..."
    FAULTS[fault](control)
    sys.argv = ["deid", *sys.argv[4:]]
    deid_cli.cli.main()


def _kill_self(control: Path) -> None:
    """Announce (so the test knows the workers' pids), then die as ``kill -9`` would kill us."""
    _announce(control)
    os.kill(os.getpid(), signal.SIGKILL)


def _announce(control: Path) -> None:
    """``ready``: this process's pid, then its worker processes' pids."""
    pids = [os.getpid(), *(child.pid for child in multiprocessing.active_children())]
    temp = control / "ready.tmp"
    temp.write_text("".join(f"{pid}\n" for pid in pids))
    temp.rename(control / "ready")


def _pause(control: Path) -> None:
    _announce(control)
    deadline = time.monotonic() + PAUSE_LIMIT_S
    while not (control / "go").exists() and time.monotonic() < deadline:
        time.sleep(0.02)


def _on_call(owner: Any, name: str, when: Callable[[int], bool], action: Callable[[], None]) -> None:
    """Patch ``owner.name`` so that ``action()`` runs before the call numbered ``n`` (1-based)
    for which ``when(n)`` holds."""
    original = getattr(owner, name)
    count = 0

    def patched(*args: Any, **kwargs: Any) -> Any:
        nonlocal count
        count += 1
        if when(count):
            action()
        return original(*args, **kwargs)

    setattr(owner, name, patched)


def _after_learning(control: Path, change: Callable[[Path], None]) -> None:
    """Change every input file as soon as pass 1 has returned."""
    original = LocalEngine._learn

    def learn(self: LocalEngine, files: list[Any], risk: Any) -> Any:
        result = original(self, files, risk)
        for corpus_file in files:
            change(corpus_file.path)
        return result

    LocalEngine._learn = learn  # type: ignore[method-assign]


def _append_record(path: Path) -> None:
    with path.open("ab") as handle:
        handle.write(b'{"id": "late", "text": "Nachtrag von Frau Quendelhofer."}\n')


def _edit_in_place(path: Path) -> None:
    """Same size, same modification time, other bytes: only a content digest sees it."""
    before = path.stat()
    data = bytearray(path.read_bytes())
    at = data.index(b"Zirbleitner")
    data[at : at + len(b"Zirbleitner")] = b"Wendolinger"
    path.write_bytes(bytes(data))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))


def _is_deid_temp(path: object) -> bool:
    return ".deid-tmp-" in os.fspath(path)  # type: ignore[arg-type]


def _kill_between_renames(control: Path) -> None:
    original = os.replace
    renamed = 0

    def replace(src: Any, dst: Any, **kwargs: Any) -> None:
        nonlocal renamed
        if _is_deid_temp(src):
            renamed += 1
            if renamed == 2:
                _kill_self(control)
        original(src, dst, **kwargs)

    os.replace = replace  # type: ignore[assignment]


FAULTS: dict[str, Callable[[Path], None]] = {
    "kill-in-pass-1": lambda c: _on_call(NameLearner, "merge", lambda n: n == 2, lambda: _kill_self(c)),
    "kill-in-pass-2": lambda c: _on_call(RecordWriter, "record", lambda n: n == 300, lambda: _kill_self(c)),
    "kill-between-renames": _kill_between_renames,
    "pause-in-pass-1": lambda c: _on_call(NameLearner, "merge", lambda n: n == 1, lambda: _pause(c)),
    "pause-in-pass-2": lambda c: _on_call(RecordWriter, "record", lambda n: n == 1, lambda: _pause(c)),
    "append-after-pass-1": lambda c: _after_learning(c, _append_record),
    "edit-after-pass-1": lambda c: _after_learning(c, _edit_in_place),
    "pause-in-stats-write": lambda c: _on_call(
        deid_cli.commands.stats, "_write", lambda n: n == 2, lambda: _pause(c)
    ),
}

if __name__ == "__main__":
    main()
