"""Tests for scripts/generalise.py (the scripts/generalise/ package): the harness is only honest if
its gold is exact, its test names and places are in no dictionary and no dev pool, its template
families are disjoint, and its scorer counts a partial mask as a leak."""

from __future__ import annotations

import json
import random
import re
import sys

from repo import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "scripts"))

from generalise.classes import CLASSES, PERSON_LABELS, PHI_CLASSES
from generalise.cli import main
from generalise.compose import Composer, generate
from generalise.phi_templates import DEV_PHI, PHI_FAMILIES, TEST_PHI
from generalise.places import VILLAGE_PREFIXES, build_place_pools, gazetteer_keys, gazetteer_places
from generalise.pools import build_pools, dictionary_keys, in_keys
from generalise.score import score
from generalise.templates import DEV, TEST
from synthetic.pools import fold

NAME = re.compile(r"[^\W\d_]+")
DATE = re.compile(r"\d\d\.\d\d\.\d{4}")


def _person_gold(record: dict) -> list[list]:
    return [g for g in record["gold"] if g[2] in PERSON_LABELS]


def test_gold_offsets_point_at_name_tokens() -> None:
    for family in ("dev", "test"):
        for kind in ("letters", "notes"):
            for record in generate(family, kind, 30, 3):
                text = record["text"]
                for start, end, label in _person_gold(record):
                    assert NAME.fullmatch(text[start:end]), (label, start, end)
                    assert start == 0 or not text[start - 1].isalpha()
                    assert end == len(text) or not text[end].isalpha()
                person_spans = sorted(tuple(s) for p in record["persons"] for s in p["spans"])
                assert person_spans == sorted((s, e) for s, e, _ in _person_gold(record))
                for start, end, _ in record["traps"]:
                    assert all(e <= start or s >= end for s, e, _ in record["gold"])


def test_test_pool_is_disjoint_from_dictionaries_and_dev() -> None:
    pools = build_pools()
    keys = dictionary_keys()
    test_names, dev_names = pools["test"].all_names(), pools["dev"].all_names()
    assert min(pools["test"].sizes().values()) > 50
    assert not [name for name in test_names if in_keys(name, keys)]
    dev_keys = {key for name in dev_names for key in (name.lower(), fold(name))}
    assert not [name for name in test_names if in_keys(name, dev_keys)]
    # Sanity of the check itself: a dictionary name in any spelling is found.
    assert in_keys("MUELLER", keys) and in_keys("Müller", keys)


def test_generated_test_names_avoid_dictionaries() -> None:
    keys = dictionary_keys()
    for kind in ("letters", "notes"):
        for record in generate("test", kind, 40, 5):
            for start, end, _ in _person_gold(record):
                token = record["text"][start:end]
                if len(token) > 3:  # initials and particles are letters/short words, not names
                    assert not in_keys(token, keys)
            assert not any(p["listed"] for p in record["persons"])


def test_template_families_are_disjoint() -> None:
    assert DEV.frames() and TEST.frames()
    assert not DEV.frames() & TEST.frames()
    assert not set(DEV.roles) & set(TEST.roles)
    assert not set(DEV.eponyms) & set(TEST.eponyms)


def test_generator_is_deterministic() -> None:
    assert generate("test", "letters", 10, 4) == generate("test", "letters", 10, 4)
    assert generate("test", "letters", 10, 4) != generate("test", "letters", 10, 5)
    assert generate("dev", "notes", 10, 4) != generate("test", "notes", 10, 4)


def _record() -> dict:
    text = "Frau Anu Belzo kam. Dr. Kiro Mal."
    return {
        "id": "x",
        "text": text,
        "gold": [[5, 8, "PAT"], [9, 14, "PAT"], [24, 28, "HCP"], [29, 32, "HCP"]],
        "persons": [
            {"spans": [[5, 8], [9, 14]], "class": "full_name", "listed": False, "label": "PAT"},
            {"spans": [[24, 28], [29, 32]], "class": "title_chain", "listed": True, "label": "HCP"},
        ],
        "traps": [[15, 18, "clinical_word"]],
    }


def test_partial_mask_is_not_fully_masked() -> None:
    record = _record()
    # Patient: both tokens inside one span. Doctor: surname only, and the given name half-masked.
    detected = {"x": [(5, 14), (26, 28), (29, 32)]}
    masked = {"x": "Frau [PAT-1] kam. Dr. Ki[HCP-2] [HCP-3]."}
    result = score([record], detected, masked)
    rows = result["classes"]
    assert rows["full_name"]["fully_masked"] == 1.0
    assert rows["title_chain"]["fully_masked"] == 0.0
    assert rows["title_chain"]["token_recall"] == 0.5
    assert rows["all"]["fully_masked"] == 0.5
    assert rows["listed"]["mentions"] == 1 and rows["unlisted"]["fully_masked"] == 1.0
    assert result["precision"] == 1.0
    assert result["kept_clinical_words"] == 1.0
    assert result["verbatim_leaks"] == 0.0


