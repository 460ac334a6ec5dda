"""The tenth PHI family, ``folio``: frames, institution phrasings, ID keywords and number shapes,
ward, address and mail shapes, place forms and toponym morphemes for invented villages and streets.

Written in session 15 by a helper from its own knowledge of German-language paperwork, without
reading deid's detection code, its dictionaries, the development letters or any other family's
material, from document kinds the earlier families did not start from. All names, places,
streets, numbers and addresses here are invented.

Never to be read by the developer: its failures are looked at only as counts per class
(``report --family folio``, ``make generalise-folio``).
"""

from __future__ import annotations

# fmt: off
# Address blocks under the letter head: a printed label, a key-value form, a one-line address with
# slashes or pipes, a CSV row, an XML and an HL7 fragment, c/o and Postfach, a hyphenated wrap.
ADDRESS_BLOCKS: tuple[str, ...] = (
    "PATIENTENANSCHRIFT\n{street}\n{zip_place}\n",
    "Wohnadresse (lt. Versichertenkarte): {street}, {zip_place}\n",
    "Adr.: {street} / {zip_place}\n",
    "Str./Nr.:\t{street}\nPLZ/Ort:\t{zip_place}\n",
    "Anschrift;{street};{zip_place};\n",
    "c/o Wohngemeinschaft\n{street}\n{zip_place}\n",
    "Meldeadr. | {street} | {zip_place}\n",
    "<adresse><strasse>{street}</strasse><plzort>{zip_place}</plzort></adresse>\n",
    "{street}\nPostfach\n{zip_place}\n",
    "PID|1||||||{street}^^{zip_place}^^\n",
    "derzeit wohnhaft in der betreu-\nten Wohngruppe, {street},\n{zip_place}\n",
    "Zustellung an:  {street}  ·  {zip_place}\n",
    "WOHNADRESSE\t{street}\t{zip_place}\n",
    "Hausbesuch Hebamme: {street}, {zip_place} (Klingel defekt)\n",
    "Angaben zur Wohnsituation – {street}; {zip_place}\n",
)

