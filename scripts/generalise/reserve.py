"""Material of the reserve family: its PHI frames and the morphemes and forms of its places and
streets.

Why a seventh family: the sealed family's failures had been opened for shape analysis in session
11, and the vault family was being read as coarse shape classes in session 12, so neither measures
text deid was never tuned on any more. This module was written in session 12 by a helper, from
none of the dev, test, holdout, fresh, sealed or vault phrasings and without looking at what the
detector knows, and is never read by the developer: it is measured on its own (``make
generalise-reserve``), as counts per class only.

Do not read this file, print its frames or generated reserve documents, or tune any rule on them:
once that happens it is no reserve family any more. Persons reuse the test family's pools and
person frames (``pools``, ``templates``); everything here is plain data, assembled into a
``PhiFamily`` in ``phi_templates`` and into place pools in ``places``. All text is invented.

Slots and shapes as in ``phi_templates``, ``holdout``, ``fresh`` and ``sealed`` (``{dob}``, and
``{PLACE}``/``{SURNAME}`` in institution names). Place forms as in ``fresh``.
"""

from __future__ import annotations

# fmt: off
ADDRESS_BLOCKS: tuple[str, ...] = (
    "Pflegeüberleitung an:\n{site}\n{street}\n{zip_place}\n",
    "Meldeanschrift lt. ZMR: {street}, {zip_place}\n",
    "Notfallkontakt (Lebenspartner/in): {street}, {zip_place}\n",
    "Einsatzstelle\nStraße: {street}\nOrt: {zip_place}\n",
    "{zip_place}, {street} (Erdgeschoss, Klingel defekt)\n",
    "Abholadresse Krankenfahrt: {street} – {zip_place}\n",
    "{site}\nz. Hd. Stationsleitung\n{street}\n{zip_place}\n",
    "Austrittsbericht an:\n{site}, {street}, {zip_place}\n",
    "Pat.-Stammdaten: * {dob}, {street}, {zip_place}\n",
    "Rücksendung an: {site} | {street} | {zip_place}\n",
    "Aufenthaltsort während der Behandlung:\n{street}\n{zip_place}\n",
    "Wohnsitz\t{zip_place}\nStraße\t{street}\n",
    "Kostenträger informiert; Versichertenanschrift {street}, {zip_place}\n",
)
SENTENCES: dict[str, tuple[str, ...]] = {
    "address": (
        "Pflegeüberleitung in die eigene Wohnung, {street}, {zip_place}.",
        "Entlassadresse abweichend von der Meldeadresse: {street}, {zip_place}.",
        "Essen auf Rädern ab Montag, Lieferadresse {street}, {zip_place}.",
        "RTW alarmiert zu {street}, {zip_place}, Stichwort Synkope.",
        "{Art} {Pat} wurde von Passanten vor dem Anwesen {street}, {zip_place} aufgefunden.",
        "Postalisch über den Betreuer erreichbar: {street}, {zip_place}.",
        "Wohnungsöffnung durch die Feuerwehr, {street}, {zip_place}.",
        "Abholung zur Dialyse dreimal wöchentlich an der Haustür, {street}, {zip_place}.",
        "Aufnahme in die betreute Wohngemeinschaft ({street}, {zip_place}) ist geplant.",
        "Der Notruf ging von {street}, {zip_place} ein, Anruferin war die Nachbarin.",
        "Zustellanschrift für Bescheide der Pflegekasse: {street} in {zip_place}.",
        "Geb. {dob}, gemeldet {street}, {zip_place}.",
        "Austritt nach Hause ({street}, {zip_place}) mit Unterstützung der Spitex.",
        "Die Hausbesuche des Palliativteams finden in {street}, {zip_place} statt.",
    ),
    "place": (
        "Heimatort: {place}",
        "Staatsangehörigkeit CH, Bürgerort {place}.",
        "Verkehrsunfall auf der Umfahrung {place}, {pron} war angegurtet.",
        "Auffahrunfall in der Ortsdurchfahrt {place}.",
        "Der Notarzthubschrauber landete am Sportplatz {place}.",
        "Polizeiliche Zuführung, {pron} wurde am Bahnhof {place} aufgegriffen.",
        "Bergunfall beim Abstieg, Talort {place}.",
        "Dienstort {place}, Schichtarbeit im Lager.",
        "Nächste Angehörige (Nichte) wohnhaft {place}, telefonisch erreichbar.",
        "Betreuungsverfahren beim Amtsgericht {place} anhängig.",
        "Gefährdungsmeldung an die BH {place} ergangen.",
        "Rückkehr vom Skiurlaub (Skigebiet {place}) vor zwei Tagen.",
        "Transportweg: {place} – {place}",
        "Seit 1998 im Weiler {place} auf einem Einödhof.",
        "{place} ist der Wohnsitz der einzigen Tochter.",
        "Geboren und aufgewachsen in der Samtgemeinde {place}.",
        "Die Familie führt eine Gastwirtschaft, Ortsmitte {place}.",
        "Feriendomizil: {place}",
        "Zielgemeinde des geplanten Umzugs: {place}",
        "Fahrstrecke täglich {place}–{place} mit dem Auto, ca. 40 km.",
        "Im Bereich der Polizeiinspektion {place} hilflos aufgefunden.",
        "Beschwerden seit dem Thermenbesuch, Badeort {place}.",
        "Unfall an der Kreuzung, Ortseinfahrt {place}, von einem Pkw erfasst.",
    ),
    "site": (
        "Notfallmäßige Vorstellung {in_site} am Vorabend.",
        "Die Biopsie wurde {in_site} entnommen, Histologie ausständig.",
        "Eingangsbefund {von_site} beiliegend.",
        "{Von_site} kommend, Übergabe durch die RTW-Besatzung.",
        "Ärztlicher Entlassungsbericht an: {site}",
        "Mitbehandlung durch {dat_site} (Konsil Onkologie).",
        "Stationärer Aufenthalt {in_site} von Juni bis August 2021.",
        "Antrag auf Heimaufnahme {in_site} gestellt.",
        "Dialyse-Versorgung: {site}",
        "Die Dialyse erfolgt weiterhin dreimal wöchentlich {bei_site}.",
        "Überweisung {zu_site} zur weiteren Abklärung.",
        "Wiedervorstellung {in_site} in sechs Wochen.",
        "Hausärztliche Betreuung: {site}",
        "Rückübernahme durch {dat_site} zugesagt.",
        "Austritt nach Hause, Nachkontrolle {bei_site} in zehn Tagen.",
        "Krankentransport {zu_site} für 8 Uhr bestellt.",
        "Zuverlegung {von_site} nach Reanimation.",
    ),
    "ward": (
        "Aufnahme auf die HNO {ward} über die Notaufnahme.",
        "Zuverlegung in die Sonderklasse {ward} auf Wunsch der Familie.",
        "Derzeit im Bettenhaus {ward}, Zimmer mit Balkon.",
        "Rückverlegung in die Psychiatrie {ward}, offener Bereich.",
        "Übernahme auf die Nephrologie {ward} zur Dialyseeinleitung.",
        "Liegt auf Ebene {ward}, Bett am Fenster.",
        "Die Pädiatrie {ward} meldet ein freies Bett.",
        "Pflegeübergabe Gynäkologie {ward}, Frühdienst.",
        "Remobilisation {ward} ab Montag zugesagt.",
        "Ambulanzbesuch, danach zurück auf die Dermatologie {ward}.",
    ),
    "id": (
        "Eingangsvermerk: {kw} {id}",
        "{kw} {id}, Blatt 1/2",
        "Gutachten erstellt zu {kw} {id}.",
        "Abrechnung über {kw} {id}, Kostenträger informiert.",
        "Im KIS hinterlegt unter {kw}: {id}",
        "Bitte Etikett mit {kw} {id} auf die Anforderung kleben.",
        "Zweitschrift | {kw} {id}",
        "{kw} = {id}",
        "Nachforderung der Pathologie zu {kw} {id}.",
        "Antwort erbeten unter Angabe von {kw} {id}.",
        "Kassenbewilligung liegt vor ({kw} {id}).",
    ),
    "mail": (
        "Ansprechpartnerin im Sozialdienst: {mail}",
        "Befunde ausschließlich elektronisch → {mail}",
        "Rückfragen gern schriftlich: {mail}",
        "Mail-Adresse Schwiegertochter {mail}",
        "Gesetzlicher Betreuer, elektronisch: {mail}",
        "E-Mail-Adresse für das Patientenportal: {mail}",
        "Befundzustellung per E-Mail gewünscht, die Adresse lautet {mail}",
        "Kontakt Spitex-Koordination: {mail}",
        "Kontaktweg Neffe: {mail}",
    ),
}
SITES: tuple[tuple[str, str, str], ...] = (
    ("dem", "Universitätsspital {place}", "Universitätsspital {place}"),
    ("dem", "Kreisspital {place}", "Kreisspital {place}"),
    ("dem", "Bürgerspital {place}", "Bürgerspital {place}"),
    ("dem", "Kantonales Spital {place}", "Kantonalen Spital {place}"),
    ("dem", "Psychiatriezentrum {place}", "Psychiatriezentrum {place}"),
    ("der", "Universitätsklinik für Innere Medizin {place}", "Universitätsklinik für Innere Medizin {place}"),
    ("dem", "Herzzentrum {place}", "Herzzentrum {place}"),
    ("der", "Lungenfachklinik {place}", "Lungenfachklinik {place}"),
    ("dem", "Fachkrankenhaus für Suchtmedizin {place}", "Fachkrankenhaus für Suchtmedizin {place}"),
    ("dem", "Geriatrisches Tageszentrum {place}", "Geriatrischen Tageszentrum {place}"),
    ("dem", "Seniorenzentrum {place}", "Seniorenzentrum {place}"),
    ("dem", "Hospiz {place}", "Hospiz {place}"),
    ("dem", "Nierenzentrum {place}", "Nierenzentrum {place}"),
    ("dem", "Medizinisches Versorgungszentrum {place}", "Medizinischen Versorgungszentrum {place}"),
    ("der", "Psychosomatische Tagesklinik {place}", "Psychosomatischen Tagesklinik {place}"),
    ("dem", "Ärztehaus {place}", "Ärztehaus {place}"),
    ("dem", "Unfallkrankenhaus {place}", "Unfallkrankenhaus {place}"),
    ("der", "BG Unfallklinik {place}", "BG Unfallklinik {place}"),
    ("dem", "Kinderspital {place}", "Kinderspital {place}"),
    ("der", "Psychiatrische Universitätsklinik {place}", "Psychiatrischen Universitätsklinik {place}"),
    ("dem", "Sozialmedizinisches Zentrum {place}", "Sozialmedizinischen Zentrum {place}"),
    ("dem", "Bezirksspital {place}", "Bezirksspital {place}"),
    ("dem", "Ambulatorium {place}", "Ambulatorium {place}"),
    ("der", "Spitex {place}", "Spitex {place}"),
    ("der", "Sozialstation {place}", "Sozialstation {place}"),
    ("dem", "Kurzentrum {place}", "Kurzentrum {place}"),
    ("der", "Heilstätte {place}", "Heilstätte {place}"),
    ("der", "Frauenklinik {place}", "Frauenklinik {place}"),
    ("dem", "St.-Josefs-Hospital {place}", "St.-Josefs-Hospital {place}"),
    ("dem", "Caritas-Pflegewohnhaus {place}", "Caritas-Pflegewohnhaus {place}"),
    ("dem", "Alten- und Pflegeheim {place}", "Alten- und Pflegeheim {place}"),
    ("dem", "UNIVERSITÄTSSPITAL {PLACE}", "UNIVERSITÄTSSPITAL {PLACE}"),
    ("der", "Hausärztliche Gemeinschaftspraxis Dr. {surname}",
     "Hausärztlichen Gemeinschaftspraxis Dr. {surname}"),
    ("der", "Praxisklinik Dr. {surname}", "Praxisklinik Dr. {surname}"),
    ("der", "Urologische Praxis Dr. {surname}", "Urologischen Praxis Dr. {surname}"),
    ("der", "Gastroenterologische Schwerpunktpraxis Dr. {surname}",
     "Gastroenterologischen Schwerpunktpraxis Dr. {surname}"),
    ("der", "Frauenarztpraxis Dr. {surname}", "Frauenarztpraxis Dr. {surname}"),
    ("der", "Augenarztpraxis Dr. med. {surname}", "Augenarztpraxis Dr. med. {surname}"),
    ("der", "Kieferorthopädische Praxis Dr. {surname}", "Kieferorthopädischen Praxis Dr. {surname}"),
    ("der", "Psychotherapeutische Praxis {surname}", "Psychotherapeutischen Praxis {surname}"),
    ("der", "Dorfpraxis {surname}", "Dorfpraxis {surname}"),
    ("der", "Logopädie {surname}", "Logopädie {surname}"),
    ("der", "ORTHOPÄDISCHE PRAXIS DR. {SURNAME}", "ORTHOPÄDISCHEN PRAXIS DR. {SURNAME}"),
    ("der", "Radiologie {surname} & Kollegen", "Radiologie {surname} & Kollegen"),
)
WARD_CODES: tuple[str, ...] = ("A N.N", "A N#", "URO-N", "N-Ost", "AN Süd")
ID_KEYWORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Tgb.-Nr.", ("A/Y/######", "A ####-yy")),
    ("Präparat-Nr.", ("yyA#####", "P yy.####")),
    ("Geschäftszahl", ("###-####/Y",)),
    ("Barcode", ("############", "#### #### ####")),
    ("Mitglieds-Nr.", ("N#######-#", "A-######-##")),
    ("Protokoll-Nr.", ("Y-##-#####", "RD-yy-######")),
    ("Bewilligungs-Nr.", ("BW/Y/#####", "##-####-##")),
    ("Bild-Nr.", ("R yy ######", "X#####-yy")),
    ("Dok.-ID", ("D-########", "####-####-####")),
    ("Klienten-Nr.", ("K-####", "KL yy/###")),
    ("Bewohner-Nr.", ("###/N", "BW-###")),
    ("eGK-Nr.", ("8027 6### #### ####",)),
    ("Röhrchen-Nr.", ("yy########", "S-yy-#######")),
)
HOUSE_NUMBERS: tuple[str, ...] = (
    "N#/N#", "N#b", "N/N/N", "N-N/N/N#", "N#, Rückgebäude", "N, N. Stock",
)
STREET_ABBREVIATIONS: tuple[tuple[str, str], ...] = (
    (" Kreisstraße", " Kreisstr."), (" Kantonsstrasse", " Kantonsstr."), ("durchgang", "durchg."),
)
MAIL_LOCALS: tuple[str, ...] = (
    "{last}-{f}{nn}", "{last}_{first}{nn}", "{first}-{last}{nn}", "{last}{f}", "{first}.{last}.{nn}",
)
MAIL_DOMAINS: tuple[str, ...] = (
    "vodafonemail.de", "ewe.net", "netcologne.de", "kabelbw.de", "htp-tel.de", "tirol.com",
    "quickline.ch", "vtxmail.ch", "ik.me", "hausärzte-südost.de",
)
ASCII_MAIL: bool = False
ZIP_PREFIXES: tuple[tuple[str, str], ...] = ()  # no country codes before postcodes
FIVE_DIGIT_SHARE: float = 0.6  # of postcodes, the rest four digits

