"""Language tags in columns: check a column of tags at the cost of its distinct values.

A column of tags repeats a few distinct values many times (user locales, ``lang`` attributes,
subtitle tracks). :func:`check_arrow` dictionary-encodes the column, checks each distinct value
once (and remembers it, within a bound, for the next batch of the same column), then takes the
results back to the rows. The adapters stand on it: :mod:`.polars` (an expression),
:mod:`.duckdb` (SQL functions) and :mod:`.spark` (a column function, each executor loading the
data once).

Each row gets a struct with the fields of :data:`FIELDS` (see :mod:`bcp47_explorer.core.engine.summary`):
``well_formed`` and ``valid`` (RFC 5646 §2.2.9), ``unicode_valid`` (UTS #35, its own verdict),
``canonical`` (RFC 5646 §4.5), ``unicode`` (the Unicode canonical form, UTS #35), ``code`` and
``message`` (the first problem, as ``bcp47 check --json`` lists it), ``fix`` (the first fix offered).
A null tag gives a null struct. A binary column is read as UTF-8 with each undecodable byte kept as
U+DC80..U+DCFF, as ``bcp47 check -`` reads it: the engine reports it as a bad character, and the
output (strict UTF-8, as Arrow needs) writes it as U+FFFD, as ``bcp47 check --json`` does.

Needs ``pyarrow`` (the ``columns`` extra); the adapters need ``polars``, ``duckdb`` or ``pyspark``.

>>> import pyarrow as pa
>>> out = check_arrow(pa.array(["en-us", None, "en-us", "iw"]))
>>> [(r["valid"], r["canonical"], r["fix"]) if r else None for r in out.to_pylist()]
[(True, 'en-US', 'en-US'), None, (True, 'en-US', 'en-US'), (True, 'he', 'he')]
"""

from __future__ import annotations

import functools
import threading
from array import array as c_array
from collections.abc import Iterable, Sequence
from itertools import accumulate
from typing import TYPE_CHECKING, Any, cast

from ..core.engine.checkjson import clean_json_text
from ..core.engine.summary import FIELDS, summarize

if TYPE_CHECKING:
    import pyarrow as pa

    from ..core.engine.tag import TagEngine

__all__ = [
    "FIELDS",
    "MEMO_SIZE",
    "check_arrow",
    "check_field",
    "data_versions",
    "default_engine",
    "prepare",
    "result_type",
]

#: How many distinct tags a checker remembers across batches before it starts afresh.
MEMO_SIZE = 100_000

_Row = tuple[bool, bool, bool, str | None, str | None, str | None, str | None, str | None]


def default_engine() -> TagEngine:
    """Return the engine on the bundled data, loaded once per process (on first use)."""
    from ..core.data import bundled_engine

    return bundled_engine()


#: Tags whose checks read what an engine loads on first use: likely subtags (a territory alias's Unicode form),
#: an ill-formed tag's fix, the repairer's modules (a fix no diagnostic offers), the extensions' data.
_FIRST_USE = ("hy-SU", "en_US", "en-12", "de-u-ca-gregory-t-en-h0-hybrid")


def prepare(engine: TagEngine | None = None) -> TagEngine:
    """Load now what the checks would load on first use; return the engine (the bundled one when None).

    The data, the modules a first check imports, and Arrow's compute functions: a SQL engine's
    functions registered with a prepared engine spend their first query on tags, not on loading.
    The checker's memo is left empty.
    """
    engine = engine if engine is not None else default_engine()
    for tag in _FIRST_USE:
        _row(engine, tag)
    _struct([_row(engine, _FIRST_USE[0])], null_row=True).take(_int32([0, 1]))  # loads Arrow's compute functions
    return engine


@functools.cache
def result_type() -> pa.StructType:
    """Return the Arrow type of a result: a struct of :data:`FIELDS`."""
    import pyarrow as pa

    flags = [pa.field(name, pa.bool_()) for name in FIELDS[:3]]
    texts = [pa.field(name, pa.string()) for name in FIELDS[3:]]
    return pa.struct(flags + texts)


