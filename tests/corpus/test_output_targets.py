"""Outputs onto things that are not regular files: a device, a FIFO, a symlink, standard output.

``deid run corpus.jsonl -o /dev/null`` is an ordinary cron trial run; renaming a temp file over
the device would destroy it. A device or FIFO is written in place as a stream, a symlink's
target is written atomically (the link stays), ``-`` is standard output, and anything else that
is not a regular file (a socket) is refused. Every output option goes through the same code.
"""

from __future__ import annotations

import json
import os
import socket
import stat
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import TAG, Run

from deid_cli.corpus.atomic import AtomicOutputs
from deid_cli.scrape.output import ListResult, write_outputs

NOTES = [
    {"id": "1", "text": "Frau Zirbenhofer kommt morgen zur Kontrolle."},
    {"id": "2", "text": "Rückruf bei Herrn Almbacher, Tel. 0664 1234567."},
]


def _write_corpus(path: Path) -> None:
    path.write_text("".join(json.dumps(n, ensure_ascii=False) + "\n" for n in NOTES), encoding="utf-8")


@pytest.fixture
def device(tmp_path: Path) -> Path:
    """A character device that discards what it gets: a private node (as root), else /dev/null."""
    node = tmp_path / "devnull"
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        return Path("/dev/null")
    return node


def _is_char_device(path: Path) -> bool:
    return stat.S_ISCHR(os.lstat(path).st_mode)


def _deid_leftovers(directory: Path) -> list[str]:
    """Temp and lock files deid would have put beside an output in ``directory``."""
    return [name for name in os.listdir(directory) if ".deid-" in name]


class FifoReader:
    """Reads a FIFO to its end in a thread, as the next program of a pipeline would."""

    def __init__(self, fifo: Path) -> None:
        self.data = b""
        self._thread = threading.Thread(target=self._read, args=(fifo,), daemon=True)
        self._thread.start()

    def _read(self, fifo: Path) -> None:
        with open(fifo, "rb") as handle:
            self.data = handle.read()

    def result(self) -> bytes:
        self._thread.join(timeout=60)
        assert not self._thread.is_alive(), "the FIFO was never closed"
        return self.data


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "pipe"
    os.mkfifo(path)
    yield path


# ------------------------------------------------------------------------------ deid run -o


def test_run_into_a_fifo_streams_the_whole_corpus_and_keeps_the_fifo(
    deid_subprocess: Callable[..., Run], workdir: Path, fifo: Path
) -> None:
    _write_corpus(workdir / "c.jsonl")
    reader = FifoReader(fifo)
    run = deid_subprocess("run", "c.jsonl", "-o", str(fifo), "--seed", "3", "-q")
    assert run.exit_code == 0, run.stderr
    received = reader.result().decode("utf-8").splitlines()
    assert [json.loads(line)["id"] for line in received] == ["1", "2"]
    assert all(TAG.search(json.loads(line)["text"]) for line in received)
    assert "Zirbenhofer" not in "".join(received) and "Almbacher" not in "".join(received)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert _deid_leftovers(fifo.parent) == []


def test_run_onto_a_symlink_writes_its_target_atomically_and_keeps_the_link(
    deid_subprocess: Callable[..., Run], workdir: Path
) -> None:
    _write_corpus(workdir / "c.jsonl")
    (workdir / "data").mkdir()
    target = workdir / "data" / "masked.jsonl"
    target.write_text("previous\n")
    link = workdir / "latest.jsonl"
    link.symlink_to(target)
    run = deid_subprocess("run", "c.jsonl", "-o", "latest.jsonl", "--seed", "3", "-q")
    assert run.exit_code == 0, run.stderr
    assert link.is_symlink() and os.readlink(link) == str(target)
    masked = [json.loads(line) for line in target.read_text().splitlines()]
    assert [m["id"] for m in masked] == ["1", "2"] and all(TAG.search(m["text"]) for m in masked)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert _deid_leftovers(workdir) == [] and _deid_leftovers(target.parent) == []


def test_run_onto_a_character_device_writes_through_and_leaves_the_device(
    deid_subprocess: Callable[..., Run], workdir: Path, device: Path
) -> None:
    _write_corpus(workdir / "c.jsonl")
    before = os.listdir(device.parent)
    run = deid_subprocess(
        "run", "c.jsonl", "-o", str(device), "--stats", str(device), "--spans", str(device), "-q"
    )
    assert run.exit_code == 0, run.stderr
    assert _is_char_device(device)
    assert os.listdir(device.parent) == before  # no temp, no lock file beside the device


