"""Issue 25: the editor's subtag table ("Description" of a subtag the registry does not hold, a singleton, a -u- value)
and its card's placeholder are worded in the UI language: under a marking catalogue, no English is left outside the
marks (registry Descriptions and CLDR's names are data and stay as written)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.ui.editor import EditorPane
from bcp47_explorer.ui.settings import Settings
from bcp47_explorer.ui.state import TagState
from PySide6.QtCore import Qt

from tests.ui.i18n_support import CLOSE, OPEN, english, pseudo_language


@pytest.fixture
def pane(qtbot, tmp_path) -> EditorPane:  # type: ignore[no-untyped-def]
    pseudo_language()
    engine = bundled_engine()
    w = EditorPane(TagState(), engine, engine.registry, Settings(tmp_path / "settings.ini"))
    qtbot.addWidget(w)
    w.resize(1000, 700)
    w.show()
    yield w
    english()


@pytest.mark.parametrize(
    ("tag", "subtag"),
    [("de_DE.UTF-8", "DE.UTF"), ("de_DE.UTF-8", "8"), ("en-u-ca-xyzzy", "xyzzy"), ("en-qaz", "qaz"),
     ("en-t-qq-m0-ungegn", "qq"), ("en-u-ca-islamic-civil", "civil")],
)  # fmt: skip
def test_the_subtag_table_words_its_own_descriptions(qtbot, pane, tag, subtag) -> None:  # type: ignore[no-untyped-def]
    pane.editor.setFocus()
    qtbot.keyClicks(pane.editor, tag)
    pane.flush()
    model = pane.breakdown_model
    heads = [str(model.headerData(c, Qt.Orientation.Horizontal)) for c in range(model.columnCount())]
    col = next(c for c, h in enumerate(heads) if "Description" in h)
    rows = [r for r in range(model.rowCount()) if str(model.data(model.index(r, 0))) == subtag]
    assert rows, (tag, subtag)
    text = str(model.data(model.index(rows[0], col)))
    assert text.startswith(OPEN) and text.endswith(CLOSE), text


def test_the_card_s_placeholder_is_worded(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    pane.editor.setFocus()
    qtbot.keyClicks(pane.editor, "en")
    pane.flush()
    shown = pane.card.toPlainText()
    assert shown.startswith(OPEN) and "Ctrl+click" in shown, shown
