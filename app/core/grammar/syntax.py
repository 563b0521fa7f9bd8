"""The grammar of language tags in named pieces: the one home of every subtag shape.

RFC 5646 §2.1 (the ABNF is quoted beside each piece), with the extension grammars of
RFC 6067 (``-u-``) and RFC 6497 (``-t-``). The parser (:mod:`.grammar`), the batch fast path
(:mod:`.fastpath`), canonicalization (:mod:`.canonical`), the registry's record checks, tag
composition and the UI all take their shapes from here: the regex pieces, the predicates
compiled from them, :func:`subtag_kind`, the ``-u-``/``-t-`` splitters and :func:`cased`.

>>> bool(WELL_FORMED.fullmatch("sl-IT-rozaj-biske-u-ca-gregory-x-a"))
True
>>> [bool(f(t)) for f, t in ((is_variant, "1901"), (is_variant, "abcd"), (is_region, "419"))]
[True, False, True]
>>> split_u(["foo", "ca", "gregory", "kn"])
(['foo'], [['ca', 'gregory'], ['kn']])
>>> split_t(["de", "latn", "it", "m0", "ungegn"])
(['de', 'latn', 'it'], [], [['m0', 'ungegn']])
>>> cased("script", "LATN"), cased("region", "us"), cased("language", "EN")
('Latn', 'US', 'en')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = [
    "LANGUAGE",
    "REGISTERED_LANGUAGE",
    "EXTLANG",
    "SCRIPT",
    "REGION",
    "VARIANT",
    "SINGLETON",
    "EXTENSION_SUBTAG",
    "PRIVATEUSE_SUBTAG",
    "IRREGULAR",
    "REGULAR",
    "GRANDFATHERED",
    "WELL_FORMED",
    "is_language",
    "is_registered_language",
    "is_extlang",
    "is_script",
    "is_region",
    "is_variant",
    "is_singleton",
    "is_t_key",
    "subtag_kind",
    "LANG",
    "EXTLANG_KIND",
    "SCRIPT_KIND",
    "REGION_KIND",
    "VARIANT_KIND",
    "KIND_NAMES",
    "split_u",
    "split_t",
    "cased",
]

# --------------------------------------------------------------------------- pieces
# language = 2*3ALPHA ["-" extlang] / 4ALPHA / 5*8ALPHA. As a shape: 2 to 8 letters (4 letters
# are reserved for future use, 5 to 8 only once registered: both are the registry's business).
LANGUAGE = r"[A-Za-z]{2,8}"
# What the registry may hold as a language Subtag: 4ALPHA is reserved, never registered.
REGISTERED_LANGUAGE = r"[A-Za-z]{2,3}|[A-Za-z]{5,8}"
# extlang = 3ALPHA *2("-" 3ALPHA); one piece is one 3-letter subtag.
EXTLANG = r"[A-Za-z]{3}"
# script = 4ALPHA
SCRIPT = r"[A-Za-z]{4}"
# region = 2ALPHA / 3DIGIT
REGION = r"[A-Za-z]{2}|[0-9]{3}"
# variant = 5*8alphanum / (DIGIT 3alphanum)
VARIANT = r"[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}"
# singleton = DIGIT / %x41-57 / %x59-5A / %x61-77 / %x79-7A  (any letter but x)
SINGLETON = r"[A-WYZa-wyz0-9]"
# extension = singleton 1*("-" (2*8alphanum))
EXTENSION_SUBTAG = r"[A-Za-z0-9]{2,8}"
# privateuse = "x" 1*("-" (1*8alphanum))
PRIVATEUSE_SUBTAG = r"[A-Za-z0-9]{1,8}"
# RFC 6497 §2.2: a -t- field key (tkey) is a letter and a digit.
T_KEY = r"[A-Za-z][0-9]"

# grandfathered = irregular / regular (RFC 5646 §2.2.8): whole tags, matched as one unit.
IRREGULAR = (
    "en-GB-oed",
    "i-ami",
    "i-bnn",
    "i-default",
    "i-enochian",
    "i-hak",
    "i-klingon",
    "i-lux",
    "i-mingo",
    "i-navajo",
    "i-pwn",
    "i-tao",
    "i-tay",
    "i-tsu",
    "sgn-BE-FR",
    "sgn-BE-NL",
    "sgn-CH-DE",
)
REGULAR = ("art-lojban", "cel-gaulish", "no-bok", "no-nyn", "zh-guoyu", "zh-hakka", "zh-min", "zh-min-nan", "zh-xiang")
# Lowercase grandfathered tag -> its registry spelling.
GRANDFATHERED = {t.lower(): t for t in IRREGULAR + REGULAR}
IRREGULAR_LOWER = tuple(t.lower() for t in IRREGULAR)
IRREGULAR_FIRST = frozenset(t.split("-")[0] for t in IRREGULAR_LOWER)
REGULAR_FIRST = frozenset(t.split("-")[0] for t in REGULAR)

# The whole langtag / privateuse grammar in one pattern (grandfathered tags are looked up whole).
# Extlangs are matched after a language of any length so the engine can send a 4-8 letter
# language with extlangs to the precise parser, which reports it. Group names: lang, ext,
# script, region, var, exts, pu (private use after a langtag), pu2 (a private-use tag).
WELL_FORMED = re.compile(
    rf"(?:(?P<lang>{LANGUAGE})(?P<ext>(?:-{EXTLANG}){{1,3}})?"
    rf"(?:-(?P<script>{SCRIPT}))?"
    rf"(?:-(?P<region>{REGION}))?"
    rf"(?P<var>(?:-(?:{VARIANT}))*)"
    rf"(?P<exts>(?:-{SINGLETON}(?:-{EXTENSION_SUBTAG})+)*)"
    rf"(?:-[xX](?P<pu>(?:-{PRIVATEUSE_SUBTAG})+))?"
    rf"|[xX](?P<pu2>(?:-{PRIVATEUSE_SUBTAG})+))"
)

# ----------------------------------------------------------------------- predicates
# Whole-string tests of one subtag, compiled from the pieces above (ASCII only by construction).
is_language = re.compile(rf"(?:{LANGUAGE})").fullmatch
is_registered_language = re.compile(rf"(?:{REGISTERED_LANGUAGE})").fullmatch
is_extlang = re.compile(rf"(?:{EXTLANG})").fullmatch
is_script = re.compile(rf"(?:{SCRIPT})").fullmatch
is_region = re.compile(rf"(?:{REGION})").fullmatch
is_variant = re.compile(rf"(?:{VARIANT})").fullmatch
is_singleton = re.compile(rf"(?:{SINGLETON}|[xX])").fullmatch


def is_t_key(t: str) -> bool:
    """Tell whether *t* is a -t- field key (:data:`T_KEY`: a letter and a digit).

    A plain test rather than the compiled piece: the fast path runs it on every -t- subtag
    (a test checks it agrees with :data:`T_KEY` on every two-character ASCII string).
    """
    return len(t) == 2 and t[0].isalpha() and t[1].isdigit() and t.isascii()


# Position ranks of the subtags before the first singleton, in grammar order.
LANG, EXTLANG_KIND, SCRIPT_KIND, REGION_KIND, VARIANT_KIND = range(5)
KIND_NAMES = ("language", "extlang", "script", "region", "variant")


def subtag_kind(t: str) -> int:
    """Return the position a subtag after the language fits by shape, or -1 when none fits.

    *t* is already known to be 1 to 8 ASCII letters or digits (the parser's tokens), so this
    tests lengths and classes instead of running the patterns; the result is the first of
    :data:`EXTLANG`, :data:`SCRIPT`, :data:`REGION`, :data:`VARIANT` that *t* matches (a test
    checks the two agree on every shape).

    >>> [KIND_NAMES[subtag_kind(t)] for t in ("yue", "Latn", "US", "419", "1901", "rozaj")]
    ['extlang', 'script', 'region', 'region', 'variant', 'variant']
    >>> subtag_kind("a1")
    -1
    """
    n = len(t)
    if n == 2:
        return REGION_KIND if t.isalpha() else -1
    if n == 3:
        if t.isalpha():
            return EXTLANG_KIND
        return REGION_KIND if t.isdigit() else -1
    if n == 4:
        if t.isalpha():
            return SCRIPT_KIND
        return VARIANT_KIND if t[0].isdigit() else -1
    if 5 <= n <= 8:
        return VARIANT_KIND
    return -1


# ------------------------------------------------------------------------ splitters
def split_u(body: Sequence[str]) -> tuple[list[str], list[list[str]]]:
    """Split the subtags of a ``-u-`` extension into attributes and keywords.

    RFC 6067 §2.1 (with UTS #35 §3.2)::

        u-extension = "u" 1*("-" attribute) *("-" keyword) / "u" 1*("-" keyword)
        attribute   = 3*8alphanum
        keyword     = key *("-" type)
        key         = 2alphanum
        type        = 3*8alphanum

    Return ``(attributes, keywords)``, each keyword a list of its key and then its types, in
    input order (every subtag lands in exactly one place). Only the length of a subtag
    decides; the caller checks the rest. One pass, as the fast path runs it on every tag.
    """
    attrs: list[str] = []
    keywords: list[list[str]] = []
    cur: list[str] | None = None
    for s in body:
        if len(s) == 2:
            cur = [s]
            keywords.append(cur)
        elif cur is None:
            attrs.append(s)
        else:
            cur.append(s)
    return attrs, keywords


def split_t(body: Sequence[str]) -> tuple[list[str], list[str], list[list[str]]]:
    """Split the subtags of a ``-t-`` extension into the source language and fields.

    RFC 6497 §2.2::

        t-extension = "t" ("-" tlang *("-" tfield) / 1*("-" tfield))
        tlang       = language ["-" script] ["-" region] *("-" variant)   ; RFC 5646 rules
        tfield      = tkey 1*("-" tvalue)
        tkey        = ALPHA DIGIT
        tvalue      = 3*8alphanum

    Return ``(tlang, stray, fields)``: the source language's subtags (empty when the first
    subtag cannot start one), the subtags before the first key that belong to nothing (only
    when there is no source language; the caller reports them), and each field as a list of
    its key and then its values, in input order. The subtags are ASCII letters and digits
    (the parser's tokens).
    """
    n = len(body)
    i = 0
    tlang: list[str] = []
    if n and body[0].isalpha() and len(body[0]) in (2, 3, 5, 6, 7, 8):
        tlang.append(body[0])
        i = 1
        # The test of is_t_key, inline: this runs on every -t- subtag of a batch.
        while i < n and not (len(body[i]) == 2 and body[i][0].isalpha() and body[i][1].isdigit()):
            tlang.append(body[i])
            i += 1
    stray: list[str] = []
    fields: list[list[str]] = []
    cur: list[str] | None = None
    for s in body[i:]:
        if len(s) == 2 and s[0].isalpha() and s[1].isdigit():
            cur = [s]
            fields.append(cur)
        elif cur is None:
            stray.append(s)
        else:
            cur.append(s)
    return tlang, stray, fields


# ------------------------------------------------------------------------------ case
def cased(kind: str, code: str) -> str:
    """Return *code* in the RFC 5646 §2.1.1 case for a subtag of *kind* before the first singleton.

    Scripts are Titlecase, regions UPPERCASE, everything else lowercase (also every subtag from
    the first singleton on: give those any other *kind*). ASCII only, so locale-neutral.
    """
    if kind == "script":
        return code[:1].upper() + code[1:].lower()
    if kind == "region":
        return code.upper()
    return code.lower()
