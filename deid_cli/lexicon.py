"""Dictionaries: loading, spelling variants, and one Aho-Corasick automaton for all of them.

Every list (first names, surnames, the user's patient/HCP/person lists, medical sites, the
keep list, manual corrections) goes into ONE automaton whose values carry membership bits,
so a note is scanned once, in C, whatever the number of lists. Keys are space-delimited
("` anna `") and the note is scanned as lower-case text with every non-word character
turned into a space, so a hit is always a whole word (or a whole phrase).
"""

from __future__ import annotations

import csv
import json
import re
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import ahocorasick

from .normalize import fold, spelling_variants
from .spans import ENTITY_TYPES

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


class ConfigError(Exception):
    """A user-supplied file (dictionary, corrections) cannot be used; cites the file, never content."""


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
    return " " + _NON_WORD.sub(" ", variant) + " "


def bundled_dictionary_dir() -> Path:
    """Where the bundled lists live: inside the installed wheel, or the repository checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "_dictionaries", here.parent / "dictionaries"):
        if candidate.is_dir():
            return candidate
    raise ConfigError("bundled dictionaries not found (reinstall deid)")


def read_lines(path: Path) -> Iterator[str]:
    """Non-empty, stripped lines of a UTF-8 text file (BOM tolerated; '#' starts a comment line)."""
    try:
        with path.open(encoding="utf-8-sig") as handle:
            for raw in handle:
                line = raw.strip()
                if line and not line.startswith("#"):
                    yield line
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: not valid UTF-8") from exc
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read ({exc.strerror})") from exc


def load_name_file(path: Path) -> list[str]:
    """A user list: JSON (list of strings, or {"names": [...]}), CSV (a ``name`` column) or TXT."""
    suffix = path.suffix.lower()
    if suffix == ".json":
        try:
            data = json.loads(path.read_text(encoding="utf-8-sig"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ConfigError(f"{path}: not a readable JSON file") from exc
        if isinstance(data, dict):
            data = data.get("names")
        if not isinstance(data, list) or not all(isinstance(item, str) for item in data):
            raise ConfigError(f'{path}: expected a list of strings or {{"names": [...]}}')
        return [item.strip() for item in data if item.strip()]
    if suffix == ".csv":
        try:
            with path.open(encoding="utf-8-sig", newline="") as handle:
                sample = handle.read(4096)
                handle.seek(0)
                try:
                    dialect = csv.Sniffer().sniff(sample, delimiters=",;\t") if sample else csv.excel
                except csv.Error:  # a single column has no delimiter to find
                    dialect = csv.excel
                reader = csv.DictReader(handle, dialect=dialect)
                if reader.fieldnames is None or "name" not in reader.fieldnames:
                    raise ConfigError(f"{path}: CSV needs a 'name' column")
                return [row["name"].strip() for row in reader if (row.get("name") or "").strip()]
        except csv.Error as exc:
            raise ConfigError(f"{path}: malformed CSV") from exc
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{path}: cannot read as UTF-8 CSV") from exc
    return list(read_lines(path))


def load_corrections(path: Path) -> Corrections:
    """Read a corrections file (TOML or JSON): ``mask = [{text, type}]``, ``keep = [...]``."""
    try:
        raw = path.read_bytes().decode("utf-8-sig")
        data = json.loads(raw) if path.suffix.lower() == ".json" else tomllib.loads(raw)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: not a readable corrections file (TOML or JSON)") from exc
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: expected a table with 'mask' and/or 'keep'")
    result = Corrections()
    for index, item in enumerate(data.get("mask", []), start=1):
        if not isinstance(item, dict) or not isinstance(item.get("text"), str) or not item["text"].strip():
            raise ConfigError(f"{path}: mask entry {index} needs a non-empty 'text'")
        etype = str(item.get("type", "PER")).upper()
        if etype not in ENTITY_TYPES:
            raise ConfigError(
                f"{path}: mask entry {index} has unknown type (use one of {', '.join(ENTITY_TYPES)})"
            )
        result.mask.append((item["text"].strip(), etype))
    keep = data.get("keep", [])
    if not isinstance(keep, list) or not all(isinstance(word, str) for word in keep):
        raise ConfigError(f"{path}: 'keep' must be a list of strings")
    result.keep.extend(word.strip() for word in keep if word.strip())
    return result


def name_parts(entry: str) -> list[str]:
    """Full names in lists contribute their parts ("Anna-Lena Müller" -> Anna, Lena, Müller)."""
    return [part for part in _NAME_SPLIT.split(entry) if len(part) > 1 and part[0].isalpha()]


@dataclass(slots=True)
class LexiconSources:
    """Everything a Lexicon is built from (bundled lists plus the user's files)."""

    first_names: list[str] = field(default_factory=list)
    surnames: list[str] = field(default_factory=list)
    patients: list[str] = field(default_factory=list)
    hcps: list[str] = field(default_factory=list)
    persons: list[str] = field(default_factory=list)
    sites: list[str] = field(default_factory=list)
    site_prefixes: list[str] = field(default_factory=list)
    keep: list[str] = field(default_factory=list)
    common_words: list[str] = field(default_factory=list)
    frequent_words: list[str] = field(default_factory=list)
    eponyms: list[str] = field(default_factory=list)
    salutations: list[tuple[str, str]] = field(default_factory=list)
    titles: list[str] = field(default_factory=list)
    abbreviations: list[str] = field(default_factory=list)
    places: list[str] = field(default_factory=list)
    corrections: Corrections = field(default_factory=Corrections)


def _optional_lines(directory: Path, name: str) -> list[str]:
    path = directory / name
    return list(read_lines(path)) if path.is_file() else []


def load_bundled(directory: Path | None = None) -> LexiconSources:
    """Read the bundled lists (missing files count as empty lists)."""
    directory = directory or bundled_dictionary_dir()
    sources = LexiconSources(
        first_names=_optional_lines(directory, "first_names.txt"),
        surnames=_optional_lines(directory, "surnames.txt"),
        sites=_optional_lines(directory, "medical_sites.txt"),
        site_prefixes=_optional_lines(directory, "site_prefixes.txt"),
        common_words=_optional_lines(directory, "common_words.txt"),
        frequent_words=_optional_lines(directory, "frequent_words.txt"),
        eponyms=_optional_lines(directory, "eponyms.txt"),
        titles=_optional_lines(directory, "titles.txt"),
        abbreviations=_optional_lines(directory, "abbreviations.txt"),
    )
    for line in _optional_lines(directory, "salutations.txt"):
        trigger, _, kind = line.partition("\t")
        sources.salutations.append((trigger.strip(), kind.strip() or "personal"))
    for name in ("postcodes_at.tsv", "postcodes_de.tsv"):
        for line in _optional_lines(directory, name):
            _, _, place = line.partition("\t")
            if place.strip():
                sources.places.extend(place_aliases(place.strip()))
    return sources


_PLACE_QUALIFIER = re.compile(r"^(.+?) (?:am|an der|an|im|in|ob|bei|in der|an den) [A-ZÄÖÜ].*$")


def place_aliases(place: str) -> list[str]:
    """A place and its everyday short form: "Klagenfurt am Wörthersee" is also "Klagenfurt"."""
    match = _PLACE_QUALIFIER.match(place)
    return [place, match.group(1)] if match and len(match.group(1)) > 3 else [place]


class Lexicon:
    """All word lists, compiled for matching.

    Sets hold folded single words for O(1) context checks (is the neighbour a common word?);
    the automaton finds every listed word or phrase in a note in one pass.
    """

    def __init__(self, sources: LexiconSources) -> None:
        self.sources = sources
        self.common: frozenset[str] = frozenset(fold(w) for w in sources.common_words)
        self.eponyms: frozenset[str] = frozenset(
            fold(part) for e in sources.eponyms for part in name_parts(e)
        )
        self.first_names: frozenset[str] = frozenset(fold(w) for w in sources.first_names)
        self.keep_words: frozenset[str] = frozenset(fold(w) for w in sources.keep + sources.corrections.keep)
        self.places: frozenset[str] = frozenset(fold(p) for p in sources.places)
        self.site_prefixes: frozenset[str] = frozenset(fold(p) for p in sources.site_prefixes)
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
        self._near_common = _deletion_index(w for w in typo_targets if len(w) >= NEAR_COMMON_MIN_LENGTH - 1)
        self._entries: dict[str, list] = {}
        self._build(sources)
        self.automaton = self._compile()

    # -- building -------------------------------------------------------------------------
    def _add(self, phrase: str, bits: int, correction_type: str | None = None) -> None:
        for variant in spelling_variants(phrase):
            key = _key(variant)
            if not key.strip():
                continue
            entry = self._entries.get(key)
            if entry is None:
                self._entries[key] = [len(key), bits, correction_type]
            else:
                entry[1] |= bits
                if correction_type:
                    entry[2] = correction_type

    def _build(self, sources: LexiconSources) -> None:
        for bits, names in (
            (FIRST, sources.first_names),
            (SURNAME, sources.surnames),
            (PATIENT, sources.patients),
            (HCP_LIST, sources.hcps),
            (PERSON, sources.persons),
        ):
            for name in names:
                for part in name_parts(name):
                    self._add(part, bits)
        for site in sources.sites:
            self._add(site, SITE)
        for word in [*sources.keep, *sources.corrections.keep]:
            self._add(word, KEEP)
        for text, etype in sources.corrections.mask:
            self._add(text, CORRECTION, etype)
        self.name_words = frozenset(
            fold(key.strip())
            for key, entry in self._entries.items()
            if entry[1] & NAME_BITS and " " not in key.strip()
        )
        for key, entry in self._entries.items():
            word = key.strip()
            if " " in word:
                continue
            folded = fold(word)
            if folded in self.common:
                entry[1] |= COMMON
            if folded in self.eponyms:
                entry[1] |= EPONYM

    def _compile(self) -> ahocorasick.Automaton:
        automaton = ahocorasick.Automaton()
        for key, (length, bits, correction_type) in self._entries.items():
            automaton.add_word(key, (length, bits, correction_type))
        if len(automaton) == 0:
            automaton.add_word("\x00\x00", (2, 0, None))  # an empty automaton cannot be compiled
        automaton.make_automaton()
        return automaton

    # -- matching ---------------------------------------------------------------------------
    def find(self, lower: str) -> list[Hit]:
        """Every whole-word hit of any list in a note's lower-cased view."""
        return list(iter_hits(self.automaton, match_view(lower)))

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
        index = self._near_common
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
