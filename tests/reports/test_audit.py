"""``deid audit``: the unmasked words most likely to be missed names, for a maintainer's
--corrections file. Its output is PHI by design, and says so.

The planted surnames and the drug name below are invented; the test checks that no dictionary
knows them.
"""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest
from repo import REPO_ROOT

from deid_cli.detection.lexicon.lexicon import Lexicon
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.reports.risk import Vocabulary

EXAMPLES = REPO_ROOT / "examples" / "notes.jsonl"
PLANTED = (
    "Zirbleitner", "Hofbrunninger", "Quendelhofer", "Wendolin", "Zirbldorf",
    "Pfaffenstaller", "Ederkogler", "Kralowetz", "Pirchmoser", "Tauberlechner",
)  # fmt: skip
CONTEXTS = ("Befund mit {} besprochen.", "Lt. {} keine Beschwerden.", "{} ruft an, alles ok.")
# An invented drug name: unknown and capitalized too, but frequent and never near a name cue.
DISTRACTOR = "Zorbatinol"
CANDIDATE_FIELDS = {
    "rank", "word", "notes", "occurrences", "cued_occurrences", "cues", "closest_masker", "score",
}  # fmt: skip


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return build_lexicon(DictionaryOptions())


def planted_corpus(path: Path) -> None:
    """The example corpus with each planted surname bare in three notes and the drug in 15."""
    records = [json.loads(line) for line in EXAMPLES.read_text(encoding="utf-8").splitlines()]
    for i, name in enumerate(PLANTED):
        for j, context in enumerate(CONTEXTS):
            record = records[(i * 17 + j * 5) % len(records)]
            record["text"] = context.format(name) + " " + record["text"]
    for k in range(15):
        records[k * 13 + 3]["text"] += f" {DISTRACTOR} 5 mg 1-0-0 weiter."
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")


def test_planted_words_are_in_no_dictionary(lexicon: Lexicon) -> None:
    vocabulary = Vocabulary(lexicon)
    for word in (*PLANTED, DISTRACTOR):
        assert not lexicon.is_common(word) and not lexicon.is_listed_name(word), word
        assert word.lower() not in lexicon.places, word
        assert vocabulary.unknown_word(word, ""), word


def test_audit_lists_most_planted_unknown_names_in_its_top_20(deid, workdir: Path) -> None:
    planted_corpus(workdir / "notes.jsonl")
    run = deid("audit", "notes.jsonl", "--json")
    assert run.exit_code == 0, run.stderr
    report = json.loads(run.stdout)
    words = [c["word"] for c in report["candidates"]]
    assert len(words) == 20 < report["candidates_found"]  # the cut-off is real
    listed = [name for name in PLANTED if name in words]
    assert len(listed) >= 7, listed
    ranks = {c["word"]: c["rank"] for c in report["candidates"]}
    assert all(ranks[name] < ranks.get(DISTRACTOR, 99) for name in listed)
    for candidate in report["candidates"]:
        if candidate["word"] in PLANTED:
            assert (candidate["notes"], candidate["occurrences"], candidate["cued_occurrences"]) == (3, 3, 3)


def test_audit_json_follows_its_schema(deid, workdir: Path, lexicon: Lexicon) -> None:
    planted_corpus(workdir / "notes.jsonl")
    run = deid("audit", "notes.jsonl", "--json", "--top", "20", "--no-learn")
    assert run.exit_code == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["schema"] == "deid-audit/1"
    assert report["contains_phi"] is True and "PHI" in report["warning"]
    assert report["records"] == report["notes"] == 200
    assert report["settings"]["learn"] is False and report["settings"]["learned_references"] == 0
    assert report["top"] == 20 and len(report["candidates"]) == 20
    assert [c["rank"] for c in report["candidates"]] == list(range(1, 21))
    scores = [c["score"] for c in report["candidates"]]
    assert scores == sorted(scores, reverse=True)
    for candidate in report["candidates"]:
        assert set(candidate) == CANDIDATE_FIELDS
        assert candidate["closest_masker"] in {"FullName", "Salutation", "NameDictionary", "none"}
        assert 1 <= candidate["notes"] <= candidate["occurrences"]
        assert 0 <= candidate["cued_occurrences"] <= candidate["occurrences"]
        assert set(candidate["cues"]) <= set(report["cue_weights"])
    by_word = {c["word"]: c for c in report["candidates"]}
    # "Wendolin" is one letter from the listed first name Wendelin; "Kralowetz" near nothing.
    assert "wendelin" in lexicon.name_words
    assert by_word["Wendolin"]["closest_masker"] == "NameDictionary"
    assert by_word["Kralowetz"]["closest_masker"] == "none"
    assert by_word["Kralowetz"]["cues"] == {"preposition": 2, "speech_verb": 1}


