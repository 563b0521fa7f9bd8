"""Compare two Language Subtag Registries record by record and field by field.

>>> from bcp47_explorer.core.registry.model import Registry, SAMPLE
>>> old = Registry.from_text(SAMPLE)
>>> new = Registry.from_text(SAMPLE.replace("Description: Malta", "Description: Republic of Malta"))
>>> d = diff_registries(old, new)
>>> [(c.new.code, [(f.name, f.old, f.new) for f in c.changes]) for c in d.changed]
[('MT', [('Description', ('Malta',), ('Republic of Malta',))])]
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import Record, Registry

__all__ = ["in_time_order", "FieldChange", "RecordChange", "RegistryDiff", "diff_registries"]


@dataclass(frozen=True, slots=True)
class FieldChange:
    """How one field's values differ between two versions of a record."""

    name: str
    old: tuple[str, ...]
    new: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RecordChange:
    """A record present in both registries whose fields differ."""

    old: Record
    new: Record
    changes: tuple[FieldChange, ...]


@dataclass(frozen=True, slots=True)
class RegistryDiff:
    """What changed between two registries."""

    old_file_date: str
    new_file_date: str
    added: tuple[Record, ...] = ()
    removed: tuple[Record, ...] = ()
    changed: tuple[RecordChange, ...] = ()

    @property
    def is_empty(self) -> bool:
        """Whether the two registries hold the same records with the same fields."""
        return not (self.added or self.removed or self.changed)


def _field_map(rec: Record) -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for name, value in rec.fields:
        out.setdefault(name, []).append(value)
    return {k: tuple(v) for k, v in out.items()}


def in_time_order(a: Registry, b: Registry) -> tuple[Registry, Registry, bool]:
    """Return *a* and *b* oldest first by File-Date, and whether they were swapped (equal dates keep the order).

    "What changed" reads forwards in time whichever file was opened last: a 2021 registry opened over a
    2026 one shows what was added since 2021, not the same records as "removed".
    """
    return (b, a, True) if b.file_date < a.file_date else (a, b, False)


def diff_registries(old: Registry, new: Registry) -> RegistryDiff:
    """Compare two registries record by record (keyed by Type and code) and field by field."""

    def key(rec: Record) -> tuple[str, str]:
        return rec.type, rec.code.lower()

    old_map = {key(r): r for r in old.records}
    new_map = {key(r): r for r in new.records}
    added = tuple(r for k, r in new_map.items() if k not in old_map)
    removed = tuple(r for k, r in old_map.items() if k not in new_map)
    changed = []
    for k, new_rec in new_map.items():
        old_rec = old_map.get(k)
        if old_rec is None or old_rec.fields == new_rec.fields:
            continue
        of, nf = _field_map(old_rec), _field_map(new_rec)
        names = list(dict.fromkeys([*of, *nf]))
        changes = tuple(FieldChange(n, of.get(n, ()), nf.get(n, ())) for n in names if of.get(n, ()) != nf.get(n, ()))
        if changes:
            changed.append(RecordChange(old_rec, new_rec, changes))
    return RegistryDiff(old.file_date, new.file_date, added, removed, tuple(changed))
