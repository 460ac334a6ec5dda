"""Start-up: each command imports only what it needs (``cli.py``'s lazy commands, the deferred
imports of the command modules). ``deid run`` must not load the scraper (httpx, selectolax), the
charts (matplotlib), the other commands and their reports, nor rich when it shows nothing;
``--help`` must not load detection. No valid command line loads pydantic (Typer's conversion
of values, replaced for valid values by ``commands/value_conversion.py``). Checked through
``sys.modules`` of a fresh interpreter, not by timing, so the test is as reliable on a busy
machine as on an idle one.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

# Writes the modules loaded by the time the command finished (or exited), as JSON, to argv[1].
_CHILD = """
import json, sys
out, sys.argv = sys.argv[1], ["deid", *sys.argv[2:]]
try:
    from deid_cli.cli import main
    main()
finally:
    with open(out, "w") as handle:
        json.dump(sorted(sys.modules), handle)
"""

SCRAPER = {"httpx", "selectolax", "deid_cli.scrape.http", "deid_cli.scrape.hcp"}
CHARTS = {"matplotlib", "deid_cli.reports.stats_html"}
OTHER_COMMANDS = {f"deid_cli.commands.{name}" for name in ("audit", "eval", "review", "scrape", "stats")}
OTHER_REPORTS = {"deid_cli.reports.audit", "deid_cli.reports.review", "deid_cli.reports.review_page"}
PYDANTIC = {"pydantic", "pydantic_core"}
DETECTION = {"deid_cli.detection.detector", "deid_cli.engine.local", "ahocorasick"}


def _loaded(tmp_path: Path, *args: str) -> set[str]:
    """The top-level packages and modules loaded by ``deid ARGS`` run in a new interpreter."""
    out = tmp_path / "modules.json"
    subprocess.run(
        [sys.executable, "-c", _CHILD, str(out), *args],
        cwd=tmp_path,
        capture_output=True,
        check=False,
        timeout=120,
    )
    modules = set(json.loads(out.read_text()))
    return modules | {name.split(".")[0] for name in modules}


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    path = tmp_path / "notes.jsonl"
    path.write_text('{"id": 1, "text": "Frau Zirbleitner hat angerufen."}\n', encoding="utf-8")
    return path


def test_a_quiet_run_loads_neither_the_other_commands_nor_rich(tmp_path: Path, corpus: Path) -> None:
    loaded = _loaded(tmp_path, "run", str(corpus), "-o", str(tmp_path / "out.jsonl"), "-q")
    assert (tmp_path / "out.jsonl").is_file()  # the run did happen
    assert {"deid_cli.commands.run", *DETECTION} <= loaded
    assert sorted(loaded & (SCRAPER | CHARTS | OTHER_COMMANDS | OTHER_REPORTS | PYDANTIC | {"rich"})) == []


def test_a_run_of_the_default_types_loads_no_date_age_or_id_patterns(tmp_path: Path, corpus: Path) -> None:
    # Dates, ages and IDs are masked only with --types all: their regexes and python-stdnum wait.
    date_stages = {"deid_cli.detection.patterns.phi", "deid_cli.detection.patterns.date_grammar", "stdnum"}
    loaded = _loaded(tmp_path, "run", str(corpus), "-o", str(tmp_path / "out.jsonl"), "-q")
    assert sorted(loaded & date_stages) == []
    loaded = _loaded(tmp_path, "run", str(corpus), "-o", str(tmp_path / "all.jsonl"), "-q", "--types", "all")
    assert date_stages <= loaded


def test_a_run_with_its_summary_still_leaves_the_other_commands_alone(tmp_path: Path, corpus: Path) -> None:
    loaded = _loaded(tmp_path, "run", str(corpus), "-o", str(tmp_path / "out.jsonl"))
    assert {"deid_cli.commands.run", "rich"} <= loaded  # the summary on stderr is rich's
    assert sorted(loaded & (SCRAPER | CHARTS | OTHER_COMMANDS | OTHER_REPORTS | PYDANTIC)) == []


@pytest.mark.parametrize(
    ("args", "command"),
    [(("--help",), None), (("run", "--help"), "run"), (("scrape-dicts", "--help"), "scrape")],
)
def test_help_loads_no_detection_and_no_scraper(
    tmp_path: Path, args: tuple[str, ...], command: str | None
) -> None:
    loaded = _loaded(tmp_path, *args)
    if command is None:
        assert OTHER_COMMANDS | {"deid_cli.commands.run"} <= loaded  # every command's summary line
    else:
        others = ({"deid_cli.commands.run"} | OTHER_COMMANDS) - {f"deid_cli.commands.{command}"}
        assert f"deid_cli.commands.{command}" in loaded
        assert sorted(loaded & others) == []
    assert sorted(loaded & (SCRAPER | CHARTS | OTHER_REPORTS | DETECTION | PYDANTIC)) == []
