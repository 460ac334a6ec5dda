"""Material of the holdout family: its PHI frames and the morphemes of its places and streets.

Why a third family: the test family's PHI frames had been seen by the developer, so they no
longer measure text deid was never tuned on. This module was written afterwards by someone
else, from none of the dev or test phrasings, for one final measurement
(``make generalise-holdout``), read as counts per class only.

Do not read this file, print its frames or generated holdout documents, or tune any rule on
them: once that happens it is no holdout any more. Persons reuse the test family's pools and
person frames (``pools``, ``templates``); everything here is plain data, assembled into a
``PhiFamily`` in ``phi_templates`` and into place pools in ``places``. All text is invented.

Slots and shapes as in ``phi_templates``, plus ``{in_site}``, ``{von_site}``, ``{zu_site}``,
``{bei_site}`` (capitalised: ``{Von_site}`` ...): preposition and article, contracted where
German contracts them, before the dative institution (see ``phi``).
"""

from __future__ import annotations

# fmt: off
ADDRESS_BLOCKS: tuple[str, ...] = (
    "{site}\n{street}\n{zip_place}\n",
    "{street} | {zip_place}\n",
    "Meldeadresse (lt. Stammdaten): {street}; {zip_place}\n",
    "Ergeht an:\n{site}\n{street}, {zip_place}\n",
    "{site} – {street} – {zip_place}\n",
    "[Hauptwohnsitz: {street}, {zip_place}]\n",
)
SENTENCES: dict[str, tuple[str, ...]] = {
    "address": (
        "Adressänderung gemeldet, neu: {street}, {zip_place}.",
        "Die Hilfsmittel werden an {street}, {zip_place} geliefert.",
        "Hauskrankenpflege kommt zweimal täglich ({street}, {zip_place}).",
        "{Art} {Pat} ist zur Tochter gezogen: {street}, {zip_place}.",
    ),
    "place": (
        "{Art} {Pat} pendelt zwischen {place} und {place}.",
        "Skiunfall auf der Piste oberhalb von {place}.",
        "Rücktransport mit der Rettung Richtung {place} organisiert.",
        "{Pron} bewirtschaftet einen Bergbauernhof nahe {place}.",
        "Heimreise über {place} mit dem Zug.",
        "Zuletzt auf Kur bei {place}.",
        "Anreise heute früh ab {place}.",
    ),
    "site": (
        "Vorbehandlung {in_site} wegen Pneumonie.",
        "Die Verlegung {zu_site} ist beantragt.",
        "{Von_site} erhielten wir die Vorbefunde.",
        "Kopie ergeht an: {site}",
        "Kontrolltermin {bei_site} in drei Monaten.",
    ),
    "ward": (
        "Seit gestern auf der Pflegeeinheit {ward}.",
        "Übernahme auf Einheit {ward} nach der Überwachung.",
        "Zimmerwechsel im Bettenbereich {ward}.",
        "Anruf aus der {ward}, Befund fehlt noch.",
    ),
    "id": (
        "[{kw} {id}]",
        "Ihr Zeichen: {kw} {id}",
        "{kw}\t{id}",
        "Probe eingegangen mit {kw} {id}.",
        "{kw} {id} (bei Korrespondenz bitte anführen)",
    ),
    "mail": (
        "Befundversand erwünscht: <{mail}>",
        "Rückmeldung erbeten über {mail}.",
        "Angehörige erreichbar via {mail}",
        "Digitale Korrespondenz: {mail}; Telefon siehe Stammblatt",
    ),
}
SITES: tuple[tuple[str, str, str], ...] = (
    ("dem", "Kantonsspital {place}", "Kantonsspital {place}"),
    ("dem", "Landesklinikum {place}", "Landesklinikum {place}"),
    ("der", "Kreisklinik {place}", "Kreisklinik {place}"),
    ("der", "Rehabilitationsklinik {place}", "Rehabilitationsklinik {place}"),
    ("dem", "Evangelisches Krankenhaus {place}", "Evangelischen Krankenhaus {place}"),
    ("dem", "Zentrum für Altersmedizin {place}", "Zentrum für Altersmedizin {place}"),
    ("dem", "Sanatorium {place}", "Sanatorium {place}"),
    ("der", "Praxisgemeinschaft Dr. {surname} und Kollegen", "Praxisgemeinschaft Dr. {surname} und Kollegen"),
    ("der", "Hausarztpraxis Dr. med. {surname}", "Hausarztpraxis Dr. med. {surname}"),
    ("der", "Wahlarztordination Dr.in {surname}", "Wahlarztordination Dr.in {surname}"),
    ("der", "Kinderarztpraxis {surname}", "Kinderarztpraxis {surname}"),
)
WARD_CODES: tuple[str, ...] = ("AA N", "N.0N", "AN/N", "AAA-N")
ID_KEYWORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Fall-Nr.", ("Y-######", "N#/Y/####")),
    ("Pat.-ID", ("P########", "### ### ###")),
    ("AHV-Nr.", ("756.####.####.##",)),
    ("Versichertennummer", ("A#########",)),
    ("Auftragsnr.", ("yy.#####.N", "AA yy #####")),
    ("Einsende-Nr.", ("Ayy-####", "yy/A/####")),
)
HOUSE_NUMBERS: tuple[str, ...] = ("N##", "NA", "N#A", "N#-N#", "N/Stiege N/Tür N#")
STREET_ABBREVIATIONS: tuple[tuple[str, str], ...] = (
    ("strasse", "str."), (" Landstraße", " Landstr."), ("platz", "pl."),
)
MAIL_LOCALS: tuple[str, ...] = ("{last}.{first}", "{first}_{last}", "{first}{nn}", "{f}-{last}")
MAIL_DOMAINS: tuple[str, ...] = (
    "gmx.ch", "sunrise.ch", "t-online.de", "outlook.com", "yahoo.de", "hispeed.ch", "kabsi.at",
    "hin.ch", "proton.me",
)
ASCII_MAIL: bool = True
# A country code before some postcodes, by what "<postcode> <place>" looks like.
ZIP_PREFIXES: tuple[tuple[str, str], ...] = (
    (r"\d{5} ", "D-"),
    (r"\d{4} .* [A-Z]{2}$", "CH-"),
    (r"\d{4} (?!.* [A-Z]{2}$)", "A-"),
    (r"\d{4} (?!.* [A-Z]{2}$)", "CH-"),
)

