"""Name pools of the two families, and the dictionary keys they are checked against.

Why: a test name that any list in ``dictionaries/`` contains could be found by a lookup, which
would make the test family measure the lists instead of the rules. Every file there is read,
every word of every field, and compared lower-cased, umlaut-folded and diacritic-folded. The dev
family may use anything (dictionary names, ordinary nouns the lists contain, the invented names
of ``scripts/synthetic``); the test family gets none of those and no dev name.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from synthetic.pools import DEFAULT_DICT_DIR, build_name_pools, fold, load_exclusions, wordfreq_filter

from generalise.morphology import (
    DEV_LOCALES,
    TEST_LOCALES,
    ascii_fold,
    faker_names,
    is_plausible,
    recombine,
    regional_surnames,
)

_WORD = re.compile(r"[^\W\d_]+")


def word_keys(word: str) -> set[str]:
    """The keys a word is compared by: lower-cased, umlaut-folded and diacritic-folded."""
    return {word.lower(), fold(word), ascii_fold(word)}


@lru_cache(maxsize=4)
def dictionary_keys(dict_dir: Path = DEFAULT_DICT_DIR) -> frozenset[str]:
    """Every word of every field of every list (.txt/.tsv) under ``dict_dir``, in all folds."""
    keys: set[str] = set()
    for path in sorted(dict_dir.glob("*")):
        if path.suffix not in (".txt", ".tsv") or not path.is_file():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            for field in re.split(r"[\t,;]", line):
                field = field.strip()
                if field and not field.startswith("#"):
                    for word in [field, *_WORD.findall(field)]:
                        keys |= word_keys(word)
    return frozenset(keys)


def _list_keys(path: Path) -> frozenset[str]:
    """The keys of a one-name-per-line list (empty if the file is missing)."""
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
    return frozenset(key for line in lines for key in word_keys(line.strip()))


@lru_cache(maxsize=4)
def name_list_keys(dict_dir: Path = DEFAULT_DICT_DIR) -> frozenset[str]:
    """Keys of the two name lists: a person is "listed" when these contain all their name parts."""
    return _list_keys(dict_dir / "first_names.txt") | _list_keys(dict_dir / "surnames.txt")


def in_keys(word: str, keys: frozenset[str] | set[str]) -> bool:
    return bool(word_keys(word) & keys)


def _noun_lemmas() -> dict[str, str]:
    """Lemma -> part-of-speech tags from german-nouns (a dev dependency: Wiktionary nouns)."""
    import german_nouns

    path = Path(next(iter(german_nouns.__path__))) / "nouns.csv"
    out: dict[str, str] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle)
        next(reader)
        for row in reader:
            lemma = row[0]
            if lemma.isalpha() and 4 <= len(lemma) <= 9 and lemma[:1].isupper() and lemma[1:].islower():
                out.setdefault(lemma, row[1])
    return out


@dataclass(frozen=True)
class FamilyPools:
    """Given names by gender, surnames, and ordinary German nouns used as surnames."""

    female: tuple[str, ...]
    male: tuple[str, ...]
    surnames: tuple[str, ...]
    nouns: tuple[str, ...]

    def all_names(self) -> set[str]:
        return set(self.female) | set(self.male) | set(self.surnames) | set(self.nouns)

    def sizes(self) -> dict[str, int]:
        return {"female": len(self.female), "male": len(self.male), "surnames": len(self.surnames),
                "nouns": len(self.nouns)}  # fmt: skip


def _fold_set(names: set[str]) -> set[str]:
    return {key for name in names for key in word_keys(name)}


def build_pools(dict_dir: Path = DEFAULT_DICT_DIR) -> dict[str, FamilyPools]:
    """Both families at once, so their disjointness is enforced in one place (``holdout``,
    ``fresh``, ``sealed``, ``vault``, ``reserve``, ``ledger``, ``codex``, ``folio``, ``docket``,
    ``dossier``, ``chart`` and ``binder`` are the test family's pools under their own names)."""
    return _build_pools(dict_dir)


@lru_cache(maxsize=4)
def _build_pools(dict_dir: Path) -> dict[str, FamilyPools]:
    dict_keys = dictionary_keys(dict_dir)
    nouns = _noun_lemmas()
    surname_keys = _list_keys(dict_dir / "surnames.txt")
    invented = build_name_pools(load_exclusions(dict_dir))
    dev = FamilyPools(
        female=tuple(sorted(set(invented.female) | set(faker_names(DEV_LOCALES, "first_names_female")))),
        male=tuple(sorted(set(invented.male) | set(faker_names(DEV_LOCALES, "first_names_male")))),
        surnames=tuple(sorted(set(invented.surnames) | set(faker_names(DEV_LOCALES, "last_names")))),
        # Ordinary nouns the surname list contains ("Koch", "Vogel"): listed, so dev only.
        nouns=tuple(
            sorted(n for n, pos in nouns.items() if pos == "Substantiv" and in_keys(n, surname_keys))
        ),
    )
    banned = set(dict_keys) | _fold_set(dev.all_names())
    is_common = wordfreq_filter()

    def clean(names: set[str], check_common: bool = True) -> tuple[str, ...]:
        common = is_common if check_common else None
        kept = {n for n in names if is_plausible(n) and not in_keys(n, banned) and not (common and common(n))}
        return tuple(sorted(kept))

    female = clean(recombine(faker_names(TEST_LOCALES, "first_names_female")))
    male = clean(recombine(faker_names(TEST_LOCALES, "first_names_male")))
    ambiguous = set(female) & set(male)
    test = FamilyPools(
        female=tuple(n for n in female if n not in ambiguous),
        male=tuple(n for n in male if n not in ambiguous),
        surnames=clean(recombine(faker_names(TEST_LOCALES, "last_names")) | regional_surnames()),
        # Plain nouns ("Sauerteig") that no list contains; they are words, so no wordfreq check.
        nouns=clean({n for n, pos in nouns.items() if pos == "Substantiv"}, check_common=False),
    )
    # The holdout, fresh, sealed, vault, reserve, ledger, codex, folio, docket, dossier, chart and
    # binder families measure new PHI material only: their persons are the test family's.
    return {
        "dev": dev, "test": test, "holdout": test, "fresh": test, "sealed": test, "vault": test,
        "reserve": test, "ledger": test, "codex": test, "folio": test, "docket": test, "dossier": test,
        "chart": test, "binder": test,
    }  # fmt: skip
