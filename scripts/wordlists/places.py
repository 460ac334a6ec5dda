"""Place names: Austrian postcodes (python-stdnum, LGPL) for ``postcodes_at.tsv``, the
cities/states of Faker's address providers that the common words must not absorb, and the
countries (``countries.txt``) that the place rules leave unmasked."""

from __future__ import annotations

import importlib
import re

from wordlists.helpers import site_package_file
from wordlists.parameters import FAKER_ADDRESS_LOCALES

_PLZ_LINE = re.compile(r'^(\d{4})\s+location="([^"]+)"')


def postcodes_at() -> list[tuple[str, str]]:
    """(code, place) pairs from python-stdnum's Austrian postcode table."""
    path = site_package_file("stdnum", "at/postleitzahl.dat")
    pairs = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        match = _PLZ_LINE.match(line)
        if match:
            pairs.add((match.group(1), match.group(2).strip()))
    return sorted(pairs)


def faker_place_names() -> set[str]:
    """City and state names from Faker's de_AT/de_DE/de_CH address providers."""
    result: set[str] = set()
    for locale in FAKER_ADDRESS_LOCALES:
        provider = importlib.import_module(f"faker.providers.address.{locale}").Provider
        result.update(getattr(provider, "cities", ()))
        result.update(getattr(provider, "states", ()))
    return result


# Everyday names of countries and world regions that Faker's formal list lacks ("Russland" for
# "Russische Föderation"): curated for this project.
EVERYDAY_COUNTRIES = (
    "USA", "Amerika", "England", "Schottland", "Wales", "Nordirland", "Großbritannien", "Holland",
    "Tschechien", "Tschechei", "Bosnien", "Kosovo", "Russland", "Weißrussland", "Mazedonien",
    "Nordmazedonien", "Moldawien", "Elfenbeinküste", "Korea", "Südkorea", "Nordkorea", "Kongo",
    "Afrika", "Nordafrika", "Asien", "Europa", "Osteuropa", "Südamerika", "Nordamerika",
    "Mittelamerika", "Lateinamerika", "Skandinavien", "Balkan", "Karibik", "Nahost", "Orient",
)  # fmt: skip


def country_names() -> set[str]:
    """Country names in German from Faker's address providers (MIT) and the everyday names
    above: a country is no place the rules mask ("Urlaub in Kroatien")."""
    result: set[str] = set(EVERYDAY_COUNTRIES)
    for locale in FAKER_ADDRESS_LOCALES:
        provider = importlib.import_module(f"faker.providers.address.{locale}").Provider
        result.update(getattr(provider, "countries", ()))
    return result
