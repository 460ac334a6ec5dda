"""First names from gender-guesser's ``nam_dict.txt`` (Jörg Michael's list, GNU FDL).

Why a module: the file has its own fixed-column format (gender code, name, one frequency digit
per country) that only this module needs to know.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from wordlists.helpers import Genders, site_package_file
from wordlists.parameters import (
    NAM_DICT_HOME_COLUMNS,
    NAM_DICT_HOME_MIN,
    NAM_DICT_IMMIGRANT_COLUMNS,
    NAM_DICT_IMMIGRANT_MIN,
)

NAM_DICT_GENDERS = {"M": "m", "1M": "m", "?M": "m", "F": "f", "1F": "f", "?F": "f", "?": "u"}


def nam_dict_lines() -> Iterator[str]:
    """Data lines of gender-guesser's nam_dict.txt (Jörg Michael's list)."""
    path = site_package_file("gender_guesser", "data/nam_dict.txt")
    with path.open(encoding="utf-8") as handle:
        for raw in handle:
            line = raw.rstrip("\r\n")
            if line and not line.startswith("#"):
                yield line


def nam_dict_frequency(line: str, column: int) -> int:
    """One country's frequency (hex digit 1..D; blank = 0)."""
    char = line[column] if column < len(line) else " "
    return int(char, 16) if char.strip() else 0


def nam_dict_selected(line: str) -> bool:
    """Is the name frequent enough in a home or immigrant-group country?"""
    if any(nam_dict_frequency(line, c) >= NAM_DICT_HOME_MIN for c in NAM_DICT_HOME_COLUMNS.values()):
        return True
    return any(
        nam_dict_frequency(line, c) >= NAM_DICT_IMMIGRANT_MIN for c in NAM_DICT_IMMIGRANT_COLUMNS.values()
    )


def decode_nam_dict_name(field: str) -> list[str]:
    """Spellings a nam_dict name stands for. '+' joins Arabic/Chinese/Korean compounds and
    means '-', ' ' or nothing: we keep "Abdel-Aziz" and "Abdelaziz". Entries still holding
    legacy escape codes ('<', '>') are not decodable here and are skipped."""
    if "<" in field or ">" in field or " " in field:
        return []
    if "+" not in field:
        return [field]
    parts = field.split("+")
    return ["-".join(parts), parts[0] + "".join(p.lower() for p in parts[1:])]


def nam_dict_first_names() -> Genders:
    """Selected nam_dict first names with their genders (m/f/u)."""
    genders: Genders = defaultdict(set)
    for line in nam_dict_lines():
        kind = line[:2].strip()
        if kind not in NAM_DICT_GENDERS or line[29:30] == "+":  # '+' rows duplicate '-' rows
            continue
        if not nam_dict_selected(line):
            continue
        for name in decode_nam_dict_name(line[3:29].strip()):
            genders[name].add(NAM_DICT_GENDERS[kind])
    return genders
