"""The report for an unexpected exception (a bug): where it happened, never what it was about.

A normal traceback prints the exception's message, and messages carry data: ``KeyError('Huber')``
names a patient, a ``ValueError`` may quote a line of a note. Rich's pretty tracebacks are worse,
as they print every frame's local variables, i.e. notes, names and the linkage table. So the
report holds only the exception's type and, per frame, file, line number, function and the line
of deid's (or a library's) source code that ran; chained exceptions are shown the same way.
"""

from __future__ import annotations

import traceback
from types import TracebackType

HEADLINE = "internal error: {kind} (a bug; the report below holds no note text)"
_CAUSE = "The above was the direct cause of:"
_CONTEXT = "While handling the above, another exception occurred:"


def exception_kind(exc: BaseException) -> str:
    """The exception's type as ``module.Name`` (builtins by name alone), without its message."""
    kind = type(exc)
    module = kind.__module__
    return kind.__qualname__ if module == "builtins" else f"{module}.{kind.__qualname__}"


def _frames(tb: TracebackType | None) -> list[str]:
    """File, line, function and source line of each frame; ``extract_tb`` is asked for no locals."""
    lines = []
    for frame in traceback.extract_tb(tb):
        lines.append(f'  File "{frame.filename}", line {frame.lineno}, in {frame.name}')
        if frame.line:
            lines.append(f"    {frame.line.strip()}")
    return lines


def _chain(exc: BaseException) -> list[BaseException]:
    """The exception and those it was raised from or while handling, oldest first."""
    chain: list[BaseException] = []
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        chain.append(current)
        if current.__cause__ is not None:
            current = current.__cause__
        elif current.__context__ is not None and not current.__suppress_context__:
            current = current.__context__
        else:
            current = None
    return chain[::-1]


def crash_report(exc: BaseException) -> str:
    """The whole report: the headline, then a traceback of frames and type names only."""
    lines = [HEADLINE.format(kind=exception_kind(exc))]
    chain = _chain(exc)
    for index, item in enumerate(chain):
        if index:
            lines.append(_CAUSE if chain[index].__cause__ is chain[index - 1] else _CONTEXT)
        lines.append("Traceback (most recent call last; messages and variables left out):")
        lines.extend(_frames(item.__traceback__))
        lines.append(exception_kind(item))
    return "\n".join(lines) + "\n"


__all__ = ["HEADLINE", "crash_report", "exception_kind"]
