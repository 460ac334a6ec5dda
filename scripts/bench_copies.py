#!/usr/bin/env python3
"""Writes a large benchmark corpus as copies of a smaller one, each with its own names.

    python scripts/bench_copies.py BASE.jsonl --copies 100 -o build/bench/corpora/10m.jsonl

Copy 1 is the base corpus as it is; in copy k > 1 every capitalized word gets an ending of
lower-case letters that spells k, so each copy brings new distinct words and references and the
linkage table grows with the corpus, as it does in a real archive. Streams: memory stays at
one line. Used for the one- and ten-million-note runs in the README.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import orjson

CAPITALIZED = re.compile(r"\b([A-ZÄÖÜ][a-zäöüß]+)")


def ending(copy: int) -> str:
    """Lower-case letters spelling ``copy`` in base 26 ('b', 'c', …, 'ba', …)."""
    letters = ""
    while copy:
        copy, digit = divmod(copy, 26)
        letters = "abcdefghijklmnopqrstuvwxyz"[digit] + letters
    return letters


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", type=Path, help="JSONL corpus with a 'text' field")
    parser.add_argument("--copies", type=int, default=10)
    parser.add_argument("-o", "--output", type=Path, required=True)
    args = parser.parse_args()
    with args.output.open("wb") as out:
        for copy in range(1, args.copies + 1):
            suffix = ending(copy) if copy > 1 else ""
            with args.base.open("rb") as base:
                for number, line in enumerate(base):
                    record = orjson.loads(line)
                    if suffix:
                        record["text"] = CAPITALIZED.sub(rf"\g<1>{suffix}", record["text"])
                    record["id"] = f"{copy}-{number}"
                    out.write(orjson.dumps(record) + b"\n")


if __name__ == "__main__":
    main()
