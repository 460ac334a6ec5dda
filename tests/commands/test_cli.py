"""The ``deid`` command-line contract: exit statuses (0 ok, 1 input error, 2 usage error),
messages that cite file and line but never record content, atomic outputs, dictionary and
correction files, the statistics file, help and version.

Every person name, phone number and e-mail address below is invented.
"""

from __future__ import annotations

import importlib.metadata
import json
import re
import statistics
from collections import Counter
from pathlib import Path

import pytest
from conftest import TAG
from repo import REPO_ROOT

import deid_cli
from deid_cli.detection.maskers import MASKERS
from deid_cli.detection.spans import ENTITY_TYPES

EXAMPLE = REPO_ROOT / "examples" / "notes.jsonl"
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
# Planted in bad records and broken user files: must never be echoed anywhere.
SECRET = "Oberwinkelsteiner"
SECRET_PHONE = "0676 4418207"

GOOD_BEFORE = '{"id": "g1", "text": "Frau Zirbleitner ruft an."}\n'
GOOD_AFTER = '{"id": "g3", "text": "Zirbleitner stabil, Tel. 0664 7391842."}\n'


def plain(text: str) -> str:
    """Terminal text without ANSI escapes, white space runs (rich wraps lines) as one space."""
    return " ".join(_ANSI.sub("", text).split())


def no_secret(data: str | bytes, where: str) -> None:
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    joined = re.sub(r"\s+", "", text)  # also catch a secret split by terminal wrapping
    for secret in (SECRET, SECRET_PHONE):
        assert secret not in text and secret.replace(" ", "") not in joined, f"{secret!r} leaked into {where}"


def temp_leftovers(directory: Path) -> list[Path]:
    return sorted(directory.rglob(".*deid-tmp*"))


def jsonl_ids(path: Path) -> list[str]:
    return [json.loads(line)["id"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


# --------------------------------------------------------------------------- 13. help, version


def test_run_help_documents_examples_and_exit_statuses(deid) -> None:
    run = deid("run", "--help")
    assert run.exit_code == 0
    text = plain(run.stdout)
    assert "Examples" in text
    assert "deid run examples/notes.jsonl -o masked.jsonl --stats stats.json" in text
    assert "--on-error skip" in text and "--corrections fixes.toml" in text
    assert "Exit statuses: 0 ok; 1 input or output error" in text and "2 usage error" in text
    assert "75 another deid run is writing to the same destination" in text
    assert "130 stopped by Ctrl-C (SIGINT), 143 by SIGTERM" in text
    for option in ("--output", "--stats", "--spans", "--text-field", "--on-error", "--patients", "--seed"):
        assert option in text


def test_top_level_help_lists_the_run_command_and_bare_deid_is_a_usage_error(deid) -> None:
    run = deid("--help")
    assert run.exit_code == 0
    text = plain(run.stdout)
    assert "Usage: deid" in text and "run" in text and "--version" in text
    bare = deid()
    assert bare.exit_code == 2
    assert "Usage: deid" in plain(bare.output)


def test_version_prints_the_installed_package_version(deid) -> None:
    run = deid("--version")
    assert run.exit_code == 0
    assert run.stdout.strip() == f"deid {deid_cli.__version__}"
    assert deid_cli.__version__ == importlib.metadata.version("deid-cli")


# --------------------------------------------------------------------------- 9. usage errors


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["run", "missing.jsonl", "-o", "out.jsonl"], "input not found: missing.jsonl"),
        (["run", "notes.jsonl", "-o", "out.jsonl", "--bogus"], "No such option: --bogus"),
        (["run", "notes.jsonl"], "Missing option '-o'"),
        (["run", "-o", "out.jsonl"], "Missing argument"),
        (["run", "notes.txt", "-o", "out.jsonl"], "unsupported input file type"),
        (["run", "notes.jsonl", "-o", "out.jsonl", "--on-error", "ignore"], "--on-error"),
        (["run", "notes.jsonl", "-o", "out.jsonl", "--vote", "most"], "--vote"),
        (["run", "notes.jsonl", "-o", "out.jsonl", "--seed", "abc"], "--seed"),
        (["run", "notes.csv", "-o", "out.csv", "--delimiter", "::"], "delimiter must be one ASCII character"),
        (["run", "notes.jsonl", "-o", "notes.jsonl"], "output would overwrite an input file: notes.jsonl"),
        (["run", "notes.jsonl", "notes.csv", "-o", "notes.txt"], "output must be a directory"),
        (["run", "notes.jsonl", "-o", "out.jsonl", "--text-field", "a", "--text-field", "a"], "text fields"),
    ],
    ids=[
        "missing-input", "unknown-option", "missing-output", "missing-input-argument", "unsupported-suffix",
        "bad-on-error", "bad-vote", "bad-seed", "bad-delimiter", "output-is-input", "output-not-a-dir",
        "duplicate-text-field",
    ],
)  # fmt: skip
def test_usage_errors_exit_2_with_a_message_and_write_nothing(
    deid, workdir: Path, args: list[str], message: str
) -> None:
    notes = b'{"id": "u1", "text": "Frau Zirbleitner"}\n'
    (workdir / "notes.jsonl").write_bytes(notes)
    (workdir / "notes.csv").write_bytes(b"id,text\nu2,Herr Zirbleitner\n")
    (workdir / "notes.txt").write_bytes(b"Frau Zirbleitner\n")
    before = sorted(p.name for p in workdir.iterdir())

    run = deid(*args)

    assert run.exit_code == 2, run.output
    assert message in plain(run.stderr)
    assert sorted(p.name for p in workdir.iterdir()) == before
    assert (workdir / "notes.jsonl").read_bytes() == notes


