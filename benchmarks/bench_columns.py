"""Tags in data at scale (issue 22): whole processes, columns, best fit, the Unicode form, memory.

Every figure is measured in this run, beside its peer, in child processes (CPU time from the
kernel's accounting of the child and everything it waited for, wall time from the clock):

1. ``bcp47 check --json -`` on one tag (start-up and data loading alone) and on 20,000 all-distinct
   advice-heavy tags (``--jobs 1`` and the default) against a loop of ``iana_bcp47.validate_bcp47``
   writing one JSON line per tag;
2. the same on a realistic column of 200,000 rows (about 2% distinct: common locales first,
   then a long tail, drawn with Zipf weights; about 20% of the tail ill-formed);
3. the Polars expression and the DuckDB SQL function on 1,000,000 rows (about 1% distinct)
   against a plain per-row Python loop (``iana_bcp47.validate_bcp47`` per row: less work than ours);
4. best fit among 30 locales against ``langcodes.closest_supported_match``, and the Unicode
   canonical form against ``langcodes.standardize_tag``: all-distinct tags, and a stream of
   requests that repeats them (both sides keep their caches: langcodes memoizes its parses); each
   process first runs a short warm-up list, which makes each library load its data (ours loads CLDR's
   likely subtags on first use), so that loading is not counted as the tags' time;
5. the peak memory (max RSS) of ``bcp47 check --json -`` on 100,000 and 1,000,000 lines.

    python benchmarks/bench_columns.py [--quick]

Writes benchmarks/results/columns.md (a run with --only: columns-PART.md). Needs the bench extra (langcodes,
iana-bcp47) and the column packages (pyarrow, polars, duckdb).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._env import bench_env, precompile  # noqa: E402
from benchmarks.bench_likely import SUPPORTED  # noqa: E402
from benchmarks.bench_likely import corpus as likely_corpus  # noqa: E402
from benchmarks.corpus import build, build_advice  # noqa: E402

IANA_LOOP = """
import json, sys
from iana_bcp47.validator import validate_bcp47
out = sys.stdout.write
for line in sys.stdin:
    tag = line.rstrip("\\n")
    ok, message = validate_bcp47(tag)
    out(json.dumps({"input": tag, "valid": ok, "message": message}) + "\\n")
"""

# Common locales, most used first: the head of a column of user locales.
COMMON = [
    "en-US",
    "zh-CN",
    "es-ES",
    "hi-IN",
    "ar-SA",
    "pt-BR",
    "es-MX",
    "ru-RU",
    "ja-JP",
    "de-DE",
    "fr-FR",
    "en-GB",
    "id-ID",
    "bn-BD",
    "ur-PK",
    "tr-TR",
    "vi-VN",
    "ko-KR",
    "it-IT",
    "en-IN",
    "fa-IR",
    "pl-PL",
    "uk-UA",
    "nl-NL",
    "th-TH",
    "zh-TW",
    "en",
    "es",
    "pt-PT",
    "fr-CA",
    "en-CA",
    "en-AU",
    "es-AR",
    "es-CO",
    "sw-KE",
    "ms-MY",
    "ro-RO",
    "cs-CZ",
    "el-GR",
    "hu-HU",
    "sv-SE",
    "he-IL",
    "da-DK",
    "fi-FI",
    "nb-NO",
    "zh-Hant-HK",
    "sr-Latn-RS",
    "en-us",
    "EN-US",
    "en_US",
    "zh-Hans",
    "pt",
    "de",
    "fr",
    "ja",
    "ko",
    "iw-IL",
    "in-ID",
    "zh-cmn-Hans-CN",
]


def column(rows: int, distinct_share: float, seed: int) -> list[str]:
    """Return *rows* tags with about *distinct_share* distinct: common locales, then a Zipf-weighted long tail."""
    rnd = random.Random(seed)
    tail = [t for t in build(max(200, int(rows * distinct_share * 1.05)), seed=seed) if t not in COMMON]
    pool = COMMON + tail
    weights = [1.0 / (rank + 1) ** 0.9 for rank in range(len(pool))]
    return rnd.choices(pool, weights, k=rows)


def _run(argv: list[str], stdin_path: Path | None, env: dict[str, str] | None = None) -> tuple[float, float, int]:
    """Run *argv* (stdout discarded); return (CPU seconds, wall seconds, max RSS in KiB) of it and its children."""
    with open(stdin_path or os.devnull, "rb") as stdin:
        t0 = time.perf_counter()
        proc = subprocess.Popen(argv, stdin=stdin, stdout=subprocess.DEVNULL, env=env or bench_env(), cwd=ROOT)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"{argv[:4]} exited with {proc.returncode}")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss


CLI = [sys.executable, "-m", "bcp47_explorer.cli", "check", "--json"]
PEER = [sys.executable, "-c", IANA_LOOP]


def whole_process(name: str, tags: list[str], tmp: Path, repeat: int) -> list[str]:
    """Run the peer loop and both ``check`` commands *repeat* times, interleaved (a busy spell hits all alike).

    Each row gives the least and the median CPU time of its runs, the least wall time, and the ratios of the
    least times to the peer's least.
    """
    path = tmp / f"{name}.txt"
    path.write_text("\n".join(tags) + "\n", "utf-8")
    distinct = len(set(tags))
    commands = {
        "`bcp47 check --json --jobs 1 -`": [*CLI, "--jobs", "1", "-"],
        "`bcp47 check --json -` (default jobs)": [*CLI, "-"],
        "`iana_bcp47` JSON loop (peer)": PEER,
    }
    runs: dict[str, list[tuple[float, float, int]]] = {label: [] for label in commands}
    for _ in range(repeat):
        for label, argv in commands.items():
            runs[label].append(_run(argv, path))
    peer = runs["`iana_bcp47` JSON loop (peer)"]
    peer_cpu, peer_wall = min(r[0] for r in peer), min(r[1] for r in peer)
    rows = []
    for label, got in runs.items():
        cpu, wall = min(r[0] for r in got), min(r[1] for r in got)
        median = statistics.median(r[0] for r in got)
        rows.append(f"| {name} | {label} | {cpu:.2f} | {median:.2f} | {wall:.2f} | {peer_cpu / cpu:.1f}x | "
                    f"{peer_wall / wall:.1f}x |")  # fmt: skip
    print(f"  {name}: {len(tags):,} rows, {distinct:,} distinct", file=sys.stderr)
    print("\n".join(rows), file=sys.stderr)
    return rows


_FRAME = """
import json, sys, time, resource
tags = open(sys.argv[1], encoding="utf-8").read().split("\\n")[:-1]
def clock():
    return time.process_time(), time.perf_counter()
