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
>>> [hit.record.code for hit in reg.search("malt")]
['mt']
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from app.core.recordjar import RawRecord, RecordJarError, parse_record_jar

__all__ = [
    "RecordType",
    "RegistryError",
    "Record",
    "Registry",
    "SearchHit",
    "MatchKind",
    "FieldChange",
    "RecordChange",
    "RegistryDiff",
    "diff_registries",
    "ExtensionRecord",
    "ExtensionsRegistry",
    "fold",
    "SAMPLE",
]

RegistryError = RecordJarError


class RecordType(StrEnum):
    """The Type field of a registry record."""

    LANGUAGE = "language"
    EXTLANG = "extlang"
    SCRIPT = "script"
    REGION = "region"
    VARIANT = "variant"
    GRANDFATHERED = "grandfathered"
    REDUNDANT = "redundant"


SUBTAG_TYPES = frozenset(
    {RecordType.LANGUAGE, RecordType.EXTLANG, RecordType.SCRIPT, RecordType.REGION, RecordType.VARIANT}
)
TAG_TYPES = frozenset({RecordType.GRANDFATHERED, RecordType.REDUNDANT})
_TYPE_ORDER = {t.value: i for i, t in enumerate(RecordType)}

# The shape each Type's Subtag must have; a registry that breaks it is damaged.
_SUBTAG_SHAPE = {
    RecordType.LANGUAGE: re.compile(r"[A-Za-z]{2,3}|[A-Za-z]{5,8}\Z"),
    RecordType.EXTLANG: re.compile(r"[A-Za-z]{3}\Z"),
    RecordType.SCRIPT: re.compile(r"[A-Za-z]{4}\Z"),
    RecordType.REGION: re.compile(r"[A-Za-z]{2}|[0-9]{3}\Z"),
    RecordType.VARIANT: re.compile(r"[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}\Z"),
}
_TAG_SHAPE = re.compile(r"[A-Za-z0-9]{1,8}(-[A-Za-z0-9]{1,8})+\Z")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}\Z")

# Letters NFKD does not take apart but users type without their marks.
_FOLD_EXTRA = str.maketrans(
    {"ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "đ": "d", "Đ": "d", "ł": "l",
     "Ł": "l", "ı": "i", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th", "ħ": "h", "Ħ": "h", "ŋ": "n",
     "ʼ": "'", "’": "'", "ʻ": "'"}
)  # fmt: skip


def fold(text: str) -> str:
    """Return *text* lowercased with diacritics removed, for searching.

    >>> fold("Provençal"), fold("Norwegian Bokmål"), fold("Faroese (Føroyskt)")
    ('provencal', 'norwegian bokmal', 'faroese (foroyskt)')
    """
    if text.isascii():
        return text.lower()
    text = unicodedata.normalize("NFKD", text.translate(_FOLD_EXTRA))
    return "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()


@dataclass(frozen=True, slots=True)
class Record:
    """One record of the Language Subtag Registry, with every field it has in file order."""

    type: str
    code: str  # the Subtag (or range ``a..b``) or the Tag, as written in the file
    descriptions: tuple[str, ...]
    added: str | None = None
    deprecated: str | None = None
    preferred_value: str | None = None
    prefixes: tuple[str, ...] = ()
    suppress_script: str | None = None
    macrolanguage: str | None = None
    scope: str | None = None
    comments: tuple[str, ...] = ()
    fields: tuple[tuple[str, str], ...] = ()
    line: int = 0

    @property
    def is_range(self) -> bool:
        """Whether this record stands for a range of codes such as ``qaa..qtz``."""
        return ".." in self.code

    @property
    def is_tag(self) -> bool:
        """Whether this is a grandfathered or redundant whole-tag record."""
        return self.type in TAG_TYPES

    @property
    def is_deprecated(self) -> bool:
        """Whether the record carries a Deprecated date."""
        return self.deprecated is not None

    @property
    def description(self) -> str:
        """Return the descriptions joined for one-line display."""
        return "; ".join(self.descriptions)

    @property
    def range_bounds(self) -> tuple[str, str] | None:
        """Return the first and last code of a range record, else None."""
        if not self.is_range:
            return None
        first, _, last = self.code.partition("..")
        return first, last

    def range_codes(self) -> list[str]:
        """Return every code inside a range record in order, cased like the record."""
        bounds = self.range_bounds
        return _expand_range(*bounds) if bounds else [self.code]

    def contains(self, code: str) -> bool:
        """Whether *code* (any case) is this record's code or lies inside its range."""
        bounds = self.range_bounds
        if bounds is None:
            return code.lower() == self.code.lower()
        first, last = (b.lower() for b in bounds)
        c = code.lower()
        return len(c) == len(first) and c.isalnum() and c.isascii() and first <= c <= last

    def extra_fields(self) -> tuple[tuple[str, str], ...]:
        """Return the fields RFC 5646 does not define, kept as they were."""
        return tuple((k, v) for k, v in self.fields if k not in _KNOWN_FIELDS)

    def field_values(self, name: str) -> tuple[str, ...]:
        """Return every body of field *name*, in file order."""
        return tuple(v for k, v in self.fields if k == name)


