"""Hostile Unicode: arbitrary text never crashes detection, the output is the input with exactly
the reported spans replaced, a second run never masks a pseudonym again, and offsets stay on
the original text where case mapping or normalization changes the string length.

Every name here is invented (none is in the bundled dictionaries).
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings

from deid_cli.detection.detector import Detector

from .fuzzing import fuzz

NAME = "Zirbleitner"


@pytest.fixture(scope="module")
def detector() -> Detector:
    return fuzz.default_detector()


@pytest.fixture(scope="module")
def reference() -> Detector:
    return fuzz.default_detector(scan_whole_notes=True)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fuzz.hostile_text())
@example("Frau Zirbleitner\x00\u200b\u05d0\U0001f600 İẞﬁ 0664/1234567 \ud800")
@example("İ" * 3 + " Herr Hofbrunninger &auml; <br> e\u0301 ﬁ 12.03.2020")
@example("[PAT-7KQ2XM] Frau [PAT-7KQ2XM] und Herr [PHO] [DAT-AAAAAA]")
@example("<!--" * 5 + "Dr. Quendelhofer" + "-->" + "&#x130;" * 3)
@example("\u202eFrau Pfaffenstaller\u202c \u2066Herr Ederkogler\u2069")
def test_any_note_is_pseudonymized_exactly_at_its_spans_and_stays_idempotent(
    detector: Detector, reference: Detector, text: str
) -> None:
    fuzz.check_note(text, detector, reference)


LENGTH_CHANGING = [
    "İ",
    "ẞ",
    "ß",
    "ﬁ",
    "ŉ",
    "ǅ",
    "ΐ",
    "İstanbul",
    "ß".upper(),
    "e\u0301",
    "&auml;",
    "<b>İ</b>",
]


@pytest.mark.parametrize("prefix", LENGTH_CHANGING)
def test_name_after_length_changing_characters_is_masked_at_its_original_offsets(
    detector: Detector, prefix: str
) -> None:
    text = f"{prefix * 4} Befund an Frau {NAME}, {prefix} Tel. 0664/3141592."
    spans = detector.detect(text).spans
    found = {text[s.start : s.end] for s in spans}
    assert NAME in found
    assert "0664/3141592" in found


def test_name_written_in_decomposed_unicode_is_masked_whole(detector: Detector) -> None:
    name = unicodedata.normalize("NFD", "Hofbrünninger")
    text = f"İİ Frau {name} kam."
    [span] = [s for s in detector.detect(text).spans if s.type == "PAT"]
    assert text[span.start : span.end] == name


def _run_with_spans(deid: Callable[..., object], workdir: Path, lines: list[str]) -> tuple[dict, list, list]:
    source = workdir / "notes.jsonl"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = deid("run", source.name, "-o", "out.jsonl", "--spans", "spans.jsonl", "--stats", "stats.json",
               "--on-error", "skip", "--seed", "7", "-q")  # fmt: skip
    assert run.exit_code == 0, run.output
    stats = json.loads((workdir / "stats.json").read_text(encoding="utf-8"))
    outputs = [json.loads(line) for line in (workdir / "out.jsonl").read_text(encoding="utf-8").splitlines()]
    spans = [json.loads(line) for line in (workdir / "spans.jsonl").read_text(encoding="utf-8").splitlines()]
    return stats, outputs, spans


def test_lone_surrogate_escape_is_a_counted_rejection_naming_file_and_line(
    deid: Callable[..., object], workdir: Path
) -> None:
    lines = [
        '{"id": "a", "text": "Frau Zirbleitner kam."}',
        '{"id": "b", "text": "Herr Hofbrunninger \\ud800 kam."}',
        '{"id": "c", "text": "Herr Quendelhofer \\udfff\\ud800 rief an."}',
    ]
    stats, outputs, _ = _run_with_spans(deid, workdir, lines)
    assert stats["records"] == {"read": 3, "written": 1, "rejected": 2}
    assert [(r["file"], r["line"]) for r in stats["rejected_records"]] == [
        ("notes.jsonl", 2),
        ("notes.jsonl", 3),
    ]
    assert all("Hofbrunninger" not in r["reason"] for r in stats["rejected_records"])
    assert [o["id"] for o in outputs] == ["a"]


def test_nul_emoji_rtl_and_zero_width_text_is_written_with_exactly_the_reported_spans_replaced(
    deid: Callable[..., object], workdir: Path
) -> None:
    note = (
        "\u200bFrau Zirbleitner\u0000 \U0001f469\U0001f3fd \u05e9\u05dc\u05d5\u05dd "
        "İİ Herr Hofbrunninger, Tel. +43 664 3141592 \u202eende\u202c \U0001f600"
    )
    stats, [output], [spans] = _run_with_spans(deid, workdir, [json.dumps({"id": "x", "text": note})])
    assert stats["records"]["rejected"] == 0
    masked = output["text"]
    rebuilt, pos = [], 0
    for span in spans["spans"]:
        rebuilt.append(note[pos : span["start"]])
        pos = span["end"]
    rebuilt.append(note[pos:])
    assert {note[s["start"] : s["end"]] for s in spans["spans"]} >= {
        "Zirbleitner",
        "Hofbrunninger",
        "+43 664 3141592",
    }
    # The output minus its tags is the input minus its spans: nothing else moved or changed.
    pieces = fuzz.TAG_PATTERN.split(masked)
    assert pieces == rebuilt
