"""Tests for scripts/generalise.py (the scripts/generalise/ package): the harness is only honest if
its gold is exact, its test names are in no dictionary and no dev pool, its template families are
disjoint, and its scorer counts a partial mask as a leak."""

from __future__ import annotations

import json
import re
import sys

from repo import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "scripts"))

from generalise.classes import CLASSES
from generalise.cli import main
from generalise.compose import generate
from generalise.pools import build_pools, dictionary_keys, in_keys
from generalise.score import score
from generalise.templates import DEV, TEST
from synthetic.pools import fold

NAME = re.compile(r"[^\W\d_]+")


def test_gold_offsets_point_at_name_tokens() -> None:
    for family in ("dev", "test"):
        for kind in ("letters", "notes"):
            for record in generate(family, kind, 30, 3):
                text = record["text"]
                for start, end, label in record["gold"]:
                    assert NAME.fullmatch(text[start:end]), (label, start, end)
                    assert start == 0 or not text[start - 1].isalpha()
                    assert end == len(text) or not text[end].isalpha()
                person_spans = sorted(tuple(s) for p in record["persons"] for s in p["spans"])
                assert person_spans == sorted((s, e) for s, e, _ in record["gold"])
                for start, end, _ in record["traps"]:
                    assert all(e <= start or s >= end for s, e, _ in record["gold"])


def test_test_pool_is_disjoint_from_dictionaries_and_dev() -> None:
    pools = build_pools()
    keys = dictionary_keys()
    test_names, dev_names = pools["test"].all_names(), pools["dev"].all_names()
    assert min(pools["test"].sizes().values()) > 50
    assert not [name for name in test_names if in_keys(name, keys)]
    dev_keys = {key for name in dev_names for key in (name.lower(), fold(name))}
    assert not [name for name in test_names if in_keys(name, dev_keys)]
    # Sanity of the check itself: a dictionary name in any spelling is found.
    assert in_keys("MUELLER", keys) and in_keys("Müller", keys)


def test_generated_test_names_avoid_dictionaries() -> None:
    keys = dictionary_keys()
    for kind in ("letters", "notes"):
        for record in generate("test", kind, 40, 5):
            for start, end, _ in record["gold"]:
                token = record["text"][start:end]
                if len(token) > 3:  # initials and particles are letters/short words, not names
                    assert not in_keys(token, keys)
            assert not any(p["listed"] for p in record["persons"])


def test_template_families_are_disjoint() -> None:
    assert DEV.frames() and TEST.frames()
    assert not DEV.frames() & TEST.frames()
    assert not set(DEV.roles) & set(TEST.roles)
    assert not set(DEV.eponyms) & set(TEST.eponyms)


def test_generator_is_deterministic() -> None:
    assert generate("test", "letters", 10, 4) == generate("test", "letters", 10, 4)
    assert generate("test", "letters", 10, 4) != generate("test", "letters", 10, 5)
    assert generate("dev", "notes", 10, 4) != generate("test", "notes", 10, 4)


def _record() -> dict:
    text = "Frau Anu Belzo kam. Dr. Kiro Mal."
    return {
        "id": "x",
        "text": text,
        "gold": [[5, 8, "PAT"], [9, 14, "PAT"], [24, 28, "HCP"], [29, 32, "HCP"]],
        "persons": [
            {"spans": [[5, 8], [9, 14]], "class": "full_name", "listed": False, "label": "PAT"},
            {"spans": [[24, 28], [29, 32]], "class": "title_chain", "listed": True, "label": "HCP"},
        ],
        "traps": [[15, 18, "clinical_word"]],
    }


def test_partial_mask_is_not_fully_masked() -> None:
    record = _record()
    # Patient: both tokens inside one span. Doctor: surname only, and the given name half-masked.
    detected = {"x": [(5, 14), (26, 28), (29, 32)]}
    masked = {"x": "Frau [PAT-1] kam. Dr. Ki[HCP-2] [HCP-3]."}
    result = score([record], detected, masked)
    rows = result["classes"]
    assert rows["full_name"]["fully_masked"] == 1.0
    assert rows["title_chain"]["fully_masked"] == 0.0
    assert rows["title_chain"]["token_recall"] == 0.5
    assert rows["all"]["fully_masked"] == 0.5
    assert rows["listed"]["mentions"] == 1 and rows["unlisted"]["fully_masked"] == 1.0
    assert result["precision"] == 1.0
    assert result["kept_clinical_words"] == 1.0
    assert result["verbatim_leaks"] == 0.0


def test_overmask_and_verbatim_leak_are_counted() -> None:
    record = _record()
    detected = {"x": [(5, 18)]}  # masks "kam" too, misses the doctor
    masked = {"x": "Frau [PAT-1]. Dr. Kiro Mal."}
    result = score([record], detected, masked)
    assert result["precision"] == round(9 / 13, 3)
    assert result["kept_clinical_words"] == 0.0
    assert result["verbatim_leaks"] == 0.5  # "Kiro" and "Mal" of four names survive
    assert result["classes"]["all"]["fully_masked"] == 0.5


def test_report_end_to_end(capsys) -> None:
    assert main(["report", "--family", "both", "--count", "20", "--seed", "2", "--json"]) == 0
    results = json.loads(capsys.readouterr().out)
    assert [r["family"] for r in results] == ["dev", "test"]
    for result in results:
        rows = result["all"]["classes"]
        for cls in CLASSES:
            assert rows[cls]["mentions"] > 0, cls
            assert 0.0 <= rows[cls]["token_recall"] <= 1.0
        assert 0.0 < result["all"]["precision"] <= 1.0
    assert main(["report", "--family", "test", "--count", "6", "--seed", "2"]) == 0
    table = capsys.readouterr().out
    assert all(f"| {cls} |" in table for cls in CLASSES)


def test_generate_writes_jsonl(tmp_path) -> None:
    out = tmp_path / "letters.jsonl"
    assert main(["generate", "--family", "dev", "--kind", "letters", "--count", "5", "-o", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 5 and {"id", "text", "gold", "persons"} <= set(rows[0])
