"""Smoke tests of the benchmark script (scripts/bench.py and its helpers): the corpus it
measures on has the promised shape, and a small ``run`` completes and writes its report.
No timing is asserted anywhere: the figures depend on the machine."""

from __future__ import annotations

import statistics
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from repo import REPO_ROOT

SCRIPTS = REPO_ROOT / "scripts"
sys.path.insert(0, str(SCRIPTS))

import bench  # noqa: E402  (scripts/ is not a package)
import bench_corpus  # noqa: E402
import bench_report  # noqa: E402

from deid_cli.detection.text import count_tokens  # noqa: E402


def test_generated_corpus_has_the_papers_length_shape(tmp_path: Path) -> None:
    corpus = bench_corpus.paper_shaped_corpus(tmp_path, 2000, seed=3)
    lengths = [count_tokens(text) for text in bench_corpus.read_texts(corpus)]
    assert len(lengths) == 2000
    assert 18 <= statistics.median(lengths) <= 25  # paper: 21
    assert 30 <= statistics.fmean(lengths) <= 40  # paper: 35
    assert max(lengths) == 600  # the long tail reaches the paper's 600 tokens, never beyond
    assert 0.02 < sum(n > 100 for n in lengths) / len(lengths) < 0.15


def test_shape_of_reports_what_the_file_holds(tmp_path: Path) -> None:
    corpus = tmp_path / "c.jsonl"
    lines = [{"id": i, "text": " ".join(["Wort"] * n)} for i, n in enumerate((1, 3, 20), start=1)]
    corpus.write_bytes(b"".join(orjson.dumps(line) + b"\n" for line in lines))
    shape = bench_corpus.shape_of(corpus)
    assert (shape.notes, shape.median_tokens, shape.mean_tokens, shape.max_tokens) == (3, 3.0, 8.0, 20)
    assert shape.bytes == corpus.stat().st_size


def test_fixed_length_corpus_notes_have_exactly_the_asked_tokens(tmp_path: Path) -> None:
    corpus = bench_corpus.fixed_length_corpus(tmp_path, 30, 120, seed=5)
    assert [count_tokens(text) for text in bench_corpus.read_texts(corpus)] == [120] * 30


def test_truncation_keeps_the_text_up_to_the_last_kept_token() -> None:
    assert bench_corpus.truncate_tokens("RR 120/80, HF 72.", 3) == "RR 120/80"
    assert bench_corpus.truncate_tokens("kurz.", 10) == "kurz."


def test_same_seed_gives_the_same_corpus_and_another_seed_another(tmp_path: Path) -> None:
    first = bench_corpus.paper_shaped_corpus(tmp_path / "a", 200, seed=11).read_bytes()
    again = bench_corpus.paper_shaped_corpus(tmp_path / "b", 200, seed=11).read_bytes()
    other = bench_corpus.paper_shaped_corpus(tmp_path / "c", 200, seed=12).read_bytes()
    assert first == again
    assert first != other


def test_sizes_accept_k_and_m_suffixes() -> None:
    assert bench.parse_counts("1k,10k,100k,1M") == [1_000, 10_000, 100_000, 1_000_000]
    assert bench.parse_counts("250, 2.5k") == [250, 2_500]


def test_linear_fit_gives_slope_intercept_and_r2() -> None:
    exact = bench_report.linear_fit([0, 1, 2], [1, 3, 5])
    assert exact is not None
    assert exact["slope"] == pytest.approx(2)
    assert exact["intercept"] == pytest.approx(1)
    assert exact["r2"] == pytest.approx(1)
    flat = bench_report.linear_fit([0, 1, 2], [0, 1, 0])
    assert flat is not None and flat["r2"] == pytest.approx(0)
    assert bench_report.linear_fit([5, 5], [1, 2]) is None


