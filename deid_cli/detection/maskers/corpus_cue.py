"""CorpusCue masker: unknown words standing where the corpus's names stand.

Pass 1 notes the cue phrases around every name-like word; those in which learned names stood
bare often enough become evidence (``learning.NameLearner.learned_cues``). Pass 2 finds the
learned cues with the learned automaton and masks the capitalized word they point at when it
could be a name (not an ordinary word, a noun by its form, a title, an eponym or a typo of a
frequent word): "Rückruf bei Gstöttner" once "Rückruf bei" held learned names. An ordinary word
is a name there only when context proved it a surname elsewhere in the corpus ("Frau Anna
Koch" … "Rückruf bei Koch"). A hyphenated name is masked in all its parts or not at all, with
the given names and particles written before it, and the word's other mentions in the note.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping

from deid_cli.detection.chunk import CueHit
from deid_cli.detection.grammar.cues import left_cue, right_cue
from deid_cli.detection.grammar.person import particles_before
from deid_cli.detection.lexicon.lexicon import CUE_LEFT
from deid_cli.detection.maskers.base import MaskerSetup, NoteContext, Vote
from deid_cli.detection.normalize import fold
from deid_cli.detection.words import (
    ABBREVIATION,
    COMMON,
    EPONYM,
    GIVEN_NAME,
    LISTED,
    NEAR_COMMON,
    NOT_A_NAME,
    WordClasses,
)

_PART = re.compile(r"[^\W\d_]+")
# A capitalized word one blank before a position (a given name before a surname).
_GIVEN_BEFORE = re.compile(r"([A-Z\u00c0-\u00de][^\W\d_]+) \Z")
# The longest name a cue points at, hyphenated parts included.
_REACH = 64
# Spellings judged at most (hostile input of endless new words).
_MAX_MEMO = 1_000_000


def _name_from(view: str, start: int) -> int:
    """Where a name starting at ``start`` ends: letters, and hyphens between letters."""
    end, size = start, len(view)
    while end < size and end - start < _REACH:
        char = view[end]
        inner_hyphen = char == "-" and end > start and end + 1 < size and view[end + 1].isalpha()
        if not (char.isalpha() or inner_hyphen):
            break
        end += 1
    return end


def _name_back(view: str, end: int) -> int:
    """Where a name ending at ``end`` starts (``end`` if no letter ends there)."""
    start = end
    while start > 0 and end - start < _REACH:
        char = view[start - 1]
        inner_hyphen = char == "-" and start < end and start > 1 and view[start - 2].isalpha()
        if not (char.isalpha() or inner_hyphen):
            break
        start -= 1
    return start


def _name_like(bits: int) -> bool:
    if bits & (NOT_A_NAME | EPONYM | ABBREVIATION):
        return False
    return not bits & NEAR_COMMON or bool(bits & LISTED)


def _ordinary(bits: int) -> bool:
    """An ordinary word and nothing else that rules a name out (not a title, not an acronym)."""
    return bool(bits & COMMON) and not bits & (NOT_A_NAME & ~COMMON | EPONYM | ABBREVIATION)


def pointed_words(
    view: str, hits: list[CueHit], cues: Mapping[str, str], accept: Callable[[str], bool]
) -> Iterator[tuple[int, int, str]]:
    """(start, end, type) of the capitalized words the learned cue ``hits`` point at that
    ``accept`` (a test of the word alone, remembered per word), where the cue read from the
    note itself is a learned one (the automaton matches punctuation as blanks). The cheap tests
    come first: most hits point at no capitalized word, or at an ordinary one."""
    for hit_start, hit_end, side in hits:
        if side & CUE_LEFT:
            start = hit_end + 1
            if start >= len(view) or view[hit_end] != " " or not view[start].isupper():
                continue
            end = _name_from(view, start)
            if view[end - 1] == "-" or not accept(view[start:end]):
                continue
            cue = left_cue(view, start)
        else:
            end = hit_start - 1
            if end < 1 or view[end] != " " or not view[end - 1].isalpha():
                continue
            start = _name_back(view, end)
            if not view[start].isupper() or (start > 0 and view[start - 1].isalnum()):
                continue
            if not accept(view[start:end]):
                continue
            cue = right_cue(view, end)
        etype = cues.get(cue) if cue is not None else None
        if etype is not None:
            yield start, end, etype


def _parts(view: str, start: int, end: int) -> list[tuple[int, int]]:
    if "-" not in view[start:end]:
        return [(start, end)]
    return [m.span() for m in _PART.finditer(view, start, end)]


class CorpusCueMasker:
    """Votes for name-like capitalized words in cue phrases learned from the corpus's names."""

    name = "CorpusCue"
    proves_names = False

    @classmethod
    def build(cls, setup: MaskerSetup) -> CorpusCueMasker | None:
        return cls(dict(setup.cues), setup.ordinary_names) if setup.cues else None

    def __init__(self, cues: dict[str, str], ordinary_names: frozenset[str] = frozenset()) -> None:
        self._cues = cues
        self._ordinary_names = ordinary_names
        self._words: WordClasses | None = None
        self._accepted: dict[str, bool] = {}  # name (hyphenated parts too) -> may be a name

    def _accept(self, name: str) -> bool:
        """The tests of a pointed-at name that depend on it alone, once per spelling: every part
        capitalized and name-like, or an ordinary word proven a surname in the corpus."""
        known = self._accepted.get(name)
        if known is None:
            words = self._words
            assert words is not None
            parts = name.split("-")
            known = all(part[:1].isupper() and self._may_be_name(part, words.of(part)) for part in parts)
            if len(self._accepted) < _MAX_MEMO:
                self._accepted[name] = known
        return known

    def _may_be_name(self, word: str, bits: int) -> bool:
        if _ordinary(bits):
            return fold(word) in self._ordinary_names
        return _name_like(bits)

    def might_vote(
        self, view: str, hits: list[CueHit], words: WordClasses, taken: Callable[[int, int], bool]
    ) -> bool:
        """Could this masker vote in the note? An over-estimate of ``annotate`` from the word
        classes alone, with ``taken`` the tokens pass 1 claimed."""
        self._words = words
        for start, end, _ in pointed_words(view, hits, self._cues, self._accept):
            if any(not taken(s, e) for s, e in _parts(view, start, end)):
                return True
        return False

    def annotate(self, ctx: NoteContext) -> None:
        if not ctx.cue_hits:
            return
        view = ctx.view
        self._words = ctx.words
        for start, end, etype in pointed_words(view, ctx.cue_hits, self._cues, self._accept):
            parts = _parts(view, start, end)
            if not any(ctx.wants(part) for part in parts):
                continue
            if not all(self._plausible(ctx, s, e) for s, e in parts):
                continue
            hint = f"learned:{etype}"
            group = ctx.new_group()
            particles, own = particles_before(view, start)
            before = particles[::-1] if own else self._given_names_before(ctx, start)
            for s, e in [*before, *parts]:
                if ctx.wants((s, e)) and not ctx.is_blocked(s, e):
                    ctx.add(Vote(s, e, self.name, hint=hint, group=group))
            if len(parts) == 1:
                self._other_mentions(ctx, view[start:end], hint)

    @staticmethod
    def _given_names_before(ctx: NoteContext, start: int) -> list[tuple[int, int]]:
        """Up to two given names (listed, or name-like) right before the name, so that the
        mention is masked whole ("Maria Wieser klagt …")."""
        view, found = ctx.view, []
        for _ in range(2):
            match = _GIVEN_BEFORE.search(view, max(0, start - _REACH), start)
            if match is None or (match.start() > 0 and view[match.start() - 1].isalnum()):
                break
            s, e = match.span(1)
            bits = ctx.words.of(view[s:e])
            if not (bits & GIVEN_NAME or _name_like(bits)) or not ctx.plausible_with(bits, s, e):
                break
            found.insert(0, (s, e))
            start = s
        return found

    @staticmethod
    def _plausible(ctx: NoteContext, start: int, end: int) -> bool:
        """The tests of a part of an accepted name (``_accept`` judged the word) that depend on
        its place in the note: an ordinary word proven a surname must not be blocked, any other
        word must be a plausible name here."""
        if _ordinary(ctx.words.of(ctx.view[start:end])):
            return not ctx.is_blocked(start, end)
        return ctx.plausible_unknown_name(start, end)

    def _other_mentions(self, ctx: NoteContext, word: str, hint: str) -> None:
        """The word's other capitalized mentions in the note are the same name (not a part of a
        hyphenated one)."""
        for pos, end in ctx.mentions_of(word, joiners="-"):
            if ctx.wants((pos, end)) and not ctx.is_blocked(pos, end):
                ctx.add(Vote(pos, end, self.name, hint=hint))
