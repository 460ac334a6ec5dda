"""Evaluation of detected spans against gold annotations: pure functions, no I/O.

``deid eval`` (``eval_command``) reads the gold file and runs the pipeline; everything that
is computed from the result lives here, so every number can be checked by hand in the tests.
Nothing here returns note text: reports hold counts and rates only.

Definitions (all spans are half-open ``[start, end)`` offsets on the original note):

* **Selected types.** Only gold spans of the selected types are gold; predicted spans of other
  types are dropped before scoring. Both dropped sets are counted in the report.
* **Note level** (the paper's Table 8). A note is *positive* when it has at least one gold
  span. TP = positive notes in which every gold span is overlapped by some prediction (the note
  is fully de-identified); FN = positive notes with at least one gold span that no prediction
  overlaps; FP = negative notes with at least one prediction; TN = negative notes without
  predictions. Accuracy (TP+TN)/N, sensitivity TP/(TP+FN) and specificity TN/(TN+FP) get
  Clopper–Pearson exact 95 % intervals; precision TP/(TP+FP) gets the logit interval of
  Mercaldo et al. (2007), see ``ppv_logit_interval``.
* **Entity level** (i2b2 2014 style). Strict: a gold span is found, and a predicted span is
  correct, when a span of the other side has exactly the same boundaries and the same type.
  Relaxed: when they overlap by at least one character and have the same type. Recall = found
  gold / gold, precision = correct predictions / predictions (in strict mode both numerators
  are equal; in relaxed mode one prediction may cover two gold spans and vice versa).
  F-beta = (1+b²)PR / (b²P + R); F1 and F2 (recall weighted higher). Micro averages pool the
  counts of all selected types; macro averages are unweighted means of the per-type values over
  the selected types that have at least one gold or predicted span (an undefined 0/0 value
  counts as 0 there). The "any PHI" row ignores types.
  deid emits one span per name token ("Anna Gruber" gives two spans) while gold usually marks
  the whole name: before entity matching, adjacent predicted spans of the same type separated
  only by white space and/or hyphens (or touching) are merged into one (``merge_adjacent``).
* **Token level.** Word tokens are ``\\w+`` matches. A token is gold PHI when at least one of its
  characters lies in a gold span, predicted PHI when one lies in a predicted span; types are
  ignored. Precision, recall and F1 over tokens.
* **Leaks.** Each note is rewritten with every predicted span replaced by a placeholder; a gold
  string leaks when its exact surface text still occurs anywhere in the rewritten note. Counted
  as distinct (surface text, type) pairs per note, plus the number of notes with a leak.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import orjson

# --------------------------------------------------------------------------------- types, labels

IGNORE = "IGNORE"
from deid_cli.detection.spans import ALL_TYPES, DEFAULT_TYPES, EXTRA_TYPES  # noqa: E402, F401  (defined once, in spans; re-exported)

# GraSCCo's labels; NAME_TITLE ("Dr. med.") and LOCATION_COUNTRY are not PHI.
GRASCCO_LABELS: dict[str, str] = {
    "NAME_PATIENT": "PAT", "NAME_DOCTOR": "HCP", "NAME_RELATIVE": "PER", "NAME_EXT": "PER",
    "NAME_OTHER": "PER", "NAME_USERNAME": "PER", "LOCATION_HOSPITAL": "SIT",
    "LOCATION_STREET": "ADD", "LOCATION_CITY": "LOC", "LOCATION_ZIP": "ZIP",
    "CONTACT_PHONE": "PHO", "CONTACT_FAX": "PHO", "CONTACT_EMAIL": "MAI", "CONTACT_URL": "WEB",
    "DATE": "DAT", "AGE": "AGE", "ID": "ID", "LOCATION_ORGANIZATION": "ORG", "PROFESSION": "PRO",
    "NAME_TITLE": IGNORE, "LOCATION_COUNTRY": IGNORE,
}  # fmt: skip
# deid's own types name themselves, so deid-style gold needs no map.
BUILTIN_LABEL_MAP: dict[str, str] = {**{t: t for t in ALL_TYPES}, **GRASCCO_LABELS}

_TYPE_NAME = re.compile(r"[A-Z][A-Z0-9_]{0,31}")


class LabelMapError(ValueError):
    """A label map that cannot be used (the command exits with status 2)."""


def label_map_from_object(data: object) -> dict[str, str]:
    """Validate a user label map: an object ``label -> TYPE`` (upper-case) or ``"IGNORE"``."""
    if not isinstance(data, dict):
        raise LabelMapError("must be an object mapping gold labels to types or IGNORE")
    result: dict[str, str] = {}
    for label, target in data.items():
        if not isinstance(label, str) or not label:
            raise LabelMapError("labels must be non-empty strings")
        if not isinstance(target, str) or not _TYPE_NAME.fullmatch(target):
            raise LabelMapError(f"label {label!r}: value must be an upper-case type such as PAT, or IGNORE")
        result[label] = target
    return result


def effective_label_map(overrides: Mapping[str, str] | None = None) -> dict[str, str]:
    """The built-in map, overridden and extended by the user's map."""
    return {**BUILTIN_LABEL_MAP, **(overrides or {})}


