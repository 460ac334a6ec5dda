"""Mention classes: every person mention and every other PHI mention is tagged with exactly one,
so recall can be read per kind of mention (issues 16 and 17 list the kinds that leak on unseen
text)."""

from __future__ import annotations

# Baseline first: salutation or title + given name + surname from the name pool.
CLASSES: tuple[str, ...] = (
    "full_name",
    "ordinary_word_surname",
    "abbreviated_salutation",
    "initials",
    "inverted",
    "capitals",
    "particles_doubles",
    "signature_block",
    "bare_name",
    "relative",
    "title_chain",
)
FAMILIES: tuple[str, ...] = (
    "dev", "test", "holdout", "fresh", "sealed", "vault", "reserve", "ledger", "codex", "folio", "docket",
    "dossier", "chart", "binder",
)  # fmt: skip
# What ``report --family both`` (``make generalise``) measures. The holdout, fresh, sealed, vault,
# reserve, ledger, codex, folio, docket, dossier, chart and binder families are measured on their own
# (``make generalise-holdout``, ``-fresh``, ``-sealed``, ``-vault``, ``-reserve``, ``-ledger``,
# ``-codex``, ``-folio``, ``-docket``, ``-dossier``, ``-chart``, ``-binder``): new PHI material, never
# tuned on (fresh's and, since session 11, sealed's failures are looked at by shape only; the vault
# family's material is never read by the developer, nor the reserve family's, written in session 12,
# nor the ledger family's, written in session 13 by a helper, nor the codex family's, written in
# session 14 by a helper, nor the folio family's, written in session 15 by a helper, nor the docket
# family's, written in session 16 by a helper, nor the dossier family's, written in session 17 by a
# helper, nor the chart family's, written in session 18 by a helper, nor the binder family's, written
# in session 20 by a helper).
BOTH: tuple[str, ...] = ("dev", "test")
KINDS: tuple[str, ...] = ("letters", "notes")
PERSON_LABELS: frozenset[str] = frozenset({"PAT", "HCP", "PER"})
# Lower-case name particles: part of the mention (masked with it), not of a verbatim check.
PARTICLES: tuple[str, ...] = ("von", "van der", "de la", "van", "di", "zu", "von der", "de")

# Issue 17: the other PHI of letters, one class per kind of mention, each with its gold label.
# A site's gold span is the whole name ("Klinikum Kufstein"); a ward code is gold SIT (it places
# the patient in the house), whatever type deid gives it.
PHI_CLASSES: dict[str, str] = {
    "address": "ADD",
    "zip": "ZIP",
    "place_after_zip": "LOC",
    "place_after_preposition": "LOC",
    "site": "SIT",  # a hospital, clinic or rehab centre named after its place
    "practice": "SIT",  # a doctor's practice named after the doctor ("Praxis Dr. Huber")
    "ward_code": "SIT",
    "id_after_keyword": "ID",
    "email": "MAI",
}
# Gold-only labels: dates are gold so that a run which masks them is not charged for it, but
# they are not reported (deid's default types do not include DAT).
GOLD_ONLY: dict[str, str] = {"date": "DAT"}
GOLD_LABELS: dict[str, str] = {**PHI_CLASSES, **GOLD_ONLY}
