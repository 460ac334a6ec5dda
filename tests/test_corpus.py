"""Guarantees of the corpus layer: byte-exact round trips, per-record rejection without leaking
record content, and atomic outputs."""

from __future__ import annotations

import json
import stat
import time
from collections.abc import Callable
from pathlib import Path

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deid_cli.corpus import (
    AtomicOutputs,
    CorpusFile,
    InputError,
    Record,
    Rejected,
    UsageError,
    discover_inputs,
    output_paths,
)

SECRET = "Zwetschgenhuber"


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def items(corpus: CorpusFile) -> list[Record | Rejected | bytes]:
    return list(corpus)


def records(corpus: CorpusFile) -> list[Record]:
    return [item for item in corpus if isinstance(item, Record)]


def rejections(corpus: CorpusFile) -> list[Rejected]:
    return [item for item in corpus if isinstance(item, Rejected)]


def rewrite(corpus: CorpusFile, change: Callable[[str], str]) -> bytes:
    """Output bytes as the pipeline writes them: preamble, pass-through chunks, rendered records."""
    out = [corpus.preamble()]
    for item in corpus:
        if isinstance(item, bytes):
            out.append(item)
        elif isinstance(item, Record):
            out.append(corpus.render(item, {name: change(text) for name, text in item.texts.items()}))
    return b"".join(out)


def same(text: str) -> str:
    return text


def upper(text: str) -> str:
    return text.upper()


# --------------------------------------------------------------------------- JSONL

ODD_JSONL = (
    b'{ "id" :7 ,"score": 1.0e5, "meta": {"text": "nested", "k": [1, 2.50, {"text": "deep"}]},'
    b' "esc": "M\\u00fcller \\"x\\"",  "text" : "Herr M\\u00fcller kam.\\nEnde" , "z": null}\r\n'
    b"\r\n"
    b"   \n"
    b'{"text":"zweite Notiz","id":"n-2"}\n'
    b'{"text": "", "id": "leer"}'
)


def test_jsonl_identity_round_trip_reproduces_the_file_byte_for_byte(tmp_path: Path) -> None:
    path = write(tmp_path, "notes.jsonl", ODD_JSONL)
    assert rewrite(CorpusFile(path), same) == ODD_JSONL


def test_jsonl_only_the_top_level_text_value_changes(tmp_path: Path) -> None:
    path = write(tmp_path, "notes.jsonl", ODD_JSONL)
    out = rewrite(CorpusFile(path), upper)
    expected = ODD_JSONL.replace(
        b'"Herr M\\u00fcller kam.\\nEnde"', orjson.dumps("HERR MÜLLER KAM.\nENDE")
    ).replace(b'"zweite Notiz"', b'"ZWEITE NOTIZ"')
    assert out == expected
    assert b'{"text": "nested"' in out and b'{"text": "deep"}' in out


def test_jsonl_records_carry_decoded_texts_ids_and_start_lines(tmp_path: Path) -> None:
    path = write(tmp_path, "notes.jsonl", ODD_JSONL)
    found = records(CorpusFile(path))
    assert [(r.line, r.id, r.texts) for r in found] == [
        (1, "7", {"text": "Herr Müller kam.\nEnde"}),
        (4, "n-2", {"text": "zweite Notiz"}),
        (5, "leer", {"text": ""}),
    ]


def test_jsonl_blank_lines_pass_through_and_are_not_records(tmp_path: Path) -> None:
    path = write(tmp_path, "notes.jsonl", ODD_JSONL)
    assert [item for item in CorpusFile(path) if isinstance(item, bytes)] == [b"\r\n", b"   \n"]
    assert CorpusFile(path).preamble() == b""


def test_jsonl_crlf_and_missing_final_newline_are_kept(tmp_path: Path) -> None:
    data = b'{"text": "a"}\r\n{"text": "b"}\n{"text": "c"}'
    path = write(tmp_path, "n.ndjson", data)
    assert rewrite(CorpusFile(path), upper) == b'{"text": "A"}\r\n{"text": "B"}\n{"text": "C"}'


