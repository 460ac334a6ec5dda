"""The ``deid stats --html`` report: one self-contained HTML file with tables and inline SVG plots.

Self-contained means no network at view time: no scripts, no fonts, no CDN; the charts are
matplotlib figures (Agg canvas, object API, no pyplot global state) saved as SVG and inlined, and
a Content-Security-Policy forbids every fetch. Every SVG root gets a stable ``id`` (``chart-...``)
and a ``<title>``, and the ids inside each SVG are prefixed with it so they stay unique on the page.
"""

from __future__ import annotations

import io
import re
from html import escape
from pathlib import Path
from typing import Any

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from deid_cli import __version__
from deid_cli.reports.stats_report import (
    describe_distribution,
    describe_label,
    format_number,
    format_pp,
    format_share,
)

CHART_ENTITIES = "chart-entities"
CHART_MASKERS = "chart-maskers"
CHART_PER_NOTE = "chart-pseudonymizations-per-note"
CHART_NOTE_LENGTH = "chart-note-length"
CHART_RISK = "chart-risk"
CHART_ENTITIES_OVER_TIME = "chart-entities-over-time"
CHART_MASKERS_OVER_TIME = "chart-maskers-over-time"
CHART_NOTES_OVER_TIME = "chart-notes-over-time"

# Nothing may be fetched: no script, image, font or style from anywhere; inline styles only.
CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'"
_SVG_METADATA = {"Date": None, "Creator": None, "Format": None, "Type": None}
_RISK_COLOURS = {"low": "#4c9a2a", "moderate": "#e0a100", "high": "#c0392b"}

_CSS = """
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 70rem; color: #1b1b1b;
       padding: 0 1rem; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; }
h2 { font-size: 1.25rem; margin-top: 2.2rem; border-bottom: 1px solid #ccc; padding-bottom: .2rem; }
p.meta { color: #555; margin-top: 0; }
table { border-collapse: collapse; margin: .8rem 0; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 600; padding-bottom: .3rem; }
th, td { border-bottom: 1px solid #e3e3e3; padding: .25rem .7rem; text-align: right; }
td.text, th.text { text-align: left; }
tr.drift td { background: #fde2e0; }
.verdict { padding: .6rem .9rem; border-radius: .3rem; font-weight: 600; }
.verdict.ok { background: #e3f4e1; }
.verdict.drift { background: #fde2e0; }
figure { margin: 1rem 0; }
figure svg { max-width: 100%; height: auto; }
figcaption { color: #555; font-size: .9rem; }
"""


# ------------------------------------------------------------------------------------ charts


def _svg(fig: Figure, chart_id: str, title: str) -> str:
    """``fig`` as an inline ``<svg id=chart_id>`` with a title and page-unique inner ids."""
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": chart_id}):
        fig.savefig(buffer, format="svg", metadata=_SVG_METADATA, bbox_inches="tight")
    svg = buffer.getvalue()
    svg = svg[svg.index("<svg") :]
    svg = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{chart_id}-{m[1]}"', svg)
    svg = re.sub(r"url\(#([^)]+)\)", lambda m: f"url(#{chart_id}-{m[1]})", svg)
    svg = re.sub(r'xlink:href="#([^"]+)"', lambda m: f'xlink:href="#{chart_id}-{m[1]}"', svg)
    root_end = svg.index(">")
    return (
        f'<svg id="{chart_id}" role="img" aria-labelledby="{chart_id}-title"'
        + svg[len("<svg") : root_end + 1]
        + f'<title id="{chart_id}-title">{escape(title)}</title>'
        + svg[root_end + 1 :]
    )


def _figure(width: float, height: float) -> Figure:
    fig = Figure(figsize=(width, height), dpi=100)
    FigureCanvasAgg(fig)
    return fig


def _plain(label: str) -> str:
    """A label matplotlib prints literally ("$" would start math text)."""
    return label.replace("$", r"\$")


