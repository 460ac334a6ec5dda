"""Cache of the compiled public dictionaries, so a run does not rebuild them.

Building the automaton and sets from the bundled lists (and from 500,000+ names downloaded
by ``deid scrape-dicts``) takes seconds; loading the pickled result takes a fraction of that.
The cache key is a hash of every dictionary file's bytes plus deid's version, so any change
to a list rebuilds it. Only PUBLIC lists are cached: the user's patient/HCP lists,
keep lists and corrections hold real names and are compiled per run, never written here.

The cache directory is created owner-only (0700), files 0600; a directory that others could
write to is refused, because unpickling a planted file would run its code. Loading is guarded
three times over: only ``<cache dir>/<key>.pickle`` for the key of the current inputs is ever
opened (nothing from a user path), only a regular file owned by this user that nobody else
may write (no symlink: opened with O_NOFOLLOW, checked on the open descriptor), and the
unpickler resolves only the three classes a compiled lexicon consists of, so even a planted
file cannot name a function to call.
"""

from __future__ import annotations

import gc
import hashlib
import os
import pickle
import stat
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deid_cli import __version__
from deid_cli.corpus.atomic import make_directories
from deid_cli.detection.lexicon.lexicon import PublicLexicon
from deid_cli.detection.lexicon.lists import (
    LexiconSources,
    bundled_dictionary_dir,
    dictionary_files,
    load_bundled,
)
from deid_cli.detection.lexicon.triggers import schema_digest
from deid_cli.detection.patterns.place_index import PREFIX_WORDS

# 2: classes moved to deid_cli.detection.lexicon; 3: ambiguous names apart; 4: int values, triggers;
# 5: name sets answered by the automaton, the near-common index packed into one string; 8: the
# place index learns place endings; 9: countries; 10: countries the gazetteer knows stay places;
# 11: the place index's prefixes hold the words of position and size (place_index.PREFIX_WORDS;
# the key holds them, so a change to them rebuilds the cache)
CACHE_FORMAT = 11
KEEP_ENTRIES = 3
ENV_CACHE_DIR = "DEID_CACHE_DIR"


@dataclass(slots=True)
class LoadReport:
    """How the public dictionaries were obtained, for --verbose (no list content)."""

    source: str  # "cache", "built" or "built (cache unavailable)"
    seconds: float
    key: str
    files: int


def default_cache_dir() -> Path:
    override = os.environ.get(ENV_CACHE_DIR)
    if override:
        return Path(override)
    import platformdirs  # only here: a few milliseconds of start-up when $DEID_CACHE_DIR is set

    return Path(platformdirs.user_cache_dir("deid")) / "lexicon"


def cache_key(files: Sequence[Path]) -> str:
    """Hash of deid's version, the trigger and place-prefix words fixed in code, and every
    dictionary file's name and bytes."""
    prefixes = " ".join(sorted(PREFIX_WORDS))
    digest = hashlib.sha256(
        f"deid {__version__} format {CACHE_FORMAT} triggers {schema_digest()} prefixes {prefixes}\n".encode()
    )
    for path in files:
        digest.update(path.name.encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:32]


def load_public_lexicon(
    dict_dirs: Sequence[Path] = (), cache_dir: Path | None = None, use_cache: bool = True
) -> tuple[PublicLexicon, LoadReport]:
    """The compiled public lists of the bundled directory plus ``dict_dirs``, from the cache
    when it holds them, otherwise built (and then cached)."""
    started = time.perf_counter()
    directories = [bundled_dictionary_dir(), *dict_dirs]
    files = [f for d in directories for f in dictionary_files(d)]
    key = cache_key(files)
    directory = cache_dir or default_cache_dir()
    usable = use_cache and _prepare_directory(directory)
    if usable:
        cached = _read(directory / f"{key}.pickle")
        if cached is not None:
            return cached, LoadReport("cache", time.perf_counter() - started, key, len(files))
    sources = LexiconSources()
    for d in directories:
        load_bundled(d, into=sources)
    public = PublicLexicon(sources)
    if usable:
        _write(directory, key, public)
        source = "built"
    else:
        source = "built (cache off)" if not use_cache else "built (cache unavailable)"
    return public, LoadReport(source, time.perf_counter() - started, key, len(files))


def _prepare_directory(directory: Path) -> bool:
    """Create the cache directory (and missing parents) owner-only; refuse one that others may
    write to."""
    try:
        make_directories(directory, 0o700)
        info = directory.stat()
    except OSError:
        return False
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return False
    return not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


# Every global a pickled PublicLexicon refers to; anything else makes the entry unusable.
_ALLOWED_GLOBALS = frozenset(
    {
        ("deid_cli.detection.lexicon.lexicon", "PublicLexicon"),
        ("deid_cli.detection.patterns.place_index", "PlaceIndex"),
        ("ahocorasick", "Automaton"),
    }
)


class _LexiconUnpickler(pickle.Unpickler):
    """Resolves only the classes of a compiled lexicon, never a callable such as os.system."""

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) not in _ALLOWED_GLOBALS:
            raise pickle.UnpicklingError("unexpected global in cached lexicon")
        return super().find_class(module, name)


def _read(path: Path) -> PublicLexicon | None:
    """The cached lexicon at ``path``, or None unless it is safe and intact (then it is rebuilt)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        with os.fdopen(fd, "rb") as handle:
            if not _private_file(os.fstat(handle.fileno())):
                return None
            loaded = _unpickle(handle)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        return None
    if not isinstance(loaded, PublicLexicon):
        return None
    os.utime(path)  # most recently used: kept by the pruning below
    return loaded


def _unpickle(handle: Any) -> object:
    """Unpickle with the garbage collector paused: the millions of strings and tuples a
    compiled lexicon holds would otherwise trigger collections that find nothing to free."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _LexiconUnpickler(handle).load()
    finally:
        if enabled:
            gc.enable()


def _private_file(info: os.stat_result) -> bool:
    """A regular file of this user that neither group nor others may write."""
    if not stat.S_ISREG(info.st_mode) or info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return False
    return not hasattr(os, "getuid") or info.st_uid == os.getuid()


def _write(directory: Path, key: str, public: PublicLexicon) -> None:
    """Atomically store a compiled lexicon (0600) and prune old entries; failures only cost speed."""
    try:
        handle, temp = tempfile.mkstemp(prefix=".lexicon-", suffix=".tmp", dir=directory)
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as out:
            pickle.dump(public, out, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temp, directory / f"{key}.pickle")
    except OSError:
        Path(temp).unlink(missing_ok=True)
        return
    entries = sorted(directory.glob("*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in entries[KEEP_ENTRIES:]:
        old.unlink(missing_ok=True)
