"""Sets of text ranges answering "does [start, end) overlap any of them?" in O(log n).

Blocked regions, keep-listed words and claimed spans grow with the note; a linear scan per
question made detection quadratic in the note length (a 5 MB note took ten times as long as
five 1 MB notes).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable

__all__ = ["RangeIndex", "union_ranges"]


def union_ranges(ranges: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sorted, disjoint union of ranges; ranges that overlap fold into one."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(ranges):
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


class RangeIndex:
    """Answers the same as ``any(start < e and s < end for s, e in ranges)``, in O(log n).

    After the union, starts and ends are both non-decreasing (an empty range stays as its own
    entry unless it lies inside another), so the last range starting before ``end`` has the
    largest end of all candidates and decides alone.
    """

    __slots__ = ("_ends", "_starts")

    def __init__(self, ranges: Iterable[tuple[int, int]]) -> None:
        merged = union_ranges(ranges)
        self._starts = [s for s, _ in merged]
        self._ends = [e for _, e in merged]

    def overlaps(self, start: int, end: int) -> bool:
        k = bisect_left(self._starts, end) - 1
        return k >= 0 and self._ends[k] > start
