"""german-nouns (Wiktionary, CC BY-SA): common-noun lemmas with their inflected forms, name
lemmas, and compound-family sizes.

Why a module: a noun lemma that is also a listed name is only trusted as a common word when it
is productive in compounds (Koch: Chefkoch, Kochbuch; Huber: none); that test needs the whole
noun table.
"""

from __future__ import annotations

import csv

from wordlists.helpers import LOWER_WORD, site_package_file

_NAME_POS = {"Vorname", "Nachname", "Toponym", "Eigenname", "Straßenname"}
_FUGEN = ("", "s", "es", "n", "en", "er", "e")


def german_noun_lemmas() -> tuple[set[str], set[str]]:
    """(common-noun lemmas, name/place lemmas), lower-cased, from german-nouns' CSV.

    A lemma is a common noun if at least one of its rows carries no name part of speech;
    rows tagged Vorname/Nachname/Toponym/Eigenname feed the name filter instead."""
    nouns, names, _ = german_noun_table()
    return nouns, names


def german_noun_table() -> tuple[set[str], set[str], dict[str, set[str]]]:
    """As german_noun_lemmas, plus every inflected form of each common noun (Kind -> Kinder,
    Kindern, Kindes): notes use plurals and cases, not just lemmas."""
    path = site_package_file("german_nouns", "nouns.csv")
    nouns: set[str] = set()
    names: set[str] = set()
    forms: dict[str, set[str]] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            lemma = row["lemma"].strip()
            if not lemma[:1].isupper() or " " in lemma:
                continue
            if set(row["pos"].split(",")) & _NAME_POS:
                names.add(lemma.lower())
                continue
            nouns.add(lemma.lower())
            bucket = forms.setdefault(lemma.lower(), set())
            for column, value in row.items():
                if column and ("singular" in column or "plural" in column) and value:
                    form = value.strip().lower()
                    if LOWER_WORD.match(form):
                        bucket.add(form)
    return nouns, names, forms


def _is_lemma_with_fuge(part: str, nouns: set[str], *, at_end: bool) -> bool:
    """Is ``part`` a noun lemma (>= 3 letters) plus an optional linking element?"""
    for fuge in _FUGEN:
        stem = part[: len(part) - len(fuge)] if at_end else part[len(fuge) :]
        matches = part.endswith(fuge) if at_end else part.startswith(fuge)
        if matches and len(stem) >= 3 and stem in nouns:
            return True
    return False


def compound_family_sizes(candidates: set[str], nouns: set[str]) -> dict[str, int]:
    """How many noun lemmas contain each candidate as a compound part (Kochbuch, Chefkoch).

    Why: a real everyday noun forms compounds; a surname that Wiktionary also files as an
    archaic noun (Huber) or a name with an obscure noun sense (Anna) does not."""
    sizes = dict.fromkeys(candidates, 0)
    for lemma in nouns:
        for cut in range(3, len(lemma) - 2):
            head, tail = lemma[:cut], lemma[cut:]
            if tail in sizes and _is_lemma_with_fuge(head, nouns, at_end=True):
                sizes[tail] += 1
            if head in sizes and _is_lemma_with_fuge(tail, nouns, at_end=False):
                sizes[head] += 1
    return sizes
