"""Context stage: professions, organisations (employers, schools) and places of residence.

GraSCCo counts a patient's profession, employer or school and home town as PHI, but the words
involved are everyday German: "Pflege", "Arzt", "Schule", "Firma", "Au" or "Berg". So nothing
here is masked on a dictionary hit alone; each entity needs its context:

* ``PRO`` (masker "Profession"): a listed job title in a profession context: "von Beruf X",
  "Beruf: X", "arbeitet/tätig/beschäftigt als X", "als X" (+ "tätig"), "ist/war X",
  "pensionierte(r)/ehemalige(r)/gelernte(r) X", "X in Pension/i.R./von Beruf". Clinical roles
  (Arzt, Pfleger, Therapeut, ...) and generic roles (Fahrer, Vertreter, Mitarbeiter) are
  staff or bystanders far more often than the patient's job, so they need a stronger context
  (not a bare "als", not "ehemaliger Hausarzt"). Only the job title itself is reported.
* ``ORG`` (masker "Organization"): a head word (Universität, HTL, Firma, Fa., Gemeinde, ...,
  or a compound ending in one: Landesberufsschule) followed by a capitalised name or a place
  ("Volksschule Pradl", "Firma Zirbleitner", "Universität Innsbruck"); a region adjective
  before a head ("Tiroler Sparkasse"); capitalised words before a legal form ("Zirbleitner
  Holzbau GmbH", up to four words); "Arbeitgeber: X"; "arbeitet bei X" (X not a common word).
  A head word alone or with a common noun ("in der Schule", "die Firma hat angerufen",
  "Schule Probleme") is never reported; names stop at hospital words ("Uni Klinik Innsbruck"
  belongs to the medical-site masker).
* ``LOC`` (masker "Place"): a known place (the postcode dictionaries' names and short forms,
  multi-word names longest first, "St."/"Sankt" alike) after "in", "aus", "nach", "bei",
  "von", "wohnhaft (in)", "Wohnort:" or a postcode. Places that are also German words ("Au",
  "Berg", "Haus": in the folded ``common_words`` or in a short built-in list) count only after
  a postcode, "wohnhaft" or "Wohnort:"; places that are also names ("Klaus") not after
  "von"/"bei".

The stage reports spans on the raw text like ``RegexStage``; the caller resolves overlaps with
the other stages (a place inside "LKH Hall" belongs to the medical site). All scans are
``finditer`` over precompiled patterns with bounded repetitions; Python runs per candidate
only, and every candidate looks at a bounded window, so the time is linear in the text length.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import NamedTuple

from deid_cli.detection.lexicon.lists import bundled_dictionary_dir, read_lines
from deid_cli.detection.lexicon.triggers import (
    DISPATCH_CUES,
    HOMECOMING_NOUNS,
    MUNICIPALITY_ABBREVIATIONS,
    PLACE_APPOSITION_NOUNS,
    PLACE_HEADS,
    PLACE_INSTITUTION_NOUNS,
    PLACE_LABEL_NOUNS,
    PLACE_LABEL_STEMS,
    POINT_LABEL_STEMS,
    WAY_HEADS,
)
from deid_cli.detection.normalize import fold
from deid_cli.detection.patterns.letters import CAPITAL
from deid_cli.detection.patterns.place_index import (
    COUNTRY_BEFORE_ZIP,
    DISTRICT_WORDS,
    UNKNOWN_PLACE_WORD,
    PlaceIndex,
    TownTest,
    as_place_index,
    place_keys,
    unknown_place_end,
)
from deid_cli.detection.patterns.regex_guard import finditer_in_lines, guarded, lines_at
from deid_cli.detection.ranges import union_ranges
from deid_cli.detection.spans import Span, resolve_overlaps
from deid_cli.detection.words import MAX_REMEMBERED_WORDS

__all__ = ["LOC", "MASKERS", "ORG", "PRO", "OrgStage", "bundled_org_lists"]

PRO, ORG, LOC = "PRO", "ORG", "LOC"
MASKERS: dict[str, str] = {PRO: "Profession", ORG: "Organization", LOC: "Place"}
_RANK = {"Organization": 0, "Place": 1, "Profession": 2}

PROFESSIONS_FILE = "professions.txt"
ORGANIZATION_WORDS_FILE = "organization_words.txt"


def bundled_org_lists(directory: Path | None = None) -> tuple[list[str], list[str]]:
    """(professions, organisation words) from a dictionary directory (bundled by default);
    a missing file counts as empty."""
    directory = directory or bundled_dictionary_dir()
    result: list[list[str]] = []
    for name in (PROFESSIONS_FILE, ORGANIZATION_WORDS_FILE):
        path = directory / name
        result.append(list(read_lines(path)) if path.is_file() else [])
    return result[0], result[1]


def _wordset(words: str) -> frozenset[str]:
    """Folded word sets are written as running text so they stay readable."""
    return frozenset(fold(w) for w in words.split())


# ---------------------------------------------------------------------------------------------
# Shared token shapes (every repetition bounded, possessive where a backtrack could only fail)
# ---------------------------------------------------------------------------------------------

# A word: a letter, up to 40 word characters, optional hyphenated parts ("Kfz-Mechaniker").
_WORD_BODY = r"[^\W\d_][\w'’]{0,40}+(?:-[^\W_][\w'’]{0,40}+){0,4}+"
_QUOTES = "„“”\"'‚‘’»«"

# ---------------------------------------------------------------------------------------------
# Professions
# ---------------------------------------------------------------------------------------------

# Patterns spell out the case of first letters ("[Aa]ls") instead of re.IGNORECASE: scanning
# with IGNORECASE is about three times slower on long inputs.
_MODIFIER_WORDS = (
    r"[Pp]ensioniert|[Ee]hemalig|[Ff]rüher|[Gg]elernt|[Ss]elbst(?:st)?ändig|[Aa]rbeitslos|[Aa]usgebildet|"
    r"[Dd]iplomiert|[Aa]ngehend|[Ll]angjährig|[Ff]reiberuflich|[Ss]taatlich[ \t]+geprüft"
)


class _ProfessionPatterns(NamedTuple):
    trigger: re.Pattern[str]
    modifiers: re.Pattern[str]
    strong_modifier: re.Pattern[str]
    word: re.Pattern[str]
    right: re.Pattern[str]
    work_after: re.Pattern[str]
    job_clause_end: re.Pattern[str]
    staff: re.Pattern[str]
    generic: re.Pattern[str]


@functools.cache
def _profession_patterns() -> _ProfessionPatterns:
    """The patterns that seek professions, compiled when first needed: a run without PRO (the
    default) never seeks one, and compiling them would add to every run's start."""
    return _ProfessionPatterns(
        # The context before a job title: a label, a work verb, "als", "ist" or a modifier.
        trigger=guarded(
            r"(?<![\w.-])",
            r"(?:"
            # labels: "Beruf: Lehrer", "Beruf ist Lehrer", "von Beruf Lehrer", "Tätigkeit: Tischler"
            r"(?P<label>[Vv]o[nm][ \t]+Beruf[ \t]*:?|[Bb]eruf(?:e|sbezeichnung|stätigkeit)?"
            r"(?:[ \t]*[:=\-–]|[ \t]+(?:ist|war|als))?|(?:[Bb]erufliche[ \t]+)?Tätigkeit[ \t]*:"
            r"|Beschäftigung[ \t]*:|Profession[ \t]*:)"
            # work verbs: "arbeitet als", "tätig als", "Ausbildung zur"
            r"|(?P<verb>(?:[Aa]rbeit(?:e|et|ete|eten|end|en)?|[Gg]earbeitet|[Tt]ätig|[Bb]eschäftigt|"
            r"[Aa]ngestellt|[Jj]obb(?:t|te)|[Ww]erk(?:t|te)|[Bb]erufstätig|Tätigkeit|Anstellung|Job|Stelle)"
            r"[ \t]+als|(?:Ausbildung|Lehre|Umschulung)[ \t]+(?:als|zum|zur))"
            r"|(?P<als>[Aa]ls)"
            r"|(?P<ist>[Ii]st|[Ww]ar|[Ss]ind|[Ww]aren)"
            rf"|(?P<mod>(?:{_MODIFIER_WORDS})(?:e[rnms]?)?|[Pp]ens\.|[Ee]hem\.|[Dd]ipl\.|[Gg]el\.)"
            r")(?![\w])[ \t]*",
        ),
        # Adjectives and abbreviations between the context and the job title ("pensionierter",
        # "ehem.", "dipl."), optionally after an article ("ist ein gelernter Tischler").
        modifiers=re.compile(
            r"(?:(?:ein|eine|einer)[ \t]+)?"
            rf"(?:(?:{_MODIFIER_WORDS})(?:e[rnms]?)?[ \t]+|(?:pens|ehem|dipl|gel|selbst|selbstst)\.[ \t]*)"
            r"{0,3}+",
            re.IGNORECASE,
        ),
        # Modifiers that alone make a profession context, even for clinical roles.
        strong_modifier=re.compile(r"pens(?:ioniert|\.)|gelernt|gel\.", re.IGNORECASE),
        # The job title after them.
        word=re.compile(_WORD_BODY + r"(?![\w-])"),
        # After the job title: "Lehrerin in Pension", "Tischler i.R.", "Lehrer von Beruf".
        right=re.compile(
            r"(?<![\w-])(?P<w>" + _WORD_BODY + r")[ \t]+"
            r"(?:in[ \t]+(?:Pension|Rente|Ruhestand)|im[ \t]+Ruhestand|i\.[ \t]?R\.|a\.[ \t]?D\."
            r"|von[ \t]+Beruf)"
            r"(?![\w])"
        ),
        # "als Arzt tätig", "als Pfleger in Hall gearbeitet": a work verb shortly after the title.
        work_after=re.compile(
            r"(?:[ \t]+[\w.]{1,30}+){0,3}?[ \t]+"
            r"(?:tätig|beschäftigt|gearbeitet|angestellt|gejobbt|berufstätig)(?![\w])"
        ),
        # What may follow "ist Ärztin" when it states a job: the end of the clause or a
        # place/employer ("ist Ärztin in Wien"); not a name ("ist Oberarzt Dr. X") or a verb
        # ("ist Arzt informiert?").
        job_clause_end=re.compile(
            r"[ \t]*(?:\Z|[.,;:!?)\n]|(?:in|im|an|am|bei|beim|und|aus|von|seit|gewesen|geworden)(?![\w]))"
        ),
        # Clinical roles (folded stems): masked only in a strong context.
        staff=re.compile(
            r"(?<!tier)(?:arzt|aerzt)|(?<!raum)(?<!fuss)pfleger|schwester|therapeut|hebamme|sanitaeter|"
            r"psycholog|logopaed|internist|chirurg|^dgk|ergotherap|diaetolog|pflegehelfer|pflegeassist|"
            r"pflegefachassist|pflegekraft|sozialarbeiter|heimhelfer|^primar|^mta$|radiologietechnolog"
        ),
        # Generic roles that name a bystander as often as a job ("als Fahrer verunfallt").
        generic=re.compile(
            r"(?:fahrer|vertreter|sprecher|leiter|meister|assistent|mitarbeiter|helfer|arbeiter|berater|"
            r"trainer|inhaber|verwalter|student|schueler|model|kurier)(?:in|innen|s|n|en)?"
        ),
    )


# After a "Beruf:" label any capitalised word is taken as the job, except these.
_NO_PROFESSION = _wordset(
    "keiner keine kein unbekannt derzeit arbeitslos pension pensionist pensionistin pensioniert rentner "
    "rentnerin rente ruhestand siehe nicht entfällt frühpension invaliditätspension karenz ohne "
    "hausfrau hausmann"
)
_MIN_SUFFIX = 4

# ---------------------------------------------------------------------------------------------
# Organisations
# ---------------------------------------------------------------------------------------------

# Lower-case words allowed inside a name ("Universität für Bodenkultur", "Magistrat der Stadt").
_ORG_CONNECTORS = frozenset({"für", "fuer", "der", "des", "am", "an", "zu", "zum", "zur", "und", "&", "+"})
# Connectors that join two names and never follow a head word directly.
_ORG_JOINERS = frozenset({"und", "&", "+", "am", "an", "zu", "zum", "zur"})
# Abbreviations whose full stop belongs to the name ("St. Johann", "& Co. KG").
_NAME_ABBREVIATIONS = _wordset("st st. hl hl. co co. ing ing. bros bros.")
# Hospital words end a name: "Uni Klinik Innsbruck" is a medical site, not a university.
_SITE_WORDS = _wordset(
    "Klinik Kliniken Klinikum Krankenhaus Spital LKH KH BKH AKH UKH Sanatorium Ambulanz Station "
    "Reha Rehaklinik Ordination Praxis Pflegeheim Heim Altersheim Seniorenheim"
)
_MAX_ORG_TOKENS = 6
_MAX_COMPOUND_HEAD = 40
_MAX_ORG_WEAK = 2
# Words that never start or end a name before a legal form.
_ORG_STOP = _wordset(
    "der die das des dem den ein eine einer eines einem einen bei beim von vom mit in im am an "
    "auf aus nach zu zum zur oder seit als ist war sind waren wird wurde hat hatte heute gestern laut lt "
    "herr herrn frau dr dr. pat pat. patient patientin arbeitgeber arbeitgeberin dienstgeber "
    "tel tel. fax email e-mail"
)
# Capitalised words after "Arbeitgeber:" that say there is none.
_NO_EMPLOYER = _wordset(
    "keiner keine kein unbekannt derzeit arbeitslos pension pensionist pensionistin pensioniert "
    "selbständig selbstständig siehe nicht entfällt k.a. ka"
)
_ADJECTIVE_ENDINGS = frozenset("rne")
# Adjectives of states and regions before a head word ("Tiroler Sparkasse").
_REGION_ADJECTIVES = _wordset(
    "Tiroler Osttiroler Südtiroler Vorarlberger Salzburger Kärntner Steirische Steirischen Steirischer "
    "Oberösterreichische Oberösterreichischen Niederösterreichische Niederösterreichischen "
    "Burgenländische Burgenländischen Wiener Bayerische Bayerischen Österreichische Österreichischen"
)


