"""Ctrl-C and SIGTERM stop a run cleanly: exit status 130/143 as a shell reports it, one line on
stderr, temp files and lock removed, previous outputs untouched, worker processes gone."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from .fault_harness import (
    TIMEOUT_S,
    kill_if_running,
    leftovers,
    outputs,
    run_args,
    run_child,
    start_with_fault,
    wait_all_gone,
    wait_ready,
    write_corpus,
)

# (signal, --workers, sent to the whole process group as a terminal's Ctrl-C is, or to deid alone)
SIGNALS = [
    pytest.param(signal.SIGINT, 1, True, id="ctrl-c"),
    pytest.param(signal.SIGINT, 2, True, id="ctrl-c-two-workers"),
    pytest.param(signal.SIGTERM, 1, False, id="sigterm"),
    pytest.param(signal.SIGTERM, 2, False, id="sigterm-two-workers"),
]


@pytest.mark.parametrize(("signum", "workers", "to_group"), SIGNALS)
def test_signal_during_pass_2_stops_cleanly_with_the_shell_exit_status(
    tmp_path: Path, signum: signal.Signals, workers: int, to_group: bool
) -> None:
    write_corpus(tmp_path / "notes.jsonl", name="Pfaffenstaller")
    assert run_child(tmp_path, *run_args(workers)).returncode == 0
    last_night = outputs(tmp_path)
    write_corpus(tmp_path / "notes.jsonl", records=650, name="Zirbleitner")

    process, control = start_with_fault(tmp_path, "pause-in-pass-2", *run_args(workers))
    try:
        pids = wait_ready(process, control)
        assert len(pids) == (1 + workers if workers > 1 else 1)
        assert any(".deid-tmp-" in name for name in leftovers(tmp_path))  # writing had begun
        if to_group:
            os.killpg(process.pid, signum)
        else:
            os.kill(process.pid, signum)
        _, stderr = process.communicate(timeout=TIMEOUT_S)
    finally:
        kill_if_running(process)

    assert process.returncode == 128 + signum
    assert stderr.splitlines() == [f"interrupted: {signum.name}: stopped, no output written"]
    assert outputs(tmp_path) == last_night
    assert leftovers(tmp_path) == []
    assert wait_all_gone(pids[1:]), "worker processes outlived the interrupted run"


def test_sigterm_stops_deid_stats_cleanly_without_partial_tables(tmp_path: Path) -> None:
    write_corpus(tmp_path / "notes.jsonl", records=20)
    assert run_child(tmp_path, *run_args(1)).returncode == 0
    process, control = start_with_fault(
        tmp_path, "pause-in-stats-write", "stats.json", "--csv", "tables", command="stats"
    )
    try:
        wait_ready(process, control)
        assert leftovers(tmp_path / "tables")  # the first table's temp file exists
        os.kill(process.pid, signal.SIGTERM)
        _, stderr = process.communicate(timeout=TIMEOUT_S)
    finally:
        kill_if_running(process)

    assert process.returncode == 143
    assert stderr.splitlines() == ["interrupted: SIGTERM: stopped, no output written"]
    assert list((tmp_path / "tables").iterdir()) == []
