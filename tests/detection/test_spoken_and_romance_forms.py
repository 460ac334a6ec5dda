"""Titles and forms of address written without their full stop, dictation's spoken comma, and the
Italian and French forms of South Tyrol and Romandy (issue 17, tenth round): each rule on invented
examples, with the ordinary text it must leave.

All names, towns and streets are invented (checked against the bundled lists below).
"""

from __future__ import annotations

from functools import partial

import pytest
from invented import DEFAULT_DETECTOR, assert_in_no_list
from invented import typed as typed_by

# These rules run with the default types (no ID).
typed = partial(typed_by, detector=DEFAULT_DETECTOR)
INVENTED = ("Quelmerstein", "Velmshof", "Quarnitz", "Zirbenau", "Tresniach")


def test_the_invented_words_are_in_no_list() -> None:
    assert_in_no_list(INVENTED)


# --- titles and forms of address without a full stop ------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Dr Quelmerstein hat den Patienten gesehen.",
        "Befund an Prof Quelmerstein geschickt.",
        "Rücksprache mit DDr Quelmerstein.",
        "Cabinet: Dr Quelmerstein",
        "dott. Quelmerstein ha visitato il paziente.",
        "Controllo dalla Dott.ssa Quelmerstein.",
    ],
)
def test_a_title_without_its_full_stop_names_a_health_professional(text: str) -> None:
    assert ("Quelmerstein", "HCP") in typed(text)


@pytest.mark.parametrize(
    "text",
    [
        "Hr Quelmerstein kommt morgen zur Kontrolle.",
        "Fr Quelmerstein hat angerufen.",
        "La Sig.ra Quelmerstein è venuta.",
        "Signor Quelmerstein ha chiamato.",
        "Madame Quelmerstein est venue.",
        "Monsieur Quelmerstein a appelé.",
    ],
)
def test_a_form_of_address_without_its_full_stop_or_in_italian_or_french_names_a_person(text: str) -> None:
    assert ("Quelmerstein", "PAT") in typed(text)


@pytest.mark.parametrize(
    "text",
    [
        "Sprechstunde Mo-Fr 8-12 Uhr.",
        "Fr Vormittag Visite, Sa frei.",  # "Fr" the weekday before an ordinary word
        "Termin Fr 14 Uhr.",
        "Mag sein, dass es besser wird.",
        "Dr Befund folgt.",
    ],
)
def test_a_weekday_or_a_verb_shaped_as_an_undotted_title_stays(text: str) -> None:
    assert typed(text) == []


# --- dictation's spoken comma ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "street", "place"),
    [
        ("Wohnhaft Zirbenweg 14 Komma 4521 Quarnitz Punkt", "Zirbenweg 14", "Quarnitz"),
        ("Adresse Velmsgasse 3 Beistrich 4521 Quarnitz Komma Telefon folgt", "Velmsgasse 3", "Quarnitz"),
    ],
)
def test_a_spoken_comma_joins_a_street_to_its_postcode_and_place(text: str, street: str, place: str) -> None:
    found = typed(text)
    assert (street, "ADD") in found and ("4521", "ZIP") in found
    assert any(value == place for value, _ in found)  # the spoken mark after it is no part of it


@pytest.mark.parametrize(
    ("text", "street"),
    [
        # a street no street word marks, after a spoken colon or comma, before a spoken comma
        ("Adresse Doppelpunkt Tresniach 12 Komma 4521 Quarnitz", "Tresniach 12"),
        (
            "Adresse Doppelpunkt Tresniach 12/Stiege 3/Tür 4 Komma 4521 Quarnitz",
            "Tresniach 12/Stiege 3/Tür 4",
        ),
        ("wohnhaft Komma Tresniach 12 Komma 4521 Quarnitz", "Tresniach 12"),
        # "whft.", wohnhaft's abbreviation
        ("geb. 12.03.61 whft. Tresniach 12, 4521 Quarnitz", "Tresniach 12"),
    ],
)
def test_a_hamlets_address_after_spoken_marks_or_whft(text: str, street: str) -> None:
    found = typed(text)
    assert (street, "ADD") in found and ("4521", "ZIP") in found


@pytest.mark.parametrize(
    "text",
    ["Dosis Komma Ramipril 5 Komma 2500 Einheiten", "Befund Komma Seite 2 Komma 1998 Herzinfarkt"],
)
def test_a_dose_or_a_page_between_spoken_commas_is_no_address(text: str) -> None:
    assert typed(text) == []


# --- Italian and French sites ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "site"),
    [
        ("Studio medico dott. Quelmerstein, via Bassa 4", "Studio medico dott. Quelmerstein"),
        ("Visita presso lo Studio dentistico Dr. Quelmerstein.", "Studio dentistico Dr. Quelmerstein"),
        ("Cabinet médical Dr Quelmerstein, 1200 Genève", "Cabinet médical Dr Quelmerstein"),
        ("Zuweisung durch die Berufsausübungsgemeinschaft Quelmerstein & Velmshof.",
         "Berufsausübungsgemeinschaft Quelmerstein & Velmshof"),
        ("Aufnahme aus dem Ospedale Quarnitz.", "Ospedale Quarnitz"),
        ("Verlegung von der Clinique Zirbenau.", "Clinique Zirbenau"),
        ("Ricovero presso la Clinica Tresniach.", "Clinica Tresniach"),
    ],
)  # fmt: skip
def test_an_italian_or_french_practice_or_hospital_is_masked_whole(text: str, site: str) -> None:
    assert (site, "SIT") in typed(text)


@pytest.mark.parametrize(
    "text",
    [
        "Lo studio medico è chiuso il lunedì.",
        "Studio medico associato, orari di apertura.",
        "Ambulatorio di cardiologia al primo piano.",
        "Praxis in der Nähe, Dr Befund folgt.",
    ],
)
def test_italian_and_french_site_words_without_a_name_stay(text: str) -> None:
    assert [t for t in typed(text) if t[1] == "SIT"] == []