def bar_chart(shares: dict[str, dict[str, float]], chart_id: str, title: str, colour: str) -> str:
    """Horizontal bars of counts (names with a count only), each labelled with count and share."""
    rows = [(name, row) for name, row in shares.items() if row["count"]]
    fig = _figure(7.5, 0.9 + 0.32 * max(len(rows), 1))
    ax = fig.add_subplot()
    if rows:
        names = [_plain(name) for name, _ in rows][::-1]
        counts = [row["count"] for _, row in rows][::-1]
        bars = ax.barh(names, counts, color=colour)
        ax.bar_label(
            bars, labels=[f"{row['count']} ({row['proportion']:.1%})" for _, row in rows][::-1], padding=3
        )
        ax.set_xlim(0, max(counts) * 1.25)
    else:
        ax.text(0.5, 0.5, "no pseudonymizations", ha="center", va="center", transform=ax.transAxes)
        ax.set_yticks([])
    ax.set_xlabel("pseudonymizations")
    ax.set_title(title, loc="left")
    ax.spines[["top", "right"]].set_visible(False)
    return _svg(fig, chart_id, title)


def histogram_chart(histogram: dict[str, int], chart_id: str, title: str, xlabel: str) -> str:
    """One bar per bin (bins are already labelled: "0", "6-10", "21+"), notes on the y axis."""
    fig = _figure(7.5, 3.2)
    ax = fig.add_subplot()
    labels, counts = list(histogram), list(histogram.values())
    bars = ax.bar(labels, counts, color="#4a6fa5")
    ax.bar_label(bars, padding=2)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("notes")
    ax.set_ylim(0, max([*counts, 1]) * 1.15)
    ax.set_title(title, loc="left")
    ax.spines[["top", "right"]].set_visible(False)
    return _svg(fig, chart_id, title)


def risk_chart(risk: dict[str, dict[str, float]], chart_id: str, title: str) -> str:
    fig = _figure(7.5, 1.8)
    ax = fig.add_subplot()
    levels = list(risk)[::-1]
    bars = ax.barh(
        levels, [risk[level]["count"] for level in levels], color=[_RISK_COLOURS[lv] for lv in levels]
    )
    ax.bar_label(
        bars, labels=[f"{risk[lv]['count']} ({risk[lv]['proportion']:.1%})" for lv in levels], padding=3
    )
    ax.set_xlim(0, max([risk[lv]["count"] for lv in levels] + [1]) * 1.25)
    ax.set_xlabel("notes")
    ax.set_title(title, loc="left")
    ax.spines[["top", "right"]].set_visible(False)
    return _svg(fig, chart_id, title)


def over_time_chart(metrics: list[dict[str, Any]], files: list[str], chart_id: str, title: str) -> str:
    """One line per metric: its proportion (in %) in each file, files in the order given."""
    fig = _figure(9, 4)
    ax = fig.add_subplot()
    positions = list(range(1, len(files) + 1))
    colours = matplotlib.colormaps["tab20"]
    for index, metric in enumerate(metrics):
        points = [
            (x, p * 100) for x, p in zip(positions, metric["proportions"], strict=True) if p is not None
        ]
        if points:
            colour = _RISK_COLOURS.get(metric["name"]) if metric["kind"] == "risk" else colours(index % 20)
            ax.plot(*zip(*points, strict=True), marker="o", color=colour, label=_plain(_legend(metric)))
    ax.set_xticks(
        positions, [_plain(f"#{i} {_short(Path(f).name)}") for i, f in zip(positions, files, strict=True)]
    )
    ax.tick_params(axis="x", labelrotation=30)
    ax.set_ylabel("share (%)")
    ax.set_ylim(bottom=0)
    ax.set_title(title, loc="left")
    ax.grid(axis="y", color="#e3e3e3")
    ax.spines[["top", "right"]].set_visible(False)
    if ax.lines:
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False, fontsize="small")
    else:
        ax.text(0.5, 0.5, "nothing to compare", ha="center", va="center", transform=ax.transAxes)
    return _svg(fig, chart_id, title)


