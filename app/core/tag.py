"""The tag engine: parse, check and canonicalize any string as a BCP 47 language tag.

>>> engine = TagEngine.bundled()
>>> r = engine.check("en-US-Latn")
>>> r.well_formed, [(s.text, s.role.value) for s in r.subtags]
(False, [('en', 'language'), ('US', 'region'), ('Latn', 'script')])
>>> r.diagnostics[0].code, r.diagnostics[0].fix.tag
('script-after-region', 'en-Latn-US')
>>> engine.check("zh-yue").canonical, engine.check("zh-yue").extlang_form
('yue', 'zh-yue')
>>> engine.canonicalize("en-b-warble-a-babble").tag
'en-a-babble-b-warble'

Design (speed is a requirement: the editor checks on every keystroke and the CLI checks
files of tags). ``check`` first tries one compiled regex for the whole RFC 5646 grammar. A
tag that matches and whose subtags are all in clean registry tables (known, no
Preferred-Value, no duplicates, -u- keys and types CLDR lists) gets ``valid`` and
``canonical`` from a few dict lookups. A string the regex rejects is ill-formed (unless it
is a grandfathered tag) and needs no more work until someone reads its subtags or
diagnostics. Everything else, and every read of subtags or diagnostics, goes through the
precise parser (:mod:`app.core.grammar`) plus the registry checks below; it is computed once
per result, on first use. Tests pin that both paths agree.

Decisions where the standards leave room (each is pinned by a test):

- ``heploc``: canonicalization applies Preferred-Values subtag by subtag (RFC 5646 §4.5
  step 3), so ``ja-Latn-hepburn-heploc`` becomes ``ja-Latn-hepburn-alalc97``: the step is
  mechanical, idempotent and never drops a subtag the author wrote. The record's Comments
  ("Preferred tag is ja-Latn-alalc97") are offered as a separate fix (code ``preferred-tag``).
- Problems in ``-u-``/``-t-`` that CLDR calls errors (unknown key or type, bad value) make the
  tag not valid: RFC 6067 §2.1 and RFC 6497 §2.2 make CLDR's data part of the definition.
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

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any

from . import grammar
from .grammar import Parse, RawDiag, Token
from .tagvalues import Canonicalization, Diagnostic, Fix, Role, Severity, Step, Subtag

if TYPE_CHECKING:
    from .cldr import CldrData
    from .registry import Record, Registry

__all__ = [
    "TagEngine",
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

_ROLES = {r.value: r for r in Role}
_SEVERITIES = {s.value: s for s in Severity}

# The whole RFC 5646 langtag / privateuse grammar in one pattern. Extlangs are matched after
# any language so the fast path can send a 4-8 letter language with extlangs to the parser.
_WELL_FORMED = re.compile(
    r"(?:(?P<lang>[A-Za-z]{2,8})(?P<ext>(?:-[A-Za-z]{3}){1,3})?"
    r"(?:-(?P<script>[A-Za-z]{4}))?"
    r"(?:-(?P<region>[A-Za-z]{2}|[0-9]{3}))?"
    r"(?P<var>(?:-(?:[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*)"
    r"(?P<exts>(?:-[A-WYZa-wyz0-9](?:-[A-Za-z0-9]{2,8})+)*)"
    r"(?:-[xX](?P<pu>(?:-[A-Za-z0-9]{1,8})+))?"
    r"|[xX](?P<pu2>(?:-[A-Za-z0-9]{1,8})+))"
)
# Longer inputs go straight to the linear parser; no real tag comes close.
_FAST_MAX = 256

_SECTION = {"language": "§2.2.1", "extlang": "§2.2.2", "script": "§2.2.3", "region": "§2.2.4", "variant": "§2.2.5"}

# Codes people often type for another one; offered only when the typed code is not registered.
_LANGUAGE_HINTS = {
    "jp": "ja", "cn": "zh", "cz": "cs", "dk": "da", "gr": "el", "ua": "uk", "kr": "ko", "vn": "vi",
    "eng": "en", "fre": "fr", "fra": "fr", "ger": "de", "deu": "de", "spa": "es", "ita": "it", "jpn": "ja",
    "chi": "zh", "zho": "zh", "rus": "ru", "por": "pt", "dut": "nl", "nld": "nl", "ara": "ar", "kor": "ko",
    "pol": "pl", "swe": "sv", "tur": "tr", "gre": "el", "ell": "el", "heb": "he", "hin": "hi",
}  # fmt: skip
_REGION_HINTS = {"uk": "GB", "el": "GR", "ja": "JP", "en": "GB"}

_SPECIAL = {
    "und": ("undetermined-language", "'und' means the language is undetermined; use it only when the language "
            "really is unknown (RFC 5646 §4.1)."),
    "mul": ("multiple-languages", "'mul' means several languages; tag each part with its own language where you "
            "can (RFC 5646 §4.1)."),
    "zxx": ("no-linguistic-content", "'zxx' means the content has no linguistic content (music, images, data); "
            "it is not a language (RFC 5646 §4.1)."),
    "mis": ("uncoded-language", "'mis' means the language has no code yet; a registered or private-use code is "
            "more useful to readers (RFC 5646 §4.1)."),
}  # fmt: skip


# --------------------------------------------------------------------------- results
@dataclass(frozen=True, slots=True)
class UKeywords:
    """The parsed ``-u-`` part of a tag: attributes and (key, types) keywords, lowercase, as written."""

    attributes: tuple[str, ...] = ()
    keywords: tuple[tuple[str, tuple[str, ...]], ...] = ()


class Analysis:
    """The precise analysis of one input: parse, every diagnostic, validity and both canonical forms.

    The canonical forms with their steps are computed on first use when the fast path already
    knows the canonical tag.
    """

    __slots__ = ("_canon", "_diagnostics", "_engine", "_ext", "_subtags", "canonical_tag", "parse", "valid")

    def __init__(self, engine: TagEngine, parse: Parse, valid: bool, canonical_tag: str | None,
                 canon: Canonicalization | None = None) -> None:  # fmt: skip
        self._engine = engine
        self.parse = parse
        self.valid = valid
        self.canonical_tag = canonical_tag
        self._canon = canon
        self._ext: Canonicalization | None = None
        self._subtags: tuple[Subtag, ...] | None = None
        self._diagnostics: tuple[Diagnostic, ...] | None = None

    @property
    def canonical(self) -> Canonicalization | None:
        """Return the canonical form with its steps, or None when the input is not well-formed."""
        if self._canon is None and self.canonical_tag is not None:
            self._canon = self._engine._canonicalize(self.parse)
        return self._canon

    @property
    def extlang(self) -> Canonicalization | None:
        """Return the extlang form with its steps, or None when the input is not well-formed."""
        if self._ext is None:
            canon = self.canonical
            if canon is not None:
                self._ext = self._engine._extlang_steps(canon)
        return self._ext

    @property
    def subtags(self) -> tuple[Subtag, ...]:
        """Return the subtags as public values, in input order."""
        if self._subtags is None:
            self._subtags = tuple(Subtag(t, s, e, _ROLES[r]) for t, s, e, r in self.parse.subtags)
        return self._subtags

    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]:
        """Return the diagnostics as public values: errors first, then warnings, then info."""
        if self._diagnostics is None:
            self._diagnostics = tuple(
                Diagnostic(c, _SEVERITIES[sev], s, e, msg, Fix(fl, ft) if ft is not None and fl else None)
                for c, sev, s, e, msg, fl, ft in self.raw_diagnostics()
            )
        return self._diagnostics

    def raw_diagnostics(self) -> list[RawDiag]:
        """Return the raw diagnostic tuples, ordered by severity then position."""
        diags = self.parse.diags
        if len(diags) < 2:
            return diags
        return sorted(diags, key=_diag_order)


_SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


def _diag_order(d: RawDiag) -> tuple[int, int]:
    return _SEVERITY_ORDER[d[1]], d[2]


class CheckResult:
    """The outcome of checking one input; subtags, diagnostics and steps are computed on first use.

    Read-only: every attribute is a property.
    """

    __slots__ = ("_analysis", "_canonical", "_engine", "_input", "_valid", "_well_formed")

    def __init__(self, text: str, engine: TagEngine, well_formed: bool, valid: bool, canonical: str | None,
                 analysis: Analysis | None = None) -> None:  # fmt: skip
        self._input = text
        self._engine = engine
        self._well_formed = well_formed
        self._valid = valid
        self._canonical = canonical
        self._analysis = analysis

    def __repr__(self) -> str:
        return (f"CheckResult(input={self._input!r}, well_formed={self._well_formed}, valid={self._valid}, "
                f"canonical={self._canonical!r})")  # fmt: skip

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
        """Tell whether the tag is valid (RFC 5646 §2.2.9, plus CLDR for -u-/-t-)."""
        return self._valid

    @property
    def canonical(self) -> str | None:
        """Return the RFC 5646 §4.5 canonical form, or None when the input is not well-formed."""
        return self._canonical

    @property
    def analysis(self) -> Analysis:
        """Return the precise analysis (computed on first use)."""
        if self._analysis is None:
            # A fast-path result hands its canonical tag over, so the steps are only built if read.
            self._analysis = self._engine.analyze(self._input, self._canonical if self._well_formed else None)
        return self._analysis

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
        return self._engine._extlang_of(self._canonical)

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
        """Return the JSON shape of ``bcp47 check --json``."""
        a = self.analysis
        return {
            "input": self._input,
            "well_formed": self._well_formed,
            "valid": self._valid,
            "canonical": self._canonical,
            "extlang_form": self.extlang_form,
            "subtags": [{"text": t, "start": s, "end": e, "role": r} for t, s, e, r in a.parse.subtags],
            "diagnostics": [
                {"code": c, "severity": sev, "start": s, "end": e, "message": m}
                for c, sev, s, e, m, _fl, _ft in a.raw_diagnostics()
            ],
        }


# ---------------------------------------------------------------------------- engine
class _Tables:
    """Registry data reshaped for the engine's lookups (lowercase keys)."""

    def __init__(self, registry: Registry) -> None:
        self.lang: dict[str, Record] = dict(registry.table("language"))
        self.extlang: dict[str, Record] = dict(registry.table("extlang"))
        self.script: dict[str, Record] = dict(registry.table("script"))
        self.region: dict[str, Record] = dict(registry.table("region"))
        self.variant: dict[str, Record] = dict(registry.table("variant"))
        self.by_type = {"language": self.lang, "extlang": self.extlang, "script": self.script,
                        "region": self.region, "variant": self.variant}  # fmt: skip
        # Clean subsets for the fast path: registered and without a Preferred-Value.
        self.lang_ok = frozenset(k for k, r in self.lang.items() if r.preferred_value is None)
        self.script_ok = {k: k.title() for k, r in self.script.items() if r.preferred_value is None}
        self.region_ok = {k: k.upper() for k, r in self.region.items() if r.preferred_value is None}
        self.variant_ok = frozenset(k for k, r in self.variant.items() if r.preferred_value is None)
        self.extlang_prefix = {k: r.prefixes[0].lower() for k, r in self.extlang.items() if r.prefixes}
        self.variant_prefixes = {
            k: tuple(tuple(p.lower().split("-")) for p in r.prefixes) for k, r in self.variant.items()
        }
        # Whole-tag records. Grandfathered tags count only as a whole; a redundant tag with a
        # Preferred-Value counts at the start of a tag (see the module docstring).
        self.tags: dict[str, Record] = {}
        self.redundant: dict[str, list[tuple[tuple[str, ...], Record]]] = {}
        for rec in registry.records:
            if rec.type in ("grandfathered", "redundant"):
                self.tags[rec.code.lower()] = rec
                if rec.type == "redundant" and rec.preferred_value:
                    subtags = tuple(rec.code.lower().split("-"))
                    self.redundant.setdefault(subtags[0], []).append((subtags, rec))
        for lst in self.redundant.values():
            lst.sort(key=lambda x: -len(x[0]))  # longest first: 'zh-cmn-hans' before 'zh-cmn'
        self.grandfathered_first = frozenset(k.split("-")[0] for k, r in self.tags.items() if r.type == "grandfathered")


