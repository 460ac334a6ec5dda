"""Places, postcodes, addresses, wards, sites, identifiers and mail as German letters and notes
write them outside the cue words of the earlier rounds (issue 17, seventh round): each rule on
invented examples, with the ordinary text it must leave.

All names, towns and streets are invented (checked against the bundled lists below).
"""

from __future__ import annotations

import unicodedata

import pytest
from invented import assert_in_no_list, masked, typed

INVENTED = (
    "Quirnstetten",
    "Kolmsdorf",
    "Brettheim",
    "Moosreith",
    "Zirbenau",
    "Quelmbrunn",
    "Quelmkai",
    "Zirbl",
    "Quarnitz",
    "Brelsingau",
)


def test_the_invented_words_are_in_no_list() -> None:
    assert_in_no_list(INVENTED)


# --- places ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "place"),
    [
        # an institution or landmark named after its town
        ("Transport durch die Rettung Kolmsdorf.", "Kolmsdorf"),
        ("Die BH Brettheim wurde informiert.", "Brettheim"),
        ("Kontakt mit dem Gemeindeamt Moosreith.", "Moosreith"),
        ("Abholung am Bahnhof Zirbenau.", "Zirbenau"),
        ("Der Sohn besucht die Volksschule Quirnstetten.", "Quirnstetten"),
        ("Wohnt allein, Ortsmitte Quelmbrunn.", "Quelmbrunn"),
        ("Unfall beim Skifahren, Skigebiet Kolmsdorf.", "Kolmsdorf"),
        ("Auffahrunfall auf der Autobahn auf Höhe Brettheim.", "Brettheim"),  # "Höhe" as "nahe"
        # a lower-case label before its colon: a sentence's words as a form's field
        ("Pat. gestern angereist: Quirnstetten.", "Quirnstetten"),
        ("Zuletzt aufhältig: Kolmsdorf", "Kolmsdorf"),
        ("Der Patient wurde gestern abgeholt: Brettheim", "Brettheim"),
        # any "-ort" compound as a label, whatever its first part
        ("Lebensort: Moosreith", "Moosreith"),
        ("Zuzugsort: Zirbenau", "Zirbenau"),
        ("Standort Quelmbrunn.", "Quelmbrunn"),
        # a compound of a place's kind before the place, with or without a colon
        ("Urlaub im Talort Zirbenau.", "Zirbenau"),
        ("Feriendomizil: Quelmbrunn", "Quelmbrunn"),
        ("Ortsgemeinde Kolmsdorf, Bezirk Zirbl.", "Kolmsdorf"),
        ("Sturz am Marktplatz Brettheim.", "Brettheim"),
        # a way's compound before a colon or a route, and the route's second town after its dash
        ("Arbeitsweg: Zirbenau", "Zirbenau"),
        ("Transportfahrt Kolmsdorf – Moosreith.", "Kolmsdorf"),
        ("Transportfahrt Kolmsdorf – Moosreith.", "Moosreith"),
        # a side of a town names it as "nahe" does
        ("Sturz südlich Zirbenau beim Wandern.", "Zirbenau"),
        # a firm's or an authority's branch, a works, a prison, a lodging, an insurer's office
        ("Er arbeitet in der Filiale Quarnitz.", "Quarnitz"),
        ("Meldung an die Dienststelle Quarnitz.", "Quarnitz"),
        ("Sie lebt im Quartier Brelsingau.", "Brelsingau"),
        ("Antrag an die PVA Quarnitz gestellt.", "Quarnitz"),
        ("Er verbüßt seine Strafe in der Justizanstalt Brelsingau.", "Brelsingau"),
        ("Filiale Quarnitz", "Quarnitz"),  # a line of its own
    ],
)
def test_a_place_in_a_frame_without_a_preposition(text: str, place: str) -> None:
    assert (place, "LOC") in typed(text)


