"""CLDR's BCP 47 data: the keys and types of `-u-` (RFC 6067) and `-t-` (RFC 6497).

RFC 6067 §2.1 hands the list of valid `-u-` keys and types to CLDR (UTS #35 §3.6, data in
`common/bcp47`), so an unknown key or type is an error, not advice. The data comes from
`resources/cldr-bcp47.json`, built by `tools/build_cldr_data.py` from the npm packages
`cldr-bcp47` and `cldr-core`; this module only turns that document into objects and checks
keywords against them. It never opens files (app/core/data.py does).

>>> from bcp47_explorer.core.data import bundled_cldr
>>> cldr = bundled_cldr()
>>> cldr.u_key("CO").legacy_name, cldr.u_key("co").types["phonebk"].legacy_names
('collation', ('phonebook',))
>>> [p.code for p in cldr.check_u_keyword("ca", ["islamic", "civil"])]
[]
>>> print(cldr.check_u_keyword("ca", ["islamicc"])[0].message)  # doctest: +NORMALIZE_WHITESPACE
'islamicc' of the -u- key 'ca' (Calendar algorithm) is deprecated in CLDR 48: Civil (algorithmic)
Arabic calendar. Use 'islamic-civil' instead (UTS #35 §3.6.4).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

__all__ = [
    "FORMAT",
    "VALUE_CLASSES",
    "CldrDataError",
    "CldrType",
    "CldrKey",
    "KeywordProblem",
    "CldrData",
]

#: The `format` number of resources/cldr-bcp47.json that this module reads.
FORMAT = 1

#: Names CLDR uses in place of a list of types for keys whose values follow a rule (UTS #35 §3.6.1).
VALUE_CLASSES = frozenset(
    {"CODEPOINTS", "REORDER_CODE", "RG_KEY_VALUE", "SUBDIVISION_CODE", "SCRIPT_CODE", "PRIVATE_USE"}
)

#: What a person has to type for each value class, for the builder and for messages.
_CLASS_HELP = {
    "CODEPOINTS": "one or more Unicode code points, each 4 to 6 hex digits (0020, 1f600)",
    "REORDER_CODE": (
        "one or more reorder codes: a script code (latn, grek, hani), or space, punct, symbol, "
        "currency, digit, or others (also written zzzz)"
    ),
    "RG_KEY_VALUE": ("a region code followed by 'zzzz' for the whole region (uszzzz), or a subdivision code (usca)"),
    "SUBDIVISION_CODE": "a subdivision code: region code plus subdivision (usca = California, gbsct = Scotland)",
    "SCRIPT_CODE": "one or more ISO 15924 script codes (hani, thai)",
    "PRIVATE_USE": "one or more private-use subtags of 3 to 8 letters or digits",
}

# Reorder codes beyond the script codes (UTS #35 Part 5, Collation Reordering); CLDR lists all but 'others'.
_REORDER_SPECIAL = frozenset({"space", "punct", "symbol", "currency", "digit", "others", "zzzz"})

# Short names for keys whose CLDR description does not read as a name.
_KEY_NAMES = {
    ("u", "co"): "Collation",
    ("u", "cu"): "Currency",
    ("u", "em"): "Emoji presentation style",
    ("u", "ks"): "Collation: strength",
    ("u", "kv"): "Collation: max variable",
    ("u", "lb"): "Line break style",
    ("u", "lw"): "Word break",
    ("u", "ms"): "Measurement system",
    ("u", "mu"): "Measurement unit override",
    ("u", "nu"): "Numbering system",
    ("u", "rg"): "Region override",
    ("u", "ss"): "Sentence break suppressions",
    ("u", "va"): "Locale variant",
    ("t", "d0"): "Transform destination",
    ("t", "h0"): "Hybrid language",
    ("t", "s0"): "Transform source",
    ("t", "x0"): "Private use transform",
}

_TYPE_SUBTAG = re.compile(r"[0-9a-z]{3,8}\Z")
_HEX = re.compile(r"[0-9a-f]{4,6}\Z")
_SCRIPT = re.compile(r"[a-z]{4}\Z")


class CldrDataError(ValueError):
    """The CLDR data document is damaged, truncated or of another format."""


@dataclass(frozen=True, slots=True)
class CldrType:
    """One type (value) of a key, by its BCP 47 name ('islamic-civil' is one type of two subtags)."""

    name: str
    description: str
    legacy_names: tuple[str, ...] = ()
    deprecated: bool = False
    preferred: str | None = None
    since: str | None = None
    iana: str | None = None  # tz only: the IANA name when it is not the first legacy name
    region: str | None = None  # tz only: the region of a zone shared by several regions

    @property
    def legacy_name(self) -> str:
        """Return the name LDML's legacy syntax uses (the BCP 47 name when CLDR gives none)."""
        return self.legacy_names[0] if self.legacy_names else self.name

    @property
    def subtags(self) -> tuple[str, ...]:
        """Return the subtags that write this type in a tag."""
        return tuple(self.name.split("-"))


