"""Measure loading the registry in a cold process, and search, beside the peer libraries.

Run:  python benchmarks/bench_registry.py [--runs N]

Each measurement starts a fresh Python process (so nothing is cached in memory) and
reports the median of N runs:
- whole process: wall time of `python -c ...` from spawn to exit;
- in process: from before the first import of the library to "ready".
For BCP 47 Explorer "ready" is measured three times: parsing the file with no parse
cache (a first start), loaded with its lookup indexes (the parse cache, keyed by the
file's sha256, is used as on every later start), and with the search index built too.
Peers are ready when their first call that needs the registry has returned.
Peers that are not installed are skipped (pip install '.[bench]').
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._env import bench_env, precompile  # noqa: E402

CASES: dict[str, str] = {
    "bcp47-explorer: first start, no parse cache (BCP47_EXPLORER_CACHE=off)": (
        "import os\nos.environ['BCP47_EXPLORER_CACHE'] = 'off'\n"
        "from bcp47_explorer.core.data import load_registry\nr = load_registry()\nassert r.get('language', 'en')"
    ),
    "bcp47-explorer: registry loaded + lookup indexes": (
        "from bcp47_explorer.core.data import load_registry\nr = load_registry()\nassert r.get('language', 'en')"
    ),
    "bcp47-explorer: + search index (first search)": (
        "from bcp47_explorer.core.data import load_registry\nr = load_registry()\nassert r.search('norwegian')"
    ),
    "langcodes 3.x: tag_is_valid('en')": "import langcodes\nassert langcodes.tag_is_valid('en')",
    "language_tags: tags.check('en')": "from language_tags import tags\nassert tags.check('en')",
    "iana_bcp47: validate_bcp47('en')": (
        "from iana_bcp47 import validate_bcp47\nassert validate_bcp47('en') in (True, None) or True"
    ),
}

PROBE = """
import time, json
_t0 = time.perf_counter()
{body}
_t1 = time.perf_counter()
print(json.dumps({{"ms": (_t1 - _t0) * 1000}}))
"""

QUERIES = ["en", "sl", "norweg", "provencal", "chinese mandarin", "latin", "zh-min-nan", "qab", "german", "e"]


def _available(name: str) -> bool:
    module = {"langcodes": "langcodes", "language_tags": "language_tags", "iana_bcp47": "iana_bcp47"}.get(name)
    if module is None:
        return True
    probe = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True, cwd=ROOT)
    return probe.returncode == 0


def measure_load(runs: int) -> list[tuple[str, float, float]]:
    """Return (case, median in-process ms, median whole-process ms) per case."""
    rows = []
    env = bench_env()
    for name, body in CASES.items():
        if not _available(name.split(" ")[0].split(":")[0]):
            print(f"  skipped (not installed): {name}", file=sys.stderr)
            continue
        inner, outer = [], []
        code = PROBE.format(body=body)
        subprocess.run([sys.executable, "-c", code], capture_output=True, cwd=ROOT, env=env)  # warm the disk cache
        for _ in range(runs):
            start = time.perf_counter()
            proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env)
            outer.append((time.perf_counter() - start) * 1000)
            if proc.returncode != 0:
                raise SystemExit(f"{name} failed:\n{proc.stderr}")
            inner.append(json.loads(proc.stdout.strip().splitlines()[-1])["ms"])
        rows.append((name, statistics.median(inner), statistics.median(outer)))
    return rows


def measure_search(repeat: int) -> list[tuple[str, float, float, int]]:
    """Return (query, median ms, max ms, hits) for our ranked search over all records."""
    sys.path.insert(0, str(ROOT))
    from bcp47_explorer.core.data import load_registry

    reg = load_registry()
    reg.search("warm up the index")
    rows = []
    for q in QUERIES:
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            hits = reg.search(q)
            times.append((time.perf_counter() - start) * 1000)
        rows.append((q, statistics.median(times), max(times), len(hits)))
    return rows


def measure_peer_search(repeat: int) -> list[tuple[str, float]]:
    """Return (query, median ms) for language_tags' description search, for comparison."""
    code = f"""
import json, statistics, time
from language_tags import tags
tags.search("warm")
out = []
for q in {QUERIES!r}:
    times = []
    for _ in range({repeat}):
        t = time.perf_counter(); tags.search(q); times.append((time.perf_counter() - t) * 1000)
    out.append((q, statistics.median(times)))
print(json.dumps(out))
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    if proc.returncode != 0:
        return []
    return [tuple(x) for x in json.loads(proc.stdout)]  # type: ignore[misc]


def main() -> None:
    precompile()
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=9, help="fresh processes per case (default 9)")
    parser.add_argument("--repeat", type=int, default=30, help="repetitions per search query (default 30)")
    args = parser.parse_args()

    print(f"Python {sys.version.split()[0]} on {os.cpu_count()} cores; median of {args.runs} cold processes\n")
    print("| registry load (cold process) | in process, ms | whole process, ms |")
    print("|---|---:|---:|")
    for name, inner, outer in measure_load(args.runs):
        print(f"| {name} | {inner:.0f} | {outer:.0f} |")

    peer = dict(measure_peer_search(args.repeat))
    print(
        f"\n| search over all records (median of {args.repeat}) | ours, ms | max, ms | hits "
        "| language_tags.search, ms |"
    )
    print("|---|---:|---:|---:|---:|")
    for q, med, worst, hits in measure_search(args.repeat):
        other = f"{peer[q]:.2f}" if q in peer else "n/a"
        print(f"| `{q}` | {med:.2f} | {worst:.2f} | {hits} | {other} |")


if __name__ == "__main__":
    main()
