"""Dictionaries: loading, spelling variants, and one Aho-Corasick automaton for all of them.

Every list (first names, surnames, the user's patient/HCP/person lists, medical sites, the
keep list, manual corrections) goes into ONE automaton whose values carry membership bits,
so a note is scanned once, in C, whatever the number of lists. Keys are space-delimited
("` anna `") and the note is scanned as lower-case text with every non-word character
turned into a space, so a hit is always a whole word (or a whole phrase).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import ahocorasick

from deid_cli import PACKAGE_DIR
from deid_cli.detection.normalize import fold, spelling_variants
from deid_cli.detection.spans import ENTITY_TYPES
from deid_cli.runtime.user_files import (
    CORRECTIONS_LIMIT,
    DICTIONARY_LIMIT,
    ConfigError,
    check_entry_length,
    check_line_length,
    decode_utf8,
    load_structured,
    numbered_lines,
    parse_json,
    quotes_nothing,
    read_limited,
)

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

NAME_BITS = FIRST | SURNAME | PATIENT | HCP_LIST | PERSON
AMBIGUOUS_BITS = COMMON | EPONYM
# Shorter words sit one edit away from some common word too often (Rosna/rosa) to call that a typo.
NEAR_COMMON_MIN_LENGTH = 6

_NON_WORD = re.compile(r"[\W_]")
_NAME_SPLIT = re.compile(r"[\s,;/]+|(?<=\w)-(?=\w)")


@dataclass(frozen=True, slots=True)
class Hit:
    """A whole-word dictionary match on the matching view: ``[start, end)`` plus membership."""

    start: int
    end: int
    bits: int
    correction_type: str | None = None


@dataclass(slots=True)
class Corrections:
    """Manual corrections: phrases to mask with a given type, and phrases never to mask."""

    mask: list[tuple[str, str]] = field(default_factory=list)
    keep: list[str] = field(default_factory=list)


def match_view(lower: str) -> str:
    """The string the automaton scans: lower-case text, non-word characters as spaces, padded."""
    return " " + _NON_WORD.sub(" ", lower) + " "


def _key(variant: str) -> str:
    if variant.isalpha():
        return f" {variant} "
    return " " + _NON_WORD.sub(" ", variant) + " "


def bundled_dictionary_dir() -> Path:
    """Where the bundled lists live: inside the installed wheel, or the repository checkout."""
    for candidate in (PACKAGE_DIR / "_dictionaries", PACKAGE_DIR.parent / "dictionaries"):
        if candidate.is_dir():
            return candidate
    raise ConfigError("bundled dictionaries not found (reinstall deid)")


def read_lines(path: Path) -> Iterator[str]:
    """Non-empty, stripped lines of a UTF-8 text file (BOM tolerated; '#' starts a comment
    line), within the dictionary size and line length limits (``user_files``)."""
    for _, line in numbered_lines(path):
        if line and not line.startswith("#"):
            yield line


def load_name_file(path: Path) -> list[str]:
    """A user list: JSON (list of strings, or {"names": [...]}), CSV (a ``name`` column) or TXT.

    Each is size-limited and parsed without code execution; errors name the file and line
    (or the entry), never a name.
    """
    suffix = path.suffix.lower()
    if suffix == ".json":
        data = parse_json(path, decode_utf8(path, read_limited(path, DICTIONARY_LIMIT, "dictionary files")))
        if isinstance(data, dict):
            data = data.get("names")
        if not isinstance(data, list):
            raise ConfigError(f'{path}: expected a list of strings or {{"names": [...]}}')
        for index, item in enumerate(data, start=1):
            if not isinstance(item, str):
                raise ConfigError(f"{path}: entry {index} is not a string (expected a list of strings)")
            check_entry_length(path, f"entry {index}", item)
        return [item.strip() for item in data if item.strip()]
    if suffix == ".csv":
        return _load_name_csv(path)
    return list(read_lines(path))


def _load_name_csv(path: Path) -> list[str]:
    """Names from the ``name`` column of a CSV file (delimiter sniffed: , ; or TAB)."""
    text = decode_utf8(path, read_limited(path, DICTIONARY_LIMIT, "dictionary files"))
    sample = text[:4096]
    try:
        dialect = csv.Sniffer().sniff(sample, delimiters=",;\t") if sample else csv.excel
    except csv.Error:  # a single column has no delimiter to find
        dialect = csv.excel
    reader = csv.DictReader(io.StringIO(text, newline=""), dialect=dialect)
    try:
        if reader.fieldnames is None or "name" not in reader.fieldnames:
            raise ConfigError(f"{path}:1: CSV needs a 'name' column")
        names = []
        for row in reader:
            name = (row.get("name") or "").strip()
            check_line_length(path, reader.line_num, name)
            if name:
                names.append(name)
        return names
    except csv.Error as exc:
        reason = str(exc) if quotes_nothing(str(exc)) else "malformed row"
        # The row that failed starts after the last line the reader completed.
        raise ConfigError(f"{path}:{reader.line_num + 1}: malformed CSV ({reason})") from None


def load_corrections(path: Path) -> Corrections:
    """Read a corrections file (TOML or JSON): ``mask = [{text, type}]``, ``keep = [...]``."""
    data = load_structured(path, CORRECTIONS_LIMIT, "corrections files")
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: expected a table with 'mask' and/or 'keep'")
    result = Corrections()
    mask = data.get("mask", [])
    if not isinstance(mask, list):
        raise ConfigError(f"{path}: 'mask' must be a list of {{text, type}} entries")
    for index, item in enumerate(mask, start=1):
        if not isinstance(item, dict) or not isinstance(item.get("text"), str) or not item["text"].strip():
            raise ConfigError(f"{path}: mask entry {index} needs a non-empty 'text'")
        check_entry_length(path, f"mask entry {index}", item["text"])
        etype = str(item.get("type", "PER")).upper()
        if etype not in ENTITY_TYPES:
            raise ConfigError(
                f"{path}: mask entry {index} has unknown type (use one of {', '.join(ENTITY_TYPES)})"
            )
        result.mask.append((item["text"].strip(), etype))
    keep = data.get("keep", [])
    if not isinstance(keep, list) or not all(isinstance(word, str) for word in keep):
        raise ConfigError(f"{path}: 'keep' must be a list of strings")
    for index, word in enumerate(keep, start=1):
        check_entry_length(path, f"keep entry {index}", word)
    result.keep.extend(word.strip() for word in keep if word.strip())
    return result


def name_parts(entry: str) -> list[str]:
    """Full names in lists contribute their parts ("Anna-Lena Müller" -> Anna, Lena, Müller)."""
    if entry.isalpha():
        return [entry] if len(entry) > 1 else []
    return [part for part in _NAME_SPLIT.split(entry) if len(part) > 1 and part[0].isalpha()]


@dataclass(slots=True)
class LexiconSources:
    """Everything a Lexicon is built from.

    The public lists (bundled, or downloaded by ``deid scrape-dicts`` into a dictionary
    directory) may be compiled once and cached; the user's own lists (patients, staff, keep,
    corrections) hold real names and are compiled per run, never cached.
    """

    # public lists
    first_names: list[str] = field(default_factory=list)
    surnames: list[str] = field(default_factory=list)
    public_persons: list[str] = field(default_factory=list)
    public_hcps: list[str] = field(default_factory=list)
    sites: list[str] = field(default_factory=list)
    site_prefixes: list[str] = field(default_factory=list)
    common_words: list[str] = field(default_factory=list)
    frequent_words: list[str] = field(default_factory=list)
    eponyms: list[str] = field(default_factory=list)
    salutations: list[tuple[str, str]] = field(default_factory=list)
    titles: list[str] = field(default_factory=list)
    abbreviations: list[str] = field(default_factory=list)
    places: list[str] = field(default_factory=list)
    professions: list[str] = field(default_factory=list)
    organization_words: list[str] = field(default_factory=list)
    # the user's own lists
    patients: list[str] = field(default_factory=list)
    hcps: list[str] = field(default_factory=list)
    persons: list[str] = field(default_factory=list)
    user_sites: list[str] = field(default_factory=list)
    keep: list[str] = field(default_factory=list)
    corrections: Corrections = field(default_factory=Corrections)


def _optional_lines(directory: Path, name: str) -> list[str]:
    path = directory / name
    return list(read_lines(path)) if path.is_file() else []


# Files a dictionary directory may hold, and the LexiconSources list each one extends.
DICTIONARY_FILES: dict[str, str] = {
    "first_names.txt": "first_names",
    "surnames.txt": "surnames",
    "persons.txt": "public_persons",
    "hcps.txt": "public_hcps",
    "medical_sites.txt": "sites",
    "site_prefixes.txt": "site_prefixes",
    "common_words.txt": "common_words",
    "frequent_words.txt": "frequent_words",
    "eponyms.txt": "eponyms",
    "titles.txt": "titles",
    "abbreviations.txt": "abbreviations",
    "professions.txt": "professions",
    "organization_words.txt": "organization_words",
}


def dictionary_files(directory: Path) -> list[Path]:
    """The files of a dictionary directory that deid reads, in a fixed order."""
    names = [*DICTIONARY_FILES, "salutations.txt"]
    names += sorted(p.name for p in directory.glob("postcodes_*.tsv"))
    return [directory / name for name in names if (directory / name).is_file()]


def load_bundled(directory: Path | None = None, into: LexiconSources | None = None) -> LexiconSources:
    """Read a dictionary directory (the bundled one by default); missing files count as empty.
    With ``into``, the lists are appended to existing sources (a --dict-dir on top of the
    bundled lists)."""
    directory = directory or bundled_dictionary_dir()
    sources = into or LexiconSources()
    for name, attribute in DICTIONARY_FILES.items():
        getattr(sources, attribute).extend(_optional_lines(directory, name))
    for line in _optional_lines(directory, "salutations.txt"):
        trigger, _, kind = line.partition("\t")
        sources.salutations.append((trigger.strip(), kind.strip() or "personal"))
    for path in sorted(directory.glob("postcodes_*.tsv")):
        for line in read_lines(path):
            _, _, place = line.partition("\t")
            if place.strip():
                sources.places.extend(place_aliases(place.strip()))
    return sources


_PLACE_QUALIFIER = re.compile(r"^(.+?) (?:am|an der|an|im|in|ob|bei|in der|an den) [A-ZÄÖÜ].*$")


def place_aliases(place: str) -> list[str]:
    """A place and its everyday short form: "Klagenfurt am Wörthersee" is also "Klagenfurt"."""
    match = _PLACE_QUALIFIER.match(place)
    return [place, match.group(1)] if match and len(match.group(1)) > 3 else [place]


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
        return frozenset(
            fold(key.strip())
            for key, entry in self.entries.items()
            if entry[1] & NAME_BITS and " " not in key.strip()
        )

    def compile(self) -> ahocorasick.Automaton | None:
        if not self.entries:
            return None
        automaton = ahocorasick.Automaton()
        for key, (length, bits, correction_type) in self.entries.items():
            automaton.add_word(key, (length, bits, correction_type))
        automaton.make_automaton()
        return automaton


class PublicLexicon:
    """The public lists compiled: sets for context checks, one automaton for matching.

    Holds no user data, so it may be pickled to the cache (``lexicon_cache.py``)."""

    def __init__(self, sources: LexiconSources) -> None:
        self.common: frozenset[str] = frozenset(fold(w) for w in sources.common_words)
        self.eponyms: frozenset[str] = frozenset(
            fold(part) for e in sources.eponyms for part in name_parts(e)
        )
        self.first_names: frozenset[str] = frozenset(fold(w) for w in sources.first_names)
        self.places: frozenset[str] = frozenset(fold(p) for p in sources.places)
        self.place_names: list[str] = list(dict.fromkeys(sources.places))
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
        self.near_common_index = _deletion_index(
            w for w in typo_targets if len(w) >= NEAR_COMMON_MIN_LENGTH - 1
        )
        table = _EntryTable()
        table.add_names(sources.first_names, FIRST)
        table.add_names(sources.surnames, SURNAME)
        table.add_names(sources.public_persons, PERSON)
        table.add_names(sources.public_hcps, HCP_LIST)
        for site in sources.sites:
            table.add(site, SITE)
        table.mark_ambiguous(self.common, self.eponyms)
        self.name_words: frozenset[str] = table.name_words()
        self.automaton = table.compile()


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
        self.name_words: frozenset[str] = pub.name_words | table.name_words()
        self.user_automaton = table.compile()
        self.load_report: object | None = None  # set by pipeline.build_lexicon

    @property
    def sites(self) -> list[str]:
        return self.public.sites + self.sources.user_sites

    # -- matching ---------------------------------------------------------------------------
    def find(self, lower: str) -> list[Hit]:
        """Every whole-word hit of any list in a note's lower-cased view; a word on a public
        and a user list yields one hit with both memberships."""
        view = match_view(lower)
        hits = list(iter_hits(self.public.automaton, view)) if self.public.automaton is not None else []
        if self.user_automaton is None:
            return hits
        merged: dict[tuple[int, int], Hit] = {(h.start, h.end): h for h in hits}
        for hit in iter_hits(self.user_automaton, view):
            known = merged.get((hit.start, hit.end))
            if known is None:
                merged[(hit.start, hit.end)] = hit
            else:
                merged[(hit.start, hit.end)] = Hit(
                    hit.start, hit.end, known.bits | hit.bits, hit.correction_type or known.correction_type
                )
        return sorted(merged.values(), key=lambda h: (h.start, h.end))

    def is_common(self, word: str) -> bool:
        return fold(word) in self.common

    def is_title(self, word: str) -> bool:
        return fold(word) in self.title_words

    def is_listed_name(self, word: str) -> bool:
        """Is the word in any name list (bundled or the user's)?"""
        return fold(word) in self.name_words

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


def _deletion_index(words: Iterable[str]) -> frozenset[str]:
    """Every word plus every form of it with one character deleted."""
    index: set[str] = set()
    for word in words:
        index.add(word)
        index.update(word[:i] + word[i + 1 :] for i in range(len(word)))
    return frozenset(index)


def iter_hits(automaton: ahocorasick.Automaton, view: str) -> Iterable[Hit]:
    """Decode automaton matches on a ``match_view`` string into view offsets."""
    for end_index, (length, bits, correction_type) in automaton.iter(view):
        # The key " word " ends at end_index in the padded view; the word itself starts one
        # character after the key's leading space, and the pad shifts everything by one.
        start = end_index - length + 1
        yield Hit(start, end_index - 1, bits, correction_type)


def build_learned_automaton(references: Iterable[str]) -> ahocorasick.Automaton | None:
    """An automaton of names learned from context in pass 1, matched corpus-wide in pass 2."""
    automaton = ahocorasick.Automaton()
    for reference in references:
        for variant in spelling_variants(reference):
            key = _key(variant)
            if key.strip():
                automaton.add_word(key, (len(key), LEARNED, None))
    if len(automaton) == 0:
        return None
    automaton.make_automaton()
    return automaton
