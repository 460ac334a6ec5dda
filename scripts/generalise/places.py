"""Place and street pools of the families: gazetteer places for dev, invented ones for test,
holdout, fresh, sealed, vault, reserve, ledger, codex, folio, docket, dossier, chart and binder.

Why: a test place that the bundled gazetteer (``dictionaries/postcodes_*.tsv``) lists could be
found by a lookup, so the test family would measure the list instead of the rules. Test
villages and streets are built from Alpine morphemes and kept only when no list in
``dictionaries/`` contains them (case-, umlaut- and diacritic-folded), no common German word
equals them and no person pool uses them. Dev places are real gazetteer rows with their own
postcodes; dev streets are a hand-written pool of ordinary street names. Holdout villages and
streets are built the same way from other morphemes (``holdout``), pass the same checks, and
share no word with the dev or test pools either. Fresh villages and streets, likewise, come from
the morphemes and forms of ``fresh`` and share no word with the dev, test or holdout pools;
sealed ones, from those of ``sealed``, share no word with any of the four earlier families';
vault ones, from those of ``vault``, share no word with any of the five earlier families';
reserve ones, from those of ``reserve``, share no word with any of the six earlier families';
ledger ones, from those of ``ledger``, share no word with any of the seven earlier families';
codex ones, from those of ``codex``, share no word with any of the eight earlier families';
folio ones, from those of ``folio``, share no word with any of the nine earlier families';
docket ones, from those of ``docket``, share no word with any of the ten earlier families';
dossier ones, from those of ``dossier``, share no word with any of the eleven earlier families';
chart ones, from those of ``chart``, share no word with any of the twelve earlier families';
binder ones, from those of ``binder``, share no word with any of the thirteen earlier families'.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import ModuleType

from synthetic.pools import DEFAULT_DICT_DIR, wordfreq_filter

from generalise import binder, chart, codex, docket, dossier, folio, holdout, ledger, reserve, sealed, vault
from generalise import fresh as fresh_data
from generalise.pools import build_pools, dictionary_keys, in_keys, word_keys

# fmt: off
DEV_STREETS: tuple[str, ...] = (
    "Gartenweg", "Am Anger", "Hauptplatz", "Lindenstraße", "Kirchgasse", "Bahnhofstraße", "Schulweg",
    "Mühlgasse", "Dorfstraße", "Am Bach", "Feldweg", "Rosengasse", "Birkenweg", "Sonnenstraße",
    "Waldweg", "Bergstraße", "Wiesengasse", "Anichstraße", "Maria-Theresien-Straße", "Museumstraße",
    "Kaiser-Josef-Straße", "Goethestraße", "Schillerstraße", "Mozartgasse", "Andreas-Hofer-Straße",
    "Am Rain", "Im Winkel", "Lindenallee", "Marktplatz", "Kirchplatz", "Stadtplatz", "Schlossweg",
    "Klostergasse", "Amraser Straße", "Innrain", "Leopoldstraße", "Pfarrweg", "Quellenstraße",
    "Am Mühlbach", "Brunnengasse", "Fischerweg", "Kastanienallee",
)
# Test-only morphemes for villages ("Kirch" + "brunn" + "au") and streets built on them.
VILLAGE_HEADS: tuple[str, ...] = (
    "Ober", "Unter", "Hinter", "Mitter", "Nieder", "Vorder", "Kirch", "Stein", "Moos", "Lärch",
    "Zirb", "Fichtl", "Hoch", "Kalt", "Schatt", "Sonn", "Ur", "Tann",
)
VILLAGE_STEMS: tuple[str, ...] = (
    "brunn", "feld", "bichl", "reit", "grub", "wies", "leit", "lind", "gschwend", "point",
    "schwaig", "staud", "rain", "lehen", "egg", "kogl", "fled", "wald",
)
VILLAGE_ENDINGS: tuple[str, ...] = (
    "au", "ham", "ing", "ach", "dorf", "kirchen", "stätt", "wang", "reith", "eck", "hausen",
    "zell", "oed", "hofen",
)
VILLAGE_PREFIXES: tuple[str, ...] = ("Bad", "Sankt", "Markt")
TEST_STREET_SUFFIXES: tuple[str, ...] = (
    "gasse", "weg", "straße", "zeile", "steig", "ring", "lände", "gries", "promenade",
)
TEST_STREET_PREPOSITIONS: tuple[str, ...] = ("Im", "Auf der", "Unterm", "Hinterm")
# fmt: on

_PLACE = re.compile(r"[^\W\d_][^\W\d_'.\-]*(?:[-'][^\W\d_]+)*\.?")
_VOWELS = "aeiouäöü"


@dataclass(frozen=True)
class PlacePools:
    """Places with their postcodes, and street names, of one family."""

    places: tuple[str, ...]
    postcodes: dict[str, tuple[str, ...]]
    streets: tuple[str, ...]

    def postcode(self, place: str, rng: random.Random) -> str:
        return rng.choice(self.postcodes[place])


def _gazetteer_rows(dict_dir: Path) -> list[list[str]]:
    rows: list[list[str]] = []
    for path in sorted(dict_dir.glob("postcodes_*.tsv")):
        rows += [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines() if line]
    return rows


def _usable_place(name: str, site_words: set[str]) -> bool:
    """One or two capitalised words, letters only (no "Aesch (Neftenbach)", no "Klinik X")."""
    words = name.split()
    if not 1 <= len(words) <= 2 or not name[:1].isupper():
        return False
    return all(_PLACE.fullmatch(w) and w not in site_words for w in words)


@lru_cache(maxsize=4)
def gazetteer_places(dict_dir: Path = DEFAULT_DICT_DIR) -> dict[str, tuple[str, ...]]:
    """Place -> its postcodes, from every postcode list; ``locality`` rows (Austrian parts of a
    municipality, which deid only masks with a strong cue) are skipped."""
    prefixes = dict_dir / "site_prefixes.txt"
    site_words = set(prefixes.read_text(encoding="utf-8").split()) if prefixes.is_file() else set()
    places: dict[str, set[str]] = {}
    for row in _gazetteer_rows(dict_dir):
        if len(row) < 2 or (len(row) > 2 and row[2] == "locality"):
            continue
        if _usable_place(row[1], site_words):
            places.setdefault(row[1], set()).add(row[0])
    return {place: tuple(sorted(codes)) for place, codes in sorted(places.items())}


@lru_cache(maxsize=4)
def gazetteer_keys(dict_dir: Path = DEFAULT_DICT_DIR) -> frozenset[str]:
    """Folded keys of every place column entry (locality rows included) and of its words."""
    keys: set[str] = set()
    for row in _gazetteer_rows(dict_dir):
        if len(row) >= 2:
            for word in {row[1], *row[1].split()}:
                keys |= word_keys(word)
    return frozenset(keys)


def _plausible(word: str, longest: int = 15) -> bool:
    """No triple letters, no three vowels or six consonants in a row ("Kirchbrunnau" passes)."""
    low = word.lower()
    if not 6 <= len(word) <= longest or re.search(r"(.)\1\1", low):
        return False
    return not re.search(f"[{_VOWELS}]{{3}}", low) and not re.search(f"[^{_VOWELS}]{{6}}", low)


def _village_stems() -> list[str]:
    return [head + stem for head in VILLAGE_HEADS for stem in VILLAGE_STEMS]


def _invented_villages() -> list[str]:
    return [stem + ending for stem in _village_stems() for ending in VILLAGE_ENDINGS]


def _test_postcode(place: str) -> str:
    """A fixed postcode per invented place: mostly four digits (AT/CH), sometimes five (DE)."""
    rng = random.Random(f"postcode:{place}")
    return str(rng.randint(1010, 9992)) if rng.random() < 0.75 else f"{rng.randint(1067, 99998):05d}"


@lru_cache(maxsize=4)
def build_place_pools(dict_dir: Path = DEFAULT_DICT_DIR) -> dict[str, PlacePools]:
    """Both families at once, so the test pools are checked against everything in one place."""
    gazetteer = gazetteer_places(dict_dir)
    dev = PlacePools(tuple(gazetteer), gazetteer, DEV_STREETS)
    fresh = _FreshCheck(_banned_keys(dict_dir, dev))
    villages = sorted(v for v in _invented_villages() if fresh(v))
    stems = sorted(s for s in _village_stems() if fresh(s, common=False))
    places = _test_places(villages)
    test = PlacePools(
        places=places,
        postcodes={place: (_test_postcode(place),) for place in places},
        streets=_test_streets(villages, stems, fresh),
    )
    hold, check, prior_stems = _holdout_pools(fresh, test, stems)
    pools: dict[str, PlacePools] = {"dev": dev, "test": test, "holdout": hold}
    prior = hold
    for name, data in _FORMED_FAMILIES:
        # each family apart from every word of the one before it and, through the check it
        # passes on, of all earlier ones
        prior, check, prior_stems = _formed_pools(data, name, check, prior, prior_stems)
        pools[name] = prior
    return pools


def _banned_keys(dict_dir: Path, dev: PlacePools) -> set[str]:
    """Every dictionary word, every gazetteer place, every person name and every dev place word."""
    banned = set(dictionary_keys(dict_dir)) | set(gazetteer_keys(dict_dir))
    for family in build_pools(dict_dir).values():
        banned |= {key for name in family.all_names() for key in word_keys(name)}
    for name in (*dev.places, *dev.streets):
        banned |= {key for word in {name, *re.split(r"[ \-]", name)} for key in word_keys(word)}
    return banned


class _FreshCheck:
    """A test-family word: plausible, in no banned key, and (optionally) no common word."""

    def __init__(self, banned: set[str]) -> None:
        self.banned, self.is_common = banned, wordfreq_filter()

    def __call__(self, word: str, longest: int = 15, common: bool = True) -> bool:
        if not _plausible(word, longest) or in_keys(word, self.banned):
            return False
        return not (common and self.is_common and self.is_common(word))


def _test_places(villages: list[str]) -> tuple[str, ...]:
    """The villages, and every seventh with a prefix ("Bad Moosleitham"): two words at most."""
    rng = random.Random("test-places")
    out = [f"{rng.choice(VILLAGE_PREFIXES)} {v}" if i % 7 == 3 else v for i, v in enumerate(villages)]
    return tuple(sorted(out))


def _test_streets(villages: list[str], stems: list[str], fresh: _FreshCheck) -> tuple[str, ...]:
    """Stem + street word ("Moosbichlzeile"), village adjective + Straße, or "Im <stem>"."""
    rng = random.Random("test-streets")
    streets: set[str] = set()
    for stem in stems:
        street = stem + rng.choice(TEST_STREET_SUFFIXES)
        if fresh(street, longest=22):
            streets.add(street)
    for village in rng.sample(villages, min(60, len(villages))):
        streets.add(f"{village}er {rng.choice(('Straße', 'Weg', 'Zeile'))}")
    for stem in rng.sample(stems, min(40, len(stems))):
        streets.add(f"{rng.choice(TEST_STREET_PREPOSITIONS)} {stem}")
    return tuple(sorted(streets))


def _without(fresh: _FreshCheck, names: tuple[str, ...] | list[str]) -> _FreshCheck:
    """``fresh``, with every name of ``names`` and each of its words banned as well."""
    banned = set(fresh.banned)
    for name in names:
        banned |= {key for word in {name, *re.split(r"[ \-]", name)} for key in word_keys(word)}
    return _FreshCheck(banned)


def _holdout_pools(
    fresh: _FreshCheck, test: PlacePools, test_stems: list[str]
) -> tuple[PlacePools, _FreshCheck, list[str]]:
    """Villages and streets from the holdout morphemes, checked as the test ones are and kept
    apart from every word of the test pools (and, through ``fresh``, of the dev pools); also the
    check they passed and their stems, for the fresh family."""
    fresh = _without(fresh, (*test.places, *test.streets, *test_stems))
    heads = [head + stem for head in holdout.HEADS for stem in holdout.STEMS]
    stems = sorted(s for s in heads if fresh(s))
    villages = sorted(v for v in (s + e for s in heads for e in holdout.ENDINGS) if fresh(v))
    places = _holdout_places(villages)
    pools = PlacePools(
        places=places,
        postcodes={place: (_holdout_postcode(place),) for place in places},
        streets=_streets(holdout, "holdout-streets", villages, stems, fresh, checked=False),
    )
    return pools, fresh, stems


def _holdout_places(villages: list[str]) -> tuple[str, ...]:
    """The villages; every seventh with a prefix word, every eleventh with a Swiss canton."""
    rng = random.Random("holdout-places")
    out = []
    for i, village in enumerate(villages):
        if i % 7 == 5:
            village = f"{rng.choice(holdout.PREFIXES)} {village}"
        elif i % 11 == 2:
            village = f"{village} {rng.choice(holdout.CANTONS)}"
        out.append(village)
    return tuple(sorted(out))


def _holdout_postcode(place: str) -> str:
    """Four digits for a canton's place, else four (AT/CH) or five (DE) digits."""
    rng = random.Random(f"holdout-postcode:{place}")
    four = place.split()[-1] in holdout.CANTONS or rng.random() < 0.55
    return str(rng.randint(1000, 9699)) if four else f"{rng.randint(1001, 99899):05d}"