"""

FRAMES = {
    "Polars: `bcp47_check(pl.col(...))`": """
import polars as pl
from bcp47_explorer.columns.polars import bcp47_check
df = pl.DataFrame({"tag": tags})
c0, w0 = clock()
out = df.select(bcp47_check(pl.col("tag")).struct.field("valid"))
c1, w1 = clock()
assert out.height == len(tags)
""",
    "DuckDB: `select bcp47_check(tag) from t`": """
import duckdb, pyarrow as pa
from bcp47_explorer.columns.duckdb import register
con = register(duckdb.connect())
t = pa.table({"tag": tags})
c0, w0 = clock()
n = con.sql("select count(*) from (select bcp47_check(tag) as r from t) where r.valid").fetchall()
c1, w1 = clock()
""",
    "DuckDB: `select bcp47_valid(tag) from t` (one field)": """
import duckdb, pyarrow as pa
from bcp47_explorer.columns.duckdb import register
con = register(duckdb.connect())
t = pa.table({"tag": tags})
c0, w0 = clock()
n = con.sql("select count(*) from t where bcp47_valid(tag)").fetchall()
c1, w1 = clock()
""",
    "`columns.check_arrow` (pyarrow)": """
import pyarrow as pa
from bcp47_explorer.columns import check_arrow
arr = pa.array(tags)
c0, w0 = clock()
out = check_arrow(arr)
c1, w1 = clock()
assert len(out) == len(tags)
""",
    "per-row Python loop of `iana_bcp47.validate_bcp47` (peer)": """
