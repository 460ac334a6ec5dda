"""The ``deid eval`` command: run the pipeline over an annotated JSONL file and score it.

Registered in ``deid_cli/cli.py`` (``COMMANDS``) as ``eval`` with ``EVAL_EPILOG``.
The metrics and their definitions are in ``deid_cli/evaluate.py``. Output holds counts and
rates only, never note text, gold strings or record ids. Exit statuses: 0 ok, 1 bad gold file
(file:line and reason on stderr), 2 usage error (bad option, unknown gold labels, unusable
label map or dictionary directory).
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import orjson
import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from deid_cli.commands.options import (
    EXIT_USAGE,
    Ages,
    Cache,
    ConfigFile,
    DictDirs,
    Learn,
    Vote,
    exit_on_input_errors,
    load_lexicon_or_exit,
    warn_about_inputs,
)
from deid_cli.corpus.discovery import CSV_SUFFIXES, discover_inputs
from deid_cli.corpus.records import InputError, UsageError
from deid_cli.detection.spans import ENTITY_TYPES
from deid_cli.reports.evaluation import (
    DEFAULT_TYPES,
    EXTRA_TYPES,
    Entity,
    GoldError,
    GoldNote,
    LabelMapError,
    ScoredNote,
    effective_label_map,
    evaluate,
    label_map_from_object,
    map_gold,
    parse_gold,
    parse_types,
    unknown_labels,
)
from deid_cli.runtime.config import AgeMode, VoteMode
from deid_cli.runtime.messages import complain
from deid_cli.runtime.user_files import SETTINGS_LIMIT, ConfigError, read_limited

if TYPE_CHECKING:
    from deid_cli.detection.detector import Detector

SCHEMA = "deid-eval/1"

EVAL_EPILOG = """
[b]Examples[/b]

  deid eval grascco_dev.jsonl

  deid eval gold.jsonl --types all --json > scores.json

  deid eval gold.jsonl --label-map labels.toml --types PAT,HCP,PER --no-learn

[b]Gold format[/b]: JSONL, {"id": ..., "text": ..., "gold": \\[\\[start, end, label], ...]}, end exclusive.

GraSCCo labels and deid's types are built in; --label-map (label = "TYPE" or "IGNORE") adds to them.

[b]Exit statuses[/b]: 0 ok, 1 bad gold file (file:line and reason, never its content), 2 usage error.

