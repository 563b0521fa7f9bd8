"""Start-up cost of the app's window against a bare PySide6 window, in CPU time and wall time (issue 24 item 8).

Run:  python benchmarks/bench_startup_cpu.py [--runs N]

Each run is a fresh process. The peer shows an empty ``QMainWindow``; the app shows its ``MainWindow`` over
the bundled data, as ``python -m bcp47_explorer`` does. Each process reports, once the window is shown and
the event loop has run, its own CPU time (user + system, ``time.process_time``) and its wall time since the
interpreter started. The ratio app/peer is what the issue asks to keep under 2x. Offscreen unless a platform
is set. Nothing here is asserted in a test (the figures depend on the machine and its load).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks._env import ROOT, bench_env, precompile

_PEER = """
import time, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv[:1])
w = QMainWindow(); w.resize(1100, 720); w.show()
def done():
    print("figures", time.process_time(), time.perf_counter() - T0, flush=True); app.quit()
QTimer.singleShot(0, done)
app.exec()
"""

_APP = """
import time, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from bcp47_explorer.core.data import bundled_registry
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.settings import Settings
w = MainWindow(bundled_registry(), Settings(sys.argv[1])); w.resize(1100, 720); w.show()
def done():
    print("figures", time.process_time(), time.perf_counter() - T0, flush=True); app.quit()
QTimer.singleShot(0, done)
app.exec()
"""


def _run(code: str, settings: Path) -> tuple[float, float]:
    """Run *code* in a fresh interpreter; return its (CPU s, wall s) until the window was shown."""
    prelude = "import time\nT0 = time.perf_counter()\n"
    env = bench_env()
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    proc = subprocess.run([sys.executable, "-c", prelude + code, str(settings)], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=120)  # fmt: skip
    line = next((x for x in proc.stdout.splitlines() if x.startswith("figures ")), None)
    if proc.returncode != 0 or line is None:
        raise RuntimeError(f"the process failed: {proc.stderr[-2000:]}")
    _, cpu, wall = line.split()
    return float(cpu), float(wall)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    precompile()
    peer: list[tuple[float, float]] = []
    app: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.runs):  # interleaved: the machine's load falls on both alike
            peer.append(_run(_PEER, Path(tmp) / f"p{i}.ini"))
            app.append(_run(_APP, Path(tmp) / f"a{i}.ini"))
    rows = []
    for name, samples in (("bare PySide6 window", peer), ("BCP 47 Explorer window", app)):
        cpu = statistics.median(s[0] for s in samples) * 1000
        wall = statistics.median(s[1] for s in samples) * 1000
        rows.append((name, cpu, wall))
        print(f"{name:<26} CPU {cpu:8.0f} ms   wall {wall:8.0f} ms   (median of {args.runs})")
    print(f"{'ratio app / peer':<26} CPU {rows[1][1] / rows[0][1]:8.2f} x    wall {rows[1][2] / rows[0][2]:8.2f} x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
