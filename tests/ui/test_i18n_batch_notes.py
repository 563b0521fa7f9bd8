"""Issue 25: the Batch pane's "About the line" column and its tooltips word the notes in the UI language.

A row keeps its note in English (worker processes make it, the summary compares it, the exports write it); the
pane words it where it shows it. Under a marking catalogue a blank line and a line that is not JSON read as
marked templates, with no English word outside the marks (Python's JSON message included).
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from bcp47_explorer.core.batch import lines as batch
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.ui.batch_pane import BatchPane
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.ui.i18n_support import english, needs_translation, pseudo_language

TIMEOUT = 60_000  # a guard against a hang, not a measure of speed


@pytest.fixture
def pane(qtbot) -> BatchPane:  # type: ignore[no-untyped-def]
    pseudo_language()
    p = BatchPane(bundled_engine())
    qtbot.addWidget(p)
    p.resize(1200, 700)
    p.show()
    yield p
    p.shutdown()
    english()


def _about_the_line(pane: BatchPane) -> list[tuple[str, str]]:
    """Return each row's "About the line" cell and its tooltip, as the view shows them."""
    model = pane.table.model()
    heads = [str(model.headerData(c, Qt.Orientation.Horizontal)) for c in range(model.columnCount())]
    col = next(c for c, h in enumerate(heads) if "About the line" in h)
    out = []
    for r in range(model.rowCount()):
        index = model.index(r, col)
        out.append((str(model.data(index) or ""), str(model.data(index, Qt.ItemDataRole.ToolTipRole) or "")))
    return out


def test_a_blank_line_and_a_bad_json_line_are_noted_in_the_ui_language(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    pane.format_box.setCurrentIndex(pane.format_box.findData("jsonl"))
    QApplication.clipboard().setText('"en-US"\n\n{"tag": "de"\n')
    pane.input.setFocus()
    qtbot.keyClick(pane.input, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    qtbot.mouseClick(pane.check_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not pane.is_running() and pane.table.model().rowCount() == 3, timeout=TIMEOUT)
    rows = _about_the_line(pane)
    assert rows[0] == ("", "")
    assert rows[1] == ("⟦a blank line⟧", "⟦a blank line⟧")
    assert rows[2][0] == "⟦not JSON (⟦⟦a ',' was expected⟧, at column 13⟧): the whole line is checked⟧"
    assert rows[2][1] == rows[2][0]
    assert not any(needs_translation(text) for row in rows for text in row)
    # The row itself keeps the English note: the exports write it as they write codes.
    notes = [pane.model.row_at(i).note for i in range(3)]
    assert notes[1] == batch.BLANK == "a blank line"
    assert notes[2] == "not JSON (Expecting ',' delimiter: line 1 column 13 (char 12)): the whole line is checked"


def test_every_note_of_the_core_is_a_template_of_the_catalogue() -> None:
    pseudo_language()
    try:
        huge = "x" * 1200 + "\udcff"
        made = [
            *(s.note for s in batch.read_source("a,b\n1\n", "csv", "b")),
            *(s.note for s in batch.read_source('{"x": 1}\n[1]\n' + "[" * 100_000 + "\n", "jsonl", "tag")),
            *(s.note for s in batch.read_source('{"x": 1}\n', "jsonl", 3)),
            *(s.note for s in batch.read_source(huge + "\n", "lines")),
        ]
        shown = [batch.note_text(n) for n in made if n]
        assert len(shown) == 6
        assert not [t for t in shown if needs_translation(t)], shown
        assert shown[-1] == (
            "⟦⟦a line of 1,201 characters: checked whole, shown cut⟧; "
            "⟦not valid UTF-8: undecodable bytes are shown as U+DCxx⟧⟧"
        )
    finally:
        english()
