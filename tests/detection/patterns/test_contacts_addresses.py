"""Guarantees of the regex stage (phones, e-mail, URLs, addresses, ZIP codes).

All example data is invented.
"""

from __future__ import annotations

import time
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deid_cli.detection.detector import Detector
from deid_cli.detection.lexicon.lists import load_bundled
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.detection.patterns.regex_stage import RegexStage
from deid_cli.detection.spans import ADD, LOC, MAI, PHO, WEB, ZIP, Span

PLACES = (
    "Innsbruck",
    "Wien",
    "Sankt Johann im Pongau",
    "Frankfurt am Main",
    "Frankfurt (Oder)",
    "Mürzzuschlag",
    "Hall in Tirol",
)
MASKER = {PHO: "RegexPhone", MAI: "RegexEmail", WEB: "RegexWebsite", ZIP: "RegexZIP"}


@pytest.fixture(scope="module")
def stage() -> RegexStage:
    return RegexStage(PLACES)


def found(stage: RegexStage, text: str, kind: str | None = None) -> list[str]:
    """Texts of the spans (optionally of one type), in order."""
    return [text[s.start : s.end] for s in stage.find(text) if kind is None or s.type == kind]


# --- phone numbers ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Rückruf unter 0664/1234567 erbeten.", "0664/1234567"),
        ("Handy 0664 123 45 67", "0664 123 45 67"),
        ("Zentrale +43(0)512/504-12345", "+43(0)512/504-12345"),
        ("mobil +43 664 1234567.", "+43 664 1234567"),
        ("mobil 0043 664 1234567", "0043 664 1234567"),
        ("Ordination 05 1234 5678", "05 1234 5678"),
        ("Klinik: 0512/504-0", "0512/504-0"),
        ("Praxis München 089 12345678", "089 12345678"),
        ("Berlin +49 (0)30 1234567", "+49 (0)30 1234567"),
        ("Sohn 0176-12345678", "0176-12345678"),
        ("Tel. 0512 58 23 41", "0512 58 23 41"),
        ("Tel.:0512 58 23 41, Fax folgt", "0512 58 23 41"),
        ("Tel. (0512) 58 23 41", "(0512) 58 23 41"),
        ("Tel. 0512 58 23 41 2x täglich anrufen", "0512 58 23 41"),
    ],
)
def test_phone_number_formats_are_found_with_exact_span(stage: RegexStage, text: str, expected: str) -> None:
    assert found(stage, text, PHO) == [expected]
    assert all(s.masker == "RegexPhone" for s in stage.find(text) if s.type == PHO)


@pytest.mark.parametrize(
    "text",
    [
        "RR 135/85",
        "RR 135/85 mmHg, HF 72",
        "Sacubitril/Valsartan 49/51 mg 1-0-1",
        "2x 1/2 Tbl. täglich",
        "Aufnahme am 12.03.2023",
        "Kontrolle 12/03/2023",
        "Kontrolle 01/03/2023",
        "seit 03/2023",
        "um 14:30 Uhr, um 08:15",
        "Hb 12,5 g/dl",
        "INR 2,3",
        "Kreatinin 0,95 mg/dl",
        "Gewicht +2 kg in 3 Tagen",
        "72 kg",
        "im Jahr 2023",
        "PLZ-Bereich 6020",
        "Zielbereich 120-140",
        "Besuchszeit 10-12 Uhr",
        "Schema 0-1-0",
        "ICD-10: I25.1, E11.9, Z95.0",
        "IBAN AT61 1904 3002 3457 3201",
        "IBAN DE89 3704 0044 0532 0130 00",
        "Lactat 0123456,7 mmol",
        "Perfusor 0512345 ml",
    ],
)
def test_clinical_numbers_never_become_phone(stage: RegexStage, text: str) -> None:
    assert found(stage, text, PHO) == []


def test_phone_followed_by_unit_drops_trailing_group(stage: RegexStage) -> None:
    assert found(stage, "0664 1234567 5 mg", PHO) == ["0664 1234567"]


def test_phone_before_e_mail_label_is_kept(stage: RegexStage) -> None:
    assert found(stage, "Tel. 0512 58 23 41 E-Mail folgt", PHO) == ["0512 58 23 41"]


# --- e-mail and URLs -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Mail: vorname.nachname@tirol-kliniken.at", "vorname.nachname@tirol-kliniken.at"),
        ("an station.k3@klinik-beispiel.de.", "station.k3@klinik-beispiel.de"),
        ("(herzmobil+team@example.org)", "herzmobil+team@example.org"),
    ],
)
def test_email_is_found_with_exact_span(stage: RegexStage, text: str, expected: str) -> None:
    assert found(stage, text, MAI) == [expected]


def test_email_domain_does_not_also_become_url(stage: RegexStage) -> None:
    text = "Befund an vorname.nachname@tirol-kliniken.at senden."
    spans = stage.find(text)
    assert [(text[s.start : s.end], s.type, s.masker) for s in spans] == [
        ("vorname.nachname@tirol-kliniken.at", MAI, "RegexEmail")
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Info: https://www.tirol-kliniken.at/kardiologie.", "https://www.tirol-kliniken.at/kardiologie"),
        ("siehe www.herzmobil.at, danach", "www.herzmobil.at"),
        ("(siehe herzmobil.at).", "herzmobil.at"),
        ("unter tirol-kliniken.at/kardiologie!", "tirol-kliniken.at/kardiologie"),
        ("Portal gesundheit.gv.at;", "gesundheit.gv.at"),
        ("Uni beispiel.ac.at und", "beispiel.ac.at"),
        ("Verein herzverein.or.at", "herzverein.or.at"),
        ("Shop beispiel.co.at", "beispiel.co.at"),
        ("http://example.com/a?b=1&c=2", "http://example.com/a?b=1&c=2"),
        ("Link (https://example.org/Herz_(Organ)).", "https://example.org/Herz_(Organ)"),
        ("Netz beispiel.net, beispiel.eu, beispiel.info, beispiel.ch", "beispiel.net"),
    ],
)
def test_url_found_without_trailing_punctuation(stage: RegexStage, text: str, expected: str) -> None:
    assert found(stage, text, WEB)[0] == expected


@pytest.mark.parametrize(
    "text", ["z.B. Pat.De", "usw. 12.at", "Dr.med. Beispiel", "ca. 3.5 at", "Größe.at", "a.atrium"]
)
def test_abbreviations_and_numbers_are_not_urls(stage: RegexStage, text: str) -> None:
    assert found(stage, text, WEB) == []


# --- street addresses ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("wohnhaft Dr.-Karl-Renner-Straße 5", "Dr.-Karl-Renner-Straße 5"),
        ("Adresse: Anichstraße 35", "Anichstraße 35"),
        ("wohnt Am Anger 5.", "Am Anger 5"),
        ("Hauptplatz 3, 1. Stock", "Hauptplatz 3, 1. Stock"),  # the floor belongs to the address
        ("Museumstraße 11", "Museumstraße 11"),
        ("Maria-Theresien-Straße 18", "Maria-Theresien-Straße 18"),
        ("Kaiser-Franz-Josef-Str. 5a", "Kaiser-Franz-Josef-Str. 5a"),
        ("Lange Gasse 12/3/4", "Lange Gasse 12/3/4"),
        ("Die Wiener Straße 7 ist gesperrt", "Wiener Straße 7"),
        ("Hauptstraße 12 a", "Hauptstraße 12 a"),
        ("Hauptstraße 12-14", "Hauptstraße 12-14"),
        ("Hauptstraße 12/Top 3", "Hauptstraße 12/Top 3"),
        # a letter after the slash names the house or its door
        ("Quellenweg 14/B, 2. Stock", "Quellenweg 14/B, 2. Stock"),
        ("Zirbelgasse 7/a", "Zirbelgasse 7/a"),
        ("Föhrenring 3/2/C", "Föhrenring 3/2/C"),
        ("Bahnhofstrasse 4", "Bahnhofstrasse 4"),
        ("Rennweg 9", "Rennweg 9"),
        ("Opernring 1", "Opernring 1"),
        ("Mönchsberg 2", "Mönchsberg 2"),
        ("Innsbrucker Str. 21", "Innsbrucker Str. 21"),
        ("Hauptplatz 3 E-Mail folgt", "Hauptplatz 3"),
    ],
)
def test_street_with_house_number_is_address(stage: RegexStage, text: str, expected: str) -> None:
    spans = [s for s in stage.find(text) if s.type == ADD]
    assert [text[s.start : s.end] for s in spans] == [expected]
    assert spans[0].masker == "RegexAddress"


