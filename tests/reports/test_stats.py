"""``deid stats``: the pseudonymization report on one ``--stats`` file and the drift comparison
of several (``deid_cli/stats_command.py``, ``stats_report.py``, ``stats_html.py``).

The stats files come from real runs of ``deid run`` over the example corpus; expected figures
are computed here from the raw counts in those files, never taken from the code under test.
The invented names below appear in no bundled dictionary.
"""

from __future__ import annotations

import csv
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from repo import REPO_ROOT

from deid_cli.reports.stats_report import build_report, summarize

EXAMPLES = REPO_ROOT / "examples" / "notes.jsonl"
SECRET = "Zirbleitner Hofbrunninger"  # planted in broken files: must never be printed
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_SIGNED = re.compile(r"[+-]\d+\.\d\d")


# ----------------------------------------------------------------------------------- helpers


def run_example(deid: Callable, name: str, *options: str) -> dict[str, Any]:
    """``deid run`` over the example corpus writing ``name`` (stats); return the parsed stats."""
    result = deid("run", EXAMPLES, "-o", f"{name}.masked.jsonl", "--stats", name, "-q", *options)
    assert result.exit_code == 0, result.output
    return json.loads(Path(name).read_text(encoding="utf-8"))


def write_json(path: str | Path, data: object) -> Path:
    Path(path).write_text(json.dumps(data), encoding="utf-8")
    return Path(path)


def table_rows(output: str) -> list[list[str]]:
    """Cells of every boxed rich table row (``│ a │ b │``), stripped."""
    rows = []
    for line in _ANSI.sub("", output).splitlines():
        if line.count("│") >= 2:
            rows.append([cell.strip() for cell in line.strip().strip("│").split("│")])
    return rows


def pct(part: int, whole: int) -> str:
    return f"{part / whole:.1%}"


def share(stats: dict, key: str, name: str) -> float:
    """Proportion of ``name`` among all pseudonymizations, from the raw counts of a stats file."""
    counts = {n: row["count"] for n, row in stats[key].items()}
    return counts.get(name, 0) / sum(counts.values())


def compared_proportions(stats: dict) -> dict[tuple[str, str], float]:
    """Every proportion the drift check covers, in percent, computed from a stats file."""
    values = {}
    for kind, key in (("entity", "entities"), ("masker", "maskers")):
        for name in stats[key]:
            values[(kind, name)] = 100 * share(stats, key, name)
    values[("notes", "any")] = 100 * stats["pseudonymizations_per_note"]["share_with_any"]
    if stats.get("risk"):
        total = sum(stats["risk"].values())
        for level, count in stats["risk"].items():
            values[("risk", level)] = 100 * count / total
    return values


def largest_move(before: dict, after: dict) -> tuple[tuple[str, str], float]:
    a, b = compared_proportions(before), compared_proportions(after)
    key = max(a.keys() | b.keys(), key=lambda k: abs(b.get(k, 0.0) - a.get(k, 0.0)))
    return key, abs(b.get(key, 0.0) - a.get(key, 0.0))


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def minimal_stats(entities: dict[str, int], share_with_any: float = 0.5, notes: int = 4) -> dict:
    """A small but complete stats dict, written by hand (one masker found everything)."""
    total = sum(entities.values())
    return {
        "records": {"read": notes, "written": notes, "rejected": 0},
        "notes": notes,
        "pseudonymizations": total,
        "entities": {name: {"count": n, "proportion": 0} for name, n in entities.items()},
        "maskers": {"Salutation": {"count": total, "proportion": 1.0}},
        "pseudonymizations_per_note": {
            "mean": 1.0,
            "median": 1.0,
            "sd": 0.0,
            "min": 0,
            "max": 2,
            "share_with_any": share_with_any,
            "histogram": {"0": notes},
        },
        "note_length_tokens": {
            "mean": 5.0,
            "median": 5.0,
            "sd": 0.0,
            "min": 5,
            "max": 5,
            "histogram": {"0-10": notes},
        },
        "runtime_seconds": 0.5,
        "notes_per_second": 8.0,
    }


