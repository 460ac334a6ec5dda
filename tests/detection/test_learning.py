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
    return learn_from(BASE, notes).detector


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


# --- cue phrases: where the corpus's names stand, unknown words are names too ------------------

# Three names in the same phrases: introduced by a salutation, then met bare in the note. A
# phrase before a name counts after a salutation too, a phrase after one only after a bare name
# ("Pat. X hat Werte" says little about "Y hat Werte").
PROVEN = [
    "Frau Zirbleitner war da. Rückruf bei Zirbleitner wegen Laborwerten.",
    "Rückruf bei Herrn Dr. Hofbrunninger. Hofbrunninger wegen Laborwerten informiert.",
    "Hr. Zwirchler war da. Rückruf bei Zwirchler wegen Laborwerten.",
]


def _masked(detector: Detector, note: str) -> list[str]:
    return [note[s.start : s.end] for s in detector.detect(note).spans]


def test_an_unknown_word_in_a_phrase_where_three_names_stood_is_masked() -> None:
    note = "Rückruf bei Gstrasser wegen Laborwerten."
    learned = learn_from(BASE, [*PROVEN, note])
    assert learned.cues == 2  # "Rückruf bei …", "… wegen Laborwerten"
    assert _masked(learned.detector, note) == ["Gstrasser"]
    # Either phrase alone is evidence.
    for alone in ("Rückruf bei Gstrasser, danach Visite.", "Anruf: Gstrasser wegen Laborwerten."):
        assert _masked(learned.detector, alone) == ["Gstrasser"]


def test_two_names_in_a_phrase_are_no_evidence_yet() -> None:
    note = "Rückruf bei Gstrasser wegen Laborwerten."
    learned = learn_from(BASE, [*PROVEN[:2], note])
    assert learned.cues == 0 and _masked(learned.detector, note) == []


def test_the_same_name_three_times_is_one_name() -> None:
    notes = [PROVEN[0]] * 3 + ["Rückruf bei Gstrasser wegen Laborwerten."]
    assert learn_from(BASE, notes).cues == 0


@pytest.mark.parametrize("word", ["Hausarzt", "Blutdruck", "Ramipril", "Verordnung", "Parkinson", "KHK"])
def test_ordinary_words_drugs_eponyms_and_acronyms_in_a_learned_phrase_stay(word: str) -> None:
    note = f"Rückruf bei {word} wegen Laborwerten."
    assert _masked(learn_from(BASE, [*PROVEN, note]).detector, note) == []


def test_an_ordinary_word_proven_a_surname_elsewhere_is_a_name_in_a_learned_phrase() -> None:
    notes = [*PROVEN, "Frau Erika Amsel kommt morgen.", "Rückruf bei Amsel wegen Laborwerten."]
    detector = learn_from(BASE, notes).detector
    assert _masked(detector, notes[-1]) == ["Amsel"]
    assert _masked(detector, "Die Amsel singt.") == []  # outside a cue it stays a bird


def test_the_mention_is_masked_whole_given_names_particles_and_double_names_too() -> None:
    detector = learn_from(BASE, PROVEN).detector
    for note, expected in (
        ("Rückruf bei Gstrasser-Pichlwanger wegen Laborwerten.", ["Gstrasser", "Pichlwanger"]),
        ("Nachtrag: Erika Gstrasser wegen Laborwerten.", ["Erika", "Gstrasser"]),
        ("Nachtrag: van Gstrasser wegen Laborwerten.", ["van", "Gstrasser"]),
        ("Rückruf bei Gstrasser wegen Laborwerten. Gstrasser war da.", ["Gstrasser", "Gstrasser"]),
    ):
        assert _masked(detector, note) == expected


def test_what_was_learned_is_counted_never_listed() -> None:
    learned = learn_from(BASE, PROVEN)
    # Three names (the given names were none); two phrases held all three; no misspelling.
    assert (learned.references, learned.cues, learned.aliases) == (3, 2, 0)


# --- misspellings that context proved too take the pseudonym of the name -------------------


def _codes(detector: Detector, notes: list[str], words: tuple[str, str]) -> list[str]:
    """The pseudonym each word gets in its note (one linkage table for both)."""
    pseudonymizer = Pseudonymizer(seed=5)
    codes = []
    for note, word in zip(notes, words, strict=True):
        spans = [s for s in detector.detect(note).spans if note[s.start : s.end] == word]
        masked = pseudonymize(note, spans, pseudonymizer)[0]
        codes.append(masked.split("[", 1)[1].split("]", 1)[0])
    return codes


