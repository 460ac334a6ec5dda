"""Salutation masker: the capitalized word(s) after Frau, Herr, Dr., DGKP, LG, Hallo ...

The strongest evidence a note offers: whoever follows a form of address is a person. Titles
chain ("Univ.-Prof. Dr. med."), the salutation itself is kept, and the kind of salutation is
typing evidence (Dr. -> HCP, Pat. -> PAT, a sign-off -> the note's author).
"""

from __future__ import annotations

import functools
import re

import ahocorasick

from deid_cli.detection.grammar.person import (
    PARTICLE_WORDS,
    fills_surname_slot,
    lone_initial,
    medical_term,
    name_in_slot,
    plausible_in_capitals,
)
from deid_cli.detection.grammar.signature import block_lines, cells, person_tokens
from deid_cli.detection.maskers.base import WORD, MaskerSetup, NoteContext, Vote
from deid_cli.detection.normalize import fold
from deid_cli.detection.patterns.letters import CAPITAL
from deid_cli.detection.patterns.regex_guard import first_char_class, first_char_class_of_words, guarded
from deid_cli.detection.words import ABBREVIATION, COMMON, KEPT, LISTED, NEAR_COMMON, NOUN_SHAPED, TITLE

# Salutations strong enough to prove even an ordinary word a name ("Herr Koch", "Dr. Wolf").
STRONG_TRIGGERS = frozenset(
    {
        "frau", "herr", "herrn", "hr.", "hrn.", "dr.", "dr.in", "doktor", "prof.", "univ.-prof.",
        "oa", "oä", "prim.", "primar", "primaria", "dgkp", "dgks", "oberarzt", "oberärztin",
        "priv.-doz.", "univ.-doz.", "doz.", "dr. med.", "dr.med.", "dr. med", "fr.", "frl.", "drs.",
        "dres.",
    }
)  # fmt: skip
# Plural titles: the names they introduce may be joined by "und", "u." or "&" ("Drs. X und Y").
PLURAL_TRIGGERS = frozenset({"drs.", "dres."})
# Academic titles that say nothing about medicine: after Herr/Frau they keep the person a
# patient ("Hr. Ing. X"), where a clinical title would make them a professional.
NON_CLINICAL_TITLES = frozenset({"ing.", "dipl.-ing.", "di", "ba", "ma", "bsc", "msc", "mba"})
# Evidence strength when several salutations chain ("Hallo Frau Dr. X" is an HCP, "Tochter
# Frau X" a relative, "Sehr geehrte Frau X" the letter's addressee).
_KIND_RANK = {"hcp": 0, "patient": 1, "relative": 2, "address": 3, "personal": 4, "signoff": 5}
_MAX_NAME_WORDS = 3
_GAP_SAME_LINE = re.compile(r"[ \t]*(?::[ \t]*)?(?:\([ \t]*)?")
_GAP_CHAIN = re.compile(r"[ \t]*,?[ \t]*")
_ONE_SPACE = re.compile(r"[ \t]")
# Name particles, alone or chained, belong to the name: "Frau de la X", "Herr von der X".
_PARTICLE = re.compile(rf"(?:(?:{PARTICLE_WORDS}|al|el|bin|ibn)[ \t]+)+(?={CAPITAL})")
# An initial with its full stop: "Dr. A. Zirbleitner".
_INITIAL = re.compile(rf"{CAPITAL}\.[ \t]*(?={CAPITAL})")
# What follows a salutation, in one match: a particle, an initial, a word, each taken if it is
# there and then kept (atomic), as three matches one after the other would.
_NAME_PARTS = re.compile(
    rf"(?>(?P<particle>{_PARTICLE.pattern})?)(?>(?P<initial>{_INITIAL.pattern})?)(?P<word>{WORD.pattern})?"
)
_GAP_CHARS = " \t,:(\r\n"  # what the gap patterns above and below may start with
_GAP_SIGNOFF = re.compile(r"[ \t]*,?[ \t]*(?:\r?\n[ \t]*)?")
# "Fr." is also Friday: after "am", "ab", "bis", "jeden" or another weekday ("Mo.-Fr.") it
# introduces no one ("Rückruf am Fr. Parkinson bekannt").
_WEEKDAY_ABBREVIATIONS = frozenset({"fr."})
_WEEKDAY_CUE = re.compile(
    r"(?<![^\W\d_])(?:am|ab|bis|vom|jeden|jedem|nächsten|kommenden|diesen|Mo|Di|Mi|Do|Sa|So)\.?"
    r"[ \t]*[-–/,]?[ \t]*$",
    re.IGNORECASE,
)
_AND = re.compile(r"[ \t]*(?:,|und|u\.|&)[ \t]*")


