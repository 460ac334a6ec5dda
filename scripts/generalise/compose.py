"""Builds letters and notes of one family from a seed, with exact gold spans, persons, other PHI
and traps.

Why one world per corpus: patients recur within a letter and a team of doctors signs many
documents, as in a real ward, which is what corpus-wide learning is measured on. Offsets come
from the running length of the pieces, so they cannot drift from the text. The other PHI
(issue 17) is drawn from a second random stream and inserted between the person frames, so a
seed yields the same persons in the same frames with or without it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from generalise.classes import GOLD_LABELS, PARTICLES, PHI_CLASSES
from generalise.mentions import Person, Piece, render
from generalise.phi import LETTER_KINDS, NOTE_KINDS, PhiWriter, pick_kind
from generalise.places import build_place_pools
from generalise.pools import FamilyPools, build_pools, in_keys, name_list_keys
from generalise.templates import FAMILIES, SLOT, Family

PATIENT_FORMS = (("full", 4), ("abbreviated", 3), ("initials", 1), ("capitals", 1))
DOCTOR_FORMS = (("chain", 3), ("initials", 1), ("full", 2))
HEADER_FORMS = (("inverted", 2), ("capitals", 1))


def _pick(rng: random.Random, weighted: tuple[tuple[str, int], ...]) -> str:
    return rng.choices([f for f, _ in weighted], [w for _, w in weighted])[0]


class World:
    """Draws persons from one family's pools; marks each as listed or not."""

    def __init__(self, rng: random.Random, pools: FamilyPools, size: int) -> None:
        self.rng, self.pools = rng, pools
        self.listed_keys = name_list_keys()
        self.patients = [self.person("PAT") for _ in range(max(2, size))]
        self.team = [self.person("HCP") for _ in range(12)]

    def person(self, label: str, female: bool | None = None) -> Person:
        rng, pools = self.rng, self.pools
        is_female = rng.random() < 0.55 if female is None else female
        first = rng.choice(pools.female if is_female else pools.male)
        roll, particle, noun = rng.random(), "", False
        last = rng.choice(pools.surnames)
        if roll < 0.2:
            last, noun = rng.choice(pools.nouns), True
        elif roll < 0.27:
            particle = rng.choice(PARTICLES)
        elif roll < 0.34:
            last = f"{last}-{rng.choice(pools.surnames)}"
        parts = [first, *last.split("-")]
        listed = all(in_keys(part, self.listed_keys) for part in parts)
        return Person(first, last, is_female, label, particle, noun, listed)


class Document:
    """Collects pieces, then assembles text, gold spans, persons and traps."""

    def __init__(self) -> None:
        self.items: list[tuple[Piece, int | None]] = []
        self.mentions: list[tuple[str, bool]] = []

    def text(self, text: str) -> None:
        self.items.append((Piece(text), None))

    def trap(self, text: str, kind: str) -> None:
        self.items.append((Piece(text, trap=kind), None))

    def phi(self, pieces: list[Piece]) -> None:
        """Pieces of which those with a ``phi`` class become gold spans."""
        self.items += [(piece, None) for piece in pieces]

    def mention(self, cls: str, person: Person, pieces: list[Piece]) -> None:
        index = len(self.mentions)
        self.mentions.append((cls, person.listed))
        self.items += [(piece, index if piece.label else None) for piece in pieces]

    def assemble(self, doc_id: str) -> dict[str, object]:
        parts: list[str] = []
        gold: list[list[object]] = []
        traps: list[list[object]] = []
        phi: list[dict[str, object]] = []
        spans: list[list[list[int]]] = [[] for _ in self.mentions]
        labels: list[str] = ["" for _ in self.mentions]
        pos = 0
        for piece, index in self.items:
            end = pos + len(piece.text)
            if index is not None and piece.label:
                gold.append([pos, end, piece.label])
                spans[index].append([pos, end])
                labels[index] = piece.label
            elif piece.phi:
                gold.append([pos, end, GOLD_LABELS[piece.phi]])
                if piece.phi in PHI_CLASSES:
                    phi.append({"span": [pos, end], "class": piece.phi, "label": PHI_CLASSES[piece.phi]})
            elif piece.trap:
                traps.append([pos, end, piece.trap])
            parts.append(piece.text)
            pos = end
        persons = [
            {"spans": spans[i], "class": cls, "listed": listed, "label": labels[i]}
            for i, (cls, listed) in enumerate(self.mentions)
        ]
        text = "".join(parts)
        return {"id": doc_id, "text": text, "gold": gold, "persons": persons, "phi": phi, "traps": traps}


