"""Addresses, sites, wards, identifiers and places as registration systems, rescue services, care
homes and hospital IT write them (issue 17, tenth round): three-letter country codes, a flat in
brackets, an export's field separators (tabs, semicolons, "^^", "//", ">>"), HTML and XML lines,
"c/o", and the institution words of rescue services, care and Swiss usage. Each rule on invented
examples, with the ordinary text it must leave.

All names, towns and streets are invented (checked against the bundled lists below).
"""

from __future__ import annotations

import pytest
from invented import assert_in_no_list, masked, typed

from deid_cli.detection.text import prepare

INVENTED = ("Quelmerstein", "Quelmbichl", "Quarnitz", "Hinterquarn", "Velmshof", "Vendral", "Pirkum")


def test_the_invented_words_are_in_no_list() -> None:
    assert_in_no_list(INVENTED)


# --- postcodes and addresses -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Adresse: Quelmbichl 12, CHE-4521 Quarnitz", "CHE-4521"),
        ("wohnhaft in AUT-4521 Quarnitz", "AUT-4521"),
        ("PLZ/Ort: DEU-80331 Quarnitz", "DEU-80331"),
        ("Quelmbichl 12, LIE-9491 Quarnitz", "LIE-9491"),
    ],
)
def test_a_three_letter_country_code_before_a_postcode(text: str, code: str) -> None:
    found = typed(text)
    assert (code, "ZIP") in found and any(value == "Quarnitz" for value, _ in found)


def test_three_capitals_and_a_number_without_a_place_stay() -> None:
    assert masked("Dosis ITA 1200 Einheiten") == []


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("Wohnhaft Quelmbichl 12 (EG), 4521 Quarnitz.", "Quelmbichl 12 (EG)"),
        ("Einsatzort: Quelmbichl 12 (Top 3), 4521 Quarnitz", "Quelmbichl 12 (Top 3)"),
        ("Adresse: Quelmbichl 12 Hinterhaus, 4521 Quarnitz", "Quelmbichl 12 Hinterhaus"),
        ("Wohnhaft Quelmbichl 12, 4521 Quarnitz.", "Quelmbichl 12"),  # the cue is no part of it
    ],
)
def test_a_flat_in_brackets_or_a_part_of_the_house_belongs_to_the_address(text: str, address: str) -> None:
    assert (address, "ADD") in typed(text)


@pytest.mark.parametrize(
    "text",
    [
        "Quelmbichl 12^^4521 Quarnitz",
        "Quelmbichl 12\t4521 Quarnitz",
        "Quelmbichl 12 // 4521 Quarnitz",
        "Quelmbichl 12;4521 Quarnitz;Telefon folgt",
    ],
)
def test_an_exports_field_separator_between_street_and_postcode(text: str) -> None:
    found = typed(text)
    assert ("Quelmbichl 12", "ADD") in found and ("4521", "ZIP") in found


@pytest.mark.parametrize(
    "text",
    ["Leukozyten 12\t4500 Zellen", "Dosis 12\t1000 Einheiten am Morgen", "Termin 12^^1000 Mal"],
)
def test_a_measurement_before_a_separator_is_no_address(text: str) -> None:
    assert masked(text) == []


@pytest.mark.parametrize("text", ["Strasse\tQuelmbichl 12\nPLZ Ort\t4521 Quarnitz", "Strasse  Quelmbichl 12"])
def test_a_street_label_in_a_forms_column(text: str) -> None:
    assert ("Quelmbichl 12", "ADD") in typed(text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("PLZ/Ort:\t4521 Quarnitz Hinterquarn", "Quarnitz Hinterquarn"),
        ("wohnhaft in AUT-4521 Quarnitz Hinterquarn, seit 2010", "Quarnitz Hinterquarn"),
    ],
)
def test_every_word_of_a_place_no_list_knows_after_its_postcode(text: str, place: str) -> None:
    assert place in masked(text)


def test_an_ordinary_word_after_the_place_stays() -> None:
    found = masked("PLZ/Ort: 4521 Quarnitz Telefon folgt")
    assert "Quarnitz" in found and not any("Telefon" in value for value in found)


def test_care_of_names_a_person_and_the_address_after_it() -> None:
    found = typed("c/o Quelmerstein, Quelmbichl 12A, Quarnitz")
    assert ("Quelmerstein", "PAT") in found
    assert any(value.startswith("Quelmbichl 12A") and kind == "ADD" for value, kind in found)


def test_care_of_before_an_ordinary_word_stays() -> None:
    assert masked("Bitte c/o Station senden, Seite 12, danke.") == []


# --- HTML and XML lines ----------------------------------------------------------------------


def test_a_line_break_tag_or_a_closing_tag_ends_a_line_in_the_view() -> None:
    text = "<p>Frau Zirbl</p><br/>"
    view = prepare(text).view
    assert len(view) == len(text)
    assert view == " " * len("<p>") + "Frau Zirbl" + "\n" + " " * len("/p>") + "\n" + " " * len("br/>")


def test_an_inline_tag_stays_a_blank_in_the_view() -> None:
    assert prepare("Frau <b>Zirbl</b> kommt").view == "Frau    Zirbl     kommt"


