"""A SQL engine's batches of tags, answered by gathering rows with numpy from Arrow string views.

DuckDB calls a function once per 2,048 rows, about half of them values an earlier batch had. Taking
each batch's results from an Arrow struct of strings (``pyarrow``'s ``take``) copies every string of
every row, and each Arrow compute call costs some 10 µs before any work: about half the time of a
query on a column that repeats a few thousand tags. Here the results of the distinct values checked
so far are held in numpy arrays instead:

- per row, one byte of flags: the three verdicts (bits 0-2) and which of the five texts are present
  (bits 3-7; a missing text is a null);
- per text field, the row's 16-byte Arrow string view (the text itself when it is 12 bytes or less,
  else its length, its first 4 bytes, and the data buffer and offset where it lies), with the field's
  data buffers beside them.

A batch's values are looked up in a dict (each value's row, as the 4 bytes of an int32: the batch's
row numbers are one ``bytes.join``), its rows gathered with numpy's ``take`` (a few µs for 2,048
rows), and the result made from those buffers and the shared data buffers: no text is copied. The
struct's text fields are Arrow ``string_view`` (DuckDB reads them as VARCHAR); :func:`views_work` tells
whether this pyarrow, numpy and DuckDB can do it, else the functions take the plain path
(:func:`bcp47_explorer.columns.check_arrow`).

Row 0 is the null row (a null tag). Values are kept as bytes (decoded with surrogateescape when
checked, as :mod:`bcp47_explorer.columns` does); when :data:`bcp47_explorer.columns.MEMO_SIZE` values
are held, the table starts afresh at the next batch with new values.
"""

from __future__ import annotations

import functools
import threading
from itertools import filterfalse
from typing import TYPE_CHECKING, Any

from . import FIELDS, _row

if TYPE_CHECKING:
    from ..core.engine.tag import TagEngine

__all__ = ["ViewResults", "views_work"]

#: The result fields held as flags (bits 0-2) and as texts (their presence in bits 3-7).
FLAGS, TEXTS = FIELDS[:3], FIELDS[3:]
_NULL_ROW = (0).to_bytes(4, "little")
_LONG = 12  # a string view holds a text of up to 12 bytes itself; a longer one points into a data buffer
_MERGE_AT = 16  # a field's data buffers are merged into one when there are more than this


#: The 64-bit words of a key: its bytes, zero-padded, with its length in the top byte of the last word.
KEY_WORDS = 4
#: Values of up to this many bytes are looked up by numpy (:class:`_KeyTable`), from a batch's buffers.
KEY_MAX = 8 * KEY_WORDS - 1
_MIX = (0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0xD6E8FEB86659FD93)  # odd: a key's slot
_LONGER = 0xFF << 56  # the last word's top byte of a value longer than KEY_MAX: no key's (their lengths are less)
_FLAGS_AS = {2: "<u2", 4: "<u4", 8: "<u8"}[KEY_WORDS]  # a number of KEY_WORDS bytes
_EMPTY = 0xFE << 56  # the last word's top byte of an empty slot: no key's, no looked-up value's


