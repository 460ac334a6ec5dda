"""The codex family's PHI frames and toponym morphemes: plain data, assembled by ``phi_templates``
and ``places``.

Written in session 14 by a helper from its own knowledge of German-language clinical paperwork
from Germany, Austria, Switzerland and South Tyrol, without reading deid's detection code, its
dictionaries, the development letters or any other family's material. Never to be read by the
developer: its failures are looked at only as counts per class (``report --family codex``,
``make generalise-codex``), never as text.

What it writes: document kinds a rule-writer would not have started from (pathology requisitions,
radiology and operation reports, anaesthesia protocols, neonatal and school-doctor notes,
autopsy and death-certificate text, insurer, pension and guardianship-court correspondence,
home-care and 24-hour-care notes, pharmacy and dental notes, vaccination entries, occupational
medicine, prison medicine, forwarded e-mails and messenger texts, faxes with OCR slips, dictation
transcripts with spoken punctuation, form columns and bilingual headings), with its own ID
keywords and number shapes, institution phrasings, ward schemes, address layouts and house
numbers, place frames, mail shapes, and villages and streets from its own morphemes.

Slots as in ``phi_templates``; ``{dob}`` is a birth date (gold-only).
"""

from __future__ import annotations

# fmt: off
# A line block under the letter header: the patient's address, each with a postcode and place.
ADDRESS_BLOCKS: tuple[str, ...] = (
    "Wohnsitz lt. e-card-Abfrage:\n{street}\n{zip_place}\n",
    "Pat.-Anschrlft:  {street} ,\n   {zip_place}\n",
    "Meldeadresse | {street} | {zip_place}\n",
    "Domizil / Domicilio\n{street}\n{zip_place}\n",
    "Domicile – Wohnadresse :\n{street}\n{zip_place}\n",
    "c/o {site}\n{street}\n{zip_place}\n",
    "Strasse, Nr.    {street}\nPLZ, Ort        {zip_place}\n",
    "geb. {dob}     whft. {street}, {zip_place}\n",
    "{kw} {id}\nZustellanschrift: {street} – {zip_place}\n",
    "Aufenthaltsort (derzeit): {street}, {zip_place}\nHauptwohnsitz: {zip_place}\n",
    "Adresse Doppelpunkt {street} Komma {zip_place} Punkt neuer Absatz\n",
    "Postanschrift\t{street}\n\t\t{zip_place}\n",
    "Wohnt bei den Eltern:\n{street}\n{zip_place}\n",
    "Einsatzadresse 24h-Betreuung\n{street}\n{zip_place}\n",
    "Indirizzo/Anschrift: {street}\n{zip_place}\n",
)

