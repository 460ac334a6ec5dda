"""``dictionaries/README.md``: sources, licences, the parameters and the entry count of every
file, written from the template below so the README cannot drift from the lists."""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

from wordlists.curated_words import NEVER_COMMON_WORDS
from wordlists.helpers import words
from wordlists.parameters import (
    DICT_DIR,
    MIN_COMPOUND_FAMILY,
    MIN_GERMAN_LEAD,
    NAM_DICT_HOME_MIN,
    NAM_DICT_IMMIGRANT_COLUMNS,
    NAM_DICT_IMMIGRANT_MIN,
    NOUN_MIN_ZIPF,
    OTHER_MIN_ZIPF,
    REGENERATE,
)

FILE_INFO: dict[str, tuple[str, str]] = {
    "first_names.txt": (
        "Faker person providers (de_AT, de_DE, de_CH, de_LI, tr_TR, hr_HR, sl_SI, pl_PL, cs_CZ, "
        "sk_SK, hu_HU, ro_RO, it_IT, fr_DZ) + gender-guesser `nam_dict.txt` (Jörg Michael)",
        "GNU FDL 1.2 or later (nam_dict part; Faker part MIT)",
    ),
    "first_names_gender.tsv": (
        "same sources as first_names.txt; gender m/f/u (u = unisex or sources disagree)",
        "GNU FDL 1.2 or later (nam_dict part; Faker part MIT)",
    ),
    "surnames.txt": (
        "Faker person providers (same locales) + curated frequent surnames of immigrant groups "
        "(Turkish, Serbian, Bosnian, Albanian, Romanian, Arabic/Afghan/Iranian)",
        "MIT (Faker; curated part MIT, this project)",
    ),
    **{
        f"postcodes_{cc}.tsv": (
            f"GeoNames postal codes of {country} (geonames.org, via the zauberware/postal-codes-json-"
            "xml-csv CSV of 2026-03-30 in ../shared/data/postcodes); company and office names of "
            "bulk postcodes dropped, bilingual names split. Contains GeoNames data. `deid scrape-dicts "
            "--source postcodes` refreshes the same lists from download.geonames.org",
            "CC BY 4.0 (GeoNames)",
        )
        for cc, country in (
            ("at", "Austria"),
            ("ch", "Switzerland"),
            ("de", "Germany"),
            ("li", "Liechtenstein"),
        )
    },
    "countries.txt": (
        "Faker address providers' country names (de_AT, de_DE, de_CH) + curated everyday names of "
        "countries and world regions (`scripts/wordlists/places.py`); the place rules leave these "
        "unmasked",
        "MIT (Faker; curated part MIT, this project)",
    ),
    "medical_sites.txt": (
        "curated for this project from public hospital lists (Tirol Kliniken, Land Tirol, KAGes, "
        "KABEG, NÖ LGA, OÖG, SALK, Wiener Gesundheitsverbund, AUVA, PVA, Wikipedia lists of "
        "hospitals in Austria and of German university hospitals); facts, accessed as knowledge",
        "MIT (this project)",
    ),
    "site_prefixes.txt": (
        "curated for this project (generic German words for hospitals, practices and care homes, "
        "and the religious orders whose houses are called by their name)",
        "MIT (this project)",
    ),
    "common_words.txt": (
        "german-nouns (Wiktionary) nouns with all inflected forms (names only when frequent "
        "and productive in compounds) + wordfreq non-nouns + curated clinical/medication/"
        "English/function words",
        "CC BY-SA 4.0 (share-alike: german-nouns and wordfreq data)",
    ),
    "frequent_words.txt": (
        "the part of common_words.txt with wordfreq Zipf >= 3.0, plus the curated clinical, "
        "medication and function words; used to recognise misspelt words",
        "CC BY-SA 4.0 (share-alike: wordfreq data)",
    ),
    "eponyms.txt": (
        "curated for this project (eponymous diseases, signs, tests, scores, therapy methods)",
        "MIT (this project)",
    ),
    "professions.txt": (
        "curated for this project (German/Austrian job titles, both genders, with generated "
        "inflected forms); masked only in a profession context",
        "MIT (this project)",
    ),
    "organization_words.txt": (
        "curated for this project (`word<TAB>kind`: organisation head words, compound endings "
        "and company legal forms)",
        "MIT (this project)",
    ),
    "salutations.txt": ("curated for this project (hand-written, not generated)", "MIT (this project)"),
    "titles.txt": ("curated for this project (hand-written, not generated)", "MIT (this project)"),
    "abbreviations.txt": ("curated for this project (hand-written, not generated)", "MIT (this project)"),
}
HAND_WRITTEN = ("salutations.txt", "titles.txt", "abbreviations.txt")


