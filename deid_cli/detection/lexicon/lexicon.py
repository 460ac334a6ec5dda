"""The compiled lexicon: one Aho-Corasick automaton for every list, with membership bits.

Every list (first names, surnames, the user's patient/HCP/person lists, medical sites, the
keep list, manual corrections) goes into ONE automaton whose values carry membership bits,
so a note is scanned once, in C, whatever the number of lists. Keys are space-delimited
("` anna `") and the note is scanned as lower-case text with every non-word character
turned into a space, so a hit is always a whole word (or a whole phrase).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import NamedTuple

import ahocorasick

from deid_cli.detection.grammar.cues import LEFT, cue_phrase
from deid_cli.detection.lexicon.lists import (
    LexiconSources,
    name_parts,
)
from deid_cli.detection.lexicon.triggers import TRIGGER_BITS, salutation_starts, trigger_keys
from deid_cli.detection.normalize import fold, spelling_variants
from deid_cli.detection.patterns.place_index import PlaceIndex, build_place_index, has_place_ending

# Membership bits carried by automaton values.
FIRST = 1 << 0
SURNAME = 1 << 1
PATIENT = 1 << 2
HCP_LIST = 1 << 3
PERSON = 1 << 4
SITE = 1 << 5
COMMON = 1 << 6
EPONYM = 1 << 7
KEEP = 1 << 8
CORRECTION = 1 << 9
LEARNED = 1 << 10
VARIANT = 1 << 16  # (learned automaton) a word pass 1 saw that may be a one-edit variant of a learned name
CUE_LEFT = 1 << 17  # (learned automaton) a learned cue phrase before a name ("rückruf bei")
CUE_RIGHT = 1 << 18  # (learned automaton) a learned cue phrase after a name ("ruft morgen")
CUE_BITS = CUE_LEFT | CUE_RIGHT
ALIAS = 1 << 19  # (learned automaton) a learned name that is a misspelling of another
PLACE_LEARNED = 1 << 20  # (learned automaton) a place no list knows that context proved in pass 1

NAME_BITS = FIRST | SURNAME | PATIENT | HCP_LIST | PERSON
AMBIGUOUS_BITS = COMMON | EPONYM
# The public automaton stores ints (``ahocorasick.STORE_INTS``: a tenth of the pickle's load
# time of Python tuples): membership and trigger bits above the key's length.
LENGTH_BITS = 16
LENGTH_MASK = (1 << LENGTH_BITS) - 1
# Shorter words sit one edit away from some common word too often (Rosna/rosa) to call that a typo.
NEAR_COMMON_MIN_LENGTH = 6

_NON_WORD = re.compile(r"[\W_]")


class Hit(NamedTuple):
    """A whole-word dictionary match on the matching view: ``[start, end)`` plus membership.
    A tuple: notes have dozens of hits, most of them common words that are dropped at once."""

    start: int
    end: int
    bits: int
    correction_type: str | None = None


def match_view(lower: str) -> str:
    """The string the automaton scans: lower-case text, non-word characters as spaces, padded."""
    return " " + _NON_WORD.sub(" ", lower) + " "


def _key(variant: str) -> str:
    if variant.isalpha():
        return f" {variant} "
    return " " + _NON_WORD.sub(" ", variant) + " "


class _EntryTable:
    """Automaton keys with their merged membership bits, built before compiling."""

    def __init__(self) -> None:
        self.entries: dict[str, list] = {}

    def add(self, phrase: str, bits: int, correction_type: str | None = None) -> None:
        for variant in spelling_variants(phrase):
            key = _key(variant)
            if not key.strip():
                continue
            entry = self.entries.get(key)
            if entry is None:
                self.entries[key] = [len(key), bits, correction_type]
            else:
                entry[1] |= bits
                if correction_type:
                    entry[2] = correction_type

    def add_names(self, names: Iterable[str], bits: int) -> None:
        for name in names:
            for part in name_parts(name):
                self.add(part, bits)

    def mark_ambiguous(self, common: frozenset[str], eponyms: frozenset[str]) -> None:
        """Flag single words that are also common words or eponyms: they need context."""
        for key, entry in self.entries.items():
            word = key.strip()
            if " " in word:
                continue
            folded = fold(word)
            if folded in common:
                entry[1] |= COMMON
            if folded in eponyms:
                entry[1] |= EPONYM

    def name_words(self) -> frozenset[str]:
        """Every name list's single words, folded (``Lexicon.name_words``)."""
        return frozenset(_name_words(self.entries)[0])

    def compile(self, keep: Callable[[int], bool] = lambda bits: True) -> ahocorasick.Automaton | None:
        """The automaton of the entries whose bits ``keep`` accepts (None if there are none)."""
        automaton = ahocorasick.Automaton()
        for key, (length, bits, correction_type) in self.entries.items():
            if keep(bits):
                automaton.add_word(key, (length, bits, correction_type))
        if len(automaton) == 0:
            return None
        automaton.make_automaton()
        return automaton

    def compile_ints(self, keep: Callable[[int], bool]) -> ahocorasick.Automaton | None:
        """``compile`` with int values, ``bits << LENGTH_BITS | length`` (public lists only: they
        carry no correction type)."""
        automaton = ahocorasick.Automaton(ahocorasick.STORE_INTS)
        for key, (length, bits, _) in self.entries.items():
            if keep(bits):
                automaton.add_word(key, bits << LENGTH_BITS | length)
        if len(automaton) == 0:
            return None
        automaton.make_automaton()
        return automaton


