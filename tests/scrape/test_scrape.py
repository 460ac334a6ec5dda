"""``deid scrape-dicts`` against a local HTTP server replaying recorded responses.

Nothing here touches the internet: a ThreadingHTTPServer on 127.0.0.1 (tests/scrape_server.py) serves the
files in tests/data/scrape/ (MediaWiki API pages, directory pages) and zips built in the
tests, and can be told to answer 503/429 first. Sleeping is replaced by a recorder, so
retries and delays are asserted, not waited for. Every name and place is invented.
"""

from __future__ import annotations

import io
import re
import socket
import stat
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from pathlib import Path

import pytest
import typer
from scrape_server import DATA, FixtureServer, Scripted, allow_only_localhost
from typer.testing import CliRunner

import deid_cli.scrape.http as scrape_http
from deid_cli.commands.scrape import DEFAULT_USER_AGENT, SCRAPE_EPILOG, scrape_dicts, shipped_source_dir
from deid_cli.scrape.hcp import load_source
from deid_cli.scrape.http import PoliteClient, ScrapeError, retry_after_seconds
from deid_cli.scrape.names import category_name, full_name, person_name

SURNAMES = ["Hofbrunninger", "Kapfgruber", "Koch", "Quendelhofer", "Strubegger", "Zirbleitner"]
FIRST_NAMES = ["Balduin", "Ferdl", "Ottilie", "Quirinus", "Wendelgard", "Wendolin", "Zenzi"]
PERSONS = [
    "Anna Kapfgruber",
    "Balduin Strubegger",
    "Ludwig Quendelhofer",
    "Ottokar Koch",
    "Wendolin Zirbleitner",
    "Zenzi Hofbrunninger-Koch",
]
WIKI_FILES = ("surnames.txt", "first_names.txt", "persons.txt", "ambiguous.txt")


@pytest.fixture(autouse=True)
def _no_internet(monkeypatch: pytest.MonkeyPatch) -> None:
    allow_only_localhost(monkeypatch)


# ------------------------------------------------------------------------------ the command


@dataclass
class Run:
    exit_code: int
    stdout: str
    stderr: str