SENTENCES: dict[str, tuple[str, ...]] = {
    "address": (
        "Einsatzadresse: {street}, {zip_place} (Hauseingang hinten, kein Lift).",
        "Abholung an der Wohnadresse {street} in {zip_place}.",
        "Rechnungsanschrift abweichend: {street} | {zip_place}",
        "Rückkehr in die eigene Wohnung ({street}, {zip_place}) ist ge-\nplant, Spitex informiert.",
        "ADRESSE LT. E-CARD: {street} – {zip_place}",
        "Wohnhaft {street}, {zip_place}; Schlüssel beim Nachbarn hinterlegt.",
        "Neue Meldeadresse ab Entlassung:\n{street}\n{zip_place}",
        "Unfallort identisch mit Wohnadresse ({street}, {zip_place}).",
        "{Art} Versicherte ist unter {street}, {zip_place} gemeldet.",
        "Strasse/Hausnummer\t{street}\tPLZ Ort\t{zip_place}",
        "Die Terminerinnerung ging per Post an {street} / {zip_place}.",
        "Überleitung nach Hause: {street}, {zip_place}, Pflegebett vorhanden.",
        "Wochenbettbetreuung zu Hause: {street}, {zip_place}.",
        "Korrespondenz über die Beiständin, Postadresse {street}, {zip_place}.",
        "Betriebsadresse lt. Unfallmeldung: {street}, {zip_place}",
        "EINSATZ: {street} // {zip_place}",
    ),
    "place": (
        "Einsatzort: {place}, Wohnung im Obergeschoss.",
        "WOHNGEMEINDE {place}",
        "Zielort\t{place}",
        "Ort;{place};",
        "<wohnort>{place}</wohnort>",
        "Verunfallt auf einem Forstweg jenseits {place}.",
        "Der Hof der Familie liegt diesseits {place}, kurz vor der Grenze.",
        "Abholort: {place}, Parkplatz beim Dorfladen.",
        "Übergabeort: {place} (Rendezvous mit dem NEF).",
        "Treffpunkt: {place}, Ortseinfahrt Süd.",
        "Schulort: {place} (3. Klasse Primarschule)",
        "Arbeitsort: {place}; Tätigkeit als Zimmermann.",
        "Lebensmittelpunkt: {place}",
        "Wohnort bei Antragstellung: {place}",
        "Aktueller Aufenthaltsort: {place} (Ferien, Video-Kontakt)",
        "Politische Gemeinde: {place}",
        "Ortsgemeinde {place}",
        "Ort: {place}, PLZ folgt.",
        "NK1|1|Mutter|^^{place}|",
        "Einsatzstelle Ortsrand {place}, Feldweg.",
        "Alarmierung für {place}, Stichwort Sturz.",
        "Herkunft: {place} (Zuzug vor zwei Jahren)",
        "Auf der Fahrt gegen {place} Zustandsverschlechterung, Zwischenstopp.",
    ),
    "site": (
        "Transportziel: {site}",
        "Übergabe {in_site} an das Team der Notaufnahme.",
        "Zuweisende Stelle: {site}",
        "Kopie an:\t{site}",
        "{Von_site} kommend, Aufnahme über den Schockraum.",
        "Nach der Abklärung {in_site} kehrt {pron} ins Heim zurück.",
        "Die Blutproben gehen gekühlt {zu_site}.",
        "Die Weiterbetreuung {bei_site} läuft ambulant weiter.",
        "Terminbestätigung {von_site} liegt vor.",
        "Einrichtung;{site};",
        "<einrichtung>{site}</einrichtung>",
        "EMPFÄNGER: {site}",
        "MSH|^~\\&|KIS|{site}|",
        "Nachsorge wohnortnah {in_site} empfohlen, Anmel-\ndung durch uns erfolgt.",
        "Videosprechstunde mit {dat_site}, Verbindung stabil.",
        "Pflegeüberleitung an: {site}",
        "EINSENDER (Laborauftrag): {site}",
        "Medikationsplan erstellt durch: {site}",
        "Vorstellung {bei_site} am Vormittag, danach freiwillige Aufnahme.",
        "Ihr Termin {in_site} ist bestätigt, bitte 15 Minuten früher kommen.",
        "Durchgangsarztbericht {von_site} angefordert.",
    ),
    "ward": (
        "Lagerung im Schockraum {ward}.",
        "Überwachungsplatz {ward}, Monitoring kontinuierlich.",
        "ZNA-Box {ward}",
        "Verlegt auf die KJP-Gruppe {ward}.",
        "REHA-HAUS {ward}",
        "Nach dem Eingriff im Aufwachbereich {ward}, danach zurück aufs Zimmer.",
        "Neugeborenes im Säuglingszimmer {ward}, Rooming-in ab morgen.",
        "Wartet in der Holding-Area {ward} auf den Transport.",
        "Liegeplatz {ward} (Tagesklinik)",
        "Unterbringung im geschützten Block {ward}.",
        "Aufnahme im Obergeschoss {ward} (psychiatrische Akutstation).",
    ),
    "id": (
        "{kw}:\t{id}",
        "{kw};{id};",
        "<kennung typ=\"{kw}\">{id}</kennung>",
        "Bei Rückfragen stets {kw} {id} nennen.",
        "Ihre {kw} lautet {id}.",
        "ORC|NW|{kw}^{id}",
        "Etikett: {kw} {id} (bitte aufkleben)",
        "[{kw}] {id}",
        "ZUWEISUNG – {kw} {id} – DRINGEND",
        "Referenz ({kw}) {id}",
        "{kw} >> {id}",
        "Die Abrechnung läuft über die Kosten-\nträgerin, {kw} {id}.",
    ),
    "mail": (
        "E-Mail-Adresse (Angehörige): {mail}",
        "Mail;{mail};",
        "Erinnerung versandt ⇒ {mail}",
        "<email>{mail}</email>",
        "Kontakt Tochter / {mail}",
        "eMail\t{mail}",
        "KONTAKT-MAIL: {mail}",
        "Mailadresse der Beiständin: {mail}",
        "Absender der Portalnachricht: {mail}",
        "Portal-Konto: {mail} (Login bestätigt)",
        "Der Videolink geht an: {mail}",
        "Im Patientenportal registriert: {mail}",
        "Nachricht der Hebamme von {mail} erhalten, Rückruf erfolgt.",
    ),
}

# (dative article, nominative, dative form): a Liechtenstein hospital, Swiss home and walk-in
# care, rescue stations, a mothers' advice centre, a lab, practices named after their doctor.
SITES: tuple[tuple[str, str, str], ...] = (
    ("dem", "Landesspital {place}", "Landesspital {place}"),
    ("dem", "Alterszentrum {place}", "Alterszentrum {place}"),
    ("der", "Rettungswache {place}", "Rettungswache {place}"),
    ("dem", "Notarztstützpunkt {place}", "Notarztstützpunkt {place}"),
    ("der", "Permanence {place}", "Permanence {place}"),
    ("dem", "Sozialpsychiatrischer Dienst {place}", "Sozialpsychiatrischen Dienst {place}"),
    ("der", "Reha-Klinik {place}", "Reha-Klinik {place}"),
    ("dem", "NOTFALLZENTRUM {PLACE}", "NOTFALLZENTRUM {PLACE}"),
    ("der", "Mütterberatung {place}", "Mütterberatung {place}"),
    ("der", "Laborgemeinschaft {place}", "Laborgemeinschaft {place}"),
    ("der", "Pflegeresidenz {place}", "Pflegeresidenz {place}"),
    ("dem", "Krankenpflegeverein {place}", "Krankenpflegeverein {place}"),
    ("der", "Einzelpraxis Dr. {surname}", "Einzelpraxis Dr. {surname}"),
    ("der", "Kinderpraxis {surname}", "Kinderpraxis {surname}"),
    ("der", "Psychologische Praxis Mag. {surname}", "Psychologischen Praxis Mag. {surname}"),
    ("der", "Lehrpraxis Dr. med. {surname}", "Lehrpraxis Dr. med. {surname}"),
    ("der", "Arztpraxis {surname} AG", "Arztpraxis {surname} AG"),
    ("der", "Videopraxis Dr. {surname}", "Videopraxis Dr. {surname}"),
    ("dem", "Hausärztezentrum {place}", "Hausärztezentrum {place}"),
    ("der", "Unfallambulanz {place}", "Unfallambulanz {place}"),
)