@pytest.mark.parametrize(
    "text",
    [
        "<p>Frau Jolanda Quelmerstein<br>Quelmbichl 12<br>4521 Quarnitz</p>",
        "<adresse>Quelmbichl 12</adresse><ort>4521 Quarnitz</ort>",
        "<div>Quelmbichl 12</div><div>4521 Quarnitz</div>",
    ],
)
def test_an_address_written_as_html_or_xml_keeps_its_lines(text: str) -> None:
    found = typed(text)
    assert ("Quelmbichl 12", "ADD") in found and ("4521", "ZIP") in found


@pytest.mark.parametrize(
    ("text", "value", "kind"),
    [
        ("<patient><wohnort>Vendral</wohnort></patient>", "Vendral", "LOC"),
        ("<ort>Vendral</ort><plz>4521</plz>", "Vendral", "LOC"),
        ("<WOHNORT>Vendral</WOHNORT>", "Vendral", "LOC"),
        ("<patient><nachname>Pirkum</nachname><vorname>Velmshof</vorname></patient>", "Pirkum", "PAT"),
        ("<patient><nachname>Pirkum</nachname><vorname>Velmshof</vorname></patient>", "Velmshof", "PAT"),
    ],
)
def test_an_xml_fields_element_name_is_its_label(text: str, value: str, kind: str) -> None:
    assert (value, kind) in typed(text)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ('<kennung typ="Mutterpass-Nr.">A 12 3</kennung>', "A 12 3"),
        ("<kennung type='Sitzungs-ID'>12-AB-34</kennung>", "12-AB-34"),
    ],
)
def test_an_xml_fields_kind_attribute_is_its_label(text: str, code: str) -> None:
    assert (code, "ID") in typed(text)


def test_an_html_attribute_labels_nothing() -> None:
    assert masked('<p class="Fall-Nr.">Befund 12 34</p>') == []


@pytest.mark.parametrize(
    "text",
    [
        "<befund>Pneumonie rechts</befund>",
        "<diagnose>Morbus Crohn</diagnose>",
        "<p>Ort</p><div>Vendral</div>",  # HTML's elements label nothing
        "<b>Wohnort</b> <i>unbekannt</i>",
    ],
)
def test_xml_fields_of_ordinary_words_and_htmls_elements_stay(text: str) -> None:
    found = masked(text)
    assert not any(word in found for word in ("Pneumonie", "Morbus", "Crohn", "Vendral", "unbekannt"))


def test_an_xml_fields_label_keeps_the_views_length_and_offsets() -> None:
    text = "<patient><wohnort>Vendral</wohnort></patient>"
    prepared = prepare(text)
    assert len(prepared.view) == len(text)
    assert "Wohnort: Vendral" in prepared.view
    assert prepared.to_original(prepared.view.index("Vendral"), prepared.view.index("Vendral") + 7) == (
        text.index("Vendral"),
        text.index("Vendral") + 7,
    )


# --- a form's leader dots after a postcode's label; a house letter after a blank ----------


@pytest.mark.parametrize(
    ("text", "code", "place"),
    [
        ("PLZ, Wohnort ........... 4521 Vendral", "4521", "Vendral"),
        ("PLZ/Ort …… 4521 Vendral", "4521", "Vendral"),
    ],
)
def test_a_postcodes_label_with_leader_dots_names_the_code_and_its_place(
    text: str, code: str, place: str
) -> None:
    found = typed(text)
    assert (code, "ZIP") in found and (place, "LOC") in found


@pytest.mark.parametrize(
    ("text", "street"),
    [
        ("Adresse: Quelmbichl 12 T, 4521 Quarnitz", "Quelmbichl 12 T"),
        ("Straße/Nr.: Quelmbichl 12 R", "Quelmbichl 12 R"),
    ],
)
def test_a_house_letter_after_a_blank_that_ends_the_address_belongs_to_it(text: str, street: str) -> None:
    assert (street, "ADD") in typed(text)


def test_a_capital_after_a_number_that_is_no_address_stays() -> None:
    assert "12 T" not in " ".join(masked("Station 12 T, Zimmer 3"))
    assert masked("Dosis 12 E, 3x täglich") == []


# --- places in tables, capitals and a place's description ---------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "| Wohnort | Vendral |",
        "Wohnort | Vendral",
        "Ort; Vendral;",
        "WOHNORT: Vendral",
        "WOHNGEMEINDE Vendral",
        "Ortsangabe des Anrufers: Vendral, Bundesstraße km 12",
        "Örtlichkeit: Vendral, Wohnung im 2. Stock",
        "Einsatzörtlichkeit: Vendral, Wohnung im 2. Stock",
        "Herkunft lt. Transportschein: Vendral",
        # a move's label
        "Ziel des geplanten Umzugs: Vendral",
        "Übersiedlung: Vendral",
    ],
)
def test_a_place_label_in_a_table_in_capitals_or_a_places_description(text: str) -> None:
    assert ("Vendral", "LOC") in typed(text)


