#!/usr/bin/env python3
"""deid's benchmark script. Measures, never asserts; quote medians of several runs.

    python scripts/bench.py load [--extra-names 500000] [--repeat 3]

``load``: dictionary start-up. Cold = compiling the public lists (bundled + a dictionary
directory of N extra invented names, as ``deid scrape-dicts`` would produce) with an empty
cache; warm = loading the compiled lists from the cache. Reported in-process (the
dictionary step alone) and end to end (``deid run`` on a one-note corpus, interpreter start-up
included).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from deid_cli.lexicon_cache import load_public_lexicon

SYLLABLES = [
    "ba",
    "be",
    "bi",
    "bo",
    "bu",
    "da",
    "de",
    "di",
    "do",
    "du",
    "ka",
    "ke",
    "ki",
    "ko",
    "ku",
    "la",
    "le",
    "li",
    "lo",
    "lu",
    "ma",
    "me",
    "mi",
    "mo",
    "mu",
    "na",
    "ne",
    "ni",
    "no",
    "nu",
    "ra",
    "re",
    "ri",
    "ro",
    "ru",
    "sa",
    "se",
    "si",
    "so",
    "su",
    "ta",
    "te",
    "ti",
    "to",
    "tu",
    "wa",
    "we",
    "wi",
    "za",
    "ze",
    "zi",
    "zo",
    "zu",
    "ber",
    "ger",
    "hof",
    "mair",
    "hu",
    "ner",
    "ler",
    "lech",
    "brunn",
    "stadl",
    "wimm",
    "pichl",
    "egg",
]


def invented_names(count: int, seed: int = 1) -> list[str]:
    """``count`` distinct invented, name-shaped words (deterministic)."""
    rng = random.Random(seed)
    names: set[str] = set()
    while len(names) < count:
        names.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize())
    return sorted(names)


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
    deid = Path(sys.executable).with_name("deid")
    command = [
        str(deid),
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
        dict_dir = root / "dicts"
        dict_dir.mkdir()
        names = invented_names(extra_names)
        half = len(names) // 2
        (dict_dir / "surnames.txt").write_text("\n".join(names[:half]) + "\n", encoding="utf-8")
        (dict_dir / "first_names.txt").write_text("\n".join(names[half:]) + "\n", encoding="utf-8")
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    load = sub.add_parser("load", help="dictionary start-up, cold and warm")
    load.add_argument("--extra-names", type=int, default=500_000)
    load.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    if args.what == "load":
        bench_load(args.extra_names, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
