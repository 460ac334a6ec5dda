"""Guarantees of pseudonym codes (stable, collision-free, linkable across types and spellings,
never serialized), of the rewriting step, and of the run statistics (exact figures, no text)."""

from __future__ import annotations

import copy
import pickle
import re
from collections import Counter
from pathlib import Path

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from deid_cli.detection.detector import Detector
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.detection.maskers import MASKERS
from deid_cli.detection.spans import ALPHABET, CODE_LENGTH, ENTITY_TYPES, HCP, PAT, PER, PHO, SIT, ZIP, Span
from deid_cli.detection.text import count_tokens
from deid_cli.pseudonyms.table import Pseudonymizer, normalized_reference, pseudonymize
from deid_cli.reports.run_stats import LENGTH_BINS, PSEUDONYM_BINS, RunStats, describe, histogram

CODE = re.compile(rf"^[{ALPHABET}]{{{CODE_LENGTH}}}$")
TAG = re.compile(rf"\[([A-Z]{{3}})-([{ALPHABET}]{{{CODE_LENGTH}}})\]")


@pytest.fixture(scope="module")
def detector() -> Detector:
    lexicon = build_lexicon(DictionaryOptions())
    for word in ("Zirbleitner", "Hofbrunninger"):
        assert not lexicon.is_listed_name(word) and not lexicon.is_common(word)
    return Detector(lexicon)


# --- codes ------------------------------------------------------------------------------------


def test_same_reference_gets_the_same_code_for_the_whole_run() -> None:
    p = Pseudonymizer()
    first = p.code("zirbleitner")
    assert [p.code("zirbleitner") for _ in range(5)] == [first] * 5
    assert len(p) == 1


def test_five_thousand_references_get_unique_well_formed_codes() -> None:
    p = Pseudonymizer()
    codes = [p.code(f"reference {i}") for i in range(5000)]
    assert len(set(codes)) == 5000
    assert all(CODE.match(code) for code in codes)
    assert len(p) == 5000


def test_unseeded_codes_use_every_character_at_every_position() -> None:
    # Unseeded codes are one CSPRNG number written in the alphabet's digits: every digit must
    # vary (a slip in that conversion would pin one). A letter missing from one position of
    # 5,000 uniform codes has a chance of about 31 * (30/31)**5000, i.e. never.
    p = Pseudonymizer()
    codes = [p.code(f"reference {i}") for i in range(5000)]
    for position in range(CODE_LENGTH):
        assert {code[position] for code in codes} == set(ALPHABET)


def test_alphabet_has_no_confusable_characters() -> None:
    assert not set(ALPHABET) & set("01OIL")
    assert len(set(ALPHABET)) == len(ALPHABET)


class _RepeatingRandom:
    """A random source that first draws the same code twice: forces a collision."""

    def __init__(self) -> None:
        self._letters = iter("AAAAAA" + "AAAAAA" + "BBBBBB")

    def choice(self, _alphabet: str) -> str:
        return next(self._letters)


def test_a_drawn_code_is_never_given_to_a_second_reference() -> None:
    p = Pseudonymizer(seed=1)
    p._random = _RepeatingRandom()  # type: ignore[assignment]
    assert p.code("zirbleitner") == "AAAAAA"
    assert p.code("hofbrunninger") == "BBBBBB"


def test_seed_makes_codes_reproducible() -> None:
    refs = [f"ref{i}" for i in range(50)]
    a, b = Pseudonymizer(seed=42), Pseudonymizer(seed=42)
    assert [a.code(r) for r in refs] == [b.code(r) for r in refs]
    c = Pseudonymizer(seed=43)
    assert [a.code(r) for r in refs] != [c.code(r) for r in refs]


def test_without_seed_every_run_draws_new_codes() -> None:
    refs = [f"ref{i}" for i in range(5)]
    a, b = Pseudonymizer(), Pseudonymizer()
    assert [a.code(r) for r in refs] != [b.code(r) for r in refs]


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_linkage_table_cannot_be_pickled(protocol: int) -> None:
    p = Pseudonymizer(seed=1)
    p.code("zirbleitner")
    with pytest.raises(TypeError, match="never serialized"):
        pickle.dumps(p, protocol=protocol)


def test_linkage_table_cannot_be_deep_copied() -> None:
    with pytest.raises(TypeError):
        copy.deepcopy(Pseudonymizer(seed=1))


# --- normalized references ---------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["Müller", "Mueller", "MÜLLER", "mueller", "Müller.", " Müller, "])
def test_spelling_variants_share_one_reference(variant: str) -> None:
    assert normalized_reference(variant, PER) == normalized_reference("Müller", PER)


