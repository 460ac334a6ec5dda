"""Places, sites and contact data of the synthetic world (all PHI when they occur in a note).

Why fixed lists: real Austrian/Bavarian hospitals, towns with plausible ZIP codes and real
number/mail shapes make the PHI look like what the detector meets in real notes.
"""

from __future__ import annotations

# fmt: off
# (name, dative article after "aus"/"vom", preposition for "in")
SITES: tuple[tuple[str, str, str], ...] = (
    ("LKH Innsbruck", "dem", "im"), ("Klinikum Wels", "dem", "im"),
    ("Reha Bad Häring", "der", "in der"), ("KH Schwaz", "dem", "im"),
    ("BKH Kufstein", "dem", "im"), ("Ordensklinikum Linz", "dem", "im"),
    ("Klinik Hietzing", "der", "in der"), ("AKH Wien", "dem", "im"),
    ("Krankenhaus Zams", "dem", "im"), ("Reha Münster", "der", "in der"),
    ("LKH Hall", "dem", "im"), ("BKH Lienz", "dem", "im"),
    ("Uniklinikum Salzburg", "dem", "im"), ("LKH Feldkirch", "dem", "im"),
    ("Klinikum Klagenfurt", "dem", "im"), ("Kepler Uniklinikum", "dem", "im"),
    ("Klinikum Rosenheim", "dem", "im"), ("KH St. Johann", "dem", "im"),
    ("Reha Bad Schallerbach", "der", "in der"), ("LKH Natters", "dem", "im"),
    ("Klinik Ottakring", "der", "in der"), ("Sanatorium Kettenbrücke", "dem", "im"),
)
# (town, ZIP codes that are plausible for it)
TOWNS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Innsbruck", ("6020",)), ("Wels", ("4600",)), ("Linz", ("4020", "4030", "4040")),
    ("Graz", ("8010", "8020")), ("Salzburg", ("5020",)), ("Schwaz", ("6130",)),
    ("Wörgl", ("6300",)), ("Kufstein", ("6330",)), ("Lienz", ("9900",)), ("Imst", ("6460",)),
    ("Landeck", ("6500",)), ("Telfs", ("6410",)), ("Hall in Tirol", ("6060",)),
    ("Steyr", ("4400",)), ("Bregenz", ("6900",)), ("Dornbirn", ("6850",)),
    ("Feldkirch", ("6800",)), ("Villach", ("9500",)), ("Klagenfurt", ("9020",)),
    ("Wien", ("1100", "1140", "1160", "1210", "1220")), ("Rum", ("6063",)), ("Zirl", ("6170",)),
    ("Rosenheim", ("83022",)), ("München", ("80331", "81369")), ("Traunstein", ("83278",)),
)
STREET_STEMS: tuple[str, ...] = (
    "Anich", "Linden", "Kirch", "Mühl", "Berg", "Schul", "Bahnhof", "Haupt", "Wald", "Feld",
    "Garten", "Rosen", "Birken", "Sonnen", "Dorf", "Kloster", "Pfarr", "Bach", "Amraser",
    "Höttinger", "Leopold", "Museum", "Maria-Theresien", "Kaiser-Josef", "Schützen", "Wiesen",
    "Egger-Lienz", "Speckbacher", "Kranebitter", "Rennweg",
)
# (suffix, abbreviated suffix or "", preposition for "wohnt ... in")
STREET_SUFFIXES: tuple[tuple[str, str, str], ...] = (
    ("straße", "str.", "in der"), ("gasse", "g.", "in der"), ("weg", "", "im"),
    ("platz", "pl.", "am"), ("allee", "", "in der"),
)
PRIVATE_MAIL_DOMAINS: tuple[str, ...] = (
    "gmx.at", "gmx.net", "aon.at", "chello.at", "a1.net", "gmail.com", "web.de", "t-online.de",
    "outlook.com", "tirol.com", "yahoo.de",
)
CLINIC_MAIL_DOMAINS: tuple[str, ...] = (
    "tirol-kliniken.at", "kepleruniklinikum.at", "ordensklinikum.at", "salk.at", "herzmobil.at",
)
WEBSITES: tuple[str, ...] = (
    "www.herzmobil.at", "https://www.herzmobil-tirol.at/kontakt", "www.tirol-kliniken.at",
    "herzverband.at", "https://www.gesundheit.gv.at", "www.herzinsuffizienz.at",
    "http://www.kardiologie-linz.at/termine", "www.salzarm-kochen.de",
)
MOBILE_PREFIXES: tuple[str, ...] = ("0664", "0676", "0650", "0660", "0699", "0681", "0688")
AREA_CODES: tuple[str, ...] = ("512", "5242", "732", "7242", "316", "662", "1", "5372")
DE_MOBILE: tuple[str, ...] = ("151", "160", "171", "176", "152")
# fmt: on
