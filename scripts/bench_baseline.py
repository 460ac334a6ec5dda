"""An earlier deid, pinned by a git ref, installed into its own virtual environment, so that
``bench.py run --baseline REF`` times both versions' ``deid run`` side by side in one run.

The ref is resolved to a commit; its tree is exported with ``git archive`` (no work tree, no
checkout of the repository) into ``<out>/baseline-<commit>/src`` and installed, with its own
dependencies from PyPI, into ``<out>/baseline-<commit>/venv``. Both stay for later runs.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
import tarfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Baseline:
    ref: str
    commit: str
    deid: Path  # its console script
    cache: Path  # its own lexicon cache (cache keys of two versions would evict each other)


def resolve(ref: str) -> str:
    done = subprocess.run(
        ["git", "rev-parse", "--verify", f"{ref}^{{commit}}"], cwd=REPO, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise SystemExit(f"bench: --baseline {ref}: not a commit of this repository")
    return done.stdout.strip()


def install(ref: str, out: Path, log: Callable[[str], None]) -> Baseline:
    """The baseline's ``deid``, installing it on first use."""
    commit = resolve(ref)
    home = out / f"baseline-{commit[:12]}"
    deid = home / "venv" / "bin" / "deid"
    baseline = Baseline(ref, commit, deid, home / "cache")
    if deid.exists():
        return baseline
    log(f"installing {ref} ({commit[:12]}) into {home} (first use only)")
    shutil.rmtree(home, ignore_errors=True)
    source = home / "src"
    source.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "archive", "--format=tar", commit], cwd=REPO, capture_output=True, check=True
    )
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(source, filter="data")
    python = home / "venv" / "bin" / "python"
    for step in (
        [sys.executable, "-m", "venv", str(home / "venv")],
        [str(python), "-m", "pip", "install", "-q", "--upgrade", "pip"],
        [str(python), "-m", "pip", "install", "-q", str(source)],
    ):
        done = subprocess.run(step, capture_output=True, text=True)
        if done.returncode != 0:
            shutil.rmtree(home, ignore_errors=True)
            detail = [line for line in done.stderr.splitlines() if line.strip() and "WARNING" not in line]
            raise SystemExit(
                f"bench: installing {ref} failed: {detail[-1][:200] if detail else done.returncode}"
            )
    return baseline
