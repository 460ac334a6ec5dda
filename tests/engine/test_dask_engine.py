"""``deid run --engine dask``: the same passes on a Dask cluster write exactly what the local
engine writes (with the same ``--seed``: corpus files, spans, statistics but for run times),
from local paths and fsspec URLs, with files cut into several line-aligned partitions; refused
set-ups exit 2 with a reason; nothing with a note's names is left on disk.

Most runs use a local cluster of two workers as threads in this process (fast to start); the
CLI runs use the default, two worker processes. All names are invented (checked against the
bundled dictionaries).
"""

from __future__ import annotations

import csv
import json
import tempfile
from collections.abc import Callable
from pathlib import Path

import fsspec
import pytest
from conftest import Run
from distributed import LocalCluster
from repo import REPO_ROOT

import deid_cli.engine.dask as dask_engine
from deid_cli.corpus.corpus_file import CorpusFile
from deid_cli.corpus.records import InputError, Record, Rejected
from deid_cli.detection.detector import Detector
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.engine.dask import DaskEngine, DaskSettings
from deid_cli.engine.local import LocalEngine, RunOptions
from deid_cli.engine.partitions import (
    file_partitions,
    index_range,
    nominal_ranges,
    partition_items,
    resolve_inputs,
)
from deid_cli.reports.evaluation import parse_types

EXAMPLE = REPO_ROOT / "examples" / "notes.jsonl"
SEED = 11
PARTITION_BYTES = 6000  # the halves of the example corpus (about 27 kB each) become several partitions
RUNTIME_FIELDS = ("runtime_seconds", "notes_per_second")
PLANTED = ("Zirbleitner", "Hofbrunninger", "Quendelhofer", "Pfaffenstaller", "Ederkogler")


@pytest.fixture(scope="module")
def lexicon():
    return build_lexicon(DictionaryOptions(), use_cache=True)


def example_lines() -> list[str]:
    return EXAMPLE.read_text(encoding="utf-8").splitlines(keepends=True)


def split_example(directory: Path, extra_b: list[str] = ()) -> Path:
    """The example corpus as two files, a.jsonl and b.jsonl (with ``extra_b`` lines inserted
    into the second half of b.jsonl, i.e. into a later partition)."""
    directory.mkdir()
    lines = example_lines()
    (directory / "a.jsonl").write_text("".join(lines[:100]), encoding="utf-8")
    b = lines[100:]
    b[70:70] = extra_b
    (directory / "b.jsonl").write_text("".join(b), encoding="utf-8")
    return directory


def outputs(directory: Path, stats: Path, spans: Path) -> dict:
    """Every output of a run: corpus files by name, spans bytes, stats without run times."""
    result = json.loads(stats.read_text(encoding="utf-8"))
    for name in RUNTIME_FIELDS:
        result.pop(name)
    files = {p.name: p.read_bytes() for p in sorted(directory.iterdir())} if directory.is_dir() else {}
    return {"files": files, "spans": spans.read_bytes(), "stats": result}


def run_both(lexicon, tmp_path: Path, inputs: Path, types: str = "default", **options) -> tuple[dict, dict]:
    """The same run with the local engine and on a 2-worker cluster (threads, small partitions)."""
    detector = Detector(lexicon, types=set(parse_types(types)))
    results = []
    for name in ("local", "dask"):
        stats, spans = tmp_path / f"{name}.stats.json", tmp_path / f"{name}.spans.jsonl"
        opts = RunOptions(seed=SEED, stats_path=stats, spans_path=spans, **options)
        if name == "local":
            LocalEngine(detector, opts).run([inputs], tmp_path / name)
        else:
            settings = DaskSettings(workers=2, processes=False, partition_bytes=PARTITION_BYTES)
            DaskEngine(detector, opts, settings=settings).run([inputs], tmp_path / name)
        results.append(outputs(tmp_path / name, stats, spans))
    return results[0], results[1]


