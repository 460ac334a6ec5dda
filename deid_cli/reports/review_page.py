"""The ``deid review`` page: one self-contained HTML file (inline CSS and JavaScript, no network).

Every piece of note text goes through ``html.escape``; the only data handed to the script is a
small settings object, embedded as JSON with ``<``, ``>`` and ``&`` escaped so that no string
can close the ``<script>`` element. A Content-Security-Policy forbids any load from elsewhere.
The reviewers' marks live in the open page only (never in browser storage) until exported.
"""

from __future__ import annotations

import html
import json
import re

from deid_cli.reports.review import ReviewNote, ReviewPage, ShownSpan

DOWNLOAD_NAME = "deid-corrections.json"

TYPE_NAMES: dict[str, str] = {
    "PAT": "patient",
    "HCP": "health-care professional",
    "PER": "other person",
    "SIT": "medical site",
    "WEB": "URL",
    "MAI": "e-mail address",
    "ADD": "street address",
    "PHO": "phone number",
    "ZIP": "postcode",
    "LOC": "city or place",
    "DAT": "date",
    "AGE": "age",
    "ID": "identifier",
    "ORG": "organization",
    "PRO": "profession",
}
# Light backgrounds that keep black text readable and stay apart from each other.
TYPE_COLOURS: dict[str, str] = {
    "PAT": "#ffb3b3",
    "HCP": "#a9d4ff",
    "PER": "#ffd39b",
    "SIT": "#bfeab5",
    "WEB": "#d9d9d9",
    "MAI": "#b8ecff",
    "ADD": "#f3df7f",
    "PHO": "#9fe6dc",
    "ZIP": "#f2c4ea",
    "LOC": "#d5c6ff",
    "DAT": "#e3efa0",
    "AGE": "#ffc4d6",
    "ID": "#cfd3f5",
    "ORG": "#b9dcc9",
    "PRO": "#efd6bd",
}
PHI_WARNING = "Contains original patient data — do not share."

# Characters HTML does not allow as text; shown as U+FFFD.
_NOT_HTML_TEXT = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def html_text(value: str) -> str:
    """Note text as HTML character data."""
    return html.escape(_NOT_HTML_TEXT.sub("\ufffd", value), quote=False)


def html_attr(value: str) -> str:
    """A value for a quoted HTML attribute."""
    return html.escape(_NOT_HTML_TEXT.sub("\ufffd", value), quote=True)


def script_json(data: object) -> str:
    """JSON that is safe inside a ``<script>`` element (no ``</script>``, no ``<!--``)."""
    dumped = json.dumps(data, ensure_ascii=False)
    return dumped.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def _span_title(span: ShownSpan) -> str:
    return f"{span.type} ({TYPE_NAMES.get(span.type, span.type)}), masker {span.masker} — click: mark wrong"


def _mark(span: ShownSpan, index: int, content: str) -> str:
    return (
        f'<mark class="phi t-{html_attr(span.type)}" data-span="{index}" data-type="{html_attr(span.type)}" '
        f'data-masker="{html_attr(span.masker)}" title="{html_attr(_span_title(span))}" '
        f'tabindex="0" role="button" aria-pressed="false">{html_text(content)}</mark>'
    )


def _panes(note: ReviewNote) -> tuple[str, str]:
    original: list[str] = []
    masked: list[str] = []
    index = 0
    for segment in note.segments():
        if isinstance(segment, str):
            original.append(html_text(segment))
            masked.append(html_text(segment))
            continue
        original.append(_mark(segment, index, note.text[segment.start : segment.end]))
        masked.append(_mark(segment, index, segment.replacement))
        index += 1
    return "".join(original), "".join(masked)


def _counts(note: ReviewNote) -> str:
    if not note.spans:
        return '<p class="counts none">no spans detected</p>'
    chips = "".join(
        f'<li class="chip t-{html_attr(etype)}" title="{html_attr(TYPE_NAMES.get(etype, etype))}">'
        f"{html_text(etype)} <b>{count}</b></li>"
        for etype, count in note.counts.items()
    )
    return f'<ul class="counts" aria-label="spans per type">{chips}</ul>'


