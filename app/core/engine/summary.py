"""A tag's verdicts in one flat row: what a column of tags in a data frame or a SQL table gets.

The row's fields (:data:`FIELDS`) are those of ``bcp47_explorer.columns``: the two verdicts of
RFC 5646 (``well_formed``, ``valid``), the UTS #35 one (``unicode_valid``), the RFC 5646 §4.5
``canonical`` form, the Unicode (UTS #35) canonical form (``unicode``), the first problem
(``code`` and ``message``: the first entry of ``bcp47 check --json``'s diagnostics) and ``fix``.

``fix`` (:func:`.results.fix_for`) is the engine's first offered fix: the tag of the first diagnostic,
in the order ``bcp47 check --json`` lists them, that offers one; ``None`` when none does. For a tag that
is not valid, where that fix is missing or not valid, it is the repair's tag (``bcp47 repair``) when the
engine was given one. It is what ``bcp47 check --json`` writes as ``fix``. It may be advice on a valid tag
(``is-Latn`` offers ``is``).

>>> from ..data import bundled_engine
>>> s = summarize(bundled_engine(), "en-US-Latn")
>>> s.well_formed, s.valid, s.canonical, s.code, s.fix
(False, False, None, 'script-after-region', 'en-Latn-US')
>>> summarize(bundled_engine(), "iw-Hebr").unicode, summarize(bundled_engine(), "iw-Hebr").fix
('he-Hebr', 'he-Hebr')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..grammar.syntax import WELL_FORMED
from .fastpath import FAST_MAX
from .results import first_fix, fix_for
from .unicode_locale import unicode_canonical, unicode_canonical_tag, unicode_canonicalizer
from .unicode_validity import unicode_verdict, verdict_of

if TYPE_CHECKING:
    from .tag import TagEngine

__all__ = ["FIELDS", "TagSummary", "first_fix", "summarize", "summarize_plainly"]

#: The fields of a summary, in order: the struct fields of ``bcp47_explorer.columns``.
FIELDS = ("well_formed", "valid", "unicode_valid", "canonical", "unicode", "code", "message", "fix")


class TagSummary(NamedTuple):
    """One tag's verdicts, forms, first problem and first fix (see the module docstring)."""

    well_formed: bool
    valid: bool
    unicode_valid: bool
    canonical: str | None
    unicode: str | None
    code: str | None
    message: str | None
    fix: str | None


def summarize(engine: TagEngine, tag: str) -> TagSummary:
    """Return the :class:`TagSummary` of *tag*: the same answers ``bcp47 check --json`` and ``canon --unicode`` give.

    It gives what :func:`summarize_plainly` composes, with less work: the commonest tags (valid, settled by the
    fast path) read once, from their regex groups (:func:`_quick_summary`); the Unicode verdict without a parse for a
    valid tag that has nothing UTS #35 judges beyond RFC 5646 (:func:`.unicode_validity.unicode_verdict`), the
    Unicode form without its steps, and none at all for a text that is not well-formed and that Annex C's input
    rules (``_`` for ``-``, ``root`` for ``und``) cannot make well-formed. A test compares both over corpora.
    """
    quick = _quick_summary(engine, tag)
    if quick is not None:
        return quick
    r = engine.check(tag)
    well_formed = r.well_formed
    uv = unicode_verdict(engine, r)
    diags = r.analysis.diagnostics
    if uv.own:
        diags = (*diags, *uv.own)
    first = diags[0] if diags else None
    if well_formed or "_" in tag or tag.partition("-")[0].lower() == "root":
        unicode = unicode_canonical_tag(engine, tag)
    else:
        unicode = None  # UTS #35 §3.2.1: an input Annex C cannot read as a well-formed tag has no Unicode form
    return TagSummary(
        well_formed,
        r.valid,
        uv.valid,
        r.canonical,
        unicode,
        first.code if first is not None else None,
        first.message if first is not None else None,
        fix_for(engine, tag, r.valid, diags),
    )


