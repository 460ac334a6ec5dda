"""Guarantees of the dictionary cache and of extra dictionary directories: a warm start loads
the compiled public lists instead of rebuilding them, any change to a list rebuilds, the user's
own lists never reach the cache, and the cache is private to its owner."""

from __future__ import annotations

import os
import pickle
import stat
import subprocess
import sys
import weakref
from pathlib import Path

import pytest

from deid_cli.detection.detector import Detector
from deid_cli.detection.lexicon.cache import load_public_lexicon
from deid_cli.detection.lexicon.lexicon import PublicLexicon
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.runtime.config import load_settings
from deid_cli.runtime.user_files import ConfigError

INVENTED = "Zirbleitner"


def masked(lexicon, text: str) -> list[str]:
    return [text[s.start : s.end] for s in Detector(lexicon).detect(text).spans]


def test_second_load_comes_from_the_cache_and_equals_the_build(tmp_path: Path) -> None:
    built, first = load_public_lexicon(cache_dir=tmp_path)
    cached, second = load_public_lexicon(cache_dir=tmp_path)
    assert (first.source, second.source) == ("built", "cache")
    assert first.key == second.key
    assert cached.common == built.common and cached.near_common_index == built.near_common_index
    words = ["anna", "mueller", "müller", "koch", "gewicht", INVENTED.lower(), "anna-lena", ""]
    assert [w in cached.name_words for w in words] == [w in built.name_words for w in words]
    assert [w in cached.first_names for w in words] == [w in built.first_names for w in words]
    assert "anna" in cached.first_names and "mueller" in cached.name_words


def test_changing_a_dictionary_file_rebuilds(tmp_path: Path) -> None:
    extra = tmp_path / "dicts"
    extra.mkdir()
    (extra / "surnames.txt").write_text("Hofbrunninger\n", encoding="utf-8")
    _, first = load_public_lexicon([extra], cache_dir=tmp_path / "cache")
    (extra / "surnames.txt").write_text(f"Hofbrunninger\n{INVENTED}\n", encoding="utf-8")
    public, second = load_public_lexicon([extra], cache_dir=tmp_path / "cache")
    assert second.source == "built" and second.key != first.key
    assert INVENTED.lower() in public.name_words


def test_changing_the_place_prefix_words_in_code_rebuilds(tmp_path: Path, monkeypatch) -> None:
    # The place index is built with place_index.PREFIX_WORDS: a cache made before they changed
    # would hold the old prefixes ("Welsch Zirbl" read as one word and a stray one).
    from deid_cli.detection.lexicon import cache

    _, first = load_public_lexicon(cache_dir=tmp_path)
    monkeypatch.setattr(cache, "PREFIX_WORDS", cache.PREFIX_WORDS | {"zirbleitner"})
    _, second = load_public_lexicon(cache_dir=tmp_path)
    assert second.source == "built" and second.key != first.key


def test_no_cache_builds_and_writes_nothing(tmp_path: Path) -> None:
    _, report = load_public_lexicon(cache_dir=tmp_path / "cache", use_cache=False)
    assert report.source.startswith("built")
    assert not (tmp_path / "cache").exists()


def test_user_lists_never_reach_the_cache(tmp_path: Path) -> None:
    patients = tmp_path / "patients.txt"
    patients.write_text(f"{INVENTED}\n", encoding="utf-8")
    corrections = tmp_path / "c.toml"
    corrections.write_text('mask = [{text = "Quendelhofer", type = "PAT"}]\n', encoding="utf-8")
    cache = tmp_path / "cache"
    lexicon = build_lexicon(
        DictionaryOptions(patients=[patients], corrections=[corrections]), use_cache=True, cache_dir=cache
    )
    assert masked(lexicon, f"{INVENTED} kommt") == [INVENTED]
    blobs = b"".join(p.read_bytes() for p in cache.iterdir())
    assert INVENTED.lower().encode() not in blobs and INVENTED.encode() not in blobs
    assert b"quendelhofer" not in blobs


