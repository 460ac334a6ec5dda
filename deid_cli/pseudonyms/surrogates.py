"""Realistic surrogates for detected PHI, in the manner of DeIDClinic.

Instead of a tag, each reference is replaced by an invented value of the same kind: a name by
another name (a given name by a given name of the same gender, anything else by a surname), a
phone number by random digits in the same shape, a postcode by another valid postcode, a street
by an invented street, a place by another place, a site by "<prefix> <place>", an e-mail
address by one at a reserved domain, a URL by ``www.example-<n>.at``.

Surrogates are consistent within one run: the same normalized reference always gets the same
surrogate (name tokens and streets are mapped word by word, so "Anna Huber" and "Frau Huber"
share the surname). The mapping is held in memory only and can never be serialized, exactly
like the pseudonym linkage table. Surrogates are not marked in the text: without the run's
in-memory table nobody can tell a surrogate from a real value. ``seed`` makes the draws
reproducible (tests only); without it they come from the operating system's CSPRNG.

Types without a meaningful surrogate (DAT, AGE, ID, ORG, PRO and anything unknown) fall back
to the redaction ``[TYPE]``; dates are shifted elsewhere.
"""

from __future__ import annotations

import random
import re
import secrets
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from deid_cli.detection.lexicon.lists import bundled_dictionary_dir, place_aliases, read_lines
from deid_cli.detection.normalize import fold
from deid_cli.pseudonyms.table import normalized_reference

NAME_TYPES = frozenset({"PAT", "HCP", "PER"})
# Types that are always redacted by the surrogate strategy (DAT is date-shifted elsewhere).
REDACTED_TYPES = frozenset({"DAT", "AGE", "ID", "ORG", "PRO"})

# Generic street-name stems (trees, flowers, birds, landscape): "Lindenweg", "Bachgasse".
STREET_STEMS: tuple[str, ...] = (
    "Ahorn", "Akazien", "Amsel", "Apfel", "Bach", "Birken", "Birnen", "Brunnen", "Buchen",
    "Drossel", "Eichen", "Enzian", "Erlen", "Eschen", "Falken", "Feld", "Fichten", "Finken",
    "Flieder", "Garten", "Hafer", "Hasel", "Heide", "Holunder", "Hopfen", "Hügel", "Kastanien",
    "Kirschen", "Klee", "Korn", "Lärchen", "Lavendel", "Lerchen", "Lilien", "Linden", "Meisen",
    "Mohn", "Moos", "Mühl", "Nelken", "Nuss", "Primel", "Quellen", "Rosen", "Schilf", "Schwalben",
    "Sonnen", "Stern", "Tannen", "Tulpen", "Ulmen", "Veilchen", "Wald", "Weiden", "Wein",
    "Wiesen", "Zirben",
)  # fmt: skip
STREET_SUFFIXES: tuple[str, ...] = ("straße", "gasse", "weg", "platz", "allee", "ring", "zeile", "steig")
# Suffixes recognised in an original street and kept (spelling included: "strasse", "Str.").
_KNOWN_SUFFIXES: tuple[str, ...] = (
    "promenade", "straße", "strasse", "gürtel", "guertel", "gasse", "allee", "zeile", "platz",
    "markt", "steig", "damm", "ufer", "str.", "weg", "ring", "kai", "hof", "berg", "pl.",
)  # fmt: skip
# Lower-case name particles stay as written ("Anna von Huber" -> "Maria von Gruber"), and so do
# titles and salutations a name span may include ("Dr.", "Frau").
_PARTICLES = frozenset(
    (
        "von", "van", "de", "der", "den", "di", "da", "del", "della", "du", "le", "la", "zu",
        "ten", "ter", "al", "el", "bin", "ibn",
    )
)  # fmt: skip
# The site words a surrogate house is named with: a house noun or an acronym ("Klinikum", "LKH"),
# not a genitive ("des Klinikums") or a religious order ("Barmherzigen"), which the detector's
# list holds too but which make no house's name on their own.
_HOUSE_WORD = re.compile(
    r"(?:[^\W\d_]+-)?[^\W\d_]*(?:klinik|klinikum|kliniken|krankenhaus|spital|hospital|praxis|ordination|zentrum"
    r"|heim|haus|sanatorium|ambulatorium|hospiz|institut|labor|anstalt|einheit|gemeinschaft)|[A-ZÄÖÜ]{2,4}",
    re.IGNORECASE,
)
# Country prefixes a phone surrogate keeps (+43 and 0043 alike).
_PHONE_PREFIX = re.compile(r"\s*(?:\+|00)(?:43|49|41|39|36|48|40|90|420|421|385|386|387|381)(?!\d)")
_NAME_POOL_ENTRY = re.compile(r"[A-Za-zÄÖÜäöüß]{2,}")
_NAME_TOKEN = re.compile(r"[^\W\d_]+")
_MAIL_PIECE = re.compile(r"[^\W\d_]+|\d+")
_NUMBER_PIECE = re.compile(r"\d+|[^\W\d_]+")
_RANGE = re.compile(r"\d+[^\W\d_]?\s?[-–]\s?\d+")
_URL_SCHEME = re.compile(r"(?i)https?://")
_HOUSE_LETTERS = "abcdefg"
_MAX_TRIES = 64


