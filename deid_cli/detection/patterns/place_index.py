"""The gazetteer as the place rules look it up: folded names, their first words and word-level
prefixes, and the towns among them.

Why its own module: the GeoNames lists hold some 50,000 names; folding and indexing them took
a quarter of a second at every start. The public lexicon builds the index once and the cache
keeps it (``PublicLexicon.place_index``), and both stages that know places (addresses after a
postcode, places after a cue) read the same one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from deid_cli.detection.normalize import fold

# Words of the longest place name looked at.
MAX_PLACE_WORDS = 6
# A word of a place no list knows (after a postcode in an address's slot, after a residence cue).
UNKNOWN_PLACE_WORD = re.compile(r"[A-ZÄÖÜ][^\W\d_]{1,40}")


class PlaceIndex(NamedTuple):
    keys: frozenset[str]  # folded names; "St. Johann" also as "Sankt Johann" and back
    first_words: frozenset[str]  # the first word of every key
    prefixes: frozenset[str]  # word-level prefixes of multi-word keys ("sankt johann im")
    max_words: int  # words of the longest key (at most MAX_PLACE_WORDS)
    towns: frozenset[str] | None  # the keys a preposition may name; None: every key


def place_keys(place: str) -> list[str]:
    """The folded keys of a place name: "St. Johann" and "Sankt Johann" are written both ways."""
    words = place.split()
    if not words:
        return []
    key = fold(" ".join(words))
    if key.startswith("st. "):
        return [key, "sankt " + key[4:]]
    if key.startswith("sankt "):
        return [key, "st. " + key[6:]]
    return [key]


def build_place_index(places: Iterable[str], towns: Iterable[str] | None = None) -> PlaceIndex:
    keys = frozenset(key for place in places for key in place_keys(place))
    prefixes = frozenset(
        " ".join(words[:i])
        for words in (k.split(" ") for k in keys if " " in k)
        for i in range(1, len(words))
    )
    return PlaceIndex(
        keys,
        frozenset(k.split(" ", 1)[0] for k in keys),
        prefixes,
        min(max((k.count(" ") + 1 for k in keys), default=1), MAX_PLACE_WORDS),
        None if towns is None else frozenset(key for town in towns for key in place_keys(town)),
    )


def as_place_index(places: Iterable[str] | PlaceIndex) -> PlaceIndex:
    """An index as given, or built from place names (tests, a stage without a lexicon)."""
    return places if isinstance(places, PlaceIndex) else build_place_index(places)
