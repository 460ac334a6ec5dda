"""The ``deid run`` command: pseudonymize a corpus with corpus-wide consistent pseudonyms.

The options are turned once into the engine's ``RunOptions`` and a ``Detector``; what follows
(locking the destinations, choosing the engine, mapping every failure to its exit status) is
one named step each.

Start-up: ``--help`` and the building of the app need only the options declared here, so the
engine, the detector and rich are imported by the steps that use them, and a run that shows
neither progress nor summary (``--quiet``) never imports rich.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Annotated

import typer

from deid_cli.commands.options import (
    EXIT_LOCKED,
    EXIT_USAGE,
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
    warn_about_inputs,
)
from deid_cli.corpus.atomic import PRIVATE_FILE_MODE, directory_mode
from deid_cli.corpus.records import MAX_NOTE_CHARS, Rejected
from deid_cli.detection.spans import DAT
from deid_cli.runtime.config import AgeMode, VoteMode
from deid_cli.runtime.messages import complain

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from deid_cli.corpus.locking import TakenLock
    from deid_cli.detection.detector import Detector
    from deid_cli.detection.lexicon.lexicon import Lexicon
    from deid_cli.engine.dask import DaskEngine
    from deid_cli.engine.local import LocalEngine, Progress, RunOptions
    from deid_cli.reports.run_stats import RunStats
    from deid_cli.runtime.console import ProgressReporter


class StrategyName(StrEnum):
    tag = "tag"
    redact = "redact"
    surrogate = "surrogate"


class EngineName(StrEnum):
    local = "local"
    dask = "dask"


class DateMode(StrEnum):
    mask = "mask"
    shift = "shift"
    year = "year"
    keep = "keep"


RUN_EPILOG = """
[b]Examples[/b]

  deid run examples/notes.jsonl -o masked.jsonl --stats stats.json

  deid run exports/ -o masked/ --text-field befund --text-field anamnese --on-error skip

  deid run notes.csv -o out.csv --patients patients.txt --hcps staff.csv --corrections fixes.toml

  deid run notes.jsonl -o /dev/null --stats stats.json     (a trial run: statistics only)

  deid run notes.jsonl -o - --types all | gzip > masked.jsonl.gz

[b]Outputs[/b]: '-' is standard output; a device or FIFO (/dev/null, a named pipe) is
written as a stream, without the atomic replace; a symlink's target is replaced, the link kept.

