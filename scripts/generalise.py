#!/usr/bin/env python3
"""Generalisation harness of issues 16 and 17: dev/test template families (and holdout, fresh,
sealed, vault, reserve, ledger, codex, folio, docket, dossier, chart and binder families measured on
their own), recall per mention and PHI class.

Entry point only: the code is the ``scripts/generalise/`` package (its docstring explains the
design and lists the modules).

    python scripts/generalise.py generate --family test --kind letters --count 50 --seed 7 -o out.jsonl
    python scripts/generalise.py report --family both --count 300 --seed 7 [--json]
    python scripts/generalise.py report --family holdout --count 1000 --seed 7
    python scripts/generalise.py report --family fresh --count 1000 --seed 7
    python scripts/generalise.py report --family sealed --count 1000 --seed 7
    python scripts/generalise.py report --family vault --count 1000 --seed 7
    python scripts/generalise.py report --family reserve --count 1000 --seed 7
    python scripts/generalise.py report --family ledger --count 1000 --seed 7
    python scripts/generalise.py report --family codex --count 1000 --seed 7
    python scripts/generalise.py report --family folio --count 1000 --seed 7
    python scripts/generalise.py report --family docket --count 1000 --seed 7
    python scripts/generalise.py report --family dossier --count 1000 --seed 7
    python scripts/generalise.py report --family chart --count 1000 --seed 7
    python scripts/generalise.py report --family binder --count 1000 --seed 7
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generalise.cli import main

if __name__ == "__main__":
    sys.exit(main())
