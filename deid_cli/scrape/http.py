"""The one HTTP client every source uses, so that every request is polite the same way.

Public servers (Wikipedia, GeoNames, a medical chamber's website) tolerate bulk downloads
only from clients that identify themselves, pace their requests and back off when asked.
``PoliteClient`` therefore always sends a descriptive User-Agent, waits ``delay`` seconds
between requests, retries 429/5xx answers and dropped connections with exponential backoff
(honouring ``Retry-After``, capped so a hostile header cannot stall a cron job), and streams
each body with a size cap so a wrong URL cannot fill memory.

What comes back from the network is treated as hostile: TLS certificates are always verified
(there is no switch to turn that off), every request has connect/read/write timeouts and every
response an overall deadline (a server trickling one byte at a time cannot hold a cron job), the
size cap counts decompressed bytes (no gzip bombs), and redirects may only stay on http(s)
and never go from https to http. Bodies are only ever parsed as data (JSON by orjson, HTML by
selectolax); nothing from a response becomes a file name or code.

Errors are ``ScrapeError`` messages naming the URL and the HTTP status, never the response
body: bodies can be large, and an error page is nothing an operator needs in a cron mail.
"""

from __future__ import annotations

import email.utils
import ssl
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from types import TracebackType
from typing import Any

import httpx
import orjson

MAX_BYTES = 50 * 1024 * 1024
MAX_RETRY_WAIT = 60.0
# However steadily a server trickles, one response may take at most this long in total.
MAX_RESPONSE_SECONDS = 600.0
MAX_REDIRECTS = 10
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
# Read at construction, so tests can replace it (monkeypatch) and never really wait.
default_sleep: Callable[[float], None] = time.sleep

Params = Mapping[str, str]


class ScrapeError(Exception):
    """A download or its data cannot be used. The message names the URL, never the body."""


@dataclass(frozen=True, slots=True)
class Fetched:
    """A successful response: final URL (after redirects), body and its declared charset."""

    url: str
    content: bytes
    encoding: str | None

    def text(self) -> str:
        """The body decoded with the declared charset (UTF-8 if none or unknown)."""
        try:
            return self.content.decode(self.encoding or "utf-8", errors="replace")
        except LookupError:
            return self.content.decode("utf-8", errors="replace")


def display_url(url: httpx.URL) -> str:
    """The URL for messages: without user:password, should an operator have put one in."""
    return str(url.copy_with(userinfo=b"") if url.userinfo else url)


