"""A chunk of notes detected at once finds exactly what each note's own whole-note scans find.

The chunk joins notes, builds one match view, runs the automata and candidate patterns once
and hands every stage only the positions it may match at (``detection/chunk.py``). Its
guarantee is equality with the stages scanning each note from every position
(``Detector.scan_whole_notes``), for any notes: hostile Unicode, markup, NUL, characters whose
case changes length, and notes that end or start where a pattern could run on. All names are
invented.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reliability.fuzzing import fuzz

from deid_cli.detection import chunk as chunk_module
from deid_cli.detection.chunk import SEPARATOR, Chunk
from deid_cli.detection.detector import Detector
from deid_cli.detection.learning import NameLearner
from deid_cli.detection.lexicon.lexicon import match_view
from deid_cli.detection.lexicon.loading import DictionaryOptions, build_lexicon
from deid_cli.detection.patterns import contacts
from deid_cli.detection.patterns.addresses import _ZIP
from deid_cli.detection.spans import ALL_TYPES
from deid_cli.detection.text import prepare

LEXICON = build_lexicon(DictionaryOptions())
NOTES = st.lists(fuzz.hostile_text(max_fragments=10), min_size=1, max_size=6)
# Notes whose end and start would make a pattern or a dictionary phrase if they were one text.
NEIGHBOURS = [
    "Befund aus dem LKH",
    "Innsbruck liegt vor. Rückruf bei Frau",
    "Zirbleitner morgen. Tel. 0664",
    "1234567 erreichbar, Hauptstraße",
    "12 wohnhaft in",
    "Wien. LG",
    "Ottilie",
    "PLZ/Ort: 6020 Innsbruck    Straße/Nr.:",
    "Brombeerhag 12 / 6020 Innsbruck, Lindener",
    "Tor 6",
    # postcodes on several lines, a keyword's line without a candidate, a code before a line break
    # (the postcode patterns scan only the lines the chunk saw a postcode's candidate or keyword in)
    "Quarnitzweg 4\nA-5020 Velmshof\nPLZ: 1234,\nOrt: Velmshof 6020\n1234  Innsbruck",
]


def _configurations() -> list[Detector]:
    return [
        Detector(LEXICON),
        Detector(LEXICON, types=ALL_TYPES, ages="all"),
        Detector(LEXICON, vote="all"),
        Detector(LEXICON, ambiguity_rule=False),
    ]


def _whole(detector: Detector) -> Detector:
    reference = Detector(
        detector.lexicon,
        vote="all" if detector.vote_all else "first",
        types=detector.types,
        ages=detector.ages,
        ambiguity_rule=detector._setup.ambiguity_rule,
    )
    reference.scan_whole_notes = True
    return reference


CONFIGURATIONS = _configurations()
REFERENCES = [_whole(d) for d in CONFIGURATIONS]
QUICK = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


@QUICK
@given(NOTES)
def test_the_chunks_match_view_is_every_notes_own(texts: list[str]) -> None:
    chunk = Chunk(texts)
    expected = " \x00 ".join(match_view(prepare(text).lower)[1:-1] for text in texts)
    assert chunk.padded == f" {expected} "
    for text, prepared, start, end in zip(texts, chunk.prepared, chunk.starts, chunk.ends, strict=True):
        alone = prepare(text)
        assert (prepared.view, prepared.lower, prepared.starts, prepared.ends) == (
            alone.view,
            alone.lower,
            alone.starts,
            alone.ends,
        )
        assert chunk.joined[start:end] == alone.view


@QUICK
@given(NOTES, st.sampled_from(range(len(CONFIGURATIONS))))
def test_a_chunk_finds_what_whole_note_scans_of_each_note_find(texts: list[str], which: int) -> None:
    detector, reference = CONFIGURATIONS[which], REFERENCES[which]
    texts = [*texts, *NEIGHBOURS]
    found = detector.detect_many(texts)
    assert [d.spans for d in found] == [reference.detect(t).spans for t in texts]
    assert [d.proven for d in found] == [reference.detect(t).proven for t in texts]


@QUICK
@given(NOTES)
def test_after_learning_a_chunk_still_finds_what_whole_note_scans_find(texts: list[str]) -> None:
    # Pass 2: learned names and their one-edit variants, which CorpusName looks for only where
    # the learned automaton found a word pass 1 counted.
    texts = [
        *texts,
        "Frau Quendelhofer ruft an.",
        "Quendelhofer ruft wieder an, Quendelhofr auch.",
        "Befund von Quendelhoffer.",
        *NEIGHBOURS,
    ]
    learner = NameLearner(LEXICON)
    for detector, reference in ((CONFIGURATIONS[0], REFERENCES[0]), (CONFIGURATIONS[2], REFERENCES[2])):
        learner = NameLearner(LEXICON)
        learner.observe_many(texts, (d.proven for d in detector.detect_many(texts)))
        learned, _ = learner.detector(detector)[:2]
        whole, _ = learner.detector(reference)[:2]
        whole.scan_whole_notes = True
        assert [d.spans for d in learned.detect_many(texts)] == [whole.detect(t).spans for t in texts]


def test_a_chunk_of_invented_notes_is_detected_like_each_note_alone() -> None:
    texts = [
        "Frau Zirbleitner hat angerufen, Rückruf unter 0664 1234567.",
        "Pat. hat Fragen. DGKP Ottilie Hofbrunninger-Ederkogler war da.",
        "wohnhaft in Innsbruck, Hauptstraße 12, 6020 Innsbruck",
        "Befund aus dem LKH Innsbruck, Kontakt: zirbl@klinik-zirbl.at",
        "",
        "Dr. med. Wendolin Pfaffenstaller, Prof. Dr.Dr. Gamsriegler",
    ]
    for detector in CONFIGURATIONS:
        assert [d.spans for d in detector.detect_many(texts)] == [detector.detect(t).spans for t in texts]
    assert [s.type for s in CONFIGURATIONS[0].detect(texts[0]).spans] == ["PAT", "PHO"]


def test_a_chunk_of_address_notes_is_detected_like_whole_note_scans() -> None:
    # The label rule runs only in notes the chunk flags by a label's stem; "Tor" and "-gang"
    # streets only where the automaton saw the street word before a number.
    texts = [
        "Straße/Nr.: Brombeerhag 12",
        "PLZ/Ort: 64272 Neu Torfmoorwedel    Straße/Nr.: Wurzelkai 4 d",
        "Adr. Mooskampgang 4–27 / 52047 Quelmerlar",
        "Wohnort: 42368 Fennhudeum, Brombeerhag 6b/1",
        "Er wohnt Lindener Tor 6, 3. OG.",
        "Faktor 8 Mangel, Zugang 2 rechts, Stuhlgang 3x.",
        "Wohnadresse: Zirbenried 4; Tel. folgt",
    ]
    for detector, reference in zip(CONFIGURATIONS, REFERENCES, strict=True):
        assert [d.spans for d in detector.detect_many(texts)] == [reference.detect(t).spans for t in texts]
    assert "ADD" in {s.type for s in CONFIGURATIONS[0].detect_many(texts[:1])[0].spans}


def test_no_dictionary_phrase_or_pattern_runs_from_one_note_into_the_next() -> None:
    detector = CONFIGURATIONS[0]
    spans = [d.spans for d in detector.detect_many(["Befund aus dem LKH", "Innsbruck liegt vor."])]
    assert all(s.masker != "MedicalSite" for note in spans for s in note)
    assert detector.detect("Befund aus dem LKH Innsbruck").spans[0].masker == "MedicalSite"


@pytest.mark.parametrize(
    ("name", "pattern", "candidate"),
    [
        ("phone", contacts._PHONE, chunk_module._PHONE_CANDIDATE),
        ("zip", _ZIP, chunk_module._ZIP_CANDIDATE),
    ],
)
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=st.text(st.sampled_from("0123456789 +()/-\t.,AaZä"), max_size=40))
def test_every_match_of_a_stage_pattern_has_a_candidate(
    name: str, pattern: re.Pattern[str], candidate: re.Pattern[str], text: str
) -> None:
    # A candidate pattern may match where its stage finds nothing, never the other way round.
    joined = SEPARATOR.join(["x", text, "y"])
    flagged = [m.start() for m in candidate.finditer(joined)]
    for match in pattern.finditer(text):
        start = match.start() + 4  # after "x" and the separator
        if name == "phone":
            number_chars = re.fullmatch(r"[0-9 /\-()+]{7,}", match.group()[:7])
            assert number_chars is None or start in flagged
        else:
            assert any(start <= f <= match.end() + 4 for f in flagged) or match.group("kw") is not None


@pytest.mark.parametrize(
    "text",
    [
        "Heimat ist Quirnbach, sie zog später weg.",  # a copula after a label: the label is the cue
        "Ihr Wohnort ist Quastlbrück.",
        "Lebt in der Gegend um Zirbeldorf.",
        "Gegend: um 8 Uhr Visite.",
        "Pendelt zwischen Zirbeldorf und Linz.",
        "Wohnung am Stadtrand von Zirbelmoos.",
        "Die Patientin lebt im Bezirk Quirnstetten.",
        "Transport ab Zirbeldorf, Ankunft bis 10 Uhr, vor Ort: Frau Zirbl.",
        "Urlaub in Kroatien, wohnhaft in Lärchfeld am Bach.",
        "wohnh. Quastlbrück; Wohn. Zirbl",
        "Rückkehr nach Bad Lärchingen und St. Quirin geplant.",
        # a noun and its name after a preposition, found from the chunk's noun cues
        "Er arbeitet im Werk Quarnitz als Schlosser.",
        "Wir fuhren zum Gasthof Brelsingau hinauf.",
        "Er diente in der Kaserne Brelsingau.",
        "Bei der Gabe Xarelto kam es zu Blutungen.",
        "Bitte bei Rückfragen Fallnr. P 2017/7609 angeben.",
        "Er wohnt jetzt im",  # a cue that ends its note
        # the institution nouns, the sides and the Italian and French residence cues
        "Antrag an die PVA Quarnitz gestellt.",
        "Sturz nächst Quarnitz, jenseits von Brelsingau.",
        "Wohnort / Residenza: Quarnitz; domicilié(e) à Brelsingau; nato a Quarnitz.",
        "Die Therapie a priori beginnen.",
    ],
)
def test_the_place_rules_find_from_their_cue_words_what_a_whole_note_scan_finds(text: str) -> None:
    # The place stage runs only after the automaton's cue words, with the tests that can
    # succeed after each word; a scan of the whole note must find nothing more.
    for detector, reference in zip(CONFIGURATIONS, REFERENCES, strict=True):
        assert detector.detect_many([text])[0].spans == reference.detect(text).spans
