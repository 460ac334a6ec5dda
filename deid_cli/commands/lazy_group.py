"""A Typer group that imports a command's module only when that command is looked up.

Typer builds every registered command when the app starts, so each command's module (and all it
imports: the reports, the scraper's HTTP client, rich tables) would be loaded by every command.
Here the group knows only where each command lives; ``deid run`` loads ``commands/run.py``
alone, ``deid --help`` and the generated docs load all of them. The commands are built by
Typer's own ``get_command_from_info``, as ``app.command(epilog=...)`` would build them, so
``--help`` and docs/commands.md are the same as with eager registration.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any, ClassVar

import typer.main
from typer import _click
from typer.core import TyperGroup
from typer.models import CommandInfo


@dataclass(frozen=True)
class LazyCommand:
    """Where a command's function and its ``--help`` epilog are: module and attribute names."""

    module: str
    function: str
    epilog: str


class LazyCommands(MutableMapping[str, _click.Command]):
    """The group's commands by name, in registration order; a command is built on first access."""

    def __init__(self, table: Mapping[str, LazyCommand], rich_markup_mode: Any) -> None:
        self._table = dict(table)
        self._built: dict[str, _click.Command] = {}
        self._names = list(table)
        self._rich_markup_mode = rich_markup_mode

    def __getitem__(self, name: str) -> _click.Command:
        if name not in self._built:
            where = self._table[name]  # KeyError: no such command
            module = importlib.import_module(where.module)
            function, epilog = getattr(module, where.function), getattr(module, where.epilog)
            info = CommandInfo(name, callback=function, epilog=epilog)
            self._built[name] = typer.main.get_command_from_info(
                info, pretty_exceptions_short=True, rich_markup_mode=self._rich_markup_mode
            )
        return self._built[name]

    def __setitem__(self, name: str, command: _click.Command) -> None:
        if name not in self._names:
            self._names.append(name)
        self._built[name] = command

    def __delitem__(self, name: str) -> None:
        if name not in self._names:
            raise KeyError(name)
        self._names.remove(name)
        self._table.pop(name, None)
        self._built.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._names))

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        return name in self._names


class LazyGroup(TyperGroup):
    """A ``TyperGroup`` whose commands come from ``table`` (set by a subclass), built on demand.
    ``pretty_exceptions_short`` is Typer's default, as the app passes it to eager commands."""

    table: ClassVar[Mapping[str, LazyCommand]] = {}

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        registered = self.commands
        self.commands = LazyCommands(self.table, self.rich_markup_mode)
        self.commands.update(registered)

    def list_commands(self, ctx: _click.Context) -> list[str]:
        """The names, without building the commands (TyperGroup's version reads every value)."""
        return list(self.commands)
