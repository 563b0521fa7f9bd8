"""The ``bcp47 check --json`` line of a common ill-formed text: a valid plain tag with one slip around it.

Most ill-formed values of a column are a valid tag with one stray piece: a ``-`` at the end or the
start (``en-US-``, ``-en``), two in a row (``en--US``), whitespace around it (``en-US``), or a
dangling singleton at the end (``en-x``, ``en-US-q``). The precise parser reads such a text as the
tag's own subtags, shifted where the slip comes before them, plus one error whose fix is the tag
(two for whitespace on both sides, with the same fix); having no fix of its own to weigh, the tag
being well-formed, and valid, the line's ``fix`` is the tag. :class:`IllShapes` writes that line
from the tag's regex groups: no parse, no weighing of the fix, no repair.

It takes only a langtag (not a private-use tag) whose fast path says valid (so ``fix`` is the tag,
as :func:`.results.fix_for` finds it); a trailing singleton other than ``u``, ``t`` (their own
parsers run on an empty body), ``x`` after private use, or one of the tag's own extensions (the
parser warns of the repeat). A tag with extensions gets their subtags from its parse
(:func:`.fastpath.parse_match`), which must find nothing (a -u-/-t- finding is left to the precise
path): the errors' verdicts depend on where the first extension starts. Anything else gives None,
and the caller takes the precise path. A test compares the lines with the precise path's over
large corpora of such texts.

>>> from bcp47_explorer.core.data import bundled_engine
>>> from bcp47_explorer.core.engine.checkjson import ill_shapes
>>> ill_shapes(bundled_engine()).line("-en-US").endswith('"verdict":"valid"}],"fix":"en-US"')
True
>>> ill_shapes(bundled_engine()).line("en-US-12") is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from ..grammar import diagnostics as M
from ..grammar.diagnostics import make_diagnostic, make_fix
from ..grammar.parser import MAX_DIAGNOSTICS, Extension, Parse, Token, bad_piece, describe_char
from ..grammar.quoting import json_string
from ..grammar.syntax import (
    GRANDFATHERED,
    IRREGULAR_FIRST,
    IRREGULAR_LOWER,
    REGION_KIND,
    SCRIPT_KIND,
    WELL_FORMED,
    subtag_kind,
)
from ..grammar.values import Diagnostic, Severity
from ..text.catalogue import _ as translated
from .fastpath import FAST_MAX, FastPath, parse_match

__all__ = ["IllShapes", "maybe_locale_id"]

_Writer = Callable[[Sequence[Diagnostic], "int | None"], str]


class IllShapes:
    """Write the JSON line of a valid plain tag with one slip around it (see the module docstring)."""

    __slots__ = ("_diagnostics_json", "_fast", "_match")

    def __init__(self, fast_path: FastPath, diagnostics_json: _Writer | None = None) -> None:
        self._fast = fast_path.match
        self._match = WELL_FORMED.fullmatch
        #: checkjson's writer of a line's diagnostics (without the brackets), given where the first extension starts
        self._diagnostics_json = diagnostics_json

    def line(self, text: str) -> str | None:
        """Return the line of *text* up to its ``fix`` (the caller adds the end), or None: take the precise path."""
        got = self._slipped(text)
        if got is None:
            return None
        tag, shift, cut, singleton, g = got
        if self._fast(tag, g) is None:
            return None  # not valid: the precise path asks the repair for the fix
        n = len(text)
        first_ext = None
        if g[5]:  # extensions: their subtags' roles and where the first starts come from the tag's parse
            p = parse_match(tag, g)
            if p.diags or (singleton and _repeats(p, singleton)):
                return None
            subtags = _parse_subtags_json(p.subtags, shift, cut)
            first_ext = p.extensions[0][0][1]
            if first_ext >= cut:
                first_ext += shift
        else:
            subtags = _subtags_json(tag, g, shift, cut)
        if singleton:
            subtags += f',{{"text":"{singleton}","start":{n - 1},"end":{n},"role":"singleton"}}'
            if singleton not in "xX" and first_ext is None:
                first_ext = n - 1
        assert self._diagnostics_json is not None
        diags = self._diagnostics_json(_diagnostics(text, tag, shift, cut, singleton), first_ext)
        return _line_head(text, subtags, diags) + f'"{tag}"'

    def end_line(self, text: str) -> str | None:
        """Return the line up to its ``fix`` (which the caller writes) of a plain tag, a '-' and a last piece of letters
        and digits that fits no subtag there (``ln-12``, ``ta-abcdefghi``); None: not such a text.

        What the precise path writes from :meth:`parse_end`'s parse: a plain tag's own parse finds nothing, and the
        piece's one error offers no fix, so the engine's checks add nothing to it (no '_' or '@', nothing to weigh).
        """
        n = len(text)
        if n < 4 or n > FAST_MAX:
            return None
        tag, _sep, piece = text.rpartition("-")
        if not tag or len(piece) < 2 or not (piece.isascii() and piece.isalnum()) or subtag_kind(piece) >= 0:
            return None
        g = self._langtag_groups(tag)
        if g is None or g[5] or g[6] is not None:
            return None  # extensions, private use: the piece is theirs
        start = len(tag) + 1
        if len(piece) > 8:
            args = {"code": piece[:20] + ("…" if len(piece) > 20 else ""), "length": len(piece)}
            diag = M.SUBTAG_TOO_LONG["subtag"].make_of(start, n, None, args)
        else:
            diag = M.BAD_SUBTAG.make_of(start, n, None, {"code": piece})
        assert self._diagnostics_json is not None
        subtags = f'{_subtags_json(tag, g, 0, n)},{{"text":"{piece}","start":{start},"end":{n},"role":"invalid"}}'
        return _line_head(text, subtags, self._diagnostics_json((diag,), None))

    def parse(self, text: str) -> Parse | None:
        """Return what the precise parser makes of the ill-formed *text* when it is a tag with one slip, else None.

        Here the tag need not be plain nor valid: its parse comes from its regex groups
        (:func:`.fastpath.parse_match`), moved where the slip comes before its subtags, with the slip's error(s)
        added; a tag whose own parse finds anything (a -u-/-t- finding, a repeated singleton) is left alone. The
        errors' fix, the tag, is well-formed: the engine keeps it without weighing it.
        """
        got = self._slipped(text)
        if got is None:
            return None
        tag, shift, cut, singleton, g = got
        p = parse_match(tag, g)
        if p.diags:
            return None
        n = len(text)
        if singleton and _repeats(p, singleton):
            return None  # a repeated singleton: a warning too
        if shift:
            _move(p, shift, cut)
        p.text = text
        p.well_formed = False
        if singleton:
            tok = (singleton, n - 1, n)
            p.subtags.append((singleton, n - 1, n, "singleton"))
            if singleton in "xX":
                p.x_token = tok
            else:
                p.extensions.append(_new_extension(Extension, (tok, [], [], [], [])))
        p.diags = _diagnostics(text, tag, shift, cut, singleton)
        return p

    def slip_errors(self, text: str) -> int | None:
        """Return how many errors :meth:`parse` finds in *text* (what a fix is weighed by), or None where it gives None.

        A plain tag's own parse finds nothing, so its errors are the slip's alone: counted without the parse.
        """
        got = self._slipped(text)
        if got is None:
            return None
        tag, shift, cut, singleton, g = got
        if g[5]:
            p = self.parse(text)
            diags = p.diags if p is not None else None
        else:
            diags = _diagnostics(text, tag, shift, cut, singleton)
        return None if diags is None else sum(1 for d in diags if d.severity is Severity.ERROR)

    def _slipped(self, text: str) -> tuple[str, int, int, str, tuple[str | None, ...]] | None:
        """Return :func:`_slip`'s reading of *text* and its tag's regex groups, when the tag's subtags can be moved.

        None: no slip; a tag the regex does not match; a private-use tag; an extlang the parser finds misplaced
        (after a language of four or more letters); private use before a dangling singleton (which is then a
        private-use subtag, not this slip).
        """
        slip = _slip(text)
        if slip is None:
            return None
        tag, shift, cut, singleton = slip
        g = self._langtag_groups(tag)
        if g is None or (singleton and g[6] is not None):
            return None
        return tag, shift, cut, singleton, g

    def _langtag_groups(self, tag: str) -> tuple[str | None, ...] | None:
        """Return the regex groups of *tag* when it is a langtag whose subtags the parser places as the regex does.

        None: the regex does not match, a private-use tag, or an extlang the parser finds misplaced (after a
        language of four or more letters).
        """
        m = self._match(tag)
        if m is None:
            return None
        g = m.groups()
        if g[0] is None or (g[1] is not None and len(g[0]) > 3):
            return None
        return g

    def parse_end(self, text: str) -> Parse | None:
        """Return the precise parse of the ill-formed *text* when it is a tag, a '-' and a last piece that cannot be a
        subtag there, before the engine's checks (it may offer fixes to weigh); None when it is not such a text.

        The piece is letters and digits (a plain tag: then nothing but its place makes it wrong) or holds characters
        no subtag has (any tag: the parser skips the piece but for its errors, made by the parser's own function).
        """
        n = len(text)
        if n < 4 or n > FAST_MAX or text[0].isspace() or text[-1].isspace() or "_" in text:
            return None
        tag, _sep, piece = text.rpartition("-")
        if not piece or not tag:
            return None
        alnum = piece.isascii() and piece.isalnum()
        if alnum and (len(piece) == 1 or subtag_kind(piece) >= 0):
            return None  # a singleton, or a subtag that fits some place: not this slip (asked before the regex)
        g = self._langtag_groups(tag)
        if g is None:
            return None
        start = len(tag) + 1
        if alnum:
            if g[5] or g[6] is not None:
                return None  # after a singleton: an extension's or private use's subtag
            if len(piece) > 8:
                args = {"code": piece[:20] + ("…" if len(piece) > 20 else ""), "length": len(piece)}
                diags = [M.SUBTAG_TOO_LONG["subtag"].make_of(start, n, None, args)]
            else:
                diags = [M.BAD_SUBTAG.make_of(start, n, None, {"code": piece})]
            p = parse_match(tag, g)
            if p.diags:
                return None
            p.diags = diags
        else:
            p = parse_match(tag, g)
            if p.diags:
                return None
            p.text = text
            bad_piece(p, piece, start)
        p.text = text
        p.well_formed = False
        p.subtags.append((piece, start, n, "invalid"))
        return p

    def parse_underscore(self, text: str) -> Parse | None:
        """Return the precise parse of the ill-formed *text* when it is a tag with '_' for some of its '-', before the
        engine's checks (which read it as a pasted Unicode locale identifier too); None when it is not such a text.

        The parser splits on both and reports each '_' (fix: the tag with '-'), in order, before the tag's own
        findings: here the tag's parse comes from its regex groups (a tag whose own parse finds anything, a
        grandfathered tag or one starting as an irregular one are left to the parser).
        """
        got = self._underscored(text)
        if got is None:
            return None
        dashed, g = got
        p = parse_match(dashed, g)
        if p.diags:
            return None
        p.diags = _underscores(text, dashed)
        if len(p.diags) > MAX_DIAGNOSTICS:
            return None
        p.text = text
        p.well_formed = False
        return p

    def underscore_line(self, text: str) -> str | None:
        """Return the line up to its ``fix`` of a valid tag with '_' for some of its '-' (``en_US``), as the precise
        path writes it from :meth:`parse_underscore`'s parse; None: not such a text, or one the engine may read as a
        pasted locale id (:func:`maybe_locale_id`).

        Each '_' is an error whose fix is the tag with '-' (well-formed: kept unweighed); the tag being valid (its fast
        path says so), that is the line's ``fix``. A tag with extensions gets their subtags from its parse.
        """
        got = self._underscored(text)
        if got is None:
            return None
        dashed, g = got
        if maybe_locale_id(text) or self._fast(dashed, g) is None:
            return None
        first_ext = None
        if g[5]:
            p = parse_match(dashed, g)
            if p.diags:
                return None
            subtags = _parse_subtags_json(p.subtags, 0, 0)
            first_ext = p.extensions[0][0][1]
        else:
            subtags = _subtags_json(dashed, g, 0, 0)
        diags = _underscores(text, dashed)
        if len(diags) > MAX_DIAGNOSTICS:
            return None
        assert self._diagnostics_json is not None
        return _line_head(text, subtags, self._diagnostics_json(diags, first_ext)) + f'"{dashed}"'

    def _underscored(self, text: str) -> tuple[str, tuple[str | None, ...]] | None:
        """Return *text* with '-' for each '_' and its regex groups, when it is a langtag the lane reads (see above)."""
        n = len(text)
        if n < 3 or n > FAST_MAX or "_" not in text:
            return None
        dashed = text.replace("_", "-")
        g = self._langtag_groups(dashed)
        if g is None:
            return None
        low = dashed.lower()
        if low in GRANDFATHERED or (
            low.partition("-")[0] in IRREGULAR_FIRST and any(low.startswith(t + "-") for t in IRREGULAR_LOWER)
        ):
            return None  # the parser reads an irregular grandfathered tag followed by more as one unit
        return dashed, g

    def swapped_line(self, text: str) -> str | None:
        """Return the line up to its ``fix`` of a language, a region and a script in that order whose fix (the three
        sorted) is a valid tag, as the precise path writes it from :meth:`parse_swapped`'s parse; None: not such a text.

        The fix is well-formed (kept unweighed) and, valid, the line's ``fix``.
        """
        p = self.parse_swapped(text)
        if p is None:
            return None
        fix = p.diags[0].fix
        assert fix is not None
        m = self._match(fix.tag)
        if m is None or self._fast(fix.tag, m.groups()) is None:
            return None
        assert self._diagnostics_json is not None
        return _line_head(text, _parse_subtags_json(p.subtags, 0, 0), self._diagnostics_json(p.diags, None)) + (
            f'"{fix.tag}"'
        )

    def parse_swapped(self, text: str) -> Parse | None:
        """Return the precise parse of the ill-formed *text* when it is a language, a region and a script in that
        order (``bnv-BR-Latg``), before the engine's checks; None when it is not such a text.

        The parser gives each its role (the script is not the parse's script: it came out of order), reports the
        script after the region, and offers the three sorted (language-script-region) as the fix.
        """
        lang, _sep, rest = text.partition("-")
        region, sep2, script = rest.partition("-")
        if (
            not sep2
            or len(lang) < 2
            or len(lang) > 8
            or not text.isascii()  # subtag_kind reads ASCII letters and digits only
            or not lang.isalpha()
            or subtag_kind(region) != REGION_KIND
            or subtag_kind(script) != SCRIPT_KIND
        ):
            return None
        low = text.lower()
        if low.partition("-")[0] in IRREGULAR_FIRST and any(low.startswith(t + "-") for t in IRREGULAR_LOWER):
            return None  # the parser reads an irregular grandfathered tag followed by more as one unit
        a = len(lang)
        b = a + 1 + len(region)
        n = len(text)
        p = Parse(text)
        p.language = (lang, 0, a)
        p.region = (region, a + 1, b)
        p.subtags = [(lang, 0, a, "language"), (region, a + 1, b, "region"), (script, b + 1, n, "script")]
        msg = M.AFTER["script", "region"]
        fix = make_fix(translated(M.REORDER_LABEL), f"{lang}-{script}-{region}")
        d = msg.make_of(b + 1, n, None, {"code": script})
        p.diags = [make_diagnostic(d.code, d.severity, d.start, d.end, d.message, fix, d.section)]
        p.well_formed = False
        return p


@lru_cache(maxsize=2)  # check --json asks the line, then the engine the parse, of the same text
def _slip(text: str) -> tuple[str, int, int, str] | None:
    """Return the tag in *text* with one slip, where its subtags move (by how much, from where) and the singleton.

    None: *text* has none of the slips. The tag is not checked here.
    """
    n = len(text)
    if n < 3 or n > FAST_MAX:
        return None
    first, last = text[0], text[-1]
    if last == "-":
        return text[:-1], 0, n, ""
    if first == "-":
        return text[1:], 1, 0, ""
    if text[-2] == "-" and last.isascii() and last.isalnum():
        if last in "uUtT":
            return None  # -u- and -t- have their own parsers, which run on the empty body too
        return text[:-2], 0, n, last
    if first.isspace() or last.isspace():
        lead = n - len(text.lstrip())
        return text.strip(), lead, 0, ""
    at = text.find("--")
    if at < 0:
        return None
    return text[:at] + text[at + 1 :], 1, at, ""


def _diagnostics(text: str, tag: str, shift: int, cut: int, singleton: str) -> list[Diagnostic]:
    """Return the errors of the slip :func:`_slip` found in *text*, in the parser's order; each fix is *tag*."""
    n = len(text)
    if singleton:
        if singleton in "xX":
            return [M.EMPTY_PRIVATEUSE.make_of(n - 1, n, tag, {})]
        return [M.EMPTY_EXTENSION.make_of(n - 1, n, tag, {"singleton": singleton})]
    last = text[-1]
    if last == "-":
        return [M.EMPTY_TRAILING.make_of(n - 1, n, tag, {})]
    first = text[0]
    if first == "-":
        return [M.EMPTY_LEADING.make_of(0, 1, tag, {})]
    if first.isspace() or last.isspace():
        diags = []
        if shift:
            diags.append(M.WHITESPACE_AROUND.make_of(0, shift, tag, {"char": describe_char(first)}))
        trail = len(text.rstrip())
        if trail < n:
            diags.append(M.WHITESPACE_AROUND.make_of(trail, n, tag, {"char": describe_char(text[trail])}))
        return diags
    return [M.EMPTY_INSIDE.make_of(cut, cut + 2, tag, {})]


def _move(p: Parse, shift: int, cut: int) -> None:
    """Move every token of *p* that starts at *cut* or later by *shift*."""

    def mv(t: Token) -> Token:
        return (t[0], t[1] + shift, t[2] + shift) if t[1] >= cut else t

    def mvs(ts: list[Token]) -> list[Token]:
        return [mv(t) for t in ts]

    p.subtags = [(t, s + shift, e + shift, r) if s >= cut else (t, s, e, r) for t, s, e, r in p.subtags]
    if p.language is not None:
        p.language = mv(p.language)
    p.extlangs = mvs(p.extlangs)
    if p.script is not None:
        p.script = mv(p.script)
    if p.region is not None:
        p.region = mv(p.region)
    p.variants = mvs(p.variants)
    p.extensions = [
        _new_extension(
            Extension,
            (
                mv(e[0]),
                mvs(e[1]),
                mvs(e[2]),
                [(mv(k), mvs(v)) for k, v in e[3]],
                [(mv(t), kind) for t, kind in e[4]],
            ),
        )
        for e in p.extensions
    ]
    p.privateuse = mvs(p.privateuse)
    if p.x_token is not None:
        p.x_token = mv(p.x_token)


_new_extension = tuple.__new__


def maybe_locale_id(text: str) -> bool:
    """Tell whether ``cldr.locale_ids.locale_id_conversion`` may read *text*, a langtag with '_' for some '-', as a
    Unicode locale id; False: it surely gives None (and its module need not even be imported).

    Our reading of ``cldr.ldml.legacy_to_bcp47`` on such a text (no '@', no whitespace, a regex-matched tag): it
    either fails (a singleton, an extlang or a misplaced subtag is no part of a language id) or writes the same
    subtags back, which ``locale_id_conversion`` does not report, but for the language ``root`` (``und``) and the
    variant ``posix`` (``-u-va-posix``). A test compares the lane's analysis with the engine's checks over corpora.
    """
    low = text.lower()
    return low.startswith("root") or "posix" in low


def _underscores(text: str, dashed: str) -> list[Diagnostic]:
    """Return the parser's error on each '_' of *text*, in order; each fix is *dashed*, the text with '-' for '_'."""
    make = M.UNDERSCORE.make_of
    return [make(i, i + 1, dashed, {}) for i, c in enumerate(text) if c == "_"]


def _line_head(text: str, subtags: str, diags: str) -> str:
    """Return the line of the ill-formed *text* up to its ``fix``'s value, given its subtags' and diagnostics' JSON."""
    return (
        f'{{"input":{_quote(text)},"well_formed":false,"valid":false,"unicode_valid":false,"canonical":null,'
        f'"extlang_form":null,"subtags":[{subtags}],"diagnostics":[{diags}],"fix":'
    )


def _repeats(p: Parse, singleton: str) -> bool:
    """Tell whether the dangling *singleton* (not ``x``) is one of the extensions' of *p*: the parser warns of it."""
    low = singleton.lower()
    return low != "x" and any(e[0][0].lower() == low for e in p.extensions)


def _parse_subtags_json(subtags: list[tuple[str, int, int, str]], shift: int, cut: int) -> str:
    """Return the JSON of a well-formed tag's parsed *subtags* (letters and digits), those from *cut* on moved."""
    return ",".join(
        [
            f'{{"text":"{t}","start":{s + shift},"end":{e + shift},"role":"{r}"}}'
            if s >= cut
            else f'{{"text":"{t}","start":{s},"end":{e},"role":"{r}"}}'
            for t, s, e, r in subtags
        ]
    )


def _subtags_json(tag: str, g: tuple[str | None, ...], shift: int, cut: int) -> str:
    """Return the JSON of the subtags of the plain langtag *tag* (groups *g*), those from *cut* on moved by *shift*."""
    _lang, ext, script, region, var = g[:5]
    roles = ["language"]
    if ext is not None:
        roles += ["extlang"] * ext.count("-")
    if script is not None:
        roles.append("script")
    if region is not None:
        roles.append("region")
    if var:
        roles += ["variant"] * var.count("-")
    pu = g[6]
    if pu is not None:
        roles.append("singleton")
        roles += ["privateuse"] * pu.count("-")
    out = []
    start = 0
    for piece, role in zip(tag.split("-"), roles, strict=True):
        end = start + len(piece)
        at = start + shift if start >= cut else start
        out.append(f'{{"text":"{piece}","start":{at},"end":{at + end - start},"role":"{role}"}}')
        start = end + 1
    return ",".join(out)


# The string encoder json.dumps applies to a str (what checkjson's ``quote`` is).
_quote: Callable[[str], str] = json_string
