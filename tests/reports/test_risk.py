"""Re-identification risk per note (deid_cli/risk.py) and its place in ``deid run``: levels as
the README documents them, counts in --stats, a level on every --spans line, and no text kept.

Places and professions come from the bundled dictionaries; every person name is invented.
"""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from deid_cli.detection.lexicon.lexicon import Lexicon
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.detection.spans import LOC, Span
from deid_cli.reports.risk import K_CAP, LEVELS, CorpusRisk, NoteRisk, Vocabulary, quasi_identifiers

COMMON_NOTE = "Uhrmacher aus Lienz, 78 Jahre alt, Sarkoidose bekannt."
RARE_NOTE = "Tischler aus Gramais, 93-jährig, Gewicht stabil."


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return build_lexicon(DictionaryOptions())


def rate(lexicon: Lexicon, corpus: list[tuple[str, str]], note: str, group: str) -> NoteRisk:
    """Pass 1 over (group, text) pairs without masking, then pass 2 for one note."""
    risk = CorpusRisk(lexicon)
    for other_group, text in corpus:
        risk.observe(text, [], other_group)
    return risk.assess(note, [], group)


def many_patients(text: str, count: int = K_CAP + 2) -> list[tuple[str, str]]:
    return [(f"P{i:02d}", text) for i in range(count)]


def test_the_dictionaries_recognise_the_quasi_identifiers_the_tests_plant(lexicon: Lexicon) -> None:
    found = quasi_identifiers(f"{COMMON_NOTE} {RARE_NOTE}", [], Vocabulary(lexicon))
    assert set(found) == {
        ("profession", "uhrmacher"),
        ("place", "lienz"),
        ("age", "78"),
        ("diagnosis", "sarkoidose"),
        ("profession", "tischler"),
        ("place", "gramais"),
        ("age", "93"),
    }


def test_note_whose_quasi_identifiers_occur_in_many_other_patients_notes_is_low(lexicon: Lexicon) -> None:
    corpus = many_patients(COMMON_NOTE)
    result = rate(lexicon, corpus, COMMON_NOTE, "P00")
    assert result.level == "low"
    assert result.quasi_identifiers == 4
    assert result.smallest_k == K_CAP  # shared with at least K_CAP other patients


def test_note_with_a_unique_rare_place_age_and_profession_is_high(lexicon: Lexicon) -> None:
    corpus = [*many_patients(COMMON_NOTE), ("RARE", RARE_NOTE)]
    result = rate(lexicon, corpus, RARE_NOTE, "RARE")
    assert result.level == "high"
    assert result.quasi_identifiers == 3
    assert result.smallest_k == 0
    assert result.score >= 3.0  # three quasi-identifiers no other patient shares


def test_one_quasi_identifier_no_other_patient_shares_makes_a_note_moderate(lexicon: Lexicon) -> None:
    corpus = [*many_patients(COMMON_NOTE), ("RARE", "Urlaub in Gramais.")]
    assert rate(lexicon, corpus, "Urlaub in Gramais.", "RARE").level == "moderate"


def test_a_combination_no_other_patient_shares_raises_the_level_even_when_each_part_is_common(
    lexicon: Lexicon,
) -> None:
    # Many patients are watchmakers, many live in Lienz, many are 78 - but never two together.
    corpus = [
        *many_patients("Uhrmacher, Befund besprochen."),
        *[(f"L{i}", "Wohnt in Lienz.") for i in range(K_CAP + 2)],
        *[(f"A{i}", "Patientin ist 78 Jahre alt.") for i in range(K_CAP + 2)],
    ]
    note = "Uhrmacher aus Lienz, 78 Jahre alt."
    assert rate(lexicon, corpus, "Wohnt in Lienz.", "L0").level == "low"
    unique = rate(lexicon, [*corpus, ("NEW", note)], note, "NEW")
    assert unique.smallest_k == 0
    assert unique.level == "moderate"
    # The same note among many patients with that very combination is low again.
    shared = rate(lexicon, [*corpus, *many_patients(note)], note, "P00")
    assert shared.level == "low"
    assert shared.score < unique.score


def test_notes_of_the_same_patient_do_not_make_a_quasi_identifier_common(lexicon: Lexicon) -> None:
    own_notes = [("RARE", f"Tischler aus Gramais, Kontrolle {day}.") for day in range(1, 8)]
    corpus = [*many_patients(COMMON_NOTE), *own_notes]
    grouped = rate(lexicon, corpus, own_notes[0][1], "RARE")
    assert grouped.smallest_k == 0
    assert grouped.level == "high"
    # Without a group field each record is its own group: the seven records share the place.
    per_record = [(f"R{i}", text) for i, (_, text) in enumerate(own_notes)]
    assert rate(lexicon, [*many_patients(COMMON_NOTE), *per_record], own_notes[0][1], "R0").smallest_k == 6