class _KeyTable:
    """The rows of the short values held, in numpy arrays: a hash table with one key per slot, no probing.

    A value of up to :data:`KEY_MAX` bytes is its :data:`KEY_WORDS` little-endian 64-bit words (its
    bytes zero-padded, its length in the last word's top byte): two values are the same exactly when
    their words are. Its slot is the top bits of a hash of the words; a value whose slot is taken by
    another stays out (it is looked up in the memo instead), and the first values seen (a column's
    commonest) take the slots. A batch's values are found with a dozen numpy operations over their
    words, whatever their number, instead of a Python bytes object and a dict look-up per row: the
    words of every value at once (one index into a view of the batch's bytes as a window of
    KEY_WORDS words at every byte), the bytes past each value's end cleared and its length added (a
    ``take`` each from small tables by length; a value longer than KEY_MAX gets a last word no key
    has), the slots hashed column by column, and the words held there compared as one number of
    flags per value.
    """

    def __init__(self, np: Any) -> None:
        self._np = np
        self._mix = [np.uint64(m) for m in _MIX]
        self._half = np.uint64(32)
        # Row L: the masks of a value's words (its L bytes kept, never the last word's top byte) and its length
        # tag; row KEY_MAX + 1 stands for every longer value.
        lengths = range(KEY_MAX + 2)
        last = KEY_WORDS - 1
        kept = [[min(max(n - 8 * k, 0), 7 if k == last else 8) for k in range(KEY_WORDS)] for n in lengths]
        self._masks = np.array([[(1 << (8 * b)) - 1 for b in row] for row in kept], np.uint64)
        self._tags = np.zeros((KEY_MAX + 2, KEY_WORDS), np.uint64)
        self._tags[:, last] = [n << 56 for n in range(KEY_MAX + 1)] + [_LONGER]
        self._keys: list[bytes] = []
        self._rows: list[int] = []
        self._make(1 << 12)

    def _make(self, slots: int) -> None:
        np = self._np
        self._shift = np.uint64(64 - slots.bit_length() + 1)
        self._words = np.zeros((slots, KEY_WORDS), np.uint64)
        self._words[:, -1] = _EMPTY
        self._row = np.zeros(slots, np.intp)

    def _slot(self, words: Any) -> Any:
        """Return the slot of each key of *words* (KEY_WORDS columns): the top bits of a hash of its words."""
        mix = self._mix
        h = words[:, 0] * mix[0]
        for k in range(1, KEY_WORDS):
            h ^= words[:, k] * mix[k]
        h ^= h >> self._half  # the top bits of a product see only the bits below them: mix the high half down
        h *= mix[0]
        return (h >> self._shift).astype(self._np.intp)

    def add(self, keys: list[bytes], rows: list[int]) -> None:
        """Add the *keys* (values of up to KEY_MAX bytes, not yet held) and their *rows*."""
        np = self._np
        self._keys += keys
        self._rows += rows
        slots = len(self._row)
        if 8 * len(self._keys) > slots and slots < 1 << 18:  # at most an eighth full: few keys lose their slot
            while 8 * len(self._keys) > slots and slots < 1 << 18:
                slots *= 2
            self._make(slots)
            keys, rows = self._keys, self._rows
        raw = b"".join([k.ljust(8 * KEY_WORDS, b"\0") for k in keys])
        words = np.frombuffer(raw, "<u8").reshape(len(keys), KEY_WORDS).copy()
        words[:, -1] |= np.array([len(k) for k in keys], np.uint64) << np.uint64(56)
        slot = self._slot(words)
        free = np.flatnonzero(self._row.take(slot) == 0)
        taken, first = np.unique(slot[free], return_index=True)  # the first key for a slot takes it
        at = free[first]
        self._words[taken] = words[at]
        self._row[taken] = np.array(rows, np.intp)[at]

    def find(self, words: Any, start: Any, length: Any) -> tuple[Any, Any]:
        """Return (the row of each value, whether it was found) of the values at *start*, *length* in *words*.

        *words*: the values' bytes as 64-bit words, zero-padded past the end by at least KEY_WORDS + 1 words.
        """
        np = self._np
        data = words.view(np.uint8)
        # Every window of 8 * KEY_WORDS bytes, at every byte (no copy); indexing copies each one as a whole.
        windows = np.ndarray((len(data) - 8 * KEY_WORDS + 1,), f"V{8 * KEY_WORDS}", data, 0, (1,))
        size = np.minimum(length, KEY_MAX + 1)
        key = windows[start].view("<u8").reshape(len(start), KEY_WORDS)
        key &= self._masks.take(size, axis=0)
        key |= self._tags.take(size, axis=0)
        slot = self._slot(key)
        # Found: no word differs (a key's KEY_WORDS flags, one byte each, read as one number: zero).
        differ = (self._words.take(slot, axis=0) ^ key) != 0
        found = differ.view(_FLAGS_AS).reshape(len(start)) == 0
        return self._row.take(slot), found


