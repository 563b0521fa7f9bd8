"""Pins the main window: it always starts, panes talk through the one current tag, settings persist,
and an unexpected exception becomes a dialog while the app keeps running."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import logging
import sys

import pytest
from bcp47_explorer.core.data import DataError, bundled_cldr
from bcp47_explorer.ui.errors import ExceptionHandler, install_excepthook
from bcp47_explorer.ui.main_window import MainWindow, Placeholder
from bcp47_explorer.ui.settings import Settings
from PySide6.QtCore import QByteArray, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QLabel, QMenu, QMessageBox, QSplitter, QWidget


@pytest.fixture(autouse=True)
def _private_paths() -> None:
    # The log file and other app-data paths go to Qt's test locations, not the user's.
    from PySide6.QtCore import QStandardPaths

    QStandardPaths.setTestModeEnabled(True)


@pytest.fixture
def window(qtbot, registry, settings_path) -> MainWindow:
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    win.show()
    return win


def test_window_has_its_panes_and_shows_registry_facts(window, registry) -> None:
    # The window's own four panes come first; the teaching panes (ui/teaching.py) follow them.
    assert window.tabs.count() >= 4
    assert [window.tabs.tabText(i).replace("&", "") for i in range(4)] == ["Editor", "-u- Builder", "Registry", "Build"]
    assert registry.file_date in window._status_data.text()
    assert window.browser.table.model().rowCount() == len(registry)


def test_pane_shortcuts_switch_panes(qtbot, window) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    assert window.pane_actions["browser"].shortcut().toString() == "Ctrl+3"
    window.pane_actions["browser"].trigger()
    assert window.tabs.currentWidget() is window.browser
    assert window.browser.search_edit.hasFocus()
    window.pane_actions["editor"].trigger()
    assert window.tabs.currentWidget() is window.editor


def test_ctrl_f_focuses_the_registry_search(qtbot, window) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.tabs.setCurrentIndex(0)
    window.find_in_registry()
    assert window.tabs.currentWidget() is window.browser
    assert QApplication.focusWidget() is window.browser.search_edit


def test_use_in_tag_updates_the_current_tag(qtbot, window) -> None:
    window.state.set_tag("sr-RS")
    window.browser.show_record("script", "Latn")
    with qtbot.waitSignal(window.state.tag_changed, timeout=1000) as blocker:
        window.browser.use_button.click()
    assert blocker.args == ["sr-Latn-RS"]
    assert "sr-Latn-RS" in window._status_tag.text()


def test_the_status_bar_fits_a_narrow_window_and_grows_back(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Whatever the UI font: nothing runs past the edge or past its own label, and the registry is always named."""
    long_tag = "sl-IT-rozaj-biske-1994-u-ca-buddhist-co-phonebk-nu-arab-x-" + "-".join(["private"] * 6)
    window.state.set_tag(long_tag)
    assert window._status_caption.text() == "Current tag:" and window._status_tag.text() == long_tag
    bar = window.statusBar()
    data, tag = window._status_data, window._status_tag
    window.resize(640, 450)
    qtbot.waitUntil(lambda: tag.shown_text() != long_tag or tag.width() == 0, timeout=2000)
    assert long_tag.startswith(tag.shown_text().removesuffix("…"))  # the tag's start, cut with '…'
    for label in (tag, data):
        assert label.geometry().right() <= bar.width(), label.accessibleName()
        room = label.contentsRect().width()
        assert room == 0 or label.fontMetrics().horizontalAdvance(label.shown_text()) <= room, label.shown_text()
    # The registry in use is always said: its whole line, or at least "Registry <File-Date>".
    assert data.isVisible() and data.shown_text().startswith(f"Registry {window.registry.file_date}")
    assert data.text().startswith("Registry ") and "records" in data.text()  # the whole text is kept
    window.resize(2000, 450)
    qtbot.waitUntil(lambda: data.shown_text() == data.text(), timeout=2000)
    window.state.set_tag("")
    assert window._status_caption.text() == "No current tag" and window._status_tag.text() == ""


