"""Material of the sealed family: its PHI frames and the morphemes and forms of its places and
streets.

Why a fifth family: rules had been tuned against the holdout family, and the fresh family's
failures were about to be looked at as shapes, so neither measures text deid was never tuned on
any more. This module was written in session 10 by a helper, from none of the dev, test, holdout
or fresh phrasings and without looking at what the detector knows, and is never read by the
developer: it is measured on its own (``make generalise-sealed``), as counts per class only.

Do not read this file, print its frames or generated sealed documents, or tune any rule on them:
once that happens it is no sealed family any more. Persons reuse the test family's pools and
person frames (``pools``, ``templates``); everything here is plain data, assembled into a
``PhiFamily`` in ``phi_templates`` and into place pools in ``places``. All text is invented.

Slots and shapes as in ``phi_templates``, ``holdout`` and ``fresh``, plus ``{dob}`` (a birth
date, gold-only like every date) and, in institution names, ``{PLACE}`` and ``{SURNAME}`` (the
place or surname in capitals, see ``phi``). Place forms as in ``fresh``.
"""

from __future__ import annotations

# fmt: off
ADDRESS_BLOCKS: tuple[str, ...] = (
    "An\n{site}\n{street}\n{zip_place}\n",
    "Absender: {site} · {street} · {zip_place}\n",
    "{site}\nAbteilung für Innere Medizin\n{street}\n{zip_place}\n",
    "Wohnadresse:    {street}\n                {zip_place}\n",
    "{street}, {zip_place} (lt. Meldezettel)\n",
    "Anschrift der Angehörigen: {street}, {zip_place}\n",
    "Zuweiser:\n{site}\n{street}\n{zip_place}\n",
    "Pat.: wh. {street}, {zip_place}, geb. {dob}\n",
)
SENTENCES: dict[str, tuple[str, ...]] = {
    "address": (
        "Pat. geb. {dob}, wh. {street}, {zip_place}.",
        "{Art} {Pat}, geb. am {dob}, wohnhaft {street} in {zip_place}, kam in Begleitung.",
        "Heimtransport an die Wohnadresse {street}, {zip_place} mit dem Krankentransport.",
        "Einsatzadresse {street}, {zip_place} – Zufahrt über den Hof.",
        "Die Apotheke liefert die Medikation an {street}, {zip_place}.",
        "Seit der Übersiedlung wohnhaft {street}, {zip_place}; Hausarzt noch nicht gewechselt.",
    ),
    "place": (
        "Zuzug im Frühjahr, vorheriger Wohnort {place}.",
        "Zugewiesen vom Gemeindearzt, Sprengel {place}.",
        "Beschwerdebeginn im Urlaub am Bauernhof, Urlaubsort {place}.",
        "Geb.-Ort: {place}",
        "Lebt mit der Lebensgefährtin in der Ortschaft {place}, Einkäufe erledigt der Sohn.",
        "{Pron} ist im Bauhof der Marktgemeinde {place} beschäftigt.",
        "Videokonsultation, {pron} hält sich derzeit am Zweitwohnsitz {place} auf.",
        "Auffindeort: Gemeindegebiet {place}, Forstweg.",
        "Rücktransport in die Heimatgemeinde {place} ist organisiert.",
    ),
    "site": (
        "{Von_site} zugewiesen mit Verdacht auf Pneumonie.",
        "Zuletzt stationär {in_site} im Oktober, Entlassungsbrief liegt vor.",
        "Transferierung {zu_site} zur Herzkatheteruntersuchung.",
        "Kurzzeitpflegeplatz {in_site} ab Montag zugesagt.",
        "Telekonsil mit {dat_site}, Therapieempfehlung siehe unten.",
        "Befundkopie an: {site}",
        "Die weitere Betreuung erfolgt {bei_site}.",
        "Laborbefunde {von_site} vom Vortag wurden übernommen.",
        "Einweisende Stelle: {site}",
        "Anschlussheilbehandlung {in_site} beantragt, Bewilligung ausständig.",
    ),
    "ward": (
        "Rückübernahme von {ward} zur Frühmobilisation.",
        "Verlegung auf die Kardiologie {ward} am Nachmittag.",
        "{Art} {Pat} liegt derzeit auf der Interne {ward}.",
        "Nach Extubation Rückübernahme an die Chirurgie {ward}.",
        "Bettenanfrage an die Neurologie {ward} gestellt.",
        "Pflegebericht Nachtdienst {ward}:",
    ),
    "id": (
        "Unser Zeichen: {kw} {id}",
        "Befund nachgereicht zu {kw} {id}.",
        "Ref.: {kw} {id}",
        "{kw}: {id} – bei Korrespondenz bitte anführen",
        "Probeneingang unter {kw} {id} verbucht.",
        "Für die Verrechnung: {kw} {id}",
        "Ergebnis abrufbar im Befundportal mit {kw} {id}.",
    ),
    "mail": (
        "E-Mail-Adresse des Sohnes: {mail}",
        "Befundversand verschlüsselt, Empfängeradresse {mail}",
        "E-Mail privat: {mail}",
        "Erwachsenenvertreterin erreichbar: {mail}",
        "Link zur Videosprechstunde versandt an Enkelin: {mail}",
        "Rückfragen auch elektronisch möglich: {mail}",
    ),
}
SITES: tuple[tuple[str, str, str], ...] = (
    ("dem", "LKH-Univ. Klinikum {place}", "LKH-Univ. Klinikum {place}"),
    ("dem", "Ordensklinikum {place}", "Ordensklinikum {place}"),
    ("dem", "Konventhospital der Barmherzigen Brüder {place}",
     "Konventhospital der Barmherzigen Brüder {place}"),
    ("dem", "Elisabethinen-Krankenhaus {place}", "Elisabethinen-Krankenhaus {place}"),
    ("dem", "Diakonissen-Krankenhaus {place}", "Diakonissen-Krankenhaus {place}"),
    ("dem", "Allgemeines öffentliches Krankenhaus {place}", "Allgemeinen öffentlichen Krankenhaus {place}"),
    ("dem", "Ev. Krankenhaus {place}", "Ev. Krankenhaus {place}"),
    ("dem", "Bezirksklinikum {place}", "Bezirksklinikum {place}"),
    ("der", "Privatklinik {place}", "Privatklinik {place}"),
    ("dem", "Rehabilitationszentrum {place}", "Rehabilitationszentrum {place}"),
    ("der", "Sonderkrankenanstalt für Rehabilitation {place}",
     "Sonderkrankenanstalt für Rehabilitation {place}"),
    ("dem", "Primärversorgungszentrum {place}", "Primärversorgungszentrum {place}"),
    ("dem", "Gesundheitszentrum {place}", "Gesundheitszentrum {place}"),
    ("dem", "Seniorenwohnheim {place}", "Seniorenwohnheim {place}"),
    ("dem", "Pflege- und Betreuungszentrum {place}", "Pflege- und Betreuungszentrum {place}"),
    ("dem", "KH DER BARMHERZIGEN SCHWESTERN {PLACE}", "KH DER BARMHERZIGEN SCHWESTERN {PLACE}"),
    ("der", "REHAKLINIK {PLACE}", "REHAKLINIK {PLACE}"),
    ("der", "Kinderärztliche Gruppenpraxis Dr. {surname}", "Kinderärztlichen Gruppenpraxis Dr. {surname}"),
    ("der", "Kassenpraxis Dr. {surname}", "Kassenpraxis Dr. {surname}"),
    ("dem", "Röntgeninstitut Dr. {surname}", "Röntgeninstitut Dr. {surname}"),
    ("dem", "DR. MED. UNIV. {SURNAME}", "DR. MED. UNIV. {SURNAME}"),
    # Called by its founder's name alone after an article ("im X", "aus dem X").
    ("dem", "{surname}-Spital", "{surname}"),
)
WARD_CODES: tuple[str, ...] = ("Ost N", "Süd-N", "IMC N", "AN-N")
ID_KEYWORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Aufn.-Zl.", ("Y######", "yy.N####")),
    ("VSNR", ("N###-######", "N###/######")),
    ("Versicherungsnr.", ("N### ## ## ##",)),
    ("KVNR", ("A### ### ###",)),
    ("Journal-Nr.", ("J ####/yy", "J-yy-#####")),
    ("Acc.-Nr.", ("CT-yy-######", "MR-yy-######")),
    ("Anforderungs-Nr.", ("##########", "yy#######-#")),
    ("Einsatz-Nr.", ("yy-######", "E-#######")),
    ("MiBi-Nr.", ("M yy/#####", "yy-M-####")),
    ("PID", ("#########", "P-#######")),
    ("Vorgangsnummer", ("V-yy-#####",)),
)
HOUSE_NUMBERS: tuple[str, ...] = ("N#/N/N", "N/Stg. N/Top N#", "N#a", "N, Top N", "Na/N/N")
STREET_ABBREVIATIONS: tuple[tuple[str, str], ...] = (("siedlung", "siedl."), ("kellergasse", "kellerg."))
MAIL_LOCALS: tuple[str, ...] = ("{first}.{last}{nn}", "{f}{last}{nn}", "{last}.{f}", "{first}_{last}{nn}")
MAIL_DOMAINS: tuple[str, ...] = (
    "gmx.de", "liwest.at", "kabelplus.at", "sbg.at", "googlemail.com", "outlook.de", "me.com",
    "aol.com", "kinderärzte-mitte.at",
)
ASCII_MAIL: bool = False
ZIP_PREFIXES: tuple[tuple[str, str], ...] = ()  # no country codes before postcodes
FIVE_DIGIT_SHARE: float = 0.35  # of postcodes, the rest four digits

