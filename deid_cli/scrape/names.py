"""What counts as a name when reading article titles and directory entries.

The rule matches the bundled lists (dictionaries/README.md): Latin letters, hyphen and
apostrophe only, capitalised, not all caps. Anything else is dropped rather than guessed at,
because a wrong entry in a name list masks ordinary words in every note.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from deid_cli.detection.lexicon.lists import bundled_dictionary_dir, read_lines
from deid_cli.detection.normalize import fold

# Lower-case name particles allowed inside a full name ("Ludwig van Beethoven").
PARTICLES = frozenset(
    (
        *("van", "von", "vom", "de", "der", "den", "del", "della", "des", "di", "da", "dal", "du"),
        *("dos", "das", "la", "le", "lo", "zu", "zum", "zur", "ten", "ter", "y", "e"),
        *("bin", "ibn", "al", "el", "af", "av"),
    )
)
# "Karl der Große": first name, article, epithet; the epithet is no surname.
EPITHET_ARTICLES = frozenset({"der", "die", "das"})
# Degrees and honorifics of Austrian/German directories that titles.txt does not list.
EXTRA_TITLES = frozenset(
    fold(t)
    for t in (
        *("PhD", "MSc", "BSc", "MA", "BA", "MBA", "MAS", "MPH", "MMSc", "FEBU", "FA"),
        *("MR", "OMR", "SR", "MedR", "OMedR", "HR", "Hofrat", "Primarius", "Medizinalrat"),
        *("Obermedizinalrat", "Sanitätsrat", "Dr.in", "DDr.", "Dr.med.univ.", "Univ.Prof.", "Priv.Doz."),
    )
)
_TRAILING_PARENTHESIS = re.compile(r"\s*\([^()]*\)\s*$")
_INITIAL = re.compile(r"^[A-ZÄÖÜ]\.$")
_APOSTROPHES = "'’"


@cache
def _is_latin_letter(char: str) -> bool:
    return char.isalpha() and unicodedata.name(char, "").startswith("LATIN")


def is_name_token(token: str) -> bool:
    """One capitalised word of Latin letters, optionally joined by hyphens or apostrophes."""
    if len(token) < 2 or not token[0].isupper() or not _is_latin_letter(token[0]):
        return False
    if token[-1] in "-" + _APOSTROPHES or "--" in token:
        return False
    if not all(_is_latin_letter(c) or c == "-" or c in _APOSTROPHES for c in token):
        return False
    letters = [c for c in token if c.isalpha()]
    return not (len(letters) > 1 and all(c.isupper() for c in letters))


def strip_disambiguator(title: str) -> str:
    """ "Koch (Familienname)" -> "Koch"; "Anna Gruber (Politikerin, 1950)" -> "Anna Gruber"."""
    return _TRAILING_PARENTHESIS.sub("", title).strip()


def _not_an_article(title: str) -> bool:
    """Titles of lists and of other namespaces are no names."""
    return ":" in title or title.startswith(("Liste ", "Listen "))


def category_name(title: str) -> str | None:
    """The name of a member of a name category ("Wendolin (Vorname)" -> "Wendolin").

    Only single words (hyphenated ones included): a multi-word title such as "Da Silva"
    would put "Da" into the surname list as a word of its own.
    """
    if _not_an_article(title):
        return None
    name = strip_disambiguator(title)
    return name if is_name_token(name) else None


def person_name(title: str) -> tuple[str, str] | None:
    """(first name, surname) of a person article's title, or None if it is no plain name.

    The disambiguator is stripped first, so "Balduin Gruber (Mediziner, 1901)" counts; then
    titles with digits or commas (regnal numbers, "Surname, Given") and those with fewer than
    two words are skipped. The first word is the first name, the last the surname; words in
    between must be names, initials or particles ("Ludwig van Beethoven" -> Ludwig, Beethoven).
    """
    if _not_an_article(title):
        return None
    core = strip_disambiguator(title)
    if "," in core or any(c.isdigit() for c in core):
        return None
    tokens = core.split()
    if len(tokens) < 2 or not is_name_token(tokens[0]) or not is_name_token(tokens[-1]):
        return None
    middle = tokens[1:-1]
    if len(middle) == 1 and middle[0] in EPITHET_ARTICLES:
        return None
    if not all(is_name_token(t) or t in PARTICLES or _INITIAL.match(t) for t in middle):
        return None
    return tokens[0], tokens[-1]


@cache
def title_words() -> frozenset[str]:
    """Folded words of academic titles and honorifics (bundled titles.txt plus extras)."""
    words = {
        fold(part) for line in read_lines(bundled_dictionary_dir() / "titles.txt") for part in line.split()
    }
    return frozenset(words | EXTRA_TITLES)


def _clean_tokens(part: str) -> list[str]:
    """Words of a directory entry without titles, degrees and initials.

    A word ending in "." is an abbreviation (Dr., Univ.-Prof., med.) or an initial; an
    unknown all-caps word of up to four letters is taken for a degree (FEBU); longer all-caps
    words are surnames printed in capitals and are title-cased.
    """
    result: list[str] = []
    for token in part.replace(",", " ").split():
        if token.endswith(".") or fold(token) in title_words():
            continue
        letters = [c for c in token if c.isalpha()]
        if letters and all(c.isupper() for c in letters) and len(letters) > 1:
            if len(letters) <= 4:
                continue
            token = "-".join(piece.capitalize() for piece in token.split("-"))
        result.append(token)
    return result


def full_name(text: str, surname_first: bool) -> str | None:
    """ "Kapfgruber, Dr. Anna Maria" (surname first) or "Dr. Anna Maria Kapfgruber" ->
    "Anna Maria Kapfgruber"; None unless the result is two or more name words."""
    text = " ".join(text.split())
    if surname_first:
        surname, comma, given = text.partition(",")
        if not comma:
            return None
        tokens = _clean_tokens(given) + _clean_tokens(surname)
    else:
        tokens = _clean_tokens(text)
    if len(tokens) < 2 or not is_name_token(tokens[0]) or not is_name_token(tokens[-1]):
        return None
    if not all(is_name_token(t) or t in PARTICLES for t in tokens[1:-1]):
        return None
    return " ".join(tokens)
