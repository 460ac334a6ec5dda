"""Street addresses, postcodes and the places after them (masker names RegexAddress, RegexZIP).

The street scan is anchored on the rare part, "suffix + house number" ("straße 12"), and the
street name is read backwards from it; a postcode counts only before a known place, after a
street, with a country prefix or after a residence cue. After an address label ("Straße/Nr.:")
or a postcode, its place and a comma, a street needs no street word. The flat and floor after a
house number belong to the address.
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_left
from collections.abc import Iterable
from itertools import accumulate, pairwise

from deid_cli.detection.lexicon.triggers import STREET_SUFFIXES, STREET_WORDS
from deid_cli.detection.normalize import fold
from deid_cli.detection.patterns.letters import CAPITAL
from deid_cli.detection.patterns.number_context import NUMBER_GOES_ON, followed_by_number_context, wordset
from deid_cli.detection.patterns.place_index import (
    COUNTRY_BEFORE_ZIP,
    COUNTRY_CODES,
    DISTRICT_WORDS,
    UNKNOWN_PLACE_WORD,
    PlaceIndex,
    PlaceTest,
    as_place_index,
    place_prefix_end,
    unknown_place_end,
)
from deid_cli.detection.patterns.regex_guard import finditer_from, finditer_in_lines, guarded, matches_from
from deid_cli.detection.spans import ADD, ZIP, Span

# Street words that are streets only as a word of their own after an adjective ("Lindener Tor").
_WORDS = frozenset(STREET_WORDS)
_SUFFIXES = frozenset(STREET_SUFFIXES) | _WORDS
# Literal alternatives in both capitalisations: the regex engine then skips ahead by the
# first-character set, which is several times faster than an (?i:...) group on prose. A word
# of its own is capitalized.
_STREET_SUFFIX = (
    "(?:"
    + "|".join(
        [re.escape(w) for s in sorted(STREET_SUFFIXES) for w in (s, s.capitalize())]
        + [re.escape(w.capitalize()) for w in sorted(_WORDS)]
    )
    + ")"
)
_LETTER = r"[^\W\d_]"
# A whole street token: optional hyphen chain ("Dr.-Karl-Renner-") and a word ending in a
# suffix. Only used with fullmatch on a token already cut out of the text.
_STREET_TOKEN = re.compile(rf"(?={CAPITAL})(?:{_LETTER}{{1,30}}\.?-){{0,6}}{_LETTER}{{0,40}}{_STREET_SUFFIX}")
_STREET_TOKEN_MAX = 250
# House numbers: 12, 12a, 12 a, 12a-c, 12-14, 12 – 14, 12 bis 14, 12/3/4, 12/Top 3, 12½, and the Italian
# and French "12 bis", "12 ter" (12a, 12b) where the address's part ends ("Via X 12 bis, 39100";
# not "Zirbelweg 12 bis Ende Mai").
# An attached capital may be any letter ("12K"); a small one only a-g ("2x" is a count); one after
# a blank a-f, or any capital that ends the address's part.
_HOUSE_LETTER = (
    r"(?:[a-gA-Z](?!\w)(?:[-–][a-gA-G](?![\w\-]))?"
    # after a blank a-f, or a capital beyond F where the address's part ends ("Zirbelweg 12 T, 6020
    # Innsbruck")
    r"|[ ](?:[a-fA-F](?![\w\-])|[G-Z](?=[ \t]*(?:[,;/|)–\r\n]|\Z)))"
    r"|[ ]?(?:bis|ter)(?=[ \t]*(?:[,;/|)–\r\n]|\.(?!\w)|\Z)))"
)
# Four digits and a capitalized word after a dash or slash are the postcode and its place
# ("Zirbelweg 4 / 6020 Innsbruck", "Zirbelweg 4 – 6020 Innsbruck"), no range or flat number;
# an ordinal before a floor word is the floor ("Zirbelweg 4 / 1. OG").
_NOT_POSTCODE = (
    rf"(?!\d{{4}}[ ]+{CAPITAL}|\d{{1,2}}\.[ ]?(?:OG|UG|Obergeschoss|Untergeschoss|Geschoss|Stock|Etage))"
)
# The parts of a house a flat's number names: "12/Stiege 3/Top 7", "12/Haus 3/Tür 7", ", Whg. 12".
# Lower case as forms abbreviate them ("whg. 3", "top 7"), and the Italian flat and staircase of
# South Tyrol's addresses ("int. 3", "Sc. B").
_UNIT_WORD = (
    r"(?:[Ss]tiege|[Ss]tg\.?|[Tt]op|[Tt]ür|[Ww]hg\.?|Wohnung|Block|Haus|Bauteil|Eingang|Objekt|Trakt|[Aa]pp\."
    r"|[Ii]nt\.|[Ii]nterno|[Ss]c\.|Scala)"
)
# A half house between two numbers: "12½", "12 1/2" (and the rarer quarters).
_HOUSE_FRACTION = r"(?:[ ]?[½¼¾]|[ ][13]/[24](?![\d/]))"
_HOUSE = (
    r"\d{1,4}(?!\d)" + _HOUSE_FRACTION + "?" + _HOUSE_LETTER + r"?"
    r"(?:(?:[ ]?[-–][ ]?|[ ]bis[ ])" + _NOT_POSTCODE + r"\d{1,4}(?!\d)(?:[a-gA-G](?!\w))?)?"
    # after a slash any short word names a part of the house, a unit word or not ("12/Haus 3/Top 7",
    # "4/Hinterhaus 2"), a letter alone the house or its door ("12/B", "7/a", "3/2/C"), and "bis"
    # or "ter" a second house of the number ("12/bis")
    rf"(?:[ ]?/[ ]?(?:(?:{CAPITAL}[a-zäöüß]{{1,11}}\.?[ ]?)?"
    + _NOT_POSTCODE
    + r"\d{1,4}(?!\d)(?:[a-gA-G](?!\w))?|[A-Za-z](?![\w\-])|(?:bis|ter)(?![\w\-]))){0,3}"
)
# The scan is anchored on the rare part, "suffix + house number", not on every capitalised
# word: a regex that starts at each word and tries all suffixes is ~20x slower on prose. The
# street token and the words before it are then found by walking backwards from the hit.
_ADDRESS = re.compile(rf"(?P<suffix>{_STREET_SUFFIX})(?!{_LETTER})[ ]?{_HOUSE}")
# Up to three capitalised words that may precede the street ("Lange Gasse", "Wiener Straße").
_PRE_WORD = re.compile(rf"{CAPITAL}{_LETTER}{{0,30}}(?:-{_LETTER}{{1,30}}){{0,4}}\.?")
_PRE_WORD_MAX, _PRE_WORDS_MAX = 160, 3
# Street names that are a preposition phrase without suffix: "Am Anger 5", "In der Au 3", and
# the Swiss German ones, whose adjective stays in lower case ("Uf em Bühl 3", "Bim alte Brunne 4",
# "Am obere Rain 7", "Bi der Linde 2").
_PREPOSITION = (
    r"(?:(?:Am|Im|Beim|Vom|Zum|Zur|Unterm|Hinterm|Überm|Vorm|Bim|Uf[ ](?:em|dr|de[rmn]?)|Ufem|"
    r"(?:An|Auf|In|Unter|Hinter|Über|Vor|Neben|Bei|Ob|Zwischen|Bi)[ ]de[rmn]?)"
    r"(?:[ ][a-zäöü]{3,12}e[rnm]?(?=[ ]\S))?)"
)


@functools.cache
def _address_prep() -> re.Pattern[str]:
    """A street name after its preposition, and its house number: compiled when first needed,
    as it is sought only after a preposition before a capital (``Chunk.street_starts``)."""
    return guarded(
        r"(?<![\w\-])",
        rf"{_PREPOSITION}[ ]"
        rf"(?P<name>{CAPITAL}{_LETTER}{{1,30}}(?:-{_LETTER}{{1,30}}){{0,4}}"
        rf"(?:[ ]{CAPITAL}{_LETTER}{{1,30}})?)"
        rf"[ ](?P<num>{_HOUSE})",
    )


# Every preposition (Am, Im, An, Auf, In, Zum, Zur, Unter, Hinter, Beim, Vom, Überm, Vorm, Ob,
# Neben, Zwischen, Bim, Bi, Uf) starts with one of these.
_ADDRESS_PREP_FIRST = re.compile(r"[AIZUHBVÜON]")
# Words that end a name run before a street: articles, prepositions, role nouns.
_PRE_STOP = wordset(
    """die der das den dem des ein eine einer eines einem seine seiner ihre ihrer unsere diese
    dieser meine in im am an auf bei beim zur zum nach von vom aus über unter bis ab gegenüber
    adresse wohnadresse anschrift wohnort wohnhaft patient patientin herr frau mutter vater
    schwester bruder tochter sohn ehefrau ehemann partner partnerin tel telefon straße strasse"""
)
_PRE_ABBREVIATIONS = frozenset({"Dr.", "St.", "Prof.", "Hl."})
# Compound words with a street suffix that are clinical vocabulary, not streets (and the places
# of a care unit: "Überwachungsplatz 3" is a room's place, its code a ward's).
_STREET_STOP_ENDINGS = tuple(
    wordset(
        """monitoring arbeitsplatz parkplatz schultergürtel beckengürtel klappenring anulusring
        annuloplastiering atemweg harnweg zugangsweg infektionsweg supermarkt friedhof zahnbrücke
        muskelbrücke myokardbrücke gesichtsfeld operationsfeld blickfeld sichtfeld wundfeld lungenfeld
        körperhöhe fundushöhe sitzhöhe bandscheibenhöhe wirbelkörperhöhe kammerwinkel phasenwinkel
        kniewinkel hüftwinkel beugewinkel streckwinkel aortenbogen rippenbogen zahnbogen wirbelbogen
        fragebogen hintergrund wundgrund ulkusgrund überblick rückblick ausblick anstieg messreihe
        zahnreihe versuchsreihe kindergarten zusammenhang testreihe bildreihe impfreihe zahlenreihe
        fallreihe ungsreihe schutzwall randwall erdwall jahrmarkt arbeitsmarkt flohmarkt baumarkt
        wochenmarkt weihnachtsmarkt getränkemarkt drogeriemarkt eingang ausgang zugang übergang
        durchgang rundgang stuhlgang abgang aufgang rückgang vorgang umgang untergang niedergang
        hergang fortgang freigang nachgang weggang alleingang werdegang gedankengang spaziergang
        jahrgang lehrgang studiengang arbeitsgang waschgang spülgang wahlgang tagesgang seegang
        tiefgang behördengang botengang gallengang pankreasgang gehörgang bogengang nasengang
        tränengang milchgang samengang lymphgang fistelgang ausführungsgang speichelgang hauptgang
        nebengang seitengang mittelgang laufgang kriechgang passgang zehengang fersengang hackengang
        strichgang watschelgang krebsgang seiltänzergang behandlungsplatz überwachungsplatz
        beobachtungsplatz untersuchungsplatz beatmungsplatz lagerungsplatz liegeplatz bettenplatz
        bettplatz dialyseplatz infusionsplatz chemoplatz transfusionsplatz messplatz intensivplatz
        aufwachplatz notfallplatz reanimationsplatz eingriffsplatz pflegeplatz verkehr rückkehr
        heimkehr umkehr wiederkehr abkehr einkehr"""
    )
)
# A street word alone is no street; a compound or an adjective before it makes one ("Gang 3").
_BARE_STOP = wordset("gang")
# Nouns that follow "Am"/"Im"/"Zur" in clinical prose; with a number they are not streets.
_PREP_NAME_STOP = wordset(
    """tag vortag folgetag aufnahmetag morgen abend mittag nachmittag vormittag wochenende montag
    dienstag mittwoch donnerstag freitag samstag sonntag ende anfang beginn jahr monat woche
    station ambulanz zimmer bett stock labor verlauf bereich rahmen schnitt mittel segment
    kontrolle aufnahme entlassung op einsatz notfall haus klinikum intervall zyklus liegen
    stehen sitzen ruhe belastung"""
)
_PREP_END_OK = frozenset(",;.)\n\r")
_PREPOSITION_START = re.compile(rf"{_PREPOSITION}[ ]")


def _street_token_start(text: str, suffix_start: int) -> int | None:
    """Walk back from the suffix over letters, hyphens and "Dr.-"-style dots to the start of
    the street token; None if the token is glued to a digit or runs past the window."""
    lo = max(0, suffix_start - _STREET_TOKEN_MAX)
    i = suffix_start
    while i > lo:
        c = text[i - 1]
        if c.isalpha() or c == "-" or (c == "." and text[i] == "-"):
            i -= 1
        else:
            break
    while i < suffix_start and text[i] == "-":
        i += 1
    if i > 0 and (text[i - 1].isalnum() or text[i - 1] in "_-."):
        return None  # token longer than the window, or glued to a number or abbreviation
    return i


def _words_before(text: str, pos: int) -> list[str]:
    """Up to three capitalised words directly before ``pos``, each preceded by one space,
    in text order. Walks backwards so the cost is per hit, not per character of the note."""
    words: list[str] = []
    end = pos
    while len(words) < _PRE_WORDS_MAX and end >= 2 and text[end - 1] == " ":
        i = end - 1
        lo = max(0, i - _PRE_WORD_MAX)
        while i > lo and (text[i - 1].isalpha() or text[i - 1] in "-."):
            i -= 1
        if (i > 0 and (text[i - 1].isalnum() or text[i - 1] in "_-.")) or not _PRE_WORD.fullmatch(
            text, i, end - 1
        ):
            break
        words.append(text[i : end - 1])
        end = i
    words.reverse()
    return words


def _adjective_like(word: str) -> bool:
    """Words like "Wiener", "Obere", "Alte" may precede a compound street name."""
    return word.endswith(("e", "er"))


def _postcode_follows(text: str, end: int) -> bool:
    """A separator and a postcode with its place follow ``end`` ("Am Moor 2 d / 19663 Zirbenau")."""
    m = _ZIP_AFTER_STREET.match(text, end)
    return m is not None and bool(text[end : m.start("zip")].strip())


def _house_number_ends(text: str, end: int) -> bool:
    """The number before ``end`` is a whole house number: no measurement, decimal, date or longer
    token, unless what goes on is a floor or a postcode and its place ("Zirbelweg 12/2. OG",
    "Zirbelweg 12/6020 Innsbruck")."""
    return (
        not followed_by_number_context(text, end)
        or _UNITS.match(text, end) is not None
        or _postcode_follows(text, end)
    )


_FLAT = rf"{_UNIT_WORD}[ ]?\d{{1,4}}(?:[a-gA-G])?(?![\w/\-])"
_FLOOR = (
    r"(?:[1-9]\d?\.[ ]?(?:OG|UG|Obergeschoss|Untergeschoss|Geschoss|Stock|Stockwerk|Etage)"
    r"|EG|DG|OG|UG|Erdgeschoss|Dachgeschoss|Obergeschoss|Untergeschoss|Souterrain|Hochparterre|Parterre"
    r"|Mezzanin)"
    r"(?:[ ](?:links|rechts|Mitte|li\.|re\.))?(?![\w])"
)
_FLAT_PART = rf"(?:,?[ ]|[ ]?/[ ]?){_FLAT}"
_FLOOR_PART = rf"(?:,[ ]?|[ ]?/[ ]?|[ ]){_FLOOR}"
# The flat or floor in brackets after the number: "Zirbelweg 12 (EG)", "Zirbelweg 12 (Top 3)".
_BRACKETED_UNIT = rf"[ ]?\((?:{_FLOOR}|{_FLAT})\)"
# ... or a part of the house, maybe abbreviated: "Zirbelweg 12 (Hinterhaus)", "Zirbelweg 12
# (Hinterh.)", "Zirbelweg 12 (Whg.)".
_BRACKETED_PART = (
    rf"[ ]?\((?:{CAPITAL}[a-zäöüß]{{1,12}}\.|{CAPITAL}[a-zäöüß]{{0,16}}"
    r"(?:haus|gebäude|trakt|hof|bau|flügel|geschoss|geschoß|wohnung))\)"
)
_UNIT = f"{_FLAT_PART}|{_FLOOR_PART}|{_BRACKETED_UNIT}|{_BRACKETED_PART}"
# A part of the house named after its number and a comma, no unit word the patterns know, where
# the address goes on or its line ends: "Quelmkai 9, Hinterhaus, 3100 Zirbenau".
_HOUSE_PART_WORD = rf",[ ]?{CAPITAL}[a-zäöüß]{{3,20}}"
# ... or a building's noun after a blank, in a line that ends before a postcode ("Quelmkai 9
# Hinterhaus, 3100 Zirbenau"; not "Kontrolle in 2 Wochen, 6020 Innsbruck")
_BUILDING_PART = rf"[ ]{CAPITAL}[a-zäöüß]{{0,16}}(?:haus|gebäude|trakt|hof|bau|flügel)"
_HOUSE_PART = rf"(?:{_HOUSE_PART_WORD}|{_BUILDING_PART})(?=[ \t]*(?:[,(–]|\r?\n|\Z))"
_HOUSE_PART_AT_END = re.compile(rf"{_HOUSE_PART_WORD}(?=[ \t]*(?:\r?\n|\Z|[ \t]\())")
# ... or any capitalized word after a blank that ends the address's clause, line or field: a part
# of the house however it is spelt ("Quelmkai 9 Hinterhaus", "Quelmkai 9 Vorderhs."), or the town
# written without its comma ("Quelmkai 9 Zirbenau;", "Quelmkai 9 Hinterhaus / 3100 Zirbenau").
_LAST_WORD = re.compile(
    rf"[ ]{CAPITAL}[a-zäöüß]{{3,16}}(?=\.?[ \t]*(?:[,;–|/·•^]|\r?\n|\Z)|\.[ ]|\t|[ ]{{2}})"
)
# ... after any street, where a postcode, the line's end or a remark follows it (not a town after
# the comma: "Lärchenhof 3, Zirbldorf." takes its town as before).
_HOUSE_PART_AFTER = re.compile(
    _HOUSE_PART_WORD
    + r"(?=[ \t]*(?:[,–][ \t]*(?:[A-Z]{1,2}-)?\d{4,5}[ ]|\r?\n[ \t]*(?:[A-Z]{1,2}-)?\d{4,5}[ ]|\())"
)
_ZIP_CORE = rf"(?:{COUNTRY_BEFORE_ZIP})?(?:[1-9]\d{{3}}|\d{{5}})(?!\d)"
# What stands between a postcode and its place: a blank, or an export's field separator
# ("8000;Zürich", HL7's "8000^Zürich", a form's tab), after which only a place a list knows makes
# the number a postcode. The chunk's postcode candidates are sought by the same characters.
POSTCODE_PLACE_GAPS = " ;^|\t"
_EXPORT_ZIP_SEPARATORS = frozenset(POSTCODE_PLACE_GAPS) - {" "}
# A country joined to its postcode makes it one whatever the place; one set apart by a blank only
# with a place after it ("Vitamin D 20000 Einheiten").
_HYPHENED_COUNTRY = re.compile(rf"{COUNTRY_CODES}[-–]")
_ZIP = guarded(
    r"(?<![\w.,/+\-])",
    r"(?:"
    # the label of a form's field, maybe with its place's, and its colon or leader dots ("PLZ, Wohnort
    # ........ 6020")
    rf"(?:PLZ|Postleitzahl)(?:[ ]?(?:/|,|\+|&|und|u\.)?[ ]?(?:Wohn)?[Oo]rt)?(?:[ ]?:|[ \t]*(?:\.{{2,}}|…+))?"
    rf"[ \t]{{0,12}}(?P<kw>{_ZIP_CORE})"
    rf"|(?P<zip>{_ZIP_CORE})(?=[{re.escape(POSTCODE_PLACE_GAPS)}]{CAPITAL})"
    r")",
)
# After a street address the next number is a postcode and the word after it its place, even
# where no postcode list knows them (German codes are not bundled): "Kirchallee 4, 80331 München",
# "Kirchallee 4 / 80331 München", "Kirchallee 4 – 80331 München"; dictation speaks its comma
# ("Kirchallee 4 Komma 80331 München Punkt"), and the spoken marks end the place.
_SPOKEN_COMMA = r"(?:Komma|Beistrich)"
_SPOKEN_MARK = rf"(?:{_SPOKEN_COMMA}|Punkt|Strich|Doppelpunkt|Schrägstrich|Absatz)\b"
_ZIP_AFTER_STREET = re.compile(
    rf"(?:[ \t]?,?[ \t]?|[ \t]*(?:[/–\-;|^]|//|\^\^|\|\|)[ \t]*|[ \t]+{_SPOKEN_COMMA}[ \t]+)"
    r"(?:\r?\n[ \t]*)?"
    rf"(?P<zip>{_ZIP_CORE})[ ]"
    rf"(?P<place>{CAPITAL}[^\W\d_]{{1,40}}\.?(?:[ -](?!{_SPOKEN_MARK})"
    rf"(?:a\.|am|an|im|in|ob|bei|{CAPITAL})[^\W\d_.]{{0,40}}\.?){{0,3}})"
)
# A word of three letters or more and a full stop within a place after a street end its sentence
# ("Tirol. Dosis", "Rum. Labor"); an abbreviation does not ("Frankfurt a. Main", "St. Johann").
_SENTENCE_END = re.compile(r"[^\W\d_]{3}\.(?=[ -])")
# A house number, its flat and floor and a part of the house, as a line before a postcode ends.
_NUMBER_BEFORE_ZIP = rf"[ \t]+{_HOUSE}(?:{_UNIT}){{0,3}}(?:{_HOUSE_PART})?"
# What separates a street from the postcode after it: a comma, a semicolon, a dot, a pipe, a dash or
# slash, an export's "^^" or "//", a tab (a form's next column), or "in"; a line's end too where
# the street is a line of its own.
_STREET_SEPARATOR = rf"[ \t]*(?:[,;·•|–/^]{{1,2}}|\t)[ \t]*|[ \t]+(?:in|{_SPOKEN_COMMA})[ \t]+"
_STREET_END_BEFORE_ZIP = rf"(?:{_STREET_SEPARATOR}|[ \t]*\r?\n[ \t]*)"
# A line (or a comma-separated part) that is capitalized words and a house number (and the flat
# or floor), ending right before a postcode: "Oberhofen 23, ", "Dorf 15\n", "Dorf 15, 1. OG / ".
_LINE_BEFORE_ZIP = re.compile(
    r"(?:^|(?<=[\n,;:·•|–(\t])|(?<=wh\.)|(?<=whft\.)|(?<=[Ww]ohnh\.)|(?<=[Ww]ohnhaft)|(?<=[Ww]ohnt)|(?<=dresse)"
    # dictation's spoken colon and comma ("Adresse Doppelpunkt Zirbl 12 Komma 3100 Zirbenau")
    r"|(?<=nschrift)|(?<=[Aa]dr\.)|(?<=Doppelpunkt)|(?<=Komma)|(?<=Beistrich))"
    r"[ \t]*"
    rf"(?P<line>(?!(?:Seite|Blatt|Anlage|Beilage|Tel|Fax|Wohnhaft|Wohnt|Adresse|Anschrift|Doppelpunkt|Komma|Beistrich)\b){CAPITAL}[^\W\d_]{{1,40}}\.?"
    rf"(?:[ \t-](?:{CAPITAL}[^\W\d_]{{0,40}}\.?|an|am|im|in|der|den|dem|bei|zum|zur|auf|unter|ob"
    # an adjective after the street's preposition ("Am oberen Zirbelfeld 3", "An der alten Mühle 2")
    r"|[a-zäöüß]{2,14}(?:en|er|em|es)"
    r"|du|de|des|la|le|di|del|della|dei|delle|degli)){0,3}"
    rf"{_NUMBER_BEFORE_ZIP})"
    rf"{_STREET_END_BEFORE_ZIP}\Z"
)
# In a sentence, one street word after a lower-case word: "wohnt seit Mai in der Quelmgasse 9/2,
# 3100 X".
_STREET_IN_SENTENCE_BEFORE_ZIP = re.compile(
    rf"(?<=[a-zäöüß][ ])(?P<line>{CAPITAL}[^\W\d_]{{1,40}}\.?"
    rf"{_NUMBER_BEFORE_ZIP})"
    rf"(?:{_STREET_SEPARATOR})\Z"
)
# A house number's own label, before its digits and after the place's name ("Oberhofen Nr. 23";
# a line that starts with "Nr." is a count's: "Seite Nr. 2").
_HOUSE_NUMBER_LABEL = re.compile(r"(?<=[^\W\d_][ ])(?:(?:Nr|Hausnr|HNr)\.?|Hausnummer)(?=[ ]?\d)")
# Words whose number is no house number, anywhere in a line before a postcode.
_NUMBERED_THING = re.compile(
    r"(?<![^\W\d_])(?:Seite|Blatt|Anlage|Beilage|Zimmer|Station|Raum|Bett|Tel|Fax)(?![^\W\d_])"
)
_RESIDENCE_BEFORE = re.compile(
    r"(?i:\bwh\.|\bwhft\.|\badr\.|\bwohnhaft(?:[ \t]+in)?|\bwohnt[ \t]+in|\bwohnort|adresse|anschrift)"
    r"[ \t]*:?[ \t]*$"
)
_PLACE_FIELD_END = re.compile(r"[ \t]*(?:[,;)\t]|\r?\n|\Z)")
_CAPITALIZED_PLACE = re.compile(rf"{CAPITAL}[^\W\d_]{{1,40}}(?:-{CAPITAL}[^\W\d_]{{1,40}})?")
# The flat and the floor within the house after a house number, in any order: "Stiege 3 Top 7",
# ", Tür 5", "Whg. 12", ", 4. OG", " / 3. Stock", ", EG", ", Hochparterre", ", 2. Etage links".
_UNITS = re.compile(f"(?:{_UNIT}){{1,4}}")
# A town after an address and its comma, where no postcode stands: "Lärchenhof 3, Zirbldorf."
_TOWN_AFTER_ADDRESS = re.compile(rf",[ ](?={CAPITAL})")
_TOWN_ENDS = frozenset(",;.)\n\r")


@functools.cache
def _postcode_slot() -> re.Pattern[str]:
    """Where an address's postcode stands (what precedes it): a line's start, a letterhead's
    separator, a comma, a slash after a house number or floor ("Zirbelweg 4 / ", "3. OG / "), or
    a preposition of place. Compiled when first needed: only a postcode before a place no list
    knows is tested with it."""
    return re.compile(
        # a form's label at its line's start or before a colon: "Zustellort 3100 Zirbenau", "Bleibe:
        # 3100 Zirbenau"
        rf"(?:(?:^|\n)[ \t]*(?:{CAPITAL}[^\W\d_]{{1,30}}\.?[ \t]*:?[ \t]{{1,3}})?|[·•|,;(–][ \t]*"
        rf"|(?<![^\W\d_]){CAPITAL}[^\W\d_]{{1,30}}\.?[ \t]*:[ \t]{{0,3}}"
        r"|(?:(?<=\d)|(?<=\d[a-zA-Z])|(?<=\d[ ][a-zA-Z])|(?<=[OEDU]G)|(?<=ock)|(?<=age)|(?<=\)))"
        # ... or an export's column or field separator after it ("Zirbelweg 4\t", "Zirbelweg 4^^")
        r"(?:[ \t]/[ \t]*|\t[ \t]*|[ \t]*(?://|\^\^?)[ \t]*)"
        # ... or a preposition, and dictation's spoken comma ("Zirbl 12 Komma 3100 Zirbenau")
        rf"|(?<![^\W\d_])(?:in|nach|aus|von|bei|wohnhaft|{_SPOKEN_COMMA})[ \t]+)\Z"
    )


_POSTCODE_SLOT_REACH = 40
_YEAR = re.compile(r"19\d\d|20[0-4]\d")
# Address labels: a street phrase right after one is an address whatever its street word. Every
# label contains one of the stems of STREET_LABEL_STEMS. The chunk flags a note by a compound's
# stem, sought with ``str.find`` ("Wohnadresse:", "Postanschrift:"), or by a label's whole word,
# found by the automaton ("Straße", "Str.", "Adr.": ``triggers.ADDRESS_LABEL_WORDS``).
LABEL_COMPOUND_STEMS: tuple[str, ...] = ("dresse", "nschrift", "c/o")
STREET_LABEL_STEMS: tuple[str, ...] = ("Straße", "Strasse", "Str.", *LABEL_COMPOUND_STEMS, "Adr.")
_OTHER_LABEL_STEMS = tuple(stem for stem in STREET_LABEL_STEMS if not stem.startswith("Str"))
# A stem glued to a word ends a street's name or another word ("Hauptstraße:"); a street word after
# a word is a street's name ("Wiener Straße:").
_LABEL_GLUED = re.compile(r"[\w\-.]")
_STREET_AFTER_WORD = re.compile(r"(?<=[^\W\d_])[ ]")
# The label's colon, or a form's column after it: a tab or a run of blanks ("Strasse\tZirbenweg 4").
_LABEL_TAIL = re.compile(
    r"(?:[ ]?(?:/|,|\+|&|und|u\.)[ ]?(?:Hausnummer|Hausnr\.?|Haus-Nr\.|Nr\.?|HNr\.?))?"
    r"(?:[ ]?:[ \t]*|[ ]?\t[ \t]*|[ ]{2,})"
)
_ABBREVIATED_LABEL_TAIL = re.compile(r"[ ]?:?[ \t]*")
# "care of": the person or house the mail goes to, then the street ("c/o Familie Zirbl, Quelmkai 9").
_CARE_OF_TAIL = re.compile(r"[ \t]+[^,;\n]{1,60}?,[ \t]*")
# An address's noun needs no colon: "Wohnadresse Zirbenried 4", "Anschrift Brombeerhag 12".
_NOUN_LABEL_TAIL = re.compile(rf"{_LABEL_TAIL.pattern}|[ ](?={CAPITAL})")
# The labels whose tail is not a colon or a column.
_LABEL_TAILS: dict[str, re.Pattern[str]] = {
    "Adr.": _ABBREVIATED_LABEL_TAIL,
    "c/o": _CARE_OF_TAIL,
    "dresse": _NOUN_LABEL_TAIL,
    "nschrift": _NOUN_LABEL_TAIL,
}
_STREET_WORD = rf"{CAPITAL}{_LETTER}{{0,40}}(?:\.?-{_LETTER}{{1,30}}){{0,5}}\.?"
# (also the French and Italian articles of South Tyrol's and Switzerland's streets: "Rue du Lac 5",
# "Via della Rosa 3")
_STREET_LINK = (
    r"(?:an|am|im|in|der|den|dem|des|bei|beim|zum|zur|zu|auf|unter|ob|von|vom|vor|hinter|über"
    r"|du|de|la|le|di|del|della|dei|delle|degli)"
)
# Capitalized words, the last before the number ("Unter den Linden 4"; not "Brief vom 12").
_STREET_PHRASE = rf"{_STREET_WORD}(?:[ ](?:{_STREET_LINK}[ ]){{0,2}}{_STREET_WORD}){{0,4}}"
# After a label the house number may follow its own label ("Straße: Brombeerhag   Nr.: 12").
_LABELLED_STREET = re.compile(
    rf"(?P<street>{_STREET_PHRASE})"
    rf"(?:[ ]|[ \t]+(?:Nr\.?|Hausnr\.?|Hausnummer|HNr\.?)[ ]?:?[ \t]*)(?P<num>{_HOUSE})"
)
_STREET_AFTER_PLACE = re.compile(rf",[ \t]*(?P<street>{_STREET_PHRASE})[ ](?P<num>{_HOUSE})")
# A form's next line after the postcode's, its own label before a tab, colon or blanks: "Ort\t3100
# Zirbenau" over "Anschrift\tQuelmkai 9".
_STREET_LINE_AFTER_PLACE = re.compile(
    rf"[ \t]*\r?\n[ \t]*(?:{CAPITAL}[^\W\d_]{{1,30}}\.?(?:[ \t]*:[ \t]*|\t[ \t]*|[ ]{{2,}}))?"
    rf"(?P<street>{_STREET_PHRASE})[ ](?P<num>{_HOUSE})"
)
# Where a labelled street ends: its line, its clause, its field (two blanks or a tab: a form's
# next column), a separator, a sentence's end or "in" before its place.
_FIELD_END = re.compile(
    r"[ \t]*(?:[,;/|·•)–]|\r?\n|\Z)|[ \t]{2}|\t|\.(?!\w)|[ ]in[ ]"
    rf"|[ ](?=(?:[A-Z]{{1,2}}-)?\d{{4,5}}[ ]{CAPITAL})"  # a postcode follows
)
# A number with a full stop before a month is a date ("12. März").
_MONTH_AFTER = re.compile(r"\.[ ]?(?:J[äa]n|Feb|M[äa]r|Apr|Mai|Jun|Jul|Aug|Sep|Okt|Nov|Dez)")
_LINE_END = re.compile(r"[ \t]*\.?[ \t]*(?:\r?\n|\Z)|[ \t]{2}|\t|[ \t]*[;|·•]")
# ... or a remark in brackets or after a dash: "3100 Zirbenau, Quelmkai 9 (lt. Tochter)"
_LINE_OR_REMARK_END = re.compile(rf"{_LINE_END.pattern}|[ \t]+[(–]")
# Words that make a number after them no house number: counts, dates, contacts, file numbers.
_NOT_A_STREET = wordset(
    """seite blatt anlage beilage zimmer station raum bett tel telefon fax mobil handy stand version
    jahr kw nr nummer zahl zl gz az fall januar jänner februar feber märz april mai juni juli august
    september oktober november dezember montag dienstag mittwoch donnerstag freitag samstag sonntag"""
)
# A district or quarter word that closes a place's name in an address ("3100 Zirbenau Nord",
# "Zirbenau-Land"), followed by the end of the line or of the address.
_PLACE_QUALIFIER = re.compile(
    rf"[ \t-](?:{DISTRICT_WORDS}|Dorf|Markt|Bahnhof|Zentrum|Umgebung)"
    r"(?=[ \t]*(?:[,;)]|\r?\n|\Z))"
)
_PLACE_WORDS = re.compile(r"\S{1,40}(?:[ ]\S{1,40}){0,4}")
_PLACE_TRAILING = ",;:!?.\"'»"
_MAX_PLACE_WORDS = 5


def _line_words(match: re.Match[str]) -> list[str]:
    """The words of a line before a postcode, without a house number's label ("Oberhofen Nr. 23",
    rural Austrian usage): "Nr." names a house there, not a count."""
    return _HOUSE_NUMBER_LABEL.sub("", match.group("line")).split()


class AddressFinder:
    """Finds ADD and ZIP spans on raw note text; knows the places of the postcode lists."""

    def __init__(self, places: Iterable[str] | PlaceIndex = (), place_like: PlaceTest | None = None) -> None:
        """``places``: place names as written in the postcode dictionaries, or their index. A
        ZIP counts only when one of them follows it, so a set lookup keyed by the folded name
        replaces a huge regex alternation."""
        index = as_place_index(places)
        self._places = index.keys
        # First words let most non-place candidates ("2000 Einheiten") fail on one lookup.
        self._first_words = index.first_words
        self._prefixes = index.prefixes
        self._max_place_words = min(index.max_words, _MAX_PLACE_WORDS)
        # Could this capitalized word be a place no list knows (not an ordinary word, a noun by
        # its form, a title)? None: only known places follow a postcode.
        self._place_like = place_like

    def addresses(
        self,
        text: str,
        suffixed: bool = True,
        street_starts: list[int] | None = None,
        labelled: bool = True,
        suffix_starts: list[int] | None = None,
    ) -> list[Span]:
        """Street addresses: streets with a suffix (sought only if ``suffixed``: a chunk saw a
        suffix before a number here, at ``suffix_starts`` or anywhere when None), suffix-less
        ones starting at ``street_starts`` (every capital A/I/Z/U/H when None) and any street
        after an address label (sought only if ``labelled``: a chunk saw a label's stem here)."""
        out: list[Span] = []
        if not suffixed:
            suffixes: Iterable[re.Match[str]] = ()
        elif suffix_starts is None:
            suffixes = _ADDRESS.finditer(text)
        else:  # the suffix alternation tried at every letter costs more than the rest of the stage
            suffixes = matches_from(_ADDRESS, text, sorted(suffix_starts))
        for m in suffixes:
            start = _street_token_start(text, m.start())
            if start is None or not _house_number_ends(text, m.end()):
                continue
            street = text[start : m.end("suffix")]
            if not _STREET_TOKEN.fullmatch(street) or street.lower().endswith(_STREET_STOP_ENDINGS):
                continue
            word_only = m.group("suffix").lower() in _WORDS
            if word_only and street != m.group("suffix"):
                continue  # "Faktor 8", "Monitor 2": "Tor" is a street only as a word of its own
            bare = "-" not in street and street.lower() in _SUFFIXES
            if bare and street.lower() in _BARE_STOP:
                continue
            words = _words_before(text, start)
            kept = 0
            for word in reversed(words):
                if word.lower() in _PRE_STOP:
                    break
                if word.endswith(".") and word not in _PRE_ABBREVIATIONS:
                    break
                if (not bare or word_only) and not _adjective_like(word):
                    break
                kept += 1
            if bare and kept == 0:
                continue  # "die Straße 5" names no street
            if kept:
                start -= len(" ".join(words[-kept:])) + 1
            out += self._address_with_town(text, start, m.end())
        preposition_matches: Iterable[re.Match[str]] = ()
        if street_starts is None:
            preposition_matches = finditer_from(_address_prep(), text, _ADDRESS_PREP_FIRST)
        elif street_starts:
            preposition_matches = matches_from(_address_prep(), text, street_starts)
        for m in preposition_matches:
            if any(w.lower() in _PREP_NAME_STOP for w in m.group("name").split()):
                continue
            end = m.end()
            if (
                end < len(text)
                and (text[end] not in _PREP_END_OK or NUMBER_GOES_ON.match(text, end))
                and _UNITS.match(text, end) is None
                and not _postcode_follows(text, end)
            ):
                # "Am Morgen 2 Tabletten": a count, not a house number (unless a flat, a floor
                # or a postcode after a separator follows)
                continue
            out += self._address_with_town(text, m.start(), end)
        if labelled:
            out += self._labelled_streets(text, out)
        return out

    def _labelled_streets(self, text: str, found: list[Span]) -> list[Span]:
        """Any capitalized street-shaped phrase and its house number right after an address
        label ("Straße/Nr.: Brombeerhag 12", "Adresse: Zirbenried 4, 2. OG"), whatever its
        street word, ending its field. Sought from the label stems with str.find only."""
        out: list[Span] = []
        taken: _SpanIndex | None = None
        # One scan for the three street stems, which most notes lack.
        for stem in STREET_LABEL_STEMS if "Str" in text else _OTHER_LABEL_STEMS:
            pos = text.find(stem)
            while pos >= 0:
                after = pos + len(stem)
                pos = text.find(stem, after)
                before = after - len(stem) - 1
                if (
                    stem[0].isupper()
                    and before >= 0
                    and (
                        _LABEL_GLUED.match(text, before)
                        or (stem.startswith("Str") and _STREET_AFTER_WORD.match(text, before))
                    )
                ):
                    continue  # "Hauptstraße:", "Wiener Straße:" are no labels
                label = _LABEL_TAILS.get(stem, _LABEL_TAIL).match(text, after)
                if label is None:
                    continue
                street = self._street_phrase(text, label.end(), _LABELLED_STREET, _FIELD_END)
                if street is None:
                    continue
                taken = taken or _SpanIndex(found)
                if not taken.reaches(street[1], street[0]):
                    out += self._address_with_town(text, *street)
        return out

    @staticmethod
    def _street_phrase(
        text: str, pos: int, pattern: re.Pattern[str], ending: re.Pattern[str]
    ) -> tuple[int, int] | None:
        """(start, end) of a street phrase and house number that ``pattern`` matches at ``pos``,
        with its flat and floor, when ``ending`` follows: no count ("Seite 2", "Zimmer 4"), date
        or year ("März 2024"), measurement or number going on."""
        m = pattern.match(text, pos)
        if (
            m is None
            or not _house_number_ends(text, m.end())
            or _YEAR.fullmatch(m.group("num"))
            or _MONTH_AFTER.match(text, m.end())
        ):
            return None
        if any(w.strip(".").lower() in _NOT_A_STREET for w in m.group("street").replace("-", " ").split()):
            return None
        units = _UNITS.match(text, m.end())
        end = units.end() if units is not None else m.end()
        part = (
            _HOUSE_PART_AFTER.match(text, end)
            or _HOUSE_PART_AT_END.match(text, end)
            or _LAST_WORD.match(text, end)
        )
        if part is not None and ending.match(text, part.end()) is not None:
            return m.start("street"), part.end()  # "Brombeerhag 12, Hinterhaus"
        if ending.match(text, end) is None:
            return None
        return m.start("street"), end

    def _address_with_town(self, text: str, start: int, end: int) -> list[Span]:
        """The address with the flat after its house number ("Stiege 3 Top 7"), and the town
        after its comma where no postcode stands ("Lärchenhof 3, Zirbldorf"): a known place, or
        a possible place that ends its clause. The town is the place an address's postcode
        would precede (RegexZIP's ADD, a city where LOC is asked for)."""
        units = _UNITS.match(text, end)
        end = units.end() if units is not None else end
        part = _HOUSE_PART_AFTER.match(text, end)  # "Quelmgasse 9, Hinterhaus, 3100 Zirbl"
        part = part or _LAST_WORD.match(text, end)  # "Quelmgasse 9 Hinterhaus"
        end = part.end() if part is not None else end
        spans = [Span(start, end, ADD, "RegexAddress")]
        comma = _TOWN_AFTER_ADDRESS.match(text, end)
        if comma is None:
            return spans
        town = self._place_after(text, comma.end())
        if town is None and self._place_like is not None:
            word = _CAPITALIZED_PLACE.match(text, comma.end())
            if (
                word is not None
                and (word.end() == len(text) or text[word.end()] in _TOWN_ENDS)
                and all(self._place_like(part) for part in word.group().split("-"))
            ):
                town = word.end()
        if town is not None:
            spans.append(Span(comma.end(), town, ADD, "RegexZIP"))
        elif (part := _HOUSE_PART_AT_END.match(text, end)) is not None:
            # no town after the comma: a part of the house ending its line ("Quelmgässle 9, Hinterhaus")
            spans[0] = Span(start, part.end(), ADD, "RegexAddress")
        return spans

    def zips(self, text: str, lines: list[tuple[int, int]] | None = None) -> list[Span]:
        """Postcodes and their places; ``lines``: the lines where the chunk saw a postcode's
        candidate or keyword, which alone are scanned (None: the whole text)."""
        out: list[Span] = []
        for m in finditer_in_lines(_ZIP, text, lines):
            group = "kw" if m.group("kw") is not None else "zip"
            start, end = m.start(group), m.end(group)
            separator = text[end : end + 1]
            if separator in _EXPORT_ZIP_SEPARATORS:
                place_end = self._place_after(text, end + 1)
                if place_end is not None:
                    out.append(Span(start, end, ZIP, "RegexZIP"))
                    out.append(Span(end + 1, place_end, ADD, "RegexZIP"))
                continue
            place_end = self._place_after(text, end + 1) if separator == " " else None
            if place_end is None and (
                group == "kw"
                or _HYPHENED_COUNTRY.match(text, start)
                or _RESIDENCE_BEFORE.search(text, max(0, start - 24), start)
            ):
                # "A-1234 Zirbldorf", "wohnhaft 1234 Zirbldorf", "PLZ/Ort: 1234 Zirbldorf": the
                # country prefix, residence cue or label makes it a postcode, whatever the place.
                word = _CAPITALIZED_PLACE.match(text, end + 1) if text[end : end + 1] == " " else None
                after = place_prefix_end(text, word, self._prefixes) if word is not None else None
                if after is not None:
                    # "A-1234 Bad Zirbldorf": the prefix and the name after it
                    named = (
                        _CAPITALIZED_PLACE.match(text, after + 1) if text[after : after + 1] == " " else None
                    )
                    word = named or word
                place_end = word.end() if word else None
                if place_end is not None and self._place_like is not None:
                    # "PLZ/Ort: 1234 Zirbldorf Unterau": the words after that pass the place test
                    # too, where they fill the rest of the field (not a name after the place)
                    longer = unknown_place_end(
                        text, end + 1, self._place_like, self._prefixes, last_start=40, infixes=True
                    )
                    if longer is not None and longer > place_end and _PLACE_FIELD_END.match(text, longer):
                        place_end = longer
            if place_end is None and group == "zip" and self._place_like is not None:
                place_end = self._unknown_place_line(text, start, end)
            if group == "zip" and place_end is None:
                continue
            if place_end is not None:
                place_end = self._named_after_prefix(text, end + 1, place_end)
                qualifier = _PLACE_QUALIFIER.match(text, place_end)
                place_end = qualifier.end() if qualifier else place_end
            out.append(Span(start, end, ZIP, "RegexZIP"))
            if place_end is not None:
                out.append(Span(end + 1, place_end, ADD, "RegexZIP"))
        return out

    def _named_after_prefix(self, text: str, start: int, place_end: int) -> int:
        """A known place that is also the first word of longer places ("Markt", "Groß") and an
        unknown name after it ("3100 Markt Zirbenau"): the place runs to that name's end."""
        if self._place_like is None or fold(text[start:place_end]) not in self._prefixes:
            return place_end
        word = UNKNOWN_PLACE_WORD.match(text, place_end + 1)
        if text[place_end : place_end + 1] not in (" ", "-") or word is None:
            return place_end
        if not self._place_like(word.group()) or (word.end() < len(text) and text[word.end()].isalnum()):
            return place_end
        return word.end()

    def _unknown_place_line(self, text: str, start: int, end: int) -> int | None:
        """A postcode where an address's postcode stands, followed by a place no list knows:
        opening its line ("3100 Kleinhausen" under the street), after a letterhead's separator
        ("Feldrain 3 · 3100 Kleinhausen") or after a preposition of place ("übersiedelt nach
        3100 Kleinhausen"). The place is the capitalized words there (blank- or hyphen-joined,
        within 128 characters) that pass the place test, so a year and a procedure ("2015
        Appendektomie") stay."""
        if self._place_like is None or not _postcode_slot().search(
            text, max(0, start - _POSTCODE_SLOT_REACH), start
        ):
            return None
        # A compound of common words ("Steinlind") is a village after a code that is no year;
        # after a year ("1998 Herzinfarkt") it is a noun.
        compounds = not _YEAR.fullmatch(text, start, end)
        # The postcode is followed by a blank (_ZIP), so the place starts after one.
        return unknown_place_end(
            text, end, self._place_like, self._prefixes, compounds, last_start=90, infixes=True
        )

    @staticmethod
    def lines_before_zips(text: str, zips: list[Span], addresses: list[Span]) -> list[Span]:
        """The address written right before a postcode and its place, on the line before or
        before a comma, when it is no street the street patterns know: a hamlet or square and
        its house number ("Oberhofen 23, 6410 Telfs", "Dorf 15" over "6500 Landeck"), as
        rural Austrian addresses are written."""
        out: list[Span] = []
        taken: _SpanIndex | None = None
        for span in zips:
            if span.type != ZIP:
                continue
            taken = taken or _SpanIndex(addresses)
            if taken.reaches(span.start + 1, span.start - 4):
                continue
            match = _LINE_BEFORE_ZIP.search(text, max(0, span.start - 64), span.start)
            if match is None:
                match = _STREET_IN_SENTENCE_BEFORE_ZIP.search(text, max(0, span.start - 64), span.start)
            if match is not None and (
                _NUMBERED_THING.search(match.group("line"))
                or any(w.strip(".").lower() in _NOT_A_STREET for w in _line_words(match))
            ):
                continue  # "Arztbrief Seite 2 – 6020 Innsbruck", "Zimmer 4, 6020 Innsbruck", "Montag 12"
            if (
                match is not None
                and _PREPOSITION_START.match(match.group("line"))
                and any(w.lower() in _PREP_NAME_STOP for w in match.group("line").split())
            ):
                continue  # "Am Tag 3 / 6020 Innsbruck": a time, as for the streets of a preposition
            if match is not None and not taken.reaches(match.end("line"), match.start("line")):
                out.append(Span(match.start("line"), match.end("line"), ADD, "RegexAddress"))
        return out

    @staticmethod
    def streets_after_places(text: str, zips: list[Span], addresses: list[Span]) -> list[Span]:
        """A street and house number written after a postcode, its place and a comma, ending the
        line, its field or before a remark: "Wohnort: 4820 Zirbenau, Brombeerhag 12", whatever its
        street word; or on a form's next line ("Ort\t4820 Zirbenau" over "Straße\tBrombeerhag 12")."""
        out: list[Span] = []
        taken: _SpanIndex | None = None
        for code, place in pairwise(zips):
            if code.type != ZIP or place.type != ADD or place.start != code.end + 1:
                continue
            street = AddressFinder._street_phrase(text, place.end, _STREET_AFTER_PLACE, _LINE_OR_REMARK_END)
            if street is None:
                street = AddressFinder._street_phrase(text, place.end, _STREET_LINE_AFTER_PLACE, _LINE_END)
            if street is None:
                continue
            taken = taken or _SpanIndex(addresses)
            if not taken.reaches(street[1], street[0]):
                out.append(Span(street[0], street[1], ADD, "RegexAddress"))
        return out

    @staticmethod
    def zips_after_streets(text: str, addresses: list[Span]) -> list[Span]:
        """A postcode and place written right after a street address."""
        out: list[Span] = []
        for address in addresses:
            match = _ZIP_AFTER_STREET.match(text, address.end)
            if match is None:
                continue
            place_end = match.end("place")
            sentence = _SENTENCE_END.search(text, match.start("place"), place_end)
            if sentence is not None:
                place_end = sentence.end() - 1  # "6060 Hall in Tirol. Dosis ...": the place ends
            while place_end > match.start("place") and text[place_end - 1] in _PLACE_TRAILING:
                place_end -= 1
            out.append(Span(match.start("zip"), match.end("zip"), ZIP, "RegexZIP"))
            out.append(Span(match.start("place"), place_end, ADD, "RegexZIP"))
        return out

    def _place_after(self, text: str, pos: int) -> int | None:
        """End of the longest known place name starting at ``pos`` (up to five words)."""
        if not self._places or pos >= len(text) or not text[pos].isupper():
            return None
        m = _PLACE_WORDS.match(text, pos)
        if m is None:
            return None
        words = m.group().split(" ")[: self._max_place_words]
        first = fold(words[0])
        if first not in self._first_words and fold(_trim_place(words[0])) not in self._first_words:
            return None
        for n in range(len(words), 0, -1):
            candidate = " ".join(words[:n])
            for variant in (candidate, _trim_place(candidate)):
                if variant and fold(variant) in self._places:
                    return pos + len(variant)
        return None


class _SpanIndex:
    """Whether any of some spans starts before one position and ends after another, by bisection
    over the spans sorted by start and the running maximum of their ends: a note of thousands of
    addresses and postcodes is no quadratic scan."""

    __slots__ = ("_reach", "_starts")

    def __init__(self, spans: Iterable[Span]) -> None:
        ordered = sorted(spans, key=lambda span: span.start)
        self._starts = [span.start for span in ordered]
        self._reach = list(accumulate((span.end for span in ordered), max))

    def reaches(self, before: int, beyond: int) -> bool:
        """Some span starts before ``before`` and ends after ``beyond`` (with ``before``/``beyond``
        a span's end/start: the two overlap)."""
        index = bisect_left(self._starts, before)
        return index > 0 and self._reach[index - 1] > beyond


def _trim_place(candidate: str) -> str:
    """Strip punctuation that follows a place name ("Innsbruck," / "(Oder)." keeps "(Oder)")."""
    while candidate:
        last = candidate[-1]
        if last in _PLACE_TRAILING or (last == ")" and candidate.count("(") < candidate.count(")")):
            candidate = candidate[:-1]
        else:
            break
    return candidate