def data_versions(engine: TagEngine | None = None) -> dict[str, str]:
    """Return the versions of the data the answers rest on: the registry's File-Date and CLDR's version."""
    engine = engine if engine is not None else default_engine()
    cldr = engine.cldr
    return {
        "bcp47_registry_file_date": engine.registry.file_date,
        "bcp47_cldr_version": cldr.version if cldr is not None else "",
    }


class _Checker:
    """One engine with a bounded memo: every distinct tag's result row in one Arrow table, by the tag's bytes.

    :attr:`table` holds a null row (row 0, for a null tag) and one result row per distinct value checked
    so far, and :attr:`memo` maps each value (as bytes: nothing to decode for a value seen before; None
    for a null tag) to its row. A batch's values are looked up (a dict look-up each; only new ones are
    checked, and their rows appended to the table), and the batch's rows are then taken from the table
    by Arrow: no Python object per row, and no struct built from Python values for known values (a SQL
    engine hands over 2,048 rows at a time, half of them values already seen in other batches). When
    the memo holds :data:`MEMO_SIZE` values it starts afresh (at the start of a batch), so memory stays
    bounded on all-distinct columns.
    """

    def __init__(self, engine: TagEngine) -> None:
        self.engine = engine
        self.memo: dict[bytes | None, int] = {}
        self.table: pa.StructArray | None = None
        self.lock = threading.Lock()

    def rows(self, values: list[bytes | None]) -> tuple[pa.StructArray, pa.Array]:
        """Return the results table and the row in it of each of *values* (int32, in order; the null row for None).

        *values*: a batch's distinct values, or each of its rows; None stands for a null tag.
        """
        with self.lock:  # the memo is shared by the batches of a column, which a SQL engine may run in threads
            found = list(map(self.memo.get, values))
            table = self.table
            if table is None or None in found:
                found, table = self._add(values, found)
        return table, _int32(found)  # type: ignore[arg-type]  # every value has its row now

    def _add(self, values: list[bytes | None], found: list[int | None]) -> tuple[list[int | None], pa.StructArray]:
        """Check the *values* not yet in the memo, append their rows to the table (under the lock)."""
        import pyarrow as pa

        memo, table = self.memo, self.table
        new = list(dict.fromkeys(v for v, at in zip(values, found, strict=True) if at is None and v is not None))
        if table is None or (len(memo) + len(new) > MEMO_SIZE + 1 and len(memo) > 1):
            # Bounded: a column of all-distinct tags must not grow memory without end.
            memo.clear()
            memo[None] = 0
            new, table = list(dict.fromkeys(v for v in values if v is not None)), _struct([], null_row=True)
        start = len(table)
        rows = [_row(self.engine, key.decode("utf-8", "surrogateescape")) for key in new]
        for i, key in enumerate(new):
            memo[key] = start + i
        if rows:
            table = pa.concat_arrays([table, _struct(rows)])
        self.table = table
        return list(map(memo.get, values)), table


# The arrays below are made from their buffers: `pyarrow.array` on a Python list imports pandas when it is
# installed (to ask whether the list is a pandas object), which costs more than checking thousands of tags.


def _int32(values: list[int]) -> pa.Array:
    """Return *values* (no None) as an Arrow int32 array."""
    import pyarrow as pa

    return pa.Array.from_buffers(pa.int32(), len(values), [None, pa.py_buffer(c_array("i", values))])


