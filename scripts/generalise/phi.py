"""Renders the other PHI of letters (issue 17) into labelled pieces: address blocks and sentences
with places, sites, ward codes, identifiers and e-mail addresses.

Why pieces with a class: each PHI value is its own gold span with exactly one class (see
``classes.PHI_CLASSES``), while the words around it (the preposition, the article, the ID
keyword) are plain text, so recall can be read per kind of mention.
"""

from __future__ import annotations

import random
import re

from synthetic.pools import fold

from generalise.mentions import Piece
from generalise.morphology import ascii_fold
from generalise.phi_templates import PHI_FAMILIES, PhiFamily
from generalise.places import PlacePools
from generalise.pools import FamilyPools
from generalise.templates import SLOT

# Kinds of PHI sentence and how often each is drawn, in letters and in notes.
LETTER_KINDS: tuple[tuple[str, int], ...] = (
    ("place", 3), ("site", 3), ("id", 2), ("mail", 1), ("ward", 1), ("address", 1),
)  # fmt: skip
NOTE_KINDS: tuple[tuple[str, int], ...] = (
    ("place", 3), ("id", 2), ("mail", 2), ("site", 1), ("ward", 1), ("address", 1),
)  # fmt: skip
# "{in_site}", "{Von_site}" ...: preposition + article before the dative institution; contracted
# where German contracts them ("im", "vom", "zur"). Only the holdout, fresh, sealed, vault,
# reserve, ledger, codex, folio, docket, dossier, chart and binder families use them.
SITE_PREPOSITION = re.compile(r"([Ii]n|[Vv]on|[Zz]u|[Bb]ei)_site")
CONTRACTIONS: dict[tuple[str, str], str] = {
    ("in", "dem"): "im", ("von", "dem"): "vom", ("zu", "dem"): "zum", ("zu", "der"): "zur",
    ("bei", "dem"): "beim",
}  # fmt: skip
ZIP_PREFIX_RATE = 0.3  # share of postcodes with a country code, in a family that has them
# Plain words by the patient's gender: (female, male).
GENDER_WORDS: dict[str, tuple[str, str]] = {
    "Pat": ("Patientin", "Patient"), "Art": ("Die", "Der"), "Pron": ("Sie", "Er"), "pron": ("sie", "er"),
}  # fmt: skip


def shape(pattern: str, rng: random.Random) -> str:
    """A number of the given shape ("A Y/####" -> "H 2023/4455"); see ``phi_templates``."""
    year = str(rng.randint(2015, 2025))
    makers = {
        "#": lambda: str(rng.randint(0, 9)),
        "N": lambda: str(rng.randint(1, 9)),
        "A": lambda: chr(rng.randint(65, 90)),
        "a": lambda: rng.choice("abcd"),
        "Y": lambda: year,
        "y": lambda: year[2:],
    }
    return "".join(makers[c]() if c in makers else c for c in pattern)


def pick_kind(rng: random.Random, weighted: tuple[tuple[str, int], ...]) -> str:
    return rng.choices([k for k, _ in weighted], [w for _, w in weighted])[0]


