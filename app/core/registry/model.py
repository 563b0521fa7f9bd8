"""The IANA Language Subtag Registry as an indexed, searchable model (RFC 5646 §3.1).

>>> reg = Registry.from_text(SAMPLE)
>>> reg.file_date
'2026-01-01'
>>> reg.get("language", "QAB").code
'qaa..qtz'
>>> [r.type for r in reg.lookup("MT")]
['language', 'region']
>>> reg.tag_record("I-KLINGON").preferred_value
'tlh'
>>> [(hit.record.type, hit.record.code) for hit in reg.search("malt")]
[('language', 'mt'), ('region', 'MT')]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from types import MappingProxyType

from ..grammar.syntax import is_extlang, is_region, is_registered_language, is_script, is_variant
from ..text.catalogue import _
from .cache import collector_paused, dump_records, load_records, records_from_rows, runs_of, taken
from .ranges import CodeRange, RangeTable
from .record import DATE, TAG_TYPES, Record, RecordType, RegistryError
from .recordjar import RawRecord, parse_record_jar

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:  # imported on first use: checking tags needs neither (start-up is part of every `bcp47 check`)
    from typing import Any

    from .relations import Relations
    from .search import SearchHit, SearchIndex

# Record, RecordType and RegistryError live in ``record``; callers may take them from here with the Registry.
__all__ = ["SAMPLE", "Record", "RecordType", "Registry", "RegistryError"]

_TYPES_BY_NAME = {t.value: t for t in RecordType}
_SINGLE_FIELDS = frozenset({"Type", "Subtag", "Tag", "Added", "Deprecated", "Preferred-Value", "Suppress-Script",
                            "Macrolanguage", "Scope"})  # fmt: skip
# The shape each Type's Subtag must have (the grammar's pieces); a registry that breaks it is damaged.
_SUBTAG_SHAPE = {
    RecordType.LANGUAGE: is_registered_language,
    RecordType.EXTLANG: is_extlang,
    RecordType.SCRIPT: is_script,
    RecordType.REGION: is_region,
    RecordType.VARIANT: is_variant,
}
_TAG_SHAPE = r"[A-Za-z0-9]{1,8}(-[A-Za-z0-9]{1,8})+\Z"  # compiled when a registry is first parsed (not at start-up)


class Registry:
    """An immutable, indexed Language Subtag Registry."""

    __slots__ = (
        "_by_code",
        "_by_type",
        "_ranges",
        "_relations",
        "_rows",
        "_tags",
        "file_date",
        "records",
        "source",
        "tag_records",
    )

    def __init__(self, file_date: str, records: Iterable[Record], source: str = "<registry>") -> None:
        self.file_date = file_date
        self.records: tuple[Record, ...] = tuple(records)
        self.source = source
        by_type: dict[str, RangeTable] = {t.value: RangeTable() for t in RecordType}
        ranges: dict[str, list[tuple[CodeRange, Record]]] = {}
        tags: dict[str, Record] = {}
        tag_records: list[Record] = []
        for rec in self.records:
            if rec.type in TAG_TYPES:
                tags[rec.code.lower()] = rec
                tag_records.append(rec)
                continue
            table = by_type[rec.type] if rec.type in by_type else by_type.setdefault(rec.type, RangeTable())
            if ".." in rec.code:  # compared on lookup, never expanded (a range may hold billions of codes)
                ranges.setdefault(rec.type, []).append((CodeRange.parse(rec.code), rec))
            else:
                table.setdefault(rec.code.lower(), rec)
        for type_, found in ranges.items():
            by_type[type_].ranges = tuple(found)
        self._set_tables(by_type, tuple(rec for found in ranges.values() for _, rec in found), tags, tag_records)

    def _set_tables(
        self, by_type: dict[str, RangeTable], ranges: Iterable[Record], tags: dict[str, Record],
        tag_records: Iterable[Record],
    ) -> None:  # fmt: skip
        self._ranges: tuple[Record, ...] = tuple(ranges)
        self._by_type = by_type
        self._by_code: dict[str, list[Record]] | None = None  # built on first use: start-up skips it
        self._tags = tags
        #: The grandfathered and redundant records, in the registry's order (the engine's tables read them).
        self.tag_records: tuple[Record, ...] = tuple(tag_records)
        self._rows: SearchIndex | None = None
        self._relations: Relations | None = None

    def _index(self) -> tuple[Any, ...]:
        """Return the tables as the parse cache keeps them beside the records (``cache.dump_records``).

        Per Type in the tables' order: the Type, the lowercased codes in the table's order, the positions
        of their records and of its range records (as ``cache.runs_of``); then the positions of all range
        records, the whole tags' lowercased codes and records' positions, and the grandfathered and
        redundant records' positions. What :meth:`_from_index` rebuilds the very same tables from.
        """
        # Walked again by position, as __init__ walks the records (a record object listed twice is two positions).
        tables: dict[str, dict[str, int]] = {t: {} for t in self._by_type}
        ranges: dict[str, list[int]] = {}
        tags: dict[str, int] = {}
        tag_records: list[int] = []
        for i, rec in enumerate(self.records):
            if rec.type in TAG_TYPES:
                tags[rec.code.lower()] = i
                tag_records.append(i)
            elif ".." in rec.code:
                ranges.setdefault(rec.type, []).append(i)
            else:
                tables[rec.type].setdefault(rec.code.lower(), i)
        return (
            tuple(
                (t, tuple(table), runs_of(table.values()), runs_of(ranges.get(t, ()))) for t, table in tables.items()
            ),
            runs_of(i for found in ranges.values() for i in found),
            tuple(tags),
            runs_of(tags.values()),
            runs_of(tag_records),
        )

    @classmethod
    def _from_index(cls, file_date: str, records: tuple[Record, ...], index: Any, source: str) -> Registry:
        """Return the registry of *records* with the tables *index* (:meth:`_index`) describes, without a loop a record.

        Each table is ``zip`` of its lowercased codes with slices of the records (C speed): the same keys,
        records and order as ``__init__`` builds, which a test checks on the bundled registry, table by table.
        """
        self = cls.__new__(cls)
        self.file_date = file_date
        self.records = records
        self.source = source
        by_type_index, range_runs, tag_keys, tag_runs, tag_record_runs = index
        by_type: dict[str, RangeTable] = {}
        for type_, keys, runs, ranges in by_type_index:
            by_type[type_] = table = RangeTable()
            dict.update(table, zip(keys, taken(records, runs), strict=True))
            if ranges:
                table.ranges = tuple((CodeRange.parse(rec.code), rec) for rec in taken(records, ranges))
        tags = dict(zip(tag_keys, taken(records, tag_runs), strict=True))
        self._set_tables(by_type, taken(records, range_runs), tags, taken(records, tag_record_runs))
        return self

    # ----------------------------------------------------------------- loading
    @classmethod
    def from_text(cls, text: str, source: str = "<registry>") -> Registry:
        """Parse registry *text*; raise RegistryError naming the line of the first problem."""
        with collector_paused():  # a third of the load time
            return cls._from_text(text, source)

    @classmethod
    def _from_text(cls, text: str, source: str) -> Registry:
        jar = parse_record_jar(text, source)
        file_date = jar.header.get("File-Date")
        if file_date is None:
            raise RegistryError(
                _("the first record must hold {field!r}").format(field="File-Date"), jar.header.line, source
            )
        if not DATE.match(file_date):
            raise RegistryError(
                _("File-Date {date!r} is not a date YYYY-MM-DD").format(date=file_date), jar.header.line, source
            )
        records = records_from_rows([_row_from_raw(raw, source) for raw in jar.records])
        seen: dict[tuple[str, str], int] = {}
        for rec in records:
            key = (rec.type, rec.code.lower())
            if key in seen:
                raise RegistryError(
                    _("{type} {code!r} is registered twice (first on line {line})").format(
                        type=rec.type, code=rec.code, line=seen[key]
                    ),
                    rec.line,
                    source,
                )
            seen[key] = rec.line
        return cls(file_date, records, source)

    # ------------------------------------------------------------------ cache
    def to_cache(self) -> bytes:
        """Serialize the parsed records and the tables for a fast reload by :meth:`from_cache` (see ``cache``)."""
        return dump_records(self.file_date, self.records, self._index())

    @classmethod
    def from_cache(cls, blob: bytes | memoryview, source: str = "<registry>", *, vouched: bool = False) -> Registry:
        """Rebuild a registry written by :meth:`to_cache`; raise ValueError if *blob* is not one (records checked).

        *vouched*: the blob matched the checksum this program wrote with it (see ``cache.load_records``):
        the tables are rebuilt from the index the cache holds. Otherwise they are built from the records,
        and a cache whose index says other tables is refused.
        """
        with collector_paused():
            file_date, records, index = load_records(blob, vouched=vouched)
            if not vouched:
                registry = cls(file_date, records, source)
                if registry._index() != index:
                    raise ValueError("damaged registry cache (its tables are not its records')")
                return registry
            try:
                return cls._from_index(file_date, records, index, source)
            except (TypeError, ValueError, IndexError, AttributeError) as exc:  # a blob of another shape
                raise ValueError(f"damaged registry cache ({exc})") from None

    # ----------------------------------------------------------------- lookups
    def get(self, type: str, code: str) -> Record | None:
        """Return the record of *type* for *code* (any case; ranges included), or None."""
        if type in TAG_TYPES:
            rec = self._tags.get(code.lower())
            return rec if rec is not None and rec.type == type else None
        table = self._by_type.get(type)
        return table.get(code.lower()) if table is not None else None

    def table(self, type: str) -> Mapping[str, Record]:
        """Return the read-only lowercase-code → record mapping of one subtag type."""
        return MappingProxyType(self._by_type.get(type, RangeTable()))

    def code_table(self, type: str) -> RangeTable:
        """Return a copy of one subtag type's lowercase-code → record table that answers for range codes too."""
        return self._by_type.get(type, RangeTable()).copy()

    def lookup(self, code: str) -> list[Record]:
        """Return every record that *code* (any case) names: subtags of each type and whole tags.

        >>> [(r.type, r.code) for r in Registry.from_text(SAMPLE).lookup("mt")]
        [('language', 'mt'), ('region', 'MT')]
        """
        code = code.strip().lower()
        found = list(self._code_index().get(code, ()))
        in_ranges = self._in_ranges(code)
        if in_ranges:
            found = sorted(found + in_ranges, key=lambda rec: rec.line)
        return found

    def _in_ranges(self, code: str) -> list[Record]:
        """Return the range records that *code* lies in."""
        return [rec for rec in self._ranges if rec.contains(code)]

    def _code_index(self) -> dict[str, list[Record]]:
        """Return lowercase code -> every record with that exact code (whole tags included; ranges apart)."""
        if self._by_code is None:
            by_code: dict[str, list[Record]] = {}
            for rec in self.records:
                if not (rec.is_range and rec.type not in TAG_TYPES):
                    by_code.setdefault(rec.code.lower(), []).append(rec)
            self._by_code = by_code
        return self._by_code

    def tag_record(self, tag: str) -> Record | None:
        """Return the grandfathered or redundant record for a whole *tag*, or None."""
        return self._tags.get(tag.lower())

    def __len__(self) -> int:
        return len(self.records)

    def __iter__(self) -> Iterator[Record]:
        return iter(self.records)

    def counts(self) -> dict[str, int]:
        """Return the number of records per Type, in the registry's type order."""
        out = {t.value: 0 for t in RecordType}
        for rec in self.records:
            out[rec.type] = out.get(rec.type, 0) + 1
        return out

    # --------------------------------------------------------------- relations
    @property
    def relations(self) -> Relations:
        """Return the relations between records, computed on first use."""
        if self._relations is None:
            from .relations import Relations

            self._relations = Relations.build(self.records)
        return self._relations

    def variants_for(self, tag: str) -> list[Record]:
        """Return the variants with a Prefix that *tag*'s leading subtags satisfy (or that starts it).

        For a bare language such as ``sl`` this is every variant whose Prefix starts with ``sl``.
        """
        return self.relations.variants_for(tag)

    def extlangs_for(self, language: str) -> list[Record]:
        """Return the extlang records whose Prefix is *language*."""
        return list(self.relations.extlangs_by_prefix.get(language.lower(), ()))

    def suppressing_languages(self, script: str) -> list[Record]:
        """Return the languages whose Suppress-Script is *script*."""
        return list(self.relations.by_suppress_script.get(script.lower(), ()))

    def members(self, macrolanguage: str) -> list[Record]:
        """Return the members of *macrolanguage*: one record per code, the language record before an extlang.

        A member such as ``cmn`` has a language record and an extlang record, both with ``Macrolanguage: zh``;
        they are one member, so it is listed (and counted) once, by its language record; ``same_code`` gives
        the other record.
        """
        out: dict[str, Record] = {}
        for rec in self.relations.members.get(macrolanguage.lower(), ()):
            kept = out.get(rec.code.lower())
            if kept is None or (kept.type != RecordType.LANGUAGE and rec.type == RecordType.LANGUAGE):
                out[rec.code.lower()] = rec
        return list(out.values())

    def replaced_by_this(self, record: Record) -> list[Record]:
        """Return the records of other codes whose Preferred-Value points at *record*.

        The extlang twin of a language (extlang ``aeb``, Preferred-Value ``aeb``) is the same code in its
        other form, not a record replaced by another: ``same_code`` names it.
        """
        return [r for r in self.relations.pointing_at(record) if r.code.lower() != record.code.lower()]

    def same_code(self, record: Record) -> list[Record]:
        """Return the other records with *record*'s code (language ``mt`` and region ``MT``; ``aeb`` twice)."""
        return [r for r in self.lookup(record.code) if r is not record and r.code.lower() == record.code.lower()]

    def deprecated_records(self) -> list[Record]:
        """Return every record that carries a Deprecated date."""
        return list(self.relations.deprecated)

    # ------------------------------------------------------------------ search
    def search(
        self,
        query: str,
        *,
        types: Iterable[str] | None = None,
        scope: str | None = None,
        deprecated: bool | None = None,
        limit: int | None = None,
    ) -> list[SearchHit]:
        """Search codes, descriptions and comments, ranked best first (the ranking: ``search.search``).

        >>> reg = Registry.from_text(SAMPLE)
        >>> [(h.record.code, h.kind.value) for h in reg.search("malt")]
        [('mt', 'description word'), ('MT', 'description word')]
        """
        from .search import SearchIndex, search

        if self._rows is None:  # built on the first search
            self._rows = SearchIndex.build(self.records)
        return search(
            self._rows, self.records, self._in_ranges, query, types=types, scope=scope, deprecated=deprecated,
            limit=limit,
        )  # fmt: skip