class _OrganisationPatterns(NamedTuple):
    token: re.Pattern[str]
    word_before: re.Pattern[str]
    label: re.Pattern[str]
    work_at: re.Pattern[str]


@functools.cache
def _organisation_patterns() -> _OrganisationPatterns:
    """The patterns that seek organisations, compiled when first needed: a run without ORG (the
    default) never seeks one, and compiling them would add to every run's start."""
    return _OrganisationPatterns(
        # A token of a name: a word (with a full stop), "&" or "+", in quotes or not.
        token=re.compile(
            r"[ \t]{0,3}(?P<t>[" + _QUOTES + r"]?(?:" + _WORD_BODY + r"\.?|&|\+)[" + _QUOTES + r"]?)(?![\w-])"
        ),
        # The word right before a position, with one to three blanks in between.
        word_before=re.compile(r"(?<![\w-])(" + _WORD_BODY + r")[ \t]{1,3}\Z"),
        # "Arbeitgeber: X"
        label=guarded(
            r"(?<![\w-])",
            r"(?:Arbeitgeber(?:in)?|Dienstgeber(?:in)?|Arbeitsstelle|Arbeitsplatz|Firma|Betrieb|"
            r"Lehrbetrieb|Ausbildungsstätte|Ausbildungsbetrieb|Schule|Universität|Unternehmen)[ \t]*:[ \t]*",
        ),
        # "arbeitet bei X"
        work_at=guarded(
            r"(?<![\w-])",
            r"(?:[Aa]rbeit(?:e|et|ete|eten|end|en)?|[Gg]earbeitet|[Bb]eschäftigt|[Aa]ngestellt|[Tt]ätig|"
            r"[Jj]obb(?:t|te)|Lehre|Ausbildung|Praktikum|Lehrling|Lehrstelle|Anstellung)[ \t]+(?:bei|für)"
            r"[ \t]+(?:(?:der|dem|einer|einem|den|die)[ \t]+)?",
        ),
    )


# ---------------------------------------------------------------------------------------------
# Places
# ---------------------------------------------------------------------------------------------