BROKEN_USER_FILES = [
    ("--corrections", "fixes.toml", f'mask = [{{text = "{SECRET}", type = "PER"\n'.encode(), "fixes.toml"),
    ("--corrections", "fixes.json", f'{{"mask": [{{"text": "{SECRET}"}}'.encode(), "fixes.json"),
    (
        "--corrections",
        "fixes.toml",
        f'mask = [{{text = "{SECRET}", type = "NAME"}}]\n'.encode(),
        "unknown type",
    ),
    ("--corrections", "fixes.toml", f'keep = "{SECRET}"\n'.encode(), "'keep' must be a list"),
    (
        "--corrections",
        "fixes.toml",
        f'mask = [{{text = "{SECRET}" }}]\n'.encode() + b"\xff\xfe",
        "fixes.toml",
    ),
    ("--patients", "patients.json", f'["{SECRET}", '.encode(), "patients.json"),
    ("--persons", "persons.json", f'{{"names": "{SECRET}"}}'.encode(), "persons.json"),
    ("--hcps", "staff.csv", f"vorname;nachname\nWendolin;{SECRET}\n".encode(), "needs a 'name' column"),
    ("--patients", "patients.txt", f"{SECRET}\n".encode() + b"Zirbl\xe9itner\n", "not valid UTF-8"),
    ("--keep", "keep.txt", f"{SECRET}\n".encode("utf-16"), "keep.txt"),
]


@pytest.mark.parametrize(
    ("option", "name", "content", "message"),
    BROKEN_USER_FILES,
    ids=[
        "toml-syntax", "json-syntax", "toml-unknown-type", "toml-keep-not-list", "toml-not-utf8",
        "patients-json-syntax", "persons-json-shape", "hcps-csv-no-name-column", "patients-txt-not-utf8",
        "keep-txt-utf16",
    ],
)  # fmt: skip
def test_unusable_dictionary_or_corrections_file_exits_2_citing_the_path_not_the_content(
    deid, workdir: Path, option: str, name: str, content: bytes, message: str
) -> None:
    (workdir / "notes.jsonl").write_text('{"id": "u1", "text": "Frau Zirbleitner"}\n', encoding="utf-8")
    (workdir / name).write_bytes(content)

    run = deid("run", "notes.jsonl", "-o", "out.jsonl", option, name, "--stats", "stats.json")

    assert run.exit_code == 2, run.output
    text = plain(run.stderr)
    assert name in text and message in text
    no_secret(run.output, "the error message")
    assert not (workdir / "out.jsonl").exists() and not (workdir / "stats.json").exists()


@pytest.mark.parametrize(
    "option", ["--corrections", "--patients", "--hcps", "--persons", "--sites", "--keep"]
)
def test_missing_or_directory_user_file_exits_2_naming_it(deid, workdir: Path, option: str) -> None:
    (workdir / "notes.jsonl").write_text('{"id": "u1", "text": "Frau Zirbleitner"}\n', encoding="utf-8")
    (workdir / "listdir").mkdir()
    for path in ("nowhere.txt", "listdir"):
        run = deid("run", "notes.jsonl", "-o", "out.jsonl", option, path)
        assert run.exit_code == 2, run.output
        text = plain(run.stderr)
        assert option in text and path in text
    assert not (workdir / "out.jsonl").exists()


# --------------------------------------------------------------------------- 6, 7. bad input

BAD_RECORDS = [
    ("notes.jsonl", f'{{"id": "bad", "text": "Frau {SECRET}, Tel. {SECRET_PHONE}\n'.encode(), "invalid JSON"),
    ("notes.jsonl", f'{{"id": "bad", "text": "Frau {SECRET} \xff"}}\n'.encode("latin-1"), "invalid UTF-8"),
    ("notes.jsonl", f'{{"id": "bad", "body": "Frau {SECRET}"}}\n'.encode(), "missing text field 'text'"),
    (
        "notes.jsonl",
        f'{{"id": "bad", "text": 4711, "x": "{SECRET}"}}\n'.encode(),
        "text field 'text' is not a string",
    ),
    (
        "notes.jsonl",
        f'{{"id": "bad", "text": null, "x": "{SECRET}"}}\n'.encode(),
        "text field 'text' is not a string",
    ),
    ("notes.jsonl", f'["Frau {SECRET}"]\n'.encode(), "not a JSON object"),
    ("notes.csv", f"bad;Frau {SECRET};{SECRET_PHONE}\n".encode(), "wrong field count: expected 2, got 3"),
    ("notes.csv", f'bad;"Frau {SECRET}"x\n'.encode(), "unexpected character after quoted field"),
]
BAD_IDS = [
    "invalid-json", "invalid-utf8", "missing-text", "text-number", "text-null", "not-an-object",
    "csv-field-count", "csv-bad-quote",
]  # fmt: skip


