"""Guarantees of pre-processing (the matching view and its map back to the original text),
sentence rules, token counting and spelling-variant folding."""

from __future__ import annotations

import re
import sys
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deid_cli.detection.lexicon.lists import load_bundled
from deid_cli.detection.normalize import fold, reference_key, spelling_variants, within_one_edit
from deid_cli.detection.text import (
    SentenceRules,
    count_tokens,
    lower_same_length,
    prepare,
    tokens,
)

ABBREVIATIONS = load_bundled().abbreviations
RULES = SentenceRules(ABBREVIATIONS)


def view_to_original(text: str, needle: str) -> str:
    """The original text behind the first occurrence of ``needle`` in the matching view."""
    prepared = prepare(text)
    start = prepared.view.index(needle)
    o_start, o_end = prepared.to_original(start, start + len(needle))
    return text[o_start:o_end]


# --- prepare ------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["Frau Zirbleitner kommt.", "Ärztin Hofbrünninger, Straße 3", "", "İ"])
def test_plain_text_takes_the_fast_path_with_identity_mapping(text: str) -> None:
    prepared = prepare(text)
    assert prepared.view == text
    assert prepared.starts is None
    assert prepared.to_original(0, len(text)) == (0, len(text))


def test_inline_html_tags_are_blanked_with_the_same_length() -> None:
    # (a line break or a closing block tag ends the line instead: test_export_forms)
    text = "<b>Frau Zirbleitner</b><span></span>"
    prepared = prepare(text)
    assert prepared.view == " " * len("<b>") + "Frau Zirbleitner" + " " * len("</b><span></span>")


def test_html_comment_is_blanked_entirely() -> None:
    comment = "<!-- Frau Zirbleitner -->"
    assert prepare(f"a{comment}b").view == "a" + " " * len(comment) + "b"


def test_entities_are_decoded_for_matching() -> None:
    prepared = prepare("Frau M&uuml;ller &amp; Herr Zirble&#105;tner&#x21;")
    assert prepared.view == "Frau Müller & Herr Zirbleitner!"
    assert prepared.lower == "frau müller & herr zirbleitner!"


def test_span_over_a_decoded_entity_maps_to_the_whole_entity() -> None:
    text = "Frau M&uuml;ller-Zirbleitner<br>kommt"
    assert view_to_original(text, "Müller") == "M&uuml;ller"
    assert view_to_original(text, "Zirbleitner") == "Zirbleitner"
    assert view_to_original(text, "kommt") == "kommt"


def test_unknown_entities_and_bare_angle_brackets_are_left_alone() -> None:
    for text in ("CRP < 5 & INR > 2", "&foo; &amp ohne Semikolon"):
        prepared = prepare(text)
        assert prepared.view == text


def test_entity_inside_a_tag_attribute_is_not_decoded_separately() -> None:
    text = '<a title="&uuml;">Zirbleitner</a>'
    prepared = prepare(text)
    assert prepared.view.strip() == "Zirbleitner"
    assert view_to_original(text, "Zirbleitner") == "Zirbleitner"


def test_decomposed_umlaut_is_composed_for_matching_and_maps_back() -> None:
    text = unicodedata.normalize("NFD", "Frau Hofbrünninger kommt")
    prepared = prepare(text)
    assert prepared.view == "Frau Hofbrünninger kommt"
    assert len(prepared.view) == len(text) - 1
    assert view_to_original(text, "Hofbrünninger") == "Hofbru\u0308nninger"
    assert view_to_original(text, "kommt") == "kommt"


def test_decomposed_text_with_entities_maps_back() -> None:
    text = "O\u0308sterreich &amp; Hofbru\u0308nninger<br>"
    assert view_to_original(text, "Hofbrünninger") == "Hofbru\u0308nninger"
    assert view_to_original(text, "Österreich") == "O\u0308sterreich"


@pytest.mark.parametrize("text", ["İstanbul Frau Zirbleitner", "İİİ Zirbleitner", "ẞ İ Ǆ Zirbleitner"])
def test_lower_view_has_the_same_length_as_the_view(text: str) -> None:
    prepared = prepare(text)
    assert len(prepared.lower) == len(prepared.view)
    start = prepared.lower.index("zirbleitner")
    assert prepared.view[start : start + 11] == "Zirbleitner"


