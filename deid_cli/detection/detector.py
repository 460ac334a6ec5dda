"""Detection for one note: regex stage, corrections, the masker ensemble, typing, overlaps.

Runs on the pre-processed view of a note and returns spans on the original text. Nothing
here edits text; replacement happens once, later (``pseudonyms.replace_spans``).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, NamedTuple

import ahocorasick

from deid_cli.detection.chunk import (
    COLON_LABEL,
    DATE_LINE,
    HL7_SEGMENT,
    SUBJECT,
    ZIP_DIGITS,
    Chunk,
    CueHit,
)
from deid_cli.detection.context_types import retype_by_context
from deid_cli.detection.entity_types import type_name, type_of_hint
from deid_cli.detection.grammar.hl7 import hl7_spans
from deid_cli.detection.grammar.letter_zones import letter_zone_spans
from deid_cli.detection.lexicon.lexicon import (
    ALIAS,
    CORRECTION,
    KEEP,
    NAME_BITS,
    Hit,
    Lexicon,
    build_learned_automaton,
    merge_user_hits,
)
from deid_cli.detection.maskers import build_maskers, context_maskers, masker_names
from deid_cli.detection.maskers.base import Masker, MaskerSetup, NoteContext
from deid_cli.detection.maskers.corpus_cue import CorpusCueMasker
from deid_cli.detection.maskers.corpus_name import CorpusNameMasker
from deid_cli.detection.normalize import fold
from deid_cli.detection.patterns.organisations import MASKERS as ORG_MASKERS
from deid_cli.detection.patterns.organisations import (
    PLACE_TAIL,
    TOWN_WORD,
    OrgStage,
    PlaceCandidates,
    is_tail_word,
)
from deid_cli.detection.patterns.regex_guard import lines_at
from deid_cli.detection.patterns.regex_stage import EVERY_PATTERN, Candidates, RegexStage
from deid_cli.detection.ranges import RangeIndex
from deid_cli.detection.spans import (
    ADD,
    AGE,
    DAT,
    DEFAULT_TYPES,
    HCP,
    ID,
    LOC,
    NAME_TYPES,
    ORG,
    PAT,
    PER,
    PRO,
    SIT,
    ZIP,
    Span,
    resolve_overlaps,
)
from deid_cli.detection.text import PreparedText
from deid_cli.detection.words import (
    COMMON,
    COMPOUND,
    COUNTRY,
    EPONYM,
    KEPT,
    LISTED,
    NOT_NAME_SHAPED,
    NOUN_SHAPED,
    TITLE,
    WordClasses,
)

if TYPE_CHECKING:
    from deid_cli.detection.patterns.phi import PhiStage


def masker_rank(names: Sequence[str]) -> dict[str, int]:
    """Overlap ranks (lower wins on equal length): corrections first, then identifiers, which are
    checksum- or keyword-proven and so beat a phone reading of the same digits, then the rest in
    registry order."""
    ordered = ("Correction", "RegexID", *(m for m in names if m not in ("Correction", "RegexID")))
    return {name: i for i, name in enumerate(ordered)}


class _NoteScan(NamedTuple):
    """What the chunk's scans found in one note: dictionary and learned hits, learned cue
    phrases, the words that may be variants of learned names (None: unknown), salutation starts
    (None: the masker scans), whole-word triggers (start, end, bits), candidate flags and where
    phone numbers may start."""

    names: list[Hit]
    learned: list[Hit]
    cue_hits: list[CueHit]
    variants: list[tuple[int, int]] | None
    salutations: dict[int, tuple[str, ...]] | None
    place_cues: list[tuple[int, int]]
    noun_cues: list[tuple[int, int]]
    heads: list[tuple[int, int]]
    street_starts: list[int]
    site_starts: list[int]
    site_stems: list[int]  # where a compound site word's head starts (``Chunk.site_stems``)
    suffix_starts: list[int] | None  # None: the chunk holds characters beyond Latin-1
    flags: int
    phones: list[int]
    places: list[tuple[int, int]]  # learned places
    postcodes: list[int] | None = None  # where a postcode's candidate or keyword stands


# Candidate flags of the contact and address patterns (``regex_stage.EVERY_PATTERN``).
_REGEX_FLAGS = EVERY_PATTERN
_NONE: list = []  # shared empty list: never appended to


def _position(hit: Hit) -> tuple[int, int]:
    return hit.start, hit.end


def _by_start(words: list[tuple[int, str]]) -> dict[int, tuple[str, ...]]:
    """The first words a salutation may start with, by position, in order of position (the
    automaton reports words in order; several first words at one position are rare)."""
    found: dict[int, tuple[str, ...]] = {}
    for start, word in words:
        known = found.get(start)
        found[start] = (word,) if known is None else tuple(sorted((*known, word)))
    return found


@dataclass(slots=True)
class Detection:
    """The spans of one note (original offsets) and, for learning, the names proven by context."""

    spans: list[Span]
    proven: list[tuple[str, str]]  # (surface form, entity type) of names proven by context


class Detector:
    """The whole detection pipeline for one configuration; reusable across notes."""

    def __init__(
        self,
        lexicon: Lexicon,
        *,
        vote: str = "first",
        ambiguity_rule: bool = True,
        types: Iterable[str] = DEFAULT_TYPES,
        ages: str = "over89",
    ) -> None:
        self.lexicon = lexicon
        self.vote_all = vote == "all"
        self.types = frozenset(types)
        self.ages = ages
        self._words = WordClasses(lexicon)
        self.regex = RegexStage(lexicon.public.place_index, self._may_be_place)
        phi_types = self.types & {DAT, AGE, ID}
        self.phi: PhiStage | None = None
        if phi_types:  # dates, ages and IDs: their regexes (and python-stdnum) load only when asked for
            from deid_cli.detection.patterns.phi import PhiStage

            self.phi = PhiStage(phi_types, ages)
        org_types = self.types & {PRO, ORG, LOC}
        public = lexicon.public
        self.org = (
            OrgStage(
                org_types,
                public.place_index,
                public.professions,
                public.organization_words,
                lexicon.common,
                place_like=self._may_be_place,
                town_like=self._may_be_town,
            )
            if org_types
            else None
        )
        self.learned_automaton: ahocorasick.Automaton | None = None
        self._aliases: dict[str, str] = {}  # learned misspelling -> the learned name it takes the code of
        self._variants_known = False  # the learned automaton holds every possible variant
        self._setup = MaskerSetup(lexicon, ambiguity_rule)
        self.maskers: list[Masker] = build_maskers(self._setup)
        self._context_maskers = context_maskers()
        self._voting = frozenset(m.name for m in self.maskers) | {"CorpusName"}
        names = [m.name for m in self.maskers]
        self._before_full_name = frozenset(names[: names.index("FullName")] if "FullName" in names else ())
        self._rank = masker_rank(masker_names())
        # Every stage scans whole notes (no triggers or candidates): slower, the same spans; the
        # reference that tests and the fuzzer hold the trigger-driven engine to.
        self.scan_whole_notes = False
        # Every stage starts from something the chunk's scans report (no PHI stage and no
        # organisations or professions, which scan the note): a note where they found nothing
        # has no spans.
        self._only_triggered = self.phi is None and not self.types & {ORG, PRO}
        self._org_scans = bool(self.types & {ORG, PRO})  # organisations and professions scan notes
        self._user_lists = lexicon.user_automaton is not None
        # A letter's address blocks and subject lines (grammar.letter_zones) hold these types.
        self._zones = bool(self.types & {PAT, PER, ADD, ZIP, LOC})

    def with_learned_names(
        self,
        learned: dict[str, str],
        words: Iterable[str] | None = None,
        cues: dict[str, str] | None = None,
        aliases: dict[str, str] | None = None,
        ordinary_names: set[str] | None = None,
        places: Iterable[str] = (),
    ) -> Detector:
        """This detector plus corpus-wide learning: the same stages, settings and maskers
        (nothing is rebuilt), the maskers that need learned names (CorpusName) or ``cues``
        (CorpusCue) built for them in registry order, and an automaton of the learned
        references, of the cues and of those of ``words`` (every capitalized word pass 1 counted
        in the corpus this detector will see again) that may be one-edit variants of them; then
        CorpusName looks for variants only there. A name of ``aliases`` takes the pseudonym of
        the name it is a misspelling of, whichever masker found it; an ordinary word of
        ``ordinary_names`` (proven a surname somewhere) is a name in a learned cue. A learned
        place of ``places`` (folded) is a place wherever it is written capitalized."""
        detector = copy.copy(self)
        setup = replace(
            self._setup, learned=learned, cues=cues or None, ordinary_names=frozenset(ordinary_names or ())
        )
        detector.maskers = build_maskers(setup, reuse=self.maskers)
        variants = [w for m in detector._corpus for w in m.variant_words(words or (), self.lexicon)]
        detector.learned_automaton = build_learned_automaton(
            learned, variants, cues or (), aliases or (), places
        )
        detector._variants_known = words is not None
        detector._aliases = dict(aliases or {})
        return detector

    def learning_applies(self, text: str, first_pass: Sequence[Span]) -> bool:
        """``learning_applies_many`` for one note."""
        return self.learning_applies_many([text], [first_pass])[0]

    def learning_applies_many(
        self, texts: Sequence[str], first_passes: Sequence[Sequence[Span]]
    ) -> list[bool]:
        """Can what pass 1 learned change these notes' spans, given ``first_passes``, the spans
        this detector found without it? Learning adds the learned automaton, whose hits anchor
        FullName and vote in CorpusName, and CorpusName's one-edit variants of learned names.
        Pass 1's spans stand (``_anchors_change_nothing``) when every capitalized learned name
        was already voted for before FullName, FullName added nothing in pass 1, and every word
        that may be a variant (pass 1 counted them all; the automaton holds them) was claimed.
        Conservative: a note whose matching view is not its text (markup, Unicode
        normalisation, lower case of another length, a Greek capital sigma, whose lower case
        depends on the letters around it) means detecting again; so does any capitalized
        learned name or variant under ``--vote all`` (CorpusName then votes on claimed tokens
        too)."""
        if self.learned_automaton is None or not texts:
            return [False] * len(texts)
        chunk = Chunk(texts)
        learned, variants, cues, places = chunk.learned_hits(self.learned_automaton)
        irregular = chunk.irregular()
        cue_masker = self._cue_masker
        wants_places = LOC in self.types
        applies = []
        for index, (text, prepared) in enumerate(zip(texts, chunk.prepared, strict=True)):
            view = prepared.view
            if view is not text or index in irregular:
                applies.append(True)
                continue
            hits = [hit for hit in learned[index] if view[hit.start].isupper()]
            first_pass = first_passes[index]
            if hits and (self.vote_all or not self._anchors_change_nothing(hits, first_pass)):
                applies.append(True)
                continue
            if any(hit.bits & ALIAS for hit in hits):
                applies.append(True)  # a misspelling's span takes another name's pseudonym
                continue
            if wants_places and _uncovered_place(view, places[index], first_pass):
                applies.append(True)  # a learned place pass 1 left unmasked
                continue
            maybe = [(hit.start, hit.end) for hit in variants[index] if view[hit.start].isupper()]
            if not maybe and not (cues[index] and cue_masker is not None):
                applies.append(False)
            elif self.vote_all:
                applies.append(True)  # CorpusName and CorpusCue vote on claimed tokens too
            else:
                taken = _taken_in(first_pass, self._voting)  # once per note, for both tests
                cue_votes = bool(cues[index]) and cue_masker is not None
                applies.append(
                    (cue_votes and cue_masker.might_vote(view, cues[index], self._words, taken))
                    or any(not taken(start, end) for start, end in maybe)
                )
        return applies

    def _anchors_change_nothing(self, hits: list[Hit], first_pass: Sequence[Span]) -> bool:
        """FullName queues the votes it finds and then the learned names, and grows each to its
        neighbours. When every learned name is one of those votes already, only the order of
        its work changes, and order cannot matter when it adds no vote: true when pass 1 has no
        FullName span and nothing could have removed a FullName vote from the spans (a site
        or context-stage span overlapping it, or a name type not selected)."""
        if not self.types >= NAME_TYPES:
            return False
        early: set[tuple[int, int]] = set()
        for span in first_pass:
            if span.masker in _MAY_HIDE_FULL_NAME:
                return False
            if span.masker in self._before_full_name:
                early.add((span.start, span.end))
        return all((hit.start, hit.end) in early for hit in hits)

    def _may_be_place(self, word: str, compounds: bool = False) -> bool:
        """Could a capitalized word after a postcode be a town no list knows? Not an ordinary
        word, a noun by its ending, a title, a keep-listed word or an acronym; a compound of two
        common words only with ``compounds`` or if it ends as places do ("Schönstadt", not
        "Wundkontrolle")."""
        bits = self._words.of(word)
        if bits & _NOT_A_PLACE:
            return False
        if not bits & NOUN_SHAPED:
            return True
        return bool(bits & COMPOUND) and (compounds or self.lexicon.ends_like_place(word))

    def _may_be_town(self, word: str, ending: bool = True) -> bool:
        """Could a capitalized word after a bare "in"/"aus"/"nach" be a town no list knows? A
        possible place (``_may_be_place``) that is on no name or eponym list and, with
        ``ending``, ends as places do ("Zirbenau"; not "Sedoanalgesie", "nach Trendelenburg")."""
        return (
            not self._words.of(word) & (LISTED | EPONYM)
            and self._may_be_place(word)
            and (not ending or self.lexicon.ends_like_place(word))
        )

    @property
    def words(self) -> WordClasses:
        """The class bits of every word asked about in this run (shared with pass 1's learner)."""
        return self._words

    @property
    def _corpus(self) -> list[CorpusNameMasker]:
        return [m for m in self.maskers if isinstance(m, CorpusNameMasker)]

    @property
    def _cue_masker(self) -> CorpusCueMasker | None:
        return next((m for m in self.maskers if isinstance(m, CorpusCueMasker)), None)

    def detect(self, text: str, known: Sequence[tuple[str, str]] = ()) -> Detection:
        """Detect PHI in one note; ``known`` are the record's own names as (value, type)."""
        return self.detect_many([text], [known])[0]

    def detect_many(
        self, texts: Sequence[str], knowns: Sequence[Sequence[tuple[str, str]]] | None = None
    ) -> list[Detection]:
        """Detect PHI in a chunk of notes: one scan of each automaton and candidate pattern over
        all of them (``chunk.Chunk``), then each note's stages where those say they can match.
        The result is each note's ``detect``."""
        if not texts:
            return []
        chunk = self._scanned(texts)
        lexicon = self.lexicon
        names = chunk.names
        if not self._setup.ambiguity_rule and lexicon.public.ambiguous_automaton is not None:
            more = chunk.hits(lexicon.public.ambiguous_automaton, ints=True)
            names = [sorted([*a, *b], key=_position) for a, b in zip(names, more, strict=True)]
        if lexicon.user_automaton is not None:
            user = chunk.hits(lexicon.user_automaton)
            names = [merge_user_hits(a, b) for a, b in zip(names, user, strict=True)]
        learned: list[list[Hit]] | None = None
        variants: list[list[Hit]] | None = None
        cues: list[list[CueHit]] | None = None
        places: list[list[tuple[int, int]]] | None = None
        irregular: set[int] = set()
        if self.learned_automaton is not None:
            learned, variants, cues, places = chunk.learned_hits(self.learned_automaton)
            irregular = chunk.irregular()
        by_start = lexicon.public.salutation_starts
        results = []
        for index, prepared in enumerate(chunk.prepared):
            if not prepared.original:
                results.append(Detection([], []))
                continue
            exact = self._variants_known and prepared.view is texts[index] and index not in irregular
            note = _NoteScan(
                names[index],
                learned[index] if learned is not None else [],
                cues[index] if cues is not None else [],
                [(h.start, h.end) for h in variants[index]] if variants is not None and exact else None,
                _by_start(chunk.salutations[index]) if by_start else None,
                chunk.place_cues[index],
                chunk.noun_cues[index],
                chunk.heads[index],
                chunk.street_starts[index],
                chunk.site_starts[index],
                chunk.site_stems[index],
                chunk.suffix_starts[index] if chunk.latin1 is not None else None,
                chunk.flags[index],
                chunk.phones[index],
                places[index] if places is not None and LOC in self.types else _NONE,
                chunk.postcodes[index],
            )
            known = knowns[index] if knowns is not None else ()
            results.append(self._detect_note(prepared, note, known))
        return results

    def _scanned(self, texts: Sequence[str]) -> Chunk:
        chunk = Chunk(texts)
        chunk.scan_public(self.lexicon.public.automaton, not self._setup.ambiguity_rule)
        chunk.scan_candidates()
        return chunk

    def _detect_note(
        self, prepared: PreparedText, note: _NoteScan, known: Sequence[tuple[str, str]]
    ) -> Detection:
        if self.scan_whole_notes:
            return self._detect_whole(prepared, note, known)
        flags = note.flags
        place_cues, heads, street_starts, site_starts = (
            note.place_cues, note.heads, note.street_starts, note.site_starts
        )  # fmt: skip
        if (
            self._only_triggered
            and not (
                note.names
                or note.learned
                or note.cue_hits
                or note.salutations
                or place_cues
                or note.noun_cues
                or heads
                or street_starts
                or site_starts
                or note.site_stems
                or flags
                or note.phones
                or note.places
                or known
            )
            and note.salutations is not None
            and (note.variants is not None or self.learned_automaton is None)
            and not note.variants
        ):
            return Detection([], [])  # no stage has anything to start from
        view = prepared.view
        phones = note.phones
        # the lines both postcode scans read (addresses' and the places' after a postcode)
        postcode_lines = lines_at(view, note.postcodes) if note.postcodes else None
        if flags & _REGEX_FLAGS or street_starts or phones:
            regex_spans = self.regex.find(
                view, Candidates(flags, street_starts, phones, note.suffix_starts, postcode_lines)
            )
            if regex_spans and LOC in self.types:  # the place after a postcode is a city, not a street
                regex_spans = [
                    Span(s.start, s.end, LOC, s.masker) if s.masker == "RegexZIP" and s.type == ADD else s
                    for s in regex_spans
                ]
        else:
            regex_spans = []
        if self.phi is not None:
            regex_spans += self.phi.find(view)
        if self.org is not None and (
            self._org_scans
            or place_cues
            or note.noun_cues
            or heads
            or flags & (ZIP_DIGITS | DATE_LINE | COLON_LABEL)
        ):
            places = PlaceCandidates(
                place_cues,
                bool(flags & ZIP_DIGITS),
                bool(flags & DATE_LINE),
                bool(flags & COLON_LABEL),
                heads,
                note.noun_cues,
                postcode_lines,
            )
            extra_spans = self.org.find(view, places)
        else:
            extra_spans = []
        if flags & (ZIP_DIGITS | SUBJECT) and self._zones:
            extra_spans = extra_spans + letter_zone_spans(
                view, self._words, blocks=bool(flags & ZIP_DIGITS), subjects=bool(flags & SUBJECT)
            )
        if flags & HL7_SEGMENT:
            extra_spans = extra_spans + hl7_spans(view, self.types, self._words)
        return self._detect_with(
            prepared,
            note,
            known,
            regex_spans,
            extra_spans,
            salutations=note.salutations,
            site_starts=site_starts,
            site_stems=note.site_stems,
            variants=note.variants,
        )

    def _detect_whole(
        self, prepared: PreparedText, note: _NoteScan, known: Sequence[tuple[str, str]]
    ) -> Detection:
        """``scan_whole_notes``: every stage scans the whole note itself, as before the chunk's
        triggers and candidates existed; the reference the trigger-driven stages must equal."""
        view = prepared.view
        regex_spans = self.regex.find(view)
        if regex_spans and LOC in self.types:
            regex_spans = [
                Span(s.start, s.end, LOC, s.masker) if s.masker == "RegexZIP" and s.type == ADD else s
                for s in regex_spans
            ]
        if self.phi is not None:
            regex_spans += self.phi.find(view)
        extra_spans = self.org.find(view) if self.org is not None else []
        if self._zones:
            extra_spans += letter_zone_spans(view, self._words)
        extra_spans += hl7_spans(view, self.types, self._words)
        return self._detect_with(prepared, note, known, regex_spans, extra_spans)

    def _detect_with(
        self,
        prepared: PreparedText,
        note: _NoteScan,
        known: Sequence[tuple[str, str]],
        regex_spans: list[Span],
        extra_spans: list[Span],
        *,
        salutations: dict[int, tuple[str, ...]] | None = None,
        site_starts: list[int] | None = None,
        site_stems: list[int] | None = None,
        variants: list[tuple[int, int]] | None = None,
    ) -> Detection:
        """The maskers, typing and overlaps, after the pattern stages found ``regex_spans``
        (which block the maskers' tokens) and ``extra_spans``."""
        view = prepared.view
        hits = note.names
        if self._user_lists and hits:  # corrections and keep words come from the user's lists only
            corrections = [self._correction_span(h) for h in hits if h.bits & CORRECTION]
            keep = [(h.start, h.end) for h in hits if h.bits & KEEP and not h.bits & CORRECTION]
        else:
            corrections, keep = [], []
        blocked = [(s.start, s.end) for s in regex_spans]
        if corrections or keep:
            blocked += [(s.start, s.end) for s in corrections] + keep
        ctx = NoteContext(
            prepared,
            self.lexicon,
            self._words,
            hits,
            note.learned,
            blocked,
            self.vote_all,
            list(known),
            salutation_starts=salutations,
            site_starts=site_starts,
            site_stems=site_stems,
            variant_hits=variants,
            cue_hits=note.cue_hits,
        )
        for masker in self.maskers:
            masker.annotate(ctx)
        name_spans = self._type_names(ctx, {(h.start, h.end): h.bits for h in hits}) if ctx.votes else []
        site_spans = [Span(v.start, v.end, v.type or "SIT", v.masker) for v in ctx.site_votes]
        candidates = regex_spans + extra_spans + name_spans + site_spans
        if note.places:
            candidates += self._learned_places(view, note.places)
        if not candidates and not corrections:
            return Detection([], [])
        spans = self._resolve(corrections, candidates, keep)
        spans = retype_by_context(view, spans)
        spans = [s for s in spans if s.type in self.types]
        if LOC in self.types and any(s.type == HCP for s in spans):
            spans = self._with_towns_after_doctors(view, spans)
        if any(s.type in _NAMED_BY_TOWN for s in spans):
            spans = self._with_place_tails(view, spans)
        proven = [
            (s.reference.capitalize() if s.reference else view[s.start : s.end], s.type)
            for s in spans
            if s.masker in self._context_maskers and s.type in NAME_TYPES and " " not in view[s.start : s.end]
        ]
        if prepared.starts is None:
            return Detection(spans, proven)
        return Detection([self._to_original(prepared, s) for s in spans], proven)

    # -- steps ----------------------------------------------------------------------------------
    def _with_towns_after_doctors(self, view: str, spans: list[Span]) -> list[Span]:
        """A town after a health professional's name and its comma, where the practice is
        ("Hausarzt: Dr. Zirbl, Quirnbach."): a known place, or a word that may be a town (no
        ordinary word, listed name or noun) and ends as places do, ending its clause."""
        added: list[Span] = []
        for index, span in enumerate(spans):
            if span.type != HCP:
                continue
            m = _TOWN_AFTER_NAME.match(view, span.end)
            if m is None or (index + 1 < len(spans) and spans[index + 1].start < m.end("town")):
                continue
            town = m.group("town")
            parts = town.split("-")
            known = fold(town) in self.lexicon.places
            shaped = any(map(self._may_be_town, parts))  # a possible town that ends as places do
            if known or (shaped and all(self._may_be_town(p, ending=False) for p in parts)):
                added.append(Span(m.start("town"), m.end("town"), LOC, ORG_MASKERS[LOC]))
        return sorted([*spans, *added], key=_position) if added else spans

    def _with_place_tails(self, view: str, spans: list[Span]) -> list[Span]:
        """A place or site and the tail of its name are one name: a town after "bei" ("Zirbl bei
        Linz", "Spital Zirbl bei Lärchau"), a river, lake, valley or region after "am", "an der",
        "im", "in der", "ob der" ("Zirbl am See", "Zirbl an der Lärch", "Zirbl im Pinzgau"). Masked
        whole, so no tail stands beside a pseudonym of what the reader must then take for two
        places. The tail's word is a place span already, a known place, or a word that may be a
        place (no ordinary word, listed name or noun; "am See", "am Berg" too), not "am Montag"."""
        out: list[Span] = []
        spans = list(spans)  # merged sites replace their second part in this copy
        index = 0
        while index < len(spans):
            span = spans[index]
            index += 1
            nxt = spans[index] if index < len(spans) else None
            if span.type == SIT:
                # "Klinikum Zirbl – Lärchau", "Spital Neu Zirbl": a site and a place or site
                # right after it, a blank, a dash or a slash between, are one site
                if (
                    nxt is not None
                    and nxt.type in _NAMED_BY_TOWN
                    and _SITE_JOINT.fullmatch(view, span.end, nxt.start)
                ):
                    spans[index] = Span(span.start, nxt.end, SIT, span.masker)
                    continue
                town = self._known_town_after_site(view, span.end, nxt)
                if town is not None:
                    if view[span.end : town.start].strip() == ",":  # "Klinikum Zirbl, Linz": two names
                        out.append(span)
                        span = town
                    else:  # "LKH Zirbl Linz", "Klinikum Zirbl – Linz": one
                        span = Span(span.start, town.end, SIT, span.masker)
            m = PLACE_TAIL.match(view, span.end) if span.type in _NAMED_BY_TOWN else None
            if m is None:
                out.append(span)
                continue
            if nxt is not None and nxt.start < m.end("town"):
                if nxt.start != m.start("town") or nxt.type != LOC:
                    out.append(span)
                    continue
                end = nxt.end  # the tail's word is a place span already
                index += 1
            elif is_tail_word(
                m.group("town"),
                m.group("joint").lower() in ("bei", "b."),
                self.lexicon.places,
                self.lexicon.common,
                self._may_be_town,
            ):
                end = m.end("town")
            else:
                out.append(span)
                continue
            out.append(Span(span.start, end, span.type, span.masker))
        return out

    def _known_town_after_site(self, view: str, end: int, nxt: Span | None) -> Span | None:
        """A known place right after a site's name, where no span stands yet: after a blank, a
        dash, a slash or a comma ("LKH Zirbl Linz", "Klinikum Zirbl, Linz")."""
        m = _TOWN_AFTER_SITE.match(view, end)
        if m is None or (nxt is not None and nxt.start < m.end("town")):
            return None
        town = m.group("town")
        lexicon = self.lexicon
        if fold(town) not in lexicon.places or lexicon.is_common(town) or lexicon.is_listed_name(town):
            return None  # no place, or a word or a name too ("Klinikum Zirbl Huber")
        return Span(m.start("town"), m.end("town"), LOC, ORG_MASKERS[LOC])

    @staticmethod
    def _correction_span(hit: Hit) -> Span:
        return Span(hit.start, hit.end, hit.correction_type or "PER", "Correction")

    @staticmethod
    def _learned_places(view: str, places: list[tuple[int, int]]) -> list[Span]:
        """A place context proved somewhere in the corpus (learned in pass 1), wherever it is
        written capitalized: the other spans win overlaps (it ranks last)."""
        return [Span(start, end, LOC, "CorpusPlace") for start, end in places if view[start].isupper()]

    def _type_names(self, ctx: NoteContext, bits_at: dict[tuple[int, int], int]) -> list[Span]:
        """One span per name token, typed from its own evidence (first-vote mode) or from the
        pooled evidence of its whole mention (all-vote mode)."""
        group_hints: dict[int, set[str]] = {}
        group_bits: dict[int, int] = {}
        if self.vote_all:
            for key, votes in ctx.votes.items():
                root = ctx.group_of(key)
                for vote in votes:
                    group_hints.setdefault(root, set()).add(vote.hint)
                group_bits[root] = group_bits.get(root, 0) | (bits_at.get(key, 0) & NAME_BITS)
        types: dict[tuple[int, int], str] = {}

        def resolve(key: tuple[int, int], depth: int = 0) -> str:
            if key in types:
                return types[key]
            first = ctx.votes[key][0]
            if self.vote_all:
                root = ctx.group_of(key)
                etype = type_name(group_hints[root], group_bits[root])
            elif first.anchor is not None and first.anchor in ctx.votes and depth < 50:
                etype = resolve(first.anchor, depth + 1)
            else:
                etype = type_of_hint(first.hint, bits_at.get(key, 0))
            types[key] = etype
            return etype

        aliases = self._aliases
        if aliases and any(hit.bits & ALIAS for hit in ctx.learned_hits):
            view = ctx.view
            return [
                Span(
                    key[0],
                    key[1],
                    resolve(key),
                    votes[0].masker,
                    votes[0].reference or aliases.get(fold(view[key[0] : key[1]])),
                )
                for key, votes in ctx.votes.items()
            ]
        return [
            Span(key[0], key[1], resolve(key), votes[0].masker, votes[0].reference)
            for key, votes in ctx.votes.items()
        ]

    def _resolve(self, corrections: list[Span], spans: list[Span], keep: list[tuple[int, int]]) -> list[Span]:
        """Corrections beat every masker; keep-listed words are never masked; among the rest the
        longer span wins, then the earlier masker."""
        if not corrections and not keep:
            return resolve_overlaps(spans, self._rank)  # sorted by start already
        claimed = resolve_overlaps(corrections, self._rank)
        taken = RangeIndex([*((c.start, c.end) for c in claimed), *keep])
        free = [s for s in spans if not taken.overlaps(s.start, s.end)]
        return sorted(claimed + resolve_overlaps(free, self._rank), key=lambda s: s.start)

    @staticmethod
    def _to_original(prepared: PreparedText, span: Span) -> Span:
        start, end = prepared.to_original(span.start, span.end)
        return Span(start, end, span.type, span.masker, span.reference)


# Word classes a town's name after a postcode does not have (a noun by its form aside, which
# ``_may_be_place`` weighs).
_NOT_A_PLACE = COMMON | TITLE | KEPT | NOT_NAME_SHAPED | COUNTRY
# A town after a name and its comma, ending its clause: "Dr. Zirbl, Quirnbach."
_TOWN_AFTER_NAME = re.compile(rf",[ \t]{{1,2}}(?P<town>{TOWN_WORD})(?=[ \t]*(?:[.,;)\n]|\Z))")

# What may stand between a site and the place or site that goes on its name.
_SITE_JOINT = re.compile(r"[ \t]{0,2}[-–/]?[ \t]{0,2}")
# A town right after a site's name: "LKH Zirbl Linz", "Klinikum Zirbl – Linz", "…, Linz".
_TOWN_AFTER_SITE = re.compile(
    rf"(?:[ \t]{{1,2}}[-–/]?[ \t]{{0,2}}|,[ \t]{{1,2}})(?P<town>{TOWN_WORD})(?![\w-])"
)
_NAMED_BY_TOWN = frozenset({LOC, SIT})

# Pass-1 spans that mean FullName may have voted: its own, and those that can hide one of its
# votes in overlap resolution (a site, the context stage's organisations, professions, places).
_MAY_HIDE_FULL_NAME = frozenset({"FullName", "MedicalSite", "Profession", "Organization", "Place"})


def _uncovered_place(view: str, places: list[tuple[int, int]], spans: Sequence[Span]) -> bool:
    """Is a capitalized learned place not inside one of pass 1's spans?"""
    return any(
        view[start].isupper() and not any(s.start <= start and end <= s.end for s in spans)
        for start, end in places
    )


def _nothing(start: int, end: int) -> bool:
    return False


# Spans that block the maskers' tokens (``Detector.detect``: the regex and PHI stages and the
# corrections); the context stage's (Profession, Organization, Place) block nothing.
_BLOCKING = frozenset(
    {"Correction", "RegexPhone", "RegexAddress", "RegexZIP", "RegexWebsite", "RegexEmail", "RegexDate",
     "RegexAge", "RegexID"}
)  # fmt: skip


def _taken_in(spans: Sequence[Span], voting: frozenset[str]) -> Callable[[int, int], bool]:
    """Whether a token was claimed in pass 1: voted for (a name span of a masker on exactly it)
    or blocked (overlapping a span of the regex or PHI stages or a correction). A site span or
    a context-stage span claims nothing: their words were not voted for one by one."""
    names = {(s.start, s.end) for s in spans if s.masker in voting and s.type in NAME_TYPES}
    blocking = [(s.start, s.end) for s in spans if s.masker in _BLOCKING]

    def taken(start: int, end: int) -> bool:
        return (start, end) in names or any(s < end and start < e for s, e in blocking)

    return taken