_KNOWN_FIELDS = frozenset(
    {"Type", "Subtag", "Tag", "Description", "Added", "Deprecated", "Preferred-Value", "Prefix",
     "Suppress-Script", "Macrolanguage", "Scope", "Comments"}
)  # fmt: skip


def _expand_range(first: str, last: str) -> list[str]:
    """List the codes from *first* to *last* (same length, letters or digits), cased like *first*."""
    n = len(first)
    if first.isdigit():
        return [str(i).zfill(n) for i in range(int(first), int(last) + 1)]

    def to_int(code: str) -> int:
        value = 0
        for ch in code.lower():
            value = value * 26 + (ord(ch) - 97)
        return value

    def to_code(value: int) -> str:
        chars = []
        for _ in range(n):
            value, rem = divmod(value, 26)
            chars.append(chr(97 + rem))
        return "".join(reversed(chars))

    out = [to_code(v) for v in range(to_int(first), to_int(last) + 1)]
    if first[0].isupper() and (n == 2 or first.isupper()):
        return [c.upper() for c in out]
    if first[0].isupper():
        return [c.title() for c in out]
    return out


class MatchKind(StrEnum):
    """Why a search hit matched, best first."""

    CODE = "code"
    CODE_PREFIX = "code prefix"
    WORD = "description word"
    SUBSTRING = "text"


@dataclass(frozen=True, slots=True)
class SearchHit:
    """A record found by a search, with why it matched (lower rank is better)."""

    record: Record
    kind: MatchKind
    rank: int


@dataclass(frozen=True, slots=True)
class _SearchRow:
    record: Record
    code: str  # lowercased code; a range also answers for its first code
    text: str  # " "-started folded descriptions, then comments
    type_order: int


_WORD_SPLIT = re.compile(r"[^0-9a-z']+")


