"""Relations between registry records: variants by Prefix, extlangs, Suppress-Script, macrolanguage members,
Preferred-Value, deprecated records; computed once from the whole registry."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .record import TAG_TYPES, Record, RecordType

__all__ = ["Relations"]


@dataclass(frozen=True, slots=True)
class Relations:
    """Relations between records, computed once from the whole registry."""

    variants_by_prefix: dict[str, tuple[Record, ...]]
    extlangs_by_prefix: dict[str, tuple[Record, ...]]
    by_suppress_script: dict[str, tuple[Record, ...]]
    members: dict[str, tuple[Record, ...]]
    by_preferred_value: dict[str, tuple[Record, ...]]
    deprecated: tuple[Record, ...]

    @classmethod
    def build(cls, records: Sequence[Record]) -> Relations:
        """Index every record by what it points at, in one pass."""
        variants: dict[str, list[Record]] = {}
        extlangs: dict[str, list[Record]] = {}
        suppress: dict[str, list[Record]] = {}
        members: dict[str, list[Record]] = {}
        preferred: dict[str, list[Record]] = {}
        deprecated: list[Record] = []
        for rec in records:
            if rec.type == RecordType.VARIANT:
                for prefix in rec.prefixes:
                    variants.setdefault(prefix.lower(), []).append(rec)
            elif rec.type == RecordType.EXTLANG:
                for prefix in rec.prefixes:
                    extlangs.setdefault(prefix.lower(), []).append(rec)
            if rec.suppress_script:
                suppress.setdefault(rec.suppress_script.lower(), []).append(rec)
            if rec.macrolanguage:
                members.setdefault(rec.macrolanguage.lower(), []).append(rec)
            if rec.preferred_value:
                preferred.setdefault(rec.preferred_value.lower(), []).append(rec)
            if rec.is_deprecated:
                deprecated.append(rec)

        def freeze(d: dict[str, list[Record]]) -> dict[str, tuple[Record, ...]]:
            return {k: tuple(v) for k, v in d.items()}

        return cls(
            freeze(variants), freeze(extlangs), freeze(suppress), freeze(members), freeze(preferred),
            tuple(deprecated),
        )  # fmt: skip

    def variants_for(self, tag: str) -> list[Record]:
        """Return the variants with a Prefix that *tag*'s leading subtags satisfy (or that starts it)."""
        subtags = [s for s in tag.lower().replace("_", "-").split("-") if s]
        if not subtags:
            return []
        out: list[Record] = []
        seen: set[int] = set()
        for prefix, recs in self.variants_by_prefix.items():
            parts = prefix.split("-")
            if parts[0] != subtags[0]:
                continue
            if len(subtags) > 1 and not _in_order(parts, subtags):
                continue
            for rec in recs:
                if id(rec) not in seen:
                    seen.add(id(rec))
                    out.append(rec)
        out.sort(key=lambda r: r.code.lower())
        return out

    def pointing_at(self, record: Record) -> list[Record]:
        """Return the records of a compatible Type whose Preferred-Value is *record*'s code."""
        candidates = self.by_preferred_value.get(record.code.lower(), ())
        if record.type == RecordType.LANGUAGE:
            allowed = {RecordType.LANGUAGE, RecordType.EXTLANG, RecordType.GRANDFATHERED, RecordType.REDUNDANT}
        elif record.type in TAG_TYPES:
            allowed = set(TAG_TYPES)
        else:
            allowed = {RecordType(record.type)}
        return [rec for rec in candidates if rec.type in allowed and rec is not record]


def _in_order(needle: list[str], hay: list[str]) -> bool:
    """Whether every item of *needle* appears in *hay* in the same order."""
    it = iter(hay)
    return all(any(h == n for h in it) for n in needle)
