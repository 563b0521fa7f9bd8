"""The precise, registry-free parse of any string as a language tag (RFC 5646 §2.1, RFC 6067, RFC 6497).

This is the slow path of the engine: it runs on every input the fast regex cannot settle,
and whenever subtags or diagnostics are asked for. It never raises; it keeps going after
an error so every subtag still gets a role, and records each problem with its span.
Time is linear in the input length (one split, one pass over the pieces).

The shapes of the subtags come from :mod:`.syntax`; the wording of every diagnostic from
:mod:`.diagnostics`. Each ``_parse_*`` function states the rule it parses.

A token is ``(text, start, end)``; a subtag is ``(text, start, end, role)``; a diagnostic is
a :class:`~.tagvalues.Diagnostic`. The engine turns subtags into public values when read.

>>> p = parse("en-t-de-it")
>>> [(t, role) for t, _s, _e, role in p.subtags]
[('en', 'language'), ('t', 'singleton'), ('de', 't-language'), ('it', 't-region')]
>>> [d.code for d in parse("en-US-Latn").diags]
['script-after-region']
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import partial

from ..text.catalogue import N_, current_language
from ..text.catalogue import _ as translated
from ..text.frozen import replace
from . import diagnostics as M
from .quoting import FSI, PDI, is_invisible, quote, without_invisible
from .syntax import (
    EXTLANG_KIND,
    GRANDFATHERED,
    IRREGULAR_FIRST,
    IRREGULAR_LOWER,
    KIND_NAMES,
    LANG,
    REGION_KIND,
    SCRIPT_KIND,
    VARIANT_KIND,
    split_t,
    split_u,
    subtag_kind,
)
from .values import Diagnostic, Fix

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "Token",
    "Parse",
    "Extension",
    "parse",
    "parse_well_formed",
    "MAX_DIAGNOSTICS",
    "MAX_SUBTAGS",
    "MAX_FIX_INPUT",
    "describe_char",
    "bad_piece",
    "ascii_fold",
    "drop_span",
]

Token = tuple[str, int, int]

# Ill-formed inputs can be huge; past this many problems the rest are summed up in one line.
MAX_DIAGNOSTICS = 100
# Longer inputs get diagnostics without fixes: a fix is a whole corrected copy of the input (a
# hundred of them for a 10 MB line would be a gigabyte), and no tag comes near this length.
MAX_FIX_INPUT = 1_000

# RFC 5646 sets no upper bound on a tag's length (§4.4.1 asks that at least 35 characters be handled).
# Our reading: past this many subtags an input is not a tag anyone uses (real tags have a few, 20 at
# most), yet a megabyte of repeated -u- keywords (180,000 subtags) is still analysed whole. The parser
# looks at the first MAX_SUBTAGS subtags only and says so with an error (tag-too-long): a 10 MB line
# of 5 million subtags costs what 250,000 cost, in time and memory, and its output is bounded too.
MAX_SUBTAGS = 250_000

_SEP = re.compile(r"[-_]")
_BAD_CHAR = re.compile(r"[^A-Za-z0-9]")
_T_ROLES = ("t-language", "t-extlang", "t-script", "t-region", "t-variant")


class Parse:
    """The structure of one input, as far as it could be made out."""

    __slots__ = (
        "canonical_fixes",
        "diags",
        "extensions",
        "extlangs",
        "grandfathered",
        "language",
        "privateuse",
        "region",
        "script",
        "subtags",
        "text",
        "truncated",
        "variants",
        "well_formed",
        "x_token",
    )

    def __init__(self, text: str) -> None:
        self.text = text
        self.subtags: list[tuple[str, int, int, str]] = []
        self.diags: list[Diagnostic] = []
        # (index into diags, fix label): diagnostics whose fix is the canonical form, filled once it is known
        self.canonical_fixes: list[tuple[int, str]] = []
        self.well_formed = True
        self.grandfathered: Token | None = None
        self.language: Token | None = None
        self.extlangs: list[Token] = []
        self.script: Token | None = None
        self.region: Token | None = None
        self.variants: list[Token] = []
        # singleton token, its subtags, and for u/t the parsed payload
        self.extensions: list[Extension] = []
        self.privateuse: list[Token] = []
        self.x_token: Token | None = None
        self.truncated = 0

    def add(
        self,
        msg: M.Message,
        start: int,
        end: int,
        fix_tag: str | Callable[[], str] | None = None,
        *,
        ill: bool = False,
        **args: Any,
    ) -> None:
        """Record the diagnostic *msg* worded with *args*; *ill* marks one that makes the tag ill-formed.

        A fix may be given as a function: it is called only when the diagnostic is kept, so a
        huge input with thousands of problems costs linear time, not quadratic.
        """
        if ill:
            self.well_formed = False
        if len(self.diags) >= MAX_DIAGNOSTICS:
            self.truncated += 1
            return
        if len(self.text) > MAX_FIX_INPUT:
            fix_tag = None
        elif callable(fix_tag):
            fix_tag = fix_tag()
        self.diags.append(msg.make_of(start, end, fix_tag, args))

    def add_to_canonical(self, msg: M.Message, start: int, end: int, **args: Any) -> None:
        """Record *msg* with a fix to the canonical form, which the engine fills in once it knows it."""
        if len(self.diags) >= MAX_DIAGNOSTICS:
            self.truncated += 1
            return
        self.canonical_fixes.append((len(self.diags), msg.label(**args)))
        self.diags.append(msg.make_of(start, end, None, args))

    def add_diagnostic(self, diag: Diagnostic) -> None:
        """Record a diagnostic worded elsewhere (the CLDR checks)."""
        if len(self.diags) >= MAX_DIAGNOSTICS:
            self.truncated += 1
            return
        self.diags.append(diag)

    def fill_canonical_fixes(self, canonical: str) -> None:
        """Give the diagnostics that wait for it the fix to *canonical* (none when the text already is)."""
        if canonical == self.text or len(self.text) > MAX_FIX_INPUT:
            return
        diags = self.diags
        for i, label in self.canonical_fixes:
            diags[i] = replace(diags[i], fix=Fix(label, canonical))

    def role(self, tok: Token, role: str) -> None:
        """Give *tok* a role."""
        self.subtags.append((tok[0], tok[1], tok[2], role))


class Extension(tuple[Token, list[Token], list[Token], list[tuple[Token, list[Token]]], list[tuple[Token, int]]]):
    """One extension sequence: its singleton, its subtags, and the -u-/-t- payload when it has one.

    A tuple of the five, read by name. Not a ``typing.NamedTuple``: that one is made from compiled text,
    and the first ``compile`` in a process costs the parser's start-up (10 million instructions, 3% of a
    ``bcp47 check`` of one tag).
    """

    __slots__ = ()

    @property
    def singleton(self) -> Token:
        return self[0]

    @property
    def subtags(self) -> list[Token]:
        return self[1]

    @property
    def attributes(self) -> list[Token]:
        """-u-: its attributes."""
        return self[2]

    @property
    def keywords(self) -> list[tuple[Token, list[Token]]]:
        """-u-: its (key, types) keywords; -t-: its fields."""
        return self[3]

    @property
    def tlang(self) -> list[tuple[Token, int]]:
        """-t-: its source-language tokens with their kinds."""
        return self[4]

    def __repr__(self) -> str:
        return (
            f"Extension(singleton={self[0]!r}, subtags={self[1]!r}, attributes={self[2]!r}, "
            f"keywords={self[3]!r}, tlang={self[4]!r})"
        )


# Builds an Extension from a tuple in C.
_new_extension = tuple.__new__


_BAD_BYTE = N_("the byte {byte} (not valid UTF-8 input)")


def describe_char(ch: str) -> str:
    """Name a character for a message: ``'ı' (U+0131 LATIN SMALL LETTER DOTLESS I)``, the character in bidi isolates.

    A character that does not show (whitespace, controls, format characters) is named only:
    ``U+202E RIGHT-TO-LEFT OVERRIDE``.
    """
    if 0xDC80 <= ord(ch) <= 0xDCFF:
        return translated(_BAD_BYTE).format(byte=f"0x{ord(ch) - 0xDC00:02X}")
    name = unicodedata.name(ch, "")
    code = f"U+{ord(ch):04X}"
    if ch.isprintable() and not ch.isspace():
        # Inside bidi isolates: a right-to-left letter must not reorder the message around it.
        return f"'{FSI}{ch}{PDI}' ({code} {name})" if name else f"'{FSI}{ch}{PDI}' ({code})"
    return f"{code} {name}" if name else code


def ascii_fold(text: str) -> str | None:
    """Return an ASCII look-alike of *text* (dotless ı → i, fullwidth Ａ → A, é → e), or None."""
    text = text.replace("ı", "i").replace("İ", "I")
    out = unicodedata.normalize("NFKD", text)
    out = "".join(c for c in out if not unicodedata.combining(c))
    return out if out.isascii() and out.isalnum() else None


def _replace_at(text: str, pos: int, new: str) -> str:
    """Replace the character at *pos* with *new*."""
    return text[:pos] + new + text[pos + 1 :]


def drop_span(text: str, start: int, end: int) -> str:
    """Remove text[start:end] together with one adjacent separator."""
    if start > 0 and text[start - 1] in "-_":
        return text[: start - 1] + text[end:]
    if end < len(text) and text[end] in "-_":
        return text[:start] + text[end + 1 :]
    return text[:start] + text[end:]


def parse(text: str) -> Parse:
    """Parse any string; never raise.

    RFC 5646 §2.1::

        Language-Tag  = langtag / privateuse / grandfathered
        grandfathered = irregular / regular     ; whole tags only

    A grandfathered tag wins over the langtag reading (``zh-min-nan``); an irregular one
    followed by more subtags is reported as one unit that cannot be extended.
    """
    p = Parse(text)
    if not text:
        p.add(M.EMPTY_TAG, 0, 0, ill=True)
        return p
    low = text.lower()
    if low in GRANDFATHERED:
        p.grandfathered = (text, 0, len(text))
        p.role(p.grandfathered, "grandfathered")
        return p

    tokens = _tokenize(p)
    if not tokens:
        return p

    # An irregular grandfathered tag followed by more subtags: one unit that cannot be extended.
    first_subtag = low.partition("-")[0].partition("_")[0]
    for g in IRREGULAR_LOWER if first_subtag in IRREGULAR_FIRST else ():
        if low.startswith(g) and len(low) > len(g) and low[len(g)] in "-_":
            n = g.count("-") + 1
            if len(tokens) > n and all(tok[0] for tok in tokens[:n]):
                end = tokens[n - 1][2]
                gtok = (text[:end], 0, end)
                p.grandfathered = gtok
                p.role(gtok, "grandfathered")
                rest = tokens[n][1]
                p.add(
                    M.GRANDFATHERED_EXTENDED,
                    rest - 1,
                    len(text),
                    GRANDFATHERED[g],
                    ill=True,
                    tag=GRANDFATHERED[g],
                    rest=quote(text, rest, len(text)),
                )
                _parse_tail(p, tokens, n)
                return p
    _parse_langtag(p, tokens)
    return p


def parse_well_formed(text: str, n_extlangs: int, has_script: bool, has_region: bool, n_variants: int) -> Parse:
    """Parse a tag already known to match the langtag grammar, given the counts its regex match found.

    The engine's regex (:data:`.syntax.WELL_FORMED`) has settled the shape of everything before
    the first singleton, so this only splits and labels; the tail (extensions, private use) goes
    through the same code as in :func:`parse`. Not for grandfathered tags.
    """
    p = Parse(text)
    tokens: list[Token] = []
    start = 0
    for piece in text.split("-"):
        end = start + len(piece)
        tokens.append((piece, start, end))
        start = end + 1
    subs = p.subtags
    first = tokens[0]
    if len(first[0]) == 1:  # a private-use tag
        _parse_matched_tail(p, tokens, 0)
        return p
    p.language = first
    subs.append((first[0], first[1], first[2], "language"))
    i = 1
    for _ in range(n_extlangs):
        tok = tokens[i]
        p.extlangs.append(tok)
        subs.append((tok[0], tok[1], tok[2], "extlang"))
        i += 1
    if has_script:
        tok = p.script = tokens[i]
        subs.append((tok[0], tok[1], tok[2], "script"))
        i += 1
    if has_region:
        tok = p.region = tokens[i]
        subs.append((tok[0], tok[1], tok[2], "region"))
        i += 1
    for _ in range(n_variants):
        tok = tokens[i]
        p.variants.append(tok)
        subs.append((tok[0], tok[1], tok[2], "variant"))
        i += 1
    if i < len(tokens):
        _parse_matched_tail(p, tokens, i)
    return p


def _parse_matched_tail(p: Parse, tokens: list[Token], i: int) -> None:
    """:func:`_parse_tail` for a tail the langtag regex matched, from token *i* on: the same parse, with less work.

    The regex has settled the shape: every token is 1 to 8 letters or digits, an extension's body
    is one or more subtags of 2 to 8 (the next one-character token starts the next sequence), and
    private use, last, has at least one subtag. So no token is empty, too long or misplaced, and no
    sequence is empty; what is left to find is the roles, the -u-/-t- payloads and a repeated singleton.
    """
    n = len(tokens)
    subs = p.subtags
    seen: dict[str, Token] = {}
    while i < n:
        tok = tokens[i]
        t = tok[0]
        s = t.lower()
        subs.append((t, tok[1], tok[2], "singleton"))
        j = i + 1
        if s == "x":
            p.x_token = tok
            body = tokens[j:]
            subs += [(b[0], b[1], b[2], "privateuse") for b in body]
            p.privateuse = body
            return
        while j < n and len(tokens[j][0]) != 1:
            j += 1
        body = tokens[i + 1 : j]
        ext = _new_extension(Extension, (tok, body, [], [], []))
        if s == "u":
            _parse_u(p, ext)
        elif s == "t":
            _parse_t(p, ext)
        else:
            subs += [(b[0], b[1], b[2], "extension") for b in body]
        _add_extension(p, seen, ext)
        i = j


def _tokenize(p: Parse) -> list[Token]:
    """Split on '-' (and '_', reported); report empty pieces and bad characters; keep good tokens.

    RFC 5646 §2.1: subtags are 1*8alphanum separated by ``"-"``; nothing else is allowed.
    """
    full = p.text
    tokens: list[Token] = []
    # Surrounding whitespace is reported once per run and kept out of the subtags, so they keep their roles.
    text = full.strip()
    start = 0
    if text != full:
        lead = len(full) - len(full.lstrip())
        trail = len(full.rstrip())
        for a, b in ((0, lead), (trail, len(full))):
            if a < b:
                p.add(M.WHITESPACE_AROUND, a, b, text, ill=True, char=describe_char(full[a]))
        start = lead
        text = full[:trail]
        if not text.strip():
            return tokens
    underscore_fix: str | None = None
    rest = text[start:]
    pieces = _SEP.split(rest, MAX_SUBTAGS) if "_" in text else rest.split("-", MAX_SUBTAGS)
    if len(pieces) > MAX_SUBTAGS:  # the last piece is the whole unsplit rest: not looked at
        cut = len(text) - len(pieces.pop())
        p.add(M.TAG_TOO_LONG, cut, len(full), ill=True, limit=MAX_SUBTAGS, rest=len(full) - cut)
        text = text[: cut - 1]  # the separator before the rest ends the last piece looked at
    last = len(pieces) - 1
    for k, piece in enumerate(pieces):
        end = start + len(piece)
        if k < last and text[end] == "_":
            if underscore_fix is None:
                underscore_fix = text.strip().replace("_", "-")
            p.add(M.UNDERSCORE, end, end + 1, underscore_fix, ill=True)
        if not piece:
            _empty_piece(p, k, last, start)
        elif piece.isascii() and piece.isalnum():
            tokens.append((piece, start, end))
        else:
            bad_piece(p, piece, start)
            p.role((piece, start, end), "invalid")
            tokens.append(("", start, end))  # a placeholder keeps positions; the parse skips it
        start = end + 1
    return tokens


def _empty_piece(p: Parse, k: int, last: int, start: int) -> None:
    text = p.text
    if last == 0:
        return
    if k == 0:
        p.add(M.EMPTY_LEADING, start, start + 1, lambda: text[:start] + text[start + 1 :], ill=True)
    elif k == last:
        p.add(M.EMPTY_TRAILING, start - 1, start, lambda: text[: start - 1] + text[start:], ill=True)
    else:
        p.add(M.EMPTY_INSIDE, start - 1, start + 1, lambda: text[: start - 1] + text[start:], ill=True)


def bad_piece(p: Parse, piece: str, start: int) -> None:
    """Record the errors of the piece of *p*'s text at *start* that holds characters a subtag cannot have.

    What is said of a piece (its messages and fix labels, worded in the UI language) is learnt once per piece
    and language (:func:`_said_of`): a column repeats the same pieces ('ı', '$$', '_'). A piece with an invisible
    character (whose message names where it is) is worded anew each time.
    """
    said = _said_of(piece)
    if said is None:
        _bad_piece(p, piece, start)
        return
    text = p.text
    diags = p.diags
    fixable = len(text) <= MAX_FIX_INPUT
    make = M.make_diagnostic
    new_fix = M.make_fix
    for off, msg, message, label, folded in said:
        p.well_formed = False
        if len(diags) >= MAX_DIAGNOSTICS:
            p.truncated += 1
            continue
        pos = start + off
        fix = None
        if fixable and label is not None:
            if folded is None:
                fix = new_fix(label, re.sub(r"\s+", "-", text.strip()))
            else:
                fix = new_fix(label, text[:pos] + folded + text[pos + 1 :])
        diags.append(make(msg.code, msg.severity, pos, pos + 1, message, fix, msg.section))


#: What :func:`bad_piece` says of a piece: per bad character, (its offset, the message row, the message, the fix's
#: label or None, the ASCII look-alike or None for whitespace); keyed by (language, piece).
_SAID: dict[tuple[str, str], tuple[tuple[int, M.Message, str, str | None, str | None], ...]] = {}
#: How many pieces :data:`_SAID` keeps before it starts afresh.
SAID_MAX = 4096


def _said_of(piece: str) -> tuple[tuple[int, M.Message, str, str | None, str | None], ...] | None:
    """Return what :func:`bad_piece` says of *piece* (see :data:`_SAID`); None: a piece with an invisible character."""
    key = (current_language(), piece)
    got = _SAID.get(key)
    if got is not None:
        return got
    shown = quote(piece)
    out: list[tuple[int, M.Message, str, str | None, str | None]] = []
    for m in _BAD_CHAR.finditer(piece):
        ch = m.group()
        if is_invisible(ch):
            return None
        args: dict[str, Any] = {"char": describe_char(ch)}
        if ch.isspace():
            msg = M.WHITESPACE_INSIDE
            folded: str | None = None
            has_fix = True
        else:
            msg = M.BAD_CHARACTER
            folded = ascii_fold(ch) if not ch.isascii() else None
            has_fix = folded is not None
            args.update(piece=shown, bad=ch, good=folded)
        label = translated(msg.fix).format_map(args) if has_fix and msg.fix is not None else None
        out.append((m.start(), msg, msg.worded().format_map(args), label, folded))
    if len(_SAID) >= SAID_MAX:
        _SAID.clear()
    got = _SAID[key] = tuple(out)
    return got


def _bad_piece(p: Parse, piece: str, start: int) -> None:
    """:func:`bad_piece`, worded anew: the reference the memo is compared with, and the way of invisible characters."""
    text = p.text
    shown = quote(piece)
    invisible_fix: list[str] = []  # the text without its format characters, made once

    def drop_invisible() -> str:
        if not invisible_fix:
            invisible_fix.append(without_invisible(text))
        return invisible_fix[0]

    for m in _BAD_CHAR.finditer(piece):
        if len(p.diags) >= MAX_DIAGNOSTICS:
            # Only counted from here on: a huge piece of bad characters costs one pass, not a message each.
            p.well_formed = False
            p.truncated += 1
            continue
        ch = m.group()
        pos = start + m.start()
        if is_invisible(ch):
            p.add(M.INVISIBLE_CHARACTER, pos, pos + 1, drop_invisible, ill=True, char=describe_char(ch), at=pos)
            continue
        if ch.isspace():
            p.add(
                M.WHITESPACE_INSIDE,
                pos,
                pos + 1,
                lambda: re.sub(r"\s+", "-", text.strip()),
                ill=True,
                char=describe_char(ch),
            )
            continue
        folded = ascii_fold(ch) if not ch.isascii() else None
        fix = partial(_replace_at, text, pos, folded) if folded else None
        p.add(M.BAD_CHARACTER, pos, pos + 1, fix, ill=True, char=describe_char(ch), piece=shown, bad=ch, good=folded)


def _parse_langtag(p: Parse, tokens: list[Token]) -> None:
    """Parse a langtag, keeping going after errors.

    RFC 5646 §2.1::

        langtag  = language ["-" script] ["-" region] *("-" variant) *("-" extension) ["-" privateuse]
        language = 2*3ALPHA ["-" extlang] / 4ALPHA / 5*8ALPHA
        extlang  = 3ALPHA *2("-" 3ALPHA)

    Subtags before the first singleton are placed by :func:`.syntax.subtag_kind`; one out of
    order is reported (with a fix that sorts them when that is well defined).
    """
    text = p.text
    i = 0
    n = len(tokens)
    while i < n and not tokens[i][0]:
        i += 1
    if i == n:  # every piece was bad, and each has its diagnostic already
        p.well_formed = False
        return
    first = tokens[i]
    t = first[0]
    if len(t) == 1:
        if t in "xX":
            _parse_tail(p, tokens, i)
            return
        p.add(M.MISSING_LANGUAGE, first[1], first[2], ill=True, singleton=t)
        _parse_tail(p, tokens, i)
        return
    if t.isalpha() and len(t) <= 8:
        p.language = first
        p.role(first, "language")
    elif len(t) > 8:
        _too_long(p, first, "language")
        p.role(first, "invalid")
    else:
        p.add(M.BAD_LANGUAGE, first[1], first[2], ill=True, code=t)
        p.role(first, "invalid")
    lang_len = len(t) if p.language else 0
    cur = LANG
    i += 1
    reorder = False
    while i < n:
        tok = tokens[i]
        t = tok[0]
        if not t:
            i += 1
            continue
        if len(t) == 1:
            break
        kind = subtag_kind(t)
        if kind < 0:
            if len(t) > 8:
                _too_long(p, tok, "subtag")
            else:
                p.add(M.BAD_SUBTAG, tok[1], tok[2], ill=True, code=t)
            p.role(tok, "invalid")
            i += 1
            continue
        p.role(tok, KIND_NAMES[kind])
        if kind == EXTLANG_KIND:
            if cur <= EXTLANG_KIND and (lang_len in (2, 3)):
                if len(p.extlangs) >= 3:
                    p.add(
                        M.TOO_MANY_EXTLANGS, tok[1], tok[2], partial(drop_span, text, tok[1], tok[2]), ill=True, code=t
                    )
                else:
                    p.extlangs.append(tok)
                    cur = EXTLANG_KIND
            elif cur == LANG:
                p.add(M.MISPLACED_EXTLANG, tok[1], tok[2], ill=True, code=t)
            else:
                p.add(M.AFTER[KIND_NAMES[kind], KIND_NAMES[cur]], tok[1], tok[2], ill=True, code=t)
                reorder = True
        elif kind > cur:
            if kind == SCRIPT_KIND:
                p.script = tok
            elif kind == REGION_KIND:
                p.region = tok
            else:
                p.variants.append(tok)
            cur = kind
        elif kind == cur == VARIANT_KIND:
            p.variants.append(tok)
        elif kind == cur:
            other = p.script if kind == SCRIPT_KIND else p.region
            p.add(
                M.DUPLICATE[KIND_NAMES[kind]],
                tok[1],
                tok[2],
                partial(drop_span, text, tok[1], tok[2]),
                ill=True,
                code=t,
                first=other[0] if other else "",
            )
        else:
            p.add(M.AFTER[KIND_NAMES[kind], KIND_NAMES[cur]], tok[1], tok[2], ill=True, code=t)
            reorder = True
        i += 1
    if reorder:
        _offer_reorder(p, tokens, i)
    _parse_tail(p, tokens, i)


def _too_long(p: Parse, tok: Token, what: str) -> None:
    t = tok[0]
    p.add(
        M.SUBTAG_TOO_LONG[what],
        tok[1],
        tok[2],
        ill=True,
        code=t[:20] + ("…" if len(t) > 20 else ""),
        length=len(t),
    )


def _offer_reorder(p: Parse, tokens: list[Token], stop: int) -> None:
    """Attach a fix that sorts the pre-singleton subtags into grammar order, when that is well defined."""
    pre = [t for t in tokens[:stop] if t[0]]
    if not pre:
        return
    kinds = [LANG] + [subtag_kind(t[0]) for t in pre[1:]]
    if any(k < 0 for k in kinds[1:]):
        return
    for k in (SCRIPT_KIND, REGION_KIND):
        if kinds.count(k) > 1:
            return
    order = sorted(range(len(pre)), key=lambda j: (kinds[j], j))
    fix = Fix(translated(M.REORDER_LABEL), "-".join(pre[j][0] for j in order) + p.text[pre[-1][2] :])
    # The out-of-order diagnostics were just added; give each the fix.
    for idx in range(len(p.diags) - 1, -1, -1):
        d = p.diags[idx]
        if "-after-" in d.code and d.fix is None:
            p.diags[idx] = (
                M.make_diagnostic(d.code, d.severity, d.start, d.end, d.message, fix, d.section)
                if not d.field and not d.line
                else replace(d, fix=fix)
            )


def _parse_tail(p: Parse, tokens: list[Token], i: int) -> None:
    """Parse extensions and private use from token *i* on.

    RFC 5646 §2.1::

        extension  = singleton 1*("-" (2*8alphanum))
        privateuse = "x" 1*("-" (1*8alphanum))

    A singleton may appear once (§2.2.6); ``-u-`` and ``-t-`` bodies go to their own parsers.
    """
    text = p.text
    n = len(tokens)
    seen: dict[str, Token] = {}
    while i < n:
        tok = tokens[i]
        t = tok[0]
        if not t:
            i += 1
            continue
        if len(t) != 1:
            # Only reachable right after a grandfathered prefix or a bad language start.
            p.subtags.append((tok[0], tok[1], tok[2], "invalid"))
            if len(t) > 8:
                _too_long(p, tok, "subtag")
            else:
                p.add(M.MISPLACED_SUBTAG, tok[1], tok[2], ill=True, code=t)
            i += 1
            continue
        s = t.lower()
        p.subtags.append((tok[0], tok[1], tok[2], "singleton"))
        j = i + 1
        body: list[Token] = []
        if s == "x":
            p.x_token = tok
            while j < n:
                b = tokens[j]
                if b[0]:
                    if len(b[0]) > 8:
                        _too_long(p, b, "private-use subtag")
                        p.subtags.append((b[0], b[1], b[2], "invalid"))
                    else:
                        p.subtags.append((b[0], b[1], b[2], "privateuse"))
                        body.append(b)
                j += 1
            p.privateuse = body
            if not body and not any(b[0] for b in tokens[i + 1 :]):
                p.add(M.EMPTY_PRIVATEUSE, tok[1], tok[2], drop_span(text, tok[1], tok[2]), ill=True)
            return
        while j < n and len(tokens[j][0]) != 1:
            b = tokens[j]
            if b[0]:
                if len(b[0]) > 8:
                    _too_long(p, b, "extension subtag")
                    p.subtags.append((b[0], b[1], b[2], "invalid"))
                else:
                    body.append(b)
            j += 1
        ext = _new_extension(Extension, (tok, body, [], [], []))
        if s == "u":
            _parse_u(p, ext)
        elif s == "t":
            _parse_t(p, ext)
        else:
            for b in body:
                if len(b[0]) < 2:
                    continue
                p.subtags.append((b[0], b[1], b[2], "extension"))
        if not body:
            p.add(M.EMPTY_EXTENSION, tok[1], tok[2], partial(drop_span, text, tok[1], tok[2]), ill=True, singleton=t)
        _add_extension(p, seen, ext)
        i = j


def _add_extension(p: Parse, seen: dict[str, Token], ext: Extension) -> None:
    """Add the extension sequence *ext* to *p*; warn when its singleton was met before (*seen*: singleton -> token).

    RFC 5646 §2.2.6: a singleton may appear once; the fix merges the repeat's subtags into the first sequence.
    """
    tok = ext.singleton
    s = tok[0].lower()
    first = seen.get(s)
    if first is None:
        seen[s] = tok
    else:
        p.add(
            M.DUPLICATE_SINGLETON,
            tok[1],
            tok[2],
            partial(_merge_fix, p.text, first, tok, ext.subtags),
            singleton=tok[0],
            first=first[1] + 1,
            lower=s,
        )
    p.extensions.append(ext)


def _merge_fix(text: str, first: Token, dup: Token, body: list[Token]) -> str:
    """Move the subtags of the duplicate extension *dup* to the end of the *first* one's sequence."""
    if not body:
        return drop_span(text, dup[1], dup[2])
    end = body[-1][2]
    moved = text[dup[2] + 1 : end]
    without = text[: dup[1] - 1] + text[end:]
    # Insert after the first sequence: before the next singleton that follows it.
    m = re.compile(r"-[A-Za-z0-9](?=-|$)").search(without, first[2])
    at = m.start() if m else len(without)
    return without[:at] + "-" + moved + without[at:]


