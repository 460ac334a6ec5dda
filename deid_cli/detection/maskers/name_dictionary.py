"""NameDictionary masker: capitalized words found in a name list.

A bare dictionary hit is trusted only when the word is not also an ordinary German word or an
eponym: "Koch-Salz reduzieren" and "Morbus Parkinson" stay; such words need context (a
salutation, a proven neighbour, a correction).
"""

from __future__ import annotations

from deid_cli.detection.lexicon.lexicon import AMBIGUOUS_BITS, KEEP, NAME_BITS
from deid_cli.detection.maskers.base import MaskerSetup, NoteContext, Vote


class NameDictionaryMasker:
    """Votes for capitalized whole-word hits of the first-name, surname, patient, HCP and person lists."""

    name = "NameDictionary"
    proves_names = False

    @classmethod
    def build(cls, setup: MaskerSetup) -> NameDictionaryMasker | None:
        return cls(ambiguous_need_context=setup.ambiguity_rule)

    def __init__(self, ambiguous_need_context: bool = True) -> None:
        # Switchable only to measure what the rule is worth (scripts/measure.py).
        self._needs_context = AMBIGUOUS_BITS if ambiguous_need_context else 0

    def annotate(self, ctx: NoteContext) -> None:
        view = ctx.view
        lexicon = ctx.lexicon
        for hit in ctx.hits:
            if not hit.bits & NAME_BITS or hit.bits & (self._needs_context | KEEP):
                continue
            key = (hit.start, hit.end)
            if not ctx.wants(key) or not view[hit.start].isupper():
                continue
            word = view[hit.start : hit.end]
            if (
                lexicon.is_title(word)
                or ctx.is_abbreviation(hit.start, hit.end)
                or ctx.is_blocked(hit.start, hit.end)
            ):
                continue
            if word.isupper() and len(word) <= 5:  # acronyms (VAIA, MERT) are no names
                continue
            ctx.add(Vote(hit.start, hit.end, self.name, hint="list"))
