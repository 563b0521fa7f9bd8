"""The advice on a tag the fast path matched, from per-subtag diagnostics worked out once per engine.

Whether a registered subtag draws advice (deprecated, macrolanguage member, private use, ...)
and how that advice is worded depends only on its record and on how it is written. So
:class:`QuickAdvice` runs :meth:`.advice.Advisor.advise_record` once per subtag as written, on
the bare subtag, and keeps the diagnostics it gave; a tag then gets them moved to the
subtag's place. What depends on more than one subtag (an extlang's Prefix, Suppress-Script, a
variant's Prefix, the conventional case, fixes to the canonical form) is worked out here per
tag, in the order :meth:`.advice.Advisor.validate_head` gives it, so the diagnostics are the
same values in the same order as the precise path's. Anything unusual (an unknown subtag, two
extlangs, a duplicate variant, a tag starting like a grandfathered one) returns None and takes
the precise path. A differential test compares both paths over a large generated corpus.

>>> from bcp47_explorer.core.grammar.syntax import WELL_FORMED
>>> from bcp47_explorer.core.data import bundled_engine
>>> q = bundled_engine().quick_advice
>>> q.analysis("cmn-TW", WELL_FORMED.fullmatch("cmn-TW").groups(), "cmn-TW").diagnostics[0].code
'macrolanguage-member'
>>> text = "iw-Latn-IL"
>>> [(d.code, d.start, d.end, d.fix.tag) for d in q.head(text, WELL_FORMED.fullmatch(text).groups(), "he-Latn-IL")]
[('deprecated', 0, 2, 'he-Latn-IL')]
"""

from __future__ import annotations

from collections.abc import Callable

from ..grammar import diagnostics as M
from ..grammar.parser import MAX_DIAGNOSTICS, Parse, drop_span
from ..grammar.quoting import excerpt
from ..grammar.syntax import REGULAR, REGULAR_FIRST, cased
from ..grammar.values import Diagnostic, Severity
from ..text.catalogue import forget_on_language_change
from .advice import CASE_EXCERPT as _CASE_EXCERPT
from .advice import Advisor
from .canonical import Canonicalizer
from .fastpath import extension_walk, parse_match
from .results import Analysis, diagnostic_order

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from ..registry.model import Record

__all__ = ["QuickAdvice", "QuietAnalysis"]

# One piece of advice on a bare subtag: code, severity, the message for the subtag in its usual
# case, the message with _MARK where the subtag goes, section, and its fix: how (0 none, 1 the
# canonical form, 2 a whole tag to which the tag's extensions and private use are added), the
# label (with _MARK) and the tag; then the subtag in its usual case, and the diagnostics without a
# fix made so far for the usual spelling, by start (at most one per place, so bounded).
if TYPE_CHECKING:  # an annotation only: no typing at run time
    _Entry = tuple[str, Any, str, str, str, int, str, str, str, dict[int, Diagnostic]]
# Stands for the subtag in the messages worked out once (no tag holds it: it is not ASCII).
_MARK = "\x00"

# Past this many spellings the memory of (language, script) pairs and variants starts again (an
# input of random case could otherwise grow it without bound).
_MAX_REMEMBERED = 50_000

_make = M.make_diagnostic
_SUPPRESS = M.SUPPRESS_SCRIPT
_CASE = M.LETTER_CASE
_PREFIX = M.EXTLANG_PREFIX
_UEXTLANG = M.UNICODE_EXTLANG
_fix = M.make_fix


