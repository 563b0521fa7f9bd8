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
  is and with it switched off; the pack must not be opened before the window is shown. The deferred
  load (open, read the display language, name the tag) is timed on its own.

    python benchmarks/bench_names.py [--size N] [--repeat R]

Writes a Markdown report to stdout and to benchmarks/results/names.md.
"""

from __future__ import annotations

import argparse
import json
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

_HEAD = """
import json, sys, time
tags = open(sys.argv[1], encoding="utf-8").read().split("\\n")[:-1]
display = sys.argv[2]
warm = ["en", "en-US", "zh-Hant-TW", "sr-Latn-RS", "de-DE-u-co-phonebk"] * 20
"""

WORKERS = {
    "bcp47-explorer: Namer.display_name": """
from bcp47_explorer.core.names import bundled_namer
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
from bcp47_explorer.core.names import bundled_namer
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

_STARTUP = """
import json, sys, time, tempfile
t0 = time.perf_counter()
from PySide6.QtWidgets import QApplication
app = QApplication(["bench"])
from bcp47_explorer.core.data import bundled_names, bundled_registry
from bcp47_explorer.ui import tag_names
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.settings import Settings
if sys.argv[1] == "off":
    tag_names.TagNamesBar.show_tag = lambda self, text: None
settings = Settings(tempfile.mkdtemp() + "/s.ini")
settings.set_value("editor/last_tag", "sr-Latn-RS")
window = MainWindow(bundled_registry(), settings)
window.show()
app.processEvents()
shown = time.perf_counter()
opened_before_shown = bundled_names.cache_info().currsize
bar = window.editor.names_bar
t1 = time.perf_counter()
while sys.argv[1] == "on" and not bar.loaded and time.perf_counter() - t1 < 10:
    app.processEvents()
loaded = time.perf_counter()
print(json.dumps({"shown": shown - t0, "opened_before_shown": opened_before_shown,
                  "deferred_load": loaded - shown, "name": bar.name_label.text()}))
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
    from bcp47_explorer.core.names import Namer

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
    rows = ["| names bar | window shown (median) | pack opened before shown | deferred load | name shown |",
            "|---|---:|---:|---:|---|"]  # fmt: skip
    for mode in ("off", "on"):
        runs = [_run(_STARTUP, mode) for _ in range(repeat)]
        shown = statistics.median(float(r["shown"]) for r in runs)  # type: ignore[arg-type]
        deferred = statistics.median(float(r["deferred_load"]) for r in runs)  # type: ignore[arg-type]
        opened = max(int(r["opened_before_shown"]) for r in runs)  # type: ignore[call-overload]
        rows.append(
            f"| {mode} | {shown * 1e3:.0f} ms | {'yes' if opened else 'no'} | "
            f"{deferred * 1e3:.0f} ms | {runs[0]['name'] or '—'} |"
        )
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=20_000, help="corpus size before dropping ill-formed tags")
    ap.add_argument("--repeat", type=int, default=3, help="fresh processes per figure (best or median)")
    args = ap.parse_args()
    precompile()
    from bcp47_explorer.core.grammar import parse

    tags = [t for t in build(args.size) if parse(t).well_formed]
    lines = [
        "# Display names",
        "",
        f"Python {platform.python_version()} on {platform.machine()}, {len(tags):,} well-formed tags "
        f"(benchmarks/corpus.py, --size {args.size}), best of {args.repeat} fresh processes.",
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
    lines += ["", "## Start-up (offscreen main window, fresh processes, median)", ""]
    lines += startup_figures(args.repeat)
    report = "\n".join(lines) + "\n"
    sys.stdout.write(report)
    out = ROOT / "benchmarks" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "names.md").write_text(report, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
