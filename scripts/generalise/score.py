"""Scores deid's spans against the generated gold: per class and overall.

Why these measures (issue 16): a name token counts as found only when every character of it is
inside a masked span; a person counts as masked only when every token of the mention is (a
partial mask leaks the code-to-name mapping); precision is over masked characters (a mention's
inner blanks count as PHI); traps (eponyms, role words, sentence-initial clinical words) must
keep every character unmasked;
verbatim leaks are gold name strings (3+ letters, not particles) still present in the output.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from generalise.classes import CLASSES, PARTICLES

_PARTICLE_WORDS = {word for particle in PARTICLES for word in particle.split()}


def covered(start: int, end: int, spans: Iterable[tuple[int, int]]) -> bool:
    """Every character of [start, end) lies inside some span."""
    chars = set(range(start, end))
    for s, e in spans:
        chars -= set(range(max(s, start), min(e, end)))
        if not chars:
            return True
    return not chars


def touched(start: int, end: int, spans: Iterable[tuple[int, int]]) -> bool:
    return any(s < end and start < e for s, e in spans)


@dataclass
class Tally:
    """Counters for one slice (a family, a kind, or both); ratios are computed on output."""

    tokens: Counter[str] = field(default_factory=Counter)
    tokens_found: Counter[str] = field(default_factory=Counter)
    persons: Counter[str] = field(default_factory=Counter)
    persons_masked: Counter[str] = field(default_factory=Counter)
    masked_chars: int = 0
    masked_gold_chars: int = 0
    traps: int = 0
    traps_kept: int = 0
    verbatim: int = 0
    verbatim_leaked: int = 0

    def add(self, record: dict, detected: list[tuple[int, int]], masked_text: str | None) -> None:
        # A mention's gaps (the blank in "Anna Koch", the hyphen of a double name) count as PHI.
        gold_chars = {i for s, e, _ in record["gold"] for i in range(s, e)}
        for person in record["persons"]:
            if person["spans"]:
                gold_chars.update(range(person["spans"][0][0], person["spans"][-1][1]))
        masked = {i for s, e in detected for i in range(s, e)}
        self.masked_chars += len(masked)
        self.masked_gold_chars += len(masked & gold_chars)
        for person in record["persons"]:
            keys = [person["class"], "listed" if person["listed"] else "unlisted", "all"]
            spans = [tuple(span) for span in person["spans"]]
            found = [covered(s, e, detected) for s, e in spans]
            for key in keys:
                self.persons[key] += 1
                self.persons_masked[key] += all(found)
                self.tokens[key] += len(spans)
                self.tokens_found[key] += sum(found)
        for start, end, _ in record.get("traps", []):
            self.traps += 1
            self.traps_kept += not touched(start, end, detected)
        if masked_text is not None:
            for start, end, _ in record["gold"]:
                name = record["text"][start:end]
                if len(name) < 3 or name.lower() in _PARTICLE_WORDS:
                    continue
                self.verbatim += 1
                pattern = rf"(?<![^\W\d_]){re.escape(name)}(?![^\W\d_])"
                self.verbatim_leaked += bool(re.search(pattern, masked_text))

    def summary(self) -> dict[str, object]:
        def ratio(a: int, b: int) -> float | None:
            return round(a / b, 3) if b else None

        rows = {
            key: {
                "mentions": self.persons[key],
                "tokens": self.tokens[key],
                "token_recall": ratio(self.tokens_found[key], self.tokens[key]),
                "fully_masked": ratio(self.persons_masked[key], self.persons[key]),
            }
            for key in (*CLASSES, "listed", "unlisted", "all")
        }
        return {
            "classes": rows,
            "precision": ratio(self.masked_gold_chars, self.masked_chars),
            "kept_clinical_words": ratio(self.traps_kept, self.traps),
            "verbatim_leaks": ratio(self.verbatim_leaked, self.verbatim),
        }


def score(
    records: list[dict], detected: dict[str, list[tuple[int, int]]], masked: dict[str, str] | None = None
) -> dict[str, object]:
    tally = Tally()
    for record in records:
        text = masked.get(record["id"]) if masked is not None else None
        tally.add(record, detected.get(record["id"], []), text)
    return tally.summary()