def _row_from_raw(raw: RawRecord, source: str) -> tuple[Any, ...]:
    fields = raw.fields
    single = dict(fields)
    if len(single) == len(fields):  # the usual case: no field repeated
        descriptions: tuple[str, ...] = (single["Description"],) if "Description" in single else ()
        prefixes: tuple[str, ...] = (single["Prefix"],) if "Prefix" in single else ()
        comments: tuple[str, ...] = (single["Comments"],) if "Comments" in single else ()
    else:
        multi: dict[str, list[str]] = {}
        for name, body in fields:
            multi.setdefault(name, []).append(body)
        for name, got in multi.items():
            if len(got) > 1 and name in _SINGLE_FIELDS:
                raise RegistryError(
                    _("field '{name}' appears more than once in one record").format(name=name),
                    raw.line_of(name),
                    source,
                )
        descriptions = tuple(multi.get("Description", ()))
        prefixes = tuple(multi.get("Prefix", ()))
        comments = tuple(multi.get("Comments", ()))
    one = single.get

    type_ = one("Type")
    if type_ is None:
        raise RegistryError(_("record has no '{field}' field").format(field="Type"), raw.line, source)
    type_ = type_.lower()
    rtype = _TYPES_BY_NAME.get(type_)
    if rtype is None:
        raise RegistryError(_("unknown Type {type!r}").format(type=type_), raw.line_of("Type"), source)
    if rtype in TAG_TYPES:
        code = one("Tag")
        if code is None:
            raise RegistryError(
                _("{type} record has no '{field}' field").format(type=type_, field="Tag"), raw.line, source
            )
        if not re.match(_TAG_SHAPE, code):
            raise RegistryError(_("Tag {code!r} is not a language tag").format(code=code), raw.line_of("Tag"), source)
    else:
        code = one("Subtag")
        if code is None:
            raise RegistryError(
                _("{type} record has no '{field}' field").format(type=type_, field="Subtag"), raw.line, source
            )
        shape = _SUBTAG_SHAPE[rtype]
        if ".." in code:
            try:
                rng = CodeRange.parse(code)
            except ValueError as exc:
                raise RegistryError(
                    _("{type} range: {problem}").format(type=type_, problem=exc), raw.line_of("Subtag"), source
                ) from None
            ok = bool(shape(rng.first)) and bool(shape(rng.last))
        else:
            ok = shape(code) is not None
        if not ok:
            raise RegistryError(
                _("Subtag {code!r} is not a valid {type} subtag").format(code=code, type=type_),
                raw.line_of("Subtag"),
                source,
            )
    if not descriptions:
        raise RegistryError(
            _("{type} {code!r} has no '{field}' (truncated record?)").format(
                type=type_, code=code, field="Description"
            ),
            raw.line,
            source,
        )
    added = one("Added")
    if added is None:
        raise RegistryError(
            _("{type} {code!r} has no '{field}' date (truncated record?)").format(type=type_, code=code, field="Added"),
            raw.line,
            source,
        )
    deprecated = one("Deprecated")
    for name, value in (("Added", added), ("Deprecated", deprecated)):
        if value is not None and not DATE.match(value):
            raise RegistryError(
                _("{field} {value!r} is not a date YYYY-MM-DD").format(field=name, value=value),
                raw.line_of(name),
                source,
            )
    if rtype == RecordType.EXTLANG and len(prefixes) != 1:
        raise RegistryError(_("extlang {code!r} must have exactly one Prefix").format(code=code), raw.line, source)
    return (
        rtype.value, code, descriptions, added, deprecated, one("Preferred-Value"), prefixes,
        one("Suppress-Script"), one("Macrolanguage"), one("Scope"), comments,
        raw.fields, raw.line,
    )  # fmt: skip


SAMPLE = """File-Date: 2026-01-01
%%
Type: language
Subtag: mt
Description: Maltese
Added: 2005-10-16
Suppress-Script: Latn
%%
Type: language
Subtag: qaa..qtz
Description: Private use
Added: 2005-10-16
Scope: private-use
%%
Type: region
Subtag: MT
Description: Malta
Added: 2005-10-16
%%
Type: grandfathered
Tag: i-klingon
Description: Klingon
Added: 1999-05-26
Deprecated: 2004-02-24
Preferred-Value: tlh
"""