# ----------------------------------------------------------------------------- single report


def test_single_run_report_shows_tables_6_and_7_both_histograms_records_and_throughput(deid) -> None:
    stats = run_example(deid, "s.json")
    stats.pop("risk", None)
    write_json("s.json", stats)

    result = deid("stats", "s.json")

    assert result.exit_code == 0, result.output
    out = _ANSI.sub("", result.stdout)
    for heading in ("Table 6", "Table 7", "Figure 1", "Figure 2"):
        assert heading in out
    records = stats["records"]
    assert f"{records['read']} read, {records['written']} written, {records['rejected']} rejected" in out
    assert f"{stats['notes_per_second']:g} notes/s" in out
    assert f"run time {stats['runtime_seconds']:g} s" in out
    rows = table_rows(out)
    total = stats["pseudonymizations"]
    occurring = {name: row["count"] for name, row in stats["entities"].items() if row["count"]}
    assert len(occurring) >= 5
    for name, count in occurring.items():
        distinct = str(stats["distinct_references"][name])
        assert [name, str(count), pct(count, total), distinct] in rows, name
    for name, row in stats["maskers"].items():
        if row["count"]:
            assert [name, str(row["count"]), pct(row["count"], total)] in rows, name
    assert ["total", str(total), "100.0%", ""] in rows
    for key in ("note_length_tokens", "pseudonymizations_per_note"):
        histogram = stats[key]["histogram"]
        bars = {}
        for label, count in histogram.items():
            matching = [r for r in rows if r[:3] == [label, str(count), pct(count, stats["notes"])]]
            assert len(matching) >= 1, (key, label)
            bars[label] = len(matching[-1][3].rstrip())
        fullest = max(histogram, key=histogram.get)
        assert bars[fullest] == max(bars.values()) > 0
        assert all(bars[label] == 0 for label, count in histogram.items() if count == 0)


def test_report_without_risk_key_has_no_risk_table_and_with_it_shows_notes_per_level(deid) -> None:
    stats = run_example(deid, "s.json")
    stats.pop("risk", None)
    write_json("plain.json", stats)
    write_json("risk.json", {**stats, "risk": {"low": 150, "moderate": 38, "high": 12}})

    plain = deid("stats", "plain.json")
    with_risk = deid("stats", "risk.json")

    assert plain.exit_code == 0, plain.output
    assert "risk" not in plain.stdout.lower()
    assert with_risk.exit_code == 0, with_risk.output
    rows = table_rows(with_risk.stdout)
    assert ["low", "150", "75.0%"] in rows
    assert ["moderate", "38", "19.0%"] in rows
    assert ["high", "12", "6.0%"] in rows


# -------------------------------------------------------------------------------- comparison


def _comparison_line(out: str, label: str) -> str:
    lines = [
        line for line in _ANSI.sub("", out).splitlines() if re.search(rf"(^|\s){re.escape(label)}\s", line)
    ]
    assert lines, label
    return lines[-1]


def test_two_runs_are_compared_with_deltas_in_percentage_points(deid) -> None:
    before = run_example(deid, "monday.json")
    after = run_example(deid, "tuesday.json", "--no-learn")

    result = deid("stats", "monday.json", "tuesday.json")

    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "monday.json" in out and "tuesday.json" in out
    for kind, key in (("entity", "entities"), ("masker", "maskers")):
        for name in before[key]:
            if before[key][name]["count"] or after[key][name]["count"]:
                expected = 100 * (share(after, key, name) - share(before, key, name))
                (delta,) = _SIGNED.findall(_comparison_line(out, name))
                assert float(delta) == pytest.approx(expected, abs=0.006), (kind, name)
    # Without learning, the corpus-wide learner finds nothing: its share must drop to 0.
    corpus_name = _comparison_line(out, "CorpusName")
    assert "0.0%" in corpus_name and float(_SIGNED.findall(corpus_name)[0]) < -1
    any_before = before["pseudonymizations_per_note"]["share_with_any"]
    any_after = after["pseudonymizations_per_note"]["share_with_any"]
    (delta,) = _SIGNED.findall(_comparison_line(out, "with ≥1 pseud."))
    assert float(delta) == pytest.approx(100 * (any_after - any_before), abs=0.006)