class TagEngine:
    """Check and canonicalize language tags against one registry (and CLDR for -u-/-t-)."""

    def __init__(self, registry: Registry, cldr: CldrData | None = None, extensions: Any = None) -> None:
        self.registry = registry
        self.cldr = cldr
        self.extensions = extensions
        self._t = _Tables(registry)
        # Redundant tags whose Preferred-Value the subtag replacements reproduce anyway ('zh-yue' ->
        # 'yue') need no whole-tag step; only the others ('sgn-BR' -> 'bzs') do, and only they
        # send a tag to the precise path.
        for first, lst in list(self._t.redundant.items()):
            keep = [
                (subtags, rec)
                for subtags, rec in lst
                if self._subtag_replacement(list(subtags)) != (rec.preferred_value or "").lower().split("-")
            ]
            if keep:
                self._t.redundant[first] = keep
            else:
                del self._t.redundant[first]
        self._t_keys: dict[str, Any] = dict(cldr.t_keys) if cldr is not None else {}
        self._match = _WELL_FORMED.fullmatch
        self._u_keys: dict[str, Any] = dict(cldr.u_keys) if cldr is not None else {}
        # Per subtag type: lowercase code -> whether the registry gives it no advice (filled on use).
        self._quiet_keywords: dict[tuple[str, str, str], bool] = {}
        self._quiet: dict[str, dict[str, bool]] = {k: {} for k in _SECTION}
        if extensions is not None:
            self._registered_singletons = frozenset(r.identifier.lower() for r in extensions)
        else:
            self._registered_singletons = frozenset({"t", "u"})

    @classmethod
    @lru_cache(maxsize=1)
    def bundled(cls) -> TagEngine:
        """Return an engine on the bundled registry, CLDR data and extensions registry (built once)."""
        from . import data

        registry = data.bundled_registry()
        cldr = None
        loader = getattr(data, "bundled_cldr", None)
        if loader is not None:
            try:
                cldr = loader()
            except data.DataError:
                cldr = None  # the tag engine still works; -u-/-t- get syntax checks only
        extensions = None
        try:
            extensions = data.bundled_extensions_registry()
        except data.DataError:
            extensions = None
        return cls(registry, cldr, extensions)

    # ------------------------------------------------------------------ public
    def check(self, text: str) -> CheckResult:
        """Check *text* (any string); never raise."""
        if len(text) <= _FAST_MAX:
            m = self._match(text)
            if m is not None:
                got = self._fast(text, m.groups())
                if got is not None:
                    return CheckResult(text, self, True, True, got)
            elif text.lower() not in grammar.GRANDFATHERED:
                return CheckResult(text, self, False, False, None)
        a = self.analyze(text)
        return CheckResult(text, self, a.parse.well_formed, a.valid, a.canonical_tag, a)

    def is_valid(self, text: str) -> bool:
        """Tell whether *text* is a valid tag."""
        return self.check(text).valid

    def canonicalize(self, text: str) -> Canonicalization:
        """Return the RFC 5646 §4.5 canonical form with its steps; an ill-formed input comes back unchanged."""
        a = self.analyze(text)
        return a.canonical if a.canonical is not None else Canonicalization(text, ())

    def extlang_form(self, text: str) -> Canonicalization:
        """Return the extlang form with its steps; an ill-formed input comes back unchanged."""
        a = self.analyze(text)
        return a.extlang if a.extlang is not None else Canonicalization(text, ())

    def check_analyzed(self, text: str) -> CheckResult:
        """Check *text* and analyze it at once, for callers that read every subtag and diagnostic.

        The result equals ``check(text)`` with its analysis read; the regex runs once, not twice.
        """
        a = self.full_analysis(text)
        p = a.parse
        return CheckResult(text, self, p.well_formed, a.valid, a.canonical_tag, a)

    def full_analysis(self, text: str) -> Analysis:
        """Return what ``check(text).analysis`` returns, with the regex run once, not twice."""
        if len(text) <= _FAST_MAX:
            m = self._match(text)
            if m is not None:
                g = m.groups()
                got = self._fast(text, g)
                if got is not None:
                    _lang, ext, script, region, var = g[:5]
                    p = grammar.parse_well_formed(
                        text, ext.count("-") if ext else 0, script is not None, region is not None,
                        var.count("-") if var else 0,
                    )  # fmt: skip
                    return self._analyze(p, got, clean=True)
            elif text.lower() not in grammar.GRANDFATHERED:
                p = grammar.parse(text)
                if len(p.subtags) > 1:
                    p.subtags.sort(key=_start)
                return self._analyze(p, None)
        return self.analyze(text)

    def analyze(self, text: str, canonical: str | None = None) -> Analysis:
        """Run the precise parser and every check on *text*.

        *canonical* is the canonical tag when the fast path has already found it (the tag is then
        clean: no Preferred-Value to apply), so the canonical steps are left for later.
        """
        return self._analyze(self._parse(text), canonical)

    def _analyze(self, p: Parse, canonical: str | None, *, clean: bool = False) -> Analysis:
        """Run every check on the parse *p* (see :meth:`analyze`)."""
        text = p.text
        canon: Canonicalization | None = None
        if p.well_formed:
            if clean:
                self._validate_clean(p)
            else:
                self._validate(p)
            if canonical is None:
                canon = self._canonicalize(p)
                canonical = canon.tag
                self._advise_canonical(p, canon)
            else:
                self._advise_fast(p, canonical)
        else:
            canonical = None
        if p.truncated:
            p.diags.append(("too-many-problems", "info", 0, len(text), f"{p.truncated} more problems are not "
                            "listed.", None, None))  # fmt: skip
        valid = p.well_formed
        if valid:
            for d in p.diags:
                if d[1] == "error":
                    valid = False
                    break
        return Analysis(self, p, valid, canonical, canon)

    def _parse(self, text: str) -> Parse:
        """Parse *text*: from the regex match when it is a well-formed langtag, else precisely."""
        if len(text) <= _FAST_MAX:
            m = self._match(text)
            if m is not None:
                lang, ext, script, region, var = m.group("lang", "ext", "script", "region", "var")
                ok = lang is None or not (ext and len(lang) > 3)
                if ok and lang is not None and lang.lower() in grammar.REGULAR_FIRST:
                    ok = text.lower() not in grammar.GRANDFATHERED
                if ok:
                    return grammar.parse_well_formed(
                        text, ext.count("-") if ext else 0, script is not None, region is not None,
                        var.count("-") if var else 0,
                    )  # fmt: skip
        p = grammar.parse(text)
        if len(p.subtags) > 1:
            p.subtags.sort(key=_start)
        return p

    def u_keywords(self, text: str) -> UKeywords:
        """Return the first -u- extension of *text* parsed into attributes and keywords (lowercase)."""
        p = grammar.parse(text)
        for ext in p.extensions:
            if ext.singleton[0].lower() == "u":
                return UKeywords(
                    tuple(a[0].lower() for a in ext.attributes),
                    tuple((k[0].lower(), tuple(t[0].lower() for t in ts)) for k, ts in ext.keywords),
                )
        return UKeywords()

    def with_u_keywords(self, tag: str, attributes: Sequence[str],
                        keywords: Sequence[tuple[str, Sequence[str]]]) -> str:  # fmt: skip
        """Return *tag* with its -u- part replaced by *attributes* and *keywords* in canonical order.

        Empty attributes and keywords remove the -u- part. Other extensions keep their place in
        singleton order; private use stays last.

        >>> TagEngine.bundled().with_u_keywords("de-DE-x-a", [], [("nu", ["latn"]), ("ca", ["gregory"])])
        'de-DE-u-ca-gregory-nu-latn-x-a'
        """
        p = grammar.parse(tag)
        text = p.text
        # Cut at the first singleton; rebuild the tail with the new -u-.
        cut = len(text)
        if p.extensions:
            cut = p.extensions[0].singleton[1] - 1
        elif p.x_token is not None:
            cut = p.x_token[1] - 1
        head = text[:cut] if cut > 0 else ""
        seqs: list[tuple[str, list[str]]] = []
        for ext in p.extensions:
            s = ext.singleton[0].lower()
            if s != "u" and all(x[0] != s for x in seqs):
                seqs.append((s, [t[0].lower() for t in ext.subtags]))
        u_body = _u_canonical_body(
            [a.lower() for a in attributes], [(k.lower(), [t.lower() for t in ts]) for k, ts in keywords]
        )
        if u_body:
            seqs.append(("u", u_body))
        seqs.sort(key=lambda x: x[0])
        parts = [head] if head else []
        parts.extend(s + "-" + "-".join(body) for s, body in seqs)
        if p.x_token is not None:
            parts.append("x-" + "-".join(t[0].lower() for t in p.privateuse) if p.privateuse else "x")
        return "-".join(parts)

    def to_unicode_locale(self, tag: str) -> tuple[str, list[str]]:
        """Return the Unicode locale identifier (UTS #35) for a BCP 47 *tag*, with notes on what changed."""
        from .unicode_locale import to_unicode_locale

        result: tuple[str, list[str]] = to_unicode_locale(self, tag)
        return result

    def from_unicode_locale(self, text: str) -> tuple[str, list[str]]:
        """Return the BCP 47 tag for a Unicode locale id or legacy LDML locale, with notes on what changed."""
        from .unicode_locale import from_unicode_locale

        result: tuple[str, list[str]] = from_unicode_locale(self, text)
        return result

    # --------------------------------------------------------------- fast path
    def _fast(self, text: str, g: tuple[str | None, ...]) -> str | None:
        """Return the canonical form of a clean, valid tag, or None to take the precise path."""
        lang, ext, script, region, var, exts, pu, pu2 = g
        t = self._t
        if lang is None:
            return "x" + pu2.lower()  # type: ignore[union-attr]
        low = lang.lower()
        if low not in t.lang_ok:
            return None
        if low in t.grandfathered_first and text.lower() in t.tags:
            return None
        reds = t.redundant.get(low)
        if reds is not None:
            ltext = text.lower()
            for subtags, _rec in reds:
                c = "-".join(subtags)
                if ltext == c or ltext.startswith(c + "-"):
                    return None
        if ext is not None:
            # One extlang, replaced with its Preferred-Value together with the language.
            e = ext[1:].lower()
            if "-" in e or len(low) > 3:
                return None
            erec = t.extlang.get(e)
            if erec is None or erec.preferred_value is None:
                return None
            low = erec.preferred_value.lower()
        out = low
        if script is not None:
            s = t.script_ok.get(script.lower())
            if s is None:
                return None
            out += "-" + s
        if region is not None:
            s = t.region_ok.get(region.lower())
            if s is None:
                return None
            out += "-" + s
        if var:
            vs = var.lower()
            parts = vs[1:].split("-")
            ok = t.variant_ok
            for v in parts:
                if v not in ok:
                    return None
            if len(parts) > 1 and len(set(parts)) != len(parts):
                return None
            out += vs
        if exts:
            tail = self._fast_exts(exts)
            if tail is None:
                return None
            out += tail
        if pu is not None:
            out += "-x" + pu.lower()
        return out

    def _fast_exts(self, exts: str) -> str | None:
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
                u = self._fast_u(seq)
                if u is None:
                    return None
                out += "-u-" + u
            elif seq[0] == "t":
                tt = self._fast_t(seq)
                if tt is None:
                    return None
                out += "-t-" + tt
            else:
                out += "-" + "-".join(seq)
        return out

    def _fast_u(self, seq: list[str]) -> str | None:
        attrs: list[str] = []
        kws: list[list[str]] = []
        cur: list[str] | None = None
        for s in seq[1:]:
            if len(s) == 2:
                cur = [s]
                kws.append(cur)
            elif cur is None:
                attrs.append(s)
            else:
                cur.append(s)
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
            keys = self._u_keys
            for kw in kws:
                key = keys.get(kw[0])
                if key is None:
                    return None
                n = len(kw)
                if n == 2 and kw[1] in key.types:
                    continue
                if n == 1 and "true" in key.types:
                    continue
                if n == 2 and self._keyword_quiet("u", kw[0], kw[1]):
                    continue
                for prob in cldr.check_u_keyword(kw[0], kw[1:], is_script=self._is_script,
                                                 is_region=self._is_region):  # fmt: skip
                    if prob.severity == "error":
                        return None
        parts = attrs
        for kw in kws:
            parts.extend(kw)
        return "-".join(parts)

    def _fast_t(self, seq: list[str]) -> str | None:
        """Return the canonical -t- body of a clean -t- sequence, or None to take the precise path."""
        t = self._t
        n = len(seq)
        i = 1
        head = ""
        if n > 1 and not (len(seq[1]) == 2 and seq[1][1].isdigit()):
            # A plain source language (language[-script][-region]) of clean subtags; anything else is rare.
            if seq[1] not in t.lang_ok or not seq[1].isalpha() or len(seq[1]) == 4:
                return None
            head = seq[1]
            i = 2
            if i < n and len(seq[i]) == 4 and seq[i].isalpha():
                if seq[i] not in t.script_ok:
                    return None
                head += "-" + seq[i]
                i += 1
            if i < n and ((len(seq[i]) == 2 and seq[i].isalpha()) or (len(seq[i]) == 3 and seq[i].isdigit())):
                if seq[i] not in t.region_ok:
                    return None
                head += "-" + seq[i]
                i += 1
        fields: list[list[str]] = []
        cur: list[str] | None = None
        for s in seq[i:]:
            if len(s) == 2:
                if not (s[0].isalpha() and s[1].isdigit()):
                    return None
                cur = [s]
                fields.append(cur)
            elif cur is None:
                return None
            else:
                cur.append(s)
        if len(fields) > 1:
            if len({f[0] for f in fields}) != len(fields):
                return None
            fields.sort()
        cldr = self.cldr
        keys = self._t_keys
        parts = [head] if head else []
        for f in fields:
            if len(f) < 2:
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

    def _is_script(self, code: str) -> bool:
        return code.lower() in self._t.script

    def _is_region(self, code: str) -> bool:
        return code.lower() in self._t.region

    def extlang_of(self, canonical: str) -> str:
        """Return the extlang form of a tag already in canonical form."""
        prefix = self._t.extlang_prefix.get(canonical.partition("-")[0].lower())
        return f"{prefix}-{canonical}" if prefix is not None else canonical

    _extlang_of = extlang_of

    # ------------------------------------------------------------- validation
    def _validate(self, p: Parse) -> None:
        """Add registry, CLDR and advice diagnostics to a well-formed parse."""
        self._validate_head(p)
        self._validate_extensions(p)

    def _validate_clean(self, p: Parse) -> None:
        """Validate a parse whose tag the fast path found clean: skip the head when it draws no advice."""
        if not self._quiet_head(p):
            self._validate_head(p)
        self._validate_extensions(p)

    def _quiet_head(self, p: Parse) -> bool:
        """Tell whether :meth:`_validate_head` would add nothing to *p* (False when unsure)."""
        lang_tok = p.language
        if lang_tok is None or p.extlangs or p.variants or p.grandfathered is not None:
            return False
        lang = lang_tok[0].lower()
        quiet = self._quiet
        if not (quiet["language"].get(lang) or self._advice_free("language", lang)) or lang in grammar.REGULAR_FIRST:
            return False
        if p.script is not None:
            code = p.script[0].lower()
            if not (quiet["script"].get(code) or self._advice_free("script", code)):
                return False
            if _suppresses(self._t.lang[lang], p):
                return False
        if p.region is not None:
            code = p.region[0].lower()
            if not (quiet["region"].get(code) or self._advice_free("region", code)):
                return False
        return True

    def _advice_free(self, kind: str, code: str) -> bool:
        """Tell whether the registry has the subtag *code* (lowercase) of *kind* and no advice on it.

        Registry data, worked out once per subtag by running :meth:`_advise_record` on the bare code.
        """
        known = self._quiet[kind]
        got = known.get(code)
        if got is None:
            rec = self._t.by_type[kind].get(code)
            if rec is None:
                got = False
            else:
                probe = grammar.Parse(code)
                self._advise_record(probe, (code, 0, len(code)), rec, kind)
                got = not probe.diags
            known[code] = got
        return got

    def _validate_head(self, p: Parse) -> None:
        """Add the diagnostics of the subtags before the first singleton (or of a whole-tag record)."""
        t = self._t
        reg_date = self.registry.file_date
        if p.grandfathered is not None:
            self._advise_whole_tag(p)
            return
        if p.language is None:
            p.add("private-use-tag", "info", 0, len(p.text), "The whole tag is private use ('x-…'): valid, but "
                  "it means something only to parties that agreed on it (RFC 5646 §2.2.7, §4.6).")  # fmt: skip
            return
        lang_tok = p.language
        lang = lang_tok[0].lower()
        low = p.text.lower()
        for g in sorted(grammar.REGULAR, key=len, reverse=True) if lang in grammar.REGULAR_FIRST else ():
            if low.startswith(g + "-"):
                p.add("grandfathered-prefix", "info", 0, len(g),
                      f"'{grammar.GRANDFATHERED[g]}' is a grandfathered tag, which stands only as a whole; here its "
                      "subtags are read one by one as an ordinary tag (RFC 5646 §2.2.8).")  # fmt: skip
                break
        lrec = t.lang.get(lang)
        if lrec is None:
            self._unknown(p, lang_tok, "language", reg_date)
        else:
            self._advise_record(p, lang_tok, lrec, "language")
        for i, tok in enumerate(p.extlangs):
            code = tok[0].lower()
            if i > 0:
                p.add("extlang-position-reserved", "error", tok[1], tok[2],
                      f"'{tok[0]}' is a second or third extended language subtag. No extlang has another extlang "
                      "in its Prefix, so these positions are permanently invalid (RFC 5646 §2.2.2).",
                      f"Remove '{tok[0]}'", partial(grammar._drop_span, p.text, tok[1], tok[2]))  # fmt: skip
                continue
            rec = t.extlang.get(code)
            if rec is None:
                self._unknown(p, tok, "extlang", reg_date)
                continue
            prefix = t.extlang_prefix.get(code)
            if prefix is not None and prefix != lang:
                fixed = p.text[: lang_tok[1]] + prefix + p.text[lang_tok[2] :]
                p.add("prefix-mismatch", "warning", tok[1], tok[2],
                      f"The extlang '{tok[0]}' ({rec.description}) has Prefix '{prefix}', but here it follows "
                      f"'{lang_tok[0]}'; an extlang belongs after its Prefix (RFC 5646 §2.2.2, §3.1.8).",
                      f"Replace '{lang_tok[0]}' with '{prefix}'", fixed)  # fmt: skip
            self._advise_record(p, tok, rec, "extlang")
        if p.script is not None:
            rec = t.script.get(p.script[0].lower())
            if rec is None:
                self._unknown(p, p.script, "script", reg_date)
            else:
                self._advise_record(p, p.script, rec, "script")
                if lrec is not None and _suppresses(lrec, p):
                    fixed = grammar._drop_span(p.text, p.script[1], p.script[2])
                    p.add("suppress-script", "warning", p.script[1], p.script[2],
                          f"'{p.script[0]}' adds nothing: '{lang_tok[0]}' ({lrec.descriptions[0]}) has "
                          f"Suppress-Script '{lrec.suppress_script}', so its tags should omit that script unless "
                          "the script is the point (RFC 5646 §3.1.9, §4.1).",
                          f"Drop the script '{p.script[0]}'", fixed)  # fmt: skip
        if p.region is not None:
            rec = t.region.get(p.region[0].lower())
            if rec is None:
                self._unknown(p, p.region, "region", reg_date)
            else:
                self._advise_record(p, p.region, rec, "region")
        seen: dict[str, Token] = {}
        before = [lang]
        before += [x[0].lower() for x in p.extlangs]
        if p.script is not None:
            before.append(p.script[0].lower())
        if p.region is not None:
            before.append(p.region[0].lower())
        for tok in p.variants:
            code = tok[0].lower()
            if code in seen:
                p.add("duplicate-variant", "error", tok[1], tok[2],
                      f"The variant '{tok[0]}' appears twice; a variant may occur only once in a tag "
                      "(RFC 5646 §2.2.5, §2.2.9).", f"Remove the second '{tok[0]}'",
                      partial(grammar._drop_span, p.text, tok[1], tok[2]))  # fmt: skip
                continue
            seen[code] = tok
            rec = t.variant.get(code)
            if rec is None:
                self._unknown(p, tok, "variant", reg_date)
            else:
                self._advise_record(p, tok, rec, "variant")
                prefixes = t.variant_prefixes.get(code, ())
                if prefixes and not any(_subsequence(pre, before) for pre in prefixes):
                    listed = " or ".join(f"'{x}'" for x in rec.prefixes)
                    p.add("prefix-mismatch", "warning", tok[1], tok[2],
                          f"The variant '{tok[0]}' ({rec.descriptions[0]}) is meant for tags starting with "
                          f"{listed} (its Prefix): each subtag of a Prefix should appear, in order, before the "
                          "variant (RFC 5646 §2.2.5, §3.1.8).")  # fmt: skip
            before.append(code)

    def _unknown(self, p: Parse, tok: Token, kind: str, reg_date: str) -> None:
        code = tok[0]
        low = code.lower()
        extra = ""
        fix = None
        hint = None
        if kind == "language":
            if len(code) == 4:
                extra = " Four-letter primary language subtags are reserved for future use."
            elif len(code) >= 5:
                extra = " Five- to eight-letter primary language subtags exist only once registered."
            hint = _LANGUAGE_HINTS.get(low)
            if hint is None and low in self._t.extlang:
                hint = self._t.extlang_prefix.get(low)
                if hint:
                    extra += f" '{low}' is an extended language subtag; as a primary language use '{low}' itself."
                    hint = None
        elif kind == "region":
            hint = _REGION_HINTS.get(low)
        if hint is not None and hint.lower() in self._t.by_type[kind]:
            extra += f" Did you mean '{hint}'?"
            fix = (f"Replace '{code}' with '{hint}'", p.text[: tok[1]] + hint + p.text[tok[2] :])
        article = "an" if kind[0] in "aeiou" else "a"
        p.add(f"unknown-{kind}", "error", tok[1], tok[2],
              f"'{code}' is not {article} {kind} subtag of the IANA Language Subtag Registry (File-Date {reg_date}), "
              f"so the tag is not valid (RFC 5646 {_SECTION[kind]}, §2.2.9).{extra}",
              *(fix or (None, None)))  # fmt: skip

    def _advise_record(self, p: Parse, tok: Token, rec: Record, kind: str) -> None:
        """Add deprecation, scope and private-use advice for one registered subtag."""
        code = tok[0]
        if rec.deprecated:
            if rec.preferred_value:
                p.add(
                    "deprecated",
                    "warning",
                    tok[1],
                    tok[2],
                    f"The {kind} '{code}' ({rec.descriptions[0]}) is deprecated since {rec.deprecated}; use its "
                    f"Preferred-Value '{rec.preferred_value}' (RFC 5646 §3.1.6, §4.5).",
                    f"Replace '{code}' with '{rec.preferred_value}'",
                    "",
                )  # fix filled from the canonical form
            else:
                p.add("deprecated", "warning", tok[1], tok[2],
                      f"The {kind} '{code}' ({rec.descriptions[0]}) is deprecated since {rec.deprecated}, and "
                      "the registry names no replacement (RFC 5646 §3.1.6).")  # fmt: skip
            for comment in rec.comments:
                m = re.match(r"Preferred tag is (\S+)", comment)
                if m:
                    tail = p.text[p.extensions[0].singleton[1] - 1 :] if p.extensions else (
                        p.text[p.x_token[1] - 1 :] if p.x_token else "")  # fmt: skip
                    p.add("preferred-tag", "info", tok[1], tok[2],
                          f"The registry's Comments for '{code}' say: \"{comment}\". The canonical form only "
                          f"replaces the subtag (RFC 5646 §4.5 step 3); '{m.group(1)}' is the tag it recommends.",
                          f"Use '{m.group(1)}'", m.group(1) + tail)  # fmt: skip
        if kind == "extlang":
            p.add("extlang-form", "info", tok[1], tok[2],
                  f"'{code}' ({rec.descriptions[0]}) is written as an extended language subtag; the canonical form "
                  f"uses '{rec.preferred_value or code.lower()}' as the primary language (RFC 5646 §2.2.2, §4.5).",
                  "Use the canonical form", "")  # fmt: skip
            return
        scope = rec.scope
        if kind == "language":
            special = _SPECIAL.get(code.lower())
            if special is not None:
                p.add(special[0], "info", tok[1], tok[2], special[1])
            elif scope == "private-use":
                p.add("private-use-subtag", "info", tok[1], tok[2],
                      f"'{code}' lies in the private-use range {rec.code}: valid, but it means something only to "
                      "parties that agreed on it (RFC 5646 §2.2.1, §4.6).")  # fmt: skip
            elif scope == "collection":
                p.add("collection", "info", tok[1], tok[2],
                      f"'{code}' ({rec.descriptions[0]}) names a collection of languages, not one language; prefer "
                      "the code of the language itself when you know it (RFC 5646 §4.1).")  # fmt: skip
            elif scope == "macrolanguage":
                p.add("macrolanguage", "info", tok[1], tok[2],
                      f"'{code}' ({rec.descriptions[0]}) is a macrolanguage: it covers several languages. That is "
                      "usually what you want; use a member's code only when the distinction matters "
                      "(RFC 5646 §4.1.1).")  # fmt: skip
            elif rec.macrolanguage:
                macro = self._t.lang.get(rec.macrolanguage.lower())
                head = f"'{code}' ({rec.descriptions[0]}) is one language of the macrolanguage '{rec.macrolanguage}'"
                if macro is not None and macro.deprecated:
                    advice = (f" ({macro.descriptions[0]}), which is deprecated since {macro.deprecated}; '{code}' is "
                              "the code to use (RFC 5646 §3.1.6, §4.1.1).")  # fmt: skip
                elif macro is not None and macro.comments:
                    # The registry's own word beats a general rule: for 'sh' it prefers the members.
                    advice = (f" ({macro.descriptions[0]}). The registry says of '{rec.macrolanguage}': "
                              f"\"{' '.join(macro.comments)}\" (RFC 5646 §4.1.1).")  # fmt: skip
                else:
                    advice = (f". Much content and software uses '{rec.macrolanguage}' instead; both are valid "
                              "(RFC 5646 §4.1.1).")  # fmt: skip
                p.add("macrolanguage-member", "info", tok[1], tok[2], head + advice)
        elif rec.descriptions[0] == "Private use":
            p.add("private-use-subtag", "info", tok[1], tok[2],
                  f"The {kind} '{code}' lies in the private-use range {rec.code}: valid, but it means something "
                  f"only to parties that agreed on it (RFC 5646 {_SECTION[kind]}, §4.6).")  # fmt: skip

    def _advise_whole_tag(self, p: Parse) -> None:
        tok = p.grandfathered
        assert tok is not None
        rec = self._t.tags.get(tok[0].lower())
        if rec is None:
            return
        if rec.preferred_value:
            p.add("deprecated", "warning", tok[1], tok[2],
                  f"'{rec.code}' ({rec.descriptions[0]}) is a grandfathered tag, deprecated since "
                  f"{rec.deprecated}; use its Preferred-Value '{rec.preferred_value}' (RFC 5646 §2.2.8, §4.5).",
                  f"Replace it with '{rec.preferred_value}'", rec.preferred_value)  # fmt: skip
        else:
            dep = f", deprecated since {rec.deprecated}" if rec.deprecated else ""
            p.add("grandfathered", "info", tok[1], tok[2],
                  f"'{rec.code}' ({rec.descriptions[0]}) is a grandfathered tag{dep}: valid as a whole, but it has "
                  "no modern replacement and cannot be extended (RFC 5646 §2.2.8).")  # fmt: skip

    def _validate_extensions(self, p: Parse) -> None:
        if not p.extensions:
            return
        cldr = self.cldr
        done: set[str] = set()
        for ext in p.extensions:
            stok = ext.singleton
            s = stok[0].lower()
            if s not in self._registered_singletons and s not in done:
                p.add("unregistered-extension", "warning", stok[1], stok[2],
                      f"The singleton '{stok[0]}' is not in the Language Tag Extensions Registry (which holds "
                      f"{', '.join(repr(x) for x in sorted(self._registered_singletons))}); its subtags mean nothing "
                      "defined yet. The tag stays valid (RFC 5646 §2.2.6, §3.7).")  # fmt: skip
            if s in done:
                continue
            done.add(s)
            if s not in ("u", "t"):
                continue
            if cldr is None:
                p.add(
                    "cldr-missing",
                    "info",
                    stok[1],
                    stok[2],
                    f"CLDR data is not loaded, so the keys and types of '-{s}-' were checked for syntax only.",
                )
                continue
            if s == "u":
                seen: set[str] = set()
                for key, types in ext.keywords:
                    k = key[0].lower()
                    if k in seen:
                        continue
                    seen.add(k)
                    if len(types) < 2 and self._keyword_quiet("u", k, types[0][0].lower() if types else ""):
                        continue
                    probs = cldr.check_u_keyword(k, [x[0] for x in types], is_script=self._is_script,
                                                 is_region=self._is_region)  # fmt: skip
                    self._add_problems(p, probs, key, types)
            else:
                self._validate_tlang(p, ext)
                seen = set()
                for key, values in ext.keywords:
                    k = key[0].lower()
                    if k in seen or not values:
                        continue
                    seen.add(k)
                    if len(values) == 1 and self._keyword_quiet("t", k, values[0][0].lower()):
                        continue
                    self._add_problems(p, cldr.check_t_field(k, [x[0] for x in values]), key, values)

    def _keyword_quiet(self, singleton: str, key: str, value: str) -> bool:
        """Tell whether CLDR finds nothing to say about the -u- keyword or -t- field *key* with one *value*.

        CLDR data, worked out once per (key, value) by running the check itself; *value* may be
        '' for a -u- key without a type.
        """
        known = self._quiet_keywords
        got = known.get((singleton, key, value))
        if got is None:
            cldr = self.cldr
            assert cldr is not None
            values = [value] if value else []
            if singleton == "u":
                probs = cldr.check_u_keyword(key, values, is_script=self._is_script, is_region=self._is_region)
            else:
                probs = cldr.check_t_field(key, values)
            got = known[(singleton, key, value)] = not probs
        return got

    def _add_problems(self, p: Parse, probs: Sequence[Any], key: Token, values: Sequence[Token]) -> None:
        for prob in probs:
            if prob.index < 0 or prob.index >= len(values):
                start, end = key[1], (values[-1][2] if values and prob.index >= 0 else key[2])
            else:
                start, end = values[prob.index][1], values[prob.index][2]
            fix_label = fix_tag = None
            if prob.replacement is not None and values:
                new = "-".join(prob.replacement)
                a, b = values[0][1], values[-1][2]
                if prob.index < 0 and prob.code.startswith("deprecated-") and prob.replacement:
                    a, b = key[1], key[2]
                if new:
                    fix_label = f"Replace '{p.text[a:b]}' with '{new}'"
                    fix_tag = p.text[:a] + new + p.text[b:]
                else:
                    fix_label = f"Drop '{p.text[a:b]}'"
                    fix_tag = p.text[: a - 1] + p.text[b:]
            p.add(prob.code, prob.severity, start, end, prob.message, fix_label, fix_tag)

    def _validate_tlang(self, p: Parse, ext: grammar.Extension) -> None:
        t = self._t
        for tok, kind in ext.tlang:
            name = grammar._KIND_NAME[kind]
            table = t.by_type[name]
            if tok[0].lower() not in table:
                p.add(f"unknown-{name}", "error", tok[1], tok[2],
                      f"'{tok[0]}' in the source language of the -t- extension is not a {name} subtag of the IANA "
                      f"registry; the source language must be a valid tag itself (RFC 6497 §2.2, RFC 5646 "
                      f"{_SECTION[name]}).")  # fmt: skip

    # --------------------------------------------------------- canonical form
    def _canonicalize(self, p: Parse) -> Canonicalization:
        """Return the RFC 5646 §4.5 canonical form of a well-formed parse, step by step."""
        t = self._t
        steps: list[Step] = []
        if p.grandfathered is not None:
            rec = t.tags.get(p.grandfathered[0].lower())
            written = rec.code if rec is not None else p.grandfathered[0]
            if p.text != written:
                steps.append(Step(p.text, written, "a grandfathered tag takes the registry's case (RFC 5646 §2.1.1)"))
            if rec is not None and rec.preferred_value:
                after = self.analyze(rec.preferred_value).canonical
                target = after.tag if after is not None else rec.preferred_value
                steps.append(Step(written, target, f"grandfathered '{rec.code}' has Preferred-Value "
                                  f"'{rec.preferred_value}' (RFC 5646 §4.5 step 2)"))  # fmt: skip
                return Canonicalization(target, tuple(steps))
            return Canonicalization(written, tuple(steps))
        w = _Work.from_parse(p)
        current = w.render()
        if current != p.text:
            steps.append(Step(p.text, current, "case: lowercase, except a Titlecase script and an UPPERCASE "
                              "region before the first singleton (RFC 5646 §2.1.1)"))  # fmt: skip

        def step(reason: str) -> None:
            nonlocal current
            after = w.render()
            if after != current:
                steps.append(Step(current, after, reason))
                current = after

        # §4.5 step 1: extensions by singleton; -u- and -t- in their own canonical order.
        if len(w.exts) > 1:
            order = sorted(range(len(w.exts)), key=lambda i: w.exts[i][0])
            if order != sorted(order):
                w.exts = [w.exts[i] for i in order]
                step("extension sequences are ordered by their singletons (RFC 5646 §4.5 step 1)")
        for i, (s, body) in enumerate(w.exts):
            if s == "u":
                w.exts[i] = (s, _u_canonical_body(*_u_split(body)))
                step("-u- attributes sorted, keywords sorted by key, later duplicates dropped (RFC 6067 §2.1.1)")
            elif s == "t":
                w.exts[i] = (s, self._t_canonical_body(body))
                step("-t- fields sorted by key, later duplicates dropped; source language canonicalized "
                     "(RFC 6497 §2.3)")  # fmt: skip
        # §4.5 step 2: a redundant tag with a Preferred-Value at the start of the tag.
        head = w.head()
        for subtags, rec in t.redundant.get(head[0], ()) if head else ():
            if tuple(head[: len(subtags)]) == subtags:
                preferred = rec.preferred_value or ""
                w.replace_head(len(subtags), preferred.lower().split("-"))
                step(f"redundant tag '{rec.code}' has Preferred-Value '{rec.preferred_value}' (RFC 5646 §4.5 step 2)")
                break
        # §4.5 step 3: subtags with a Preferred-Value.
        self._replace_subtags(w, step)
        return Canonicalization(current, tuple(steps))

    def _subtag_replacement(self, head: list[str]) -> list[str]:
        w = _Work(head[0], [], None, None, [], [], None)
        rest = head[1:]
        if rest and len(rest[0]) == 3 and rest[0].isalpha():
            w.extlangs = [rest.pop(0)]
        if rest and len(rest[0]) == 4 and rest[0].isalpha():
            w.script = rest.pop(0)
        if rest and (len(rest[0]) == 2 or (len(rest[0]) == 3 and rest[0].isdigit())):
            w.region = rest.pop(0)
        w.variants = rest
        self._replace_subtags(w, lambda reason: None)
        return w.head()

    def _replace_subtags(self, w: _Work, step: Callable[[str], None]) -> None:
        t = self._t
        if w.lang is not None:
            rec = t.lang.get(w.lang)
            if rec is not None and rec.preferred_value:
                old = w.lang
                w.lang = rec.preferred_value.lower()
                step(f"language '{old}' ({rec.descriptions[0]}) has Preferred-Value '{rec.preferred_value}' "
                     "(RFC 5646 §4.5 step 3)")  # fmt: skip
        # Only a lone extlang is replaced: with two or more the tag is invalid anyway, and replacing the
        # first would turn the second into a new extlang (not idempotent).
        if len(w.extlangs) == 1:
            e = w.extlangs[0]
            rec = t.extlang.get(e)
            if rec is not None and rec.preferred_value:
                w.lang = rec.preferred_value.lower()
                w.extlangs = w.extlangs[1:]
                step(f"extlang '{e}' has Preferred-Value '{rec.preferred_value}', which replaces the language and "
                     "extlang pair (RFC 5646 §4.5 step 3)")  # fmt: skip
        if w.script is not None:
            rec = t.script.get(w.script)
            if rec is not None and rec.preferred_value:
                old = w.script
                w.script = rec.preferred_value.lower()
                step(f"script '{old.title()}' has Preferred-Value '{rec.preferred_value}' (RFC 5646 §4.5 step 3)")
        if w.region is not None:
            rec = t.region.get(w.region)
            if rec is not None and rec.preferred_value:
                old = w.region
                w.region = rec.preferred_value.lower()
                step(f"region '{old.upper()}' ({rec.descriptions[0]}) has Preferred-Value "
                     f"'{rec.preferred_value}' (RFC 5646 §4.5 step 3)")  # fmt: skip
        for i, v in enumerate(w.variants):
            rec = t.variant.get(v)
            if rec is not None and rec.preferred_value:
                w.variants[i] = rec.preferred_value.lower()
                step(f"variant '{v}' has Preferred-Value '{rec.preferred_value}'; variants keep their order "
                     "(RFC 5646 §4.5 step 3)")  # fmt: skip

    def _t_canonical_body(self, body: list[str]) -> list[str]:
        tlang: list[str] = []
        i = 0
        if body and body[0].isalpha() and len(body[0]) in (2, 3, 5, 6, 7, 8):
            tlang.append(body[0])
            i = 1
            while i < len(body) and not (len(body[i]) == 2 and body[i][0].isalpha() and body[i][1].isdigit()):
                tlang.append(body[i])
                i += 1
        fields: dict[str, list[str]] = {}
        cur: list[str] | None = None
        for s in body[i:]:
            if len(s) == 2 and s[0].isalpha() and s[1].isdigit():
                cur = [] if s in fields else fields.setdefault(s, [])
            elif cur is not None:
                cur.append(s)
        if tlang:
            tw = _Work(tlang[0], [], None, None, [], [], None)
            for s in tlang[1:]:
                k = grammar._kind(s)
                if k == grammar.EXTLANG:
                    tw.extlangs.append(s)
                elif k == grammar.SCRIPT:
                    tw.script = s
                elif k == grammar.REGION:
                    tw.region = s
                else:
                    tw.variants.append(s)
            self._replace_subtags(tw, lambda reason: None)
            tlang = tw.head()
        out = tlang
        for key in sorted(fields):
            out = [*out, key, *fields[key]]
        return out

    def _extlang_steps(self, canon: Canonicalization) -> Canonicalization:
        tag = canon.tag
        form = self._extlang_of(tag)
        if form == tag:
            return canon
        lang = tag.partition("-")[0].lower()
        prefix = self._t.extlang_prefix[lang]
        reason = (
            f"'{lang}' is also an extlang with Prefix '{prefix}', written after it in the extlang form (RFC 5646 §4.5)"
        )
        return Canonicalization(form, (*canon.steps, Step(tag, form, reason)))

    def _advise_fast(self, p: Parse, canonical: str) -> None:
        """Fill fixes that point at the canonical form, and add the case note, for a clean tag."""
        text = p.text
        diags = p.diags
        for i, d in enumerate(diags):
            if d[6] == "":
                diags[i] = (*d[:5], d[5] if canonical != text else None, canonical if canonical != text else None)
        if canonical == text:
            return
        out = []
        after = False
        for t, _s, _e, role in p.subtags:
            if role == "singleton":
                after = True
            if after:
                out.append(t.lower())
            elif role == "script":
                out.append(t.title())
            elif role == "region":
                out.append(t.upper())
            else:
                out.append(t.lower())
        fixed = "-".join(out)
        if fixed != text:
            self._letter_case(p, fixed)

    def _letter_case(self, p: Parse, fixed: str) -> None:
        p.add("letter-case", "info", 0, len(p.text),
              f"Case carries no meaning, but the convention is lowercase with a Titlecase script and an "
              f"UPPERCASE region, so this is usually written '{fixed}' (RFC 5646 §2.1.1).",
              "Use the conventional case", fixed)  # fmt: skip

    def _advise_canonical(self, p: Parse, canon: Canonicalization) -> None:
        """Fill fixes that point at the canonical form, and add the case note."""
        for i, d in enumerate(p.diags):
            if d[6] == "":
                p.diags[i] = (*d[:5], d[5] if canon.tag != p.text else None, canon.tag if canon.tag != p.text else None)
        if canon.steps and canon.steps[0].reason.startswith("case:"):
            self._letter_case(p, canon.steps[0].after)
        elif p.grandfathered is not None and canon.steps and "case" in canon.steps[0].reason:
            p.add("letter-case", "info", 0, len(p.text), f"The registry writes this tag '{canon.steps[0].after}' "
                  "(RFC 5646 §2.1.1).", "Use the registry's case", canon.steps[0].after)  # fmt: skip


