"""The registry's speed machinery: a fast Record constructor and the parse cache (marshal, shared strings).

Why this exists, measured (``python benchmarks/bench_registry.py``; README "Performance"):
- ``records_from_rows`` fills Records' slots in straight-line code (``_fill_record``) with the plain
  attribute store, Record's class taking it for the while of the load (``text.frozen.plain_stores``): a
  frozen value's per-field ``object.__setattr__`` (Record's own ``__init__``, as a frozen dataclass's) was
  a third of the registry's load time, setting each slot through its descriptor four times what this costs.
- ``dump_records`` / ``load_records``: the parse cache (keyed by the file's size and CRC-32 in ``core/data.py``)
  makes a normal start 45 ms instead of 68 ms for parsing the 732 kB file. Equal strings and field pairs
  are handed to marshal as one object, written once and referred to after: the file is a third smaller
  (850 kB, was 1.26 MB), unmarshals in half the time, and the loaded records share those strings.
- The payload is columnar (a tuple per field across the records; ``records_from_columns`` makes the
  records with ``map`` at C speed) and holds the registry's tables as an index: per Type the lowercased
  codes in the table's order and their records' positions as a few runs (``runs_of``), so that
  ``Registry._from_index`` builds each table with ``zip`` over slices instead of a Python loop over 9,296
  records calling ``code.lower()``. Measured in a fresh process (issue 22, ``bcp47 check`` of one tag): the
  tables 1.5 ms → 0.55 ms, 9,300 fewer tuples to unmarshal; ~200 fewer page faults a run, ~1-2 ms.
  (Rows for the records and columns run-length encoded were tried: rows made 60 more page faults,
  run-length columns unmarshal faster but ``map`` over ``chain``/``repeat`` ate the gain.)
- ``check_cached_columns`` refuses a cache that unpacks but is not what ``dump_records`` wrote, column by
  column at C speed (about 10 ms of the 45) rather than one Python call per row; a cache not vouched for
  has its tables built from its records and compared with its index. The data loader's own
  cache file carries a stamp (a CRC-32 over :data:`CACHE_LAYOUT` and the payload, ``core/data.py``);
  a payload that matches it is what ``dump_records`` wrote, so it is loaded ``vouched``, without that check.
- Loading pauses the garbage collector: ~100,000 objects, none of them cyclic garbage; a third of the time.
"""

from __future__ import annotations

import gc
import itertools
import marshal
import re
from collections.abc import Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager

from ..text.frozen import plain_stores
from ..text.static import cast
from .record import DATE, Record, RecordType, RegistryError, written_fields

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    from typing import Any


__all__ = [
    "CACHE_LAYOUT",
    "RECORD_FIELDS",
    "check_cached_columns",
    "collector_paused",
    "dump_records",
    "load_records",
    "new_record",
    "records_from_columns",
    "records_from_rows",
    "runs_of",
    "taken",
]

# Bump when Record's fields change, so that old parse caches are not used.
_CACHE_FORMAT = "bcp47-explorer-registry-4"
_TYPE_NAMES = frozenset(t.value for t in RecordType)


_new = object.__new__


def _fill_record(
    type: str, code: str, descriptions: tuple[str, ...], added: str | None, deprecated: str | None,
    preferred_value: str | None, prefixes: tuple[str, ...], suppress_script: str | None, macrolanguage: str | None,
    scope: str | None, comments: tuple[str, ...], fields: tuple[tuple[str, str], ...], line: int,
) -> Record:  # fmt: skip
    """Make a Record from its thirteen field values in order, storing each straight into its slot.

    Only inside ``plain_stores(Record)`` (outside, the first store raises FrozenInstanceError): the
    interpreter then stores straight into the slots, three to four times as fast as Record's own
    ``__init__`` (a frozen value's ``object.__setattr__`` a field). Written out rather than generated
    with ``exec``: the first ``compile`` in a process costs the parser's start-up (3 ms), and a check
    of one tag need not compile anything. A test pins the order against ``Record.__match_args__``.
    """
    rec: Record = _new(Record)
    rec.type = type
    rec.code = code
    rec.descriptions = descriptions
    rec.added = added
    rec.deprecated = deprecated
    rec.preferred_value = preferred_value
    rec.prefixes = prefixes
    rec.suppress_script = suppress_script
    rec.macrolanguage = macrolanguage
    rec.scope = scope
    rec.comments = comments
    rec._fields = fields
    rec.line = line
    return rec


def new_record(*fields: Any) -> Record:
    """Build one Record from its thirteen field values in order (a bulk load uses :func:`records_from_rows`)."""
    with plain_stores(Record):
        return _fill_record(*fields)