@pytest.mark.parametrize("variant", ["Strauss", "STRAUSS", "Strauß"])
def test_sharp_s_variants_share_one_reference(variant: str) -> None:
    assert normalized_reference(variant, PAT) == normalized_reference("Strauß", PAT)


@pytest.mark.parametrize(
    "number",
    [
        "+43 664 1234567",
        "0043 664 1234567",
        "+43/664/1234567",
        "+43-664-123 45 67",
        "0043664 1234567",
        "0664/1234567",
        "0664 123 45 67",
        "+43 (0) 664 1234567",
    ],
)
def test_every_way_of_writing_a_phone_number_is_one_reference(number: str) -> None:
    assert normalized_reference(number, PHO) == normalized_reference("0664 1234567", PHO)


def test_numbers_that_differ_in_area_code_stay_apart() -> None:
    assert normalized_reference("0664 1234567", PHO) != normalized_reference("0676 1234567", PHO)
    assert normalized_reference("+43 1 4000", PHO) != normalized_reference("01 40000", PHO)


def test_different_references_stay_apart() -> None:
    assert normalized_reference("Müller", PER) != normalized_reference("Muller", PER)
    assert normalized_reference("+43 664 1234567", PHO) != normalized_reference("+43 664 1234568", PHO)


def test_tag_shares_the_code_across_entity_types() -> None:
    p = Pseudonymizer(seed=3)
    per, pat, hcp = p.tag("Zirbleitner", PER), p.tag("Zirbleitner", PAT), p.tag("ZIRBLEITNER", HCP)
    assert TAG.fullmatch(per) and TAG.fullmatch(pat) and TAG.fullmatch(hcp)
    assert per[:4] == "[PER" and pat[:4] == "[PAT" and hcp[:4] == "[HCP"
    assert per[5:] == pat[5:] == hcp[5:]
    assert p.tag("Hofbrunninger", PER) != per


def test_phone_tags_share_code_for_plus_and_double_zero() -> None:
    p = Pseudonymizer(seed=4)
    assert p.tag("+43 664 1234567", PHO) == p.tag("0043 664 1234567", PHO)


# --- pseudonymize -------------------------------------------------------------------------------


def test_salutation_typed_and_bare_mentions_are_linkable(detector: Detector) -> None:
    p = Pseudonymizer(seed=5)
    out = [
        pseudonymize(note, detector.detect(note).spans, p)[0]
        for note in (
            "Pat. Zirbleitner stabil.",
            "Herr Zirbleitner kommt.",
            "Sohn Zirbleitner ruft an.",
            "Dr. Hofbrunninger visitiert.",
        )
    ]
    tags = [TAG.findall(o) for o in out]
    assert [t for t, _ in (tag[0] for tag in tags)] == [PAT, PAT, PER, HCP]
    assert tags[0][0][1] == tags[1][0][1] == tags[2][0][1]  # one code whatever the type
    assert tags[3][0][1] != tags[0][0][1]
    assert out[0] == f"Pat. [PAT-{tags[0][0][1]}] stabil."


def test_umlaut_spellings_share_a_code_end_to_end(detector: Detector) -> None:
    p = Pseudonymizer(seed=6)
    a, _ = pseudonymize("Frau Hofbrünninger", detector.detect("Frau Hofbrünninger").spans, p)
    b, _ = pseudonymize("Frau Hofbruenninger", detector.detect("Frau Hofbruenninger").spans, p)
    assert a == b
    assert a.startswith("Frau [PAT-")


def test_pseudonymize_replaces_exactly_the_spans(detector: Detector) -> None:
    text = (
        "Frau Anna Zirbleitner-Hofbrunninger (Tel. +43 664 1234567) wurde aus dem LKH Innsbruck "
        "übernommen.\nLG\nHofbrunninger"
    )
    spans = detector.detect(text).spans
    assert len(spans) >= 5
    p = Pseudonymizer(seed=7)
    out, codes = pseudonymize(text, spans, p)
    assert len(codes) == len(spans)
    # Everything outside the spans is untouched and in place; every span became its tag.
    pieces = TAG.split(out)
    ends = [0, *(s.end for s in spans)]
    gaps = [text[end : span.start] for end, span in zip(ends, spans, strict=False)]
    assert pieces[0::3] == [*gaps, text[spans[-1].end :]]
    assert pieces[1::3] == [s.type for s in spans]
    assert pieces[2::3] == codes
    for span, code in zip(spans, codes, strict=True):
        assert code == p.code(normalized_reference(text[span.start : span.end], span.type))
    assert "Zirbleitner" not in out and "Hofbrunninger" not in out and "1234567" not in out


