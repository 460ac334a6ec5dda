"""End-to-end guarantees of ``deid run`` on small invented corpora: what comes out of the real
command, byte for byte, and what must never come out of it.

Every person name, phone number, e-mail address and street below is invented.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections import defaultdict
from pathlib import Path

import pytest
from conftest import TAG

# Planted identifiers; the corpora below put them into note texts only.
NAMES = ("Zirbleitner", "Hofbrunninger", "Wendolin", "Kapfgruber", "Pfaffenstaller", "Quendlmoser")
PHONES = ("0664 7391842", "+43 512 934817", "0699/18273645")
PHONE_DIGITS = ("7391842", "934817", "18273645")
EMAILS = ("w.kapfgruber@hofbrunn-mail.at", "zirbleitner.fam@beispielpost.at")
STREETS = ("Ederkoglerweg 14", "Lärchenstraße 27")
PLANTED = (*NAMES, *PHONES, *PHONE_DIGITS, *EMAILS, *STREETS)

PRIVACY_NOTES = [
    "Frau Zirbleitner ruft an, Rückruf unter 0664 7391842. Gewicht stabil.",
    "Dr. Hofbrunninger bittet um Befund per Mail an w.kapfgruber@hofbrunn-mail.at.",
    "Herr Wendolin Kapfgruber übersiedelt nach Ederkoglerweg 14, 6020 Innsbruck.",
    "Zirbleitner berichtet über Schwindel. Tochter Quendlmoser erreichbar unter +43 512 934817.",
    "Neue Adresse: Lärchenstraße 27. Mail zirbleitner.fam@beispielpost.at, Tel. 0699/18273645.",
    "Kapfgruber und Hofbrunninger besprechen die Therapie. Pfaffenstaller informiert.",
    "Beine leicht geschwollen, Ödeme bds. Rückruf nächste Woche.",
    "",
    "LG Pfaffenstaller",
]


def write_notes(path: Path, texts: list[str], prefix: str = "n") -> list[dict]:
    records = [{"id": f"{prefix}{i}", "station": "K3", "text": text} for i, text in enumerate(texts, 1)]
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return records


def assert_none_planted(data: bytes | str, where: str, planted: tuple[str, ...] = PLANTED) -> None:
    """No planted string, in any letter case, also not split by a line break (terminal wrapping)."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    joined = re.sub(r"[ \t]*\r?\n[ \t]*", "", text)
    leaked = [s for s in planted for t in (text, joined) if s.lower() in t.lower()]
    assert not leaked, f"{where} contains planted identifiers {leaked}"


def codes_by_surface(
    originals: list[str], outputs: list[str], span_rows: list[dict], align
) -> dict[str, set[str]]:
    """Map each masked original surface form to the pseudonym codes it received."""
    result: dict[str, set[str]] = defaultdict(set)
    assert len(originals) == len(outputs) == len(span_rows)
    for original, output, row in zip(originals, outputs, span_rows, strict=True):
        for surface, _etype, code in align(original, output, row["spans"]):
            result[surface].add(code)
    return result


# --------------------------------------------------------------------------- 1. JSONL


