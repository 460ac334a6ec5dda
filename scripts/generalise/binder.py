"""The binder family: PHI frames, institution phrasings, ID keywords and shapes, ward, address
and mail shapes, place frames and toponym morphemes, from the outpatient and cross-sector world.

Written in session 20 by a helper, from its own knowledge of German, Austrian, Swiss and South
Tyrolean paperwork outside the hospital, without reading deid's detection code or any other
family's material: GP and specialist record entries (Karteikarte), referral slips, prescriptions
and therapy orders, sick notes, vaccination and mother-child-pass entries, school, kindergarten,
sports and driving-fitness certificates, dental and ophthalmology records, physiotherapy, speech
and occupational therapy progress notes, mobile home-care visit logs, rehab applications and
insurer approvals, patient-advocacy and complaint letters, clinician e-mails, messenger exports,
phone-call notes, appointment reminders, invoices (Honorarnote), data-access requests and study
consent forms.

Not to be read while working on deid's rules, and never by the developer at all: its failures
are looked at only as counts per class (``report --family binder``, ``make generalise-binder``).
Slots and shapes are those of ``phi_templates``; all text here is invented.
"""

from __future__ import annotations

# fmt: off
# Address blocks under a letter or form header: every one writes a postcode with its place.
ADDRESS_BLOCKS: tuple[str, ...] = (
    "Herrn/Frau\n{street}\n{zip_place}\n\n",
    "HONORARNOTE\nRechnungsanschrift: {street}, {zip_place}\n",
    "Meldeadresse (ZMR): {street}, {zip_place}\n",
    "Klient/in – Einsatzadresse:\n{street}\n{zip_place}\n(Zugang über den Hof)\n",
    "Persönlich / vertraulich\n\n{street}\n{zip_place}\n",
    "PLZ/Ort: {zip_place}\nStraße/Nr.: {street}\n",
    "Anschrift / Indirizzo: {street} – {zip_place}\n",
    "geb. {dob} | {street} | {zip_place}\n",
    "Straße, Hausnr. .......... {street}\nPLZ, Wohnort ........... {zip_place}\n",
    "Empfänger:in\n{street}\n{zip_place}\nper Einschreiben\n",
    "An die Erziehungsberechtigten\n{street}\n{zip_place}\n",
    "Wohnhaft: {zip_place}, {street}\n",
    "[Kontaktkarte] Adresse: {street}, {zip_place}\n",
    "Postadresse\t{street}\n\t\t{zip_place}\n",
    "Antragsteller/in (Anschrift): {street}, {zip_place}\n",
    "Versicherte/r, geb. {dob}\n{street}\n{zip_place}\n",
)

