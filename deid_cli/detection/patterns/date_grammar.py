"""German date strings: the grammar the PHI stage scans with, parsing, shifting, year-only.

One grammar serves both directions. ``DATE_PATTERNS`` are the compiled regexes the PHI stage
runs with ``finditer``; ``parse_date`` runs the same regexes with ``fullmatch`` on a date
string, so every span the stage reports can be parsed and rewritten here.

Forms (a space may also be U+00A0):

* dotted numeric ``12.03.2023``, ``12.3.23``, ``12. 3. 2023`` (spaces only with a 4-digit
  year), yearless ``12.3.`` (the final dot is part of the date);
* ``14.06 2031`` (the month's dot forgotten before a 4-digit year);
* slashed ``12/03/2023`` (4-digit year only), month/year ``03/2023``, ``3/2023``, ``03.2023``
  (year 1900-2099 only);
* ISO ``2023-03-12`` (a following ``T14:30`` is not part of the date);
* month names ``12. März 2023``, ``12.März 2023``, ``12. Mär. 2023``, ``12. März``,
  ``März 2023``; Austrian ``Jänner``/``Jän``/``Feber``, ASCII ``Maerz``/``Jaenner``,
  ``Mrz``, ``Sept``. A month name needs a day or a 4-digit year: ``im März`` alone is no
  date here. A day without dot (``12 März 2023``) needs the year;
* ranges written with one shared month/year: ``12.-14.03.2023``, ``12.03.-14.03.2023``,
  ``12. bis 14.03.2023``, ``12.-14. März 2023``, ``12.3.-14.3.``; the whole range is one date.

Two-digit years are read as 20yy up to the current year's last two digits, else 19yy.

Shifting keeps the written format: the separators and spaces of the original are copied,
every field is re-rendered in its own style (zero padding, 2/4-digit year, month name table:
full/abbreviated, Austrian, ASCII). Padding that a field does not show itself (``12``) is
taken from the other numeric fields of the same date (``12.3.23`` -> unpadded), else
numeric dates pad and named-month days do not. The one exception: "Mai" has no
abbreviation, so "12. Apr. 2023" + 30 days is "12. Mai 2023" (the dot goes).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

__all__ = [
    "DATE_PATTERNS",
    "MONTH_NAME",
    "DateField",
    "ParsedDate",
    "is_impossible_date",
    "is_valid_match",
    "parse_date",
    "parsed_from_match",
    "shift_date",
    "year_only",
]

# Leap year used for dates written without a year, so "29.2." stays a valid date.
REFERENCE_YEAR = 2000

# ---------------------------------------------------------------------------------------------
# Month names
# ---------------------------------------------------------------------------------------------

_FULL = ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
         "Oktober", "November", "Dezember")  # fmt: skip
_ABBR = ("Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez")

# Written word -> (month, base table, overrides of that table). The overrides make the
# rewritten month follow the variant the writer used: "Jänner" -> January is "Jänner".
_MONTH_WORDS: dict[str, tuple[int, tuple[str, ...], dict[int, str]]] = {
    **{name: (i + 1, _FULL, {}) for i, name in enumerate(_FULL)},
    **{name: (i + 1, _ABBR, {}) for i, name in enumerate(_ABBR) if name != "Mai"},
    "Jänner": (1, _FULL, {1: "Jänner"}),
    "Jaenner": (1, _FULL, {1: "Jaenner", 3: "Maerz"}),
    "Feber": (2, _FULL, {1: "Jänner", 2: "Feber"}),
    "Maerz": (3, _FULL, {3: "Maerz"}),
    "Jän": (1, _ABBR, {1: "Jän"}),
    "Mrz": (3, _ABBR, {3: "Mrz"}),
    "Sept": (9, _ABBR, {9: "Sept"}),
}
_FULL_WORDS = sorted((w for w, v in _MONTH_WORDS.items() if v[1] is _FULL), key=len, reverse=True)
_ABBR_WORDS = sorted((w for w, v in _MONTH_WORDS.items() if v[1] is _ABBR), key=len, reverse=True)
# Full names take no dot (a dot after "März" ends the sentence); abbreviations may.


def _tails(words: list[str]) -> str:
    """Alternation of ``words`` for a position where their first letter is already consumed:
    each tail checks its first letter with a lookbehind ("(?<=M)(?:ärz|aerz)")."""
    by_first: dict[str, list[str]] = {}
    for word in words:
        by_first.setdefault(word[0], []).append(word[1:])
    return "|".join(
        f"(?<={first})(?:{'|'.join(sorted(tails, key=len, reverse=True))})"
        for first, tails in by_first.items()
    )


# A month name as "first letter, then the rest". Starting with a character class lets the
# regex engine skip ahead to candidate letters; the context checks that would otherwise come
# first sit after that letter. Full names take no dot (a dot after "März" ends the sentence);
# abbreviations may.
_MONTH_FIRST = "[" + "".join(sorted({w[0] for w in _MONTH_WORDS})) + "]"
_MONTH_REST = (
    rf"(?:(?:{_tails(_FULL_WORDS)})(?![^\W\d_])"
    rf"|(?:{_tails(_ABBR_WORDS)})(?![^\W\d_])\.?)"
)
_MONTH = _MONTH_FIRST + _MONTH_REST
MONTH_NAME = _MONTH  # for other stages that read dates around a match


def _month_table(word: str) -> tuple[str, ...]:
    _, base, overrides = _MONTH_WORDS[word]
    return tuple(overrides.get(i + 1, name) for i, name in enumerate(base))


# ---------------------------------------------------------------------------------------------
# Grammar
# ---------------------------------------------------------------------------------------------

_SP = "[ \u00a0]"
# No date starts inside a word, number, path or time ("v2.1.3", "192.168.1.1", "10:12.3.").
# The check sits after the first digit (it looks at the character before that digit), so
# every pattern starts with a plain character class the engine can scan for quickly.
_D = r"\d(?<![\w/:+]\d)(?<!\d[.,]\d)"
# ... nor runs on into a longer number ("12.03.2023.5", "3/2023/1") or a word.
_AFTER = r"(?!\d)(?![.,/]\d)(?![^\W\d_])"
_RANGE_SEP = rf"(?P<rs>{_SP}?[-–]{_SP}?|{_SP}bis{_SP})"
_YEARS = r"(?:(?:1(?=9)|2(?=0))\d{3})"  # 1900-2099


def _num_core(first: str) -> str:
    """Dotted numeric date; ``first`` is the pattern of the day's first digit."""
    return (
        rf"(?P<d>{first}\d?)\.(?P<s1>{_SP}?)(?P<m>\d{{1,2}})\."
        rf"(?:(?P<s2>{_SP}?)(?P<y>\d{{4}})|(?P<yy>\d{{2}}))?"
    )


