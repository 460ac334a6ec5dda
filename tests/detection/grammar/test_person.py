"""The person-mention grammar (``detection/grammar/person.py``) as the detector applies it:
a mention is masked whole, ordinary-word surnames in the surname slot included, and the
grammar does not turn clinical words, acronyms or weekdays into names.

Names here are invented or checked against the bundled lists where the test needs a property
(listed, ordinary word, given name); none comes from an annotated corpus.
"""

from __future__ import annotations

import pytest

from deid_cli.detection.detector import Detector
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.detection.spans import HCP, PAT

LEX = build_lexicon(DictionaryOptions())
DET = Detector(LEX)


def masked(text: str) -> dict[str, str]:
    """Surface -> type of every span."""
    return {text[s.start : s.end]: s.type for s in DET.detect(text).spans}


def ordinary(word: str, listed: bool) -> str:
    assert LEX.is_common(word), f"{word} is not an ordinary word"
    assert LEX.is_listed_name(word) is listed, f"{word}: listed status is not {listed}"
    return word


def given(word: str) -> str:
    assert LEX.is_listed_name(word) and not LEX.is_common(word), f"{word} is no plain given name"
    return word


@pytest.mark.parametrize(
    ("template", "etype"),
    [
        ("Frau {g} {s} wurde heute aufgenommen.", PAT),
        ("Herrn {g} {s} geht es besser.", PAT),
        ("Dr. {g} {s} hat die Visite gemacht.", HCP),
        ("OÄ {g} {s}, Station 3", HCP),
    ],
)
@pytest.mark.parametrize(("surname", "listed"), [("Amsel", False), ("Sommer", True)])
def test_ordinary_word_surname_after_a_proven_given_name_is_masked_with_it(
    template: str, etype: str, surname: str, listed: bool
) -> None:
    text = template.format(g=given("Theresa"), s=ordinary(surname, listed))
    assert masked(text) == {"Theresa": etype, surname: etype}


def test_listed_ordinary_surname_after_a_dictionary_given_name_is_a_name() -> None:
    text = f"{given('Lukas')} {ordinary('Hammer', listed=True)} klagt über Schwindel."
    found = masked(text)
    assert set(found) == {"Lukas", "Hammer"}
    assert found["Lukas"] == found["Hammer"]


@pytest.mark.parametrize("acronym", ["KHK", "PAVK"])
def test_acronym_after_a_given_name_stays(acronym: str) -> None:
    assert set(masked(f"Kontrolle bei {given('Lukas')} {acronym} bekannt")) == {"Lukas"}


@pytest.mark.parametrize(
    "text",
    [
        "HAMMER, Theresa, geb. 03.04.1951",
        "Patientin: Amsel, Theresa",
        "Name: Zirbleitner, Theresa",
    ],
)
def test_inverted_mention_masks_the_surname_before_the_given_name(text: str) -> None:
    surname = text.split(",")[0].split()[-1]
    assert set(masked(text)) >= {surname, "Theresa"}


def test_ordinary_word_before_a_comma_without_label_or_capitals_stays() -> None:
    text = f"{ordinary('Kontrolle', listed=False)}, Theresa kommt morgen."
    assert "Kontrolle" not in masked(text)


def test_mention_in_capitals_is_masked_whole() -> None:
    assert masked("HERR LUKAS HAMMER") == {"LUKAS": PAT, "HAMMER": PAT}


@pytest.mark.parametrize("text", ["Herr K. kommt morgen.", "Frau Dr. B. ruft an.", "Befund an Herrn W."])
def test_lone_initial_after_a_salutation_is_masked(text: str) -> None:
    initial = next(word for word in text.replace(".", " ").split() if len(word) == 1)
    assert initial in masked(text)


def test_abbreviated_salutation_proves_an_ordinary_listed_surname() -> None:
    assert masked(f"Fr. {ordinary('Sommer', listed=True)} klagt über Schmerzen.") == {"Sommer": PAT}


