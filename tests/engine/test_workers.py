"""``deid run --workers N``: detection in forked worker processes changes nothing in what is
written. Every run here with two workers really forks (batches are made small so even the
example corpus is many batches, and a spy on the process pool proves it started), and its
outputs are compared byte for byte with the same run in one process.

All names are invented (checked against the bundled dictionaries).
"""

from __future__ import annotations

import csv
import json
import multiprocessing
import os
import re
import shutil
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from conftest import TAG, Run
from repo import REPO_ROOT

import deid_cli.engine.local as local_engine
import deid_cli.engine.parallel as parallel
from deid_cli.detection.detector import Detector
from deid_cli.detection.learning import NameLearner
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.reports.risk import CorpusRisk, RiskCounts

EXAMPLE = REPO_ROOT / "examples" / "notes.jsonl"
SEED = "7"
BATCH = 16  # texts per batch: the 200 example notes become 13 batches
RUNTIME_FIELDS = ("runtime_seconds", "notes_per_second")


@pytest.fixture
def pools(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Small batches, and the size of every worker pool started (one per pass)."""
    monkeypatch.setattr(local_engine, "BATCH_TEXTS", BATCH)
    started: list[int] = []

    class RecordingPool(ProcessPoolExecutor):
        def __init__(self, max_workers: int | None = None, **kwargs) -> None:
            started.append(max_workers or 0)
            super().__init__(max_workers=max_workers, **kwargs)

    monkeypatch.setattr(parallel, "ProcessPoolExecutor", RecordingPool)
    return started


def example_rows() -> list[dict]:
    return [json.loads(line) for line in EXAMPLE.read_text(encoding="utf-8").splitlines()]


def write_jsonl(path: Path, rows: list[dict]) -> None:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def run_with(deid: Callable[..., Run], workdir: Path, workers: int, corpus: str, *options: str) -> dict:
    """Run ``deid run`` into its own directory; return exit status, stderr and every output."""
    target = workdir / f"w{workers}"
    target.mkdir()
    out = target / ("out" + Path(corpus).suffix)
    run = deid("run", corpus, "-o", out, "--stats", target / "stats.json", "--spans", target / "spans.jsonl",
               "--seed", SEED, "--workers", str(workers), "-q", *options)  # fmt: skip
    stats = json.loads((target / "stats.json").read_text(encoding="utf-8")) if run.exit_code == 0 else {}
    for name in RUNTIME_FIELDS:
        stats.pop(name, None)
    return {
        "exit": run.exit_code,
        "stderr": run.stderr,
        "corpus": out.read_bytes() if out.exists() else None,
        "spans": (target / "spans.jsonl").read_bytes() if run.exit_code == 0 else None,
        "stats": stats,
    }


def assert_same_with_two_workers(
    deid: Callable[..., Run], workdir: Path, pools: list[int], corpus: str, *options: str
) -> dict:
    one = run_with(deid, workdir, 1, corpus, *options)
    assert pools == [], "--workers 1 must not start a process pool"
    two = run_with(deid, workdir, 2, corpus, *options)
    assert pools == [2, 2], "both passes must run in a pool of two workers"
    assert one["exit"] == 0, one["stderr"]
    assert two["corpus"] == one["corpus"]
    assert two["spans"] == one["spans"]
    assert two["stats"] == one["stats"]
    assert two["stderr"] == one["stderr"]
    return two


def test_two_workers_write_the_example_corpus_spans_and_stats_byte_identical_in_input_order(
    deid, workdir: Path, pools: list[int]
) -> None:
    shutil.copy(EXAMPLE, workdir / "notes.jsonl")

    two = assert_same_with_two_workers(deid, workdir, pools, "notes.jsonl")

    ids = [json.loads(line)["id"] for line in two["corpus"].decode().splitlines()]
    assert ids == [row["id"] for row in example_rows()]
    assert [json.loads(line)["id"] for line in two["spans"].decode().splitlines()] == ids
    assert two["stats"]["records"] == {"read": 200, "written": 200, "rejected": 0}
    assert TAG.search(two["corpus"].decode())


def test_two_workers_agree_with_all_types_shifted_dates_and_risk_per_patient(
    deid, workdir: Path, pools: list[int]
) -> None:
    shutil.copy(EXAMPLE, workdir / "notes.jsonl")

    two = assert_same_with_two_workers(
        deid,
        workdir,
        pools,
        "notes.jsonl",
        "--types",
        "all",
        "--dates",
        "shift",
        "--group-field",
        "patient_id",
    )

    # Risk is counted per patient across batches: the same levels as in one process.
    levels = [json.loads(line)["risk"] for line in two["spans"].decode().splitlines()]
    assert len(levels) == 200 and set(levels) <= {"low", "moderate", "high"}


def test_two_workers_agree_on_a_csv_with_several_text_fields_and_a_known_name_column(
    deid, workdir: Path, pools: list[int]
) -> None:
    names = ["Zirbleitner", "Hofbrunninger", "Quendelhofer", "Pfaffenstaller", "Ederkogler"]
    with (workdir / "notes.csv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, delimiter=";")
        writer.writerow(["id", "patient_id", "patient", "befund", "anamnese"])
        for i, row in enumerate(example_rows()):
            text = row["text"]
            middle = len(text) // 2
            name = names[i % len(names)]
            writer.writerow(
                [row["id"], row["patient_id"], name, text[:middle], f"Frau {name}: {text[middle:]}"]
            )

    two = assert_same_with_two_workers(
        deid, workdir, pools, "notes.csv",
        "--text-field", "befund", "--text-field", "anamnese", "--known-field", "patient",
        "--group-field", "patient_id", "--types", "all", "--dates", "shift",
    )  # fmt: skip

    output = two["corpus"].decode()
    assert not any(name in output for name in names)
    fields = {json.loads(line)["field"] for line in two["spans"].decode().splitlines()}
    assert fields == {"befund", "anamnese"}


def test_rejected_records_are_skipped_and_reported_in_the_same_order_by_two_workers(
    deid, workdir: Path, pools: list[int]
) -> None:
    lines = [json.dumps(r, ensure_ascii=False) for r in example_rows()]
    bad_lines = (3, 40, 41, 150, 199)  # in several batches
    for number in bad_lines:
        lines[number - 1] = '{"id": "bad", "text": "Frau Zirbleitner'  # truncated JSON
    (workdir / "notes.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")

    two = assert_same_with_two_workers(deid, workdir, pools, "notes.jsonl", "--on-error", "skip")

    reported = re.findall(r"skipped notes\.jsonl:(\d+):", two["stderr"])
    assert reported == [str(n) for n in bad_lines]
    assert two["stats"]["records"] == {"read": 200, "written": 195, "rejected": 5}
    assert b"Zirbleitner" not in two["corpus"]


def test_bad_record_with_on_error_fail_stops_two_workers_citing_file_and_line_and_writes_nothing(
    deid, workdir: Path, pools: list[int]
) -> None:
    lines = [json.dumps(r, ensure_ascii=False) for r in example_rows()]
    lines[119] = '{"id": "bad", "text": "Frau Zirbleitner'
    (workdir / "notes.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (workdir / "masked.jsonl").write_bytes(b"previous\n")

    run = deid("run", "notes.jsonl", "-o", "masked.jsonl", "--stats", "stats.json", "--workers", "2")

    assert run.exit_code == 1, run.output
    assert "notes.jsonl:120: invalid JSON" in run.stderr and "no output written" in run.stderr
    assert "Zirbleitner" not in run.output
    assert pools == [2]
    assert sorted(p.name for p in workdir.iterdir()) == ["masked.jsonl", "notes.jsonl"]
    assert (workdir / "masked.jsonl").read_bytes() == b"previous\n"
    assert multiprocessing.active_children() == []


def test_a_name_proven_in_one_batch_is_masked_bare_in_other_batches_with_the_same_pseudonym(
    deid, workdir: Path, pools: list[int]
) -> None:
    filler = [{"id": f"f{i}", "text": f"RR {110 + i}/70, HF 72. Gewicht stabil."} for i in range(60)]
    bare_early = {"id": "early", "text": "Rückruf bei Hofbrunninger wegen Befund."}
    proof = {"id": "proof", "text": "Frau Hofbrunninger kam zur Kontrolle."}
    bare_late = {"id": "late", "text": "Hofbrunninger hat die Tabletten vergessen."}
    rows = [bare_early, *filler[:20], proof, *filler[20:40], bare_late, *filler[40:]]
    write_jsonl(workdir / "notes.jsonl", rows)

    two = assert_same_with_two_workers(deid, workdir, pools, "notes.jsonl")

    masked = {
        json.loads(line)["id"]: json.loads(line)["text"] for line in two["corpus"].decode().splitlines()
    }
    assert not any("Hofbrunninger" in masked[i] for i in ("early", "proof", "late"))
    codes = {i: TAG.search(masked[i]).group(2) for i in ("early", "proof", "late")}  # type: ignore[union-attr]
    assert len(set(codes.values())) == 1, masked
    assert two["stats"]["learned_references"] == 1


def test_a_failing_worker_stops_the_run_citing_file_and_line_without_note_text_and_keeps_old_outputs(
    deid, workdir: Path, pools: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = example_rows()
    rows[36]["text"] = "Frau Quendelhofer ruft wegen Schwindel an."
    write_jsonl(workdir / "notes.jsonl", rows)
    parent = os.getpid()
    real_detect = Detector.detect_many

    def detect_failing_in_workers(self: Detector, texts, knowns=None):  # type: ignore[no-untyped-def]
        if os.getpid() != parent and any("Quendelhofer" in text for text in texts):
            raise ValueError(f"cannot handle {texts!r}")
        return real_detect(self, texts, knowns)

    monkeypatch.setattr(Detector, "detect_many", detect_failing_in_workers)
    previous = {"masked.jsonl": b"previous corpus\n", "stats.json": b"{}\n", "spans.jsonl": b"old\n"}
    for name, data in previous.items():
        (workdir / name).write_bytes(data)

    run = deid("run", "notes.jsonl", "-o", "masked.jsonl", "--stats", "stats.json", "--spans", "spans.jsonl",
               "--workers", "2")  # fmt: skip

    assert run.exit_code == 1, run.output
    assert "notes.jsonl:37: could not be processed (ValueError during detection)" in run.stderr
    assert "no output written" in run.stderr
    assert "Quendelhofer" not in run.output and "Schwindel" not in run.output
    assert "Traceback" not in run.output
    assert pools == [2]
    assert {p.name: p.read_bytes() for p in workdir.iterdir() if p.name != "notes.jsonl"} == previous
    assert multiprocessing.active_children() == []


def test_a_worker_that_dies_stops_the_run_cleanly_and_keeps_old_outputs(
    deid, workdir: Path, pools: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = example_rows()
    rows[99]["text"] = "Frau Quendelhofer ruft wegen Schwindel an."
    write_jsonl(workdir / "notes.jsonl", rows)
    parent = os.getpid()
    real_detect = Detector.detect_many

    def detect_dying_in_workers(self: Detector, texts, knowns=None):  # type: ignore[no-untyped-def]
        if os.getpid() != parent and any("Quendelhofer" in text for text in texts):
            os._exit(9)  # as if killed for lack of memory
        return real_detect(self, texts, knowns)

    monkeypatch.setattr(Detector, "detect_many", detect_dying_in_workers)
    (workdir / "masked.jsonl").write_bytes(b"previous\n")

    run = deid("run", "notes.jsonl", "-o", "masked.jsonl", "--workers", "2")

    assert run.exit_code == 1, run.output
    cited = re.search(r"notes\.jsonl:(\d+): a worker process died unexpectedly", run.stderr)
    assert cited is not None and 1 <= int(cited.group(1)) <= 100, run.stderr
    assert "Quendelhofer" not in run.output and "Traceback" not in run.output
    assert sorted(p.name for p in workdir.iterdir()) == ["masked.jsonl", "notes.jsonl"]
    assert (workdir / "masked.jsonl").read_bytes() == b"previous\n"
    assert multiprocessing.active_children() == []


def test_ctrl_c_while_writing_stops_the_workers_and_keeps_old_outputs(
    deid, workdir: Path, pools: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(EXAMPLE, workdir / "notes.jsonl")
    (workdir / "masked.jsonl").write_bytes(b"previous\n")
    real_record = local_engine.RecordWriter.record
    written: list[int] = []

    def interrupted_record(self, *args):  # type: ignore[no-untyped-def]
        written.append(1)
        if len(written) == 50:
            raise KeyboardInterrupt
        return real_record(self, *args)

    monkeypatch.setattr(local_engine.RecordWriter, "record", interrupted_record)

    run = deid("run", "notes.jsonl", "-o", "masked.jsonl", "--workers", "2", "-q")

    assert run.exit_code == 130, run.output
    assert pools == [2, 2]
    assert sorted(p.name for p in workdir.iterdir()) == ["masked.jsonl", "notes.jsonl"]
    assert (workdir / "masked.jsonl").read_bytes() == b"previous\n"
    assert multiprocessing.active_children() == []


def test_a_corpus_of_one_batch_is_processed_without_starting_workers(
    deid, workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[int] = []
    monkeypatch.setattr(parallel, "ProcessPoolExecutor", lambda **kw: started.append(1))
    write_jsonl(workdir / "notes.jsonl", example_rows()[:20])

    run = deid("run", "notes.jsonl", "-o", "masked.jsonl", "--workers", "2", "-q")

    assert run.exit_code == 0, run.output
    assert started == []
    assert len((workdir / "masked.jsonl").read_text(encoding="utf-8").splitlines()) == 20


@pytest.mark.parametrize("value", ["0", "-2", "many"])
def test_workers_must_be_a_positive_number(deid, workdir: Path, value: str) -> None:
    shutil.copy(EXAMPLE, workdir / "notes.jsonl")

    run = deid("run", "notes.jsonl", "-o", "masked.jsonl", "--workers", value)

    assert run.exit_code == 2
    assert "--workers" in run.output
    assert not (workdir / "masked.jsonl").exists()


def test_run_help_documents_the_workers_option(deid) -> None:
    run = deid("run", "--help")

    text = re.sub(r"[│\s]+", " ", run.stdout)  # rich wraps help text inside a box
    assert "--workers" in text and "(default: all cores)" in text


# ---------------------------------------------------------------- merging what batches saw


@pytest.fixture(scope="module")
def detector() -> Detector:
    return Detector(build_lexicon(DictionaryOptions()))


def batches_of(rows: list[dict], size: int) -> list[list[dict]]:
    return [rows[i : i + size] for i in range(0, len(rows), size)]


def test_merging_learners_of_batches_in_order_learns_what_one_learner_learns(detector: Detector) -> None:
    rows = example_rows()
    rows[150]["text"] = "Frau Hofbrunninger kam zur Kontrolle. " + rows[150]["text"]
    rows[10]["text"] = "Hofbrunninger ruft an. " + rows[10]["text"]
    whole = NameLearner(detector.lexicon)
    for row in rows:
        whole.observe(row["text"], detector.detect(row["text"]).proven)
    merged = NameLearner(detector.lexicon)
    for batch in batches_of(rows, 17):
        part = NameLearner(detector.lexicon)
        for row in batch:
            part.observe(row["text"], detector.detect(row["text"]).proven)
        merged.merge(part.counts())

    assert "hofbrunninger" in whole.learned()
    assert list(merged.learned().items()) == list(whole.learned().items())


def test_merged_risk_counts_of_batches_in_any_order_rate_every_note_as_counting_at_once(
    detector: Detector,
) -> None:
    rows = example_rows()
    spans = [detector.detect(row["text"]).spans for row in rows]
    whole, merged = CorpusRisk(detector.lexicon), CorpusRisk(detector.lexicon)
    for row, found in zip(rows, spans, strict=True):
        whole.observe(row["text"], found, row["patient_id"])
    indexed = list(enumerate(rows))
    parts = []
    for batch in batches_of(indexed, 23):  # patients recur across batches
        counts = RiskCounts()
        for i, row in batch:
            counts.add(merged.note_keys(row["text"], spans[i]), merged.group_hash(row["patient_id"]))
        parts.append(counts)
    for counts in reversed(parts):
        merged.merge(counts)

    rated = [
        (whole.assess(row["text"], s, row["patient_id"]), merged.assess(row["text"], s, row["patient_id"]))
        for row, s in zip(rows, spans, strict=True)
    ]
    assert all(a == b for a, b in rated)
    assert {a.level for a, _ in rated} >= {"low", "moderate"}
