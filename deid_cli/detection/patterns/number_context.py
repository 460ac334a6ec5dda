"""Context rules several pattern families share: number contexts and word lists."""

from __future__ import annotations

import re


def wordset(words: str) -> frozenset[str]:
    """Word lists are kept as running text so they stay readable and easy to extend."""
    return frozenset(words.split())


# A unit right after a number means a measurement or dose, never a phone or house number.
_UNIT_AFTER = re.compile(
    r"[ \u00a0]?(?:mmHg|mg|µg|mcg|ug|kg|g|ml|mL|dl|l|L|mmol|µmol|IE|I\.E\.|E(?!-)|%|‰|Uhr|h|Std|"
    r"Stunden|min|Min|Minuten|sec|s|Sek|cm|mm|m|km|Tbl|Tabl|Tabletten|Stk|Stück|x|mal|Tage|"
    r"Tagen|Wochen|Monate|Jahre|J|bpm|Hub|Hübe|Tr|Tropfen|°C|°)(?![^\W\d_])"
)
# Number continues as a decimal, date or time: "0664 1234567.5", "Hauptplatz 12.03.2023".
NUMBER_GOES_ON = re.compile(r"[.,:/\-]\d")


def followed_by_number_context(text: str, end: int) -> bool:
    """True when the text after ``end`` turns the preceding number into a measurement,
    decimal, date or a longer token, i.e. the match must be rejected."""
    if end < len(text) and (text[end].isalnum() or text[end] == "_"):
        return True
    return bool(NUMBER_GOES_ON.match(text, end) or _UNIT_AFTER.match(text, end))