Usage errors: a bad option, unknown gold labels, an unusable label map. Output never contains note text.
"""


def load_label_map(path: Path) -> dict[str, str]:
    """A user label map from JSON or TOML (by suffix; otherwise JSON, then TOML)."""
    try:
        raw = read_limited(path, SETTINGS_LIMIT, "label maps").decode("utf-8-sig")
    except ConfigError as exc:
        raise LabelMapError(str(exc).removeprefix(f"{path}: ")) from None
    except UnicodeDecodeError:
        raise LabelMapError("not a readable UTF-8 file") from None
    # orjson has a depth limit; tomllib recurses, so a hostile nesting is a RecursionError.
    loaders = {".json": (orjson.loads,), ".toml": (tomllib.loads,)}.get(
        path.suffix.lower(), (orjson.loads, tomllib.loads)
    )
    for loader in loaders:
        try:
            data = loader(raw)
        except (ValueError, tomllib.TOMLDecodeError, RecursionError):
            continue
        return label_map_from_object(data)
    raise LabelMapError("neither valid JSON nor valid TOML")


# Only strings that look like label names are echoed: a malformed file could hold text there.
_LABEL_LIKE = re.compile(r"[A-Za-z][A-Za-z0-9_.:-]{0,39}")


def _label_list(labels: list[str]) -> str:
    shown = [label for label in labels if _LABEL_LIKE.fullmatch(label)]
    hidden = len(labels) - len(shown)
    if hidden:
        shown.append(f"and {hidden} that do not look like label names (not shown)")
    return ", ".join(shown)


def _read_gold(path: Path) -> list[GoldNote]:
    """The notes of one gold file; a malformed line is an input error naming file and line."""
    data = path.read_bytes()
    try:
        return parse_gold(line.rstrip(b"\r") for line in data.split(b"\n"))
    except GoldError as exc:
        raise InputError(path, exc.line, exc.reason) from None


def _predict(texts: list[str], detector: Detector, learn: bool) -> tuple[list[list[Entity]], int]:
    """Both passes of ``deid run`` over the whole file: learn, then detect."""
    from deid_cli.detection.learning import learn_from

    learned = 0
    if learn:
        detector, learned = learn_from(detector, texts)[:2]
    predictions = [[Entity(s.start, s.end, s.type) for s in detector.detect(text).spans] for text in texts]
    return predictions, learned


# --------------------------------------------------------------------------- options of eval

GoldFile = Annotated[
    Path,
    typer.Argument(
        metavar="GOLD.jsonl",
        help="Annotated JSONL file (id, text, gold), or a directory of them.",
    ),
]
LabelMapFile = Annotated[
    Path | None,
    typer.Option(
        "--label-map",
        exists=True,
        dir_okay=False,
        readable=True,
        help='JSON or TOML object: gold label -> deid type, or "IGNORE" (not PHI). Extends the '
        "built-in GraSCCo map. Default: the built-in map only.",
        metavar="FILE",
    ),
]
JsonOut = Annotated[
    bool, typer.Option("--json", help="Print the scores as JSON on stdout instead of tables.")
]
EvalTypes = Annotated[
    str,
    typer.Option(
        "--types",
        help=f"Types to evaluate: default ({' '.join(DEFAULT_TYPES)}), all (adds "
        f"{' '.join(EXTRA_TYPES)}), or a comma list such as PAT,HCP,PER.",
        metavar="TYPES",
    ),
]


def eval_command(
    gold: GoldFile,
    label_map: LabelMapFile = None,
    json_out: JsonOut = False,
    types: EvalTypes = "default",
    vote: Vote = VoteMode.first,
    learn: Learn = True,
    dict_dir: DictDirs = None,
    config: ConfigFile = None,
    cache: Cache = None,
    ages: Ages = AgeMode.over89,
) -> None:
    """Score deid against gold annotations: note-level table with 95 % intervals (the paper's
    Table 8), entity-level strict and relaxed precision/recall/F1/F2 per type (i2b2 2014 style),
    token-level scores and the count of gold strings left in the output.

    The pipeline runs as [b]deid run[/b] does (both passes over the whole file). Adjacent
    detected name tokens of one type ("Anna" "Gruber") are merged before entity matching.
    Definitions: see docs/evaluation.md.
    """
    from deid_cli.detection.detector import Detector
    from deid_cli.detection.lexicon.loading import DictionaryOptions

    mapping = effective_label_map(_label_map_or_exit(label_map))
    selected = _selected_types(types, mapping)
    notes = _read_gold_or_exit(gold)
    _exit_on_unknown_labels(gold, notes, mapping)
    lexicon = load_lexicon_or_exit(DictionaryOptions(), config, dict_dir, cache)
    texts = [note.text for note in notes]
    detector = Detector(
        lexicon, vote=vote.value, types=[t for t in selected if t in ENTITY_TYPES], ages=ages.value
    )
    predictions, learned = _predict(texts, detector, learn)
    scored, ignored = _scored_notes(notes, predictions, mapping)
    report: dict[str, Any] = {
        "schema": SCHEMA,
        "gold_file": str(gold),
        "settings": {"vote": vote.value, "learn": learn, "learned_references": learned},
        "ignored_labels": dict(sorted(ignored.items())),
        **evaluate(scored, selected),
    }
    if json_out:
        typer.echo(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print_report(Console(highlight=False), report)


def _label_map_or_exit(label_map: Path | None) -> dict[str, str]:
    """The user's --label-map entries (none without it); an unusable file is a usage error."""
    try:
        return load_label_map(label_map) if label_map is not None else {}
    except LabelMapError as exc:
        complain("error", f"{label_map}: {exc}")
        raise typer.Exit(EXIT_USAGE) from None


