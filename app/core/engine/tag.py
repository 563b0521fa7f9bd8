"""The tag engine: parse, check and canonicalize any string as a BCP 47 language tag.

>>> from bcp47_explorer.core.data import bundled_engine
>>> engine = bundled_engine()
>>> r = engine.check("en-US-Latn")
>>> r.well_formed, [(s.text, s.role.value) for s in r.subtags]
(False, [('en', 'language'), ('US', 'region'), ('Latn', 'script')])
>>> r.diagnostics[0].code, r.diagnostics[0].fix.tag
('script-after-region', 'en-Latn-US')
>>> engine.check("zh-yue").canonical, engine.check("zh-yue").extlang_form
('yue', 'zh-yue')
>>> engine.canonicalize("en-b-warble-a-babble").tag
'en-a-babble-b-warble'

This module is the facade: :class:`TagEngine` wires the parts, each in a module named after
its job, and every value callers use is importable from here.

- :mod:`.syntax`: the grammar's named pieces, predicates, ``-u-``/``-t-`` splitters, case;
- :mod:`.grammar`: the precise, never-raising parser with spans;
- :mod:`.diagnostics`: the one table of diagnostic codes, severities, sections and wording;
- :mod:`.tables`: the registry reshaped for lookups;
- :mod:`.advice`: validity (RFC 5646 §2.2.9), CLDR checks of ``-u-``/``-t-``, and advice;
- :mod:`.canonical`: the RFC 5646 §4.5 canonical form and the extlang form, step by step;
- :mod:`.fastpath`: the batch fast path; :mod:`.results`: the result values;
- :mod:`.uedit`: ``-u-`` editing, beside :mod:`.compose`; :mod:`.forms`: the list of forms.

Design (speed is a requirement: the editor checks on every keystroke and the CLI checks
files of tags). ``check`` first tries one compiled regex for the whole RFC 5646 grammar. A
tag that matches and whose subtags are all in clean registry tables (known, no
Preferred-Value, no duplicates, -u- keys and types CLDR lists) gets ``valid`` and
``canonical`` from a few dict lookups. A string the regex rejects is ill-formed (unless it
is a grandfathered tag) and needs no more work until someone reads its subtags or
diagnostics. Everything else, and every read of subtags or diagnostics, goes through the
precise parser plus the registry checks; it is computed once per result, on first use.
Tests pin that both paths agree.

Decisions where the standards leave room (each is pinned by a test):

- ``heploc``: canonicalization applies Preferred-Values subtag by subtag (RFC 5646 §4.5
  step 3), so ``ja-Latn-hepburn-heploc`` becomes ``ja-Latn-hepburn-alalc97``: the step is
  mechanical, idempotent and never drops a subtag the author wrote. The record's Comments
  ("Preferred tag is ja-Latn-alalc97") are offered as a separate fix (code ``preferred-tag``).
- ``valid`` is RFC 5646 §2.2.9 alone. Errors in the content of ``-u-``/``-t-`` (CLDR's keys and
  types, the extensions' own syntax, the ``-t-`` source language's subtags) leave it alone and
  make the tag not a valid Unicode locale identifier instead (the second verdict, UTS #35, in
  :mod:`.uts35_validity`): ``en-u-xx-yyy`` is valid BCP 47 and not a valid Unicode locale id.
  The ABNF alone decides well-formedness, for ``-t-`` as for ``-u-``.
- A singleton other than ``t``/``u`` that the Language Tag Extensions Registry does not hold is
  a warning (``unregistered-extension``); the tag stays valid, as RFC 5646 §2.2.9 only asks for
  registered language, script, region and variant subtags.
- Suppress-Script is advice (RFC 5646 §4.1): canonicalization never removes the script;
  a ``suppress-script`` warning offers the shorter tag as a fix.
- ``_`` is never accepted: it makes the tag ill-formed, and the ``underscore-separator``
  diagnostic offers the tag with ``-`` as a fix.
- Redundant tags with a Preferred-Value (``sgn-BR`` → ``bzs``) are replaced when they are the
  leading subtags of the tag (``sgn-BR-x-a`` → ``bzs-x-a``); grandfathered tags only as a
  whole, since they cannot be extended.
- Later duplicates of a ``-u-`` attribute or key, or a ``-t-`` key, are ignored (a warning) and
  dropped from the canonical form; the RFC 6067 canonical form keeps a ``true`` type (only the
  Unicode form drops it).
"""

