"""FullName masker: a capitalized word directly before or after a proven name.

"Anna Gruber" proves "Gruber" once "Anna" is known; "am Nachmittag macht Frau Maier
Spaziergang" keeps "Spaziergang", because common words, acronyms and recognisable nouns are
never names by adjacency alone. An eponym next to a proven first name is a person
("James Parkinson"); next to anything else it stays.
"""

from __future__ import annotations

from deid_cli.detection.maskers.base import MaskerSetup, NoteContext, Vote
from deid_cli.detection.words import GIVEN_NAME


class FullNameMasker:
    """Grows proven names to their capitalized neighbours on the same line."""

    name = "FullName"
    proves_names = True

    @classmethod
    def build(cls, setup: MaskerSetup) -> FullNameMasker | None:
        return cls()

    def annotate(self, ctx: NoteContext) -> None:
        learned = [(h.start, h.end) for h in ctx.learned_hits if ctx.view[h.start].isupper()]
        queue = [*ctx.votes, *learned]
        seen = set(queue)
        words = ctx.words
        while queue:
            anchor = queue.pop()
            is_given_name = bool(words.of(ctx.view[anchor[0] : anchor[1]]) & GIVEN_NAME)
            # After a given name comes a surname; before any name may stand its given name.
            # A word after a surname is usually the sentence going on ("Dr. X Torasemid").
            candidates = (ctx.next_word(anchor[1]) if is_given_name else None, ctx.previous_word(anchor[0]))
            for neighbour in candidates:
                if neighbour is not None and neighbour in ctx.votes:
                    ctx.link(anchor, neighbour)  # two names proven separately: one mention
                if neighbour is None or neighbour in seen:
                    continue
                if not ctx.plausible_unknown_name(*neighbour, allow_eponym=is_given_name):
                    continue
                if ctx.wants(neighbour):
                    group = ctx.group_of(anchor) if anchor in ctx.votes else -1
                    ctx.add(Vote(*neighbour, self.name, hint="neighbour", anchor=anchor, group=group))
                ctx.link(anchor, neighbour)
                seen.add(neighbour)
                queue.append(neighbour)
