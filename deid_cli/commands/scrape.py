"""The ``deid scrape-dicts`` command: options, the run, the summary, exit statuses.

Registered in ``deid_cli/cli.py`` (``COMMANDS``) as ``scrape-dicts`` with ``SCRAPE_EPILOG``.
Exit statuses: 0 ok, 1 network or data error (previous lists untouched), 2 usage error.

``--help`` (and ``deid --help``) import this module: the scraper itself (httpx, selectolax,
the dictionary lists) is imported by the steps that use it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from deid_cli import PACKAGE_DIR, __version__
from deid_cli.commands.options import FileMode
from deid_cli.corpus.atomic import PRIVATE_FILE_MODE, directory_mode
from deid_cli.scrape.endpoints import GEONAMES_POSTCODES_URL as DEFAULT_POSTCODES_URL
from deid_cli.scrape.endpoints import WIKIPEDIA_API_URL as DEFAULT_API_URL

if TYPE_CHECKING:
    from deid_cli.runtime.console import ScrapeProgress
    from deid_cli.scrape.hcp import HcpSource
    from deid_cli.scrape.http import PoliteClient
    from deid_cli.scrape.output import ListResult, SourceResult, SummaryRow
    from deid_cli.scrape.state import ScrapeState

EXIT_OK, EXIT_DATA, EXIT_USAGE = 0, 1, 2
SOURCES = ("wikipedia", "hcp", "postcodes")
DEFAULT_USER_AGENT = f"deid-scrape-dicts/{__version__} (+contact: set --user-agent)"

SCRAPE_EPILOG = """
[b]Examples[/b]

  deid scrape-dicts --source wikipedia --user-agent "deid at Klinik X (it@example.org)"

  deid scrape-dicts --source postcodes --country AT,DE --out /srv/deid/dicts

  deid scrape-dicts --source hcp --source-file sources/aek_steiermark.toml --dry-run

  deid scrape-dicts --source wikipedia --resume   [i]continue an interrupted download[/i]

  deid run notes.jsonl -o masked.jsonl --dict-dir /srv/deid/dicts

Check each directory's terms of use before scraping it (see sources/TEMPLATE.toml).

