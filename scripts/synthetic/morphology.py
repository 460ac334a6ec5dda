"""Name morphology: the stems, endings and syllables names are invented from.

Why: stems and endings imitate Austrian/Bavarian surnames (-er, -huber, -leitner ...) and
old-fashioned Germanic first names, so invented names look plausible in context. The common
names are used only with ``--mix-common``.
"""

from __future__ import annotations

# Data tables below are laid out by hand (dense rows); keep the formatter off them.
# fmt: off
SURNAME_STEMS: tuple[str, ...] = (
    "Brunn", "Hof", "Stadl", "Egg", "Moos", "Wald", "Lind", "Reit", "Kapf", "Plank", "Gugg",
    "Zott", "Haid", "Thurn", "Zirb", "Bichl", "Grub", "Wies", "Stock", "Rain", "Schach", "Kogl",
    "Tann", "Aich", "Feicht", "Loid", "Point", "Kranz", "Rieg", "Stiegl", "Ginz", "Nuss", "Seeb",
    "Wolfs", "Hölzl", "Ranft", "Pramm", "Gschwandt", "Kalch", "Lahn", "Mühl", "Rott", "Scharn",
    "Tratt", "Wimm", "Zaun", "Fless", "Hasl", "Kien", "Laim", "Pless", "Sonn", "Strub", "Kreuz",
    "Gries", "Fink", "Mais", "Ried", "Lerch", "Bram", "Wend", "Staud", "Kast", "Lueg", "Prein",
    "Schnegg", "Trog", "Ulm", "Zach", "Gaiß", "Hutt", "Jaufn", "Köck", "Lott", "Mösl", "Oed",
    "Pfeff", "Rösch", "Schütt", "Tschol", "Wöll", "Ebn", "Flach", "Gmein", "Hoch", "Kerschb",
)
SURNAME_CLIPPED_STEMS: tuple[str, ...] = (
    "Lechn", "Pichl", "Trattn", "Aigl", "Kaltn", "Lackn", "Hintr", "Zechn", "Perchtl", "Schiestl",
    "Kröll", "Prantl", "Hödl", "Strobl", "Weidl", "Angl", "Gstettn", "Mitterl", "Pirchn", "Wurzl",
)
SURNAME_ENDINGS: tuple[str, ...] = (
    "er", "inger", "bauer", "huber", "leitner", "moser", "wieser", "egger", "thaler", "eder",
    "hofer", "mayr", "berger", "gruber", "lehner", "reiter", "stätter", "wallner", "auer",
    "bichler", "rieder", "steiner", "bacher", "hammer", "schwaiger", "pointner", "kogler",
    "staller", "gartner", "fellner", "kofler", "angerer", "mair", "rainer", "perger", "haider",
)
CLIPPED_ENDINGS: tuple[str, ...] = ("er", "inger", "mayr", "huber", "eder", "bacher", "auer")

FEMALE_HEADS: tuple[str, ...] = (
    "Adel", "Alm", "Bert", "Brun", "Ed", "Elm", "Fried", "Ger", "Gund", "Hed", "Hild", "Ing",
    "Irm", "Kun", "Lis", "Lud", "Mech", "Not", "Ort", "Ros", "Sieg", "Wal", "Wen", "Wilt",
    "Zen", "Ald", "Amal", "Ber", "Fre", "Gis", "Ha", "Il", "Ja", "Ka", "Le", "Mar", "Nel", "Ol",
    "Re", "Sa", "Ta", "Ve", "Wi", "Ro", "Ze", "Fe", "Ni", "Mi", "Lo", "Ul",
)
FEMALE_TAILS: tuple[str, ...] = (
    "a", "ina", "ine", "ela", "ella", "etta", "gard", "gund", "hild", "lind", "run", "traud",
    "burga", "wina", "mara", "rike", "lie", "sia", "na", "line", "rana", "dis", "nia", "lena",
    "frieda", "gunde", "muth", "wiga",
)
MALE_HEADS: tuple[str, ...] = (
    "Adal", "Alb", "Bald", "Bert", "Dag", "Eb", "Ed", "Ger", "Gott", "Hart", "Helm", "Hug", "Ir",
    "Kas", "Kon", "Leo", "Lut", "Mein", "Not", "Os", "Rein", "Rup", "Sieg", "Tas", "Ul", "Wal",
    "Wend", "Wig", "Wun", "Al", "Bo", "Da", "Fa", "Ja", "Lo", "Ma", "Ni", "Ra", "To", "Va", "Vi",
)
MALE_TAILS: tuple[str, ...] = (
    "o", "an", "ert", "old", "hard", "mar", "win", "fried", "bert", "mund", "rich", "wald",
    "helm", "brecht", "ulf", "ian", "in", "us", "el", "bald", "mut", "wig", "ger", "ram",
)
# Real but rare given names; they enter the pool only if the dictionaries do not list them.
RARE_FEMALE: tuple[str, ...] = (
    "Adelgund", "Hiltrud", "Notburga", "Eberhild", "Gottlind", "Ortrun", "Irmtraud", "Walburga",
    "Siglinde", "Edeltraud", "Bernhild", "Theodolinde", "Rupertine", "Kreszentia", "Aloisia",
    "Ehrentraud", "Friedlinde", "Amalberga", "Hermelinde", "Gunhild", "Mechtild", "Wiltrud",
)
RARE_MALE: tuple[str, ...] = (
    "Wunibald", "Reinmar", "Sigmar", "Ottokar", "Gundolf", "Ingomar", "Hildebrand", "Pankraz",
    "Gebhard", "Notker", "Adalbert", "Ruprecht", "Hartwig", "Wolfhart", "Eckehard", "Liutpold",
    "Odilo", "Balduin", "Irenäus", "Vinzenz", "Ansgar", "Gottlieb",
)
# Only used with --mix-common (the example file): everyday Austrian names that the dictionaries
# are expected to contain, so a showcase also exercises dictionary hits.
COMMON_FEMALE: tuple[str, ...] = (
    "Maria", "Anna", "Elisabeth", "Johanna", "Theresia", "Christine", "Monika", "Sabine",
    "Barbara", "Ingrid", "Helga", "Gertraud", "Renate", "Andrea", "Claudia",
)
COMMON_MALE: tuple[str, ...] = (
    "Johann", "Josef", "Franz", "Karl", "Alois", "Peter", "Anton", "Georg", "Andreas", "Thomas",
    "Michael", "Martin", "Herbert", "Stefan", "Walter",
)
COMMON_SURNAMES: tuple[str, ...] = (
    "Huber", "Gruber", "Bauer", "Wagner", "Pichler", "Moser", "Mayer", "Hofer", "Leitner",
    "Berger", "Fuchs", "Eder", "Fischer", "Schmid", "Winkler", "Weber", "Schwarz", "Maier",
    "Steiner", "Brunner",
)
# fmt: on
