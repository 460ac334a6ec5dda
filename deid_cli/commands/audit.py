"""The ``deid audit`` command: which unmasked words are probably missed names?

Registered in ``deid_cli/cli.py`` (``COMMANDS``) as ``audit`` with ``AUDIT_EPILOG``.
Runs both passes of ``deid run`` over the corpus and lists the surviving candidates ranked as
``deid_cli/audit.py`` documents. Its output CONTAINS PHI (the candidate words): a header says
so, and ``-o FILE`` writes it atomically with mode 0600. Exit statuses: 0 ok, 1 bad input
(file:line and reason on stderr, never content), 2 usage error.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from deid_cli.commands.options import (
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
    PatientFiles,
    PersonFiles,
    SiteFiles,
    TextFields,
    dictionary_files,
    exit_on_input_errors,
    load_lexicon_or_exit,
    warn_about_files,
)
from deid_cli.corpus.atomic import PRIVATE_FILE_MODE, AtomicOutputs
from deid_cli.corpus.discovery import discover_inputs
from deid_cli.corpus.records import UsageError
from deid_cli.reports.evaluation import parse_types
from deid_cli.runtime.messages import complain

if TYPE_CHECKING:
    from deid_cli.corpus.corpus_file import CorpusFile
    from deid_cli.detection.lexicon.lexicon import Lexicon
    from deid_cli.reports.audit import AuditRun

SCHEMA = "deid-audit/1"
PHI_WARNING = (
    "CONTAINS PHI: the candidate words below come from the notes. Keep this output private; "
    "use it to write --corrections, then delete it."
)

AUDIT_EPILOG = """
[b]Examples[/b]

  deid audit examples/notes.jsonl

  deid audit exports/ --top 50 --corrections fixes.toml

  deid audit notes.jsonl --json -o audit.json

[b]Output[/b]: the unmasked words most likely to be missed names, with the number of notes and
occurrences, the cues around them, the masker that came closest and the score. It CONTAINS PHI;
-o writes it with mode 0600. Add real names to a --corrections file (mask = \\[{text, type}]).

[b]Outputs[/b]: '-' is standard output; a device or FIFO (/dev/null, a named pipe) is
written as a stream, without the atomic replace; a symlink's target is replaced, the link kept.

