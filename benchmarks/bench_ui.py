"""Measure the desktop app's responsiveness against the targets of issue 4.

Run:  python benchmarks/bench_ui.py [--runs N] [--only NAME ...] [--json]

Benchmarks (each a function ``bench_<name>(runs) -> list[Figure]`` listed in BENCHMARKS;
add new ones the same way):
- startup: a fresh ``python -m bcp47_explorer`` process, from spawn until the main window has been
  shown and the event loop runs (the app prints a monotonic time stamp then). Target < 1.5 s.
- search: type queries into the registry browser one keystroke at a time; each keystroke
  is timed from the search (Registry.search over all records) to the table model reset and
  a synchronous repaint of the table. The debounce delay is not counted. Target < 50 ms.
Runs offscreen (QT_QPA_PLATFORM=offscreen) unless a platform is set.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._env import bench_env, precompile  # noqa: E402

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

#: Queries typed keystroke by keystroke into the browser; "" is the cleared box (every record listed).
SEARCH_QUERIES = ("provencal", "norweg", "chinese mandarin", "latin", "zh-hant", "qab", "german", "e", "")


@dataclass(frozen=True, slots=True)
class Figure:
    """One measured figure with its target (in milliseconds)."""

    name: str
    median_ms: float
    p95_ms: float
    max_ms: float
    samples: int
    target_ms: float

    @property
    def ok(self) -> bool:
        """Whether the worst case meets the target."""
        return self.max_ms < self.target_ms


def _figure(name: str, samples: list[float], target: float) -> Figure:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return Figure(name, statistics.median(ordered), p95, ordered[-1], len(ordered), target)


# ------------------------------------------------------------------ startup
def bench_startup(runs: int) -> list[Figure]:
    """Time a fresh process from spawn until the main window is shown."""
    samples = []
    env = bench_env(BCP47_EXPLORER_STARTUP_PROBE="1")
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(runs):
            settings = Path(tmp) / f"settings-{i}.ini"  # a first start each time: no saved state helps
            t0 = time.monotonic()
            proc = subprocess.run(
                [sys.executable, "-m", "bcp47_explorer", "--quit-after", "0", "--settings", str(settings)],
                capture_output=True, text=True, cwd=ROOT, env=env, timeout=60,
            )  # fmt: skip
            shown = [line for line in proc.stdout.splitlines() if line.startswith("shown ")]
            if proc.returncode != 0 or not shown:
                raise RuntimeError(f"the app did not start: {proc.stderr[-2000:]}")
            samples.append((float(shown[0].split()[1]) - t0) * 1000)
    return [_figure("window shown after process start", samples, 1500.0)]


# ------------------------------------------------------------------- search
def _app() -> object:
    from PySide6.QtWidgets import QApplication

    return QApplication.instance() or QApplication(["bench"])


def bench_search(runs: int) -> list[Figure]:
    """Time each keystroke's search plus the table's model reset and repaint."""
    app = _app()
    from bcp47_explorer.core.data import bundled_registry
    from bcp47_explorer.ui.browser import BrowserPane

    registry = bundled_registry()
    pane = BrowserPane(registry)
    pane.resize(1200, 800)
    pane.show()
    app.processEvents()  # type: ignore[attr-defined]
    registry.search("warm up")  # the search index is built once per process; start-up pays for it
    # The one name index comes in from the pane's loader thread: keystrokes are timed with it, as a person's are.
    deadline = time.perf_counter() + 120
    while not pane.names_ready and time.perf_counter() < deadline:
        app.processEvents()  # type: ignore[attr-defined]
        time.sleep(0.01)
    per_key: list[float] = []
    all_records: list[float] = []
    for _ in range(runs):
        for query in SEARCH_QUERIES:
            prefixes = [query[:i] for i in range(1, len(query) + 1)] or [""]
            for text in prefixes:
                pane.search_edit.blockSignals(True)  # the debounce timer is bypassed: we time the work
                pane.search_edit.setText(text)
                pane.search_edit.blockSignals(False)
                t0 = time.perf_counter()
                pane.refresh()
                pane.table.viewport().repaint()
                elapsed = (time.perf_counter() - t0) * 1000
                (all_records if text == "" else per_key).append(elapsed)
    pane.close()
    return [
        _figure("search keystroke incl. view update", per_key, 50.0),
        _figure("cleared search: all 9,296 records listed", all_records, 50.0),
    ]


BENCHMARKS: dict[str, Callable[[int], list[Figure]]] = {
    "startup": bench_startup,
    "search": bench_search,
}


def main(argv: list[str] | None = None) -> int:
    """Run the chosen benchmarks, print a table (or JSON), return 1 when a target is missed."""
    precompile()
    parser = argparse.ArgumentParser(description="Measure BCP 47 Explorer's UI responsiveness.")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", nargs="*", choices=sorted(BENCHMARKS), help="run only these benchmarks")
    parser.add_argument("--json", action="store_true", help="one JSON object per figure")
    args = parser.parse_args(argv)
    figures: list[Figure] = []
    for name in args.only or list(BENCHMARKS):
        figures.extend(BENCHMARKS[name](args.runs))
    if args.json:
        for f in figures:
            print(json.dumps({**asdict(f), "ok": f.ok}))
    else:
        print(f"{'figure':45} {'median':>9} {'p95':>9} {'max':>9} {'target':>8}  n")
        for f in figures:
            print(f"{f.name:45} {f.median_ms:8.1f}ms {f.p95_ms:8.1f}ms {f.max_ms:8.1f}ms {f.target_ms:7.0f}ms"
                  f"  {f.samples} {'ok' if f.ok else 'MISSED'}")  # fmt: skip
    return 0 if all(f.ok for f in figures) else 1


if __name__ == "__main__":
    sys.exit(main())
