"""Pathological notes finish in time: every detection regex is linear-time or guarded, so each
adversarial ~1 MB note is detected in under 2 CPU seconds (a hang guard, not a benchmark:
catastrophic backtracking takes minutes or hours on these inputs).

The notes run in one child process (``pathological_worker.py``) under a timeout, so a
regression fails the run instead of hanging it; CPU time rather than wall time keeps other
processes on the machine from failing the guard.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Run
from hypothesis import given, settings
from hypothesis import strategies as st

from deid_cli.detection.maskers import salutation
from deid_cli.detection.patterns import addresses, contacts
from deid_cli.detection.patterns import organisations as org_patterns
from deid_cli.detection.patterns import phi as phi_patterns
from deid_cli.detection.patterns.alternation import trie_alternation
from deid_cli.detection.patterns.regex_guard import first_char_class, first_char_class_of_words
from deid_cli.detection.ranges import RangeIndex
from deid_cli.detection.text import prepare

from .pathological_worker import ADVERSARIAL, LIMIT_CPU_SECONDS

WORKER = Path(__file__).with_name("pathological_worker.py")
# Building the lexicon plus every note measured twice at its limit; beyond that something hangs.
TIMEOUT_SECONDS = 60 + 2 * LIMIT_CPU_SECONDS * len(ADVERSARIAL)


@pytest.fixture(scope="module")
def cpu_seconds() -> dict[str, float]:
    """CPU seconds per adversarial note; notes after a hang are missing."""
    command = [sys.executable, str(WORKER), *ADVERSARIAL]
    try:
        proc = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_SECONDS, check=True)
        out = proc.stdout
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode() if isinstance(exc.stdout, bytes) else exc.stdout or ""
    results = [json.loads(line) for line in out.splitlines() if line.strip()]
    return {r["name"]: r["cpu_seconds"] for r in results}


@pytest.mark.parametrize("name", sorted(ADVERSARIAL))
def test_adversarial_megabyte_note_is_detected_within_five_cpu_seconds(
    cpu_seconds: dict[str, float], name: str
) -> None:
    assert name in cpu_seconds, f"{name}: no result within {TIMEOUT_SECONDS:.0f} s (hang or crash)"
    assert cpu_seconds[name] < LIMIT_CPU_SECONDS, f"{name}: {cpu_seconds[name]:.2f} CPU s"


def test_every_adversarial_note_is_about_one_megabyte() -> None:
    assert all(len(text) == 1_000_000 for text in ADVERSARIAL.values())


@given(
    st.lists(st.tuples(st.integers(0, 60), st.integers(0, 8)), max_size=20),
    st.integers(0, 70),
    st.integers(0, 8),
)
def test_range_index_answers_exactly_like_a_scan_of_every_range(
    raw: list[tuple[int, int]], start: int, length: int
) -> None:
    # The index replaced per-token scans over all blocked ranges (quadratic on long notes).
    ranges = [(s, s + n) for s, n in raw]
    end = start + length
    expected = any(start < e and s < end for s, e in ranges)
    assert RangeIndex(ranges).overlaps(start, end) == expected


@pytest.mark.parametrize(
    "text",
    ["<!--" * 50_000, ("<!--" + "a" * 3000) * 50 + "-->", "<b>&amp;" * 20_000],
    ids=["comment_openers", "comments_too_long", "tags_and_entities"],
)
def test_markup_views_of_hostile_markup_keep_every_offset(text: str) -> None:
    # Comments and tags are blanked in place and entities decoded: the view maps back 1:1.
    prepared = prepare(text)
    assert prepared.to_original(0, len(prepared.view)) == (0, len(text))


def test_line_of_a_million_tokens_is_pseudonymized_like_any_note(
    deid_subprocess: Callable[..., Run], workdir: Path
) -> None:
    # ~4 MB on one line; the console script's 120 s timeout is the hang guard.
    filler = "Befund und 3 mg " * 250_000
    note = filler + "Kontrolle bei Herr Zirbleitner."
    assert len(note.split()) > 1_000_000
    lines = [{"id": "long", "text": note}, {"id": "next", "text": "Frau Hofbrunninger kam."}]
    (workdir / "notes.jsonl").write_text("".join(json.dumps(r) + "\n" for r in lines), encoding="utf-8")
    run = deid_subprocess("run", "notes.jsonl", "-o", "out.jsonl", "--stats", "stats.json", "-q")
    assert run.exit_code == 0, run.output
    stats = json.loads((workdir / "stats.json").read_text(encoding="utf-8"))
    assert stats["records"] == {"read": 2, "written": 2, "rejected": 0}
    long_out, next_out = (
        json.loads(x) for x in (workdir / "out.jsonl").read_text(encoding="utf-8").splitlines()
    )
    assert long_out["text"].startswith(filler) and "Zirbleitner" not in long_out["text"]
    assert "Hofbrunninger" not in next_out["text"]


@pytest.mark.parametrize("extension", ["jsonl", "csv"])
def test_fifty_megabyte_note_is_a_counted_rejection_naming_its_line_not_minutes_of_work(
    deid_subprocess: Callable[..., Run], workdir: Path, extension: str
) -> None:
    # A 50 MB note (an embedded blob, say) would cost over a minute and a GB; by default it is
    # rejected like any bad record: counted, reported as file:line with the limit, never content.
    blob = "Zirbleitner " * (50_000_000 // 12)
    if extension == "jsonl":
        lines = [
            json.dumps({"id": "blob", "text": blob}),
            json.dumps({"id": "next", "text": "Frau Hofbrunninger kam."}),
        ]
        (workdir / "notes.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    else:
        (workdir / "notes.csv").write_text(
            f"id,text\nblob,{blob}\nnext,Frau Hofbrunninger kam.\n", encoding="utf-8"
        )
    run = deid_subprocess(
        "run",
        f"notes.{extension}",
        "-o",
        f"out.{extension}",
        "--stats",
        "stats.json",
        "-q",
        "--on-error",
        "skip",
    )
    assert run.exit_code == 0, run.output
    line = 1 if extension == "jsonl" else 2  # CSV: after the header
    assert f"notes.{extension}:{line}: note longer than the 20,000,000-character limit" in run.output
    assert "Zirbleitner" not in run.output
    stats = json.loads((workdir / "stats.json").read_text(encoding="utf-8"))
    assert stats["records"] == {"read": 2, "written": 1, "rejected": 1}
    written = (workdir / f"out.{extension}").read_text(encoding="utf-8")
    assert "Zirbleitner" not in written and "Hofbrunninger" not in written and "[PAT-" in written


def test_max_note_chars_sets_the_limit_and_zero_lifts_it(
    deid_subprocess: Callable[..., Run], workdir: Path
) -> None:
    note = "Kontrolle bei Herr Zirbleitner, alles gut. " * 100  # 4,300 characters
    (workdir / "notes.jsonl").write_text(json.dumps({"id": "a", "text": note}) + "\n", encoding="utf-8")
    refused = deid_subprocess("run", "notes.jsonl", "-o", "out.jsonl", "-q", "--max-note-chars", "4000")
    assert refused.exit_code == 1
    assert "notes.jsonl:1: note longer than the 4,000-character limit" in refused.output
    assert not (workdir / "out.jsonl").exists()
    lifted = deid_subprocess("run", "notes.jsonl", "-o", "out.jsonl", "-q", "--max-note-chars", "0")
    assert lifted.exit_code == 0, lifted.output
    assert "Zirbleitner" not in (workdir / "out.jsonl").read_text(encoding="utf-8")


GUARDED = {
    "org._PRO_TRIGGER": org_patterns._profession_patterns().trigger,
    "org._ORG_LABEL": org_patterns._organisation_patterns().label,
    "org._ORG_WORK_AT": org_patterns._organisation_patterns().work_at,
    "org._LOC_AFTER_ZIP": org_patterns._LOC_AFTER_ZIP,
    "contacts._EMAIL": contacts._EMAIL,
    "contacts._IBAN": contacts._IBAN,
    "addresses._ADDRESS_PREP": addresses._address_prep(),
    "addresses._ZIP": addresses._ZIP,
    "contacts._PHONE": contacts._PHONE,
    "phi._SLASHED_DAY_DATE": phi_patterns._SLASHED_DAY_DATE,
}
_GUARD = re.compile(r"\(\?=\[(?:\\.|[^\]\\])*\]\)")
_GUARD_ALPHABET = "AaBbDdFfHhIiPpSsTtVvWwZzÄ0123456789 \t\n.,:;/-+()@_äöüß" + "İﬁ\u200b\u0301"


@settings(max_examples=60, deadline=None)
@given(st.text(st.sampled_from(_GUARD_ALPHABET), max_size=60), st.sampled_from(sorted(GUARDED)))
def test_first_character_guard_never_changes_what_a_scan_finds(text: str, name: str) -> None:
    guarded_pattern = GUARDED[name]
    assert _GUARD.search(guarded_pattern.pattern), f"{name} has no guard"
    plain = re.compile(_GUARD.sub("", guarded_pattern.pattern, count=1), guarded_pattern.flags)
    words = ["Beruf: ", "arbeitet als ", "wohnhaft in ", "Am Anger ", "PLZ ", "0664/", "AT61 ", "x@y.at "]
    for sample in (text, "".join(words) + text, text + " " + " ".join(words)):
        found = [m.span() for m in guarded_pattern.finditer(sample)]
        assert found == [m.span() for m in plain.finditer(sample)]


@pytest.mark.parametrize(
    ("body", "expected"),
    [(r"(?:ab|c?)d", "[acd]"), (r"a?", None), (r"[^a]b", None), (r"\d{2}", r"[\d]"), (r"(?i:ab)", None)],
)
def test_first_character_class_is_listed_only_when_it_is_certain(body: str, expected: str | None) -> None:
    assert first_char_class(body) == expected


# words whose escaped first characters differ from them, blanks, repeats and empty words
_WORD_LISTS = [["a-b", "-x", " y", "Ä", "(k", ".", "1", "\\", "é"], ["ab", "ac"], ["a", "b"], ["", "x"], [""]]


@pytest.mark.parametrize("words", _WORD_LISTS)
def test_the_first_characters_of_words_are_the_class_their_alternation_is_parsed_to(words: list[str]) -> None:
    assert first_char_class_of_words(words) == first_char_class(f"(?:{trie_alternation(words)})(?![\\w])")


@pytest.mark.parametrize("triggers", [["Dr.", "Mit freundlichen Grüßen"], [" Herr", "Dr."], [], *_WORD_LISTS])
def test_the_salutation_triggers_first_characters_are_the_class_their_alternation_is_parsed_to(
    triggers: list[str],
) -> None:
    body = salutation._alternation(triggers)
    assert salutation._first_chars(triggers, body) == first_char_class(body)
