"""The same input fault gives the same message and exit status in every command that reads a
corpus (run, review, audit, eval); exit 70 is for bugs only. An input without records is an
empty corpus: exit 0 and a warning, never an error."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import Run

EXIT_OK, EXIT_INPUT, EXIT_USAGE = 0, 1, 2


def _jsonl(*records: object) -> bytes:
    return b"".join(json.dumps(r, ensure_ascii=False).encode() + b"\n" for r in records)


GOOD = {"id": "1", "text": "Frau Zirbenhofer kommt morgen.", "gold": []}


@dataclass(frozen=True)
class BadInput:
    """One class of odd input: the file to write (None: write nothing), the exit status every
    command must give, and the message line it must print (with {name} for the file)."""

    name: str
    content: bytes | None
    exit_code: int
    message: str
    jsonl: bool  # eval reads JSONL gold files only


CLASSES = [
    BadInput("missing.jsonl", None, EXIT_USAGE, "error: input not found: {name}", True),
    BadInput("empty.jsonl", b"", EXIT_OK, "warning: {name}: no records", True),
    BadInput("blank.jsonl", b"\n\n", EXIT_OK, "warning: {name}: no records", True),
    BadInput("empty.csv", b"", EXIT_OK, "warning: {name}: no records", False),
    BadInput("header.csv", b"id,text\n", EXIT_OK, "warning: {name}: no records", False),
    BadInput(
        "column.csv", b"id,body\n1,Frau Zirbenhofer\n", EXIT_INPUT,
        "input error: {name}:1: no column 'text' in header; no output written", False,
    ),
    BadInput(
        "twice.csv", b"id,text,text\n1,a,b\n", EXIT_INPUT,
        "input error: {name}:1: duplicate column 'text' in header; no output written", False,
    ),
    BadInput("semicolon.csv", b"id;text\n1;Frau Zirbenhofer kommt\n", EXIT_OK, "", False),
    BadInput("tabs.csv", b"id\ttext\n1\tFrau Zirbenhofer kommt\n", EXIT_OK, "", False),
    BadInput(
        "utf8.jsonl", _jsonl(GOOD) + b'{"id": "2", "text": "Herr \xff", "gold": []}\n', EXIT_INPUT,
        "input error: {name}:2: invalid UTF-8; no output written", True,
    ),
    BadInput(
        "utf8.csv", b"id,text\n1,ok\n2,Herr \xff\n", EXIT_INPUT,
        "input error: {name}:3: invalid UTF-8; no output written", False,
    ),
    BadInput("bom.jsonl", b"\xef\xbb\xbf" + _jsonl(GOOD), EXIT_OK, "", True),
    BadInput("bom.csv", b"\xef\xbb\xbfid,text\n1,Frau Zirbenhofer\n", EXIT_OK, "", False),
    BadInput("crlf.jsonl", _jsonl(GOOD, GOOD).replace(b"\n", b"\r\n"), EXIT_OK, "", True),
    BadInput("crlf.csv", b"id,text\r\n1,Frau Zirbenhofer\r\n", EXIT_OK, "", False),
    BadInput(
        "nul.jsonl", b'{"id": "1", "text": "Frau\x00Zirbenhofer", "gold": []}\n', EXIT_INPUT,
        "input error: {name}:1: invalid JSON; no output written", True,
    ),
    BadInput("nul.csv", b"id,text\n1,Frau\x00Zirbenhofer\n", EXIT_OK, "", False),
    BadInput(
        "broken.jsonl", _jsonl(GOOD) + b'{"id": "2", "text": \n', EXIT_INPUT,
        "input error: {name}:2: invalid JSON; no output written", True,
    ),
    BadInput(
        "list.jsonl", b'["Frau Zirbenhofer"]\n', EXIT_INPUT,
        "input error: {name}:1: not a JSON object; no output written", True,
    ),
]  # fmt: skip

COMMANDS: dict[str, Callable[[str], list[str]]] = {
    "run": lambda name: ["run", name, "-o", "out", "--workers", "1"],
    "review": lambda name: ["review", name, "-o", "review.html"],
    "audit": lambda name: ["audit", name, "-o", "audit.txt"],
    "eval": lambda name: ["eval", name],
}
OUTPUTS = {"run": "out", "review": "review.html", "audit": "audit.txt"}


def _message_lines(stderr: str) -> list[str]:
    """What a command says about its inputs: errors and the warnings about empty inputs."""
    return [
        line
        for line in stderr.splitlines()
        if line.startswith(("error:", "input error:", "output error:")) or line.endswith(": no records")
    ]


# eval reads JSONL gold files only; a CSV is refused by its own test below.
MATRIX = [(command, bad) for command in COMMANDS for bad in CLASSES if command != "eval" or bad.jsonl]


@pytest.mark.parametrize(("command", "bad"), MATRIX, ids=[f"{c}-{b.name}" for c, b in MATRIX])
def test_every_command_treats_an_input_class_alike(
    deid: Callable[..., Run], workdir: Path, command: str, bad: BadInput
) -> None:
    if bad.content is not None:
        (workdir / bad.name).write_bytes(bad.content)
    result = deid(*COMMANDS[command](bad.name))
    assert result.exit_code == bad.exit_code, result.stderr
    expected = [bad.message.format(name=bad.name)] if bad.message else []
    assert _message_lines(result.stderr) == expected
    if command in OUTPUTS and bad.exit_code != EXIT_OK:
        assert not (workdir / OUTPUTS[command]).exists()  # nothing written
    if command in OUTPUTS and bad.exit_code == EXIT_OK:
        assert (workdir / OUTPUTS[command]).exists()


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_directory_without_inputs_is_a_usage_error_everywhere(
    deid: Callable[..., Run], workdir: Path, command: str
) -> None:
    (workdir / "nothing").mkdir()
    (workdir / "nothing" / "readme.txt").write_text("not a corpus")
    result = deid(*COMMANDS[command]("nothing"))
    assert result.exit_code == EXIT_USAGE
    assert _message_lines(result.stderr) == ["error: no input files found (.jsonl, .ndjson, .csv or .tsv)"]


def test_eval_refuses_a_csv_gold_file_as_a_usage_error(deid: Callable[..., Run], workdir: Path) -> None:
    (workdir / "gold.csv").write_bytes(b"id,text\n1,x\n")
    result = deid("eval", "gold.csv")
    assert result.exit_code == EXIT_USAGE and "not CSV: gold.csv" in result.stderr


def test_an_empty_corpus_writes_empty_outputs_and_statistics_that_say_zero(
    deid: Callable[..., Run], workdir: Path
) -> None:
    (workdir / "empty.csv").write_bytes(b"")
    result = deid("run", "empty.csv", "-o", "out.csv", "--stats", "stats.json", "--workers", "1")
    assert result.exit_code == EXIT_OK, result.stderr
    assert (workdir / "out.csv").read_bytes() == b""
    stats = json.loads((workdir / "stats.json").read_text())
    assert stats["records"] == {"read": 0, "written": 0, "rejected": 0} and stats["notes"] == 0
    assert stats["inputs"]["without_records"] == ["empty.csv"]
    assert "None" not in result.stderr  # the summary says "–", not "mean None"
    assert "mean –, median –, max –" in result.stderr


def test_stats_of_an_empty_run_show_dashes_not_none(deid: Callable[..., Run], workdir: Path) -> None:
    (workdir / "empty.jsonl").write_bytes(b"")
    assert deid("run", "empty.jsonl", "-o", "out.jsonl", "--stats", "stats.json").exit_code == EXIT_OK
    report = deid("stats", "stats.json")
    assert report.exit_code == EXIT_OK
    assert "None" not in report.stdout and "mean –" in report.stdout


def test_csv_files_lacking_some_text_fields_keep_the_fields_they_have(
    deid: Callable[..., Run], workdir: Path, read_jsonl
) -> None:
    corpus = workdir / "exports"
    corpus.mkdir()
    (corpus / "both.csv").write_text("id,befund,anamnese\n1,Frau Zirbenhofer kommt,Herr Almbacher ruft an\n")
    (corpus / "befund.csv").write_text("id,befund\n2,Frau Zirbenhofer kommt\n")
    (corpus / "anamnese.csv").write_text("id,anamnese\n3,Herr Almbacher ruft an\n")
    result = deid(
        "run", "exports", "-o", "out", "--text-field", "befund", "--text-field", "anamnese",
        "--stats", "stats.json", "--workers", "1",
    )  # fmt: skip
    assert result.exit_code == EXIT_OK, result.stderr
    outputs = {p.name: p.read_text() for p in (workdir / "out").iterdir()}
    assert all("Zirbenhofer" not in text and "Almbacher" not in text for text in outputs.values())
    assert outputs["befund.csv"].startswith("id,befund\n")
    stats = json.loads((workdir / "stats.json").read_text())
    assert stats["records"]["written"] == 3
    assert stats["inputs"]["missing_text_fields"] == {
        str(Path("exports") / "befund.csv"): ["anamnese"],
        str(Path("exports") / "anamnese.csv"): ["befund"],
    }
    assert "exports/befund.csv: no column 'anamnese' in header" in result.stderr


def test_a_csv_without_any_of_the_text_fields_is_still_an_input_error(
    deid: Callable[..., Run], workdir: Path
) -> None:
    (workdir / "other.csv").write_text("id,notiz\n1,Frau Zirbenhofer\n")
    result = deid("run", "other.csv", "-o", "out.csv", "--text-field", "befund", "--text-field", "anamnese")
    assert result.exit_code == EXIT_INPUT
    assert "no column 'befund' or 'anamnese' in header" in result.stderr
