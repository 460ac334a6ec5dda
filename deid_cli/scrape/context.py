"""What every source needs for one run: the client, the saved state, the page cap, progress."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from deid_cli.scrape.http import PoliteClient
from deid_cli.scrape.state import ScrapeState, Walk, walk_pages


@dataclass
class ScrapeContext:
    client: PoliteClient
    state: ScrapeState
    max_pages: int | None = None
    on_page: Callable[[str, int, int], None] = lambda label, pages, entries: None

    def walk(self, walk: Walk) -> tuple[set[str], bool]:
        """Page through one list from its checkpoint; (entries, complete)."""
        return walk_pages(self.state, walk, self.max_pages, self.on_page)
