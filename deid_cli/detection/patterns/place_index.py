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
from typing import NamedTuple, Protocol

from deid_cli.detection.normalize import fold
from deid_cli.detection.patterns.letters import CAPITAL

# Words of the longest place name looked at.
MAX_PLACE_WORDS = 6
# A word of a place no list knows (after a postcode in an address's slot, after a residence cue).
UNKNOWN_PLACE_WORD = re.compile(rf"{CAPITAL}[^\W\d_]{{1,40}}")
# What joins a town's name to the river, region or town it stands on or by, abbreviated or not:
# "Zirbl a. d. Quelm", "Zirbl i. Quelm", "Zirbl an der Quelm", "Zirbl ob der Quelm" (not "am", "im":
# "aus Zirbl am Bach" names where in the town).
_PLACE_INFIX = re.compile(r"[ ](?:(?:[a-z]{1,2}\.[ ]?){1,2}|(?:an|ob)[ ]der[ ])")
# A country's letters before a postcode, joined by a hyphen or a dash ("A-6020", "D–80331") or set
# apart by a blank, as older letters write it ("A 6020", "CH 8001"); the three-letter ISO codes
# that registration systems export ("AUT-6020", "CHE-8001"): the address and place rules after a
# postcode both read it.
COUNTRY_CODES = r"(?:AUT|DEU|CHE|LIE|ITA|FRA|AT|DE|CH|FL|LI|IT|A|D|I)"
COUNTRY_BEFORE_ZIP = rf"{COUNTRY_CODES}(?:[-–][ ]?|[ ](?=\d))"
# Words of position, size or direction that open a place's name as a word of its own ("Hinter
# Zirbl", "Inner Zirbl", "Lange Zirbl"): prefixes of places no list knows, as the first words of
# the gazetteer's several-word places are ("Bad", "Ober", "St."). With them the adjectives of a
# people or a language that old two-word town names start with ("Deutsch Zirbl", "Ungarisch
# Zirbl", "Welsch Zirbl"), the inflected adjectives of some ("Großen Zirbl", "Alten Zirbl"), and
# the Alemannic words ("Usser", "Hinder", "Ennet", "Mittler").
PREFIX_WORDS: frozenset[str] = frozenset({
    "hinter", "hintere", "hinder", "vorder", "vordere", "inner", "innere", "äußere", "außer", "ausser",
    "usser", "ennet", "ober", "obere", "nieder", "untere", "unter", "mittel", "mitter", "mittler",
    "mittlere", "hoch", "hohe", "hohen", "groß", "gross", "große", "grosse", "großen", "grossen", "klein",
    "kleine", "kleinen", "alt", "alte", "alten", "neu", "neue", "neuen", "langen", "nord", "süd", "ost",
    "west", "lang", "lange", "schön", "kalt", "warm", "markt", "pfarr", "sankt", "st.", "bad", "maria",
    "heiligen", "deutsch", "windisch", "wendisch", "welsch", "böhmisch", "mährisch", "ungarisch",
    "kroatisch", "slowenisch", "polnisch",
})  # fmt: skip
# District words that close a place's name ("Zirbl Nord", "Zirbl-Land"); the address, place
# and site rules each add what may follow them.
DISTRICT_WORDS = r"Nord|Süd|Ost|West|Mitte|Land|Stadt"
# Place endings are learned from the gazetteer's words of at least ENDING_MIN_WORD letters that
# are no ordinary word. A short ending (2 or 3 letters) is one when at least 30 such words end
# so and at least twice as many as ordinary words do; a longer one (4 to 7 letters, more telling)
# when 20 do and at least as many as ordinary words ("-ingen", "-furt"). On the bundled lists
# the minimal endings ("-rf", "-rg", "-ing", "-au", "-ach", "-usen", "-wil", ...) are carried by
# 63% of the gazetteer's words and 1.5% of the common words.
ENDING_MIN_WORD = 5
ENDING_LENGTHS = range(2, 8)
# (fewest place words, least ratio of place words to common words) by ending length.
_SHORT_ENDING, _LONG_ENDING = (30, 2.0), (20, 1.0)


class PlaceTest(Protocol):
    """Could a capitalized word be a place no list knows? With ``compounds``, a compound of two
    common words ("Steinlind") counts too (where nothing else than a place can stand)."""

    def __call__(self, word: str, compounds: bool = False) -> bool: ...


class TownTest(Protocol):
    """Could a capitalized word after a bare preposition be a town no list knows? A possible
    place on no name or eponym list that, with ``ending``, also ends as places do."""

    def __call__(self, word: str, ending: bool = True) -> bool: ...


class PlaceIndex(NamedTuple):
    keys: frozenset[str]  # folded names; "St. Johann" also as "Sankt Johann" and back
    first_words: frozenset[str]  # the first word of every key
    prefixes: frozenset[str]  # word-level prefixes of multi-word keys ("sankt johann im")
    max_words: int  # words of the longest key (at most MAX_PLACE_WORDS)
    towns: frozenset[str] | None  # the keys a preposition may name; None: every key
    endings: frozenset[str] = frozenset()  # endings typical of place names (place_endings)


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