def in_main_automaton(bits: int) -> bool:
    """Does a public entry go into the main automaton (the rest form the ambiguous one)?"""
    return not bits & AMBIGUOUS_BITS or bool(bits & TRIGGER_BITS) or not only_ambiguous_name(bits)


def only_ambiguous_name(bits: int) -> bool:
    """A public entry that is a name and an ordinary word or eponym, and nothing a masker or
    the typing reads from a hit: NameDictionary skips it (it needs context), and it is on no
    site or HCP list. Most hits on notes are such words ("Koch", "Wolf", "Parkinson")."""
    return bool(bits & AMBIGUOUS_BITS) and not bits & (SITE | HCP_LIST | PATIENT | KEEP | CORRECTION)


class PublicLexicon:
    """The public lists compiled: sets for context checks, one automaton for matching (whose
    keys also answer ``name_words`` and ``first_names``).

    Holds no user data, so it may be pickled to the cache (``cache.py``)."""

    def __init__(self, sources: LexiconSources) -> None:
        self.common: frozenset[str] = frozenset(fold(w) for w in sources.common_words)
        self.eponyms: frozenset[str] = frozenset(
            fold(part) for e in sources.eponyms for part in name_parts(e)
        )
        first_names = frozenset(fold(w) for w in sources.first_names)
        self.place_names: list[str] = list(dict.fromkeys(sources.places))
        # The gazetteer indexed once (and cached): the places a preposition may name ("aus X")
        # are the towns, not the localities within them.
        self.place_index: PlaceIndex = build_place_index(self.place_names, sources.towns, self.common)
        keys = {key: key for key in self.place_index.keys}  # the index's strings, stored once
        self.places: frozenset[str] = frozenset(keys.get(key, key) for key in map(fold, sources.places))
        # Countries and world regions, no place to mask: those the gazetteer does not know as a
        # place of the four countries ("Malta" is a Carinthian municipality too, and stays one).
        self.countries: frozenset[str] = frozenset(
            key for key in (fold(" ".join(c.split())) for c in sources.countries) if key not in keys
        )
        self.sites: list[str] = list(sources.sites)
        self.site_prefixes: list[str] = list(sources.site_prefixes)
        self.salutations: list[tuple[str, str]] = list(sources.salutations)
        self.titles: list[str] = list(sources.titles)
        self.abbreviations: list[str] = list(sources.abbreviations)
        self.professions: list[str] = list(sources.professions)
        self.organization_words: list[str] = list(sources.organization_words)
        # Titles and salutations are never names; abbreviations only where written with their
        # full stop ("max." is an abbreviation, "Max" a given name).
        self.title_words: frozenset[str] = frozenset(
            fold(part)
            for phrase in [*sources.titles, *(t for t, _ in sources.salutations)]
            for part in re.findall(r"\w+", phrase)
        )
        self.abbreviation_words: frozenset[str] = frozenset(
            fold(part) for phrase in sources.abbreviations for part in re.findall(r"\w+", phrase)
        )
        typo_targets = (fold(w) for w in sources.frequent_words or sources.common_words)
        near_common_index = _deletion_index(w for w in typo_targets if len(w) >= NEAR_COMMON_MIN_LENGTH - 1)
        table = _EntryTable()
        table.add_names(sources.first_names, FIRST)
        table.add_names(sources.surnames, SURNAME)
        table.add_names(sources.public_persons, PERSON)
        table.add_names(sources.public_hcps, HCP_LIST)
        for site in sources.sites:
            table.add(site, SITE)
        table.mark_ambiguous(self.common, self.eponyms)
        # The trigger words of the patterns that start from a word (``triggers.py``) ride along
        # in the main automaton: one pass finds names and triggers.
        triggers = [*(t for t, _ in sources.salutations), *sources.titles]
        self.salutation_starts: bool = salutation_starts(triggers) is not None
        for key, bits in trigger_keys(triggers, sources.site_prefixes).items():
            entry = table.entries.setdefault(key, [len(key), 0, None])
            entry[1] |= bits
        # Two automata: the ambiguous names are matched only when the ambiguity rule is off
        # (a measurement), so the note's scan hands back a fraction of the hits.
        self.automaton = table.compile_ints(in_main_automaton)
        self.ambiguous_automaton = table.compile_ints(lambda bits: not in_main_automaton(bits))
        # The name and first-name sets are not stored: the main automaton's keys answer them,
        # up to the few words listed as exceptions (``ListedWords``).
        name_words, main_names, main_first_names = _name_words(table.entries)
        self._name_exceptions = _exceptions(name_words, main_names)
        self._first_exceptions = _exceptions(first_names, main_first_names)
        self._near_common_index: frozenset[str] | None = near_common_index
        self._near_common_packed: str | frozenset[str] = ""
        self._make_views()

    def _make_views(self) -> None:
        lookup = self.automaton.get if self.automaton is not None else _no_key
        self.name_words: ListedWords = ListedWords(lookup, NAME_BITS, *self._name_exceptions)
        self.first_names: ListedWords = ListedWords(lookup, FIRST, *self._first_exceptions)

    @property
    def near_common_index(self) -> frozenset[str]:
        """The deletion index of ``Lexicon.near_common``, unpacked on first use: a run whose
        notes hold no long unknown word never needs it."""
        if self._near_common_index is None:
            self._near_common_index = _unpack(self._near_common_packed)
            self._near_common_packed = ""
        return self._near_common_index

    def __getstate__(self) -> dict[str, object]:
        """What the cache stores: the automata, lists and sets, without the views built on them,
        and the deletion index as one string (packed, it loads in a millisecond)."""
        state = dict(self.__dict__)
        del state["name_words"], state["first_names"]
        if self._near_common_index is not None:
            state["_near_common_packed"], state["_near_common_index"] = _pack(self._near_common_index), None
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._make_views()


