"""An input that changes between pass 1 and pass 2 fails the run (exit status 1, the file named,
no content quoted) instead of writing pseudonyms learned from other text; nothing is written."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import fsspec
import pytest
from conftest import Run

from deid_cli.corpus.fingerprint import InputChanged, InputGuard, RemoteInputGuard

from .fault_harness import leftovers, outputs, run_args, run_child, run_with_fault, write_corpus


@pytest.mark.parametrize(
    ("fault", "reason"),
    [
        ("append-after-pass-1", "its size went from"),
        # same size, modification time put back: only the content digest sees it
        ("edit-after-pass-1", "its content differs"),
    ],
)
def test_input_changed_between_the_passes_fails_and_writes_nothing(
    tmp_path: Path, fault: str, reason: str
) -> None:
    write_corpus(tmp_path / "notes.jsonl", name="Pfaffenstaller")
    assert run_child(tmp_path, *run_args(1)).returncode == 0
    last_night = outputs(tmp_path)
    write_corpus(tmp_path / "notes.jsonl", records=650, name="Zirbleitner")

    result = run_with_fault(tmp_path, fault, *run_args(1))

    assert result.returncode == 1
    [line] = result.stderr.splitlines()
    assert line.startswith("input error: notes.jsonl: changed while deid was reading it (")
    assert reason in line and line.endswith("; no output written")
    assert not any(name in line for name in ("Zirbleitner", "Wendolinger", "Quendelhofer"))
    assert outputs(tmp_path) == last_night
    assert leftovers(tmp_path) == []


def _same_size_edit_keeping_mtime(path: Path) -> None:
    before = path.stat()
    path.write_bytes(path.read_bytes().replace(b"Zirbleitner", b"Ederkogler1"))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))


def test_digest_catches_a_same_size_edit_that_stat_cannot_see(tmp_path: Path) -> None:
    notes = tmp_path / "notes.jsonl"
    write_corpus(notes, records=5)
    guard = InputGuard([notes])

    _same_size_edit_keeping_mtime(notes)

    guard.check_state()  # size, mtime and inode all look the same
    with pytest.raises(InputChanged, match="its content differs"):
        guard.check_content()


def test_fsspec_inputs_are_checked_by_what_their_filesystem_reports(tmp_path: Path) -> None:
    notes = tmp_path / "notes.jsonl"
    write_corpus(notes, records=5)
    fs = fsspec.filesystem("file")
    guard = RemoteInputGuard([("file://notes.jsonl", lambda: fs.info(str(notes)))])
    guard.check()  # unchanged: passes

    with notes.open("ab") as handle:
        handle.write(b'{"id": "late", "text": "Nachtrag."}\n')

    with pytest.raises(InputChanged, match=r"^file://notes\.jsonl: changed while deid was reading it \("):
        guard.check()


def test_dask_engine_fails_when_an_input_changed_between_the_passes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from deid_cli.detection.detector import Detector
    from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
    from deid_cli.engine.dask import DaskEngine, DaskSettings
    from deid_cli.engine.local import RunOptions

    notes = tmp_path / "notes.jsonl"
    write_corpus(notes, records=30)
    real_learn = DaskEngine._learn

    def learn_then_append(self, *args):  # type: ignore[no-untyped-def]
        result = real_learn(self, *args)
        with notes.open("ab") as handle:
            handle.write(b'{"id": "late", "text": "Nachtrag von Frau Quendelhofer."}\n')
        return result

    monkeypatch.setattr(DaskEngine, "_learn", learn_then_append)
    detector = Detector(build_lexicon(DictionaryOptions(), use_cache=True))
    engine = DaskEngine(detector, RunOptions(), settings=DaskSettings(workers=1, processes=False))

    with pytest.raises(
        InputChanged, match=r"notes\.jsonl: changed while deid was reading it \(.*size.* changed\)"
    ):
        engine.run([notes], tmp_path / "out.jsonl")
    assert leftovers(tmp_path) == []
    assert not (tmp_path / "out.jsonl").exists()


def test_input_removed_between_the_passes_fails_naming_it(
    deid: Callable[..., Run], workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from deid_cli.engine.local import LocalEngine

    write_corpus(workdir / "notes.jsonl", records=20)
    real_learn = LocalEngine._learn

    def learn_then_remove(self, *args):  # type: ignore[no-untyped-def]
        result = real_learn(self, *args)
        (workdir / "notes.jsonl").unlink()
        return result

    monkeypatch.setattr(LocalEngine, "_learn", learn_then_remove)

    result = deid("run", *run_args(1))

    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "input error: notes.jsonl: changed while deid was reading it (it was removed); no output written"
    ]
    assert outputs(workdir) == {}
    assert leftovers(workdir) == []
