"""Guarantees of the corpus layer: byte-exact round trips, per-record rejection without leaking
record content, and atomic outputs."""

from __future__ import annotations

import csv
import io
import json
import re
import stat
import time
from collections.abc import Callable
from pathlib import Path

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deid_cli.corpus.atomic import AtomicOutputs
from deid_cli.corpus.corpus_file import CorpusFile
from deid_cli.corpus.csv_format import _CsvTokenizer
from deid_cli.corpus.discovery import discover_inputs, output_paths
from deid_cli.corpus.jsonl import JsonlReader
from deid_cli.corpus.records import InputError, Record, Rejected, UsageError, within_limit

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
TEXT_PIECES = st.sampled_from(
    ['"', "\\", "text", '"text"', '"text":', ":", "{", "}", "ü", "\n", "\u2028", "😀", "a", " ", "/"]
)
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


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    obj=st.dictionaries(KEYS, JSON_VALUES, max_size=4),
    text=st.one_of(TEXTS, JSON_VALUES),
    ensure_ascii=st.booleans(),
    compact=st.booleans(),
    escape_key=st.booleans(),
    duplicate=st.booleans(),
    ending=st.sampled_from([b"\n", b"\r\n", b""]),
)
def test_jsonl_quick_and_careful_paths_read_any_object_alike(
    tmp_path: Path,
    obj: dict[str, object],
    text: object,
    ensure_ascii: bool,
    compact: bool,
    escape_key: bool,
    duplicate: bool,
    ending: bytes,
) -> None:
    # The reader's quick path (tests/corpus/test_jsonl_quick_path.py) against its careful one.
    obj["text"] = text
    separators = (",", ":") if compact else (", ", ": ")
    line = json.dumps(obj, ensure_ascii=ensure_ascii, separators=separators).encode()
    if escape_key:
        line = line.replace(b'"text"', b'"\\u0074ext"', 1)
    if duplicate:
        line = line[:-1] + b', "text": ' + json.dumps(text).encode() + b"}"
    line += ending
    jsonl = JsonlReader(tmp_path / "c.jsonl", ("text",), "id", max_note_chars=5)
    for number in (1, 2):
        careful = within_limit(jsonl._parse_line_carefully(line, number), 5)
        assert jsonl._parse_line(line, number) == careful


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
    # The lines after the bad quote are read again as records of their own.
    assert result[2:] == [Rejected(path, 4, "wrong field count: expected 2, got 1")]


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


# RFC 4180: a quoted field's content, where "" stands for one quote (the reader's scanner, which
# hops from quote to quote instead, must end every field where this ends it).
RFC4180_QUOTED_BODY = re.compile(rb'[^"]*(?:""[^"]*)*')


@given(st.lists(st.sampled_from([b'"', b'""', b"a", b",", b"\n", b"\r\n", b"\r", b"\xc3\xbc"]), max_size=12))
def test_csv_quoted_field_ends_at_its_first_undoubled_quote_reading_only_the_lines_it_needs(
    pieces: list[bytes],
) -> None:
    data = b'"' + b"".join(pieces)
    physical = io.BytesIO(data).readlines()
    later = iter(physical[1:])
    read = bytearray(physical[0])
    end = _CsvTokenizer._quoted_end(read, 0, lambda: next(later, b""))
    body_end = RFC4180_QUOTED_BODY.match(data, 1).end()  # type: ignore[union-attr]
    assert end == (body_end + 1 if body_end < len(data) else -1)
    lines_read = len(physical) - len(list(later))
    assert bytes(read) == b"".join(physical[:lines_read])
    if end > 0:
        assert len(read) >= end > len(read) - len(physical[lines_read - 1])


@pytest.mark.parametrize("data", [b"", b"\n\n", b"\xef\xbb\xbf", b"id,text\n"])
def test_a_csv_without_rows_is_an_empty_corpus_not_an_error(tmp_path: Path, data: bytes) -> None:
    corpus = CorpusFile(write(tmp_path, "n.csv", data))
    assert list(corpus) == [] and not corpus.has_records()
    assert corpus.preamble() == (
        data if data.startswith(b"id") else data[:3] if data.startswith(b"\xef") else b""
    )


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"id,note\n1,x\n", "no column 'text' in header"),
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


# --------------------------------------------------------------------------- extra and drop fields


