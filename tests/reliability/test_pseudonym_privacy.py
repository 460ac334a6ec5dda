"""What replaces a name tells nothing about it: pseudonym codes do not depend on the name,
surrogates are never the original (nor made of its words), and the --spans file holds offsets,
never the strings. All names are invented (``planted.py``) or come from deid's public pools."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from deid_cli.detection.maskers import MASKERS
from deid_cli.detection.normalize import fold
from deid_cli.detection.spans import ALPHABET, CODE_LENGTH, ENTITY_TYPES
from deid_cli.pseudonyms.surrogates import SurrogateGenerator, load_pools
from deid_cli.pseudonyms.table import Pseudonymizer

from .planted import LEAK_MARKERS, NOTES, markers_in, records, write_jsonl

POOLS = load_pools()
CODE = re.compile(rf"[{ALPHABET}]{{{CODE_LENGTH}}}")
TAG = re.compile(r"\[([A-Z]+)-([^\]]*)\]")
NAME_WORD = re.compile(r"[^\W\d_]+")

references = st.text(min_size=1, max_size=30)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(references, references), min_size=1, max_size=30, unique_by=lambda p: p[0]),
    st.integers(),
)
def test_codes_are_drawn_from_the_alphabet_and_do_not_depend_on_the_name(
    pairs: list[tuple[str, str]], seed: int
) -> None:
    first = [a for a, _ in pairs]
    # Other names in the same order (distinct like the first ones): the same codes must come out.
    second = [f"{b}-{index}" for index, (_, b) in enumerate(pairs)]
    one, other = Pseudonymizer(seed), Pseudonymizer(seed)
    codes_first = [one.code(r) for r in first]
    codes_second = [other.code(r) for r in second]
    assert codes_first == codes_second
    assert all(CODE.fullmatch(code) for code in codes_first)
    assert len(set(codes_first)) == len(first)  # one code per reference, no collision


def test_masked_corpus_is_identical_whatever_names_it_held(
    deid: Callable, workdir: Path, read_jsonl: Callable
) -> None:
    other = {
        "Hadmar": "Trautgundis",
        "Moosbichler": "Gschwendtreiter",
        "Pfaffenstaller": "Hinterkircher",
        "Ederkogler": "Laimgruber",
        "Zirbenhofgasse": "Kogelbauerweg",
        "7391852": "5820417",
        "482761": "903152",
        "lindmoser-mail": "fraxner-post",
    }
    assert set(other) == set(LEAK_MARKERS)
    rows = records(copies=2)
    swapped = json.dumps(rows, ensure_ascii=False)
    for old, new in other.items():
        swapped = swapped.replace(old, new)
    write_jsonl(workdir / "a.jsonl", rows)
    write_jsonl(workdir / "b.jsonl", json.loads(swapped))
    for name in ("a", "b"):
        args = ("run", f"{name}.jsonl", "-o", f"{name}.out.jsonl", "--known-field", "patient_name")
        assert deid(*args, "--seed", "11", "--workers", "1", "-q").exit_code == 0
    masked = (workdir / "a.out.jsonl").read_bytes()
    assert masked == (workdir / "b.out.jsonl").read_bytes()
    assert markers_in(masked) == [] and not any(new.encode() in masked for new in other.values())
    tags = [m for row in read_jsonl(workdir / "a.out.jsonl") for m in TAG.findall(row["text"])]
    assert len(tags) >= 10
    assert all(kind in ENTITY_TYPES and CODE.fullmatch(code) for kind, code in tags)


# ------------------------------------------------------------------------------ surrogates

# Titles and salutations that are names too ("Bruder") stay as written before a name: not drawn.
SURNAMES = [w for w in POOLS.surnames if w not in POOLS.title_words]
pool_word = st.sampled_from(
    [*SURNAMES, *(w for w in (*POOLS.given["f"], *POOLS.given["m"]) if w not in POOLS.title_words)]
)
invented_word = st.sampled_from(["Moosbichler", "Pfaffenstaller", "Ederkogler", "Gschwendtreiter", "Hadmar"])
name = st.lists(st.one_of(pool_word, invented_word), min_size=1, max_size=3).map(" ".join)


def assert_never_the_name_nor_its_words(generator: SurrogateGenerator, names: list[tuple[str, str]]) -> None:
    for original, kind in names:
        surrogate = generator.surrogate(original, kind)
        assert fold(surrogate) != fold(original)
        own = {fold(w) for w in NAME_WORD.findall(original)}
        assert not own & {fold(w) for w in NAME_WORD.findall(surrogate)}, (original, surrogate)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(name, st.sampled_from(["PAT", "HCP", "PER"])), min_size=1, max_size=12), st.integers()
)
def test_a_name_surrogate_is_never_the_name_nor_made_of_its_words(
    names: list[tuple[str, str]], seed: int
) -> None:
    # One generator for all names, as in one run: earlier names shape the later ones.
    assert_never_the_name_nor_its_words(SurrogateGenerator(seed, pools=POOLS), names)


@st.composite
def small_pool_and_names(draw: st.DrawFn) -> tuple[tuple[str, ...], list[tuple[str, str]]]:
    """A pool of 2-5 surnames and names made only of them: surrogates must come from the very
    words the names are made of, the hardest case for "never the original"."""
    pool = tuple(draw(st.lists(st.sampled_from(SURNAMES[:2000]), min_size=2, max_size=5, unique=True)))
    words = st.lists(st.sampled_from(pool), min_size=1, max_size=3).map(" ".join)
    return pool, draw(st.lists(st.tuples(words, st.just("PAT")), min_size=1, max_size=8))


@settings(max_examples=300, deadline=None)
@given(small_pool_and_names(), st.integers())
def test_with_a_tiny_pool_a_surrogate_is_still_never_the_name_nor_made_of_its_words(
    pool_and_names: tuple[tuple[str, ...], list[tuple[str, str]]], seed: int
) -> None:
    pool, names = pool_and_names
    tiny = replace(POOLS, surnames=pool, given={"m": (), "f": (), "u": ()}, genders={})
    assert_never_the_name_nor_its_words(SurrogateGenerator(seed, pools=tiny), names)


digits = st.text(alphabet="0123456789", min_size=3, max_size=8)
contact = st.one_of(
    st.tuples(st.just("PHO"), st.builds(lambda a, b: f"0664 {a}{b}", digits, digits)),
    st.tuples(st.just("PHO"), st.builds(lambda a: f"+43 316 {a}", digits)),
    st.tuples(
        st.just("MAI"),
        st.builds(lambda a, b: f"{a.lower()}.{b.lower()}@lindmoser-mail.at", pool_word, pool_word),
    ),
    st.tuples(st.just("ADD"), st.builds(lambda a, n: f"{a}gasse {n}", pool_word, st.integers(1, 300))),
    st.tuples(st.just("ZIP"), st.sampled_from([code for code, _ in POOLS.postcodes_at[:500]])),
    st.tuples(st.just("LOC"), st.sampled_from(POOLS.places[:500])),
    st.tuples(st.just("SIT"), st.builds(lambda p: f"Klinikum {p}", st.sampled_from(POOLS.places[:500]))),
    st.tuples(st.just("WEB"), st.builds(lambda a: f"www.{a.lower()}.at", pool_word)),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(contact, min_size=1, max_size=12), st.integers())
def test_contact_and_place_surrogates_are_never_the_original(items: list[tuple[str, str]], seed: int) -> None:
    generator = SurrogateGenerator(seed, pools=POOLS)
    for kind, original in items:
        assert fold(generator.surrogate(original, kind)) != fold(original), (kind, original)


def test_two_names_mapped_onto_each_other_are_redacted_rather_than_swapped() -> None:
    # With only these two surnames to draw from, "Huber Gruber" could only become "Gruber Huber".
    tiny = replace(POOLS, surnames=("Huber", "Gruber"), given={"m": (), "f": (), "u": ()}, genders={})
    assert SurrogateGenerator(1, pools=tiny).surrogate("Huber Gruber", "PAT") == "[PAT]"
    generator = SurrogateGenerator(1, pools=tiny)
    generator.surrogate("Huber", "PAT")  # Huber -> Gruber, the only other name
    assert generator.surrogate("Gruber Huber", "PAT") == "[PAT]"


def test_a_title_that_is_also_a_surname_is_replaced_after_a_given_name() -> None:
    assert "Pfleger" in POOLS.title_names and "Pfleger" in POOLS.surnames
    surrogate = SurrogateGenerator(3, pools=POOLS).surrogate("Anna Pfleger", "PAT")
    assert "Pfleger" not in surrogate and "Anna" not in surrogate
    # Before the name it stays a title, and the name's surrogate is not that word either.
    tiny = replace(POOLS, surnames=("Moosbichler", "Bruder"), given={"m": (), "f": (), "u": ()}, genders={})
    assert SurrogateGenerator(3, pools=tiny).surrogate("Bruder Moosbichler", "PAT") == "[PAT]"


# ------------------------------------------------------------------------------ the spans file


def test_spans_file_holds_offsets_types_and_maskers_never_the_strings(
    deid: Callable, workdir: Path, read_jsonl: Callable
) -> None:
    write_jsonl(workdir / "notes.jsonl", records())
    args = (
        "run",
        "notes.jsonl",
        "-o",
        "out.jsonl",
        "--spans",
        "spans.jsonl",
        "--known-field",
        "patient_name",
    )
    assert deid(*args, "--workers", "1", "-q").exit_code == 0
    assert markers_in((workdir / "spans.jsonl").read_bytes()) == []
    rows = read_jsonl(workdir / "spans.jsonl")
    assert [row["id"] for row in rows] == ["n0-0", "n0-1", "n0-2"]
    for row, text in zip(rows, NOTES, strict=True):
        assert set(row) <= {"id", "risk", "spans"}
        assert row["spans"], "every planted note has spans"
        for span in row["spans"]:
            assert set(span) == {"start", "end", "type", "masker"}
            assert 0 <= span["start"] < span["end"] <= len(text)
            assert span["type"] in ENTITY_TYPES and span["masker"] in MASKERS
