"""Literal words as one regex alternation shaped as a trie: ``Klinik(?:um(?:s)?)?|LKH``.

Why: Python's regex engine tries the branches of ``Klinikum|Klinik|LKH|...`` one after the
other at every position it is asked about. With a few hundred site words that is a few hundred
branch tests per attempt, most failing on their first letter. Shared prefixes written once (a
trie) reach the matching word in about as many steps as it has letters.

What matches is what the longest-first alternation (words sorted by length, longest first)
matches, also before a following condition such as ``(?![\\w])``: two words that both match at
one position are a word and its prefix, so they lie on one path of the trie, and every optional
tail is greedy, so the longer one is tried first and the shorter one after it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["trie_alternation"]

_END = ""  # the key that marks the end of a word in a trie node


def trie_alternation(words: Iterable[str]) -> str:
    """A regex (no outer group) matching exactly the ``words``, longest first; the empty
    pattern for no words. Every character is escaped."""
    root: dict[str, dict] = {}
    for word in words:
        if not word:
            continue
        node = root
        for char in word:
            node = node.setdefault(char, {})
        node[_END] = {}
    return _pattern(root)


def _pattern(node: dict[str, dict]) -> str:
    branches = []
    for char in sorted(key for key in node if key != _END):
        # a chain of single children is written as one literal run: "Krankenhaus", not a group
        # per letter
        run, child = re.escape(char), node[char]
        while len(child) == 1 and _END not in child:
            ((char, child),) = child.items()
            run += re.escape(char)
        branches.append(run + _pattern(child))
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return f"(?:{body})?" if _END in node else body
