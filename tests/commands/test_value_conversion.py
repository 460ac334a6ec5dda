"""The plain conversion of option values (``commands/value_conversion.py``) gives exactly what
Typer's pydantic conversion gives: the same value of the same type, or the same error with the
same message, for every parameter of every deid command and for valid, odd and invalid input."""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Any

import pytest
from typer import _click
from typer._coercion import build_runtime_param
from typer.main import get_command

from deid_cli.cli import app
from deid_cli.commands.value_conversion import PlainRuntimeParam, plain_runtime_param

GROUP = get_command(app)
PARAMETERS = [
    (name, param)
    for name in GROUP.commands  # type: ignore[attr-defined]
    for param in GROUP.commands[name].params  # type: ignore[attr-defined]
    if param.name != "help"
]

TEXTS = ["x", "", "  a ", "Zirbleitner", "ä", "-"]
NUMBERS = ["0", "1", "7", "-3", "-0", "007", "+5", " 5", "5 ", "1_000", "1.0", "1.5", "0.1", "0.05"]
NUMBERS += ["1e3", ".5", "1.", "nan", "inf", "abc", "", "99999999999999999999", "0.10000000000000001"]
NUMBERS += ["\u0663"]  # ARABIC-INDIC DIGIT THREE: Python's int() reads it, pydantic refuses it
MODES = ["600", "640", "0640", "0o640", "0O640", "777", "7777", "777x", "", "400", "1000"]


def _paths(tmp_path: Path) -> list[str]:
    (tmp_path / "file.txt").write_text("x", encoding="utf-8")
    (tmp_path / "dir").mkdir()
    unreadable = tmp_path / "unreadable.txt"
    unreadable.write_text("x", encoding="utf-8")
    unreadable.chmod(0)
    names = ["file.txt", "dir", "missing", "unreadable.txt", "dir//", "./file.txt", "a\0b"]
    return [str(tmp_path / name) for name in names] + ["-", "", "."]


def _inputs(param: _click.Parameter, tmp_path: Path) -> list[Any]:
    """Command-line spellings (strings) and the parameter's own default."""
    annotation = param.type_descriptor.annotation  # type: ignore[attr-defined]
    leaf = annotation.__args__[0] if getattr(annotation, "__origin__", None) is list else annotation
    if param.type_descriptor.parameter_info.parser is not None:  # type: ignore[attr-defined]
        spellings: list[Any] = MODES
    elif isinstance(leaf, type) and issubclass(leaf, enum.Enum):
        spellings = [m.value for m in leaf] + [m.value.upper() for m in leaf] + ["bogus", "", *leaf]
    elif leaf in (int, float):
        spellings = NUMBERS
    elif leaf is Path:
        spellings = _paths(tmp_path)
    else:
        spellings = TEXTS
    values = [param.default] if param.default is not None else []
    if param.multiple or param.nargs == -1:
        values += [tuple(spellings[:3]), tuple(spellings[3:]), ()]
        values += [(spelling,) for spelling in spellings]
    else:
        values += spellings
    return values


def _outcome(runtime: Any, value: Any, param: _click.Parameter, ctx: _click.Context) -> tuple[str, Any]:
    try:
        result = runtime.coerce(value, param=param, ctx=ctx)
    except Exception as exc:  # the error and its message are part of the contract
        return "error", (type(exc), str(exc), getattr(exc, "format_message", lambda: "")())
    return "value", (
        type(result),
        result,
        [type(item) for item in result] if isinstance(result, list) else [],
    )


@pytest.mark.parametrize(("command", "param"), PARAMETERS, ids=[f"{c}-{p.name}" for c, p in PARAMETERS])
def test_plain_conversion_matches_typer(command: str, param: _click.Parameter, tmp_path: Path) -> None:
    descriptor = param.type_descriptor  # type: ignore[attr-defined]
    plain = plain_runtime_param(descriptor)
    if plain is None:
        pytest.skip("converted by Typer itself")
    ctx = _click.Context(GROUP.commands[command])  # type: ignore[attr-defined]
    typer_own = build_runtime_param(descriptor)
    for value in _inputs(param, tmp_path):
        assert _outcome(plain, value, param, ctx) == _outcome(typer_own, value, param, ctx), repr(value)


def test_every_parameter_of_deid_has_a_plain_conversion() -> None:
    """So that no command imports pydantic for valid input (``test_startup_imports.py``)."""
    unconverted = [
        f"{command} {param.name}"
        for command, param in PARAMETERS
        if not isinstance(plain_runtime_param(param.type_descriptor), PlainRuntimeParam)  # type: ignore[attr-defined]
    ]
    assert unconverted == []