def test_the_registry_label_keeps_its_short_form_with_a_large_font(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """At 640 px with a large UI font the registry label shows "Registry <File-Date>", not '…' or nothing."""
    font = window.font()
    font.setPointSizeF(font.pointSizeF() * 1.8)
    window.setFont(font)
    window.state.set_tag("sl-IT-rozaj-biske-1994-u-ca-buddhist-co-phonebk-nu-arab")
    window.resize(640, 450)
    data = window._status_data
    short = f"Registry {window.registry.file_date}"
    qtbot.waitUntil(lambda: data.shown_text() in (short, data.text()), timeout=2000)
    assert data.width() >= data.fontMetrics().horizontalAdvance(short)
    assert data.accessibleName() == data.text()  # the whole line for a screen reader (issue 23: as its name)
    assert data.accessibleDescription() == "Data in use"


def test_prefix_link_opens_the_tag(qtbot, window) -> None:
    window.browser.show_record("variant", "biske")
    window.browser.follow_link("tag:sl-rozaj")
    assert window.state.tag() == "sl-rozaj"


def test_missing_panes_get_a_placeholder_not_a_crash(qtbot, registry, settings_path, monkeypatch) -> None:
    import bcp47_explorer.ui.builder
    import bcp47_explorer.ui.editor

    def missing(*_args: object) -> QWidget:
        raise DataError("the pane's data is missing")

    monkeypatch.setattr(bcp47_explorer.ui.editor, "EditorPane", missing)  # imported when the pane is made
    monkeypatch.setattr(bcp47_explorer.ui.builder, "BuilderPane", missing)  # imported when the pane is made
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    assert isinstance(win.editor, Placeholder) and isinstance(win.builder, Placeholder)
    assert "missing" in win.editor.reason
    win.copy_form("canonical")  # must not raise
    assert "not available" in win.statusBar().currentMessage()


def test_settings_persist_between_windows(qtbot, registry, settings_path) -> None:
    first = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(first)
    first.resize(720, 520)  # inside the 800x600 offscreen screen
    first.state.set_tag("de-CH-1901")
    first.browser.set_filters({"query": "switzerland", "type": "", "scope": "", "deprecated": "no"})
    first.browser.show_record("region", "CH")
    first.tabs.setCurrentIndex(2)
    first.close()
    second = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(second)
    assert second.state.tag() == "de-CH-1901"
    assert second.browser.filters()["query"] == "switzerland"
    assert second.browser.filters()["deprecated"] == "no"
    assert second.tabs.currentIndex() == 2
    assert second.browser.current_record().code == "CH"
    assert (second.width(), second.height()) == (720, 520)


def test_corrupt_settings_file_does_not_stop_the_window(qtbot, registry, settings_path) -> None:
    settings_path.write_bytes(
        b"[window]\ngeometry=@ByteArray(\\xff\\xfe garbage)\nstate=12\ncurrent_pane=banana\n"
        b"[browser]\nfilters={{{\nsplitter=@ByteArray(nope)\nheader=7\nlast_record=::::\n"
        b"\x00\x01\x02 binary junk \xff\xfe\n[editor]\nlast_tag=@Variant(\\0\\0\\0\\x7f)\n"
    )
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    win.show()
    assert win.tabs.count() >= 3
    assert win.browser.table.model().rowCount() == len(registry)
    win.close()  # and it can save over the damaged file
    assert Settings(settings_path).value("window/current_pane") == win.tabs.currentIndex()


def test_bad_registry_file_is_reported_in_a_dialog(qtbot, window, tmp_path, monkeypatch) -> None:
    bad = tmp_path / "broken.txt"
    bad.write_text("File-Date: 2026-01-01\n%%\nType: language\nSubtag zz\n", encoding="utf-8")
    shown: list[str] = []
    monkeypatch.setattr(
        "bcp47_explorer.ui.registry_files.show_error", lambda parent, title, text, details="": shown.append(text)
    )
    before = window.registry
    assert window.load_registry_file(str(bad)) is False
    assert shown and "line 4" in shown[0]
    assert window.registry is before


def test_other_registry_file_rebuilds_the_browser(qtbot, window, tmp_path) -> None:
    other = tmp_path / "small.txt"
    other.write_text(
        "File-Date: 2001-02-03\n%%\nType: language\nSubtag: zz\nDescription: Test\nAdded: 2020-01-01\n",
        encoding="utf-8",
    )
    window.registry_files.confirm = lambda *_: True  # the small file lacks most records (asked)
    assert window.load_registry_file(str(other))
    assert window.browser.table.model().rowCount() == 1
    assert "2001-02-03" in window._status_data.text()


@pytest.mark.qt_no_exception_capture
def test_exception_in_a_slot_shows_a_dialog_and_the_app_keeps_running(qtbot, window, caplog) -> None:
    old = sys.excepthook
    handler = install_excepthook(lambda: window)
    try:

        def broken() -> None:
            raise RuntimeError("the flux capacitor broke")

        with caplog.at_level(logging.ERROR, logger="bcp47_explorer"):
            QTimer.singleShot(0, broken)
            qtbot.waitUntil(lambda: handler.last_dialog is not None, timeout=2000)
        box = handler.last_dialog
        assert isinstance(box, QMessageBox)
        assert "flux capacitor" in box.text()
        assert "Traceback" in box.detailedText() and "broken" in box.detailedText()
        assert any("flux capacitor" in r.getMessage() for r in caplog.records)
        box.close()
        # still running: the window answers
        window.state.set_tag("en")
        window.browser.set_filters({"query": "english"})
        assert window.browser.table.model().rowCount() > 0
    finally:
        sys.excepthook = old


def test_exception_handler_does_not_recurse(qtbot, monkeypatch, capsys) -> None:
    handler = ExceptionHandler(lambda: None)

    def failing_dialog(*_a, **_k):  # type: ignore[no-untyped-def]
        raise AssertionError("must not be reached while busy")

    handler._busy = True
    monkeypatch.setattr("bcp47_explorer.ui.errors.show_error", failing_dialog)
    try:
        raise ValueError("inner")
    except ValueError as exc:
        handler(type(exc), exc, exc.__traceback__)
    assert "inner" in capsys.readouterr().err
    assert handler.count == 1


def test_main_starts_and_quits(qtbot, settings_path) -> None:
    from bcp47_explorer.__main__ import main

    assert main(["--settings", str(settings_path), "--quit-after", "50", "sl-rozaj-biske"]) == 0
    assert Settings(settings_path).value("editor/last_tag") == "sl-rozaj-biske"


def test_main_reports_a_bad_registry_file_and_uses_the_bundled_one(settings_path, tmp_path, monkeypatch) -> None:
    from bcp47_explorer.__main__ import main

    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"File-Date: 2026-01-01\n%%\nType: language\n\xff\xfe\n")
    shown: list[tuple[str, bool]] = []
    # The warning opens over the shown window without blocking it (QMessageBox.open, not exec).
    monkeypatch.setattr(QMessageBox, "open", lambda box: shown.append((box.text(), box.parent().isVisible())))
    assert main(["--settings", str(settings_path), "--registry", str(bad), "--quit-after", "0"]) == 0
    text, over_visible_window = shown[0]
    assert "bad.txt" in text and "line 4" in text and "bundled registry is used" in text
    assert over_visible_window


