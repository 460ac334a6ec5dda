"""The contact and address stage: every pattern of contacts.py and addresses.py over one note,
overlaps resolved among them (e-mail > URL > phone > address > ZIP, longer first)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from deid_cli.detection.chunk import ADDRESS_LABEL, EMAIL, STREET, URL, ZIP_DIGITS, ZIP_KEYWORD
from deid_cli.detection.patterns.addresses import AddressFinder
from deid_cli.detection.patterns.contacts import (
    end_before_emails,
    find_emails,
    find_phones,
    find_urls,
    may_hold_email,
)
from deid_cli.detection.patterns.place_index import PlaceIndex, PlaceTest
from deid_cli.detection.spans import Span, select_disjoint

EVERY_PATTERN = EMAIL | URL | STREET | ZIP_DIGITS | ZIP_KEYWORD | ADDRESS_LABEL


class Candidates(NamedTuple):
    """Where this stage's patterns may match in a note: the chunk's candidate flags, and the
    starts of suffix-less street names ("Am", "Im" ...), of phone numbers and of street suffixes
    before a house number (None: anywhere)."""

    flags: int
    street_starts: list[int] | None
    phone_starts: list[int] | None = None
    suffix_starts: list[int] | None = None
    # the lines that hold a postcode's candidate or keyword (regex_guard.lines_at); None: all
    postcode_lines: list[tuple[int, int]] | None = None


_PRIORITY = {"RegexEmail": 0, "RegexWebsite": 1, "RegexPhone": 2, "RegexAddress": 3, "RegexZIP": 4}


def _resolve(spans: list[Span]) -> list[Span]:
    """Keep non-overlapping spans: e-mail > URL > phone > address > ZIP, longer first."""
    return select_disjoint(
        sorted(spans, key=lambda s: (_PRIORITY.get(s.masker, 9), s.start - s.end, s.start))
    )


class RegexStage:
    """Finds PHO, MAI, WEB, ADD and ZIP spans on raw note text."""

    def __init__(self, places: Iterable[str] | PlaceIndex = (), place_like: PlaceTest | None = None) -> None:
        """``places``: place names as written in the postcode dictionaries, or their index;
        ``place_like``: whether a word could be a place no list knows (see AddressFinder)."""
        self._addresses = AddressFinder(places, place_like)

    def find(self, text: str, candidates: Candidates | None = None) -> list[Span]:
        """Return sorted, non-overlapping spans on ``text`` (Python string indices). With
        ``candidates`` (what a chunk's scans found in this note) a pattern runs only where they
        say it can match, which finds the same."""
        if candidates is None:
            candidates = Candidates(EVERY_PATTERN, None)
        flags = candidates.flags
        if not flags & EVERY_PATTERN and not candidates.street_starts and not candidates.phone_starts:
            return []
        spans: list[Span] = []
        # An address written out against spam ("name (at) gmx.at") has no "@" but a domain,
        # which the chunk flags as a URL candidate.
        emails = find_emails(text) if flags & (EMAIL | URL) and may_hold_email(text) else []
        spans.extend(emails)
        if flags & URL and "." in text:
            spans.extend(end_before_emails(find_urls(text), emails))
        if candidates.phone_starts is None:
            spans.extend(find_phones(text))
        elif candidates.phone_starts:
            spans.extend(find_phones(text, candidates.phone_starts))
        addresses = self._addresses.addresses(
            text,
            bool(flags & STREET),
            candidates.street_starts,
            bool(flags & ADDRESS_LABEL),
            candidates.suffix_starts,
        )
        spans.extend(addresses)
        if flags & (ZIP_DIGITS | ZIP_KEYWORD):
            zips = self._addresses.zips(text, candidates.postcode_lines)
            spans.extend(zips)
            spans.extend(self._addresses.lines_before_zips(text, zips, addresses))
            spans.extend(self._addresses.streets_after_places(text, zips, addresses))
        if addresses:
            spans.extend(self._addresses.zips_after_streets(text, addresses))
        return _resolve(spans) if spans else spans