def test_fail_if_drift_exits_3_above_the_threshold_and_0_below_it(deid) -> None:
    before = run_example(deid, "monday.json")
    after = run_example(deid, "tuesday.json", "--no-learn")
    (_, name), moved = largest_move(before, after)
    assert moved > 2  # switching learning off is a real change in the masker mix

    above = deid("stats", "monday.json", "tuesday.json", "--fail-if-drift", f"{moved - 0.5:.2f}")
    below = deid("stats", "monday.json", "tuesday.json", "--fail-if-drift", f"{moved + 0.5:.2f}")
    same = deid("stats", "monday.json", "monday.json", "--fail-if-drift", "0")

    assert above.exit_code == 3, above.output
    drift_lines = [line for line in above.stderr.splitlines() if line.startswith("drift: ")]
    assert any(name in line and "monday.json -> tuesday.json" in line for line in drift_lines)
    assert len(drift_lines) == 1  # only the largest move is above (largest - 0.5)
    assert below.exit_code == 0, below.output
    assert "no drift" in below.stdout and "drift:" not in below.stderr
    assert same.exit_code == 0, same.output


def test_drift_is_judged_between_consecutive_files_so_a_dip_and_recovery_is_caught(deid) -> None:
    before = run_example(deid, "monday.json")
    dip = run_example(deid, "tuesday.json", "--no-learn")
    shutil.copy("monday.json", "wednesday.json")
    _, moved = largest_move(before, dip)
    threshold = f"{moved - 0.5:.2f}"

    result = deid(
        "stats", "monday.json", "tuesday.json", "wednesday.json", "--fail-if-drift", threshold, "--json"
    )

    assert result.exit_code == 3, result.output
    steps = {(row["from_file"], row["to_file"]) for row in json.loads(result.stdout)["drift"]["exceeded"]}
    assert steps == {("monday.json", "tuesday.json"), ("tuesday.json", "wednesday.json")}
    # First against last alone shows no movement at all.
    assert deid("stats", "monday.json", "wednesday.json", "--fail-if-drift", "0").exit_code == 0


def test_a_change_in_the_risk_mix_alone_counts_as_drift(deid) -> None:
    stats = run_example(deid, "s.json")
    write_json("monday.json", {**stats, "risk": {"low": 160, "moderate": 30, "high": 10}})
    write_json("tuesday.json", {**stats, "risk": {"low": 140, "moderate": 30, "high": 30}})

    result = deid("stats", "monday.json", "tuesday.json", "--fail-if-drift", "5")
    calm = deid("stats", "monday.json", "tuesday.json", "--fail-if-drift", "10")

    assert result.exit_code == 3, result.output
    drift_lines = [line for line in result.stderr.splitlines() if line.startswith("drift: ")]
    assert len(drift_lines) == 2
    assert any("risk level high +10.00 pp" in line for line in drift_lines)
    assert any("risk level low -10.00 pp" in line for line in drift_lines)
    assert calm.exit_code == 0, calm.output  # exactly 10 pp is not more than 10


def test_drift_threshold_is_strict_and_in_percentage_points() -> None:
    # PAT goes from 3 of 4 (75 %) to 2 of 4 (50 %): a move of exactly 25 points.
    runs = [
        summarize(minimal_stats({"PAT": 3, "HCP": 1}), "a.json"),
        summarize(minimal_stats({"PAT": 2, "HCP": 2}), "b.json"),
    ]

    at_threshold = build_report(runs, 25.0)["drift"]
    below_threshold = build_report(runs, 24.99)["drift"]

    assert at_threshold["drifted"] is False
    assert {(row["name"], row["delta_pp"]) for row in below_threshold["exceeded"]} == {
        ("PAT", -25.0),
        ("HCP", 25.0),
    }


# ------------------------------------------------------------------------------ JSON and CSV


