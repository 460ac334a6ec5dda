"""Note composition: sentence counts, PHI events, greeting/body/sign-off, and the whole corpus.

Why a composer: it owns the world (patients, team) and the one RNG, so the corpus is a pure
function of the seed and notes can also be drawn one at a time (``bench_corpus.py``).
"""

from __future__ import annotations

import math
import random

from synthetic.gold import Note, Piece, assemble
from synthetic.pools import NamePools
from synthetic.rendering import NoteContext
from synthetic.templates import (
    EVENT_WEIGHTS,
    FILLERS,
    GREETINGS,
    PAT_BARE,
    PAT_INTRO,
    PHI_FREE_SHARE,
    SIGNOFFS,
    TEMPLATE_GROUPS,
)
from synthetic.typos import add_typos
from synthetic.world import NameSource, make_patient, make_team


def sentence_count(rng: random.Random) -> int:
    """Log-normal sentence count: mostly short notes (median ~20 tokens), a long tail of
    detailed reports (~300 tokens)."""
    if rng.random() < 0.06:
        return rng.randint(15, 55)
    return max(1, min(40, round(rng.lognormvariate(math.log(3.1), 0.8))))


def event_count(rng: random.Random, sentences: int) -> int:
    count = 1
    while rng.random() < 0.3:
        count += 1
    return count + sentences // 12


class Composer:
    """Builds notes for one synthetic world (patients, team, name pools)."""

    def __init__(self, rng: random.Random, pools: NamePools, n_notes: int) -> None:
        self.rng = rng
        names = NameSource(rng, pools)
        self.team = make_team(rng, names)
        gps = [names.person() for _ in range(max(3, n_notes // 40))]
        n_patients = max(3, n_notes // 6)
        self.patients = [make_patient(rng, names, f"P{i + 1:04d}", gps) for i in range(n_patients)]
        # Zipf-like popularity: a few patients call often, many only once or twice.
        self.weights = [1.0 / (rank + 1) ** 0.6 for rank in range(n_patients)]
        self.event_kinds = list(EVENT_WEIGHTS)
        self.event_weights = list(EVENT_WEIGHTS.values())

    def note(self, index: int) -> Note:
        patient = self.rng.choices(self.patients, self.weights)[0]
        ctx = NoteContext(self.rng, patient, self.team)
        # Without replacement: a note that repeats a sentence verbatim reads like a bug.
        body = [ctx.render(t) for t in self.rng.sample(FILLERS, min(len(FILLERS), sentence_count(self.rng)))]
        greeting: list[Piece] = []
        signoff: list[Piece] = []
        if self.rng.random() >= PHI_FREE_SHARE:
            for kind in self.rng.choices(
                self.event_kinds, self.event_weights, k=event_count(self.rng, len(body))
            ):
                if kind == "signoff":
                    signoff = ctx.render(self.rng.choice(SIGNOFFS))
                elif kind == "greeting":
                    greeting = ctx.render(self.rng.choice(GREETINGS))
                else:
                    self._insert(body, ctx, kind)
        if ctx.patient_named:
            patient.mentions += 1
        text, gold = assemble(add_typos(self._join(greeting, body, signoff), self.rng))
        return Note(f"syn-{index + 1:06d}", patient.patient_id, text, gold)

    def _insert(self, body: list[list[Piece]], ctx: NoteContext, kind: str) -> None:
        """Patient mentions usually open the note; other PHI lands anywhere."""
        if kind == "pat":
            if ctx.patient_mentions_here >= 2:
                return  # a third "Frau X ..." in one note is noise, not realism
            # The first mention of a known patient may drop the salutation; a second mention
            # in the same note always does ("Frau X hat angerufen ... Rückruf bei X").
            bare = ctx.patient_mentions_here > 0 or (ctx.patient.mentions > 0 and self.rng.random() < 0.45)
            sentence = ctx.render(self.rng.choice(PAT_BARE if bare else PAT_INTRO))
            ctx.patient_mentions_here += 1
            position = 0 if self.rng.random() < 0.65 else self.rng.randint(0, len(body))
        else:
            sentence = ctx.render(self.rng.choice(TEMPLATE_GROUPS[kind]))
            position = self.rng.randint(0, len(body))
        body.insert(position, sentence)

    def _join(self, greeting: list[Piece], body: list[list[Piece]], signoff: list[Piece]) -> list[Piece]:
        sep = "\n" if self.rng.random() < 0.3 else " "
        pieces: list[Piece] = []
        if greeting:
            pieces += [*greeting, (self.rng.choice(("\n", " ")), None)]
        for i, sentence in enumerate(body):
            if i:
                pieces.append((sep, None))
            pieces += sentence
        if signoff:
            pieces += [(self.rng.choice(("\n", " ", "\n\n")), None), *signoff]
        return pieces


def generate(n_notes: int, seed: int, pools: NamePools) -> list[Note]:
    """The whole corpus for one seed; a single RNG drives everything, so it is reproducible."""
    composer = Composer(random.Random(seed), pools, n_notes)
    return [composer.note(i) for i in range(n_notes)]
