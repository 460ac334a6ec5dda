"""Tests for scripts/make_synthetic.py (the scripts/synthetic/ package): the gold it writes is what
deid is measured against, so offsets must be exact, names must stay out of the dictionaries, and
traps must stay unlabeled."""

from __future__ import annotations

import itertools
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

import pytest
from repo import REPO_ROOT

SCRIPT = REPO_ROOT / "scripts" / "make_synthetic.py"
sys.path.insert(0, str(SCRIPT.parent))

from synthetic.cli import main  # noqa: E402  (scripts/ is not a package)
from synthetic.composer import Composer  # noqa: E402
from synthetic.gold import LABELS, PERSON_LABELS, assemble  # noqa: E402
from synthetic.pools import DEFAULT_DICT_DIR, build_name_pools, fold, load_exclusions  # noqa: E402
from synthetic.rendering import NoteContext  # noqa: E402
from synthetic.templates import TEMPLATE_GROUPS, TRAPS  # noqa: E402

PERSON_TOKEN = re.compile(r"[A-ZÄÖÜ][a-zäöüß]+")
SHAPES: dict[str, re.Pattern[str]] = {
    "PAT": PERSON_TOKEN,
    "HCP": PERSON_TOKEN,
    "PER": PERSON_TOKEN,
    "ZIP": re.compile(r"\d{4,5}"),
    "PHO": re.compile(r"\+?\d[\d /-]*\d"),
    "MAI": re.compile(r"[a-z0-9._-]+@[a-z0-9-]+(\.[a-z0-9-]+)+"),
    "WEB": re.compile(r"(https?://)?[a-z0-9.-]+\.[a-z]{2,}(/[a-z0-9/-]*[a-z0-9])?"),
    "ADD": re.compile(r"[A-ZÄÖÜ][\w.-]*( [\w/.-]+)*"),
    "SIT": re.compile(r"[A-ZÄÖÜ][\w.]*( [\wÄÖÜäöüß.]+)+"),
}


def _run(tmp_path: Path, *args: str, name: str = "out.jsonl") -> list[dict]:
    out = tmp_path / name
    assert main([*args, "-o", str(out)]) == 0
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def empty_dicts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("no_dicts")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory, empty_dicts: Path) -> list[dict]:
    out = tmp_path_factory.mktemp("corpus")
    return _run(out, "--notes", "1500", "--seed", "11", "--dict-dir", str(empty_dicts))


def test_record_shape(corpus: list[dict]) -> None:
    assert len(corpus) == 1500
    assert corpus[0]["id"] == "syn-000001"
    for note in corpus:
        assert set(note) == {"id", "patient_id", "text", "gold"}
        assert re.fullmatch(r"P\d{4,}", note["patient_id"])
        for _, _, label in note["gold"]:
            assert label in LABELS


def test_gold_offsets_are_exact(corpus: list[dict]) -> None:
    for note in corpus:
        text = note["text"]
        for start, end, label in note["gold"]:
            surface = text[start:end]
            assert 0 <= start < end <= len(text)
            assert surface == surface.strip(" \n\t.,;:!?()-"), (label, surface)
            assert SHAPES[label].fullmatch(surface), (label, surface)


def test_person_spans_are_single_tokens(corpus: list[dict]) -> None:
    """One span per name token: the character before and after a name span is never a letter,
    and hyphenated double names come out as two spans around a bare hyphen."""
    hyphenated = 0
    for note in corpus:
        text = note["text"]
        for start, end, label in note["gold"]:
            if label in PERSON_LABELS:
                assert start == 0 or not text[start - 1].isalpha()
                assert end == len(text) or not text[end].isalpha()
                hyphenated += text[end : end + 1] == "-"
    assert hyphenated > 0


def test_spans_sorted_and_disjoint(corpus: list[dict]) -> None:
    for note in corpus:
        spans = note["gold"]
        assert spans == sorted(spans)
        for (_, end, _), (start, _, _) in itertools.pairwise(spans):
            assert end <= start


