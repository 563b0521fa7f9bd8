"""BCP 47 tags to and from Unicode locale identifiers (UTS #35 §3.3) and legacy LDML keywords.

A conversion never raises on user input. It returns ``(result, notes)``: the notes say what
changed and why; when the input cannot be converted the result is ``""`` and the notes say why.

The Unicode locale identifier is the Unicode BCP 47 locale id in canonical form, made by
:mod:`.uts35_canonical` (UTS #35 Annex C with CLDR's alias data): written with ``-``, ``und``
stays ``und`` (``root`` is the Unicode *CLDR* locale id's spelling, used by the legacy form).

>>> from bcp47_explorer.core.engine.tag import TagEngine
>>> from bcp47_explorer.core.data import bundled_engine
>>> e = bundled_engine()
>>> e.to_unicode_locale("cmn-Hans-CN")[0], e.to_unicode_locale("und")[0], e.to_unicode_locale("sh")[0]
('zh-Hans-CN', 'und', 'sr-Latn')
>>> e.from_unicode_locale("de_DE@collation=phonebook;currency=DDM")[0]
'de-DE-u-co-phonebk-cu-ddm'
>>> e.from_unicode_locale("root")[0], e.from_unicode_locale("en_US")[0]
('und', 'en-US')
"""

from __future__ import annotations

import contextlib
import weakref
from typing import TYPE_CHECKING, Any, Protocol
from weakref import WeakKeyDictionary

from ..cldr.canonical import Likely, UnicodeCanonicalization, Uts35Canonicalizer, not_well_formed_refusal
from ..text.catalogue import _

if TYPE_CHECKING:
    from ..cldr.likely import Supplemental
    from ..cldr.model import CldrData
    from ..grammar.values import Canonicalization
    from .results import Analysis, CheckResult
    from .tables import Tables

__all__ = [
    "to_unicode_locale",
    "from_unicode_locale",
    "unicode_canonical",
    "unicode_canonical_tag",
    "unicode_canonicalizer",
]


class TagEngine(Protocol):
    """What a conversion asks of the tag engine (:class:`.tag.TagEngine` is one)."""

    @property
    def cldr(self) -> CldrData | None: ...

    @property
    def tables(self) -> Tables: ...

    @property
    def supplemental(self) -> Supplemental | None: ...

    def check(self, text: str) -> CheckResult: ...

    def canonicalize(self, text: str) -> Canonicalization: ...

    def analyze(self, text: str, canonical: str | None = None) -> Analysis: ...


def _first_errors(engine: TagEngine, tag: str) -> list[str]:
    r = engine.check(tag)
    return [f"{d.code}: {d.message}" for d in r.errors][:3]


_CANONICALIZERS: WeakKeyDictionary[Any, Uts35Canonicalizer] = WeakKeyDictionary()


def unicode_canonicalizer(engine: TagEngine) -> Uts35Canonicalizer | None:
    """Return the UTS #35 canonicalizer for *engine*'s CLDR data and registry (built once), None without CLDR."""
    cldr = engine.cldr
    if cldr is None:
        return None
    got = getattr(engine, "_uts35_canonicalizer", None) or _CANONICALIZERS.get(engine)
    if got is None:
        preferred = {k: r.preferred_value for k, r in engine.tables.extlang.items() if r.preferred_value}
        got = _CANONICALIZERS[engine] = Uts35Canonicalizer(cldr, preferred, likely_hook(engine))
        # An attribute is found faster than a weak key (a column asks for it per value); an engine with
        # slots keeps the weak dictionary alone.
        with contextlib.suppress(AttributeError):
            engine._uts35_canonicalizer = got  # type: ignore[attr-defined]
    return got


