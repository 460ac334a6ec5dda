"""Signature blocks (``detection/grammar/signature.py``): the signers under a closing formula
are masked whole, several to a line; role lines, clinic names and prose under it stay."""

from __future__ import annotations

import pytest

from deid_cli.detection.detector import Detector
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.detection.spans import HCP

DET = Detector(build_lexicon(DictionaryOptions()))


def masked(text: str) -> dict[str, str]:
    return {text[s.start : s.end]: s.type for s in DET.detect(text).spans}


@pytest.mark.parametrize("gap", ["\t", "     ", " / "])
def test_every_signer_on_a_line_is_masked_whole(gap: str) -> None:
    text = (
        "Mit freundlichen Grüßen\n\n"
        f"Theresa Zirbleitner{gap}Dr. med. Lukas Quendelhofer{gap}M. Stramlinger\n"
        f"Stationsärztin{gap}Oberarzt{gap}Assistenzarzt\n"
    )
    assert masked(text) == {
        "Theresa": HCP,
        "Zirbleitner": HCP,
        "Lukas": HCP,
        "Quendelhofer": HCP,
        "M": HCP,
        "Stramlinger": HCP,
    }


@pytest.mark.parametrize("formula", ["Mit kollegialen Grüßen", "Hochachtungsvoll", "MfG"])
def test_other_closing_formulas_open_the_block(formula: str) -> None:
    assert set(masked(f"{formula},\nUniv.-Prof. Dr. Zirbleitner\tTheresa Quendelhofer")) == {
        "Zirbleitner",
        "Theresa",
        "Quendelhofer",
    }


def test_clinic_and_department_lines_stay() -> None:
    text = "Mit freundlichen Grüßen\nKlinikum Nord\nAbteilung für Innere Medizin\nÄrztliche Direktorin"
    assert masked(text) == {}


def test_a_signature_line_too_long_for_one_is_not_parsed() -> None:
    cells = "\t".join(["Stramlinger Quendelhofer"] * 6)  # 149 characters: a table, not signers
    assert masked(f"Mit freundlichen Grüßen\nDr. Zirbleitner\n{cells}\n") == {"Zirbleitner": HCP}


def test_the_block_ends_at_two_blank_lines() -> None:
    text = "Mit freundlichen Grüßen\nDr. Zirbleitner\n\n\nStramlinger Quendelhofer\n"
    assert masked(text) == {"Zirbleitner": HCP}