def _streets(
    data: ModuleType, seed: str, villages: list[str], stems: list[str], fresh: _FreshCheck, checked: bool
) -> tuple[str, ...]:
    """Stem + street word, village adjective + street noun, or a preposition (with the article
    the stem's gender takes) before a stem, from one family's ``data`` (``holdout`` or
    ``fresh``). Stems, unlike the test family's, must not be common words either; with
    ``checked`` a village adjective must pass the same check as the villages."""
    rng = random.Random(seed)
    streets: set[str] = set()
    for stem in stems:
        street = stem + rng.choice(data.STREET_SUFFIXES)
        if fresh(street, longest=22):
            streets.add(street)
    if checked:
        adjectives = [a for a in (_adjective(v) for v in villages) if fresh(a, longest=20)]
        chosen = rng.sample(adjectives, min(60, len(adjectives)))
    else:
        chosen = [_adjective(v) for v in rng.sample(villages, min(60, len(villages)))]
    for adjective in chosen:
        streets.add(f"{adjective} {rng.choice(data.STREET_WORDS)}")
    for stem in rng.sample(stems, min(40, len(stems))):
        feminine = stem.endswith(data.FEMININE_STEMS)
        prepositions = data.STREET_PREPOSITIONS_FEMININE if feminine else data.STREET_PREPOSITIONS
        streets.add(f"{rng.choice(prepositions)} {stem}")
    return tuple(sorted(streets))


