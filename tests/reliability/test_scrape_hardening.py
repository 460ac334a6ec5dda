"""``deid scrape-dicts`` treats the network as hostile.

Local servers only (127.0.0.1, port 0): an HTTPS server with a certificate from a throwaway
authority (``trustme``), redirecting servers, servers that stall, trickle, compress a
bomb or lie about the length, and pages whose names and links try to become paths. Every name
is invented.
"""

from __future__ import annotations

import gzip
import json
import re
import ssl
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest
import trustme
from scrape_server import FixtureServer, Scripted, allow_only_localhost

import deid_cli.scrape.http as scrape_http
from deid_cli.scrape.http import PoliteClient, ScrapeError
from deid_cli.scrape.output import SOURCES_JSON, ListResult, write_outputs
from deid_cli.scrape.state import STATE_FILE, ScrapeState, StateError


@pytest.fixture(autouse=True)
def _local_only_and_no_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    allow_only_localhost(monkeypatch)
    monkeypatch.setattr(scrape_http, "default_sleep", lambda seconds: None)


def _client(**options: object) -> PoliteClient:
    settings: dict = {"user_agent": "deid-test", "delay": 0, "retries": 0, "timeout": 5.0}
    settings.update(options)
    return PoliteClient(**settings)


# ------------------------------------------------------------------------------ servers


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        """A client hanging up on purpose (size cap, deadline) is expected here."""


class _HostileHandler(BaseHTTPRequestHandler):
    """/stall: headers, then nothing; /trickle: one byte every 50 ms; /bomb: 20 MB of zeros
    gzip-compressed; /lying: says 10 bytes, sends 5,000; /json: a small JSON body."""

    server: _QuietServer
    release = threading.Event()

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        if path == "/stall":
            self._head(200, {"Content-Length": "10"})
            self.release.wait(5)
        elif path == "/trickle":
            self._head(200, {"Content-Length": "200"})
            for _ in range(200):
                if self.release.wait(0.05):
                    return
                self.wfile.write(b"x")
                self.wfile.flush()
        elif path == "/bomb":
            body = gzip.compress(b"\0" * 20_000_000)
            self._head(200, {"Content-Length": str(len(body)), "Content-Encoding": "gzip"})
            self.wfile.write(body)
        elif path == "/lying":
            self._head(200, {"Content-Length": "10"})
            self.wfile.write(b"y" * 5000)
        else:
            body = b'{"ok": true}'
            self._head(200, {"Content-Length": str(len(body)), "Content-Type": "application/json"})
            self.wfile.write(body)

    def _head(self, status: int, headers: dict[str, str]) -> None:
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()


@contextmanager
def _running(server: ThreadingHTTPServer) -> Iterator[ThreadingHTTPServer]:
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        _HostileHandler.release.set()
        server.shutdown()
        server.server_close()
        _HostileHandler.release.clear()


@pytest.fixture
def hostile() -> Iterator[str]:
    """Base URL of the misbehaving server."""
    with _running(_QuietServer(("127.0.0.1", 0), _HostileHandler)) as server:
        yield f"http://127.0.0.1:{server.server_address[1]}"


