"""The masker contract and the per-note state maskers share.

Like docdeid's annotators, each masker is a small class with a name and one method,
``annotate(ctx)``, that adds votes for tokens of one note. Maskers run in a fixed order; with
``--vote first`` a token that already has a vote is skipped by later maskers (the paper's
behaviour), with ``--vote all`` every masker votes and the typing rules weigh all evidence.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import ClassVar, Protocol, Self

from deid_cli.detection.lexicon.lexicon import Hit, Lexicon
from deid_cli.detection.normalize import fold
from deid_cli.detection.ranges import RangeIndex
from deid_cli.detection.text import PreparedText
from deid_cli.detection.words import ABBREVIATION, EPONYM, LISTED, NEAR_COMMON, NOT_A_NAME, WORD, WordClasses

_GAP = re.compile(r"[ \t]{1,3}")


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
    words: WordClasses
    hits: list[Hit]
    learned_hits: list[Hit]
    blocked: list[tuple[int, int]]
    vote_all: bool = False
    known: list[tuple[str, str]] = field(default_factory=list)
    # The note as the automata see it (``lexicon.match_view``: lower case, non-word characters
    # as spaces, one space of padding): for maskers that find their triggers with an automaton.
    match_view: str = ""
    # Where the chunk's automaton saw a word a salutation may start with (position -> those first
    # words, in order of position) and where a site word starts (sorted); None: not scanned, the
    # maskers scan the note themselves.
    salutation_starts: dict[int, tuple[str, ...]] | None = None
    site_starts: list[int] | None = None
    # Where the chunk saw a compound site word's head ("Marien|klinik", "-|Spital"); empty: none
    # in this note; None: not scanned, MedicalSite searches the note itself.
    site_stems: list[int] | None = None
    # Where the words that may be one-edit variants of learned names stand (``learning.py``
    # counted every capitalized word of the corpus; None: unknown, CorpusName scans the note).
    variant_hits: list[tuple[int, int]] | None = None
    # Where learned cue phrases stand (the learned automaton's hits; ``maskers.corpus_cue``).
    cue_hits: list[tuple[int, int, int]] = field(default_factory=list)
    votes: dict[tuple[int, int], list[Vote]] = field(default_factory=dict)
    site_votes: list[Vote] = field(default_factory=list)
    _groups: int = 0
    _parent: dict[int, int] = field(default_factory=dict)
    _blocked_index: RangeIndex | None = None  # built on first use; ``blocked`` is fixed by then
    view: str = field(init=False)  # ``prepared.view``, read by every word test

    def __post_init__(self) -> None:
        self.view = self.prepared.view

    def new_group(self) -> int:
        self._groups += 1
        return self._groups

    def is_blocked(self, start: int, end: int) -> bool:
        if not self.blocked:
            return False
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

    def mentions_of(self, word: str, joiners: str = "") -> Iterator[tuple[int, int]]:
        """Where ``word`` stands in the note as a whole word: no letter or digit (nor one of
        ``joiners``, such as "-") right before or after it."""
        view = self.view
        pos = view.find(word)
        while pos >= 0:
            end = pos + len(word)
            before = view[pos - 1] if pos else " "
            after = view[end] if end < len(view) else " "
            if not (before.isalnum() or before in joiners) and not (after.isalnum() or after in joiners):
                yield pos, end
            pos = view.find(word, end)

    def is_abbreviation(self, start: int, end: int) -> bool:
        """A listed abbreviation written with its full stop ("Pat.", "max.", "Vit.")."""
        return (
            self.view[end : end + 1] == "." and fold(self.view[start:end]) in self.lexicon.abbreviation_words
        )

    def word_class(self, start: int, end: int) -> int:
        """The class bits of the word at ``[start, end)`` (``words.WordClasses``)."""
        return self.words.of(self.view[start:end])

    def looks_like_name(self, start: int, end: int, allow_eponym: bool = False) -> bool:
        """Could this capitalized word be a name? Rejects common words, acronyms, titles,
        keep-listed words, abbreviations with their full stop and nouns recognisable by their
        ending or as compounds."""
        return self._name_like(self.words.of(self.view[start:end]), start, end, allow_eponym)

    def _name_like(self, bits: int, start: int, end: int, allow_eponym: bool) -> bool:
        if bits & NOT_A_NAME or (bits & EPONYM and not allow_eponym):
            return False
        if bits & ABBREVIATION and self.view[end : end + 1] == ".":
            return False
        return not self.is_blocked(start, end)

    def plausible_unknown_name(self, start: int, end: int, allow_eponym: bool = False) -> bool:
        """Weak evidence needs a plausible name: name-like, and either listed as a name or not
        one typo away from an ordinary word ("Gewiccht", "Schwndel")."""
        return self.plausible_with(self.words.of(self.view[start:end]), start, end, allow_eponym)

    def plausible_with(self, bits: int, start: int, end: int, allow_eponym: bool = False) -> bool:
        """``plausible_unknown_name`` for a word whose class bits the caller worked out (a word
        in capitals judged as written in a name, ``grammar.person.plausible_in_capitals``)."""
        if bits & NEAR_COMMON and not bits & LISTED:
            return False
        return self._name_like(bits, start, end, allow_eponym)


@dataclass(frozen=True, slots=True)
class MaskerSetup:
    """What a masker is built from: the run's lexicon and settings, and in pass 2 the learned
    references with the type their bare mentions get."""

    lexicon: Lexicon
    ambiguity_rule: bool = True
    learned: Mapping[str, str] | None = None
    # Pass 2: learned cue phrases (``grammar.cues``) with the type of the names seen in them.
    cues: Mapping[str, str] | None = None
    # Pass 2: ordinary words (folded) that context proved to be a surname somewhere in the corpus.
    ordinary_names: frozenset[str] = frozenset()


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
