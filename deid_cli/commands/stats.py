"""The ``deid stats`` command: report on one ``--stats`` file, or compare several for drift.

Registered in ``deid_cli/cli.py`` (``COMMANDS``) as ``stats`` with ``STATS_EPILOG``.
Loading, checking, comparing and the drift rule live in ``stats_report.py``; the HTML page in
``stats_html.py``. This module parses options, prints the terminal view and writes the files.
Exit statuses: 0 ok, 1 unusable stats file or an output that cannot be written, 2 usage
error, 3 drift above ``--fail-if-drift``.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.bar import Bar
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from deid_cli.commands.options import FileMode, exit_on_input_errors
from deid_cli.corpus.atomic import PRIVATE_FILE_MODE, AtomicOutputs
from deid_cli.reports.stats_report import (
    StatsFileError,
    build_report,
    csv_tables,
    describe_distribution,
    describe_label,
    format_number,
    format_pp,
    format_share,
    load_stats,
)
from deid_cli.runtime.messages import complain

EXIT_OK, EXIT_INPUT, EXIT_USAGE, EXIT_DRIFT = 0, 1, 2, 3
BAR_WIDTH = 28

STATS_EPILOG = """
[b]Examples[/b]

  deid stats stats.json

  deid stats stats.json --html report.html --csv tables/

  deid stats monday.json tuesday.json wednesday.json --fail-if-drift 5

  deid stats baseline.json tonight.json --json > drift.json

[b]Several files[/b] are runs in chronological order (oldest first). The
tables and histograms show the last run; the comparison lists each
proportion (entity share, masker share, notes with ≥1 pseudonymization,
risk level) per run and its change in percentage points (pp).

[b]--fail-if-drift PCT[/b]: exit 3 if any of these proportions moved by
more than PCT points between two consecutive files. For slow creep,
compare a fixed baseline with the latest run.

[b]Outputs[/b]: '-' is standard output; a device or FIFO (/dev/null, a named pipe) is
written as a stream, without the atomic replace; a symlink's target is replaced, the link kept.