@pytest.fixture(scope="module")
def untrusted_tls(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(CA certificate, server key + certificate chain) for 127.0.0.1, made by a throwaway
    certificate authority (trustme) that no system trust store knows."""
    directory = tmp_path_factory.mktemp("tls")
    authority = trustme.CA()
    ca_file, chain_file = directory / "ca.pem", directory / "server.pem"
    authority.cert_pem.write_to_path(str(ca_file))
    authority.issue_cert("127.0.0.1").private_key_and_cert_chain_pem.write_to_path(str(chain_file))
    return ca_file, chain_file


@pytest.fixture
def https_server(untrusted_tls: tuple[Path, Path]) -> Iterator[FixtureServer]:
    """The recorded-sources server, but speaking TLS with the untrusted certificate."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(untrusted_tls[1])
    server = FixtureServer()
    server.socket = context.wrap_socket(server.socket, server_side=True)
    server.handle_error = lambda request, address: None  # type: ignore[method-assign]
    with _running(server):
        yield server


def _https_base(server: FixtureServer) -> str:
    return f"https://127.0.0.1:{server.server_address[1]}"


def _trusting(ca_file: Path) -> httpx.HTTPTransport:
    """A transport that trusts exactly the throwaway authority (the control case)."""
    return httpx.HTTPTransport(verify=ssl.create_default_context(cafile=str(ca_file)))


# ------------------------------------------------------------------------------ TLS


def test_server_whose_certificate_does_not_verify_is_refused_without_retrying(
    https_server: FixtureServer, untrusted_tls: tuple[Path, Path]
) -> None:
    url = f"{_https_base(https_server)}/json"
    with _client(retries=3) as client, pytest.raises(ScrapeError) as refused:
        client.get(url)
    assert "TLS certificate not trusted" in str(refused.value)
    assert client.requests == 1, "a certificate failure is not retried"
    assert https_server.seen == [], "no HTTP request may be sent over an unverified connection"
    # Control: the same server is fine for a client that trusts its certificate.
    with _client(transport=_trusting(untrusted_tls[0])) as trusting:
        assert trusting.get(url).content == b'{"ok": true}'


# ------------------------------------------------------------------------------ redirects


@pytest.mark.parametrize(
    ("location", "scheme"),
    [
        ("file:///etc/passwd", "file"),
        ("ftp://127.0.0.1/names.txt", "ftp"),
        ("data:text/plain,Zirbleitner", "data"),
        ("javascript:alert(1)", "javascript"),
    ],
)
def test_redirect_to_another_scheme_is_refused(server: FixtureServer, location: str, scheme: str) -> None:
    server.script["/moved"] = [Scripted(302, {"Location": location})]
    with _client() as client, pytest.raises(ScrapeError) as refused:
        client.get(f"{server.base}/moved")
    assert f"refused redirect from http to {scheme}" in str(refused.value)


def test_redirect_from_https_down_to_http_is_refused_before_anything_is_sent_in_plain_text(
    https_server: FixtureServer, server: FixtureServer, untrusted_tls: tuple[Path, Path]
) -> None:
    https_server.script["/moved"] = [Scripted(301, {"Location": f"{server.base}/json"})]
    with _client(transport=_trusting(untrusted_tls[0])) as client, pytest.raises(ScrapeError) as refused:
        client.get(f"{_https_base(https_server)}/moved")
    assert "refused redirect from https to http" in str(refused.value)
    assert server.seen == []


def test_redirect_within_http_and_up_to_https_is_followed(
    https_server: FixtureServer, server: FixtureServer, untrusted_tls: tuple[Path, Path]
) -> None:
    server.script["/same"] = [Scripted(302, {"Location": "/json"})]
    server.script["/up"] = [Scripted(301, {"Location": f"{_https_base(https_server)}/json"})]
    with _client(transport=_trusting(untrusted_tls[0])) as client:
        assert client.get(f"{server.base}/same").content == b'{"ok": true}'
        assert client.get(f"{server.base}/up").url.startswith("https://")


# ------------------------------------------------------------------------------ size and time


def test_gzip_bomb_is_stopped_at_the_size_cap_of_decompressed_bytes(hostile: str) -> None:
    with _client(max_bytes=1_000_000) as client, pytest.raises(ScrapeError) as capped:
        client.get(f"{hostile}/bomb")
    assert "exceeds the 1000000 B cap" in str(capped.value)
    assert "/bomb" in str(capped.value)


def test_lying_content_length_never_yields_more_than_was_declared(hostile: str) -> None:
    with _client(max_bytes=1000) as client:
        assert client.get(f"{hostile}/lying").content == b"y" * 10


def test_server_that_stalls_after_the_headers_times_out(hostile: str) -> None:
    started = time.monotonic()
    with _client(timeout=0.3) as client, pytest.raises(ScrapeError) as stalled:
        client.get(f"{hostile}/stall")
    assert "timed out" in str(stalled.value)
    assert time.monotonic() - started < 3, "the 5 s stall must not be waited out"


def test_server_trickling_bytes_is_cut_off_at_the_response_deadline(hostile: str) -> None:
    started = time.monotonic()
    with _client(timeout=2.0, max_seconds=0.5) as client, pytest.raises(ScrapeError) as slow:
        client.get(f"{hostile}/trickle")
    assert "took longer than 0.5 s" in str(slow.value)
    assert time.monotonic() - started < 5, "the 10 s trickle must not be waited out"


# ------------------------------------------------------------------------------ content is data

HOSTILE_PAGE = """<html><body>
<ul class="aerzte">
<li><a>Dr. Wendolin Zirbleitner</a></li>
<li><a>../../etc/passwd</a></li>
<li><a>Anna/../../Hofbrunninger</a></li>
<li><a>Dr. Ottilie Quendelhofer<script>open('/tmp/pwned','w')</script></a></li>
<li><a>$(touch pwned) Pfaffenstaller</a></li>
<li><a>Zenzi\u0000Ederkogler</a></li>
</ul>
{next}
</body></html>"""


def _source(tmp_path: Path, server: FixtureServer, page: str) -> Path:
    path = tmp_path / "hostile.toml"
    path.write_text(
        f'name = "hostile"\nstart_url = "{server.base}{page}"\nentry_selector = "ul.aerzte a"\n'
        'name_format = "Vorname Nachname"\n',
        encoding="utf-8",
    )
    return path


def _tree(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*")}


def test_scraped_entries_become_list_lines_never_paths_or_code(
    deid: Callable, workdir: Path, server: FixtureServer
) -> None:
    server.blobs["/hostile"] = HOSTILE_PAGE.format(next="").encode()
    source = _source(workdir, server, "/hostile")
    before = _tree(workdir)
    run = deid("scrape-dicts", "--source", "hcp", "--source-file", source, "--out", "dicts", "--quiet")
    assert run.exit_code == 0, run.output
    assert _tree(workdir) - before == {"dicts", "dicts/hcps.txt", "dicts/SOURCES.md", "dicts/.sources.json"}
    names = (workdir / "dicts" / "hcps.txt").read_text(encoding="utf-8").splitlines()
    assert names == ["Wendolin Zirbleitner"]
    assert not Path("/tmp/pwned").exists() and not (workdir / "pwned").exists()


@pytest.mark.parametrize(
    ("link", "scheme"), [("file:///etc/passwd", "file"), ("ftp://127.0.0.1/next", "ftp")]
)
def test_next_page_link_to_another_scheme_stops_the_run_and_keeps_the_lists(
    deid: Callable, workdir: Path, server: FixtureServer, link: str, scheme: str
) -> None:
    server.blobs["/hostile"] = HOSTILE_PAGE.format(next=f'<a class="next" href="{link}">weiter</a>').encode()
    source = _source(workdir, server, "/hostile")
    source.write_text(source.read_text(encoding="utf-8") + 'next_selector = "a.next"\n', encoding="utf-8")
    (workdir / "dicts").mkdir()
    (workdir / "dicts" / "hcps.txt").write_text("Balduin Strubegger\n", encoding="utf-8")
    run = deid("scrape-dicts", "--source", "hcp", "--source-file", source, "--out", "dicts", "--quiet")
    assert run.exit_code == 1
    assert f"refused next-page link from http to {scheme}" in run.stderr
    assert (workdir / "dicts" / "hcps.txt").read_text(encoding="utf-8") == "Balduin Strubegger\n"


WIKI_OUTPUTS = (
    *("surnames.txt", "first_names.txt", "persons.txt", "ambiguous.txt"),
    *("SOURCES.md", ".sources.json", ".scrape-state.json"),
)


class _HostileWiki(BaseHTTPRequestHandler):
    """A MediaWiki API whose titles and continuation cursor try to be paths."""

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        titles = ["../../etc/passwd", "Zirbleitner", "/tmp/x", "Wendolin (Vorname)", "..", "Liste/../x"]
        body = json.dumps(
            {
                "continue": {"cmcontinue": "../../../../tmp/evil", "eicontinue": "../x", "continue": "-||"},
                "query": {
                    "categorymembers": [{"title": t} for t in titles],
                    "embeddedin": [{"title": f"Wendolin {t}"} for t in titles],
                },
            }
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def test_api_titles_and_cursors_stay_data_in_the_state_and_the_lists(deid: Callable, workdir: Path) -> None:
    with _running(_QuietServer(("127.0.0.1", 0), _HostileWiki)) as server:
        api = f"http://127.0.0.1:{server.server_address[1]}/w/api.php"
        before = _tree(workdir)
        run = deid(
            "scrape-dicts",
            "--source",
            "wikipedia",
            "--api-url",
            api,
            "--max-pages",
            "1",
            "--out",
            "dicts",
            "-q",
        )
    assert run.exit_code == 0, run.output
    created = _tree(workdir) - before
    partial = {p for p in created if p.startswith("dicts/.partial/")}
    assert created - partial == {"dicts", "dicts/.partial", *(f"dicts/{name}" for name in WIKI_OUTPUTS)}
    assert len(partial) == 4 and all(
        re.fullmatch(r"dicts/.partial/wikipedia-[a-z-]+-[0-9a-f]{8}\.txt", p) for p in partial
    )
    state = json.loads((workdir / "dicts" / ".scrape-state.json").read_text(encoding="utf-8"))
    cursors = [entry["cursor"] for entry in state["lists"].values()]
    assert {"cmcontinue": "../../../../tmp/evil", "eicontinue": "../x", "continue": "-||"} in cursors
    for name in ("surnames.txt", "first_names.txt"):
        entries = (workdir / "dicts" / name).read_text(encoding="utf-8").splitlines()
        assert all("/" not in entry and ".." not in entry for entry in entries), entries
    assert "Zirbleitner" in (workdir / "dicts" / "surnames.txt").read_text(encoding="utf-8")


def test_corrupt_or_hostile_state_files_in_the_output_directory_are_data_not_a_crash(tmp_path: Path) -> None:
    """.scrape-state.json and .sources.json live in a directory others may have touched: a
    100,000-deep nesting is refused like any unreadable file instead of exhausting the stack."""
    deep = b'{"version": 1, "lists": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    (tmp_path / STATE_FILE).write_bytes(deep)
    (tmp_path / SOURCES_JSON).write_bytes(deep)
    with pytest.raises(StateError, match="unreadable saved state"):
        ScrapeState(tmp_path, resume=True, persist=False)
    assert ScrapeState(tmp_path, resume=False, persist=False).begin("k", "o").cursor is None
    write_outputs(tmp_path, [ListResult("hcps.txt", {"Wendolin Zirbleitner"}, "test", "test")])
    assert json.loads((tmp_path / SOURCES_JSON).read_text(encoding="utf-8")).keys() == {"hcps.txt"}
