"""The ``generate`` and ``report`` subcommands of ``scripts/generalise.py``."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from generalise.classes import BOTH, FAMILIES, KINDS
from generalise.compose import generate
from generalise.report import evaluate, markdown


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        description=(
            "Generalisation harness of issues 16 and 17"
            " (dev/test families, holdout, fresh, sealed, vault, reserve, ledger, codex, folio, docket,"
            " dossier, chart, binder)."
        )
    )
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", help="write one family's letters or notes with gold (JSONL)")
    gen.add_argument("--family", choices=FAMILIES, required=True)
    gen.add_argument("--kind", choices=KINDS, required=True)
    gen.add_argument("--count", type=int, default=100)
    gen.add_argument("--seed", type=int, default=7)
    gen.add_argument("-o", "--output", type=Path, required=True)
    rep = sub.add_parser("report", help="run deid over generated corpora and print recall per class")
    rep.add_argument(
        "--family",
        choices=(*FAMILIES, "both"),
        default="both",
        help=(
            "both: dev and test (not holdout, fresh, sealed, vault, reserve, ledger, codex, folio, docket,"
            " dossier, chart or binder)"
        ),
    )
    rep.add_argument("--count", type=int, default=300, help="documents per kind and family")
    rep.add_argument("--seed", type=int, default=7)
    rep.add_argument("--json", action="store_true", help="machine-readable output")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "generate":
        records = generate(args.family, args.kind, args.count, args.seed)
        with args.output.open("w", encoding="utf-8") as handle:
            for record in records:
                handle.write(json.dumps(record, ensure_ascii=False) + "\n")
        print(f"{len(records)} {args.kind} ({args.family} family) written", file=sys.stderr)
        return 0
    started = time.perf_counter()
    families = BOTH if args.family == "both" else (args.family,)
    results = [evaluate(family, args.count, args.seed) for family in families]
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print("\n".join(markdown(result) for result in results))
        print(f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    return 0
