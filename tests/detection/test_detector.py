"""Guarantees of the detector as a whole: the user's lists and corrections, entity typing in
first-vote and all-vote mode, offsets on marked-up text, span invariants, overlap resolution
and corpus-wide learning.

All names are invented (not in any bundled list) unless a test asserts they are listed.
"""

from __future__ import annotations

import json
import unicodedata
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deid_cli.detection.detector import Detector
from deid_cli.detection.learning import MIN_CONTEXT_SHARE, NameLearner
from deid_cli.detection.lexicon.lexicon import Lexicon
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.detection.maskers import MASKERS
from deid_cli.detection.spans import ENTITY_TYPES, HCP, PAT, PER, SIT, Span, resolve_overlaps

LEX = build_lexicon(DictionaryOptions())
DET = Detector(LEX)
DET_ALL = Detector(LEX, vote="all")

PATIENTS = ["Quendelhofer", "Müller", "Strauß", "Rauchegger"]
HCPS = ["Theresa", "Lammerstorfer", "Rauchegger"]
PERSONS = ["Pichlwanger"]
SITES = ["Haus Sonnblick"]
KEEP = ["Gruber", "www.example.at"]
CORRECTIONS = """
keep = ["Koch"]
mask = [
  {text = "Kalchgruber", type = "HCP"},
  {text = "Station Sonnenschein", type = "SIT"},
  {text = "Pichler", type = "PAT"},
  {text = "Brennsteiner"},
]
"""


def invented(*words: str) -> None:
    for word in words:
        assert not LEX.is_listed_name(word), f"{word} is in a bundled name list"
        assert not LEX.is_common(word), f"{word} is a common word"


def listed(*words: str) -> None:
    for word in words:
        assert LEX.is_listed_name(word), f"{word} is not in a bundled name list"
        assert not LEX.is_common(word), f"{word} is a common word"


@pytest.fixture(scope="module")
def user_lexicon(tmp_path_factory: pytest.TempPathFactory) -> Lexicon:
    invented("Quendelhofer", "Rauchegger", "Lammerstorfer", "Pichlwanger", "Kalchgruber", "Brennsteiner")
    listed("Theresa", "Gruber", "Pichler")
    d = tmp_path_factory.mktemp("lists")
    (d / "patients.json").write_text(json.dumps({"names": PATIENTS}), encoding="utf-8")
    (d / "hcps.txt").write_text("\n".join(HCPS) + "\n", encoding="utf-8")
    (d / "persons.csv").write_text("id,name\n" + "".join(f"{i},{n}\n" for i, n in enumerate(PERSONS)))
    (d / "sites.txt").write_text("\n".join(SITES) + "\n", encoding="utf-8")
    (d / "keep.txt").write_text("\n".join(KEEP) + "\n", encoding="utf-8")
    (d / "corrections.toml").write_text(CORRECTIONS, encoding="utf-8")
    return build_lexicon(
        DictionaryOptions(
            patients=[d / "patients.json"],
            hcps=[d / "hcps.txt"],
            persons=[d / "persons.csv"],
            sites=[d / "sites.txt"],
            keep=[d / "keep.txt"],
            corrections=[d / "corrections.toml"],
        )
    )


@pytest.fixture(scope="module")
def user_det(user_lexicon: Lexicon) -> Detector:
    return Detector(user_lexicon)


@pytest.fixture(scope="module")
def user_det_all(user_lexicon: Lexicon) -> Detector:
    return Detector(user_lexicon, vote="all")


def found(text: str, detector: Detector = DET) -> list[tuple[str, str, str]]:
    return [(text[s.start : s.end], s.type, s.masker) for s in detector.detect(text).spans]


def typed(text: str, detector: Detector = DET) -> list[tuple[str, str]]:
    return [(text[s.start : s.end], s.type) for s in detector.detect(text).spans]


# --- the user's lists -------------------------------------------------------------------------


def test_frau_before_a_name_on_the_patient_list_is_a_patient(user_det: Detector) -> None:
    assert found("Frau Quendelhofer kommt zur Kontrolle.", user_det) == [("Quendelhofer", PAT, "Salutation")]


def test_frau_before_a_name_not_on_the_patient_list_is_presumed_a_patient(user_det: Detector) -> None:
    invented("Zirbleitner")
    assert typed("Frau Zirbleitner kommt zur Kontrolle.", user_det) == [("Zirbleitner", PAT)]
    assert typed("Frau Quendelhofer kommt.") == [("Quendelhofer", PAT)]  # without the list
    # A relative noun outranks Frau: the daughter is a general person, not the patient.
    assert typed("Tochter Frau Zirbleitner kommt.", user_det) == [("Zirbleitner", PER)]


def test_bare_name_on_the_patient_list_is_masked_as_patient(user_det: Detector) -> None:
    assert found("Quendelhofer berichtet über Schwindel.", user_det) == [
        ("Quendelhofer", PAT, "NameDictionary")
    ]
    assert found("Quendelhofer berichtet über Schwindel.") == []  # invented: unknown without the list