def test_jsonl_unchanged_text_keeps_its_original_escapes(tmp_path: Path) -> None:
    data = b'{"text": "M\\u00fcller\\/x"}\n'
    path = write(tmp_path, "n.jsonl", data)
    corpus = CorpusFile(path)
    (record,) = records(corpus)
    record.texts["text"] = "changed in place by a caller"
    assert corpus.render(record, {"text": "Müller/x"}) == data
    assert corpus.render(record, {"text": "Mueller"}) == b'{"text": "Mueller"}\n'


def test_jsonl_new_text_is_written_with_json_escapes(tmp_path: Path) -> None:
    path = write(tmp_path, "n.jsonl", b'{"text": "x", "id": 1}\n')
    corpus = CorpusFile(path)
    (record,) = records(corpus)
    new = 'Sie sagte "Grüß Gott"\\\n\t\x01'
    out = corpus.render(record, {"text": new})
    assert orjson.loads(out)["text"] == new
    assert out.endswith(b', "id": 1}\n')


def test_jsonl_escaped_key_is_found_and_lookalikes_are_left_alone(tmp_path: Path) -> None:
    data = b'{"say \\"text": "fake", "a": {"text": "nested"}, "\\u0074ext": "real", "k": "text"}\n'
    path = write(tmp_path, "n.jsonl", data)
    corpus = CorpusFile(path)
    (record,) = records(corpus)
    assert record.texts == {"text": "real"}
    assert corpus.render(record, {"text": "NEU"}) == data.replace(b'"real"', b'"NEU"')


def test_jsonl_multiple_text_fields_are_read_and_replaced_independently(tmp_path: Path) -> None:
    data = b'{"befund": "b1", "id": "x", "anamnese": "a1"}\n'
    path = write(tmp_path, "n.jsonl", data)
    corpus = CorpusFile(path, text_fields=["anamnese", "befund"])
    (record,) = records(corpus)
    assert list(record.texts.items()) == [("anamnese", "a1"), ("befund", "b1")]
    out = corpus.render(record, {"anamnese": "A-NEU", "befund": "B"})
    assert out == b'{"befund": "B", "id": "x", "anamnese": "A-NEU"}\n'
    assert corpus.render(record, {"befund": "B"}) == b'{"befund": "B", "id": "x", "anamnese": "a1"}\n'


def test_jsonl_id_falls_back_to_file_and_line_and_non_strings_are_stringified(tmp_path: Path) -> None:
    data = b'{"text": "a"}\n\n{"text": "b", "id": 42}\n{"text": "c", "id": null}\n{"text": "d", "pid": "p"}\n'
    path = write(tmp_path, "notes.jsonl", data)
    ids = [r.id for r in records(CorpusFile(path, id_field="id"))]
    assert ids == ["notes.jsonl:1", "42", "notes.jsonl:4", "notes.jsonl:5"]
    assert [r.id for r in records(CorpusFile(path, id_field="pid"))][-1] == "p"


def test_jsonl_utf8_bom_on_first_line_is_preserved(tmp_path: Path) -> None:
    data = b'\xef\xbb\xbf{"text": "a"}\n{"text": "b"}\n'
    path = write(tmp_path, "n.jsonl", data)
    assert rewrite(CorpusFile(path), upper) == b'\xef\xbb\xbf{"text": "A"}\n{"text": "B"}\n'


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b'{"text": "SECRET"', "invalid JSON"),
        (b'{"text": "SECRET \xff\xfe"}', "invalid UTF-8"),
        (b'["SECRET"]', "not a JSON object"),
        (b'"SECRET"', "not a JSON object"),
        (b'{"note": "SECRET"}', "missing text field 'text'"),
        (b'{"text": null, "n": "SECRET"}', "text field 'text' is not a string"),
        (b'{"text": ["SECRET"]}', "text field 'text' is not a string"),
        (b'{"text": 5, "n": "SECRET"}', "text field 'text' is not a string"),
        (b'{"text": "SECRET", "text": "SECRET2"}', "duplicate text field 'text'"),
        (b'{"text": "SECRET", "\\u0074ext": "x"}', "duplicate text field 'text'"),
        (b'{"\\u0074ext": "SECRET", "text": "x"}', "duplicate text field 'text'"),
        (b'{"text": 1, "text": "SECRET"}', "duplicate text field 'text'"),
    ],
)
def test_jsonl_bad_record_is_rejected_with_its_line_and_a_content_free_reason(
    tmp_path: Path, line: bytes, reason: str
) -> None:
    line = line.replace(b"SECRET", SECRET.encode())
    data = b'{"text": "ok1"}\n\n' + line + b'\n{"text": "ok2"}\n'
    path = write(tmp_path, "n.jsonl", data)
    result = items(CorpusFile(path))
    assert result[2] == Rejected(path, 3, reason)
    assert SECRET not in result[2].reason
    assert [r.texts["text"] for r in result if isinstance(r, Record)] == ["ok1", "ok2"]


