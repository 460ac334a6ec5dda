"""MedicalSite masker: hospitals, clinics and rehabilitation centres.

Two sources: the multi-word site dictionary ("LKH Innsbruck", "AKH Wien"), and the grammar
"site word + its name": a place of the postcode dictionaries ("BKH Schwaz", "Klinikum
Wels-Grieskirchen", "Reha Bad Häring"), a saint ("Krankenhaus St. Josef", "Klinikum Sankt
Elisabeth Braunau"), a religious order or founder after "der"/"des" ("KH der Barmherzigen Brüder
Linz", "Spital der Elisabethinen"), or one name-like word, so any town's or order's hospital is
found without listing every combination.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from deid_cli.detection.chunk import SITE_HEAD_IN_CAPITALS, UPPER_SITE_HEADS, named_site_candidate
from deid_cli.detection.lexicon.lexicon import KEEP, SITE
from deid_cli.detection.lexicon.triggers import (
    COMPOUND_SITE_HEADS,
    DOCTOR_SITE_WORDS,
    EPITHET_SITE_WORDS,
    SAINT_WORDS,
    THERAPY_SITE_WORDS,
    TOWN_NAMED_SERVICE_WORDS,
)
from deid_cli.detection.maskers.base import WORD, MaskerSetup, NoteContext, Vote
from deid_cli.detection.normalize import fold
from deid_cli.detection.patterns.alternation import trie_alternation
from deid_cli.detection.patterns.letters import CAPITAL
from deid_cli.detection.patterns.organisations import PLACE_TAIL, TAIL_NOUNS, compound_start
from deid_cli.detection.patterns.organisations import REGION_CODE as _REGION_CODE
from deid_cli.detection.patterns.place_index import DISTRICT_WORDS, place_prefix_end
from deid_cli.detection.patterns.regex_guard import first_char_class_of_words, guarded, matches_from
from deid_cli.detection.spans import SIT
from deid_cli.detection.words import COMMON, COMPOUND, KEPT, TITLE

# The gap between a site word and its name: blanks, or a hyphen before a capital ("KH-Zirbl").
_SPACE = re.compile(rf"[ \t]{{1,2}}|-(?={CAPITAL})")
_PLACE_WORD = re.compile(rf"(?:[ \t]+|-(?={CAPITAL}))((?:[^\W\d_][\w'’]*\.?)(?:-[^\W\d_][\w'’]*)*)")
_MAX_PLACE_WORDS = 4
# A saint a house is named after: "St. Josef", "Sankt Elisabeth", "Hl. Geist", "St. Anna-Kinderspital".
# A saint's title (the automaton's trigger words for a house named after one, "im St. Josef").
_SAINT_TITLE = "|".join(re.escape(word) for word in SAINT_WORDS)
_SAINT = re.compile(
    rf"[ \t]+(?:{_SAINT_TITLE}|Heilige[nr]?)[ \t]*({CAPITAL}[^\W\d_]+(?:-{CAPITAL}[^\W\d_]+)*)"
)
# An order or founder after the site word: "der Barmherzigen Brüder", "der Elisabethinen".
_OF_WHOM = re.compile(rf"[ \t]+(?:der|des|DER|DES)[ \t]+({CAPITAL}[^\W\d_]+)(?:[ \t]+({CAPITAL}[^\W\d_]+))?")


# A house named after a person or place, hyphenated onto its kind: "Anna-Muster-Klinik",
# "St.-Zirbl-Spital", "Zirbldorf-Krankenhaus".
_NAMED_SITE = re.compile(
    rf"{CAPITAL}(?<![\w.-]{CAPITAL})[\w.]*(?:-{CAPITAL}[\w.]*){{0,3}}-"
    r"(?:Klinik|Klinikum|Kliniken|Krankenhaus|Spital|Hospital|Sanatorium|Hospiz|Ambulatorium)(?![\w-])"
)


# A saint before a house hyphenated onto its kind: "St. Josef-Krankenhaus".
_SAINT_BEFORE = re.compile(rf"(?<![\w.])(?:{_SAINT_TITLE})[ \t]?\Z")
# An epithet a house's name starts with: "Evangelisches Krankenhaus", "Akademisches
# Lehrkrankenhaus", "Allgemeines Krankenhaus", "Öffentliches Spital".
_EPITHET_BEFORE = re.compile(
    rf"(?<![\w-])(?:(?:{CAPITAL}[a-zäöüß]+(?:isch|lich|sozial)|Allgemein|Mobil|Ambulant|Sozial|(?:Teil)?[Ss]tationär)"
    r"(?:e|es|en|er|em)?|[Aa]\.[ ]?ö\.|"
    # abbreviated: "Ev. Krankenhaus", "Kath. Klinikum", "Städt. Klinik", "Allg. öff. Krankenhaus"
    r"(?:Ev|Evang|Kath|Allg|Allgem|Städt|Öff|Priv|Akad|Gem|Psych)\.)[ \t]"
    # a second epithet: "Allgemeines öffentliches Krankenhaus", "Öffentliches Allgemeines …"
    r"(?:(?:[A-ZÄÖÜa-zäöü][a-zäöüß]+(?:isch|lich)|Allgemein)(?:e|es|en|er|em)?[ \t]|[Öö]ff\.[ \t])?\Z"
)
# The first part of a coordinated compound before a site word: "Pflege- und Betreuungszentrum",
# "Reha- & Kurzentrum".
_ELLIPSIS_BEFORE = re.compile(rf"(?<![\w-]){CAPITAL}[a-zäöüß]+-[ \t]+(?:und|&|u\.|bzw\.)[ \t]+\Z")
# Site nouns that name a house only after an epithet (``triggers.EPITHET_SITE_WORDS``) or only
# before its doctors (``triggers.DOCTOR_SITE_WORDS``: "Labor Dr. Zirbl"; "Labor unauffällig"
# names none), in one scan.
_GATED_SITE = re.compile(
    # not inside a word, or after an acronym's hyphen ("OP-Zentrum Zirbl")
    r"(?<![\w.])(?:(?<!-)|(?<=[A-Z]{2}-))"
    rf"(?:(?P<epithet>{'|'.join(re.escape(word) for word in EPITHET_SITE_WORDS)})"
    rf"|{'|'.join(re.escape(word) for word in DOCTOR_SITE_WORDS)}"
    # a letterhead's or a stamp's capitals ("KIEFERORTHOPÄDIE DR. ZIRBL")
    rf"|{'|'.join(re.escape(word.upper()) for word in DOCTOR_SITE_WORDS)})(?![\w-])"
)
# The doctor site words in capitals.
_IN_CAPITALS = frozenset(word.upper() for word in DOCTOR_SITE_WORDS)
# The first letters of the saints' and the gated site words: only site starts with one are tried.
_SAINT_FIRSTS = frozenset(word[0] for word in SAINT_WORDS)
_GATED_FIRSTS = frozenset(word[0] for word in (*EPITHET_SITE_WORDS, *DOCTOR_SITE_WORDS))
# A department between a site word and its town ("für Innere Medizin und Psychiatrie").
_DEPARTMENT = re.compile(r"[ \t]+für(?=[ \t])")
_DEPARTMENT_WORD = re.compile(
    rf"[ \t]+(?:{CAPITAL}[^\W\d_]+(?:-{CAPITAL}?[^\W\d_]+)*-?|und|der|innere|[a-zäöü]+e)(?![\w-])"
)
_MAX_DEPARTMENT_WORDS = 5


def _compound_town(ctx: NoteContext, word: str) -> bool:
    """A compound of two common words that ends as places do ("Spital Lindenfeld"): a town's
    name after a site word, where a noun ("Klinikum Wundkontrolle") is not."""
    bits = ctx.words.of(word)
    return bool(bits & COMPOUND) and not bits & (COMMON | TITLE | KEPT) and ctx.lexicon.ends_like_place(word)


def _with_epithet(view: str, start: int) -> int:
    """The start of a site's name with the epithet before its site word, if one stands there,
    and the first part of a coordinated compound before that ("Pflege- und Betreuungszentrum")."""
    epithet = _EPITHET_BEFORE.search(view, max(0, start - 30), start)
    start = epithet.start() if epithet is not None else start
    ellipsis = _ELLIPSIS_BEFORE.search(view, max(0, start - 40), start)
    return ellipsis.start() if ellipsis is not None else start


# A practice (or a private clinic) is named after its doctors: "Praxis Dr. Zirbl", "Ordination
# Dr. med. Anna Zirbl", "Gemeinschaftspraxis Dr. Zirbl & Dr. Lärch", "Sanatorium Dr. Zirbl".
# Honorary titles of Austrian doctors that title lists lack ("MR Dr.", "OMR Dr.").
_HONORARY = frozenset({"mr", "omr", "medr", "sr", "hr", "ao", "em"})
# A title of the doctors' chain: "Dr.", "Dr.in", "med.", "univ.", "Prof.", "MR", "OA", or titles
# glued by their full stops ("Dr.med.", "Univ.-Prof."); `_is_title` checks each part.
_TITLE_TOKEN = re.compile(r"[ \t]{1,2}([A-Za-zÄÖÜäöü]{1,5}(?:\.-?[A-Za-zÄÖÜäöü]{1,5})*\.?)(?![\w'’-])")
_DOCTORS_JOINER = re.compile(r"[ \t]*(?:&|und|,|/)(?=[ \t])")
# A name word, maybe with an elided article ("O'Zirbl", "D'Lärchi") or hyphenated once.
_NAME_WORD = re.compile(
    rf"[ \t]{{1,2}}({CAPITAL}(?:['’]{CAPITAL})?[^\W\d_]+(?:-{CAPITAL}[^\W\d_]+)?)(?![\w-])"
)
# A surname's particle, maybe two words, before its name word: "Dr. Anna von Zirbl", "Dr. Luca
# de Lärch", "Dr. van der Zirbl", "Dr. de la Lärch". Right after the titles only those that
# start a surname (not "zu", "vom", "zur": "Praxis Dr. zur Abklärung" names no one).
_SURNAME_PARTICLE = (
    r"(?:von|van|de|da|di|del|della|du|le|la|ten|ter)(?:[ \t](?:der|den|dem|de|la|le|los|las))?"
)
_PARTICLE = re.compile(rf"[ \t]{{1,2}}(?:{_SURNAME_PARTICLE}|zu|vom|zur)(?=[ \t]{CAPITAL})")
_FIRST_PARTICLE = re.compile(rf"[ \t]{{1,2}}{_SURNAME_PARTICLE}(?=[ \t]{CAPITAL})")
# The partners a practice names after its doctors: "Praxis Dr. Zirbl und Partner".
_PARTNERS = re.compile(r"[ \t]*(?:&|und|u\.)[ \t]+(?:Partner(?:innen)?|Kolleg(?:en|innen)|Team)(?![\w-])")
_MAX_DOCTOR_WORDS = 3


# The head noun of a compound site word ("Marienkrankenhaus", "Waldklinik", "Josefsspital"),
# found where the chunk flagged one (chunk.named_site_candidate).
# A compound's head in lower case after its first part, or in capitals after capitals
# ("Marienkrankenhaus", "KREISSPITAL").
_COMPOUND_KIND = re.compile(
    rf"(?<=[a-zäöüß])(?:{'|'.join(COMPOUND_SITE_HEADS)})(?![\w-])|{SITE_HEAD_IN_CAPITALS}"
)


def _compound_kinds(view: str, heads: list[int] | None) -> list[re.Match[str]]:
    """_COMPOUND_KIND's matches in ``view``, in order, tried only where a head stands: at
    ``heads`` (where the chunk's automaton saw one), or where str.find finds one (not a pattern
    tried at every letter); one per compound, whichever head of it ("klinik" or "klinikum",
    "spital" or "hospital") is found first."""
    found: dict[int, re.Match[str]] = {}
    for pos in heads if heads is not None else _head_positions(view):
        if (match := _COMPOUND_KIND.match(view, pos)) is not None:
            found.setdefault(match.end(), match)
    return sorted(found.values(), key=lambda m: m.start())


def _head_positions(view: str) -> list[int]:
    """Where a compound site word's head stands in ``view`` (lower case or capitals)."""
    positions = []
    for head in (*COMPOUND_SITE_HEADS, *UPPER_SITE_HEADS):
        pos = view.find(head)
        while pos >= 0:
            positions.append(pos)
            pos = view.find(head, pos + 1)
    return positions


