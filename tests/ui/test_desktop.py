"""Pins the desktop habits of issue 23: a file dropped on the Batch pane's text (or the window) is opened, never
pasted as a file:/// line; a dropped registry file asks before it is used; a second instance hands its tag to
the first, and starts on its own when no first one is running."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator
from pathlib import Path

import pytest
from bcp47_explorer.ui.drops import dropped_files, is_registry_file
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.settings import Settings
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QComboBox, QDialogButtonBox, QLabel, QMessageBox, QSpinBox, QWidget

REGISTRY_HEAD = "File-Date: 2026-09-17\n%%\nType: language\nSubtag: aa\nDescription: Afar\nAdded: 2005-10-16\n%%\n"


@pytest.fixture
def window(qtbot, registry, settings_path) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    win.resize(1100, 720)
    win.show()
    qtbot.waitExposed(win)
    yield win
    if win.teaching is not None:
        win.teaching.shutdown()


def _drop(target: QWidget, *paths: Path) -> tuple[bool, bool]:
    """Drag *paths* onto *target* and drop them; return whether the drag and the drop were accepted."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    mime.setText("\n".join(QUrl.fromLocalFile(str(p)).toString() for p in paths))
    centre = QPointF(target.rect().center())
    enter = QDragEnterEvent(
        centre.toPoint(), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    )
    QApplication.sendEvent(target, enter)
    drop = QDropEvent(centre, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(target, drop)
    return enter.isAccepted(), drop.isAccepted()


def test_a_tag_list_dropped_on_the_batch_field_is_checked_not_pasted(qtbot, window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    tags = tmp_path / "tags.txt"
    tags.write_text("en-US\nde-CH-1901\nen-UK\n", encoding="utf-8")
    batch = window.teaching.batch
    assert batch is not None
    window.tabs.setCurrentWidget(batch)
    assert _drop(batch.input.viewport(), tags) == (True, True)
    qtbot.waitUntil(lambda: not batch.is_running() and len(batch.rows()) == 3, timeout=10000)
    assert "file:" not in batch.input.toPlainText()
    assert [(r.input, r.valid) for r in batch.rows()] == [("en-US", True), ("de-CH-1901", True), ("en-UK", False)]


def test_a_tag_list_dropped_on_another_pane_opens_in_the_batch_pane(qtbot, window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    tags = tmp_path / "more.txt"
    tags.write_text("fr-CA\nsr-Latn\n", encoding="utf-8")
    window.show_pane("editor")
    assert _drop(window, tags) == (True, True)
    batch = window.teaching.batch
    assert window.tabs.currentWidget() is batch
    qtbot.waitUntil(lambda: not batch.is_running() and len(batch.rows()) == 2, timeout=10000)
    assert [r.input for r in batch.rows()] == ["fr-CA", "sr-Latn"]


def test_a_dropped_registry_file_asks_before_it_is_used(qtbot, window, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    reg = tmp_path / "language-subtag-registry"
    reg.write_text(REGISTRY_HEAD, encoding="utf-8")
    assert is_registry_file(str(reg))
    opened: list[str] = []
    monkeypatch.setattr(window, "load_registry_file", lambda path: opened.append(path) or True)
    assert _drop(window, reg) == (True, True)
    box = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible())
    assert str(reg) in box.text() and "Language Subtag Registry" in box.text()
    assert opened == []  # nothing changes before the user says so
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Open), Qt.MouseButton.LeftButton)
    assert opened == [str(reg)]


def test_plain_text_and_remote_urls_are_not_files(tmp_path) -> None:  # type: ignore[no-untyped-def]
    mime = QMimeData()
    mime.setText("en-US")
    assert dropped_files(mime) == []
    mime.setUrls([QUrl("https://example.org/tags.txt")])
    assert dropped_files(mime) == []
    assert not is_registry_file(str(tmp_path / "missing.txt"))
    other = tmp_path / "tags.txt"
    other.write_text("File-Date is not the first line\nen\n", encoding="utf-8")
    assert not is_registry_file(str(other))


# ----------------------------------------------------------------- one instance
def test_a_second_start_hands_its_tag_to_the_first(qtbot, window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.ui.single import SingleInstance, server_name

    name = server_name(str(tmp_path / "settings.ini"))
    first = SingleInstance(name)
    assert first.listen()
    first.tag_received.connect(window.receive_from_other_start)
    try:
        second = SingleInstance(name)
        with qtbot.waitSignal(first.tag_received, timeout=5000) as got:
            assert second.hand_over("sr-Latn-RS")
        assert got.args == ["sr-Latn-RS"]
        assert window.state.tag() == "sr-Latn-RS"
        assert window.tabs.currentWidget() is window.editor
    finally:
        first.close()
    assert not SingleInstance(name).hand_over("en")  # nobody listens any more: the next start is the first


def test_main_hands_over_and_exits_when_a_window_is_open(qtbot, settings_path, window) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.__main__ import main
    from bcp47_explorer.ui.single import SingleInstance, server_name

    first = SingleInstance(server_name(str(settings_path.resolve())))
    assert first.listen()
    first.tag_received.connect(window.receive_from_other_start)
    try:
        with qtbot.waitSignal(first.tag_received, timeout=5000):
            assert main(["--settings", str(settings_path), "--quit-after", "0", "de-CH-1901"]) == 0
        assert window.state.tag() == "de-CH-1901"
    finally:
        first.close()


def test_the_hand_over_goes_to_the_file_qt_listens_on(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import sys

    from bcp47_explorer.ui.single import SingleInstance, server_name, socket_path

    name = server_name(str(tmp_path / "settings.ini"))
    first = SingleInstance(name)
    assert first.listen()
    try:
        assert first._server is not None
        if sys.platform != "win32":  # Python's socket finds the file QLocalServer made for the name
            assert socket_path(name) == first._server.fullServerName()
    finally:
        first.close()
    assert name.startswith("bcp47-explorer-") and len(name.rsplit("-", 1)[1]) == 16
    assert server_name(str(tmp_path / "other.ini")) != name


def test_the_first_instance_listens_once_its_window_is_painted(qtbot, settings_path) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.__main__ import main
    from bcp47_explorer.ui.single import SingleInstance, server_name
    from PySide6.QtCore import QTimer

    handed: list[tuple[bool, bool]] = []

    def second_start() -> None:  # a second start while the first window is open
        window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible())
        handed.append((SingleInstance(server_name(str(settings_path.resolve()))).hand_over("de-CH-1901"), True))
        qtbot.waitUntil(lambda: window.state.tag() == "de-CH-1901", timeout=5000)
        window.close()

    QTimer.singleShot(1500, second_start)
    assert main(["--settings", str(settings_path), "--quit-after", "10000", "sr-Latn-RS"]) == 0
    assert handed == [(True, True)]


def test_a_stale_socket_is_taken_over(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.ui.single import SingleInstance, server_name

    name = server_name(str(tmp_path / "x.ini"))
    crashed = SingleInstance(name)
    assert crashed.listen()
    again = SingleInstance(name)
    assert again.listen()  # the old listener's name is removed and taken over
    again.close()
    crashed.close()


def test_about_links_the_homepage_and_the_bug_tracker(registry) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.ui.about import BUG_TRACKER_URL, HOMEPAGE_URL, about_facts, about_html

    text = about_html(about_facts(registry))
    assert f'<a href="{HOMEPAGE_URL}">Homepage</a>' in text
    assert f'<a href="{BUG_TRACKER_URL}">Report a bug</a>' in text


# ----------------------------------------------------------------- the Edit menu
def test_edit_menu_commands_act_on_the_focused_field(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    actions = window.edit_actions
    assert [a.text() for a in window.edit_menu.actions()[:6]] == [
        "&Undo", "&Redo", "Cu&t", "&Copy", "&Paste", "Select &all"]  # fmt: skip
    batch = window.teaching.batch
    window.tabs.setCurrentWidget(batch)
    batch.input.setFocus()
    qtbot.keyClicks(batch.input, "en-US")
    actions["selectAll"].trigger()
    actions["cut"].trigger()
    assert batch.input.toPlainText() == ""
    assert QApplication.clipboard().text() == "en-US"
    actions["paste"].trigger()
    actions["paste"].trigger()
    assert batch.input.toPlainText() == "en-USen-US"
    actions["undo"].trigger()
    assert batch.input.toPlainText() == "en-US"
    actions["redo"].trigger()
    assert batch.input.toPlainText() == "en-USen-US"


def test_edit_copy_in_a_table_copies_the_current_cell_and_never_edits_a_read_only_field(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.state.set_tag("sr-Latn-RS")
    window.show_pane("editor")
    window.editor.flush()
    table = window.editor.breakdown
    table.setFocus()
    table.setCurrentIndex(table.model().index(1, 0))
    window.edit_actions["copy"].trigger()
    assert QApplication.clipboard().text() == "Latn"
    field = window.editor.form_fields["canonical"]
    field.setFocus()
    QApplication.clipboard().setText("xx")
    window.edit_actions["paste"].trigger()
    window.edit_actions["cut"].trigger()
    assert field.text() == "sr-Latn-RS"


# ----------------------------------------------------------------- preferences
def test_preferences_apply_theme_names_zoom_and_network(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.ui.preferences import NETWORK_SETTING, PreferencesDialog
    from bcp47_explorer.ui.theme import apply_theme

    dialog = window.show_preferences()
    assert isinstance(dialog, PreferencesDialog)
    assert dialog.network_box.isChecked()
    for w in dialog.findChildren(QComboBox) + dialog.findChildren(QSpinBox):  # every field is labelled
        assert w in [label.buddy() for label in dialog.findChildren(QLabel)]
    dialog.theme_box.setCurrentIndex(dialog.theme_box.findData("dark"))
    dialog.language_box.setCurrentIndex(dialog.language_box.findData("de"))
    dialog.zoom_box.setValue(2)
    dialog.network_box.setChecked(False)
    size = window.editor.editor.font().pointSizeF()
    qtbot.mouseClick(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok),
                     Qt.MouseButton.LeftButton)  # fmt: skip
    try:
        assert window.settings.value("window/theme") == "dark"
        assert window.settings.value("names/display_language") == "de"
        assert window.settings.value("editor/zoom") == 2
        assert window.editor.editor.font().pointSizeF() > size
        assert window.settings.value(NETWORK_SETTING) is False
        assert not window.download_action.isEnabled()
    finally:
        apply_theme(QApplication.instance(), "system")


# ----------------------------------------------------------------- recent files
def test_opened_tag_files_and_registries_are_in_open_recent(qtbot, window, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    tags = tmp_path / "tags.txt"
    tags.write_text("en-US\n", encoding="utf-8")
    batch = window.teaching.batch
    batch.open_file(str(tags))
    qtbot.waitUntil(lambda: not batch.is_running(), timeout=10000)
    monkeypatch.setattr(window.registry_files, "open_file", lambda path: True)
    window.load_registry_file(str(tmp_path / "registry.txt"))
    assert window.recent.entries() == [("registry", str(tmp_path / "registry.txt")), ("tags", str(tags))]
    window.recent_menu.aboutToShow.emit()
    texts = [a.text() for a in window.recent_menu.actions() if not a.isSeparator()]
    assert texts == [f"&1 Registry: {tmp_path / 'registry.txt'}", f"&2 Tags: {tags}", "&Clear the list"]
    opened: list[str] = []
    monkeypatch.setattr(window, "open_tags_file", opened.append)
    window.recent_menu.actions()[1].trigger()
    assert opened == [str(tags)]
    window.recent_menu.actions()[-1].trigger()
    assert window.recent.entries() == []


def test_preferences_change_the_data_folder_checked_and_used_from_the_next_start(
    qtbot, window, tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """Issue 23: the data folder is picked in Preferences, checked, and said to apply at the next start."""
    from bcp47_explorer.core.registry.update import ENV_DATA_HOME, user_data_dir
    from bcp47_explorer.ui.preferences import DATA_FOLDER_SETTING

    monkeypatch.delenv(ENV_DATA_HOME, raising=False)
    in_use = user_data_dir()
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "language-subtag-registry.txt").write_bytes(b"\xff\xfe not a registry")
    good = tmp_path / "good"
    good.mkdir()
    picks = [str(tmp_path / "missing"), str(bad), str(good)]
    dialog = window.show_preferences()
    dialog.folder_chooser = lambda: picks.pop(0)
    message = dialog.folder_message
    field_at = dialog.network_box.mapTo(dialog, dialog.network_box.rect().topLeft())

    qtbot.mouseClick(dialog.change_folder_button, Qt.MouseButton.LeftButton)
    assert message.isVisible()
    assert message.text() == f"Not used: {tmp_path / 'missing'} is not a folder."
    qtbot.mouseClick(dialog.change_folder_button, Qt.MouseButton.LeftButton)
    kept = bad / "language-subtag-registry.txt"
    assert message.text() == (
        f"Not used: it holds {kept}, which is not a usable registry: {kept}, line 1: not UTF-8 text, so not a "
        "registry file"
    )
    assert dialog.folder_edit.text() == str(in_use)  # unchanged
    assert dialog.folder_edit.accessibleDescription() == message.text()  # read with the field
    qtbot.mouseClick(dialog.change_folder_button, Qt.MouseButton.LeftButton)
    assert dialog.folder_edit.text() == str(good)
    assert message.text() == (
        f"Used from the next start (after OK). This window keeps using {in_use} until then; nothing is moved or copied."
    )
    assert dialog.network_box.mapTo(dialog, dialog.network_box.rect().topLeft()) == field_at  # nothing jumped
    qtbot.mouseClick(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok),
                     Qt.MouseButton.LeftButton)  # fmt: skip
    assert window.settings.value(DATA_FOLDER_SETTING) == str(good)
    assert user_data_dir() == in_use  # this run keeps its folder


def test_the_chosen_data_folder_is_read_at_start(tmp_path) -> None:
    """The next start reads the kept registry from the chosen folder (run as a person starts the app)."""
    import subprocess
    import sys

    from bcp47_explorer.core.data import resource_path

    folder = tmp_path / "data"
    folder.mkdir()
    old = Path(__file__).resolve().parents[1] / "data" / "language-subtag-registry-2021-08-06.txt"
    (folder / "language-subtag-registry.txt").write_bytes(old.read_bytes())
    assert resource_path("language-subtag-registry.txt").exists()
    settings = tmp_path / "settings.ini"
    s = Settings(str(settings))
    s.set_value("data/folder", str(folder))
    s.sync()
    del s
    code = (
        "import sys, bcp47_explorer.__main__ as m\n"
        "import bcp47_explorer.ui.main_window as mw\n"
        "orig = mw.MainWindow.__init__\n"
        "def init(self, *a, **k):\n"  # the registry is loaded right after the window's first paint
        "    orig(self, *a, **k)\n"
        "    self.data_ready.connect(lambda: print('REGISTRY', self.registry.file_date, flush=True))\n"
        "mw.MainWindow.__init__ = init\n"
        "sys.exit(m.main(['--settings', sys.argv[1], '--new-instance', '--quit-after', '0']))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "BCP47_EXPLORER_DATA_HOME"}
    env["QT_QPA_PLATFORM"] = "offscreen"
    out = subprocess.run(
        [sys.executable, "-c", code, str(settings)], capture_output=True, text=True, env=env, timeout=120
    )
    assert "REGISTRY 2021-08-06" in out.stdout, out.stderr[-2000:]
