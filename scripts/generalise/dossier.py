"""The dossier family's PHI frames and toponym morphemes, written in session 17 by a helper from its
own knowledge of German, Austrian and Swiss paperwork that is not the usual discharge letter:
expert opinions for pension and accident insurers and courts, social-services and case-management
notes, care-level and care-home applications, telehealth and telemonitoring messages, psychiatric
and occupational-medicine reports, death certificates and autopsy requests, and lab, pathology and
radiology request forms; written without reading deid's detection code, its dictionaries or any
other family's material; never to be read by the developer.

Plain data, assembled into a ``PhiFamily`` by ``phi_templates`` and into places and streets by
``places``; the slots and shape letters are those of ``phi_templates``. Everything here is invented:
no frame names a real person, hospital or place (places and institutions come from the slots).
"""

from __future__ import annotations

# fmt: off
# Form heads of expert opinions, care applications, death certificates and request slips: the
# person's address in the conventions those forms print it (tabs, dot leaders, bars, columns).
ADDRESS_BLOCKS: tuple[str, ...] = (
    "Versicherte Person\tWohnanschrift: {street}\n\t\t\t{zip_place}\n",
    "Anschrift der untersuchten Person ........ {street}, {zip_place}\n",
    "PERSONALIEN\nMeldeadresse: {street} | {zip_place}\n\n",
    "Zustelladresse (lt. Antrag): {street}; {zip_place}\n",
    "Letzte Wohnanschrift der verstorbenen Person:\n{street}\n{zip_place}\n",
    "Einsenderkopie – Patientenadresse\n  {street}\n  {zip_place}\n\n",
    "Hauptwohnsitz laut ZMR-Auszug: {street}, {zip_place}\n",
    "- Wohnadresse: {street}\n- PLZ/Ort: {zip_place}\n- Telefon: s. Stammblatt\n",
    "Betroffene/r, derzeit wohnhaft {street}\n{zip_place}\n\n",
    "Persönlich / vertraulich\n{street}\n{zip_place}\n",
    "Einsatzadresse Telemonitoring: {street} – {zip_place}\n",
    "Anschrift im Leistungsfall | {street} | {zip_place}\n",
    "Aufenthaltsort der betreuten Person\n   Straße, Nr.:   {street}\n   PLZ, Ort:      {zip_place}\n",
    "Postanschrift: c/o Erwachsenenvertretung, {street}, {zip_place}\n\n",
)

