"""Issue 24 item 9: the wording a new user misread, pinned as whole texts, driven through the real widgets."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.matching_pane import MatchingPane
from bcp47_explorer.ui.settings import Settings
from PySide6.QtCore import QStandardPaths, Qt


@pytest.fixture(autouse=True)
def _private_paths() -> None:
    QStandardPaths.setTestModeEnabled(True)


@pytest.fixture
def window(qtbot, registry, settings_path) -> MainWindow:  # type: ignore[no-untyped-def]
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    win.resize(1100, 720)
    win.show()
    qtbot.waitExposed(win)
    win.show_pane("editor")
    return win


def _type(qtbot, win: MainWindow, tag: str) -> None:  # type: ignore[no-untyped-def]
    line = win.editor.editor
    line.setFocus()
    line.selectAll()
    qtbot.keyClick(line, Qt.Key.Key_Delete)
    qtbot.keyClicks(line, tag)
    qtbot.wait(50)


def test_zh_chs_maximized_says_what_it_lacks_not_that_it_is_ill_formed(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _type(qtbot, window, "zh-CHS")
    pane = window.editor
    assert pane.status.text().startswith("✔ well-formed  ·  ✘ not valid (RFC 5646)")
    for name in ("maximized", "minimized"):
        field = pane.form_fields[name]
        assert field.text() == ""
        assert field.placeholderText() == (
            "It has no Unicode locale identifier (UTS #35), so CLDR's likely subtags cannot expand or shorten it."
        )
        assert "not a well-formed" not in field.toolTip()


def test_a_reordered_canonical_form_says_why_beside_it(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    pane = window.editor
    _type(qtbot, window, "de-DE")
    assert pane.form_warnings["canonical"].isHidden()  # nothing changed: nothing said
    _type(qtbot, window, "de-DE-u-co-phonebk-ca-gregory")
    assert pane.form_fields["canonical"].text() == "de-DE-u-ca-gregory-co-phonebk"
    note = pane.form_warnings["canonical"]
    assert note.isVisible() and note.text() == "Changed: see the steps"
    assert note.toolTip() == (
        "The canonical form differs from the tag as typed:\n"
        "• de-DE-u-co-phonebk-ca-gregory -> de-DE-u-ca-gregory-co-phonebk: -u- attributes sorted, keywords sorted "
        "by key, later duplicates dropped (RFC 6067 §2.1.1)"
    )
    _type(qtbot, window, "DE-de")  # a change of case only: no note
    assert pane.form_warnings["canonical"].isHidden()


def test_a_range_that_matched_nothing_says_no_tag_not_no_further_tag(qtbot) -> None:  # type: ignore[no-untyped-def]
    pane = MatchingPane(bundled_engine())
    qtbot.addWidget(pane)
    pane.show()
    pane.set_inputs("ja, fr, de", "de-CH fr de")
    qtbot.waitUntil(lambda: not pane._timer.isActive() and pane.results is not None)
    text = pane.basic.toPlainText()
    assert "range ja matches no tag\n" in text + "\n"
    assert "range fr matches: fr" in text
    assert "range de matches: de-CH, de" in text
    assert "no further tag" not in text
    pane.set_inputs("fr, fr-FR", "fr")
    qtbot.waitUntil(lambda: not pane._timer.isActive() and pane.results is not None)
    assert "range fr-FR matches no tag that a range above had not matched" in pane.basic.toPlainText()


def test_at_700x450_every_assistant_field_is_reachable_and_inside_the_pane(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QApplication, QScrollArea

    window.resize(700, 450)
    window.register_action.trigger()
    dlg = window.registry_files.registration_dialog
    qtbot.waitExposed(dlg)
    dlg.resize(700, 450)
    qtbot.wait(50)
    scroll = dlg.findChild(QScrollArea)
    assert scroll.horizontalScrollBar().maximum() == 0  # nothing to its right to scroll to
    viewport = scroll.viewport()
    first = dlg.fields["name"]
    first.setFocus()
    seen = []
    for _ in range(len(dlg.fields) + 1):
        widget = QApplication.focusWidget()
        if widget not in dlg.fields.values():
            break
        qtbot.wait(10)
        left = widget.mapTo(viewport, widget.rect().topLeft())
        right = widget.mapTo(viewport, widget.rect().bottomRight())
        assert left.x() >= 0 and right.x() < viewport.width(), widget.objectName()
        assert left.y() >= 0 and right.y() < viewport.height(), widget.objectName()  # scrolled into view
        assert widget.width() >= 150, widget.objectName()  # wide enough to read what is typed
        seen.append(widget.objectName())
        qtbot.keyClick(widget, Qt.Key.Key_Tab)
    assert len(seen) >= 10, seen


def test_tags_using_it_shows_each_check_message_whole_without_doubled_punctuation(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.ui.registration import CHECK_DELAY_MS

    window.register_action.trigger()
    dlg = window.registry_files.registration_dialog
    qtbot.waitExposed(dlg)
    for key, text in (("subtag", "zzvarnt"), ("description", "Orthography of the Zzyzx school"), ("prefix", "de")):
        dlg.fields[key].setFocus()
        qtbot.keyClicks(dlg.fields[key], text)
    qtbot.wait(CHECK_DELAY_MS + 60)
    tabs = dlg.outputs.tabBar()
    qtbot.mouseClick(tabs, Qt.MouseButton.LeftButton, pos=tabs.tabRect(2).center())
    lines = dlg.preview_view.toPlainText().splitlines()
    assert lines[lines.index("und-zzvarnt") :] == [
        "und-zzvarnt",
        "valid",
        "The variant 'zzvarnt' (Orthography of the Zzyzx school) is meant for tags starting with 'de' (its Prefix): "
        "each subtag of a Prefix should appear, in order, before the variant (RFC 5646 §2.2.5, §3.1.8).",
        "'und' means the language is undetermined; use it only when the language really is unknown (RFC 5646 §4.1).",
    ]  # each message whole on its own line: not glued as "§3.1.8).; 'und'", not cut at 300 characters
    assert ".;" not in dlg.preview_view.toPlainText()


def test_the_t_step_shows_field_codes_whole(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QApplication

    window.show_pane("build")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_6, Qt.KeyboardModifier.AltModifier)  # the -t- step
    t = window.build.t_builder
    t.tabs.setCurrentIndex(t.tabs.count() - 1)  # Fields
    picker = t.fields_picker
    picker.filter_edit.setFocus()
    qtbot.keyClicks(picker.filter_edit, "ungegn")
    view = picker.view
    codes = [view.model().index(r, 0).data() for r in range(view.model().rowCount())]
    assert "m0-ungegn" in codes
    fm = view.fontMetrics()
    assert view.columnWidth(0) >= fm.horizontalAdvance("m0-ungegn") + 12  # the code shown whole, not "m0-ung…"


def test_the_extensions_registry_shows_each_description_whole(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.extensions_action.trigger()
    dialog = window.registry_files.extensions_dialog
    qtbot.waitExposed(dialog)
    table = dialog.table
    texts = [table.model().index(r, 1).data() for r in range(table.model().rowCount())]
    assert texts == ["Specifying Transformed Content", "Unicode Locale"]
    for dialog_width in (820, 700):
        dialog.resize(dialog_width, 600)
        qtbot.wait(20)
        for row, text in enumerate(texts):
            rect = table.visualRect(table.model().index(row, 1))
            needed = table.fontMetrics().boundingRect(rect.adjusted(3, 0, -3, 0), Qt.TextFlag.TextWordWrap, text)
            assert needed.width() <= rect.width() and needed.height() <= rect.height(), (dialog_width, text)
