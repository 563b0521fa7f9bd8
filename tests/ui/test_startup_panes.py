"""Issue 24 item 8: at start-up only the Editor is made; every other pane is made when first shown or used,
with its stored settings, and the Build pane's language list offers its entries before the names load."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.settings import Settings
from PySide6.QtCore import QStandardPaths, Qt
from PySide6.QtWidgets import QApplication

CTRL = Qt.KeyboardModifier.ControlModifier
OTHER_PANES = ["builder", "browser", "build", "anatomy", "grammar", "batch", "matching"]


@pytest.fixture(autouse=True)
def _private_paths() -> None:
    QStandardPaths.setTestModeEnabled(True)


def _open(qtbot, registry, settings_path: Path) -> MainWindow:  # type: ignore[no-untyped-def]
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    win.resize(1100, 720)
    win.show()
    win.activateWindow()
    qtbot.waitExposed(win)
    qtbot.waitUntil(win.isActiveWindow)
    return win


@pytest.fixture
def window(qtbot, registry, settings_path) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    win = _open(qtbot, registry, settings_path)
    yield win
    if win.teaching is not None:
        win.teaching.shutdown()


def _press(qtbot, win: MainWindow, digit: int) -> None:  # type: ignore[no-untyped-def]
    qtbot.keyClick(QApplication.focusWidget() or win, getattr(Qt.Key, f"Key_{digit}"), CTRL)
    assert win.tabs.currentIndex() == digit - 1


def test_only_the_editor_is_made_at_start_and_each_tab_holds_a_stand_in(window) -> None:  # type: ignore[no-untyped-def]
    assert window._panes.keys() == {"editor"}  # the property would make the pane: read what exists
    assert [window.tabs.widget(i).objectName() for i in range(1, window.tabs.count())] == [
        f"{key}_slot" for key in OTHER_PANES
    ]
    # The tabs, their titles and View > pane entries are all there before any pane is made.
    assert [window.tabs.tabText(i) for i in range(window.tabs.count())] == [
        "Ed&itor", "-u- &Builder", "&Registry", "Buil&d", "&Anatomy", "&Grammar", "Ba&tch", "Matchi&ng"
    ]  # fmt: skip
    assert window.made_panes() == ["editor"]


def test_the_pane_modules_are_not_imported_at_start_up(tmp_path) -> None:  # type: ignore[no-untyped-def]
    code = (
        "import sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication(sys.argv[:1])\n"
        "from bcp47_explorer.core.data import bundled_registry\n"
        "from bcp47_explorer.ui.main_window import MainWindow\n"
        "from bcp47_explorer.ui.settings import Settings\n"
        "w = MainWindow(bundled_registry(), Settings(sys.argv[1])); w.show(); app.processEvents()\n"
        "import json\n"
        "ui = sorted(m.rsplit('.', 1)[1] for m in sys.modules if m.startswith('bcp47_explorer.ui.'))\n"
        "print(json.dumps(ui))\n"
        "import bcp47_explorer.core.registry.update\n"
        "print('http.client' in sys.modules)\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "s.ini")], capture_output=True, text=True,
                         env=env, timeout=120, check=True).stdout.splitlines()  # fmt: skip
    loaded = set(json.loads(out[0]))
    for module in ("browser", "build", "builder", "anatomy_pane", "grammar_pane", "batch_pane", "matching_pane",
                   "registry_files", "changes", "preferences", "primer", "picker"):  # fmt: skip
        assert module not in loaded, module
    assert {"editor", "main_window", "teaching"} <= loaded
    assert out[1] == "False"  # the HTTP modules wait for a download


def test_ctrl_3_makes_the_registry_pane_with_its_stored_search_and_a_pane_never_opened_keeps_its_settings(
    qtbot, registry, settings_path
) -> None:  # type: ignore[no-untyped-def]
    first = _open(qtbot, registry, settings_path)
    _press(qtbot, first, 3)
    qtbot.keyClicks(first.browser.search_edit, "switzerland")
    qtbot.waitUntil(lambda: first.browser.filters()["query"] == "switzerland")
    _press(qtbot, first, 1)
    first.close()

    second = _open(qtbot, registry, settings_path)  # opened and closed without visiting the Registry pane
    assert "browser" not in second.made_panes()
    second.close()
    assert "browser" not in second.made_panes()  # saving did not make it
    assert Settings(settings_path).value("browser/filters")["query"] == "switzerland"

    third = _open(qtbot, registry, settings_path)
    assert third.tabs.currentIndex() == 0 and "browser" not in third.made_panes()
    _press(qtbot, third, 3)
    assert "browser" in third.made_panes()
    browser = third.browser
    assert third.tabs.currentWidget() is browser
    assert browser.search_edit.text() == "switzerland"
    records = browser.visible_records()
    assert records and any(r.type == "region" and r.code == "CH" for r in records)
    assert browser.search_edit.hasFocus()  # Ctrl+3 put the keyboard in the search box of the new pane
    qtbot.keyClick(browser.search_edit, Qt.Key.Key_End)  # the search is selected: keep it, add a word
    qtbot.keyClicks(browser.search_edit, " german")  # and it works as a made-at-start pane would
    qtbot.waitUntil(lambda: browser.filters()["query"] == "switzerland german")


def test_the_pane_shown_at_the_last_quit_is_made_at_start(qtbot, registry, settings_path) -> None:  # type: ignore[no-untyped-def]
    first = _open(qtbot, registry, settings_path)
    _press(qtbot, first, 6)
    first.close()
    second = _open(qtbot, registry, settings_path)
    assert second.tabs.currentIndex() == 5
    assert second.made_panes() == ["editor", "grammar"]
    assert second.tabs.currentWidget() is second.teaching.grammar


def test_ctrl_f_in_the_editor_makes_the_registry_pane_and_types_into_its_search(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.editor.editor.setFocus()
    qtbot.keyClick(window.editor.editor, Qt.Key.Key_F, CTRL)
    assert window.made_panes() == ["editor", "browser"]
    assert QApplication.focusWidget() is window.browser.search_edit
    qtbot.keyClicks(QApplication.focusWidget(), "rozaj")
    qtbot.waitUntil(lambda: [r.code for r in window.browser.visible_records()] == ["rozaj"])


def test_clicking_a_tab_makes_its_pane(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    bar = window.tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(4).center())
    assert window.tabs.currentIndex() == 4
    assert window.made_panes() == ["editor", "anatomy"]
    assert window.tabs.currentWidget() is window.teaching.anatomy
    assert window.teaching.anatomy.isVisible()


def test_a_tags_file_dropped_before_the_batch_pane_exists_is_checked_in_it(qtbot, window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    tags = tmp_path / "tags.txt"
    tags.write_text("en-US\nde-CH-1901\nen-UK\n", encoding="utf-8")
    assert "batch" not in window.made_panes()
    window.open_tags_file(str(tags))  # what a drop of a tags file on the window does
    batch = window.teaching.batch
    assert window.tabs.currentWidget() is batch
    qtbot.waitUntil(lambda: batch.model.rowCount() == 3, timeout=20000)


def test_the_shortcut_list_names_the_keys_of_panes_never_opened(window) -> None:  # type: ignore[no-untyped-def]
    texts = " · ".join(f"{k} = {t}" for k, t in window.shortcut_rows())
    assert "Zoom the diagram in (in Anatomy)" in texts
    assert set(window.made_panes()) == {"editor", *OTHER_PANES}


def test_view_zoom_lists_the_anatomy_keys_when_opened(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    assert [a.text() for a in window.zoom_menu.actions()] == ["Zoom &in", "Zoom &out", "&Reset zoom"]
    window.zoom_menu.aboutToShow.emit()  # the menu opening
    texts = [a.text().replace("&", "") for a in window.zoom_menu.actions() if not a.isSeparator()]
    assert texts[3:] == ["Zoom the diagram in", "Zoom the diagram out", "Fit the diagram to the pane"]


def test_a_new_registry_makes_only_the_shown_pane_again(qtbot, window, registry) -> None:  # type: ignore[no-untyped-def]
    _press(qtbot, window, 3)
    window.set_registry(registry)
    assert window.made_panes() == ["editor", "browser"]
    assert window.tabs.currentWidget() is window.browser


# ------------------------------------------------------------------ the Build pane's first visit
def test_the_build_list_offers_languages_before_the_names_finish_loading(qtbot, window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import bcp47_explorer.ui.build as build_module

    gate = threading.Event()
    real_namer, real_names = build_module.bundled_namer, build_module.bundled_names

    def slow_namer():  # type: ignore[no-untyped-def]
        gate.wait(30)  # the names in the user's language take their time
        return real_namer()

    def slow_names():  # type: ignore[no-untyped-def]
        gate.wait(30)
        return real_names()

    monkeypatch.setattr(build_module, "bundled_namer", slow_namer)
    monkeypatch.setattr(build_module, "bundled_names", slow_names)
    try:
        _press(qtbot, window, 4)
        pane = window.build
        picker = pane.pickers["language"]
        qtbot.waitUntil(lambda: picker.model.rowCount() > 8000, timeout=20000)
        assert not pane.ready  # the localized names have not arrived
        assert picker.count_label.text().endswith("languages; the names in your language are loading…")
        picker.filter_edit.setFocus()
        qtbot.keyClicks(picker.filter_edit, "german")
        codes = [c.code for c in picker.model.rows()]
        assert codes[0] == "de", codes[:5]
        qtbot.keyClick(picker.filter_edit, Qt.Key.Key_Return)  # choosing works before the names arrive
        qtbot.waitUntil(lambda: window.state.tag() == "de")
    finally:
        gate.set()
    qtbot.waitUntil(lambda: pane.ready, timeout=20000)
    assert "loading" not in picker.count_label.text()
    assert window.state.tag() == "de"


def test_the_build_panes_u_and_t_steps_are_made_on_their_first_visit(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _press(qtbot, window, 4)
    pane = window.build
    qtbot.waitUntil(lambda: pane.ready, timeout=20000)
    assert pane._u_builder is None and pane._t_builder is None  # the property would make it: read what exists
    assert [pane.steps.widget(i).objectName() for i in (4, 5)] == ["u_step_slot", "t_step_slot"]
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_6, Qt.KeyboardModifier.AltModifier)
    assert pane.steps.currentIndex() == 5
    t = pane._t_builder
    assert t is not None and pane.steps.currentWidget() is t and pane._u_builder is None
    # Made after the names loaded, it has the whole language list with them, and the step keys work in it.
    assert t.source_pickers["language"].model.rowCount() > 8000
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_5, Qt.KeyboardModifier.AltModifier)
    assert pane.steps.currentIndex() == 4 and pane.steps.currentWidget() is pane._u_builder
    assert pane.steps.tabToolTip(5).startswith("-t- transformed content (RFC 6497) (Alt+6")
