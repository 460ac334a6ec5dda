"""The local engine: two streaming passes over the corpus in this process.

Pass 1 validates every record, learns the references proven by context and counts the
quasi-identifiers left after masking (``risk.py``); pass 2 detects again (now also matching
learned names), pseudonymizes, rates each note's re-identification risk (when --stats or
--spans will show it) and writes; with --no-learn, pass 1 runs only for those risk counts.
Neither pass holds the corpus: memory grows with distinct references only. All outputs
(corpus files, stats, spans) become visible together, by rename, only when everything
succeeded.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import orjson

from ..corpus import (
    AtomicOutputs,
    CorpusFile,
    InputError,
    Record,
    Rejected,
    UsageError,
    discover_inputs,
    output_paths,
)
from ..date_policy import DatePolicy
from ..detect import Detector
from ..normalize import fold
from ..pipeline import NameLearner
from ..pseudonyms import Pseudonymizer, pseudonymize
from ..risk import CorpusRisk, group_key
from ..spans import HCP, PAT, Span
from ..stats import RunStats
from ..strategies import Strategy, make_strategy
from ..text import count_tokens

_NAME_TOKEN = re.compile(r"[^\W\d_]{2,}")
Progress = Callable[[str, int, int | None], None]  # (phase, records done, total or None)


@dataclass(slots=True)
class RunOptions:
    text_fields: list[str] = field(default_factory=lambda: ["text"])
    id_field: str = "id"
    delimiter: str | None = None
    on_error: str = "fail"
    vote: str = "first"
    learn: bool = True
    seed: int | None = None
    strategy: str = "tag"
    dates: str = "mask"
    group_field: str | None = None
    known_fields: list[str] = field(default_factory=list)
    known_hcp_fields: list[str] = field(default_factory=list)
    drop_fields: list[str] = field(default_factory=list)

    @property
    def extra_fields(self) -> list[str]:
        """Fields read beside the text: known names and the date-shift group."""
        group = [self.group_field] if self.group_field else []
        return list(dict.fromkeys([*self.known_fields, *self.known_hcp_fields, *group]))

    def known_names(self, record: Record) -> list[tuple[str, str]]:
        """The record's own names with the type their column gives them."""
        return [(record.extras[f], PAT) for f in self.known_fields if f in record.extras] + [
            (record.extras[f], HCP) for f in self.known_hcp_fields if f in record.extras
        ]

    stats_path: Path | None = None
    spans_path: Path | None = None


def _noop(_phase: str, _done: int, _total: int | None) -> None:
    return None


