"""BCP 47 tags to and from Unicode locale identifiers (UTS #35 §3.3) and legacy LDML keywords.

A conversion never raises on user input. It returns ``(result, notes)``: the notes say what
changed and why; when the input cannot be converted the result is ``""`` and the notes say why.

Choices (pinned by tests): the Unicode locale id is written with ``-`` (UTS #35 accepts ``-``
and ``_``; ``-`` keeps it a BCP 47 tag as well); ``und`` becomes ``root`` only when it is the
whole tag; the CLDR alias tables apply to the language (also to multi-subtag keys such as
``sgn-br`` and the grandfathered tags), script, region (first replacement of a split region)
and variants; variants are sorted and a ``-u-`` ``true`` type is dropped.

>>> from bcp47_explorer.core.tag import TagEngine
>>> e = TagEngine.bundled()
>>> e.to_unicode_locale("cmn-Hans-CN")[0], e.to_unicode_locale("und")[0], e.to_unicode_locale("sh")[0]
('zh-Hans-CN', 'root', 'sr-Latn')
>>> e.from_unicode_locale("de_DE@collation=phonebook;currency=DDM")[0]
'de-DE-u-co-phonebk-cu-ddm'
>>> e.from_unicode_locale("root")[0], e.from_unicode_locale("en_US")[0]
('und', 'en-US')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from .syntax import cased

if TYPE_CHECKING:
    from .cldr import CldrData
    from .results import Analysis, CheckResult
    from .tagvalues import Canonicalization

__all__ = ["to_unicode_locale", "from_unicode_locale"]


class TagEngine(Protocol):
    """What a conversion asks of the tag engine (:class:`.tag.TagEngine` is one)."""

    @property
    def cldr(self) -> CldrData | None: ...

    def check(self, text: str) -> CheckResult: ...

    def canonicalize(self, text: str) -> Canonicalization: ...

    def analyze(self, text: str, canonical: str | None = None) -> Analysis: ...


def _first_errors(engine: TagEngine, tag: str) -> list[str]:
    r = engine.check(tag)
    return [f"{d.code}: {d.message}" for d in r.errors][:3]


def to_unicode_locale(engine: TagEngine, tag: str) -> tuple[str, list[str]]:
    """Return the Unicode locale identifier for BCP 47 *tag* and notes on what changed."""
    r = engine.check(tag.strip())
    if not r.well_formed:
        return "", [
            "Not a well-formed BCP 47 tag, so there is no Unicode locale identifier for it.",
            *_first_errors(engine, tag.strip()),
        ]
    notes: list[str] = []
    canon = engine.canonicalize(r.input)
    cur = canon.tag
    for step in canon.steps:
        notes.append(f"BCP 47 canonical form: {step}")
    cldr = engine.cldr
    a = engine.analyze(cur)
    p = a.parse
    if p.grandfathered is not None or len(p.extlangs) > 0:
        key = cur.lower()
        if cldr is not None and key in cldr.language_aliases:
            new = cldr.language_aliases[key]
            notes.append(
                f"{cur} -> {new}: CLDR languageAlias (UTS #35 §3.3.1); Unicode locale ids have no "
                "grandfathered tags or extlangs"
            )
            cur = new
            a = engine.analyze(cur)
            p = a.parse
        else:
            return "", [
                f"'{cur}' has no Unicode locale identifier: UTS #35 allows neither grandfathered tags "
                "without a replacement nor extended language subtags."
            ]
    if p.language is None:
        return "", [f"'{cur}' is a private-use tag; a Unicode locale identifier must start with a language."]
    lang = p.language[0].lower()
    script = cased("script", p.script[0]) if p.script else None
    region = cased("region", p.region[0]) if p.region else None
    variants = [v[0].lower() for v in p.variants]
    if cldr is not None:
        # Longest CLDR language alias key first: 'sgn-br' before 'sgn'.
        keys = ([f"{lang}-{region.lower()}"] if region else []) + [lang]
        for key in keys:
            alias_value = cldr.language_aliases.get(key)
            if alias_value is None:
                continue
            new = alias_value
            notes.append(f"language '{key}' -> '{new}': CLDR languageAlias (UTS #35 §3.3.1)")
            alias = new.replace("_", "-").split("-")
            lang = alias[0].lower()
            if "-" in key:
                region = None  # the alias key consumed the region
            for extra in alias[1:]:
                if len(extra) == 4 and extra.isalpha() and script is None:
                    script = cased("script", extra)
                elif (len(extra) == 2 or extra.isdigit()) and region is None:
                    region = cased("region", extra)
            break
        if script and script.lower() in cldr.script_aliases:
            new = cldr.script_aliases[script.lower()]
            notes.append(f"script '{script}' -> '{new}': CLDR scriptAlias")
            script = new
        if region and region.lower() in cldr.territory_aliases:
            new = cldr.territory_aliases[region.lower()]
            first = new.split()[0]
            more = " (the first of several: " + new + ")" if " " in new else ""
            notes.append(f"region '{region}' -> '{first}': CLDR territoryAlias{more}")
            region = first
        for i, v in enumerate(variants):
            if v in cldr.variant_aliases:
                new = cldr.variant_aliases[v]
                notes.append(f"variant '{v}' -> '{new}': CLDR variantAlias")
                variants[i] = new.lower()
    if variants != sorted(variants):
        notes.append("variants sorted alphabetically (UTS #35 §3.2.1)")
        variants.sort()
    parts = [lang] + ([script] if script else []) + ([region] if region else []) + variants
    tail: list[str] = []
    for ext in p.extensions:
        s = ext.singleton[0].lower()
        body = [t[0].lower() for t in ext.subtags]
        if s == "u":
            kept: list[str] = []
            for j, b in enumerate(body):
                if b == "true" and j > 0 and len(body[j - 1]) == 2:
                    notes.append(f"'-{body[j - 1]}-true' -> '-{body[j - 1]}': UTS #35 drops a 'true' type")
                    continue
                kept.append(b)
            body = kept
        tail.append("-".join([s, *body]))
    if p.x_token is not None:
        tail.append("-".join(["x"] + [t[0].lower() for t in p.privateuse]))
    out = "-".join(parts + tail)
    if out == "und":
        notes.append("'und' alone -> 'root' (UTS #35 §3.3.1)")
        out = "root"
    if not notes:
        notes.append("no change: the canonical BCP 47 tag is already a Unicode locale identifier")
    return out, notes


def from_unicode_locale(engine: TagEngine, text: str) -> tuple[str, list[str]]:
    """Return the BCP 47 tag for a Unicode locale id or legacy LDML locale (``de_DE@collation=…``), with notes."""
    raw = text.strip()
    notes: list[str] = []
    if raw != text:
        notes.append("surrounding whitespace removed")
    if "@" in raw:
        try:
            from .ldml import legacy_to_bcp47
        except ImportError:  # pragma: no cover - the ldml module ships with the app
            return "", ["legacy LDML keywords are not supported in this build"]
        conv = legacy_to_bcp47(raw, engine.cldr)
        if conv.result is None:
            return "", [*notes, *conv.errors]
        return conv.result, [*notes, *conv.notes, *conv.errors]
    tag = raw
    if "_" in tag:
        tag = tag.replace("_", "-")
        notes.append("'_' separators -> '-' (UTS #35 §3.3.1)")
    head, sep, rest = tag.partition("-")
    if head.lower() == "root":
        tag = "und" + sep + rest
        notes.append("'root' -> 'und' (UTS #35 §3.3.1)")
    r = engine.check(tag)
    if not r.well_formed:
        return "", [*notes, "The result is not a well-formed BCP 47 tag:", *_first_errors(engine, tag)]
    if not r.valid:
        notes.append("note: the tag is well-formed but not valid: " + "; ".join(_first_errors(engine, tag)))
    if not notes:
        notes.append("no change: a Unicode locale identifier written with '-' is already a BCP 47 tag")
    return tag, notes
