"""Small helpers shared by the source modules: curated blocks into entries, the name validity
rule and diacritic-free variants, and the data files of installed packages."""

from __future__ import annotations

import importlib.util
import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path

#: First names (or any name) -> the genders the sources file them under.
Genders = dict[str, set[str]]

#: A lower-case word of letters (german-nouns forms, wordfreq words).
LOWER_WORD = re.compile(r"^[a-zäöüßéèáàâêîôûçñ]{2,}$")

_ASCII_FOLD = str.maketrans(
    {"ı": "i", "İ": "I", "ł": "l", "Ł": "L", "đ": "dj", "Đ": "Dj", "ø": "o", "Ø": "O"}
)
_GERMAN_KEEP = set("äöüÄÖÜß")


def words(block: str) -> list[str]:
    """Whitespace-separated entries of a curated block (for one-word entries)."""
    return block.split()


def lines(block: str) -> list[str]:
    """Non-empty lines of a curated block (for entries that contain spaces)."""
    return [line.strip() for line in block.splitlines() if line.strip()]


def is_latin_letter(char: str) -> bool:
    """Latin-script letters only: other scripts cannot match notes written in German."""
    return char.isalpha() and unicodedata.name(char, "").startswith("LATIN")


def is_valid_name(name: str) -> bool:
    """Letters (Latin script), hyphen, apostrophe; capitalised; not all caps; length >= 2."""
    if len(name) < 2 or not name[0].isupper() or name.isupper():
        return False
    if name[-1] in "-'" or "--" in name:
        return False
    return all(is_latin_letter(c) or c in "-'" for c in name)


def ascii_variant(name: str) -> str:
    """The spelling German texts often use for foreign names: diacritics dropped except
    German umlauts and ß (Kovačević -> Kovacevic, Ayşe -> Ayse, Đukić -> Djukic)."""
    out = []
    for char in name.translate(_ASCII_FOLD):
        if char in _GERMAN_KEEP:
            out.append(char)
            continue
        base = unicodedata.normalize("NFD", char)
        out.append("".join(c for c in base if not unicodedata.combining(c)))
    return unicodedata.normalize("NFC", "".join(out))


def with_variants(names: Iterable[str]) -> set[str]:
    """Valid names plus their diacritic-free variants (both spellings occur in notes)."""
    result: set[str] = set()
    for raw in names:
        name = unicodedata.normalize("NFC", raw.strip())
        if is_valid_name(name):
            result.add(name)
            variant = ascii_variant(name)
            if is_valid_name(variant):
                result.add(variant)
    return result


def site_package_file(module: str, relative: str) -> Path:
    """Path of a data file shipped inside an installed package (namespace packages too:
    german-nouns has no ``__init__.py``)."""
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError(f"package {module} is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / relative
