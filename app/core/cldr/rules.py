"""UTS #35 locale-id pieces for the Unicode canonical form: the syntax, language ids, and CLDR's alias rules.

:mod:`.uts35_canonical` runs Annex C with these; :mod:`.uts35_validity` checks with the syntax.

>>> is_unicode_bcp47_locale_id("en-u-ca-gregory"), is_unicode_bcp47_locale_id("en-u-c0")
(True, False)
>>> parse_lang_id(["ja", "latn", "hepburn", "heploc"]).render()
'ja-Latn-hepburn-heploc'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from operator import attrgetter

from ..grammar.syntax import (
    EXTENSION_SUBTAG,
    PRIVATEUSE_SUBTAG,
    REGION,
    REGISTERED_LANGUAGE,
    SCRIPT,
    T_KEY,
    VARIANT,
    cased,
    is_region,
    is_registered_language,
    is_script,
    is_variant,
    split_t,
    split_u,
)
from ..text.catalogue import _
from ..text.frozen import Frozen, _set

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    from .model import CldrData

__all__ = [
    "ANNEX_C",
    "U_KEY",
    "UNICODE_BCP47",
    "U_SUBTAG",
    "AliasRule",
    "AliasRules",
    "LangId",
    "Likely",
    "ValueAliases",
    "is_unicode_bcp47_locale_id",
    "parse_lang_id",
]

#: Add likely subtags: 'hy' -> 'hy-Armn-AM' (a BCP 47 tag), None when nothing is known.
Likely = Callable[[str], "str | None"]

ANNEX_C = "UTS #35 Annex C"

# UTS #35 §3.2 builds on RFC 5646's pieces (syntax.py): unicode_language_subtag is the registrable
# language shape (2-3 or 5-8 letters), script, region and variant are RFC 5646's. Its own shapes:
# ukey = alphanum alpha (narrower than RFC 6067's 2alphanum, so -u- and -t- keys never look alike),
# uvalue / uattribute / tvalue subtags = alphanum{3,8}.
U_KEY = r"[A-Za-z0-9][A-Za-z]"
U_SUBTAG = r"[A-Za-z0-9]{3,8}"
_LANG_ID = rf"(?:{REGISTERED_LANGUAGE})(?:-(?:{SCRIPT}))?(?:-(?:{REGION}))?(?:-(?:{VARIANT}))*"
# The locale id in one pattern (UTS #35 §3.2). Compiled on first use (the compile costs about 1 ms, and a
# check of plain tags never reads it): the module's __getattr__ below makes it, then binds it here.
UNICODE_BCP47: re.Pattern[str]
_UNICODE_BCP47 = (
    rf"{_LANG_ID}"
    rf"(?:-[uU](?:(?:-{U_SUBTAG})+(?:-{U_KEY}(?:-{U_SUBTAG})*)*|(?:-{U_KEY}(?:-{U_SUBTAG})*)+)"
    rf"|-[tT](?:-{_LANG_ID}(?:-{T_KEY}(?:-{U_SUBTAG})+)*|(?:-{T_KEY}(?:-{U_SUBTAG})+)+)"
    rf"|-[0-9A-SV-WYZa-sv-wyz](?:-{EXTENSION_SUBTAG})+)*"
    rf"(?:-[xX](?:-{PRIVATEUSE_SUBTAG})+)?"
)


def __getattr__(name: str) -> re.Pattern[str]:
    """Compile :data:`UNICODE_BCP47` when it is first read, and keep it as the module's global (PEP 562)."""
    if name == "UNICODE_BCP47":
        pattern = globals()["UNICODE_BCP47"] = re.compile(_UNICODE_BCP47)
        return pattern
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _locale_id_shape() -> re.Pattern[str]:
    """:data:`UNICODE_BCP47`, compiled now if it was not yet (a global name read here skips __getattr__)."""
    try:
        return UNICODE_BCP47
    except NameError:
        return __getattr__("UNICODE_BCP47")


