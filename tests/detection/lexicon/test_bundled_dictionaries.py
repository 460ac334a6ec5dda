"""Guarantees of the bundled dictionaries (built by scripts/build_dictionaries.py).

The matcher trusts these files blindly: a duplicate or blank line, a comment, an unsorted
file or a name in common_words changes what gets masked. These tests state what holds.
"""

from __future__ import annotations

import re
import unicodedata

import pytest
from repo import REPO_ROOT

DICT_DIR = REPO_ROOT / "dictionaries"
DICTIONARY_FILES = sorted(p.name for p in DICT_DIR.iterdir() if p.is_file() and p.name != "README.md")
GENERATED_FILES = (
    "first_names.txt",
    "first_names_gender.tsv",
    "surnames.txt",
    "postcodes_at.tsv",
    "postcodes_ch.tsv",
    "postcodes_de.tsv",
    "postcodes_li.tsv",
    "medical_sites.txt",
    "site_prefixes.txt",
    "common_words.txt",
    "eponyms.txt",
)
NAME_PATTERN = re.compile(r"^[^\W\d_][\w'-]*$")


def entries(name: str) -> list[str]:
    """Lines of a dictionary file, decoded strictly as UTF-8 (raises on anything else)."""
    text = (DICT_DIR / name).read_bytes().decode("utf-8")
    lines = text.split("\n")
    return lines[:-1] if lines[-1] == "" else lines


@pytest.mark.parametrize("name", GENERATED_FILES)
def test_generated_files_exist(name: str) -> None:
    assert (DICT_DIR / name).is_file()


@pytest.mark.parametrize("name", DICTIONARY_FILES)
def test_every_dictionary_is_utf8_without_bom_or_carriage_returns(name: str) -> None:
    data = (DICT_DIR / name).read_bytes()
    data.decode("utf-8")
    assert not data.startswith(b"\xef\xbb\xbf")
    assert b"\r" not in data


@pytest.mark.parametrize("name", DICTIONARY_FILES)
def test_every_dictionary_ends_with_a_newline_unless_empty(name: str) -> None:
    data = (DICT_DIR / name).read_bytes()
    assert data == b"" or data.endswith(b"\n")


@pytest.mark.parametrize("name", DICTIONARY_FILES)
def test_every_dictionary_is_sorted(name: str) -> None:
    lines = entries(name)
    assert lines == sorted(lines)


@pytest.mark.parametrize("name", DICTIONARY_FILES)
def test_every_dictionary_has_no_duplicates(name: str) -> None:
    lines = entries(name)
    assert len(lines) == len(set(lines))


@pytest.mark.parametrize("name", DICTIONARY_FILES)
def test_every_dictionary_has_no_blank_lines_comments_or_stray_whitespace(name: str) -> None:
    for line in entries(name):
        assert line.strip(), "blank line"
        assert not line.startswith("#"), line
        assert line == line.strip(), repr(line)


@pytest.mark.parametrize("name", GENERATED_FILES)
def test_generated_dictionaries_are_nfc_normalized(name: str) -> None:
    for line in entries(name):
        assert unicodedata.normalize("NFC", line) == line, line


@pytest.mark.parametrize(
    ("name", "code", "minimum"),
    [("postcodes_at.tsv", r"[1-9]\d{3}", 15000), ("postcodes_de.tsv", r"\d{5}", 15000),
     ("postcodes_ch.tsv", r"[1-9]\d{3}", 3000), ("postcodes_li.tsv", r"94\d\d", 10)],
)  # fmt: skip
def test_postcode_lists_are_code_tab_place_with_localities_marked(name: str, code: str, minimum: int) -> None:
    lines = entries(name)
    assert len(lines) > minimum  # GeoNames code-locality pairs, not only municipalities
    for line in lines:
        fields = line.split("\t")
        assert re.fullmatch(code, fields[0]) and len(fields) in (2, 3), line
        assert fields[1].strip() == fields[1] and fields[1][0].isupper(), line
        assert fields[2:] in ([], ["locality"]), line
        assert not re.search(r"GmbH|\bAG\b|\d", fields[1]), line  # no bulk customer's company


def test_postcode_lists_hold_the_towns_addresses_use() -> None:
    rows = {
        tuple(line.split("\t")) for name in ("at", "de", "ch") for line in entries(f"postcodes_{name}.tsv")
    }
    for town in [("6020", "Innsbruck"), ("1010", "Wien"), ("1160", "Wien"), ("8010", "Graz"),
                 ("20095", "Hamburg"), ("80331", "München"), ("8001", "Zürich")]:  # fmt: skip
        assert town in rows, town
    assert ("1160", "Ottakring", "locality") in rows  # a district, from "Wien, Ottakring"
    # A hamlet within a municipality is marked: only a strong cue makes it a place in text.
    assert any(len(row) == 3 for row in rows)


