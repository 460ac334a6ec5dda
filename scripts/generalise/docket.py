"""The docket family's PHI frames and toponym morphemes, written in session 16 by a helper from its
own knowledge of German and Austrian (and some Swiss) discharge and referral letters, without
reading deid's detection code, its dictionaries or any other family's material; never to be read
by the developer.

Plain data, assembled into a ``PhiFamily`` by ``phi_templates`` and into places and streets by
``places``; the slots and shape letters are those of ``phi_templates``. Everything here is invented:
no frame names a real person, hospital or place (places and institutions come from the slots).
"""

from __future__ import annotations

# fmt: off
# Letterheads, recipient windows, the patient's line under the name and form fields.
ADDRESS_BLOCKS: tuple[str, ...] = (
    "wohnh. {street}, {zip_place}\n",
    "geb. {dob}, {street}, {zip_place}\n",
    "\nAn\n{site}\nz. Hd. Sekretariat\n{street}\n{zip_place}\n",
    "{site} · {street} · {zip_place}\n",
    "Medizinische Klinik II – Kardiologie und internistische Intensivmedizin\n"
    "Standort {place}\n{street}\n{zip_place}\n",
    "Primariat für Innere Medizin\n{street}\n{zip_place}\n",
    "{kw}: {id}\nWohnadresse: {zip_place}, {street}\n",
    "Abteilung für Unfallchirurgie\n{street}, {zip_place}\n{kw} {id}\n",
    "Überweisung an: {site}\nVersichertenanschrift: {street}, {zip_place}\n",
    "{site}\n{street}\n{zip_place}\nSekretariat: {mail}\n",
    "Zuweisende Stelle:\n{site}\n{street}\n{zip_place}\n\nPatientenanschrift: {street}, {zip_place}\n",
    "Pflegeüberleitungsbogen\nWohnsituation: {street}, {zip_place}, zweites Obergeschoss ohne Lift\n",
    "Absender\nKlinik für Geriatrie und Frührehabilitation\n{street} | {zip_place}\n",
    "Kopie an:\n{site}\n{street}, {zip_place}\n",
)

