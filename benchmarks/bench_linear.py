"""Time, memory and output against input size, 1 kB to 10 MB: does every verb stay linear?

Each row runs the real command line in a fresh process (``cli.main`` with the argument list, so a
10 MB search query or range can be passed, which ``execve`` could not), with the input on stdin
and the output in a scratch file; the process's peak memory comes from ``wait4``. Each process
runs under an address-space limit (``--memory-limit``, default 6 GB) and a time limit, so a
quadratic case fails instead of taking the machine. The slope is the log-log slope of time (and
of peak memory above the 1 kB run) between the two largest sizes: 1 is linear, 2 quadratic.

The GUI part (``--gui``) measures, offscreen, the longest event-loop block when a huge text is
pasted into each bounded field (a 1 ms timer's longest gap), and the process memory over ten
registry reloads.

Usage: ``python benchmarks/bench_linear.py [--max-size 10000000] [--gui]``
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SIZES = (1_000, 10_000, 100_000, 1_000_000, 10_000_000)


def _subtags(size: int, word: str) -> str:
    n = max(size // (len(word) + 1), 1)
    return "-".join(["en", *([word] * n)])[:size]


def _lines(size: int) -> str:
    tags = ["en-US", "de-CH-1996", "zh-Hant-TW", "sr-Latn-RS", "x-a", "en-UK", "iw-IL", "de-DE-u-co-phonebk"]
    out, total, i = [], 0, 0
    while total < size:
        out.append(tags[i % len(tags)])
        total += len(out[-1]) + 1
        i += 1
    return "\n".join(out) + "\n"


# name: (argv with {INPUT} for the input text as an argument, stdin text or None, how the input is made)
CASES: dict[str, tuple[list[str], bool, Any]] = {
    "check (one line)": (["check", "-"], True, lambda n: _subtags(n, "abcdefghi") + "\n"),
    "check --json (one line)": (["check", "--json", "-"], True, lambda n: _subtags(n, "abcdefghi") + "\n"),
    "check --json (tag per line)": (["check", "--json", "-"], True, _lines),
    "convert --json (one line)": (["convert", "--json", "-"], True,
                                  lambda n: "de_DE@" + ";".join(["collation=phonebook"] * max(n // 20, 1)) + "\n"),
    "search --json (query)": (["search", "--json", "{INPUT}"], False, lambda n: ("norwegian " * (n // 10 + 1))[:n]),
    "match --lookup (range)": (["match", "--lookup", "--json", "--ranges", "{INPUT}", "fr", "en"], False,
                               lambda n: _subtags(n, "abcdefgh")),
    "match (tag per line)": (["match", "--json", "--ranges", "en, de;q=0.5", "-"], True, _lines),
}  # fmt: skip

_CHILD = """
import json, sys
from bcp47_explorer.cli import main
argv = json.load(open(sys.argv[1], encoding="utf-8"))
sys.exit(main(argv))
"""


def run_case(argv: list[str], text: str, on_stdin: bool, mem_limit: int, timeout: float) -> dict[str, Any]:
    """Run one case in a fresh process; return seconds, peak memory (MB), output bytes, exit status."""
    with tempfile.TemporaryDirectory() as tmp:
        args_file = Path(tmp) / "argv.json"
        args_file.write_text(json.dumps([text if a == "{INPUT}" else a for a in argv]), encoding="utf-8")
        in_file = Path(tmp) / "in.txt"
        in_file.write_text(text if on_stdin else "", encoding="utf-8")
        out_file = Path(tmp) / "out.txt"

        def limit() -> None:
            resource.setrlimit(resource.RLIMIT_AS, (mem_limit, mem_limit))

        with in_file.open("rb") as stdin, out_file.open("wb") as stdout:
            started = time.perf_counter()
            proc = subprocess.Popen(
                [sys.executable, "-c", _CHILD, str(args_file)], stdin=stdin, stdout=stdout,
                stderr=subprocess.DEVNULL, cwd=ROOT, preexec_fn=limit,
            )  # fmt: skip
            status = None
            while status is None:
                pid, raw, usage = os.wait4(proc.pid, os.WNOHANG)
                if pid:
                    status = os.waitstatus_to_exitcode(raw)
                    break
                if time.perf_counter() - started > timeout:
                    proc.kill()
                    _, raw, usage = os.wait4(proc.pid, 0)
                    status = "timeout"
                    break
                time.sleep(0.005)
            proc.returncode = status if isinstance(status, int) else -9
            seconds = time.perf_counter() - started
        return {"seconds": seconds, "peak_mb": usage.ru_maxrss / 1024, "out_bytes": out_file.stat().st_size,
                "status": status}  # fmt: skip


def slope(x0: float, y0: float, x1: float, y1: float) -> float | None:
    """Return the log-log slope between two points (None when a value is not positive)."""
    if min(x0, y0, x1, y1) <= 0:
        return None
    return math.log(y1 / y0) / math.log(x1 / x0)


def cli_table(sizes: list[int], mem_limit: int, timeout: float) -> list[str]:
    lines = [
        "| case | input | seconds | peak MB | output | exit | time slope | memory slope |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, (argv, on_stdin, make) in CASES.items():
        rows = []
        for size in sizes:
            text = make(size)
            got = run_case(argv, text, on_stdin, mem_limit, timeout)
            rows.append((len(text.encode()), got))
            print(f"{name} {size}: {got}", file=sys.stderr, flush=True)
        base_mem = rows[0][1]["peak_mb"]
        (s0, g0), (s1, g1) = rows[-2], rows[-1]
        ts = slope(s0, g0["seconds"] - rows[0][1]["seconds"], s1, g1["seconds"] - rows[0][1]["seconds"])
        ms = slope(s0, g0["peak_mb"] - base_mem, s1, g1["peak_mb"] - base_mem)
        for i, (size, got) in enumerate(rows):
            last = i == len(rows) - 1
            slopes = f"{_fmt(ts)} | {_fmt(ms)}" if last else " | "
            lines.append(
                f"| {name if i == 0 else ''} | {_human(size)} | {got['seconds']:.2f} | {got['peak_mb']:.0f} | "
                f"{_human(got['out_bytes'])} | {got['status']} | {slopes} |"
            )
    return lines


def _fmt(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}"


def _human(n: int) -> str:
    for unit, size in (("MB", 1_000_000), ("kB", 1_000)):
        if n >= size:
            return f"{n / size:.1f} {unit}"
    return f"{n} B"


# ------------------------------------------------------------------------------------------ the GUI
def gui_table() -> list[str]:
    """Return the longest event-loop block per bounded field and the memory over ten registry reloads."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("BCP47_EXPLORER_CACHE", "off")
    import gc

    from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QLineEdit

    app = QApplication.instance() or QApplication([])
    from bcp47_explorer.core import data
    from bcp47_explorer.ui.main_window import MainWindow
    from bcp47_explorer.ui.settings import Settings

    tmp = tempfile.mkdtemp()
    win = MainWindow(data.bundled_registry(), Settings(Path(tmp) / "s.ini"))
    win.resize(1100, 720)
    win.show()
    QTest.qWait(300)

    def longest_block(action: Any, settle_ms: int = 1500) -> float:
        ticks: list[float] = []
        timer = QTimer()
        timer.setInterval(1)
        timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
        timer.start()
        QTimer.singleShot(20, action)
        QTest.qWait(settle_ms)
        timer.stop()
        return max((b - a for a, b in itertools.pairwise(ticks)), default=0.0) * 1000

    def paste(edit: QLineEdit, text: str) -> Any:
        def go() -> None:
            QApplication.clipboard().setText(text)
            edit.setFocus()
            QTest.keyClick(edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
            QTest.keyClick(edit, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)

        return go

    b = win.builder
    fields = [
        ("registry search: 32,000-character paste", win.browser, win.browser.search_edit, "norwegian " * 3_200),
        ("builder value filter: 32,000-character paste", b, b.filter_edit, "euro " * 6_400),
        ("builder Value: 60,000-character paste", b, b.value_edit, "1f600-" * 10_000),
        ("builder attribute: 60,000-character paste", b, b.attribute_edit, "abc" * 20_000),
        ("builder legacy id: 60,000-character paste", b, b.legacy_edit, "de_DE@collation=phonebook;" * 2_300),
    ]
    lines = ["| field | kept characters | longest event-loop block, ms |", "|---|---:|---:|"]
    for name, pane, edit, text in fields:
        win.tabs.setCurrentWidget(pane)
        QTest.qWait(100)
        block = longest_block(paste(edit, text))
        lines.append(f"| {name} | {len(edit.text()):,} | {block:.0f} |")
        edit.clear()
        QTest.qWait(200)
    win.tabs.setCurrentWidget(win.editor)
    ed = win.editor.editor
    block = longest_block(lambda: ed.set_text("ab-" * 350_000))
    lines.append(f"| tag editor: 1,050,000-character paste | {len(ed.toPlainText()):,} | {block:.0f} |")

    def rss() -> float:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6

    path = str(data.resource_path(data.REGISTRY_FILE))
    sizes = []
    for _ in range(11):
        win.load_registry_file(path)
        for _ in range(3):
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
            app.processEvents()
        gc.collect()
        sizes.append(rss())
    lines += [
        "",
        "| registry reloads (File ▸ Open, same file) | 1 | 2 | 3 | 5 | 8 | 11 |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    lines.append("| process memory, MB | " + " | ".join(f"{sizes[i]:.0f}" for i in (0, 1, 2, 4, 7, 10)) + " |")
    win.close()
    return lines


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--max-size", type=int, default=SIZES[-1], help="largest input in bytes (default 10 MB)")
    p.add_argument("--memory-limit", type=int, default=6 << 30, help="address-space limit per process, bytes")
    p.add_argument("--timeout", type=float, default=600, help="seconds per process")
    p.add_argument("--gui", action="store_true", help="also measure the GUI's bounded fields")
    p.add_argument("--gui-only", action="store_true", help="only the GUI part")
    args = p.parse_args()
    out: list[str] = []
    if not args.gui_only:
        out += cli_table([s for s in SIZES if s <= args.max_size], args.memory_limit, args.timeout)
    if args.gui or args.gui_only:
        out += ["", *gui_table()]
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
