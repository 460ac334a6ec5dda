"""Shared fixtures for the CLI and end-to-end tests: run the real ``deid`` command in-process
(typer's CliRunner) or as a subprocess of the installed console script, and read back its outputs.

Every name, phone number, e-mail address and street in these tests is invented.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from scrape_server import FixtureServer, serving
from selenium import webdriver
from selenium.webdriver import ChromeOptions
from selenium.webdriver.chrome.service import Service as ChromeService
from typer.testing import CliRunner

import deid_cli.cli as cli_module
import deid_cli.detection.lexicon.loading as lexicon_loading
from deid_cli.detection.lexicon.loading import DictionaryOptions

# The console script of the environment running the tests (.venv/bin/deid in this repository).
DEID_SCRIPT = Path(sys.executable).with_name("deid")

ENTITY_TYPES = (
    "HCP",
    "PAT",
    "PER",
    "SIT",
    "WEB",
    "MAI",
    "ADD",
    "PHO",
    "ZIP",
    "LOC",
    "DAT",
    "AGE",
    "ID",
    "ORG",
    "PRO",
)
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
TAG = re.compile(rf"\[({'|'.join(ENTITY_TYPES)})-([{CODE_ALPHABET}]{{6}})\]")

_DEFAULT_LEXICON: dict[str, object] = {}


@dataclass
class Run:
    """Outcome of one ``deid`` invocation."""

    exit_code: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        return self.stdout + self.stderr


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """tmp_path as the current directory, so commands use short relative paths like cron jobs."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def deid(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Run]:
    """Run ``deid ARGS...`` in-process with CliRunner (cwd = tmp_path).

    Only for speed, the lexicon built from the bundled dictionaries (no user files) is built
    once per test session and reused; runs with user dictionary files build their own as the
    command does. ``test_in_process_and_console_script_agree`` checks that the reuse changes
    nothing. An unexpected exception inside the command is re-raised, so a crash can never
    pass for exit status 1.
    """
    real_build = lexicon_loading.build_lexicon

    def build_lexicon(options: DictionaryOptions, dict_dirs=(), **kwargs):
        if not dict_dirs and options == DictionaryOptions():
            if "lexicon" not in _DEFAULT_LEXICON:
                _DEFAULT_LEXICON["lexicon"] = real_build(options, **kwargs)
            return _DEFAULT_LEXICON["lexicon"]
        return real_build(options, dict_dirs, **kwargs)

    monkeypatch.setattr(lexicon_loading, "build_lexicon", build_lexicon)
    runner = CliRunner()

    def invoke(*args: str | Path) -> Run:
        result = runner.invoke(cli_module.app, [str(a) for a in args])
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return Run(result.exit_code, result.stdout, result.stderr)

    return invoke


@pytest.fixture
def deid_subprocess(workdir: Path) -> Callable[..., Run]:
    """Run the installed console script ``deid ARGS...`` as a child process (cwd = tmp_path
    unless ``cwd`` is given)."""
    assert DEID_SCRIPT.is_file(), f"console script not installed: {DEID_SCRIPT}"

    def invoke(*args: str | Path, cwd: Path | None = None) -> Run:
        proc = subprocess.run(
            [str(DEID_SCRIPT), *(str(a) for a in args)],
            cwd=cwd or workdir,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=120,
        )
        return Run(proc.returncode, proc.stdout, proc.stderr)

    return invoke


def _read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.fixture
def read_jsonl() -> Callable[[Path], list[dict]]:
    """Parse a JSONL file into a list of objects (blank lines skipped)."""
    return _read_jsonl


def _align(original: str, output: str, spans: list[dict]) -> list[tuple[str, str, str]]:
    """Check a record's spans against its texts and return ``(original slice, type, code)``
    per span.

    Spans must be sorted, non-overlapping and inside the original text; at each span's position
    (shifted by the earlier replacements) the output must hold a pseudonym tag of the span's
    type, and replacing every span of the original by its tag must give the output exactly.
    """
    rebuilt: list[str] = []
    found: list[tuple[str, str, str]] = []
    pos = 0  # in original
    shift = 0  # output offset minus original offset
    for span in spans:
        start, end, etype = span["start"], span["end"], span["type"]
        assert isinstance(start, int) and isinstance(end, int)
        assert pos <= start < end <= len(original), f"span out of order or overlapping: {span}"
        match = TAG.match(output, start + shift)
        assert match is not None, f"no pseudonym in the output at the position of {span}"
        assert match.group(1) == etype, f"span type {etype} but output tag {match.group(0)}"
        rebuilt.append(original[pos:start])
        rebuilt.append(match.group(0))
        found.append((original[start:end], etype, match.group(2)))
        shift += len(match.group(0)) - (end - start)
        pos = end
    rebuilt.append(original[pos:])
    assert "".join(rebuilt) == output, "applying the spans to the original does not give the output"
    return found


@pytest.fixture
def align() -> Callable[[str, str, list[dict]], list[tuple[str, str, str]]]:
    """See ``_align``: verify one record's spans and return (surface, type, code) per span."""
    return _align


def _files_under(root: Path) -> Iterator[Path]:
    return (p for p in sorted(root.rglob("*")) if p.is_file())


@pytest.fixture
def files_under() -> Callable[[Path], Iterator[Path]]:
    """Every regular file below a directory (dot-files included), sorted."""
    return _files_under


@pytest.fixture
def server() -> Iterator[FixtureServer]:
    """A local HTTP server replaying recorded scrape sources (``scrape_server.py``)."""
    with serving() as srv:
        yield srv


@pytest.fixture(autouse=True, scope="session")
def _private_lexicon_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Runs of the real command cache compiled dictionaries: keep that cache inside the test
    session instead of the user's cache directory."""
    import os

    previous = os.environ.get("DEID_CACHE_DIR")
    os.environ["DEID_CACHE_DIR"] = str(tmp_path_factory.mktemp("lexicon-cache"))
    yield
    if previous is None:
        os.environ.pop("DEID_CACHE_DIR", None)
    else:
        os.environ["DEID_CACHE_DIR"] = previous


@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[webdriver.Chrome]:
    """Debian's headless Chromium driven by Selenium (installed by ``make browser``), with
    downloads going to ``browser.download_dir``. No network: the pages under test must be
    self-contained, and Chromium's own background traffic is switched off."""
    download_dir = tmp_path_factory.mktemp("downloads")
    options = ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1400,1000",
        f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}",
    ):
        options.add_argument(flag)
    options.add_experimental_option(
        "prefs",
        {"download.default_directory": str(download_dir), "download.prompt_for_download": False},
    )
    driver = webdriver.Chrome(options=options, service=ChromeService("/usr/bin/chromedriver"))
    driver.download_dir = download_dir  # type: ignore[attr-defined]
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="session")
def artefacts_dir() -> Path:
    """Where browser tests save screenshots for humans to look at (build/test-artefacts)."""
    path = Path(__file__).resolve().parent.parent / "build" / "test-artefacts"
    path.mkdir(parents=True, exist_ok=True)
    return path
