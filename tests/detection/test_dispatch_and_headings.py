"""A dispatch's place, a heading's place and a study's codes (issue 17, eighteenth round): a
town after "Alarmierung für" (and after "Alarmierung nach" before more words); a town as the
heading of a homecoming or a move ("Zirbl: Rückkehr in die eigene Wohnung"); a rescue service's
area before its colon ("NEF-Bereich: Zirbl"), but no body region's finding; a stay's base
("Standquartier Zirbl"); a unique
identifier's keyword ("Studien-UID") and codes of capitals and hyphen-joined groups with two
digits after a number's keyword; a municipality's abbreviation ("Gem. Zirbl", "Gde. Zirbl"), a
bed's assignment in a table's cell ("Belegung | K-12") and a ward's letter that is an umlaut
("Hausteil Ü-12"). Each rule on invented examples, with the ordinary text it must
leave.

All names and towns are invented (checked against the bundled lists below).
"""

from __future__ import annotations

import pytest
from invented import assert_in_no_list, masked, typed

INVENTED = ("Quastlmirz", "Pfrimmel", "Sarnitz", "Zellbrunnau")


def test_the_invented_words_are_in_no_list() -> None:
    assert_in_no_list(INVENTED)


# --- a dispatch's place ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "places"),
    [
        ("Alarmierung für Quastlmirz, Stichwort Sturz.", ["Quastlmirz"]),
        ("22:14 Alarmierung für Sarnitz am See, Stichwort Atemnot.", ["Sarnitz am See"]),
        ("Nachalarmierung für Pfrimmel, Stichwort Brand.", ["Pfrimmel"]),
        ("Alarmierung nach Pfrimmel wegen Sturz.", ["Pfrimmel"]),
        ("Einsatzfahrt nach Quastlmirz wegen Atemnot.", ["Quastlmirz"]),
    ],
)
def test_the_place_of_a_dispatch_is_masked(text: str, places: list[str]) -> None:
    assert typed(text) == [(place, "LOC") for place in places]


@pytest.mark.parametrize(
    "text",
    [
        "Alarmierung für Notarzt und RTW.",
        "Eine Alarmierung für Bergrettung erfolgte.",
        "Alarmierung für Reanimation, Stichwort Kreislaufstillstand.",
        # "für" alone names no place
        "Danke für Quastlmirz.",
    ],
)
def test_who_or_what_a_dispatch_is_for_stays(text: str) -> None:
    assert masked(text) == []


# --- a heading's place -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Quastlmirz: Rückkehr in die eigene Wohnung mit Unterstützung.", "Quastlmirz"),
        ("Telefonat mit der Tochter. Pfrimmel: Rückkehr in die eigene Wohnung.", "Pfrimmel"),
        ("Bad Sarnitz: Übersiedlung ins Heim geplant.", "Bad Sarnitz"),
        ("Zellbrunnau: Heimreise am Freitag.", "Zellbrunnau"),
        ("Quastlmirz Süd: Umzug im Mai.", "Quastlmirz Süd"),
    ],
)
def test_a_town_heading_a_homecoming_is_masked(text: str, place: str) -> None:
    assert typed(text) == [(place, "LOC")]


@pytest.mark.parametrize(
    "text",
    [
        "Procedere: Rückkehr in die eigene Wohnung.",
        "Plan: Rückkehr nach Hause.",
        "Empfehlung: Heimreise morgen.",
        "Ziel: Umzug ins Pflegeheim.",
        "Mobilisation: Rückkehr in die Wohnung.",
        # a homecoming's noun names no place after it, nor one not before a colon
        "Rückkehr Quastlmirz.",
        "Quastlmirz Rückkehr morgen.",
    ],
)
def test_a_clinical_heading_of_a_homecoming_stays(text: str) -> None:
    assert masked(text) == []


# --- a stay's base -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Reiseanamnese: Wanderwoche mit Standquartier Quastlmirz, keine Fernreisen.", "Quastlmirz"),
        ("Wanderwoche mit Standquartier Sarnitz am See, keine Fernreisen.", "Sarnitz am See"),
        ("Das Winterquartier Pfrimmel.", "Pfrimmel"),
    ],
)
def test_the_place_of_a_stays_base_is_masked(text: str, place: str) -> None:
    assert typed(text) == [(place, "LOC")]