def test_jsonl_invalid_utf8_in_the_middle_only_rejects_that_line(tmp_path: Path) -> None:
    data = b"".join(orjson.dumps({"text": f"note {i}"}) + b"\n" for i in range(5))
    data = data.replace(b"note 2", b"note \xc3\x28 " + SECRET.encode())
    path = write(tmp_path, "n.jsonl", data)
    corpus = CorpusFile(path)
    assert rejections(corpus) == [Rejected(path, 3, "invalid UTF-8")]
    assert [r.line for r in records(corpus)] == [1, 2, 4, 5]


KEYS = st.sampled_from(["text", "id", "a", "tëxt", 'say "text', "text\\"])
TEXT_PIECES = st.sampled_from(['"', "\\", "text", '"text"', ":", "{", "ü", "\n", "\u2028", "a", " "])
TEXTS = st.lists(TEXT_PIECES, max_size=8).map("".join)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | TEXTS,
    lambda children: st.lists(children, max_size=3) | st.dictionaries(KEYS, children, max_size=3),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    obj=st.dictionaries(KEYS, JSON_VALUES, max_size=4),
    note=TEXTS,
    ensure_ascii=st.booleans(),
    compact=st.booleans(),
    escape_key=st.booleans(),
)
def test_jsonl_any_valid_object_round_trips_and_replaces_only_the_top_level_text(
    tmp_path: Path, obj: dict[str, object], note: str, ensure_ascii: bool, compact: bool, escape_key: bool
) -> None:
    obj["text"] = note
    separators = (",", ":") if compact else (", ", ": ")
    line = json.dumps(obj, ensure_ascii=ensure_ascii, separators=separators).encode()
    if escape_key:
        line = line.replace(b'"text":', b'"\\u0074ext":').replace(b'"text": ', b'"\\u0074ext": ')
    data = line + b"\n"
    path = write(tmp_path, "p.jsonl", data)
    corpus = CorpusFile(path)
    (record,) = records(corpus)
    assert record.texts == {"text": note}
    assert corpus.render(record, {"text": note}) == data
    out = corpus.render(record, {"text": note + "NEU"})
    assert json.loads(out) == {**obj, "text": note + "NEU"}
    prefix_len = line.find(b'"text"') if not escape_key else line.find(b'"\\u0074ext"')
    assert out[:prefix_len] == data[:prefix_len]


def test_jsonl_ten_megabyte_note_round_trips_quickly(tmp_path: Path) -> None:
    text = ('Patient Müller "zitiert" \\ Zeile\n' * 320_000)[: 10 * 1024 * 1024]
    data = b'{"id": "big", "text": ' + orjson.dumps(text) + b', "tail": 1}\n'
    path = write(tmp_path, "big.jsonl", data)
    started = time.perf_counter()
    corpus = CorpusFile(path)
    (record,) = records(corpus)
    out = corpus.render(record, {"text": record.texts["text"]})
    assert time.perf_counter() - started < 5
    assert record.texts["text"] == text
    assert out == data


# --------------------------------------------------------------------------- CSV

MULTILINE_CSV = (
    b"id,text,station\r\n"
    b'1,"Herr ""Dr."" Maier,\r\nzweite Zeile",  Kardio \r\n'
    b'2,unquoted note,"Sta ""A"""\r\n'
    b'3,"",\r\n'
)


def test_csv_identity_round_trip_reproduces_the_file_byte_for_byte(tmp_path: Path) -> None:
    path = write(tmp_path, "n.csv", MULTILINE_CSV)
    assert rewrite(CorpusFile(path), same) == MULTILINE_CSV


def test_csv_quoted_multiline_fields_and_doubled_quotes_are_decoded(tmp_path: Path) -> None:
    path = write(tmp_path, "n.csv", MULTILINE_CSV)
    found = records(CorpusFile(path))
    assert [(r.line, r.id, r.texts["text"]) for r in found] == [
        (2, "1", 'Herr "Dr." Maier,\r\nzweite Zeile'),
        (4, "2", "unquoted note"),
        (5, "3", ""),
    ]