@pytest.mark.parametrize("typo", ["Hofbrunniger", "Hofbrunningner", "Hofbrunnigner"])
def test_a_misspelling_proven_once_beside_a_name_proven_often_links_to_it(typo: str) -> None:
    notes = [f"Frau {typo} kommt.", *(f"Frau Hofbrunninger kommt am {d}." for d in ("Mo", "Di", "Mi"))]
    learned = learn_from(BASE, notes)
    assert learned.aliases == 1
    first, second = _codes(learned.detector, notes[:2], (typo, "Hofbrunninger"))
    assert first == second


@pytest.mark.parametrize(
    ("rare", "often"),
    [("Hofbrunnimger", "Hofbrunninger"), ("Leithner", "Leitner")],  # a changed letter; a listed name
)
def test_another_name_one_edit_away_keeps_its_own_pseudonym(rare: str, often: str) -> None:
    notes = [f"Frau {rare} kommt.", *(f"Frau {often} kommt am {d}." for d in ("Mo", "Di", "Mi"))]
    learned = learn_from(BASE, notes)
    assert learned.aliases == 0
    first, second = _codes(learned.detector, notes[:2], (rare, often))
    assert first != second


# --- places that context proved are places wherever they are written ---------------------------


def test_a_village_proven_after_a_postcode_is_a_place_in_every_note() -> None:
    notes = ["Frau Anna Gruber\nAm Anger 4\n6342 Quastlmirz", "Termin in Quastlmirz vereinbart."]
    learned = learn_from(BASE, notes)
    assert learned.places == 1
    spans = learned.detector.detect(notes[1]).spans
    assert [(notes[1][s.start : s.end], s.type, s.masker) for s in spans] == [
        ("Quastlmirz", "LOC", "CorpusPlace")
    ]


def test_a_word_proven_a_place_once_but_written_often_otherwise_is_not_learned() -> None:
    # One proof among many capitalized occurrences: a lab value or device, not a village.
    notes = ["Frau Anna Gruber\nAm Anger 4\n6342 Quastlmirz"] + ["Quastlmirz-Wert heute 4,2."] * 12
    learned = learn_from(BASE, notes)
    assert learned.places == 0
    assert _masked(learned.detector, "Quastlmirz-Wert heute 4,2.") == []


def test_a_town_only_its_shape_suggested_twice_is_learned_and_masked_where_no_cue_stands() -> None:
    # "kommt aus Zirbl." proves nothing alone (a noun could stand there); twice, and nowhere else
    # written, it is a town: "nach Zirbl wegen …" has no clause end and no place ending.
    notes = [
        "Pat. kommt aus Quastlmirl.",
        "Rückkehr gestern aus Quastlmirl.",
        "Überweisung nach Quastlmirl wegen Schmerzen.",
    ]
    assert _masked(BASE, notes[2]) == []
    learned = learn_from(BASE, notes)
    assert learned.places == 1
    assert _masked(learned.detector, notes[2]) == ["Quastlmirl"]


def test_a_word_its_shape_suggested_once_as_a_town_is_not_learned() -> None:
    notes = ["Pat. kommt aus Quastlmirl.", "Überweisung nach Quastlmirl wegen Schmerzen."]
    assert learn_from(BASE, notes).places == 0


def test_a_word_its_shape_suggested_as_a_town_but_mostly_written_otherwise_is_not_learned() -> None:
    # Two shape proofs among six capitalized occurrences: a product or device, not a town.
    notes = ["Besserung nach Quastlmirl.", "Kein Effekt nach Quastlmirl."] + ["Quastlmirl 2 Hub morgens."] * 4
    assert learn_from(BASE, notes).places == 0


def test_a_learned_place_is_no_place_where_a_name_masker_claims_the_word() -> None:
    # The place ranks last: "Frau Quastlmirz" stays a person.
    notes = ["Frau Anna Gruber\nAm Anger 4\n6342 Quastlmirz", "Frau Quastlmirz kommt morgen."]
    spans = learn_from(BASE, notes).detector.detect(notes[1]).spans
    assert next(s.type for s in spans if notes[1][s.start : s.end] == "Quastlmirz") != "LOC"
