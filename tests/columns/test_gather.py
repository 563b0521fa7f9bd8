"""Pins the DuckDB functions' batch path (:mod:`bcp47_explorer.columns.gather`): the struct and each field it gathers
from string views are, row for row, :func:`check_arrow`'s answers, over batches that add new values (so that the data
buffers are merged), repeat old ones, hold nulls, bad bytes, long messages and empty batches, and across the memo's
bound; and that :func:`prepare` loads what a first query would otherwise load.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest
from bcp47_explorer import columns
from bcp47_explorer.columns import FIELDS, check_arrow
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine.tag import TagEngine

from benchmarks.corpus import build, build_advice

gather = pytest.importorskip("bcp47_explorer.columns.gather")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def engine() -> TagEngine:
    base = bundled_engine()
    return TagEngine(base.registry, base.cldr, base.extensions, base.supplemental)


def _batches(count: int, size: int) -> list[list[bytes | None]]:
    """Return *count* batches of tags as bytes: a growing pool, so most batches add values and repeat others."""
    rnd = random.Random(31)
    pool = [t.encode() for t in build(2500, seed=31) + build_advice(1500, seed=31)]
    pool += [b"de-\xff-CH", b"\xc3\x28x", "zh-普".encode(), "en-\ufffd".encode(), b"", b"en_US", b"x" * 300]
    rnd.shuffle(pool)
    out: list[list[bytes | None]] = []
    for i in range(count):
        seen = pool[: 40 + i * len(pool) // count]
        out.append([None if rnd.random() < 0.03 else rnd.choice(seen) for _ in range(size)])
    out[3] = []  # an empty batch
    out[4] = [None] * 7  # nulls only
    return out


def _want(batch: list[bytes | None], engine: TagEngine) -> list[Any]:
    return check_arrow(pa.array(batch, pa.binary()), engine).to_pylist()  # type: ignore[no-any-return]


def test_views_work_here() -> None:
    assert gather.views_work()  # numpy, pyarrow's string views and this DuckDB: the tests below are not skipped


def test_the_gathered_struct_and_fields_are_check_arrows_answers(engine: TagEngine) -> None:
    views = gather.ViewResults(engine)
    batches = _batches(60, 300)
    merged = False
    for i, batch in enumerate(batches):
        want = _want(batch, engine)
        got = views.struct(batch)
        assert got.type.names == list(FIELDS) and len(got) == len(batch)
        assert got.to_pylist() == want, i
        name = FIELDS[i % len(FIELDS)]
        assert views.field(batch, name).to_pylist() == [w and w[name] for w in want], (i, name)
        merged = merged or len(views.data) == 1 < views.size
    assert merged and views.size > 2000  # the data buffers were merged at least once
    assert sum(w is None for b in batches for w in _want(b, engine)) > 300


def test_the_memo_starts_afresh_at_its_bound(engine: TagEngine, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(columns, "MEMO_SIZE", 50)
    views = gather.ViewResults(engine)
    for batch in _batches(20, 40):
        assert views.struct(batch).to_pylist() == _want(batch, engine)
        assert views.size <= 51 or len(set(batch)) > 50  # a batch's own values are all kept while it is answered


def test_prepare_loads_the_repairers_modules() -> None:
    code = (
        "import sys\nfrom bcp47_explorer.columns import prepare\nprepare()\n"
        "print('bcp47_explorer.core.build.repair' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "True"


def _arrays(batch: list[bytes | None]) -> list[Any]:
    """Return *batch* as the Arrow arrays a SQL engine may hand over: string and binary, large or not, sliced."""
    wide = [b"pad"] * 5 + batch + [b"tail"] * 3
    out: list[Any] = [pa.array(batch, t) for t in (pa.binary(), pa.large_binary())]
    out += [pa.array(wide, t).slice(5, len(batch)) for t in (pa.binary(), pa.large_binary())]  # offset and data start
    if all(v is None or v.decode("utf-8", "replace").encode() == v for v in batch):
        out += [a.cast(pa.string()) for a in out[:1]] + [a.cast(pa.large_string()) for a in out[3:4]]
    return out


def _odd_values() -> list[bytes | None]:
    """Return values around the key table's edges: each length from 0 to 40, NUL bytes inside and at the end."""
    rnd = random.Random(7)
    out: list[bytes | None] = [b"en-US"[:n] for n in range(6)] + [b"a\x00", b"a", b"\x00", b"", b"en\x00", b"en"]
    for n in range(41):
        out.append("".join(rnd.choice("abcdefgh-_0\u00e9") for _ in range(n)).encode()[:n])
        out.append(b"x" * (n - 1) + b"\x00" if n else b"")
    out += [b"de-\xff-CH", "zh-普-TW".encode(), b"en-US-u-ca-gregory-nu-latn", b"sr-Latn-RS-x-private-use"]
    return out


