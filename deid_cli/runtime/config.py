"""Settings from ``deid.toml``: defaults a site sets once instead of on every cron line.

Looked up as ``--config FILE`` or ``./deid.toml``. Only a few keys exist; unknown keys are an
error, so a typo does not silently change nothing::

    [run]
    dict_dir = ["/srv/deid/dictionaries"]   # or one string; relative to this file
    cache = true                            # cache compiled public dictionaries
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from deid_cli.runtime.user_files import SETTINGS_LIMIT, ConfigError, decode_utf8, parse_toml, read_limited

DEFAULT_CONFIG = Path("deid.toml")


class VoteMode(StrEnum):
    """--vote: the first masker decides (the paper), or all maskers' evidence is pooled."""

    first = "first"
    all = "all"


class AgeMode(StrEnum):
    """--ages: only ages over 89 (HIPAA Safe Harbor) or every age."""

    over89 = "over89"
    all = "all"


_RUN_KEYS = frozenset({"dict_dir", "cache"})


@dataclass(slots=True)
class Settings:
    dict_dirs: list[Path] = field(default_factory=list)
    cache: bool = True
    source: Path | None = None


def load_settings(path: Path | None) -> Settings:
    """Settings from ``path``, or from ./deid.toml when present, else defaults."""
    if path is None:
        if not DEFAULT_CONFIG.is_file():
            return Settings()
        path = DEFAULT_CONFIG
    data = parse_toml(path, decode_utf8(path, read_limited(path, SETTINGS_LIMIT, "settings files")))
    unknown_tables = set(data) - {"run"}
    run = data.get("run", {})
    if unknown_tables or not isinstance(run, dict):
        raise ConfigError(f"{path}: only a [run] table is supported")
    unknown = set(run) - _RUN_KEYS
    if unknown:
        raise ConfigError(f"{path}: unknown setting(s) {', '.join(sorted(unknown))} in [run]")
    settings = Settings(source=path)
    dirs = run.get("dict_dir", [])
    if isinstance(dirs, str):
        dirs = [dirs]
    if not isinstance(dirs, list) or not all(isinstance(d, str) for d in dirs):
        raise ConfigError(f"{path}: dict_dir must be a path or a list of paths")
    settings.dict_dirs = [(path.parent / Path(d).expanduser()).resolve() for d in dirs]
    cache = run.get("cache", True)
    if not isinstance(cache, bool):
        raise ConfigError(f"{path}: cache must be true or false")
    settings.cache = cache
    return settings