def test_main_exits_2_with_a_dialog_when_no_registry_loads(settings_path, monkeypatch, capsys) -> None:
    import bcp47_explorer.core.data as data
    from bcp47_explorer.__main__ import main

    def broken() -> None:
        raise data.DataError("cannot find the bundled data folder")

    shown: list[str] = []
    monkeypatch.setattr(data, "bundled_registry", broken)
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append(text))
    assert main(["--settings", str(settings_path)]) == 2  # no --quit-after: a person is there to read it
    assert shown and "cannot find the bundled data folder" in shown[0]
    shown.clear()
    assert main(["--settings", str(settings_path), "--quit-after", "0"]) == 2  # automated: stderr, no dialog
    assert shown == []
    assert "cannot find the bundled data folder" in capsys.readouterr().err


def test_main_version(capsys) -> None:
    from bcp47_explorer.__main__ import main

    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert "bcp47-explorer" in capsys.readouterr().out


def test_theme_switch_changes_palette(qtbot, window) -> None:
    from bcp47_explorer.ui.roles import is_dark

    window.set_theme("dark")
    assert is_dark(QApplication.instance().palette())
    window.set_theme("light")
    assert not is_dark(QApplication.instance().palette())
    window.set_theme("system")
    assert window.settings.value("window/theme") == "system"