def _named_core(first: str) -> str:
    """Day + month name (+ year); ``first`` is the pattern of the day's first digit."""
    return rf"(?P<d>{first}\d?)(?P<ds>\.{_SP}?|{_SP})(?P<mn>{_MONTH})(?:{_SP}?(?P<y>{_YEARS})(?!\d))?"


# Ranges and single dates are separate scans, so a rejected range never hides the date in it.
DATE_PATTERNS: tuple[re.Pattern[str], ...] = (
    re.compile(rf"(?P<d0>{_D}\d?)\.(?:(?P<m0>\d{{1,2}})\.)?{_RANGE_SEP}" + _num_core(r"\d") + _AFTER),
    re.compile(_num_core(_D) + _AFTER),
    # Day.month, a space, then a 4-digit year without the month's dot ("14.06 2031").
    re.compile(rf"(?P<d>{_D}\d?)\.(?P<m>\d{{1,2}})(?P<sy>{_SP})(?P<y>{_YEARS})" + _AFTER),
    re.compile(rf"(?P<d>{_D}\d?)/(?P<m>\d{{1,2}})/(?P<y>\d{{4}})" + _AFTER),
    re.compile(rf"(?P<m>{_D}\d?)[/.](?P<y>{_YEARS})" + _AFTER),
    re.compile(
        r"(?P<y>[12](?<![\w\-/.:+][12])(?:(?<=1)9|(?<=2)0)\d{2})-(?P<m>\d{2})-(?P<d>\d{2})(?!\d)(?![-./,]\d)"
    ),
    re.compile(rf"(?P<d0>{_D}\d?)\.(?:{_SP}?(?P<mn0>{_MONTH}))?{_RANGE_SEP}" + _named_core(r"\d") + _AFTER),
    re.compile(_named_core(_D) + _AFTER),
    # Month name + year without a day ("März 2023"); the year is required here.
    re.compile(
        rf"(?P<mn>{_MONTH_FIRST}(?<![\w/:+]{_MONTH_FIRST}){_MONTH_REST}){_SP}?(?P<y>{_YEARS})" + _AFTER
    ),
)
_ISO_PATTERN = DATE_PATTERNS[5]