# A practice's word, alone or as a compound's head: its name is its doctor's ("Praxis Koch").
_PRACTICE_WORDS = ("praxis", "ordination", "praxisgemeinschaft", "ordinationsgemeinschaft")
# A district word after a site's name: "Klinikum Zirbldorf Nord", "LKH Zirbldorf-West".
_DISTRICT = re.compile(rf"[ \t-](?:Nordwest|Nordost|Südwest|Südost|{DISTRICT_WORDS})(?![\w-])")
# A saint and the name before a site word: "St. Zirbl Krankenhaus", "Sankt Lärch Klinikum".
_SAINT_NAME_BEFORE = re.compile(rf"(?<![\w.])(?:{_SAINT_TITLE})[ \t]?{CAPITAL}[^\W\d_]+[ \t]\Z")
# Religious orders whose houses are called by the order's name alone (site_prefixes.txt holds
# them, so the automaton finds them): "bei den Barmherzigen Brüdern", "im Elisabethinen".
_ORDERS = frozenset(
    fold(w)
    for w in (
        "Barmherzige", "Barmherzigen", "Elisabethinen", "Kreuzschwestern", "Diakonissen", "Marienschwestern",
        "Vinzentinerinnen", "Franziskanerinnen", "Borromäerinnen", "Alexianer",
    )
)  # fmt: skip
# A house called by the saint it is named after, with an article before it where a town has
# none: "im St. Quirin", "ins Sankt Zirbl", "aus dem Hl. Geist" ("in St. Johann" is a town).
_SAINT_HOUSE = re.compile(
    rf"(?<![\w.-])(?:{_SAINT_TITLE})[ \t]?{CAPITAL}[^\W\d_]+(?:-{CAPITAL}[^\W\d_]+)*(?![\w-])"
)
_ARTICLE_BEFORE = re.compile(
    r"(?<![\w-])(?:[Ii]m|[Ii]ns|[Vv]om|[Zz]um|[Bb]eim"
    r"|(?:[Aa]us|[Ii]n|[Vv]on|[Nn]ach|[Zz]u|[Mm]it|[Bb]ei|[Aa]n)[ \t]+(?:dem|das|den))[ \t]+\Z"
)
_ORDER_NOUN = re.compile(r"[ \t]+(?:Brüdern?|Schwestern)(?![\w-])")
# A second site noun written apart from the first: "Reha Zentrum", "Reha Klinik".
_SITE_NOUN_AFTER = re.compile(r"[ \t]+(?:Zentrum|Klinik|Klinikum|Haus)(?![\w-])")
# What closes a site's name after it: a twin town ("Klinikum Zirbl-Lärchfeld"), a district word
# and a legal form ("Spital Zirbl AG", "Klinik Zirbl GmbH", "Gruppenpraxis Zirbl OG").
_TWIN_TOWN = re.compile(rf"-{CAPITAL}[a-zäöüß]{{2,30}}(?![\w-])")
_LEGAL_FORM = re.compile(
    r"[ \t](?:AG|GmbH|gGmbH|gem\.[ ]GmbH|gemeinnützige[ ]GmbH|KG|OG|GesbR|e\.[ ]?V\.|Betriebs-GmbH|GesmbH|SE)"
    r"(?:[ \t]&[ \t]Co\.?[ \t]KG)?(?![\w])"
)
# Where a house of several sites says which one: "Klinikum Zirbl, Standort Lärchau".
_SITE_OF = re.compile(rf",?[ \t]+(?:Standort|Betriebsstätte|Haus)[ \t]+(?={CAPITAL})")
# More names after a house's name, joined as its doctors are: "Praxis Zirbl & Lärch",
# "Gruppenpraxis Zirbl – Lärch OG".
_NAMES_JOINER = re.compile(r"[ \t]*(?:&|und|/|–)(?=[ \t])")
# A brand or a name before a site word, part of the house's name ("Helios Klinikum Zirbl", "Kepler
# Universitätsklinikum", "LKH-Univ. Klinikum Zirbl"): one capitalized word on the same line.
_NAME_BEFORE = re.compile(
    rf"(?<![\w.\-])({CAPITAL}[^\W\d_]{{2,30}}(?:-{CAPITAL}[^\W\d_]{{2,30}}){{0,2}}"
    rf"|(?:[A-Z]{{2,5}}-)?Univ\.)[ \t]\Z"
)
# The acronym of a house's owner hyphenated onto its site word: "PVA-Rehabilitationszentrum".
_OWNER_BEFORE = re.compile(r"(?<![\w.-])[A-Z]{2,6}-\Z")
# A word before a slash, the first of a bilingual house's two site words.
_WORD_BEFORE_SLASH = re.compile(r"(?<![\w./-])[^\W\d_]+/\Z")
# ... or before a blank, where the house has a name after its word ("SVA Rehaklinik Zirbl"; not
# "MRT Klinikum" alone, where no name follows), unless it is an examination's or a unit's
# acronym (a common word such as "MRT", "CT", or one of these): "Befund vom MRT Klinikum Zirbl".
_OWNER_APART = re.compile(rf"(?<![\w.-])({CAPITAL}{{2,6}})[ \t]\Z")
_CLINICAL_ACRONYMS = frozenset(
    {
        "OP",
        "PET",
        "HNO",
        "ICU",
        "IMC",
        "ERCP",
        "DSA",
        "SPECT",
        "EMG",
        "US",
        "KM",
        "RÖ",
        "ZNA",
        "NA",
        "LZ",
        "MR",
    }
)
# The word before a brand, and the forms of address that make it a person's name.
_WORD_BEFORE = re.compile(r"(\S+)[ \t]+\Z")
_ADDRESSES = frozenset({"frau", "herr", "herrn", "fr.", "hr.", "hrn."})
# A town's adjective before a site word: "Zirbldorfer Klinikum".
_ADJECTIVE_BEFORE = re.compile(rf"(?<![\w.-])({CAPITAL}[a-zäöüß]{{2,38}}er)[ \t]\Z")
# A patron after "zum"/"zur": "Spital zum Heiligen Geist", "Krankenhaus zur Guten Hirtin".
_PATRON_AFTER = re.compile(
    rf"[ \t]+(?:zum|zur)[ \t]+{CAPITAL}[a-zäöüß]+(?:en|er|es)[ \t]+{CAPITAL}[a-zäöüß]+(?![\w-])"
)
# Nouns after "der"/"des" that a town's name follows: "Krankenhaus der Stadt Zirbldorf".
_TOWN_NOUNS = frozenset(
    {"Stadt", "Gemeinde", "Landeshauptstadt", "Marktgemeinde", "Stadtgemeinde", "Kreises"}
)
# Where a house stands, between its site word and a name: "Klinik am Zirbenberg"; in Italian
# and French too: "Ospedale di Zirbl", "Centre Hospitalier du Lärch".
_SITUATED = re.compile(
    r"[ \t]+(?:am|an[ \t]+der|im|in[ \t]+der|auf[ \t]+dem|zum|zur|di|de|du|del|della)(?=[ \t])"
)
# The district a public service is named by, before its name: "Gesundheitsamt Landkreis
# Zirbl", "Spitex Region Lärchtal", "Sozialsprengel Gemeinde Zirbl".
_AREA_NOUN = re.compile(
    r"[ \t]+(?:des[ \t]+)?(?:Landkreis(?:es)?|Kreis(?:es)?|Stadtkreis(?:es)?|Bezirk(?:s|es)?|Kanton(?:s)?"
    r"|Region|Stadt|Gemeinde|Marktgemeinde|Stadtgemeinde)(?=[ \t])"
)
# The second word of a town's name after its first, on the same line.
_SECOND_TOWN_WORD = re.compile(rf"[ ]({CAPITAL}[^\W\d_]{{2,40}})(?![\w.-])")