def test_overmask_and_verbatim_leak_are_counted() -> None:
    record = _record()
    detected = {"x": [(5, 18)]}  # masks "kam" too, misses the doctor
    masked = {"x": "Frau [PAT-1]. Dr. Kiro Mal."}
    result = score([record], detected, masked)
    assert result["precision"] == round(9 / 13, 3)
    assert result["kept_clinical_words"] == 0.0
    assert result["verbatim_leaks"] == 0.5  # "Kiro" and "Mal" of four names survive
    assert result["classes"]["all"]["fully_masked"] == 0.5


def test_report_end_to_end(capsys) -> None:
    assert main(["report", "--family", "both", "--count", "20", "--seed", "2", "--json"]) == 0
    results = json.loads(capsys.readouterr().out)
    assert [r["family"] for r in results] == ["dev", "test"]
    for result in results:
        rows = result["all"]["classes"]
        for cls in CLASSES:
            assert rows[cls]["mentions"] > 0, cls
            assert 0.0 <= rows[cls]["token_recall"] <= 1.0
        assert 0.0 < result["all"]["precision"] <= 1.0
        phi = result["all"]["phi"]
        for cls in PHI_CLASSES:
            assert phi[cls]["count"] > 0 and 0.0 <= phi[cls]["recall"] <= 1.0, cls
        assert phi["all"]["count"] == sum(phi[cls]["count"] for cls in PHI_CLASSES)
        assert phi["all"]["count"] == sum(result[k]["phi"]["all"]["count"] for k in ("letters", "notes"))
    assert main(["report", "--family", "test", "--count", "6", "--seed", "2"]) == 0
    table = capsys.readouterr().out
    assert all(f"| {cls} |" in table for cls in CLASSES)
    assert all(f"| {cls} | {label} |" in table for cls, label in PHI_CLASSES.items())