def test_lower_same_length_keeps_only_the_characters_that_would_grow() -> None:
    assert len("İ".lower()) == 2
    assert lower_same_length("İSTANBUL Ärzte") == "İstanbul ärzte"
    assert lower_same_length("ABC") == "abc"


PIECES = st.sampled_from([*"aäoöuüAÖ İ<>&;#x1b/ \n", "&amp;", "&auml;", "<br>", "u\u0308", "&#105;"])


@given(st.lists(PIECES, max_size=40))
def test_mapping_is_monotonic_and_within_the_original(pieces: list[str]) -> None:
    text = "".join(pieces)
    prepared = prepare(text)
    assert len(prepared.lower) == len(prepared.view)
    previous = 0
    for i in range(len(prepared.view)):
        start, end = prepared.to_original(i, i + 1)
        assert previous <= start < end <= len(text)
        previous = start


@given(
    st.lists(
        st.sampled_from([*"aouAOU xn", "a\u0308", "o\u0308", "u\u0308", "U\u0308", "e\u0301"]), max_size=30
    )
)
def test_each_composed_view_character_maps_to_exactly_its_decomposed_original(pieces: list[str]) -> None:
    text = "".join(pieces)
    prepared = prepare(text)
    assert prepared.view == unicodedata.normalize("NFC", text)
    for i, char in enumerate(prepared.view):
        start, end = prepared.to_original(i, i + 1)
        assert unicodedata.normalize("NFC", text[start:end]) == char
    assert prepared.to_original(0, len(prepared.view)) == (0, len(text))


# --- sentence rules ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Zirbleitner kommt", True),
        ("Befund: Zirbleitner", True),
        ("Er kam gestern.\nZirbleitner", True),
        ("Das war gut. Zirbleitner", True),
        ("Wirklich! Zirbleitner", True),
        ("Warum? Zirbleitner", True),
        ("Er kam. - Zirbleitner", True),
        ("• Zirbleitner", True),
        ("Heute Dr. Zirbleitner", False),
        ("Heute z.B. Zirbleitner", False),
        ("Das sind ca. Zirbleitner", False),
        ("Gesehen von A. Zirbleitner", False),
        ("Gesehen lt. Zirbleitner", False),
        ("heute kam Zirbleitner", False),
        ("Danach, Zirbleitner", False),
    ],
)
def test_sentence_start_honours_abbreviations_and_real_sentence_ends(text: str, expected: bool) -> None:
    assert RULES.is_sentence_start(text, text.index("Zirbleitner")) is expected


def test_sentence_rules_accept_abbreviations_with_or_without_dot() -> None:
    rules = SentenceRules(["Stat.", "bzw"])
    assert rules.is_sentence_start("Auf Stat. Zirbleitner", 10) is False
    assert rules.is_sentence_start("Auf bzw. Zirbleitner", 9) is False
    assert rules.is_sentence_start("Auf Station. Zirbleitner", 13) is True


def test_split_does_not_break_after_abbreviations() -> None:
    text = "Dr. Zirbleitner kam. Danach z.B. Ruhe. Ende"
    assert [text[s:e] for s, e in RULES.split(text)] == [
        "Dr. Zirbleitner kam.",
        "Danach z.B. Ruhe.",
        "Ende",
    ]


def test_split_breaks_at_line_ends() -> None:
    text = "Anamnese\nkeine Beschwerden\n\nBefund unauffällig"
    assert [text[s:e].strip() for s, e in RULES.split(text)] == [
        "Anamnese",
        "keine Beschwerden",
        "Befund unauffällig",
    ]


# --- tokens ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("", 0),
        ("   \n ", 0),
        ("Frau Dr. Zirbleitner", 3),
        ("Müller-Lüdenscheid", 2),
        ("RR 135/85, HF 72", 5),
        ("Frau Dr. Zirbleitner, 12.03.2024: RR 135/85", 9),
    ],
)
def test_count_tokens_counts_word_tokens(text: str, count: int) -> None:
    assert count_tokens(text) == count


