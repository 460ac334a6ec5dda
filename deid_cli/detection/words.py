"""What a word is, whatever its position: classified once per distinct word and run.

The maskers ask of every candidate name the same questions (a common word? a title? listed as
a name? a noun by its ending or as a compound? one typo from an ordinary word?), and a corpus
asks them of the same few thousand words over and over. ``WordClasses`` answers each distinct
word once, as a set of bits, and the position-dependent questions (a full stop after it, a
blocked region) stay with the note (``maskers.base.NoteContext``).
"""

from __future__ import annotations

import re

from deid_cli.detection.lexicon.lexicon import Lexicon
from deid_cli.detection.normalize import fold

# A word for name purposes: letters with an optional inner apostrophe (O'Brien, D’Angelo).
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?(?!\w)")

# Bits of a word's class.
NOT_NAME_SHAPED = 1 << 0  # not capitalized, a single letter, or an acronym (all caps, <= 5 letters)
COMMON = 1 << 1  # an ordinary word (common_words)
TITLE = 1 << 2  # a title or salutation word
ABBREVIATION = 1 << 3  # an abbreviation, when written with its full stop
KEPT = 1 << 4  # on a keep list
EPONYM = 1 << 5  # an eponym (Parkinson)
NOUN_SHAPED = 1 << 6  # a noun by its ending or as a compound of two common words
LISTED = 1 << 7  # in a name list (bundled or the user's)
NEAR_COMMON = 1 << 8  # one edit from a frequent word: a typo, not a name
GIVEN_NAME = 1 << 9  # on the first-name list
COMPOUND = 1 << 10  # noun-shaped only as a compound of two common words (Schön|stadt may be a town)
COUNTRY = 1 << 11  # a country or world region (countries.txt): no place the rules mask
# A name-like word is none of these (eponyms aside, which a given name may precede).
NOT_A_NAME = NOT_NAME_SHAPED | COMMON | TITLE | KEPT | NOUN_SHAPED

# Beyond this many distinct words the memory starts again (hostile input of endless new words).
MAX_REMEMBERED_WORDS = 1_000_000

# Typical endings of German abstract nouns; a capitalized word ending so is a noun, not a name.
_NOUN_SUFFIXES = ("ung", "heit", "keit", "schaft", "tion", "ität", "ismus")
# Endings of medical terms (diagnoses, procedures, findings): Glaukom, Gastritis, Zystoskopie.
_MEDICAL_SUFFIXES = (
    "itis", "ose", "om", "ome", "ämie", "aemie", "algie", "ektomie", "tomie", "skopie", "graphie",
    "grafie", "gramm", "pathie", "plastie", "therapie", "logie", "penie", "urie", "zyten", "ase",
)  # fmt: skip
# Stems of international drug names (WHO INN): Midazolam, Sulbactam, Ramipril, Bisoprolol.
_DRUG_STEMS = (
    "azepam", "azolam", "bactam", "cillin", "mycin", "oxacin", "pril", "sartan", "olol",
    "dipin", "statin", "prazol", "conazol", "mab", "tinib", "vir", "setron", "triptan", "gliptin",
    "gliflozin", "parin", "xaban", "gatran", "profen", "fenac", "coxib", "cyclin", "tidin", "semid",
    "tiazid", "racetam", "oxetin", "triptylin", "apin", "idon", "afil", "dronat", "lukast", "platin",
    "rubicin", "taxel", "mustin", "trexat",
)  # fmt: skip
# Both, as one tuple for str.endswith.
_MEDICAL_AND_DRUG_ENDINGS = _MEDICAL_SUFFIXES + _DRUG_STEMS
# Surnames are often compounds of ordinary words (Hof|mann, Stein|bauer, Rosen|berg): these
# endings never make a word a compound noun.
_SURNAME_TAILS = frozenset(
    {"mann", "bauer", "berg", "berger", "hofer", "huber", "maier", "meier", "mayer", "macher", "mueller",
     "schmid", "bichler", "leitner", "egger", "moser", "wieser", "gruber", "lechner", "thaler", "brunner",
     "hauser", "felder", "reiter", "bach", "dorf", "feld", "stein", "hof"}
)  # fmt: skip


class WordClasses:
    """The class bits of every word asked about, remembered for the run."""

    __slots__ = ("_lexicon", "_memo")

    def __init__(self, lexicon: Lexicon) -> None:
        self._lexicon = lexicon
        self._memo: dict[str, int] = {}

    def of(self, word: str) -> int:
        found = self._memo.get(word)
        if found is None:
            if len(self._memo) >= MAX_REMEMBERED_WORDS:
                self._memo.clear()
            found = self._memo[word] = classify(word, self._lexicon)
        return found


def classify(word: str, lexicon: Lexicon) -> int:
    """The class bits of one word (see the constants above)."""
    folded = fold(word)
    bits = 0
    if not word[:1].isupper() or len(word) < 2 or (word.isupper() and len(word) <= 5):
        bits |= NOT_NAME_SHAPED
    if folded in lexicon.common:
        bits |= COMMON
    if folded in lexicon.title_words:
        bits |= TITLE
    if folded in lexicon.abbreviation_words:
        bits |= ABBREVIATION
    if folded in lexicon.keep_words:
        bits |= KEPT
    if folded in lexicon.eponyms:
        bits |= EPONYM
    if folded in lexicon.name_words:
        bits |= LISTED
    if folded in lexicon.first_names:
        bits |= GIVEN_NAME
    if folded in lexicon.countries:
        bits |= COUNTRY
    bits |= noun_shape(word, lexicon)
    if lexicon.near_common(word):
        bits |= NEAR_COMMON
    return bits


def looks_like_noun(word: str, lexicon: Lexicon) -> bool:
    """German compounds are endless, so no list has them all: a long word that ends like an
    abstract noun, or splits into two common words (Blutdruck|kontrolle), is a noun."""
    return bool(noun_shape(word, lexicon))


def noun_shape(word: str, lexicon: Lexicon) -> int:
    """NOUN_SHAPED for a noun by its ending, NOUN_SHAPED | COMPOUND for a compound of two
    common words (see ``looks_like_noun``), else 0."""
    low = fold(word)
    lower = word.lower()
    if len(low) >= 8 and lower.endswith(_NOUN_SUFFIXES):
        return NOUN_SHAPED
    if len(low) >= 6 and lower.endswith(_MEDICAL_AND_DRUG_ENDINGS) and not lexicon.is_listed_name(word):
        return NOUN_SHAPED
    if len(low) < 9 or lexicon.is_listed_name(word):
        return 0
    common = lexicon.common
    for cut in range(4, len(low) - 4):
        head, tail = low[:cut], low[cut:]
        if tail in common and tail not in _SURNAME_TAILS and _is_compound_head(head, common):
            return NOUN_SHAPED | COMPOUND
    return 0


def _is_compound_head(head: str, common: frozenset[str]) -> bool:
    """A compound's first part, possibly with a linking element or without its final -e
    (Blutdruck|kontrolle, Wund(e)|kontrolle, Arbeits|platz)."""
    return head in common or head.rstrip("s") in common or head + "e" in common or head + "en" in common