def test_pseudonymize_without_spans_returns_the_text_unchanged() -> None:
    assert pseudonymize("Keine Namen hier.", [], Pseudonymizer(seed=8)) == ("Keine Namen hier.", [])


@given(
    st.text(alphabet="abcÄß. \n-", max_size=40),
    st.lists(st.tuples(st.integers(0, 40), st.integers(1, 6), st.sampled_from(ENTITY_TYPES)), max_size=6),
)
def test_pseudonymize_keeps_text_between_arbitrary_disjoint_spans(
    text: str, raw: list[tuple[int, int, str]]
) -> None:
    spans: list[Span] = []
    for start, length, etype in sorted(raw):
        end = min(start + length, len(text))
        if start < end and (not spans or spans[-1].end <= start):
            spans.append(Span(start, end, etype, "Test"))
    out, codes = pseudonymize(text, spans, Pseudonymizer(seed=9))
    expected, pos = [], 0
    for span, code in zip(spans, codes, strict=True):
        expected += [text[pos : span.start], f"[{span.type}-{code}]"]
        pos = span.end
    assert out == "".join([*expected, text[pos:]])


WRITTEN = st.sampled_from(["Müller", "MUELLER", "müller.", "Maier", "+43 664 12", "0043 664 12", "43 664 12"])


@given(st.lists(st.lists(st.tuples(WRITTEN, st.sampled_from([PER, PAT, PHO])), max_size=4), max_size=5))
def test_pseudonymize_gives_each_span_the_code_of_its_normalized_reference(
    notes: list[list[tuple[str, str]]],
) -> None:
    # Codes are remembered per spelling and type; they must be those of the reference itself,
    # drawn in the same order (the same seed gives the same codes).
    remembered, plain = Pseudonymizer(seed=6), Pseudonymizer(seed=6)
    for note in notes:
        text, spans = "", []
        for written, etype in note:
            spans.append(Span(len(text), len(text) + len(written), etype, "Test"))
            text += written + " "
        _, codes = pseudonymize(text, spans, remembered)
        assert codes == [plain.code(normalized_reference(written, etype)) for written, etype in note]
    assert len(remembered) == len(plain)


# --- statistics ----------------------------------------------------------------------------------


def small_run() -> RunStats:
    """Four notes with 0, 1, 1 and 3 spans and 5, 12, 12 and 60 tokens."""
    stats = RunStats(records_read=4, records_written=4)
    stats.add_note([], 5, [])
    stats.add_note([Span(0, 4, PER, "Salutation")], 12, ["AAAAAA"])
    stats.add_note([Span(0, 4, PAT, "NameDictionary")], 12, ["BBBBBB"])
    stats.add_note(
        [Span(0, 4, PER, "FullName"), Span(5, 9, PHO, "RegexPhone"), Span(10, 14, SIT, "MedicalSite")],
        60,
        ["AAAAAA", "CCCCCC", "DDDDDD"],
    )
    stats.finish()
    return stats


def test_stats_pseudonymizations_per_note_hand_computed() -> None:
    per_note = small_run().to_dict()["pseudonymizations_per_note"]
    # values 0, 1, 1, 3: mean 5/4; median (1+1)/2; sample sd sqrt(4.75/3) = 1.2583
    assert per_note["mean"] == 1.25
    assert per_note["median"] == 1.0
    assert per_note["sd"] == 1.258
    assert (per_note["min"], per_note["max"]) == (0, 3)
    assert per_note["share_with_any"] == 0.75
    assert per_note["share_at_most_5"] == 1.0
    assert per_note["histogram"] == {
        "0": 1, "1": 2, "2": 0, "3": 1, "4": 0, "5": 0, "6-10": 0, "11-20": 0, "21+": 0,
    }  # fmt: skip


def test_stats_note_length_hand_computed() -> None:
    lengths = small_run().to_dict()["note_length_tokens"]
    # values 5, 12, 12, 60: mean 89/4; median 12; sample sd sqrt(1932.75/3) = 25.3821
    assert lengths["mean"] == 22.25
    assert lengths["median"] == 12.0
    assert lengths["sd"] == 25.382
    assert lengths["histogram"] == {
        "0-10": 1, "11-20": 2, "21-50": 0, "51-100": 1, "101-200": 0, "201-500": 0, "501+": 0,
    }  # fmt: skip


