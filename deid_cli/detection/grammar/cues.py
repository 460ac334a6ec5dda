"""Cues: the two words around a bare capitalized word, which corpus-wide learning weighs.

A ward writes the same phrases around its names again and again ("Rückruf bei X wegen …",
"X ruft morgen zurück"). Pass 1 notes the cue phrases of every name-like word; where names it
proved elsewhere stand bare, their cues become evidence, and pass 2 masks unknown words found
in them (``learning.NameLearner.learned_cues``, ``maskers.corpus_context``). A cue is two words
on the word's line, one blank apart: before it ("bei" as the nearer word, ``left_cue``) or after
it ("ruft morgen", ``right_cue``). The word next to the name must be lower case (a verb, a
preposition, not a noun) and must not tie it to a noun phrase (an article, "und").
"""

from __future__ import annotations

# Cue sides, as the prefix of a cue's key and as bits of the learned automaton's hits.
LEFT = "<"
RIGHT = ">"

# The longest word of a cue looked at (pass 1 asks for the cues of every name-like word, so
# plain string operations, not a regex search).
_REACH = 24

# Words that make the next capitalized word part of a noun phrase or of a list of things.
_NOUN_PHRASE = frozenset(
    {"der", "die", "das", "dem", "den", "des", "ein", "eine", "einer", "einem", "einen", "eines",
     "kein", "keine", "keinem", "keinen", "keiner", "mein", "meine", "sein", "seine", "seinem",
     "seinen", "seiner", "ihr", "ihre", "ihrem", "ihren", "ihrer", "unser", "unsere", "dieser",
     "diese", "dieses", "diesem", "diesen", "jeder", "jede", "jedes", "alle", "beim", "im", "am",
     "vom", "zum", "zur", "ins", "und", "oder", "bzw", "sowie", "u", "o", "mg", "ml", "g", "i", "v"}
)  # fmt: skip


def _joins(word: str) -> bool:
    """May ``word``, written next to a bare name, be a cue word? Lower case and not a noun
    phrase's article or a list's conjunction."""
    return word[:1].islower() and word.lower() not in _NOUN_PHRASE


def _word_before(text: str, end: int) -> int:
    """Where the letters ending at ``end`` start (``end`` if none, -1 if longer than a cue word)."""
    start = end
    while start > 0 and text[start - 1].isalpha():
        start -= 1
        if end - start > _REACH:
            return -1
    return start


def _word_after(text: str, start: int) -> int:
    """Where the letters starting at ``start`` end (``start`` if none, -1 if too long)."""
    end, size = start, len(text)
    while end < size and text[end].isalpha():
        end += 1
        if end - start > _REACH:
            return -1
    return end


def left_cue(text: str, start: int) -> str | None:
    """The cue before the word at ``start`` ("<rückruf bei"), or None."""
    if start < 4 or text[start - 1] != " ":
        return None
    near = _word_before(text, start - 1)
    if near <= 1 or near == start - 1 or text[near - 1] != " ":
        return None
    far = _word_before(text, near - 1)
    if far < 0 or far == near - 1:
        return None
    word = text[near : start - 1]
    if not _joins(word):
        return None
    return f"{LEFT}{text[far : near - 1].lower()} {word.lower()}"


def right_cue(text: str, end: int) -> str | None:
    """The cue after the word ending at ``end`` (">ruft morgen"), or None."""
    if text[end : end + 1] != " ":
        return None
    near = _word_after(text, end + 1)
    if near <= end + 1 or text[near : near + 1] != " ":
        return None
    far = _word_after(text, near + 1)
    if far <= near + 1:
        return None
    word = text[end + 1 : near]
    if not _joins(word):
        return None
    return f"{RIGHT}{word.lower()} {text[near + 1 : far].lower()}"


def cue_phrase(cue: str) -> str:
    """The words of a cue without its side: what the learned automaton looks for."""
    return cue[1:]