def records_from_rows(rows: Iterable[Sequence[Any]]) -> list[Record]:
    """Build a Record from each row of its field values in order: the cache's bulk load, and parsing's.

    For the while of the load, Record's class itself takes the plain attribute store and deletion
    (``text.frozen.plain_stores``), and the records are made as Records with the plain slot stores:
    the class change of a stand-in class (the way before) was two thirds of the cost of a record
    (9,300 of them at each start). Afterwards, and whatever happens meanwhile, the class is as before:
    assignment and deletion refused (``Frozen``). Loads in two threads take turns.
    """
    with plain_stores(Record):
        return list(itertools.starmap(_fill_record, rows))


RECORD_FIELDS = len(Record.__match_args__)
#: What a cache's stamp covers besides its payload (``core/data.py``): the format and Record's fields in order.
CACHE_LAYOUT = " ".join((_CACHE_FORMAT, *Record.__match_args__)).encode("ascii")


def records_from_columns(cols: Sequence[Sequence[Any]]) -> tuple[Record, ...]:
    """Build the Records whose field values *cols* hold, one column a field (the cache's bulk load).

    ``map`` hands each record's values from the columns to :func:`_fill_record` at C speed; columns of
    unequal length (``map`` would stop at the shortest without a word) are refused with ValueError.
    """
    if len(cols) != RECORD_FIELDS or len(set(map(len, cols))) > 1:
        raise ValueError("columns that are not a record's fields")
    with plain_stores(Record):
        return tuple(map(_fill_record, *cols))


def runs_of(indices: Iterable[int]) -> tuple[tuple[int, int], ...]:
    """Return *indices* as runs ``(start, stop)`` of consecutive ones, in order: how the cache keeps a table's records.

    The registry lists each Type's records together, so a table is one run or a few (a range record is
    apart): a handful of numbers in the cache rather than one a record, and slices of the records on loading.

    >>> runs_of([3, 4, 5, 9, 2])
    ((3, 6), (9, 10), (2, 3))
    """
    out: list[list[int]] = []
    for i in indices:
        if out and out[-1][1] == i:
            out[-1][1] = i + 1
        else:
            out.append([i, i + 1])
    return tuple((start, stop) for start, stop in out)


def taken(items: Sequence[Any], runs: Iterable[tuple[int, int]]) -> list[Any]:
    """Return the items of *items* that *runs* (from :func:`runs_of`) name, in order: slices joined at C speed."""
    return list(itertools.chain.from_iterable(map(items.__getitem__, itertools.starmap(slice, runs))))


def dump_records(file_date: str, records: Sequence[Record], index: Any) -> bytes:
    """Serialize *records* and the tables' *index* for a fast reload by :func:`load_records` (same Python only).

    The records are written a column per field (thirteen tuples, not one tuple a record: 9,296 fewer objects
    for marshal to make and throw away); *index* (``Registry._index``) holds each table's lowercased codes
    and its records as runs of positions (:func:`runs_of`), so a table is rebuilt by ``zip`` rather than a
    Python loop over the records. Equal strings and equal field pairs are handed to marshal as one object,
    which it writes once and then refers to (a lowercased code equal to the code is the code's string). A
    record's fields that :func:`.record.written_fields` writes out again from the record (all but a few)
    are written as None: a third fewer objects to unmarshal.
    """
    one: dict[Any, Any] = {}
    same = one.setdefault

    def shared(x: Any) -> Any:
        if type(x) is not tuple:
            return same(x, x) if type(x) is str else x
        if x and type(x[0]) is tuple:  # the fields: a tuple of (name, value) pairs
            return tuple([same(pair, (same(pair[0], pair[0]), same(pair[1], pair[1]))) for pair in x])
        return same(x, tuple([same(i, i) for i in x]))  # descriptions, prefixes, comments, a table's codes

    rows = [
        (*[shared(v) for v in (r.type, r.code, r.descriptions, r.added, r.deprecated, r.preferred_value,
                               r.prefixes, r.suppress_script, r.macrolanguage, r.scope, r.comments)],
         None if r.fields == written_fields(r) else shared(r.fields), r.line)
        for r in records
    ]  # fmt: skip
    cols = tuple(zip(*rows, strict=True)) if rows else ((),) * RECORD_FIELDS
    by_type, ranges, tag_keys, tag_runs, tag_records = index
    by_type = tuple((same(t, t), shared(keys), runs, range_runs) for t, keys, runs, range_runs in by_type)
    return marshal.dumps((_CACHE_FORMAT, file_date, cols, (by_type, ranges, shared(tag_keys), tag_runs, tag_records)))


