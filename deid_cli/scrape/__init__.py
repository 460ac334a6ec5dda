"""``deid scrape-dicts``: refresh public name and postcode lists from online sources.

The bundled dictionaries are built offline from packages; this package downloads larger or
fresher public lists (Wikipedia name categories and person articles, doctors' directories,
GeoNames postcodes) into a dictionary directory that ``deid run --dict-dir`` reads.

Layout: ``http`` (the one polite HTTP client), ``names`` (what counts as a name), ``state``
(cursors and partial results for ``--resume``), one module per source (``wikipedia``,
``hcp``, ``postcodes``), ``output`` (atomic writing, SOURCES.md, the summary) and
``command`` (the Typer command).
"""

from .command import SCRAPE_EPILOG, scrape_dicts
from .http import PoliteClient, ScrapeError

__all__ = ["SCRAPE_EPILOG", "PoliteClient", "ScrapeError", "scrape_dicts"]
