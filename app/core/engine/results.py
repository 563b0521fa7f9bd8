"""The results of checking a tag: :class:`CheckResult` (what callers read) and :class:`Analysis` (the precise part).

Both compute what they hold on first use: a batch that only asks ``valid`` never builds
subtags, diagnostics or canonicalization steps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ..grammar.diagnostics import judged_by_uts35
from ..grammar.parser import Parse
from ..grammar.values import Canonicalization, Diagnostic, Role, Severity, Step, Subtag
from .canonical import Canonicalizer
from .fastpath import parse_match

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up: see text.static)

if TYPE_CHECKING:
    from typing import Any

__all__ = ["Analysis", "CheckResult", "diagnostic_order", "first_fix", "fix_for"]

_ROLES = {r.value: r for r in Role}
# Keyed by the severities' values: a look-up by the member itself calls Enum's __hash__, a Python function.
_SEVERITY_ORDER = {Severity.ERROR.value: 0, Severity.WARNING.value: 1, Severity.INFO.value: 2}


def first_fix(diagnostics: Iterable[Diagnostic]) -> str | None:
    """Return the tag of the first fix *diagnostics* offer, in their order; None when none does.

    What ``bcp47 check --json`` writes as ``fix`` and the column functions give as ``fix``.

    >>> from bcp47_explorer.core.grammar.values import Diagnostic, Fix, Severity
    >>> first_fix([Diagnostic("a", Severity.ERROR, 0, 1, "m"), Diagnostic("b", Severity.WARNING, 0, 1, "m",
    ...     Fix("use x", "x"))])
    'x'
    """
    for d in diagnostics:
        if d.fix is not None:
            return d.fix.tag
    return None


if TYPE_CHECKING:  # what the type checker reads: protocols, no class at run time
    from typing import Protocol

    class _Verdict(Protocol):
        """The Unicode verdict as a result reads it (:class:`.uts35_validity.UnicodeVerdict`)."""

        @property
        def valid(self) -> bool: ...

        @property
        def own(self) -> tuple[Diagnostic, ...]: ...

    class _Engine(Protocol):
        """What a result asks of the engine that made it."""

        def analyze(
            self, text: str, canonical: str | None = None, groups: tuple[str | None, ...] | None = None
        ) -> Analysis: ...

        def extlang_of(self, canonical: str) -> str: ...

        def unicode_verdict(self, analysis: Analysis) -> _Verdict: ...
        def is_valid(self, text: str) -> bool: ...

        repair_fix: Callable[[str], str | None] | None
        plausibility: Callable[[str], Sequence[str]] | None

        def quick_analysis(self, text: str, groups: tuple[str | None, ...], canonical: str) -> Analysis | None: ...


def fix_for(engine: _Engine, tag: str, valid: bool, diags: Sequence[Diagnostic]) -> str | None:
    """Return the ``fix`` of *tag*: the first fix, or for a tag that is not valid the repair's where that is better.

    The repair (``engine.repair_fix``, handed in by the composer) reads ISO 639 codes, platforms' locale strings
    and slips the checker's fixes do not (``de_DE.UTF-8`` → ``de-DE``, ``rus_Cyrl`` → ``ru-Cyrl``, not the
    still invalid ``rus-Cyrl``): it is used when the first fix is missing or does not make a valid tag. Without a
    repair, or when it finds nothing, the first fix as before.
    """
    fix = first_fix(diags)
    repair = engine.repair_fix
    if not valid and repair is not None and (fix is None or not engine.is_valid(fix)):
        fix = repair(tag) or fix
    return fix


def plausibility_of(engine: _Engine, canonical: str | None) -> list[str]:
    """Return CLDR's plausibility notes on a valid tag's *canonical* form (``engine.plausibility``; [] for None)."""
    notes = engine.plausibility
    return list(notes(canonical)) if notes is not None and canonical is not None else []


def _diag_order(d: Diagnostic) -> tuple[int, int]:
    return _SEVERITY_ORDER[d.severity._value_], d.start


diagnostic_order = _diag_order  # the order diagnostics are listed in: errors, warnings, info; each by start


class Analysis:
    """The precise analysis of one input: parse, every diagnostic, validity and both canonical forms.

    The canonical forms with their steps are computed on first use when the fast path already
    knows the canonical tag.
    """

    __slots__ = (
        "_canon",
        "_canonicalizer",
        "_diagnostics",
        "_ext",
        "_parse",
        "_pending",
        "_subtags",
        "canonical_tag",
        "valid",
    )

    def __init__(
        self,
        canonicalizer: Canonicalizer,
        parse: Parse | None,
        valid: bool,
        canonical_tag: str | None,
        canon: Canonicalization | None = None,
        pending: tuple[str, tuple[str | None, ...], tuple[Diagnostic, ...]] | None = None,
    ) -> None:
        # The fast path hands over the text, its regex groups and the diagnostics in their order
        # (*pending*) instead of the parse, which is then made only when someone reads it.
        self._canonicalizer = canonicalizer
        self._parse = parse
        self._pending = pending
        self.valid = valid
        self.canonical_tag = canonical_tag
        self._canon = canon
        self._ext: Canonicalization | None = None
        self._subtags: tuple[Subtag, ...] | None = None
        self._diagnostics: tuple[Diagnostic, ...] | None = pending[2] if pending is not None else None

    @property
    def parse(self) -> Parse:
        """Return the parse of the input (made on first use when the fast path found the diagnostics)."""
        p = self._parse
        if p is None:
            assert self._pending is not None
            text, groups, diags = self._pending
            p = self._parse = parse_match(text, groups)
            p.diags = list(diags)
        return p

    @property
    def canonical(self) -> Canonicalization | None:
        """Return the canonical form with its steps, or None when the input is not well-formed."""
        if self._canon is None and self.canonical_tag is not None:
            self._canon = self._canonicalizer.canonicalize(self.parse)
        return self._canon

    @property
    def extlang(self) -> Canonicalization | None:
        """Return the extlang form with its steps, or None when the input is not well-formed."""
        if self._ext is None:
            canon = self.canonical
            if canon is not None:
                self._ext = self._canonicalizer.extlang_steps(canon)
        return self._ext

    @property
    def subtags(self) -> tuple[Subtag, ...]:
        """Return the subtags as public values, in input order."""
        if self._subtags is None:
            self._subtags = tuple(Subtag(t, s, e, _ROLES[r]) for t, s, e, r in self.parse.subtags)
        return self._subtags

    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]:
        """Return the diagnostics: errors first, then warnings, then info, each by position."""
        if self._diagnostics is None:
            diags = self.parse.diags
            if not diags:
                self._diagnostics = ()
            else:
                self._diagnostics = tuple(diags) if len(diags) < 2 else tuple(sorted(diags, key=_diag_order))
        return self._diagnostics


class CheckResult:
    """The outcome of checking one input; subtags, diagnostics and steps are computed on first use.

    Read-only: every attribute is a property.
    """

    __slots__ = ("_analysis", "_canonical", "_engine", "_groups", "_input", "_valid", "_well_formed")

    def __init__(
        self,
        text: str,
        engine: _Engine,
        well_formed: bool,
        valid: bool,
        canonical: str | None,
        analysis: Analysis | None = None,
        groups: tuple[str | None, ...] | None = None,
    ) -> None:
        self._input = text
        self._engine = engine
        self._well_formed = well_formed
        self._valid = valid
        self._canonical = canonical
        self._analysis = analysis
        self._groups = groups  # the fast path's regex groups, so the analysis need not match again

    def __repr__(self) -> str:
        return (
            f"CheckResult(input={self._input!r}, well_formed={self._well_formed}, valid={self._valid}, "
            f"canonical={self._canonical!r})"
        )

    @property
    def input(self) -> str:
        """Return the text that was checked."""
        return self._input

    @property
    def well_formed(self) -> bool:
        """Tell whether the input matches the RFC 5646 grammar (or is a grandfathered tag)."""
        return self._well_formed

    @property
    def valid(self) -> bool:
        """Tell whether the tag is valid by RFC 5646 §2.2.9 alone (the Unicode verdict is :mod:`.uts35_validity`'s)."""
        return self._valid

    @property
    def canonical(self) -> str | None:
        """Return the RFC 5646 §4.5 canonical form, or None when the input is not well-formed."""
        return self._canonical

    @property
    def analysis(self) -> Analysis:
        """Return the precise analysis (computed on first use)."""
        a = self._analysis
        if a is None:
            g = self._groups
            if g is not None:  # the fast path's tag: its diagnostics from per-subtag advice, if it can
                a = self._engine.quick_analysis(self._input, g, self._canonical)  # type: ignore[arg-type]
            if a is None:
                # A fast-path result hands its canonical tag over, so the steps are only built if read.
                a = self._engine.analyze(self._input, self._canonical if self._well_formed else None, g)
            self._analysis = a
        return a

    @property
    def subtags(self) -> tuple[Subtag, ...]:
        """Return every subtag with its span and role, in input order."""
        return self.analysis.subtags

    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]:
        """Return every diagnostic: errors, then warnings, then info."""
        return self.analysis.diagnostics

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        """Return the diagnostics of severity error."""
        return tuple(d for d in self.diagnostics if d.severity is Severity.ERROR)

    @property
    def canonical_steps(self) -> tuple[Step, ...]:
        """Return the steps from the input to the canonical form."""
        c = self.analysis.canonical
        return c.steps if c is not None else ()

    @property
    def extlang_form(self) -> str | None:
        """Return the extlang form (canonical, with an extlang-capable language written with its Prefix)."""
        if self._canonical is None:
            return None
        return self._engine.extlang_of(self._canonical)

    @property
    def extlang_steps(self) -> tuple[Step, ...]:
        """Return the steps from the input to the extlang form."""
        e = self.analysis.extlang
        return e.steps if e is not None else ()

    # Structure (as written in the input; None or empty when absent).
    @property
    def language(self) -> str | None:
        """Return the primary language subtag as written."""
        t = self.analysis.parse.language
        return t[0] if t else None

    @property
    def extlangs(self) -> tuple[str, ...]:
        """Return the extlang subtags as written."""
        return tuple(t[0] for t in self.analysis.parse.extlangs)

    @property
    def script(self) -> str | None:
        """Return the script subtag as written."""
        t = self.analysis.parse.script
        return t[0] if t else None

    @property
    def region(self) -> str | None:
        """Return the region subtag as written."""
        t = self.analysis.parse.region
        return t[0] if t else None

    @property
    def variants(self) -> tuple[str, ...]:
        """Return the variant subtags as written, in order."""
        return tuple(t[0] for t in self.analysis.parse.variants)

    @property
    def extensions(self) -> dict[str, tuple[str, ...]]:
        """Return each extension singleton (lowercase) with its subtags as written; first occurrence wins."""
        out: dict[str, tuple[str, ...]] = {}
        for ext in self.analysis.parse.extensions:
            out.setdefault(ext.singleton[0].lower(), tuple(t[0] for t in ext.subtags))
        return out

    @property
    def privateuse(self) -> tuple[str, ...]:
        """Return the private-use subtags after 'x', as written."""
        return tuple(t[0] for t in self.analysis.parse.privateuse)

    @property
    def grandfathered(self) -> str | None:
        """Return the grandfathered tag as written, when the input is or starts with one."""
        t = self.analysis.parse.grandfathered
        return t[0] if t else None

    def as_dict(self) -> dict[str, Any]:
        """Return the JSON shape of ``bcp47 check --json``.

        ``valid`` is RFC 5646 §2.2.9; ``unicode_valid`` the UTS #35 verdict; each diagnostic's
        ``verdict`` names the one its error counts against (null for advice).
        """
        a = self.analysis
        uv = self._engine.unicode_verdict(a)
        p = a.parse
        first = p.extensions[0].singleton[1] if p.extensions else None
        diags = (*a.diagnostics, *uv.own)
        return {
            "input": self._input,
            "well_formed": self._well_formed,
            "valid": self._valid,
            "unicode_valid": uv.valid,
            "canonical": self._canonical,
            "extlang_form": self.extlang_form,
            "subtags": [{"text": t, "start": s, "end": e, "role": r} for t, s, e, r in a.parse.subtags],
            "diagnostics": [
                {
                    "code": d.code,
                    "severity": d.severity.value,
                    "start": d.start,
                    "end": d.end,
                    "message": d.message,
                    "verdict": None
                    if d.severity is not Severity.ERROR
                    else "unicode_valid"
                    if judged_by_uts35(d, first)
                    else "valid",
                }
                for d in diags
            ],
            "fix": fix_for(self._engine, self._input, self._valid, diags),
            "plausibility": plausibility_of(self._engine, self._canonical if self._valid else None),
        }