[b]Exit statuses[/b]: 0 ok; 1 input or output error (file:line and reason, an input that changed
during the run, or the output that cannot be written, e.g. disk full, on stderr); 2 usage error;
70 internal error (a bug); 75 another deid run is writing to the same destination (lock file
.NAME.deid-lock beside it; try again later); 130 stopped by Ctrl-C (SIGINT), 143 by SIGTERM.
Output files appear only when the whole run succeeded: after any other status the previous
outputs are as they were, and the next run removes any temp file a killed run left.
"""

# ----------------------------------------------------------------------- options of run only

Output = Annotated[
    Path,
    typer.Option(
        "-o",
        "--output",
        help="Output file (one input file) or directory (several / a directory); '-': standard output. "
        "A device or FIFO (/dev/null, a named pipe) is written as a stream, without the atomic replace.",
        metavar="FILE|DIR",
    ),
]
StatsPath = Annotated[
    Path | None,
    typer.Option(
        "--stats", help="Write run statistics (JSON, counts only) here. Default: none.", metavar="FILE"
    ),
]
SpansPath = Annotated[
    Path | None,
    typer.Option(
        "--spans",
        help="Write detected spans per record (JSONL, offsets only) here. Default: none.",
        metavar="FILE",
    ),
]
Strategy = Annotated[
    StrategyName,
    typer.Option(
        "--strategy",
        help="tag: [PAT-7KQ2XM] (corpus-wide codes); redact: [PAT]; surrogate: realistic replacements.",
        metavar="tag|redact|surrogate",
    ),
]
Dates = Annotated[
    DateMode,
    typer.Option(
        "--dates",
        help="With DAT selected: mask, shift (per --group-field), year, or keep.",
        metavar="mask|shift|year|keep",
    ),
]
GroupField = Annotated[
    str | None,
    typer.Option(
        "--group-field",
        help="Field whose records share one date shift (e.g. patient_id). Default: each record its own.",
        metavar="FIELD",
    ),
]
KnownFields = Annotated[
    list[str] | None,
    typer.Option(
        "--known-field",
        help="Column holding the patient's name(s); masked in its record (repeatable). Default: none.",
        metavar="FIELD",
    ),
]
KnownHcpFields = Annotated[
    list[str] | None,
    typer.Option(
        "--known-hcp-field",
        help="Column holding the author's/HCP's name; typed HCP (repeatable). Default: none.",
        metavar="FIELD",
    ),
]
DropFields = Annotated[
    list[str] | None,
    typer.Option(
        "--drop-field", help="Field removed from the output (repeatable). Default: none.", metavar="FIELD"
    ),
]
Seed = Annotated[
    int | None,
    typer.Option(
        "--seed",
        help="FOR TESTS ONLY: reproducible pseudonym codes. Default: new random codes every run.",
        metavar="N",
    ),
]
Workers = Annotated[
    int | None,
    typer.Option(
        "--workers",
        min=1,
        help="Processes that detect in parallel (default: all cores). 1: everything in this process. "
        "The output is the same for any number.",
        show_default=False,
        metavar="N",
    ),
]
MaxNoteChars = Annotated[
    int,
    typer.Option(
        "--max-note-chars",
        min=0,
        help="Reject (file:line, counted) a record whose note is longer than this; 0: no limit.",
        metavar="N",
    ),
]
Engine = Annotated[
    EngineName,
    typer.Option(
        "--engine",
        help="local: this machine. dask: a Dask cluster (--scheduler, else a local one of --workers "
        "processes); inputs may then also be fsspec URLs (s3://, gs://, abfs://, file://).",
        metavar="local|dask",
    ),
]
Scheduler = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        help="With --engine dask: the scheduler address, e.g. tcp://host:8786. Default: a local cluster.",
        metavar="URL",
    ),
]
Verbose = Annotated[
    bool, typer.Option("--verbose", "-v", help="Report dictionary loading (cache or build) and timings.")
]


def run(
    inputs: InputPaths,
    output: Output,
    stats: StatsPath = None,
    spans: SpansPath = None,
    text_field: TextFields = None,
    id_field: IdField = "id",
    delimiter: Delimiter = None,
    on_error: OnErrorOption = OnError.fail,
    vote: Vote = VoteMode.first,
    strategy: Strategy = StrategyName.tag,
    types: MaskTypes = "default",
    dates: Dates = DateMode.mask,
    group_field: GroupField = None,
    ages: Ages = AgeMode.over89,
    known_field: KnownFields = None,
    known_hcp_field: KnownHcpFields = None,
    drop_field: DropFields = None,
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
    seed: Seed = None,
    workers: Workers = None,
    max_note_chars: MaxNoteChars = MAX_NOTE_CHARS,
    engine_name: Engine = EngineName.local,
    scheduler: Scheduler = None,
    quiet: Quiet = False,
    verbose: Verbose = False,
    mode: FileMode = PRIVATE_FILE_MODE,
) -> None:
    """Pseudonymize a corpus: every person, site, address, ZIP code, phone, e-mail and URL is
    replaced by a pseudonym such as [PAT-7KQ2XM] that is the same everywhere in the corpus.

    Dictionary files (--patients, --hcps, --persons, --sites, --keep; each repeatable) are JSON
    (list, or {"names": [...]}), TXT (one per line) or CSV (a 'name' column). --corrections takes
    TOML or JSON: mask = [{text = "Schwester Resi", type = "PER"}], keep = ["Rumpf"].
    """
    from deid_cli.engine.local import RunOptions
    from deid_cli.engine.parallel import available_cores

    lexicon = load_lexicon_or_exit(
        dictionary_files(patients, hcps, persons, sites, keep, corrections), config, dict_dir, cache
    )
    options = RunOptions(
        text_fields=text_field or ["text"],
        id_field=id_field,
        delimiter=delimiter,
        on_error=on_error.value,
        vote=vote.value,
        learn=learn,
        seed=seed,
        strategy=strategy.value,
        dates=dates.value,
        group_field=group_field,
        known_fields=known_field or [],
        known_hcp_fields=known_hcp_field or [],
        drop_fields=drop_field or [],
        stats_path=stats,
        spans_path=spans,
        workers=workers or available_cores(),
        max_note_chars=max_note_chars,
        mode=mode,
    )
    if verbose:
        _report_dictionaries(lexicon)
    err = None if quiet else _stderr_console()
    reporter = _progress_reporter(err)
    detector = _detector(lexicon, options, types, dates, ages)
    engine = _engine(engine_name, scheduler, workers, detector, options, reporter.update)
    result = _run_locked(engine, inputs, output, options, reporter, verbose)
    warn_about_inputs(result.inputs_without_records, result.missing_text_fields)
    if err is not None:
        print_summary(err, result.to_dict())


def _stderr_console() -> Console:
    """The rich console of the progress bar and the summary (imported only when they show)."""
    from rich.console import Console

    return Console(stderr=True)


class _NoProgress:
    """The progress display of a run that shows none (--quiet, or stderr not a terminal), without
    rich: what ``ProgressReporter`` does when disabled."""

    def __enter__(self) -> _NoProgress:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        return None

    def update(self, phase: str, done: int, total: int | None) -> None:
        return None


def _progress_reporter(err: Console | None) -> ProgressReporter | _NoProgress:
    """A progress bar on stderr when it is a terminal and the run is not --quiet."""
    if err is None or not sys.stderr.isatty():
        return _NoProgress()
    from deid_cli.runtime.console import ProgressReporter

    return ProgressReporter(err, enabled=True)


def _report_dictionaries(lexicon: Lexicon) -> None:
    """--verbose: how the public dictionaries were obtained (cache or build) and how fast."""
    report = lexicon.load_report
    if report is not None:
        complain(
            "dictionaries",
            f"{report.source} in {report.seconds:.2f} s ({report.files} files, key {report.key})",
        )


def _detector(lexicon: Lexicon, options: RunOptions, types: str, dates: DateMode, ages: AgeMode) -> Detector:
    """The detector for --types (minus DAT under --dates keep), --vote and --ages."""
    from deid_cli.detection.detector import Detector
    from deid_cli.reports.evaluation import parse_types

    try:
        selected = set(parse_types(types))
    except ValueError as exc:
        complain("error", exc)
        raise typer.Exit(EXIT_USAGE) from None
    if dates is DateMode.keep:
        selected.discard(DAT)
    return Detector(lexicon, vote=options.vote, types=selected, ages=ages.value)


def _report_reject(item: Rejected) -> None:
    typer.echo(f"skipped {item.path}:{item.line}: {item.reason}", err=True)


def _engine(
    name: EngineName,
    scheduler: str | None,
    workers: int | None,
    detector: Detector,
    options: RunOptions,
    progress: Progress,
    on_reject: Callable[[Rejected], None] = _report_reject,
) -> LocalEngine | DaskEngine:
    """The engine --engine names; Dask is imported only when asked for (an optional extra)."""
    if name is EngineName.local:
        from deid_cli.engine.local import LocalEngine

        if scheduler is not None:
            complain("error", "--scheduler needs --engine dask")
            raise typer.Exit(EXIT_USAGE)
        return LocalEngine(detector, options, progress, on_reject)
    if scheduler is not None and workers is not None:
        complain("error", "--workers sizes a local Dask cluster; the --scheduler's cluster has its own")
        raise typer.Exit(EXIT_USAGE)
    try:
        from deid_cli.engine.dask import DaskEngine, DaskSettings
    except ImportError:
        complain("error", "--engine dask needs the dask extra: pip install 'deid-cli[dask]'")
        raise typer.Exit(EXIT_USAGE) from None
    settings = DaskSettings(scheduler=scheduler, workers=options.workers)
    return DaskEngine(detector, options, progress, on_reject, settings)


def _run_locked(
    engine: LocalEngine | DaskEngine,
    inputs: list[Path],
    output: Path,
    options: RunOptions,
    reporter: ProgressReporter | _NoProgress,
    verbose: bool,
) -> RunStats:
    """Both passes while holding every destination's lock; each failure becomes its exit status
    with one line on stderr, and no output is written."""
    from deid_cli.corpus.locking import DestinationLocked, destination_locks

    destinations = [p for p in (output, options.stats_path, options.spans_path) if p is not None]
    try:
        with exit_on_input_errors(), destination_locks(destinations, directory_mode(options.mode)) as locks:
            if verbose:
                _note_stale_locks(locks)
            options.destinations_locked = True  # so the leftovers of killed runs may go
            with reporter:
                return engine.run(list(inputs), output)
    except DestinationLocked as exc:
        complain("error", exc)
        raise typer.Exit(EXIT_LOCKED) from None


def print_summary(console: Console, stats: dict) -> None:
    """The run's key figures: records, entity and masker tables (paper Tables 6 and 7)."""
    from deid_cli.reports.stats_report import format_number

    records = stats["records"]
    console.print(
        f"[b]deid[/b]: {records['read']} records read, {records['written']} written, "
        f"{records['rejected']} rejected; {stats['pseudonymizations']} pseudonymizations in "
        f"{stats['notes']} notes; {stats['runtime_seconds']:.2f} s "
        f"({stats['notes_per_second'] or 0:.0f} notes/s)",
        highlight=False,
    )
    console.print(_share_table("Entity types", "type", stats["entities"]))
    console.print(_share_table("Maskers", "masker", stats["maskers"]))
    per_note = stats["pseudonymizations_per_note"]
    length = stats["note_length_tokens"]
    console.print(
        f"per note: mean {format_number(per_note['mean'])}, median {format_number(per_note['median'])}, "
        f"max {format_number(per_note['max'])}, "
        f"{per_note['share_with_any']:.1%} with at least one; note length (tokens): "
        f"median {format_number(length['median'])}, mean {format_number(length['mean'])}, "
        f"max {format_number(length['max'])}",
        highlight=False,
    )
    if stats["learned_references"] or stats["learned_places"]:
        console.print(
            f"learned from context: {stats['learned_references']} references, "
            f"{stats['learned_cues']} cue phrases, {stats['learned_aliases']} misspellings linked, "
            f"{stats['learned_places']} places; "
            f"{stats['caught_only_by_corpus_learning']} mentions caught only that way",
            highlight=False,
        )


def _share_table(title: str, label: str, shares: dict[str, dict[str, float]]) -> Table:
    from rich.table import Table

    table = Table(title=title, title_justify="left")
    table.add_column(label)
    table.add_column("count", justify="right")
    table.add_column("share", justify="right")
    for name, row in shares.items():
        if row["count"]:
            table.add_row(name, str(row["count"]), f"{row['proportion']:.1%}")
    return table


def _note_stale_locks(locks: list[TakenLock]) -> None:
    """--verbose: say which locks a killed run had left (taken over, as they are free)."""
    for lock in locks:
        if lock.stale is not None:
            complain("note", f"took over {lock.lock_file}, left by a run that was killed ({lock.stale})")
