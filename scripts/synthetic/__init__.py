"""Generate synthetic colloquial German/Austrian telehealth notes with exact gold PHI spans.

Why this exists: the real target corpus (telehealth notes such as "Frau Maier hat angerufen,
Gewicht +2 kg. LG Anna") cannot leave the hospital, so deid's rules are developed and measured
on look-alike notes. The generator is built so that a good score must be *earned*:

* Person names are invented by a syllable/morpheme generator and every candidate that appears
  in the project's own dictionaries (``first_names.txt``, ``surnames.txt``, ``common_words.txt``,
  ``eponyms.txt``; compared case- and umlaut-folded) is rejected, as is any word the templates
  use and, when wordfreq is installed, anything German text actually uses (Zipf >= 1). A name
  can therefore only be found through context rules (salutations, titles, sign-offs, full
  names, corpus-wide learning), never by a plain dictionary lookup that would make the
  measurement circular. ``--mix-common`` deliberately breaks this for showcase files.
* Notes contain traps that must stay unmasked: eponyms, nouns after a name, sentence-initial
  capitalised words, blood pressure and dose fractions, dates, "Kollegin", "Schwester", ...
* Several notes share a patient, so the same surname recurs with and without a salutation,
  and a stable team of nurses and doctors signs many notes.

Output, one JSON object per line::

    {"id": "syn-000001", "patient_id": "P0042", "text": "...", "gold": [[start, end, "PAT"], ...]}

Offsets are Python string indices. Person names are one span per name token ("Anna Gruber" ->
two spans, "Müller-Huber" -> two spans without the hyphen); titles and salutations are never
part of a span. ``--plain`` writes ``{"id", "text"}`` only, ``--no-gold`` keeps ``patient_id``.
The output is a pure function of ``--seed``, ``--notes``, the flags, the dictionary files and
the installed wordfreq data; pool sizes are written to stderr.

Run it through ``scripts/make_synthetic.py``. Modules:

- ``gold``: labels, text pieces, notes and the assembly of exact span offsets.
- ``morphology``: stems, endings and syllables names are invented from.
- ``places``: sites, towns, streets, mail domains, websites, phone prefixes.
- ``templates``: sentence templates, event weights, traps and context words.
- ``slot_values``: plain (non-PHI) slot values: drugs, phrases, numbers, dates.
- ``pools``: the name pools (candidates minus dictionary hits, template words, wordfreq words).
- ``people``: the records of patients, relatives and the team.
- ``world``: draws names and builds patients, relatives, phones, mails, streets, the team.
- ``rendering``: fills a template's slots into gold pieces for one note.
- ``typos``: typos in plain text only.
- ``composer``: composes notes and the whole corpus from one seed.
- ``cli``: options, output modes and the summary.
"""