@pytest.mark.parametrize(
    "text",
    [
        "Transport Zirbenau nach Hause.",  # "Transport" ends in "-ort" but names no place
        "Stichwort: Zirbenau",
        "Komfort: Quelmbrunn",
        "Z.n. Abort Quelmbrunn",
        "Sofort Notarzt gerufen.",
        "Die Rettung Notarzt kam rasch.",  # an ordinary word after an institution's noun
        "Höhe Nabel tastbar.",
        "Sentinel Node, Leiste links: Tumofr.",  # a typo after a lower-case label, no town's ending
        "Allergien bekannt: Penicillin",
        "Befund: Unauffällig",
        "Rettungsfahrt Notarzt nach Hause.",  # a way's compound before no town
        "Am Lindenweg Zirbl wohnt er.",  # a street's "-weg" with no colon and no route
        "Die Filiale war geschlossen.",  # a branch's noun with no name
        "Antrag bei der PVA Pension gestellt.",  # an ordinary word after an insurer's acronym
    ],
)
def test_ordinary_words_in_those_frames_stay(text: str) -> None:
    assert [value for value, kind in typed(text) if kind == "LOC"] == []


@pytest.mark.parametrize(
    ("text", "place"),
    [
        # Swiss spelling and a compass's compounds are cues as "außerhalb" and "nördlich" are
        ("Unfall ausserhalb Quirnstetten auf der Landstraße.", "Quirnstetten"),
        ("Wohnhaft nordöstlich von Kolmsdorf.", "Kolmsdorf"),
        ("Sturz südwestlich Brettheim beim Wandern.", "Brettheim"),
        # a hamlet, parish or canton names its place as "Ortsteil" does
        ("Sie lebt in der Fraktion Moosreith oberhalb des Tals.", "Moosreith"),
        ("Kanton Zirbenau, Gemeinde Quelmbrunn.", "Zirbenau"),
        ("Zugezogen aus der Rotte Kolmsdorf.", "Kolmsdorf"),
        # a residence label, an adverb, the place
        ("Wohnort derzeit Quirnstetten.", "Quirnstetten"),
        ("Geburtsort vermutlich Brettheim.", "Brettheim"),
        # the Austrian "nächst" and "jenseits", "diesseits" as a side of a place
        ("Sturz nächst Quarnitz beim Wandern.", "Quarnitz"),
        ("Unfall jenseits Brelsingau.", "Brelsingau"),
        ("Unfall jenseits von Brelsingau.", "Brelsingau"),
        ("Er lebt diesseits Quarnitz.", "Quarnitz"),
    ],
)
def test_swiss_spellings_compass_compounds_hamlets_and_a_labels_adverb(text: str, place: str) -> None:
    assert (place, "LOC") in typed(text)


@pytest.mark.parametrize(
    "text",
    [
        "Herkunft unklar, Patient spricht wenig Deutsch.",
        "Wohnort unbekannt.",
        "Die Fraktion der Grünen tagte.",
        "Schmerzen ausserhalb Ruhephasen.",  # an ordinary noun after the cue
        "Am nächsten Tag besser.",  # "nächst" inflected: an adjective
        "Er stand abseits der Straße.",
        "Das liegt jenseits Gut und Böse.",
    ],
)
def test_ordinary_words_after_those_cues_stay(text: str) -> None:
    assert [value for value, kind in typed(text) if kind == "LOC"] == []


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Er arbeitet im Werk Quarnitz als Schlosser.", "Quarnitz"),  # a lower-case word goes on
        ("Übergabe am Grenzübergang Quarnitz.", "Quarnitz"),  # the clause ends
        ("Wir fuhren zum Gasthof Brelsingau hinauf.", "Brelsingau"),
        ("Er diente in der Kaserne Brelsingau.", "Brelsingau"),  # the noun's article between
        ("Er kam ins Heim Quarnitz zurück.", "Quarnitz"),
    ],
)
def test_a_noun_and_the_name_after_a_preposition_of_place_name_a_place(text: str, place: str) -> None:
    assert (place, "LOC") in typed(text)


@pytest.mark.parametrize(
    "text",
    [
        "Bei der Gabe Xarelto kam es zu Blutungen.",  # a drug after a therapy's noun
        "Termin am Montag Vormittag.",  # a time
        "Bitte bei Rückfragen Fallnr. 4613 angeben.",  # a code after an abbreviation's stop
        "Bitte bei Rückfragen Fallnr. P 2017/7609 angeben.",
        "Aufnahme im Zustand Nüchtern.",  # a state, capitalized
    ],
)
def test_a_drug_a_time_a_state_or_a_code_after_a_preposition_and_a_noun_is_no_place(text: str) -> None:
    assert [value for value, kind in typed(text) if kind == "LOC"] == []