@pytest.mark.parametrize("text", ["Ausweichquartier Turnhalle.", "Notquartier Schule."])
def test_a_base_that_is_a_building_stays(text: str) -> None:
    assert masked(text) == []


# --- a rescue service's area -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("NEF-Bereich: Quastlmirz.", "Quastlmirz"),
        ("NEF-Bereich: Sarnitz am See.", "Sarnitz am See"),
        ("RTW-Bereich Pfrimmel.", "Pfrimmel"),
        ("Einsatzbereich: Zellbrunnau.", "Zellbrunnau"),
    ],
)
def test_the_place_of_a_service_area_is_masked(text: str, place: str) -> None:
    assert typed(text) == [(place, "LOC")]


@pytest.mark.parametrize(
    "text",
    [
        "Beschwerden im LWS-Bereich Druckschmerz.",
        "Befund LWS-Bereich: Druckschmerz.",
        "Im HWS-Bereich Blockade.",
        "Schulterbereich: Hämatom.",
        "Im Lendenbereich Druckschmerz.",
        "Im Knöchelbereich Schwellung.",
        "Bereich: Innere Medizin.",
        # an area's head names a place only before its colon
        "Versorgungsbereich Quastlmirz.",
    ],
)
def test_a_body_region_and_its_finding_stay(text: str) -> None:
    assert masked(text) == []


# --- a study's codes ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Protokoll angelegt unter Studien-UID Q-XR-41.", "Q-XR-41"),
        ("Unser Zeichen – Studien-UID: K-TB-07.", "K-TB-07"),
        ("Studien-ID: Q-XR-41.", "Q-XR-41"),
        ("Bett-Nr. K-12 am Fenster.", "K-12"),
    ],
)
def test_a_hyphen_joined_code_after_its_keyword_is_masked(text: str, code: str) -> None:
    assert masked(text) == [code]


@pytest.mark.parametrize(
    "text",
    [
        "Die Studien-UID wurde vergeben.",
        "Studien-ID: CT-2.",
        "Staging: T-2-N1.",
        "Code: A-1-2.",
    ],
)
def test_one_digit_or_a_bare_label_is_no_code(text: str) -> None:
    assert masked(text) == []


# --- a municipality's abbreviation -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Befunde bitte an den Zweitwohnsitz, Gem. Quastlmirz.", "Quastlmirz"),
        ("Befunde an den Zweitwohnsitz, gem. Pfrimmel. Rückmeldung an die Tochter.", "Pfrimmel"),
        ("Gde. Sarnitz.", "Sarnitz"),
    ],
)
def test_a_town_after_a_municipality_abbreviation_is_masked(text: str, place: str) -> None:
    assert typed(text) == [(place, "LOC")]


@pytest.mark.parametrize(
    "text",
    [
        # "gem." is also "gemäß"
        "Weiter gem. Leitlinie.",
        "Gem. Absprache weiter.",
        "Therapie gem. Schema.",
        "Dosierung gem. Fachinfo.",
        "gem. ESC-Leitlinie.",
        "gem. Befundbericht weiter.",
        "gem. Angaben der Tochter.",
        "gem. Herzkatheterbefund.",
    ],
)
def test_what_a_note_follows_stays(text: str) -> None:
    assert masked(text) == []


# --- a bed's and a ward's codes ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Belegung | K-12.", "K-12"),
        ("Belegung: K-12.", "K-12"),
        ("| Station | 3B |", "3B"),
        ("Rückkehr in den Hausteil Ü-12 des Heims.", "Ü-12"),
        ("Liegeplatz ZNA: Ü-12.", "Ü-12"),
        ("Übergabe an Station Ö-3 erfolgt.", "Ö-3"),
    ],
)
def test_a_bed_or_ward_code_is_masked(text: str, code: str) -> None:
    assert masked(text) == [code]


@pytest.mark.parametrize(
    "text",
    [
        "Belegung 3 Betten.",
        "Belegung 80 Prozent.",
        "Belegung | 12.",
        "Station Übelkeit-2.",
    ],
)
def test_a_count_is_no_bed_code(text: str) -> None:
    assert masked(text) == []