def test_jsonl_keeps_records_order_and_every_non_text_byte_and_replaces_identifiers(
    deid, workdir: Path
) -> None:
    texts = [
        "Frau Zirbleitner ruft an, Tel. 0664 7391842, Mail w.kapfgruber@hofbrunn-mail.at.",
        "Dr. Hofbrunninger informiert. Zirbleitner stabil.\nRückruf unter +43 512 934817.",
        "Herr Wendolin Kapfgruber meldet sich, neue Adresse Ederkoglerweg 14.",
        "Keine Beschwerden.",
    ]
    # (raw bytes before the text value, raw text literal, raw bytes after it incl. line ending)
    lines = [
        (
            b'{"id": "n1", "n": 1.50, "meta": {"x": [1, 2],  "text": "unver\\u00e4ndert"}, "text": ',
            json.dumps(texts[0], ensure_ascii=False).encode(),
            b', "z" : null}\n',
        ),
        (
            b'{"text":',
            json.dumps(texts[1], ensure_ascii=True).encode(),  # \n and \u00fc escapes in the input
            b',"id":"n2","e":1E+2,"u":"\\u00e4\\/x","flag" : true}   \r\n',
        ),
        (b'{ "id" : "n3" , "text" : ', json.dumps(texts[2]).encode(), b' , "tags": [] }\n'),
        (b'{"id":"n4","text":', json.dumps(texts[3]).encode(), b',"n":-0.0e-0}'),  # no final newline
    ]
    raw = lines[0][0] + lines[0][1] + lines[0][2] + lines[1][0] + lines[1][1] + lines[1][2] + b"\n"
    raw += b"".join(a + b + c for a, b, c in lines[2:])
    (workdir / "notes.jsonl").write_bytes(raw)

    run = deid("run", "notes.jsonl", "-o", "masked.jsonl", "--quiet")
    assert run.exit_code == 0, run.stderr

    out_lines = (workdir / "masked.jsonl").read_bytes().splitlines(keepends=True)
    in_lines = raw.splitlines(keepends=True)
    assert len(out_lines) == len(in_lines) == 5
    assert out_lines[2] == b"\n"  # the blank line passes through in place
    record_lines = [line for i, line in enumerate(out_lines) if i != 2]
    outputs = []
    for (before, literal, after), out in zip(lines, record_lines, strict=True):
        # Everything around the text value is byte-identical (odd number formats, spacing,
        # escapes in other fields, a nested "text" key, trailing blanks, CRLF, missing final LF).
        assert out.startswith(before) and out.endswith(after), out
        new_literal = out[len(before) : len(out) - len(after)]
        new_text = json.loads(new_literal)
        assert isinstance(new_text, str)
        outputs.append(new_text)
        original = json.loads(before + literal + after)
        parsed = json.loads(out)
        assert list(parsed) == list(original)
        assert {k: v for k, v in parsed.items() if k != "text"} == {
            k: v for k, v in original.items() if k != "text"
        }
    assert b'"n": 1.50' in record_lines[0]
    assert_none_planted(b"".join(out_lines), "masked output")

    tags = [[m.group(0) for m in TAG.finditer(text)] for text in outputs]
    assert outputs[0].startswith("Frau [")  # the salutation stays, the name goes
    assert {"PHO", "MAI"} <= {t[1:4] for t in tags[0]}
    assert outputs[1].startswith("Dr. [HCP-") and "PHO" in {t[1:4] for t in tags[1]}
    assert outputs[1].count("\n") == 1  # the text's own line break survives inside the value
    assert len(tags[2]) >= 3  # first name, surname, street
    assert outputs[3] == texts[3] and record_lines[3].endswith(b'"Keine Beschwerden.","n":-0.0e-0}')


# --------------------------------------------------------------------------- 2. CSV