def test_count_tokens_sees_every_character_as_the_word_regex_does() -> None:
    # count_tokens classifies characters without the regex (Latin-1 by a table, the rest as
    # no word character unless a word character beyond Latin-1 hands the note to the regex):
    # each of the 1.1 M code points, surrogates too, must count as \w says.
    word = re.compile(r"\w")
    every = [chr(code) for code in range(sys.maxunicode + 1)]
    for char in every[:256]:
        assert count_tokens(f"-{char}-a") == (2 if word.match(char) else 1), hex(ord(char))
    beyond = every[256:]
    non_words = [char for char in beyond if not word.match(char)]
    assert count_tokens("a".join(non_words)) == len(non_words) - 1
    for char in beyond:
        if word.match(char):
            assert count_tokens(f"-{char}-a") == 2, hex(ord(char))


@given(st.text(alphabet=st.sampled_from("aZ9_ -.,\n\tüßÄé–„“€²½Łπ\u00a0\u200b\u0301😀\ud800"), max_size=40))
def test_count_tokens_equals_the_number_of_word_regex_matches(text: str) -> None:
    assert count_tokens(text) == len(re.findall(r"\w+", text))


def test_tokens_gives_word_offsets() -> None:
    text = "Frau Dr. Müller-X, 3 mg"
    assert [text[s:e] for s, e in tokens(text)] == ["Frau", "Dr", "Müller", "X", "3", "mg"]


# --- fold / reference_key / spelling_variants ------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Müller", "Mueller"),
        ("MÜLLER", "mueller"),
        ("Strauß", "Strauss"),
        ("STRAUẞ", "strauss"),
        ("Ärztin", "aerztin"),
        ("Öztürk", "Oeztuerk"),
    ],
)
def test_fold_maps_both_spellings_to_one_key(a: str, b: str) -> None:
    assert fold(a) == fold(b)


def test_fold_keeps_different_names_apart() -> None:
    assert fold("Müller") != fold("Muller")
    assert fold("Mair") != fold("Maier")


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Müller", "mueller"),
        ("  Müller. ", "mueller"),
        ("„Müller-Lüdenscheid“, ", "mueller-luedenscheid"),
        ("Anna\n  Maier", "anna maier"),
        ("(Strauß)", "strauss"),
    ],
)
def test_reference_key_folds_strips_edge_punctuation_and_collapses_spaces(text: str, key: str) -> None:
    assert reference_key(text) == key


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ("Müller", {"müller", "mueller"}),
        ("Mueller", {"müller", "mueller"}),
        ("Strauß", {"strauß", "strauss"}),
        ("Strauss", {"strauß", "strauss"}),
        ("Anna", {"anna"}),
    ],
)
def test_spelling_variants_cover_both_directions(entry: str, expected: set[str]) -> None:
    assert spelling_variants(entry) == expected


def test_spelling_variants_of_umlaut_and_sharp_s_include_all_written_forms() -> None:
    variants = spelling_variants("Größ")
    assert {"größ", "groess"} <= variants
    assert all(fold(v) == "groess" for v in variants)


@given(st.text(alphabet="aeouäöüßsAÄÖÜnrm", min_size=1, max_size=12))
def test_every_spelling_variant_folds_to_the_same_key(entry: str) -> None:
    variants = spelling_variants(entry)
    assert entry.lower() in variants
    assert {fold(v) for v in variants} == {fold(entry)}


def _osa_distance(a: str, b: str) -> int:
    """Optimal string alignment distance by the textbook dynamic programme (the reference)."""
    rows = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        rows[i][0] = i
    for j in range(len(b) + 1):
        rows[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
    return rows[-1][-1]


@given(st.text("abcü", max_size=7), st.text("abcü", max_size=7))
def test_within_one_edit_is_an_osa_distance_of_at_most_one(a: str, b: str) -> None:
    assert within_one_edit(a, b) == (_osa_distance(a, b) <= 1)


@pytest.mark.parametrize(
    ("a", "b", "close"),
    [("huber", "hubr", True), ("huber", "hbuer", True), ("huber", "hueber", True), ("huber", "hubex", True),
     ("huber", "hbeur", False), ("huber", "hu", False), ("huber", "reuhb", False)],
)  # fmt: skip
def test_within_one_edit_on_names(a: str, b: str, close: bool) -> None:
    assert within_one_edit(a, b) is close
