"""Terminal output: progress bars while commands run (the only module besides the commands
that uses rich).

Progress goes to stderr, so stdout stays free for machine-readable output and cron mails show them.
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
