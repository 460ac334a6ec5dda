"""Fuzz the detection entry point (``Detector.detect`` + pseudonymization) on hostile notes.

Hypothesis drives the fuzzing rather than atheris: it needs no native build, is already a dev
dependency, generates *structured* notes (salutations with invented names, phone numbers,
e-mails, dates glued into arbitrary Unicode) so the detectors actually fire, and shrinks a
failure to a minimal note. The same strategy and invariant check back the property tests in
``tests/reliability``.

Usage: ``python scripts/fuzz.py --seconds 600`` (``make fuzz``). A failing note is shrunk and
saved as ``tests/data/fuzz/<sha1>.json`` (a JSON string, so lone surrogates survive), which
``tests/reliability/test_fuzz_regressions.py`` replays. Exit status 1 when a failure was found.
Notes are generated, never read from a corpus, so nothing written here is real PHI.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import time
from itertools import pairwise
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deid_cli.detection.detector import Detector
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.detection.spans import ALL_TYPES, ALPHABET, CODE_LENGTH
from deid_cli.pseudonyms.strategies import RedactStrategy, Strategy, TagStrategy, apply
from deid_cli.pseudonyms.table import Pseudonymizer

# A pseudonym as the tag strategy writes it (the code alphabet has no 0/O, 1/I/L).
TAG_PATTERN = re.compile(rf"\[(?:{'|'.join(ALL_TYPES)})-[{ALPHABET}]{{{CODE_LENGTH}}}\]")
FUZZ_DIR = Path(__file__).resolve().parent.parent / "tests" / "data" / "fuzz"

# Invented names (none is in the bundled dictionaries).
SURNAMES = ("Zirbleitner", "Hofbrunninger", "Quendelhofer", "Pfaffenstaller", "Ederkogler", "Gamsriegler")
FIRST_NAMES = ("Wendolin", "Ottilie", "Hiltrud", "Bartlmä")
SALUTATIONS = ("Frau", "Herr", "Herrn", "Dr.", "Fr.", "Hr.", "Prof. Dr.", "OA Dr.", "DGKP", "Pat.")
# Characters that break naive text handling: combining marks, right-to-left text and marks,
# zero-width characters, emoji (astral, with ZWJ and skin tone), NUL and control characters,
# characters whose lower/upper case changes the string length, a lone surrogate, odd spaces.
HOSTILE_CHARS = (
    "\u0301\u0308\u0327\u20dd"  # combining acute, diaeresis, cedilla, enclosing circle
    "\u05d0\u05e9\u0627\u0644\u200f\u202e\u2066\u2069"  # Hebrew, Arabic, RLM, RLO, isolates
    "\u200b\u200c\u200d\u2060\ufeff"  # zero-width space/joiners, word joiner, BOM
    "\U0001f600\U0001f469\U0001f3fd\u2764\ufe0f"  # emoji, skin tone, variation selector
    "\x00\x07\x1b\x7f\x85\u2028\u2029\r\t\n"  # NUL, controls, NEL, line/paragraph separators
    "İẞßﬁﬂŉǅΐ\u0130\u1e9e"  # case mappings that change length
    "\ud800\udfff"  # lone surrogates
    "\u00a0\u2007\u202f\u3000"  # odd spaces
    "<>&;#@./:-+()[]"  # markup and identifier punctuation
)


def _realistic() -> st.SearchStrategy[str]:
    """Fragments the detectors fire on, with invented values."""
    surname = st.sampled_from(SURNAMES)
    digits = st.text("0123456789", min_size=1, max_size=9)
    return st.one_of(
        st.builds(lambda s, n: f"{s} {n}", st.sampled_from(SALUTATIONS), surname),
        st.builds(lambda f, n: f"{f} {n}", st.sampled_from(FIRST_NAMES), surname),
        st.builds(lambda a, b: f"0{a}/{b}", st.sampled_from(("664", "512", "1")), digits),
        st.builds(lambda a: f"+43 {a}", digits),
        st.builds(lambda n: f"{n.lower()}@klinik-{n.lower()}.at", surname),
        st.builds(
            lambda d, m, y: f"{d}.{m}.{y}", st.integers(0, 39), st.integers(0, 13), st.integers(1890, 2099)
        ),
        st.builds(lambda n: f"www.{n.lower()}.at", surname),
        st.builds(lambda n, h: f"{n}straße {h}", surname, st.integers(1, 999)),
        st.builds(
            lambda z, n: f"{z} {n}", st.sampled_from(("6020", "A-1010", "80331")), st.sampled_from(SURNAMES)
        ),
        st.builds(lambda a: f"{a} Jahre alt", st.integers(0, 130)),
        st.sampled_from(
            ("[PAT-7KQ2XM]", "[PHO]", "[DAT-AAAAAA]", "<br>", "&auml;", "&#x130;", "<!--", "-->")
        ),
    )


def hostile_text(max_fragments: int = 12) -> st.SearchStrategy[str]:
    """A note: realistic fragments, arbitrary Unicode and hostile characters, glued together
    with or without separators."""
    hostile = st.text(st.sampled_from(HOSTILE_CHARS), max_size=6)
    anything = st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF), max_size=12)
    separator = st.sampled_from(("", " ", "  ", "\n", ", ", ". ", "-", "\u200b", "\u0301"))
    fragment = st.one_of(_realistic(), hostile, anything)
    return st.lists(st.tuples(fragment, separator), max_size=max_fragments).map(
        lambda parts: "".join(f + s for f, s in parts)
    )


def default_detector(scan_whole_notes: bool = False) -> Detector:
    """Every entity type, every age: the widest detection surface. With ``scan_whole_notes``
    every stage scans the whole note: the reference the trigger-driven stages must equal."""
    detector = Detector(build_lexicon(DictionaryOptions()), types=ALL_TYPES, ages="all")
    detector.scan_whole_notes = scan_whole_notes
    return detector


def pseudonymize_with_positions(
    text: str, detector: Detector, strategy: Strategy
) -> tuple[str, list[tuple[int, int]]]:
    """Detect and replace; return the output and where each replacement sits in it. Checks
    on the way that the spans are valid and that the output is the input with exactly those
    spans replaced (assertion messages carry offsets only, never text)."""
    spans = detector.detect(text).spans
    for span in spans:
        assert 0 <= span.start < span.end <= len(text), f"span {span.start}-{span.end} out of bounds"
        assert span.type in ALL_TYPES, f"unknown type {span.type}"
    for a, b in pairwise(spans):
        assert a.end <= b.start, f"spans {a.start}-{a.end} and {b.start}-{b.end} overlap or unsorted"
    output, _codes = apply(text, spans, Pseudonymizer(seed=1), strategy)
    positions: list[tuple[int, int]] = []
    out_pos = in_pos = 0
    for span in spans:
        kept = text[in_pos : span.start]
        assert output.startswith(kept, out_pos), f"text before span {span.start} changed"
        out_pos += len(kept)
        closing = output.find("]", out_pos)
        assert output.startswith(f"[{span.type}", out_pos) and closing > out_pos, f"no tag at {span.start}"
        positions.append((out_pos, closing + 1))
        out_pos, in_pos = closing + 1, span.end
    assert output[out_pos:] == text[in_pos:], "text after the last span changed"
    return output, positions


def check_note(text: str, detector: Detector, reference: Detector | None = None) -> None:
    """The fuzz invariants: no crash; output = input with the spans replaced; a second run on
    the output never masks a pseudonym again (tag and redact strategies); with ``reference``
    (whole-note scans), the trigger-driven detector finds the same spans, alone and between
    other notes."""
    if reference is not None:
        expected = reference.detect(text).spans
        assert detector.detect(text).spans == expected, "differs from whole-note scans"
        between = detector.detect_many([_NEIGHBOUR, text, _NEIGHBOUR])[1].spans
        assert between == expected, "differs from whole-note scans between other notes"
    for strategy in (TagStrategy(), RedactStrategy()):
        output, positions = pseudonymize_with_positions(text, detector, strategy)
        again = detector.detect(output).spans
        for span in again:
            for start, end in positions:
                assert not (span.start < end and start < span.end), (
                    f"{strategy.name}: second run masks the pseudonym at {start}-{end} "
                    f"(span {span.start}-{span.end} {span.type} {span.masker})"
                )


# A note around the fuzzed one, ending and starting where patterns could run on.
_NEIGHBOUR = "Rückruf bei Frau Zirbleitner, LKH Tel. 0664 1234567 Hauptstraße"


def save_failure(text: str, directory: Path = FUZZ_DIR) -> Path:
    """Keep a failing note as a regression input (JSON string: lone surrogates survive)."""
    directory.mkdir(parents=True, exist_ok=True)
    encoded = json.dumps(text, ensure_ascii=True)
    path = directory / f"{hashlib.sha1(encoded.encode()).hexdigest()[:16]}.json"
    path.write_text(encoded + "\n", encoding="ascii")
    return path


def fuzz(seconds: float, chunk: int = 300) -> int:
    """Run the property for about ``seconds``; return the number of failures saved."""
    detector = default_detector()
    reference = default_detector(scan_whole_notes=True)
    last: list[str] = []

    @settings(
        max_examples=chunk,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        print_blob=False,
    )
    @given(hostile_text(max_fragments=30))
    def target(text: str) -> None:
        try:
            check_note(text, detector, reference)
        except BaseException:
            last[:] = [text]  # hypothesis replays the shrunk example last
            raise

    failures = 0
    deadline = time.monotonic() + seconds
    rounds = 0
    while time.monotonic() < deadline:
        rounds += 1
        try:
            target()
        except Exception as exc:  # report, save, keep fuzzing
            failures += 1
            path = save_failure(last[0])
            print(f"failure {failures}: {type(exc).__name__}: {exc}; saved {path.name}", file=sys.stderr)
    print(f"fuzzed {rounds * chunk} notes in {seconds:.0f} s budget; {failures} failure(s)")
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=600, help="time budget (default 600)")
    args = parser.parse_args(argv)
    return 1 if fuzz(args.seconds) else 0


if __name__ == "__main__":
    sys.exit(main())