def test_a_person_after_a_person_noun_and_a_preposition_stays_a_person() -> None:
    assert typed("Kontakt zur Kollegin Huber.") == [("Huber", "HCP")]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        # bilingual forms of South Tyrol and Switzerland
        ("Wohnort / Residenza: Quarnitz", "Quarnitz"),
        ("Comune: Quarnitz", "Quarnitz"),
        ("Il est domicilié(e) à Brelsingau.", "Brelsingau"),
        ("nato a Quarnitz il 12.3.1950", "Quarnitz"),
        ("nata a Brelsingau", "Brelsingau"),
        ("Residente a Brelsingau.", "Brelsingau"),
    ],
)
def test_italian_and_french_residence_labels_and_phrases_name_a_place(text: str, place: str) -> None:
    assert (place, "LOC") in typed(text)


@pytest.mark.parametrize(
    "text", ["Die Therapie a priori beginnen.", "Tabletten à 500 mg", "2 Ampullen à Novalgin"]
)
def test_a_priori_and_a_dose_per_piece_are_no_italian_or_french_residence(text: str) -> None:
    assert [value for value, kind in typed(text) if kind == "LOC"] == []


def test_a_place_noun_after_an_ort_label_is_named_by_its_own_cue() -> None:
    """ "Fundort: Gemeindegebiet Zirbl": the noun of a place's kind is no part of the place."""
    assert "Gemeindegebiet" not in " ".join(masked("Fundort: Gemeindegebiet Zirbl, Forstweg."))


# --- postcodes and addresses -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code", "place"),
    [
        ("Bleibe: 4711 Zirbenau", "4711", "Zirbenau"),  # a label no list knows, before a colon
        ("Zustellort 81234 Moosreith\nTel. privat", "81234", "Moosreith"),  # a label at its line's start
        ("Lärchgasse 3/A\nI-39042 Quelmbrunn", "I-39042", "Quelmbrunn"),  # South Tyrol's "I-"
        ("Lärchgasse 3, IT-39042 Quelmbrunn", "IT-39042", "Quelmbrunn"),
    ],
)
def test_a_postcode_after_any_labels_colon_or_at_a_lines_start(text: str, code: str, place: str) -> None:
    values = masked(text)
    assert code in values and any(place in value for value in values)


@pytest.mark.parametrize(
    "text",
    [
        "Gewicht: 1200 Gramm",  # a count and its unit, an ordinary word
        "Befund: 2015 Appendektomie",  # a year and a procedure
        "Leukozyten 8000 Zellen",
    ],
)
def test_numbers_after_labels_that_are_no_postcodes_stay(text: str) -> None:
    assert [kind for _, kind in typed(text) if kind in ("ZIP", "LOC", "ADD")] == []


@pytest.mark.parametrize(
    ("text", "address"),
    [
        # a part of the house after the number and a comma, before the postcode
        ("Herrn\nMax Moser\nQuelmkai 12, Hinterhaus\n4711 Zirbenau", "Quelmkai 12, Hinterhaus"),
        # a form's next line after the postcode's, with its own label before a tab
        ("Ort\t4711 Zirbenau\nAnschrift\tQuelmkai 9a\n", "Quelmkai 9a"),
        # a street after the postcode's place and a comma, before a remark in brackets
        ("4711 Zirbenau, Quelmkai 9 (Angaben lt. Tochter)", "Quelmkai 9"),
        # a form's line before the postcode's, the label set off by a tab
        ("Straße\tQuelmkai 9/3/1\nOrt\t4711 Zirbenau", "Quelmkai 9/3/1"),
        # a house part after the number, a postcode or a remark after it
        ("Pat. wohnt Quelmgasse 9, Hinterhaus, 4711 Zirbenau.", "Quelmgasse 9, Hinterhaus"),
        ("Wohnort: 4711 Zirbenau, Quelmkai 9, Hinterhaus (lt. Tochter)", "Quelmkai 9, Hinterhaus"),
        # one street word in a sentence, before a postcode
        ("Die Pat. wohnt seit Mai in der Quelmkai 9/2, 4711 Zirbenau.", "Quelmkai 9/2"),
    ],
)
def test_an_address_whatever_its_street_word_beside_a_postcode(text: str, address: str) -> None:
    assert (address, "ADD") in typed(text)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Befund vom Montag 12, 4711 Zirbenau.", "Montag"),  # a weekday's number is no house number
        ("Heimtransport an die Wohnadresse Quelmkai 9, 4711 Zirbenau.", "Wohnadresse"),  # the label
        ("Die Apotheke liefert die Medikation an Quelmkai 9, 4711 Zirbenau.", "Medikation"),
    ],
)
def test_words_before_a_street_in_a_sentence_stay(text: str, word: str) -> None:
    assert all(word not in value for value in masked(text))


