"""The batch fast path: the canonical form of a valid tag from one regex match and a few dict lookups.

A tag that matches :data:`.syntax.WELL_FORMED` and whose subtags are all registered (a
Preferred-Value is applied by lookup, no duplicates, ``-u-`` keys and types CLDR lists) gets
``valid`` and ``canonical`` without the precise parser; its diagnostics come from
:mod:`.quickadvice`. Anything else returns None and takes
the precise path; a test pins that both paths agree on every input. A tag's extensions are walked
once (:class:`ExtensionWalk`) for the canonical form here and for the quick advice's roles.

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

import re
from _weakref import ref as weak_ref  # the weakref module's ref, without the module (start-up)

from ..cldr.rules import U_KEY
from ..grammar.parser import Parse, parse, parse_well_formed
from ..grammar.syntax import (
    GRANDFATHERED,
    KIND_NAMES,
    REGION_KIND,
    REGULAR_FIRST,
    SCRIPT_KIND,
    WELL_FORMED,
    cased,
    split_t,
    split_u,
    subtag_kind,
)
from ..grammar.values import Severity
from ..text.static import cast
from .advice import Advisor
from .tables import Tables

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

    from ..cldr.values import KeywordProblem
    from ..registry.model import Record

__all__ = ["FAST_MAX", "ExtensionWalk", "FastPath", "extension_walk", "parse_match", "quick_parse"]

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

    __slots__ = ("_redundant_text", "advisor", "cldr", "lang_to", "redundant", "region_to", "script_to", "tables",
                 "variant_to", "walk", "walker")  # fmt: skip

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
        self.cldr = advisor.cldr
        # The extensions' walk, shared with the quick advice (the one's walk of a tag serves the other).
        walker = extension_walk(advisor) if tables is advisor.tables else ExtensionWalk(tables, advisor)
        self.walker = walker
        self.walk = walker.walk
        # Registered subtag (lowercase) -> what the canonical form writes for it: its Preferred-Value
        # or itself, in conventional case (no Preferred-Value in the registry holds more than one subtag).
        # (The keys are lowercase already: a subtag without a Preferred-Value maps to its key, no new string.)
        self.lang_to = {k: r.preferred_value.lower() if r.preferred_value else k for k, r in tables.lang.items()}
        self.script_to = {k: cased("script", r.preferred_value or k) for k, r in tables.script.items()}
        self.region_to = {k: cased("region", r.preferred_value or k) for k, r in tables.region.items()}
        self.variant_to = {k: r.preferred_value.lower() if r.preferred_value else k for k, r in tables.variant.items()}

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
            tail = self.walk(exts)[0]
            if tail is None:
                return None
            out += tail
        if pu is not None:
            out += "-x" + pu.lower()
        return out


def _in_range(table: Mapping[str, Record], low: str, usual: str) -> str | None:
    """Return *usual* (the subtag in its conventional case) when *low* lies in one of *table*'s private-use ranges.

    The ``*_to`` tables hold the registered codes, not the ranges' members (``qaa..qtz`` and the like,
    none of which has a Preferred-Value); a :class:`.registry.ranges.RangeTable` answers for those.
    """
    rec = table.get(low)
    return usual if rec is not None and rec.preferred_value is None else None


# What a tag's extensions as written (from the first '-') give (:meth:`ExtensionWalk.walk`): their canonical form
# (None: the precise path), the roles of their subtags when they draw no diagnostic but CLDR's warnings and notes
# on keywords and fields (None: the precise path), and those keywords and fields, each as (singleton, index of its
# key among the subtags after the first '-', its length).
Walked = tuple[str | None, tuple[str, ...] | None, tuple[tuple[str, int, int], ...]]
_REFUSED: Walked = (None, None, ())
# What a -u- keyword or -t- field draws: nothing, CLDR's warnings and notes only, more (the precise path).
QUIET, LOUD, PRECISE = 1, 2, 3
# A -u- keyword or -t- field as written: its key (lowercase), its canonical text (None: the fast path refuses
# it), what it draws, and the roles of its subtags.
_Field = tuple[str, str | None, int, tuple[str, ...]]
# Past this many entries a memo starts again (an input of random case could otherwise grow it without bound).
_MAX_REMEMBERED = 50_000
_is_u_key = re.compile(U_KEY).fullmatch


class ExtensionWalk:
    """Walk the -u-/-t- extensions of a regex-matched tag once for the fast path and the quick advice.

    The fast path needs their canonical form (:meth:`FastPath.match`), the quick advice the roles of
    their subtags and whether they draw a diagnostic (:meth:`.quickadvice.QuickAdvice.extension_roles`):
    both from one split, with what each keyword, field and ``-t-`` source language as written gives
    worked out once. What the extensions as written give is remembered too (a tag checked again, or
    another head with the same extensions). The walk is shared by the fast path and the quick advice
    of one engine (:func:`extension_walk`), so the one's walk serves the other.

    >>> from bcp47_explorer.core.data import bundled_engine
    >>> walk = bundled_engine().fast_path.walk
    >>> walk("-U-nu-Latn-ca-gregory-t-ja-m0-ungegn")[:2]
    ('-t-ja-m0-ungegn-u-ca-gregory-nu-latn', ('singleton', 'u-key', 'u-type', 'u-key', 'u-type', 'singleton', \
't-language', 't-key', 't-value'))
    >>> walk("-u-kh-false"), walk("-u-ca-gregorian")
    (('-u-kh-false', ('singleton', 'u-key', 'u-type'), (('u', 1, 2),)), (None, None, ()))
    """

    __slots__ = ("__weakref__", "_fields", "_roles_ok", "_tlangs", "_walked", "cldr", "extensions", "t_keys",
                 "tables", "u_keys")  # fmt: skip

    def __init__(self, tables: Tables, advisor: Advisor) -> None:
        self.tables = tables
        self.extensions = ext = advisor.extensions
        cldr = self.cldr = advisor.cldr
        self.u_keys = dict(cldr.u_keys) if cldr is not None else {}
        self.t_keys = dict(cldr.t_keys) if cldr is not None else {}
        self._roles_ok = ext.cldr is not None  # without CLDR every extension takes the precise path's checks
        self._walked: dict[str, Walked] = {}
        self._fields: dict[tuple[str, ...], _Field] = {}  # keyword or field as written, singleton first
        # A -t- source language as written -> its canonical text and its roles (either None: the precise path).
        self._tlangs: dict[tuple[str, ...], tuple[str | None, tuple[str, ...] | None]] = {}

    def walk(self, exts: str) -> Walked:
        """Return what the extensions *exts* as written (from the first '-') give (see :data:`Walked`)."""
        got = self._walked.get(exts)
        if got is None:
            got = self._walk(exts)
            _remember(self._walked, exts, got)
        return got

    def _walk(self, exts: str) -> Walked:
        toks = exts[1:].split("-")
        n = len(toks)
        # The fast path's canonical form, as FastPath.match writes it: the sequences by singleton, each in order.
        pieces: list[tuple[str, str]] | None = []
        roles: list[str] | None = [] if self._roles_ok else None
        loud: list[tuple[str, int, int]] = []
        registered = self.extensions.registered
        seen = ""
        i = 0
        while i < n:
            s = toks[i].lower()
            if s in seen:
                return _REFUSED  # a repeated singleton
            seen += s
            j = i + 1
            while j < n and len(toks[j]) != 1:
                j += 1
            if s == "u" or s == "t":
                if roles is not None:
                    if s in registered:
                        roles.append("singleton")
                    else:
                        roles = None
                text, quiet = (self._u if s == "u" else self._t)(toks, i + 1, j, roles, loud)
                if not quiet:
                    roles = None
                if text is not None:
                    text = f"-{s}-{text}"
            else:
                roles = None  # an extension no registry lists, or one the quick advice does not read
                text = "-" + "-".join(toks[i:j]).lower()
            if text is None:
                pieces = None
            elif pieces is not None:
                pieces.append((s, text))
            if pieces is None and roles is None:
                return _REFUSED
            i = j
        if pieces is None:
            tail = None
        elif len(pieces) == 1:
            tail = pieces[0][1]
        else:
            pieces.sort()
            tail = "".join([p[1] for p in pieces])
        if roles is None:
            return (tail, None, ())
        return (tail, tuple(roles), tuple(loud))

    def _u(
        self, toks: list[str], start: int, stop: int, roles: list[str] | None, loud: list[tuple[str, int, int]]
    ) -> tuple[str | None, bool]:
        """Walk the ``-u-`` body *toks[start:stop]*: its canonical text (None: refused) and whether the roles hold.

        Its roles are added to *roles* (when not None), its keywords with CLDR's warnings or notes to *loud*.
        """
        attrs, kws = split_u(toks[start:stop])
        parts: list[str] = []
        if attrs:
            parts = [a.lower() for a in attrs]
            if len(parts) > 1:
                if len(set(parts)) != len(parts):
                    return None, False  # a repeated attribute
                parts.sort()
            if roles is not None:
                roles += ["u-attribute"] * len(attrs)
        walked = self._keys("u", kws, start + len(attrs), roles, loud)
        if walked is None:
            return None, False  # a repeated key
        keys, ok, quiet = walked
        if not ok:
            return None, quiet
        for _k, text in keys:
            parts.append(text)  # type: ignore[arg-type]
        return "-".join(parts), quiet

    def _keys(
        self, kind: str, kws: list[list[str]], at: int, roles: list[str] | None, loud: list[tuple[str, int, int]]
    ) -> tuple[list[tuple[str, str | None]], bool, bool] | None:
        """Walk the ``-u-`` keywords or ``-t-`` fields *kws* (*kind* 'u' or 't'), the first at token *at*.

        Return their (key, canonical text) sorted by key, whether every one is valid, and whether none needs the
        precise path; None when a key comes twice. Roles and warnings are added as :meth:`_u` says.
        """
        keys: list[tuple[str, str | None]] = []
        ok = quiet = True
        memo = self._fields
        learn = self._learn_u if kind == "u" else self._learn_t
        for kw in kws:
            f = memo.get((kind, *kw))
            if f is None:
                f = learn(kw)
            key, text, level, kw_roles = f
            for k in keys:
                if k[0] == key:
                    return None
            keys.append((key, text))
            if text is None:
                ok = False
            if level != QUIET:
                if level == PRECISE:
                    quiet = False
                else:
                    loud.append((kind, at, len(kw)))
            if roles is not None:
                roles += kw_roles
            at += len(kw)
        if len(keys) > 1:
            keys.sort()
        return keys, ok, quiet

    def _t(
        self, toks: list[str], start: int, stop: int, roles: list[str] | None, loud: list[tuple[str, int, int]]
    ) -> tuple[str | None, bool]:
        """Walk the ``-t-`` body *toks[start:stop]*, as :meth:`_u` walks a ``-u-`` one."""
        tlang, stray, fields = split_t(toks[start:stop])
        if stray:
            return None, False
        head: str | None = ""
        quiet = True
        if tlang:
            written = tuple(tlang)
            got = self._tlangs.get(written)
            if got is None:
                got = self._learn_tlang(tlang)
                _remember(self._tlangs, written, got)
            head, tlang_roles = got
            if tlang_roles is None:
                quiet = False
            elif roles is not None:
                roles += tlang_roles
        walked = self._keys("t", fields, start + len(tlang), roles, loud)
        if walked is None:
            return None, False  # a repeated key
        keys, ok, fields_quiet = walked
        quiet = quiet and fields_quiet
        if head is None or not ok:
            return None, quiet
        parts = [head] if head else []
        for _k, text in keys:
            parts.append(text)  # type: ignore[arg-type]
        return ("-".join(parts) if parts else None), quiet

    def _learn_u(self, kw: list[str]) -> _Field:
        """Learn and remember what the ``-u-`` keyword *kw* as written gives (see :data:`_Field`)."""
        low = [x.lower() for x in kw]
        k = low[0]
        text: str | None = "-".join(low)
        cldr = self.cldr
        ext = self.extensions
        if cldr is not None:
            key = self.u_keys.get(k)
            size = len(low)
            if key is None:
                text = None
            elif not (
                (size == 2 and low[1] in key.types)
                or (size == 1 and "true" in key.types)
                or (size == 2 and ext.keyword_quiet("u", k, low[1]))
            ):
                tables = self.tables
                probs = cldr.check_u_keyword(k, low[1:], is_script=tables.is_script, is_region=tables.is_region)
                if any(p.severity == "error" for p in probs):
                    text = None
        values = kw[1:]
        level = PRECISE
        if not self._roles_ok:
            pass
        elif k in ("sd", "rg") or not _is_u_key(k):
            pass  # UTS #35 weighs sd and rg against the tag (its region), and a key must be a ukey
        elif len(values) < 2 and ext.keyword_quiet("u", k, values[0].lower() if values else ""):
            level = QUIET
        else:
            level = _loudness(ext.keyword_findings("u", k, values))
        got = (k, text, level, ("u-key", *["u-type"] * len(values)))
        _remember(self._fields, ("u", *kw), got)
        return got

    def _learn_t(self, kw: list[str]) -> _Field:
        """Learn and remember what the ``-t-`` field *kw* as written gives (see :data:`_Field`)."""
        low = [x.lower() for x in kw]
        k = low[0]
        values = kw[1:]
        text: str | None = None
        level = PRECISE
        if values and not any(len(v) < 3 for v in values):  # a field needs a value, each of 3 to 8 characters
            text = "-".join(low)
            cldr = self.cldr
            if cldr is not None:
                key = self.t_keys.get(k)
                if key is None or (
                    not (len(low) == 2 and low[1] in key.types)
                    and any(p.severity == "error" for p in cldr.check_t_field(k, low[1:]))
                ):
                    text = None
            if self._roles_ok:
                ext = self.extensions
                if len(values) == 1 and ext.keyword_quiet("t", k, values[0].lower()):
                    level = QUIET
                else:
                    level = _loudness(ext.keyword_findings("t", k, values))
        got = (k, text, level, ("t-key", *["t-value"] * len(values)))
        _remember(self._fields, ("t", *kw), got)
        return got

    def _learn_tlang(self, tlang: list[str]) -> tuple[str | None, tuple[str, ...] | None]:
        """Return the canonical text of the ``-t-`` source language *tlang* as written and its roles (None: refused).

        The fast path takes a plain language[-script][-region] of subtags without a Preferred-Value, the quick
        advice one of registered subtags; anything else (an extlang, a variant) is the precise path's.
        """
        t = self.tables
        low = [x.lower() for x in tlang]
        head: str | None = None
        if low[0] in t.lang_ok:
            i = 1
            n = len(low)
            if i < n and subtag_kind(low[i]) == SCRIPT_KIND and low[i] in t.script_ok:
                i += 1
            if i < n and subtag_kind(low[i]) == REGION_KIND and low[i] in t.region_ok:
                i += 1
            if i == n:
                head = "-".join(low)
        roles: list[str] | None = None
        by_type = t.by_type
        if low[0] in by_type["language"]:
            roles = ["t-language"]
            cur = 0
            for sub in low[1:]:
                kind = subtag_kind(sub)
                if kind <= cur or (kind != SCRIPT_KIND and kind != REGION_KIND) or sub not in by_type[KIND_NAMES[kind]]:
                    roles = None  # an extlang, a variant, a subtag out of order or unknown: the precise path
                    break
                roles.append("t-script" if kind == SCRIPT_KIND else "t-region")
                cur = kind
        return head, (tuple(roles) if roles is not None else None)


def extension_walk(advisor: Advisor) -> ExtensionWalk:
    """Return the :class:`ExtensionWalk` of *advisor* (one per extension advisor: the fast path's and the advice's).

    The extension advisor holds its walk weakly (the walk holds the advisor): the walk lives as long as the fast
    path and the quick advice that use it, and an engine let go takes its walk and memos with it.
    """
    extensions = advisor.extensions
    kept = extensions.walk_ref
    got = kept() if kept is not None else None
    if got is None:
        got = ExtensionWalk(advisor.tables, advisor)
        extensions.walk_ref = weak_ref(got)
    return cast(ExtensionWalk, got)


def _loudness(findings: Sequence[KeywordProblem]) -> int:
    """Return QUIET for no findings, LOUD for warnings and notes only, PRECISE when one is an error."""
    if not findings:
        return QUIET
    return PRECISE if any(f.severity is Severity.ERROR for f in findings) else LOUD


def _remember(memo: dict[Any, Any], key: Any, value: Any) -> None:
    if len(memo) >= _MAX_REMEMBERED:
        memo.clear()
    memo[key] = value