def corpus_with_bad_record(workdir: Path, name: str, bad: bytes) -> Path:
    """Good record, bad record on line 2 (CSV: line 4, after a two-line record), good record."""
    path = workdir / name
    if name.endswith(".csv"):
        good1 = b'g1;"Frau Zirbleitner\nruft an."\n'
        good3 = b"g3;Zirbleitner stabil\n"
        path.write_bytes(b"id;text\n" + good1 + bad + good3)
    else:
        path.write_bytes(GOOD_BEFORE.encode() + bad + GOOD_AFTER.encode())
    return path


def bad_line(name: str) -> int:
    return 4 if name.endswith(".csv") else 2


@pytest.mark.parametrize(("name", "bad", "reason"), BAD_RECORDS, ids=BAD_IDS)
def test_bad_record_with_on_error_fail_exits_1_citing_file_line_and_reason_only(
    deid, workdir: Path, name: str, bad: bytes, reason: str
) -> None:
    corpus_with_bad_record(workdir, name, bad)
    out = "out" + Path(name).suffix

    run = deid("run", name, "-o", out, "--stats", "stats.json", "--spans", "spans.jsonl")

    assert run.exit_code == 1, run.output
    text = plain(run.stderr)
    assert f"{name}:{bad_line(name)}: {reason}" in text
    assert "no output written" in text
    no_secret(run.output, "stderr/stdout")
    assert sorted(p.name for p in workdir.iterdir()) == [name]


@pytest.mark.parametrize(("name", "bad", "reason"), BAD_RECORDS, ids=BAD_IDS)
def test_bad_record_with_on_error_skip_is_left_out_reported_and_counted(
    deid, workdir: Path, name: str, bad: bytes, reason: str
) -> None:
    corpus_with_bad_record(workdir, name, bad)
    out = "out" + Path(name).suffix

    run = deid(
        "run", name, "-o", out, "--on-error", "skip", "--stats", "stats.json", "--spans", "spans.jsonl"
    )

    assert run.exit_code == 0, run.output
    line = bad_line(name)
    assert f"skipped {name}:{line}: {reason}" in plain(run.stderr)
    output = (workdir / out).read_bytes()
    if name.endswith(".csv"):
        assert output.startswith(b"id;text\ng1;") and b"\ng3;" in output and b"bad" not in output
    else:
        assert jsonl_ids(workdir / out) == ["g1", "g3"]
    assert jsonl_ids(workdir / "spans.jsonl") == ["g1", "g3"]
    stats = json.loads((workdir / "stats.json").read_text(encoding="utf-8"))
    assert stats["records"] == {"read": 3, "written": 2, "rejected": 1}
    assert stats["records"]["read"] == stats["records"]["written"] + stats["records"]["rejected"]
    assert [(Path(r["file"]).name, r["line"], r["reason"]) for r in stats["rejected_records"]] == [
        (name, line, stats["rejected_records"][0]["reason"])
    ]
    assert reason in stats["rejected_records"][0]["reason"]
    no_secret(run.output, "stderr/stdout")
    for path in workdir.iterdir():
        if path.name != name:
            no_secret(path.read_bytes(), path.name)
            assert b"Zirbleitner" not in path.read_bytes()


def test_skip_reports_every_bad_record_and_counts_blank_lines_as_nothing(deid, workdir: Path) -> None:
    lines = [
        GOOD_BEFORE,
        f'{{"id": "b1", "text": "{SECRET}"\n',
        "\n",
        f'{{"id": "b2", "text": 1, "x": "{SECRET}"}}\n',
        GOOD_AFTER,
        f'{{"id": "b3"}} "{SECRET}"\n',
    ]
    (workdir / "notes.jsonl").write_text("".join(lines), encoding="utf-8")

    run = deid("run", "notes.jsonl", "-o", "out.jsonl", "--on-error", "skip", "--stats", "stats.json", "-q")

    assert run.exit_code == 0, run.output
    reported = re.findall(r"skipped notes\.jsonl:(\d+):", plain(run.stderr))
    assert reported == ["2", "4", "6"]
    stats = json.loads((workdir / "stats.json").read_text(encoding="utf-8"))
    assert stats["records"] == {"read": 5, "written": 2, "rejected": 3}
    assert [r["line"] for r in stats["rejected_records"]] == [2, 4, 6]
    assert (workdir / "out.jsonl").read_text(encoding="utf-8").splitlines()[1] == ""  # blank line kept
    no_secret(run.output, "stderr")
    no_secret((workdir / "out.jsonl").read_bytes(), "output")
    no_secret((workdir / "stats.json").read_bytes(), "stats")


@pytest.mark.parametrize("learn", ["--learn", "--no-learn"])
@pytest.mark.parametrize("layout", ["file", "directory"])
def test_failed_run_leaves_existing_outputs_byte_identical_and_no_temp_files(
    deid, workdir: Path, learn: str, layout: str
) -> None:
    bad = f'{{"id": "bad", "text": "Frau {SECRET} ruft an\n'
    export = workdir / "export"
    export.mkdir()
    (export / "a.jsonl").write_text(GOOD_BEFORE + GOOD_AFTER, encoding="utf-8")
    (export / "b.jsonl").write_text(GOOD_BEFORE + GOOD_AFTER + bad + GOOD_BEFORE, encoding="utf-8")
    results = workdir / "results"
    results.mkdir()
    if layout == "file":
        source, target, outputs = "export/b.jsonl", "results/masked.jsonl", ["masked.jsonl"]
    else:
        source, target, outputs = "export", "results", ["a.jsonl", "b.jsonl"]
    previous = {name: f"previous {name}\n".encode() for name in [*outputs, "stats.json", "spans.jsonl"]}
    for name, data in previous.items():
        (results / name).write_bytes(data)

    run = deid("run", source, "-o", target, "--stats", "results/stats.json", "--spans", "results/spans.jsonl",
               learn)  # fmt: skip

    assert run.exit_code == 1, run.output
    text = plain(run.stderr)
    assert "export/b.jsonl:3: invalid JSON" in text
    no_secret(run.output, "stderr")
    assert {p.name: p.read_bytes() for p in results.iterdir()} == previous
    assert temp_leftovers(workdir) == []