@pytest.mark.parametrize("text", ["Rückruf am Fr. Parkinson bekannt.", "Termin bis Fr. Sommer im Urlaub."])
def test_friday_is_no_salutation(text: str) -> None:
    assert masked(text) == {}


def test_pat_abbreviation_takes_a_listed_surname_but_not_a_noun() -> None:
    assert masked("Pat. Hammer ist stabil.") == {"Hammer": PAT}
    assert masked("Pat. Befinden stabil.") == {}


def test_plural_title_introduces_every_name_joined_by_und() -> None:
    assert masked("Drs. Quendelhofer und Stramlinger") == {"Quendelhofer": HCP, "Stramlinger": HCP}


def test_title_without_its_full_stop_still_chains() -> None:
    assert masked("PD Dr. med K. Zirbleitner") == {"K": HCP, "Zirbleitner": HCP}


def test_non_clinical_title_after_herr_keeps_the_patient() -> None:
    assert masked("Hr. Ing. Zirbleitner") == {"Zirbleitner": PAT}


@pytest.mark.parametrize(
    ("text", "particle"),
    [
        ("Herrn Lukas de la Zirbleitner wurde entlassen.", "de la"),
        ("Frau von der Quendelhofer kam.", "von der"),
    ],
)
def test_name_particles_are_masked_with_the_name(text: str, particle: str) -> None:
    found = masked(text)
    assert set(particle.split()) <= set(found)


@pytest.mark.parametrize("text", ["Die Tochter von Zirbleitner ruft an.", "Liebe Grüße von Theresa"])
def test_von_after_a_relative_noun_or_greeting_is_a_preposition(text: str) -> None:
    assert "von" not in masked(text)


def test_capitals_after_a_name_in_plain_case_are_an_acronym() -> None:
    assert masked("Herr Zirbleitner HF 94, RR 130/80.") == {"Zirbleitner": PAT}


def test_relative_takes_a_listed_ordinary_surname_but_not_a_clinical_noun() -> None:
    assert set(masked(f"Ehefrau Theresa {ordinary('Kraft', listed=True)} kommt um 10 Uhr.")) == {
        "Theresa",
        "Kraft",
    }
    assert set(masked(f"lt. Ehefrau Theresa {ordinary('Gewicht', listed=False)} stabil.")) == {"Theresa"}


def test_double_name_takes_a_listed_ordinary_part_but_not_a_noun() -> None:
    assert set(masked(f"Frau Zirbleitner-{ordinary('Adler', listed=True)} kam.")) == {"Zirbleitner", "Adler"}
    assert set(masked(f"Frau Zirbleitner-{ordinary('Kontrolle', listed=False)} geplant.")) == {"Zirbleitner"}


@pytest.mark.parametrize(
    "text", ["OA Kardiologie informiert.", "OÄ Innere Medizin", "OA Station 3 angerufen"]
)
def test_a_department_after_a_role_title_is_no_name(text: str) -> None:
    assert masked(text) == {}


def test_an_ordinary_word_after_an_academic_title_is_a_name() -> None:
    assert masked(f"Dr. {ordinary('Amsel', listed=False)} kommt morgen.") == {"Amsel": HCP}


@pytest.mark.parametrize(
    "chain", ["Ass.Dr.", "PD Dr. habil.", "Dr. med. dent.", "Dr. med. Dr. phil.", "FA Dr."]
)
def test_title_chains_end_before_the_name(chain: str) -> None:
    assert masked(f"Visite durch {chain} Wendolin Zirbleitner heute.") == {
        "Wendolin": HCP,
        "Zirbleitner": HCP,
    }


def test_an_ordinary_word_surname_proven_in_a_note_is_a_name_at_its_other_mentions() -> None:
    text = f"Frau Theresa {ordinary('Amsel', listed=False)} hat angerufen. Amsel schläft schlecht."
    assert [text[s.start : s.end] for s in DET.detect(text).spans] == ["Theresa", "Amsel", "Amsel"]


