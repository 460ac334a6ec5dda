"""``deid scrape-dicts``: refresh public name and postcode lists from online sources.

The bundled dictionaries are built offline from packages; this package downloads larger or
fresher public lists (Wikipedia name categories and person articles, doctors' directories,
GeoNames postcodes) into a dictionary directory that ``deid run --dict-dir`` reads.

Layout: ``http`` (the one polite HTTP client), ``names`` (what counts as a name), ``state``
(cursors and partial results for ``--resume``), one module per source (``wikipedia``,
``hcp``, ``postcodes``), ``endpoints`` (their default URLs) and ``output`` (atomic writing,
SOURCES.md, the summary). The Typer command is ``deid_cli.commands.scrape``.

Nothing is imported here: ``deid --help`` reads the default URLs from ``endpoints`` without
loading the HTTP client (httpx) and the HTML parser (selectolax).
"""