class Registry:
    """An immutable, indexed Language Subtag Registry."""

    __slots__ = (
        "file_date",
        "records",
        "source",
        "_by_type",
        "_by_code",
        "_tags",
        "_rows",
        "_sorted_codes",
        "_relations",
    )

    def __init__(self, file_date: str, records: Iterable[Record], source: str = "<registry>") -> None:
        self.file_date = file_date
        self.records: tuple[Record, ...] = tuple(records)
        self.source = source
        by_type: dict[str, dict[str, Record]] = {t.value: {} for t in RecordType}
        by_code: dict[str, list[Record]] = {}
        tags: dict[str, Record] = {}
        for rec in self.records:
            if rec.type in TAG_TYPES:
                key = rec.code.lower()
                tags[key] = rec
                by_code.setdefault(key, []).append(rec)
                continue
            table = by_type.setdefault(rec.type, {})
            codes = rec.range_codes() if rec.is_range else (rec.code,)
            for code in codes:
                key = code.lower()
                table.setdefault(key, rec)
                by_code.setdefault(key, []).append(rec)
        self._by_type = by_type
        self._by_code = by_code
        self._tags = tags
        self._rows: list[_SearchRow] | None = None
        self._sorted_codes: list[tuple[str, int]] | None = None
        self._relations: _Relations | None = None

    # ----------------------------------------------------------------- loading
    @classmethod
    def from_text(cls, text: str, source: str = "<registry>") -> Registry:
        """Parse registry *text*; raise RegistryError naming the line of the first problem."""
        jar = parse_record_jar(text, source)
        file_date = jar.header.get("File-Date")
        if file_date is None:
            raise RegistryError("the first record must hold 'File-Date'", jar.header.line, source)
        if not _DATE.match(file_date):
            raise RegistryError(f"File-Date {file_date!r} is not a date YYYY-MM-DD", jar.header.line, source)
        records = [_record_from_raw(raw, source) for raw in jar.records]
        seen: dict[tuple[str, str], int] = {}
        for rec in records:
            key = (rec.type, rec.code.lower())
            if key in seen:
                raise RegistryError(
                    f"{rec.type} {rec.code!r} is registered twice (first on line {seen[key]})", rec.line, source
                )
            seen[key] = rec.line
        return cls(file_date, records, source)

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
        return MappingProxyType(self._by_type.get(type, {}))

    def lookup(self, code: str) -> list[Record]:
        """Return every record that *code* (any case) names: subtags of each type and whole tags."""
        return list(self._by_code.get(code.strip().lower(), ()))

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
    def relations(self) -> _Relations:
        """Return the relations between records, computed on first use."""
        if self._relations is None:
            self._relations = _Relations.build(self)
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
        """Return the language and extlang records whose Macrolanguage is *macrolanguage*."""
        return list(self.relations.members.get(macrolanguage.lower(), ()))

    def replaced_by_this(self, record: Record) -> list[Record]:
        """Return the records whose Preferred-Value points at *record*."""
        return self.relations.pointing_at(record)

    def deprecated_records(self) -> list[Record]:
        """Return every record that carries a Deprecated date."""
        return list(self.relations.deprecated)

    # ------------------------------------------------------------------ search
    def _search_rows(self) -> list[_SearchRow]:
        if self._rows is None:
            rows = []
            for rec in self.records:
                parts = [fold(d) for d in rec.descriptions]
                text = " " + " | ".join(parts)
                if rec.comments:
                    text += " || " + " ".join(fold(c) for c in rec.comments)
                code = rec.code.lower()
                rows.append(_SearchRow(rec, code, text, _TYPE_ORDER.get(rec.type, 99)))
            self._rows = rows
            self._sorted_codes = sorted((row.code, i) for i, row in enumerate(rows))
        return self._rows

    def search(
        self,
        query: str,
        *,
        types: Iterable[str] | None = None,
        scope: str | None = None,
        deprecated: bool | None = None,
        limit: int | None = None,
    ) -> list[SearchHit]:
        """Search codes, descriptions and comments, ranked best first.

        Ranking: exact code, code prefix, a description word that starts with the query,
        then a substring anywhere in descriptions or comments. Case and diacritics are
        ignored; several words must all match. *scope* ``"none"`` keeps records without
        a Scope. An empty query lists every record that passes the filters in file order.
        """
        rows = self._search_rows()
        type_set = frozenset(types) if types is not None else None

        def keep(rec: Record) -> bool:
            if type_set is not None and rec.type not in type_set:
                return False
            if scope is not None and (rec.scope or "none") != scope:
                return False
            return deprecated is None or rec.is_deprecated == deprecated

        q = fold(query.strip())
        if not q:
            hits = [SearchHit(row.record, MatchKind.SUBSTRING, 3) for row in rows if keep(row.record)]
            return hits[:limit] if limit is not None else hits

        best: dict[int, tuple[int, MatchKind]] = {}
        # Codes: exact through the index, then prefixes by bisecting the sorted code list.
        codes = self._sorted_codes or []
        code_q = q.replace("_", "-")
        start = bisect_left(codes, (code_q, -1))
        for code, idx in codes[start:]:
            if not code.startswith(code_q):
                break
            best[idx] = (0, MatchKind.CODE) if code == code_q else (1, MatchKind.CODE_PREFIX)
        for rec in self._by_code.get(code_q, ()):
            if rec.is_range:  # a code inside a range counts as an exact match of the range
                idx = self._index_of(rec)
                best[idx] = (0, MatchKind.CODE)

        words = [w for w in _WORD_SPLIT.split(q) if w] or [q]
        word_starts = [" " + w for w in words]
        for idx, row in enumerate(rows):
            if idx in best:
                continue
            text = row.text
            if all(w in text for w in words):
                if all(ws in text or ("(" + ws[1:]) in text or ("-" + ws[1:]) in text for ws in word_starts):
                    best[idx] = (2, MatchKind.WORD)
                else:
                    best[idx] = (3, MatchKind.SUBSTRING)

        scored = []
        for idx, (rank, kind) in best.items():
            row = rows[idx]
            rec = row.record
            if not keep(rec):
                continue
            # Within a rank: an exact description first, then live records, registry type order, short codes.
            exact_desc = 0 if any(fold(d) == q for d in rec.descriptions) else 1
            scored.append(((rank, exact_desc, rec.is_deprecated, row.type_order, len(row.code), row.code), idx, kind))
        scored.sort(key=lambda item: item[0])
        if limit is not None:
            scored = scored[:limit]
        return [SearchHit(rows[idx].record, kind, key[0]) for key, idx, kind in scored]

    def _index_of(self, record: Record) -> int:
        rows = self._search_rows()
        for i, row in enumerate(rows):
            if row.record is record:
                return i
        raise KeyError(record.code)


