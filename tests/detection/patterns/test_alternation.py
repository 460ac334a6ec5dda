"""The trie-shaped alternation matches what the longest-first alternation of the same words
matches (MedicalSite's site words rely on it), also before a condition after the word."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from deid_cli.detection.patterns.alternation import trie_alternation

# Few letters, so that words share prefixes and one is often another's prefix ("Reha",
# "Reha-Klinik", "LK", "LKH").
_WORDS = st.lists(st.text(alphabet="aKk- .H", min_size=1, max_size=6), min_size=1, max_size=12)
_TEXTS = st.text(alphabet="aKk- .Hx", max_size=14)


def _longest_first(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


@settings(max_examples=400, deadline=None)
@given(words=_WORDS, text=_TEXTS)
def test_the_trie_matches_what_the_longest_first_alternation_matches(words: list[str], text: str) -> None:
    for tail in ("", r"(?![\w])"):
        trie = re.compile(f"(?:{trie_alternation(words)}){tail}")
        flat = re.compile(f"(?:{_longest_first(words)}){tail}")
        for pos in range(len(text) + 1):
            a, b = trie.match(text, pos), flat.match(text, pos)
            assert (a and a.span()) == (b and b.span())


def test_site_words_that_are_prefixes_of_each_other_match_the_longest_that_fits() -> None:
    pattern = re.compile(rf"(?:{trie_alternation(['Klinik', 'Klinikum', 'Reha', 'Reha-Klinik'])})(?![\w])")
    assert pattern.match("Klinikum Zirbl").group() == "Klinikum"
    assert pattern.match("Klinik Zirbl").group() == "Klinik"
    assert pattern.match("Reha-Klinik Zirbl").group() == "Reha-Klinik"
    assert pattern.match("Reha-Zentrum").group() == "Reha"
    assert pattern.match("Klinikumbau") is None


def test_special_characters_are_escaped_and_no_words_match_nothing() -> None:
    assert re.fullmatch(trie_alternation(["St.", "Dr.(x)"]), "Dr.(x)")
    assert re.fullmatch(trie_alternation(["St."]), "Stx") is None
    assert trie_alternation([]) == ""
