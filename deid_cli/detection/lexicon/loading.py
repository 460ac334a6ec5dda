"""The lexicon as a command builds it: bundled and --dict-dir lists (cached), the user's own
name files and corrections, and deid.toml settings underneath the command-line options."""

from __future__ import annotations

import atexit
import gc
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from deid_cli.detection.lexicon.cache import load_public_lexicon
from deid_cli.detection.lexicon.lexicon import Lexicon, PublicLexicon
from deid_cli.detection.lexicon.lists import LexiconSources, load_corrections, load_name_file
from deid_cli.runtime.config import load_settings
from deid_cli.runtime.user_files import ConfigError


@dataclass(slots=True)
class DictionaryOptions:
    """The user's dictionary files (each option may be given several times)."""

    patients: list[Path] = field(default_factory=list)
    hcps: list[Path] = field(default_factory=list)
    persons: list[Path] = field(default_factory=list)
    sites: list[Path] = field(default_factory=list)
    keep: list[Path] = field(default_factory=list)
    corrections: list[Path] = field(default_factory=list)


def build_lexicon(
    options: DictionaryOptions,
    dict_dirs: Sequence[Path] = (),
    *,
    use_cache: bool = False,
    cache_dir: Path | None = None,
) -> Lexicon:
    """The public lists (bundled plus ``dict_dirs``; compiled once and cached when
    ``use_cache``) merged with the user's own files (compiled per run, never cached).
    ``lexicon.load_report`` says how the public part was obtained."""
    for directory in dict_dirs:
        if not directory.is_dir():
            raise ConfigError(f"{directory}: dictionary directory not found")
    public, report = load_public_lexicon(dict_dirs, cache_dir, use_cache)
    user = LexiconSources()
    for paths, target in (
        (options.patients, user.patients),
        (options.hcps, user.hcps),
        (options.persons, user.persons),
        (options.sites, user.user_sites),
        (options.keep, user.keep),
    ):
        for path in paths:
            target.extend(load_name_file(path))
    for path in options.corrections:
        loaded = load_corrections(path)
        user.corrections.mask.extend(loaded.mask)
        user.corrections.keep.extend(loaded.keep)
    lexicon = Lexicon(user, public)
    lexicon.load_report = report
    # The lexicon lives as long as the command: moved out of the collector's sight, so that the
    # collections the per-note work triggers need not walk its millions of objects again, and
    # forked workers share its pages instead of copying them when the collector touches them.
    gc.freeze()
    _not_freed_at_exit(public)
    return lexicon


_exit_public: weakref.ref[PublicLexicon] | None = None


def _not_freed_at_exit(public: PublicLexicon) -> None:
    """Spare the process the freeing of the public lists when it exits: the interpreter's
    shutdown deallocated the automaton's 1.7 million nodes and a quarter of a million words
    one by one, 0.03 s of a one-note run with the benchmark's lists, while the system takes
    the memory back at once. Only the lexicon most recently loaded, and only if it is still
    alive at exit (a weak reference: a long-lived process such as the test suite frees every
    other one as before)."""
    global _exit_public
    if _exit_public is None:
        atexit.register(_keep_exit_public)
    _exit_public = weakref.ref(public)


def _keep_exit_public() -> None:
    public = _exit_public() if _exit_public is not None else None
    if public is None:
        return
    try:
        import ctypes  # only at exit: 3 ms

        ctypes.pythonapi.Py_IncRef(ctypes.py_object(public))  # never decremented: never freed
    except (ImportError, AttributeError, OSError):  # not CPython: freed as usual
        pass


def load_lexicon(
    options: DictionaryOptions, config: Path | None, dict_dirs: Sequence[Path] | None, cache: bool | None
) -> Lexicon:
    """The lexicon as a command builds it: deid.toml settings, then command-line options on top."""
    settings = load_settings(config)
    return build_lexicon(
        options,
        [*settings.dict_dirs, *(dict_dirs or [])],
        use_cache=settings.cache if cache is None else cache,
    )
