"""``deid scrape-dicts``: refresh public name and postcode lists from online sources.

The bundled dictionaries are built offline from packages; this package downloads larger or
fresher public lists (Wikipedia name categories and person articles, doctors' directories,
GeoNames postcodes) into a dictionary directory that ``deid run --dict-dir`` reads.

Layout: ``http`` (the one polite HTTP client), ``names`` (what counts as a name), ``state``
(cursors and partial results for ``--resume``), one module per source (``wikipedia``,
``hcp``, ``postcodes``) and ``output`` (atomic writing, SOURCES.md, the summary). The Typer
command is ``deid_cli.commands.scrape``.
"""

from deid_cli.scrape.http import PoliteClient, ScrapeError

__all__ = ["PoliteClient", "ScrapeError"]
