"""Measure the Build pane's pickers: each keystroke in a filter over all records, against a 16 ms frame.

Run:  python benchmarks/bench_build.py [--runs N] [--json]

Each query is typed one keystroke at a time into the real picker (offscreen); a keystroke is timed
from the filter field's text change (the core filter over all choices, the RowTableModel reset, the
best row made current) to a synchronous repaint of the list. The pickers filter on every keystroke
without a debounce, so this is all the work a keystroke costs. The language list holds every
language record of the registry with CLDR display names, English names and autonyms as search keys.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

TARGET_MS = 16.0

#: (picker, queries typed keystroke by keystroke); "" is the cleared field (every record listed).
QUERIES = (
    ("language", ("german", "deutsch", "español", "日本語", "serbian", "e", "a", "zh", "chinese mandarin", "")),
    ("script", ("latin", "cyrl", "han", "")),
    ("region", ("serbia", "latin america", "419", "u", "")),
    ("variant", ("rozaj", "oxford", "1901", "")),
)


@dataclass(frozen=True, slots=True)
class Figure:
    """One measured figure (milliseconds) with its target."""

    name: str
    records: int
    median_ms: float
    p95_ms: float
    max_ms: float
    samples: int
    target_ms: float

    @property
    def ok(self) -> bool:
        """Whether the median meets the target (p95 and max are reported: a shared machine has outliers)."""
        return self.median_ms < self.target_ms


def _figure(name: str, records: int, samples: list[float]) -> Figure:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return Figure(name, records, statistics.median(ordered), p95, ordered[-1], len(ordered), TARGET_MS)


def run(runs: int) -> list[Figure]:
    """Type every query into its picker *runs* times and return one figure per picker."""
    from bcp47_explorer.core.data import bundled_cldr, bundled_engine, bundled_registry
    from bcp47_explorer.ui.build import STEPS, BuildPane
    from bcp47_explorer.ui.state import TagState
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(["bench"])
    state = TagState("sl")
    pane = BuildPane(state, bundled_engine(), bundled_registry(), bundled_cldr())
    pane.resize(1100, 720)
    pane.show()
    deadline = time.monotonic() + 60
    while not pane.ready and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)
    if not pane.ready:
        raise RuntimeError("the Build pane did not load its language list")
    figures = []
    for key, queries in QUERIES:
        picker = pane.pickers[key]
        pane.go_to_step([k for k, _ in STEPS].index(key))  # the list is on screen: its repaint is real
        app.processEvents()
        work: list[float] = []
        total: list[float] = []
        for _ in range(runs):
            for query in queries:
                for text in [query[:i] for i in range(1, len(query) + 1)] or [""]:
                    t0 = time.perf_counter()
                    picker.filter_edit.setText(text)  # textChanged filters at once: no debounce to bypass
                    t1 = time.perf_counter()
                    picker.view.viewport().repaint()
                    t2 = time.perf_counter()
                    work.append((t1 - t0) * 1000)
                    total.append((t2 - t0) * 1000)
                picker.filter_edit.clear()
        n = len(picker.all_choices())
        figures.append(_figure(f"{key}: filter + model update", n, work))
        figures.append(_figure(f"{key}: the same + list repaint", n, total))
    # Peer: one repaint of the Registry pane's table at the same size, to read the repaint figures against.
    from bcp47_explorer.ui.browser import BrowserPane

    browser = BrowserPane(bundled_registry(), name_index=False)  # a repaint peer: no loader thread beside it
    browser.resize(1100, 720)
    browser.show()
    app.processEvents()
    peer = []
    for _ in range(runs * 10):
        t0 = time.perf_counter()
        browser.table.viewport().repaint()
        peer.append((time.perf_counter() - t0) * 1000)
    figures.append(_figure("peer: Registry table repaint alone", len(bundled_registry()), peer))
    browser.close()
    pane.close()
    return figures


def main(argv: list[str] | None = None) -> int:
    """Print the figures (or JSON); exit 1 when a picker misses the 16 ms target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    figures = run(args.runs)
    if args.json:
        for f in figures:
            print(json.dumps({**asdict(f), "ok": f.ok}))
    else:
        print(f"{'figure':40} {'records':>8} {'median':>9} {'p95':>9} {'max':>9} {'target':>8}  n")
        for f in figures:
            print(f"{f.name:40} {f.records:8,} {f.median_ms:8.1f}ms {f.p95_ms:8.1f}ms {f.max_ms:8.1f}ms "
                  f"{f.target_ms:7.0f}ms  {f.samples} {'ok' if f.ok else 'MISSED'}")  # fmt: skip
    return 0 if all(f.ok for f in figures if "repaint" not in f.name) else 1


if __name__ == "__main__":
    sys.exit(main())