def test_json_report_carries_the_runs_and_its_run_summaries_read_back_unchanged(deid) -> None:
    stats = run_example(deid, "s.json")

    first = deid("stats", "s.json", "--json")

    assert first.exit_code == 0, first.output
    report = json.loads(first.stdout)
    assert report["schema"] == "deid-stats-report/1"
    assert report["files"] == ["s.json"] and report["comparison"] is None
    (run,) = report["runs"]
    assert {n: r["count"] for n, r in run["entities"].items()} == {
        n: r["count"] for n, r in stats["entities"].items()
    }
    assert run["records"] == stats["records"]
    assert run["pseudonymizations_per_note"]["histogram"] == stats["pseudonymizations_per_note"]["histogram"]
    write_json("summary.json", run)
    second = deid("stats", "summary.json", "--json")
    assert second.exit_code == 0, second.output
    assert json.loads(second.stdout)["runs"][0] == {**run, "file": "summary.json"}


def test_csv_tables_are_parsable_and_match_the_json_report(deid, workdir: Path) -> None:
    monday = run_example(deid, "monday.json")
    run_example(deid, "tuesday.json", "--types", "all")
    tuesday = json.loads(Path("tuesday.json").read_text())
    write_json("monday.json", {**monday, "risk": {"low": 150, "moderate": 40, "high": 10}})
    write_json("tuesday.json", {**tuesday, "risk": {"low": 120, "moderate": 50, "high": 30}})

    result = deid("stats", "monday.json", "tuesday.json", "--csv", "tables", "--json", "--fail-if-drift", "5")

    assert result.exit_code == 3, result.output  # --types all moves the entity mix a lot
    report = json.loads(result.stdout)
    tables = workdir / "tables"
    assert sorted(p.name for p in tables.iterdir()) == [
        "comparison.csv",
        "entities.csv",
        "histogram_note_length_tokens.csv",
        "histogram_pseudonymizations_per_note.csv",
        "maskers.csv",
        "risk.csv",
        "runs.csv",
    ]
    entities = read_csv(tables / "entities.csv")
    assert [(r["file"], r["entity"], int(r["count"]), float(r["proportion"])) for r in entities] == [
        (run["file"], name, row["count"], row["proportion"])
        for run in report["runs"]
        for name, row in run["entities"].items()
    ]
    for raw, file in ((monday, "monday.json"), (tuesday, "tuesday.json")):
        counts = {r["entity"]: int(r["count"]) for r in entities if r["file"] == file}
        assert counts == {name: row["count"] for name, row in raw["entities"].items()}
    maskers = read_csv(tables / "maskers.csv")
    assert [(r["file"], r["masker"], int(r["count"]), float(r["proportion"])) for r in maskers] == [
        (run["file"], name, row["count"], row["proportion"])
        for run in report["runs"]
        for name, row in run["maskers"].items()
    ]
    for key in ("pseudonymizations_per_note", "note_length_tokens"):
        rows = read_csv(tables / f"histogram_{key}.csv")
        assert [(r["file"], r["bin"], int(r["notes"])) for r in rows] == [
            (run["file"], label, n) for run in report["runs"] for label, n in run[key]["histogram"].items()
        ]
    runs = read_csv(tables / "runs.csv")
    assert [
        (r["file"], int(r["records_read"]), int(r["records_rejected"]), float(r["notes_per_second"]))
        for r in runs
    ] == [
        (run["file"], run["records"]["read"], run["records"]["rejected"], run["notes_per_second"])
        for run in report["runs"]
    ]
    risk = read_csv(tables / "risk.csv")
    assert [(r["file"], r["level"], int(r["notes"])) for r in risk] == [
        ("monday.json", "low", 150),
        ("monday.json", "moderate", 40),
        ("monday.json", "high", 10),
        ("tuesday.json", "low", 120),
        ("tuesday.json", "moderate", 50),
        ("tuesday.json", "high", 30),
    ]
    comparison = read_csv(tables / "comparison.csv")
    assert [(r["kind"], r["name"], float(r["delta_pp"])) for r in comparison] == [
        (m["kind"], m["name"], m["deltas_pp"][0]) for m in report["comparison"]
    ]
    flagged = {(r["kind"], r["name"]) for r in comparison if r["exceeds_threshold"] == "true"}
    assert flagged == {(row["kind"], row["name"]) for row in report["drift"]["exceeded"]}
    assert ("risk", "high") in flagged and ("entity", "DAT") in flagged
    # Owner-only like every output (0600 by default, whatever the umask), no temp files left behind.
    assert all((p.stat().st_mode & 0o777) == 0o600 for p in tables.iterdir())


