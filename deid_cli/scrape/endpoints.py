"""The public endpoints ``deid scrape-dicts`` downloads from unless told otherwise.

Apart from the source modules so that the command's ``--help``, which shows them as defaults,
does not import the HTTP client.
"""

from __future__ import annotations

WIKIPEDIA_API_URL = "https://de.wikipedia.org/w/api.php"
GEONAMES_POSTCODES_URL = "https://download.geonames.org/export/zip/{country}.zip"