@pytest.mark.parametrize(
    "text",
    [
        "Er geht über die Straße",
        "Spaziergang am Ring",
        "Bergweg spazieren",
        "Innrain 52",
        "Die Straße 5 Minuten entfernt",
        "Langzeit-EKG Monitoring 24 h",
        "Monitoring 24h",
        "Am Morgen 2 Tabletten",
        "Am Tag 3.",
        "Im Jahr 2023.",
        "Auf der Station 3.",
        "Schultergürtel 4/5",
        "Hauptplatz 12.03.2023",
        "Kraftgrad Beckengürtel 4/5.",
        "Hauptstraße",
    ],
)
def test_suffix_words_without_house_number_or_in_clinical_use_are_not_addresses(
    stage: RegexStage, text: str
) -> None:
    assert found(stage, text, ADD) == []


# --- ZIP codes and place names ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "zip_code", "place"),
    [
        ("6020 Innsbruck", "6020", "Innsbruck"),
        ("A-6020 Innsbruck.", "A-6020", "Innsbruck"),
        ("AT-1010 Wien", "AT-1010", "Wien"),
        ("FL-6020 Innsbruck", "FL-6020", "Innsbruck"),  # Liechtenstein's prefix
        ("D-60311 Frankfurt am Main, Hessen", "D-60311", "Frankfurt am Main"),
        ("DE-15230 Frankfurt (Oder).", "DE-15230", "Frankfurt (Oder)"),
        ("5600 Sankt Johann im Pongau, Salzburg", "5600", "Sankt Johann im Pongau"),
        ("8680 Mürzzuschlag", "8680", "Mürzzuschlag"),
        ("8680 Muerzzuschlag", "8680", "Muerzzuschlag"),
        ("6060 Hall in Tirol", "6060", "Hall in Tirol"),
    ],
)
def test_zip_followed_by_known_place_gives_zip_and_place_spans(
    stage: RegexStage, text: str, zip_code: str, place: str
) -> None:
    spans = stage.find(text)
    assert [(text[s.start : s.end], s.type, s.masker) for s in spans] == [
        (zip_code, ZIP, "RegexZIP"),
        (place, ADD, "RegexZIP"),
    ]


def test_longest_place_name_wins() -> None:
    stage = RegexStage(["Frankfurt", "Frankfurt am Main"])
    assert found(stage, "60311 Frankfurt am Main") == ["60311", "Frankfurt am Main"]
    assert found(stage, "60311 Frankfurt, Hessen") == ["60311", "Frankfurt"]


@pytest.mark.parametrize(("text", "expected"), [("PLZ 6020", "6020"), ("PLZ: 6020", "6020")])
def test_zip_after_plz_keyword_is_found_without_place(stage: RegexStage, text: str, expected: str) -> None:
    assert found(stage, text, ZIP) == [expected]


def test_zip_after_postleitzahl_keyword_is_found(stage: RegexStage) -> None:
    assert found(stage, "Postleitzahl 80331", ZIP) == ["80331"]


@pytest.mark.parametrize(
    "text",
    ["4 Tabletten", "1000 mg", "6020", "Code 6020 bitte", "2000 Einheiten Heparin", "6020 innsbruck"],
)
def test_zip_needs_known_place_or_plz_keyword(stage: RegexStage, text: str) -> None:
    assert found(stage, text, ZIP) == []


def test_address_followed_by_zip_and_place_gives_three_spans(stage: RegexStage) -> None:
    text = "wohnhaft Anichstraße 35, 6020 Innsbruck."
    spans = stage.find(text)
    assert [(text[s.start : s.end], s.type, s.masker) for s in spans] == [
        ("Anichstraße 35", ADD, "RegexAddress"),
        ("6020", ZIP, "RegexZIP"),
        ("Innsbruck", ADD, "RegexZIP"),
    ]


def test_empty_place_list_never_matches_zip_without_keyword() -> None:
    assert found(RegexStage(), "6020 Innsbruck") == []


# --- offsets, overlaps, invariants -----------------------------------------------------------


def test_offsets_are_python_string_indices_after_umlauts_and_emoji(stage: RegexStage) -> None:
    text = "Größe 😀🫀 Übergabe: Tel. 0664/1234567, Mail ä.b@x.at? nein: a.b@x.at, Weg: Hauptplatz 3"
    spans = stage.find(text)
    assert [text[s.start : s.end] for s in spans] == ["0664/1234567", "ä.b@x.at", "a.b@x.at", "Hauptplatz 3"]
    assert spans[0].start == text.index("0664")


def test_note_with_every_kind_is_sorted_and_non_overlapping(stage: RegexStage) -> None:
    text = (
        "Kontakt: Frau Beispiel, Lange Gasse 12/3/4, A-1010 Wien, Tel. +43 664 1234567, "
        "Mail: vorname.nachname@tirol-kliniken.at, Info: www.herzmobil.at. RR 135/85 mmHg."
    )
    spans = stage.find(text)
    assert [(text[s.start : s.end], s.type) for s in spans] == [
        ("Lange Gasse 12/3/4", ADD),
        ("A-1010", ZIP),
        ("Wien", ADD),
        ("+43 664 1234567", PHO),
        ("vorname.nachname@tirol-kliniken.at", MAI),
        ("www.herzmobil.at", WEB),
    ]


NOTE = """Pat. am 12.03.2023 um 14:30 aufgenommen. RR 135/85 mmHg, HF 72/min, SpO2 96%.
Entresto 49/51 mg 1-0-1, Bisoprolol 2,5 mg 1/2-0-0. Hb 12,5 g/dl, NT-proBNP 3450 pg/ml, INR 2,3.
Rücksprache mit Dr. Beispiel (Tel. 0512/504-23456). EF 35 %, Gewicht 82,4 kg (+2 kg).
Termin 05/2023, Zimmer 0815, 2023-01-02, 08:00-16:00. Langzeit-EKG-Monitoring 24 h.
Hausarzt: Dr. Muster, Hauptplatz 5, 6060 Hall in Tirol, Tel. 05223 12345, ordination@dr-muster.at
Heparin 5000 IE s.c., 1000 mg Metformin. Mitralklappenring 28 mm. Schultergürtel 4/5. Am Ende 3 Zyklen.
IBAN AT61 1904 3002 3457 3201. ICD I50.13. Sohn +49 176 12345678; Tochter 0699/11 22 33 44.
"""


def test_invented_discharge_note_masks_only_contact_data(stage: RegexStage) -> None:
    assert [(NOTE[s.start : s.end], s.type) for s in stage.find(NOTE)] == [
        ("0512/504-23456", PHO),
        ("Hauptplatz 5", ADD),
        ("6060", ZIP),
        ("Hall in Tirol", ADD),
        ("05223 12345", PHO),
        ("ordination@dr-muster.at", MAI),
        ("+49 176 12345678", PHO),
        ("0699/11 22 33 44", PHO),
    ]


