"""Measure keystroke → repainted colours and diagnostics in the editor pane, for tags up to 100 characters.

Each keystroke is a real key event sent to the editor (the highlighter checks and formats synchronously)
and the editor's viewport is painted: that is "colours on screen". Then the debounced refresh is run at
once (breakdown table, problems list, forms, status, shared state) and the pending paint events are
delivered, as the event loop does: that is "everything on screen". The debounce delay itself
(DEBOUNCE_MS) is idle time and is not counted. For reference, a forced repaint of the whole pane
(every widget, not only the changed ones) is timed too.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_editor.py [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bcp47_explorer.core.data import bundled_engine

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

TAGS = (
    "sr-Latn-RS",
    "hy-Latn-IT-arevela-u-ca-islamic-civil-co-phonebk",
    "de-DE-u-co-phonebk-ca-gregory-nu-latn-cu-eur-tz-deber-fw-mon-hc-h23-ms-metric-x-private-a",
    "und-Cyrl-t-und-latn-m0-ungegn-u-nu-latn-ca-gregory-cu-usd-x-one-two-three-four-five-six-seven-eight",
    "en-US-Latn-1901-1901-a-bbb-a-ccc-u-zz-qqqqqq-ca-notacal-t-xx-m0-zzzzzz-x-abc--def-ghijkl-mn-op-qr-st",
)


def _percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    """Type each corpus tag key by key and print per-keystroke timings."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="times to type each tag (default 3)")
    args = parser.parse_args(argv)

    app = QApplication.instance() or QApplication([])
    from bcp47_explorer.ui.editor import DEBOUNCE_MS, EditorPane
    from bcp47_explorer.ui.settings import Settings
    from bcp47_explorer.ui.state import TagState

    engine = bundled_engine()
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(Path(tmp) / "bench.ini")
        pane = EditorPane(TagState(), engine, engine.registry, settings)
        pane.resize(1000, 700)
        pane.show()
        app.processEvents()
        colours: list[float] = []
        total: list[float] = []
        forced: list[float] = []
        by_length: dict[int, list[float]] = {}
        for _ in range(args.repeat):
            for tag in TAGS:
                pane.set_text("")
                app.processEvents()
                for ch in tag:
                    t0 = time.perf_counter()
                    QTest.keyClick(pane.editor, ch)  # highlighter: check + colours + underlines
                    pane.editor.viewport().repaint()
                    t1 = time.perf_counter()
                    pane.flush()  # the debounced part: tables, problems, forms, status, state
                    app.processEvents()  # paint what changed
                    t2 = time.perf_counter()
                    pane.repaint()
                    t3 = time.perf_counter()
                    assert pane.editor.text().endswith(ch)
                    colours.append((t1 - t0) * 1000)
                    total.append((t2 - t0) * 1000)
                    forced.append((t3 - t2) * 1000)
                    bucket = min(100, (len(pane.editor.text()) + 24) // 25 * 25)
                    by_length.setdefault(bucket, []).append((t2 - t0) * 1000)
        pane.close()
        del pane
    print(
        f"editor keystroke benchmark: {len(total)} keystrokes, tags of 10–{max(map(len, TAGS))} characters, "
        f"debounce {DEBOUNCE_MS} ms (idle, not counted)"
    )

    def line(label: str, vals: list[float]) -> None:
        print(
            f"  {label:58} median {statistics.median(vals):6.2f} ms, p95 {_percentile(vals, 95):6.2f} ms, "
            f"max {max(vals):6.2f} ms"
        )

    line("key event → colours and underlines painted:", colours)
    line("key event → breakdown, problems, forms updated and painted:", total)
    line("(reference) forced repaint of the whole pane:", forced)
    for length in sorted(by_length):
        vals = by_length[length]
        print(
            f"    tag length ≤ {length:3d}: median {statistics.median(vals):.2f} ms, "
            f"p95 {_percentile(vals, 95):.2f} ms ({len(vals)} keystrokes)"
        )
    ok = _percentile(total, 95) < 16
    print(f"  target p95 < 16 ms: {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