# "Unfallort:", "Einsatzort:": a place after the colon.
_LABEL_ORTS = "|".join(stem.capitalize() for stem in PLACE_LABEL_STEMS)
_LABEL_POINTS = "|".join(stem.capitalize() for stem in POINT_LABEL_STEMS)
# The label nouns of ``triggers.PLACE_LABEL_NOUNS`` as written: "Unfallort", "Ausgangspunkt".
_LABEL_NOUN = rf"(?:(?:{_LABEL_ORTS})ort|(?:{_LABEL_POINTS})punkt)"
_APPOSITION_NOUNS = "|".join(
    [
        *(noun.capitalize() for noun in PLACE_APPOSITION_NOUNS),
        *sorted(PLACE_INSTITUTION_NOUNS, key=len, reverse=True),
    ]
)
# A residence label's copula or adverb before its place: "Heimat ist Zirbl", "Wohnort derzeit
# Zirbl", "Geburtsort vermutlich Zirbl" (one lower-case word; a place starts with a capital).
_RESIDENCE_COPULA = r"(?!(?:laut|bei|vor|nach|seit|der|des)[ \t])[a-zäöüß]{3,16}"
# The labels of a residence or a place a note names, which a copula may follow ("Unfallort war").
_RESIDENCE_LABEL = (
    rf"(?:(?:Wohn|Geburts|Heimat|Herkunfts)ort|{_LABEL_NOUN}|Herkunft|Heimat|Wohnsitz"
    r"|(?:Heimat|Wohn)gemeinde)"
)
# A label's gloss before its colon: "Geburtsort (lt. Pass): Zirbl", "Wohnort (aktuell): Zirbl".
_GLOSS_BEFORE_COLON = r"[ \t]*\([^()\n]{1,24}\)(?=[ \t]*:)"
_GLOSS = re.compile(_GLOSS_BEFORE_COLON)
_GLOSS_AT_END = re.compile(r"[ \t]*\([^()\n]{1,24}\)\Z")
# ... or the source a label's value comes from, without brackets: "Arbeitsort lt. Arbeitgeber
# Zirbl", "Wohnort laut e-card: Zirbl", "Unfallort gem. Polizei Zirbl".
# ... or whose value it is, or when it held, before the colon: "Wohnort der Eltern: Zirbl",
# "Wohnort der Eltern laut Pass: Zirbl", "Wohnort bei Antragstellung: Zirbl".
_SOURCE = r"[ \t]+(?:lt\.|laut|gem\.|gemäß)[ \t]+[^\W\d_][\w\-]{1,24}\.?"
_SOURCE_GLOSS_BODY = (
    rf"(?:{_SOURCE}|[ \t]+(?:(?:der|des)[ \t]+[^\W\d_][\w\-]{{1,24}}(?:{_SOURCE})?"
    r"|(?:bei|vor|nach|seit)[ \t]+[^\W\d_][\w\-]{1,24})(?=[ \t]*:))"
)
_SOURCE_GLOSS = re.compile(_SOURCE_GLOSS_BODY + r"(?:[ \t]*:)?")
# The first letters of a source's gloss, and after a label ("Wohnort", not "in der", "aus dem")
# also of whose or when: a one-letter test before the regex.
_SOURCE_FIRSTS = "lg"
_LABEL_GLOSS_FIRSTS = "lgdbvns"
# Bilingual forms of South Tyrol and Switzerland: the Italian and French labels and phrases of a
# residence or a birthplace ("Residenza: Zirbl", "domicilié(e) à Zirbl", "nato/a a Zirbl").
_ROMANCE_LABEL = (
    r"(?:[Rr]esidenza|[Dd]omicilio|[Dd]omicile|[Cc]omune|[Ll]uogo[ \t]+di[ \t]+nascita"
    r"|[Ll]ieu[ \t]+de[ \t]+naissance)"
)
_ROMANCE_RESIDENCE = (
    r"(?:[Dd]omicili(?:é(?:\(e\)|e)?|at[oa](?:/a)?)[ \t]+(?:à|a|in)|[Rr]esident[ei][ \t]+(?:a|in)"
    r"|[Nn](?:é(?:\(e\)|e)?|at[oa](?:/a)?)[ \t]+(?:à|a))"
)
# Not ``guarded``: a place noun's branch may start with any capital ({CAPITAL}, whose letters
# beyond Latin-1 are a negated class), so no class of first characters can be listed, and
# parsing the long body only to find that out would cost every run.
_LOC_TRIGGER = re.compile(
    r"(?<![\w.-])"
    r"(?:(?P<kw>[Ww]ohnhaft(?:[ \t]+in|[ \t]*:)?|[Ww]ohnh?\.(?:[ \t]+in|[ \t]*:)?|"
    r"[Ww]ohnt[ \t]+in|[Ll]ebt[ \t]+in|"
    # "Als Herkunftsort gibt er Zirbl an", "Als Wohnort wird Zirbl genannt": the label's verb,
    # its subject and auxiliary (lower-case words) before the place
    rf"[Aa]ls[ \t]+{_RESIDENCE_LABEL}(?:[ \t]+[a-zäöüß]{{2,16}}){{1,3}}|"
    rf"{_RESIDENCE_LABEL}[ \t]+{_RESIDENCE_COPULA}|"
    r"(?:Wohn|Geburts|Heimat|Herkunfts)ort[ \t]*:?|"
    r"(?:Herkunft|(?<!vor[ ])Ort|(?:Wohn|Geburts|Heimat)?[Ss]tadt|Geb\.-?[ ]?Ort)[ \t]*:|"
    # labels of a place's description, and an origin's, before a gloss and a colon ("Ortsangabe
    # des Anrufers: Zirbl", "Örtlichkeit: Zirbl", "Herkunft lt. Transportschein: Zirbl")
    rf"[OÖH](?:(?<=O)rtsangabe|(?<=Ö)rtlichkeit|(?<=H)erkunft)(?=(?:{_SOURCE_GLOSS_BODY})?[ \t]*:)|"
    # a form's labels in capitals ("WOHNORT: Zirbl", "WOHNGEMEINDE Zirbl"), behind one class of
    # first letters (a branch that starts with a class or a literal is skipped in one test)
    r"[WGHOS](?=[A-Z])(?:(?:(?<=W)OHN(?:ORT|GEMEINDE|SITZ)|(?<=G)EBURTSORT|(?<=H)(?:EIMAT(?:ORT|GEMEINDE)"
    r"|ERKUNFTSORT))[ \t]*:?|(?:(?<=H)ERKUNFT|(?<=O)RT|(?<=G)EMEINDE|(?<=W)OHNSTADT|(?<=G)EBURTSSTADT"
    r"|(?<=H)EIMATSTADT|(?<=S)TADT)[ \t]*:)|"
    # a stay's place, as a form or the legal term of a guardianship's forms writes it ("Aufenthalt:
    # Zirbl", "Kur, Aufenthalt Zirbl", "gewöhnlicher Aufenthalt Zirbl")
    r"(?:[Gg]ewöhnliche[rnm]?[ \t]+)?Aufenthalt[ \t]*:?|"
    rf"{_LABEL_NOUN}[ \t]*:|"
    r"(?:Heimat|Wohn)?[Gg]emeinde[ \t]*:?|"
    r"(?:[Zz]uhause|[Dd]aheim|[Aa]nsässig|[Bb]eheimatet|[Ww]ohnend)[ \t]+in|[Gg]ebürtig[ \t]+aus|"
    rf"{_ROMANCE_LABEL}[ \t]*:|{_ROMANCE_RESIDENCE}|"
    r"Wohnsitz[ \t]*:?|übersiedelt[ \t]+nach|[Zz]ugezogen[ \t]+aus|[Ss]tammt[ \t]+aus|Raum|"
    r"[Uu]rlaub(?:saufenthalt)?[ \t]+in|[Rr]eise[ \t]+nach|[Gg]eboren[ \t]+in|[Aa]ufgewachsen[ \t]+in|"
    r"[Vv]erzogen[ \t]+nach|"
    r"(?:Bezirk|Landkreis|Stadtteil|Ortsteil|Ortschaft|Großraum|Umland|Stadtrand|Ortsrand|Stadtgebiet"
    r"|Gemeindegebiet|Weiler|Siedlung|Katastralgemeinde|(?:Stadt|Markt)?[Gg]emeindeteil|(?:Stadt|Gemeinde)bezirk"
    rf"|{_APPOSITION_NOUNS}|{_LABEL_NOUN}|{CAPITAL}[A-Za-zÄÖÜäöüß]{{1,20}}-(?:Region|Aufenthalt|Bereich)"
    r"|Stadt|Kreisstadt|(?:Landes|Bezirks)?[Hh]auptstadt|(?:Heimat|Nachbar)(?:dorf|stadt|ort"
    r"|gemeinde)|Dorf|Kurort|Marktgemeinde|Stadtgemeinde)(?:[ \t]+von)?)"
    r"|(?P<prep>[Ii]n|[Aa]us|[Nn]ach|[Bb]ei|[Vv]on|[Üü]ber|[Nn]ahe|[Uu]nweit|[Rr]ichtung|Höhe|"
    r"[Nn]ähe(?:[ \t]+von)?|(?:[Uu]mgebung|[Gg]egend)[ \t]+von|(?:[Gg]egend|[Rr]und)[ \t]+um|"
    r"[Aa]b|[Bb]is|[Vv]ia|[Dd]urch|ob|gegen|"
    r"[Vv]or|[Hh]inter|"
    r"(?:[Nn]ördlich|[Ss]üdlich|[Öö]stlich|[Ww]estlich|[Nn]ord(?:öst|west)lich|[Ss]üd(?:öst|west)lich"
    r"|[Oo]berhalb|[Uu]nterhalb|[Aa]u(?:ß|ss)erhalb|[Jj]enseits|[Dd]iesseits|[Aa]bseits|[Nn]ächst)"
    r"(?:[ \t]+von)?|"
    r"[Zz]wischen|"
    # a municipality's abbreviation (triggers.MUNICIPALITY_ABBREVIATIONS: "Zweitwohnsitz, Gem.
    # Zirbl", "Gde. Zirbl"); "gem." is also
    # "gemäß", after which a town's test leaves the nouns ("gem. Absprache")
    r"[Gg](?:em|de)\.|"
    # a dispatch's place ("Alarmierung für Zirbl, Stichwort Sturz")
    r"(?:[Nn]ach)?[Aa]larmierung[ \t]+für))"
    # a form's label may end in its preposition and a colon ("Wohnhaft in: Zirbl", "Zugewiesen aus:"),
    # and hold a gloss before it ("Geburtsort (lt. Pass): Zirbl"); a label its value's source
    # ("Arbeitsort lt. Arbeitgeber Zirbl")
    # (or a table's cell border: "| Wohnort | Zirbl |")
    rf"(?:{_GLOSS_BEFORE_COLON})?(?(kw)(?:{_SOURCE_GLOSS_BODY})?)(?:[ \t]*[:|])?[ \t]{{1,3}}(?=[^\W\d_])"
)
_LOC_AFTER_ZIP = guarded(
    r"(?<![\w.,/-])", rf"(?:{COUNTRY_BEFORE_ZIP})?(?:[1-9]\d{{3}}|\d{{5}})[ \t]{{1,3}}(?=[^\W\d_])"
)
_PLACE_WORD = re.compile(r"[^\W\d_][\w'’]{0,40}+\.?(?:-[^\W\d_][\w'’]{0,40}+\.?){0,3}+(?![\w-])")
# A side of a place names it as "nahe" does: "südlich Zirbenau", "oberhalb von Zirbenau", "jenseits
# von Zirbenau", and the Austrian "nächst Zirbenau".
_SIDE_CUES = (
    "nördlich", "südlich", "östlich", "westlich", "nordöstlich", "nordwestlich", "südöstlich", "südwestlich",
    "oberhalb", "unterhalb", "außerhalb", "ausserhalb", "jenseits", "diesseits", "abseits", "nächst",
)  # fmt: skip
# ... and after a residence verb, as its cue ("wohnt westlich Zirbl").
_SIDES = "|".join(sorted(_SIDE_CUES, key=len, reverse=True))
# The residence cues of _LOC_TRIGGER, as they end where the chunk saw a place cue.
_RESIDENCE_CUE = re.compile(
    r"(?i:wohnhaft(?:[ \t]+in)?|wohnh?\.?(?:[ \t]+in)?|wohnt[ \t]+in|lebt[ \t]+in"
    r"|(?:wohnt|lebt|wohnhaft|wohnte|lebte)(?:[ \t]+[^\s.,;:!?()]{1,15}){1,5}[ \t]+in"
    # a side of a place after a residence verb ("wohnt westlich Zirbl", "lebt etwas außerhalb Zirbl")
    rf"|(?:wohnt|lebt|wohnhaft|wohnte|lebte)(?:[ \t]+[^\s.,;:!?()]{{1,15}}){{0,4}}[ \t]+(?:{_SIDES})"
    r"|(?:(?:wohn|geburts|heimat|herkunfts)ort|herkunft|heimat|wohnsitz|(?:heimat|wohn)gemeinde)"
    rf"[ \t]+{_RESIDENCE_COPULA}"
    r"|(?:wohn|geburts|heimat|herkunfts)ort|herkunft|(?:heimat|wohn)?gemeinde|ortsangabe|örtlichkeit"
    r"|(?:zuhause|daheim|ansässig|beheimatet|wohnend)[ \t]+in|gebürtig[ \t]+aus"
    r"|wohnsitz|übersiedelt[ \t]+nach|zugezogen[ \t]+aus|stammt[ \t]+aus|urlaub(?:saufenthalt)?[ \t]+in"
    r"|reise[ \t]+nach|geboren[ \t]+in|aufgewachsen[ \t]+in|verzogen[ \t]+nach|aufenthalt[ \t]+in"
    r"|befindet[ \t]+sich(?:[ \t]+[^\s.,;:!?()]{1,15}){0,3}[ \t]+in"
    rf"|{_ROMANCE_LABEL}|{_ROMANCE_RESIDENCE})\Z"
)
# Form labels that name a place only before a colon ("Ort:", "PLZ/Ort:", "Stadt:"; not
# "Ansprechpartner vor Ort: Frau X").
_PLACE_LABEL = re.compile(
    rf"(?<![^\W\d_])(?<!vor[ ])(?i:(?:{_LABEL_ORTS})?ort|(?:wohn|geburts|heimat)?stadt)\Z"
)
_PLACE_LABEL_REACH = 20  # "Aufenthaltsort"
# How far back a residence cue may start: "wohnt gemeinsam mit ihrem Mann in" fits.
_RESIDENCE_REACH = 56
# A word part every residence cue of _RESIDENCE_CUE contains: most cue words ("in", "ist", "vor")
# stand in sentences with none of them, which a substring test rules out before the regex.
_RESIDENCE_STEM = re.compile(
    "wohn|lebt|ort|örtlich|herkunft|heimat|gemeinde|zuhause|daheim|ansässig|gebürtig|übersiedelt|zugezogen|stammt"
    "|urlaub|reise|geboren|aufgewachsen|verzogen|aufenthalt|befindet|residen|domicil|comune|luogo|lieu|né|nat"
)
# What the pre-check tests after each cue word of the automaton (``triggers.PLACE_CUES``): only
# what can find a place after that word in ``_find_places``, so the frequent words ("in", "bei",
# "bis") cost little. A word missing here gets every test.
_MAY_KNOWN = 1  # a place a list knows ("in Linz", "Raum Linz")
_MAY_TOWN = 2  # a town no list knows after a bare preposition ("aus Zirbenau")
_MAY_ROUTE = 4  # … where names stand too: only a route's town ("ab Zirbenau nach Linz")
_MAY_BETWEEN = 8  # … or the first of two ("zwischen Zirbl und Linz")
_MAY_RESIDENCE = 16  # a place no list knows after a residence cue ("lebt in", "Wohnort:")
_MAY_COPULA = 32  # a residence label before a copula ("Heimat ist Zirbl")
_MAY_UNKNOWN = 128  # a place no list knows after a place noun ("im Bezirk Zirbl")
_AFTER_GEGEND = 64  # only as the end of "Gegend um" or "rund um"
_MAY_WAY_END = 256  # a place no list knows at a way's end ("die Strecke bis Zirbl")
_ALL_TESTS = _MAY_KNOWN | _MAY_TOWN | _MAY_RESIDENCE | _MAY_COPULA | _MAY_UNKNOWN | _MAY_WAY_END
_LABEL_TESTS = _MAY_RESIDENCE | _MAY_COPULA
# "ob": the Alemannic and Austrian "above" ("die Alp ob Zirbl"), a route's cue as "hinter" is.
_ROUTE_CUES = ("bei", "ab", "bis", "via", "durch", "vor", "hinter", "ob")
# The prepositions a residence verb names a place with: "in" and the sides.
_RESIDENCE_PREPOSITIONS = frozenset(("in", *_SIDE_CUES))
_LABEL_CUES = (
    "wohnhaft", "wohnh", "wohn", "wohnort", "geburtsort", "heimatort", "herkunftsort", "herkunft", "heimat",
    "gemeinde", "heimatgemeinde", "wohngemeinde", "wohnsitz", "ort", "stadt", "wohnstadt", "geburtsstadt",
    "heimatstadt", "ortsangabe", "örtlichkeit",
)  # fmt: skip
# Nouns of a place's kind that its name follows ("im Bezirk Zirbl", "Stadtrand von Zirbl": the
# latter ends in "von", whose tests are a preposition's and so cover it too).
_PLACE_KIND_NOUNS = (
    "bezirk", "landkreis", "stadtteil", "ortsteil", "ortschaft", "großraum", "umland", "stadtrand",
    "ortsrand", "stadtgebiet", "gemeindegebiet", "kreisstadt", "hauptstadt", "landeshauptstadt",
    "bezirkshauptstadt", "heimatdorf", "nachbardorf", "nachbarstadt", "nachbarort", "nachbargemeinde", "dorf",
    "kurort", "marktgemeinde", "stadtgemeinde", "weiler", "siedlung", "katastralgemeinde", "gemeindeteil",
    "stadtgemeindeteil", "marktgemeindeteil", "stadtbezirk", "gemeindebezirk", *PLACE_APPOSITION_NOUNS,
)  # fmt: skip
# ... and the institutions named after their town ("Rettung Zirbl"), cues of the same tests.
_PLACE_NOUN_CUES = (*_PLACE_KIND_NOUNS, *(noun.lower() for noun in PLACE_INSTITUTION_NOUNS))
# The nouns of a place's kind, which a label's place does not start with ("Fundort:
# Gemeindegebiet Zirbl").
_PLACE_NOUNS = frozenset(_PLACE_KIND_NOUNS)
_LONGEST_PLACE_NOUN = max(map(len, _PLACE_NOUNS))
_CUE_TESTS: dict[str, int] = {
    "in": _MAY_KNOWN | _MAY_TOWN | _MAY_RESIDENCE,
    **dict.fromkeys(("nach", "aus"), _MAY_KNOWN | _MAY_TOWN | _MAY_RESIDENCE | _MAY_WAY_END),
    "über": _MAY_KNOWN | _MAY_TOWN | _MAY_WAY_END,
    **dict.fromkeys(("nahe", "nähe", "höhe", "unweit", "richtung"), _MAY_KNOWN | _MAY_TOWN),
    "von": _MAY_KNOWN | _MAY_TOWN | _MAY_UNKNOWN | _MAY_WAY_END,  # also "Stadtrand von"
    "um": _MAY_KNOWN | _MAY_TOWN | _AFTER_GEGEND | _MAY_WAY_END,
    **dict.fromkeys(_ROUTE_CUES, _MAY_KNOWN | _MAY_TOWN | _MAY_ROUTE),
    **dict.fromkeys(("via", "ab", "ob"), _MAY_KNOWN | _MAY_TOWN | _MAY_ROUTE | _MAY_WAY_END),
    **dict.fromkeys(_SIDE_CUES, _MAY_KNOWN | _MAY_TOWN | _MAY_RESIDENCE),
    "bis": _MAY_KNOWN | _MAY_TOWN | _MAY_ROUTE | _MAY_WAY_END,
    # "gegen" names a place only as a way's end, in Swiss usage ("auf der Fahrt gegen Zirbl";
    # "gegen Abend", "gegen Tetanus")
    "gegen": _MAY_KNOWN | _MAY_WAY_END,
    "zwischen": _MAY_KNOWN | _MAY_TOWN | _MAY_ROUTE | _MAY_BETWEEN | _MAY_WAY_END,
    "raum": _MAY_KNOWN | _MAY_UNKNOWN,
    **dict.fromkeys((*DISPATCH_CUES, *MUNICIPALITY_ABBREVIATIONS), _MAY_KNOWN | _MAY_TOWN),
    **dict.fromkeys(_LABEL_CUES, _LABEL_TESTS),
    **dict.fromkeys(("residenza", "domicilio", "domicile", "comune", "nascita", "naissance"), _LABEL_TESTS),
    **dict.fromkeys(
        ("à", "nato a", "nata a", "residente a", "domiciliato a", "domiciliata a"),
        _MAY_KNOWN | _MAY_RESIDENCE,
    ),
    **dict.fromkeys(_PLACE_NOUN_CUES, _MAY_KNOWN | _MAY_UNKNOWN),
    # "Urlaubsort: Zirbl" and "Urlaubsort Zirbl": a label and a place noun; "Aufenthalt: Zirbl",
    # "gewöhnlicher Aufenthalt Zirbl"; a service's region ("KESB-Region Zirbl")
    # a rescue service's area ("NEF-Bereich: Zirbl")
    **dict.fromkeys(
        (*PLACE_LABEL_NOUNS, "aufenthalt", "region", "bereich"), _LABEL_TESTS | _MAY_KNOWN | _MAY_UNKNOWN
    ),
    # "Stadt:" is a label, "die Stadt Zirbl" a place noun; "Heimatstadt" and "Heimatort" both
    **dict.fromkeys(("stadt", "heimatstadt", "heimatort"), _LABEL_TESTS | _MAY_KNOWN | _MAY_UNKNOWN),
    # prepositions that only a noun's name follows ("zu dem Werk Zirbl"): none of these tests,
    # only _place_named_by_noun
    **dict.fromkeys(("zu", "ins"), 0),
    # "dort" names the place before it, only ("Zirbl – dort lebt die Tochter"), and so does a
    # homecoming's noun after a heading ("Zirbl: Rückkehr …"): _PLACE_BEFORE_CUES
    "dort": 0,
    **dict.fromkeys(HOMECOMING_NOUNS, 0),
}
# Cue words that name the place before them, and what stands between: a dash or comma before
# "dort" ("Zirbl – dort lebt die Tochter", "Zirbl, dort wohnt er"), a copula before a
# residence's noun ("Zirbl ist der Wohnsitz der Familie", "Zirbl bleibt ihr Lebensmittelpunkt").
# The place starts its line or sentence.
_DORT_LINK = re.compile(r"[ \t]*[–,;-][ \t]*")
_COPULA_LINK = re.compile(
    r"[ \t]+(?:ist|war|bleibt|blieb)(?:[ \t]+(?:der|die|sein|seine|ihr|ihre|weiterhin))?[ \t]+"
)
# A heading's colon before a homecoming's or a move's noun: the heading names where to ("Zirbl:
# Rückkehr in die eigene Wohnung", "Zirbl: Übersiedlung ins Heim geplant").
_HEADING_LINK = re.compile(r"[ \t]*:[ \t]*")
_PLACE_BEFORE_CUES: dict[str, re.Pattern[str]] = {
    "dort": _DORT_LINK,
    **dict.fromkeys(HOMECOMING_NOUNS, _HEADING_LINK),
    **dict.fromkeys(
        ("wohnsitz", "hauptwohnsitz", "wohnort", "heimatort", "geburtsort", "heimat", "lebensmittelpunkt"),
        _COPULA_LINK,
    ),
}
_PLACE_BEFORE_CUE = re.compile(rf"(?<![\w-])(?i:{'|'.join(_PLACE_BEFORE_CUES)})(?![\w-])")
# How far before its cue such a place's line or sentence may start.
_PLACE_BEFORE_REACH = 72
# The cue words whose place must start with a capital right after them (blanks, a colon or an
# abbreviation's stop between; no copula), and the words no test follows ("zu", "ins": noun cues
# only): ``place_may_follow``.
_CUES_BEFORE_CAPITALS: frozenset[str] = frozenset(k for k, v in _CUE_TESTS.items() if not v & _MAY_COPULA)
_CUES_WITHOUT_TESTS: frozenset[str] = frozenset(k for k, v in _CUE_TESTS.items() if not v)
# A noun and the name after it, after a preposition of place and maybe its article: the name names
# the noun's own instance, and a possible place there is a place ("im Werk Zirbl", "am
# Grenzübergang Zirbl", "aus der Filiale Zirbl", "zum Gasthof Zirbl"). Names of persons ("bei
# der Kollegin Huber") follow a person's noun and a drug a therapy's ("bei der Gabe Zirbex"), a
# test's or a scale's name a measure's: _NOUNS_OF_NO_PLACE names them.
_NOUN_NAME_CUES = frozenset(
    (
        "in", "im", "ins", "aus", "von", "vom", "nach", "bei", "beim", "an", "am", "zu", "zum", "zur", "über",
        "auf", "vor", "hinter",
    )
)  # fmt: skip
_NOUN_AND_NAME_AFTER_BLANK = (
    rf"(?:(?:der|dem|den|die|das|des)[ \t]{{1,2}})?(?P<noun>{CAPITAL}[a-zäöüß]{{2,30}}+)[ \t](?={CAPITAL})"
)
_NOUN_AND_NAME = re.compile(r"[ \t]" + _NOUN_AND_NAME_AFTER_BLANK)
# What the chunk's scan checks after a preposition and its blank before it keeps the preposition
# for _place_named_by_noun: most stand before no noun and name ("beim Gehen", "am Abend").
NOUN_AND_NAME_AHEAD = re.compile(_NOUN_AND_NAME_AFTER_BLANK)
_NOUNS_OF_NO_PLACE = _wordset(
    """therapie gabe medikation medikament medikamente präparat wirkstoff dosis tablette tabletten infusion
    einnahme umstellung behandlung kombination substanz mittel salbe spray tropfen kapsel kapseln
    methode technik verfahren test score skala klassifikation stadium grad typ form sorte marke
    kollege kollegin kollegen patient patientin patienten tochter sohn frau herr herrn herren mutter vater
    gatte gattin ehemann ehefrau bruder schwester partner partnerin familie ehepaar kind baby säugling
    bewohner bewohnerin klient klientin angehörige angehörigen nachbar nachbarin freund freundin
    lebensgefährte lebensgefährtin enkel enkelin onkel tante neffe nichte schwager schwägerin
    schwiegersohn schwiegertochter arzt ärztin hausarzt hausärztin oberarzt oberärztin facharzt
    fachärztin primar primaria doktor professor professorin pfleger pflegerin betreuer betreuerin
    sachwalter sachwalterin erwachsenenvertreter erwachsenenvertreterin"""
)
# A title starts a person's name, not a place's ("an Hausärztin Dr. Zirbl").
_TITLE_AHEAD = re.compile(r"(?:Dr|Prof|Mag|Dipl|Univ|Priv|Doz|Prim|OA|OÄ|DDr|Dres)\b")
_NOUN_NAME_CUE = re.compile(
    rf"(?<![\w\-])(?i:{'|'.join(sorted(_NOUN_NAME_CUES, key=len, reverse=True))})(?![\w\-])"
)
# What follows such a place: its clause's end or a lower-case word ("im Werk Zirbl als Schlosser").
# An abbreviation's stop is no clause's end ("bei Rückfragen Fallnr. 4471", "Fallnr. P 2017/44":
# a small letter or a code follows it).
_AFTER_NAMED_PLACE = re.compile(
    r"[ \t]*(?:[,;:!?()\n–]|\.(?![ \t]*(?:[a-zäöüß0-9]|[A-Z]{1,3}[ \t]?\d))|\Z)|[ \t]+[a-zäöüß]"
)
# A label's cue that ends in its copula or verb ("Unfallort war", "Als Wohnort gibt er").
_VERB_AT_END = re.compile(r"[ \t][a-zäöüß]{2,16}\Z")
_COPULA_AFTER = re.compile(rf"(?:[ \t]+[a-zäöüß]{{2,16}}){{1,3}}[ \t]+(?={CAPITAL})")
# The text from a place's start to the next blank, as far as the pre-check remembers it.
_FIRST_TOKEN_MAX = 48
_FIRST_TOKEN = re.compile(rf"\S{{1,{_FIRST_TOKEN_MAX}}}")
_PLACE_GAP = re.compile(r"[ \t]{1,2}(?=[^\W\d_])")
# A town no list knows after a bare "in"/"aus"/"nach": a word, its hyphenated parts, and a first
# word of the gazetteer's several-word places before it ("Bad", "Sankt", "St.").
_TOWN = rf"(?P<town>{CAPITAL}[^\W\d_]{{2,40}}(?:-{CAPITAL}[^\W\d_]{{1,40}}){{0,2}})(?![\w-])"
_TOWN_PARTS = re.compile(rf"(?:(?P<prefix>{CAPITAL}[^\W\d_]{{1,20}}\.?)[ \t])?" + _TOWN)
_TOWN_ALONE = re.compile(_TOWN)
# The cue words that are abbreviations, whose stop the pre-check's tests read past.
_ABBREVIATED_CUES = frozenset(MUNICIPALITY_ABBREVIATIONS)
# The prepositions after which a town no list knows may stand; after the others ("bei", "von",
# where names stand too; "ab", "bis", "via", "vor", "nördlich von" …) only a town that ends as
# places do, starting a route or ending its clause.
_TOWN_PREPOSITIONS = frozenset(
    {
        "in",
        "aus",
        "nach",
        "über",
        "nahe",
        "unweit",
        "richtung",
        "höhe",
        "nähe",
        "nähe von",
        "umgebung von",
        "gegend um",
    }
    | {"rund um", "gegend von", *DISPATCH_CUES, *(f"{abbreviation}." for abbreviation in _ABBREVIATED_CUES)}
    | {*_SIDE_CUES, *(f"{side} von" for side in _SIDE_CUES)}
)
# A route preposition right after a word of nearness names a town as "in" does: "kurz vor
# Zirbl", "knapp hinter Zirbl", "unmittelbar nach Zirbl".
_NEAR_BEFORE = re.compile(r"(?i:kurz|knapp|unmittelbar|direkt|gleich)[ \t]{1,2}\Z")
# A way's noun before "bis"/"nach"/"von" names its end as a residence cue does: "die Strecke
# bis Zirbl", "auf dem Heimweg nach Zirbl", "die Fahrt von Zirbl". A journey's noun, a vehicle
# and a commuter's verb also name a route's town after "über", "via", "ab", "aus" and "zwischen"
# ("Heimreise über Zirbl", "per Ambulanzjet via Zirbl", "pendelt zwischen Zirbl und Lärchfeld"),
# a mountain pasture or hut the village it lies above ("die Alp ob Zirbl"); a time's adverbs may
# stand between ("Anreise heute früh ab Zirbl"); a dispatch names where it goes ("Alarmierung nach
# Zirbl wegen Sturz").
_WAY_BEFORE = re.compile(
    r"(?<![^\W\d_])(?:[Ss]trecke|[Ww]eg|[Hh]eimweg|[Rr]ückweg|[Ff]ahrt|[Aa]nfahrt|[Hh]eimfahrt|[Rr]ückfahrt"
    r"|[Hh]infahrt|[Ww]eiterfahrt|[Rr]eise|[Aa]nreise|[Aa]breise|[Hh]eimreise|[Rr]ückreise|[Ww]eiterreise"
    r"|[Tt]ransport|[Rr]ücktransport|[Hh]eimtransport|[Tt]ransfer|[Ff]ahrstrecke|[Ww]egstrecke|[Aa]usflug"
    r"|[Uu]mzug|Übersiedlung|[Rr]ückkehr|[Hh]eimkehr|[Ff]lug|[Hh]eimflug|[Rr]ückflug|[Uu]rlaubsreise"
    r"|[Ww]allfahrt|[Zz]ugfahrt|[Aa]utofahrt|[Bb]usfahrt|Zug|Bahn|Bus|Taxi|Flugzeug|Ambulanzjet|Jet"
    r"|[Hh]ubschrauber|Helikopter|[Pp]endelt|[Pp]endeln|[Pp]endelte|[Pp]endle|Alp|Alm|Hütte|Maiensäss"
    r"|(?:[Nn]ach)?[Aa]larmierung|Einsatzfahrt)"
    r"(?:[ \t]{1,2}(?:heute|morgen|gestern|früh|morgens|abends|nachts|mittags|direkt|dann|täglich)){0,2}"
    r"[ \t]{1,2}\Z"
)
# The prepositions after which a way's, a journey's or a vehicle's word names a place no list knows.
# Those that end a way ("bis", "nach", "von", "gegen") take compounds of two nouns ("die Strecke
# nach Steinbach"); a journey's other legs only words that are no such compound.
_WAY_END_ONLY_PREPOSITIONS = frozenset(("bis", "nach", "von", "gegen"))
_WAY_END_PREPOSITIONS = _WAY_END_ONLY_PREPOSITIONS | {"über", "via", "ab", "aus", "zwischen", "ob"}
# "rund um Zirbl" names the place as a way's end does.
_ROUND_BEFORE = re.compile(r"(?<![^\W\d_])[Rr]und[ \t]{1,2}\Z")
# How far back the words before a cue word are read for these tests ("Rücktransport morgen früh ").
_BEFORE_CUE_REACH = 40
# A possible place that ends its clause after a bare preposition is one ("kommt aus Zirbl.",
# "nach Zirbl, dort"): a noun there would need more words ("aus Zirbl entfernt").
_CLAUSE_END = re.compile(r"[ \t]*(?:[.,;!?)]|\n|\Z)")
# After "von" a town is named only as the start of a route: "von Zirbenau nach Linz", "von
# Zirbenau aus".
_ROUTE_ON = re.compile(r"[ \t]{1,2}(?:nach|ins|bis|aus|in[ \t]+(?:die|das|den))(?!\w)")
# What joins a second place to a first: "Zirbenau und Linz", "Zirbl bzw. Lärchfeld", "Zirbl bei
# Linz", a route's dash "Zirbenau – Lärchfeld".
_JOINER = re.compile(rf"(?:[ \t]{{1,2}}(?:und|oder|bzw\.|sowie|bis|bei|–|-)[ \t]{{1,2}}|–)(?={CAPITAL})")
# The tail of a place's name: a town after "bei" ("Zirbl bei Linz"), a river, lake, valley or
# region after "am", "an der", "im", "in der", "ob der" ("Zirbl am See", "Zirbl an der Lärch",
# "Zirbl im Pinzgau", "Zirbl in der Steiermark"). The detector joins it to the place.
# A town's name as the rules after a place, a site or a name read it: one word, maybe
# hyphenated once ("Zirbl", "Zirbl-Lärchau").
TOWN_WORD = rf"{CAPITAL}[^\W\d_]{{2,40}}(?:-{CAPITAL}[^\W\d_]{{1,40}})?"
# Also abbreviated ("Zirbl a. d. Lärch", "Zirbl i. Pinzgau", "Zirbl b. Linz").
_TAIL_JOINTS = ("bei", "am", "an der", "im", "in der", "ob der", "ob", "a. d.", "a.", "i. d.", "i.", "b.")
# letterheads write the tail in capitals too ("KLINIKUM ZIRBL AM SEE")
_TAIL_JOINT = "|".join(
    re.escape(j).replace(r"\ ", r"[ \t]?" if "." in j else r"[ \t]")
    # not "A." in capitals: an initial ("Klinikum Zirbl A. Lärch")
    for j in (*_TAIL_JOINTS, *(j.upper() for j in _TAIL_JOINTS if "." not in j))
)
PLACE_TAIL = re.compile(rf"[ \t](?P<joint>{_TAIL_JOINT})[ \t](?P<town>{TOWN_WORD})(?![\w-])")
# Ordinary nouns that end a place's name after "am" ("Zirbl am See", "Zirbl am Berg").
TAIL_NOUNS = frozenset({"See", "Berg", "Wald", "Walde", "Bach", "Moor"})
# "unweit Zirbl bei Linz": a second town after "bei" names the first one a town too.
_BEI_ON = re.compile(r"[ \t]{1,2}bei[ \t]")
# "zwischen Zirbenau und Linz": the first of two places.
_BETWEEN_ON = re.compile(rf"[ \t]{{1,2}}und[ \t]+{CAPITAL}")
# Words after a place that say it is one ("aus Zirbenau zugewiesen", "in Lärchfeld wohnhaft",
# "aus Zirbenau mit dem Zug").
# Any past participle counts ("in Zirbl operiert", "nach Zirbl verlegt", "aus Zirbl abgeholt"):
# the word before it passed the place test, so it is no ordinary noun ("in Ruhe gelassen").
_PLACE_AFTER_CUE = re.compile(
    r"[ \t]{1,2}(?:zugewiesen|überwiesen|zuverlegt|transferiert|kommend|stammend|zurückgekehrt|"
    r"übersiedelt|zugezogen|angereist|wohnhaft|gemeldet|geboren|aufgewachsen|verlegt|verstorben|entlassen|"
    r"übernommen|behandelt|entbunden|versorgt|vorstellig|unterwegs|ansässig|tätig|beschäftigt|wohnend|lebend|"
    r"aufhältig|[a-zäöü]{0,8}ge[a-zäöüß]{2,14}(?:t|en)|[a-zäöü]{2,14}iert|zu[ \t]Hause"
    rf"|als(?=[ \t]{CAPITAL})"
    r"|(?:bei|zu)[ \t]+(?:der|dem|den|ihrer|ihrem|ihren|seiner|seinem|seinen)(?=[ \t])|zu[rm](?=[ \t])"
    # the means of a journey: "kommt aus Zirbl mit dem Zug", "über Zirbl per Bahn"
    r"|(?:mit[ \t]+(?:dem|der)|per)[ \t]+"
    r"(?:Zug|Bahn|Bus|Auto|Taxi|Rad|Fahrrad|Flugzeug|Schiff|Fähre|Postauto)"
    # a separable verb's particle that ends the clause: "ruft aus Zirbl an.", "kommt aus Zirbl zurück"
    r"|(?:an|zurück|vorbei|heim|mit)(?=[ \t]*(?:[,.;!?)]|\n|\Z)))(?!\w)"
)
# Compounds whose last part is a noun of a place's kind (``triggers.PLACE_HEADS``) name the place
# after them: the automaton finds their heads; read backwards to the compound's capital.
# A way's compound names the place after it only as a label or where a route goes on: "Heimweg:
# Zirbl", "Transportfahrt Zirbl – Lärchfeld".
_ROUTE_STEP = re.compile(rf"(?:[ \t]{{1,2}}(?:–|-|nach|bis)[ \t]{{1,2}}|–){CAPITAL}")
# ... also after an adverb, where the route goes on: "Fahrstrecke täglich Zirbl–Lärchau".
_HEAD_ADVERB_VALUE = re.compile(rf"[ \t]{{1,2}}[a-zäöüß]{{3,14}}[ \t]{{1,2}}(?={CAPITAL})")
# The ends of words a head ("-ort") ends but that name no place: "sofort", "Wort", "Sport",
# "Transport", "Komfort".
_NO_HEAD = re.compile(r"[fwpFWP]ort")
_HEAD_COMPOUND = re.compile(rf"(?<![\w-]){CAPITAL}[a-zäöüß]{{1,30}}\Z")
_HEAD_VALUE = re.compile(rf"[ \t]*:?[ \t]{{1,3}}(?={CAPITAL})")
_NOT_PLACE_HEADS = frozenset(("abort", "resort", "ressort"))
# An area's head names a place only before a colon, and no compound of two nouns ("Einsatzbereich:
# Zirbl"; "im Lendenbereich Druckschmerz", "Schulterbereich: Hämatom" name none).
_AREA_HEADS = ("bereich",)
# A lower-case word before a colon is a form's label written in a sentence's words ("angereist:",
# "zuletzt aufhältig:", "abgeholt:"), and a town after it is the place the label names: a capital
# there starts the value, not a sentence. The colon comes first, so the engine skips ahead to
# colons.
# A compound label that ends in "-ort" names a place too, whatever its first part ("Lebensort:",
# "Zuzugsort:"; not "Stichwort:", "Transport:", "Komfort:"). Both are sought at the same colons,
# and at an export's semicolons ("Ort;Zirbl;"): one pattern for each, as a pattern that starts
# with a literal skips ahead to it in C, while one starting with "[:;]" tests every position
# (ten times slower over a chunk of notes).
COLON_VALUES = (
    re.compile(rf":(?<=[a-zäöüß]:)[ \t]{{0,3}}(?={CAPITAL})"),
    re.compile(rf";(?<=[a-zäöüß];)[ \t]{{0,3}}(?={CAPITAL})"),
)
_LOWER_LABEL = re.compile(r"(?<![\w.-])[a-zäöüß]{3,20}\Z")
# ... and so does a move's ("Umzug: Zirbl", "Ziel des geplanten Umzugs: Zirbl", "Übersiedlung:").
_ORT_LABEL = re.compile(
    rf"(?<![\w.-])(?:{CAPITAL}[a-zäöüß]{{2,20}}(?<![wpf]ort)(?<=ort)|(?<!vor[ ])Ort"
    r"|(?:Umzug|Zuzug|Wegzug)s?|Übersiedlung)\Z"
)
_LABEL_REACH = 24
# "aus Zirbl in Kärnten": a known place after "in" names the word before it a town.
_IN_ON = re.compile(rf"[ \t]{{1,2}}in[ \t]{{1,2}}(?={CAPITAL})")
# A state's or canton's code after a town names it as one and belongs to it: "Zirbl ZH",
# "Zirbl (NÖ)", "Zirbl BY".
REGION_CODE = re.compile(
    r"[ \t]\(?(?:AG|AI|AR|BE|BL|BS|FR|GE|GL|GR|JU|LU|NE|NW|OW|SG|SH|SO|SZ|TG|TI|UR|VD|VS|ZG|ZH"
    r"|NÖ|OÖ|Ktn\.|Stmk\.|Sbg\.|Vbg\.|Bgld\.|BW|BY|NRW|RLP|MV|HH|HB|BB|FL)\)?(?!\w)"
)
# A district word after a town, part of its name: "Zirbl Süd", "Zirbl-Land".
_DISTRICT = re.compile(rf"[ \t-](?:{DISTRICT_WORDS})(?![\w-])")
_MAX_PLACE_WORDS = 6
# Places that are German words too but not in common_words (place names are kept out of it).
_WORD_PLACES = _wordset(
    "Ach Anger Au Bach Bernstein Birnbaum Brand Buch Dorf Einöde Freiland Gaming Graden Grades "
    "Griffen Haus Höfen Kapellen Lind Messern Obdach Ratten Rein Rohr Spitz Stall Stuben Sulz "
    "Treffen Trieben Unken Wald Weiler Weiten Wies Werfen Langen Strengen Stumm Höchst Hard"
)
# Places that are in common_words but in notes are nearly always the town ("LKH Hall").
_TOWN_FIRST = _wordset("Hall Oetz Velden Straßburg")
# Places that are also personal names: not after "von"/"bei" ("Anruf von Klaus").
_NAME_PLACES = _wordset(
    "Klaus Ertl Landl Plank Strobl Raab Muhr Haid Kappel Mäder Söding Birnbaum Fügen Lech "
    "Friedberg Friedburg Puch Rust Horn Stein Berg"
)


