"""The precise, registry-free parse of any string as a language tag (RFC 5646 §2.1, RFC 6067, RFC 6497).

This is the slow path of the engine: it runs on every input the fast regex cannot settle,
and whenever subtags or diagnostics are asked for. It never raises; it keeps going after
an error so every subtag still gets a role, and records each problem with its span.
Time is linear in the input length (one split, one pass over the pieces).

A token is ``(text, start, end)``; a raw diagnostic is
``(code, severity, start, end, message, fix_label, fix_tag)``. The engine turns both into
public values only when they are read.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import partial
from typing import NamedTuple

__all__ = ["Token", "RawDiag", "Parse", "parse", "IRREGULAR", "MAX_DIAGNOSTICS"]

Token = tuple[str, int, int]
RawDiag = tuple[str, str, int, int, str, "str | None", "str | None"]

# Ill-formed inputs can be huge; past this many problems the rest are summed up in one line.
MAX_DIAGNOSTICS = 100

ERROR, WARNING, INFO = "error", "warning", "info"

# RFC 5646 §2.2.8: irregular grandfathered tags do not fit the langtag grammar at all.
IRREGULAR = (
    "en-GB-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon", "i-lux", "i-mingo",
    "i-navajo", "i-pwn", "i-tao", "i-tay", "i-tsu", "sgn-BE-FR", "sgn-BE-NL", "sgn-CH-DE",
)  # fmt: skip
REGULAR = ("art-lojban", "cel-gaulish", "no-bok", "no-nyn", "zh-guoyu", "zh-hakka", "zh-min", "zh-min-nan",
           "zh-xiang")  # fmt: skip
GRANDFATHERED = {t.lower(): t for t in IRREGULAR + REGULAR}
_IRREGULAR_LOWER = tuple(t.lower() for t in IRREGULAR)
_IRREGULAR_FIRST = frozenset(t.split("-")[0] for t in _IRREGULAR_LOWER)
REGULAR_FIRST = frozenset(t.split("-")[0] for t in REGULAR)

_SEP = re.compile(r"[-_]")
_BAD_CHAR = re.compile(r"[^A-Za-z0-9]")

# Position ranks of the subtags before the first singleton.
LANG, EXTLANG, SCRIPT, REGION, VARIANT = range(5)
_KIND_NAME = ("language", "extlang", "script", "region", "variant")
_KIND_ROLE = ("language", "extlang", "script", "region", "variant")
_KIND_SECTION = ("§2.2.1", "§2.2.2", "§2.2.3", "§2.2.4", "§2.2.5")


class Parse:
    """The structure of one input, as far as it could be made out."""

    __slots__ = (
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
        self.diags: list[RawDiag] = []
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
        code: str,
        severity: str,
        start: int,
        end: int,
        message: str,
        fix_label: str | None = None,
        fix_tag: str | Callable[[], str] | None = None,
        *,
        ill: bool = False,
    ) -> None:
        """Record a diagnostic; *ill* marks one that makes the tag ill-formed.

        A fix may be given as a function: it is called only when the diagnostic is kept, so a
        huge input with thousands of problems costs linear time, not quadratic.
        """
        if ill:
            self.well_formed = False
        if len(self.diags) >= MAX_DIAGNOSTICS:
            self.truncated += 1
            return
        if callable(fix_tag):
            fix_tag = fix_tag()
        self.diags.append((code, severity, start, end, message, fix_label, fix_tag))

    def role(self, tok: Token, role: str) -> None:
        """Give *tok* a role."""
        self.subtags.append((tok[0], tok[1], tok[2], role))


class Extension(NamedTuple):
    """One extension sequence: its singleton, its subtags, and the -u-/-t- payload when it has one."""

    singleton: Token
    subtags: list[Token]
    # -u-: attributes, then (key, types) keywords. -t-: source-language tokens with kinds, then fields.
    attributes: list[Token]
    keywords: list[tuple[Token, list[Token]]]
    tlang: list[tuple[Token, int]]


# Builds an Extension from a tuple in C, skipping the Python-level NamedTuple __new__.
_new_extension = tuple.__new__


def _is_alnum(t: str) -> bool:
    return t.isascii() and t.isalnum()


def _is_alpha(t: str) -> bool:
    return t.isascii() and t.isalpha()


def _kind(t: str) -> int:
    """Return the position kind of a pre-singleton subtag by its shape, or -1 when none fits."""
    n = len(t)
    if n == 2:
        return REGION if t.isalpha() else -1
    if n == 3:
        if t.isalpha():
            return EXTLANG
        return REGION if t.isdigit() else -1
    if n == 4:
        if t.isalpha():
            return SCRIPT
        return VARIANT if t[0].isdigit() else -1
    if 5 <= n <= 8:
        return VARIANT
    return -1


def describe_char(ch: str) -> str:
    """Name a character for a message: ``'ı' (U+0131 LATIN SMALL LETTER DOTLESS I)``."""
    if 0xDC80 <= ord(ch) <= 0xDCFF:
        return f"the byte 0x{ord(ch) - 0xDC00:02X} (not valid UTF-8 input)"
    name = unicodedata.name(ch, "")
    code = f"U+{ord(ch):04X}"
    if ch.isprintable() and not ch.isspace():
        return f"'{ch}' ({code} {name})" if name else f"'{ch}' ({code})"
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


def _drop_span(text: str, start: int, end: int) -> str:
    """Remove text[start:end] together with one adjacent separator."""
    if start > 0 and text[start - 1] in "-_":
        return text[: start - 1] + text[end:]
    if end < len(text) and text[end] in "-_":
        return text[:start] + text[end + 1 :]
    return text[:start] + text[end:]


def parse(text: str) -> Parse:
    """Parse any string; never raise. See the module docstring for what comes back."""
    p = Parse(text)
    if not text:
        p.add("empty-tag", ERROR, 0, 0, "The tag is empty; a tag needs at least a language subtag (RFC 5646 §2.1).",
              ill=True)  # fmt: skip
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
    i = 0
    first_subtag = low.partition("-")[0].partition("_")[0]
    for g in _IRREGULAR_LOWER if first_subtag in _IRREGULAR_FIRST else ():
        if low.startswith(g) and len(low) > len(g) and low[len(g)] in "-_":
            n = g.count("-") + 1
            if len(tokens) > n and all(tok[0] for tok in tokens[:n]):
                end = tokens[n - 1][2]
                gtok = (text[:end], 0, end)
                p.grandfathered = gtok
                p.role(gtok, "grandfathered")
                rest = tokens[n][1]
                p.add(
                    "grandfathered-extended", ERROR, rest - 1, len(text),
                    f"'{GRANDFATHERED[g]}' is a grandfathered tag: it is one whole unit and cannot take further "
                    f"subtags such as '{text[rest:]}' (RFC 5646 §2.2.8).",
                    f"Keep only '{GRANDFATHERED[g]}'", GRANDFATHERED[g], ill=True,
                )  # fmt: skip
                i = n
                _parse_tail(p, tokens, i)
                return p
    _parse_langtag(p, tokens)
    return p


def parse_well_formed(text: str, n_extlangs: int, has_script: bool, has_region: bool, n_variants: int) -> Parse:
    """Parse a tag already known to match the langtag grammar, given the counts its regex match found.

    The engine's regex has settled the shape of everything before the first singleton, so this
    only splits and labels; the tail (extensions, private use) goes through the same code as
    in :func:`parse`. Not for grandfathered tags.
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
        _parse_tail(p, tokens, 0)
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
        _parse_tail(p, tokens, i)
    return p