def test_a_remark_after_a_street_stays() -> None:
    text = "4711 Zirbenau, Quelmkai 9 (Angaben lt. Tochter)"
    assert "Tochter" not in " ".join(masked(text))


# --- wards -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Verlegung auf die Kardiologie B 3 zur Überwachung.", "B 3"),  # a letter and its number apart
        ("Verlegung auf die Kardiologie S-3 zur Überwachung.", "S-3"),
        ("Übernahme durch die Unfallchirurgie C2 Nord.", "C2 Nord"),  # a code and its wing
        ("Die Pat. wurde an die Chirurgie 3-Ost übergeben.", "3-Ost"),  # a number and its wing, hyphened
        ("Rückverlegung an die Innere B 2.1.", "B 2.1"),
        ("Remobilisation B-3 ab Montag.", "B-3"),  # a department without a preposition
        ("Pflegeübergabe Kardiologie B 3, alles ruhig.", "B 3"),
        ("Verlegung in die Sonderklasse D 4.", "D 4"),  # the ward class of Austrian houses
        ("auf die HNO C2 Nord", "C2 Nord"),
    ],
)
def test_a_ward_code_after_a_department(text: str, code: str) -> None:
    assert code in masked(text)


@pytest.mark.parametrize(
    "text",
    [
        "Pathologie T 2 N0.",  # a stage
        "in der Pathologie T 2 gesehen.",
        "Neurochirurgie C 5 Fraktur.",  # a vertebra
        "Kardiologie 3 Tage später.",  # a count of days
        "Hepatitis B 3 Monate.",  # no department
    ],
)
def test_stages_vertebrae_and_counts_after_a_department_stay(text: str) -> None:
    assert masked(text) == []


# --- sites -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "site"),
    [
        ("Aufnahme aus der SVA Rehaklinik Zirbenau.", "SVA Rehaklinik Zirbenau"),  # an owner's acronym
        ("Überweisung an Physiotherapie Zirbl & Partner.", "Physiotherapie Zirbl & Partner"),
        ("Kontrolle in der Heilstätte Quelmbrunn.", "Heilstätte Quelmbrunn"),  # new site words
        ("Betreuung durch die Sozialstation Kolmsdorf.", "Sozialstation Kolmsdorf"),
        # a compound site word in capitals, as letterheads write it
        ("KREISSPITAL QUELMBRUNN\nInnere Medizin", "KREISSPITAL QUELMBRUNN"),
        ("REGIONALSPITAL KOLMSDORF, Chirurgie", "REGIONALSPITAL KOLMSDORF"),
    ],
)
def test_a_site_is_masked_whole(text: str, site: str) -> None:
    assert (site, "SIT") in typed(text)


@pytest.mark.parametrize(
    "text",
    [
        "Befund MRT Klinikum.",
        "Labor normal.",
        "Physiotherapie und Partner.",
        "Im KREISSPITAL wurde operiert.",  # a compound in capitals with no name after it
        "Das SPITAL war voll.",
    ],
)
def test_an_acronym_or_a_service_noun_without_a_name_names_no_site(text: str) -> None:
    assert masked(text) == []


# --- identifiers and mail --------------------------------------------------------------------


def test_an_electronic_cards_keyword_with_its_lower_case_e() -> None:
    assert "1234 5678 9012 3456" in masked("Versichert, eGK-Nr. 1234 5678 9012 3456.")


@pytest.mark.parametrize("local", ["q\u0307uelm.k9", "anna.s\u0331uel"])
def test_a_mail_address_with_combining_marks_is_masked_whole(local: str) -> None:
    address = f"{local}@beispiel.at"
    assert unicodedata.is_normalized("NFC", address)  # no precomposed letter holds these marks
    assert (address, "MAI") in typed(f"Kontakt: {address}\n")