# Places and streets: morphemes that share nothing with the test family's.
HEADS: tuple[str, ...] = (
    "Breit", "Buch", "Eich", "Erlen", "Hasel", "Roth", "Schwarz", "Weiß", "Gams", "Hirsch",
    "Kreuz", "Mühl", "Hammer", "Salz", "Lang", "Tiefen", "Sattel", "Wolfs", "Gugg", "Quer",
)
STEMS: tuple[str, ...] = (
    "bühl", "ried", "rüti", "schwand", "matt", "halden", "tobel", "gaden", "hag", "brand",
    "furt", "loh", "werd", "sod", "stock", "kamp",
)
ENDINGS: tuple[str, ...] = (
    "wil", "ikon", "stetten", "heim", "weiler", "lingen", "bach", "leben", "rode", "büttel",
    "trop", "itz", "ens",
)
PREFIXES: tuple[str, ...] = ("St.", "Maria", "Groß", "Klein")
CANTONS: tuple[str, ...] = ("ZH", "BE", "SG", "AG", "GR", "LU")
STREET_SUFFIXES: tuple[str, ...] = (
    "strasse", "allee", "pfad", "graben", "platz", "gässli", "ufer", "damm",
)
STREET_WORDS: tuple[str, ...] = ("Landstraße", "Allee", "Strasse")
# Before a stem whose last morpheme is feminine, and before any other.
FEMININE_STEMS: tuple[str, ...] = ("rüti", "matt", "halden", "furt")
STREET_PREPOSITIONS_FEMININE: tuple[str, ...] = ("An der", "Ob der", "Zur")
STREET_PREPOSITIONS: tuple[str, ...] = ("Zum", "Beim", "Vorm", "Ob dem")
# fmt: on
