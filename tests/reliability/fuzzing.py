"""Access to ``scripts/fuzz.py`` (not a package) for the reliability tests: the hostile-note
strategy, the invariant check and the default detector are shared with the fuzz target."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import fuzz

__all__ = ["fuzz"]