@functools.cache
def views_work() -> bool:
    """Tell whether numpy, pyarrow's string views and DuckDB's reading of them are there (checked once).

    A DuckDB function returns a struct of string views and DuckDB reads them back: the texts must
    come back whole, short and long, and nulls null.
    """
    try:
        import duckdb
        import numpy
        import pyarrow as pa

        texts = ["en", None, "a text longer than twelve bytes: é"]
        want = [("en", True), (None, False), (texts[2], True)]
        views = pa.array(texts, pa.string()).cast(pa.string_view())
        flags = pa.array([True, False, True])
        typ = pa.struct([pa.field("t", pa.string_view()), pa.field("f", pa.bool_())])
        struct = pa.StructArray.from_arrays([views, flags], fields=list(typ))
        keys = _KeyTable(numpy)  # the numpy this key table needs: windows of bytes, uint64 arithmetic
        keys.add([b"en", b"x" * KEY_MAX], [1, 2])
        probe = b"-en-" + b"x" * KEY_MAX + b"x"
        words = numpy.zeros(len(probe) // 8 + KEY_WORDS + 2, numpy.uint64)
        words.view(numpy.uint8)[: len(probe)] = numpy.frombuffer(probe, numpy.uint8)
        rows, found = keys.find(words, numpy.array([1, 4, 4], numpy.intp), numpy.array([2, KEY_MAX, KEY_MAX + 1]))
        if rows[found].tolist() != [1, 2] or found.tolist() != [True, True, False]:
            return False
        con: Any = duckdb.connect()
        con.create_function(
            "probe", lambda _: struct, ["VARCHAR"], duckdb.struct_type({"t": "VARCHAR", "f": "BOOLEAN"}), type="arrow"
        )
        got = con.sql("select r.t, r.f from (select probe(s) as r from (values ('a'), ('b'), ('c')) v(s))").fetchall()
        con.close()
        return bool(got == want)
    except Exception:  # an old pyarrow (no string views), no numpy, a DuckDB that cannot read them
        return False


class ViewResults:
    """The results of the distinct tags of one engine, held as flags and string views; answers whole batches.

    :meth:`struct` and :meth:`field` take a batch's values (bytes, None for a null tag, as
    :func:`bcp47_explorer.columns._small_batch` gives them) and return Arrow arrays. A lock keeps the
    table whole when a SQL engine calls from several threads.
    """

    def __init__(self, engine: TagEngine) -> None:
        import numpy as np
        import pyarrow as pa

        self.engine = engine
        self.lock = threading.Lock()
        self._np: Any = np
        self._pa: Any = pa
        self._bool, self._view = pa.bool_(), pa.string_view()
        fields = [pa.field(name, self._bool if i < len(FLAGS) else self._view) for i, name in enumerate(FIELDS)]
        self.type = pa.struct(fields)
        self._reset()

    def _reset(self) -> None:
        np = self._np
        #: Each value checked (bytes; None for a null tag) -> its row, as the 4 bytes of a little-endian int32.
        self.memo: dict[bytes | None, bytes] = {None: _NULL_ROW}
        self.size = 1
        self.flags = np.zeros(1024, np.uint8)
        self.views = [np.zeros(1024, "V16") for _ in TEXTS]
        self.data: list[Any] = []  # the data buffers of the long texts, shared by the text fields
        self.keys = _KeyTable(np)  # the short values' rows, looked up by numpy (see _array_rows)
        self.generation = getattr(self, "generation", 0) + 1  # counts the starts afresh

    # ------------------------------------------------------------------ answering a batch
    def struct(self, values: list[bytes | None]) -> Any:
        """Return the result struct of each of *values* (a null struct for None)."""
        with self.lock:
            return self._struct(self._rows(values))

    def struct_of(self, array: Any) -> Any:
        """Return the result struct of each value of the Arrow *array*; None when :meth:`_array_rows` cannot read it."""
        with self.lock:
            idx = self._array_rows(array)
            return self._struct(idx) if idx is not None else None

    def field_of(self, array: Any, name: str) -> Any:
        """Return the field *name* of each value of the Arrow *array*; None when :meth:`_array_rows` cannot read it."""
        with self.lock:
            idx = self._array_rows(array)
            return self._field(idx, name) if idx is not None else None

    def _struct(self, idx: Any) -> Any:
        """Return the result struct of the rows *idx* (under the lock)."""
        pa = self._pa
        n = len(idx)
        flags = self.flags.take(idx)
        valid = self._valid(idx)
        children = [self._flag(flags, i, valid, n) for i in range(len(FLAGS))]
        children += [self._text(flags, idx, j, n) for j in range(len(TEXTS))]
        return pa.Array.from_buffers(self.type, n, [valid], -1 if valid is not None else 0, children=children)

    def field(self, values: list[bytes | None], name: str) -> Any:
        """Return the field *name* of the result of each of *values* (null for None)."""
        with self.lock:
            return self._field(self._rows(values), name)

    def _field(self, idx: Any, name: str) -> Any:
        """Return the field *name* of the rows *idx* (under the lock)."""
        n = len(idx)
        flags = self.flags.take(idx)
        if name in FLAGS:
            return self._flag(flags, FLAGS.index(name), self._valid(idx), n)
        return self._text(flags, idx, TEXTS.index(name), n)

    def _rows(self, values: list[bytes | None]) -> Any:
        """Return the row of each of *values* (a numpy intp array), checking the values not seen yet."""
        try:
            joined = b"".join(map(self.memo.__getitem__, values))
        except KeyError:
            self._add(values)
            joined = b"".join(map(self.memo.__getitem__, values))
        return self._np.frombuffer(joined, self._np.int32).astype(self._np.intp)  # numpy's take casts to intp

    def _array_rows(self, array: Any) -> Any:
        """Return the row of each value of a string or binary Arrow *array* (None for another type or a chunked one).

        A value of up to :data:`KEY_MAX` bytes is found in :attr:`keys` by numpy, from the array's buffers;
        the others (longer, new, or a short one the key table could not place) are taken as bytes and looked
        up in :attr:`memo`, as :meth:`_rows` does (checking the new ones).
        """
        np, pa = self._np, self._pa
        if isinstance(array, pa.ChunkedArray) and array.num_chunks == 1:
            array = array.chunk(0)
        if not isinstance(array, pa.Array):
            return None
        t = array.type
        if t == pa.string() or t == pa.binary():
            width = np.int32
        elif t == pa.large_string() or t == pa.large_binary():
            width = np.int64
        else:
            return None
        n = len(array)
        if n == 0:
            return np.zeros(0, np.intp)
        buffers = array.buffers()
        offsets = np.frombuffer(buffers[1], width, n + 1, array.offset * np.dtype(width).itemsize).astype(np.intp)
        lo, hi = int(offsets[0]), int(offsets[n])
        # The values' bytes, zero-padded and 8-byte aligned, read as little-endian 64-bit words.
        words = np.zeros((hi - lo) // 8 + KEY_WORDS + 2, np.uint64)
        if hi > lo:
            words.view(np.uint8)[: hi - lo] = np.frombuffer(buffers[2], np.uint8, hi - lo, lo)
        start = offsets[:-1] - lo
        length = offsets[1:] - offsets[:-1]
        rows, found = self.keys.find(words, start, length)
        if array.null_count:
            valid = np.unpackbits(np.frombuffer(buffers[0], np.uint8), bitorder="little")
            null = valid[array.offset : array.offset + n] == 0
            rows[null] = 0
            found |= null
        missed = np.flatnonzero(~found)
        if len(missed):
            data = words.view(np.uint8)[: hi - lo].tobytes()
            ends = start + length
            generation = self.generation
            more = self._rows([data[a:b] for a, b in zip(start[missed].tolist(), ends[missed].tolist(), strict=True)])
            if self.generation != generation:  # the memo started afresh: the rows found belong to the old table
                nulls = null.tolist() if array.null_count else [False] * n
                values = [
                    None if z else data[a:b] for a, b, z in zip(start.tolist(), ends.tolist(), nulls, strict=True)
                ]
                return self._rows(values)
            rows[missed] = more
        return rows

    def _valid(self, idx: Any) -> Any:
        """Return the validity bitmap of a batch's rows (None when no tag is null)."""
        np = self._np
        if idx.all():
            return None
        return self._pa.py_buffer(np.packbits(idx != 0, bitorder="little"))

    def _flag(self, flags: Any, bit: int, valid: Any, n: int) -> Any:
        data = self._pa.py_buffer(self._np.packbits(flags & (1 << bit), bitorder="little"))
        return self._pa.Array.from_buffers(self._bool, n, [valid, data], -1 if valid is not None else 0)

    def _text(self, flags: Any, idx: Any, j: int, n: int) -> Any:
        pa = self._pa
        present = pa.py_buffer(self._np.packbits(flags & (1 << (len(FLAGS) + j)), bitorder="little"))
        views = pa.py_buffer(self.views[j].take(idx))
        return pa.Array.from_buffers(self._view, n, [present, views, *self.data], -1)

    # ------------------------------------------------------------------ adding rows
    def _add(self, values: list[bytes | None]) -> None:
        """Check the values not yet held and append their rows (under the lock)."""
        from . import MEMO_SIZE  # read at the call: a test lowers it

        new = list(dict.fromkeys(filterfalse(self.memo.__contains__, values)))
        if self.size + len(new) > MEMO_SIZE + 1 and self.size > 1:
            self._reset()  # bounded: a column of all-distinct tags must not grow memory without end
            new = list(dict.fromkeys(filterfalse(self.memo.__contains__, values)))
        memo, start = self.memo, self.size
        self._append([_row(self.engine, key.decode("utf-8", "surrogateescape")) for key in new if key is not None])
        for i, key in enumerate(new):
            memo[key] = (start + i).to_bytes(4, "little")
        short = [(key, start + i) for i, key in enumerate(new) if key is not None and len(key) <= KEY_MAX]
        if short:
            self.keys.add([k for k, _ in short], [r for _, r in short])

    def _append(self, rows: list[Any]) -> None:
        """Append the result *rows* (tuples in the order of FIELDS) to the flags, views and data buffers."""
        np = self._np
        n, start = len(rows), self.size
        end = start + n
        if end > len(self.flags):
            cap = max(2 * len(self.flags), end)
            self.flags = np.concatenate([self.flags, np.zeros(cap - len(self.flags), np.uint8)])
            self.views = [np.concatenate([v, np.zeros(cap - len(v), "V16")]) for v in self.views]
        self.flags[start:end] = [
            r[0] + 2 * r[1] + 4 * r[2]
            + 8 * (r[3] is not None) + 16 * (r[4] is not None) + 32 * (r[5] is not None)
            + 64 * (r[6] is not None) + 128 * (r[7] is not None)
            for r in rows
        ]  # fmt: skip
        # The texts of all five fields in one Arrow array (field after field), made string views at once. A missing
        # text is written empty: its presence bit (in the flags) makes it null where it is read.
        k = len(FLAGS)
        total = len(TEXTS) * n
        data = [b"" if t is None else t.encode("utf-8") for j in range(len(TEXTS)) for t in [r[k + j] for r in rows]]
        offsets = np.zeros(total + 1, np.int32)
        np.cumsum(np.fromiter(map(len, data), np.int32, total), out=offsets[1:])
        pa = self._pa
        texts = pa.Array.from_buffers(pa.string(), total, [None, pa.py_buffer(offsets), pa.py_buffer(b"".join(data))])
        views = texts.cast(self._view)
        buffers = views.buffers()
        words = np.frombuffer(buffers[1], np.uint32)[4 * views.offset : 4 * (views.offset + total)]
        words = words.reshape(total, 4).copy()  # [length, prefix, buffer, offset] or [length, the text]
        words[words[:, 0] > _LONG, 2] += len(self.data)  # a long text's buffer: counted past the ones held
        got = words.view("V16").reshape(total)
        for j in range(len(TEXTS)):
            self.views[j][start:end] = got[j * n : (j + 1) * n]
        self.data += buffers[2:]
        self.size = end
        if len(self.data) > _MERGE_AT:
            self._merge()

    def _merge(self) -> None:
        """Merge the data buffers into one, pointing the long texts' views there."""
        np, pa = self._np, self._pa
        starts = np.cumsum([0, *(b.size for b in self.data[:-1])], dtype=np.int64)
        for views in self.views:
            words = views[: self.size].view(np.uint32).reshape(self.size, 4)
            long = words[:, 0] > _LONG
            words[long, 3] += starts[words[long, 2]].astype(np.uint32)
            words[long, 2] = 0
        self.data = [pa.py_buffer(b"".join(b.to_pybytes() for b in self.data))]
