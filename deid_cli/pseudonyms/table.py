"""Corpus-wide pseudonyms: ``[PAT-7KQ2XM]``, held in memory only.

The code is keyed by the normalized reference alone, never by its type: "Frau Maier"
(``[PAT-7KQ2XM]``) and a bare "Maier" typed as a general person (``[PER-7KQ2XM]``) stay
linkable. Each run draws new codes; the linkage table is never serialized (``--seed`` makes
codes reproducible, for tests only).
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Callable, Sequence

from deid_cli.detection.normalize import reference_key
from deid_cli.detection.spans import ALPHABET, CODE_LENGTH, PHO, Span

# No 0/O, 1/I/L: codes are read aloud and copied by hand.
_NON_DIGIT = re.compile(r"\D")
_TRUNK_ZERO = re.compile(r"\(\s*0\s*\)")
# The countries whose numbers the notes hold (AT, DE, CH, LI): a number written with one of
# them is the same as the national form with its trunk zero.
_COUNTRY_CODE = re.compile(r"00(?:43|49|41|423)")
_CODES = len(ALPHABET) ** CODE_LENGTH


def normalized_reference(text: str, entity_type: str) -> str:
    """The identity of a reference: a phone number by its national digits, so that every way
    of writing it links ("+43 664 7712345" = "0043 664 7712345" = "0664/7712345"); the rest
    folded."""
    if entity_type == PHO:
        digits = _NON_DIGIT.sub("", _TRUNK_ZERO.sub("", text))
        if text.lstrip().startswith("+"):
            digits = "00" + digits
        country = _COUNTRY_CODE.match(digits)
        if country is not None:
            return digits[country.end() :]
        return digits[1:] if digits.startswith("0") and not digits.startswith("00") else digits
    return reference_key(text)


class Pseudonymizer:
    """The in-memory linkage table: normalized reference -> code, collision-free."""

    def __init__(self, seed: int | None = None) -> None:
        self._random: random.Random = random.Random(seed) if seed is not None else secrets.SystemRandom()
        self._seeded = seed is not None
        self._codes: dict[str, str] = {}
        self._used: set[str] = set()
        # (text as written, type) -> (code, normalized reference): a reference mostly recurs in
        # the same spelling, and normalizing it costs ten times the lookup.
        self._written: dict[tuple[str, str], tuple[str, str]] = {}

    def code(self, reference: str) -> str:
        """The code of a normalized reference; drawn at first sight, stable for the run."""
        code = self._codes.get(reference)
        if code is None:
            while True:
                code = self._draw()
                if code not in self._used:
                    break
            self._used.add(code)
            self._codes[reference] = code
        return code

    def _draw(self) -> str:
        """A code uniform over all codes. Seeded, one choice per character (the sequence --seed
        has always given); otherwise one number from the system's CSPRNG written in the
        alphabet's digits: the same distribution, with one system call instead of six."""
        if self._seeded:
            choice = self._random.choice
            return "".join([choice(ALPHABET) for _ in range(CODE_LENGTH)])
        number = self._random.randrange(_CODES)
        digits = []
        for _ in range(CODE_LENGTH):
            number, digit = divmod(number, len(ALPHABET))
            digits.append(ALPHABET[digit])
        return "".join(digits)

    def code_of_written(self, original: str, entity_type: str) -> tuple[str, str]:
        """The code and normalized reference of a span's text as written (of this type)."""
        key = (original, entity_type)
        known = self._written.get(key)
        if known is None:
            reference = normalized_reference(original, entity_type)
            code = self.code(reference)
            known = self._written[key] = (code, reference)
        return known

    def tag(self, text: str, entity_type: str) -> str:
        """The tag a text of this type gets in this run."""
        return tag(text, entity_type, self.code(normalized_reference(text, entity_type)), "")

    def __len__(self) -> int:
        return len(self._codes)

    def __reduce__(self) -> None:  # pragma: no cover - a guard, not a feature
        raise TypeError("the linkage table is never serialized")


Replacer = Callable[[str, str, str, str], str]  # (original, type, code, reference) -> text


def tag(original: str, entity_type: str, code: str, reference: str) -> str:
    """The default replacement: ``[PAT-7KQ2XM]``."""
    return f"[{entity_type}-{code}]"


def pseudonymize(
    text: str, spans: Sequence[Span], pseudonymizer: Pseudonymizer, replace: Replacer = tag
) -> tuple[str, list[str]]:
    """Rewrite ``text`` with every span (sorted, disjoint) replaced, in one sweep; also return
    each span's code (the statistics count distinct references by code). A span's own
    ``reference`` (a misspelling's learned name) decides its code when set."""
    if not spans:
        return text, []
    pieces: list[str] = []
    codes: list[str] = []
    pos = 0
    for span in spans:
        original = text[span.start : span.end]
        if span.reference:
            reference = span.reference
            code = pseudonymizer.code(reference)
        else:
            code, reference = pseudonymizer.code_of_written(original, span.type)
        codes.append(code)
        pieces.append(text[pos : span.start])
        pieces.append(replace(original, span.type, code, reference))
        pos = span.end
    pieces.append(text[pos:])
    return "".join(pieces), codes
