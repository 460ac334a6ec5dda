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
input digested too so a changed generator is reported as such), 200,000 generated notes with the
benchmark's dictionaries (the bundled lists plus 500,000 invented names via ``--dict-dir``), a
seeded corpus of hostile notes built from the fuzzer's fragments, and the GraSCCo dev letters
from ``../shared/data`` (full check only; nothing at run time reads them).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
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


def _hostile(notes: int) -> Callable[[Path], Path]:
    """Notes glued from the fuzzer's fragments (names after salutations, phones, e-mails, dates,
    hostile Unicode), drawn by a seeded generator so the corpus is the same on every machine."""

    def make(workdir: Path) -> Path:
        sys.path.insert(0, str(ROOT / "scripts"))
        import fuzz

        rng = random.Random(29)
        realistic = [
            lambda: f"{rng.choice(fuzz.SALUTATIONS)} {rng.choice(fuzz.SURNAMES)}",
            lambda: f"{rng.choice(fuzz.FIRST_NAMES)} {rng.choice(fuzz.SURNAMES)}",
            lambda: f"0{rng.choice(('664', '512', '1'))}/{rng.randint(1, 10**9)}",
            lambda: f"+43 {rng.randint(1, 10**9)}",
            lambda: f"{rng.choice(fuzz.SURNAMES).lower()}@klinik-{rng.choice(fuzz.SURNAMES).lower()}.at",
            lambda: f"{rng.randint(0, 39)}.{rng.randint(0, 13)}.{rng.randint(1890, 2099)}",
            lambda: f"www.{rng.choice(fuzz.SURNAMES).lower()}.at",
            lambda: f"{rng.choice(fuzz.SURNAMES)}straße {rng.randint(1, 999)}",
            lambda: f"{rng.choice(('6020', 'A-1010', '80331'))} {rng.choice(fuzz.SURNAMES)}",
            lambda: f"{rng.randint(0, 130)} Jahre alt",
            lambda: rng.choice(("[PAT-7KQ2XM]", "[PHO]", "<br>", "&auml;", "&#x130;", "<!--")),
        ]

        def fragment() -> str:
            kind = rng.random()
            if kind < 0.5:
                return rng.choice(realistic)()
            if kind < 0.75:
                return "".join(rng.choice(fuzz.HOSTILE_CHARS) for _ in range(rng.randint(0, 6)))
            return "".join(chr(rng.randint(0x20, 0x2FFF)) for _ in range(rng.randint(0, 12)))

        separators = ("", " ", "  ", "\n", ", ", ". ", "-", "\u200b", "\u0301")
        path = workdir / f"hostile-{notes}.jsonl"
        with path.open("w", encoding="ascii") as out:
            for index in range(notes):
                parts = (fragment() + rng.choice(separators) for _ in range(rng.randint(0, 12)))
                out.write(json.dumps({"id": index, "text": "".join(parts)}) + "\n")
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
    "hostile-all-types": ("--types", "all", "--ages", "all", "--on-error", "skip"),
    "hostile-surrogate": ("--strategy", "surrogate", "--vote", "all", "--on-error", "skip"),
    "bench-dictionaries": ("--dict-dir", "{names}", "--workers", "2"),
    "bench-dictionaries-all-types": ("--dict-dir", "{names}", "--types", "all", "--workers", "2"),
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
    Corpus("hostile-5k", _hostile(5_000), ("hostile-all-types", "hostile-surrogate"), False),
    Corpus(
        "generated-200k", _generated(200_000), ("bench-dictionaries", "bench-dictionaries-all-types"), False
    ),
)
# The benchmark's extra dictionary: 500,000 invented names (scripts/bench.py), built once.
NAMES_DIR = ROOT / "build" / "golden" / "names-500000"


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _stats_digest(path: Path, workdir: Path) -> str:
    """The statistics without timings, and with the scratch directory (part of the input paths
    that rejected records and inputs are listed under) written as ``<workdir>``."""
    stats = json.loads(path.read_bytes())
    for key in TIMING_KEYS:
        stats.pop(key, None)
    return _sha(json.dumps(stats, sort_keys=True).replace(str(workdir), "<workdir>").encode())


def run_config(source: Path, options: Sequence[str], workdir: Path) -> dict[str, str]:
    """Digests of the masked output, spans and statistics of one `deid run`."""
    out, spans, stats = workdir / "out.jsonl", workdir / "spans.jsonl", workdir / "stats.json"
    deid = Path(sys.executable).with_name("deid")
    command = [str(deid), "run", str(source), "-o", str(out), "--spans", str(spans), "--stats", str(stats)]
    if any("{names}" in option for option in options):
        options = tuple(option.replace("{names}", str(_names_dir())) for option in options)
    result = subprocess.run(
        [*command, "--seed", SEED, "--quiet", *options], capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        raise SystemExit(f"golden: deid run {' '.join(options)} exited {result.returncode}")
    digests = {
        "output": _sha(out.read_bytes()),
        "spans": _sha(spans.read_bytes()),
        "stats": _stats_digest(stats, workdir),
    }
    for path in (out, spans, stats):
        path.unlink()
    return digests


def _names_dir() -> Path:
    sys.path.insert(0, str(ROOT / "scripts"))
    import bench

    return bench.write_name_dictionary(NAMES_DIR, 500_000)


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
    parser.add_argument("--corpus", action="append", help="only these corpora (repeatable)")
    args = parser.parse_args(argv)
    corpora = [c for c in CORPORA if (c.fast or not args.fast) and (not args.corpus or c.name in args.corpus)]
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
