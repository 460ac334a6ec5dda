"""Read, check and compare the statistics files that ``deid run --stats`` writes.

``load_stats`` turns one file into a validated *run summary* (plain dict, counts only);
``build_report`` puts the runs, their comparison and the drift verdict into one report, the
document that ``deid stats --json`` prints and that the terminal, HTML and CSV views render.
Errors cite the file (and line/column for broken JSON) and which key is wrong, never a value or
a name from the file: a damaged file could hold anything.

Definitions used throughout:
- entity and masker *proportions* are recomputed from the counts (count / all pseudonymizations),
  so they are exact rather than the 4-digit values in the file;
- *risk* proportions are notes per level / notes with a risk level;
- deltas are in percentage points (pp) between *consecutive* files, in the order given.
"""

from __future__ import annotations

import math
import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import orjson

from deid_cli.runtime.user_files import MIB, ConfigError, read_limited

SCHEMA = "deid-stats-report/1"
RISK_LEVELS = ("low", "moderate", "high")
DRIFT_MODE = "consecutive"
DESCRIBE_KEYS = ("mean", "median", "sd", "min", "max")
# Metric kinds compared across files, in display order.
METRIC_KINDS = ("entity", "masker", "notes", "risk")
WITH_ANY = "with_any_pseudonymization"
# A stats file is a few KB (counts and histograms only); anything near this is not one.
STATS_FILE_LIMIT = 64 * MIB

_TYPE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,39}")
_BIN_LABEL = re.compile(r"\d{1,9}(?:-\d{1,9}|\+)?")
_VERSION = re.compile(r"[0-9A-Za-z][0-9A-Za-z.+_-]{0,39}")


class StatsFileError(Exception):
    """A stats file that cannot be used; ``str()`` is ``file[:line[:column]]: reason``."""

    def __init__(self, path: Path | str, reason: str, line: int | None = None, column: int | None = None):
        super().__init__(reason)
        self.path, self.reason, self.line, self.column = str(path), reason, line, column

    def __str__(self) -> str:
        where = self.path
        if self.line is not None:
            where += f":{self.line}" + (f":{self.column}" if self.column is not None else "")
        return f"{where}: {self.reason}"


class _Invalid(Exception):
    """Raised inside validation; the message names keys of the format only."""


# ------------------------------------------------------------------------------------ loading


def load_stats(path: Path) -> dict[str, Any]:
    """Read one ``--stats`` file and return its run summary, or raise ``StatsFileError``."""
    try:
        raw = read_limited(path, STATS_FILE_LIMIT, "stats files")
    except ConfigError as exc:
        raise StatsFileError(path, str(exc).removeprefix(f"{path}: ")) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise StatsFileError(path, f"not UTF-8 text (byte {exc.start})", line) from None
    if not text.strip():
        raise StatsFileError(path, "empty file, not a deid stats file")
    try:
        data = orjson.loads(text)  # depth-limited: a hostile nesting is an error, not a crash
    except orjson.JSONDecodeError as exc:
        reason = exc.msg.removesuffix(" at")  # "Invalid control character at"
        raise StatsFileError(path, f"invalid JSON: {reason}", exc.lineno, exc.colno) from None
    try:
        return summarize(data, str(path))
    except _Invalid as exc:
        raise StatsFileError(path, f"not a deid stats file: {exc}") from None


def summarize(data: object, file: str) -> dict[str, Any]:
    """Validate a parsed stats dict and return the normalized run summary for ``file``."""
    if not isinstance(data, dict):
        raise _Invalid("the top level is not a JSON object")
    records = _object(data, "records")
    notes = _count(data, "notes")
    total = _count(data, "pseudonymizations")
    entities = _counts_by_name(data, "entities")
    maskers = _counts_by_name(data, "maskers")
    for key, counts in (("entities", entities), ("maskers", maskers)):
        if sum(counts.values()) != total:
            raise _Invalid(f"the counts in '{key}' do not add up to 'pseudonymizations'")
    per_note = _object(data, "pseudonymizations_per_note")
    length = _object(data, "note_length_tokens")
    per_note_summary = {
        **_describe(per_note, "pseudonymizations_per_note"),
        "share_with_any": _fraction(per_note, "share_with_any", "pseudonymizations_per_note"),
        "share_at_most_5": _fraction(per_note, "share_at_most_5", "pseudonymizations_per_note", True),
        "histogram": _histogram(per_note, "pseudonymizations_per_note", notes),
    }
    version = data.get("deid_version")
    if version is not None and not (isinstance(version, str) and _VERSION.fullmatch(version)):
        raise _Invalid("'deid_version' is not a version string")
    return {
        "file": file,
        "deid_version": version,
        "records": {key: _count(records, key, "records.") for key in ("read", "written", "rejected")},
        "notes": notes,
        "pseudonymizations": total,
        "entities": _shares(entities),
        "maskers": _shares(maskers),
        "distinct_references": _counts_by_name(data, "distinct_references", optional=True),
        "pseudonymizations_per_note": per_note_summary,
        "note_length_tokens": {
            **_describe(length, "note_length_tokens"),
            "histogram": _histogram(length, "note_length_tokens", notes),
        },
        "risk": _risk(data),
        "learned_references": _count(data, "learned_references", optional=True),
        "learned_cues": _count(data, "learned_cues", optional=True),
        "learned_aliases": _count(data, "learned_aliases", optional=True),
        "learned_places": _count(data, "learned_places", optional=True),
        "caught_only_by_corpus_learning": _count(data, "caught_only_by_corpus_learning", optional=True),
        "runtime_seconds": _number(data, "runtime_seconds"),
        "notes_per_second": _number(data, "notes_per_second", nullable=True),
    }


