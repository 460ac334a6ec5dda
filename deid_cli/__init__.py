"""deid: batch pseudonymizer for German and Austrian clinical free text."""

from pathlib import Path

__version__ = "0.1.0"

# The installed package (or the checkout's deid_cli/): the bundled dictionaries and scrape
# sources sit beside it in a checkout and inside it in a wheel (see pyproject.toml).
PACKAGE_DIR = Path(__file__).resolve().parent