def test_cache_directory_and_files_are_owner_only(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    load_public_lexicon(cache_dir=cache)
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    for entry in cache.iterdir():
        assert stat.S_IMODE(entry.stat().st_mode) == 0o600


def test_cache_directory_writable_by_others_is_not_used(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    os.chmod(cache, 0o777)
    _, report = load_public_lexicon(cache_dir=cache)
    assert report.source == "built (cache unavailable)"
    assert list(cache.iterdir()) == []


def test_corrupt_or_foreign_cache_file_is_ignored_and_replaced(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _, report = load_public_lexicon(cache_dir=cache)
    entry = cache / f"{report.key}.pickle"
    entry.write_bytes(b"not a pickle")
    _, again = load_public_lexicon(cache_dir=cache)
    assert again.source == "built"
    entry.write_bytes(pickle.dumps({"not": "a lexicon"}))
    public, third = load_public_lexicon(cache_dir=cache)
    assert third.source == "built" and isinstance(public, PublicLexicon)


def test_dict_dir_names_are_masked_bare(tmp_path: Path) -> None:
    extra = tmp_path / "dicts"
    extra.mkdir()
    (extra / "surnames.txt").write_text(f"{INVENTED}\n", encoding="utf-8")
    plain = build_lexicon(DictionaryOptions())
    assert masked(plain, f"{INVENTED} kommt morgen") == []
    assert masked(build_lexicon(DictionaryOptions(), [extra]), f"{INVENTED} kommt morgen") == [INVENTED]


def test_missing_dict_dir_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="dictionary directory not found"):
        build_lexicon(DictionaryOptions(), [tmp_path / "missing"])


def test_deid_toml_sets_dictionary_directories_relative_to_itself(tmp_path: Path) -> None:
    (tmp_path / "dicts").mkdir()
    config = tmp_path / "deid.toml"
    config.write_text('[run]\ndict_dir = "dicts"\ncache = false\n', encoding="utf-8")
    settings = load_settings(config)
    assert settings.dict_dirs == [(tmp_path / "dicts").resolve()]
    assert settings.cache is False


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("[run]\ndict_dirs = 'x'\n", "unknown setting"),
        ("[other]\nx = 1\n", "only a \\[run\\] table"),
        ("[run]\ncache = 'yes'\n", "cache must be true or false"),
        ("[run\n", "1: invalid TOML"),
    ],
)
def test_bad_deid_toml_is_a_config_error_naming_the_file(tmp_path: Path, content: str, message: str) -> None:
    config = tmp_path / "deid.toml"
    config.write_text(content, encoding="utf-8")
    with pytest.raises(ConfigError, match=message) as error:
        load_settings(config)
    assert str(config) in str(error.value)


def test_cli_dict_dir_and_verbose_report_without_names(deid, workdir: Path) -> None:
    (workdir / "dicts").mkdir()
    (workdir / "dicts" / "surnames.txt").write_text(f"{INVENTED}\n", encoding="utf-8")
    (workdir / "in.jsonl").write_text(f'{{"id": 1, "text": "{INVENTED} kommt"}}\n', encoding="utf-8")
    first = deid("run", "in.jsonl", "-o", "out.jsonl", "--dict-dir", "dicts", "--verbose", "--quiet")
    assert first.exit_code == 0, first.output
    assert "dictionaries: built" in first.stderr
    second = deid("run", "in.jsonl", "-o", "out.jsonl", "--dict-dir", "dicts", "--verbose", "--quiet")
    assert "dictionaries: cache" in second.stderr
    assert INVENTED not in (workdir / "out.jsonl").read_text(encoding="utf-8")
    assert INVENTED not in first.output + second.output


def test_cli_missing_dict_dir_exits_2(deid, workdir: Path) -> None:
    (workdir / "in.jsonl").write_text('{"id": 1, "text": "x"}\n', encoding="utf-8")
    result = deid("run", "in.jsonl", "-o", "out.jsonl", "--dict-dir", "nope")
    assert result.exit_code == 2
    assert "nope" in result.stderr


def test_cli_reads_deid_toml_from_the_working_directory(deid, workdir: Path) -> None:
    (workdir / "dicts").mkdir()
    (workdir / "dicts" / "surnames.txt").write_text(f"{INVENTED}\n", encoding="utf-8")
    (workdir / "deid.toml").write_text('[run]\ndict_dir = ["dicts"]\n', encoding="utf-8")
    (workdir / "in.jsonl").write_text(f'{{"id": 1, "text": "{INVENTED} kommt"}}\n', encoding="utf-8")
    result = deid("run", "in.jsonl", "-o", "out.jsonl", "--quiet")
    assert result.exit_code == 0, result.output
    assert INVENTED not in (workdir / "out.jsonl").read_text(encoding="utf-8")


def test_a_dropped_lexicon_is_freed_as_usual(tmp_path: Path) -> None:
    """A long-lived process (a server, the test suite) does not accumulate lexicons."""
    lexicon = build_lexicon(DictionaryOptions(), use_cache=True, cache_dir=tmp_path)
    alive = weakref.ref(lexicon.public)
    del lexicon
    assert alive() is None


# In a fresh interpreter: what the exit hook does to the lexicon a command loaded last.
_EXIT_CHILD = """
import sys
from pathlib import Path
from deid_cli.detection.lexicon import loading
lexicon = loading.build_lexicon(loading.DictionaryOptions(), use_cache=True, cache_dir=Path(sys.argv[1]))
before = sys.getrefcount(lexicon.public)
loading._keep_exit_public()
print(sys.getrefcount(lexicon.public) - before)
"""


def test_the_last_lexicon_is_left_to_the_system_at_exit(tmp_path: Path) -> None:
    """Kept referenced for good, so the interpreter's shutdown does not free it piece by piece."""
    child = subprocess.run(
        [sys.executable, "-c", _EXIT_CHILD, str(tmp_path)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert child.stdout.split() == ["1"]