def test_url_beats_phone_inside_it(stage: RegexStage) -> None:
    text = "https://example.org/rueckruf/06641234567"
    assert [(s.type, text[s.start : s.end]) for s in stage.find(text)] == [(WEB, text)]


ALPHABET = "0123456789 +-/().,:@aAeEsSwWtrß äÖü\nPLZhgmx_#?"
# Fragments that start or end entities, so random text often reaches the context rules.
FRAGMENTS = (
    "straße ", "Straße", "Gasse ", "www.", "http://", ".at", ".de", "@", "+43 ", "0664", "(0)",
    "6020 ", "Innsbruck", "Hall in Tirol", "Am ", "Anger ", "PLZ ", "Top ", "AT61 ", "Lange ",
    "Dr.-", "E-Mail", " mg", "Uhr", "12",
)  # fmt: skip
RANDOM_STAGE = RegexStage(["Innsbruck", "Wien", "Hall in Tirol"])


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS) | st.text(alphabet=ALPHABET, max_size=5), max_size=30))
def test_random_text_yields_sorted_disjoint_spans_within_bounds(parts: list[str]) -> None:
    text = "".join(parts)
    spans = RANDOM_STAGE.find(text)
    assert all(isinstance(s, Span) and 0 <= s.start < s.end <= len(text) for s in spans)
    assert all(a.end <= b.start for a, b in pairwise(spans))
    for s in spans:
        allowed = {"RegexAddress", "RegexZIP"} if s.type == ADD else {MASKER[s.type]}
        assert s.masker in allowed


# --- adversarial input -----------------------------------------------------------------------