def rewrite_all(
    corpus: CorpusFile, change: Callable[[str], str], change_extra: Callable[[str], str] | None = None
) -> bytes:
    """Like ``rewrite``, also passing new values for every extra field a record has."""
    out = [corpus.preamble()]
    for item in corpus:
        if isinstance(item, bytes):
            out.append(item)
        elif isinstance(item, Record):
            texts = {name: change(text) for name, text in item.texts.items()}
            extras = {name: (change_extra or change)(value) for name, value in item.extras.items()}
            out.append(corpus.render(item, texts, extras))
    return b"".join(out)


def parse_jsonl(data: bytes) -> list[object]:
    return [json.loads(line) for line in data.splitlines() if line.strip()]


def parse_csv(data: bytes, delimiter: str = ",") -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode(), newline=""), delimiter=delimiter))


@pytest.mark.parametrize(
    ("line", "drop", "expected"),
    [
        (b'{"pn": "Max", "text": "a", "id": 1}', "pn", b'{"text": "a", "id": 1}'),
        (b'{"text": "a", "pn": "Max", "id": 1}', "pn", b'{"text": "a", "id": 1}'),
        (b'{"text": "a", "id": 1, "pn": "Max"}', "pn", b'{"text": "a", "id": 1}'),
        (b'{ "pn" :\t"Max" ,\t "text" : "a" }', "pn", b'{ "text" : "a" }'),
        (b'{"text" : "a"  ,  "pn"  :  "Max"  ,"id":1}', "pn", b'{"text" : "a"    ,"id":1}'),
        (b'{"text":"a" , "pn" : "Max" }', "pn", b'{"text":"a"  }'),
        (b'{"pn":{"pn":"x","l":[1,{"pn":2}]},"text":"a"}', "pn", b'{"text":"a"}'),
        (b'{"text":"a","pn":[1,"]",{"}":"{"}]}', "pn", b'{"text":"a"}'),
        (b'{"text":"a","pn":-1.5e3,"z":true}', "pn", b'{"text":"a","z":true}'),
        (b'{"text":"a","pn":null}', "pn", b'{"text":"a"}'),
        (b'{"pn":"M\\u00fcller \\"x\\"","text":"a"}', "pn", b'{"text":"a"}'),
        (b'{"text":"a","id":1}', "pn", b'{"text":"a","id":1}'),
    ],
)
def test_jsonl_drop_removes_the_top_level_pair_and_one_comma(
    tmp_path: Path, line: bytes, drop: str, expected: bytes
) -> None:
    path = write(tmp_path, "n.jsonl", line + b"\r\n")
    corpus = CorpusFile(path, drop_fields=[drop])
    out = rewrite(corpus, same)
    assert out == expected + b"\r\n"
    original = json.loads(line)
    original.pop(drop, None)
    assert json.loads(out) == original


def test_jsonl_drop_leaves_nested_keys_of_the_same_name_alone(tmp_path: Path) -> None:
    data = b'{"meta": {"pn": "nested", "k": [{"pn": "deep"}]}, "text": "a", "pn": "top", "z": "pn"}\n'
    path = write(tmp_path, "n.jsonl", data)
    out = rewrite(CorpusFile(path, drop_fields=["pn"]), upper)
    assert out == b'{"meta": {"pn": "nested", "k": [{"pn": "deep"}]}, "text": "A", "z": "pn"}\n'


def test_jsonl_nested_key_of_the_same_name_is_not_dropped_when_top_level_lacks_it(tmp_path: Path) -> None:
    data = b'{"meta": {"pn": "nested"}, "text": "a"}\n'
    path = write(tmp_path, "n.jsonl", data)
    assert rewrite(CorpusFile(path, drop_fields=["pn"]), same) == data


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (b'{"a":1,"b":2,"text":"t"}', b'{"text":"t"}'),
        (b'{"text":"t","a":1,"b":2}', b'{"text":"t"}'),
        (b'{"a":1,"text":"t","b":2}', b'{"text":"t"}'),
        (b'{"x":0, "a":1 , "b":2 ,"text":"t", "b":3}', b'{"x":0 ,"text":"t"}'),
        (b'{ "a" : 1 , "b" : 2 , "text" : "t" , "c" : 3 }', b'{ "text" : "t" , "c" : 3 }'),
    ],
)
def test_jsonl_dropping_neighbouring_and_duplicate_keys_keeps_valid_json(
    tmp_path: Path, line: bytes, expected: bytes
) -> None:
    path = write(tmp_path, "n.jsonl", line + b"\n")
    out = rewrite(CorpusFile(path, drop_fields=["a", "b"]), same)
    assert out == expected + b"\n"
    json.loads(out)


