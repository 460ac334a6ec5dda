"""Which files a run reads (command-line paths and directories) and where each one's output goes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from deid_cli.corpus.atomic import STDOUT
from deid_cli.corpus.records import UsageError

JSONL_SUFFIXES = frozenset({".jsonl", ".ndjson"})
CSV_SUFFIXES = frozenset({".csv", ".tsv"})
SUPPORTED_SUFFIXES = JSONL_SUFFIXES | CSV_SUFFIXES


def format_of(path: Path) -> str | None:
    """Corpus format implied by the file suffix (case-insensitive), or None if unsupported."""
    suffix = path.suffix.lower()
    if suffix in JSONL_SUFFIXES:
        return "jsonl"
    if suffix in CSV_SUFFIXES:
        return "csv"
    return None


def _directory_inputs(directory: Path) -> list[Path]:
    """Supported files directly inside ``directory``, sorted by name.

    Dot-files are skipped like a shell glob would, which also keeps our own
    ``.name.deid-tmp-*`` temp files out of the input set.
    """
    found = [
        entry
        for entry in directory.iterdir()
        if not entry.name.startswith(".") and format_of(entry) and entry.is_file()
    ]
    return sorted(found, key=lambda p: p.name)


def discover_inputs(paths: Sequence[Path]) -> list[Path]:
    """Expand command-line paths into input files, in argument order, without duplicates."""
    result: list[Path] = []
    seen: set[Path] = set()
    for path in paths:
        if path.is_dir():
            candidates = _directory_inputs(path)
        elif path.is_file():
            if format_of(path) is None:
                raise UsageError(f"unsupported input file type (use .jsonl, .ndjson, .csv or .tsv): {path}")
            candidates = [path]
        elif path.exists():
            raise UsageError(f"input is neither a file nor a directory: {path}")
        else:
            raise UsageError(f"input not found: {path}")
        for candidate in candidates:
            key = candidate.resolve()
            if key not in seen:
                seen.add(key)
                result.append(candidate)
    if paths and not result:
        raise UsageError("no input files found (.jsonl, .ndjson, .csv or .tsv)")
    return result


def output_paths(inputs: list[Path], roots: Sequence[Path], output: Path) -> dict[Path, Path]:
    """Map each input file to its output file.

    One input file given directly -> ``output`` is that file (or ``output/name`` when
    ``output`` is an existing directory, like ``cp``). Otherwise ``output`` is a directory that
    mirrors the input file names. Refuses to overwrite an input, since the atomic replace would
    destroy the only copy of the source.
    """
    single_file = len(roots) == 1 and len(inputs) == 1 and not roots[0].is_dir()
    if output == STDOUT and not single_file:
        raise UsageError("-o - (standard output) takes one input file, not several or a directory")
    if single_file:
        dest = output / inputs[0].name if output.is_dir() else output
        mapping = {inputs[0]: dest}
    else:
        if output.exists() and not output.is_dir():
            raise UsageError(
                f"output must be a directory when several inputs or a directory are given: {output}"
            )
        mapping = {}
        by_name: dict[str, Path] = {}
        for path in inputs:
            if path.name in by_name:
                raise UsageError(
                    f"two inputs share the file name {path.name!r}: {by_name[path.name]} and {path}"
                )
            by_name[path.name] = path
            mapping[path] = output / path.name
    _refuse_overwriting_inputs(mapping)
    return mapping


def _refuse_overwriting_inputs(mapping: Mapping[Path, Path]) -> None:
    """Raise UsageError if any destination is one of the inputs."""
    sources = {path.resolve() for path in mapping}
    for dest in mapping.values():
        if dest.resolve() in sources:
            raise UsageError(f"output would overwrite an input file: {dest}")