def test_doctor_title_beats_the_patient_list(user_det: Detector) -> None:
    assert typed("Dr. Quendelhofer", user_det) == [("Quendelhofer", HCP)]


@pytest.mark.parametrize("text", ["Lammerstorfer hat visitiert.", "Frau Lammerstorfer hat visitiert."])
def test_name_on_the_hcp_list_is_typed_hcp(user_det: Detector, text: str) -> None:
    assert typed(text, user_det) == [("Lammerstorfer", HCP)]


def test_name_on_the_person_list_from_csv_is_masked(user_det: Detector) -> None:
    assert found("Pichlwanger holt ab.", user_det) == [("Pichlwanger", PER, "NameDictionary")]


@pytest.mark.parametrize(
    ("text", "etype"),
    [("Rauchegger kommt.", PER), ("Frau Rauchegger kommt.", PAT), ("Dr. Rauchegger kommt.", HCP)],
)
def test_name_on_patient_and_hcp_lists_is_settled_by_the_salutation(
    user_det: Detector, text: str, etype: str
) -> None:
    assert typed(text, user_det) == [("Rauchegger", etype)]


def test_site_from_the_users_site_list_is_masked(user_det: Detector) -> None:
    assert found("Übernahme aus Haus Sonnblick.", user_det) == [("Haus Sonnblick", SIT, "MedicalSite")]


@pytest.mark.parametrize("form", ["Müller", "Mueller", "MÜLLER", "MUELLER"])
def test_patient_list_entry_matches_its_spelling_variants(user_det: Detector, form: str) -> None:
    assert typed(f"{form} kommt morgen.", user_det) == [(form, PAT)]


@pytest.mark.parametrize("form", ["Strauß", "Strauss", "STRAUSS"])
def test_patient_list_entry_with_sharp_s_matches_ss(user_det: Detector, form: str) -> None:
    assert typed(f"{form} kommt morgen.", user_det) == [(form, PAT)]


@pytest.mark.parametrize("form", ["mueller", "müller", "strauss"])
def test_lowercase_spelling_of_a_patient_is_not_masked(user_det: Detector, form: str) -> None:
    assert typed(f"wie {form} besprochen", user_det) == []


# --- corrections and the keep list ----------------------------------------------------------------


def test_correction_masks_phrase_with_given_type_and_masker(user_det: Detector) -> None:
    assert found("Übergabe an Station Sonnenschein und Kalchgruber.", user_det) == [
        ("Station Sonnenschein", SIT, "Correction"),
        ("Kalchgruber", HCP, "Correction"),
    ]


def test_correction_without_type_defaults_to_person(user_det: Detector) -> None:
    assert found("Brennsteiner ruft an.", user_det) == [("Brennsteiner", PER, "Correction")]


@pytest.mark.parametrize("text", ["Dr. Pichler", "Pichler kommt", "Frau Pichler"])
def test_correction_beats_every_other_masker(user_det: Detector, text: str) -> None:
    assert found(text, user_det) == [("Pichler", PAT, "Correction")]
    assert found(text)[0][2] != "Correction"


def test_keep_list_prevents_masking_a_listed_name(user_det: Detector) -> None:
    assert typed("Gruber kommt morgen.") == [("Gruber", PER)]
    assert typed("Gruber kommt morgen.", user_det) == []
    assert typed("Frau Gruber kommt morgen.", user_det) == []


def test_keep_list_prevents_masking_a_salutation_proven_word(user_det: Detector) -> None:
    assert typed("Herr Koch kommt.") == [("Koch", PAT)]
    assert typed("Herr Koch kommt.", user_det) == []


def test_keep_list_phrase_is_never_masked_even_by_the_regex_stage(user_det: Detector) -> None:
    text = "Infos unter www.example.at abrufbar."
    assert typed(text) == [("www.example.at", "WEB")]
    assert typed(text, user_det) == []


def test_keep_list_does_not_unmask_other_names_in_the_same_note(user_det: Detector) -> None:
    invented("Zirbleitner")
    assert typed("Herr Koch und Frau Zirbleitner", user_det) == [("Zirbleitner", PAT)]


# --- vote=first vs vote=all ---------------------------------------------------------------------


@pytest.mark.parametrize("detector", [DET, DET_ALL], ids=["first", "all"])
def test_doctor_full_name_gets_one_type_for_all_tokens(detector: Detector) -> None:
    listed("Anna")
    invented("Zirbleitner")
    assert typed("Dr. Anna Zirbleitner", detector) == [("Anna", HCP), ("Zirbleitner", HCP)]