def render_note(note: ReviewNote, position: int) -> str:
    original, masked = _panes(note)
    rank = f' <span class="rank">{html_text(note.rank.label)}</span>' if note.rank is not None else ""
    plural = "" if len(note.spans) == 1 else "s"
    return f"""
<section class="note" id="note-{position + 1}" data-note-index="{position}"
 data-note-id="{html_attr(note.note_id)}" data-span-count="{len(note.spans)}">
 <h2><span class="position">#{position + 1}</span> <span class="note-id">{html_text(note.note_id)}</span>
  <span class="source">{html_text(note.source)}</span>
  <span class="stratum">{len(note.spans)} pseudonymization{plural}
   (stratum {html_text(note.stratum)})</span>{rank}</h2>
 {_counts(note)}
 <div class="panes">
  <div class="pane"><h3>Original</h3><div class="text original" lang="de">{original}</div></div>
  <div class="pane"><h3>Pseudonymized</h3><div class="text pseudonymized" lang="de">{masked}</div></div>
 </div>
 <ul class="missed-list" aria-label="marked as PHI"></ul>
</section>"""


def _legend(page: ReviewPage) -> str:
    totals: dict[str, int] = {}
    for note in page.notes:
        for etype, count in note.counts.items():
            totals[etype] = totals.get(etype, 0) + count
    items = "".join(
        f'<li><span class="swatch t-{html_attr(etype)}"></span><b>{html_text(etype)}</b> '
        f'{html_text(TYPE_NAMES.get(etype, etype))} <span class="n">({totals.get(etype, 0)})</span></li>'
        for etype in page.types
    )
    return (
        f'<ul class="legend" aria-label="legend">{items}'
        '<li><span class="swatch wrong-swatch"></span>marked wrong</li>'
        '<li><span class="swatch missed-swatch"></span>marked as PHI</li></ul>'
    )


def _strata_table(page: ReviewPage) -> str:
    rows = "".join(
        f"<tr><td>{html_text(row.label)}</td><td>{row.in_corpus}</td><td>{row.sampled}</td></tr>"
        for row in page.strata
    )
    return (
        '<table class="strata"><caption>Pseudonymizations per note</caption>'
        "<thead><tr><th>stratum</th><th>notes in corpus</th><th>sampled</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
    )


def _type_options(page: ReviewPage) -> str:
    default = "PAT" if "PAT" in page.types else (page.types[0] if page.types else "")
    return "".join(
        f'<option value="{html_attr(etype)}"{" selected" if etype == default else ""}>'
        f"{html_text(etype)} – {html_text(TYPE_NAMES.get(etype, etype))}</option>"
        for etype in page.types
    )


def _colour_css() -> str:
    return "\n".join(f".t-{etype} {{ --c: {colour}; }}" for etype, colour in TYPE_COLOURS.items())


def render_page(page: ReviewPage) -> str:
    """The whole review page as one HTML string."""
    notes = "".join(render_note(note, i) for i, note in enumerate(page.notes))
    settings = {"download": DOWNLOAD_NAME, "types": page.types}
    summary = (
        f"{len(page.notes)} of {page.notes_in_corpus} notes, stratified by pseudonymizations per note; "
        f"seed {page.seed} (<code>--seed {page.seed}</code> draws the same sample); "
        f"{page.learned_references} names learned from context; shown in {html_text(page.ordering)}."
    )
    sources = ", ".join(html_text(s) for s in page.sources)
    return f"""<!DOCTYPE html>
<!-- CONFIDENTIAL: this file contains original patient data. Do not share it. -->
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<meta http-equiv="Content-Security-Policy"
 content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; form-action 'none'">
<title>deid review – CONFIDENTIAL, original patient data</title>
<style>
{_colour_css()}
{_CSS}
</style>
</head>
<body>
<div class="phi-warning" role="alert"><strong>{PHI_WARNING}</strong>
 This page shows the notes <em>before</em> pseudonymization. Keep it on the protected system, do not
 e-mail, upload or print it, and delete it when the review is done. The exported corrections file holds
 names too: treat it like a patient list.</div>
<header>
 <h1>deid review</h1>
 <p class="summary">{summary}</p>
 <p class="summary">Input: {sources}</p>
 {_strata_table(page)}
</header>
<div class="toolbar" role="toolbar" aria-label="review tools">
 {_legend(page)}
 <div class="controls">
  <label>type <select id="mark-type">{_type_options(page)}</select></label>
  <button type="button" id="mark-phi">Mark selection as PHI</button>
  <button type="button" id="export">Export corrections</button>
  <span id="status" role="status" aria-live="polite">No marks yet.</span>
 </div>
</div>
<p class="help">Click a coloured span that is <b>not</b> PHI to mark it wrong (click again to undo;
 hover to see its type and masker). Select a missed word or phrase in an <b>Original</b> pane, choose its
 type and press <b>Mark selection as PHI</b>. <b>Export corrections</b> downloads
 <code>{DOWNLOAD_NAME}</code>; use it as <code>deid run … --corrections {DOWNLOAD_NAME}</code>.
 Marks are kept only while this page is open.</p>
<main>{notes}
</main>
<script type="application/json" id="deid-review-settings">{script_json(settings)}</script>
<script>
{_JS}
</script>
</body>
</html>
"""