def test_csv_only_the_text_field_changes_and_quoting_follows_rfc4180(tmp_path: Path) -> None:
    path = write(tmp_path, "n.csv", MULTILINE_CSV)
    corpus = CorpusFile(path)
    new = {"1": "X", "2": 'has "quote", comma', "3": "plain"}
    out = [corpus.preamble()]
    for record in records(corpus):
        out.append(corpus.render(record, {"text": new[record.id]}))
    assert b"".join(out) == (
        b'id,text,station\r\n1,"X",  Kardio \r\n2,"has ""quote"", comma","Sta ""A"""\r\n3,"plain",\r\n'
    )


def test_csv_unquoted_value_stays_unquoted_unless_it_needs_quotes(tmp_path: Path) -> None:
    path = write(tmp_path, "n.csv", b"id,text\na,b\nc,d\ne,f\n")
    corpus = CorpusFile(path)
    changes = iter(["plain", "line\nbreak", "cr\ronly"])
    out = rewrite(corpus, lambda _text: next(changes))
    assert out == b'id,text\na,plain\nc,"line\nbreak"\ne,"cr\ronly"\n'


@pytest.mark.parametrize(
    ("name", "sep"),
    [("n.csv", b";"), ("n.csv", b"\t"), ("n.tsv", b"\t"), ("n.tsv", b","), ("n.csv", b",")],
)
def test_csv_delimiter_is_detected_from_the_header(tmp_path: Path, name: str, sep: bytes) -> None:
    other = b";" if sep == b"," else b","
    data = sep.join([b'"i' + other + b'd"', b"text", b"x"]) + b"\n"
    data += sep.join([b"1", b"a" + other + b"b", b"3"]) + b"\n"
    path = write(tmp_path, name, data)
    corpus = CorpusFile(path, id_field="i" + other.decode() + "d")
    assert corpus.delimiter == sep.decode()
    (record,) = records(corpus)
    assert (record.id, record.texts["text"]) == ("1", "a" + other.decode() + "b")
    assert rewrite(corpus, same) == data


def test_tsv_with_a_single_column_defaults_to_tab(tmp_path: Path) -> None:
    path = write(tmp_path, "n.tsv", b"text\na,b;c\n")
    corpus = CorpusFile(path)
    assert corpus.delimiter == "\t"
    assert records(corpus)[0].texts == {"text": "a,b;c"}


def test_csv_explicit_delimiter_overrides_detection(tmp_path: Path) -> None:
    data = b"id|text;with;semicolons\n1|a;b;c\n"
    path = write(tmp_path, "n.csv", data)
    with pytest.raises(InputError):
        CorpusFile(path, text_fields=["text;with;semicolons"])  # detected ';' splits the header
    corpus = CorpusFile(path, text_fields=["text;with;semicolons"], delimiter="|")
    (record,) = records(corpus)
    assert record.texts == {"text;with;semicolons": "a;b;c"}
    assert rewrite(corpus, upper) == b"id|text;with;semicolons\n1|A;B;C\n"


def test_csv_explicit_delimiter_must_be_a_single_safe_character(tmp_path: Path) -> None:
    path = write(tmp_path, "n.csv", b"text\na\n")
    for bad in ('"', "ab", "\n"):
        with pytest.raises(UsageError):
            CorpusFile(path, delimiter=bad)
    assert CorpusFile(path, delimiter="\\t").delimiter == "\t"


def test_csv_bom_is_kept_in_the_preamble_and_not_part_of_the_first_column(tmp_path: Path) -> None:
    data = b"\xef\xbb\xbfid;text\r\n1;Notiz\r\n"
    path = write(tmp_path, "n.csv", data)
    corpus = CorpusFile(path)
    assert corpus.preamble() == b"\xef\xbb\xbfid;text\r\n"
    assert records(corpus)[0].id == "1"
    assert rewrite(corpus, upper) == b"\xef\xbb\xbfid;text\r\n1;NOTIZ\r\n"


