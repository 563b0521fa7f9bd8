"""Pins issue 14 item 11 and issue 11 items 18-19: the window bounds its work and starts cleanly.

- Every editable text field of the window is capped by the one bound() mechanism; a 32,000-character
  paste into the registry search and 60,000 characters into the builder's Value are cut to the cap.
- A stored history of 10,000 entries is trimmed to its cap on load; the editor's undo stack is bounded;
  ten registry reloads leave one registry alive and the same widgets.
- Start-up without Qt's X11 libraries names the missing packages and exits 1 (simulated missing
  libraries); damaged CLDR data is refused with a dialog and exit 2.
- The tests never write into the real user cache.
"""

from __future__ import annotations

import gc
import json
import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from bcp47_explorer.core import data
from bcp47_explorer.core.registry.model import Registry
from bcp47_explorer.ui import xcb_check
from bcp47_explorer.ui.bounded import SEARCH_MAX, UNDO_MAX, VALUE_MAX
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.settings import HISTORY_MAX, Settings
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QMessageBox

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def window(qtbot, registry, settings_path):  # type: ignore[no-untyped-def]
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    win.resize(1100, 720)
    win.show()
    return win


def _paste(qtbot, edit: QLineEdit, text: str) -> None:  # type: ignore[no-untyped-def]
    QApplication.clipboard().setText(text)
    edit.setFocus()
    qtbot.keyClick(edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(edit, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)


def test_every_editable_text_field_is_bounded(window) -> None:  # type: ignore[no-untyped-def]
    window.make_all_panes()  # every pane's fields (panes are made when first shown)
    edits = [e for e in window.findChildren(QLineEdit) if not e.isReadOnly()]
    assert len(edits) >= 5
    for edit in edits:
        assert edit.maxLength() <= VALUE_MAX, edit.accessibleName()
        assert edit.property("bounded") == edit.maxLength()  # through the one bound() helper


def test_a_huge_paste_into_the_registry_search_is_cut(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    browser = window.browser
    window.tabs.setCurrentWidget(browser)
    _paste(qtbot, browser.search_edit, "norwegian " * 3_200)  # 32,000 characters
    assert len(browser.search_edit.text()) == SEARCH_MAX
    qtbot.waitUntil(lambda: browser.names_ready, timeout=60000)  # the search also lists the name index's hits
    text = browser.search_edit.text()
    expected = {(h.record.type, h.record.code) for h in window.registry.search(text)}
    assert expected
    kinds = ("language", "script", "region", "tag")
    expected |= {("language" if h.kind == "tag" else h.kind, h.code.split("-")[0] if h.kind == "tag" else h.code)
                 for h in data.bundled_name_finder().search(text, kinds, 30)}  # fmt: skip
    # The search ran on the cut text.
    qtbot.waitUntil(lambda: {(r.type, r.code) for r in browser.visible_records()} == expected, timeout=5000)


def test_a_huge_value_in_the_builder_is_cut(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    builder = window.builder
    window.tabs.setCurrentWidget(builder)
    _paste(qtbot, builder.value_edit, "1f600-" * 10_000)  # 60,000 characters
    assert len(builder.value_edit.text()) == VALUE_MAX


def test_a_stored_history_of_ten_thousand_is_trimmed_on_load(qtbot, registry, settings_path) -> None:  # type: ignore[no-untyped-def]
    history = [f"en-x-h{i}" for i in range(10_000)]
    settings_path.write_text("[editor]\nhistory=" + json.dumps(json.dumps(history)) + "\n", encoding="utf-8")
    s = Settings(settings_path)
    assert s.refused is None and s.value("editor/history") == history[:HISTORY_MAX]
    win = MainWindow(registry, s)
    qtbot.addWidget(win)
    menu = win.editor.history_menu()
    assert len([a for a in menu.actions() if a.text().startswith("en-x-h")]) <= HISTORY_MAX


def test_the_editor_undo_stack_is_bounded(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    editor = window.editor.editor
    for i in range(UNDO_MAX + 50):
        editor.set_text(f"en-x-u{i}")
    assert 0 < editor.document().availableUndoSteps() <= UNDO_MAX
    qtbot.keyClick(editor, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert editor.text() != f"en-x-u{UNDO_MAX + 49}"  # undo still works


def test_registry_reloads_keep_one_registry_alive(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    path = str(data.resource_path(data.REGISTRY_FILE))

    def settle() -> None:
        for _ in range(3):
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
            QApplication.processEvents()
        gc.collect()

    def alive() -> int:
        return sum(isinstance(o, Registry) for o in gc.get_objects())

    window.load_registry_file(path)
    settle()
    widgets = len(window.findChildren(QLineEdit))
    before = alive()  # the registry in use, and whatever other tests of the session still hold
    for _ in range(10):
        assert window.load_registry_file(path)
        settle()
    assert alive() == before  # each reload's registry replaced the last one; none kept
    assert len(window.findChildren(QLineEdit)) == widgets


# --------------------------------------------------------------------------------------- start-up
def test_missing_x11_libraries_are_named_with_their_packages(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer import __main__ as gui

    missing = {"libxcb-icccm.so.4", "libxcb-keysyms.so.1"}
    monkeypatch.setattr(xcb_check, "_loadable", lambda name: name not in missing)
    monkeypatch.setattr(gui, "_qt_running", lambda: False)
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setenv("DISPLAY", ":99")  # a display to use (without one the app says "no display" first)
    assert gui.main(["--quit-after", "0"]) == 1
    err = capsys.readouterr().err
    assert "libxcb-icccm.so.4, libxcb-keysyms.so.1" in err
    assert "apt-get install libxcb-icccm4 libxcb-keysyms1\n" in err
    assert xcb_check.README_APT_LINE in err and "libxcb-cursor0" not in err.split("\n")[2]
    assert err.count("bcp47-explorer:") == 1  # one message


def test_the_readme_apt_line_is_the_checks_line() -> None:
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert xcb_check.README_APT_LINE in readme


def test_the_plugins_needed_libraries_are_read_from_the_elf_file() -> None:
    qt = xcb_check._qt_dir()
    assert qt is not None
    needed = xcb_check.elf_needed(qt / "plugins" / "platforms" / "libqxcb.so")
    assert "libQt6XcbQpa.so.6" in needed
    assert {"libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxcb-cursor.so.0"} <= set(
        xcb_check.missing_libraries(can_load=lambda name: "xcb" not in name)
    )
    # What this machine lacks, against an independent oracle: the dynamic loader's cache.
    import shutil
    import subprocess

    ldconfig = shutil.which("ldconfig") or "/sbin/ldconfig"
    listed = subprocess.run([ldconfig, "-p"], capture_output=True, text=True, check=False).stdout
    if not listed:
        pytest.skip("no ldconfig cache to compare with")
    known = {line.split()[0] for line in listed.splitlines()[1:] if line.strip()}
    wanted = {"libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxcb-cursor.so.0", "libxkbcommon-x11.so.0"}
    got = xcb_check.missing_libraries()
    assert {n for n in got if n in wanted} == wanted - known
    assert all(n not in known for n in got)


def test_damaged_cldr_data_is_refused_with_a_dialog_and_exit_2(tmp_path, monkeypatch, settings_path) -> None:  # type: ignore[no-untyped-def]
    import shutil

    from bcp47_explorer.__main__ import main

    folder = tmp_path / "data"
    folder.mkdir()
    for name in (data.REGISTRY_FILE, data.EXTENSIONS_FILE):
        shutil.copy(ROOT / "resources" / name, folder / name)
    (folder / data.CLDR_FILE).write_text("", encoding="utf-8")
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append(text))
    monkeypatch.setenv(data.ENV_DATA_DIR, str(folder))
    # The loaders read the files afresh for this test only; the session's loaded data stay as they are.
    from bcp47_explorer.core.files import reading

    monkeypatch.setattr(reading, "resources_folder", reading.resources_folder.__wrapped__)
    monkeypatch.setattr(data, "bundled_registry", lambda: data.load_registry())
    monkeypatch.setattr(data, "bundled_cldr", lambda: data.load_cldr())
    monkeypatch.setattr(data, "bundled_extensions_registry", lambda: data.load_extensions_registry())
    monkeypatch.setattr(data, "bundled_engine", lambda: data.engine_for())
    assert main(["--settings", str(settings_path)]) == 2
    assert shown and "cldr-bcp47.json" in shown[0] and "cannot be used" in shown[0]


def test_the_tests_never_write_into_the_real_cache(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import hashlib
    import subprocess
    import sys

    real = Path(os.environ["BCP47_TEST_REAL_CACHE_HOME"]) / "bcp47-explorer"
    started = float(os.environ["BCP47_TEST_STARTED"])
    # Only the caches of this checkout's registry file: another checkout on the same machine (a second
    # developer's tests, a benchmark) may write its own into the real cache at the same time.
    where = hashlib.sha256(os.fsencode(os.path.abspath(data.resource_path(data.REGISTRY_FILE)))).hexdigest()[:16]

    def ours_since_start() -> list[str]:
        if not real.is_dir():
            return []
        return sorted(p.name for p in real.iterdir() if p.name.startswith(f"{data.CACHE_PREFIX}{where}-")
                      and p.name.endswith(data.CACHE_SUFFIX) and p.stat().st_mtime >= started)  # fmt: skip

    before = ours_since_start()
    assert data.cache_dir() != real and str(data.cache_dir()).startswith(os.environ["BCP47_TEST_HOME"])
    data.load_registry(ROOT / "resources" / data.REGISTRY_FILE)
    subprocess.run([sys.executable, "-m", "bcp47_explorer.cli", "lookup", "en"], capture_output=True, check=True)
    Settings().sync()
    assert Path(Settings().file_name()).is_relative_to(os.environ["BCP47_TEST_HOME"])
    assert ours_since_start() == before == []