def _tokenize(p: Parse) -> list[Token]:
    """Split on '-' (and '_', reported); report empty pieces and bad characters; keep good tokens."""
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
                p.add("whitespace", ERROR, a, b, f"Whitespace ({describe_char(full[a])}) around the tag is not "
                      "part of it; a language tag holds only ASCII letters, digits and '-' (RFC 5646 §2.1).",
                      "Remove the surrounding whitespace", text, ill=True)  # fmt: skip
        start = lead
        text = full[:trail]
        if not text.strip():
            return tokens
    underscore_fix: str | None = None
    pieces = _SEP.split(text[start:]) if "_" in text else text[start:].split("-")
    last = len(pieces) - 1
    for k, piece in enumerate(pieces):
        end = start + len(piece)
        if k < last and text[end] == "_":
            if underscore_fix is None:
                underscore_fix = text.strip().replace("_", "-")
            p.add(
                "underscore-separator", ERROR, end, end + 1,
                "'_' separates subtags in Unicode locale identifiers and POSIX locales, but a language tag uses "
                "only '-' (RFC 5646 §2.1). This tool reads '_' as '-' only to offer the fix.",
                "Replace '_' with '-'", underscore_fix, ill=True,
            )  # fmt: skip
        if not piece:
            _empty_piece(p, k, last, start)
        elif piece.isascii() and piece.isalnum():
            tokens.append((piece, start, end))
        else:
            _bad_piece(p, piece, start)
            p.role((piece, start, end), "invalid")
            tokens.append(("", start, end))  # a placeholder keeps positions; the parse skips it
        start = end + 1
    return tokens


