"""Command-line values converted without pydantic wherever the result is certain.

Typer 0.29 converts every parameter's value through a pydantic ``TypeAdapter`` built on first
use: importing pydantic and building the adapters of a command's ~35 options costs every command
about 0.1 s before it starts. For the kinds of parameter deid declares (str, int, float, bool,
``Path``, enums, lists of these, and ``--mode``'s parser) a valid value converts by one plain
call, made here with Typer's own helpers (``coerce_cli_path``, ``coerce_cli_choice``). Whatever
this module is not sure of (any other kind, a value of another type, a value Typer would refuse)
goes to Typer's pydantic conversion, which then gives the value or the error message it always
gave. Imported by ``cli.py`` before the app is built; Typer is pinned to 0.29 in pyproject.toml.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

import typer.core
from typer import _click
from typer._coercion import RuntimeParam, TypeDescriptor, build_runtime_param
from typer._param_types import coerce_cli_choice, coerce_cli_path, lenient_issubclass, routes_to_path
from typer._typing import get_args, get_origin
from typer.models import ParameterInfo

Convert = Callable[[Any, "typer.core._TyperParameter", _click.Context], Any]

# Only plain decimal spellings, which Python and pydantic read alike; the rest ("+1", "1_000",
# "1.0", "1e3", other scripts' digits, which Python reads and pydantic refuses) go to pydantic.
_INT = re.compile(r"0|-?[1-9][0-9]{0,17}")
_FLOAT = re.compile(r"-?(?:0|[1-9][0-9]{0,14})(?:\.[0-9]{1,15})?")


class _Unsure(Exception):
    """The value is left to Typer's pydantic conversion."""


@dataclass(frozen=True)
class PlainRuntimeParam(RuntimeParam):
    """Typer's runtime conversion of one parameter, with a plain ``convert`` tried first."""

    descriptor: TypeDescriptor
    convert: Convert
    is_list: bool

    def _coerce_value(self, value: Any, param: typer.core._TyperParameter, ctx: _click.Context) -> Any:
        try:
            if self.is_list:  # what pydantic does for list[X]: a single value becomes a list
                items = value if isinstance(value, list | tuple) else [value]
                return [self.convert(item, param, ctx) for item in items]
            return self.convert(value, param, ctx)
        except Exception:  # _Unsure, or a refusal whose message Typer words (below, unchained)
            pass
        return build_runtime_param(self.descriptor)._coerce_value(value, param=param, ctx=ctx)


def plain_runtime_param(descriptor: TypeDescriptor) -> PlainRuntimeParam | None:
    """The plain conversion for ``descriptor``, or None where Typer's own is needed (files,
    tuples, dates, literals, other types)."""
    if descriptor.file_annotation is not None:
        return None
    annotation, info = descriptor.annotation, descriptor.parameter_info
    is_list = get_origin(annotation) is list
    if is_list:
        annotation = get_args(annotation)[0]
    convert = _converter(annotation, info)
    if convert is None:
        return None
    return PlainRuntimeParam(
        parameter_info=info,
        annotation=descriptor.annotation,
        descriptor=descriptor,
        convert=convert,
        is_list=is_list,
    )


def _converter(annotation: Any, info: ParameterInfo) -> Convert | None:
    """Typer's ``build_leaf_adapter`` without pydantic, in its order: parser, enum, number,
    bool, str, path."""
    if info.parser is not None:
        parser = info.parser
        return lambda value, _param, _ctx: parser(value)
    if lenient_issubclass(annotation, Enum):
        choices = list(annotation)
        return lambda value, _param, ctx: coerce_cli_choice(
            value, choices=choices, case_sensitive=info.case_sensitive, ctx=ctx
        )
    if annotation is int or annotation is float:
        return None if info.clamp else _number(annotation, info.min, info.max)
    if annotation is bool or annotation is str:
        return lambda value, _param, _ctx: _exactly(annotation, value)
    if routes_to_path(annotation, info):
        path_type = info.path_type or annotation
        if not lenient_issubclass(path_type, Path):
            return None
        return lambda value, param, ctx: coerce_cli_path(
            value if isinstance(value, path_type) else path_type(_exactly(str, value)),
            info,
            path_type=path_type,
            param=param,
            ctx=ctx,
        )
    return None


def _exactly(kind: type, value: Any) -> Any:
    """``value`` itself when it is of exactly this type (then pydantic returns it unchanged)."""
    if type(value) is not kind:
        raise _Unsure
    return value


def _number(kind: type, low: float | None, high: float | None) -> Convert:
    """int or float: the value itself, or a plain decimal spelling, within min and max."""
    spelling = _INT if kind is int else _FLOAT

    def convert(value: Any, _param: Any, _ctx: Any) -> Any:
        if type(value) is str and spelling.fullmatch(value):
            value = kind(value)
        elif type(value) is not kind:
            raise _Unsure
        if (low is not None and value < low) or (high is not None and value > high):
            raise _Unsure  # Typer words the range error
        return value

    return convert


def _runtime_param(self: typer.core._TyperParameter) -> RuntimeParam:
    """``_TyperParameter.get_runtime_param`` with the plain conversion where it applies."""
    if self._runtime_param is None:
        self._runtime_param = plain_runtime_param(self.type_descriptor) or build_runtime_param(
            self.type_descriptor
        )
    return self._runtime_param


typer.core._TyperParameter.get_runtime_param = _runtime_param  # type: ignore[method-assign]