class SalutationMasker:
    """Votes for the name words that follow a salutation or title."""

    name = "Salutation"
    proves_names = True

    @classmethod
    def build(cls, setup: MaskerSetup) -> SalutationMasker | None:
        return cls(setup.lexicon.public.salutations, setup.lexicon.public.titles)

    def __init__(self, salutations: list[tuple[str, str]], titles: list[str]) -> None:
        kinds: dict[str, str] = {}
        for trigger, kind in salutations:
            kinds[trigger] = kind
            if kind in ("signoff", "address"):
                kinds.setdefault(trigger.lower(), kind)
        for title in titles:
            kinds.setdefault(title, "hcp")
            # letterheads and address blocks write titles in capitals too ("DR. MED. UNIV. X")
            kinds.setdefault(title.upper(), "hcp")
        self._kinds = kinds
        alternatives = sorted(kinds, key=len, reverse=True)
        self._alternatives = alternatives
        # each trigger's first word, found once: the patterns of a set of first words are built
        # during the run, as new sets turn up
        self._first_words = [(_first_word(t), t) for t in alternatives]
        self._body = body = _alternation(alternatives)
        # What may follow a trigger for anything to happen: a blank or gap character, a letter
        # (a name, or "Dr.Gruber"), or the first character of a chained title.
        self._title_start = re.compile(_first_chars(alternatives, body) or ".", re.S)
        self._normalized = {re.sub(r"\s+", " ", t): k for t, k in kinds.items()}
        self._firsts = _first_word_automaton(alternatives)
        # (trigger, chained-title) patterns of the triggers that start with given first words
        self._by_first: dict[tuple[str, ...], tuple[re.Pattern[str], re.Pattern[str]]] = {}
        self._trigger_facts: dict[str, tuple[str, bool]] = {}
        self._title_facts: dict[str, tuple[str, bool]] = {}

    # The whole alternation of triggers, compiled when first needed: a note the chunk's automaton
    # scanned matches only the triggers of the words it found (``_patterns``).
    @functools.cached_property
    def _trigger(self) -> re.Pattern[str]:
        return guarded(r"(?<![\w.])", rf"(?:{self._body})")

    @functools.cached_property
    def _chained(self) -> re.Pattern[str]:
        """A chained title may follow a full stop without a space: "Prof. Dr.Dr. X"."""
        return re.compile(rf"(?<![\w])(?:{self._body})")

    def _facts(self, trigger: str) -> tuple[str, bool]:
        """A trigger's kind and whether it is strong, worked out once per spelling."""
        facts = self._trigger_facts.get(trigger)
        if facts is None:
            strong = fold(trigger) in STRONG_TRIGGERS or trigger.lower() in STRONG_TRIGGERS
            facts = self._trigger_facts[trigger] = (self._kind(trigger), strong)
        return facts

    def _chained_facts(self, title: str) -> tuple[str, bool]:
        """A chained title's kind and whether it is strong (as written, lower case), once per
        spelling."""
        facts = self._title_facts.get(title)
        if facts is None:
            facts = self._title_facts[title] = (self._kind(title), title.lower() in STRONG_TRIGGERS)
        return facts

    def _kind(self, text: str) -> str:
        # A trigger's only blanks are spaces and tabs; most have one space or none, so the
        # re.sub (costly on notes full of titles) runs only when a key could differ.
        key = re.sub(r"\s+", " ", text) if "\t" in text or "  " in text else text
        return self._normalized.get(key, "personal")

    def annotate(self, ctx: NoteContext) -> None:
        pos = 0
        starts = ctx.salutation_starts if self._firsts is not None else None
        if starts is not None:  # the words the chunk's automaton found, in order of position
            view = ctx.view
            by_first = self._by_first
            for start, firsts in starts.items():
                if start < pos:
                    continue
                match = (by_first.get(firsts) or self._patterns(firsts))[0].match(view, start)
                if match is None:
                    continue
                end = match.end()
                if self._facts(match.group())[0] == "signoff":
                    self._vote_signature_block(ctx, end)
                # "Pat. hat", most triggers: one blank, then a lower-case word that starts no
                # chained title (the automaton saw none) and is no particle ("von"): only a
                # capitalized word, an initial or a particle before one can be voted for.
                if (
                    view[end : end + 1] == " "
                    and view[end + 1 : end + 2].islower()
                    and end + 1 not in starts
                    and _PARTICLE.match(view, end + 1) is None
                ):
                    pos = end
                    continue
                pos = self._after_trigger(ctx, match)
            return
        if self._firsts is not None and ctx.match_view:
            for start in self._trigger_starts(ctx.match_view):
                if start >= pos and (match := self._trigger.match(ctx.view, start)) is not None:
                    pos = self._after_trigger(ctx, match)
            return
        while (match := self._trigger.search(ctx.view, pos)) is not None:  # scan the note
            pos = self._after_trigger(ctx, match)

    def _patterns(self, firsts: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str]]:
        """The trigger and chained-title patterns of just the triggers that start with one of
        ``firsts``: the others cannot match where the automaton found these words, and trying
        them all (a long alternation) cost more than the rest of the masker."""
        found = self._by_first.get(firsts)
        if found is None:
            body = _alternation([t for first, t in self._first_words if first in firsts]) or "(?!)"
            found = re.compile(rf"(?<![\w.])(?:{body})"), re.compile(rf"(?<![\w])(?:{body})")
            self._by_first[firsts] = found
        return found

    def _chained_at(self, ctx: NoteContext, pos: int) -> re.Match[str] | None:
        """A title chained at ``pos`` ("Prof. Dr. med. X"): where the automaton saw its first
        word, or by the whole pattern when the note was not scanned."""
        starts = ctx.salutation_starts if self._firsts is not None else None
        if starts is None:
            return self._chained.match(ctx.view, pos)
        firsts = starts.get(pos)
        return self._patterns(firsts)[1].match(ctx.view, pos) if firsts is not None else None

    def _trigger_starts(self, match_view: str) -> list[int]:
        """Where a trigger may start, in order: the words that begin like one (an automaton of
        every trigger's first word, lower case, as a prefix, on the note's match view). A
        superset of where the pattern matches, so matching it at each of them in order finds
        what scanning the note would, without the scan."""
        return sorted({end - length + 1 for end, length in self._firsts.iter(match_view)})

    def _after_trigger(self, ctx: NoteContext, match: re.Match[str]) -> int:
        """Vote for what follows one trigger; returns where the next trigger may start."""
        view = ctx.view
        end = match.end()
        if ctx.salutation_starts is None and self._facts(match.group())[0] == "signoff":
            self._vote_signature_block(ctx, end)  # (the chunked path did this already)
        after = view[end : end + 1]
        if after and not (after.isalnum() or after in _GAP_CHARS or self._title_start.match(after)):
            return end  # "Dr.-", "Herr/": nothing can follow, skip the work
        if after == " " and view[end + 1 : end + 2].islower() and self._nothing_follows(ctx, end + 1):
            return end  # "Pat. hat", most triggers: a lower-case word is no name
        return self._annotate_after(ctx, match)

    def _nothing_follows(self, ctx: NoteContext, pos: int) -> bool:
        """After a trigger and one blank, a lower-case word at ``pos`` ends the mention: no
        chained title starts there (the automaton saw none) and it is no particle ("von").
        Only a capitalized word, an initial or a particle before one can be voted for."""
        starts = ctx.salutation_starts if self._firsts is not None else None
        return starts is not None and pos not in starts and _PARTICLE.match(ctx.view, pos) is None

    def _annotate_after(self, ctx: NoteContext, match: re.Match[str]) -> int:
        """Consume chained titles after one trigger, then vote for up to three name words."""
        view = ctx.view
        if match.group().lower() in _WEEKDAY_ABBREVIATIONS and _WEEKDAY_CUE.search(
            view, max(0, match.start() - 16), match.start()
        ):
            return match.end()  # "am Fr.": a day, not a salutation
        kind, strong = self._facts(match.group())
        rank = _KIND_RANK.get(kind, 9)
        end = match.end()
        last_title = match.group()  # the title right before the name
        while True:
            gap = _GAP_CHAIN.match(view, end)
            chained = self._chained_at(ctx, gap.end())
            if chained is None:
                break
            chained_kind, chained_strong = self._chained_facts(chained.group())
            if kind in ("personal", "patient") and chained.group().lower() in NON_CLINICAL_TITLES:
                chained_kind = kind  # "Hr. Ing. X": an engineer, still the patient
            if _KIND_RANK.get(chained_kind, 9) < rank:  # the strongest evidence, first of equals
                kind, rank = chained_kind, _KIND_RANK.get(chained_kind, 9)
            strong = strong or chained_strong
            end = chained.end()
            last_title = chained.group()
        gap_re = _GAP_SIGNOFF if kind in ("signoff", "address") else _GAP_SAME_LINE
        start = gap_re.match(view, end).end()
        if start == end and view[end - 1 : end].isalpha():
            return end  # "Frauen", "Herrlich": the trigger is part of a longer word
        if (
            strong
            and view[start + 1 : start + 2] == "."
            and (initial := lone_initial(view, start)) is not None
        ):
            if ctx.wants(initial) and not ctx.is_blocked(*initial):
                self._vote_initial(ctx, initial[0], kind, -1)  # "Herr W.", "Frau I. wurde ..."
            return max(initial[1] + 1, match.end())
        plural = match.group().lower() in PLURAL_TRIGGERS
        group = -1
        while True:
            group, end, voted = self._name_words(
                ctx, start, end, kind, strong, group, last_title.endswith(".")
            )
            joined = _AND.match(view, end) if plural and voted else None
            if joined is None or joined.end() == end:
                break
            start = joined.end()  # "Drs. X und Y": the next name of the same title
        return max(end, match.end())

    def _vote_signature_block(self, ctx: NoteContext, end: int) -> None:
        """The signers under a closing formula ending at ``end``: every cell of the block's
        lines that reads as a person, all its name tokens (``grammar/signature.py``)."""
        for line_start, line_end in block_lines(ctx.view, end):
            for cell_start, cell_end in cells(ctx.view, line_start, line_end):
                tokens = person_tokens(ctx, cell_start, cell_end)
                if tokens is None:
                    continue
                group = ctx.new_group()
                for token in tokens:
                    if ctx.wants(token):
                        ctx.add(Vote(*token, self.name, hint="signoff", group=group))

    def _name_words(
        self, ctx: NoteContext, start: int, end: int, kind: str, strong: bool, group: int, dotted: bool
    ) -> tuple[int, int, bool]:
        """Vote for up to three name words from ``start``: (group, where they end, whether any
        word was voted for)."""
        view = ctx.view
        voted = False
        previous = (start, start)  # the last name word voted for
        for index in range(_MAX_NAME_WORDS):
            parts = _NAME_PARTS.match(view, start)  # particle?, initial?, word?, each committed
            if parts.start("initial") >= 0:
                start = parts.start("initial")
                if ctx.wants((start, start + 1)) and not ctx.is_blocked(start, start + 1):
                    group = self._vote_initial(ctx, start, kind, group)
            word_start, word_end = parts.span("word")
            if word_start < 0:
                break
            if index == 0 and strong and kind != "hcp" and self._role_noun(ctx, word_start, word_end):
                after = _ONE_SPACE.match(view, word_end)
                following = WORD.match(view, after.end()) if after else None
                if following is not None and ctx.plausible_unknown_name(following.start(), following.end()):
                    word_start, word_end = following.span()
            if index == 0:
                accepted = self._accept_first(ctx, word_start, word_end, strong, kind, dotted)
            else:
                capitals = view[previous[0] : previous[1]].isupper()
                accepted = self._accept_next(ctx, word_start, word_end, kind, capitals)
            if not accepted:
                break
            # "Herr von X", "Jann von X": the particle is part of the mention; right after a
            # relative noun or a greeting it is a preposition ("Tochter von X", "Grüße von X").
            if parts.start("particle") >= 0 and (index > 0 or kind in ("personal", "patient", "hcp")):
                group = self._vote_particle(ctx, parts.start("particle"), parts.end("particle"), kind, group)
            group, end = self._vote_chain(ctx, word_start, word_end, kind, group)
            previous = (word_start, word_end)
            voted = True
            nxt = _ONE_SPACE.match(view, end)
            if nxt is None:
                break
            start = nxt.end()
        return group, end, voted

    @staticmethod
    def _accept_first(ctx: NoteContext, start: int, end: int, strong: bool, kind: str, dotted: bool) -> bool:
        """After a clinical title a capitalized word is a name ("Dr. Koch", "Prof. Amsel"), unless
        it is a noun by its ending or, after a role without full stop, an ordinary word
        ("OA Kardiologie", "OÄ Innere Medizin");
        after Frau/Herr an ordinary word only if it is also a listed name ("Herr Koch", but not
        "Herr Pfarrer"), and so after "Pat."/"Patientin" ("Pat. Fuchs", but not "Pat. Befinden");
        after another weak salutation ("LG", "Tochter") it must be a plausible name."""
        view = ctx.view
        if not view[start].isupper():
            return False
        bits = ctx.words.of(view[start:end])
        if bits & (TITLE | KEPT) or ctx.is_blocked(start, end):
            return False
        if bits & ABBREVIATION and view[end : end + 1] == ".":
            return False
        if strong and kind == "hcp":
            # An academic title written with its full stop ("Dr.", "Prof.") precedes a name, even
            # an ordinary word ("Dr. Amsel"); a role ("OA", "Oberärztin") also a department
            # ("OA Kardiologie", "OÄ Innere Medizin"), so there only a listed name or no word.
            if bits & LISTED:
                return True
            if dotted:
                return not medical_term(view[start:end])
            return not bits & (COMMON | NOUN_SHAPED)
        if strong and (not bits & COMMON or bits & LISTED):
            return True
        if kind == "patient" and bits & LISTED and not bits & NOUN_SHAPED:
            return True
        if kind == "relative" and bits & NEAR_COMMON and not bits & (COMMON | NOUN_SHAPED):
            # "Tochter Sabina": after a relative noun comes a given name, and a given name one
            # letter from a frequent word is still a name there (not "Tochter Besuch").
            return ctx.plausible_unknown_name(start, end) or name_in_slot(ctx, start, end)
        return ctx.plausible_unknown_name(start, end)

    @staticmethod
    def _role_noun(ctx: NoteContext, start: int, end: int) -> bool:
        """An ordinary noun between salutation and name ("Herr Pfarrer X", "Frau Nachbarin X")."""
        if not ctx.view[start].isupper():
            return False
        bits = ctx.words.of(ctx.view[start:end])
        return bool(bits & COMMON) and not bits & LISTED

    @staticmethod
    def _accept_next(ctx: NoteContext, start: int, end: int, kind: str, capitals: bool) -> bool:
        """A further capitalized word ("Frau Anna Gruber", "DGKP Hugmar Gaißreiter") must be a
        plausible name: not an ordinary word, drug, acronym or typo of a word; in capitals,
        judged as written in a name after a word in capitals ("FRAU EVA KAJAK", not "Herr X HF").
        After a title or a relative noun the first word is mostly a given name, so a listed
        surname follows even if it is an ordinary word or an eponym ("Dr. Eva Unterberger",
        "Ehefrau Eva Kraft"); after a title also a compound or a word one letter from a frequent
        one ("Dr. Eva Sauerteig"). Notes drop their commas, so after Frau/Herr or a relative noun
        an unlisted ordinary word or a typo is the sentence going on ("Frau X Gewiccht +1 kg",
        "lt. Ehefrau Eva Gewicht stabil")."""
        if ctx.plausible_unknown_name(start, end) or (capitals and plausible_in_capitals(ctx, start, end)):
            return True
        if kind == "hcp":  # after a title, sentences do not go on: "Dr. Eva Sauerteig"
            return name_in_slot(ctx, start, end)
        return kind == "relative" and fills_surname_slot(ctx, start, end, context_proven=False)

    def _vote_initial(self, ctx: NoteContext, start: int, kind: str, group: int) -> int:
        """An initial is part of the name it precedes and is masked with it."""
        if group < 0:
            group = ctx.new_group()
        ctx.add(Vote(start, start + 1, self.name, hint=kind, group=group))
        return group

    def _vote_particle(self, ctx: NoteContext, start: int, end: int, kind: str, group: int) -> int:
        """The words of a name particle ("von", "de la"), each a token of the mention, so that
        the mention is masked whole."""
        if group < 0:
            group = ctx.new_group()
        for word in WORD.finditer(ctx.view, start, end):
            if ctx.wants(word.span()) and not ctx.is_blocked(*word.span()):
                ctx.add(Vote(*word.span(), self.name, hint=kind, group=group))
        return group

    def _vote_chain(self, ctx: NoteContext, start: int, end: int, kind: str, group: int) -> tuple[int, int]:
        """Vote for a word and the capitalized parts hyphenated to it ("Müller-Huber")."""
        view = ctx.view
        if group < 0:
            group = ctx.new_group()
        while True:
            if ctx.wants((start, end)):
                ctx.add(Vote(start, end, self.name, hint=kind, group=group))
            if end < len(view) - 1 and view[end] == "-":
                part = WORD.match(view, end + 1)
                if part and _double_name_part(ctx, part.start(), part.end()):
                    start, end = part.span()
                    continue
            break
        return group, end