class LocalEngine:
    """Runs one corpus through detection and pseudonymization."""

    def __init__(
        self,
        detector: Detector,
        options: RunOptions,
        progress: Progress = _noop,
        on_reject: Callable[[Rejected], None] | None = None,
    ) -> None:
        self.detector = detector
        self.options = options
        self.progress = progress
        self.on_reject = on_reject

    def _files(self, inputs: list[Path]) -> list[CorpusFile]:
        opts = self.options
        return [
            CorpusFile(
                p,
                opts.text_fields,
                opts.id_field,
                opts.delimiter,
                extra_fields=opts.extra_fields,
                drop_fields=opts.drop_fields,
            )
            for p in discover_inputs(inputs)
        ]

    def run(self, inputs: list[Path], output: Path) -> RunStats:
        files = self._files(inputs)
        destinations = output_paths([f.path for f in files], inputs, output)
        self._check_side_outputs(files, destinations)
        stats = RunStats()
        detector = self.detector
        total: int | None = None  # records, for the progress bar: known only after pass 1
        # Risk levels are only written to --stats and --spans, so they cost nothing otherwise.
        # They need corpus-wide counts: pass 1, which --no-learn then runs for them alone.
        wants_risk = self.options.stats_path is not None or self.options.spans_path is not None
        risk = CorpusRisk(self.detector.lexicon) if wants_risk else None
        if self.options.learn or risk is not None:
            learner, total = self._learn(files, risk)
            if self.options.learn:
                detector, stats.learned_references = learner.detector(self.detector)
        self._write(files, destinations, detector, stats, total, risk)
        stats.finish()
        return stats

    def _check_side_outputs(self, files: list[CorpusFile], destinations: dict[Path, Path]) -> None:
        """--stats and --spans must not overwrite an input, a corpus output or each other."""
        taken = {p.resolve(): "an input file" for p in (f.path for f in files)}
        taken.update({p.resolve(): "a corpus output" for p in destinations.values()})
        for option, path in (("--stats", self.options.stats_path), ("--spans", self.options.spans_path)):
            if path is None:
                continue
            clash = taken.get(path.resolve())
            if clash is not None:
                raise UsageError(f"{option} {path} would overwrite {clash}")
            taken[path.resolve()] = f"the {option} file"

    def _group(self, record: Record) -> str:
        """Whose note this is, for risk: the --group-field value, else the record itself."""
        return group_key(record, self.options.group_field)

    def _learn(self, files: list[CorpusFile], risk: CorpusRisk | None) -> tuple[NameLearner, int]:
        """Pass 1: validate everything, learn names proven by context and count the
        quasi-identifiers left unmasked; also count records."""
        learner = NameLearner(self.detector.lexicon)
        phase = "learning" if self.options.learn else "counting"
        done = 0
        for corpus_file in files:
            for item in corpus_file:
                if isinstance(item, Rejected):
                    if self.options.on_error == "fail":
                        raise InputError(item.path, item.line, item.reason)
                    continue
                if isinstance(item, Record):
                    known = self.options.known_names(item)
                    group = self._group(item)
                    for text in item.texts.values():
                        detection = self.detector.detect(text, known)
                        learner.observe(text, detection.proven)
                        if risk is not None:
                            risk.observe(text, detection.spans, group)
                    done += 1
                    if done % 256 == 0:
                        self.progress(phase, done, None)
        self.progress(phase, done, None)
        return learner, done

    def _write(
        self,
        files: list[CorpusFile],
        destinations: dict[Path, Path],
        detector: Detector,
        stats: RunStats,
        total: int | None,
        risk: CorpusRisk | None,
    ) -> None:
        """Pass 2: detect, pseudonymize, write every output atomically."""
        pseudonymizer = Pseudonymizer(self.options.seed)
        strategy = make_strategy(self.options.strategy, seed=self.options.seed)
        dates = DatePolicy(self.options.dates, seed=self.options.seed)
        several_fields = len(self.options.text_fields) > 1
        with AtomicOutputs() as outputs:
            spans_out = outputs.open(self.options.spans_path) if self.options.spans_path else None
            for corpus_file in files:
                out = outputs.open(destinations[corpus_file.path])
                out.write(corpus_file.preamble())
                for item in corpus_file:
                    if isinstance(item, bytes):
                        out.write(item)
                        continue
                    if isinstance(item, Rejected):
                        stats.records_read += 1
                        self._rejected(item, stats)
                        continue
                    stats.records_read += 1
                    known = self.options.known_names(item)
                    group = item.extras.get(self.options.group_field or "", "")
                    replace = dates.replacer(strategy.replace, str(group))
                    risk_group = self._group(item)
                    new_texts: dict[str, str] = {}
                    for name, text in item.texts.items():
                        spans = detector.detect(text, known).spans
                        new_texts[name], codes = pseudonymize(text, spans, pseudonymizer, replace)
                        stats.add_note(spans, count_tokens(text), codes)
                        level = risk.assess(text, spans, risk_group).level if risk is not None else None
                        if level is not None:
                            stats.add_risk(level)
                        if spans_out is not None:
                            field_name = name if several_fields else None
                            spans_out.write(_spans_line(item.id, field_name, spans, level))
                    new_extras = self._mask_known_fields(item, pseudonymizer, strategy)
                    out.write(corpus_file.render(item, new_texts, new_extras))
                    stats.records_written += 1
                    if stats.records_read % 256 == 0:
                        self.progress("pseudonymizing", stats.records_read, total)
            self.progress("pseudonymizing", stats.records_read, total)
            stats.finish()
            if self.options.stats_path:
                outputs.open(self.options.stats_path).write(
                    orjson.dumps(stats.to_dict(), option=orjson.OPT_INDENT_2) + b"\n"
                )
            outputs.commit()

    def _mask_known_fields(
        self, record: Record, pseudonymizer: Pseudonymizer, strategy: Strategy
    ) -> dict[str, str]:
        """The known name columns themselves, with the pseudonyms their tokens get in the text."""
        masked: dict[str, str] = {}
        for column, etype in [(f, PAT) for f in self.options.known_fields] + [
            (f, HCP) for f in self.options.known_hcp_fields
        ]:
            value = record.extras.get(column)
            if not isinstance(value, str) or column in self.options.drop_fields:
                continue
            spans = [
                Span(m.start(), m.end(), etype, "KnownIdentifier", fold(m.group()))
                for m in _NAME_TOKEN.finditer(value)
            ]
            masked[column] = pseudonymize(value, spans, pseudonymizer, strategy.replace)[0]
        return masked

    def _rejected(self, item: Rejected, stats: RunStats) -> None:
        if self.options.on_error == "fail":
            raise InputError(item.path, item.line, item.reason)
        stats.reject(item.path, item.line, item.reason)
        if self.on_reject is not None:
            self.on_reject(item)


def _spans_line(record_id: str, field_name: str | None, spans: list[Span], risk: str | None) -> bytes:
    row: dict = {"id": record_id}
    if field_name is not None:
        row["field"] = field_name
    if risk is not None:
        row["risk"] = risk
    row["spans"] = [{"start": s.start, "end": s.end, "type": s.type, "masker": s.masker} for s in spans]
    return orjson.dumps(row) + b"\n"