def parse_types(spec: str, extra_known: Iterable[str] = ()) -> tuple[str, ...]:
    """``default``, ``all`` or a comma list of types. ``all`` and the allowed names include the
    types the label map introduces (``extra_known``). Raises ``ValueError`` naming unknown types."""
    extra = tuple(t for t in dict.fromkeys(extra_known) if t != IGNORE and t not in ALL_TYPES)
    word = spec.strip().lower()
    if word == "default":
        return DEFAULT_TYPES
    if word == "all":
        return ALL_TYPES + extra
    chosen = [part.strip().upper() for part in spec.split(",") if part.strip()]
    if not chosen:
        raise ValueError("name at least one type, or default or all")
    known = set(ALL_TYPES) | set(extra)
    unknown = [t for t in chosen if t not in known]
    if unknown:
        raise ValueError(
            f"unknown type(s) {', '.join(unknown)} (known: {', '.join((*ALL_TYPES, *extra))}, "
            "or default, all)"
        )
    return tuple(dict.fromkeys(chosen))


# ------------------------------------------------------------------------------------ gold file


class GoldError(ValueError):
    """A bad line of the gold file; ``reason`` never quotes the line's content."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Entity:
    """A span with its type (gold: mapped from the label; predicted: the detector's type)."""

    start: int
    end: int
    type: str


@dataclass(slots=True)
class GoldNote:
    """One annotated note as read: its text and raw ``(start, end, label)`` spans."""

    line: int
    text: str
    spans: list[tuple[int, int, str]]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_gold(lines: Iterable[bytes]) -> list[GoldNote]:
    """Parse JSONL lines ``{"id", "text", "gold": [[start, end, label], ...]}`` (blank lines
    skipped; line numbers count from 1). Identical gold spans are kept once."""
    notes: list[GoldNote] = []
    for number, raw in enumerate(lines, start=1):
        line = raw[3:] if number == 1 and raw.startswith(b"\xef\xbb\xbf") else raw
        if not line.strip():
            continue
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            raise GoldError(number, "invalid UTF-8") from None
        try:
            record = orjson.loads(line)
        except orjson.JSONDecodeError:
            raise GoldError(number, "invalid JSON") from None
        if not isinstance(record, dict):
            raise GoldError(number, "not a JSON object")
        for key in ("id", "text", "gold"):
            if key not in record:
                raise GoldError(number, f"missing field {key!r}")
        if not isinstance(record["id"], str | int) or isinstance(record["id"], bool):
            raise GoldError(number, "'id' is not a string or integer")
        text = record["text"]
        if not isinstance(text, str):
            raise GoldError(number, "'text' is not a string")
        if not isinstance(record["gold"], list):
            raise GoldError(number, "'gold' is not a list")
        spans: dict[tuple[int, int, str], None] = {}
        for index, item in enumerate(record["gold"], start=1):
            if not (
                isinstance(item, list)
                and len(item) == 3
                and _is_int(item[0])
                and _is_int(item[1])
                and isinstance(item[2], str)
            ):
                raise GoldError(number, f"gold span {index} is not [start, end, label]")
            start, end, label = item
            if not 0 <= start < end <= len(text):
                raise GoldError(number, f"gold span {index} out of range (needs 0 <= start < end <= length)")
            spans[(start, end, label)] = None
        notes.append(GoldNote(number, text, list(spans)))
    return notes


def unknown_labels(notes: Iterable[GoldNote], label_map: Mapping[str, str]) -> list[str]:
    """Gold labels the map does not know, sorted."""
    return sorted({label for note in notes for _, _, label in note.spans if label not in label_map})


def map_gold(note: GoldNote, label_map: Mapping[str, str]) -> tuple[list[Entity], Counter[str]]:
    """The note's gold entities (types from the map) and the count of ignored labels."""
    entities: list[Entity] = []
    ignored: Counter[str] = Counter()
    for start, end, label in note.spans:
        etype = label_map[label]
        if etype == IGNORE:
            ignored[label] += 1
        else:
            entities.append(Entity(start, end, etype))
    entities.sort(key=lambda e: (e.start, e.end, e.type))
    return entities, ignored


# --------------------------------------------------------------------------------- statistics


def regularized_beta(x: float, a: float, b: float) -> float:
    """The regularized incomplete beta function I_x(a, b) for a, b > 0 (continued fraction,
    modified Lentz; as in Numerical Recipes' ``betai``)."""
    if a <= 0 or b <= 0:
        raise ValueError("a and b must be positive")
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    front = math.exp(log_front)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def _beta_fraction(a: float, b: float, x: float) -> float:
    tiny, eps = 1e-300, 1e-15
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c = 1.0
    d = 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 100_000):
        m2 = 2 * m
        for aa in (
            m * (b - m) * x / ((qam + m2) * (a + m2)),
            -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2)),
        ):
            d = 1.0 + aa * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < eps:
            return h
    raise ArithmeticError("incomplete beta: continued fraction did not converge")  # pragma: no cover


