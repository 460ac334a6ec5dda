"""Builds the detection pipeline from options: dictionaries, user lists, corrections."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from .detect import Detector
from .lexicon import Lexicon, build_learned_automaton, load_bundled, load_corrections, load_name_file
from .normalize import fold


@dataclass(slots=True)
class DictionaryOptions:
    """The user's dictionary files (each option may be given several times)."""

    patients: list[Path] = field(default_factory=list)
    hcps: list[Path] = field(default_factory=list)
    persons: list[Path] = field(default_factory=list)
    sites: list[Path] = field(default_factory=list)
    keep: list[Path] = field(default_factory=list)
    corrections: list[Path] = field(default_factory=list)


def build_lexicon(options: DictionaryOptions, dict_dir: Path | None = None) -> Lexicon:
    """Bundled lists merged with the user's files."""
    sources = load_bundled(dict_dir)
    for paths, target in (
        (options.patients, sources.patients),
        (options.hcps, sources.hcps),
        (options.persons, sources.persons),
        (options.sites, sources.sites),
        (options.keep, sources.keep),
    ):
        for path in paths:
            target.extend(load_name_file(path))
    for path in options.corrections:
        loaded = load_corrections(path)
        sources.corrections.mask.extend(loaded.mask)
        sources.corrections.keep.extend(loaded.keep)
    return Lexicon(sources)


# Capitalized words (Latin script): the occurrences a learned reference is weighed against.
_CAPITALIZED = re.compile(r"(?<!\w)[A-ZÄÖÜ\u00c0-\u00de\u0100-\u017f][^\W\d_]+")
# A reference is learned only if context proves it in at least this share of its capitalized
# occurrences: names are introduced by salutations often, nouns ("Orthopnoe" after "lt. Pat.")
# only by accident.
MIN_CONTEXT_SHARE = 0.1


class NameLearner:
    """Pass 1's memory: references proven by context, with the types they were seen with.

    Holds name tokens and counts only, never notes, and only in memory. Ordinary words and
    eponyms are not learned: they must keep needing context in every note.
    """

    def __init__(self, lexicon: Lexicon) -> None:
        self._lexicon = lexicon
        self._types: dict[str, Counter[str]] = {}
        self._forms: dict[str, set[str]] = {}
        self._occurrences: Counter[str] = Counter()

    def observe(self, text: str, proven: Iterable[tuple[str, str]]) -> None:
        """Count a note's capitalized words and record the references its context proved."""
        self._occurrences.update(_CAPITALIZED.findall(text))
        lexicon = self._lexicon
        for surface, etype in proven:
            reference = fold(surface)
            if len(reference) < 2 or reference in lexicon.common or reference in lexicon.eponyms:
                continue
            if reference in lexicon.title_words or reference in lexicon.keep_words:
                continue
            self._types.setdefault(reference, Counter())[etype] += 1
            self._forms.setdefault(reference, set()).add(surface)

    def learned(self) -> dict[str, str]:
        """Learned references and the type a bare mention gets (the one most often proven)."""
        result: dict[str, str] = {}
        for reference, types in self._types.items():
            proven = sum(types.values())
            seen = sum(self._occurrences[form] for form in self._forms[reference])
            if seen and proven / seen >= MIN_CONTEXT_SHARE:
                result[reference] = types.most_common(1)[0][0]
        return result

    def detector(self, base: Detector, vote: str) -> tuple[Detector, int]:
        """A detector that also masks the learned references everywhere, and their number."""
        learned = self.learned()
        if not learned:
            return base, 0
        automaton = build_learned_automaton(learned)
        return Detector(base.lexicon, vote=vote, learned=learned, learned_automaton=automaton), len(learned)
