"""Builds the synthetic world: names drawn from the pools, patients with addresses, phones and
mails, relatives, and the stable team of nurses and doctors.

Why one world per corpus: notes share patients and a team, as real telehealth notes do, which
is what corpus-wide rules (learning names across notes) are measured on.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from synthetic.morphology import COMMON_FEMALE, COMMON_MALE, COMMON_SURNAMES
from synthetic.people import RELATIVE_ROLES, Patient, Person, Relative, Team
from synthetic.places import (
    AREA_CODES,
    DE_MOBILE,
    MOBILE_PREFIXES,
    PRIVATE_MAIL_DOMAINS,
    SITES,
    STREET_STEMS,
    STREET_SUFFIXES,
    TOWNS,
)
from synthetic.pools import NamePools, fold
from synthetic.slot_values import digits


class NameSource:
    """Draws names from the pools; double names are built from two pool names."""

    def __init__(self, rng: random.Random, pools: NamePools) -> None:
        self.rng = rng
        self.pools = pools

    def first(self, female: bool, double_share: float = 0.08) -> str:
        if self.pools.common_share and self.rng.random() < self.pools.common_share:
            return self.rng.choice(COMMON_FEMALE if female else COMMON_MALE)
        pool = self.pools.female if female else self.pools.male
        name = self.rng.choice(pool)
        if self.rng.random() < double_share:
            name = f"{name}-{self.rng.choice(pool)}"
        return name

    def last(self, double_share: float = 0.07) -> str:
        if self.pools.common_share and self.rng.random() < self.pools.common_share:
            return self.rng.choice(COMMON_SURNAMES)
        name = self.rng.choice(self.pools.surnames)
        if self.rng.random() < double_share:
            name = f"{name}-{self.rng.choice(self.pools.surnames)}"
        return name

    def person(self, female: bool | None = None) -> Person:
        is_female = self.rng.random() < 0.55 if female is None else female
        return Person(self.first(is_female), self.last(), is_female)


def make_phone(rng: random.Random) -> str:
    """Austrian and German numbers in the shapes people actually type."""
    mobile = rng.choice(MOBILE_PREFIXES)
    form = rng.randrange(9)
    if form == 0:
        return f"{mobile}/{digits(rng, 7)}"
    if form == 1:
        return f"{mobile} {digits(rng, 3)} {digits(rng, 2)} {digits(rng, 2)}"
    if form == 2:
        return f"+43 {mobile[1:]} {digits(rng, 7)}"
    if form == 3:
        return f"+43 {rng.choice(AREA_CODES)} {digits(rng, 3)}-{digits(rng, 5)}"
    if form == 4:
        return f"+49 {rng.choice(DE_MOBILE)} {digits(rng, 7)}"
    if form == 5:
        return f"0{rng.choice(AREA_CODES)}/{digits(rng, 6)}"
    if form == 6:
        return f"{mobile}-{digits(rng, 7)}"
    if form == 7:
        return f"0043 {mobile[1:]} {digits(rng, 7)}"
    return f"{mobile} {digits(rng, 7)}"


def _ascii(name: str) -> str:
    return re.sub(r"[^a-z0-9-]", "", fold(name))


def make_mail(rng: random.Random, person: Person, domains: Sequence[str]) -> str:
    first, last = _ascii(person.first), _ascii(person.last)
    local = rng.choice(
        (
            f"{first}.{last}",
            f"{first[0]}.{last}",
            f"{last}{rng.randint(40, 99)}",
            f"{first}{last}",
            f"{first}_{last}",
        )
    )
    return f"{local}@{rng.choice(domains)}"


def make_street(rng: random.Random) -> tuple[str, str]:
    """Street with house number ("Anichstraße 35", "Lindeng. 4/3") and its preposition."""
    stem = rng.choice(STREET_STEMS)
    suffix, short, prep = rng.choice(STREET_SUFFIXES)
    use_short = short and rng.random() < 0.25
    joined = stem + (short if use_short else suffix)
    if "-" in stem:
        joined = f"{stem}-{(short if use_short else suffix).capitalize()}"
    number = str(rng.randint(1, 140))
    if rng.random() < 0.15:
        number += rng.choice("abc")
    elif rng.random() < 0.15:
        number += f"/{rng.randint(1, 12)}"
    return f"{joined} {number}", prep


def make_patient(rng: random.Random, names: NameSource, patient_id: str, gps: Sequence[Person]) -> Patient:
    person = names.person()
    relatives = tuple(_make_relative(rng, names, person) for _ in range(rng.randint(1, 2)))
    street, prep = make_street(rng)
    town, zips = rng.choice(TOWNS)
    return Patient(
        patient_id=patient_id,
        person=person,
        relatives=relatives,
        gp=rng.choice(gps),
        street=street,
        street_prep=prep,
        zip_code=rng.choice(zips),
        town=town,
        phone=make_phone(rng),
        mail=make_mail(rng, person, PRIVATE_MAIL_DOMAINS),
        site=rng.choice(SITES),
    )


def _make_relative(rng: random.Random, names: NameSource, patient: Person) -> Relative:
    role, female, nom, dat, shares = rng.choice(RELATIVE_ROLES)
    last = patient.last if shares else names.last()
    return Relative(Person(names.first(female), last, female), role, nom, dat, shares, make_phone(rng))


def make_team(rng: random.Random, names: NameSource) -> Team:
    """Six nurses with distinct first names (they sign with it) and four doctors."""
    nurses: list[Person] = []
    while len(nurses) < 6:
        nurse = names.person(female=len(nurses) < 4)
        if all(nurse.first != other.first for other in nurses):
            nurses.append(nurse)
    doctors = tuple(names.person() for _ in range(4))
    return Team(tuple(nurses), doctors)