# The date that ends a letter's place-and-date line, after the place's comma ("Zirbl, am 3.
# Mai 2024"): the date ends the line ("Ergometrie, 11.10.2038: ..." is a finding). The chunk's
# candidate (``chunk._DATE_LINE_CANDIDATE``) seeks the same end.
DATE_LINE_DATE = (
    r"(?:(?:den|am)[ \t]+)?\d{1,2}\.[ \t]?"
    rf"(?:\d{{1,2}}\.(?:\d{{4}}|\d{{2}})?|{CAPITAL}[a-zä]{{2,8}}\.?(?:[ \t]\d{{4}})?)[ \t]*$"
)


@functools.cache
def _place_before_date() -> re.Pattern[str]:
    """A letter's place-and-date line, compiled when first needed: it is sought only in a note
    whose chunk saw such a line's end (``chunk._DATE_LINE_CANDIDATE``), which few have."""
    return re.compile(
        rf"^[ \t]*(?P<place>{CAPITAL}[^\W\d_]{{2,40}}(?:-{CAPITAL}[^\W\d_]{{1,40}})?)[ \t]*,[ \t]*"
        + DATE_LINE_DATE,
        re.MULTILINE,
    )


class PlaceCandidates(NamedTuple):
    """Where the place patterns may match in a note: (start, end) of the cue words a place may
    follow ("in", "wohnhaft", "Wohnort"), and whether a postcode before a word, a
    place-and-date line's middle or a lower-case label's colon was seen."""

    cues: list[tuple[int, int]]
    postcode: bool
    date_line: bool
    colon_label: bool = False  # a lower-case word, a colon and a capital ("angereist: Zirbl")
    # (start, end) of the heads of compounds of a place's kind ("Talort": "ort")
    heads: list[tuple[int, int]] | None = None
    # (start, end) of the prepositions a noun and a name follow ("im Werk Zirbl", "in der
    # Kaserne Zirbl": NOUN_AND_NAME_AHEAD), None: sought here
    noun_cues: list[tuple[int, int]] | None = None
    # the lines that hold a postcode's candidate (regex_guard.lines_at), which _LOC_AFTER_ZIP
    # scans; None: all
    postcode_lines: list[tuple[int, int]] | None = None