def test_the_repeated_surname_stays_a_noun_after_an_article() -> None:
    text = f"Herr {ordinary('Winter', listed=True)} kam. Im Winter ist es kalt, der Winter dauert."
    assert [text[s.start : s.end] for s in DET.detect(text).spans] == ["Winter"]


def near_common(word: str) -> str:
    """A word one letter from a frequent word and on no list: a typo in running text, a name in
    a proven slot."""
    assert LEX.near_common(word) and not LEX.is_listed_name(word) and not LEX.is_common(word), word
    return word


@pytest.mark.parametrize("surname", ["Stainer", "Kellar"])
def test_a_word_one_letter_from_a_frequent_one_is_a_surname_after_a_title(surname: str) -> None:
    assert masked(f"Visite mit Dr. Wendolin {near_common(surname)} besprochen.") == {
        "Wendolin": HCP,
        surname: HCP,
    }


def test_a_typo_after_frau_and_a_surname_is_still_the_sentence_going_on() -> None:
    assert masked(f"Frau Zirbleitner {near_common('Kellar')} aufgeräumt.") == {"Zirbleitner": PAT}


def test_signature_cells_take_surnames_one_letter_from_a_frequent_word() -> None:
    text = f"Mit freundlichen Grüßen\n\nWendolin {near_common('Stainer')}\tQuirin {near_common('Kellar')}\n"
    assert set(masked(text)) == {"Wendolin", "Stainer", "Quirin", "Kellar"}


@pytest.mark.parametrize(
    "line",
    [
        "Patient/in: von Stainer, Wendolin, geb. 01.02.1960",
        "STAINER, WENDOLIN",
        "Zirbleitner, Wendolin, geb. 1.2.1960",
    ],
)
def test_inverted_mention_with_an_unlisted_given_name_needs_the_line_to_show_it(line: str) -> None:
    words = {w for w in line.replace(",", " ").replace(":", " ").split() if w[0].isupper() and "/" not in w}
    learned = DET.with_learned_names({"wendolin": PAT})  # the given name proven elsewhere
    found = {line[s.start : s.end] for s in learned.detect(line).spans}
    assert words - {"Patient"} <= found


def test_before_an_unlisted_given_name_a_line_head_needs_proof_to_be_a_surname() -> None:
    learned = DET.with_learned_names({"wendolin": PAT})  # a name, but on no given-name list
    plain = "Zirbleitner, Wendolin kommt morgen."
    assert {plain[s.start : s.end] for s in learned.detect(plain).spans} == {"Wendolin"}
    listed = "Zirbleitner, Theresa kommt morgen."  # a listed given name is proof enough
    assert {listed[s.start : s.end] for s in DET.detect(listed).spans} == {"Zirbleitner", "Theresa"}


def test_a_given_name_one_letter_from_a_frequent_word_is_a_name_after_a_relative_noun() -> None:
    assert set(masked(f"Tochter {near_common('Kellar')} kommt um 15 Uhr.")) == {"Kellar"}
    assert masked("Tochter Besuch morgen.") == {}  # an ordinary word there is no name


@pytest.mark.parametrize(
    ("text", "particle"),
    [
        ("Schmerzen unverändert, van der Zirbleitner schläft schlecht.", "van der"),
        ("von Zirbleitner ruft morgen zurück.", "von"),
        ("Befund an di Zirbleitner weitergeleitet.", "di"),
        ("Theresa von Zirbleitner kam zur Kontrolle.", "von"),
    ],
)
def test_particles_before_a_name_are_masked_with_it(text: str, particle: str) -> None:
    learned = DET.with_learned_names({"zirbleitner": PAT})
    spans = {text[s.start : s.end] for s in learned.detect(text).spans}
    assert set(particle.split()) | {"Zirbleitner"} <= spans


@pytest.mark.parametrize("text", ["Anruf von Zirbleitner erhalten.", "Gestern kam der Zirbleitner."])
def test_a_preposition_or_an_article_before_a_name_stays(text: str) -> None:
    learned = DET.with_learned_names({"zirbleitner": PAT})
    assert {text[s.start : s.end] for s in learned.detect(text).spans} == {"Zirbleitner"}
