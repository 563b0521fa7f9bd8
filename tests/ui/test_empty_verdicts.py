"""Issue 23: a screen reader meets no empty verdict read as a caption, in any pane, empty or not.

Qt names a label with no text after its buddy caption or its group box ("Autonym:", "2. Value"), and an empty
``accessibleName`` does not stop that. So a verdict, count or notice label (``a11y.VerdictLabel``) is hidden while it
is empty, keeping its room. Each pane and dialog is driven by keyboard and mouse through empty and filled states;
in each, every label that shows is read (``QAccessible``, what AT-SPI hands Orca) exactly as it shows, no empty label
is exposed as showing, no label with text is left unshown, and the fields under an appearing message stay put.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator

import pytest
from bcp47_explorer.ui import a11y
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.settings import Settings
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QDialogButtonBox, QLabel, QWidget


def _misread(root: QWidget) -> list[str]:
    """Return what a screen reader would read wrongly among *root*'s labels (empty when all is right)."""
    out = []
    for label in root.findChildren(QLabel):
        iface = QAccessible.queryAccessibleInterface(label)
        name = iface.text(QAccessible.Text.Name)
        showing = label.isVisible() and not iface.state().invisible
        what = str(label.property("a11y_role") or label.objectName() or type(label).__name__)
        has_picture = label.pixmap() is not None and not label.pixmap().isNull()
        if showing and not label.text() and not has_picture and name:
            out.append(f"{what}: empty, read as {name!r}")
        if not label.property("a11y_role"):
            continue
        if showing and label.text() and name != a11y.plain(label.text()):
            out.append(f"{what}: shows {a11y.plain(label.text())!r}, read as {name!r}")
        parent = label.parentWidget()
        if label.text() and not label.isHidden() and parent is not None and parent.isVisible() and not showing:
            out.append(f"{what}: has text {label.text()!r} but is not shown")
    return out


def _empty_roles(root: QWidget) -> set[str]:
    return {
        str(label.property("a11y_role"))
        for label in root.findChildren(QLabel)
        if label.property("a11y_role") and not label.text() and label.parentWidget().isVisible()
    }


@pytest.fixture
def window(qtbot, registry, settings_path) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    win.resize(1180, 780)
    win.show()
    qtbot.waitExposed(win)
    yield win


def _type_tag(qtbot, win: MainWindow, tag: str) -> None:  # type: ignore[no-untyped-def]
    win.show_pane("editor")
    edit = win.editor.editor
    edit.selectAll()
    qtbot.keyClick(edit, Qt.Key.Key_Delete)
    qtbot.keyClicks(edit, tag)
    win.editor.flush()


def _each_pane(qtbot, win: MainWindow) -> Iterator[str]:  # type: ignore[no-untyped-def]
    for i in range(win.tabs.count()):
        qtbot.mouseClick(win.tabs.tabBar(), Qt.MouseButton.LeftButton, pos=win.tabs.tabBar().tabRect(i).center())
        qtbot.wait(30)
        yield win.tabs.tabText(i).replace("&", "")


@pytest.mark.parametrize("tag", ["", "en-UK", "qaa-Qaaa", "en-US-u-ca-gregory", "de-CH-1901"])
def test_no_pane_shows_an_empty_verdict_to_a_screen_reader(qtbot, window, tag) -> None:  # type: ignore[no-untyped-def]
    _type_tag(qtbot, window, tag)
    found = {pane: _misread(window) for pane in _each_pane(qtbot, window)}
    assert {pane: problems for pane, problems in found.items() if problems} == {}