# What every _NAMED_SITE match contains, starting with a literal the engine finds fast: a note
# without it (nearly all) is not scanned by the pattern above, which starts at every capital.
_HYPHENED_KIND = re.compile(r"-(?:Klinik|Krankenhaus|Spital|Hospital|Sanatorium|Hospiz|Ambulatorium)")


class MedicalSiteMasker:
    """Votes for whole site mentions (several tokens at once)."""

    name = "MedicalSite"
    proves_names = False

    @classmethod
    def build(cls, setup: MaskerSetup) -> MedicalSiteMasker | None:
        public = setup.lexicon.public
        return cls(public.site_prefixes, setup.lexicon.places, public.place_index.prefixes)

    def __init__(
        self, site_prefixes: list[str], places: frozenset[str], place_prefixes: frozenset[str] = frozenset()
    ) -> None:
        self._places = places
        # The word-level prefixes of the several-word places (PlaceIndex.prefixes, whose keys
        # hold every place of ``places``): "Bad", "St." and where a longer place may go on.
        self._place_prefixes = place_prefixes
        if site_prefixes:
            # Letterheads write the house in capitals too ("LANDESKRANKENHAUS INNSBRUCK").
            forms = {form for p in site_prefixes for form in (p, p.upper())}
            body = trie_alternation(forms)  # longest first, in steps per letter, not per word
            # not inside a word, or after an acronym's hyphen ("PVA-Rehabilitationszentrum")
            self._prefix: re.Pattern[str] | None = guarded(
                r"(?<![\w.])(?:(?<!-)|(?<=[A-Z]{2}-))",
                rf"(?:{body})(?![\w])",
                first=first_char_class_of_words(forms),
            )
            self._prefix_body: str | None = body
        else:
            self._prefix = self._prefix_body = None

    @functools.cached_property
    def _hyphened(self) -> re.Pattern[str] | None:
        """A second site word hyphenated onto the first: "LKH-Universitätsklinikum", "UKH-Spital".
        Compiled when first needed: few notes have one, and the alternation of every site prefix
        is long to compile."""
        if self._prefix_body is None:
            return None
        return re.compile(
            rf"-(?:(?:{self._prefix_body})|{CAPITAL}[a-zäöüß]+{_COMPOUND_KIND.pattern})(?![\w-])"
        )

    def annotate(self, ctx: NoteContext) -> None:
        for hit in ctx.hits:
            if hit.bits & SITE and not hit.bits & KEEP and not ctx.is_blocked(hit.start, hit.end):
                ctx.site_votes.append(Vote(hit.start, hit.end, self.name, hint="site", type=SIT))
        may_name = named_site_candidate().search(ctx.view) if ctx.site_stems is None else ctx.site_stems
        if not may_name and ctx.site_starts is not None and not ctx.site_starts:
            return  # most notes: no site word and no compound of one to start from
        named = _NAMED_SITE.finditer(ctx.view) if may_name and _HYPHENED_KIND.search(ctx.view) else ()
        for match in named:
            start, end = match.span()
            saint = _SAINT_BEFORE.search(ctx.view, max(0, start - 8), start)
            start = saint.start() if saint is not None else start
            town = self._town_end(ctx, end)
            # "Elisabethinen-Krankenhaus Zirbl", a town no list knows
            end = self._with_tail(ctx, town or self._name_end(ctx, end) or end)
            if not ctx.is_blocked(start, end):
                ctx.site_votes.append(
                    Vote(_with_epithet(ctx.view, start), end, self.name, hint="site", type=SIT)
                )
        if self._prefix is None:
            return
        prefixed = (
            self._prefix.finditer(ctx.view)
            if ctx.site_starts is None
            else matches_from(self._prefix, ctx.view, ctx.site_starts)
        )
        for match in prefixed:
            self._vote_named(ctx, match.start(), match.end())
        saints = (
            _SAINT_HOUSE.finditer(ctx.view)
            if ctx.site_starts is None
            else matches_from(
                _SAINT_HOUSE, ctx.view, [s for s in ctx.site_starts if ctx.view[s] in _SAINT_FIRSTS]
            )
        )
        for match in saints:
            start, end = match.span()
            if _ARTICLE_BEFORE.search(ctx.view, max(0, start - 12), start) and not ctx.is_blocked(start, end):
                ctx.site_votes.append(Vote(start, end, self.name, hint="site", type=SIT))
        if ctx.site_starts is None:
            gated: Iterable[re.Match[str]] = _GATED_SITE.finditer(ctx.view)
        else:
            gated = matches_from(
                _GATED_SITE, ctx.view, [s for s in ctx.site_starts if ctx.view[s] in _GATED_FIRSTS]
            )
        for match in gated:
            if match.group("epithet") is None:
                # "Labor Dr. Zirbl", "Physiotherapie Zirbl & Partner"
                doctors = _doctors_end(ctx, match.end()) or _partners_end(ctx, match.end())
                # in capitals only before its doctors ("PHYSIOTHERAPIE VERORDNET" names none)
                capitals = match.group() in _IN_CAPITALS
                if doctors is None and not capitals and match.group() in THERAPY_SITE_WORDS:
                    doctors = _therapist_end(ctx, match.end())  # "Physiotherapie Zirbl"
                elif (
                    doctors is None
                    and not capitals
                    and match.group() in TOWN_NAMED_SERVICE_WORDS
                    and ctx.view[match.end() : match.end() + 1] == " "
                    and ctx.view[match.end() + 1 : match.end() + 2].isupper()
                ):
                    # "Labor Zirbl": a laboratory named by its town or owner (not the frequent
                    # "Labor:", "Labor unauffällig")
                    doctors = self._town_end(ctx, match.end()) or self._name_end(ctx, match.end())
                if doctors is not None and not ctx.is_blocked(match.start(), doctors):
                    ctx.site_votes.append(Vote(match.start(), doctors, self.name, hint="site", type=SIT))
            elif (
                ctx.view[match.start() - 1 : match.start()] == "-"
                or _EPITHET_BEFORE.search(ctx.view, max(0, match.start() - 30), match.start())
                or _DEPARTMENT.match(ctx.view, match.end())
            ):
                # "Psychiatrisches Zentrum Zirbl", "Zentrum für Altersmedizin Zirbl", "OP-Zentrum
                # Zirbl": the noun is a house's only after an epithet or an acronym's hyphen, or
                # before its department (which needs a town)
                self._vote_named(ctx, match.start(), match.end())
        if may_name:
            # A compound site word no list holds ("Marienkrankenhaus Zirbldorf"): found from
            # its head noun, then named as the listed site words are.
            for match in _compound_kinds(ctx.view, ctx.site_stems):
                start = compound_start(ctx.view, match.start())
                if start is not None and not self._site_follows(ctx, match.end()):
                    self._vote_named(ctx, start, match.end())

    def _site_follows(self, ctx: NoteContext, end: int) -> bool:
        """A site word or a listed site after a compound's ("Herzambulanz Klinikum Zirbl",
        "Herzambulanz Zirbl Uniklinikum"): the compound is that house's department, not a house of
        its own, and the house names itself."""
        if ctx.view[end : end + 1] != " ":
            return False
        if self._prefix is not None and self._prefix.match(ctx.view, end + 1) is not None:
            return True
        return any(hit.start == end + 1 and hit.bits & SITE for hit in ctx.hits)

    def _vote_named(self, ctx: NoteContext, start: int, word_end: int) -> None:
        """A site word and the name after it (its doctors, place, patron, a name-like word or a
        department and town), with an epithet before and a district word after."""
        word_start = start
        noun = _SITE_NOUN_AFTER.match(ctx.view, word_end)  # "Reha Zentrum Zirbldorf"
        if noun is None and ctx.view.startswith("-", word_end) and self._hyphened is not None:
            noun = self._hyphened.match(ctx.view, word_end)
        word_end = noun.end() if noun is not None else word_end
        if fold(ctx.view[start:word_end]) in _ORDERS:
            # A house called by the order that runs it: "bei den Barmherzigen Brüdern", "im
            # Elisabethinen": the order's name is the site, with a town after it if one follows.
            brothers = _ORDER_NOUN.match(ctx.view, word_end)
            word_end = brothers.end() if brothers is not None else word_end
            if brothers is None and fold(ctx.view[start:word_end]).startswith("barmherzig"):
                return  # "die Barmherzigen" alone is no house
            town = self._town_end(ctx, word_end) or self._name_end(ctx, word_end)
            if not ctx.is_blocked(start, town or word_end):
                ctx.site_votes.append(Vote(start, town or word_end, self.name, hint="site", type=SIT))
            return
        end = _doctors_end(ctx, word_end)  # "Praxis Dr. X", "Sanatorium Dr. X"
        if end is None:
            end = self._town_end(ctx, word_end)
        if end is None:
            end = self._patron_end(ctx, word_end)
        if end is None:
            end = self._name_end(ctx, word_end)
        if end is None and fold(ctx.view[word_start:word_end]).endswith(_PRACTICE_WORDS):
            end = _surname_end(ctx, word_end)  # "Praxis Koch": the doctor's name, a word too
        if end is None:
            end = self._situated_end(ctx, word_end)
        if end is None and (area := _AREA_NOUN.match(ctx.view, word_end)) is not None:
            end = self._town_end(ctx, area.end()) or self._name_end(ctx, area.end())
        if end is None:
            patron = _PATRON_AFTER.match(ctx.view, word_end)
            end = patron.end() if patron is not None else None
        if end is None:
            end = self._department_end(ctx, word_end)
        town_before = self._town_adjective_before(ctx, start) if end is None else None
        if town_before is not None:
            start, end = town_before, word_end  # "das Zirbldorfer Klinikum"
        if end is None and start == word_start:
            named_by = self._name_before(ctx, start)
            # not an epithet: "ein Psychiatrisches Zentrum in der Nähe" names no house
            if named_by < start and _EPITHET_BEFORE.search(ctx.view, max(0, start - 30), start) is None:
                start, end = named_by, word_end  # "das Kardinal Zirbl Klinikum"
        if end is None or ctx.is_blocked(start, end):
            return
        end = self._more_names_end(ctx, end)
        for closing in (_TWIN_TOWN, _DISTRICT, _REGION_CODE, _LEGAL_FORM, _PARTNERS):
            found = closing.match(ctx.view, end)
            end = found.end() if found is not None else end
        site_of = _SITE_OF.match(ctx.view, end)
        if site_of is not None:
            end = self._town_end(ctx, site_of.end() - 1) or (self._name_end(ctx, site_of.end() - 1) or end)
        end = self._with_tail(ctx, end)
        saint = _SAINT_NAME_BEFORE.search(ctx.view, max(0, start - 40), start)
        start = saint.start() if saint is not None else _with_epithet(ctx.view, start)
        if ctx.view[start - 1 : start] == "-":  # "PVA-Rehabilitationszentrum"
            owner = _OWNER_BEFORE.search(ctx.view, max(0, start - 8), start)
            start = owner.start() if owner is not None else start
        elif ctx.view[start - 1 : start] == "/" and self._prefix is not None:
            # a bilingual house's two words: "Krankenhaus/Ospedale Zirbl", "Spital/Hôpital Zirbl"
            first = _WORD_BEFORE_SLASH.search(ctx.view, max(0, start - 32), start)
            if first is not None and self._prefix.fullmatch(ctx.view, first.start(), start - 1):
                start = first.start()
        if start == word_start:
            start = self._name_before(ctx, start)
        if start == word_start and end > word_end:  # "SVA Rehaklinik Zirbl"
            owner = _OWNER_APART.search(ctx.view, max(0, start - 8), start)
            if (
                owner is not None
                and owner.group(1) not in _CLINICAL_ACRONYMS
                and not ctx.lexicon.is_common(owner.group(1))
            ):
                start = owner.start()
        ctx.site_votes.append(Vote(start, end, self.name, hint="site", type=SIT))

    def _more_names_end(self, ctx: NoteContext, end: int) -> int:
        """The end after more name-like words joined to a house's name ("Praxis Zirbl &
        Lärch"): each must look like a name, as a practice's second doctor must."""
        while (joiner := _NAMES_JOINER.match(ctx.view, end)) is not None:
            word = _NAME_WORD.match(ctx.view, joiner.end())
            if word is None or _PARTNERS.match(ctx.view, end):
                break
            if not (ctx.looks_like_name(*word.span(1)) or ctx.lexicon.is_listed_name(word.group(1))):
                break
            end = word.end()
        return end

    def _name_before(self, ctx: NoteContext, start: int) -> int:
        """The start of a brand or name written before the site word ("Helios Klinikum Zirbl"):
        a capitalized word that is no ordinary word, title or salutation."""
        view = ctx.view
        if start < 4 or view[start - 1] not in " \t":
            return start
        first, lo = start - 1, max(0, start - 98)
        while first > lo and not view[first - 1].isspace():
            first -= 1
        if not view[first].isupper():
            return start  # most site words follow an article or a preposition ("im Klinikum")
        word = _NAME_BEFORE.match(view, first, start)
        if word is None:
            return start
        token = word.group(1)
        if token.endswith("."):
            return word.start(1)  # "LKH-Univ."
        parts = token.split("-")  # "Pyhrn-Zirbl Klinikum": each part a name
        lexicon = ctx.lexicon
        if any(p.isupper() or lexicon.is_common(p) or fold(p) in lexicon.title_words for p in parts):
            return start  # an acronym ("MRT Klinikum"), an ordinary word, a title
        if len(parts) == 1 and not ctx.plausible_unknown_name(*word.span(1)):
            return start  # a noun ("Herzambulanz Klinikum X") or a typo of one ("Bfeund")
        before = _WORD_BEFORE.search(view, max(0, word.start(1) - 12), word.start(1))
        if before is not None and (
            fold(before.group(1)) in lexicon.title_words or fold(before.group(1)) in _ADDRESSES
        ):
            return start  # a person's name ("Frau Zirbl Klinikum angerufen")
        return word.start(1)

    def _town_adjective_before(self, ctx: NoteContext, start: int) -> int | None:
        """A town's adjective right before a site word with no name after it ("Zirbldorfer
        Klinikum", "Linzer Krankenhaus"): a capitalized "-er" word, no ordinary word, whose stem
        is a known place or ends as places do."""
        word = _ADJECTIVE_BEFORE.search(ctx.view, max(0, start - 42), start)
        if word is None:
            return None
        adjective = word.group(1)
        stem = fold(adjective[:-2])
        if ctx.lexicon.is_common(adjective) or ctx.lexicon.is_listed_name(adjective):
            return None
        if stem in self._places or ctx.lexicon.ends_like_place(adjective[:-2]):
            return word.start(1)
        return None

    def _situated_end(self, ctx: NoteContext, pos: int) -> int | None:
        """A house named by where it stands: "Klinik am Zirbenberg", "Spital an der Lärch". The
        word after the preposition must look like a name, not an ordinary noun ("Klinik am
        Montag")."""
        where = _SITUATED.match(ctx.view, pos)
        if where is None:
            return None
        return self._name_end(ctx, where.end())

    def _patron_end(self, ctx: NoteContext, pos: int) -> int | None:
        """A saint or an order the house is named after, and the town after it if one follows:
        "Krankenhaus St. Josef Braunau", "KH der Barmherzigen Brüder Linz", "Spital der
        Elisabethinen". An ordinary noun after "der"/"des" counts only with a town after it
        ("Klinik der Universität Innsbruck", not "Klinik des Patienten")."""
        view = ctx.view
        saint = _SAINT.match(view, pos)
        if saint is not None:
            end = saint.end()
        else:
            order = _OF_WHOM.match(view, pos)
            if order is None:
                return None
            first, second = order.group(1), order.group(2)
            common = ctx.lexicon.is_common
            if common(first) and not (second and first.lower().endswith("en")):
                # "Klinikum der Stadt Zirbldorf": a town, known or name-like, after the noun
                town = self._town_end(ctx, order.end(1))
                return town or (self._name_end(ctx, order.end(1)) if first in _TOWN_NOUNS else None)
            # "Barmherzigen Brüder", "Linzer Schwestern": an adjective and its noun; otherwise
            # the name ends before a second word that is an ordinary one.
            both = second is not None and (first.lower().endswith(("en", "er")) or not common(second))
            end = order.end() if both else order.end(1)
        town = self._town_end(ctx, end)
        if town is None:
            town = self._name_end(ctx, end)  # "KH der Barmherzigen Brüder Zirbl", a town no list knows
        return town or end

    def _name_end(self, ctx: NoteContext, pos: int) -> int | None:
        """A town no list knows ("Landeskrankenhaus Zirbldorf"): one name-like word after the
        site word (not a common word, noun, acronym or title), after the first word of the
        gazetteer's several-word places if one stands there ("Klinikum Bad Zirbldorf"). Towns
        are often one letter from a word (Neustadt/Neustart), so the typo test of weak name
        evidence is not applied."""
        gap = _SPACE.match(ctx.view, pos)
        word = WORD.match(ctx.view, gap.end()) if gap else None
        after = place_prefix_end(ctx.view, word, self._place_prefixes) if word is not None else None
        if after is not None:
            gap = _SPACE.match(ctx.view, after)
            word = WORD.match(ctx.view, gap.end()) if gap else None
        if word is None or ctx.lexicon.is_listed_name(word.group()):
            return None
        if not ctx.looks_like_name(*word.span()) and not _compound_town(ctx, word.group()):
            return None
        # a town of two words no list knows ("Klinikum Zirbl Lärchfeld"): a second word that may
        # be a name too, on no name list; else the mask would end inside the town's name
        second = _SECOND_TOWN_WORD.match(ctx.view, word.end())
        if (
            second is not None
            and not ctx.lexicon.is_listed_name(second.group(1))
            and ctx.plausible_unknown_name(*second.span(1))
        ):
            return second.end()
        return word.end()

    def _department_end(self, ctx: NoteContext, pos: int) -> int | None:
        """A department between the site word and its town: "Landesklinik für Innere Medizin
        Zirbldorf", "Klinik für Psychiatrie und Psychotherapie Lärchfeld". Only with a town
        after it, known or a name-like word that ends as places do: "Klinik für Innere Medizin"
        alone names no one."""
        view = ctx.view
        department = _DEPARTMENT.match(view, pos)
        if department is None:
            return None
        cursor = department.end()
        for _ in range(_MAX_DEPARTMENT_WORDS):
            word = _DEPARTMENT_WORD.match(view, cursor)
            if word is None:
                return None
            cursor = word.end()
            doctors = _doctors_end(ctx, cursor)  # "Praxis für Neurologie Dr. Zirbl"
            if doctors is not None:
                return doctors
            town = self._town_end(ctx, cursor)
            if town is None:
                # a name-like word: no department word is one ("Universitätsklinik für
                # Chirurgie Zirbl", "… der Medizinischen Universität Zirbl")
                town = self._name_end(ctx, cursor)
            if town is not None:
                return town
        return None

    def _with_tail(self, ctx: NoteContext, end: int) -> int:
        """The end after the tail of the town's name that ends a site's name ("Klinikum Zirbl am
        Lärchsee", "KH ZIRBL AM LÄRCHBERG"): a known place, a lake's or hill's noun, or a word that
        may be a name as the town's was; not "am Montag". Part of the site's span, so the town
        with its tail cannot outgrow the site and leave the site word beside a pseudonym."""
        tail = PLACE_TAIL.match(ctx.view, end)
        if tail is None:
            return end
        word = tail.group("town")
        if fold(word) in self._places or word in TAIL_NOUNS:
            return tail.end()
        if ctx.looks_like_name(*tail.span("town")) or _compound_town(ctx, word):
            return tail.end()
        return end

    def _town_end(self, ctx: NoteContext, pos: int) -> int | None:
        """End of a known place right after a site word, or of a town no list knows when the
        known place is only the first word of longer ones ("Klinikum Windisch Zirbldorf": a
        Swiss town and the prefix of Austrian ones)."""
        if not self._places:
            return None
        end = self._place_end(ctx.view, pos)
        if end is not None and fold(ctx.view[pos:end].strip()) in self._place_prefixes:
            longer = self._name_end(ctx, pos)
            if longer is not None and longer > end:
                return longer
        return end

    def _place_end(self, view: str, pos: int) -> int | None:
        """End of the longest place name (up to four words) right after a site word."""
        best: int | None = None
        words: list[str] = []
        for _ in range(_MAX_PLACE_WORDS):
            match = _PLACE_WORD.match(view, pos)
            if match is None:
                break
            words.append(match.group(1))
            pos = match.end()
            phrase = " ".join(words)
            if self._is_place(phrase):
                best = pos
            elif phrase.endswith(".") and self._is_place(phrase[:-1]):
                best = pos - 1  # the sentence's full stop, not part of the name
            if self._place_prefixes and fold(phrase) not in self._place_prefixes:
                break  # no longer place starts with these words
        return best

    def _is_place(self, phrase: str) -> bool:
        """A known place, or a known place joined to its twin town ("Wels-Grieskirchen")."""
        folded = fold(phrase)
        if folded in self._places:
            return True
        head, _, tail = folded.rpartition(" ")
        first_part = tail.split("-")[0]
        return "-" in tail and fold(f"{head} {first_part}".strip()) in self._places


