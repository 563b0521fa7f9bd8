"""Pins issue 22's column functions: ``check_arrow`` (plain, chunked, binary, bytes that are not UTF-8),
the Polars expression, the DuckDB SQL functions and the Spark column function (on a local session)
give, row for row, the answers of ``bcp47 check --json`` (well_formed, valid, unicode_valid, canonical,
the first diagnostic's code and message, fix) and of ``bcp47 canon --unicode --json`` (unicode), run as
real processes on the same 10,000 tags (bad bytes, U+FFFD and repeats included); a null tag gives a
null struct; short batches looked up row by row give the same answers; each distinct value is checked
once, and the memo across batches stays within its bound.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest
from bcp47_explorer import columns
from bcp47_explorer.columns import check_arrow, check_field
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine.tag import TagEngine

from benchmarks.corpus import build, build_advice

ROOT = Path(__file__).resolve().parents[2]
SIZE = 10_000
NULL_EVERY = 97  # rows 0, 97, 194... are null in every adapter's input


def _corpus() -> list[bytes]:
    """Return 10,000 tags as bytes: mixed, advice-heavy, re-cased, with bad bytes, U+FFFD and repeats."""
    rnd = random.Random(22)
    tags = [t.encode() for t in build(3000, seed=22) + build_advice(3000, seed=22)]
    tags += [t.swapcase().encode() for t in build_advice(800, seed=23)]
    tags += [b"en-u-ca-gregory-nu-latn", b"de-DE-u-co-phonebk", b"en-t-ja-m0-ungegn", b"EN-us", b"i-klingon", b""]
    tags += [b"de-\xff-CH", b"\xc3\x28x", b"i-\x80klingon", "en-\ufffd".encode(), "zh-普".encode(), b"en_US"]
    while len(tags) < SIZE:
        tags.append(rnd.choice(tags[: len(tags)]))  # repeats, as a real column has
    rnd.shuffle(tags)
    return tags[:SIZE]


CORPUS = _corpus()
TEXT = [t.decode("utf-8", "replace") for t in CORPUS]  # what a strict UTF-8 engine holds (DuckDB, Spark, Polars)


def _cli(args: list[str], lines: list[bytes]) -> list[dict[str, Any]]:
    done = subprocess.run(
        [sys.executable, "-m", "bcp47_explorer.cli", *args],
        input=b"\n".join(lines) + b"\n", capture_output=True, cwd=ROOT, timeout=600, check=False,
        env={**os.environ, "LC_ALL": "C.UTF-8"},
    )  # fmt: skip
    assert done.returncode in (0, 1), done.stderr
    out = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert len(out) == len(lines)
    return out


def _reference(lines: list[bytes]) -> list[dict[str, Any] | None]:
    """Return what the CLI says of each row, in the columns' fields; None for a null row."""
    checks = _cli(["check", "--json", "-"], lines)
    unicode = _cli(["canon", "--unicode", "--json", "-"], lines)
    out: list[dict[str, Any] | None] = []
    for i, (c, u) in enumerate(zip(checks, unicode, strict=True)):
        first = c["diagnostics"][0] if c["diagnostics"] else None
        row = {
            "well_formed": c["well_formed"],
            "valid": c["valid"],
            "unicode_valid": c["unicode_valid"],
            "canonical": c["canonical"],
            "unicode": u["unicode"],
            "code": first["code"] if first else None,
            "message": first["message"] if first else None,
            "fix": c["fix"],
        }
        out.append(None if i % NULL_EVERY == 0 else row)
    return out


@pytest.fixture(scope="module")
def want_bytes() -> list[dict[str, Any] | None]:
    return _reference(CORPUS)


@pytest.fixture(scope="module")
def want_text() -> list[dict[str, Any] | None]:
    return _reference([t.encode() for t in TEXT])


def _with_nulls(values: list[Any]) -> list[Any]:
    return [None if i % NULL_EVERY == 0 else v for i, v in enumerate(values)]


def _same(got: list[Any], want: list[dict[str, Any] | None]) -> None:
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        assert g == w, (i, CORPUS[i])


def test_the_corpus_has_what_the_issue_asks_for(want_bytes: list[dict[str, Any] | None]) -> None:
    rows = [r for r in want_bytes if r is not None]
    assert len(want_bytes) == SIZE and len(rows) == SIZE - len(range(0, SIZE, NULL_EVERY))
    assert any(b"\xff" in t for i, t in enumerate(CORPUS) if i % NULL_EVERY)  # bad bytes in a non-null row
    assert sum(r["code"] == "bad-character" for r in rows) >= 3
    assert {r["valid"] for r in rows} == {True, False} and any(r["fix"] for r in rows)
    assert any(r["unicode"] and r["unicode"] != r["canonical"] for r in rows)
    assert len(set(CORPUS)) < SIZE  # repeats


