"""Sentence templates, their weights, and the traps and context words around names.

``{slot}`` is filled by ``rendering.NoteContext``; slots named pat_*/nurse_*/coll_*/doc_*/gp_*/
rel_*/site/street/zip/town/phone/*_mail/web yield PHI, all others plain text. Why templates:
colloquial note shapes ("Frau X hat angerufen, ...", "LG Anna") with traps that must stay
unmasked (eponyms, sentence-initial capitals, "Kollegin", "Schwester", ...).
"""

from __future__ import annotations

# fmt: off
FINDINGS: tuple[str, ...] = (
    "Gew. {weight} kg", "Gewicht {dw} kg", "RR {rr}", "HF {hf}", "Beine geschwollen",
    "Ödeme bds.", "keine Dyspnoe", "Dyspnoe bei Belastung", "fühlt sich gut", "schläft schlecht",
    "Schwindel", "Husten seit {n_small} Tagen", "Appetit gut", "Kreislauf stabil", "SpO2 {spo2}%",
    "leichte Knöchelödeme", "Orthopnoe", "kurzatmig", "geht besser", "keine Beschwerden", "müde",
    "Gewicht stabil", "Harnmenge ok", "Durchfall seit gestern", "Gew. {weight}kg",
    "RR {rr} HF {hf}", "Beine dicker", "braucht 2 Polster zum schlafen", "AZ reduziert",
)
FILLERS: tuple[str, ...] = (
    "{Finding}, {finding}.", "{Finding}.", "{Finding}, {finding}, {finding}.",
    "Gew. {weight} kg, RR {rr}, HF {hf}.", "Gewicht {dw} kg seit {date}.",
    "RR {rr}, HF {hf}, SpO2 {spo2}%.", "Beine {swelling}, Ödeme {oedema}.",
    "keine Dyspnoe, keine AP.", "Dyspnoe beim Stiegensteigen, {finding}.", "{Med_line}.",
    "Torasemid {toras} mg 1-0-0 weiter.", "Entresto {entresto} mg 1-0-1, verträgt es gut.",
    "Diuretika {diuretic_change}.", "Kontrolle in {n_small} Wochen.", "Rückruf {when}.",
    "lt. Pat. {finding}.", "bzgl. {topic} nochmal nachfragen.",
    "z.B. weniger trinken, ca. {liters} l/Tag.", "Koch-Salz reduzieren!", "St.p. {event}.",
    "Z.n. {event}, {finding}.", "Bekannter Morbus Crohn, aktuell ruhig.",
    "Parkinson bekannt, Tremor unverändert.", "V.a. Marfan-Syndrom, Abklärung läuft.",
    "Die Beine sind dicker als letzte Woche.", "Die Waage zeigt {weight} kg.", "Sehr müde heute.",
    "Sehr gute Werte!", "Bitte um Rückruf.", "Bitte Werte täglich eintragen.",
    "Pain Score {pain}/10.", "Herz ok, Lunge frei.", "Termin am {date} um {time}.",
    "Kollegin informiert.", "Schwester hilft beim Wiegen.", "Werte per App übermittelt.",
    "Pat. hat Werte {n_small} Tage nicht übertragen.", "Waage kaputt, neue wird geschickt.",
    "Nykturie {n_small}x.", "Schwindel beim Aufstehen, {finding}.",
    "NT-proBNP {bnp}, Krea {krea}, K {kalium}.", "Labor vom {date}: Krea {krea}, K {kalium}.",
    "Trinkmenge ca. {liters} l.", "hat heute {n_small}x angerufen.", "Pat. ist zufrieden.",
    "alles ok.", "passt so.", "Tabletten neu gerichtet.", "Dosis {entresto} mg bleibt.",
    "Rezept für {drug} angefordert.", "bei Zunahme > 2 kg in 3 Tagen melden.",
    "Schulung bzgl. Symptomen erfolgt.", "Pat. war spazieren, ca. {n_small} km.",
    "{Drug} pausiert wegen {reason}.", "Pat. nimmt {drug} {dose_time}.",
    "Blutabnahme am {date}.", "Befund ausständig.", "Pat. soll {advice}.",
    "Gewichtszunahme {dw_up} kg in {n_small} Tagen, {drug} erhöht.", "Heute keine Werte.",
    "Pat. nicht erreicht, {when} nochmal probieren.", "Diuretika lt. Plan.",
    "Kalium {kalium}, Kontrolle {when}.", "Pat. hat Fragen bzgl. {topic}.",
    "war heut beim HA, passt soweit.", "geht a bissl besser.", "Sohn hat angerufen, Pat. schläft.",
    "hat die Tabletten vergessen.", "Enkel richtet die App ein.", "Akku vom Tablet leer.",
    "Pat. auf Urlaub bis {date}.", "pat. meldet sich nicht.", "PAt. hat Werte nachgetragen.",
    "Stiegen gehen geht schlecht, {finding}.", "wieder daheim, {finding}.", "Spital bis {date}.",
    "Nachbarin hilft beim Einkaufen.", "Rückruf erfolgt, alles ok.",
)
PAT_INTRO: tuple[str, ...] = (
    "{anrede} {pat_sur} hat angerufen, {finding}.",
    "{anrede} {pat_sur} ruft an: {finding}, {finding}.",
    "Pat. {pat_sur} meldet sich telefonisch, {finding}.",
    "{anrede} {pat_first} {pat_sur} hat heute angerufen.",
    "{pat_first} {pat_sur} meldet sich, {finding}.",
    "Telefonat mit {anrede_dat} {pat_sur}: {finding}.",
    "am Nachmittag macht {anrede} {pat_sur} Spaziergang, {finding}.",
    "{anrede_dat} {pat_sur} Bescheid gegeben bzgl. {topic}.",
    "Rückruf bei {anrede_dat} {pat_sur}, nicht erreicht.",
    "lt. {anrede_dat} {pat_sur} {finding}.",
    "{anrede} {pat_sur} Termin vereinbart am {date}.",
    "Pat. {pat_first} {pat_sur}, {age} J., {finding}.",
    "Hausbesuch bei {anrede_dat} {pat_sur}, {finding}.",
    "{anrede} {pat_sur} fragt bzgl. {topic}.",
    "Gespräch mit {anrede_dat} {pat_first} {pat_sur}: {plan}.",
    "{anrede} {pat_sur} Gewicht {dw} kg, {finding}.",
    "{anrede} {pat_sur} {finding}.",
    "Anruf von {anrede_dat} {pat_sur}, {finding}.",
)
PAT_BARE: tuple[str, ...] = (
    "{pat_sur} berichtet über Schwindel.", "Rückruf bei {pat_sur}, {finding}.",
    "{pat_sur} meldet sich wieder, {finding}.", "mit {pat_sur} besprochen: {plan}.",
    "{pat_sur} hat Werte nicht übertragen.", "Termin {pat_sur} verschoben auf {date}.",
    "{pat_first} {pat_sur} ruft wieder an, {finding}.", "{pat_sur}: {finding}, {finding}.",
    "{pat_sur} heute stabil.", "Anruf {pat_sur} wegen {topic}.",
)
HCP_MENTION: tuple[str, ...] = (
    "Rücksprache mit Dr. {doc_sur}: {plan}.", "{doc_oa} Dr. {doc_sur} informiert.",
    "lt. Dr. {doc_sur} {drug} reduzieren.", "HA Dr. {gp_sur} wird kontaktiert.",
    "Befund an {gp_title} Dr. {gp_sur} gefaxt.", "DGKP {coll_first} {coll_sur} war auf Hausbesuch.",
    "laut {coll_kolleg} {coll_first} {finding}.", "{coll_schwester} {coll_first} war bei Pat.",
    "Übergabe an {coll_first}.", "{doc_oa} Dr. {doc_first} {doc_sur} ist einverstanden.",
    "Dr. {doc_sur} ruft Pat. zurück.", "Mail an Dr. {doc_sur} bzgl. {topic}.",
    "Rücksprache {doc_oa} {doc_sur}, {plan}.",
)
GREETINGS: tuple[str, ...] = (
    "Hallo {coll_first},", "{liebe_coll} {coll_first},", "Hi {coll_first}!", "Servus {coll_first},",
)
SIGNOFFS: tuple[str, ...] = (
    "LG {nurse_first}", "Liebe Grüße, {nurse_first}", "lg {nurse_first}", "Danke, LG {nurse_first}",
    "- {nurse_first}", "DGKP {nurse_first} {nurse_sur}", "Grüße {nurse_first}", "LG, {nurse_first}",
)
PER_MENTION: tuple[str, ...] = (
    "Gespräch mit {rel_dem} {rel_role} {rel_name}: {finding}.",
    "{rel_role} {rel_name} ruft an, {finding}.",
    "{rel_role} {rel_name} bringt Pat. zur Kontrolle.",
    "{rel_der} {rel_role} ({rel_first}) hilft beim Wiegen.",
    "{rel_role} {rel_name} ist informiert.",
    "Pat. wird von {rel_dem} {rel_role} {rel_name} betreut.",
    "lt. {rel_role} {rel_first} {finding}.",
)
SIT_MENTION: tuple[str, ...] = (
    "Aufnahme {site} wegen {dx}.", "Pat. war {n_small} Tage {site_prep} {site}.",
    "Entlassung aus {site_dem} {site} am {date}.", "Kontrolle Herzambulanz {site} am {date}.",
    "seit {date} stationär {site_prep} {site}.", "Termin {site_prep} {site} am {date} um {time}.",
    "Befund {site} liegt vor.",
)
ADD_MENTION: tuple[str, ...] = (
    "wohnt jetzt {street_prep} {street}, {zip} {town}.", "neue Adresse: {street}, {zip} {town}.",
    "Medikamente an {street}, {zip} {town} schicken.", "Adresse geändert: {street}.",
    "Hausbesuch {street_prep} {street}.", "Pat. übersiedelt nach {zip} {town}, {street}.",
)
PHO_MENTION: tuple[str, ...] = (
    "Tel. {phone}", "Rückruf unter {phone}.", "neue Handynr.: {phone}",
    "{rel_role} erreichbar unter {rel_phone}.", "Tel: {rel_phone} ({rel_role})",
    "bitte unter {phone} zurückrufen.", "Nummer geändert auf {phone}.",
    "Ambulanz Tel. {clinic_phone}",
)
MAI_MENTION: tuple[str, ...] = (
    "Mail an {pat_mail} geschickt.", "E-Mail: {pat_mail}", "Befund per Mail an {hcp_mail}.",
    "Kontakt {pat_mail}",
)
WEB_MENTION: tuple[str, ...] = (
    "Infos auf {web}.", "Anleitung unter {web}", "Link {web} geschickt.", "siehe {web}",
)