def _double_name_part(ctx: NoteContext, start: int, end: int) -> bool:
    """The part after a hyphen in a salutation's name: a plausible name, or a listed surname
    even if it is an ordinary word ("Frau Eva Kranz-Adler"), not a noun ("Maier-Nachsorge")."""
    if ctx.looks_like_name(start, end):
        return True
    listed = bool(ctx.word_class(start, end) & LISTED)
    return listed and fills_surname_slot(ctx, start, end, context_proven=True)


def _alternation(triggers: list[str]) -> str:
    """The regex alternation of triggers, in the given order. A trigger is a whole word: no
    letter/dot before it (the caller's lookbehind), and no letter right after it unless it ends
    in a full stop ("Dr.Gruber" is written without a space)."""
    return "|".join(
        re.escape(t).replace(r"\ ", r"[ \t]+") + ("" if t.endswith(".") else r"(?![^\W\d_])")
        for t in triggers
    )


def _first_chars(triggers: list[str], body: str) -> str | None:
    """``first_char_class`` of the triggers' alternation (``_alternation``), read off their first
    characters when none is empty or starts with a blank (which the alternation writes as a
    class of blanks): parsing the alternation of every trigger would cost more."""
    if all(trigger and not trigger[0].isspace() for trigger in triggers):
        return first_char_class_of_words(triggers)
    return first_char_class(body)


def _first_word(trigger: str) -> str | None:
    first = re.match(r"[^\W_]+", trigger.lower())
    return first.group() if first else None


def _first_word_automaton(triggers: list[str]) -> ahocorasick.Automaton | None:
    """An automaton of " word" for the first word of every trigger (lower case, a prefix: the
    pattern may go on with a digit, a dot or a further word); None if a trigger does not start
    with a letter or digit, so its start could not be found this way."""
    automaton = ahocorasick.Automaton()
    for trigger in triggers:
        first = re.match(r"[^\W_]+", trigger.lower())
        if first is None:
            return None
        key = " " + first.group()
        automaton.add_word(key, len(key))
    automaton.make_automaton()
    return automaton