class PhiWriter:
    """One family's PHI values and frames; draws only from its own random stream, so adding PHI
    leaves the sequence of person mentions of a seed as it was."""

    def __init__(self, family: str, rng: random.Random, persons: FamilyPools, places: PlacePools) -> None:
        self.family: PhiFamily = PHI_FAMILIES[family]
        self.rng, self.persons, self.places = rng, persons, places
        self.non_ascii = tuple(
            n for n in (*persons.female, *persons.male, *persons.surnames) if not n.isascii()
        )

    def address_block(self, female: bool) -> list[Piece]:
        return self.fill(self.rng.choice(self.family.address_blocks), female)

    def sentence(self, kind: str, female: bool) -> list[Piece]:
        return self.fill(self.rng.choice(self.family.sentences[kind]), female)

    def fill(self, frame: str, female: bool) -> list[Piece]:
        """The frame's text with every slot rendered; an ID number follows its own keyword."""
        pieces: list[Piece] = []
        pos, keyword = 0, ""
        for match in SLOT.finditer(frame):
            pieces.append(Piece(frame[pos : match.start()]))
            pos, slot = match.end(), match.group(1)
            if slot == "kw":
                keyword = self.rng.choice(self.family.id_keywords)[0]
                pieces.append(Piece(keyword))
            else:
                pieces += self.slot(slot, female, keyword)
        pieces.append(Piece(frame[pos:]))
        return [piece for piece in pieces if piece.text]

    def slot(self, slot: str, female: bool, keyword: str = "") -> list[Piece]:
        rng = self.rng
        if slot == "street":
            return [Piece(self.street(), phi="address")]
        if slot == "zip_place":
            place = self.place()
            code = self.places.postcode(place, rng)
            return [
                *self.zip_prefix(code, place),
                Piece(code, phi="zip"),
                Piece(" "),
                Piece(place, phi="place_after_zip"),
            ]
        if slot == "place":
            return [Piece(self.place(), phi="place_after_preposition")]
        preposition = SITE_PREPOSITION.fullmatch(slot)
        if slot in ("site", "dat_site") or preposition:
            article, nominative, dative = rng.choice(self.family.sites)
            place, surname = self.place(), rng.choice(self.persons.surnames)
            name = (nominative if slot == "site" else dative).format(
                place=place, surname=surname, PLACE=place.upper(), SURNAME=surname.upper()
            )
            lead = [Piece(article + " ")] if slot == "dat_site" else []
            if preposition:
                word = preposition.group(1)
                both = CONTRACTIONS.get((word.lower(), article), f"{word.lower()} {article}")
                lead = [Piece((both[0].upper() + both[1:] if word[0].isupper() else both) + " ")]
            practice = "{surname}" in nominative or "{SURNAME}" in nominative
            return [*lead, Piece(name, phi="practice" if practice else "site")]
        if slot == "ward":
            return [Piece(shape(rng.choice(self.family.ward_codes), rng), phi="ward_code")]
        if slot == "id":
            shapes = dict(self.family.id_keywords)[keyword]
            return [Piece(shape(rng.choice(shapes), rng), phi="id_after_keyword")]
        if slot == "mail":
            return [Piece(self.mail(), phi="email")]
        if slot == "dob":
            return [Piece(self.birth_date(), phi="date")]
        return [Piece(GENDER_WORDS[slot][0 if female else 1])]

    def zip_prefix(self, code: str, place: str) -> list[Piece]:
        """A country code before the postcode ("CH-"), plain text, in families that write them."""
        if not self.family.zip_prefixes or self.rng.random() >= ZIP_PREFIX_RATE:
            return []
        line = f"{code} {place}"
        options = [prefix for pattern, prefix in self.family.zip_prefixes if re.match(pattern, line)]
        return [Piece(self.rng.choice(options))] if options else []

    def place(self) -> str:
        return self.rng.choice(self.places.places)

    def birth_date(self) -> str:
        """A date of birth (gold-only, as every date), for the frames that have ``{dob}``."""
        rng = self.rng
        return f"{rng.randint(1, 28):02d}.{rng.randint(1, 12):02d}.{rng.randint(1926, 2008)}"

    def street(self) -> str:
        rng, street = self.rng, self.rng.choice(self.places.streets)
        for ending, short in self.family.street_abbreviations:
            if street.endswith(ending) and rng.random() < 0.25:
                street = street[: -len(ending)] + short
        return f"{street} {shape(rng.choice(self.family.house_numbers), rng)}"

    def mail(self) -> str:
        """A private address from the family's names, ASCII or with its letters kept, as the
        family says (``ascii_mail``)."""
        rng, persons = self.rng, self.persons
        first = rng.choice(persons.female + persons.male)
        last = rng.choice(persons.surnames)
        if not self.family.ascii_mail and self.non_ascii and rng.random() < 0.7:
            last = rng.choice(self.non_ascii)
        first, last = (self._local(name) for name in (first, last))
        local = rng.choice(self.family.mail_locals).format(
            first=first, last=last, f=first[0], nn=f"{rng.randint(0, 99):02d}"
        )
        return f"{local}@{rng.choice(self.family.mail_domains)}"

    def _local(self, name: str) -> str:
        return ascii_fold(fold(name)) if self.family.ascii_mail else name.lower()
