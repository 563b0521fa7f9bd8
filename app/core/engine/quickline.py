"""The ``bcp47 check --json`` line of a plain valid tag, written straight from its regex groups.

Most tags of a column are a language (at most with one extlang) with a script, a region or one
variant, and most of their
advice is on one subtag alone. :class:`QuickLine` keeps, per subtag as written and per place
(bounded memos, worked out on first sight), everything such a tag's line needs from it: its
canonical spelling, its conventional spelling, the JSON of its entry in ``subtags``, and the JSON
of the diagnostics it draws alone (from :class:`.quickadvice.QuickAdvice`, as
:meth:`.quickadvice.QuickAdvice.head` would place them) with the fix each offers. A tag's line is
then joined from those texts: no parse, no :class:`.values.Diagnostic` per tag, no sort beyond a
stable one by severity. What depends on more than one subtag (Suppress-Script, a variant's Prefix,
the letter case note) is added here in :meth:`.quickadvice.QuickAdvice.langtag_diagnostics`'s order;
an extlang's Prefix and UTS #35's finding on it are kept with the language and extlang as written.
The diagnostics' JSON is kept encoded: ``bcp47 check --json`` writes a line's bytes as joined.

Such a tag may have ``-u-``/``-t-`` extensions (and private use after them) that draw nothing: their
canonical form and the roles of their subtags come from the fast path's walk of them
(:class:`.fastpath.ExtensionWalk`, remembered per keyword and field as written); so do CLDR's warnings and notes
on a keyword or field (the JSON of its findings kept per keyword as written, placed anew: :meth:`_loud_diags`).
A tag with extensions whose line would offer a fix (which the quick path of :mod:`.checkjson` weighs) is left to
that path. Anything else (an extlang with extensions, private use alone, two
variants, a tag that is or begins like a grandfathered or redundant tag, an unknown subtag) gives None:
the caller takes the quick path of :mod:`.checkjson`, or the precise one. The memos hold worded text and
are forgotten when the language of the messages changes. A test compares the lines with the other paths'
over large corpora.

>>> from bcp47_explorer.core.data import bundled_engine
>>> from bcp47_explorer.core.grammar.syntax import WELL_FORMED
>>> from bcp47_explorer.core.engine.checkjson import quick_line
>>> line, canonical = quick_line(bundled_engine()).line("iw-IL", WELL_FORMED.fullmatch("iw-IL").groups())
>>> canonical, line[line.index(b'"fix"') :]
('he-IL', b'"fix":"he-IL"')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from operator import itemgetter

from ..grammar import diagnostics as M
from ..grammar.parser import MAX_DIAGNOSTICS, Parse, drop_span
from ..grammar.quoting import excerpt, json_string
from ..grammar.syntax import REGULAR, REGULAR_FIRST, cased
from ..grammar.values import Diagnostic, Severity
from ..text.catalogue import forget_on_language_change
from .advice import CASE_EXCERPT
from .fastpath import FAST_MAX, LOUD, QUIET, FastPath, _in_range
from .quickadvice import _MARK, QuickAdvice, _subsequence
from .results import diagnostic_order

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    from typing import Any

__all__ = ["QuickLine"]

_CANONICAL, _DROP, _FIXED = object(), object(), object()  # the fixes a kept diagnostic may name (see _Diag)
_rank = itemgetter(0)

if TYPE_CHECKING:  # the shapes of what is kept: annotations only (no typing at run time)
    # One diagnostic of a line: its severity's rank (the order diagnostics are listed in), its JSON, and
    # its fix: None, _CANONICAL (the tag's canonical form, when that differs from the tag), _DROP (the tag
    # without its script: Suppress-Script), _FIXED (the tag in conventional case) or the fixed tag itself.
    _Diag = tuple[int, bytes, Any]
    # A subtag as written at its place: its canonical spelling, its conventional one (both with the '-'
    # before it but for the language), whether it is written so, its JSON in ``subtags``, its own
    # diagnostics, and lowercase.
    _Piece = tuple[str, str, bool, str, tuple[_Diag, ...], str]
    # The language (with its extlang, when it has one) adds: the extlang form's prefix ('zh-' for 'yue',
    # else ''), its Suppress-Script (lowercase) or '', whether it begins a grandfathered or
    # redundant tag (then the tags it begins and their beginnings, looked up whole: :meth:`QuickLine._whole_of`;
    # else None), how many of its
    # diagnostics are the language's own (the letter case note comes after them), UTS #35's finding on the
    # extlang (None without one), the subtags lowercase (a variant's Prefix is looked for after them), and
    # whether its diagnostics are in the order they are listed in.
    # A fix may also be (text, n): that text and the tag from n on.
    _Lang = tuple[str, str, bool, str, tuple[_Diag, ...], str, str, str, "_Whole | None", int, _Diag | None,
                  tuple[str, ...], bool]  # fmt: skip
    # The tags a language begins that take the precise path (lowercase), and the beginnings that send a tag there.
    _Whole = tuple[frozenset[str], tuple[str, ...]]
    # A diagnostic whose message quotes the language as written: its rank and the pieces of its JSON that the
    # language joins (QuickLine._marked).
    # An extlang as written at its place: its Preferred-Value, its code lowercase, its Prefix (or None), its own
    # diagnostics, its entry in "subtags", and UTS #35's finding on it (marked). The Prefix warning (marked) is kept
    # apart, worded when a language other than the Prefix comes first (QuickLine._mismatch).
    _Marked = tuple[int, tuple[bytes, ...]]
    _Extlang = tuple[str, str, str | None, tuple[_Diag, ...], str, _Marked]
    # A variant adds its Prefixes (lowercase subtags), the Prefix warning when none is met, and the Prefixes'
    # first subtags.
    _Variant = tuple[
        str, str, bool, str, tuple[_Diag, ...], str, tuple[tuple[str, ...], ...], _Diag | None, tuple[str, ...]
    ]

# The kept tuples hold strings, bytes, numbers and other such tuples only, never an object the garbage
# collector follows (a record, a dict): it stops tracking them, so a memo of thousands costs it nothing.

# Past this many spellings a memo starts again (an input of random case could otherwise grow it without bound).
_MAX_REMEMBERED = 50_000

_make = M.make_diagnostic
_ERROR = Severity.ERROR
# A severity's rank in the order diagnostics are listed in (diagnostic_order's first item: it depends on nothing else).
_RANK = {sev: diagnostic_order(Diagnostic("rank", sev, 0, 0, ""))[0] for sev in Severity}
_ERROR_RANK = _RANK[_ERROR]
# The string encoder json.dumps applies to a str (ensure_ascii=False): checkjson's quote.
_quote: Callable[[str], str] = json_string
# The mark for the language in a message worded once per extlang, as JSON writes it (a control character: escaped).
_MARK_JSON = _quote(_MARK)[1:-1].encode()


# A -u- keyword, -t- field or -t- source language as written, for the extensions' own lane (QuickLine._extensions):
# its key (lowercase, between '-': '' for a source language), its canonical text, its entries in "subtags" as a
# %-format whose numbers are the offsets of its subtags' starts and ends from the '-' before it, its key as added
# to the keys seen, its length with the '-' before it, and CLDR's warnings and notes on it (_KwDiag, by severity's
# rank then start; () for a quiet one).
# A finding on a loud keyword: its severity's rank, its start and end as offsets from the '-' before the keyword,
# and its JSON before the start's number and after the end's ('"start":' ... ',"end":' between them is written).
_KwDiag = tuple[int, int, int, str, str]
_Kw = tuple[str, str, str, tuple[int, ...], str, int, tuple[_KwDiag, ...]]
# The extensions as written cut before each subtag of one or two characters (''  first): a singleton (with the
# subtags of three or more characters after it: -u- attributes, the start of a -t- source language), a -u- keyword
# (RFC 6067: a key is the one -u- subtag of two), a -t- field (RFC 6497: tkey = ALPHA DIGIT) or a two-letter
# subtag of a -t- source language (with its longer subtags). The regex matched them: every subtag is 1 to 8
# letters and digits, a singleton is never last.
# (Compiled on first need: a run without extensions does without.)
_CUT = r"-(?=[0-9A-Za-z]{1,2}(?:-|\Z))"


def tail_subtags_json(tag: str, pos: int, exts: str, pu: str | None, roles: Sequence[str]) -> str:
    """Return the entries in ``subtags`` of the extensions *exts* and private use *pu* of *tag* (regex groups).

    *pos*: where the '-' before the first singleton is; *roles*: the extensions' subtags' roles
    (:meth:`.fastpath.ExtensionWalk.walk`). Each entry starts with a comma (it follows the head's).
    """
    out = ""
    if exts:
        for t, role in zip(exts[1:].split("-"), roles, strict=True):
            end = pos + 1 + len(t)
            out += f',{{"text":"{t}","start":{pos + 1},"end":{end},"role":"{role}"}}'
            pos = end
    if pu is not None:  # the singleton x as written, then the private-use subtags
        out += f',{{"text":"{tag[pos + 1]}","start":{pos + 1},"end":{pos + 2},"role":"singleton"}}'
        pos += 2
        for v in pu[1:].split("-"):
            end = pos + 1 + len(v)
            out += f',{{"text":"{v}","start":{pos + 1},"end":{end},"role":"privateuse"}}'
            pos = end
    return out


class QuickLine:
    """Write the ``check --json`` line of plain valid tags for one engine's fast path and quick advice."""

    __slots__ = ("__weakref__", "_advice", "_at", "_case", "_cores", "_cut", "_extlangs", "_fast", "_json_of",
                 "_kept", "_lane", "_langs", "_mismatches", "_pairs", "_tkws", "_tlangs", "_ukws", "_walk", "_walker",
                 "_whole_first", "_wholes")  # fmt: skip

    def __init__(self, fast: FastPath, advice: QuickAdvice, json_of: Callable[[Diagnostic], str]) -> None:
        self._fast = fast
        self._walk = fast.walk  # the extensions' walk (shared with the fast path and the quick advice)
        self._walker = walker = fast.walker
        # The extensions' own lane (_extensions) needs the quick advice's roles, which need CLDR and -u-, -t- listed.
        self._cut: Callable[[str], list[str]] | None = None  # _CUT's split
        self._lane = walker._roles_ok and {"u", "t"} <= walker.extensions.registered
        # -t- source languages as written -> what the lane needs of them (_Kw; () when it leaves them to the walk).
        # No worded text: kept across languages of the messages (the keywords' memos are _forget's).
        self._tlangs: dict[str, _Kw | tuple[()]] = {}
        self._advice = advice
        self._json_of = json_of  # the JSON of one diagnostic in a line (checkjson's, so the text is its)
        # The languages that begin a grandfathered or redundant tag (their tags are looked at whole: _whole).
        self._whole_first = fast.tables.grandfathered_first | REGULAR_FIRST | frozenset(fast._redundant_text)
        self._wholes: dict[str, _Whole] = {}  # of those languages (lowercase), worked out on first sight
        self._forget()
        forget_on_language_change(self, QuickLine._forget)  # the texts kept are worded

    def _forget(self) -> None:
        """Start the memories of worded text afresh."""
        # Subtag as written (and its place) -> what a line needs of it; a subtag that sends its tags
        # another way is not kept (rare: what that way costs dwarfs a second look).
        self._langs: dict[str, _Lang] = {}
        # The scripts, regions and variants by place (the start of the subtag), then as written: its
        # shape tells which it is. One count bounds them all.
        self._at: list[dict[str, Any]] = [{} for _ in range(FAST_MAX + 2)]
        self._kept = 0
        self._pairs: dict[tuple[str, str], _Diag] = {}  # (language, script) as written -> their Suppress-Script warning
        self._cores: dict[str, tuple[str, str, bool, str, bool]] = {}  # script or region as written -> _learn's
        self._extlangs: dict[tuple[str, int], _Extlang] = {}  # (extlang as written, its start) -> what a line needs
        self._mismatches: dict[tuple[str, int], _Marked] = {}  # the same -> its Prefix warning
        self._case: tuple[int, bytes, bytes, bytes] | None = None
        # -u- keywords and -t- fields as written -> what the lane needs of them (_Kw; () when it leaves them to the
        # walk): CLDR's warnings and notes on a loud one are worded.
        self._ukws: dict[str, _Kw | tuple[()]] = {}
        self._tkws: dict[str, _Kw | tuple[()]] = {}

    def line(self, tag: str, g: tuple[str | None, ...], end: bytes = b"") -> tuple[bytes, str] | None:
        """Return the line of *tag* (*g*: its :data:`.syntax.WELL_FORMED` groups) in UTF-8, and its canonical form.

        The line stops before ``plausibility`` (and the closing brace), where *end* is added; None: this
        tag takes another way.
        The diagnostics' JSON is kept encoded (the messages are most of a line and hold non-ASCII
        characters, which the encoder takes one by one); the rest of a line is ASCII (the regex matched
        ASCII letters, digits and '-'), whose encoding is a copy.
        """
        lang, ext, script, region, var, exts, pu, _pu = g
        if lang is None:
            return None
        tail = xj = xc = ""  # the extensions and private use as written, their entries in "subtags", canonical
        found = None  # CLDR's warnings and notes on the extensions' keywords and fields (_extensions)
        if exts or pu is not None:
            if ext is not None:
                return None  # an extlang and extensions or private use: the quick path of checkjson
            at = len(tag) - (len(pu) + 2 if pu is not None else 0)  # where private use starts (or the end)
            if not exts:  # private use alone: its subtags draw nothing, in either standard
                exts, xcanonical, xj = "", "", ""
            else:
                got = self._extensions(exts, at - len(exts)) if self._lane else None
                if got is not None:
                    xcanonical, xj, found = got
                else:
                    walked, roles, loud = self._walk(exts)
                    if walked is None or roles is None or loud:
                        return None  # the precise path, or CLDR's warnings on a keyword: the quick path of checkjson
                    xcanonical = walked
                    xj = tail_subtags_json(tag, at - len(exts), exts, None, roles)
            tail = tag[at - len(exts) :]
            if pu is not None:
                xj += tail_subtags_json(tag, at, "", pu, ())
            xc = xcanonical + ("-x" + pu.lower() if pu is not None else "")
        if ext is None:
            at = len(lang) + 1
            lp = self._langs.get(lang)
            if lp is None:
                lp = self._learn_lang(lang, lang, None)
                if lp is None:
                    return None
        else:
            at = len(lang) + len(ext) + 1
            head = tag[: at - 1]
            lp = self._langs.get(head)
            if lp is None:
                lp = self._learn_lang(head, lang, ext)
                if lp is None:
                    return None
        canonical, _fixed, conventional, subtags, diags, _low, xprefix, suppress, whole, _f, uext, _b, _o = lp
        if whole is not None:  # a language that begins a grandfathered or redundant tag: is this one of them?
            ltext = tag.lower()
            if ltext in whole[0] or ltext.startswith(whole[1]):
                return None
        sp = rp = vp = None
        sj = rj = vj = ""  # their entries in "subtags"
        if script is not None:
            sp = self._at[at].get(script)
            if sp is None:
                sp = self._learn("script", script, at)
                if sp is None:
                    return None
            canonical += sp[0]
            sj = sp[3]
            if not sp[2]:
                conventional = False
            if sp[4]:
                diags += sp[4]
            if suppress == sp[5]:
                diags += (self._pairs.get((lang, script)) or self._suppress(lang, script, lp),)
            at += 5
        if region is not None:
            rp = self._at[at].get(region)
            if rp is None:
                rp = self._learn("region", region, at)
                if rp is None:
                    return None
            canonical += rp[0]
            rj = rp[3]
            if not rp[2]:
                conventional = False
            if rp[4]:
                diags += rp[4]
            at += len(region) + 1
        if var:
            code = var[1:]
            if "-" in code:
                return None  # two variants or more: the quick path of checkjson (their order matters)
            vp = self._at[at].get(code)
            if vp is None:
                vp = self._learn_variant(code, at)
                if vp is None:
                    return None
            canonical += vp[0]
            vj = vp[3]
            if not vp[2]:
                conventional = False
            if vp[4]:
                diags += vp[4]
            if vp[
                6
            ]:  # a Prefix's subtags are a subsequence of those before: its first is one of them (else none is met)
                firsts = vp[8]
                if not (
                    lp[5] in firsts
                    or (ext is not None and lp[11][1] in firsts)
                    or (sp is not None and sp[5] in firsts)
                    or (rp is not None and rp[5] in firsts)
                ) or not self._prefix_met(vp[6], lp, sp, rp):
                    diags += (vp[7],)  # type: ignore[operator]
        if tail:
            canonical += xc
            if not tail.islower():
                conventional = False
            if found:
                # After the head's: every one starts in the extensions, so the stable sort by severity below lists
                # them as the quick path's sort by severity and start does (each keyword's are so kept).
                diags += tuple(found)
                if len(diags) >= MAX_DIAGNOSTICS - 2:
                    return None  # near the parse's bound (never so in practice): the quick path tells
        fixed = ""
        if not conventional:  # the letter case note: at 0, after the language's own advice
            fixed = lp[1] + (sp[1] if sp else "") + (rp[1] if rp else "") + (vp[1] if vp else "") + tail.lower()
            first = lp[9]
            diags = (*diags[:first], self._case_note(tag, fixed), *diags[first:])
        out: Sequence[_Diag] = diags
        if len(diags) > 1 and (diags is not lp[4] or not lp[12]):
            out = sorted(diags, key=_rank)  # by severity; each severity's stay by start, in the order they came
        if uext is not None:  # UTS #35's finding on the extlang comes after RFC 5646's diagnostics
            out = (*out, uext)
        uv = "true" if uext is None else "false"
        head = f'{{"input":"{tag}","well_formed":true,"valid":true,"unicode_valid":{uv},"canonical":"{canonical}",' \
            f'"extlang_form":"{xprefix}{canonical}","subtags":[{subtags}{sj}{rj}{vj}{xj}],"diagnostics":['  # fmt: skip
        if not out:
            return b"".join((head.encode(), b'],"fix":null', end)), canonical
        fix = "null"
        for _rank_of, _json, f in out:
            if f is None:
                continue
            if f is _CANONICAL:
                if canonical == tag:
                    continue
                fix = f'"{canonical}"'
            elif f is _DROP:
                fix = f'"{drop_span(tag, len(lang) + 1, len(lang) + 5)}"'
            elif f is _FIXED:
                fix = f'"{fixed}"'
            elif type(f) is tuple:
                fix = f'"{f[0]}{tag[f[1] :]}"'
            else:
                fix = f'"{f}"'
            break
        if tail and (fix != "null" or any(d[0] == _ERROR_RANK for d in out)):
            return None  # with extensions, a fix is weighed (and an error is the precise path's): checkjson's way
        if len(out) == 1:
            return b"".join((head.encode(), out[0][1], b'],"fix":', fix.encode(), end)), canonical
        if len(out) == 2:
            return b"".join((head.encode(), out[0][1], b",", out[1][1], b'],"fix":', fix.encode(), end)), canonical
        listed = b",".join([d[1] for d in out])
        return b"".join((head.encode(), listed, b'],"fix":', fix.encode(), end)), canonical

    def _extensions(self, exts: str, at: int) -> tuple[str, str, list[_Diag]] | None:
        """Return the canonical form of the extensions *exts* (written from *at*), their entries in ``subtags`` and
        CLDR's warnings and notes on them (in keyword order, each keyword's by severity, then start), when they are
        -u- keywords and -t- source language and fields that draw nothing or only such findings, none with a fix;
        None: ask the walk.

        What :meth:`.fastpath.ExtensionWalk.walk` and :func:`tail_subtags_json` give such extensions, from one
        regex split and one look-up per keyword (its text and entries kept, the numbers put in): most
        extensions of a column are new combinations of keywords already seen, which the walk takes apart
        token by token. Anything else (attributes, another singleton, a repeat, a keyword CLDR has a word on)
        is left to the walk, which tells it.
        """
        cut = self._cut
        if cut is None:
            cut = self._cut = re.compile(_CUT).split
        pieces = cut(exts)
        n = len(pieces)
        out = ""
        sections: list[str] = []
        seen = ""
        found: list[_Diag] = []
        i = 1
        while i < n:
            s = pieces[i]
            low = s[0].lower()
            if low in seen:
                return None  # a repeated singleton
            seen += low
            out += f',{{"text":"{s[0]}","start":{at + 1},"end":{at + 2},"role":"singleton"}}'
            i += 1
            head = ""
            if low == "u":
                if len(s) > 1:
                    return None  # attributes
                at += 2
                memo = self._ukws
            elif low == "t":
                memo = self._tkws
                # The source language: the subtags before the first field (split_t's reading).
                first = s[2:]
                while i < n:
                    p = pieces[i]
                    if len(p) == 1 or p[1] == "-" or p[1].isdigit():
                        break  # a singleton or a field (a source language's two-character subtags are letters)
                    first = f"{first}-{p}" if first else p
                    i += 1
                at += 2
                if first:
                    f = self._tlangs.get(first)
                    if f is None:
                        f = self._learn_kw("", first)
                    if not f:
                        return None
                    out += f[2] % tuple(map(at.__add__, f[3]))
                    at += f[5]
                    head = f[1]
            else:
                return None  # an extension the quick advice does not read
            keys = "-"
            texts: list[str] = []
            while i < n:
                kw = pieces[i]
                if len(kw) == 1 or kw[1] == "-":
                    break  # the next singleton
                i += 1
                f = memo.get(kw)
                if f is None:
                    f = self._learn_kw(low, kw)
                if not f:
                    return None
                if f[0] in keys:
                    return None  # a repeated key
                keys += f[4]
                texts.append(f[1])
                if f[6]:  # CLDR's warnings or notes on it, placed
                    for rank, s0, e0, before, after in f[6]:
                        found.append((rank, f'{before}{at + s0},"end":{at + e0}{after}'.encode(), None))
                offsets = f[3]
                if len(offsets) == 4:
                    out += f[2] % (at + offsets[0], at + offsets[1], at + offsets[2], at + offsets[3])
                elif len(offsets) == 2:
                    out += f[2] % (at + offsets[0], at + offsets[1])
                else:
                    out += f[2] % tuple(map(at.__add__, offsets))
                at += f[5]
            if len(texts) > 1:
                texts.sort()  # by key: a key is the two characters its text starts with, and no two are alike
            if head:
                texts.insert(0, head)
            sections.append(f"-{low}-{'-'.join(texts)}")
        if len(sections) > 1:
            sections.sort()  # by singleton (no two are alike)
            return "".join(sections), out, found
        return sections[0], out, found

    def _learn_kw(self, singleton: str, kw: str) -> _Kw | tuple[()]:
        """Remember and return what :meth:`_extensions` needs of the -u- keyword, -t- field (*singleton* 'u' or 't')
        or -t- source language (*singleton* '') *kw* as written: as the walk learns it (() where it would not be quiet).
        """
        walker = self._walker
        toks = kw.split("-")
        got: _Kw | tuple[()] = ()
        key = ""
        loud = False
        text: str | None = None
        roles: tuple[str, ...] | None = None
        if singleton == "":
            memo = self._tlangs
            first = toks[0]
            if first.isalpha() and len(first) != 4:  # what split_t takes for the start of a source language
                text, roles = walker._learn_tlang(toks)
        else:
            memo = self._ukws if singleton == "u" else self._tkws
            if singleton == "t" or len(toks[0]) == 2:  # not the attributes before a -u- keyword
                learn = walker._learn_u if singleton == "u" else walker._learn_t
                field = walker._fields.get((singleton, *toks)) or learn(toks)
                key = f"-{field[0]}-"  # as _extensions looks for a repeated key
                if field[2] == QUIET or field[2] == LOUD:
                    text, roles = field[1], field[3]
                    loud = field[2] == LOUD
        if text is not None and roles is not None:
            fmt = ""
            offsets: list[int] = []
            at = 0  # from the '-' before the subtag
            for t, role in zip(toks, roles, strict=True):
                fmt += ',{"text":"' + t + '","start":%d,"end":%d,"role":"' + role + '"}'
                offsets += (at + 1, at + 1 + len(t))
                at += len(t) + 1
            found: tuple[_KwDiag, ...] | None = self._loud_diags(singleton, toks, offsets) if loud else ()
            if found is not None:
                got = (key, text, fmt, tuple(offsets), key[1:], len(kw) + 1, found)
        _remember(memo, kw, got)
        return got

    def _loud_diags(self, singleton: str, toks: list[str], offsets: list[int]) -> tuple[_KwDiag, ...] | None:
        """Return the JSON of CLDR's warnings and notes on the loud keyword or field *toks* as written, placed
        from the '-' before it (*offsets*: its subtags' starts and ends), or None where one offers a fix.

        What :meth:`.quickadvice.QuickAdvice.extension_diagnostics` adds for it (``add_problems`` on
        ``keyword_findings``, which depend on the keyword as written alone), in the order the line lists them:
        by severity, then start (stable). A finding with a replacement offers a fix, which the quick path weighs:
        such a keyword is left to it.
        """
        ext = self._walker.extensions
        probs = ext.keyword_findings(singleton, toks[0].lower(), toks[1:])
        if any(p.replacement is not None for p in probs):
            return None
        probe = Parse("")
        key = (toks[0], offsets[0], offsets[1])
        values = [(toks[j], offsets[2 * j], offsets[2 * j + 1]) for j in range(1, len(toks))]
        ext.add_problems(probe, probs, key, values)
        out: list[_KwDiag] = []
        for d in sorted(probe.diags, key=diagnostic_order):
            if d.severity is _ERROR or d.fix is not None:
                return None  # never so for a loud keyword: the quick path's, were it so
            # The start and end are the only numbers before the message (code and severity are words).
            text = self._json_of(_make(d.code, d.severity, 0, 0, d.message, None, d.section))
            before, sep, after = text.partition('"start":0,"end":0,')
            assert sep, text
            out.append((_RANK[d.severity], d.start, d.end, before + '"start":', "," + after))
        return tuple(out)

    @staticmethod
    def _prefix_met(prefixes: tuple[tuple[str, ...], ...], lp: _Lang, sp: _Piece | None, rp: _Piece | None) -> bool:
        """Tell whether the subtags before a variant (lowercase) meet one of its *prefixes*."""
        before = list(lp[11])
        if sp is not None:
            before.append(sp[5])
        if rp is not None:
            before.append(rp[5])
        return any(_subsequence(pre, before) for pre in prefixes)

    def _whole_of(self, low: str) -> _Whole:
        """Return the tags (lowercase) that the language *low* begins and that take the precise path, and the
        beginnings (lowercase, with their '-') that send a tag there.

        As :meth:`.fastpath.FastPath.match` and :meth:`.quickadvice.QuickAdvice.head` tell it: a grandfathered
        tag, a redundant tag whole or followed by more subtags, a tag that begins with a regular grandfathered
        tag. Worked out once per language (a tag is one set look-up and one ``startswith``, where checking each
        kind of tag in turn lowered and joined the grandfathered tags for every tag of ``en``, ``zh``, ``sgn``).
        """
        got = self._wholes.get(low)
        if got is None:
            fast = self._fast
            whole = {k for k, r in fast.tables.tags.items() if r.type == "grandfathered" and k.split("-")[0] == low}
            starts: list[str] = []
            reds = fast._redundant_text.get(low)
            if reds is not None:
                whole |= reds[0]
                starts += reds[1]
            # A tag's first subtag ends at its first '-': only the regular grandfathered tags of *low* can begin it.
            starts += [g.lower() + "-" for g in REGULAR if g.split("-")[0] == low]
            got = self._wholes[low] = (frozenset(whole), tuple(starts))
        return got

    def _diags(self, entries: tuple[Any, ...], code: str, at: int) -> tuple[_Diag, ...]:
        """Return the diagnostics of the advice *entries* on the subtag *code* as written at *at* (as ``_put``)."""
        out = []
        json_of = self._json_of
        for c, sev, message, marked, section, how, _label, fix_tag, usual, _ready in entries:
            if code != usual:
                message = marked.replace(_MARK, code)
            fix = None if how == 0 else _CANONICAL if how == 1 else fix_tag  # a whole tag: the tail is empty here
            if sev is _ERROR:  # its verdict depends on the diagnostic: checkjson words it
                text = json_of(_make(c, sev, at, at + len(code), message, None, section))
            else:  # what checkjson writes for advice, without remembering the message (this memo keeps the JSON)
                text = f'{{"code":"{c}","severity":"{sev._value_}","start":{at},"end":{at + len(code)},' \
                    f'"message":{_quote(message)},"verdict":null}}'  # fmt: skip
            out.append((_RANK[sev], text.encode(), fix))
        return tuple(out)

    def _learn_lang(self, head: str, lang: str, ext: str | None) -> _Lang | None:
        """Remember and return what a line needs of the language *lang* and extlang *ext* (*head*) as written.

        None: the tag takes another way. What :meth:`.quickadvice.QuickAdvice.head` gives these
        subtags, in its order, and the one finding of UTS #35 on an extlang (``unicode_extlang``).
        """
        fast = self._fast
        t = fast.tables
        advice = self._advice
        low = lang.lower()
        canonical = fast.lang_to.get(low) or _in_range(t.lang, low, low)
        learnt = advice.learn("language", low) if canonical is not None else None
        if learnt is None or canonical is None:
            return None
        rec, entries = learnt
        own = self._diags(entries, lang, 0) if entries else ()
        first = len(own)  # where the letter-case note goes: after the language's own advice (start 0)
        subtags = f'{{"text":"{lang}","start":0,"end":{len(lang)},"role":"language"}}'
        sup = rec.suppress_script
        suppress = sup.lower() if sup is not None else ""
        before: tuple[str, ...] = (low,)
        uext = None
        if ext is not None:  # one extlang, replaced with its Preferred-Value together with the language
            code = ext[1:]
            pos = len(lang) + 1
            if "-" in code or pos > 4:
                return None
            xp = self._extlangs.get((code, pos))
            if xp is None:
                xp = self._learn_extlang(code, pos)
                if xp is None:
                    return None
            canonical, elow, prefix, xown, xsubtag, unicode = xp
            written = lang.encode()
            if prefix is not None and prefix != low:
                mismatch = self._mismatches.get((code, pos)) or self._mismatch(code, pos, prefix)
                own += ((mismatch[0], written.join(mismatch[1]), (prefix, len(lang))),)
            own += xown
            subtags += xsubtag
            uext = (unicode[0], written.join(unicode[1]), (canonical, len(head)))
            suppress = ""  # no Suppress-Script warning after an extlang
            before = (low, elow)
        xprefix = t.extlang_prefix.get(canonical)
        fixed = low if ext is None else head.lower()
        got = (canonical, fixed, head == fixed, subtags, own, low, f"{xprefix}-" if xprefix is not None else "",
               suppress, self._whole_of(low) if low in self._whole_first else None, first, uext, before,
               len(own) < 2 or [d[0] for d in own] == sorted(d[0] for d in own))  # fmt: skip
        memo = self._langs
        if len(memo) >= _MAX_REMEMBERED:
            memo.clear()
        memo[head] = got
        return got

    def _learn_extlang(self, code: str, pos: int) -> _Extlang | None:
        """Remember and return what a line needs of the extlang *code* as written at *pos* (None: another way).

        Its two findings that quote the language before it (an extlang's Prefix, UTS #35's on an
        extlang) are worded once with a mark for that language: a language and extlang are then
        joined from their texts, where each pair was worded afresh (a column of
        random pairs has as many as tags).
        """
        t = self._fast.tables
        advice = self._advice
        elow = code.lower()
        erec = t.extlang.get(elow)
        learnt = advice.learn("extlang", elow) if erec is not None and erec.preferred_value is not None else None
        if learnt is None or erec is None or erec.preferred_value is None:
            return None
        xentries = learnt[1]
        canonical = erec.preferred_value.lower()
        prefix = t.extlang_prefix.get(elow)
        what = M.UNICODE_EXTLANG  # as quickadvice's unicode_extlang words it, the pair as written being the head
        args = {"code": code, "description": erec.description, "language": _MARK, "preferred": canonical,
                "pair": f"{_MARK}-{code}"}  # fmt: skip
        d = _make("unicode-extlang", what.severity, pos, pos + len(code), what.text_of(args), None, what.section)
        subtag = f',{{"text":"{code}","start":{pos},"end":{pos + len(code)},"role":"extlang"}}'
        got = (canonical, elow, prefix, self._diags(xentries, code, pos), subtag, self._marked(d))
        _remember(self._extlangs, (code, pos), got)
        return got

    def _mismatch(self, code: str, pos: int, prefix: str) -> _Marked:
        """Return the Prefix warning on the extlang *code* as written at *pos* after a language other than *prefix*.

        Worded on first need (most extlangs follow their Prefix), as :meth:`_marked` keeps it.
        """
        learnt = self._advice.learn("extlang", code.lower())
        assert learnt is not None  # the extlang was learnt before its tag got here
        what = M.EXTLANG_PREFIX  # quickadvice's wording (_worded_pair)
        args = {"code": code, "description": learnt[0].description, "language": _MARK, "prefix": prefix}
        d = _make("prefix-mismatch", what.severity, pos, pos + 3, what.text_of(args), None, what.section)
        got = self._marked(d)
        _remember(self._mismatches, (code, pos), got)
        return got

    def _marked(self, d: Diagnostic) -> _Marked:
        """Return the rank of *d*, whose message holds the mark for the language, and its JSON cut at each mark.

        The language as written (ASCII letters: nothing to escape) joins the pieces.
        """
        pieces = tuple(self._json_of(d).encode().split(_MARK_JSON))
        assert len(pieces) > 1, d.message
        return _RANK[d.severity], pieces

    def _learn(self, kind: str, code: str, at: int) -> _Piece | None:
        """Remember and return what a line needs of the script or region *code* as written at *at*.

        What does not depend on the place (its spellings, its advice) is kept per spelling: a region met after a
        two-letter language and after a three-letter one is looked up once.
        """
        core = self._cores.get(code)  # its shape tells a script from a region: one memo for both
        if core is None:
            fast = self._fast
            low = code.lower()
            if kind == "script":
                canonical = fast.script_to.get(low) or _in_range(fast.tables.script, low, cased("script", code))
            else:
                canonical = fast.region_to.get(low) or _in_range(fast.tables.region, low, code.upper())
            learnt = self._advice.learn(kind, low) if canonical is not None else None
            if learnt is None:
                return None
            usual = cased(kind, low)
            core = (f"-{canonical}", f"-{usual}", code == usual, low, bool(learnt[1]))
            _remember(self._cores, code, core)
        learnt = self._advice.learn(kind, core[3]) if core[4] else None  # its advice (worded: kept by the advice)
        entries = learnt[1] if learnt is not None else ()
        subtag = f',{{"text":"{code}","start":{at},"end":{at + len(code)},"role":"{kind}"}}'
        got = (core[0], core[1], core[2], subtag, self._diags(entries, code, at) if entries else (), core[3])
        self._keep(code, at, got)
        return got

    def _learn_variant(self, code: str, at: int) -> _Variant | None:
        """Remember and return what a line needs of the one variant *code* as written at *at*."""
        fast = self._fast
        low = code.lower()
        got: _Variant | None = None
        canonical = fast.variant_to.get(low)
        learnt = self._advice.learn("variant", low) if canonical is not None else None
        if learnt is not None:
            rec = learnt[0]
            prefixes = fast.tables.variant_prefixes.get(low, ())
            warning = None
            if prefixes:  # the Prefix warning, given when the subtags before meet none of them
                args = {"code": code, "description": rec.descriptions[0],
                        "prefixes": " or ".join(f"'{x}'" for x in rec.prefixes)}  # fmt: skip
                d = M.VARIANT_PREFIX.make_of(at, at + len(code), None, args)
                warning = (diagnostic_order(d)[0], self._json_of(d).encode(), None)
            subtag = f',{{"text":"{code}","start":{at},"end":{at + len(code)},"role":"variant"}}'
            got = (f"-{canonical}", f"-{low}", code == low, subtag, self._diags(learnt[1], code, at), low,
                   tuple(prefixes), warning, tuple({pre[0] for pre in prefixes}))  # fmt: skip
            self._keep(code, at, got)
        return got

    def _keep(self, code: str, at: int, piece: _Piece | _Variant) -> None:
        """Remember the script, region or variant *piece*, written *code* at *at*."""
        if self._kept >= _MAX_REMEMBERED:
            for memo in self._at:
                memo.clear()
            self._kept = 0
        self._kept += 1
        self._at[at][code] = piece

    def _suppress(self, lang: str, script: str, lp: _Lang) -> _Diag:
        """Return the Suppress-Script warning on *script* after *lang* (as written), remembered per pair."""
        got = self._pairs.get((lang, script))
        if got is None:
            learnt = self._advice.learn("language", lp[5])
            assert learnt is not None  # the language was learnt before this tag got here
            message, _label = self._advice._suppress(lang, script, learnt[0])
            at = len(lang) + 1
            what = M.SUPPRESS_SCRIPT
            d = _make("suppress-script", what.severity, at, at + 4, message, None, what.section)
            got = (diagnostic_order(d)[0], self._json_of(d).encode(), _DROP)
            _remember(self._pairs, (lang, script), got)
        return got

    def _case_note(self, tag: str, fixed: str) -> _Diag:
        """Return the letter-case note on *tag*, whose conventional spelling is *fixed*."""
        case = self._case
        if case is None:
            head, tail, _label = self._advice._case
            # The JSON around the two things that change: the end (the tag's length) and the tag in conventional case.
            d = _make("letter-case", M.LETTER_CASE.severity, 0, 987654321, head + "\ue000" + tail, None,
                      M.LETTER_CASE.section)  # fmt: skip
            before, _end, rest = self._json_of(d).encode().partition(b"987654321")
            middle, _mark, after = rest.partition("\ue000".encode())
            case = self._case = (diagnostic_order(d)[0], before, middle, after)
        rank, before, middle, after = case
        # The conventional spelling is letters, digits and '-': nothing in it to escape.
        text = fixed if len(fixed) <= CASE_EXCERPT else excerpt(fixed, width=CASE_EXCERPT)  # excerpt's first test
        return rank, b"".join((before, str(len(tag)).encode(), middle, text.encode(), after)), _FIXED


def _remember(memo: dict[Any, Any], key: Any, value: Any) -> None:
    if len(memo) >= _MAX_REMEMBERED:
        memo.clear()
    memo[key] = value
