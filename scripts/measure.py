#!/usr/bin/env python3
"""Measure detection quality on annotated JSONL ({"id","text","gold":[[s,e,label],...]}).

Runs deid's two passes in-process over each file as one corpus and prints, per gold group,
relaxed recall (a gold span overlapped by any detected span) and strict recall (exact
boundaries), plus the precision of all detected spans (a detected span is correct when it
overlaps some gold PHI span). GraSCCo labels are mapped to deid's types. Never prints text.

    python scripts/measure.py build/synthetic.jsonl ../shared/data/grascco_dev.jsonl [--vote all] [--no-learn]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

import orjson

from deid_cli.detection.detector import Detector
from deid_cli.detection.learning import learn_from
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon

GRASCCO = {
    "NAME_PATIENT": "PAT", "NAME_DOCTOR": "HCP", "NAME_RELATIVE": "PER", "NAME_EXT": "PER",
    "NAME_OTHER": "PER", "NAME_USERNAME": "PER", "LOCATION_HOSPITAL": "SIT", "LOCATION_STREET": "ADD",
    "LOCATION_ZIP": "ZIP", "LOCATION_CITY": "LOC", "CONTACT_PHONE": "PHO", "CONTACT_FAX": "PHO",
    "CONTACT_EMAIL": "MAI", "CONTACT_URL": "WEB", "DATE": "DAT", "AGE": "AGE", "ID": "ID",
    "LOCATION_ORGANIZATION": "ORG", "PROFESSION": "PRO",
}  # fmt: skip
NOT_PHI = {"NAME_TITLE", "LOCATION_COUNTRY"}
GROUPS = {
    "names": {"PAT", "HCP", "PER"},
    "contacts": {"PHO", "MAI", "WEB"},
    "address+zip": {"ADD", "ZIP"},
    "sites": {"SIT"},
    "city": {"LOC"},
}


def load(path: Path) -> list[dict]:
    return [orjson.loads(line) for line in path.read_bytes().splitlines() if line.strip()]


def measure(records: list[dict], vote: str, learn: bool, ambiguity_rule: bool = True) -> dict:
    lexicon = build_lexicon(DictionaryOptions(), use_cache=True)
    detector = Detector(lexicon, vote=vote, ambiguity_rule=ambiguity_rule)
    if learn:
        detector = learn_from(detector, (record["text"] for record in records)).detector
    found: Counter[str] = Counter()
    exact: Counter[str] = Counter()
    total: Counter[str] = Counter()
    predicted = correct = typed = typed_right = 0
    missed_by_type: Counter[str] = Counter()
    for record in records:
        gold = [(s, e, GRASCCO.get(label, label)) for s, e, label in record["gold"] if label not in NOT_PHI]
        spans = detector.detect(record["text"]).spans
        predicted += len(spans)
        correct += sum(1 for p in spans if any(p.start < e and s < p.end for s, e, _ in gold))
        for p in spans:
            labels = {label for s, e, label in gold if p.start < e and s < p.end}
            if labels:
                typed += 1
                typed_right += p.type in labels
        for s, e, label in gold:
            total[label] += 1
            hit = [p for p in spans if p.start < e and s < p.end]
            if hit:
                found[label] += 1
                if any(p.start == s and p.end == e for p in hit):
                    exact[label] += 1
            else:
                missed_by_type[label] += 1
    result = {
        "precision": correct / predicted if predicted else None,
        "predicted": predicted,
        "type_accuracy": typed_right / typed if typed else None,
        "groups": {},
    }
    for group, labels in GROUPS.items():
        n = sum(total[x] for x in labels)
        if n:
            result["groups"][group] = {
                "n": n,
                "recall": sum(found[x] for x in labels) / n,
                "strict_recall": sum(exact[x] for x in labels) / n,
            }
    result["missed"] = dict(missed_by_type)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--vote", choices=["first", "all"], default="first")
    parser.add_argument("--no-learn", action="store_true")
    parser.add_argument(
        "--no-ambiguity-rule",
        action="store_true",
        help="let bare dictionary hits of names that are common words be masked (to measure the rule)",
    )
    args = parser.parse_args(argv)
    for path in args.files:
        result = measure(load(path), args.vote, not args.no_learn, not args.no_ambiguity_rule)
        rule = "off" if args.no_ambiguity_rule else "on"
        print(f"== {path.name} (vote={args.vote}, learn={not args.no_learn}, ambiguity rule {rule})")
        print(f"  precision(all spans) {result['precision']:.3f}  over {result['predicted']} spans")
        print(f"  type accuracy of correct spans {result['type_accuracy']:.3f}")
        for group, row in result["groups"].items():
            recall, strict = row["recall"], row["strict_recall"]
            print(f"  {group:12s} n={row['n']:5d}  recall {recall:.3f}  strict {strict:.3f}")
        print(f"  missed by type: {result['missed']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
