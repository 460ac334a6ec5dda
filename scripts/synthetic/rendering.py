"""Rendering: a template's ``{slot}``s filled into gold pieces for one note.

Why a note context: slots resolve against one ``NoteContext``, so a note stays coherent (the
nurse who greets is not the one who signs, the relative keeps one name, ...).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from synthetic.gold import Piece
from synthetic.people import Patient, Person, Relative, Team
from synthetic.places import AREA_CODES, CLINIC_MAIL_DOMAINS, WEBSITES
from synthetic.pools import fold
from synthetic.slot_values import DRUG_DOSES, NUMBER_SLOTS, SIMPLE_SLOTS, digits
from synthetic.templates import FINDINGS
from synthetic.world import make_mail

_SLOT = re.compile(r"\{(\w+)\}")


def name_pieces(name: str, label: str) -> list[Piece]:
    """One gold piece per name token; hyphens of double names stay outside the spans."""
    pieces: list[Piece] = []
    for index, token in enumerate(name.split("-")):
        if index:
            pieces.append(("-", None))
        pieces.append((token, label))
    return pieces


@dataclass
class NoteContext:
    """Everything one note may mention; slots resolve against it so a note stays coherent
    (the nurse who greets is not the one who signs, the relative keeps one name, ...)."""

    rng: random.Random
    patient: Patient
    team: Team
    author: Person = field(init=False)
    colleague: Person = field(init=False)
    doctor: Person = field(init=False)
    relative: Relative = field(init=False)
    patient_named: bool = False
    patient_mentions_here: int = 0
    used_findings: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.author = self.rng.choice(self.team.nurses)
        self.colleague = self.rng.choice([n for n in self.team.nurses if n != self.author])
        self.doctor = self.rng.choice(self.team.doctors)
        self.relative = self.rng.choice(self.patient.relatives)

    def render(self, template: str) -> list[Piece]:
        pieces: list[Piece] = []
        pos = 0
        for match in _SLOT.finditer(template):
            if match.start() > pos:
                pieces.append((template[pos : match.start()], None))
            value = self.slot(match.group(1))
            pieces.extend(value)
            pos = match.end()
            if value[-1][0].endswith(".") and template.startswith(".", pos):
                pos += 1  # "seit 23.11." ends the sentence too; no "23.11.."
        if pos < len(template):
            pieces.append((template[pos:], None))
        return pieces

    def slot(self, name: str) -> list[Piece]:
        if name in NUMBER_SLOTS:
            return [(NUMBER_SLOTS[name](self.rng), None)]
        if name in SIMPLE_SLOTS:
            return [(self.rng.choice(SIMPLE_SLOTS[name]), None)]
        method = getattr(self, f"_slot_{name}", None)
        if method is None:
            raise KeyError(f"unknown template slot {{{name}}}")
        return method()

    # plain slots -------------------------------------------------------------------------
    def _slot_finding(self) -> list[Piece]:
        """A finding not yet used in this note ("Beine dicker, Beine dicker" reads like a bug)."""
        template = self.rng.choice(FINDINGS)
        for _ in range(4):
            if template not in self.used_findings:
                break
            template = self.rng.choice(FINDINGS)
        self.used_findings.add(template)
        return self.render(template)

    def _slot_Finding(self) -> list[Piece]:
        return _capitalize(self._slot_finding())

    def _slot_Med_line(self) -> list[Piece]:
        drug, doses = self.rng.choice(DRUG_DOSES)
        dose = self.rng.choice(doses)
        return [(f"{drug} {dose} {self.rng.choice(SIMPLE_SLOTS['dose_time'])}", None)]

    def _slot_anrede(self) -> list[Piece]:
        forms = ("Frau", "Frau", "Fr.") if self.patient.person.female else ("Herr", "Herr", "Hr.")
        return [(self.rng.choice(forms), None)]

    def _slot_anrede_dat(self) -> list[Piece]:
        forms = ("Frau", "Fr.") if self.patient.person.female else ("Herrn", "Hr.", "Hrn.")
        return [(self.rng.choice(forms), None)]

    def _slot_doc_oa(self) -> list[Piece]:
        return [("OÄ" if self.doctor.female and self.rng.random() < 0.6 else "OA", None)]

    def _slot_gp_title(self) -> list[Piece]:
        return [("Hausärztin" if self.patient.gp.female else "Hausarzt", None)]

    def _slot_coll_kolleg(self) -> list[Piece]:
        return [("Kollegin" if self.colleague.female else "Kollege", None)]

    def _slot_coll_schwester(self) -> list[Piece]:
        return [("Schwester" if self.colleague.female else "Pfleger", None)]

    def _slot_liebe_coll(self) -> list[Piece]:
        return [("Liebe" if self.colleague.female else "Lieber", None)]

    def _slot_rel_role(self) -> list[Piece]:
        return [(self.relative.role, None)]

    def _slot_rel_der(self) -> list[Piece]:
        return [(self.relative.article_nom.capitalize(), None)]

    def _slot_rel_dem(self) -> list[Piece]:
        return [(self.relative.article_dat, None)]

    def _slot_site_prep(self) -> list[Piece]:
        return [(self.patient.site[2], None)]

    def _slot_site_dem(self) -> list[Piece]:
        return [(self.patient.site[1], None)]

    def _slot_street_prep(self) -> list[Piece]:
        return [(self.patient.street_prep, None)]

    # PHI slots ---------------------------------------------------------------------------
    def _slot_pat_sur(self) -> list[Piece]:
        self.patient_named = True
        surname = self.patient.person.last
        if surname != fold(surname) and self.rng.random() < 0.08:
            # Umlauts typed as ae/oe/ue, as on keyboards without them.
            surname = surname.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")
        return name_pieces(surname, "PAT")

    def _slot_pat_first(self) -> list[Piece]:
        return name_pieces(self.patient.person.first, "PAT")

    def _slot_nurse_first(self) -> list[Piece]:
        return name_pieces(self.author.first, "HCP")

    def _slot_nurse_sur(self) -> list[Piece]:
        return name_pieces(self.author.last, "HCP")

    def _slot_coll_first(self) -> list[Piece]:
        return name_pieces(self.colleague.first, "HCP")

    def _slot_coll_sur(self) -> list[Piece]:
        return name_pieces(self.colleague.last, "HCP")

    def _slot_doc_sur(self) -> list[Piece]:
        return name_pieces(self.doctor.last, "HCP")

    def _slot_doc_first(self) -> list[Piece]:
        return name_pieces(self.doctor.first, "HCP")

    def _slot_gp_sur(self) -> list[Piece]:
        return name_pieces(self.patient.gp.last, "HCP")

    def _slot_rel_first(self) -> list[Piece]:
        return name_pieces(self.relative.person.first, "PER")

    def _slot_rel_name(self) -> list[Piece]:
        """Relatives sharing the patient's surname are called by first name only (as in real
        notes); others also as "Frau X" or with their full name."""
        rel = self.relative.person
        roll = self.rng.random()
        if self.relative.shares_surname or roll < 0.55:
            return self._slot_rel_first()
        if roll < 0.8:
            return [("Frau " if rel.female else "Herr ", None), *name_pieces(rel.last, "PER")]
        return [*self._slot_rel_first(), (" ", None), *name_pieces(rel.last, "PER")]

    def _slot_site(self) -> list[Piece]:
        return [(self.patient.site[0], "SIT")]

    def _slot_street(self) -> list[Piece]:
        return [(self.patient.street, "ADD")]

    def _slot_zip(self) -> list[Piece]:
        return [(self.patient.zip_code, "ZIP")]

    def _slot_town(self) -> list[Piece]:
        return [(self.patient.town, "ADD")]

    def _slot_phone(self) -> list[Piece]:
        return [(self.patient.phone, "PHO")]

    def _slot_rel_phone(self) -> list[Piece]:
        return [(self.relative.phone, "PHO")]

    def _slot_clinic_phone(self) -> list[Piece]:
        return [(f"+43 {self.rng.choice(AREA_CODES)} {digits(self.rng, 3)}-{digits(self.rng, 5)}", "PHO")]

    def _slot_pat_mail(self) -> list[Piece]:
        return [(self.patient.mail, "MAI")]

    def _slot_hcp_mail(self) -> list[Piece]:
        return [(make_mail(self.rng, self.doctor, CLINIC_MAIL_DOMAINS), "MAI")]

    def _slot_web(self) -> list[Piece]:
        return [(self.rng.choice(WEBSITES), "WEB")]


def _capitalize(pieces: list[Piece]) -> list[Piece]:
    if pieces and pieces[0][1] is None and pieces[0][0]:
        text = pieces[0][0]
        pieces = [(text[0].upper() + text[1:], None), *pieces[1:]]
    return pieces