# ---------------------------------------------------------------------------------------------
# Parsed form
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True)
class DateField:
    """One written component: ``text[start:end]`` of the parsed string.

    ``style``: ``"d"``/``"dd"`` (day unpadded/zero-padded), ``"m"``/``"mm"`` (numeric month),
    ``"name"`` (month name, rendered from ``ParsedDate.month_names``), ``"yy"``/``"yyyy"``.
    """

    start: int
    end: int
    kind: str  # "day" | "month" | "year"
    style: str


@dataclass(slots=True)
class ParsedDate:
    """A parsed date string. For a range this is the first date; ``end`` is the second.

    ``day``/``month``/``year`` are the resolved values: a range start inherits the month and
    year it does not write. ``year`` is None when the text has no year (``12.3.``), ``day``
    is None for month precision (``März 2023``, ``03/2023``). ``fields`` are the components
    this part writes; ``insert_at`` (range start only) is where a month/year that shifting
    makes necessary is inserted.
    """

    text: str
    day: int | None
    month: int
    year: int | None
    fields: tuple[DateField, ...]
    month_names: tuple[str, ...] | None = None
    end: ParsedDate | None = None
    insert_at: int | None = None
    named: bool = False

    @property
    def precision(self) -> str:
        return "month" if self.day is None else "day"

    def written(self, kind: str) -> bool:
        return any(f.kind == kind for f in self.fields)


# Two-digit years up to this one are 20yy, later ones 19yy (fixed when the module loads).
_PIVOT = date.today().year % 100
_DAYS_IN_MONTH = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _expand_year(yy: int) -> int:
    return 2000 + yy if yy <= _PIVOT else 1900 + yy


def _valid_day(year: int | None, month: int, day: int) -> bool:
    if not 1 <= month <= 12 or not 1 <= day <= _DAYS_IN_MONTH[month - 1]:
        return False
    if month == 2 and day == 29 and year is not None:
        return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    return True


def _field(match: re.Match[str], name: str, kind: str, iso: bool, default_pad: bool) -> DateField:
    """The written component ``name`` of the match, with its rendering style."""
    raw = match.group(name)
    base = match.start()
    if kind == "year":
        style = "yyyy" if len(raw) == 4 else "yy"
    elif name in ("mn", "mn0"):
        style = "name"
    else:
        pad = iso or raw[0] == "0" or (len(raw) == 2 and default_pad)
        style = ("dd" if pad else "d") if kind == "day" else ("mm" if pad else "m")
    end = match.end(name) - base - raw.endswith(".")  # an abbreviation's dot stays as written
    return DateField(match.start(name) - base, end, kind, style)


def _values(g: dict[str, Any]) -> tuple[int | None, int, int | None, int, int | None] | None:
    """Validated (start day, start month, start year, end month, end year) from the groups
    of a ``DATE_PATTERNS`` match; the start is the end date itself when there is no range.
    The day is None for month precision."""
    d0, m0, mn0, d, mn = g.get("d0"), g.get("m0"), g.get("mn0"), g.get("d"), g.get("mn")
    y = g.get("y")
    if mn is not None:
        # A month name needs a day or a year; a day without dot ("12 März") needs the year.
        if (d is None and y is None) or (d0 is not None and d is None):
            return None
        if d is not None and y is None and "." not in g["ds"]:
            return None
        month = _MONTH_WORDS[mn.rstrip(".")][0]
    else:
        month = int(g["m"])
        # Spaced numeric dates ("12. 3. 2023") need a 4-digit year.
        if (g.get("s1") or g.get("s2")) and y is None:
            return None
    yy = g.get("yy")
    year = int(y) if y is not None else (None if yy is None else _expand_year(int(yy)))
    day = None if d is None else int(d)
    if not 1 <= month <= 12 or (day is not None and not _valid_day(year, month, day)):
        return None
    if d0 is None or day is None:
        return day, month, year, month, year
    # Range start: inherits what it does not write.
    day0 = int(d0)
    month0 = int(m0) if m0 is not None else (_MONTH_WORDS[mn0.rstrip(".")][0] if mn0 else month)
    end_year = REFERENCE_YEAR if year is None else year
    if (month0, day0) >= (month, day):
        # Only a Dec -> Jan style wrap may cross the year end; "14.-12.03." is no range.
        if month0 <= month:
            return None
        year0 = end_year - 1
    else:
        year0 = end_year
    if not _valid_day(year0, month0, day0):
        return None
    return day0, month0, None if year is None else year0, month, year