SENTENCES: dict[str, tuple[str, ...]] = {
    "address": (
        "Die Untersuchung fand auf Wunsch in der Wohnung statt ({street}, {zip_place}).",
        "Hausbesuch des Sozialdienstes am Wohnsitz {street}, {zip_place}; Zugang über den Hinterhof.",
        "Um Zustellung des Bescheides an die Adresse {street} in {zip_place} wird gebeten.",
        "Anschrift lt. Vorsorgevollmacht: {street}, {zip_place}",
        "{Art} {Pat} meldet über das Portal eine neue Adresse: „ab sofort {street}, {zip_place}“",
        "Auffindeort: Wohnung im 2. OG, {street}, {zip_place}; Zutritt durch die Feuerwehr.",
        "Termin zur Pflegebegutachtung in der Häuslichkeit vereinbart – {street}, {zip_place}.",
        "Rückruf erfolgt, Lieferadresse für das Ersatzgerät bestätigt: {street}, {zip_place}.",
        "Arbeitsplatzbegehung vor Ort ({street}, {zip_place}) gemeinsam mit der Sicherheitsfachkraft.",
        "Seit dem Heimeintritt gilt als Meldeadresse {street}, {zip_place}; die Angehörigen sind informiert.",
        "SPITEX-EINSATZ {street}, {zip_place} – Schlüsselsafe neben der Haustür",
    ),
    "place": (
        "Sterbeort: {place}",
        "Die Betreuungsverfügung liegt dem Gemeindeamt {place} im Original vor.",
        "Unfallhergang lt. Schadenanzeige: Sturz von der Leiter, Unfallort: {place}.",
        "{Pron} ist bei einem Paketdienst beschäftigt, Arbeitsort lt. Arbeitgeber {place}.",
        "Ein Antrag auf einen Heimplatz im Sozialsprengel {place} ist gestellt.",
        "Gefährdungsmeldung an die KESB-Region {place} weitergeleitet.",
        "Gerätealarm 03:12 Uhr, übermittelter Standort {place}; Rückruf erfolglos, Nachbarin verständigt.",
        "Heimatort (lt. Pass): {place}",
        "„Bin bis Freitag bei meiner Tochter im Stadtteil {place} – bitte aufs Handy zurückrufen.“",
        "Zuständigkeit: Bezirkshauptmannschaft {place}, Referat Pflegegeld.",
        "Fundort: {place}, Waldweg oberhalb des Friedhofs; Todeszeitpunkt nicht sicher bestimmbar.",
        "Arbeitsweg ca. 45 km, Firmensitz {place}, Schichtbetrieb.",
        "{Art} {Pat} möchte nach der Entlassung zur Schwester ins ländliche {place} ziehen.",
        "Videosprechstunde: {Pron} ist bis Monatsende auf Kur, Aufenthalt {place}; Verbindung stabil.",
        "Der Antrag auf Pflegegeld wird beim Magistrat {place} eingebracht.",
    ),
    "site": (
        "Aktenlage: Vorbefunde {von_site} (Entlassungsbericht, Labor) liegen vor.",
        "Die psychiatrische Exploration erfolgte ambulant {in_site}.",
        "Zur stationären Begutachtung wird eine Aufnahme {in_site} empfohlen.",
        "Rückmeldung erbeten an: {site}",
        "Sektionsantrag gestellt {bei_site}; die Angehörigen sind einverstanden.",
        "Einsender: {site} – Material: Stanzbiopsie, in Formalin",
        "Die Nachbetreuung übernimmt ab Montag {site}.",
        "Heimplatz zugesagt {von_site}, Einzug voraussichtlich zum Monatsende.",
        "Die Telemetriedaten werden automatisch {zu_site} übertragen.",
        "Arbeitsmedizinische Vorsorge zuletzt {bei_site}, ohne Einschränkungen.",
        "Kostenübernahme für die Kurzzeitpflege {in_site} beantragt (Eingang bestätigt).",
        "Gutachtenauftrag weitergeleitet an {site}.",
        "Absender der Portalnachricht: {site}, Team Telemonitoring",
        "Wiedervorstellung zur Verlaufsbeurteilung {in_site} in sechs Monaten.",
        "VERLEGT AUS: {site}",
        "{Art} {Pat} wird seit Jahren {von_site} betreut (Depotmedikation alle vier Wochen).",
        "i.A. {site} – Sozialdienst/Entlassmanagement",
        "Laut {dat_site} ist eine Rückkehr in die eigene Wohnung derzeit nicht möglich.",
        "Gegenüber {dat_site} wurde die Entbindung von der Schweigepflicht erklärt.",
    ),
    "ward": (
        "Psychosomatik, Therapiegruppe {ward}: Teilnahme regelmäßig.",
        "Verlegung in den Wohnverbund {ward} ist besprochen.",
        "{Art} {Pat} lebt in der Hausgemeinschaft {ward} des Seniorenheims.",
        "Sturzereignis im Pflegestock {ward}, Protokoll liegt bei.",
        "Untergebracht nach UbG im Schutzbereich {ward}, Beschränkungen dokumentiert.",
        "Schlaflabor: Messplatz {ward}, Ableitung ab 22 Uhr",
        "Anforderung aus Bau {ward}, Transport liegend",
        "Einsendende Stelle – Akutbereich {ward}",
        "Monitorplatz {ward} meldet Elektrodenfehler, Pflege informiert.",
    ),
    "id": (
        "Unser Zeichen / {kw} {id} – bitte stets angeben",
        "{kw}: {id} (im Schriftverkehr anführen)",
        "Bezug: Ihr Schreiben vom Vormonat, {kw} {id}",
        "{kw}\t\t{id}",
        "{kw} .............. {id}",
        "In der Betreuungssache – {kw} {id} – nehme ich wie folgt Stellung:",
        "Rückruf wegen Gerätealarm ({kw} {id}), Sensor getauscht",
        "{kw} {id} / Eingang per Fax",
        "Bitte den Befund unter {kw} {id} ablegen; Kopie an die Akte.",
        "{kw} {id}; {kw} {id}",
    ),
    "mail": (
        "Portal-Absender: {mail}",
        "bcc: {mail}",
        "Der Zugangslink zur Videosprechstunde ging an die hinterlegte Benachrichtigungsadresse: {mail}",
        "Antwortadresse der Vorsorgebevollmächtigten: {mail}",
        "Mitteilung verschlüsselt versandt; Empfängerin {mail}",
        "Die Tochter bittet um Kontakt ausschließlich per Mail (E-Mail: {mail})",
        "E-Mail (privat) …… {mail}",
        "Anfrage des Arbeitgebers, Absenderadresse: {mail}, ohne Schweigepflichtentbindung unbeantwortet.",
        "Kontaktdaten Angehörige – Mailanschrift: {mail}",
    ),
}
# (dative article, nominative, dative form); a practice when the name is a doctor's.
SITES: tuple[tuple[str, str, str], ...] = (
    ("dem", "Sozialpsychiatrisches Zentrum {place}", "Sozialpsychiatrischen Zentrum {place}"),
    ("der", "Begutachtungsstelle {place}", "Begutachtungsstelle {place}"),
    ("dem", "Altersheim {place}", "Altersheim {place}"),
    ("der", "Gemeindepflege {place}", "Gemeindepflege {place}"),
    ("dem", "Palliativhospiz {place}", "Palliativhospiz {place}"),
    ("dem", "Telemedizinzentrum {place}", "Telemedizinzentrum {place}"),
    ("der", "Prosektur {place}", "Prosektur {place}"),
    ("dem", "Rechtsmedizinisches Institut {place}", "Rechtsmedizinischen Institut {place}"),
    ("dem", "Arbeitsmedizinischer Dienst {place}", "Arbeitsmedizinischen Dienst {place}"),
    ("dem", "Werksarztzentrum {place}", "Werksarztzentrum {place}"),
    ("dem", "Psychosomatikum {place}", "Psychosomatikum {place}"),
    ("dem", "Seniorenstift {place}", "Seniorenstift {place}"),
    ("der", "Gerontopsychiatrie {place}", "Gerontopsychiatrie {place}"),
    ("dem", "Radiologieinstitut {place}", "Radiologieinstitut {place}"),
    ("dem", "Zentrallabor {place}", "Zentrallabor {place}"),
    ("dem", "Kriseninterventionszentrum {place}", "Kriseninterventionszentrum {place}"),
    ("der", "Memory Clinic {place}", "Memory Clinic {place}"),
    ("dem", "Schlaflabor {place}", "Schlaflabor {place}"),
    ("dem", "Pflegestützpunkt {place}", "Pflegestützpunkt {place}"),
    ("der", "SPITEX {PLACE}", "SPITEX {PLACE}"),
    ("der", "Gutachterpraxis Dr. {surname}", "Gutachterpraxis Dr. {surname}"),
    ("der", "Nervenarztpraxis Dr. {surname}", "Nervenarztpraxis Dr. {surname}"),
    ("der", "Röntgenordination Dr. {surname}", "Röntgenordination Dr. {surname}"),
    ("der", "Fachordination Dr. {surname}", "Fachordination Dr. {surname}"),
    ("der", "RÖNTGENPRAXIS DR. {SURNAME}", "RÖNTGENPRAXIS DR. {SURNAME}"),
)
WARD_CODES: tuple[str, ...] = ("N#/N", "PS-N", "G-N#", "Süd N", "N.OG", "P-NA", "K#N")
# (keyword, number shapes): as courts, insurers, authorities, labs and device services print them.
ID_KEYWORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Bearbeitungszeichen", ("N# XVII N##/y", "S N# U N##/y")),
    ("Pflegschaftssache", ("N P N##/y", "N# P N#/y")),
    ("Beitragskonto", ("##-######-A-###",)),
    ("Begutachtungsnummer", ("MD Y ######", "B-y-#####-N")),
    ("Pflegegeld-Zl.", ("PG/N###/Y", "N## ### ###-PG")),
    ("Obduktionsnummer", ("Y-O-N##", "O N##/y")),
    ("Sterberegister-Nr.", ("N##/Y", "G-N###/y")),
    ("Einsendungsnummer", ("Ey-N####", "P#####-y")),
    ("Order-ID", ("RIS########", "OID-##-####")),
    ("Nachrichten-ID", ("MSG-########", "#### #### #### ####")),
    ("Meldungsnummer", ("##.#####.y.N", "UV-Y-#####")),
)
HOUSE_NUMBERS: tuple[str, ...] = (
    "N#/Stg. N/Top N", "N, Tür N#", "N# Tür N", "N#–N#", "N#a/N", "N##b", "N# c", "N#b/N", "N#d",
    "N# (Rückgeb.)",
)
STREET_ABBREVIATIONS: tuple[tuple[str, str], ...] = ((" Hochweg", " Hochw."), ("kehrweg", "kehrw."))
MAIL_LOCALS: tuple[str, ...] = (
    "{last}{nn}.{f}", "{first}{nn}.{last}", "{last}-{first}{nn}", "{last}.{nn}", "{last}_{f}{nn}",
    "{f}{last}.{nn}", "{first}.{nn}",
)
MAIL_DOMAINS: tuple[str, ...] = (
    "eclipso.de", "posteo.ch", "kstp.at", "emailn.de", "teleport.at", "bergmail.at", "talpost.ch",
    "webpost.at", "mailzone.ch", "netzpost.de", "heimnetz.ch",
)
ASCII_MAIL = False
# (pattern on "<postcode> <place>", country code) written before some postcodes.
ZIP_PREFIXES: tuple[tuple[str, str], ...] = ((r"\d{5} ", "D–"), (r"[1-9]\d{3} ", "A–"), (r"94[89]\d ", "LI "))