def beta_quantile(q: float, a: float, b: float) -> float:
    """The x with I_x(a, b) = q, by bisection (I_x is increasing in x)."""
    if not 0.0 <= q <= 1.0:
        raise ValueError("q must lie in [0, 1]")
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if mid in (lo, hi):
            break
        if regularized_beta(mid, a, b) < q:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2.0


def clopper_pearson(x: int, n: int, confidence: float = 0.95) -> tuple[float, float] | None:
    """Exact (Clopper–Pearson) interval for x successes in n trials; None when n == 0."""
    if not 0 <= x <= n:
        raise ValueError("need 0 <= x <= n")
    if n == 0:
        return None
    alpha = 1.0 - confidence
    low = 0.0 if x == 0 else beta_quantile(alpha / 2.0, x, n - x + 1)
    high = 1.0 if x == n else beta_quantile(1.0 - alpha / 2.0, x + 1, n - x)
    return low, high


def _expit(value: float) -> float:
    if value >= 0:
        return 1.0 / (1.0 + math.exp(-value))
    z = math.exp(value)
    return z / (1.0 + z)


def ppv_logit_interval(
    tp: int, fp: int, fn: int, tn: int, confidence: float = 0.95
) -> tuple[float, float, str] | None:
    """Confidence interval for precision (positive predictive value) TP/(TP+FP), with the
    method used; None when there is no predicted positive.

    Mercaldo, Lau & Zhou (2007), standard logit interval, prevalence p = (TP+FN)/N taken from
    the sample: logit(PPV) = log(p/(1-p)) + log(Se/(1-Sp)) (= log(TP/FP)), with
    Var = (1-Se)/(Se·n1) + Sp/((1-Sp)·n0), n1 = TP+FN, n0 = FP+TN.
    When any of the four cells is zero this is undefined or degenerate, and Se, Sp, n1, n0 are
    replaced by their adjusted versions (x + z²/2)/(n + z²) and n + z² (the adjusted logit
    interval, an Agresti–Coull-type adjustment). At precision 0 or 1 the bound on that side
    is set to 0 or 1, so the interval always contains the estimate. Without positive or
    without negative notes the prevalence is 0 or 1 and the model degenerates: the
    Clopper–Pearson interval of TP/(TP+FP) is returned instead.
    """
    if min(tp, fp, fn, tn) < 0:
        raise ValueError("counts must be non-negative")
    if tp + fp == 0:
        return None
    from statistics import NormalDist  # here: deid run imports this module (parse_types) at start-up

    n1, n0 = tp + fn, fp + tn
    point = tp / (tp + fp)
    if n1 == 0 or n0 == 0:
        interval = clopper_pearson(tp, tp + fp, confidence)
        assert interval is not None
        return interval[0], interval[1], "clopper-pearson"
    z = NormalDist().inv_cdf(1.0 - (1.0 - confidence) / 2.0)
    method = "logit (Mercaldo 2007)"
    if min(tp, fp, fn, tn) == 0:
        add = z * z / 2.0
        se, sp = (tp + add) / (n1 + 2 * add), (tn + add) / (n0 + 2 * add)
        m1, m0 = n1 + 2 * add, n0 + 2 * add
        method = "adjusted logit (Mercaldo 2007)"
    else:
        se, sp, m1, m0 = tp / n1, tn / n0, float(n1), float(n0)
    prevalence = n1 / (n1 + n0)
    center = math.log(prevalence / (1.0 - prevalence)) + math.log(se / (1.0 - sp))
    half = z * math.sqrt((1.0 - se) / (se * m1) + sp / ((1.0 - sp) * m0))
    low, high = _expit(center - half), _expit(center + half)
    if point == 0.0:
        low = 0.0
    if point == 1.0:
        high = 1.0
    return min(low, point), max(high, point), method