def test_hcp_listed_given_name_after_frau_types_per_token_in_first_mode(user_det: Detector) -> None:
    # Each token from its own evidence: Theresa is on the HCP list (HCP), the surname is on no
    # list and "Frau" alone makes a presumed patient (PAT).
    invented("Zirbleitner")
    assert typed("Frau Theresa Zirbleitner kommt.", user_det) == [("Theresa", HCP), ("Zirbleitner", PAT)]


def test_hcp_listed_given_name_after_frau_types_whole_mention_in_all_mode(user_det_all: Detector) -> None:
    # One mention, pooled evidence: the HCP-list bit of Theresa applies to the surname too.
    invented("Zirbleitner")
    assert typed("Frau Theresa Zirbleitner kommt.", user_det_all) == [
        ("Theresa", HCP),
        ("Zirbleitner", HCP),
    ]


def test_patient_listed_surname_after_frau_makes_the_whole_mention_a_patient_in_all_mode(
    user_det: Detector, user_det_all: Detector
) -> None:
    listed("Anna")
    text = "Frau Anna Quendelhofer kommt."
    assert typed(text, user_det) == [("Anna", PAT), ("Quendelhofer", PAT)]  # Frau alone: PAT too
    assert typed(text, user_det_all) == [("Anna", PAT), ("Quendelhofer", PAT)]
    # After a relative noun first-vote mode types the unlisted given name a general person;
    # all-vote mode pools the patient-list bit of the surname into the whole mention.
    text = "Tochter Anna Quendelhofer kommt."
    assert typed(text, user_det) == [("Anna", PER), ("Quendelhofer", PAT)]
    assert typed(text, user_det_all) == [("Anna", PAT), ("Quendelhofer", PAT)]


@pytest.mark.parametrize("vote", ["first", "all"])
def test_fullname_neighbour_inherits_the_type_of_the_name_that_proved_it(
    user_lexicon: Lexicon, vote: str
) -> None:
    invented("Zirbleitner")
    detector = Detector(user_lexicon, vote=vote)
    assert found("Theresa Zirbleitner hat visitiert.", detector) == [
        ("Theresa", HCP, "NameDictionary"),
        ("Zirbleitner", HCP, "FullName"),
    ]


# --- offsets on marked-up and decomposed text ---------------------------------------------------


def test_html_entities_and_tags_map_spans_to_original_offsets() -> None:
    invented("Hofbrünninger", "Zirbleitner")
    text = "Frau Hofbr&uuml;nninger-Zirbleitner<br>kommt"
    assert [s for s, _, _ in found(text)] == ["Hofbr&uuml;nninger", "Zirbleitner"]


def test_spans_after_tags_and_entities_keep_original_offsets() -> None:
    invented("Zirbleitner", "Hofbrunninger")
    text = '<p class="note">Frau Zirbleitner</p> &amp; <b>Herr</b> Hofbrunninger'
    assert [s for s, _, _ in found(text)] == ["Zirbleitner", "Hofbrunninger"]


def test_numeric_entity_inside_a_name_is_covered_by_the_span() -> None:
    invented("Zirbleitner")
    text = "<br/>Herr Zirble&#105;tner kommt"
    assert [s for s, _, _ in found(text)] == ["Zirble&#105;tner"]


def test_decomposed_umlauts_map_back_to_the_decomposed_original() -> None:
    invented("Hofbrünninger")
    text = unicodedata.normalize("NFD", "Übergabe an Frau Hofbrünninger, LKH Innsbruck.")
    assert not unicodedata.is_normalized("NFC", text)
    assert found(text) == [
        (unicodedata.normalize("NFD", "Hofbrünninger"), PAT, "Salutation"),
        ("LKH Innsbruck", SIT, "MedicalSite"),
    ]


def test_decomposed_text_with_markup_maps_back() -> None:
    invented("Hofbrünninger", "Zirbleitner")
    text = "Frau Hofbru\u0308nninger<br/>Herr Zirbleitner"
    assert [s for s, _, _ in found(text)] == ["Hofbru\u0308nninger", "Zirbleitner"]


@pytest.mark.parametrize("prefix", ["İ ", "İİİ ", "İstanbul: "])
def test_dotted_capital_i_does_not_shift_offsets(prefix: str) -> None:
    invented("Zirbleitner")
    text = f"{prefix}Frau Zirbleitner kommt"
    assert found(text) == [("Zirbleitner", PAT, "Salutation")]


# --- span invariants ---------------------------------------------------------------------------

BATCH = [
    "",
    " ",
    "Frau Anna Zirbleitner-Hofbrunninger, geb. 12.03.1950, Tel. +43 664 1234567.",
    "LG\nWendolin",
    "Univ.-Prof. Dr. med. Hofbrunninger (LKH Innsbruck) empfiehlt Reha Bad Häring.",
    "Frau M&uuml;ller<br>Herr Zirbleitner &amp; Dr.&nbsp;Quendelhofer",
    unicodedata.normalize("NFD", "Frau Hofbrünninger, Ärztin Dr. Öztürk-Zirbleitner"),
    "Gruber Gruber Gruber-Gruber Anna-Anna",
    "James Parkinson, Morbus Parkinson, Koch-Salz, Herr Koch",
    "E-Mail: anna.gruber@example.org, www.example.at, 6020 Innsbruck, Anichstraße 35",
    "Hallo Zusammen, LG Station 3, MfG Team, Pat. stabil.",
    "Frau\nHerr\nDr.\n",
    "-Anna-Zirbleitner-",
    "İİ Frau Zirbleitner İ",
]