N = 200_000
ADVERSARIAL = {
    "digits": "0" + "1" * N,
    "zero_space_runs": "01 " * (N // 3),
    "plus_runs": "+1" * (N // 2),
    "slashed_digits": "0664/" * (N // 5),
    "dots": "." * N,
    "letter_dots": "a." * (N // 2),
    "at_signs": "a@" * (N // 2),
    "email_long_local": "a" * N + "@",
    "email_long_domain": "x@" + "a-" * (N // 2),
    "capitalized_words": "Aaaa " * (N // 5),
    "capitalized_words_numbers": "Aaaa 1 " * (N // 7),
    "hyphen_chain": "A-" * (N // 2),
    "hyphen_words": "Aaaa-" * (N // 5),
    "street_words": "Straße " * (N // 7),
    "street_numbers": "Hauptstraße 1/" * (N // 14),
    "long_word": "A" + "a" * N,
    "zip_like": "6020 Aaaa " * (N // 10),
    "www": "www." * (N // 4),
    "schemes": "http://" * (N // 7),
    "parentheses": "(" * N,
    "country_codes": "+43 (0)" * (N // 7),
    "iban_heads": "AT12 " * (N // 5),
    "prepositions": "Am Aaa 1 " * (N // 9),
    "umlaut_words": "Ääää " * (N // 5),
    "address_labels": "Straße/Nr.: Aaaa Aaa-Aaa Aaaa " * (N // 30),
    "label_stems": "Adresse:Straße:" * (N // 15),
    "floors": "Aaaweg 1, 2. OG, EG / 3. Stock" * (N // 30),
    "places_and_streets": "6020 Aaaa, Aaaa Aaaa 1 " * (N // 23),
    "slashed_postcodes": "Aaaweg 1 / 6020 / " * (N // 18),
    # thousands of addresses and postcodes: no overlap test may scan them all for each
    "streets_and_postcodes": "Aaaweg 1, 6020 Innsbruck; " * (N // 26),
    "streets_and_labelled_streets": "Aaaweg 1, Straße: Aaaa 2, " * (N // 26),
}


@pytest.mark.parametrize("kind", sorted(ADVERSARIAL))
def test_adversarial_input_finishes_quickly(stage: RegexStage, kind: str) -> None:
    text = ADVERSARIAL[kind]
    started = time.perf_counter()
    stage.find(text)
    # Linear scans take well under 0.3 s here; the generous bound only catches backtracking.
    assert time.perf_counter() - started < 3.0


@pytest.mark.parametrize(
    "text",
    ["20095 Hamburg", "80331 München", "8001 Zürich", "9490 Vaduz", "1160 Ottakring", "5143 Quick"],
)
def test_the_bundled_gazetteer_knows_the_towns_and_localities_of_four_countries(text: str) -> None:
    # German, Swiss and Liechtenstein towns, a Viennese district, an Austrian hamlet (GeoNames).
    code, place = text.split(" ", 1)
    assert found(RegexStage(load_bundled().places), f"Anschrift: {text}, Tel. folgt") == [code, place]


@pytest.mark.parametrize(
    "address",
    ["jürgen.weiß@spital-nord.at", "ayşe.kılıç@beispiel.com", "info@müller-praxis.de", "o'brien@x.ie",
     "zoë@élan.fr", "marija.kovačević@bolnica.hr"],
)  # fmt: skip
def test_e_mail_addresses_with_letters_of_any_script_are_found_whole(stage: RegexStage, address: str) -> None:
    text = f"Befund an {address}, bitte bestätigen."
    assert found(stage, text) == [address]


@pytest.mark.parametrize(
    ("text", "mail"),
    [
        ("Kontakt: h.quelmer (at) gmx.at", "h.quelmer (at) gmx.at"),
        ("Kontakt: h.quelmer[at]gmx.at", "h.quelmer[at]gmx.at"),
        ("Mail: anna.zirbl{at}aon(dot)at bitte", "anna.zirbl{at}aon(dot)at"),
    ],
)
def test_an_address_written_out_against_spam_is_one_address(stage: RegexStage, text: str, mail: str) -> None:
    # a partial mask would leave the local part, often the person's name, beside the pseudonym
    assert found(stage, text) == [mail]


@pytest.mark.parametrize(
    "text", ["Termin 12.3.@Ambulanz", "Kosten 3@5.00 EUR", "Twitter @klinik", "mail@localhost"]
)
def test_at_signs_that_are_no_address_stay(stage: RegexStage, text: str) -> None:
    assert found(stage, text) == []


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("Anschrift: Oberhofen 23, 6020 Innsbruck", "Oberhofen 23"),
        ("Frau Muster\nDorf 15\n6020 Innsbruck\n", "Dorf 15"),
        ("Zirbenhof 4/2\n6020 Innsbruck", "Zirbenhof 4/2"),
    ],
)
def test_a_hamlet_or_square_with_a_house_number_before_a_postcode_is_an_address(
    stage: RegexStage, text: str, address: str
) -> None:
    # Rural addresses have no street name: the postcode line after them is the evidence.
    assert found(stage, text)[0] == address


@pytest.mark.parametrize("text", ["Seite 2\n6020 Innsbruck", "Kontrolle in 2 Wochen, 6020 Innsbruck"])
def test_a_page_number_or_a_sentence_before_a_postcode_is_no_address(stage: RegexStage, text: str) -> None:
    assert found(stage, text) == ["6020", "Innsbruck"]


def _place_like(word: str, compounds: bool = False) -> bool:
    """A stand-in for the detector's word test: these ordinary words and nouns are no place."""
    return word not in {"Appendektomie", "Einheiten", "Tel", "Diabetes"}


@pytest.mark.parametrize(
    ("text", "zip_code", "place"),
    [
        ("Feldrainweg 3\n3100 Kleinzirbling\n", "3100", "Kleinzirbling"),
        ("Zirbenhof 4 · 6782 Ober Kirchbrunn · Tel. 0512", "6782", "Ober Kirchbrunn"),
        ("Pat. übersiedelt nach 82345 Niederzirbling.", "82345", "Niederzirbling"),
        ("Anschrift: Zirbelweg 2, 5020 Quirinsdorf", "5020", "Quirinsdorf"),
    ],
)
def test_a_postcode_where_an_address_puts_it_takes_a_place_no_list_knows(
    text: str, zip_code: str, place: str
) -> None:
    stage = RegexStage(["Innsbruck"], _place_like)
    assert [zip_code, place] == [s for s in found(stage, text) if s in (zip_code, place)]


@pytest.mark.parametrize(
    "text", ["Anamnese:\n2015 Appendektomie\n", "Dosis 1000 Einheiten", "seit 2019 Diabetes"]
)
def test_a_number_before_a_word_is_no_postcode_outside_an_address_slot(text: str) -> None:
    assert found(RegexStage(["Innsbruck"], _place_like), text) == []


@pytest.mark.parametrize(
    ("text", "street"),
    [
        ("Unterm Zirbenhang 3/Top 5\n6020 Innsbruck", "Unterm Zirbenhang 3/Top 5"),
        ("Hinterm Quirnfeld 17-19, 6020 Innsbruck", "Hinterm Quirnfeld 17-19"),
        ("Beim Zirbenkreuz 4, 6020 Innsbruck", "Beim Zirbenkreuz 4"),
        ("Rossauer Lände 4, 1090 Wien", "Rossauer Lände 4"),
        ("Zirbensiedlung 12, 6020 Innsbruck", "Zirbensiedlung 12"),
    ],
)
def test_streets_of_contracted_prepositions_and_more_street_words_with_any_house_number(
    stage: RegexStage, text: str, street: str
) -> None:
    assert found(stage, text, ADD)[:1] == [street]


def test_a_sentence_before_a_postcode_is_no_rural_address_line(stage: RegexStage) -> None:
    # "Oberhofen 23, 6410 Telfs" is a hamlet's address; a sentence's words before a number are not.
    text = "Sehr geehrte Frau Zirbl,\nIhre neue Adresse Quirnweg 4, 6020 Innsbruck haben wir vermerkt."
    assert not any("Ihre" in span for span in found(stage, text))


@pytest.fixture(scope="module")
def detector() -> Detector:
    return Detector(build_lexicon(DictionaryOptions()))


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Feldweg 3\n6342 Lindenleben\n", "Lindenleben"),  # a compound of common words
        ("Feldweg 3 (6342 Quirnhausen)", "Quirnhausen"),
    ],
)
def test_a_village_no_list_knows_after_a_postcode_in_an_address_slot(
    detector: Detector, text: str, place: str
) -> None:
    assert place in [text[s.start : s.end] for s in detector.detect(text).spans]


@pytest.mark.parametrize(
    "text", ["Er wohnt seit 2010 in Lindenleben.", "Wohnort: Lindenleben", "Sie lebt allein in Lindenleben."]
)
def test_after_a_residence_cue_a_compound_of_common_words_is_a_village(detector: Detector, text: str) -> None:
    assert [(text[s.start : s.end], s.type) for s in detector.detect(text).spans] == [("Lindenleben", "LOC")]


@pytest.mark.parametrize(
    "text",
    [
        "Er lebt mit Schmerzen in Ruhe.",
        "Die Patientin wurde in Bauchlage gelagert.",  # a compound of two common words
        "Er wurde gestern in Ruhe gelassen.",
        "In Seldinger-Technik punktiert.",
    ],
)
def test_an_ordinary_noun_before_a_participle_or_after_a_residence_cue_stays(
    detector: Detector, text: str
) -> None:
    assert detector.detect(text).spans == []


def test_after_a_year_a_compound_of_common_words_stays_a_noun(detector: Detector) -> None:
    assert detector.detect("Anamnese:\n1998 Herzinfarkt\n2015 Hüftprothese links\n").spans == []


# --- street words, house letters and separators ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "street"),
    [
        ("Zirbenkamp 4", "Zirbenkamp 4"),
        ("Lärchenbogen 12a", "Lärchenbogen 12a"),
        ("Lärchenwinkel 3", "Lärchenwinkel 3"),
        ("Föhrenhöhe 7", "Föhrenhöhe 7"),
        ("Zirbenfeld 12", "Zirbenfeld 12"),
        ("Föhrenhang 5", "Föhrenhang 5"),
    ],
)
def test_streets_of_northern_and_alpine_street_words_with_a_house_number(
    stage: RegexStage, text: str, street: str
) -> None:
    assert found(stage, text, ADD)[:1] == [street]


@pytest.mark.parametrize(
    "text",
    [
        "Gesichtsfeld 30 Grad",
        "Gesichtsfeld 30",
        "Rippenbogen 2 QF tastbar",
        "Druckanstieg 20 mmHg",
        "Druckanstieg 20 bei Belastung",
        "Fundushöhe 3 QF",
        "Fragebogen 3 liegt bei",
        "Phasenwinkel 4,5",
        "Phasenwinkel 4 gemessen",
    ],
)
def test_clinical_compounds_of_street_words_with_a_number_are_no_address(
    stage: RegexStage, text: str
) -> None:
    assert found(stage, text) == []


@pytest.mark.parametrize(
    ("text", "street"),
    [("Föhrenweg 9K", "Föhrenweg 9K"), ("Zirbenkamp 12Z, 6020 Innsbruck", "Zirbenkamp 12Z")],
)
def test_a_house_number_keeps_any_capital_letter_attached_to_it(
    stage: RegexStage, text: str, street: str
) -> None:
    assert found(stage, text, ADD)[:1] == [street]


@pytest.mark.parametrize(
    "text",
    ["Föhrenweg 2x", "Spaziergang am Feldweg 2x täglich", "Rundgang im Stationsgarten 2x, danach Ruhe"],
)
def test_a_count_after_a_street_word_is_no_house_number(stage: RegexStage, text: str) -> None:
    assert found(stage, text, ADD) == []


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("Zirbeneck 9A; 3100 Lindenfeld", "Zirbeneck 9A"),
        ("Adresse – Zirbeneck 12B – 3100 Lindenfeld", "Zirbeneck 12B"),
        ("wh. Zirbeneck 4, 3100 Lindenfeld", "Zirbeneck 4"),
        ("Er wohnt Zirbeneck 4, 3100 Lindenfeld", "Zirbeneck 4"),
        ("Sie wohnt Zirbeneck 4-6 in 3100 Lindenfeld.", "Zirbeneck 4-6"),
        ("Frau Koch (Zirbeneck 4-6, 3100 Lindenfeld) kam.", "Zirbeneck 4-6"),
    ],
)
def test_a_hamlet_line_before_a_semicolon_a_dash_or_after_a_residence_cue_is_an_address(
    text: str, line: str
) -> None:
    stage = RegexStage(["Innsbruck"], _place_like)
    spans = stage.find(text)
    assert [(text[s.start : s.end], s.type) for s in spans] == [
        (line, ADD),
        ("3100", ZIP),
        ("Lindenfeld", ADD),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Seite 2 – 6020 Innsbruck",
        "Blatt 2; 6020 Innsbruck",
        "Kontrolle in 2 Wochen – 6020 Innsbruck",
        "Termin in 2 Wochen in 6020 Innsbruck",
        "Er kam (Seite 2, 6020 Innsbruck).",
        "Arztbrief Seite 2 – 6020 Innsbruck",
        "Termin Zimmer 4 – 6020 Innsbruck",
    ],
)
def test_a_page_number_or_a_sentence_before_a_dash_or_semicolon_is_no_address(
    stage: RegexStage, text: str
) -> None:
    assert found(stage, text) == ["6020", "Innsbruck"]


# --- labels, place prefixes and district words around a postcode -------------------------------


@pytest.mark.parametrize(
    "cue", ["Kontaktadresse:", "Postanschrift:", "Wohnanschrift:", "Heimatadresse", "Anschrift:"]
)
def test_a_compound_of_adresse_or_anschrift_makes_the_word_after_a_postcode_its_place(
    stage: RegexStage, cue: str
) -> None:
    text = f"{cue} 4820 Zirbenau"
    assert [(text[s.start : s.end], s.type) for s in stage.find(text)] == [("4820", ZIP), ("Zirbenau", ADD)]


def test_a_label_that_names_no_address_does_not_make_an_unknown_word_a_place(stage: RegexStage) -> None:
    assert found(stage, "Kontakt: 4820 Zirbenau") == []


@pytest.mark.parametrize(
    "label", ["PLZ/Ort:", "PLZ / Ort:", "PLZ/Ort", "PLZ Ort", "PLZ und Ort:", "PLZ + Ort:", "PLZ, Ort     "]
)
def test_a_plz_ort_label_gives_the_postcode_and_the_place_after_it(stage: RegexStage, label: str) -> None:
    text = f"{label} 5083 Zirbenau"
    assert [(text[s.start : s.end], s.type) for s in stage.find(text)] == [("5083", ZIP), ("Zirbenau", ADD)]


def test_a_plz_ort_label_with_no_capitalized_place_gives_the_postcode_alone(stage: RegexStage) -> None:
    assert found(stage, "PLZ/Ort: 5083 unbekannt") == ["5083"]


def zips_and_places(detector: Detector, text: str) -> list[tuple[str, str]]:
    """(surface, type) of the detector's postcodes and places, in order."""
    return [(text[s.start : s.end], s.type) for s in detector.detect(text).spans if s.type in (ZIP, LOC)]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Kontaktadresse: 4820 Bad Zirbenau, Föhrenweg 12", "Bad Zirbenau"),
        ("Kontaktadresse: 4820 St. Zirbenau, Föhrenweg 12", "St. Zirbenau"),
        ("Wohnort: 4820 Sankt Zirbenau", "Sankt Zirbenau"),
        ("Kontaktadresse: 4820 Markt Zirbenau, Föhrenweg 12", "Markt Zirbenau"),
        ("Föhrenweg 12\n4820 Bad Zirbenau\n", "Bad Zirbenau"),
        ("Zirbeneck 4\n4820 Sankt Zirbenau\n", "Sankt Zirbenau"),
        ("Föhrenweg 12 · 4820 Bad Zirbenau · Tel. folgt", "Bad Zirbenau"),
    ],
)
def test_a_place_prefix_and_a_name_no_list_knows_after_a_postcode_are_one_place(
    detector: Detector, text: str, place: str
) -> None:
    # "Bad", "St.", "Sankt", "Markt" begin several-word places of the bundled gazetteer.
    assert zips_and_places(detector, text) == [("4820", ZIP), (place, LOC)]


def test_a_place_prefix_before_an_ordinary_noun_after_a_year_is_no_place(detector: Detector) -> None:
    assert detector.detect("Anamnese:\n2018 Bad Kur\n").spans == []


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Anschrift: 6020 Innsbruck Nord\nTel. folgt", "Innsbruck Nord"),
        ("6020 Innsbruck West, Tirol", "Innsbruck West"),
        ("Anschrift: 6020 Innsbruck Mitte", "Innsbruck Mitte"),
    ],
)
def test_a_district_word_closing_an_address_belongs_to_the_place(
    stage: RegexStage, text: str, place: str
) -> None:
    assert found(stage, text) == ["6020", place]


def test_a_district_word_that_goes_on_in_a_sentence_is_left_out_of_the_place(stage: RegexStage) -> None:
    assert found(stage, "Umzug nach 6020 Innsbruck Mitte Mai geplant.") == ["6020", "Innsbruck"]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Frau Muster\n3100 Zirbenau Nord\n", "Zirbenau Nord"),
        ("Anschrift: 3100 Zirbenau Süd, Tel. folgt", "Zirbenau Süd"),
    ],
)
def test_a_district_word_after_a_place_no_list_knows_closes_the_address(
    detector: Detector, text: str, place: str
) -> None:
    assert zips_and_places(detector, text) == [("3100", ZIP), (place, LOC)]


def test_a_district_word_in_a_sentence_after_a_place_no_list_knows_is_left_out(detector: Detector) -> None:
    text = "Umzug nach 3100 Zirbenau Nord am Montag."
    assert zips_and_places(detector, text) == [("3100", ZIP), ("Zirbenau", LOC)]


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("Wohnung Zirbelweg 12 Stiege 3 Top 7, Lift vorhanden.", "Zirbelweg 12 Stiege 3 Top 7"),
        ("Neue Adresse Quirnstraße 8, Tür 5.", "Quirnstraße 8, Tür 5"),
        ("Am Quirnbach 4 Whg. 12", "Am Quirnbach 4 Whg. 12"),
        ("Brelsingweg 12 top 3", "Brelsingweg 12 top 3"),  # a form's lower case
        ("Brelsingweg 12, whg. 3", "Brelsingweg 12, whg. 3"),
        ("Via Brelsing 12 int. 3, 39100 Quarnitz", "Via Brelsing 12 int. 3"),  # South Tyrol's "interno"
    ],
)
def test_the_flat_after_a_house_number_belongs_to_the_address(
    detector: Detector, text: str, address: str
) -> None:
    assert (address, "ADD") in [(text[s.start : s.end], s.type) for s in detector.detect(text).spans]


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Kontakt: Lärchenhof 3, Quirnbach", "Quirnbach"),  # a possible place ending the line
        ("Er wohnt Zirbelgasse 4, Quirnstetten.", "Quirnstetten"),
        ("Adresse Lärchenweg 9, Innsbruck, seit Mai", "Innsbruck"),  # a known place
    ],
)
def test_a_town_after_an_address_and_its_comma_is_a_place(detector: Detector, text: str, town: str) -> None:
    assert (town, "LOC") in [(text[s.start : s.end], s.type) for s in detector.detect(text).spans]


@pytest.mark.parametrize(
    "text",
    [
        "Sie lebt Zirbelweg 4, Erdgeschoss.",  # an ordinary word after the comma
        "Wohnhaft Zirbelweg 4, Tochter kommt täglich.",
        "Zirbelweg 4, 3. Stock",
    ],
)
def test_an_ordinary_word_after_an_address_and_its_comma_stays(detector: Detector, text: str) -> None:
    assert [s.type for s in detector.detect(text).spans] == ["ADD"]


# --- floors, more street words, house numbers, labels and streets after the place ------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("Kranichreihe 43, 4. OG, 76434 Zirpenlo", "Kranichreihe 43, 4. OG"),
        ("Am Krähenbühl 9, 3. OG / 8671 Brakwischede", "Am Krähenbühl 9, 3. OG"),
        ("Wohnhaft Mühlweg 3, 1. Stock, allein.", "Mühlweg 3, 1. Stock"),
        ("Adresse: Hauptplatz 2, EG", "Hauptplatz 2, EG"),
        ("Zirbelweg 4, DG", "Zirbelweg 4, DG"),
        ("Quirnstraße 8, 2. Etage links, Tel. folgt", "Quirnstraße 8, 2. Etage links"),
        ("Quirnstraße 8, Hochparterre.", "Quirnstraße 8, Hochparterre"),
        ("Quirnstraße 8/2. OG", "Quirnstraße 8/2. OG"),
        ("Zirbelweg 4 / 1. Stock", "Zirbelweg 4 / 1. Stock"),
        ("Zirbelweg 4, Stiege 2, 3. Stock, Tür 12", "Zirbelweg 4, Stiege 2, 3. Stock, Tür 12"),
        ("Am Quirnbach 4, 2. Obergeschoss, Top 5", "Am Quirnbach 4, 2. Obergeschoss, Top 5"),
        ("Unterm Zirbenhang 3 EG rechts", "Unterm Zirbenhang 3 EG rechts"),
    ],
)
def test_the_floor_after_a_house_number_belongs_to_the_address(
    stage: RegexStage, text: str, address: str
) -> None:
    # A floor left beside the street's pseudonym ("[ADD], 4. OG") would read as a real detail.
    assert found(stage, text, ADD)[:1] == [address]


@pytest.mark.parametrize(
    ("text", "address", "zip_code", "place"),
    [
        ("Kranichreihe 43, 4. OG, 76434 Zirpenlo", "Kranichreihe 43, 4. OG", "76434", "Zirpenlo"),
        ("Am Krähenbühl 9, 3. OG / 8671 Brakwischede", "Am Krähenbühl 9, 3. OG", "8671", "Brakwischede"),
        ("Adr. Mooskampgang 4–27 / 52047 Quelmerlar", "Mooskampgang 4–27", "52047", "Quelmerlar"),
        ("Adr. Am Moor 2 d / DE-19663 Fennhudeum", "Am Moor 2 d", "DE-19663", "Fennhudeum"),
        ("Zirbelweg 12 / 6020 Quirnhofen", "Zirbelweg 12", "6020", "Quirnhofen"),
        ("Zirbelweg 12/6020 Quirnhofen", "Zirbelweg 12", "6020", "Quirnhofen"),
        ("Zirbelweg 12 – 6020 Quirnhofen", "Zirbelweg 12", "6020", "Quirnhofen"),
        ("Adr. Brombeerhag 12 / 52047 Quelmerlar", "Brombeerhag 12", "52047", "Quelmerlar"),
        (
            "Frau Muster\nBrombeerhag 9, 3. OG / 8671 Brakwischede",
            "Brombeerhag 9, 3. OG",
            "8671",
            "Brakwischede",
        ),
    ],
)
def test_a_postcode_after_a_slash_or_dash_follows_the_street_and_its_floor(
    text: str, address: str, zip_code: str, place: str
) -> None:
    stage = RegexStage(["Innsbruck"], _place_like)
    assert [(text[s.start : s.end], s.type) for s in stage.find(text)] == [
        (address, ADD),
        (zip_code, ZIP),
        (place, ADD),
    ]


@pytest.mark.parametrize(
    ("text", "street"),
    [
        ("Er wohnt Mooskampgang 4.", "Mooskampgang 4"),
        ("Bäckergang 11, 22143 Quelmerlar", "Bäckergang 11"),
        ("Sie wohnt Grotenkai 7.", "Grotenkai 7"),
        ("Neue Adresse Oberer Quelmerwall 3", "Oberer Quelmerwall 3"),
        ("Kranichreihe 43", "Kranichreihe 43"),
        ("Brakwischeder Chaussee 23", "Brakwischeder Chaussee 23"),
        ("Quelmerchaussee 5", "Quelmerchaussee 5"),
        ("Lange Twiete 5", "Lange Twiete 5"),
        ("Fennhuder Twiete 8", "Fennhuder Twiete 8"),
        ("Er wohnt Lindener Tor 6.", "Lindener Tor 6"),
        ("Wohnhaft Am Lindener Tor 6", "Am Lindener Tor 6"),
        ("Zirpenmarkt 6", "Zirpenmarkt 6"),
        ("Alter Markt 3", "Alter Markt 3"),
    ],
)
def test_streets_of_gang_kai_wall_reihe_chaussee_twiete_tor_and_markt(
    stage: RegexStage, text: str, street: str
) -> None:
    assert found(stage, text, ADD)[:1] == [street]


@pytest.mark.parametrize(
    "text",
    [
        "Zugang 2 rechts gelegt.",
        "Venenzugang 2 am Handrücken.",
        "ZVK-Zugang 3 Lumen.",
        "Stuhlgang 3x täglich.",
        "Stuhlgang 2 mal.",
        "Hauptgallengang 7 mm.",
        "Gehörgang 2 beidseits frei.",
        "Eingang 2 benutzen.",
        "Haupteingang 3 ist gesperrt.",
        "Durchgang 2 der Chemotherapie.",
        "Jahrgang 1950.",
        "Lehrgang 2024 absolviert.",
        "Übergang 3 in die Reha.",
        "Rundgang 2 auf Station.",
        "Unsicherer Gang 2 Wochen.",
        "Breitbasiger Gang 4 Meter.",
        "Faktor 8 Mangel.",
        "Motor 4 von 5.",
        "Monitor 2 zeigt Sinusrhythmus.",
        "Das Tor 3 ist offen.",
        "Zufahrt Tor 2 benutzen.",
        "Schutzwall 2 errichtet.",
        "Zahnreihe 2 lückenhaft.",
        "Testreihe 4 unauffällig.",
        "Untersuchungsreihe 2 folgt.",
        "Jahrmarkt 2023 besucht.",
        "Arbeitsmarkt 2 Jahre.",
        "Supermarkt 2 km entfernt.",
    ],
)
def test_clinical_and_ordinary_compounds_of_the_new_street_words_stay(stage: RegexStage, text: str) -> None:
    assert found(stage, text) == []


@pytest.mark.parametrize(
    ("text", "street"),
    [
        ("Er wohnt Mooskampgang 4–27.", "Mooskampgang 4–27"),
        ("Er wohnt Am Bach 3-5.", "Am Bach 3-5"),
        ("Quirnstraße 17 – 19, 6020 Innsbruck", "Quirnstraße 17 – 19"),
        ("Er wohnt Wurzelkai 4 d.", "Wurzelkai 4 d"),
        ("Zirbelweg 6b/1", "Zirbelweg 6b/1"),
        ("Zirbelweg 3c/8, 6020 Innsbruck", "Zirbelweg 3c/8"),
        ("Zirbelweg 4 d/2", "Zirbelweg 4 d/2"),
        ("Zirbelweg 6b / 1", "Zirbelweg 6b / 1"),
        ("Zirbelweg 12a-c", "Zirbelweg 12a-c"),
        ("Zirbelweg 3a–3c", "Zirbelweg 3a–3c"),
        ("Er wohnt Brelsingweg 12 bis 14.", "Brelsingweg 12 bis 14"),  # a range in words
        ("Er wohnt Brelsingweg 12 bis.", "Brelsingweg 12 bis"),  # the Italian and French "12b"
        ("Brelsingweg 12 ter", "Brelsingweg 12 ter"),  # and "12c"
    ],
)
def test_house_number_ranges_blank_letters_and_letter_slash_numbers_are_masked_whole(
    stage: RegexStage, text: str, street: str
) -> None:
    assert found(stage, text, ADD)[:1] == [street]


@pytest.mark.parametrize("text", ["Am Tag 3 / 6020 Innsbruck", "Am Morgen 2, 6020 Innsbruck"])
def test_a_time_of_a_preposition_before_a_postcode_is_no_address(stage: RegexStage, text: str) -> None:
    assert found(stage, text) == ["6020", "Innsbruck"]


def test_a_postcode_right_after_a_labelled_street_follows_it(stage: RegexStage) -> None:
    text = "Adresse: Brombeerhag 12 6020 Innsbruck"
    assert found(stage, text) == ["Brombeerhag 12", "6020", "Innsbruck"]


def test_a_postcode_after_a_slash_is_no_flat_number(stage: RegexStage) -> None:
    text = "Zirbelweg 12 / 6020 Innsbruck"
    assert found(stage, text) == ["Zirbelweg 12", "6020", "Innsbruck"]


@pytest.mark.parametrize(
    ("text", "street"),
    [
        ("PLZ/Ort: 64272 Neu Torfmoorwedel    Straße/Nr.: Wurzelkai 4 d", "Wurzelkai 4 d"),
        ("Straße/Nr.: Brombeerhag 12", "Brombeerhag 12"),
        ("Straße: Brombeerhag 12\nPLZ/Ort: 6020 Innsbruck", "Brombeerhag 12"),
        ("Straße und Hausnummer: Zirbenried 4", "Zirbenried 4"),
        ("Str.: Zirbenried 4", "Zirbenried 4"),
        ("Adresse: Zirbenried 4, 2. OG", "Zirbenried 4, 2. OG"),
        ("Wohnadresse: Zirbenried 4; Tel. folgt", "Zirbenried 4"),
        ("Anschrift: Unter den Zirben 4", "Unter den Zirben 4"),
        ("Anschrift: St.-Quirin-Hag 4.", "St.-Quirin-Hag 4"),
        ("Adr.: Brombeerhag 12", "Brombeerhag 12"),
        ("Straße: Brombeerhag    Nr.: 12", "Brombeerhag    Nr.: 12"),
        ("neue Adr. Brombeerhag 12", "Brombeerhag 12"),
        ("Adresse: Brombeerhag 12. Kontrolle morgen.", "Brombeerhag 12"),
        ("Anschrift: Ober dem Zirbenbach 4", "Ober dem Zirbenbach 4"),
    ],
)
def test_after_an_address_label_any_street_phrase_with_a_house_number_is_an_address(
    stage: RegexStage, text: str, street: str
) -> None:
    assert [text[s.start : s.end] for s in stage.find(text) if s.masker == "RegexAddress"] == [street]


@pytest.mark.parametrize(
    "text",
    [
        "Adresse: siehe oben.",
        "Adresse: unbekannt, Pat. obdachlos seit 2019.",
        "Anschrift: März 2024 umgezogen.",
        "Adresse: Station 3",
        "Adresse: Zimmer 4",
        "Straße: Seite 2",
        "Wiener Straße: gesperrt seit 2 Wochen",
        "Adresse: Brombeerhag 12 Wochen",
        "Anschrift: Pflegeheim Sonnenhof, Zimmer 12",
        "Neue Adresse: ab Mai 2024",
        "Adresse: Ihre Nachricht vom 12. März",
        "Adresse: Brombeerhag 12. März umgezogen",
        "Wiener Straße: Brombeerhag 12",  # a street's name, no label
    ],
)
def test_a_label_before_no_street_and_house_number_finds_no_address(stage: RegexStage, text: str) -> None:
    assert found(stage, text, ADD) == []


@pytest.mark.parametrize(
    ("text", "street"),
    [
        ("Wohnort: 42368 Fennhudeum, Mooskampgang 6b/1", "Mooskampgang 6b/1"),
        ("Wohnort: 6020 Innsbruck, Brombeerhag 12", "Brombeerhag 12"),
        ("Wohnort: 42368 Fennhudeum, Brombeerhag 12, 2. OG\nTel. folgt", "Brombeerhag 12, 2. OG"),
        ("Kontaktadresse: 4820 Zirbenau, Brombeerhag 12.", "Brombeerhag 12"),
    ],
)
def test_a_street_ending_the_line_after_a_postcode_and_place_is_an_address(
    stage: RegexStage, text: str, street: str
) -> None:
    spans = stage.find(text)
    assert [text[s.start : s.end] for s in spans if s.masker == "RegexAddress"] == [street]


@pytest.mark.parametrize(
    "text",
    [
        "6020 Innsbruck, Stand 2023",
        "6020 Innsbruck, Seite 2",
        "1010 Wien, Juni 2023",
        "Wohnort: 6020 Innsbruck, Brombeerhag 12 Jahre lang",
        "Wohnort: 6020 Innsbruck, Zimmer 12",
    ],
)
def test_a_count_or_date_after_a_postcode_and_place_is_no_street(stage: RegexStage, text: str) -> None:
    assert [s for s in stage.find(text) if s.masker == "RegexAddress"] == []


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Zirbelweg 4, 6060 Quirnheim in Tirol. Dosis bleibt.", "Quirnheim in Tirol"),
        ("Zirbelweg 4, 52047 Quelmerlar. Kontrolle morgen.", "Quelmerlar"),
        ("Zirbelweg 4, 6063 Rum. Labor folgt.", "Rum"),
        ("Zirbelweg 4, 60311 Quirnfurt a. Main", "Quirnfurt a. Main"),
        ("Zirbelweg 4, 5600 St. Quirin im Pongau.", "St. Quirin im Pongau"),
    ],
)
def test_the_place_after_a_street_and_postcode_ends_with_its_sentence(
    stage: RegexStage, text: str, place: str
) -> None:
    assert found(stage, text)[-1] == place


def test_a_labelled_street_is_found_in_a_note_where_nothing_else_flags_the_address_stage(
    detector: Detector,
) -> None:
    # The chunk flags the note by the label's stem; without it the stage would not run at all.
    text = "Straße/Nr.: Brombeerhag 12"
    assert [(text[s.start : s.end], s.type) for s in detector.detect_many([text])[0].spans] == [
        ("Brombeerhag 12", ADD)
    ]


# --- session 14: country letters apart from the postcode, more labels, house numbers and streets ---


@pytest.mark.parametrize(
    ("text", "street", "zip_code"),
    [
        ("Brelsingweg 12\nA 6020 Quarnitz", "Brelsingweg 12", "A 6020"),  # a blank, as older letters write it
        ("Brelsingweg 12\nD 80331 Quarnitz", "Brelsingweg 12", "D 80331"),
        ("Brelsingweg 12\nCH 8001 Quarnitz", "Brelsingweg 12", "CH 8001"),
        ("Brelsingweg 12, A–4872 Quarnitz", "Brelsingweg 12", "A–4872"),  # an en dash
    ],
)
def test_country_letters_before_a_postcode_with_a_blank_or_an_en_dash_belong_to_it(
    text: str, street: str, zip_code: str
) -> None:
    stage = RegexStage(["Innsbruck"], _place_like)
    assert [(text[s.start : s.end], s.type) for s in stage.find(text)] == [
        (street, ADD),
        (zip_code, ZIP),
        ("Quarnitz", ADD),
    ]


def test_a_plz_und_ort_label_takes_the_country_letters_before_the_postcode(stage: RegexStage) -> None:
    text = "PLZ und Ort: A 4872 Brelsingau"
    spans = stage.find(text)
    assert [(text[s.start : s.end], s.type) for s in spans] == [("A 4872", ZIP), ("Brelsingau", ADD)]


@pytest.mark.parametrize("text", ["Vitamin D 20000 Einheiten", "Vitamin D 20000 IE täglich"])
def test_a_vitamin_and_its_dose_are_no_country_and_postcode(detector: Detector, text: str) -> None:
    assert detector.detect(text).spans == []


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("Adresse: Hinterbrelsing Nr. 17, 4872 Quarnitz", "Hinterbrelsing Nr. 17"),
        ("Hinterbrelsing Nr. 17\n4872 Quarnitz", "Hinterbrelsing Nr. 17"),
    ],
)
def test_a_hamlet_and_its_labelled_house_number_before_a_postcode_is_an_address(text: str, line: str) -> None:
    # Rural Austrian addresses write "Nr." before the house's number: no count of a thing.
    stage = RegexStage(["Innsbruck"], _place_like)
    assert [(text[s.start : s.end], s.type) for s in stage.find(text)] == [
        (line, ADD),
        ("4872", ZIP),
        ("Quarnitz", ADD),
    ]


@pytest.mark.parametrize(
    "text", ["Zimmer Nr. 4, 4872 Quarnitz", "Seite Nr. 2, 4872 Quarnitz", "Blatt Nr. 3; 4872 Quarnitz"]
)
def test_a_numbered_room_or_page_before_a_postcode_is_no_address(text: str) -> None:
    # "Nr." names a house only after the place's name; "Seite Nr. 2" counts pages.
    stage = RegexStage(["Innsbruck"], _place_like)
    assert [(text[s.start : s.end], s.type) for s in stage.find(text)] == [("4872", ZIP), ("Quarnitz", ADD)]


@pytest.mark.parametrize(
    "text", ["Dosis 12 bis 14 mg", "Feldweg 2 bis 3 mal täglich gehen", "Gehstrecke am Feldweg 200 bis 300 m"]
)
def test_a_range_of_a_dose_or_a_count_in_words_is_no_house_number(stage: RegexStage, text: str) -> None:
    assert found(stage, text, ADD) == []


def test_bis_after_a_house_number_is_a_house_only_where_the_address_part_ends(stage: RegexStage) -> None:
    # "12 bis" (Italian, French: 12a) before a comma; "12 bis Ende Mai" is a time span after a street.
    text = "Zirbelweg 12 bis Ende Mai gesperrt"
    assert found(stage, text, ADD) == ["Zirbelweg 12"]


@pytest.mark.parametrize(
    ("text", "street"),
    [
        ("Adresse: Rue du Quarn 5, 1200 Quarnitz", "Rue du Quarn 5"),
        ("Anschrift: Rue de la Brelse 5", "Rue de la Brelse 5"),
        ("Adresse: Via della Brelsa 3", "Via della Brelsa 3"),
        ("Adresse: Rue du Quarn 12 bis, 1200 Quarnitz", "Rue du Quarn 12 bis"),
    ],
)
def test_a_french_or_italian_street_and_its_articles_after_a_label_are_one_address(
    stage: RegexStage, text: str, street: str
) -> None:
    # No "Quarn 5" left beside a pseudonym: the articles belong to the street's name.
    assert [text[s.start : s.end] for s in stage.find(text) if s.masker == "RegexAddress"] == [street]


@pytest.mark.parametrize(
    ("text", "street"),
    [
        ("Rue du Quarn 5, 1200 Quarnitz", "Rue du Quarn 5"),
        ("Via della Brelsa 3\n39100 Quarnitz", "Via della Brelsa 3"),
    ],
)
def test_a_french_or_italian_street_before_a_postcode_is_one_address(text: str, street: str) -> None:
    # With no label, as the line or part before a postcode: whole, articles and all.
    stage = RegexStage(["Innsbruck"], _place_like)
    assert street in found(stage, text, ADD)


# --- regional street words, a house's part however spelt, labels without a colon -------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Frau Anna Quelm, Quarnitzgässchen 12, Innsbruck", "Quarnitzgässchen 12"),
        ("Herr Otto Quelm, Quarnitzgässli 3, Innsbruck", "Quarnitzgässli 3"),
        ("wohnhaft Mühlewägli 7a in Innsbruck.", "Mühlewägli 7a"),
        ("Quelmwegle 3, 6020 Innsbruck", "Quelmwegle 3"),
        ("Oberzelg 5 (EG)", "Oberzelg 5 (EG)"),
        ("Am Quarnitzstapfen 4, Innsbruck", "Am Quarnitzstapfen 4"),
        ("Quelmkehr 9, 6020 Innsbruck", "Quelmkehr 9"),
        ("Quarnitzer Zufahrt 11, 6020 Innsbruck", "Quarnitzer Zufahrt 11"),
    ],
)
def test_regional_street_words_make_an_address(stage: RegexStage, text: str, expected: str) -> None:
    assert found(stage, text, ADD)[0] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Frau Anna Quelm, Quelmgasse 12 Vorderhs, 6020 Innsbruck", "Quelmgasse 12 Vorderhs"),
        ("Wohnadresse: Quarnitzried 3 Hinterhbus", "Quarnitzried 3 Hinterhbus"),
        ("Anschrift: Quarnitzried 12 Gartenhaus", "Quarnitzried 12 Gartenhaus"),
        ("Er wohnt Quelmweg 4 Zirbenau.", "Quelmweg 4 Zirbenau"),
        ("Quelmgässle 9, Hinterhaus\n\nBefund folgt.", "Quelmgässle 9, Hinterhaus"),
    ],
)
def test_a_word_that_closes_an_address_line_belongs_to_it(
    stage: RegexStage, text: str, expected: str
) -> None:
    assert found(stage, text, ADD)[0] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Wohnadresse Quarnitzried 12, Innsbruck.", "Quarnitzried 12"),
        ("Anschrift Quarnitzried 12 Whg. 3", "Quarnitzried 12 Whg. 3"),
    ],
)
def test_an_address_noun_labels_its_street_without_a_colon(
    stage: RegexStage, text: str, expected: str
) -> None:
    assert found(stage, text, ADD)[0] == expected


