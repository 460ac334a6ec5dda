"""The ``deid`` command line: the Typer app, its commands (one module each in ``commands/``)
and the entry point that turns a bug into exit status 70.

The commands are registered by module and name (``COMMANDS``), not imported: a command's module
is imported when that command runs or its help is shown (``commands/lazy_group.py``), so
``deid run`` does not pay for the imports of the reports, the scraper or their tables.

Exit statuses (documented for cron): 0 success, 1 input or output error (bad record with
``--on-error fail``, unreadable input, an input that changed during the run, an output that
cannot be written: disk full, not writable), 2 usage error (bad option, missing file, unusable
dictionary or corrections file), 70 internal error (a bug; ``main`` prints a report without
note text, see ``runtime/crash.py``), 75 another ``deid run`` is writing to the same
destination (``corpus/locking.py``; try again later), 130/143 stopped by SIGINT/SIGTERM
(``runtime/interrupts.py``).
After any status but 0 no output was written and previous outputs are as they were.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from deid_cli import __version__
from deid_cli.commands import (
    help_format,  # noqa: F401  (how --help shows values; before the app)
    value_conversion,  # noqa: F401  (values converted without pydantic)
)
from deid_cli.commands.lazy_group import LazyCommand, LazyGroup
from deid_cli.commands.options import EXIT_INTERNAL
from deid_cli.runtime.crash import crash_report
from deid_cli.runtime.interrupts import stop_cleanly_on_signals

APP_EPILOG = """
[b]Examples[/b]

  deid run examples/notes.jsonl -o masked.jsonl --stats stats.json

  deid run exports/ -o masked/ --on-error skip --quiet

[b]Exit statuses[/b]: 0 ok, 1 input/output error, 2 usage error, 70 internal error,
75 destination locked by another run, 130/143 interrupted. See [b]deid run --help[/b].
"""

# In the order of `deid --help`: name -> module, command function, epilog of its --help.
COMMANDS = {
    "run": LazyCommand("deid_cli.commands.run", "run", "RUN_EPILOG"),
    "scrape-dicts": LazyCommand("deid_cli.commands.scrape", "scrape_dicts", "SCRAPE_EPILOG"),
    "eval": LazyCommand("deid_cli.commands.eval", "eval_command", "EVAL_EPILOG"),
    "audit": LazyCommand("deid_cli.commands.audit", "audit_command", "AUDIT_EPILOG"),
    "stats": LazyCommand("deid_cli.commands.stats", "stats_command", "STATS_EPILOG"),
    "review": LazyCommand("deid_cli.commands.review", "review_command", "REVIEW_EPILOG"),
}


class DeidGroup(LazyGroup):
    """deid's commands, each imported when it is used."""

    table = COMMANDS


app = typer.Typer(
    name="deid",
    cls=DeidGroup,
    help="Pseudonymize German and Austrian clinical free text with corpus-wide consistent pseudonyms.",
    epilog=APP_EPILOG,
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
    # Rich's pretty tracebacks print every frame's local variables (notes, names, the linkage
    # table); main() prints crash.py's frames-only report instead.
    pretty_exceptions_enable=False,
    pretty_exceptions_show_locals=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"deid {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    ctx: typer.Context,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = False,
) -> None:
    """deid: batch pseudonymizer for German/Austrian clinical notes (Masketeer algorithm)."""
    ctx.with_resource(stop_cleanly_on_signals())  # every command: Ctrl-C/SIGTERM exit 130/143


def main() -> None:
    """Console-script entry point. An unexpected exception (a bug) becomes one line naming its
    type and a traceback of frames only (``crash.py``), exit status 70; Ctrl-C, ``sys.exit`` and
    ``typer.Exit`` pass through untouched."""
    try:
        app()
    except (typer.Exit, typer.Abort, typer.exceptions.TyperException):
        raise  # Typer's own exits, usage errors included
    except Exception as exc:
        sys.stderr.write(crash_report(exc))
        sys.stderr.flush()
        sys.exit(EXIT_INTERNAL)