def test_titles_and_salutations_stay_outside(corpus: list[dict]) -> None:
    outside = {"Frau", "Herr", "Herrn", "Fr.", "Hr.", "Dr.", "DGKP", "OA", "OÄ", "Pat."}
    for note in corpus:
        text = note["text"]
        for start, end, _ in note["gold"]:
            assert not any(word in outside for word in text[start:end].split())


def test_deterministic_for_seed(tmp_path: Path, empty_dicts: Path) -> None:
    args = ("--notes", "300", "--dict-dir", str(empty_dicts))
    first = _run(tmp_path, *args, "--seed", "5", name="a.jsonl")
    again = _run(tmp_path, *args, "--seed", "5", name="b.jsonl")
    other = _run(tmp_path, *args, "--seed", "6", name="c.jsonl")
    assert first == again
    assert first != other


def _person_tokens(notes: list[dict]) -> Counter[str]:
    return Counter(
        note["text"][start:end]
        for note in notes
        for start, end, label in note["gold"]
        if label in PERSON_LABELS
    )


def test_dictionary_names_are_never_generated(tmp_path: Path, empty_dicts: Path) -> None:
    """Put the most frequent names of one run into the dictionaries (in several spellings):
    the next run must avoid all of them."""
    baseline = _person_tokens(_run(tmp_path, "--notes", "400", "--seed", "3", "--dict-dir", str(empty_dicts)))
    banned = [name for name, _ in baseline.most_common(60)]
    dict_dir = tmp_path / "dicts"
    dict_dir.mkdir()
    half = len(banned) // 2
    (dict_dir / "first_names.txt").write_text("\n".join(banned[:half]) + "\n", encoding="utf-8")
    # Surnames as upper-case with umlauts spelled out, plus a comment line.
    spelled = [fold(name).upper() for name in banned[half:]]
    (dict_dir / "surnames.txt").write_text("# comment\n" + "\n".join(spelled) + "\n", encoding="utf-8")
    (dict_dir / "common_words.txt").write_text("zuckerl\n", encoding="utf-8")

    generated = _person_tokens(_run(tmp_path, "--notes", "400", "--seed", "3", "--dict-dir", str(dict_dir)))
    excluded = load_exclusions(dict_dir)
    assert generated
    for name in generated:
        assert name.lower() not in excluded and fold(name) not in excluded
    assert not set(generated) & set(banned)


def test_names_avoid_project_dictionaries(tmp_path: Path) -> None:
    """Against the real dictionaries, whatever state they are in."""
    excluded = load_exclusions(DEFAULT_DICT_DIR)
    for name in _person_tokens(_run(tmp_path, "--notes", "300", "--seed", "2")):
        assert fold(name) not in excluded


def test_name_pools_respect_exclusions() -> None:
    pools = build_name_pools(set(), use_wordfreq=False)
    victims = {pools.surnames[0], pools.female[0], pools.male[0]}
    filtered = build_name_pools({fold(v) for v in victims}, use_wordfreq=False)
    assert not victims & (set(filtered.surnames) | set(filtered.female) | set(filtered.male))
    assert not set(filtered.female) & set(filtered.male)


def _word_pattern(word: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\wÄÖÜäöüß]){re.escape(word)}(?![\wÄÖÜäöüß])")


TRAP_PATTERNS: dict[str, re.Pattern[str]] = {
    **{trap: _word_pattern(trap) for trap in TRAPS},
    "RR value": re.compile(r"RR \d{2,3}/\d{2,3}"),
    "dose fraction": re.compile(r"\d+/\d+ ?mg"),
}


@pytest.mark.parametrize("trap", sorted(TRAP_PATTERNS))
def test_traps_occur_and_stay_unlabeled(trap: str, corpus: list[dict]) -> None:
    hits = 0
    for note in corpus:
        for match in TRAP_PATTERNS[trap].finditer(note["text"]):
            hits += 1
            for start, end, _ in note["gold"]:
                assert end <= match.start() or start >= match.end(), (trap, note["text"])
    assert hits > 0, trap