# ---------------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("case", "content", "where"),
    [
        ("missing", None, ""),
        ("directory", None, ""),
        ("empty", b"", ""),
        ("broken JSON", f'{{\n  "notes": 3\n  "text": "{SECRET}"\n}}'.encode(), ":3:3"),
        ("not UTF-8", f'{{"name": "{SECRET}"}}'.encode("utf-16"), ":1"),
        ("a JSON list", json.dumps([SECRET]).encode(), ""),
        ("masked corpus instead of stats", None, ":2:1"),
        ("a name where a type belongs", None, ""),
        ("counts that do not add up", None, ""),
    ],
)
def test_unusable_stats_file_exits_1_naming_the_file_and_never_its_content(
    deid, workdir: Path, case: str, content: bytes | None, where: str
) -> None:
    stats = run_example(deid, "good.json")
    bad = workdir / "bad.json"
    if case == "directory":
        bad.mkdir()
    elif case == "masked corpus instead of stats":
        bad.write_text(
            "\n".join(json.dumps({"id": i, "text": f"Frau {SECRET} kam."}) for i in range(3)),
            encoding="utf-8",
        )
    elif case == "a name where a type belongs":
        stats["entities"][SECRET] = {"count": 0, "proportion": 0.0}
        write_json(bad, stats)
    elif case == "counts that do not add up":
        stats["entities"]["PAT"]["count"] += 1
        write_json(bad, stats)
    elif content is not None:
        bad.write_bytes(content)
    Path("report.html").write_text("previous report", encoding="utf-8")

    result = deid("stats", "good.json", "bad.json", "--html", "report.html")

    assert result.exit_code == 1, result.output
    assert f"input error: bad.json{where}: " in result.stderr
    assert "good.json" not in result.stderr
    assert SECRET not in result.output
    for word in SECRET.split():
        assert word not in result.output
    assert result.stdout == ""
    assert Path("report.html").read_text(encoding="utf-8") == "previous report"


def test_usage_errors_exit_2(deid, workdir: Path) -> None:
    run_example(deid, "s.json")
    Path("taken").write_text("a file", encoding="utf-8")
    Path("folder.html").mkdir()

    assert deid("stats").exit_code == 2
    one = deid("stats", "s.json", "--fail-if-drift", "5")
    assert one.exit_code == 2 and "at least two" in one.output
    assert deid("stats", "s.json", "s.json", "--fail-if-drift", "-1").exit_code == 2
    assert deid("stats", "s.json", "s.json", "--fail-if-drift", "lots").exit_code == 2
    assert deid("stats", "s.json", "--csv", "taken").exit_code == 2
    assert deid("stats", "s.json", "--html", "folder.html").exit_code == 2
    assert Path("taken").read_text(encoding="utf-8") == "a file"


def test_help_shows_examples_drift_rule_and_exit_statuses(deid) -> None:
    result = deid("stats", "--help")

    assert result.exit_code == 0
    text = " ".join(_ANSI.sub("", result.stdout).split())
    assert "deid stats stats.json" in text
    assert "--fail-if-drift 5" in text
    assert "consecutive files" in text
    assert "3 drift above --fail-if-drift" in text
    assert "stats" in deid("--help").stdout


# ---------------------------------------------------------------------------------- HTML


_EXTERNAL_REFERENCES_JS = """
const values = [];
for (const el of document.querySelectorAll('*')) {
  for (const attr of el.attributes) {
    if (['src', 'href', 'xlink:href', 'srcset', 'action', 'poster', 'data'].includes(attr.name)) {
      values.push(attr.value);
    }
    if (attr.name === 'style' && /url\\(/.test(attr.value)) values.push(attr.value);
  }
}
for (const style of document.querySelectorAll('style')) {
  if (/@import|url\\((?!#)/.test(style.textContent)) values.push(style.textContent);
}
return values;
"""


