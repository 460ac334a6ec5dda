"""Identifiers, places and sites as the paperwork around care writes them (issue 17, twelfth
round): expert opinions, court and guardianship matters, social-services and care notes. A
court's file number after any ID keyword or after its matter ("Pflegschaftssache 3 P 45/23"), a
code of short digit groups ("12 34 56-AB"), a label's gloss before its colon ("Geburtsort (lt.
Pass): …"), the seat of a firm or office ("Firmensitz …"), a service's region ("KESB-Region …"),
a stay's place ("Aufenthalt …", "Kur-Aufenthalt …"), houses and services of care named by their
town (a "Stift", a "Tageshospiz", a "Psychiatrie", a "Tagespflege", a "Beratungsstelle", a
"Mobiler Dienst"), a part of the house in brackets after its number ("12 (Hinterh.)"), and a
title after a place cue, which starts a person ("bei Dr. …"). Each rule on invented examples,
with the ordinary text it must leave.

All names, towns and streets are invented (checked against the bundled lists below).
"""

from __future__ import annotations

from functools import partial

import pytest
from invented import DEFAULT_DETECTOR, assert_in_no_list, masked, typed

INVENTED = ("Quelmerstein", "Quarnitz", "Velmshof", "Zirpenau")
default_typed = partial(typed, detector=DEFAULT_DETECTOR)


def test_the_invented_words_are_in_no_list() -> None:
    assert_in_no_list(INVENTED)


# --- court file numbers and short digit groups -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Zl. 12 Cg 34/22.", "12 Cg 34/22"),
        ("Zl.: 4 Nc 17/23 vom 1.2.2023", "4 Nc 17/23"),
        ("Kassenzeichen 3 P 45/23", "3 P 45/23"),
        ("Pflegschaftssache 3 P 45/23", "3 P 45/23"),
        ("In der Betreuungssache 12 XVII 345/21 wird mitgeteilt", "12 XVII 345/21"),
        ("Unterbringungssache: 5 Ub 17/24", "5 Ub 17/24"),
        ("Im Verfahren 5 Ub 17/24 wurde ein Gutachten bestellt.", "5 Ub 17/24"),
        ("Az. L 3 U 123/19", "L 3 U 123/19"),
        ("Vorgangszeichen: 12 34 56-AB", "12 34 56-AB"),
        ("Akten-Zl. 12 34 56-AB", "12 34 56-AB"),
        ("Akt-Zl.: 3 P 45/23", "3 P 45/23"),
        # a series of capitals before short groups, and a second group going on with a hyphen
        ("Ihre Pflegedienst-Nr. lautet AB 12 34.", "AB 12 34"),
        ("Mutterpass-Nr.: A 12 3", "A 12 3"),
        ("Rückfragen stets mit Rentenzeichen 12 34-A-56 nennen.", "12 34-A-56"),
    ],
)
def test_a_court_file_number_or_grouped_code_is_masked_whole(text: str, code: str) -> None:
    assert masked(text) == [code]


@pytest.mark.parametrize(
    "text",
    [
        "Verfahren 2 x 10/20 mg täglich.",
        "Die Sache 3 mal 10/20 besprochen.",
        "Das Verfahren wurde 2023 eingestellt.",
        "Code 1 23 besprochen.",
        "Seiten-Nr. A 12 3",
        "Labor-Nr. AB 12 mg",
        "Blutdruck 12 34-56",
        "Thrombozytenzahl: 150000",
    ],
)
def test_a_dose_or_count_after_such_words_is_no_identifier(text: str) -> None:
    assert [value for value, kind in typed(text) if kind == "ID"] == []


# --- places after labels, seats and regions ---------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Geburtsort (lt. Pass): Quarnitz",
        "Heimatort (gem. Ausweis): Quarnitz",
        "Unfallort (lt. Polizei): Quarnitz",
        "Firmensitz Quarnitz, Außendienst.",
        "Der Dienstsitz: Quarnitz.",
        "Zuständig ist die KESB-Region Quarnitz laut Schreiben.",
        "Die Versorgungsregion Quarnitz übernimmt.",
        "Gewöhnlicher Aufenthalt Quarnitz, seit 2019.",
        "Aufenthalt: Quarnitz",
        "Lebensmittelpunkt Quarnitz seit der Pensionierung.",
        "Kur-Aufenthalt Quarnitz im Mai.",
        "Kuraufenthalt Quarnitz im Mai.",
        "Reha-Aufenthalt: Quarnitz",
    ],
)
def test_a_place_after_a_label_seat_or_region(text: str) -> None:
    assert default_typed(text) == [("Quarnitz", "LOC")]