SENTENCES: dict[str, tuple[str, ...]] = {
    "address": (
        "Entlassung in die eigene Wohnung, {street}, {zip_place}; Stufen im Hauseingang, kein Aufzug.",
        "Meldeadresse laut Versichertenkarte: {street}, {zip_place}.",
        "Hauptwohnsitz lt. ZMR: {street}, {zip_place}.",
        "{Art} {Pat} wohnt vorübergehend bei der Tochter, {street} in {zip_place}.",
        "Der Krankentransport zur Wohnanschrift {street}, {zip_place}, ist für den Vormittag bestellt.",
        "Wohnhaft: {street} in {zip_place}; Parterre, schwellenfrei.",
        "Hilfsmittellieferung (Pflegebett, Toilettenstuhl) bitte an {street}, {zip_place}.",
        "Versichertenanschrift für den Reha-Antrag: {street}, {zip_place}.",
        "Zustelladresse für Befunde ist die Wohnung der Nichte: {street}, {zip_place}.",
        "Austritt nach Hause ({street}, {zip_place}) mit Unterstützung durch die Spitex.",
    ),
    "place": (
        "Laut Notarztprotokoll erfolgte die Erstversorgung am Unfallort {place}, danach Transport zu uns.",
        "{Art} {Pat} pendelt werktags in die Kreisstadt {place} und arbeitet dort im Einzelhandel.",
        "Vor drei Wochen Rückkehr von einer Pilgerwanderung, Ausgangspunkt war {place}.",
        "Die hausärztliche Betreuung erfolgt im Nachbarort {place}.",
        "Geplant ist ein Umzug zur Tochter (Wohnort {place}).",
        "{Art} {Pat} verbrachte vor der Aufnahme zwei Wochen zur Kur im Kurort {place}.",
        "Übernahme durch den Rettungsdienst am Einsatzort {place}, Sättigung unter Raumluft 84 %.",
        "Als Herkunftsort gibt {pron} {place} an, Deutsch wird fließend gesprochen.",
        "{Pron} ist in der Stadtgemeinde {place} gemeldet und lebt allein.",
        "Wohnsitz: {place}; Einfamilienhaus, das Schlafzimmer liegt im Obergeschoss.",
        "Im Frühjahr Zeckenstich während eines Aufenthalts im Ferienort {place}.",
        "{Pron} arbeitet im Lager einer Spedition im Gewerbegebiet {place}.",
        "Reiseanamnese: Wanderwoche mit Standquartier {place}, keine Fernreisen.",
    ),
    "site": (
        "{Von_site} wurde {pron} zur stationären Abklärung eingewiesen.",
        "Weiterbetreuung: {site}.",
        "Eine ambulante Koloskopie {in_site} ist bereits vereinbart.",
        "Wir bitten um Wiedervorstellung {in_site} zur Befundbesprechung, der Termin kommt schriftlich.",
        "Die Erstversorgung erfolgte {in_site}, von dort wurde {pron} zu uns überwiesen.",
        "Eine Mitbeurteilung {bei_site} ist angefragt.",
        "Eine Anschlussheilbehandlung {in_site} ist beantragt, die Kostenzusage der DRV steht aus.",
        "Nachrichtlich an: {site}",
        "Vorbefunde {von_site} (Arztbrief, Laborwerte, EKG) lagen uns vor.",
        "Die Übernahme wurde telefonisch mit {dat_site} abgestimmt.",
        "Seit Jahren in regelmäßiger Betreuung {bei_site}.",
        "Sekundärtransport {zu_site} zur Koronarangiographie.",
        "Zuweisung durch: {site}",
        "Verlegung aus {dat_site} zur Frührehabilitation nach Schlaganfall.",
        "Die letzte Behandlung wegen einer Pneumonie erfolgte {in_site}.",
        "Hospitalisation {in_site} vor zwei Jahren wegen Vorhofflimmern.",
        "Konsiliarische Mitbeurteilung durch die Kollegen {von_site}.",
    ),
    "ward": (
        "Nach Stabilisierung Verlegung in den Überwachungsbereich {ward}.",
        "{Art} {Pat} wurde initial auf der Stroke Unit {ward} monitorisiert.",
        "Überwachung für vierundzwanzig Stunden auf der IMC {ward}.",
        "Rückübernahme in den Pflegebereich {ward}, Zi. {ward}.",
        "Die Fortsetzung der Chemotherapie erfolgt in der onkologischen Tagesklinik {ward}.",
        "Nach erfolgreicher Reanimation Aufnahme auf die ITS {ward}.",
        "In der Notaufnahme zunächst Versorgung im Monitorbereich {ward}.",
        "Bei fortschreitender Tumorerkrankung Übernahme in den Palliativbereich {ward}.",
        "Die Operation erfolgte durch den Belegarzt, die Unterbringung im Belegbereich {ward}.",
    ),
    "id": (
        "{kw} {id} · bitte bei allen Rückfragen angeben",
        "{kw}:\t\t{id}",
        "Unser Zeichen: Sekretariat / {kw} {id}",
        "Die Abrechnung erfolgt unter {kw} {id}.",
        "Bitte bei Wiedervorstellung die {kw} {id} mitbringen.",
        "{kw} {id} – Seite 1 von 2",
        "Ref.: {kw} – {id}",
        "Für die Kostenübernahme: {kw} {id}.",
        "Laut Bewilligung mit {kw} {id} sind drei Wochen genehmigt.",
    ),
    "mail": (
        "Rückfragen an das Sekretariat: {mail}",
        "Kontakt der gesetzlichen Betreuerin: {mail}",
        "Befundübermittlung an die Hausarztpraxis per KIM: {mail}",
        "Bezugsperson (Tochter), Mail {mail}",
        "Kontaktadresse der Ehefrau: {mail}",
        "Ansprechpartnerin im Sozialdienst, {mail}",
        "Für die Rückantwort: {mail}",
        "E-Mail-Adresse: {mail}",
        "KIM-Adresse der Praxis: {mail}",
    ),
}

