"""How ``--help`` shows a parameter's value: the metavar a user understands, never a Python type.

Typer 0.29 prints an argument's annotation in the type column even when it has a metavar
("INPUT <list[Path]>") and ``<bool>`` beside every flag. An argument's metavar already names its
value in the name column and a flag takes none, so both show no type here; options show their
metavar (FILE, DIR, FIELD, N), which every option of deid declares. Imported by ``cli.py``
before the app is built; Typer is pinned to 0.29 in pyproject.toml.
"""

from __future__ import annotations

import typer.core
from typer import _click

_argument_type = typer.core.TyperArgument.display_type_rich
_option_type = typer.core.TyperOption.display_type_rich


def _argument_display_type(self: typer.core.TyperArgument, ctx: _click.Context) -> str | None:
    return None if self.metavar is not None else _argument_type(self, ctx)


def _option_display_type(self: typer.core.TyperOption, ctx: _click.Context) -> str | None:
    return None if self.is_flag else _option_type(self, ctx)


typer.core.TyperArgument.display_type_rich = _argument_display_type  # type: ignore[method-assign]
typer.core.TyperOption.display_type_rich = _option_display_type  # type: ignore[method-assign]
