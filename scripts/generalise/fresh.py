"""Material of the fresh family: its PHI frames and the morphemes and forms of its places and
streets.

Why a fourth family: the holdout family's failures had been looked at (as shapes, never as text)
and general rules were tuned against them, so it no longer measures text deid was never tuned
on. This module was written in session 8 by a helper, from none of the dev, test or holdout
phrasings and without looking at what the detector knows, and is never read by the developer:
it is measured once, at the end (``make generalise-fresh``), as counts per class only.

Do not read this file, print its frames or generated fresh documents, or tune any rule on them:
once that happens it is no fresh family any more. Persons reuse the test family's pools and
person frames (``pools``, ``templates``); everything here is plain data, assembled into a
``PhiFamily`` in ``phi_templates`` and into place pools in ``places``. All text is invented.

Slots and shapes as in ``phi_templates`` and ``holdout``. Place forms: ``{v}`` the village,
``{w}`` another village, ``{prefix}`` a prefix word; each applies to every ``period``-th village
at ``offset`` (the first that matches wins, else the plain village).
"""

from __future__ import annotations

# fmt: off
ADDRESS_BLOCKS: tuple[str, ...] = (
    "Patientenadresse:\n{street}\n{zip_place}\n",
    "Wohnort: {zip_place}, {street}\n",
    "PLZ/Ort: {zip_place}    Straße/Nr.: {street}\n",
    "Adr. {street} / {zip_place}\n",
    "nachrichtlich:\n{site}\n{street}\n{zip_place}\n",
    "Empfänger: {site}, z. H. Sekretariat, {street}, {zip_place}\n",
    "Zustelladresse {street}\n{zip_place}\n",
)
SENTENCES: dict[str, tuple[str, ...]] = {
    "address": (
        "Einsatzort laut NA-Protokoll: {street}, {zip_place}.",
        "Entlassung nach Hause ({street}, {zip_place}), die Angehörigen sind informiert.",
        "{Pron} lebt allein im dritten Stock ohne Lift, {street}, {zip_place}.",
        "Während der Reha erreichbar bei der Schwester: {street}, {zip_place}.",
        "Adresse lt. e-card abweichend: {street}, {zip_place}",
    ),
    "place": (
        "Lebt seit der Pensionierung im Raum {place}.",
        "Sturz mit dem Fahrrad kurz vor {place}.",
        "Verkehrsunfall auf der Bundesstraße, Gemeinde {place}.",
        "Zeckenstich beim Wandern rund um {place} vor etwa drei Wochen.",
        "{Art} {Pat} konnte die Strecke bis {place} noch selbst fahren.",
        "Arbeitet als Forstarbeiter unweit {place}.",
        "Geburtsort: {place}",
        "Die Tochter wohnt im Ortsteil {place} und übernimmt die Einkäufe.",
    ),
    "site": (
        "Voraufenthalt {in_site} 2019 wegen Cholezystektomie.",
        "Zutransferierung {von_site} mit dem NAW.",
        "Anmeldung {bei_site} zur Anschlussheilbehandlung ist erfolgt.",
        "Rücksprache mit {dat_site} (diensthabender Oberarzt) erfolgt.",
        "nachrichtlich: {site}",
        "cc: {site}",
        "Weiterbetreuung: {site}",
        "Wundkontrollen weiterhin {bei_site}.",
    ),
    "ward": (
        "Transferierung auf die Abteilung {ward} nach Stabilisierung.",
        "Bettplatz im Trakt {ward} organisiert.",
        "Konsiliaranfrage aus Pavillon {ward}, bitte um Rückruf.",
        "Geriatr. Übernahme: Abt. {ward}",
        "Liegt seit Dienstag in der Akutgeriatrie {ward}.",
    ),
    "id": (
        "{kw}:{id}",
        "{kw} – {id}",
        "Bezug: {kw} {id}",
        "Nachtrag zu {kw} {id}: Befund wurde ergänzt.",
        "Dublette zusammengeführt, gültig ist {kw} {id}.",
        "{kw} {id} / Seite 2 von 3",
    ),
    "mail": (
        "Mailadresse: {mail}",
        "Kontakt Tochter: {mail}",
        "Befunde bitte zusätzlich an die private Adresse {mail} schicken.",
        "Email: {mail}",
        "Telefonisch schwer erreichbar (Mail: {mail})",
    ),
}
SITES: tuple[tuple[str, str, str], ...] = (
    ("dem", "UKH {place}", "UKH {place}"),
    ("dem", "Kreiskrankenhaus {place}", "Kreiskrankenhaus {place}"),
    ("dem", "Städtisches Klinikum {place}", "Städtischen Klinikum {place}"),
    ("dem", "Regionalspital {place}", "Regionalspital {place}"),
    ("der", "Fachklinik {place}", "Fachklinik {place}"),
    ("der", "Kurklinik {place}", "Kurklinik {place}"),
    ("dem", "Psychiatrisches Zentrum {place}", "Psychiatrischen Zentrum {place}"),
    ("dem", "Pflegezentrum {place}", "Pflegezentrum {place}"),
    ("der", "Gemeinschaftspraxis {surname} & Partner", "Gemeinschaftspraxis {surname} & Partner"),
    ("der", "Allgemeinmedizinische Praxis Dr. {surname}", "Allgemeinmedizinischen Praxis Dr. {surname}"),
    ("dem", "MVZ Dr. {surname}", "MVZ Dr. {surname}"),
    ("der", "Facharztpraxis Dr. med. univ. {surname}", "Facharztpraxis Dr. med. univ. {surname}"),
)
WARD_CODES: tuple[str, ...] = ("A.N", "N#A", "N West", "AN.N")
ID_KEYWORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Labor-Nr.", ("y########", "L-y-#####")),
    ("Zytologie-Nr.", ("Zy/#####", "C#####-y")),
    ("RV-Nr.", ("## ###### A ###",)),
    ("Aktenzeichen", ("Y/####/A", "## A ###/y")),
    ("Kartei-Nr.", ("#####", "N.###")),
    ("Eingangsnummer", ("Ey-######", "y N #####")),
)
HOUSE_NUMBERS: tuple[str, ...] = ("N a", "N–N#", "N#, N. OG", "N, Whg. N#", "Na/N")
STREET_ABBREVIATIONS: tuple[tuple[str, str], ...] = ((" Chaussee", " Ch."), (" Heerstraße", " Heerstr."))
MAIL_LOCALS: tuple[str, ...] = ("{first}{last}", "{last}_{f}", "{f}.{last}{nn}", "{first}-{last}")
MAIL_DOMAINS: tuple[str, ...] = (
    "gmx.net", "freenet.de", "arcor.de", "mailbox.org", "live.at", "tele2.at", "hotmail.de",
    "bluemail.ch", "yahoo.com",
)
ASCII_MAIL: bool = True
# A country code before some postcodes, by what "<postcode> <place>" looks like.
ZIP_PREFIXES: tuple[tuple[str, str], ...] = ((r"\d{5} ", "DE-"), (r"\d{4} ", "AT-"))
FIVE_DIGIT_SHARE: float = 0.5  # of postcodes, the rest four digits

