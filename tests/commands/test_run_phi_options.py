"""CLI guarantees of issue 4's options: --types selects what is masked, --dates shifts per
patient keeping intervals (or keeps only the year, or keeps dates), --ages, and structured
names from --known-field/--known-hcp-field masked in text and column alike, --drop-field.
All names, dates and numbers are invented."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from conftest import TAG

RECORDS = [
    {
        "id": 1,
        "patient_id": "P1",
        "patient_name": "Wendolin Zirbleitner",
        "author": "Hofbrünninger",
        "text": "Zirbleitnr hat am 12.03.2023 angerufen, 92 J., Rückruf 14.03.2023. LG Hofbruenninger",
    },
    {"id": 2, "patient_id": "P1", "text": "Kontrolle am 20.03.2023 in Wels."},
    {"id": 3, "patient_id": "P2", "text": "Termin am 12.03.2023, 45 J."},
]


def write(workdir: Path) -> None:
    (workdir / "in.jsonl").write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")


def read(workdir: Path) -> list[dict]:
    return [json.loads(line) for line in (workdir / "out.jsonl").read_text(encoding="utf-8").splitlines()]


def as_date(text: str) -> date:
    day, month, year = text.split(".")
    return date(int(year), int(month), int(day))


def test_default_types_keep_dates_and_ages_but_mask_city_after_preposition(deid, workdir: Path) -> None:
    write(workdir)
    assert deid("run", "in.jsonl", "-o", "out.jsonl", "-q").exit_code == 0
    out = read(workdir)
    assert "12.03.2023" in out[0]["text"] and "92 J." in out[0]["text"]
    assert "Wels" not in out[1]["text"] and "[LOC-" in out[1]["text"]


def test_types_all_masks_dates_and_only_ages_over_89(deid, workdir: Path) -> None:
    write(workdir)
    assert deid("run", "in.jsonl", "-o", "out.jsonl", "--types", "all", "-q").exit_code == 0
    out = read(workdir)
    assert "12.03.2023" not in out[0]["text"] and "[DAT-" in out[0]["text"]
    assert "92 J." not in out[0]["text"]
    assert "45 J." in out[2]["text"]  # Safe Harbor: ages up to 89 stay


def test_ages_all_masks_every_age(deid, workdir: Path) -> None:
    write(workdir)
    assert deid("run", "in.jsonl", "-o", "out.jsonl", "--types", "all", "--ages", "all", "-q").exit_code == 0
    assert "45 J." not in read(workdir)[2]["text"]


def test_types_list_masks_only_the_selected_types(deid, workdir: Path) -> None:
    write(workdir)
    assert deid("run", "in.jsonl", "-o", "out.jsonl", "--types", "DAT", "-q").exit_code == 0
    out = read(workdir)
    assert "Hofbruenninger" in out[0]["text"] and "Wels" in out[1]["text"]
    assert {m.group(1) for r in out for m in TAG.finditer(r["text"])} == {"DAT"}


def test_unknown_type_is_a_usage_error(deid, workdir: Path) -> None:
    write(workdir)
    result = deid("run", "in.jsonl", "-o", "out.jsonl", "--types", "PAT,XYZ")
    assert result.exit_code == 2
    assert "XYZ" in result.stderr


def test_dates_shift_moves_one_patients_dates_by_the_same_days(deid, workdir: Path) -> None:
    write(workdir)
    args = ["--types", "all", "--dates", "shift", "--group-field", "patient_id", "-q"]
    assert deid("run", "in.jsonl", "-o", "out.jsonl", *args).exit_code == 0
    out = read(workdir)
    first = [as_date(w.rstrip(",.")) for w in out[0]["text"].split() if w.count(".") >= 2 and w[0].isdigit()]
    second = [as_date(w.rstrip(",.")) for w in out[1]["text"].split() if w.count(".") >= 2 and w[0].isdigit()]
    assert len(first) == 2 and len(second) == 1
    assert first[0] != date(2023, 3, 12)
    assert (first[1] - first[0]).days == 2 and (second[0] - first[0]).days == 8  # intervals kept


def test_dates_year_keeps_only_the_year_and_keep_leaves_dates(deid, workdir: Path) -> None:
    write(workdir)
    assert (
        deid("run", "in.jsonl", "-o", "out.jsonl", "--types", "all", "--dates", "year", "-q").exit_code == 0
    )
    assert "am 2023 angerufen" in read(workdir)[0]["text"]
    assert (
        deid("run", "in.jsonl", "-o", "out.jsonl", "--types", "all", "--dates", "keep", "-q").exit_code == 0
    )
    assert "12.03.2023" in read(workdir)[0]["text"]


def test_known_fields_mask_text_and_columns_with_the_same_pseudonyms(deid, workdir: Path) -> None:
    write(workdir)
    args = ["--known-field", "patient_name", "--known-hcp-field", "author", "--drop-field", "patient_id"]
    assert deid("run", "in.jsonl", "-o", "out.jsonl", *args, "-q").exit_code == 0
    out = read(workdir)
    record = out[0]
    assert "patient_id" not in record and all("patient_id" not in r for r in out)
    surname_tag = record["patient_name"].split()[1]
    assert TAG.fullmatch(surname_tag) and surname_tag.startswith("[PAT-")
    assert record["text"].startswith(surname_tag)  # the misspelt "Zirbleitnr" shares the code
    assert record["author"].startswith("[HCP-") and record["text"].endswith(record["author"])
    assert "Zirblei" not in json.dumps(out) and "Hofbr" not in json.dumps(out)


def test_an_impossible_birth_date_is_masked_under_every_date_mode_but_keep(deid, workdir: Path) -> None:
    record = {"id": 1, "patient_id": "P1", "text": "geb. 31.02.1950, Kontrolle am 12.03.2023."}
    (workdir / "in.jsonl").write_text(json.dumps(record) + "\n", encoding="utf-8")
    for mode in ("mask", "shift", "year"):
        args = ["--types", "all", "--dates", mode, "--group-field", "patient_id", "-q"]
        assert deid("run", "in.jsonl", "-o", "out.jsonl", *args).exit_code == 0
        text = read(workdir)[0]["text"]
        assert "31.02.1950" not in text and "1950" not in text, mode  # no shift or year of a non-date
        assert text.startswith("geb. [DAT"), mode
    assert (
        deid("run", "in.jsonl", "-o", "out.jsonl", "--types", "all", "--dates", "keep", "-q").exit_code == 0
    )
    assert "31.02.1950" in read(workdir)[0]["text"]


def test_a_known_surname_that_is_an_ordinary_word_keeps_the_adjective(deid, workdir: Path) -> None:
    record = {"id": 1, "name": "Wendolin Schwach", "text": "Fühlt sich sehr schwach. Frau Schwach kommt."}
    (workdir / "in.jsonl").write_text(json.dumps(record) + "\n", encoding="utf-8")
    assert deid("run", "in.jsonl", "-o", "out.jsonl", "--known-field", "name", "-q").exit_code == 0
    text = read(workdir)[0]["text"]
    assert text.startswith("Fühlt sich sehr schwach. Frau [PAT-") and "Schwach" not in text
