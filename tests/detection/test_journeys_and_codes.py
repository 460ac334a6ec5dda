"""Places on a journey's legs and codes of the paperwork (issue 17, seventeenth round): a
journey's, a vehicle's or a commuter's word before "über", "via", "ab", "aus", "zwischen" and a
pasture's before "ob" names the place after it; a means of transport after a place says it is
one; roads and inns named by their town. Codes after dictation's spoken colon, after an
account's or a slip's keyword, codes of capitals around few digits, three or four capitals
before short digit groups (masked whole, no longer cut after the first group), a dialysis
chair's and a house part's codes. Each rule on invented examples, with the ordinary text it
must leave.

All names and towns are invented (checked against the bundled lists below).
"""

from __future__ import annotations

import pytest
from invented import assert_in_no_list, masked, typed

INVENTED = ("Tramsel", "Gloder", "Wurmek", "Kirchbrunnau")


def test_the_invented_words_are_in_no_list() -> None:
    assert_in_no_list(INVENTED)


# --- places on a journey -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "places"),
    [
        ("Heimreise über Tramsel mit dem Zug.", ["Tramsel"]),
        ("Anreise heute früh ab Tramsel. Rückmeldung an den Sohn.", ["Tramsel"]),
        ("Per Ambulanzjet via Tramsel.", ["Tramsel"]),
        ("Rücktransport morgen früh via Wurmek Dorf.", ["Wurmek Dorf"]),
        ("Die Patientin pendelt zwischen Tramsel und Gloder.", ["Tramsel", "Gloder"]),
        ("Pendelt zwischen Tramsel und Gloder, Rückmeldung an die Tochter.", ["Tramsel", "Gloder"]),
        ("Im Sommer auf der Alp ob Tramsel.", ["Tramsel"]),
        ("Heimreise über Kirchbrunnau.", ["Kirchbrunnau"]),
        # a means of transport after the place
        ("Kommt aus Tramsel mit dem Zug.", ["Tramsel"]),
        ("Fährt über Gloder per Bahn.", ["Gloder"]),
        # roads through or around a town and an inn named by it
        ("Auffahrunfall in der Ortsdurchfahrt Tramsel.", ["Tramsel"]),
        ("Verkehrsunfall auf der Umfahrung Gloder, er war angegurtet.", ["Gloder"]),
        ("Synkope bei der Einkehr in der Jausenstation Wurmek.", ["Wurmek"]),
    ],
)
def test_a_place_on_a_journey_or_named_by_its_road_is_masked(text: str, places: list[str]) -> None:
    assert typed(text) == [(place, "LOC") for place in places]


@pytest.mark.parametrize(
    "text",
    [
        "Transport über Notaufnahme.",
        "Rückkehr aus Urlaub geplant.",
        "Reise über Weihnachten zur Tochter.",
        "Zug aus Sicherheitsgründen nicht möglich.",
        "Taxi ab Haustür organisiert.",
        "Pendelt zwischen Hoffnung und Verzweiflung.",
        "Transport via Rettung ins KH.",
        "Rücktransport via Hausarzt organisiert.",
        "Flug über Ostern.",
        "Jet ab Mittag verfügbar.",
        # a department's compound is no journey's leg
        "Transfer aus Schmerzambulanz.",
        "Rücktransport ab Kinderchirurgie.",
        "Klagt über Schwindel mit dem Auto.",
        # without a journey's word a route's preposition needs a town's ending
        "Heute früh ab Tramsel.",
    ],
)
def test_ordinary_words_on_a_journey_stay(text: str) -> None:
    assert masked(text) == []


# --- codes -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        # dictation's spoken colon
        ("Totenschein-Nr. Doppelpunkt K 12 34.", "K 12 34"),
        ("Fall-Nr. Doppelpunkt 4471203.", "4471203"),
        # an account's and a slip's keywords
        ("Beitragskonto 12-34-K-56.", "12-34-K-56"),
        ("Bei Rückfragen stets Begleitschein K 12/34 nennen.", "K 12/34"),
        ("Begleitschein 20231144.", "20231144"),
        # capitals around two digits
        ("Zuordnung nur über Teilnehmercode QX41TR (bitte keinen Namen).", "QX41TR"),
        # three or four capitals before short digit groups, whole
        ("Ihre Spitex-Nr. lautet ABC 12 345.", "ABC 12 345"),
        ("Fallnummer ABCD 123 456.", "ABCD 123 456"),
        ("Fall-Nr. 12345 78 J.", "12345"),  # a quantity's group is no part of it
        # a dialysis chair and a house's part
        ("Hämodialyse Mo/Mi/Fr, Sitzplatz KW-4 am Fenster.", "KW-4"),
        ("Rückkehr in den Hausteil B-12 des Heims.", "B-12"),
    ],
)
def test_a_code_after_its_keyword_is_masked_whole(text: str, code: str) -> None:
    assert masked(text) == [code]


@pytest.mark.parametrize(
    "text",
    [
        "Führerschein 2019 entzogen.",
        "Konto 300 Euro überzogen.",
        "Krankenschein für 3 Tage.",
        "Totenschein 2x ausgestellt.",
        "Lieferschein 20 Stück.",
        "Kennung COVID19 im Befund.",
        "Marker-ID CD34 positiv.",
        "Nummer HbA1c kontrollieren.",
        # a tumour's stage is a classification, not an identifier
        "TNM-Code T2N1M0.",
        "Staging: T2N1M0.",
    ],
)
def test_a_year_count_or_marker_after_such_words_is_no_code(text: str) -> None:
    assert masked(text) == []