def test_generate_writes_jsonl(tmp_path) -> None:
    out = tmp_path / "letters.jsonl"
    assert main(["generate", "--family", "dev", "--kind", "letters", "--count", "5", "-o", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 5 and {"id", "text", "gold", "persons", "phi"} <= set(rows[0])


# ----------------------------------------------------------------------------- other PHI (issue 17)

PREPOSITIONS = ("in ", "aus ", "nach ")
HOUSE_NUMBER = re.compile(r"[1-9]\d*(?:[a-d]|(?:[/-](?:Top )?[1-9]\d*)*)")


def _street_forms(family: str) -> set[str]:
    """Every street of the family's pool, also in its abbreviated spelling."""
    streets = set(build_place_pools()[family].streets)
    for ending, short in PHI_FAMILIES[family].street_abbreviations:
        streets |= {s[: -len(ending)] + short for s in streets if s.endswith(ending)}
    return streets


def _value_ok(family: str, cls: str, text: str, start: int, end: int) -> bool:
    """The value of one PHI gold span is what its class says, in the context its frame gives.
    Returns a bool (no assert inside), so a failure never prints a test-family document."""
    value, before = text[start:end], text[:start]
    places, persons, fam = build_place_pools()[family], build_pools()[family], PHI_FAMILIES[family]
    if not value or value != value.strip():
        return False
    if cls == "address":
        street = next((s for s in _street_forms(family) if value.startswith(s + " ")), None)
        return street is not None and bool(HOUSE_NUMBER.fullmatch(value[len(street) + 1 :]))
    if cls == "zip":
        return bool(re.fullmatch(r"\d{4,5}", value)) and text[end] == " "
    if cls == "place_after_zip":
        return value in places.places and bool(re.search(r"\d{4,5} $", before))
    if cls == "place_after_preposition":
        return value in places.places and before.endswith(PREPOSITIONS)
    if cls in ("site", "practice"):
        heads = {form.split("{")[0] for _, nominative, dative in fam.sites for form in (nominative, dative)}
        head = next((h for h in heads if value.startswith(h)), "")
        pool = persons.surnames if cls == "practice" else places.places
        return bool(head) and value[len(head) :] in pool and (cls == "practice") == head.endswith("Dr. ")
    if cls == "ward_code":
        context = before.endswith(("Station ", "station ", "Stat. "))
        return context and bool(re.fullmatch(r"[A-Z0-9][A-Z0-9-]*[a-z]?", value))
    if cls == "id_after_keyword":
        keyword = any(before.endswith((kw + " ", kw + ": ")) for kw, _ in fam.id_keywords)
        return keyword and bool(re.fullmatch(r"[A-Z0-9][\dA-Z ./-]*\d", value))
    if cls == "email":
        shape = re.fullmatch(r"[^\s@]+@[^\s@]+\.[a-z]{2,}", value)
        return bool(shape) and (value.isascii() or not fam.ascii_mail)
    return False


def test_phi_gold_spans_point_at_their_values() -> None:
    for family in ("dev", "test"):
        seen: set[str] = set()
        for kind in ("letters", "notes"):
            records = generate(family, kind, 60, 3)
            for record in records:
                text, phi = record["text"], record["phi"]
                for item in phi:
                    ok = _value_ok(family, item["class"], text, *item["span"])
                    assert ok, f"{family} {kind}: a {item['class']} span has the wrong value or context"
                    assert item["label"] == PHI_CLASSES[item["class"]]
                    seen.add(item["class"])
                dates = [g for g in record["gold"] if g[2] == "DAT"]
                assert all(DATE.fullmatch(text[s:e]) for s, e, _ in dates)
                expected = _person_gold(record) + [[*i["span"], i["label"]] for i in phi] + dates
                assert sorted(map(tuple, record["gold"])) == sorted(map(tuple, expected))
            if kind == "letters":
                # An address block in most letters, and 1-3 further PHI sentences in every one.
                assert sum(any(i["class"] == "zip" for i in r["phi"]) for r in records) > 0.6 * len(records)
                assert all(len(r["phi"]) >= 1 for r in records)
            else:
                assert 0.15 * len(records) < sum(bool(r["phi"]) for r in records) < 0.6 * len(records)
        assert seen == set(PHI_CLASSES), family
    # The e-mail addresses of the test family do use letters beyond ASCII; dev ones never.
    mails = {f: [r["text"][slice(*i["span"])] for r in generate(f, "notes", 200, 3) for i in r["phi"]
                 if i["class"] == "email"] for f in ("dev", "test")}  # fmt: skip
    assert mails["dev"] and all(m.isascii() for m in mails["dev"])
    assert sum(not m.isascii() for m in mails["test"]) > len(mails["test"]) / 3


def _distinctive_words(name: str) -> list[str]:
    """The words of a test place or street without its prefix or street word."""
    generic = {*VILLAGE_PREFIXES, "Im", "Auf", "der", "Unterm", "Hinterm", "Straße", "Str.", "Weg", "Zeile"}
    return [w for w in name.split() if w not in generic]


def test_test_places_and_streets_are_not_in_the_gazetteer() -> None:
    # Failures are counted, never printed: these are test-family strings.
    pools, gazetteer, keys = build_place_pools(), gazetteer_keys(), dictionary_keys()
    test, dev = pools["test"], pools["dev"]
    assert len(test.places) > 500 and len(test.streets) > 100
    names = (*test.places, *test.streets)
    listed = sum(in_keys(name, gazetteer) for name in names)
    words = [w for name in names for w in _distinctive_words(name)]
    listed_words = sum(in_keys(w.removesuffix("er"), gazetteer) or in_keys(w, keys) for w in words)
    assert listed == 0 and listed_words == 0 and len(words) >= len(names)
    # Streets and places of the two families share nothing, in any spelling.
    dev_keys = {fold(n) for n in (*dev.places, *dev.streets)}
    assert len({fold(n) for n in names} & dev_keys) == 0
    # The places the generator writes come from the test pool and are in no gazetteer row.
    values = [
        record["text"][slice(*item["span"])]
        for record in generate("test", "letters", 40, 9)
        for item in record["phi"]
        if item["class"] in ("place_after_zip", "place_after_preposition")
    ]
    assert len(values) > 40
    assert sum(in_keys(v, gazetteer) or v not in test.places for v in values) == 0
    # Sanity of the check: real places in any spelling are found; dev places are gazetteer rows.
    assert in_keys("Innsbruck", gazetteer) and in_keys("KUFSTEIN", gazetteer) and in_keys("Woergl", gazetteer)
    rows = gazetteer_places()
    assert set(dev.places) == set(rows) and len(rows) > 10000
    assert all(len(p.split()) <= 2 and p[0].isupper() and not re.search(r"\d", p) for p in rows)
    assert "Innere Stadt" not in rows  # an Austrian locality row only


def test_phi_families_are_disjoint() -> None:
    assert DEV_PHI.frames() and TEST_PHI.frames()
    assert not DEV_PHI.frames() & TEST_PHI.frames()
    assert not DEV_PHI.institution_words() & TEST_PHI.institution_words()
    assert not {kw for kw, _ in DEV_PHI.id_keywords} & {kw for kw, _ in TEST_PHI.id_keywords}
    assert not set(DEV_PHI.mail_domains) & set(TEST_PHI.mail_domains)
    assert not set(DEV_PHI.ward_codes) & set(TEST_PHI.ward_codes)
    assert {"Klinikum", "LKH"} <= DEV_PHI.institution_words()
    assert {"Spital", "Bezirkskrankenhaus"} <= TEST_PHI.institution_words()
    # No frame of the PHI families is also a frame of the person families.
    assert not (DEV_PHI.frames() | TEST_PHI.frames()) & (DEV.frames() | TEST.frames())


def _address_record() -> dict:
    text = "Gartenweg 4a\n6020 Innsbruck\ngeb. 01.02.2020, Fallnr. 2020/4455"
    phi = [
        ([0, 12], "address"),
        ([13, 17], "zip"),
        ([18, 27], "place_after_zip"),
        ([53, 62], "id_after_keyword"),
    ]
    items = [{"span": span, "class": cls, "label": PHI_CLASSES[cls]} for span, cls in phi]
    gold = [[*i["span"], i["label"]] for i in items] + [[33, 43, "DAT"]]
    return {"id": "a", "text": text, "gold": gold, "persons": [], "phi": items, "traps": []}


def test_partial_address_mask_is_not_found() -> None:
    record = _address_record()
    assert record["text"][33:43] == "01.02.2020" and record["text"][53:62] == "2020/4455"
    # "Gartenweg" masked, "4a" not; postcode, place and ID fully masked; the date left as it is.
    detected = {"a": [(0, 9), (13, 17), (18, 27), (53, 62)]}
    masked = {"a": "[ADD-1] 4a\n[ZIP-2] [LOC-3]\ngeb. 01.02.2020, Fallnr. [ID-4]"}
    result = score([record], detected, masked)
    rows = result["phi"]
    assert rows["address"]["recall"] == 0.0 and rows["zip"]["recall"] == 1.0
    assert rows["place_after_zip"]["recall"] == 1.0 and rows["id_after_keyword"]["recall"] == 1.0
    assert rows["all"]["count"] == 4 and rows["all"]["recall"] == 0.75
    assert rows["site"]["count"] == 0 and rows["site"]["recall"] is None
    # "2020" stays in the date, which is no PHI value: the postcode does not count as leaked.
    assert rows["zip"]["verbatim_leaks"] == 0.0 and rows["all"]["verbatim_leaks"] == 0.0
    assert result["precision"] == 1.0


def test_unmasked_phi_leaks_and_masked_dates_are_precise() -> None:
    record = _address_record()
    record["text"] = record["text"].replace("6020", "2020")
    detected = {"a": [(33, 43), (53, 62)]}  # the date (gold DAT) and the ID only
    masked = {"a": "Gartenweg 4a\n2020 Innsbruck\ngeb. [DAT-1], Fallnr. [ID-2]"}
    result = score([record], detected, masked)
    rows = result["phi"]
    assert rows["address"]["recall"] == 0.0 and rows["id_after_keyword"]["recall"] == 1.0
    assert rows["address"]["verbatim_leaks"] == 1.0 and rows["zip"]["verbatim_leaks"] == 1.0
    assert (
        rows["place_after_zip"]["verbatim_leaks"] == 1.0 and rows["id_after_keyword"]["verbatim_leaks"] == 0.0
    )
    assert result["precision"] == 1.0
    assert score([record], {"a": [(28, 43)]}, masked)["precision"] == round(10 / 15, 3)


def test_phi_has_its_own_random_stream() -> None:
    """Other PHI comes from a second stream: reseeding it changes the PHI, never the persons."""

    def people(composer: Composer) -> list[list[str]]:
        docs = [composer.letter(f"l{i}") for i in range(15)] + [composer.note(f"n{i}") for i in range(15)]
        return [[d["text"][s:e] for p in d["persons"] for s, e in p["spans"]] for d in docs] + [
            [d["text"][s:e] for s, e, _ in d["traps"]] for d in docs
        ]

    plain, reseeded = Composer("dev", 4, 30), Composer("dev", 4, 30)
    reseeded.phi.rng = random.Random("another stream")
    assert people(plain) == people(reseeded)
    assert [d["phi"] for d in Composer("dev", 4, 30).corpus("letters", 10)] != [
        d["phi"] for d in reseeded.corpus("letters", 10)
    ]
