"""Material of the vault family: its PHI frames and the morphemes and forms of its places and
streets.

Why a sixth family: the sealed family's counts per class were read after every group of rules
in session 10, so it is no longer the only measure of text nobody on the team has seen. This
module was written in session 11 by a helper, from its own knowledge of Austrian and German
letters and notes, from none of the dev, test, holdout, fresh or sealed phrasings and without
looking at what the detector knows, and is never read by the developer: it is measured on its
own (``make generalise-vault``), as counts per class only.

Do not read this file, print its frames or generated vault documents, or tune any rule on them:
once that happens it is no vault family any more. Persons reuse the test family's pools and
person frames (``pools``, ``templates``); everything here is plain data, assembled into a
``PhiFamily`` in ``phi_templates`` and into place pools in ``places``. All text is invented.

Slots and shapes as in ``phi_templates``, ``holdout``, ``fresh`` and ``sealed`` (``{dob}`` is a
birth date, gold-only like every date). Place forms as in ``fresh``.
"""

from __future__ import annotations

# fmt: off
ADDRESS_BLOCKS: tuple[str, ...] = (
    "Einsender:\n{site}\n{street}\n{zip_place}\n",
    "Derzeit aufhältig: c/o {site}, {street}, {zip_place}\n",
    "Wohnanschrift\n{street}\n{zip_place}\n",
    "Geburtsdatum: {dob}\nAnschrift: {street}, {zip_place}\n",
    "Kontaktperson: wohnhaft {street}, {zip_place}\n",
    "{site}\nPrimariat Innere Medizin II\n{street}\n{zip_place}\n",
    "Postanschrift: {site}, {street}, {zip_place}\n",
    "Hausbesuchsadresse: {street}, {zip_place} (Klingel defekt, bitte anrufen)\n",
)
SENTENCES: dict[str, tuple[str, ...]] = {
    "address": (
        "Notarzteinsatz in der Wohnung, {street}, {zip_place}; {Pat} am Boden liegend vorgefunden.",
        "{Art} {Pat} lebt im eigenen Haus ({street}, {zip_place}), zwei Stufen zum Eingang.",
        "Nach der Entlassung vorübergehend beim Sohn: {street}, {zip_place}.",
        "{Art} {Pat} (geboren {dob}) ist unter {street}, {zip_place} gemeldet.",
        "Mobile Hauskrankenpflege ab Montag unter der Adresse {street}, {zip_place} organisiert.",
        "Telefonat mit der Ehefrau, die Anschrift hat sich geändert: {street}, {zip_place}.",
    ),
    "place": (
        "Pkw-Unfall auf der Autobahn, Ausfahrt {place}, als Lenker angegurtet.",
        "Auffahrunfall kurz hinter {place}, keine Bewusstlosigkeit erinnerlich.",
        "Sturz beim Wandern auf dem Steig Nähe {place}, Bergung mit dem Hubschrauber.",
        "{Art} {Pat} wohnt mit dem Ehepartner im Bezirk {place} und versorgt sich selbst.",
        "Aktueller Aufenthaltsort laut Telefonat: {place}",
        "Arbeitet als Landwirt im Landkreis {place}.",
        "Auf der Durchreise durch {place} kollabiert, Passanten alarmierten die Rettung.",
        "Radsturz auf dem Radweg auf Höhe {place}, Helm getragen.",
    ),
    "site": (
        "Wir bedanken uns für die Zuweisung {von_site} und berichten über den stationären Aufenthalt.",
        "Übernahme {von_site} am Aufnahmetag zur weiteren Abklärung.",
        "Geplante Wiederaufnahme {in_site} zum dritten Zyklus der Chemotherapie.",
        "Fadenentfernung {bei_site} am zehnten postoperativen Tag.",
        "Die Hämodialyse erfolgt weiterhin dreimal wöchentlich {in_site}.",
        "Die Übernahme wurde telefonisch mit {dat_site} vereinbart.",
        "Bei Stabilisierung Weiterverlegung {zu_site} zur Frührehabilitation.",
        "Verteiler: {site}",
        "Zuweisende Einrichtung: {site}",
        "Histologischer Befund aus {dat_site} ist angefordert.",
        "{Pron} war bis gestern {in_site} aufgenommen.",
    ),
    "ward": (
        "Aufnahme an der Onkologie {ward} zur Chemotherapie.",
        "Nach der Bronchoskopie zurück auf die Pulmologie {ward}.",
        "Postoperativ Transfer an die Traumatologie {ward}.",
        "Telefonische Anfrage der Gastroenterologie {ward} wegen Bettenübernahme.",
        "Konsil angefordert von der Orthopädie {ward}.",
        "Zuverlegung aus der Hämatologie {ward}.",
    ),
    "id": (
        "Betreff: {kw} {id}",
        "Der Befund ist unter {kw} {id} im KIS hinterlegt.",
        "Histologie ausständig ({kw} {id}).",
        "{kw} {id}, Aufnahmedatum siehe oben",
        "Kostenübernahme für {kw} {id} wurde beantragt.",
        "Angaben zur Abrechnung – {kw}: {id}",
    ),
    "mail": (
        "E-Mail-Adresse der Schwiegertochter: {mail}",
        "Kontakt (E-Mail): {mail}",
        "Befundübermittlung gewünscht an private E-Mail {mail}",
        "Angehörigenkontakt: {mail}",
        "Für die Videovisite hinterlegt: {mail}",
        "Kontaktdaten Sohn: {mail}",
    ),
}
SITES: tuple[tuple[str, str, str], ...] = (
    ("dem", "Universitätsklinikum {place}", "Universitätsklinikum {place}"),
    ("der", "Klinik {place}", "Klinik {place}"),
    ("dem", "Marienhospital {place}", "Marienhospital {place}"),
    ("dem", "AUVA-Unfallkrankenhaus {place}", "AUVA-Unfallkrankenhaus {place}"),
    ("der", "Landesnervenklinik {place}", "Landesnervenklinik {place}"),
    ("der", "Tagesklinik {place}", "Tagesklinik {place}"),
    ("dem", "Dialysezentrum {place}", "Dialysezentrum {place}"),
    ("dem", "Landespflegeheim {place}", "Landespflegeheim {place}"),
    ("dem", "St. Josef-Krankenhaus {place}", "St. Josef-Krankenhaus {place}"),
    ("der", "Landesklinik {place}", "Landesklinik {place}"),
    ("dem", "Herz-Jesu-Krankenhaus {place}", "Herz-Jesu-Krankenhaus {place}"),
    ("dem", "Johanniter-Krankenhaus {place}", "Johanniter-Krankenhaus {place}"),
    ("der", "Zahnarztpraxis Dr. {surname}", "Zahnarztpraxis Dr. {surname}"),
    ("dem", "Labor Dr. {surname}", "Labor Dr. {surname}"),
    ("der", "Internistische Praxis Dr. {surname}", "Internistischen Praxis Dr. {surname}"),
    ("der", "Landarztpraxis Dr. {surname}", "Landarztpraxis Dr. {surname}"),
    ("der", "Physiotherapie {surname}", "Physiotherapie {surname}"),
    ("der", "Gynäkologische Ordination Dr. {surname}", "Gynäkologischen Ordination Dr. {surname}"),
    ("dem", "Institut für Radiologie Dr. {surname}", "Institut für Radiologie Dr. {surname}"),
)
WARD_CODES: tuple[str, ...] = ("N.N", "N#", "NA/N")
ID_KEYWORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Aufenthalts-Nr.", ("Y/0#####", "N#######")),
    ("Proben-Nr.", ("N#######-##", "yy######")),
    ("Sozialvers.-Nr.", ("N#########",)),
    ("OP-Nr.", ("####/yy", "yy-N####")),
    ("Untersuchungs-Nr.", ("#######-yy", "Y.#######")),
    ("Konsil-Nr.", ("K-yy-####",)),
    ("Behandlungs-Nr.", ("##.###.###",)),
    ("Röntgen-Nr.", ("R yy-#####",)),
    ("Transport-Nr.", ("T-Y-######",)),
)
HOUSE_NUMBERS: tuple[str, ...] = ("N#/N/N#", "N, Stiege N, Tür N#", "N#c", "N#/Haus N/Top N", "N#/Tür N")
STREET_ABBREVIATIONS: tuple[tuple[str, str], ...] = (
    (" Landesstraße", " Landesstr."), (" Reichsstraße", " Reichsstr."), (" Hauptstraße", " Hauptstr."),
)
MAIL_LOCALS: tuple[str, ...] = ("{first}{last}{nn}", "{last}.{first}{nn}", "{f}_{last}", "{last}{first}")
MAIL_DOMAINS: tuple[str, ...] = (
    "hotmail.at", "yahoo.at", "utanet.at", "inode.at", "vol.at", "email.de", "mail.de",
    "protonmail.com", "live.de", "msn.com", "magenta.at",
)
ASCII_MAIL: bool = True
ZIP_PREFIXES: tuple[tuple[str, str], ...] = ()  # no country codes before postcodes
FIVE_DIGIT_SHARE: float = 0.4  # of postcodes, the rest four digits