@dataclass(frozen=True, slots=True)
class CldrKey:
    """One key of `-u-` or `-t-` with its types and, for rule-based keys, its value classes."""

    extension: str
    key: str
    description: str
    legacy_name: str | None = None
    deprecated: bool = False
    preferred: str | None = None
    value_type: str | None = None
    since: str | None = None
    types: Mapping[str, CldrType] = field(default_factory=dict, compare=False)
    value_classes: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """Return a short human name ('Calendar algorithm', 'Collation: numeric handling')."""
        fixed = _KEY_NAMES.get((self.extension, self.key))
        if fixed:
            return fixed
        text = self.description.split(":")[0].split(". ")[0].rstrip(".").strip()
        m = re.match(r"Collation parameter key for (.+)", text)
        if m:
            return "Collation: " + m.group(1)
        text = re.sub(r"(?: type)? key$", "", text)
        return text or self.key

    @property
    def takes_list(self) -> bool:
        """Tell whether the value is a list of subtags each checked alone (kr, vt, dx)."""
        return self.value_type == "multiple"

    @property
    def has_true(self) -> bool:
        """Tell whether the key may stand alone, meaning 'true' (kn = kn-true)."""
        return "true" in self.types

    def sorted_types(self) -> list[CldrType]:
        """Return the types sorted by name, deprecated ones last."""
        return sorted(self.types.values(), key=lambda t: (t.deprecated, t.name))

    def value_help(self) -> str | None:
        """Describe the input a value-class key expects, or None for keys with a plain list."""
        if not self.value_classes:
            return None
        parts = [_CLASS_HELP.get(c, c) for c in self.value_classes]
        return "; or ".join(parts)


@dataclass(frozen=True, slots=True)
class KeywordProblem:
    """A finding about one `-u-` keyword or `-t-` field, in the vocabulary of the tag engine."""

    code: str
    severity: str  # 'error' | 'warning' | 'info'
    index: int  # -1: the key itself; else the index into the types / values given
    message: str
    replacement: tuple[str, ...] | None = None  # the subtags to write instead; () means drop them


def _opt_str(value: Any, what: str) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise CldrDataError(f"{what} must be a string or null, not {type(value).__name__}")


def _build_type(row: Any, where: str) -> CldrType:
    if not isinstance(row, list) or len(row) != 8 or not isinstance(row[0], str):
        raise CldrDataError(f"{where}: a type row must be a list of 8 fields starting with its name")
    name, desc, legacy, deprecated, preferred, since, iana, region = row
    if not isinstance(desc, str) or not isinstance(legacy, str) or not isinstance(deprecated, bool):
        raise CldrDataError(f"{where} {name!r}: bad description, legacy names or deprecated flag")
    return CldrType(
        name=name,
        description=desc,
        legacy_names=tuple(legacy.split()),
        deprecated=deprecated,
        preferred=_opt_str(preferred, f"{where} {name!r} preferred"),
        since=_opt_str(since, f"{where} {name!r} since"),
        iana=_opt_str(iana, f"{where} {name!r} iana"),
        region=_opt_str(region, f"{where} {name!r} region"),
    )