@pytest.mark.parametrize(
    ("name", "delimiter", "options"),
    [
        ("notes.csv", ";", []),
        ("notes.csv", ";", ["--delimiter", ";"]),
        ("notes.tsv", "\t", ["--delimiter", "tab"]),
    ],
    ids=["semicolon-detected", "semicolon-explicit", "tab"],
)
def test_csv_round_trip_keeps_bom_header_and_every_other_column(
    deid, workdir: Path, name: str, delimiter: str, options: list[str]
) -> None:
    d = delimiter
    header = f'id{d}text{d}datum{d}"Kommentar ""intern"""\r\n'
    rows = [
        f'r1{d}"Frau Zirbleitner sagt: ""Mir ist schwindlig"";\r\nRückruf unter 0664 7391842"'
        f'{d}2024-01-05{d}"a{d}b"\r\n',
        f"r2{d}Zirbleitner kommt morgen{d}2024-01-06{d}  Leerzeichen  \r\n",
        f'r3{d}""{d}2024-01-07{d}\r\n',
        f'r4{d}"Dr. Hofbrunninger:\r\n\r\n""Befund folgt"""{d}2024-01-08{d}"mehr-\r\nzeilig ""x"""\r\n',
    ]
    raw = b"\xef\xbb\xbf" + (header + "".join(rows)).encode("utf-8")
    (workdir / name).write_bytes(raw)
    out_name = "masked" + Path(name).suffix

    run = deid("run", name, "-o", out_name, "--quiet", *options)
    assert run.exit_code == 0, run.stderr

    out = (workdir / out_name).read_bytes()
    assert out.startswith(b"\xef\xbb\xbf" + header.encode())
    original_rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"), newline=""), delimiter=d))
    output_rows = list(csv.reader(io.StringIO(out.decode("utf-8-sig"), newline=""), delimiter=d))
    assert len(output_rows) == len(original_rows) == 5
    assert output_rows[0] == original_rows[0] == ["id", "text", "datum", 'Kommentar "intern"']
    for before, after in zip(original_rows[1:], output_rows[1:], strict=True):
        assert len(after) == len(before) == 4
        assert [after[0], *after[2:]] == [before[0], *before[2:]]
    texts = [row[1] for row in output_rows[1:]]
    assert_none_planted(out, "masked CSV")
    assert texts[0].startswith("Frau [PAT-") and '"Mir ist schwindlig";\r\nRückruf unter [PHO-' in texts[0]
    assert TAG.fullmatch(texts[1].split(" ")[0])
    assert texts[2] == ""
    assert texts[3].startswith("Dr. [HCP-") and texts[3].endswith(':\r\n\r\n"Befund folgt"')
    # The unchanged empty text keeps its original quoting.
    assert f'r3{d}""{d}2024-01-07{d}\r\n'.encode() in out


# --------------------------------------------------------------------------- 3. consistency


def test_same_name_gets_one_code_across_notes_files_and_salutation_forms(
    deid, workdir: Path, read_jsonl, align
) -> None:
    corpus = workdir / "export"
    corpus.mkdir()
    a_texts = [
        "Frau Zirbleitner klagt über Schwindel. Herr Pfaffenstaller begleitet sie.",
        "Zirbleitner hat die Werte nachgetragen.",
    ]
    b_texts = [
        "Rückruf bei Frau Zirbleitner erfolgt.",
        "Pfaffenstaller ruft an, Zirbleitner geht es besser. Herr Quendlmoser ebenso.",
    ]
    write_notes(corpus / "a.jsonl", a_texts, "a")
    write_notes(corpus / "b.jsonl", b_texts, "b")

    run = deid("run", "export", "-o", "masked", "--spans", "spans.jsonl", "--quiet")
    assert run.exit_code == 0, run.stderr

    assert sorted(p.name for p in (workdir / "masked").iterdir()) == ["a.jsonl", "b.jsonl"]
    outputs = [
        r["text"] for r in read_jsonl(workdir / "masked/a.jsonl") + read_jsonl(workdir / "masked/b.jsonl")
    ]
    span_rows = read_jsonl(workdir / "spans.jsonl")
    assert [r["id"] for r in span_rows] == ["a1", "a2", "b1", "b2"]
    codes = codes_by_surface(a_texts + b_texts, outputs, span_rows, align)

    assert set(codes) == {"Zirbleitner", "Pfaffenstaller", "Quendlmoser"}
    assert all(len(found) == 1 for found in codes.values()), codes
    assert len(set().union(*codes.values())) == 3  # different surnames, different codes
    # "Frau Zirbleitner" and the bare, learned "Zirbleitner" in another note and file are linked.
    bare = {(s, t) for s, t, _ in align(a_texts[1], outputs[1], span_rows[1]["spans"])}
    assert bare == {("Zirbleitner", "PAT")}  # learned from "Frau": a presumed patient
    assert [r["spans"][0]["masker"] for r in span_rows[1:2]] == ["CorpusName"]
    assert "field" not in span_rows[0]