SENTENCES: dict[str, tuple[str, ...]] = {
    "address": (
        "Einsatzort Spitex: {street}, {zip_place}; Schlüsselsafe links neben der Haustür.",
        "Die Betreuerin der 24-Stunden-Agentur wohnt mit im Haushalt {street}, {zip_place}.",
        "{Art} Betroffene ist unter der Anschrift {street}, {zip_place} gemeldet, hält sich aber "
        "überwiegend bei der Tochter auf.",
        "Auffindeort: Wohnung {street}, {zip_place}, Schlafzimmer, Rückenlage.",
        "Sterbeort laut Totenbeschau: {street}, {zip_place}.",
        "Einsatzadresse lt. Leitstelle {street}, {zip_place} – Zufahrt über den Hof.",
        "Grippeimpfung im Rahmen des Hausbesuchs ({street}, {zip_place}).",
        "Zustellung der Medikamente durch den Botendienst an {street}, {zip_place}.",
        "bitte das Rezept an die neue Adresse schicken:\n{street}\n{zip_place}",
        "Betriebsstätte des Arbeitgebers: {street}, {zip_place}.",
        "Übersiedlung per Monatsende, neue Adresse {street}, {zip_place}; die Einsätze laufen dort weiter.",
        "Unfallstelle: Gehsteig vor dem Haus {street}, {zip_place}.",
        "wohnhaft Komma {street} Komma {zip_place} Punkt",
        "Domicilio / Wohnsitz: {street}, {zip_place} (Zufahrt nur über den Güterweg).",
    ),
    "place": (
        "Geburtsort/luogo di nascita: {place}",
        "Bürgerort: {place}",
        "Skiunfall auf der Talabfahrt {place}, Erstversorgung durch die Pistenrettung.",
        "Arbeitsunfall im Werk {place} (Presse, linke Hand).",
        "Schulärztliche Untersuchung an der Volksschule {place}, 3. Klasse.",
        "{Art} {Pat} wird aus der JVA {place} vorgeführt, Fesselung während der Untersuchung.",
        "Sekundärtransport mit dem Notarzthubschrauber, Abflug vom Landeplatz {place}.",
        "Rückholung per Ambulanzjet via {place}.",
        "Zufahrt: nach dem Ortsschild {place} die zweite Einfahrt rechts.",
        "Auffahrunfall auf der Autobahn vor dem Knoten {place}.",
        "Dienstort: {place} (Pendelzeit ca. 40 Minuten einfach).",
        "Zuständig ist die Wohnsitzgemeinde {place}, der Sozialdienst ist informiert.",
        "Besucht den Kindergarten {place} halbtags.",
        "Wochenaufenthalt: {place}, am Wochenende bei der Familie.",
        "Sturz am Klettersteig {place}, Bergung durch die Bergrettung.",
        "Urlaubsort: {place} (Zeckenstich dort wahrscheinlich).",
        "Im Sommer Arbeit auf der Alp ob {place}.",
        "Wohnsitzgemeinde/Comune di residenza: {place}",
        "Verkehrsunfall im Kreisverkehr {place}.",
        "bin bis Sonntag noch bei meiner Schwester z'{place}",
        "Beschäftigt bei den Bergbahnen {place} (Liftbetrieb, Schichtdienst).",
        "domicilié(e) à {place}",
        "Ortstafel {place} passiert, dann Richtung Kirche, Haus mit grünen Fensterläden.",
        "Wohnort der Eltern laut Mutterpass: {place}",
        "Untergebracht im Asylquartier {place}, Verständigung über Videodolmetsch.",
        "Grundwehrdienst, stationiert in der Kaserne {place}.",
        "Aufgegriffen am Grenzübergang {place}, Transport durch die Polizei.",
        "Sturz vom Gerüst auf der Baustelle {place}.",
        "{Pron} arbeitet an der Kasse in der Filiale {place}.",
        "Meldung nach IfSG an das Landratsamt {place} erfolgt.",
        "Zufahrt: an der Abzweigung {place} links bergauf, dann Schotterweg.",
    ),
    "site": (
        "Einsender: {site}",
        "Voraufnahmen {von_site} (CD liegt bei) zum Vergleich herangezogen.",
        "Prämedikation erfolgte extern {in_site}, Aufklärungsbogen liegt bei.",
        "Übernahme {von_site} zur geriatrischen Frührehabilitation.",
        "Kopie des Befundes an: {site}",
        "Sterbeort: {site}",
        "Dem Betreuungsgericht wurde der Bericht {von_site} vorgelegt.",
        "Pflegeüberleitung per Fax mit {dat_site} abgestimmt.",
        "Die Begutachtung stützt sich auf die Unterlagen {von_site}.",
        "Nächste Kontrolle {bei_site} in drei Monaten.",
        "Impfstelle: {site}",
        "Zuweisung {zu_site} zur Zweitmeinung.",
        "bin am Freitag eh {in_site} zur Blutabnahme, kann den Zettel dort abgeben",
        "Struttura inviante / zuweisende Einrichtung: {site}",
        "Überweisung {von_site} Komma Fragestellung Ausschluss Fraktur Punkt",
        "Material eingesandt {von_site}, Eingang im Labor gekühlt.",
        "Austrittsbericht {von_site} fehlt noch, telefonisch angefordert.",
        "Voroperation auswärts {in_site}, OP-Bericht nicht vorliegend.",
        "Medikation laut Vorbefund {von_site} unverändert weitergeführt.",
    ),
    "ward": (
        "Verlegung in die Wohngruppe {ward} der Gerontopsychiatrie.",
        "Isolierung in der Kohorte {ward} (Noroviren).",
        "{Art} {Pat} wartet in Koje {ward} auf die Befundbesprechung.",
        "Versorgt durch das Pflegeteam {ward}.",
        "Aufnahme im Gebäude {ward} der Forensik, Ausgangsstufe 0.",
        "Überwachung über Nacht im Modul {ward}.",
        "Bettplatz: Flügel {ward}",
        "Anfordernde OE: {ward}",
        "Reparto: {ward} (Chirurgia/Chirurgie)",
        "Leistungsstelle: {ward}",
        "ich lieg jetzt in der Zone {ward}, Besuch ist ab 14 Uhr",
    ),
    "id": (
        "{kw} ........ {id}",
        "| {kw} | {id} |",
        "{kw} :{id}",
        "{kw}\n{id}",
        "In jeder Zuschrift anführen – {kw}: {id}",
        "{kw} Doppelpunkt {id}",
        "hier noch meine Daten – {kw} {id}",
        "Betreff – {kw} {id}, Stellungnahme",
        "{kw} – {id} (bitte immer angeben)",
        "{kw}      {id}      Seite 1/2",
    ),
    "mail": (
        "Rückmeldung bitte über HIN-Mail: {mail}",
        "Von: {mail}\nGesendet: Sonntag, 21:14\nBetreff: Frage zu den Tabletten",
        "PEC: {mail}",
        "Ernail {mail}",
        "Kontakt Erwachsenenvertreterin: {mail}",
        "posta elettronica: {mail}",
        "E-Mail-Adresse Doppelpunkt {mail}",
        "Benutzername Befundportal: {mail}",
        "Weitergeleitete Nachricht – Absender: {mail}",
        "Cc: {mail} (Tochter, Vorsorgevollmacht)",
        "Die Angehörigen wünschen die Befunde per Mail, Mailadresse {mail}",
    ),
}