# Villages are head + stem + ending; streets are stem + street suffix, village adjective + street
# word, or a preposition before a stem.
HEADS: tuple[str, ...] = (
    "Quirn", "Tschorn", "Pfänd", "Rüsch", "Gwand", "Grisl", "Flurn", "Schröf", "Mairl", "Knött",
    "Plöd", "Sturl", "Fraun", "Gölt", "Hasp", "Wirl", "Tratz", "Brüml", "Krimp", "Lotsch", "Mösl",
    "Pirch", "Rangg", "Schwill", "Trusch", "Urf", "Zapf", "Fexl",
)
STEMS: tuple[str, ...] = (
    "rinn", "gufl", "rott", "plaik", "gsteig", "pfrill", "zwick", "pfann", "rötsch", "flies",
    "knaus", "schupf", "gössl", "mend", "plon", "hask", "trög", "wirn", "zött", "scharr", "lenz",
    "mutt", "strubl", "nöck",
)
ENDINGS: tuple[str, ...] = (
    "ötz", "ams", "ries", "uns", "ift", "ütz", "äng", "ünd", "ast", "ürn", "ölz", "alz", "ock", "ögg",
    "und", "eut", "aut", "siedl", "wurz", "ilz", "ird", "ill",
)
FEMININE_STEMS: tuple[str, ...] = ("rinn", "gufl", "rott", "plaik")
PREFIXES: tuple[str, ...] = ("Welsch", "Außer", "Mitter", "Pfarr", "Hoch")
# (period, offset, form): every period-th village from offset on is written in the form.
PLACE_FORMS: tuple[tuple[int, int, str], ...] = (
    (8, 3, "{prefix} {v}"), (11, 5, "{v} ob {w}"), (14, 9, "{v}-{w}"),
)
FIVE_DIGIT_SHARE = 0.4
STREET_SUFFIXES: tuple[str, ...] = (
    "gasserl", "wegerl", "pfädle", "stapfel", "staig", "kehrweg", "hochweg", "torweg", "höfe", "sträßchen",
)
STREET_WORDS: tuple[str, ...] = (
    "Gärten", "Auffahrt", "Hochweg", "Feldgasse", "Winkelgasse", "Torweg", "Raine", "Bogenweg", "Riedweg",
)
STREET_PREPOSITIONS: tuple[str, ...] = ("Am hohen", "Im unteren", "Hinterm alten", "Aufm", "Beim inneren")
STREET_PREPOSITIONS_FEMININE: tuple[str, ...] = (
    "In der unteren", "An der langen", "Zur äußeren", "Bei der oberen", "Ob der alten",
)
# fmt: on
