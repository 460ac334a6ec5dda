"""Postcodes and places of Germany, Austria, Switzerland and Liechtenstein for the bundled
``postcodes_xx.tsv`` lists, from the GeoNames postal-code data in ``../shared/data/postcodes``
(CC BY 4.0, "Contains GeoNames data").

Why a copy and not a run-time read: deid reads only its own dictionaries. The rows go through
the same filter as ``deid scrape-dicts --source postcodes`` (``deid_cli.scrape.postcodes``), so a
refresh from GeoNames gives the same kind of list: company and office "places" of German bulk
postcodes dropped, bilingual names split, Swiss office suffixes cut.
"""

from __future__ import annotations

import csv
import gzip

from deid_cli.scrape.postcodes import CODE_FORMATS, list_rows
from wordlists.parameters import SHARED_POSTCODES

COUNTRIES = ("de", "at", "ch", "li")


def postcode_rows(country: str) -> list[str]:
    """The ``postcodes_xx.tsv`` lines of one country (``deid_cli.scrape.postcodes.list_rows``)."""
    path = SHARED_POSTCODES / f"zipcodes.{country}.csv.gz"
    if not path.is_file():
        raise SystemExit(f"{path}: missing (the GeoNames postal codes the bundled lists are built from)")
    upper = country.upper()
    pattern = CODE_FORMATS[upper]
    rows: set[str] = set()
    with gzip.open(path, "rt", encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            code = (row.get("zipcode") or "").strip()
            if row.get("country_code") == upper and pattern.fullmatch(code):
                rows.update(list_rows(code, row.get("place") or "", row.get("community") or "", upper))
    return sorted(rows)
