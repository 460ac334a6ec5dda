"""The gold model: labels, text pieces, and notes with exact span offsets.

Why pieces: a note is built from ``(text, label)`` pieces, and gold offsets are computed once,
from the final concatenation (``assemble``), so they can never drift from the text.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

LABELS: tuple[str, ...] = ("HCP", "PAT", "PER", "SIT", "WEB", "MAI", "ADD", "PHO", "ZIP")
PERSON_LABELS: frozenset[str] = frozenset({"HCP", "PAT", "PER"})

# A piece of note text with its gold label (None = not PHI). Notes are built from pieces so
# offsets are computed once, from the final concatenation, and can never drift.
Piece = tuple[str, str | None]


@dataclass
class Note:
    note_id: str
    patient_id: str
    text: str
    gold: list[tuple[int, int, str]]

    def record(self, mode: str) -> dict[str, object]:
        if mode == "plain":
            return {"id": self.note_id, "text": self.text}
        record: dict[str, object] = {"id": self.note_id, "patient_id": self.patient_id, "text": self.text}
        if mode == "gold":
            record["gold"] = [list(span) for span in self.gold]
        return record


def assemble(pieces: Iterable[Piece]) -> tuple[str, list[tuple[int, int, str]]]:
    """Concatenate pieces; gold offsets come from the running length, so they are exact."""
    parts: list[str] = []
    gold: list[tuple[int, int, str]] = []
    pos = 0
    for text, label in pieces:
        if label is not None:
            gold.append((pos, pos + len(text), label))
        parts.append(text)
        pos += len(text)
    return "".join(parts), gold