from __future__ import annotations

from ..cldr.locale_ids import locale_id_conversion
from ..files.reading import DataError
from ..grammar import diagnostics as M
from ..grammar.parser import Parse, parse
from ..grammar.syntax import GRANDFATHERED, WELL_FORMED
from ..grammar.values import Canonicalization, Diagnostic, Fix, Role, Severity, Step, Subtag
from ..text.catalogue import _, forget_on_language_change
from ..text.frozen import replace
from .advice import Advisor
from .canonical import Canonicalizer
from .fastpath import FAST_MAX, FastPath, parse_match, quick_parse
from .illshape import IllShapes, maybe_locale_id
from .quickadvice import QuickAdvice
from .results import Analysis, CheckResult
from .tables import Tables
from .uedit import UKeywords, u_keywords, with_u_keywords
from .unicode_validity import UnicodeVerdict, verdict_of

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ..cldr.likely import Supplemental
    from ..cldr.model import CldrData
    from ..registry.extensions import ExtensionsRegistry
    from ..registry.model import Registry

__all__ = [
    "TagEngine",
    "Analysis",
    "Role",
    "Severity",
    "Subtag",
    "Diagnostic",
    "Fix",
    "CheckResult",
    "Step",
    "Canonicalization",
    "UKeywords",
]


class TagEngine:
    """Check and canonicalize language tags against one registry (and CLDR for -u-/-t-).

    >>> from bcp47_explorer.core.data import bundled_engine
    >>> engine = bundled_engine()
    >>> r = engine.check("sl-IT-rozaj-biske")
    >>> r.well_formed, r.valid, r.canonical
    (True, True, 'sl-IT-rozaj-biske')
    >>> [d.code for d in engine.check("iw-Latn-IL").diagnostics]
    ['deprecated']
    """

    def __init__(
        self,
        registry: Registry,
        cldr: CldrData | None = None,
        extensions: ExtensionsRegistry | None = None,
        supplemental: Supplemental | Callable[[], Supplemental] | None = None,
    ) -> None:
        self.registry = registry
        self.cldr = cldr
        self.extensions = extensions
        # CLDR's likely subtags, parents and matching data: an object, or a loader called on first use
        # (most runs never need it, and loading it costs start-up time). Nothing else is ever read.
        self._supplemental = supplemental
        self._supplemental_error = "" if supplemental is not None else "no CLDR supplemental data was given"
        #: The repair (``build.repair``) handed in by the composer: the tag it makes of a text that is not a valid
        #: tag, or None. ``check --json`` and the batch export give it as ``fix`` where the checker's own first
        #: fix is missing or not valid. None: the first fix alone.
        self.repair_fix: Callable[[str], str | None] | None = None
        #: Whether :attr:`repair_fix` reads no names (the composer's repair for ``check --json``): then a text with
        #: no platform's shape and no fix of the checker gets none from it, and ``check --json`` does not ask it.
        self.repair_reads_no_names = False
        #: What other modules of this layer make once per engine and keep with it (``checkjson``'s line writers),
        #: by name: kept here, not in a table keyed by the engine, they go when the engine goes.
        self.kept: dict[str, object] = {}
        #: CLDR's plausibility notes on a valid canonical tag (``build.plausible``: ``es-LA``, ``vi-VI``), handed in
        #: by the composer: ``check --json`` and the batch export write them as ``plausibility``, ``check``'s text
        #: output as notes. Never a verdict. None: no notes.
        self.plausibility: Callable[[str], Sequence[str]] | None = None
        #: Whether a JSON line carries ``plausibility`` (``check --json`` asks for it with ``--plausibility``: the
        #: notes are sentences, worded for each unusual tag, and cost more than the check on such columns).
        self.plausibility_in_json = True
        self.tables = Tables(registry)
        registered = frozenset(r.identifier.lower() for r in extensions) if extensions is not None else frozenset("tu")
        self.canonicalizer = Canonicalizer(self.tables)
        self.advisor = Advisor(self.tables, registry.file_date, cldr, registered)
        self.fast_path = FastPath(self.tables, self.canonicalizer.redundant, self.advisor)
        self.quick_advice = QuickAdvice(self.advisor, self.canonicalizer, self._weigh_fixes)
        # The analysis of a fast-path tag (None: take the precise path); see :mod:`.quickadvice`.
        self.quick_analysis = self.quick_advice.analysis
        self._match = WELL_FORMED.fullmatch
        self._fast = self.fast_path.match
        # The last ill-formed text full_analysis or analyze analysed, and its analysis: ``check --json`` asks the
        # repair for the fix of such a text, whose first step analyses the same text again. Worded: forgotten on a
        # change of language.
        self._last_ill_formed: tuple[str, Analysis] | None = None
        # The parse of an ill-formed text that is a tag with one slip around it, from the tag's regex groups (None:
        # not such a text); see _ill_formed_analysis.
        lanes = IllShapes(self.fast_path)
        self._slip_parse = lanes.parse
        self._slip_errors = lanes.slip_errors
        self._end_parse = lanes.parse_end
        self._underscore_parse = lanes.parse_underscore
        self._swapped_parse = lanes.parse_swapped
        forget_on_language_change(self, TagEngine._forget_last)

    def _forget_last(self) -> None:
        self._last_ill_formed = None

    @property
    def supplemental(self) -> Supplemental | None:
        """Return the engine's CLDR supplemental data (loaded on first use), or None; see :attr:`supplemental_error`."""
        got = self._supplemental
        if got is None or not callable(got):
            return got
        try:
            loaded = got()
        except DataError as exc:
            self._supplemental, self._supplemental_error = (
                None,
                _("CLDR supplemental data unavailable: {error}").format(error=exc),
            )
            return None
        self._supplemental = loaded
        return loaded

    @property
    def supplemental_error(self) -> str:
        """Say why :attr:`supplemental` is None ("" when it is not)."""
        return "" if self.supplemental is not None else self._supplemental_error

    # ------------------------------------------------------------------ public
    def check(self, text: str) -> CheckResult:
        """Check *text* (any string); never raise.

        >>> from bcp47_explorer.core.data import bundled_engine
        >>> r = bundled_engine().check("en-US-Latn")
        >>> r.well_formed, [(s.text, s.role.value) for s in r.subtags]
        (False, [('en', 'language'), ('US', 'region'), ('Latn', 'script')])
        >>> r.diagnostics[0].code, r.diagnostics[0].fix.tag
        ('script-after-region', 'en-Latn-US')
        """
        if len(text) <= FAST_MAX:
            m = self._match(text)
            if m is not None:
                g = m.groups()
                got = self._fast(text, g)
                if got is not None:
                    return CheckResult(text, self, True, True, got, None, g)
            elif text.lower() not in GRANDFATHERED:
                return CheckResult(text, self, False, False, None)
        a = self.analyze(text)
        return CheckResult(text, self, a.parse.well_formed, a.valid, a.canonical_tag, a)

    def is_valid(self, text: str) -> bool:
        """Tell whether *text* is a valid tag."""
        return self.check(text).valid

    def canonicalize(self, text: str) -> Canonicalization:
        """Return the RFC 5646 §4.5 canonical form with its steps; an ill-formed input comes back unchanged.

        >>> from bcp47_explorer.core.data import bundled_engine
        >>> engine = bundled_engine()
        >>> engine.canonicalize("en-b-warble-a-babble").tag, engine.canonicalize("zh-yue").tag
        ('en-a-babble-b-warble', 'yue')
        >>> for step in engine.canonicalize("iw-BU").steps:
        ...     print(step)
        iw-BU -> he-BU: language 'iw' (Hebrew) has Preferred-Value 'he' (RFC 5646 §4.5 step 3)
        he-BU -> he-MM: region 'BU' (Burma) has Preferred-Value 'MM' (RFC 5646 §4.5 step 3)
        """
        a = self.analyze(text)
        return a.canonical if a.canonical is not None else Canonicalization(text, ())

    def extlang_form(self, text: str) -> Canonicalization:
        """Return the extlang form with its steps; an ill-formed input comes back unchanged."""
        a = self.analyze(text)
        return a.extlang if a.extlang is not None else Canonicalization(text, ())

    def extlang_of(self, canonical: str) -> str:
        """Return the extlang form of a tag already in canonical form."""
        return self.tables.extlang_of(canonical)

    def check_analyzed(self, text: str) -> CheckResult:
        """Check *text* and analyze it at once, for callers that read every subtag and diagnostic.

        The result equals ``check(text)`` with its analysis read; the regex runs once, not twice.
        """
        a = self.full_analysis(text)
        return CheckResult(text, self, a.parse.well_formed, a.valid, a.canonical_tag, a)

    def full_analysis(self, text: str) -> Analysis:
        """Return what ``check(text).analysis`` returns, with the regex run once, not twice."""
        if len(text) <= FAST_MAX:
            m = self._match(text)
            if m is not None:
                g = m.groups()
                return self.matched_analysis(text, g, self._fast(text, g))
        return self.unmatched_analysis(text)

    def unmatched_analysis(self, text: str) -> Analysis:
        """Return what :meth:`full_analysis` returns for *text*, which the regex was just found not to match."""
        if len(text) <= FAST_MAX and text.lower() not in GRANDFATHERED:
            a = self._ill_formed_analysis(text)
            self._last_ill_formed = (text, a)  # what analyze(text) gives: the repair of its fix asks it next
            return a
        return self.analyze(text)

    def matched_analysis(self, text: str, groups: tuple[str | None, ...], canonical: str | None) -> Analysis:
        """Return what :meth:`full_analysis` returns for *text*, whose regex match gave *groups*.

        *canonical* is what the fast path gave for those groups (None: the precise path).
        """
        if canonical is not None:
            a = self.quick_advice.analysis(text, groups, canonical)
            return a if a is not None else self._analyze(parse_match(text, groups), canonical, clean=True)
        return self.analyze(text)

    def analyze(
        self, text: str, canonical: str | None = None, groups: tuple[str | None, ...] | None = None
    ) -> Analysis:
        """Run the precise parser and every check on *text*.

        *canonical* is the canonical tag when the fast path has already found it (the tag is then
        clean: no Preferred-Value to apply), so the canonical steps are left for later; the
        diagnostics of such a tag then come from :mod:`.quickadvice` when it can give them.
        Without *canonical*, everything runs through the precise parser (the reference the
        differential tests compare the fast path with). *groups* are the groups of the fast
        path's regex match of *text*, when it has them.
        """
        if groups is not None:
            a = self.quick_advice.analysis(text, groups, canonical)  # type: ignore[arg-type]
            if a is not None:
                return a
        elif canonical is None:
            last = self._last_ill_formed
            if last is not None and last[0] == text:  # an ill-formed text full_analysis has just analysed
                return last[1]
        elif len(text) <= FAST_MAX:
            m = self._match(text)
            if m is not None:
                a = self.quick_advice.analysis(text, m.groups(), canonical)
                if a is not None:
                    return a
        laned = self._lane_analysis(text) if canonical is None and groups is None else None
        a = laned if laned is not None else self._analyze(quick_parse(text), canonical)
        if canonical is None and groups is None and not a.parse.well_formed and len(text) <= FAST_MAX:
            # What full_analysis remembers (a long input is not kept): a column's summary checks an ill-formed
            # value (check, then its analysis), and the repair of its fix then analyses the same text again.
            self._last_ill_formed = (text, a)
        return a

    def _ill_formed_analysis(self, text: str) -> Analysis:
        """Return the analysis of *text*, which the regex does not match and which is not a grandfathered tag.

        A tag with one slip around it (:meth:`.illshape.IllShapes.parse`) gets its parse from the tag's regex groups;
        its errors' one fix, the tag, is well-formed, so :meth:`_analyze` would keep it unweighed, and it adds
        nothing else to such a parse (no '_' or '@', no problem past the limit). Anything else: the precise parser.
        """
        a = self._lane_analysis(text)
        if a is not None:
            return a
        p = parse(text)
        if len(p.subtags) > 1:
            p.subtags.sort(key=_start)
        return self._analyze(p, None)

    def _lane_analysis(self, text: str) -> Analysis | None:
        """Return the analysis of the ill-formed *text* from :class:`.illshape.IllShapes`, or None (see above)."""
        p = self._slip_parse(text)
        if p is not None:
            return Analysis(self.canonicalizer, p, False, None)
        p = self._end_parse(text)
        if p is None:
            if "_" not in text:
                p = self._swapped_parse(text)
            else:
                p = self._underscore_parse(text)
                if p is not None and not maybe_locale_id(text):
                    # All _analyze would add to an ill-formed parse is the reading as a locale id (none here, nor
                    # problems past the limit: the lane leaves those to the parser): weigh the fixes alone.
                    self._weigh_fixes(p)
                    return Analysis(self.canonicalizer, p, False, None)
        return self._analyze(p, None) if p is not None else None

    def _analyze(self, p: Parse, canonical: str | None, *, clean: bool = False, weigh_fixes: bool = True) -> Analysis:
        """Run every check on the parse *p* (see :meth:`analyze`); *weigh_fixes*: keep only fixes that help."""
        canon: Canonicalization | None = None
        if p.well_formed:
            adv = self.advisor
            if clean:
                adv.validate_clean(p)
            else:
                adv.validate(p)
            if canonical is None:
                canon = self.canonicalizer.canonicalize(p)
                canonical = canon.tag
                adv.advise_canonical(p, canon)
            else:
                adv.advise_fast(p, canonical)
        else:
            canonical = None
            if "@" in p.text or "_" in p.text:  # perhaps a pasted Unicode locale identifier
                conv = locale_id_conversion(p.text, self.cldr)
                if conv is not None:
                    row = M.UNICODE_LOCALE_ID_LEGACY if "@" in p.text else M.UNICODE_LOCALE_ID
                    p.diags.append(row.make_of(0, len(p.text), conv[0], conv[1]))
        if p.truncated:
            p.diags.append(M.TOO_MANY_PROBLEMS.make(0, len(p.text), count=p.truncated))
        valid = p.well_formed
        if valid:
            # RFC 5646 §2.2.9 alone: errors in -u-/-t- content count for the Unicode verdict only.
            first = p.extensions[0].singleton[1] if p.extensions else None
            for d in p.diags:
                if d.severity is Severity.ERROR and not M.judged_by_uts35(d, first):
                    valid = False
                    break
        if weigh_fixes:
            self._weigh_fixes(p)
        return Analysis(self.canonicalizer, p, valid, canonical, canon)

    def _weigh_fixes(self, p: Parse) -> None:
        """Drop every fix whose result is no better than the input (issue 11 item 15).

        The reading taken: a text is better than another when it is well-formed and the other is
        not, or, both alike, when it has fewer errors (errors past the listed ones count too).
        The fix of an error must give a better text than the input; the fix of a warning or a
        note must not give a worse one; and no fix may leave a text without a single letter or
        digit (``x`` is not fixed to an empty tag, nor ``--`` to ``-``: there is no tag to
        reach). Fixes that the fast path's head advice offers on valid tags (the canonical form,
        the tag without its script, the preferred tag) give valid tags, so they are not weighed
        there (the one canonical form that is not valid, a Preferred-Value repeating a variant,
        is left to the precise path by the fast path); the differential test compares both paths
        over large corpora.
        """
        diags = p.diags
        if not any(d.fix is not None for d in diags):
            return
        ill = not p.well_formed
        rank = (1 if ill else 0, p.truncated + sum(1 for d in diags if d.severity is Severity.ERROR))
        known: dict[str, tuple[int, int] | None] = {}
        for i, d in enumerate(diags):
            fix = d.fix
            if fix is None:
                continue
            if fix.tag in known:
                got = known[fix.tag]
            elif ill and self._surely_well_formed(fix.tag):
                # A well-formed fix of an ill-formed text is better whatever its errors: (0, n) < (1, m).
                got = known[fix.tag] = _WELL_FORMED_RANK
            else:
                got = known[fix.tag] = self._rank(fix.tag) if _has_alnum(fix.tag) else None
            if got is None or got > rank or (got == rank and d.severity is Severity.ERROR):
                diags[i] = _without_fix(d)

    def _surely_well_formed(self, text: str) -> bool:
        """Tell whether the regex alone shows *text* well-formed (False: perhaps not, ask :meth:`_rank`).

        The regex matches a 4 to 8 letter language with extlangs too, which the precise parser finds ill-formed;
        a tag it matches never starts with an irregular grandfathered tag (none is a langtag's prefix).
        """
        if len(text) > FAST_MAX:
            return False
        m = self._match(text)
        if m is None:
            return False
        lang = m.group(1)
        return lang is None or m.group(2) is None or len(lang) <= 3

    def _rank(self, text: str) -> tuple[int, int]:
        """Return (0 when *text* is well-formed else 1, its number of errors); fixes are not weighed (no recursion)."""
        if len(text) <= FAST_MAX:
            m = self._match(text)
            if m is not None:
                if self._fast(text, m.groups()) is not None:
                    return (0, 0)  # valid
            else:
                # A tag with one slip (the fix of a bad character is often 'kw-AR-i'): its parse from the tag's
                # groups is the precise parser's, and _analyze adds nothing to it (see _ill_formed_analysis).
                errors = self._slip_errors(text)
                if errors is not None:
                    return (1, errors)
        q = self._analyze(quick_parse(text), None, weigh_fixes=False).parse
        return (0 if q.well_formed else 1, q.truncated + sum(1 for d in q.diags if d.severity is Severity.ERROR))

    # ---------------------------------------------------------------- -u- editing
    def u_keywords(self, text: str) -> UKeywords:
        """Return the first -u- extension of *text* parsed into attributes and keywords (lowercase)."""
        return u_keywords(text)

    def with_u_keywords(
        self, tag: str, attributes: Sequence[str], keywords: Sequence[tuple[str, Sequence[str]]]
    ) -> str:
        """Return *tag* with its -u- part replaced by *attributes* and *keywords* in canonical order.

        >>> from bcp47_explorer.core.data import bundled_engine
        >>> bundled_engine().with_u_keywords("de-DE-x-a", [], [("nu", ["latn"]), ("ca", ["gregory"])])
        'de-DE-u-ca-gregory-nu-latn-x-a'
        """
        return with_u_keywords(tag, attributes, keywords)

    # ------------------------------------------------------------ Unicode locales
    def to_unicode_locale(self, tag: str) -> tuple[str, list[str]]:
        """Return the Unicode locale identifier (UTS #35) for a BCP 47 *tag*, with notes on what changed."""
        from .unicode_locale import to_unicode_locale  # on use: `bcp47 check` does not need it

        return to_unicode_locale(self, tag)

    def unicode_verdict(self, analysis: Analysis) -> UnicodeVerdict:
        """Return whether the analysed tag is a valid Unicode locale identifier (UTS #35), apart from ``valid``."""
        return verdict_of(self, analysis)

    def from_unicode_locale(self, text: str) -> tuple[str, list[str]]:
        """Return the BCP 47 tag for a Unicode locale id or legacy LDML locale, with notes on what changed."""
        from .unicode_locale import from_unicode_locale  # on use: `bcp47 check` does not need it

        return from_unicode_locale(self, text)


#: What :meth:`TagEngine._weigh_fixes` counts a fix the regex shows well-formed as, against an ill-formed text.
_WELL_FORMED_RANK = (0, 0)


def _without_fix(d: Diagnostic) -> Diagnostic:
    """Return ``replace(d, fix=None)``: a parse's diagnostic (no field, no line) made directly, without the copy."""
    if d.field or d.line:
        return replace(d, fix=None)
    return M.make_diagnostic(d.code, d.severity, d.start, d.end, d.message, None, d.section)


def _start(s: tuple[str, int, int, str]) -> int:
    return s[1]


def _has_alnum(text: str) -> bool:
    """Tell whether *text* holds an ASCII letter or digit (anything a subtag could be made of)."""
    return any(c.isascii() and c.isalnum() for c in text)
