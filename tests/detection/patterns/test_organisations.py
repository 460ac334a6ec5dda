"""Guarantees of the context stage: professions (PRO), organisations (ORG), places (LOC).

Runs on the bundled lists (places from the postcode dictionary, professions.txt,
organization_words.txt, common_words.txt). Every person and company name is invented.
"""

from __future__ import annotations

import time
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deid_cli.detection.lexicon.lists import load_bundled
from deid_cli.detection.normalize import fold
from deid_cli.detection.patterns.organisations import LOC, MASKERS, ORG, PRO, OrgStage, bundled_org_lists
from deid_cli.detection.spans import Span

ALL = frozenset({PRO, ORG, LOC})


@pytest.fixture(scope="module")
def lists() -> tuple[list[str], list[str], list[str], frozenset[str]]:
    sources = load_bundled()
    professions, org_words = bundled_org_lists()
    return sources.places, professions, org_words, frozenset(fold(w) for w in sources.common_words)


@pytest.fixture(scope="module")
def stage(lists: tuple[list[str], list[str], list[str], frozenset[str]]) -> OrgStage:
    return OrgStage(ALL, *lists)


def found(stage: OrgStage, text: str, kind: str | None = None) -> list[str]:
    """Texts of the spans (optionally of one type), in order."""
    return [text[s.start : s.end] for s in stage.find(text) if kind is None or s.type == kind]


# --- bundled lists ---------------------------------------------------------------------------


def test_bundled_professions_hold_both_genders_and_inflected_forms() -> None:
    professions = set(bundled_org_lists()[0])
    assert len(professions) > 1000
    expected = "Lehrer Lehrerin Lehrers Lehrerinnen Landwirt Landwirtin Bäcker Tischler Elektriker"
    expected += " Krankenpfleger Ärztin Kaufleute Polizisten Angestellte Beamtin"
    assert set(expected.split()) <= professions


def test_bundled_organization_words_are_word_tab_kind_lines() -> None:
    entries = [line.split("\t") for line in bundled_org_lists()[1]]
    assert all(len(e) == 2 and e[1] in {"head", "suffix", "legal"} for e in entries)
    by_kind = {kind: {word for word, k in entries if k == kind} for kind in ("head", "suffix", "legal")}
    heads = by_kind["head"]
    assert {"Universität", "Uni", "HTL", "Volksschule", "Gymnasium", "Firma", "Fa.", "Gemeinde"} <= heads
    assert {"GmbH", "AG", "KG", "OG", "e.U.", "GmbH & Co KG", "e.V."} <= by_kind["legal"]
    assert {"schule", "bank"} <= by_kind["suffix"]


# --- professions -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Die Patientin ist von Beruf Lehrerin.", ["Lehrerin"]),
        ("Er arbeitet als Tischler.", ["Tischler"]),
        ("Sie arbeitete 30 Jahre als Verkäuferin.", ["Verkäuferin"]),
        ("Er war lange als Elektriker tätig.", ["Elektriker"]),
        ("Ehemann ist Landwirt.", ["Landwirt"]),
        ("Pensionierter Bäcker, lebt allein.", ["Bäcker"]),
        ("ehemalige Lehrerin, verwitwet", ["Lehrerin"]),
        ("Der Patient ist Lehrer in Pension.", ["Lehrer"]),
        ("Volksschullehrerin i.R., wohnt allein", ["Volksschullehrerin"]),
        ("Beruf: Bürokauffrau", ["Bürokauffrau"]),
        ("Beruf: pens. Krankenpfleger", ["Krankenpfleger"]),
        ("tätig als Kfz-Mechaniker", ["Kfz-Mechaniker"]),
        ("Sohn ist gelernter Maurer.", ["Maurer"]),
        ("Ehemann ist Bankangestellter.", ["Bankangestellter"]),
        ("Er ist Tischler von Beruf.", ["Tischler"]),
    ],
)
def test_profession_is_masked_in_context(stage: OrgStage, text: str, expected: list[str]) -> None:
    assert found(stage, text, PRO) == expected