def _adjective(village: str) -> str:
    """The place adjective before a street noun: -e + r, -en > -er, -er kept, else + er."""
    if village.endswith("e"):
        return village + "r"
    if village.endswith("en"):
        return village[:-2] + "er"
    return village if village.endswith("er") else village + "er"


# The families whose villages and streets are formed from their own morphemes and forms, in the
# order each is kept apart from the ones before it.
_FORMED_FAMILIES: tuple[tuple[str, ModuleType], ...] = (
    ("fresh", fresh_data), ("sealed", sealed), ("vault", vault), ("reserve", reserve), ("ledger", ledger),
    ("codex", codex), ("folio", folio), ("docket", docket), ("dossier", dossier), ("chart", chart),
    ("binder", binder),
)  # fmt: skip


def _formed_pools(
    data: ModuleType, name: str, fresh: _FreshCheck, prior: PlacePools, prior_stems: list[str]
) -> tuple[PlacePools, _FreshCheck, list[str]]:
    """One family's villages and streets from its ``data`` (``fresh``, ``sealed``, ``vault``,
    ``reserve``, ``ledger``, ``codex``, ``folio``, ``docket``, ``dossier``, ``chart``, ``binder``),
    apart from every word of the ``prior`` family's pools and stems; with the check and stems they
    used."""
    fresh = _without(fresh, (*prior.places, *prior.streets, *prior_stems))
    heads = [head + stem for head in data.HEADS for stem in data.STEMS]
    stems = sorted(s for s in heads if fresh(s))
    villages = sorted(v for v in (s + e for s in heads for e in data.ENDINGS) if fresh(v))
    places = _formed_places(data, name, villages)
    pools = PlacePools(
        places=places,
        postcodes={place: (_formed_postcode(data, name, place),) for place in places},
        streets=_streets(data, f"{name}-streets", villages, stems, fresh, checked=True),
    )
    return pools, fresh, stems


def _formed_places(data: ModuleType, name: str, villages: list[str]) -> tuple[str, ...]:
    """The villages, some in one of the family's place forms (``PLACE_FORMS``)."""
    rng = random.Random(f"{name}-places")
    out = []
    for i, village in enumerate(villages):
        form = next((f for period, offset, f in data.PLACE_FORMS if i % period == offset), "{v}")
        other = rng.choice([v for v in rng.sample(villages, min(2, len(villages))) if v != village])
        out.append(form.format(v=village, w=other, prefix=rng.choice(data.PREFIXES)))
    return tuple(sorted(set(out)))


def _formed_postcode(data: ModuleType, name: str, place: str) -> str:
    """A fixed postcode per place, of four or five digits in the family's proportion."""
    rng = random.Random(f"{name}-postcode:{place}")
    if rng.random() < data.FIVE_DIGIT_SHARE:
        return f"{rng.randint(1001, 99998):05d}"
    return str(rng.randint(1010, 9990))
