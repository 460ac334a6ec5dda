"""Mention classes: every person mention is tagged with exactly one, so recall can be read per
kind of mention (issue 16 lists the kinds that leak on unseen text)."""

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
FAMILIES: tuple[str, ...] = ("dev", "test")
KINDS: tuple[str, ...] = ("letters", "notes")
PERSON_LABELS: frozenset[str] = frozenset({"PAT", "HCP", "PER"})
# Lower-case name particles: part of the mention (masked with it), not of a verbatim check.
PARTICLES: tuple[str, ...] = ("von", "van der", "de la", "van", "di", "zu", "von der", "de")