def test_the_empty_autonym_and_builder_checks_are_hidden_and_come_back_with_text(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _type_tag(qtbot, window, "qaa")  # private use: no name in its own language
    names = window.editor.names_bar
    names.load_now()
    qtbot.waitUntil(lambda: bool(names.name_label.text()))
    assert names.autonym_label.text() == ""
    assert not names.autonym_label.isVisible()
    assert QAccessible.queryAccessibleInterface(names.autonym_label).state().invisible
    assert _misread(window) == []
    _type_tag(qtbot, window, "de-CH")
    qtbot.waitUntil(lambda: bool(names.autonym_label.text()))
    assert names.autonym_label.isVisible()
    assert QAccessible.queryAccessibleInterface(names.autonym_label).text(QAccessible.Text.Name) == (
        names.autonym_label.text()
    )

    window.show_pane("builder")
    builder = window.builder
    qtbot.wait(30)
    # Nothing checked yet: the three checks and the value count are empty, and hidden, not read as "2. Value".
    assert {"Value check", "Attribute check", "Legacy form check", "Number of values shown"} <= _empty_roles(builder)
    assert _misread(window) == []
    below = builder.set_button.mapTo(window, QPoint(0, 0))
    builder.attribute_edit.setFocus()
    qtbot.keyClicks(builder.attribute_edit, "x")
    qtbot.keyClick(builder.attribute_edit, Qt.Key.Key_Return)
    builder.legacy_edit.setFocus()
    qtbot.keyClicks(builder.legacy_edit, "de_DE@collation=nonsense")
    qtbot.keyClick(builder.legacy_edit, Qt.Key.Key_Return)
    assert builder.attribute_status.text().startswith("✘ 'x' is not an attribute")
    assert builder.attribute_status.isVisible() and builder.legacy_status.isVisible()
    assert builder.legacy_status.text() != ""
    assert _misread(window) == []
    assert builder.set_button.mapTo(window, QPoint(0, 0)) == below  # the room was kept: nothing moved
    builder.attribute_edit.setFocus()
    qtbot.keyClick(builder.attribute_edit, Qt.Key.Key_Backspace)  # editing retires the message: hidden again
    assert builder.attribute_status.text() == "" and not builder.attribute_status.isVisible()
    assert _misread(window) == []


def test_the_build_registry_batch_and_matching_panes_read_as_shown_empty_or_not(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _type_tag(qtbot, window, "en-UK")
    window.show_pane("build")
    build = window.build
    qtbot.mouseClick(build.new_button, Qt.MouseButton.LeftButton)  # a new tag: no name, no verdict yet
    qtbot.wait(30)
    assert {"Name of the tag", "Validity and advice"} <= _empty_roles(build)
    assert _misread(window) == []

    window.show_pane("browser")
    search = window.browser.search_edit
    for text in ("cyrillic", "qqqqqqqqqq", ""):
        search.selectAll()
        qtbot.keyClick(search, Qt.Key.Key_Delete)
        qtbot.keyClicks(search, text)
        qtbot.waitUntil(lambda: window.browser.count_label.isVisible())
        assert _misread(window) == []

    assert window.teaching is not None
    window.show_teaching_pane("batch")
    batch = window.teaching.batch
    assert "Summary of the results" in _empty_roles(batch)
    assert _misread(window) == []
    batch.input.setFocus()
    qtbot.keyClicks(batch.input, "en-US")
    qtbot.mouseClick(batch.check_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: batch.status.text().startswith("Checked"), timeout=20000)
    qtbot.waitUntil(lambda: bool(batch.summary_label.text()))
    assert batch.status.isVisible() and batch.summary_label.isVisible()
    assert _misread(window) == []

    window.show_teaching_pane("matching")
    matching = window.teaching.matching
    matching.tags.setFocus()
    matching.tags.selectAll()
    qtbot.keyClick(matching.tags, Qt.Key.Key_Delete)
    qtbot.keyClicks(matching.tags, "de en-UK")
    qtbot.waitUntil(lambda: bool(matching.problems.text()), timeout=5000)
    assert matching.problems.isVisible()
    assert _misread(window) == []
    qtbot.keyClick(matching.tags, Qt.Key.Key_Backspace)
    qtbot.keyClick(matching.tags, Qt.Key.Key_Backspace)
    qtbot.keyClick(matching.tags, Qt.Key.Key_Backspace)  # "de en": no problem left, the line hides
    qtbot.waitUntil(lambda: not matching.problems.text(), timeout=5000)
    assert not matching.problems.isVisible()
    assert _misread(window) == []


def test_the_registration_assistant_and_preferences_read_as_shown(qtbot, window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window.register_action.trigger()
    dlg = window.registry_files.registration_dialog
    qtbot.waitExposed(dlg)
    assert _misread(dlg) == []
    field = dlg.fields["subtag"]
    field.setFocus()
    qtbot.keyClicks(field, "en")
    dlg.refresh()
    assert dlg.messages["subtag"].isVisible()
    assert _misread(dlg) == []
    dlg.close()

    prefs = window.show_preferences()
    qtbot.waitExposed(prefs)
    assert "Data folder: check" in _empty_roles(prefs)
    assert not prefs.folder_message.isVisible()
    assert _misread(prefs) == []
    buttons = prefs.findChild(QDialogButtonBox)
    below = buttons.mapTo(prefs, QPoint(0, 0))
    (tmp_path / "a-file").write_text("x")
    prefs.folder_chooser = lambda: str(tmp_path / "a-file")  # not a folder: the check says so
    qtbot.mouseClick(prefs.change_folder_button, Qt.MouseButton.LeftButton)
    assert prefs.folder_message.isVisible() and prefs.folder_message.text().startswith("Not used:")
    assert buttons.mapTo(prefs, QPoint(0, 0)) == below  # the room was kept: nothing moved
    assert _misread(prefs) == []
    prefs.reject()
