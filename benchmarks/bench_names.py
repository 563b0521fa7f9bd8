"""Display names: look-up rate beside langcodes, the names data's size and load time, search, start-up.

- **Look-up rate** (tags/s): every implementation in its own fresh process over the same tags (the
  well-formed tags of benchmarks/corpus.py, no repeats), best of --repeat processes:
  ``Namer.display_name`` (the whole-tag name), ``Namer.name_tag`` (whole tag, every subtag with its
  registry description, and the autonym) and langcodes' ``Language.get(tag).display_name()``, in
  English and in German. langcodes raises on some tags (``-t-``, grandfathered): those are counted.
- **Data**: the names pack's size on disk (and per locale), beside the data langcodes' names use
  (the ``language_data`` package's folder); the time, in a fresh process, to open the pack and to
  read one display language's names (best of --repeat).
- **Search** (the Build pane's pickers): building ``Namer.search_index`` for a display language, and
  one keystroke's ``NameIndex.search`` over all records for each prefix of a few queries.
- **Start-up**: a fresh process builds and shows the main window (offscreen) with the names bar as it
  is and with it switched off; the pack must not be opened before the window is shown. The time
  until the name appears after that (the bar's 100 ms delay, opening the pack, reading the display
  language, naming the tag) is timed on its own.

    python benchmarks/bench_names.py [--size N] [--repeat R]

Writes a Markdown report to stdout and to benchmarks/results/names.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._env import bench_env, precompile  # noqa: E402
from benchmarks.corpus import build  # noqa: E402

LOAD_DELAY_MS = 100  # app/ui/tag_names.py

_HEAD = """
import json, sys, time
tags = open(sys.argv[1], encoding="utf-8").read().split("\\n")[:-1]
display = sys.argv[2]
warm = ["en", "en-US", "zh-Hant-TW", "sr-Latn-RS", "de-DE-u-co-phonebk"] * 20
"""

WORKERS = {
    "bcp47-explorer: Namer.display_name": """
from bcp47_explorer.core.data import bundled_namer
namer = bundled_namer()
name = namer.display_name
def run(tags):
    failed = 0
    for t in tags:
        if name(t, display) is None:
            failed += 1
    return failed
""",
    "bcp47-explorer: Namer.name_tag (whole, subtags, autonym)": """
from bcp47_explorer.core.data import bundled_namer
namer = bundled_namer()
name_tag = namer.name_tag
def run(tags):
    failed = 0
    for t in tags:
        if name_tag(t, display).name is None:
            failed += 1
    return failed
""",
    "langcodes: Language.get(tag).display_name()": """
import langcodes
get = langcodes.Language.get
def run(tags):
    failed = 0
    for t in tags:
        try:
            get(t).display_name(display)
        except Exception:
            failed += 1
    return failed
""",
}

_TAIL = """
run(warm)
t0 = time.perf_counter()
failed = run(tags)
print(json.dumps({"n": len(tags), "seconds": time.perf_counter() - t0, "failed": failed}))
"""

_LOAD = """
import json, sys, time
t0 = time.perf_counter()
from bcp47_explorer.core.data import load_names
import bcp47_explorer.core.names.pack  # the app has imported it (and json, zlib, dataclasses) before
t1 = time.perf_counter()
pack = load_names()
t2 = time.perf_counter()
names = pack.names(sys.argv[1])
t3 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "open": t2 - t1, "names": t3 - t2, "chain": list(names.chain)}))
"""

_LANGCODES_LOAD = """
import json, sys, time
t0 = time.perf_counter()
import langcodes
t1 = time.perf_counter()
langcodes.Language.get("de").display_name(sys.argv[1])
t2 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "first_name": t2 - t1}))
"""

_FIRST_START = """
import json, sys, time, tempfile
t0 = time.perf_counter()
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(["bench"])
from bcp47_explorer.core.data import bundled_names, bundled_registry
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.settings import Settings
settings = Settings(tempfile.mkdtemp() + "/s.ini")
settings.set_value("editor/last_tag", "sr-Latn-RS")
settings.set_value("names/display_language", "en")
window = MainWindow(bundled_registry(), settings)
window.show()
out = {}
def shown():  # as app/__main__.py's start-up probe: the first turn of the event loop after show()
    out["shown"] = time.perf_counter() - t0
    out["opened_before_shown"] = bundled_names.cache_info().currsize
    out["t_shown"] = time.perf_counter()
    poll()
def poll():
    text = window.editor.names_bar.name_label.text()
    if text or time.perf_counter() - out["t_shown"] > 10:
        out["name_after"] = time.perf_counter() - out.pop("t_shown")
        out["name"] = text
        app.quit()
    else:
        QTimer.singleShot(5, poll)
