"""Where the lists go and the thresholds that decide what goes into them.

Why one module: the README documents these values (``readme.write_readme`` fills them in), so
they are changed here only and every source module reads them from here.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DICT_DIR = ROOT / "dictionaries"
#: GeoNames postal codes and places (CC BY 4.0), shared beside the project; copied into the lists.
SHARED_POSTCODES = ROOT.parent / "shared" / "data" / "postcodes"
REGENERATE = ".venv/bin/python scripts/build_dictionaries.py"

#: Faker person-provider locales: the German-speaking countries plus the largest immigrant
#: groups of Austria/Germany that Faker covers in Latin script.
FAKER_HOME_LOCALES = ("de_AT", "de_DE", "de_CH", "de_LI")
FAKER_IMMIGRANT_LOCALES = (
    "tr_TR",  # Turkey
    "hr_HR",  # Croatia (Bosnian/Croatian/Serbian surnames overlap heavily)
    "sl_SI",  # Slovenia
    "pl_PL",  # Poland
    "cs_CZ",  # Czechia
    "sk_SK",  # Slovakia
    "hu_HU",  # Hungary
    "ro_RO",  # Romania
    "it_IT",  # Italy
    "fr_DZ",  # Algeria: Arabic names in Latin transliteration (ar_AA is Arabic script only)
)

#: nam_dict.txt country columns (0-based character index on a data line) and the minimum
#: frequency kept (the file's scale: 1 = rare ... 13 = extremely common, logarithmic).
#: Home countries keep every attested name; immigrant-group countries need >= 2.
NAM_DICT_HOME_COLUMNS = {"Germany": 42, "Austria": 43, "Swiss": 44}
NAM_DICT_IMMIGRANT_COLUMNS = {
    "Italy": 33,
    "Poland": 53,
    "Czech Republic": 54,
    "Slovakia": 55,
    "Hungary": 56,
    "Romania": 57,
    "Bulgaria": 58,
    "Bosnia and Herzegovina": 59,
    "Croatia": 60,
    "Kosovo": 61,
    "Macedonia": 62,
    "Montenegro": 63,
    "Serbia": 64,
    "Slovenia": 65,
    "Albania": 66,
    "Greece": 67,
    "Russia": 68,
    "Ukraine": 71,
    "Turkey": 76,
    "Arabia/Persia": 77,
}
NAM_DICT_HOME_MIN = 1
NAM_DICT_IMMIGRANT_MIN = 2

#: wordfreq thresholds (Zipf scale: 3.0 = once per million words).
NOUN_MIN_ZIPF = 3.0
OTHER_MIN_ZIPF = 3.5

#: A noun lemma that is also a listed name counts as a common word only if it is the head
#: or modifier of at least this many other noun lemmas (Koch: Chefkoch, Kochbuch, ...;
#: Huber or Müller: almost none), or if it is listed in NAME_LIKE_COMMON_WORDS.
MIN_COMPOUND_FAMILY = 10

#: A wordfreq word that is a name somewhere in the world (any Faker locale, nam_dict) stays a
#: common word only if its German Zipf frequency exceeds its English one by this much.
MIN_GERMAN_LEAD = 1.0


#: Cities and regions (besides postcodes_at places) that the wordfreq part must not absorb.
FAKER_ADDRESS_LOCALES = ("de_AT", "de_DE", "de_CH")