class Composer:
    """Letters and notes of one family; a pure function of the seed and the pools."""

    def __init__(self, family: str, seed: int, count: int, pools: FamilyPools | None = None) -> None:
        self.name = family
        self.family: Family = FAMILIES[family]
        self.rng = random.Random(f"{family}:{seed}")
        pools = pools or build_pools()[family]
        self.world = World(self.rng, pools, count // 3 + 2)
        phi_rng = random.Random(f"{family}:{seed}:phi")
        self.phi = PhiWriter(family, phi_rng, pools, build_place_pools()[family])

    def _fill(self, doc: Document, frame: str, patient: Person) -> None:
        rng, fam, pos = self.rng, self.family, 0
        for match in SLOT.finditer(frame):
            doc.text(frame[pos : match.start()])
            pos = match.end()
            slot, trap = match.group(1), match.group(2)
            if trap:
                doc.trap(trap, "clinical_word")
            elif slot == "P":
                doc.mention(*self._render(_pick(rng, PATIENT_FORMS), patient))
            elif slot == "H":
                doc.mention(*self._render(_pick(rng, HEADER_FORMS), patient))
            elif slot == "D":
                doc.mention(*self._render(_pick(rng, DOCTOR_FORMS), rng.choice(self.world.team)))
            elif slot == "R":
                doc.mention(*self._render("relative", self.world.person("PER")))
            elif slot == "B":
                other = rng.random() < 0.4
                doc.mention(*self._render("bare", self.world.person("PER") if other else patient))
            elif slot == "E":
                doc.trap(rng.choice(fam.eponyms), "eponym")
            elif slot == "W":
                doc.trap(rng.choice(fam.roles), "role_word")
            elif slot == "date":
                doc.phi([Piece(self._date(), phi="date")])
            else:
                doc.text(self._plain(slot, patient))
        doc.text(frame[pos:])

    def _render(self, form: str, person: Person) -> tuple[str, Person, list[Piece]]:
        cls, pieces = render(form, person, self.rng, self.family.title_chains)
        return cls, person, pieces

    def _plain(self, slot: str, p: Person) -> str:
        rng = self.rng
        if slot == "time":
            return rng.choice(("15", "10", "14:30", "9"))
        if slot == "n":
            return str(rng.randint(2, 8))
        return {"art": "die" if p.female else "der", "Pat": "Patientin" if p.female else "Patient",
                "pron": "sie" if p.female else "er"}[slot]  # fmt: skip

    def _date(self) -> str:
        rng = self.rng
        return f"{rng.randint(1, 28):02d}.{rng.randint(1, 12):02d}.{rng.randint(2019, 2025)}"

    def _phi_plan(self, frames: int, extra: int, kinds: tuple[tuple[str, int], ...]) -> list[list[str]]:
        """The kinds of PHI sentence to insert before each of ``frames`` frames (last: after all)."""
        rng, plan = self.phi.rng, [[] for _ in range(frames + 1)]
        for _ in range(extra):
            plan[rng.randint(0, frames)].append(pick_kind(rng, kinds))
        return plan

    def _letter_phi(self, doc: Document, kinds: list[str], patient: Person) -> bool:
        """PHI sentences on lines of their own (an ID line has no full stop); True if any."""
        for kind in kinds:
            doc.text("\n")
            doc.phi(self.phi.sentence(kind, patient.female))
        return bool(kinds)

    def _note_phi(self, doc: Document, kinds: list[str], patient: Person, written: bool) -> bool:
        """PHI sentences in the run of a note, each closed by a full stop; True if text precedes."""
        for kind in kinds:
            pieces = self.phi.sentence(kind, patient.female)
            tail = [Piece(".")] if not pieces[-1].text.endswith((".", ")")) else []
            doc.text(" " if written else "")
            doc.phi([*pieces, *tail])
            written = True
        return written

    def letter(self, doc_id: str) -> dict[str, object]:
        rng, fam, doc = self.rng, self.family, Document()
        patient = rng.choice(self.world.patients)
        self._fill(doc, rng.choice(fam.headers), patient)
        if self.phi.rng.random() < 0.8:
            doc.phi(self.phi.address_block(patient.female))
        doc.text("\n" + rng.choice(fam.greetings) + "\n\n")
        self._fill(doc, rng.choice(fam.intros), patient)
        frames = rng.sample(fam.body, rng.randint(4, 6))
        plan = self._phi_plan(len(frames), self.phi.rng.randint(1, 3), LETTER_KINDS)
        for frame, kinds in zip(frames, plan, strict=False):
            own_line = self._letter_phi(doc, kinds, patient)
            sep = rng.choice((" ", "\n"))
            doc.text("\n" if own_line else sep)
            self._fill(doc, frame, patient)
        self._letter_phi(doc, plan[-1], patient)
        doc.text("\n\n" + rng.choice(fam.closings) + "\n\n")
        signers = rng.sample(self.world.team, rng.randint(1, 3))
        sep = rng.choice(fam.separators)
        for i, signer in enumerate(signers):
            doc.text(sep if i else "")
            doc.mention(*self._render("signature", signer))
        doc.text("\n")
        for i, _ in enumerate(signers):
            doc.text(sep if i else "")
            doc.trap(rng.choice(fam.roles), "role_word")
        return doc.assemble(doc_id)

    def note(self, doc_id: str) -> dict[str, object]:
        rng, fam, doc = self.rng, self.family, Document()
        patient = rng.choice(self.world.patients)
        if rng.random() < 0.3:
            self._fill(doc, rng.choice(fam.note_headers), patient)
        frames = rng.sample(fam.notes, rng.randint(2, 4))
        plan = self._phi_plan(len(frames), int(self.phi.rng.random() < 0.35), NOTE_KINDS)
        written = False
        for frame, kinds in zip(frames, plan, strict=False):
            written = self._note_phi(doc, kinds, patient, written)
            doc.text(" " if written else "")
            self._fill(doc, frame, patient)
            written = True
        self._note_phi(doc, plan[-1], patient, written)
        return doc.assemble(doc_id)

    def corpus(self, kind: str, count: int) -> Iterator[dict[str, object]]:
        make = self.letter if kind == "letters" else self.note
        for i in range(count):
            yield make(f"{self.name}-{kind}-{i + 1:05d}")


def generate(family: str, kind: str, count: int, seed: int) -> list[dict[str, object]]:
    return list(Composer(family, seed, count).corpus(kind, count))
