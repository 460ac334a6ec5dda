"""Entity typing for name tokens (the paper's Table 4).

Evidence comes from two places: list membership (patient list, HCP list, general lists) and
the salutation that introduced the name. The HCP and patient lists outrank the general list;
a name on both is a general person (PER) unless the salutation settles it: a clinical title
(Dr., Prof., OA, Prim., DGKP, Mag.) makes an HCP, Frau/Herr with a name from the patient list
a patient. A note's sign-off ("LG Anna") names its author, and its greeting ("Hallo Anna",
"Sehr geehrte Frau X") its reader: both health-care professionals, since notes and letters
are written to colleagues.

One deliberate departure from the paper: a bare Frau/Herr (no title, no relative noun such
as "Tochter", which outranks it) makes a patient, not a general person. In clinical notes
and letters the person addressed by Frau/Herr is the patient far more often than anyone
else: relatives come with their role and professionals with their title.
"""

from __future__ import annotations

from collections.abc import Iterable

from deid_cli.detection.lexicon.lexicon import HCP_LIST, PATIENT
from deid_cli.detection.spans import HCP, PAT, PER

_LIST_BITS = PATIENT | HCP_LIST  # the only membership bits typing reads
_ONE_HINT: dict[tuple[str, int], str] = {}


def type_of_hint(hint: str, bits: int) -> str:
    """``type_name`` of a single hint (a token's first vote), worked out once per hint and list
    membership: a run has a few dozen such pairs."""
    key = (hint, bits & _LIST_BITS)
    found = _ONE_HINT.get(key)
    if found is None:
        found = _ONE_HINT[key] = type_name([hint], bits & _LIST_BITS)
    return found


def type_name(hints: Iterable[str], bits: int) -> str:
    """Entity type of a name mention from its salutation hints and list-membership bits.

    Hints are read in sorted order, so that conflicting ones ("learned:PAT" and "learned:PER"
    for one mention under ``--vote all``) give the same type in every process."""
    hints = sorted(set(hints))
    for hint in hints:
        if hint.startswith("known:"):  # the record's own patient/author column
            return hint.split(":", 1)[1]
    if "hcp" in hints:
        return HCP
    if "patient" in hints:
        return PAT
    on_patient_list = bool(bits & PATIENT)
    on_hcp_list = bool(bits & HCP_LIST)
    if on_patient_list and on_hcp_list:
        return PAT if "personal" in hints else PER
    if on_hcp_list:
        return HCP
    if on_patient_list:
        return PAT
    for hint in hints:
        if hint.startswith("learned:"):
            return hint.split(":", 1)[1]
    if "personal" in hints:
        return PAT
    if "signoff" in hints or "address" in hints:
        return HCP
    return PER