def load_records(blob: bytes | memoryview, *, vouched: bool = False) -> tuple[str, tuple[Record, ...], Any]:
    """Return the File-Date, records and tables' index :func:`dump_records` wrote; ValueError if *blob* is not one.

    Every column is checked field by field (types, Type, the code's shape, dates), so a cache
    that unpacks but is not what :func:`dump_records` wrote is refused rather than used (the index
    is checked by the caller, against the tables its records make: ``Registry.from_cache``).
    *vouched*: the caller has matched the blob against the stamp written with it (``core/data.py``:
    a CRC-32 over :data:`CACHE_LAYOUT` and the blob); then only the format, the File-Date and the
    columns' shape are checked (the field-by-field check was over half the load time).
    """
    try:
        got = marshal.loads(blob)
    except (EOFError, ValueError, TypeError) as exc:
        raise ValueError(f"not a registry cache ({exc})") from None
    if type(got) is not tuple or len(got) != 4 or got[0] != _CACHE_FORMAT or type(got[2]) is not tuple:
        raise ValueError("registry cache of another format")
    _fmt, file_date, cols, index = got
    if type(file_date) is not str or not DATE.match(file_date):
        raise ValueError("registry cache with a bad File-Date")
    try:
        if not vouched:
            check_cached_columns(cols, _TYPE_NAMES, RECORD_FIELDS)
        return file_date, records_from_columns(cols), index
    except (TypeError, ValueError, RegistryError) as exc:
        raise ValueError(f"damaged registry cache ({exc})") from None


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the garbage collector meanwhile: loading makes ~100,000 objects and no cyclic garbage."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


_STR = frozenset({str})
_OPT_STR = frozenset({str, type(None)})
# A code as the registry writes it: subtags joined by '-', or the two ends of a range.
# Written as patterns, compiled on the first check of rows (a cache this program stamped is not checked: start-up).
_CODES = r"(?:[A-Za-z0-9]{1,8}(?:(?:-|\.\.)[A-Za-z0-9]{1,8})*\n)*"
_DATES = r"(?:\d{4}-\d{2}-\d{2}\n)*"


def check_cached_columns(cols: tuple[object, ...], type_names: Collection[str], width: int) -> None:
    """Raise ValueError unless the columns have the shape ``Registry.to_cache`` writes, field by field.

    *type_names* are the registry's Types and *width* the number of fields of a record. Dates are
    checked for the registry's shape YYYY-MM-DD, codes for letters and digits joined by '-' or '..'.

    Checked column by column (C-speed passes over 9,296 records rather than one Python call per record):
    the types of every field and of every item of the repeated ones, the Type, the code's shape,
    the dates, a Description in every record. The ranges' ends are checked when the index is built.
    A column that repeats a few values (Type, dates, Scope, ...) has the types of its distinct values
    checked (a value that cannot be hashed, such as a list, is refused by that too); a text column is
    checked by joining it (``str.join`` takes nothing but str).
    """
    if len(cols) != width or set(map(type, cols)) - {tuple}:
        raise ValueError("columns that are not a record's fields")
    columns = cast("tuple[tuple[Any, ...], ...]", cols)
    if len(set(map(len, columns))) > 1:
        raise ValueError("columns of unequal length")
    types, codes, descriptions, added, deprecated, pv, prefixes, ss, macro, scope, comments, fields, lines = columns
    kinds = set(types)
    if not set(map(type, kinds)) <= _STR or not kinds <= set(type_names):
        raise ValueError("a bad Type")
    # One regular-expression pass over each column joined by newlines (none of them holds one).
    if set(map(type, codes)) - _STR or not re.fullmatch(_CODES, "\n".join(codes) + "\n" if codes else ""):
        raise ValueError("a code that is not a subtag or tag")
    added_set, deprecated_set = set(added), set(deprecated)
    if set(map(type, deprecated_set)) - _OPT_STR:
        raise ValueError("a bad Deprecated date")
    dates = [*added_set, *(d for d in deprecated_set if d is not None)]
    if set(map(type, added_set)) - _STR or not re.fullmatch(_DATES, "\n".join(dates) + "\n" if dates else ""):
        raise ValueError("a bad Added or Deprecated date")
    for col in (pv, ss, macro, scope):
        if set(map(type, set(col))) - _OPT_STR:
            raise ValueError("a field that is not text")
    for col in (descriptions, prefixes, comments):
        if set(map(type, col)) - {tuple}:
            raise ValueError("a list of fields that is not a list")
    if set(map(type, fields)) - {tuple, type(None)}:  # None: the fields the record writes out again
        raise ValueError("a list of fields that is not a list")
    for col in (descriptions, prefixes, comments):
        try:
            "".join(itertools.chain.from_iterable(col))
        except TypeError:
            raise ValueError("a list of fields that is not text") from None
    if not all(descriptions):
        raise ValueError("a record without a Description")
    pairs = set(itertools.chain.from_iterable(f for f in fields if f is not None))  # shared: few distinct ones
    if set(map(type, pairs)) - {tuple} or set(map(len, pairs)) - {2}:
        raise ValueError("bad fields")
    try:
        "".join(itertools.chain.from_iterable(pairs))
    except TypeError:
        raise ValueError("bad fields or line numbers") from None
    if set(map(type, lines)) - {int}:
        raise ValueError("bad fields or line numbers")
