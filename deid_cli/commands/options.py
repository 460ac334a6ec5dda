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

from deid_cli.corpus.atomic import PRIVATE_FILE_MODE
from deid_cli.corpus.records import UsageError
from deid_cli.detection.lexicon.lexicon import Lexicon
from deid_cli.detection.lexicon.loading import DictionaryOptions, load_lexicon
from deid_cli.detection.spans import DEFAULT_TYPES, EXTRA_TYPES
from deid_cli.runtime.config import AgeMode, VoteMode
from deid_cli.runtime.messages import complain
from deid_cli.runtime.user_files import ConfigError

EXIT_OK, EXIT_INPUT, EXIT_USAGE = 0, 1, 2
EXIT_INTERNAL = 70  # EX_SOFTWARE: an unexpected exception, i.e. a bug (see crash.py)
EXIT_LOCKED = 75  # EX_TEMPFAIL: another run is writing to the same destination (run_lock.py)


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


def parse_mode(value: str | int) -> int:
    """``--mode``: permissions of the files a command writes, as octal (640, 0640 or 0o640).

    The owner must keep read and write; set-id and sticky bits are refused. Directories that
    deid creates for its outputs get the matching search (x) bits (see ``directory_mode``).
    Typer hands the default over as the int it is, a command-line value as text."""
    if isinstance(value, int):
        mode = value
    else:
        try:
            mode = int(value.strip().lower().removeprefix("0o"), 8)
        except ValueError:
            raise typer.BadParameter(f"{value!r} is not an octal mode such as 600 or 640") from None
    if not 0 <= mode <= 0o777:
        raise typer.BadParameter(f"{value!r}: only permission bits (at most 777), no set-id or sticky bits")
    if mode & PRIVATE_FILE_MODE != PRIVATE_FILE_MODE:
        raise typer.BadParameter(f"{value!r}: the owner must keep read and write (6xx or 7xx)")
    return mode


FileMode = Annotated[
    int,
    typer.Option(
        "--mode",
        parser=parse_mode,
        metavar="OCTAL",
        show_default=False,
        help="Permissions of the files written (octal, e.g. 640); directories created for them get "
        "the matching x bits (750). Default 600 (directories 700): outputs may hold patient data.",
    ),
]


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
