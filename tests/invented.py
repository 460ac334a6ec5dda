"""The detectors the rule tests run on invented sentences, what they found, and the check that
the invented words are in no bundled list (a listed word would test the list, not the rule)."""

from __future__ import annotations

from collections.abc import Iterable

from deid_cli.detection.detector import Detector
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.detection.spans import DEFAULT_TYPES, ID

LEX = build_lexicon(DictionaryOptions())
DEFAULT_DETECTOR = Detector(LEX)
# Ward codes and identifiers are masked when ID is asked for (as ``make generalise`` does).
ID_DETECTOR = Detector(LEX, types=(*DEFAULT_TYPES, ID))


def assert_in_no_list(words: Iterable[str]) -> None:
    """No invented word is a listed name, an ordinary word or a known place."""
    for word in words:
        assert not LEX.is_listed_name(word) and not LEX.is_common(word), word
        assert word.lower() not in LEX.places, word


def typed(text: str, detector: Detector = ID_DETECTOR) -> list[tuple[str, str]]:
    """Each span's text and type, in order."""
    return [(text[s.start : s.end], s.type) for s in detector.detect(text).spans]


def masked(text: str, detector: Detector = ID_DETECTOR) -> list[str]:
    """Each span's text, in order."""
    return [value for value, _ in typed(text, detector)]
