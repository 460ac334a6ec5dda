"""Pre-processing: the text the detectors see, mapped back to the text the user wrote.

Notes exported from web forms carry residual HTML (``<br>``, ``&auml;``) and may use decomposed
Unicode. Detection runs on a *view* in which tags are blanked, entities decoded and the text
NFC-normalized; every view position maps back to the original, so the output keeps the
original layout and only the detected spans change. Most notes need none of this and take
the fast path (the view *is* the text, the mapping is the identity).
"""

from __future__ import annotations

import html
import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from deid_cli.detection.ranges import union_ranges

# A tag cannot contain "<" or ">", so it ends at the first ">" and never overlaps a comment's
# start; comments are found by ``_comment_ranges`` (a lazy ``<!--.{0,2000}?-->`` regex costs
# 2000 steps per "<!--" on hostile input).
_TAG = re.compile(r"<(?P<close>/?)(?P<name>[A-Za-z][A-Za-z0-9:-]{0,30})(?:\s[^<>]{0,1000})?/?>")
# A field's kind, given as its only attribute: "<kennung typ="Fall-Nr.">", "<id type='MRN'>".
_KIND_ATTRIBUTE = re.compile(
    r"<[A-Za-z][A-Za-z0-9:-]{0,30}[ \t]+(?:typ|type|art|name|label|bezeichnung|key)[ \t]*=[ \t]*"
    r"(?P<q>[\"'])(?P<kind>[^\W\d_][\w .\-/]{0,40}?)(?P=q)[ \t]*>"
)
_COMMENT_OPEN, _COMMENT_CLOSE, _MAX_COMMENT = "<!--", "-->", 2000
# Elements of running text, whose tags are blanks; the closing tag of any other ends a line or a
# field, as a line break does.
_LINE_BREAK_TAGS = frozenset({"br", "hr"})
_INLINE_TAGS = frozenset(
    {"a", "abbr", "b", "big", "em", "font", "i", "mark", "small", "span", "strong", "sub", "sup", "u"}
)
# HTML's own elements: their opening tags are blanks. Any other element is an export's field, and
# its opening tag before the field's value reads as the field's label ("<wohnort>Zirbl</wohnort>"
# as "Wohnort: Zirbl"), which the label rules then read as they read a form's.
_HTML_TAGS = frozenset(
    {
        *_LINE_BREAK_TAGS, *_INLINE_TAGS, "html", "head", "body", "title", "meta", "link", "script", "style",
        "div", "p", "table", "thead", "tbody", "tfoot", "tr", "td", "th", "ul", "ol", "li", "dl", "dt", "dd",
        "h1", "h2", "h3", "h4", "h5", "h6", "pre", "code", "blockquote", "section", "article", "header",
        "footer", "nav", "main", "aside", "form", "input", "label", "select", "option", "textarea", "button",
        "img", "figure", "figcaption", "caption", "col", "colgroup", "center", "address", "cite", "q", "s",
        "del", "ins", "kbd", "samp", "var", "tt", "strike", "nobr", "wbr", "fieldset", "legend", "iframe",
        "object", "param", "embed", "noscript", "template", "time", "data", "summary", "details", "dialog",
    }
)  # fmt: skip
_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_TOKEN = re.compile(r"\w+", re.UNICODE)
# Space characters that editors and HTML (&nbsp;) put between a title and a name.
_SPACES = str.maketrans({"\u00a0": " ", "\u2007": " ", "\u202f": " ", "\u2009": " ", "\u200a": " "})
SPACE_CHARS = ("\u00a0", "\u2007", "\u202f", "\u2009", "\u200a")


@dataclass(slots=True)
class PreparedText:
    """A note ready for matching.

    ``view`` is what detectors read; ``lower`` is ``view`` lower-cased with the same length;
    ``starts``/``ends`` (None on the fast path) give, for each view character, the original
    start and end offsets of the piece of text it came from.
    """

    original: str
    view: str
    lower: str
    starts: list[int] | None = None
    ends: list[int] | None = None

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        """Map a view span to the original text (a span never splits an entity or tag)."""
        if self.starts is None or self.ends is None:
            return start, end
        if start >= end:
            pos = self.starts[start] if start < len(self.starts) else len(self.original)
            return pos, pos
        return self.starts[start], self.ends[end - 1]


def lower_same_length(text: str) -> str:
    """Lower-case ``text`` without changing its length (Unicode lower-casing can: 'İ' -> 'i̇')."""
    low = text.lower()
    if len(low) == len(text):
        return low
    return "".join(ch if len(ch.lower()) != 1 else ch.lower() for ch in text)