def test_csv_bad_row_after_multiline_record_is_cited_by_its_physical_line(deid, workdir: Path) -> None:
    (workdir / "notes.csv").write_bytes(
        b'id,text,datum\nc1,"Frau Zirbleitner\n\nruft an",2024\n'
        b'c2,"zwei\r\nZeilen",2024\nc3,zu,viele,Felder\n'
    )
    run = deid("run", "notes.csv", "-o", "out.csv")
    assert run.exit_code == 1
    assert "notes.csv:7: wrong field count: expected 3, got 4" in plain(run.stderr)
    assert not (workdir / "out.csv").exists()


def test_unreadable_csv_header_is_an_input_error(deid, workdir: Path) -> None:
    (workdir / "notes.csv").write_bytes(b"id,inhalt\nc1,Frau Zirbleitner\n")
    run = deid("run", "notes.csv", "-o", "out.csv", "--on-error", "skip")
    assert run.exit_code == 1
    assert "notes.csv:1: no column 'text' in header" in plain(run.stderr)
    assert not (workdir / "out.csv").exists()


# --------------------------------------------------------------------------- 10. user files


TYPING_NOTE = (
    "Frau Zirbleitner stabil. Herr Hofbrunninger visitiert. Pfaffenstaller war da. "
    "Frau Ederkogler kommt. Dr. Ederkogler ruft an. Ederkogler meldet sich."
)


def tag_types(text: str) -> list[str]:
    return [m.group(1) for m in TAG.finditer(text)]


def test_patient_hcp_and_person_lists_set_the_type_of_names(deid, workdir: Path) -> None:
    (workdir / "notes.jsonl").write_text(
        json.dumps({"id": "t1", "text": TYPING_NOTE}) + "\n", encoding="utf-8"
    )
    (workdir / "patients.txt").write_text(
        "# Patientenliste\nZirbleitner\nHedwig Ederkogler\n", encoding="utf-8"
    )
    (workdir / "staff.csv").write_text(
        "id;name;station\n7;Hofbrunninger;K3\n8;Ederkogler;K4\n", encoding="utf-8"
    )
    (workdir / "persons.json").write_text(json.dumps({"names": ["Pfaffenstaller"]}), encoding="utf-8")

    base = deid("run", "notes.jsonl", "-o", "base.jsonl", "--no-learn", "-q")
    listed = deid(
        "run", "notes.jsonl", "-o", "listed.jsonl", "--no-learn", "-q",
        "--patients", "patients.txt", "--hcps", "staff.csv", "--persons", "persons.json",
    )  # fmt: skip
    assert base.exit_code == listed.exit_code == 0, base.output + listed.output

    before = json.loads((workdir / "base.jsonl").read_text(encoding="utf-8"))["text"]
    after = json.loads((workdir / "listed.jsonl").read_text(encoding="utf-8"))["text"]
    # Without lists: Frau/Herr names are presumed patients (Dr. -> HCP); a bare unknown name
    # stays, unless the note proved it a name ("Frau Ederkogler" ... "Ederkogler meldet sich":
    # the name of its first proof).
    assert tag_types(before) == ["PAT", "PAT", "PAT", "HCP", "PAT"]
    assert "Pfaffenstaller war da" in before and "Ederkogler" not in before
    # Frau + patient list -> PAT; Herr + HCP list -> HCP; a bare person-list name -> PER;
    # a name on both the patient and the HCP list: PAT after Frau, HCP after Dr., PER bare.
    assert tag_types(after) == ["PAT", "HCP", "PER", "PAT", "HCP", "PER"]
    assert after.startswith("Frau [PAT-") and "Herr [HCP-" in after and "Dr. [HCP-" in after
    for name in ("Zirbleitner", "Hofbrunninger", "Pfaffenstaller", "Ederkogler"):
        assert name not in after


