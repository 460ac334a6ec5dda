"""Pass 2 reuses pass 1's spans for the notes that what was learned cannot change, and gives
exactly the spans a full second detection would. All names are invented."""

from __future__ import annotations

import pytest

from deid_cli.detection.detector import Detector
from deid_cli.detection.learning import NameLearner
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.detection.spans import ALL_TYPES, DEFAULT_TYPES, Span
from deid_cli.engine.batches import NoteWork, detect_batch, learn_batch_keeping_spans, pack, unpack

LEXICON = build_lexicon(DictionaryOptions())
# Learned in pass 1 from the salutations; met again bare, next to a given name, misspelt, in
# markup, in a site name, in a phone-and-street line, and in notes without any of them.
NOTES = [
    "Frau Zirbenbacher ruft an, Gewicht stabil.",
    "Herr Quendelhofer meldet sich telefonisch.",
    "Dr. Hofbrunninger hat die Medikation angepasst.",
    "Zirbenbacher ruft wieder an, RR 130/80.",
    "Anton Zirbenbacher klagt über Atemnot.",
    "Rückruf bei Zirbenbachr erbeten.",
    "<b>Quendelhofer</b> &amp; Tochter informiert.",
    "Befund aus der Klinik Zirbenbacher liegt vor.",
    "Quendelhofer, Zirbenbacherstraße 12, Tel. 0664 1234567.",
    "Gewicht 82 kg, Ödeme bds., Lunge frei.",
    "Pat. hat Werte nicht übertragen. LG Hofbrunninger",
    "Kontrolle bei Dr. Hofbrunninger am 12.03.2024.",
    "Tochter von Quendelhofer bringt die Werte.",
    "Quendelhofr meldet Zunahme > 2 kg.",
    "Anton Zirbenbacher kommt morgen zur Kontrolle.",  # the record's own name column
    # Cue phrases: three names stand after "Rückruf bei", so unknown words there are names too;
    # a word the first pass voted for already changes nothing.
    "Rückruf bei Frau Zirbenbacher. Rückruf bei Herrn Quendelhofer. Rückruf bei Dr. Hofbrunninger.",
    "Nachtrag: Rückruf bei Wastlbauer.",
    "Rückruf bei Frau Grubmoser.",
    "Rückruf bei Blutdruck, Rückruf bei Quendelhofr.",
    "Frau Zirbenbacher meldet sich, Zirbenbachr kam gestern.",
]
KNOWN = {14: (("Anton Zirbenbacher", "PAT"),)}


def _notes(first_pass: list | None = None) -> list[NoteWork]:
    return [
        NoteWork(line, (text,), KNOWN.get(line, ()), "", first_pass[line] if first_pass else None)
        for line, text in enumerate(NOTES)
    ]


@pytest.mark.parametrize("vote", ["first", "all"])
@pytest.mark.parametrize("types", [DEFAULT_TYPES, ALL_TYPES], ids=["default", "all"])
def test_reused_spans_equal_a_full_second_detection(vote: str, types: tuple[str, ...]) -> None:
    detector = Detector(LEXICON, vote=vote, types=types)
    learned = learn_batch_keeping_spans(detector, None, _notes())
    learner = NameLearner(LEXICON)
    learner.merge(learned.names)
    second, count = learner.detector(detector)[:2]
    assert count >= 3  # the three salutation names were learned
    reused = detect_batch(second, None, _notes(learned.spans))
    full = detect_batch(second, None, _notes())
    assert reused == full


def test_notes_without_learned_names_are_not_detected_again() -> None:
    detector = Detector(LEXICON)
    learned = learn_batch_keeping_spans(detector, None, _notes())
    learner = NameLearner(LEXICON)
    learner.merge(learned.names)
    second, _ = learner.detector(detector)[:2]
    applies = [
        second.learning_applies(text, unpack(kept[0])) if kept[0] is not None else True
        for text, kept in zip(NOTES, learned.spans, strict=True)
    ]
    assert applies[9] is False  # no name at all
    assert applies[0] is False  # the learned name is the salutation's own vote
    assert applies[3] is True  # bare: CorpusName votes for it
    assert applies[4] is True  # beside a given name: FullName's anchors change
    assert applies[5] is True  # one edit away: CorpusName votes for the variant
    assert applies[6] is True  # markup: the matching view is not the text
    assert learned.spans[14] == (None,)  # a known-name span carries a reference: detected again
    assert applies[16] is True  # an unknown word in a learned cue: CorpusCue votes for it
    assert applies[17] is False  # in a learned cue, but the salutation voted for it in pass 1


def test_packed_spans_keep_offsets_types_and_maskers_but_never_a_reference() -> None:
    spans = [Span(0, 4, "PAT", "Salutation"), Span(10, 22, "PHO", "RegexPhone")]
    packed = pack(spans)
    assert packed is not None and all(isinstance(value, int) for value in packed)
    assert unpack(packed) == spans
    assert pack([Span(0, 4, "PAT", "KnownIdentifier", reference="zirbenbacher")]) is None