def prepare(text: str) -> PreparedText:
    """Build the matching view of ``text``; fast path when there is nothing to clean."""
    has_markup = "<" in text or "&" in text
    if text.isascii() and not has_markup:
        return PreparedText(text, text, lower_same_length(text))
    odd_spaces = any(ch in text for ch in SPACE_CHARS)
    if not has_markup and not odd_spaces and unicodedata.is_normalized("NFC", text):
        return PreparedText(text, text, lower_same_length(text))
    view, starts, ends = _strip_markup(text) if has_markup else (text, None, None)
    if not unicodedata.is_normalized("NFC", view):
        view, starts, ends = _nfc_with_map(view, starts, ends)
    if odd_spaces or has_markup:
        view = view.translate(_SPACES)  # one character for one: offsets are unchanged
    if starts is None:
        return PreparedText(text, view, lower_same_length(view))
    return PreparedText(text, view, lower_same_length(view), starts, ends)


def _strip_markup(text: str) -> tuple[str, list[int] | None, list[int] | None]:
    """Blank tags (same length) and decode entities (shorter), keeping an offset map. A tag that
    breaks the line or closes a field ("<br>", "</p>", "</plz>") becomes a line break, so an
    address written as HTML or exported as XML keeps its lines; inline tags ("<b>") and comments
    become blanks."""
    matches = list(_TAG.finditer(text))
    tags = [(*m.span(), _breaks_line(m.group("name"), bool(m.group("close")))) for m in matches]
    breaking = {start for start, _, breaks in tags if breaks}
    labels = [(m.start(), label) for m in matches if (label := _field_label(text, m)) is not None]
    blanked = union_ranges([*_comment_ranges(text), *((s, e) for s, e, _ in tags)])
    pieces = [  # (orig_start, orig_end, replacement)
        (s, e, _blank(s, e, s in breaking, labels)) for s, e in blanked
    ]
    blank_starts = [s for s, _ in blanked]
    for match in _ENTITY.finditer(text):
        s = match.start()
        k = bisect_right(blank_starts, s) - 1
        if k >= 0 and s < blanked[k][1]:
            continue  # inside a tag or comment: blanked with it
        decoded = html.unescape(match.group())
        if decoded != match.group():
            pieces.append((s, match.end(), decoded))
    if not pieces:
        return text, None, None
    pieces.sort()
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    pos = 0
    for s, e, replacement in pieces:
        if s < pos:
            continue
        out.append(text[pos:s])
        starts.extend(range(pos, s))
        ends.extend(range(pos + 1, s + 1))
        out.append(replacement)
        if len(replacement) == e - s:
            starts.extend(range(s, e))
            ends.extend(range(s + 1, e + 1))
        else:
            starts.extend([s] * len(replacement))
            ends.extend([e] * len(replacement))
        pos = e
    out.append(text[pos:])
    starts.extend(range(pos, len(text)))
    ends.extend(range(pos + 1, len(text) + 1))
    return "".join(out), starts, ends


def _field_label(text: str, tag: re.Match[str]) -> str | None:
    """The label an export's opening tag stands for, as long as the tag ("<wohnort>" ->
    "Wohnort: "): a tag without attributes, of an element that is no HTML element, or a tag
    whose one attribute names the field's kind ("<kennung typ="Fall-Nr.">" -> "... Fall-Nr.: "),
    right before its value (not before another tag or a line's end). None for any other tag."""
    if tag.group("close") or text[tag.end() : tag.end() + 1] in ("", "<", "\n", "\r"):
        return None
    name, width = tag.group("name"), tag.end() - tag.start()
    if width > len(name) + 2:
        # "<kennung typ="Fall-Nr.">4471": the attribute names the field, its label ends the tag
        kind = _KIND_ATTRIBUTE.fullmatch(text, tag.start(), tag.end())
        if kind is None:
            return None
        label = kind.group("kind")
        return " " * (width - len(label) - 2) + label[0].upper() + label[1:] + ": "
    if not name.isalpha() or len(name) < 3 or name.lower() in _HTML_TAGS:
        return None
    return name[0].upper() + name[1:] + ": "


def _blank(start: int, end: int, breaks: bool, labels: list[tuple[int, str]]) -> str:
    """What the tags and comments at ``start:end`` become in the view, as long as they are:
    blanks, a line break first where a tag ends a line, and an export field's label where its
    opening tag stood (``labels``: (start, label), in order)."""
    blank = ("\n" + " " * (end - start - 1)) if breaks else " " * (end - start)
    first = bisect_left(labels, (start, ""))
    if first == len(labels) or labels[first][0] >= end:
        return blank
    chars = list(blank)
    for pos, label in labels[first : bisect_left(labels, (end, ""), first)]:
        chars[pos - start : pos - start + len(label)] = label
    return "".join(chars)


def _breaks_line(name: str, closing: bool) -> bool:
    """Does the tag end a line or a field? A line break ("<br>", "<hr/>") and the closing tag of
    any element but the inline ones of running text ("</p>", "</plz>"; not "</b>"); an opening
    tag only starts what the closing one ends."""
    element = name.lower()
    return element in _LINE_BREAK_TAGS or (closing and element not in _INLINE_TAGS)