def test_menus_expose_copy_forms_and_editor_menus(window) -> None:
    assert window.copy_actions["canonical"].shortcut().toString() == "Ctrl+Shift+C"
    titles = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert titles == ["File", "Edit", "View", "Examples", "History", "Tools", "Help"]
    assert Qt  # the module under test imports cleanly with Qt present


class _FakeEditor(QWidget):
    """Stands in for UI-B's EditorPane: the window must wire whatever the contract promises."""

    subtag_activated = Signal(str, str)

    def __init__(self, state, engine, registry, settings, parent=None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(parent)
        self.copied: list[str] = []
        self.actions_ = []
        for name in ("canonical", "extlang", "unicode", "legacy"):
            act = QAction(f"Copy {name}", self)
            act.setShortcut(QKeySequence({"canonical": "Ctrl+Shift+C"}.get(name, "")))
            act.triggered.connect(lambda _c=False, n=name: self.copied.append(n))
            self.actions_.append(act)

    def form_actions(self) -> list[QAction]:
        return self.actions_

    def examples_menu(self, parent=None) -> QMenu:  # type: ignore[no-untyped-def]
        menu = QMenu("&Examples", parent)
        menu.addAction("sl-rozaj-biske")
        return menu

    def history_menu(self, parent=None) -> QMenu:  # type: ignore[no-untyped-def]
        menu = QMenu("Recent", parent)
        menu.addAction("de-CH")
        return menu

    def focus_input(self) -> None:
        self.setFocus()

    def zoom_actions(self) -> list[QAction]:
        return []


class _FakeBuilder(QWidget):
    """Stands in for the BuilderPane: a widget with the splitter the window saves and restores."""

    def __init__(self, state, engine, cldr, parent=None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(parent)
        self.splitter = QSplitter(self)

    def restore_splitter(self, state: QByteArray) -> bool:
        return self.splitter.restoreState(state)


class _FakeBuild(QWidget):
    """Stands in for the BuildPane, which needs the real engine."""

    open_in_editor_requested = Signal()

    def __init__(self, state, engine, registry, cldr, parent=None, settings=None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(parent)


@pytest.fixture
def window_with_editor(qtbot, registry, settings_path, monkeypatch) -> MainWindow:
    import bcp47_explorer.ui.build
    import bcp47_explorer.ui.builder
    import bcp47_explorer.ui.editor

    monkeypatch.setattr(bcp47_explorer.ui.editor, "EditorPane", _FakeEditor)
    # Imported from their modules when the pane is first made.
    monkeypatch.setattr(bcp47_explorer.ui.builder, "BuilderPane", _FakeBuilder)
    monkeypatch.setattr(bcp47_explorer.ui.build, "BuildPane", _FakeBuild)
    win = MainWindow(registry, Settings(settings_path), cldr=bundled_cldr())
    qtbot.addWidget(win)
    win.show()
    return win


def test_editor_subtag_click_shows_the_record_in_the_browser(window_with_editor) -> None:
    win = window_with_editor
    assert isinstance(win.editor, _FakeEditor)
    win.tabs.setCurrentIndex(0)
    win.editor.subtag_activated.emit("variant", "rozaj")
    assert win.tabs.currentWidget() is win.browser
    rec = win.browser.current_record()
    assert (rec.type, rec.code) == ("variant", "rozaj")


def test_prefix_link_switches_to_the_editor(window_with_editor) -> None:
    win = window_with_editor
    win.tabs.setCurrentWidget(win.browser)
    win.browser.follow_link("tag:ja-Latn-hepburn")
    assert win.state.tag() == "ja-Latn-hepburn"
    assert win.tabs.currentWidget() is win.editor


def test_menus_carry_the_editors_actions(window_with_editor) -> None:
    win = window_with_editor
    assert win.copy_actions["canonical"] is win.editor.actions_[0]  # one action per shortcut, no ambiguity
    edit = [a for a in win.edit_menu.actions() if not a.isSeparator()]
    assert edit[len(win.edit_actions)] is win.editor.actions_[0]  # after Undo…Select all
    assert [a.text() for a in win.examples_menu.actions()] == ["sl-rozaj-biske"]
    assert [a.text() for a in win.history_menu.actions()] == ["de-CH"]
    assert win.examples_menu.title() == "E&xamples"
    titles = [a.text().replace("&", "") for a in win.menuBar().actions()]
    assert titles == ["File", "Edit", "View", "Examples", "History", "Tools", "Help"]
    win.copy_actions["canonical"].trigger()
    assert win.editor.copied == ["canonical"]


def test_rebuilding_on_another_registry_keeps_one_set_of_editor_menus(window_with_editor, tmp_path) -> None:
    win = window_with_editor
    other = tmp_path / "small.txt"
    other.write_text(
        "File-Date: 2001-02-03\n%%\nType: language\nSubtag: zz\nDescription: Test\nAdded: 2020-01-01\n",
        encoding="utf-8",
    )
    win.registry_files.confirm = lambda *_: True  # the small file lacks most records (asked)
    assert win.load_registry_file(str(other))
    titles = [a.text().replace("&", "") for a in win.menuBar().actions()]
    assert titles == ["File", "Edit", "View", "Examples", "History", "Tools", "Help"]
    assert win.copy_actions["canonical"] is win.editor.actions_[0]


def _real_editor(window: MainWindow) -> QWidget:
    # With the bundled data the editor always starts: a placeholder here is a failure, not a skip.
    assert not isinstance(window.editor, Placeholder), getattr(window.editor, "reason", "")
    assert window.editor is not None and hasattr(window.editor, "text")
    return window.editor


def test_relation_link_shows_the_tag_in_the_real_editor(qtbot, window) -> None:
    editor = _real_editor(window)
    window.tabs.setCurrentWidget(window.browser)
    window.browser.show_record("variant", "biske")
    window.browser.follow_link("tag:sl-rozaj")
    assert window.tabs.currentWidget() is editor
    qtbot.waitUntil(lambda: editor.text() == "sl-rozaj", timeout=1000)


def test_use_in_tag_reaches_the_real_editor(qtbot, window) -> None:
    editor = _real_editor(window)
    window.state.set_tag("sl-rozaj")
    window.browser.show_record("variant", "biske")
    window.browser.use_button.click()
    qtbot.waitUntil(lambda: editor.text() == "sl-rozaj-biske", timeout=1000)


def test_showing_a_subtag_in_the_real_editor_keeps_the_editor(qtbot, window) -> None:
    editor = _real_editor(window)
    window.tabs.setCurrentWidget(editor)
    window.state.set_tag("sl-rozaj-biske")
    qtbot.waitUntil(lambda: editor.text() == "sl-rozaj-biske", timeout=1000)
    assert editor.show_subtag_at(len("sl-rozaj-") + 1)
    assert window.tabs.currentWidget() is editor
    assert "biske" in editor.card_text() and "San Giorgio" in editor.card_text()


def test_help_menu_opens_about_and_shortcuts(qtbot, window) -> None:
    from PySide6.QtWidgets import QDialog

    window.show_about()
    dialogs = [w for w in window.findChildren(QDialog) if w.isVisible()]
    assert dialogs and "0.1" in " ".join(label.text() for d in dialogs for label in d.findChildren(QLabel))
    for d in dialogs:
        d.close()
    window.show_shortcuts()
    boxes = [w for w in window.findChildren(QMessageBox) if w.isVisible()]
    assert boxes and "Ctrl+3" in boxes[-1].text() and "Ctrl+F" in boxes[-1].text()
    boxes[-1].close()


def test_about_names_the_registry_file_the_window_uses(qtbot, window, tmp_path) -> None:
    from bcp47_explorer.ui.about import AboutDialog

    other = tmp_path / "small.txt"
    other.write_text(
        "File-Date: 2001-02-03\n%%\nType: language\nSubtag: zz\nDescription: Test\nAdded: 2020-01-01\n",
        encoding="utf-8",
    )
    window.registry_files.confirm = lambda *_: True  # the small file lacks most records (asked)
    assert window.load_registry_file(str(other))
    window.show_about()
    dialogs = [w for w in window.findChildren(AboutDialog) if w.isVisible()]
    assert dialogs and "File-Date 2001-02-03" in dialogs[-1].plain_text()
    for d in dialogs:
        d.close()


def test_the_window_checks_with_the_bundled_engine_and_its_extensions_registry(qtbot, window, tmp_path) -> None:
    from bcp47_explorer.core.data import bundled_engine

    assert window._engine is bundled_engine()  # the CLI's engine: CLDR and the extensions registry
    assert window._engine.extensions is not None
    other = tmp_path / "small.txt"
    other.write_text(
        "File-Date: 2001-02-03\n%%\nType: language\nSubtag: zz\nDescription: Test\nAdded: 2020-01-01\n",
        encoding="utf-8",
    )
    window.registry_files.confirm = lambda *_: True  # the small file lacks most records (asked)
    assert window.load_registry_file(str(other))
    assert window._engine.registry is window.registry and window._engine.extensions is not None
    assert window._engine.check("zz-u-ca-gregory").valid  # CLDR still checks the -u- keyword


def test_copy_actions_and_editor_fields_come_from_the_cores_list_of_forms() -> None:
    from bcp47_explorer.core.build.forms import FORMS
    from bcp47_explorer.ui import editor, main_window

    assert tuple((f.key, f.menu_text, f.shortcut) for f in FORMS) == main_window.COPY_FORMS
    assert tuple(f.key for f in FORMS) == editor.FORM_NAMES
    assert {f.key: f.shortcut for f in FORMS} == editor.FORM_SHORTCUTS


def test_each_pane_has_its_own_ctrl_digit_and_no_shortcut_is_taken_twice(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Ctrl+1..8 open the panes in tab order (Build was Ctrl+4 twice once: Anatomy took it too)."""
    window.activateWindow()
    qtbot.waitUntil(lambda: window.isActiveWindow(), timeout=2000)
    titles = []
    for n in range(1, min(window.tabs.count(), 8) + 1):
        qtbot.keyClick(window, getattr(Qt.Key, f"Key_{n}"), Qt.KeyboardModifier.ControlModifier)
        titles.append(window.tabs.tabText(window.tabs.currentIndex()).replace("&", ""))
    assert titles[:4] == ["Editor", "-u- Builder", "Registry", "Build"]
    assert len(set(titles)) == len(titles) == min(window.tabs.count(), 8)
    taken: dict[str, str] = {}
    for action in window.findChildren(QAction):
        for seq in action.shortcuts():
            key = seq.toString(QKeySequence.SequenceFormat.PortableText)
            if not key:
                continue
            # A pane's own keys (zoom in the editor and in the anatomy diagram) act only inside that pane.
            if action.shortcutContext() == Qt.ShortcutContext.WidgetWithChildrenShortcut:
                key = f"{key} in {action.parent().objectName()}"
            assert key not in taken or taken[key] == action.text(), (key, taken.get(key), action.text())
            taken[key] = action.text()