@pytest.fixture(scope="module")
def small_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess[str], Path]:
    """One small ``bench.py run``; DEDUCE is pointed at an interpreter without it."""
    out = tmp_path_factory.mktemp("bench")
    done = subprocess.run(
        [
            sys.executable,
            str(SCRIPTS / "bench.py"),
            "run",
            "--notes",
            "300",
            "--repeat",
            "1",
            "--sizes",
            "100,300",
            "--lengths",
            "25,50",
            "--length-notes",
            "40",
            "--extra-names",
            "1000",
            "--out",
            str(out),
            "--deduce-python",
            sys.executable,
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    return done, out


def test_run_prints_the_table_and_writes_results(
    small_run: tuple[subprocess.CompletedProcess[str], Path],
) -> None:
    done, out = small_run
    assert done.returncode == 0, done.stderr[-2000:]
    assert "| deid in-process, 1 process (both passes, excl. start-up) |" in done.stdout
    assert "| I/O floor (orjson read + write + fsync) |" in done.stdout
    assert "### Scaling with corpus size" in done.stdout and "### Scaling with note length" in done.stdout
    assert (out / "results.md").read_text().strip() == done.stdout.strip()
    assert (out / "scaling.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    results = orjson.loads((out / "results.json").read_bytes())
    assert [row["notes"] for row in results["scaling_size"]] == [100, 300]
    assert [row["tokens"] for row in results["scaling_length"]] == [25, 50]
    assert results["peak_rss_mb"] > 0
    assert results["machine"]["cores"] >= 1


def test_run_reports_the_corpus_shape_and_pseudonymizations(
    small_run: tuple[subprocess.CompletedProcess[str], Path],
) -> None:
    done, out = small_run
    corpus = orjson.loads((out / "results.json").read_bytes())["corpus"]
    assert corpus["notes"] == 300 and corpus["max_tokens"] == 600
    assert 0.8 <= corpus["pseudonymizations_mean"] <= 2.0  # paper: about 1.3
    assert f"max {corpus['max_tokens']}" in done.stdout


def test_run_reports_a_failing_deduce_as_unavailable(
    small_run: tuple[subprocess.CompletedProcess[str], Path],
) -> None:
    done, out = small_run
    assert (
        "| DEDUCE (in-process, after start-up) | – | – | – | unavailable: DEDUCE does not load" in done.stdout
    )
    assert orjson.loads((out / "results.json").read_bytes())["ratios"]["deid_over_deduce_speed"] is None


def test_run_leaves_no_note_text_and_no_scratch_copies(
    small_run: tuple[subprocess.CompletedProcess[str], Path],
) -> None:
    _, out = small_run
    corpus = next((out / "corpora").glob("paper-n300-*.jsonl"))
    report = (out / "results.json").read_text() + (out / "results.md").read_text()
    assert not [text for text in bench_corpus.read_texts(corpus) if text[:40] in report]
    assert not list(out.glob("scratch-*"))


def test_load_subcommand_still_reports_cold_and_warm_start_up() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / "bench.py"), "load", "--extra-names", "1000", "--repeat", "1"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    for label in ("in-process cold", "in-process warm", "deid run cold", "deid run warm"):
        assert f"| {label} |" in done.stdout


def _launch(code: str) -> dict[str, int]:
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / "bench_launch.py"), sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return orjson.loads(done.stdout.splitlines()[-1])


ALLOCATE_40_MIB = "x = bytearray(40 * 2**20)\nfor i in range(0, len(x), 4096): x[i] = 1\n"


def test_launcher_reports_the_commands_memory_not_the_benchmarks() -> None:
    ballast = bytearray(400 * 2**20)  # this process is large, as the benchmark process is
    ballast[:: 2**12] = b"\x01" * len(ballast[:: 2**12])
    measured = _launch(ALLOCATE_40_MIB)
    assert measured["status"] == 0
    assert 40 * 1024 <= measured["maxrss_kib"] < 150 * 1024
    del ballast


def test_launcher_passes_on_the_exit_status() -> None:
    assert _launch("raise SystemExit(3)")["status"] == 3


def test_launcher_adds_up_the_memory_of_worker_processes() -> None:
    worker = ALLOCATE_40_MIB + "import time\ntime.sleep(1.2)\n"
    parent = ALLOCATE_40_MIB + f"import subprocess, sys\nsubprocess.run([sys.executable, '-c', {worker!r}])\n"
    measured = _launch(parent)
    assert measured["maxrss_kib"] < 75 * 1024  # the largest single process
    assert measured["peak_tree_pss_kib"] >= 80 * 1024  # both processes together
