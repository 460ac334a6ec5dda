"""Progress on stderr while downloading: pages fetched and entries kept, per list.

Shown only on a terminal and without --quiet; cron mail gets the summary table only.
"""

from __future__ import annotations

from types import TracebackType

from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn


class ScrapeProgress:
    """One line per list; ``page(label, pages, entries)`` updates it."""

    def __init__(self, console: Console, enabled: bool) -> None:
        self._enabled = enabled
        self._progress = Progress(
            SpinnerColumn(),
            TextColumn("{task.description}"),
            TextColumn("{task.fields[pages]} pages, {task.fields[entries]} entries"),
            TimeElapsedColumn(),
            console=console,
            transient=True,
            disable=not enabled,
        )
        self._tasks: dict[str, int] = {}

    def __enter__(self) -> ScrapeProgress:
        self._progress.__enter__()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._progress.__exit__(exc_type, exc, tb)

    def page(self, label: str, pages: int, entries: int) -> None:
        if not self._enabled:
            return
        task = self._tasks.get(label)
        if task is None:
            task = self._tasks[label] = self._progress.add_task(label, total=None, pages=0, entries=0)
        self._progress.update(task, pages=pages, entries=entries)