def _legend(metric: dict[str, Any]) -> str:
    if metric["kind"] == "notes":
        return "notes with ≥1"
    return f"risk {metric['name']}" if metric["kind"] == "risk" else metric["name"]


def _short(name: str, limit: int = 24) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "…"


# ------------------------------------------------------------------------------------ tables


def _table(
    caption: str,
    header: list[str],
    rows: list[list[Any]],
    row_classes: list[str] | None = None,
    text_columns: frozenset[int] = frozenset({0}),
) -> str:
    """An HTML table; columns in ``text_columns`` are left-aligned, the others (numbers) right."""

    def cell(tag: str, index: int, value: object) -> str:
        css = " class='text'" if index in text_columns else ""
        scope = " scope='col'" if tag == "th" else ""
        return f"<{tag}{css}{scope}>{escape(str(value))}</{tag}>"

    head = "".join(cell("th", i, h) for i, h in enumerate(header))
    body = []
    for index, row in enumerate(rows):
        css = f" class='{row_classes[index]}'" if row_classes and row_classes[index] else ""
        body.append(f"<tr{css}>" + "".join(cell("td", i, v) for i, v in enumerate(row)) + "</tr>")
    return (
        f"<table><caption>{escape(caption)}</caption><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>"
    )


def _figure_html(svg: str, caption: str) -> str:
    return f"<figure>{svg}<figcaption>{escape(caption)}</figcaption></figure>"


def _summary(run: dict[str, Any]) -> str:
    records = run["records"]
    per_note = run["pseudonymizations_per_note"]
    rows = [
        [
            "records read / written / rejected",
            f"{records['read']} / {records['written']} / {records['rejected']}",
        ],
        ["notes", run["notes"]],
        ["pseudonymizations", run["pseudonymizations"]],
        ["notes with at least one pseudonymization", format_share(per_note["share_with_any"])],
        ["notes with at most five pseudonymizations", format_share(per_note["share_at_most_5"])],
        ["references learned from context", format_number(run["learned_references"])],
        ["cue phrases learned around names", format_number(run["learned_cues"])],
        ["misspellings linked to a learned name", format_number(run["learned_aliases"])],
        ["places learned from context", format_number(run["learned_places"])],
        [
            "mentions caught only by corpus-wide learning",
            format_number(run["caught_only_by_corpus_learning"]),
        ],
        ["run time (s)", format_number(run["runtime_seconds"])],
        ["throughput (notes/s)", format_number(run["notes_per_second"])],
    ]
    return _table("Run", ["figure", "value"], rows)


def _share_rows(shares: dict[str, dict[str, float]], extra: dict[str, int] | None = None) -> list[list[Any]]:
    rows = []
    for name, row in shares.items():
        if row["count"]:
            cells = [name, row["count"], format_share(row["proportion"])]
            if extra is not None:
                cells.append(format_number(extra.get(name)))
            rows.append(cells)
    return rows


def _run_sections(run: dict[str, Any]) -> list[str]:
    """The latest run's sections: entities, maskers, distributions, and risk if rated."""
    parts = [*_entity_section(run), *_masker_section(run), *_distribution_section(run)]
    if run["risk"]:
        parts += _risk_section(run["risk"])
    return parts


def _entity_section(run: dict[str, Any]) -> list[str]:
    """The paper's Table 6 (entities per type, distinct references) and its bar chart."""
    total = run["pseudonymizations"]
    unused = [name for name, row in run["entities"].items() if not row["count"]]
    return [
        "<section id='entities'><h2>Entity types (paper Table 6)</h2>",
        _table(
            "Pseudonymized entities per type",
            ["type", "count", "share", "distinct references"],
            [
                *_share_rows(run["entities"], run["distinct_references"]),
                ["total", total, format_share(1.0 if total else None), ""],
            ],
        ),
        f"<p>No occurrences: {escape(', '.join(unused)) or '–'}.</p>" if unused else "",
        _figure_html(
            bar_chart(run["entities"], CHART_ENTITIES, "Entities per type", "#4a6fa5"),
            "Pseudonymizations per entity type (count and share of all pseudonymizations).",
        ),
    ]