@pytest.fixture
def planned_ranges(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many byte ranges the engine planned per file."""
    counts: list[int] = []
    real = dask_engine.nominal_ranges

    def spy(size: int, partition_bytes: int) -> list[tuple[int, int | None]]:
        ranges = real(size, partition_bytes)
        counts.append(len(ranges))
        return ranges

    monkeypatch.setattr(dask_engine, "nominal_ranges", spy)
    return counts


def test_two_workers_write_what_the_local_engine_writes_record_for_record(
    lexicon, tmp_path: Path, planned_ranges: list[int]
) -> None:
    local, dask = run_both(lexicon, tmp_path, split_example(tmp_path / "in"))
    assert len(planned_ranges) == 2 and min(planned_ranges) >= 3, "each file is cut into several partitions"
    assert local["files"].keys() == {"a.jsonl", "b.jsonl"}
    assert dask == local
    assert local["stats"]["learned_references"] > 0 and local["stats"]["pseudonymizations"] > 100


def test_dates_shifted_per_patient_all_types_and_skipped_records_match_the_local_engine(
    lexicon, tmp_path: Path, planned_ranges: list[int]
) -> None:
    bad_lines = ["{not json\n", "\n", json.dumps({"text": "Frau Zirbleitner, ohne id."}) + "\n"]
    inputs = split_example(tmp_path / "in", extra_b=bad_lines)
    local, dask = run_both(
        lexicon, tmp_path, inputs, types="all", dates="shift", group_field="patient_id", on_error="skip"
    )
    assert planned_ranges[1] > 2
    assert dask == local
    assert local["stats"]["rejected_records"] == [
        {"file": str(inputs / "b.jsonl"), "line": 71, "reason": "invalid JSON"}
    ]
    assert b'"id":"b.jsonl:73"' in local["spans"], "a record without id is named by its file line"
    assert local["stats"]["entities"]["DAT"]["count"] > 0


def test_a_bad_line_in_a_later_partition_stops_the_run_naming_file_and_line_and_nothing_is_written(
    lexicon, tmp_path: Path
) -> None:
    inputs = split_example(tmp_path / "in", extra_b=["{not json\n"])
    settings = DaskSettings(workers=2, processes=False, partition_bytes=PARTITION_BYTES)
    engine = DaskEngine(Detector(lexicon), RunOptions(), settings=settings)
    with pytest.raises(InputError) as failure:
        engine.run([inputs], tmp_path / "out")
    assert str(failure.value) == f"{inputs / 'b.jsonl'}:71: invalid JSON"
    assert not (tmp_path / "out").exists()


def test_memory_url_input_gives_the_local_engines_output(lexicon, tmp_path: Path) -> None:
    fsspec.filesystem("memory").pipe("/deid-test/notes.jsonl", EXAMPLE.read_bytes())
    try:
        detector = Detector(lexicon)
        LocalEngine(detector, RunOptions(seed=SEED)).run([EXAMPLE], tmp_path / "local.jsonl")
        settings = DaskSettings(workers=2, processes=False, partition_bytes=PARTITION_BYTES)
        engine = DaskEngine(detector, RunOptions(seed=SEED), settings=settings)
        engine.run(["memory://deid-test/notes.jsonl"], tmp_path / "dask.jsonl")
    finally:
        fsspec.filesystem("memory").rm("/deid-test", recursive=True)
    assert (tmp_path / "dask.jsonl").read_bytes() == (tmp_path / "local.jsonl").read_bytes()


def test_partitions_read_back_give_every_line_of_the_file_once_with_its_number(tmp_path: Path) -> None:
    """BOM, CRLF, blank lines, a bad line, a line longer than several partitions and no final
    line break: read partition by partition, the records are the whole file's, in order."""
    long_text = "Kontrolle. " * 40
    lines = [
        "\ufeff" + json.dumps({"id": "r1", "text": "Frau Zirbleitner."}) + "\r\n",
        "\n",
        json.dumps({"id": "r2", "text": long_text}) + "\n",
        "{broken\n",
        *(json.dumps({"text": f"Notiz {i}."}) + "\n" for i in range(12)),
        json.dumps({"id": "last", "text": "Ende."}),
    ]
    path = tmp_path / "notes.jsonl"
    path.write_bytes("".join(lines).encode("utf-8"))
    [source], _ = resolve_inputs([path])
    ranges = [index_range(source, start, end) for start, end in nominal_ranges(path.stat().st_size, 64)]
    partitions = file_partitions(source, ranges)
    assert 5 < len(partitions) < len(ranges), "the long line must swallow whole ranges"

    def summary(item: Record | Rejected | bytes) -> tuple:
        if isinstance(item, Record):
            return ("record", item.line, item.id, item.texts["text"])
        return ("rejected", item.line, item.reason) if isinstance(item, Rejected) else ("bytes", item)

    whole = [summary(item) for item in CorpusFile(path)]
    corpus_file = CorpusFile(source)  # type: ignore[arg-type]
    pieces = [summary(item) for part in partitions for item in partition_items(corpus_file, part)]
    assert pieces == whole
    assert whole[-1] == ("record", 17, "last", "Ende.") and whole[3][:2] == ("rejected", 4)


# ------------------------------------------------------------------------------- the command


def local_and_dask_cli(
    deid: Callable[..., Run], workdir: Path, corpus: Path, dask_corpus: str, *options: str
) -> list[dict]:
    """The same ``deid run`` with --engine local (of ``corpus``) and dask (of ``dask_corpus``)."""
    results = []
    for engine, given in (("local", str(corpus)), ("dask", dask_corpus)):
        target = workdir / engine
        target.mkdir()
        run = deid("run", given, "-o", target / "out", "--stats", target / "stats.json",
                   "--spans", target / "spans.jsonl", "--seed", str(SEED), "--engine", engine, "-q",
                   *options)  # fmt: skip
        assert run.exit_code == 0, run.stderr
        results.append(outputs(target / "out", target / "stats.json", target / "spans.jsonl"))
    return results


def test_cli_on_two_worker_processes_reads_a_file_url_and_writes_what_the_local_engine_writes(
    deid: Callable[..., Run], workdir: Path, monkeypatch: pytest.MonkeyPatch, planned_ranges: list[int]
) -> None:
    monkeypatch.setattr(dask_engine, "PARTITION_BYTES", PARTITION_BYTES)
    inputs = split_example(workdir / "in")
    rows = [json.loads(line) for line in example_lines()[:40]]
    with (inputs / "c.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=["id", "patient_id", "text"])
        writer.writeheader()
        writer.writerows(rows)
    local, dask = local_and_dask_cli(deid, workdir, inputs, inputs.resolve().as_uri(), "--workers", "2")
    assert len(planned_ranges) == 2 and min(planned_ranges) >= 3, "JSONL files are cut, a CSV file not"
    assert dask == local
    assert local["files"].keys() == {"a.jsonl", "b.jsonl", "c.csv"}


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        (["--engine", "dask", "--strategy", "surrogate"], "--strategy surrogate is not available"),
        (["--scheduler", "tcp://127.0.0.1:1"], "--scheduler needs --engine dask"),
        (["--engine", "dask", "--scheduler", "tcp://127.0.0.1:1", "--workers", "2"], "--workers"),
    ],
)
def test_unsupported_dask_options_exit_2_with_the_reason_and_write_nothing(
    deid: Callable[..., Run], workdir: Path, options: list[str], reason: str
) -> None:
    run = deid("run", EXAMPLE, "-o", workdir / "out.jsonl", "-q", *options)
    assert run.exit_code == 2
    assert reason in run.stderr
    assert list(workdir.iterdir()) == []


