"""Doctors' directories (health-care professionals) described by TOML source files.

A directory's pages differ from site to site, so the site-specific part is data, not code:
a source file (see ``sources/TEMPLATE.toml``) names the start URL, the CSS selector of the
entries, how names are written and how to reach the next page. HTML is parsed with
selectolax (lexbor), never with regular expressions. Names become "Vorname Nachname" with
titles and degrees removed (``names.full_name``) and go to ``hcps.txt``.

Operators must check each directory's terms of use before scraping it; the shipped source
files say so, and SOURCES.md records the directory as the source of every list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import httpx
from selectolax.lexbor import LexborHTMLParser, SelectolaxError

from deid_cli.runtime.user_files import SETTINGS_LIMIT, ConfigError, decode_utf8, parse_toml, read_limited
from deid_cli.scrape.context import ScrapeContext
from deid_cli.scrape.http import Fetched, ScrapeError, safe_hop
from deid_cli.scrape.names import full_name
from deid_cli.scrape.output import HCP_LICENCE, ListResult, SourceResult
from deid_cli.scrape.state import Cursor, Walk

NAME_FORMATS = {"Nachname, Vorname": True, "Vorname Nachname": False, "Dr. Vorname Nachname": False}
SAFETY_MAX_PAGES = 10_000
_KEYS = {
    "name",
    "description",
    "start_url",
    "entry_selector",
    "name_format",
    "next_selector",
    "page_param",
    "first_page",
    "max_pages",
    "delay",
    "terms_url",
}


class SourceFileError(Exception):
    """A source file is missing, not TOML or inconsistent (usage error, exit status 2)."""


@dataclass(frozen=True)
class HcpSource:
    """One directory, as described by its TOML file."""

    path: Path
    name: str
    start_url: str
    entry_selector: str
    surname_first: bool
    next_selector: str | None = None
    page_param: str | None = None
    first_page: int = 1
    max_pages: int = SAFETY_MAX_PAGES
    delay: float = 0.0
    terms_url: str | None = None
    description: str = ""


def _check_selector(path: Path, key: str, selector: Any) -> str:
    if not isinstance(selector, str) or not selector.strip():
        raise SourceFileError(f"{path}: '{key}' must be a non-empty CSS selector")
    try:
        LexborHTMLParser("<html></html>").css(selector)
    except SelectolaxError:
        raise SourceFileError(f"{path}: '{key}' is not a valid CSS selector") from None
    return selector


def _http_url(path: Path, key: str, value: Any) -> str:
    if not isinstance(value, str) or not re.match(r"^https?://[^/\s]+", value):
        raise SourceFileError(f"{path}: '{key}' must be an http(s) URL")
    return value


def load_source(path: Path) -> HcpSource:
    """Read and validate a source file; every mistake is reported with the file and key."""
    try:
        data = parse_toml(path, decode_utf8(path, read_limited(path, SETTINGS_LIMIT, "source files")))
    except ConfigError as exc:
        raise SourceFileError(str(exc)) from None
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise SourceFileError(f"{path}: unknown key(s) {', '.join(unknown)}")
    name = data.get("name")
    if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z0-9_-]+", name):
        raise SourceFileError(f"{path}: 'name' must be letters, digits, '_' or '-'")
    name_format = data.get("name_format")
    if name_format not in NAME_FORMATS:
        raise SourceFileError(f"{path}: 'name_format' must be one of: {', '.join(map(repr, NAME_FORMATS))}")
    next_selector = data.get("next_selector")
    page_param = data.get("page_param")
    if next_selector is not None and page_param is not None:
        raise SourceFileError(f"{path}: use either 'next_selector' or 'page_param', not both")
    if page_param is not None and (not isinstance(page_param, str) or not page_param):
        raise SourceFileError(f"{path}: 'page_param' must be a query parameter name")
    numbers = {"first_page": 1, "max_pages": SAFETY_MAX_PAGES}
    for key in numbers:
        value = data.get(key, numbers[key])
        if not isinstance(value, int) or isinstance(value, bool) or value < (0 if key == "first_page" else 1):
            raise SourceFileError(f"{path}: '{key}' must be a whole number")
        numbers[key] = value
    delay = data.get("delay", 0.0)
    if not isinstance(delay, int | float) or isinstance(delay, bool) or delay < 0:
        raise SourceFileError(f"{path}: 'delay' must be a number of seconds >= 0")
    terms_url = data.get("terms_url")
    return HcpSource(
        path=path,
        name=name,
        start_url=_http_url(path, "start_url", data.get("start_url")),
        entry_selector=_check_selector(path, "entry_selector", data.get("entry_selector")),
        surname_first=NAME_FORMATS[name_format],
        next_selector=None
        if next_selector is None
        else _check_selector(path, "next_selector", next_selector),
        page_param=page_param,
        first_page=numbers["first_page"],
        max_pages=min(numbers["max_pages"], SAFETY_MAX_PAGES),
        delay=float(delay),
        terms_url=None if terms_url is None else _http_url(path, "terms_url", terms_url),
        description=str(data.get("description", "")),
    )


def parse_page(html: str, source: HcpSource, page_url: str) -> tuple[list[str], str | None]:
    """(names of the entries, absolute URL of the next-page link). Entries that are no
    plain name after removing titles (a department, "N.N.") are skipped."""
    tree = LexborHTMLParser(html)
    names: list[str] = []
    for node in tree.css(source.entry_selector):
        name = full_name(node.text(separator=" "), source.surname_first)
        if name:
            names.append(name)
    following = None
    if source.next_selector:
        link = tree.css_first(source.next_selector)
        href = link.attributes.get("href") if link is not None else None
        if href and href.strip() and not href.strip().startswith(("#", "javascript:")):
            following = urljoin(page_url, href.strip())
            source, target = urlsplit(page_url).scheme, urlsplit(following).scheme
            if not safe_hop(source, target):
                raise ScrapeError(
                    f"{page_url}: refused next-page link from {source} to {target or 'no scheme'}"
                )
    return names, following


def decode_html(fetched: Fetched) -> str:
    """The page as text: the HTTP charset if declared; else UTF-8 if the bytes are UTF-8;
    else the page's own <meta charset> (read with selectolax); else windows-1252, the
    HTML default for legacy pages (older Austrian sites are often ISO-8859-1)."""
    if fetched.encoding:
        return fetched.text()
    try:
        return fetched.content.decode("utf-8")
    except UnicodeDecodeError:
        pass
    tree = LexborHTMLParser(fetched.content.decode("latin-1"))
    charset = None
    for meta in tree.css("meta"):
        attributes = meta.attributes
        if attributes.get("charset"):
            charset = attributes["charset"]
        elif (attributes.get("http-equiv") or "").lower() == "content-type":
            charset = (attributes.get("content") or "").lower().partition("charset=")[2] or None
        if charset:
            break
    encoding = (charset or "").strip(" '\"") or "windows-1252"
    try:
        return fetched.content.decode(encoding, errors="replace")
    except LookupError:
        return fetched.content.decode("windows-1252", errors="replace")


def _page_url(source: HcpSource, number: int) -> str:
    if source.page_param is None:
        return source.start_url
    return str(httpx.URL(source.start_url).copy_set_param(source.page_param, str(number)))


def _walk(ctx: ScrapeContext, source: HcpSource, max_pages: int) -> Walk:
    """Pages are followed by the next link or by counting ``page_param``; a page without
    entries ends a counted directory; an already visited URL ends a linked one."""
    visited: set[str] = set()

    def fetch(cursor: Cursor | None) -> tuple[list[str], Cursor | None]:
        page = int(cursor["page"]) if cursor else source.first_page
        url = str(cursor["url"]) if cursor else _page_url(source, page)
        visited.add(url)
        fetched = ctx.client.get(url)
        names, following = parse_page(decode_html(fetched), source, fetched.url)
        number = page - source.first_page + 1
        if number >= max_pages:
            return names, None
        if source.page_param is not None:
            if not names:
                return names, None
            return names, {"page": page + 1, "url": _page_url(source, page + 1)}
        if following is None or following in visited or following == fetched.url:
            return names, None
        return names, {"page": page + 1, "url": following}

    return Walk(key=f"hcp:{source.name}", origin=source.start_url, label=f"hcp {source.name}", fetch=fetch)


def scrape_hcp(ctx: ScrapeContext, sources: list[HcpSource], min_delay: float) -> SourceResult:
    """Scrape every directory into one ``hcps.txt``. A directory with no entries at all is an
    error: its selectors no longer match, and an empty list must not replace a good one."""
    names: set[str] = set()
    keys: list[str] = []
    complete = True
    for source in sources:
        ctx.client.delay = max(min_delay, source.delay)
        walk = _walk(ctx, source, source.max_pages)
        entries, done = ctx.walk(walk)
        if not entries and done:
            raise ScrapeError(
                f"{source.start_url}: no names found with entry_selector of {source.path}; "
                "the page layout may have changed"
            )
        names |= entries
        complete &= done
        keys.append(walk.key)
    ctx.client.delay = min_delay
    origin = "; ".join(
        f"{s.start_url}" + (f" (terms: {s.terms_url})" if s.terms_url else "") for s in sources
    )
    return SourceResult([ListResult("hcps.txt", names, origin, HCP_LICENCE)], keys, complete)