QTimer.singleShot(0, shown)
app.exec()
print(json.dumps(out))
"""

_BUILD_TIMES = """
import json, statistics, sys, time, tempfile
from PySide6.QtWidgets import QApplication
app = QApplication(["bench"])
from bcp47_explorer.core.data import bundled_registry
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QWidget
from bcp47_explorer.ui import editor
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.settings import Settings

class NoNames(QWidget):  # what the editor had before the names: no bar at all (an empty stand-in)
    names_changed = Signal()
    def __init__(self, *args, parent=None):
        super().__init__(args[-1] if args else parent)
        self.language_box = QComboBox(self)
        self.language_box.hide()
    def show_tag(self, text):
        return None
    def load_now(self):
        pass

real = editor.TagNamesBar
times = {"on": [], "off": []}
from PySide6.QtCore import QEvent
from bcp47_explorer.core.data import bundled_names
bundled_names().names("en"), bundled_names().names("sr-Latn")  # a late load of a closed window costs ~nothing
folder = tempfile.mkdtemp()
for i in range(int(sys.argv[1]) * 2 + 1):
    mode = "on" if i % 2 else "off"
    editor.TagNamesBar = real if mode == "on" else NoNames
    settings = Settings(f"{folder}/s{i}.ini")
    settings.set_value("editor/last_tag", "sr-Latn-RS")
    t0 = time.perf_counter()
    window = MainWindow(bundled_registry(), settings)
    window.show()
    app.processEvents()
    if i:  # the first build warms caches for both
        times[mode].append(time.perf_counter() - t0)
    window.editor.names_bar._load_timer.stop() if mode == "on" else None
    window.close()
    window.deleteLater()
    app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    app.processEvents()
out = {k: statistics.median(v) for k, v in times.items()}
bars = []
for _ in range(30):
    t0 = time.perf_counter()
    real(Settings(f"{folder}/bar.ini"), bundled_registry(), None)
    bars.append(time.perf_counter() - t0)
