"""Options shared by the pipeline commands (``deid run``, ``review``, ``audit``, ``eval``).

Each option that several commands take is declared once here, with its name, help text and
type, so the commands cannot drift apart; each command still sets its own defaults in its
signature. ``load_lexicon_or_exit`` and ``exit_on_usage_error`` give every command the same
usage-error exit (status 2, ``error: <reason>`` on stderr) for an unusable dictionary,
corrections or settings file and for bad inputs.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from .config import AgeMode, VoteMode
from .corpus import UsageError
from .lexicon import ConfigError, Lexicon
from .pipeline import DictionaryOptions, load_lexicon
from .report import complain
from .spans import DEFAULT_TYPES, EXTRA_TYPES

EXIT_OK, EXIT_INPUT, EXIT_USAGE = 0, 1, 2


class OnError(StrEnum):
    """What a command does with a bad record (--on-error)."""

    fail = "fail"
    skip = "skip"


# ------------------------------------------------------------------------------- the corpus

InputPaths = Annotated[
    list[Path], typer.Argument(help="JSONL/CSV files or directories; together one corpus.")
]
TextFields = Annotated[
    list[str] | None,
    typer.Option("--text-field", help="Field holding note text (repeatable). Default: text."),
]
IdField = Annotated[str, typer.Option("--id-field", help="Record id field; absent ids become file:line.")]
Delimiter = Annotated[
    str | None, typer.Option("--delimiter", help="CSV delimiter: ',', ';' or 'tab' (default: detected).")
]
OnErrorOption = Annotated[
    OnError,
    typer.Option("--on-error", help="fail: stop, write nothing. skip: leave bad records out, report them."),
]

# ------------------------------------------------------------------------------ the pipeline

MaskTypes = Annotated[
    str,
    typer.Option(
        "--types",
        help=f"What to mask: 'default' ({' '.join(DEFAULT_TYPES)}), 'all' (adds {' '.join(EXTRA_TYPES)}) "
        "or a comma list such as PAT,HCP,PER.",
    ),
]
Vote = Annotated[
    VoteMode,
    typer.Option("--vote", help="first: first masker wins (paper). all: every masker votes for the type."),
]
Ages = Annotated[AgeMode, typer.Option("--ages", help="With AGE selected: over89 (Safe Harbor) or all.")]
Learn = Annotated[
    bool,
    typer.Option(
        "--learn/--no-learn", help="Learn names proven by context (pass 1) and mask them corpus-wide."
    ),
]

# -------------------------------------------------------------------------- the dictionaries

# The option name comes from the parameter name: --patients, --hcps, --persons, --sites, --keep,
# --corrections (each repeatable).
DictionaryFiles = Annotated[list[Path] | None, typer.Option(exists=True, dir_okay=False, readable=True)]
DictDirs = Annotated[
    list[Path] | None,
    typer.Option("--dict-dir", help="Extra dictionary directory (e.g. from deid scrape-dicts); repeatable."),
]
ConfigFile = Annotated[
    Path | None, typer.Option("--config", help="Settings file (default: ./deid.toml if present).")
]
Cache = Annotated[
    bool | None,
    typer.Option("--cache/--no-cache", help="Cache compiled public dictionaries (default on)."),
]

# ------------------------------------------------------------------------------------ output

Quiet = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar, no summary.")]


def dictionary_files(
    patients: list[Path] | None,
    hcps: list[Path] | None,
    persons: list[Path] | None,
    sites: list[Path] | None,
    keep: list[Path] | None,
    corrections: list[Path] | None,
) -> DictionaryOptions:
    """The dictionary options as Typer hands them over (None when not given), in option order."""
    return DictionaryOptions(
        patients=patients or [],
        hcps=hcps or [],
        persons=persons or [],
        sites=sites or [],
        keep=keep or [],
        corrections=corrections or [],
    )


@contextmanager
def exit_on_usage_error() -> Iterator[None]:
    """Turn a bad input or an unusable user file into ``error: <reason>`` and exit status 2."""
    try:
        yield
    except (UsageError, ConfigError) as exc:
        complain("error", exc)
        raise typer.Exit(EXIT_USAGE) from None


def load_lexicon_or_exit(
    dictionaries: DictionaryOptions, config: Path | None, dict_dirs: list[Path] | None, cache: bool | None
) -> Lexicon:
    """The lexicon as every command builds it; an unusable file is a usage error (status 2)."""
    with exit_on_usage_error():
        return load_lexicon(dictionaries, config, dict_dirs, cache)