@pytest.mark.parametrize("host", ["ärztekammer-zirbl.at", "beispi\u0307el.at"])
def test_an_internationalized_domain_is_a_website(host: str) -> None:
    assert (host, "WEB") in typed(f"Info: {host}\n")


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Quelmkai 12, 6020 Zirbenau a. d. Quarnitz\n\nMit freundlichen Grüßen", "Zirbenau a. d. Quarnitz"),
        ("Herrn\nMax Moser\nQuelmkai 12/3, 6020 Zirbenau i. d. Quarnitz\n\nSehr geehrter Herr Moser,",
         "Zirbenau i. d. Quarnitz"),
        ("Quelmkai 12\n6020 Brettheim ob der Quarnitz", "Brettheim ob der Quarnitz"),
    ],
)  # fmt: skip
def test_a_town_named_with_its_river_or_region_is_masked_whole(text: str, place: str) -> None:
    # "Zirbenau a. d. Quarnitz" used to end at "Zirbenau a": the rest of the name stood bare.
    assert place in masked(text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Arbeitsort lt. Arbeitgeber Zirbenau.", "Zirbenau"),
        ("Arbeitsort laut Arbeitgeber Brettheim.", "Brettheim"),
        ("Wohnort laut e-card: Quirnstetten", "Quirnstetten"),
        ("Unfallort gem. Polizei Kolmsdorf, 14 Uhr.", "Kolmsdorf"),
    ],
)
def test_a_place_label_and_the_source_of_its_value_name_a_place(text: str, place: str) -> None:
    assert (place, "LOC") in typed(text)


@pytest.mark.parametrize(
    "text",
    [
        "Der Befund lt. Labor Kalium normal.",
        "Wohnort laut Angabe unbekannt.",
        "Arbeitsort lt. Arbeitgeber Montag.",
        # a preposition's gloss in brackets is no label's ("Nähe" of an eye test, not a place)
        "Sehtest Nähe (mit Brille): Quelmophorie.",
    ],
)
def test_a_source_without_a_place_after_it_names_none(text: str) -> None:
    assert [t for t in typed(text) if t[1] == "LOC"] == []


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Wohnort bei Antragstellung: Zirbenau", "Zirbenau"),
        ("Wohnort der Eltern: Brettheim", "Brettheim"),
        ("Geburtsort des Vaters: Quirnstetten", "Quirnstetten"),
        ("Wohnort der Eltern laut Pass: Kolmsdorf", "Kolmsdorf"),
        ("Heimatort vor Umzug: Zirbenau", "Zirbenau"),
    ],
)
def test_a_place_label_says_whose_or_when_before_its_colon(text: str, place: str) -> None:
    # Before, "Wohnort bei" read as a label and its copula, and the place after the colon stood bare.
    assert (place, "LOC") in typed(text)


@pytest.mark.parametrize(
    "text",
    [
        "Wohnort bei Bedarf anpassen.",
        "Wohnort der Patientin unbekannt.",
        "Wohnort derzeit unklar.",
    ],
)
def test_a_place_label_with_a_gloss_and_no_place_names_none(text: str) -> None:
    assert [t for t in typed(text) if t[1] == "LOC"] == []


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Übergabe am Grenzübergang Quarnitz Süd, keine Papiere.", "Quarnitz Süd"),
        ("Unfall an der Abzweigung Zirbenau West hinter der Kurve.", "Zirbenau West"),
        ("Verkehrsunfall im Kreisverkehr Brettheim Ost.", "Brettheim Ost"),
        # ... and the first word of a two-word town ("Unter", "Heiligen", "Großen")
        ("Unfall im Kreisverkehr Unter Quelmbrunn.", "Unter Quelmbrunn"),
        ("Aufgegriffen am Grenzübergang Heiligen Brelsingau, keine Papiere.", "Heiligen Brelsingau"),
        ("Sturz auf der Baustelle Großen Moosreith.", "Großen Moosreith"),
    ],
)
def test_a_place_a_noun_names_takes_its_district_word(text: str, place: str) -> None:
    # Before, the district word after the name stopped the rule ("Zirbenau West" stood bare).
    assert (place, "LOC") in typed(text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Unfall auf der Alp ob Zirbenau.", "Zirbenau"),
        ("Hütte ob Brettheim, Abstieg am Nachmittag.", "Brettheim"),
        ("Auf der Fahrt gegen Zirbenau kam es zum Unfall.", "Zirbenau"),
        ("Auf dem Heimweg gegen Kolmsdorf gestürzt.", "Kolmsdorf"),
    ],
)
def test_ob_and_a_ways_gegen_name_a_place(text: str, place: str) -> None:
    # The Alemannic and Austrian "ob" (above) and the Swiss "gegen" (towards) after a way's noun.
    assert (place, "LOC") in typed(text)