def test_jsonl_drop_with_escaped_keys_uses_the_slow_scanner(tmp_path: Path) -> None:
    data = (
        b'{"\\u0070n": "Max", "say \\"pn": "fake", "text": "a", "k": {"pn": "nested"}, "p\\u006e": "dup"}\n'
    )
    path = write(tmp_path, "n.jsonl", data)
    out = rewrite(CorpusFile(path, drop_fields=["pn"]), same)
    assert out == b'{"say \\"pn": "fake", "text": "a", "k": {"pn": "nested"}}\n'


def test_jsonl_drop_after_a_bom_on_the_first_key(tmp_path: Path) -> None:
    data = b'\xef\xbb\xbf{"pn": "Max", "text": "a"}\n{"pn": "Eva", "text": "b"}\n'
    path = write(tmp_path, "n.jsonl", data)
    out = rewrite(CorpusFile(path, drop_fields=["pn"]), upper)
    assert out == b'\xef\xbb\xbf{"text": "A"}\n{"text": "B"}\n'


def test_jsonl_extras_are_read_when_present_and_strings_only(tmp_path: Path) -> None:
    data = (
        b'{"text": "a", "pn": "Max", "au": "Dr. Eva"}\n'
        b'{"text": "b", "pn": null}\n'
        b'{"text": "c", "pn": 5, "au": ["x"]}\n'
        b'{"text": "d", "meta": {"pn": "nested"}}\n'
        b'{"text": "e", "\\u0070n": "M\\u00fcller"}\n'
    )
    path = write(tmp_path, "n.jsonl", data)
    corpus = CorpusFile(path, extra_fields=["pn", "au"])
    assert rejections(corpus) == []
    assert [r.extras for r in records(corpus)] == [
        {"pn": "Max", "au": "Dr. Eva"},
        {},
        {},
        {},
        {"pn": "Müller"},
    ]
    assert rewrite_all(corpus, same) == data
    out = rewrite_all(corpus, same, upper)
    assert out == data.replace(b'"Max"', b'"MAX"').replace(b'"Dr. Eva"', b'"DR. EVA"').replace(
        b'"M\\u00fcller"', orjson.dumps("MÜLLER")
    )


def test_jsonl_records_without_extras_still_construct_positionally(tmp_path: Path) -> None:
    record = Record(tmp_path, 1, "x", {"text": "a"}, None)
    assert record.extras == {}


def test_jsonl_render_new_extras_changes_only_their_values(tmp_path: Path) -> None:
    data = b'{ "pn" :"Max\\/M" ,"text":"Max kam", "n": {"pn": "Max"}, "au":"Eva" }\r\n'
    path = write(tmp_path, "n.jsonl", data)
    corpus = CorpusFile(path, extra_fields=["pn", "au"])
    (record,) = records(corpus)
    assert record.extras == {"pn": "Max/M", "au": "Eva"}
    new = 'Paul "P" Ühl\\'
    out = corpus.render(record, {"text": "Paul kam"}, {"pn": new})
    assert out == data.replace(b'"Max\\/M"', orjson.dumps(new)).replace(b'"Max kam"', b'"Paul kam"')
    assert json.loads(out)["pn"] == new
    assert corpus.render(record, {}, {"pn": "Max/M", "au": "Eva"}) == data
    assert corpus.render(record, {}) == data
    assert corpus.render(record, {}, None) == data


def test_render_extras_refuses_unknown_names_and_ignores_absent_ones(tmp_path: Path) -> None:
    path = write(tmp_path, "n.jsonl", b'{"text": "a", "pn": null}\n')
    corpus = CorpusFile(path, extra_fields=["pn", "au"])
    (record,) = records(corpus)
    assert corpus.render(record, {}, {"pn": "X", "au": "Y"}) == b'{"text": "a", "pn": null}\n'
    with pytest.raises(KeyError):
        corpus.render(record, {}, {"text": "x"})
    with pytest.raises(KeyError):
        corpus.render(record, {"pn": "x"})
    with pytest.raises(TypeError):
        corpus.render(record, {}, {"pn": 5})  # type: ignore[dict-item]


