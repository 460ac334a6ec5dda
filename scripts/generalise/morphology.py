"""Where the invented test-family names come from: Faker name lists recombined (head of one
name, tail of another, same locale and gender) and Alpine regional surnames from syllables.

Why: the dictionaries were built from the same Faker locales, so not one Faker name survives the
dictionary filter; recombining keeps each locale's sound (Turkish, Polish, Croatian, Italian,
Swiss, Austrian) while producing names no list contains. The syllable tables differ from
``scripts/synthetic/morphology.py`` (which feeds the dev family).
"""

from __future__ import annotations

import importlib
import re
import unicodedata
from collections.abc import Iterable

from synthetic.pools import fold

TEST_LOCALES: tuple[str, ...] = ("de_AT", "de_DE", "de_CH", "tr_TR", "pl_PL", "hr_HR", "it_IT")
DEV_LOCALES: tuple[str, ...] = ("de_AT", "de_DE")

# fmt: off
REGIONAL_STEMS: tuple[str, ...] = (
    "Gschnait", "Pfurt", "Tschur", "Wastl", "Kollm", "Lodr", "Prugg", "Zwick", "Stoag", "Fürn",
    "Kaisl", "Tschenk", "Gamp", "Hirz", "Plon", "Radl", "Sulz", "Jauk", "Krimm", "Penz", "Trumm",
    "Urb", "Vasl", "Zirn", "Gosch", "Harr", "Jessn", "Kulm", "Mausl", "Nock", "Opitz", "Pruck",
    "Rasch", "Schlatt", "Tolm", "Wirn", "Zopp", "Ferl", "Glantsch", "Hapf",
)
REGIONAL_ENDINGS: tuple[str, ...] = (
    "nig", "itsch", "ounig", "schnig", "ritsch", "acher", "eiter", "ler", "seder", "wenger",
    "nik", "auf", "lechner", "tschnig", "böck", "hartl",
)
# fmt: on

_VOWELS = "aeiouyäöüàèéìòùıâêîôûąęó"
_SPLIT = re.compile(rf"^(.+?[{_VOWELS}])([^{_VOWELS}].*)$", re.IGNORECASE)


def ascii_fold(word: str) -> str:
    """fold() plus every other diacritic removed ("Šimić" -> "simic"), for a stricter check."""
    folded = fold(word)
    if folded.isascii():
        return folded
    decomposed = unicodedata.normalize("NFKD", folded)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).replace("ı", "i")


def faker_names(locales: Iterable[str], attribute: str) -> tuple[str, ...]:
    """One Faker person list (e.g. ``last_names``) over several locales; dicts give their keys."""
    names: set[str] = set()
    for locale in locales:
        provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
        for attr in (attribute, attribute.replace("last_names", "last_names_male")):
            values = getattr(provider, attr, ())
            names.update(str(v) for v in values if str(v).isalpha() and str(v)[:1].isupper())
    return tuple(sorted(names))


def is_plausible(name: str) -> bool:
    """No triples, no five-consonant runs, 4-13 letters, and one capital at the start."""
    low = ascii_fold(name)
    if not (4 <= len(name) <= 13) or not name[:1].isupper() or not name[1:].islower():
        return False
    return not re.search(r"(.)\1\1", low) and not re.search(r"[^aeiouy]{5}", low)


def recombine(names: tuple[str, ...], offsets: tuple[int, ...] = (1, 3, 7, 11)) -> set[str]:
    """Head of name i + tail of name i+k: a few partners per name, deterministic for a list."""
    parts = [m.groups() for m in map(_SPLIT.match, names) if m]
    if len(parts) < 2:
        return set()
    out: set[str] = set()
    for i, (head, _) in enumerate(parts):
        for k in offsets:
            tail = parts[(i + k) % len(parts)][1]
            out.add(head + tail)
    return out - set(names)


def regional_surnames() -> set[str]:
    return {stem + ending for stem in REGIONAL_STEMS for ending in REGIONAL_ENDINGS}
