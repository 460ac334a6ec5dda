"""Letter zones (``detection/grammar/letter_zones.py``): in an address block the addressee,
street, postcode and place are PHI whatever lists know, role lines are not; a subject line names
the patient. Every name and place is invented."""

from __future__ import annotations

import pytest

from deid_cli.detection.detector import Detector
from deid_cli.detection.learning import learn_from
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.detection.spans import ADD, LOC, PAT, ZIP

DET = Detector(build_lexicon(DictionaryOptions()))


def masked(text: str, detector: Detector = DET) -> dict[str, str]:
    return {text[s.start : s.end]: s.type for s in detector.detect(text).spans}


def test_an_address_block_masks_an_addressee_no_list_knows_without_a_salutation() -> None:
    text = "An\nWendolin Zirbleitner\nHauptplatz 12\nA-6342 Quastlmirz\nÖsterreich\n\nSehr geehrter Kollege,"
    found = masked(text)
    assert {"Wendolin", "Zirbleitner"} <= set(found)
    assert found["Hauptplatz 12"] == ADD and found["A-6342"] == ZIP and found["Quastlmirz"] == LOC
    assert "An" not in found and "Österreich" not in found


def test_role_lines_of_an_address_block_stay() -> None:
    text = "Herrn\nDr. med. Lukas Quendelhofer\nFacharzt für Innere Medizin\nKirchgasse 3\n6342 Quastlmirz\n"
    found = masked(text)
    assert {"Lukas", "Quendelhofer"} <= set(found)
    assert not any(word in span for span in found for word in ("Facharzt", "Innere", "Medizin", "Herrn"))


def test_a_history_list_of_years_is_no_address_block() -> None:
    # No street line above: "2015 Appendektomie" is a year and a procedure.
    text = "Vorerkrankungen:\nArterielle Hypertonie\n2015 Appendektomie\n2019 Cholezystektomie\n"
    assert masked(text) == {}


def test_prose_above_a_postcode_line_names_no_addressee() -> None:
    text = (
        "Die Patientin wurde heute in stabilem Allgemeinzustand in häusliche Pflege entlassen.\n"
        "Gartenweg 3\n6342 Quastlmirz\n"
    )
    assert not any(word in masked(text) for word in ("Patientin", "Pflege"))


@pytest.mark.parametrize("label", ["Betr.:", "Betreff:", "Patientin:"])
def test_a_subject_line_names_the_patient(label: str) -> None:
    text = f"{label} Wendolin Zirbleitner, *12.03.1961\n\nSehr geehrte Kollegin,"
    found = masked(text)
    assert found["Wendolin"] == found["Zirbleitner"] == PAT


def test_a_subject_line_of_ordinary_words_stays() -> None:
    assert masked("Betreff: Kontrolle nach Sturz\n") == {}


def test_an_addressee_is_a_name_everywhere_in_the_corpus() -> None:
    notes = [
        "An\nWendolin Zirbleitner\nHauptplatz 12\n6342 Quastlmirz\n",
        "Zirbleitner kam heute zur Kontrolle.",
    ]
    detector = learn_from(DET, notes).detector
    assert "Zirbleitner" in masked(notes[1], detector)


@pytest.mark.parametrize(
    ("line", "names"),
    [
        ("Nachname: Zirbleitner", ["Zirbleitner"]),
        ("Vorname: Wendolin", ["Wendolin"]),
        ("Familienname: Zirbleitner", ["Zirbleitner"]),
        ("Geburtsname: Quastlmair", ["Quastlmair"]),
        ("NACHNAME: Zirbleitner", ["Zirbleitner"]),
        ("Name, Vorname: Zirbleitner, Wendolin", ["Zirbleitner", "Wendolin"]),
    ],
)
def test_a_forms_name_field_names_the_patient(line: str, names: list[str]) -> None:
    found = masked(f"Stammdaten\n{line}\nAufnahme am Vormittag.")
    assert all(found.get(name) == PAT for name in names), found


@pytest.mark.parametrize("label", ["Patient:", "Patientin:", "Name:", "Betr.:"])
def test_a_family_name_before_its_comma_takes_the_given_name_after_it(label: str) -> None:
    # "Family, Given": the whole person is masked, not the family name alone.
    found = masked(f"{label} Zirbleitner, Wendolin, *12.03.1961\n\nBefund:")
    assert found.get("Zirbleitner") == found.get("Wendolin") == PAT


@pytest.mark.parametrize(
    "line", ["Patient: Zirbleitner, Station 3", "Name: Zirbleitner, geb. 12.03.1961", "Vorname: Unbekannt"]
)
def test_ordinary_words_after_a_name_fields_comma_stay(line: str) -> None:
    found = masked(line)
    assert not any(word in found for word in ("Station", "geb.", "Unbekannt"))


@pytest.mark.parametrize(
    "text",
    [
        "Str./Nr.:\tHauptplatz 12\nPLZ/Ort:\t6342 Quastlmirz\n",
        "Wohnadresse (lt. e-card): Hauptplatz 12\nPLZ/Ort: 6342 Quastlmirz\n",
        "<adresse><strasse>Hauptplatz 12</strasse><plzort>6342 Quastlmirz</plzort></adresse>",
    ],
)
def test_a_block_whose_lines_start_with_field_labels_masks_the_values_not_the_labels(text: str) -> None:
    found = masked(text)
    assert found.get("Hauptplatz 12") == ADD and found.get("6342") == ZIP and found.get("Quastlmirz") == LOC
    assert not any(label in span for span in found for label in ("Str.", "Wohnadresse", "PLZ", "Ort"))
