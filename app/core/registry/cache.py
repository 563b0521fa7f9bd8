"""The registry's speed machinery: a fast Record constructor and the parse cache (marshal, shared strings).

Why this exists, measured (``python benchmarks/bench_registry.py``; README "Performance"):
- ``new_record`` fills a Record's slots in straight-line code generated once with ``exec`` (as dataclasses
  make their own ``__init__``), on a class with the same base and slots whose attribute store is the plain
  one, that then becomes a Record: a frozen value's per-field ``object.__setattr__`` (Record's own
  ``__init__``, as a frozen dataclass's) was a third of the registry's load time, setting each slot through
  its descriptor four times what this costs.
- ``dump_records`` / ``load_records``: the parse cache (keyed by the file's size and CRC-32 in ``core/data.py``)
  makes a normal start 45 ms instead of 68 ms for parsing the 732 kB file. Equal strings and field pairs
  are handed to marshal as one object, written once and referred to after: the file is a third smaller
  (850 kB, was 1.26 MB), unmarshals in half the time, and the loaded records share those strings.
- ``check_cached_rows`` refuses a cache that unpacks but is not what ``dump_records`` wrote, column by
  column at C speed (about 10 ms of the 45) rather than one Python call per row. The data loader's own
  cache file carries a stamp (a CRC-32 over :data:`CACHE_LAYOUT` and the payload, ``core/data.py``);
  a payload that matches it is what ``dump_records`` wrote, so it is loaded ``vouched``, without that check.
- Loading pauses the garbage collector: ~100,000 objects, none of them cyclic garbage; a third of the time.
"""

from __future__ import annotations

import gc
import itertools
import marshal
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, cast

from ..text.frozen import Frozen, plain_stores, slot_filler
from .record import DATE, Record, RecordType, RegistryError, written_fields

__all__ = [
    "CACHE_LAYOUT",
    "RECORD_FIELDS",
    "check_cached_rows",
    "collector_paused",
    "dump_records",
    "load_records",
    "new_record",
]

# Bump when Record's fields change, so that old parse caches are not used.
_CACHE_FORMAT = "bcp47-explorer-registry-3"
_TYPE_NAMES = frozenset(t.value for t in RecordType)


def _record_builder() -> Callable[..., Record]:
    """Return a function that builds a Record from its field values in order, fast.

    It fills an instance of a class with Record's very base and slots (the interpreter's quick slot
    stores, in straight-line code made once here, as dataclasses make their own ``__init__``), then
    makes it a Record: a class whose slots are the same may take another's place (``__class__``
    assignment). That is a quarter of the time of setting each slot through its descriptor, and the
    per-field ``object.__setattr__`` of a frozen value was a third of the registry's load time. Where the
    interpreter refuses the class change, the slots are set through their descriptors.
    """
    names = list(Record.__match_args__)
    slots = tuple(Record.__slots__)  # the same in order, but for ``fields``, kept in the slot ``_fields``
    env: dict[str, object] = {"_new": object.__new__, "_Record": Record, "_Frozen": Frozen}
    env.update({f"_set_{n}": Record.__dict__[slot].__set__ for n, slot in zip(names, slots, strict=True)})
    lines = [
        # Record's own base and slots (so that the class may change), with the plain attribute store (both halves
        # of it: with either in Python, every store goes through a Python-level lookup, five times slower).
        f"class _Slots(_Frozen):\n    __slots__ = {slots!r}\n"
        "    __setattr__ = object.__setattr__\n    __delattr__ = object.__delattr__",
        f"def _new_record({', '.join(names)}):",
        "    rec = _new(_Slots)",
    ]
    lines += [f"    rec.{slot} = {n}" for n, slot in zip(names, slots, strict=True)]
    lines += ["    rec.__class__ = _Record", "    return rec"]
    lines += [f"def _new_record_slow({', '.join(names)}):", "    rec = _new(_Record)"]
    lines += [f"    _set_{n}(rec, {n})" for n in names]
    lines.append("    return rec")
    exec("\n".join(lines), env)  # our own fixed text, as dataclasses do
    builder: Callable[..., Record] = env["_new_record"]  # type: ignore[assignment]
    try:
        probe = builder(*(f"probe-{n}" for n in names))
    except TypeError:  # this interpreter does not let the class change
        probe = None
    if type(probe) is not Record or [getattr(probe, n) for n in names] != [f"probe-{n}" for n in names]:
        builder = env["_new_record_slow"]  # type: ignore[assignment]
    return builder


new_record = _record_builder()
"""Build a Record from its thirteen field values in order (what parsing calls; the cache loads in bulk)."""


_fill_record = slot_filler(Record)


