"""The traps a new user hit (issue 24), each driven through the real widgets by keys and mouse."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.registration import CHECK_DELAY_MS
from bcp47_explorer.ui.settings import Settings
from PySide6.QtCore import QStandardPaths, Qt
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
    win.registry_files.register_action.trigger()
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
