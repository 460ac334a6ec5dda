"""The contact and address stage: every pattern of contacts.py and addresses.py over one note,
overlaps resolved among them (e-mail > URL > phone > address > ZIP, longer first)."""

from __future__ import annotations

from collections.abc import Iterable

from deid_cli.detection.patterns.addresses import AddressFinder
from deid_cli.detection.patterns.contacts import end_before_emails, find_emails, find_phones, find_urls
from deid_cli.detection.spans import Span, select_disjoint

_PRIORITY = {"RegexEmail": 0, "RegexWebsite": 1, "RegexPhone": 2, "RegexAddress": 3, "RegexZIP": 4}


def _resolve(spans: list[Span]) -> list[Span]:
    """Keep non-overlapping spans: e-mail > URL > phone > address > ZIP, longer first."""
    return select_disjoint(
        sorted(spans, key=lambda s: (_PRIORITY.get(s.masker, 9), s.start - s.end, s.start))
    )


class RegexStage:
    """Finds PHO, MAI, WEB, ADD and ZIP spans on raw note text."""

    def __init__(self, places: Iterable[str] = ()) -> None:
        """``places``: place names as written in the postcode dictionaries (see AddressFinder)."""
        self._addresses = AddressFinder(places)

    def find(self, text: str) -> list[Span]:
        """Return sorted, non-overlapping spans on ``text`` (Python string indices)."""
        spans: list[Span] = []
        emails = find_emails(text) if "@" in text else []
        spans.extend(emails)
        if "." in text:
            spans.extend(end_before_emails(find_urls(text), emails))
        spans.extend(find_phones(text))
        addresses = self._addresses.addresses(text)
        spans.extend(addresses)
        spans.extend(self._addresses.zips(text))
        spans.extend(self._addresses.zips_after_streets(text, addresses))
        return _resolve(spans)