WARD_CODES: tuple[str, ...] = ("A-N", "AN.#", "AAA N", "N/#", "AA-N#", "#N-A")

# Rescue-service dispatch, transfer sheets, video sessions, medication plans, Swiss disability
# insurance (an AHV number with blanks), DRV and PVA pension marks, a BG file mark, lab orders.
ID_KEYWORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Alarmierungs-Nr.", ("RS/Y/#####", "y.#######")),
    ("Leitstellen-ID", ("LS y ######",)),
    ("Überleitungsbogen-Nr.", ("UE-####-y",)),
    ("Sitzungs-ID", ("###-AAA-###",)),
    ("Medikationsplan-ID", ("MP-Y-#####",)),
    ("PVA-Zeichen", ("#######/##",)),
    ("Rentenzeichen", ("## ######-A-###", "##/######/A/###")),
    ("Ticket-Nr.", ("A-###-###", "#########A")),
    ("Spitex-Nr.", ("SPX ## ###",)),
    ("Heim-ID", ("BW-####", "BW ###/y")),
    ("UVG-Nr.", ("##-###-###-#", "#####/y-A")),
    ("Az.", ("K-#####-A",)),
    ("Lab-ID", ("y######-#", "L-y-######")),
    ("IV-Nr.", ("756 #### #### ##",)),
    ("EPD-ID", ("###.###.###.#",)),
    ("Mutterpass-Nr.", ("A ####### #",)),
    ("Termin-Nr.", ("AAA-####", "T y-#####")),
    ("Zugangscode", ("##########-AA", "A###-####-A")),
    ("Begleitschein", ("TS-Y-####", "E y/#####")),
    ("Kinder-ID", ("KI-####-y",)),
)

HOUSE_NUMBERS: tuple[str, ...] = ("N#B", "Nc", "N# Whg. N", "N# (EG)", "N# a", "N# Hinterhaus")
STREET_ABBREVIATIONS: tuple[tuple[str, str], ...] = (("strasse", "str"), ("hofstatt", "hofst."))
MAIL_LOCALS: tuple[str, ...] = (
    "{f}{nn}{last}", "{last}.{f}{nn}", "{first}_{nn}", "{last}-{nn}", "{first}.{last}-{nn}",
)
MAIL_DOMAINS: tuple[str, ...] = (
    "gmx.li", "posteo.at", "green.ch", "tutanota.de", "adon.li", "speed.li", "eblcom.ch", "ggaweb.ch",
    "datazug.ch", "rol.at", "bnet.at",
)
ASCII_MAIL: bool = True
ZIP_PREFIXES: tuple[tuple[str, str], ...] = (
    (r"94\d\d ", "LI-"), (r"\d{4} .+ AR$", "CH "), (r"[1-8]\d{3} ", "CHE-"), (r"6[7-9]\d\d ", "AUT-"),
    (r"\d{5} ", "DEU-"),
)

# Toponym morphemes: villages are head + stem + ending ("Tschal" + "gant" + "olz").
HEADS: tuple[str, ...] = (
    "Tschal", "Rungg", "Salf", "Wätter", "Fluder", "Mülb", "Gurn", "Bätt", "Lusch", "Nübel", "Hirsl",
    "Galm", "Tosch", "Gamp", "Zäch", "Flisch",
)
STEMS: tuple[str, ...] = (
    "ris", "gant", "schür", "mad", "gfäll", "lauen", "gatt", "tschon", "gruob", "rüfi", "gall", "rütsch",
    "gump", "nöll",
)
ENDINGS: tuple[str, ...] = ("iken", "elt", "olz", "ätsch", "eren", "ola", "igg", "ütt", "etsch", "urn", "ez")
FEMININE_STEMS: tuple[str, ...] = ("rüfi", "gruob", "gant", "lauen")
PREFIXES: tuple[str, ...] = ("Usser", "Hinder", "Mittler")
PLACE_FORMS: tuple[tuple[int, int, str], ...] = (
    (7, 3, "{prefix} {v}"), (11, 5, "{v} bei {w}"), (13, 8, "{v}-{w}"), (17, 1, "{v} AR"),
    (19, 12, "{v} ob {w}"),
)
FIVE_DIGIT_SHARE: float = 0.2
STREET_SUFFIXES: tuple[str, ...] = (
    "wägli", "zelg", "hofstatt", "stapfen", "platzl", "wegle", "kehr", "gässchen",
)
STREET_WORDS: tuple[str, ...] = ("Bezirksstrasse", "Feldstrasse", "Zufahrt", "Flurweg")
STREET_PREPOSITIONS: tuple[str, ...] = ("Uf em", "Im obere", "Bim alte", "Am obere")
STREET_PREPOSITIONS_FEMININE: tuple[str, ...] = ("Uf der", "Bi der", "Zur hinteren")
# fmt: on
