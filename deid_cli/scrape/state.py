"""Cursors and partial results, so an interrupted download continues where it stopped.

Design (why this way): the name lists are downloaded page by page (Wikipedia's person
articles are about 2,000 API pages). After each page, the page's accepted entries are
appended to ``OUT/.partial/<list>.txt`` (directory 0700, files 0600) and only then is the
continuation cursor saved to ``OUT/.scrape-state.json``. A crash between the two re-fetches
one page on ``--resume``; the duplicates vanish when the lists are deduplicated, so the
order makes resuming idempotent. The state file holds only cursors, page and entry counts
and the URL a list came from, never names: names live in the partial files and, once a run
completes, in the output files, after which both the cursors and the partial files of that
source are removed.

Without ``--resume`` a list starts from the beginning and its old partial file is dropped.
A run with ``persist=False`` (``--dry-run``) reads a saved state but writes nothing.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from deid_cli.corpus.atomic import AtomicOutputs, make_directories
from deid_cli.detection.lexicon.lists import read_lines
from deid_cli.runtime.user_files import ConfigError
from deid_cli.scrape.http import ScrapeError

STATE_FILE = ".scrape-state.json"
PARTIAL_DIR = ".partial"
STATE_VERSION = 1
Cursor = dict[str, Any]


class StateError(Exception):
    """The saved state cannot be used for ``--resume`` (a usage problem, exit status 2)."""


@dataclass
class Checkpoint:
    """Where one list stands: entries so far, the cursor of the next page, and whether done."""

    cursor: Cursor | None = None
    done: bool = False
    pages: int = 0
    entries: set[str] = field(default_factory=set)


class ScrapeState:
    """Saved cursors for every list in one output directory (see the module docstring)."""

    def __init__(self, out: Path, *, resume: bool, persist: bool, out_mode: int = 0o700) -> None:
        self.out = out
        self.out_mode = out_mode  # for ``out`` if this creates it (--mode's directory mode)
        self.resume = resume
        self.persist = persist
        self.path = out / STATE_FILE
        self.partial_dir = out / PARTIAL_DIR
        self._lists: dict[str, dict[str, Any]] = self._load()

    def _load(self) -> dict[str, dict[str, Any]]:
        if not self.path.is_file():
            return {}
        try:
            data = orjson.loads(self.path.read_bytes())  # depth-limited, unlike json
            lists = data["lists"] if data.get("version") == STATE_VERSION else None
            if not isinstance(lists, dict):
                raise ValueError("unknown state format")
            return lists
        except (OSError, UnicodeDecodeError, ValueError, KeyError, AttributeError):
            if self.resume:
                raise StateError(f"{self.path}: unreadable saved state; run without --resume") from None
            return {}

    def begin(self, key: str, origin: str) -> Checkpoint:
        """The checkpoint to start ``key`` from: the saved one with --resume, else a fresh one."""
        saved = self._lists.get(key)
        if self.resume and saved is not None:
            if saved.get("origin") != origin:
                raise StateError(
                    f"saved state for {key} in {self.out} is for {saved.get('origin')}, not {origin}; "
                    "run without --resume to start over"
                )
            entries = self._read_partial(key)
            return Checkpoint(
                saved.get("cursor"), bool(saved.get("done")), int(saved.get("pages", 0)), entries
            )
        stale = saved is not None or self._partial_path(key).exists()
        self._forget(key)
        self._lists[key] = {"origin": origin, "cursor": None, "done": False, "pages": 0, "entries": 0}
        if stale and self.persist:
            # The old partial file is gone, so its cursor must go too: resuming from it later
            # would silently miss the pages before it.
            self._save()
        return Checkpoint()

    def advance(
        self, key: str, checkpoint: Checkpoint, entries: Iterable[str], cursor: Cursor | None
    ) -> None:
        """Record one fetched page: entries first (appended), then the cursor (replaced)."""
        new = list(entries)
        checkpoint.entries.update(new)
        checkpoint.cursor = cursor
        checkpoint.done = cursor is None
        checkpoint.pages += 1
        self._lists[key].update(
            cursor=cursor, done=checkpoint.done, pages=checkpoint.pages, entries=len(checkpoint.entries)
        )
        if self.persist:
            self._append_partial(key, new)
            self._save()

    def finish(self, keys: Iterable[str]) -> None:
        """Forget completed lists (their entries are in the output files now)."""
        for key in keys:
            self._forget(key)
        if not self.persist:
            return
        if self._lists:
            self._save()
        else:
            self.path.unlink(missing_ok=True)
            with contextlib.suppress(OSError):
                self.partial_dir.rmdir()

    # -- files ----------------------------------------------------------------------------
    def _forget(self, key: str) -> None:
        self._lists.pop(key, None)
        if self.persist:
            self._partial_path(key).unlink(missing_ok=True)

    def _partial_path(self, key: str) -> Path:
        slug = re.sub(r"[^A-Za-z0-9]+", "-", key).strip("-").lower()
        digest = hashlib.sha1(key.encode("utf-8")).hexdigest()[:8]
        return self.partial_dir / f"{slug}-{digest}.txt"

    def _read_partial(self, key: str) -> set[str]:
        path = self._partial_path(key)
        if not path.is_file():
            return set()
        try:
            return set(read_lines(path))
        except ConfigError as exc:
            raise StateError(f"{exc}; run without --resume") from None

    def _append_partial(self, key: str, entries: list[str]) -> None:
        make_directories(self.out, self.out_mode)
        self.partial_dir.mkdir(mode=0o700, exist_ok=True)
        os.chmod(self.partial_dir, 0o700)
        path = self._partial_path(key)
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        with os.fdopen(fd, "a", encoding="utf-8") as handle:
            handle.writelines(f"{entry}\n" for entry in entries)
            handle.flush()
            os.fsync(handle.fileno())

    def _save(self) -> None:
        data = {"version": STATE_VERSION, "lists": self._lists}
        make_directories(self.out, self.out_mode)
        with AtomicOutputs() as out:
            out.open(self.path).write(json.dumps(data, indent=1, ensure_ascii=False).encode("utf-8"))
            out.commit()


@dataclass(frozen=True)
class Walk:
    """How to page through one list: ``fetch(cursor)`` returns a page's entries and the next
    cursor (None on the last page)."""

    key: str
    origin: str
    label: str
    fetch: Callable[[Cursor | None], tuple[list[str], Cursor | None]]


def walk_pages(
    state: ScrapeState,
    walk: Walk,
    max_pages: int | None,
    on_page: Callable[[str, int, int], None],
) -> tuple[set[str], bool]:
    """Fetch a list page by page from its checkpoint; returns (entries, complete).

    ``max_pages`` caps the pages fetched in this run; the list is then incomplete and a later
    ``--resume`` continues it.
    """
    checkpoint = state.begin(walk.key, walk.origin)
    fetched = 0
    on_page(walk.label, checkpoint.pages, len(checkpoint.entries))
    while not checkpoint.done:
        if max_pages is not None and fetched >= max_pages:
            return checkpoint.entries, False
        entries, cursor = walk.fetch(checkpoint.cursor)
        if cursor is not None and cursor == checkpoint.cursor:
            # A server handing back the same cursor would make us loop forever.
            raise ScrapeError(f"{walk.label}: the continuation cursor did not advance; stopping")
        fetched += 1
        state.advance(walk.key, checkpoint, entries, cursor)
        on_page(walk.label, checkpoint.pages, len(checkpoint.entries))
    return checkpoint.entries, True