def test_dates_never_labeled(corpus: list[dict]) -> None:
    date = re.compile(r"\b\d{1,2}\.\d{1,2}\.(\d{2,4})?")
    for note in corpus:
        for match in date.finditer(note["text"]):
            assert all(end <= match.start() or start >= match.end() for start, end, _ in note["gold"])


def test_corpus_statistics(corpus: list[dict]) -> None:
    spans = [len(note["gold"]) for note in corpus]
    assert 0.8 <= sum(spans) / len(spans) <= 2.0
    phi_free = sum(1 for n in spans if n == 0) / len(spans)
    assert 0.2 <= phi_free <= 0.5
    labels = Counter(label for note in corpus for _, _, label in note["gold"])
    assert set(labels) == set(LABELS)
    tokens = sorted(len(note["text"].split()) for note in corpus)
    assert 12 <= tokens[len(tokens) // 2] <= 30
    assert 20 <= sum(tokens) / len(tokens) <= 50
    assert tokens[-1] >= 150


def test_patients_recur_with_and_without_salutation(corpus: list[dict]) -> None:
    """Bare surnames (no salutation before them) of a patient who also appears as "Frau X"."""
    salutation = re.compile(r"(Frau|Fr\.|Herr|Herrn|Hr\.|Hrn\.|Pat\.) $")
    with_title: set[tuple[str, str]] = set()
    bare: set[tuple[str, str]] = set()
    for note in corpus:
        text = note["text"]
        for start, end, label in note["gold"]:
            if label != "PAT":
                continue
            key = (note["patient_id"], text[start:end])
            (with_title if salutation.search(text[max(0, start - 6) : start]) else bare).add(key)
    assert len(with_title & bare) >= 20
    per_patient = Counter(note["patient_id"] for note in corpus)
    assert per_patient.most_common(1)[0][1] >= 5


def test_team_signs_many_notes(corpus: list[dict]) -> None:
    signers = Counter(
        note["text"][start:end]
        for note in corpus
        for start, end, label in note["gold"]
        if label == "HCP" and end == len(note["text"])
    )
    # Six nurses sign with their first name, or "DGKP first surname" (the surname ends the note).
    assert 2 <= len(signers) <= 12
    assert sum(count for _, count in signers.most_common(6)) >= 150


def test_every_template_renders() -> None:
    rng = random.Random(0)
    pools = build_name_pools(set(), use_wordfreq=False)
    composer = Composer(rng, pools, 50)
    for group in TEMPLATE_GROUPS.values():
        for template in group:
            ctx = NoteContext(rng, composer.patients[0], composer.team)
            text, gold = assemble(ctx.render(template))
            assert "{" not in text
            for start, end, _ in gold:
                assert text[start:end].strip() == text[start:end]


def test_plain_and_no_gold_modes(tmp_path: Path, empty_dicts: Path) -> None:
    base = ("--notes", "20", "--seed", "1", "--dict-dir", str(empty_dicts))
    plain = _run(tmp_path, *base, "--plain", name="plain.jsonl")
    assert all(set(note) == {"id", "text"} for note in plain)
    no_gold = _run(tmp_path, *base, "--no-gold", name="nogold.jsonl")
    assert all(set(note) == {"id", "patient_id", "text"} for note in no_gold)
    full = _run(tmp_path, *base, name="full.jsonl")
    assert [n["text"] for n in plain] == [n["text"] for n in full]


def test_example_file_shape() -> None:
    """examples/notes.jsonl (made by this script, see examples/README.md) keeps the run input shape."""
    example = SCRIPT.parent.parent / "examples" / "notes.jsonl"
    if not example.is_file():
        pytest.skip("no example file")
    notes = [json.loads(line) for line in example.read_text(encoding="utf-8").splitlines()]
    assert len(notes) >= 100
    assert all({"id", "patient_id", "text"} <= set(note) for note in notes)
