"""``professions.txt`` and ``organization_words.txt``: the curated job titles with every
generated form (both genders, cases, plural), and the organisation words with their kind."""

from __future__ import annotations

import unicodedata

from wordlists.curated_professions import (
    LEGAL_FORMS,
    ORGANIZATION_HEAD_PHRASES,
    ORGANIZATION_HEADS,
    ORGANIZATION_SUFFIXES,
    PROFESSION_ABBREVIATIONS,
    PROFESSIONS,
    PROFESSIONS_ADJECTIVAL,
    PROFESSIONS_IRREGULAR,
)
from wordlists.helpers import lines, words

#: Endings of weak masculine nouns (der Polizist, des/die Polizisten).
_WEAK_ENDINGS = ("ist", "ant", "ent", "and", "at", "ot", "graf", "graph", "nom", "naut", "eut", "ekt", "urg")


def feminine_plural(feminine: str) -> str | None:
    """Plural of a feminine job title (Lehrerin -> Lehrerinnen, Hausfrau -> Hausfrauen)."""
    if feminine.endswith("in"):
        return feminine + "nen"
    if feminine.endswith("kraft"):
        return feminine[:-5] + "kräfte"
    if feminine.endswith(("e", "er")):
        return feminine + "n"
    if feminine.endswith(("frau", "ess")):
        return feminine + "en"
    return None


def masculine_forms(masculine: str) -> set[str]:
    """Singular cases and plural of a masculine job title, by its ending: Lehrer(s/n),
    Biologe(n), Polizist(en), Landwirt(s/e/en), Kaufmann/Kaufleute."""
    forms = {masculine}
    if masculine.endswith("mann"):
        stem = masculine[:-4]
        forms |= {masculine + "s", stem + "männer", stem + "männern", stem + "leute", stem + "leuten"}
    elif masculine.endswith("e"):
        forms.add(masculine + "n")
    elif masculine.endswith(_WEAK_ENDINGS):
        forms.add(masculine + "en")
    elif masculine.endswith(("er", "el")) and not masculine.endswith("ier"):
        forms |= {masculine + "s", masculine + "n"}
    elif masculine.endswith("or"):
        forms |= {masculine + "s", masculine + "en"}
    else:
        genitive = masculine + ("es" if masculine.endswith(("s", "ß", "x", "z")) else "s")
        forms |= {genitive, masculine + "e", masculine + "en"}
    return forms


def default_feminine(masculine: str) -> str:
    """Lehrer -> Lehrerin, Biologe -> Biologin, Kaufmann -> Kauffrau."""
    if masculine.endswith("mann"):
        return masculine[:-4] + "frau"
    if masculine.endswith("e"):
        return masculine[:-1] + "in"
    return masculine + "in"


def profession_forms(masculine: str | None, feminine: str | None, plural: str | None = None) -> set[str]:
    """Every form a job title takes in running text (both genders, cases, plural)."""
    forms: set[str] = set()
    if masculine and plural is None:
        forms |= masculine_forms(masculine)
    elif masculine and plural:
        strong_genitive = masculine.endswith(("s", "ß", "x", "z", "t", "ch"))
        dative_plural = plural if plural.endswith(("n", "s")) else plural + "n"
        forms |= {masculine, masculine + ("es" if strong_genitive else "s"), plural, dative_plural}
    if feminine:
        forms.add(feminine)
        feminine_plural_form = plural if masculine is None and plural else feminine_plural(feminine)
        if feminine_plural_form:
            forms.add(feminine_plural_form)
            if masculine is None and not feminine_plural_form.endswith(("n", "s")):
                forms.add(feminine_plural_form + "n")
    return forms


def build_professions() -> set[str]:
    """professions.txt: curated job titles with all generated forms."""
    result: set[str] = set()
    for masculine in words(PROFESSIONS):
        result |= profession_forms(masculine, default_feminine(masculine))
    for line in lines(PROFESSIONS_IRREGULAR):
        masculine, feminine, plural = (None if part == "-" else part for part in line.split())
        result |= profession_forms(masculine, feminine, plural)
    for entry in words(PROFESSIONS_ADJECTIVAL):
        stem, _, feminine = entry.partition("+")
        result |= {stem + ending for ending in ("e", "er", "en", "em")}
        if feminine:
            result |= {stem + "in", stem + "innen"}
    result |= set(words(PROFESSION_ABBREVIATIONS))
    return {unicodedata.normalize("NFC", form) for form in result}


def build_organization_words() -> list[str]:
    """organization_words.txt: ``word<TAB>kind`` with kind head, suffix or legal."""
    entries = [f"{word}\thead" for word in words(ORGANIZATION_HEADS)]
    entries += [f"{phrase}\thead" for phrase in lines(ORGANIZATION_HEAD_PHRASES)]
    entries += [f"{suffix}\tsuffix" for suffix in words(ORGANIZATION_SUFFIXES)]
    entries += [f"{form}\tlegal" for form in lines(LEGAL_FORMS)]
    return [unicodedata.normalize("NFC", entry) for entry in entries]
