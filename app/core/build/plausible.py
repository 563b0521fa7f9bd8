"""Plausibility: whether a script or region is usual for a language, and what a new language keeps.

Two services for the Build pane (and the repair helper):

- :func:`plausibility_notes` says, as notes that never change a verdict, when a tag's script is not one
  CLDR's likely-subtags data writes its language in (Latin and Braille always fit: romanizations and
  Braille are written for any language), or its region is a country where CLDR's
  territoryInfo lists no population of the language ("Spanish is not among the languages CLDR lists
  for Laos (LA); Latin America is 419: es-419?"). A tag is still valid (RFC 5646 §2.2.9) either way:
  these are readings of CLDR data, not rules of the standard.
- :func:`change_language` puts a new language into a tag and drops the later choices that no longer fit
  it: a script the language is not written in, a country it is not listed in, a variant whose Prefix
  is no longer met, and the ``-u-``/``-t-`` extensions (chosen for the old language); private use is kept.
  Where the data says nothing about the new language, script and region are kept.

>>> from bcp47_explorer.core.data import bundled_registry, bundled_supplemental
>>> reg = bundled_registry()
>>> likely = Likely(bundled_supplemental(), reg)
>>> change_language("yue-Hant-HK-u-nu-hanidec", "es", reg, likely)
('es', ('Hant', 'HK', '-u-nu-hanidec'))
>>> change_language("sr-Latn-RS", "bs", reg, likely)
('bs-Latn', ('RS',))
>>> print(*plausibility_notes("es-LA", reg, likely))
Spanish is not among the languages CLDR lists for Lao People's Democratic Republic (LA); Latin America is 419: es-419?
>>> plausibility_notes("es-Hant-MX", reg, likely)[0]
"Spanish is not written in Han (Traditional variant) (Hant) in CLDR's likely-subtags data, which lists Latin."
>>> plausibility_notes("ja-Latn-JP", reg, likely), plausibility_notes("es-419", reg, likely)
([], [])
"""

from __future__ import annotations

from ..registry.model import Registry
from ..registry.placement import prefix_met, prefix_table
from ..text.catalogue import _
from ..text.formats import format_list
from .choices import Likely, NameProvider, RegistryNames
from .compose import split_tag, use_in_tag

__all__ = ["change_language", "plausibility_notes", "region_fits", "script_fits"]


def script_fits(language: str, script: str, registry: Registry, likely: Likely) -> bool | None:
    """Tell whether *language* is written in *script* per CLDR (None: the data does not say)."""
    rec = registry.get("language", language)
    if rec is not None and rec.suppress_script and rec.suppress_script.lower() == script.lower():
        return True
    if script[:1].upper() in "QZ" or script.lower() in ("brai", "latn"):
        # Private use and special codes; Braille and Latin romanizations (ja-Latn, zh-Latn-pinyin) are usual
        # for any language: this project's reading, so they are never called unusual.
        return None
    scripts = likely.scripts_of(language)
    if not scripts:
        return None
    return script.lower() in (s.lower() for s in scripts)


def region_fits(language: str, region: str, likely: Likely) -> bool | None:
    """Tell whether CLDR lists *language* in the country *region* (None: not a country CLDR describes)."""
    territory = region.upper()
    listed = likely.territory_languages.get(territory)
    if listed is None or not region.isalpha():
        return None
    low = language.lower()
    if low in listed:
        return True
    if "-" in low:
        if any(k.startswith(low + "-") for k in listed):
            return True
    elif low in likely.listed_with_script(territory):  # listed with a script only ("sr-Latn")
        return True
    return likely.likely(low)[1].upper() == region.upper()


def change_language(tag: str, language: str, registry: Registry, likely: Likely) -> tuple[str, tuple[str, ...]]:
    """Return *tag* with *language* as its language, and the subtags and extensions dropped as not fitting."""
    parts = split_tag(use_in_tag(tag, "language", language, registry))
    dropped: list[str] = []
    new = parts.language or language
    if parts.script and script_fits(new, parts.script, registry, likely) is False:
        dropped.append(parts.script)
        parts.script = None
    if parts.region and region_fits(new, parts.region, likely) is False:
        dropped.append(parts.region)
        parts.region = None
    table = prefix_table(registry)
    kept: list[str] = []
    for variant in parts.variants:
        before = [s.lower() for s in (*parts.head(), *kept)]
        if prefix_met(variant, before, table):
            kept.append(variant)
        else:
            dropped.append(variant)
    parts.variants = kept
    tail = parts.tail
    x = next((i for i, s in enumerate(tail) if s.lower() == "x"), len(tail))
    if x:
        dropped.append("-" + "-".join(tail[:x]))
    parts.tail = tail[x:]
    return parts.join(), tuple(dropped)


def plausibility_notes(tag: str, registry: Registry, likely: Likely, names: NameProvider | None = None) -> list[str]:
    """Return notes on a script or region unusual for the tag's language (none for a usual one)."""
    names = names or RegistryNames(registry)
    parts = split_tag(tag)
    lang = parts.language
    if not lang or lang.lower() == "und":
        return []

    def name(kind: str, code: str) -> str:
        return names.name(kind, code) or code

    notes = []
    if parts.script and script_fits(lang, parts.script, registry, likely) is False:
        written = format_list([name("script", s) for s in likely.scripts_of(lang)[:3]])
        notes.append(
            _(
                "{language} is not written in {script} ({code}) in CLDR's likely-subtags data, which lists {scripts}."
            ).format(
                language=name("language", lang), script=name("script", parts.script), code=parts.script, scripts=written
            )
        )
    if parts.region and region_fits(lang, parts.region, likely) is False:
        fields = {
            "language": name("language", lang),
            "region": name("region", parts.region),
            "code": parts.region.upper(),
        }
        text = _("{language} is not among the languages CLDR lists for {region} ({code})").format(**fields)
        if parts.region.upper() == "LA" and (region_fits(lang, "MX", likely) or region_fits(lang, "AR", likely)):
            text = _(
                "{language} is not among the languages CLDR lists for {region} ({code}); Latin America is 419: "
                "{suggestion}?"
            ).format(**fields, suggestion=use_in_tag(tag, "region", "419", registry))
        else:
            usual = likely.likely(lang)[1]
            if usual:
                suggestion = use_in_tag(tag, "region", usual, registry)
                text = _(
                    "{language} is not among the languages CLDR lists for {region} ({code}); CLDR's likely region "
                    "for it is {usual}: {suggestion}?"
                ).format(**fields, usual=name("region", usual), suggestion=suggestion)
        notes.append(text)
    return notes
