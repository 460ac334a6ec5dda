"""German Wikipedia as a name source, through the MediaWiki API.

- ``surnames.txt``: members of Kategorie:Familienname (articles about surnames);
- ``first_names.txt``: members of Kategorie:Männlicher Vorname and Kategorie:Weiblicher Vorname;
- ``persons.txt``: "Vorname Nachname" from the titles of articles embedding
  Vorlage:Personendaten (every biography), first and last word of the title;
- ``ambiguous.txt``: words of the three lists that are also common German words (bundled
  ``common_words.txt``). They stay in the name lists (at run time a common word is masked
  only with name context); the list is for operators to see what needs context.

Titles are reduced by ``names.category_name`` / ``names.person_name``. Each list follows the
API's ``continue`` parameters page by page; cursors and partial results are saved after every
page (``state.py``), so ``--resume`` continues an interrupted run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache

from deid_cli.detection.lexicon.lists import bundled_dictionary_dir, read_lines
from deid_cli.detection.normalize import fold
from deid_cli.scrape.context import ScrapeContext
from deid_cli.scrape.endpoints import WIKIPEDIA_API_URL
from deid_cli.scrape.http import ScrapeError
from deid_cli.scrape.names import category_name, person_name
from deid_cli.scrape.output import WIKIPEDIA_LICENCE, ListResult, SourceResult
from deid_cli.scrape.state import Cursor, Walk

DEFAULT_API_URL = WIKIPEDIA_API_URL
SURNAME_CATEGORIES = ("Kategorie:Familienname",)
FIRST_NAME_CATEGORIES = ("Kategorie:Männlicher Vorname", "Kategorie:Weiblicher Vorname")
PERSON_TEMPLATE = "Vorlage:Personendaten"

Convert = Callable[[str], str | None]
# list module -> parameter prefix of the MediaWiki API
_PREFIX = {"categorymembers": "cm", "embeddedin": "ei"}
_TITLE_PARAM = {"categorymembers": "cmtitle", "embeddedin": "eititle"}


def _fetch_titles(
    ctx: ScrapeContext, api_url: str, module: str, title: str, cursor: Cursor | None
) -> tuple[list[str], Cursor | None]:
    """One API page: the titles on it and the ``continue`` parameters of the next page."""
    prefix = _PREFIX[module]
    params = {
        "action": "query",
        "list": module,
        _TITLE_PARAM[module]: title,
        f"{prefix}namespace": "0",
        f"{prefix}limit": "max",
        "format": "json",
        **(cursor or {}),
    }
    data, url = ctx.client.get_json(api_url, params)
    if not isinstance(data, dict):
        raise ScrapeError(f"unexpected API response from {url}")
    if "error" in data:
        code = data["error"].get("code", "?") if isinstance(data["error"], dict) else "?"
        raise ScrapeError(f"API error '{code}' from {url}")
    members = data.get("query", {}).get(module) if isinstance(data.get("query"), dict) else None
    if not isinstance(members, list):
        raise ScrapeError(f"unexpected API response from {url} (no query.{module})")
    titles = [m["title"] for m in members if isinstance(m, dict) and isinstance(m.get("title"), str)]
    following = data.get("continue")
    if following is None:
        return titles, None
    if not isinstance(following, dict) or not all(
        isinstance(k, str) and isinstance(v, str | int) for k, v in following.items()
    ):
        raise ScrapeError(f"unexpected continuation in API response from {url}")
    return titles, {k: str(v) for k, v in following.items()}


def _walk(ctx: ScrapeContext, api_url: str, module: str, title: str, convert: Convert) -> Walk:
    def fetch(cursor: Cursor | None) -> tuple[list[str], Cursor | None]:
        titles, following = _fetch_titles(ctx, api_url, module, title, cursor)
        return [name for t in titles if (name := convert(t))], following

    return Walk(key=f"wikipedia:{title}", origin=api_url, label=f"wikipedia {title}", fetch=fetch)


def _person_line(title: str) -> str | None:
    name = person_name(title)
    return f"{name[0]} {name[1]}" if name else None


@cache
def _common_words() -> frozenset[str]:
    return frozenset(fold(w) for w in read_lines(bundled_dictionary_dir() / "common_words.txt"))


def ambiguous_words(names: Iterable[str]) -> set[str]:
    """Single words of ``names`` that are also common German words (need context at run time)."""
    common = _common_words()
    return {word for name in names for word in name.split() if fold(word) in common}


def scrape_wikipedia(ctx: ScrapeContext, api_url: str = DEFAULT_API_URL) -> SourceResult:
    """Download the three name lists (plus ambiguous.txt) from a MediaWiki API."""
    complete = True
    keys: list[str] = []

    def collect(module: str, titles: Iterable[str], convert: Convert) -> set[str]:
        nonlocal complete
        found: set[str] = set()
        for title in titles:
            walk = _walk(ctx, api_url, module, title, convert)
            entries, done = ctx.walk(walk)
            if not entries and done:
                raise ScrapeError(f"{api_url}: {title} yielded no names; check --api-url")
            found |= entries
            complete &= done
            keys.append(walk.key)
        return found

    surnames = collect("categorymembers", SURNAME_CATEGORIES, category_name)
    first_names = collect("categorymembers", FIRST_NAME_CATEGORIES, category_name)
    persons = collect("embeddedin", (PERSON_TEMPLATE,), _person_line)

    def origin(titles: Iterable[str]) -> str:
        return f"{api_url} ({', '.join(titles)})"

    lists = [
        ListResult("surnames.txt", surnames, origin(SURNAME_CATEGORIES), WIKIPEDIA_LICENCE),
        ListResult("first_names.txt", first_names, origin(FIRST_NAME_CATEGORIES), WIKIPEDIA_LICENCE),
        ListResult(
            "persons.txt", persons, origin((f"pages embedding {PERSON_TEMPLATE}",)), WIKIPEDIA_LICENCE
        ),
        ListResult(
            "ambiguous.txt",
            ambiguous_words(surnames | first_names | persons),
            "words of surnames.txt, first_names.txt, persons.txt that are in the bundled common_words.txt",
            f"{WIKIPEDIA_LICENCE}; common_words.txt CC BY-SA 4.0",
        ),
    ]
    return SourceResult(lists, keys, complete)
