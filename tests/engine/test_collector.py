"""A run collects the youngest generation less often while it lasts (per-note work makes many
short-lived objects and no cycles) and leaves Python's thresholds as it found them, also when it
fails (``engine/local._fewer_collections``). All names are invented."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from deid_cli.corpus.records import InputError
from deid_cli.detection.detector import Detector
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.engine.local import YOUNG_COLLECTION_THRESHOLD, LocalEngine, RunOptions

DETECTOR = Detector(build_lexicon(DictionaryOptions()))


def test_a_run_collects_less_often_while_it_lasts_and_restores_the_thresholds(tmp_path: Path) -> None:
    corpus = tmp_path / "notes.jsonl"
    corpus.write_text('{"id": "1", "text": "Frau Zirbenbacher ruft an."}\n', encoding="utf-8")
    during: list[int] = []
    engine = LocalEngine(DETECTOR, RunOptions(), progress=lambda *_: during.append(gc.get_threshold()[0]))
    before = gc.get_threshold()
    engine.run([corpus], tmp_path / "out.jsonl")
    assert during and set(during) == {YOUNG_COLLECTION_THRESHOLD}
    assert gc.get_threshold() == before


def test_a_failed_run_restores_the_thresholds(tmp_path: Path) -> None:
    corpus = tmp_path / "notes.jsonl"
    corpus.write_text('{"id": "1", "text": "Frau Zirbenbacher ruft an."}\n{broken\n', encoding="utf-8")
    before = gc.get_threshold()
    with pytest.raises(InputError):
        LocalEngine(DETECTOR, RunOptions(on_error="fail")).run([corpus], tmp_path / "out.jsonl")
    assert gc.get_threshold() == before