_CSS = """
* { box-sizing: border-box; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; color: #1b1b1b;
  background: #f6f6f4; }
.phi-warning { background: #a40000; color: #fff; padding: .7em 1.2em; font-size: 1.05em; }
header, main, .help { padding: 0 1.2em; }
h1 { margin: .5em 0 .2em; font-size: 1.5em; }
.summary { margin: .2em 0; color: #333; }
table.strata { border-collapse: collapse; margin: .5em 0 .8em; font-size: .9em; }
table.strata caption { text-align: left; font-weight: 600; }
table.strata td, table.strata th { border: 1px solid #ccc; padding: .15em .6em; text-align: right;
  background: #fff; }
table.strata td:first-child, table.strata th:first-child { text-align: left; }
.toolbar { position: sticky; top: 0; z-index: 5; background: #fff; border-bottom: 1px solid #bbb;
  padding: .4em 1.2em; box-shadow: 0 2px 4px rgba(0,0,0,.06); }
.legend { list-style: none; margin: 0 0 .3em; padding: 0; display: flex; flex-wrap: wrap; gap: .3em 1em;
  font-size: .85em; }
.legend .n { color: #666; }
.swatch { display: inline-block; width: 1.1em; height: 1.1em; vertical-align: -.2em; margin-right: .3em;
  border-radius: 3px; background: var(--c, #eee); border: 1px solid rgba(0,0,0,.25); }
.wrong-swatch { background: repeating-linear-gradient(45deg, #fff 0 3px, #c00 3px 5px); }
.missed-swatch { background: #fff; border: 2px dashed #d25400; }
.controls { display: flex; flex-wrap: wrap; gap: .6em; align-items: center; }
.controls button { font: inherit; padding: .25em .8em; cursor: pointer; }
#status { color: #444; font-size: .9em; }
.help { color: #444; font-size: .9em; }
section.note { background: #fff; margin: 1em 0; padding: .6em 1em 1em; border: 1px solid #d5d5d5;
  border-radius: 6px; }
section.note h2 { font-size: 1em; margin: 0 0 .3em; display: flex; flex-wrap: wrap; gap: .8em;
  align-items: baseline; }
.position { color: #777; }
.source, .stratum { font-weight: normal; color: #555; font-size: .9em; }
.rank { font-weight: 600; color: #8a1c00; }
.counts { list-style: none; margin: 0 0 .5em; padding: 0; display: flex; flex-wrap: wrap; gap: .3em; }
.counts.none { color: #777; font-size: .85em; }
.chip { background: var(--c, #eee); border-radius: 3px; padding: 0 .45em; font-size: .85em; }
.panes { display: grid; grid-template-columns: 1fr 1fr; gap: 1em; }
.pane h3 { font-size: .8em; text-transform: uppercase; letter-spacing: .05em; color: #666; margin: 0 0 .2em; }
.text { white-space: pre-wrap; overflow-wrap: anywhere; background: #fcfcfb; border: 1px solid #e2e2e2;
  padding: .5em .7em; border-radius: 4px; min-height: 2.5em; }
mark.phi { background: var(--c, #eee); color: inherit; border-radius: 3px; padding: 0 1px; cursor: pointer;
  box-shadow: inset 0 -2px 0 rgba(0,0,0,.18); }
mark.phi:hover, mark.phi:focus { outline: 2px solid #333; }
mark.phi.wrong { background: repeating-linear-gradient(45deg, #fff 0 5px, #fbe0e0 5px 8px);
  text-decoration: line-through 1px #c00; outline: 2px solid #c00; }
mark.missed { background: #fff1e0; color: inherit; border: 2px dashed #d25400; border-radius: 3px; }
.missed-list { list-style: none; margin: .5em 0 0; padding: 0; font-size: .9em; }
.missed-list li { margin: .15em 0; }
.missed-list button { font-size: .85em; margin-left: .5em; }
@media (max-width: 800px) { .panes { grid-template-columns: 1fr; } }
"""

