"""The ``deid review`` command: a self-contained HTML page for manual quality review.

Registered in ``deid_cli/cli.py`` (``COMMANDS``) as ``review`` with ``REVIEW_EPILOG``.
Sampling and the page model are in ``review.py``, the HTML in ``review_page.py``. The page holds
original note text by design: it is written atomically with mode 0600 and says so at the top.
Exit statuses: 0 ok, 1 bad input (file:line and reason on stderr, never content), 2 usage error.
"""

from __future__ import annotations

import secrets
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.markup import escape

from deid_cli.commands.options import (
    Ages,
    Cache,
    ConfigFile,
    CorrectionFiles,
    Delimiter,
    DictDirs,
    FileMode,
    HcpFiles,
    IdField,
    InputPaths,
    KeepFiles,
    Learn,
    MaskTypes,
    OnError,
    OnErrorOption,
    PatientFiles,
    PersonFiles,
    Quiet,
    SiteFiles,
    TextFields,
    Vote,
    dictionary_files,
    exit_on_input_errors,
    load_lexicon_or_exit,
    warn_about_files,
)
from deid_cli.corpus.atomic import PRIVATE_FILE_MODE, AtomicOutputs
from deid_cli.corpus.discovery import discover_inputs
from deid_cli.corpus.records import UsageError
from deid_cli.reports.evaluation import parse_types
from deid_cli.reports.review_sample import DEFAULT_SAMPLE
from deid_cli.runtime.config import AgeMode, VoteMode
from deid_cli.runtime.console import ProgressReporter
from deid_cli.runtime.messages import complain

if TYPE_CHECKING:
    from deid_cli.detection.detector import Detector
    from deid_cli.detection.lexicon.lexicon import Lexicon
    from deid_cli.reports.review import ReviewCorpus, ReviewPage

REVIEW_EPILOG = """
[b]Examples[/b]

  deid review examples/notes.jsonl -o review.html

  deid review exports/ -o review.html --sample 50 --seed 7 --types all

  deid review notes.csv -o review.html --text-field befund --corrections deid-corrections.json

[b]Review loop[/b]: mark wrong spans and missed PHI, press [b]Export corrections[/b], then run

  deid run notes.jsonl -o masked.jsonl --corrections deid-corrections.json

  deid review notes.jsonl -o review.html --risk --group-field patient_id

[b]Sampling[/b]: strata of pseudonymizations per note (0, 1, 2-3, 4-6, 7+), proportional allocation.

Every non-empty stratum gets at least one note; --seed S draws the same sample again.

[b]The page contains original patient data[/b]: written with mode 0600. Do not share it.

[b]Outputs[/b]: '-' is standard output; a device or FIFO (/dev/null, a named pipe) is
written as a stream, without the atomic replace; a symlink's target is replaced, the link kept.

[b]Exit statuses[/b]: 0 ok, 1 input error (file:line and reason, never content), 2 usage error.
"""


def _check_output(output: Path, inputs: list[Path]) -> None:
    if output.is_dir():
        raise UsageError(f"-o must name a file, not a directory: {output}")
    if output.resolve() in {p.resolve() for p in inputs}:
        raise UsageError(f"-o {output} would overwrite an input file")


def write_page(page: ReviewPage, output: Path, mode: int = PRIVATE_FILE_MODE) -> None:
    """Write the page atomically; the temp file, and so the page, is created with mode 0600
    (or ``--mode``)."""
    from deid_cli.reports.review_page import render_page

    with AtomicOutputs(mode) as outputs:
        outputs.open(output).write(render_page(page).encode("utf-8"))
        outputs.commit()


# ------------------------------------------------------------------------- options of review only

ReviewOutput = Annotated[
    Path,
    typer.Option(
        "-o",
        "--output",
        help="The HTML page to write (mode 0600 unless --mode); '-': standard output.",
        metavar="FILE",
    ),
]
Sample = Annotated[
    int,
    typer.Option("--sample", min=1, help="Notes to show; all notes if the corpus has fewer.", metavar="N"),
]
SampleSeed = Annotated[
    int | None,
    typer.Option(
        "--seed", help="Draw this sample again (default: a new seed, shown on the page).", metavar="N"
    ),
]
Risk = Annotated[
    bool,
    typer.Option(
        "--risk", help="Rate each note's re-identification risk; show the riskiest sampled notes first."
    ),
]
RiskGroupField = Annotated[
    str | None,
    typer.Option(
        "--group-field",
        help="With --risk: field naming the patient (e.g. patient_id). Default: each record its own.",
        metavar="FIELD",
    ),
]