def retry_after_seconds(value: str | None, now: datetime | None = None) -> float | None:
    """Parse a Retry-After header: delta seconds or an HTTP date. None if absent or unusable."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - (now or datetime.now(UTC))).total_seconds())


class PoliteClient:
    """``httpx.Client`` with pacing, retries, backoff and a body-size cap.

    ``delay`` is the pause before every request but the first (sources may raise it);
    ``retries`` is the number of extra attempts after a 429/5xx or a network error.
    """

    def __init__(
        self,
        *,
        user_agent: str,
        timeout: float = 30.0,
        delay: float = 1.0,
        retries: int = 4,
        backoff: float = 1.0,
        max_retry_wait: float = MAX_RETRY_WAIT,
        max_bytes: int = MAX_BYTES,
        max_seconds: float = MAX_RESPONSE_SECONDS,
        sleep: Callable[[float], None] | None = None,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.delay = delay
        self.retries = retries
        self.backoff = backoff
        self.max_retry_wait = max_retry_wait
        self.max_bytes = max_bytes
        self.max_seconds = max_seconds
        self.requests = 0
        self._sleep = sleep or default_sleep
        self._client = httpx.Client(
            headers={"User-Agent": user_agent},
            verify=True,  # never configurable: a list from a spoofed server would poison every run
            timeout=httpx.Timeout(timeout),
            follow_redirects=True,
            max_redirects=MAX_REDIRECTS,
            event_hooks={"response": [_refuse_unsafe_redirect]},
            transport=transport,
        )

    def __enter__(self) -> PoliteClient:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        self._client.close()

    # -- requests -------------------------------------------------------------------------
    def get(self, url: str, params: Params | None = None) -> Fetched:
        """GET with pacing and retries; raises ScrapeError on failure or an oversized body."""
        try:
            request = self._client.build_request("GET", url, params=params)
        except (httpx.InvalidURL, httpx.UnsupportedProtocol) as exc:
            raise ScrapeError(f"{url}: not a usable http(s) URL") from exc
        shown = display_url(request.url)
        wait = self.delay if self.requests else 0.0
        attempts = self.retries + 1
        for attempt in range(attempts):
            self._pause(wait)
            self.requests += 1
            last_try = attempt == attempts - 1
            try:
                status, retry_after, fetched = self._send(request)
            except (httpx.TimeoutException, httpx.NetworkError, httpx.RemoteProtocolError) as exc:
                if _certificate_refused(exc):
                    raise ScrapeError(f"{shown}: TLS certificate not trusted; download refused") from None
                if last_try:
                    raise ScrapeError(
                        f"{shown}: {_describe(exc)} (gave up after {attempts} attempts)"
                    ) from None
                wait = max(self.delay, self._backoff(attempt))
                continue
            except httpx.HTTPError as exc:  # too many redirects, a redirect to another scheme
                raise ScrapeError(f"{shown}: {type(exc).__name__}") from None
            if fetched is not None:
                return fetched
            if status not in RETRY_STATUSES:
                raise ScrapeError(f"{shown}: HTTP {status}")
            if last_try:
                raise ScrapeError(f"{shown}: HTTP {status} (gave up after {attempts} attempts)")
            asked = retry_after_seconds(retry_after)
            backoff = self._backoff(attempt) if asked is None else min(asked, self.max_retry_wait)
            wait = max(self.delay, backoff)
        raise AssertionError("unreachable")  # pragma: no cover

    def get_json(self, url: str, params: Params | None = None) -> tuple[Any, str]:
        """GET and parse JSON; returns the data and the URL it came from (for messages)."""
        fetched = self.get(url, params)
        try:
            return orjson.loads(fetched.content), fetched.url
        except orjson.JSONDecodeError:
            raise ScrapeError(f"malformed JSON from {fetched.url}") from None

    # -- internals ------------------------------------------------------------------------
    def _send(self, request: httpx.Request) -> tuple[int, str | None, Fetched | None]:
        """One attempt: (status, Retry-After, body if 2xx). Error bodies are never read."""
        response = self._client.send(request, stream=True)
        try:
            if response.status_code >= 400:
                return response.status_code, response.headers.get("Retry-After"), None
            final = display_url(response.url)
            declared = response.headers.get("Content-Length", "")
            if declared.isdigit() and int(declared) > self.max_bytes:
                raise ScrapeError(f"{final}: response of {declared} bytes exceeds the {self._cap} cap")
            chunks: list[bytes] = []
            size = 0
            deadline = time.monotonic() + self.max_seconds
            try:
                for chunk in response.iter_bytes():  # decompressed: the cap also stops gzip bombs
                    size += len(chunk)
                    if size > self.max_bytes:
                        raise ScrapeError(f"{final}: response exceeds the {self._cap} cap; aborted")
                    if time.monotonic() > deadline:
                        raise ScrapeError(
                            f"{final}: response took longer than {self.max_seconds:g} s; aborted"
                        )
                    chunks.append(chunk)
            except httpx.DecodingError:
                raise ScrapeError(f"{final}: undecodable response (bad compression)") from None
            return response.status_code, None, Fetched(final, b"".join(chunks), response.charset_encoding)
        finally:
            response.close()

    @property
    def _cap(self) -> str:
        return (
            f"{self.max_bytes / 1024 / 1024:g} MB" if self.max_bytes >= 1024 * 1024 else f"{self.max_bytes} B"
        )

    def _backoff(self, attempt: int) -> float:
        return min(self.backoff * 2**attempt, self.max_retry_wait)

    def _pause(self, seconds: float) -> None:
        if seconds > 0:
            self._sleep(seconds)


def safe_hop(source_scheme: str, target_scheme: str) -> bool:
    """May a redirect or a next-page link lead from one scheme to the other? Only to http(s),
    and from https only to https (never a downgrade to plain text)."""
    if target_scheme not in ("http", "https"):
        return False
    return not (source_scheme == "https" and target_scheme == "http")


def _refuse_unsafe_redirect(response: httpx.Response) -> None:
    """Follow a redirect only to http(s), and from https only to https: a redirect must not
    downgrade to plain text nor point at a local file or another protocol."""
    if not response.has_redirect_location:
        return
    source = response.request.url
    try:
        target = source.join(response.headers["Location"])
    except httpx.InvalidURL:
        target = None
    scheme = target.scheme if target is not None else ""
    if safe_hop(source.scheme, scheme):
        return
    response.close()
    shown = scheme or "an unusable URL"
    raise ScrapeError(f"{display_url(source)}: refused redirect from {source.scheme} to {shown}")


def _certificate_refused(exc: BaseException) -> bool:
    """Whether a connection failed because the server's certificate did not verify."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, ssl.SSLCertVerificationError):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _describe(exc: httpx.HTTPError) -> str:
    if isinstance(exc, httpx.TimeoutException):
        return "timed out"
    if isinstance(exc, httpx.ConnectError):
        return "cannot connect"
    return "connection broken"
