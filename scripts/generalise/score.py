"""Scores deid's spans against the generated gold: per class and overall.

Why these measures (issue 16): a name token counts as found only when every character of it is
inside a masked span; a person counts as masked only when every token of the mention is (a
partial mask leaks the code-to-name mapping); precision is over masked characters against all
gold (persons, the other PHI and dates; a mention's inner blanks count as PHI); traps (eponyms,
role words, sentence-initial clinical words) must keep every character unmasked; verbatim leaks
are gold name strings (3+ letters, not particles) still present in the output.

The other PHI (issue 17) is scored the same way per class: a value (a whole street line, a
postcode, a site name, an ID, an e-mail address) counts as found only when every character is
masked, so "[ADD-…]weg 4a" is a miss. Its verbatim leaks are values of 3+ characters that occur
as a whole word in the output more often than in the input outside any person or PHI value and
outside deid's spans (a postcode can equal the year of an unmasked date); a value that leaks
counts for each of its mentions in that document.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from generalise.classes import CLASSES, PARTICLES, PERSON_LABELS, PHI_CLASSES

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
    phi: Counter[str] = field(default_factory=Counter)
    phi_found: Counter[str] = field(default_factory=Counter)
    phi_verbatim: Counter[str] = field(default_factory=Counter)
    phi_leaked: Counter[str] = field(default_factory=Counter)

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
        self._add_phi(record, detected)
        if masked_text is not None:
            self._add_name_leaks(record, masked_text)
            self._add_phi_leaks(record, masked_text, detected)

    def _add_phi(self, record: dict, detected: list[tuple[int, int]]) -> None:
        for item in record.get("phi", []):
            found = covered(*item["span"], detected)
            for key in (item["class"], "all"):
                self.phi[key] += 1
                self.phi_found[key] += found

    def _add_name_leaks(self, record: dict, masked_text: str) -> None:
        for start, end, label in record["gold"]:
            name = record["text"][start:end]
            if label not in PERSON_LABELS or len(name) < 3 or name.lower() in _PARTICLE_WORDS:
                continue
            self.verbatim += 1
            pattern = rf"(?<![^\W\d_]){re.escape(name)}(?![^\W\d_])"
            self.verbatim_leaked += bool(re.search(pattern, masked_text))

    def _add_phi_leaks(self, record: dict, masked_text: str, detected: list[tuple[int, int]]) -> None:
        # The baseline: occurrences that are no person or PHI value and that deid left alone (a
        # year in an unmasked date may equal a postcode). A gold-only date is no PHI value here.
        text = record["text"]
        gold = [tuple(item["span"]) for item in record.get("phi", [])]
        gold += [tuple(span) for person in record["persons"] for span in person["spans"]]
        for item in record.get("phi", []):
            value = text[slice(*item["span"])]
            if len(value) < 3:
                continue
            pattern = re.compile(rf"(?<!\w){re.escape(value)}(?!\w)")
            outside = sum(
                not touched(*m.span(), gold) and not touched(*m.span(), detected)
                for m in pattern.finditer(text)
            )
            leaked = len(pattern.findall(masked_text)) > outside
            for key in (item["class"], "all"):
                self.phi_verbatim[key] += 1
                self.phi_leaked[key] += leaked

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
        phi_rows = {
            key: {
                "count": self.phi[key],
                "recall": ratio(self.phi_found[key], self.phi[key]),
                "verbatim_leaks": ratio(self.phi_leaked[key], self.phi_verbatim[key]),
            }
            for key in (*PHI_CLASSES, "all")
        }
        return {
            "classes": rows,
            "phi": phi_rows,
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