def is_unicode_bcp47_locale_id(text: str) -> bool:
    """Tell whether *text* is a well-formed Unicode BCP 47 locale identifier (UTS #35 §3.2, every wfc).

    >>> [is_unicode_bcp47_locale_id(t) for t in ("en-US", "root", "zh-yue", "en-u-c0", "de-1901-1901", "und")]
    [True, False, False, False, False, True]
    """
    if not _locale_id_shape().fullmatch(text):
        return False
    parts = text.lower().split("-")
    singletons = [p for p in parts if len(p) == 1]
    if "x" in singletons:
        singletons = singletons[: singletons.index("x")]
    if len(set(singletons)) != len(singletons):
        return False
    head = parts[: next((i for i, p in enumerate(parts) if len(p) == 1), len(parts))]
    if _dup_variants(head):
        return False
    for s, body in _sequences(parts):
        if s == "u":
            _attrs, kws = split_u(body)
            keys = [k[0] for k in kws]
            if len(set(keys)) != len(keys):
                return False
        elif s == "t":
            tlang, _stray, fields = split_t(body)
            keys = [f[0] for f in fields]
            if len(set(keys)) != len(keys) or _dup_variants(tlang):
                return False
    return True


def _dup_variants(head: list[str]) -> bool:
    variants = [p for p in head[1:] if is_variant(p)]
    return len(set(variants)) != len(variants)


def _sequences(parts: list[str]) -> list[tuple[str, list[str]]]:
    out: list[tuple[str, list[str]]] = []
    for p in parts[1:]:
        if len(p) == 1:
            if p == "x":
                break
            out.append((p, []))
        elif out:
            out[-1][1].append(p)
    return out


# ----------------------------------------------------------------------------- language ids
class LangId:
    """A Unicode language id as Annex C's multimap: '' for und, lowercase fields, variants a sorted list.

    Changed in place while rules apply (so no hash); equal to another with the same four fields.
    """

    __slots__ = __match_args__ = ("lang", "script", "region", "variants")
    _compared = attrgetter(*__match_args__)
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, lang: str, script: str = "", region: str = "", variants: tuple[str, ...] = ()) -> None:
        self.lang = lang
        self.script = script
        self.region = region
        self.variants = variants

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return bool(self._compared(self) == self._compared(other))
        return NotImplemented

    def __repr__(self) -> str:
        return f"LangId(lang={self.lang!r}, script={self.script!r}, region={self.region!r}, variants={self.variants!r})"

    def render(self) -> str:
        """Return the id in canonical case ('und' for an empty language)."""
        parts = [self.lang or "und"]
        if self.script:
            parts.append(cased("script", self.script))
        if self.region:
            parts.append(cased("region", self.region))
        parts.extend(self.variants)
        return "-".join(parts)

    def copy(self) -> LangId:
        """Return an independent copy."""
        return LangId(self.lang, self.script, self.region, self.variants)


def parse_lang_id(subtags: list[str]) -> LangId | None:
    """Parse lowercase *subtags* as a unicode_language_id, or None when they are not one."""
    if not subtags or not is_registered_language(subtags[0]):
        return None
    lid = LangId("" if subtags[0] == "und" else subtags[0])
    i, n = 1, len(subtags)
    if i < n and is_script(subtags[i]):
        lid.script = subtags[i]
        i += 1
    if i < n and is_region(subtags[i]):
        lid.region = subtags[i]
        i += 1
    variants = subtags[i:]
    if not all(is_variant(v) for v in variants) or len(set(variants)) != len(variants):
        return None
    lid.variants = tuple(sorted(variants))
    return lid