def _surname_end(ctx: NoteContext, pos: int) -> int | None:
    """A practice named after its doctor's surname, one the lists hold, ordinary word or not
    ("Praxis Koch", "Ordination Bauer"): a practice word is as strong as "Frau" before it."""
    word = _NAME_WORD.match(ctx.view, pos)
    if word is None or not ctx.lexicon.is_listed_name(word.group(1)):
        return None
    return word.end()


def _therapist_end(ctx: NoteContext, pos: int) -> int | None:
    """End of a therapist's name after a therapy's noun ("Physiotherapie Zirbl", "Logopädie Anna
    Zirbl"): one or two words that may be names, neither an ordinary word nor one typo from one
    ("Physiotherapie Montag und Mittwoch", "Logopädie Schlucktraining" name no one)."""
    end: int | None = None
    for _ in range(2):
        word = _NAME_WORD.match(ctx.view, end if end is not None else pos)
        if word is None or not ctx.plausible_unknown_name(*word.span(1)):
            break
        end = word.end()
    return end


def _partners_end(ctx: NoteContext, pos: int) -> int | None:
    """End of a name and its partners after a service noun ("Physiotherapie Zirbl & Partner"):
    the partners make the word before them a name, as a title does."""
    word = _NAME_WORD.match(ctx.view, pos)
    if word is None or ctx.lexicon.is_common(word.group(1)):
        return None
    partners = _PARTNERS.match(ctx.view, word.end())
    return partners.end() if partners is not None else None