@pytest.mark.parametrize(
    "line",
    [
        b'{"text": "a", "pn": "SECRET", "pn": "SECRET2"}',
        b'{"text": "a", "pn": "SECRET", "pn": 1}',
        b'{"text": "a", "\\u0070n": "SECRET", "pn": "x"}',
    ],
)
def test_jsonl_duplicate_extra_field_is_rejected(tmp_path: Path, line: bytes) -> None:
    path = write(tmp_path, "n.jsonl", line.replace(b"SECRET", SECRET.encode()) + b"\n")
    assert rejections(CorpusFile(path, extra_fields=["pn"])) == [
        Rejected(path, 1, "duplicate extra field 'pn'")
    ]


def test_jsonl_extra_and_drop_together(tmp_path: Path) -> None:
    data = (
        b'{"pn": "Max", "text": "Max kam", "au": "Eva", "ssn": 123}\n'
        b'{"text": "nichts", "au": null}\n'
        b'{"au": "Eva", "text": "x", "pn": "Max"}\n'
    )
    path = write(tmp_path, "n.jsonl", data)
    corpus = CorpusFile(path, extra_fields=["pn", "au"], drop_fields=["pn", "ssn"])
    assert [r.extras for r in records(corpus)] == [{"pn": "Max", "au": "Eva"}, {}, {"au": "Eva", "pn": "Max"}]
    out = rewrite_all(corpus, upper)
    assert out == (
        b'{"text": "MAX KAM", "au": "EVA"}\n{"text": "NICHTS", "au": null}\n{"au": "EVA", "text": "X"}\n'
    )
    assert parse_jsonl(out) == [
        {"text": "MAX KAM", "au": "EVA"},
        {"text": "NICHTS", "au": None},
        {"au": "EVA", "text": "X"},
    ]


def test_text_fields_cannot_be_extra_or_drop_fields(tmp_path: Path) -> None:
    path = write(tmp_path, "n.jsonl", b"")
    for kwargs in (
        {"extra_fields": ["text"]},
        {"drop_fields": ["text"]},
        {"extra_fields": ["a", "a"]},
        {"drop_fields": ["b", "b"]},
    ):
        with pytest.raises(UsageError):
            CorpusFile(path, **kwargs)  # type: ignore[arg-type]


DROP_KEYS = st.sampled_from(["pn", "au", "text", "x", 'say "pn', "pn\\"])
DROP_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | TEXTS,
    lambda children: st.lists(children, max_size=3) | st.dictionaries(DROP_KEYS, children, max_size=3),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    obj=st.dictionaries(DROP_KEYS, DROP_VALUES, max_size=5),
    note=TEXTS,
    name=TEXTS,
    order=st.randoms(use_true_random=False),
    compact=st.booleans(),
    escape_key=st.booleans(),
    drop_au=st.booleans(),
)
def test_jsonl_any_object_drops_and_rewrites_only_what_was_asked(
    tmp_path: Path,
    obj: dict[str, object],
    note: str,
    name: str,
    order: object,
    compact: bool,
    escape_key: bool,
    drop_au: bool,
) -> None:
    obj["text"] = note
    obj["pn"] = name
    keys = list(obj)
    order.shuffle(keys)  # type: ignore[attr-defined]
    obj = {key: obj[key] for key in keys}
    separators = (",", ":") if compact else (" ,  ", " : ")
    line = json.dumps(obj, separators=separators, ensure_ascii=False).encode()
    if escape_key:
        line = line.replace(b'"pn"', b'"\\u0070n"').replace(b'"x"', b'"\\u0078"')
    path = write(tmp_path, "p.jsonl", line + b"\n")
    drops = ["x", "au"] if drop_au else ["x"]
    corpus = CorpusFile(path, extra_fields=["pn", "au"], drop_fields=drops)
    (record,) = records(corpus)
    assert record.extras == {k: v for k, v in obj.items() if k in ("pn", "au") and isinstance(v, str)}
    out = corpus.render(record, {"text": note + "T"}, {k: v + "E" for k, v in record.extras.items()})
    expected = {k: v for k, v in obj.items() if k not in drops}
    expected["text"] = note + "T"
    expected.update({k: v + "E" for k, v in record.extras.items() if k not in drops})
    assert json.loads(out) == expected
    assert list(json.loads(out)) == list(expected)
    kept = CorpusFile(path, extra_fields=["pn", "au"])
    (same_record,) = records(kept)
    assert kept.render(same_record, same_record.texts, same_record.extras) == line + b"\n"


