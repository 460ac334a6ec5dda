"""The span model every stage speaks: detection yields spans, replacement consumes them.

Detection never edits text. Each stage reports ``Span(start, end, type, masker)`` on the
original string; overlaps are resolved once (``resolve_overlaps``) and the text is rewritten
once, right to left, at the very end.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import dataclass

# Entity types (the paper's Table 4 prefixes).
HCP, PAT, PER, SIT, WEB, MAI, ADD, PHO, ZIP = "HCP", "PAT", "PER", "SIT", "WEB", "MAI", "ADD", "PHO", "ZIP"
LOC, DAT, AGE, ID, ORG, PRO = "LOC", "DAT", "AGE", "ID", "ORG", "PRO"
# Pseudonym codes ("[PAT-7KQ2XM]"): six characters without look-alikes (0/O, 1/I/L). Defined
# here because detection must recognise pseudonyms already written (a URL ends before one).
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
# What `--types` selects: the paper's nine plus LOC by default; `all` adds the Safe Harbor and
# GraSCCo categories.
DEFAULT_TYPES: tuple[str, ...] = (PAT, HCP, PER, SIT, WEB, MAI, ADD, PHO, ZIP, LOC)
EXTRA_TYPES: tuple[str, ...] = (DAT, AGE, ID, ORG, PRO)
ALL_TYPES: tuple[str, ...] = DEFAULT_TYPES + EXTRA_TYPES
ENTITY_TYPES: tuple[str, ...] = ALL_TYPES
NAME_TYPES: frozenset[str] = frozenset({HCP, PAT, PER})

# Masker names of the pattern stages (the paper's Table 7 regex maskers plus the context stage);
# the ensemble's names come from the registry (``detection.maskers``).
PATTERN_MASKERS: tuple[str, ...] = (
    "RegexPhone",
    "RegexAddress",
    "RegexZIP",
    "RegexWebsite",
    "RegexEmail",
    "RegexDate",
    "RegexAge",
    "RegexID",
    "Profession",
    "Organization",
    "Place",
    "CorpusPlace",
    "LetterZone",
    "HL7Segment",
)


@dataclass(slots=True)
class Span:
    """A detected piece of PHI: half-open ``[start, end)`` in Python string indices."""

    start: int
    end: int
    type: str
    masker: str
    # The reference whose pseudonym this span takes, when it is not the span's own text
    # (a misspelt "Hubr" takes learned "Huber"'s code). Never serialized.
    reference: str | None = None


def resolve_overlaps(spans: list[Span], masker_rank: dict[str, int] | None = None) -> list[Span]:
    """Return sorted, non-overlapping spans: the longer span wins, then the earlier masker.

    ``masker_rank`` orders maskers (lower wins); unknown maskers rank last.
    """
    if len(spans) < 2:
        return [s for s in spans if s.end > s.start]
    rank = masker_rank or {}
    worst = len(rank) + 1
    return select_disjoint(
        sorted(spans, key=lambda s: (-(s.end - s.start), rank.get(s.masker, worst), s.start))
    )


def select_disjoint(ordered: Iterable[Span]) -> list[Span]:
    """Accept spans in the given priority order, skipping empty ones and any that overlap an
    accepted one; the result is sorted by start.

    Accepted spans never overlap, so sorted by start they are also sorted by end: one bisect
    finds the only neighbours a candidate can collide with (no quadratic scan on long notes).
    """
    starts: list[int] = []
    ends: list[int] = []
    kept: list[Span] = []
    for span in ordered:
        if span.end <= span.start:
            continue
        i = bisect.bisect_left(starts, span.start)
        if (i < len(starts) and starts[i] < span.end) or (i > 0 and ends[i - 1] > span.start):
            continue
        starts.insert(i, span.start)
        ends.insert(i, span.end)
        kept.insert(i, span)
    return kept