class OrgStage:
    """Finds PRO, ORG and LOC spans on raw note text.

    ``types``: which of PRO/ORG/LOC to report. ``places``: place names as in the postcode
    dictionaries (short forms included, see ``lexicon.place_aliases``). ``professions`` and
    ``org_words``: the lines of ``professions.txt`` and ``organization_words.txt``
    (``bundled_org_lists``). ``common_words``: folded common words (``Lexicon.common``).
    """

    def __init__(
        self,
        types: frozenset[str],
        places: Iterable[str] | PlaceIndex,
        professions: Iterable[str],
        org_words: Iterable[str],
        common_words: frozenset[str],
        towns: Iterable[str] | None = None,
        place_like: Callable[[str], bool] | None = None,
        town_like: TownTest | None = None,
    ) -> None:
        self._types = frozenset(types)
        self._common = common_words
        self._professions = frozenset(fold(p) for p in professions if p.strip())
        index = as_place_index(places)
        if towns is not None:
            index = index._replace(towns=frozenset(k for t in towns for k in place_keys(t)))
        self._places = index.keys
        self._place_first = index.first_words
        # Word-level prefixes of multi-word places: a longer match is tried only while one fits.
        self._place_prefixes = index.prefixes
        self._max_place_words = index.max_words
        # The places a preposition may name; None: every place (lists without localities).
        self._towns = index.towns
        # Could a capitalized word be a place no list knows? (After a residence cue only.)
        self._place_like = place_like
        # Could it be a town no list knows? (After a bare preposition: it must end like one.)
        self._town_like = town_like
        # Per distinct first token after a cue: could a place start with it? (_may_start_place)
        self._first_tokens: dict[str, bool] = {}
        self._build_org_words(org_words)

    # -- set-up -----------------------------------------------------------------------------
    def _build_org_words(self, org_words: Iterable[str]) -> None:
        heads: set[str] = set()
        suffixes: set[str] = set()
        legal: set[str] = set()
        for line in org_words:
            word, _, kind = line.partition("\t")
            word, kind = word.strip(), kind.strip() or "head"
            if not word:
                continue
            {"head": heads, "suffix": suffixes, "legal": legal}.get(kind, heads).add(word)
        self._heads = frozenset(heads)
        self._suffixes = tuple(sorted(suffixes, key=len, reverse=True))
        self._legal_forms = frozenset(legal)
        self._weak_legal = frozenset(f for f in legal if len(f) <= 2)
        self._head: re.Pattern[str] | None = None
        self._head_suffix: re.Pattern[str] | None = None
        self._legal: re.Pattern[str] | None = None
        if ORG not in self._types:
            return  # the patterns below seek organisations only, and are long to compile
        # Literal alternations without a look-behind let the engine skip to candidate first
        # letters; the word boundary before a hit is checked in Python.
        if heads:
            body = "|".join(re.escape(h) for h in sorted(heads, key=len, reverse=True))
            self._head = re.compile(rf"(?:{body})(?![\w-])")
        if suffixes:
            body = "|".join(re.escape(x) for x in self._suffixes)
            self._head_suffix = re.compile(rf"(?:{body})(?![\w-])")
        if legal:
            forms = "|".join(re.escape(f) for f in sorted(legal, key=len, reverse=True))
            token = rf"(?:{CAPITAL}[\w'’.+-]{{0,40}}+|&|\+|und|für)"
            self._legal = guarded(
                r"(?<![\w.&+-])", rf"(?P<name>(?:{token}[ \t]{{1,2}}){{1,6}}?)(?P<form>{forms})(?![\w])"
            )

    # -- public -----------------------------------------------------------------------------
    def find(self, text: str, places: PlaceCandidates | None = None) -> list[Span]:
        """Sorted, non-overlapping spans of the requested types. With ``places`` (what a chunk's
        scans found in this note) the place patterns run only where they can match."""
        spans: list[Span] = []
        if PRO in self._types and self._professions:
            spans += self._find_professions(text)
        if ORG in self._types:
            spans += self._find_organisations(text)
        if LOC in self._types and self._places:
            spans += self._find_places(text, places)
        return _resolve(spans) if spans else spans

    # -- professions ------------------------------------------------------------------------
    def _profession_key(self, word: str) -> str | None:
        """The listed job title the word is, or (capitalised compounds) ends with:
        "Volksschullehrerin", "Kfz-Mechaniker". Generic roles do not extend to compounds
        ("Beifahrer", "Stellvertreter", "Lautsprecher" are no jobs)."""
        key = fold(word)
        if key in self._professions:
            return key
        if not word[:1].isupper():
            return None  # "normaler", "transportieren"
        tail = key.rsplit("-", 1)[-1]
        if tail != key:
            return (
                tail
                if tail in self._professions and not _profession_patterns().generic.fullmatch(tail)
                else None
            )
        for i in range(2, len(key) - _MIN_SUFFIX + 1):
            suffix = key[i:]
            if suffix in self._professions:
                return None if _profession_patterns().generic.fullmatch(suffix) else suffix
        return None

    def _find_professions(self, text: str) -> list[Span]:
        found: dict[tuple[int, int], Span] = {}

        def add(start: int, end: int) -> None:
            found.setdefault((start, end), Span(start, end, PRO, MASKERS[PRO]))

        patterns = _profession_patterns()
        for m in patterns.trigger.finditer(text):
            kind = m.lastgroup or ""
            pos = m.end()
            mods = patterns.modifiers.match(text, pos)
            modifiers = text[m.start() : mods.end()] if mods else m.group()
            pos = mods.end() if mods else pos
            word = patterns.word.match(text, pos)
            if word is None:
                continue
            start, end = word.span()
            key = self._profession_key(word.group())
            if key is None:
                if kind == "label" and self._unlisted_job(word.group()):
                    add(start, end)
                continue
            if self._profession_context(text, kind, key, modifiers, end):
                add(start, end)
        for m in patterns.right.finditer(text):
            if self._profession_key(m.group("w")) is not None:
                add(m.start("w"), m.end("w"))
        return list(found.values())

    def _unlisted_job(self, word: str) -> bool:
        """After "Beruf:" an unknown capitalised word is the job ("Beruf: Zirbenschnitzer")."""
        key = fold(word)
        return word[0].isupper() and key not in self._common and key not in _NO_PROFESSION

    def _profession_context(self, text: str, kind: str, key: str, modifiers: str, end: int) -> bool:
        """Does the trigger make this job title the patient's (or a relative's) profession?"""
        patterns = _profession_patterns()
        if not (patterns.staff.search(key) or patterns.generic.fullmatch(key)):
            return True  # a plain job title: every trigger counts
        if kind in ("label", "verb") or patterns.strong_modifier.search(modifiers):
            return True
        if kind == "mod":
            return False
        if kind == "ist":
            return patterns.job_clause_end.match(text, end) is not None
        # "als Arzt": only with a work verb after it ("als Arzt in Hall tätig").
        return patterns.work_after.match(text, end) is not None

    # -- organisations ----------------------------------------------------------------------
    def _find_organisations(self, text: str) -> list[Span]:
        intervals: list[tuple[int, int]] = []
        if self._head is not None:
            for m in self._head.finditer(text):
                if _word_starts(text, m.start()):
                    intervals.extend(self._head_span(text, m.start(), m.end()))
        if self._head_suffix is not None:
            for m in self._head_suffix.finditer(text):
                start = compound_start(text, m.start())
                if start is not None:
                    intervals.extend(self._head_span(text, start, m.end()))
        if self._legal is not None:
            for m in self._legal.finditer(text):
                span = self._legal_span(text, m)
                if span:
                    intervals.append(span)
        patterns = _organisation_patterns()
        for m in patterns.label.finditer(text):
            name = self._name_end(text, m.end(), weak_ok=True, first_stop=_NO_EMPLOYER)
            if name is not None:
                intervals.append(name)
        for m in patterns.work_at.finditer(text):
            name = self._name_end(text, m.end(), weak_ok=False)
            if name is not None:
                intervals.append(name)
        return [Span(s, e, ORG, MASKERS[ORG]) for s, e in _merge(intervals)]

    def _head_span(self, text: str, start: int, end: int) -> list[tuple[int, int]]:
        """Head word plus the name after it, or a region adjective plus the head."""
        out: list[tuple[int, int]] = []
        # After an abbreviated head ("FH", "BG") an all-caps word is more likely a clinical
        # abbreviation ("FH LDL") than a name.
        acronyms = not text[start:end].isupper()
        before = None
        if start > 1 and text[start - 1] in " \t" and text[start - 2] in _ADJECTIVE_ENDINGS:
            before = _organisation_patterns().word_before.search(text, max(0, start - 50), start)
        if before and self._is_region_adjective(before.group(1)):
            start = before.start(1)
            out.append((start, end))
        name = self._name_end(text, end, weak_ok=False, acronyms=acronyms)
        if name is not None:
            out.append((start, name[1]))
        return out

    def _is_region_adjective(self, word: str) -> bool:
        key = fold(word)
        return key in _REGION_ADJECTIVES or (
            len(key) > 4 and key.endswith("er") and key[:-2] in self._places and key[:-2] not in self._common
        )

    def _name_end(
        self,
        text: str,
        pos: int,
        *,
        weak_ok: bool,
        first_stop: frozenset[str] = frozenset(),
        acronyms: bool = True,
    ) -> tuple[int, int] | None:
        """(start, end) of the name right after ``pos`` (after up to three blanks), or None.

        A name is up to six tokens: capitalised words, places and connectors (für, der, &).
        It ends at its last *strong* token: a place or a word that is not a common word
        ("Zirbleitner", "MPREIS"); up to two common capitalised nouns ("Holzbau") may sit
        inside. With ``weak_ok`` (after a label such as "Arbeitgeber:") common words end names
        too; ``first_stop`` lists first words that mean "no name" ("Arbeitgeber: keiner");
        ``acronyms=False`` (after "FH", "BG") makes all-caps words weak.
        """
        first: int | None = None
        best: int | None = None
        weak, after_fuer, previous = 0, False, ""
        token_pattern = _organisation_patterns().token
        for index in range(_MAX_ORG_TOKENS):
            m = token_pattern.match(text, pos)
            if m is None:
                break
            raw = m.group("t")
            token = raw.strip(_QUOTES)
            t_start = m.start("t") + len(raw) - len(raw.lstrip(_QUOTES))
            key = fold(token)
            if index == 0 and (key in first_stop or key in _ORG_JOINERS):
                return None
            if key in _ORG_CONNECTORS:
                if previous in _ORG_CONNECTORS:
                    break
                after_fuer, previous, pos = key in ("für", "fuer"), key, m.end()
                continue
            if self._outside_name(token, key):
                break
            previous = key
            first = t_start if first is None else first
            place_end = self._place_through(text, t_start, token)
            if place_end is not None:
                best = pos = place_end
                after_fuer = False
                continue
            stop_here = _ends_sentence(token, key)
            if stop_here:
                token, key = token[:-1], key[:-1]
            if weak_ok or after_fuer or self._strong_name_word(token, key, acronyms=acronyms):
                best = t_start + len(token)
            else:
                weak += 1
                if weak > _MAX_ORG_WEAK:
                    break
            after_fuer = False
            pos = m.end()
            if stop_here:
                break
        return None if first is None or best is None else (first, best)

    def _outside_name(self, token: str, key: str) -> bool:
        """Does the token end the name before it: lower-case text, the next organisation ("HTL X
        und der Volksschule Y") or a hospital, which the medical-site masker owns ("Uni Klinik
        Innsbruck")?"""
        return not token[:1].isupper() or self._is_head(token) or key.rstrip(".") in _SITE_WORDS

    def _place_through(self, text: str, start: int, token: str) -> int | None:
        """End of a known place that starts at the token and spans all of it (its final period
        aside), e.g. "Hall in Tirol"; None if there is none."""
        place = self._place_end(text, start, allow_common=True)
        return place[0] if place is not None and place[0] >= start + len(token.rstrip(".")) else None

    def _is_head(self, token: str) -> bool:
        """Is the token an organisation head word ("Volksschule", "Landesberufsschule")?"""
        return token in self._heads or (
            bool(self._suffixes) and token[:1].isupper() and token[2:].endswith(self._suffixes)
        )

    def _strong_name_word(self, token: str, key: str, *, acronyms: bool = True) -> bool:
        """Name-like: not a common word ("Zirbleitner", "Swarovski", "MPREIS"); with
        ``acronyms=False`` all-caps words do not count."""
        if not acronyms and token.isupper():
            return False
        parts = key.split("-")
        return key not in self._common and any(p and p not in self._common for p in parts)

    def _ends_legal_name(self, token: str) -> bool:
        """A token a company name before a legal form cannot contain or start after: stop
        words, another legal form, a sentence's last word ("Montag. Zirbleitner GmbH")."""
        key = fold(token)
        if key in _ORG_STOP or token in self._legal_forms:
            return True
        return _ends_sentence(token, key)

    def _legal_span(self, text: str, m: re.Match[str]) -> tuple[int, int] | None:
        """Capitalised words (up to four) before a legal form, after the last stop word."""
        offset = m.start("name")
        tokens = [(t.start() + offset, t.group()) for t in re.finditer(r"\S+", m.group("name"))]
        stops = [i for i, (_, t) in enumerate(tokens) if self._ends_legal_name(t)]
        if stops:
            tokens = tokens[stops[-1] + 1 :]
        tokens = tokens[-4:]
        while tokens and fold(tokens[0][1]) in _ORG_CONNECTORS:
            tokens.pop(0)
        if not tokens:
            return None
        if m.group("form") in self._weak_legal and not any(
            self._strong_name_word(t, fold(t)) for _, t in tokens if fold(t) not in _ORG_CONNECTORS
        ):
            return None
        return tokens[0][0], m.end("form")

    # -- places -----------------------------------------------------------------------------
    def _find_places(self, text: str, candidates: PlaceCandidates | None = None) -> list[Span]:
        spans: list[Span] = []
        noun_cues = candidates.noun_cues if candidates is not None else None
        for start, end in _noun_name_cues(text) if noun_cues is None else noun_cues:
            if text[start:end].lower() in _NOUN_NAME_CUES:
                named = self._place_named_by_noun(text, end)
                if named is not None:
                    spans.append(named)
        for start, end in (
            candidates.cues
            if candidates is not None
            else (m.span() for m in _PLACE_BEFORE_CUE.finditer(text))
        ):
            if end - start < 4:  # "in", "bei", "aus", the most frequent cues, name no place before them
                continue
            link = _PLACE_BEFORE_CUES.get(text[start:end].lower())
            if link is not None and (before := self._place_before_cue(text, start, link)) is not None:
                spans.append(before)
        cued = candidates is None
        for start, end in candidates.cues if candidates is not None else ():
            tests = _CUE_TESTS.get(text[start:end].lower(), _ALL_TESTS)
            if tests and self._may_follow(text, start, end, tests):
                cued = True
                break
        if (
            not cued
            and candidates is not None
            and not (
                candidates.postcode or candidates.date_line or candidates.colon_label or candidates.heads
            )
        ):
            return spans  # the common case: cue words with no place after them
        # Every trigger holds a cue word and no line break: only the lines of the chunk's cues
        # are scanned (a cue the chunk dropped names no place: ``place_may_follow``).
        triggers: Iterable[re.Match[str]] = ()
        if cued:
            lines = lines_at(text, sorted(start for start, _ in candidates.cues)) if candidates else None
            triggers = finditer_in_lines(_LOC_TRIGGER, text, lines)
        for m in triggers:
            # "wohnhaft in Au", "Wohnort: Berg": after these only a place can follow.
            found = self._place_end(text, m.end(), allow_common=m.group("kw") is not None)
            kw, prep = m.group("kw"), m.group("prep")
            # "im Raum Zirbl": the room noun names a place no list knows only after "im"
            if kw is not None and _starts_with_place_noun(text, _after(text, m.end())):
                continue  # "Fundort: Gemeindegebiet Zirbl": the place noun's own cue names it
            if kw is not None and (
                not kw.startswith("Raum") or text[max(0, m.start() - 3) : m.start()] == "im "
            ):
                # an area's value is no compound of two nouns ("LWS-Bereich: Druckschmerz")
                unknown = self._unknown_place(text, m.end(), compounds=not kw.lower().endswith(_AREA_HEADS))
                if unknown is not None and (found is None or unknown[0] > found[0]):
                    found = unknown  # "stammt aus St. Zirbenau": more than the list's "St."
            before = text[max(0, m.start() - _BEFORE_CUE_REACH) : m.start()] if prep else ""
            way_end = (
                prep is not None
                and prep.lower() in _WAY_END_PREPOSITIONS
                and _WAY_BEFORE.search(before) is not None
            )
            if way_end or (prep and " ".join(prep.lower().split()) == "rund um"):
                # "die Strecke bis Zirbl", "rund um Zirbl": a way's end or its round, a place; a
                # journey's leg is no compound of two nouns ("Transfer aus Schmerzambulanz")
                leg = way_end and prep.lower() not in _WAY_END_ONLY_PREPOSITIONS
                unknown = self._unknown_place(text, m.end(), compounds=not leg)
                if unknown is not None and (found is None or unknown[0] >= found[0]):
                    spans.append(Span(m.end(), unknown[0], LOC, MASKERS[LOC]))
                    continue
            if prep == "gegen":
                # only a way's end names a place ("gegen Abend", "gegen Zirbl" alone name none)
                if found is not None and way_end:
                    spans.append(Span(m.end(), found[0], LOC, MASKERS[LOC]))
                continue
            if prep and prep.lower() in _RESIDENCE_PREPOSITIONS and self._residence_cue_before(text, m.end()):
                # "lebt seit Jahren in Zirbl": the residence cue, a few words before its "in"; "wohnt
                # westlich Zirbl": a side after it
                unknown = self._unknown_place(text, m.end())
                if unknown is not None and (found is None or unknown[0] >= found[0]):
                    spans.append(Span(m.end(), unknown[0], LOC, MASKERS[LOC]))
                    continue
            if prep and (found is None or not self._is_town(found[1])):
                # No town a list knows ("nach Bad" is a hamlet's name): one no list knows?
                key = " ".join(prep.lower().split())
                route = key not in _TOWN_PREPOSITIONS and _NEAR_BEFORE.search(before) is None
                town = self._unknown_town(text, m.end(), route=route, between=key == "zwischen")
                # A locality the gazetteer knows passes the same test as a word no list knows.
                if town is not None and (found is None or town[0] >= found[0]):
                    spans.append(Span(m.end(), town[0], LOC, MASKERS[LOC]))
                    continue
            if found is None:
                continue
            end, key = found
            if kw is not None and text.startswith(":", end) and _VERB_AT_END.search(kw):
                continue  # "Sterbeort unbekannt Uhrzeit:": a verb's word before the next label
            if m.group("prep") and m.group("prep").lower() in ("von", "bei") and key in _NAME_PLACES:
                continue
            if m.group("prep") and not self._is_town(key):
                continue  # "nach Quick": a hamlet's name needs a stronger cue than a preposition
            spans.append(Span(m.end(), end, LOC, MASKERS[LOC]))
        for m in colon_values(text) if candidates is None or candidates.colon_label else ():
            if not self._may_start_place(text, m.end()):
                continue  # most values are ordinary words ("Befund: Unauffällig"), decided once each
            label_from = max(0, m.start() - _LABEL_REACH)
            if _LOWER_LABEL.search(text, label_from, m.start()) is not None:
                end = self._town_after_label(text, m.end())
            elif _ORT_LABEL.search(text, label_from, m.start()) is not None:
                if _starts_with_place_noun(text, m.end()):
                    continue  # "Fundort: Gemeindegebiet Zirbl": the place noun's own cue names it
                known, unknown = (
                    self._place_end(text, m.end(), allow_common=True),
                    self._unknown_place(text, m.end()),
                )
                end = max(known[0] if known else -1, unknown[0] if unknown else -1)
            else:
                continue
            if end is not None and end > m.end():
                spans.append(Span(m.end(), end, LOC, MASKERS[LOC]))
        if candidates is None or candidates.heads:
            spans += self._places_after_compounds(text, None if candidates is None else candidates.heads)
        spans = [_with_region(text, span) for span in spans]
        for m in _place_before_date().finditer(text) if candidates is None or candidates.date_line else ():
            # A letter's place-and-date line: "Zirbldorf, am 03.05.2031", "Zirbldorf, 3. März".
            key = fold(m.group("place"))
            if key not in self._common and all(p not in self._common for p in key.split("-")):
                spans.append(Span(m.start("place"), m.end("place"), LOC, MASKERS[LOC]))
        for m in (
            finditer_in_lines(
                _LOC_AFTER_ZIP, text, candidates.postcode_lines if candidates is not None else None
            )
            if candidates is None or candidates.postcode
            else ()
        ):
            found = self._place_end(text, m.end(), allow_common=True)
            if found is not None:
                spans.append(Span(m.end(), found[0], LOC, MASKERS[LOC]))
        joined = (self._joined_town(text, span.end) for span in spans)
        return [*spans, *(town for town in joined if town is not None)]

    def _place_named_by_noun(self, text: str, cue_end: int) -> Span | None:
        """The possible place that names a noun's instance after the preposition ending at
        ``cue_end`` ("im Werk Zirbl", ``_NOUN_AND_NAME``): the noun an ordinary word, the name a
        place a list knows or a word that may be a town and is no listed name, its clause ending
        or going on in lower case."""
        m = _NOUN_AND_NAME.match(text, cue_end)
        if m is None:
            return None
        noun = fold(m.group("noun"))
        if (
            noun in _NOUNS_OF_NO_PLACE
            or _TITLE_AHEAD.match(text, m.end())
            or (noun not in self._common and (self._place_like is None or self._place_like(m.group("noun"))))
        ):
            return None  # the noun: an ordinary word, or one shaped as nouns are ("Grenzstation")
        stop = self._town_end(text, m.end())
        if stop is None or _AFTER_NAMED_PLACE.match(text, stop) is None:
            return None
        return Span(m.end(), stop, LOC, MASKERS[LOC])

    def _town_end(self, text: str, pos: int) -> int | None:
        """The end of the town at ``pos`` that a noun or a cue after it names: a place a list
        knows, or words that may be a town and are no listed name, with a district word after it
        ("am Grenzübergang Zirbl Süd", "Zirbl Süd – dort")."""
        known = self._place_end(text, pos, allow_common=False)
        stop = known[0] if known is not None else None
        if stop is None and self._place_like is not None:
            unknown = unknown_place_end(text, pos, self._place_like, self._place_prefixes, compounds=True)
            if unknown is not None and self._may_be_town(text[pos:unknown].split()):
                stop = unknown
        if stop is not None and (district := _DISTRICT.match(text, stop)) is not None:
            stop = district.end()
        return stop

    def _place_before_cue(self, text: str, cue_start: int, link: re.Pattern[str]) -> Span | None:
        """The place that starts the line or sentence of a cue word of ``_PLACE_BEFORE_CUES`` and
        ends where ``link`` leads to the cue ("Zirbl| – |dort lebt"): a place a list knows or a
        word that may be a town and is no listed name."""
        lo = max(0, cue_start - _PLACE_BEFORE_REACH)
        line, sentence = text.rfind("\n", lo, cue_start), text.rfind(". ", lo, cue_start)
        pos = max(line + 1 if line >= 0 else lo, sentence + 2 if sentence >= 0 else lo)
        pos = _after(text, pos, " \t")
        if pos >= cue_start or not text[pos].isupper():
            return None
        stop = self._town_end(text, pos)
        if stop is None or link.fullmatch(text, stop, cue_start) is None:
            return None
        return Span(pos, stop, LOC, MASKERS[LOC])

    def _may_be_town(self, words: list[str]) -> bool:
        """May these words be a town no list knows? Each may be a town's, but the words before
        the last may also be the first words of several-word places ("Unter Zirbl")."""
        town_like, prefixes = self._town_like, self._place_prefixes
        if town_like is None or not words or not town_like(words[-1], ending=False):
            return False
        return all(town_like(word, ending=False) or fold(word) in prefixes for word in words[:-1])

    def _places_after_compounds(self, text: str, heads: list[tuple[int, int]] | None) -> list[Span]:
        """The place a compound of a place's kind names ("Talort Zirbl", ``PLACE_HEADS``): a
        place a list knows or one no list knows (``_unknown_place``), not a place noun of its own
        ("Wohnort: Gemeindegebiet Zirbl": that noun's cue names it). ``heads``: where the
        automaton found the heads (None: sought here)."""
        spans: list[Span] = []
        for pos, end in heads if heads is not None else _heads_in(text):
            head = text[pos:end].lower()
            way, area = head in WAY_HEADS, head in _AREA_HEADS
            value = _HEAD_VALUE.match(text, end) or (_HEAD_ADVERB_VALUE.match(text, end) if way else None)
            compound = _HEAD_COMPOUND.search(text, max(0, pos - 31), pos) if value else None
            if (
                value is not None
                and compound is not None
                and fold(text[compound.start() : end]) not in _NOT_PLACE_HEADS
                and not _starts_with_place_noun(text, value.end())
            ):
                known = self._place_end(text, value.end(), allow_common=False)
                unknown = self._unknown_place(text, value.end(), compounds=not area)
                stop = max(known[0] if known else -1, unknown[0] if unknown else -1)
                colon = ":" in text[end : value.end()] and value.re is _HEAD_VALUE
                if stop > value.end() and (
                    colon or not (way or area) or (way and _ROUTE_STEP.match(text, stop) is not None)
                ):
                    spans.append(Span(value.end(), stop, LOC, MASKERS[LOC]))
        return spans

    def _town_after_label(self, text: str, pos: int) -> int | None:
        """The end of the town a lower-case label names ("angereist: Zirbenau"): a town a list
        knows, or one no list knows that ends as places do (not a word that only ends its
        clause: "links: Tumofr." is a typo)."""
        found = self._place_end(text, pos, allow_common=False)
        town = self._unknown_town(text, pos)
        if (
            town is not None
            and (found is None or town[0] >= found[0])
            and self._town_like is not None
            and any(
                self._town_like(part) for part in text[_after(text, pos) : town[0]].split(" ")[-1].split("-")
            )
        ):
            return town[0]
        return found[0] if found is not None and self._is_town(found[1]) else None

    def _may_follow(self, text: str, start: int, end: int, tests: int) -> bool:
        """Could a place pattern find a place after the cue word at ``start:end``? The
        pre-check before ``_LOC_TRIGGER`` scans the note: it runs ``tests``, those
        ``_CUE_TESTS`` names for the word, each at least as lenient as the pattern's own."""
        label = bool(tests & _MAY_COPULA)  # a label ("Wohnort"), which a qualifier may follow
        pos = _after_cue(text, end, label)
        # Every place the patterns find after a cue starts with a capital right there (after
        # blanks, a colon, an abbreviation's stop: "Wohnh. Zirbl", a label's gloss); a label's
        # copula ("Heimat ist Zirbl") is the one lower-case word that may stand between.
        if pos >= len(text) or not text[pos].isupper():
            return (
                bool(tests & _MAY_COPULA)
                and text[pos : pos + 1].islower()
                and _COPULA_AFTER.match(text, end) is not None
            )
        if tests & _AFTER_GEGEND and not text[max(0, start - 12) : start].rstrip(" \t").lower().endswith(
            ("gegend", "rund")
        ):
            return False
        if not self._may_start_place(text, pos):
            return False
        # The tests read from the cue's end, or from after a source's gloss ("Arbeitsort lt.
        # Arbeitgeber Zirbl"); a gloss in brackets only a label's colon follows (``_LOC_TRIGGER``).
        at = _source_end(text, end, _after(text, end), label) or end
        if text.startswith(".", at) and text[start:end].lower() in _ABBREVIATED_CUES:
            at += 1  # "Gem. Zirbl": the tests read after the abbreviation's stop
        before = text[max(0, start - _BEFORE_CUE_REACH) : start]
        if (
            tests & _MAY_WAY_END
            and (_ROUND_BEFORE if tests & _AFTER_GEGEND else _WAY_BEFORE).search(before)
            and self._unknown_place(text, at) is not None
        ):
            return True
        if tests & _MAY_ROUTE and _NEAR_BEFORE.search(before):
            tests = tests & ~_MAY_ROUTE  # "kurz vor Zirbl": a town as after "in"
        if tests & _MAY_KNOWN and self._place_first_word(text, _after(text, at)) is not None:
            return True
        # (after a source's gloss the residence cue ends before it: "Wohnort laut e-card: Zirbl")
        if tests & _MAY_RESIDENCE and (
            self._residence_cue_before(text, pos) or (at != end and self._residence_cue_before(text, end))
        ):
            return True
        if tests & _MAY_UNKNOWN and self._unknown_place(text, at) is not None:
            return True
        if not tests & _MAY_TOWN:
            return False
        route, between = bool(tests & _MAY_ROUTE), bool(tests & _MAY_BETWEEN)
        return self._unknown_town(text, at, route=route, between=between) is not None

    def _may_start_place(self, text: str, pos: int) -> bool:
        """Could any place start with the text from ``pos`` to the next blank? Decided once per
        distinct such token in the run (most are ordinary nouns: "in Ruhe", "bei Bedarf")."""
        token = _FIRST_TOKEN.match(text, pos)
        if token is None or token.end() - pos == _FIRST_TOKEN_MAX:
            return True  # too long to remember: the tests decide
        key = token.group()
        found = self._first_tokens.get(key)
        if found is None:
            if len(self._first_tokens) >= MAX_REMEMBERED_WORDS:
                self._first_tokens.clear()  # hostile input of endless new words
            found = self._first_tokens[key] = self._token_may_start(key)
        return found

    def _token_may_start(self, token: str) -> bool:
        """What every test of ``_may_follow`` needs of the place's first token: a known place's
        first word, or a first word that is the first word of several-word places ("Bad",
        "St.") or passes the place test (the most lenient one, compounds included). Each
        pattern reads no further than the token's end for these, so the token alone decides.
        A title starts a person's name, not a place's ("bei Dr. Zirbl"), even where a user's
        own place list holds a bulk customer named by one ("Dr. … Pharma"; the bundled lists drop
        them)."""
        if _TITLE_AHEAD.match(token):
            return False
        if self._place_first_word(token, 0) is not None:
            return True
        first = UNKNOWN_PLACE_WORD.match(token)
        if first is None:
            return False
        key = fold(first.group())
        if key in self._place_prefixes or f"{key}." in self._place_prefixes:
            return True
        return self._place_like is not None and self._place_like(first.group(), compounds=True)

    def _place_first_word(self, text: str, pos: int) -> re.Match[str] | None:
        """The capitalised word at ``pos`` if a known place starts with it."""
        if pos >= len(text) or not text[pos].isupper():
            return None
        first = _PLACE_WORD.match(text, pos)
        if first is None:
            return None
        head = fold(first.group())
        if (
            head not in self._place_first
            and head.rstrip(".") not in self._place_first
            and head.split("-", 1)[0] not in self._place_first
        ):
            return None
        return first

    def _place_end(self, text: str, pos: int, *, allow_common: bool) -> tuple[int, str] | None:
        """(end, folded name) of the longest capitalised known place starting at ``pos``."""
        first = self._place_first_word(text, pos)
        if first is None:
            return None
        best: tuple[int, str] | None = None
        words: list[str] = []
        word: re.Match[str] | None = first
        for _ in range(self._max_place_words):
            if word is None:
                break
            words.append(word.group())
            key = fold(" ".join(words))
            found = self._known_place(key, word.end())
            if found is not None:
                best = found
            if key not in self._place_prefixes:
                break
            gap = _PLACE_GAP.match(text, word.end())
            if gap is None:
                break
            word = _PLACE_WORD.match(text, gap.end())
        if best is None:
            return None
        if not allow_common and " " not in best[1] and self._word_place(best[1]):
            return None
        return best

    def _known_place(self, key: str, end: int) -> tuple[int, str] | None:
        """The folded phrase as a place: as written, without a sentence's full stop, or a known
        place joined to another name by a hyphen ("Innsbruck-Land", "Wels-Grieskirchen")."""
        if key in self._places:
            return end, key
        if key.endswith(".") and key[:-1] in self._places:
            return end - 1, key[:-1]
        stripped, cut = (key[:-1], 1) if key.endswith(".") else (key, 0)
        head, _, last = stripped.rpartition(" ")
        if "-" in last and f"{head} {last.split('-', 1)[0]}".strip() in self._places:
            return end - cut, stripped
        return None

    def _residence_cue_before(self, text: str, end: int) -> bool:
        """Does a residence cue end at ``end`` (after which even an unknown place counts)?"""
        return self._place_like is not None and residence_cue_before(text, end)

    def _unknown_place(self, text: str, pos: int, compounds: bool = True) -> tuple[int, str] | None:
        """After a residence cue ("wohnhaft in", "Wohnort:", "übersiedelt nach") a place no list
        knows: the capitalized words there (blank- or hyphen-joined, within 128 characters)
        that pass the place test ("wohnhaft in Kirchbrunnau"), not an ordinary word or a noun
        by its form ("wohnt in Miete"); a compound of two common words too, unless not
        ``compounds``."""
        if self._place_like is None:
            return None
        pos = _after(text, pos)
        # "wohnhaft in Bad Zirbenau"
        end = unknown_place_end(text, pos, self._place_like, self._place_prefixes, compounds=compounds)
        return (end, fold(text[pos:end])) if end is not None else None

    def _unknown_town(
        self, text: str, pos: int, route: bool = False, between: bool = False
    ) -> tuple[int, str] | None:
        """After a bare "in"/"aus"/"nach" a town no list knows: a word that may be a place and
        ends as the gazetteer's places do ("aus Zirbenau"), or any possible place that a word
        after it names one ("aus Zirbl zugewiesen"). A first word of the gazetteer's
        several-word places may precede it ("nach Bad Zirbenau"). With ``route`` (after "von",
        "bei", where names stand too) only a town a route goes on from ("von Zirbenau nach")."""
        if self._town_like is None or self._place_like is None:
            return None
        pos = _after(text, pos)  # blanks and a form's colon ("Unfall in: Zirbl")
        if pos >= len(text) or not text[pos].isupper():
            return None
        m = _TOWN_PARTS.match(text, pos)
        if m is None:
            return None
        prefix = m.group("prefix")
        if prefix is not None and fold(prefix) not in self._place_prefixes:
            # "in Zirbenau Mitte": no prefix, so the town is the first word alone
            m = _TOWN_ALONE.match(text, pos)
            if m is None:
                return None
        parts = m.group("town").split("-")
        place_like, town_like = self._place_like, self._town_like
        if not all(place_like(part) for part in parts):
            return None
        if route:
            # Names stand here too: only a word that ends as places do, where a route goes on or
            # the clause ends or a place word follows ("von Zirbenau nach Linz", "ab Zirbenau.").
            route_on = _ROUTE_ON.match(text, m.end())
            # "von Zirbl nach Graz": a route on to a known place names a possible place a town
            known_on = (
                route_on is not None
                and self._place_end(text, _after(text, route_on.end(), " \t"), allow_common=False) is not None
            )
            if not (known_on or any(town_like(part) for part in parts)) or not (
                route_on
                or (between and _BETWEEN_ON.match(text, m.end()))
                or _CLAUSE_END.match(text, m.end())
                or _PLACE_AFTER_CUE.match(text, m.end())
                or REGION_CODE.match(text, m.end())
            ):
                return None
        elif not (
            any(town_like(part) for part in parts)
            or REGION_CODE.match(text, m.end()) is not None
            or (
                (
                    _PLACE_AFTER_CUE.match(text, m.end()) is not None
                    or (_CLAUSE_END.match(text, m.end()) is not None and len(m.group("town")) >= 5)
                    or (_BEI_ON.match(text, m.end()) and self._joined_town(text, m.end()) is not None)
                    or self._tail_follows(text, m.end())
                )
                and all(town_like(part, ending=False) for part in parts)
                and not any(self._two_words(fold(part)) for part in parts)
            )
        ):
            return None
        return m.end(), fold(m.group())

    def _tail_follows(self, text: str, end: int) -> bool:
        """Does the tail of a place's name follow ``end`` ("aus Zirbl in Kärnten", "in Zirbl an
        der Lärch", "in Zirbl am See")? Its word is a known place, a lake's or hill's noun, or a
        word that may be a town; "am Montag", "im Krankenhaus" are none."""
        inside = _IN_ON.match(text, end)
        if inside is not None and self._place_end(text, inside.end(), allow_common=False) is not None:
            return True
        tail = PLACE_TAIL.match(text, end)
        if tail is None or tail.group("joint") == "bei" or self._town_like is None:
            return False
        return is_tail_word(tail.group("town"), False, self._places, self._common, self._town_like)

    def _joined_town(self, text: str, end: int) -> Span | None:
        """A second town joined to a place by "und", "oder", "bzw." ("zwischen Zirbenau und
        Lärchfeld", "aus Linz oder Zirbl."): a word that may be a town (no ordinary word, listed
        name or noun) and ends as places do or ends its clause. (The detector masks a place
        and its town after "bei" as one: "Zirbl bei Linz".)"""
        joiner = _JOINER.match(text, end)
        if joiner is None or self._town_like is None:
            return None
        m = _TOWN_ALONE.match(text, joiner.end())
        if m is None:
            return None
        parts = m.group("town").split("-")
        if not all(self._town_like(part, ending=False) for part in parts):
            return None
        # After "bei" a possible town will do ("Zirbl bei Lärchau und"): the joiner names it one;
        # so does a route's dash ("Zirbl–Lärchau mit dem Auto").
        named = text[joiner.start() : joiner.end()].strip() in ("bei", "–")
        if not (named or any(self._town_like(part) for part in parts) or _CLAUSE_END.match(text, m.end())):
            return None
        return _with_region(text, Span(m.start(), m.end(), LOC, MASKERS[LOC]))

    def _two_words(self, key: str) -> bool:
        """Does the folded word split into two common words ("rueckenlage", "kopfteil")? Then
        it is a noun, whatever the clause around it."""
        common = self._common
        return any(
            (key[:cut] in common or key[:cut].rstrip("s") in common) and key[cut:] in common
            for cut in range(3, len(key) - 2)
        )

    def _is_town(self, key: str) -> bool:
        """Is the found place (folded) a town, or a town joined to another name by a hyphen?"""
        towns = self._towns
        return towns is None or key in towns or key.split("-", 1)[0] in towns or key.rstrip(".") in towns

    def _word_place(self, key: str) -> bool:
        """A one-word place that is also a German word (needs a postcode before it)."""
        if key in _TOWN_FIRST:
            return False
        return key in self._common or key in _WORD_PLACES


