"""Postcodes and place names from GeoNames' postal-code dumps (CC BY 4.0).

``https://download.geonames.org/export/zip/XX.zip`` holds ``XX.txt``: tab-separated country
code, postal code, place name, admin names and codes, latitude, longitude, accuracy. Each
country becomes ``postcodes_xx.tsv`` (``code<TAB>place``; lower-case like the bundled
``postcodes_at.tsv``), which the ZIP-code masker and the place list read. Rows whose code
does not have the country's format are skipped, so a changed dump cannot inject words.

One request per country, so there is nothing to resume here.
"""

from __future__ import annotations

import io
import re
import zipfile

from deid_cli.scrape.context import ScrapeContext
from deid_cli.scrape.endpoints import GEONAMES_POSTCODES_URL
from deid_cli.scrape.http import ScrapeError
from deid_cli.scrape.output import GEONAMES_LICENCE, ListResult, SourceResult

DEFAULT_URL = GEONAMES_POSTCODES_URL
CODE_FORMATS = {"AT": re.compile(r"\d{4}"), "DE": re.compile(r"\d{5}"), "CH": re.compile(r"\d{4}")}
MAX_MEMBER_BYTES = 200 * 1024 * 1024


def parse_rows(text: str, country: str) -> set[str]:
    """``code<TAB>place`` lines from a GeoNames table; invalid rows are dropped."""
    pattern = CODE_FORMATS[country]
    rows: set[str] = set()
    for line in text.splitlines():
        columns = line.split("\t")
        if len(columns) < 3 or columns[0].strip() != country:
            continue
        code, place = columns[1].strip(), " ".join(columns[2].split())
        if pattern.fullmatch(code) and place and any(c.isalpha() for c in place):
            rows.add(f"{code}\t{place}")
    return rows


def read_archive(content: bytes, country: str, url: str) -> str:
    """The text of ``XX.txt`` inside the zip; ScrapeError if it is not there or too large."""
    member = f"{country}.txt"
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            try:
                info = archive.getinfo(member)
            except KeyError:
                raise ScrapeError(f"{url}: archive has no {member}") from None
            if info.file_size > MAX_MEMBER_BYTES:
                raise ScrapeError(f"{url}: {member} is implausibly large ({info.file_size} bytes)")
            return archive.read(member).decode("utf-8")
    except (zipfile.BadZipFile, EOFError):  # also a member whose CRC or size does not match
        raise ScrapeError(f"{url}: not a zip archive") from None
    except (NotImplementedError, RuntimeError):  # unknown compression, encrypted member
        raise ScrapeError(f"{url}: {member} cannot be extracted") from None
    except UnicodeDecodeError:
        raise ScrapeError(f"{url}: {member} is not UTF-8") from None


def scrape_postcodes(
    ctx: ScrapeContext, countries: list[str], url_template: str = DEFAULT_URL
) -> SourceResult:
    """One ``postcodes_xx.tsv`` per country."""
    lists: list[ListResult] = []
    for country in countries:
        url = url_template.format(country=country)
        fetched = ctx.client.get(url)
        rows = parse_rows(read_archive(fetched.content, country, fetched.url), country)
        ctx.on_page(f"postcodes {country}", 1, len(rows))
        if not rows:
            raise ScrapeError(f"{fetched.url}: no valid {country} postcodes found")
        lists.append(ListResult(f"postcodes_{country.lower()}.tsv", rows, url, GEONAMES_LICENCE))
    return SourceResult(lists)