def build_place_index(
    places: Iterable[str], towns: Iterable[str] | None = None, common: frozenset[str] | None = None
) -> PlaceIndex:
    """The index of ``places``; with the folded ``common`` words also the place endings. Equal
    strings of its sets are one object, which the cache's pickle stores and loads once."""
    keys = frozenset(key for place in places for key in place_keys(place))
    shared = {key: key for key in keys}
    one = shared.setdefault
    prefixes = frozenset(
        one(" ".join(words[:i]), " ".join(words[:i]))
        for words in (k.split(" ") for k in keys if " " in k)
        for i in range(1, len(words))
    )
    prefixes |= frozenset(one(word, word) for word in PREFIX_WORDS)
    first_words = frozenset(one(first, first) for first in (k.split(" ", 1)[0] for k in keys))
    return PlaceIndex(
        keys,
        first_words,
        prefixes,
        min(max((k.count(" ") + 1 for k in keys), default=1), MAX_PLACE_WORDS),
        None if towns is None else frozenset(one(key, key) for town in towns for key in place_keys(town)),
        frozenset() if common is None else place_endings(keys, common),
    )


def place_endings(keys: Iterable[str], common: frozenset[str]) -> frozenset[str]:
    """The endings by which a word no list knows looks like a place ("Zirbenau", "Lärchfeld"):
    learned from the gazetteer against the common words, so they follow the lists a user
    refreshes rather than a hand-picked set (thresholds above)."""
    place_words = {
        word
        for key in keys
        for word in key.replace("-", " ").split()
        if len(word) >= ENDING_MIN_WORD and word.isalpha() and word not in common
    }
    in_places = _ending_counts(place_words)
    in_common = _ending_counts(w for w in common if len(w) >= ENDING_MIN_WORD and w.isalpha())
    endings = set()
    for ending, count in in_places.items():
        fewest, ratio = _SHORT_ENDING if len(ending) <= 3 else _LONG_ENDING
        if count >= fewest and count >= ratio * in_common.get(ending, 0):
            endings.add(ending)
    return frozenset(endings)


def _ending_counts(words: Iterable[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for word in words:
        for n in ENDING_LENGTHS:
            if len(word) > n + 1:
                ending = word[-n:]
                counts[ending] = counts.get(ending, 0) + 1
    return counts


def has_place_ending(folded: str, endings: frozenset[str]) -> bool:
    """Does the folded word end like a place (and have letters before the ending)?"""
    return any(len(folded) > n + 1 and folded[-n:] in endings for n in ENDING_LENGTHS)


def as_place_index(places: Iterable[str] | PlaceIndex) -> PlaceIndex:
    """An index as given, or built from place names (tests, a stage without a lexicon)."""
    return places if isinstance(places, PlaceIndex) else build_place_index(places)


def place_prefix_end(text: str, word: re.Match[str], prefixes: frozenset[str]) -> int | None:
    """The end of the word (with its full stop: "St.") if it is the first word of several-word
    places ("Bad", "St.", "Markt"), else None."""
    key = fold(word.group())
    if text[word.end() : word.end() + 1] == ".":
        return word.end() + 1 if f"{key}." in prefixes else None
    return word.end() if key in prefixes else None


def unknown_place_end(
    text: str,
    pos: int,
    place_like: PlaceTest,
    prefixes: frozenset[str],
    compounds: bool = False,
    last_start: int | None = None,
    infixes: bool = False,
) -> int | None:
    """The end of a place no list knows at ``pos``: the capitalized words there (blank- or
    hyphen-joined, within 128 characters) that pass the place test, after the first word of
    several-word places if one stands first ("Bad Zirbenau", "St. Zirbenau"). With
    ``last_start``, no word is taken after one that starts further than that from ``pos``; with
    ``infixes`` the words may be joined by a river's or region's infix too ("Zirbenau a. d. Quelm",
    where a postcode's place fills its line: the sentence rules join such a tail themselves)."""
    end: int | None = None
    prefix_end: int | None = None
    for word in UNKNOWN_PLACE_WORD.finditer(text, pos, min(len(text), pos + 128)):
        gap_start = end if end is not None else prefix_end if prefix_end is not None else pos
        gap = text[gap_start : word.start()]
        if gap not in ("", " ", "-") and (not infixes or end is None or _PLACE_INFIX.fullmatch(gap) is None):
            break
        if end is None and prefix_end is None:
            prefix_end = place_prefix_end(text, word, prefixes)
            if prefix_end is not None:
                continue
        if not place_like(word.group(), compounds=compounds):
            break
        end = word.end()
        if last_start is not None and word.start() - pos > last_start:
            break
    return end