class QuickAdvice:
    """Give the head diagnostics of regex-matched tags for one :class:`.advice.Advisor`."""

    __slots__ = (
        "__weakref__",
        "_case",
        "_known",
        "_langs",
        "_pairs",
        "_regions",
        "_scripts",
        "_walk",
        "advisor",
        "canonicalizer",
        "tables",
        "weigh_fixes",
    )

    def __init__(
        self, advisor: Advisor, canonicalizer: Canonicalizer, weigh_fixes: Callable[[Parse], None] | None = None
    ) -> None:
        self.advisor = advisor
        self.canonicalizer = canonicalizer
        self.weigh_fixes = weigh_fixes  # drops fixes that leave the input no better (the engine's rule)
        self.tables = advisor.tables
        # What the extensions of a tag as written give: the fast path's walk (one per advisor: it shares it).
        self._walk = extension_walk(advisor).walk
        self._forget()
        forget_on_language_change(self, QuickAdvice._forget)  # the advice kept is worded

    def _forget(self) -> None:
        """Start the memory of worded advice afresh."""
        # kind -> subtag (lowercase) -> (its record, the advice on it alone); unknown subtags are not kept
        self._known: dict[str, dict[str, tuple[Record, tuple[_Entry, ...]]]] = {
            k: {} for k in ("language", "extlang", "script", "region", "variant")
        }
        self._langs, self._scripts, self._regions = (self._known[k] for k in ("language", "script", "region"))
        # (language, script) as written -> (message, fix label) of their suppress-script warning; and
        # (code, language, extlang) as written -> those of an extlang's prefix-mismatch or unicode-extlang
        self._pairs: dict[tuple[str, ...], tuple[str, str]] = {}
        # The letter-case note's wording around the fixed tag, and its fix label.
        self._case = (*M.LETTER_CASE.around("fixed"), M.LETTER_CASE.label())

    def learn(self, kind: str, code: str) -> tuple[Record, tuple[_Entry, ...]] | None:
        """Return the record of the subtag *code* (lowercase) of *kind* and the advice it draws alone.

        None when the registry does not hold it. The advice is what
        :meth:`.advice.Advisor.advise_record` gives the bare subtag, worked out once per subtag,
        with the subtag's place in the messages marked so any spelling can be put in.
        """
        known = self._known[kind]
        got = known.get(code)
        if got is not None:
            return got
        rec = self.tables.by_type[kind].get(code)
        if rec is None:
            return None
        out: list[_Entry] = []
        if not self.advisor.record_is_quiet(rec, kind, code):
            # The special languages ('und', ...) are told by their code; their messages never quote it.
            mark = code if code in M.SPECIAL else _MARK
            probe = Parse(mark)
            self.advisor.advise_record(probe, (mark, 0, len(mark)), rec, kind)
            canonical = dict(probe.canonical_fixes)
            usual = cased(kind, code)
            for i, d in enumerate(probe.diags):
                how, label, tag = 0, "", ""
                if i in canonical:
                    how, label = 1, canonical[i]
                elif d.fix is not None:  # the registry's preferred tag; the tag's tail is added to it
                    how, label, tag = 2, d.fix.label, d.fix.tag
                m = d.message
                out.append((d.code, d.severity, m.replace(_MARK, usual), m, d.section, how, label, tag, usual, {}))
        got = known[code] = (rec, tuple(out))
        return got

    def analysis(self, text: str, g: tuple[str | None, ...], canonical: str) -> Analysis | None:
        """Return the analysis of a tag the fast path settled (*g*: its regex groups), or None for the precise path.

        Without extensions the parse is left to be made on first read; the extensions' checks
        read it, so with extensions it is made here.
        """
        if not g[5]:
            diags = self.langtag_diagnostics(text, g, canonical)
            if diags is None:
                return None
            return Analysis(self.canonicalizer, None, True, canonical, None, (text, g, diags))
        if g[1] is None:
            quiet = self.extension_diagnostics(text, g, canonical)
            if quiet is not None:  # the parse is made on first read, as without extensions
                return QuietAnalysis(self.canonicalizer, None, True, canonical, None, (text, g, quiet[0]))
        out = self.head(text, g, canonical)
        if out is None:
            return None
        p = parse_match(text, g)
        if len(p.diags) + len(out) >= MAX_DIAGNOSTICS - 1:
            return None
        p.diags += out
        self.advisor.extensions.validate(p)
        if p.truncated or len(p.diags) >= MAX_DIAGNOSTICS:
            return None
        if canonical != text:
            case = self.case_note(text, g)
            if case is not None:
                p.diags.append(case)
        if self.weigh_fixes is not None:
            self.weigh_fixes(p)  # the CLDR checks' fixes, as the precise path weighs them
        valid = not any(d.severity is Severity.ERROR for d in p.diags)
        return Analysis(self.canonicalizer, p, valid, canonical)

    def extension_diagnostics(
        self, text: str, g: tuple[str | None, ...], canonical: str
    ) -> tuple[tuple[Diagnostic, ...], tuple[str, ...]] | None:
        """Return the diagnostics of a tag with extensions the fast path settled, when its extensions draw only
        CLDR's warnings or notes on keywords and fields, with the roles of the extensions' subtags; else None.

        :meth:`extension_roles` tells such extensions. The diagnostics are what the precise path
        gives, in its order: the head's (:meth:`head`), CLDR's findings on the keywords and fields
        (:meth:`.advice.ExtensionAdvisor.keyword_findings`, made into diagnostics as
        ``validate`` makes them), the case note; their fixes weighed (``weigh_fixes``): a tag
        whose fix would be dropped takes the precise path (none is known: such fixes give valid tags).
        None: the precise path (anything else the extensions draw, an error, a fix weighed away).
        """
        exts = g[5]
        if not exts:
            return None
        _tail, roles, loud = self._walk(exts)  # the fast path's walk of them: remembered
        if roles is None:
            return None
        out = self.head(text, g, canonical)
        if out is None or len(out) >= MAX_DIAGNOSTICS - 1:
            return None
        if loud:
            pu = g[6]
            at = len(text) - len(exts) - (len(pu) + 2 if pu is not None else 0) + 1  # where the first singleton is
            out = self._findings(Parse(text), out, exts, at, loud)
            if out is None:
                return None
        self._add_case_note(out, text, g, canonical)
        if out:
            error = Severity.ERROR
            if any(d.severity is error for d in out):
                return None
            if self.weigh_fixes is not None and any(d.fix is not None for d in out):
                probe = Parse(text)
                probe.diags = list(out)
                self.weigh_fixes(probe)
                if any(a is not b for a, b in zip(probe.diags, out, strict=True)):
                    return None
        return (tuple(out) if len(out) < 2 else tuple(sorted(out, key=diagnostic_order))), roles

    def _findings(
        self, p: Parse, out: list[Diagnostic], exts: str, at: int, loud: Sequence[tuple[str, int, int]]
    ) -> list[Diagnostic] | None:
        """Add CLDR's findings on the *loud* keywords of *exts* (written at *at*) to *out* after the head's, or None.

        Each of *loud* is a singleton, the index of a keyword's key among the subtags of *exts* and the
        keyword's length. *p* is a bare parse of the tag: ``validate``'s way of making them reads its text.
        """
        toks = exts[1:].split("-")
        starts = [at]
        for t in toks:
            starts.append(starts[-1] + len(t) + 1)
        ext = self.advisor.extensions
        p.diags = out
        for singleton, i, size in loud:
            kw = toks[i : i + size]
            key = (kw[0], starts[i], starts[i] + len(kw[0]))
            values = [(v, starts[i + j], starts[i + j] + len(v)) for j, v in enumerate(kw[1:], 1)]
            ext.add_problems(p, ext.keyword_findings(singleton, kw[0].lower(), kw[1:]), key, values)
        if p.truncated or len(p.diags) >= MAX_DIAGNOSTICS:
            return None
        return p.diags

    def extension_roles(self, exts: str | None, loud: list[tuple[str, int, int]] | None = None) -> list[str] | None:
        """Return the roles of the subtags of *exts* (the extensions as written, from the first '-') when they draw
        no diagnostic, else None.

        No diagnostic of the parse (a repeated singleton, attribute, key or field, a stray or short
        ``-t-`` subtag), of the extensions' checks (an unregistered singleton, CLDR's findings on a
        keyword or field) or of the Unicode verdict (UTS #35: a ``-u-`` key that is no ukey, ``sd``
        and ``rg``, which it weighs against the region, a repeated ``-t-`` variant): only ``-u-``
        and ``-t-``, with a ``-t-`` source language of language, script and region the registry
        holds. Given *loud*, keywords and fields on which CLDR has only warnings and notes are
        taken too and listed there (singleton, index of the key in *exts*, length of the keyword).
        From :meth:`.fastpath.ExtensionWalk.walk`, which the fast path shares.
        """
        if not exts:
            return None
        _tail, roles, listed = self._walk(exts)
        if roles is None:
            return None
        if listed:
            if loud is None:
                return None
            loud += listed
        return list(roles)

    def langtag_diagnostics(
        self, text: str, g: tuple[str | None, ...], canonical: str
    ) -> tuple[Diagnostic, ...] | None:
        """Return the diagnostics, in order, of a tag without extensions the fast path settled, or None.

        What :meth:`analysis` gives such a tag (it is valid), without the analysis around them;
        None: take the precise path.
        """
        out = self.head(text, g, canonical)
        if out is None:
            return None
        self._add_case_note(out, text, g, canonical)
        return tuple(out) if len(out) < 2 else tuple(sorted(out, key=diagnostic_order))

    def _add_case_note(self, out: list[Diagnostic], text: str, g: tuple[str | None, ...], canonical: str) -> None:
        """Append to *out* the letter case note on *text* (its regex groups *g*), when it is not in *canonical* case."""
        if canonical != text:
            case = self.case_note(text, g)
            if case is not None:
                out.append(case)

    def head(self, text: str, g: tuple[str | None, ...], canonical: str) -> list[Diagnostic] | None:
        """Return the diagnostics of the subtags before the first singleton, or None for the precise path.

        *g* are the groups of the :data:`.syntax.WELL_FORMED` match of *text* and *canonical* its
        canonical form (from the fast path): what ``validate_head`` adds, in its order.
        """
        lang, ext, script, region, var, exts, pu, _pu2 = g
        if lang is None:  # a private-use tag
            return [M.PRIVATE_USE_TAG.make(0, len(text))]
        low = lang.lower()
        got = self._langs.get(low) or self.learn("language", low)
        if got is None or (low in REGULAR_FIRST and _grandfathered_start(text)):
            return None
        lrec, entries = got
        out: list[Diagnostic] = []
        fix_to = canonical if canonical != text else None
        # The extensions and private use as written, which a preferred-tag fix keeps.
        tail = text[len(text) - len(exts or "") - (len(pu) + 2 if pu is not None else 0) :] if exts or pu else ""
        if entries:
            _put(out, entries, lang, 0, fix_to, tail)
        pos = len(lang) + 1  # where the next subtag starts
        if ext is not None:
            code = ext[1:]
            elow = code.lower()
            if pos > 4 or "-" in code:
                return None
            got = self._known["extlang"].get(elow) or self.learn("extlang", elow)
            if got is None:
                return None
            rec, entries = got
            prefix = self.tables.extlang_prefix.get(elow)
            if prefix is not None and prefix != low:
                message, label = self._worded_pair(M.EXTLANG_PREFIX, lang, code, rec, prefix=prefix)
                fix = _fix(label, prefix + text[len(lang) :])
                out.append(_make("prefix-mismatch", _PREFIX.severity, pos, pos + 3, message, fix, _PREFIX.section))
            if entries:
                _put(out, entries, code, pos, fix_to, tail)
            pos += 4
        if script is not None:
            slow = script.lower()
            got = self._scripts.get(slow) or self.learn("script", slow)
            if got is None:
                return None
            if got[1]:
                _put(out, got[1], script, pos, fix_to, tail)
            sup = lrec.suppress_script
            if sup is not None and ext is None and sup.lower() == slow:
                message, label = self._suppress(lang, script, lrec)
                fix = _fix(label, drop_span(text, pos, pos + 4))
                out.append(_make("suppress-script", _SUPPRESS.severity, pos, pos + 4, message, fix, _SUPPRESS.section))
            pos += 5
        if region is not None:
            rlow = region.lower()
            got = self._regions.get(rlow) or self.learn("region", rlow)
            if got is None:
                return None
            if got[1]:
                _put(out, got[1], region, pos, fix_to, tail)
            pos += len(region) + 1
        if var and not self._variants(out, var, pos - 1, g, fix_to, tail):
            return None
        return out

    def case_note(self, text: str, g: tuple[str | None, ...]) -> Diagnostic | None:
        """Return the letter-case note on a matched langtag or private-use tag, None when its case is conventional."""
        lang, ext, script, region = g[:4]
        if lang is None:
            fixed = text.lower()
        else:
            fixed = lang.lower() + (ext.lower() if ext else "")
            if script is not None:
                fixed += "-" + cased("script", script)
            if region is not None:
                fixed += "-" + region.upper()
            fixed += text[len(fixed) :].lower()
        if fixed == text:
            return None
        head, tail, label = self._case
        message = head + excerpt(fixed, width=_CASE_EXCERPT) + tail  # what LETTER_CASE.make words
        return _make("letter-case", _CASE.severity, 0, len(text), message, _fix(label, fixed), _CASE.section)

    def _variants(
        self, out: list[Diagnostic], var: str, pos: int, g: tuple[str | None, ...], fix_to: str | None, tail: str
    ) -> bool:
        """Add the advice on the variants (*var* as matched, starting at *pos*); False: take the precise path."""
        lang, ext, script, region = g[:4]
        assert lang is not None
        before = [lang.lower()]
        if ext is not None:
            before.append(ext[1:].lower())
        if script is not None:
            before.append(script.lower())
        if region is not None:
            before.append(region.lower())
        prefixes_of = self.tables.variant_prefixes
        known = self._known["variant"]
        seen: set[str] = set()
        codes = var[1:].split("-")
        for code in codes:
            start = pos + 1
            pos = start + len(code)
            vlow = code.lower()
            got = known.get(vlow) or self.learn("variant", vlow)
            if got is None or vlow in seen:
                return False  # unknown, or a duplicate variant
            seen.add(vlow)
            _rec, entries = got
            if entries:
                _put(out, entries, code, start, fix_to, tail)
            prefixes = prefixes_of.get(vlow, ())
            if prefixes and not any(_subsequence(pre, before) for pre in prefixes):
                if len(codes) > 1:
                    # The precise path decides between the plain Prefix warning and the reorder fix (placement rules).
                    return False
                # One variant: no order of the variants can meet its Prefix, so the plain warning (the precise
                # path's, without a fix): what most tags with a misplaced variant get.
                rec = _rec
                args = {"code": code, "description": rec.descriptions[0],
                        "prefixes": " or ".join(f"'{x}'" for x in rec.prefixes)}  # fmt: skip
                out.append(M.VARIANT_PREFIX.make_of(start, pos, None, args))
            before.append(vlow)
        return True

    def unicode_extlang(self, text: str, g: tuple[str | None, ...], rec: Record) -> Diagnostic:
        """Return UTS #35's finding on the one extlang of a tag the fast path settled (what ``verdict_of`` adds).

        *rec* is the extlang's record (its Preferred-Value replaces the language and extlang).
        """
        lang, ext = g[0], g[1]
        assert lang is not None and ext is not None and rec.preferred_value is not None
        start = len(lang) + 1
        end = start + len(ext) - 1
        preferred = rec.preferred_value.lower()
        message, label = self._worded_pair(M.UNICODE_EXTLANG, lang, ext[1:], rec, preferred=preferred, pair=text[:end])
        fix = _fix(label, preferred + text[end:])
        return _make("unicode-extlang", _UEXTLANG.severity, start, end, message, fix, _UEXTLANG.section)

    def _worded_pair(self, what: M.Message, lang: str, code: str, rec: Record, **args: str) -> tuple[str, str]:
        """Return the message and fix label of *what* on the language and extlang *lang*-*code* as written.

        Remembered per pair: they depend on the two subtags alone (*args* are made from them).
        """
        key = (what.code, lang, code)
        got = self._pairs.get(key)
        if got is None:
            args.update(code=code, description=rec.description, language=lang)
            got = (what.text_of(args), what.label(**args))
            if len(self._pairs) >= _MAX_REMEMBERED:
                self._pairs.clear()
            self._pairs[key] = got
        return got

    def _suppress(self, lang: str, script: str, lrec: Record) -> tuple[str, str]:
        key = (lang, script)
        got = self._pairs.get(key)
        if got is None:
            args = {"code": script, "language": lang, "description": lrec.descriptions[0],
                    "script": lrec.suppress_script}  # fmt: skip
            got = (M.SUPPRESS_SCRIPT.text_of(args), M.SUPPRESS_SCRIPT.label(**args))
            if len(self._pairs) >= _MAX_REMEMBERED:
                self._pairs.clear()
            self._pairs[key] = got
        return got