def _selected_types(types: str, mapping: dict[str, str]) -> tuple[str, ...]:
    """The types --types names; those the detector declares or the label map introduces count."""
    try:
        return parse_types(types, [*ENTITY_TYPES, *mapping.values()])
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--types") from None


def _read_gold_or_exit(gold: Path) -> list[GoldNote]:
    """The gold notes of ``gold`` (a file, or the JSONL files of a directory), found and read as
    every command reads its inputs: the same faults give the same messages and exit statuses,
    and a file without records is a warning (an empty evaluation), not a fault."""
    with exit_on_input_errors():
        paths = discover_inputs([gold])
        for path in paths:
            if path.suffix.lower() in CSV_SUFFIXES:
                raise UsageError(f"deid eval reads JSONL gold files (id, text, gold), not CSV: {path}")
        notes: list[GoldNote] = []
        for path in paths:
            found = _read_gold(path)
            if not found:
                warn_about_inputs([path], {})
            notes.extend(found)
        return notes


def _exit_on_unknown_labels(gold: Path, notes: list[GoldNote], mapping: dict[str, str]) -> None:
    """Gold labels that no map covers would be scored wrongly: a usage error naming them."""
    unknown = unknown_labels(notes, mapping)
    if unknown:
        complain(
            "error",
            f"{gold}: unknown gold label(s) {_label_list(unknown)}; map them with --label-map "
            '(label = "TYPE" or "IGNORE")',
        )
        raise typer.Exit(EXIT_USAGE)


def _scored_notes(
    notes: list[GoldNote], predictions: list[list[Entity]], mapping: dict[str, str]
) -> tuple[list[ScoredNote], dict[str, int]]:
    """Each note's mapped gold entities beside its predictions, and the ignored labels counted."""
    ignored: dict[str, int] = {}
    scored: list[ScoredNote] = []
    for note, predicted in zip(notes, predictions, strict=True):
        entities, ignored_here = map_gold(note, mapping)
        for label, count in ignored_here.items():
            ignored[label] = ignored.get(label, 0) + count
        scored.append(ScoredNote(note.text, entities, predicted))
    return scored, ignored


# ------------------------------------------------------------------------------------ tables

ENTITY_TABLES = (
    ("strict", "Entity level, strict (same boundaries and type; adjacent tokens merged)"),
    ("relaxed", "Entity level, relaxed (overlap and same type)"),
)


