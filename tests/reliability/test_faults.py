"""A run killed at any point (SIGKILL: nothing of deid's own clean-up runs) leaves every
destination either as it was or complete and new, never partial; the next run removes what
the killed one left (temp files, its lock) and succeeds.

The real command runs as a child process; ``fault_wrapper.py`` kills it from inside at a
precise point by patching deid's functions from the outside.
"""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from .fault_harness import (
    leftovers,
    outputs,
    run_args,
    run_child,
    run_with_fault,
    wait_all_gone,
    write_corpus,
)

# (fault, --workers, which destinations hold the new run's output after the kill)
KILL_POINTS = [
    pytest.param("kill-in-pass-1", 1, set(), id="pass-1"),
    pytest.param("kill-in-pass-2", 1, set(), id="pass-2"),
    pytest.param("kill-in-pass-2", 2, set(), id="pass-2-two-workers"),
    pytest.param("kill-in-pass-1", 2, set(), id="pass-1-two-workers"),
    # renames go corpus output first, --stats last: killed between them
    pytest.param("kill-between-renames", 1, {"out.jsonl"}, id="between-renames"),
]


@pytest.mark.parametrize(("fault", "workers", "renamed"), KILL_POINTS)
def test_sigkill_leaves_previous_or_complete_outputs_and_the_next_run_cleans_up(
    tmp_path: Path, fault: str, workers: int, renamed: set[str]
) -> None:
    write_corpus(tmp_path / "notes.jsonl", name="Pfaffenstaller")
    assert run_child(tmp_path, *run_args(workers)).returncode == 0
    last_night = outputs(tmp_path)
    assert set(last_night) == {"out.jsonl", "stats.json"}
    write_corpus(tmp_path / "notes.jsonl", records=650, name="Zirbleitner")  # tonight's export

    killed = run_with_fault(tmp_path, fault, *run_args(workers))

    assert killed.returncode == -signal.SIGKILL
    pids = [int(line) for line in (tmp_path / "control" / "ready").read_text().split()]
    assert len(pids) >= (1 + workers if workers > 1 else 1)  # the workers existed when it died
    assert wait_all_gone(pids[1:]), "worker processes outlived the killed run"
    after_kill = outputs(tmp_path)
    left = leftovers(tmp_path)
    assert left, "a killed run leaves at least its lock file (proof that the kill hit mid-run)"
    if fault != "kill-in-pass-1":
        assert any(".deid-tmp-" in name for name in left)  # its partial output exists, hidden

    tonight = run_child(tmp_path, *run_args(workers))  # next run, same destination

    assert tonight.returncode == 0, tonight.stderr  # the dead run's lock does not block it
    assert leftovers(tmp_path) == []
    complete = outputs(tmp_path)
    assert complete["out.jsonl"] != last_night["out.jsonl"]
    for name, data in after_kill.items():
        expected = complete[name] if name in renamed else last_night[name]
        assert data == expected, f"{name} after the kill is neither last night's nor complete"
    assert set(after_kill) == set(last_night)


def test_next_run_removes_only_the_temp_files_of_its_own_destinations(tmp_path: Path) -> None:
    write_corpus(tmp_path / "notes.jsonl", records=20)
    stale = tmp_path / ".out.jsonl.deid-tmp-k1ll3d"
    stale.write_bytes(b'{"id": "n0", "text": "Herr [PAT-')  # a killed run's partial output
    foreign = tmp_path / ".other.jsonl.deid-tmp-r4nn1n"  # another destination's: not ours to delete
    foreign.write_bytes(b"partial")

    result = run_child(tmp_path, *run_args(1))

    assert result.returncode == 0, result.stderr
    assert not stale.exists()
    assert foreign.read_bytes() == b"partial"
