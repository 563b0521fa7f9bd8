"""Pins issue 22's streaming: each verb that reads '-' writes a line's result while standard input is still
open (a real process on a pipe: one line written, its result read back before the next is sent), in order,
with --jobs too; and ``bcp47 check --input/--column/--output`` on Parquet, CSV and JSON lines keeps every
column, adds the verdicts (the same as ``check --json``), writes the data versions, and says what is wrong
with a bad request in one line."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

ROOT = Path(__file__).resolve().parents[2]
GUARD = 120  # seconds before a hung test gives up (a guard against a hang, not a measure of speed)


def _start(args: list[str]) -> subprocess.Popen[bytes]:
    env = {**os.environ, "LC_ALL": "C.UTF-8"}
    return subprocess.Popen(
        [sys.executable, "-m", "bcp47_explorer.cli", *args],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=env,
    )  # fmt: skip


def _read_line(proc: subprocess.Popen[bytes]) -> bytes:
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    got = b""
    while not got.endswith(b"\n"):
        ready, _, _ = select.select([fd], [], [], GUARD)
        assert ready, f"no output within {GUARD} s while stdin is open: {got!r}"
        byte = os.read(fd, 1)
        assert byte, f"the output ended early: {got!r} (stderr: {proc.stderr.read() if proc.stderr else b''!r})"
        got += byte
    return got


LIVE_VERBS = {
    "check --json": (["check", "--json", "-"], lambda out, tag: json.loads(out)["input"] == tag),
    "check --json --jobs 2": (
        ["check", "--json", "--jobs", "2", "-"],
        lambda out, tag: json.loads(out)["input"] == tag,
    ),
    "canon": (["canon", "-"], lambda out, tag: out.strip() == {"en-us": "en-US", "iw": "he"}[tag]),
    "canon --json": (["canon", "--json", "-"], lambda out, tag: json.loads(out)["input"] == tag),
    "explain --json": (["explain", "--json", "-"], lambda out, tag: json.loads(out)["input"] == tag),
    "convert --json": (["convert", "--json", "-"], lambda out, tag: json.loads(out)["input"] == tag),
}


@pytest.mark.parametrize("verb", LIVE_VERBS)
def test_a_line_result_comes_out_while_stdin_is_open(verb: str) -> None:
    args, good = LIVE_VERBS[verb]
    proc = _start(args)
    assert proc.stdin is not None
    try:
        for tag in ("en-us", "iw"):
            proc.stdin.write(tag.encode() + b"\n")
            proc.stdin.flush()
            out = _read_line(proc).decode()
            assert proc.poll() is None  # still running: stdin is open
            assert good(out, tag), out
        proc.stdin.close()
        assert proc.wait(GUARD) in (0, 1)
    finally:
        proc.kill()
        proc.wait()


def test_check_json_keeps_order_and_answers_in_blocks(tmp_path: Path) -> None:
    tags = [f"en-x-n{i}" if i % 3 else "en_US" for i in range(9000)]
    stdin = "\n".join(tags).encode() + b"\n"
    for jobs in ("1", "2"):
        done = subprocess.run([sys.executable, "-m", "bcp47_explorer.cli", "check", "--json", "--jobs", jobs, "-"],
                              input=stdin, capture_output=True, cwd=ROOT, timeout=600, check=False)  # fmt: skip
        lines = [json.loads(x) for x in done.stdout.decode().splitlines()]
        assert [x["input"] for x in lines] == tags
        assert done.returncode == 1 and lines[0]["fix"] == "en-US"


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bcp47_explorer.cli", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=600, check=False)  # fmt: skip


def _want(tags: list[str]) -> list[dict[str, Any]]:
    cmd = [sys.executable, "-m", "bcp47_explorer.cli", "check", "--json", "-"]
    done = subprocess.run(cmd, input="\n".join(tags) + "\n", capture_output=True, text=True, cwd=ROOT, check=False)
    return [json.loads(x) for x in done.stdout.splitlines()]


TAGS = ["en-us", "iw", "en_US", "de-DE-u-co-phonebk", "en-US-Latn", "", "zh-yue"]


def _expected_rows() -> list[dict[str, Any]]:
    out = []
    for w in _want(TAGS):
        first = w["diagnostics"][0] if w["diagnostics"] else None
        out.append({"bcp47_valid": w["valid"], "bcp47_canonical": w["canonical"], "bcp47_fix": w["fix"],
                    "bcp47_code": first["code"] if first else None})  # fmt: skip
    return out


def test_check_a_parquet_column_keeps_the_columns_and_writes_the_versions(tmp_path: Path) -> None:
    src, dst = tmp_path / "in.parquet", tmp_path / "out.parquet"
    lang = [*TAGS, None]
    pq.write_table(pa.table({"id": list(range(len(lang))), "lang": lang, "score": [0.5] * len(lang)}), src)
    done = _cli("check", "--input", str(src), "--column", "lang", "--output", str(dst))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("bcp47: 8 rows checked (3 not valid, 1 null), written to ")
    table = pq.read_table(dst)
    assert table.column_names[:3] == ["id", "lang", "score"] and table.column("id").to_pylist() == list(range(8))
    meta = table.schema.metadata
    assert meta[b"bcp47_registry_file_date"].decode() in done.stderr and meta[b"bcp47_cldr_version"] == b"48"
    rows = table.to_pylist()
    got = [{k: r[k] for k in ("bcp47_valid", "bcp47_canonical", "bcp47_fix", "bcp47_code")} for r in rows[:-1]]
    assert got == _expected_rows()
    assert all(v is None for k, v in rows[-1].items() if k.startswith("bcp47_"))


def test_check_a_csv_and_a_json_lines_column(tmp_path: Path) -> None:
    csv_in = tmp_path / "in.csv"
    csv_in.write_bytes(b"id,lang\n" + b"".join(f"{i},{t}\n".encode() for i, t in enumerate(TAGS)) + b"99,de-\xff\n")
    out = tmp_path / "out.csv"
    done = _cli("check", "--input", str(csv_in), "--column", "lang", "--output", str(out))
    assert done.returncode == 1, done.stderr
    import csv

    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert [r["id"] for r in rows] == [str(i) for i in range(len(TAGS))] + ["99"]
    assert [r["bcp47_canonical"] or None for r in rows[:-1]] == [w["bcp47_canonical"] for w in _expected_rows()]
    assert rows[-1]["lang"] == "de-\ufffd" and rows[-1]["bcp47_code"] == "bad-character"
    versions = json.loads((tmp_path / "out.csv.bcp47.json").read_text())
    assert set(versions) == {"bcp47_registry_file_date", "bcp47_cldr_version"}
    jl = tmp_path / "in.data"
    jl.write_text("".join(json.dumps({"t": t, "n": i}) + "\n" for i, t in enumerate(TAGS)))
    done = _cli("check", "--input", str(jl), "--column", "t", "--output", str(tmp_path / "o.parquet"),
                "--format", "jsonl,parquet")  # fmt: skip
    assert done.returncode == 1, done.stderr
    got = pq.read_table(tmp_path / "o.parquet").to_pylist()
    assert [r["bcp47_fix"] for r in got] == [w["bcp47_fix"] for w in _expected_rows()]


_OUT = ["--output", "{dir}/o.csv"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--input", "{dir}/in.csv", "--column", "nope", *_OUT], "has no column 'nope'; its columns: id, lang"),
        (["--input", "{dir}/missing.csv", "--column", "lang", *_OUT], "no such file"),
        (["--input", "{dir}/in.csv", *_OUT], "needs --input FILE, --column NAME and --output FILE"),
        (["--input", "{dir}/in.txt", "--column", "lang", *_OUT], "give --format"),
        (["--input", "{dir}/in.csv", "--column", "lang", *_OUT, "--format", "xls"], "--format 'xls'"),
        (["--input", "{dir}/in.csv", "--column", "lang", *_OUT, "en"], "not both"),
    ],
)
def test_a_bad_file_request_is_one_clear_line(tmp_path: Path, args: list[str], message: str) -> None:
    (tmp_path / "in.csv").write_text("id,lang\n1,en\n")
    (tmp_path / "in.txt").write_text("id,lang\n1,en\n")
    done = _cli("check", *[a.format(dir=tmp_path) for a in args])
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and message in done.stderr, done.stderr


def test_check_a_csv_column_whose_quoted_cells_hold_line_breaks(tmp_path: Path) -> None:
    """Issue 26 item 5: a quoted cell with a line break is one tag, also where it straddles a read block (1 MB)."""
    # Most line breaks are inside cells: each block boundary (about every 1 MB) falls inside one unless read right.
    rows = [f'{i},"en\n\n\n\nUS",x' if i % 2 == 0 else f"{i},fr,y" for i in range(200_000)]
    csv_in = tmp_path / "in.csv"
    csv_in.write_text("id,lang,other\n" + "\n".join(rows) + "\n", encoding="utf-8")
    assert csv_in.stat().st_size > 2 << 20  # several blocks, so some multi-line cell straddles a block boundary
    out = tmp_path / "out.csv"
    done = _cli("check", "--input", str(csv_in), "--column", "lang", "--output", str(out))
    assert done.returncode == 1, done.stderr
    import csv

    got = list(csv.DictReader(out.open(encoding="utf-8", newline="")))
    assert [r["id"] for r in got] == [str(i) for i in range(200_000)]
    assert {(r["lang"], r["bcp47_code"]) for r in got if int(r["id"]) % 2 == 0} == {("en\n\n\n\nUS", "whitespace")}
    assert {(r["lang"], r["bcp47_valid"]) for r in got if int(r["id"]) % 2} == {("fr", "true")}
