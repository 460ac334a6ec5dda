"""Replays every note the fuzzer (``scripts/fuzz.py``, ``make fuzz``) ever failed on, plus the
failures found by hand, through the same invariants: no crash, output = input with exactly
the spans replaced, no pseudonym masked again on a second run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deid_cli.detection.detector import Detector
from deid_cli.detection.patterns.regex_stage import RegexStage

from .fuzzing import fuzz

SAVED = sorted(fuzz.FUZZ_DIR.glob("*.json"))


@pytest.fixture(scope="module")
def detector() -> Detector:
    return fuzz.default_detector()


@pytest.fixture(scope="module")
def reference() -> Detector:
    return fuzz.default_detector(scan_whole_notes=True)


def test_fuzz_corpus_is_not_empty() -> None:
    assert SAVED, f"no saved fuzz inputs under {fuzz.FUZZ_DIR}"


@pytest.mark.parametrize("path", SAVED, ids=[p.stem for p in SAVED])
def test_saved_fuzz_input_keeps_the_invariants(detector: Detector, reference: Detector, path: Path) -> None:
    fuzz.check_note(json.loads(path.read_text(encoding="ascii")), detector, reference)


def test_website_before_an_email_address_is_masked_up_to_the_address() -> None:
    text = "www.zirbleitner.at/zirbleitner@klinik-zirbleitner.at"
    found = [(text[s.start : s.end], s.type) for s in RegexStage().find(text)]
    assert found == [("www.zirbleitner.at/", "WEB"), ("zirbleitner@klinik-zirbleitner.at", "MAI")]


@pytest.mark.parametrize("pseudonym", ["[MAI-ABCDEF]", "[PAT]", "[WEB-7KQ2XM]"])
def test_website_ends_before_a_pseudonym_written_right_after_it(pseudonym: str) -> None:
    text = f"siehe www.hofbrunninger.at/{pseudonym} heute"
    [span] = RegexStage().find(text)
    assert text[span.start : span.end] == "www.hofbrunninger.at/"


def test_saved_fuzz_input_round_trips_through_its_file(tmp_path: Path) -> None:
    note = "Frau Zirbleitner \ud800\x00\u200b"
    saved = fuzz.save_failure(note, tmp_path)
    assert json.loads(saved.read_text(encoding="ascii")) == note
