"""Deeply nested JSON in fields other than the text field passes through byte for byte.

orjson stops at 1024 levels; a record nested 100,000 levels deep in a field deid never reads
must still be pseudonymized in its text field and written with every other byte unchanged,
while deep nesting that is invalid JSON, or that sits in the text field itself, is rejected
with a reason and never crashes the run. Every name is invented.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import orjson
import pytest
from conftest import TAG

from deid_cli.corpus.corpus_file import CorpusFile
from deid_cli.corpus.records import Record, Rejected

DEPTH = 100_000
NAME = "Zirbleitner"
TEXT = f"Herr {NAME} kam zur Kontrolle."
DEEP_VALUES = {
    "arrays": b"[" * DEPTH + b"]" * DEPTH,
    "objects": b'{"a":' * DEPTH + b"1" + b"}" * DEPTH,
    "mixed": b'[{"k":' * (DEPTH // 2) + b'"x"' + b"}]" * (DEPTH // 2),
}


def _around_text(value: bytes, text_first: bool) -> tuple[bytes, bytes]:
    """The record's bytes before and after its text value."""
    if text_first:
        return b'{"id": "n1", "text": ', b', "payload": ' + value + b"}"
    return b'{"id": "n1", "payload": ' + value + b', "text": ', b"}"


@pytest.mark.parametrize("text_first", [True, False], ids=["text-first", "text-last"])
@pytest.mark.parametrize("shape", sorted(DEEP_VALUES))
def test_value_nested_100000_levels_deep_passes_through_untouched_while_text_is_pseudonymized(
    deid: Callable, workdir: Path, shape: str, text_first: bool
) -> None:
    before, after = _around_text(DEEP_VALUES[shape], text_first)
    second = b'{"id": "n2", "text": "ok"}\n'
    (workdir / "in.jsonl").write_bytes(before + orjson.dumps(TEXT) + after + b"\n" + second)
    run = deid("run", "in.jsonl", "-o", "out.jsonl", "--stats", "stats.json", "--quiet")
    assert run.exit_code == 0, run.output
    written = (workdir / "out.jsonl").read_bytes()
    assert written.startswith(before) and written.endswith(after + b"\n" + second)
    new_text = orjson.loads(written[len(before) : -len(after + b"\n" + second)])
    assert NAME not in new_text and TAG.fullmatch(new_text.split()[1])
    stats = json.loads((workdir / "stats.json").read_text(encoding="utf-8"))["records"]
    assert stats == {"read": 2, "written": 2, "rejected": 0}


def test_deep_value_can_be_dropped_and_the_rest_of_the_record_stays_valid(
    deid: Callable, workdir: Path
) -> None:
    before, after = _around_text(DEEP_VALUES["objects"], text_first=True)
    (workdir / "in.jsonl").write_bytes(before + orjson.dumps(TEXT) + after + b"\n")
    run = deid("run", "in.jsonl", "-o", "out.jsonl", "--drop-field", "payload", "--quiet")
    assert run.exit_code == 0, run.output
    record = json.loads((workdir / "out.jsonl").read_bytes())
    assert set(record) == {"id", "text"} and NAME not in record["text"]


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b'{"text": "a", "payload": ' + b"[" * DEPTH + b"]" * (DEPTH - 1) + b"}", "invalid JSON"),
        (b'{"text": "a", "payload": ' + b"[" * DEPTH + b"]" * DEPTH + b",}", "invalid JSON"),
        (b'{"text": "a", "payload": ' + b"[" * DEPTH + b"]" * DEPTH + b"} x", "invalid JSON"),
        (b'{"text": "a\xff", "payload": ' + DEEP_VALUES["arrays"] + b"}", "invalid UTF-8"),
        (b"[" * DEPTH + b"]" * DEPTH, "not a JSON object"),
        (b'{"text": ' + DEEP_VALUES["arrays"] + b"}", "text field 'text' is not a string"),
        (b'{"payload": ' + DEEP_VALUES["arrays"] + b"}", "missing text field 'text'"),
    ],
    ids=[
        "unbalanced",
        "trailing-comma",
        "trailing-garbage",
        "bad-utf8",
        "deep-array",
        "deep-text",
        "no-text",
    ],
)
def test_bad_deeply_nested_record_is_rejected_with_a_reason_and_the_next_one_read(
    tmp_path: Path, line: bytes, reason: str
) -> None:
    path = tmp_path / "in.jsonl"
    path.write_bytes(line + b'\n{"text": "ok"}\n')
    items = list(CorpusFile(path))
    assert items[0] == Rejected(path, 1, reason)
    assert isinstance(items[1], Record) and items[1].texts == {"text": "ok"}


def test_deep_record_keeps_its_id_and_shallow_extra_fields(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    line = b'{"id": "n7", "author": "Dr. Wendolin", "text": "x", "payload": ' + DEEP_VALUES["arrays"] + b"}\n"
    path.write_bytes(line)
    (record,) = CorpusFile(path, extra_fields=["author"])
    assert isinstance(record, Record)
    assert (record.id, record.extras) == ("n7", {"author": "Dr. Wendolin"})