class _Work:
    """A mutable, lowercase working copy of a tag's parts for canonicalization."""

    __slots__ = ("extlangs", "exts", "lang", "pu", "region", "script", "variants")

    def __init__(self, lang: str | None, extlangs: list[str], script: str | None, region: str | None,
                 variants: list[str], exts: list[tuple[str, list[str]]], pu: list[str] | None) -> None:  # fmt: skip
        self.lang = lang
        self.extlangs = extlangs
        self.script = script
        self.region = region
        self.variants = variants
        self.exts = exts
        self.pu = pu

    @classmethod
    def from_parse(cls, p: Parse) -> _Work:
        return cls(
            p.language[0].lower() if p.language else None,
            [t[0].lower() for t in p.extlangs],
            p.script[0].lower() if p.script else None,
            p.region[0].lower() if p.region else None,
            [t[0].lower() for t in p.variants],
            [(e.singleton[0].lower(), [t[0].lower() for t in e.subtags]) for e in p.extensions],
            [t[0].lower() for t in p.privateuse] if p.x_token is not None else None,
        )

    def head(self) -> list[str]:
        out = [self.lang] if self.lang else []
        out += self.extlangs
        if self.script:
            out.append(self.script)
        if self.region:
            out.append(self.region)
        return out + self.variants

    def replace_head(self, n: int, new: list[str]) -> None:
        head = self.head()
        rebuilt = new + head[n:]
        self.lang = rebuilt[0]
        self.extlangs, self.script, self.region, self.variants = [], None, None, []
        for s in rebuilt[1:]:
            k = grammar._kind(s)
            if k == grammar.EXTLANG and not self.script and not self.region and not self.variants:
                self.extlangs.append(s)
            elif k == grammar.SCRIPT and not self.region and not self.variants:
                self.script = s
            elif k == grammar.REGION and not self.variants:
                self.region = s
            else:
                self.variants.append(s)

    def render(self) -> str:
        parts: list[str] = []
        if self.lang:
            parts.append(self.lang)
            parts += self.extlangs
            if self.script:
                parts.append(self.script.title())
            if self.region:
                parts.append(self.region.upper())
            parts += self.variants
        for s, body in self.exts:
            parts.append(s)
            parts += body
        if self.pu is not None:
            parts.append("x")
            parts += self.pu
        return "-".join(parts)


