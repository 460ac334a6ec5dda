"""Every record is accounted for: read = written + rejected, for random mixes of good and bad lines.

Hypothesis builds JSONL and CSV files from good records and every kind of bad line the
readers know (invalid JSON, non-object JSON, missing or non-string text field, duplicate text
field, invalid UTF-8, wrong CSV field count, stray and unterminated quotes), plus blank lines,
CRLF endings, a BOM and a missing final newline. ``deid run`` must then write every good
record in order, reject every bad one with its file:line on stderr and in the --stats file,
and never echo a bad line's content. With ``--on-error fail`` it writes nothing, exits 1 and
cites the first bad line. Every name here is invented.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

# Appears in every bad line and must never reach stderr or the stats file.
MARKER = "Ederkogler"
WORDS = ["Herr", "Zirbleitner", "kam", "zur", "Kontrolle.", "Befund", "unauffällig,", "Tel.", "0664 1234567"]
SETTINGS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
_case_numbers = itertools.count()

JSONL_BAD = {
    "invalid JSON": b'{"id": "b", "text": "Herr ' + MARKER.encode() + b'"',
    "trailing comma": b'{"text": "' + MARKER.encode() + b'",}',
    "array": b'["' + MARKER.encode() + b'"]',
    "string": b'"' + MARKER.encode() + b'"',
    "missing text": b'{"id": "b", "body": "' + MARKER.encode() + b'"}',
    "text not a string": b'{"id": "b", "text": ["' + MARKER.encode() + b'"]}',
    "text null": b'{"id": "b", "text": null, "x": "' + MARKER.encode() + b'"}',
    "duplicate text": b'{"text": "a", "text": "' + MARKER.encode() + b'"}',
    "invalid UTF-8": b'{"id": "b", "text": "' + MARKER.encode() + b'\xff"}',
    "deep but broken": b'{"text": "' + MARKER.encode() + b'", "m": ' + b"[" * 1500 + b"}",
}
CSV_BAD = {
    "too many fields": f"b,{MARKER},extra".encode(),
    "too few fields": MARKER.encode(),
    "unterminated quote": f'b,"Herr {MARKER}'.encode(),
    "text after closing quote": f'b,"Herr"{MARKER}'.encode(),
    "invalid UTF-8": f"b,{MARKER}".encode() + b"\xff",
}
BLANK_LINES = [b"", b"   "]


@dataclass
class Corpus:
    """A generated input file and what deid must do with it."""

    data: bytes
    good_ids: list[str] = field(default_factory=list)
    bad_lines: list[int] = field(default_factory=list)


def _good_text(draw: st.DrawFn) -> str:
    """A note, sometimes over two lines. It never starts with a line break: in CSV, a stray
    quote on an earlier line followed by a field opening with `"` + line break forms a valid
    quoted field, an ambiguity of the CSV grammar itself that no reader can resolve."""
    words = draw(st.lists(st.sampled_from([*WORDS, '"zitiert"', "Größe 1,80 m"]), max_size=6))
    text = " ".join(words)
    if text and draw(st.booleans()):
        text += "\n" + " ".join(draw(st.lists(st.sampled_from(WORDS), max_size=3)))
    return text


@st.composite
def jsonl_corpus(draw: st.DrawFn) -> Corpus:
    corpus = Corpus(b"\xef\xbb\xbf" if draw(st.booleans()) else b"")
    kinds = draw(st.lists(st.sampled_from(["good", "bad", "blank"]), min_size=1, max_size=14))
    ending = draw(st.sampled_from([b"\n", b"\r\n"]))
    for number, kind in enumerate(kinds, start=1):
        if kind == "good":
            record_id = f"g{number}"
            record = {"id": record_id, "text": _good_text(draw)}
            if draw(st.booleans()):
                record = {"kind": "Arztbrief", **record, "pages": [1, {"n": 2}]}
            line = orjson.dumps(record)
            corpus.good_ids.append(record_id)
        elif kind == "bad":
            line = JSONL_BAD[draw(st.sampled_from(sorted(JSONL_BAD)))]
            corpus.bad_lines.append(number)
        else:
            line = draw(st.sampled_from(BLANK_LINES))
        last = number == len(kinds)
        corpus.data += line + (b"" if last and draw(st.booleans()) else ending)
    return corpus


def _csv_field(text: str) -> bytes:
    return b'"' + text.replace('"', '""').encode("utf-8") + b'"'


@st.composite
def csv_corpus(draw: st.DrawFn) -> Corpus:
    corpus = Corpus((b"\xef\xbb\xbf" if draw(st.booleans()) else b"") + b"id,text")
    ending = draw(st.sampled_from([b"\n", b"\r\n"]))
    corpus.data += ending
    physical_line = 2
    kinds = draw(st.lists(st.sampled_from(["good", "bad", "blank"]), min_size=1, max_size=14))
    for index, kind in enumerate(kinds):
        if kind == "good":
            record_id = f"g{physical_line}"
            text = _good_text(draw)
            line = record_id.encode() + b"," + _csv_field(text)
            corpus.good_ids.append(record_id)
        elif kind == "bad":
            line = CSV_BAD[draw(st.sampled_from(sorted(CSV_BAD)))]
            corpus.bad_lines.append(physical_line)
        else:
            line = b""
        physical_line += line.count(b"\n") + 1
        last = index == len(kinds) - 1
        corpus.data += line + (b"" if last and draw(st.booleans()) else ending)
    return corpus


def _write_case(workdir: Path, suffix: str, corpus: Corpus) -> tuple[Path, Path, Path]:
    case = workdir / f"case{next(_case_numbers)}"
    case.mkdir()
    source = case / f"in{suffix}"
    source.write_bytes(corpus.data)
    return source.relative_to(workdir), case / f"out{suffix}", case / "stats.json"


def _output_ids(path: Path, suffix: str) -> list[str]:
    text = path.read_text(encoding="utf-8-sig")
    if suffix == ".jsonl":
        return [json.loads(line)["id"] for line in text.splitlines() if line.strip()]
    return [row[0] for row in csv.reader(io.StringIO(text, newline="")) if row][1:]


def _check_every_record_accounted_for(deid: Callable, workdir: Path, suffix: str, corpus: Corpus) -> None:
    source, out, stats_path = _write_case(workdir, suffix, corpus)
    run = deid("run", source, "-o", out, "--on-error", "skip", "--stats", stats_path, "--quiet")
    assert run.exit_code == 0, run.output
    stats = json.loads(stats_path.read_text(encoding="utf-8"))
    records = stats["records"]
    assert records["read"] == records["written"] + records["rejected"]
    assert records["read"] == len(corpus.good_ids) + len(corpus.bad_lines)
    assert records["written"] == len(corpus.good_ids)
    assert [r["line"] for r in stats["rejected_records"]] == corpus.bad_lines
    assert _output_ids(out, suffix) == corpus.good_ids
    for line in corpus.bad_lines:
        assert f"skipped {source}:{line}: " in run.stderr
    assert run.stderr.count("skipped ") == len(corpus.bad_lines)
    assert MARKER not in run.stderr and MARKER not in stats_path.read_text(encoding="utf-8")


@SETTINGS
@given(corpus=jsonl_corpus())
def test_jsonl_every_record_is_written_in_order_or_rejected_with_its_line(
    deid: Callable, workdir: Path, corpus: Corpus
) -> None:
    _check_every_record_accounted_for(deid, workdir, ".jsonl", corpus)


@SETTINGS
@given(corpus=csv_corpus())
def test_csv_every_record_is_written_in_order_or_rejected_with_its_line(
    deid: Callable, workdir: Path, corpus: Corpus
) -> None:
    _check_every_record_accounted_for(deid, workdir, ".csv", corpus)


@SETTINGS
@given(data=st.data(), suffix=st.sampled_from([".jsonl", ".csv"]))
def test_on_error_fail_writes_nothing_exits_1_and_cites_the_first_bad_line(
    deid: Callable, workdir: Path, data: st.DataObject, suffix: str
) -> None:
    corpus = data.draw(jsonl_corpus() if suffix == ".jsonl" else csv_corpus())
    source, out, stats_path = _write_case(workdir, suffix, corpus)
    run = deid("run", source, "-o", out, "--stats", stats_path, "--quiet")
    if not corpus.bad_lines:
        assert run.exit_code == 0, run.output
        assert _output_ids(out, suffix) == corpus.good_ids
        return
    assert run.exit_code == 1
    assert f"{source}:{corpus.bad_lines[0]}: " in run.stderr
    assert "no output written" in run.stderr
    assert MARKER not in run.output
    assert not out.exists()
    assert not any(p.name.startswith(".out") for p in out.parent.iterdir()), "temp file left behind"
