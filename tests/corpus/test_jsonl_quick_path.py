"""The JSONL reader's quick path (one parse and a few byte searches for the common line shape)
must read every line exactly as the careful path does: the same record (text, id, the byte
slice that render rewrites) or the same rejection, or leave the line to the careful path."""

from __future__ import annotations

import io
from pathlib import Path

import orjson
import pytest

from deid_cli.corpus.corpus_file import CorpusFile
from deid_cli.corpus.jsonl import JsonlReader
from deid_cli.corpus.records import BOM, Record, Rejected, within_limit

LIMIT = 40

# Lines the quick path must read itself (and agree on).
QUICK_LINES = [
    b'{"id":"a","text":"Herr M\xc3\xbcller kam."}\n',
    b'{"text":"ohne id"}\n',
    b'{"text":""}\n',
    b'{ "id" : 7 , "text" : "Leerzeichen um den Doppelpunkt" }\r\n',
    b'{"text":"Zeile 1\\nZeile 2\\t\\"zitiert\\" \\\\ Ende"}\n',  # escapes orjson spells alike
    b'{"text":"M\\u00fcller und \\/ Schr\\u00e4gstrich"}\n',  # escapes spelled otherwise: regex end
    b'{"text":"\\ud83d\\ude00 Emoji als Surrogatpaar","id":null}\n',
    b'{"meta":{"note":"verschachtelt"},"k":[1,{"n":2}],"text":"oben"}',  # no line ending
    b'{"text":"Ende ohne Zeilenende"}',
    b'{"text":"\xe2\x80\xa8 Zeilentrenner \xe2\x80\xa9","id":""}\n',
    b'{"id":["x"],"text":"id als Liste","z":true}\n',
    b'{"author":"Dr. M\\u00fcller","text":"Notiz"}\n',  # escapes outside: no other key spelling
    b'{"text":"Notiz","author":"M\\u00fcller\\n"}\n',
    b'{"\\u0054EXT":"anderer Schl\\u00fcssel","text":"t"}\n',  # TEXT is another key
    b'{"a":"say \\"text\\":","text":"b"}\n',
    b'{"a":"\\"text\\"","text":"Schl\xc3\xbcssel als Wert"}\n',
    b'{"text":"' + b"x" * LIMIT + b'"}\n',  # at the limit
    b'{"text":"' + b"x" * (LIMIT + 1) + b'"}\n',  # over the limit: rejected
]

# Lines the careful path must read (the quick path declines them).
CAREFUL_LINES = [
    b"\n",
    b"   \r\n",
    BOM + b'{"text":"BOM"}\n',
    b'{"text":"eins","text":"zwei"}\n',  # duplicate key
    b'{"meta":{"text":"verschachtelt"},"text":"oben","k":[1,{"text":2}]}\n',  # the key nested too
    b'{"\\u0074ext":"escaped key"}\n',
    b'{"\\u0074ext":"escaped key","text":"and plain"}\n',
    b'{"text":1}\n',
    b'{"text":null}\n',
    b'{"id":"kein Text"}\n',
    b'["text","array"]\n',
    b'"text"\n',
    b'{"text":"kaputt"\n',
    b'{"text":"ung\xfcltiges UTF-8"}\n',
    b'{"text":"a"} {"text":"b"}\n',
    b'{"x":"\\u00fc","\\u0074ext":"a","text":"b"}\n',  # the key twice, once escaped
    b'{"text":"a","x":"\\u00fc","te\\u0078t":"b"}\n',
    b'{"abc\\"text":"v","\\u0074ext":"w"}\n',  # "text" inside a key, the real one escaped
    b'{"abc\\"text":"v","text":"w"}\n',
    b"[" * 2000 + b"]" * 2000 + b"\n",
    b'{"deep":' + b"[" * 2000 + b"]" * 2000 + b',"text":"tief"}\n',
]


