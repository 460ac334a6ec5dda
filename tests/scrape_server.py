"""A local HTTP server replaying recorded responses for ``deid scrape-dicts`` tests.

Shared by tests/test_scrape.py and the reliability tests (``server`` fixture in conftest.py).
A ThreadingHTTPServer on 127.0.0.1 (port 0) serves the files in tests/data/scrape/ (MediaWiki
API pages, directory pages) and zips built in the tests, and can be told to answer 503/429
first. Every name and place in the data is invented.
"""

from __future__ import annotations

import json
import socket
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest

DATA = Path(__file__).parent / "data" / "scrape"
ROUTES = json.loads((DATA / "wikipedia" / "routes.json").read_text(encoding="utf-8"))
STATIC = {
    "/aek/46": "hcp/aek-page1.html",
    "/aek/46?seite=2": "hcp/aek-page2.html",
    "/liste?p=1": "hcp/liste-page1.html",
    "/liste?p=2": "hcp/liste-page2.html",
    "/liste?p=3": "hcp/liste-page3.html",
}


# ------------------------------------------------------------------------------ the server


@dataclass
class Seen:
    path: str
    query: dict[str, str]
    user_agent: str


@dataclass
class Scripted:
    """A response played before the normal one: status and headers, body never meant to leak."""

    status: int
    headers: dict[str, str] = field(default_factory=dict)


class FixtureServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.seen: list[Seen] = []
        self.blobs: dict[str, bytes] = {}
        self.script: dict[str, list[Scripted]] = {}
        self.fail_continuations = False
        self.hits: Counter[str] = Counter()
        self.lock = threading.Lock()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def paths(self) -> list[str]:
        return [s.path for s in self.seen]


class _Handler(BaseHTTPRequestHandler):
    server: FixtureServer

    def log_message(self, format: str, *args: object) -> None:  # keep pytest output clean
        pass

    def _send(self, status: int, body: bytes, ctype: str = "application/json", **headers: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers.items():
            self.send_header(name.replace("_", "-"), value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        query = dict(parse_qsl(url.query, keep_blank_values=True))
        with self.server.lock:
            self.server.seen.append(Seen(url.path, query, self.headers.get("User-Agent", "")))
            pending = self.server.script.get(url.path)
            scripted = pending.pop(0) if pending else None
        if scripted is not None:
            body = b"SECRET-ERROR-BODY " * 10
            return self._send(scripted.status, body, "text/plain", **scripted.headers)
        if url.path == "/w/api.php":
            return self._wiki(query)
        if url.path == "/malformed/w/api.php":
            return self._send(200, b'{"batchcomplete": "", "query": {"categorymembers": [')
        if url.path == "/json":
            return self._send(200, b'{"ok": true}')
        if url.path == "/big":
            return self._big(int(query["size"]), declared=query.get("declared") == "1")
        key = url.path + (f"?{url.query}" if url.query else "")
        if key in STATIC:
            return self._send(200, (DATA / STATIC[key]).read_bytes(), "text/html; charset=utf-8")
        if url.path == "/alt":  # a legacy page: ISO-8859-1, charset only in a <meta> tag
            return self._send(200, (DATA / "hcp" / "latin1-page.html").read_bytes(), "text/html")
        if url.path in self.server.blobs:
            return self._send(200, self.server.blobs[url.path], "application/zip")
        return self._send(404, b"not found", "text/plain")

    def _wiki(self, query: dict[str, str]) -> None:
        module = query.get("list")
        prefix = {"categorymembers": "cm", "embeddedin": "ei"}.get(module or "")
        if (
            prefix is None
            or query.get("action") != "query"
            or query.get("format") != "json"
            or query.get(f"{prefix}namespace") != "0"
            or query.get(f"{prefix}limit") != "max"
        ):
            return self._send(400, b'{"error": {"code": "badparams"}}')
        cursor = query.get(f"{prefix}continue", "")
        if cursor and (query.get("continue") != "-||" or self.server.fail_continuations):
            return self._send(500 if self.server.fail_continuations else 400, b"{}")
        name = ROUTES.get(query.get(f"{prefix}title", ""), {}).get(cursor)
        if name is None:
            return self._send(404, b'{"error": {"code": "unknown"}}')
        return self._send(200, (DATA / "wikipedia" / name).read_bytes())

    def _big(self, size: int, declared: bool) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        if declared:
            self.send_header("Content-Length", str(size))
        self.end_headers()  # without Content-Length the body ends when the connection closes
        self.wfile.write(b"x" * size)


@contextmanager
def serving() -> Iterator[FixtureServer]:
    """A started FixtureServer, shut down afterwards."""
    srv = FixtureServer()
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    try:
        yield srv
    finally:
        srv.shutdown()
        srv.server_close()


def allow_only_localhost(monkeypatch: pytest.MonkeyPatch) -> None:
    """Belt and braces: any connection (or DNS lookup) beyond 127.0.0.1 fails the test."""
    real = socket.create_connection

    def local_only(address: tuple[str, int], *args: object, **kwargs: object) -> socket.socket:
        assert address[0] == "127.0.0.1", f"test tried to reach {address[0]}"
        return real(address, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(socket, "create_connection", local_only)
