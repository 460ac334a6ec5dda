"""The families' frames for the other PHI of letters (issue 17): addresses, places after a
preposition, medical sites and ward codes, identifiers after a keyword, e-mail addresses.

Why a second disjoint set: as for persons, rules tuned on the dev frames are measured on test
frames they have never seen; institution phrasings, ID keywords, number shapes and mail domains
differ between the families wherever German usage allows. All text here is invented.

Slots: ``{street}`` street + house number (ADD), ``{zip_place}`` postcode + place (ZIP, LOC),
``{place}`` a place after a preposition (LOC), ``{site}`` an institution in the nominative and
``{dat_site}`` article + institution in the dative (SIT, the article is not gold; class
``practice`` when the name is a doctor's, else ``site``), ``{ward}`` a
ward code (SIT), ``{kw}`` an ID keyword (plain text) and ``{id}`` its number (ID), ``{mail}``
(MAI); ``{Pat}``, ``{Art}``, ``{Pron}``, ``{pron}`` gender words. Shapes: ``#`` a digit, ``N`` a digit 1-9,
``A`` a capital letter, ``a`` a letter a-d, ``Y`` a year 2015-2025, ``y`` its last two digits.

The third family, ``holdout``, is assembled here from the plain data of ``holdout``, the
fourth, ``fresh``, from that of ``fresh``, the fifth, ``sealed``, from that of ``sealed``, the
sixth, ``vault``, from that of ``vault``, the seventh, ``reserve``, from that of ``reserve``, the
eighth, ``ledger``, from that of ``ledger``, the ninth, ``codex``, from that of ``codex``, the
tenth, ``folio``, from that of ``folio``, the eleventh, ``docket``, from that of ``docket``, the
twelfth, ``dossier``, from that of ``dossier``, the thirteenth, ``chart``, from that of ``chart``,
and the fourteenth, ``binder``, from that of ``binder`` (read their docstrings before opening them:
none is to be read while working on rules, and ``vault``, ``reserve``, ``ledger``, ``codex``,
``folio``, ``docket``, ``dossier``, ``chart`` and ``binder`` are never to be read by the developer
at all).
``sealed`` also writes ``{dob}`` (a birth date, gold-only) and
``{PLACE}``/``{SURNAME}`` in institution names (in capitals).
"""

from __future__ import annotations

import types
from dataclasses import dataclass

from generalise import (
    binder,
    chart,
    codex,
    docket,
    dossier,
    folio,
    fresh,
    holdout,
    ledger,
    reserve,
    sealed,
    vault,
)


@dataclass(frozen=True)
class PhiFamily:
    address_blocks: tuple[str, ...]  # a line block under the letter header
    sentences: dict[str, tuple[str, ...]]  # kind -> frames, for letters and notes
    sites: tuple[tuple[str, str, str], ...]  # (dative article, nominative, dative form)
    ward_codes: tuple[str, ...]
    id_keywords: tuple[tuple[str, tuple[str, ...]], ...]  # (keyword, number shapes)
    house_numbers: tuple[str, ...]
    street_abbreviations: tuple[tuple[str, str], ...]  # (ending, abbreviation)
    mail_locals: tuple[str, ...]  # {first}, {last}, {f} (initial), {nn} (two digits)
    mail_domains: tuple[str, ...]
    ascii_mail: bool  # transliterate umlauts and other letters in the local part
    # (pattern on "<postcode> <place>", country code) written before some postcodes; none if empty
    zip_prefixes: tuple[tuple[str, str], ...] = ()

    def frames(self) -> set[str]:
        """Every frame and phrasing string, for the disjointness check."""
        frames = set(self.address_blocks) | {f for group in self.sentences.values() for f in group}
        return frames | {nominative for _, nominative, _ in self.sites}

    def institution_words(self) -> set[str]:
        """The head word of each institution phrasing ("Klinikum", "Spital")."""
        return {nominative.split()[0] for _, nominative, _ in self.sites}


# fmt: off
DEV_PHI = PhiFamily(
    address_blocks=("{street}\n{zip_place}\n", "Adresse: {street}, {zip_place}\n"),
    sentences={
        "address": ("{Art} {Pat} ist wohnhaft {street}, {zip_place}.",
                    "Neue Anschrift: {street}, {zip_place}."),
        "place": ("{Art} {Pat} wohnt in {place}.", "{Art} {Pat} wurde aus {place} zugewiesen.",
                  "Ein Urlaub in {place} ist geplant."),
        "site": ("Die Zuweisung erfolgte aus {dat_site}.", "Vorbefunde aus {dat_site} liegen bei.",
                 "Nachsorge: {site}."),
        "ward": ("Verlegung auf Station {ward}.", "{Art} {Pat} lag zuletzt auf Station {ward}."),
        "id": ("{kw} {id}", "Bitte bei Rückfragen {kw} {id} angeben.", "{kw}: {id}"),
        "mail": ("E-Mail: {mail}", "Der Befund wurde per Mail an {mail} geschickt."),
    },
    sites=(
        ("dem", "Klinikum {place}", "Klinikum {place}"), ("dem", "LKH {place}", "LKH {place}"),
        ("dem", "Krankenhaus der Barmherzigen Brüder {place}", "Krankenhaus der Barmherzigen Brüder {place}"),
        ("der", "Praxis Dr. {surname}", "Praxis Dr. {surname}"),
        ("dem", "Reha-Zentrum {place}", "Reha-Zentrum {place}"),
    ),
    ward_codes=("NA", "AN", "N"),
    id_keywords=(
        ("Fallnr.", ("Y/####", "A Y/####", "########")), ("Pat.-Nr.", ("#######", "###.###.###")),
        ("Aufnahmezahl", ("Y/#####", "A Y/####")),
    ),
    house_numbers=("N", "N#", "Na", "N/N", "N#/N"),
    street_abbreviations=(("straße", "str."),),
    mail_locals=("{first}.{last}", "{f}{last}", "{last}{nn}"),
    mail_domains=("gmx.at", "aon.at", "gmail.com", "web.de", "chello.at", "a1.net"),
    ascii_mail=True,
)