def reader(tmp_path: Path, **options: object) -> JsonlReader:
    return JsonlReader(tmp_path / "c.jsonl", ("text",), "id", max_note_chars=LIMIT, **options)  # type: ignore[arg-type]


def quick(jsonl: JsonlReader, line: bytes, number: int) -> Record | Rejected | None:
    """What the quick path makes of a line (None: left to the careful path)."""
    try:
        obj = orjson.loads(line)
    except orjson.JSONDecodeError:
        return None
    return jsonl._quick_record(line, number, obj) if isinstance(obj, dict) else None


def careful(jsonl: JsonlReader, line: bytes, number: int) -> Record | Rejected | bytes:
    return within_limit(jsonl._parse_line_carefully(line, number), jsonl.max_note_chars)


@pytest.mark.parametrize("number", [1, 2])
@pytest.mark.parametrize("line", QUICK_LINES)
def test_quick_path_reads_common_lines_as_the_careful_path_does(
    tmp_path: Path, line: bytes, number: int
) -> None:
    jsonl = reader(tmp_path)
    assert quick(jsonl, line, number) is not None
    assert jsonl._parse_line(line, number) == careful(jsonl, line, number)


@pytest.mark.parametrize("number", [1, 2])
@pytest.mark.parametrize("line", CAREFUL_LINES)
def test_quick_path_leaves_unusual_lines_to_the_careful_path(
    tmp_path: Path, line: bytes, number: int
) -> None:
    jsonl = reader(tmp_path)
    assert quick(jsonl, line, number) is None
    assert jsonl._parse_line(line, number) == careful(jsonl, line, number)


def test_quick_path_is_off_when_extras_drops_or_several_text_fields_must_be_found(tmp_path: Path) -> None:
    line = b'{"id":"a","text":"t","name":"Maier","x":1}\n'
    for options in ({"extra_fields": ("name",)}, {"drop_fields": ("x",)}):
        jsonl = reader(tmp_path, **options)
        assert not jsonl._quick
        record = jsonl._parse_line(line, 2)
        assert isinstance(record, Record) and record.texts == {"text": "t"}
    two = JsonlReader(tmp_path / "c.jsonl", ("text", "name"), "id")
    assert not two._quick and two._parse_line(line, 2).texts == {"text": "t", "name": "Maier"}  # type: ignore[union-attr]


def test_a_key_with_other_spellings_is_read_quickly_only_where_no_backslash_is_outside_its_value(
    tmp_path: Path,
) -> None:
    jsonl = JsonlReader(tmp_path / "c.jsonl", ("tëxt",), "id")  # ë may also be \u00eb or \u00EB
    plain = '{"id":"a","tëxt":"Notiz"}\n'.encode()
    escaped = '{"id":"M\\u00fcller","tëxt":"Notiz"}\n'.encode()
    assert quick(jsonl, plain, 2) is not None
    assert quick(jsonl, escaped, 2) is None
    for line in (plain, escaped):
        assert jsonl._parse_line(line, 2) == careful(jsonl, line, 2)


def test_a_file_of_mixed_lines_is_read_and_rewritten_as_the_careful_path_reads_it(tmp_path: Path) -> None:
    lines = [*QUICK_LINES[:-2], *CAREFUL_LINES[1:]]
    data = b"".join(line if line.endswith(b"\n") else line + b"\n" for line in lines)
    path = tmp_path / "c.jsonl"
    path.write_bytes(data)
    corpus = CorpusFile(path, max_note_chars=LIMIT)
    jsonl = reader(tmp_path)
    physical = io.BytesIO(data).readlines()
    expected = [careful(jsonl, line, n) for n, line in enumerate(physical, start=1)]
    got = list(corpus)
    assert got == expected
    out = b"".join(
        item if isinstance(item, bytes) else corpus.render(item, item.texts)
        for item in got
        if not isinstance(item, Rejected)
    )
    kept = b"".join(line for line, item in zip(physical, got, strict=True) if not isinstance(item, Rejected))
    assert out == kept