@pytest.mark.parametrize("name", ["first_names.txt", "surnames.txt"])
def test_names_are_capitalised_letters_hyphen_apostrophe_at_least_two_long(name: str) -> None:
    for line in entries(name):
        assert len(line) >= 2 and line[0].isupper() and not line.isupper(), line
        assert NAME_PATTERN.match(line) and not any(c.isdigit() for c in line), line


def test_first_names_contain_typical_austrian_and_turkish_names() -> None:
    names = set(entries("first_names.txt"))
    for name in ("Johann", "Anna", "Maria", "Josef", "Mehmet", "Ayşe", "Ayse", "Emine", "Fatma"):
        assert name in names, name


def test_first_names_contain_names_of_other_immigrant_groups() -> None:
    names = set(entries("first_names.txt"))
    for name in ("Dragan", "Jelena", "Ahmad", "Mohammed", "Agnieszka", "Ionut", "Zoltán"):
        assert name in names, name


def test_surnames_contain_austrian_german_and_immigrant_surnames() -> None:
    names = set(entries("surnames.txt"))
    for name in ("Huber", "Gruber", "Schmidt", "Müller", "Yılmaz", "Yilmaz", "Kovačević", "Kovacevic"):
        assert name in names, name


def test_every_first_name_has_exactly_one_gender_m_f_or_u() -> None:
    first = entries("first_names.txt")
    genders = dict(line.split("\t") for line in entries("first_names_gender.tsv"))
    assert sorted(genders) == first
    assert set(genders.values()) <= {"m", "f", "u"}
    assert genders["Johann"] == "m" and genders["Anna"] == "f" and genders["Mehmet"] == "m"


def test_common_words_are_lower_case() -> None:
    for word in entries("common_words.txt"):
        assert word == word.lower(), word


def test_common_words_contain_the_traps() -> None:
    words = set(entries("common_words.txt"))
    traps = ("spaziergang", "die", "sehr", "bitte", "heute", "danke", "kollegin", "pain", "update")
    ambiguous_names = ("koch", "bauer", "wolf", "herz", "rumpf")
    for word in traps + ambiguous_names:
        assert word in words, word


def test_common_words_contain_no_typical_surname_that_is_not_a_german_noun() -> None:
    words = set(entries("common_words.txt"))
    for name in ("schmidt", "huber", "gruber", "müller", "meier", "pichler", "yilmaz", "mehmet", "anna"):
        assert name not in words, name


def test_eponyms_contain_parkinson_and_marfan() -> None:
    eponyms = set(entries("eponyms.txt"))
    assert {"Parkinson", "Marfan", "Alzheimer", "Crohn"} <= eponyms


def test_medical_sites_contain_tyrolean_and_major_hospitals() -> None:
    sites = set(entries("medical_sites.txt"))
    expected = {"LKH Innsbruck", "BKH Schwaz", "KH Zams", "Sanatorium Kettenbrücke", "AKH Wien", "Charité"}
    assert expected <= sites


def test_site_prefixes_are_generic_words_without_places() -> None:
    prefixes = set(entries("site_prefixes.txt"))
    assert {"LKH", "BKH", "Klinikum", "Krankenhaus", "Sanatorium", "Rehabilitationszentrum"} <= prefixes
    # Generic words of a kind of house, a few of several words ("Memory Clinic", "Centre
    # Hospitalier"): no word of an entry is a place, which belongs in medical_sites.txt ("LKH Linz").
    places = {
        row.split("\t")[1].lower()
        for name in ("postcodes_at.tsv", "postcodes_de.tsv", "postcodes_ch.tsv")
        for row in entries(name)
    }
    assert not [
        prefix for prefix in prefixes if " " in prefix and any(w.lower() in places for w in prefix.split())
    ]


def test_readme_lists_every_dictionary_file() -> None:
    readme = (DICT_DIR / "README.md").read_text(encoding="utf-8")
    for name in DICTIONARY_FILES:
        assert f"`{name}`" in readme, f"{name} missing from dictionaries/README.md (re-run the build script)"


def test_readme_counts_match_the_files() -> None:
    readme = (DICT_DIR / "README.md").read_text(encoding="utf-8")
    for name in DICTIONARY_FILES:
        row = re.search(rf"^\| `{re.escape(name)}` \|.*\| (\d+) \|[^|]*\|$", readme, re.M)
        assert row, f"no count for {name} in dictionaries/README.md"
        assert int(row.group(1)) == len(entries(name)), f"stale count for {name}: re-run the build script"


def test_readme_states_share_alike_licences() -> None:
    readme = (DICT_DIR / "README.md").read_text(encoding="utf-8")
    assert "CC BY-SA 4.0" in readme
    assert "GNU Free" in readme or "GNU FDL" in readme
