"""The ``deid`` command line (Typer). Thin: parses options, calls the engine, reports.

Exit statuses (documented for cron): 0 success, 1 input or output error (bad record with
``--on-error fail``, unreadable input, an input that changed during the run, an output that
cannot be written: disk full, not writable), 2 usage error (bad option, missing file, unusable
dictionary or corrections file), 70 internal error (a bug; ``main`` prints a report without
note text, see ``crash.py``), 75 another ``deid run`` is writing to the same destination
(``run_lock.py``; try again later), 130/143 stopped by SIGINT/SIGTERM (``interrupts.py``).
After any status but 0 no output was written and previous outputs are as they were.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from deid_cli import __version__
from deid_cli.commands.audit import AUDIT_EPILOG, audit_command
from deid_cli.commands.eval import EVAL_EPILOG, eval_command
from deid_cli.commands.options import (
    EXIT_INPUT,
    EXIT_INTERNAL,
    EXIT_LOCKED,
    EXIT_USAGE,
    Ages,
    Cache,
    ConfigFile,
    Delimiter,
    DictDirs,
    DictionaryFiles,
    FileMode,
    IdField,
    InputPaths,
    Learn,
    MaskTypes,
    OnError,
    OnErrorOption,
    Quiet,
    TextFields,
    Vote,
    dictionary_files,
    load_lexicon_or_exit,
)
from deid_cli.commands.review import REVIEW_EPILOG, review_command
from deid_cli.commands.scrape import SCRAPE_EPILOG, scrape_dicts
from deid_cli.commands.stats import STATS_EPILOG, stats_command
from deid_cli.corpus.atomic import PRIVATE_FILE_MODE, OutputError, directory_mode
from deid_cli.corpus.locking import DestinationLocked, TakenLock, destination_locks
from deid_cli.corpus.records import MAX_NOTE_CHARS, InputError, Rejected, UsageError
from deid_cli.detection.detector import Detector
from deid_cli.detection.spans import DAT
from deid_cli.engine.local import LocalEngine, Progress, RunOptions
from deid_cli.engine.parallel import available_cores
from deid_cli.reports.evaluation import parse_types
from deid_cli.runtime.config import AgeMode, VoteMode
from deid_cli.runtime.console import ProgressReporter, print_summary
from deid_cli.runtime.crash import crash_report
from deid_cli.runtime.interrupts import stop_cleanly_on_signals
from deid_cli.runtime.messages import complain

if TYPE_CHECKING:
    from deid_cli.engine.dask import DaskEngine

APP_EPILOG = """
[b]Examples[/b]

  deid run examples/notes.jsonl -o masked.jsonl --stats stats.json

  deid run exports/ -o masked/ --on-error skip --quiet

[b]Exit statuses[/b]: 0 ok, 1 input/output error, 2 usage error, 70 internal error,
75 destination locked by another run, 130/143 interrupted. See [b]deid run --help[/b].
"""

app = typer.Typer(
    name="deid",
    help="Pseudonymize German and Austrian clinical free text with corpus-wide consistent pseudonyms.",
    epilog=APP_EPILOG,
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
    # Rich's pretty tracebacks print every frame's local variables (notes, names, the linkage
    # table); main() prints crash.py's frames-only report instead.
    pretty_exceptions_enable=False,
    pretty_exceptions_show_locals=False,
)
err = Console(stderr=True)


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


def _version(value: bool) -> None:
    if value:
        typer.echo(f"deid {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    ctx: typer.Context,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = False,
) -> None:
    """deid: batch pseudonymizer for German/Austrian clinical notes (Masketeer algorithm)."""
    ctx.with_resource(stop_cleanly_on_signals())  # every command: Ctrl-C/SIGTERM exit 130/143


RUN_EPILOG = """
[b]Examples[/b]

  deid run examples/notes.jsonl -o masked.jsonl --stats stats.json

  deid run exports/ -o masked/ --text-field befund --text-field anamnese --on-error skip

  deid run notes.csv -o out.csv --patients patients.txt --hcps staff.csv --corrections fixes.toml