# Places and streets: morphemes that share nothing with the test, holdout and fresh families'.
HEADS: tuple[str, ...] = (
    "Krähen", "Wachtel", "Elster", "Amsel", "Birk", "Föhren", "Kranich", "Falken", "Geier", "Luchs",
    "Marder", "Tauben", "Kupfer", "Silber", "Eisen", "Gurk", "Treb", "Dobl",
)
STEMS: tuple[str, ...] = (
    "graben", "winkl", "gstett", "boden", "kreuth", "schlatt", "fleck", "weid", "maut", "lucken",
    "gstöck", "plan", "schlag", "lacken", "tratten", "hütt", "schachen", "wöhr",
)
ENDINGS: tuple[str, ...] = (
    "nig", "ern", "lohe", "hagen", "beuren", "weier", "reuth", "brück", "kofel", "thal", "zing",
)
PREFIXES: tuple[str, ...] = ("Deutsch", "Windisch", "Kroatisch")
PLACE_FORMS: tuple[tuple[int, int, str], ...] = (
    (9, 4, "{prefix} {v}"), (14, 6, "{v} am {w}"), (19, 11, "{v} ob {w}"),
)
STREET_SUFFIXES: tuple[str, ...] = (
    "siedlung", "gassl", "bühel", "acker", "bogen", "stiege", "steg", "anlage", "kellergasse",
)
STREET_WORDS: tuple[str, ...] = ("Siedlung", "Bundesstraße", "Gürtel")
# Before a stem whose last morpheme is feminine, and before any other.
FEMININE_STEMS: tuple[str, ...] = ("gstett", "maut", "lucken", "lacken", "tratten", "hütt", "weid")
STREET_PREPOSITIONS_FEMININE: tuple[str, ...] = ("Hinter der", "Bei der", "An der Unteren")
STREET_PREPOSITIONS: tuple[str, ...] = ("Vor dem", "Unter dem", "Am Oberen")
# fmt: on
