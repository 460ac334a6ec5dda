"""Fits, the scaling plot and the Markdown report of scripts/bench.py.

Kept apart from the measuring so the report can be re-rendered from results.json and the
measuring code stays about timing. Every figure is a median of the repeats; ratios are
defined once here: deid/floor is a *time* ratio (how many times longer deid takes than just
reading and writing the corpus), deid/DEDUCE a *speed* ratio (deid notes/s over DEDUCE
notes/s; above 1 means deid is faster).
"""

from __future__ import annotations

import os
import statistics
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import FuncFormatter

MB = 1_000_000
NO_WORKERS = "deid run has no --workers option yet"


def median(values: list[float]) -> float:
    return float(statistics.median(values))


def linear_fit(xs: list[float], ys: list[float]) -> dict[str, float] | None:
    """Least-squares line y = intercept + slope·x with its R² (None below two distinct x)."""
    if len(set(xs)) < 2:
        return None
    slope, intercept = np.polyfit(np.asarray(xs, float), np.asarray(ys, float), 1)
    predicted = intercept + slope * np.asarray(xs, float)
    residual = float(np.sum((np.asarray(ys, float) - predicted) ** 2))
    total = float(np.sum((np.asarray(ys, float) - np.mean(ys)) ** 2))
    r2 = 1.0 - residual / total if total > 0 else 1.0
    return {"slope": float(slope), "intercept": float(intercept), "r2": r2}


def plot_scaling(results: dict[str, Any], path: Path) -> Path:
    """Two panels like the paper's Figure 3: run time against corpus size (log-log) and time
    per note against note length, each with its least-squares line; written atomically."""
    figure, (by_size, by_length) = plt.subplots(1, 2, figsize=(10, 4), layout="constrained")
    sizes = results["scaling_size"]
    if sizes:
        xs = [row["notes"] for row in sizes]
        by_size.plot(xs, [row["seconds"] for row in sizes], "o", label="measured (median)")
        fit = results.get("size_fit")
        if fit:
            line = np.geomspace(min(xs), max(xs), 50)
            by_size.plot(
                line, fit["intercept"] + fit["slope"] * line, "-", label=f"linear fit, R² {fit['r2']:.4f}"
            )
        by_size.set_xscale("log")
        by_size.set_yscale("log")
        by_size.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:,.0f}"))
        by_size.legend()
    by_size.set(xlabel="notes in corpus", ylabel="seconds (both passes, excl. start-up)", title="Corpus size")
    lengths = results["scaling_length"]
    if lengths:
        xs = [row["tokens"] for row in lengths]
        by_length.plot(xs, [row["ms_per_note"] for row in lengths], "o", label="measured (median)")
        fit = results.get("length_fit")
        if fit:
            line = np.linspace(0, max(xs), 50)
            by_length.plot(
                line, fit["intercept"] + fit["slope"] * line, "-", label=f"linear fit, R² {fit['r2']:.4f}"
            )
        by_length.legend()
    by_length.set(xlabel="tokens per note", ylabel="ms per note", title="Note length")
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".part.png")
    figure.savefig(partial, dpi=110)
    plt.close(figure)
    os.replace(partial, path)
    return path


def _n(value: float, digits: int = 0) -> str:
    return f"{value:,.{digits}f}"


def _throughput_rows(results: dict[str, Any]) -> list[str]:
    size = results["corpus"]["bytes"] / MB
    notes = results["corpus"]["notes"]
    rows = []
    for row in results["throughput"]:
        if row.get("unavailable"):
            rows.append(f"| {row['label']} | – | – | – | unavailable: {row['unavailable']} |")
            continue
        seconds = row["seconds"]
        note = row.get("note", "")
        rows.append(
            f"| {row['label']} | {_n(notes / median(seconds))} | {_n(size / median(seconds), 2)} "
            f"| {median(seconds):.2f} ({min(seconds):.2f}–{max(seconds):.2f}) | {note} |"
        )
    return rows


def _ratio(value: float | None, unavailable: str) -> str:
    return f"{value:.2f}×" if value is not None else f"unavailable: {unavailable}"


def _fit_line(fit: dict[str, float] | None, y: str, x: str, unit: str) -> str:
    if not fit:
        return f"Linear fit: needs at least two different {x}."
    return (
        f"Linear fit: {y} = {fit['intercept']:.4g} + {fit['slope']:.4g} {unit} × {x}, R² = {fit['r2']:.4f}."
    )