# ---------------------------------------------------------------------------------- matching

_JOINERS = frozenset(" \t\r\n\f\v\u00a0\u202f-\u2010\u2011")
_WORD = re.compile(r"\w+")


def merge_adjacent(text: str, spans: Sequence[Entity]) -> list[Entity]:
    """Merge predicted spans of the same type that touch or are separated only by white space
    and/or hyphens ("Anna Gruber", "Hans-Peter"), so that a name detected token by token can
    match a gold span of the whole name. Input must be non-overlapping."""
    merged: list[Entity] = []
    for span in sorted(spans, key=lambda s: (s.start, s.end)):
        if merged:
            last = merged[-1]
            gap = text[last.end : span.start]
            if last.type == span.type and span.start >= last.end and all(ch in _JOINERS for ch in gap):
                merged[-1] = Entity(last.start, span.end, last.type)
                continue
        merged.append(span)
    return merged


def _overlap(a: Entity, b: Entity) -> bool:
    return a.start < b.end and b.start < a.end


def _exact(a: Entity, b: Entity) -> bool:
    return a.start == b.start and a.end == b.end


@dataclass(slots=True)
class Counts:
    """Entity counts of one row: gold, predicted, gold found, predictions correct."""

    gold: int = 0
    predicted: int = 0
    found: int = 0
    correct: int = 0

    def add(self, other: Counts) -> None:
        self.gold += other.gold
        self.predicted += other.predicted
        self.found += other.found
        self.correct += other.correct

    @property
    def precision(self) -> float | None:
        return self.correct / self.predicted if self.predicted else None

    @property
    def recall(self) -> float | None:
        return self.found / self.gold if self.gold else None

    def f(self, beta: float) -> float | None:
        return f_beta(self.precision, self.recall, beta)

    def to_dict(self) -> dict[str, Any]:
        return {
            "gold": self.gold,
            "predicted": self.predicted,
            "found": self.found,
            "correct": self.correct,
            "precision": self.precision,
            "recall": self.recall,
            "f1": self.f(1.0),
            "f2": self.f(2.0),
        }


def f_beta(precision: float | None, recall: float | None, beta: float) -> float | None:
    """F-beta; an undefined precision or recall (0/0) counts as 0 unless both are undefined."""
    if precision is None and recall is None:
        return None
    p, r = precision or 0.0, recall or 0.0
    if p == 0.0 or r == 0.0:
        return 0.0
    b2 = beta * beta
    return (1.0 + b2) * p * r / (b2 * p + r)