def test_csv_last_record_without_final_newline_round_trips(tmp_path: Path) -> None:
    for tail in (b"2,zwei", b'2,"zwei"', b"2,zwei\r"):
        data = b"id,text\n1,eins\n" + tail
        path = write(tmp_path, "n.csv", data)
        corpus = CorpusFile(path)
        assert [r.texts["text"] for r in records(corpus)] == ["eins", "zwei"]
        assert rewrite(corpus, same) == data
        assert rewrite(corpus, upper) == data.replace(b"eins", b"EINS").replace(b"zwei", b"ZWEI")


def test_csv_empty_last_field_at_end_of_file_can_be_rendered(tmp_path: Path) -> None:
    path = write(tmp_path, "n.csv", b"id,text\n1,")
    assert rewrite(CorpusFile(path), lambda _t: "neu") == b"id,text\n1,neu"


def test_csv_multiple_text_fields_and_id_fallback(tmp_path: Path) -> None:
    data = b'a,nr,b\n"x",,y\n\nz,7,w\n'
    path = write(tmp_path, "notes.csv", data)
    corpus = CorpusFile(path, text_fields=["b", "a"], id_field="nr")
    found = records(corpus)
    assert [(r.id, list(r.texts.items())) for r in found] == [
        ("notes.csv:2", [("b", "y"), ("a", "x")]),
        ("7", [("b", "w"), ("a", "z")]),
    ]
    assert rewrite(corpus, upper) == b'a,nr,b\n"X",,Y\n\nZ,7,W\n'
    no_id_column = records(CorpusFile(path, text_fields=["a"], id_field="missing"))
    assert [r.id for r in no_id_column] == ["notes.csv:2", "notes.csv:4"]


def test_csv_header_may_span_lines_and_record_lines_count_physical_lines(tmp_path: Path) -> None:
    data = b'"i\nd",text\n1,"a\nb\nc"\n2,d\n'
    path = write(tmp_path, "n.csv", data)
    corpus = CorpusFile(path, id_field="i\nd")
    assert corpus.preamble() == b'"i\nd",text\n'
    assert [(r.line, r.id) for r in records(corpus)] == [(3, "1"), (6, "2")]


def test_csv_wrong_field_count_is_rejected_without_content(tmp_path: Path) -> None:
    data = f"id,text,a,b,c\n1,ok,1,2,3\n2,{SECRET},1,2\n3,{SECRET},1,2,3,4\n4,ok,1,2,3\n".encode()
    path = write(tmp_path, "n.csv", data)
    corpus = CorpusFile(path)
    assert rejections(corpus) == [
        Rejected(path, 3, "wrong field count: expected 5, got 4"),
        Rejected(path, 4, "wrong field count: expected 5, got 6"),
    ]
    assert [r.line for r in records(corpus)] == [2, 5]


def test_csv_invalid_utf8_in_the_middle_only_rejects_that_record(tmp_path: Path) -> None:
    data = b'id,text\n1,eins\n2,"' + SECRET.encode() + b'\n\xff"\n3,drei\n'
    path = write(tmp_path, "n.csv", data)
    corpus = CorpusFile(path)
    assert rejections(corpus) == [Rejected(path, 3, "invalid UTF-8")]
    assert [r.line for r in records(corpus)] == [2, 5]


def test_csv_unterminated_quoted_field_is_rejected_at_its_start_line(tmp_path: Path) -> None:
    data = f'id,text\n1,eins\n2,"{SECRET}\nnoch mehr\n'.encode()
    path = write(tmp_path, "n.csv", data)
    result = items(CorpusFile(path))
    assert result[1] == Rejected(path, 3, "unterminated quoted field")
    assert len(result) == 2


def test_csv_garbage_after_closing_quote_rejects_only_that_line(tmp_path: Path) -> None:
    data = f'id,text\n1,"{SECRET}"{SECRET}\n2,zwei\n'.encode()
    path = write(tmp_path, "n.csv", data)
    corpus = CorpusFile(path)
    (rejected,) = rejections(corpus)
    assert (rejected.line, SECRET in rejected.reason) == (2, False)
    assert [r.texts["text"] for r in records(corpus)] == ["zwei"]


