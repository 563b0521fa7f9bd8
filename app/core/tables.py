"""The registry reshaped for the engine's lookups: lowercase keys, clean subsets, whole-tag records.

>>> from bcp47_explorer.core.registry import Registry, SAMPLE
>>> t = Tables(Registry.from_text(SAMPLE))
>>> len(t.lang), "qab" in t.lang, t.lang["qab"].code, t.region_ok, sorted(t.tags)
(1, True, 'qaa..qtz', {'mt': 'MT'}, ['i-klingon'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from .syntax import cased

if TYPE_CHECKING:
    from .registry import Record, Registry

__all__ = ["Tables"]


class Tables:
    """Registry data reshaped for the engine's lookups (lowercase keys), built once per registry."""

    __slots__ = (
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
        "variant_ok",
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
        self.lang_ok = frozenset(k for k, r in self.lang.items() if r.preferred_value is None)
        self.script_ok = {k: cased("script", k) for k, r in self.script.items() if r.preferred_value is None}
        self.region_ok = {k: cased("region", k) for k, r in self.region.items() if r.preferred_value is None}
        self.variant_ok = frozenset(k for k, r in self.variant.items() if r.preferred_value is None)
        self.extlang_prefix = {k: r.prefixes[0].lower() for k, r in self.extlang.items() if r.prefixes}
        self.variant_prefixes = {
            k: tuple(tuple(p.lower().split("-")) for p in r.prefixes) for k, r in self.variant.items()
        }
        # Whole-tag records. Grandfathered tags count only as a whole; a redundant tag with a
        # Preferred-Value counts at the start of a tag (see the engine's module docstring).
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