def test_several_text_fields_share_codes_and_spans_name_the_field(
    deid, workdir: Path, read_jsonl, align
) -> None:
    records = [
        {"id": "m1", "befund": "Frau Zirbleitner stabil.", "anamnese": "Zirbleitner klagt über Schwindel."},
        {"id": "m2", "befund": "Keine Beschwerden.", "anamnese": "Herr Pfaffenstaller ruft an."},
    ]
    (workdir / "notes.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")

    run = deid(
        "run", "notes.jsonl", "-o", "masked.jsonl", "--text-field", "befund", "--text-field", "anamnese",
        "--spans", "spans.jsonl", "--quiet",
    )  # fmt: skip
    assert run.exit_code == 0, run.stderr

    masked = read_jsonl(workdir / "masked.jsonl")
    span_rows = read_jsonl(workdir / "spans.jsonl")
    assert [(r["id"], r["field"]) for r in span_rows] == [
        ("m1", "befund"), ("m1", "anamnese"), ("m2", "befund"), ("m2", "anamnese"),
    ]  # fmt: skip
    originals = [r[f] for r in records for f in ("befund", "anamnese")]
    outputs = [r[f] for r in masked for f in ("befund", "anamnese")]
    codes = codes_by_surface(originals, outputs, span_rows, align)
    assert len(codes["Zirbleitner"]) == 1
    assert codes["Zirbleitner"] != codes["Pfaffenstaller"]
    assert outputs[2] == "Keine Beschwerden."
    assert [r["id"] for r in masked] == ["m1", "m2"]


def test_no_learn_masks_only_what_each_note_proves(deid, workdir: Path, read_jsonl) -> None:
    write_notes(workdir / "notes.jsonl", ["Frau Zirbleitner stabil.", "Zirbleitner ruft an."])
    run = deid("run", "notes.jsonl", "-o", "masked.jsonl", "--spans", "spans.jsonl", "--stats", "stats.json",
               "--no-learn", "--quiet")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    maskers = {s["masker"] for row in read_jsonl(workdir / "spans.jsonl") for s in row["spans"]}
    assert "CorpusName" not in maskers
    assert json.loads((workdir / "stats.json").read_text())["learned_references"] == 0
    assert read_jsonl(workdir / "masked.jsonl")[1]["text"] == "Zirbleitner ruft an."


# --------------------------------------------------------------------------- 4. fresh codes


def test_each_run_draws_fresh_codes_unless_seeded(deid, workdir: Path) -> None:
    write_notes(
        workdir / "notes.jsonl", ["Frau Zirbleitner ruft an, Tel. 0664 7391842.", "Dr. Hofbrunninger."]
    )

    def masked(out: str, *seed: str) -> bytes:
        run = deid("run", "notes.jsonl", "-o", out, "--spans", f"{out}.spans", "--quiet", *seed)
        assert run.exit_code == 0, run.stderr
        return (workdir / out).read_bytes()

    first, second = masked("a.jsonl"), masked("b.jsonl")
    codes_first = [m.group(0) for m in TAG.finditer(first.decode())]
    codes_second = [m.group(0) for m in TAG.finditer(second.decode())]
    assert len(codes_first) == len(codes_second) == 3
    assert all(a != b for a, b in zip(codes_first, codes_second, strict=True))
    # The texts differ only in the codes.
    assert TAG.sub("[X]", first.decode()) == TAG.sub("[X]", second.decode())

    seeded = [masked("s1.jsonl", "--seed", "42"), masked("s2.jsonl", "--seed", "42")]
    assert seeded[0] == seeded[1]
    assert (workdir / "s1.jsonl.spans").read_bytes() == (workdir / "s2.jsonl.spans").read_bytes()
    assert masked("s3.jsonl", "--seed", "43") != seeded[0]


# --------------------------------------------------------------------------- 5. spans