SENTENCES: dict[str, tuple[str, ...]] = {
    "address": (
        "Hausbesuch lt. Karteikarte: {street}, {zip_place}, 2. Stock ohne Lift.",
        "Einsatzort {street}, {zip_place} – Schlüssel im Schlüsseltresor neben der Tür.",
        "Aufenthaltsort während des Krankenstandes: {street}, {zip_place}.",
        "Bitte die Kopie meiner Krankenakte an {street}, {zip_place} schicken.",
        "Tel. Notiz: {Pron} zieht Ende des Monats um, neue Anschrift {street} / {zip_place}.",
        "[08:14] Tochter: die neue Adresse von Mama ist {street} in {zip_place} 🙏",
        "Die Teilnehmerin/der Teilnehmer ist unter {street}, {zip_place} postalisch erreichbar.",
        "{Art} {Pat}, gemeldet an der Adresse {street}, {zip_place}, ersucht um Prüfung der Honorarnote.",
        "Hauptwohnsitz (für den Reha-Antrag): {street}, {zip_place}",
        "Heilmittel als Hausbesuch: ja, {street}, {zip_place}.",
        "SMS-Erinnerung: Ihr Termin ist ab Montag in der neuen Ordination, {street}, {zip_place}.",
        "Wohnsitz/residenza: {street}, {zip_place}",
        "Pat. wohnt jetzt bei da Tochter, {street} in {zip_place}, Rezepte bitte dorthin.",
        "Adresse ...... {street} | {zip_place}",
        "Die Rechnung bitte an die Wohnadresse der Mutter, {street}, {zip_place}, senden.",
        "Zustellung des Bescheids an {street}, {zip_place} erfolgt.",
        "Wohnadresse gemäss Versichertenkarte: {street}, {zip_place}",
        "Hausbesuch Sa. vormittags ({street}, {zip_place}), Hund im Garten!",
    ),
    "place": (
        "Kindergarten: {place}, Gruppe der Dreijährigen",
        "Schulstandort: {place}",
        "Atemschutztauglichkeit für die FF {place} bestätigt.",
        "Heimatgemeinde: {place} (lt. Mutter-Kind-Pass)",
        "Tauglich für den Schikurs: {place}, Jänner, Gruppe Fortgeschrittene.",
        "Sportärztliche Untersuchung für den Skiclub {place}, Wettkampfklasse.",
        "Kurort: {place}",
        "Ausstellungsort: {place}",
        "Zeckenstich vermutlich beim Schwammerlsuchen südlich {place}.",
        "Transportschein sitzend, Zielort: {place}, Kostenübernahme durch die Kasse.",
        "Mitglied der Musikkapelle {place}, Blasinstrument – Lungenfunktion unauffällig.",
        "Wohngemeinde: {place}",
        "Übersiedlung ins Pflegeheim in der Umgebung {place} in Planung.",
        "Lehrbetrieb: {place}, Tischlerei, Lärmschutz empfohlen.",
        "Unfall auf der Schutzhütte oberhalb vom Dorf, Ereignisort: {place}.",
        "Besucht die Spielgruppe {place} an zwei Vormittagen.",
        "Führerscheinuntersuchung, Prüfungsort: {place}",
        "Eltern leben getrennt, Vater wohnt westlich {place} auf einem Hof.",
        "Schuleintritt in die Primarschule {place} im August, Impfstatus vollständig.",
        "Bergrettung Ortsstelle {place}: Tauglichkeit für den Einsatzdienst bestätigt.",
    ),
    "site": (
        "Überweisung an: {site}",
        "Heilmittelerbringer: {site}",
        "Impfung nachgetragen, verabreicht {in_site}.",
        "Rezept liegt zur Abholung {in_site} bereit.",
        "Durchschrift des Befundes an: {site}",
        "Auftrag {von_site} telefonisch bestätigt.",
        "Anmeldung {bei_site} für die Wundversorgung zu Hause erfolgt.",
        "Reha-Bewilligung für den Aufenthalt {in_site} liegt vor.",
        "Blutabnahme erfolgte {in_site}, Ergebnisse folgen.",
        "Halbjährliche Kontrolle {bei_site}.",
        "Mitbehandlung {bei_site} (Netzhaut).",
        "Wechsel {zu_site} auf eigenen Wunsch.",
        "Bitte Termin {in_site} vereinbaren.",
        "Kostenvoranschlag {von_site} liegt bei.",
        "Beschwerde betreffend die Behandlung {in_site} im vergangenen Herbst.",
        "Verordnung physikalischer Therapie – durchführende Stelle: {site}",
        "Herzliche Grüße aus {dat_site}",
        "Antwort {von_site} zur Datenauskunft steht noch aus.",
        "Die Einwilligung zur Studie wurde {in_site} unterschrieben.",
        "Stempel: {site}",
    ),
    "ward": (
        "Pflegeheim, Heimbereich {ward}, Zimmerwechsel geplant.",
        "Hämodialyse Mo/Mi/Fr, Sitzplatz {ward} am Fenster.",
        "Tagesklinik: Tagesgruppe {ward}, Beginn 8 Uhr.",
        "Infusion im Behandlungsraum {ward}.",
        "Nach dem ambulanten Eingriff Überwachung im Ruheraum {ward}.",
        "Physio findet im Therapieraum {ward} statt.",
        "Betreutes Wohnen, Appartement {ward}.",
        "Bitte im Wartebereich {ward} Platz nehmen.",
        "Ambulante OP, Eingriffsraum {ward}.",
        "Immuntherapie am Infusionssessel {ward}.",
        "Gipsabnahme im Ambulanzraum {ward}.",
        "Tagesbetreuung im Hausbereich {ward}, Mittagessen dort.",
        "Kurzzeitpflege, Stockwerk {ward}, Rufglocke erklärt.",
    ),
    "id": (
        "Bitte bei Zahlung {kw} {id} anführen.",
        "{kw} {id} – Rückfragen an die Ordination.",
        "Ihre Anfrage ist bei uns erfasst, {kw} {id}.",
        "Betreff: Reha-Antrag, {kw} {id}",
        "Laut Kasse {kw} {id} gültig bis Quartalsende.",
        "{kw} | {id}",
        "Zuordnung nur über {kw} {id} (bitte keinen Namen)",
        "Eingang bestätigt, {kw}: {id}, wird bearbeitet.",
        "[Chat] Foto vom Zettel: {kw} {id}",
        "Telefonisch durchgegeben – {kw} {id}",
        "{kw} …… {id}",
        "Auf dem Etikett: {kw}={id}",
        "Karteikarte ergänzt um {kw} {id}.",
        "Nachtrag Impfpass – {kw}: {id}",
    ),
    "mail": (
        "From: {mail}",
        "Antwortadresse: {mail}",
        "Befund bitte als PDF, Zustelladresse: {mail}",
        "Elternmail: {mail} (lt. Anmeldebogen)",
        "Empfänger: {mail}",
        "Terminbestätigung ging an die Kontaktmail: {mail}",
        "Auskunft nach Art. 15 DSGVO elektronisch übermittelt, e-Zustellung: {mail}",
        "Chatverlauf: Tochter schickt ihre Privatmail {mail}",
        "Absenderin: {mail}",
        "Für Absagen: {mail}",
        "Dienstmail: {mail}",
        "Angehörige (Tochter), Mailadr. {mail}",
        "Weiterleitung {mail}",
        "Studienkoordination – Rückmeldungen: {mail}",
        "Link im Chat: mailto:{mail}",
    ),
}