# (dative article, nominative, dative form). "{surname}" makes a practice.
SITES: tuple[tuple[str, str, str], ...] = (
    ("dem", "Spitalzentrum {place}", "Spitalzentrum {place}"),
    ("dem", "Klinikverbund {place}", "Klinikverbund {place}"),
    ("der", "Suchtklinik {place}", "Suchtklinik {place}"),
    ("der", "Lungenheilstätte {place}", "Lungenheilstätte {place}"),
    ("der", "Hochgebirgsklinik {place}", "Hochgebirgsklinik {place}"),
    ("der", "Kinderklinik {place}", "Kinderklinik {place}"),
    ("dem", "Altenwohnheim {place}", "Altenwohnheim {place}"),
    ("der", "Hauskrankenpflege {place}", "Hauskrankenpflege {place}"),
    ("dem", "Hospizhaus {place}", "Hospizhaus {place}"),
    ("dem", "Pathologisches Institut {place}", "Pathologischen Institut {place}"),
    ("dem", "Diagnosezentrum {place}", "Diagnosezentrum {place}"),
    ("dem", "Dialyseinstitut {place}", "Dialyseinstitut {place}"),
    ("der", "Rehaklinik {place}", "Rehaklinik {place}"),
    ("dem", "Diakonissenhaus {place}", "Diakonissenhaus {place}"),
    ("dem", "Traumazentrum {place}", "Traumazentrum {place}"),
    ("dem", "Schwerpunktkrankenhaus {place}", "Schwerpunktkrankenhaus {place}"),
    ("dem", "Stadtspital {place}", "Stadtspital {place}"),
    ("dem", "Geburtshaus {place}", "Geburtshaus {place}"),
    ("dem", "Arbeitsmedizinisches Zentrum {place}", "Arbeitsmedizinischen Zentrum {place}"),
    ("dem", "Heilpädagogisches Zentrum {place}", "Heilpädagogischen Zentrum {place}"),
    ("dem", "Psychiatrieverbund {place}", "Psychiatrieverbund {place}"),
    ("dem", "Impfzentrum {place}", "Impfzentrum {place}"),
    ("dem", "Wohnstift {place}", "Wohnstift {place}"),
    ("dem", "Bezirkspflegeheim {place}", "Bezirkspflegeheim {place}"),
    ("dem", "Landespflegezentrum {place}", "Landespflegezentrum {place}"),
    ("dem", "Krankenhaus/Ospedale {place}", "Krankenhaus/Ospedale {place}"),
    ("dem", "Centre hospitalier {place}", "Centre hospitalier {place}"),
    ("dem", "Pflegewohnhaus {place}", "Pflegewohnhaus {place}"),
    ("dem", "Sozialsprengel {place}", "Sozialsprengel {place}"),
    ("dem", "Gesundheitsamt {place}", "Gesundheitsamt {place}"),
    ("dem", "Perinatalzentrum {place}", "Perinatalzentrum {place}"),
    ("dem", "ALTERSZENTRUM {PLACE}", "ALTERSZENTRUM {PLACE}"),
    ("der", "Allgemeinpraxis {surname}", "Allgemeinpraxis {surname}"),
    ("der", "Privatordination Dr. {surname}", "Privatordination Dr. {surname}"),
    ("der", "Dentalpraxis Dr. med. dent. {surname}", "Dentalpraxis Dr. med. dent. {surname}"),
    ("der", "Kinderordination Dr. {surname}", "Kinderordination Dr. {surname}"),
    ("der", "Ärztegemeinschaft {surname} & Kollegen", "Ärztegemeinschaft {surname} & Kollegen"),
    ("der", "Gemeinschaftsordination {surname} & Partner", "Gemeinschaftsordination {surname} & Partner"),
    ("der", "Landpraxis {surname}", "Landpraxis {surname}"),
    ("dem", "Studio medico dott. {surname}", "Studio medico dott. {surname}"),
    ("dem", "Cabinet médical Dr {surname}", "Cabinet médical Dr {surname}"),
    ("der", "Psychotherapiepraxis Mag. {surname}", "Psychotherapiepraxis Mag. {surname}"),
    ("der", "Apotheke Dr. {surname}", "Apotheke Dr. {surname}"),
    ("der", "Hebammenpraxis {surname}", "Hebammenpraxis {surname}"),
    ("der", "Physiotherapiepraxis {surname}", "Physiotherapiepraxis {surname}"),
    ("der", "HAUSARZTPRAXIS {SURNAME}", "HAUSARZTPRAXIS {SURNAME}"),
)