def _empty_piece(p: Parse, k: int, last: int, start: int) -> None:
    text = p.text
    if last == 0:
        return
    if k == 0:
        p.add("empty-subtag", ERROR, start, start + 1, "The tag starts with a separator: there is an empty subtag "
              "before it (RFC 5646 §2.1).", "Remove the leading '-'", lambda: text[:start] + text[start + 1 :],
              ill=True)  # fmt: skip
    elif k == last:
        p.add("empty-subtag", ERROR, start - 1, start, "The tag ends with a separator: a trailing '-' leaves an "
              "empty subtag (RFC 5646 §2.1).", "Remove the trailing '-'", lambda: text[: start - 1] + text[start:],
              ill=True)  # fmt: skip
    else:
        p.add("empty-subtag", ERROR, start - 1, start + 1, "Two separators in a row leave an empty subtag; "
              "subtags are 1 to 8 letters or digits (RFC 5646 §2.1).", "Remove the extra '-'",
              lambda: text[: start - 1] + text[start:], ill=True)  # fmt: skip


def _bad_piece(p: Parse, piece: str, start: int) -> None:
    text = p.text
    shown = piece if len(piece) <= 24 else piece[:20] + "…"
    for m in _BAD_CHAR.finditer(piece):
        ch = m.group()
        pos = start + m.start()
        if ch.isspace():
            p.add("whitespace", ERROR, pos, pos + 1, f"Whitespace ({describe_char(ch)}) is not allowed in a "
                  "language tag; only ASCII letters, digits and '-' are (RFC 5646 §2.1).",
                  "Replace the whitespace with '-'", lambda: re.sub(r"\s+", "-", text.strip()), ill=True)  # fmt: skip
            continue
        folded = ascii_fold(ch) if not ch.isascii() else None
        msg = (f"{describe_char(ch)} in '{shown}' is not an ASCII letter or digit; a language tag uses only "
               "A–Z, a–z, 0–9 and '-' (RFC 5646 §2.1).")  # fmt: skip
        if folded:
            p.add(
                "bad-character",
                ERROR,
                pos,
                pos + 1,
                msg,
                f"Replace '{ch}' with '{folded}'",
                partial(_replace_at, text, pos, folded),
                ill=True,
            )
        else:
            p.add("bad-character", ERROR, pos, pos + 1, msg, ill=True)