TEST_PHI = PhiFamily(
    address_blocks=("wohnhaft: {street} · {zip_place}\n", "Anschrift\n{street}\n{zip_place}\n\n"),
    sentences={
        "address": ("Die Wohnadresse lautet {street} in {zip_place}.",
                    "Hausbesuch geplant ({street}, {zip_place})."),
        "place": ("{Art} {Pat} übersiedelt nach {place}.", "{Pron} stammt aus {place}.",
                  "Seit Jahren lebt {pron} in {place}.", "Rückkehr nach {place} vorgesehen."),
        "site": ("Übernahme aus {dat_site} nach Sturz.", "Weiterbehandlung in {dat_site} empfohlen.",
                 "Zuweiser: {site}"),
        "ward": ("Rückverlegung auf die Bettenstation {ward}.", "Übernahme von der Stat. {ward}."),
        "id": ("({kw} {id})", "Unter {kw} {id} archiviert.", "{kw} {id} – bitte angeben."),
        "mail": ("erreichbar unter {mail}", "Kontakt per E-Mail ({mail})."),
    },
    sites=(
        ("dem", "Spital {place}", "Spital {place}"),
        ("dem", "Akademisches Lehrkrankenhaus {place}", "Akademischen Lehrkrankenhaus {place}"),
        ("dem", "Bezirkskrankenhaus {place}", "Bezirkskrankenhaus {place}"),
        ("dem", "Landeskrankenhaus {place}", "Landeskrankenhaus {place}"),
        ("der", "Ordination Dr. {surname}", "Ordination Dr. {surname}"),
        ("der", "Gruppenpraxis Dr. {surname}", "Gruppenpraxis Dr. {surname}"),
    ),
    ward_codes=("A-0N", "Na", "N0N", "AAN"),
    id_keywords=(
        ("Fallzahl", ("yy-####/N", "A yy/####")), ("Histologie-Nr.", ("A yy/####", "A#####/y")),
        ("SV-Nr.", ("N### ######",)), ("Befund-Nr.", ("####.####.##", "yy-#####")),
    ),
    house_numbers=("N#", "N/N/N#", "N-N", "N/Top N", "Nb"),
    street_abbreviations=(("gasse", "g."), (" Straße", " Str.")),
    mail_locals=("{first}.{last}", "{last}-{first}", "{f}.{last}"),
    mail_domains=("posteo.de", "bluewin.ch", "hotmail.com", "icloud.com", "drei.at", "ärztekammer-tirol.at"),
    ascii_mail=False,
)
# fmt: on


def _written_in(module: types.ModuleType) -> PhiFamily:
    """A family's PHI templates as its own module writes them (holdout.py, fresh.py, sealed.py,
    vault.py, reserve.py, ledger.py, codex.py, folio.py, docket.py, dossier.py, chart.py,
    binder.py)."""
    return PhiFamily(
        address_blocks=module.ADDRESS_BLOCKS,
        sentences=module.SENTENCES,
        sites=module.SITES,
        ward_codes=module.WARD_CODES,
        id_keywords=module.ID_KEYWORDS,
        house_numbers=module.HOUSE_NUMBERS,
        street_abbreviations=module.STREET_ABBREVIATIONS,
        mail_locals=module.MAIL_LOCALS,
        mail_domains=module.MAIL_DOMAINS,
        ascii_mail=module.ASCII_MAIL,
        zip_prefixes=module.ZIP_PREFIXES,
    )


HOLDOUT_PHI = _written_in(holdout)
FRESH_PHI = _written_in(fresh)
SEALED_PHI = _written_in(sealed)
VAULT_PHI = _written_in(vault)
RESERVE_PHI = _written_in(reserve)
LEDGER_PHI = _written_in(ledger)
CODEX_PHI = _written_in(codex)
FOLIO_PHI = _written_in(folio)
DOCKET_PHI = _written_in(docket)
DOSSIER_PHI = _written_in(dossier)
CHART_PHI = _written_in(chart)
BINDER_PHI = _written_in(binder)

PHI_FAMILIES: dict[str, PhiFamily] = {
    "dev": DEV_PHI,
    "test": TEST_PHI,
    "holdout": HOLDOUT_PHI,
    "fresh": FRESH_PHI,
    "sealed": SEALED_PHI,
    "vault": VAULT_PHI,
    "reserve": RESERVE_PHI,
    "ledger": LEDGER_PHI,
    "codex": CODEX_PHI,
    "folio": FOLIO_PHI,
    "docket": DOCKET_PHI,
    "dossier": DOSSIER_PHI,
    "chart": CHART_PHI,
    "binder": BINDER_PHI,
}