def _records(rows: Iterable[Sequence[Any]]) -> list[Record]:
    """Build a Record from each row of its field values in order: the cache's bulk load.

    For the while of the load, Record's class itself takes the plain attribute store and deletion
    (``object.__setattr__``, ``object.__delattr__``: the interpreter then stores straight into the
    slot, as in :func:`new_record`'s stand-in class), and the records are made as Records, not made
    as the stand-in and changed into Records: the class change was two thirds of the cost of a record
    (9,300 of them at each start). Afterwards, and whatever happens meanwhile, the class is as before:
    assignment and deletion refused (``Frozen``). Loads in two threads take turns.
    """
    with plain_stores(Record):
        return list(itertools.starmap(_fill_record, rows))


RECORD_FIELDS = len(Record.__match_args__)
#: What a cache's stamp covers besides its payload (``core/data.py``): the format and Record's fields in order.
CACHE_LAYOUT = " ".join((_CACHE_FORMAT, *Record.__match_args__)).encode("ascii")


def dump_records(file_date: str, records: Sequence[Record]) -> bytes:
    """Serialize *records* for a fast reload by :func:`load_records` (same Python only).

    Equal strings and equal field pairs are handed to marshal as one object, which it writes
    once and then refers to. A record's fields that :func:`.record.written_fields` writes out again
    from the record (all but a few) are written as None: a third fewer objects to unmarshal.
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
                               r.prefixes, r.suppress_script, r.macrolanguage, r.scope, r.comments)],
         None if r.fields == written_fields(r) else shared(r.fields), r.line)
        for r in records
    )  # fmt: skip
    return marshal.dumps((_CACHE_FORMAT, file_date, rows))


def load_records(blob: bytes, *, vouched: bool = False) -> tuple[str, list[Record]]:
    """Return the File-Date and the records written by :func:`dump_records`; raise ValueError if *blob* is not one.

    Every row is checked field by field (types, Type, the code's shape, dates), so a cache
    that unpacks but is not what :func:`dump_records` wrote is refused rather than used.
    *vouched*: the caller has matched the blob against the stamp written with it (``core/data.py``:
    a CRC-32 over :data:`CACHE_LAYOUT` and the blob); then only the format, the File-Date and each
    row's width are checked (the field-by-field check was over half the load time).
    """
    try:
        fmt, file_date, rows = marshal.loads(blob)
    except (EOFError, ValueError, TypeError) as exc:
        raise ValueError(f"not a registry cache ({exc})") from None
    if fmt != _CACHE_FORMAT or not isinstance(rows, tuple):
        raise ValueError("registry cache of another format")
    if type(file_date) is not str or not DATE.match(file_date):
        raise ValueError("registry cache with a bad File-Date")
    try:
        if vouched:
            return file_date, _records(rows)
        cols = check_cached_rows(rows, _TYPE_NAMES, RECORD_FIELDS)
        return file_date, _records(zip(*cols, strict=True))
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
_CODES = re.compile(r"(?:[A-Za-z0-9]{1,8}(?:(?:-|\.\.)[A-Za-z0-9]{1,8})*\n)*")
_DATES = re.compile(r"(?:\d{4}-\d{2}-\d{2}\n)*")


def check_cached_rows(rows: tuple[object, ...], type_names: Collection[str], width: int) -> list[tuple[Any, ...]]:
    """Raise ValueError unless every row has the shape ``Registry.to_cache`` writes, field by field; return the columns.

    *type_names* are the registry's Types and *width* the number of fields of a record. Dates are
    checked for the registry's shape YYYY-MM-DD, codes for letters and digits joined by '-' or '..'.

    Checked column by column (C-speed passes over 9,296 rows rather than one Python call per row):
    the types of every field and of every item of the repeated ones, the Type, the code's shape,
    the dates, a Description in every record. The ranges' ends are checked when the index is built.
    A column that repeats a few values (Type, dates, Scope, ...) has the types of its distinct values
    checked (a value that cannot be hashed, such as a list, is refused by that too); a text column is
    checked by joining it (``str.join`` takes nothing but str).
    """
    if set(map(type, rows)) - {tuple} or set(map(len, cast("tuple[tuple[object, ...], ...]", rows))) - {width}:
        raise ValueError("a row that is not a record")
    cols = list(zip(*rows, strict=True)) if rows else [()] * width
    types, codes, descriptions, added, deprecated, pv, prefixes, ss, macro, scope, comments, fields, lines = cols
    kinds = set(types)
    if not set(map(type, kinds)) <= _STR or not kinds <= set(type_names):
        raise ValueError("a bad Type")
    # One regular-expression pass over each column joined by newlines (none of them holds one).
    if set(map(type, codes)) - _STR or not _CODES.fullmatch("\n".join(codes) + "\n" if codes else ""):
        raise ValueError("a code that is not a subtag or tag")
    added_set, deprecated_set = set(added), set(deprecated)
    if set(map(type, deprecated_set)) - _OPT_STR:
        raise ValueError("a bad Deprecated date")
    dates = [*added_set, *(d for d in deprecated_set if d is not None)]
    if set(map(type, added_set)) - _STR or not _DATES.fullmatch("\n".join(dates) + "\n" if dates else ""):
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
    return cols
