"""KnownIdentifier masker: the record's own structured names, found in its text.

Clinical exports carry the patient's and the author's names in columns. Their values are the
strongest evidence there is: every token of them is masked in that record's note, also when
umlauts are spelled out or the name is misspelt by one edit (for tokens of five or more
letters), the approach of Richter-Pechanski et al. (2018). The type comes from the column:
patient fields give PAT, author/HCP fields give HCP.

A known value that is also an ordinary word (a surname "Schwach", "Koch") matches only in name
form: capitalized and in a name position (after a salutation or title, next to another token
of the known name, or inside a sentence rather than at its start), exactly as written, never by
a variant; "sehr schwach" stays.
"""

from __future__ import annotations

import re

from deid_cli.detection.lexicon.lists import name_parts
from deid_cli.detection.maskers.base import MaskerSetup, NoteContext, Vote
from deid_cli.detection.normalize import fold, within_one_edit

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
        ordinary = {token for token in tokens if token in ctx.lexicon.common}
        fuzzy = [t for t in tokens if len(t) >= FUZZY_MIN_LENGTH and t not in ordinary]
        for match in _WORD.finditer(ctx.view):
            key = match.span()
            if not ctx.wants(key) or ctx.is_blocked(*key):
                continue
            folded = fold(match.group())
            reference = folded if folded in tokens else None
            if reference in ordinary and not _in_name_form(ctx, key, tokens):
                continue
            if reference is None and len(folded) >= FUZZY_MIN_LENGTH - 1:
                close = [t for t in fuzzy if within_one_edit(folded, t)]
                reference = close[0] if len(close) == 1 else None
            if reference is None or ctx.lexicon.is_title(match.group()):
                continue
            etype = tokens[reference]
            ctx.add(Vote(*key, self.name, hint=f"known:{etype}", reference=reference))


def _in_name_form(ctx: NoteContext, key: tuple[int, int], tokens: dict[str, str]) -> bool:
    """Is the word capitalized and where a name stands: after a salutation or title, beside
    another token of the known name ("Schwach Maria", "Maria Schwach", "Schwach, Maria"), or
    inside a sentence (a capitalized adjective there is a name, not the sentence's first word)?"""
    view = ctx.view
    start, end = key
    if not view[start].isupper():
        return False
    i = start
    while i > 0 and view[i - 1] in " \t":
        i -= 1
    word_end = i - 1 if i > 0 and view[i - 1] == "." else i  # "Hr." as well as "Frau"
    word_start = word_end
    while word_start > 0 and view[word_start - 1].isalpha():
        word_start -= 1
    before = view[word_start:word_end]
    if before and (ctx.lexicon.is_title(before) or fold(before) in tokens):
        return True
    after = ctx.next_word(end + (view[end : end + 1] == ","))
    if after is not None and fold(view[after[0] : after[1]]) in tokens:
        return True
    return i > 0 and view[i - 1] not in _SENTENCE_ENDS


_SENTENCE_ENDS = ".!?:;\n\r\"'„“(-–"
