#!/usr/bin/env python3
"""deid's benchmark script. Measures, never asserts; quote medians of several runs.

    python scripts/bench.py run [--notes 20000 | --corpus FILE] [--repeat 3] [--sizes 1k,10k,100k]
    python scripts/bench.py load [--extra-names 500000] [--repeat 3]

``run``: throughput on a corpus shaped like the Masketeer paper's notes (scripts/bench_corpus.py)
with the bundled dictionaries plus 500,000 invented names: deid in-process (both passes, after
start-up) and as the real ``deid run`` command (start-up included, peak memory), the I/O floor
(orjson read + write, nothing else), DEDUCE in its own virtual environment, and scaling with
corpus size and note length (linear fits, R², build/bench/scaling.png). Writes a Markdown table
to stdout and build/bench/results.json + results.md; progress goes to stderr. Helpers:
bench_corpus.py (the corpora), bench_launch.py (wall time and memory of a command),
bench_deduce.py (runs inside the DEDUCE venv), bench_report.py (fits, plot, Markdown).

``load``: dictionary start-up. Cold = compiling the public lists (bundled + a dictionary
directory of N extra invented names, as ``deid scrape-dicts`` would produce) with an empty
cache; warm = loading the compiled lists from the cache. Reported in-process (the
dictionary step alone) and end to end (``deid run`` on a one-note corpus, interpreter start-up
included).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import bench_baseline
import bench_corpus
import bench_report
import orjson

from deid_cli import __version__ as deid_version
from deid_cli.detection.detector import Detector
from deid_cli.detection.lexicon.cache import load_public_lexicon
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.engine.local import LocalEngine, RunOptions
from deid_cli.reports.run_stats import RunStats

SCRIPTS = Path(__file__).resolve().parent
DEFAULT_OUT = SCRIPTS.parent / "build" / "bench"
DEFAULT_DEDUCE_VENV = SCRIPTS.parent / "build" / "deduce-venv"
DEID = Path(sys.executable).with_name("deid")
# The side-by-side measures of the main corpus, in table order (DEDUCE goes before the floor).
MEASURES = {
    "engine": "deid in-process, 1 process (both passes, excl. start-up)",
    "engine_workers2": "deid in-process, 2 workers (both passes, excl. start-up)",
    "command": "`deid run{single}` command (incl. start-up)",
    "command_workers2": "`deid run --workers 2` command (incl. start-up)",
    "floor": "I/O floor (orjson read + write + fsync)",
    "baseline_command": "`deid run --workers 1` of {baseline} (incl. start-up)",
}

# fmt: off
SYLLABLES = [
    "ba", "be", "bi", "bo", "bu", "da", "de", "di", "do", "du", "ka", "ke", "ki", "ko", "ku",
    "la", "le", "li", "lo", "lu", "ma", "me", "mi", "mo", "mu", "na", "ne", "ni", "no", "nu",
    "ra", "re", "ri", "ro", "ru", "sa", "se", "si", "so", "su", "ta", "te", "ti", "to", "tu",
    "wa", "we", "wi", "za", "ze", "zi", "zo", "zu", "ber", "ger", "hof", "mair", "hu", "ner",
    "ler", "lech", "brunn", "stadl", "wimm", "pichl", "egg",
]
# fmt: on


def invented_names(count: int, seed: int = 1) -> list[str]:
    """``count`` distinct invented, name-shaped words (deterministic)."""
    rng = random.Random(seed)
    names: set[str] = set()
    while len(names) < count:
        names.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize())
    return sorted(names)


def write_name_dictionary(dict_dir: Path, count: int) -> Path:
    """A dictionary directory of ``count`` invented names, half surnames, half first names, as
    ``deid scrape-dicts`` would write it (kept when it already exists: the names are fixed)."""
    files = (dict_dir / "surnames.txt", dict_dir / "first_names.txt")
    if all(f.exists() for f in files):
        return dict_dir
    dict_dir.mkdir(parents=True, exist_ok=True)
    names = invented_names(count)
    half = len(names) // 2
    for path, part in zip(files, (names[:half], names[half:]), strict=True):
        partial = path.with_name(path.name + ".part")
        partial.write_text("\n".join(part) + "\n", encoding="utf-8")
        os.replace(partial, path)
    return dict_dir


# ---------------------------------------------------------------------------------------------
# bench.py load
# ---------------------------------------------------------------------------------------------


def time_in_process(dict_dir: Path, cache: Path) -> tuple[float, float]:
    started = time.perf_counter()
    _, cold = load_public_lexicon([dict_dir], cache_dir=cache)
    cold_s = time.perf_counter() - started
    started = time.perf_counter()
    _, warm = load_public_lexicon([dict_dir], cache_dir=cache)
    warm_s = time.perf_counter() - started
    assert cold.source == "built" and warm.source == "cache", (cold.source, warm.source)
    return cold_s, warm_s


def time_end_to_end(dict_dir: Path, cache: Path, workdir: Path) -> tuple[float, float]:
    corpus = workdir / "one.jsonl"
    corpus.write_text('{"id": 1, "text": "Frau Zirbleitner hat angerufen."}\n', encoding="utf-8")
    command = [
        str(DEID),
        "run",
        str(corpus),
        "-o",
        str(workdir / "out.jsonl"),
        "--dict-dir",
        str(dict_dir),
        "-q",
    ]
    env = {"DEID_CACHE_DIR": str(cache), "PATH": "/usr/bin:/bin"}
    timings = []
    for _ in range(2):  # first cold, then warm
        started = time.perf_counter()
        subprocess.run(command, check=True, env=env)
        timings.append(time.perf_counter() - started)
    return timings[0], timings[1]


def bench_load(extra_names: int, repeat: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        dict_dir = write_name_dictionary(root / "dicts", extra_names)
        rows = {"in-process cold": [], "in-process warm": [], "deid run cold": [], "deid run warm": []}
        for index in range(repeat):
            cold, warm = time_in_process(dict_dir, root / f"cache-a{index}")
            rows["in-process cold"].append(cold)
            rows["in-process warm"].append(warm)
            cold, warm = time_end_to_end(dict_dir, root / f"cache-b{index}", root)
            rows["deid run cold"].append(cold)
            rows["deid run warm"].append(warm)
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"dictionary start-up, bundled lists + {extra_names:,} extra names, median of {repeat} runs")
    print("| measure | median s | min s | max s |")
    print("|---|---|---|---|")
    for label, values in rows.items():
        print(f"| {label} | {statistics.median(values):.2f} | {min(values):.2f} | {max(values):.2f} |")


# ---------------------------------------------------------------------------------------------
# bench.py run: the single measurements
# ---------------------------------------------------------------------------------------------


def log(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr, flush=True)


def machine_description() -> dict[str, Any]:
    """Platform, CPU model, cores, RAM, and how busy the machine was when the run started."""
    cpuinfo = Path("/proc/cpuinfo").read_text() if Path("/proc/cpuinfo").exists() else ""
    model = re.search(r"^model name\s*:\s*(.+)$", cpuinfo, re.M)
    meminfo = Path("/proc/meminfo").read_text() if Path("/proc/meminfo").exists() else ""
    ram_kib = re.search(r"^MemTotal:\s*(\d+)", meminfo, re.M)
    return {
        "platform": platform.platform(),
        "cpu": model.group(1).strip() if model else platform.processor() or platform.machine(),
        "cores": os.cpu_count(),
        "ram_gib": int(ram_kib.group(1)) / 2**20 if ram_kib else 0.0,
        "python": platform.python_version(),
        "deid": deid_version,
        "load_average": os.getloadavg()[0],
    }


def build_detector(dict_dir: Path, cache: Path) -> Detector:
    """The lexicon and Detector exactly as ``deid run`` builds them with its defaults."""
    lexicon = build_lexicon(DictionaryOptions(), [dict_dir], use_cache=True, cache_dir=cache)
    return Detector(lexicon)


def time_engine(detector: Detector, corpus: Path, workdir: Path, workers: int = 1) -> tuple[float, RunStats]:
    """Both passes of ``deid run`` (learn, detect, pseudonymize, write), start-up excluded."""
    output = workdir / "engine-out.jsonl"
    options = RunOptions() if workers == 1 else RunOptions(workers=workers)
    started = time.perf_counter()
    stats = LocalEngine(detector, options).run([corpus], output)
    elapsed = time.perf_counter() - started
    output.unlink(missing_ok=True)
    return elapsed, stats


def time_command(
    corpus: Path, dict_dir: Path, cache: Path, workdir: Path, extra: list[str], deid: Path = DEID
) -> tuple[float, float, float]:
    """Wall time, peak RSS of the largest process and peak PSS of all its processes (MB) of a
    real ``deid run`` (this one, or a baseline's), started through scripts/bench_launch.py."""
    output = workdir / "command-out.jsonl"
    command = [str(deid), "run", str(corpus), "-o", str(output), "--dict-dir", str(dict_dir), "-q", *extra]
    env = {**os.environ, "DEID_CACHE_DIR": str(cache)}
    launcher = [sys.executable, str(SCRIPTS / "bench_launch.py")]
    done = subprocess.run([*launcher, *command], env=env, capture_output=True, text=True)
    output.unlink(missing_ok=True)
    lines = done.stdout.strip().splitlines()
    measured = orjson.loads(lines[-1]) if done.returncode == 0 and lines else {"status": done.returncode}
    if measured["status"] != 0:
        message = done.stderr.strip()[-300:]
        raise RuntimeError(f"deid run exited with status {measured['status']}: {message}")
    return measured["seconds"], measured["maxrss_kib"] / 1024, measured["peak_tree_pss_kib"] / 1024


def time_io_floor(corpus: Path, workdir: Path) -> float:
    """Read every line, parse and re-serialize it with orjson, write and fsync it: what any
    tool must at least spend on this corpus. The copy may hold PHI: 0600, deleted at once."""
    copy = workdir / "floor-out.jsonl"
    started = time.perf_counter()
    descriptor = os.open(copy, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with corpus.open("rb") as lines, os.fdopen(descriptor, "wb") as out:
        for line in lines:
            if line.strip():
                out.write(orjson.dumps(orjson.loads(line)) + b"\n")
        out.flush()
        os.fsync(out.fileno())
    elapsed = time.perf_counter() - started
    copy.unlink()
    return elapsed


def has_workers_option() -> bool:
    """Whether this deid's ``run`` has ``--workers`` (being added by the engine work)."""
    shown = subprocess.run(
        [str(DEID), "run", "--help"], capture_output=True, text=True, env={**os.environ, "COLUMNS": "200"}
    )
    return "--workers" in shown.stdout


def deduce_python(venv: Path) -> tuple[Path | None, str]:
    """The DEDUCE venv's python, creating the venv and installing DEDUCE on first use.
    Returns (None, reason) when that fails."""
    python = venv / "bin" / "python"
    if python.exists():
        return python, ""
    log(f"creating {venv} and installing DEDUCE (first use only)")
    steps = {
        "python -m venv": [sys.executable, "-m", "venv", str(venv)],
        "pip install deduce": [str(python), "-m", "pip", "install", "-q", "deduce"],
    }
    for name, step in steps.items():
        done = subprocess.run(step, capture_output=True, text=True)
        if done.returncode != 0:
            shutil.rmtree(venv, ignore_errors=True)
            lines = [line for line in done.stderr.splitlines() if line.strip() and "WARNING" not in line]
            detail = lines[-1][:200] if lines else f"exit status {done.returncode}"
            return None, f"{name} failed: {detail}"
    return python, ""


def time_deduce(python: Path, corpus: Path, repeat: int) -> dict[str, Any]:
    """DEDUCE's start-up and per-repeat times from scripts/bench_deduce.py, or {"error"}."""
    done = subprocess.run(
        [str(python), str(SCRIPTS / "bench_deduce.py"), str(corpus), "--repeat", str(repeat)],
        capture_output=True,
        text=True,
    )
    lines = done.stdout.strip().splitlines()
    try:
        result = orjson.loads(lines[-1]) if lines else {}
    except orjson.JSONDecodeError:
        result = {}
    if done.returncode != 0 or "seconds" not in result:
        return {"error": result.get("error") or f"DEDUCE helper exited with status {done.returncode}"}
    return result


# ---------------------------------------------------------------------------------------------
# bench.py run: the whole benchmark
# ---------------------------------------------------------------------------------------------


def parse_counts(text: str) -> list[int]:
    """``1k,10k,100k,1M`` (or plain numbers) as a list of counts."""
    factors = {"k": 1_000, "m": 1_000_000}
    counts = []
    for part in filter(None, (p.strip().lower() for p in text.split(","))):
        factor = factors.get(part[-1], 1)
        counts.append(int(float(part.rstrip("km")) * factor))
    return counts


class Bench:
    """One benchmark run: the shared dictionary, cache, detector and scratch directory."""

    def __init__(self, args: argparse.Namespace, workdir: Path) -> None:
        self.args = args
        self.workdir = workdir
        self.corpora = args.out / "corpora"
        self.dict_dir = write_name_dictionary(args.out / f"dicts-{args.extra_names}", args.extra_names)
        self.cache = args.out / "cache"
        log(f"loading dictionaries (compiled once into {self.cache})")
        self.detector = build_detector(self.dict_dir, self.cache)
        # --workers is new in deid run (default: all cores); where it exists, the single-process
        # figures pin it to 1 and 2 workers are measured beside them.
        self.workers = has_workers_option() and "workers" in RunOptions.__dataclass_fields__
        self.single = ["--workers", "1"] if self.workers else []
        self.baseline = bench_baseline.install(args.baseline, args.out, log) if args.baseline else None

    def engine_seconds(self, corpus: Path, repeat: int) -> list[float]:
        return [time_engine(self.detector, corpus, self.workdir)[0] for _ in range(repeat)]

    def command(self, corpus: Path, extra: list[str] | None = None) -> tuple[float, float, float]:
        flags = self.single if extra is None else extra
        return time_command(corpus, self.dict_dir, self.cache, self.workdir, flags)

    def throughput(
        self, corpus: Path
    ) -> tuple[dict[str, list[float]], dict[str, tuple[float, float]], RunStats]:
        """The side-by-side measurements on the main corpus (seconds per repeat, peak RSS),
        interleaved per repeat so that a busy moment of the machine does not fall on one
        measure only."""
        seconds: dict[str, list[float]] = {name: [] for name in MEASURES}
        peaks: dict[str, tuple[float, float]] = {}  # (largest process, all processes) MB
        stats = RunStats()
        for index in range(self.args.repeat):
            log(f"throughput, repeat {index + 1} of {self.args.repeat}")
            elapsed, stats = time_engine(self.detector, corpus, self.workdir)
            seconds["engine"].append(elapsed)
            runs = {"command": self.single}
            if self.workers:
                elapsed, _ = time_engine(self.detector, corpus, self.workdir, workers=2)
                seconds["engine_workers2"].append(elapsed)
                runs["command_workers2"] = ["--workers", "2"]
            for name, flags in runs.items():
                elapsed, largest, total = self.command(corpus, flags)
                seconds[name].append(elapsed)
                before = peaks.get(name, (0.0, 0.0))
                peaks[name] = (max(largest, before[0]), max(total, before[1]))
            if self.baseline is not None:
                baseline = self.baseline
                elapsed, largest, _ = time_command(
                    corpus, self.dict_dir, baseline.cache, self.workdir, ["--workers", "1"], baseline.deid
                )
                seconds["baseline_command"].append(elapsed)
                peaks["baseline_command"] = (max(largest, peaks.get("baseline_command", (0.0, 0.0))[0]), 0.0)
            seconds["floor"].append(time_io_floor(corpus, self.workdir))
        return seconds, peaks, stats

    def deduce(self, corpus: Path) -> dict[str, Any]:
        if self.args.no_deduce:
            return {"error": "not run (--no-deduce)"}
        python, reason = (
            (self.args.deduce_python, "") if self.args.deduce_python else deduce_python(self.args.deduce_venv)
        )
        if python is None:
            return {"error": reason}
        log("DEDUCE (in its own venv)")
        return time_deduce(python, corpus, self.args.repeat)

    def scaling_by_size(self) -> list[dict[str, Any]]:
        rows = []
        for notes in self.args.sizes:
            log(f"scaling: {notes:,} notes")
            corpus = bench_corpus.paper_shaped_corpus(self.corpora, notes, self.args.seed)
            seconds = self.engine_seconds(corpus, self.args.repeat)
            command_seconds, peak, _ = self.command(corpus)
            rows.append(
                {
                    "notes": notes,
                    "bytes": corpus.stat().st_size,
                    "seconds": bench_report.median(seconds),
                    "runs": seconds,
                    "command_seconds": command_seconds,
                    "peak_rss_mb": peak,
                }
            )
        return rows

    def scaling_by_length(self) -> list[dict[str, Any]]:
        rows = []
        notes = self.args.length_notes
        for tokens in self.args.lengths:
            log(f"scaling: {notes:,} notes of {tokens} tokens")
            corpus = bench_corpus.fixed_length_corpus(self.corpora, notes, tokens, self.args.seed)
            seconds = self.engine_seconds(corpus, self.args.repeat)
            best = bench_report.median(seconds)
            rows.append(
                {
                    "tokens": tokens,
                    "notes": notes,
                    "seconds": best,
                    "runs": seconds,
                    "ms_per_note": 1000 * best / notes,
                }
            )
        return rows


def throughput_rows(
    seconds: dict[str, list[float]],
    peaks: dict[str, tuple[float, float]],
    workers: bool,
    deduce: dict[str, Any],
    baseline: bench_baseline.Baseline | None = None,
) -> list[dict[str, Any]]:
    """The rows of the side-by-side table; a measure that could not run says why."""
    rows: list[dict[str, Any]] = []
    for name, label in MEASURES.items():
        if name == "baseline_command" and baseline is None:
            continue
        described = f"{baseline.ref} ({baseline.commit[:12]})" if baseline else ""
        label = label.format(single=" --workers 1" if workers else "", baseline=described)
        if name == "floor":
            rows.append(deduce_row(deduce))
        if not seconds[name]:
            rows.append({"label": label, "unavailable": bench_report.NO_WORKERS})
            continue
        row: dict[str, Any] = {"label": label, "seconds": seconds[name]}
        if name in peaks:
            largest, total = peaks[name]
            row["note"] = (
                f"peak RSS {largest:.0f} MB largest process; all processes: PSS {total:.0f} MB"
                if name.endswith("workers2")
                else f"peak RSS {largest:.0f} MB"
            )
        rows.append(row)
    return rows


def deduce_row(deduce: dict[str, Any]) -> dict[str, Any]:
    if "error" in deduce:
        return {"label": "DEDUCE (in-process, after start-up)", "unavailable": deduce["error"]}
    return {
        "label": f"DEDUCE {deduce['deduce_version']} (in-process, after start-up)",
        "seconds": deduce["seconds"],
        "note": f"start-up {deduce['startup_seconds']:.1f} s",
    }


def ratios(seconds: dict[str, list[float]], notes: int, deduce: dict[str, Any]) -> dict[str, float | None]:
    """deid/floor as a time ratio, deid/DEDUCE as a speed ratio, 2 workers as a speed-up."""
    median = bench_report.median
    engine = median(seconds["engine"])
    deduce_speed = deduce["notes"] / median(deduce["seconds"]) if "seconds" in deduce else None
    return {
        "deid_over_floor_time": engine / median(seconds["floor"]),
        "deid_over_deduce_speed": notes / engine / deduce_speed if deduce_speed else None,
        "workers2_speedup_in_process": engine / median(seconds["engine_workers2"])
        if seconds["engine_workers2"]
        else None,
        "workers2_speedup_command": median(seconds["command"]) / median(seconds["command_workers2"])
        if seconds["command_workers2"]
        else None,
        "speedup_over_baseline_command": median(seconds["baseline_command"]) / median(seconds["command"])
        if seconds["baseline_command"]
        else None,
    }


def bench_run(args: argparse.Namespace) -> dict[str, Any]:
    """Every measurement of ``run``; returns the results written to results.json."""
    machine = machine_description()
    args.out.mkdir(parents=True, exist_ok=True)
    if args.corpus:
        corpus, source = args.corpus, f"from {args.corpus}"
    else:
        log(f"corpus: {args.notes:,} paper-shaped notes (generated once, then cached)")
        corpus = bench_corpus.paper_shaped_corpus(args.out / "corpora", args.notes, args.seed)
        source = f"generated, seed {args.seed}"
    shape = bench_corpus.shape_of(corpus)
    with tempfile.TemporaryDirectory(dir=args.out, prefix="scratch-") as scratch:
        bench = Bench(args, Path(scratch))
        seconds, peaks, stats = bench.throughput(corpus)
        deduce = bench.deduce(corpus)
        by_size = bench.scaling_by_size()
        by_length = bench.scaling_by_length()
    per_note = stats.to_dict()["pseudonymizations_per_note"]
    results: dict[str, Any] = {
        "machine": machine,
        "config": {
            "repeat": args.repeat,
            "extra_names": args.extra_names,
            "sizes": args.sizes,
            "lengths": args.lengths,
            "length_notes": args.length_notes,
            "seed": args.seed,
            "workers_option": bench.workers,
        },
        "corpus": {
            **shape.to_dict(),
            "source": source,
            "pseudonymizations_mean": per_note["mean"],
            "pseudonymizations_median": per_note["median"],
        },
        "throughput": throughput_rows(seconds, peaks, bench.workers, deduce, bench.baseline),
        "baseline": {"ref": bench.baseline.ref, "commit": bench.baseline.commit} if bench.baseline else None,
        "deduce": deduce,
        "ratios": ratios(seconds, shape.notes, deduce),
        "peak_rss_mb": peaks["command"][0],
        "peak_pss_mb_workers2_all_processes": peaks["command_workers2"][1] if bench.workers else None,
        "scaling_size": by_size,
        "size_fit": bench_report.linear_fit([r["notes"] for r in by_size], [r["seconds"] for r in by_size]),
        "scaling_length": by_length,
        "length_fit": bench_report.linear_fit(
            [r["tokens"] for r in by_length], [r["ms_per_note"] for r in by_length]
        ),
        "plot": str(args.out / "scaling.png"),
    }
    bench_report.plot_scaling(results, args.out / "scaling.png")
    return results


def write_atomically(path: Path, data: bytes) -> None:
    partial = path.with_name(path.name + ".part")
    partial.write_bytes(data)
    os.replace(partial, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    load = sub.add_parser("load", help="dictionary start-up, cold and warm")
    load.add_argument("--extra-names", type=int, default=500_000)
    load.add_argument("--repeat", type=int, default=3)
    run = sub.add_parser("run", help="throughput, I/O floor, DEDUCE, scaling, memory")
    source = run.add_mutually_exclusive_group()
    source.add_argument("--notes", type=int, default=20_000, help="generated corpus size (default 20000)")
    source.add_argument("--corpus", type=Path, help='JSONL corpus with a "text" field instead')
    run.add_argument("--repeat", type=int, default=3, help="runs per measure; medians are reported")
    run.add_argument(
        "--sizes", type=parse_counts, default=[1_000, 10_000, 100_000], help="e.g. 1k,10k,100k,1M"
    )
    run.add_argument(
        "--lengths", type=parse_counts, default=[25, 50, 100, 200, 400, 600], help="tokens per note"
    )
    run.add_argument("--length-notes", type=int, default=1_000, help="notes per note-length corpus")
    run.add_argument("--extra-names", type=int, default=500_000, help="invented names added via --dict-dir")
    run.add_argument("--seed", type=int, default=7)
    run.add_argument("--out", type=Path, default=DEFAULT_OUT, help="results, plot, cached corpora")
    run.add_argument("--deduce-venv", type=Path, default=DEFAULT_DEDUCE_VENV)
    run.add_argument("--deduce-python", type=Path, help="use this interpreter for DEDUCE (no venv set-up)")
    run.add_argument("--no-deduce", action="store_true", help="skip the DEDUCE comparison")
    run.add_argument(
        "--baseline",
        metavar="REF",
        help="also time the `deid run` of this git ref (installed into its own venv) side by side",
    )
    args = parser.parse_args(argv)
    if args.what == "load":
        bench_load(args.extra_names, args.repeat)
        return 0
    if args.repeat < 1 or args.notes < 1:
        parser.error("--repeat and --notes must be at least 1")
    results = bench_run(args)
    report = bench_report.markdown(results)
    write_atomically(args.out / "results.json", orjson.dumps(results, option=orjson.OPT_INDENT_2) + b"\n")
    write_atomically(args.out / "results.md", report.encode())
    print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