def assert_span_invariants(text: str, spans: list[Span]) -> None:
    assert spans == sorted(spans, key=lambda s: s.start)
    for span in spans:
        assert 0 <= span.start < span.end <= len(text)
        assert span.type in ENTITY_TYPES
        assert span.masker in (*MASKERS, "Correction")
    for left, right in pairwise(spans):
        assert left.end <= right.start


@pytest.mark.parametrize("detector", [DET, DET_ALL], ids=["first", "all"])
@pytest.mark.parametrize("text", BATCH)
def test_spans_are_sorted_disjoint_and_within_the_text(detector: Detector, text: str) -> None:
    assert_span_invariants(text, detector.detect(text).spans)


TOKENS = st.sampled_from(
    [
        "Frau", "Herr", "Dr.", "Pat.", "LG", "Hallo", "Anna", "Gruber", "Koch", "Zirbleitner",
        "Hofbrunninger", "LKH", "Innsbruck", "BKH", "Schwaz", "-", ",", ".", "\n", "&amp;", "<br>",
        "&uuml;", "u\u0308", "İ", "+43 664 1234567", "6020", "Tel.", "RR", "135/85", "Morbus",
        "Parkinson", "Univ.-Prof.", "Station", "3", "\u00a0",
    ]
)  # fmt: skip


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(TOKENS, st.sampled_from(["", " ", "  ", "-", "\n"])), max_size=25))
def test_span_invariants_hold_for_arbitrary_token_soup(parts: list[tuple[str, str]]) -> None:
    text = "".join(token + sep for token, sep in parts)
    for detector in (DET, DET_ALL):
        assert_span_invariants(text, detector.detect(text).spans)


# --- resolve_overlaps ----------------------------------------------------------------------------

RANK = {"Correction": 0, "Salutation": 1, "NameDictionary": 2, "FullName": 3}


def test_resolve_overlaps_keeps_the_longer_span() -> None:
    short = Span(0, 4, PER, "Salutation")
    long = Span(0, 10, SIT, "MedicalSite")
    assert resolve_overlaps([short, long], RANK) == [long]


def test_resolve_overlaps_prefers_the_earlier_masker_on_equal_length() -> None:
    late = Span(5, 10, PER, "FullName")
    early = Span(5, 10, HCP, "Salutation")
    assert resolve_overlaps([late, early], RANK) == [early]
    assert resolve_overlaps([early, late], RANK) == [early]


def test_resolve_overlaps_ranks_unknown_maskers_last() -> None:
    unknown = Span(3, 8, PER, "SomethingNew")
    known = Span(4, 9, PER, "FullName")
    assert resolve_overlaps([unknown, known], RANK) == [known]


def test_resolve_overlaps_keeps_adjacent_and_disjoint_spans_sorted() -> None:
    spans = [Span(10, 15, PER, "FullName"), Span(0, 5, PER, "Salutation"), Span(5, 10, PER, "FullName")]
    assert [(s.start, s.end) for s in resolve_overlaps(spans, RANK)] == [(0, 5), (5, 10), (10, 15)]


def test_resolve_overlaps_drops_every_span_overlapping_a_winner() -> None:
    winner = Span(5, 20, SIT, "MedicalSite")
    losers = [Span(0, 6, PER, "Salutation"), Span(19, 25, PER, "Salutation"), Span(8, 12, PER, "FullName")]
    kept = resolve_overlaps([*losers, winner], RANK)
    assert winner in kept
    assert all(not (s.start < winner.end and winner.start < s.end) for s in kept if s is not winner)
    assert_span_invariants("x" * 30, kept)


# --- corpus-wide learning (NameLearner + CorpusName) ---------------------------------------------


def learn(notes: list[str], lexicon: Lexicon = LEX) -> NameLearner:
    learner = NameLearner(lexicon)
    base = Detector(lexicon) if lexicon is not LEX else DET
    for note in notes:
        learner.observe(note, base.detect(note).proven)
    return learner


def test_surname_proven_by_salutation_is_masked_bare_in_another_note() -> None:
    invented("Zirbleitner")
    learner = learn(["Frau Zirbleitner kommt zur Kontrolle.", "Zirbleitner berichtet über Schwindel."])
    detector, count = learner.detector(DET)[:2]
    assert count == 1
    assert found("Zirbleitner berichtet über Schwindel.") == []
    assert found("Zirbleitner berichtet über Schwindel.", detector) == [("Zirbleitner", PAT, "CorpusName")]


