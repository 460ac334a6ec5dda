"""``first_names.txt``, ``first_names_gender.tsv`` and ``surnames.txt``: Faker, nam_dict and
the curated surnames merged, with diacritic-free variants and one gender per first name."""

from __future__ import annotations

from collections import defaultdict

from wordlists.curated_names import CURATED_SURNAMES
from wordlists.faker_names import faker_first_names, faker_surnames
from wordlists.helpers import Genders, with_variants, words
from wordlists.nam_dict import nam_dict_first_names
from wordlists.parameters import FAKER_HOME_LOCALES, FAKER_IMMIGRANT_LOCALES


def merge_genders(*sources: Genders) -> dict[str, str]:
    """Valid first names (plus diacritic-free variants) -> m, f or u (conflicting/unisex)."""
    merged: Genders = defaultdict(set)
    for source in sources:
        for raw, genders in source.items():
            for name in with_variants([raw]):
                merged[name].update(genders)
    return {name: next(iter(g)) if len(g) == 1 else "u" for name, g in merged.items()}


def build_names() -> tuple[dict[str, str], set[str]]:
    """First names (with gender) and surnames from Faker, nam_dict and the curated list."""
    locales = FAKER_HOME_LOCALES + FAKER_IMMIGRANT_LOCALES
    first = merge_genders(faker_first_names(locales), nam_dict_first_names())
    surnames = with_variants(faker_surnames(locales) | set(words(CURATED_SURNAMES)))
    return first, surnames