class QuietAnalysis(Analysis):
    """The analysis of a valid tag without extlang whose extensions draw no diagnostic (its parse made on first read).

    Such a tag is a valid Unicode locale identifier too (:meth:`QuickAdvice.extension_roles` lists
    what UTS #35 would find): :func:`.unicode_validity.verdict_of` says so without the parse.
    """

    __slots__ = ()


def _put(out: list[Diagnostic], entries: tuple[_Entry, ...], code: str, at: int, fix_to: str | None, tail: str) -> None:
    """Append the advice *entries* on the subtag *code* written at *at*."""
    for c, sev, message, marked, section, how, label, tag, usual, ready in entries:
        if how == 0 and code == usual:
            # Without a fix the diagnostic depends only on the subtag and its place: made once per place.
            d = ready.get(at)
            if d is None:
                d = ready[at] = _make(c, sev, at, at + len(code), message, None, section)
            out.append(d)
            continue
        if code != usual:
            message = marked.replace(_MARK, code)
        if how == 0:
            fix = None
        else:
            label = label.replace(_MARK, code)
            fix = _fix(label, tag + tail) if how == 2 else (_fix(label, fix_to) if fix_to is not None else None)
        out.append(_make(c, sev, at, at + len(code), message, fix, section))


# The regular grandfathered tags lowercase, each with the '-' that would follow it in a longer tag.
_REGULAR_STARTS = tuple(g.lower() + "-" for g in REGULAR)


def _grandfathered_start(text: str) -> bool:
    """Tell whether *text* starts with a regular grandfathered tag and a '-' (advice the precise path gives)."""
    return text.lower().startswith(_REGULAR_STARTS)


def _subsequence(needle: tuple[str, ...], hay: list[str]) -> bool:
    """Tell whether every item of *needle* appears in *hay* in the same order."""
    it = iter(hay)
    return all(any(h == n for h in it) for n in needle)
