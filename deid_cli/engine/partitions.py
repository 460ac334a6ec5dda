"""Inputs of the Dask engine: local paths or fsspec URLs, cut into partitions.

A JSONL file is cut into byte ranges of about ``partition_bytes``, each moved to a line start
(a line belongs to the range it starts in), so a worker reads its range without reading the
rest. A CSV file is one partition: a quoted field may span lines, so an offset does not tell
where a record starts. A partition also knows the line number of its first line (found by
``index_range``), so record ids, rejection messages and risk groups are those of the local
engine, which reads each file from its first line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, BinaryIO, NamedTuple

import fsspec

from deid_cli.corpus.corpus_file import CorpusFile
from deid_cli.corpus.discovery import SUPPORTED_SUFFIXES, discover_inputs, output_paths
from deid_cli.corpus.records import Record, Rejected, UsageError
from deid_cli.engine.local import RunOptions

# fsspec protocols that keep copies of what they read on local disk.
DISK_CACHING_PROTOCOLS = frozenset({"simplecache", "filecache", "blockcache", "cached"})
_COLLAPSED_URL = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]+):/(?!/)")


@dataclass(frozen=True)
class InputFile:
    """One input file as workers open it (an fsspec filesystem and path) and as messages,
    record ids and statistics name it (``label``: the path or URL as the user gave it).

    Stands in for the ``Path`` of a ``CorpusFile`` and its records: it has what they use of
    one (``name``, ``suffix``, ``open``, ``str``), and it pickles, so a worker can open it.
    """

    fs: Any  # fsspec.AbstractFileSystem
    path: str
    label: str

    @property
    def name(self) -> str:
        return PurePosixPath(self.path).name

    @property
    def suffix(self) -> str:
        return PurePosixPath(self.path).suffix

    def open(self, mode: str = "rb") -> BinaryIO:
        return self.fs.open(self.path, mode)

    def size(self) -> int:
        return int(self.fs.size(self.path))

    def __str__(self) -> str:
        return self.label


def input_url(given: str | Path) -> str | None:
    """The fsspec URL an input stands for (chained ones too: ``simplecache::s3://...``), or
    None for a plain local path.

    Typer hands inputs over as ``Path``, which collapses ``s3://bucket/key`` to ``s3:/bucket/key``;
    the lost slash is restored for the protocols fsspec knows (``file:`` URLs are absolute).
    """
    text = str(given)
    if isinstance(given, Path):
        text = "::".join(_restore_slashes(part) for part in text.split("::"))
    known = fsspec.available_protocols()
    parts = text.split("::")
    return text if any("://" in p and p.split("://", 1)[0].lower() in known for p in parts) else None


def _restore_slashes(part: str) -> str:
    match = _COLLAPSED_URL.match(part)
    if match is None or match.group(1).lower() not in fsspec.available_protocols():
        return part
    scheme, rest = match.group(1), part[match.end() :]
    return f"{scheme}:///{rest}" if scheme.lower() in ("file", "local") else f"{scheme}://{rest}"


def resolve_inputs(given: Sequence[str | Path]) -> tuple[list[InputFile], bool]:
    """The input files in order, without duplicates, and whether the inputs are one file
    named directly (then ``--output`` is that file, as with the local engine)."""
    files: list[InputFile] = []
    seen: set[tuple[str, str]] = set()
    directory_given = False
    for item in given:
        url = input_url(item)
        if url is None:
            local = Path(item)
            directory_given |= local.is_dir()
            found = [_local_input(p) for p in discover_inputs([local])]
        else:
            found, is_dir = _url_inputs(url)
            directory_given |= is_dir
        for input_file in found:
            key = (type(input_file.fs).__name__, input_file.path)
            if key not in seen:
                seen.add(key)
                files.append(input_file)
    if given and not files:
        raise UsageError("no input files found (.jsonl, .ndjson, .csv or .tsv)")
    return files, len(given) == 1 and len(files) == 1 and not directory_given


def _local_input(path: Path) -> InputFile:
    # Absolute, so a worker started in another directory opens the same file (shared storage).
    return InputFile(fsspec.filesystem("file"), str(path.resolve()), str(path))


def _url_inputs(url: str) -> tuple[list[InputFile], bool]:
    """The supported files a URL names (a file, or the files directly in a directory)."""
    protocols = {part.split("://", 1)[0].lower() for part in url.split("::")}
    if protocols & DISK_CACHING_PROTOCOLS:
        raise UsageError(f"{url}: caching fsspec protocols keep copies of the notes on local disk")
    try:
        fs, path = fsspec.core.url_to_fs(url)
    except (ImportError, ValueError) as exc:
        raise UsageError(f"{url}: no filesystem for this URL ({type(exc).__name__}: {exc})") from None
    if fs.isdir(path):
        base = url.rstrip("/")
        children = sorted(
            (PurePosixPath(child).name, child)
            for child in fs.ls(path, detail=False)
            if not PurePosixPath(child).name.startswith(".")
            and PurePosixPath(child).suffix.lower() in SUPPORTED_SUFFIXES
            and fs.isfile(child)
        )
        return [InputFile(fs, child, f"{base}/{name}") for name, child in children], True
    if not fs.isfile(path):
        raise UsageError(f"input not found: {url}")
    if PurePosixPath(path).suffix.lower() not in SUPPORTED_SUFFIXES:
        raise UsageError(f"unsupported input file type (use .jsonl, .ndjson, .csv or .tsv): {url}")
    return [InputFile(fs, path, url)], False


def destinations_of(files: list[InputFile], single_file: bool, output: Path) -> dict[InputFile, Path]:
    """Each input's output file, named as the local engine names them (``corpus.output_paths``)."""
    if input_url(output) is not None:
        raise UsageError(f"--output must be a local path with --engine dask: {output}")
    paths = [Path(f.fs.unstrip_protocol(f.path)) if is_remote(f) else Path(f.path) for f in files]
    # output_paths treats one root that is a file as "write exactly there", anything else as a directory.
    mapping = output_paths(paths, paths if single_file else [], output)
    return {f: mapping[p] for f, p in zip(files, paths, strict=True)}


def is_remote(input_file: InputFile) -> bool:
    return "file" not in _protocols(input_file.fs)


def _protocols(fs: Any) -> tuple[str, ...]:
    protocol = fs.protocol
    return (protocol,) if isinstance(protocol, str) else tuple(protocol)


# --------------------------------------------------------------------------------- partitions


@dataclass(frozen=True)
class Partition:
    """A share of one input file processed by one task: the lines starting in
    ``[start, end)`` (``end`` None: the whole file); ``first_line`` is the line number of the
    first of them. The first partition of a file also writes its preamble (CSV header)."""

    source: InputFile
    start: int = 0
    end: int | None = None
    first_line: int = 1

    @property
    def first_of_file(self) -> bool:
        return self.start == 0


def nominal_ranges(size: int, partition_bytes: int) -> list[tuple[int, int | None]]:
    """Byte ranges of about ``partition_bytes`` covering a file of ``size`` bytes (one range,
    the whole file, for a file no larger)."""
    if size <= partition_bytes:
        return [(0, None)]
    starts = list(range(0, size, partition_bytes))
    return [(s, e) for s, e in zip(starts, [*starts[1:], None], strict=True)]


class IndexedRange(NamedTuple):
    start: int  # the first line start at or after the nominal start
    end: int  # the first line start at or after the nominal end (the file size for the last range)
    line_breaks: int  # in [start, end)


def index_range(source: InputFile, start: int, end: int | None) -> IndexedRange:
    """On a worker: a nominal range moved to line starts (a line belongs to the range it
    starts in) and the number of line breaks in it."""
    with source.open() as handle:
        aligned_start = _line_start(handle, start)
        aligned_end = handle.seek(0, 2) if end is None else _line_start(handle, end)
        handle.seek(aligned_start)
        remaining = aligned_end - aligned_start
        breaks = 0
        while remaining > 0:
            block = handle.read(min(2**20, remaining))
            if not block:
                break
            breaks += block.count(b"\n")
            remaining -= len(block)
    return IndexedRange(aligned_start, aligned_end, breaks)


def file_partitions(source: InputFile, ranges: Sequence[IndexedRange]) -> list[Partition]:
    """A file's partitions from its indexed ranges, in order, each knowing its first line
    number; a range inside one long line (no line starts in it) is left out."""
    if len(ranges) <= 1:
        return [Partition(source)]
    partitions = []
    line = 1
    for indexed in ranges:
        if indexed.start < indexed.end:
            partitions.append(Partition(source, indexed.start, indexed.end, line))
        line += indexed.line_breaks
    return partitions


def _line_start(handle: BinaryIO, offset: int) -> int:
    """The first line start at or after ``offset`` (the file size if none)."""
    if offset == 0:
        return 0
    handle.seek(offset - 1)
    return offset - 1 + len(handle.readline())


# ------------------------------------------------------------------------------ on a worker


def corpus_file_of(source: InputFile, options: RunOptions) -> CorpusFile:
    """The CorpusFile of an input with the run's fields (a CSV file's header is read here)."""
    return options.corpus_file(source)  # type: ignore[arg-type]  # path-like: see InputFile


def partition_items(corpus_file: CorpusFile, part: Partition) -> Iterator[Record | Rejected | bytes]:
    """The partition's items in file order, numbered by their line in the whole file."""
    if part.start == 0 and part.end is None:
        yield from corpus_file
        return
    # A JSONL range: the same per-line parser CorpusFile iterates with, numbering from first_line.
    parse = corpus_file.parse_line
    with part.source.open() as handle:
        handle.seek(part.start)
        position, number = part.start, part.first_line
        while part.end is None or position < part.end:
            line = handle.readline()
            if not line:
                return
            yield parse(line, number)
            position += len(line)
            number += 1