def match_counts(gold: Sequence[Entity], predicted: Sequence[Entity], *, strict: bool, typed: bool) -> Counts:
    """Counts for one note: ``strict`` exact boundaries (else any overlap); ``typed`` the types
    must agree too."""
    same = _exact if strict else _overlap

    def hit(a: Entity, b: Entity) -> bool:
        return same(a, b) and (not typed or a.type == b.type)

    return Counts(
        gold=len(gold),
        predicted=len(predicted),
        found=sum(1 for g in gold if any(hit(g, p) for p in predicted)),
        correct=sum(1 for p in predicted if any(hit(g, p) for g in gold)),
    )


# ------------------------------------------------------------------------------------ scoring


@dataclass(slots=True)
class ScoredNote:
    """One note for scoring: text, gold entities (types mapped, ignored labels removed) and the
    detector's spans. Types are filtered by ``evaluate``."""

    text: str
    gold: Sequence[Entity]
    predicted: Sequence[Entity]


def _estimate(value: float | None, interval: tuple[float, float] | None, method: str) -> dict[str, Any]:
    return {"value": value, "ci95": list(interval) if interval else None, "method": method}


def note_table(notes: Iterable[ScoredNote]) -> dict[str, Any]:
    """The note-level 2×2 table and its rates with 95 % intervals (see the module docstring)."""
    tp = fp = fn = tn = 0
    for note in notes:
        if note.gold:
            if all(any(_overlap(g, p) for p in note.predicted) for g in note.gold):
                tp += 1
            else:
                fn += 1
        elif note.predicted:
            fp += 1
        else:
            tn += 1
    n = tp + fp + fn + tn
    cp = "clopper-pearson"
    ppv = ppv_logit_interval(tp, fp, fn, tn)
    return {
        "tp": tp,
        "fp": fp,
        "fn": fn,
        "tn": tn,
        "notes": n,
        "accuracy": _estimate((tp + tn) / n if n else None, clopper_pearson(tp + tn, n), cp),
        "sensitivity": _estimate(tp / (tp + fn) if tp + fn else None, clopper_pearson(tp, tp + fn), cp),
        "specificity": _estimate(tn / (tn + fp) if tn + fp else None, clopper_pearson(tn, tn + fp), cp),
        "precision": _estimate(
            tp / (tp + fp) if tp + fp else None,
            (ppv[0], ppv[1]) if ppv else None,
            ppv[2] if ppv else "logit (Mercaldo 2007)",
        ),
    }


def entity_scores(notes: Sequence[ScoredNote], types: Sequence[str], *, strict: bool) -> dict[str, Any]:
    """Per-type, micro, macro and type-agnostic ("any") scores; predictions merged first."""
    per_type = {t: Counts() for t in types}
    anything = Counts()
    for note in notes:
        predicted = merge_adjacent(note.text, note.predicted)
        for etype, counts in per_type.items():
            counts.add(
                match_counts(
                    [g for g in note.gold if g.type == etype],
                    [p for p in predicted if p.type == etype],
                    strict=strict,
                    typed=True,
                )
            )
        anything.add(match_counts(note.gold, predicted, strict=strict, typed=False))
    micro = Counts()
    for counts in per_type.values():
        micro.add(counts)
    present = [c for c in per_type.values() if c.gold or c.predicted]

    def mean(values: list[float | None]) -> float | None:
        return sum(v or 0.0 for v in values) / len(values) if values else None

    return {
        "per_type": {t: c.to_dict() for t, c in per_type.items()},
        "micro": micro.to_dict(),
        "macro": {
            "types": len(present),
            "precision": mean([c.precision for c in present]),
            "recall": mean([c.recall for c in present]),
            "f1": mean([c.f(1.0) for c in present]),
            "f2": mean([c.f(2.0) for c in present]),
        },
        "any": anything.to_dict(),
    }