def test_stats_shares_counts_and_distinct_references() -> None:
    data = small_run().to_dict()
    assert data["notes"] == 4
    assert data["pseudonymizations"] == 5
    assert data["records"] == {"read": 4, "written": 4, "rejected": 0}
    assert data["entities"][PER] == {"count": 2, "proportion": 0.4}
    assert data["entities"][PAT] == {"count": 1, "proportion": 0.2}
    assert data["entities"][ZIP] == {"count": 0, "proportion": 0.0}
    assert data["maskers"]["Salutation"] == {"count": 1, "proportion": 0.2}
    assert data["maskers"]["CorpusName"]["count"] == 0
    assert list(data["maskers"]) == list(MASKERS)
    assert list(data["entities"]) == list(ENTITY_TYPES)
    # PER was used twice but for one reference (same code).
    assert data["distinct_references"] == {t: int(t in {PER, PAT, PHO, SIT}) for t in ENTITY_TYPES}


@pytest.mark.parametrize("key", ["maskers", "entities"])
def test_stats_proportions_sum_to_one(key: str) -> None:
    stats = RunStats()
    types = [PER, PAT, HCP, SIT, PHO, ZIP, PER]
    maskers = [
        "Salutation",
        "NameDictionary",
        "FullName",
        "MedicalSite",
        "RegexPhone",
        "RegexZIP",
        "Correction",
    ]
    for i in range(7):
        spans = [Span(0, 1, types[(i + j) % 7], maskers[(i * j) % 7]) for j in range(i + 1)]
        stats.add_note(spans, 10, [f"C{j}" for j in range(i + 1)])
    shares = stats.to_dict()[key]
    assert sum(v["proportion"] for v in shares.values()) == pytest.approx(1.0, abs=1e-3)
    assert sum(v["count"] for v in shares.values()) == 28


def test_stats_list_maskers_outside_the_known_set_too() -> None:
    stats = RunStats()
    stats.add_note([Span(0, 1, PER, "Experimental")], 3, ["AAAAAA"])
    assert stats.to_dict()["maskers"]["Experimental"] == {"count": 1, "proportion": 1.0}


def test_stats_of_an_empty_run_have_no_figures_and_no_division_errors() -> None:
    data = RunStats().to_dict()
    assert data["notes"] == 0
    assert data["pseudonymizations_per_note"]["mean"] is None
    assert data["pseudonymizations_per_note"]["share_with_any"] == 0.0
    assert data["maskers"]["Salutation"]["proportion"] == 0.0


def test_stats_count_corpus_learning_catches() -> None:
    stats = RunStats(learned_references=2)
    stats.add_note([Span(0, 1, PER, "CorpusName"), Span(2, 3, PER, "CorpusName")], 4, ["A", "A"])
    data = stats.to_dict()
    assert data["learned_references"] == 2
    assert data["caught_only_by_corpus_learning"] == 2


def test_stats_never_contain_note_text(detector: Detector, tmp_path: Path) -> None:
    secret_name, secret_word = "Zirbleitner", "Geheimdiagnosexyz"
    notes = [
        f"Frau {secret_name} hat {secret_word}. Tel. +43 664 7654321, LKH Innsbruck.",
        f"LG\n{secret_name}",
        "",
    ]
    stats = RunStats()
    p = Pseudonymizer(seed=10)
    for note in notes:
        spans = detector.detect(note).spans
        _, codes = pseudonymize(note, spans, p)
        stats.add_note(spans, count_tokens(note), codes)
    stats.reject(tmp_path / "in.jsonl", 7, "invalid JSON")
    stats.finish()
    dumped = orjson.dumps(stats.to_dict()).decode()
    for secret in (secret_name, secret_word, "7654321", "Innsbruck", "Frau"):
        assert secret not in dumped
    for code in p._codes.values():
        assert code not in dumped
    assert stats.to_dict()["pseudonymizations"] == 4


# --- describe / histogram helpers --------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "median"),
    [([7], 7.0), ([1, 2, 3, 10], 2.5), ([3, 1, 2], 2.0), ([0, 0, 0, 100], 0.0), ([5, 5, 9, 9], 7.0)],
)
def test_describe_median_of_odd_and_even_counts(values: list[int], median: float) -> None:
    assert describe(Counter(values))["median"] == median


def test_describe_single_value_has_zero_sd_and_empty_has_none() -> None:
    assert describe(Counter([4])) == {"mean": 4.0, "median": 4.0, "sd": 0.0, "min": 4, "max": 4}
    assert set(describe(Counter()).values()) == {None}


@given(st.lists(st.integers(0, 700), max_size=60))
def test_histograms_partition_every_value_exactly_once(values: list[int]) -> None:
    counter = Counter(values)
    for bins in (PSEUDONYM_BINS, LENGTH_BINS):
        assert sum(histogram(counter, bins).values()) == len(values)
