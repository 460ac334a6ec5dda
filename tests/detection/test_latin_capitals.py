"""Names and places whose first letter is a capital of another Latin script ("Š", "Ç", "Ł",
"Ø", "É", "Ș"): Croatian, Turkish, Polish, Nordic, French and Romanian names and towns are
common in German and Austrian notes. Every rule that wants a capital reads the same class
(``patterns.letters.UPPER``), so such a word is found where a German-capital one is, and a
practice named after such a doctor is masked whole, not as a site word beside a person.

All names and towns are invented (checked against the bundled lists below).
"""

from __future__ import annotations

import re

import pytest
from invented import assert_in_no_list, masked, typed

from deid_cli.detection.patterns.letters import CAPITAL

INVENTED = (
    "Šelvrinac", "Čaprunje", "Łowiczno", "Ørnvik", "Ústrebín", "Țarvelu", "Ćirvane", "Đurmelj",
    "Şalvirek", "Šorvić", "Çelmek", "Ørbeck", "Łukwinek", "Đorvač", "Émeline", "Ștefănel",
)  # fmt: skip


def test_the_invented_words_are_in_no_list() -> None:
    assert_in_no_list(INVENTED)


def test_a_capital_is_any_latin_capital_and_no_german_small_letter_or_sign() -> None:
    capital = re.compile(CAPITAL)
    for letter in "AZÄÖÜÀÇÉÍÑØÞĆČĐĘŁŃŘŚŞŠŤŮŹŻŽȘȚ":
        assert capital.fullmatch(letter), letter
    # German small letters and Latin-1's: a word that starts with one is no name ("über")
    for letter in "azäöüßàçéíñø":
        assert not capital.fullmatch(letter), letter
    for sign in "×÷·1_-":
        assert not capital.fullmatch(sign), sign


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Urlaub in Šelvrinac.", "Šelvrinac"),
        ("Die Patientin wohnt in Čaprunje", "Čaprunje"),
        ("aus Łowiczno zugewiesen", "Łowiczno"),
        ("Geburtsort: Ørnvik", "Ørnvik"),
        ("geboren in Ústrebín", "Ústrebín"),
        ("Urlaub in Țarvelu geplant.", "Țarvelu"),
    ],
)
def test_a_town_after_a_place_cue_is_masked_whatever_its_first_capital(text: str, place: str) -> None:
    assert typed(text) == [(place, "LOC")]


@pytest.mark.parametrize(
    ("text", "site"),
    [
        ("Transfer ins LKH Ćirvane", "LKH Ćirvane"),
        ("Aufnahme im KH Đurmelj", "KH Đurmelj"),
        ("Befund aus dem Klinikum Şalvirek", "Klinikum Şalvirek"),
    ],
)
def test_a_house_named_by_such_a_town_is_one_site(text: str, site: str) -> None:
    assert typed(text) == [(site, "SIT")]


@pytest.mark.parametrize(
    ("text", "site"),
    [
        # Before: "Praxis Dr. med. Željka" as a site and "Šorvić" as a person, or the site
        # word left bare beside a doctor: a partial mask that shows where the pseudonym sits.
        ("Überweisung an Praxis Dr. med. Željka Šorvić.", "Praxis Dr. med. Željka Šorvić"),
        ("Ordination Dr. Çelmek & Partner", "Ordination Dr. Çelmek & Partner"),
        ("Befund an Praxis Dr. Ørbeck gefaxt.", "Praxis Dr. Ørbeck"),
        (
            "Gemeinschaftspraxis Dr. Łukwinek und Dr. Đorvač",
            "Gemeinschaftspraxis Dr. Łukwinek und Dr. Đorvač",
        ),
    ],
)
def test_a_practice_named_after_such_a_doctor_is_masked_whole(text: str, site: str) -> None:
    assert typed(text) == [(site, "SIT")]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Frau Émeline Ørbeck kam zur Kontrolle.", ["Émeline", "Ørbeck"]),
        ("Herr Ștefănel Đorvač wurde aufgenommen.", ["Ștefănel", "Đorvač"]),
        ("Sehr geehrte Frau Dr. Šorvić,", ["Šorvić"]),
    ],
)
def test_a_person_so_named_is_masked_whole(text: str, names: list[str]) -> None:
    assert masked(text) == names


@pytest.mark.parametrize(
    "text",
    [
        "Überweisung an Praxis Dr. med. Željka Šorvić.",
        "Ordination Dr. Çelmek & Partner",
        "Gemeinschaftspraxis Dr. Łukwinek und Dr. Đorvač",
    ],
)
def test_the_same_practice_with_german_capitals_is_masked_alike(text: str) -> None:
    """The twin of each practice above, its capitals made German, is masked the same way: the
    rule reads the letter's kind, not a list of letters."""
    german = text.translate(str.maketrans("ŽŠÇŁĐ", "ZSCLD"))
    assert len(masked(german)) == len(masked(text)) == 1
