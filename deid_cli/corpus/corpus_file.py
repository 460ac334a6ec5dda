"""One input file, JSONL or CSV: iterate its records, then write each back with new texts.

Clinical exports are compared byte-for-byte against their sources, so a record is never
re-serialized: the reader remembers where each text value sits in the raw bytes and
``CorpusFile.render`` splices the new value into exactly that slice. Files are read in binary
and decoded per record, so one bad line is rejected alone instead of failing the whole file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path

from deid_cli.corpus.csv_format import CsvReader
from deid_cli.corpus.discovery import format_of
from deid_cli.corpus.jsonl import JsonlReader
from deid_cli.corpus.records import (
    MAX_NOTE_CHARS,
    QUOTE,
    RawRecord,
    Record,
    Rejected,
    UsageError,
    normalize_delimiter,
    splice,
    split_ending,
)


class CorpusFile:
    """One JSONL or CSV input file: iterate its records, then ``render`` each with new texts.

    The output file is ``preamble()`` followed by, in order, every yielded ``bytes`` chunk as is
    and ``render(record, ...)`` for every Record. Rejected records have no output bytes.

    ``extra_fields`` are optional string fields read into ``Record.extras`` (JSON: present and a
    string; CSV: any value of a column that exists) so the caller can rewrite them too; a
    duplicated extra key rejects the record (JSON) or the file (CSV header). ``drop_fields`` are
    removed from the output: the top-level key/value pair with one adjacent comma (JSONL), or
    the column with one delimiter in the header and every row (CSV); a record or header without
    them is fine. A drop field may also be an extra field (read, then dropped), never a text field.
    """

    def __init__(
        self,
        path: Path,
        text_fields: Sequence[str] = ("text",),
        id_field: str = "id",
        delimiter: str | None = None,
        extra_fields: Sequence[str] = (),
        drop_fields: Sequence[str] = (),
        max_note_chars: int = MAX_NOTE_CHARS,
    ) -> None:
        fmt = format_of(path)
        if fmt is None:
            raise UsageError(f"unsupported input file type (use .jsonl, .ndjson, .csv or .tsv): {path}")
        fields = tuple(text_fields)
        if not fields or len(set(fields)) != len(fields):
            raise UsageError("text fields must be given, each at most once")
        extras = tuple(extra_fields)
        drops = tuple(drop_fields)
        for kind, names in (("extra", extras), ("drop", drops)):
            if len(set(names)) != len(names):
                raise UsageError(f"{kind} fields must be given at most once each")
            if set(names) & set(fields):
                raise UsageError(f"a text field cannot also be a {kind} field")
        self.path = path
        self.format = fmt
        self.text_fields = fields
        self.extra_fields = extras
        self.drop_fields = drops
        self.max_note_chars = max_note_chars
        self._reader: JsonlReader | CsvReader
        self._encode: Callable[[str, bool], bytes]  # (value, was quoted) -> its bytes in the file
        if fmt == "jsonl":
            self._reader = JsonlReader(path, fields, id_field, extras, drops, max_note_chars)
            self._encode = JsonlReader.encode
        else:
            self._reader = CsvReader(
                path, fields, id_field, normalize_delimiter(delimiter), extras, drops, max_note_chars
            )
            self._encode = self._reader.encode

    @property
    def delimiter(self) -> str | None:
        """The CSV delimiter in use (detected or explicit); None for JSONL."""
        return chr(self._reader.delimiter) if isinstance(self._reader, CsvReader) else None

    @property
    def missing_text_fields(self) -> tuple[str, ...]:
        """Text fields a CSV header lacks (its records have the others); () for JSONL, where a
        record without a text field is rejected."""
        return self._reader.missing_text_fields if isinstance(self._reader, CsvReader) else ()

    def has_records(self) -> bool:
        """Whether the file holds any record, valid or not (reads up to the first one)."""
        return any(not isinstance(item, bytes) for item in self._reader)

    def preamble(self) -> bytes:
        """Bytes before the first record: BOM + header line (with its ending, without dropped
        columns) for CSV, b"" for JSONL."""
        return self._reader.preamble() if isinstance(self._reader, CsvReader) else b""

    def __iter__(self) -> Iterator[Record | Rejected | bytes]:
        """The reader's own iterator: it applies ``max_note_chars`` (no wrapper per record)."""
        return iter(self._reader)

    def parse_line(self, line: bytes, number: int) -> Record | Rejected | bytes:
        """One JSONL line numbered ``number`` (for readers of a byte range of the file)."""
        if not isinstance(self._reader, JsonlReader):
            raise TypeError("parse_line reads JSONL lines only")
        return self._reader._parse_line(line, number)

    def render(
        self, record: Record, new_texts: Mapping[str, str], new_extras: Mapping[str, str] | None = None
    ) -> bytes:
        """The record's output bytes (incl. its line ending) with only the given values replaced
        and the drop fields removed.

        Text or extra fields missing from ``new_texts``/``new_extras`` or equal to the value as
        read keep their original bytes, so an untouched record is reproduced exactly (minus the
        dropped fields). New values for extra fields the record lacks or that are dropped are
        ignored; names that are not text/extra fields raise KeyError.
        """
        raw = record.raw
        if not isinstance(raw, RawRecord):
            raise TypeError("record was not produced by a CorpusFile")
        edits: list[tuple[int, int, bytes]] = []
        for name, text in new_texts.items():
            span = raw.spans.get(name)
            if span is None:
                raise KeyError(f"not a text field: {name!r}")
            if not isinstance(text, str):
                raise TypeError(f"new text for {name!r} must be a str")
            if text != raw.originals[name]:
                edits.append(self._replacement(raw.data, span, text))
        if new_extras:
            for name, value in new_extras.items():
                if name not in self.extra_fields:
                    raise KeyError(f"not an extra field: {name!r}")
                if not isinstance(value, str):
                    raise TypeError(f"new value for {name!r} must be a str")
                span = raw.extra_spans.get(name)
                if span is not None and value != raw.extra_originals[name]:
                    edits.append(self._replacement(raw.data, span, value))
        if not raw.drops:
            return splice(raw.data, edits)
        edits.extend((start, end, b"") for start, end in raw.drops)
        out = splice(raw.data, edits)
        if isinstance(self._reader, CsvReader) and not split_ending(out)[0]:
            out = b'""' + out  # a lone empty field must not turn the record into a blank line
        return out

    def _replacement(self, data: bytes, span: tuple[int, int], value: str) -> tuple[int, int, bytes]:
        """The edit writing ``value`` over ``span``, quoted/escaped for the file's format."""
        start, end = span
        return start, end, self._encode(value, end > start and data[start] == QUOTE)