def test_learned_reference_keeps_the_type_it_was_proven_with() -> None:
    invented("Hofbrunninger")
    learner = learn(["Pat. Hofbrunninger stabil.", "Pat. Hofbrunninger mobil."])
    assert learner.learned() == {"hofbrunninger": PAT}
    detector, _ = learner.detector(DET)[:2]
    assert found("Visite: Hofbrunninger schläft.", detector) == [("Hofbrunninger", PAT, "CorpusName")]


def test_learned_name_is_not_masked_in_lowercase() -> None:
    invented("Zirbleitner")
    detector, _ = learn(["Frau Zirbleitner kommt."]).detector(DET)[:2]
    assert found("zirbleitner-schema angewandt", detector) == []


def test_word_proven_once_but_seen_bare_thirty_times_is_not_learned() -> None:
    invented("Wendolin")
    notes = ["Herr Wendolin kommt."] + ["Wendolin ist ein Gerät."] * 30
    assert MIN_CONTEXT_SHARE > 1 / 31
    learner = learn(notes)
    assert learner.learned() == {}
    detector, count = learner.detector(DET)[:2]
    assert count == 0
    assert detector is DET


def test_word_proven_in_enough_of_its_occurrences_is_learned() -> None:
    invented("Wendolin")
    notes = ["Herr Wendolin kommt."] + ["Wendolin ist da."] * 8
    assert MIN_CONTEXT_SHARE <= 1 / 9
    assert learn(notes).learned() == {"wendolin": PAT}  # learned from "Herr": a presumed patient


@pytest.mark.parametrize("word", ["Koch", "Bauer", "Wolf"])
def test_common_words_are_never_learned(word: str) -> None:
    assert LEX.is_common(word)
    learner = learn([f"Herr {word} kommt.", f"Frau {word} kommt.", f"Dr. {word} visitiert."])
    assert learner.learned() == {}
    detector, _ = learner.detector(DET)[:2]
    assert found(f"{word} kommt morgen.", detector) == []


def test_eponym_proven_by_a_given_name_is_not_learned_but_a_salutation_surname_is() -> None:
    learner = learn(["James Parkinson beschrieb es.", "Frau Zirbleitner kam."])
    assert "parkinson" not in learner.learned()
    assert "zirbleitner" in learner.learned()


# --- towns no list knows after "in", "aus", "nach" -----------------------------------------------


@pytest.fixture(scope="module")
def default_detector() -> Detector:
    return Detector(build_lexicon(DictionaryOptions()))


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Sie wohnt seit Jahren in Quirnhausen.", "Quirnhausen"),
        ("Er wurde aus Zirbenau zugewiesen.", "Zirbenau"),
        ("Rückkehr nach Bad Lärchingen geplant.", "Bad Lärchingen"),
        ("Transfer von Mooslach nach Innsbruck.", "Mooslach"),
    ],
)
def test_a_word_that_ends_as_places_do_after_a_preposition_is_a_town(
    default_detector: Detector, text: str, town: str
) -> None:
    assert (town, "LOC") in typed(text, default_detector)


@pytest.mark.parametrize(
    "text",
    [
        "Sedierung nach Midazolam, danach Sulbactam.",  # drug names (WHO stems)
        "Lagerung nach Trendelenburg, Anomalie nach Ebstein.",  # eponyms
        "Z.n. Sedoanalgesie, in Rückenlage, aus Kostengründen.",  # medical and ordinary nouns
    ],
)
def test_drugs_eponyms_and_nouns_after_a_preposition_stay(default_detector: Detector, text: str) -> None:
    assert default_detector.detect(text).spans == []


@pytest.mark.parametrize(
    ("text", "country"),
    [
        ("Die Patientin verbrachte den Urlaub in Kroatien und kam gestern zurück.", "Kroatien"),
        ("Der Patient stammt aus Eritrea, Dolmetscher organisiert.", "Eritrea"),
        ("Familie ist vor drei Jahren aus Syrien zugezogen.", "Syrien"),
        ("Eine Reise nach Amerika ist geplant.", "Amerika"),
        ("Zuweisung aus Togo über die Botschaft.", "Togo"),
    ],
)
def test_a_country_after_a_preposition_is_no_place_to_mask(
    default_detector: Detector, text: str, country: str
) -> None:
    # A country or world region (dictionaries/countries.txt) identifies no one; the town in
    # the same sentence still does.
    spans = default_detector.detect(text + " Wohnhaft in Zirbenau.").spans
    masked = [text[s.start : s.end] for s in spans if s.end <= len(text)]
    assert country not in masked
    assert any(s.type == "LOC" and s.start > len(text) for s in spans)


