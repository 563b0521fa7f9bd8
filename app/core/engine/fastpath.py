"""The batch fast path: the canonical form of a valid tag from one regex match and a few dict lookups.

A tag that matches :data:`.syntax.WELL_FORMED` and whose subtags are all registered (a
Preferred-Value is applied by lookup, no duplicates, ``-u-`` keys and types CLDR lists) gets
``valid`` and ``canonical`` without the precise parser; its diagnostics come from
:mod:`.quickadvice`. Anything else returns None and takes
the precise path; a test pins that both paths agree on every input.

>>> from bcp47_explorer.core.data import bundled_cldr, bundled_registry
>>> from bcp47_explorer.core.engine.tables import Tables
>>> t = Tables(bundled_registry())
>>> from bcp47_explorer.core.engine.advice import Advisor
>>> fast = FastPath(t, {}, Advisor(t, "", bundled_cldr(), frozenset("tu")))
>>> fast.canonical("EN-latn-us-u-nu-latn-ca-gregory"), fast.canonical("iw-BU"), fast.canonical("en-JJ")
('en-Latn-US-u-ca-gregory-nu-latn', 'he-MM', None)
>>> [s[3] for s in quick_parse("en-Latn-US").subtags]
['language', 'script', 'region']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..grammar.parser import Parse, parse, parse_well_formed
from ..grammar.syntax import (
    GRANDFATHERED,
    REGION_KIND,
    REGULAR_FIRST,
    SCRIPT_KIND,
    WELL_FORMED,
    cased,
    split_t,
    split_u,
    subtag_kind,
)
from .advice import Advisor
from .tables import Tables

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ..registry.model import Record

__all__ = ["FAST_MAX", "FastPath", "quick_parse", "parse_match"]

# Longer inputs go straight to the linear parser; no real tag comes close.
FAST_MAX = 256

_match = WELL_FORMED.fullmatch


def parse_match(text: str, groups: tuple[str | None, ...]) -> Parse:
    """Parse *text* from the groups of its :data:`.syntax.WELL_FORMED` match (a langtag, not grandfathered)."""
    _lang, ext, script, region, var = groups[:5]
    return parse_well_formed(
        text, ext.count("-") if ext else 0, script is not None, region is not None, var.count("-") if var else 0
    )


def quick_parse(text: str) -> Parse:
    """Parse *text*: from the regex match when it is a well-formed langtag, else precisely.

    The result equals :func:`.grammar.parse` with the subtags in input order (a test pins it).
    """
    if len(text) <= FAST_MAX:
        m = _match(text)
        if m is not None:
            g = m.groups()
            lang, ext = g[0], g[1]
            ok = lang is None or not (ext and len(lang) > 3)
            if ok and lang is not None and lang.lower() in REGULAR_FIRST:
                ok = text.lower() not in GRANDFATHERED
            if ok:
                return parse_match(text, g)
    p = parse(text)
    if len(p.subtags) > 1:
        p.subtags.sort(key=_start)
    return p


def _start(s: tuple[str, int, int, str]) -> int:
    return s[1]


class FastPath:
    """Find the canonical form of valid tags for one registry and CLDR.

    Subtags with a Preferred-Value are replaced here as RFC 5646 §4.5 step 3 replaces them (one
    subtag for one, the extlang together with the language), so a tag whose only trouble is
    advice (deprecated subtags, Prefix, Suppress-Script, ...) stays on the fast path too.
    """

    __slots__ = ("_redundant_text", "advisor", "cldr", "lang_to", "redundant", "region_to", "script_to", "t_keys",
                 "tables", "u_keys", "variant_to")  # fmt: skip

    def __init__(
        self, tables: Tables, redundant: dict[str, list[tuple[tuple[str, ...], Record]]], advisor: Advisor
    ) -> None:
        self.tables = tables
        self.redundant = redundant  # the redundant tags that need a whole-tag step (see Canonicalizer)
        # Per first subtag, those tags whole and with a '-' after them: one look-up and one startswith
        # per tag, not a join per redundant tag ('sgn' has 19, and sign languages are written sgn-xxx).
        self._redundant_text: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {}
        for first, reds in redundant.items():
            whole = ["-".join(subtags) for subtags, _rec in reds]
            self._redundant_text[first] = (frozenset(whole), tuple(w + "-" for w in whole))
        self.advisor = advisor
        cldr = self.cldr = advisor.cldr
        self.u_keys = dict(cldr.u_keys) if cldr is not None else {}
        self.t_keys = dict(cldr.t_keys) if cldr is not None else {}
        # Registered subtag (lowercase) -> what the canonical form writes for it: its Preferred-Value
        # or itself, in conventional case (no Preferred-Value in the registry holds more than one subtag).
        self.lang_to = {k: (r.preferred_value or k).lower() for k, r in tables.lang.items()}
        self.script_to = {k: cased("script", r.preferred_value or k) for k, r in tables.script.items()}
        self.region_to = {k: cased("region", r.preferred_value or k) for k, r in tables.region.items()}
        self.variant_to = {k: (r.preferred_value or k).lower() for k, r in tables.variant.items()}

    def canonical(self, text: str) -> str | None:
        """Return the canonical form of *text* when it is a clean, valid tag, else None.

        >>> from bcp47_explorer.core.engine.tag import TagEngine
        >>> from bcp47_explorer.core.data import bundled_engine
        >>> bundled_engine().fast_path.canonical("de-DE-1901")
        'de-DE-1901'
        """
        if len(text) > FAST_MAX:
            return None
        m = _match(text)
        return self.match(text, m.groups()) if m is not None else None

    def match(self, text: str, g: tuple[str | None, ...]) -> str | None:
        """Return the canonical form of a valid tag from its regex groups *g*, or None to take the precise path."""
        lang, ext, script, region, var, exts, pu, pu2 = g
        t = self.tables
        if lang is None:
            return "x" + pu2.lower()  # type: ignore[union-attr]
        low = lang.lower()
        out = self.lang_to.get(low)
        if out is None:
            out = _in_range(t.lang, low, low)  # qaa..qtz
            if out is None:
                return None
        if low in t.grandfathered_first:  # a grandfathered tag is looked up whole (a redundant one is a langtag)
            whole = t.tags.get(text.lower())
            if whole is not None and whole.type == "grandfathered":
                return None
        reds = self._redundant_text.get(low)
        if reds is not None:
            ltext = text.lower()
            if ltext in reds[0] or ltext.startswith(reds[1]):
                return None
        if ext is not None:
            # One extlang, replaced with its Preferred-Value together with the language.
            e = ext[1:].lower()
            if "-" in e or len(low) > 3:
                return None
            erec = t.extlang.get(e)
            if erec is None or erec.preferred_value is None:
                return None
            out = erec.preferred_value.lower()
        if script is not None:
            s = self.script_to.get(script.lower())
            if s is None:
                s = _in_range(t.script, script.lower(), cased("script", script))  # Qaaa..Qabx
                if s is None:
                    return None
            out += "-" + s
        if region is not None:
            s = self.region_to.get(region.lower())
            if s is None:
                s = _in_range(t.region, region.lower(), region.upper())  # QM..QZ, XA..XZ
                if s is None:
                    return None
            out += "-" + s
        if var:
            parts = var[1:].lower().split("-")
            if len(parts) > 1 and len(set(parts)) != len(parts):
                return None
            to = self.variant_to
            done = []
            for v in parts:
                s = to.get(v)
                if s is None:
                    return None
                done.append(s)
            if len(done) > 1 and len(set(done)) != len(done):
                return None  # a Preferred-Value repeats a variant (heploc after alalc97): the precise path says so
            out += "-" + "-".join(done)
        if exts:
            tail = self._exts(exts)
            if tail is None:
                return None
            out += tail
        if pu is not None:
            out += "-x" + pu.lower()
        return out

    def _exts(self, exts: str) -> str | None:
        seqs: list[list[str]] = []
        cur: list[str] = []
        seen = ""
        for s in exts[1:].lower().split("-"):
            if len(s) == 1:
                if s in seen:
                    return None
                seen += s
                cur = [s]
                seqs.append(cur)
            else:
                cur.append(s)
        if len(seqs) > 1:
            seqs.sort()
        out = ""
        for seq in seqs:
            if seq[0] == "u":
                u = self._u(seq[1:])
                if u is None:
                    return None
                out += "-u-" + u
            elif seq[0] == "t":
                tt = self._t(seq[1:])
                if tt is None:
                    return None
                out += "-t-" + tt
            else:
                out += "-" + "-".join(seq)
        return out

    def _u(self, body: list[str]) -> str | None:
        """Return the canonical -u- body of a clean -u- sequence, or None to take the precise path."""
        attrs, kws = split_u(body)
        if len(attrs) > 1:
            if len(set(attrs)) != len(attrs):
                return None
            attrs.sort()
        if len(kws) > 1:
            if len({k[0] for k in kws}) != len(kws):
                return None
            kws.sort()
        cldr = self.cldr
        if cldr is not None:
            keys = self.u_keys
            quiet = self.advisor.extensions.keyword_quiet
            tables = self.tables
            for kw in kws:
                key = keys.get(kw[0])
                if key is None:
                    return None
                size = len(kw)
                if size == 2 and kw[1] in key.types:
                    continue
                if size == 1 and "true" in key.types:
                    continue
                if size == 2 and quiet("u", kw[0], kw[1]):
                    continue
                for prob in cldr.check_u_keyword(kw[0], kw[1:], is_script=tables.is_script, is_region=tables.is_region):
                    if prob.severity == "error":
                        return None
        parts = attrs
        for kw in kws:
            parts.extend(kw)
        return "-".join(parts)

    def _t(self, body: list[str]) -> str | None:
        """Return the canonical -t- body of a clean -t- sequence, or None to take the precise path."""
        t = self.tables
        tlang, stray, vals = split_t(body)
        if stray:
            return None
        head = ""
        if tlang:
            # A plain source language (language[-script][-region]) of clean subtags; anything else is rare.
            if tlang[0] not in t.lang_ok:
                return None
            head = tlang[0]
            n = len(tlang)
            i = 1
            if i < n and subtag_kind(tlang[i]) == SCRIPT_KIND:
                if tlang[i] not in t.script_ok:
                    return None
                head += "-" + tlang[i]
                i += 1
            if i < n and subtag_kind(tlang[i]) == REGION_KIND:
                if tlang[i] not in t.region_ok:
                    return None
                head += "-" + tlang[i]
                i += 1
            if i < n:
                return None
        if len(vals) > 1:
            if len({f[0] for f in vals}) != len(vals):
                return None
            vals.sort()
        cldr = self.cldr
        keys = self.t_keys
        parts = [head] if head else []
        for f in vals:
            if len(f) < 2:
                return None
            for v in f[1:]:
                if len(v) < 3:
                    return None
            if cldr is not None:
                key = keys.get(f[0])
                if key is None:
                    return None
                if not (len(f) == 2 and f[1] in key.types):
                    for prob in cldr.check_t_field(f[0], f[1:]):
                        if prob.severity == "error":
                            return None
            parts.append("-".join(f))
        return "-".join(parts) if parts else None


def _in_range(table: Mapping[str, Record], low: str, usual: str) -> str | None:
    """Return *usual* (the subtag in its conventional case) when *low* lies in one of *table*'s private-use ranges.

    The ``*_to`` tables hold the registered codes, not the ranges' members (``qaa..qtz`` and the like,
    none of which has a Preferred-Value); a :class:`.registry.ranges.RangeTable` answers for those.
    """
    rec = table.get(low)
    return usual if rec is not None and rec.preferred_value is None else None
