"""The one name index (names/finder.py): build cost, a keystroke in the Build pane's language list, start-up.

- **Build**: ``bundled_name_finder()`` in a fresh process (every registry Description, CLDR name in
  every locale with its alt forms, SIL's names): CPU and wall time, names indexed.
- **Keystroke**: the Build pane's language list (``ChoiceIndex.filter`` over ``language_choices``
  with CLDR English names) for every prefix of a few queries, without and with the name index's
  search merged in (``set_name_search``, as the pane does): median, p95 and max, CPU and wall.
- **Start-up**: a fresh process builds and shows the main window (offscreen), alternating runs with
  the name index on and off (off: ``bundled_name_finder`` and ``bundled_sil`` refuse in the Build pane
  and the registry browser, as before the index existed); time and CPU to the first event-loop turn
  after show() ("shown"), then CPU after 2 s idle ("settled": any background work start-up set off);
  then the Build pane is opened (as Ctrl+4 does) and the clock runs to its ready and (on) until its
  language list searches the index (built in the pane's loader thread after ready).

    python benchmarks/bench_name_finder.py [--repeat R]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._env import bench_env, precompile  # noqa: E402

QUERIES = ("Arabic, Tunisian", "tunisian arabic", "brazilian portuguese", "Deutsch", "español", "qafar af",
           "chinese", "swahili", "zh", "latin")  # fmt: skip

_STARTUP = """
import json, sys, tempfile, time
t0, c0 = time.perf_counter(), time.process_time()
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(["bench"])
from bcp47_explorer.core.data import DataError, bundled_registry
import bcp47_explorer.ui.browser as browser
import bcp47_explorer.ui.build as build
if sys.argv[1] == "off":
    def refuse():
        raise DataError("off")
    build.bundled_name_finder = build.bundled_sil = refuse
    browser.bundled_name_finder = browser.bundled_sil = refuse
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.settings import Settings
settings = Settings(tempfile.mkdtemp() + "/s.ini")
window = MainWindow(bundled_registry(), settings)
window.show()
out = {}
def shown():
    out["shown"], out["shown_cpu"] = time.perf_counter() - t0, time.process_time() - c0
    QTimer.singleShot(2000, settled)
def settled():
    out["settled_cpu"] = time.process_time() - c0
    out["build_t0"], out["build_c0"] = time.perf_counter() - t0, time.process_time() - c0
    window.show_pane("build")
    poll()
def poll():
    pane = window.findChild(build.BuildPane)
    late = time.perf_counter() - t0 > 60
    if "ready" not in out and (pane.ready or late):
        out["ready"], out["ready_cpu"] = time.perf_counter() - t0, time.process_time() - c0
    if "ready" in out and (sys.argv[1] == "off" or pane.names_ready or late):
        out["names"], out["names_cpu"] = time.perf_counter() - t0, time.process_time() - c0
        app.quit()
    else:
        QTimer.singleShot(5, poll)