@dataclass(frozen=True, slots=True)
class _Relations:
    """Relations between records, computed once from the whole registry."""

    variants_by_prefix: dict[str, tuple[Record, ...]]
    extlangs_by_prefix: dict[str, tuple[Record, ...]]
    by_suppress_script: dict[str, tuple[Record, ...]]
    members: dict[str, tuple[Record, ...]]
    by_preferred_value: dict[str, tuple[Record, ...]]
    deprecated: tuple[Record, ...]

    @classmethod
    def build(cls, registry: Registry) -> _Relations:
        variants: dict[str, list[Record]] = {}
        extlangs: dict[str, list[Record]] = {}
        suppress: dict[str, list[Record]] = {}
        members: dict[str, list[Record]] = {}
        preferred: dict[str, list[Record]] = {}
        deprecated: list[Record] = []
        for rec in registry.records:
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


def _record_from_raw(raw: RawRecord, source: str) -> Record:
    values: dict[str, list[str]] = {}
    for name, body in raw.fields:
        if name in values:
            values[name].append(body)
        else:
            values[name] = [body]

    def one(name: str) -> str | None:
        got = values.get(name)
        if got is None:
            return None
        if len(got) > 1:
            raise RegistryError(f"field '{name}' appears more than once in one record", raw.line_of(name), source)
        return got[0]

    type_ = one("Type")
    if type_ is None:
        raise RegistryError("record has no 'Type' field", raw.line, source)
    type_ = type_.lower()
    try:
        rtype = RecordType(type_)
    except ValueError:
        raise RegistryError(f"unknown Type {type_!r}", raw.line_of("Type"), source) from None
    if rtype in TAG_TYPES:
        code = one("Tag")
        if code is None:
            raise RegistryError(f"{type_} record has no 'Tag' field", raw.line, source)
        if not _TAG_SHAPE.match(code):
            raise RegistryError(f"Tag {code!r} is not a language tag", raw.line_of("Tag"), source)
    else:
        code = one("Subtag")
        if code is None:
            raise RegistryError(f"{type_} record has no 'Subtag' field", raw.line, source)
        shape = _SUBTAG_SHAPE[rtype]
        if ".." in code:
            parts = code.split("..")
            ok = (
                len(parts) == 2
                and all(shape.match(p) for p in parts)
                and len(parts[0]) == len(parts[1])
                and parts[0].lower() <= parts[1].lower()
            )
        else:
            ok = shape.match(code) is not None
        if not ok:
            raise RegistryError(f"Subtag {code!r} is not a valid {type_} subtag", raw.line_of("Subtag"), source)
    descriptions = values.get("Description")
    if not descriptions:
        raise RegistryError(f"{type_} {code!r} has no 'Description' (truncated record?)", raw.line, source)
    added = one("Added")
    if added is None:
        raise RegistryError(f"{type_} {code!r} has no 'Added' date (truncated record?)", raw.line, source)
    deprecated = one("Deprecated")
    for name, value in (("Added", added), ("Deprecated", deprecated)):
        if value is not None and not _DATE.match(value):
            raise RegistryError(f"{name} {value!r} is not a date YYYY-MM-DD", raw.line_of(name), source)
    prefixes = tuple(values.get("Prefix", ()))
    if rtype == RecordType.EXTLANG and len(prefixes) != 1:
        raise RegistryError(f"extlang {code!r} must have exactly one Prefix", raw.line, source)
    return Record(
        type=rtype.value,
        code=code,
        descriptions=tuple(descriptions),
        added=added,
        deprecated=deprecated,
        preferred_value=one("Preferred-Value"),
        prefixes=prefixes,
        suppress_script=one("Suppress-Script"),
        macrolanguage=one("Macrolanguage"),
        scope=one("Scope"),
        comments=tuple(values.get("Comments", ())),
        fields=raw.fields,
        line=raw.line,
    )