from iana_bcp47.validator import validate_bcp47
c0, w0 = clock()
out = [validate_bcp47(t)[0] for t in tags]
c1, w1 = clock()
""",
}


def _child(code: str, path: Path, *, check: bool) -> subprocess.CompletedProcess[str]:
    """Run *code* in a fresh interpreter with the input file *path* as its argument; return what it printed."""
    return subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, env=bench_env(),
                          cwd=ROOT, check=check)  # fmt: skip


def frames(tags: list[str], tmp: Path, repeat: int) -> list[str]:
    """Run each implementation *repeat* times in a fresh process (its data loading counted); keep the least."""
    path = tmp / "frame.txt"
    path.write_text("\n".join(tags) + "\n", "utf-8")
    got: dict[str, list[float] | None] = {name: None for name in FRAMES}
    for _ in range(repeat):  # the rounds interleave the implementations: a busy spell hits them alike
        for name, body in FRAMES.items():
            code = _FRAME + body + "\nprint(json.dumps([c1 - c0, w1 - w0]))\n"
            done = _child(code, path, check=False)
            if done.returncode != 0:
                print(f"  {name}: failed: {done.stderr.strip().splitlines()[-1:]}", file=sys.stderr)
                continue
            cpu, wall = json.loads(done.stdout.strip().splitlines()[-1])
            best = got[name]
            got[name] = [cpu, wall] if best is None else [min(best[0], cpu), min(best[1], wall)]
            print(f"  {name}: {cpu:.2f} CPU s, {wall:.2f} wall s", file=sys.stderr)
    peer = got[list(FRAMES)[-1]]
    rows = []
    for name, v in got.items():
        if v is None or peer is None:
            rows.append(f"| {name} | not run | | | |")
            continue
        rows.append(f"| {name} | {v[0]:.2f} | {v[1]:.2f} | {peer[0] / v[0]:.1f}x | {peer[1] / v[1]:.1f}x |")
    return rows


_MICRO = """
import json, sys, time
tags = json.load(open(sys.argv[1], encoding="utf-8"))
SUPPORTED = %r
# hy-SU: a territory alias with several replacements, whose Unicode form asks likely subtags, which the
# engine loads on first use: loading data is start-up, not a tag's time (langcodes loads its data on import).
warm = ["en", "zh-TW", "sr", "und-Arab", "iw-IL", "cmn-Hant", "de-CH", "hy-SU"] * 30
"""

MICRO = {
    "best fit among 30 locales: bcp47-explorer `matcher_for(engine).best_fit`": """
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.build.localeinfo import matcher_for
m = matcher_for(bundled_engine())
def run(ts):
    for t in ts:
        m.best_fit([t], SUPPORTED)
""",
    "best fit among 30 locales: `langcodes.closest_supported_match` (peer)": """
from langcodes import closest_supported_match
def run(ts):
    for t in ts:
        try:
            closest_supported_match(t, SUPPORTED)
        except Exception:
            pass
""",
    "Unicode form: bcp47-explorer `unicode_canonical`": """
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine.unicode_locale import unicode_canonical
e = bundled_engine()
def run(ts):
    for t in ts:
        unicode_canonical(e, t).tag
""",
    "Unicode form: `langcodes.standardize_tag` (peer)": """
import langcodes
def run(ts):
    for t in ts:
        try:
            langcodes.standardize_tag(t)
        except Exception:
            pass
""",
}


def micro(tags: list[str], tmp: Path, label: str, repeat: int) -> list[str]:
    path = tmp / "micro.json"
    path.write_text(json.dumps(tags), "utf-8")
    rows = []
    for name, body in MICRO.items():
        code = (
            _MICRO % (SUPPORTED,)
            + body
            + """
