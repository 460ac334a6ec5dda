"""Corpus-wide learning guarantees: misspellings of a learned name take its pseudonym, short
names and abbreviations do not match fuzzily, and bare mentions are typed from the pooled
evidence of every context the name was proven in. All names are invented."""

from __future__ import annotations

from collections import Counter

import pytest

from deid_cli.detection.detector import Detector
from deid_cli.detection.learning import learn_from, pooled_type
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.detection.maskers.corpus_name import FuzzyNames
from deid_cli.pseudonyms.table import Pseudonymizer, pseudonymize

LEX = build_lexicon(DictionaryOptions())
BASE = Detector(LEX)


def learned_detector(notes: list[str]) -> Detector:
    return learn_from(BASE, notes)[0]


def test_invented_names_are_unknown_to_the_lists() -> None:
    for word in ("Zirbleitner", "Hofbrunninger", "Zwirchler"):
        assert not LEX.is_listed_name(word) and not LEX.is_common(word)


@pytest.mark.parametrize("variant", ["Zirbleitnr", "Zribleitner", "Zirbleitnner", "Zirbleitmer"])
def test_one_edit_misspelling_of_a_learned_name_takes_its_pseudonym(variant: str) -> None:
    notes = ["Frau Zirbleitner hat angerufen.", f"Rückruf bei {variant} morgen."]
    detector = learned_detector(notes)
    pseudonymizer = Pseudonymizer(seed=3)
    outputs = []
    for note in notes:
        spans = detector.detect(note).spans
        outputs.append(pseudonymize(note, spans, pseudonymizer)[0])
    assert variant not in outputs[1]
    code = outputs[0].split("[", 1)[1].split("]", 1)[0].split("-", 1)[1]
    assert code in outputs[1]


def test_two_edits_away_is_not_the_learned_name() -> None:
    detector = learned_detector(["Frau Zirbleitner hat angerufen.", "Zrbletner kommt."])
    assert detector.detect("Zrbletner kommt.").spans == []


def test_short_learned_names_and_vowelless_abbreviations_do_not_match_fuzzily() -> None:
    fuzzy = FuzzyNames(["quend", "horst", "abcd"])
    assert fuzzy.match("Quand") == "quend"  # five letters: one substitution
    assert FuzzyNames(["abcd"]).match("Abce") is None  # four letters never fuzzy
    detector = learned_detector(["Frau Zwirchler ruft an.", "Hrst und Zwirchlr"])
    spans = detector.detect("Befund: Zwrchl.").spans
    assert spans == []


def test_ambiguous_fuzzy_match_is_left_alone() -> None:
    fuzzy = FuzzyNames(["zirbler", "zirbles"])
    assert fuzzy.match("Zirble") is None  # one edit from both


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        ({"HCP": 5}, "HCP"),
        ({"HCP": 3, "PER": 1}, "HCP"),
        ({"HCP": 2, "PER": 2}, "HCP"),
        ({"PAT": 1, "PER": 1}, "PAT"),
        ({"PER": 3, "HCP": 1}, "PER"),
    ],
)
def test_bare_mentions_take_the_pooled_type_of_their_contexts(counts: dict, expected: str) -> None:
    assert pooled_type(Counter(counts)) == expected


def test_name_seen_only_with_dr_is_an_hcp_in_bare_mentions() -> None:
    notes = ["Dr. Hofbrunninger kommt.", "Rücksprache mit Dr. Hofbrunninger.", "Hofbrunninger sagt ok."]
    detector = learned_detector(notes)
    spans = detector.detect(notes[2]).spans
    assert [(s.type, s.masker) for s in spans] == [("HCP", "CorpusName")]
