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