# (dative article, nominative, dative form); a practice when the name is a doctor's.
SITES: tuple[tuple[str, str, str], ...] = (
    ("dem", "Kreisklinikum {place}", "Kreisklinikum {place}"),
    ("dem", "Uniklinikum {place}", "Uniklinikum {place}"),
    ("der", "Uniklinik {place}", "Uniklinik {place}"),
    ("dem", "LKH-Universitätsklinikum {place}", "LKH-Universitätsklinikum {place}"),
    ("dem", "Diakonissenkrankenhaus {place}", "Diakonissenkrankenhaus {place}"),
    ("dem", "Marienkrankenhaus {place}", "Marienkrankenhaus {place}"),
    ("dem", "Brüderkrankenhaus {place}", "Brüderkrankenhaus {place}"),
    ("dem", "Josefskrankenhaus {place}", "Josefskrankenhaus {place}"),
    ("dem", "Ordensspital {place}", "Ordensspital {place}"),
    ("dem", "A.ö. Krankenhaus {place}", "A.ö. Krankenhaus {place}"),
    ("den", "Spitäler {place}", "Spitälern {place}"),
    ("der", "Spitalregion {place}", "Spitalregion {place}"),
    ("den", "Kliniken {place}", "Kliniken {place}"),
    ("dem", "Bundeswehrkrankenhaus {place}", "Bundeswehrkrankenhaus {place}"),
    ("dem", "DRK-Krankenhaus {place}", "DRK-Krankenhaus {place}"),
    ("der", "Waldklinik {place}", "Waldklinik {place}"),
    ("der", "Krankenanstalt {place}", "Krankenanstalt {place}"),
    ("dem", "KREISKLINIKUM {PLACE}", "KREISKLINIKUM {PLACE}"),
    ("der", "Allgemeinarztpraxis Dr. {surname}", "Allgemeinarztpraxis Dr. {surname}"),
    ("der", "Internistenpraxis Dr. med. {surname}", "Internistenpraxis Dr. med. {surname}"),
    ("der", "Kardiologische Praxis Dr. {surname}", "Kardiologischen Praxis Dr. {surname}"),
    (
        "der", "Diabetologische Schwerpunktpraxis Dr. {surname}",
        "Diabetologischen Schwerpunktpraxis Dr. {surname}",
    ),
    ("der", "Neurologische Praxis Dr. {surname}", "Neurologischen Praxis Dr. {surname}"),
    ("der", "Facharztordination Dr. {surname}", "Facharztordination Dr. {surname}"),
    ("der", "Privatpraxis Dr. {surname}", "Privatpraxis Dr. {surname}"),
)
WARD_CODES: tuple[str, ...] = ("ANA", "AN Ost", "AN West", "N#N", "N.N#", "A-N#", "N#a")
# (keyword, number shapes): as hospital, insurer and pension-fund systems print them.
ID_KEYWORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("KG-Nr.", ("Y/N#####", "N######/y")),
    ("Rentenvers.-Nr.", ("########A###",)),
    ("Kostenträger-IK", ("10#######",)),
    ("GZ", ("Y-######-N",)),
    ("Antragsnummer", ("Y/######",)),
    ("Lfd. Nr.", ("N#.###",)),
    ("Dokumenten-Nr.", ("DOK-y-######",)),
    ("Belegnr.", ("B######/y",)),
    ("Kartennummer", ("807560##########",)),
    ("Studien-ID", ("S##-###",)),
    ("Klinik-ID", ("K-#######",)),
)
HOUSE_NUMBERS: tuple[str, ...] = (
    "1#", "4#", "N7", "N0a", "2#a", "N#/Stg. N/Tür N#", "N#, Top N#", "N#½", "N#/Stiege N", "N#, Stg. N",
)
STREET_ABBREVIATIONS: tuple[tuple[str, str], ...] = (
    (" Dorfstraße", " Dorfstr."), (" Ortsstraße", " Ortsstr."),
)
MAIL_LOCALS: tuple[str, ...] = (
    "{first}.{last}_{nn}", "{first}{last}.{nn}", "{last}{f}{nn}", "{first}-{last}.{nn}", "{first}.{f}.{last}",
    "{last}{nn}{f}", "{f}.{last}.{nn}",
)
MAIL_DOMAINS: tuple[str, ...] = (
    "unitybox.de", "mnet-online.de", "osnanet.de", "versanet.de", "nefkom.net", "wtnet.de", "datacomm.ch",
    "freesurf.ch", "greenmail.ch", "telekabel.at", "kabelsignal.at",
)
ASCII_MAIL = False
# (pattern on "<postcode> <place>", country code) written before some postcodes.
ZIP_PREFIXES: tuple[tuple[str, str], ...] = ((r"\d{5} ", "DE "), (r"9[4-9]\d\d ", "FL "), (r"\d{4} ", "AT "))

