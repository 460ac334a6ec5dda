"""Run the real ``deid`` entry point with a bug planted, for the crash-report tests.

Usage: ``python crash_injection.py WHERE deid-arguments...`` where WHERE is

- ``linkage``: drawing a pseudonym code raises ``KeyError(<the normalized name>)`` in the main
  process, with the note in a local variable (what a careless traceback would print);
- ``detection``: detecting a note raises ``ValueError`` quoting the note, in the worker
  processes (``--workers 2``) or in the main process (``--workers 1``).

The exception messages and locals deliberately hold note text: the report must not.
"""

from __future__ import annotations

import sys

from deid_cli import cli
from deid_cli.detection.detector import Detector
from deid_cli.pseudonyms import table as pseudonyms


def _code_raises(self: pseudonyms.Pseudonymizer, reference: str) -> str:
    note_in_a_local = f"the note mentions {reference}"
    raise KeyError(reference, note_in_a_local)


def _detect_raises(self: Detector, texts: list[str], knowns=None):  # type: ignore[no-untyped-def]
    raise ValueError(f"cannot handle {texts!r}")


def main() -> None:
    where, args = sys.argv[1], sys.argv[2:]
    if where == "linkage":
        pseudonyms.Pseudonymizer.code = _code_raises  # type: ignore[method-assign]
    elif where == "detection":
        Detector.detect_many = _detect_raises  # type: ignore[method-assign]
    else:
        raise SystemExit(f"unknown injection point {where}")
    sys.argv = ["deid", *args]
    cli.main()


if __name__ == "__main__":
    main()
