"""The cue phrases around a bare word: two words on its line, one blank apart, the nearer one in
lower case and not tying the word to a noun phrase. All text is invented."""

from __future__ import annotations

import pytest

from deid_cli.detection.grammar.cues import left_cue, right_cue


def _at(text: str, word: str) -> tuple[int, int]:
    start = text.index(word)
    return start, start + len(word)


def test_a_cue_is_the_two_words_before_or_after_the_word_lower_cased() -> None:
    text = "Nachricht: Rückfrage bei Quirchmayr wegen Befund."
    start, end = _at(text, "Quirchmayr")
    assert left_cue(text, start) == "<rückfrage bei"
    assert right_cue(text, end) == ">wegen befund"


@pytest.mark.parametrize(
    "text",
    [
        "Gespräch mit der Quirchmayr heute",  # an article: a noun phrase
        "Kontrolle von Ramipril und Quirchmayr heute",  # a list of things
        "Rückfrage bei, Quirchmayr heute",  # punctuation between
        "Rückfrage  bei Quirchmayr heute",  # not one blank apart
        "Rückfrage\nbei Quirchmayr heute",  # across a line
        "Quirchmayr heute",  # nothing before it
        "Befund Labor Quirchmayr heute",  # the nearer word is a noun
    ],
)
def test_no_left_cue_where_the_words_before_do_not_point_at_a_name(text: str) -> None:
    assert left_cue(text, _at(text, "Quirchmayr")[0]) is None


@pytest.mark.parametrize(
    "text",
    [
        "heute Quirchmayr und Tochter",  # a list
        "heute Quirchmayr, ruft an",  # punctuation
        "heute Quirchmayr Befund liegt vor",  # a noun follows
        "heute Quirchmayr ruft",  # one word only
        "heute Quirchmayr ruft\nan",  # across a line
    ],
)
def test_no_right_cue_where_the_words_after_do_not_point_at_a_name(text: str) -> None:
    assert right_cue(text, _at(text, "Quirchmayr")[1]) is None


def test_the_second_word_of_a_cue_is_taken_whole() -> None:
    text = "heute Quirchmayr ruft morgenfrüh zurück"
    assert right_cue(text, _at(text, "Quirchmayr")[1]) == ">ruft morgenfrüh"