def test_only_the_job_title_is_reported_with_masker_profession(stage: OrgStage) -> None:
    text = "Die Patientin ist pensionierte Lehrerin."
    start = text.index("Lehrerin")
    assert stage.find(text) == [Span(start, start + len("Lehrerin"), PRO, "Profession")]


@pytest.mark.parametrize(
    "text",
    [
        "Pflege: Mobilisation mit Rollator. Arzt informiert.",
        "Arzt ist informiert, Pflege übernimmt.",
        "Ist Arzt informiert?",
        "Der Lehrer der Enkelin hat angerufen.",
        "Tischler kommt morgen wegen Haltegriff.",
        "Die Krankenpflegerin hat den Verband gewechselt.",
    ],
)
def test_bare_profession_words_are_not_masked(stage: OrgStage, text: str) -> None:
    assert found(stage, text, PRO) == []


@pytest.mark.parametrize(
    "text",
    [
        "Der frühere Hausarzt Dr. Huber hat angerufen.",
        "Ansprechpartner ist Oberarzt Dr. Lang.",
        "Als behandelnder Arzt empfehle ich Kontrolle.",
        "als Ärztin empfehle ich Kontrolle",
        "diplomierte Krankenschwester bei der Visite",
    ],
)
def test_clinical_roles_need_a_strong_context(stage: OrgStage, text: str) -> None:
    assert found(stage, text, PRO) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Die Tochter ist Ärztin in Wien.", ["Ärztin"]),
        ("Die Pat. ist ehemalige Krankenschwester.", ["Krankenschwester"]),
        ("Er war als Arzt in Hall tätig.", ["Arzt"]),
        ("arbeitet als Krankenpfleger", ["Krankenpfleger"]),
        ("pensionierte Krankenschwester", ["Krankenschwester"]),
    ],
)
def test_clinical_roles_count_in_a_strong_context(stage: OrgStage, text: str, expected: list[str]) -> None:
    assert found(stage, text, PRO) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Er war als Fahrer eines PKW beteiligt, Beifahrer unverletzt.",
        "Erwachsenenvertreter ist Mag. Huber.",
        "Sie ist Rollstuhlfahrerin.",
        "Der Befund ist normaler als erwartet.",
    ],
)
def test_generic_roles_and_their_compounds_are_not_jobs(stage: OrgStage, text: str) -> None:
    assert found(stage, text, PRO) == []


@pytest.mark.parametrize(
    "text",
    [
        "Er ist Raucher.",
        "Sie ist Diabetikerin.",
        "Pat. ist Nichtraucher.",
        "Er ist Pensionist.",
        "Beruf: Rentner",
    ],
)
def test_habits_illnesses_and_retirement_are_not_professions(stage: OrgStage, text: str) -> None:
    assert found(stage, text, PRO) == []


def test_an_unlisted_capitalised_word_after_a_beruf_label_is_the_job(stage: OrgStage) -> None:
    assert found(stage, "Beruf: Zirbenschnitzer", PRO) == ["Zirbenschnitzer"]
    assert found(stage, "Beruf: keine Angabe", PRO) == []