def _parse_langtag(p: Parse, tokens: list[Token]) -> None:
    """Parse ``language [-extlang] [-script] [-region] *variant`` then the tail; keep going after errors."""
    text = p.text
    i = 0
    n = len(tokens)
    while i < n and not tokens[i][0]:
        i += 1
    if i == n:
        if p.well_formed:
            p.add("empty-tag", ERROR, 0, len(text), "There is no subtag in the tag (RFC 5646 §2.1).", ill=True)
        p.well_formed = False
        return
    first = tokens[i]
    t = first[0]
    if len(t) == 1:
        if t in "xX":
            _parse_tail(p, tokens, i)
            return
        p.add(
            "missing-language", ERROR, first[1], first[2],
            f"The tag starts with the singleton '{t}', but a tag must start with a language subtag "
            "(or 'x' for a private-use tag) (RFC 5646 §2.1).", ill=True,
        )  # fmt: skip
        _parse_tail(p, tokens, i)
        return
    if t.isalpha() and len(t) <= 8:
        p.language = first
        p.role(first, "language")
    elif len(t) > 8:
        _too_long(p, first, "language")
        p.role(first, "invalid")
    else:
        p.add(
            "bad-language", ERROR, first[1], first[2],
            f"'{t}' cannot be a primary language subtag: that takes 2 to 8 letters, no digits (RFC 5646 §2.2.1).",
            ill=True,
        )  # fmt: skip
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
        kind = _kind(t)
        if kind < 0:
            if len(t) > 8:
                _too_long(p, tok, "subtag")
            else:
                p.add(
                    "bad-subtag", ERROR, tok[1], tok[2],
                    f"'{t}' fits no subtag position: a script is 4 letters, a region 2 letters or 3 digits, a "
                    "variant 5 to 8 letters or digits or a digit and 3 more (RFC 5646 §2.1).", ill=True,
                )  # fmt: skip
            p.role(tok, "invalid")
            i += 1
            continue
        p.role(tok, _KIND_ROLE[kind])
        if kind == EXTLANG:
            if cur <= EXTLANG and (lang_len in (2, 3)):
                if len(p.extlangs) >= 3:
                    p.add(
                        "too-many-extlangs", ERROR, tok[1], tok[2],
                        f"'{t}' would be a fourth extended language subtag; the grammar allows at most three "
                        "(RFC 5646 §2.1, §2.2.2).", "Remove the extra extlang",
                        partial(_drop_span, text, tok[1], tok[2]), ill=True,
                    )  # fmt: skip
                else:
                    p.extlangs.append(tok)
                    cur = EXTLANG
            elif cur == LANG:
                p.add(
                    "misplaced-extlang", ERROR, tok[1], tok[2],
                    f"'{t}' looks like an extended language subtag, but an extlang may only follow a 2- or "
                    "3-letter primary language subtag (RFC 5646 §2.2.2).", ill=True,
                )  # fmt: skip
            else:
                _out_of_order(p, tok, kind, cur)
                reorder = True
        elif kind > cur:
            if kind == SCRIPT:
                p.script = tok
            elif kind == REGION:
                p.region = tok
            else:
                p.variants.append(tok)
            cur = kind
        elif kind == cur == VARIANT:
            p.variants.append(tok)
        elif kind == cur:
            other = p.script if kind == SCRIPT else p.region
            name = _KIND_NAME[kind]
            p.add(
                f"duplicate-{name}", ERROR, tok[1], tok[2],
                f"'{t}' is a second {name} subtag after '{other[0] if other else ''}'; a tag has at most one "
                f"{name} (RFC 5646 {_KIND_SECTION[kind]}).", f"Remove '{t}'", partial(_drop_span, text, tok[1], tok[2]),
                ill=True,
            )  # fmt: skip
        else:
            _out_of_order(p, tok, kind, cur)
            reorder = True
        i += 1
    if reorder:
        _offer_reorder(p, tokens, i)
    _parse_tail(p, tokens, i)


def _too_long(p: Parse, tok: Token, what: str) -> None:
    p.add(
        "subtag-too-long", ERROR, tok[1], tok[2],
        f"The {what} '{tok[0][:20]}{'…' if len(tok[0]) > 20 else ''}' has {len(tok[0])} characters; no subtag may "
        "be longer than 8 (RFC 5646 §2.1).", ill=True,
    )  # fmt: skip


def _out_of_order(p: Parse, tok: Token, kind: int, cur: int) -> None:
    name, before = _KIND_NAME[kind], _KIND_NAME[cur]
    if kind == EXTLANG:
        msg = (f"'{tok[0]}' has the shape of an extended language subtag, which may only come right after the "
               f"primary language, not after the {before} (RFC 5646 §2.1, §2.2.2).")  # fmt: skip
    else:
        msg = (f"'{tok[0]}' is a {name} subtag, and a {name} must come before the {before}: the order is "
               "language-extlang-script-region-variant (RFC 5646 §2.1).")  # fmt: skip
    p.add(f"{name}-after-{before}", ERROR, tok[1], tok[2], msg, ill=True)