class AliasRule(Frozen):
    """One alias rule of Annex C: a type and a replacement, both language-id multimaps."""

    __slots__ = __match_args__ = ("table", "written", "lang", "script", "region", "variants", "new_lang",
                                  "new_script", "new_regions", "new_variants", "replacement")  # fmt: skip
    _compared = attrgetter(*__match_args__)

    table: str  # languageAlias, scriptAlias, territoryAlias, variantAlias
    written: str  # the type as CLDR writes it ('sgn-BR', 'SU')
    lang: str
    script: str
    region: str
    variants: frozenset[str]
    new_lang: str
    new_script: str
    new_regions: tuple[str, ...]
    new_variants: tuple[str, ...]
    replacement: str  # as CLDR writes it

    def __init__(
        self,
        table: str,
        written: str,
        lang: str,
        script: str,
        region: str,
        variants: frozenset[str],
        new_lang: str,
        new_script: str,
        new_regions: tuple[str, ...],
        new_variants: tuple[str, ...],
        replacement: str,
    ) -> None:
        _set(self, "table", table)
        _set(self, "written", written)
        _set(self, "lang", lang)
        _set(self, "script", script)
        _set(self, "region", region)
        _set(self, "variants", variants)
        _set(self, "new_lang", new_lang)
        _set(self, "new_script", new_script)
        _set(self, "new_regions", new_regions)
        _set(self, "new_variants", new_variants)
        _set(self, "replacement", replacement)

    @property
    def type_text(self) -> str:
        """Return the rule's type as CLDR's table writes it, in canonical case ('sgn-BR', 'SU', 'polytoni')."""
        text = LangId(self.lang, self.script, self.region, tuple(sorted(self.variants))).render()
        return text if self.table == "languageAlias" else text.removeprefix("und-")

    def sort_key(self) -> tuple[int, tuple[int, ...], tuple[str, ...]]:
        """Return the order of Annex C Preprocessing 5: bigger rules first, then by field, then by value."""
        fields = [(0, self.lang)] if self.lang else []
        fields += [(1, self.script)] if self.script else []
        fields += [(2, self.region)] if self.region else []
        fields += [(3, v) for v in sorted(self.variants)]
        return (-len(fields), tuple(f for f, _ in fields), tuple(v for _, v in fields))

    def matches(self, s: LangId) -> bool:
        """Tell whether every field of *s* contains this rule's field (Annex C 3, Matches)."""
        return (
            (not self.lang or s.lang == self.lang)
            and (not self.script or s.script == self.script)
            and (not self.region or s.region == self.region)
            and self.variants.issubset(s.variants)
        )


def rules_of(table: str, aliases: Mapping[str, str]) -> tuple[list[AliasRule], dict[str, str]]:
    """Read one CLDR alias table into rules, and the BCP47 LegacyRules (type not a language id)."""
    rules: list[AliasRule] = []
    legacy: dict[str, str] = {}
    for key, replacement in aliases.items():
        if table == "languageAlias":
            src, repls = key.lower(), [replacement.replace("_", "-")]
        else:
            src = f"und-{key.lower()}"
            repls = [f"und-{r}" for r in replacement.split()]
        lid = parse_lang_id(src.split("-"))
        if lid is None or lid == LangId(""):
            if table == "languageAlias":
                legacy[src] = replacement.replace("_", "-")
            continue  # Preprocessing 3: a rule whose type is no language id is discarded ('und-AAA')
        new = [parse_lang_id(r.lower().split("-")) for r in repls]
        if any(n is None for n in new):
            continue
        got = [n for n in new if n is not None]
        regions = tuple(n.region for n in got if n.region)
        rules.append(
            AliasRule(
                table,
                key,
                lid.lang,
                lid.script,
                lid.region,
                frozenset(lid.variants),
                got[0].lang,
                got[0].script,
                regions,
                got[0].variants,
                replacement,
            )
        )
    return rules, legacy