def test_keep_list_and_corrections_toml_override_detection(deid, workdir: Path) -> None:
    note = (
        "Schwester Resi hilft. Frau Quendlmoser kommt. Herr Rumpold wartet. Frau Zirbleitner stabil. "
        "Verlegt auf Station Kapfblick."
    )
    (workdir / "keep.txt").write_text("Quendlmoser\n", encoding="utf-8")
    (workdir / "fixes.toml").write_text(
        'mask = [{text = "Schwester Resi", type = "PER"}, {text = "Station Kapfblick", type = "SIT"}]\n'
        'keep = ["Rumpold"]\n',
        encoding="utf-8",
    )
    (workdir / "notes.jsonl").write_text(json.dumps({"id": "k1", "text": note}) + "\n", encoding="utf-8")

    base = deid("run", "notes.jsonl", "-o", "base.jsonl", "--no-learn", "-q", "--seed", "1")
    fixed = deid(
        "run", "notes.jsonl", "-o", "fixed.jsonl", "--no-learn", "-q", "--seed", "1",
        "--spans", "spans.jsonl", "--keep", "keep.txt", "--corrections", "fixes.toml",
    )  # fmt: skip
    assert base.exit_code == fixed.exit_code == 0, base.output + fixed.output

    before = json.loads((workdir / "base.jsonl").read_text(encoding="utf-8"))["text"]
    after = json.loads((workdir / "fixed.jsonl").read_text(encoding="utf-8"))["text"]
    assert "Quendlmoser" not in before and "Rumpold" not in before and "Schwester [" in before
    assert after.startswith("[PER-") and " hilft." in after  # the whole phrase, as one PER
    assert "Frau Quendlmoser kommt" in after and "Herr Rumpold wartet" in after
    assert "Frau [PAT-" in after and "Zirbleitner" not in after  # Frau alone: a presumed patient
    assert re.search(r"Verlegt auf \[SIT-\w{6}\]\.$", after)
    spans = json.loads((workdir / "spans.jsonl").read_text(encoding="utf-8"))["spans"]
    assert [(s["type"], s["masker"]) for s in spans if s["masker"] == "Correction"] == [
        ("PER", "Correction"),
        ("SIT", "Correction"),
    ]


def test_corrections_json_masks_with_the_given_type(deid, workdir: Path) -> None:
    note = "Pfaffenstaller war da. Rumpold auch."
    (workdir / "notes.jsonl").write_text(json.dumps({"id": "j1", "text": note}) + "\n", encoding="utf-8")
    (workdir / "fixes.json").write_text(
        json.dumps({"mask": [{"text": "Pfaffenstaller", "type": "hcp"}, {"text": "Rumpold"}]}),
        encoding="utf-8",
    )
    run = deid("run", "notes.jsonl", "-o", "out.jsonl", "--no-learn", "-q", "--corrections", "fixes.json")
    assert run.exit_code == 0, run.output
    text = json.loads((workdir / "out.jsonl").read_text(encoding="utf-8"))["text"]
    assert tag_types(text) == ["HCP", "PER"]  # the type is case-insensitive, PER by default
    assert TAG.sub("X", text) == "X war da. X auch."


# --------------------------------------------------------------------------- 11. stats

STATS_NOTES = [
    "Frau Zirbleitner ruft an, Rückruf unter 0664 7391842. Gewicht stabil.",
    "Dr. Hofbrunninger bittet um Befund per Mail an w.kapfgruber@hofbrunn-mail.at.",
    "Beine leicht geschwollen.",
    "",
    "Zirbleitner berichtet über Schwindel. Tochter Quendlmoser erreichbar unter +43 512 934817.",
    "Herr Wendolin Kapfgruber, Ederkoglerweg 14, 6020 Innsbruck, Tel. 0699/18273645, "
    "Mail kapfgruber@beispielpost.at, Dr. Hofbrunninger informiert.",
]
STATS_PLANTED = ("Zirbleitner", "Hofbrunninger", "Quendlmoser", "Wendolin", "Kapfgruber", "Ederkoglerweg",
                 "7391842", "934817", "18273645", "hofbrunn-mail", "beispielpost")  # fmt: skip


