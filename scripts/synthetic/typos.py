"""Typos of hurried notes (swapped, dropped or doubled letters), in plain text only.

Why plain text only: gold spans must keep their exact strings, and the context words the
detector relies on stay intact.
"""

from __future__ import annotations

import random
import re

from synthetic.gold import Piece

# fmt: off
# Typos are never put into these: they carry the context the detector is meant to use.
_NO_TYPO: frozenset[str] = frozenset(
    {"Frau", "Herr", "Herrn", "Pat", "Kollegin", "Kollege", "Schwester", "Tochter", "Parkinson",
     "Morbus", "Crohn", "Marfan", "Syndrom", "Spaziergang", "Pain", "Herz", "Bitte", "Sehr"}
)
# fmt: on


def _typo(word: str, rng: random.Random) -> str:
    """Swap, drop or double one inner letter: the everyday typos of hurried notes."""
    i = rng.randint(1, len(word) - 2)
    kind = rng.randrange(3)
    if kind == 0:
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    if kind == 1:
        return word[:i] + word[i + 1 :]
    return word[:i] + word[i] + word[i:]


def add_typos(pieces: list[Piece], rng: random.Random, rate: float = 0.02) -> list[Piece]:
    """Put typos into plain text only, so gold spans keep their exact strings."""
    out: list[Piece] = []
    for text, label in pieces:
        if label is None:
            text = re.sub(
                r"[A-Za-zÄÖÜäöüß]{5,}",
                lambda m: (
                    _typo(m.group(0), rng)
                    if m.group(0) not in _NO_TYPO and rng.random() < rate
                    else m.group(0)
                ),
                text,
            )
        out.append((text, label))
    return out