def _parse_u(p: Parse, ext: Extension) -> None:
    """Parse a ``-u-`` body into attributes and keywords; later duplicates only warn.

    RFC 6067 §2.1 (the rule is quoted in :func:`.syntax.split_u`)::

        u-extension = "u" 1*("-" attribute) *("-" keyword) / "u" 1*("-" keyword)
        keyword     = key *("-" type)
    """
    body = ext.subtags
    attrs, keywords = split_u([b[0] for b in body])
    subs = p.subtags
    seen_attr: set[str] = set()
    for b in body[: len(attrs)]:
        subs.append((b[0], b[1], b[2], "u-attribute"))
        a = b[0].lower()
        if a in seen_attr:
            p.add(M.DUPLICATE_U_ATTRIBUTE, b[1], b[2], attribute=a)
        seen_attr.add(a)
        ext.attributes.append(b)
    seen_key: set[str] = set()
    start = len(attrs)
    for kw in keywords:
        b = body[start]
        subs.append((b[0], b[1], b[2], "u-key"))
        k = b[0].lower()
        if k in seen_key:
            p.add(M.DUPLICATE_U_KEY, b[1], b[2], key=k)
        seen_key.add(k)
        types = body[start + 1 : start + len(kw)]
        for ty in types:
            subs.append((ty[0], ty[1], ty[2], "u-type"))
        ext.keywords.append((b, types))
        start += len(kw)


