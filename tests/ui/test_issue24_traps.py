"""The traps a new user hit (issue 24), each driven through the real widgets by keys and mouse."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest
from bcp47_explorer.core.data import resource_path
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.registration import CHECK_DELAY_MS
from bcp47_explorer.ui.settings import Settings
from PySide6.QtCore import QStandardPaths, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QLineEdit, QPlainTextEdit

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture(autouse=True)
def _private_paths() -> None:
    QStandardPaths.setTestModeEnabled(True)


def _window(qtbot, registry, settings_path) -> MainWindow:  # type: ignore[no-untyped-def]
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    win.resize(1100, 720)
    win.show()
    qtbot.waitExposed(win)
    return win


@pytest.fixture
def window(qtbot, registry, settings_path) -> MainWindow:  # type: ignore[no-untyped-def]
    return _window(qtbot, registry, settings_path)


def _open_assistant(qtbot, win: MainWindow):  # type: ignore[no-untyped-def]
    win.register_action.trigger()
    dlg = win.registry_files.registration_dialog
    qtbot.waitExposed(dlg)
    return dlg


def _fill(qtbot, dlg) -> None:  # type: ignore[no-untyped-def]
    for key, text in (("name", "Ana Tester"), ("email", "ana@example.org"), ("subtag", "oxendic")):
        field = dlg.fields[key]
        field.setFocus()
        qtbot.keyClicks(field, text)
    desc = dlg.fields["description"]
    desc.setFocus()
    qtbot.keyClicks(desc, "Oxford spelling, revised")
    qtbot.wait(CHECK_DELAY_MS + 40)


def _texts(dlg) -> dict[str, str]:  # type: ignore[no-untyped-def]
    out = {}
    for key in ("name", "email", "subtag", "description"):
        w = dlg.fields[key]
        out[key] = w.text() if isinstance(w, QLineEdit) else w.toPlainText()
    return out


FILLED = {
    "name": "Ana Tester",
    "email": "ana@example.org",
    "subtag": "oxendic",
    "description": "Oxford spelling, revised",
}


@pytest.mark.parametrize("how", ["escape", "close"])
def test_1_escape_or_close_keeps_the_filled_registration_form(qtbot, registry, settings_path, how: str) -> None:  # type: ignore[no-untyped-def]
    win = _window(qtbot, registry, settings_path)
    dlg = _open_assistant(qtbot, win)
    _fill(qtbot, dlg)
    if how == "escape":
        qtbot.keyClick(dlg.fields["subtag"], Qt.Key.Key_Escape)
    else:
        qtbot.mouseClick(dlg.close_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dlg.isVisible())
    again = _open_assistant(qtbot, win)
    assert _texts(again) == FILLED
    assert "Your unsent request is back" in again.summary.text()
    qtbot.keyClick(again, Qt.Key.Key_Escape)
    win.close()
    # After a restart (a new window on the same settings file) the draft is still there.
    win2 = _window(qtbot, registry, settings_path)
    third = _open_assistant(qtbot, win2)
    assert _texts(third) == FILLED
    # "Clear form" starts anew, and a new opening then starts empty.
    qtbot.mouseClick(third.clear_button, Qt.MouseButton.LeftButton)
    assert _texts(third) == dict.fromkeys(FILLED, "")
    qtbot.keyClick(third, Qt.Key.Key_Escape)
    fourth = _open_assistant(qtbot, win2)
    assert _texts(fourth) == dict.fromkeys(FILLED, "")
    assert isinstance(fourth.fields["description"], QPlainTextEdit)
    QApplication.processEvents()


# ---------------------------------------------------------------- 2. carry-over in the Build pane
ALT = Qt.KeyboardModifier.AltModifier


def _build(qtbot, win: MainWindow):  # type: ignore[no-untyped-def]
    win.tabs.setCurrentWidget(win.build)
    pane = win.build
    pane.load()
    qtbot.waitUntil(lambda: pane.ready, timeout=20000)
    return pane


def _type_enter(qtbot, text: str) -> None:  # type: ignore[no-untyped-def]
    widget = QApplication.focusWidget()
    assert widget is not None
    qtbot.keyClicks(widget, text)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)


def test_2_a_new_language_drops_the_choices_that_do_not_fit_it(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    pane = _build(qtbot, window)
    window.state.set_tag("yue-Hant-HK-u-nu-hanidec")
    pane.go_to_step(0)
    _type_enter(qtbot, "Spanish")
    # Skipping the script step, the region step: Latin America.
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_3, ALT)
    _type_enter(qtbot, "419")
    assert window.state.tag() == "es-419"
    assert "Dropped" not in pane.notice_label.text() or pane.notice_label.isHidden()
    status = pane.status_label.text()
    assert "✔ valid" in status and "no advice" in status


def test_2_the_drop_is_said_and_unusual_script_or_region_get_a_note(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    pane = _build(qtbot, window)
    window.state.set_tag("yue-Hant-HK")
    pane.go_to_step(0)
    _type_enter(qtbot, "Spanish")
    assert window.state.tag() == "es"
    assert pane.notice_label.text() == (
        "Dropped \u2066Hant\u2069, \u2066HK\u2069: chosen for \u2066yue-Hant-HK\u2069, they do not fit Spanish "
        "(\u2066es\u2069). Add what you need in the next steps."
    )
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_3, ALT)
    _type_enter(qtbot, "LA")
    assert window.state.tag() == "es-LA"
    status = pane.status_label.text()
    assert "✔ valid" in status and "no advice" not in status
    assert (
        "Note:</span> Spanish is not among the languages CLDR lists for Laos (LA); "
        "Latin America is 419: es-419?" in status
    )


def test_2_ctrl_n_in_the_build_pane_starts_a_new_tag(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    pane = _build(qtbot, window)
    window.state.set_tag("ja-Latn-t-ru-m0-bgn")
    pane.go_to_step(2)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_N, CTRL)
    assert window.state.tag() == ""
    assert pane.steps.currentIndex() == 0
    assert pane.notice_label.text() == "Started a new tag (the last one was \u2066ja-Latn-t-ru-m0-bgn\u2069)."
    _type_enter(qtbot, "de")
    assert window.state.tag() == "de"


# ---------------------------------------------------------------- 3. the registry search reads a tag
def test_3_searching_a_tag_lists_the_record_of_each_subtag_and_opens_it(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.tabs.setCurrentWidget(window.browser)
    browser = window.browser
    browser.search_edit.setFocus()
    qtbot.keyClicks(browser.search_edit, "hy-SU")
    qtbot.keyClick(browser.search_edit, Qt.Key.Key_Return)
    assert [(r.type, r.code) for r in browser.visible_records()] == [("language", "hy"), ("region", "SU")]
    assert "Showing the record of each subtag of \u2066hy-SU\u2069 (2)" in browser.count_label.text()
    assert browser.open_tag_button.isVisible()
    assert browser.open_tag_button.text() == "Open \u2066hy-SU\u2069 in the editor"
    qtbot.mouseClick(browser.open_tag_button, Qt.MouseButton.LeftButton)
    assert window.tabs.currentWidget() is window.editor
    assert window.state.tag() == "hy-SU"
    # A word is searched as before, and the button goes away.
    window.tabs.setCurrentWidget(browser)
    browser.search_edit.setFocus()
    browser.search_edit.selectAll()
    qtbot.keyClicks(browser.search_edit, "Armenian")
    qtbot.keyClick(browser.search_edit, Qt.Key.Key_Return)
    assert ("language", "hy") in [(r.type, r.code) for r in browser.visible_records()]
    assert not browser.open_tag_button.isVisible()


# ---------------------------------------------------------------- 4. the keyboard after a button disables itself
def test_4_after_remove_t_the_keyboard_still_works(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    pane = _build(qtbot, window)
    window.state.set_tag("ja-Latn-t-ru-m0-bgn")
    pane.go_to_step(5)
    button = pane.t_builder.clear_button
    button.setFocus(Qt.FocusReason.TabFocusReason)
    assert QApplication.focusWidget() is button
    qtbot.keyClick(button, Qt.Key.Key_Space)
    assert window.state.tag() == "ja-Latn"
    assert not button.isEnabled()
    focus = QApplication.focusWidget()
    assert focus is not None and focus is not button and focus.isEnabled()
    # Alt+1 goes to the language step and typing chooses a language.
    qtbot.keyClick(focus, Qt.Key.Key_1, ALT)
    assert pane.steps.currentIndex() == 0
    _type_enter(qtbot, "ko")
    assert window.state.tag().startswith("ko")


def test_4_the_u_step_filters_its_keys_and_remove_hands_the_focus_on(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    pane = _build(qtbot, window)
    window.state.set_tag("de")
    pane.go_to_step(0)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_5, ALT)
    u = pane.u_builder
    assert QApplication.focusWidget() is u.keys_filter
    qtbot.keyClicks(u.keys_filter, "calendar")
    assert [r.key for r in u.keys_model.rows()][:1] == ["ca"]
    qtbot.keyClick(u.keys_filter, Qt.Key.Key_Return)
    assert QApplication.focusWidget() is u.filter_edit
    qtbot.keyClicks(u.filter_edit, "gregorian")
    qtbot.keyClick(u.filter_edit, Qt.Key.Key_Return)
    assert window.state.tag() == "de-u-ca-gregory"
    u.keywords_list.setFocus()
    u.keywords_list.setCurrentRow(0)
    u.remove_button.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(u.remove_button, Qt.Key.Key_Space)
    assert window.state.tag() == "de"
    focus = QApplication.focusWidget()
    assert focus is not None and focus.isEnabled() and focus is not u.remove_button
    qtbot.keyClick(focus, Qt.Key.Key_1, ALT)
    assert pane.steps.currentIndex() == 0


# ---------------------------------------------------------------- 5. geometry
def test_5_a_window_saved_on_a_bigger_screen_is_restored_inside_the_available_screen(
    qtbot, registry, settings_path
) -> None:  # type: ignore[no-untyped-def]
    win = _window(qtbot, registry, settings_path)
    avail = win.screen().availableGeometry()
    win.resize(avail.width() + 300, avail.height() + 270)  # as saved on a bigger screen
    win.close()  # saves the geometry
    win2 = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win2)
    win2.show()
    qtbot.waitExposed(win2)
    frame = win2.frameGeometry()
    assert frame.width() <= avail.width() and frame.height() <= avail.height()
    assert avail.contains(frame.topLeft()) and avail.contains(frame.bottomRight())


# ---------------------------------------------------------------- 7. what changed reads forwards in time
def test_7_two_registries_picked_newest_first_are_compared_oldest_first(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    old = Path(__file__).resolve().parents[1] / "data" / "language-subtag-registry-2021-08-06.txt"
    files = [str(resource_path("language-subtag-registry.txt")), str(old)]  # the newer one picked first
    window.registry_files.choose_file = lambda _title: files.pop(0)
    action = next(a for a in window.findChildren(QAction) if a.text().replace("&", "").startswith("Compare two"))
    action.trigger()
    changes = window.registry_files.changes_dialog
    kinds = [r.kind for r in changes.rows()]
    assert (kinds.count("added"), kinds.count("removed"), kinds.count("changed")) == (124, 0, 95)
    header = changes.header.text()
    assert header.index("language-subtag-registry-2021-08-06.txt") < header.index("language-subtag-registry.txt")


# ---------------------------------------------------------------- 8. started without a display
def test_8_without_a_display_the_app_says_so_and_exits_1(tmp_path: Path) -> None:
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["QT_QPA_PLATFORM"] = "xcb"
    done = subprocess.run(
        [sys.executable, "-m", "bcp47_explorer", "--settings", str(tmp_path / "s.ini"), "--quit-after", "100"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert done.stderr.startswith("bcp47-explorer: no display: DISPLAY (X11) and WAYLAND_DISPLAY are not set")


# ---------------------------------------------------------------- 9. wording: the Script picker says what Enter does
def test_9_the_script_and_region_pickers_say_enter_removes_the_subtag_in_the_tag(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    pane = _build(qtbot, window)
    window.state.set_tag("sr-Latn-RS")
    pane.go_to_step(1)
    picker = pane.pickers["script"]
    current = picker.model.rows()[picker.view.currentIndex().row()]
    assert current.code == "Latn"
    shown = [
        picker.model.data(picker.model.index(picker.view.currentIndex().row(), c))
        for c in range(picker.model.columnCount())
    ]
    assert any(str(v).startswith("in the tag (Enter removes it)") for v in shown)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert window.state.tag() == "sr-RS"
    pane.go_to_step(2)
    region = pane.pickers["region"]
    assert region.model.rows()[region.view.currentIndex().row()].mark.startswith("in the tag (Enter removes it)")


# ---------------------------------------------------------------- 5. fields stay put as messages come and go
def _where(widget, win) -> tuple[int, int, int, int]:  # type: ignore[no-untyped-def]
    """The widget's rectangle in window coordinates: what a click aims at."""
    top_left = widget.mapTo(win, widget.rect().topLeft())
    return (top_left.x(), top_left.y(), widget.width(), widget.height())