@dataclass(frozen=True, slots=True)
class SurrogatePools:
    """The public lists surrogates are drawn from (no user data)."""

    genders: dict[str, str]  # folded given name -> m | f | u
    given: dict[str, tuple[str, ...]]  # gender -> given names
    surnames: tuple[str, ...]
    postcodes_at: tuple[tuple[str, str], ...]  # (code, place)
    postcodes_de: tuple[tuple[str, str], ...]
    places: tuple[str, ...]  # Austrian places, unique
    site_prefixes: tuple[str, ...]
    title_words: frozenset[str]  # words of titles and salutations, as written ("Dr", "Frau")
    # Title words that are names too ("Pfleger", "Bruder"): after a name word they are the name.
    title_names: frozenset[str] = frozenset()


def _lines(directory: Path, name: str) -> list[str]:
    """A list from ``directory``, or from the bundled lists where the directory lacks it."""
    for folder in (directory, bundled_dictionary_dir()):
        path = folder / name
        if path.is_file():
            return list(read_lines(path))
    return []


def _postcodes(lines: list[str]) -> tuple[tuple[str, str], ...]:
    pairs = []
    for line in lines:
        code, _, rest = line.partition("\t")
        place = rest.partition("\t")[0]  # a third column marks a locality
        if code.strip().isdigit() and place.strip():
            pairs.append((code.strip(), place.strip()))
    return tuple(pairs)


@lru_cache(maxsize=4)
def load_pools(directory: Path | None = None) -> SurrogatePools:
    """Read the surrogate pools from a dictionary directory (bundled lists by default)."""
    directory = directory or bundled_dictionary_dir()
    genders: dict[str, str] = {}
    given: dict[str, list[str]] = {"m": [], "f": [], "u": []}
    for line in _lines(directory, "first_names_gender.tsv"):
        name, _, gender = line.partition("\t")
        name, gender = name.strip(), gender.strip().lower()
        if gender not in given:
            gender = "u"
        key = fold(name)
        genders[key] = gender if genders.get(key, gender) == gender else "u"
        if _NAME_POOL_ENTRY.fullmatch(name) and not name.isupper():
            given[gender].append(name)
    surnames = tuple(
        s for s in _lines(directory, "surnames.txt") if _NAME_POOL_ENTRY.fullmatch(s) and not s.isupper()
    )
    postcodes_at = _postcodes(_lines(directory, "postcodes_at.tsv"))
    title_words = frozenset(
        word
        for line in [*_lines(directory, "titles.txt"), *_lines(directory, "salutations.txt")]
        for word in _NAME_TOKEN.findall(line.partition("\t")[0])
    )
    names = {*surnames, *(name for pool in given.values() for name in pool)}
    return SurrogatePools(
        genders=genders,
        given={gender: tuple(names) for gender, names in given.items()},
        surnames=surnames,
        postcodes_at=postcodes_at,
        postcodes_de=_postcodes(_lines(directory, "postcodes_de.tsv")),
        places=tuple(dict.fromkeys(place for _, place in postcodes_at)),
        site_prefixes=tuple(p for p in _lines(directory, "site_prefixes.txt") if _HOUSE_WORD.fullmatch(p)),
        title_words=title_words,
        title_names=frozenset(word for word in title_words if word in names),
    )


