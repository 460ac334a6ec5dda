"""Places, sites, practices, addresses and titles as letters of the kind of the dev set write them
(issue 17, sixth round): each rule on invented examples, with the ordinary text it must leave.

All names, towns and streets are invented (checked against the bundled lists below).
"""

from __future__ import annotations

from functools import partial

import pytest
from invented import DEFAULT_DETECTOR, assert_in_no_list
from invented import typed as typed_by

# These rules run with the default types (no ID).
typed = partial(typed_by, detector=DEFAULT_DETECTOR)
INVENTED = ("Quarnitz", "Velmshof", "Tresniach", "Quelmerstein", "Zirbenau", "Quelmerau", "Pazelstein")


def test_the_invented_words_are_in_no_list() -> None:
    assert_in_no_list(INVENTED)


# --- places ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Zugewiesen vom Gemeindearzt, Sprengel Quarnitz.", "Quarnitz"),  # a noun of a place's kind
        ("Er hält sich derzeit am Zweitwohnsitz Velmshof auf.", "Velmshof"),
        ("Beschwerdebeginn im Urlaub, Urlaubsort Tresniach.", "Tresniach"),  # "<kind>ort" without colon
        ("Geb.-Ort: Quarnitz", "Quarnitz"),  # an abbreviated label
        ("Unfall auf der Landesstraße in Nähe Pazelstein.", "Pazelstein"),  # "Nähe" without "von"
        ("Patientin, wohnhaft: Velmshof", "Velmshof"),  # a residence cue with its colon
        ("Unfall in: Tresniach\nZeit: 14:00", "Tresniach"),  # a form's label ending in its preposition
        ("Zugewiesen aus: Quarnitz\nDiagnose: Sturz", "Quarnitz"),
    ],
)
def test_a_place_after_a_noun_of_its_kind_a_label_or_nearness(text: str, place: str) -> None:
    assert (place, "LOC") in typed(text)


@pytest.mark.parametrize(
    "text",
    [
        "Urlaubsort unbekannt, Rückkehr geplant.",  # no name after the noun
        "Der Sprengel Arzt kam.",  # an ordinary word after it
        "In Nähe Bahnhof gestürzt.",
        "Versichert bei: ÖGK",  # an acronym after a form's preposition
    ],
)
def test_ordinary_words_after_place_nouns_labels_and_nearness_stay(text: str) -> None:
    assert [t for t in typed(text) if t[1] == "LOC"] == []


# --- sites -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "site"),
    [
        ("Zuletzt stationär im Ev. Krankenhaus Zirbenau im Oktober.", "Ev. Krankenhaus Zirbenau"),
        (
            "Transferierung zum Pflege- und Betreuungszentrum Quelmerau zur Untersuchung.",
            "Pflege- und Betreuungszentrum Quelmerau",
        ),  # the first part of a coordinated compound
        ("An\nSeniorenwohnheim Quelmerau\nHauptstraße 4", "Seniorenwohnheim Quelmerau"),  # a care home
        (
            "Telekonsil mit der Sonderkrankenanstalt für Rehabilitation Velmshof, siehe unten.",
            "Sonderkrankenanstalt für Rehabilitation Velmshof",
        ),
        (
            "Befundkopie an: KH DER BARMHERZIGEN SCHWESTERN VELMSHOF AM QUARNITZ. Telefon folgt.",
            "KH DER BARMHERZIGEN SCHWESTERN VELMSHOF AM QUARNITZ",
        ),  # an order and its town's tail in capitals
        (
            "Befundkopie an: Elisabethinen-Krankenhaus Quelmerau\nSohn holt ab.",
            "Elisabethinen-Krankenhaus Quelmerau",
        ),
        (
            "Laborbefunde vom Allgemeinen öffentlichen Krankenhaus Windisch Zirbenau vom Vortag.",
            "Allgemeinen öffentlichen Krankenhaus Windisch Zirbenau",
        ),  # a known town that is the first word of longer ones
        (
            "Vom Ev. Krankenhaus Zirbenau am Quelmerberg zugewiesen.",
            "Ev. Krankenhaus Zirbenau am Quelmerberg",
        ),
        ("Verlegt aus dem Klinikum Velmshof a. d. Tresniach gestern.", "Klinikum Velmshof a. d. Tresniach"),
        ("Verlegt vom LKH-Universitätsklinikum Velmshof gestern.", "LKH-Universitätsklinikum Velmshof"),
        ("Verlegt vom PVA-Rehabilitationszentrum Velmshof gestern.", "PVA-Rehabilitationszentrum Velmshof"),
        ("Im A.ö. KH-Velmshof aufgenommen.", "A.ö. KH-Velmshof"),
        ("Verlegt aus dem Pyhrn-Velms Klinikum Tresniach.", "Pyhrn-Velms Klinikum Tresniach"),
        ("Verlegt aus dem Quelmerstein Klinikum.", "Quelmerstein Klinikum"),  # a name before, none after
        ("Befund an: Dialyseinstitut Velmshof", "Dialyseinstitut Velmshof"),
        ("Befund an: Apotheke Velmshof", "Apotheke Velmshof"),
    ],
)
def test_a_site_is_masked_whole(text: str, site: str) -> None:
    assert (site, "SIT") in typed(text)