# Places and streets: morphemes that share nothing with the test, holdout, fresh, sealed and vault
# families'.
HEADS: tuple[str, ...] = (
    "Eulen", "Specht", "Reiher", "Igel", "Unken", "Geiß", "Stier", "Gänse", "Torf", "Kies",
    "Harz", "Pech", "Zinn", "Blei", "Kauz", "Iltis", "Farn", "Nessel",
)
STEMS: tuple[str, ...] = (
    "gereut", "wasen", "espan", "brühl", "bünd", "bitz", "hurst", "strut", "egart", "lus",
    "zelg", "rüfe", "gufel", "schrofen", "maiß", "schlipf", "etter", "klamm",
)
ENDINGS: tuple[str, ...] = (
    "ungen", "aich", "roda", "grün", "hard", "sass", "gau", "enz", "ers", "lau", "mund", "stall",
)
PREFIXES: tuple[str, ...] = ("Kurort", "Hansestadt", "Burg")
PLACE_FORMS: tuple[tuple[int, int, str], ...] = (
    (10, 3, "{prefix} {v}"), (15, 7, "{v} a. d. {w}"), (21, 12, "{v} im {w}"),
)
STREET_SUFFIXES: tuple[str, ...] = (
    "gässle", "staffel", "stich", "kehre", "quai", "rank", "treppe", "durchgang", "terrasse",
)
STREET_WORDS: tuple[str, ...] = ("Steige", "Güterweg", "Kreisstraße", "Kantonsstrasse")
# Before a stem whose last morpheme is feminine, and before any other.
FEMININE_STEMS: tuple[str, ...] = ("bünd", "bitz", "strut", "egart", "lus", "zelg", "rüfe", "klamm")
STREET_PREPOSITIONS_FEMININE: tuple[str, ...] = ("An der Alten", "Auf der Hinteren", "Neben der")
STREET_PREPOSITIONS: tuple[str, ...] = ("Am Hinteren", "Beim Alten", "Zum Oberen")
# fmt: on