@pytest.mark.parametrize(
    "text",
    [
        "Verkehr 2 Unfälle gemeldet.",
        "Nach Rückkehr 3 Tage Pause.",
        "Seit der Heimkehr 3 Wochen beschwerdefrei.",
        "Die Anschrift der Tochter folgt.",
        "Adresse Kontrolle 3 Tage später.",
        "Die Patientin liegt am Überwachungsplatz 4.",
        "Infusion am Dialyseplatz 2 über vier Stunden.",
    ],
)
def test_returns_traffic_and_a_ward_s_places_are_no_address(stage: RegexStage, text: str) -> None:
    assert found(stage, text, ADD) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # in running text, where neither a label nor a postcode marks the street
        ("Besuch Sonnenlehne 4 um 9 Uhr.", "Sonnenlehne 4"),
        ("Wohnhaft Bergerhube 2/DG seit Mai.", "Bergerhube 2/DG"),
        ("Besuch Rosstränke 7 um 9 Uhr.", "Rosstränke 7"),
        ("Besuch Kirchstöckl 3 um 9 Uhr.", "Kirchstöckl 3"),
        ("Besuch Dorfbrunnen 5a um 9 Uhr.", "Dorfbrunnen 5a"),
    ],
)
def test_the_slopes_farms_troughs_and_wells_of_street_names_are_streets(
    stage: RegexStage, text: str, expected: str
) -> None:
    assert found(stage, text, ADD)[0] == expected