def test_5_the_build_forms_stay_put_when_a_notice_appears(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    pane = _build(qtbot, window)
    window.state.set_tag("ja-Latn")
    pane.go_to_step(2)
    qtbot.wait(50)
    assert pane.notice_label.isHidden()
    before = _where(pane.canonical_field, window)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_N, CTRL)  # says "Started a new tag…"
    qtbot.wait(50)
    assert pane.notice_label.isVisible()
    assert pane.notice_label.text() == "Started a new tag (the last one was \u2066ja-Latn\u2069)."
    assert _where(pane.canonical_field, window) == before
    _type_enter(qtbot, "de")  # the tag changes: the notice goes
    qtbot.wait(50)
    assert pane.notice_label.isHidden()
    assert _where(pane.canonical_field, window) == before


def test_5_the_editor_tables_stay_put_when_a_notice_appears(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.show_pane("editor")
    pane = window.editor
    line = pane.editor
    line.setFocus()
    line.selectAll()
    qtbot.keyClicks(line, "en-US")
    qtbot.wait(50)
    assert pane.notice.isHidden()
    before = _where(pane.breakdown, window), _where(pane.names_bar, window)
    QApplication.clipboard().setText("\u2013x")  # an en dash, pasted: a notice about non-ASCII input appears
    qtbot.keyClick(line, Qt.Key.Key_V, CTRL)
    qtbot.wait(50)
    assert pane.notice.isVisible() and pane.notice.text().startswith("Non-ASCII or invisible input: ")
    assert (_where(pane.breakdown, window), _where(pane.names_bar, window)) == before
    for _ in range(2):
        qtbot.keyClick(line, Qt.Key.Key_Backspace)
    qtbot.wait(50)
    assert pane.notice.isHidden()
    assert (_where(pane.breakdown, window), _where(pane.names_bar, window)) == before


def test_5_the_registration_fields_stay_put_when_a_check_appears(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    dlg = _open_assistant(qtbot, window)
    email, subtag = dlg.fields["email"], dlg.fields["subtag"]
    email.setFocus()
    qtbot.wait(CHECK_DELAY_MS + 40)
    assert dlg.messages["email"].isHidden()
    before = _where(subtag, dlg)
    qtbot.keyClicks(email, "not an address")
    qtbot.keyClick(email, Qt.Key.Key_Tab)
    qtbot.wait(CHECK_DELAY_MS + 40)
    assert dlg.messages["email"].isVisible() and dlg.messages["email"].text()
    assert dlg.messages["email"].text().startswith("Error: ")
    assert _where(subtag, dlg) == before
