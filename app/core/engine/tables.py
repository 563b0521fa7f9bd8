"""The registry reshaped for the engine's lookups: lowercase keys, clean subsets, whole-tag records.

>>> from bcp47_explorer.core.registry.model import Registry, SAMPLE
>>> t = Tables(Registry.from_text(SAMPLE))
>>> len(t.lang), "qab" in t.lang, t.lang["qab"].code, t.region_ok, sorted(t.tags)
(1, True, 'qaa..qtz', {'mt': 'MT'}, ['i-klingon'])
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import compress, repeat
from operator import attrgetter, is_

from ..grammar.syntax import cased

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    from ..registry.model import Record, Registry

__all__ = ["Tables"]

_PREFERRED = attrgetter("preferred_value")


class Tables:
    """Registry data reshaped for the engine's lookups (lowercase keys), built once per registry."""

    __slots__ = (
        "_named",
        "by_type",
        "extlang",
        "extlang_prefix",
        "grandfathered_first",
        "lang",
        "lang_ok",
        "redundant",
        "region",
        "region_ok",
        "script",
        "script_ok",
        "tags",
        "variant",
        "variant_prefixes",
    )

    def __init__(self, registry: Registry) -> None:
        self.lang: dict[str, Record] = registry.code_table("language")
        self.extlang: dict[str, Record] = registry.code_table("extlang")
        self.script: dict[str, Record] = registry.code_table("script")
        self.region: dict[str, Record] = registry.code_table("region")
        self.variant: dict[str, Record] = registry.code_table("variant")
        self.by_type: Mapping[str, dict[str, Record]] = {
            "language": self.lang,
            "extlang": self.extlang,
            "script": self.script,
            "region": self.region,
            "variant": self.variant,
        }
        # Clean subsets for the fast path: registered and without a Preferred-Value, in conventional case.
        # The keys whose record has no Preferred-Value, picked by C loops (8,000 languages at each start).
        self.lang_ok = frozenset(compress(self.lang, map(is_, map(_PREFERRED, self.lang.values()), repeat(None))))
        self.script_ok = {k: cased("script", k) for k, r in self.script.items() if r.preferred_value is None}
        self.region_ok = {k: cased("region", k) for k, r in self.region.items() if r.preferred_value is None}
        self.extlang_prefix = {k: r.prefixes[0].lower() for k, r in self.extlang.items() if r.prefixes}
        self.variant_prefixes = {
            k: tuple(tuple(p.lower().split("-")) for p in r.prefixes) for k, r in self.variant.items()
        }
        # Whole-tag records. Grandfathered tags count only as a whole; a redundant tag with a
        # Preferred-Value counts at the start of a tag (see the engine's module docstring).
        self.tags: dict[str, Record] = {}
        self.redundant: dict[str, list[tuple[tuple[str, ...], Record]]] = {}
        for rec in registry.tag_records:  # the grandfathered and redundant records, in the registry's order
            self.tags[rec.code.lower()] = rec
            if rec.type == "redundant" and rec.preferred_value:
                subtags = tuple(rec.code.lower().split("-"))
                self.redundant.setdefault(subtags[0], []).append((subtags, rec))
        for lst in self.redundant.values():
            lst.sort(key=lambda x: -len(x[0]))  # longest first: 'zh-cmn-hans' before 'zh-cmn'
        self._named: dict[str, str] | None = None  # see language_named, built on first use
        self.grandfathered_first = frozenset(k.split("-")[0] for k, r in self.tags.items() if r.type == "grandfathered")

    def language_named(self, name: str) -> str | None:
        """Return the live language subtag whose registry Description is *name* (any case), when one alone is.

        A Description's qualifier in brackets may be left out (``occitan`` finds 'oc', "Occitan
        (post 1500)") unless that makes it another record's name too; a name two records share
        finds nothing (``swahili``: 'sw' and 'swh').

        >>> from bcp47_explorer.core.data import bundled_registry
        >>> t = Tables(bundled_registry())
        >>> t.language_named("English"), t.language_named("occitan"), t.language_named("swahili")
        ('en', 'oc', None)
        """
        if self._named is None:
            exact: dict[str, set[str]] = {}
            bare: dict[str, set[str]] = {}
            for code, rec in self.lang.items():
                if rec.deprecated or ".." in rec.code:
                    continue
                for d in rec.descriptions:
                    exact.setdefault(d.casefold(), set()).add(code)
                    bare.setdefault(d.partition(" (")[0].casefold(), set()).add(code)
            named = {k: next(iter(v)) for k, v in bare.items() if len(v) == 1}
            named.update((k, next(iter(v))) for k, v in exact.items() if len(v) == 1)
            for k, v in exact.items():
                if len(v) > 1:
                    named.pop(k, None)
            self._named = named
        return self._named.get(name.casefold())

    def is_script(self, code: str) -> bool:
        """Tell whether *code* (any case) is a registered script subtag."""
        return code.lower() in self.script

    def is_region(self, code: str) -> bool:
        """Tell whether *code* (any case) is a registered region subtag."""
        return code.lower() in self.region

    def extlang_of(self, canonical: str) -> str:
        """Return the extlang form of a tag already in canonical form."""
        prefix = self.extlang_prefix.get(canonical.partition("-")[0].lower())
        return f"{prefix}-{canonical}" if prefix is not None else canonical