# --- organisations ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Er studiert an der Universität Innsbruck.", ["Universität Innsbruck"]),
        ("Studium an der Uni Wien, dann FH Kufstein.", ["Uni Wien", "FH Kufstein"]),
        ("Sohn besucht die HTL Anichstraße.", ["HTL Anichstraße"]),
        ("Enkel geht in die Volksschule Pradl.", ["Volksschule Pradl"]),
        ("Matura am Gymnasium Zirbleiten", ["Gymnasium Zirbleiten"]),
        ("Pflegebett von der Firma Zirbleitner geliefert.", ["Firma Zirbleitner"]),
        ("Fa. Zirbleitner hat angerufen.", ["Fa. Zirbleitner"]),
        ("Besuch der Landesberufsschule Zirl", ["Landesberufsschule Zirl"]),
        ("Gemeinde Zirl, Magistrat der Stadt Innsbruck", ["Gemeinde Zirl", "Magistrat der Stadt Innsbruck"]),
        ("Studium an der Universität für Bodenkultur Wien", ["Universität für Bodenkultur Wien"]),
        ("Konto bei der Tiroler Sparkasse.", ["Tiroler Sparkasse"]),
    ],
)
def test_head_word_with_a_name_or_place_is_an_organisation(
    stage: OrgStage, text: str, expected: list[str]
) -> None:
    assert found(stage, text, ORG) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Sie arbeitet bei der Zirbleitner Holzbau GmbH in Wels.", ["Zirbleitner Holzbau GmbH"]),
        ("Er ist bei der Zirbleitner AG beschäftigt.", ["Zirbleitner AG"]),
        ("Die Zirbleitner & Co. KG hat geliefert.", ["Zirbleitner & Co. KG"]),
        ("Lieferung durch Almwirt Zirbleitner GmbH & Co KG.", ["Almwirt Zirbleitner GmbH & Co KG"]),
        ("Rechnung an Zirbleitner e.U. geschickt", ["Zirbleitner e.U."]),
        ("Heute Zirbleitner GmbH angerufen.", ["Zirbleitner GmbH"]),
        ("Termin am Montag. Zirbleitner GmbH ruft an.", ["Zirbleitner GmbH"]),
        ("Firma Zirbleitner GmbH hat geliefert.", ["Firma Zirbleitner GmbH"]),
        ("Mitglied im Trachtenverein Zirbleiten e.V.", ["Trachtenverein Zirbleiten e.V."]),
    ],
)
def test_capitalised_words_before_a_legal_form_are_an_organisation(
    stage: OrgStage, text: str, expected: list[str]
) -> None:
    assert found(stage, text, ORG) == expected


def test_at_most_four_words_before_a_legal_form(stage: OrgStage) -> None:
    assert found(stage, "Eins Zwei Zirbl Holz Bau Service GmbH", ORG) == ["Zirbl Holz Bau Service GmbH"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Arbeitgeber: Land Tirol", ["Land Tirol"]),
        ("Arbeitgeber: Zirbleitner Holzbau, Wattens", ["Zirbleitner Holzbau"]),
        ("Er arbeitet bei Swarovski in Wattens.", ["Swarovski"]),
    ],
)
def test_employer_after_label_or_work_verb_is_an_organisation(
    stage: OrgStage, text: str, expected: list[str]
) -> None:
    assert found(stage, text, ORG) == expected


@pytest.mark.parametrize(
    "text",
    [
        "in der Schule Probleme",
        "die Firma hat angerufen",
        "Firma Kontakt aufgenommen.",
        "Die Universität",
        "Arbeitgeber: keiner",
        "Er arbeitet bei der Post.",
        "Wohnung im 2. OG, kein Lift.",
        "Station OG, Zimmer 3",
        "Die GmbH hat geschrieben.",
        "Verband Mepilex gewechselt.",
        "FH LDL erhöht.",
        "Verlegung an die Uni Klinik Innsbruck.",
    ],
)
def test_head_word_or_legal_form_alone_is_not_an_organisation(stage: OrgStage, text: str) -> None:
    assert found(stage, text, ORG) == []


def test_two_organisations_joined_by_und_stay_separate(stage: OrgStage) -> None:
    text = "Besuch der HTL Anichstraße und der Volksschule Pradl."
    assert found(stage, text, ORG) == ["HTL Anichstraße", "Volksschule Pradl"]