def test_run_to_standard_output_with_dash(deid_subprocess: Callable[..., Run], workdir: Path) -> None:
    _write_corpus(workdir / "c.jsonl")
    run = deid_subprocess("run", "c.jsonl", "-o", "-", "--seed", "3", "--stats", "stats.json")
    assert run.exit_code == 0, run.stderr
    masked = [json.loads(line) for line in run.stdout.splitlines()]
    assert [m["id"] for m in masked] == ["1", "2"] and all(TAG.search(m["text"]) for m in masked)
    assert "records read" in run.stderr  # the summary stays on stderr
    assert not (workdir / "-").exists()
    assert json.loads((workdir / "stats.json").read_text())["records"]["written"] == 2


def test_dash_takes_one_input_file_and_one_option(deid: Callable[..., Run], workdir: Path) -> None:
    _write_corpus(workdir / "a.jsonl")
    _write_corpus(workdir / "b.jsonl")
    several = deid("run", "a.jsonl", "b.jsonl", "-o", "-")
    assert several.exit_code == 2 and "standard output" in several.stderr
    twice = deid("run", "a.jsonl", "-o", "-", "--stats", "-")
    assert twice.exit_code == 2 and "--stats -" in twice.stderr


@pytest.mark.parametrize(
    "command",
    [
        ("run", "c.jsonl", "-o", "sock", "--workers", "1"),
        ("stats", "stats.json", "--html", "sock"),
        ("review", "c.jsonl", "-o", "sock"),
        ("audit", "c.jsonl", "-o", "sock"),
    ],
    ids=["run -o", "stats --html", "review -o", "audit -o"],
)
def test_a_socket_is_refused_alike_by_every_command_and_left_alone(
    deid: Callable[..., Run], workdir: Path, stats_file: Path, command: tuple[str, ...]
) -> None:
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(workdir / "sock"))
    try:
        run = deid(*command)
    finally:
        server.close()
    assert run.exit_code == 1
    assert "output error: cannot write sock: not a regular file, character device or FIFO" in run.stderr
    assert stat.S_ISSOCK(os.lstat(workdir / "sock").st_mode)


# ------------------------------------------------------------------ every other output option


@pytest.fixture
def stats_file(deid: Callable[..., Run], workdir: Path) -> Path:
    _write_corpus(workdir / "c.jsonl")
    assert deid("run", "c.jsonl", "-o", "out.jsonl", "--stats", "stats.json", "--workers", "1").exit_code == 0
    return workdir / "stats.json"


@pytest.mark.parametrize(
    "command",
    [
        ("stats", "stats.json", "--html", "{dest}"),
        ("review", "c.jsonl", "-o", "{dest}", "--sample", "2", "--seed", "1"),
        ("audit", "c.jsonl", "-o", "{dest}"),
    ],
    ids=["stats --html", "review -o", "audit -o"],
)
def test_report_outputs_write_through_devices_and_symlinks(
    deid: Callable[..., Run], workdir: Path, stats_file: Path, device: Path, command: tuple[str, ...]
) -> None:
    before = os.listdir(device.parent)
    run = deid(*(arg.format(dest=device) for arg in command))
    assert run.exit_code == 0, run.output
    assert _is_char_device(device) and os.listdir(device.parent) == before
    target = workdir / "report.out"
    target.write_text("previous")
    (workdir / "link.out").symlink_to(target)
    run = deid(*(arg.format(dest="link.out") for arg in command))
    assert run.exit_code == 0, run.output
    assert (workdir / "link.out").is_symlink() and target.read_text() not in ("", "previous")


def test_scrape_lists_behind_a_symlink_keep_the_link(tmp_path: Path) -> None:
    out = tmp_path / "dicts"
    out.mkdir()
    kept = tmp_path / "shared-surnames.txt"
    kept.write_text("Altname\n")
    (out / "surnames.txt").symlink_to(kept)
    write_outputs(out, [ListResult("surnames.txt", {"Neuname"}, "a test source", "CC0")])
    assert (out / "surnames.txt").is_symlink()
    assert kept.read_text() == "Neuname\n"


# -------------------------------------------------------------------------- AtomicOutputs itself


def test_a_failed_write_leaves_a_symlinks_target_as_it_was(tmp_path: Path) -> None:
    target = tmp_path / "real.jsonl"
    target.write_text("previous\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    with pytest.raises(RuntimeError), AtomicOutputs() as outputs:
        outputs.open(link).write(b"half")
        raise RuntimeError("the run failed")
    assert target.read_text() == "previous\n" and link.is_symlink()
    assert _deid_leftovers(tmp_path) == []


def test_a_dangling_symlink_gets_its_target_created(tmp_path: Path) -> None:
    link = tmp_path / "link.jsonl"
    link.symlink_to(tmp_path / "new.jsonl")
    with AtomicOutputs() as outputs:
        outputs.open(link).write(b"content\n")
        outputs.commit()
    assert link.is_symlink() and (tmp_path / "new.jsonl").read_text() == "content\n"
