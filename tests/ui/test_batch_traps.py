"""Pins issue 24 item 6 and issue 26 item 5 in the Batch pane, driven by mouse and keyboard: the tag column is picked
by its header or values (not the first column) and a new column re-checks; "Only the rows shown" exports the rows
the filters show; an export says "Exporting…" (never the check's label); the CSV export has flat columns; blank
lines are counted apart (not as empty-tag errors); invisible characters show the editor's named badges; a quoted
CSV cell holding a line break is one tag, in the GUI thread and in the worker processes."""

from __future__ import annotations

import csv
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from bcp47_explorer.core.batch import lines as batch
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.ui import batch_pane, batch_worker
from bcp47_explorer.ui.batch_pane import BatchPane
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

TIMEOUT = 60_000  # a guard against a hang, not a measure of speed


@pytest.fixture
def pane(qtbot) -> BatchPane:  # type: ignore[no-untyped-def]
    p = BatchPane(bundled_engine())
    qtbot.addWidget(p)
    p.resize(1200, 700)
    p.show()
    yield p
    p.shutdown()


def _inputs(pane: BatchPane) -> list[str]:
    return [pane.model.row_at(i).input for i in range(pane.model.rowCount())]


def _paste(qtbot, pane: BatchPane, text: str) -> None:  # type: ignore[no-untyped-def]
    """Paste *text* into the input with Ctrl+V, as a person would, and click Check."""
    QApplication.clipboard().setText(text)
    pane.input.setFocus()
    qtbot.keyClick(pane.input, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    qtbot.mouseClick(pane.check_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not pane.is_running(), timeout=TIMEOUT)


def test_the_tag_column_is_picked_by_header_and_a_new_column_rechecks(qtbot, pane, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "people.csv"
    path.write_text("id,name,Language\n1,Ann,de-CH\n2,Bo,en_GB\n3,Cy,fr\n", encoding="utf-8")
    pane.open_file(str(path))
    qtbot.waitUntil(lambda: not pane.is_running(), timeout=TIMEOUT)
    assert pane.column_box.currentText() == "Language"
    assert _inputs(pane) == ["de-CH", "en_GB", "fr"]  # not the ids: "1", "2", "3"
    # The person types another column into the box: the check runs again by itself.
    line = pane.column_box.lineEdit()
    line.setFocus()
    qtbot.keyClick(line, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(line, "name")
    qtbot.waitUntil(lambda: _inputs(pane) == ["Ann", "Bo", "Cy"], timeout=TIMEOUT)
    # Values that look like tags win where no header says so.
    path2 = tmp_path / "plain.csv"
    path2.write_text("row,who,what\n1,Ann,en-US\n2,Bo,sr-Latn\n", encoding="utf-8")
    pane.column_box.lineEdit().clear()
    pane.open_file(str(path2))
    qtbot.waitUntil(lambda: not pane.is_running() and _inputs(pane) == ["en-US", "sr-Latn"], timeout=TIMEOUT)
    assert pane.column_box.currentText() == "what"


def test_export_the_rows_shown_as_flat_csv_saying_exporting(qtbot, pane, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    _paste(qtbot, pane, "en-US\nen_US\niw-IL\nfr\n\nde-DE\n")
    assert pane.model.rowCount() == 6
    target = tmp_path / "shown.csv"
    monkeypatch.setattr(batch_pane.QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    qtbot.mouseClick(pane.problems_only, Qt.MouseButton.LeftButton)
    assert _inputs(pane) == ["en_US", "iw-IL"]  # the blank line is not a problem
    qtbot.mouseClick(pane.export_shown_box, Qt.MouseButton.LeftButton)
    assert pane.export_shown_box.isChecked()
    seen: list[tuple[str, str]] = []
    pane.worker.progress.connect(lambda *_: seen.append((pane.status.text(), pane.progress.format())))
    qtbot.mouseClick(pane.export_csv_button, Qt.MouseButton.LeftButton)
    assert pane.status.text() == f"Exporting 2 rows to {target}…"
    assert pane.progress.format() == "Exporting: %v of %m rows"
    qtbot.waitUntil(lambda: not pane.is_running(), timeout=TIMEOUT)
    assert seen and all(s.startswith("Exporting") and f == "Exporting: %v of %m rows" for s, f in seen)
    assert pane.status.text() == f"Exported 2 rows to {target}."
    assert pane.progress.format() == "%v of %m lines"
    rows = list(csv.DictReader(target.open(encoding="utf-8", newline="")))
    assert [r["input"] for r in rows] == ["en_US", "iw-IL"]
    assert list(rows[0]) == list(batch.CSV_FIELDS)
    assert [(r["first_code"], r["errors"], r["warnings"]) for r in rows] == [
        ("underscore-separator", "1", "0"), ("deprecated", "0", "1")]  # fmt: skip
    assert rows[1]["first_message"].startswith("The language 'iw' (Hebrew) is deprecated")
    # Unticked: every row checked, whatever the filters.
    qtbot.mouseClick(pane.export_shown_box, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(pane.export_csv_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not pane.is_running(), timeout=TIMEOUT)
    assert len(list(csv.DictReader(target.open(encoding="utf-8", newline="")))) == 6


def test_blank_lines_are_counted_apart_and_invisible_characters_are_named(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    _paste(qtbot, pane, "en\n\n\u202ede-CH\n   \nfr\u200b\n")
    assert pane.model.rowCount() == 5
    assert pane.summary_label.text() == (
        "5 lines: 1 well-formed, 1 valid, 2 with problems; 2 blank lines, counted apart."
    )
    codes = [r[0] for r in pane.summary_model.rows()]
    assert "empty-tag" not in codes and "invisible-character" in codes
    col = [c.header for c in pane.model.columns].index("Input")
    shown = [pane.model.data(pane.model.index(i, col)) for i in range(5)]
    assert shown == ["en", "", "⟨RLO⟩de-CH", "   ", "fr⟨ZWSP⟩"]
    about = [c.header for c in pane.model.columns].index("About the line")
    assert pane.model.data(pane.model.index(1, about)) == "a blank line"


def test_a_quoted_line_break_in_a_csv_cell_is_one_tag_here_and_in_the_workers(
    qtbot, pane, tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "cells.csv"
    path.write_text('id,lang\n1,"en\nUS"\n2,fr\n3,"de\n\nCH"\n4,ja\n', encoding="utf-8")
    pane.open_file(str(path))
    qtbot.waitUntil(lambda: not pane.is_running(), timeout=TIMEOUT)
    assert [(r.line, r.input) for r in pane.rows()] == [(2, "en\nUS"), (4, "fr"), (5, "de\n\nCH"), (8, "ja")]
    assert pane.rows()[0].codes[0] == "whitespace" and pane.rows()[1].valid
    # The same in worker processes, whose blocks are cut between records.
    monkeypatch.setattr(batch_worker, "POOL_MIN", 50)
    assert pane.worker.pool_usable(3000)
    records = [f'{i},"en\nUS"' if i % 3 == 0 else f"{i},fr" for i in range(3000)]
    big = tmp_path / "big.csv"
    big.write_text("id,lang\n" + "\n".join(records) + "\n", encoding="utf-8")
    pane.open_file(str(big))
    qtbot.waitUntil(lambda: not pane.is_running(), timeout=TIMEOUT)
    rows = pane.rows()
    assert [r.input for r in rows] == ["en\nUS" if i % 3 == 0 else "fr" for i in range(3000)]
    assert rows[-1].line == 2 + 3000 + 1000 - 1  # the last record's line: one more per multi-line cell before it
    assert pane.status.text().startswith("Checked 3,000 lines")


@pytest.mark.parametrize("size", [(1090, 640), (700, 420)])
def test_every_count_of_the_summary_is_in_view_whole(qtbot, pane, size) -> None:  # type: ignore[no-untyped-def]
    # At the window's default size the "Rows" counts were right-aligned past the view's edge, under its
    # scroll bar: the column showed blank cells. Each count's cell must lie inside the view and fit its text.
    pane.resize(*size)
    lines = "\n".join(["en-US", "en_US", "iw-IL", "x-private", "de-1901-1901", "i-klingon", "en--US"] * 4300)
    _paste(qtbot, pane, lines)
    view = pane.summary
    qtbot.waitUntil(lambda: pane.summary_model.rowCount() > 5, timeout=TIMEOUT)
    viewport = view.viewport().rect()
    for row in range(min(pane.summary_model.rowCount(), 4)):
        index = pane.summary_model.index(row, 2)
        text = pane.summary_model.data(index)
        rect = view.visualRect(index)
        assert viewport.contains(rect), (row, text, rect, viewport)
        assert view.fontMetrics().horizontalAdvance(text) <= rect.width(), (text, rect.width())
    assert pane.summary_model.data(pane.summary_model.index(0, 2)) == "8,600"  # deprecated: iw-IL and i-klingon
