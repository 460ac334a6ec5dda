"""Writing the lists: all or nothing, in the format ``deid run --dict-dir`` reads.

Every list is UTF-8, sorted in code-point order, deduplicated, one entry per line, like the
bundled dictionaries. All files of a run, SOURCES.md included, go through one
``AtomicOutputs``, so an error before the commit leaves every previous file as it was.

SOURCES.md is regenerated from a small machine-readable record (``.sources.json``), so rows
for files written by earlier runs (another ``--source``) survive.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import orjson

from deid_cli.corpus.atomic import PRIVATE_FILE_MODE, AtomicOutputs
from deid_cli.detection.lexicon.lists import read_lines
from deid_cli.runtime.user_files import ConfigError

SOURCES_MD = "SOURCES.md"
SOURCES_JSON = ".sources.json"

WIKIPEDIA_LICENCE = "CC BY-SA 4.0 (Wikipedia contributors)"
GEONAMES_LICENCE = "CC BY 4.0 (GeoNames, geonames.org)"
HCP_LICENCE = "terms of the directory's operator — check before use"


@dataclass
class ListResult:
    """One output file's new content and where it came from."""

    filename: str
    entries: set[str]
    source: str
    licence: str


@dataclass
class SourceResult:
    """What one source produced; ``keys`` are its state keys, forgotten once written."""

    lists: list[ListResult]
    keys: list[str] = field(default_factory=list)
    complete: bool = True


@dataclass(frozen=True)
class SummaryRow:
    filename: str
    before: int
    after: int
    added: int
    removed: int


def _existing(path: Path) -> set[str]:
    """Entries of the current file; an unreadable one counts as empty (it is being replaced)."""
    if not path.is_file():
        return set()
    try:
        return set(read_lines(path))
    except ConfigError:
        return set()


def summarize(out: Path, lists: list[ListResult]) -> list[SummaryRow]:
    """Per list: entries before and after, added and removed."""
    rows = []
    for item in lists:
        before = _existing(out / item.filename)
        rows.append(
            SummaryRow(
                item.filename,
                len(before),
                len(item.entries),
                len(item.entries - before),
                len(before - item.entries),
            )
        )
    return rows


def render(entries: set[str]) -> bytes:
    """Sorted (code-point order), unique, one per line, UTF-8."""
    return "".join(f"{entry}\n" for entry in sorted(entries)).encode("utf-8")


def write_outputs(
    out: Path, lists: list[ListResult], now: datetime | None = None, mode: int = PRIVATE_FILE_MODE
) -> None:
    """Replace the lists, SOURCES.md and its record atomically (temp files, then renames), each
    with ``mode`` (--mode)."""
    stamp = (now or datetime.now(UTC)).strftime("%Y-%m-%dT%H:%M:%SZ")
    record = _load_record(out)
    for item in lists:
        record[item.filename] = {
            "source": item.source,
            "retrieved": stamp,
            "licence": item.licence,
            "entries": len(item.entries),
        }
    names = {item.filename for item in lists}
    record = {name: row for name, row in sorted(record.items()) if name in names or (out / name).is_file()}
    with AtomicOutputs(mode) as files:
        for item in lists:
            files.open(out / item.filename).write(render(item.entries))
        files.open(out / SOURCES_JSON).write(json.dumps(record, indent=1, ensure_ascii=False).encode("utf-8"))
        files.open(out / SOURCES_MD).write(sources_markdown(record).encode("utf-8"))
        files.commit()


def _load_record(out: Path) -> dict[str, dict]:
    try:
        data = orjson.loads((out / SOURCES_JSON).read_bytes())  # depth-limited, unlike json
    except (OSError, UnicodeDecodeError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, dict)} if isinstance(data, dict) else {}


def _cell(value: object) -> str:
    return str(value).replace("|", "\\|").replace("\n", " ")


def sources_markdown(record: dict[str, dict]) -> str:
    """SOURCES.md: one row per file with source, retrieval time, licence and entry count."""
    lines = [
        "# Sources of these dictionaries",
        "",
        "Written by `deid scrape-dicts`; regenerated on every run. Times are UTC.",
        "",
        "| file | source | retrieved (UTC) | licence | entries |",
        "| --- | --- | --- | --- | --- |",
    ]
    for name, row in record.items():
        cells = [f"`{name}`", row.get("source", ""), row.get("retrieved", ""), row.get("licence", "")]
        lines.append("| " + " | ".join(_cell(c) for c in cells) + f" | {_cell(row.get('entries', ''))} |")
    lines += [
        "",
        "Wikipedia-derived lists (names from article titles) are under CC BY-SA 4.0: attribute",
        "the Wikipedia contributors and share adaptations alike. GeoNames postcodes are under",
        "CC BY 4.0: attribute GeoNames (geonames.org). Lists from doctors' directories are under",
        "the terms of the directory's operator: check them before use or redistribution.",
        "",
    ]
    return "\n".join(lines)
