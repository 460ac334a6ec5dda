"""CorpusName masker: names proven by context anywhere in the corpus, found bare elsewhere.

Pass 1 learns every reference that a salutation, a full name or a double name proved; pass 2
masks its bare mentions in every note ("Gruber berichtet über Schwindel" after "Frau Gruber"
in an earlier note). Misspellings within one edit (substitution, insertion, deletion,
transposition) of a learned name of five or more letters take that name's pseudonym
("Hubr", "Hbuer" -> Huber's code). Ordinary words are never learned, so they still need
context.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

from deid_cli.detection.lexicon.lexicon import Lexicon
from deid_cli.detection.maskers.base import MaskerSetup, NoteContext, Vote
from deid_cli.detection.normalize import fold, within_one_edit

# Learned names this long also match at one edit; shorter ones collide with too many words.
FUZZY_MIN_LENGTH = 5
_VOWEL = re.compile(r"[aeiouyäöüéèáàóòúùAEIOUYÄÖÜ]")
_CAPITALIZED = re.compile(r"(?<![\w-])[A-Z\u00c0-\u00de\u0100-\u017f][^\W\d_]{3,}(?![\w])")


class FuzzyNames:
    """Symmetric-deletion index of learned names: finds the learned name within one edit."""

    def __init__(self, references: list[str]) -> None:
        self._index: dict[str, set[str]] = {}
        for reference in references:
            if len(reference) < FUZZY_MIN_LENGTH:
                continue
            for variant in {reference, *_deletions(reference)}:
                self._index.setdefault(variant, set()).add(reference)

    def __bool__(self) -> bool:
        return bool(self._index)

    def match(self, word: str) -> str | None:
        """The learned reference within one edit of ``word`` (None if none or ambiguous)."""
        folded = fold(word)
        found: set[str] = set()
        for variant in (folded, *_deletions(folded)):
            found |= self._index.get(variant, set())
        found = {ref for ref in found if ref != folded and within_one_edit(folded, ref)}
        return next(iter(found)) if len(found) == 1 else None


def _words_at(view: str, spans: list[tuple[int, int]]) -> Iterator[re.Match[str]]:
    """The capitalized words (``_CAPITALIZED``) exactly at ``spans``, in order."""
    for start, end in spans:
        match = _CAPITALIZED.match(view, start)
        if match is not None and match.end() == end:
            yield match


def _deletions(word: str) -> list[str]:
    return [word[:i] + word[i + 1 :] for i in range(len(word))]


class CorpusNameMasker:
    """Votes for capitalized occurrences of learned references, exact or within one edit."""

    name = "CorpusName"
    proves_names = False

    @classmethod
    def build(cls, setup: MaskerSetup) -> CorpusNameMasker | None:
        return None if setup.learned is None else cls(dict(setup.learned))

    def __init__(self, learned_types: dict[str, str]) -> None:
        self._types = learned_types
        self._fuzzy = FuzzyNames(sorted(learned_types))
        self._misspelling: dict[str, bool] = {}  # capitalized word -> may be a misspelt learned name

    def might_vote(self, view: str, lexicon: Lexicon, taken: Callable[[int, int], bool]) -> bool:
        """Could this masker vote for a one-edit variant of a learned name in the note? A cheap
        over-estimate of ``_annotate_misspellings``: a word that may be such a variant and that
        ``taken`` (a token another masker voted for, or inside a blocked span) does not rule
        out. Each distinct word is classified once per run."""
        if not self._fuzzy:
            return False
        memo = self._misspelling
        for match in _CAPITALIZED.finditer(view):
            word = match.group()
            known = memo.get(word)
            if known is None:
                known = memo[word] = self._may_be_misspelt(word, lexicon)
            if known and not taken(*match.span()):
                return True
        return False

    @staticmethod
    def _capitalized(ctx: NoteContext) -> Iterator[re.Match[str]]:
        """The note's capitalized words that may be misspelt learned names: where the chunk's
        automaton found a word pass 1 counted and ``variant_words`` kept (the same matches, in
        order, as scanning the note for every capitalized word), or all of them."""
        if ctx.variant_hits is None:
            return _CAPITALIZED.finditer(ctx.view)
        return _words_at(ctx.view, ctx.variant_hits)

    def variant_words(self, words: Iterable[str], lexicon: Lexicon) -> list[str]:
        """Of capitalized words (pass 1 counted every one in the corpus), those this masker may
        take for a one-edit variant of a learned name: what ``learning_applies_many`` looks for."""
        if not self._fuzzy:
            return []
        return [w for w in words if len(w) >= 4 and self._may_be_misspelt(w, lexicon)]

    def _may_be_misspelt(self, word: str, lexicon: Lexicon) -> bool:
        """The word tests of ``_annotate_misspellings`` that depend on the word alone."""
        if lexicon.is_listed_name(word) or lexicon.is_common(word) or lexicon.is_title(word):
            return False
        return bool(_VOWEL.search(word)) and self._fuzzy.match(word) is not None

    def annotate(self, ctx: NoteContext) -> None:
        view = ctx.view
        for hit in ctx.learned_hits:
            key = (hit.start, hit.end)
            if not ctx.wants(key) or not view[hit.start].isupper() or ctx.is_blocked(hit.start, hit.end):
                continue
            word = view[hit.start : hit.end]
            if ctx.lexicon.is_title(word) or ctx.is_abbreviation(hit.start, hit.end):
                continue
            learned = self._types.get(fold(word), "PER")
            ctx.add(Vote(hit.start, hit.end, self.name, hint=f"learned:{learned}"))
        if self._fuzzy:
            self._annotate_misspellings(ctx)

    def _annotate_misspellings(self, ctx: NoteContext) -> None:
        lexicon = ctx.lexicon
        for match in self._capitalized(ctx):
            key = match.span()
            word = match.group()
            if key in ctx.votes or ctx.is_blocked(*key) or lexicon.is_listed_name(word):
                continue
            if lexicon.is_common(word) or lexicon.is_title(word) or ctx.is_abbreviation(*key):
                continue
            if not _VOWEL.search(word):  # "Hrst", "Pkt": abbreviations, not misspelt names
                continue
            reference = self._fuzzy.match(word)
            if reference is not None:
                learned = self._types[reference]
                ctx.add(Vote(*key, self.name, hint=f"learned:{learned}", reference=reference))