# Places and streets: morphemes that share nothing with the test and holdout families'.
HEADS: tuple[str, ...] = (
    "Elm", "Ahl", "Esch", "Hüls", "Lütt", "Dall", "Gelt", "Kalk", "Lehm", "Sand", "Hafer", "Espen",
    "Ulmen", "Dachs", "Biber", "Otter", "Rahl", "Lüd",
)
STEMS: tuple[str, ...] = (
    "horst", "wede", "siek", "kuhl", "brook", "wisch", "mersch", "hude", "holt", "trift", "hove",
    "pesch", "siepen", "scheid", "seifen", "born", "beke", "loge",
)
ENDINGS: tuple[str, ...] = (
    "büll", "um", "ow", "witz", "stedt", "rup", "kofen", "dorp", "wedel", "ede", "lar",
)
PREFIXES: tuple[str, ...] = ("Alt", "Neu", "Wendisch", "Königs")
PLACE_FORMS: tuple[tuple[int, int, str], ...] = (
    (8, 6, "{prefix} {v}"), (13, 4, "{v} bei {w}"), (17, 9, "{v}-{w}"),
)
STREET_SUFFIXES: tuple[str, ...] = (
    "chaussee", "twiete", "reihe", "wall", "gang", "hang", "höhe", "winkel", "kai", "markt",
)
STREET_WORDS: tuple[str, ...] = ("Chaussee", "Heerstraße", "Höhe", "Tor")
# Before a stem whose last morpheme is feminine, and before any other.
FEMININE_STEMS: tuple[str, ...] = ("horst", "kuhl", "mersch", "hude", "trift", "beke", "loge", "wede")
STREET_PREPOSITIONS_FEMININE: tuple[str, ...] = ("In der", "Unter der", "Vor der")
STREET_PREPOSITIONS: tuple[str, ...] = ("Am", "Auf dem", "Hinter dem")
# fmt: on