@pytest.mark.parametrize(
    "text",
    [
        "Impfung gegen Tetanus erfolgt.",
        "Gegen Abend besser, Allergie gegen Penicillin.",
        "Er kämpft gegen Zirbenau.",
        "Ob das stimmt, ist unklar.",
    ],
)
def test_gegen_without_a_way_and_the_conjunction_ob_name_no_place(text: str) -> None:
    assert [t for t in typed(text) if t[1] == "LOC"] == []


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Er ist Mitglied der Musikkapelle Quelmbrunn, spielt Trompete.", "Quelmbrunn"),
        ("Training für den Skiclub Brettheim, zweimal pro Woche.", "Brettheim"),
        ("Anmeldung für den Schikurs: Kolmsdorf, Jänner.", "Kolmsdorf"),
        ("Das Kind besucht die Spielgruppe Moosreith dreimal.", "Moosreith"),
    ],
)
def test_a_club_a_band_a_group_or_a_course_names_its_town(text: str, place: str) -> None:
    assert (place, "LOC") in typed(text)


@pytest.mark.parametrize(
    "text", ["Blutgruppe Null positiv.", "Selbsthilfegruppe Anonyme Alkoholiker.", "Kontrollgruppe Placebo."]
)
def test_a_group_that_is_no_club_names_no_place(text: str) -> None:
    assert [t for t in typed(text) if t[1] == "LOC"] == []


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Der Vater wohnt westlich Quelmbrunn seit Jahren.", "Quelmbrunn"),
        ("Die Tochter lebt etwas außerhalb Brettheim.", "Brettheim"),
    ],
)
def test_a_residence_verb_and_a_side_name_a_place(text: str, place: str) -> None:
    assert (place, "LOC") in typed(text)


def test_a_side_of_a_body_part_names_no_place() -> None:
    assert [
        t for t in typed("Schmerz westlich der Narbe, er wohnt westlich vom Zentrum.") if t[1] == "LOC"
    ] == []


@pytest.mark.parametrize(
    "text",
    [
        "Fahrstrecke täglich Quirnstetten–Brelsingau mit dem Auto.",
        "Arbeitsweg meist Quirnstetten – Brelsingau, im Winter mit dem Bus.",
        "Transportweg: Quirnstetten–Brelsingau.",
    ],
)
def test_a_ways_route_of_two_towns_after_an_adverb_or_a_bare_dash(text: str) -> None:
    # Both ends of the route: the second town after the dash is named by the first.
    found = typed(text)
    assert ("Quirnstetten", "LOC") in found and ("Brelsingau", "LOC") in found


@pytest.mark.parametrize(
    "text",
    [
        "Der Heimweg dauert Stunden.",
        "Wegstrecke meist Treppe – Lift.",
        "Röntgen Thorax–Abdomen unauffällig.",
        "Therapie: Ramipril–Amlodipin weiter.",
    ],
)
def test_a_ways_adverb_and_dashes_between_ordinary_words_name_no_place(text: str) -> None:
    assert [t for t in typed(text) if t[1] == "LOC"] == []


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Quirnstetten – dort lebt die Tochter mit ihrer Familie.", "Quirnstetten"),
        ("Besuch am Wochenende. Brelsingau, dort wohnt der Sohn.", "Brelsingau"),
        ("Quirnstetten ist der Wohnsitz der Familie.", "Quirnstetten"),
        ("Brelsingau bleibt ihr Lebensmittelpunkt.", "Brelsingau"),
        ("Zirbenau Süd – dort lebt der Bruder.", "Zirbenau Süd"),
    ],
)
def test_a_place_named_by_dort_or_a_residences_noun_after_it(text: str, place: str) -> None:
    # The cue follows the place: "dort" after a dash or comma, a copula and a residence's noun.
    assert (place, "LOC") in typed(text)


@pytest.mark.parametrize(
    "text",
    [
        "Reha – dort gute Fortschritte.",
        "Die Station – dort kein Bett frei.",
        "Kardiologie – dort Termin vereinbart.",
        "Montag – dort Termin.",
        "Patient ist der Meinung, dass der Wohnsitz unklar ist.",
        "Sie ruft an – dort ist alles gut.",
    ],
)
def test_ordinary_words_before_dort_or_a_residences_noun_stay(text: str) -> None:
    assert [t for t in typed(text) if t[1] == "LOC"] == []
