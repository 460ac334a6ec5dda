"""User-supplied files are parsed safely, within size limits, with errors naming file and line.

Dictionaries (TXT, JSON, CSV), corrections (TOML, JSON), deid.toml and scrape source files
must never run code, must be refused when too large (a sparse file tests the real limit
without writing it), and must fail with ``FILE:LINE: reason`` that never quotes the file. The
compiled-lexicon cache is the one place that unpickles: only its own file for the current key,
owner-only, never a symlink, and only the classes a lexicon is made of. Every name is invented.
"""

from __future__ import annotations

import ast
import contextlib
import json
import os
import pickle
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

import deid_cli
import deid_cli.detection.lexicon.cache as lexicon_cache
from deid_cli.detection.lexicon.lexicon import PublicLexicon
from deid_cli.detection.lexicon.lists import LexiconSources, load_corrections, load_name_file
from deid_cli.runtime.config import load_settings
from deid_cli.runtime.user_files import (
    CORRECTIONS_LIMIT,
    DICTIONARY_LIMIT,
    MAX_LINE_CHARS,
    SETTINGS_LIMIT,
    ConfigError,
    numbered_lines,
)
from deid_cli.scrape.hcp import SourceFileError, load_source

SECRET = "Zirbleitner"


def _sparse(path: Path, size: int) -> Path:
    """A file of ``size`` bytes that takes no disk space."""
    with path.open("wb") as handle:
        handle.truncate(size)
    return path


def _error(load: Callable[[Path], object], path: Path, error: type[Exception] = ConfigError) -> str:
    with pytest.raises(error) as raised:
        load(path)
    message = str(raised.value)
    assert SECRET not in message, "the error quotes the file's content"
    assert str(path) in message
    return message


# ------------------------------------------------------------------------------ size limits


@pytest.mark.parametrize("name", ["names.txt", "names.json", "names.csv"])
def test_dictionary_over_256_mib_is_refused_before_it_is_read(tmp_path: Path, name: str) -> None:
    path = _sparse(tmp_path / name, DICTIONARY_LIMIT + 1)
    assert DICTIONARY_LIMIT == 256 * 1024 * 1024
    assert "larger than the 256 MiB limit for dictionary files" in _error(load_name_file, path)


def test_dictionary_of_exactly_the_limit_is_not_refused_for_its_size(tmp_path: Path) -> None:
    path = _sparse(tmp_path / "names.txt", DICTIONARY_LIMIT)
    # All NUL bytes and no line break: the line limit stops it, not the size limit.
    assert "line longer than" in _error(load_name_file, path)


@pytest.mark.parametrize("name", ["fix.toml", "fix.json"])
def test_corrections_over_64_mib_are_refused(tmp_path: Path, name: str) -> None:
    path = _sparse(tmp_path / name, CORRECTIONS_LIMIT + 1)
    assert "larger than the 64 MiB limit for corrections files" in _error(load_corrections, path)


def test_deid_toml_over_1_mib_is_refused(tmp_path: Path) -> None:
    path = _sparse(tmp_path / "deid.toml", SETTINGS_LIMIT + 1)
    assert "larger than the 1 MiB limit for settings files" in _error(load_settings, path)


def test_scrape_source_file_over_1_mib_is_refused(tmp_path: Path) -> None:
    path = _sparse(tmp_path / "source.toml", SETTINGS_LIMIT + 1)
    message = _error(load_source, path, SourceFileError)
    assert "larger than the 1 MiB limit for source files" in message


def test_a_stream_crossing_the_size_limit_is_stopped_at_that_line(tmp_path: Path) -> None:
    """Pipes and growing files have no size to check first: the limit holds while reading."""
    path = tmp_path / "names.txt"
    path.write_text("Wendolin\n" * 20, encoding="utf-8")
    with pytest.raises(ConfigError) as raised:
        list(numbered_lines(path, limit=100))
    assert str(raised.value).startswith(f"{path}: ")  # regular file: refused before reading
    fifo = tmp_path / "names.fifo"
    os.mkfifo(fifo)

    def feed() -> None:
        with fifo.open("w", encoding="utf-8") as writer, contextlib.suppress(BrokenPipeError):
            writer.write("Wendolin\n" * 20)

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    with pytest.raises(ConfigError) as raised:
        list(numbered_lines(fifo, limit=100))
    feeder.join(timeout=5)
    assert str(raised.value) == f"{fifo}:12: file exceeds the 100 bytes limit for dictionary files"