def test_an_input_through_a_disk_cache_is_refused(deid: Callable[..., Run], workdir: Path) -> None:
    run = deid("run", f"simplecache::{EXAMPLE.as_uri()}", "-o", "out.jsonl", "--engine", "dask", "-q")
    assert run.exit_code == 2
    assert "local disk" in run.stderr
    assert list(workdir.iterdir()) == []


def test_a_cluster_whose_workers_may_spill_to_disk_is_refused(
    deid: Callable[..., Run], workdir: Path
) -> None:
    with LocalCluster(n_workers=1, processes=False, dashboard_address=None, memory_limit="2GiB") as cluster:
        address = cluster.scheduler_address
        run = deid("run", EXAMPLE, "-o", "out.jsonl", "--engine", "dask", "--scheduler", address, "-q")
    assert run.exit_code == 2
    assert "may spill" in run.stderr and "memory.target and .spill set to false" in run.stderr
    assert not (workdir / "out.jsonl").exists()


def test_no_file_is_left_in_the_temp_directory_and_no_output_holds_a_listed_name(
    deid: Callable[..., Run], workdir: Path, monkeypatch: pytest.MonkeyPatch, tmp_path_factory
) -> None:
    """The patient list and the linkage table travel to two worker processes; afterwards the
    temp directory (the cluster's scratch space) is empty and the outputs hold no listed name."""
    temp = tmp_path_factory.mktemp("tmpdir")
    monkeypatch.setenv("TMPDIR", str(temp))
    monkeypatch.setattr(tempfile, "tempdir", None)  # re-read TMPDIR
    monkeypatch.setattr(dask_engine, "PARTITION_BYTES", 300)
    notes = [
        "Frau Zirbleitner kommt mit ihrer Tochter Quendelhofer zur Kontrolle.",
        "Dr. Hofbrunninger bittet um Rückruf. Pfaffenstaller informiert.",
        "Zirbleitner berichtet über Schwindel, Ederkogler ist verständigt.",
        "Gewicht stabil, Ödeme rückläufig.",
    ] * 3
    rows = [json.dumps({"id": f"n{i}", "text": text}, ensure_ascii=False) for i, text in enumerate(notes)]
    (workdir / "notes.jsonl").write_text("\n".join(rows) + "\n", encoding="utf-8")
    (workdir / "patients.txt").write_text("\n".join(PLANTED), encoding="utf-8")
    run = deid("run", "notes.jsonl", "-o", "out/masked.jsonl", "--stats", "out/stats.json",
               "--spans", "out/spans.jsonl", "--patients", "patients.txt",
               "--engine", "dask", "--workers", "2", "-q")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    assert list(temp.iterdir()) == [], "the cluster's scratch space is removed with everything in it"
    written = sorted((workdir / "out").iterdir())
    assert [p.name for p in written] == ["masked.jsonl", "spans.jsonl", "stats.json"]
    for path in written:
        text = path.read_text(encoding="utf-8").lower()
        assert [name for name in PLANTED if name.lower() in text] == [], path.name
    assert (workdir / "out" / "masked.jsonl").read_text(encoding="utf-8").count("[PAT-") >= 15