def test_arrays_are_answered_from_their_buffers_as_from_their_values(
    engine: TagEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    views = gather.ViewResults(engine)
    looked_up: list[int] = []  # the values taken as bytes (not found by numpy)
    rows = gather.ViewResults._rows

    def counted(self: Any, values: list[bytes | None]) -> Any:
        looked_up.append(len(values))
        return rows(self, values)

    monkeypatch.setattr(gather.ViewResults, "_rows", counted)
    rnd = random.Random(5)
    pool = _odd_values()
    batches = _batches(12, 300)
    for _ in range(12):
        batches.append([None if rnd.random() < 0.05 else rnd.choice(pool) for _ in range(300)])
    for i, batch in enumerate(batches):
        want = _want(batch, engine)
        for array in _arrays(batch):
            assert views.struct_of(array).to_pylist() == want, (i, array.type)
            name = FIELDS[i % len(FIELDS)]
            assert views.field_of(array, name).to_pylist() == [w and w[name] for w in want], (i, name)
    assert views.struct_of(pa.chunked_array([pa.array(["en"])])).to_pylist() == _want([b"en"], engine)
    assert views.struct_of(pa.array(["en"], pa.string_view())) is None  # not read here: the caller's other path
    # Once a batch's values are held, its short values are found by numpy: only the long ones are taken as bytes.
    looked_up.clear()
    batch = batches[-1]
    assert views.struct_of(pa.array(batch, pa.binary())).to_pylist() == _want(batch, engine)
    long = sum(v is not None and len(v) > gather.KEY_MAX for v in batch)
    assert looked_up and looked_up[-1] <= long + len(batch) // 10


def test_the_key_table_tells_values_apart_by_every_byte_and_the_length() -> None:
    import numpy as np

    table = gather._KeyTable(np)
    keys = [v for v in dict.fromkeys(_odd_values()) if v is not None and len(v) <= gather.KEY_MAX]
    held = keys[::2]
    table.add(held, list(range(1, len(held) + 1)))
    arr = pa.array(keys, pa.binary())
    offsets = np.frombuffer(arr.buffers()[1], np.int32, len(keys) + 1).astype(np.intp)
    words = np.zeros(offsets[-1] // 8 + gather.KEY_WORDS + 2, np.uint64)
    words.view(np.uint8)[: offsets[-1]] = np.frombuffer(arr.buffers()[2], np.uint8, offsets[-1])
    rows, found = table.find(words, offsets[:-1], offsets[1:] - offsets[:-1])
    got = {k: int(r) for k, r, f in zip(keys, rows, found, strict=True) if f}
    want = {k: i + 1 for i, k in enumerate(held)}
    assert got.items() <= want.items()  # a value found is a held key, at its row: never another value
    assert len(got) >= len(want) - 2  # a key whose slot another took is looked up in the memo instead


def test_the_memo_starts_afresh_inside_an_array_batch(engine: TagEngine, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(columns, "MEMO_SIZE", 50)
    views = gather.ViewResults(engine)
    for batch in _batches(20, 40):
        assert views.struct_of(pa.array(batch, pa.binary())).to_pylist() == _want(batch, engine)


def _find(table: Any, values: list[bytes]) -> list[int | None]:
    """Return the row the key *table* finds for each of *values* (None: not found), read from one binary array."""
    import numpy as np

    arr = pa.array(values, pa.binary())
    offsets = np.frombuffer(arr.buffers()[1], np.int32, len(values) + 1).astype(np.intp)
    words = np.zeros(offsets[-1] // 8 + gather.KEY_WORDS + 2, np.uint64)
    words.view(np.uint8)[: offsets[-1]] = np.frombuffer(arr.buffers()[2], np.uint8, offsets[-1])
    rows, found = table.find(words, offsets[:-1], offsets[1:] - offsets[:-1])
    return [int(r) if f else None for r, f in zip(rows, found, strict=True)]


def test_the_key_table_never_takes_a_longer_value_or_an_empty_slot_for_a_key() -> None:
    import numpy as np

    table = gather._KeyTable(np)
    longest = b"x" * gather.KEY_MAX
    table.add([longest, b"", b"\xff" * gather.KEY_MAX], [7, 8, 9])
    values = [longest + b"y", b"", longest, b"\xff" * (gather.KEY_MAX + 1), b"\x00", longest[:-1], b"\xff" * 40, b""]
    # A value longer than KEY_MAX is never found (not even when its first KEY_MAX bytes are a key's); the empty
    # value is a key like any other, and a value in no slot (b"\x00": all its bytes and its length zero but one)
    # is not found in an empty slot.
    assert _find(table, values) == [None, 8, 7, None, None, None, None, 8]
    assert _find(gather._KeyTable(np), [b"", b"\x00" * 8, b"a"]) == [None, None, None]  # an empty table finds none