def test_jsonl_ten_megabyte_note_with_extras_and_drops_round_trips_quickly(tmp_path: Path) -> None:
    text = ('Patient Müller "zitiert" \\ Zeile\n' * 320_000)[: 10 * 1024 * 1024]
    data = (
        b'{"id": "big", "pn": "Max", "text": '
        + orjson.dumps(text)
        + b', "meta": {"k": [1, 2, {"x": "y"}]}, "au": "Eva"}\n'
    )
    path = write(tmp_path, "big.jsonl", data)
    started = time.perf_counter()
    corpus = CorpusFile(path, extra_fields=["pn", "au"], drop_fields=["meta", "pn"])
    (record,) = records(corpus)
    out = corpus.render(record, record.texts, {"au": "Anna", "pn": "Paul"})
    assert time.perf_counter() - started < 5
    assert record.extras == {"pn": "Max", "au": "Eva"}
    assert out == data.replace(b'"pn": "Max", ', b"").replace(
        b', "meta": {"k": [1, 2, {"x": "y"}]}, "au": "Eva"', b', "au": "Anna"'
    )


# --------------------------------------------------------------------------- CSV extra and drop fields

DROP_CSV = (
    b'pn,text,"sta\r\ntion",au\r\n'
    b'"Max ""M"",\r\nMeier","Herr ""Dr."" Maier,\r\nzweite Zeile",  Kardio ,"Eva\nX"\r\n'
    b'Paul,unquoted note,"Sta ""A""",\r\n'
    b"\r\n"
    b',"",,"x"'
)


@pytest.mark.parametrize(
    ("drop", "header"),
    [
        (["pn"], b'text,"sta\r\ntion",au\r\n'),
        (["sta\r\ntion"], b"pn,text,au\r\n"),
        (["au"], b'pn,text,"sta\r\ntion"\r\n'),
        (["pn", "au"], b'text,"sta\r\ntion"\r\n'),
        (["pn", "sta\r\ntion", "au"], b"text\r\n"),
        (["missing"], b'pn,text,"sta\r\ntion",au\r\n'),
    ],
)
def test_csv_drop_removes_columns_from_header_and_every_row(
    tmp_path: Path, drop: list[str], header: bytes
) -> None:
    path = write(tmp_path, "n.csv", DROP_CSV)
    corpus = CorpusFile(path, drop_fields=drop)
    assert corpus.preamble() == header
    out = rewrite(corpus, same)
    original = parse_csv(DROP_CSV)
    keep = [i for i, name in enumerate(original[0]) if name not in drop]
    assert parse_csv(out) == [[row[i] for i in keep] if row else row for row in original]
    assert [r.texts["text"] for r in records(corpus)] == [
        'Herr "Dr." Maier,\r\nzweite Zeile',
        "unquoted note",
        "",
    ]


def test_csv_drop_keeps_all_other_bytes(tmp_path: Path) -> None:
    path = write(tmp_path, "n.csv", DROP_CSV)
    out = rewrite(CorpusFile(path, drop_fields=["pn"]), same)
    assert out == (
        b'text,"sta\r\ntion",au\r\n'
        b'"Herr ""Dr."" Maier,\r\nzweite Zeile",  Kardio ,"Eva\nX"\r\n'
        b'unquoted note,"Sta ""A""",\r\n'
        b"\r\n"
        b'"",,"x"'
    )
    out = rewrite(CorpusFile(path, drop_fields=["au"]), same)
    assert out == (
        b'pn,text,"sta\r\ntion"\r\n'
        b'"Max ""M"",\r\nMeier","Herr ""Dr."" Maier,\r\nzweite Zeile",  Kardio \r\n'
        b'Paul,unquoted note,"Sta ""A"""\r\n'
        b"\r\n"
        b',"",'
    )


def test_csv_extras_are_read_even_when_empty_and_missing_columns_are_allowed(tmp_path: Path) -> None:
    path = write(tmp_path, "n.csv", DROP_CSV)
    corpus = CorpusFile(path, extra_fields=["pn", "au", "nope"])
    assert [r.extras for r in records(corpus)] == [
        {"pn": 'Max "M",\r\nMeier', "au": "Eva\nX"},
        {"pn": "Paul", "au": ""},
        {"pn": "", "au": "x"},
    ]
    assert rewrite_all(corpus, same) == DROP_CSV


def test_csv_render_new_extras_quotes_like_text_and_keeps_other_bytes(tmp_path: Path) -> None:
    path = write(tmp_path, "n.csv", DROP_CSV)
    corpus = CorpusFile(path, extra_fields=["pn", "au"])
    new = iter(["A", "B", 'C "c", d', "", "E\nF", "G"])
    out = rewrite_all(corpus, same, lambda _v: next(new))
    assert out == (
        b'pn,text,"sta\r\ntion",au\r\n'
        b'"A","Herr ""Dr."" Maier,\r\nzweite Zeile",  Kardio ,"B"\r\n'
        b'"C ""c"", d",unquoted note,"Sta ""A""",\r\n'
        b"\r\n"
        b'"E\nF","",,"G"'
    )


