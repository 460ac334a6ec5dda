"""The people of the synthetic world: patients, relatives, the telehealth team.

Why plain records: a patient keeps one name, address, phone and relatives across all the notes
that mention them, so the same surname recurs with and without a salutation.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Person:
    first: str
    last: str
    female: bool


@dataclass(frozen=True)
class Relative:
    person: Person
    role: str
    article_nom: str
    article_dat: str
    shares_surname: bool
    phone: str


@dataclass
class Patient:
    patient_id: str
    person: Person
    relatives: tuple[Relative, ...]
    gp: Person
    street: str
    street_prep: str
    zip_code: str
    town: str
    phone: str
    mail: str
    site: tuple[str, str, str]
    mentions: int = 0


@dataclass(frozen=True)
class Team:
    """The stable telehealth team: nurses sign notes, doctors are consulted."""

    nurses: tuple[Person, ...]
    doctors: tuple[Person, ...]


# (role, female, nominative article, dative article, shares the patient's surname)
# fmt: off
RELATIVE_ROLES: tuple[tuple[str, bool, str, str, bool], ...] = (
    ("Tochter", True, "die", "der", False), ("Sohn", False, "der", "dem", True),
    ("Ehefrau", True, "die", "der", True), ("Ehemann", False, "der", "dem", True),
    ("Nachbarin", True, "die", "der", False), ("Enkelin", True, "die", "der", False),
    ("Schwester", True, "die", "der", False), ("Bruder", False, "der", "dem", True),
    ("Lebensgefährtin", True, "die", "der", False), ("Schwiegertochter", True, "die", "der", False),
)
# fmt: on
