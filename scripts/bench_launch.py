#!/usr/bin/env python3
"""Runs one command and prints its wall time and memory as JSON (used by scripts/bench.py).

    python scripts/bench_launch.py COMMAND [ARG...]

Prints ``{"seconds", "status", "maxrss_kib", "peak_tree_pss_kib"}``: ``maxrss_kib`` is the
kernel's peak resident size of the largest single process of the command (its ru_maxrss);
``peak_tree_pss_kib`` the largest sum of the proportional set sizes (PSS) of the command and
all its descendants (worker processes), sampled every 250 ms (a scan of /proc costs a few
ms). PSS, not RSS, because forked workers share the parent's pages: summing their RSS would
count the shared dictionaries once per process. The command's stdout is discarded, its stderr
passes through.

Why a separate small launcher: Linux carries a process's memory high-water mark across fork
and exec into the child's ru_maxrss, so a command started straight from the (large) benchmark
process would report the benchmark's size. Started from this small interpreter it reports its
own.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

SAMPLE_SECONDS = 0.25


def _parents() -> dict[int, int]:
    """pid -> parent pid of every process visible in /proc."""
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # the process ended while we looked
        parents[int(stat.parent.name)] = int(fields[1])
    return parents


def tree_pss_kib(root: int) -> int:
    """Proportional set size of ``root`` and all its descendants, in KiB."""
    parents = _parents()
    tree, grown = {root}, True
    while grown:
        children = {pid for pid, parent in parents.items() if parent in tree} - tree
        tree |= children
        grown = bool(children)
    total = 0
    for pid in tree:
        try:
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            continue  # ended meanwhile
        total += sum(int(line.split()[1]) for line in rollup.splitlines() if line.startswith("Pss:"))
    return total


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: bench_launch.py COMMAND [ARG...]", file=sys.stderr)
        return 2
    quiet = [(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0)]
    started = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=quiet)
    peak_tree = 0
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            break
        peak_tree = max(peak_tree, tree_pss_kib(pid))
        time.sleep(SAMPLE_SECONDS)
    seconds = time.perf_counter() - started
    result = {
        "seconds": seconds,
        "status": os.waitstatus_to_exitcode(status),
        "maxrss_kib": usage.ru_maxrss,
        "peak_tree_pss_kib": peak_tree or usage.ru_maxrss,  # a run shorter than one sample
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