TEMPLATE_GROUPS: dict[str, tuple[str, ...]] = {
    "filler": FILLERS, "pat": PAT_INTRO, "pat_bare": PAT_BARE, "hcp": HCP_MENTION,
    "greeting": GREETINGS, "signoff": SIGNOFFS, "per": PER_MENTION, "sit": SIT_MENTION,
    "add": ADD_MENTION, "pho": PHO_MENTION, "mai": MAI_MENTION, "web": WEB_MENTION,
}
# Relative share of PHI events in notes that have PHI at all.
EVENT_WEIGHTS: dict[str, float] = {
    "pat": 0.40, "signoff": 0.20, "hcp": 0.11, "greeting": 0.03, "per": 0.09, "sit": 0.07,
    "add": 0.03, "pho": 0.04, "mai": 0.015, "web": 0.015,
}
PHI_FREE_SHARE = 0.33
# Words that look like names to a naive tagger but are never PHI here; the tests check they
# occur in the corpus and never inside a gold span.
TRAPS: tuple[str, ...] = (
    "Parkinson", "Morbus Crohn", "Marfan-Syndrom", "Spaziergang", "Die", "Sehr", "Bitte",
    "RR", "Kollegin", "Schwester", "Pain", "Koch-Salz", "Herz",
)
# Words the slots emit around names (salutations, titles, roles); no name may equal one.
CONTEXT_WORDS: tuple[str, ...] = (
    "Frau", "Herr", "Herrn", "Liebe", "Lieber", "Kollege", "Pfleger", "Hausarzt", "Hausärztin",
    "OA", "OÄ", "DGKP", "Dr",
)
# fmt: on
