"""Output files are owner-only (0600, directories deid creates 0700) whatever the umask, and
``--mode`` relaxes exactly that for every command that writes files; the lexicon cache is
owner-only too. Each test runs under umask 000 (everything world-writable unless deid sets the
mode itself) and 022 (the common default)."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import typer
from scrape_server import FixtureServer, allow_only_localhost

from deid_cli.commands.options import EXIT_USAGE, parse_mode
from deid_cli.detection.lexicon.cache import load_public_lexicon

from .planted import records, write_jsonl


@pytest.fixture(params=[0o000, 0o022], ids=["umask000", "umask022"])
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    previous = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(previous)


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def modes_below(root: Path) -> dict[str, int]:
    """Mode of ``root`` and of every directory and file below it, by relative path."""
    return {str(p.relative_to(root.parent)): mode_of(p) for p in [root, *sorted(root.rglob("*"))]}


def write_with_every_command(deid: Callable, server: FixtureServer, *mode: str) -> list[Path]:
    """run, stats, review, audit and scrape-dicts, each into directories it has to create."""
    write_jsonl(Path("notes.jsonl"), records())
    runs = [
        (
            "run", "notes.jsonl", "-o", "run/corpus/masked.jsonl", "--stats", "run/side/stats.json",
            "--spans", "run/side/spans.jsonl", "--workers", "1", "-q",
        ),
        ("stats", "run/side/stats.json", "--html", "stats/page/report.html", "--csv", "stats/tables"),
        ("review", "notes.jsonl", "-o", "review/page/review.html", "-q"),
        ("audit", "notes.jsonl", "--json", "-o", "audit/list/candidates.json"),
        (
            "scrape-dicts", "--source", "wikipedia", "--api-url", f"{server.base}/w/api.php",
            "--out", "scraped/dicts", "--delay", "0", "-q",
        ),
    ]  # fmt: skip
    for args in runs:
        result = deid(*args, *mode)
        assert result.exit_code == 0, (args[0], result.output)
    return [Path(name) for name in ("run", "stats", "review", "audit", "scraped")]


@pytest.fixture
def local_server(server: FixtureServer, monkeypatch: pytest.MonkeyPatch) -> FixtureServer:
    allow_only_localhost(monkeypatch)
    return server


@pytest.mark.parametrize(
    ("given", "expected"), [("600", 0o600), ("640", 0o640), ("0644", 0o644), ("0o660", 0o660), ("700", 0o700)]
)
def test_mode_is_read_as_octal(given: str, expected: int) -> None:
    assert parse_mode(given) == expected


@pytest.mark.parametrize("given", ["400", "040", "4755", "1777", "rw-r-----", "8", ""])
def test_mode_refuses_special_bits_non_octal_text_and_owner_lockout(given: str) -> None:
    with pytest.raises(typer.BadParameter):
        parse_mode(given)


@pytest.mark.parametrize("command", ["run", "stats", "review", "audit", "scrape-dicts"])
def test_every_writing_command_refuses_a_bad_mode_before_writing_anything(
    deid: Callable, workdir: Path, command: str
) -> None:
    result = deid(command, "--mode", "4755", "whatever")
    assert result.exit_code == EXIT_USAGE
    assert "--mode" in result.output
    assert list(workdir.iterdir()) == []


def test_outputs_are_0600_in_new_0700_directories_by_default(
    deid: Callable, workdir: Path, local_server: FixtureServer, umask: int
) -> None:
    roots = write_with_every_command(deid, local_server)
    for root in roots:
        modes = modes_below(root)
        assert len(modes) >= 3, modes  # the root, a directory or file below it, and more
        for name, mode in modes.items():
            expected = 0o700 if (workdir / name).is_dir() else 0o600
            assert mode == expected, f"{name}: {mode:o}"


@pytest.mark.parametrize(("option", "file_mode", "dir_mode"), [("640", 0o640, 0o750), ("644", 0o644, 0o755)])
def test_mode_option_relaxes_files_and_created_directories_alike(
    deid: Callable,
    workdir: Path,
    local_server: FixtureServer,
    umask: int,
    option: str,
    file_mode: int,
    dir_mode: int,
) -> None:
    roots = write_with_every_command(deid, local_server, "--mode", option)
    for root in roots:
        for name, mode in modes_below(root).items():
            expected = dir_mode if (workdir / name).is_dir() else file_mode
            assert mode == expected, f"{name}: {mode:o}"


def test_existing_directories_are_left_alone_and_a_replaced_output_gets_the_new_mode(
    deid: Callable, workdir: Path, umask: int
) -> None:
    write_jsonl(workdir / "notes.jsonl", records())
    out = workdir / "shared"
    out.mkdir()
    out.chmod(0o775)
    (out / "masked.jsonl").write_text("an earlier, world-readable run\n")
    (out / "masked.jsonl").chmod(0o644)
    assert deid("run", "notes.jsonl", "-o", "shared/masked.jsonl", "-q", "--workers", "1").exit_code == 0
    assert mode_of(out) == 0o775
    assert mode_of(out / "masked.jsonl") == 0o600


def test_lexicon_cache_and_the_directories_created_for_it_are_owner_only(tmp_path: Path, umask: int) -> None:
    cache = tmp_path / "home" / ".cache" / "deid" / "lexicon"
    load_public_lexicon(cache_dir=cache)
    for directory in (tmp_path / "home", cache.parent.parent, cache.parent, cache):
        assert mode_of(directory) == 0o700, directory
    entries = list(cache.iterdir())
    assert [p.suffix for p in entries] == [".pickle"]
    assert all(mode_of(p) == 0o600 for p in entries)