@pytest.mark.parametrize(
    "text", ["Brunnen 3 Tage gesperrt.", "Haselnuss und Eiche 2 positiv im Allergietest."]
)
def test_a_well_or_a_tree_and_a_count_are_no_street(stage: RegexStage, text: str) -> None:
    assert found(stage, text, ADD) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Adresse: Obere Matten 12/bis, 6020 Zirbenau", "Obere Matten 12/bis"),
        ("Adresse: Zirbelweg 12/ter, 6020 Zirbenau", "Zirbelweg 12/ter"),
        ("Besuch Auwört 12 int. 3 am Montag.", "Auwört 12 int. 3"),
        ("Besuch Sonnhalden 4 um 9 Uhr.", "Sonnhalden 4"),
    ],
)
def test_a_second_house_after_a_slash_and_field_and_island_street_words_are_streets(
    stage: RegexStage, text: str, expected: str
) -> None:
    # Before, "12/bis" ended the address at "12" and left "/bis"; the street words were unknown.
    assert found(stage, text, ADD)[0] == expected


@pytest.mark.parametrize(
    "text", ["Ösophaguspassage 2 unauffällig.", "Fußsohle 2 Blasen.", "Von 12/bis 14 Uhr gesperrt."]
)
def test_a_passage_a_sole_or_a_time_range_is_no_street(stage: RegexStage, text: str) -> None:
    assert found(stage, text, ADD) == []
