"""Name pools: every morpheme combination that no dictionary lists, and no German text uses.

Why: a name that is in the project's dictionaries (or is a word German text uses) could be
found by a plain dictionary lookup, which would make the measurement circular; candidates are
therefore rejected on every dictionary hit (case- and umlaut-folded), template word and, when
wordfreq is installed, any word with Zipf >= 1.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from synthetic.morphology import (
    CLIPPED_ENDINGS,
    FEMALE_HEADS,
    FEMALE_TAILS,
    MALE_HEADS,
    MALE_TAILS,
    RARE_FEMALE,
    RARE_MALE,
    SURNAME_CLIPPED_STEMS,
    SURNAME_ENDINGS,
    SURNAME_STEMS,
)
from synthetic.people import RELATIVE_ROLES
from synthetic.places import SITES, STREET_STEMS, TOWNS
from synthetic.slot_values import SIMPLE_SLOTS
from synthetic.templates import CONTEXT_WORDS, FINDINGS, TEMPLATE_GROUPS, TRAPS

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DICT_DIR = REPO_ROOT / "dictionaries"

# Names at least this frequent in German text (wordfreq Zipf scale, 1 = ten per billion words)
# are treated as known words/names and never generated.
WORDFREQ_MAX_ZIPF = 1.0


_FOLD = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "ẞ": "ss"})
_WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+")


def fold(word: str) -> str:
    """Lower-case and spell umlauts/ß out, so "Müller" and "Mueller" compare equal."""
    return word.lower().translate(_FOLD)


def load_word_list(path: Path) -> set[str]:
    """Read a one-entry-per-line list into lower-cased *and* folded keys.

    Missing files count as empty: the dictionaries are built by another step and the generator
    must still run (and stay honest) before they exist. Lines may carry extra tab/comma fields
    or several words; every word is added too, erring on the side of rejecting a candidate.
    """
    keys: set[str] = set()
    if not path.is_file():
        return keys
    for raw in path.read_text(encoding="utf-8").splitlines():
        entry = re.split(r"[\t,;]", raw.strip(), maxsplit=1)[0].strip()
        if not entry or entry.startswith("#"):
            continue
        for word in [entry, *_WORD.findall(entry)]:
            keys.add(word.lower())
            keys.add(fold(word))
    return keys


def load_exclusions(dict_dir: Path) -> set[str]:
    """Every key a generated name must avoid: the three dictionaries plus our own vocabulary."""
    excluded: set[str] = set()
    # eponyms.txt too: a name like an eponym ("Parkinson") would blur the trap checks.
    for name in ("first_names.txt", "surnames.txt", "common_words.txt", "eponyms.txt"):
        excluded |= load_word_list(dict_dir / name)
    excluded |= {fold(word) for word in template_vocabulary()}
    excluded |= {word.lower() for word in template_vocabulary()}
    return excluded


def template_vocabulary() -> set[str]:
    """All words the templates and slot values use, so no name collides with filler text
    (which would blur the trap checks)."""
    texts: list[str] = [t for group in TEMPLATE_GROUPS.values() for t in group]
    texts += list(FINDINGS) + list(TRAPS)
    texts += [v for values in SIMPLE_SLOTS.values() for v in values]
    texts += [site for site, _, _ in SITES] + [town for town, _ in TOWNS] + list(STREET_STEMS)
    texts += list(CONTEXT_WORDS) + [role for role, *_ in RELATIVE_ROLES]
    return {word for text in texts for word in _WORD.findall(text) if len(word) > 1}


def _is_plausible(name: str) -> bool:
    """Cheap phonotactics: no vowel hiatus at the joint, no 4-consonant clusters, no triples."""
    low = name.lower()
    if re.search(r"(.)\1\1", low) or re.search(r"[^aeiouäöüy]{4}", low):
        return False
    return not re.search(r"[aeiouäöü]{3}", low) and 3 <= len(name) <= 14


def _joint_ok(head: str, tail: str) -> bool:
    vowels = "aeiouäöü"
    if head[-1].lower() in vowels and tail[0] in vowels:
        return False
    return fold(head)[:3] not in fold(tail)


def _candidates(heads: Iterable[str], tails: Iterable[str]) -> set[str]:
    tails = tuple(tails)
    return {head + tail for head in heads for tail in tails if _joint_ok(head, tail)}


def wordfreq_filter(max_zipf: float = WORDFREQ_MAX_ZIPF) -> Callable[[str], bool] | None:
    """A second guard besides the project dictionaries, which may still be incomplete: reject
    anything German text actually uses ("Mager", "Edel", real rare names). None if wordfreq
    (a dev dependency) is not installed; its word lists ship inside the package."""
    try:
        from wordfreq import zipf_frequency
    except ImportError:
        return None
    return lambda name: zipf_frequency(name, "de") >= max_zipf


def _keep(
    names: Iterable[str], excluded: set[str], is_common: Callable[[str], bool] | None
) -> tuple[str, ...]:
    """Drop dictionary hits (raw and folded), common words and implausible forms; sort for
    determinism (set order is not stable across runs)."""
    kept = {
        name
        for name in names
        if _is_plausible(name)
        and name.lower() not in excluded
        and fold(name) not in excluded
        and not (is_common and is_common(name))
    }
    return tuple(sorted(kept))


@dataclass(frozen=True)
class NamePools:
    """Invented names that no dictionary lists, plus optional common names for showcases."""

    female: tuple[str, ...]
    male: tuple[str, ...]
    surnames: tuple[str, ...]
    common_share: float = 0.0

    def sizes(self) -> dict[str, int]:
        return {"female": len(self.female), "male": len(self.male), "surnames": len(self.surnames)}


def build_name_pools(excluded: set[str], common_share: float = 0.0, use_wordfreq: bool = True) -> NamePools:
    """Enumerate all morpheme combinations and keep those unknown to the dictionaries."""
    is_common = wordfreq_filter() if use_wordfreq else None
    surnames = _candidates(SURNAME_STEMS, SURNAME_ENDINGS) | _candidates(
        SURNAME_CLIPPED_STEMS, CLIPPED_ENDINGS
    )
    female = _candidates(FEMALE_HEADS, FEMALE_TAILS) | set(RARE_FEMALE)
    male = _candidates(MALE_HEADS, MALE_TAILS) | set(RARE_MALE)
    female_kept, male_kept = _keep(female, excluded, is_common), _keep(male, excluded, is_common)
    # A name must read as one gender only, otherwise "Frau X"/"Herr X" agreement breaks.
    ambiguous = set(female_kept) & set(male_kept)
    return NamePools(
        female=tuple(n for n in female_kept if n not in ambiguous),
        male=tuple(n for n in male_kept if n not in ambiguous),
        surnames=_keep(surnames, excluded, is_common),
        common_share=common_share,
    )
