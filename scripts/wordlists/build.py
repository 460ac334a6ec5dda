"""The build: every generated list written (sorted, UTF-8, LF), then the README; ``main``
prints the entry counts."""

from __future__ import annotations

from collections.abc import Iterable

from wordlists.common_words import build_common_words, frequent_subset
from wordlists.curated_names import EPONYMS
from wordlists.curated_sites import MEDICAL_SITES, SITE_PHRASES, SITE_PREFIXES
from wordlists.geonames import COUNTRIES, postcode_rows
from wordlists.helpers import lines, words
from wordlists.names import build_names
from wordlists.parameters import DICT_DIR
from wordlists.places import country_names, faker_place_names, postcodes_at
from wordlists.professions import build_organization_words, build_professions
from wordlists.readme import write_readme


def write_lines(name: str, entries: Iterable[str]) -> int:
    """Write a sorted, de-duplicated UTF-8 list with LF endings; returns the entry count."""
    unique = sorted(set(entries))
    if any(not entry or entry.startswith("#") or "\n" in entry for entry in unique):
        raise ValueError(f"{name}: blank, comment-like or multi-line entry")
    text = "".join(entry + "\n" for entry in unique)
    (DICT_DIR / name).write_text(text, encoding="utf-8", newline="\n")
    return len(unique)


def write_postcode_lists() -> dict[str, int]:
    """``postcodes_xx.tsv`` of every country from GeoNames; returns {file name: entry count}."""
    return {f"postcodes_{cc}.tsv": write_lines(f"postcodes_{cc}.tsv", postcode_rows(cc)) for cc in COUNTRIES}


def build() -> dict[str, int]:
    """Write every generated file; returns {file name: entry count}."""
    DICT_DIR.mkdir(exist_ok=True)
    first, surnames = build_names()
    # The words common_words must not absorb: the Austrian municipalities and Faker's cities, as
    # always. The GeoNames localities (tens of thousands of hamlets, many of them ordinary words
    # such as "Au" or "Brunnen") go into the postcode lists only, where a place needs a cue.
    places = {place for _, place in postcodes_at()} | faker_place_names()
    common = build_common_words(first, surnames, places)
    counts = {
        "first_names.txt": write_lines("first_names.txt", first),
        "first_names_gender.tsv": write_lines(
            "first_names_gender.tsv", (f"{n}\t{g}" for n, g in first.items())
        ),
        "surnames.txt": write_lines("surnames.txt", surnames),
        **write_postcode_lists(),
        "countries.txt": write_lines("countries.txt", country_names()),
        "medical_sites.txt": write_lines("medical_sites.txt", lines(MEDICAL_SITES)),
        "site_prefixes.txt": write_lines("site_prefixes.txt", [*words(SITE_PREFIXES), *lines(SITE_PHRASES)]),
        "eponyms.txt": write_lines("eponyms.txt", words(EPONYMS)),
        "professions.txt": write_lines("professions.txt", build_professions()),
        "organization_words.txt": write_lines("organization_words.txt", build_organization_words()),
        "common_words.txt": write_lines("common_words.txt", common),
        "frequent_words.txt": write_lines("frequent_words.txt", frequent_subset(common)),
    }
    counts["README.md (table rows)"] = write_readme()
    return counts


def main() -> int:
    for name, count in build().items():
        print(f"{name:<28} {count:>7}")
    return 0
