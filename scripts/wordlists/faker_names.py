"""First names and surnames from Faker's person providers (MIT).

Why a module: Faker is one of two name sources (with ``nam_dict``); its providers are also the
"names anywhere in the world" check of ``common_words.world_names``.
"""

from __future__ import annotations

import importlib
from collections import defaultdict
from collections.abc import Iterable

from wordlists.helpers import Genders


def faker_provider(locale: str) -> type:
    """Faker's person Provider class for a locale (class attributes hold the name lists)."""
    return importlib.import_module(f"faker.providers.person.{locale}").Provider


def faker_names(provider: type, attribute: str) -> list[str]:
    """A provider's own name list; the base provider's placeholders (John, Jane, Doe) that
    locales without such a list inherit are not names of that locale."""
    value = getattr(provider, attribute, ())
    base = importlib.import_module("faker.providers.person").Provider
    if value is getattr(base, attribute, None) or not isinstance(value, tuple | list | dict):
        return []
    return [name for name in value if isinstance(name, str)]


def faker_first_names(locales: Iterable[str]) -> Genders:
    """First names with the genders Faker files them under (m/f)."""
    genders: Genders = defaultdict(set)
    for locale in locales:
        provider = faker_provider(locale)
        for attribute, gender in (("first_names_male", "m"), ("first_names_female", "f")):
            for name in faker_names(provider, attribute):
                genders[name].add(gender)
    return genders


def polish_female_forms(names: Iterable[str]) -> set[str]:
    """Polish -ski/-cki/-dzki surnames have feminine -ska/-cka/-dzka forms in use."""
    return {name[:-1] + "a" for name in names if name.endswith(("ski", "cki", "dzki"))}


def faker_surnames(locales: Iterable[str]) -> set[str]:
    """Surnames from every surname list a Faker person provider has."""
    attributes = (
        "last_names",
        "last_names_male",
        "last_names_female",
        "last_names_unisex",
        "unisex_last_names",
        "male_last_names",
        "female_last_names",
    )
    result: set[str] = set()
    for locale in locales:
        provider = faker_provider(locale)
        for attribute in attributes:
            result.update(faker_names(provider, attribute))
    result.update(polish_female_forms(result))
    return result