def _build_key(row: Any) -> CldrKey:
    if not isinstance(row, list) or len(row) != 9:
        raise CldrDataError("a key row must be a list of 9 fields")
    ext, key, desc, legacy, deprecated, preferred, value_type, since, type_rows = row
    if ext not in ("u", "t") or not isinstance(key, str) or len(key) != 2:
        raise CldrDataError(f"bad key row for {ext!r}-{key!r}")
    where = f"key {ext}-{key}"
    if not isinstance(desc, str) or not isinstance(deprecated, bool) or not isinstance(type_rows, list):
        raise CldrDataError(f"{where}: bad description, deprecated flag or type list")
    types: dict[str, CldrType] = {}
    classes: list[str] = []
    for type_row in type_rows:
        t = _build_type(type_row, where)
        if t.name in VALUE_CLASSES:
            classes.append(t.name)
        else:
            types[t.name] = t
    return CldrKey(
        extension=ext,
        key=key,
        description=desc,
        legacy_name=_opt_str(legacy, f"{where} legacy name"),
        deprecated=deprecated,
        preferred=_opt_str(preferred, f"{where} preferred"),
        value_type=_opt_str(value_type, f"{where} value type"),
        since=_opt_str(since, f"{where} since"),
        types=MappingProxyType(types),
        value_classes=tuple(classes),
    )


def _meaning(k: CldrKey) -> str:
    """Return '; it means: <description>' when the description says more than the key's name."""
    if k.description.rstrip(".").lower() == k.name.lower():
        return ""
    return f"; the key means: {k.description.rstrip('.')}"


def _quote_list(names: Iterable[str], limit: int = 10) -> str:
    names = list(names)
    shown = ", ".join(names[:limit])
    return shown + (f" … ({len(names)} in all)" if len(names) > limit else "")


