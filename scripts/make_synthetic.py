#!/usr/bin/env python3
"""Generate synthetic colloquial German/Austrian telehealth notes with exact gold PHI spans.

Entry point only: the generator is the ``scripts/synthetic/`` package (its docstring explains
the design and lists the modules). ``bench_corpus.py`` imports this file as ``make_synthetic``
and uses the names re-exported below.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic.cli import main
from synthetic.composer import Composer
from synthetic.pools import DEFAULT_DICT_DIR, NamePools, build_name_pools, load_exclusions

__all__ = ["DEFAULT_DICT_DIR", "Composer", "NamePools", "build_name_pools", "load_exclusions", "main"]

if __name__ == "__main__":
    sys.exit(main())