def _comment_ranges(text: str) -> Iterator[tuple[int, int]]:
    """HTML comments: "<!--" up to the first "-->" within 2000 characters. The next "-->" is
    remembered across openers, so hostile input ("<!--" repeated) costs linear time."""
    pos, close = 0, -1
    while (start := text.find(_COMMENT_OPEN, pos)) >= 0:
        body = start + len(_COMMENT_OPEN)
        if close < body:
            close = text.find(_COMMENT_CLOSE, body)
            if close < 0:
                return
        if close - body <= _MAX_COMMENT:
            pos = close + len(_COMMENT_CLOSE)
            yield start, pos
        else:
            pos = start + 1


def _nfc_with_map(
    view: str, starts: list[int] | None, ends: list[int] | None
) -> tuple[str, list[int], list[int]]:
    """NFC-normalize per combining sequence (a starter plus its combining marks), so each
    output character maps to the original range of its sequence."""
    if starts is None or ends is None:
        starts = list(range(len(view)))
        ends = list(range(1, len(view) + 1))
    out: list[str] = []
    new_starts: list[int] = []
    new_ends: list[int] = []
    i = 0
    n = len(view)
    while i < n:
        j = i + 1
        while j < n and unicodedata.combining(view[j]):
            j += 1
        chunk = unicodedata.normalize("NFC", view[i:j])
        out.append(chunk)
        new_starts.extend([starts[i]] * len(chunk))
        new_ends.extend([ends[j - 1]] * len(chunk))
        i = j
    return "".join(out), new_starts, new_ends


# count_tokens classifies characters in C instead of matching each token (7x faster on notes):
# a Latin-1 character by this table, built from ``_TOKEN`` itself; any other is replaced by "?"
# and so counts as no word character, which is right unless the note has a word character
# beyond Latin-1 ("Łukasz", Cyrillic): then the regex counts.
_WORD, _NON_WORD = b"a", b" "
_LATIN1_CLASS = b"".join(_WORD if _TOKEN.match(chr(i)) else _NON_WORD for i in range(256))
_WORD_BEYOND_LATIN1 = re.compile(r"[^\x00-\xff\W]")


def count_tokens(text: str) -> int:
    """Number of word tokens (``\\w+`` runs): the note-length measure of the statistics."""
    encoded = text.encode("latin-1", "replace")
    if encoded.count(b"?") != text.count("?") and _WORD_BEYOND_LATIN1.search(text):
        return len(_TOKEN.findall(text))
    classes = encoded.translate(_LATIN1_CLASS)
    return classes.count(b" a") + classes.startswith(_WORD)


def tokens(text: str) -> list[tuple[int, int]]:
    """Word tokens as (start, end) offsets."""
    return [m.span() for m in _TOKEN.finditer(text)]


class SentenceRules:
    """Decides whether a position starts a sentence, honouring abbreviations ("Dr.", "z.B.").

    German capitalizes every noun, so a capital letter proves little; what matters is whether
    a word is the first of its sentence, which makes its capital letter meaningless.
    """

    def __init__(self, abbreviations: Iterable[str]) -> None:
        self._abbreviations = {a.lower().rstrip(".") for a in abbreviations if a.strip()}
        self._max_len = max((len(a) for a in self._abbreviations), default=0) + 1

    def is_sentence_start(self, text: str, pos: int) -> bool:
        """True when ``pos`` is the first word of a sentence, a line or a bullet item."""
        i = pos - 1
        while i >= 0 and text[i] in " \t\"'„“(-–•*":
            i -= 1
        if i < 0 or text[i] in "\n\r:;":
            return True
        if text[i] not in ".!?":
            return False
        if text[i] != ".":
            return True
        return not self._ends_with_abbreviation(text, i)

    def _ends_with_abbreviation(self, text: str, dot: int) -> bool:
        """Is the '.' at ``dot`` the end of an abbreviation rather than of a sentence?"""
        start = dot
        limit = max(0, dot - self._max_len)
        while start > limit and not text[start - 1].isspace() and text[start - 1] not in "(\"'":
            start -= 1
        word = text[start:dot].lower()
        if not word:
            return False
        if word in self._abbreviations:
            return True
        # Single letters and dotted initials ("A.", "z.B") are abbreviations, not sentence ends.
        return len(word) == 1 or (len(word) <= 4 and "." in word)

    def split(self, text: str) -> list[tuple[int, int]]:
        """Sentence boundaries as (start, end) offsets, for tests and reports."""
        bounds: list[tuple[int, int]] = []
        start = 0
        for match in re.finditer(r"[.!?]+|\n", text):
            end = match.end()
            if (
                match.group() == "\n"
                or match.group()[-1] != "."
                or not self._ends_with_abbreviation(text, match.end() - 1)
            ):
                nxt = end
                while nxt < len(text) and text[nxt] in " \t":
                    nxt += 1
                if (
                    match.group() != "\n"
                    and nxt < len(text)
                    and not (text[nxt].isupper() or text[nxt] == "\n")
                ):
                    continue
                if text[start:end].strip():
                    bounds.append((start, end))
                start = nxt
        if text[start:].strip():
            bounds.append((start, len(text)))
        return bounds
