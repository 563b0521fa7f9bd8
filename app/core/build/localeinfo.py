"""Likely subtags and best fit for a tag as the CLI and the editor show them, on the engine's UTS #35 form.

:mod:`.likely` and :mod:`.bestfit` work on Unicode language identifiers. This module puts a
user's tag through the engine's Unicode (UTS #35) canonicalization first, as §4.3 requires
(``cmn-TW`` is ``zh-TW`` before likely subtags are looked up), and words the result with the
registry's descriptions: "zh-TW means the Han (Traditional variant) script".

>>> from bcp47_explorer.core.data import bundled_engine
>>> info = likely_info(bundled_engine(), "zh-TW")
>>> info.max, info.min, info.min_region
('zh-Hant-TW', 'zh-Hant', 'zh-TW')
>>> info.explanation
'zh-TW means script Hant (Han (Traditional variant)); CLDR likely subtags entry zh-TW.'
>>> likely_info(bundled_engine(), "qaa").max is None
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cldr.likely import Supplemental
from ..engine.unicode_locale import unicode_canonical
from ..files.reading import DataError
from ..matching.bestfit import Matcher
from ..matching.fitmemo import MemoMatcher
from ..text.catalogue import N_, _

if TYPE_CHECKING:
    from ..engine.tag import TagEngine

__all__ = ["LikelyInfo", "likely_info", "matcher_for", "supplemental_or_error", "unicode_canonicalizer"]

_FIELD_TYPES = {"language": "language", "script": "script", "region": "region"}


#: What likely subtags add, one whole template per field (the field's name was an English word in a sentence).
_ADDED = {
    "language": (N_("language {code} ({description})"), N_("language {code}")),
    "script": (N_("script {code} ({description})"), N_("script {code}")),
    "region": (N_("region {code} ({description})"), N_("region {code}")),
}


def unicode_canonicalizer(engine: TagEngine) -> Callable[[str], str]:
    """Return a function giving the engine's Unicode (UTS #35) form of a tag, or "" when there is none."""

    def canon(tag: str) -> str:
        # What engine.to_unicode_locale(tag)[0] gives, without writing its notes (best fit asks per desired tag).
        value = unicode_canonical(engine, tag).tag or ""
        return "und" if value == "root" else value

    return canon


def supplemental_or_error(engine: TagEngine) -> tuple[Supplemental | None, str]:
    """Return the engine's supplemental data, or None and why it could not be loaded."""
    sup = engine.supplemental
    return sup, engine.supplemental_error


@dataclass(frozen=True, slots=True)
class LikelyInfo:
    """A tag's maximal and minimal forms (UTS #35 §4.3) with what was added and why, or why there are none."""

    input: str
    unicode: str  # the UTS #35 form the lookup started from ("" when there is none)
    max: str | None
    min: str | None  # favouring the script
    min_region: str | None  # favouring the region (CLDR's default)
    looked_up: str  # the likelySubtags entry that matched
    added: tuple[tuple[str, str, str], ...]  # (field, subtag, registry description)
    explanation: str


def _describe(engine: TagEngine, field: str, code: str) -> str:
    rec = engine.registry.get(_FIELD_TYPES[field], code)
    return rec.description if rec is not None else ""


def likely_info(engine: TagEngine, tag: str, supplemental: Supplemental | None = None) -> LikelyInfo:
    """Return the likely-subtags view of *tag*: maximized, minimized both ways, explained."""
    sup = supplemental
    if sup is None:
        sup, why = supplemental_or_error(engine)
        if sup is None:
            return LikelyInfo(tag, "", None, None, None, "", (), why)
    canon = unicode_canonicalizer(engine)
    text = tag.strip()
    uni = canon(text) if text == tag else ""
    if not uni:
        # Said of a tag that may well be well-formed (zh-CHS): what it lacks is a Unicode locale identifier.
        why = _("It has no Unicode locale identifier (UTS #35), so CLDR's likely subtags cannot expand or shorten it.")
        return LikelyInfo(tag, "", None, None, None, "", (), why)
    found = sup.maximize(uni)
    if found is None:
        why = _(
            "CLDR's likely subtags have no entry for {tag} (nor for its language alone), so it cannot be maximized."
        ).format(tag=uni)
        return LikelyInfo(tag, uni, None, None, None, "", (), why)
    added = tuple((f, code, _describe(engine, f, code)) for f, code in found.added)
    if added:
        parts = [
            _(_ADDED[f][0 if desc else 1]).format(code=code, description=desc) if f in _ADDED
            else _("{field} {code}").format(field=f, code=code)
            for f, code, desc in added
        ]  # fmt: skip
        explanation = _("{tag} means {added}; CLDR likely subtags entry {entry}.").format(
            tag=uni, added=", ".join(parts), entry=found.looked_up
        )
    else:
        explanation = _("{tag} already names its language, script and region; nothing is added.").format(tag=uni)
    return LikelyInfo(
        tag,
        uni,
        found.tag,
        sup.minimize(uni, favor_script=True),
        sup.minimize(uni),
        found.looked_up,
        added,
        explanation,
    )


def matcher_for(engine: TagEngine, supplemental: Supplemental | None = None) -> Matcher:
    """Return a CLDR language matcher that canonicalizes with *engine* (raises DataError without the data)."""
    sup = supplemental if supplemental is not None else engine.supplemental
    if sup is None:
        raise DataError(engine.supplemental_error)
    containment = engine.cldr.territory_containment if engine.cldr is not None else None
    # A Matcher that remembers answers (bounded); macro-regions measured as ICU does, by what they contain.
    return MemoMatcher(sup, unicode_canonicalizer(engine), containment)