# Villages are head + stem + ending; streets are stem + street suffix, village adjective + street
# word, or a preposition before a stem.
HEADS: tuple[str, ...] = (
    "Ebers", "Fahl", "Geis", "Hasl", "Kolb", "Lauf", "Pfaff", "Ross", "Salm", "Gans", "Kranz", "Lerch", "Rab",
    "Storch", "Eul", "Hecht", "Karp", "Probst", "Abts", "Mönch", "Vogt", "Kraut", "Rapp", "Kienz", "Kohl",
    "Brach", "Rieth", "Hall",
)
STEMS: tuple[str, ...] = (
    "brock", "hube", "gugl", "hörn", "dell", "tal", "rein", "kolk", "grund", "roid", "sang", "tobl", "stauf",
    "pfuhl", "quell", "bronn", "mulde", "senke", "kuppe", "nock", "kaser", "bühel", "kogel", "spitz",
)
ENDINGS: tuple[str, ...] = (
    "rath", "trup", "hain", "wik", "fleth", "holz", "öd", "statt", "rade", "werth", "dingen", "wyl", "kon",
    "bek", "wold", "bruck", "husen", "gmain", "ruh", "mar", "en", "ig",
)
FEMININE_STEMS: tuple[str, ...] = ("hube", "mulde", "senke", "kuppe")
PREFIXES: tuple[str, ...] = ("Amt", "Stadt", "Stift", "Alten", "Großen")
# (period, offset, form): every period-th village from offset on is written in the form.
PLACE_FORMS: tuple[tuple[int, int, str], ...] = (
    (9, 4, "{prefix} {v}"), (31, 7, "{v}-{w}"), (23, 2, "{v} bei {w}"),
)
FIVE_DIGIT_SHARE = 0.5
STREET_SUFFIXES: tuple[str, ...] = (
    "kamp", "berg", "zeil", "anger", "bühl", "rain", "mühlweg", "feldweg", "gstätten", "brücke",
)
STREET_WORDS: tuple[str, ...] = (
    "Dorfstraße", "Ortsstraße", "Hauptplatz", "Kirchsteig", "Fahrweg", "Mühlweg", "Feldweg", "Umfahrung",
    "Brink",
)
STREET_PREPOSITIONS: tuple[str, ...] = ("Am oberen", "Am unteren", "Beim alten", "Am hinteren", "Zum alten")
STREET_PREPOSITIONS_FEMININE: tuple[str, ...] = (
    "An der oberen", "An der unteren", "Bei der alten", "Zur alten", "Auf der hohen",
)
# fmt: on
