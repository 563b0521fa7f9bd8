"""The ``bcp47 check --json`` line of a common ill-formed text: a valid plain tag with one slip around it.

Most ill-formed values of a column are a valid tag with one stray piece: a ``-`` at the end or the
start (``en-US-``, ``-en``), two in a row (``en--US``), whitespace around it (``en-US``), or a
dangling singleton at the end (``en-x``, ``en-US-q``). The precise parser reads such a text as the
tag's own subtags, shifted where the slip comes before them, plus one error whose fix is the tag
(two for whitespace on both sides, with the same fix); having no fix of its own to weigh, the tag
being well-formed, and valid, the line's ``fix`` is the tag. :class:`IllShapes` writes that line
from the tag's regex groups: no parse, no weighing of the fix, no repair.

It takes only a *plain* tag: a langtag (not a private-use tag) without extensions, whose fast path
says valid (so ``fix`` is the tag, as :func:`.results.fix_for` finds it); a trailing singleton other
than ``u``, ``t`` (their own parsers run on an empty body) or ``x`` after private use. Anything else
gives None, and the caller takes the precise path. A test compares the lines with the precise
path's over large corpora of such texts.

>>> from bcp47_explorer.core.data import bundled_engine
>>> from bcp47_explorer.core.engine.checkjson import ill_shapes
>>> ill_shapes(bundled_engine()).line("-en-US").endswith('"verdict":"valid"}],"fix":"en-US"')
True
>>> ill_shapes(bundled_engine()).line("en-US-12") is None
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from ..grammar import diagnostics as M
from ..grammar.parser import describe_char
from ..grammar.syntax import WELL_FORMED
from ..grammar.values import Diagnostic
from .fastpath import FAST_MAX, FastPath

__all__ = ["IllShapes"]

_Writer = Callable[[Sequence[Diagnostic], "int | None"], str]


class IllShapes:
    """Write the JSON line of a valid plain tag with one slip around it (see the module docstring)."""

    __slots__ = ("_diagnostics_json", "_fast", "_match")

    def __init__(self, fast_path: FastPath, diagnostics_json: _Writer) -> None:
        self._fast = fast_path.match
        self._match = WELL_FORMED.fullmatch
        #: checkjson's writer of a line's diagnostics (without the brackets), given where the first extension starts
        self._diagnostics_json = diagnostics_json

    def line(self, text: str) -> str | None:
        """Return the line of *text* up to its ``fix`` (the caller adds the end), or None: take the precise path."""
        n = len(text)
        if n < 3 or n > FAST_MAX:
            return None
        first, last = text[0], text[-1]
        shift = 0  # how far the tag's subtags lie from where they are in the tag alone
        cut = n  # in the tag alone: where the shift starts (the tag's length: nowhere)
        singleton = ""
        if last == "-":
            tag = text[:-1]
            diags = [M.EMPTY_TRAILING.make_of(n - 1, n, tag, {})]
        elif first == "-":
            tag = text[1:]
            shift, cut = 1, 0
            diags = [M.EMPTY_LEADING.make_of(0, 1, tag, {})]
        elif text[-2] == "-" and last.isascii() and last.isalnum():
            if last in "uUtT":
                return None  # -u- and -t- have their own parsers, which run on the empty body too
            tag = text[:-2]
            singleton = last
            if last in "xX":
                diags = [M.EMPTY_PRIVATEUSE.make_of(n - 1, n, tag, {})]
            else:
                diags = [M.EMPTY_EXTENSION.make_of(n - 1, n, tag, {"singleton": last})]
        elif first.isspace() or last.isspace():
            tag = text.strip()
            lead = n - len(text.lstrip())
            trail = len(text.rstrip())
            diags = []
            if lead:
                diags.append(M.WHITESPACE_AROUND.make_of(0, lead, tag, {"char": describe_char(first)}))
                shift, cut = lead, 0
            if trail < n:
                diags.append(M.WHITESPACE_AROUND.make_of(trail, n, tag, {"char": describe_char(text[trail])}))
        else:
            at = text.find("--")
            if at < 0:
                return None
            tag = text[:at] + text[at + 1 :]
            shift, cut = 1, at
            diags = [M.EMPTY_INSIDE.make_of(at, at + 2, tag, {})]
        m = self._match(tag)
        if m is None:
            return None
        g = m.groups()
        lang, ext = g[0], g[1]
        if lang is None or g[5] or (ext is not None and len(lang) > 3) or self._fast(tag, g) is None:
            return None  # a private-use tag, extensions, an extlang the parser finds misplaced; not valid
        if singleton and g[6] is not None:
            return None  # private use before the singleton: a private-use subtag, not this slip
        subtags = _subtags_json(tag, g, shift, cut)
        first_ext = None
        if singleton:
            subtags += f',{{"text":"{singleton}","start":{n - 1},"end":{n},"role":"singleton"}}'
            if singleton not in "xX":
                first_ext = n - 1
        return (
            f'{{"input":{_quote(text)},"well_formed":false,"valid":false,"unicode_valid":false,"canonical":null,'
            f'"extlang_form":null,"subtags":[{subtags}],"diagnostics":[{self._diagnostics_json(diags, first_ext)}],'
            f'"fix":"{tag}"'
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
_quote: Callable[[str], str] = getattr(json.encoder, "c_encode_basestring", None) or json.encoder.py_encode_basestring
