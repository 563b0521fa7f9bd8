"""Tags per second: our engine against langcodes, language_tags, iana_bcp47 and a regex-plus-dict floor.

Every implementation runs in its own process over the same deterministic corpus
(benchmarks/corpus.py: real tags from the registry and CLDR, -u-/-t-/-x- tags, about 20%
malformed, no repeats). Each process loads its library, warms up on a different small set of
tags, then times one pass over the corpus; the best of --repeat fresh processes counts. No
result cache: our engine has none, and a single pass over distinct strings gives the peers'
internal caches nothing to reuse. Then the whole process ``bcp47 check --json -`` over the
corpus is timed against a plain Python loop of ``iana_bcp47.validate_bcp47`` that prints one
small JSON object per tag (start-up and data loading included for both).

    python benchmarks/bench_engine.py [--size N] [--repeat R]

Writes a Markdown table to stdout and to benchmarks/results/engine.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._env import bench_env, precompile  # noqa: E402
from benchmarks.corpus import SEED, SIZE, build  # noqa: E402

# Each worker reads the corpus path from argv[1] and prints {"n": ..., "seconds": ...}.
_WORKER_HEAD = """
import json, sys, time
tags = open(sys.argv[1], encoding="utf-8").read().split("\\n")[:-1]
warm = ["en", "en-US", "zh-Hant-TW", "sr-Latn-RS", "de-DE-u-co-phonebk", "en_US", "en--US", "x-a"] * 50
"""

WORKERS = {
    "bcp47-explorer: check + canonical": """
from bcp47_explorer.core.tag import TagEngine
engine = TagEngine.bundled()
check = engine.check
def run(tags):
    for t in tags:
        r = check(t)
        r.valid
        r.canonical
""",
    "bcp47-explorer: check + canonical + all diagnostics": """
from bcp47_explorer.core.tag import TagEngine
engine = TagEngine.bundled()
check = engine.check
def run(tags):
    for t in tags:
        r = check(t)
        r.valid
        r.canonical
        r.analysis.diagnostics
""",
    "floor: one compiled regex + dict lookups": """
import re
from bcp47_explorer.core.data import bundled_registry
reg = bundled_registry()
langs, scripts, regions = (frozenset(reg.table(t)) for t in ("language", "script", "region"))
pat = re.compile(r"([A-Za-z]{2,3})(?:-([A-Za-z]{4}))?(?:-([A-Za-z]{2}|[0-9]{3}))?((?:-[A-Za-z0-9]{2,8})*)")
match = pat.fullmatch
def run(tags):
    for t in tags:
        m = match(t)
        if m is None:
            continue
        lang, script, region, rest = m.groups()
        ok = lang.lower() in langs and (script is None or script.lower() in scripts) and (
            region is None or region.lower() in regions)
        canon = lang.lower() + (("-" + script.title()) if script else "")
        canon += (("-" + region.upper()) if region else "") + rest.lower()
""",
    "langcodes: tag_is_valid + standardize_tag": """
import langcodes
def run(tags):
    for t in tags:
        langcodes.tag_is_valid(t)
        try:
            langcodes.standardize_tag(t)
        except Exception:
            pass
""",
    "language_tags: tags.check + tag().format": """
from language_tags import tags as lt
def run(tags):
    for t in tags:
        lt.check(t)
        try:
            lt.tag(t).format
        except Exception:
            pass
""",
    "iana_bcp47: validate_bcp47": """
from iana_bcp47.validator import validate_bcp47
def run(tags):
    for t in tags:
        validate_bcp47(t)
""",
}

_WORKER_TAIL = """
run(warm)
t0 = time.perf_counter()
run(tags)
print(json.dumps({"n": len(tags), "seconds": time.perf_counter() - t0}))
"""

IANA_CLI_LOOP = """
import json, sys
from iana_bcp47.validator import validate_bcp47
out = sys.stdout.write
for line in sys.stdin:
    tag = line.rstrip("\\n")
    ok, message = validate_bcp47(tag)
    out(json.dumps({"input": tag, "valid": ok, "message": message}) + "\\n")
"""


def _run_worker(code: str, corpus: Path) -> float:
    env = bench_env()
    done = subprocess.run(
        [sys.executable, "-c", _WORKER_HEAD + code + _WORKER_TAIL, str(corpus)],
        capture_output=True, text=True, env=env, cwd=ROOT, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr else "worker failed")
    got = json.loads(done.stdout.strip().splitlines()[-1])
    return float(got["n"]) / float(got["seconds"])


def _whole_process(argv: list[str], corpus: Path) -> float:
    env = bench_env()
    with corpus.open("rb") as stdin:
        t0 = time.perf_counter()
        subprocess.run(argv, stdin=stdin, stdout=subprocess.DEVNULL, env=env, cwd=ROOT, check=False)
        return time.perf_counter() - t0


def main() -> None:
    precompile()
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", type=int, default=SIZE, help=f"corpus size (default {SIZE})")
    ap.add_argument("--repeat", type=int, default=3, help="fresh processes per implementation; best counts")
    args = ap.parse_args()

    tags = build(args.size, SEED)
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus.txt"
        corpus.write_text("\n".join(tags) + "\n", encoding="utf-8")
        rows = []
        for name, code in WORKERS.items():
            try:
                rate = max(_run_worker(code, corpus) for _ in range(args.repeat))
                rows.append((name, f"{rate:,.0f}"))
            except (RuntimeError, OSError) as exc:
                rows.append((name, f"not run ({exc})"))
            print(f"  {name}: {rows[-1][1]}", file=sys.stderr)
        ours = min(
            _whole_process([sys.executable, "-m", "bcp47_explorer.cli", "check", "--json", "-"], corpus)
            for _ in range(args.repeat)
        )
        peer = min(_whole_process([sys.executable, "-c", IANA_CLI_LOOP], corpus) for _ in range(args.repeat))

    bad = sum(1 for t in tags if not _looks_well_formed(t))
    lines = [
        f"Corpus: {len(tags):,} distinct strings (seed {SEED}; about {bad / len(tags):.0%} malformed), "
        f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs.",
        "",
        "| Implementation (Python API, one process each) | tags/s |",
        "|---|---:|",
        *(f"| {name} | {rate} |" for name, rate in rows),
        "",
        "| Whole process over the corpus, start-up included | seconds | tags/s |",
        "|---|---:|---:|",
        f"| `bcp47 check --json -` (full JSON: subtags, diagnostics) | {ours:.2f} | {len(tags) / ours:,.0f} |",
        f"| loop of `iana_bcp47.validate_bcp47` printing one JSON object per tag | {peer:.2f} | "
        f"{len(tags) / peer:,.0f} |",
        "",
        f"Command: `python benchmarks/bench_engine.py --size {args.size} --repeat {args.repeat}`",
    ]
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    out = ROOT / "benchmarks" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "engine.md").write_text(text, encoding="utf-8")


def _looks_well_formed(tag: str) -> bool:
    from bcp47_explorer.core.tag import TagEngine

    return TagEngine.bundled().check(tag).well_formed


if __name__ == "__main__":
    main()