# (dative article, nominative, dative form)
SITES: tuple[tuple[str, str, str], ...] = (
    ("dem", "Gesundheitshaus {place}", "Gesundheitshaus {place}"),
    ("der", "Tagespflege {place}", "Tagespflege {place}"),
    ("dem", "Zahnambulatorium {place}", "Zahnambulatorium {place}"),
    ("der", "Landapotheke {place}", "Landapotheke {place}"),
    ("der", "Bahnhofapotheke {place}", "Bahnhofapotheke {place}"),
    ("dem", "Mobiles Palliativteam {place}", "Mobilen Palliativteam {place}"),
    ("dem", "Ambulanter Pflegedienst {place}", "Ambulanten Pflegedienst {place}"),
    ("dem", "Psychosozialer Dienst {place}", "Psychosozialen Dienst {place}"),
    ("dem", "Schulärztlicher Dienst {place}", "Schulärztlichen Dienst {place}"),
    ("dem", "Sprachheilzentrum {place}", "Sprachheilzentrum {place}"),
    ("der", "Frühförderstelle {place}", "Frühförderstelle {place}"),
    ("dem", "Hilfswerk {place}", "Hilfswerk {place}"),
    ("der", "Volkshilfe {place}", "Volkshilfe {place}"),
    ("der", "Diakoniestation {place}", "Diakoniestation {place}"),
    ("der", "Mutterberatung {place}", "Mutterberatung {place}"),
    ("dem", "Sanitätshaus {place}", "Sanitätshaus {place}"),
    ("dem", "Kurmittelhaus {place}", "Kurmittelhaus {place}"),
    ("der", "Notfallpraxis {place}", "Notfallpraxis {place}"),
    ("der", "Wundambulanz {place}", "Wundambulanz {place}"),
    ("dem", "Augenzentrum {place}", "Augenzentrum {place}"),
    ("der", "APOTHEKE {PLACE}", "APOTHEKE {PLACE}"),
    ("der", "Fachpraxis für Orthopädie Dr. {surname}", "Fachpraxis für Orthopädie Dr. {surname}"),
    ("der", "HNO-Praxis Dr. {surname}", "HNO-Praxis Dr. {surname}"),
    ("der", "Zahnordination Dr. {surname}", "Zahnordination Dr. {surname}"),
    ("der", "Osteopathie {surname}", "Osteopathie {surname}"),
    ("der", "Podologie {surname}", "Podologie {surname}"),
    ("der", "Diätologie {surname}", "Diätologie {surname}"),
    ("der", "Logopädiepraxis {surname}", "Logopädiepraxis {surname}"),
    ("der", "Ergotherapie {surname}", "Ergotherapie {surname}"),
    ("der", "KIEFERORTHOPÄDIE DR. {SURNAME}", "KIEFERORTHOPÄDIE DR. {SURNAME}"),
)

WARD_CODES: tuple[str, ...] = ("N#-A", "KN", "TK-N", "A#.N", "WE N#", "N/A#")