out["bar"] = statistics.median(bars)
print(json.dumps(out))
"""

SEARCH_QUERIES = ("Deutsch", "español", "日本語", "srpski", "Schweiz", "latin", "chinese", "zh")


def _run(code: str, *args: str) -> dict[str, object]:
    proc = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT, env=bench_env(), timeout=900
    )
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-2000:])
    result: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def _size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.is_dir() else path.stat().st_size


def lookup_rates(tags_file: Path, n: int, repeat: int) -> list[str]:
    rows = ["| implementation | display | tags/s | µs/tag | not named |", "|---|---|---:|---:|---:|"]
    for display in ("en", "de"):
        for label, body in WORKERS.items():
            best: dict[str, object] | None = None
            for _ in range(repeat):
                got = _run(_HEAD + body + _TAIL, str(tags_file), display)
                if best is None or float(got["seconds"]) < float(best["seconds"]):  # type: ignore[arg-type]
                    best = got
            assert best is not None
            secs = float(best["seconds"])  # type: ignore[arg-type]
            rows.append(f"| {label} | {display} | {n / secs:,.0f} | {secs / n * 1e6:.1f} | {best['failed']:,} |")
    return rows


def data_figures(repeat: int) -> list[str]:
    from bcp47_explorer.core.data import bundled_names, resource_path

    pack_path = resource_path("cldr-names.pack")
    pack = bundled_names()
    rows = [
        f"- names pack `resources/cldr-names.pack`: **{_size(pack_path):,} bytes** on disk for all "
        f"{len(pack.locales)} CLDR {pack.cldr_version} locales (about {_size(pack_path) // len(pack.locales):,} "
        "bytes per locale; each locale stores only what differs from its parent, zlib-compressed)."
    ]
    try:
        import language_data

        folder = Path(language_data.__file__).parent
        rows.append(
            f"- langcodes' names come from the `language_data` package: {_size(folder):,} bytes on disk "
            f"(folder `language_data/`, {sum(1 for p in folder.rglob('*') if p.is_file())} files)."
        )
    except ImportError:
        rows.append("- `language_data` is not installed: no size for langcodes' names.")
    rows += ["", "| fresh process | import | open the pack | read one language's names | chain |",
             "|---|---:|---:|---:|---|"]  # fmt: skip
    for display in ("en", "de-CH", "ja", "sr-Latn"):
        runs = [_run(_LOAD, display) for _ in range(repeat)]
        best = min(runs, key=lambda r: float(r["open"]) + float(r["names"]))  # type: ignore[arg-type]
        rows.append(
            f"| `{display}` | {float(best['import']) * 1e3:.1f} ms | {float(best['open']) * 1e3:.1f} ms | "  # type: ignore[arg-type]
            f"{float(best['names']) * 1e3:.1f} ms | {' → '.join(best['chain'])} |"  # type: ignore[arg-type]
        )
    lc = min((_run(_LANGCODES_LOAD, "de") for _ in range(repeat)), key=lambda r: float(r["first_name"]))  # type: ignore[arg-type]
    rows.append(
        f"| langcodes, first German name | {float(lc['import']) * 1e3:.1f} ms | | "  # type: ignore[arg-type]
        f"{float(lc['first_name']) * 1e3:.1f} ms | |"  # type: ignore[arg-type]
    )
    return rows


def search_figures() -> list[str]:
    from bcp47_explorer.core.data import bundled_cldr, bundled_registry, load_names
    from bcp47_explorer.core.names.namer import Namer

    namer = Namer(load_names(), bundled_registry(), bundled_cldr())
    rows = []
    for display in ("en", "de", "ja"):
        t0 = time.perf_counter()
        index = namer.search_index(display)
        built = (time.perf_counter() - t0) * 1e3
        samples = []
        for query in SEARCH_QUERIES:
            for i in range(1, len(query) + 1):
                t1 = time.perf_counter()
                index.search(query[:i])
                samples.append((time.perf_counter() - t1) * 1e3)
        samples.sort()
        p95 = samples[round(0.95 * (len(samples) - 1))]
        rows.append(
            f"| `{display}` | {len(index):,} | {built:.0f} ms | {statistics.median(samples):.2f} ms | "
            f"{p95:.2f} ms | {samples[-1]:.2f} ms |"
        )
    head = ["| display | records | build index | keystroke median | p95 | max |", "|---|---:|---:|---:|---:|---:|"]
    return head + rows


def startup_figures(repeat: int) -> list[str]:
    first = [_run(_FIRST_START) for _ in range(repeat)]
    shown = statistics.median(float(r["shown"]) for r in first)  # type: ignore[arg-type]
    after = statistics.median(float(r["name_after"]) for r in first)  # type: ignore[arg-type]
    opened = max(int(r["opened_before_shown"]) for r in first)  # type: ignore[call-overload]
    build = _run(_BUILD_TIMES, str(max(5, repeat)))
    on, off = float(build["on"]), float(build["off"])  # type: ignore[arg-type]
    return [
        f"- a fresh process shows the main window after {shown * 1e3:.0f} ms (median of {repeat}); the names "
        f"pack {'WAS' if opened else 'was not'} opened by then; the tag's name appears {after * 1e3:.0f} ms "
        f"later (the bar's {LOAD_DELAY_MS} ms delay, opening the pack, reading English, naming the tag): "
        f"{first[0]['name']!r}.",
        f"- building and showing the main window in one process, with the names bar vs an empty stand-in "
        f"(median of {max(5, repeat)} each, alternating): {on * 1e3:.0f} ms vs {off * 1e3:.0f} ms "
        f"({(on - off) * 1e3:+.0f} ms, within this machine's noise); the names bar alone is built in "
        f"{float(build['bar']) * 1e3:.2f} ms (median of 30).",  # type: ignore[arg-type]
    ]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=20_000, help="corpus size before dropping ill-formed tags")
    ap.add_argument("--repeat", type=int, default=3, help="fresh processes per figure (best or median)")
    args = ap.parse_args()
    precompile()
    from bcp47_explorer.core.grammar.parser import parse

    tags = [t for t in build(args.size) if parse(t).well_formed]
    lines = [
        "# Display names",
        "",
        f"Python {platform.python_version()} on {platform.machine()}, {len(tags):,} well-formed tags "
        f"(benchmarks/corpus.py, --size {args.size}), best of {args.repeat} fresh processes; "
        f"load average at the start {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores.",
        "",
        "## Look-up rate",
        "",
    ]
    with tempfile.TemporaryDirectory() as tmp:
        tags_file = Path(tmp) / "tags.txt"
        tags_file.write_text("".join(t + "\n" for t in tags), encoding="utf-8")
        lines += lookup_rates(tags_file, len(tags), args.repeat)
    lines += ["", "## Data on disk and load time for one display language", "", *data_figures(args.repeat)]
    lines += ["", "## Search by name (the pickers' index)", "", *search_figures()]
    lines += ["", "## Start-up (offscreen main window)", ""]
    lines += startup_figures(args.repeat)
    report = "\n".join(lines) + "\n"
    sys.stdout.write(report)
    out = ROOT / "benchmarks" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "names.md").write_text(report, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