class CldrData:
    """The keys and types of `-u-` and `-t-`, CLDR's alias tables and its subdivision codes."""

    __slots__ = (
        "_legacy_keys",
        "_legacy_types",
        "language_aliases",
        "package_version",
        "script_aliases",
        "sources",
        "subdivision_aliases",
        "subdivisions",
        "t_keys",
        "territory_aliases",
        "u_keys",
        "unicode_version",
        "variant_aliases",
        "version",
    )

    def __init__(
        self,
        keys: Iterable[CldrKey],
        *,
        version: str,
        package_version: str,
        unicode_version: str | None = None,
        aliases: Mapping[str, Mapping[str, str]] | None = None,
        subdivisions: Iterable[str] = (),
        sources: Sequence[Mapping[str, str]] = (),
    ) -> None:
        self.version = version
        self.package_version = package_version
        self.unicode_version = unicode_version
        self.sources = tuple(MappingProxyType(dict(s)) for s in sources)
        u: dict[str, CldrKey] = {}
        t: dict[str, CldrKey] = {}
        for k in keys:
            (u if k.extension == "u" else t)[k.key] = k
        self.u_keys: Mapping[str, CldrKey] = MappingProxyType(u)
        self.t_keys: Mapping[str, CldrKey] = MappingProxyType(t)
        aliases = aliases or {}

        def table(name: str) -> Mapping[str, str]:
            return MappingProxyType({k.lower(): v for k, v in aliases.get(name, {}).items()})

        #: UTS #35 alias tables; keys lowercase (with '-' between subtags), values as CLDR writes them.
        self.language_aliases = table("languageAlias")
        self.script_aliases = table("scriptAlias")
        self.territory_aliases = table("territoryAlias")
        self.variant_aliases = table("variantAlias")
        self.subdivision_aliases = table("subdivisionAlias")
        self.subdivisions: frozenset[str] = frozenset(subdivisions)
        legacy_keys: dict[str, str] = {}
        legacy_types: dict[str, dict[str, str]] = {}
        for k in u.values():
            legacy_keys[k.key] = k.key
            if k.legacy_name:
                legacy_keys[k.legacy_name.lower()] = k.key
            names: dict[str, str] = {}
            # Aliases first, so that a type's own name wins over another type's alias
            # ('islamic-civil' is both a type and the legacy name of deprecated 'islamicc').
            for ty in k.types.values():
                for alias in ty.legacy_names:
                    names.setdefault(alias.lower(), ty.name)
            for ty in k.types.values():
                names[ty.name] = ty.name
            legacy_types[k.key] = names
        self._legacy_keys = legacy_keys
        self._legacy_types = legacy_types

    # -- loading -------------------------------------------------------------------------

    @classmethod
    def from_json(cls, text: str) -> CldrData:
        """Build from the text of resources/cldr-bcp47.json; raise CldrDataError if it is damaged."""
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            raise CldrDataError(
                f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg}); the file is damaged or truncated"
            ) from None
        except (TypeError, RecursionError) as exc:
            raise CldrDataError(f"cannot read the document: {exc}") from None
        if not isinstance(doc, dict):
            raise CldrDataError("the document must be a JSON object")
        if doc.get("format") != FORMAT:
            raise CldrDataError(f"format {doc.get('format')!r} is not the supported format {FORMAT}")
        try:
            keys = [_build_key(row) for row in doc["keys"]]
            aliases = doc["aliases"]
            subdivisions = doc["subdivisions"].split()
            version = doc["cldr_version"]
            package_version = doc["package_version"]
            sources = doc.get("sources", [])
        except KeyError as exc:
            raise CldrDataError(f"the document has no {exc.args[0]!r} member") from None
        except (AttributeError, TypeError) as exc:
            raise CldrDataError(f"the document has the wrong shape ({exc})") from None
        if not isinstance(aliases, dict) or not all(isinstance(v, dict) for v in aliases.values()):
            raise CldrDataError("'aliases' must map table names to objects")
        if not isinstance(version, str) or not isinstance(package_version, str):
            raise CldrDataError("'cldr_version' and 'package_version' must be strings")
        if not any(k.key == "ca" and k.extension == "u" for k in keys):
            raise CldrDataError("the document has no -u- key 'ca': it is incomplete")
        return cls(
            keys,
            version=version,
            package_version=package_version,
            unicode_version=doc.get("unicode_version"),
            aliases=aliases,
            subdivisions=subdivisions,
            sources=sources,
        )

    # -- lookups -------------------------------------------------------------------------

    def u_key(self, key: str) -> CldrKey | None:
        """Return the `-u-` key *key* (any case), or None."""
        return self.u_keys.get(key.lower())

    def t_key(self, key: str) -> CldrKey | None:
        """Return the `-t-` key *key* (any case), or None."""
        return self.t_keys.get(key.lower())

    def u_type(self, key: str, type_name: str) -> CldrType | None:
        """Return the listed type *type_name* ('islamic-civil') of `-u-` key *key*, or None."""
        k = self.u_key(key)
        return None if k is None else k.types.get(type_name.lower())

    def legacy_key(self, bcp47_key: str) -> str | None:
        """Return the LDML legacy keyword name of a `-u-` key ('co' -> 'collation'), or None if unknown.

        >>> from bcp47_explorer.core.data import bundled_cldr
        >>> bundled_cldr().legacy_key("co"), bundled_cldr().legacy_key("fw")
        ('collation', 'fw')
        """
        k = self.u_key(bcp47_key)
        if k is None:
            return None
        return k.legacy_name or k.key

    def bcp47_key_for_legacy(self, name: str) -> str | None:
        """Return the `-u-` key of a legacy keyword name ('colNumeric' -> 'kn'; any case), or None."""
        return self._legacy_keys.get(name.lower())

    def legacy_type(self, key: str, type_name: str) -> str | None:
        """Return the legacy LDML value of a type ('gregory' -> 'gregorian', tz 'uslax' ->
        'America/Los_Angeles', cu 'ddm' -> 'DDM'), or None when the key or type is unknown.

        Types of value-class keys (kr, vt, rg, sd, dx) have no legacy spelling and come back
        unchanged when they are valid.
        """
        k = self.u_key(key)
        if k is None:
            return None
        name = type_name.lower() or "true"
        ty = k.types.get(name)
        if ty is not None:
            if k.key == "cu":
                return ty.name.upper()  # ISO 4217 writes currency codes in capitals
            return ty.legacy_name
        if k.value_classes and self.validate_value(k.key, name) is None:
            return name
        return None

    def bcp47_type_for_legacy(self, key: str, legacy_type: str) -> str | None:
        """Return the BCP 47 type for a legacy value ('phonebook' -> 'phonebk'; any case), or None."""
        k = self.u_key(key)
        if k is None:
            return None
        found = self._legacy_types[k.key].get(legacy_type.lower())
        if found is not None:
            return found
        value = legacy_type.lower().replace("_", "-")
        if k.value_classes and self.validate_value(k.key, value) is None:
            return value
        return None

    # -- value classes -------------------------------------------------------------------

    def value_help(self, key: str) -> str | None:
        """Describe what a value-class `-u-` or `-t-` key expects (None for keys with a plain list)."""
        k = self.u_key(key) or self.t_key(key)
        return None if k is None else k.value_help()

    def validate_value(
        self,
        key: str,
        text: str,
        *,
        is_script: Callable[[str], bool] | None = None,
        is_region: Callable[[str], bool] | None = None,
    ) -> str | None:
        """Return an error message for the value *text* ('latn-digit') of `-u-` key *key*, or None if valid.

        Only errors count here; deprecated values are valid (check_u_keyword warns about them).

        >>> from bcp47_explorer.core.data import bundled_cldr
        >>> bundled_cldr().validate_value("vt", "0020") is None, bundled_cldr().validate_value("rg", "uszzzz")
        (True, None)
        """
        subtags = text.lower().replace("_", "-").split("-") if text else []
        for p in self.check_u_keyword(key, subtags, is_script=is_script, is_region=is_region):
            if p.severity == "error":
                return p.message
        return None

    def _class_error(
        self,
        value: str,
        classes: Sequence[str],
        is_script: Callable[[str], bool] | None,
        is_region: Callable[[str], bool] | None,
    ) -> str | None:
        """Return why *value* (one subtag) fits none of *classes*, or None when it fits one."""
        reasons = []
        for cls in classes:
            reason = self._check_class(cls, value, is_script, is_region)
            if reason is None:
                return None
            reasons.append(reason)
        return "; ".join(reasons)

    def _check_class(
        self,
        cls: str,
        value: str,
        is_script: Callable[[str], bool] | None,
        is_region: Callable[[str], bool] | None,
    ) -> str | None:
        if cls == "CODEPOINTS":
            if not _HEX.match(value):
                return f"'{value}' is not a code point of 4 to 6 hex digits"
            if int(value, 16) > 0x10FFFF:
                return f"'{value}' is beyond the last Unicode code point 10FFFF"
            return None
        if cls == "SCRIPT_CODE" or cls == "REORDER_CODE":
            if cls == "REORDER_CODE" and value in _REORDER_SPECIAL:
                return None
            if not _SCRIPT.match(value):
                return f"'{value}' is not a 4-letter script code"
            if is_script is not None and not is_script(value.title()):
                return f"'{value}' is not a script code of the Language Subtag Registry"
            return None
        if cls == "PRIVATE_USE":
            return None if _TYPE_SUBTAG.match(value) else f"'{value}' is not 3 to 8 letters or digits"
        if cls == "SUBDIVISION_CODE":
            if value in self.subdivisions or value in self.subdivision_aliases:
                return None
            if value.endswith("zzzz"):
                return f"'{value}' names a whole region; -u-sd takes a subdivision such as 'usca'"
            return f"'{value}' is not a subdivision code in CLDR {self.version}"
        if cls == "RG_KEY_VALUE":
            if value in self.subdivisions or value in self.subdivision_aliases:
                return None
            if len(value) == 6 and value.endswith("zzzz"):
                region = value[:2]
                if not region.isalpha():
                    return f"'{value}': '{region}' is not a region code"
                if is_region is not None and not is_region(region.upper()):
                    return f"'{value}': '{region.upper()}' is not a region of the Language Subtag Registry"
                return None
            if len(value) == 7 and value.endswith("zzzz") and value[:3].isdigit():
                return f"'{value}': -u-rg takes a country or territory, not the area '{value[:3]}'"
            return f"'{value}' is neither a region code plus 'zzzz' (uszzzz) nor a CLDR subdivision code"
        return f"unknown value class {cls}"

    # -- checks --------------------------------------------------------------------------

    def check_u_keyword(
        self,
        key: str,
        types: Sequence[str],
        *,
        is_script: Callable[[str], bool] | None = None,
        is_region: Callable[[str], bool] | None = None,
    ) -> list[KeywordProblem]:
        """Check one `-u-` keyword: its key and the type subtags after it (none means 'true').

        *is_script* and *is_region* answer whether a code ('Latn', 'US') is in the Language
        Subtag Registry; without them script and region codes are checked by shape only.

        >>> from bcp47_explorer.core.data import bundled_cldr
        >>> cldr = bundled_cldr()
        >>> [(p.code, p.index) for p in cldr.check_u_keyword("kr", ["latn", "digit"])]
        []
        >>> [(p.code, p.severity, p.replacement) for p in cldr.check_u_keyword("kn", ["true"])]
        [('true-type', 'info', ())]
        >>> [(p.code, p.index) for p in cldr.check_u_keyword("ca", ["gregory", "civil"])]
        [('unknown-u-type', 1)]
        """
        k = self.u_key(key)
        if k is None:
            return [
                KeywordProblem(
                    "unknown-u-key",
                    "error",
                    -1,
                    f"'{key.lower()}' is not a -u- key: CLDR {self.version} does not define it, and "
                    f"RFC 6067 §2.1 makes CLDR's list the set of valid keys (UTS #35 §3.6.1). "
                    f"Keys: {_quote_list(sorted(self.u_keys), 40)}.",
                )
            ]
        problems: list[KeywordProblem] = []
        label = f"the -u- key '{k.key}' ({k.name})"
        if k.deprecated:
            instead = f" Use '{k.preferred}' instead" if k.preferred else " It has no replacement"
            problems.append(
                KeywordProblem(
                    "deprecated-u-key",
                    "warning",
                    -1,
                    f"{label[0].upper()}{label[1:]} is deprecated in CLDR {self.version}.{instead} (UTS #35 §3.6.4).",
                    (k.preferred,) if k.preferred else None,
                )
            )
        problems.extend(self._check_types(k, [t.lower() for t in types], label, is_script, is_region))
        return problems

    def _check_types(
        self,
        k: CldrKey,
        types: list[str],
        label: str,
        is_script: Callable[[str], bool] | None,
        is_region: Callable[[str], bool] | None,
    ) -> list[KeywordProblem]:
        if not types:
            if k.has_true:
                return []
            need = k.value_help() or f"one of its types, such as '{k.sorted_types()[0].name}'"
            return [
                KeywordProblem(
                    "unknown-u-type",
                    "error",
                    -1,
                    f"{label[0].upper()}{label[1:]} has no type. UTS #35 §3.6.1 reads a missing type as "
                    f"'true', which {k.key} does not take; give {need}.",
                )
            ]
        joined = "-".join(types)
        ty = k.types.get(joined)
        if ty is not None:
            if joined == "true":
                return [
                    KeywordProblem(
                        "true-type",
                        "info",
                        0,
                        f"'{k.key}-true' means the same as '{k.key}' alone; the UTS #35 canonical form "
                        "drops '-true' (UTS #35 §3.2.1).",
                        (),
                    )
                ]
            return self._deprecation(ty, 0, label)
        if k.value_classes:
            return self._check_class_value(k, types, label, is_script, is_region)
        if k.takes_list:
            out: list[KeywordProblem] = []
            for i, t in enumerate(types):
                one = k.types.get(t)
                if one is None:
                    out.append(self._unknown_type(k, t, i, label))
                else:
                    out.extend(self._deprecation(one, i, label))
            return out
        # A multi-subtag type ('islamic-civil'): find the longest listed prefix.
        for n in range(len(types) - 1, 0, -1):
            prefix = "-".join(types[:n])
            if prefix in k.types:
                extra = "-".join(types[n:])
                longer = sorted(t for t in k.types if t.startswith(prefix + "-"))
                hint = (
                    f" Types that extend '{prefix}': {', '.join(longer)}."
                    if longer
                    else f" '{k.key}' takes a single type here; drop '{extra}'."
                )
                return [
                    KeywordProblem(
                        "unknown-u-type",
                        "error",
                        n,
                        f"'{prefix}-{extra}' is not a type of {label} in CLDR {self.version} "
                        f"(RFC 6067 §2.1, UTS #35 §3.6.1).{hint}",
                        tuple(prefix.split("-")),
                    ),
                    *self._deprecation(k.types[prefix], 0, label),
                ]
        return [self._unknown_type(k, joined, 0, label)]

    def _unknown_type(self, k: CldrKey, value: str, index: int, label: str) -> KeywordProblem:
        names = [t.name for t in k.sorted_types() if not t.deprecated]
        return KeywordProblem(
            "unknown-u-type",
            "error",
            index,
            f"'{value}' is not a type of {label} in CLDR {self.version}; RFC 6067 §2.1 makes CLDR's "
            f"list normative (UTS #35 §3.6.1). The key means: {k.description.rstrip('.')}. "
            f"Valid types: {_quote_list(names)}.",
        )

    def _deprecation(self, ty: CldrType, index: int, label: str) -> list[KeywordProblem]:
        if not ty.deprecated:
            return []
        instead = f" Use '{ty.preferred}' instead" if ty.preferred else " It has no replacement"
        return [
            KeywordProblem(
                "deprecated-u-type",
                "warning",
                index,
                f"'{ty.name}' of {label} is deprecated in CLDR {self.version}: {ty.description}.{instead} "
                "(UTS #35 §3.6.4).",
                tuple(ty.preferred.split("-")) if ty.preferred else None,
            )
        ]

    def _check_class_value(
        self,
        k: CldrKey,
        types: list[str],
        label: str,
        is_script: Callable[[str], bool] | None,
        is_region: Callable[[str], bool] | None,
    ) -> list[KeywordProblem]:
        problems: list[KeywordProblem] = []
        if not k.takes_list and len(types) > 1:
            return [
                KeywordProblem(
                    "bad-u-value",
                    "error",
                    1,
                    f"{label[0].upper()}{label[1:]} takes one value ({k.value_help()}); "
                    f"'{'-'.join(types[1:])}' is extra (UTS #35 §3.6.1).",
                    (types[0],),
                )
            ]
        seen: set[str] = set()
        for i, value in enumerate(types):
            listed = k.types.get(value)
            if listed is not None:
                problems.extend(self._deprecation(listed, i, label))
            else:
                reason = self._class_error(value, k.value_classes, is_script, is_region)
                if reason is not None:
                    problems.append(
                        KeywordProblem(
                            "bad-u-value",
                            "error",
                            i,
                            f"{reason}. {label[0].upper()}{label[1:]} takes {k.value_help()}"
                            f"{_meaning(k)} (UTS #35 §3.6.1).",
                        )
                    )
                    continue
                problems.extend(self._subdivision_alias(k, value, i, label))
            canon = "zzzz" if value == "others" else value
            if k.key == "kr" and canon in seen:
                problems.append(
                    KeywordProblem(
                        "bad-u-value",
                        "error",
                        i,
                        f"Reorder code '{value}' appears twice in {label}; each code may be given once "
                        "(UTS #35 Part 5, Collation Reordering).",
                    )
                )
            seen.add(canon)
        return problems

    def _subdivision_alias(self, k: CldrKey, value: str, index: int, label: str) -> list[KeywordProblem]:
        if k.key not in ("sd", "rg"):
            return []
        target = self.subdivision_aliases.get(value)
        replacement: tuple[str, ...] | None = None
        if target is None and k.key == "rg" and value.endswith("zzzz"):
            region_target = self.territory_aliases.get(value[:2])
            if region_target and len(region_target) == 2:
                replacement = (region_target.lower() + "zzzz",)
                return [
                    KeywordProblem(
                        "deprecated-u-type",
                        "warning",
                        index,
                        f"Region '{value[:2].upper()}' in '{value}' of {label} is deprecated; CLDR's "
                        f"territory alias gives '{region_target}', so write '{replacement[0]}' "
                        "(UTS #35 Annex C).",
                        replacement,
                    )
                ]
            return []
        if target is None:
            return []
        first = target.split()[0]
        if len(first) <= 3:  # the subdivision became a region of its own
            if k.key == "rg":
                replacement = (first.lower() + "zzzz",)
                advice = f"write '{replacement[0]}'"
            else:
                advice = f"use the region '{first}' in the language tag instead"
        else:
            replacement = (first,)
            advice = f"write '{first}'" + (f" (it was split into {target})" if " " in target else "")
        return [
            KeywordProblem(
                "deprecated-u-type",
                "warning",
                index,
                f"Subdivision '{value}' of {label} is deprecated in CLDR {self.version}; {advice} "
                "(UTS #35 Annex C, subdivision aliases).",
                replacement,
            )
        ]

    def check_t_field(self, key: str, values: Sequence[str]) -> list[KeywordProblem]:
        """Check one `-t-` field: a key such as 'm0' and its value subtags (RFC 6497 §2.2, UTS #35 §3.7).

        The first subtag must be a type CLDR lists for the key. CLDR describes later subtags as
        refinements (a platform, then a layout: 'k0-android-azerty'); listed ones pass, and an
        unlisted one ('m0-ungegn-2007') gets an 'info' note rather than an error, since UTS #35
        lets a field carry further detail.

        >>> from bcp47_explorer.core.data import bundled_cldr
        >>> [p.code for p in bundled_cldr().check_t_field("m0", ["ungegn"])]
        []
        >>> [(p.code, p.severity) for p in bundled_cldr().check_t_field("m0", ["xyzzy"])]
        [('unknown-t-value', 'error')]
        """
        k = self.t_key(key)
        if k is None:
            return [
                KeywordProblem(
                    "unknown-t-key",
                    "error",
                    -1,
                    f"'{key.lower()}' is not a -t- field key: CLDR {self.version} defines "
                    f"{', '.join(sorted(self.t_keys))} (RFC 6497 §2.2, UTS #35 §3.7).",
                )
            ]
        label = f"the -t- key '{k.key}' ({k.name})"
        vals = [v.lower() for v in values]
        if not vals:
            return [
                KeywordProblem(
                    "missing-t-value",
                    "error",
                    -1,
                    f"{label[0].upper()}{label[1:]} needs at least one value of 3 to 8 letters or "
                    "digits (RFC 6497 §2.2).",
                )
            ]
        problems: list[KeywordProblem] = []
        if "PRIVATE_USE" in k.value_classes:
            for i, v in enumerate(vals):
                if not _TYPE_SUBTAG.match(v):
                    problems.append(
                        KeywordProblem(
                            "unknown-t-value",
                            "error",
                            i,
                            f"'{v}' in {label} is not 3 to 8 letters or digits (RFC 6497 §2.2).",
                        )
                    )
            return problems
        if k.value_type == "single" and len(vals) > 1:
            problems.append(
                KeywordProblem(
                    "unknown-t-value",
                    "error",
                    1,
                    f"{label[0].upper()}{label[1:]} takes a single value; '{'-'.join(vals[1:])}' is extra "
                    "(UTS #35 §3.7).",
                    (vals[0],),
                )
            )
        for i, v in enumerate(vals):
            ty = k.types.get(v)
            if ty is not None:
                if ty.deprecated:
                    instead = f" Use '{ty.preferred}' instead." if ty.preferred else ""
                    problems.append(
                        KeywordProblem(
                            "deprecated-t-value",
                            "warning",
                            i,
                            f"'{v}' of {label} is deprecated in CLDR {self.version}.{instead}",
                            tuple(ty.preferred.split("-")) if ty.preferred else None,
                        )
                    )
            elif i == 0:
                names = [t.name for t in k.sorted_types()]
                problems.append(
                    KeywordProblem(
                        "unknown-t-value",
                        "error",
                        0,
                        f"'{v}' is not a value of {label} in CLDR {self.version}: {k.description}. "
                        f"Values: {_quote_list(names)} (RFC 6497 §2.2, UTS #35 §3.7).",
                    )
                )
            elif k.value_type != "single":
                problems.append(
                    KeywordProblem(
                        "unlisted-t-subfield",
                        "info",
                        i,
                        f"'{v}' after '{vals[0]}' in {label} is not a value CLDR {self.version} lists; "
                        "UTS #35 §3.7 lets later subfields add detail, so this is only a note.",
                    )
                )
        return problems
