"""``common_words.txt`` and ``frequent_words.txt``: german-nouns nouns, wordfreq words and the
curated lists, minus anything that is a name (here or anywhere in the world).

Why: a bare dictionary hit on a common word is not masked, so a name that slips in here is a
leak; the recipe is documented in the README.
"""

from __future__ import annotations

import importlib
import math
import pkgutil
from collections.abc import Iterable, Iterator

import wordfreq

from wordlists.curated_words import (
    CLINICAL_WORDS,
    ENGLISH_WORDS,
    FUNCTION_WORDS,
    MEDICATIONS,
    NAME_LIKE_COMMON_WORDS,
    NEVER_COMMON_WORDS,
)
from wordlists.faker_names import faker_names, faker_provider
from wordlists.german_nouns import compound_family_sizes, german_noun_table
from wordlists.helpers import LOWER_WORD, is_valid_name, words
from wordlists.nam_dict import NAM_DICT_GENDERS, decode_nam_dict_name, nam_dict_lines
from wordlists.parameters import MIN_COMPOUND_FAMILY, MIN_GERMAN_LEAD, NOUN_MIN_ZIPF, OTHER_MIN_ZIPF


def frequent_words(min_zipf: float) -> Iterator[str]:
    """German wordfreq words (lower-case, letters only) at or above a Zipf frequency.

    Zipf is computed from the raw frequency table (log10 of frequency per billion words) so
    the cut does not depend on wordfreq's run-time tokenizer."""
    for word, frequency in wordfreq.get_frequency_dict("de", "best").items():
        if frequency > 0 and math.log10(frequency) + 9 >= min_zipf and LOWER_WORD.match(word):
            yield word


def world_names() -> set[str]:
    """Lower-cased names from every Faker person locale (Latin script) and all of nam_dict.

    Why: wordfreq's German list is web text full of foreign names (Smith, Obama, Johnson)
    that our German-centred name lists lack; a common word is trusted as "not a name" by the
    context rules, so such names must not slip in."""
    result: set[str] = set()
    package = importlib.import_module("faker.providers.person")
    for module in pkgutil.iter_modules(package.__path__):
        provider = faker_provider(module.name)
        for attribute in dir(provider):
            if "name" in attribute and not attribute.startswith(("_", "prefix", "suffix", "language")):
                result.update(n.lower() for n in faker_names(provider, attribute) if is_valid_name(n))
    for line in nam_dict_lines():
        if line[:2].strip() in NAM_DICT_GENDERS:
            result.update(n.lower() for n in decode_nam_dict_name(line[3:29].strip()))
    return result


def mainly_german(word: str) -> bool:
    """Is the word at least ten times more frequent in German than in English text?
    (dann, frei, meine: yes; smith, johnson, bill: no)."""
    return wordfreq.zipf_frequency(word, "de") >= wordfreq.zipf_frequency(word, "en") + MIN_GERMAN_LEAD


def build_common_words(
    first_names: Iterable[str], surnames: Iterable[str], places: Iterable[str]
) -> set[str]:
    """Words a bare dictionary hit must not mask (see the README for the recipe)."""
    nouns, name_lemmas, forms = german_noun_table()
    names = {n.lower() for n in first_names} | {n.lower() for n in surnames}
    place_words = {p.lower() for p in places}
    explicit = (
        set(words(NAME_LIKE_COMMON_WORDS))
        | set(words(CLINICAL_WORDS))
        | set(words(MEDICATIONS))
        | set(words(FUNCTION_WORDS))
        | set(words(ENGLISH_WORDS))
    )

    frequent = set(frequent_words(NOUN_MIN_ZIPF))
    # Nouns that are also listed names stay only when frequent and productive in compounds
    # (Koch, Bauer); every other Wiktionary noun stays, with all its inflected forms,
    # however rare: "Glaukom" or "Orthopnoe" are no names.
    family = compound_family_sizes((nouns & frequent) & names, nouns)
    noun_part: set[str] = set()
    for lemma in nouns:
        if lemma in names or lemma in name_lemmas or lemma in place_words:
            if lemma in frequent and family.get(lemma, 0) >= MIN_COMPOUND_FAMILY:
                noun_part.add(lemma)
                noun_part.update(f for f in forms.get(lemma, ()) if f in frequent)
            continue
        noun_part.add(lemma)
        noun_part.update(f for f in forms.get(lemma, ()) if f not in names and f not in place_words)

    blocked = names | name_lemmas | place_words
    foreign = world_names()
    other_part = {
        w
        for w in frequent_words(OTHER_MIN_ZIPF)
        if len(w) >= 3 and w not in nouns and w not in blocked and not (w in foreign and not mainly_german(w))
    }
    return (noun_part | other_part | explicit) - set(words(NEVER_COMMON_WORDS))


def frequent_subset(common: set[str]) -> set[str]:
    """The common words frequent enough that their misspellings turn up in notes
    ("Gewiccht"): the typo detector compares unknown words against these only."""
    frequent = set(frequent_words(NOUN_MIN_ZIPF))
    explicit = set(words(CLINICAL_WORDS)) | set(words(MEDICATIONS)) | set(words(FUNCTION_WORDS))
    return {w for w in common if w in frequent or w in explicit}
