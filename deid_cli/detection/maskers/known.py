"""KnownIdentifier masker: the record's own structured names, found in its text.

Clinical exports carry the patient's and the author's names in columns. Their values are the
strongest evidence there is: every token of them is masked in that record's note, also when
umlauts are spelled out or the name is misspelt by one edit (for tokens of five or more
letters), the approach of Richter-Pechanski et al. (2018). The type comes from the column:
patient fields give PAT, author/HCP fields give HCP.
"""

from __future__ import annotations

import re

from rapidfuzz.distance import OSA

from deid_cli.detection.lexicon.lists import name_parts
from deid_cli.detection.maskers.base import MaskerSetup, NoteContext, Vote
from deid_cli.detection.normalize import fold

FUZZY_MIN_LENGTH = 5
_WORD = re.compile(r"(?<![\w])[^\W\d_]{2,}(?![\w])")


class KnownIdentifierMasker:
    """Votes for tokens of the record's known names (``ctx.known``)."""

    name = "KnownIdentifier"
    proves_names = True

    @classmethod
    def build(cls, setup: MaskerSetup) -> KnownIdentifierMasker | None:
        return cls()

    def annotate(self, ctx: NoteContext) -> None:
        if not ctx.known:
            return
        tokens: dict[str, str] = {}
        for value, etype in ctx.known:
            for part in name_parts(value):
                tokens.setdefault(fold(part), etype)
        fuzzy = [t for t in tokens if len(t) >= FUZZY_MIN_LENGTH]
        for match in _WORD.finditer(ctx.view):
            key = match.span()
            if not ctx.wants(key) or ctx.is_blocked(*key):
                continue
            folded = fold(match.group())
            reference = folded if folded in tokens else None
            if reference is None and len(folded) >= FUZZY_MIN_LENGTH - 1:
                close = [t for t in fuzzy if OSA.distance(folded, t, score_cutoff=1) <= 1]
                reference = close[0] if len(close) == 1 else None
            if reference is None or ctx.lexicon.is_title(match.group()):
                continue
            etype = tokens[reference]
            ctx.add(Vote(*key, self.name, hint=f"known:{etype}", reference=reference))
