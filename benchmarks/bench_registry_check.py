"""Measure what checking a registry file costs before it is used (File > Open, download, ``--registry``).

Run:  python benchmarks/bench_registry_check.py [--runs N]

Reports the median of N runs, in one process, on the bundled registry's text (9,296 records):
- parse: ``Registry.from_text`` alone (what any load costs without the parse cache);
- inspect: field names and fields per Type of every record, and the comparison with the bundled
  registry (Types, records, File-Date) -- the extra work of :mod:`registry_check`;
- open_checked: read + parse + inspect, what the GUI and the CLI's ``--registry`` do;
- fold: folding all 66 multi-line Description/Comments fields of the registry with ``fold_field``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _median_ms(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    """Print one line per measurement."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)

    from bcp47_explorer.core.data import REGISTRY_FILE, bundled_registry, resource_path
    from bcp47_explorer.core.registry.check import inspect, open_checked
    from bcp47_explorer.core.registry.model import Registry
    from bcp47_explorer.core.registry.registration import fold_field

    path = resource_path(REGISTRY_FILE)
    text = path.read_text(encoding="utf-8")
    reference = bundled_registry()
    parsed = Registry.from_text(text, "copy")
    fields = []
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith(("Description: ", "Comments: ")) and lines[i + 1].startswith("  "):
            j, parts = i + 1, [line.partition(": ")[2]]
            while lines[j].startswith("  "):
                parts.append(lines[j].strip())
                j += 1
            fields.append((line.partition(":")[0], " ".join(parts)))
    rows = [
        ("parse (Registry.from_text)", lambda: Registry.from_text(text, "copy")),
        ("inspect (fields + comparison)", lambda: inspect(parsed, text, reference)),
        ("open_checked (read + parse + inspect)", lambda: open_checked(path, reference)),
        (f"fold {len(fields)} long fields", lambda: [fold_field(n, v) for n, v in fields]),
    ]
    print(f"median of {args.runs} runs, Python {sys.version.split()[0]}")
    for name, fn in rows:
        print(f"{name:<40} {_median_ms(fn, args.runs):8.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
