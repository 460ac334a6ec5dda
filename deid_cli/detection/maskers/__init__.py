"""The masker ensemble: the one place a masker is added.

Maskers vote in this order (the paper's, with the corpus-wide learners last); with ``--vote
first`` the first vote on a token wins. Adding a masker: write ``<name>.py`` here with a class
that has ``name``, ``proves_names``, ``build(setup)`` and ``annotate(ctx)`` (``base.Masker``),
and add the class to ``ENSEMBLE``. Spans, statistics and learning pick it up from here.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from deid_cli.detection.grammar.hl7 import MASKER as HL7_SEGMENT
from deid_cli.detection.grammar.letter_zones import MASKER as LETTER_ZONE
from deid_cli.detection.maskers.base import Masker, MaskerSetup
from deid_cli.detection.maskers.corpus_cue import CorpusCueMasker
from deid_cli.detection.maskers.corpus_name import CorpusNameMasker
from deid_cli.detection.maskers.double_name import DoubleNameMasker
from deid_cli.detection.maskers.full_name import FullNameMasker
from deid_cli.detection.maskers.known import KnownIdentifierMasker
from deid_cli.detection.maskers.medical_site import MedicalSiteMasker
from deid_cli.detection.maskers.name_dictionary import NameDictionaryMasker
from deid_cli.detection.maskers.salutation import SalutationMasker
from deid_cli.detection.spans import PATTERN_MASKERS

ENSEMBLE: tuple[type[Masker], ...] = (
    KnownIdentifierMasker,
    SalutationMasker,
    NameDictionaryMasker,
    FullNameMasker,
    DoubleNameMasker,
    MedicalSiteMasker,
    CorpusNameMasker,
    CorpusCueMasker,
)

# Manual corrections (--corrections) are spans too, though no masker class makes them.
CORRECTION = "Correction"


def build_maskers(setup: MaskerSetup, reuse: Sequence[Masker] = ()) -> list[Masker]:
    """The ensemble's maskers for one setup, in voting order. A masker of ``reuse`` (pass 1's)
    is kept instead of built again, so pass 2 builds only what learning adds (CorpusName)."""
    built = {type(masker): masker for masker in reuse}
    maskers = (built.get(masker_class) or masker_class.build(setup) for masker_class in ENSEMBLE)
    return [masker for masker in maskers if masker is not None]


def masker_names() -> tuple[str, ...]:
    """Every name a span's ``masker`` can hold, in the order statistics list them (asked once
    per note by pass 1's packed spans: remembered per registry)."""
    return _names_of(ENSEMBLE)


@functools.lru_cache(maxsize=4)
def _names_of(ensemble: tuple[type[Masker], ...]) -> tuple[str, ...]:
    return (*(m.name for m in ensemble), CORRECTION, *PATTERN_MASKERS)


def context_maskers() -> frozenset[str]:
    """Maskers whose evidence proves a name by context: what pass 1 learns corpus-wide (a
    letter's address block and subject line, an HL7 segment's name field name their person as
    surely as "Frau" does)."""
    return frozenset({*(m.name for m in ENSEMBLE if m.proves_names), CORRECTION, LETTER_ZONE, HL7_SEGMENT})


MASKERS: tuple[str, ...] = masker_names()