def count_entries(path: Path) -> int:
    """Non-empty lines of a dictionary file."""
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


def package_versions() -> str:
    """Versions of the source packages, so a rebuild can be compared like for like."""
    names = ("faker", "gender-guesser", "python-stdnum", "german-nouns", "wordfreq")
    return ", ".join(f"{n} {importlib.metadata.version(n)}" for n in names)


def readme_table() -> str:
    """One row per file in dictionaries/ (plus the declared hand-written files)."""
    present = {p.name for p in DICT_DIR.iterdir() if p.is_file() and p.name != "README.md"}
    rows = ["| file | source | licence | entries | regenerate |", "| --- | --- | --- | --- | --- |"]
    for name in sorted(present | set(FILE_INFO)):
        unknown = ("unknown: add it to FILE_INFO in scripts/wordlists/readme.py", "unknown")
        source, licence = FILE_INFO.get(name, unknown)
        path = DICT_DIR / name
        count = str(count_entries(path)) if path.is_file() else "not present yet"
        command = "hand-edited (counted by the script)" if name in HAND_WRITTEN else f"`{REGENERATE}`"
        rows.append(f"| `{name}` | {source} | {licence} | {count} | {command} |")
    return "\n".join(rows)


README_TEMPLATE = """# Bundled dictionaries

Generated by `scripts/build_dictionaries.py`, this README included (the counts are written by
the script). After changing the script, upgrading a source package or editing a hand-written
list, run:

    {regenerate}

Every list is UTF-8, sorted (code-point order), one entry per line, without comments or blank
lines. Output is deterministic for given package versions. This build used:
{versions}.

{table}

## Licences (read before redistributing)

The files do not share one licence:

- `common_words.txt` is derived from share-alike data (german-nouns: Wiktionary, CC BY-SA 4.0;
  wordfreq's word lists: CC BY-SA 4.0) and is itself **CC BY-SA 4.0**.
- `first_names.txt` and `first_names_gender.tsv` contain names from Jörg Michael's
  `nam_dict.txt` (shipped by gender-guesser) and are therefore under the **GNU Free
  Documentation License 1.2 or later**; modified versions must be released under the GFDL too.
- `postcodes_at.tsv`, `postcodes_ch.tsv`, `postcodes_de.tsv` and `postcodes_li.tsv` contain
  GeoNames data (geonames.org, **CC BY 4.0**: attribute "Contains GeoNames data, CC BY 4.0").
- Faker-derived names (`surnames.txt`, and part of the first names) are **MIT**. Curated lists
  (written in the `scripts/wordlists/` package or by hand) are **MIT** like the project.

## How the lists are made

- **Names.** Faker person providers for the German-speaking countries and, in Latin script,
  for Turkey, Croatia, Slovenia, Poland, Czechia, Slovakia, Hungary, Romania, Italy and
  Algeria (Arabic names; `ar_AA` is Arabic script only and is not used). nam_dict first names
  (the file's frequency scale runs 1-13, logarithmic) are kept when their frequency is
  >= {home_min} in Germany, Austria or Switzerland, or >= {immigrant_min} in one of:
  {countries}. nam_dict's `+` (Arabic compounds) yields both `Abdel-Aziz` and `Abdelaziz`;
  entries with legacy escape codes or spaces are skipped; rows marked `+` in column 30
  duplicate `-` rows and are skipped. Only Latin letters, hyphen and apostrophe; capitalised;
  not all caps; length >= 2. Every name is also listed without non-German diacritics
  (Kovačević -> Kovacevic, Ayşe -> Ayse, Đukić -> Djukic), the spelling German records often
  use. Polish -ski/-cki surnames get their -ska/-cka forms. A curated list adds frequent
  Turkish, Serbian, Bosnian, Albanian, Romanian and Arabic/Afghan/Iranian surnames that Faker
  lacks. Gender: m or f when every selected source agrees, otherwise u.
- **Postcodes and places (the gazetteer).** One `code<TAB>place` line per pair of the GeoNames
  postal-code data for Austria, Germany, Switzerland and Liechtenstein
  (`scripts/wordlists/geonames.py`, reading the copy in `../shared/data/postcodes`; nothing at
  run time reads it). The filter is the one `deid scrape-dicts --source postcodes` applies
  (`deid_cli/scrape/postcodes.py`): German bulk-customer codes whose "place" is a company or an
  office are dropped (legal forms, business words, acronyms, digits, lower-case words that are
  no name link), bilingual names give both halves ("Hornstein / Vorištan"), Swiss office
  suffixes are cut ("Buchs AG" -> Buchs). The places are the gazetteer of the place rules
  (after "wohnhaft in", a preposition, a postcode); they need such a cue, so hamlets named like
  ordinary words ("Au", "Brunnen") are no risk in running text. The words `common_words.txt`
  must not absorb remain the Austrian municipalities of python-stdnum's postcode table and
  Faker's cities, as before, so the common words did not change with the gazetteer.
- **Medical sites.** Real names and their usual short forms only (no generated prefix x place
  combinations); the matcher combines a word from `site_prefixes.txt` with a following
  capitalised place at run time. Sources: Tirol Kliniken and Land Tirol hospital lists, the
  regional hospital operators (KAGes, KABEG, NÖ LGA, OÖG, SALK, Wiener Gesundheitsverbund),
  AUVA/PVA rehabilitation centres, Südtiroler Sanitätsbetrieb, Wikipedia lists of hospitals
  in Austria and of German university hospitals: facts, written from knowledge.
- **Common words** (lower-case; a bare dictionary hit on one is not masked):
  1. german-nouns common-noun lemmas (rows tagged Vorname, Nachname, Toponym, Eigenname,
     Straßenname do not count) with wordfreq Zipf frequency >= {noun_zipf}. A lemma that is
     also in the name lists is kept only if it forms >= {family} compounds with other lemmas:
     Koch, Bauer, Wolf, Fischer, Schneider, Richter stay; Huber, Müller, Meier, Weber, Anna go.
  2. Other wordfreq words (>= 3 letters) with Zipf >= {other_zipf} that are not noun lemmas,
     minus every name in the name lists, german-nouns name/place lemmas, Austrian postcode
     places and Faker's German/Austrian/Swiss cities and states; a word that is a name in any
     Faker locale or in nam_dict stays only if its German Zipf frequency exceeds its English
     one by >= {german_lead} (keeps dann, frei, meine; drops smith, johnson, bill).
  3. Curated clinical vocabulary, English note words and function words/adjectives that
     double as names (in `scripts/wordlists/curated_words.py`), minus a short list of words
     that are in notes almost always given names ({never}).
  Known gap: German-only surnames absent from every name source (e.g. Heinze) can still pass
  step 2; add them to the name lists or to the never-common list in
  `scripts/wordlists/curated_words.py`.
- **Eponyms.** Curated: people's names used for diseases, signs, tests and scores. Very
  frequent surnames that are also eponyms (Weber, Becker, Hartmann) are left out on purpose.
- **Professions.** Curated masculine job titles; the script adds the feminine (-in, -frau,
  irregular ones listed), genitive and plural forms (Lehrer, Lehrers, Lehrern, Lehrerin,
  Lehrerinnen; Polizist, Polizisten; Kaufmann, Kaufleute) and adjectival nouns (Angestellte,
  Angestellter, Beamtin). A patient's profession is PHI, but Arzt, Pfleger or Lehrer alone are
  everyday words: `deid_cli/detection/patterns/organisations.py` masks them only in a
  profession context.
- **Organisation words.** Curated, `word<TAB>kind`: `head` (Universität, HTL, Firma, Fa.,
  Gemeinde, Bank, ...: masked only together with the capitalised name or place after it),
  `suffix` (compound endings: Landesberufsschule, Raiffeisenbank) and `legal` (GmbH, AG, KG,
  e.U., GmbH & Co KG, ...: the capitalised words before it are the company's name).
"""


def write_readme() -> int:
    """Regenerate README.md from the template; returns its table row count."""
    text = README_TEMPLATE.format(
        regenerate=REGENERATE,
        versions=package_versions(),
        table=readme_table(),
        home_min=NAM_DICT_HOME_MIN,
        immigrant_min=NAM_DICT_IMMIGRANT_MIN,
        countries=", ".join(NAM_DICT_IMMIGRANT_COLUMNS),
        noun_zipf=NOUN_MIN_ZIPF,
        other_zipf=OTHER_MIN_ZIPF,
        family=MIN_COMPOUND_FAMILY,
        german_lead=MIN_GERMAN_LEAD,
        never=", ".join(words(NEVER_COMMON_WORDS)),
    )
    (DICT_DIR / "README.md").write_text(text, encoding="utf-8", newline="\n")
    return text.count("\n| `")