def is_tail_word(
    word: str, bei: bool, places: frozenset[str], common: frozenset[str], town_like: TownTest
) -> bool:
    """Can ``word`` end a place's name after its tail's preposition (``PLACE_TAIL``)? A known
    place (an ordinary word too only after "bei"), a lake's or hill's noun after the others
    ("am See"), or a word that may be a town; not "am Montag", "im Krankenhaus"."""
    key = fold(word)
    if key in places and (bei or key not in common):
        return True
    if not bei and word in TAIL_NOUNS:
        return True
    return all(town_like(part, ending=False) for part in word.split("-"))


def _with_region(text: str, span: Span) -> Span:
    """The place with the district word and the code of its state or canton after it, if they
    follow ("Zirbl Süd", "Zirbl ZH")."""
    end = span.end
    for pattern in (_DISTRICT, REGION_CODE):
        found = pattern.match(text, end)
        end = found.end() if found is not None else end
    return span if end == span.end else Span(span.start, end, span.type, span.masker)


def place_may_follow(text: str, word: str, end: int) -> bool:
    """The chunk's pre-check of a place cue ``word`` (lower case) that ends at ``end``: is it
    worth keeping for ``OrgStage._may_follow``? Not where only a capital can start the place and
    none does ("um 10 Uhr", "bis auf"), nor after a word no place test follows."""
    if word in _PLACE_BEFORE_CUES:  # a place before the cue ("Zirbl – dort", "Zirbl ist ihr Wohnsitz")
        if word != "dort":
            return True
        pos = end - 5  # "dort" only after a dash or comma
        while pos > 0 and text[pos] in " \t":
            pos -= 1
        return pos > 0 and text[pos] in "–,;-"
    if word in _CUES_WITHOUT_TESTS:
        return False
    if word not in _CUES_BEFORE_CAPITALS:
        return True
    pos = _after_cue(text, end)  # (a note ends in the chunk separator's line break)
    return pos < len(text) and text[pos].isupper()


