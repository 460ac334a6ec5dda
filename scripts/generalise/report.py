"""Generates, runs deid and formats the result: per family a person table, a measure table and
a table of the other PHI (issue 17), Markdown or JSON.

Why Markdown: the same table is pasted into docs/evaluation.md; only counts and ratios are
printed, never note text or names.
"""

from __future__ import annotations

from generalise.classes import CLASSES, KINDS, PHI_CLASSES
from generalise.compose import generate
from generalise.runner import run_deid
from generalise.score import score


def evaluate(family: str, count: int, seed: int) -> dict[str, object]:
    """Letters and notes of one family, each run through deid as its own corpus."""
    result: dict[str, object] = {"family": family, "count": count, "seed": seed}
    all_records: list[dict] = []
    all_detected: dict = {}
    all_masked: dict = {}
    for kind in KINDS:
        records = generate(family, kind, count, seed)
        detected, masked = run_deid(records)
        result[kind] = score(records, detected, masked)
        all_records += records
        all_detected.update(detected)
        all_masked.update(masked)
    result["all"] = score(all_records, all_detected, all_masked)
    return result


def _fmt(value: object) -> str:
    return "–" if value is None else f"{value:.3f}" if isinstance(value, float) else str(value)


def markdown(result: dict) -> str:
    fam, overall = result["family"], result["all"]
    lines = [
        f"### {fam} family ({result['count']} letters + {result['count']} notes, seed {result['seed']})",
        "",
        "| class | mentions | token recall | fully masked |",
        "| --- | ---: | ---: | ---: |",
    ]
    for key in (*CLASSES, "listed", "unlisted", "all"):
        row = overall["classes"][key]
        label = f"**{key}**" if key == "all" else key
        lines.append(
            f"| {label} | {row['mentions']} | {_fmt(row['token_recall'])} | {_fmt(row['fully_masked'])} |"
        )
    lines += ["", "| measure | letters | notes | all |", "| --- | ---: | ---: | ---: |"]
    measures = (
        ("name-token recall", lambda s: s["classes"]["all"]["token_recall"]),
        ("persons fully masked", lambda s: s["classes"]["all"]["fully_masked"]),
        ("precision (masked chars)", lambda s: s["precision"]),
        ("kept clinical words", lambda s: s["kept_clinical_words"]),
        ("verbatim name leaks", lambda s: s["verbatim_leaks"]),
    )
    for name, get in measures:
        values = [_fmt(get(result[k])) for k in (*KINDS, "all")]
        lines.append(f"| {name} | {' | '.join(values)} |")
    return "\n".join([*lines, "", *phi_table(result)]) + "\n"


def phi_table(result: dict) -> list[str]:
    """Recall per PHI class in letters, notes and both; verbatim leaks over both."""
    lines = [
        "| PHI class | gold | count | recall letters | recall notes | recall | verbatim leaks |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for key in (*PHI_CLASSES, "all"):
        rows = [result[k]["phi"][key] for k in (*KINDS, "all")]
        label = f"**{key}**" if key == "all" else key
        cells = [PHI_CLASSES.get(key, ""), str(rows[2]["count"]), *(_fmt(r["recall"]) for r in rows)]
        lines.append(f"| {label} | {' | '.join(cells)} | {_fmt(rows[2]['verbatim_leaks'])} |")
    return lines