def _masker_section(run: dict[str, Any]) -> list[str]:
    """The paper's Table 7 (pseudonymizations per masker) and its bar chart; its first line
    also closes the entity section."""
    total = run["pseudonymizations"]
    return [
        "</section><section id='maskers'><h2>Maskers (paper Table 7)</h2>",
        _table(
            "Pseudonymizations per masker (the masker that found the span)",
            ["masker", "count", "share"],
            [*_share_rows(run["maskers"]), ["total", total, format_share(1.0 if total else None)]],
        ),
        _figure_html(
            bar_chart(run["maskers"], CHART_MASKERS, "Actions per masker", "#8e5ea2"),
            "Pseudonymizations per masker (count and share).",
        ),
    ]


def _distribution_section(run: dict[str, Any]) -> list[str]:
    """The paper's Figures 1 and 2: note length and pseudonymizations per note; its first line
    also closes the masker section."""
    length = run["note_length_tokens"]
    per_note = run["pseudonymizations_per_note"]
    return [
        "</section><section id='distributions'><h2>Distributions (paper Figures 1 and 2)</h2>",
        _figure_html(
            histogram_chart(length["histogram"], CHART_NOTE_LENGTH, "Note length", "tokens per note"),
            f"Note length in tokens: {describe_distribution(length)}.",
        ),
        _figure_html(
            histogram_chart(
                per_note["histogram"], CHART_PER_NOTE, "Pseudonymizations per note", "pseudonymizations"
            ),
            f"Pseudonymizations per note: {describe_distribution(per_note)}; "
            f"{format_share(per_note['share_with_any'])} of notes have at least one.",
        ),
        "</section>",
    ]


def _risk_section(risk: dict[str, Any]) -> list[str]:
    """Notes per re-identification risk level, as a table and a chart."""
    return [
        "<section id='risk'><h2>Re-identification risk</h2>",
        _table(
            "Notes per risk level",
            ["level", "notes", "share"],
            [[level, row["count"], format_share(row["proportion"])] for level, row in risk.items()],
        ),
        _figure_html(
            risk_chart(risk, CHART_RISK, "Notes per risk level"),
            "Notes per re-identification risk level.",
        ),
        "</section>",
    ]


_RUNS_HEADER = [
    "#",
    "file",
    "deid",
    "read",
    "written",
    "rejected",
    "notes",
    "pseudonymizations",
    "≥1",
    "s",
    "notes/s",
]


def _comparison_section(report: dict[str, Any]) -> list[str]:
    """Several files: the drift verdict, the runs, each proportion per file, and their trends."""
    parts = ["<section id='comparison'><h2>Comparison over time</h2>"]
    if report["drift"]:
        parts.append(_drift_verdict(report["drift"]))
    parts.append(_runs_table(report["runs"]))
    parts.append(_proportions_table(report))
    parts += _over_time_figures(report["comparison"], report["files"])
    parts.append("</section>")
    return parts


def _drift_verdict(drift: dict[str, Any]) -> str:
    """The --fail-if-drift outcome as a highlighted line."""
    threshold = f"{drift['threshold_pp']:g} pp"
    if drift["drifted"]:
        css, text = "drift", f"Drift: {len(drift['exceeded'])} step(s) moved more than {threshold}."
    else:
        css, text = "ok", f"No proportion moved more than {threshold} between consecutive files."
    return f"<p class='verdict {css}' id='drift-verdict'>{escape(text)}</p>"


def _runs_table(runs: list[dict[str, Any]]) -> str:
    """One row per stats file: records, notes, pseudonymizations, run time and throughput."""
    return _table(
        "Runs, in the order given (oldest first)",
        _RUNS_HEADER,
        [
            [
                index,
                run["file"],
                run["deid_version"] or "–",
                run["records"]["read"],
                run["records"]["written"],
                run["records"]["rejected"],
                run["notes"],
                run["pseudonymizations"],
                format_share(run["pseudonymizations_per_note"]["share_with_any"]),
                format_number(run["runtime_seconds"]),
                format_number(run["notes_per_second"]),
            ]
            for index, run in enumerate(runs, 1)
        ],
        text_columns=frozenset({1, 2}),
    )


