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

import gc
import marshal
import re
import unicodedata
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from dataclasses import fields as dataclass_fields
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from ..grammar.syntax import is_extlang, is_region, is_registered_language, is_script, is_variant
from .ranges import CodeRange, RangeTable
from .recordjar import RawRecord, RecordJarError, parse_record_jar

__all__ = [
    "SAMPLE",
    "MatchKind",
    "Record",
    "RecordType",
    "Registry",
    "RegistryError",
    "SearchHit",
    "fold",
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
_TYPES_BY_NAME = {t.value: t for t in RecordType}
# Bump when Record's fields change, so that old parse caches are not used.
_CACHE_FORMAT = "bcp47-explorer-registry-2"
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
    def is_private_use(self) -> bool:
        """Whether the registry sets the code aside for private use (its Description is "Private use")."""
        return self.descriptions[0] == "Private use"

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

    @property
    def code_range(self) -> CodeRange | None:
        """Return the range of a range record (compared, never expanded), else None."""
        return CodeRange.parse(self.code) if self.is_range and not self.is_tag else None

    @property
    def range_size(self) -> int:
        """Return how many codes the record stands for (1 for an ordinary record)."""
        rng = self.code_range
        return len(rng) if rng is not None else 1

    def range_codes(self, limit: int = 10_000) -> list[str]:
        """Return the codes inside a range record in order, cased like the record: at most *limit* of them."""
        rng = self.code_range
        return rng.codes(limit) if rng is not None else [self.code]

    def contains(self, code: str) -> bool:
        """Whether *code* (any case) is this record's code or lies inside its range."""
        rng = self.code_range
        if rng is None:
            return code.lower() == self.code.lower()
        return rng.contains(code)

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


_WORD_SPLIT = re.compile(r"[^0-9a-z']+")
# Where a word starts in folded text: a letter or digit at the start or after anything else.
_WORD_START = re.compile(r"(?:(?<=[^0-9a-z])|^)(?=[0-9a-z])")


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
    )

    def __init__(self, file_date: str, records: Iterable[Record], source: str = "<registry>") -> None:
        self.file_date = file_date
        self.records: tuple[Record, ...] = tuple(records)
        self.source = source
        by_type: dict[str, RangeTable] = {t.value: RangeTable() for t in RecordType}
        ranges: dict[str, list[tuple[CodeRange, Record]]] = {}
        tags: dict[str, Record] = {}
        for rec in self.records:
            if rec.type in TAG_TYPES:
                tags[rec.code.lower()] = rec
                continue
            table = by_type[rec.type] if rec.type in by_type else by_type.setdefault(rec.type, RangeTable())
            if ".." in rec.code:  # compared on lookup, never expanded (a range may hold billions of codes)
                ranges.setdefault(rec.type, []).append((CodeRange.parse(rec.code), rec))
            else:
                table.setdefault(rec.code.lower(), rec)
        for type_, found in ranges.items():
            by_type[type_].ranges = tuple(found)
        self._ranges: tuple[Record, ...] = tuple(rec for found in ranges.values() for _, rec in found)
        self._by_type = by_type
        self._by_code: dict[str, list[Record]] | None = None  # built on first use: start-up skips it
        self._tags = tags
        self._rows: _SearchIndex | None = None
        self._relations: _Relations | None = None

    # ----------------------------------------------------------------- loading
    @classmethod
    def from_text(cls, text: str, source: str = "<registry>") -> Registry:
        """Parse registry *text*; raise RegistryError naming the line of the first problem."""
        # Loading makes ~100,000 objects and none of them cyclic garbage: pausing the
        # collector meanwhile saves about a third of the load time.
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            return cls._from_text(text, source)
        finally:
            if was_enabled:
                gc.enable()

    @classmethod
    def _from_text(cls, text: str, source: str) -> Registry:
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

    # ------------------------------------------------------------------ cache
    def to_cache(self) -> bytes:
        """Serialize the parsed records for a fast reload by :meth:`from_cache` (same Python only).

        Equal strings and equal field pairs are handed to marshal as one object, which it writes
        once and then refers to: the file is a third smaller, unmarshals in half the time, and the
        loaded records share those strings (the parsed ones are equal but separate copies).
        """
        one: dict[Any, Any] = {}
        same = one.setdefault

        def shared(x: Any) -> Any:
            if type(x) is not tuple:
                return same(x, x) if type(x) is str else x
            if x and type(x[0]) is tuple:  # the fields: a tuple of (name, value) pairs
                return tuple([same(pair, (same(pair[0], pair[0]), same(pair[1], pair[1]))) for pair in x])
            return same(x, tuple([same(i, i) for i in x]))  # descriptions, prefixes, comments

        rows = tuple(
            (*[shared(v) for v in (r.type, r.code, r.descriptions, r.added, r.deprecated, r.preferred_value,
                                   r.prefixes, r.suppress_script, r.macrolanguage, r.scope, r.comments, r.fields)],
             r.line)
            for r in self.records
        )  # fmt: skip
        return marshal.dumps((_CACHE_FORMAT, self.file_date, rows))

    @classmethod
    def from_cache(cls, blob: bytes, source: str = "<registry>") -> Registry:
        """Rebuild a registry written by :meth:`to_cache`; raise ValueError if *blob* is not one.

        Every row is checked field by field (types, Type, the code's shape, dates), so a cache
        that unpacks but is not what :meth:`to_cache` wrote is refused rather than used.
        """
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            try:
                fmt, file_date, rows = marshal.loads(blob)
            except (EOFError, ValueError, TypeError) as exc:
                raise ValueError(f"not a registry cache ({exc})") from None
            if fmt != _CACHE_FORMAT or not isinstance(rows, tuple):
                raise ValueError("registry cache of another format")
            if type(file_date) is not str or not _DATE.match(file_date):
                raise ValueError("registry cache with a bad File-Date")
            from .cache import check_cached_rows

            try:
                check_cached_rows(rows, _TYPES_BY_NAME.keys(), _RECORD_FIELDS)
                records = [_new_record(*row) for row in rows]
                return cls(file_date, records, source)
            except (TypeError, ValueError, RecordJarError) as exc:
                raise ValueError(f"damaged registry cache ({exc})") from None
        finally:
            if was_enabled:
                gc.enable()

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
    def _search_index(self) -> _SearchIndex:
        if self._rows is None:
            self._rows = _SearchIndex.build(self)
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
        then a substring anywhere in descriptions or comments; within a rank an exact
        description comes first, then live records before deprecated ones, then the
        registry's type order and shorter codes. Case and diacritics are ignored; several
        words must all match. *scope* ``"none"`` keeps records without a Scope. An empty
        query lists every record that passes the filters in file order.

        >>> reg = Registry.from_text(SAMPLE)
        >>> [(h.record.code, h.kind.value) for h in reg.search("malt")]
        [('mt', 'description word'), ('MT', 'description word')]
        >>> [h.record.code for h in reg.search("klingon", types=["grandfathered"])]
        ['i-klingon']
        """
        index = self._search_index()
        records = self.records
        type_set = frozenset(types) if types is not None else None

        def keep(rec: Record) -> bool:
            if type_set is not None and rec.type not in type_set:
                return False
            if scope is not None and (rec.scope or "none") != scope:
                return False
            return deprecated is None or (rec.deprecated is not None) == deprecated

        q = fold(query.strip())
        if not q:
            hits = [SearchHit(rec, MatchKind.SUBSTRING, 3) for rec in records if keep(rec)]
            return hits[:limit] if limit is not None else hits

        best: dict[int, int] = {}
        # Codes: prefixes by bisecting the sorted code list; exact ones through the index.
        code_q = q.replace("_", "-")
        codes = index.sorted_codes
        for pos in range(bisect_left(codes, (code_q, -1)), len(codes)):
            code, idx = codes[pos]
            if not code.startswith(code_q):
                break
            best[idx] = 0 if code == code_q else 1
        for rec in self._in_ranges(code_q):  # a code inside a range is an exact match of the range record
            best[index.position[id(rec)]] = 0

        # Each word once, and no more words once nothing is left: a long query costs one pass over it.
        words = list(dict.fromkeys(w for w in _WORD_SPLIT.split(q) if w)) or [q]
        texts = index.texts
        candidates = [i for i, t in enumerate(texts) if words[0] in t]
        for w in words[1:]:
            if not candidates:
                break
            candidates = [i for i in candidates if w in texts[i]]
        starts = index.word_starts
        marked = ["\x01" + w for w in words]
        if len(marked) == 1:
            m = marked[0]
            for i in candidates:
                if i not in best:
                    best[i] = 2 if m in starts[i] else 3
        else:
            for i in candidates:
                if i not in best:
                    ws = starts[i]
                    best[i] = 2 if all(m in ws for m in marked) else 3

        exact = index.exact_description.get(q, ())
        order = index.static_order
        filtered = type_set is not None or scope is not None or deprecated is not None
        # One integer per hit sorts much faster than tuples: rank, then an exact description
        # (word and text ranks only), then the precomputed tie order, which also names the record.
        keys = sorted(
            (rank << 22) | ((0 if rank > 1 and i in exact else 1) << 21) | order[i]
            for i, rank in best.items()
            if not filtered or keep(records[i])
        )
        if limit is not None:
            keys = keys[:limit]
        by_place = index.by_place
        new = object.__new__
        set_record, set_kind, set_rank = _HIT_SETTERS
        hits = []
        for key in keys:  # thousands of hits for a one-letter query: skip the frozen __init__
            rank = key >> 22
            hit = new(SearchHit)
            set_record(hit, records[by_place[key & 0x1FFFFF]])
            set_kind(hit, _KINDS[rank])
            set_rank(hit, rank)
            hits.append(hit)
        return hits


_HIT_SETTERS = tuple(SearchHit.__dict__[name].__set__ for name in ("record", "kind", "rank"))
_KINDS = (MatchKind.CODE, MatchKind.CODE_PREFIX, MatchKind.WORD, MatchKind.SUBSTRING)


@dataclass(frozen=True, slots=True)
class _SearchIndex:
    """Search keys computed once per registry, in record order."""

    texts: list[str]  # folded descriptions, then comments
    word_starts: list[str]  # the same with "\x01" before every word, to test word starts with `in`
    sorted_codes: list[tuple[str, int]]  # (lowercase code, record index), sorted
    static_order: list[int]  # each record's place when relevance ties
    by_place: list[int]  # the record index at each place of that order
    exact_description: dict[str, frozenset[int]]  # folded description -> record indexes
    position: dict[int, int]  # id(record) -> record index

    @classmethod
    def build(cls, registry: Registry) -> _SearchIndex:
        texts = []
        exact: dict[str, set[int]] = {}
        for i, rec in enumerate(registry.records):
            folded = [fold(d) for d in rec.descriptions]
            for d in folded:
                exact.setdefault(d, set()).add(i)
            text = " | ".join(folded)
            if rec.comments:
                text += " || " + " ".join(fold(c) for c in rec.comments)
            texts.append(text)
        records = registry.records
        codes = sorted((rec.code.lower(), i) for i, rec in enumerate(records))
        ranking = sorted(
            range(len(records)),
            key=lambda i: (
                records[i].deprecated is not None, _TYPE_ORDER.get(records[i].type, 99), len(records[i].code),
                records[i].code.lower(),
            ),
        )  # fmt: skip
        static_order = [0] * len(records)
        for place, i in enumerate(ranking):
            static_order[i] = place
        word_starts = [_WORD_START.sub("\x01", t) for t in texts]
        return cls(
            texts, word_starts, codes, static_order, ranking, {k: frozenset(v) for k, v in exact.items()},
            {id(rec): i for i, rec in enumerate(records)},
        )  # fmt: skip


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


def _record_builder() -> Callable[..., Record]:
    """Return a function that builds a Record from its field values in order, fast.

    It sets the slots directly, without the frozen dataclass's per-field ``__setattr__`` (a
    third of the registry's load time), in straight-line code made once here, as dataclasses
    make their own ``__init__``: a loop over the fields costs a third more.
    """
    names = [f.name for f in dataclass_fields(Record)]
    env: dict[str, object] = {"_new": object.__new__, "_Record": Record}
    env.update({f"_set_{n}": Record.__dict__[n].__set__ for n in names})
    lines = [f"def _new_record({', '.join(names)}):", "    rec = _new(_Record)"]
    lines += [f"    _set_{n}(rec, {n})" for n in names]
    lines.append("    return rec")
    exec("\n".join(lines), env)  # our own fixed text, as dataclasses do
    builder: Callable[..., Record] = env["_new_record"]  # type: ignore[assignment]
    return builder


_new_record = _record_builder()
_RECORD_FIELDS = len(dataclass_fields(Record))


def _record_from_raw(raw: RawRecord, source: str) -> Record:
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
                raise RegistryError(f"field '{name}' appears more than once in one record", raw.line_of(name), source)
        descriptions = tuple(multi.get("Description", ()))
        prefixes = tuple(multi.get("Prefix", ()))
        comments = tuple(multi.get("Comments", ()))
    one = single.get

    type_ = one("Type")
    if type_ is None:
        raise RegistryError("record has no 'Type' field", raw.line, source)
    type_ = type_.lower()
    rtype = _TYPES_BY_NAME.get(type_)
    if rtype is None:
        raise RegistryError(f"unknown Type {type_!r}", raw.line_of("Type"), source)
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
            try:
                rng = CodeRange.parse(code)
            except ValueError as exc:
                raise RegistryError(f"{type_} range: {exc}", raw.line_of("Subtag"), source) from None
            ok = bool(shape(rng.first)) and bool(shape(rng.last))
        else:
            ok = shape(code) is not None
        if not ok:
            raise RegistryError(f"Subtag {code!r} is not a valid {type_} subtag", raw.line_of("Subtag"), source)
    if not descriptions:
        raise RegistryError(f"{type_} {code!r} has no 'Description' (truncated record?)", raw.line, source)
    added = one("Added")
    if added is None:
        raise RegistryError(f"{type_} {code!r} has no 'Added' date (truncated record?)", raw.line, source)
    deprecated = one("Deprecated")
    for name, value in (("Added", added), ("Deprecated", deprecated)):
        if value is not None and not _DATE.match(value):
            raise RegistryError(f"{name} {value!r} is not a date YYYY-MM-DD", raw.line_of(name), source)
    if rtype == RecordType.EXTLANG and len(prefixes) != 1:
        raise RegistryError(f"extlang {code!r} must have exactly one Prefix", raw.line, source)
    return _new_record(
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