# Places and streets: morphemes that share nothing with the test, holdout, fresh and sealed
# families'.
HEADS: tuple[str, ...] = (
    "Reh", "Fuchs", "Gais", "Ahorn", "Holler", "Zirm", "Lahn", "Sulz", "Ochsen", "Bären", "Hennen",
    "Aigen", "Pram", "Haber", "Flachs", "Roggen", "Brenn", "Schaf",
)
STEMS: tuple[str, ...] = (
    "hub", "gern", "alpe", "kar", "bründl", "hölzl", "haid", "schlögl", "filz", "rast", "joch",
    "anger", "stadl", "mahd", "trog", "hart",
)
ENDINGS: tuple[str, ...] = ("berg", "ting", "see", "wörth", "burg", "mark", "stift", "kam", "nitz", "lach")
PREFIXES: tuple[str, ...] = ("Kloster", "Schloss", "Hohen")
PLACE_FORMS: tuple[tuple[int, int, str], ...] = (
    (10, 3, "{prefix} {v}"), (15, 7, "{v} im {w}"), (21, 12, "{v} b. {w}"),
)
STREET_SUFFIXES: tuple[str, ...] = ("leiten", "hain", "stieg", "hof", "park", "wiese", "breite", "feld")
STREET_WORDS: tuple[str, ...] = ("Landesstraße", "Reichsstraße", "Hauptstraße")
# Before a stem whose last morpheme is feminine, and before any other.
FEMININE_STEMS: tuple[str, ...] = ("hub", "alpe", "haid", "rast", "mahd", "hart")
STREET_PREPOSITIONS_FEMININE: tuple[str, ...] = ("In der Hinteren", "Auf der Oberen", "Zur Alten")
STREET_PREPOSITIONS: tuple[str, ...] = ("Im Hinteren", "Am Langen", "Zum Alten")
# fmt: on