[b]Exit statuses[/b]: 0 ok, 1 network or data error (previous lists untouched; --resume
continues), 2 usage error.
"""


def default_out_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("deid")) / "dictionaries"


def shipped_source_dir() -> Path | None:
    """The shipped ``sources/`` directory: inside the installed wheel, or the checkout."""
    for candidate in (PACKAGE_DIR / "_sources", PACKAGE_DIR.parent / "sources"):
        if candidate.is_dir():
            return candidate
    return None


def _split(values: list[str] | None, default: tuple[str, ...]) -> list[str]:
    """Repeatable options that also take comma lists, de-duplicated in order."""
    items = [part.strip() for value in values or [] for part in value.split(",") if part.strip()]
    return list(dict.fromkeys(items)) or list(default)


def _choose(values: list[str], allowed: tuple[str, ...], option: str) -> list[str]:
    unknown = [v for v in values if v not in allowed]
    if unknown:
        raise typer.BadParameter(
            f"unknown {', '.join(unknown)} (choose from {', '.join(allowed)})", param_hint=option
        )
    return [a for a in allowed if a in values]


def _check_url(url: str, option: str) -> str:
    if not url.startswith(("http://", "https://")):
        raise typer.BadParameter("must be an http:// or https:// URL", param_hint=option)
    return url


def _hcp_sources(files: list[Path] | None) -> list[HcpSource]:
    from deid_cli.scrape.hcp import SourceFileError, load_source

    if not files:
        shipped = shipped_source_dir()
        default = shipped / "aek_steiermark.toml" if shipped else None
        if default is None or not default.is_file():
            raise typer.BadParameter("no shipped source file found; pass one", param_hint="--source-file")
        files = [default]
    try:
        return [load_source(path) for path in files]
    except SourceFileError as exc:
        raise typer.BadParameter(str(exc), param_hint="--source-file") from None


# ---------------------------------------------------------------------------------- options

Sources = Annotated[
    list[str],
    typer.Option(
        "--source",
        help="What to download: wikipedia, hcp, postcodes (repeatable or comma list).",
        show_default=False,
        metavar="SOURCE",
    ),
]
OutDir = Annotated[
    Path | None,
    typer.Option(
        "--out",
        file_okay=False,
        help="Dictionary directory to update (default: the user data dir, e.g. "
        "~/.local/share/deid/dictionaries).",
        show_default=False,
        metavar="DIR",
    ),
]
ApiUrl = Annotated[str, typer.Option("--api-url", help="MediaWiki API endpoint.", metavar="URL")]
SourceFiles = Annotated[
    list[Path] | None,
    typer.Option(
        "--source-file",
        exists=True,
        dir_okay=False,
        readable=True,
        help="HCP directory description (TOML; repeatable). Default: the shipped "
        "sources/aek_steiermark.toml.",
        show_default=False,
        metavar="FILE",
    ),
]
Countries = Annotated[
    list[str] | None,
    typer.Option(
        "--country",
        help="Postcode countries: AT, DE, CH, LI (repeatable or comma list). Default: all four.",
        metavar="CC",
    ),
]
PostcodesUrl = Annotated[
    str,
    typer.Option(
        "--postcodes-url",
        help="Postcode archive URL; {country} is replaced by AT, DE, CH, LI.",
        metavar="URL",
    ),
]
Delay = Annotated[
    float,
    typer.Option(
        "--delay", min=0.0, help="Seconds between requests (a source file may ask more).", metavar="SECONDS"
    ),
]
MaxPages = Annotated[
    int | None,
    typer.Option(
        "--max-pages",
        min=1,
        help="Fetch at most N pages per list; continue with --resume. Default: no limit.",
        metavar="N",
    ),
]
Resume = Annotated[
    bool, typer.Option("--resume", help="Continue lists from the cursors saved by an unfinished run.")
]
DryRun = Annotated[
    bool, typer.Option("--dry-run", help="Download and report what would change; write nothing.")
]
Timeout = Annotated[float, typer.Option("--timeout", min=0.1, help="Seconds per request.", metavar="SECONDS")]
Retries = Annotated[
    int,
    typer.Option("--retries", min=0, help="Extra attempts after 429/5xx or a network error.", metavar="N"),
]
UserAgent = Annotated[
    str, typer.Option("--user-agent", help="User-Agent; please include a contact address.", metavar="TEXT")
]
ScrapeQuiet = Annotated[bool, typer.Option("--quiet", "-q", help="No progress, no summary.")]


def scrape_dicts(
    source: Sources,
    out: OutDir = None,
    api_url: ApiUrl = DEFAULT_API_URL,
    source_file: SourceFiles = None,
    country: Countries = None,
    postcodes_url: PostcodesUrl = DEFAULT_POSTCODES_URL,
    delay: Delay = 1.0,
    max_pages: MaxPages = None,
    resume: Resume = False,
    dry_run: DryRun = False,
    timeout: Timeout = 30.0,
    retries: Retries = 4,
    user_agent: UserAgent = DEFAULT_USER_AGENT,
    quiet: ScrapeQuiet = False,
    mode: FileMode = PRIVATE_FILE_MODE,
) -> None:
    """Download public name lists (Wikipedia), doctors' directories (HCP) and postcodes
    (GeoNames) into a dictionary directory for [b]deid run --dict-dir[/b].

    Files written: surnames.txt, first_names.txt, persons.txt, ambiguous.txt (wikipedia),
    hcps.txt (hcp), postcodes_xx.tsv (postcodes), and SOURCES.md with source, date, licence
    and count of each. All files are replaced together, and only after every download succeeded.
    """
    from deid_cli.runtime.console import ScrapeProgress
    from deid_cli.scrape.http import PoliteClient

    chosen, countries = _chosen_sources_and_countries(source, country)
    _check_endpoints(api_url, postcodes_url, user_agent)
    hcp_sources = _hcp_sources(source_file) if "hcp" in chosen else []
    out_dir = out if out is not None else default_out_dir()
    console = Console(stderr=True, highlight=False)
    with _exit_on_scrape_error(out_dir, dry_run):
        state = _open_state(out_dir, resume, dry_run, mode)
        results = _run(
            chosen,
            state,
            PoliteClient(user_agent=user_agent, timeout=timeout, delay=delay, retries=retries),
            ScrapeProgress(console, enabled=not quiet and sys.stderr.isatty()),
            max_pages=max_pages,
            api_url=api_url,
            hcp_sources=hcp_sources,
            countries=countries,
            postcodes_url=postcodes_url,
            delay=delay,
        )
        rows = _write_lists(out_dir, results, state, dry_run, mode)
    _print_outcome(console, rows, results, dry_run, quiet)


def _chosen_sources_and_countries(
    source: list[str], country: list[str] | None
) -> tuple[list[str], list[str]]:
    """--source and --country as known names in their fixed order; at least one source."""
    from deid_cli.scrape.postcodes import CODE_FORMATS

    chosen = _choose(_split(source, ()), SOURCES, "--source")
    if not chosen:
        raise typer.BadParameter("name at least one source", param_hint="--source")
    countries = _choose(
        [c.upper() for c in _split(country, tuple(CODE_FORMATS))], tuple(CODE_FORMATS), "--country"
    )
    return chosen, countries


def _check_endpoints(api_url: str, postcodes_url: str, user_agent: str) -> None:
    """Refuse URLs that are not http(s), a postcode URL without {country}, a multi-line User-Agent."""
    _check_url(api_url, "--api-url")
    _check_url(postcodes_url, "--postcodes-url")
    if "{country}" not in postcodes_url:
        raise typer.BadParameter("must contain {country}", param_hint="--postcodes-url")
    if not user_agent.strip() or any(c in user_agent for c in "\r\n"):
        raise typer.BadParameter("must be one non-empty line", param_hint="--user-agent")


@contextmanager
def _exit_on_scrape_error(out_dir: Path, dry_run: bool) -> Iterator[None]:
    """Turn a failed download or write into one ``error:`` line and its exit status."""
    from deid_cli.scrape.http import ScrapeError
    from deid_cli.scrape.state import STATE_FILE, StateError

    try:
        yield
    except StateError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(EXIT_USAGE) from None
    except ScrapeError as exc:
        hint = "; --resume continues" if not dry_run and (out_dir / STATE_FILE).is_file() else ""
        typer.echo(f"error: {exc}; previous lists in {out_dir} left unchanged{hint}", err=True)
        raise typer.Exit(EXIT_DATA) from None
    except OSError as exc:
        typer.echo(f"error: {exc.strerror or 'I/O error'}: {exc.filename or out_dir}", err=True)
        raise typer.Exit(EXIT_DATA) from None


def _open_state(out_dir: Path, resume: bool, dry_run: bool, mode: int) -> ScrapeState:
    """The saved list cursors (read with --resume, saved unless --dry-run)."""
    from deid_cli.scrape.state import ScrapeState

    state = ScrapeState(out_dir, resume=resume, persist=not dry_run, out_mode=directory_mode(mode))
    if resume and not state.path.is_file():
        typer.echo(f"note: no saved state in {out_dir}; starting from the beginning", err=True)
    return state


def _write_lists(
    out_dir: Path, results: list[SourceResult], state: ScrapeState, dry_run: bool, mode: int
) -> list[SummaryRow]:
    """What changes per list; unless --dry-run, write the lists and forget finished cursors."""
    from deid_cli.scrape.output import summarize, write_outputs

    lists: list[ListResult] = [item for result in results for item in result.lists]
    rows = summarize(out_dir, lists)
    if not dry_run:
        write_outputs(out_dir, lists, mode=mode)
        state.finish(key for result in results if result.complete for key in result.keys)
    return rows


def _print_outcome(
    console: Console, rows: list[SummaryRow], results: list[SourceResult], dry_run: bool, quiet: bool
) -> None:
    """The summary table (always with --dry-run), and a note when --max-pages left lists partial."""
    if dry_run or not quiet:
        console.print(_summary_table(rows, dry_run))
    if not all(result.complete for result in results):
        typer.echo(
            "note: stopped at --max-pages; the lists are partial. Run again with --resume to continue.",
            err=True,
        )


def _run(
    chosen: list[str],
    state: ScrapeState,
    client: PoliteClient,
    progress: ScrapeProgress,
    *,
    max_pages: int | None,
    api_url: str,
    hcp_sources: list[HcpSource],
    countries: list[str],
    postcodes_url: str,
    delay: float,
) -> list[SourceResult]:
    """Download every chosen source (in the fixed order wikipedia, hcp, postcodes)."""
    from deid_cli.scrape.context import ScrapeContext
    from deid_cli.scrape.hcp import scrape_hcp
    from deid_cli.scrape.postcodes import scrape_postcodes
    from deid_cli.scrape.wikipedia import scrape_wikipedia

    results: list[SourceResult] = []
    with client, progress:
        ctx = ScrapeContext(client, state, max_pages, progress.page)
        for name in chosen:
            if name == "wikipedia":
                results.append(scrape_wikipedia(ctx, api_url))
            elif name == "hcp":
                results.append(scrape_hcp(ctx, hcp_sources, delay))
            else:
                results.append(scrape_postcodes(ctx, countries, postcodes_url))
    return results


def _summary_table(rows: list[SummaryRow], dry_run: bool) -> Table:
    """The lists scrape-dicts wrote (or would write): entries before and after."""
    title = "scrape-dicts (dry run: nothing written)" if dry_run else "scrape-dicts"
    table = Table(title=title, title_justify="left")
    table.add_column("list")
    for column in ("before", "after", "added", "removed"):
        table.add_column(column, justify="right")
    for row in rows:
        table.add_row(row.filename, str(row.before), str(row.after), str(row.added), str(row.removed))
    return table
