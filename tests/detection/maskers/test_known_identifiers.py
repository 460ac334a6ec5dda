"""The record's own structured names (--known-field / --known-hcp-field) are masked in its
text: exact, umlaut-folded and one-edit variants, typed by their column, sharing the known
value's pseudonym, and learned for the rest of the corpus. All names are invented."""

from __future__ import annotations

import pytest

from deid_cli.detection.detector import Detector
from deid_cli.detection.learning import NameLearner
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.detection.spans import HCP, PAT

LEX = build_lexicon(DictionaryOptions())
DET = Detector(LEX)
KNOWN = [("Wendolin Zirbleitner", PAT), ("Hofbrünninger", HCP)]


def found(text: str, known=KNOWN) -> list[tuple[str, str, str]]:
    return [(text[s.start : s.end], s.type, s.masker) for s in DET.detect(text, known).spans]


def test_invented_names_are_unknown_to_the_lists() -> None:
    for word in ("Wendolin", "Zirbleitner", "Hofbrünninger"):
        assert not LEX.is_listed_name(word) and not LEX.is_common(word)


def test_known_patient_tokens_are_masked_bare_and_typed_pat() -> None:
    assert found("Zirbleitner ruft an, Wendolin ok.") == [
        ("Zirbleitner", PAT, "KnownIdentifier"),
        ("Wendolin", PAT, "KnownIdentifier"),
    ]


@pytest.mark.parametrize("variant", ["Zirbleitnr", "Zirbleiter", "Zirbelitner", "ZIRBLEITNER"])
def test_one_edit_and_case_variants_of_a_known_name_are_masked(variant: str) -> None:
    assert found(f"{variant} meldet sich") == [(variant, PAT, "KnownIdentifier")]


def test_umlaut_spelled_out_matches_the_known_value_and_is_typed_hcp() -> None:
    assert found("Rücksprache mit Hofbruenninger") == [("Hofbruenninger", HCP, "KnownIdentifier")]


def test_misspelt_mention_takes_the_known_value_as_its_reference() -> None:
    spans = DET.detect("Zirbleitnr meldet sich", KNOWN).spans
    assert [s.reference for s in spans] == ["zirbleitner"]


def test_two_edits_away_or_other_records_names_are_not_masked() -> None:
    assert found("Zrbleitnr meldet sich") == []
    assert found("Zirbleitner ruft an", known=[]) == []


def test_short_known_tokens_match_only_exactly() -> None:
    assert found("Mai Termin, Zirbe im Garten", known=[("Mair", PAT), ("Zirb", PAT)]) == []
    assert found("Zirb ruft an", known=[("Zirb", PAT)]) == [("Zirb", PAT, "KnownIdentifier")]


def test_known_names_are_learned_for_the_rest_of_the_corpus() -> None:
    learner = NameLearner(LEX)
    learner.observe("Zirbleitner ruft an", DET.detect("Zirbleitner ruft an", KNOWN).proven)
    detector, learned = learner.detector(DET)[:2]
    assert learned >= 1
    spans = detector.detect("Rückruf bei Zirbleitner").spans
    assert [(s.type, s.masker) for s in spans] == [(PAT, "CorpusName")]


# A known value that is also an ordinary word matches only in name form (issue: "sehr schwach"
# became "sehr [PAT]"). "Schwach" and "Klein" are ordinary German words; the given name is invented.
ORDINARY = [("Wendolin Schwach", PAT)]


def test_an_ordinary_word_known_value_is_kept_in_ordinary_use() -> None:
    assert found("Pat. fühlt sich sehr schwach.", ORDINARY) == []
    assert found("Schwach und müde seit Tagen.", ORDINARY) == []  # sentence start, no name near


@pytest.mark.parametrize(
    "text",
    [
        "Heute kommt Frau Schwach zur Kontrolle.",
        "Rückruf an Hr. Schwach erbeten.",
        "Schwach, Wendolin: Kontrolle in 3 Monaten.",
        "Wendolin Schwach ruft an.",
        "Die Tochter von Schwach meldet sich.",
    ],
)
def test_an_ordinary_word_known_value_is_masked_in_name_form(text: str) -> None:
    assert ("Schwach", PAT, "KnownIdentifier") in found(text, ORDINARY)


def test_an_ordinary_word_known_value_is_not_matched_by_a_variant() -> None:
    # (After "Tochter von" the word is a name by context; only the known-value match is wrong.)
    assert all(
        masker != "KnownIdentifier" for *_, masker in found("Die Tochter von Schwah meldet sich.", ORDINARY)
    )
    assert all(masker != "KnownIdentifier" for *_, masker in found("Befund von Klain.", [("Klein", PAT)]))
    assert found("Die Tochter von Zirbleitnr meldet sich.") == [("Zirbleitnr", PAT, "KnownIdentifier")]
