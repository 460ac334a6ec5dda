"""Trigger words: what a chunk's one automaton pass reports besides the dictionary words.

Several patterns can only match where a certain word stands: a salutation where its first word
does, a place after "in"/"aus"/"wohnhaft", a site name after "LKH"/"Klinikum", a street where a
suffix ("-straße", "-gasse") meets a house number, a street without suffix after "Am"/"Im".
Scanning every note with each of these regexes from every position cost more than everything
else in detection together. Their words go into the dictionaries' automaton instead, marked by
the bits below, so the one pass that finds the names also says where each pattern may start;
the pattern then runs only there (or only in the notes where its trigger stands) and finds
exactly what the scan would have found.

The word lists here are the single source the patterns are built from (``patterns/addresses``,
``patterns/organisations``), so a trigger can never miss a word its pattern accepts.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable

# Trigger bits of automaton values, above the dictionaries' membership bits (lexicon.py).
SALUTATION_START = 1 << 11  # " word " or " word1": a salutation or title may start with this word
PLACE_CUE = 1 << 12  # a word a place may follow ("in", "aus", "wohnhaft", "Wohnort:")
SITE_WORD = 1 << 13  # a site word a place or name may follow ("LKH", "Klinikum")
STREET_NUMBER = 1 << 14  # a street suffix followed by a house number ("straße 1", "gasse12")
STREET_PREPOSITION = 1 << 15  # the first word of a suffix-less street ("Am Anger 3")
TRIGGER_BITS = SALUTATION_START | PLACE_CUE | SITE_WORD | STREET_NUMBER | STREET_PREPOSITION
# The automaton's int values hold 16 bits above the key's length, all taken: a word an address
# label starts with ("Straße/Nr.:", "Adr.") shares STREET_NUMBER's bit and is told apart by its
# key's last character, a blank (a street suffix's key ends in its house number's first digit).
ADDRESS_LABEL_WORD = STREET_NUMBER
# The whole words of address labels ("Straße:", "Str.:", "Adr."), found by the automaton; the
# compounds ("Wohnadresse:", "Postanschrift:") by their stems (addresses.LABEL_COMPOUND_STEMS).
ADDRESS_LABEL_WORDS: tuple[str, ...] = ("straße", "strasse", "str", "adr")

# Street-name suffixes (addresses.py builds its street pattern from these).
STREET_SUFFIXES: tuple[str, ...] = tuple(
    [
        "straße",
        "strasse",
        "str.",
        "gasse",
        "weg",
        "platz",
        "allee",
        "ring",
        "kai",
        "zeile",
        "damm",
        "ufer",
        "gürtel",
        "guertel",
        "steig",
        "promenade",
        "markt",
        "hof",
        "berg",
        "pl.",
        "lände",
        "graben",
        "steg",
        "stiege",
        "siedlung",
        "pfad",
        "gassl",
        "platzl",
        "leite",
        "leiten",
        "anger",
        "bühel",
        "wiese",
        "wiesen",
        "park",
        "brücke",
        "kamp",
        "twiete",
        "wall",
        "bogen",
        "winkel",
        "grund",
        "hang",
        "höhe",
        "halde",
        "garten",
        "blick",
        "feld",
        "wende",
        "koppel",
        "stieg",
        "chaussee",
        "reihe",
        "terrasse",
        "hain",
        "heide",
        "trift",
        "acker",
        "matte",
        "gang",
        # the diminutives and field names of Swiss, Swabian and Alemannic streets ("Zelgli 3",
        # "Wolfsgässchen 2", "Am Stapfen 4", "Mühlewägli 7", "Kirchwegle 1", "Oberzelg 5", "Bachkehr 9",
        # "Hofstatt 2", "Zufahrt 11"; _STREET_STOP_ENDINGS keeps "Verkehr 2")
        "gässchen",
        "gässli",
        "gässle",
        "gässlein",
        "strässchen",
        "strässli",
        "wägli",
        "wegli",
        "wegle",
        "weglein",
        "stapfen",
        "zelg",
        "kehr",
        "hofstatt",
        "hofst.",
        "zufahrt",
        "auffahrt",
        # the slopes, farms, troughs, wells and oaks of Austrian and Bavarian street names
        # ("Sonnenlehne 4", "Bergerhube 2", "Rosstränke 7", "Kirchstöckl 3", "Dorfbrunnen 5",
        # "Dorfeiche 1")
        "lehne",
        "hube",
        "tränke",
        "stöckl",
        "brunnen",
        "eiche",
        # plurals of field names and a river island ("Obere Matten 3", "Sonnhalden 2", "Auwört 1";
        # not "-sohle" or "-passage": "Fußsohle 2 Blasen", "Ösophaguspassage 2")
        "matten",
        "halden",
        "wört",
        "wörth",
    ]
)
# Street words that make a street only as a word of their own after an adjective ("Lindener Tor
# 6"): as a suffix they end clinical words ("Faktor 8", "Motor", "Monitor 2").
STREET_WORDS: tuple[str, ...] = ("tor",)
# First words of street names without a suffix ("Am Anger 5", "In der Au 3", "Unter den Linden 2").
STREET_PREPOSITIONS: tuple[str, ...] = (
    "am", "im", "an", "auf", "in", "zum", "zur", "unter", "hinter", "beim", "bei", "vom", "unterm", "hinterm",
    "überm", "vorm", "ob", "über", "vor", "neben", "zwischen", "bim", "bi", "uf", "ufem",
)  # fmt: skip
# Form labels "<kind>ort:" that name a place after their colon ("Unfallort: Zirbl",
# "Einsatzort:"), as "Wohnort:" does; their stems, lower case.
PLACE_LABEL_STEMS: tuple[str, ...] = (
    "unfall", "einsatz", "aufenthalts", "sterbe", "arbeits", "dienst", "urlaubs", "ziel", "abhol", "fund",
    "kur", "schul", "wohnsitz", "zuweisungs", "übernahme", "transfer", "ferien", "ereignis", "tat", "treff",
    "ankunfts", "abfahrts", "stand", "liefer", "lager", "vorfall", "ursprungs", "aufnahme", "entlassungs",
    "behandlungs", "pflege", "betreuungs", "unterbringungs", "ausbildungs", "studien", "melde", "reise",
    "start", "tagungs",
)  # fmt: skip
# The points of a journey or a transport that name a place as those labels do ("Ausgangspunkt
# war Zirbl", "Treffpunkt: Zirbl", "Übergabepunkt Zirbl"); their stems, lower case.
POINT_LABEL_STEMS: tuple[str, ...] = (
    "ausgangs", "start", "end", "ziel", "treff", "sammel", "abhol", "übergabe", "umsteige", "halte",
)  # fmt: skip
# The label nouns themselves, lower case: "unfallort", "ausgangspunkt".
PLACE_LABEL_NOUNS: tuple[str, ...] = (
    *(f"{stem}ort" for stem in PLACE_LABEL_STEMS),
    *(f"{stem}punkt" for stem in POINT_LABEL_STEMS),
)
# Nouns of a place's kind that a place's name follows in apposition ("Sprengel Zirbl", "am
# Zweitwohnsitz Zirbl"), as the "<kind>ort" labels do without their colon ("Urlaubsort Zirbl").
PLACE_APPOSITION_NOUNS: tuple[str, ...] = (
    "sprengel", "gemeindesprengel", "zweitwohnsitz", "hauptwohnsitz", "nebenwohnsitz",
    # a hamlet or parish of a municipality, a canton ("Fraktion Zirbl", South Tyrol's hamlets;
    # "Rotte Zirbl", "Gemarkung Zirbl", "Kanton Zirbl")
    "fraktion", "gemeindefraktion", "rotte", "gemarkung", "ortslage", "kanton", "pfarre", "pfarrei", "einöde",
    # where a life is led ("Lebensmittelpunkt Zirbl")
    "lebensmittelpunkt",
)  # fmt: skip
# Institutions and landmarks named after their town, as written ("Rettung Zirbl", "BH Zirbl",
# "Gemeindeamt Zirbl", "Volksschule Zirbl", "Bahnhof Zirbl", "Ortsmitte Zirbl"): the town's
# name follows the noun as it does a place noun's.
PLACE_INSTITUTION_NOUNS: tuple[str, ...] = (
    "Rettung", "Rettungsdienst", "Rettungswache", "Rettungsstelle", "Rettungsstation", "Bergrettung",
    "Wasserrettung", "Rotkreuz", "Feuerwehr", "FF", "Polizei", "Polizeiinspektion", "PI", "Polizeistation",
    "Polizeiposten", "Polizeidirektion", "Polizeipräsidium", "Bezirkshauptmannschaft", "BH", "Magistrat",
    "Gemeindeamt", "Marktgemeindeamt", "Stadtamt", "Rathaus", "Standesamt", "Meldeamt", "Bürgeramt",
    "Landratsamt", "Gesundheitsamt", "Jugendamt", "Sozialamt", "Finanzamt", "Amtsgericht", "Bezirksgericht",
    "Landesgericht", "Pfarre", "Pfarramt", "Pfarrei", "Bahnhof", "Hauptbahnhof", "Flughafen", "Volksschule",
    "Grundschule", "Hauptschule", "Mittelschule", "Realschule", "Gesamtschule", "Gymnasium", "Berufsschule",
    "Kindergarten", "Kinderkrippe", "Hilfswerk", "Volkshilfe", "Sozialstation", "Sozialsprengel",
    "Hauskrankenpflege", "Heimhilfe", "Pflegedienst", "Skigebiet", "Therme", "Ortsmitte", "Ortszentrum",
    "Ortskern", "Ortseingang", "Ortsausgang", "Ortseinfahrt", "Ortsausfahrt", "Ortsende", "Autobahnabfahrt",
    "Abfahrt", "Ausfahrt",
    # a municipality's administration, its sign, a fire brigade's unit, a lift's stations and a
    # ski run named by their town ("Gemeindeverwaltung Zirbl", "Ortstafel Zirbl", "Löschzug Zirbl",
    # "Talstation Zirbl", "Talabfahrt Zirbl")
    "Gemeindeverwaltung", "Stadtverwaltung", "Marktgemeindeverwaltung", "Ortstafel", "Ortsschild", "Löschzug",
    "Löschgruppe", "Talstation", "Bergstation", "Talabfahrt",
    # a road through or around a town and an inn named by it ("Ortsdurchfahrt Zirbl", "Umfahrung
    # Zirbl", "Jausenstation Zirbl")
    "Ortsdurchfahrt", "Umfahrung", "Jausenstation",
    # a firm's or an authority's branch, a works, barracks, a prison, a school's site, a lodging
    # ("Filiale Zirbl", "Werk Zirbl", "Kaserne Zirbl", "Justizanstalt Zirbl", "Quartier Zirbl")
    "Filiale", "Niederlassung", "Zweigniederlassung", "Zweigstelle", "Außenstelle", "Aussenstelle",
    "Dienststelle", "Landesstelle", "Geschäftsstelle", "Bezirksstelle", "Ortsstelle", "Servicestelle",
    "Standort", "Werk", "Betriebsstätte", "Kaserne", "Fliegerhorst", "Justizanstalt", "Haftanstalt",
    "Strafanstalt", "JVA", "Quartier", "Asylquartier", "Erstaufnahmestelle", "Betreuungsstelle", "Internat",
    "Hort", "Schulzentrum", "Campus", "Postamt", "Postfiliale",
    # a social insurer's regional office ("PVA Zirbl", "ÖGK Zirbl", "AOK Zirbl")
    "PVA", "ÖGK", "GKK", "AUVA", "SVS", "BVAEB", "AOK", "DRV", "BKK", "IKK", "SUVA",
)  # fmt: skip

# The last parts of compounds of a place's kind that name the place after them, with or without
# a colon, whatever their first part ("Talort Zirbl", "Feriendomizil: Zirbl", "Ortsgemeinde
# Zirbl", "Marktplatz Zirbl"): keys without a leading blank, so the automaton finds them at a
# word's end and the detector tells them from whole cue words by the letter before the hit.
# A way's heads name a place only before a colon or a route ("Heimweg: Zirbl").
WAY_HEADS: tuple[str, ...] = ("weg", "fahrt", "strecke", "route")
PLACE_HEADS: tuple[str, ...] = (
    "ort", "gemeinde", "domizil", "dorf", "stadt", "siedlung", "bezirk", "gebiet", "platz", "region",
    "sitz", "aufenthalt",  # "Firmensitz Zirbl", "Dienstsitz: Zirbl", "Kuraufenthalt Zirbl"
    "bereich",  # a service's area ("Einsatzbereich: Zirbl"; only before a colon)
    "quartier",  # a stay's base ("Wanderwoche mit Standquartier Zirbl", "Winterquartier Zirbl")
    "örtlichkeit",  # "Einsatzörtlichkeit: Zirbl"
    # a club, band, choir, group or course named by its town ("Musikkapelle Zirbl", "Skiclub
    # Zirbl", "Spielgruppe Zirbl", "Schikurs: Zirbl")
    "kapelle", "club", "klub", "verein", "chor", "gruppe", "kurs",
    *WAY_HEADS,
)  # fmt: skip

# A homecoming's or a move's nouns, after a heading that names where to ("Zirbl: Rückkehr in die
# eigene Wohnung"): cues of the place before them.
HOMECOMING_NOUNS: tuple[str, ...] = (
    "rückkehr", "heimkehr", "heimreise", "rückreise", "heimfahrt", "heimtransport", "übersiedlung", "umzug",
)  # fmt: skip

# A dispatch's cue, which a place follows as a bare preposition's does ("Alarmierung für Zirbl,
# Stichwort Sturz"); "für" alone names none.
DISPATCH_CUES: tuple[str, ...] = ("alarmierung für", "nachalarmierung für")

# A municipality's abbreviations, cues of the town after their stop ("Gem. Zirbl", "Gde. Zirbl").
MUNICIPALITY_ABBREVIATIONS: tuple[str, ...] = ("gem", "gde")

# The last word of every place cue of organisations.py ("wohnhaft in" ends in "in", "Wohnort:"
# in "wohnort"): a place can only start after one of them. A residence label with a copula
# ("Wohnort ist") is found from its label: "ist" and "war" stand in most notes.
PLACE_CUES: tuple[str, ...] = (
    "wohnhaft", "wohnh", "wohn", "in", "wohnort", "geburtsort", "heimatort", "herkunftsort", "herkunft",
    "aufenthalt", "region", "bereich", "heimat", "gemeinde", "heimatgemeinde", "wohngemeinde", "wohnsitz",
    "raum", "aus", "nach", "bei", "von",
    "über", "nahe", "nähe", "höhe", "unweit", "richtung", "um", "ort", "stadt", "wohnstadt", "geburtsstadt",
    # prepositions only a noun's name follows ("zu", "ins"; the others are street prepositions)
    "zu", "ins",
    # Italian and French residence labels and phrases ("Residenza:", "domicilié à", "nato a")
    "residenza", "domicilio", "domicile", "comune", "nascita", "naissance", "à", "nato a", "nata a",
    "nato a a", "residente a", "domiciliato a", "domiciliata a", "domiciliato a a",
    "heimatstadt", "ortsangabe", "örtlichkeit", "dort", *HOMECOMING_NOUNS, *DISPATCH_CUES,
    *MUNICIPALITY_ABBREVIATIONS,
    "ab", "bis", "via", "durch", "vor", "hinter", "ob", "gegen", "nördlich", "südlich", "östlich", "westlich",
    "nordöstlich", "nordwestlich", "südöstlich", "südwestlich", "oberhalb", "unterhalb", "außerhalb",
    "ausserhalb", "jenseits", "diesseits", "abseits", "nächst", "zwischen", "bezirk", "landkreis",
    "stadtteil", "ortsteil", "ortschaft",
    "großraum", "umland", "stadtrand", "ortsrand", "stadtgebiet", "gemeindegebiet", "kreisstadt",
    "hauptstadt", "landeshauptstadt", "bezirkshauptstadt", "heimatdorf", "nachbardorf", "nachbarstadt",
    "nachbarort", "nachbargemeinde", "dorf", "kurort", "marktgemeinde", "stadtgemeinde", "weiler", "siedlung",
    "katastralgemeinde", "gemeindeteil", "stadtgemeindeteil", "marktgemeindeteil", "stadtbezirk",
    "gemeindebezirk", *PLACE_LABEL_NOUNS, *PLACE_APPOSITION_NOUNS,
    *(noun.lower() for noun in PLACE_INSTITUTION_NOUNS),
)  # fmt: skip

# The head nouns of a compound site word ("Marienkrankenhaus", "Sonderkrankenanstalt"):
# chunk.named_site_candidate's and medical_site._COMPOUND_KIND's, which also seeks them with
# str.find.
COMPOUND_SITE_HEADS: tuple[str, ...] = (
    "krankenhaus", "klinikum", "klinik", "spital", "hospital", "sanatorium", "praxis", "ordination",
    "zentrum", "krankenanstalt", "altenheim", "pflegeheim", "seniorenheim", "wohnheim", "institut",
    "ambulanz", "residenz", "stützpunkt", "wache",
    # a pharmacy, a psychiatric house, a hospice, a care service named by their town ("Stadtapotheke
    # Zirbl", "Akutpsychiatrie Zirbl"; a laboratory's compounds are site words of their own, as
    # "labor" starts too many words of a note: "Laborwerte")
    "apotheke", "psychiatrie", "hospiz", "tagespflege", "intensivpflege", "krankenpflege",
    # a geriatric house, a care district, a heart's laboratory, a dispatch or advice centre, a
    # rescue service's base ("Akutgeriatrie Zirbl", "Sozialsprengel Zirbl", "Herzkatheterlabor
    # Zirbl", "Flugrettungsbasis Zirbl")
    "geriatrie", "sprengel", "katheterlabor", "leitstelle", "beratungsstelle", "rettungsbasis",
    "rettungsstation", "rettungsstelle",
    # an outpatient clinic ("Zahnambulatorium Zirbl")
    "ambulatorium",
)  # fmt: skip
# A saint's title: a house named after a saint ("im St. Josef") starts with one (MedicalSite).
SAINT_WORDS: tuple[str, ...] = ("St.", "Sankt", "Hl.")
# A site noun that names a house only after an epithet ("Psychiatrisches Zentrum Zirbl"; "im
# Zentrum" is the middle of anything): MedicalSite looks for the epithet before it.
EPITHET_SITE_WORDS: tuple[str, ...] = ("Zentrum", "Dienst")  # "Mobiler Dienst Zirbl"
# Nouns of a service that name a house only before its doctors ("Labor Dr. Zirbl", "Radiologie
# Dr. Zirbl"; "Labor unauffällig" names none): MedicalSite looks for the doctors after it. The
# Italian and French practices of South Tyrol and Romandy too ("Studio medico dott. Zirbl").
DOCTOR_SITE_WORDS: tuple[str, ...] = (
    "Labor", "Röntgen", "Radiologie", "Physiotherapie", "Psychotherapie", "Ergotherapie", "Logopädie",
    "Kieferorthopädie", "Podologie", "Osteopathie", "Diätologie", "Heilmassage",
    "Studio medico", "Studio dentistico", "Cabinet médical", "Cabinet dentaire",
)  # fmt: skip
# Of those, the therapies whose practices are named after a therapist without a title
# ("Physiotherapie Zirbl", "Logopädie Anna Zirbl"): a name-like word after one names a practice.
THERAPY_SITE_WORDS: frozenset[str] = frozenset(
    {"Physiotherapie", "Psychotherapie", "Ergotherapie", "Logopädie", "Podologie", "Osteopathie",
     "Diätologie", "Heilmassage"}
)  # fmt: skip
# ... and the services named after their town or owner too ("Labor Zirbl", "Labor Synlab"): a
# known place or a name-like word after one names the house.
TOWN_NAMED_SERVICE_WORDS: frozenset[str] = frozenset({"Labor"})

_NON_WORD = re.compile(r"[\W_]")
_FIRST_WORD = re.compile(r"[^\W_]+")


def view_form(phrase: str) -> str:
    """A phrase as the match view shows it: lower case, every non-word character a space."""
    return _NON_WORD.sub(" ", phrase.lower())


def salutation_starts(triggers: Iterable[str]) -> list[str] | None:
    """The first word of every salutation and title (lower case), or None when one does not start
    with a letter or digit: its start cannot be found from a word, so the masker must scan."""
    firsts: set[str] = set()
    for trigger in triggers:
        first = _FIRST_WORD.match(trigger.lower())
        if first is None:
            return None
        firsts.add(first.group())
    return sorted(firsts)


def trigger_keys(salutation_triggers: Iterable[str], site_prefixes: Iterable[str]) -> dict[str, int]:
    """Automaton keys of every trigger with its bits. Whole words are " word " as the dictionary
    keys. A salutation's first word is such a word, or the word with a digit right after it
    ("Frau2": a one-word trigger need only not go on with a letter); its other characters are
    not letters or digits, so the match view ends the word there. A street suffix with its
    house number's first digit has no leading space: it ends a word ("hauptstraße 1")."""
    keys: dict[str, int] = {}

    def add(key: str, bits: int) -> None:
        keys[key] = keys.get(key, 0) | bits

    for first in salutation_starts(salutation_triggers) or ():
        add(f" {first} ", SALUTATION_START)
        for digit in "0123456789":
            add(f" {first}{digit}", SALUTATION_START)
    for word in PLACE_CUES:
        add(f" {word} ", PLACE_CUE)
    for head in PLACE_HEADS:  # a compound's last part: no blank before ("talort ", "feriendomizil ")
        add(f"{head} ", PLACE_CUE)
    for word in STREET_PREPOSITIONS:
        add(f" {word} ", STREET_PREPOSITION)
    for prefix in [*site_prefixes, *SAINT_WORDS, *EPITHET_SITE_WORDS, *DOCTOR_SITE_WORDS]:
        form = view_form(prefix).strip()
        if form:
            add(f" {form} ", SITE_WORD)
    # Every match of chunk.named_site_candidate contains a compound's head in the lower-case match
    # view: automaton keys with no blank, found anywhere in a word; a hit in a compound (lower case,
    # or capitals after capitals) or after a hyphen is where MedicalSite's named-site scans start
    # (``Chunk.site_stems``; no str.find over the chunk).
    for head in COMPOUND_SITE_HEADS:
        add(head, SITE_WORD)
    for word in ADDRESS_LABEL_WORDS:
        add(f" {word} ", ADDRESS_LABEL_WORD)
    for suffix in STREET_SUFFIXES:
        form = view_form(suffix)
        for digit in "0123456789":
            add(f"{form}{digit}", STREET_NUMBER)
            add(f"{form} {digit}", STREET_NUMBER)
    for word in STREET_WORDS:
        for digit in "0123456789":
            add(f" {word}{digit}", STREET_NUMBER)
            add(f" {word} {digit}", STREET_NUMBER)
    return keys


def schema_digest() -> str:
    """A digest of the trigger words fixed in code and of the keys this module makes (for two
    sample lists), for the dictionary cache's key: the cached automaton holds the keys, so a
    change here must rebuild it."""
    keys = trigger_keys(["Frau", "Dr. med.", "Univ.-Prof."], ["LKH", "Klinik"])
    return hashlib.sha256(repr(sorted(keys.items())).encode()).hexdigest()[:16]