class Lexicon:
    """All word lists, compiled for matching: the public part plus the user's own lists.

    Sets hold folded single words for O(1) context checks (is the neighbour a common word?);
    automata find every listed word or phrase in a note in one pass each.
    """

    def __init__(self, sources: LexiconSources, public: PublicLexicon | None = None) -> None:
        self.sources = sources
        self.public = public if public is not None else PublicLexicon(sources)
        pub = self.public
        self.common, self.eponyms, self.first_names = pub.common, pub.eponyms, pub.first_names
        self.countries = pub.countries
        self.places, self.title_words, self.abbreviation_words = (
            pub.places,
            pub.title_words,
            pub.abbreviation_words,
        )
        self.keep_words: frozenset[str] = frozenset(fold(w) for w in sources.keep + sources.corrections.keep)
        table = _EntryTable()
        table.add_names(sources.patients, PATIENT)
        table.add_names(sources.hcps, HCP_LIST)
        table.add_names(sources.persons, PERSON)
        for site in sources.user_sites:
            table.add(site, SITE)
        for word in [*sources.keep, *sources.corrections.keep]:
            table.add(word, KEEP)
        for text, etype in sources.corrections.mask:
            table.add(text, CORRECTION, etype)
        table.mark_ambiguous(self.common, self.eponyms)
        self.name_words: ListedWords = pub.name_words.adding(table.name_words())
        self.user_automaton = table.compile()
        self.load_report: object | None = None  # set by pipeline.build_lexicon

    @property
    def sites(self) -> list[str]:
        return self.public.sites + self.sources.user_sites

    # -- matching ---------------------------------------------------------------------------
    def find(self, lower: str) -> list[Hit]:
        """Every whole-word hit of any list in a note's lower-cased view; a word on a public
        and a user list yields one hit with both memberships."""
        return self.find_in(match_view(lower), ambiguous=True)

    def find_in(self, view: str, ambiguous: bool = False) -> list[Hit]:
        """``find`` on a ``match_view`` the caller has built already; with ``ambiguous`` also
        the public names that are ordinary words or eponyms (for ``--ambiguity-rule off``)."""
        public = self.public
        hits = list(public_hits(public.automaton, view, ambiguous)) if public.automaton is not None else []
        if ambiguous and public.ambiguous_automaton is not None:
            hits = sorted(
                [*hits, *public_hits(public.ambiguous_automaton, view, True)], key=lambda h: (h.start, h.end)
            )
        if self.user_automaton is None:
            return hits
        return merge_user_hits(hits, iter_hits(self.user_automaton, view))

    def is_common(self, word: str) -> bool:
        return fold(word) in self.common

    def is_title(self, word: str) -> bool:
        return fold(word) in self.title_words

    def is_listed_name(self, word: str) -> bool:
        """Is the word in any name list (bundled or the user's)?"""
        return fold(word) in self.name_words

    def ends_like_place(self, word: str) -> bool:
        """Does the word end as the gazetteer's places do ("Zirbenau", "Lärchfeld")?"""
        return has_place_ending(fold(word), self.public.place_index.endings)

    def near_common(self, word: str) -> bool:
        """Within one edit of a common word ("Gewiccht", "Schwndel"): a typo, not a name.

        Symmetric-deletion test (as in SymSpell): two words are within one substitution,
        insertion or deletion when their single-deletion sets meet.
        """
        folded = fold(word)
        if len(folded) < NEAR_COMMON_MIN_LENGTH:
            return folded in self.common
        index = self.public.near_common_index
        return folded in index or any(folded[:i] + folded[i + 1 :] in index for i in range(len(folded)))