def test_a_country_that_is_also_a_town_of_the_gazetteer_is_a_place(default_detector: Detector) -> None:
    # Malta is a Carinthian municipality as well as a country: privacy first, it stays a place.
    assert typed("Der Patient wurde aus Malta zugewiesen.", default_detector) == [("Malta", "LOC")]


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Die Patientin lebt im Bezirk Quirnstetten und arbeitet dort.", "Quirnstetten"),
        ("Er kommt aus dem Landkreis Lärchwangen zur Kontrolle.", "Lärchwangen"),
        ("Wohnung am Stadtrand von Zirbelmoos, zweiter Stock.", "Zirbelmoos"),
        ("Sie ist im Ortsteil Oberquast aufgewachsen.", "Oberquast"),
        ("Sie zog in die Nachbargemeinde Quirnbach.", "Quirnbach"),
        ("In der Stadt Zirbelmoos geboren.", "Zirbelmoos"),
        ("Der Patient wohnt im Dorf Lärchegg.", "Lärchegg"),
        ("Sie wohnt im Weiler Oberquast.", "Oberquast"),
        ("Er lebt in der Katastralgemeinde Lärchegg.", "Lärchegg"),
    ],
)
def test_a_name_after_a_noun_of_a_places_kind_is_a_place(
    default_detector: Detector, text: str, town: str
) -> None:
    # "Bezirk", "Landkreis", "Ortsteil", "Stadtrand von", "Dorf", "Stadt" name the place after
    # them, whatever its ending
    assert (town, "LOC") in typed(text, default_detector)


@pytest.mark.parametrize(
    "text",
    [
        "In der Stadt Einkäufe erledigt.",  # an ordinary word after the noun
        "Er fährt in die Stadt zum Einkaufen.",
        "Bezirk 3 der Station.",
        "Im Dorf Ruhe gefunden.",
    ],
)
def test_an_ordinary_word_after_a_noun_of_a_places_kind_stays(default_detector: Detector, text: str) -> None:
    assert [s for s in default_detector.detect(text).spans if s.type == "LOC"] == []


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Er lebt seit Jahren im Raum Quelmerlar.", "Quelmerlar"),
        ("Beim Radfahren rund um Fennhudeum gestürzt, vor zwei Tagen.", "Fennhudeum"),
        ("Sie fuhr die Strecke bis Brakwischede noch selbst mit dem Auto.", "Brakwischede"),
        ("Auf dem Heimweg nach Torfmoorwedel kollabiert, Notarzt verständigt.", "Torfmoorwedel"),
        ("Die Fahrt von Kranichsiek dauerte zwei Stunden.", "Kranichsiek"),
        ("Unfall mit dem Traktor kurz vor Zirpenlo.", "Zirpenlo"),
        ("Panne knapp hinter Quelmerlar, der Abschleppdienst kam.", "Quelmerlar"),
    ],
)
def test_a_place_no_list_knows_after_a_way_a_round_or_a_near_preposition(
    default_detector: Detector, text: str, town: str
) -> None:
    # "im Raum", "rund um", a way's noun before "bis"/"nach"/"von", and "kurz/knapp" before
    # "vor"/"hinter" name the place after them, whatever its ending
    assert (town, "LOC") in typed(text, default_detector)


@pytest.mark.parametrize(
    "text",
    [
        "Rund um Ostern war sie beschwerdefrei.",
        "Der Weg bis Montag ist lang.",
        "Kurz vor Entlassung erneut Fieber.",
        "Die Fahrt nach Hause verlief ohne Probleme.",
        "Kurz nach Aufnahme kollabierte der Patient.",
        "Raum Quelmerlar",  # the room noun without "im" names no place no list knows
        "Der Raum Schmerzen war nicht zu lokalisieren.",
    ],
)
def test_ordinary_words_after_way_round_and_near_prepositions_stay(
    default_detector: Detector, text: str
) -> None:
    assert [s for s in default_detector.detect(text).spans if s.type == "LOC"] == []


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Geburtsort: Kranichsiek bei Quelmerlar", "Kranichsiek bei Quelmerlar"),
        (
            "Die Tochter wohnt im Ortsteil Zirpenlo bei Brakwischede und kauft ein.",
            "Zirpenlo bei Brakwischede",
        ),
        ("Arbeitet als Forstwirt unweit Torfmoorwedel bei Fennhudeum.", "Torfmoorwedel bei Fennhudeum"),
        ("Unfall auf der Landesstraße, Gemeinde Brakwischede bei Linz.", "Brakwischede bei Linz"),
    ],
)
def test_a_place_and_its_town_after_bei_are_masked_as_one(
    default_detector: Detector, text: str, place: str
) -> None:
    # two pseudonyms with "bei" between would be a partial mask of one place's name
    assert (place, "LOC") in typed(text, default_detector)


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Unfallort: Quelmerlar, auf der Landesstraße", "Quelmerlar"),
        ("Einsatzort: Brakwischede", "Brakwischede"),
        ("Aufenthaltsort: Fennhudeum (bei der Tochter)", "Fennhudeum"),
        ("Sterbeort: Torfmoorwedel", "Torfmoorwedel"),
    ],
)
def test_a_place_no_list_knows_after_a_form_label_of_a_places_kind(
    default_detector: Detector, text: str, town: str
) -> None:
    assert (town, "LOC") in typed(text, default_detector)


