#!/usr/bin/env python3
"""Golden digests: prove that a change which should not alter what deid writes really does not.

Why: a restructure or a faster engine must leave every byte of the masked output, the spans file
and the statistics counts as they were. This script runs ``deid run`` with a fixed ``--seed``
over a few corpora and configurations and compares SHA-256 digests of what it wrote against
``tests/golden/digests.json``. Only digests are stored: no note text, no pseudonym.

    python scripts/golden.py record            # after an intended change of output
    python scripts/golden.py check             # every corpus (make golden)
    python scripts/golden.py check --fast      # the slice make test runs

Corpora: the example corpus, generated notes (``make_synthetic.py`` with fixed options, its
input digested too so a changed generator is reported as such), and the GraSCCo dev letters
from ``../shared/data`` (full check only; nothing at run time reads them).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIGESTS = ROOT / "tests" / "golden" / "digests.json"
DEV_LETTERS = ROOT.parent / "shared" / "data" / "grascco_dev.jsonl"
SEED = "7"
# Statistics keys that measure time, not behaviour.
TIMING_KEYS = frozenset({"runtime_seconds", "notes_per_second"})


@dataclass(frozen=True)
class Corpus:
    name: str
    make: Callable[[Path], Path]  # writes (or finds) the input and returns its path
    configs: tuple[str, ...]
    fast: bool


def _generated(notes: int) -> Callable[[Path], Path]:
    def make(workdir: Path) -> Path:
        path = workdir / f"generated-{notes}.jsonl"
        subprocess.run(
            [
                sys.executable,
                str(ROOT / "scripts" / "make_synthetic.py"),
                *("--notes", str(notes), "--seed", "13", "--no-gold", "--no-wordfreq"),
                *("--mix-common", "0.3", "-o", str(path)),
            ],
            check=True,
            stderr=subprocess.DEVNULL,
        )
        return path

    return make


def _existing(path: Path) -> Callable[[Path], Path]:
    def make(_: Path) -> Path:
        if not path.is_file():
            raise SystemExit(f"golden: {path} is missing (the full check needs it)")
        return path

    return make


# Each configuration is a set of `deid run` options; all run with --seed.
CONFIGS: dict[str, tuple[str, ...]] = {
    "default": (),
    "all-types": ("--types", "all", "--ages", "all", "--dates", "shift", "--group-field", "patient_id"),
    "all-types-letters": ("--types", "all", "--ages", "all"),
    "surrogate-vote-all": ("--strategy", "surrogate", "--vote", "all", "--workers", "2"),
}

CORPORA: tuple[Corpus, ...] = (
    Corpus(
        "example",
        _existing(ROOT / "examples" / "notes.jsonl"),
        ("default", "all-types", "surrogate-vote-all"),
        True,
    ),
    Corpus("generated-2k", _generated(2_000), ("default", "all-types", "surrogate-vote-all"), True),
    Corpus("generated-50k", _generated(50_000), ("default", "all-types", "surrogate-vote-all"), False),
    Corpus(
        "dev-letters", _existing(DEV_LETTERS), ("default", "all-types-letters", "surrogate-vote-all"), False
    ),
)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _stats_digest(path: Path) -> str:
    stats = json.loads(path.read_bytes())
    for key in TIMING_KEYS:
        stats.pop(key, None)
    return _sha(json.dumps(stats, sort_keys=True).encode())


def run_config(source: Path, options: Sequence[str], workdir: Path) -> dict[str, str]:
    """Digests of the masked output, spans and statistics of one `deid run`."""
    out, spans, stats = workdir / "out.jsonl", workdir / "spans.jsonl", workdir / "stats.json"
    deid = Path(sys.executable).with_name("deid")
    command = [str(deid), "run", str(source), "-o", str(out), "--spans", str(spans), "--stats", str(stats)]
    result = subprocess.run(
        [*command, "--seed", SEED, "--quiet", *options], capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        raise SystemExit(f"golden: deid run {' '.join(options)} exited {result.returncode}")
    digests = {
        "output": _sha(out.read_bytes()),
        "spans": _sha(spans.read_bytes()),
        "stats": _stats_digest(stats),
    }
    for path in (out, spans, stats):
        path.unlink()
    return digests


def measure(corpora: Sequence[Corpus]) -> dict[str, dict[str, dict[str, str]]]:
    found: dict[str, dict[str, dict[str, str]]] = {}
    with tempfile.TemporaryDirectory(prefix="deid-golden-") as tmp:
        workdir = Path(tmp)
        for corpus in corpora:
            source = corpus.make(workdir)
            entry: dict[str, dict[str, str]] = {"input": {"sha256": _sha(source.read_bytes())}}
            for config in corpus.configs:
                entry[config] = run_config(source, CONFIGS[config], workdir)
            found[corpus.name] = entry
            print(f"golden: {corpus.name} measured", file=sys.stderr)
    return found


def differences(expected: dict, found: dict) -> list[str]:
    """One line per corpus/config/file whose digest differs from the recorded one."""
    lines = []
    for corpus, entry in found.items():
        for config, digests in entry.items():
            for kind, digest in digests.items():
                recorded = expected.get(corpus, {}).get(config, {}).get(kind)
                if recorded != digest:
                    what = "the generated input changed" if config == "input" else "differs"
                    lines.append(f"{corpus} / {config} / {kind}: {what}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Record or check golden digests of deid run's output.")
    parser.add_argument("action", choices=("record", "check"))
    parser.add_argument("--fast", action="store_true", help="only the corpora make test checks")
    args = parser.parse_args(argv)
    corpora = [c for c in CORPORA if c.fast or not args.fast]
    found = measure(corpora)
    if args.action == "record":
        recorded = json.loads(DIGESTS.read_text()) if DIGESTS.exists() else {}
        recorded.update(found)
        DIGESTS.parent.mkdir(parents=True, exist_ok=True)
        DIGESTS.write_text(json.dumps(recorded, indent=2, sort_keys=True) + "\n")
        print(f"golden: recorded {len(found)} corpora in {DIGESTS.relative_to(ROOT)}", file=sys.stderr)
        return 0
    problems = differences(json.loads(DIGESTS.read_text()), found)
    for line in problems:
        print(f"golden: {line}", file=sys.stderr)
    if not problems:
        print(f"golden: {len(found)} corpora identical to the recorded digests", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
