"""Postcodes and place names from GeoNames' postal-code dumps (CC BY 4.0).

``https://download.geonames.org/export/zip/XX.zip`` holds ``XX.txt``: tab-separated country
code, postal code, place name, admin names and codes, latitude, longitude, accuracy. Each
country becomes ``postcodes_xx.tsv`` (``code<TAB>place``, like the bundled lists, which
``scripts/wordlists/geonames.py`` builds from the same data with the same ``place_names``), whose
places the place rules read. Rows whose code does not have the country's format are skipped,
so a changed dump cannot inject words, and so are the German bulk-customer codes whose "place"
is a company or an office ("Deutsche Post AG Niederlassung …"). A bilingual name ("Hornstein /
Vorištan") gives both.

One request per country, so there is nothing to resume here.
"""

from __future__ import annotations

import io
import re
import zipfile

from deid_cli.detection.lexicon.lists import LOCALITY
from deid_cli.scrape.context import ScrapeContext
from deid_cli.scrape.endpoints import GEONAMES_POSTCODES_URL
from deid_cli.scrape.http import ScrapeError
from deid_cli.scrape.output import GEONAMES_LICENCE, ListResult, SourceResult

DEFAULT_URL = GEONAMES_POSTCODES_URL
CODE_FORMATS = {
    "AT": re.compile(r"\d{4}"),
    "DE": re.compile(r"\d{5}"),
    "CH": re.compile(r"\d{4}"),
    "LI": re.compile(r"\d{4}"),
}
# What a company's or an office's postcode "place" holds and a town's does not: a legal form, a
# business word, an acronym, a digit or a sign, or a person's title or salutation ("Dr. … Pharma",
# "Frau …-Studio": a bulk customer named after its owner, which would make "Dr." a town's first word).
_NOT_A_PLACE = re.compile(
    r"\b(?:Dr|Prof|Mag|Dipl|Ing)\.|\b(?:Frau|Herrn?|Familie|Firma)\b"
    r"|\b(?:GmbH|mbH|AG|eG|KG|KGaA|OHG|GbR|SE|Ltd|Inc|e\.\s?V|a\.\s?G|Co)\b"
    r"|(?i:bank|kasse|versicherung|post(?:bank|fach)?\b|telekom|finanzamt|zollamt|agentur|niederlassung"
    r"|verlag|service|verwaltung|holding|lotterie|stiftung|gesellschaft|direktion|center|zentrale"
    r"|logistik|versand|vertrieb|rundfunk|zeitung|club|gruppe|group|\bamt\b|beh(?:ö|oe)rde"
    r"|bürgermeister|abfall|landkreis|staatsanwalt|gericht|minister|präsident|universität|hochschule"
    r"|institut|kammer|verband|landtag|kanzlei|\bbundes)"
    r"|\b[A-ZÄÖÜ]{2,}\b|[\d&@+]"
)
# More words than a town's name has ("Neustadt an der Weinstraße" has four).
_MAX_PLACE_WORDS = 5
# The only lower-case words of a town's name ("Frankfurt am Main", "Linda bei Weida").
_PLACE_LINKS = frozenset(
    {"am", "an", "der", "den", "des", "im", "in", "ob", "bei", "b.", "vor", "auf", "unter", "über", "zum",
     "zur", "di", "del", "della", "sopra", "sotto", "al", "de", "la", "le", "les", "sur", "sous", "en"}
)  # fmt: skip
# The number before a city district's name ("10.Bez.:" in "Graz,10.Bez.:Ries").
_DISTRICT_NUMBER = re.compile(r"^\s*\d+\.\s*Bez\.\s*:\s*")
# A Swiss or Liechtenstein delivery office's suffix: the canton or a number ("Buchs AG", "Aarau 1").
_OFFICE_SUFFIX = re.compile(r" (?:[A-Z]{2}|\d{1,2})$")
MAX_MEMBER_BYTES = 200 * 1024 * 1024


def place_names(place: str, country: str = "DE") -> list[str]:
    """The town names in a GeoNames "place" field: both halves of a bilingual name, a city and
    its district ("Wien, Ottakring", "Graz,10.Bez.:Ries"), without a Swiss office's suffix,
    nothing for a company or an office."""
    place = " ".join(place.split())
    if country in ("CH", "LI"):
        place = _OFFICE_SUFFIX.sub("", place)
    city, comma, district = place.partition(",")
    parts = [city, _DISTRICT_NUMBER.sub("", district)] if comma else [place]
    names = [name.strip() for part in parts if not _NOT_A_PLACE.search(part) for name in part.split(" / ")]
    return [name for name in names if _town_like(name)]


def _town_like(name: str) -> bool:
    words = name.split()
    return (
        0 < len(words) <= _MAX_PLACE_WORDS
        and words[0][:1].isupper()
        and not {"Der", "Die", "Das"} & set(words)
        and all(w[:1].isupper() or w[:1] == "(" or w in _PLACE_LINKS for w in words)
    )


def list_rows(code: str, place: str, community: str, country: str) -> set[str]:
    """The ``postcodes_xx.tsv`` lines of one GeoNames row: ``code<TAB>town`` for a town (every
    German, Swiss or Liechtenstein place, an Austrian municipality), ``code<TAB>place<TAB>
    locality`` for an Austrian locality within a municipality ("Quick", a part of some
    Gemeinde), which only a strong cue makes a place in text (a postcode, "wohnhaft in")."""
    names = place_names(place, country)
    if country != "AT":
        return {f"{code}\t{name}" for name in names}
    # The municipality, and a city whose district the row names ("Wien, Ottakring": Wien).
    towns = (
        set() if community.startswith(("Gemeindebezirk", "Bezirk")) else set(place_names(community, country))
    )
    if "," in place:
        towns.update(place_names(place.partition(",")[0], country))
    rows = {f"{code}\t{town}" for town in towns}
    rows.update(f"{code}\t{name}" if name in towns else f"{code}\t{name}\t{LOCALITY}" for name in names)
    return rows


def parse_rows(text: str, country: str) -> set[str]:
    """``code<TAB>place`` lines from a GeoNames table (the community is its ninth column);
    invalid rows are dropped."""
    pattern = CODE_FORMATS[country]
    rows: set[str] = set()
    for line in text.splitlines():
        columns = line.split("\t")
        if len(columns) < 3 or columns[0].strip() != country:
            continue
        code = columns[1].strip()
        if pattern.fullmatch(code):
            community = columns[7] if len(columns) > 7 else ""
            rows.update(list_rows(code, columns[2], community, country))
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
