"""Guarantees of the dictionaries: the user's file formats, corrections files, errors that cite
the file but never its content, whole-word matching with spelling variants, membership bits
and the word tests the maskers rely on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deid_cli.detection.lexicon.lexicon import (
    COMMON,
    CORRECTION,
    EPONYM,
    FIRST,
    HCP_LIST,
    KEEP,
    LEARNED,
    PATIENT,
    PERSON,
    SITE,
    SURNAME,
    Lexicon,
    build_learned_automaton,
    iter_hits,
    match_view,
)
from deid_cli.detection.lexicon.lists import (
    Corrections,
    LexiconSources,
    bundled_dictionary_dir,
    load_bundled,
    load_corrections,
    load_name_file,
    name_parts,
)
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.runtime.user_files import ConfigError

SECRET = "Geheimnamezirbleitner"


def small_lexicon(**kwargs) -> Lexicon:
    defaults = {
        "first_names": ["Anna", "Lukas"],
        "surnames": ["Müller", "Strauß", "Koch", "Parkinson"],
        "common_words": ["koch", "gewicht", "schwindel", "kontrolle", "rumpf"],
        "eponyms": ["Parkinson"],
        "titles": ["Dr.", "Univ.-Prof."],
        "abbreviations": ["z.B.", "Pat."],
        "salutations": [("Frau", "personal")],
    }
    defaults.update(kwargs)
    return Lexicon(LexiconSources(**defaults))


def hits(lexicon: Lexicon, text: str) -> list[tuple[str, int]]:
    return [(text[h.start : h.end], h.bits) for h in lexicon.find(text.lower())]


# --- the user's name files --------------------------------------------------------------------


def test_json_list_of_names(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps(["Zirbleitner", " Hofbrunninger ", ""]), encoding="utf-8")
    assert load_name_file(path) == ["Zirbleitner", "Hofbrunninger"]


def test_json_object_with_names_key(tmp_path: Path) -> None:
    path = tmp_path / "p.JSON"
    path.write_text(json.dumps({"names": ["Zirbleitner"], "other": 1}), encoding="utf-8")
    assert load_name_file(path) == ["Zirbleitner"]


def test_text_file_skips_blank_lines_comments_and_bom(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_bytes("\ufeff# Patienten\nZirbleitner\n\n   Hofbrünninger  \r\n".encode())
    assert load_name_file(path) == ["Zirbleitner", "Hofbrünninger"]


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_csv_uses_the_name_column_with_any_common_delimiter(tmp_path: Path, delimiter: str) -> None:
    path = tmp_path / "p.csv"
    rows = ["id", "name", "station"], ["1", "Zirbleitner", "3"], ["2", " Hofbrunninger ", "4"], ["3", "", "5"]
    path.write_text("\n".join(delimiter.join(r) for r in rows) + "\n", encoding="utf-8")
    assert load_name_file(path) == ["Zirbleitner", "Hofbrunninger"]


def test_csv_keeps_quoted_names_with_the_delimiter_inside(tmp_path: Path) -> None:
    path = tmp_path / "p.csv"
    path.write_text('name,station\n"Zirbleitner, Wendolin",3\nHofbrunninger,4\n', encoding="utf-8")
    assert load_name_file(path) == ["Zirbleitner, Wendolin", "Hofbrunninger"]


@pytest.mark.parametrize(
    ("suffix", "content", "message"),
    [
        (".json", json.dumps({"names": [SECRET, 3]}), "expected a list of strings"),
        (".json", json.dumps({"patients": [SECRET]}), "expected a list of strings"),
        (".json", SECRET + "{", "invalid JSON"),
        (".csv", f"id,vorname\n1,{SECRET}\n", "CSV needs a 'name' column"),
    ],
)
def test_unusable_name_file_raises_config_error_citing_file_not_content(
    tmp_path: Path, suffix: str, content: str, message: str
) -> None:
    path = tmp_path / f"list{suffix}"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_name_file(path)
    assert message in str(info.value)
    assert str(path) in str(info.value)
    assert SECRET not in str(info.value)


def test_non_utf8_text_file_raises_config_error(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_bytes(f"{SECRET}ö\n".encode("latin-1"))
    with pytest.raises(ConfigError, match="not valid UTF-8") as info:
        load_name_file(path)
    assert SECRET not in str(info.value)


def test_missing_name_file_raises_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read"):
        load_name_file(tmp_path / "missing.txt")


@pytest.mark.parametrize(
    ("entry", "parts"),
    [
        ("Anna-Lena Müller", ["Anna", "Lena", "Müller"]),
        ("Müller, Anna; Strauß / Koch", ["Müller", "Anna", "Strauß", "Koch"]),
        ("O'Brien", ["O'Brien"]),
        ("A Zirbleitner", ["Zirbleitner"]),
        ("Zirbleitner 3", ["Zirbleitner"]),
    ],
)
def test_name_parts_split_full_names_into_name_words(entry: str, parts: list[str]) -> None:
    assert name_parts(entry) == parts


# --- corrections files ------------------------------------------------------------------------


def test_toml_corrections_with_types_default_and_keep(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text(
        'keep = ["Koch", " "]\n'
        'mask = [{text = " Station Sonnenschein ", type = "sit"}, {text = "Zirbleitner"}]\n',
        encoding="utf-8",
    )
    result = load_corrections(path)
    assert result.mask == [("Station Sonnenschein", "SIT"), ("Zirbleitner", "PER")]
    assert result.keep == ["Koch"]


def test_json_corrections(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"mask": [{"text": "Zirbleitner", "type": "HCP"}]}), encoding="utf-8")
    assert load_corrections(path) == Corrections(mask=[("Zirbleitner", "HCP")], keep=[])


@pytest.mark.parametrize(
    ("suffix", "content", "message"),
    [
        (".json", json.dumps({"mask": [{"text": SECRET, "type": "NAME"}]}), "unknown type"),
        (".json", json.dumps({"mask": [{"text": "  ", "type": "PER"}]}), "needs a non-empty 'text'"),
        (".json", json.dumps({"mask": [SECRET]}), "needs a non-empty 'text'"),
        (".json", json.dumps([SECRET]), "expected a table"),
        (".toml", f'keep = "{SECRET}"', "'keep' must be a list of strings"),
        (".json", json.dumps({"mask": 3, "note": SECRET}), "'mask' must be a list"),
        (".toml", f"mask = [{SECRET}", "invalid TOML"),
    ],
)
def test_bad_corrections_raise_config_error_citing_file_not_content(
    tmp_path: Path, suffix: str, content: str, message: str
) -> None:
    path = tmp_path / f"c{suffix}"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_corrections(path)
    assert message in str(info.value)
    assert str(path) in str(info.value)
    assert SECRET not in str(info.value)


# --- matching ----------------------------------------------------------------------------------


def test_find_returns_whole_words_only() -> None:
    lexicon = small_lexicon()
    assert hits(lexicon, "Annabell, Anna, Anna-Lena, Lukasz, (Lukas)") == [
        ("Anna", FIRST),
        ("Anna", FIRST),
        ("Lukas", FIRST),
    ]


@pytest.mark.parametrize("form", ["Müller", "Mueller", "MÜLLER", "müller", "MUELLER"])
def test_find_matches_all_spelling_variants_of_an_entry(form: str) -> None:
    assert hits(small_lexicon(), f"Heute {form}.") == [(form, SURNAME)]


@pytest.mark.parametrize("form", ["Strauß", "Strauss", "STRAUSS"])
def test_find_matches_sharp_s_and_ss(form: str) -> None:
    assert hits(small_lexicon(), f"{form} kommt") == [(form, SURNAME)]


def test_find_does_not_confuse_near_spellings() -> None:
    assert hits(small_lexicon(), "Muller und Mülller und Straus") == []


def test_membership_bits_combine_lists_and_mark_ambiguous_words() -> None:
    lexicon = small_lexicon(patients=["Anna Zirbleitner"], hcps=["Lukas"], persons=["Hofbrunninger"])
    found = dict(hits(lexicon, "Anna Zirbleitner Lukas Hofbrunninger Koch Parkinson"))
    assert found["Anna"] == FIRST | PATIENT
    assert found["Zirbleitner"] == PATIENT
    assert found["Lukas"] == FIRST | HCP_LIST
    assert found["Hofbrunninger"] == PERSON
    assert found["Koch"] == SURNAME | COMMON
    assert found["Parkinson"] == SURNAME | EPONYM


def test_the_detectors_scan_leaves_out_names_that_only_an_ordinary_word_or_eponym_share() -> None:
    lexicon = small_lexicon(patients=["Anna Zirbleitner"], hcps=["Lukas"], persons=["Hofbrunninger"])
    text = "Anna Zirbleitner Lukas Hofbrunninger Koch Parkinson"
    scanned = [text[h.start : h.end] for h in lexicon.find_in(match_view(text.lower()))]
    assert scanned == ["Anna", "Zirbleitner", "Lukas", "Hofbrunninger"]  # NameDictionary skips the rest
    everything = [text[h.start : h.end] for h in lexicon.find_in(match_view(text.lower()), ambiguous=True)]
    assert everything == [*scanned, "Koch", "Parkinson"]


def test_multi_word_site_matches_across_any_separator_but_not_inside_words() -> None:
    lexicon = small_lexicon(sites=["LKH Innsbruck"])
    assert [t for t, b in hits(lexicon, "ins LKH Innsbruck, LKH-Innsbruck") if b & SITE] == [
        "LKH Innsbruck",
        "LKH-Innsbruck",
    ]
    assert hits(lexicon, "LKH Innsbrucker Straße") == []


def test_keep_and_corrections_get_their_bits_and_type() -> None:
    corrections = Corrections(mask=[("Station Sonnenschein", "SIT")], keep=["Anna"])
    lexicon = small_lexicon(keep=["Lukas"], corrections=corrections)
    found = hits(lexicon, "Anna Lukas Station Sonnenschein")
    assert found[0] == ("Anna", FIRST | KEEP)
    assert found[1] == ("Lukas", FIRST | KEEP)
    [correction] = [h for h in lexicon.find("anna lukas station sonnenschein") if h.bits & CORRECTION]
    assert correction.correction_type == "SIT"
    assert lexicon.keep_words == frozenset({"anna", "lukas"})


def test_match_view_keeps_length_and_turns_punctuation_into_spaces() -> None:
    lower = "frau dr. müller-x, (anna)"
    view = match_view(lower)
    assert len(view) == len(lower) + 2
    assert view == " frau dr  müller x   anna  "


def test_empty_lexicon_still_works() -> None:
    lexicon = Lexicon(LexiconSources())
    assert lexicon.find("frau zirbleitner") == []
    assert not lexicon.is_listed_name("Zirbleitner")


# --- word tests -----------------------------------------------------------------------------------


def test_is_listed_name_folds_spelling_and_includes_user_lists() -> None:
    lexicon = small_lexicon(patients=["Zirbleitner"])
    assert lexicon.is_listed_name("Mueller")
    assert lexicon.is_listed_name("ZIRBLEITNER")
    assert lexicon.is_listed_name("Strauss")
    assert not lexicon.is_listed_name("Hofbrunninger")


def test_is_title_covers_titles_and_salutations_and_abbreviations_are_kept_apart() -> None:
    lexicon = small_lexicon()
    for word in ("Dr", "Prof", "Univ", "Frau"):
        assert lexicon.is_title(word), word
    assert not lexicon.is_title("Anna")
    # Abbreviations count only where written with their full stop: "max." yes, "Max" no.
    assert {"z", "pat"} <= lexicon.abbreviation_words
    assert not lexicon.is_title("Pat")


@pytest.mark.parametrize("word", ["Gewiccht", "Schwndel", "Kontrole", "Kontrollle", "Schwindel"])
def test_near_common_recognises_one_edit_typos_of_common_words(word: str) -> None:
    assert small_lexicon().near_common(word)


@pytest.mark.parametrize("word", ["Zirbleitner", "Rumpx", "Gewxxcht", "Wendolin"])
def test_near_common_rejects_words_two_edits_away_and_short_near_misses(word: str) -> None:
    assert not small_lexicon().near_common(word)


# --- bundled lists and build_lexicon -----------------------------------------------------------


def test_bundled_lists_load_with_salutation_kinds_and_places() -> None:
    assert (bundled_dictionary_dir() / "first_names.txt").is_file()
    sources = load_bundled()
    kinds = dict(sources.salutations)
    assert kinds["Frau"] == "personal"
    assert kinds["LG"] == "signoff"
    assert kinds["Pat."] == "patient"
    assert kinds["Tochter"] == "relative"
    assert "Dr." in sources.titles
    assert {"Innsbruck", "Schwaz", "Bad Häring"} <= set(sources.places)
    assert "LKH" in sources.site_prefixes


def test_load_bundled_treats_missing_files_as_empty(tmp_path: Path) -> None:
    (tmp_path / "first_names.txt").write_text("Wendolin\n", encoding="utf-8")
    (tmp_path / "salutations.txt").write_text("Frau\tpersonal\nHallo\n", encoding="utf-8")
    (tmp_path / "postcodes_at.tsv").write_text("6020\tInnsbruck\n9999\n", encoding="utf-8")
    sources = load_bundled(tmp_path)
    assert sources.first_names == ["Wendolin"]
    assert sources.surnames == []
    assert sources.salutations == [("Frau", "personal"), ("Hallo", "personal")]
    assert sources.places == ["Innsbruck"]


def test_build_lexicon_merges_user_files_of_every_format(tmp_path: Path) -> None:
    (tmp_path / "p.json").write_text('{"names": ["Zirbleitner"]}', encoding="utf-8")
    (tmp_path / "h.txt").write_text("Hofbrunninger\n", encoding="utf-8")
    (tmp_path / "x.csv").write_text("name;id\nQuendelhofer;1\n", encoding="utf-8")
    (tmp_path / "c.toml").write_text('keep = ["Wendolin"]', encoding="utf-8")
    options = DictionaryOptions(
        patients=[tmp_path / "p.json"],
        hcps=[tmp_path / "h.txt"],
        persons=[tmp_path / "x.csv"],
        corrections=[tmp_path / "c.toml"],
    )
    lexicon = build_lexicon(options)
    bits = dict(hits(lexicon, "Zirbleitner Hofbrunninger Quendelhofer Wendolin"))
    assert bits == {
        "Zirbleitner": PATIENT,
        "Hofbrunninger": HCP_LIST,
        "Quendelhofer": PERSON,
        "Wendolin": KEEP,
    }


def test_learned_automaton_matches_spelling_variants_and_is_none_when_empty() -> None:
    assert build_learned_automaton([]) is None
    automaton = build_learned_automaton(["mueller", "zirbleitner"])
    assert automaton is not None
    text = "müller, Mueller und Zirbleitner-Hof"
    found = [text[h.start : h.end] for h in iter_hits(automaton, match_view(text.lower()))]
    assert found == ["müller", "Mueller", "Zirbleitner"]
    assert all(h.bits == LEARNED for h in iter_hits(automaton, match_view(text.lower())))


# --- place endings, learned from the gazetteer --------------------------------------------------


def test_place_endings_are_those_the_gazetteer_has_and_ordinary_words_lack() -> None:
    from deid_cli.detection.patterns.place_index import has_place_ending, place_endings

    places = [f"{head}{n}dorf" for head in ("quirn", "zirb", "lärch", "fichtel", "moosl") for n in "abcdefg"]
    common = frozenset({"ordnung", "wohnung", "zeitung", "dorf"})
    endings = place_endings(places, common)
    assert has_place_ending("zirbenmoosdorf", endings)
    assert not has_place_ending("wohnung", endings)
    assert not has_place_ending("rf", endings)  # letters must come before the ending


def test_the_bundled_gazetteer_teaches_the_usual_endings_of_german_places() -> None:
    from deid_cli.detection.patterns.place_index import has_place_ending

    endings = build_lexicon(DictionaryOptions()).public.place_index.endings
    for village in ("Quirnhausen", "Zirbenau", "Lärchingen", "Mooslach", "Fichtelsdorf", "Quirnberg"):
        assert has_place_ending(village.lower(), endings), village
    for noun in ("Sedoanalgesie", "Untersuchung", "Patientin", "Kontrolle"):
        assert not has_place_ending(noun.lower(), endings), noun