def _suppresses(lrec: Record, p: Parse) -> bool:
    """Tell whether the language record's Suppress-Script makes the script of *p* redundant."""
    sup = lrec.suppress_script
    return sup is not None and p.script is not None and sup.lower() == p.script[0].lower() and not p.extlangs


def _start(s: tuple[str, int, int, str]) -> int:
    return s[1]


def _subsequence(needle: tuple[str, ...], hay: list[str]) -> bool:
    """Tell whether every item of *needle* appears in *hay* in the same order."""
    it = iter(hay)
    return all(any(h == n for h in it) for n in needle)


def _u_split(body: list[str]) -> tuple[list[str], list[tuple[str, list[str]]]]:
    attrs: list[str] = []
    kws: list[tuple[str, list[str]]] = []
    cur: list[str] | None = None
    for s in body:
        if len(s) == 2:
            cur = []
            kws.append((s, cur))
        elif cur is None:
            attrs.append(s)
        else:
            cur.append(s)
    return attrs, kws


def _u_canonical_body(attrs: list[str], kws: Sequence[tuple[str, Sequence[str]]]) -> list[str]:
    """Return -u- subtags in RFC 6067 canonical order: sorted attributes, keywords by key, first wins."""
    out = sorted(dict.fromkeys(attrs))
    first: dict[str, Sequence[str]] = {}
    for k, types in kws:
        first.setdefault(k, types)
    for k in sorted(first):
        out.append(k)
        out.extend(first[k])
    return out


def engine_tables(engine: TagEngine) -> Mapping[str, Mapping[str, Record]]:
    """Return the engine's lowercase registry tables by type (for explain and the UI)."""
    return engine._t.by_type
