"""Regenerate the bundled word lists in ``dictionaries/`` from installed packages.

Why a build: the lists are derived data. Rebuilding them from pinned packages (Faker,
gender-guesser, python-stdnum, german-nouns, wordfreq) plus the curated lists of this package
keeps every entry traceable to a source and licence, and keeps ``dictionaries/README.md``
(whose count column the build writes) honest.

Run: ``.venv/bin/python scripts/build_dictionaries.py``. The output is deterministic for a
given set of installed package versions: every file is sorted, UTF-8, one entry per line,
without comments or blank lines (provenance lives in the README only).

Modules:

- ``parameters``: output location and the thresholds the README documents.
- ``curated_names``, ``curated_sites``, ``curated_professions``, ``curated_words``: the
  hand-curated lists (MIT, this project).
- ``helpers``: curated blocks into entries, the name validity rule and spelling variants,
  data files of installed packages.
- ``faker_names``, ``nam_dict``: the two name sources; ``names`` merges them into the first-name
  and surname lists.
- ``places``: Austrian postcodes and Faker's cities and states.
- ``german_nouns``: noun lemmas, their inflected forms and compound families.
- ``common_words``: the common and frequent word lists (german-nouns, wordfreq, curated).
- ``professions``: job titles with generated forms, organisation words.
- ``readme``: the README with sources, licences and entry counts.
- ``build``: writes every file and the README; ``main`` is the command line.
"""