def test_spans_are_sorted_disjoint_and_reproduce_the_output_exactly(
    deid, workdir: Path, read_jsonl, align
) -> None:
    write_notes(workdir / "notes.jsonl", PRIVACY_NOTES)
    run = deid("run", "notes.jsonl", "-o", "masked.jsonl", "--spans", "spans.jsonl", "--quiet")
    assert run.exit_code == 0, run.stderr

    masked = read_jsonl(workdir / "masked.jsonl")
    span_rows = read_jsonl(workdir / "spans.jsonl")
    assert [r["id"] for r in span_rows] == [r["id"] for r in masked] == [f"n{i}" for i in range(1, 10)]
    total = 0
    for text, out, row in zip(PRIVACY_NOTES, masked, span_rows, strict=True):
        assert set(row) == {"id", "risk", "spans"}
        for span in row["spans"]:
            assert set(span) == {"start", "end", "type", "masker"}
        found = align(text, out["text"], row["spans"])
        total += len(found)
        # Every tag in the output comes from a span: nothing else was rewritten.
        assert len(TAG.findall(out["text"])) == len(found)
    assert total >= 17  # at least one span per planted identifier
    assert_none_planted((workdir / "spans.jsonl").read_bytes(), "spans file")
    assert span_rows[7]["spans"] == []  # the empty note


# --------------------------------------------------------------------------- 8. sizes


def test_empty_texts_pass_through_unchanged(deid, workdir: Path, read_jsonl) -> None:
    raw = b'{"id":"e1","text":""}\n{"id":"e2","text":"","x":1.0}\r\n{"text":"","id":"e3"}'
    (workdir / "notes.jsonl").write_bytes(raw)
    run = deid("run", "notes.jsonl", "-o", "masked.jsonl", "--spans", "spans.jsonl", "--quiet")
    assert run.exit_code == 0, run.stderr
    assert (workdir / "masked.jsonl").read_bytes() == raw
    assert [r["spans"] for r in read_jsonl(workdir / "spans.jsonl")] == [[], [], []]


