"""The dictionary files: the bundled directory, --dict-dir directories and the user's own lists.

Every file is size-limited and parsed without code execution (``runtime.user_files``); errors
name the file and line, never an entry. What is read lands in ``LexiconSources``, which
``lexicon.PublicLexicon`` and ``lexicon.Lexicon`` compile.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from deid_cli import PACKAGE_DIR
from deid_cli.detection.patterns.letters import CAPITAL
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

_NAME_SPLIT = re.compile(r"[\s,;/]+|(?<=\w)-(?=\w)")


@dataclass(slots=True)
class Corrections:
    """Manual corrections: phrases to mask with a given type, and phrases never to mask."""

    mask: list[tuple[str, str]] = field(default_factory=list)
    keep: list[str] = field(default_factory=list)


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


# The third column of a postcode list's place that is a locality within a municipality, not a
# town of its own (``deid_cli.scrape.postcodes.list_rows``).
LOCALITY = "locality"


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
    # The places that are towns (not only a locality within one): what a preposition may name.
    towns: list[str] = field(default_factory=list)
    professions: list[str] = field(default_factory=list)
    organization_words: list[str] = field(default_factory=list)
    # Countries and world regions: no place the rules mask ("Urlaub in Kroatien").
    countries: list[str] = field(default_factory=list)
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
    "countries.txt": "countries",
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
            _, _, rest = line.partition("\t")
            place, _, kind = rest.partition("\t")
            if place.strip():
                aliases = place_aliases(place.strip())
                sources.places.extend(aliases)
                if kind.strip() != LOCALITY:
                    sources.towns.extend(aliases)
    return sources


_PLACE_QUALIFIER = re.compile(rf"^(.+?) (?:am|an der|an|im|in|ob|bei|in der|an den) {CAPITAL}.*$")


def place_aliases(place: str) -> list[str]:
    """A place and its everyday short form: "Klagenfurt am Wörthersee" is also "Klagenfurt"."""
    match = _PLACE_QUALIFIER.match(place)
    return [place, match.group(1)] if match and len(match.group(1)) > 3 else [place]
