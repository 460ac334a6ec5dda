"""Overlapping runs on one destination (cron jobs that overrun): the second exits at once with
status 75 and says who holds the destination; a lock left by a killed run is taken over."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from deid_cli.corpus.locking import destination_locks, lock_file_of

from .fault_harness import (
    TIMEOUT_S,
    is_gone,
    kill_if_running,
    leftovers,
    outputs,
    release,
    run_args,
    run_child,
    start_with_fault,
    wait_all_gone,
    wait_ready,
    write_corpus,
)

EXIT_LOCKED = 75  # documented in deid run --help; cron wrappers retry on it


def test_second_run_on_locked_destination_exits_75_at_once(tmp_path: Path) -> None:
    write_corpus(tmp_path / "notes.jsonl", name="Zirbleitner")
    first, control = start_with_fault(tmp_path, "pause-in-pass-2", *run_args(1))
    try:
        holder = wait_ready(first, control)[0]
        first_temps = leftovers(tmp_path)
        # the same destination spelled another way, and another -o sharing the --stats file
        absolute = str(tmp_path / "out.jsonl")
        same_output = run_child(tmp_path, "notes.jsonl", "-o", absolute, "-q", "--seed", "7")
        same_stats = run_child(tmp_path, "notes.jsonl", "-o", "other.jsonl", "--stats", "./stats.json", "-q")
        assert first.poll() is None  # the second runs returned while the first still runs
        assert leftovers(tmp_path) == first_temps  # the first run's temp files were not touched
        release(control)
        _, first_stderr = first.communicate(timeout=TIMEOUT_S)
    finally:
        kill_if_running(first)

    for second, destination in ((same_output, absolute), (same_stats, "stats.json")):
        assert second.returncode == EXIT_LOCKED
        [line] = second.stderr.splitlines()
        assert line.startswith(f"error: another deid run (pid {holder}, started ")
        assert f"is writing to {destination}" in line
        assert "Zirbleitner" not in line
    assert first.returncode == 0, first_stderr
    assert set(outputs(tmp_path)) == {"out.jsonl", "stats.json"}  # the first run's, complete
    assert leftovers(tmp_path) == []  # its lock file is gone with it


def _plant_stale_lock(destination: Path) -> Path:
    """A lock file as a SIGKILLed run leaves it: holder recorded, nobody holding it."""
    lock_file = lock_file_of(destination)
    lock_file.write_text(json.dumps({"pid": 4194303, "started": "2026-01-01 02:00:00 UTC"}))
    return lock_file


def test_stale_lock_from_killed_run_is_taken_over_silently(tmp_path: Path) -> None:
    write_corpus(tmp_path / "notes.jsonl", records=20)
    lock_file = _plant_stale_lock(tmp_path / "out.jsonl")

    result = run_child(tmp_path, *run_args(1))

    assert result.returncode == 0
    assert result.stderr == ""
    assert not lock_file.exists()
    assert set(outputs(tmp_path)) == {"out.jsonl", "stats.json"}


def test_stale_lock_taken_over_is_noted_with_verbose(tmp_path: Path) -> None:
    write_corpus(tmp_path / "notes.jsonl", records=20)
    lock_file = _plant_stale_lock(tmp_path / "out.jsonl")

    result = run_child(tmp_path, *run_args(1, "--verbose"))

    assert result.returncode == 0
    assert f"note: took over {lock_file}, left by a run that was killed (pid 4194303" in result.stderr


# The lock holder forks a child (as the worker pool does), then dies without letting go, as a
# SIGKILLed run would; the child lives on.
_FORK_AND_DIE = """
import os, sys, time
from pathlib import Path
from deid_cli.corpus.locking import destination_locks
with destination_locks([Path(sys.argv[1])]):
    child = os.fork()
    if child == 0:
        quiet = os.open(os.devnull, os.O_WRONLY)  # let go of the test's pipes
        os.dup2(quiet, 1)
        os.dup2(quiet, 2)
        time.sleep(60)
        os._exit(0)
    print(os.getpid(), child, flush=True)
    os._exit(0)
"""


def test_forked_child_does_not_keep_the_lock_after_the_run_died(tmp_path: Path) -> None:
    destination = tmp_path / "out.jsonl"
    died = subprocess.run(
        [sys.executable, "-c", _FORK_AND_DIE, str(destination)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
    )
    holder, child = (int(pid) for pid in died.stdout.split())
    try:
        assert not is_gone(child)
        with destination_locks([destination]) as [lock]:  # raises DestinationLocked if held
            assert lock.stale is not None and lock.stale.pid == holder
    finally:
        os.kill(child, signal.SIGKILL)
    assert wait_all_gone([child])