def test_csv_quote_inside_unquoted_field_is_data(tmp_path: Path) -> None:
    data = b'id,text\n1,5" lang\n'
    path = write(tmp_path, "n.csv", data)
    corpus = CorpusFile(path)
    assert records(corpus)[0].texts == {"text": '5" lang'}
    assert rewrite(corpus, same) == data
    assert rewrite(corpus, upper) == b'id,text\n1,"5"" LANG"\n'


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"id,note\n1,x\n", "no column 'text' in header"),
        (b"", "missing header row"),
        (b"id,text,text\n", "duplicate column 'text' in header"),
        (b"id,\xff,text\n", "invalid UTF-8 in header"),
        (b'id,"text\n', "malformed header: unterminated quoted field"),
    ],
)
def test_csv_unusable_header_raises_input_error_at_line_1(tmp_path: Path, data: bytes, reason: str) -> None:
    path = write(tmp_path, "n.csv", data)
    with pytest.raises(InputError) as caught:
        CorpusFile(path)
    assert (caught.value.line, caught.value.reason) == (1, reason)
    assert str(caught.value) == f"{path}:1: {reason}"


def test_csv_ten_megabyte_multiline_note_round_trips_quickly(tmp_path: Path) -> None:
    text = ('Zeile mit "Zitat", Komma;\n' * 400_000)[: 10 * 1024 * 1024]
    field = b'"' + text.replace('"', '""').encode() + b'"'
    data = b"id;text;x\r\nbig;" + field + b";1\r\n2;klein;2\r\n"
    path = write(tmp_path, "big.csv", data)
    started = time.perf_counter()
    corpus = CorpusFile(path)
    found = records(corpus)
    out = rewrite(corpus, same)
    assert time.perf_counter() - started < 5
    assert found[0].texts["text"] == text
    assert found[1].line == 2 + text.count("\n") + 1
    assert out == data


def test_csv_ten_megabyte_single_line_unquoted_note_round_trips(tmp_path: Path) -> None:
    text = "x" * (10 * 1024 * 1024)
    data = b"id,text\n1," + text.encode() + b"\n"
    path = write(tmp_path, "big.csv", data)
    started = time.perf_counter()
    assert rewrite(CorpusFile(path), same) == data
    assert time.perf_counter() - started < 5


# --------------------------------------------------------------------------- CorpusFile misc


def test_corpus_file_rejects_unsupported_suffix_and_bad_text_fields(tmp_path: Path) -> None:
    with pytest.raises(UsageError):
        CorpusFile(write(tmp_path, "n.txt", b"x"))
    jsonl = write(tmp_path, "n.jsonl", b"")
    with pytest.raises(UsageError):
        CorpusFile(jsonl, text_fields=[])
    with pytest.raises(UsageError):
        CorpusFile(jsonl, text_fields=["text", "text"])


def test_render_refuses_unknown_fields_and_non_string_values(tmp_path: Path) -> None:
    path = write(tmp_path, "n.jsonl", b'{"text": "a"}\n')
    corpus = CorpusFile(path)
    (record,) = records(corpus)
    with pytest.raises(KeyError):
        corpus.render(record, {"other": "x"})
    with pytest.raises(TypeError):
        corpus.render(record, {"text": 5})  # type: ignore[dict-item]


def test_corpus_file_can_be_iterated_twice(tmp_path: Path) -> None:
    path = write(tmp_path, "n.csv", MULTILINE_CSV)
    corpus = CorpusFile(path)
    assert items(corpus) == items(corpus)


# --------------------------------------------------------------------------- AtomicOutputs


def test_atomic_outputs_replace_destinations_on_commit(tmp_path: Path) -> None:
    old = write(tmp_path, "out.jsonl", b"old\n")
    new = tmp_path / "sub" / "deeper" / "new.csv"
    with AtomicOutputs() as outputs:
        outputs.open(old).write(b"fresh\n")
        outputs.open(new).write(b"created\n")
        outputs.commit()
    assert old.read_bytes() == b"fresh\n"
    assert new.read_bytes() == b"created\n"
    assert sorted(p.name for p in tmp_path.rglob("*deid-tmp*")) == []


def test_atomic_outputs_leave_destination_intact_and_no_temp_when_block_raises(tmp_path: Path) -> None:
    old = write(tmp_path, "out.jsonl", b"old\n")
    with pytest.raises(RuntimeError, match="boom"), AtomicOutputs() as outputs:
        outputs.open(old).write(b"partial")
        outputs.open(tmp_path / "other.jsonl").write(b"partial")
        raise RuntimeError("boom")
    assert old.read_bytes() == b"old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.jsonl"]