def _parse_t(p: Parse, ext: Extension) -> None:
    """Parse a ``-t-`` body into the source-language tag and fields.

    RFC 6497 §2.2 (the rule is quoted in :func:`.syntax.split_t`)::

        t-extension = "t" ("-" tlang *("-" tfield) / 1*("-" tfield))
        tlang       = language ["-" script] ["-" region] *("-" variant)
        tfield      = tkey 1*("-" tvalue)

    Each subtag of the source language gets the role of what it is in that tag
    (``t-language``, ``t-extlang``, ``t-script``, ``t-region``, ``t-variant``), by its
    shape and place as in the langtag rule; one out of order gets its shape's role and
    a ``bad-t-lang`` error.
    """
    body = ext.subtags
    subs = p.subtags
    tlang, stray, fields = split_t([b[0] for b in body])
    if tlang:
        b = body[0]
        ext.tlang.append((b, LANG))
        subs.append((b[0], b[1], b[2], "t-language"))
        cur = LANG
        for b in body[1 : len(tlang)]:
            kind = subtag_kind(b[0])
            if kind > cur or kind == cur == VARIANT_KIND:
                ext.tlang.append((b, kind))
                subs.append((b[0], b[1], b[2], _T_ROLES[kind]))
                cur = kind
            else:
                subs.append((b[0], b[1], b[2], _T_ROLES[kind] if kind >= 0 else "invalid"))
                p.add(M.BAD_T_LANG, b[1], b[2], code=b[0])
    start = len(tlang)
    for b in body[start : start + len(stray)]:
        subs.append((b[0], b[1], b[2], "invalid"))
        p.add(M.BAD_T_SUBTAG, b[1], b[2], code=b[0])
    start += len(stray)
    seen: set[str] = set()
    for field in fields:
        b = body[start]
        subs.append((b[0], b[1], b[2], "t-key"))
        k = b[0].lower()
        if k in seen:
            p.add(M.DUPLICATE_T_KEY, b[1], b[2], key=k)
        seen.add(k)
        values: list[Token] = []
        for v in body[start + 1 : start + len(field)]:
            if len(v[0]) >= 3:
                subs.append((v[0], v[1], v[2], "t-value"))
                values.append(v)
            else:
                subs.append((v[0], v[1], v[2], "invalid"))
                p.add(M.BAD_T_SUBTAG, v[1], v[2], code=v[0])
        if not values:
            # Removing the only subtag of the extension removes its singleton too ('en-t-m0' -> 'en').
            a = ext.singleton[1] if len(body) == 1 else b[1]
            p.add(M.EMPTY_T_FIELD, b[1], b[2], partial(drop_span, p.text, a, b[2]), key=b[0])
        ext.keywords.append((b, values))
        start += len(field)
