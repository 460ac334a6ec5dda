"""Guarantees of date parsing and rewriting (deid_cli.detection.patterns.date_grammar).

All dates are invented.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deid_cli.detection.patterns.date_grammar import ParsedDate, parse_date, shift_date, year_only

# One example of every written form the grammar knows.
FORMS = [
    "12.03.2023",
    "12.3.23",
    "12.3.2023",
    "1.1.2020",
    "12. 3. 2023",
    "12.3.",
    "01.02.",
    "12/03/2023",
    "03/2023",
    "3/2023",
    "03.2023",
    "2023-03-12",
    "12. März 2023",
    "12.März 2023",
    "12 März 2023",
    "12. Mär. 2023",
    "12. Mrz 2023",
    "12. Sept. 2023",
    "12. März",
    "März 2023",
    "Mär. 2023",
    "12. Jänner 2020",
    "3. Feber 2021",
    "Jän. 2021",
    "12. Maerz 2023",
    "12.-14.03.2023",
    "12.03.-14.03.2023",
    "12. bis 14.03.2023",
    "12.-14. März 2023",
    "12. März - 14. April 2023",
    "12.3.-14.3.",
    "30.12.-02.01.2024",
]
OFFSETS = [-800, -366, -365, -31, -30, -1, 1, 2, 10, 29, 30, 31, 59, 365, 366, 1000]


def skeleton(text: str) -> str:
    """The written format with the values removed: digit runs and month words collapse."""
    text = re.sub(r"\d+", "9", text)
    return re.sub(r"[A-ZÄÖÜ][a-zäöü]+", "M", text)


def as_date(parsed: ParsedDate) -> date:
    assert parsed.year is not None and parsed.day is not None
    return date(parsed.year, parsed.month, parsed.day)


# --- parsing ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text", FORMS)
def test_every_documented_form_parses(text: str) -> None:
    assert parse_date(text) is not None


@pytest.mark.parametrize(
    ("text", "day", "month", "year"),
    [
        ("12.03.2023", 12, 3, 2023),
        ("12.3.23", 12, 3, 2023),
        ("12.3.85", 12, 3, 1985),
        ("12.3.", 12, 3, None),
        ("03/2023", None, 3, 2023),
        ("3/2023", None, 3, 2023),
        ("2023-03-12", 12, 3, 2023),
        ("12. März 2023", 12, 3, 2023),
        ("12. Mär. 2023", 12, 3, 2023),
        ("März 2023", None, 3, 2023),
        ("12. Jänner 2020", 12, 1, 2020),
        ("3. Feber 2021", 3, 2, 2021),
        ("12. Mrz 2023", 12, 3, 2023),
        ("12. Sept. 2023", 12, 9, 2023),
        ("29.02.2024", 29, 2, 2024),
        ("29.2.", 29, 2, None),
    ],
)
def test_parse_date_reads_day_month_year(text: str, day: int | None, month: int, year: int | None) -> None:
    parsed = parse_date(text)
    assert parsed is not None
    assert (parsed.day, parsed.month, parsed.year) == (day, month, year)
    assert parsed.precision == ("month" if day is None else "day")


def test_parse_date_of_range_gives_start_and_end() -> None:
    parsed = parse_date("12.-14.03.2023")
    assert parsed is not None and parsed.end is not None
    assert (parsed.day, parsed.month, parsed.year) == (12, 3, 2023)
    assert (parsed.end.day, parsed.end.month, parsed.end.year) == (14, 3, 2023)
    assert not parsed.written("month") and parsed.end.written("year")


def test_range_start_across_new_year_is_in_the_previous_year() -> None:
    parsed = parse_date("30.12.-02.01.2024")
    assert parsed is not None and parsed.end is not None
    assert (parsed.year, parsed.end.year) == (2023, 2024)


def test_parse_date_records_field_positions_and_styles() -> None:
    parsed = parse_date("12.3.23")
    assert parsed is not None
    assert [(f.kind, parsed.text[f.start : f.end], f.style) for f in parsed.fields] == [
        ("day", "12", "d"),
        ("month", "3", "m"),
        ("year", "23", "yy"),
    ]
    named = parse_date("12. Mär. 2023")
    assert named is not None
    month = next(f for f in named.fields if f.kind == "month")
    assert (named.text[month.start : month.end], month.style) == ("Mär", "name")


@pytest.mark.parametrize(
    "text",
    [
        "31.04.2023",
        "30.02.2024",
        "29.02.2023",
        "00.01.2023",
        "12.13.2023",
        "32.01.2023",
        "13/2023",
        "0/2023",
        "2023-13-01",
        "2023-02-30",
        "03/1850",
        "März",
        "im März",
        "2023",
        "12.3",
        "14:30",
        "12,5",
        "1-0-1",
        "135/85",
        "7/10",
        "12 März",
        "14.-12.03.2023",
        "12.-12.03.2023",
        "",
        "12.03.2023 ",
        "am 12.03.2023",
    ],
)
def test_invalid_or_non_dates_do_not_parse(text: str) -> None:
    assert parse_date(text) is None


# --- shifting: exact results -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "days", "expected"),
    [
        ("12.3.23", 10, "22.3.23"),
        ("12.03.2023", 10, "22.03.2023"),
        ("12.3.2023", -5, "7.3.2023"),
        ("12.03.2023", -5, "07.03.2023"),
        ("1.1.2020", -1, "31.12.2019"),
        ("12. März 2023", 10, "22. März 2023"),
        ("12. März 2023", -11, "1. März 2023"),
        ("02. März 2023", 1, "03. März 2023"),
        ("12.März 2023", 30, "11.April 2023"),
        ("12. Mär. 2023", 30, "11. Apr. 2023"),
        ("12. Mrz 2023", -30, "10. Feb 2023"),
        ("12. Sept. 2023", 30, "12. Okt. 2023"),
        ("12. Maerz 2023", 100, "20. Juni 2023"),
        ("12. Jänner 2023", 30, "11. Februar 2023"),
        ("12. Februar 2023", -30, "13. Januar 2023"),
        ("12. Feber 2023", -30, "13. Jänner 2023"),
        ("12. Jän. 2023", 365, "12. Jän. 2024"),
        ("12. Feb. 2023", -30, "13. Jan. 2023"),
        ("März 2023", 40, "April 2023"),
        ("März 2023", -1, "Februar 2023"),
        ("Jänner 2023", -1, "Dezember 2022"),
        ("Feber 2023", -10, "Jänner 2023"),
        ("03/2023", 40, "04/2023"),
        ("3/2023", 40, "4/2023"),
        ("12/2023", 31, "01/2024"),
        ("03.2023", -400, "01.2022"),
        ("2023-03-12", 10, "2023-03-22"),
        ("2023-12-31", 1, "2024-01-01"),
        ("12.3.", 10, "22.3."),
        ("12.03.", 20, "01.04."),
        ("12/03/2023", 20, "01/04/2023"),
        ("12. 3. 2023", 20, "1. 4. 2023"),
        ("12. März", 20, "1. April"),
        ("12.-14.03.2023", 10, "22.-24.03.2023"),
        ("12. bis 14.03.2023", -20, "20. bis 22.02.2023"),
        ("12.-14. März 2023", 20, "1.-3. April 2023"),
        ("12.03.-14.03.2023", 30, "11.04.-13.04.2023"),
        ("12.3.-14.3.", 1, "13.3.-15.3."),
    ],
)
def test_shift_date_keeps_the_written_format(text: str, days: int, expected: str) -> None:
    assert shift_date(text, days) == expected


@pytest.mark.parametrize(
    ("text", "days", "expected"),
    [
        ("31.01.2024", 30, "01.03.2024"),  # leap year: February has 29 days
        ("31.01.2023", 30, "02.03.2023"),
        ("28.02.2024", 1, "29.02.2024"),
        ("28.02.2023", 1, "01.03.2023"),
        ("29.02.2024", 365, "28.02.2025"),
        ("29.02.2024", 366, "01.03.2025"),
        ("01.03.2024", -1, "29.02.2024"),
        ("31.12.2023", 1, "01.01.2024"),
        ("31.12.99", 1, "01.01.00"),
        ("01.01.00", -1, "31.12.99"),
        ("29.02.00", 1, "01.03.00"),  # 2000 is a leap year
        ("28.2.", 1, "29.2."),  # yearless dates live in the leap year 2000
        ("29.2.", 1, "1.3."),
        ("31.12.", 1, "01.01."),  # "31.12." shows no padding style: numeric dates pad
        ("1.1.", -1, "31.12."),
    ],
)
def test_month_end_and_leap_year_edges(text: str, days: int, expected: str) -> None:
    assert shift_date(text, days) == expected


@pytest.mark.parametrize(
    ("text", "days", "expected"),
    [
        ("30.-31.01.2024", 1, "31.01.-01.02.2024"),
        ("28.-31.12.2023", 3, "31.12.-03.01.2024"),
        ("30.-31. Jänner 2024", 1, "31. Jänner-1. Februar 2024"),
        ("30.12.-02.01.2024", 5, "04.01.-07.01.2024"),
        ("30.12.-02.01.2024", -1, "29.12.-01.01.2024"),
        ("30.12.-02.01.2024", 2, "01.01.-04.01.2024"),
    ],
)
def test_range_start_gets_its_own_month_when_the_shift_splits_the_range(
    text: str, days: int, expected: str
) -> None:
    shifted = shift_date(text, days)
    assert shifted == expected
    before, after = parse_date(text), parse_date(shifted)
    assert before is not None and after is not None and before.end and after.end
    assert as_date(after) - as_date(before) == timedelta(days=days)
    assert as_date(after.end) - as_date(before.end) == timedelta(days=days)


@pytest.mark.parametrize("text", FORMS)
@pytest.mark.parametrize("days", OFFSETS)
def test_shifted_date_differs_parses_and_keeps_the_format_skeleton(text: str, days: int) -> None:
    shifted = shift_date(text, days)
    assert shifted != text
    parsed = parse_date(shifted)
    assert parsed is not None
    original = parse_date(text)
    assert original is not None
    if original.end is None and "Mai" not in shifted:  # ranges may gain a month; see May test
        assert skeleton(shifted) == skeleton(text)
    assert (parsed.year is None) == (original.year is None)
    assert parsed.precision == original.precision


@pytest.mark.parametrize(
    ("text", "days", "expected"),
    [
        ("12. Apr. 2023", 30, "12. Mai 2023"),
        ("Apr. 2023", 30, "Mai 2023"),
        ("12. Mai 2023", 31, "12. Juni 2023"),
    ],
)
def test_abbreviated_month_drops_its_dot_when_it_becomes_may(text: str, days: int, expected: str) -> None:
    assert shift_date(text, days) == expected


@pytest.mark.parametrize("text", FORMS)
def test_shift_by_zero_returns_the_text_unchanged(text: str) -> None:
    assert shift_date(text, 0) == text


@pytest.mark.parametrize("text", ["12.3.", "1.1.", "29.2.", "12. März", "12.3.-14.3."])
@pytest.mark.parametrize("days", [365, 366, -365, -366, 730, 731, -1461])
def test_yearless_dates_shifted_by_whole_years_still_change(text: str, days: int) -> None:
    assert shift_date(text, days) != text


@given(
    first=st.dates(date(1950, 1, 1), date(2060, 12, 31)),
    gap=st.integers(-2000, 2000),
    days=st.integers(-3000, 3000).filter(bool),
    form=st.sampled_from(["%d.%m.%Y", "%Y-%m-%d", "%d/%m/%Y", "{d}.{m}.%Y", "{d}. {M} %Y"]),
)
@settings(max_examples=150, deadline=None)
def test_shifting_two_dates_by_the_same_days_keeps_their_distance(
    first: date, gap: int, days: int, form: str
) -> None:
    months = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
              "Oktober", "November", "Dezember"]  # fmt: skip
    second = first + timedelta(days=gap)

    def write(value: date) -> str:
        text = form.replace("{d}", str(value.day)).replace("{m}", str(value.month))
        return value.strftime(text.replace("{M}", months[value.month - 1]))

    a, b = parse_date(shift_date(write(first), days)), parse_date(shift_date(write(second), days))
    assert a is not None and b is not None
    assert as_date(b) - as_date(a) == timedelta(days=gap)
    assert as_date(a) - first == timedelta(days=days)


@pytest.mark.parametrize("text", ["12.3.85", "12.03.1999", "12. März 1985"])
def test_two_digit_and_old_years_shift_correctly(text: str) -> None:
    parsed = parse_date(text)
    shifted = parse_date(shift_date(text, 400))
    assert parsed is not None and shifted is not None
    assert as_date(shifted) - as_date(parsed) == timedelta(days=400)


def test_two_digit_year_is_printed_with_two_digits() -> None:
    assert shift_date("12.3.05", 365) == "12.3.06"
    assert shift_date("12.3.10", -3652) == "12.3.00"


def test_month_precision_moves_at_least_one_month() -> None:
    assert shift_date("März 2023", 1) == "April 2023"
    assert shift_date("März 2023", -1) == "Februar 2023"
    assert shift_date("03/2023", 15) == "04/2023"
    # A shift that leaves the month lands where the first of the month lands.
    assert shift_date("März 2023", 61) == "Mai 2023"


@pytest.mark.parametrize("text", ["", "2023", "14:30", "31.04.2023", "keine Angabe", "12.03.2023 14:30"])
def test_shift_date_rejects_non_dates(text: str) -> None:
    with pytest.raises(ValueError):
        shift_date(text, 5)


def test_shift_out_of_calendar_range_raises_value_error() -> None:
    with pytest.raises(ValueError):
        shift_date("01.01.2023", 10**7)


# --- year only -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("12.03.2023", "2023"),
        ("12.3.23", "2023"),
        ("12.3.85", "1985"),
        ("03/2023", "2023"),
        ("März 2023", "2023"),
        ("12. Jänner 2020", "2020"),
        ("2023-03-12", "2023"),
        ("12.-14.03.2023", "2023"),
        ("30.12.-02.01.2024", "2023-2024"),
        ("12.3.", None),
        ("12. März", None),
        ("12.3.-14.3.", None),
        ("kein Datum", None),
    ],
)
def test_year_only_keeps_the_year_or_returns_none(text: str, expected: str | None) -> None:
    assert year_only(text) == expected