@pytest.mark.parametrize(
    "text",
    [
        "| Befund | Normal |",
        "| Transport | Liegend |",
        "| Ort | Zuhause |",
        "Herkunft: Unbekannt",
        "Ortsangabe: Unklar",
        "Örtlichkeit: Wohnung im 1. Stock",
        "Ansprechpartner vor Ort; Station",
        "Umzug: Pflegeheim",
        "Umzug: Geplant im Mai",
    ],
)
def test_table_cells_and_labels_of_ordinary_words_stay(text: str) -> None:
    assert masked(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Er ist am Bauhof der Gemeindeverwaltung Vendral beschäftigt.",
        "Die Stadtverwaltung Vendral wurde informiert.",
        "Ortstafel Vendral passiert, dann Richtung Süden.",
        "Am Ortsschild Vendral gestürzt.",
        "Alarmierung der Feuerwehr, Löschzug Vendral.",
        "Sturz auf der Talabfahrt Vendral, Erstversorgung durch die Pistenrettung.",
        "Abholung an der Talstation Vendral.",
    ],
)
def test_a_municipalitys_office_sign_brigade_or_lift_is_named_by_its_town(text: str) -> None:
    assert ("Vendral", "LOC") in typed(text)


@pytest.mark.parametrize(
    "text", ["Ortstafel passiert, dann links.", "Talstation erreicht.", "Löschzug alarmiert."]
)
def test_those_nouns_without_a_name_stay(text: str) -> None:
    assert masked(text) == []


# --- sites -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "site"),
    [
        ("Übergabe an die Rettungswache Quarnitz.", "Rettungswache Quarnitz"),
        ("Transport durch den Notarztstützpunkt Quarnitz.", "Notarztstützpunkt Quarnitz"),
        ("Termin bei der Mütterberatung Quarnitz.", "Mütterberatung Quarnitz"),
        ("Vorstellung in der Permanence Quarnitz.", "Permanence Quarnitz"),
        ("Die Spitex Quarnitz betreut die Patientin.", "Spitex Quarnitz"),
        ("Meldung an den Krankenpflegeverein Quarnitz.", "Krankenpflegeverein Quarnitz"),
        ("Aufnahme über die Notfallambulanz Quarnitz.", "Notfallambulanz Quarnitz"),
        ("Sie wohnt in der Altersresidenz Quarnitz.", "Altersresidenz Quarnitz"),
        ("Beratung im Pflegestützpunkt Quarnitz.", "Pflegestützpunkt Quarnitz"),
    ],
)
def test_a_rescue_service_care_or_advice_house_is_a_site(text: str, site: str) -> None:
    assert (site, "SIT") in typed(text)


@pytest.mark.parametrize(
    "text",
    ["Sitzwache organisiert.", "Die Ambulanz ist geschlossen.", "Ambulanz Termin in 2 Wochen."],
)
def test_site_words_without_a_name_stay(text: str) -> None:
    assert masked(text) == []


def test_a_night_watchs_name_stays_a_person() -> None:
    assert [kind for value, kind in typed("Nachtwache Huber berichtet Unruhe.") if value == "Huber"] != [
        "SIT"
    ]


# --- wards and rooms -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Liegeplatz A-3 zugewiesen.", "A-3"),
        ("Notfallbox B-2 belegt.", "B-2"),
        ("Box 12-B frei.", "12-B"),
        ("Verlegung in die KJP-Wohngruppe 12-B.", "12-B"),
        ("Patient am Überwachungsplatz ÜW 3, stabil.", "ÜW 3"),
    ],
)
def test_a_place_in_a_room_or_a_hyphened_ward_and_its_code(text: str, code: str) -> None:
    assert code in masked(text)


@pytest.mark.parametrize(
    "text",
    [
        "Arbeitsplatz 3 Stunden täglich.",
        "Er belegte Platz 3 im Lauf.",
        "Kühlbox 3 leer.",
        "Vitamin-D 3 Tropfen",
    ],
)
def test_places_and_boxes_that_are_no_room_stay(text: str) -> None:
    assert masked(text) == []


# --- identifiers -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Fall-Nr.;4471203;Quarnitz", "4471203"),
        ("Fall-Nr. >> 12-AB-34", "12-AB-34"),
        ("[Fall-Nr.] 12 34 56 78", "12 34 56 78"),
        ("Pat.-ID^AB-12-34", "AB-12-34"),
        ("Fall-Nr. 12 34-A-56 (intern)", "12 34-A-56"),
    ],
)
def test_an_identifier_after_an_exports_separator_or_in_hyphened_groups(text: str, code: str) -> None:
    assert (code, "ID") in typed(text)


@pytest.mark.parametrize("text", ["Seite 12 34-A", "Befund; 12 Punkte"])
def test_numbers_without_an_identifiers_keyword_stay(text: str) -> None:
    assert masked(text) == []


# --- places ----------------------------------------------------------------------------------


def test_a_place_label_before_an_exports_semicolon() -> None:
    assert ("Quarnitz", "LOC") in typed("Einsatzort;Quarnitz;4521")


def test_an_ordinary_value_after_a_semicolon_stays() -> None:
    assert masked("Befund;Unauffällig") == []