def test_check_arrow_on_binary_gives_the_cli_answers(want_bytes: list[dict[str, Any] | None]) -> None:
    got = check_arrow(pa.array(_with_nulls(CORPUS), type=pa.binary()))
    assert got.type == columns.result_type() and got.null_count == len(range(0, SIZE, NULL_EVERY))
    _same(got.to_pylist(), want_bytes)


def test_check_arrow_on_a_chunked_string_column_holding_bad_bytes(want_bytes: list[dict[str, Any] | None]) -> None:
    """A string column whose bytes are not all UTF-8 (as some writers leave them) is read as the CLI reads stdin."""
    raw = pa.array(_with_nulls(CORPUS), type=pa.binary())
    text = pa.Array.from_buffers(pa.string(), len(raw), raw.buffers(), raw.null_count)
    chunks = pa.chunked_array([text.slice(0, 3000), text.slice(3000, 10), text.slice(3010)])
    _same(check_arrow(chunks).to_pylist(), want_bytes)


def test_short_batches_looked_up_row_by_row_give_the_cli_answers(want_bytes: list[dict[str, Any] | None]) -> None:
    """Batches of up to ROW_BY_ROW rows (a SQL engine's 2,048) skip dictionary encoding: same answers, nulls kept."""
    raw = pa.array(_with_nulls(CORPUS), type=pa.binary())
    text = pa.Array.from_buffers(pa.string(), len(raw), raw.buffers(), raw.null_count)
    step = 2048
    assert step <= columns.ROW_BY_ROW < SIZE
    for kind in (raw, text, raw.cast(pa.large_binary())):
        got: list[Any] = []
        for start in range(0, SIZE, step):
            batch = kind.slice(start, step)
            assert columns._small_batch(batch) is not None  # the row-by-row path
            got += check_arrow(pa.chunked_array([batch])).to_pylist()
        _same(got, want_bytes)


def test_prepare_loads_the_data_and_leaves_the_memo_empty() -> None:
    base = bundled_engine()
    engine = TagEngine(base.registry, base.cldr, base.extensions, base.supplemental)
    assert columns.prepare(engine) is engine and columns.prepare() is columns.default_engine()
    assert columns._checker(engine).memo == {} and columns._checker(engine).table is None
    assert check_field(pa.array(["hy-SU", None]), "unicode", engine).to_pylist() == ["hy-AM", None]


def test_check_arrow_on_large_strings_and_one_field(want_text: list[dict[str, Any] | None]) -> None:
    arr = pa.array(_with_nulls(TEXT), type=pa.large_string())
    _same(check_arrow(arr).to_pylist(), want_text)
    assert check_field(arr, "fix").to_pylist() == [w and w["fix"] for w in want_text]
    with pytest.raises(ValueError, match="no field 'repair'"):
        check_field(arr, "repair")
    with pytest.raises(TypeError, match="needs a column of strings"):
        check_arrow(pa.array([1, 2]))


def test_each_distinct_value_is_checked_once_and_the_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    base = bundled_engine()
    engine = TagEngine(base.registry, base.cldr, base.extensions, base.supplemental)
    calls: list[str] = []
    real = columns.summarize

    def counted(e: TagEngine, tag: str) -> Any:
        calls.append(tag)
        return real(e, tag)

    monkeypatch.setattr(columns, "summarize", counted)
    tags = ["en-US", "de", None, "en-US", "EN-us", "de", "en-US"] * 50
    first = check_arrow(pa.array(tags), engine)
    assert sorted(calls) == ["EN-us", "de", "en-US"]
    assert first.to_pylist()[4]["fix"] == "en-US"
    check_arrow(pa.chunked_array([pa.array(tags[:5]), pa.array(tags[5:])]), engine)
    assert len(calls) == 3  # the next batch of the same column: all from the memo
    monkeypatch.setattr(columns, "MEMO_SIZE", 10)
    check_arrow(pa.array([f"en-x-n{i}" for i in range(25)]), engine)
    assert len(calls) == 28  # a batch's own values are all kept while it takes its rows
    got = check_arrow(pa.array(["en-x-a", "en-x-b", None, "en-x-a"]), engine)
    assert len(calls) == 30 and len(columns._checker(engine).memo) == 3  # full: started afresh (and the null row)
    assert [r and r["canonical"] for r in got.to_pylist()] == ["en-x-a", "en-x-b", None, "en-x-a"]