class AliasRules:
    """CLDR's alias rules in Annex C order, indexed for lookup, with the Territory Exception's likely subtags."""

    __slots__ = ("_by_field", "legacy", "likely", "rules")

    def __init__(self, cldr: CldrData, likely: Likely | None = None) -> None:
        self.likely = likely
        rules: list[AliasRule] = []
        legacy: dict[str, str] = {}
        tables = (
            ("languageAlias", cldr.language_aliases),
            ("scriptAlias", cldr.script_aliases),
            ("territoryAlias", cldr.territory_aliases),
            ("variantAlias", cldr.variant_aliases),
        )
        for name, table in tables:
            got, leg = rules_of(name, table)
            rules += got
            legacy.update(leg)
        rules.sort(key=AliasRule.sort_key)
        #: The alias rules in the order Annex C applies them.
        self.rules = tuple(rules)
        #: The BCP47 LegacyRules: a whole lowercase tag -> its replacement.
        self.legacy = legacy
        # Each rule is looked for under one of its values: language, else script, region, a variant.
        by_field: dict[tuple[int, str], list[int]] = {}
        for i, r in enumerate(rules):
            if r.lang:
                k = (0, r.lang)
            elif r.script:
                k = (1, r.script)
            elif r.region:
                k = (2, r.region)
            else:
                k = (3, min(r.variants))
            by_field.setdefault(k, []).append(i)
        self._by_field = by_field

    def may_match(self, lang: str, script: str, region: str) -> bool:
        """Tell whether any rule is indexed under these lowercase fields (False: no rule can match the id).

        A language id without variants is matched only by rules looked for under one of its
        fields ('' and 'und' for the language are none), so False settles that no alias applies.
        """
        by = self._by_field
        return (
            (lang != "und" and (0, lang) in by)
            or (script != "" and (1, script) in by)
            or (region != "" and (2, region) in by)
        )

    def first_match(self, lid: LangId) -> AliasRule | None:
        """Return the first alias rule (Annex C order) that matches *lid*, or None."""
        by = self._by_field
        found: list[int] = []
        for key in ((0, lid.lang), (1, lid.script), (2, lid.region), *((3, v) for v in lid.variants)):
            if key[1]:
                found.extend(by.get(key, ()))
        for i in sorted(found):
            if self.rules[i].matches(lid):
                return self.rules[i]
        return None

    def replace(self, s: LangId, r: AliasRule) -> tuple[LangId, str]:
        """Return *s* transformed by rule *r* (Annex C 4, Replacement) and a note on the territory choice.

        For each field: when the rule's type has it, the source's value is swapped for the
        replacement's; else an empty source field takes the replacement's value.
        """
        lang = r.new_lang if r.lang else (s.lang or r.new_lang)
        script = r.new_script if r.script else (s.script or r.new_script)
        note = ""
        new_region = ""
        if r.new_regions:
            new_region, note = self._territory(lang, script, r.new_regions)
        region = new_region if r.region else (s.region or new_region)
        if r.variants:
            variants = (set(s.variants) - r.variants) | set(r.new_variants)
        else:
            variants = set(s.variants or r.new_variants)
        return LangId(lang, script, region, tuple(sorted(variants))), note

    def _territory(self, lang: str, script: str, regions: tuple[str, ...]) -> tuple[str, str]:
        """Choose among several replacement regions (Annex C 4, Territory Exception)."""
        if len(regions) == 1:
            return regions[0], ""
        listed = " ".join(cased("region", r) for r in regions)
        base = (lang or "und") + (f"-{cased('script', script)}" if script else "")
        got = self.likely(base) if self.likely is not None else None
        if got is None:
            # TRANSLATORS: the end of a canonicalization step's reason (after "CLDR territoryAlias AN → CW SX BQ (…)").
            return regions[0], (
                _("; of the replacements {listed}, likely subtags give no region for '{base}', so the first")
                if self.likely is not None
                else _("; of the replacements {listed}, the first (likely subtags are not available)")
            ).format(listed=listed, base=base)
        likely_region = next((p.lower() for p in got.split("-")[1:] if is_region(p)), "")
        if likely_region in regions:
            return likely_region, _(
                "; of the replacements {listed}, the one likely subtags give for '{base}' ({likely}) "
                "(Territory Exception)"
            ).format(listed=listed, base=base, likely=got)
        if not likely_region:
            return regions[0], _(
                "; of the replacements {listed}, the first, since likely subtags give '{base}' no region "
                "(Territory Exception)"
            ).format(listed=listed, base=base)
        return regions[0], _(
            "; of the replacements {listed}, the first, since likely subtags give '{base}' the region "
            "{region} (Territory Exception)"
        ).format(listed=listed, base=base, region=cased("region", likely_region))

    # ------------------------------------------------------------------ -u- and -t- values


