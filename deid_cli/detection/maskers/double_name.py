"""DoubleName masker: hyphenated capitalized chains containing a proven name.

"Anna-Lena", "Müller-Huber": once one part is a name, its hyphenated partners are too,
unless they are ordinary words ("Maier-Nachsorge" is not a double name).
"""

from __future__ import annotations

from deid_cli.detection.maskers.base import WORD, MaskerSetup, NoteContext, Vote


class DoubleNameMasker:
    """Extends proven names across hyphens."""

    name = "DoubleName"
    proves_names = True

    @classmethod
    def build(cls, setup: MaskerSetup) -> DoubleNameMasker | None:
        return cls()

    def annotate(self, ctx: NoteContext) -> None:
        view = ctx.view
        queue = list(ctx.votes)
        seen = set(queue)
        while queue:
            anchor = queue.pop()
            for part in (self._after(view, anchor[1]), self._before(view, anchor[0])):
                if part is None or part in seen or not ctx.looks_like_name(*part):
                    continue
                if ctx.wants(part):
                    group = ctx.group_of(anchor) if anchor in ctx.votes else -1
                    ctx.add(Vote(*part, self.name, hint="neighbour", anchor=anchor, group=group))
                ctx.link(anchor, part)
                seen.add(part)
                queue.append(part)

    @staticmethod
    def _after(view: str, end: int) -> tuple[int, int] | None:
        if end + 1 < len(view) and view[end] == "-":
            match = WORD.match(view, end + 1)
            return match.span() if match else None
        return None

    @staticmethod
    def _before(view: str, start: int) -> tuple[int, int] | None:
        if start < 2 or view[start - 1] != "-":
            return None
        j = start - 1
        while j > 0 and view[j - 1].isalpha():
            j -= 1
        return (j, start - 1) if j < start - 1 else None
