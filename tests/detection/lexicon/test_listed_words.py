"""The name sets answered from the automaton (``ListedWords``) give exactly the answers of the
sets they replace: ``name_words`` (every folded single-word key of a name list) and
``first_names`` (every folded first-names entry). The maskers, the word classes and the risk and
audit reports ask them, so one differing answer would change what deid masks.

The reference sets are computed here from their definition, independently of the lexicon's code,
and probed with every word of the bundled lists, their spelling variants and near misses, and
with lists built to hit each exception (umlaut spellings, punctuation, hyphens, phrases,
ambiguous names, trigger words)."""

from __future__ import annotations

import pickle
import re
from collections.abc import Iterable, Iterator
from dataclasses import replace

import pytest

from deid_cli.detection.lexicon.lexicon import Lexicon, PublicLexicon
from deid_cli.detection.lexicon.lists import LexiconSources, load_bundled, name_parts
from deid_cli.detection.normalize import fold, spelling_variants

_NON_WORD = re.compile(r"[\W_]")


def reference_name_words(sources: LexiconSources, *, user: bool = False) -> frozenset[str]:
    """The set as deid defined it: the folded form of every name part's spelling variants, with
    non-word characters as spaces, where that leaves one word."""
    lists = (
        [sources.patients, sources.hcps, sources.persons]
        if user
        else [sources.first_names, sources.surnames, sources.public_persons, sources.public_hcps]
    )
    words = set()
    for names in lists:
        for name in names:
            for part in name_parts(name):
                for variant in spelling_variants(part):
                    word = _NON_WORD.sub(" ", variant).strip()
                    if word and " " not in word:
                        words.add(fold(word))
    return frozenset(words)


def reference_first_names(sources: LexiconSources) -> frozenset[str]:
    return frozenset(fold(name) for name in sources.first_names)


def near_misses(word: str) -> Iterator[str]:
    """Forms a caller may ask about: cases, folding, umlauts, punctuation, one-character edits."""
    yield from (word, word.lower(), fold(word), word.title(), *spelling_variants(word))
    yield from (
        _NON_WORD.sub(" ", word.lower()),
        _NON_WORD.sub(" ", fold(word)).strip(),
    )  # as in a note's view
    yield from (f"{word}.", f"{word}-", f"-{word}", f" {word}", f"{word} ", f"{word} x", f"{word}'s")
    for i in range(len(word)):
        yield word[:i] + word[i + 1 :]
        yield word[:i] + "e" + word[i + 1 :]
    yield word + "s"


def probes(sources: LexiconSources) -> set[str]:
    words: set[str] = {"", " ", "  ", "x", "-", "'", "ß", "ẞ", "in", "frau", "dr", "straße 1", "frau1"}
    lists: Iterable[str] = [
        *sources.first_names,
        *sources.surnames,
        *sources.public_persons,
        *sources.public_hcps,
        *sources.patients,
        *sources.hcps,
        *sources.persons,
        *sources.sites,
        *sources.titles,
        *sources.common_words[::50],
        *sources.eponyms,
        *(t for t, _ in sources.salutations),
    ]
    for entry in lists:
        for part in {entry, *name_parts(entry), *entry.split()}:
            words.update(near_misses(part))
    return words


def assert_same_answers(
    lexicon: PublicLexicon | Lexicon,
    sources: LexiconSources,
    user: bool = False,
) -> None:
    names = reference_name_words(sources)
    if user:
        names |= reference_name_words(sources, user=True)
    first = reference_first_names(sources)
    wrong_names = [w for w in probes(sources) if (w in lexicon.name_words) != (w in names)]
    wrong_first = [w for w in probes(sources) if (w in lexicon.first_names) != (w in first)]
    assert wrong_names == [] and wrong_first == []
    # every member is found, not only the probed ones
    assert all(w in lexicon.name_words for w in names)
    assert all(w in lexicon.first_names for w in first)


@pytest.fixture(scope="module")
def bundled() -> tuple[LexiconSources, PublicLexicon]:
    sources = load_bundled()
    return sources, PublicLexicon(sources)


def test_bundled_lists_answer_as_the_sets(bundled: tuple[LexiconSources, PublicLexicon]) -> None:
    sources, public = bundled
    assert_same_answers(public, sources)


def test_bundled_lists_answer_as_the_sets_after_the_cache_round_trip(
    bundled: tuple[LexiconSources, PublicLexicon],
) -> None:
    sources, public = bundled
    loaded = pickle.loads(pickle.dumps(public, protocol=pickle.HIGHEST_PROTOCOL))
    assert_same_answers(loaded, sources)
    # pickled again before its deletion index was unpacked (the Dask engine ships it so)
    again = pickle.loads(pickle.dumps(loaded, protocol=pickle.HIGHEST_PROTOCOL))
    assert loaded.near_common_index == public.near_common_index == again.near_common_index


TRICKY = LexiconSources(
    first_names=["Anna-Lena", "Jean Paul", "Lena", "Jürgen", "Ümit", "Koch", "Frau", "O'Neil", "Zoë", "Ann."],
    surnames=["Müller.", "Strauß", "Mueller", "Koch", "Parkinson", "In", "Am", "Weg", "Straße", "Groß-Gerau"],
    public_persons=["Max Müller-Lüdenscheidt", "Dr. Hans Wolf"],
    public_hcps=["Prim. Dr. Ärztin Öztürk"],
    sites=["Klinikum Anna", "LKH Koch"],
    site_prefixes=["LKH", "Klinikum"],
    common_words=["koch", "wolf", "weg", "gross"],
    eponyms=["Parkinson"],
    titles=["Dr.", "Prim."],
    salutations=[("Frau", "personal"), ("Herr", "personal")],
    frequent_words=["gewicht", "schwindel"],
)


def test_tricky_lists_answer_as_the_sets() -> None:
    assert_same_answers(PublicLexicon(TRICKY), TRICKY)


def test_user_names_join_the_public_ones() -> None:
    public = PublicLexicon(TRICKY)
    user = LexiconSources(patients=["Quendelhofer", "Jürgens"], hcps=["Dr. Lüdenscheidt"], persons=["Müller"])
    lexicon = Lexicon(user, public)
    both = replace(TRICKY, patients=user.patients, hcps=user.hcps, persons=user.persons)
    assert_same_answers(lexicon, both, user=True)
    # the Dask engine ships the lexicon to its workers pickled
    assert_same_answers(pickle.loads(pickle.dumps(lexicon)), both, user=True)
    assert "quendelhofer" in lexicon.name_words and "quendelhofer" not in public.name_words
    assert lexicon.is_listed_name("Jürgens") and "juergens" not in public.name_words