def _offer_reorder(p: Parse, tokens: list[Token], stop: int) -> None:
    """Attach a fix that sorts the pre-singleton subtags into grammar order, when that is well defined."""
    pre = [t for t in tokens[:stop] if t[0]]
    if not pre:
        return
    kinds = [LANG] + [_kind(t[0]) for t in pre[1:]]
    if any(k < 0 for k in kinds[1:]):
        return
    for k in (SCRIPT, REGION):
        if kinds.count(k) > 1:
            return
    order = sorted(range(len(pre)), key=lambda j: (kinds[j], j))
    head = "-".join(pre[j][0] for j in order)
    tail = p.text[pre[-1][2] :]
    fixed = head + tail
    label = "Put the subtags in the order language-script-region-variant"
    # The out-of-order diagnostics were just added; give each the fix.
    for idx in range(len(p.diags) - 1, -1, -1):
        code = p.diags[idx][0]
        if "-after-" in code and p.diags[idx][5] is None:
            d = p.diags[idx]
            p.diags[idx] = (d[0], d[1], d[2], d[3], d[4], label, fixed)


def _parse_tail(p: Parse, tokens: list[Token], i: int) -> None:
    """Parse extensions and private use from token *i* on."""
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
                p.add("misplaced-subtag", ERROR, tok[1], tok[2], f"'{t}' is not in a place where the grammar "
                      "allows it: after this point only extensions and private use may follow (RFC 5646 §2.1).",
                      ill=True)  # fmt: skip
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
                p.add(
                    "empty-privateuse", ERROR, tok[1], tok[2],
                    "The private-use singleton 'x' must be followed by at least one subtag of 1 to 8 letters or "
                    "digits (RFC 5646 §2.2.7).", "Remove the dangling 'x'", _drop_span(text, tok[1], tok[2]),
                    ill=True,
                )  # fmt: skip
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
            p.add(
                "empty-extension", ERROR, tok[1], tok[2],
                f"The singleton '{t}' starts an extension but no subtag follows it; an extension needs at least one "
                "subtag of 2 to 8 letters or digits (RFC 5646 §2.2.6).", f"Remove the dangling '{t}'",
                partial(_drop_span, text, tok[1], tok[2]), ill=True,
            )  # fmt: skip
        if s in seen:
            first = seen[s]
            p.add(
                "duplicate-singleton", ERROR, tok[1], tok[2],
                f"The singleton '{t}' appears a second time (first at position {first[1] + 1}); each extension "
                "singleton may appear only once in a tag (RFC 5646 §2.2.6, §2.2.9).",
                f"Merge the two '{s}' extensions", partial(_merge_fix, text, first, tok, body),
            )  # fmt: skip
        else:
            seen[s] = tok
        p.extensions.append(ext)
        i = j


def _merge_fix(text: str, first: Token, dup: Token, body: list[Token]) -> str:
    """Move the subtags of the duplicate extension *dup* to the end of the *first* one's sequence."""
    if not body:
        return _drop_span(text, dup[1], dup[2])
    end = body[-1][2]
    moved = text[dup[2] + 1 : end]
    without = text[: dup[1] - 1] + text[end:]
    # Insert after the first sequence: before the next singleton that follows it.
    m = re.compile(r"-[A-Za-z0-9](?=-|$)").search(without, first[2])
    at = m.start() if m else len(without)
    return without[:at] + "-" + moved + without[at:]


