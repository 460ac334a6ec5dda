"""Renders one person mention of a given form into labelled pieces, and names its class.

Why pieces: name tokens (given names, initials, particles, each half of a double name) are
separate gold spans, titles and salutations are not; the composer turns pieces into offsets.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple


class Piece(NamedTuple):
    text: str
    label: str | None = None  # person label of a name token
    trap: str | None = None  # kind of a word that must stay unmasked
    phi: str | None = None  # class of a non-person gold span (classes.GOLD_LABELS)


@dataclass(frozen=True)
class Person:
    first: str
    last: str  # may be a double name "A-B"
    female: bool
    label: str  # PAT, HCP or PER
    particle: str = ""  # "von", "van der", ...
    noun: bool = False  # surname is an ordinary German noun
    listed: bool = False  # the dictionaries' name lists contain every name part

    def surname_class(self) -> str:
        if self.noun:
            return "ordinary_word_surname"
        if self.particle or "-" in self.last:
            return "particles_doubles"
        return "full_name"


RELATIVE_ROLES: dict[bool, tuple[str, ...]] = {
    True: ("Tochter", "Ehefrau", "Nichte", "Schwiegertochter", "Enkelin"),
    False: ("Sohn", "Ehemann", "Neffe", "Schwiegersohn", "Enkel"),
}


def _word(text: str, label: str, upper: bool) -> Piece:
    return Piece(text.upper() if upper else text, label)


def surname_pieces(p: Person, upper: bool = False) -> list[Piece]:
    pieces: list[Piece] = []
    for word in p.particle.split():
        pieces += [_word(word, p.label, upper), Piece(" ")]
    halves = p.last.split("-")
    for i, half in enumerate(halves):
        pieces.append(_word(half, p.label, upper))
        if i < len(halves) - 1:
            pieces.append(Piece("-"))
    return pieces


def first_pieces(p: Person, upper: bool = False) -> list[Piece]:
    return [_word(p.first, p.label, upper), Piece(" ")]


def salutation(p: Person, rng: random.Random) -> str:
    if p.label == "HCP":
        return "Dr.in" if p.female and rng.random() < 0.3 else "Dr."
    return "Frau" if p.female else rng.choice(("Herr", "Herrn"))


def render(form: str, p: Person, rng: random.Random, chains: tuple[str, ...]) -> tuple[str, list[Piece]]:
    """One mention of ``p`` in ``form``; returns (class, pieces)."""
    if form == "full":
        return p.surname_class(), [Piece(salutation(p, rng) + " "), *first_pieces(p), *surname_pieces(p)]
    if form == "abbreviated":
        sal = rng.choice(("Fr.", "Pat.")) if p.female else rng.choice(("Hr.", "Hrn.", "Pat."))
        return "abbreviated_salutation", [Piece(sal + " "), *surname_pieces(p)]
    if form == "initials":
        variant = rng.randrange(3)
        initial = [Piece(p.first[0], p.label), Piece(". ")]
        if variant == 0:
            return "initials", [Piece(salutation(p, rng) + " "), *initial, *surname_pieces(p)]
        if variant == 1:
            return "initials", [*initial, *surname_pieces(p)]
        sal = "Frau" if p.female else "Herr"
        return "initials", [Piece(sal + " "), Piece(p.last[0], p.label), Piece(".")]
    if form == "inverted":
        pieces = [*surname_pieces(p), Piece(", "), Piece(p.first, p.label)]
        if rng.random() < 0.6:
            birth = f"{rng.randint(1, 28):02d}.{rng.randint(1, 12):02d}.{rng.randint(1930, 1999)}"
            pieces += [Piece(", geb. "), Piece(birth, phi="date")]
        return "inverted", pieces
    if form == "capitals":
        if rng.random() < 0.5:
            sal = "FRAU" if p.female else "HERR"
            return "capitals", [Piece(sal + " "), *first_pieces(p, True), *surname_pieces(p, True)]
        return "capitals", [*surname_pieces(p, True), Piece(", "), Piece(p.first.upper(), p.label)]
    if form == "chain":
        given = first_pieces(p) if rng.random() < 0.4 else []
        return "title_chain", [Piece(rng.choice(chains) + " "), *given, *surname_pieces(p)]
    if form == "signature":
        lead = [Piece(rng.choice(("Dr. ", "Dr. med. ", "")))]
        return "signature_block", [*lead, *first_pieces(p), *surname_pieces(p)]
    if form == "bare":
        return "bare_name", surname_pieces(p)
    if form == "relative":
        role = rng.choice(RELATIVE_ROLES[p.female])
        tail = [Piece(" "), *surname_pieces(p)] if rng.random() < 0.3 else []
        return "relative", [Piece(role, trap="role_word"), Piece(" "), Piece(p.first, p.label), *tail]
    raise ValueError(form)