# ---------------------------------------------------------------------- diff
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
    changed: tuple[RecordChange, ...] = field(default=())

    @property
    def is_empty(self) -> bool:
        """Whether the two registries hold the same records with the same fields."""
        return not (self.added or self.removed or self.changed)


def _field_map(rec: Record) -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for name, value in rec.fields:
        out.setdefault(name, []).append(value)
    return {k: tuple(v) for k, v in out.items()}


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
        changes = tuple(
            FieldChange(n, of.get(n, ()), nf.get(n, ())) for n in names if of.get(n, ()) != nf.get(n, ())
        )
        if changes:
            changed.append(RecordChange(old_rec, new_rec, changes))
    return RegistryDiff(old.file_date, new.file_date, added, removed, tuple(changed))


# ------------------------------------------------------- extensions registry
@dataclass(frozen=True, slots=True)
class ExtensionRecord:
    """One record of the Language Tag Extensions Registry (RFC 5646 §3.7)."""

    identifier: str
    descriptions: tuple[str, ...]
    comments: tuple[str, ...]
    added: str | None
    rfc: str | None
    authority: str | None
    contact_email: str | None
    mailing_list: str | None
    url: str | None
    fields: tuple[tuple[str, str], ...]
    line: int


class ExtensionsRegistry:
    """The Language Tag Extensions Registry: which singletons are registered and by whom."""

    __slots__ = ("file_date", "records", "source", "_by_id")

    def __init__(self, file_date: str, records: Iterable[ExtensionRecord], source: str = "<extensions>") -> None:
        self.file_date = file_date
        self.records = tuple(records)
        self.source = source
        self._by_id = {r.identifier.lower(): r for r in self.records}

    @classmethod
    def from_text(cls, text: str, source: str = "<extensions>") -> ExtensionsRegistry:
        """Parse extensions-registry *text*; raise RegistryError naming the line of a problem."""
        jar = parse_record_jar(text, source)
        file_date = jar.header.get("File-Date")
        if file_date is None or not _DATE.match(file_date):
            raise RegistryError("the first record must hold 'File-Date: YYYY-MM-DD'", jar.header.line, source)
        records = []
        for raw in jar.records:
            ident = raw.get("Identifier")
            if ident is None or len(ident) != 1 or not ident.isalnum() or ident.lower() == "x":
                raise RegistryError("record needs 'Identifier' holding one singleton", raw.line, source)
            if not raw.get_all("Description"):
                raise RegistryError(f"extension {ident!r} has no 'Description'", raw.line, source)
            records.append(
                ExtensionRecord(
                    identifier=ident.lower(),
                    descriptions=raw.get_all("Description"),
                    comments=raw.get_all("Comments"),
                    added=raw.get("Added"),
                    rfc=raw.get("RFC"),
                    authority=raw.get("Authority"),
                    contact_email=raw.get("Contact_Email"),
                    mailing_list=raw.get("Mailing_List"),
                    url=raw.get("URL"),
                    fields=raw.fields,
                    line=raw.line,
                )
            )
        return cls(file_date, records, source)

    def get(self, singleton: str) -> ExtensionRecord | None:
        """Return the record of *singleton* (any case), or None when it is not registered."""
        return self._by_id.get(singleton.lower())

    def __iter__(self) -> Iterator[ExtensionRecord]:
        return iter(self.records)

    def __len__(self) -> int:
        return len(self.records)


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
