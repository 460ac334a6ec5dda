"""Nothing leaks: invented names, phone numbers, an e-mail address and a street are planted in
a small corpus, every command runs on it (with --verbose where it has one), some runs crash on
purpose, and then every file below the test's directory and everything the commands printed is
searched for the planted strings.

HOME, TMPDIR, the XDG directories and DEID_CACHE_DIR all point into the test's directory, so
every file deid could write (outputs, temp files, the lexicon cache, matplotlib's cache, Dask's
scratch space, a killed run's leftovers) lands where the search looks. Only the inputs and the
two outputs that hold original text by design and say so (the review page, the audit list) may
contain the planted strings. The commands run as the installed console script, one process each.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import DEID_SCRIPT
from scrape_server import FixtureServer, serving

from .planted import NOTES, PATIENT, markers_in, records, write_jsonl

INJECT = Path(__file__).with_name("crash_injection.py")
# Inputs, and the outputs that hold original text by design and say so on their first lines.
PHI_BY_DESIGN = {
    "work/corpus/notes.jsonl",
    "work/corpus/notes.csv",
    "work/patients.txt",
    "work/gold.jsonl",
    "work/big.jsonl",
    "work/bad.jsonl",
    "work/out/review.html",
    "work/out/audit.json",
}


@dataclass
class Scenario:
    root: Path
    runs: dict[str, subprocess.CompletedProcess[str]] = field(default_factory=dict)
    killed_leftovers: list[str] = field(default_factory=list)

    @property
    def work(self) -> Path:
        return self.root / "work"

    def env(self) -> dict[str, str]:
        """The environment of every command: all of deid's and its libraries' places in ``root``."""
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DEID_", "XDG_", "MPL"))}
        places = {
            "HOME": "home",
            "TMPDIR": "tmp",
            "XDG_CACHE_HOME": "home/.cache",
            "XDG_CONFIG_HOME": "home/.config",
            "XDG_DATA_HOME": "home/.local/share",
            "XDG_STATE_HOME": "home/.local/state",
            "DEID_CACHE_DIR": "home/.cache/deid/lexicon",
        }
        for name, place in places.items():
            (self.root / place).mkdir(parents=True, exist_ok=True)
            env[name] = str(self.root / place)
        env["COLUMNS"] = "120"
        return env

    def deid(self, name: str, *args: str, expect: int = 0, inject: str | None = None) -> None:
        """Run ``deid ARGS`` (or with a bug planted, see crash_injection.py) and keep its output."""
        command = [sys.executable, str(INJECT), inject] if inject else [str(DEID_SCRIPT)]
        proc = subprocess.run(
            [*command, *args], cwd=self.work, env=self.env(), capture_output=True, text=True, timeout=300
        )
        assert proc.returncode == expect, f"{name}: exit {proc.returncode}\n{proc.stderr}"
        self.runs[name] = proc

    def kill_while_writing(self, *args: str) -> None:
        """Start ``deid run ARGS`` with -o killed/masked.jsonl and SIGKILL it once its temp
        output has data in it; keep the names of what it left."""
        proc = subprocess.Popen(
            [str(DEID_SCRIPT), *args],
            cwd=self.work,
            env=self.env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        killed = self.work / "killed"
        deadline = time.monotonic() + 120
        try:
            while time.monotonic() < deadline and proc.poll() is None:
                temps = list(killed.glob(".masked.jsonl.deid-tmp-*")) if killed.is_dir() else []
                if any(p.stat().st_size > 0 for p in temps if p.exists()):
                    break
                time.sleep(0.02)
            assert proc.poll() is None, "the run ended before it could be killed: make big.jsonl bigger"
            proc.send_signal(signal.SIGKILL)
        finally:
            stdout, stderr = proc.communicate(timeout=60)
        assert proc.returncode == -signal.SIGKILL
        self.runs["killed"] = subprocess.CompletedProcess(
            proc.args, proc.returncode, stdout.decode(), stderr.decode()
        )
        self.killed_leftovers = sorted(p.name for p in killed.iterdir())


def write_inputs(work: Path) -> None:
    corpus = work / "corpus"
    corpus.mkdir(parents=True)
    write_jsonl(corpus / "notes.jsonl", records(copies=2))
    csv_rows = ["id;patient_name;text", *(f'c{i};{PATIENT};"{text}"' for i, text in enumerate(NOTES))]
    (corpus / "notes.csv").write_text("\n".join(csv_rows) + "\n", encoding="utf-8")
    (work / "patients.txt").write_text(f"{PATIENT}\n", encoding="utf-8")
    write_jsonl(work / "big.jsonl", records(copies=3000))
    good = json.dumps(records()[0], ensure_ascii=False)
    broken = good[: good.index("Zirbenhofgasse") + 20]  # a record cut off in the middle of the note
    (work / "bad.jsonl").write_text(f"{good}\n{broken}\n{good}\n", encoding="utf-8")
    # A gold file: the planted names, plus one the detector misses ("moosbichler" in lower case),
    # which eval counts as left in the output but must never print.
    missed = "Befund für moosbichler abgelegt."
    gold = []
    for index, text in enumerate([*NOTES, missed]):
        spans = []
        for needle, label in (("Hadmar", "PAT"), ("Moosbichler", "PAT"), ("moosbichler", "PAT"),
                              ("Pfaffenstaller", "HCP"), ("Ederkogler", "PER")):  # fmt: skip
            start = text.find(needle)
            if start >= 0:
                spans.append([start, start + len(needle), label])
        gold.append({"id": f"g{index}", "text": text, "gold": spans})
    write_jsonl(work / "gold.jsonl", gold)


def run_everything(scenario: Scenario, server: FixtureServer) -> None:
    deid = scenario.deid
    common = ("--known-field", "patient_name", "--patients", "patients.txt")
    deid("run", "run", "corpus", "-o", "out/masked", "--stats", "out/stats.json",
         "--spans", "out/spans.jsonl", *common, "--verbose", "--workers", "2")  # fmt: skip
    deid("surrogate", "run", "corpus/notes.jsonl", "-o", "out/surrogate.jsonl", "--strategy", "surrogate",
         "--stats", "out/surrogate-stats.json", *common, "--verbose", "--workers", "1")  # fmt: skip
    deid("dask", "run", "corpus/notes.jsonl", "-o", "out/dask.jsonl", "--engine", "dask", "--workers", "1",
         "--spans", "out/dask-spans.jsonl", *common, "--verbose")  # fmt: skip
    deid("stats", "stats", "out/stats.json")
    deid("stats-json", "stats", "out/stats.json", "--json")
    deid("stats-files", "stats", "out/stats.json", "out/surrogate-stats.json", "--fail-if-drift", "100",
         "--html", "out/report/stats.html", "--csv", "out/report/tables")  # fmt: skip
    deid(
        "review",
        "review",
        "corpus",
        "-o",
        "out/review.html",
        "--risk",
        "--seed",
        "3",
        "--patients",
        "patients.txt",
    )
    deid("audit", "audit", "corpus", "--json", "-o", "out/audit.json", "--patients", "patients.txt")
    deid("eval", "eval", "gold.jsonl")
    deid("eval-json", "eval", "gold.jsonl", "--json")
    deid("scrape", "scrape-dicts", "--source", "wikipedia", "--api-url", f"{server.base}/w/api.php",
         "--out", "scraped", "--delay", "0")  # fmt: skip
    deid("run-scraped", "run", "corpus/notes.jsonl", "-o", "out/with-scraped.jsonl", "--dict-dir", "scraped",
         *common, "--verbose", "--workers", "1")  # fmt: skip
    # Crashes on purpose.
    deid("bad-record", "run", "bad.jsonl", "-o", "out/bad.jsonl", *common, "--on-error", "fail", "--verbose",
         expect=1)  # fmt: skip
    deid("bad-skipped", "run", "bad.jsonl", "-o", "out/skipped.jsonl", *common, "--on-error", "skip",
         "--verbose")  # fmt: skip
    deid("bug", "run", "corpus", "-o", "out/bug", "--workers", "1", "--verbose", expect=70, inject="linkage")
    deid("worker-bug", "run", "big.jsonl", "-o", "out/worker-bug.jsonl", "--workers", "2", "--verbose",
         expect=1, inject="detection")  # fmt: skip
    scenario.kill_while_writing("run", "big.jsonl", "-o", "killed/masked.jsonl",
                                "--stats", "killed/stats.json", "--spans", "killed/spans.jsonl",
                                *common, "--workers", "2")  # fmt: skip


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Scenario]:
    scenario = Scenario(tmp_path_factory.mktemp("leaks"))
    write_inputs(scenario.work)
    with serving() as server:
        run_everything(scenario, server)
    yield scenario


def produced_files(scenario: Scenario) -> dict[str, Path]:
    """Every regular file below the test's directory (hidden ones too), by relative path."""
    return {str(p.relative_to(scenario.root)): p for p in sorted(scenario.root.rglob("*")) if p.is_file()}


