"""Spelling-variant folding shared by dictionaries, matching and pseudonym keys.

German writes umlauts and ß two ways (Müller/Mueller, Strauß/Strauss). Folding maps both
spellings to one key; ``spelling_variants`` expands a dictionary entry to the forms text may
use, so the text itself is never rewritten during matching.
"""

from __future__ import annotations

import re

_FOLD = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "ẞ": "ss"})
_UNFOLD = (("ae", "ä"), ("oe", "ö"), ("ue", "ü"))
_EDGE_PUNCT = re.compile(r"^[\W_]+|[\W_]+$")
_FOLDED_PAIR = re.compile("ae|oe|ue|ss")


def fold(text: str) -> str:
    """Case-fold and replace ä/ö/ü/ß by ae/oe/ue/ss: the identity key of a reference."""
    if text.isascii():  # nothing to fold; str.translate is the slow part of this function
        return text.lower()
    return text.lower().translate(_FOLD)


def reference_key(text: str) -> str:
    """Normalized reference for pseudonym codes: folded, surrounding punctuation stripped,
    inner whitespace collapsed."""
    return " ".join(_EDGE_PUNCT.sub("", fold(text)).split())


def spelling_variants(entry: str) -> set[str]:
    """Lower-case forms of ``entry`` that text may contain: as written, folded, and with
    ae/oe/ue/ss turned back into umlauts/ß (both directions of the folding)."""
    low = entry.lower()
    if low.isascii() and not _FOLDED_PAIR.search(low):
        return {low}  # the common case: no umlaut or ß in either spelling
    folded = fold(low)
    variants = {low, folded}
    unfolded = folded
    for pair, umlaut in _UNFOLD:
        unfolded = unfolded.replace(pair, umlaut)
    variants.add(unfolded)
    if "ss" in folded:
        variants.add(folded.replace("ss", "ß"))
        variants.add(unfolded.replace("ss", "ß"))
    return variants


def within_one_edit(a: str, b: str) -> bool:
    """Optimal-string-alignment distance at most 1: equal, or one substitution, insertion,
    deletion or swap of two neighbours ("Hubr", "Hbuer" for "Huber"). Only called on the few
    candidates a deletion index finds, so plain Python serves."""
    if a == b:
        return True
    if len(a) == len(b):
        diffs = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diffs) == 1:
            return True
        first, *rest = diffs
        return rest == [first + 1] and a[first] == b[first + 1] and a[first + 1] == b[first]
    if abs(len(a) - len(b)) != 1:
        return False
    shorter, longer = (a, b) if len(a) < len(b) else (b, a)
    i = 0
    while i < len(shorter) and shorter[i] == longer[i]:
        i += 1
    return shorter[i:] == longer[i + 1 :]
