"""Material of the ledger family: its PHI frames and the morphemes and forms of its places and
streets.

Why an eighth family: since session 12 the reserve family's failures are looked at as counts per
class and per coarse shape class, as the vault family's are, so neither measures phrasings the
rules were never fitted to any more. This module was written in session 13 by a helper, from none
of the dev, test, holdout, fresh, sealed, vault or reserve phrasings and without looking at what
the detector knows, and is never read by the developer: it is measured on its own (``make
generalise-ledger``), as counts per class only.

Do not read this file, print its frames or generated ledger documents, or tune any rule on them:
once that happens it is no ledger family any more. Persons reuse the test family's pools and
person frames (``pools``, ``templates``); everything here is plain data, assembled into a
``PhiFamily`` in ``phi_templates`` and into place pools in ``places``. All text is invented.

Slots and shapes as in ``phi_templates`` (``{dob}`` a birth date, gold-only; ``{in_site}``,
``{Von_site}`` ... a preposition with the site's article; ``{PLACE}``/``{SURNAME}`` in capitals
in institution names). Place forms are ``(period, offset, form)``: every village whose index
``i`` has ``i % period == offset`` is written in ``form``, with ``{v}`` the village, ``{w}``
another village and ``{prefix}`` one of ``PREFIXES``.
"""

from __future__ import annotations

# fmt: off
# ----------------------------------------------------------------------------- PHI frames
# A block under the letter header: every one has a postcode line.
ADDRESS_BLOCKS: tuple[str, ...] = (
    "Wohnadresse\t{street}\n\t\t{zip_place}\n",
    "Pat.-Adr.: {street} – {zip_place}\n",
    "(HWS lt. ZMR: {street}, {zip_place})\n",
    "Adr.:\t\t{street}\nPLZ/Ort:\t{zip_place}\n",
    "* {dob}, wh. {street}, {zip_place}\n",
    "Geb.-Dat. {dob} | Domizil {street}, {zip_place}\n",
    "Strasse\t{street}\nOrt\t{zip_place}\n",
    "WOHNORT: {zip_place}, {street}\n",
    "Anschrift (Heimadresse)\n{street}\n{zip_place}\nGeburtsdatum {dob}\n",
    "{street} | {zip_place} | Tel. siehe Stammblatt\n",
    "Einsatzadresse = Wohnung: {street}, {zip_place}\n",
)

SENTENCES: dict[str, tuple[str, ...]] = {
    "address": (
        "Heimtransport an die Wohnadresse ({street}, {zip_place}) mit dem Krankentransport organisiert.",
        "Einsatzort: {street}, {zip_place} – {Pat} in der Wohnung liegend angetroffen.",
        "Wohnsitz gemäß Meldezettel {street}, {zip_place}.",
        "{Art} {Pat} ist umgezogen, neue Zustelladresse: {street}, {zip_place}.",
        "Spitex-Einsätze ab Montag an der Adresse {street}, {zip_place}.",
        "Hausbesuch durchgeführt\t{street}\t{zip_place}",
        "Postversand des Berichts bitte nur an: {street} – {zip_place}.",
    ),
    "place": (
        "{Pron} pendelt werktags zum Arbeitsort {place}.",
        "Sturz im Skigebiet {place}, Erstversorgung durch die Pistenrettung.",
        "Herkunftsort: {place}",
        "{Art} {Pat} ist in der Fraktion {place} ansässig.",
        "Bergung durch die Flugrettung oberhalb {place}.",
        "{place} – dort lebt {pron} mit dem Ehepartner im eigenen Haus.",
        "Wegzug geplant, künftiger Wohnort voraussichtlich {place}.",
        "Der Sohn bewirtschaftet einen Hof nächst {place}.",
        "Bis zur Pensionierung im Bauhof der Gemeindeverwaltung {place} beschäftigt.",
        "Treffpunkt mit dem NEF an der Talstation {place}.",
        "{Pron} arbeitet im Sägewerk {place}, Arbeitsunfall an der Kreissäge.",
        "Lebt allein auf einem Einzelhof ausserhalb {place}.",
        "Zuletzt wohnhaft: {place}",
        "Bewirtschaftet Bergwiesen unterhalb {place}, bisher ohne Einschränkung.",
        "{place}: Rückkehr in die eigene Wohnung mit Unterstützung der Nachbarn geplant.",
    ),
    "site": (
        "Übernahme {von_site} zur Weiterbehandlung.",
        "Zuweisende Stelle:\t{site}",
        "Weitere Betreuung {bei_site} vereinbart.",
        "Anschlussheilbehandlung {in_site} beantragt.",
        "Transport {zu_site}, Übergabe an das diensthabende Team.",
        "Telekonsil mit {dat_site}, Bildübertragung problemlos.",
        "Kopie an: {site}",
        "Vorbefunde {von_site} wurden telefonisch angefordert.",
        "Hausarzt / Zuweiser — {site}",
        "Laut Pflegeüberleitungsbogen {von_site} keine MRSA-Besiedelung bekannt.",
    ),
    "ward": (
        "Aufnahme in die Pflegegruppe {ward}.",
        "Organisationseinheit (OE): {ward}",
        "Rückübernahme ins Bettenhaus, Sektor {ward}, nach der Intervention.",
        "Verlegung IMC → Normalpflege {ward}",
        "{Art} {Pat} liegt auf Etage {ward}, Zimmer 4.",
        "Kostenstelle {ward} (Belegung)",
        "Kurzzeitpflege im Wohnbereich {ward} bis auf Weiteres.",
    ),
    "id": (
        "{kw} .......... {id}",
        "[{kw}: {id}]",
        "Bei Rückfragen bitte {kw} {id} nennen.",
        "{kw} | {id} | Seite 1 von 2",
        "Abrechnung läuft unter {kw} {id}.",
        "{kw} – {id} (bei Korrespondenz anführen)",
    ),
    "mail": (
        "Telemedizin-Kontakt hinterlegt als {mail}",
        "Patientenportal-Login: {mail}",
        "Beistandschaft nach KESB-Entscheid, Kontakt Beistand: {mail}",
        "Angehörige (Tochter) erreichbar über E-Mail-Adr. {mail}",
        "Befunde gehen auf Wunsch an die private Mailbox {mail}",
    ),
}