def _svg_ids(browser) -> dict[str, str]:
    return browser.execute_script(
        "const r = {}; for (const s of document.querySelectorAll('svg[id]'))"
        " r[s.id] = (s.querySelector(':scope > title') || {}).textContent || ''; return r;"
    )


def _svg_texts(browser, chart_id: str) -> list[str]:
    """The text elements of one chart (labels, legend), as the browser renders them."""
    return browser.execute_script(
        "return Array.from(document.querySelectorAll(`#${arguments[0]} text`)).map(t => t.textContent)",
        chart_id,
    )


def test_html_report_is_self_contained_and_has_every_chart(
    deid, workdir: Path, browser, artefacts_dir: Path
) -> None:
    run_example(deid, "monday.json")
    run_example(deid, "tuesday.json", "--no-learn")
    tuesday = run_example(deid, "wednesday.json", "--types", "all")
    write_json("wednesday.json", {**tuesday, "risk": {"low": 150, "moderate": 40, "high": 10}})
    Path("report.html").write_text("old report", encoding="utf-8")

    result = deid("stats", "monday.json", "tuesday.json", "wednesday.json", "--html", "report.html")

    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in workdir.iterdir() if "report" in p.name) == ["report.html"]
    browser.get((workdir / "report.html").as_uri())
    charts = _svg_ids(browser)
    assert charts == {
        "chart-entities-over-time": "Entity shares over time",
        "chart-maskers-over-time": "Masker shares over time",
        "chart-notes-over-time": "Notes over time",
        "chart-entities": "Entities per type",
        "chart-maskers": "Actions per masker",
        "chart-note-length": "Note length",
        "chart-pseudonymizations-per-note": "Pseudonymizations per note",
        "chart-risk": "Notes per risk level",
    }
    for chart_id in charts:
        size = browser.execute_script(
            f"return document.getElementById('{chart_id}').getBoundingClientRect().width"
        )
        assert size > 200, chart_id
    entity_labels = _svg_texts(browser, "chart-entities")
    total = tuesday["pseudonymizations"]
    for name, row in tuesday["entities"].items():
        if row["count"]:
            assert name in entity_labels
            assert f"{row['count']} ({row['count'] / total:.1%})" in entity_labels
    assert {"PAT", "HCP", "DAT"} <= set(_svg_texts(browser, "chart-entities-over-time"))
    assert (
        browser.execute_script("return document.querySelectorAll('script, link, img, iframe, object').length")
        == 0
    )
    for value in browser.execute_script(_EXTERNAL_REFERENCES_JS):
        assert value.startswith("#"), value
    ids = browser.execute_script("return Array.from(document.querySelectorAll('[id]')).map(e => e.id)")
    assert len(ids) == len(set(ids)), "element ids must be unique across the inlined SVGs"
    height = browser.execute_script("return document.body.scrollHeight")
    browser.set_window_size(1400, min(height + 100, 8000))
    browser.save_screenshot(str(artefacts_dir / "stats_report.png"))
    browser.set_window_size(1400, 1000)


def test_html_report_of_one_run_has_the_four_charts_and_no_trends(deid, workdir: Path, browser) -> None:
    stats = run_example(deid, "s.json")
    stats.pop("risk", None)
    write_json("s.json", stats)

    result = deid("stats", "s.json", "--html", "out/report.html")

    assert result.exit_code == 0, result.output
    browser.get((workdir / "out" / "report.html").as_uri())
    assert set(_svg_ids(browser)) == {
        "chart-entities",
        "chart-maskers",
        "chart-note-length",
        "chart-pseudonymizations-per-note",
    }
    page = browser.find_element("tag name", "body").text
    assert (
        f"{stats['records']['read']} / {stats['records']['written']} / {stats['records']['rejected']}" in page
    )
    assert "no note text" in page