class ListedWords:
    """A set of folded single words that the public automaton knows: ``word in listed`` is
    true when the automaton has the key " word " with one of ``bits``, the word is not among
    ``not_listed`` and, either way, when it is among ``also_listed``.

    Why: the name sets (527,000 words with the benchmark's lists) duplicated the automaton's
    keys, and unpickling them cost a fifth of a warm start. A key with inner spaces is a
    phrase, never a listed word, and the few words where automaton and set differ (a
    "Müller" key's unfolded spelling; an ambiguous name, kept in the other automaton; a
    hyphenated first name) are the exceptions, computed when the lists are compiled
    (``_exceptions``), so every answer equals the set's. A lookup costs about 0.6 µs instead of
    0.08 µs; the callers ask a few times per distinct word or candidate."""

    __slots__ = ("_also", "_bits", "_get", "_not")

    def __init__(
        self,
        lookup: Callable[[str, int], int],
        bits: int,
        also_listed: frozenset[str] = frozenset(),
        not_listed: frozenset[str] = frozenset(),
    ) -> None:
        self._get = lookup  # the main automaton's ``get``
        self._bits = bits
        self._also = also_listed
        self._not = not_listed

    def __contains__(self, word: str) -> bool:
        if " " in word or not self._get(f" {word} ", 0) >> LENGTH_BITS & self._bits:
            return word in self._also
        return word not in self._not  # (the two exception sets never share a word)

    def adding(self, words: frozenset[str]) -> ListedWords:
        """These words and ``words`` (the user's own names, compiled per run)."""
        return ListedWords(self._get, self._bits, self._also | words, self._not - words)


def _no_key(key: str, default: int) -> int:
    return default


def _name_words(entries: dict[str, list]) -> tuple[set[str], set[str], set[str]]:
    """Every name list's single words, folded (what ``name_words`` means); and the words the
    main automaton's keys give as names and as first names (what ``ListedWords`` finds). One
    pass over the entries, half a million with the benchmark's lists."""
    names: set[str] = set()
    main_names: set[str] = set()
    main_firsts: set[str] = set()
    for key, entry in entries.items():
        bits = entry[1]
        if not bits & NAME_BITS:
            continue
        word = key.strip()
        if " " in word:
            continue
        names.add(word if word.isascii() else fold(word))  # keys are lower case: fold(word) is word
        if len(key) == len(word) + 2 and key[0] == " " == key[-1] and in_main_automaton(bits):
            main_names.add(word)
            if bits & FIRST:
                main_firsts.add(word)
    return names, main_names, main_firsts


def _exceptions(words: frozenset[str] | set[str], found: set[str]) -> tuple[frozenset[str], frozenset[str]]:
    """The words of a set that the automaton's keys do not give, and the ones they give that
    are not in it: what makes ``ListedWords`` equal the set."""
    return frozenset(words.difference(found)), frozenset(found.difference(words))


