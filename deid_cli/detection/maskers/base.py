"""The masker contract and the per-note state maskers share.

Like docdeid's annotators, each masker is a small class with a name and one method,
``annotate(ctx)``, that adds votes for tokens of one note. Maskers run in a fixed order; with
``--vote first`` a token that already has a vote is skipped by later maskers (the paper's
behaviour), with ``--vote all`` every masker votes and the typing rules weigh all evidence.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar, Protocol, Self

from deid_cli.detection.lexicon.lexicon import Hit, Lexicon
from deid_cli.detection.normalize import fold
from deid_cli.detection.ranges import RangeIndex
from deid_cli.detection.text import PreparedText

# A word for name purposes: letters with an optional inner apostrophe (O'Brien, D’Angelo).
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?(?!\w)")
_GAP = re.compile(r"[ \t]{1,3}")

# Typical endings of German abstract nouns; a capitalized word ending so is a noun, not a name.
_NOUN_SUFFIXES = ("ung", "heit", "keit", "schaft", "tion", "ität", "ismus")
# Endings of medical terms (diagnoses, procedures, findings): Glaukom, Gastritis, Zystoskopie.
_MEDICAL_SUFFIXES = (
    "itis", "ose", "om", "ome", "ämie", "aemie", "algie", "ektomie", "tomie", "skopie", "graphie",
    "grafie", "gramm", "pathie", "plastie", "therapie", "logie", "penie", "urie", "zyten", "ase",
)  # fmt: skip


@dataclass(slots=True)
class Vote:
    """One masker's claim that ``[start, end)`` (view offsets) is PHI.

    ``hint`` is typing evidence (``hcp``, ``patient``, ``personal``, ``signoff``, ``address``,
    ``list``, ``learned:PAT`` ...); ``anchor`` is the proven neighbour a FullName/DoubleName vote
    relies on; ``group`` ties together the tokens of one mention (one salutation's words, or a
    name and the neighbours it proved).
    """

    start: int
    end: int
    masker: str
    hint: str = ""
    anchor: tuple[int, int] | None = None
    group: int = -1
    type: str | None = None
    reference: str | None = None


@dataclass(slots=True)
class NoteContext:
    """Everything maskers know about one note while voting."""

    prepared: PreparedText
    lexicon: Lexicon
    hits: list[Hit]
    learned_hits: list[Hit]
    blocked: list[tuple[int, int]]
    vote_all: bool = False
    known: list[tuple[str, str]] = field(default_factory=list)
    # The note as the automata see it (``lexicon.match_view``: lower case, non-word characters
    # as spaces, one space of padding): for maskers that find their triggers with an automaton.
    match_view: str = ""
    # Where the chunk's automaton saw a salutation's first word and a site word start (sorted);
    # None: not scanned, the maskers scan the note themselves.
    salutation_starts: list[int] | None = None
    site_starts: list[int] | None = None
    # Whether the chunk saw "-Klinik", "-Spital" ... in this note (None: not scanned).
    named_sites: bool | None = None
    votes: dict[tuple[int, int], list[Vote]] = field(default_factory=dict)
    site_votes: list[Vote] = field(default_factory=list)
    _groups: int = 0
    _parent: dict[int, int] = field(default_factory=dict)
    _blocked_index: RangeIndex | None = None  # built on first use; ``blocked`` is fixed by then

    @property
    def view(self) -> str:
        return self.prepared.view

    def new_group(self) -> int:
        self._groups += 1
        return self._groups

    def is_blocked(self, start: int, end: int) -> bool:
        if self._blocked_index is None:
            self._blocked_index = RangeIndex(self.blocked)
        return self._blocked_index.overlaps(start, end)

    def wants(self, key: tuple[int, int]) -> bool:
        """May a masker vote on this token? (first-vote mode skips tokens already claimed)."""
        return self.vote_all or key not in self.votes

    def add(self, vote: Vote) -> bool:
        """Record a vote; returns True when the token had no vote before."""
        key = (vote.start, vote.end)
        existing = self.votes.get(key)
        if existing is None:
            if vote.group < 0:
                vote.group = self.new_group()
            self.votes[key] = [vote]
            return True
        if self.vote_all and all(v.masker != vote.masker for v in existing):
            if vote.group < 0:
                vote.group = existing[0].group
            existing.append(vote)
        return False

    def group_of(self, key: tuple[int, int]) -> int:
        return self.find(self.votes[key][0].group)

    def find(self, group: int) -> int:
        """The mention a group belongs to after linking (union-find)."""
        while group in self._parent:
            group = self._parent[group]
        return group

    def link(self, a: tuple[int, int], b: tuple[int, int]) -> None:
        """Two voted tokens belong to one mention ("Anna" + "Gruber"): pool their evidence."""
        if a in self.votes and b in self.votes:
            root_a, root_b = self.group_of(a), self.group_of(b)
            if root_a != root_b:
                self._parent[root_b] = root_a

    # -- word tests shared by the context maskers --------------------------------------------
    def word_at(self, pos: int) -> tuple[int, int] | None:
        match = WORD.match(self.view, pos)
        return match.span() if match else None

    def next_word(self, end: int) -> tuple[int, int] | None:
        """The word after a short run of spaces following ``end`` (same line), if any."""
        gap = _GAP.match(self.view, end)
        return self.word_at(gap.end()) if gap else None

    def previous_word(self, start: int) -> tuple[int, int] | None:
        """The word before a short run of spaces preceding ``start`` (same line), if any."""
        view = self.view
        i = start
        while i > 0 and view[i - 1] in " \t" and start - i < 3:
            i -= 1
        if i == start or i == 0 or view[i - 1] in " \t":
            return None
        j = i
        while j > 0 and (view[j - 1].isalpha() or view[j - 1] in "'’"):
            j -= 1
        match = WORD.fullmatch(view, j, i)
        return match.span() if match else None

    def is_abbreviation(self, start: int, end: int) -> bool:
        """A listed abbreviation written with its full stop ("Pat.", "max.", "Vit.")."""
        return (
            self.view[end : end + 1] == "." and fold(self.view[start:end]) in self.lexicon.abbreviation_words
        )

    def looks_like_name(self, start: int, end: int, allow_eponym: bool = False) -> bool:
        """Could this capitalized word be a name? Rejects common words, acronyms, titles,
        keep-listed words and nouns recognisable by their ending or as compounds."""
        word = self.view[start:end]
        if not word[:1].isupper() or len(word) < 2:
            return False
        if word.isupper() and len(word) <= 5:  # acronyms: EKG, RR, INR
            return False
        lexicon = self.lexicon
        folded = fold(word)
        if (
            lexicon.is_common(word)
            or lexicon.is_title(word)
            or self.is_abbreviation(start, end)
            or folded in lexicon.keep_words
            or (not allow_eponym and folded in lexicon.eponyms)
            or self.is_blocked(start, end)
        ):
            return False
        return not looks_like_noun(word, lexicon)

    def plausible_unknown_name(self, start: int, end: int, allow_eponym: bool = False) -> bool:
        """Weak evidence needs a plausible name: name-like, and either listed as a name or not
        one typo away from an ordinary word ("Gewiccht", "Schwndel")."""
        if not self.looks_like_name(start, end, allow_eponym):
            return False
        word = self.view[start:end]
        return self.lexicon.is_listed_name(word) or not self.lexicon.near_common(word)


# Surnames are often compounds of ordinary words (Hof|mann, Stein|bauer, Rosen|berg): these
# endings never make a word a compound noun.
_SURNAME_TAILS = frozenset(
    {"mann", "bauer", "berg", "berger", "hofer", "huber", "maier", "meier", "mayer", "macher", "mueller",
     "schmid", "bichler", "leitner", "egger", "moser", "wieser", "gruber", "lechner", "thaler", "brunner",
     "hauser", "felder", "reiter", "bach", "dorf", "feld", "stein", "hof"}
)  # fmt: skip


def looks_like_noun(word: str, lexicon: Lexicon) -> bool:
    """German compounds are endless, so no list has them all: a long word that ends like an
    abstract noun, or splits into two common words (Blutdruck|kontrolle), is a noun."""
    low = fold(word)
    lower = word.lower()
    if len(low) >= 8 and lower.endswith(_NOUN_SUFFIXES):
        return True
    if len(low) >= 6 and lower.endswith(_MEDICAL_SUFFIXES) and not lexicon.is_listed_name(word):
        return True
    if len(low) < 9 or lexicon.is_listed_name(word):
        return False
    common = lexicon.common
    for cut in range(4, len(low) - 4):
        head, tail = low[:cut], low[cut:]
        if tail in common and tail not in _SURNAME_TAILS and _is_compound_head(head, common):
            return True
    return False


def _is_compound_head(head: str, common: frozenset[str]) -> bool:
    """A compound's first part, possibly with a linking element or without its final -e
    (Blutdruck|kontrolle, Wund(e)|kontrolle, Arbeits|platz)."""
    return head in common or head.rstrip("s") in common or head + "e" in common or head + "en" in common


@dataclass(frozen=True, slots=True)
class MaskerSetup:
    """What a masker is built from: the run's lexicon and settings, and in pass 2 the learned
    references with the type their bare mentions get."""

    lexicon: Lexicon
    ambiguity_rule: bool = True
    learned: Mapping[str, str] | None = None


class Masker(Protocol):
    """A masker adds votes for tokens of one note.

    ``name`` appears in spans and statistics; ``proves_names`` says whether its votes prove a
    name for corpus-wide learning (a context, not a list lookup); ``build`` returns the masker
    for a setup, or None where it has nothing to do (CorpusName before anything is learned).
    """

    name: ClassVar[str]
    proves_names: ClassVar[bool]

    @classmethod
    def build(cls, setup: MaskerSetup) -> Self | None: ...

    def annotate(self, ctx: NoteContext) -> None: ...