def match_case(template: str, word: str) -> str:
    """``word`` in the capitalization style of ``template``: ALL CAPS, all lower, or as listed
    (capitalized)."""
    letters = [c for c in template if c.isalpha()]
    if not letters:
        return word
    if all(c.isupper() for c in letters) and (len(letters) > 1 or len(word) == 1):
        return word.upper()
    if all(c.islower() for c in letters):
        return word.lower()
    return word[:1].upper() + word[1:]


def _ascii(text: str) -> str:
    """Lower-case ASCII for e-mail local parts: umlauts folded, other accents dropped."""
    decomposed = unicodedata.normalize("NFKD", fold(text))
    return "".join(c for c in decomposed if c.isascii() and c.isalnum())


def _place_keys(place: str) -> set[str]:
    return {fold(alias) for alias in place_aliases(place)} | {fold(place)}


class SurrogateGenerator:
    """Draws surrogates and remembers them for the run (in memory only, never serialized)."""

    def __init__(
        self,
        seed: int | None = None,
        dictionary_dir: Path | None = None,
        pools: SurrogatePools | None = None,
    ) -> None:
        self._random: random.Random = random.Random(seed) if seed is not None else secrets.SystemRandom()
        self._pools = pools if pools is not None else load_pools(dictionary_dir)
        self._by_reference: dict[tuple[str, str], str] = {}
        self._name_tokens: dict[str, str] = {}  # folded original token -> surrogate token
        self._streets: dict[str, str] = {}  # folded original street -> surrogate street
        self._zip_places: dict[str, str] = {}  # surrogate postcode -> its place
        self._used: dict[str, set[str]] = {}  # kind -> folded surrogates handed out
        self._pending_place: str | None = None  # the place of the postcode just drawn

    def __len__(self) -> int:
        return len(self._by_reference) + len(self._name_tokens)

    def __reduce__(self) -> None:  # pragma: no cover - a guard, not a feature
        raise TypeError("the surrogate table is never serialized")

    # -- entry point ------------------------------------------------------------------------
    def surrogate(self, original: str, entity_type: str, reference: str | None = None) -> str:
        """The surrogate for one occurrence; ``reference`` is its normalized reference
        (``pseudonyms.normalized_reference``), computed here when not given."""
        etype = entity_type.upper()
        reference = reference or normalized_reference(original, etype)
        pending, self._pending_place = self._pending_place, None
        result: str | None = None
        if not original.strip() or etype in REDACTED_TYPES:
            result = None
        elif etype in NAME_TYPES:
            result = self._name(original)
        elif etype == "PHO":
            result = self._phone(original, reference)
        elif etype == "ZIP":
            result = self._zip(original)
        elif etype == "ADD":
            if any(c.isdigit() for c in original):
                result = self._address(original, reference)
            else:
                result = self._place(original, reference, pending)
        elif etype == "LOC":
            result = self._place(original, reference, pending)
        elif etype == "SIT":
            result = self._site(original, reference)
        elif etype == "MAI":
            result = self._mail(original, reference)
        elif etype == "WEB":
            result = self._web(original, reference)
        if result is None or fold(result) == fold(original):
            return f"[{etype}]"
        return result

    # -- drawing ----------------------------------------------------------------------------
    def _pick(self, pool: Sequence[str], kind: str, forbidden: Callable[[str], bool]) -> str | None:
        """A random entry that is not forbidden, preferring one not yet handed out for ``kind``."""
        if not pool:
            return None
        used = self._used.setdefault(kind, set())
        fallback = None
        for _ in range(_MAX_TRIES):
            candidate = self._random.choice(pool)
            if forbidden(candidate):
                continue
            if fold(candidate) not in used:
                used.add(fold(candidate))
                return candidate
            fallback = fallback or candidate
        if fallback is None:
            allowed = [c for c in pool if not forbidden(c)]
            if not allowed:
                return None
            fallback = self._random.choice(allowed)
        used.add(fold(fallback))
        return fallback

    def _digits(self, count: int, leading_nonzero: bool = True) -> str:
        if count <= 0:
            return ""
        first = str(self._random.randint(1, 9)) if leading_nonzero else str(self._random.randint(0, 9))
        return first + "".join(str(self._random.randint(0, 9)) for _ in range(count - 1))

    # -- names ------------------------------------------------------------------------------
    def _name_token(self, token: str, avoid: frozenset[str] = frozenset()) -> str | None:
        """The token's surrogate for the run. A new one is never the token itself, a token of
        ``avoid`` (the other words of the same name) or any name token met so far as an
        original, so "Huber Gruber" cannot become "Gruber Huber"."""
        key = fold(token)
        surrogate = self._name_tokens.get(key)
        if surrogate is None:

            def forbidden(candidate: str) -> bool:
                folded = fold(candidate)
                return folded == key or folded in avoid or folded in self._name_tokens

            if len(token) == 1:  # an initial
                letters = [c for c in "ABCDEFGHIJKLMNOPRSTUVWZ" if not forbidden(c)]
                if not letters:
                    return None
                surrogate = self._random.choice(letters)
            else:
                gender = self._pools.genders.get(key)
                pool = (self._pools.given.get(gender) if gender else None) or self._pools.surnames
                kind = "given" if gender else "surname"
                surrogate = self._pick(pool, kind, forbidden)
                if surrogate is None:
                    return None
            self._name_tokens[key] = surrogate
        return match_case(token, surrogate)

    def _name(self, original: str, keep_particles: bool = True) -> str | None:
        """Each name word replaced by its surrogate; None (redaction) if a surrogate would be
        one of this name's own words (possible when both were mapped earlier, apart)."""
        matches = list(_NAME_TOKEN.finditer(original))
        kept = self._kept_words([m.group() for m in matches], keep_particles)
        own = frozenset(fold(m.group()) for m in matches)  # kept titles too: no "Bruder Bruder"
        pieces: list[str] = []
        pos = 0
        for match, keep in zip(matches, kept, strict=True):
            token = match.group()
            pieces.append(original[pos : match.start()])
            if keep:
                pieces.append(token)  # "Dr.", "Frau", "von" are not the name
            else:
                surrogate = self._name_token(token, own)
                if surrogate is None or fold(surrogate) in own:
                    return None
                pieces.append(surrogate)
            pos = match.end()
        pieces.append(original[pos:])
        result = "".join(pieces)
        if keep_particles and fold(result) == fold(original):
            return self._name(original, keep_particles=False)  # particles only: replace them too
        return result

    def _kept_words(self, words: list[str], keep_particles: bool) -> list[bool]:
        """Which words of a name stay as written: titles, salutations and (lower-case) name
        particles; a title that is also a name ("Anna Pfleger") only before the first name word."""
        kept: list[bool] = []
        after_name = False
        for word in words:
            keep = (
                word in self._pools.title_words and not (after_name and word in self._pools.title_names)
            ) or (keep_particles and word.islower() and word in _PARTICLES)
            after_name = after_name or not keep
            kept.append(keep)
        return kept

    # -- phone numbers ----------------------------------------------------------------------
    def _phone(self, original: str, reference: str) -> str | None:
        prefix = _PHONE_PREFIX.match(original)
        start = prefix.end() if prefix else 0
        positions = [i for i in range(start, len(original)) if original[i].isdigit()]
        if positions and original[positions[0]] == "0":
            positions = positions[1:]  # the trunk zero: "0664 ...", "+43 (0) 512 ..."
        if not positions:
            return None
        key = ("PHO", f"{reference}#{len(positions)}")
        digits = self._by_reference.get(key)
        if digits is None:
            old = "".join(original[i] for i in positions)
            used = self._used.setdefault("PHO", set())
            for attempt in range(_MAX_TRIES):
                digits = self._digits(len(positions))
                if digits != old and (digits not in used or attempt == _MAX_TRIES - 1):
                    break
            if digits == old:
                return None
            used.add(digits)
            self._by_reference[key] = digits
        chars = list(original)
        for i, digit in zip(positions, digits, strict=True):
            chars[i] = digit
        return "".join(chars)

    # -- postcodes and places ---------------------------------------------------------------
    def _zip(self, original: str) -> str | None:
        match = re.search(r"\d+", original)
        if match is None:
            return None
        old = match.group()
        key = ("ZIP", old)
        code = self._by_reference.get(key)
        if code is None:
            if len(old) == 4 and self._pools.postcodes_at:
                pairs = self._pools.postcodes_at
            elif len(old) == 5 and self._pools.postcodes_de:
                pairs = self._pools.postcodes_de
            else:
                pairs = ()
            if pairs:
                places = dict(pairs)
                code = self._pick(tuple(places), "ZIP", lambda c: c == old)
                if code is None:
                    return None
                self._zip_places[code] = places[code]
            else:
                used = self._used.setdefault("ZIP", set())
                low, high = (1001, 99998) if len(old) == 5 else (10 ** (len(old) - 1), 10 ** len(old) - 1)
                for attempt in range(_MAX_TRIES):
                    code = f"{self._random.randint(low, high):0{len(old)}d}"
                    if code != old and (code not in used or attempt == _MAX_TRIES - 1):
                        break
                if code == old:
                    return None
                used.add(code)
            self._by_reference[key] = code
        self._pending_place = self._zip_places.get(code)
        return original[: match.start()] + code + original[match.end() :]

    def _place(self, original: str, reference: str, hint: str | None = None) -> str | None:
        key = ("place", reference)
        place = self._by_reference.get(key)
        if place is None:
            taken = _place_keys(original) | {reference}
            used = self._used.setdefault("place", set())

            def forbidden(candidate: str) -> bool:
                return bool(_place_keys(candidate) & taken)

            if hint is not None and not forbidden(hint) and fold(hint) not in used:
                place = hint
                used.add(fold(hint))
            else:
                place = self._pick(self._pools.places, "place", forbidden)
            if place is None:
                return None
            self._by_reference[key] = place
        return place.upper() if original.isupper() else place

    # -- sites ------------------------------------------------------------------------------
    def _site(self, original: str, reference: str) -> str | None:
        key = ("SIT", reference)
        site = self._by_reference.get(key)
        if site is None:
            prefixes = {fold(p): p for p in self._pools.site_prefixes}
            first = original.split()[0] if original.split() else ""
            kept = first if fold(first) in prefixes else None
            original_keys = {fold(word) for word in re.findall(r"[^\W\d_]+", original)}
            used = self._used.setdefault("SIT", set())
            for attempt in range(_MAX_TRIES):
                prefix = kept or self._random.choice(self._pools.site_prefixes or ("Klinikum",))
                place = self._pick(
                    self._pools.places, "site-place", lambda c: bool(_place_keys(c) & original_keys)
                )
                if place is None:
                    return None
                site = f"{prefix} {place}"
                if fold(site) != reference and (fold(site) not in used or attempt == _MAX_TRIES - 1):
                    break
            used.add(fold(site))
            self._by_reference[key] = site
        return site.upper() if original.isupper() else site

    # -- streets ----------------------------------------------------------------------------
    def _street(self, street: str) -> str:
        key = fold(street)
        surrogate = self._streets.get(key)
        if surrogate is None:
            low = street.lower()
            suffix = next((s for s in _KNOWN_SUFFIXES if low.endswith(s)), None)
            used = self._used.setdefault("street", set())
            for attempt in range(_MAX_TRIES):
                stem = self._random.choice(STREET_STEMS)
                ending = suffix or self._random.choice(STREET_SUFFIXES)
                surrogate = stem + ending
                if fold(surrogate) != key and (fold(surrogate) not in used or attempt == _MAX_TRIES - 1):
                    break
            used.add(fold(surrogate))
            self._streets[key] = surrogate
        return surrogate.upper() if street.isupper() else surrogate

    def _house_number(self, number: str) -> str:
        """Same shape: every digit run by a run of the same length, a single house letter by
        another letter, words ("Top", "Stiege") and separators kept."""
        pieces: list[str] = []
        pos = 0
        runs: list[int] = []
        for match in _NUMBER_PIECE.finditer(number):
            piece = match.group()
            pieces.append(number[pos : match.start()])
            if piece.isdigit():
                runs.append(len(pieces))
                pieces.append(self._digits(len(piece)))
            elif len(piece) == 1:
                pieces.append(match_case(piece, self._random.choice(_HOUSE_LETTERS)))
            else:
                pieces.append(piece)
            pos = match.end()
        pieces.append(number[pos:])
        if len(runs) >= 2 and _RANGE.match(number):  # "12-14": keep the range ascending
            a, b = runs[0], runs[1]
            if len(pieces[a]) == len(pieces[b]) and pieces[a] > pieces[b]:
                pieces[a], pieces[b] = pieces[b], pieces[a]
        return "".join(pieces)

    def _address(self, original: str, reference: str) -> str | None:
        key = ("ADD", reference)
        address = self._by_reference.get(key)
        if address is None:
            first_digit = next(i for i, c in enumerate(original) if c.isdigit())
            head = original[:first_digit]
            street = head.rstrip()
            gap = head[len(street) :]
            old = original[first_digit:]
            number = self._house_number(old)
            for _ in range(_MAX_TRIES):  # a bare number ("5/3") must change by itself
                if street or number != old:
                    break
                number = self._house_number(old)
            address = (self._street(street) if street else "") + gap + number
            self._by_reference[key] = address
        return address

    # -- e-mail and web ---------------------------------------------------------------------
    def _mail(self, original: str, reference: str) -> str | None:
        key = ("MAI", reference)
        mail = self._by_reference.get(key)
        if mail is None:
            local = original.rpartition("@")[0] if "@" in original else ""
            words = [w for w in _MAIL_PIECE.findall(local) if not w.isdigit()]
            own = frozenset(fold(w) for w in words)
            own_ascii = {_ascii(w) for w in words}
            pieces: list[str] = []
            pos = 0
            for match in _MAIL_PIECE.finditer(local):
                piece = match.group()
                pieces.append(re.sub(r"[^A-Za-z0-9._+-]", "", local[pos : match.start()]))
                if piece.isdigit():
                    pieces.append(self._digits(len(piece), leading_nonzero=False))
                else:
                    word = _ascii(self._name_token(piece, own) or "")
                    pieces.append(word if word and word not in own_ascii else "x")
                pos = match.end()
            pieces.append(re.sub(r"[^A-Za-z0-9._+-]", "", local[pos:]))
            local_part = "".join(pieces).strip(".")
            if not local_part:
                given = self._pick(self._pools.given["f"] + self._pools.given["m"], "given", lambda c: False)
                surname = self._pick(self._pools.surnames, "surname", lambda c: False)
                local_part = f"{_ascii(given or 'x')}.{_ascii(surname or 'y')}"
            mail = f"{local_part}@example.org"
            self._by_reference[key] = mail
        return mail

    def _web(self, original: str, reference: str) -> str | None:
        key = ("WEB", reference)
        url = self._by_reference.get(key)
        if url is None:
            scheme = _URL_SCHEME.match(original)
            used = self._used.setdefault("WEB", set())
            for attempt in range(_MAX_TRIES):
                n = self._random.randint(1, 9999)
                url = f"{scheme.group().lower() if scheme else ''}www.example-{n}.at"
                if fold(url) != fold(original) and (url not in used or attempt == _MAX_TRIES - 1):
                    break
            used.add(url)
            self._by_reference[key] = url
        return url