# Shapes (see ``phi_templates``): "#" digit, "N" digit 1-9, "A" capital, "a" a-d, "Y"/"y" year.
WARD_CODES: tuple[str, ...] = ("N Süd", "BN.N", "A#-N", "N#B", "N.Ost", "E#-N", "KJP N")

ID_KEYWORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Blocknummer", ("By/#####-N",)),
    ("Codice fiscale", ("AAA AAA ##A## A###A",)),
    ("Tessera sanitaria", ("80380###############",)),
    ("Geschäftszeichen", ("XVII ###/y", "XVII N#/y")),
    ("Verfahrensnummer", ("KES-Y-####",)),
    ("Ihr Zeichen", ("AAA/y-###",)),
    ("Unsere Referenz", ("UR y ######",)),
    ("Gutachtennummer", ("G-y-######",)),
    ("Gefangenenbuchnummer", ("####/Y",)),
    ("Sektionsnummer", ("S ###/y",)),
    ("Personalnummer", ("P#######",)),
    ("Schadennummer", ("##.#####.###.#",)),
    ("ZMR-Zahl", ("0000########",)),
    ("Dossier-Nr.", ("D-######-y",)),
    ("Kundennummer", ("K#######",)),
    ("Totenschein-Nr.", ("T ###### y",)),
    ("Bescheidzahl", ("BZ-Y/######",)),
    ("Leichenpass-Nr.", ("LP ###/Y",)),
)