@pytest.mark.parametrize(
    ("name", "content", "line"),
    [
        ("names.txt", "Wendolin\n" + "W" * (MAX_LINE_CHARS + 1) + "\n", 2),
        ("names.txt", "Wendolin\n" + "ä" * (MAX_LINE_CHARS + 1), 2),
        ("names.csv", "name\nWendolin\n" + "W" * (MAX_LINE_CHARS + 1) + "\n", 3),
    ],
    ids=["txt", "txt-multibyte-no-newline", "csv"],
)
def test_line_longer_than_10000_characters_is_refused_naming_its_line(
    tmp_path: Path, name: str, content: str, line: int
) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    message = _error(load_name_file, path)
    assert message == f"{path}:{line}: line longer than the 10,000-character limit"


def test_line_of_exactly_10000_characters_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "names.txt"
    path.write_text("W" * MAX_LINE_CHARS + "\r\n", encoding="utf-8")
    assert load_name_file(path) == ["W" * MAX_LINE_CHARS]


def test_json_entry_or_correction_longer_than_the_line_limit_is_refused(tmp_path: Path) -> None:
    names = tmp_path / "names.json"
    names.write_text(json.dumps(["Wendolin", "W" * (MAX_LINE_CHARS + 1)]), encoding="utf-8")
    assert "entry 2 is longer than the 10,000-character limit" in _error(load_name_file, names)
    fixes = tmp_path / "fix.json"
    fixes.write_text(json.dumps({"mask": [{"text": "W" * (MAX_LINE_CHARS + 1)}]}), encoding="utf-8")
    assert "mask entry 1 is longer than the 10,000-character limit" in _error(load_corrections, fixes)


