#!/usr/bin/env python3
"""Times DEDUCE on a JSONL corpus; run by scripts/bench.py with the DEDUCE venv's python.

    build/deduce-venv/bin/python scripts/bench_deduce.py CORPUS [--repeat 3] [--field text]

Standard library only (the DEDUCE venv has nothing of deid). Reads every text first, loads
DEDUCE once (its start-up, timed separately), then times ``deidentify`` over all texts
``--repeat`` times. Prints one JSON line: ``{"deduce_version", "notes", "startup_seconds",
"seconds": [...]}``, or ``{"error": reason}`` with exit status 1. A failure inside DEDUCE is
reported by exception type and note number only, never with note text.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from importlib import metadata


def read_texts(path: str, field: str) -> list[str]:
    with open(path, encoding="utf-8") as lines:
        records = (json.loads(line) for line in lines if line.strip())
        return [r[field] for r in records if isinstance(r.get(field), str)]


def fail(reason: str) -> int:
    print(json.dumps({"error": reason}))
    return 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--field", default="text")
    args = parser.parse_args(argv)
    texts = read_texts(args.corpus, args.field)
    started = time.perf_counter()
    try:
        from deduce import Deduce

        deduce = Deduce()
    except Exception as exc:  # any failure to load is reported, not raised
        return fail(f"DEDUCE does not load ({type(exc).__name__})")
    startup = time.perf_counter() - started
    timings = []
    for _ in range(args.repeat):
        started = time.perf_counter()
        for number, text in enumerate(texts, start=1):
            try:
                deduce.deidentify(text)
            except Exception as exc:  # reported by position only: the text may be PHI
                return fail(f"DEDUCE failed on note {number} ({type(exc).__name__})")
        timings.append(time.perf_counter() - started)
    result = {
        "deduce_version": metadata.version("deduce"),
        "notes": len(texts),
        "startup_seconds": startup,
        "seconds": timings,
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