def test_a_10_mb_note_is_processed_and_its_planted_identifiers_masked(
    deid, workdir: Path, read_jsonl
) -> None:
    filler = "Pat. stabil, RR 120/80, HF 72. Keine Ödeme, Gewicht unverändert. Rückruf erfolgt. "
    pieces = [filler] * (10_000_000 // len(filler) + 1)
    pieces[3] = "Frau Zirbleitner ruft an. "
    pieces[len(pieces) // 2] = "Tel. 0664 7391842, Mail w.kapfgruber@hofbrunn-mail.at. "
    pieces[-2] = "Dr. Hofbrunninger visitiert, Zirbleitner ist zufrieden. "
    text = "".join(pieces)
    assert len(text.encode("utf-8")) >= 10_000_000
    write_notes(workdir / "big.jsonl", [text, "Zirbleitner"])

    run = deid("run", "big.jsonl", "-o", "masked.jsonl", "--spans", "spans.jsonl", "--stats", "stats.json",
               "--quiet")  # fmt: skip
    assert run.exit_code == 0, run.stderr

    out = (workdir / "masked.jsonl").read_bytes()
    planted = ("Zirbleitner", "Hofbrunninger", "0664 7391842", "w.kapfgruber@hofbrunn-mail.at")
    assert_none_planted(out, "masked 10 MB note", planted)
    masked = read_jsonl(workdir / "masked.jsonl")
    types = [m.group(1) for m in TAG.finditer(masked[0]["text"])]
    assert types == ["PAT", "PHO", "MAI", "HCP", "PAT"]
    expected = text
    for secret in planted:
        expected = expected.replace(secret, "")
    assert TAG.sub("", masked[0]["text"]) == expected
    assert TAG.fullmatch(masked[1]["text"])
    stats = json.loads((workdir / "stats.json").read_text())
    assert stats["records"] == {"read": 2, "written": 2, "rejected": 0}
    assert stats["pseudonymizations"] == 6


# --------------------------------------------------------------------------- 12. privacy


def test_no_planted_identifier_leaks_into_any_file_or_terminal_output(
    deid, workdir: Path, files_under, read_jsonl
) -> None:
    inputs = workdir / "input"
    inputs.mkdir()
    write_notes(inputs / "a.jsonl", PRIVACY_NOTES[:5], "a")
    write_notes(inputs / "b.jsonl", PRIVACY_NOTES[5:], "b")
    # A copy with one bad line (an unterminated JSON string full of identifiers) in the middle.
    broken = inputs / "broken"
    broken.mkdir()
    good = (inputs / "a.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    bad = '{"id": "x9", "text": "Frau Quendlmoser, Tel. 0699/18273645, zirbleitner.fam@beispielpost.at\n'
    (broken / "a.jsonl").write_text("".join(good[:2]) + bad + "".join(good[2:]), encoding="utf-8")
    (broken / "b.jsonl").write_bytes((inputs / "b.jsonl").read_bytes())

    def reports(prefix: str) -> list[str]:
        return ["--stats", f"{prefix}stats.json", "--spans", f"{prefix}spans.jsonl"]

    runs = [
        deid("run", "input/a.jsonl", "input/b.jsonl", "-o", "out_ok", *reports("out_ok/")),
        deid("run", "input/broken", "-o", "out_fail", *reports("out_fail.")),
        deid("run", "input/broken", "-o", "out_skip", "--on-error", "skip", *reports("out_skip/")),
        deid("run", "input/broken", "-o", "out_skip_quiet", "--on-error", "skip", "--quiet"),
    ]
    assert [r.exit_code for r in runs] == [0, 1, 0, 0]
    assert "input/broken/a.jsonl:3: invalid JSON" in runs[1].stderr
    assert "input/broken/a.jsonl:3: invalid JSON" in runs[2].stderr

    produced = [p for p in files_under(workdir) if inputs not in p.parents]
    assert {p.relative_to(workdir).as_posix() for p in produced} == {
        "out_ok/a.jsonl",
        "out_ok/b.jsonl",
        "out_ok/stats.json",
        "out_ok/spans.jsonl",
        "out_skip/a.jsonl",
        "out_skip/b.jsonl",
        "out_skip/stats.json",
        "out_skip/spans.jsonl",
        "out_skip_quiet/a.jsonl",
        "out_skip_quiet/b.jsonl",
    }  # the failed run left nothing behind, not even temp files
    for path in produced:
        assert_none_planted(path.read_bytes(), str(path.relative_to(workdir)))
    for index, run in enumerate(runs):
        assert_none_planted(run.stdout, f"stdout of run {index}")
        assert_none_planted(run.stderr, f"stderr of run {index}")
    # The masked corpus still has all good records, each identifier replaced by a tag.
    masked = read_jsonl(workdir / "out_ok/a.jsonl") + read_jsonl(workdir / "out_ok/b.jsonl")
    assert [r["id"] for r in masked] == [f"a{i}" for i in range(1, 6)] + [f"b{i}" for i in range(1, 5)]
    assert sum(len(TAG.findall(r["text"])) for r in masked) >= 17
    skipped = read_jsonl(workdir / "out_skip/a.jsonl") + read_jsonl(workdir / "out_skip/b.jsonl")
    assert [r["id"] for r in skipped] == [r["id"] for r in masked]


def test_masked_texts_contain_nothing_but_the_original_with_tags(deid, workdir: Path, read_jsonl) -> None:
    """Outside the tags, the output text is made of the original's characters in order: no
    pseudonym carries a fragment of what it replaced."""
    write_notes(workdir / "notes.jsonl", PRIVACY_NOTES)
    run = deid("run", "notes.jsonl", "-o", "masked.jsonl", "--quiet")
    assert run.exit_code == 0, run.stderr
    for text, record in zip(PRIVACY_NOTES, read_jsonl(workdir / "masked.jsonl"), strict=True):
        pieces = TAG.split(record["text"])[::3]  # text between tags
        pattern = ".*?".join(re.escape(p) for p in pieces)
        assert re.fullmatch(pattern, text, re.DOTALL), record["text"]
