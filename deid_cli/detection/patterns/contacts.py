"""E-mail addresses, URLs and phone numbers (masker names RegexEmail, RegexWebsite, RegexPhone).

Scanned on the raw note text, because these entities span punctuation (``0664/1234567``,
``x@y.at``) that a tokenizer would split. Each regex is anchored on its rarest part (".at" for
bare domains), every repetition is bounded, and context rules run in Python on the few hits.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from deid_cli.detection.patterns.number_context import followed_by_number_context
from deid_cli.detection.patterns.regex_guard import finditer_from, guarded, matches_from
from deid_cli.detection.spans import ALL_TYPES, ALPHABET, CODE_LENGTH, MAI, PHO, WEB, Span

# Letters of any script in the local part and the domain ("jürgen.weiß@…", "ayşe.kılıç@…",
# "info@müller-praxis.de"): anything shaped like an address is one. (The first-character guard
# is written out: ``guarded`` cannot list "any letter or digit".)
# Letters may carry combining marks that no precomposed letter holds ("q" and a dot above): the
# marks are no word characters, so each word class admits them.
_MARKS = "\u0300-\u036f"
_MARK = re.compile(f"[{_MARKS}]")
_EMAIL = re.compile(
    rf"(?<![\w.%+\-@'’{_MARKS}])(?=[^\W_])"
    rf"[^\W_][\w.%+\-'’{_MARKS}]{{0,63}}"
    r"(?:@|[ ]?(?:\(at\)|\[at\]|\{at\})[ ]?)"
    rf"[^\W_](?:[\w\-{_MARKS}]{{0,62}}(?:\.|[ ]?(?:\(dot\)|\[dot\])[ ]?)){{1,8}}[^\W\d_]{{2,24}}"
    rf"(?![\w\-{_MARKS}])"
)
# What an obfuscated address ("name (at) gmx.at", "name[at]gmx.at") contains instead of "@".
_OBFUSCATED_AT = ("(at)", "[at]", "{at}")

# Scheme URLs and www. hosts run up to white space and are trimmed in Python. The lookbehind
# sits after the first letter so the engine can skip ahead to candidate letters quickly.
_URL_PREFIXED = re.compile(
    r"(?:h(?<!\wh)ttps?://|f(?<!\wf)tp://|w(?<![\w.\-@/]w)ww\.(?=[A-Za-z0-9]))[^\s<>\"]{1,2048}"
)
# Bare domains are anchored on ".tld" (a literal the engine finds fast); the host is then
# read backwards. Lower-case TLDs only, so "z.B." or "Pat.De" never qualify.
_URL_TLD = re.compile(r"\.(?:at|de|ch|com|org|net|eu|info)(?![\w\-@])")
# Labels may be internationalized ("ärztekammer-zirbl.at"): letters of any script and their marks.
_URL_HOST = re.compile(rf"(?:[^\W_](?:[\w\-{_MARKS}]{{0,61}}(?<![_\-]))?\.){{1,6}}[a-z]{{2,4}}")
_URL_HOST_LABELS, _URL_HOST_MAX = 6, 6 * 64
_URL_PATH = re.compile(r"[/?#][^\s<>\"]{0,2048}")
_URL_TRAILING = ".,;:!?'\"»›"
_CLOSERS = {")": "(", "]": "[", "}": "{"}


# A pseudonym deid wrote ("[PAT-7KQ2XM]", "[PAT]"): a URL written before one ends there, so a
# second run over deid's own output never swallows a pseudonym into a website.
_PSEUDONYM = re.compile(rf"\[(?:{'|'.join(ALL_TYPES)})(?:-[{ALPHABET}]{{{CODE_LENGTH}}})?\]")


def _cut_at_pseudonym(url: str) -> str:
    found = _PSEUDONYM.search(url) if "[" in url else None
    return url[: found.start()] if found else url


def _trim_url(url: str) -> str:
    """Drop sentence punctuation after a URL; keep a closing bracket only if it is balanced
    inside the URL (``.../Herz_(Organ)``). Counts once, so it stays linear."""
    balance = {c: url.count(c) - url.count(o) for c, o in _CLOSERS.items()}
    end = len(url)
    while end:
        last = url[end - 1]
        if last in _URL_TRAILING:
            end -= 1
        elif last in balance and balance[last] > 0:
            balance[last] -= 1
            end -= 1
        else:
            break
    return url[:end]


def _host_start(text: str, dot: int) -> int | None:
    """Start of the host name that ends at ``dot`` (the dot before the TLD), read backwards
    over at most six labels of letters (any script, with their marks), digits and hyphens; None
    when the host is glued to an e-mail ("@"), a path or scheme ("/", ":")."""
    i, dots = dot, 0
    lo = max(0, dot - _URL_HOST_MAX)
    while i > lo:
        c = text[i - 1]
        if c == "." and dots < _URL_HOST_LABELS - 1:
            dots += 1
        elif not (c.isalnum() or c == "-" or _MARK.match(c)):
            break
        i -= 1
    if i == dot or (i > 0 and (text[i - 1] in "@/:.-_" or text[i - 1].isalnum())):
        return None
    return i


def _is_plausible_url(url: str) -> bool:
    """A host needs a letter somewhere before the TLD; ``12.at`` is not a website."""
    host = url.split("://", 1)[-1].split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]
    if "." not in host:
        return False
    name = host.rsplit(".", 1)[0]
    return any(c.isalpha() for c in name)


# Start: country code (+43, 0049), or a trunk 0 followed by a non-zero digit, or "(0512)".
_PH_START = r"(?:(?:\+|00)[1-9]\d{0,14}|\((?:\+|00)[1-9]\d{0,3}\)|0[1-9]\d{0,14}|\(0[1-9]\d{0,4}\))"
# Further digit groups: single-space, "/" or "-" separated, or "(0)" / "(512)" inserts.
_PH_PART = r"(?:(?:[ ]?[/\-][ ]?|[ ])\d{1,12}|[ ]?\([ ]?\d{1,5}[ ]?\)[ ]?\d{1,12})"
# Nothing follows the greedy repetition, so the engine never backtracks into it.
_PHONE = guarded(r"(?<![\w+(])(?<!\d[.,/:\-])", _PH_START + _PH_PART + r"{0,8}")
# Every number starts with "+", "0" or "(": only there is the pattern tried (finditer_from).
_PHONE_FIRST = re.compile(r"[+(0]")
_DATE_SHAPE = re.compile(r"\d{1,2}([/\-. ])\d{1,2}\1(?:\d{2}|\d{4})")
# "01/18-06/19": a month/year range, not a number with area code.
_MONTH_RANGE_SHAPE = re.compile(r"(?:0?[1-9]|1[0-2])/\d{2}[ ]?-[ ]?(?:0?[1-9]|1[0-2])/\d{2}")


def _date_shaped(number: str) -> bool:
    return _DATE_SHAPE.fullmatch(number) is not None or _MONTH_RANGE_SHAPE.fullmatch(number) is not None


_IBAN = guarded(
    r"(?<![A-Za-z0-9])", r"[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,3})?(?![A-Za-z0-9])"
)
_PH_MIN_DIGITS, _PH_MAX_DIGITS = 7, 20


def _drop_last_group(number: str) -> str:
    """Remove the last digit group and its separator: used when the group is glued to a
    following word, decimal or unit (``0512 58 23 41 2x täglich``)."""
    i = len(number)
    while i and number[i - 1].isdigit():
        i -= 1
    rest = number[:i].rstrip(" /-")
    if rest.endswith(")"):
        rest = rest[: rest.rfind("(")].rstrip(" /-")
    # Always shrink, and never leave a bare "+" or "(" behind.
    return rest if len(rest) < len(number) and any(c.isdigit() for c in rest) else ""


def _digit_count(s: str) -> int:
    return sum(c.isdigit() for c in s)


def find_emails(text: str) -> list[Span]:
    """Addresses with "@" and those written out against spam ("name (at) gmx.at",
    "name[at]gmx(dot)at")."""
    return [Span(m.start(), m.end(), MAI, "RegexEmail") for m in _EMAIL.finditer(text)]


def may_hold_email(text: str) -> bool:
    """Could the note hold an address (an "@" or a written-out one)?"""
    return "@" in text or any(at in text for at in _OBFUSCATED_AT)


def find_urls(text: str) -> list[Span]:
    out: list[Span] = []
    for m in _URL_PREFIXED.finditer(text):
        url = _trim_url(_cut_at_pseudonym(m.group()))
        if _is_plausible_url(url):
            out.append(Span(m.start(), m.start() + len(url), WEB, "RegexWebsite"))
    for m in _URL_TLD.finditer(text):
        start = _host_start(text, m.start())
        if start is None or not _URL_HOST.fullmatch(text, start, m.end()):
            continue
        host = text[start : m.start()]
        if not host.isascii() and not host.islower():
            continue  # "Größe.at": a noun before a full stop; an internationalized host is lower case
        path = _URL_PATH.match(text, m.end())
        url = _trim_url(_cut_at_pseudonym(text[start : path.end() if path else m.end()]))
        if _is_plausible_url(url):
            out.append(Span(start, start + len(url), WEB, "RegexWebsite"))
    return out


def find_phones(text: str, starts: list[int] | None = None) -> list[Span]:
    """Phone numbers; with ``starts`` (sorted), tried only there: every place one may begin."""
    out: list[Span] = []
    iban_starts: list[int] | None = None
    iban_ends: list[int] = []
    tried = (
        finditer_from(_PHONE, text, _PHONE_FIRST) if starts is None else matches_from(_PHONE, text, starts)
    )
    for m in tried:
        number = m.group()
        # Shorten while the number runs into a word, decimal, date or unit.
        while number and followed_by_number_context(text, m.start() + len(number)):
            number = _drop_last_group(number)
        digits = _digit_count(number)
        if not (_PH_MIN_DIGITS <= digits <= _PH_MAX_DIGITS) or _date_shaped(number):
            continue
        start, end = m.start(), m.start() + len(number)
        if iban_starts is None:  # IBAN digit groups look like phone numbers; scan once
            ibans = [(i.start(), i.end()) for i in _IBAN.finditer(text)]
            iban_starts = [s for s, _ in ibans]
            iban_ends = [e for _, e in ibans]
        # IBAN matches are disjoint and sorted: only the last one starting before `end`
        # can overlap, so a bisect keeps this O(log n) per phone.
        k = bisect_left(iban_starts, end) - 1
        if k >= 0 and iban_ends[k] > start:
            continue
        out.append(Span(start, end, PHO, "RegexPhone"))
    return out


def end_before_emails(urls: list[Span], emails: list[Span]) -> list[Span]:
    """A URL whose path runs into an e-mail address ("www.x.at/kontakt@x.at") ends where the
    address starts, so the host is masked too (the address wins the overlap)."""
    if not emails:
        return urls
    starts = [e.start for e in emails]
    out: list[Span] = []
    for url in urls:
        k = bisect_left(starts, url.start + 1)
        if k < len(starts) and starts[k] < url.end:
            url = Span(url.start, starts[k], url.type, url.masker)
        out.append(url)
    return out