def _num(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def _counts_list(counts: dict[str, int]) -> str:
    return escape(", ".join(f"{key} {value}" for key, value in counts.items()))


def print_report(console: Console, report: dict[str, Any]) -> None:
    """The report as rich tables (counts and rates only)."""
    _print_header(console, report)
    _print_not_evaluated(console, report)
    console.print(_note_level_table(report["note_level"]))
    for mode, title in ENTITY_TABLES:
        console.print(_entity_level_table(report["entity_level"][mode], title))
    console.print(_token_level_table(report["token_level"]))
    leaks = report["leaks"]
    by_type = f" ({_counts_list(leaks['leaked_by_type'])})" if leaks["leaked_by_type"] else ""
    console.print(
        f"leaked gold strings: {leaks['leaked_strings']} of {leaks['gold_strings']}{by_type}; "
        f"notes with a leak: {leaks['notes_with_leak']} of {report['notes']}"
    )


def _print_header(console: Console, report: dict[str, Any]) -> None:
    """What was scored: file, notes, settings, types and the span counts."""
    settings = report["settings"]
    console.print(
        f"[b]deid eval[/b] {escape(report['gold_file'])}: {report['notes']} notes, vote={settings['vote']}, "
        f"learning {'on' if settings['learn'] else 'off'} ({settings['learned_references']} learned)"
    )
    console.print(f"evaluated types: {escape(' '.join(report['types']))}")
    merged = report["entity_level"]["strict"]["micro"]["predicted"]
    console.print(
        f"gold spans evaluated: {report['gold_spans']}; predicted spans: {report['predicted_spans']} "
        f"({merged} after merging adjacent tokens)"
    )


def _print_not_evaluated(console: Console, report: dict[str, Any]) -> None:
    """Spans left out of the scores: of types not evaluated, or gold labels that are not PHI."""
    skipped = report["not_evaluated"]
    if skipped["gold"]:
        total = sum(skipped["gold"].values())
        console.print(f"not evaluated: {total} gold spans of types {_counts_list(skipped['gold'])}")
    if skipped["predicted"]:
        total = sum(skipped["predicted"].values())
        console.print(f"not evaluated: {total} predicted spans of types {_counts_list(skipped['predicted'])}")
    if report["ignored_labels"]:
        total = sum(report["ignored_labels"].values())
        console.print(f"ignored (not PHI): {total} gold spans ({_counts_list(report['ignored_labels'])})")


def _note_level_table(notes: dict[str, Any]) -> Table:
    """The paper's Table 8: note-level rates with their 95 % intervals."""
    table = Table(
        title="Note level (a note counts as TP only when every gold span is overlapped)",
        caption=f"TP {notes['tp']}  FP {notes['fp']}  FN {notes['fn']}  TN {notes['tn']}",
        title_justify="left",
    )
    for column in ("metric", "value", "95% CI", "method"):
        table.add_column(column, justify="left" if column in ("metric", "method") else "right")
    for metric in ("accuracy", "sensitivity", "specificity", "precision"):
        row = notes[metric]
        ci = row["ci95"]
        table.add_row(
            metric, _num(row["value"]), f"{_num(ci[0])}–{_num(ci[1])}" if ci else "–", row["method"]
        )
    return table


def _entity_level_table(scores: dict[str, Any], title: str) -> Table:
    """Per type with spans, then micro, macro and any-PHI rows (strict or relaxed matching)."""
    macro = scores["macro"]
    table = Table(
        title=title,
        title_justify="left",
        caption=f"macro: unweighted mean over the {macro['types']} types with gold or predicted spans",
    )
    for column in ("type", "gold", "pred", "found", "correct", "P", "R", "F1", "F2"):
        table.add_column(column, justify="left" if column == "type" else "right", no_wrap=column == "type")
    for etype, row in scores["per_type"].items():
        if row["gold"] or row["predicted"]:
            table.add_row(etype, *_entity_cells(row))
    table.add_section()
    table.add_row("micro", *_entity_cells(scores["micro"]))
    table.add_row(
        "macro",
        "",
        "",
        "",
        "",
        *(_num(macro[k]) for k in ("precision", "recall", "f1", "f2")),
    )
    table.add_row("any PHI", *_entity_cells(scores["any"]))
    return table


def _token_level_table(tokens: dict[str, Any]) -> Table:
    """Token-level counts and scores over every word token, PHI or not."""
    table = Table(title="Token level (\\w+ tokens, PHI or not)", title_justify="left")
    for column in ("tokens", "gold", "pred", "TP", "P", "R", "F1"):
        table.add_column(column, justify="right")
    table.add_row(
        str(tokens["tokens"]),
        str(tokens["gold"]),
        str(tokens["predicted"]),
        str(tokens["tp"]),
        *(_num(tokens[k]) for k in ("precision", "recall", "f1")),
    )
    return table


def _entity_cells(row: dict[str, Any]) -> list[str]:
    return [
        str(row["gold"]),
        str(row["predicted"]),
        str(row["found"]),
        str(row["correct"]),
        *(_num(row[k]) for k in ("precision", "recall", "f1", "f2")),
    ]


__all__ = ["EVAL_EPILOG", "eval_command", "load_label_map", "print_report"]