def test_stats_file_has_every_figure_and_agrees_with_the_spans_and_output(deid, workdir: Path) -> None:
    lines = [
        json.dumps({"id": f"s{i}", "text": t}, ensure_ascii=False) + "\n" for i, t in enumerate(STATS_NOTES)
    ]
    lines.insert(3, f'{{"id": "bad", "text": "{SECRET}\n')
    (workdir / "notes.jsonl").write_text("".join(lines), encoding="utf-8")

    run = deid("run", "notes.jsonl", "-o", "out.jsonl", "--stats", "stats.json", "--spans", "spans.jsonl",
               "--on-error", "skip")  # fmt: skip
    assert run.exit_code == 0, run.output

    raw = (workdir / "stats.json").read_text(encoding="utf-8")
    stats = json.loads(raw)
    for secret in (*STATS_PLANTED, SECRET):
        assert secret not in raw
    span_rows = [json.loads(line) for line in (workdir / "spans.jsonl").read_text().splitlines()]
    spans = [s for row in span_rows for s in row["spans"]]
    per_note = [len(row["spans"]) for row in span_rows]
    assert len(span_rows) == len(STATS_NOTES)

    assert stats["records"] == {"read": 7, "written": 6, "rejected": 1}
    assert stats["rejected_records"] == [{"file": "notes.jsonl", "line": 4, "reason": "invalid JSON"}]
    assert stats["notes"] == len(STATS_NOTES)
    assert stats["pseudonymizations"] == len(spans) == sum(per_note)
    masker_counts, entity_counts = Counter(s["masker"] for s in spans), Counter(s["type"] for s in spans)
    assert set(MASKERS) <= set(stats["maskers"]) and set(ENTITY_TYPES) <= set(stats["entities"])
    for key, counts in (("maskers", masker_counts), ("entities", entity_counts)):
        for name, row in stats[key].items():
            assert set(row) == {"count", "proportion"}
            assert row["count"] == counts.get(name, 0)
            assert row["proportion"] == pytest.approx(counts.get(name, 0) / len(spans), abs=1e-4)
        assert sum(row["proportion"] for row in stats[key].values()) == pytest.approx(1.0, abs=1e-3)
    assert {"PER", "HCP", "PHO", "MAI", "ADD", "ZIP"} <= {t for t, n in entity_counts.items() if n}

    dist = stats["pseudonymizations_per_note"]
    assert dist["mean"] == pytest.approx(statistics.mean(per_note), abs=1e-3)
    assert dist["median"] == statistics.median(per_note)
    assert dist["sd"] == pytest.approx(statistics.stdev(per_note), abs=1e-3)
    assert dist["max"] == max(per_note) and dist["min"] == min(per_note) == 0
    assert dist["share_with_any"] == pytest.approx(sum(n > 0 for n in per_note) / len(per_note), abs=1e-4)
    assert dist["share_at_most_5"] == pytest.approx(sum(n <= 5 for n in per_note) / len(per_note), abs=1e-4)
    assert max(per_note) > 5 and dist["share_at_most_5"] < 1
    histogram = dist["histogram"]
    assert sum(histogram.values()) == len(per_note)
    assert histogram["0"] == per_note.count(0) == 2
    assert histogram["6-10"] == sum(6 <= n <= 10 for n in per_note)

    length = stats["note_length_tokens"]
    assert {"mean", "median", "sd", "max", "histogram"} <= set(length)
    assert sum(length["histogram"].values()) == len(STATS_NOTES) and length["histogram"]["0-10"] >= 2
    assert length["max"] >= len(STATS_NOTES[5].split()) - 2 and length["min"] == 0

    out_tags = {m.group(0) for line in (workdir / "out.jsonl").read_text().splitlines()
                for m in TAG.finditer(json.loads(line)["text"])}  # fmt: skip
    distinct = Counter(tag[1:4] for tag in out_tags)
    assert stats["distinct_references"] == {etype: distinct.get(etype, 0) for etype in ENTITY_TYPES}
    assert stats["distinct_references"]["HCP"] == 1  # Dr. Hofbrunninger twice, one reference

    assert isinstance(stats["runtime_seconds"], float) and stats["runtime_seconds"] >= 0
    assert stats["notes_per_second"] is None or stats["notes_per_second"] > 0
    assert stats["learned_references"] >= 1
    assert stats["caught_only_by_corpus_learning"] == masker_counts["CorpusName"] >= 1
    assert stats["deid_version"] == deid_cli.__version__


def test_stats_count_what_pass_one_learned_and_never_list_it(deid, workdir: Path) -> None:
    # Three names, each introduced by a salutation and met again bare in its note.
    proven = [f"{sal} {name} war da. Rückruf bei {name} wegen Laborwerten." for sal, name in
              (("Frau", "Zirbleitner"), ("Herr", "Hofbrunninger"), ("Frau", "Zwirchler"))]  # fmt: skip
    more = ["Herr Hofbrunninger kommt morgen.", "Herr Hofbrunninger kommt heute."]
    notes = [*proven, *more, "Rückruf bei Gstrasser wegen Laborwerten.", "Frau Hofbrunnniger hat Fragen."]
    (workdir / "notes.jsonl").write_text(
        "".join(
            json.dumps({"id": str(i), "text": t}, ensure_ascii=False) + "\n" for i, t in enumerate(notes)
        ),
        encoding="utf-8",
    )
    result = deid("run", "notes.jsonl", "-o", "out.jsonl", "--stats", "stats.json")
    assert result.exit_code == 0
    stats = json.loads((workdir / "stats.json").read_text())
    # Four names learned (the misspelling, proven once, is linked to the name proven four times);
    # two phrases held all three ("Rückruf bei …", "… wegen Laborwerten" after a bare name).
    assert (stats["learned_references"], stats["learned_cues"], stats["learned_aliases"]) == (4, 2, 1)
    maskers = {name: entry["count"] for name, entry in stats["maskers"].items()}
    assert maskers["CorpusCue"] == 1  # Gstrasser, known to no list and proven nowhere
    assert stats["caught_only_by_corpus_learning"] == maskers["CorpusName"] + maskers["CorpusCue"]
    assert "2 cue phrases, 1 misspellings linked, 0 places" in plain(result.stderr)
    out = (workdir / "out.jsonl").read_text(encoding="utf-8")
    assert "Gstrasser" not in out and "Hofbrunnniger" not in out
    # Hofbrunninger's salutation, its bare mention, two more and the misspelling share one code.
    code = out.split("Frau [")[-1].split("]")[0]
    assert out.count(code) == 2 + 2 + 1
    report = (workdir / "stats.json").read_text(encoding="utf-8") + result.stderr
    assert not any(word in report.lower() for word in ("laborwerten", "rückruf", "fragen", "gstrasser"))