def is_valid_match(match: re.Match[str], groups: dict[str, Any] | None = None) -> bool:
    """True when a ``DATE_PATTERNS`` match is a valid date (what ``parsed_from_match`` would
    accept), without building the parsed form: the cheap check for scanning. ``groups`` is
    ``match.groupdict()`` when the caller has it already."""
    return _values(match.groupdict() if groups is None else groups) is not None


def is_impossible_date(groups: dict[str, Any]) -> bool:
    """A whole date, day, month and year written, whose day its month does not have: a typo'd
    or invented birth date ("31.02.1950", "29.02.1951") identifies as well as a real one, so it
    is masked as a date too (it is never parsed, shifted or cut to its year)."""
    if groups.get("d0") is not None or groups.get("d") is None:
        return False
    if groups.get("y") is None and groups.get("yy") is None:
        return False
    name = groups.get("mn")
    month = _MONTH_WORDS[name.rstrip(".")][0] if name is not None else int(groups["m"])
    day = int(groups["d"])
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return False
    y, yy = groups.get("y"), groups.get("yy")
    if name is None and (groups.get("s1") or groups.get("s2")) and y is None:
        return False  # a form no date takes ("12. 3.23": spaced needs a 4-digit year), not a typo
    year = int(y) if y is not None else _expand_year(int(yy))
    return not _valid_day(year, month, day)


def parsed_from_match(match: re.Match[str]) -> ParsedDate | None:
    """Build a ``ParsedDate`` from a ``DATE_PATTERNS`` match (positions relative to the
    match); None when day, month or range order are invalid."""
    g = match.groupdict()
    values = _values(g)
    if values is None:
        return None
    day0, month0, year0, month, year = values
    d0, m0, mn0, d, m, mn = g.get("d0"), g.get("m0"), g.get("mn0"), g.get("d"), g.get("m"), g.get("mn")
    y = g.get("y")
    named = mn is not None
    raw_year = y or g.get("yy")
    day = int(d) if d is not None else None

    # Padding evidence shared by the numeric fields: "12.3.23" pads nothing.
    raws = [r for r in (d0, m0, d, m) if r is not None]
    if any(r[0] == "0" for r in raws):
        default_pad = True
    elif any(len(r) == 1 for r in raws):
        default_pad = False
    else:
        default_pad = not named
    iso = match.re is _ISO_PATTERN
    fields: list[DateField] = []
    if d is not None:
        fields.append(_field(match, "d", "day", iso, default_pad))
    fields.append(_field(match, "mn" if named else "m", "month", iso, default_pad))
    if raw_year is not None:
        fields.append(_field(match, "y" if y is not None else "yy", "year", iso, default_pad))
    text = match.group()
    names = _month_table(mn.rstrip(".")) if mn is not None else None
    single = ParsedDate(text, day, month, year, tuple(fields), names, named=named)
    if d0 is None:
        return single

    base = match.start()
    start_fields = [_field(match, "d0", "day", iso, default_pad)]
    if m0 is not None:
        start_fields.append(_field(match, "m0", "month", iso, default_pad))
        insert_at = match.end("m0") + 1 - base
    elif mn0 is not None:
        start_fields.append(_field(match, "mn0", "month", iso, default_pad))
        insert_at = match.end("mn0") - base
    else:
        insert_at = match.end("d0") + 1 - base
    return ParsedDate(
        text,
        day0,
        month0,
        year0,
        tuple(start_fields),
        names,
        end=single,
        insert_at=insert_at,
        named=named,
    )


def parse_date(text: str) -> ParsedDate | None:
    """Parse a whole date string in one of the forms of this module; None otherwise."""
    for pattern in DATE_PATTERNS:
        match = pattern.fullmatch(text)
        if match is not None:
            parsed = parsed_from_match(match)
            if parsed is not None:
                return parsed
    return None


# ---------------------------------------------------------------------------------------------
# Rewriting
# ---------------------------------------------------------------------------------------------


def _as_date(parsed: ParsedDate) -> date:
    return date(parsed.year or REFERENCE_YEAR, parsed.month, parsed.day or 1)


def _render(f: DateField, value: date, names: tuple[str, ...] | None) -> str:
    if f.kind == "day":
        return f"{value.day:02d}" if f.style == "dd" else str(value.day)
    if f.kind == "month":
        if f.style == "name":
            assert names is not None
            return names[value.month - 1]
        return f"{value.month:02d}" if f.style == "mm" else str(value.month)
    return f"{value.year:04d}" if f.style == "yyyy" else f"{value.year % 100:02d}"