def _doctors_end(ctx: NoteContext, pos: int) -> int | None:
    """End of the doctors a practice is named after: one or more chains of titles, each with up
    to three name words ("Dr. med. Anna Zirbl"), joined by "&", "und", "/" or a comma. The title
    proves the first word a name; the next ones must look like names."""
    view, titles = ctx.view, ctx.lexicon.title_words
    end: int | None = None
    while True:
        cursor, has_title = pos, False
        while (token := _TITLE_TOKEN.match(view, cursor)) is not None and _is_title(
            token.group(1), titles, has_title
        ):
            cursor, has_title = token.end(), True
        if not has_title:
            return end
        words = 0
        while words < _MAX_DOCTOR_WORDS:
            particle = (_PARTICLE if words else _FIRST_PARTICLE).match(view, cursor)
            word = _NAME_WORD.match(view, particle.end() if particle else cursor)
            if word is None:
                break
            start_w, end_w = word.span(1)
            if words and not (
                ctx.looks_like_name(start_w, end_w) or ctx.lexicon.is_listed_name(word.group(1))
            ):
                break
            cursor, words = word.end(), words + 1
        if not words:
            return end
        end = cursor
        partners = _PARTNERS.match(view, end)
        if partners is not None:
            return partners.end()
        joiner = _DOCTORS_JOINER.match(view, end)
        if joiner is None:
            return end
        pos = joiner.end()


_LETTERS = re.compile(r"[^\W\d_]+")


def _is_title(token: str, titles: frozenset[str], chained: bool) -> bool:
    """Is every part of the token a title word ("Dr.in", "Univ.-Prof.")? The first title of a
    chain is capitalized or abbreviated ("Dr.", Italian "dott."; not the "in" of "Praxis in
    Linz")."""
    parts = _LETTERS.findall(token)
    return (
        bool(parts)
        and (chained or token[0].isupper() or token.endswith("."))
        and all(fold(p) in titles or fold(p) in _HONORARY for p in parts)
    )