def _covered(text_length: int, spans: Iterable[Entity]) -> list[int]:
    """Prefix sums of a character mask: ``c[e] - c[s]`` characters of [s, e) lie in a span."""
    mask = bytearray(text_length)
    for span in spans:
        mask[span.start : span.end] = b"\x01" * (span.end - span.start)
    prefix = [0] * (text_length + 1)
    running = 0
    for i, flag in enumerate(mask):
        running += flag
        prefix[i + 1] = running
    return prefix


def token_scores(notes: Iterable[ScoredNote]) -> dict[str, Any]:
    """Binary "is PHI" over ``\\w+`` tokens (see the module docstring)."""
    tp = fp = fn = tokens = 0
    for note in notes:
        gold = _covered(len(note.text), note.gold)
        pred = _covered(len(note.text), note.predicted)
        for match in _WORD.finditer(note.text):
            s, e = match.span()
            tokens += 1
            is_gold, is_pred = gold[e] > gold[s], pred[e] > pred[s]
            tp += is_gold and is_pred
            fp += is_pred and not is_gold
            fn += is_gold and not is_pred
    precision = tp / (tp + fp) if tp + fp else None
    recall = tp / (tp + fn) if tp + fn else None
    return {
        "tokens": tokens,
        "gold": tp + fn,
        "predicted": tp + fp,
        "tp": tp,
        "fp": fp,
        "fn": fn,
        "precision": precision,
        "recall": recall,
        "f1": f_beta(precision, recall, 1.0),
    }


PLACEHOLDER = "[***]"


def apply_placeholders(text: str, spans: Iterable[Entity]) -> str:
    """``text`` with every span replaced by ``PLACEHOLDER`` (overlapping spans: their union)."""
    pieces: list[str] = []
    pos = 0
    for span in sorted(spans, key=lambda s: s.start):
        if span.end <= pos:
            continue
        if span.start >= pos:
            pieces.append(text[pos : span.start])
            pieces.append(PLACEHOLDER)
        pos = span.end
    pieces.append(text[pos:])
    return "".join(pieces)


def leak_counts(notes: Iterable[ScoredNote]) -> dict[str, Any]:
    """Gold strings still present verbatim after the predicted spans were replaced."""
    total = leaked = leaking_notes = 0
    by_type: Counter[str] = Counter()
    for note in notes:
        masked = apply_placeholders(note.text, note.predicted)
        strings = {(note.text[g.start : g.end], g.type) for g in note.gold}
        leaks = [(s, t) for s, t in strings if s in masked]
        total += len(strings)
        leaked += len(leaks)
        leaking_notes += bool(leaks)
        by_type.update(t for _, t in leaks)
    return {
        "gold_strings": total,
        "leaked_strings": leaked,
        "notes_with_leak": leaking_notes,
        "leaked_by_type": dict(sorted(by_type.items())),
    }


def evaluate(notes: Sequence[ScoredNote], types: Collection[str]) -> dict[str, Any]:
    """Every metric for a corpus, restricted to ``types``; JSON-ready, counts and rates only."""
    selected = set(types)
    order = tuple(dict.fromkeys(types))
    skipped_gold: Counter[str] = Counter()
    skipped_pred: Counter[str] = Counter()
    kept: list[ScoredNote] = []
    for note in notes:
        gold = [g for g in note.gold if g.type in selected]
        predicted = [p for p in note.predicted if p.type in selected]
        skipped_gold.update(g.type for g in note.gold if g.type not in selected)
        skipped_pred.update(p.type for p in note.predicted if p.type not in selected)
        kept.append(ScoredNote(note.text, gold, predicted))
    return {
        "notes": len(kept),
        "types": list(order),
        "gold_spans": sum(len(n.gold) for n in kept),
        "predicted_spans": sum(len(n.predicted) for n in kept),
        "not_evaluated": {
            "gold": dict(sorted(skipped_gold.items())),
            "predicted": dict(sorted(skipped_pred.items())),
        },
        "note_level": note_table(kept),
        "entity_level": {
            "strict": entity_scores(kept, order, strict=True),
            "relaxed": entity_scores(kept, order, strict=False),
        },
        "token_level": token_scores(kept),
        "leaks": leak_counts(kept),
    }
