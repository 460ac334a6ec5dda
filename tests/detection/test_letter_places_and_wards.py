"""Places, wards, sites and house numbers as discharge and referral letters write them (issue 17,
eleventh round): a place label and its copula or the verb of "Als Wohnort gibt er … an", the
points of a transport ("Ausgangspunkt war …"), a word of position or size before a place no list
knows ("Hinter …"), wards named by an area ("Überwachungsbereich B3") or a day clinic, half house
numbers ("12½", "12 1/2") and the plural and regional names of hospital groups. Each rule on
invented examples, with the ordinary text it must leave.

All names, towns and streets are invented (checked against the bundled lists below).
"""

from __future__ import annotations

import pytest
from invented import assert_in_no_list, masked

INVENTED = ("Quelmerstein", "Quelmbichl", "Quarnitz", "Velmshof", "Zirpenau")


def test_the_invented_words_are_in_no_list() -> None:
    assert_in_no_list(INVENTED)


# --- a place label and its verb ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Letzter Aufenthaltsort war Quarnitz, danach Umzug ins Heim.",
        "Der bisherige Arbeitsort war Quarnitz.",
        "Der Unfallort ist Quarnitz.",
        "Als Herkunftsort gibt er Quarnitz an.",
        "Als Wohnort nennt sie Quarnitz.",
        "Als Geburtsort wird Quarnitz angegeben.",
        "Als Urlaubsort hatte sie Quarnitz gewählt.",
    ],
)
def test_a_place_after_its_label_and_verb(text: str) -> None:
    assert masked(text) == ["Quarnitz"]


@pytest.mark.parametrize(
    "text",
    [
        "Der Unfallort war laut Polizei unklar.",
        "Der Einsatzort war Küche und Flur.",
        "Als Wohnort gibt er seit Jahren eine WG an.",
        "Als Arbeitsort gibt sie die Firma an.",
        "Sterbeort unbekannt Uhrzeit: 14:00",
    ],
)
def test_a_label_before_ordinary_words_masks_nothing(text: str) -> None:
    assert masked(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Ausgangspunkt war Quarnitz, der Transport dauerte 40 Minuten.",
        "Treffpunkt: Quarnitz, Parkplatz.",
        "Übergabepunkt Quarnitz an den Notarzt.",
        "Zielpunkt war Quarnitz.",
    ],
)
def test_a_place_after_a_point_of_a_transport(text: str) -> None:
    assert masked(text) == ["Quarnitz"]


@pytest.mark.parametrize(
    "text",
    [
        "Primärer Endpunkt war Mortalität.",
        "Der Endpunkt war erreicht.",
        "Ausgangspunkt war Magen.",
        "Der Ausgangspunkt der Blutung war unklar.",
    ],
)
def test_a_point_before_ordinary_words_masks_nothing(text: str) -> None:
    assert masked(text) == []


@pytest.mark.parametrize("prefix", ["Hinter", "Inner", "Außer", "Mittel", "West", "Lange", "Hoch"])
def test_a_word_of_position_or_size_opens_the_place(prefix: str) -> None:
    """Masked whole: "Hinter [LOC]" would leave half of the place beside its pseudonym."""
    assert masked(f"Die Tochter wohnt in {prefix} Quarnitz.") == [f"{prefix} Quarnitz"]


def test_a_word_of_position_before_an_ordinary_word_masks_nothing() -> None:
    assert masked("Schmerzen in Hoch Form, sonst wohlauf.") == []


# --- wards ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Die Patientin wurde im Überwachungsbereich B3 Nord betreut.", "B3 Nord"),
        ("Verlegung in den Monitorbereich 4C zur Überwachung.", "4C"),
        ("Er lag im Bettenbereich A-12.", "A-12"),
        ("Betreuung in der interdisziplinären Tagesklinik 3B.", "3B"),
        ("Aufnahme in der Schmerztagesklinik 2.", "2"),
        ("Er liegt im Obergeschoss C-2.", "C-2"),
        ("Aufnahme auf die Jugendwohngruppe KB 3.", "KB 3"),
        ("Sie lebt im Wohnbereich Ch3 des Hauses.", "Ch3"),
    ],
)
def test_a_ward_named_by_an_area_or_a_day_clinic(text: str, code: str) -> None:
    assert masked(text) == [code]


@pytest.mark.parametrize(
    "text",
    [
        "INR im Zielbereich 2-3.",
        "Im Normbereich 4 Werte.",
        "Im Referenzbereich 12 mg.",
        "Schmerzen im Lendenwirbelbereich L4.",
        "Schmerzen im Lendenbereich 3 Tage.",
        "Die Tagesklinik 3 Tage pro Woche.",
        "Blutgruppe A positiv, Rhesus positiv.",
        "Altersgruppe 3 bis 5 Jahre.",
        "Risikogruppe 2 laut Score.",
        "Kontrollgruppe B mit Placebo.",
        "Das Erdgeschoss 3 Stufen hoch.",
    ],
)
def test_a_range_a_body_part_or_a_count_is_no_ward(text: str) -> None:
    assert masked(text) == []


# --- house numbers and hospital groups ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "street"),
    [
        ("Adresse: Quelmbichl 12½, 6020 Quarnitz", "Quelmbichl 12½"),
        ("wohnhaft Velmshofgasse 3 1/2, 4020 Quarnitz", "Velmshofgasse 3 1/2"),
        ("Zirpenaustraße 4¼, 80331 Quarnitz", "Zirpenaustraße 4¼"),
    ],
)
def test_a_half_house_number_is_part_of_the_street(text: str, street: str) -> None:
    found = masked(text)
    assert street in found and "Quarnitz" in found


@pytest.mark.parametrize(
    ("text", "street"),
    [
        ("Anschrift: Am oberen Quelmbichl 12, 6020 Quarnitz", "Am oberen Quelmbichl 12"),
        ("Anschrift: An der alten Quelmbichl 12, 6020 Quarnitz", "An der alten Quelmbichl 12"),
        ("Pat. wohnh. Quelmbichl 12, 6020 Quarnitz", "Quelmbichl 12"),
    ],
)
def test_a_street_with_an_adjective_or_after_an_abbreviated_cue(text: str, street: str) -> None:
    """Whole: the street's words stand before a postcode, not a place named by the residence cue."""
    assert masked(text) == [street, "6020", "Quarnitz"]


def test_a_half_tablet_is_no_house_number() -> None:
    assert masked("Sie nimmt 1/2 Tablette am Abend.") == []


@pytest.mark.parametrize(
    ("text", "site"),
    [
        ("Zuweisung durch die Spitalregion Quarnitz-Zirpenau.", "Spitalregion Quarnitz-Zirpenau"),
        ("Weiterbehandlung in den Spitälern Quarnitz.", "Spitälern Quarnitz"),
        ("Die Spitäler Quarnitz haben den Bericht gesandt.", "Spitäler Quarnitz"),
        ("Verlegung in die Krankenhäuser Quarnitz.", "Krankenhäuser Quarnitz"),
    ],
)
def test_a_hospital_group_and_its_town(text: str, site: str) -> None:
    assert masked(text) == [site]


def test_hospitals_in_the_plural_alone_mask_nothing() -> None:
    assert masked("Die Spitäler waren im Winter voll.") == []