def _edit(text: str, f: DateField, value: date, names: tuple[str, ...] | None) -> tuple[int, int, str]:
    """Replacement of field ``f`` by ``value``. "Mai" has no abbreviation, so an
    abbreviation's dot is dropped when the month becomes May ("12. Apr. 2023" -> "12. Mai
    2023"); it is the one place where the written form cannot be kept."""
    new = _render(f, value, names)
    end = f.end
    if new == "Mai" and names is not None and names[0] in ("Jan", "Jän") and text[end : end + 1] == ".":
        end += 1
    return f.start, end, new


def _replace(text: str, edits: list[tuple[int, int, str]]) -> str:
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def _month_step(value: date, months: int) -> date:
    index = value.year * 12 + value.month - 1 + months
    return date(index // 12, index % 12 + 1, 1)


def _shift_once(parsed: ParsedDate, days: int) -> str:
    text = parsed.text
    end = parsed.end or parsed
    names = end.month_names
    if parsed.precision == "month":
        old = _as_date(parsed)
        new = old + timedelta(days=days)
        if (new.year, new.month) == (old.year, old.month):
            new = _month_step(old, 1 if days > 0 else -1)
        return _replace(text, [_edit(text, f, new, names) for f in parsed.fields])

    delta = timedelta(days=days)
    new_end = _as_date(end) + delta
    edits = [_edit(text, f, new_end, names) for f in end.fields]
    if parsed.end is None:
        return _replace(text, edits)

    if parsed.year is not None:
        start_year = parsed.year
    else:  # yearless range: the start year is inferred against the reference year
        start_year = REFERENCE_YEAR - ((parsed.month, parsed.day) > (end.month, end.day))
    old_start = date(start_year, parsed.month, parsed.day or 1)
    new_start = old_start + delta
    edits += [_edit(text, f, new_start, names) for f in parsed.fields]
    # What the start does not write it inherits from the end; write it where that is wrong.
    insert = ""
    month_needed = not parsed.written("month") and (
        (new_start.year, new_start.month) != (new_end.year, new_end.month)
    )
    implied_year = (
        new_end.year
        if (new_start.month, new_start.day) <= (new_end.month, new_end.day)
        else (new_end.year - 1)
    )
    year_needed = end.year is not None and new_start.year != implied_year
    month_field = next(f for f in end.fields if f.kind == "month")
    year_field = next((f for f in end.fields if f.kind == "year"), None)
    if parsed.named:
        if month_needed or (year_needed and not parsed.written("month")):
            insert += " " + _render(month_field, new_start, names)
        if year_needed and year_field is not None:
            insert += " " + _render(year_field, new_start, names)
    else:
        if month_needed or (year_needed and not parsed.written("month")):
            insert += _render(month_field, new_start, names) + "."
        if year_needed and year_field is not None:
            insert += _render(year_field, new_start, names)
    if insert:
        assert parsed.insert_at is not None
        edits.append((parsed.insert_at, parsed.insert_at, insert))
    return _replace(text, edits)


def shift_date(text: str, days: int) -> str:
    """Move the date in ``text`` by ``days`` and write it in the original format.

    Month precision (``März 2023``, ``03/2023``) shifts the first of the month; yearless dates
    are shifted within the leap year 2000. The result never equals ``text`` when ``days`` is
    not 0: when a shift lands on the same written date (a month-precision date moved less
    than a month, a yearless date moved by a whole year), it moves one month (month
    precision) or one more day in the same direction. Raises ``ValueError`` when ``text`` is
    no date of this module or the shifted year leaves 1-9999.
    """
    parsed = parse_date(text)
    if parsed is None:
        raise ValueError(f"not a date: {text!r}")
    if days == 0:
        return text
    step = 1 if days > 0 else -1
    try:
        for extra in range(4):
            shifted = _shift_once(parsed, days + step * extra)
            if shifted != text:
                return shifted
    except (OverflowError, ValueError) as error:
        raise ValueError(f"cannot shift {text!r} by {days} days") from error
    raise ValueError(f"cannot shift {text!r} by {days} days")  # pragma: no cover


def year_only(text: str) -> str | None:
    """The 4-digit year of the date (``12.3.23`` -> ``2023``); ``start-end`` for a range whose
    ends lie in different years; None for a date without year (``12.3.``, ``12. März``) or
    a string that is no date: the caller masks those entirely."""
    parsed = parse_date(text)
    if parsed is None or parsed.year is None:
        return None
    end = parsed.end
    if end is not None and end.year is not None and end.year != parsed.year:
        return f"{parsed.year}-{end.year}"
    return str(parsed.year)
