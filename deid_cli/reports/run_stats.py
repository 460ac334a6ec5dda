"""Run statistics: counts only, never a string from a note.

Distributions are kept as value counters (how many notes had 0, 1, 2 ... pseudonymizations),
so exact means, medians and histograms cost memory proportional to the number of distinct
values, not the number of notes.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from deid_cli import __version__
from deid_cli.detection.maskers import masker_names
from deid_cli.detection.spans import ENTITY_TYPES, Span
from deid_cli.reports.risk import LEVELS

PSEUDONYM_BINS = ((0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 10), (11, 20), (21, None))
LENGTH_BINS = ((0, 10), (11, 20), (21, 50), (51, 100), (101, 200), (201, 500), (501, None))
# Maskers that act on what pass 1 learned: their spans are caught only by corpus-wide learning.
CORPUS_LEARNERS = ("CorpusName", "CorpusCue", "CorpusPlace")


@dataclass(slots=True)
class RejectedRecord:
    path: str
    line: int
    reason: str


@dataclass
class RunStats:
    """Counters of one run; ``to_dict`` is what ``--stats`` writes."""

    records_read: int = 0
    records_written: int = 0
    # Every input file with the records read from it (valid or rejected), and the text fields
    # a CSV header lacked: which files were empty or partial (paths only, never content).
    inputs: dict[str, int] = field(default_factory=dict)
    missing_text_fields: dict[str, list[str]] = field(default_factory=dict)
    rejected: list[RejectedRecord] = field(default_factory=list)
    maskers: Counter[str] = field(default_factory=Counter)
    entities: Counter[str] = field(default_factory=Counter)
    per_note: Counter[int] = field(default_factory=Counter)
    note_tokens: Counter[int] = field(default_factory=Counter)
    distinct: dict[str, set[str]] = field(default_factory=dict)
    learned_references: int = 0
    learned_cues: int = 0  # cue phrases learned as evidence for unknown names
    learned_aliases: int = 0  # learned names linked to the name they misspell
    learned_places: int = 0  # places proven by context, masked corpus-wide
    risk: Counter[str] = field(default_factory=Counter)  # notes per re-identification risk level
    started: float = field(default_factory=time.perf_counter)
    finished: float | None = None

    def add_learned(self, references: int, cues: int, aliases: int, places: int = 0) -> None:
        """What pass 1 learned (counts only): names, cue phrases, misspellings linked, places."""
        self.learned_references, self.learned_cues, self.learned_aliases = references, cues, aliases
        self.learned_places = places

    def add_note(self, spans: list[Span], tokens: int, codes: list[str]) -> None:
        """Account for one note's spans (with the pseudonym codes given to them) and length."""
        self.per_note[len(spans)] += 1
        self.note_tokens[tokens] += 1
        if not spans and not codes:
            return
        maskers, entities, distinct = self.maskers, self.entities, self.distinct
        for span, code in zip(spans, codes, strict=True):
            maskers[span.masker] += 1
            entities[span.type] += 1
            codes_of_type = distinct.get(span.type)
            if codes_of_type is None:
                codes_of_type = distinct[span.type] = set()
            codes_of_type.add(code)

    def add_risk(self, level: str) -> None:
        """Count one note's re-identification risk level (``risk.LEVELS``)."""
        self.risk[level] += 1

    def add_input(self, path: object, missing_text_fields: Sequence[str] = ()) -> None:
        """An input file of the run (local path or URL) and the text fields its header lacks."""
        self.inputs.setdefault(str(path), 0)
        if missing_text_fields:
            self.missing_text_fields[str(path)] = list(missing_text_fields)

    def count_read(self, path: object) -> None:
        """One record read (valid or rejected) from the input file ``path``."""
        self.records_read += 1
        key = str(path)
        self.inputs[key] = self.inputs.get(key, 0) + 1

    @property
    def inputs_without_records(self) -> list[str]:
        return [path for path, count in self.inputs.items() if count == 0]

    def reject(self, path: Path, line: int, reason: str) -> None:
        self.rejected.append(RejectedRecord(str(path), line, reason))

    def finish(self) -> None:
        self.finished = time.perf_counter()

    @property
    def seconds(self) -> float:
        return (self.finished or time.perf_counter()) - self.started

    @property
    def notes(self) -> int:
        return sum(self.per_note.values())

    def to_dict(self) -> dict:
        notes = self.notes
        total_spans = sum(self.maskers.values())
        with_any = notes - self.per_note.get(0, 0)
        at_most_5 = sum(n for value, n in self.per_note.items() if value <= 5)
        return {
            "deid_version": __version__,
            "records": {
                "read": self.records_read,
                "written": self.records_written,
                "rejected": len(self.rejected),
            },
            "rejected_records": [{"file": r.path, "line": r.line, "reason": r.reason} for r in self.rejected],
            "inputs": {
                "files": len(self.inputs),
                "without_records": self.inputs_without_records,
                "missing_text_fields": self.missing_text_fields,
            },
            "notes": notes,
            "pseudonymizations": total_spans,
            "maskers": _shares(self.maskers, masker_names(), total_spans),
            "entities": _shares(self.entities, ENTITY_TYPES, total_spans),
            "pseudonymizations_per_note": {
                **describe(self.per_note),
                "share_with_any": _ratio(with_any, notes),
                "share_at_most_5": _ratio(at_most_5, notes),
                "histogram": histogram(self.per_note, PSEUDONYM_BINS),
            },
            "note_length_tokens": {
                **describe(self.note_tokens),
                "histogram": histogram(self.note_tokens, LENGTH_BINS),
            },
            "distinct_references": {etype: len(self.distinct.get(etype, ())) for etype in ENTITY_TYPES},
            "learned_references": self.learned_references,
            "learned_cues": self.learned_cues,
            "learned_aliases": self.learned_aliases,
            "learned_places": self.learned_places,
            "caught_only_by_corpus_learning": sum(self.maskers.get(m, 0) for m in CORPUS_LEARNERS),
            "risk": {level: self.risk.get(level, 0) for level in LEVELS},
            "runtime_seconds": round(self.seconds, 3),
            "notes_per_second": round(notes / self.seconds, 1) if self.seconds > 0 else None,
        }


