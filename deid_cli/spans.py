"""The span model every stage speaks: detection yields spans, replacement consumes them.

Detection never edits text. Each stage reports ``Span(start, end, type, masker)`` on the
original string; overlaps are resolved once (``resolve_overlaps``) and the text is rewritten
once, right to left, at the very end.
"""

from __future__ import annotations

from dataclasses import dataclass

# Entity types (the paper's Table 4 prefixes).
HCP, PAT, PER, SIT, WEB, MAI, ADD, PHO, ZIP = "HCP", "PAT", "PER", "SIT", "WEB", "MAI", "ADD", "PHO", "ZIP"
ENTITY_TYPES: tuple[str, ...] = (HCP, PAT, PER, SIT, WEB, MAI, ADD, PHO, ZIP)
NAME_TYPES: frozenset[str] = frozenset({HCP, PAT, PER})

# Masker names as in the paper's Table 7, plus the corpus-wide learner.
MASKERS: tuple[str, ...] = (
    "KnownIdentifier",
    "Salutation",
    "NameDictionary",
    "FullName",
    "DoubleName",
    "MedicalSite",
    "CorpusName",
    "Correction",
    "RegexPhone",
    "RegexAddress",
    "RegexZIP",
    "RegexWebsite",
    "RegexEmail",
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
    ordered = sorted(spans, key=lambda s: (-(s.end - s.start), rank.get(s.masker, worst), s.start))
    kept: list[Span] = []
    taken: list[tuple[int, int]] = []
    for span in ordered:
        if span.end <= span.start:
            continue
        if any(span.start < end and start < span.end for start, end in taken):
            continue
        kept.append(span)
        taken.append((span.start, span.end))
    kept.sort(key=lambda s: s.start)
    return kept