def _proportions_table(report: dict[str, Any]) -> str:
    """Each compared proportion in every file and its largest and overall change; drift rows marked."""
    files, metrics, drift = report["files"], report["comparison"], report["drift"]
    flagged = {(row["kind"], row["name"]) for row in drift["exceeded"]} if drift else set()
    header = [
        "proportion",
        *(f"#{i}" for i in range(1, len(files) + 1)),
        "largest step (pp)",
        "first→last (pp)",
    ]
    return _table(
        "Proportions per file and their changes in percentage points (steps between consecutive files)",
        header,
        [
            [
                describe_label(m["kind"], m["name"]),
                *(format_share(p) for p in m["proportions"]),
                format_pp(m["largest_step_pp"]),
                format_pp(m["first_to_last_pp"]),
            ]
            for m in metrics
        ],
        ["drift" if (m["kind"], m["name"]) in flagged else "" for m in metrics],
    )


def _over_time_figures(metrics: list[dict[str, Any]], files: list[str]) -> list[str]:
    """Line charts over the files: entity shares, masker shares, notes with one (and risk levels)."""
    by_kind = {kind: [m for m in metrics if m["kind"] == kind] for kind in ("entity", "masker")}
    notes_and_risk = [m for m in metrics if m["kind"] in ("notes", "risk")]
    return [
        _figure_html(
            over_time_chart(by_kind["entity"], files, CHART_ENTITIES_OVER_TIME, "Entity shares over time"),
            "Share of each entity type among all pseudonymizations, per file.",
        ),
        _figure_html(
            over_time_chart(by_kind["masker"], files, CHART_MASKERS_OVER_TIME, "Masker shares over time"),
            "Share of each masker among all pseudonymizations, per file.",
        ),
        _figure_html(
            over_time_chart(notes_and_risk, files, CHART_NOTES_OVER_TIME, "Notes over time"),
            "Share of notes with at least one pseudonymization"
            + (" and of notes per risk level" if any(m["kind"] == "risk" for m in metrics) else "")
            + ", per file.",
        ),
    ]


def render_html(report: dict[str, Any]) -> str:
    """The whole report page (UTF-8 text)."""
    runs = report["runs"]
    latest = runs[-1]
    several = len(runs) > 1
    heading = f"Latest run: {latest['file']}" if several else f"Run: {latest['file']}"
    version = f" · deid {latest['deid_version']}" if latest["deid_version"] else ""
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        f"<meta http-equiv='Content-Security-Policy' content=\"{CONTENT_SECURITY_POLICY}\">",
        "<meta name='viewport' content='width=device-width, initial-scale=1'>",
        "<title>deid pseudonymization report</title>",
        f"<style>{_CSS}</style></head><body>",
        "<h1>deid pseudonymization report</h1>",
        f"<p class='meta'>{escape(heading)}{escape(version)} · {len(runs)} stats file(s) · "
        "counts only: this report contains no note text and no name.</p>",
    ]
    if several:
        parts += _comparison_section(report)
        parts.append(f"<h2>Latest run in detail</h2><p>{escape(latest['file'])}</p>")
    parts.append("<section id='summary'>" + _summary(latest) + "</section>")
    parts += _run_sections(latest)
    parts.append(
        f"<footer><p class='meta'>Written by deid {escape(__version__)} (deid stats --html).</p></footer>"
    )
    parts.append("</body></html>")
    return "\n".join(part for part in parts if part)


__all__ = [
    "CHART_ENTITIES",
    "CHART_ENTITIES_OVER_TIME",
    "CHART_MASKERS",
    "CHART_MASKERS_OVER_TIME",
    "CHART_NOTES_OVER_TIME",
    "CHART_NOTE_LENGTH",
    "CHART_PER_NOTE",
    "CHART_RISK",
    "render_html",
]
