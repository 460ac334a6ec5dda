"""Invented identifiers planted in test corpora, and a check that finds them anywhere.

None of these names is in ``dictionaries/``; deid finds them through context (salutations,
"Dr.", the patient list or column, phone/e-mail/address patterns). ``LEAK_MARKERS`` are the
pieces that must never show up outside the input and the outputs that say they hold PHI; they
are compared case-insensitively, so folded forms ("moosbichler", the linkage table's keys)
and phone numbers written as bare digits count as well.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

PATIENT = "Hadmar Moosbichler"
DOCTOR = "Pfaffenstaller"
RELATIVE = "Ederkogler"
STREET = "Zirbenhofgasse 17"
MOBILE = "0664 7391852"
LANDLINE = "+43 316 482761"
MAIL = "h.moosbichler@lindmoser-mail.at"

LEAK_MARKERS = (
    "Hadmar",
    "Moosbichler",
    DOCTOR,
    RELATIVE,
    "Zirbenhofgasse",
    "7391852",  # the mobile number's subscriber part, in any spacing
    "482761",
    "lindmoser-mail",
)

NOTES = (
    f"Patient {PATIENT}, wohnhaft {STREET}, 8047 Graz, Tel. {MOBILE}, E-Mail {MAIL}. "
    f"Zuweisung durch Dr. {DOCTOR}.",
    f"Herr Moosbichler kam mit seiner Tochter Frau {RELATIVE}. Rückruf unter {LANDLINE} erbeten.",
    f"Kontrolle in 3 Monaten. Dr. {DOCTOR}",
)


def records(copies: int = 1) -> list[dict[str, str]]:
    """The planted notes (``copies`` times), with the patient's name in a column too."""
    rows = []
    for copy in range(copies):
        for index, text in enumerate(NOTES):
            row = {"id": f"n{copy}-{index}", "text": text}
            if index < 2:
                row["patient_name"] = PATIENT
            rows.append(row)
    return rows


def write_jsonl(path: Path, rows: Iterable[dict[str, str]]) -> Path:
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
    return path


def markers_in(data: bytes | str) -> list[str]:
    """The leak markers found in ``data`` (case-insensitive; bytes read as UTF-8)."""
    text = data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data
    folded = text.casefold()
    return [marker for marker in LEAK_MARKERS if marker.casefold() in folded]
