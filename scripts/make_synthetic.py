#!/usr/bin/env python3
"""Generate synthetic colloquial German/Austrian telehealth notes with exact gold PHI spans.

Why this exists: the real target corpus (telehealth notes such as "Frau Maier hat angerufen,
Gewicht +2 kg. LG Anna") cannot leave the hospital, so deid's rules are developed and measured
on look-alike notes. The generator is built so that a good score must be *earned*:

* Person names are invented by a syllable/morpheme generator and every candidate that appears
  in the project's own dictionaries (``first_names.txt``, ``surnames.txt``, ``common_words.txt``,
  ``eponyms.txt``; compared case- and umlaut-folded) is rejected, as is any word the templates
  use and, when wordfreq is installed, anything German text actually uses (Zipf >= 1). A name
  can therefore only be found through context rules (salutations, titles, sign-offs, full
  names, corpus-wide learning), never by a plain dictionary lookup that would make the
  measurement circular. ``--mix-common`` deliberately breaks this for showcase files.
* Notes contain traps that must stay unmasked: eponyms, nouns after a name, sentence-initial
  capitalised words, blood pressure and dose fractions, dates, "Kollegin", "Schwester", ...
* Several notes share a patient, so the same surname recurs with and without a salutation,
  and a stable team of nurses and doctors signs many notes.

Output, one JSON object per line::

    {"id": "syn-000001", "patient_id": "P0042", "text": "...", "gold": [[start, end, "PAT"], ...]}

Offsets are Python string indices. Person names are one span per name token ("Anna Gruber" ->
two spans, "Müller-Huber" -> two spans without the hyphen); titles and salutations are never
part of a span. ``--plain`` writes ``{"id", "text"}`` only, ``--no-gold`` keeps ``patient_id``.
The output is a pure function of ``--seed``, ``--notes``, the flags, the dictionary files and
the installed wordfreq data; pool sizes are written to stderr.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DICT_DIR = REPO_ROOT / "dictionaries"

LABELS: tuple[str, ...] = ("HCP", "PAT", "PER", "SIT", "WEB", "MAI", "ADD", "PHO", "ZIP")
PERSON_LABELS: frozenset[str] = frozenset({"HCP", "PAT", "PER"})

# A piece of note text with its gold label (None = not PHI). Notes are built from pieces so
# offsets are computed once, from the final concatenation, and can never drift.
Piece = tuple[str, str | None]

_FOLD = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "ẞ": "ss"})
_WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+")
_SLOT = re.compile(r"\{(\w+)\}")


def fold(word: str) -> str:
    """Lower-case and spell umlauts/ß out, so "Müller" and "Mueller" compare equal."""
    return word.lower().translate(_FOLD)


# --------------------------------------------------------------------------------------------
# Name morphology. Stems and endings imitate Austrian/Bavarian surnames (-er, -huber, -leitner
# ...) and old-fashioned Germanic first names, so invented names look plausible in context.
# --------------------------------------------------------------------------------------------

# Data tables below are laid out by hand (dense rows); keep the formatter off them.
# fmt: off
SURNAME_STEMS: tuple[str, ...] = (
    "Brunn", "Hof", "Stadl", "Egg", "Moos", "Wald", "Lind", "Reit", "Kapf", "Plank", "Gugg",
    "Zott", "Haid", "Thurn", "Zirb", "Bichl", "Grub", "Wies", "Stock", "Rain", "Schach", "Kogl",
    "Tann", "Aich", "Feicht", "Loid", "Point", "Kranz", "Rieg", "Stiegl", "Ginz", "Nuss", "Seeb",
    "Wolfs", "Hölzl", "Ranft", "Pramm", "Gschwandt", "Kalch", "Lahn", "Mühl", "Rott", "Scharn",
    "Tratt", "Wimm", "Zaun", "Fless", "Hasl", "Kien", "Laim", "Pless", "Sonn", "Strub", "Kreuz",
    "Gries", "Fink", "Mais", "Ried", "Lerch", "Bram", "Wend", "Staud", "Kast", "Lueg", "Prein",
    "Schnegg", "Trog", "Ulm", "Zach", "Gaiß", "Hutt", "Jaufn", "Köck", "Lott", "Mösl", "Oed",
    "Pfeff", "Rösch", "Schütt", "Tschol", "Wöll", "Ebn", "Flach", "Gmein", "Hoch", "Kerschb",
)
SURNAME_CLIPPED_STEMS: tuple[str, ...] = (
    "Lechn", "Pichl", "Trattn", "Aigl", "Kaltn", "Lackn", "Hintr", "Zechn", "Perchtl", "Schiestl",
    "Kröll", "Prantl", "Hödl", "Strobl", "Weidl", "Angl", "Gstettn", "Mitterl", "Pirchn", "Wurzl",
)
SURNAME_ENDINGS: tuple[str, ...] = (
    "er", "inger", "bauer", "huber", "leitner", "moser", "wieser", "egger", "thaler", "eder",
    "hofer", "mayr", "berger", "gruber", "lehner", "reiter", "stätter", "wallner", "auer",
    "bichler", "rieder", "steiner", "bacher", "hammer", "schwaiger", "pointner", "kogler",
    "staller", "gartner", "fellner", "kofler", "angerer", "mair", "rainer", "perger", "haider",
)
CLIPPED_ENDINGS: tuple[str, ...] = ("er", "inger", "mayr", "huber", "eder", "bacher", "auer")

FEMALE_HEADS: tuple[str, ...] = (
    "Adel", "Alm", "Bert", "Brun", "Ed", "Elm", "Fried", "Ger", "Gund", "Hed", "Hild", "Ing",
    "Irm", "Kun", "Lis", "Lud", "Mech", "Not", "Ort", "Ros", "Sieg", "Wal", "Wen", "Wilt",
    "Zen", "Ald", "Amal", "Ber", "Fre", "Gis", "Ha", "Il", "Ja", "Ka", "Le", "Mar", "Nel", "Ol",
    "Re", "Sa", "Ta", "Ve", "Wi", "Ro", "Ze", "Fe", "Ni", "Mi", "Lo", "Ul",
)
FEMALE_TAILS: tuple[str, ...] = (
    "a", "ina", "ine", "ela", "ella", "etta", "gard", "gund", "hild", "lind", "run", "traud",
    "burga", "wina", "mara", "rike", "lie", "sia", "na", "line", "rana", "dis", "nia", "lena",
    "frieda", "gunde", "muth", "wiga",
)
MALE_HEADS: tuple[str, ...] = (
    "Adal", "Alb", "Bald", "Bert", "Dag", "Eb", "Ed", "Ger", "Gott", "Hart", "Helm", "Hug", "Ir",
    "Kas", "Kon", "Leo", "Lut", "Mein", "Not", "Os", "Rein", "Rup", "Sieg", "Tas", "Ul", "Wal",
    "Wend", "Wig", "Wun", "Al", "Bo", "Da", "Fa", "Ja", "Lo", "Ma", "Ni", "Ra", "To", "Va", "Vi",
)
MALE_TAILS: tuple[str, ...] = (
    "o", "an", "ert", "old", "hard", "mar", "win", "fried", "bert", "mund", "rich", "wald",
    "helm", "brecht", "ulf", "ian", "in", "us", "el", "bald", "mut", "wig", "ger", "ram",
)
# Real but rare given names; they enter the pool only if the dictionaries do not list them.
RARE_FEMALE: tuple[str, ...] = (
    "Adelgund", "Hiltrud", "Notburga", "Eberhild", "Gottlind", "Ortrun", "Irmtraud", "Walburga",
    "Siglinde", "Edeltraud", "Bernhild", "Theodolinde", "Rupertine", "Kreszentia", "Aloisia",
    "Ehrentraud", "Friedlinde", "Amalberga", "Hermelinde", "Gunhild", "Mechtild", "Wiltrud",
)
RARE_MALE: tuple[str, ...] = (
    "Wunibald", "Reinmar", "Sigmar", "Ottokar", "Gundolf", "Ingomar", "Hildebrand", "Pankraz",
    "Gebhard", "Notker", "Adalbert", "Ruprecht", "Hartwig", "Wolfhart", "Eckehard", "Liutpold",
    "Odilo", "Balduin", "Irenäus", "Vinzenz", "Ansgar", "Gottlieb",
)
# Only used with --mix-common (the example file): everyday Austrian names that the dictionaries
# are expected to contain, so a showcase also exercises dictionary hits.
COMMON_FEMALE: tuple[str, ...] = (
    "Maria", "Anna", "Elisabeth", "Johanna", "Theresia", "Christine", "Monika", "Sabine",
    "Barbara", "Ingrid", "Helga", "Gertraud", "Renate", "Andrea", "Claudia",
)
COMMON_MALE: tuple[str, ...] = (
    "Johann", "Josef", "Franz", "Karl", "Alois", "Peter", "Anton", "Georg", "Andreas", "Thomas",
    "Michael", "Martin", "Herbert", "Stefan", "Walter",
)
COMMON_SURNAMES: tuple[str, ...] = (
    "Huber", "Gruber", "Bauer", "Wagner", "Pichler", "Moser", "Mayer", "Hofer", "Leitner",
    "Berger", "Fuchs", "Eder", "Fischer", "Schmid", "Winkler", "Weber", "Schwarz", "Maier",
    "Steiner", "Brunner",
)

# --------------------------------------------------------------------------------------------
# Places, sites, contact data (all PHI when they occur in a note).
# --------------------------------------------------------------------------------------------

# (name, dative article after "aus"/"vom", preposition for "in")
SITES: tuple[tuple[str, str, str], ...] = (
    ("LKH Innsbruck", "dem", "im"), ("Klinikum Wels", "dem", "im"),
    ("Reha Bad Häring", "der", "in der"), ("KH Schwaz", "dem", "im"),
    ("BKH Kufstein", "dem", "im"), ("Ordensklinikum Linz", "dem", "im"),
    ("Klinik Hietzing", "der", "in der"), ("AKH Wien", "dem", "im"),
    ("Krankenhaus Zams", "dem", "im"), ("Reha Münster", "der", "in der"),
    ("LKH Hall", "dem", "im"), ("BKH Lienz", "dem", "im"),
    ("Uniklinikum Salzburg", "dem", "im"), ("LKH Feldkirch", "dem", "im"),
    ("Klinikum Klagenfurt", "dem", "im"), ("Kepler Uniklinikum", "dem", "im"),
    ("Klinikum Rosenheim", "dem", "im"), ("KH St. Johann", "dem", "im"),
    ("Reha Bad Schallerbach", "der", "in der"), ("LKH Natters", "dem", "im"),
    ("Klinik Ottakring", "der", "in der"), ("Sanatorium Kettenbrücke", "dem", "im"),
)
# (town, ZIP codes that are plausible for it)
TOWNS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Innsbruck", ("6020",)), ("Wels", ("4600",)), ("Linz", ("4020", "4030", "4040")),
    ("Graz", ("8010", "8020")), ("Salzburg", ("5020",)), ("Schwaz", ("6130",)),
    ("Wörgl", ("6300",)), ("Kufstein", ("6330",)), ("Lienz", ("9900",)), ("Imst", ("6460",)),
    ("Landeck", ("6500",)), ("Telfs", ("6410",)), ("Hall in Tirol", ("6060",)),
    ("Steyr", ("4400",)), ("Bregenz", ("6900",)), ("Dornbirn", ("6850",)),
    ("Feldkirch", ("6800",)), ("Villach", ("9500",)), ("Klagenfurt", ("9020",)),
    ("Wien", ("1100", "1140", "1160", "1210", "1220")), ("Rum", ("6063",)), ("Zirl", ("6170",)),
    ("Rosenheim", ("83022",)), ("München", ("80331", "81369")), ("Traunstein", ("83278",)),
)
STREET_STEMS: tuple[str, ...] = (
    "Anich", "Linden", "Kirch", "Mühl", "Berg", "Schul", "Bahnhof", "Haupt", "Wald", "Feld",
    "Garten", "Rosen", "Birken", "Sonnen", "Dorf", "Kloster", "Pfarr", "Bach", "Amraser",
    "Höttinger", "Leopold", "Museum", "Maria-Theresien", "Kaiser-Josef", "Schützen", "Wiesen",
    "Egger-Lienz", "Speckbacher", "Kranebitter", "Rennweg",
)
# (suffix, abbreviated suffix or "", preposition for "wohnt ... in")
STREET_SUFFIXES: tuple[tuple[str, str, str], ...] = (
    ("straße", "str.", "in der"), ("gasse", "g.", "in der"), ("weg", "", "im"),
    ("platz", "pl.", "am"), ("allee", "", "in der"),
)
PRIVATE_MAIL_DOMAINS: tuple[str, ...] = (
    "gmx.at", "gmx.net", "aon.at", "chello.at", "a1.net", "gmail.com", "web.de", "t-online.de",
    "outlook.com", "tirol.com", "yahoo.de",
)
CLINIC_MAIL_DOMAINS: tuple[str, ...] = (
    "tirol-kliniken.at", "kepleruniklinikum.at", "ordensklinikum.at", "salk.at", "herzmobil.at",
)
WEBSITES: tuple[str, ...] = (
    "www.herzmobil.at", "https://www.herzmobil-tirol.at/kontakt", "www.tirol-kliniken.at",
    "herzverband.at", "https://www.gesundheit.gv.at", "www.herzinsuffizienz.at",
    "http://www.kardiologie-linz.at/termine", "www.salzarm-kochen.de",
)
MOBILE_PREFIXES: tuple[str, ...] = ("0664", "0676", "0650", "0660", "0699", "0681", "0688")
AREA_CODES: tuple[str, ...] = ("512", "5242", "732", "7242", "316", "662", "1", "5372")
DE_MOBILE: tuple[str, ...] = ("151", "160", "171", "176", "152")

# --------------------------------------------------------------------------------------------
# Templates. ``{slot}`` is filled by NoteContext; slots named pat_*/nurse_*/coll_*/doc_*/gp_*/
# rel_*/site/street/zip/town/phone/*_mail/web yield PHI, all others plain text.
# --------------------------------------------------------------------------------------------

FINDINGS: tuple[str, ...] = (
    "Gew. {weight} kg", "Gewicht {dw} kg", "RR {rr}", "HF {hf}", "Beine geschwollen",
    "Ödeme bds.", "keine Dyspnoe", "Dyspnoe bei Belastung", "fühlt sich gut", "schläft schlecht",
    "Schwindel", "Husten seit {n_small} Tagen", "Appetit gut", "Kreislauf stabil", "SpO2 {spo2}%",
    "leichte Knöchelödeme", "Orthopnoe", "kurzatmig", "geht besser", "keine Beschwerden", "müde",
    "Gewicht stabil", "Harnmenge ok", "Durchfall seit gestern", "Gew. {weight}kg",
    "RR {rr} HF {hf}", "Beine dicker", "braucht 2 Polster zum schlafen", "AZ reduziert",
)
FILLERS: tuple[str, ...] = (
    "{Finding}, {finding}.", "{Finding}.", "{Finding}, {finding}, {finding}.",
    "Gew. {weight} kg, RR {rr}, HF {hf}.", "Gewicht {dw} kg seit {date}.",
    "RR {rr}, HF {hf}, SpO2 {spo2}%.", "Beine {swelling}, Ödeme {oedema}.",
    "keine Dyspnoe, keine AP.", "Dyspnoe beim Stiegensteigen, {finding}.", "{Med_line}.",
    "Torasemid {toras} mg 1-0-0 weiter.", "Entresto {entresto} mg 1-0-1, verträgt es gut.",
    "Diuretika {diuretic_change}.", "Kontrolle in {n_small} Wochen.", "Rückruf {when}.",
    "lt. Pat. {finding}.", "bzgl. {topic} nochmal nachfragen.",
    "z.B. weniger trinken, ca. {liters} l/Tag.", "Koch-Salz reduzieren!", "St.p. {event}.",
    "Z.n. {event}, {finding}.", "Bekannter Morbus Crohn, aktuell ruhig.",
    "Parkinson bekannt, Tremor unverändert.", "V.a. Marfan-Syndrom, Abklärung läuft.",
    "Die Beine sind dicker als letzte Woche.", "Die Waage zeigt {weight} kg.", "Sehr müde heute.",
    "Sehr gute Werte!", "Bitte um Rückruf.", "Bitte Werte täglich eintragen.",
    "Pain Score {pain}/10.", "Herz ok, Lunge frei.", "Termin am {date} um {time}.",
    "Kollegin informiert.", "Schwester hilft beim Wiegen.", "Werte per App übermittelt.",
    "Pat. hat Werte {n_small} Tage nicht übertragen.", "Waage kaputt, neue wird geschickt.",
    "Nykturie {n_small}x.", "Schwindel beim Aufstehen, {finding}.",
    "NT-proBNP {bnp}, Krea {krea}, K {kalium}.", "Labor vom {date}: Krea {krea}, K {kalium}.",
    "Trinkmenge ca. {liters} l.", "hat heute {n_small}x angerufen.", "Pat. ist zufrieden.",
    "alles ok.", "passt so.", "Tabletten neu gerichtet.", "Dosis {entresto} mg bleibt.",
    "Rezept für {drug} angefordert.", "bei Zunahme > 2 kg in 3 Tagen melden.",
    "Schulung bzgl. Symptomen erfolgt.", "Pat. war spazieren, ca. {n_small} km.",
    "{Drug} pausiert wegen {reason}.", "Pat. nimmt {drug} {dose_time}.",
    "Blutabnahme am {date}.", "Befund ausständig.", "Pat. soll {advice}.",
    "Gewichtszunahme {dw_up} kg in {n_small} Tagen, {drug} erhöht.", "Heute keine Werte.",
    "Pat. nicht erreicht, {when} nochmal probieren.", "Diuretika lt. Plan.",
    "Kalium {kalium}, Kontrolle {when}.", "Pat. hat Fragen bzgl. {topic}.",
    "war heut beim HA, passt soweit.", "geht a bissl besser.", "Sohn hat angerufen, Pat. schläft.",
    "hat die Tabletten vergessen.", "Enkel richtet die App ein.", "Akku vom Tablet leer.",
    "Pat. auf Urlaub bis {date}.", "pat. meldet sich nicht.", "PAt. hat Werte nachgetragen.",
    "Stiegen gehen geht schlecht, {finding}.", "wieder daheim, {finding}.", "Spital bis {date}.",
    "Nachbarin hilft beim Einkaufen.", "Rückruf erfolgt, alles ok.",
)
PAT_INTRO: tuple[str, ...] = (
    "{anrede} {pat_sur} hat angerufen, {finding}.",
    "{anrede} {pat_sur} ruft an: {finding}, {finding}.",
    "Pat. {pat_sur} meldet sich telefonisch, {finding}.",
    "{anrede} {pat_first} {pat_sur} hat heute angerufen.",
    "{pat_first} {pat_sur} meldet sich, {finding}.",
    "Telefonat mit {anrede_dat} {pat_sur}: {finding}.",
    "am Nachmittag macht {anrede} {pat_sur} Spaziergang, {finding}.",
    "{anrede_dat} {pat_sur} Bescheid gegeben bzgl. {topic}.",
    "Rückruf bei {anrede_dat} {pat_sur}, nicht erreicht.",
    "lt. {anrede_dat} {pat_sur} {finding}.",
    "{anrede} {pat_sur} Termin vereinbart am {date}.",
    "Pat. {pat_first} {pat_sur}, {age} J., {finding}.",
    "Hausbesuch bei {anrede_dat} {pat_sur}, {finding}.",
    "{anrede} {pat_sur} fragt bzgl. {topic}.",
    "Gespräch mit {anrede_dat} {pat_first} {pat_sur}: {plan}.",
    "{anrede} {pat_sur} Gewicht {dw} kg, {finding}.",
    "{anrede} {pat_sur} {finding}.",
    "Anruf von {anrede_dat} {pat_sur}, {finding}.",
)
PAT_BARE: tuple[str, ...] = (
    "{pat_sur} berichtet über Schwindel.", "Rückruf bei {pat_sur}, {finding}.",
    "{pat_sur} meldet sich wieder, {finding}.", "mit {pat_sur} besprochen: {plan}.",
    "{pat_sur} hat Werte nicht übertragen.", "Termin {pat_sur} verschoben auf {date}.",
    "{pat_first} {pat_sur} ruft wieder an, {finding}.", "{pat_sur}: {finding}, {finding}.",
    "{pat_sur} heute stabil.", "Anruf {pat_sur} wegen {topic}.",
)
HCP_MENTION: tuple[str, ...] = (
    "Rücksprache mit Dr. {doc_sur}: {plan}.", "{doc_oa} Dr. {doc_sur} informiert.",
    "lt. Dr. {doc_sur} {drug} reduzieren.", "HA Dr. {gp_sur} wird kontaktiert.",
    "Befund an {gp_title} Dr. {gp_sur} gefaxt.", "DGKP {coll_first} {coll_sur} war auf Hausbesuch.",
    "laut {coll_kolleg} {coll_first} {finding}.", "{coll_schwester} {coll_first} war bei Pat.",
    "Übergabe an {coll_first}.", "{doc_oa} Dr. {doc_first} {doc_sur} ist einverstanden.",
    "Dr. {doc_sur} ruft Pat. zurück.", "Mail an Dr. {doc_sur} bzgl. {topic}.",
    "Rücksprache {doc_oa} {doc_sur}, {plan}.",
)
GREETINGS: tuple[str, ...] = (
    "Hallo {coll_first},", "{liebe_coll} {coll_first},", "Hi {coll_first}!", "Servus {coll_first},",
)
SIGNOFFS: tuple[str, ...] = (
    "LG {nurse_first}", "Liebe Grüße, {nurse_first}", "lg {nurse_first}", "Danke, LG {nurse_first}",
    "- {nurse_first}", "DGKP {nurse_first} {nurse_sur}", "Grüße {nurse_first}", "LG, {nurse_first}",
)
PER_MENTION: tuple[str, ...] = (
    "Gespräch mit {rel_dem} {rel_role} {rel_name}: {finding}.",
    "{rel_role} {rel_name} ruft an, {finding}.",
    "{rel_role} {rel_name} bringt Pat. zur Kontrolle.",
    "{rel_der} {rel_role} ({rel_first}) hilft beim Wiegen.",
    "{rel_role} {rel_name} ist informiert.",
    "Pat. wird von {rel_dem} {rel_role} {rel_name} betreut.",
    "lt. {rel_role} {rel_first} {finding}.",
)
SIT_MENTION: tuple[str, ...] = (
    "Aufnahme {site} wegen {dx}.", "Pat. war {n_small} Tage {site_prep} {site}.",
    "Entlassung aus {site_dem} {site} am {date}.", "Kontrolle Herzambulanz {site} am {date}.",
    "seit {date} stationär {site_prep} {site}.", "Termin {site_prep} {site} am {date} um {time}.",
    "Befund {site} liegt vor.",
)
ADD_MENTION: tuple[str, ...] = (
    "wohnt jetzt {street_prep} {street}, {zip} {town}.", "neue Adresse: {street}, {zip} {town}.",
    "Medikamente an {street}, {zip} {town} schicken.", "Adresse geändert: {street}.",
    "Hausbesuch {street_prep} {street}.", "Pat. übersiedelt nach {zip} {town}, {street}.",
)
PHO_MENTION: tuple[str, ...] = (
    "Tel. {phone}", "Rückruf unter {phone}.", "neue Handynr.: {phone}",
    "{rel_role} erreichbar unter {rel_phone}.", "Tel: {rel_phone} ({rel_role})",
    "bitte unter {phone} zurückrufen.", "Nummer geändert auf {phone}.",
    "Ambulanz Tel. {clinic_phone}",
)
MAI_MENTION: tuple[str, ...] = (
    "Mail an {pat_mail} geschickt.", "E-Mail: {pat_mail}", "Befund per Mail an {hcp_mail}.",
    "Kontakt {pat_mail}",
)
WEB_MENTION: tuple[str, ...] = (
    "Infos auf {web}.", "Anleitung unter {web}", "Link {web} geschickt.", "siehe {web}",
)

TEMPLATE_GROUPS: dict[str, tuple[str, ...]] = {
    "filler": FILLERS, "pat": PAT_INTRO, "pat_bare": PAT_BARE, "hcp": HCP_MENTION,
    "greeting": GREETINGS, "signoff": SIGNOFFS, "per": PER_MENTION, "sit": SIT_MENTION,
    "add": ADD_MENTION, "pho": PHO_MENTION, "mai": MAI_MENTION, "web": WEB_MENTION,
}
# Relative share of PHI events in notes that have PHI at all.
EVENT_WEIGHTS: dict[str, float] = {
    "pat": 0.40, "signoff": 0.20, "hcp": 0.11, "greeting": 0.03, "per": 0.09, "sit": 0.07,
    "add": 0.03, "pho": 0.04, "mai": 0.015, "web": 0.015,
}
PHI_FREE_SHARE = 0.33
# Names at least this frequent in German text (wordfreq Zipf scale, 1 = ten per billion words)
# are treated as known words/names and never generated.
WORDFREQ_MAX_ZIPF = 1.0

# Words that look like names to a naive tagger but are never PHI here; the tests check they
# occur in the corpus and never inside a gold span.
TRAPS: tuple[str, ...] = (
    "Parkinson", "Morbus Crohn", "Marfan-Syndrom", "Spaziergang", "Die", "Sehr", "Bitte",
    "RR", "Kollegin", "Schwester", "Pain", "Koch-Salz", "Herz",
)
# Words the slots emit around names (salutations, titles, roles); no name may equal one.
CONTEXT_WORDS: tuple[str, ...] = (
    "Frau", "Herr", "Herrn", "Liebe", "Lieber", "Kollege", "Pfleger", "Hausarzt", "Hausärztin",
    "OA", "OÄ", "DGKP", "Dr",
)
# Typos are never put into these: they carry the context the detector is meant to use.
_NO_TYPO: frozenset[str] = frozenset(
    {"Frau", "Herr", "Herrn", "Pat", "Kollegin", "Kollege", "Schwester", "Tochter", "Parkinson",
     "Morbus", "Crohn", "Marfan", "Syndrom", "Spaziergang", "Pain", "Herz", "Bitte", "Sehr"}
)

# Plain (non-PHI) slot values.
_DRUGS: tuple[str, ...] = (
    "Torasemid", "Furosemid", "Entresto", "Bisoprolol", "Ramipril", "Spironolacton",
    "Dapagliflozin", "Eplerenon", "Lasix", "Concor", "Forxiga", "Jardiance",
)
DRUG_DOSES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Torasemid", ("5 mg", "10 mg", "20 mg", "2,5mg")), ("Furosemid", ("20 mg", "40 mg", "40mg")),
    ("Entresto", ("24/26 mg", "49/51 mg", "97/103 mg")), ("Bisoprolol", ("1,25 mg", "2,5 mg", "5 mg")),
    ("Ramipril", ("2,5 mg", "5 mg")), ("Spironolacton", ("25 mg", "50 mg")),
    ("Dapagliflozin", ("10 mg",)), ("Eplerenon", ("25 mg",)), ("Concor", ("2,5 mg", "5mg")),
)
_SIMPLE_SLOTS: dict[str, tuple[str, ...]] = {
    "swelling": ("leicht geschwollen", "deutlich geschwollen", "unverändert", "abgeschwollen"),
    "oedema": ("+", "++", "bds.", "rückläufig", "keine"),
    "toras": ("5", "10", "20", "2,5"),
    "entresto": ("24/26", "49/51", "97/103"),
    "diuretic_change": ("angepasst", "erhöht", "reduziert", "lt. Plan", "pausiert"),
    "when": ("morgen", "übermorgen", "Mo", "nächste Woche", "am Fr", "in 2 Tagen", "heute Nachmittag"),
    "topic": ("Medikation", "Waage", "Diuretika", "Trinkmenge", "App", "Termin", "Rezept", "Blutdruck"),
    "event": ("Myokardinfarkt 2019", "PCI 2021", "Bypass-OP", "Schrittmacher", "ICD-Implantation",
              "Dekompensation 03/23", "TAVI", "Pneumonie"),
    "dx": ("Dekompensation", "Pneumonie", "VHF", "Synkope", "Hyponatriämie", "Sturz"),
    "plan": ("Torasemid erhöhen", "Kontrolle in 1 Woche", "Labor nächste Woche",
             "Diuretika pausieren", "weiter wie bisher", "Rückruf morgen"),
    "reason": ("Hypotonie", "Krea-Anstieg", "Schwindel", "Hyperkaliämie"),
    "dose_time": ("1-0-0", "1-0-1", "0-0-1", "½-0-0", "morgens", "abends"),
    "advice": ("täglich wiegen", "Salz reduzieren", "Beine hochlagern", "mehr bewegen",
               "Trinkmenge einhalten"),
    "drug": _DRUGS,
    "Drug": _DRUGS,
}
# fmt: on


def _digits(rng: random.Random, count: int) -> str:
    return "".join(str(rng.randrange(10)) for _ in range(count))


def _date(rng: random.Random) -> str:
    day, month = rng.randint(1, 28), rng.randint(1, 12)
    form = rng.randrange(4)
    if form == 0:
        return f"{day}.{month}."
    if form == 1:
        return f"{day:02d}.{month:02d}.{rng.randint(2021, 2025)}"
    if form == 2:
        return f"{day}.{month}.{rng.randint(21, 25)}"
    return f"{day:02d}.{month:02d}."


_NUMBER_SLOTS: dict[str, Callable[[random.Random], str]] = {
    "weight": lambda r: f"{r.randint(52, 118)},{r.randrange(10)}",
    "dw": lambda r: r.choice(("+", "-", "+", "+")) + r.choice(("1", "2", "1,5", "0,5", "3", "2,4")),
    "dw_up": lambda r: "+" + r.choice(("1", "2", "1,5", "2,5", "3", "2,4")),
    "rr": lambda r: f"{r.randint(95, 165)}/{r.randint(55, 95)}",
    "hf": lambda r: str(r.randint(48, 112)),
    "spo2": lambda r: str(r.randint(88, 99)),
    "n_small": lambda r: str(r.randint(2, 6)),
    "liters": lambda r: r.choice(("1", "1,5", "2", "1,2")),
    "pain": lambda r: str(r.randint(0, 7)),
    "bnp": lambda r: str(r.randint(300, 9000)),
    "krea": lambda r: r.choice(("0,8", "0,9", "1,1", "1,3", "1,6", "1,9", "2,4")),
    "kalium": lambda r: f"{r.randint(3, 5)},{r.randrange(10)}",
    "age": lambda r: str(r.randint(54, 94)),
    "time": lambda r: f"{r.randint(7, 17)}:{r.choice(('00', '15', '30', '45'))}",
    "date": _date,
}


# --------------------------------------------------------------------------------------------
# Dictionaries and name pools
# --------------------------------------------------------------------------------------------


def load_word_list(path: Path) -> set[str]:
    """Read a one-entry-per-line list into lower-cased *and* folded keys.

    Missing files count as empty: the dictionaries are built by another step and the generator
    must still run (and stay honest) before they exist. Lines may carry extra tab/comma fields
    or several words; every word is added too, erring on the side of rejecting a candidate.
    """
    keys: set[str] = set()
    if not path.is_file():
        return keys
    for raw in path.read_text(encoding="utf-8").splitlines():
        entry = re.split(r"[\t,;]", raw.strip(), maxsplit=1)[0].strip()
        if not entry or entry.startswith("#"):
            continue
        for word in [entry, *_WORD.findall(entry)]:
            keys.add(word.lower())
            keys.add(fold(word))
    return keys


def load_exclusions(dict_dir: Path) -> set[str]:
    """Every key a generated name must avoid: the three dictionaries plus our own vocabulary."""
    excluded: set[str] = set()
    # eponyms.txt too: a name like an eponym ("Parkinson") would blur the trap checks.
    for name in ("first_names.txt", "surnames.txt", "common_words.txt", "eponyms.txt"):
        excluded |= load_word_list(dict_dir / name)
    excluded |= {fold(word) for word in template_vocabulary()}
    excluded |= {word.lower() for word in template_vocabulary()}
    return excluded


def template_vocabulary() -> set[str]:
    """All words the templates and slot values use, so no name collides with filler text
    (which would blur the trap checks)."""
    texts: list[str] = [t for group in TEMPLATE_GROUPS.values() for t in group]
    texts += list(FINDINGS) + list(TRAPS)
    texts += [v for values in _SIMPLE_SLOTS.values() for v in values]
    texts += [site for site, _, _ in SITES] + [town for town, _ in TOWNS] + list(STREET_STEMS)
    texts += list(CONTEXT_WORDS) + [role for role, *_ in RELATIVE_ROLES]
    return {word for text in texts for word in _WORD.findall(text) if len(word) > 1}


def _is_plausible(name: str) -> bool:
    """Cheap phonotactics: no vowel hiatus at the joint, no 4-consonant clusters, no triples."""
    low = name.lower()
    if re.search(r"(.)\1\1", low) or re.search(r"[^aeiouäöüy]{4}", low):
        return False
    return not re.search(r"[aeiouäöü]{3}", low) and 3 <= len(name) <= 14


def _joint_ok(head: str, tail: str) -> bool:
    vowels = "aeiouäöü"
    if head[-1].lower() in vowels and tail[0] in vowels:
        return False
    return fold(head)[:3] not in fold(tail)


def _candidates(heads: Iterable[str], tails: Iterable[str]) -> set[str]:
    tails = tuple(tails)
    return {head + tail for head in heads for tail in tails if _joint_ok(head, tail)}


def wordfreq_filter(max_zipf: float = WORDFREQ_MAX_ZIPF) -> Callable[[str], bool] | None:
    """A second guard besides the project dictionaries, which may still be incomplete: reject
    anything German text actually uses ("Mager", "Edel", real rare names). None if wordfreq
    (a dev dependency) is not installed; its word lists ship inside the package."""
    try:
        from wordfreq import zipf_frequency
    except ImportError:
        return None
    return lambda name: zipf_frequency(name, "de") >= max_zipf


def _keep(
    names: Iterable[str], excluded: set[str], is_common: Callable[[str], bool] | None
) -> tuple[str, ...]:
    """Drop dictionary hits (raw and folded), common words and implausible forms; sort for
    determinism (set order is not stable across runs)."""
    kept = {
        name
        for name in names
        if _is_plausible(name)
        and name.lower() not in excluded
        and fold(name) not in excluded
        and not (is_common and is_common(name))
    }
    return tuple(sorted(kept))


@dataclass(frozen=True)
class NamePools:
    """Invented names that no dictionary lists, plus optional common names for showcases."""

    female: tuple[str, ...]
    male: tuple[str, ...]
    surnames: tuple[str, ...]
    common_share: float = 0.0

    def sizes(self) -> dict[str, int]:
        return {"female": len(self.female), "male": len(self.male), "surnames": len(self.surnames)}


def build_name_pools(excluded: set[str], common_share: float = 0.0, use_wordfreq: bool = True) -> NamePools:
    """Enumerate all morpheme combinations and keep those unknown to the dictionaries."""
    is_common = wordfreq_filter() if use_wordfreq else None
    surnames = _candidates(SURNAME_STEMS, SURNAME_ENDINGS) | _candidates(
        SURNAME_CLIPPED_STEMS, CLIPPED_ENDINGS
    )
    female = _candidates(FEMALE_HEADS, FEMALE_TAILS) | set(RARE_FEMALE)
    male = _candidates(MALE_HEADS, MALE_TAILS) | set(RARE_MALE)
    female_kept, male_kept = _keep(female, excluded, is_common), _keep(male, excluded, is_common)
    # A name must read as one gender only, otherwise "Frau X"/"Herr X" agreement breaks.
    ambiguous = set(female_kept) & set(male_kept)
    return NamePools(
        female=tuple(n for n in female_kept if n not in ambiguous),
        male=tuple(n for n in male_kept if n not in ambiguous),
        surnames=_keep(surnames, excluded, is_common),
        common_share=common_share,
    )


# --------------------------------------------------------------------------------------------
# People of the synthetic world
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Person:
    first: str
    last: str
    female: bool


@dataclass(frozen=True)
class Relative:
    person: Person
    role: str
    article_nom: str
    article_dat: str
    shares_surname: bool
    phone: str


@dataclass
class Patient:
    patient_id: str
    person: Person
    relatives: tuple[Relative, ...]
    gp: Person
    street: str
    street_prep: str
    zip_code: str
    town: str
    phone: str
    mail: str
    site: tuple[str, str, str]
    mentions: int = 0


@dataclass(frozen=True)
class Team:
    """The stable telehealth team: nurses sign notes, doctors are consulted."""

    nurses: tuple[Person, ...]
    doctors: tuple[Person, ...]


class NameSource:
    """Draws names from the pools; double names are built from two pool names."""

    def __init__(self, rng: random.Random, pools: NamePools) -> None:
        self.rng = rng
        self.pools = pools

    def first(self, female: bool, double_share: float = 0.08) -> str:
        if self.pools.common_share and self.rng.random() < self.pools.common_share:
            return self.rng.choice(COMMON_FEMALE if female else COMMON_MALE)
        pool = self.pools.female if female else self.pools.male
        name = self.rng.choice(pool)
        if self.rng.random() < double_share:
            name = f"{name}-{self.rng.choice(pool)}"
        return name

    def last(self, double_share: float = 0.07) -> str:
        if self.pools.common_share and self.rng.random() < self.pools.common_share:
            return self.rng.choice(COMMON_SURNAMES)
        name = self.rng.choice(self.pools.surnames)
        if self.rng.random() < double_share:
            name = f"{name}-{self.rng.choice(self.pools.surnames)}"
        return name

    def person(self, female: bool | None = None) -> Person:
        is_female = self.rng.random() < 0.55 if female is None else female
        return Person(self.first(is_female), self.last(), is_female)


# (role, female, nominative article, dative article, shares the patient's surname)
# fmt: off
RELATIVE_ROLES: tuple[tuple[str, bool, str, str, bool], ...] = (
    ("Tochter", True, "die", "der", False), ("Sohn", False, "der", "dem", True),
    ("Ehefrau", True, "die", "der", True), ("Ehemann", False, "der", "dem", True),
    ("Nachbarin", True, "die", "der", False), ("Enkelin", True, "die", "der", False),
    ("Schwester", True, "die", "der", False), ("Bruder", False, "der", "dem", True),
    ("Lebensgefährtin", True, "die", "der", False), ("Schwiegertochter", True, "die", "der", False),
)
# fmt: on


def make_phone(rng: random.Random) -> str:
    """Austrian and German numbers in the shapes people actually type."""
    mobile = rng.choice(MOBILE_PREFIXES)
    form = rng.randrange(9)
    if form == 0:
        return f"{mobile}/{_digits(rng, 7)}"
    if form == 1:
        return f"{mobile} {_digits(rng, 3)} {_digits(rng, 2)} {_digits(rng, 2)}"
    if form == 2:
        return f"+43 {mobile[1:]} {_digits(rng, 7)}"
    if form == 3:
        return f"+43 {rng.choice(AREA_CODES)} {_digits(rng, 3)}-{_digits(rng, 5)}"
    if form == 4:
        return f"+49 {rng.choice(DE_MOBILE)} {_digits(rng, 7)}"
    if form == 5:
        return f"0{rng.choice(AREA_CODES)}/{_digits(rng, 6)}"
    if form == 6:
        return f"{mobile}-{_digits(rng, 7)}"
    if form == 7:
        return f"0043 {mobile[1:]} {_digits(rng, 7)}"
    return f"{mobile} {_digits(rng, 7)}"


def _ascii(name: str) -> str:
    return re.sub(r"[^a-z0-9-]", "", fold(name))


def make_mail(rng: random.Random, person: Person, domains: Sequence[str]) -> str:
    first, last = _ascii(person.first), _ascii(person.last)
    local = rng.choice(
        (
            f"{first}.{last}",
            f"{first[0]}.{last}",
            f"{last}{rng.randint(40, 99)}",
            f"{first}{last}",
            f"{first}_{last}",
        )
    )
    return f"{local}@{rng.choice(domains)}"


def make_street(rng: random.Random) -> tuple[str, str]:
    """Street with house number ("Anichstraße 35", "Lindeng. 4/3") and its preposition."""
    stem = rng.choice(STREET_STEMS)
    suffix, short, prep = rng.choice(STREET_SUFFIXES)
    use_short = short and rng.random() < 0.25
    joined = stem + (short if use_short else suffix)
    if "-" in stem:
        joined = f"{stem}-{(short if use_short else suffix).capitalize()}"
    number = str(rng.randint(1, 140))
    if rng.random() < 0.15:
        number += rng.choice("abc")
    elif rng.random() < 0.15:
        number += f"/{rng.randint(1, 12)}"
    return f"{joined} {number}", prep


def make_patient(rng: random.Random, names: NameSource, patient_id: str, gps: Sequence[Person]) -> Patient:
    person = names.person()
    relatives = tuple(_make_relative(rng, names, person) for _ in range(rng.randint(1, 2)))
    street, prep = make_street(rng)
    town, zips = rng.choice(TOWNS)
    return Patient(
        patient_id=patient_id,
        person=person,
        relatives=relatives,
        gp=rng.choice(gps),
        street=street,
        street_prep=prep,
        zip_code=rng.choice(zips),
        town=town,
        phone=make_phone(rng),
        mail=make_mail(rng, person, PRIVATE_MAIL_DOMAINS),
        site=rng.choice(SITES),
    )


def _make_relative(rng: random.Random, names: NameSource, patient: Person) -> Relative:
    role, female, nom, dat, shares = rng.choice(RELATIVE_ROLES)
    last = patient.last if shares else names.last()
    return Relative(Person(names.first(female), last, female), role, nom, dat, shares, make_phone(rng))


def make_team(rng: random.Random, names: NameSource) -> Team:
    """Six nurses with distinct first names (they sign with it) and four doctors."""
    nurses: list[Person] = []
    while len(nurses) < 6:
        nurse = names.person(female=len(nurses) < 4)
        if all(nurse.first != other.first for other in nurses):
            nurses.append(nurse)
    doctors = tuple(names.person() for _ in range(4))
    return Team(tuple(nurses), doctors)


# --------------------------------------------------------------------------------------------
# Rendering
# --------------------------------------------------------------------------------------------


def name_pieces(name: str, label: str) -> list[Piece]:
    """One gold piece per name token; hyphens of double names stay outside the spans."""
    pieces: list[Piece] = []
    for index, token in enumerate(name.split("-")):
        if index:
            pieces.append(("-", None))
        pieces.append((token, label))
    return pieces


@dataclass
class NoteContext:
    """Everything one note may mention; slots resolve against it so a note stays coherent
    (the nurse who greets is not the one who signs, the relative keeps one name, ...)."""

    rng: random.Random
    patient: Patient
    team: Team
    author: Person = field(init=False)
    colleague: Person = field(init=False)
    doctor: Person = field(init=False)
    relative: Relative = field(init=False)
    patient_named: bool = False
    patient_mentions_here: int = 0
    used_findings: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.author = self.rng.choice(self.team.nurses)
        self.colleague = self.rng.choice([n for n in self.team.nurses if n != self.author])
        self.doctor = self.rng.choice(self.team.doctors)
        self.relative = self.rng.choice(self.patient.relatives)

    def render(self, template: str) -> list[Piece]:
        pieces: list[Piece] = []
        pos = 0
        for match in _SLOT.finditer(template):
            if match.start() > pos:
                pieces.append((template[pos : match.start()], None))
            value = self.slot(match.group(1))
            pieces.extend(value)
            pos = match.end()
            if value[-1][0].endswith(".") and template.startswith(".", pos):
                pos += 1  # "seit 23.11." ends the sentence too; no "23.11.."
        if pos < len(template):
            pieces.append((template[pos:], None))
        return pieces

    def slot(self, name: str) -> list[Piece]:
        if name in _NUMBER_SLOTS:
            return [(_NUMBER_SLOTS[name](self.rng), None)]
        if name in _SIMPLE_SLOTS:
            return [(self.rng.choice(_SIMPLE_SLOTS[name]), None)]
        method = getattr(self, f"_slot_{name}", None)
        if method is None:
            raise KeyError(f"unknown template slot {{{name}}}")
        return method()

    # plain slots -------------------------------------------------------------------------
    def _slot_finding(self) -> list[Piece]:
        """A finding not yet used in this note ("Beine dicker, Beine dicker" reads like a bug)."""
        template = self.rng.choice(FINDINGS)
        for _ in range(4):
            if template not in self.used_findings:
                break
            template = self.rng.choice(FINDINGS)
        self.used_findings.add(template)
        return self.render(template)

    def _slot_Finding(self) -> list[Piece]:
        return _capitalize(self._slot_finding())

    def _slot_Med_line(self) -> list[Piece]:
        drug, doses = self.rng.choice(DRUG_DOSES)
        dose = self.rng.choice(doses)
        return [(f"{drug} {dose} {self.rng.choice(_SIMPLE_SLOTS['dose_time'])}", None)]

    def _slot_anrede(self) -> list[Piece]:
        forms = ("Frau", "Frau", "Fr.") if self.patient.person.female else ("Herr", "Herr", "Hr.")
        return [(self.rng.choice(forms), None)]

    def _slot_anrede_dat(self) -> list[Piece]:
        forms = ("Frau", "Fr.") if self.patient.person.female else ("Herrn", "Hr.", "Hrn.")
        return [(self.rng.choice(forms), None)]

    def _slot_doc_oa(self) -> list[Piece]:
        return [("OÄ" if self.doctor.female and self.rng.random() < 0.6 else "OA", None)]

    def _slot_gp_title(self) -> list[Piece]:
        return [("Hausärztin" if self.patient.gp.female else "Hausarzt", None)]

    def _slot_coll_kolleg(self) -> list[Piece]:
        return [("Kollegin" if self.colleague.female else "Kollege", None)]

    def _slot_coll_schwester(self) -> list[Piece]:
        return [("Schwester" if self.colleague.female else "Pfleger", None)]

    def _slot_liebe_coll(self) -> list[Piece]:
        return [("Liebe" if self.colleague.female else "Lieber", None)]

    def _slot_rel_role(self) -> list[Piece]:
        return [(self.relative.role, None)]

    def _slot_rel_der(self) -> list[Piece]:
        return [(self.relative.article_nom.capitalize(), None)]

    def _slot_rel_dem(self) -> list[Piece]:
        return [(self.relative.article_dat, None)]

    def _slot_site_prep(self) -> list[Piece]:
        return [(self.patient.site[2], None)]

    def _slot_site_dem(self) -> list[Piece]:
        return [(self.patient.site[1], None)]

    def _slot_street_prep(self) -> list[Piece]:
        return [(self.patient.street_prep, None)]

    # PHI slots ---------------------------------------------------------------------------
    def _slot_pat_sur(self) -> list[Piece]:
        self.patient_named = True
        surname = self.patient.person.last
        if surname != fold(surname) and self.rng.random() < 0.08:
            # Umlauts typed as ae/oe/ue, as on keyboards without them.
            surname = surname.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")
        return name_pieces(surname, "PAT")

    def _slot_pat_first(self) -> list[Piece]:
        return name_pieces(self.patient.person.first, "PAT")

    def _slot_nurse_first(self) -> list[Piece]:
        return name_pieces(self.author.first, "HCP")

    def _slot_nurse_sur(self) -> list[Piece]:
        return name_pieces(self.author.last, "HCP")

    def _slot_coll_first(self) -> list[Piece]:
        return name_pieces(self.colleague.first, "HCP")

    def _slot_coll_sur(self) -> list[Piece]:
        return name_pieces(self.colleague.last, "HCP")

    def _slot_doc_sur(self) -> list[Piece]:
        return name_pieces(self.doctor.last, "HCP")

    def _slot_doc_first(self) -> list[Piece]:
        return name_pieces(self.doctor.first, "HCP")

    def _slot_gp_sur(self) -> list[Piece]:
        return name_pieces(self.patient.gp.last, "HCP")

    def _slot_rel_first(self) -> list[Piece]:
        return name_pieces(self.relative.person.first, "PER")

    def _slot_rel_name(self) -> list[Piece]:
        """Relatives sharing the patient's surname are called by first name only (as in real
        notes); others also as "Frau X" or with their full name."""
        rel = self.relative.person
        roll = self.rng.random()
        if self.relative.shares_surname or roll < 0.55:
            return self._slot_rel_first()
        if roll < 0.8:
            return [("Frau " if rel.female else "Herr ", None), *name_pieces(rel.last, "PER")]
        return [*self._slot_rel_first(), (" ", None), *name_pieces(rel.last, "PER")]

    def _slot_site(self) -> list[Piece]:
        return [(self.patient.site[0], "SIT")]

    def _slot_street(self) -> list[Piece]:
        return [(self.patient.street, "ADD")]

    def _slot_zip(self) -> list[Piece]:
        return [(self.patient.zip_code, "ZIP")]

    def _slot_town(self) -> list[Piece]:
        return [(self.patient.town, "ADD")]

    def _slot_phone(self) -> list[Piece]:
        return [(self.patient.phone, "PHO")]

    def _slot_rel_phone(self) -> list[Piece]:
        return [(self.relative.phone, "PHO")]

    def _slot_clinic_phone(self) -> list[Piece]:
        return [(f"+43 {self.rng.choice(AREA_CODES)} {_digits(self.rng, 3)}-{_digits(self.rng, 5)}", "PHO")]

    def _slot_pat_mail(self) -> list[Piece]:
        return [(self.patient.mail, "MAI")]

    def _slot_hcp_mail(self) -> list[Piece]:
        return [(make_mail(self.rng, self.doctor, CLINIC_MAIL_DOMAINS), "MAI")]

    def _slot_web(self) -> list[Piece]:
        return [(self.rng.choice(WEBSITES), "WEB")]


def _capitalize(pieces: list[Piece]) -> list[Piece]:
    if pieces and pieces[0][1] is None and pieces[0][0]:
        text = pieces[0][0]
        pieces = [(text[0].upper() + text[1:], None), *pieces[1:]]
    return pieces


# --------------------------------------------------------------------------------------------
# Note composition
# --------------------------------------------------------------------------------------------


def _typo(word: str, rng: random.Random) -> str:
    """Swap, drop or double one inner letter: the everyday typos of hurried notes."""
    i = rng.randint(1, len(word) - 2)
    kind = rng.randrange(3)
    if kind == 0:
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    if kind == 1:
        return word[:i] + word[i + 1 :]
    return word[:i] + word[i] + word[i:]


def add_typos(pieces: list[Piece], rng: random.Random, rate: float = 0.02) -> list[Piece]:
    """Put typos into plain text only, so gold spans keep their exact strings."""
    out: list[Piece] = []
    for text, label in pieces:
        if label is None:
            text = re.sub(
                r"[A-Za-zÄÖÜäöüß]{5,}",
                lambda m: (
                    _typo(m.group(0), rng)
                    if m.group(0) not in _NO_TYPO and rng.random() < rate
                    else m.group(0)
                ),
                text,
            )
        out.append((text, label))
    return out


def sentence_count(rng: random.Random) -> int:
    """Log-normal sentence count: mostly short notes (median ~20 tokens), a long tail of
    detailed reports (~300 tokens)."""
    if rng.random() < 0.06:
        return rng.randint(15, 55)
    return max(1, min(40, round(rng.lognormvariate(math.log(3.1), 0.8))))


def event_count(rng: random.Random, sentences: int) -> int:
    count = 1
    while rng.random() < 0.3:
        count += 1
    return count + sentences // 12


@dataclass
class Note:
    note_id: str
    patient_id: str
    text: str
    gold: list[tuple[int, int, str]]

    def record(self, mode: str) -> dict[str, object]:
        if mode == "plain":
            return {"id": self.note_id, "text": self.text}
        record: dict[str, object] = {"id": self.note_id, "patient_id": self.patient_id, "text": self.text}
        if mode == "gold":
            record["gold"] = [list(span) for span in self.gold]
        return record


def assemble(pieces: Iterable[Piece]) -> tuple[str, list[tuple[int, int, str]]]:
    """Concatenate pieces; gold offsets come from the running length, so they are exact."""
    parts: list[str] = []
    gold: list[tuple[int, int, str]] = []
    pos = 0
    for text, label in pieces:
        if label is not None:
            gold.append((pos, pos + len(text), label))
        parts.append(text)
        pos += len(text)
    return "".join(parts), gold


class Composer:
    """Builds notes for one synthetic world (patients, team, name pools)."""

    def __init__(self, rng: random.Random, pools: NamePools, n_notes: int) -> None:
        self.rng = rng
        names = NameSource(rng, pools)
        self.team = make_team(rng, names)
        gps = [names.person() for _ in range(max(3, n_notes // 40))]
        n_patients = max(3, n_notes // 6)
        self.patients = [make_patient(rng, names, f"P{i + 1:04d}", gps) for i in range(n_patients)]
        # Zipf-like popularity: a few patients call often, many only once or twice.
        self.weights = [1.0 / (rank + 1) ** 0.6 for rank in range(n_patients)]
        self.event_kinds = list(EVENT_WEIGHTS)
        self.event_weights = list(EVENT_WEIGHTS.values())

    def note(self, index: int) -> Note:
        patient = self.rng.choices(self.patients, self.weights)[0]
        ctx = NoteContext(self.rng, patient, self.team)
        # Without replacement: a note that repeats a sentence verbatim reads like a bug.
        body = [ctx.render(t) for t in self.rng.sample(FILLERS, min(len(FILLERS), sentence_count(self.rng)))]
        greeting: list[Piece] = []
        signoff: list[Piece] = []
        if self.rng.random() >= PHI_FREE_SHARE:
            for kind in self.rng.choices(
                self.event_kinds, self.event_weights, k=event_count(self.rng, len(body))
            ):
                if kind == "signoff":
                    signoff = ctx.render(self.rng.choice(SIGNOFFS))
                elif kind == "greeting":
                    greeting = ctx.render(self.rng.choice(GREETINGS))
                else:
                    self._insert(body, ctx, kind)
        if ctx.patient_named:
            patient.mentions += 1
        text, gold = assemble(add_typos(self._join(greeting, body, signoff), self.rng))
        return Note(f"syn-{index + 1:06d}", patient.patient_id, text, gold)

    def _insert(self, body: list[list[Piece]], ctx: NoteContext, kind: str) -> None:
        """Patient mentions usually open the note; other PHI lands anywhere."""
        if kind == "pat":
            if ctx.patient_mentions_here >= 2:
                return  # a third "Frau X ..." in one note is noise, not realism
            # The first mention of a known patient may drop the salutation; a second mention
            # in the same note always does ("Frau X hat angerufen ... Rückruf bei X").
            bare = ctx.patient_mentions_here > 0 or (ctx.patient.mentions > 0 and self.rng.random() < 0.45)
            sentence = ctx.render(self.rng.choice(PAT_BARE if bare else PAT_INTRO))
            ctx.patient_mentions_here += 1
            position = 0 if self.rng.random() < 0.65 else self.rng.randint(0, len(body))
        else:
            sentence = ctx.render(self.rng.choice(TEMPLATE_GROUPS[kind]))
            position = self.rng.randint(0, len(body))
        body.insert(position, sentence)

    def _join(self, greeting: list[Piece], body: list[list[Piece]], signoff: list[Piece]) -> list[Piece]:
        sep = "\n" if self.rng.random() < 0.3 else " "
        pieces: list[Piece] = []
        if greeting:
            pieces += [*greeting, (self.rng.choice(("\n", " ")), None)]
        for i, sentence in enumerate(body):
            if i:
                pieces.append((sep, None))
            pieces += sentence
        if signoff:
            pieces += [(self.rng.choice(("\n", " ", "\n\n")), None), *signoff]
        return pieces


def generate(n_notes: int, seed: int, pools: NamePools) -> list[Note]:
    """The whole corpus for one seed; a single RNG drives everything, so it is reproducible."""
    composer = Composer(random.Random(seed), pools, n_notes)
    return [composer.note(i) for i in range(n_notes)]


# --------------------------------------------------------------------------------------------
# CLI
# --------------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Generate synthetic German/Austrian telehealth notes with gold PHI spans.",
        epilog="Example: make_synthetic.py --notes 1000 --seed 7 -o build/synthetic.jsonl",
    )
    parser.add_argument("--notes", type=int, default=1000, help="number of notes (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("-o", "--output", default="-", help="output JSONL file ('-' = stdout)")
    parser.add_argument(
        "--dict-dir",
        type=Path,
        default=DEFAULT_DICT_DIR,
        help="dictionary folder whose names are kept out of the pools (default: <repo>/dictionaries)",
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--plain", action="store_true", help='write only {"id", "text"}')
    mode.add_argument("--no-gold", action="store_true", help='write {"id", "patient_id", "text"}')
    parser.add_argument(
        "--mix-common",
        type=float,
        default=0.0,
        metavar="SHARE",
        help="share of names drawn from common Austrian names (showcases only; breaks the "
        "not-in-dictionary guarantee)",
    )
    parser.add_argument(
        "--no-wordfreq",
        action="store_true",
        help="do not also reject names that wordfreq knows as German words (default: reject)",
    )
    return parser.parse_args(argv)


def summary(notes: Sequence[Note]) -> str:
    labels = Counter(label for note in notes for _, _, label in note.gold)
    spans = sum(labels.values())
    empty = sum(1 for note in notes if not note.gold)
    tokens = sorted(len(note.text.split()) for note in notes)
    mean_tokens = sum(tokens) / max(1, len(tokens))
    median = tokens[len(tokens) // 2] if tokens else 0
    return (
        f"notes={len(notes)} spans={spans} mean_phi={spans / max(1, len(notes)):.2f} "
        f"phi_free={empty / max(1, len(notes)):.2f} tokens(median={median} mean={mean_tokens:.1f} "
        f"max={tokens[-1] if tokens else 0}) labels={dict(sorted(labels.items()))}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.notes < 0:
        print("--notes must be >= 0", file=sys.stderr)
        return 2
    pools = build_name_pools(
        load_exclusions(args.dict_dir), common_share=args.mix_common, use_wordfreq=not args.no_wordfreq
    )
    sizes = pools.sizes()
    print(f"name pools: {sizes} (dictionaries: {args.dict_dir})", file=sys.stderr)
    if min(sizes.values()) == 0:
        print("a name pool is empty: the dictionaries cover every generated candidate", file=sys.stderr)
        return 1
    notes = generate(args.notes, args.seed, pools)
    mode = "plain" if args.plain else "no-gold" if args.no_gold else "gold"
    lines = "".join(json.dumps(n.record(mode), ensure_ascii=False) + "\n" for n in notes)
    if args.output == "-":
        sys.stdout.write(lines)
    else:
        out = Path(args.output)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(lines, encoding="utf-8")
    print(summary(notes), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