def _object(data: dict, key: str, where: str = "") -> dict:
    value = data.get(key)
    if not isinstance(value, dict):
        raise _Invalid(f"'{where}{key}' is {'missing' if value is None else 'not an object'}")
    return value


def _is_count(value: object) -> bool:
    return type(value) is int and value >= 0


def _count(data: dict, key: str, where: str = "", optional: bool = False) -> int | None:
    value = data.get(key)
    if value is None and optional:
        return None
    if not _is_count(value):
        raise _Invalid(f"'{where}{key}' is {'missing' if value is None else 'not a non-negative integer'}")
    return value


def _number(data: dict, key: str, where: str = "", nullable: bool = False) -> float | None:
    value = data.get(key)
    if value is None:
        if nullable:
            return None
        raise _Invalid(f"'{where}{key}' is missing")
    if type(value) not in (int, float) or not math.isfinite(value) or value < 0:
        raise _Invalid(f"'{where}{key}' is not a non-negative number")
    return value


def _fraction(data: dict, key: str, where: str, optional: bool = False) -> float | None:
    if optional and data.get(key) is None:
        return None
    value = _number(data, key, f"{where}.")
    assert value is not None
    if value > 1:
        raise _Invalid(f"'{where}.{key}' is not a proportion between 0 and 1")
    return value


def _counts_by_name(data: dict, key: str, optional: bool = False) -> dict[str, int]:
    """``{name: {"count": n, ...}}`` (or ``{name: n}``) with names that look like type names."""
    value = data.get(key)
    if value is None and optional:
        return {}
    if not isinstance(value, dict):
        raise _Invalid(f"'{key}' is {'missing' if value is None else 'not an object'}")
    counts: dict[str, int] = {}
    for position, (name, entry) in enumerate(value.items(), 1):
        if not _TYPE_NAME.fullmatch(name):
            raise _Invalid(f"entry {position} of '{key}' has a name that is not a type or masker name")
        count = entry.get("count") if isinstance(entry, dict) else entry
        if not _is_count(count):
            raise _Invalid(f"entry {position} of '{key}' has no non-negative integer count")
        counts[name] = count
    return counts


def _describe(data: dict, where: str) -> dict[str, float | None]:
    return {key: _number(data, key, f"{where}.", nullable=True) for key in DESCRIBE_KEYS}


def _histogram(data: dict, where: str, notes: int) -> dict[str, int]:
    bins = _object(data, "histogram", f"{where}.")
    for position, (label, count) in enumerate(bins.items(), 1):
        if not _BIN_LABEL.fullmatch(label) or not _is_count(count):
            raise _Invalid(f"bin {position} of '{where}.histogram' is not a bin label with a count")
    if sum(bins.values()) != notes:
        raise _Invalid(f"the bins of '{where}.histogram' do not add up to 'notes'")
    return dict(bins)


def _risk(data: dict) -> dict[str, dict[str, float]] | None:
    """The optional ``risk`` key: notes per re-identification risk level (other keys ignored).

    ``{"low": int, "moderate": int, "high": int}`` as ``deid run --stats`` writes it."""
    if data.get("risk") is None:
        return None
    risk = _object(data, "risk")
    counts = {}
    for level in RISK_LEVELS:
        value = risk.get(level)
        # A report's run summary holds {"count": n, "proportion": p}; accept it as input too.
        count = value.get("count") if isinstance(value, dict) else value
        if not _is_count(count):
            raise _Invalid(f"'risk.{level}' is {'missing' if value is None else 'not a count of notes'}")
        counts[level] = count
    return _shares(counts)


