"""FullName masker: a capitalized word directly before or after a proven name.

"Anna Gruber" proves "Gruber" once "Anna" is known; "am Nachmittag macht Frau Maier
Spaziergang" keeps "Spaziergang", because common words, acronyms and recognisable nouns are
never names by adjacency alone. An eponym next to a proven first name is a person
("James Parkinson"); next to anything else it stays. After a given name the next word stands
in the surname slot of the person grammar (``grammar/person.py``): there an ordinary word is a
surname too ("Frau Eva Winter", "Maria Koch"), and so is the word before ", Given" at the head
of a line ("KOCH, Maria").
"""

from __future__ import annotations

from deid_cli.detection.grammar.person import (
    PARTICLE_SET,
    fills_surname_slot,
    initials_before,
    inverted_surname,
    is_given_name,
    particles_before,
    proves_surname_slot,
)
from deid_cli.detection.maskers.base import MaskerSetup, NoteContext, Vote

# Maskers whose vote proves a name by its mention (not by a list), so it may carry to the
# name's other mentions in the note.
_PROVING = frozenset({"Salutation", "FullName", "DoubleName", "KnownIdentifier", "Correction"})
# An article or a preposition fused with one makes the next word a noun ("im Winter", "der Koch").
_ARTICLES = frozenset(
    {"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "eines", "im", "am",
     "zum", "zur", "vom", "beim", "ins", "ans", "kein", "keine", "keinen", "viel", "viele", "mehr"}
)  # fmt: skip


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
        view = ctx.view
        while queue:
            anchor = queue.pop()
            given = is_given_name(ctx, *anchor)  # in capitals too ("MARIA")
            # After a given name comes a surname; before any name may stand its given name.
            # A word after a surname is usually the sentence going on ("Dr. X Torasemid").
            after = ctx.next_word(anchor[1]) if given else None
            before = ctx.previous_word(anchor[0])
            if before is None and _after_comma(view, anchor[0]) and view[anchor[0]].isupper():
                # "SURNAME, Given" at a line's head
                self._vote_parts(ctx, anchor, inverted_surname(ctx, *anchor, need_proof=not given), seen)
            for neighbour in (after, before):
                if neighbour is not None and neighbour in ctx.votes:
                    ctx.link(anchor, neighbour)  # two names proven separately: one mention
                if neighbour is None or neighbour in seen:
                    continue
                if not (
                    ctx.plausible_unknown_name(*neighbour, allow_eponym=given)
                    or (neighbour is after and _in_surname_slot(ctx, anchor, neighbour))
                ):
                    continue
                if ctx.wants(neighbour):
                    group = ctx.group_of(anchor) if anchor in ctx.votes else -1
                    ctx.add(Vote(*neighbour, self.name, hint="neighbour", anchor=anchor, group=group))
                ctx.link(anchor, neighbour)
                seen.add(neighbour)
                queue.append(neighbour)
            start = anchor[0]
            if start >= 2 and view[start - 1] in " \t":  # something written right before the name
                if view[start - 2] == ".":
                    self._vote_parts(ctx, anchor, initials_before(view, start), seen)
                elif view[start - 2].islower() and _particle_word_before(view, start - 1):
                    self._vote_particles(ctx, anchor, seen)
        self._vote_repeats(ctx)

    def _vote_repeats(self, ctx: NoteContext) -> None:
        """A name that context proved in this note ("Frau Eva Käfer", "Hr. Gstrein") is a name at
        its other capitalized mentions in the note ("Käfer schläft schlecht", "Rückruf bei
        Gstrein"), an ordinary word too: one note is narrow enough for the proof to carry. (Pass
        2 masks the other names corpus-wide as well; masking them here already serves
        ``--no-learn`` and lets pass 1 note the phrases names stand in, ``learning.py``.)"""
        view = ctx.view
        proven: dict[str, tuple[int, int]] = {}
        for key, votes in ctx.votes.items():
            if key[1] - key[0] < 3 or votes[0].masker not in _PROVING:
                continue
            word = view[key[0] : key[1]]
            if word[0].isupper() and word not in proven and view.count(word) > 1:  # mostly once
                proven[word] = key
        for word, anchor in proven.items():
            for pos, end in ctx.mentions_of(word):
                if (
                    (pos, end) not in ctx.votes
                    and not ctx.is_blocked(pos, end)
                    and not _after_article(ctx, pos)
                ):
                    ctx.add(
                        Vote(pos, end, self.name, hint="neighbour", anchor=anchor, group=ctx.group_of(anchor))
                    )

    def _vote_particles(self, ctx: NoteContext, anchor: tuple[int, int], seen: set[tuple[int, int]]) -> None:
        """Particles right before a name are the name's ("van der Linde", "von Berg ruft an"),
        where they read so or follow a name ("Maria von Berg"), not a preposition ("Anruf von
        Berg")."""
        particles, own = particles_before(ctx.view, anchor[0])
        if particles and not own:
            before = ctx.previous_word(particles[-1][0])
            own = before is not None and before in ctx.votes
        if own:
            self._vote_parts(ctx, anchor, particles, seen)

    def _vote_parts(
        self,
        ctx: NoteContext,
        anchor: tuple[int, int],
        tokens: list[tuple[int, int]],
        seen: set[tuple[int, int]],
    ) -> None:
        """Tokens the grammar found to belong to the anchor's mention, voted in its group: the
        particles and surname of "SURNAME, Given" at a line's head, the initials right before a
        name ("M. Koller", "J. P. Huber")."""
        for token in tokens:
            if token in seen or ctx.is_blocked(*token):
                return
            seen.add(token)
            if ctx.wants(token):
                group = ctx.group_of(anchor) if anchor in ctx.votes else -1
                ctx.add(Vote(*token, self.name, hint="neighbour", anchor=anchor, group=group))
            ctx.link(anchor, token)


def _in_surname_slot(ctx: NoteContext, given: tuple[int, int], word: tuple[int, int]) -> bool:
    """The word right after a given name fills its surname slot (ordinary words included)."""
    capitals = ctx.view[given[0] : given[1]].isupper()
    return fills_surname_slot(ctx, *word, proves_surname_slot(ctx, *given), capitals)


def _after_article(ctx: NoteContext, start: int) -> bool:
    before = ctx.previous_word(start)
    return before is not None and ctx.view[before[0] : before[1]].lower() in _ARTICLES


def _after_comma(view: str, start: int) -> bool:
    """Is the word at ``start`` the first after a comma (blanks between)?"""
    i = start
    while i > 0 and view[i - 1] in " \t":
        i -= 1
    return i > 0 and view[i - 1] == ","


def _particle_word_before(view: str, end: int) -> bool:
    """Is the word ending at ``end`` a name particle ("von", "van", "de", "di" ...)?"""
    begin = max(view.rfind(" ", max(0, end - 7), end), view.rfind("\t", max(0, end - 7), end)) + 1
    return view[begin:end].lower() in PARTICLE_SET