def markdown(results: dict[str, Any]) -> str:
    """The whole report: machine, corpus, throughput, ratios, scaling, memory."""
    return "\n".join(
        [
            "## deid benchmark",
            "",
            *_setup_lines(results),
            "",
            "| measure | notes/s | MB/s | seconds | note |",
            "|---|---|---|---|---|",
            *_throughput_rows(results),
            "",
            *_ratio_table(results),
            "",
            *_size_scaling(results),
            "",
            *_length_scaling(results),
            "",
            f"Plot: {results['plot']}",
            "",
        ]
    )


def _setup_lines(results: dict[str, Any]) -> list[str]:
    """What was measured on what: the machine, then the corpus, dictionaries and repeats."""
    machine, corpus, config = results["machine"], results["corpus"], results["config"]
    return [
        f"Machine: {machine['cpu']}, {machine['cores']} cores, {machine['ram_gib']:.0f} GiB RAM, "
        f"{machine['platform']}, Python {machine['python']}, deid {machine['deid']}; "
        f"load average at start {machine['load_average']:.2f}.",
        "",
        f"Corpus: {_n(corpus['notes'])} notes ({corpus['bytes'] / MB:.2f} MB, {corpus['source']}); "
        f"tokens per note median {corpus['median_tokens']:g}, mean {corpus['mean_tokens']:.1f}, "
        f"max {corpus['max_tokens']}; pseudonymizations per note mean "
        f"{corpus['pseudonymizations_mean']:.2f}, median {corpus['pseudonymizations_median']:g}. "
        f"Dictionaries: bundled + {_n(config['extra_names'])} invented names (--dict-dir). "
        f"Seconds: median of {config['repeat']} run(s), min–max in brackets.",
    ]


def _ratio_table(results: dict[str, Any]) -> list[str]:
    """The ratios against the I/O floor and DEDUCE, the worker speed-ups and peak memory."""
    ratios = results["ratios"]
    return [
        "| ratio | value |",
        "|---|---|",
        f"| deid time ÷ I/O floor time (in-process, 1 process) | "
        f"{_ratio(ratios['deid_over_floor_time'], '')} |",
        f"| deid notes/s ÷ DEDUCE notes/s (both in-process, 1 process) | "
        f"{_ratio(ratios['deid_over_deduce_speed'], results['deduce'].get('error', ''))} |",
        f"| speed-up of 2 workers over 1, in-process | "
        f"{_ratio(ratios['workers2_speedup_in_process'], NO_WORKERS)} |",
        f"| speed-up of 2 workers over 1, `deid run` command | "
        f"{_ratio(ratios['workers2_speedup_command'], NO_WORKERS)} |",
        f"| peak memory of `deid run` in 1 process (max RSS) | {results['peak_rss_mb']:.0f} MB |",
        *(
            [
                f"| speed-up of `deid run --workers 1` over {results['baseline']['ref']} "
                f"({results['baseline']['commit'][:12]}), both incl. start-up | "
                f"{_ratio(ratios['speedup_over_baseline_command'], '')} |"
            ]
            if results.get("baseline")
            else []
        ),
    ]


def _size_scaling(results: dict[str, Any]) -> list[str]:
    """Run time, throughput and memory per corpus size, with the linear fit."""
    return [
        "### Scaling with corpus size",
        "",
        "| notes | MB | in-process s | notes/s | `deid run` s (incl. start-up) | peak RSS MB |",
        "|---|---|---|---|---|---|",
        *(
            f"| {_n(row['notes'])} | {row['bytes'] / MB:.2f} | {row['seconds']:.2f} | "
            f"{_n(row['notes'] / row['seconds'])} | {row['command_seconds']:.2f} | {row['peak_rss_mb']:.0f} |"
            for row in results["scaling_size"]
        ),
        "",
        _fit_line(results.get("size_fit"), "seconds", "notes", "s"),
    ]


def _length_scaling(results: dict[str, Any]) -> list[str]:
    """Time per note and tokens per second per note length, with the linear fit."""
    return [
        "### Scaling with note length",
        "",
        "| tokens per note | notes | in-process s | ms per note | tokens/s |",
        "|---|---|---|---|---|",
        *(
            f"| {row['tokens']} | {_n(row['notes'])} | {row['seconds']:.2f} | {row['ms_per_note']:.3f} | "
            f"{_n(row['tokens'] * row['notes'] / row['seconds'])} |"
            for row in results["scaling_length"]
        ),
        "",
        _fit_line(results.get("length_fit"), "ms per note", "tokens", "ms"),
    ]