def test_no_file_outside_the_inputs_and_the_declared_phi_outputs_holds_a_planted_string(
    scenario: Scenario,
) -> None:
    found = {
        name: markers_in(path.read_bytes())
        for name, path in produced_files(scenario).items()
        if name not in PHI_BY_DESIGN
    }
    assert {name: markers for name, markers in found.items() if markers} == {}


def test_no_command_prints_a_planted_string_even_when_it_crashes(scenario: Scenario) -> None:
    printed = {name: markers_in(run.stdout + run.stderr) for name, run in scenario.runs.items()}
    assert {name: markers for name, markers in printed.items() if markers} == {}


def test_the_search_covered_every_kind_of_file_deid_writes(scenario: Scenario) -> None:
    files = produced_files(scenario)
    names = set(files)
    expected = {
        "work/out/masked/notes.jsonl",
        "work/out/masked/notes.csv",
        "work/out/stats.json",
        "work/out/spans.jsonl",
        "work/out/surrogate.jsonl",
        "work/out/dask.jsonl",
        "work/out/report/stats.html",
        "work/out/skipped.jsonl",
        "work/scraped/surnames.txt",
        "work/scraped/SOURCES.md",
    }
    assert expected <= names
    assert any(n.startswith("home/.cache/deid/lexicon/") and n.endswith(".pickle") for n in names)
    assert any(n.startswith("work/out/report/tables/") for n in names)
    # The killed run left its temp output (with data in it) for the next run to clean up.
    assert any(n.startswith(".masked.jsonl.deid-tmp-") for n in scenario.killed_leftovers)
    # Runs that failed wrote nothing under their destination names.
    assert not {"work/out/bad.jsonl", "work/out/worker-bug.jsonl", "work/killed/masked.jsonl"} & names
    assert not any(n.startswith("work/out/bug/") for n in names)


def test_the_outputs_allowed_to_hold_originals_say_so_and_do_hold_them(scenario: Scenario) -> None:
    page = (scenario.work / "out/review.html").read_text(encoding="utf-8")
    assert "CONFIDENTIAL: this file contains original patient data" in page
    assert markers_in(page)  # the page shows originals: it is where the search must look away
    audit = json.loads((scenario.work / "out/audit.json").read_text(encoding="utf-8"))
    assert audit["contains_phi"] is True and audit["warning"].startswith("CONTAINS PHI")
    assert "CONTAINS PHI" in scenario.runs["audit"].stderr


def test_the_crashes_failed_the_way_they_were_meant_to(scenario: Scenario) -> None:
    assert "bad.jsonl:2" in scenario.runs["bad-record"].stderr
    assert "skipped bad.jsonl:2" in scenario.runs["bad-skipped"].stderr
    assert "\ninternal error: KeyError (a bug" in scenario.runs["bug"].stderr
    assert "ValueError during detection" in scenario.runs["worker-bug"].stderr
    assert scenario.runs["killed"].returncode == -signal.SIGKILL