QTimer.singleShot(0, shown)
app.exec()
print(json.dumps(out))
"""


def _pct(samples: list[float], p: float) -> float:
    return sorted(samples)[round(p * (len(samples) - 1))]


def keystrokes() -> list[str]:
    from bcp47_explorer.core.build.choices import ChoiceIndex, IndexNames, language_choices
    from bcp47_explorer.core.data import bundled_name_finder, bundled_namer, bundled_registry

    reg = bundled_registry()
    t0, c0 = time.perf_counter(), time.process_time()
    finder = bundled_name_finder()
    built, built_cpu = time.perf_counter() - t0, time.process_time() - c0
    rows = [
        f"- name index built in {built * 1e3:.0f} ms wall, {built_cpu * 1e3:.0f} ms CPU ({len(finder):,} names)",
        "",
        "| language list | keystrokes | median wall | p95 wall | max wall | median CPU | p95 CPU |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    provider = IndexNames(bundled_namer().search_index("en"), reg)
    for label, on in (("CLDR English names only (before)", False), ("with the name index (now)", True)):
        index = ChoiceIndex(language_choices(reg, provider))
        index.warm()
        if on:
            index.set_name_search(
                lambda q: [(h.kind, h.code, h.name, h.source) for h in finder.search(q, ("language", "tag"), 30)]
            )
        wall: list[float] = []
        cpu: list[float] = []
        for q in QUERIES:
            for i in range(1, len(q) + 1):
                t1, c1 = time.perf_counter(), time.process_time()
                index.filter(q[:i])
                wall.append((time.perf_counter() - t1) * 1e3)
                cpu.append((time.process_time() - c1) * 1e3)
        rows.append(
            f"| {label} | {len(wall)} | {statistics.median(wall):.2f} ms | {_pct(wall, 0.95):.2f} ms | "
            f"{max(wall):.2f} ms | {statistics.median(cpu):.2f} ms | {_pct(cpu, 0.95):.2f} ms |"
        )
    # The registry browser's search: the registry's own search, and the name index's search it merges in.
    rows += [
        "",
        "| registry browser search, core | keystrokes | median wall | p95 wall | max wall |",
        "|---|---:|---:|---:|---:|",
    ]
    kinds = ("language", "script", "region", "tag")
    for label, run in (
        ("registry.search (before)", lambda q: reg.search(q)),
        ("registry.search + name index (now)", lambda q: (reg.search(q), len(q) > 1 and finder.search(q, kinds, 30))),
    ):
        wall = []
        for q in QUERIES:
            for i in range(1, len(q) + 1):
                t1 = time.perf_counter()
                run(q[:i])
                wall.append((time.perf_counter() - t1) * 1e3)
        rows.append(
            f"| {label} | {len(wall)} | {statistics.median(wall):.2f} ms | {_pct(wall, 0.95):.2f} ms | "
            f"{max(wall):.2f} ms |"
        )
    return rows


def startup(repeat: int) -> list[str]:
    runs: dict[str, list[dict[str, float]]] = {"off": [], "on": []}
    for _ in range(repeat):
        for mode in ("off", "on"):
            proc = subprocess.run(
                [sys.executable, "-c", _STARTUP, mode], capture_output=True, text=True, cwd=ROOT,
                env=bench_env(QT_QPA_PLATFORM="offscreen"), timeout=300,
            )  # fmt: skip
            if proc.returncode != 0:
                raise RuntimeError(proc.stderr[-2000:])
            runs[mode].append(json.loads(proc.stdout.strip().splitlines()[-1]))
    rows = [
        "| name index | shown (wall) | shown (CPU) | settled, 2 s later (CPU) | Build pane opened: ready (wall) "
        "| ready (CPU) | index searched (wall) | (CPU) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    med: dict[str, dict[str, float]] = {}
    for mode in ("off", "on"):
        r = runs[mode]
        for x in r:  # the Build pane's figures from the moment it is opened
            for k in ("ready", "names"):
                x[k] -= x["build_t0"]
                x[k + "_cpu"] -= x["build_c0"]
        m = med[mode] = {
            k: statistics.median(x[k] for x in r) * 1e3
            for k in ("shown", "shown_cpu", "settled_cpu", "ready", "ready_cpu", "names", "names_cpu")
        }
        rows.append(
            f"| {mode} | {m['shown']:.0f} ms | {m['shown_cpu']:.0f} ms | {m['settled_cpu']:.0f} ms | "
            f"{m['ready']:.0f} ms | {m['ready_cpu']:.0f} ms | {m['names']:.0f} ms | {m['names_cpu']:.0f} ms |"
        )
    off, on = med["off"], med["on"]
    change = (on["settled_cpu"] / off["settled_cpu"] - 1) * 100
    return [
        f"median of {repeat} fresh processes each, alternating",
        "",
        *rows,
        "",
        f"start-up CPU to the window settled, index on vs off: {change:+.1f}% (limit +10%)",
    ]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    precompile()
    lines = ["# The name index", "", "## Keystroke", "", *keystrokes(), "", "## Start-up", "", *startup(args.repeat)]
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    out = ROOT / "benchmarks" / "results" / "name_finder.md"
    out.parent.mkdir(exist_ok=True)
    out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
