"""Masking strategies: what a detected span is replaced by (Presidio-style operators).

Detection decides *where* PHI is; a strategy decides *what* goes there:

- ``tag`` (default): ``[PAT-7KQ2XM]``, the corpus-wide pseudonym (``pseudonyms.py``);
- ``redact``: ``[PAT]``, the type alone;
- ``surrogate``: a realistic invented value of the same kind (``surrogates.py``).

Whatever the strategy, codes are still drawn from the ``Pseudonymizer``, so statistics count
distinct references the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol, runtime_checkable

from deid_cli.detection.spans import Span
from deid_cli.pseudonyms.surrogates import SurrogateGenerator
from deid_cli.pseudonyms.table import Pseudonymizer, pseudonymize

STRATEGY_NAMES: tuple[str, ...] = ("tag", "redact", "surrogate")
DEFAULT_STRATEGY = "tag"


@runtime_checkable
class Strategy(Protocol):
    """Turns one detected occurrence into its replacement text."""

    name: str

    def replace(self, original: str, entity_type: str, code: str, reference: str) -> str: ...


class TagStrategy:
    """``[PAT-7KQ2XM]``: the type and the reference's corpus-wide code."""

    name = "tag"

    def replace(self, original: str, entity_type: str, code: str, reference: str) -> str:
        return f"[{entity_type}-{code}]"


class RedactStrategy:
    """``[PAT]``: the type alone; references are no longer linkable in the text."""

    name = "redact"

    def replace(self, original: str, entity_type: str, code: str, reference: str) -> str:
        return f"[{entity_type}]"


class SurrogateStrategy:
    """A realistic replacement, the same for the same reference throughout the run."""

    name = "surrogate"

    def __init__(
        self,
        seed: int | None = None,
        dictionary_dir: Path | None = None,
        generator: SurrogateGenerator | None = None,
    ) -> None:
        self.generator = generator if generator is not None else SurrogateGenerator(seed, dictionary_dir)

    def replace(self, original: str, entity_type: str, code: str, reference: str) -> str:
        return self.generator.surrogate(original, entity_type, reference)

    def __reduce__(self) -> None:  # pragma: no cover - a guard, not a feature
        raise TypeError("the surrogate table is never serialized")


def make_strategy(name: str, seed: int | None = None, dictionary_dir: Path | None = None) -> Strategy:
    """The strategy called ``name`` (tag, redact, surrogate; case-insensitive).

    ``seed`` and ``dictionary_dir`` only matter for ``surrogate`` (the bundled lists by default;
    files missing from ``dictionary_dir`` are taken from the bundled lists)."""
    key = name.strip().lower()
    if key == "tag":
        return TagStrategy()
    if key == "redact":
        return RedactStrategy()
    if key == "surrogate":
        return SurrogateStrategy(seed=seed, dictionary_dir=dictionary_dir)
    raise ValueError(f"unknown strategy {name!r} (use one of {', '.join(STRATEGY_NAMES)})")


def apply(
    text: str, spans: Sequence[Span], pseudonymizer: Pseudonymizer, strategy: Strategy
) -> tuple[str, list[str]]:
    """``pseudonyms.pseudonymize`` with ``strategy`` choosing each replacement; codes are
    drawn for every strategy, so the statistics count distinct references the same way."""
    return pseudonymize(text, spans, pseudonymizer, strategy.replace)