def _ratio(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def _shares(counts: Counter[str], names: tuple[str, ...], total: int) -> dict[str, dict[str, float]]:
    ordered = [*names, *sorted(set(counts) - set(names))]
    return {
        name: {"count": counts.get(name, 0), "proportion": _ratio(counts.get(name, 0), total)}
        for name in ordered
    }


def describe(values: Counter[int]) -> dict[str, float | int | None]:
    """Mean, median, standard deviation, min and max of a value counter."""
    n = sum(values.values())
    if n == 0:
        return {"mean": None, "median": None, "sd": None, "min": None, "max": None}
    mean = sum(v * c for v, c in values.items()) / n
    variance = sum(c * (v - mean) ** 2 for v, c in values.items()) / (n - 1) if n > 1 else 0.0
    return {
        "mean": round(mean, 3),
        "median": _median(values, n),
        "sd": round(math.sqrt(variance), 3),
        "min": min(values),
        "max": max(values),
    }


def _median(values: Counter[int], n: int) -> float:
    ordered = sorted(values.items())
    lower_index, upper_index = (n - 1) // 2, n // 2
    seen = 0
    lower = upper = None
    for value, count in ordered:
        if lower is None and seen + count > lower_index:
            lower = value
        if seen + count > upper_index:
            upper = value
            break
        seen += count
    assert lower is not None and upper is not None
    return (lower + upper) / 2


def histogram(values: Counter[int], bins: tuple[tuple[int, int | None], ...]) -> dict[str, int]:
    """Counts per bin; bin labels are "3", "6-10" or "21+"."""
    result: dict[str, int] = {}
    for low, high in bins:
        label = str(low) if high == low else (f"{low}+" if high is None else f"{low}-{high}")
        result[label] = sum(c for v, c in values.items() if v >= low and (high is None or v <= high))
    return result
