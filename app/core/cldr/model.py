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

import marshal
from collections.abc import Iterable, Mapping, Sequence
from itertools import starmap
from operator import attrgetter
from types import MappingProxyType

from ..text.catalogue import _
from ..text.frozen import plain_stores
from .checks import KeywordChecks
from .values import (
    FORMAT,
    VALUE_CLASSES,
    CldrDataError,
    CldrKey,
    CldrType,
    KeywordProblem,
    _build_key,
    _fill_type,
)

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
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


#: Where a CLDR 48 languageAlias row contradicts the IANA registry and its own comment, the engine
#: takes one reading (ICU's): ``sgn_NO`` → ``nsi`` (Nigerian Sign Language) though its comment says
#: "Norwegian Sign Language"; the registry's Preferred-Value, ICU and the engine give ``nsl``.
#: The other rows where CLDR's alias differs from a Preferred-Value are CLDR's own canonical choices
#: (macrolanguages: ``arb`` → ``ar``, ``zh-cmn`` → ``zh``; ``bh`` → ``bho``), kept as CLDR writes them.
CLDR_ALIAS_CORRECTIONS: Mapping[str, str] = MappingProxyType({"sgn-no": "nsl"})

# Bump when CldrData's, CldrKey's or CldrType's fields change, so that old parse caches are not used.
_CACHE_FORMAT = "bcp47-explorer-cldr-1"
#: What a cache's stamp covers besides its payload (``core/data.py``): the format and the three classes' fields.
CACHE_LAYOUT = " ".join((_CACHE_FORMAT, *CldrType.__match_args__, "/", *CldrKey.__match_args__)).encode("ascii")
# The data's own fields the cache keeps as they are (the tables are plain dicts, frozensets and tuples there).
_CACHED_TABLES = ("language_aliases", "language_alias_reasons", "script_aliases", "territory_aliases",
                  "variant_aliases", "subdivision_aliases", "territory_containment", "region_by_alpha3",
                  "region_by_numeric")  # fmt: skip
_TYPE_NAME = attrgetter("name")