@pytest.mark.parametrize(
    "text",
    [
        "Diagnose (lt. Befund): Zirpenau-Syndrom",
        "Der Aufenthalt war unauffällig.",
        "Der Aufenthalt verlief Komplikationslos.",
        "Aufenthalt: Intensivstation",
        "Schmerzen in der Region Hals und Nacken.",
        "Betreuung durch die Region Mitte.",
        "Kindersitz vorhanden.",
        "Der Kur-Aufenthalt verlief gut.",
        "Krankenhausaufenthalt Intensivstation 3 Tage.",
    ],
)
def test_ordinary_words_after_such_labels_stay(text: str) -> None:
    assert [value for value, kind in default_typed(text) if kind == "LOC"] == []


# --- houses of care named by their town ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "site"),
    [
        ("Sie lebt im Stift Quarnitz seit 2020.", "Stift Quarnitz"),
        ("Sie lebt im Seniorenstift Quarnitz seit 2020.", "Seniorenstift Quarnitz"),
        ("Verlegung in die Psychiatrie Quarnitz.", "Psychiatrie Quarnitz"),
        ("Verlegung in die Gerontopsychiatrie Velmshof.", "Gerontopsychiatrie Velmshof"),
        ("Das Tageshospiz Quarnitz meldet sich.", "Tageshospiz Quarnitz"),
        ("Aufnahme in die Tagespflege Quarnitz ab Juli.", "Tagespflege Quarnitz"),
        ("Bericht der Quarnitz Clinic, Abteilung Innere.", "Quarnitz Clinic"),
        ("Der Mobile Dienst Quarnitz kommt wöchentlich.", "Mobile Dienst Quarnitz"),
        ("Meldung an den Sozialpsychiatrischen Dienst Quarnitz.", "Sozialpsychiatrischen Dienst Quarnitz"),
        ("Termin bei der Beratungsstelle Quarnitz.", "Beratungsstelle Quarnitz"),
        ("Die Diakoniestation Quarnitz übernimmt.", "Diakoniestation Quarnitz"),
        ("Kontakt zum Hospizverein Quarnitz.", "Hospizverein Quarnitz"),
        # an epithet that ends in "-sozial"; a doctor's service in a stamp's capitals
        ("Termin beim Psychosozialen Dienst Quarnitz.", "Psychosozialen Dienst Quarnitz"),
        ("Stempel: KIEFERORTHOPÄDIE DR. QUELMERSTEIN", "KIEFERORTHOPÄDIE DR. QUELMERSTEIN"),
    ],
)
def test_a_house_of_care_and_its_town_are_one_site(text: str, site: str) -> None:
    assert default_typed(text) == [(site, "SIT")]


@pytest.mark.parametrize(
    "text",
    [
        "Verlegung in die Psychiatrie am Montag.",
        "Konsil der Psychiatrie: keine Suizidalität.",
        "Er nahm den Stift und schrieb.",
        "Tagespflege geplant, Kurzzeitpflege abgelehnt.",
        "Er hatte Dienst am Montag.",
        "Ärztlicher Dienst informiert.",
        "Der Mobile Dienst kommt morgen.",
        "Psychosozial stabil, Dienst am Wochenende.",
        "PHYSIOTHERAPIE VERORDNET.",
        "LABOR KONTROLLE",
    ],
)
def test_such_words_without_a_town_mask_nothing(text: str) -> None:
    assert default_typed(text) == []


# --- a part of the house in brackets -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("Anschrift: Quarnitzgasse 12 (Hinterh.), 1234 Velmshof", "Quarnitzgasse 12 (Hinterh.)"),
        ("wohnhaft Quarnitzgasse 12 (Hofgeb.)", "Quarnitzgasse 12 (Hofgeb.)"),
        ("Adresse: Quarnitzweg 4 (Hinterhaus)", "Quarnitzweg 4 (Hinterhaus)"),
        ("Die Wohnung liegt Quarnitzweg 4 (Dachg.) im 3. Stock.", "Quarnitzweg 4 (Dachg.)"),
    ],
)
def test_a_bracketed_part_of_the_house_belongs_to_the_address(text: str, address: str) -> None:
    assert [value for value, kind in default_typed(text) if kind == "ADD"] == [address]


def test_a_bracketed_remark_after_a_number_that_is_no_address_stays() -> None:
    assert default_typed("Kontrolle in 2 Wochen (Dr.), danach Befund.") == []


# --- a title after a place cue -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["Kontrolle bei Dr. Quarnitz.", "Überweisung von Dr. Quarnitz.", "Befund aus Prof. Quarnitz' Ambulanz."],
)
def test_a_title_after_a_place_cue_starts_a_person_not_a_place(text: str) -> None:
    assert ("Quarnitz", "HCP") in default_typed(text)
    assert all(kind != "LOC" for _, kind in default_typed(text))
