"""CorpusName masker: names proven by context anywhere in the corpus, found bare elsewhere.

Pass 1 learns every reference that a salutation, a full name or a double name proved; pass 2
masks its bare mentions in every note ("Gruber berichtet über Schwindel" after "Frau Gruber"
in an earlier note). Ordinary words are never learned, so they still need context.
"""

from __future__ import annotations

from ..normalize import fold
from .base import NoteContext, Vote


class CorpusNameMasker:
    """Votes for capitalized occurrences of learned references."""

    name = "CorpusName"

    def __init__(self, learned_types: dict[str, str]) -> None:
        self._types = learned_types

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
