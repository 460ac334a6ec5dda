"""``deid review``'s sample: the strata of pseudonymizations per note and the stratified draw.

Apart from the pipeline in ``review.py`` (which imports the detector) so that the command's
``--help`` can show the default sample size without importing detection.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

# (label, lowest count, highest count or None): the strata of pseudonymizations per note.
STRATA: tuple[tuple[str, int, int | None], ...] = (
    ("0", 0, 0),
    ("1", 1, 1),
    ("2-3", 2, 3),
    ("4-6", 4, 6),
    ("7+", 7, None),
)
DEFAULT_SAMPLE = 200


def stratum_index(count: int) -> int:
    """The stratum a note with ``count`` pseudonymizations belongs to."""
    for index, (_label, low, high) in enumerate(STRATA):
        if count >= low and (high is None or count <= high):
            return index
    raise ValueError("a count of pseudonymizations cannot be negative")


def allocate(sizes: Sequence[int], sample_size: int) -> list[int]:
    """How many notes to draw from each stratum (``sizes`` = notes per stratum).

    Proportional allocation with at least one note per non-empty stratum: each stratum first
    gets ``floor(sample_size * size / total)``, raised to 1 if that is 0; then single notes are
    added by largest remainder (ties: the larger stratum, then more pseudonymizations) or, if the
    minimum of one overshot, taken away from the most over-served stratum that has more than
    one (ties: the largest). A sample as large as the corpus takes every note; a sample
    smaller than the number of non-empty strata takes one note from each of the largest.
    """
    if sample_size < 0:
        raise ValueError("the sample size cannot be negative")
    population = sum(sizes)
    if sample_size >= population:
        return list(sizes)
    filled = [i for i, size in enumerate(sizes) if size]
    if sample_size < len(filled):
        chosen = set(sorted(filled, key=lambda i: (-sizes[i], -i))[:sample_size])
        return [1 if i in chosen else 0 for i in range(len(sizes))]
    quotas = [sample_size * size / population for size in sizes]
    counts = [
        min(size, max(1, math.floor(quota))) if size else 0 for size, quota in zip(sizes, quotas, strict=True)
    ]
    while sum(counts) < sample_size:
        grow = max(
            (i for i in filled if counts[i] < sizes[i]), key=lambda i: (quotas[i] - counts[i], quotas[i], i)
        )
        counts[grow] += 1
    while sum(counts) > sample_size:
        shrink = min(
            (i for i in filled if counts[i] > 1), key=lambda i: (quotas[i] - counts[i], -quotas[i], i)
        )
        counts[shrink] -= 1
    return counts


def stratified_sample(counts: Sequence[int], sample_size: int, seed: int) -> list[int]:
    """Positions (sorted) of the notes drawn, given each note's number of pseudonymizations.

    The same counts, size and seed always draw the same notes."""
    members: list[list[int]] = [[] for _ in STRATA]
    for position, count in enumerate(counts):
        members[stratum_index(count)].append(position)
    rng = random.Random(seed)
    drawn: list[int] = []
    for stratum, take in zip(members, allocate([len(m) for m in members], sample_size), strict=True):
        drawn.extend(rng.sample(stratum, take))
    return sorted(drawn)
