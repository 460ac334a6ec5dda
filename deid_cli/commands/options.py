"""Options shared by the pipeline commands (``deid run``, ``review``, ``audit``, ``eval``).

Each option that several commands take is declared once here, with its name, help text and
type, so the commands cannot drift apart; each command still sets its own defaults in its
signature. ``load_lexicon_or_exit`` and ``exit_on_usage_error`` give every command the same
usage-error exit (status 2, ``error: <reason>`` on stderr) for an unusable dictionary,
corrections or settings file and for bad inputs.

Every command's ``--help`` imports this module, so it imports only what the declarations need;
the lexicon's loading (and with it the detection code) is imported when a command loads it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from deid_cli.corpus.atomic import PRIVATE_FILE_MODE, OutputError
from deid_cli.corpus.records import InputError, UsageError
from deid_cli.detection.spans import DEFAULT_TYPES, EXTRA_TYPES
from deid_cli.runtime.config import AgeMode, VoteMode
from deid_cli.runtime.messages import complain
from deid_cli.runtime.user_files import ConfigError

if TYPE_CHECKING:
    from deid_cli.corpus.corpus_file import CorpusFile
    from deid_cli.detection.lexicon.lexicon import Lexicon
    from deid_cli.detection.lexicon.loading import DictionaryOptions

EXIT_OK, EXIT_INPUT, EXIT_USAGE = 0, 1, 2
EXIT_INTERNAL = 70  # EX_SOFTWARE: an unexpected exception, i.e. a bug (see crash.py)
EXIT_LOCKED = 75  # EX_TEMPFAIL: another run is writing to the same destination (run_lock.py)


class OnError(StrEnum):
    """What a command does with a bad record (--on-error)."""

    fail = "fail"
    skip = "skip"


# ------------------------------------------------------------------------------- the corpus

InputPaths = Annotated[
    list[Path],
    typer.Argument(metavar="INPUT", help="JSONL/CSV files or directories; together one corpus."),
]
TextFields = Annotated[
    list[str] | None,
    typer.Option(
        "--text-field", help="Field holding note text (repeatable). Default: text.", metavar="FIELD"
    ),
]
IdField = Annotated[
    str, typer.Option("--id-field", help="Record id field; absent ids become file:line.", metavar="FIELD")
]
Delimiter = Annotated[
    str | None,
    typer.Option("--delimiter", help="CSV delimiter: ',', ';' or 'tab' (default: detected).", metavar="CHAR"),
]
OnErrorOption = Annotated[
    OnError,
    typer.Option(
        "--on-error",
        help="fail: stop, write nothing. skip: leave bad records out, report them.",
        metavar="fail|skip",
    ),
]

# ------------------------------------------------------------------------------ the pipeline

MaskTypes = Annotated[
    str,
    typer.Option(
        "--types",
        help=f"What to mask: 'default' ({' '.join(DEFAULT_TYPES)}), 'all' (adds {' '.join(EXTRA_TYPES)}) "
        "or a comma list such as PAT,HCP,PER.",
        metavar="TYPES",
    ),
]
Vote = Annotated[
    VoteMode,
    typer.Option(
        "--vote",
        help="first: first masker wins (paper). all: every masker votes for the type.",
        metavar="first|all",
    ),
]
Ages = Annotated[
    AgeMode,
    typer.Option("--ages", help="With AGE selected: over89 (Safe Harbor) or all.", metavar="over89|all"),
]
Learn = Annotated[
    bool,
    typer.Option(
        "--learn/--no-learn", help="Learn names proven by context (pass 1) and mask them corpus-wide."
    ),
]

# -------------------------------------------------------------------------- the dictionaries


def _dictionary_option(name: str, what: str) -> typer.models.OptionInfo:
    """A repeatable dictionary file option: JSON (list, or {"names": [...]}), TXT or CSV."""
    return typer.Option(
        name,
        exists=True,
        dir_okay=False,
        readable=True,
        metavar="FILE",
        help=f"{what} (JSON, TXT or CSV; repeatable). Default: none.",
    )


PatientFiles = Annotated[list[Path] | None, _dictionary_option("--patients", "Patient names, typed PAT")]
HcpFiles = Annotated[list[Path] | None, _dictionary_option("--hcps", "Staff names, typed HCP")]
PersonFiles = Annotated[list[Path] | None, _dictionary_option("--persons", "Other names, typed PER")]
SiteFiles = Annotated[list[Path] | None, _dictionary_option("--sites", "Medical site names, typed SIT")]
KeepFiles = Annotated[list[Path] | None, _dictionary_option("--keep", "Words never masked")]
CorrectionFiles = Annotated[
    list[Path] | None,
    typer.Option(
        "--corrections",
        exists=True,
        dir_okay=False,
        readable=True,
        metavar="FILE",
        help="Corrections (TOML or JSON: mask = [{text, type}], keep = [...], e.g. exported by deid "
        "review; repeatable). Default: none.",
    ),
]
DictDirs = Annotated[
    list[Path] | None,
    typer.Option(
        "--dict-dir",
        help="Extra dictionary directory (e.g. from deid scrape-dicts); repeatable. Default: none.",
        metavar="DIR",
    ),
]
ConfigFile = Annotated[
    Path | None,
    typer.Option("--config", help="Settings file (default: ./deid.toml if present).", metavar="FILE"),
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
    from deid_cli.detection.lexicon.loading import DictionaryOptions

    return DictionaryOptions(
        patients=patients or [],
        hcps=hcps or [],
        persons=persons or [],
        sites=sites or [],
        keep=keep or [],
        corrections=corrections or [],
    )


@contextmanager
def exit_on_input_errors(nothing_written: str = "no output written") -> Iterator[None]:
    """One mapping from a fault in the inputs or outputs to a message and an exit status, for
    every command alike: a usage fault (a missing input, no input files, a bad option value)
    exits 2; a fault in an input's content (file:line and reason, never content) or an output
    that cannot be written exits 1."""
    try:
        yield
    except (UsageError, ConfigError) as exc:
        complain("error", exc)
        raise typer.Exit(EXIT_USAGE) from None
    except InputError as exc:
        complain("input error", f"{exc}; {nothing_written}")
        raise typer.Exit(EXIT_INPUT) from None
    except OutputError as exc:
        complain("output error", f"cannot write {exc.destination}: {exc.strerror}; previous output kept")
        raise typer.Exit(EXIT_INPUT) from None
    except OSError as exc:  # not from writing (those are OutputError): reading an input
        where = f"cannot read {exc.filename}: " if exc.filename else ""
        complain("input error", f"{where}{exc.strerror or type(exc).__name__}; {nothing_written}")
        raise typer.Exit(EXIT_INPUT) from None


def warn_about_inputs(
    without_records: Iterable[object], missing_text_fields: Mapping[str, Sequence[str]]
) -> None:
    """Warnings (the run goes on, exit 0): an input without records is an empty corpus; a CSV
    header that lacks some of the text fields leaves its records with the fields it has."""
    for path in without_records:
        complain("warning", f"{path}: no records")
    for path, fields in missing_text_fields.items():
        names = " or ".join(repr(name) for name in fields)
        complain("warning", f"{path}: no column {names} in header; its records keep the other text fields")


def warn_about_files(files: Iterable[CorpusFile]) -> None:
    """``warn_about_inputs`` for commands that read the files themselves (review, audit)."""
    files = list(files)
    warn_about_inputs(
        [f.path for f in files if not f.has_records()],
        {str(f.path): f.missing_text_fields for f in files if f.missing_text_fields},
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
    from deid_cli.detection.lexicon.loading import load_lexicon

    with exit_on_usage_error():
        return load_lexicon(dictionaries, config, dict_dirs, cache)
