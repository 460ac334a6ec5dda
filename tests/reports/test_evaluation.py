"""``deid eval`` and its metrics (``deid_cli/evaluate.py``): every number is checked against a
value computed by hand, the exact intervals against published values, and the command against
small invented gold files (exit statuses, JSON schema, and that no note text is ever printed).

Every name, phone number and place below is invented.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from statistics import NormalDist

import pytest
import typer
from typer.testing import CliRunner

import deid_cli.detection.lexicon.loading as lexicon_loading
from deid_cli.commands.eval import EVAL_EPILOG, eval_command
from deid_cli.detection.lexicon.loading import DictionaryOptions
from deid_cli.reports.evaluation import (
    ALL_TYPES,
    BUILTIN_LABEL_MAP,
    DEFAULT_TYPES,
    PLACEHOLDER,
    Entity,
    GoldError,
    LabelMapError,
    ScoredNote,
    apply_placeholders,
    beta_quantile,
    clopper_pearson,
    entity_scores,
    evaluate,
    f_beta,
    label_map_from_object,
    leak_counts,
    merge_adjacent,
    note_table,
    parse_gold,
    parse_types,
    ppv_logit_interval,
    regularized_beta,
    token_scores,
)

SECRET = "Oberwinkelsteiner"  # a planted name: must never reach stdout or stderr
SECRET_PLACE = (
    "Xylophonquirl"  # a planted gold place the detector misses (no place ending): leaks, never printed
)
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def span(text: str, surface: str, etype: str, occurrence: int = 0) -> Entity:
    """The entity covering the ``occurrence``-th ``surface`` in ``text``."""
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(surface, start + 1)
    return Entity(start, start + len(surface), etype)


# ------------------------------------------------------------------------------ statistics


@pytest.mark.parametrize(
    ("x", "n", "low", "high"),
    [
        (0, 10, 0.0, 0.3085),
        (1, 10, 0.0025, 0.4450),
        (5, 10, 0.1871, 0.8129),
        (10, 10, 0.6915, 1.0),
        (7, 16, 0.1975, 0.7012),
    ],
)
def test_clopper_pearson_matches_published_values(x: int, n: int, low: float, high: float) -> None:
    interval = clopper_pearson(x, n)
    assert interval is not None
    assert interval[0] == pytest.approx(low, abs=1e-4)
    assert interval[1] == pytest.approx(high, abs=1e-4)


def test_clopper_pearson_boundaries_have_closed_forms() -> None:
    # x = 0: upper = 1 - (alpha/2)^(1/n); x = n: lower = (alpha/2)^(1/n).
    for n in (1, 3, 25, 400):
        assert clopper_pearson(0, n) == (0.0, pytest.approx(1 - 0.025 ** (1 / n), abs=1e-12))
        assert clopper_pearson(n, n) == (pytest.approx(0.025 ** (1 / n), abs=1e-12), 1.0)


def test_clopper_pearson_is_none_without_trials_and_rejects_bad_counts() -> None:
    assert clopper_pearson(0, 0) is None
    with pytest.raises(ValueError):
        clopper_pearson(3, 2)


def _binomial_upper_tail(k: int, n: int, p: float) -> float:
    return sum(math.comb(n, j) * p**j * (1 - p) ** (n - j) for j in range(k, n + 1))


@pytest.mark.parametrize(("a", "b"), [(1, 1), (1, 5), (3, 4), (10, 2), (40, 60), (200, 7)])
def test_regularized_beta_equals_binomial_tail_for_integer_arguments(a: int, b: int) -> None:
    # I_p(a, b) = P(Bin(a + b - 1, p) >= a) for integer a, b.
    for p in (0.001, 0.05, 0.3, 0.5, 0.77, 0.999):
        assert regularized_beta(p, a, b) == pytest.approx(_binomial_upper_tail(a, a + b - 1, p), abs=1e-12)


def test_regularized_beta_symmetry_and_simple_cases() -> None:
    for x in (0.0, 0.1, 0.5, 0.9, 1.0):
        assert regularized_beta(x, 1, 1) == pytest.approx(x)
        assert regularized_beta(x, 3.5, 1) == pytest.approx(x**3.5)
        assert regularized_beta(x, 2.5, 7.25) == pytest.approx(1 - regularized_beta(1 - x, 7.25, 2.5))


def test_beta_quantile_inverts_regularized_beta() -> None:
    for a, b in ((1, 1), (2, 9), (50, 3), (0.5, 0.5)):
        for q in (0.025, 0.5, 0.975):
            assert regularized_beta(beta_quantile(q, a, b), a, b) == pytest.approx(q, abs=1e-12)


def test_precision_logit_interval_is_mercaldo_standard_logit_without_zero_cells() -> None:
    tp, fp, fn, tn = 8, 2, 2, 8
    low, high, method = ppv_logit_interval(tp, fp, fn, tn)
    z = NormalDist().inv_cdf(0.975)
    # With the prevalence taken from the sample, logit(PPV) = log(TP/FP) and
    # Var = (1-Se)/(Se n1) + Sp/((1-Sp) n0) = 1/TP - 1/n1 + 1/FP - 1/n0.
    half = z * math.sqrt(1 / 8 - 1 / 10 + 1 / 2 - 1 / 10)
    assert method == "logit (Mercaldo 2007)"
    assert low == pytest.approx(1 / (1 + math.exp(-(math.log(4) - half))))
    assert high == pytest.approx(1 / (1 + math.exp(-(math.log(4) + half))))
    assert (round(low, 4), round(high, 4)) == (0.5271, 0.9349)


def test_precision_logit_interval_lies_in_unit_interval_and_contains_the_estimate() -> None:
    cells = (0, 1, 2, 5, 30)
    for tp in cells:
        for fp in cells:
            for fn in cells:
                for tn in cells:
                    result = ppv_logit_interval(tp, fp, fn, tn)
                    if tp + fp == 0:
                        assert result is None
                        continue
                    assert result is not None
                    low, high, method = result
                    point = tp / (tp + fp)
                    assert 0.0 <= low <= point <= high <= 1.0, (tp, fp, fn, tn)
                    if min(tp, fp, fn, tn) == 0 and tp + fn and fp + tn:
                        assert method.startswith("adjusted logit")


def test_precision_interval_falls_back_to_clopper_pearson_without_negatives() -> None:
    low, high, method = ppv_logit_interval(7, 0, 9, 0)
    assert method == "clopper-pearson"
    assert (low, high) == clopper_pearson(7, 7)


def test_f2_weights_recall_more_than_precision() -> None:
    assert f_beta(0.5, 1.0, 1.0) == pytest.approx(2 / 3)
    assert f_beta(0.5, 1.0, 2.0) == pytest.approx(5 * 0.5 / (4 * 0.5 + 1))
    assert f_beta(1.0, 0.5, 2.0) == pytest.approx(5 * 0.5 / (4 + 0.5))
    assert f_beta(None, 0.0, 1.0) == 0.0
    assert f_beta(None, None, 1.0) is None


# -------------------------------------------------------------------------------- note level


def test_note_level_table_on_a_toy_corpus() -> None:
    text = "x" * 40
    notes = [
        ScoredNote(text, [Entity(0, 4, "PAT")], [Entity(0, 4, "PAT")]),  # TP
        ScoredNote(text, [Entity(0, 4, "PAT"), Entity(10, 14, "PHO")], [Entity(0, 4, "PAT")]),  # FN
        ScoredNote(text, [], []),  # TN
        ScoredNote(text, [], [Entity(0, 3, "PER")]),  # FP
        ScoredNote(text, [Entity(0, 4, "LOC")], [Entity(2, 6, "ADD")]),  # TP: overlapped, any type
        ScoredNote(text, [], []),  # TN
        ScoredNote(text, [Entity(20, 24, "HCP")], []),  # FN
    ]
    table = note_table(notes)
    assert (table["tp"], table["fp"], table["fn"], table["tn"], table["notes"]) == (2, 1, 2, 2, 7)
    assert table["accuracy"]["value"] == pytest.approx(4 / 7)
    assert table["accuracy"]["ci95"] == list(clopper_pearson(4, 7))
    assert table["sensitivity"]["value"] == pytest.approx(2 / 4)
    assert table["sensitivity"]["ci95"] == list(clopper_pearson(2, 4))
    assert table["specificity"]["value"] == pytest.approx(2 / 3)
    assert table["specificity"]["ci95"] == list(clopper_pearson(2, 3))
    assert table["precision"]["value"] == pytest.approx(2 / 3)
    low, high, method = ppv_logit_interval(2, 1, 2, 2)
    assert table["precision"]["ci95"] == [low, high]
    assert table["precision"]["method"] == method == "logit (Mercaldo 2007)"
    assert {table[m]["method"] for m in ("accuracy", "sensitivity", "specificity")} == {"clopper-pearson"}


# ------------------------------------------------------------------------------ entity level

NOTE = "Frau Anna Gruber, Tel. 0664 1234567, wohnt in Graz."


def _toy_note() -> ScoredNote:
    gold = [span(NOTE, "Anna Gruber", "PAT"), span(NOTE, "0664 1234567", "PHO"), span(NOTE, "Graz", "LOC")]
    predicted = [
        span(NOTE, "Anna", "PAT"),
        span(NOTE, "Gruber", "PAT"),  # merged with "Anna": exact match
        span(NOTE, "1234567", "PHO"),  # partial: relaxed only
        span(NOTE, "Graz", "ADD"),  # right boundaries, wrong type
    ]
    return ScoredNote(NOTE, gold, predicted)


def test_adjacent_name_tokens_of_one_type_are_merged() -> None:
    text = "Dr. Hans-Peter Maier  Huber, Anna Gruber kam."
    parts = [span(text, w, "HCP") for w in ("Hans", "Peter", "Maier", "Huber")]
    parts += [span(text, "Anna", "PAT"), span(text, "Gruber", "HCP")]
    merged = merge_adjacent(text, parts)
    assert [(text[e.start : e.end], e.type) for e in merged] == [
        ("Hans-Peter Maier  Huber", "HCP"),  # white space and hyphens join
        ("Anna", "PAT"),  # the comma separates; so does a type change
        ("Gruber", "HCP"),
    ]


def test_strict_needs_exact_boundaries_relaxed_any_overlap_and_both_the_type() -> None:
    notes = [_toy_note()]
    types = ("PAT", "PHO", "LOC", "ADD")
    strict = entity_scores(notes, types, strict=True)
    relaxed = entity_scores(notes, types, strict=False)
    counts = ("gold", "predicted", "found", "correct")

    def row(scores: dict, etype: str) -> tuple[int, ...]:
        return tuple(scores["per_type"][etype][k] for k in counts)

    assert row(strict, "PAT") == (1, 1, 1, 1)  # merged "Anna Gruber" matches exactly
    assert row(strict, "PHO") == (1, 1, 0, 0)
    assert row(relaxed, "PHO") == (1, 1, 1, 1)
    assert row(strict, "LOC") == row(relaxed, "LOC") == (1, 0, 0, 0)  # type mismatch: missed
    assert row(strict, "ADD") == row(relaxed, "ADD") == (0, 1, 0, 0)  # and a false positive
    assert tuple(strict["micro"][k] for k in counts) == (3, 3, 1, 1)
    assert tuple(relaxed["micro"][k] for k in counts) == (3, 3, 2, 2)
    # Type-agnostic: "Graz" counts; the partial phone number only when relaxed.
    assert tuple(strict["any"][k] for k in counts) == (3, 3, 2, 2)
    assert tuple(relaxed["any"][k] for k in counts) == (3, 3, 3, 3)
    # Macro over the four types present; undefined values (LOC precision, ADD recall) count as 0.
    assert strict["macro"]["types"] == 4
    assert strict["macro"]["precision"] == pytest.approx((1 + 0 + 0 + 0) / 4)
    assert relaxed["macro"]["recall"] == pytest.approx((1 + 1 + 0 + 0) / 4)
    assert strict["per_type"]["LOC"]["precision"] is None
    assert strict["per_type"]["ADD"]["recall"] is None


def test_relaxed_counts_found_gold_and_correct_predictions_separately() -> None:
    text = "Anna Gruber kam."
    gold = [span(text, "Anna", "PAT"), span(text, "Gruber", "PAT")]  # annotated token by token
    predicted = [Entity(0, 11, "PAT")]
    relaxed = entity_scores([ScoredNote(text, gold, predicted)], ("PAT",), strict=False)["micro"]
    strict = entity_scores([ScoredNote(text, gold, predicted)], ("PAT",), strict=True)["micro"]
    assert (relaxed["found"], relaxed["correct"], relaxed["recall"], relaxed["precision"]) == (2, 1, 1.0, 1.0)
    assert (strict["found"], strict["correct"]) == (0, 0)


def test_micro_and_macro_averages_and_f2_by_hand() -> None:
    text = "aaaa, bbbb, cccc, dddd, eeee, ffff, gggg, hhhh"
    at = [Entity(i, i + 4, "") for i in range(0, 46, 6)]

    def typed(index: int, etype: str) -> Entity:
        return Entity(at[index].start, at[index].end, etype)

    gold = [typed(i, "PAT") for i in range(4)] + [typed(4, "PHO")]
    predicted = [typed(0, "PAT"), typed(1, "PAT"), typed(4, "PHO"), typed(5, "PHO"), typed(6, "PHO")]
    scores = entity_scores([ScoredNote(text, gold, predicted)], ("PAT", "PHO", "ZIP"), strict=True)
    pat, pho = scores["per_type"]["PAT"], scores["per_type"]["PHO"]
    assert (pat["precision"], pat["recall"]) == (1.0, 0.5)
    assert pat["f1"] == pytest.approx(2 / 3)
    assert pat["f2"] == pytest.approx(2.5 / 4.5)
    assert (pho["precision"], pho["recall"]) == (pytest.approx(1 / 3), 1.0)
    assert pho["f1"] == pytest.approx(0.5)
    assert pho["f2"] == pytest.approx((5 / 3) / (7 / 3))
    micro, macro = scores["micro"], scores["macro"]
    assert (micro["precision"], micro["recall"], micro["f1"], micro["f2"]) == pytest.approx((0.6,) * 4)
    assert macro["types"] == 2  # ZIP has neither gold nor predictions: not averaged
    assert macro["precision"] == pytest.approx((1 + 1 / 3) / 2)
    assert macro["recall"] == pytest.approx(0.75)
    assert macro["f1"] == pytest.approx((2 / 3 + 0.5) / 2)
    assert macro["f2"] == pytest.approx((2.5 / 4.5 + 5 / 7) / 2)
    assert scores["per_type"]["ZIP"]["f1"] is None


# ------------------------------------------------------------------------- tokens and leaks


def test_token_level_counts_word_tokens_touched_by_spans() -> None:
    text = "Anna Gruber kam aus Graz heute."
    gold = [span(text, "Anna Gruber", "PAT"), Entity(text.index("Graz"), text.index("Graz") + 2, "LOC")]
    predicted = [span(text, "Gruber", "PER"), span(text, "heute", "PAT")]  # types are ignored
    scores = token_scores([ScoredNote(text, gold, predicted)])
    # Gold tokens: Anna, Gruber, Graz (partly covered); predicted: Gruber, heute.
    assert (scores["tokens"], scores["gold"], scores["predicted"]) == (6, 3, 2)
    assert (scores["tp"], scores["fp"], scores["fn"]) == (1, 1, 2)
    assert scores["precision"] == 0.5
    assert scores["recall"] == pytest.approx(1 / 3)
    assert scores["f1"] == pytest.approx(0.4)


def test_leaks_count_gold_strings_left_verbatim_in_the_masked_text() -> None:
    text = "Anna Gruber rief an. Gruber kommt morgen aus Graz."
    gold = [span(text, "Anna Gruber", "PAT"), span(text, "Gruber", "PAT", 1), span(text, "Graz", "LOC")]
    predicted = [span(text, "Anna", "PAT"), span(text, "Gruber", "PAT"), span(text, "Graz", "LOC")]
    assert apply_placeholders(text, predicted).startswith(f"{PLACEHOLDER} {PLACEHOLDER} rief an. Gruber")
    clean = ScoredNote("Frau Lind ruft an.", [Entity(5, 9, "PAT")], [Entity(5, 9, "PER")])
    leaks = leak_counts([ScoredNote(text, gold, predicted), clean])
    # "Anna Gruber" and "Graz" are gone; the second "Gruber" was missed, so "Gruber" leaks.
    assert leaks == {
        "gold_strings": 4,
        "leaked_strings": 1,
        "notes_with_leak": 1,
        "leaked_by_type": {"PAT": 1},
    }


def test_placeholders_replace_the_union_of_overlapping_spans() -> None:
    assert apply_placeholders("abcdefgh", [Entity(1, 4, "X"), Entity(2, 6, "Y")]) == f"a{PLACEHOLDER}gh"


# --------------------------------------------------------------------- type selection, labels


def test_types_default_all_and_comma_lists() -> None:
    assert parse_types("default") == DEFAULT_TYPES
    assert parse_types("all") == ALL_TYPES
    assert parse_types("all", ["PAT", "IGNORE", "XYZ"]) == (*ALL_TYPES, "XYZ")
    assert parse_types("pat, HCP,PAT") == ("PAT", "HCP")
    assert parse_types("DAT", BUILTIN_LABEL_MAP.values()) == ("DAT",)
    with pytest.raises(ValueError, match="FOO"):
        parse_types("PAT,FOO")
    with pytest.raises(ValueError):
        parse_types(" , ")


def test_types_filter_gold_and_predictions_and_report_the_rest() -> None:
    text = "Frau Lind kam am 3.4. nach Graz, Tel. 0664 1234567."
    gold = [span(text, "Lind", "PAT"), span(text, "3.4.", "DAT"), span(text, "0664 1234567", "PHO")]
    predicted = [span(text, "Lind", "PAT"), span(text, "Graz", "ORG"), span(text, "0664 1234567", "PHO")]
    only_dates = ScoredNote("Am 3.4. kontrolliert.", [Entity(3, 7, "DAT")], [])
    report = evaluate([ScoredNote(text, gold, predicted), only_dates], ("PAT",))
    assert report["types"] == ["PAT"]
    assert (report["gold_spans"], report["predicted_spans"]) == (1, 1)
    assert report["not_evaluated"] == {"gold": {"DAT": 2, "PHO": 1}, "predicted": {"ORG": 1, "PHO": 1}}
    # The dates-only note is negative once DAT is not selected; the phone is not a leak.
    note = report["note_level"]
    assert (note["tp"], note["fp"], note["fn"], note["tn"]) == (1, 0, 0, 1)
    assert report["leaks"]["gold_strings"] == 1
    assert list(report["entity_level"]["strict"]["per_type"]) == ["PAT"]


def test_label_map_objects_are_validated() -> None:
    assert label_map_from_object({"NAME_X": "PER", "DATE": "IGNORE"}) == {"NAME_X": "PER", "DATE": "IGNORE"}
    for bad in ([], {"NAME_X": 3}, {"NAME_X": "per"}, {"": "PER"}):
        with pytest.raises(LabelMapError):
            label_map_from_object(bad)


def test_gold_lines_are_validated_without_quoting_content() -> None:
    good = json.dumps({"id": "a", "text": "Frau Lind.", "gold": [[5, 9, "NAME_PATIENT"]] * 2}).encode()
    notes = parse_gold([good, b"", b"  "])
    assert len(notes) == 1 and notes[0].spans == [(5, 9, "NAME_PATIENT")]  # duplicates kept once
    cases = {
        b"{not json " + SECRET.encode(): "invalid JSON",
        json.dumps([SECRET]).encode(): "not a JSON object",
        json.dumps({"id": "a", "gold": []}).encode(): "missing field 'text'",
        json.dumps({"id": "a", "text": SECRET, "gold": [[0, 99, "X"]]}).encode(): "out of range",
        json.dumps({"id": "a", "text": SECRET, "gold": [[3, 3, "X"]]}).encode(): "out of range",
        json.dumps({"id": "a", "text": SECRET, "gold": [[0, 2]]}).encode(): "not [start, end, label]",
        json.dumps({"id": "a", "text": SECRET, "gold": [[True, 2, "X"]]}).encode(): "not [start, end",
        json.dumps({"id": "a", "text": SECRET, "gold": {}}).encode(): "'gold' is not a list",
        json.dumps({"id": None, "text": SECRET, "gold": []}).encode(): "'id' is not",
        SECRET.encode("latin-1") + b"\xff": "invalid UTF-8",
    }
    for line, reason in cases.items():
        with pytest.raises(GoldError) as info:
            parse_gold([good, line])
        assert info.value.line == 2
        assert reason in info.value.reason
        assert SECRET not in str(info.value)


def test_reports_hold_no_note_text() -> None:
    text = f"Patientin {SECRET} aus {SECRET_PLACE}."
    gold = [span(text, SECRET, "PAT"), span(text, SECRET_PLACE, "LOC")]
    report = evaluate([ScoredNote(text, gold, [span(text, SECRET, "PAT")])], DEFAULT_TYPES)
    dumped = json.dumps(report)
    assert SECRET not in dumped and SECRET_PLACE not in dumped
    assert report["leaks"]["leaked_strings"] == 1


# ------------------------------------------------------------------------------ the command

GOLD_RECORDS = [
    {
        "id": "n1",
        "text": "Frau Zirbleitner ruft an, Tel. 0664 7391842.",
        "gold": [[5, 16, "NAME_PATIENT"], [31, 43, "CONTACT_PHONE"]],
    },
    {"id": "n2", "text": "Befund unauffaellig, keine Beschwerden.", "gold": []},
    {
        "id": "n3",
        "text": "Herr Dr. Quastlhuber kontrolliert am 3.4.2024.",
        "gold": [[5, 8, "NAME_TITLE"], [9, 20, "NAME_DOCTOR"], [37, 45, "DATE"]],
    },
    {
        "id": f"{SECRET}-record",
        "text": f"Patientin {SECRET} aus {SECRET_PLACE}, Mail {SECRET.lower()}@example.org",
        "gold": [],  # filled in below
    },
    {"id": "n5", "text": "Zirbleitner stabil.", "gold": [[0, 11, "NAME_PATIENT"]]},
]
_secret_text = GOLD_RECORDS[3]["text"]
GOLD_RECORDS[3]["gold"] = [
    [_secret_text.index(SECRET), _secret_text.index(SECRET) + len(SECRET), "NAME_PATIENT"],
    [_secret_text.index(SECRET_PLACE), _secret_text.index(SECRET_PLACE) + len(SECRET_PLACE), "LOCATION_CITY"],
    [_secret_text.index("Mail ") + 5, len(_secret_text), "CONTACT_EMAIL"],
]

_LEXICON: dict[str, object] = {}


@pytest.fixture
def run_eval(workdir: Path, monkeypatch: pytest.MonkeyPatch):
    """``deid eval ARGS...`` through a local typer app that registers ``eval_command`` as the
    CLI will; the default lexicon is built once per session (speed only)."""
    real_build = lexicon_loading.build_lexicon

    def build_lexicon(options: DictionaryOptions, dict_dirs=(), **kwargs):
        if not dict_dirs and options == DictionaryOptions():
            if "lexicon" not in _LEXICON:
                _LEXICON["lexicon"] = real_build(options, **kwargs)
            return _LEXICON["lexicon"]
        return real_build(options, dict_dirs, **kwargs)

    monkeypatch.setattr(lexicon_loading, "build_lexicon", build_lexicon)
    app = typer.Typer(rich_markup_mode="rich")

    @app.callback()
    def _root() -> None:
        """Test app."""

    app.command("eval", epilog=EVAL_EPILOG)(eval_command)
    runner = CliRunner()

    def invoke(*args: str | Path):
        result = runner.invoke(app, ["eval", *(str(a) for a in args)])
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return result

    return invoke


def write_gold(path: Path, records: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return path


def assert_no_secret(*outputs: str) -> None:
    for output in outputs:
        joined = re.sub(r"\s+", "", _ANSI.sub("", output))
        for secret in (SECRET, SECRET_PLACE, SECRET.lower()):
            assert secret not in output and secret not in joined, f"{secret!r} was printed"


ENTITY_KEYS = {"gold", "predicted", "found", "correct", "precision", "recall", "f1", "f2"}


def test_eval_json_output_schema(run_eval, workdir: Path) -> None:
    gold = write_gold(workdir / "gold.jsonl", GOLD_RECORDS)
    result = run_eval(gold, "--json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["schema"] == "deid-eval/1"
    assert report["settings"]["vote"] == "first" and report["settings"]["learn"] is True
    assert report["notes"] == 5 and report["types"] == list(DEFAULT_TYPES)
    assert report["gold_spans"] == 7
    assert report["not_evaluated"]["gold"] == {"DAT": 1}
    assert report["ignored_labels"] == {"NAME_TITLE": 1}
    note = report["note_level"]
    assert note["tp"] + note["fp"] + note["fn"] + note["tn"] == 5
    assert note["fp"] + note["tn"] == 1
    for metric in ("accuracy", "sensitivity", "specificity", "precision"):
        assert set(note[metric]) == {"value", "ci95", "method"}
    for mode in ("strict", "relaxed"):
        scores = report["entity_level"][mode]
        assert list(scores["per_type"]) == list(DEFAULT_TYPES)
        assert set(scores["micro"]) == ENTITY_KEYS
        assert set(scores["macro"]) == {"types", "precision", "recall", "f1", "f2"}
        assert scores["micro"]["gold"] == scores["any"]["gold"] == 7
    token_keys = {"tokens", "gold", "predicted", "tp", "fp", "fn", "precision", "recall", "f1"}
    assert set(report["token_level"]) == token_keys
    leaks = report["leaks"]
    assert set(leaks) == {"gold_strings", "leaked_strings", "notes_with_leak", "leaked_by_type"}
    assert leaks["leaked_strings"] >= 1 and leaks["leaked_by_type"].get("LOC") == 1  # the planted place
    assert_no_secret(result.stdout, result.stderr)


def test_eval_tables_print_counts_but_never_note_text(run_eval, workdir: Path) -> None:
    gold = write_gold(workdir / "gold.jsonl", GOLD_RECORDS)
    result = run_eval(gold, "--types", "all")
    assert result.exit_code == 0, result.stderr
    out = " ".join(_ANSI.sub("", result.stdout).split())
    for heading in ("Note level", "Entity level, strict", "Entity level, relaxed", "Token level"):
        assert heading in out
    assert "micro" in out and "macro" in out and "any PHI" in out
    assert "leaked gold strings:" in out and "notes with a leak:" in out
    assert "ignored (not PHI): 1 gold spans (NAME_TITLE 1)" in out
    assert_no_secret(result.stdout, result.stderr)


def test_eval_runs_both_passes_like_deid_run(run_eval, workdir: Path) -> None:
    gold = write_gold(workdir / "gold.jsonl", GOLD_RECORDS)
    learned = json.loads(run_eval(gold, "--json").stdout)
    unlearned = json.loads(run_eval(gold, "--json", "--no-learn").stdout)
    assert learned["settings"]["learned_references"] >= 1
    assert unlearned["settings"]["learned_references"] == 0
    # "Zirbleitner stabil." is masked only with the name learned from "Frau Zirbleitner".
    found = learned["entity_level"]["relaxed"]["any"]["found"]
    assert found == unlearned["entity_level"]["relaxed"]["any"]["found"] + 1
    voted = run_eval(gold, "--json", "--vote", "all")
    assert voted.exit_code == 0 and json.loads(voted.stdout)["settings"]["vote"] == "all"


def test_eval_types_option_filters_and_rejects_unknown_types(run_eval, workdir: Path) -> None:
    gold = write_gold(workdir / "gold.jsonl", GOLD_RECORDS)
    report = json.loads(run_eval(gold, "--json", "--types", "pho,MAI").stdout)
    assert report["types"] == ["PHO", "MAI"]
    assert report["gold_spans"] == 2
    assert report["not_evaluated"]["gold"] == {"DAT": 1, "HCP": 1, "LOC": 1, "PAT": 3}
    bad = run_eval(gold, "--types", "PAT,NOPE")
    assert bad.exit_code == 2 and "NOPE" in bad.stderr


def test_unknown_gold_labels_are_a_usage_error_listing_them(run_eval, workdir: Path) -> None:
    records = [
        *GOLD_RECORDS,
        {"id": "x", "text": f"{SECRET} ok", "gold": [[0, 5, "NAME_WIZARD"]]},
        {"id": "y", "text": f"{SECRET} ok", "gold": [[0, 5, f"Frau {SECRET}"]]},  # text as a label
    ]
    gold = write_gold(workdir / "gold.jsonl", records)
    result = run_eval(gold)
    assert result.exit_code == 2
    assert "NAME_WIZARD" in result.stderr and "--label-map" in result.stderr
    assert "1 that do not look like label names" in result.stderr
    assert_no_secret(result.stdout, result.stderr)


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("labels.json", '{"NAME_WIZARD": "PER", "DATE": "IGNORE", "NAME_TITLE": "HCP"}'),
        ("labels.toml", 'NAME_WIZARD = "PER"\nDATE = "IGNORE"\nNAME_TITLE = "HCP"\n'),
    ],
)
def test_label_map_file_overrides_and_extends_the_builtin_map(
    run_eval, workdir: Path, name: str, content: str
) -> None:
    records = [*GOLD_RECORDS, {"id": "x", "text": "Ruth ok", "gold": [[0, 4, "NAME_WIZARD"]]}]
    gold = write_gold(workdir / "gold.jsonl", records)
    (workdir / name).write_text(content, encoding="utf-8")
    result = run_eval(gold, "--label-map", name, "--json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["ignored_labels"] == {"DATE": 1}  # DATE ignored; NAME_TITLE now counts as HCP
    assert report["not_evaluated"]["gold"] == {}
    assert report["entity_level"]["strict"]["per_type"]["HCP"]["gold"] == 2
    assert report["entity_level"]["strict"]["per_type"]["PER"]["gold"] == 1


def test_unusable_label_map_is_a_usage_error(run_eval, workdir: Path) -> None:
    gold = write_gold(workdir / "gold.jsonl", GOLD_RECORDS)
    (workdir / "labels.json").write_text('{"NAME_WIZARD": "wizard"}', encoding="utf-8")
    (workdir / "broken.json").write_text("{nope", encoding="utf-8")
    for name in ("labels.json", "broken.json"):
        result = run_eval(gold, "--label-map", name)
        assert result.exit_code == 2
        assert name in result.stderr


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ('{"id": "b", "text": "' + SECRET + '", "gold": [[0, 99, "NAME_PATIENT"]]}', "out of range"),
        ('{"id": "b", "text": "' + SECRET + '"', "invalid JSON"),
        ('{"id": "b", "text": "' + SECRET + '"}', "missing field 'gold'"),
    ],
)
def test_bad_gold_file_is_an_input_error_with_file_and_line(
    run_eval, workdir: Path, line: str, reason: str
) -> None:
    gold = workdir / "gold.jsonl"
    gold.write_text(json.dumps(GOLD_RECORDS[0]) + "\n\n" + line + "\n", encoding="utf-8")
    result = run_eval(gold)
    assert result.exit_code == 1
    assert "gold.jsonl:3: " in result.stderr and reason in result.stderr
    assert result.stdout == ""
    assert_no_secret(result.stdout, result.stderr)


def test_empty_gold_file_is_an_empty_evaluation_with_a_warning(run_eval, workdir: Path) -> None:
    gold = workdir / "gold.jsonl"
    gold.write_text("\n", encoding="utf-8")
    result = run_eval(gold)
    assert result.exit_code == 0 and f"warning: {gold}: no records" in result.stderr
    assert "leaked gold strings: 0 of 0" in result.stdout


def test_eval_help_documents_options_and_exit_statuses(run_eval) -> None:
    result = run_eval("--help")
    assert result.exit_code == 0
    text = " ".join(_ANSI.sub("", result.stdout).split())
    for option in ("--label-map", "--json", "--types", "--vote", "--learn", "--dict-dir"):
        assert option in text
    assert "Exit statuses" in text