def test_masked_text_is_no_quasi_identifier(lexicon: Lexicon) -> None:
    note = "Urlaub in Gramais."
    start = note.index("Gramais")
    masked = [Span(start, start + len("Gramais"), LOC, "Place")]
    risk = CorpusRisk(lexicon)
    risk.observe(note, masked, "A")
    assert risk.assess(note, masked, "A") == NoteRisk("low", 0.0, 0, None)


def test_ages_dates_and_phrases_are_read_in_their_usual_forms(lexicon: Lexicon) -> None:
    text = (
        "Pat. 84-jährig, im 85. Lebensjahr, Alter: 86. Seit 3 J. Dialyse. Morbus Fabry bekannt. "
        "Reha in Bad Ischl von 3.4.22 bis 2022-04-20, Kontrolle am 5. Mai 2022 und am 7.6."
    )
    found = quasi_identifiers(text, [], Vocabulary(lexicon))
    assert [v for k, v in found if k == "age"] == ["84", "85", "86"]  # "seit 3 J." is a duration
    assert [v for k, v in found if k == "date"] == ["3.4.2022", "20.4.2022", "5.5.2022", "7.6."]
    assert ("diagnosis", "morbus fabry") in found
    assert ("place", "bad ischl") in found


def test_risk_keeps_no_word_of_the_notes(lexicon: Lexicon) -> None:
    secrets_in_text = ("Zirbleitner", "Hofbrunninger", "Gramais", "Tischler", "93")
    note = "Zirbleitner und Hofbrunninger: Tischler aus Gramais, 93-jährig."
    risk = CorpusRisk(lexicon)
    risk.observe(note, [], "A")
    risk.observe(COMMON_NOTE, [], "B")
    assert risk.assess(note, [], "A").quasi_identifiers == 5
    state = {name: value for name, value in vars(risk).items() if not isinstance(value, Vocabulary)}
    vocabulary_state = {k: v for k, v in vars(vars(risk)["_vocabulary"]).items() if k == "_memo"}
    dumped = pickle.dumps((state, vocabulary_state))
    for word in secrets_in_text:
        for form in (word, word.lower()):
            assert form.encode() not in dumped
            assert form.encode("utf-16-le") not in dumped  # pickle may store text as UTF-16 too
    assert all(isinstance(key, int) for key in risk._groups)  # hashed keys, counts as values


# ----------------------------------------------------------------------------- deid run


def write_corpus(path: Path) -> list[dict]:
    records = [
        {
            "id": f"c{i}",
            "patient_id": f"P{i:02d}",
            "text": "Uhrmacher, Sarkoidose bekannt. Befund besprochen.",
        }
        for i in range(K_CAP + 2)
    ]
    records += [
        {"id": "rare", "patient_id": "PX", "text": "Uhrmacher, im 93. Lebensjahr, Morbus Fabry, Sarkoidose."},
        {"id": "empty", "patient_id": "PY", "text": ""},
    ]
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return records


def test_run_counts_risk_levels_in_stats_and_labels_every_spans_line(deid, workdir: Path) -> None:
    records = write_corpus(workdir / "notes.jsonl")
    run = deid(
        "run", "notes.jsonl", "-o", "masked.jsonl", "--stats", "stats.json", "--spans", "spans.jsonl",
        "--group-field", "patient_id", "--quiet",
    )  # fmt: skip
    assert run.exit_code == 0, run.stderr
    stats = json.loads((workdir / "stats.json").read_text())
    lines = [json.loads(line) for line in (workdir / "spans.jsonl").read_text().splitlines()]
    assert set(stats["risk"]) == set(LEVELS)
    assert sum(stats["risk"].values()) == stats["notes"] == len(records)
    assert [line["id"] for line in lines] == [r["id"] for r in records]
    assert all(line["risk"] in LEVELS for line in lines)
    level = {line["id"]: line["risk"] for line in lines}
    assert level["c0"] == "low" and level["empty"] == "low"
    assert level["rare"] == "high"
    assert stats["risk"]["high"] == 1


def test_run_without_learning_still_rates_risk_for_stats(deid, workdir: Path) -> None:
    write_corpus(workdir / "notes.jsonl")
    run = deid(
        "run", "notes.jsonl", "-o", "masked.jsonl", "--stats", "stats.json", "--group-field", "patient_id",
        "--no-learn", "--quiet",
    )  # fmt: skip
    assert run.exit_code == 0, run.stderr
    risk = json.loads((workdir / "stats.json").read_text())["risk"]
    assert risk["high"] == 1 and risk["low"] == K_CAP + 3
