"""Guarantees for clinical letters: who a name is from the words around it, dates that
letters write without a cue (bare years, month/year, ranges with one shared month), ward
and case numbers, the place-and-date line, and named houses.

All names, places, numbers and phrases are invented (none is taken from an annotated corpus);
names and places are checked not to be in the bundled lists.
"""

from __future__ import annotations

import pytest

from deid_cli.detection.detector import Detector
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.detection.patterns.phi import PhiStage
from deid_cli.detection.spans import DAT, ID
from deid_cli.pseudonyms.date_policy import DatePolicy

LEX = build_lexicon(DictionaryOptions())
DET = Detector(LEX, types=["PAT", "HCP", "PER", "SIT", "ADD", "ZIP", "LOC", "PHO", "DAT", "ID"])
DATES = PhiStage(frozenset({DAT}))
IDS = PhiStage(frozenset({ID, DAT}))


def typed(text: str) -> list[tuple[str, str]]:
    return [(text[s.start : s.end], s.type) for s in DET.detect(text).spans]


def found(stage: PhiStage, text: str) -> list[str]:
    return [text[s.start : s.end] for s in stage.find(text)]


# -- who a name is -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Dr. med. Wendolin Zirbleitner *07.08.1971 kam zur Kontrolle",
        "Anna Zirbleitner, geb. 1.2.1950, kam zur Kontrolle",
        "Patientin: Zirbleitner, Anna geb. am 13.02.1963",
        "Patientin: Zirbleitner, Wendolin",
        "PATIENT: Anna Zirbleitner",
    ],
)
def test_a_birth_date_or_patient_header_makes_the_named_person_the_patient(text: str) -> None:
    names = [(w, t) for w, t in typed(text) if t in ("PAT", "HCP", "PER")]
    assert ("Zirbleitner", "PAT") in names
    assert all(t == "PAT" for _, t in names)


def test_the_patient_proven_by_a_birth_date_is_the_patient_in_the_whole_note() -> None:
    text = "Anna Zirbleitner, geb. 1.2.1950\nTelefonat mit Dr. Zirbleitner heute"
    assert [t for w, t in typed(text) if w == "Zirbleitner"] == ["PAT", "PAT"]


@pytest.mark.parametrize(
    "text",
    [
        "Mit freundlichen Grüßen\nFrau Zirbleitner\nStationsärztin",
        "Befundet von Anna Zirbleitner MBA",
        "Orthoptistin: Anna Zirbleitner",
    ],
)
def test_a_role_next_to_a_name_makes_a_health_care_professional(text: str) -> None:
    assert ("Zirbleitner", "HCP") in typed(text)


def test_a_title_after_a_name_only_counts_where_the_list_item_ends() -> None:
    # "Frau X Dr. Y": the title belongs to the next person, not to X.
    assert typed("Frau Zirbleitner Dr. Hofbrunninger informiert")[:1] == [("Zirbleitner", "PAT")]


def test_titles_chained_without_a_space_still_make_an_hcp() -> None:
    assert typed("Prim. Univ. Prof. Dr.Dr. Wendolin Zirbleitner") == [
        ("Wendolin", "HCP"),
        ("Zirbleitner", "HCP"),
    ]


@pytest.mark.parametrize(
    ("text", "etype"),
    [
        ("Frau Zirbleitner hat angerufen", "PAT"),
        ("Tochter Frau Zirbleitner hat angerufen", "PER"),
        ("Sehr geehrte Frau Zirbleitner, anbei", "HCP"),
        ("Sehr geehrter Herr Kollege Zirbleitner, anbei", "HCP"),
    ],
)
def test_frau_herr_presume_the_patient_unless_a_relative_or_greeting_says_otherwise(
    text: str, etype: str
) -> None:
    assert ("Zirbleitner", etype) in typed(text)