_JS = """
(function () {
  "use strict";
  var settings = JSON.parse(document.getElementById("deid-review-settings").textContent);
  var wrong = new Map();   // "note:span" -> the span's original text
  var missed = new Map();  // id -> {note, text, type, mark}
  var nextId = 1;
  var exported = true;
  var status = document.getElementById("status");

  function noteOf(el) { return el.closest("section.note"); }
  function elementOf(node) { return node.nodeType === 1 ? node : node.parentElement; }

  function describe() {
    var parts = [wrong.size + " marked wrong", missed.size + " marked as PHI"];
    var marked = wrong.size + missed.size > 0;
    var state = !marked ? "." : exported ? "; exported." : " (not exported yet).";
    status.textContent = parts.join(", ") + state;
  }
  function changed() { exported = false; describe(); }

  function toggleWrong(mark) {
    var note = noteOf(mark);
    var key = note.dataset.noteIndex + ":" + mark.dataset.span;
    var on = !wrong.has(key);
    var selector = 'mark.phi[data-span="' + mark.dataset.span + '"]';
    if (on) {
      wrong.set(key, note.querySelector(".original " + selector).textContent.trim());
    } else {
      wrong.delete(key);
    }
    note.querySelectorAll(selector).forEach(function (m) {
      m.classList.toggle("wrong", on);
      m.setAttribute("aria-pressed", on ? "true" : "false");
    });
    changed();
  }

  document.addEventListener("click", function (event) {
    var mark = event.target.closest("mark.phi");
    if (!mark || !window.getSelection().isCollapsed) return;  // a drag selects text, it does not mark
    toggleWrong(mark);
  });
  document.addEventListener("keydown", function (event) {
    var mark = event.target.closest && event.target.closest("mark.phi");
    if (mark && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      toggleWrong(mark);
    }
  });

  function removeMissed(id) {
    var entry = missed.get(id);
    if (!entry) return;
    missed.delete(id);
    if (entry.mark) entry.mark.replaceWith.apply(entry.mark, Array.from(entry.mark.childNodes));
    entry.item.remove();
    changed();
  }

  function markSelection() {
    var selection = window.getSelection();
    if (!selection.rangeCount || selection.isCollapsed) {
      status.textContent = "Select a missed word or phrase in an Original pane first.";
      return;
    }
    var range = selection.getRangeAt(0);
    var pane = elementOf(range.commonAncestorContainer).closest(".text.original");
    if (!pane) {
      status.textContent = "Select the missed text inside one Original pane.";
      return;
    }
    var phrase = selection.toString().replace(/\\s+/g, " ").trim();
    if (!phrase) return;
    var type = document.getElementById("mark-type").value;
    var note = noteOf(pane);
    var id = nextId++;
    var mark = document.createElement("mark");
    mark.className = "missed";
    mark.dataset.type = type;
    mark.title = "marked as PHI (" + type + ")";
    try { range.surroundContents(mark); } catch (error) { mark = null; }  // spans several elements
    var item = document.createElement("li");
    item.appendChild(document.createTextNode("Marked as PHI (" + type + "): \\u201c" + phrase + "\\u201d"));
    var undo = document.createElement("button");
    undo.type = "button";
    undo.textContent = "remove";
    undo.addEventListener("click", function () { removeMissed(id); });
    item.appendChild(undo);
    note.querySelector(".missed-list").appendChild(item);
    missed.set(id, {note: note.dataset.noteIndex, text: phrase, type: type, mark: mark, item: item});
    selection.removeAllRanges();
    changed();
  }

  function corrections() {
    var keep = Array.from(new Set(wrong.values())).filter(Boolean);
    var seen = new Set();
    var mask = [];
    missed.forEach(function (entry) {
      var key = entry.type + "\\u0000" + entry.text;
      if (!seen.has(key)) { seen.add(key); mask.push({text: entry.text, type: entry.type}); }
    });
    return {keep: keep, mask: mask};
  }

  function exportCorrections() {
    var body = JSON.stringify(corrections(), null, 2) + "\\n";
    var url = URL.createObjectURL(new Blob([body], {type: "application/json"}));
    var link = document.createElement("a");
    link.href = url;
    link.download = settings.download;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
    exported = true;
    describe();
  }

  var markButton = document.getElementById("mark-phi");
  // Pressing the button must not clear the text selection it acts on.
  markButton.addEventListener("mousedown", function (event) { event.preventDefault(); });
  markButton.addEventListener("click", markSelection);
  document.getElementById("export").addEventListener("click", exportCorrections);
})();
"""
