"""Unexpected errors (bugs) are reported without note text: exception type and code frames only.

A bug is planted through ``crash_injection.py``, which runs the real ``deid_cli.cli.main`` with a
pseudonym draw or a detection call that raises an exception whose message (and whose frame's
local variables) quote the note. Typer's pretty tracebacks would print those locals; a plain
traceback would print the message. All names are invented (``planted.py``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import typer

from deid_cli import cli
from deid_cli.commands.options import EXIT_INPUT, EXIT_INTERNAL, EXIT_USAGE
from deid_cli.corpus.records import InputError
from deid_cli.detection.detector import Detector
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.engine.dask import DaskEngine, DaskSettings
from deid_cli.engine.dask_tasks import PartitionFailed, _guarded
from deid_cli.engine.local import RunOptions
from deid_cli.engine.partitions import Partition
from deid_cli.runtime.crash import crash_report

from .planted import PATIENT, markers_in, records, write_jsonl

INJECT = Path(__file__).with_name("crash_injection.py")
HEADLINE = "internal error: {} (a bug; the report below holds no note text)"


def run_with_bug(where: str, *args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(INJECT), where, *(str(a) for a in args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _lookup_patient(table: dict[str, str], note: str) -> str:
    name_in_a_local = note.split(",")[0]
    try:
        return table[name_in_a_local]
    except KeyError as exc:
        raise ValueError(f"no code for {name_in_a_local}") from exc


def test_crash_report_names_types_and_frames_but_neither_messages_nor_locals() -> None:
    try:
        _lookup_patient({}, f"{PATIENT}, 54 J.")
    except ValueError as exc:
        report = crash_report(exc)
    lines = report.splitlines()
    assert lines[0] == HEADLINE.format("ValueError")
    assert "KeyError" in report and "The above was the direct cause of:" in report
    assert "in _lookup_patient" in report and "return table[name_in_a_local]" in report
    assert f'File "{__file__}"' in report
    assert markers_in(report) == []


def test_unexpected_exception_exits_70_with_one_line_and_frames_without_note_text(workdir: Path) -> None:
    write_jsonl(workdir / "notes.jsonl", records())
    proc = run_with_bug("linkage", "run", "notes.jsonl", "-o", "out.jsonl", "--workers", "1", cwd=workdir)
    assert proc.returncode == EXIT_INTERNAL == 70
    lines = proc.stderr.splitlines()
    assert lines[0] == HEADLINE.format("KeyError")
    assert lines[1].startswith("Traceback")
    assert any(line.strip() == "code = self.code(reference)" for line in lines)
    assert lines[-1] == "KeyError"
    assert markers_in(proc.stdout + proc.stderr) == []
    assert sorted(p.name for p in workdir.iterdir()) == ["notes.jsonl"]  # no output, no temp file


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_failing_note_reports_file_line_and_exception_type_only(workdir: Path, workers: str) -> None:
    # 300 copies of the three notes: several batches, so --workers 2 really forks workers.
    write_jsonl(workdir / "notes.jsonl", records(copies=100))
    proc = run_with_bug(
        "detection", "run", "notes.jsonl", "-o", "out.jsonl", "--workers", workers, cwd=workdir
    )
    assert proc.returncode == EXIT_INPUT
    assert "notes.jsonl:1" in proc.stderr and "ValueError during detection" in proc.stderr
    assert "internal error" not in proc.stderr and "Traceback" not in proc.stderr
    assert markers_in(proc.stdout + proc.stderr) == []
    assert not (workdir / "out.jsonl").exists()


def test_a_dask_partition_failure_carries_line_and_type_but_not_the_message() -> None:
    def detect_partition(part: Partition) -> None:
        raise KeyError(PATIENT)

    part = Partition(source=None, first_line=7)  # type: ignore[arg-type]  # _guarded needs the line only
    with pytest.raises(PartitionFailed) as failure:
        _guarded(detect_partition, part)
    assert failure.value.line == 7 and "KeyError" in failure.value.reason
    assert failure.value.__cause__ is None and failure.value.__suppress_context__
    assert markers_in(repr(failure.value.args)) == []


def test_usage_errors_pass_through_main_with_their_own_status(
    workdir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["deid", "run", "missing.jsonl", "-o", "out.jsonl"])
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    assert exit_info.value.code == EXIT_USAGE
    assert "internal error" not in capsys.readouterr().err


@pytest.mark.parametrize("raised", [KeyboardInterrupt(), SystemExit(143), typer.Exit(75)])
def test_interrupts_and_exits_pass_through_main_untouched(
    raised: BaseException, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def app() -> None:
        raise raised

    monkeypatch.setattr(cli, "app", app)
    with pytest.raises(type(raised)) as caught:
        cli.main()
    assert caught.value is raised
    assert capsys.readouterr().err == ""


def test_a_note_failing_on_a_dask_worker_is_reported_and_logged_without_its_text(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    capfd: pytest.CaptureFixture[str],
) -> None:
    def detect_raises(self: Detector, texts: list[str], knowns: object = None) -> None:
        raise ValueError(f"cannot handle {texts!r}")

    write_jsonl(tmp_path / "notes.jsonl", records(copies=20))
    detector = Detector(build_lexicon(DictionaryOptions()))
    monkeypatch.setattr(Detector, "detect_many", detect_raises)  # threads: the workers share the patch
    settings = DaskSettings(workers=2, processes=False, partition_bytes=2000)
    caplog.set_level("DEBUG")
    with pytest.raises(InputError) as failure:
        DaskEngine(detector, RunOptions(), settings=settings).run(
            [tmp_path / "notes.jsonl"], tmp_path / "out"
        )
    assert "ValueError" in str(failure.value) and str(failure.value).startswith(str(tmp_path / "notes.jsonl"))
    captured = capfd.readouterr()
    assert "PartitionFailed" in caplog.text  # the workers did log the failure: that log was searched
    assert markers_in(str(failure.value) + caplog.text + captured.out + captured.err) == []
    assert not (tmp_path / "out").exists()
