"""Issue 24 item 8: panes not shown at start-up make their costly first text when first shown, and each pane
works when first opened by its keyboard shortcut (Ctrl+1 … Ctrl+8), as a person would open it."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.settings import Settings
from PySide6.QtCore import QStandardPaths, Qt
from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture(autouse=True)
def _private_paths() -> None:
    QStandardPaths.setTestModeEnabled(True)


@pytest.fixture
def window(qtbot, registry, settings_path) -> MainWindow:  # type: ignore[no-untyped-def]
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    win.resize(1100, 720)
    win.show()
    win.activateWindow()
    qtbot.waitExposed(win)
    qtbot.waitUntil(win.isActiveWindow)
    return win


def _press(qtbot, win: MainWindow, digit: int) -> None:  # type: ignore[no-untyped-def]
    """Press Ctrl+digit where the keyboard focus is, and check that the pane came to the front."""
    qtbot.keyClick(QApplication.focusWidget() or win, getattr(Qt.Key, f"Key_{digit}"), CTRL)
    assert win.tabs.currentIndex() == digit - 1


def test_the_start_pane_is_the_editor_and_the_hidden_panes_have_not_made_their_costly_text(window) -> None:  # type: ignore[no-untyped-def]
    assert window.tabs.currentWidget() is window.editor
    assert window.browser.details.pending()  # the first record's card: made when the Registry pane is seen
    assert window.teaching.matching.best_fit.pending()  # the CLDR best fit: made when the Matching pane is seen


def test_ctrl_1_editor(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _press(qtbot, window, 3)
    _press(qtbot, window, 1)
    line = window.editor.editor
    line.setFocus()
    line.selectAll()
    qtbot.keyClick(line, Qt.Key.Key_Delete)
    qtbot.keyClicks(line, "sr-latn-rs")
    qtbot.waitUntil(lambda: window.state.tag() == "sr-latn-rs")
    assert window.editor.form_fields["canonical"].text() == "sr-Latn-RS"


def test_ctrl_2_builder(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _press(qtbot, window, 2)
    builder = window.builder
    row = next(i for i, k in enumerate(builder.keys_model.rows()) if k.key == "tz")
    view = builder.keys_view
    view.scrollTo(builder.keys_model.index(row, 0))
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(builder.keys_model.index(row, 0)).center()
    )
    total = builder.types_model.rowCount()
    assert total > 400
    qtbot.keyClicks(builder.filter_edit, "berlin")
    assert builder.count_label.text() == f"1 of {total} values"


def test_ctrl_3_registry(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    browser = window.browser
    _press(qtbot, window, 3)
    assert not browser.details.pending()  # made as the pane came on screen
    first = browser.current_record()
    assert first is not None and f"{first.type} {first.code}" in browser.details.toPlainText()
    browser.search_edit.setFocus()
    qtbot.keyClicks(browser.search_edit, "Armenian")
    qtbot.waitUntil(lambda: (r := browser.current_record()) is not None and r.code == "hy")
    assert browser.details.toPlainText().startswith("language hy: Armenian")


def test_ctrl_4_build(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _press(qtbot, window, 4)
    picker = window.build.pickers["language"]
    qtbot.keyClicks(QApplication.focusWidget(), "serbian")
    qtbot.waitUntil(lambda: bool(picker.model.rows()) and picker.model.rows()[0].code == "sr")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert window.state.tag() == picker.model.rows()[0].target


def test_ctrl_5_anatomy(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.state.set_tag("de-Latn-CH")
    _press(qtbot, window, 5)
    pane = window.teaching.anatomy
    texts = {i.text() for i in pane.scene.items() if isinstance(i, QGraphicsSimpleTextItem)}
    assert {"de", "Latn", "CH"} <= texts


def test_ctrl_6_grammar(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.state.set_tag("es-419")
    _press(qtbot, window, 6)
    pane = window.teaching.grammar
    assert pane.current_step() == 0
    qtbot.mouseClick(pane.next_button, Qt.MouseButton.LeftButton)
    assert pane.current_step() == 1
    assert pane.lit_rules()["region"] == "▶"


def test_ctrl_7_batch(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _press(qtbot, window, 7)
    pane = window.teaching.batch
    qtbot.keyClicks(pane.input, "en-US")
    qtbot.keyClick(pane.input, Qt.Key.Key_Return)
    qtbot.keyClicks(pane.input, "en_GB")
    qtbot.mouseClick(pane.check_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not pane.is_running(), timeout=30_000)
    assert pane.model.rowCount() == 2
    assert "2 lines: 1 well-formed, 1 valid" in pane.summary_label.text()


def test_ctrl_8_matching(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    pane = window.teaching.matching
    _press(qtbot, window, 8)
    assert not pane.best_fit.pending()  # worked out as the pane came on screen
    assert pane.best_fit.toPlainText().startswith("Result: ")
    pane.ranges.setFocus()
    pane.ranges.selectAll()
    qtbot.keyClicks(pane.ranges, "pt-BR")
    pane.tags.setFocus()
    pane.tags.selectAll()
    qtbot.keyClicks(pane.tags, "pt-PT es pt")
    qtbot.waitUntil(lambda: pane.fit is not None and pane.fit.supported == "pt")
    assert "Result: pt" in pane.best_fit.toPlainText()
