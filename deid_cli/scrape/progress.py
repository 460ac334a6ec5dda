"""Progress on stderr while downloading: pages fetched and entries kept, per list.

Shown only on a terminal and without --quiet; cron mail gets the summary table only.
"""

from __future__ import annotations

from rich.console import Console
from rich.progress import SpinnerColumn, TextColumn, TimeElapsedColumn

from deid_cli.runtime.console import LiveProgress


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
