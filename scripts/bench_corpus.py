"""Benchmark corpora shaped like the Masketeer paper's notes (for scripts/bench.py).

Why a shaping step on top of make_synthetic.py: its notes already match the paper's length
distribution in the middle (median ~22 tokens, mean ~35) and carry ~1.3 pseudonymizations
per note, but their tail stops near 300 tokens while the paper's reaches 600. So one note in
a thousand (at least one) is replaced by a long report: consecutive notes of the same
synthetic world joined until the report reaches its target length, then cut at a token end.
The targets spread evenly from 600 down to 350 tokens, so every corpus has a 600-token note.

Tokens are counted as ``deid run --stats`` counts them (``deid_cli.detection.text.count_tokens``).
Everything is a pure function of (notes, seed) and the generator's sources; files are cached
under a name that includes a hash of those sources, so a changed generator never reuses an
old file.
"""

from __future__ import annotations

import hashlib
import os
import random
import re
import statistics
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path

import make_synthetic
import orjson
import synthetic

from deid_cli.detection.text import count_tokens

MAX_TOKENS = 600
LONG_TAIL_MIN_TOKENS = 350
LONG_NOTE_SHARE = 0.001
_WORD = re.compile(r"\w+")
# The generator's sources: its entry point and every module of its package (scripts/synthetic/).
_SOURCES = (
    Path(make_synthetic.__file__),
    *sorted(Path(synthetic.__file__).parent.glob("*.py")),
    Path(__file__),
)


@dataclass(frozen=True, slots=True)
class CorpusShape:
    """Length statistics of a corpus, in deid's tokens; no note content."""

    notes: int
    bytes: int
    median_tokens: float
    mean_tokens: float
    max_tokens: int
    share_over_100_tokens: float

    def to_dict(self) -> dict[str, float | int]:
        return asdict(self)


@cache
def _name_pools() -> make_synthetic.NamePools:
    """The generator's name pools (built once per process: it takes about 1.5 s)."""
    excluded = make_synthetic.load_exclusions(make_synthetic.DEFAULT_DICT_DIR)
    return make_synthetic.build_name_pools(excluded)


def truncate_tokens(text: str, limit: int) -> str:
    """``text`` cut right after its ``limit``-th token (unchanged if it has fewer)."""
    for index, match in enumerate(_WORD.finditer(text), start=1):
        if index == limit:
            return text[: match.end()]
    return text


def long_note_targets(notes: int) -> list[int]:
    """Token targets of the long reports: evenly from 600 down to 350, one per 1,000 notes."""
    count = max(1, round(notes * LONG_NOTE_SHARE)) if notes else 0
    if count <= 1:
        return [MAX_TOKENS] * count
    step = (MAX_TOKENS - LONG_TAIL_MIN_TOKENS) / (count - 1)
    return [round(MAX_TOKENS - i * step) for i in range(count)]


def _joined_until(source: Iterator[str], target: int) -> str:
    """Notes from ``source`` joined by line breaks until ``target`` tokens, cut there."""
    parts: list[str] = []
    tokens = 0
    while tokens < target:
        text = next(source)
        parts.append(text)
        tokens += count_tokens(text)
    return truncate_tokens("\n".join(parts), target)


def _note_texts(notes: int, seed: int) -> Iterator[str]:
    composer = make_synthetic.Composer(random.Random(seed), _name_pools(), max(notes, 1))
    index = 0
    while True:
        yield composer.note(index).text
        index += 1


def paper_shaped_texts(notes: int, seed: int) -> Iterator[str]:
    """``notes`` note texts: make_synthetic's notes with the long tail added (see module doc)."""
    source = _note_texts(notes, seed)
    targets = long_note_targets(notes)
    positions = dict(
        zip(sorted(random.Random(seed + 1).sample(range(notes), len(targets))), targets, strict=True)
    )
    for index in range(notes):
        target = positions.get(index)
        yield next(source) if target is None else _joined_until(source, target)


def fixed_length_texts(notes: int, tokens: int, seed: int) -> Iterator[str]:
    """``notes`` texts of exactly ``tokens`` tokens each, for the note-length scaling."""
    source = _note_texts(notes * max(1, tokens // 20), seed)
    for _ in range(notes):
        yield _joined_until(source, tokens)


def _sources_digest() -> str:
    digest = hashlib.sha256()
    for path in _SOURCES:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:10]


def write_corpus(path: Path, texts: Iterator[str]) -> Path:
    """Write ``{"id", "text"}`` lines atomically (temp file, then rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".part")
    with partial.open("wb") as out:
        for index, text in enumerate(texts, start=1):
            out.write(orjson.dumps({"id": f"bench-{index:07d}", "text": text}) + b"\n")
    os.replace(partial, path)
    return path


def paper_shaped_corpus(directory: Path, notes: int, seed: int) -> Path:
    """The cached paper-shaped corpus of ``notes`` notes (generated on first use)."""
    path = directory / f"paper-n{notes}-s{seed}-{_sources_digest()}.jsonl"
    return path if path.exists() else write_corpus(path, paper_shaped_texts(notes, seed))


def fixed_length_corpus(directory: Path, notes: int, tokens: int, seed: int) -> Path:
    """The cached corpus of ``notes`` notes of exactly ``tokens`` tokens."""
    path = directory / f"length{tokens}-n{notes}-s{seed}-{_sources_digest()}.jsonl"
    return path if path.exists() else write_corpus(path, fixed_length_texts(notes, tokens, seed))


def read_texts(path: Path, field: str = "text") -> list[str]:
    """The text field of every JSONL record (records without it are skipped)."""
    with path.open("rb") as lines:
        records = (orjson.loads(line) for line in lines if line.strip())
        return [r[field] for r in records if isinstance(r.get(field), str)]


def shape_of(path: Path, field: str = "text") -> CorpusShape:
    """Token statistics of a JSONL corpus."""
    lengths = [count_tokens(text) for text in read_texts(path, field)]
    if not lengths:
        return CorpusShape(0, path.stat().st_size, 0.0, 0.0, 0, 0.0)
    return CorpusShape(
        notes=len(lengths),
        bytes=path.stat().st_size,
        median_tokens=float(statistics.median(lengths)),
        mean_tokens=round(statistics.fmean(lengths), 2),
        max_tokens=max(lengths),
        share_over_100_tokens=round(sum(n > 100 for n in lengths) / len(lengths), 4),
    )