def test_atomic_outputs_without_commit_discard_everything(tmp_path: Path) -> None:
    old = write(tmp_path, "out.jsonl", b"old\n")
    with AtomicOutputs() as outputs:
        outputs.open(old).write(b"new")
    assert old.read_bytes() == b"old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.jsonl"]


def test_atomic_outputs_temp_files_are_private_and_beside_the_destination(tmp_path: Path) -> None:
    dest = tmp_path / "out" / "masked.jsonl"
    with AtomicOutputs() as outputs:
        outputs.open(dest)
        (temp,) = list(dest.parent.iterdir())
        assert temp.name.startswith(".masked.jsonl.deid-tmp-")
        assert stat.S_IMODE(temp.stat().st_mode) == 0o600
        outputs.commit()
    assert stat.S_IMODE(dest.stat().st_mode) == 0o600


def test_atomic_outputs_refuse_opening_a_destination_twice(tmp_path: Path) -> None:
    with AtomicOutputs() as outputs:
        outputs.open(tmp_path / "a.jsonl")
        with pytest.raises(ValueError):
            outputs.open(tmp_path / "a.jsonl")
    assert list(tmp_path.iterdir()) == []


# --------------------------------------------------------------------------- discovery


def test_discover_inputs_sorts_directory_contents_and_ignores_other_types(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name in ("b.csv", "a.jsonl", "c.tsv", "d.ndjson", "notes.txt", ".hidden.jsonl", "README"):
        (corpus / name).write_bytes(b"")
    (corpus / "sub.jsonl").mkdir()
    (corpus / "sub.jsonl" / "inner.jsonl").write_bytes(b"")
    names = [p.name for p in discover_inputs([corpus])]
    assert names == ["a.jsonl", "b.csv", "c.tsv", "d.ndjson"]


def test_discover_inputs_keeps_argument_order_and_drops_duplicates(tmp_path: Path) -> None:
    z = write(tmp_path, "z.jsonl", b"")
    a = write(tmp_path, "a.CSV", b"")
    assert discover_inputs([z, a, z]) == [z, a]
    assert discover_inputs([z, tmp_path]) == [z, a]


def test_discover_inputs_rejects_missing_paths_and_unsupported_files(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="input not found"):
        discover_inputs([tmp_path / "nope.jsonl"])
    with pytest.raises(UsageError, match="unsupported"):
        discover_inputs([write(tmp_path, "notes.txt", b"")])
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(UsageError, match="no input files"):
        discover_inputs([empty])


def test_output_paths_single_file_maps_to_the_output_file(tmp_path: Path) -> None:
    src = write(tmp_path, "notes.jsonl", b"")
    out = tmp_path / "masked.jsonl"
    assert output_paths([src], [src], out) == {src: out}
    existing_dir = tmp_path / "outdir"
    existing_dir.mkdir()
    assert output_paths([src], [src], existing_dir) == {src: existing_dir / "notes.jsonl"}


def test_output_paths_directory_or_several_inputs_mirror_file_names(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    a = write(corpus, "a.jsonl", b"")
    out = tmp_path / "out"
    assert output_paths([a], [corpus], out) == {a: out / "a.jsonl"}
    b = write(tmp_path, "b.csv", b"")
    assert output_paths([a, b], [a, b], out) == {a: out / "a.jsonl", b: out / "b.csv"}
    with pytest.raises(UsageError, match="must be a directory"):
        output_paths([a, b], [a, b], b)


def test_output_paths_duplicate_names_are_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "x").mkdir()
    (tmp_path / "y").mkdir()
    first = write(tmp_path / "x", "notes.jsonl", b"")
    second = write(tmp_path / "y", "notes.jsonl", b"")
    with pytest.raises(UsageError, match="share the file name"):
        output_paths([first, second], [first, second], tmp_path / "out")


def test_output_paths_never_overwrite_an_input(tmp_path: Path) -> None:
    src = write(tmp_path, "notes.jsonl", b"")
    with pytest.raises(UsageError, match="overwrite"):
        output_paths([src], [src], src)
    with pytest.raises(UsageError, match="overwrite"):
        output_paths([src], [tmp_path], tmp_path)
