"""Runs the installed ``deid run`` over a corpus, with default settings plus ID, and corpus-wide
learning.

Why the CLI and not the Detector in-process: the harness then measures exactly what a user gets
(both passes, learning across the whole corpus). Nothing from the corpus is printed; deid's own
console summary is discarded.

Why ``--types`` = deid's default types + ID (issue 17): the identifier class can only be
measured with ID selected, and the other measures stay those of a user with default settings.
``--types all`` would add dates, ages, organisations and professions, so a change to those
rules would move the person measures of issue 16 (precision, kept role words). The generator
marks its dates as gold DAT all the same: with ``all`` (checked on dev: the same precision,
recall and kept words) masking a date is not charged as an error.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from deid_cli.detection.spans import DEFAULT_TYPES

# deid's defaults (kept in step by importing them) plus identifiers.
TYPES: str = ",".join((*DEFAULT_TYPES, "ID"))


def deid_executable() -> str:
    """The ``deid`` next to the running Python (the project venv), else the one on PATH."""
    local = Path(sys.executable).with_name("deid")
    return str(local) if local.exists() else (shutil.which("deid") or "deid")


def run_deid(records: list[dict[str, object]]) -> tuple[dict[str, list[tuple[int, int]]], dict[str, str]]:
    """Detected spans and masked text per record id."""
    with tempfile.TemporaryDirectory(prefix="generalise-") as tmp:
        folder = Path(tmp)
        corpus, out, spans = folder / "corpus.jsonl", folder / "masked.jsonl", folder / "spans.jsonl"
        with corpus.open("w", encoding="utf-8") as handle:
            for record in records:
                handle.write(
                    json.dumps({"id": record["id"], "text": record["text"]}, ensure_ascii=False) + "\n"
                )
        cmd = [deid_executable(), "run", str(corpus), "-o", str(out), "--spans", str(spans), "--types", TYPES]
        done = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"deid run failed with exit code {done.returncode}")
        detected: dict[str, list[tuple[int, int]]] = {}
        for line in spans.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            detected.setdefault(row["id"], []).extend((s["start"], s["end"]) for s in row["spans"])
        masked = {}
        for line in out.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            masked[row["id"]] = row["text"]
    return detected, masked