def _shares(counts: dict[str, int]) -> dict[str, dict[str, float]]:
    total = sum(counts.values())
    return {
        name: {"count": n, "proportion": round(n / total, 6) if total else 0.0} for name, n in counts.items()
    }


# -------------------------------------------------------------------------------- comparison


def compare(runs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per compared proportion with its value in every run and the consecutive deltas.

    Entities and maskers that never occur in any run are left out. Risk levels are compared
    only between consecutive runs that both carry a ``risk`` key (otherwise the delta is None).
    """
    metrics: list[dict[str, Any]] = []
    for kind, key in (("entity", "entities"), ("masker", "maskers")):
        names = dict.fromkeys(name for run in runs for name, row in run[key].items() if row["count"])
        for name in names:
            values = [run[key].get(name, {"proportion": 0.0})["proportion"] for run in runs]
            metrics.append(_metric(kind, name, values))
    metrics.append(
        _metric("notes", WITH_ANY, [run["pseudonymizations_per_note"]["share_with_any"] for run in runs])
    )
    if any(run["risk"] for run in runs):
        for level in RISK_LEVELS:
            values = [run["risk"][level]["proportion"] if run["risk"] else None for run in runs]
            metrics.append(_metric("risk", level, values))
    return metrics


def _metric(kind: str, name: str, values: list[float | None]) -> dict[str, Any]:
    deltas = [_delta_pp(a, b) for a, b in pairwise(values)]
    known = [d for d in deltas if d is not None]
    return {
        "kind": kind,
        "name": name,
        "proportions": values,
        "deltas_pp": deltas,
        "largest_step_pp": max(known, key=abs) if known else None,
        "first_to_last_pp": _delta_pp(values[0], values[-1]),
    }


def _delta_pp(before: float | None, after: float | None) -> float | None:
    if before is None or after is None:
        return None
    return round((after - before) * 100, 4)


def find_drift(metrics: list[dict[str, Any]], files: list[str], threshold_pp: float) -> list[dict[str, Any]]:
    """Every consecutive step in which a proportion moved by more than ``threshold_pp``."""
    exceeded = []
    for metric in metrics:
        for step, delta in enumerate(metric["deltas_pp"]):
            if delta is not None and abs(delta) > threshold_pp:
                exceeded.append(
                    {
                        "kind": metric["kind"],
                        "name": metric["name"],
                        "from_file": files[step],
                        "to_file": files[step + 1],
                        "from_proportion": metric["proportions"][step],
                        "to_proportion": metric["proportions"][step + 1],
                        "delta_pp": delta,
                    }
                )
    return exceeded


def build_report(runs: list[dict[str, Any]], threshold_pp: float | None = None) -> dict[str, Any]:
    """The merged report over runs given in chronological order (the last one is the latest)."""
    files = [run["file"] for run in runs]
    comparison = compare(runs) if len(runs) > 1 else None
    drift = None
    if comparison is not None and threshold_pp is not None:
        exceeded = find_drift(comparison, files, threshold_pp)
        drift = {
            "mode": DRIFT_MODE,
            "threshold_pp": threshold_pp,
            "drifted": bool(exceeded),
            "exceeded": exceeded,
        }
    return {
        "schema": SCHEMA,
        "files": files,
        "runs": runs,
        "comparison": comparison,
        "drift": drift,
    }


# ------------------------------------------------------------------------------------ tables


def format_share(value: float | None) -> str:
    """A proportion as a percentage with one decimal ("12.5%"); "–" where there is none."""
    return "–" if value is None else f"{value:.1%}"


def format_pp(value: float | None) -> str:
    """A difference in percentage points, always signed ("+1.25"); "–" where there is none."""
    return "–" if value is None else f"{value:+.2f}"


def format_number(value: float | None) -> str:
    """A count or measurement in its shortest form ("3", "0.25"); "–" where there is none."""
    return "–" if value is None else f"{value:g}"


def describe_distribution(stats: dict[str, Any]) -> str:
    """One line for a per-note distribution: "mean 2.5, median 2, sd 1.1, min 0, max 9"."""
    return ", ".join(f"{key} {format_number(stats[key])}" for key in ("mean", "median", "sd", "min", "max"))


def describe_label(kind: str, name: str) -> str:
    """Human label of a compared proportion ("entity PAT", "notes with ≥1 pseudonymization")."""
    if kind == "notes":
        return "notes with ≥1 pseudonymization"
    return f"{'risk level' if kind == 'risk' else kind} {name}"


CsvTable = tuple[list[str], list[list[Any]]]  # (header, rows) of one --csv file


def csv_tables(report: dict[str, Any]) -> dict[str, CsvTable]:
    """The report's tables for ``--csv``: file name -> (header, rows); tidy, one fact per row."""
    runs = report["runs"]
    tables: dict[str, CsvTable] = {
        "runs.csv": _runs_csv(runs),
        "entities.csv": _entities_csv(runs),
        "maskers.csv": _maskers_csv(runs),
    }
    for key in ("pseudonymizations_per_note", "note_length_tokens"):
        tables[f"histogram_{key}.csv"] = _histogram_csv(runs, key)
    if any(run["risk"] for run in runs):
        tables["risk.csv"] = _risk_csv(runs)
    if report["comparison"] is not None:
        tables["comparison.csv"] = _comparison_table(report)
    return tables


_RUNS_CSV_HEADER = [
    "file",
    "deid_version",
    "records_read",
    "records_written",
    "records_rejected",
    "notes",
    "pseudonymizations",
    "share_with_any",
    "share_at_most_5",
    *(f"per_note_{key}" for key in DESCRIBE_KEYS),
    *(f"note_length_{key}" for key in DESCRIBE_KEYS),
    "learned_references",
    "learned_cues",
    "learned_aliases",
    "learned_places",
    "caught_only_by_corpus_learning",
    "runtime_seconds",
    "notes_per_second",
]


def _runs_csv(runs: list[dict[str, Any]]) -> CsvTable:
    """runs.csv: one row per stats file with its records, counts, distributions and timing."""
    return (
        list(_RUNS_CSV_HEADER),
        [
            [
                run["file"],
                run["deid_version"],
                *(run["records"][key] for key in ("read", "written", "rejected")),
                run["notes"],
                run["pseudonymizations"],
                run["pseudonymizations_per_note"]["share_with_any"],
                run["pseudonymizations_per_note"]["share_at_most_5"],
                *(run["pseudonymizations_per_note"][key] for key in DESCRIBE_KEYS),
                *(run["note_length_tokens"][key] for key in DESCRIBE_KEYS),
                run["learned_references"],
                run["learned_cues"],
                run["learned_aliases"],
                run["learned_places"],
                run["caught_only_by_corpus_learning"],
                run["runtime_seconds"],
                run["notes_per_second"],
            ]
            for run in runs
        ],
    )


def _entities_csv(runs: list[dict[str, Any]]) -> CsvTable:
    """entities.csv: pseudonymizations and distinct references per entity type and file."""
    return (
        ["file", "entity", "count", "proportion", "distinct_references"],
        [
            [run["file"], name, row["count"], row["proportion"], run["distinct_references"].get(name)]
            for run in runs
            for name, row in run["entities"].items()
        ],
    )


def _maskers_csv(runs: list[dict[str, Any]]) -> CsvTable:
    """maskers.csv: pseudonymizations per masker and file."""
    return (
        ["file", "masker", "count", "proportion"],
        [
            [run["file"], name, row["count"], row["proportion"]]
            for run in runs
            for name, row in run["maskers"].items()
        ],
    )


def _histogram_csv(runs: list[dict[str, Any]], key: str) -> CsvTable:
    """histogram_<key>.csv: notes per bin of one per-note distribution, per file."""
    return (
        ["file", "bin", "notes"],
        [[run["file"], label, n] for run in runs for label, n in run[key]["histogram"].items()],
    )


def _risk_csv(runs: list[dict[str, Any]]) -> CsvTable:
    """risk.csv: notes per risk level, for the runs that rated risk."""
    return (
        ["file", "level", "notes", "proportion"],
        [
            [run["file"], level, row["count"], row["proportion"]]
            for run in runs
            if run["risk"]
            for level, row in run["risk"].items()
        ],
    )


def _comparison_table(report: dict[str, Any]) -> CsvTable:
    files = report["files"]
    drift = report["drift"]
    flagged = {
        (row["kind"], row["name"], row["from_file"], row["to_file"])
        for row in (drift or {}).get("exceeded", [])
    }
    rows = []
    for metric in report["comparison"]:
        for step, delta in enumerate(metric["deltas_pp"]):
            key = (metric["kind"], metric["name"], files[step], files[step + 1])
            rows.append(
                [
                    metric["kind"],
                    metric["name"],
                    files[step],
                    files[step + 1],
                    metric["proportions"][step],
                    metric["proportions"][step + 1],
                    delta,
                    None if drift is None else key in flagged,
                ]
            )
    header = [
        "kind",
        "name",
        "from_file",
        "to_file",
        "from_proportion",
        "to_proportion",
        "delta_pp",
        "exceeds_threshold",
    ]
    return header, rows


__all__ = [
    "RISK_LEVELS",
    "SCHEMA",
    "StatsFileError",
    "build_report",
    "compare",
    "csv_tables",
    "describe_label",
    "find_drift",
    "load_stats",
    "summarize",
]