def test_polars_expression_gives_the_cli_answers(
    want_bytes: list[dict[str, Any] | None], want_text: list[dict[str, Any] | None]
) -> None:
    import polars as pl
    from bcp47_explorer.columns.polars import bcp47_check

    df = pl.DataFrame({"tag": _with_nulls(TEXT), "n": range(SIZE)})
    out = df.with_columns(bcp47_check(pl.col("tag")).alias("r"))
    assert out.columns == ["tag", "n", "r"] and out["n"].to_list() == list(range(SIZE))
    _same(out["r"].to_list(), want_text)
    raw = pl.DataFrame({"tag": pl.Series(_with_nulls(CORPUS), dtype=pl.Binary)})
    _same(raw.select(bcp47_check("tag"))["tag"].to_list(), want_bytes)
    lazy = df.lazy().filter(~bcp47_check("tag").struct.field("valid")).select("n").collect()
    assert lazy["n"].to_list() == [i for i, w in enumerate(want_text) if w is not None and not w["valid"]]


def test_duckdb_functions_give_the_cli_answers(want_text: list[dict[str, Any] | None]) -> None:
    import duckdb
    from bcp47_explorer.columns.duckdb import register

    con = register(duckdb.connect())
    con.register("tags", pa.table({"n": range(SIZE), "tag": _with_nulls(TEXT)}))
    rows = con.sql(
        "select bcp47_check(tag), bcp47_valid(tag), bcp47_canonical(tag), bcp47_fix(tag) from tags order by n"
    ).fetchall()
    _same([r[0] for r in rows], want_text)
    assert [r[1:] for r in rows] == [(w["valid"], w["canonical"], w["fix"]) if w else (None,) * 3 for w in want_text]
    got = con.sql("select s.valid, s.unicode_valid, s.canonical, s.unicode from (select bcp47_check('zh-yue') s)")
    assert got.fetchall() == [(True, False, "yue", "yue")]


@pytest.fixture(scope="module")
def spark() -> Any:
    import os
    import shutil
    import sys

    # Spark needs a Java runtime, which pip cannot install: CI installs Debian's default-jre-headless (.ci/run), and
    # a machine without one skips this one test and says why rather than failing the README's test command.
    if not os.environ.get("CI") and shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        pytest.skip("no Java runtime for Spark: apt-get install default-jre-headless (CI installs it)")
    from pyspark.sql import SparkSession

    # The workers' interpreter: PySpark's driver takes it from PYSPARK_PYTHON (else `python3` on PATH) and, in
    # PySpark 4.3, does not read `spark.pyspark.python` for that: without this, a venv's interpreter run without
    # activating the venv (`venv/bin/python -m pytest`) gives workers another Python, without this package.
    saved = os.environ.get("PYSPARK_PYTHON")
    os.environ["PYSPARK_PYTHON"] = sys.executable
    session = (
        SparkSession.builder.master("local[2]")
        .appName("bcp47-columns-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.memory", "512m")
        # Spark's Python workers start `python3` from PATH unless told: a venv's interpreter run without
        # activating the venv (`venv/bin/python -m pytest`) would give workers without this package.
        .config("spark.pyspark.python", sys.executable)
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()
    if saved is None:
        os.environ.pop("PYSPARK_PYTHON", None)
    else:
        os.environ["PYSPARK_PYTHON"] = saved


def test_spark_column_gives_the_cli_answers(spark: Any, want_text: list[dict[str, Any] | None]) -> None:
    from bcp47_explorer.columns.spark import bcp47_check

    df = spark.createDataFrame(list(zip(range(SIZE), _with_nulls(TEXT), strict=True)), "n long, tag string")
    rows = df.repartition(2).select("n", bcp47_check("tag").alias("r")).orderBy("n").collect()
    _same([r["r"].asDict() if r["r"] is not None else None for r in rows], want_text)


def test_a_column_checker_is_let_go_with_its_engine() -> None:
    """The checker (and its memo of rows) made for an engine is kept with it, and goes when the engine goes."""
    import gc
    import weakref

    base = bundled_engine()
    engine = TagEngine(base.registry, base.cldr, base.extensions)
    rows = check_arrow(pa.array(["en-US", "en_US", None]), engine=engine).to_pylist()
    assert [r["valid"] if r is not None else None for r in rows] == [True, False, None]
    checker = engine.kept["column_checker"]
    assert columns._checker(engine) is checker
    gone = [weakref.ref(engine), weakref.ref(checker)]
    del engine, checker, rows
    gc.collect()
    assert [ref() for ref in gone] == [None, None]