def _quick_summary(engine: TagEngine, tag: str) -> TagSummary | None:
    """Return the :class:`TagSummary` of a valid tag the fast path settles, read once; None: :func:`summarize`'s way.

    ``engine.check``, the Unicode verdict and the Unicode form each match the tag against the grammar again
    and build a result and an analysis around it; a column asks this once per distinct tag, so the tag is
    read here once, as ``bcp47 check --json``'s writer reads it (:func:`.checkjson.check_json_lines`): the
    regex groups, the fast path's canonical form and :mod:`.quickadvice`'s diagnostics, with no parse.
    Three kinds are taken, the rest (any step saying None) are left to the precise path:

    * a langtag without extlang and extension: valid, and having none of what UTS #35 judges beyond
      RFC 5646, a valid Unicode locale identifier too (:func:`.unicode_validity.verdict_of`);
    * a langtag with one extlang and no extension: valid, not a Unicode locale identifier, UTS #35's one
      finding on it (:meth:`.quickadvice.QuickAdvice.unicode_extlang`) after RFC 5646's diagnostics, as
      ``verdict_of`` adds it;
    * a tag without extlang whose ``-u-``/``-t-`` extensions draw at most CLDR's warnings and notes
      (:meth:`.quickadvice.QuickAdvice.extension_diagnostics`): valid both ways (``verdict_of`` reads its
      :class:`.quickadvice.QuietAnalysis` so).

    The fix of a valid tag is its first fix (:func:`.results.fix_for`: no repair). A test compares this with
    :func:`summarize_plainly` over corpora, and counts that the lane is taken.
    """
    if len(tag) > FAST_MAX:
        return None
    m = WELL_FORMED.fullmatch(tag)
    if m is None:
        return None
    g = m.groups()
    if g[0] is None:
        return None  # a private-use tag ('x-…'): the precise path
    canonical = engine.fast_path.match(tag, g)  # the RFC 5646 canonical form of a valid tag; None: not settled
    if canonical is None:
        return None
    advice = engine.quick_advice
    if not g[5]:
        diags = advice.langtag_diagnostics(tag, g, canonical)  # None: a subtag the per-subtag advice does not know
        if diags is None:
            return None
        ext = g[1]
        if ext is None:
            unicode_valid = True
        else:  # one extlang (the fast path settles no other), which has a Preferred-Value
            own = advice.unicode_extlang(tag, g, engine.tables.extlang[ext[1:].lower()])
            diags = (*diags, own)
            unicode_valid = False
    elif g[1] is None:
        quiet = advice.extension_diagnostics(tag, g, canonical)  # None: an extension that draws more
        if quiet is None:
            return None
        diags = quiet[0]
        unicode_valid = True
    else:
        return None  # an extlang and extensions: the precise path
    # The Unicode form from the same groups (the canonicalizer's quick ways read them as they read the text).
    c = unicode_canonicalizer(engine)
    first = diags[0] if diags else None
    return TagSummary(
        True,
        True,
        unicode_valid,
        canonical,
        c.canonical_tag_of(tag, g) if c is not None else None,
        first.code if first is not None else None,
        first.message if first is not None else None,
        fix_for(engine, tag, True, diags),
    )


def summarize_plainly(engine: TagEngine, tag: str) -> TagSummary:
    """Return the :class:`TagSummary` of *tag* composed plainly: check, verdict_of, unicode_canonical, fix_for."""
    r = engine.check(tag)
    a = r.analysis
    uv = verdict_of(engine, a)
    diags = (*a.diagnostics, *uv.own)
    first = diags[0] if diags else None
    return TagSummary(
        r.well_formed,
        r.valid,
        uv.valid,
        r.canonical,
        unicode_canonical(engine, tag).tag,  # as `bcp47 canon --unicode`: a locale id with "_" has one too
        first.code if first is not None else None,
        first.message if first is not None else None,
        fix_for(engine, tag, r.valid, diags),
    )
