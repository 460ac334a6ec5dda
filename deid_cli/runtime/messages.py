"""One-line messages on stderr, for the commands and the core alike (no terminal library).

A message is one plain, unwrapped line: greppable in cron mail, paths printed verbatim. It never
carries note text, names or values (errors cite file and line).
"""

from __future__ import annotations

import sys


def complain(kind: str, message: object) -> None:
    """Write ``kind: message`` as one line on stderr."""
    stream = sys.stderr
    stream.write(f"{kind}: {message}\n")
    stream.flush()