def test_a_place_context_proved_is_masked_wherever_else_it_is_written(deid, workdir: Path) -> None:
    # An invented village no list knows: an address proves it; elsewhere it stands bare.
    notes = [
        "Frau Anna Gruber\nAm Anger 4\n6342 Quastlmirz",
        "Termin in Quastlmirz vereinbart.",
        "Das Fest in Quastlmirz am Montag.",
        "Die Quastl ist ein Bach.",  # only the whole word is the place
    ]
    (workdir / "notes.jsonl").write_text(
        "".join(
            json.dumps({"id": str(i), "text": t}, ensure_ascii=False) + "\n" for i, t in enumerate(notes)
        ),
        encoding="utf-8",
    )
    result = deid("run", "notes.jsonl", "-o", "out.jsonl", "--stats", "stats.json", "--spans", "spans.jsonl")
    assert result.exit_code == 0
    out = [
        json.loads(line)["text"] for line in (workdir / "out.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    assert not any("Quastlmirz" in text for text in out)
    assert out[3] == notes[3]
    codes = {text.split("[LOC-")[1].split("]")[0] for text in out[:3]}
    assert len(codes) == 1  # one place, one pseudonym
    stats = json.loads((workdir / "stats.json").read_text())
    assert stats["learned_places"] == 1
    maskers = {name: entry["count"] for name, entry in stats["maskers"].items()}
    assert maskers["CorpusPlace"] == 2
    assert "quastlmirz" not in (workdir / "stats.json").read_text(encoding="utf-8").lower()
    assert "1 places" in plain(result.stderr) and "quastlmirz" not in result.stderr.lower()


def test_without_learning_a_bare_place_no_list_knows_stays(deid, workdir: Path) -> None:
    notes = ["Frau Anna Gruber\nAm Anger 4\n6342 Quastlmirz", "Termin in Quastlmirz vereinbart."]
    (workdir / "notes.jsonl").write_text(
        "".join(
            json.dumps({"id": str(i), "text": t}, ensure_ascii=False) + "\n" for i, t in enumerate(notes)
        ),
        encoding="utf-8",
    )
    assert deid("run", "notes.jsonl", "-o", "out.jsonl", "--no-learn").exit_code == 0
    out = (workdir / "out.jsonl").read_text(encoding="utf-8").splitlines()
    assert "Quastlmirz" not in out[0] and "Quastlmirz" in out[1]


def test_summary_on_stderr_and_nothing_on_stdout(deid, workdir: Path) -> None:
    (workdir / "notes.jsonl").write_text(
        json.dumps({"id": "q1", "text": "Frau Zirbleitner, Tel. 0664 7391842."}) + "\n", encoding="utf-8"
    )
    loud = deid("run", "notes.jsonl", "-o", "a.jsonl")
    quiet = deid("run", "notes.jsonl", "-o", "b.jsonl", "--quiet")
    assert loud.exit_code == quiet.exit_code == 0
    assert loud.stdout == quiet.stdout == "" and quiet.stderr == ""
    assert "1 records read, 1 written, 0 rejected; 2 pseudonymizations in 1 notes" in plain(loud.stderr)
    assert "Zirbleitner" not in loud.stderr and "7391842" not in loud.stderr


# --------------------------------------------------------------------------- console script


@pytest.mark.parametrize(
    ("case", "expected"), [("ok", 0), ("bad-record", 1), ("usage", 2)], ids=["exit-0", "exit-1", "exit-2"]
)
def test_console_script_exit_statuses_for_cron(
    deid_subprocess, workdir: Path, case: str, expected: int
) -> None:
    notes = GOOD_BEFORE + (f'{{"id": "bad", "text": "{SECRET}\n' if case == "bad-record" else "") + GOOD_AFTER
    (workdir / "notes.jsonl").write_text(notes, encoding="utf-8")
    args = ["run", "notes.jsonl", "-o", "out.jsonl", "--stats", "stats.json", "--quiet"]
    if case == "usage":
        args += ["--corrections", "nowhere.toml"]

    run = deid_subprocess(*args)

    assert run.exit_code == expected, run.stderr
    assert run.stdout == ""
    no_secret(run.stderr, "stderr")
    if case == "ok":
        assert run.stderr == ""
        assert jsonl_ids(workdir / "out.jsonl") == ["g1", "g3"]
        assert "Zirbleitner" not in (workdir / "out.jsonl").read_text(encoding="utf-8")
    else:
        assert not (workdir / "out.jsonl").exists() and not (workdir / "stats.json").exists()
        assert temp_leftovers(workdir) == []
    if case == "bad-record":
        assert "notes.jsonl:2: invalid JSON" in plain(run.stderr)
    if case == "usage":
        assert "nowhere.toml" in plain(run.stderr)


def test_in_process_and_console_script_agree(deid, deid_subprocess, workdir: Path) -> None:
    """Seeded, the in-process runner (which reuses the bundled lexicon) and the installed
    console script produce the same bytes: the in-process tests test the real command."""
    notes = [
        "Frau Zirbleitner ruft an, Tel. 0664 7391842, Mail w.kapfgruber@hofbrunn-mail.at.",
        "Zirbleitner stabil. Dr. Hofbrunninger visitiert. Ederkoglerweg 14, 6020 Innsbruck.",
    ]
    (workdir / "notes.jsonl").write_text(
        "".join(json.dumps({"id": i, "text": t}) + "\n" for i, t in enumerate(notes))
    )
    common = ["--seed", "7", "--quiet"]
    a = deid("run", "notes.jsonl", "-o", "a.jsonl", "--stats", "a.json", "--spans", "a.spans", *common)
    b = deid_subprocess(
        "run", "notes.jsonl", "-o", "b.jsonl", "--stats", "b.json", "--spans", "b.spans", *common
    )
    assert a.exit_code == b.exit_code == 0, a.output + b.output
    assert (workdir / "a.jsonl").read_bytes() == (workdir / "b.jsonl").read_bytes()
    assert (workdir / "a.spans").read_bytes() == (workdir / "b.spans").read_bytes()
    stats_a, stats_b = (json.loads((workdir / n).read_text()) for n in ("a.json", "b.json"))
    for stats in (stats_a, stats_b):
        del stats["runtime_seconds"], stats["notes_per_second"]
    assert stats_a == stats_b
    assert len(TAG.findall((workdir / "a.jsonl").read_text())) >= 7


# --------------------------------------------------------------------------- 14. example


def test_bundled_example_runs_as_documented(deid_subprocess, tmp_path: Path) -> None:
    assert EXAMPLE.is_file()
    out, stats_path = tmp_path / "out.jsonl", tmp_path / "s.json"
    run = deid_subprocess(
        "run", "examples/notes.jsonl", "-o", out, "--stats", stats_path, "--quiet", cwd=REPO_ROOT
    )
    assert run.exit_code == 0, run.stderr
    assert run.stdout == "" and run.stderr == ""
    assert len(out.read_text(encoding="utf-8").splitlines()) == 200
    assert jsonl_ids(out) == jsonl_ids(EXAMPLE)
    stats = json.loads(stats_path.read_text(encoding="utf-8"))
    assert stats["records"] == {"read": 200, "written": 200, "rejected": 0}
    assert stats["pseudonymizations"] > 0


def test_top_level_help_shows_examples_and_exit_statuses(deid) -> None:
    result = deid("--help")
    assert result.exit_code == 0
    assert "deid run examples/notes.jsonl" in result.output
    assert "Exit statuses" in result.output


@pytest.mark.parametrize("directory", ["exp[data]", "x[/b]"])
def test_paths_with_brackets_are_reported_verbatim(deid, workdir: Path, directory: str) -> None:
    (workdir / directory).mkdir(parents=True)
    source = Path(directory) / "in.jsonl"
    (workdir / source).write_text('{"id": 1, "text": "Frau Zirbleitner"}\n{broken\n', encoding="utf-8")
    failed = deid("run", source, "-o", "out.jsonl")
    assert failed.exit_code == 1
    assert f"{source}:2:" in failed.stderr
    skipped = deid("run", source, "-o", "out.jsonl", "--on-error", "skip", "--quiet")
    assert skipped.exit_code == 0
    assert f"{source}:2:" in skipped.stderr


def test_error_lines_are_not_wrapped_for_cron_mail(deid, workdir: Path) -> None:
    folder = workdir / ("a_fairly_long_directory_name_for_the_nightly_clinical_export_job_" + "x" * 40)
    folder.mkdir()
    source = folder / "in.jsonl"
    source.write_text('{"id": 1, "text": "ok"}\n{broken\n', encoding="utf-8")
    result = deid("run", source, "-o", "out.jsonl")
    assert result.exit_code == 1
    assert any(f"{source}:2: invalid JSON" in line for line in result.stderr.splitlines())


@pytest.mark.parametrize(
    ("extra", "clash"),
    [
        (["--stats", "in.jsonl"], "input"),
        (["--spans", "in.jsonl"], "input"),
        (["--stats", "out.jsonl"], "corpus output"),
        (["--stats", "s.json", "--spans", "s.json"], "--stats"),
    ],
)
def test_stats_or_spans_never_overwrite_inputs_or_other_outputs(
    deid, workdir: Path, extra: list[str], clash: str
) -> None:
    original = '{"id": 1, "text": "Frau Zirbleitner kommt"}\n'
    (workdir / "in.jsonl").write_text(original, encoding="utf-8")
    result = deid("run", "in.jsonl", "-o", "out.jsonl", *extra)
    assert result.exit_code == 2
    assert clash in result.stderr
    assert (workdir / "in.jsonl").read_text(encoding="utf-8") == original
    assert not (workdir / "out.jsonl").exists()


@pytest.mark.parametrize("strategy", ["redact", "surrogate"])
def test_strategy_option_replaces_every_span_and_keeps_references_consistent(
    deid, workdir: Path, strategy: str
) -> None:
    notes = [
        {"id": 1, "text": "Frau Zirbleitner hat angerufen, Tel. 0664/7654321."},
        {"id": 2, "text": "Zirbleitner kommt morgen."},
    ]
    (workdir / "in.jsonl").write_text("".join(json.dumps(n) + "\n" for n in notes), encoding="utf-8")
    result = deid("run", "in.jsonl", "-o", "out.jsonl", "--strategy", strategy, "--spans", "s.jsonl", "-q")
    assert result.exit_code == 0, result.output
    out = [
        json.loads(line)["text"] for line in (workdir / "out.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    assert all("Zirbleitner" not in text and "7654321" not in text for text in out)
    if strategy == "redact":
        assert out[0] == "Frau [PAT] hat angerufen, Tel. [PHO]."
        assert out[1] == "[PAT] kommt morgen."
    else:
        first = out[0].split(" ")[1].rstrip(",")
        assert out[1].split(" ")[0] == first  # the same surrogate in both notes
        assert "[" not in out[0]