# (dative article, nominative, dative form); a doctor's name makes it a practice.
SITES: tuple[tuple[str, str, str], ...] = (
    ("dem", "Gesundheitssprengel {place}", "Gesundheitssprengel {place}"),
    ("der", "Höhenklinik {place}", "Höhenklinik {place}"),
    ("dem", "Alters- und Pflegeheim {place}", "Alters- und Pflegeheim {place}"),
    ("dem", "SPITALZENTRUM {PLACE}", "SPITALZENTRUM {PLACE}"),
    ("dem", "Ärztezentrum {place}", "Ärztezentrum {place}"),
    ("dem", "Kurhaus {place}", "Kurhaus {place}"),
    ("dem", "Regionalkrankenhaus {place}", "Regionalkrankenhaus {place}"),
    ("dem", "Bezirksaltenheim {place}", "Bezirksaltenheim {place}"),
    ("dem", "Belegspital {place}", "Belegspital {place}"),
    ("der", "Primärversorgungseinheit {place}", "Primärversorgungseinheit {place}"),
    ("der", "Kassenordination Dr. {surname}", "Kassenordination Dr. {surname}"),
    ("der", "KINDERARZTPRAXIS DR. {SURNAME}", "KINDERARZTPRAXIS DR. {SURNAME}"),
    ("der", "Wahlarztpraxis Dr. {surname}", "Wahlarztpraxis Dr. {surname}"),
    ("der", "Ordinationsgemeinschaft Dr. {surname}", "Ordinationsgemeinschaft Dr. {surname}"),
    ("der", "Schwerpunktpraxis Dr. med. {surname}", "Schwerpunktpraxis Dr. med. {surname}"),
    ("der", "Sprengelpraxis Dr. {surname}", "Sprengelpraxis Dr. {surname}"),
)

WARD_CODES: tuple[str, ...] = ("ChN", "UCH-N#", "N.OG-A", "IntN", "KN/N", "Ger-N")

# (keyword, number shapes)
ID_KEYWORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("KIS-Nr.", ("N#.###.###",)),
    ("Steuer-Nr.", ("AAAAAA##A##A###A",)),
    ("Episode", ("EP-Y-######",)),
    ("Unser Zeichen", ("AAA/yy/###",)),
    ("Kostengutsprache-Nr.", ("KG-Y-N####",)),
    ("Aktenzahl", ("N#.###/Y",)),
    ("Probe-ID", ("E yy/#####", "yyN#######")),
    ("Ereignis-Nr.", ("YN#####", "RD-yy-#####")),
    ("Pflegegeldakt", ("PG-N#####/y",)),
)

HOUSE_NUMBERS: tuple[str, ...] = ("N#/a", "N/Stg. N", "N# Top N#", "N/B")
STREET_ABBREVIATIONS: tuple[tuple[str, str], ...] = (("Landstrasse", "Landstr."),)

MAIL_LOCALS: tuple[str, ...] = ("{last}_{first}", "{last}-{f}", "{nn}{last}")
MAIL_DOMAINS: tuple[str, ...] = (
    "rolmail.net", "libero.it", "dnet.it", "virgilio.it", "alice.it", "nextra.at", "swissonline.ch",
    "outlook.at", "salzburg.com", "netway.at",
)
ASCII_MAIL = True

# (pattern on "<postcode> <place>", country code)
ZIP_PREFIXES: tuple[tuple[str, str], ...] = ((r"\d{5} ", "I-"), (r"9[4-9]\d\d ", "FL-"))

# ----------------------------------------------------------------------------- places and streets
HEADS: tuple[str, ...] = (
    "Tschirl", "Pfunz", "Glarn", "Zwisl", "Trüf", "Wiggl", "Rafl", "Prell", "Mutsch", "Gruf",
    "Schwell", "Nafs", "Plun", "Kratz", "Hädl", "Lomp",
)
STEMS: tuple[str, ...] = (
    "ritz", "amm", "ell", "urt", "asch", "ins", "orf", "ugg", "als", "enn", "iff", "ogl", "ums", "ett",
)
ENDINGS: tuple[str, ...] = ("ona", "atz", "ol", "entz", "ür", "aun", "el", "ans", "ols", "erl")
PREFIXES: tuple[str, ...] = ("Gross", "Nieder", "Ober", "Vorder")
PLACE_FORMS: tuple[tuple[int, int, str], ...] = (
    (9, 4, "{prefix} {v}"),
    (13, 6, "{v}-{w}"),
    (17, 2, "{v} bei {w}"),
)
FIVE_DIGIT_SHARE = 0.35
STREET_SUFFIXES: tuple[str, ...] = ("stutz", "halde", "stiegl", "leite", "tratte", "schneise")
STREET_WORDS: tuple[str, ...] = ("Landstrasse", "Höhenweg", "Kreuzgasse", "Hohlgasse", "Dorfplatzl")
STREET_PREPOSITIONS: tuple[str, ...] = ("Neben dem", "Über dem", "Bim")
STREET_PREPOSITIONS_FEMININE: tuple[str, ...] = ("Über der",)
FEMININE_STEMS: tuple[str, ...] = ("asch", "ell", "enn")
# fmt: on
