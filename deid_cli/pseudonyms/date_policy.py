"""What happens to dates (``--dates``): masked like any span, shifted per patient, or cut to
the year.

``shift`` moves all dates of one group (``--group-field``, e.g. ``patient_id``; without it,
the whole corpus is one group) by the same random number of days, drawn per run and held in
memory only, so intervals within a patient's record survive while the real dates do not. A
date that cannot be shifted or has no year is masked instead.
"""

from __future__ import annotations

import random
import re
import secrets
from datetime import date

from deid_cli.detection.spans import DAT
from deid_cli.pseudonyms.table import Replacer

DATE_MODES = ("keep", "mask", "shift", "year")
# Dates letters write without a day: a bare year after a cue ("seit 2019") or month/year
# ("03/17"). They cannot be shifted without losing what they say, so shift masks them.
_BARE_YEAR = re.compile(r"(?:19|20)\d{2}")
_MONTH_SHORT_YEAR = re.compile(r"(?:0?[1-9]|1[0-2])/(\d{2})")


def coarse_year(text: str) -> str | None:
    """The year of a bare-year or month/two-digit-year date, else None."""
    if _BARE_YEAR.fullmatch(text):
        return text
    match = _MONTH_SHORT_YEAR.fullmatch(text)
    if match is None:
        return None
    two = int(match.group(1))
    return str((2000 if two <= date.today().year % 100 else 1900) + two)


MAX_SHIFT_DAYS = 365


class DatePolicy:
    """Builds the replacement function for one record's dates."""

    def __init__(self, mode: str = "mask", seed: int | None = None) -> None:
        if mode not in DATE_MODES:
            raise ValueError(f"--dates must be one of {', '.join(DATE_MODES)}")
        self.mode = mode
        self._random: random.Random = random.Random(seed) if seed is not None else secrets.SystemRandom()
        self._offsets: dict[str, int] = {}

    def offset(self, group: str) -> int:
        """The group's shift in days: non-zero, the same for the whole run."""
        days = self._offsets.get(group)
        if days is None:
            days = self._random.choice([-1, 1]) * self._random.randint(1, MAX_SHIFT_DAYS)
            self._offsets[group] = days
        return days

    @property
    def by_group(self) -> bool:
        """Whether ``replacer`` depends on the group (dates shifted per group); if not, one
        replacer serves every record."""
        return self.mode == "shift"

    def replacer(self, base: Replacer, group: str) -> Replacer:
        """``base`` for every span except dates, which follow the policy."""
        if self.mode in ("keep", "mask"):
            return base
        # Only these modes read dates: the grammar's regexes compile only for them.
        from deid_cli.detection.patterns.date_grammar import shift_date, year_only

        def replace(original: str, entity_type: str, code: str, reference: str) -> str:
            if entity_type != DAT:
                return base(original, entity_type, code, reference)
            if self.mode == "shift":
                try:
                    return shift_date(original, self.offset(group))
                except ValueError:
                    return base(original, entity_type, code, reference)
            year = year_only(original) or coarse_year(original)
            return year if year is not None else base(original, entity_type, code, reference)

        return replace

    def __reduce__(self) -> None:  # pragma: no cover - a guard, not a feature
        raise TypeError("date offsets are never serialized")