def test_audit_table_and_stderr_say_that_the_output_contains_phi(deid, workdir: Path) -> None:
    planted_corpus(workdir / "notes.jsonl")
    run = deid("audit", "notes.jsonl", "--top", "5")
    assert run.exit_code == 0, run.stderr
    assert run.stdout.splitlines()[0].startswith("# CONTAINS PHI")
    assert sum(1 for line in run.stdout.splitlines() if line.startswith("│")) == 5  # --top 5 rows
    assert "CONTAINS PHI" in run.stderr


def test_audit_output_file_is_private_and_complete(deid, workdir: Path) -> None:
    planted_corpus(workdir / "notes.jsonl")
    run = deid("audit", "notes.jsonl", "--json", "-o", "audit.json")
    assert run.exit_code == 0, run.stderr
    target = workdir / "audit.json"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    report = json.loads(target.read_text(encoding="utf-8"))
    assert len(report["candidates"]) == 20
    assert not any(name in run.stdout for name in PLANTED)  # the list went to the file only
    assert "CONTAINS PHI" in run.stderr
    assert sorted(p.name for p in workdir.iterdir()) == ["audit.json", "notes.jsonl"]  # no temp left


def test_audit_refuses_to_overwrite_its_input(deid, workdir: Path) -> None:
    planted_corpus(workdir / "notes.jsonl")
    before = (workdir / "notes.jsonl").read_bytes()
    run = deid("audit", "notes.jsonl", "-o", "notes.jsonl")
    assert run.exit_code == 2
    assert (workdir / "notes.jsonl").read_bytes() == before


def test_audit_bad_record_exits_1_citing_file_and_line_not_content(deid, workdir: Path) -> None:
    (workdir / "notes.jsonl").write_text(
        '{"id": "a", "text": "Zirbleitner ruft an."}\n{"id": "b", "text": "Kralowetz ruft an.",\n',
        encoding="utf-8",
    )
    run = deid("audit", "notes.jsonl")
    assert run.exit_code == 1
    assert "notes.jsonl:2" in run.stderr
    assert "Kralowetz" not in run.output and "Zirbleitner" not in run.output


@pytest.mark.parametrize(
    "args",
    [
        ("missing.jsonl",),
        ("notes.jsonl", "--types", "NOPE"),
        ("notes.jsonl", "--top", "0"),
    ],
)
def test_audit_usage_errors_exit_2(deid, workdir: Path, args: tuple[str, ...]) -> None:
    (workdir / "notes.jsonl").write_text('{"id": "a", "text": "Zirbleitner ruft an."}\n', encoding="utf-8")
    run = deid("audit", *args)
    assert run.exit_code == 2
    assert "Zirbleitner" not in run.output


def test_a_listed_ordinary_word_left_beside_a_masked_name_is_the_first_candidate(lexicon: Lexicon) -> None:
    from deid_cli.detection.spans import PAT, Span
    from deid_cli.reports.audit import MissedNameAudit

    # A surname that is an ordinary word too: no dictionary-only audit would list it.
    assert lexicon.is_common("Sommer") and lexicon.is_listed_name("Sommer")
    audit = MissedNameAudit(lexicon)
    text = "Theresa Sommer hat angerufen. Im Sommer Gewicht stabil. Zorbatinol 5 mg weiter."
    audit.observe(text, [Span(0, 7, PAT, "NameDictionary")])
    ranked = audit.ranked(5)
    assert ranked[0].word == "Sommer"
    assert ranked[0].cues == {"next_to_masked_name": 1}
    assert ranked[0].occurrences == 1  # the season is no candidate
    assert "Gewicht" not in [c.word for c in ranked]  # an ordinary word no list has as a name