class CldrData(KeywordChecks):
    """The keys and types of `-u-` and `-t-`, CLDR's alias tables and its subdivision codes."""

    __slots__ = (
        "_legacy",
        "_subdivision_text",
        "_subdivisions",
        "language_alias_reasons",
        "language_aliases",
        "package_version",
        "region_by_alpha3",
        "region_by_numeric",
        "regular_regions",
        "script_aliases",
        "sources",
        "subdivision_aliases",
        "t_keys",
        "territory_aliases",
        "territory_containment",
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
        subdivision_text: str = "",
        sources: Sequence[Mapping[str, str]] = (),
        territory_containment: Mapping[str, Sequence[str]] | None = None,
        territory_codes: Mapping[str, Sequence[str]] | None = None,
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
            rows = aliases.get(name, {})  # keys lowered by map and zip (C loops: a start-up cost), later keys win
            return MappingProxyType(dict(zip(map(str.lower, rows), rows.values(), strict=True)))

        #: UTS #35 alias tables; keys lowercase (with '-' between subtags), values as CLDR writes them.
        self.language_aliases = MappingProxyType({**table("languageAlias"), **CLDR_ALIAS_CORRECTIONS})
        #: Why CLDR has each languageAlias row: ``overlong`` (an ISO 639-2/T or 639-3 code of a language with a
        #: two-letter subtag, ``ron``), ``bibliographic`` (ISO 639-2/B, ``rum``), ``macrolanguage``, ``deprecated``,
        #: ``legacy``. Empty for data built before the reasons were kept.
        self.language_alias_reasons = table("languageAliasReason")
        self.script_aliases = table("scriptAlias")
        self.territory_aliases = table("territoryAlias")
        self.variant_aliases = table("variantAlias")
        self.subdivision_aliases = table("subdivisionAlias")
        # The codes as the document writes them, split on first use (see subdivisions); *subdivisions* joins them.
        self._subdivision_text = " ".join((subdivision_text, *subdivisions))
        self._subdivisions: frozenset[str] | None = None
        #: UTS #35's "regular" regions (uppercase), what -u-rg takes before 'zzzz': the countries and
        #: territories inside CLDR's territory containment, not groups ('EU', 'QO'), not deprecated.
        self.regular_regions = _regular_regions(territory_containment or {}, self.territory_aliases)
        #: CLDR's territory containment without its '-status-' groups: a macro-region -> its direct members.
        self.territory_containment: Mapping[str, tuple[str, ...]] = MappingProxyType(
            {k: tuple(v) for k, v in (territory_containment or {}).items() if "-status-" not in k}
        )
        #: ISO 3166's three-letter and numeric codes (``usa``, ``840``) -> the region's two letters ('US').
        codes = territory_codes or {}
        self.region_by_alpha3: Mapping[str, str] = MappingProxyType(
            {a3.lower(): r for r, (a3, _n) in codes.items() if a3}
        )
        self.region_by_numeric: Mapping[str, str] = MappingProxyType({n: r for r, (_a3, n) in codes.items() if n})
        self._legacy: tuple[dict[str, str], dict[str, dict[str, str]]] | None = None  # made on first use

    @property
    def subdivisions(self) -> frozenset[str]:
        """Return CLDR's subdivision codes (``usca``, ``gbsct``), made into a set on first use.

        Only a ``-u-sd`` or ``-u-rg`` value, the builder and names ask: the set of 5,046 codes (half a
        megabyte of table) is not made at every start.
        """
        got = self._subdivisions
        if got is None:
            self._subdivisions = got = frozenset(self._subdivision_text.split())
        return got

    @property
    def _legacy_keys(self) -> dict[str, str]:
        """Return key or legacy key name (lowercase) -> the `-u-` key."""
        return (self._legacy or self._make_legacy())[0]

    @property
    def _legacy_types(self) -> dict[str, dict[str, str]]:
        """Return `-u-` key -> its types' names and legacy names (lowercase) -> the type."""
        return (self._legacy or self._make_legacy())[1]

    def _make_legacy(self) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
        """Make the legacy name tables (a thousand types: made when first asked, not at every start)."""
        legacy_keys: dict[str, str] = {}
        legacy_types: dict[str, dict[str, str]] = {}
        for k in self.u_keys.values():
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
        self._legacy = (legacy_keys, legacy_types)
        return self._legacy

    # -- loading -------------------------------------------------------------------------

    @classmethod
    def from_json(cls, text: str) -> CldrData:
        """Build from the text of resources/cldr-bcp47.json; raise CldrDataError if it is damaged."""
        import json  # on use: a start with the parse cache (data.py) never reads the JSON

        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            raise CldrDataError(
                _("not valid JSON (line {line}, column {column}: {problem}); the file is damaged or truncated").format(
                    line=exc.lineno, column=exc.colno, problem=exc.msg
                )
            ) from None
        except (TypeError, ValueError, RecursionError) as exc:  # ValueError: a number of 5,000 digits, say
            raise CldrDataError(_("cannot read the document: {problem}").format(problem=exc)) from None
        if not isinstance(doc, dict):
            raise CldrDataError(_("the document must be a JSON object"))
        if doc.get("format") != FORMAT:
            raise CldrDataError(
                _("format {found} is not the supported format {format}").format(
                    found=repr(doc.get("format")), format=FORMAT
                )
            )
        try:
            if not isinstance(doc["keys"], list):
                raise CldrDataError(_("'{member}' must be a list").format(member="keys"))
            keys = [_build_key(row) for row in doc["keys"]]
            aliases = doc["aliases"]
            subdivisions = doc["subdivisions"]
            version = doc["cldr_version"]
            package_version = doc["package_version"]
            sources = doc.get("sources", [])
            containment = doc.get("territory_containment", {})
            codes = doc.get("territory_codes", {})
        except KeyError as exc:
            raise CldrDataError(_("the document has no {member} member").format(member=repr(exc.args[0]))) from None
        except (AttributeError, TypeError) as exc:
            raise CldrDataError(_("the document has the wrong shape ({problem})").format(problem=exc)) from None
        # Every key and value a string: the types of each table's keys and values gathered by map and set (C loops).
        if not isinstance(aliases, dict) or not all(
            isinstance(v, dict) and set(map(type, v)) <= _STR and set(map(type, v.values())) <= _STR
            for v in aliases.values()
        ):
            raise CldrDataError(_("'{member}' must map table names to objects of strings").format(member="aliases"))
        if not isinstance(subdivisions, str):
            raise CldrDataError(_("'{member}' must be a string").format(member="subdivisions"))
        if not isinstance(codes, dict) or not all(
            isinstance(r, str) and isinstance(v, list) and len(v) == 2 and all(isinstance(c, str) for c in v)
            for r, v in codes.items()
        ):
            raise CldrDataError(
                _("'{member}' must map regions to [alpha-3, numeric] string pairs").format(member="territory_codes")
            )
        if not isinstance(sources, list) or not all(
            isinstance(src, dict) and all(isinstance(a, str) and isinstance(b, str) for a, b in src.items())
            for src in sources
        ):
            raise CldrDataError(_("'{member}' must be a list of objects of strings").format(member="sources"))
        if not isinstance(doc.get("unicode_version"), str | None):
            raise CldrDataError(_("'{member}' must be a string").format(member="unicode_version"))
        if not isinstance(version, str) or not isinstance(package_version, str):
            raise CldrDataError(
                _("'{first}' and '{second}' must be strings").format(first="cldr_version", second="package_version")
            )
        if not any(k.key == "ca" and k.extension == "u" for k in keys):
            raise CldrDataError(_("the document has no -u- key {key}: it is incomplete").format(key=repr("ca")))
        return cls(
            keys,
            version=version,
            package_version=package_version,
            unicode_version=doc.get("unicode_version"),
            aliases=aliases,
            subdivision_text=subdivisions,
            sources=sources,
            territory_containment=containment if isinstance(containment, dict) else {},
            territory_codes=codes,
        )

    # -- the parse cache -----------------------------------------------------------------

    def to_cache(self) -> bytes:
        """Serialize the data as it is once built, for a fast reload by :meth:`from_cache` (same Python only).

        Not the document but what :meth:`__init__` made of it: the keys and their types as rows of their
        fields, the alias tables with their keys lowered, the regular regions worked out. Loading it is
        ``marshal`` and one call a type (:func:`.values._fill_type`), no JSON and no table built again.
        """

        def key_row(k: CldrKey) -> tuple[Any, ...]:
            types = tuple(tuple(getattr(t, f) for f in CldrType.__match_args__) for t in k.types.values())
            return (*(getattr(k, f) for f in CldrKey.__match_args__ if f != "types"), types)

        return marshal.dumps((
            _CACHE_FORMAT, self.version, self.package_version, self.unicode_version,
            tuple(map(dict, self.sources)),
            tuple(map(key_row, self.u_keys.values())), tuple(map(key_row, self.t_keys.values())),
            tuple(dict(getattr(self, name)) for name in _CACHED_TABLES),
            self._subdivision_text, self.regular_regions,
        ))  # fmt: skip

    @classmethod
    def from_cache(cls, blob: bytes | memoryview) -> CldrData:
        """Rebuild the data :meth:`to_cache` wrote; raise ValueError if *blob* is not that.

        Only for a blob whose stamp vouches that this program wrote it (``core/data.py``): a blob of another
        shape is refused, but the values are not checked again one by one (they were when the JSON was read).
        """
        try:
            got = marshal.loads(blob)
        except (EOFError, ValueError, TypeError) as exc:
            raise ValueError(f"not a CLDR cache ({exc})") from None
        if type(got) is not tuple or len(got) != 10 or got[0] != _CACHE_FORMAT:
            raise ValueError("CLDR cache of another format")
        try:
            return cls._from_cache(*got[1:])
        except (TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"damaged CLDR cache ({exc})") from None

    @classmethod
    def _from_cache(
        cls, version: str, package_version: str, unicode_version: str | None, sources: tuple[dict[str, str], ...],
        u_rows: tuple[tuple[Any, ...], ...], t_rows: tuple[tuple[Any, ...], ...], tables: tuple[dict[str, Any], ...],
        subdivision_text: str, regular_regions: frozenset[str],
    ) -> CldrData:  # fmt: skip
        if type(subdivision_text) is not str or type(regular_regions) is not frozenset or len(tables) != 9:
            raise ValueError("tables of another shape")
        self = cls.__new__(cls)
        self.version = version
        self.package_version = package_version
        self.unicode_version = unicode_version
        self.sources = tuple(map(MappingProxyType, sources))
        with plain_stores(CldrType):  # for _fill_type
            self.u_keys = MappingProxyType({k.key: k for k in map(_key_from_row, u_rows)})
            self.t_keys = MappingProxyType({k.key: k for k in map(_key_from_row, t_rows)})
        for name, table in zip(_CACHED_TABLES, tables, strict=True):
            if type(table) is not dict:
                raise ValueError(f"{name} is not a table")
            setattr(self, name, MappingProxyType(table))
        self._subdivision_text = subdivision_text
        self._subdivisions = None
        self.regular_regions = regular_regions
        self._legacy = None
        return self

    # -- lookups -------------------------------------------------------------------------

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


_STR = frozenset({str})


def _key_from_row(row: tuple[Any, ...]) -> CldrKey:
    """Return the key a cache row holds (:meth:`CldrData.to_cache`); only inside ``plain_stores(CldrType)``."""
    ext, key, description, legacy_name, deprecated, preferred, value_type, since, value_classes, type_rows = row
    made = list(starmap(_fill_type, type_rows))
    types = MappingProxyType(dict(zip(map(_TYPE_NAME, made), made, strict=True)))
    return CldrKey(ext, key, description, legacy_name, deprecated, preferred, value_type, since, types, value_classes)


def _regular_regions(containment: Mapping[str, Sequence[str]], aliases: Mapping[str, str]) -> frozenset[str]:
    """Return the 2-letter regions some container holds that are neither containers nor deprecated."""
    members = {m for k, ms in containment.items() if "-status-" not in k for m in ms}
    return frozenset(
        m for m in members if len(m) == 2 and m.isalpha() and m not in containment and m.lower() not in aliases
    )
