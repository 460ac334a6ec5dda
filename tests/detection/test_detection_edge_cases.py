"""Regression guarantees for spellings real notes use: given names that look like
abbreviations, non-breaking spaces, titles without a space, one-column CSV lists, hyphenated
nouns after a name, phone numbers with a trunk zero or a bracketed country code, and pooled
typing of adjacent names in all-vote mode.

All names are invented (not in any bundled list) unless a test asserts they are listed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deid_cli.detection.detector import Detector
from deid_cli.detection.lexicon.lists import load_name_file
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.detection.spans import HCP, PAT, PER, PHO, Span, resolve_overlaps
from deid_cli.pseudonyms.table import normalized_reference

LEX = build_lexicon(DictionaryOptions())
DET = Detector(LEX)


def found(text: str, detector: Detector = DET) -> list[tuple[str, str]]:
    return [(text[s.start : s.end], s.type) for s in detector.detect(text).spans]


def test_invented_names_used_here_are_not_listed() -> None:
    for word in ("Zirbleitner", "Quendelhofer"):
        assert not LEX.is_listed_name(word) and not LEX.is_common(word)
    assert LEX.is_listed_name("Max")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Herr Max Zirbleitner kommt", [("Max", PAT), ("Zirbleitner", PAT)]),
        ("Sohn Max Zirbleitner kommt", [("Max", PER), ("Zirbleitner", PER)]),
        ("Dr. Max Zirbleitner", [("Max", HCP), ("Zirbleitner", HCP)]),
        ("Max Zirbleitner kommt", [("Max", PER), ("Zirbleitner", PER)]),
    ],
)
def test_given_name_spelled_like_an_abbreviation_is_still_a_name(text: str, expected: list) -> None:
    assert found(text) == expected


def test_abbreviation_written_with_its_full_stop_is_not_a_name() -> None:
    assert found("Dosis max. 3 Tbl. täglich") == []


@pytest.mark.parametrize(
    "text",
    ["Frau&nbsp;Zirbleitner kommt", "Frau\u00a0Zirbleitner kommt", "Frau\u202fZirbleitner kommt"],
)
def test_non_breaking_space_between_salutation_and_name_is_a_space(text: str) -> None:
    spans = DET.detect(text).spans
    assert [text[s.start : s.end] for s in spans] == ["Zirbleitner"]


@pytest.mark.parametrize(
    ("text", "etype"),
    [("Rücksprache mit Dr.Zirbleitner", HCP), ("Hr.Zirbleitner ruft an", PAT), ("Dr.Gruber", HCP)],
)
def test_title_written_without_space_still_introduces_the_name(text: str, etype: str) -> None:
    spans = found(text)
    assert len(spans) == 1 and spans[0][1] == etype
    assert spans[0][0] in ("Zirbleitner", "Gruber")


def test_one_column_csv_name_list_is_read(tmp_path: Path) -> None:
    path = tmp_path / "patients.csv"
    path.write_text("name\nZirbleitner\nQuendelhofer\n", encoding="utf-8")
    assert load_name_file(path) == ["Zirbleitner", "Quendelhofer"]


def test_noun_hyphenated_to_a_salutation_name_is_kept() -> None:
    assert found("Frau Zirbleitner-Nachsorge geplant") == [("Zirbleitner", PAT)]


def test_hyphenated_double_surname_after_salutation_masks_both_parts() -> None:
    assert found("Frau Zirbleitner-Quendelhofer ruft an") == [("Zirbleitner", PAT), ("Quendelhofer", PAT)]


def test_phone_with_trunk_zero_shares_the_code_of_the_plain_number() -> None:
    assert normalized_reference("+43 (0) 664 1234567", PHO) == normalized_reference("+43 664 1234567", PHO)


def test_phone_with_bracketed_country_code_is_detected() -> None:
    assert found("Tel. (+43) 664 1234567 bitte") == [("(+43) 664 1234567", PHO)]


def test_empty_span_never_survives_overlap_resolution() -> None:
    assert resolve_overlaps([Span(3, 3, PER, "X")]) == []
    assert resolve_overlaps([Span(3, 3, PER, "X"), Span(5, 6, PER, "X")]) == [Span(5, 6, PER, "X")]


def test_all_vote_pools_two_separately_listed_adjacent_names(tmp_path: Path) -> None:
    """A given name (general list) next to a surname on the patient list is one patient in
    all-vote mode; first-vote mode types each token from its own list."""
    (tmp_path / "patients.txt").write_text("Quendelhofer\n", encoding="utf-8")
    lexicon = build_lexicon(DictionaryOptions(patients=[tmp_path / "patients.txt"]))
    text = "Anna Quendelhofer kommt"
    assert found(text, Detector(lexicon, vote="all")) == [("Anna", PAT), ("Quendelhofer", PAT)]
    assert found(text, Detector(lexicon, vote="first")) == [("Anna", PER), ("Quendelhofer", PAT)]
