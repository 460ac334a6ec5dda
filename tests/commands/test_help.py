"""--help that a user reads: every option names its value (FILE, DIR, FIELD, N), says what it does
and what happens without it, and every command shows an example. No Python type leaks through."""

from __future__ import annotations

import re

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from deid_cli.cli import app

COMMANDS = sorted(get_command(app).commands)  # type: ignore[attr-defined]
PYTHON_TYPE = re.compile(r"<(?:list|str|int|float|bool|path|file|dir|Path)\b[^>]*>")


def _parameters(command: str) -> list:
    return [p for p in get_command(app).commands[command].params if p.name != "help"]  # type: ignore[attr-defined]


def test_the_app_has_the_six_commands() -> None:
    assert COMMANDS == ["audit", "eval", "review", "run", "scrape-dicts", "stats"]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_parameter_has_a_one_line_help_and_a_readable_metavar(command: str) -> None:
    for param in _parameters(command):
        assert param.help and "\n" not in param.help.strip(), f"{command} {param.name}: no help"
        if param.param_type_name == "argument":
            assert param.metavar and param.metavar[0].isupper(), f"{command} {param.name}: no metavar"
        elif not param.is_flag:
            assert param.metavar, f"{command} {param.opts}: no metavar"
            assert not PYTHON_TYPE.search(param.metavar)


@pytest.mark.parametrize("command", COMMANDS)
def test_an_option_without_a_default_value_says_what_happens_without_it(command: str) -> None:
    for param in _parameters(command):
        if param.param_type_name == "option" and not param.is_flag and not param.required:
            shown = param.default is not None and param.show_default is not False
            assert shown or "default" in param.help.lower(), f"{command} {param.opts}: default unsaid"


@pytest.mark.parametrize("command", COMMANDS)
def test_help_shows_no_python_types_and_an_example(command: str) -> None:
    result = CliRunner().invoke(app, [command, "--help"], env={"COLUMNS": "160"})
    assert result.exit_code == 0
    assert not PYTHON_TYPE.search(result.stdout), PYTHON_TYPE.search(result.stdout)
    assert "Examples" in result.stdout and f"deid {command} " in result.stdout


def test_output_help_explains_devices_fifos_and_standard_output() -> None:
    result = CliRunner().invoke(app, ["run", "--help"], env={"COLUMNS": "200"})
    text = " ".join(result.stdout.split())
    assert "'-': standard output" in text and "FIFO" in text and "without the atomic replace" in text
