"""What ``plausibility`` (CLDR's notes on a valid tag, issue 20) costs ``bcp47 check --json`` and the batch export.

``check_json_lines`` over two corpora, with the engine's notes and without them (``engine.plausibility = None``,
as before), alternating runs, CPU and wall time (median):

- **random**: ``benchmarks.corpus.build`` (random registered subtags: most script/region pairs are unusual for
  the language, so most valid tags get a note: the worst case);
- **usual**: the tags of CLDR's likely subtags (``und-XX`` → ``ll-Ssss-RR``) repeated, as a column of real
  locales is: few notes.

    python benchmarks/bench_plausibility.py [--repeat R] [--n N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import build


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--n", type=int, default=20000)
    args = parser.parse_args()
    from bcp47_explorer.core.data import engine_for
    from bcp47_explorer.core.engine.checkjson import check_json_lines

    usual_pool = []
    engine = engine_for()
    supplemental = engine.supplemental
    assert supplemental is not None
    for region in sorted(r for r in engine.registry.table("region") if len(r) == 2 and r.isalpha()):
        hit = supplemental.lookup_lsr("und", "", region.upper())
        if hit is not None:
            lang, script, reg = hit[1]
            usual_pool += [f"{lang}-{reg}", f"{lang}-{script}-{reg}", lang]
    corpora = {
        "random": build(args.n, seed=3),
        "usual": (usual_pool * (args.n // max(1, len(usual_pool)) + 1))[: args.n],
    }
    print("| corpus | tags | tags with notes | notes off: CPU | wall | notes on: CPU | wall | CPU change |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, tags in corpora.items():
        times: dict[bool, list[tuple[float, float]]] = {True: [], False: []}
        noted = 0
        for _ in range(args.repeat):
            for on in (False, True):
                e = engine_for()  # fresh: its memo and CLDR's per-language data are built inside the clock
                if not on:
                    e.plausibility = None
                c, w = time.process_time(), time.perf_counter()
                count = sum(
                    1 for line, _ in check_json_lines(e, tags) if on and not line.endswith('"plausibility":[]}')
                )
                times[on].append((time.process_time() - c, time.perf_counter() - w))
                noted = count if on else noted
        off_c = statistics.median(t[0] for t in times[False]) * 1000
        off_w = statistics.median(t[1] for t in times[False]) * 1000
        on_c = statistics.median(t[0] for t in times[True]) * 1000
        on_w = statistics.median(t[1] for t in times[True]) * 1000
        print(
            f"| {name} | {len(tags):,} | {noted:,} | {off_c:.0f} ms | {off_w:.0f} ms | {on_c:.0f} ms | {on_w:.0f} ms "
            f"| {100 * (on_c - off_c) / off_c:+.0f} % |"
        )


if __name__ == "__main__":
    main()