@pytest.mark.parametrize("text", ["Passwort: Quelmerlar", "Stichwort: Zirpenlo", "Antwort: Brakwischede"])
def test_a_word_ending_in_ort_that_is_no_label_of_a_place_names_none(
    default_detector: Detector, text: str
) -> None:
    assert [s for s in default_detector.detect(text).spans if s.type == "LOC"] == []


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Die Patientin ist in Quelmerlar zu Hause.", "Quelmerlar"),
        ("Sie verbringt den Winter in Fennhudeum bei ihrer Schwester.", "Fennhudeum"),
        ("Sie arbeitet in Torfmoorwedel als Verkäuferin.", "Torfmoorwedel"),
        ("Ausflug nach Quelmerlar am Sonntag.", "Quelmerlar"),
        ("Seit der Übersiedlung nach Kranichsiek keine Kontrollen.", "Kranichsiek"),
        ("Fahrt mit dem Zug von Fennhudeum nach Graz.", "Fennhudeum"),
        ("Er kommt aus der Gegend von Kranichsiek.", "Kranichsiek"),
        ("Pat. ruft aus Brakwischede an, Schmerzen besser.", "Brakwischede"),  # a verb's particle
        ("Fährt morgen nach Fennhudeum zur Schwester.", "Fennhudeum"),
        ("Pat. ist aktuell in Torfmoorwedel aufhältig.", "Torfmoorwedel"),
        ("Aufenthalt in Zirpenlo bis Ende Mai.", "Zirpenlo"),  # a stay's noun, as "wohnt in"
        ("Pat. befindet sich derzeit in Quelmerlar bei der Tochter.", "Quelmerlar"),
    ],
)
def test_a_possible_place_that_the_words_around_it_name_a_town(
    default_detector: Detector, text: str, town: str
) -> None:
    # "zu Hause", "bei ihrer …", "als <Beruf>" after it, a trip's noun before "nach", a route
    # on to a known place, "Gegend von": each names a word no list knows a town
    assert (town, "LOC") in typed(text, default_detector)


@pytest.mark.parametrize(
    "text",
    [
        "Sie ist in Behandlung bei ihrer Hausärztin.",
        "Er war in Ruhe zu Hause.",
        "Von Montag nach Dienstag verschoben.",
        "Rückkehr nach Hause am Abend.",
        "Er ist in Behandlung zur Kontrolle.",
        "Die Entlassung erfolgt nach Rücksprache an einem Montag.",
    ],
)
def test_ordinary_words_in_those_frames_stay(default_detector: Detector, text: str) -> None:
    assert [s for s in default_detector.detect(text).spans if s.type == "LOC"] == []


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Sie wohnt in Quelmerlar am See.", "Quelmerlar am See"),
        ("Er stammt aus Brakwischede an der Donau.", "Brakwischede an der Donau"),
        ("Urlaub in Torfmoorwedel im Pinzgau.", "Torfmoorwedel im Pinzgau"),
        ("Aus Zirpenlo in der Steiermark zugewiesen.", "Zirpenlo in der Steiermark"),
        ("Er lebt in Linz an der Donau.", "Linz an der Donau"),
    ],
)
def test_the_tail_of_a_places_name_belongs_to_it(default_detector: Detector, text: str, place: str) -> None:
    # a river, lake, valley or region after "am", "an der", "im", "in der" is part of the name
    assert (place, "LOC") in typed(text, default_detector)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Termin in Linz am Montag.", "Linz"),
        ("Er war in Graz im Krankenhaus.", "Graz"),
        ("Kontrolle in Linz an der Klinik.", "Linz"),
    ],
)
def test_an_ordinary_noun_after_a_place_is_no_tail(default_detector: Detector, text: str, place: str) -> None:
    assert (place, "LOC") in typed(text, default_detector)


@pytest.mark.parametrize(
    ("text", "site"),
    [
        ("Verlegung ins Klinikum Zirbenau – Linz.", "Klinikum Zirbenau – Linz"),
        ("Befund vom Krankenhaus Zirbenau / Innsbruck.", "Krankenhaus Zirbenau / Innsbruck"),
        ("Aufnahme im LKH Zirbenau Linz.", "LKH Zirbenau Linz"),
    ],
)
def test_a_town_right_after_a_sites_name_belongs_to_the_site(
    default_detector: Detector, text: str, site: str
) -> None:
    # the town was left beside the site's pseudonym before
    assert typed(text, default_detector) == [(site, "SIT")]