[b]Exit statuses[/b]: 0 ok, 1 bad input (file:line and reason, never content), 2 usage error.
"""


# -------------------------------------------------------------------------- options of audit

Top = Annotated[int, typer.Option("--top", min=1, help="How many candidates to list.", metavar="N")]
JsonOut = Annotated[bool, typer.Option("--json", help="JSON instead of a table.")]
AuditOutput = Annotated[
    Path | None,
    typer.Option(
        "-o",
        "--output",
        help="Write the list here (mode 0600 unless --mode, atomically). Default: standard output.",
        metavar="FILE",
    ),
]


def audit_command(
    inputs: InputPaths,
    top: Top = 20,
    json_out: JsonOut = False,
    output: AuditOutput = None,
    text_field: TextFields = None,
    id_field: IdField = "id",
    delimiter: Delimiter = None,
    types: MaskTypes = "default",
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
    mode: FileMode = PRIVATE_FILE_MODE,
) -> None:
    """List the unmasked words most likely to be missed names (capitalized, in no dictionary,
    rare, near name cues), so a maintainer can add them to --corrections.

    The pipeline runs as [b]deid run[/b] does (same dictionaries, learning and types). The
    output CONTAINS PHI. Ranking and definitions: see docs/reports.md, section "deid audit".
    """
    try:
        selected = parse_types(types)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--types") from None
    lexicon = load_lexicon_or_exit(
        dictionary_files(patients, hcps, persons, sites, keep, corrections), config, dict_dir, cache
    )
    files = _corpus_files(inputs, output, text_field or ["text"], id_field, delimiter)
    run = _audit_or_exit(files, lexicon, selected, learn)
    report = build_report(run, top, learn, selected)
    rendered = json.dumps(report, indent=2, ensure_ascii=False) + "\n" if json_out else render_table(report)
    complain("warning", PHI_WARNING)
    if output is None:
        typer.echo(rendered, nl=False)
        return
    _write_or_exit(rendered, output, mode)


def _corpus_files(
    inputs: list[Path], output: Path | None, text_fields: list[str], id_field: str, delimiter: str | None
) -> list[CorpusFile]:
    """The input files to audit; a bad input, or -o naming one of them, exits with its status;
    empty and partial inputs are warned about."""
    from deid_cli.corpus.corpus_file import CorpusFile

    with exit_on_input_errors():
        paths = discover_inputs(inputs)
        if output is not None and output.resolve() in {p.resolve() for p in paths}:
            raise UsageError(f"-o {output} would overwrite an input file")
        files = [CorpusFile(p, text_fields, id_field, delimiter) for p in paths]
        warn_about_files(files)
    return files


def _audit_or_exit(
    files: list[CorpusFile], lexicon: Lexicon, types: tuple[str, ...], learn: bool
) -> AuditRun:
    """Both passes of deid run with the audit counting; a bad input exits with its status."""
    from deid_cli.detection.detector import Detector
    from deid_cli.reports.audit import audit_corpus

    with exit_on_input_errors():
        return audit_corpus(files, Detector(lexicon, types=types), learn)


def _write_or_exit(rendered: str, output: Path, mode: int) -> None:
    """-o: the list in a file, atomically and owner-only (or --mode); a failed write exits with 1."""
    with exit_on_input_errors(), AtomicOutputs(mode) as outputs:  # temp file beside the target, renamed
        outputs.open(output).write(rendered.encode("utf-8"))
        outputs.commit()


def build_report(run: AuditRun, top: int, learn: bool, types: tuple[str, ...]) -> dict[str, Any]:
    """The ``--json`` document (schema ``deid-audit/1``)."""
    from deid_cli.reports.audit import CUE_WEIGHTS

    candidates = run.audit.ranked(top)
    return {
        "schema": SCHEMA,
        "contains_phi": True,
        "warning": PHI_WARNING,
        "settings": {"learn": learn, "learned_references": run.learned_references, "types": list(types)},
        "records": run.records,
        "notes": run.audit.notes,
        "candidates_found": run.audit.candidates,
        "top": top,
        "cue_weights": CUE_WEIGHTS,
        "candidates": [
            {
                "rank": rank,
                "word": c.word,
                "notes": c.notes,
                "occurrences": c.occurrences,
                "cued_occurrences": c.cued_occurrences,
                "cues": c.cues,
                "closest_masker": c.closest_masker,
                "score": c.score,
            }
            for rank, c in enumerate(candidates, start=1)
        ],
    }


def render_table(report: dict[str, Any]) -> str:
    """The report as plain text: the PHI header line, a summary line and a rich table."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=120, color_system=None, highlight=False)
    console.print(f"# {report['warning']}", soft_wrap=True, markup=False)
    console.print(
        f"deid audit: {report['notes']} notes in {report['records']} records; "
        f"{report['candidates_found']} candidate words, top {len(report['candidates'])} listed; "
        f"learning {'on' if report['settings']['learn'] else 'off'} "
        f"({report['settings']['learned_references']} learned)",
        markup=False,
    )
    table = Table(title="Possible missed names (PHI)", title_justify="left")
    for column in ("#", "candidate", "notes", "occurrences", "cued", "cues", "closest masker", "score"):
        table.add_column(
            column, justify="right" if column in ("#", "notes", "occurrences", "cued", "score") else "left"
        )
    for row in report["candidates"]:
        table.add_row(
            str(row["rank"]),
            escape(row["word"]),
            str(row["notes"]),
            str(row["occurrences"]),
            str(row["cued_occurrences"]),
            ", ".join(f"{cue} {n}" for cue, n in row["cues"].items()) or "–",
            row["closest_masker"],
            f"{row['score']:.3f}",
        )
    console.print(table)
    return buffer.getvalue()


__all__ = ["AUDIT_EPILOG", "PHI_WARNING", "SCHEMA", "audit_command", "build_report", "render_table"]