def _bitmap(flags: Iterable[bool | None], n: int) -> bytes:
    """Return Arrow's bitmap of the *n* *flags* (bit i of the little-endian number is flag i)."""
    bits = "".join(["1" if flag else "0" for flag in flags])
    return int(bits[::-1] or "0", 2).to_bytes((n + 7) // 8, "little")


def _bools(values: Sequence[bool | None]) -> pa.Array:
    """Return *values* as an Arrow boolean array (None: null)."""
    import pyarrow as pa

    n, nulls = len(values), sum(v is None for v in values)
    validity = pa.py_buffer(_bitmap((v is not None for v in values), n)) if nulls else None
    return pa.Array.from_buffers(pa.bool_(), n, [validity, pa.py_buffer(_bitmap(values, n))], nulls)


def _strings(values: list[str | None]) -> pa.Array:
    """Return *values* (strict UTF-8 text) as an Arrow string array (None: null)."""
    import pyarrow as pa

    n, nulls = len(values), values.count(None)
    data = [b"" if v is None else v.encode("utf-8") for v in values]
    offsets = c_array("i", [0])
    offsets.extend(accumulate(map(len, data)))
    validity = pa.py_buffer(_bitmap((v is not None for v in values), n)) if nulls else None
    buffers = [validity, pa.py_buffer(offsets), pa.py_buffer(b"".join(data))]
    return pa.Array.from_buffers(pa.string(), n, buffers, nulls)


def _struct(rows: list[_Row], *, null_row: bool = False) -> pa.StructArray:
    """Return result *rows* as an Arrow struct of :func:`result_type`; *null_row*: a null row in front of them."""
    import pyarrow as pa

    typ = result_type()
    columns: list[list[Any]] = [list(col) for col in zip(*rows, strict=True)] if rows else [[] for _ in FIELDS]
    if null_row:
        columns = [[None, *col] for col in columns]
    arrays = [_bools(col) if i < 3 else _strings(col) for i, col in enumerate(columns)]
    mask = _bools([True, *[False] * len(rows)]) if null_row else None
    return pa.StructArray.from_arrays(arrays, fields=list(typ), mask=mask)


def _row(engine: TagEngine, tag: str) -> _Row:
    s = summarize(engine, tag)
    return (
        s.well_formed,
        s.valid,
        s.unicode_valid,
        s.canonical,
        _clean(s.unicode),
        s.code,
        _clean(s.message),
        _clean(s.fix),
    )


def _clean(text: str | None) -> str | None:
    """Return *text* as strict UTF-8 can hold it: undecodable input bytes (lone surrogates) as U+FFFD."""
    return text if text is None or text.isascii() else clean_json_text(text)


_checkers_lock = threading.Lock()


def _checker(engine: TagEngine | None) -> _Checker:
    """Return *engine*'s column checker, made once and kept with the engine (``engine.kept``): it goes with it."""
    engine = engine if engine is not None else default_engine()
    with _checkers_lock:
        got = engine.kept.get("column_checker")
        if got is None:
            got = engine.kept["column_checker"] = _Checker(engine)
        return cast(_Checker, got)


def _encode(array: Any) -> tuple[pa.Array, list[bytes | None]]:
    """Return (indices, distinct values as bytes) of a string or binary *array*, chunked or not; nulls: null indices."""
    import pyarrow as pa

    if isinstance(array, pa.ChunkedArray):
        array = array.chunk(0) if array.num_chunks == 1 else array.combine_chunks()
    elif not isinstance(array, pa.Array):
        array = pa.array(array, type=pa.string())
    t = array.type
    if pa.types.is_dictionary(t):
        dictionary, indices = array.dictionary, array.indices
    else:
        if pa.types.is_string_view(t):
            array = array.cast(pa.large_string())
        elif pa.types.is_binary_view(t):
            array = array.cast(pa.large_binary())
        elif pa.types.is_null(t):
            array = array.cast(pa.string())
        t = array.type
        if not any(
            f(t) for f in (pa.types.is_string, pa.types.is_large_string, pa.types.is_binary, pa.types.is_large_binary)
        ):
            raise TypeError(f"check_arrow needs a column of strings (or bytes), not {t}")
        encoded = array.dictionary_encode()
        dictionary, indices = encoded.dictionary, encoded.indices
    d = dictionary.type
    if pa.types.is_string_view(d) or pa.types.is_binary_view(d):
        dictionary = dictionary.cast(pa.large_binary())
    elif pa.types.is_string(d) or pa.types.is_binary(d):
        dictionary = dictionary.cast(pa.binary())
    elif pa.types.is_large_string(d):
        dictionary = dictionary.cast(pa.large_binary())
    # Bytes (decoded with surrogateescape when checked): an Arrow string holding bytes that are not UTF-8
    # is read as `bcp47 check -` reads them, not refused. A null in a dictionary is checked as "".
    values = dictionary.to_pylist()
    if dictionary.null_count:
        values = [b"" if v is None else v for v in values]
    return indices, values


#: A batch up to this many rows is looked up row by row (a SQL engine's 2,048 rows are half distinct values:
#: dictionary-encoding them first saves little); a longer one is dictionary-encoded first.
ROW_BY_ROW = 8192


def _small_batch(array: Any) -> list[bytes | None] | None:
    """Return a short string or binary batch's values as bytes (None for a null), else None."""
    import pyarrow as pa

    if isinstance(array, pa.ChunkedArray):
        if array.num_chunks != 1:
            return None
        array = array.chunk(0)
    if not isinstance(array, pa.Array) or len(array) > ROW_BY_ROW:
        return None
    t = array.type
    if pa.types.is_string(t):
        array = array.view(pa.binary())  # the same buffers: no copy, no decoding
    elif pa.types.is_large_string(t):
        array = array.view(pa.large_binary())
    elif not (pa.types.is_binary(t) or pa.types.is_large_binary(t)):
        return None
    values: list[bytes | None] = array.to_pylist()
    return values


def _distinct_results(array: Any, engine: TagEngine | None) -> tuple[pa.StructArray, pa.Array]:
    """Return (the results of the distinct values, the indices that take each row's result; null for a null tag)."""
    indices, values = _encode(array)
    table, at = _checker(engine).rows(values)
    return table.take(at), indices


def _table_rows(array: Any, engine: TagEngine | None) -> tuple[pa.StructArray, pa.Array]:
    """Return (the checker's results table, each row's row in it; null for a null tag)."""
    small = _small_batch(array)
    if small is not None:
        return _checker(engine).rows(small)
    indices, values = _encode(array)
    table, at = _checker(engine).rows(values)
    return table, at.take(indices)


def check_arrow(array: Any, engine: TagEngine | None = None) -> pa.StructArray:
    """Check a column of tags (a pyarrow string or binary array, chunked or not); return one struct per row.

    Each distinct value is checked once; a null tag gives a null struct. *engine*: the tag engine
    (the bundled data when None).

    >>> import pyarrow as pa
    >>> r = check_arrow(pa.chunked_array([["en-US-Latn"], ["i-klingon", "en_US"]])).to_pylist()
    >>> [(x["well_formed"], x["canonical"], x["code"], x["fix"]) for x in r]  # doctest: +NORMALIZE_WHITESPACE
    [(False, None, 'script-after-region', 'en-Latn-US'), (True, 'tlh', 'deprecated', 'tlh'),
     (False, None, 'underscore-separator', 'en-US')]
    """
    table, rows = _table_rows(array, engine)
    out: pa.StructArray = table.take(rows)
    return out


def check_field(array: Any, field: str, engine: TagEngine | None = None) -> pa.Array:
    """Return one field of :func:`check_arrow` (``valid``, ``canonical``, ``fix``...): null where the tag is null.

    >>> import pyarrow as pa
    >>> check_field(pa.array(["en-us", None, "en-u-ca-xyz"]), "valid").to_pylist()
    [True, None, True]
    """
    if field not in FIELDS:
        raise ValueError(f"no field {field!r}: the fields are {', '.join(FIELDS)}")
    table, rows = _table_rows(array, engine)
    out: pa.Array = table.field(field).take(rows)
    return out