def _parse_u(p: Parse, ext: Extension) -> None:
    """Split a -u- payload into attributes and keywords (RFC 6067 §2.1): later duplicates only warn."""
    attrs = ext.attributes
    keywords = ext.keywords
    seen_attr: set[str] = set()
    seen_key: set[str] = set()
    current: list[Token] | None = None
    for b in ext.subtags:
        t = b[0]
        if len(t) == 2:
            p.subtags.append((b[0], b[1], b[2], "u-key"))
            current = []
            k = t.lower()
            if k in seen_key:
                p.add(
                    "duplicate-u-key", WARNING, b[1], b[2],
                    f"The -u- key '{k}' appears more than once; only its first occurrence counts and this one is "
                    "ignored (RFC 6067 §2.1, UTS #35 §3.6).",
                )  # fmt: skip
            seen_key.add(k)
            keywords.append((b, current))
        elif current is None:
            p.subtags.append((b[0], b[1], b[2], "u-attribute"))
            a = t.lower()
            if a in seen_attr:
                p.add(
                    "duplicate-u-attribute", WARNING, b[1], b[2],
                    f"The -u- attribute '{a}' appears more than once; only its first occurrence counts "
                    "(RFC 6067 §2.1).",
                )  # fmt: skip
            seen_attr.add(a)
            attrs.append(b)
        else:
            p.subtags.append((b[0], b[1], b[2], "u-type"))
            current.append(b)


def _parse_t(p: Parse, ext: Extension) -> None:
    """Split a -t- payload into the source-language tag and fields (RFC 6497 §2.2)."""
    body = ext.subtags
    i = 0
    n = len(body)
    if n and _is_alpha(body[0][0]) and len(body[0][0]) in (2, 3, 5, 6, 7, 8):
        ext.tlang.append((body[0], LANG))
        p.role(body[0], "t-lang")
        cur = LANG
        i = 1
        while i < n:
            b = body[i]
            t = b[0]
            if len(t) == 2 and t[0].isalpha() and t[1].isdigit():
                break
            kind = _kind(t)
            if kind > cur or (kind == cur == VARIANT):
                ext.tlang.append((b, kind))
                p.subtags.append((b[0], b[1], b[2], "t-lang"))
                cur = kind
            else:
                p.subtags.append((b[0], b[1], b[2], "t-lang" if kind >= 0 else "invalid"))
                p.add(
                    "bad-t-lang", ERROR, b[1], b[2],
                    f"'{t}' does not fit the source-language tag of the -t- extension, which is language, then "
                    "optional script, region and variants, in that order (RFC 6497 §2.2).", ill=True,
                )  # fmt: skip
            i += 1
    current: list[Token] | None = None
    seen: set[str] = set()
    keytok: Token | None = None
    while i < n:
        b = body[i]
        t = b[0]
        if len(t) == 2 and t[0].isalpha() and t[1].isdigit():
            if current is not None and not current and keytok is not None:
                _empty_tfield(p, keytok)
            p.subtags.append((b[0], b[1], b[2], "t-key"))
            k = t.lower()
            if k in seen:
                p.add(
                    "duplicate-t-key", WARNING, b[1], b[2],
                    f"The -t- field key '{k}' appears more than once; only its first occurrence counts "
                    "(RFC 6497 §2.2).",
                )  # fmt: skip
            seen.add(k)
            current = []
            keytok = b
            ext.keywords.append((b, current))
        elif current is not None and len(t) >= 3:
            p.subtags.append((b[0], b[1], b[2], "t-value"))
            current.append(b)
        else:
            p.subtags.append((b[0], b[1], b[2], "invalid"))
            p.add(
                "bad-t-subtag", ERROR, b[1], b[2],
                f"'{t}' has no place in the -t- extension: after the optional source language come fields, each a "
                "key of a letter and a digit (such as 'm0') followed by values of 3 to 8 characters (RFC 6497 §2.2).",
                ill=True,
            )  # fmt: skip
        i += 1
    if current is not None and not current and keytok is not None:
        _empty_tfield(p, keytok)


def _empty_tfield(p: Parse, keytok: Token) -> None:
    p.add(
        "empty-t-field", ERROR, keytok[1], keytok[2],
        f"The -t- field key '{keytok[0]}' needs at least one value of 3 to 8 letters or digits (RFC 6497 §2.2).",
        f"Remove '{keytok[0]}'", lambda: _drop_span(p.text, keytok[1], keytok[2]), ill=True,
    )  # fmt: skip
