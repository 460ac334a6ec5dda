"""HL7 v2 segments pasted into a note: each field that identifies or locates someone is masked,
whatever its value looks like; the rest of the message and ordinary bars stay.

All names, towns and streets are invented (checked against the bundled lists below).
"""

from __future__ import annotations

import pytest
from invented import LEX, assert_in_no_list, masked

from deid_cli.detection.detector import Detector
from deid_cli.detection.grammar.hl7 import hl7_spans
from deid_cli.detection.spans import ADD, ALL_TYPES, DEFAULT_TYPES, HCP, LOC, PAT, PER, PHO, ZIP
from deid_cli.detection.words import WordClasses

WORDS = WordClasses(LEX)
INVENTED = ("Zirbleitner", "Quendelhofer", "Wendolin", "Quelmweg", "Zirbenau", "Quarnitz", "Hofbrunninger")
MESSAGE = (
    "MSH|^~\\&|KIS|Klinikum Quarnitz|LAB|Zentrallabor|202311241200||ADT^A01|4471|P|2.5\n"
    "PID|1||4471203^^^KIS||Zirbleitner^Wendolin||19610312|F|||Quelmweg 12 Hinterhbus^^Zirbenau^^6342^AT"
    "||0512 123456\n"
    "NK1|1|Quendelhofer^Wendolin|TOC|Quelmweg 14^^Zirbenau^^6342|0664 1234567\n"
    "PV1|1|I|K3^204^2^Klinikum Quarnitz||||12345^Hofbrunninger^Wendolin^^^Dr."
)


def test_the_invented_words_are_in_no_list() -> None:
    assert_in_no_list(INVENTED)


@pytest.mark.parametrize(
    "value",
    [
        "Zirbleitner", "Wendolin", "Quelmweg 12 Hinterhbus", "Zirbenau", "6342", "0512 123456", "4471203",
        "Quendelhofer", "Quelmweg 14", "0664 1234567", "K3", "Klinikum Quarnitz", "Hofbrunninger",
    ],
)  # fmt: skip
def test_every_identifying_field_of_a_message_is_masked(value: str) -> None:
    assert value in masked(MESSAGE)


def test_the_fields_types_follow_the_segment() -> None:
    spans = {(MESSAGE[s.start : s.end], s.type) for s in hl7_spans(MESSAGE, frozenset(ALL_TYPES), WORDS)}
    assert {
        ("Zirbleitner", PAT),
        ("Quendelhofer", PER),
        ("Hofbrunninger", HCP),
        ("Quelmweg 12 Hinterhbus", ADD),
        ("Zirbenau", LOC),
        ("6342", ZIP),
        ("0664 1234567", PHO),
    } <= spans


def test_without_places_asked_for_a_messages_town_is_part_of_the_address() -> None:
    types = frozenset(DEFAULT_TYPES) - {LOC}
    assert ("Zirbenau", ADD) in {(MESSAGE[s.start : s.end], s.type) for s in hl7_spans(MESSAGE, types, WORDS)}
    detector = Detector(LEX, types=tuple(types))
    assert "Zirbenau" in masked(MESSAGE, detector)


@pytest.mark.parametrize(
    "text",
    [
        "Befund: PID|nicht relevant",  # no segment at a line's start
        "Die Werte: 12|14|16 mg",
        "OBX|1|NM|GLU^Glukose||95|mg/dl",  # a result's values name no one
        "PID|1||||^^",  # empty fields and placeholders
        "NK1|1|Tochter|TOC|Sie kommt täglich. Sie wohnt nahe. Kein Problem.",  # a relation, a remark
    ],
)
def test_bars_results_and_empty_fields_mask_nothing(text: str) -> None:
    assert masked(text) == []