[b]Exit statuses[/b]: 0 ok; 1 input or output error (file:line and reason, an input that changed
during the run, or the output that cannot be written, e.g. disk full, on stderr); 2 usage error;
70 internal error (a bug); 75 another deid run is writing to the same destination (lock file
.NAME.deid-lock beside it; try again later); 130 stopped by Ctrl-C (SIGINT), 143 by SIGTERM.
Output files appear only when the whole run succeeded: after any other status the previous
outputs are as they were, and the next run removes any temp file a killed run left.
"""


@app.command(epilog=RUN_EPILOG)
def run(
    inputs: InputPaths,
    output: Annotated[
        Path,
        typer.Option(
            "-o", "--output", help="Output file (one input file) or directory (several / a directory)."
        ),
    ],
    stats: Annotated[Path | None, typer.Option("--stats", help="Write run statistics (JSON) here.")] = None,
    spans: Annotated[
        Path | None, typer.Option("--spans", help="Write detected spans per record (JSONL, offsets only).")
    ] = None,
    text_field: TextFields = None,
    id_field: IdField = "id",
    delimiter: Delimiter = None,
    on_error: OnErrorOption = OnError.fail,
    vote: Vote = VoteMode.first,
    strategy: Annotated[
        StrategyName,
        typer.Option(
            "--strategy",
            help="tag: [PAT-7KQ2XM] (corpus-wide codes); redact: [PAT]; surrogate: realistic replacements.",
        ),
    ] = StrategyName.tag,
    types: MaskTypes = "default",
    dates: Annotated[
        DateMode,
        typer.Option("--dates", help="With DAT selected: mask, shift (per --group-field), year, or keep."),
    ] = DateMode.mask,
    group_field: Annotated[
        str | None,
        typer.Option("--group-field", help="Field whose records share one date shift (e.g. patient_id)."),
    ] = None,
    ages: Ages = AgeMode.over89,
    known_field: Annotated[
        list[str] | None,
        typer.Option(
            "--known-field", help="Column holding the patient's name(s); masked in its record. Repeatable."
        ),
    ] = None,
    known_hcp_field: Annotated[
        list[str] | None,
        typer.Option(
            "--known-hcp-field", help="Column holding the author's/HCP's name; typed HCP. Repeatable."
        ),
    ] = None,
    drop_field: Annotated[
        list[str] | None, typer.Option("--drop-field", help="Field removed from the output. Repeatable.")
    ] = None,
    learn: Learn = True,
    patients: DictionaryFiles = None,
    hcps: DictionaryFiles = None,
    persons: DictionaryFiles = None,
    sites: DictionaryFiles = None,
    keep: DictionaryFiles = None,
    corrections: DictionaryFiles = None,
    dict_dir: DictDirs = None,
    config: ConfigFile = None,
    cache: Cache = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="FOR TESTS ONLY: reproducible pseudonym codes.")
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            min=1,
            help="Processes that detect in parallel (default: all cores). 1: everything in this process. "
            "The output is the same for any number.",
            show_default=False,
        ),
    ] = None,
    max_note_chars: Annotated[
        int,
        typer.Option(
            "--max-note-chars",
            min=0,
            help="Reject (file:line, counted) a record whose note is longer than this; 0: no limit.",
        ),
    ] = MAX_NOTE_CHARS,
    engine_name: Annotated[
        EngineName,
        typer.Option(
            "--engine",
            help="local: this machine. dask: a Dask cluster (--scheduler, else a local one of --workers "
            "processes); inputs may then also be fsspec URLs (s3://, gs://, abfs://, file://).",
        ),
    ] = EngineName.local,
    scheduler: Annotated[
        str | None,
        typer.Option("--scheduler", help="With --engine dask: the scheduler address, e.g. tcp://host:8786."),
    ] = None,
    quiet: Quiet = False,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Report dictionary loading (cache or build) and timings.")
    ] = False,
    mode: FileMode = PRIVATE_FILE_MODE,
) -> None:
    """Pseudonymize a corpus: every person, site, address, ZIP code, phone, e-mail and URL is
    replaced by a pseudonym such as [PAT-7KQ2XM] that is the same everywhere in the corpus.

    Dictionary files (--patients, --hcps, --persons, --sites, --keep; each repeatable) are JSON
    (list, or {"names": [...]}), TXT (one per line) or CSV (a 'name' column). --corrections takes
    TOML or JSON: mask = [{text = "Schwester Resi", type = "PER"}], keep = ["Rumpf"].
    """
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
    show = not quiet
    if verbose and lexicon.load_report is not None:
        report = lexicon.load_report
        complain(
            "dictionaries",
            f"{report.source} in {report.seconds:.2f} s ({report.files} files, key {report.key})",
        )
    reporter = ProgressReporter(err, enabled=show and sys.stderr.isatty())

    def report_reject(item: Rejected) -> None:
        typer.echo(f"skipped {item.path}:{item.line}: {item.reason}", err=True)

    try:
        selected = set(parse_types(types))
    except ValueError as exc:
        complain("error", exc)
        raise typer.Exit(EXIT_USAGE) from None
    if dates is DateMode.keep:
        selected.discard(DAT)
    detector = Detector(lexicon, vote=vote.value, types=selected, ages=ages.value)
    engine = _engine(engine_name, scheduler, workers, detector, options, reporter.update, report_reject)
    try:
        destinations = [p for p in (output, stats, spans) if p is not None]
        with destination_locks(destinations, directory_mode(options.mode)) as locks:
            if verbose:
                _note_stale_locks(locks)
            options.destinations_locked = True  # so the leftovers of killed runs may go
            with reporter:
                result = engine.run(list(inputs), output)
    except DestinationLocked as exc:
        complain("error", exc)
        raise typer.Exit(EXIT_LOCKED) from None
    except UsageError as exc:
        complain("error", exc)
        raise typer.Exit(EXIT_USAGE) from None
    except InputError as exc:
        complain("input error", f"{exc}; no output written")
        raise typer.Exit(EXIT_INPUT) from None
    except OutputError as exc:
        complain("output error", f"cannot write {exc.destination}: {exc.strerror}; previous output kept")
        raise typer.Exit(EXIT_INPUT) from None
    except OSError as exc:  # not from writing (those are OutputError): reading an input
        where = f"cannot read {exc.filename}: " if exc.filename else ""
        complain("input error", f"{where}{exc.strerror or type(exc).__name__}; no output written")
        raise typer.Exit(EXIT_INPUT) from None
    if show:
        print_summary(err, result.to_dict())


def _note_stale_locks(locks: list[TakenLock]) -> None:
    """--verbose: say which locks a killed run had left (taken over, as they are free)."""
    for lock in locks:
        if lock.stale is not None:
            complain("note", f"took over {lock.lock_file}, left by a run that was killed ({lock.stale})")


def _engine(
    name: EngineName,
    scheduler: str | None,
    workers: int | None,
    detector: Detector,
    options: RunOptions,
    progress: Progress,
    on_reject: Callable[[Rejected], None],
) -> LocalEngine | DaskEngine:
    """The engine --engine names; Dask is imported only when asked for (an optional extra)."""
    if name is EngineName.local:
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


app.command("scrape-dicts", epilog=SCRAPE_EPILOG)(scrape_dicts)
app.command("eval", epilog=EVAL_EPILOG)(eval_command)
app.command("audit", epilog=AUDIT_EPILOG)(audit_command)
app.command("stats", epilog=STATS_EPILOG)(stats_command)
app.command("review", epilog=REVIEW_EPILOG)(review_command)


def main() -> None:
    """Console-script entry point. An unexpected exception (a bug) becomes one line naming its
    type and a traceback of frames only (``crash.py``), exit status 70; Ctrl-C, ``sys.exit`` and
    ``typer.Exit`` pass through untouched."""
    try:
        app()
    except (typer.Exit, typer.Abort, typer.exceptions.TyperException):
        raise  # Typer's own exits, usage errors included
    except Exception as exc:
        sys.stderr.write(crash_report(exc))
        sys.stderr.flush()
        sys.exit(EXIT_INTERNAL)
