"""A full disk or an unwritable destination: one line on stderr naming the destination (never
note content), exit status 1, previous outputs as they were, no temp file left."""

from __future__ import annotations

import errno
import os
import resource
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Run

from .fault_harness import leftovers, outputs, run_args, run_child, write_corpus

NEW_NAME = "Zirbleitner"  # in tonight's notes: must not appear in any message


def _tonights_run_after_last_nights(
    directory: Path, *extra: str, run: Callable[..., int] | None = None
) -> dict[str, bytes]:
    """Last night's outputs exist (written by ``run``, default a child process); tonight's
    export is in place. Returns last night's outputs."""
    write_corpus(directory / "notes.jsonl", name="Pfaffenstaller")
    status = run(*run_args(1, *extra)) if run else run_child(directory, *run_args(1, *extra)).returncode
    assert status == 0
    write_corpus(directory / "notes.jsonl", records=650, name=NEW_NAME)
    return outputs(directory)


def _one_line_error(stderr: str) -> str:
    [line] = stderr.splitlines()
    assert NEW_NAME not in line and "Traceback" not in line
    return line


def test_full_disk_fails_naming_the_output_and_keeps_the_previous_one(tmp_path: Path) -> None:
    last_night = _tonights_run_after_last_nights(tmp_path)

    def small_disk() -> None:  # files may grow to 16 KiB: writing more fails with EFBIG, as ENOSPC would
        resource.setrlimit(resource.RLIMIT_FSIZE, (16384, 16384))

    result = run_child(tmp_path, *run_args(1), preexec_fn=small_disk)

    assert result.returncode == 1
    assert _one_line_error(result.stderr) == (
        "output error: cannot write out.jsonl: File too large; previous output kept"
    )
    assert outputs(tmp_path) == last_night
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("failing", ["out.jsonl", "stats.json", "spans.jsonl"])
def test_no_space_left_on_any_output_keeps_every_previous_output(
    deid: Callable[..., Run], workdir: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    last_night = _tonights_run_after_last_nights(
        workdir, "--spans", "spans.jsonl", run=lambda *args: deid("run", *args).exit_code
    )
    real_fsync = os.fsync

    def fsync(fd: int) -> None:  # the file system reports the full disk when data is flushed
        if f"/.{failing}.deid-tmp-" in os.readlink(f"/proc/self/fd/{fd}"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)

    result = deid("run", *run_args(1, "--spans", "spans.jsonl"))  # in this process: patched

    assert result.exit_code == 1
    assert _one_line_error(result.stderr) == (
        f"output error: cannot write {failing}: No space left on device; previous output kept"
    )
    assert outputs(workdir) == last_night
    assert leftovers(workdir) == []


@pytest.mark.parametrize(
    ("option", "destination"),
    [
        ("-o", "blocker/out.jsonl"),  # the parent is a regular file: not writable even for root
        ("--stats", "blocker/stats.json"),
        ("-o", "/proc/deid-no-such-place/out.jsonl"),
    ],
)
def test_unwritable_destination_fails_naming_it_and_writes_nothing(
    tmp_path: Path, option: str, destination: str
) -> None:
    write_corpus(tmp_path / "notes.jsonl", records=20, name=NEW_NAME)
    (tmp_path / "blocker").write_text("a file where a directory is expected\n")
    args = {"-o": "out.jsonl", "--stats": "stats.json"} | {option: destination}

    result = run_child(tmp_path, "notes.jsonl", "-o", args["-o"], "--stats", args["--stats"], "-q")

    assert result.returncode == 1
    assert _one_line_error(result.stderr).startswith(f"output error: cannot write {destination}: ")
    assert outputs(tmp_path) == {}
    assert leftovers(tmp_path) == []