class ValueAliases:
    """CLDR's bcp47 aliases and preferred values of -u- and -t- values, and subdivision aliases."""

    __slots__ = ("_type_alias", "cldr")

    def __init__(self, cldr: CldrData) -> None:
        self.cldr = cldr
        self._type_alias = _type_aliases(cldr)

    def replace_value(self, ext: str, key: str, values: list[str]) -> tuple[list[str], str] | None:
        """Return the canonical value of one keyword or field and the reason, or None when it already is."""
        cldr = self.cldr
        k = (cldr.u_keys if ext == "u" else cldr.t_keys).get(key)
        if k is None or not values:
            return None
        joined = "-".join(values)
        ty = k.types.get(joined)
        if ty is not None:
            if ty.deprecated and ty.preferred:
                return ty.preferred.lower().split("-"), _(
                    "-{ext}- key '{key}': '{value}' is deprecated in CLDR {version}; its preferred value is "
                    "'{preferred}' (bcp47 data, {section})"
                ).format(
                    ext=ext,
                    key=key,
                    value=joined,
                    version=cldr.version,
                    preferred=ty.preferred,
                    section=f"{ANNEX_C}, Processing LocaleIds 2",
                )
            return None
        name = self._type_alias.get((ext, key, joined))
        if name is not None:
            return name.split("-"), _(
                "-{ext}- key '{key}': '{value}' is an alias of '{name}' in CLDR {version}'s bcp47 data ({section})"
            ).format(
                ext=ext,
                key=key,
                value=joined,
                name=name,
                version=cldr.version,
                section=f"{ANNEX_C}, Processing LocaleIds 2",
            )
        if ext == "u" and key in ("rg", "sd") and len(values) == 1:
            target = cldr.subdivision_aliases.get(joined)
            if target is None:
                return None
            first = target.split()[0].lower()
            several = " " in target
            fields = {
                "ext": ext,
                "key": key,
                "value": joined,
                "first": first,
                "region": first.upper(),
                "written": first + "zzzz",
                "target": target,
                "section": f"{ANNEX_C}, Processing LocaleIds 3",
            }
            if len(first) == 2 and first.isalpha():
                template = (
                    _(
                        "-{ext}- key '{key}': subdivision '{value}' is an alias of the region '{region}' (the first "
                        "of {target}), written '{written}' to stay a subdivision code "
                        "(CLDR subdivisionAlias, {section})"
                    )
                    if several
                    else _(
                        "-{ext}- key '{key}': subdivision '{value}' is an alias of the region '{region}', written "
                        "'{written}' to stay a subdivision code (CLDR subdivisionAlias, {section})"
                    )
                )
                return [first + "zzzz"], template.format_map(fields)
            template = (
                _(
                    "-{ext}- key '{key}': subdivision '{value}' is an alias of '{first}' (the first of {target}) "
                    "(CLDR subdivisionAlias, {section})"
                )
                if several
                else _(
                    "-{ext}- key '{key}': subdivision '{value}' is an alias of '{first}' "
                    "(CLDR subdivisionAlias, {section})"
                )
            )
            return [first], template.format_map(fields)
        return None


def _type_aliases(cldr: CldrData) -> dict[tuple[str, str, str], str]:
    """Return (extension, key, alias) -> type name for every alias that is written like a BCP 47 value.

    An alias that is also a listed type of the key ('islamic-civil') stays that type.
    """
    out: dict[tuple[str, str, str], str] = {}
    for ext, keys in (("u", cldr.u_keys), ("t", cldr.t_keys)):
        for k in keys.values():
            for ty in k.types.values():
                for alias in _aliases_of(ty.legacy_names):
                    if alias not in k.types:
                        out.setdefault((ext, k.key, alias), ty.name)
    return out


def _aliases_of(names: Iterable[str]) -> Iterable[str]:
    for n in names:
        low = n.lower()
        if re.fullmatch(r"[a-z0-9]{3,8}(?:-[a-z0-9]{3,8})*", low):
            yield low