def test_a_town_after_a_sites_comma_is_a_place_of_its_own(default_detector: Detector) -> None:
    assert typed("Zuweisung: Klinikum Zirbenau, Linz", default_detector) == [
        ("Klinikum Zirbenau", "SIT"),
        ("Linz", "LOC"),
    ]


def test_an_ordinary_word_or_a_name_after_a_site_stays_outside_it(default_detector: Detector) -> None:
    assert typed("Aufnahme im LKH Zirbenau Montag früh.", default_detector) == [("LKH Zirbenau", "SIT")]


def test_a_person_after_bei_is_not_joined_to_a_place(default_detector: Detector) -> None:
    spans = typed("Termin in Linz bei Frau Dr. Quelmer.", default_detector)
    assert ("Linz", "LOC") in spans
    assert ("Quelmer", "HCP") in spans


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Hausarzt: Dr. Lärchner, Zirbldorf", "Zirbldorf"),  # a town by its ending
        ("Rückfrage bei Dr. Lärchner, Innsbruck.", "Innsbruck"),  # a known place
        ("Mit freundlichen Grüßen\nDr. Quirin Lärchner, Quirnbach, 12.03.2024", "Quirnbach"),
    ],
)
def test_a_town_after_a_doctors_name_and_its_comma_is_a_place(
    default_detector: Detector, text: str, town: str
) -> None:
    assert (town, "LOC") in typed(text, default_detector)


@pytest.mark.parametrize(
    "text",
    [
        "Hausarzt: Dr. Lärchner, Oberarzt der Inneren.",  # an ordinary word
        "Dr. Lärchner, Facharzt für Innere Medizin",
        "Servus Quirin, Kurzatmig seit gestern.",  # no place ending, no list
    ],
)
def test_a_word_after_a_name_and_its_comma_that_is_no_town_stays(
    default_detector: Detector, text: str
) -> None:
    assert all(s.type != "LOC" for s in default_detector.detect(text).spans)


def test_a_practice_takes_its_legal_form(default_detector: Detector) -> None:
    text = "Befund an die Gruppenpraxis Lärchner OG geschickt."
    sites = [text[s.start : s.end] for s in default_detector.detect(text).spans if s.type == "SIT"]
    assert sites == ["Gruppenpraxis Lärchner OG"]


@pytest.mark.parametrize(
    ("text", "town"),
    [
        # a second town joined by "bei" belongs to the first one's name
        ("Die Familie lebt in Zirbldorf bei Quirnau.", "Zirbldorf bei Quirnau"),
        ("Anreise von Quirnstetten aus mit dem Taxi.", "Quirnstetten"),  # a route's start
    ],
)
def test_a_town_joined_to_a_place_or_starting_a_route_is_a_place(
    default_detector: Detector, text: str, town: str
) -> None:
    assert (town, "LOC") in typed(text, default_detector)


def test_an_ordinary_word_or_a_title_after_a_place_and_bei_stays(default_detector: Detector) -> None:
    for text in ("Termin in Linz bei Bedarf.", "Kontrolle in Linz bei Dr. Lärchner."):
        places = [text[s.start : s.end] for s in default_detector.detect(text).spans if s.type == "LOC"]
        assert places == ["Linz"]


@pytest.mark.parametrize(
    ("text", "site"),
    [
        ("Vorstellung in der Ambulanz des Klinikums Zirbldorf.", "Klinikums Zirbldorf"),  # genitive
        ("Befund des Instituts für Radiologie Zirbldorf.", "Instituts für Radiologie Zirbldorf"),
        ("Dialyse im Nierenzentrum Quirnbach.", "Nierenzentrum Quirnbach"),
        ("Labor: Zentrallabor Quirnbach", "Zentrallabor Quirnbach"),
    ],
)
def test_institutes_centres_and_a_site_word_in_the_genitive_name_a_site(
    default_detector: Detector, text: str, site: str
) -> None:
    assert (site, "SIT") in typed(text, default_detector)


@pytest.mark.parametrize(
    ("text", "site"),
    [
        ("Die Patientin wurde im St. Quirin aufgenommen.", "St. Quirin"),
        ("Verlegung ins St. Lärchus zur weiteren Betreuung.", "St. Lärchus"),
        ("Entlassung aus dem Sankt Zirbelius nach Hause.", "Sankt Zirbelius"),
        ("Vorbefunde vom Hl. Quirin liegen vor.", "Hl. Quirin"),
    ],
)
def test_a_house_called_by_its_saint_after_an_article_is_a_site(
    default_detector: Detector, text: str, site: str
) -> None:
    # the whole name, not a partial mask that leaves "St." beside a person's pseudonym
    assert (site, "SIT") in typed(text, default_detector)


def test_a_saint_without_an_article_is_a_town(default_detector: Detector) -> None:
    text = "Er wohnt in St. Quirin am See."
    assert [t for _, t in typed(text, default_detector)] == ["LOC"]