# -- dates letters write without a cue ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("- Z.n. Knie-TEP re. 2015 und 2021\n", ["2015", "2021"]),
        ("St.p. Radiusfraktur 1998\nCholezystektomie", ["1998"]),
        ("- Chemotherapie 03/16\n- Stent-Implantation re 7/20", ["03/16", "7/20"]),
        ("Capecitabin 02/98-09/17, dann", ["02/98", "09/17"]),
        ("am 14.06 2031 erneut", ["14.06 2031"]),
    ],
)
def test_history_lists_date_by_bare_years_and_month_years(text: str, dates: list[str]) -> None:
    assert found(DATES, text) == dates


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("11-12.03.2025 2. Zyklus", ["11", "12.03.2025"]),
        ("am 11/12.03.2025 gegeben", ["11", "12.03.2025"]),
        ("(02.04-16.04.2025) notwendig", ["02.04", "16.04.2025"]),
        ("CHOP 3-7/21 => Teilremission", ["3", "7/21"]),
        ("Bestrahlung 2-3/2022 -", ["2", "3/2022"]),
        ("von März bis Oktober 2020 eine Therapie", ["März", "Oktober 2020"]),
    ],
)
def test_the_start_of_a_range_that_shares_month_or_year_is_a_date_too(text: str, dates: list[str]) -> None:
    assert found(DATES, text) == dates


@pytest.mark.parametrize(
    "text",
    [
        "Trinkmenge 2000",  # round numbers are quantities
        "2023 Patienten wurden befragt",  # a count before a noun
        "Zimmer 2012",
        "Version 2019",
        "Version 2.1 2020",
        "3/12 LK positiv",
        "Visus 5/10",
        "Tbl. 1/2 morgens",
        "RR 130/85",
        "Leukozyten 2019/µl",
    ],
)
def test_quantities_counts_scores_and_versions_are_not_bare_dates(text: str) -> None:
    assert found(DATES, text) == []


def test_a_month_year_range_is_not_read_as_a_phone_number() -> None:
    text = "Erhaltungstherapie 02/17-05/20, dann"
    assert typed(text) == [("02/17", "DAT"), ("05/20", "DAT")]


@pytest.mark.parametrize(
    ("original", "shifted", "year"), [("3/18", "[DAT]", "2018"), ("11/13", "[DAT]", "2013")]
)
def test_month_years_are_masked_under_shift_and_cut_to_the_year_under_year(
    original: str, shifted: str, year: str
) -> None:
    def base(original: str, entity_type: str, code: str, reference: str) -> str:
        return f"[{entity_type}]"

    assert DatePolicy("shift", seed=1).replacer(base, "p1")(original, DAT, "X", original) == shifted
    assert DatePolicy("year", seed=1).replacer(base, "p1")(original, DAT, "X", original) == year


# -- identifiers -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("auf Station 2304 um 9.15 Uhr", ["2304"]),
        ("auf Station K-07 vorstellen", ["K-07"]),
        ("Station: B12. OG.", ["B12"]),
        ("Unfallchirurgie C / Zi: 207", ["207"]),
        ("Fall: 557190238846\nBEFUND", ["557190238846"]),
        ("Vorgangs-Nr. 02283915507 Sehr", ["02283915507"]),
        ("(Protokoll Nr.:073312-0457)", ["073312-0457"]),
    ],
)
def test_ward_room_and_case_numbers_are_identifiers(text: str, ids: list[str]) -> None:
    assert found(IDS, text) == ids
    assert all(s.type == ID for s in IDS.find(text))


def test_fall_without_a_colon_is_not_an_id_keyword() -> None:
    assert [s.type for s in IDS.find("im Fall 2019 war")] == [DAT]


def test_a_keyword_identifier_beats_a_phone_reading_of_the_same_digits() -> None:
    assert ("02283915507", "ID") in typed("Vorgangs-Nr. 02283915507")


# -- places and houses -----------------------------------------------------------------------


def test_the_place_of_a_letters_place_and_date_line_is_a_city() -> None:
    assert ("Zirbldorf", "LOC") in typed("Klinik für Kardiologie\nZirbldorf, am 03.05.2031\nSehr geehrte")


@pytest.mark.parametrize("text", ["Verlauf, am 03.05.2031\n", "Ergometrie, 11.10.2038: unauffällig"])
def test_a_heading_or_finding_before_a_date_is_not_a_city(text: str) -> None:
    assert all(t != "LOC" for _, t in typed(text))


def test_a_postcode_after_a_residence_cue_takes_any_place() -> None:
    assert typed("wh.: 8472 Zirbldorf, Lindenweg 5")[:2] == [("8472", "ZIP"), ("Zirbldorf", "LOC")]


def test_a_house_hyphenated_onto_its_kind_is_a_medical_site() -> None:
    text = "Abteilung Kardiologie (Quirin-Stramlinger-Klinik) Leitung"
    assert typed(text) == [("Quirin-Stramlinger-Klinik", "SIT")]