def likely_hook(engine: TagEngine) -> Likely:
    """Return the add-likely-subtags function Annex C's Territory Exception asks for (the engine's likelySubtags).

    The engine's supplemental data is loaded on the first call, which only a territory alias with
    several replacements makes; without the data the function answers None (the canonicalizer then
    takes the first).
    """

    owner = weakref.ref(engine)  # the canonicalizer is cached per engine, weakly: it must not keep it alive

    def likely(base: str) -> str | None:
        got_engine = owner()
        supplemental = got_engine.supplemental if got_engine is not None else None
        if supplemental is None:
            return None
        got = supplemental.maximize(base)
        return got.tag if got is not None else None

    return likely


def unicode_canonical(engine: TagEngine, text: str) -> UnicodeCanonicalization:
    """Return the Unicode (UTS #35 Annex C) canonical form of *text* with its steps, or a refusal."""
    c: Uts35Canonicalizer | None = getattr(engine, "_uts35_canonicalizer", None)
    if c is not None:
        got = c.memo.get(text)  # a repeated tag: one look-up, no call (columns and logs repeat a few tags)
        return got if got is not None else c.canonicalize(text)
    c = unicode_canonicalizer(engine)
    if c is None:
        return UnicodeCanonicalization(text, None, (), _("CLDR data is not loaded, so there is no Unicode form."))
    return c.canonicalize(text)


def unicode_canonical_tag(engine: TagEngine, text: str) -> str | None:
    """Return ``unicode_canonical(engine, text).tag`` without the steps where it can (a column needs the tag)."""
    c: Uts35Canonicalizer | None = getattr(engine, "_uts35_canonicalizer", None) or unicode_canonicalizer(engine)
    return c.canonical_tag(text) if c is not None else None


def to_unicode_locale(engine: TagEngine, tag: str) -> tuple[str, list[str]]:
    """Return the Unicode BCP 47 locale identifier (UTS #35 canonical form) for *tag* and its steps as notes.

    When there is none the result is ``""`` and the notes say why (with the RFC 5646 errors of an
    ill-formed input).
    """
    got = unicode_canonical(engine, tag)
    if got.tag is None:
        notes = [got.refusal]
        if got.refusal == not_well_formed_refusal(tag):
            notes += _first_errors(engine, tag)
        return "", notes
    notes = [str(s) for s in got.steps]
    if not notes:
        notes.append(_("no change: the tag is already a Unicode BCP 47 locale identifier in canonical form"))
    return got.tag, notes


def from_unicode_locale(engine: TagEngine, text: str) -> tuple[str, list[str]]:
    """Return the BCP 47 tag for a Unicode locale id or legacy LDML locale (``de_DE@collation=…``), with notes."""
    raw = text.strip()
    notes: list[str] = []
    if raw != text:
        notes.append(_("surrounding whitespace removed"))
    if "@" in raw:
        try:
            from ..cldr.ldml import legacy_to_bcp47
        except ImportError:  # pragma: no cover - the ldml module ships with the app
            return "", [_("legacy LDML keywords are not supported in this build")]
        if engine.cldr is None:
            return "", [*notes, _("CLDR data is not loaded, so legacy keywords cannot be read")]
        conv = legacy_to_bcp47(raw, engine.cldr)
        if conv.result is None:
            return "", [*notes, *conv.errors]
        return conv.result, [*notes, *conv.notes, *conv.errors]
    tag = raw
    if "_" in tag:
        tag = tag.replace("_", "-")
        notes.append(_("'_' separators -> '-' ({section})").format(section="UTS #35 §3.3.1"))
    head, sep, rest = tag.partition("-")
    if head.lower() == "root":
        tag = "und" + sep + rest
        notes.append(_("'root' -> 'und' ({section})").format(section="UTS #35 §3.3.1"))
    r = engine.check(tag)
    if not r.well_formed:
        return "", [*notes, _("The result is not a well-formed BCP 47 tag:"), *_first_errors(engine, tag)]
    if not r.valid:
        notes.append(
            _("note: the tag is well-formed but not valid: {errors}").format(
                errors="; ".join(_first_errors(engine, tag))
            )
        )
    if not notes:
        notes.append(_("no change: a Unicode locale identifier written with '-' is already a BCP 47 tag"))
    return tag, notes