[b]Exit statuses[/b]: 0 ok, 1 unusable stats file (file, line:column for
broken JSON, reason; never its content) or an output that cannot be
written, 2 usage error, 3 drift above --fail-if-drift.
"""


# ---------------------------------------------------------------------------------- options

StatsFiles = Annotated[
    list[Path],
    typer.Argument(
        metavar="STATS.json",
        help="Statistics files written by deid run --stats; several = runs, oldest first.",
        show_default=False,
    ),
]
HtmlFile = Annotated[
    Path | None,
    typer.Option(
        "--html",
        dir_okay=False,
        metavar="FILE",
        help="Write a self-contained HTML report (tables, bar charts, histograms, trends) here. "
        "Default: none.",
    ),
]
CsvDir = Annotated[
    Path | None,
    typer.Option(
        "--csv",
        file_okay=False,
        metavar="DIR",
        help="Write the tables as CSV files into DIR (created if needed). Default: none.",
    ),
]
JsonOut = Annotated[
    bool, typer.Option("--json", help="Print the report as JSON (deid-stats-report/1) instead of tables.")
]
FailIfDrift = Annotated[
    float | None,
    typer.Option(
        "--fail-if-drift",
        metavar="PCT",
        min=0.0,
        help="Exit 3 if a proportion moved more than PCT percentage points between consecutive files. "
        "Default: never.",
    ),
]


def stats_command(
    files: StatsFiles,
    html: HtmlFile = None,
    csv_dir: CsvDir = None,
    json_out: JsonOut = False,
    fail_if_drift: FailIfDrift = None,
    mode: FileMode = PRIVATE_FILE_MODE,
) -> None:
    """Report on pseudonymization statistics: entity and masker tables (the paper's Tables 6 and 7),
    histograms of note length and pseudonymizations per note (Figures 1 and 2), records, run time
    and throughput. With several files: a comparison over time and an optional drift check.
    """
    if fail_if_drift is not None and len(files) < 2:
        raise typer.BadParameter("needs at least two stats files to compare", param_hint="--fail-if-drift")
    report = build_report(_load_runs_or_exit(files), fail_if_drift)
    with exit_on_input_errors():
        write_outputs(report, html, csv_dir, mode)
    if json_out:
        typer.echo(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print_report(Console(highlight=False), report)
    _exit_on_drift(report["drift"])


def _load_runs_or_exit(files: list[Path]) -> list[dict[str, Any]]:
    """Every stats file as a run summary; each unusable file is reported, then exit with 1."""
    runs: list[dict[str, Any]] = []
    failed = False
    for path in files:
        try:
            runs.append(load_stats(path))
        except StatsFileError as exc:
            complain("input error", exc)
            failed = True
    if failed:
        raise typer.Exit(EXIT_INPUT)
    return runs


def _exit_on_drift(drift: dict[str, Any] | None) -> None:
    """With --fail-if-drift: name every step above the threshold on stderr and exit with 3."""
    if drift and drift["drifted"]:
        for row in drift["exceeded"]:
            complain(
                "drift",
                f"{describe_label(row['kind'], row['name'])} {row['delta_pp']:+.2f} pp "
                f"({row['from_file']} -> {row['to_file']}; threshold {drift['threshold_pp']:g} pp)",
            )
        raise typer.Exit(EXIT_DRIFT)


# ------------------------------------------------------------------------------------- files


def write_outputs(
    report: dict[str, Any], html: Path | None, csv_dir: Path | None, mode: int = PRIVATE_FILE_MODE
) -> None:
    """Write the HTML page and the CSV tables, each to a temp file renamed into place at the end.

    They hold counts, but also input file names and run times: owner-only like every output
    unless ``--mode`` says otherwise.
    """
    if html is None and csv_dir is None:
        return
    with AtomicOutputs(mode) as outputs:
        if html is not None:
            from deid_cli.reports.stats_html import render_html  # matplotlib is imported only when needed

            _write(outputs, html, render_html(report))
        if csv_dir is not None:
            for name, (header, rows) in csv_tables(report).items():
                _write(outputs, csv_dir / name, _csv_text(header, rows))
        outputs.commit()


def _write(outputs: AtomicOutputs, dest: Path, text: str) -> None:
    outputs.open(dest).write(text.encode("utf-8"))


def _csv_text(header: list[str], rows: list[list[Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow(
            ["" if cell is None else str(cell).lower() if isinstance(cell, bool) else cell for cell in row]
        )
    return buffer.getvalue()


# ---------------------------------------------------------------------------------- terminal


def print_report(console: Console, report: dict[str, Any]) -> None:
    """The report as rich tables: the latest run in full, then the comparison (several files)."""
    runs = report["runs"]
    if len(runs) > 1:
        console.print(f"[b]Latest of {len(runs)} runs[/b] (comparison below)")
    print_run(console, runs[-1])
    if report["comparison"] is not None:
        console.print()
        console.print(_runs_table(runs))
        console.print()
        console.print(_comparison_table(report))
        _print_verdict(console, report["drift"])


def print_run(console: Console, run: dict[str, Any]) -> None:
    """One run: records, Tables 6 and 7, the two histograms, the risk levels if present."""
    records = run["records"]
    version = f" (deid {run['deid_version']})" if run["deid_version"] else ""
    console.print(f"[b]deid stats[/b] {escape(run['file'])}{escape(version)}")
    console.print(
        f"records: {records['read']} read, {records['written']} written, {records['rejected']} rejected; "
        f"{run['notes']} notes, {run['pseudonymizations']} pseudonymizations; "
        f"run time {format_number(run['runtime_seconds'])} s, "
        f"{format_number(run['notes_per_second'])} notes/s"
    )
    if run["learned_references"] or run["learned_places"]:
        console.print(
            f"learned from context: {run['learned_references']} references, "
            f"{run['learned_cues'] or 0} cue phrases, {run['learned_aliases'] or 0} misspellings linked, "
            f"{run['learned_places'] or 0} places; "
            f"{format_number(run['caught_only_by_corpus_learning'])} mentions caught only that way"
        )
    for title, label, shares, distinct in (
        ("Entity types (paper Table 6)", "type", run["entities"], run["distinct_references"]),
        ("Maskers (paper Table 7)", "masker", run["maskers"], None),
    ):
        console.print()
        console.print(_share_table(title, label, shares, distinct))
        unused = [name for name, row in shares.items() if not row["count"]]
        if unused:
            console.print(f"no occurrences: {escape(' '.join(unused))}")
    length, per_note = run["note_length_tokens"], run["pseudonymizations_per_note"]
    console.print()
    console.print(_histogram_table("Note length in tokens (paper Figure 1)", "tokens", length))
    console.print()
    console.print(_histogram_table("Pseudonymizations per note (paper Figure 2)", "per note", per_note))
    console.print(
        f"notes with at least one pseudonymization: {format_share(per_note['share_with_any'])}; "
        f"with at most five: {format_share(per_note['share_at_most_5'])}"
    )
    if run["risk"]:
        console.print()
        table = Table(title="Re-identification risk (notes per level)", title_justify="left")
        for column in ("level", "notes", "share"):
            table.add_column(column, justify="left" if column == "level" else "right")
        for level, row in run["risk"].items():
            table.add_row(level, str(row["count"]), format_share(row["proportion"]))
        console.print(table)


def _share_table(
    title: str, label: str, shares: dict[str, dict[str, float]], distinct: dict[str, int] | None = None
) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column(label, no_wrap=True)
    table.add_column("count", justify="right")
    table.add_column("share", justify="right")
    if distinct:
        table.add_column("distinct", justify="right")
    total = 0
    for name, row in shares.items():
        if row["count"]:
            total += row["count"]
            cells = [escape(name), str(row["count"]), format_share(row["proportion"])]
            if distinct:
                cells.append(format_number(distinct.get(name)))
            table.add_row(*cells)
    table.add_section()
    table.add_row("total", str(total), format_share(1.0) if total else "–", *([""] if distinct else []))
    return table


def _histogram_table(title: str, label: str, distribution: dict[str, Any]) -> Table:
    histogram = distribution["histogram"]
    notes = sum(histogram.values())
    biggest = max([*histogram.values(), 1])
    table = Table(
        title=title,
        title_justify="left",
        caption=describe_distribution(distribution),
        caption_justify="left",
    )
    table.add_column(label, no_wrap=True)
    table.add_column("notes", justify="right")
    table.add_column("share", justify="right")
    table.add_column("", width=BAR_WIDTH)
    for bin_label, count in histogram.items():
        share = count / notes if notes else None
        table.add_row(
            bin_label, str(count), format_share(share), Bar(biggest, 0, count, width=BAR_WIDTH, color="cyan")
        )
    return table


def _runs_table(runs: list[dict[str, Any]]) -> Table:
    table = Table(
        title="Runs (oldest first)",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
    )
    for column in ("#", "file", "deid", "read", "written", "rej.", "notes", "pseud.", "≥1", "notes/s"):
        table.add_column(column, justify="left" if column in ("file", "deid") else "right", overflow="fold")
    for index, run in enumerate(runs, 1):
        records = run["records"]
        table.add_row(
            str(index),
            escape(run["file"]),
            escape(run["deid_version"] or "–"),
            str(records["read"]),
            str(records["written"]),
            str(records["rejected"]),
            str(run["notes"]),
            str(run["pseudonymizations"]),
            format_share(run["pseudonymizations_per_note"]["share_with_any"]),
            format_number(run["notes_per_second"]),
        )
    return table


def _comparison_table(report: dict[str, Any]) -> Table:
    """Each compared proportion in the first and last file and its changes (pp)."""
    files, drift = report["files"], report["drift"]
    flagged = {(row["kind"], row["name"]) for row in drift["exceeded"]} if drift else set()
    several_steps = len(files) > 2
    table = Table(
        title="Comparison: shares, and changes in percentage points between consecutive files",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        caption=f"first = #1 {escape(files[0])}, last = #{len(files)} {escape(files[-1])}"
        + (";\nstep = last step, max = largest step (pp)" if several_steps else ""),
        caption_justify="left",
    )
    table.add_column("share of", no_wrap=True)
    table.add_column("", no_wrap=True)
    table.add_column("first", justify="right", no_wrap=True)
    table.add_column("last", justify="right", no_wrap=True)
    delta_columns = ("step", "max", "1st→last") if several_steps else ("Δ pp",)
    for column in delta_columns:
        table.add_column(column, justify="right", no_wrap=True)
    if drift:
        table.add_column("drift", no_wrap=True)
    previous_kind = None
    for metric in report["comparison"]:
        kind, name, proportions = metric["kind"], metric["name"], metric["proportions"]
        if previous_kind is not None and kind != previous_kind:
            table.add_section()
        cells = [KIND_LABELS[kind] if kind != previous_kind else "", escape(_short_name(kind, name))]
        cells += [format_share(proportions[0]), format_share(proportions[-1])]
        if several_steps:
            cells += [
                format_pp(metric["deltas_pp"][-1]),
                format_pp(metric["largest_step_pp"]),
                format_pp(metric["first_to_last_pp"]),
            ]
        else:
            cells.append(format_pp(metric["deltas_pp"][0]))
        if drift:
            cells.append("[b red]DRIFT[/b red]" if (kind, name) in flagged else "")
        table.add_row(*cells)
        previous_kind = kind
    return table


KIND_LABELS = {"entity": "entity", "masker": "masker", "notes": "notes", "risk": "risk"}


def _short_name(kind: str, name: str) -> str:
    return "with ≥1 pseud." if kind == "notes" else name


def _print_verdict(console: Console, drift: dict[str, Any] | None) -> None:
    if drift is None:
        return
    threshold = f"{drift['threshold_pp']:g} pp"
    if drift["drifted"]:
        console.print(
            f"[b red]drift[/b red]: {len(drift['exceeded'])} change(s) above {threshold} "
            "between consecutive files"
        )
    else:
        console.print(f"no drift: no proportion moved more than {threshold} between consecutive files")


__all__ = ["EXIT_DRIFT", "STATS_EPILOG", "print_report", "stats_command", "write_outputs"]