# ------------------------------------------------------------------------------ file:line errors


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("names.txt", b"Wendolin\nOttilie\n" + SECRET.encode("latin-1") + b"\xe9\n", ":3: not valid UTF-8"),
        ("names.csv", b"name\nWendolin\n" + SECRET.encode() + b"\xff\n", ":3: not valid UTF-8"),
        ("names.json", f'[\n "Wendolin",\n "{SECRET}"\n "Ottilie"\n]'.encode(), ":4: invalid JSON ("),
        ("names.json", b"[" * 100_000 + b"]" * 100_000, ":1: invalid JSON ("),
        ("names.csv", f"name\nWendolin\n{'W' * 200_000}{SECRET}\n".encode(), ":3: "),
        ("names.csv", f"vorname;nachname\nWendolin;{SECRET}\n".encode(), ":1: CSV needs a 'name' column"),
    ],
    ids=["txt-utf8", "csv-utf8", "json-syntax", "json-nested-100000-deep", "csv-field-limit", "csv-header"],
)
def test_malformed_dictionary_error_names_file_and_line_but_no_content(
    tmp_path: Path, name: str, content: bytes, expected: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    assert f"{path}{expected}" in _error(load_name_file, path)


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        (
            "fix.toml",
            f'keep = ["Wendolin"]\n\nmask = [{{text = "{SECRET}" type = "PER"}}]\n',
            ":3: invalid TOML (",
        ),
        ("fix.toml", f"[{SECRET}]\nx = 1\n[{SECRET}]\n", ":3: invalid TOML (syntax error)"),
        ("fix.toml", f'keep = [\n"{SECRET}",\n', ":3: invalid TOML ("),
        ("fix.json", f'{{\n "keep": ["{SECRET}",]\n}}', ":2: invalid JSON ("),
        ("fix.json", b'{"keep": ["\xff"]}', ":1: not valid UTF-8"),
        ("fix.toml", "keep = " + "[" * 100_000, ": invalid TOML"),
    ],
    ids=["toml-syntax", "toml-message-quoting-a-key", "toml-unclosed", "json-syntax", "utf8", "toml-deep"],
)
def test_malformed_corrections_error_names_file_and_line_but_no_content(
    tmp_path: Path, name: str, content: str | bytes, expected: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    assert f"{path}{expected}" in _error(load_corrections, path)


def test_malformed_deid_toml_and_source_file_errors_name_their_line(tmp_path: Path) -> None:
    settings = tmp_path / "deid.toml"
    settings.write_text(f'[run]\ncache = true\ndict_dir = "{SECRET}\n', encoding="utf-8")
    assert f"{settings}:3: invalid TOML (" in _error(load_settings, settings)
    source = tmp_path / "source.toml"
    source.write_text(f'name = "x"\n\nstart_url = https://{SECRET}\n', encoding="utf-8")
    assert f"{source}:3: invalid TOML (" in _error(load_source, source, SourceFileError)


def test_cli_reports_an_oversized_dictionary_as_a_usage_error_naming_file_and_line(
    deid: Callable, workdir: Path
) -> None:
    (workdir / "in.jsonl").write_text('{"id": 1, "text": "Herr Wendolin kam."}\n', encoding="utf-8")
    (workdir / "staff.txt").write_text(f"Wendolin\n{SECRET * 1000}\n", encoding="utf-8")
    run = deid("run", "in.jsonl", "-o", "out.jsonl", "--hcps", "staff.txt", "--quiet")
    assert run.exit_code == 2
    assert "staff.txt:2: line longer than the 10,000-character limit" in run.stderr
    assert SECRET not in run.output and not (workdir / "out.jsonl").exists()


# ------------------------------------------------------------------------------ no code from files

_DANGEROUS_MODULES = {"pickle", "marshal", "shelve", "yaml", "dill", "cloudpickle", "jsonpickle"}
_DANGEROUS_CALLS = {"eval", "exec", "compile", "__import__"}


def test_no_module_but_the_lexicon_cache_can_deserialize_code_or_evaluate_text() -> None:
    package = Path(deid_cli.__file__).parent
    offenders: list[str] = []
    for module in sorted(package.rglob("*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            imported: set[str] = set()
            if isinstance(node, ast.Import):
                imported = {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                imported = {node.module.split(".")[0]}
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                imported = {node.func.id} & _DANGEROUS_CALLS
            for name in imported & (_DANGEROUS_MODULES | _DANGEROUS_CALLS):
                offenders.append(f"{module.relative_to(package)}: {name}")
    assert offenders == ["detection/lexicon/cache.py: pickle"]


# ------------------------------------------------------------------------------ the lexicon cache


@pytest.fixture
def small_bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A tiny stand-in for the bundled dictionaries, so each build takes milliseconds."""
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    (bundle / "surnames.txt").write_text("Hofbrunninger\n", encoding="utf-8")
    monkeypatch.setattr(lexicon_cache, "bundled_dictionary_dir", lambda: bundle)
    return bundle


def _planted_lexicon() -> bytes:
    """A genuine compiled lexicon, but of a list deid was not given: recognisable if loaded."""
    return pickle.dumps(PublicLexicon(LexiconSources(surnames=["Pfaffenstaller"])))


def _cache_with_key(tmp_path: Path) -> tuple[Path, Path]:
    """A populated cache directory and the entry for the current inputs."""
    cache = tmp_path / "cache"
    _, report = lexicon_cache.load_public_lexicon(cache_dir=cache)
    return cache, cache / f"{report.key}.pickle"


def _loaded(cache: Path) -> tuple[str, bool]:
    """(where the lexicon came from, whether it is the planted one)."""
    public, report = lexicon_cache.load_public_lexicon(cache_dir=cache)
    return report.source, "pfaffenstaller" in public.name_words


def test_cache_entry_for_the_current_key_is_used_when_private(small_bundle: Path, tmp_path: Path) -> None:
    """The control for the tests below: a planted lexicon in the right place IS loaded."""
    cache, entry = _cache_with_key(tmp_path)
    entry.write_bytes(_planted_lexicon())
    assert _loaded(cache) == ("cache", True)


def test_cache_entry_under_another_key_is_never_loaded(small_bundle: Path, tmp_path: Path) -> None:
    cache, entry = _cache_with_key(tmp_path)
    entry.unlink()
    (cache / ("0" * 32 + ".pickle")).write_bytes(_planted_lexicon())
    (cache / "lexicon.pickle").write_bytes(_planted_lexicon())
    assert _loaded(cache) == ("built", False)


@pytest.mark.parametrize("mode", [0o620, 0o602, 0o666])
def test_cache_entry_others_may_write_is_never_loaded(small_bundle: Path, tmp_path: Path, mode: int) -> None:
    cache, entry = _cache_with_key(tmp_path)
    entry.write_bytes(_planted_lexicon())
    entry.chmod(mode)
    assert _loaded(cache) == ("built", False)


def test_cache_entry_that_is_a_symlink_to_a_file_elsewhere_is_never_loaded(
    small_bundle: Path, tmp_path: Path
) -> None:
    cache, entry = _cache_with_key(tmp_path)
    elsewhere = tmp_path / "elsewhere.pickle"
    elsewhere.write_bytes(_planted_lexicon())
    elsewhere.chmod(0o600)
    entry.unlink()
    entry.symlink_to(elsewhere)
    assert _loaded(cache) == ("built", False)


@pytest.mark.parametrize("mode", [0o770, 0o707, 0o777])
def test_cache_in_a_directory_others_may_write_is_never_loaded(
    small_bundle: Path, tmp_path: Path, mode: int
) -> None:
    cache, entry = _cache_with_key(tmp_path)
    entry.write_bytes(_planted_lexicon())
    cache.chmod(mode)
    assert _loaded(cache)[1] is False


class _Payload:
    """What an attacker would plant: unpickling it calls os.mkdir (a harmless stand-in)."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return os.mkdir, (str(self.marker),)


def test_planted_pickle_that_calls_a_function_is_refused_even_in_the_right_place(
    small_bundle: Path, tmp_path: Path
) -> None:
    cache, entry = _cache_with_key(tmp_path)
    marker = tmp_path / "code-ran"
    entry.write_bytes(pickle.dumps(_Payload(marker)))
    assert _loaded(cache) == ("built", False)
    assert not marker.exists()


# ------------------------------------------------------- label maps (eval) and stats files


@pytest.mark.parametrize("suffix", [".json", ".toml", ".map"])
def test_deeply_nested_label_map_is_a_usage_error_naming_the_file_not_a_crash(
    deid: Callable, workdir: Path, suffix: str
) -> None:
    nested = "[" * 100_000 + "]" * 100_000
    label_map = workdir / f"labels{suffix}"
    label_map.write_text(f"NAME = {nested}\n" if suffix == ".toml" else nested, encoding="utf-8")
    gold = workdir / "gold.jsonl"
    gold.write_text(
        json.dumps({"id": "1", "text": "Frau Zirbleitner kam.", "gold": [[5, 16, "NAME"]]}) + "\n"
    )
    run = deid("eval", gold, "--label-map", label_map)
    assert run.exit_code == 2, run.output
    assert f"{label_map}: neither valid JSON nor valid TOML" in run.output


def test_label_map_over_1_mib_is_refused_before_it_is_read(deid: Callable, workdir: Path) -> None:
    label_map = _sparse(workdir / "labels.json", 2 * 1024 * 1024)
    gold = workdir / "gold.jsonl"
    gold.write_text(json.dumps({"id": "1", "text": "Frau Zirbleitner kam.", "gold": []}) + "\n")
    run = deid("eval", gold, "--label-map", label_map)
    assert run.exit_code == 2, run.output
    assert "larger than the 1 MiB limit for label maps" in run.output


def test_deeply_nested_stats_file_is_an_input_error_naming_the_file_not_a_crash(
    deid: Callable, workdir: Path
) -> None:
    stats = workdir / "stats.json"
    stats.write_text('{"records": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    run = deid("stats", stats)
    assert run.exit_code == 1, run.output
    assert f"input error: {stats}:1:" in run.output and "invalid JSON" in run.output


def test_stats_file_over_64_mib_is_refused_before_it_is_read(deid: Callable, workdir: Path) -> None:
    stats = _sparse(workdir / "stats.json", 65 * 1024 * 1024)
    run = deid("stats", stats)
    assert run.exit_code == 1, run.output
    assert "larger than the 64 MiB limit for stats files" in run.output
