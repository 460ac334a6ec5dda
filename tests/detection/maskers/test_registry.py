"""Adding a masker is one class plus one line in the registry (detection/maskers/__init__.py):
detection, typing, learning and the statistics pick it up from there."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from deid_cli.detection import maskers
from deid_cli.detection.maskers.base import MaskerSetup, NoteContext, Vote

TOY_WORD = re.compile(r"\bQuokkaberg\b")


class ToyMasker:
    """Votes for one invented surname, as a context would: proves it for corpus learning."""

    name = "Toy"
    proves_names = True

    @classmethod
    def build(cls, setup: MaskerSetup) -> ToyMasker:
        return cls()

    def annotate(self, ctx: NoteContext) -> None:
        for match in TOY_WORD.finditer(ctx.view):
            key = match.span()
            if ctx.wants(key):
                ctx.add(Vote(key[0], key[1], self.name, hint="patient"))


@pytest.fixture
def with_toy_masker(monkeypatch: pytest.MonkeyPatch) -> None:
    """One line in the registry, before the corpus-wide learners (which vote last)."""
    *context, corpus_name, corpus_cue = maskers.ENSEMBLE
    monkeypatch.setattr(maskers, "ENSEMBLE", (*context, ToyMasker, corpus_name, corpus_cue))


def test_the_registry_lists_the_papers_maskers_in_voting_order() -> None:
    assert [m.name for m in maskers.ENSEMBLE] == [
        "KnownIdentifier", "Salutation", "NameDictionary", "FullName", "DoubleName", "MedicalSite",
        "CorpusName", "CorpusCue",
    ]  # fmt: skip
    assert maskers.context_maskers() == {
        "KnownIdentifier",
        "Salutation",
        "FullName",
        "DoubleName",
        "Correction",
        "LetterZone",  # a letter's address block and subject line
        "HL7Segment",  # an HL7 segment's name fields
    }


@pytest.mark.usefixtures("with_toy_masker")
def test_a_registered_toy_masker_masks_types_and_is_counted(deid, workdir: Path, read_jsonl) -> None:
    notes = [
        {"id": "1", "text": "Befund von Quokkaberg liegt vor."},
        {"id": "2", "text": "Rückfrage bei Quokkaberg morgen."},
    ]
    (workdir / "notes.jsonl").write_text("".join(json.dumps(n) + "\n" for n in notes))
    run = deid("run", "notes.jsonl", "-o", "out.jsonl", "--stats", "stats.json", "--spans", "spans.jsonl",
               "--workers", "1", "--seed", "1", "-q")  # fmt: skip
    assert run.exit_code == 0, run.output
    masked = read_jsonl(workdir / "out.jsonl")
    assert all("Quokkaberg" not in note["text"] for note in masked)
    assert all(re.search(r"\[PAT-\w{6}\]", note["text"]) for note in masked)
    spans = [span for record in read_jsonl(workdir / "spans.jsonl") for span in record["spans"]]
    assert {span["masker"] for span in spans} == {"Toy"}
    stats = json.loads((workdir / "stats.json").read_text())
    assert stats["maskers"]["Toy"]["count"] == 2
    assert stats["learned_references"] == 1  # proves_names: pass 1 learned the surname


def test_without_the_registry_line_the_toy_masker_does_nothing(deid, workdir: Path) -> None:
    (workdir / "notes.jsonl").write_text(
        json.dumps({"id": "1", "text": "Befund von Quokkaberg liegt vor."}) + "\n"
    )
    run = deid("run", "notes.jsonl", "-o", "out.jsonl", "--stats", "stats.json", "--workers", "1", "-q")
    assert run.exit_code == 0, run.output
    assert "Quokkaberg" in (workdir / "out.jsonl").read_text()
    assert "Toy" not in json.loads((workdir / "stats.json").read_text())["maskers"]