@pytest.mark.parametrize(
    ("text", "site"),
    [
        ("Kontrolle in der Praxis Koch in zwei Wochen.", "Praxis Koch"),  # a listed surname, a word too
        ("Überweisung von der Ordination Bauer erhalten.", "Ordination Bauer"),
        ("Kontrolle in der Hausarztpraxis Fischer.", "Hausarztpraxis Fischer"),
        ("Befund an: Labor Dr. Quelmerstein", "Labor Dr. Quelmerstein"),  # a service before its doctors
        ("Probe aus dem Labor Dr. med. Koch erhalten.", "Labor Dr. med. Koch"),
    ],
)
def test_a_practice_named_after_its_doctor_is_masked_whole(text: str, site: str) -> None:
    assert (site, "SIT") in typed(text)


@pytest.mark.parametrize(
    "text",
    [
        "Er wohnt im Eigenheim im Grünen.",
        "Rezept in der Apotheke abholen.",
        "Kontrolle in der Praxis Morgen in zwei Wochen.",  # no listed name after the practice
        "Labor unauffällig, Befund folgt.",  # a service without its doctors
        "Im MRT Klinikum durchgeführt.",  # an acronym before a site word
    ],
)
def test_ordinary_words_around_site_words_name_no_site(text: str) -> None:
    assert [t for t in typed(text) if t[1] == "SIT"] == []


def test_a_weekday_after_am_is_no_tail_of_a_sites_town() -> None:
    assert ("Klinikum Zirbenau", "SIT") in typed("Im Klinikum Zirbenau am Montag aufgenommen.")


def test_a_name_after_a_form_of_address_is_no_brand_before_a_site_word() -> None:
    assert ("Quelmerstein", "PAT") in typed("Frau Quelmerstein Klinikum angerufen.")


# --- addresses and titles --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("Wohnhaft Hauptstraße 12/Haus 3/Top 7, 4020 Linz.", "Hauptstraße 12/Haus 3/Top 7"),
        ("Sohn wohnt in der Quelmergasse 12/Bauteil 3/Tür 7, 4020 Linz.", "Quelmergasse 12/Bauteil 3/Tür 7"),
        ("Wohnhaft Hauptstraße 4/Hinterhaus 2, 4020 Linz.", "Hauptstraße 4/Hinterhaus 2"),  # any part
    ],
)
def test_the_parts_of_a_house_after_a_slash_belong_to_the_address(text: str, address: str) -> None:
    assert (address, "ADD") in typed(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Zuweiser:\nDR. MED. UNIV. QUELMERSTEIN\nAbteilung für Innere Medizin", "QUELMERSTEIN"),
        ("Die weitere Betreuung erfolgt bei DR. MED. QUELMERSTEIN.", "QUELMERSTEIN"),
        ("Befund an FRAU DR. QUELMERSTEIN.", "QUELMERSTEIN"),
    ],
)
def test_titles_in_capitals_name_a_health_professional(text: str, name: str) -> None:
    assert (name, "HCP") in typed(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Befund von der Frauenärztin Quelmerstein erhalten.", "Quelmerstein"),
        ("Der Kinderarzt Quelmerstein hat überwiesen.", "Quelmerstein"),
        ("Die Neurologin Frau Quelmerstein war da.", "Quelmerstein"),
    ],
)
def test_a_specialists_role_word_names_a_health_professional(text: str, name: str) -> None:
    assert (name, "HCP") in typed(text)


@pytest.mark.parametrize(
    "text",
    ["Notarzt Transport organisiert.", "Der Radiologe Befund liegt vor.", "Zahnarzt Termin am Montag."],
)
def test_an_ordinary_word_after_a_role_word_stays(text: str) -> None:
    assert typed(text) == []
