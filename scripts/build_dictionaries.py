"""Regenerate the bundled word lists in ``dictionaries/`` from installed packages.

Run: ``.venv/bin/python scripts/build_dictionaries.py``. This file is the entry point only;
the build lives in the ``scripts/wordlists/`` package (its docstring lists the modules).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from wordlists.build import main

if __name__ == "__main__":
    sys.exit(main())
