"""Display names of language tags: CLDR 48's names of each subtag and of the whole tag, in any language.

>>> from bcp47_explorer.core.data import bundled_namer
>>> namer = bundled_namer()
>>> namer.display_name("sr-Latn-RS", "en")
'Serbian (Latin, Serbia)'
>>> namer.display_name("en-GB", "en"), namer.display_name("en-GB", "fr")
('British English', 'anglais britannique')
>>> namer.display_name("de", "ja"), namer.autonym("de"), namer.autonym("ja")
('ドイツ語', 'Deutsch', '日本語')
>>> namer.display_name("en-u-ca-islamic-civil-nu-thai", "en")
'English (Hijri Calendar [tabular, civil epoch], Thai Digits)'

The whole-tag name follows UTS #35 Part 2 §1.1 (Locale Display Name Algorithm), with
``CombineLanguage`` on and no ``alt`` forms:

1. **Language**: the longest of language-script-region, language-script, language-region and
   language that CLDR names (``en-GB`` → "British English", ``zh-Hant`` → "Traditional
   Chinese"); a tie goes to the form whose subtags come earlier (script before region). The
   subtags it covers are not named again.
2. **Script, region, variants** (variants in alphabetical order, as in a canonical Unicode locale
   id) each add a qualifier.
3. ``-t-``: the name of key ``h0``'s type ``hybrid`` if the tag has it, else of the key ``t``,
   with the source language's own name, joined with ``localeKeyTypePattern``; then each other field.
4. ``-u-``: attributes (with key ``u``), then each keyword: CLDR's name for the key+type if it has
   one ("Thai Digits"), else key name and value joined with ``localeKeyTypePattern``, the value
   named by its class: scripts for ``kr``/``dx``, subdivisions for ``sd`` and ``rg`` (a ``rg`` value
   ``gbzzzz`` names the region), code points for ``vt``, currencies for ``cu`` (CLDR's currency
   names, "Currency: Euro") and time zones for ``tz`` (the zone's exemplar city: "Time Zone: Zürich",
   from its IANA id where CLDR gives none, as CLDR does); the spec lists no step for these two, but
   CLDR has the names.
5. Other extensions in singleton order, then private use (key ``x``), as ``singleton: subtags``.

Then ``localePattern`` joins the base name with the qualifiers, listed with ``localeSeparator``;
parentheses inside a name become brackets ("Transform: Russian [Cyrillic]").

Readings taken where the spec leaves room (each pinned by a test):

- The spec's text joins the ``-t-`` label and the source language with ``localePattern``; its own
  examples ("Transform: German") use ``localeKeyTypePattern``, and so do we.
- The spec's steps put private use after the other extensions; its last example lists ``x``
  between ``v`` and ``z``. We follow the steps: private use comes last, as in the tag.
- A code CLDR does not name in the display language or its parent locales is named by the first
  English Description of its registry record (``aaa`` → "Ghotuo"), then by the code itself. A
  deprecated language CLDR does not name is named through its registry Preferred-Value
  (``iw`` → "Hebrew"), as the spec's "convert to canonical form and try again" asks.
- A grandfathered tag is named through its Preferred-Value (``i-klingon`` → "Klingon"), else by
  its registry Description (``i-default`` → "Default Language").
- An extlang names the language: ``zh-yue`` is named as ``yue`` (its Preferred-Value). One the
  registry does not hold names nothing and is shown as written, like an unknown region:
  ``en-USA`` is "English (USA)", not Usarufa (whose language subtag is ``usa``).
- The autonym is the tag named in the display language the tag itself resolves to
  (``sr-Latn-RS`` in ``sr-Latn``: "srpski (Srbija)"); ``None`` when CLDR has no locale for it.
- Per subtag, scripts get CLDR's stand-alone name where it has one ("Simplified Han"); inside the
  whole name the ordinary one ("Chinese (Simplified, China)").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..grammar.parser import Extension, Parse, parse
from ..grammar.syntax import GRANDFATHERED, SCRIPT_KIND, VARIANT_KIND, cased
from .pack import LocaleNames, NamesPack
from .search import BaseRecord, NameIndex, base_records
from .values import ValueNames
from .values import fill as _fill

if TYPE_CHECKING:
    from ..cldr.model import CldrData
    from ..registry.model import Registry

__all__ = ["Namer", "SubtagName", "TagName"]

_PARENS = str.maketrans({"(": "[", ")": "]", "（": "［", "）": "］"})
_T_KIND = {0: "language", 1: "extlang", 2: "script", 3: "region", 4: "variant"}


@dataclass(frozen=True, slots=True)
class SubtagName:
    """The names of one subtag (or of one ``-u-``/``-t-`` keyword's value) of a tag.

    ``name`` is CLDR's name in the display language (None when CLDR has none there or in its
    parent locales), ``source`` the CLDR locale that gave it; ``description`` is the English
    registry Description (IANA) for language, script, region and variant subtags, and CLDR's
    English description (from its BCP 47 data) for keys and types.
    """

    text: str
    start: int
    end: int
    kind: str  # language, extlang, script, region, variant, t-language .. t-variant, u-key, u-type, ...
    code: str  # the code looked up, in canonical case ("Latn", "GB", "ca", "islamic-civil")
    name: str | None
    source: str | None
    description: str | None

    @property
    def label(self) -> str:
        """The best name there is: CLDR's, else the registry's, else the code."""
        return self.name or self.description or self.code


@dataclass(frozen=True, slots=True)
class TagName:
    """The names of one tag in one display language."""

    tag: str
    display: str  # the display language asked for
    locale: str  # the CLDR locale whose names were used ("root": none fits, registry names only)
    name: str | None  # the whole tag's name (None when the tag is not well-formed)
    subtags: tuple[SubtagName, ...]
    autonym: str | None  # the tag named in its own language
    autonym_locale: str | None


class Namer:
    """Names tags and subtags with CLDR's data, the registry's descriptions as the fallback."""

    __slots__ = ("_indexes", "_records", "_registry", "cldr", "pack", "values")

    def __init__(self, pack: NamesPack, registry: Registry | None = None, cldr: CldrData | None = None) -> None:
        self.pack = pack
        self._registry = registry
        self.cldr = cldr
        self.values = ValueNames(pack, cldr)  # names of one code or keyword value; the Namer composes them
        self._indexes: dict[str, NameIndex] = {}
        self._records: list[BaseRecord] | None = None

    def search_index(self, display: str) -> NameIndex:
        """Return the index that finds languages, scripts, regions and variants by any name (cached).

        The pickers' search: every registry subtag of those kinds with its name in *display*, its
        English name and, for languages, its autonyms, so that ``Deutsch``, ``español`` and ``日本語``
        are found whatever the display language. See :mod:`.name_search` for the ranking.
        Needs the registry (a namer made without one raises ValueError).
        """
        names = self.pack.names(display)
        hit = self._indexes.get(names.locale)
        if hit is not None:
            return hit
        if self._registry is None:
            raise ValueError("the search index needs the registry: make the Namer with one")

        if self._records is None:
            self._records = base_records(self._registry, self.pack.names("en").merged, self.pack.autonyms)
        index = NameIndex.build(display, names.locale, self._records, names.merged)
        self._indexes[names.locale] = index
        return index

    # ------------------------------------------------------------------ single codes
    def region_name(self, code: str, display: str) -> str | None:
        """Return CLDR's name of region *code* (see :meth:`.ValueNames.region_name`)."""
        return self.values.region_name(code, display)

    def subdivision_name(self, code: str, display: str) -> str | None:
        """Return CLDR's name of subdivision *code* (see :meth:`.ValueNames.subdivision_name`)."""
        return self.values.subdivision_name(code, display)

    def subdivisions_of(self, region: str, display: str) -> list[tuple[str, str | None]]:
        """Return every subdivision of *region* with its name (see :meth:`.ValueNames.subdivisions_of`)."""
        return self.values.subdivisions_of(region, display)

    def rg_name(self, value: str, display: str) -> str | None:
        """Return the name of an ``rg`` value (see :meth:`.ValueNames.rg_name`)."""
        return self.values.rg_name(value, display)

    def type_name(self, key: str, value: str, display: str) -> str | None:
        """Return CLDR's name of a key's value (see :meth:`.ValueNames.type_name`)."""
        return self.values.type_name(key, value, display)

    def names(self, display: str) -> LocaleNames:
        """Return the CLDR names of display language *display* (loaded on first use)."""
        return self.pack.names(display)

    def description(self, kind: str, code: str) -> str | None:
        """Return the first English registry Description of subtag *code* of *kind*, or None."""
        if self._registry is None:
            return None
        rec = self._registry.get(kind, code)
        return rec.descriptions[0] if rec is not None and rec.descriptions else None

    # ------------------------------------------------------------------ whole tags
    def display_name(self, tag: str, display: str = "en") -> str | None:
        """Return the name of *tag* in display language *display*, or None if *tag* is not well-formed."""
        return self._compose(parse(tag), self.pack.names(display))

    def autonym(self, tag: str) -> str | None:
        """Return *tag* named in its own language (``de`` → "Deutsch"), or None if CLDR has no such locale."""
        locale = self.pack.resolve_locale(tag)
        if locale == "root":
            return None
        return self._compose(parse(tag), self.pack.names(locale))

    def name_tag(self, tag: str, display: str = "en") -> TagName:
        """Return every name of *tag*: the whole tag, each subtag, and the autonym."""
        names = self.pack.names(display)
        p = parse(tag)  # once: the whole name, the autonym and the subtags all read it
        whole = self._compose(p, names)
        auto_locale = self.pack.resolve_locale(tag) if whole is not None else "root"
        autonym = self._compose(p, self.pack.names(auto_locale)) if auto_locale != "root" else None
        return TagName(
            tag,
            display,
            names.locale,
            whole,
            tuple(self._subtags(p, names)),
            autonym,
            None if autonym is None else auto_locale,
        )

    def _compose(self, p: Parse, names: LocaleNames) -> str | None:
        if not p.well_formed:
            return None
        if p.grandfathered is not None:
            return self._grandfathered(p.grandfathered[0], names)
        quals: list[str] = []
        base = self._base(p, names, quals)
        for ext in sorted(p.extensions, key=lambda e: (e.singleton[0].lower() not in "tu", e.singleton[0].lower())):
            single = ext.singleton[0].lower()
            if single == "t":
                quals.extend(self._t_quals(ext, names))
            elif single == "u":
                quals.extend(self._u_quals(ext, names))
            else:
                quals.append(_kv(names, single, "-".join(s[0].lower() for s in ext.subtags)))
        if p.privateuse:
            label = names.get("k", "x") or "x"
            quals.append(_kv(names, label, "-".join(s[0].lower() for s in p.privateuse)))
        return _join(names, base, quals)

    def _grandfathered(self, text: str, names: LocaleNames) -> str:
        rec = self._registry.tag_record(text) if self._registry is not None else None
        if rec is not None and rec.preferred_value:
            name = self._compose(parse(rec.preferred_value), names)
            if name is not None:
                return name
        if rec is not None and rec.descriptions:
            return rec.descriptions[0]
        return GRANDFATHERED.get(text.lower(), text)

    def _base(self, p: Parse, names: LocaleNames, quals: list[str]) -> str:
        """Return the base name (step 1) and append script, region and variant qualifiers (step 2)."""
        lang_tok = p.language
        lang = (p.extlangs[0][0] if p.extlangs else lang_tok[0]).lower() if lang_tok else "und"
        if p.extlangs and lang_tok and self._registry is not None and self._registry.get("extlang", lang) is None:
            quals.append(p.extlangs[0][0])  # an extlang the registry does not hold names no language: 'en-USA'
            lang = lang_tok[0].lower()
        script = cased("script", p.script[0]) if p.script else None
        region = cased("region", p.region[0]) if p.region else None
        variants = sorted({v[0].lower() for v in p.variants})
        return self._language_id(lang, script, region, variants, names, quals)

    def _language_id(
        self,
        lang: str,
        script: str | None,
        region: str | None,
        variants: Iterable[str],
        names: LocaleNames,
        quals: list[str],
    ) -> str:
        base, used_script, used_region = self._longest_language(lang, script, region, names)
        if base is None:
            preferred = self._preferred_language(lang)
            if preferred is not None:
                base, used_script, used_region = self._longest_language(preferred, script, region, names)
        if base is None and self.cldr is not None:
            # UTS #35 Part 2: a code CLDR does not name is put in its canonical form (CLDR's aliases) and
            # tried again before the registry's English Description (arb → ar: アラビア語 in Japanese).
            alias = self.cldr.language_aliases.get(lang)
            if alias:
                a_lang, *rest = alias.replace("_", "-").split("-")
                a_script = next((x for x in rest if len(x) == 4), None)
                base, used_script, used_region = self._longest_language(
                    a_lang.lower(), script or a_script, region, names
                )
                used_script = used_script or (not script and a_script is not None)
        if base is None:
            base = self.description("language", lang) or lang
        if script and not used_script:
            quals.append(_bracketed(names.get("s", script) or self.description("script", script) or script))
        if region and not used_region:
            region_name = names.get("r", region) or names.get("r", self._region_alias(region))
            quals.append(_bracketed(region_name or self.description("region", region) or region))
        for v in variants:
            quals.append(_bracketed(names.get("v", v) or self.description("variant", v) or v))
        # Brackets replace parentheses only inside a localePattern (_join), never in a name that stands
        # alone: "Norwegisch (Bokmål)" for nb, "Norwegisch [Bokmål] (Norwegen)" for nb-NO.
        return base

    @staticmethod
    def _longest_language(
        lang: str, script: str | None, region: str | None, names: LocaleNames
    ) -> tuple[str | None, bool, bool]:
        table = names
        if script and region:
            hit = table.get("l", f"{lang}-{script}-{region}")
            if hit:
                return hit, True, True
        if script:
            hit = table.get("l", f"{lang}-{script}")
            if hit:
                return hit, True, False
        if region:
            hit = table.get("l", f"{lang}-{region}")
            if hit:
                return hit, False, True
        return table.get("l", lang), False, False

    def _region_alias(self, region: str) -> str:
        """Return the region CLDR's territoryAlias replaces *region* by ("" for none; of several, the first)."""
        if self.cldr is None:
            return ""
        alias = self.cldr.territory_aliases.get(region.lower(), "")
        return alias.split()[0] if alias else ""

    def _preferred_language(self, lang: str) -> str | None:
        if self._registry is None:
            return None
        rec = self._registry.get("language", lang)
        pv = rec.preferred_value if rec is not None else None
        return pv.lower() if pv and pv.lower() != lang else None

    def _t_quals(self, ext: Extension, names: LocaleNames) -> list[str]:
        out: list[str] = []
        fields = [(k[0].lower(), "-".join(v[0].lower() for v in vals)) for k, vals in ext.keywords]
        fields.sort()
        if ext.tlang:
            label = None
            if ("h0", "hybrid") in fields:
                label = names.get("t", "h0-hybrid")
                fields.remove(("h0", "hybrid"))
            label = label or names.get("k", "t") or "t"
            toks = [(tok[0], kind) for tok, kind in ext.tlang]
            sub_quals: list[str] = []
            lang = toks[0][0].lower()
            script = next((cased("script", t) for t, k in toks if k == SCRIPT_KIND), None)
            region = next((cased("region", t) for t, k in toks if k == 3), None)
            variants = sorted({t.lower() for t, k in toks if k == VARIANT_KIND})
            ext_lang = next((t.lower() for t, k in toks if k == 1), None)
            base = self._language_id(ext_lang or lang, script, region, variants, names, sub_quals)
            out.append(_kv(names, label, _join(names, base, sub_quals).translate(_PARENS)))
        for key, value in fields:
            out.append(self._keyword(key, value, names))
        return out

    def _u_quals(self, ext: Extension, names: LocaleNames) -> list[str]:
        out: list[str] = []
        if ext.attributes:
            out.append(_kv(names, names.get("k", "u") or "u", "-".join(a[0].lower() for a in ext.attributes)))
        seen: set[str] = set()
        keywords: list[tuple[str, str]] = []
        for key_tok, types in ext.keywords:
            key = key_tok[0].lower()
            if key not in seen:  # only the first occurrence of a key counts (RFC 6067 §2.1)
                seen.add(key)
                keywords.append((key, "-".join(t[0].lower() for t in types)))
        for key, value in sorted(keywords):
            out.append(self._keyword(key, value, names))
        return out

    def _keyword(self, key: str, value: str, names: LocaleNames) -> str:
        whole = names.get("t", f"{key}-{value or 'true'}")
        if whole:
            return _bracketed(whole)
        key_name = names.get("k", key) or key
        if key == "vt":
            value_name = value.replace("-", " ").replace("_", " ")
        elif key in ("sd", "rg", "kr", "dx", "cu", "tz"):
            value_name = self.values.type_name(key, value, names.locale) or value
        else:
            value_name = value
        return _kv(names, key_name, value_name)

    # ------------------------------------------------------------------ per subtag
    def subtag_names(self, tag: str, display: str = "en") -> tuple[SubtagName, ...]:
        """Return the names of each subtag of *tag* (``-u-``/``-t-`` values named as whole keywords)."""
        return tuple(self._subtags(parse(tag), self.pack.names(display)))

    def _subtags(self, p: Parse, names: LocaleNames) -> Iterable[SubtagName]:
        if p.grandfathered is not None:
            g = p.grandfathered
            yield SubtagName(g[0], g[1], g[2], "grandfathered", g[0].lower(), None, None, self._gf_description(g[0]))
        for tok, kind in ([(p.language, "language")] if p.language else []) + [(e, "extlang") for e in p.extlangs]:
            yield self._code_name(tok, kind, names)
        if p.script:
            yield self._code_name(p.script, "script", names)
        if p.region:
            yield self._code_name(p.region, "region", names)
        for v in p.variants:
            yield self._code_name(v, "variant", names)
        for ext in p.extensions:
            single = ext.singleton[0].lower()
            if single == "u":
                yield from self._u_subtags(ext, names)
            elif single == "t":
                for t_tok, t_kind in ext.tlang:
                    yield self._code_name(t_tok, _T_KIND.get(t_kind, "variant"), names, prefix="t-")
                for key_tok, vals in ext.keywords:
                    yield from self._keyword_subtags("t", key_tok, vals, names)

    def _gf_description(self, text: str) -> str | None:
        rec = self._registry.tag_record(text) if self._registry is not None else None
        return rec.descriptions[0] if rec is not None and rec.descriptions else None

    def _code_name(self, tok: tuple[str, int, int], kind: str, names: LocaleNames, prefix: str = "") -> SubtagName:
        text, start, end = tok
        code = cased(kind, text) if kind != "variant" else text.lower()
        cat = {"language": "l", "extlang": "l", "script": "s", "region": "r", "variant": "v"}[kind]
        name = None
        source = None
        if cat == "s":
            name = names.get("S", code)
            source = names.source("S", code) if name else None
        if name is None:
            name = names.get(cat, code)
            source = names.source(cat, code) if name else None
        return SubtagName(text, start, end, prefix + kind, code, name, source, self.description(kind, code))

    def _u_subtags(self, ext: Extension, names: LocaleNames) -> Iterable[SubtagName]:
        for a in ext.attributes:
            yield SubtagName(a[0], a[1], a[2], "u-attribute", a[0].lower(), None, None, None)
        for key_tok, types in ext.keywords:
            yield from self._keyword_subtags("u", key_tok, types, names)

    def _keyword_subtags(
        self, ext: str, key_tok: tuple[str, int, int], vals: list[tuple[str, int, int]], names: LocaleNames
    ) -> Iterable[SubtagName]:
        key = key_tok[0].lower()
        name = names.get("k", key)
        yield SubtagName(
            key_tok[0],
            key_tok[1],
            key_tok[2],
            f"{ext}-key",
            key,
            name,
            names.source("k", key) if name else None,
            self.values.key_description(ext, key),
        )
        if not vals:
            return
        value = "-".join(v[0].lower() for v in vals)
        vname = self.values.type_name(key, value, names.locale)
        if key == "cu":
            source = names.source("c", value.upper()) if vname else None
        elif key == "tz":
            source = (names.source("z", value) or "IANA id") if vname else None
        elif key in ("sd", "rg", "kr", "dx"):
            source = names.locale if vname else None
        else:
            source = names.source("t", f"{key}-{value}") if vname else None
        yield SubtagName(
            "-".join(v[0] for v in vals),
            vals[0][1],
            vals[-1][2],
            f"{ext}-type" if ext == "u" else "t-value",
            value,
            vname,
            source,
            self.values.key_description(ext, key, value),
        )


def _bracketed(name: str) -> str:
    return name.translate(_PARENS)


def _kv(names: LocaleNames, key: str, value: str) -> str:
    return _fill(names.keytype, _bracketed(key), _bracketed(value))


def _join(names: LocaleNames, base: str, quals: list[str]) -> str:
    if not quals:
        return base
    base = _bracketed(base)
    listed = quals[0]
    for q in quals[1:]:
        listed = _fill(names.separator, listed, q)
    return _fill(names.pattern, base, listed)
