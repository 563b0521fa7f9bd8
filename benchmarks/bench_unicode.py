"""Tags per second of the Unicode (UTS #35) side, beside the RFC 5646 canonical form and langcodes, in one run.

Rows (each in its own process over the same deterministic corpus as bench_engine.py, warmed up
on a different small set, one timed pass, the best of --repeat fresh processes):

- the RFC 5646 §4.5 canonical form (``TagEngine.canonicalize``), with its steps;
- the Unicode canonical form (UTS #35 Annex C, ``unicode_canonical``), with its steps;
- the Unicode verdict (``unicode_valid``) on a checked tag;
- ``langcodes.standardize_tag`` (its own CLDR-based normalization; not Annex C: see the README).

More rows (maximize, display names) are added with their features: one entry in WORKERS each.

    python benchmarks/bench_unicode.py [--size N] [--repeat R]

Writes a Markdown table to stdout and to benchmarks/results/unicode.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._env import precompile  # noqa: E402
from benchmarks.bench_engine import _run_worker  # noqa: E402
from benchmarks.corpus import SEED, SIZE, build  # noqa: E402

WORKERS = {
    "bcp47-explorer: RFC 5646 canonical form (canonicalize, with steps)": """
from bcp47_explorer.core.engine.tag import TagEngine
engine = bundled_engine()
canonicalize = engine.canonicalize
def run(tags):
    for t in tags:
        canonicalize(t).tag
""",
    "bcp47-explorer: Unicode canonical form (UTS #35 Annex C, with steps)": """
from bcp47_explorer.core.engine.tag import TagEngine
from bcp47_explorer.core.engine.unicode_locale import unicode_canonicalizer
canonicalize = unicode_canonicalizer(bundled_engine()).canonicalize
def run(tags):
    for t in tags:
        canonicalize(t).tag
""",
    "bcp47-explorer: check + Unicode verdict (unicode_valid)": """
from bcp47_explorer.core.engine.tag import TagEngine
from bcp47_explorer.core.engine.unicode_validity import unicode_verdict
engine = bundled_engine()
check = engine.check
def run(tags):
    for t in tags:
        unicode_verdict(engine, check(t)).valid
""",
    "langcodes: standardize_tag": """
import langcodes
from bcp47_explorer.core.data import bundled_engine
def run(tags):
    for t in tags:
        try:
            langcodes.standardize_tag(t)
        except Exception:
            pass
""",
}


def main() -> None:
    precompile()
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", type=int, default=SIZE, help=f"corpus size (default {SIZE})")
    ap.add_argument("--repeat", type=int, default=3, help="fresh processes per implementation; best counts")
    args = ap.parse_args()

    tags = build(args.size, SEED)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus.txt"
        corpus.write_text("\n".join(tags) + "\n", encoding="utf-8")
        for name, code in WORKERS.items():
            try:
                rate = max(_run_worker(code, corpus) for _ in range(args.repeat))
                rows.append((name, f"{rate:,.0f}"))
            except (RuntimeError, OSError) as exc:
                rows.append((name, f"not run ({exc})"))
            print(f"  {name}: {rows[-1][1]}", file=sys.stderr)
    lines = [
        f"Corpus: {len(tags):,} distinct strings (seed {SEED}), Python {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} CPUs.",
        "",
        "| Implementation (Python API, one process each) | tags/s |",
        "|---|---:|",
        *(f"| {name} | {rate} |" for name, rate in rows),
        "",
        f"Command: `python benchmarks/bench_unicode.py --size {args.size} --repeat {args.repeat}`",
    ]
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    out = ROOT / "benchmarks" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "unicode.md").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
