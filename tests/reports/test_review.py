"""``deid review``: stratified sampling, the self-contained review page, and the review loop
(mark in the browser, export corrections, feed them to ``deid run``).

Every name in these notes is invented; Pfaffenstaller, Quendelhofer and Hofbrunninger are in no
bundled dictionary.
"""

from __future__ import annotations

import json
import re
import stat
import time
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from deid_cli.corpus.corpus_file import CorpusFile
from deid_cli.detection.detector import Detector
from deid_cli.detection.lexicon.loading import DictionaryOptions, load_lexicon
from deid_cli.reports.review import NoteRank, ReviewCorpus, ReviewNote, collect_review
from deid_cli.reports.review_page import render_page
from deid_cli.reports.review_sample import STRATA, allocate, stratified_sample, stratum_index

# ----------------------------------------------------------------------------------- helpers


class _PageNotes(HTMLParser):
    """Per note section: its id and the (text, type, title) of the marks in each pane."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.notes: list[dict] = []
        self._pane: str | None = None
        self._mark: dict | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag == "section" and "note" in classes:
            self.notes.append({"id": a["data-note-id"], "original": [], "pseudonymized": []})
        elif tag == "div" and "text" in classes:
            self._pane = "original" if "original" in classes else "pseudonymized"
        elif tag == "mark" and "phi" in classes and self._pane:
            self._mark = {"text": "", "type": a["data-type"], "title": a["title"]}

    def handle_data(self, data: str) -> None:
        if self._mark is not None:
            self._mark["text"] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "mark" and self._mark is not None and self._pane:
            self.notes[-1][self._pane].append(self._mark)
            self._mark = None
        elif tag == "div":
            self._pane = None


class _Tags(HTMLParser):
    """Every element name and attribute name in a page."""

    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()
        self.attributes: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.names.add(tag)
        self.attributes.update(name for name, _value in attrs)


def page_notes(path: Path) -> list[dict]:
    parser = _PageNotes()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.notes


def write_jsonl(path: Path, records: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return path


def email_note(note_id: str, k: int) -> dict:
    """A note with exactly k e-mail addresses (each one pseudonymization) and nothing else."""
    addresses = ", ".join(f"stelle{i}@beispiel.example" for i in range(k))
    text = f"Befund besprochen. Kontakt: {addresses}." if k else "Befund besprochen, alles stabil."
    return {"id": note_id, "text": text}


# Notes per number of e-mail addresses: strata 0 | 1 | 2-3 | 4-6 | 7+ hold 30, 20, 10, 6, 2 notes.
EMAIL_CORPUS = {0: 30, 1: 20, 2: 6, 3: 4, 4: 2, 5: 2, 6: 2, 8: 2}
STRATUM_OF_K = {0: "0", 1: "1", 2: "2-3", 3: "2-3", 4: "4-6", 5: "4-6", 6: "4-6", 8: "7+"}


@pytest.fixture
def email_corpus(workdir: Path) -> Path:
    records = [email_note(f"k{k}-{i}", k) for k, n in EMAIL_CORPUS.items() for i in range(n)]
    return write_jsonl(workdir / "corpus.jsonl", records)


def sampled_ids(path: Path) -> list[str]:
    return [note["id"] for note in page_notes(path)]


# ----------------------------------------------------------------------------- sampling units


def test_strata_boundaries_are_0_1_2to3_4to6_7plus() -> None:
    labels = [STRATA[stratum_index(k)][0] for k in (0, 1, 2, 3, 4, 6, 7, 50)]
    assert labels == ["0", "1", "2-3", "2-3", "4-6", "4-6", "7+", "7+"]


def test_allocation_is_proportional_with_at_least_one_per_non_empty_stratum() -> None:
    # Quotas for 20 of 1000: 10, 6, 3, 0.9, 0.1 -> the two small strata are raised to one each,
    # and the one note too many is taken from the largest stratum.
    assert allocate([500, 300, 150, 45, 5], 20) == [9, 6, 3, 1, 1]
    # Quotas for 10 of 20: 5, 0, 3.5, 1.5, 0 -> empty strata get nothing; the one note left goes
    # by largest remainder, a tie (0.5 and 0.5) to the larger stratum.
    assert allocate([10, 0, 7, 3, 0], 10) == [5, 0, 4, 1, 0]


def test_allocation_takes_everything_when_the_sample_is_at_least_the_corpus() -> None:
    assert allocate([3, 0, 2, 1, 1], 7) == [3, 0, 2, 1, 1]
    assert allocate([3, 0, 2, 1, 1], 500) == [3, 0, 2, 1, 1]


def test_a_sample_smaller_than_the_strata_takes_one_note_from_each_of_the_largest() -> None:
    assert allocate([50, 40, 5, 30, 2], 3) == [1, 1, 0, 1, 0]


def test_stratified_sample_represents_every_non_empty_stratum_and_honours_the_size() -> None:
    counts = [0] * 900 + [1] * 80 + [3] * 15 + [5] * 4 + [12] * 1  # one busy note among 1000
    drawn = stratified_sample(counts, 20, seed=4)
    assert len(drawn) == len(set(drawn)) == 20
    strata = Counter(stratum_index(counts[p]) for p in drawn)
    assert set(strata) == {0, 1, 2, 3, 4}
    assert strata[0] >= 10  # the big quiet stratum still dominates, as its share demands


def test_stratified_sample_is_reproducible_with_a_seed() -> None:
    counts = [i % 9 for i in range(400)]
    assert stratified_sample(counts, 30, seed=99) == stratified_sample(counts, 30, seed=99)


def test_stratified_sample_larger_than_the_corpus_takes_all_notes() -> None:
    counts = [0, 4, 1, 8, 2]
    assert stratified_sample(counts, 200, seed=1) == [0, 1, 2, 3, 4]


# ------------------------------------------------------------------------------- the command


def test_review_samples_every_non_empty_stratum_of_the_corpus(deid, email_corpus: Path) -> None:
    result = deid("review", email_corpus, "-o", "review.html", "--sample", "10", "--seed", "3", "-q")
    assert result.exit_code == 0, result.output
    ids = sampled_ids(Path("review.html"))
    assert len(ids) == 10
    sampled_strata = {STRATUM_OF_K[int(i.split("-")[0][1:])] for i in ids}
    assert sampled_strata == {"0", "1", "2-3", "4-6", "7+"}


def test_review_draws_the_same_sample_again_with_the_same_seed(deid, email_corpus: Path) -> None:
    for name in ("a.html", "b.html"):
        assert deid("review", email_corpus, "-o", name, "--sample", "12", "--seed", "8", "-q").exit_code == 0
    assert sampled_ids(Path("a.html")) == sampled_ids(Path("b.html"))


def test_review_of_a_sample_larger_than_the_corpus_shows_every_note(deid, email_corpus: Path) -> None:
    assert deid("review", email_corpus, "-o", "review.html", "--sample", "1000", "-q").exit_code == 0
    assert sorted(sampled_ids(Path("review.html"))) == sorted(
        f"k{k}-{i}" for k, n in EMAIL_CORPUS.items() for i in range(n)
    )


def test_review_page_shows_the_spans_deid_run_detects(deid, read_jsonl, workdir: Path) -> None:
    notes = [
        {"id": "a", "text": "Frau Quendelhofer kommt zur Kontrolle, Rückruf unter 0664 1234567."},
        {"id": "b", "text": "Visite mit Dr. Hofbrunninger. Ödeme bds. Herz ok, Lunge frei."},
        {"id": "c", "text": "Befund unauffällig."},
        {"id": "d", "text": "Nachbarin Anna Kapfgartner bringt Pat. zur Kontrolle nach Wels."},
    ]
    corpus = write_jsonl(workdir / "notes.jsonl", notes)
    assert deid("run", corpus, "-o", "masked.jsonl", "--spans", "spans.jsonl", "-q").exit_code == 0
    expected = {row["id"]: row["spans"] for row in read_jsonl(Path("spans.jsonl"))}
    texts = {n["id"]: n["text"] for n in notes}
    assert deid("review", corpus, "-o", "review.html", "-q").exit_code == 0
    shown = {note["id"]: note for note in page_notes(Path("review.html"))}
    assert set(shown) == set(texts)
    for note_id, spans in expected.items():
        original = shown[note_id]["original"]
        assert [m["text"] for m in original] == [texts[note_id][s["start"] : s["end"]] for s in spans]
        assert [m["type"] for m in original] == [s["type"] for s in spans]
        # The hover text names the type and the masker that found the span.
        for mark, span in zip(original, spans, strict=True):
            assert span["type"] in mark["title"] and span["masker"] in mark["title"]
        tags = [m["text"] for m in shown[note_id]["pseudonymized"]]
        assert [t[1:4].rstrip("-") for t in tags] == [s["type"] for s in spans]
        assert all(re.fullmatch(r"\[[A-Z]{2,3}-[A-Z0-9]{6}\]", t) for t in tags)
    assert expected["c"] == [] and shown["c"]["original"] == []


def test_review_reads_csv_with_several_text_fields_as_one_note_each(deid, workdir: Path) -> None:
    (workdir / "notes.csv").write_text(
        "nr;befund;anamnese\n7;Frau Quendelhofer stabil.;keine Allergien\n", encoding="utf-8"
    )
    result = deid(
        "review", "notes.csv", "-o", "review.html", "--id-field", "nr",
        "--text-field", "befund", "--text-field", "anamnese", "-q",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    notes = {note["id"]: note for note in page_notes(Path("review.html"))}
    assert set(notes) == {"7 · befund", "7 · anamnese"}
    assert [m["text"] for m in notes["7 · befund"]["original"]] == ["Quendelhofer"]
    assert notes["7 · anamnese"]["original"] == []


def test_review_page_is_private_warns_and_loads_nothing_from_the_network(deid, email_corpus: Path) -> None:
    Path("review.html").write_text("old", encoding="utf-8")
    Path("review.html").chmod(0o644)
    assert deid("review", email_corpus, "-o", "review.html", "--sample", "5", "-q").exit_code == 0
    assert stat.S_IMODE(Path("review.html").stat().st_mode) == 0o600
    page = Path("review.html").read_text(encoding="utf-8")
    assert "Contains original patient data — do not share." in page
    assert not re.search(r"https?:", page, re.IGNORECASE)
    tags = _Tags()
    tags.feed(page)
    assert not tags.names & {"link", "img", "iframe", "object", "embed", "base", "form", "audio", "video"}
    assert not tags.attributes & {"src", "href", "srcset", "action", "poster", "background"}
    assert "url(" not in page and "@import" not in page
    assert "default-src 'none'" in page  # the browser itself refuses any load
    assert not list(Path.cwd().glob(".review.html.deid-tmp-*"))


def test_review_page_escapes_markup_in_notes(deid, workdir: Path) -> None:
    hostile = "Befund </script><script>alert(1)</script> <b>fett</b> & Frau Quendelhofer"
    corpus = write_jsonl(workdir / "notes.jsonl", [{"id": 'x"><i>', "text": hostile}])
    assert deid("review", corpus, "-o", "review.html", "-q").exit_code == 0
    page = Path("review.html").read_text(encoding="utf-8")
    assert "<script>alert(1)" not in page and "<b>fett</b>" not in page and '"><i>' not in page
    assert "&lt;/script&gt;&lt;script&gt;alert(1)" in page
    assert page.count("<script") == 2  # the settings and the page's own script, nothing from the note
    [note] = page_notes(Path("review.html"))
    assert note["id"] == 'x"><i>'
    assert [m["text"] for m in note["original"]] == ["Quendelhofer"]


def test_a_ranker_puts_the_highest_ranked_notes_first_with_their_label(deid, workdir: Path) -> None:
    # The hook a risk score plugs into: rank each sampled note; unranked notes come last.
    notes = [
        {"id": "quiet", "text": "Befund unauffällig."},
        {"id": "busy", "text": "Frau Quendelhofer, Dr. Hofbrunninger, Rückruf 0664 1234567."},
        {"id": "one", "text": "Frau Quendelhofer stabil."},
    ]
    corpus = ReviewCorpus([CorpusFile(write_jsonl(workdir / "notes.jsonl", notes))])
    detector = Detector(load_lexicon(DictionaryOptions(), None, None, None))

    def by_spans(note: ReviewNote) -> NoteRank | None:
        return NoteRank(len(note.spans), f"risk {len(note.spans)}") if note.spans else None

    page = collect_review(corpus, detector, seed=1, ranker=by_spans, ordering="highest risk first")
    assert [n.note_id for n in page.notes] == ["busy", "one", "quiet"]
    html = render_page(page)
    assert html.index('data-note-id="busy"') < html.index("risk 1") < html.index('data-note-id="quiet"')
    assert "highest risk first" in html
    unranked = collect_review(ReviewCorpus(corpus.files), detector, seed=1)
    assert [n.note_id for n in unranked.notes] == ["quiet", "busy", "one"]
    assert "corpus order" in render_page(unranked)


# ------------------------------------------------------------------------------------ errors


def test_review_reports_a_bad_record_by_file_and_line_without_its_content(deid, workdir: Path) -> None:
    path = workdir / "notes.jsonl"
    path.write_text('{"id": "1", "text": "ok"}\n{"id": "2", "text": "Frau Zirbleitner\n', encoding="utf-8")
    result = deid("review", path, "-o", "review.html", "-q")
    assert result.exit_code == 1
    assert "notes.jsonl:2:" in result.stderr
    assert "Zirbleitner" not in result.output
    assert not Path("review.html").exists()


def test_review_can_skip_bad_records_and_report_them(deid, workdir: Path) -> None:
    path = workdir / "notes.jsonl"
    path.write_text('{"id": "1", "text": "Frau Zirbleitner ok"}\nnot json\n', encoding="utf-8")
    result = deid("review", path, "-o", "review.html", "--on-error", "skip", "-q")
    assert result.exit_code == 0
    assert "notes.jsonl:2:" in result.stderr
    assert sampled_ids(Path("review.html")) == ["1"]


@pytest.mark.parametrize(
    "args",
    [
        ("missing.jsonl", "-o", "review.html"),
        ("notes.jsonl", "-o", "review.html", "--sample", "0"),
        ("notes.jsonl", "-o", "notes.jsonl"),
        ("notes.jsonl", "-o", "review.html", "--types", "PAT,XYZ"),
    ],
    ids=["missing input", "empty sample", "output is the input", "unknown type"],
)
def test_review_usage_errors_exit_2_and_write_nothing(deid, workdir: Path, args: tuple[str, ...]) -> None:
    write_jsonl(workdir / "notes.jsonl", [{"id": "1", "text": "Frau Zirbleitner ok"}])
    result = deid("review", *args)
    assert result.exit_code == 2, result.output
    assert not Path("review.html").exists()
    assert json.loads(Path("notes.jsonl").read_text(encoding="utf-8"))["text"] == "Frau Zirbleitner ok"


def test_review_help_shows_examples(deid) -> None:
    result = deid("review", "--help")
    assert result.exit_code == 0
    assert "deid review examples/notes.jsonl -o review.html" in result.stdout
    assert "--corrections" in result.stdout and "--sample" in result.stdout and "--seed" in result.stdout


# ------------------------------------------------------------------------- the browser loop


def _wait_for_file(directory: Path, name: str, timeout: float = 15.0) -> Path:
    """Chromium writes a download under a temporary name first; wait for the final file."""
    deadline = time.monotonic() + timeout
    path = directory / name
    while time.monotonic() < deadline:
        if path.is_file() and path.stat().st_size > 0:
            return path
        time.sleep(0.1)
    raise AssertionError(f"no download {name} in {directory}")


def _texts_by_id(path: Path, read_jsonl) -> dict[str, str]:
    return {row["id"]: row["text"] for row in read_jsonl(path)}


def test_review_in_browser_marks_export_corrections_that_the_next_run_applies(
    deid, read_jsonl, workdir: Path, browser, artefacts_dir: Path
) -> None:
    notes = [
        # "Uli" after a dose is a misread unit that deid masks as a person: a false positive.
        {"id": "n1", "text": "Frau Quendelhofer kommt zur Kontrolle. Insulin 12 Uli, BZ stabil."},
        # A surname with no context and in no dictionary: deid misses it.
        {"id": "n2", "text": "Termin mit Pfaffenstaller vereinbart."},
        {"id": "n3", "text": "Visite mit Dr. Hofbrunninger, Rückruf unter 0664 1234567."},
    ]
    corpus = write_jsonl(workdir / "notes.jsonl", notes)
    first = deid("run", corpus, "-o", "before.jsonl", "--spans", "spans.jsonl", "--seed", "1", "-q")
    assert first.exit_code == 0, first.output
    before = _texts_by_id(Path("before.jsonl"), read_jsonl)
    assert "Uli" not in before["n1"] and "Pfaffenstaller" in before["n2"]  # the two mistakes to review
    span_counts = {row["id"]: len(row["spans"]) for row in read_jsonl(Path("spans.jsonl"))}

    assert deid("review", corpus, "-o", "review.html", "--seed", "1", "-q").exit_code == 0
    for stale in browser.download_dir.glob("deid-corrections*.json"):
        stale.unlink()
    browser.get((workdir / "review.html").as_uri())

    warning = browser.find_element(By.CSS_SELECTOR, ".phi-warning")
    assert warning.is_displayed() and "do not share" in warning.text
    legend = browser.find_elements(By.CSS_SELECTOR, ".legend li")
    assert {"PAT", "HCP", "PER"} <= {li.text.split()[0] for li in legend if li.is_displayed()}
    for note_id, count in span_counts.items():
        section = browser.find_element(By.CSS_SELECTOR, f'section.note[data-note-id="{note_id}"]')
        for pane in ("original", "pseudonymized"):
            marks = section.find_elements(By.CSS_SELECTOR, f".text.{pane} mark.phi")
            assert len(marks) == count and all(m.is_displayed() for m in marks)

    # Mark the false positive wrong: both panes show it.
    n1 = browser.find_element(By.CSS_SELECTOR, 'section.note[data-note-id="n1"]')
    [uli] = [m for m in n1.find_elements(By.CSS_SELECTOR, ".original mark.phi") if m.text == "Uli"]
    uli.click()
    index = uli.get_attribute("data-span")
    for mark in n1.find_elements(By.CSS_SELECTOR, f'mark.phi[data-span="{index}"]'):
        assert "wrong" in mark.get_attribute("class").split()

    # Select the missed surname in the original pane and mark it as a patient.
    Select(browser.find_element(By.ID, "mark-type")).select_by_value("PAT")
    browser.execute_script(
        """
        const pane = document.querySelector('section.note[data-note-id="n2"] .text.original');
        const node = pane.firstChild;
        const start = node.data.indexOf("Pfaffenstaller");
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, start + "Pfaffenstaller".length);
        const selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
        """
    )
    browser.find_element(By.ID, "mark-phi").click()
    n2 = browser.find_element(By.CSS_SELECTOR, 'section.note[data-note-id="n2"]')
    missed = n2.find_element(By.CSS_SELECTOR, ".original mark.missed")
    assert missed.text == "Pfaffenstaller" and missed.is_displayed()
    assert "Pfaffenstaller" in n2.find_element(By.CSS_SELECTOR, ".missed-list").text

    browser.find_element(By.ID, "export").click()
    browser.save_screenshot(str(artefacts_dir / "review.png"))
    download = _wait_for_file(browser.download_dir, "deid-corrections.json")
    corrections = json.loads(download.read_text(encoding="utf-8"))
    assert corrections == {"keep": ["Uli"], "mask": [{"text": "Pfaffenstaller", "type": "PAT"}]}

    result = deid("run", corpus, "-o", "after.jsonl", "--corrections", download, "--seed", "1", "-q")
    assert result.exit_code == 0, result.output
    after = _texts_by_id(Path("after.jsonl"), read_jsonl)
    assert "Insulin 12 Uli, BZ stabil." in after["n1"]
    assert "Quendelhofer" not in after["n1"]
    assert "Pfaffenstaller" not in after["n2"]
    assert re.fullmatch(r"Termin mit \[PAT-[A-Z0-9]{6}\] vereinbart\.", after["n2"])
    assert after["n3"] == before["n3"]


# ------------------------------------------------------------------------------- risk ordering


def test_review_risk_shows_the_note_no_other_patient_resembles_first(deid, workdir: Path) -> None:
    # Eleven patients share profession and diagnosis; one patient's note adds a rare age and a
    # rare diagnosis that nobody else has. It comes last in the corpus, first on the page.
    records = [
        {
            "id": f"c{i}",
            "patient_id": f"P{i:02d}",
            "text": "Uhrmacher, Sarkoidose bekannt. Befund besprochen.",
        }
        for i in range(11)
    ]
    records.append(
        {"id": "rare", "patient_id": "PX", "text": "Uhrmacher, im 93. Lebensjahr, Morbus Fabry, Sarkoidose."}
    )
    write_jsonl(workdir / "notes.jsonl", records)
    run = deid(
        "review", "notes.jsonl", "-o", "review.html", "--risk", "--group-field", "patient_id",
        "--seed", "3", "--quiet",
    )  # fmt: skip
    assert run.exit_code == 0, run.stderr
    page = (workdir / "review.html").read_text(encoding="utf-8")
    assert sampled_ids(workdir / "review.html")[0] == "rare"
    assert "highest re-identification risk first" in page
    labels = re.findall(r'<span class="rank">risk (low|moderate|high) \(', page)
    assert len(labels) == len(records) and labels[0] == "high" and set(labels[1:]) == {"low"}


def test_review_without_risk_keeps_corpus_order(deid, workdir: Path) -> None:
    records = [{"id": f"n{i}", "text": f"Befund {i} besprochen."} for i in range(5)]
    write_jsonl(workdir / "notes.jsonl", records)
    run = deid("review", "notes.jsonl", "-o", "review.html", "--seed", "3", "--quiet")
    assert run.exit_code == 0, run.stderr
    assert sampled_ids(workdir / "review.html") == [r["id"] for r in records]
    assert 'class="rank"' not in (workdir / "review.html").read_text(encoding="utf-8")