def _after_cue(text: str, end: int, label: bool = False) -> int:
    """Where a place may start after a cue word that ends at ``end``: after blanks, a colon, an
    abbreviation's stop ("Wohnh. |Zirbl"), a gloss before the colon ("Geburtsort (lt. Pass):
    |Zirbl") and a value's source ("Arbeitsort lt. Arbeitgeber |Zirbl")."""
    pos = _after(text, end, " \t:.|")
    if text.startswith("(", pos) and (gloss := _GLOSS.match(text, end)) is not None:
        pos = _after(text, gloss.end(), " \t:.|")
    elif (source := _source_end(text, end, pos, label)) is not None:
        pos = _after(text, source, " \t:")
    return pos


def _source_end(text: str, end: int, first: int, label: bool = False) -> int | None:
    """The end of a value's source right after a cue word that ends at ``end`` ("Arbeitsort| lt.
    Arbeitgeber|"), whose first letter stands at ``first``; tested by that letter first. After a
    ``label`` also whose place it is or when ("Wohnort| der Eltern|: Zirbl")."""
    if text[first : first + 1] not in (_LABEL_GLOSS_FIRSTS if label else _SOURCE_FIRSTS):
        return None
    source = _SOURCE_GLOSS.match(text, end)
    return source.end() if source is not None else None