run(warm)
c0, w0 = time.process_time(), time.perf_counter()
run(tags)
print(json.dumps([time.process_time() - c0, time.perf_counter() - w0]))
"""
        )
        best = None
        for _ in range(repeat):
            done = _child(code, path, check=True)
            cpu, wall = json.loads(done.stdout.strip().splitlines()[-1])
            best = (cpu, wall) if best is None else (min(best[0], cpu), min(best[1], wall))
        assert best is not None
        rows.append(f"| {label} | {name} | {len(tags) / best[0]:,.0f} | {len(tags) / best[1]:,.0f} |")
        print(f"  {rows[-1]}", file=sys.stderr)
    return rows


# Runs the command given after it in a child of its own and prints the child's peak RSS (KiB), CPU and wall time.
# Linux counts in a child's peak the size of the process it was started from (its copy of that memory before exec):
# started straight from this benchmark, which has grown to tens of MB by then, every command showed that size
# (the 72 MiB the ninth stop reported was this process's). A small launcher's is under any Python command's own.
_LAUNCH = """\
import os, sys, time
t0 = time.perf_counter()
pid = os.fork()
if pid == 0:
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.execv(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
print(usage.ru_maxrss, usage.ru_utime + usage.ru_stime, time.perf_counter() - t0, os.waitstatus_to_exitcode(status))
"""


def _peak(argv: list[str], stdin_path: Path) -> tuple[float, float, int]:
    """Run *argv* through :data:`_LAUNCH`; return its (CPU seconds, wall seconds, max RSS in KiB)."""
    with open(stdin_path, "rb") as stdin:
        done = subprocess.run(
            [sys.executable, "-S", "-c", _LAUNCH, *argv],
            stdin=stdin, capture_output=True, text=True, env=bench_env(), cwd=ROOT, check=True,
        )  # fmt: skip
    rss, cpu, wall, status = done.stdout.split()
    if int(status) not in (0, 1):
        raise RuntimeError(f"{argv[:4]} exited with {status}")
    return float(cpu), float(wall), int(rss)


def memory(tmp: Path, sizes: list[int]) -> list[str]:
    rows = []
    base = build(20_000, seed=7)
    for n in sizes:
        path = tmp / f"mem{n}.txt"
        with path.open("w", encoding="utf-8") as f:
            for i in range(0, n, len(base)):
                f.write("\n".join(base[: min(len(base), n - i)]) + "\n")
        for label, argv in (("--jobs 1", [*CLI, "--jobs", "1", "-"]), ("default jobs", [*CLI, "-"])):
            cpu, wall, rss = _peak(argv, path)
            rows.append(f"| {n:,} | {label} | {rss / 1024:.0f} | {cpu:.1f} | {wall:.1f} |")
            print(f"  {rows[-1]}", file=sys.stderr)
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="smaller inputs (a tenth), one repeat: a smoke run")
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--only", choices=("process", "frames", "micro", "memory"), action="append")
    args = ap.parse_args()
    precompile()
    scale = 10 if args.quick else 1
    repeat = 1 if args.quick else args.repeat
    only = set(args.only or ("process", "frames", "micro", "memory"))
    out = [
        f"Python {sys.version.split()[0]}, {platform.machine()}, {os.cpu_count()} cores (shared with other work: "
        "figures from a busy machine). CPU: user+system of the process and its children; wall: the clock.",
        "",
    ]
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        if "process" in only:
            advice = build_advice(20_000 // scale, seed=22)
            col = column(200_000 // scale, 0.02, seed=22)
            share = len(set(col)) / len(col)
            out += [
                "### Whole process: `bcp47 check --json -` against the `iana_bcp47` JSON loop",
                "",
                f"| Input | Command | CPU s (least of {repeat}) | CPU s (median) | wall s (least) | CPU vs peer | "
                "wall vs peer |",
                "|---|---|---:|---:|---:|---:|---:|",
            ]
            # One tag: what start-up and loading the data cost each side, apart from the tags' own time.
            out += whole_process("one tag (start-up)", ["en-US"], tmp, repeat)
            out += whole_process(f"{len(advice):,} all-distinct advice-heavy tags", advice, tmp, repeat)
            out += whole_process(f"column of {len(col):,} rows, {share:.1%} distinct", col, tmp, repeat)
            out.append("")
        if "frames" in only:
            col = column(1_000_000 // scale, 0.01, seed=23)
            share = len(set(col)) / len(col)
            rounds = max(repeat, 3) if not args.quick else 1
            out += [
                f"### Columns: {len(col):,} rows, {share:.1%} distinct (a fresh process each, least of {rounds} runs)",
                "",
                "| Implementation | CPU s | wall s | CPU vs loop | wall vs loop |",
                "|---|---:|---:|---:|---:|",
            ]
            out += frames(col, tmp, rounds)
            out.append("")
        if "micro" in only:
            distinct = likely_corpus(5000 // scale)
            rnd = random.Random(5)
            weights = [1.0 / (r + 1) for r in range(len(distinct))]
            repeated = rnd.choices(distinct, weights, k=20_000 // scale)
            out += [
                "### Best fit and the Unicode form against langcodes (tags per second)",
                "",
                "| Input | Implementation | tags/s (CPU) | tags/s (wall) |",
                "|---|---|---:|---:|",
            ]
            out += micro(distinct, tmp, f"{len(distinct):,} distinct tags", repeat)
            out += micro(repeated, tmp, f"{len(repeated):,} requests, {len(set(repeated)):,} distinct", repeat)
            out.append("")
        if "memory" in only:
            out += [
                "### Peak memory of `bcp47 check --json -`",
                "",
                "| Lines | Jobs | max RSS MiB | CPU s | wall s |",
                "|---:|---|---:|---:|---:|",
            ]
            out += memory(tmp, [100_000 // scale, 1_000_000 // scale])
            out.append("")
    parts = "".join(f" --only {part}" for part in args.only or ())
    repeats = f" --repeat {args.repeat}" if args.repeat != 2 else ""
    out.append(f"Command: `python benchmarks/bench_columns.py{' --quick' if args.quick else ''}{parts}{repeats}`")
    text = "\n".join(out) + "\n"
    print(text)
    results = ROOT / "benchmarks" / "results"
    results.mkdir(exist_ok=True)
    name = "columns" + "".join(f"-{part}" for part in sorted(args.only or ())) + ("-quick" if args.quick else "")
    (results / f"{name}.md").write_text(text, "utf-8")  # a partial run does not replace the whole run's file
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
