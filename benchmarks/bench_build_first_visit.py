"""The first visit to the Build pane (issue 24 item 8): how long the window is blocked, and how soon the list fills.

Run:  python -m benchmarks.bench_build_first_visit [--runs N]

Each run is a fresh process that shows the app's window on the Editor, then brings the Build pane to the
front (what Ctrl+4 does). It reports, in wall time from that moment: how long the switch itself blocked,
the longest the event loop went without turning (a 5 ms timer measures the gaps: a stall is what a person
feels as a frozen window), when the language list first showed rows (the registry's names), when it had
the names in the user's language (the pane is ``ready``), and the GUI thread's CPU time spent until then.
Offscreen unless a platform is set. Nothing here is asserted in a test (the figures depend on the machine and its load).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks._env import ROOT, bench_env, precompile

_APP = """
import time, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from bcp47_explorer.core.data import bundled_registry
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.settings import Settings
w = MainWindow(bundled_registry(), Settings(sys.argv[1])); w.resize(1100, 720); w.show()
gaps = []
last = [0.0]
def tick():
    now = time.perf_counter(); gaps.append(now - last[0]); last[0] = now
def visit():
    t0 = time.perf_counter(); c0 = time.thread_time()
    w.show_pane("build")
    first = time.perf_counter() - t0
    last[0] = time.perf_counter()
    timer = QTimer(); timer.setInterval(5); timer.timeout.connect(tick); timer.start()
    rows = []
    def poll():
        picker = w.build.pickers.get("language")
        if picker is not None and picker.model.rowCount() and not rows:
            rows.append(time.perf_counter() - t0)
        if picker is not None and picker.model.rowCount() and w.build.ready:
            print("figures", first, max(gaps + [first]), rows[0], time.perf_counter() - t0,
                  time.thread_time() - c0, flush=True)
            app.quit()
        else:
            QTimer.singleShot(5, poll)
    poll()
    w._keep = timer
QTimer.singleShot(200, visit)
app.exec()
"""


def _run(settings: Path) -> tuple[float, ...]:
    env = bench_env()
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    proc = subprocess.run([sys.executable, "-c", _APP, str(settings)], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=90)  # fmt: skip
    line = next((x for x in proc.stdout.splitlines() if x.startswith("figures ")), None)
    if proc.returncode != 0 or line is None:
        raise RuntimeError(f"the process failed: {proc.stderr[-2000:]}")
    return tuple(float(x) for x in line.split()[1:])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    precompile()
    with tempfile.TemporaryDirectory() as tmp:
        runs = [_run(Path(tmp) / f"b{i}.ini") for i in range(args.runs)]
    for k, name in enumerate(("switch to Build (blocked)", "longest event-loop stall", "language list shows rows",
                              "list with localized names", "GUI thread CPU until then")):  # fmt: skip
        print(f"{name:<28} {statistics.median(r[k] for r in runs) * 1000:8.0f} ms   (median of {args.runs})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