# --- places ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Pat. kommt aus Wels.", ["Wels"]),
        ("Verlegung nach Zams", ["Zams"]),
        ("wohnhaft in Innsbruck, verheiratet", ["Innsbruck"]),
        ("Sie lebt in Wien und fährt nach Graz.", ["Wien", "Graz"]),
        ("Wohnort: Schwaz", ["Schwaz"]),
        ("Bruder wohnt bei Innsbruck", ["Innsbruck"]),
        ("Zuzug von Linz", ["Linz"]),
        ("In Innsbruck seit 1990.", ["Innsbruck"]),
    ],
)
def test_place_after_a_preposition_is_a_place(stage: OrgStage, text: str, expected: list[str]) -> None:
    assert found(stage, text, LOC) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Urlaub in St. Johann in Tirol geplant.", "St. Johann in Tirol"),
        ("Urlaub in St. Johann, dann heim.", "St. Johann"),
        ("aus Sankt Johann im Pongau", "Sankt Johann im Pongau"),
        ("Reha in Bad Häring.", "Bad Häring"),
        ("wohnhaft in Hall in Tirol", "Hall in Tirol"),
        ("früher in Innsbruck-Land", "Innsbruck-Land"),
    ],
)
def test_multi_word_places_match_longest(stage: OrgStage, text: str, expected: str) -> None:
    assert found(stage, text, LOC) == [expected]


@pytest.mark.parametrize(
    "text",
    [
        "nach Haus entlassen",
        "war in Au und am Berg",
        "Spaziergang in Wald und Au.",
        "Ausflug in See",
        "Besuch von Klaus",
        "Termin bei Stein",
    ],
)
def test_places_that_are_common_words_or_names_are_skipped(stage: OrgStage, text: str) -> None:
    assert found(stage, text, LOC) == []


def test_common_word_places_count_after_a_postcode_or_wohnhaft(stage: OrgStage) -> None:
    assert found(stage, "6870 Au, Vorarlberg", LOC) == ["Au"]
    assert found(stage, "wohnhaft in Au", LOC) == ["Au"]


@pytest.mark.parametrize(
    "text",
    [
        "in wien",  # capitalised only
        "in Innsbrucker Klinik",
        "Bei Bedarf Novalgin. Nach Rücksprache mit OA.",
        "Blutzucker in Ordnung. Aus Sicht der Pflege stabil.",
        "LKH Innsbruck",
    ],
)
def test_no_place_without_preposition_or_known_name(stage: OrgStage, text: str) -> None:
    assert found(stage, text, LOC) == []


# --- types, offsets, robustness --------------------------------------------------------------

TEXT = "Der Patient, pensionierter Tischler, wohnhaft in Zams, war bei der Firma Zirbleitner."


def test_types_not_requested_are_not_reported(
    lists: tuple[list[str], list[str], list[str], frozenset[str]],
) -> None:
    for types in (frozenset({PRO}), frozenset({ORG}), frozenset({LOC}), frozenset()):
        spans = OrgStage(types, *lists).find(TEXT)
        assert {s.type for s in spans} == set(types)
        assert all(s.masker == MASKERS[s.type] for s in spans)


def test_empty_lists_find_nothing_and_do_not_fail() -> None:
    assert OrgStage(ALL, [], [], [], frozenset()).find(TEXT) == []


def test_offsets_are_correct_after_umlauts_and_emoji(stage: OrgStage) -> None:
    prefix = "Ärztliche Übergabe 😀🏥 — Größe 1,80 m. "
    text = prefix + TEXT
    assert found(stage, text) == ["Tischler", "Zams", "Firma Zirbleitner"]
    assert [(s.start - len(prefix), s.end - len(prefix)) for s in stage.find(text)] == [
        (s.start, s.end) for s in stage.find(TEXT)
    ]


WORDS = [
    "in", "aus", "nach", "ist", "als", "von Beruf", "Beruf:", "pensionierter", "Lehrerin", "Arzt",
    "Firma", "Fa.", "Universität", "HTL", "Zirbleitner", "Holzbau", "GmbH", "AG", "OG", "&", "Co.",
    "Innsbruck", "St.", "Johann", "Tirol", "Au", "Wohnort:", "6020", "in Pension", "der", "und",
    "Ärztin", "😀", ",", ".", "\n", "arbeitet", "bei", "Tiroler", "Sparkasse", "Arbeitgeber:",
]  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=40), st.sampled_from([" ", "  ", ""]))
def test_spans_are_sorted_disjoint_and_trimmed(stage: OrgStage, words: list[str], sep: str) -> None:
    text = sep.join(words)
    spans = stage.find(text)
    assert all(0 <= s.start < s.end <= len(text) for s in spans)
    assert all(a.end <= b.start for a, b in pairwise(spans))
    assert all(text[s.start : s.end] == text[s.start : s.end].strip() for s in spans)


