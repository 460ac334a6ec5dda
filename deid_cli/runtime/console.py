"""Terminal output: a progress bar while running and a summary of the statistics afterwards.

Both go to stderr, so stdout stays free for machine-readable output and cron mails show them.
"""

from __future__ import annotations

from types import TracebackType
from typing import Self

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    SpinnerColumn,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table


class LiveProgress:
    """A rich progress display with one line per named task; silent when disabled (not a
    terminal, or --quiet). Subclasses choose the columns and how a task is updated."""

    def __init__(self, console: Console, enabled: bool, *columns: ProgressColumn) -> None:
        self._enabled = enabled
        self._progress = Progress(*columns, console=console, transient=True, disable=not enabled)
        self._tasks: dict[str, TaskID] = {}

    def __enter__(self) -> Self:
        self._progress.__enter__()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._progress.__exit__(exc_type, exc, tb)

    def _update(self, label: str, **fields: object) -> None:
        """Create the task on first use, then update it."""
        if not self._enabled:
            return
        task = self._tasks.get(label)
        if task is None:
            task = self._tasks[label] = self._progress.add_task(label, **fields)
        self._progress.update(task, **fields)


class ProgressReporter(LiveProgress):
    """Records processed per pass of deid run."""

    def __init__(self, console: Console, enabled: bool) -> None:
        super().__init__(
            console,
            enabled,
            SpinnerColumn(),
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("records"),
            TimeElapsedColumn(),
        )

    def update(self, phase: str, done: int, total: int | None) -> None:
        self._update(phase, completed=done, total=total)


def print_summary(console: Console, stats: dict) -> None:
    """The run's key figures: records, entity and masker tables (paper Tables 6 and 7)."""
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
        f"per note: mean {per_note['mean']}, median {per_note['median']}, max {per_note['max']}, "
        f"{per_note['share_with_any']:.1%} with at least one; note length (tokens): "
        f"median {length['median']}, mean {length['mean']}, max {length['max']}",
        highlight=False,
    )
    if stats["learned_references"]:
        console.print(
            f"learned from context: {stats['learned_references']} references, "
            f"{stats['caught_only_by_corpus_learning']} mentions caught only that way",
            highlight=False,
        )


def _share_table(title: str, label: str, shares: dict[str, dict[str, float]]) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column(label)
    table.add_column("count", justify="right")
    table.add_column("share", justify="right")
    for name, row in shares.items():
        if row["count"]:
            table.add_row(name, str(row["count"]), f"{row['proportion']:.1%}")
    return table


class ScrapeProgress(LiveProgress):
    """One line per list; ``page(label, pages, entries)`` updates it."""

    def __init__(self, console: Console, enabled: bool) -> None:
        super().__init__(
            console,
            enabled,
            SpinnerColumn(),
            TextColumn("{task.description}"),
            TextColumn("{task.fields[pages]} pages, {task.fields[entries]} entries"),
            TimeElapsedColumn(),
        )

    def page(self, label: str, pages: int, entries: int) -> None:
        self._update(label, total=None, pages=pages, entries=entries)