HOUSE_NUMBERS: tuple[str, ...] = (
    "N#/Stiege N/Tür N#", "N# int. N", "N#/bis", "N# Whg. N#", "N#, N. Stock", "N# Stg. N", "NN", "N0",
)
STREET_ABBREVIATIONS: tuple[tuple[str, str], ...] = (
    ("Gemeindestrasse", "Gem.-Str."), ("Heerstrasse", "Heerstr."),
)
MAIL_LOCALS: tuple[str, ...] = (
    "{first}.{last}19{nn}", "familie.{last}", "{last}{first}{nn}", "{f}{last}19{nn}", "{last}.{first}.{nn}",
)
MAIL_DOMAINS: tuple[str, ...] = (
    "yahoo.it", "tin.it", "tiscali.it", "brennercom.net", "hotmail.ch", "vodafone.de", "kabelmail.de",
    "ewetel.net", "mail.ch", "online.de", "posteo.net", "aol.de", "netplus.ch", "legalmail.it", "eunet.at",
)
ASCII_MAIL: bool = True
# (pattern on "<postcode> <place>", country code)
ZIP_PREFIXES: tuple[tuple[str, str], ...] = (
    (r"\d{4} ", "CH–"), (r"\d{5} ", "D "), (r"\d{4} ", "A "), (r"\d{5} ", "I "),
)

# Toponym morphemes: head + stem (+ ending for a village).
HEADS: tuple[str, ...] = (
    "Tschirm", "Valz", "Gramp", "Plorz", "Furk", "Quarn", "Wolm", "Brämp", "Tschurn", "Flins", "Muntz",
    "Ragl", "Lusn", "Schlan", "Gand", "Pfrunz", "Gurl", "Glatsch",
)
STEMS: tuple[str, ...] = (
    "orn", "unk", "ilt", "aps", "ösch", "mitz", "lef", "ran", "verd", "sarn", "tir", "wos", "gap", "alt",
    "erd", "ulf",
)
ENDINGS: tuple[str, ...] = (
    "ons", "eis", "atsch", "ott", "arn", "els", "üns", "ign", "ains", "urs", "etz", "ina",
)
FEMININE_STEMS: tuple[str, ...] = ("ösch", "erd")
PREFIXES: tuple[str, ...] = ("Inner", "Ausser", "Unter", "Heiligen")
# (period, offset, form): every period-th village (at the offset) in this form.
PLACE_FORMS: tuple[tuple[int, int, str], ...] = (
    (7, 3, "{prefix} {v}"), (11, 5, "{v} ob {w}"), (13, 8, "{v}-{w}"), (17, 2, "{v} am See"),
)
FIVE_DIGIT_SHARE: float = 0.35
STREET_SUFFIXES: tuple[str, ...] = (
    "stalden", "gstetten", "hohle", "wört", "schachen", "matte", "boden", "trift", "passage",
)
STREET_WORDS: tuple[str, ...] = ("Kirchweg", "Heerstrasse", "Gemeindestrasse", "Saumpfad", "Hohlweg")
STREET_PREPOSITIONS: tuple[str, ...] = ("Überm", "Ennet dem")
STREET_PREPOSITIONS_FEMININE: tuple[str, ...] = ("Ennet der", "Unterhalb der")
# fmt: on
