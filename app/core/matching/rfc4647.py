"""Match language tags against a language priority list (RFC 4647).

A priority list usually arrives as an HTTP ``Accept-Language`` value (RFC 9110
§12.5.4, weights per §12.4.2). :func:`parse_accept_language` turns it into
ranges sorted by weight; :func:`basic_filter` (§3.3.1), :func:`extended_filter`
(§3.3.2) and :func:`lookup` (§3.4) apply it to a set of tags. Every result says
which range matched which tag, so the UI and the CLI can explain the outcome.

>>> plist = parse_accept_language("fr-CH, fr;q=0.9, *;q=0.1")
>>> list(plist)
[('fr-CH', 1.0), ('fr', 0.9), ('*', 0.1)]
>>> basic_filter(plist, ["de", "fr", "fr-CH-1996"]).tags
('fr-CH-1996', 'fr', 'de')
>>> lookup("zh-Hant-CN-x-private1-private2", ["zh", "zh-Hant"], default="en").tag
'zh-Hant'

Comparison is ASCII case-insensitive throughout (RFC 4647 §2); tags and ranges
are reported as they were written.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Literal

from ..grammar.problems import Problem, Severity, section_cited
from ..text.catalogue import _

__all__ = [
    "FilterResult",
    "LanguageRange",
    "LookupResult",
    "LookupStep",
    "Match",
    "PriorityList",
    "Ranges",
    "basic_filter",
    "check_range",
    "extended_filter",
    "format_q",
    "lookup",
    "lookup_chain",
    "parse_accept_language",
]

ERROR, WARNING, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

_ALPHA = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_ALNUM = _ALPHA | frozenset("0123456789")
_DIGITS = frozenset("0123456789")
# OWS in RFC 9110 is spaces and horizontal tabs only.
_OWS = " \t"


def _lower(text: str) -> str:
    """Lowercase ASCII letters only (locale-neutral: no Turkish dotless i)."""
    return text.translate(_LOWER_TABLE)


_LOWER_TABLE = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _problem(code: str, severity: Severity, message: str, start: int = 0, end: int = 0) -> Problem:
    """Return one problem found in a priority list, with its span in the input.

    Codes: ``empty`` (no ranges at all), ``empty-element`` (an empty list
    element, skipped), ``bad-range`` (a range that breaks RFC 4647 §2.1/§2.2
    syntax), ``bad-q`` (a weight that breaks RFC 9110 §12.4.2), ``bad-parameter``
    (anything after ``;`` other than one ``q=``), ``zero-q`` (a range with q=0,
    kept out of the list), ``duplicate-range`` (a range repeated, later copy
    ignored), ``extended-range`` (a range with ``*`` subtags where basic
    filtering needs a basic range), ``wildcard-ignored`` (a ``*`` that lookup
    cannot use). ``start``/``end`` index the Accept-Language text (end
    exclusive); for ranges not parsed from a string they are 0. The section is
    the one the message cites.
    """
    return Problem(code, severity, start, end, message, section=section_cited(message))


@dataclass(frozen=True, slots=True)
class LanguageRange:
    """A language range with its weight and where it stood in the input.

    ``text`` is the range as written; ``index`` is its position among the list's
    elements (the tie-breaker for equal weights); ``start``/``end`` is its span
    in the Accept-Language text (0, 0 when built directly).
    """

    text: str
    q: float = 1.0
    index: int = 0
    start: int = 0
    end: int = 0

    @property
    def subtags(self) -> tuple[str, ...]:
        """Return the lowercase subtags."""
        return tuple(_lower(self.text).split("-"))

    @property
    def is_wildcard(self) -> bool:
        """Return True for the range ``*`` alone."""
        return self.text == "*"

    @property
    def is_basic(self) -> bool:
        """Return True for a basic range (RFC 4647 §2.1): ``*`` alone or no ``*`` subtag."""
        return self.is_wildcard or "*" not in self.subtags


@dataclass(frozen=True, slots=True)
class PriorityList:
    """A parsed Accept-Language value: usable ranges by descending q, plus what was left out.

    Iterating yields ``(range, q)`` pairs, so ``list(parse_accept_language(s))``
    is the plain priority list.
    """

    text: str
    ranges: tuple[LanguageRange, ...]
    excluded: tuple[LanguageRange, ...]
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        """Return True when nothing in the input was an error (warnings and notes allowed)."""
        return not any(p.severity is ERROR for p in self.problems)

    @property
    def errors(self) -> tuple[Problem, ...]:
        """Return the problems of severity ``error``."""
        return tuple(p for p in self.problems if p.severity is ERROR)

    def __iter__(self) -> Iterator[tuple[str, float]]:
        return iter([(r.text, r.q) for r in self.ranges])

    def __len__(self) -> int:
        return len(self.ranges)


@dataclass(frozen=True, slots=True)
class Match:
    """A tag selected by filtering, with the highest-priority range that matched it."""

    tag: str
    range: str
    q: float
    tag_index: int


@dataclass(frozen=True, slots=True)
class FilterResult:
    """The outcome of basic or extended filtering.

    ``matches`` is in priority order: the tags of the first range (in the order
    the tags were given), then the tags only the second range matched, and so
    on. A tag appears once, credited to the highest-priority range that matches
    it. ``unmatched`` keeps the input order. ``problems`` says which ranges were
    skipped and why.
    """

    scheme: Literal["basic", "extended"]
    ranges: tuple[LanguageRange, ...]
    matches: tuple[Match, ...]
    unmatched: tuple[str, ...]
    problems: tuple[Problem, ...] = ()

    @property
    def tags(self) -> tuple[str, ...]:
        """Return the matched tags in priority order."""
        return tuple(m.tag for m in self.matches)

    def range_for(self, tag: str) -> str | None:
        """Return the range credited with *tag* (first occurrence), or None."""
        for m in self.matches:
            if m.tag == tag:
                return m.range
        return None


#: The fallback chain keeps this many steps (then the last one, the step that decided): a range of
#: 32,000 subtags tries 32,000 candidates, and a trace of all of them says nothing more.
TRACE_LIMIT = 100


@dataclass(frozen=True, slots=True)
class LookupStep:
    """One candidate of the fallback chain: the range tried, what this step dropped from it, the tag it hit.

    A step holds only what it drops (its candidate is a prefix of ``looked_up``, the range with
    any ``*`` subtags removed, shared by every step of the range), so a trace costs memory in
    proportion to the range, not to the square of it. ``candidate`` builds the text on demand.
    """

    range: str
    dropped: str  # the subtags this step removed, with their leading '-' ('' for the range itself)
    matched: str | None = None
    looked_up: str = ""
    length: int = 0  # the candidate is looked_up[:length]

    @property
    def candidate(self) -> str:
        """Return the candidate this step tried (the range truncated)."""
        return self.looked_up[: self.length]


@dataclass(frozen=True, slots=True)
class LookupResult:
    """The outcome of lookup: one tag (or the default) and every candidate tried.

    ``tag`` is the matching tag as given in the input, else the default (which
    may be None). ``range`` is the priority-list range whose truncation found
    it, None when the default was used. Unpacks as ``(tag, chain)``.
    """

    tag: str | None
    range: str | None
    default: str | None
    chain: tuple[LookupStep, ...]
    problems: tuple[Problem, ...] = ()
    tried: int = 0  # candidates tried in all; ``chain`` keeps the first TRACE_LIMIT and the last

    @property
    def omitted(self) -> int:
        """Return how many steps the capped trace leaves out (after its first TRACE_LIMIT)."""
        return max(self.tried - len(self.chain), 0)

    @property
    def matched(self) -> bool:
        """Return True when a range found a tag (the default does not count)."""
        return self.range is not None

    @property
    def used_default(self) -> bool:
        """Return True when no range found a tag and the default is the answer."""
        return self.range is None

    @property
    def candidates(self) -> tuple[str, ...]:
        """Return the candidates tried, in order."""
        return tuple(step.candidate for step in self.chain)

    def __iter__(self) -> Iterator[object]:
        return iter((self.tag, self.chain))


# ---------------------------------------------------------------------------
# Accept-Language


def check_range(text: str, offset: int = 0) -> Problem | None:
    """Return the first syntax problem of an extended language range, or None.

    Grammar (RFC 4647 §2.2, which includes the basic ranges of §2.1)::

        extended-language-range = (1*8ALPHA / "*") *("-" (1*8alphanum / "*"))

    *offset* is added to the reported span (the range's place in a longer text).

    >>> check_range("de-*-DE") is None
    True
    >>> check_range("fr_CH").message
    "range 'fr_CH': '_' is not allowed; a range has ASCII letters, digits, '-' and '*' only (RFC 4647 §2.1)"
    """
    if not text:
        return _problem("bad-range", ERROR, _("empty language range"), offset, offset)
    for i, ch in enumerate(text):
        if ch not in _ALNUM and ch not in "-*":
            shown = repr(ch) if ch.isprintable() and ch not in " \t" else f"U+{ord(ch):04X}"
            if ch in " \t":
                shown = _("a space") if ch == " " else _("a tab")
            return _problem(
                "bad-range",
                ERROR,
                _(
                    "range {range}: {char} is not allowed; a range has ASCII letters, digits, '-' and '*' only "
                    "({section})"
                ).format(range=repr(text), char=shown, section="RFC 4647 §2.1"),
                offset + i,
                offset + i + 1,
            )
    pos = 0
    for n, sub in enumerate(text.split("-")):
        start, end = offset + pos, offset + pos + len(sub)
        pos += len(sub) + 1
        if not sub:
            msg = _("range {range} has an empty subtag ({section})").format(range=repr(text), section="RFC 4647 §2.1")
            return _problem("bad-range", ERROR, msg, start, start + 1)
        if sub == "*":
            continue
        if "*" in sub:
            return _problem(
                "bad-range",
                ERROR,
                _("range {range}: '*' must be a whole subtag, not part of {subtag} ({section})").format(
                    range=repr(text), subtag=repr(sub), section="RFC 4647 §2.2"
                ),
                start,
                end,
            )
        if len(sub) > 8:
            return _problem(
                "bad-range",
                ERROR,
                _("range {range}: subtag {subtag} is longer than 8 characters ({section})").format(
                    range=repr(text), subtag=repr(sub), section="RFC 4647 §2.1"
                ),
                start,
                end,
            )
        if n == 0 and not all(ch in _ALPHA for ch in sub):
            return _problem(
                "bad-range",
                ERROR,
                _("range {range}: the first subtag {subtag} must be letters only or '*' ({section})").format(
                    range=repr(text), subtag=repr(sub), section="RFC 4647 §2.1"
                ),
                start,
                end,
            )
    return None


def _parse_q(value: str) -> int | None:
    """Return a qvalue in thousandths, or None if it breaks RFC 9110 §12.4.2.

    qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )
    """
    if not value or value[0] not in "01":
        return None
    whole, dot, frac = value.partition(".")
    if len(whole) != 1 or (not dot and frac):
        return None
    if len(frac) > 3 or not all(ch in _DIGITS for ch in frac):
        return None
    if whole == "1" and frac.strip("0"):
        return None
    return int(whole) * 1000 + int(frac.ljust(3, "0"))


def _strip_span(text: str, start: int, end: int) -> tuple[int, int]:
    """Return *start*, *end* moved inwards past OWS."""
    while start < end and text[start] in _OWS:
        start += 1
    while end > start and text[end - 1] in _OWS:
        end -= 1
    return start, end


def _split_spans(text: str, sep: str, start: int, end: int) -> list[tuple[int, int]]:
    """Return the spans of the pieces of text[start:end] between *sep* characters."""
    spans: list[tuple[int, int]] = []
    piece = start
    for i in range(start, end):
        if text[i] == sep:
            spans.append((piece, i))
            piece = i + 1
    spans.append((piece, end))
    return spans


def format_q(q: float) -> str:
    """Return *q* as written in a header, without trailing zeros: 1, 0.9, 0.125."""
    return f"{q:.3f}".rstrip("0").rstrip(".")


def parse_accept_language(text: str) -> PriorityList:
    """Parse an Accept-Language value into a priority list; never raise on user input.

    Syntax: RFC 9110 §12.5.4 ``#( language-range [ weight ] )`` with
    ``weight = OWS ";" OWS "q=" qvalue`` (§12.4.2; the name ``q`` is
    case-insensitive; no spaces around ``=``). Choices, each reported as a
    :class:`Problem`:

    - Ranges may be extended ranges (``de-*-DE``, RFC 4647 §2.2), so one list
      serves every scheme; each scheme says when it cannot use a range.
    - Ranges are sorted by descending q; equal weights keep their input order.
    - q=0 means "not acceptable" (RFC 9110 §12.4.2): such ranges go to
      ``excluded``, never into ``ranges`` (``zero-q``, info).
    - A malformed element (``bad-range``, ``bad-q``, ``bad-parameter``) is an
      error and is left out; the rest of the list is still parsed.
    - An empty element (``fr,,de``, a trailing comma) is a warning and is
      skipped: RFC 9110 §5.6.1 tells recipients to ignore empty list elements.
    - A repeated range (case-insensitive) keeps its first occurrence
      (``duplicate-range``, info).

    >>> plist = parse_accept_language("da, en-gb;q=0.8, en;q=0.7")
    >>> [(r.text, r.q) for r in plist.ranges]
    [('da', 1.0), ('en-gb', 0.8), ('en', 0.7)]
    >>> bad = parse_accept_language("fr;q=2")
    >>> bad.ok, bad.problems[0].code
    (False, 'bad-q')
    >>> [r.text for r in parse_accept_language("en;q=0, de").excluded]
    ['en']
    """
    problems: list[Problem] = []
    kept: list[tuple[int, LanguageRange]] = []
    excluded: list[LanguageRange] = []
    seen: set[str] = set()
    elements = _split_spans(text, ",", 0, len(text))
    if not text.strip(_OWS):
        problems.append(_problem("empty", ERROR, _("the priority list is empty: give at least one range"), 0, 0))
        return PriorityList(text, (), (), tuple(problems))
    for index, (e_start, e_end) in enumerate(elements):
        start, end = _strip_span(text, e_start, e_end)
        if start == end:
            # Point at the comma that closes (or opens) the empty element.
            at = e_end if e_end < len(text) else max(e_start - 1, 0)
            problems.append(
                _problem(
                    "empty-element",
                    WARNING,
                    _("empty list element (element {number}) ignored, as {section} allows").format(
                        number=index + 1, section="RFC 9110 §5.6.1"
                    ),
                    at,
                    min(at + 1, len(text)),
                )
            )
            continue
        parts = _split_spans(text, ";", start, end)
        r_start, r_end = _strip_span(text, *parts[0])
        range_text = text[r_start:r_end]
        problem = check_range(range_text, r_start)
        if problem is not None:
            problems.append(problem)
            continue
        q_milli = 1000
        seen_q = False
        bad = False
        for p_start, p_end in parts[1:]:
            p_start, p_end = _strip_span(text, p_start, p_end)
            param = text[p_start:p_end]
            name, eq, value = param.partition("=")
            if not param:
                msg = _("range {range}: empty parameter after ';' (expected q=VALUE, {section})").format(
                    range=repr(range_text), section="RFC 9110 §12.4.2"
                )
                problems.append(_problem("bad-parameter", ERROR, msg, p_start, p_start + 1))
                bad = True
            elif _lower(name) != "q" or not eq:
                msg = _(
                    "range {range}: parameter {parameter} is not allowed; only a weight "
                    "'q=VALUE' may follow a language range ({section})"
                ).format(range=repr(range_text), parameter=repr(param), section="RFC 9110 §12.4.2, §12.5.4")
                problems.append(_problem("bad-parameter", ERROR, msg, p_start, p_end))
                bad = True
            elif seen_q:
                msg = _("range {range} has more than one weight ({section})").format(
                    range=repr(range_text), section="RFC 9110 §12.4.2"
                )
                problems.append(_problem("bad-parameter", ERROR, msg, p_start, p_end))
                bad = True
            else:
                seen_q = True
                parsed = _parse_q(value)
                if parsed is None:
                    msg = _(
                        "range {range}: weight {weight} is not a qvalue; use a number from 0 to 1 "
                        "with at most three decimals, such as 0.8 ({section})"
                    ).format(range=repr(range_text), weight=repr(value), section="RFC 9110 §12.4.2")
                    v_start = p_start + len(name) + 1
                    problems.append(_problem("bad-q", ERROR, msg, v_start, max(p_end, v_start + 1)))
                    bad = True
                else:
                    q_milli = parsed
            if bad:
                break
        if bad:
            continue
        rng = LanguageRange(range_text, q_milli / 1000, index, r_start, r_end)
        if q_milli == 0:
            excluded.append(rng)
            problems.append(
                _problem(
                    "zero-q",
                    INFO,
                    _(
                        "range {range} has q=0, which means 'not acceptable' ({section}); "
                        "it is left out of the priority list"
                    ).format(range=repr(range_text), section="RFC 9110 §12.4.2"),
                    r_start,
                    r_end,
                )
            )
            continue
        key = _lower(range_text)
        if key in seen:
            problems.append(
                _problem(
                    "duplicate-range",
                    INFO,
                    _("range {range} appears more than once; the first occurrence is used").format(
                        range=repr(range_text)
                    ),
                    r_start,
                    r_end,
                )
            )
            continue
        seen.add(key)
        kept.append((q_milli, rng))
    # sorted() is stable, so equal weights keep the order of the input.
    ordered = tuple(rng for _, rng in sorted(kept, key=lambda pair: -pair[0]))
    if not ordered and not excluded and not any(p.severity is ERROR for p in problems):
        problems.append(_problem("empty", ERROR, _("the priority list has no ranges"), 0, len(text)))
    return PriorityList(text, ordered, tuple(excluded), tuple(problems))


# ---------------------------------------------------------------------------
# Normalizing the ranges argument

#: What the matching functions accept as a priority list: an Accept-Language
#: string, a parsed :class:`PriorityList`, or a sequence (already in priority
#: order) of range strings, :class:`LanguageRange` objects or ``(range, q)`` pairs.
Ranges = PriorityList | str | Iterable[str | LanguageRange | tuple[str, float]]


def _normalize(ranges: Ranges) -> tuple[tuple[LanguageRange, ...], tuple[Problem, ...]]:
    """Return the usable ranges in priority order and the problems met on the way."""
    if isinstance(ranges, str):
        ranges = parse_accept_language(ranges)
    if isinstance(ranges, PriorityList):
        return ranges.ranges, ranges.problems
    out: list[LanguageRange] = []
    problems: list[Problem] = []
    for index, item in enumerate(ranges):
        if isinstance(item, LanguageRange):
            rng = item
        elif isinstance(item, tuple):
            rng = LanguageRange(str(item[0]), float(item[1]), index)
        else:
            rng = LanguageRange(item, 1.0, index)
        problem = check_range(rng.text)
        if problem is not None:
            problems.append(problem)
        elif rng.q <= 0:
            problems.append(
                _problem("zero-q", INFO, _("range {range} has q=0 and is not used").format(range=repr(rng.text)))
            )
        else:
            out.append(rng)
    return tuple(out), tuple(problems)


# ---------------------------------------------------------------------------
# Filtering


def _basic_match(range_subtags: tuple[str, ...], tag_subtags: list[str]) -> bool:
    """Return True if the range equals the tag or a prefix of it ending at a subtag boundary."""
    if range_subtags == ("*",):
        return True
    n = len(range_subtags)
    return len(tag_subtags) >= n and tuple(tag_subtags[:n]) == range_subtags


def _extended_match(range_subtags: tuple[str, ...], tag_subtags: list[str]) -> bool:
    """Run RFC 4647 §3.3.2 on lowercase subtag lists, step by step."""
    # Step 1 (split both on '-') is done by the caller.
    # Step 2: the first subtags must match; '*' matches any primary subtag.
    if range_subtags[0] != "*" and range_subtags[0] != tag_subtags[0]:
        return False
    r, t = 1, 1
    # Step 3: while the range has subtags left.
    while r < len(range_subtags):
        sub = range_subtags[r]
        if sub == "*":  # 3.A: a wildcard matches whatever is there; go on in the range only.
            r += 1
        elif t >= len(tag_subtags):  # 3.B: range needs more than the tag has.
            return False
        elif sub == tag_subtags[t]:  # 3.C: same subtag: advance both.
            r += 1
            t += 1
        elif tag_subtags[t] in _ALNUM:  # 3.D: never skip over a singleton (extension or 'x').
            return False
        else:  # 3.E: skip this tag subtag, keep looking for the range subtag.
            t += 1
    # Step 4: the range is used up, so the tag matches.
    return True


def _filter(scheme: Literal["basic", "extended"], ranges: Ranges, tags: Iterable[str]) -> FilterResult:
    """Apply one filtering scheme; credit each tag to the first range that matches it."""
    usable, problems = _normalize(ranges)
    extra: list[Problem] = []
    if scheme == "basic":
        applied: list[LanguageRange] = []
        for rng in usable:
            if rng.is_basic:
                applied.append(rng)
            else:
                extra.append(
                    _problem(
                        "extended-range",
                        WARNING,
                        _(
                            "range {range} has a '*' subtag; basic filtering ({section}) takes basic "
                            "ranges only, so it was skipped (use extended filtering)"
                        ).format(range=repr(rng.text), section="RFC 4647 §3.3.1"),
                        rng.start,
                        rng.end,
                    )
                )
        usable = tuple(applied)
    tag_list = list(tags)
    split = [_lower(tag).split("-") for tag in tag_list]
    claimed = [False] * len(tag_list)
    matches: list[Match] = []
    test = _basic_match if scheme == "basic" else _extended_match
    for rng in usable:
        range_subtags = rng.subtags
        for i, tag in enumerate(tag_list):
            # An empty tag is no tag; not even '*' selects it.
            if claimed[i] or not tag:
                continue
            if test(range_subtags, split[i]):
                claimed[i] = True
                matches.append(Match(tag, rng.text, rng.q, i))
    unmatched = tuple(tag for i, tag in enumerate(tag_list) if not claimed[i])
    return FilterResult(scheme, usable, tuple(matches), unmatched, problems + tuple(extra))


def basic_filter(ranges: Ranges, tags: Iterable[str]) -> FilterResult:
    """Return the tags that basic filtering (RFC 4647 §3.3.1) selects, each with its range.

    A basic range matches a tag when, case-insensitively, it equals the tag or
    a prefix of it followed by ``-``; ``*`` matches every tag. Choices: a range
    with ``*`` subtags (``de-*-DE``) is no basic range, so it is skipped with an
    ``extended-range`` warning rather than compared literally; tags are not
    validated here (that is the tag engine's job), only split on ``-``.

    >>> r = basic_filter("de-de", ["de-DE", "de-DE-1996", "de-Deva", "de-Latn-DE"])
    >>> r.tags, r.unmatched
    (('de-DE', 'de-DE-1996'), ('de-Deva', 'de-Latn-DE'))
    """
    return _filter("basic", ranges, tags)


def extended_filter(ranges: Ranges, tags: Iterable[str]) -> FilterResult:
    """Return the tags that extended filtering (RFC 4647 §3.3.2) selects, each with its range.

    The steps, exactly as §3.3.2 gives them: split range and tag on ``-``; the
    first subtags must be equal or the range's must be ``*`` (so a leading
    ``*`` matches any primary subtag); then while the range has subtags: a
    ``*`` is passed over (A); if the tag has run out the match fails (B); equal
    subtags advance both (C); a singleton in the tag (a single letter or digit,
    ``x`` included) makes the match fail, so a range never reaches past an
    extension or private-use introducer (D); any other tag subtag is skipped
    (E). When the range is used up the tag matches. So ``de-*-DE`` and
    ``de-DE`` select the same tags, and ``de-DE`` matches ``de-Latn-DE``.

    >>> r = extended_filter("de-*-DE", ["de-DE", "de-Latn-DE", "de-x-DE", "de-Deva", "de"])
    >>> r.tags
    ('de-DE', 'de-Latn-DE')
    """
    return _filter("extended", ranges, tags)


# ---------------------------------------------------------------------------
# Lookup


def lookup_chain(range_text: str) -> tuple[str, ...]:
    """Return the truncations lookup tries for one range, most specific first (RFC 4647 §3.4).

    Each step removes the last subtag; a singleton left at the end goes with it,
    because an extension or private-use introducer means nothing alone.

    >>> lookup_chain("zh-Hant-CN-x-private1-private2")
    ('zh-Hant-CN-x-private1-private2', 'zh-Hant-CN-x-private1', 'zh-Hant-CN', 'zh-Hant', 'zh')
    """
    subtags = range_text.split("-")
    chain: list[str] = []
    while subtags:
        chain.append("-".join(subtags))
        subtags.pop()
        if subtags and len(subtags[-1]) == 1:
            subtags.pop()
    return tuple(chain)


def lookup(ranges: Ranges, tags: Iterable[str], default: str | None = None) -> LookupResult:
    """Return the single best tag by lookup (RFC 4647 §3.4), with the whole fallback chain.

    For each range in priority order, the range is compared (case-insensitively)
    with every tag, then truncated from the right (see :func:`lookup_chain`)
    until it equals a tag; the first tag found wins, returned as given. When no
    range finds one, the result is *default* (RFC 4647 leaves the default to the
    application; None means "no result"). Choices for wildcards, reported as
    ``wildcard-ignored`` notes: a range whose first subtag is ``*`` (``*`` alone
    included) is ignored, since it names no language to fall back through;
    ``*`` subtags elsewhere are dropped (``de-*-DE`` is looked up as ``de-DE``),
    since lookup compares whole tags and a wildcard cannot equal one. If several
    tags equal a candidate (differing in case only), the first given wins.

    Time and memory are linear in the input: a candidate is only spelt out when some tag has
    its length, each step records only what it drops, and the trace keeps at most
    :data:`TRACE_LIMIT` steps and the deciding one (``tried`` counts them all).

    >>> result = lookup("de-ch", ["de-CH-1996", "de"])
    >>> result.tag, result.range, result.candidates
    ('de', 'de-ch', ('de-ch', 'de'))
    """
    usable, problems = _normalize(ranges)
    extra: list[Problem] = []
    by_key: dict[str, str] = {}
    for tag in tags:
        by_key.setdefault(_lower(tag), tag)
    lengths = {len(k) for k in by_key}
    chain: list[LookupStep] = []
    tried = 0
    for rng in usable:
        subtags = rng.text.split("-")
        if subtags[0] == "*":
            extra.append(
                _problem(
                    "wildcard-ignored",
                    INFO,
                    _("range {range} is ignored: lookup needs a language to fall back through ({section})").format(
                        range=repr(rng.text), section="RFC 4647 §3.4"
                    ),
                    rng.start,
                    rng.end,
                )
            )
            continue
        if "*" in subtags:
            extra.append(
                _problem(
                    "wildcard-ignored",
                    INFO,
                    _("range {range}: its '*' subtags are dropped for lookup, which compares whole tags").format(
                        range=repr(rng.text)
                    ),
                    rng.start,
                    rng.end,
                )
            )
            subtags = [s for s in subtags if s != "*"]
        text = "-".join(subtags)
        low = _lower(text)
        ends = []  # where each subtag ends in text
        pos = -1
        for sub in subtags:
            pos += len(sub) + 1
            ends.append(pos)
        k = len(subtags)
        prev = len(text)
        while k > 0:  # the steps of lookup_chain, as offsets
            end = ends[k - 1]
            hit = by_key.get(low[:end]) if end in lengths else None
            tried += 1
            if len(chain) < TRACE_LIMIT or hit is not None:
                chain.append(LookupStep(rng.text, text[end:prev], hit, text, end))
            if hit is not None:
                return LookupResult(hit, rng.text, default, tuple(chain), problems + tuple(extra), tried)
            prev = end
            k -= 1
            if k > 0 and len(subtags[k - 1]) == 1:
                k -= 1
    return LookupResult(default, None, default, tuple(chain), problems + tuple(extra), tried)