def _after(text: str, pos: int, skipped: str = " \t:") -> int:
    """The position after the blanks and colon (or the other ``skipped`` characters) that follow
    a cue word ("Ort: |Zirbldorf")."""
    while pos < len(text) and text[pos] in skipped:
        pos += 1
    return pos


def residence_cue_before(text: str, start: int) -> bool:
    """Does a residence cue ("wohnhaft in", "Wohnort:", "PLZ/Ort:") stand right before ``start``
    (blanks and a colon between), within ``_RESIDENCE_REACH`` characters of its start?"""
    end = start
    while end > 0 and text[end - 1] in " \t:|":
        end -= 1
    if end > 0 and text[end - 1] == ")" and ":" in text[end:start]:  # "Wohnort (lt. Pass): Zirbl"
        gloss = _GLOSS_AT_END.search(text, max(0, end - 32), end)
        if gloss is not None:
            end = gloss.start()
    window_start = max(0, end - _RESIDENCE_REACH)
    if _RESIDENCE_STEM.search(text[window_start:end].lower()) and (
        _RESIDENCE_CUE.search(text, window_start, end) is not None
    ):
        return True
    # A form's label names a place only with its colon ("Ort: Zirbldorf"; "vor Ort" does not).
    return (
        ":" in text[end:start]
        and _PLACE_LABEL.search(text, max(0, end - _PLACE_LABEL_REACH), end) is not None
    )


def is_compound_head(text: str, start: int, end: int) -> bool:
    """Is the head of ``PLACE_HEADS`` at ``start:end`` a compound's last part, two letters or
    more after the compound's start, and not "-fort", "-wort", "-port" ("sofort", "Transport")?"""
    return start >= 2 and text[start - 2 : start].isalpha() and _NO_HEAD.match(text, start - 1, end) is None


def _heads_in(text: str) -> list[tuple[int, int]]:
    """(start, end) of every head of ``PLACE_HEADS`` that ends a compound (the automaton's job in
    a detector's run)."""
    lower = text.lower()
    found = []
    for head in PLACE_HEADS:
        pos = lower.find(head)
        while pos >= 0:
            end = pos + len(head)
            if is_compound_head(text, pos, end) and not lower[end : end + 1].isalnum():
                found.append((pos, end))
            pos = lower.find(head, end)
    return found


def _starts_with_place_noun(text: str, pos: int) -> bool:
    """Does a noun of a place's kind ("Gemeindegebiet", "Bezirk") stand at ``pos``?"""
    return text[pos : pos + _LONGEST_PLACE_NOUN + 1].split(" ", 1)[0].lower() in _PLACE_NOUNS


def _ends_sentence(token: str, key: str) -> bool:
    """A final period that ends a sentence, not an abbreviation kept in names ("St.", "Co.")."""
    return token.endswith(".") and key not in _NAME_ABBREVIATIONS


def _word_starts(text: str, pos: int) -> bool:
    """Does a word start at ``pos`` (not inside a word, abbreviation or hyphenated compound)?"""
    return pos == 0 or not (text[pos - 1].isalnum() or text[pos - 1] in "_.-")


def compound_start(text: str, suffix_start: int) -> int | None:
    """Start of the capitalised compound that ends in a head suffix ("Landesberufsschule"),
    with at least two letters before the suffix; None for a lower-case or bare word."""
    i = suffix_start
    lo = max(0, suffix_start - _MAX_COMPOUND_HEAD)
    while i > lo and text[i - 1].isalpha():
        i -= 1
    if suffix_start - i < 2 or not text[i].isupper() or not _word_starts(text, i):
        return None
    return i


def _resolve(spans: list[Span]) -> list[Span]:
    """Non-overlapping spans: the longer wins, then Organization > Place > Profession."""
    return resolve_overlaps(spans, _RANK)


def colon_values(text: str) -> list[re.Match[str]]:
    """The matches of ``COLON_VALUES`` in ``text``, in order."""
    colon, semicolon = COLON_VALUES
    colons = list(colon.finditer(text))
    semicolons = list(semicolon.finditer(text)) if ";" in text else []  # an export's, in few notes
    return sorted(colons + semicolons, key=re.Match.start) if semicolons else colons


def _noun_name_cues(text: str) -> list[tuple[int, int]]:
    """Where the cue words of ``_place_named_by_noun`` stand, when no chunk's scan found them."""
    return [m.span() for m in _NOUN_NAME_CUE.finditer(text)]


def _merge(intervals: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Union of overlapping intervals ("Firma Zirbleitner" + "Zirbleitner GmbH")."""
    return union_ranges([i for i in intervals if i[1] > i[0]])