# (keyword, number shapes)
ID_KEYWORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Honorarnote Nr.", ("HN Y/####", "Y-N####")),
    ("Rezept-ID", ("160.###.###.###.###.##",)),
    ("Überweisungs-Nr.", ("ÜW-y-#####",)),
    ("ZSR-Nr.", ("Z######", "A######")),
    ("GLN", ("7601#########",)),
    ("Genehmigungs-Nr.", ("G-y-#####",)),
    ("Heilbehelf-Nr.", ("HB ######",)),
    ("Schüler-ID", ("S####-y",)),
    ("Probanden-ID", ("PRB-###",)),
    ("Screening-Nr.", ("SCR-##-###",)),
    ("Randomisierungs-Nr.", ("R-###",)),
    ("Zahlungsreferenz", ("RF## #### #### ####",)),
    ("Buchungscode", ("AAA-###",)),
    ("Teilnehmercode", ("AA##AA",)),
    ("Polizzennummer", ("Y.#####.N", "####-Y-AA")),
    ("Kostenübernahme-Nr.", ("KÜ-Y-######",)),
)

HOUSE_NUMBERS: tuple[str, ...] = (
    "N#, Tür N", "N#/N/Top N", "N, Stiege N", "N#/N/N/N", "N#a, Whg. N#", "N#/DG", "N# A", "N/N#a",
)
# (ending, abbreviation)
STREET_ABBREVIATIONS: tuple[tuple[str, str], ...] = (("Talstraße", "Talstr."), ("Hauptstrasse", "Hauptstr."))
MAIL_LOCALS: tuple[str, ...] = (
    "dr.{last}", "ordination.{last}", "dr.{f}.{last}", "{last}.familie", "{first}-{nn}", "kontakt.{last}",
)
MAIL_DOMAINS: tuple[str, ...] = (
    "telering.at", "tele2.ch", "protonmail.ch", "ymail.com", "mac.com", "hotmail.it", "aon.cc", "cnh.at",
    "praxis.kim.telematik", "a1business.at", "ordination.at", "aerztenetz.ch", "bluemail.it", "lion.cc",
    "powersurf.li",
)
ASCII_MAIL = True
# (pattern on "<postcode> <place>", country code): none, the country is not written before postcodes.
ZIP_PREFIXES: tuple[tuple[str, str], ...] = ()

# Toponym morphemes (Ladin, Romansh, Walser and Vinschgau in sound): head + stem + ending make the
# villages, head + stem the street stems.
HEADS: tuple[str, ...] = (
    "Tschar", "Pitsch", "Lafat", "Zam", "Tav", "Gof", "Plu", "Gur", "Rüt", "Tschen", "Sur", "Zuf",
    "Tul", "Mott", "Sest", "Vig", "Flad", "Pflan", "Schgum", "Tschau", "Bov", "Fop", "Lüb", "Pard",
    "Trof", "Vell",
)
STEMS: tuple[str, ...] = (
    "lin", "sel", "pin", "mon", "vin", "gar", "fon", "lav", "sav", "tin", "cun", "ram", "lat", "ven",
    "gol", "mor", "gufer", "fluh", "rüf", "kobel", "tschöl", "plat", "ciel", "tramm", "naz", "ruz",
)
ENDINGS: tuple[str, ...] = (
    "ün", "anz", "ems", "uck", "ars", "uz", "ot", "iz", "ind", "erz", "eid", "üs", "ogg", "ura", "öl",
    "ald", "ena", "eng", "ogn", "ilg", "ava", "iva", "eza",
)
PREFIXES: tuple[str, ...] = ("Val", "San", "Villa", "Castel")
# (period, offset, form): every period-th village (at offset) in this form; others plain.
PLACE_FORMS: tuple[tuple[int, int, str], ...] = (
    (7, 2, "{prefix} {v}"), (11, 5, "{v} bei {w}"), (13, 9, "{v}-{w}"),
)
FIVE_DIGIT_SHARE = 0.4
STREET_SUFFIXES: tuple[str, ...] = (
    "blick", "lehne", "tränke", "brunnen", "lauben", "bleiche", "hube", "stöckl",
)
STREET_WORDS: tuple[str, ...] = (
    "Almweg", "Forstweg", "Gemeindeweg", "Dorfgasse", "Hauptstrasse", "Talstraße",
)
STREET_PREPOSITIONS: tuple[str, ...] = ("Zu den", "An den", "Bei den", "In den")
STREET_PREPOSITIONS_FEMININE: tuple[str, ...] = (
    "Längs der", "Jenseits der", "Außerhalb der", "Innerhalb der",
)
FEMININE_STEMS: tuple[str, ...] = ("fluh", "gufer", "tramm", "plat")
# fmt: on