def review_command(
    inputs: InputPaths,
    output: ReviewOutput,
    sample: Sample = DEFAULT_SAMPLE,
    seed: SampleSeed = None,
    text_field: TextFields = None,
    id_field: IdField = "id",
    delimiter: Delimiter = None,
    on_error: OnErrorOption = OnError.fail,
    types: MaskTypes = "default",
    ages: Ages = AgeMode.over89,
    vote: Vote = VoteMode.first,
    learn: Learn = True,
    patients: PatientFiles = None,
    hcps: HcpFiles = None,
    persons: PersonFiles = None,
    sites: SiteFiles = None,
    keep: KeepFiles = None,
    corrections: CorrectionFiles = None,
    dict_dir: DictDirs = None,
    config: ConfigFile = None,
    cache: Cache = None,
    risk: Risk = False,
    group_field: RiskGroupField = None,
    quiet: Quiet = False,
    mode: FileMode = PRIVATE_FILE_MODE,
) -> None:
    """Write an HTML page for manual quality review: a stratified sample of notes, original and
    pseudonymized side by side, every span coloured by type with its masker on hover.

    The pipeline runs as [b]deid run[/b] does, with the same dictionary, type and learning
    options. Reviewers mark wrongly masked spans and missed PHI on the page and export those
    marks as a corrections file for [b]deid run --corrections[/b]. The page loads nothing from
    the network. See docs/reports.md, section "deid review".
    """
    from deid_cli.detection.detector import Detector

    selected = _selected_types(types)
    corpus = _review_corpus(
        inputs, output, text_field or ["text"], id_field, delimiter, on_error, group_field
    )
    lexicon = load_lexicon_or_exit(
        dictionary_files(patients, hcps, persons, sites, keep, corrections), config, dict_dir, cache
    )
    detector = Detector(lexicon, vote=vote.value, types=selected, ages=ages.value)
    err = Console(stderr=True, highlight=False)
    reporter = ProgressReporter(err, enabled=not quiet and sys.stderr.isatty())
    seed = secrets.randbelow(2**31) if seed is None else seed
    page = _collect_page(
        corpus, detector, reporter, sample, seed, learn, lexicon if risk else None, group_field
    )
    _write_page_or_exit(page, output, mode)
    if not quiet:
        _print_summary(err, page, output, seed)


def _selected_types(types: str) -> set[str]:
    """The entity types --types names; a bad list is a usage error on --types."""
    try:
        return set(parse_types(types))
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--types") from None


def _review_corpus(
    inputs: list[Path],
    output: Path,
    text_fields: list[str],
    id_field: str,
    delimiter: str | None,
    on_error: OnError,
    group_field: str | None,
) -> ReviewCorpus:
    """The input files as one corpus (reading --group-field too); a bad input or -o exits with
    its status; empty and partial inputs are warned about."""
    from deid_cli.corpus.corpus_file import CorpusFile
    from deid_cli.reports.review import ReviewCorpus

    with exit_on_input_errors():
        files = discover_inputs(list(inputs))
        _check_output(output, files)
        corpus_files = [
            CorpusFile(p, text_fields, id_field, delimiter, [group_field] * bool(group_field)) for p in files
        ]
        warn_about_files(corpus_files)
    return ReviewCorpus(
        corpus_files,
        on_error.value,
        lambda item: complain("skipped", f"{item.path}:{item.line}: {item.reason}"),
    )


def _collect_page(
    corpus: ReviewCorpus,
    detector: Detector,
    reporter: ProgressReporter,
    sample: int,
    seed: int,
    learn: bool,
    risk_lexicon: Lexicon | None,
    group_field: str | None,
) -> ReviewPage:
    """The page model, with a progress bar; an input that cannot be read exits with 1."""
    from deid_cli.reports.review import collect_review
    from deid_cli.reports.risk import CorpusRisk, group_key

    with exit_on_input_errors(), reporter:
        return collect_review(
            corpus,
            detector,
            sample_size=sample,
            seed=seed,
            learn=learn,
            progress=reporter.update,
            risk=CorpusRisk(risk_lexicon) if risk_lexicon is not None else None,
            group_of=lambda record: group_key(record, group_field),
        )


def _write_page_or_exit(page: ReviewPage, output: Path, mode: int) -> None:
    """Write the page; a destination that cannot be written exits with 1."""
    with exit_on_input_errors():
        write_page(page, output, mode)


def _print_summary(err: Console, page: ReviewPage, output: Path, seed: int) -> None:
    """One line on stderr: the page, the sample per stratum, the seed and the PHI warning."""
    strata = ", ".join(f"{row.label}: {row.sampled}/{row.in_corpus}" for row in page.strata)
    err.print(
        f"[b]deid review[/b]: {escape(str(output))}: {len(page.notes)} of {page.notes_in_corpus} notes "
        f"(seed {seed}; sampled/notes per stratum {strata}). "
        "[b red]Contains original patient data — do not share.[/b red]"
    )


__all__ = ["REVIEW_EPILOG", "review_command", "write_page"]