SIZE = 200_000
ADVERSARIAL = {
    "prepositions": "in " * (SIZE // 3),
    "places": "in Innsbruck " * (SIZE // 13),
    "abbreviation dots": "in St. " * (SIZE // 7),
    "head words": "Firma " * (SIZE // 6),
    "head and names": "Firma Zirbleitner Aaaa " * (SIZE // 23),
    "capitalised words then legal form": "Aaaa " * (SIZE // 5) + "GmbH",
    "legal forms": "GmbH " * (SIZE // 5),
    "professions": "als Lehrer " * (SIZE // 11),
    "retired": "Lehrer in Pension " * (SIZE // 18),
    "labels": "Arbeitgeber: " * (SIZE // 13),
    "region adjectives": "Tiroler Bank " * (SIZE // 13),
    "postcodes": "6020 Innsbruck " * (SIZE // 15),
    "blanks": " " * SIZE,
    "one long word": "als " + "B" * SIZE,
    "hyphen chain": "in " + "A-" * (SIZE // 2),
}


@pytest.mark.parametrize("name", list(ADVERSARIAL))
def test_adversarial_200_kb_inputs_finish_fast(stage: OrgStage, name: str) -> None:
    text = ADVERSARIAL[name]
    # CPU time of this process: the guarantee is about the algorithm (no quadratic scans or
    # regex backtracking), not about other jobs sharing the machine.
    started = time.process_time()
    spans = stage.find(text)
    assert time.process_time() - started < 1.0
    assert all(a.end <= b.start for a, b in pairwise(spans))


# --- the gazetteer: GeoNames towns of DE/AT/CH/LI; a locality needs a strong cue -------------


@pytest.fixture(scope="module")
def gazetteer_stage(lists: tuple[list[str], list[str], list[str], frozenset[str]]) -> OrgStage:
    """The stage as the detector builds it: the towns of the postcode lists set apart."""
    return OrgStage(ALL, *lists, towns=load_bundled().towns)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Die Patientin wohnt in Hamburg und kommt zur Kontrolle.", "Hamburg"),
        ("Aus Göttingen zugewiesen zur Abklärung.", "Göttingen"),
        ("Urlaub in Zürich, danach Verschlechterung.", "Zürich"),
        ("Umzug nach Vaduz geplant.", "Vaduz"),
        ("Rückkehr aus Frankfurt am Main am Wochenende.", "Frankfurt am Main"),
    ],
)
def test_a_town_of_any_of_the_four_countries_after_a_preposition_is_a_place(
    gazetteer_stage: OrgStage, text: str, place: str
) -> None:
    assert found(gazetteer_stage, text, LOC) == [place]


def test_a_locality_within_a_municipality_needs_a_stronger_cue_than_a_preposition(
    gazetteer_stage: OrgStage,
) -> None:
    # "Quick" is an Austrian hamlet in GeoNames and a lab value in letters.
    assert found(gazetteer_stage, "Marcumar nach Quick dosieren.", LOC) == []
    assert found(gazetteer_stage, "Patient wohnhaft in Quick, Landwirt.", LOC) == ["Quick"]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Patientin wohnhaft in Kirchbrunnau, verheiratet.", "Kirchbrunnau"),
        ("Wohnort: Oberzirbling", "Oberzirbling"),
        ("Pat. übersiedelt nach Zirbental.", "Zirbental"),
        ("Er stammt aus Quirinsdorf am Bach.", "Quirinsdorf"),
    ],
)
def test_after_a_residence_cue_a_place_no_list_knows_is_a_place(
    lists: tuple[list[str], list[str], list[str], frozenset[str]], text: str, place: str
) -> None:
    stage = OrgStage(ALL, *lists, place_like=lambda word, compounds=False: fold(word) not in lists[3])
    assert found(stage, text, LOC) == [place]


@pytest.mark.parametrize("text", ["Termin in Kirchbrunnau", "wohnt in Miete", "Raum Kirchbrunnau"])
def test_an_unknown_word_after_a_bare_preposition_or_a_noun_after_a_cue_is_no_place(
    lists: tuple[list[str], list[str], list[str], frozenset[str]], text: str
) -> None:
    stage = OrgStage(ALL, *lists, place_like=lambda word, compounds=False: fold(word) not in lists[3])
    assert found(stage, text, LOC) == []


# --- towns no list knows after a bare preposition ------------------------------------------------


@pytest.fixture(scope="module")
def town_stage(lists: tuple[list[str], list[str], list[str], frozenset[str]]) -> OrgStage:
    """The stage with place and town tests like the detector's: a possible place is no common
    word; a town no list knows also ends as places do (here: in "-au", "-dorf" or "-ingen")."""
    common = lists[3]

    def place_like(word: str, compounds: bool = False) -> bool:
        return fold(word) not in common

    def town_like(word: str, ending: bool = True) -> bool:
        return place_like(word) and (not ending or fold(word).endswith(("au", "dorf", "ingen")))

    return OrgStage(ALL, *lists, place_like=place_like, town_like=town_like)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Die Patientin wohnt seit Jahren in Quirnau.", "Quirnau"),
        ("Er wurde aus Zirblingen zugewiesen.", "Zirblingen"),
        # a residence verb a few words before its "in" is a residence cue: any possible place
        ("Sie lebt gemeinsam mit ihrem Mann in Quastlbrück.", "Quastlbrück"),
        ("Er wohnt seit 2010 in Quastlbrück, kommt allein.", "Quastlbrück"),
        ("Nach der Entlassung Rückkehr nach Bad Quirnau.", "Bad Quirnau"),
        ("Sturz im Urlaub in Quastlbrück.", "Quastlbrück"),  # a travel cue takes any possible place
        ("Pat. ist aus Quastlbrück zugewiesen.", "Quastlbrück"),  # so does a word after it
        ("Transfer von Zirbeldorf nach Linz.", "Zirbeldorf"),  # "von" only as a route's start
        ("wohnh. Quastlbrück, verheiratet", "Quastlbrück"),
        # after "von", "bei", "ab", "bis", "via", "nördlich von" a town with a place ending that
        # ends its clause (a surname there would be masked too, as a place)
        ("Kontrolle bei Zirbeldorf.", "Zirbeldorf"),
        ("Anreise von Zirbeldorf.", "Zirbeldorf"),
        ("Transport ab Zirbeldorf, Ankunft 10 Uhr.", "Zirbeldorf"),
        ("Sie wohnt nördlich von Zirbeldorf.", "Zirbeldorf"),
        # a residence label and its copula: any possible place
        ("Ihr Wohnort ist Quastlbrück.", "Quastlbrück"),
        ("Der Geburtsort war Quastlbrück, sie zog später weg.", "Quastlbrück"),
        ("Pendelt zwischen Zirbeldorf und Linz.", "Zirbeldorf"),
        # any past participle after a possible place names it one
        ("Der Patient wurde in Quastlbrück operiert.", "Quastlbrück"),
        ("Sie wurde nach Quastlbrück verlegt und dort versorgt.", "Quastlbrück"),
        ("Er wurde aus Quastlbrück abgeholt.", "Quastlbrück"),
    ],
)
def test_a_town_no_list_knows_after_a_preposition_is_a_place(
    town_stage: OrgStage, text: str, place: str
) -> None:
    assert found(town_stage, text, LOC)[:1] == [place]


@pytest.mark.parametrize(
    "text",
    [
        "Termin in Quastlbrück vereinbart.",  # no place ending, no cue
        "Anruf von Zirbeldorf wegen Befund.",  # "von" without a route: a name may stand there
        "Kontrolle bei Quastlbrück.",  # after "bei" a clause's end needs a place ending too
        "Besserung ab Montag.",
        "Schmerzen vor Belastung.",
        "in Intubationsnarkose",  # an ordinary word
    ],
)
def test_a_word_after_a_preposition_without_place_ending_or_route_is_no_place(
    town_stage: OrgStage, text: str
) -> None:
    assert found(town_stage, text, LOC) == []


# --- form labels, district words and state codes -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Ort: Innsbruck", "Innsbruck"),
        ("Stadt: Innsbruck", "Innsbruck"),
        ("PLZ/Ort: Innsbruck", "Innsbruck"),
        ("Ort: Lindenfeld", "Lindenfeld"),
        ("Stadt: Zirbenau", "Zirbenau"),
        ("PLZ/Ort: Lindenfeld", "Lindenfeld"),
        ("Geburtsstadt: Lindenfeld", "Lindenfeld"),
    ],
)
def test_a_form_label_with_its_colon_names_the_place_after_it(
    town_stage: OrgStage, text: str, place: str
) -> None:
    assert found(town_stage, text, LOC) == [place]


@pytest.mark.parametrize(
    "text",
    [
        "Wir waren vor Ort. Kontrolle morgen.",
        "Ort der Untersuchung: Ambulanz",
        "Ort: Ambulanz",
        "Ansprechpartner vor Ort: Wendolin Zirbleitner",
    ],
)
def test_ort_without_its_colon_or_before_an_ordinary_noun_names_no_place(
    town_stage: OrgStage, text: str
) -> None:
    assert found(town_stage, text, LOC) == []


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Er stammt aus Lindenfeld ZH.", "Lindenfeld ZH"),
        ("Sie wohnt in Zirbenfeld (NÖ), seit 2010 allein.", "Zirbenfeld (NÖ)"),
        ("Termin in Lindenfeld ZH vereinbart.", "Lindenfeld ZH"),
        ("Urlaub in Lärchbach BY geplant.", "Lärchbach BY"),
    ],
)
def test_a_state_or_canton_code_after_a_town_belongs_to_it(
    town_stage: OrgStage, text: str, place: str
) -> None:
    assert found(town_stage, text, LOC) == [place]


def test_a_canton_code_proves_a_town_no_list_knows_after_a_bare_preposition(town_stage: OrgStage) -> None:
    # "Lindenfeld" has none of the stand-in's place endings: without the code it stays a word.
    assert found(town_stage, "Termin in Lindenfeld vereinbart.", LOC) == []
    assert found(town_stage, "Termin in Lindenfeld ZH vereinbart.", LOC) == ["Lindenfeld ZH"]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Die Patientin wohnt in Zirbenau Süd und arbeitet dort.", "Zirbenau Süd"),
        ("Er lebt in Zirbenfeld-Land.", "Zirbenfeld-Land"),
        ("Sie kommt aus Zirbenau Mitte ZH.", "Zirbenau Mitte ZH"),
        ("wohnt in Innsbruck West, verheiratet", "Innsbruck West"),
    ],
)
def test_a_district_word_after_a_town_belongs_to_it(town_stage: OrgStage, text: str, place: str) -> None:
    assert found(town_stage, text, LOC) == [place]


def test_a_district_word_after_a_comma_is_no_part_of_the_town(town_stage: OrgStage) -> None:
    assert found(town_stage, "wohnt in Zirbenau, Mitte Mai Umzug.", LOC) == ["Zirbenau"]


@pytest.mark.parametrize(
    ("text", "places"),
    [
        ("Pendelt zwischen Zirbeldorf und Quastlbrück.", ["Zirbeldorf", "Quastlbrück"]),
        ("Er kommt aus Innsbruck und Zirbeldorf zur Kontrolle.", ["Innsbruck", "Zirbeldorf"]),
        ("Transport von Innsbruck bis Quastlbrück.", ["Innsbruck", "Quastlbrück"]),
        ("Sie wohnt in Innsbruck und Umgebung.", ["Innsbruck"]),  # an ordinary word
        ("Sie wohnt in Innsbruck und arbeitet dort.", ["Innsbruck"]),
    ],
)
def test_a_town_joined_to_a_place_by_und_oder_bis_is_a_place(
    town_stage: OrgStage, text: str, places: list[str]
) -> None:
    assert found(town_stage, text, LOC) == places
