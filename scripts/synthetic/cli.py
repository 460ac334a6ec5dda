"""Command line: options, the JSONL output in its three modes, and the summary on stderr."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from synthetic.composer import generate
from synthetic.gold import Note
from synthetic.pools import DEFAULT_DICT_DIR, build_name_pools, load_exclusions


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Generate synthetic German/Austrian telehealth notes with gold PHI spans.",
        epilog="Example: make_synthetic.py --notes 1000 --seed 7 -o build/synthetic.jsonl",
    )
    parser.add_argument("--notes", type=int, default=1000, help="number of notes (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("-o", "--output", default="-", help="output JSONL file ('-' = stdout)")
    parser.add_argument(
        "--dict-dir",
        type=Path,
        default=DEFAULT_DICT_DIR,
        help="dictionary folder whose names are kept out of the pools (default: <repo>/dictionaries)",
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--plain", action="store_true", help='write only {"id", "text"}')
    mode.add_argument("--no-gold", action="store_true", help='write {"id", "patient_id", "text"}')
    parser.add_argument(
        "--mix-common",
        type=float,
        default=0.0,
        metavar="SHARE",
        help="share of names drawn from common Austrian names (showcases only; breaks the "
        "not-in-dictionary guarantee)",
    )
    parser.add_argument(
        "--no-wordfreq",
        action="store_true",
        help="do not also reject names that wordfreq knows as German words (default: reject)",
    )
    return parser.parse_args(argv)


def summary(notes: Sequence[Note]) -> str:
    labels = Counter(label for note in notes for _, _, label in note.gold)
    spans = sum(labels.values())
    empty = sum(1 for note in notes if not note.gold)
    tokens = sorted(len(note.text.split()) for note in notes)
    mean_tokens = sum(tokens) / max(1, len(tokens))
    median = tokens[len(tokens) // 2] if tokens else 0
    return (
        f"notes={len(notes)} spans={spans} mean_phi={spans / max(1, len(notes)):.2f} "
        f"phi_free={empty / max(1, len(notes)):.2f} tokens(median={median} mean={mean_tokens:.1f} "
        f"max={tokens[-1] if tokens else 0}) labels={dict(sorted(labels.items()))}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.notes < 0:
        print("--notes must be >= 0", file=sys.stderr)
        return 2
    pools = build_name_pools(
        load_exclusions(args.dict_dir), common_share=args.mix_common, use_wordfreq=not args.no_wordfreq
    )
    sizes = pools.sizes()
    print(f"name pools: {sizes} (dictionaries: {args.dict_dir})", file=sys.stderr)
    if min(sizes.values()) == 0:
        print("a name pool is empty: the dictionaries cover every generated candidate", file=sys.stderr)
        return 1
    notes = generate(args.notes, args.seed, pools)
    mode = "plain" if args.plain else "no-gold" if args.no_gold else "gold"
    lines = "".join(json.dumps(n.record(mode), ensure_ascii=False) + "\n" for n in notes)
    if args.output == "-":
        sys.stdout.write(lines)
    else:
        out = Path(args.output)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(lines, encoding="utf-8")
    print(summary(notes), file=sys.stderr)
    return 0
