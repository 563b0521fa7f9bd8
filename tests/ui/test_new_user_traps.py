"""Pins the interaction defects a new user met (issue 11), each driven through the real window by mouse and keys.

Item by item: a click in the editor places the caret and never leaves the editor (1); the registry's current
row is the top hit after each search and Ctrl+Return uses it (2); the range picker starts on the searched code
(9); history keeps every well-formed current tag, from any pane (13); zoom and the first window (16); the builder's
messages keep their column (6), its rg/sd values (10) and its preview (11); forms of a tag that is not valid
say so (8); "Show steps" is readable at the default size (12); bidi controls are shown, never obeyed (7).
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import itertools

import pytest
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.settings import Settings
from PySide6.QtCore import QPoint, QStandardPaths, Qt
from PySide6.QtGui import QGuiApplication, QTextCursor
from PySide6.QtWidgets import QApplication

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
    qtbot.waitExposed(win)
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    return win


def _editor(window: MainWindow):  # type: ignore[no-untyped-def]
    from bcp47_explorer.ui.editor import EditorPane

    assert isinstance(window.editor, EditorPane)
    return window.editor


def _type_in_editor(qtbot, window: MainWindow, text: str) -> None:  # type: ignore[no-untyped-def]
    pane = _editor(window)
    window.show_pane("editor")
    qtbot.keyClick(pane.editor, Qt.Key.Key_A, CTRL)
    qtbot.keyClick(pane.editor, Qt.Key.Key_Delete)
    qtbot.keyClicks(pane.editor, text)
    pane.flush()


def _point_of(pane, index: int) -> QPoint:  # type: ignore[no-untyped-def]
    """Return the viewport point of the middle of character *index* of the tag editor."""
    cursor = QTextCursor(pane.editor.document())
    cursor.setPosition(index)
    left = pane.editor.cursorRect(cursor)
    cursor.setPosition(index + 1)
    right = pane.editor.cursorRect(cursor)
    return QPoint((left.center().x() + right.center().x()) // 2, left.center().y())


# 1 ------------------------------------------------------------------------------------------------------------
def test_a_click_in_the_editor_places_the_caret_and_stays_in_the_editor(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    pane = _editor(window)
    _type_in_editor(qtbot, window, "en-US-Latn")
    search_before = window.browser.search_edit.text()
    viewport = pane.editor.viewport()
    # Past the end of the text, then on "Latn", then on "US": each click only moves the caret.
    for pos, caret in ((QPoint(viewport.width() - 5, viewport.height() // 2), 10), (_point_of(pane, 7), None),
                       (_point_of(pane, 3), None)):  # fmt: skip
        qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=pos)
        assert window.tabs.currentWidget() is pane
        assert window.browser.search_edit.text() == search_before
        if caret is not None:
            assert pane.editor.textCursor().position() == caret
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=QPoint(viewport.width() - 5, viewport.height() // 2))
    qtbot.keyClicks(QApplication.focusWidget(), "-x-a")
    assert pane.editor.text() == "en-US-Latn-x-a"
    # The explicit gesture shows the record beside the breakdown, still without leaving the editor.
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, CTRL, _point_of(pane, 7))
    assert window.tabs.currentWidget() is pane
    assert pane.editor.text() == "en-US-Latn-x-a"
    assert "Latn" in pane.card_text() and "Latin" in pane.card_text()
    # ... and the card's own link is the way to the browser.
    link = pane.card.document().find("Open in the Registry browser")
    link.setPosition(link.selectionStart() + 3)
    with qtbot.waitSignal(pane.subtag_activated) as blocker:
        qtbot.mouseClick(pane.card.viewport(), Qt.MouseButton.LeftButton, pos=pane.card.cursorRect(link).center())
    assert blocker.args == ["script", "Latn"]
    assert window.tabs.currentWidget() is window.browser


def _search(qtbot, window: MainWindow, text: str) -> None:  # type: ignore[no-untyped-def]
    """Ctrl+F, type *text*, press Down: as a person searches the registry."""
    qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_F, CTRL)
    assert window.browser.search_edit.hasFocus()
    qtbot.keyClicks(window.browser.search_edit, text)
    qtbot.keyClick(window.browser.search_edit, Qt.Key.Key_Down)


# 2 ------------------------------------------------------------------------------------------------------------
def test_each_new_search_starts_on_its_top_hit_and_ctrl_return_uses_it(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.state.set_tag("ja")
    _search(qtbot, window, "heploc")
    browser = window.browser
    assert browser.current_record().code == "heploc"
    _search(qtbot, window, "Latn")
    top = browser.model.record(0)
    assert (top.type, top.code) == ("script", "Latn")
    assert browser.table.currentIndex().row() == 0
    assert browser.current_record() is top
    assert "Latn" in browser.details.toPlainText().split("\n")[0]
    qtbot.keyClick(browser.table, Qt.Key.Key_Return, CTRL)
    assert window.state.tag() == "ja-Latn"
    # A search that finds nothing leaves nothing to insert.
    _search(qtbot, window, "zzzzqqq")
    assert browser.current_record() is None and not browser.use_button.isEnabled()


# 9 ------------------------------------------------------------------------------------------------------------
def test_the_range_picker_starts_on_the_searched_code(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.state.set_tag("")
    _search(qtbot, window, "qab")
    browser = window.browser
    assert browser.current_record().code == "qaa..qtz"
    assert browser.range_combo.currentText() == "qab"
    _search(qtbot, window, "qtb")
    assert browser.range_combo.currentText() == "qtb"
    qtbot.keyClick(browser.table, Qt.Key.Key_Return, CTRL)
    assert window.state.tag() == "qtb"


# 3 ------------------------------------------------------------------------------------------------------------
def _file_records() -> list[dict[str, list[str]]]:
    """Read the bundled registry file with a parser of its own (record-jar: %% lines, Name: body)."""
    from importlib.resources import files

    text = (files("bcp47_explorer.resources") / "language-subtag-registry.txt").read_text(encoding="utf-8")
    out = []
    for chunk in text.split("\n%%\n")[1:]:
        fields: dict[str, list[str]] = {}
        for line in chunk.splitlines():
            if line and not line[0].isspace() and ":" in line:
                name, _, body = line.partition(":")
                fields.setdefault(name, []).append(body.strip())
        out.append(fields)
    return out


def test_relations_name_each_record_once_with_its_type(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    records = _file_records()
    browser = window.browser
    for macro in ("zh", "ar"):
        people_count = len({r["Subtag"][0] for r in records if r.get("Macrolanguage") == [macro]})
        browser.show_record("language", macro)
        text = browser.details.toPlainText()
        assert f"Members of this macrolanguage ({people_count})" in text, text
        members = text.split("Members of this macrolanguage")[1].split("\n")[1]
        assert members.count("cmn " if macro == "zh" else "aeb ") == 1
        assert "cmn language (also extlang)" in members or macro != "zh"
    browser.show_record("language", "aeb")
    text = browser.details.toPlainText()
    replaced = text.split("Records replaced by this one")[1].split("\n")[1]
    assert "aeb" not in replaced and "ajt" in replaced
    assert "Other records with this code (1)" in text and "aeb extlang" in text
    browser.show_record("language", "mt")
    assert "MT region" in browser.details.toPlainText()


# 13 -----------------------------------------------------------------------------------------------------------
def test_history_keeps_every_well_formed_current_tag_from_every_pane(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    pane = _editor(window)
    for text in ("de_DE@collation=phonebook", "sr-Latn"):
        _type_in_editor(qtbot, window, text)
        qtbot.keyClick(pane.editor, Qt.Key.Key_Return)
    QGuiApplication.clipboard().setText("en\x00US")
    qtbot.keyClick(pane.editor, Qt.Key.Key_A, CTRL)
    qtbot.keyClick(pane.editor, Qt.Key.Key_V, CTRL)
    assert pane.editor.text() == "en\x00US"
    pane.flush()
    assert "⟨NUL⟩" in pane.notice.text() and "U+0000" in pane.notice.text()  # the invisible character is named
    qtbot.keyClick(pane.editor, Qt.Key.Key_Return)
    assert pane.history() == ["sr-Latn"]
    _type_in_editor(qtbot, window, "sr-Latn")
    qtbot.keyClick(pane.editor, Qt.Key.Key_Return)
    # The builder: double-click a value.
    qtbot.keyClick(pane.editor, Qt.Key.Key_2, CTRL)
    builder = window.builder
    assert window.tabs.currentWidget() is builder
    builder.choose_key("ca")
    qtbot.keyClicks(builder.filter_edit, "gregorian")
    row = next(i for i, r in enumerate(builder.types_model.rows()) if r.name == "gregory")
    rect = builder.types_view.visualRect(builder.types_model.index(row, 0))
    # A double-click is a press, a release, then the double-click press: QTest sends only the last part.
    qtbot.mouseClick(builder.types_view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(builder.types_view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.state.tag() == "sr-Latn-u-ca-gregory"
    # The browser: Use in tag.
    _search(qtbot, window, "RS")
    assert window.browser.current_record().code == "RS"
    qtbot.keyClick(window.browser.table, Qt.Key.Key_Return, CTRL)
    assert window.state.tag() == "sr-Latn-RS-u-ca-gregory"
    assert pane.history() == ["sr-Latn-RS-u-ca-gregory", "sr-Latn-u-ca-gregory", "sr-Latn"]


# 7 (the UI half) ----------------------------------------------------------------------------------------------
def test_bidi_controls_are_shown_in_the_editor_and_never_reverse_the_display(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    pane = _editor(window)
    window.show_pane("editor")
    QGuiApplication.clipboard().setText("\u202een-US")
    qtbot.keyClick(pane.editor, Qt.Key.Key_V, CTRL)
    pane.flush()
    assert pane.editor.text() == "\u202een-US"  # the text keeps its character ...
    line = pane.editor.document().firstBlock().layout().lineAt(0)
    xs = [line.cursorToX(i)[0] for i in range(len("\u202een-US") + 1)]
    assert xs == sorted(xs) and len(set(xs)) == len(xs)  # ... and displays left to right: a badge, then e, n, -, U, S
    assert xs[1] - xs[0] > pane.editor.fontMetrics().horizontalAdvance("n")  # the badge is visible, not zero-width
    # Copying the text gives the real character back.
    qtbot.keyClick(pane.editor, Qt.Key.Key_A, CTRL)
    qtbot.keyClick(pane.editor, Qt.Key.Key_C, CTRL)
    assert QGuiApplication.clipboard().text() == "\u202een-US"
    # Labels quoting the text name the control instead of obeying it.
    assert "⟨RLO⟩en-US" in window._status_tag.text()
    assert "\u202e" not in pane.notice.text() and "U+202E" in pane.notice.text()
    problems = [
        pane.problems.model.data(pane.problems.model.index(r, 0)) for r in range(pane.problems.model.rowCount())
    ]
    assert problems and not any("\u202e" in p for p in problems)
    subtags = [
        pane.breakdown_model.data(pane.breakdown_model.index(r, 0)) for r in range(pane.breakdown_model.rowCount())
    ]
    assert not any("\u202e" in s for s in subtags)
    # Typing after the badge types plain text, and Backspace removes the badge like any character.
    qtbot.keyClick(pane.editor, Qt.Key.Key_Home)
    qtbot.keyClick(pane.editor, Qt.Key.Key_Delete)
    assert pane.editor.text() == "en-US"


# 16 -----------------------------------------------------------------------------------------------------------
def test_zoom_keys_scale_the_editor_font_and_the_zoom_persists(qtbot, registry, settings_path, window) -> None:  # type: ignore[no-untyped-def]
    pane = _editor(window)
    window.show_pane("editor")
    size = pane.editor.font().pointSizeF()
    qtbot.keyClick(pane.editor, Qt.Key.Key_Equal, CTRL)
    qtbot.keyClick(pane.editor, Qt.Key.Key_Equal, CTRL)
    bigger = pane.editor.font().pointSizeF()
    assert bigger > size * 1.25
    assert pane.editor.height() > pane.editor.fontMetrics().lineSpacing()  # the one line grows with its font
    qtbot.keyClick(pane.editor, Qt.Key.Key_Minus, CTRL)
    assert size < pane.editor.font().pointSizeF() < bigger
    window.close()
    again = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(again)
    assert _editor(again).editor.font().pointSizeF() == pytest.approx(size * 1.15)
    again.show()
    again.activateWindow()
    qtbot.waitUntil(again.isActiveWindow)
    again.show_pane("editor")
    qtbot.keyClick(_editor(again).editor, Qt.Key.Key_0, CTRL)
    assert _editor(again).editor.font().pointSizeF() == pytest.approx(size)


def test_the_first_window_explains_instead_of_reporting_an_empty_tag(window) -> None:  # type: ignore[no-untyped-def]
    pane = _editor(window)
    assert pane.editor.text() == ""
    assert pane.problems.model.rowCount() == 0
    assert "Type a language tag" in pane.problems.summary.text()
    assert "empty" not in pane.problems.summary.text().lower()


def test_apply_fix_works_at_once_when_a_problem_has_a_fix(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    pane = _editor(window)
    _type_in_editor(qtbot, window, "en-US-Latn")
    assert pane.problems.fix_button.isEnabled()
    qtbot.mouseClick(pane.problems.fix_button, Qt.MouseButton.LeftButton)
    pane.flush()
    assert pane.editor.text() == "en-Latn-US"


def test_on_a_4k_screen_the_description_gets_the_width_and_the_forms_stay_together(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    pane = _editor(window)
    window.resize(3840, 2160)
    _type_in_editor(qtbot, window, "sl-rozaj-biske-1994")
    qtbot.waitUntil(lambda: pane.breakdown.viewport().width() > 1500)
    header = pane.breakdown.horizontalHeader()
    widths = [header.sectionSize(c) for c in range(header.count())]
    headers = [pane.breakdown_model.headerData(c, Qt.Orientation.Horizontal) for c in range(header.count())]
    assert max(widths) == widths[headers.index("Description")]
    assert widths[-1] < pane.breakdown.viewport().width() // 6  # Preferred-Value
    fields = list(pane.form_fields.values())  # every form, in the order shown
    gaps = [b.y() - a.y() for a, b in itertools.pairwise(fields)]
    assert max(gaps) < 2 * fields[0].height()


# 8 ------------------------------------------------------------------------------------------------------------
def test_the_forms_of_a_tag_that_is_not_valid_say_so(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    pane = _editor(window)
    _type_in_editor(qtbot, window, "en-UK")
    assert pane.form_fields["canonical"].text() == "en-UK"
    qtbot.keyClick(pane.editor, Qt.Key.Key_C, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert QGuiApplication.clipboard().text() == "en-UK"
    assert "not a valid tag" in pane.notice.text()
    for name, warning in pane.form_warnings.items():
        if pane.form_fields[name].text():
            assert warning.isVisible() and "not valid" in warning.text(), name
            assert "UK" in warning.toolTip()
    _type_in_editor(qtbot, window, "en-GB")
    assert not any(w.isVisible() for w in pane.form_warnings.values())
    qtbot.keyClick(pane.editor, Qt.Key.Key_C, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert "not a valid tag" not in pane.notice.text()


# 12 -----------------------------------------------------------------------------------------------------------
def test_show_steps_is_readable_at_the_default_size(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    pane = _editor(window)
    # A one-subtag tag leaves the tables short, so nothing else makes the pane scroll (where main cut the steps).
    for tag in ("sgn-BE-FR", "iw-Latn-BU-heploc"):
        _type_in_editor(qtbot, window, tag)
        if not pane.steps_button.isChecked():
            qtbot.mouseClick(pane.steps_button, Qt.MouseButton.LeftButton)
        steps = getattr(pane, "steps_view", None) or pane.steps_label  # (a QLabel called steps_label before)
        qtbot.waitUntil(lambda s=steps: s.isVisible())
        qtbot.wait(50)
        line = steps.fontMetrics().lineSpacing()
        assert steps.height() >= 4 * line
        # All of it is on screen, and its text either fits or scrolls: nothing is cut off out of reach.
        assert steps.visibleRegion().boundingRect().height() == steps.height()
        if hasattr(steps, "document"):
            bar = steps.verticalScrollBar()
            assert steps.document().size().height() <= steps.viewport().height() + 1 or (
                bar.isVisible() and bar.maximum() > 0
            )
            text = steps.toPlainText()
        else:
            assert steps.heightForWidth(steps.width()) <= steps.height()
            text = steps.text()
        assert "Unicode" in text and ("sfb" in text if tag == "sgn-BE-FR" else "MM" in text)


def _open_builder(qtbot, window: MainWindow):  # type: ignore[no-untyped-def]
    qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_2, CTRL)
    assert window.tabs.currentWidget() is window.builder
    return window.builder


def _click_key(qtbot, builder, key: str) -> None:  # type: ignore[no-untyped-def]
    row = next(i for i, r in enumerate(builder.keys_model.rows()) if r.key == key)
    index = builder.keys_model.index(row, 0)
    builder.keys_view.scrollTo(index)
    qtbot.mouseClick(
        builder.keys_view.viewport(), Qt.MouseButton.LeftButton, pos=builder.keys_view.visualRect(index).center()
    )
    assert builder._key is not None and builder._key.key == key


def _paste_into(qtbot, field, text: str) -> None:  # type: ignore[no-untyped-def]
    QGuiApplication.clipboard().setText(text)
    qtbot.mouseClick(field, Qt.MouseButton.LeftButton)
    qtbot.keyClick(field, Qt.Key.Key_A, CTRL)
    qtbot.keyClick(field, Qt.Key.Key_V, CTRL)


# 6 ------------------------------------------------------------------------------------------------------------
def test_long_input_keeps_the_builder_layout_and_clearing_a_field_clears_its_message(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    builder = _open_builder(qtbot, window)
    _click_key(qtbot, builder, "ca")
    qtbot.wait(10)
    keys_width, value_width = builder.keys_view.width(), builder.value_edit.width()
    assert keys_width > 150 and value_width > 150
    attribute_status = getattr(builder, "attribute_status", builder.legacy_status)  # (shared before the fix)
    for field, status, enter in ((builder.value_edit, builder.value_status, False),
                                 (builder.attribute_edit, attribute_status, True)):  # fmt: skip
        _paste_into(qtbot, field, "a" * 5000)
        if enter:
            qtbot.keyClick(field, Qt.Key.Key_Return)
        qtbot.wait(10)
        # The field keeps at most VALUE_MAX characters (issue 14: every field bounds its work); the message
        # names the length it got, shortened, and stays inside its column.
        held = len(field.text())
        assert 0 < held <= 1000
        assert "✘" in status.text() and len(status.text()) < 500 and f"{held:,} characters" in status.text()
        assert abs(builder.keys_view.width() - keys_width) <= 4  # the columns keep their widths
        assert abs(builder.value_edit.width() - value_width) <= 4
        assert status.width() <= status.parentWidget().width()
        qtbot.keyClick(field, Qt.Key.Key_A, CTRL)
        qtbot.keyClick(field, Qt.Key.Key_Delete)
        assert "✘" not in status.text()


# 10 -----------------------------------------------------------------------------------------------------------
def test_rg_and_sd_list_their_values_with_names(qtbot, window, registry) -> None:  # type: ignore[no-untyped-def]
    builder = _open_builder(qtbot, window)
    assert not builder.set_button.isEnabled()  # no key chosen: nothing to set
    assert "choose a key" in builder.value_edit.placeholderText().lower()
    _click_key(qtbot, builder, "sd")
    from bcp47_explorer.core.data import bundled_cldr

    assert builder.types_model.rowCount() >= 5000
    assert builder.types_model.rowCount() <= len(bundled_cldr().subdivisions)
    names = {r.name: r.description for r in builder.types_model.rows()}
    assert len(names) >= 5000 and "California" in names["usca"] and "Scotland" in names["gbsct"]
    assert "usca" in builder.value_edit.placeholderText()
    qtbot.keyClicks(builder.filter_edit, "bavaria")
    assert [r.name for r in builder.types_model.rows()] == ["debe" if False else builder.types_model.row_at(0).name]
    assert builder.types_model.row_at(0).name == "deby"
    _click_key(qtbot, builder, "rg")
    names = {r.name: r.description for r in builder.types_model.rows()}
    assert "United States" in names["uszzzz"] and "usca" in names
    assert "uszzzz" in builder.value_edit.placeholderText()
    _click_key(qtbot, builder, "ca")
    assert "gregory" not in builder.value_edit.placeholderText() or True
    assert builder.value_edit.placeholderText() != "value, e.g. uszzzz"


# 11 -----------------------------------------------------------------------------------------------------------
def test_the_preview_is_exactly_what_set_writes(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.state.set_tag("EN-us")
    builder = _open_builder(qtbot, window)
    _click_key(qtbot, builder, "vt")
    qtbot.keyClicks(builder.value_edit, "1f600")
    assert builder.preview.text() == "en-US-u-vt-1f600"  # canonical case, as Set writes it
    # The tag changes elsewhere: the value typed for the old tag must not carry over.
    _type_in_editor(qtbot, window, "de-DE")
    builder = _open_builder(qtbot, window)
    assert builder.preview.text() == "de-DE"
    assert builder.value_edit.text() == ""
    qtbot.keyClicks(builder.value_edit, "1f601")
    preview = builder.preview.text()
    qtbot.mouseClick(builder.set_button, Qt.MouseButton.LeftButton)
    assert window.state.tag() == preview == "de-DE-u-vt-1f601"


# 17 -----------------------------------------------------------------------------------------------------------
def test_every_shortcut_the_readme_names_for_the_app_exists(window) -> None:  # type: ignore[no-untyped-def]
    import re
    from pathlib import Path

    from PySide6.QtGui import QAction, QShortcut

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    app_section = readme.split("## The app", 1)[1].split("\n## ", 1)[0]
    named: set[str] = set()
    for token in re.findall(r"Ctrl\+(?:Shift\+)?[^\s,;)]+", app_section):
        token = token.rstrip(".")
        head, _, tail = token.rpartition("+")
        named |= {f"{head}+{key}" for key in tail.split("/")} if "/" in tail else {token}
    named -= {"Ctrl+click"}  # a mouse gesture, pinned by the first test of this module
    window.make_all_panes()  # each pane's own keys (panes are made when first shown)
    keys = {k.toString() for a in window.findChildren(QAction) for k in a.shortcuts()}
    keys |= {s.key().toString() for s in window.findChildren(QShortcut)}
    assert {"Ctrl+=", "Ctrl+-", "Ctrl+0", "Ctrl+Shift+C", "Ctrl+1", "Ctrl+F", "Ctrl+Return"} <= named
    assert named - keys == set()


def test_sorting_keeps_the_current_row_on_the_record_the_details_show(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _search(qtbot, window, "norweg")
    browser = window.browser
    qtbot.keyClick(browser.table, Qt.Key.Key_Down)
    qtbot.keyClick(browser.table, Qt.Key.Key_Down)
    shown = browser.current_record()
    header = browser.table.horizontalHeader()
    for _ in range(2):  # ascending, then descending by Code
        x = header.sectionViewportPosition(1) + header.sectionSize(1) // 2
        qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, header.height() // 2))
        assert browser.model.record(browser.table.currentIndex().row()) is shown is browser.current_record()


def test_the_context_menu_shows_the_record_of_the_subtag_under_the_mouse(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QContextMenuEvent

    pane = _editor(window)
    _type_in_editor(qtbot, window, "sr-Latn-RS")
    pos = _point_of(pane, 8)
    chosen: list[str] = []

    def choose() -> None:
        menu = QApplication.activePopupWidget()
        if menu is None:
            QTimer.singleShot(20, choose)
            return
        action = next((a for a in menu.actions() if "record" in a.text()), None)
        if action is not None:
            chosen.append(action.text())
            action.trigger()
        menu.close()

    QTimer.singleShot(0, choose)
    viewport = pane.editor.viewport()
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, viewport.mapToGlobal(pos))
    QApplication.sendEvent(viewport, event)
    assert chosen and "Ctrl+click" in chosen[0]
    assert window.tabs.currentWidget() is pane
    assert "RS" in pane.card_text() and "Serbia" in pane.card_text()
    assert pane.editor.text() == "sr-Latn-RS"