def _pack(words: frozenset[str]) -> str | frozenset[str]:
    """A word set as one newline-joined string, which pickles as one object; a set that holds
    an empty word or a newline stays a set."""
    if "" in words or any("\n" in word for word in words):
        return words
    return "\n".join(words)


def _unpack(packed: str | frozenset[str]) -> frozenset[str]:
    if isinstance(packed, frozenset):
        return packed
    return frozenset(packed.split("\n")) if packed else frozenset()


def _deletion_index(words: Iterable[str]) -> frozenset[str]:
    """Every word plus every form of it with one character deleted."""
    index: set[str] = set()
    for word in words:
        index.add(word)
        index.update(word[:i] + word[i + 1 :] for i in range(len(word)))
    return frozenset(index)


def iter_hits(automaton: ahocorasick.Automaton, view: str) -> Iterable[Hit]:
    """Decode the matches of an automaton with tuple values (the user's lists, learned names) on
    a ``match_view`` string into view offsets."""
    for end_index, (length, bits, correction_type) in automaton.iter(view):
        # The key " word " ends at end_index in the padded view; the word itself starts one
        # character after the key's leading space, and the pad shifts everything by one.
        start = end_index - length + 1
        yield Hit(start, end_index - 1, bits, correction_type)


def public_hits(automaton: ahocorasick.Automaton, view: str, ambiguous: bool) -> Iterable[Hit]:
    """The dictionary words the public automaton (int values) finds on a ``match_view``: its
    trigger keys are left out, and names that are ordinary words or eponyms unless
    ``ambiguous``."""
    for end_index, value in automaton.iter(view):
        bits = (value >> LENGTH_BITS) & ~TRIGGER_BITS
        if bits and (ambiguous or not only_ambiguous_name(bits)):
            yield Hit(end_index - (value & LENGTH_MASK) + 1, end_index - 1, bits)


def merge_user_hits(hits: list[Hit], user_hits: Iterable[Hit]) -> list[Hit]:
    """The public hits and the user automaton's, one hit per word with both memberships,
    sorted by position."""
    merged: dict[tuple[int, int], Hit] = {(h.start, h.end): h for h in hits}
    for hit in user_hits:
        known = merged.get((hit.start, hit.end))
        if known is None:
            merged[(hit.start, hit.end)] = hit
        else:
            merged[(hit.start, hit.end)] = Hit(
                hit.start, hit.end, known.bits | hit.bits, hit.correction_type or known.correction_type
            )
    return sorted(merged.values(), key=lambda h: (h.start, h.end))


def learned_hits(automaton: ahocorasick.Automaton | None, view: str) -> list[Hit]:
    """The hits of the learned automaton on a ``match_view`` (none before pass 1 learned)."""
    return [] if automaton is None else list(iter_hits(automaton, view))


def build_learned_automaton(
    references: Iterable[str],
    variants: Iterable[str] = (),
    cues: Iterable[str] = (),
    aliases: Iterable[str] = (),
    places: Iterable[str] = (),
) -> ahocorasick.Automaton | None:
    """An automaton of names learned from context in pass 1, matched corpus-wide in pass 2, of
    ``variants``: capitalized words (letters only) that may be one-edit variants of them, each
    as its lower case (one whose lower case is longer is left out: a note holding it is
    detected again anyway, ``Detector.learning_applies_many``), and of learned ``cues``
    (``grammar.cues``: lower-case words, the side first); the references of ``aliases`` (learned
    misspellings) carry ``ALIAS`` too; learned ``places`` (folded) carry ``PLACE_LEARNED``."""
    entries: dict[str, int] = {}
    alias_set = set(aliases)
    for cue in cues:
        key = f" {cue_phrase(cue)} "
        entries[key] = entries.get(key, 0) | (CUE_LEFT if cue.startswith(LEFT) else CUE_RIGHT)
    for reference in references:
        bits = LEARNED | ALIAS if reference in alias_set else LEARNED
        for variant in spelling_variants(reference):
            key = _key(variant)
            if key.strip():
                entries[key] = entries.get(key, 0) | bits
    for place in places:
        for variant in spelling_variants(place):
            key = _key(variant)
            if key.strip():
                entries[key] = entries.get(key, 0) | PLACE_LEARNED
    for word in variants:
        lower = word.lower()
        if len(lower) == len(word):
            key = f" {lower} "
            entries[key] = entries.get(key, 0) | VARIANT
    if not entries:
        return None
    automaton = ahocorasick.Automaton()
    for key, bits in entries.items():
        automaton.add_word(key, (len(key), bits, None))
    automaton.make_automaton()
    return automaton
