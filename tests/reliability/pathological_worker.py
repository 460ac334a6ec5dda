"""Child process of ``test_pathological_inputs``: builds the detector once, then detects each
adversarial note named on the command line and prints one JSON line per note with the CPU
seconds it took. A note that backtracks catastrophically never prints; the parent's timeout
turns that into a failure instead of a hung test run. A note measured over the limit is
measured once more and the lower time counts: a busy machine can slow one run, but
backtracking is slow every time."""

from __future__ import annotations

import json
import sys
import time

from deid_cli.detection.detector import Detector
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.detection.spans import ALL_TYPES

NOTE_SIZE = 1_000_000
# Catastrophic backtracking on a megabyte takes minutes to hours; linear work takes seconds, and
# how many depends on the machine: a megabyte of ordinary notes as one note takes 4-7 CPU seconds,
# and "Dr. " repeated took 1.4-1.5 s on the development machine of session 11 but 2.4-3.1 s on
# the slower one of session 15, where 2.0 failed with no change to the code.
LIMIT_CPU_SECONDS = 5.0


def _repeat(unit: str) -> str:
    return (unit * (NOTE_SIZE // len(unit) + 1))[:NOTE_SIZE]


# Each ~1 MB, aimed at the repetitions of the detection regexes (see the pattern modules).
ADVERSARIAL: dict[str, str] = {
    "digit_run": _repeat("7"),
    "dots": _repeat("."),
    "capitalized_words": _repeat("Zirbleitner "),
    "hyphen_chain": _repeat("A-"),
    "hyphenated_words": _repeat("Hof-"),
    "spaces": _repeat(" "),
    "newlines": _repeat("\n"),
    "doctor_titles": _repeat("Dr. "),
    "title_hyphens": _repeat("Dr.-"),
    "at_signs": _repeat("@"),
    "www_chain": _repeat("www."),
    "slashes": _repeat("/"),
    "colons": _repeat(":"),
    "digit_dots": _repeat("1."),
    "digit_spaces": _repeat("1 "),
    "phone_groups": _repeat("0664 "),
    "comment_openers": _repeat("<!--"),
    "tags_and_entities": _repeat("<b>&amp;"),
    "combining_marks": "a" + _repeat("\u0301")[1:],
    "zero_width_joined_words": _repeat("Zirbleitner\u200b\u200d"),
    "street_suffixes": _repeat("Straße "),
    "parentheses": _repeat("("),
}


def main(names: list[str]) -> None:
    detector = Detector(build_lexicon(DictionaryOptions()), types=ALL_TYPES, ages="all")
    for name in names:
        text = ADVERSARIAL[name]
        seconds = _cpu_seconds(detector, text)
        if seconds >= LIMIT_CPU_SECONDS:
            seconds = min(seconds, _cpu_seconds(detector, text))
        print(json.dumps({"name": name, "cpu_seconds": seconds}), flush=True)


def _cpu_seconds(detector: Detector, text: str) -> float:
    started = time.process_time()
    detector.detect(text)
    return time.process_time() - started


if __name__ == "__main__":
    main(sys.argv[1:])