def test_csv_extra_and_drop_together(tmp_path: Path) -> None:
    data = b"id;pn;text;au\n1;Max;Max kam;Eva\n2;;leer;\n"
    path = write(tmp_path, "n.csv", data)
    corpus = CorpusFile(path, extra_fields=["pn", "au"], drop_fields=["pn", "id"])
    assert [r.extras for r in records(corpus)] == [{"pn": "Max", "au": "Eva"}, {"pn": "", "au": ""}]
    assert [r.id for r in records(corpus)] == ["1", "2"]
    out = rewrite_all(corpus, upper)
    assert out == b"text;au\nMAX KAM;EVA\nLEER;\n"
    assert parse_csv(out, ";") == [["text", "au"], ["MAX KAM", "EVA"], ["LEER", ""]]


def test_csv_lone_remaining_empty_field_stays_a_record(tmp_path: Path) -> None:
    path = write(tmp_path, "n.csv", b"text,pn\n,Max\na,Eva\n")
    corpus = CorpusFile(path, drop_fields=["pn"])
    out = rewrite(corpus, same)
    assert out == b'text\n""\na\n'
    assert [r.texts for r in records(CorpusFile(write(tmp_path, "o.csv", out)))] == [
        {"text": ""},
        {"text": "a"},
    ]


def test_csv_bom_and_duplicate_drop_columns(tmp_path: Path) -> None:
    data = b"\xef\xbb\xbfx,text,x\r\n1,a,2\r\n"
    path = write(tmp_path, "n.csv", data)
    corpus = CorpusFile(path, drop_fields=["x"])
    assert corpus.preamble() == b"\xef\xbb\xbftext\r\n"
    assert rewrite(corpus, upper) == b"\xef\xbb\xbftext\r\nA\r\n"


def test_csv_duplicate_extra_column_is_an_input_error(tmp_path: Path) -> None:
    path = write(tmp_path, "n.csv", b"pn,text,pn\n1,a,2\n")
    with pytest.raises(InputError) as caught:
        CorpusFile(path, extra_fields=["pn"])
    assert caught.value.reason == "duplicate column 'pn' in header"


CSV_CELLS = st.lists(st.sampled_from(["", "a", ",", '"', "\n", "\r\n", " ü ", "x;y"]), max_size=3).map(
    "".join
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    columns=st.integers(min_value=2, max_value=5),
    text_at=st.integers(min_value=0, max_value=4),
    dropped=st.sets(st.integers(min_value=0, max_value=4)),
    cells=st.lists(st.lists(CSV_CELLS, min_size=5, max_size=5), min_size=1, max_size=4),
)
def test_csv_any_table_drops_columns_and_rewrites_extras(
    tmp_path: Path, columns: int, text_at: int, dropped: set[int], cells: list[list[str]]
) -> None:
    text_at %= columns
    header = [f"c{i}" for i in range(columns)]
    header[text_at] = "text"
    rows = [row[:columns] for row in cells]
    buffer = io.StringIO(newline="")
    csv.writer(buffer, lineterminator="\r\n").writerows([header, *rows])
    path = write(tmp_path, "p.csv", buffer.getvalue().encode())
    drops = [header[i] for i in sorted(dropped) if i < columns and i != text_at]
    extras = [name for name in header if name != "text"]
    corpus = CorpusFile(path, extra_fields=extras, drop_fields=drops, delimiter=",")
    out = rewrite_all(corpus, upper, lambda v: v + "!")
    keep = [i for i, name in enumerate(header) if name not in drops]
    expected = [[header[i] for i in keep]]
    for row in rows:
        expected.append([row[i].upper() if i == text_at else row[i] + "!" for i in keep])
    assert parse_csv(out) == expected


def test_note_longer_than_the_limit_is_rejected_naming_line_and_limit(tmp_path: Path) -> None:
    path = write(tmp_path, "n.jsonl", b'{"text": "kurz"}\n{"text": "' + b"x" * 101 + b'"}\n')
    items = list(CorpusFile(path, max_note_chars=100))
    assert isinstance(items[0], Record)
    assert items[1] == Rejected(path, 2, "note longer than the 100-character limit")
