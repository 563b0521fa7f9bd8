#!/usr/bin/env python3
"""Likely subtags and CLDR best fit: tags per second, ours beside langcodes, in one run.

    python benchmarks/bench_likely.py [--size N] [--repeat R]

The inputs are real and hard: every language, language-region and language-script key of CLDR
48's likelySubtags plus the registry's tags with deprecated or aliased subtags (cmn-TW, iw-IL,
sh, no-bokmal, ...), shuffled with a fixed seed; the same list for every implementation. Each
implementation runs in its own fresh process (library loading not timed; one warm-up pass on a
different small list); the best of --repeat processes counts.

- maximize: ours is the whole path a user gets (UTS #35 canonical form first, then §4.3);
  langcodes: ``Language.get(tag).maximize()`` (its own, older CLDR data).
- best fit: one desired tag against a fixed list of 30 supported locales; ours:
  ``Matcher.best_fit``, langcodes: ``closest_supported_match``.

Writes a Markdown table to stdout and to benchmarks/results/likely.md.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._env import bench_env, precompile  # noqa: E402

SUPPORTED = [
    "en",
    "en-GB",
    "en-AU",
    "en-IN",
    "fr",
    "fr-CA",
    "de",
    "de-CH",
    "es",
    "es-419",
    "es-MX",
    "pt",
    "pt-PT",
    "it",
    "nl",
    "sv",
    "nb",
    "da",
    "fi",
    "pl",
    "ru",
    "uk",
    "zh-Hans",
    "zh-Hant",
    "ja",
    "ko",
    "ar",
    "he",
    "hi",
    "tr",
]

_HEAD = """
import json, sys, time
tags = json.load(open(sys.argv[1], encoding="utf-8"))
warm = ["en", "zh-TW", "sr", "und-Arab", "iw-IL", "cmn-Hant", "de-CH"] * 30
SUPPORTED = %r
"""

WORKERS = {
    "bcp47-explorer: maximize (UTS #35 canonical form, then §4.3)": """
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.build.localeinfo import unicode_canonicalizer
from bcp47_explorer.core.data import bundled_supplemental
sup = bundled_supplemental(); canon = unicode_canonicalizer(bundled_engine())
def run(tags):
    for t in tags:
        sup.maximize(t, canon)
""",
    "bcp47-explorer: maximize + minimize both ways (likely_info)": """
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.build.localeinfo import likely_info
from bcp47_explorer.core.data import bundled_supplemental
engine = bundled_engine(); sup = bundled_supplemental()
def run(tags):
    for t in tags:
        likely_info(engine, t, sup)
""",
    "langcodes: Language.get(tag).maximize()": """
from langcodes import Language
def run(tags):
    for t in tags:
        try:
            Language.get(t).maximize()
        except Exception:
            pass
""",
    "bcp47-explorer: best fit among 30 locales": """
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.build.localeinfo import matcher_for
m = matcher_for(bundled_engine())
def run(tags):
    for t in tags:
        m.best_fit([t], SUPPORTED)
""",
    "langcodes: closest_supported_match among 30 locales": """
from langcodes import closest_supported_match
def run(tags):
    for t in tags:
        try:
            closest_supported_match(t, SUPPORTED)
        except Exception:
            pass
""",
}

_TAIL = """
run(warm)
t0 = time.perf_counter()
run(tags)
print(json.dumps({"n": len(tags), "seconds": time.perf_counter() - t0}))
"""


def corpus(size: int, seed: int = 4646) -> list[str]:
    """Return *size* tags: CLDR likelySubtags keys and registry tags with aliases, shuffled."""
    from bcp47_explorer.core.data import bundled_registry, bundled_supplemental

    keys = [k for k in bundled_supplemental()._likely if not k.startswith("und-")]
    reg = bundled_registry()
    deprecated = [r.code for r in reg.deprecated_records() if r.type in ("language", "region", "redundant")]
    extra = ["cmn-TW", "iw-IL", "sh", "no-bokmal", "zh-min-nan", "sgn-BR", "hy-SU", "en-Zzzz-ZZ", "x-foo", "en--US"]
    pool = keys + [d for d in deprecated if "-" not in d or d.count("-") < 3] + extra
    rng = random.Random(seed)
    rng.shuffle(pool)
    while len(pool) < size:
        pool += pool
    return pool[:size]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=5000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    precompile()
    tags = corpus(args.size)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "tags.json"
        path.write_text(json.dumps(tags), "utf-8")
        for name, body in WORKERS.items():
            script = _HEAD % (SUPPORTED,) + body + _TAIL
            best = None
            for _ in range(args.repeat):
                argv = [sys.executable, "-c", script, str(path)]
                out = subprocess.run(argv, capture_output=True, text=True, env=bench_env(), check=True)
                got = json.loads(out.stdout.strip().splitlines()[-1])
                rate = got["n"] / got["seconds"]
                best = rate if best is None or rate > best else best
            assert best is not None
            rows.append((name, best))
            print(f"  {name}: {best:,.0f}", file=sys.stderr)
    lines = [
        f"Corpus: {len(tags):,} tags (CLDR likelySubtags keys and deprecated/aliased registry tags, seed 4646), "
        f"Python {sys.version.split()[0]}.",
        "",
        f"| Implementation (one process each, best of {args.repeat}) | tags/s |",
        "|---|---:|",
        *(f"| {name} | {rate:,.0f} |" for name, rate in rows),
        "",
        f"Command: `python benchmarks/bench_likely.py --size {args.size} --repeat {args.repeat}`",
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    results = ROOT / "benchmarks" / "results"
    results.mkdir(exist_ok=True)
    (results / "likely.md").write_text(text, "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
