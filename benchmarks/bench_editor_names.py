"""Keystrokes in the editor while the name index is built in the background (issue 20: names in the editor's repair).

In a fresh process (the index not built yet) the editor pane is made offscreen. Keystrokes are real key events
followed by the debounced refresh run at once (``flush``: the check, the problem list, the Platforms box with
the repair), as in ``bench_editor.py``. First a baseline: a tag typed and cleared repeatedly with the index
absent and not being built. Then ``Deutsch`` is typed (text that could be a name: the Platforms box starts
building the index in its worker thread) and the same typing goes on until the index is in: per keystroke,
wall and CPU (the process's, so the worker's share shows) median, p95 and max; the time until the repair of
``Deutsch`` is ``de``.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_editor_names.py
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

TYPED = "sr-Latn-RS-u-ca-gregory"


def _row(name: str, walls: list[float], cpus: list[float]) -> str:
    walls, cpus = sorted(walls), sorted(cpus)
    p95 = walls[int(0.95 * (len(walls) - 1))]
    return (
        f"| {name} | {len(walls)} | {statistics.median(walls):.2f} ms | {p95:.2f} ms | {walls[-1]:.2f} ms "
        f"| {statistics.median(cpus):.2f} ms |"
    )


def main() -> None:
    app = QApplication.instance() or QApplication([])
    from bcp47_explorer.core.data import bundled_engine
    from bcp47_explorer.ui.editor import EditorPane
    from bcp47_explorer.ui.settings import Settings
    from bcp47_explorer.ui.state import TagState

    engine = bundled_engine()
    pane = EditorPane(TagState(), engine, engine.registry, Settings(Path(tempfile.mkdtemp()) / "s.ini"))
    pane.resize(900, 700)
    pane.show()
    app.processEvents()
    editor = pane.editor

    def keystroke(key: str) -> tuple[float, float]:
        w, c = time.perf_counter(), time.process_time()
        if key == "\b":
            QTest.keyClick(editor, Qt.Key.Key_Backspace)
        else:
            QTest.keyClicks(editor, key)
        pane.flush()
        return (time.perf_counter() - w) * 1000, (time.process_time() - c) * 1000

    def clear() -> None:
        editor.selectAll()
        QTest.keyClick(editor, Qt.Key.Key_Delete)
        pane.flush()

    base_w: list[float] = []
    base_c: list[float] = []
    for _ in range(8):
        clear()
        for ch in TYPED:
            w, c = keystroke(ch)
            base_w.append(w)
            base_c.append(c)
    assert pane.platforms._loader is None, "the baseline must not start the index"
    clear()
    start = time.perf_counter()
    QTest.keyClicks(editor, "Deutsch")
    pane.flush()
    busy_w: list[float] = []
    busy_c: list[float] = []
    while not pane.platforms.names_loaded():
        clear()
        for ch in TYPED:
            w, c = keystroke(ch)
            busy_w.append(w)
            busy_c.append(c)
            app.processEvents()  # the queued signal from the worker arrives as the event loop would deliver it
            if pane.platforms.names_loaded():
                break
    ready = (time.perf_counter() - start) * 1000
    clear()
    QTest.keyClicks(editor, "Deutsch")
    pane.flush()
    repair = pane.platforms.repair()
    print("| editor keystroke (key event + refresh) | keystrokes | median wall | p95 wall | max wall | median CPU |")
    print("|---|---:|---:|---:|---:|---:|")
    print(_row("index absent, not being built", base_w, base_c))
    print(_row("while the index is built in the worker", busy_w, busy_c))
    print(
        f"\nindex in {ready:.0f} ms wall after 'Deutsch' was typed; repair of Deutsch: {repair.tag if repair else None}"
    )


if __name__ == "__main__":
    main()