@pytest.fixture
def sleeps(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Every sleep the scraper asks for, recorded instead of waited."""
    recorded: list[float] = []
    monkeypatch.setattr(scrape_http, "default_sleep", recorded.append)
    return recorded


@pytest.fixture
def scrape(sleeps: list[float], monkeypatch: pytest.MonkeyPatch) -> Callable[..., Run]:
    """Run ``scrape-dicts ARGS...`` through a local Typer app (independent of deid_cli/cli.py)."""
    monkeypatch.setenv("COLUMNS", "120")
    app = typer.Typer()

    @app.callback()
    def _root() -> None:
        """Test app."""

    app.command("scrape-dicts", epilog=SCRAPE_EPILOG)(scrape_dicts)
    runner = CliRunner()

    def invoke(*args: str | Path) -> Run:
        result = runner.invoke(app, ["scrape-dicts", *(str(a) for a in args)])
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return Run(result.exit_code, result.stdout, result.stderr)

    return invoke


def lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def snapshot(directory: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(directory)): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()
    }


def wiki_args(server: FixtureServer, out: Path, *extra: str) -> list[str]:
    return [
        "--source",
        "wikipedia",
        "--api-url",
        f"{server.base}/w/api.php",
        "--out",
        str(out),
        "--delay",
        "0",
        *extra,
    ]


def source_file(server: FixtureServer, tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    path.write_text((DATA / "hcp" / name).read_text(encoding="utf-8").replace("{base}", server.base), "utf-8")
    return path


def geonames_zip(member: str, rows: list[str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(member, "".join(f"{row}\n" for row in rows))
    return buffer.getvalue()


# ------------------------------------------------------------------------------ wikipedia


def test_acceptance_wikipedia_source_yields_the_category_members_names_in_out(
    server: FixtureServer, scrape: Callable[..., Run], tmp_path: Path
) -> None:
    out = tmp_path / "dicts"
    run = scrape(
        "--source", "wikipedia", "--api-url", f"{server.base}/w/api.php", "--out", out, "--delay", "0"
    )
    assert run.exit_code == 0, run.stderr
    assert lines(out / "surnames.txt") == SURNAMES
    assert lines(out / "first_names.txt") == FIRST_NAMES
    assert lines(out / "persons.txt") == PERSONS


def test_wikipedia_follows_continuation_strips_disambiguators_skips_lists_and_flags_ambiguous(
    server: FixtureServer, scrape: Callable[..., Run], tmp_path: Path
) -> None:
    out = tmp_path / "dicts"
    assert scrape(*wiki_args(server, out)).exit_code == 0
    # two pages for each of the three categories and the Personendaten template
    assert len(server.seen) == 8
    continued = [s for s in server.seen if "cmcontinue" in s.query or "eicontinue" in s.query]
    assert len(continued) == 4 and all(s.query["continue"] == "-||" for s in continued)
    surnames = lines(out / "surnames.txt")
    assert "Hofbrunninger" in surnames and "Strubegger" in surnames  # page 1 and page 2
    assert not any(
        "(" in name or name.startswith("Liste") for name in surnames + lines(out / "first_names.txt")
    )
    assert "Mc Wendl" not in surnames  # multi-word surname titles are skipped
    # "Koch" is a common German word: still a surname, and listed for the operator
    assert "Koch" in surnames
    assert lines(out / "ambiguous.txt") == ["Koch"]
    for path in (out / name for name in WIKI_FILES):
        raw = path.read_bytes()
        assert raw.endswith(b"\n") and raw.decode("utf-8").splitlines() == sorted(set(lines(path)))


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Wendolin Zirbleitner", ("Wendolin", "Zirbleitner")),
        ("Ludwig van Quendelhofer", ("Ludwig", "Quendelhofer")),
        ("Anna Maria Kapfgruber (Politikerin)", ("Anna", "Kapfgruber")),
        ("Balduin Strubegger (Mediziner, 1901)", ("Balduin", "Strubegger")),
        ("Walther von der Zirbl", ("Walther", "Zirbl")),
        ("Quirin F. Hofbrunninger", ("Quirin", "Hofbrunninger")),
        ("Ferdl der Kühne", None),  # an epithet, not a surname
        ("Wendelgard II.", None),
        ("Quendelhofer, Ferdl", None),
        ("Zenzi 2 Zirbl", None),
        ("Zirbleitner", None),
        ("Liste der Zirbleitner", None),
        ("Benutzer:Ferdl Koch", None),
        ("Hans im Glück", None),
    ],
)
def test_person_titles_split_into_first_name_and_surname(
    title: str, expected: tuple[str, str] | None
) -> None:
    assert person_name(title) == expected


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Wendolin (Vorname)", "Wendolin"),
        ("Koch (Familienname)", "Koch"),
        ("Kapfgruber (Name)", "Kapfgruber"),
        ("O'Zirbl", "O'Zirbl"),
        ("Hofbrunninger-Koch", "Hofbrunninger-Koch"),
        ("Liste der Familiennamen im Mürztal", None),
        ("Mc Wendl (Familienname)", None),
        ("ZIRBL", None),
        ("zirbl", None),
        ("Ζηνοβία", None),  # Latin letters only
    ],
)
def test_category_titles_become_single_capitalised_names(title: str, expected: str | None) -> None:
    assert category_name(title) == expected


def test_retries_on_503_then_succeeds(
    server: FixtureServer, scrape: Callable[..., Run], tmp_path: Path
) -> None:
    server.script["/w/api.php"] = [Scripted(503, {"Retry-After": "0"}), Scripted(503, {"Retry-After": "0"})]
    run = scrape(*wiki_args(server, tmp_path / "dicts"))
    assert run.exit_code == 0, run.stderr
    assert len(server.seen) == 10  # 2 failures + 8 pages
    assert lines(tmp_path / "dicts" / "surnames.txt") == SURNAMES


def test_retries_on_429_honouring_retry_after(
    server: FixtureServer, scrape: Callable[..., Run], sleeps: list[float], tmp_path: Path
) -> None:
    server.script["/w/api.php"] = [Scripted(429, {"Retry-After": "3"})]
    run = scrape(*wiki_args(server, tmp_path / "dicts"))
    assert run.exit_code == 0, run.stderr
    assert len(server.seen) == 9
    assert sleeps == [3.0]


def test_client_backs_off_exponentially_and_caps_retry_after(server: FixtureServer) -> None:
    sleeps: list[float] = []
    server.script["/json"] = [Scripted(503), Scripted(502), Scripted(429, {"Retry-After": "3600"})]
    with PoliteClient(user_agent="t", delay=0, retries=4, backoff=0.5, sleep=sleeps.append) as client:
        data, _ = client.get_json(f"{server.base}/json")
    assert data == {"ok": True}
    assert server.paths().count("/json") == 4
    assert sleeps == [0.5, 1.0, 60.0]  # backoff 0.5 * 2**n; Retry-After capped at 60 s


def test_retry_after_accepts_seconds_and_http_dates() -> None:
    now = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
    assert retry_after_seconds("7", now) == 7.0
    assert retry_after_seconds(format_datetime(now + timedelta(seconds=30), usegmt=True), now) == 30.0
    assert retry_after_seconds(format_datetime(now - timedelta(seconds=30), usegmt=True), now) == 0.0
    assert retry_after_seconds("soon", now) is None
    assert retry_after_seconds(None, now) is None


def test_gives_up_after_retries_naming_url_and_status_but_not_the_body(server: FixtureServer) -> None:
    server.script["/json"] = [Scripted(503)] * 3
    with (
        PoliteClient(user_agent="t", delay=0, retries=2, sleep=lambda s: None) as client,
        pytest.raises(ScrapeError) as caught,
    ):
        client.get(f"{server.base}/json")
    message = str(caught.value)
    assert f"{server.base}/json" in message and "HTTP 503" in message and "3 attempts" in message
    assert "SECRET" not in message
    assert len(server.seen) == 3


def test_client_error_status_is_not_retried(server: FixtureServer) -> None:
    with (
        PoliteClient(user_agent="t", delay=0, sleep=lambda s: None) as client,
        pytest.raises(ScrapeError) as caught,
    ):
        client.get(f"{server.base}/nothing-here")
    assert "HTTP 404" in str(caught.value) and len(server.seen) == 1


def test_connection_errors_are_retried_with_backoff() -> None:
    with socket.socket() as probe:  # a port on which nobody listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    sleeps: list[float] = []
    with (
        PoliteClient(user_agent="t", delay=0, retries=2, sleep=sleeps.append) as client,
        pytest.raises(ScrapeError) as caught,
    ):
        client.get(f"http://127.0.0.1:{port}/x")
    assert sleeps == [1.0, 2.0]
    assert f"127.0.0.1:{port}/x" in str(caught.value) and "cannot connect" in str(caught.value)


@pytest.mark.parametrize("declared", ["1", "0"])
def test_response_above_the_size_cap_is_rejected(server: FixtureServer, declared: str) -> None:
    with PoliteClient(user_agent="t", delay=0, max_bytes=1000, sleep=lambda s: None) as client:
        assert len(client.get(f"{server.base}/big", {"size": "1000", "declared": declared}).content) == 1000
        with pytest.raises(ScrapeError) as caught:
            client.get(f"{server.base}/big", {"size": "5000", "declared": declared})
    assert "/big" in str(caught.value) and "exceeds the 1000 B cap" in str(caught.value)


def test_malformed_json_exits_1_names_the_url_and_leaves_previous_lists_untouched(
    server: FixtureServer, scrape: Callable[..., Run], tmp_path: Path
) -> None:
    out = tmp_path / "dicts"
    out.mkdir()
    (out / "surnames.txt").write_text("Altname\n", encoding="utf-8")
    (out / "first_names.txt").write_text("Altvorname\n", encoding="utf-8")
    (out / "SOURCES.md").write_text("# old\n", encoding="utf-8")
    before = snapshot(out)
    run = scrape(*wiki_args(server, out)[:2], "--api-url", f"{server.base}/malformed/w/api.php", "--out", out)
    assert run.exit_code == 1
    assert f"malformed JSON from {server.base}/malformed/w/api.php" in run.stderr
    assert "left unchanged" in run.stderr
    assert snapshot(out) == before  # byte-identical, and no temp or state files left


def test_resume_continues_from_the_saved_cursor(
    server: FixtureServer, scrape: Callable[..., Run], tmp_path: Path
) -> None:
    out = tmp_path / "dicts"
    first = scrape(*wiki_args(server, out, "--max-pages", "1"))
    assert first.exit_code == 0 and "--resume" in first.stderr
    assert len(server.seen) == 4
    assert lines(out / "surnames.txt") == ["Hofbrunninger", "Koch", "Zirbleitner"]  # page 1 only
    state = (out / ".scrape-state.json").read_text(encoding="utf-8")
    assert not any(name in state for name in SURNAMES + FIRST_NAMES)  # cursors and counts only
    assert stat.S_IMODE((out / ".partial").stat().st_mode) == 0o700

    server.seen.clear()
    second = scrape(*wiki_args(server, out, "--resume"))
    assert second.exit_code == 0, second.stderr
    assert len(server.seen) == 4
    assert all("cmcontinue" in s.query or "eicontinue" in s.query for s in server.seen)
    assert lines(out / "surnames.txt") == SURNAMES
    assert lines(out / "first_names.txt") == FIRST_NAMES
    assert lines(out / "persons.txt") == PERSONS
    assert not (out / ".scrape-state.json").exists() and not (out / ".partial").exists()


def test_interrupted_run_keeps_previous_lists_and_resume_completes_it(
    server: FixtureServer, scrape: Callable[..., Run], tmp_path: Path
) -> None:
    out = tmp_path / "dicts"
    out.mkdir()
    (out / "surnames.txt").write_text("Altname\n", encoding="utf-8")
    server.fail_continuations = True
    failed = scrape(*wiki_args(server, out, "--retries", "0"))
    assert failed.exit_code == 1 and "HTTP 500" in failed.stderr and "--resume continues" in failed.stderr
    assert lines(out / "surnames.txt") == ["Altname"]
    assert (out / ".scrape-state.json").is_file()

    server.fail_continuations = False
    server.seen.clear()
    resumed = scrape(*wiki_args(server, out, "--resume"))
    assert resumed.exit_code == 0, resumed.stderr
    assert "cmcontinue" in server.seen[0].query  # the surname list went on from page 2
    assert len(server.seen) == 7
    assert lines(out / "surnames.txt") == SURNAMES


def test_a_fresh_run_that_fails_drops_the_old_cursor_with_its_partial_results(
    server: FixtureServer, scrape: Callable[..., Run], tmp_path: Path
) -> None:
    out = tmp_path / "dicts"
    server.fail_continuations = True
    assert scrape(*wiki_args(server, out, "--retries", "0")).exit_code == 1  # cursor at page 2
    server.fail_continuations = False
    server.script["/w/api.php"] = [Scripted(500)]
    assert scrape(*wiki_args(server, out, "--retries", "0")).exit_code == 1  # fresh, fails at once
    server.seen.clear()
    assert scrape(*wiki_args(server, out, "--resume")).exit_code == 0
    assert "cmcontinue" not in server.seen[0].query  # page 1 again: its names were dropped
    assert lines(out / "surnames.txt") == SURNAMES


def test_resume_refuses_a_state_saved_for_another_api_url(
    server: FixtureServer, scrape: Callable[..., Run], tmp_path: Path
) -> None:
    out = tmp_path / "dicts"
    assert scrape(*wiki_args(server, out, "--max-pages", "1")).exit_code == 0
    other = scrape(
        "--source", "wikipedia", "--api-url", "http://127.0.0.1:9/w/api.php", "--out", out, "--resume"
    )
    assert other.exit_code == 2 and "without --resume" in other.stderr


def test_dry_run_writes_nothing_but_reports_counts(
    server: FixtureServer, scrape: Callable[..., Run], tmp_path: Path
) -> None:
    out = tmp_path / "dicts"
    out.mkdir()
    (out / "surnames.txt").write_text("Altname\nZirbleitner\n", encoding="utf-8")
    before = snapshot(out)
    run = scrape(*wiki_args(server, out, "--dry-run"))
    assert run.exit_code == 0, run.stderr
    assert snapshot(out) == before
    assert "dry run" in run.stderr
    assert re.search(r"surnames\.txt\W+2\W+6\W+5\W+1\W", run.stderr)  # before, after, added, removed
    assert re.search(r"persons\.txt\W+0\W+6\W+6\W+0\W", run.stderr)
    fresh = tmp_path / "never-created"
    assert scrape(*wiki_args(server, fresh, "--dry-run", "--quiet")).exit_code == 0
    assert not fresh.exists()


# ------------------------------------------------------------------------------ politeness


def test_sends_the_descriptive_user_agent_and_waits_between_requests(
    server: FixtureServer, scrape: Callable[..., Run], sleeps: list[float], tmp_path: Path
) -> None:
    args = wiki_args(server, tmp_path / "dicts")
    run = scrape(*args[:-2], "--delay", "0.5")
    assert run.exit_code == 0, run.stderr
    assert re.fullmatch(
        r"deid-scrape-dicts/\d+\.\d+\.\d+ \(\+contact: set --user-agent\)", DEFAULT_USER_AGENT
    )
    assert {s.user_agent for s in server.seen} == {DEFAULT_USER_AGENT}
    assert sleeps == [0.5] * (len(server.seen) - 1)

    server.seen.clear()
    custom = "deid at Klinik Zirbleiten (it@example.org)"
    assert scrape(*args, "--user-agent", custom).exit_code == 0
    assert {s.user_agent for s in server.seen} == {custom}


# ------------------------------------------------------------------------------ hcp


def test_hcp_source_parses_entries_converts_surname_first_follows_next_link_strips_titles(
    server: FixtureServer, scrape: Callable[..., Run], tmp_path: Path
) -> None:
    out = tmp_path / "dicts"
    toml = source_file(server, tmp_path, "aek.toml")
    run = scrape("--source", "hcp", "--source-file", toml, "--out", out, "--delay", "0")
    assert run.exit_code == 0, run.stderr
    assert server.paths() == ["/aek/46", "/aek/46"]
    assert server.seen[1].query == {"seite": "2"}
    assert lines(out / "hcps.txt") == [
        "Anna Maria Kapfgruber",
        "Balduin van Quendelhofer",
        "Ferdl Hofbrunninger",
        "Grätel Mürzer",
        "Ottilie Wendl",
        "Wendolin Zirbleitner",
        "Zenzi Strubegger-Quendelhofer",
    ]  # not "Keine Werbung" (outside div.bezirk), not "N.N.", no district links


def test_hcp_source_with_page_parameter_stops_at_the_first_empty_page_and_honours_its_delay(
    server: FixtureServer, scrape: Callable[..., Run], sleeps: list[float], tmp_path: Path
) -> None:
    toml = source_file(server, tmp_path, "liste.toml")
    toml.write_text(toml.read_text(encoding="utf-8") + "delay = 0.25\n", encoding="utf-8")
    out = tmp_path / "dicts"
    run = scrape("--source", "hcp", "--source-file", toml, "--out", out, "--delay", "0")
    assert run.exit_code == 0, run.stderr
    assert [s.query for s in server.seen] == [{"p": "1"}, {"p": "2"}, {"p": "3"}]
    assert sleeps == [0.25, 0.25]  # the source file's delay is a minimum
    assert lines(out / "hcps.txt") == ["Balduin Strubegger", "Quirinus Zirbleitner", "Zenzi Kapfgruber"]


def test_hcp_directory_without_any_entry_is_an_error_not_an_empty_list(
    server: FixtureServer, scrape: Callable[..., Run], tmp_path: Path
) -> None:
    toml = source_file(server, tmp_path, "aek.toml")
    toml.write_text(
        toml.read_text(encoding="utf-8").replace("div.bezirk", "div.gibtsnicht"), encoding="utf-8"
    )
    run = scrape("--source", "hcp", "--source-file", toml, "--out", tmp_path / "dicts", "--delay", "0")
    assert run.exit_code == 1 and "no names found" in run.stderr
    assert not (tmp_path / "dicts" / "hcps.txt").exists()


def test_hcp_legacy_page_is_decoded_with_its_meta_charset(
    server: FixtureServer, scrape: Callable[..., Run], tmp_path: Path
) -> None:
    toml = tmp_path / "alt.toml"
    toml.write_text(
        f'name = "alt"\nstart_url = "{server.base}/alt"\n'
        'entry_selector = \'div.bezirk a[href*="arztnr="]\'\nname_format = "Nachname, Vorname"\n',
        encoding="utf-8",
    )
    run = scrape("--source", "hcp", "--source-file", toml, "--out", tmp_path / "dicts", "--delay", "0")
    assert run.exit_code == 0, run.stderr
    assert lines(tmp_path / "dicts" / "hcps.txt") == ["Grätel Mürzer", "Jörg Straßer"]


@pytest.mark.parametrize(
    ("text", "surname_first", "expected"),
    [
        ("Kapfgruber, Dr. Anna Maria", True, "Anna Maria Kapfgruber"),
        ("Univ.-Prof. Dr. Hofbrunninger, Ferdl, MSc", True, "Ferdl Hofbrunninger"),
        ("Dr.in Mag.a Zenzi Zirbl, MBA", False, "Zenzi Zirbl"),
        ("OMR Dr. med. univ. Quirin Hofbrunninger", False, "Quirin Hofbrunninger"),
        ("Ambulanz für Zirbelkunde", False, None),
        ("Zirbleitner", True, None),
    ],
)
def test_directory_entries_become_given_name_then_surname_without_titles(
    text: str, surname_first: bool, expected: str | None
) -> None:
    assert full_name(text, surname_first) == expected


def test_shipped_source_files_are_valid() -> None:
    shipped = shipped_source_dir()
    assert shipped is not None
    aek = load_source(shipped / "aek_steiermark.toml")
    assert aek.start_url == "https://www.aekstmk.or.at/46"
    assert aek.entry_selector == 'div.bezirk a[href*="arztnr="]' and aek.surname_first
    template = shipped / "TEMPLATE.toml"
    load_source(template)
    assert "terms of use" in template.read_text(encoding="utf-8").lower()


def test_bad_source_file_is_a_usage_error(scrape: Callable[..., Run], tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'name = "x"\nstart_url = "ftp://x"\nentry_selector = "a"\nname_format = "Vorname Nachname"\n'
    )
    run = scrape("--source", "hcp", "--source-file", bad, "--out", tmp_path / "dicts")
    assert run.exit_code == 2 and "start_url" in run.stderr


# ------------------------------------------------------------------------------ postcodes


def test_postcodes_source_writes_sorted_code_tab_place_and_skips_invalid_rows(
    server: FixtureServer, scrape: Callable[..., Run], tmp_path: Path
) -> None:
    server.blobs["/geonames/AT.zip"] = geonames_zip(
        "AT.txt",
        [
            # a municipality of its own; a locality within another; the same row twice
            "AT\t8010\tZirbleiten\tSteiermark\t06\tGraz\t601\tZirbleiten\t60101\t47.07\t15.44\t4",
            "AT\t1010\tQuendelhof\tWien\t09\tWien\t900\tQuendelstadt\t90001\t48.20\t16.37\t4",
            "AT\t8010\tZirbleiten\tSteiermark\t06\tGraz\t601\tZirbleiten\t60101\t47.07\t15.44\t4",
            "AT\t801\tKurzort\tSteiermark\t06\t\t\t\t\t47.0\t15.4\t4",  # no four-digit code
            # a city and its district; a bilingual name
            "AT\t8020\tKapfgrub, Innere Stadt\tSteiermark\t06\t\t\t\t\t47.0\t15.4\t4",
            "AT\t7023\tZirbendorf / Cirbinac\tBurgenland\t01\t\t\tZirbendorf\t10101\t47.0\t16.4\t4",
            "DE\t12345\tFremdort\tBayern\t\t\t\t\t\t48.0\t11.0\t4",  # another country
            "broken line",
        ],
    )
    server.blobs["/geonames/DE.zip"] = geonames_zip(
        "DE.txt",
        [
            "DE\t01067\tZirbelstadt\tSachsen\t\t\t\t\t\t51.0\t13.7\t4",
            "DE\t1067\tZuKurz\tSachsen",
            "DE\t01099\tZirbel Versicherung AG\tSachsen\t\t\t\t\t\t51.0\t13.7\t4",  # a bulk customer
            # bulk customers named by their owner's title or salutation: "Dr." is no town's word
            "DE\t01108\tDr. Zirbel Pharma\tSachsen\t\t\t\t\t\t51.0\t13.7\t4",
            "DE\t01109\tQuendel Dipl.-Kaufmann\tSachsen\t\t\t\t\t\t51.0\t13.7\t4",
            "DE\t01156\tFrau Zirbels Studio\tSachsen\t\t\t\t\t\t51.0\t13.7\t4",
        ],
    )
    out = tmp_path / "dicts"
    url = f"{server.base}/geonames/{{country}}.zip"
    run = scrape(
        "--source", "postcodes", "--country", "at,DE", "--postcodes-url", url, "--out", out, "--delay", "0"
    )
    assert run.exit_code == 0, run.stderr
    assert lines(out / "postcodes_at.tsv") == [
        "1010\tQuendelhof\tlocality",
        "1010\tQuendelstadt",
        "7023\tCirbinac\tlocality",
        "7023\tZirbendorf",
        "8010\tZirbleiten",
        "8020\tInnere Stadt\tlocality",
        "8020\tKapfgrub",
    ]
    assert lines(out / "postcodes_de.tsv") == ["01067\tZirbelstadt"]


def test_postcode_archive_without_the_country_file_is_an_error(
    server: FixtureServer, scrape: Callable[..., Run], tmp_path: Path
) -> None:
    server.blobs["/geonames/AT.zip"] = geonames_zip("readme.txt", ["nothing"])
    url = f"{server.base}/geonames/{{country}}.zip"
    run = scrape("--source", "postcodes", "--country", "AT", "--postcodes-url", url, "--out", tmp_path / "d")
    assert run.exit_code == 1 and "archive has no AT.txt" in run.stderr
    assert not (tmp_path / "d").exists()


# ------------------------------------------------------------------------------ SOURCES.md, usage


def test_sources_md_lists_each_written_file_with_source_licence_and_count(
    server: FixtureServer, scrape: Callable[..., Run], tmp_path: Path
) -> None:
    out = tmp_path / "dicts"
    assert scrape(*wiki_args(server, out)).exit_code == 0
    server.blobs["/geonames/AT.zip"] = geonames_zip("AT.txt", ["AT\t8010\tZirbleiten\tSteiermark"])
    url = f"{server.base}/geonames/{{country}}.zip"
    run = scrape("--source", "postcodes", "--country", "AT", "--postcodes-url", url, "--out", out)
    assert run.exit_code == 0, run.stderr
    rows = {}
    for line in lines(out / "SOURCES.md"):
        if line.startswith("| `"):
            cells = [c.strip() for c in line.strip("|").split(" | ")]
            rows[cells[0].strip("`")] = cells
    assert set(rows) == {*WIKI_FILES, "postcodes_at.tsv"}  # the earlier run's rows survive
    assert rows["surnames.txt"][1].startswith(f"{server.base}/w/api.php")
    assert "CC BY-SA 4.0" in rows["surnames.txt"][3] and rows["surnames.txt"][4] == str(len(SURNAMES))
    assert rows["persons.txt"][4] == str(len(PERSONS))
    assert rows["postcodes_at.tsv"][1] == f"{server.base}/geonames/AT.zip"
    assert "CC BY 4.0" in rows["postcodes_at.tsv"][3] and rows["postcodes_at.tsv"][4] == "1"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", rows["postcodes_at.tsv"][2])


def test_hcp_rows_in_sources_md_carry_the_terms_warning(
    server: FixtureServer, scrape: Callable[..., Run], tmp_path: Path
) -> None:
    out = tmp_path / "dicts"
    toml = source_file(server, tmp_path, "aek.toml")
    assert scrape("--source", "hcp", "--source-file", toml, "--out", out, "--quiet").exit_code == 0
    row = next(line for line in lines(out / "SOURCES.md") if line.startswith("| `hcps.txt`"))
    assert f"{server.base}/aek/46" in row and "terms of the directory's operator — check before use" in row


def test_help_shows_examples_and_exit_statuses(scrape: Callable[..., Run]) -> None:
    run = scrape("--help")
    assert run.exit_code == 0
    assert "Exit statuses" in run.stdout and "--resume" in run.stdout and "--user-agent" in run.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["--source", "facebook"],
        ["--source", "postcodes", "--country", "FR"],
        ["--source", "postcodes", "--postcodes-url", "http://127.0.0.1:9/AT.zip"],
        ["--source", "wikipedia", "--api-url", "file:///etc/passwd"],
        ["--source", "wikipedia", "--delay", "-1"],
        [],
    ],
)
def test_usage_errors_exit_2(scrape: Callable[..., Run], tmp_path: Path, args: list[str]) -> None:
    run = scrape(*args, "--out", tmp_path / "dicts")
    assert run.exit_code == 2
    assert not (tmp_path / "dicts").exists()


def test_comma_lists_and_repeated_sources_are_accepted(
    server: FixtureServer, scrape: Callable[..., Run], tmp_path: Path
) -> None:
    server.blobs["/geonames/AT.zip"] = geonames_zip("AT.txt", ["AT\t8010\tZirbleiten\tSteiermark"])
    out = tmp_path / "dicts"
    url = f"{server.base}/geonames/{{country}}.zip"
    args = wiki_args(server, out)
    run = scrape(
        "--source",
        "postcodes,wikipedia",
        *args[2:],
        "--source",
        "wikipedia",
        "--country",
        "AT",
        "--postcodes-url",
        url,
    )
    assert run.exit_code == 0, run.stderr
    assert {p.name for p in out.iterdir()} == {*WIKI_FILES, "postcodes_at.tsv", "SOURCES.md", ".sources.json"}


def test_acceptance_scraped_names_are_masked_bare_by_deid_run_dict_dir(
    server: FixtureServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The whole maintainer workflow through the real ``deid`` command: scrape a MediaWiki
    server, then a bare surname that no bundled list knows is masked by ``deid run --dict-dir``."""
    from deid_cli.cli import app as deid_app

    monkeypatch.setenv("DEID_CACHE_DIR", str(tmp_path / "cache"))
    out = tmp_path / "dicts"
    runner = CliRunner()
    scraped = runner.invoke(
        deid_app,
        [
            *("scrape-dicts", "--source", "wikipedia", "--api-url", f"{server.base}/w/api.php"),
            *("--out", str(out), "--delay", "0", "--quiet"),
        ],
    )
    assert scraped.exit_code == 0, scraped.stderr
    surname = "Hofbrunninger"
    assert surname in lines(out / "surnames.txt")
    corpus = tmp_path / "notes.jsonl"
    corpus.write_text(f'{{"id": 1, "text": "{surname} kommt morgen zur Kontrolle"}}\n', encoding="utf-8")
    without = runner.invoke(deid_app, ["run", str(corpus), "-o", str(tmp_path / "a.jsonl"), "--quiet"])
    assert without.exit_code == 0, without.stderr
    assert surname in (tmp_path / "a.jsonl").read_text(encoding="utf-8")
    masked = runner.invoke(
        deid_app, ["run", str(corpus), "-o", str(tmp_path / "b.jsonl"), "--dict-dir", str(out), "--quiet"]
    )
    assert masked.exit_code == 0, masked.stderr
    assert surname not in (tmp_path / "b.jsonl").read_text(encoding="utf-8")
