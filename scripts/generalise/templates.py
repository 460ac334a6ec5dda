"""The two template families: sentence frames, letter layouts, greeting and closing lines, traps.

Why two disjoint sets: rules tuned on one set of frames are measured on frames they have never
seen. The ``dev`` family may be read and tuned on; the ``test`` family is only looked at as
counts per class. All text here is invented for this harness.

Slots: ``{H}`` patient in the letter/note header (inverted or capitals), ``{P}`` patient mention,
``{D}`` doctor mention, ``{R}`` relative mention, ``{B}`` bare surname, ``{E}`` eponym term and
``{W}`` role word (traps that must stay unmasked), ``{Pat}``/``{art}``/``{pron}`` gender words,
``{date}``, ``{time}``, ``{n}``. ``[[Wort]]`` marks a sentence-initial clinical word (a trap).
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Family:
    headers: tuple[str, ...]
    greetings: tuple[str, ...]
    intros: tuple[str, ...]
    body: tuple[str, ...]
    closings: tuple[str, ...]
    separators: tuple[str, ...]
    roles: tuple[str, ...]
    notes: tuple[str, ...]
    note_headers: tuple[str, ...]
    eponyms: tuple[str, ...]
    title_chains: tuple[str, ...]

    def frames(self) -> set[str]:
        """Every frame string, for the disjointness check."""
        groups = (
            self.headers,
            self.greetings,
            self.intros,
            self.body,
            self.closings,
            self.notes,
            self.note_headers,
        )
        return {frame for group in groups for frame in group}


# fmt: off
DEV = Family(
    headers=(
        "Entlassungsbrief\n\nPatient/in: {H}\n", "Stationärer Kurzbericht\nBetrifft: {H}\n",
        "ENTLASSUNGSBERICHT\n{H}\n",
    ),
    greetings=(
        "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,", "Sehr geehrte Kolleginnen und Kollegen,",
    ),
    intros=(
        "wir berichten über {P}, {art} vom {date} bis {date} an unserer Abteilung stationär war.",
        "wir danken für die Zuweisung von {P} und berichten über den Aufenthalt.",
    ),
    body=(
        "[[Anamnese]]: {P} kam mit zunehmender Belastungsdyspnoe.", "Bekannt ist ein {E}.",
        "Im Status war das {E} negativ.", "[[Therapie]] und Verlauf wurden mit {D} besprochen.",
        "Die Visite erfolgte durch {D}.", "{R} wurde über die Entlassung informiert.",
        "[[Mobilisation]] gelang gut, {B} ging zuletzt selbstständig am Gang.",
        "Der {W} empfahl eine Kontrolle in {n} Wochen.", "{P} wurde am {date} entlassen.",
        "[[Medikation]] siehe unten, {P} ist darüber aufgeklärt.",
    ),
    closings=("Mit freundlichen Grüßen", "Mit kollegialen Grüßen"),
    separators=("\t\t", "     ", " / "),
    roles=("Assistenzärztin", "Oberarzt", "Stationsärztin", "Primarius", "Assistenzarzt", "Oberärztin"),
    notes=(
        "{P} hat angerufen, [[Gewicht]] stabil.", "Rückruf bei {B} wegen Laborwerten.",
        "{B} ruft morgen zurück.", "{R} kommt um {time} Uhr.", "Visite mit {D}, {E} bekannt.",
        "[[Befund]] an {D} weitergeleitet.", "Telefonat mit {P}: Beine weniger geschwollen.",
        "{W} informiert, {P} bekommt neue Tabletten.", "[[Schmerzen]] unverändert, {B} schläft schlecht.",
    ),
    note_headers=("{H}:\n", "Pat.-Akt {H}\n"),
    eponyms=("Morbus Parkinson", "Babinski-Zeichen", "Morbus Crohn", "Lasègue-Test", "Morbus Bechterew"),
    title_chains=("OA Dr.", "Dr. med.", "Prim. Dr.", "Dr.", "OÄ Dr.", "Ass.-Ärztin Dr."),
)

TEST = Family(
    headers=(
        "ARZTBRIEF – Innere Medizin\nName: {H}\n", "Abschlussbericht der Station\n\nFür: {H}\n",
        "Kurzarztbrief\n{H}\n",
    ),
    greetings=("Liebe Kolleginnen und Kollegen,", "Geschätzte Frau Kollegin, geschätzter Herr Kollege,"),
    intros=(
        "nachfolgend unser Bericht zu {P}, {art} von {date} bis {date} bei uns aufgenommen war.",
        "{P} wurde uns am {date} zur weiteren Abklärung übergeben.",
    ),
    body=(
        "[[Aufnahmegrund]] war bei {P} eine akute Verschlechterung.", "Vorbefundlich {E}.",
        "Sonographisch freier {E} ohne Auffälligkeiten.", "Rücksprache mit {D} ist erfolgt.",
        "Die Entlassung wurde von {D} freigegeben.", "{R} holt {P} am {date} ab.",
        "[[Verlauf]] komplikationslos, {B} war rasch mobil.", "Laut {W} ist keine Reha nötig.",
        "Zur Kontrolle kommt {P} in {n} Wochen.", "[[Labor]] bei Entlassung unauffällig.",
    ),
    closings=("Mit freundlichen Grüßen,", "Freundliche Grüße", "MfG"),
    separators=("\t", "   ", " / ", "\t\t\t"),
    roles=(
        "Fachärztin", "Stationsleitung", "Abteilungsleiter", "Turnusarzt", "Ärztliche Direktorin", "Facharzt",
    ),
    notes=(
        "{B} ruft am Abend nochmal an.", "Telefonkontakt {P}, [[Blutdruck]] ok.",
        "{R} war zu Besuch und bringt Wäsche.", "Rückmeldung an {D} erfolgt, {E} unverändert.",
        "{P} meldet sich wegen Schwindel.", "[[Stuhlgang]] normal, {B} trinkt zu wenig.",
        "Laut {W} Verbandswechsel morgen.", "Wundkontrolle durch {D}, {P} zufrieden.",
        "Auf Wunsch von {R} Termin verschoben.",
    ),
    note_headers=("Betreff {H}\n", "[{H}] "),
    eponyms=("Douglas-Raum", "Foley-Katheter", "Parkinson-Syndrom", "Romberg-Versuch", "Cushing-Syndrom"),
    title_chains=("Univ.-Prof. Dr. med.", "PD Dr. med", "OA PD Dr.", "Ass.Dr.", "FA Dr.", "Dr. med. univ."),
)
# fmt: on

# The holdout, fresh, sealed, vault, reserve, ledger, codex, folio, docket, dossier, chart and
# binder families write their persons in the test family's frames: only their PHI is new.
FAMILIES: dict[str, Family] = {
    "dev": DEV, "test": TEST, "holdout": TEST, "fresh": TEST, "sealed": TEST, "vault": TEST,
    "reserve": TEST, "ledger": TEST, "codex": TEST, "folio": TEST, "docket": TEST, "dossier": TEST,
    "chart": TEST, "binder": TEST,
}  # fmt: skip
SLOT = re.compile(r"\{(\w+)\}|\[\[([^\]]+)\]\]")
