"""Registry updates in the window, driven through the menus: open, download, go back, what changed, links.

Pins: a corrupt, truncated, older or non-registry file leaves the registry in use, with a message naming
the file, the line and the problem (an error box, or the question the user answers "keep"); an accepted
file is used, kept for the next start, named in the status bar and About, and its changes are shown
(rows, filter, opening a record); "Use the bundled registry" goes back; the download runs against a
local server with a progress dialog, and a failing or slow server leaves the registry in use; the
browser's changed-since filter; links out open only on a click; the extensions registry is browsable.

A hostile server (issue 26 item 2) that trickles its headers a byte at a time: a click on Cancel
closes the connection (the worker thread ends), a second Download starts at once, a click while one
runs says so, the overall deadline ends it with its message, and closing the window -- in this process
and in a child process that quits the app -- never waits for the server nor aborts.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import http.server
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from bcp47_explorer.core.data import resource_path
from bcp47_explorer.core.registry.update import kept_registry_path
from bcp47_explorer.ui.changes import ChangesDialog
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.settings import Settings
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox, QPushButton

DATA = Path(__file__).parent.parent / "data"
OLD = DATA / "language-subtag-registry-2021-08-06.txt"
BODY = resource_path("language-subtag-registry.txt").read_bytes()


@pytest.fixture
def window(qtbot, registry, settings_path) -> MainWindow:  # type: ignore[no-untyped-def]
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    win.show()
    return win


def _file_action(window: MainWindow, text: str):  # type: ignore[no-untyped-def]
    menu = window.menuBar().actions()[0].menu()
    return next(a for a in menu.actions() if a.text().replace("&", "").startswith(text))


def _open_through_the_menu(window: MainWindow, path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    _file_action(window, "Open registry file").trigger()


def _answer_question(button: str, seen: list[str]) -> None:
    """Click *button* in the next question box when it appears (it runs its own event loop)."""

    def poll() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.objectName() == "confirm_registry":
            seen.append(box.text())
            next(b for b in box.findChildren(QPushButton) if b.text().replace("&", "") == button).click()
        else:
            QTimer.singleShot(30, poll)

    QTimer.singleShot(30, poll)


def _error_text(window: MainWindow) -> str:
    box = window.registry_files.last_message
    assert box is not None
    return box.text()


def test_a_corrupt_file_leaves_the_registry_in_use_with_file_line_and_problem(
    qtbot, window, tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    before = window.registry
    bad = tmp_path / "corrupt.txt"
    bad.write_bytes(BODY[:5000] + b"\x00\x01garbage\n" + BODY[5000:])
    _open_through_the_menu(window, bad, monkeypatch)
    assert window.registry is before
    text = _error_text(window)
    line = BODY[:5000].count(b"\n") + 1
    assert f"{bad}, line {line}: control character U+0000" in text
    assert "The registry in use is unchanged" in text
    assert not kept_registry_path().exists()


def test_a_file_cut_mid_line_names_its_last_line(qtbot, window, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    before = window.registry
    cut = tmp_path / "cut-mid-line.txt"
    cut.write_bytes(BODY[:300000])
    _open_through_the_menu(window, cut, monkeypatch)
    assert window.registry is before
    line = BODY[:300000].count(b"\n") + 1
    assert f"{cut}, line {line}: " in _error_text(window)


def test_a_non_registry_file_is_refused(qtbot, window, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    before = window.registry
    readme = tmp_path / "README.md"
    readme.write_text("# A project\n\nSome text.\n", encoding="utf-8")
    _open_through_the_menu(window, readme, monkeypatch)
    assert window.registry is before
    assert f"{readme}, line 1: expected 'Field-Name: value', found '# A project'" in _error_text(window)
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes(BODY.decode("utf-8").encode("latin-1", "replace"))
    _open_through_the_menu(window, latin1, monkeypatch)
    line = BODY[: BODY.index("Bokmål".encode())].count(b"\n") + 1
    assert window.registry is before
    assert f"{latin1}, line {line}: not UTF-8 text" in _error_text(window)


def test_a_file_truncated_at_a_record_boundary_is_not_used_without_asking(qtbot, window, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    before = window.registry
    cut = tmp_path / "truncated.txt"
    cut.write_bytes(BODY[: BODY.index(b"%%\nType: script")])
    seen: list[str] = []
    _answer_question("Keep the registry in use", seen)
    _open_through_the_menu(window, cut, monkeypatch)
    assert window.registry is before
    assert seen and f"{cut}: it has no script records" in seen[0] and "cut short?" in seen[0]
    assert "was not used" in window.statusBar().currentMessage()


def test_an_older_registry_is_asked_about_then_used_kept_and_its_changes_shown(qtbot, window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    seen: list[str] = []
    _answer_question("Use it anyway", seen)
    _open_through_the_menu(window, OLD, monkeypatch)
    assert seen and f"{OLD}: line 1: File-Date 2021-08-06 is older than the bundled registry's" in seen[0]
    assert window.registry.file_date == "2021-08-06"
    assert "Registry 2021-08-06 (file)" in window._status_data.text()
    assert str(OLD) in window._status_data.toolTip()
    assert kept_registry_path().read_bytes() == OLD.read_bytes()  # the next start uses it
    window.show_about()
    from bcp47_explorer.ui.about import AboutDialog

    dialogs = [w for w in window.findChildren(AboutDialog) if w.isVisible()]
    assert dialogs and f"File-Date 2021-08-06 (the file {OLD})" in dialogs[-1].plain_text()
    for d in dialogs:
        d.close()

    changes = window.registry_files.changes_dialog
    assert isinstance(changes, ChangesDialog) and changes.isVisible()
    # Forwards in time (issue 24): from the 2021 registry to the bundled one, the 124 records added since 2021.
    kinds = [r.kind for r in changes.rows()]
    assert (kinds.count("added"), kinds.count("removed"), kinds.count("changed")) == (124, 0, 95)
    qtbot.keyClicks(changes.filter_edit, "Toki")
    qtbot.waitUntil(lambda: len(changes.rows()) == 1)
    assert changes.rows()[0].record.code == "tok" and changes.rows()[0].kind == "added"
    changes.filter_edit.clear()
    changes.kind_combo.setCurrentIndex(changes.kind_combo.findData("changed"))
    qtbot.keyClicks(changes.filter_edit, "turkiye")
    qtbot.waitUntil(lambda: [r.record.code for r in changes.rows()] == ["TR"])
    assert "Türkiye" in changes.details.toPlainText() and "Turkey" in changes.details.toPlainText()
    qtbot.mouseClick(changes.open_button, Qt.MouseButton.LeftButton)
    assert window.tabs.currentWidget() is window.browser
    assert window.browser.current_record().code == "TR"

    # Go back with one action: the kept copy is forgotten.
    _file_action(window, "Use the bundled registry").trigger()
    assert window.registry.source == "language-subtag-registry.txt"
    assert "(bundled)" in window._status_data.text()
    assert not kept_registry_path().exists()


def test_the_browser_filters_records_changed_since_a_date(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    browser = window.browser
    combo = browser.since_combo
    combo.setCurrentIndex(combo.findData("2024-01-01") if combo.findData("2024-01-01") >= 0 else 1)
    since = combo.currentData()
    shown = browser.visible_records()
    assert shown and all((r.added or "") >= since or (r.deprecated or "") >= since for r in shown)
    assert len(shown) == sum(
        1 for r in window.registry.records if (r.added or "") >= since or (r.deprecated or "") >= since
    )
    assert "isv" in {r.code for r in shown} or since > "2024-05-15"


def test_the_changed_since_filter_includes_the_comparisons_changes(qtbot, window, monkeypatch, registry) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.core.data import load_registry
    from bcp47_explorer.core.registry.diff import diff_registries

    window.browser.set_comparison(diff_registries(load_registry(OLD, use_cache=False), registry))
    combo = window.browser.since_combo
    index = combo.findData("2021-08-06")
    assert "(the registry before)" in combo.itemText(index)
    combo.setCurrentIndex(index)
    codes = {(r.type, r.code) for r in window.browser.visible_records()}
    assert ("region", "TR") in codes  # re-described, with no date of its own in the record
    assert ("language", "tok") in codes and ("language", "en") not in codes


class _Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        if self.path == "/header-trickle":  # one header byte every 50 ms, never finished
            try:
                for byte in b"HTTP/1.1 200 OK\r\nX-Slow: " + b"a" * 60_000:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(0.05)
            except OSError:
                pass  # the client went away
            return
        if self.path == "/fail":
            self.send_error(503, "Service Unavailable")
            return
        body = OLD.read_bytes() if self.path == "/old" else BODY
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.path == "/slow":
            self.wfile.write(body[:100])
            self.wfile.flush()
            time.sleep(2)
            return
        for i in range(0, len(body), 100_000):
            self.wfile.write(body[i : i + 100_000])


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def _download(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    _file_action(window, "Download the latest registry").trigger()
    assert window.registry_files.progress is not None and window.registry_files.progress.isVisible()
    qtbot.waitUntil(lambda: window.registry_files._thread is None, timeout=15000)


def test_a_download_with_progress_replaces_the_registry_after_asking(qtbot, window, server, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("BCP47_EXPLORER_REGISTRY_URL", f"{server}/old")
    seen: list[str] = []
    _answer_question("Use it anyway", seen)
    _download(qtbot, window)
    qtbot.waitUntil(lambda: window.registry.file_date == "2021-08-06")
    assert seen and "File-Date 2021-08-06 is older" in seen[0]
    assert f"downloaded from {server}/old" in window._status_data.toolTip()
    assert "Registry 2021-08-06 (downloaded)" in window._status_data.text()
    assert kept_registry_path().read_bytes() == OLD.read_bytes()


def test_a_failing_or_slow_server_leaves_the_registry_in_use(qtbot, window, server, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    before = window.registry
    monkeypatch.setenv("BCP47_EXPLORER_REGISTRY_URL", f"{server}/fail")
    _download(qtbot, window)
    assert window.registry is before and "the server answered 503" in _error_text(window)
    window.registry_files.timeout = 0.5
    monkeypatch.setenv("BCP47_EXPLORER_REGISTRY_URL", f"{server}/slow")
    _download(qtbot, window)
    assert window.registry is before and "0.5 s" in _error_text(window)
    monkeypatch.setenv("BCP47_EXPLORER_REGISTRY_URL", "http://127.0.0.1:9/registry")
    _download(qtbot, window)
    assert "are you offline?" in _error_text(window) and "unchanged" in _error_text(window)
    assert not kept_registry_path().exists()


def test_links_out_open_only_on_a_click(qtbot, window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QDesktopServices

    opened: list[str] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url.toString()) or True)
    browser = window.browser
    assert browser.show_record("language", "tok")
    assert opened == []  # showing a record opens nothing
    doc = browser.details.document()
    cursor = doc.find("Glottolog")
    assert not cursor.isNull()
    window.tabs.setCurrentWidget(browser)
    rect = browser.details.cursorRect(cursor)
    qtbot.mouseClick(
        browser.details.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(rect.left() - 8, rect.center().y())
    )
    assert opened == ["https://glottolog.org/glottolog?iso=tok"]


def test_the_extensions_registry_is_browsable(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.extensions_action.trigger()
    dialog = window.registry_files.extensions_dialog
    qtbot.waitExposed(dialog)
    assert [r.identifier for r in dialog.model.rows()] == ["t", "u"]
    text = dialog.details.toPlainText()
    assert "Identifier" in text and "RFC" in text and "6497" in text
    dialog.table.selectRow(1)
    assert "6067" in dialog.details.toPlainText() and "Unicode" in dialog.details.toPlainText()


def test_compare_two_registry_files_shows_their_changes(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    files = [str(DATA / "language-subtag-registry-2026-08-08.txt"), str(resource_path("language-subtag-registry.txt"))]
    window.registry_files.choose_file = lambda _title: files.pop(0)
    _file_action(window, "Compare two registry files").trigger()
    changes = window.registry_files.changes_dialog
    assert changes is not None and changes.isVisible()
    assert [(r.kind, r.record.code, r.fields) for r in changes.rows()] == [("changed", "NR", "Description")]
    assert "2026-08-08" in changes.header.text() and "1 changed" in changes.header.text()
    assert window.registry.source == "language-subtag-registry.txt"  # comparing does not switch the registry


def test_the_next_start_uses_the_kept_copy_and_a_damaged_one_falls_back(qtbot, settings_path) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.__main__ import main
    from bcp47_explorer.core.data import bundled_registry as resource_registry
    from bcp47_explorer.core.registry.update import keep_registry, kept_registry

    keep_registry(OLD.read_bytes())
    registry, warning = kept_registry(resource_registry())
    assert registry is not None and registry.file_date == "2021-08-06" and registry.source == str(kept_registry_path())
    assert "File-Date 2021-08-06 is older" in warning  # said at start-up, over the window
    assert main(["--settings", str(settings_path), "--quit-after", "0"]) == 0
    keep_registry(b"File-Date: 2026-01-01\n%%\nnot a field\n")
    assert main(["--settings", str(settings_path), "--quit-after", "0"]) == 0  # starts on the bundled one


def test_cancelling_the_download_leaves_the_registry_in_use(qtbot, window, server, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    before = window.registry
    monkeypatch.setenv("BCP47_EXPLORER_REGISTRY_URL", f"{server}/slow")
    _file_action(window, "Download the latest registry").trigger()
    qtbot.waitUntil(lambda: window.registry_files.progress is not None and window.registry_files.progress.isVisible())
    qtbot.mouseClick(_cancel_button(window), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.registry_files._thread is None, timeout=15000)
    assert window.registry is before and "Download cancelled" in window.statusBar().currentMessage()
    assert window.registry_files.last_message is None and not kept_registry_path().exists()


def test_a_newer_complete_registry_is_used_without_a_question(qtbot, window, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    text = BODY.decode("utf-8").replace("File-Date: 2026-09-17", "File-Date: 2027-01-15", 1)
    text += "%%\nType: variant\nSubtag: zzvarnt\nDescription: A new variant\nAdded: 2027-01-15\nPrefix: de\n"
    newer = tmp_path / "newer.txt"
    newer.write_text(text, encoding="utf-8")
    asked: list[str] = []
    window.registry_files.confirm = lambda title, body: asked.append(body) or False
    _open_through_the_menu(window, newer, monkeypatch)
    assert asked == [] and window.registry.file_date == "2027-01-15"
    changes = window.registry_files.changes_dialog
    assert [(r.kind, r.record.code) for r in changes.rows()] == [("added", "zzvarnt")]
    assert "2026-09-17" in changes.header.text() and "2027-01-15" in changes.header.text()
    changes.table.setFocus()
    qtbot.keyClick(changes.table, Qt.Key.Key_Return)  # Enter on a row opens its record
    assert window.tabs.currentWidget() is window.browser and window.browser.current_record().code == "zzvarnt"
    assert window.browser.since_combo.itemData(1) == "2027-01-15"
    window.browser.since_combo.setCurrentIndex(1)
    assert [r.code for r in window.browser.visible_records()] == ["zzvarnt"]


def _cancel_button(window: MainWindow) -> QPushButton:
    progress = window.registry_files.progress
    assert progress is not None and progress.isVisible()
    return next(b for b in progress.findChildren(QPushButton) if b.text() == "Cancel")


def test_closing_the_window_during_a_download_stops_it(qtbot, window, server, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("BCP47_EXPLORER_REGISTRY_URL", f"{server}/header-trickle")
    _file_action(window, "Download the latest registry").trigger()
    thread = window.registry_files._thread
    assert thread is not None and thread.daemon and thread.is_alive()
    window.close()  # does not wait for the server: the connection is closed and the download forgotten
    assert window.registry_files._thread is None and window.registry_files.progress is None
    thread.join(60)  # a hang guard, not a speed check: without the closed connection this runs for 50 min
    assert not thread.is_alive()
    assert not kept_registry_path().exists()


def test_cancel_during_a_header_trickle_stops_the_download_and_a_new_one_starts(  # type: ignore[no-untyped-def]
    qtbot, window, server, monkeypatch
) -> None:
    before = window.registry
    monkeypatch.setenv("BCP47_EXPLORER_REGISTRY_URL", f"{server}/header-trickle")
    _file_action(window, "Download the latest registry").trigger()
    first = window.registry_files._thread
    assert first is not None
    qtbot.wait(300)  # the server is busy sending "HTTP/1.1 200..." a byte at a time
    _file_action(window, "Download the latest registry").trigger()  # a second click says so
    assert window.registry_files._thread is first
    assert window.statusBar().currentMessage() == "A download is already running."
    qtbot.mouseClick(_cancel_button(window), Qt.MouseButton.LeftButton)
    assert window.registry_files._thread is None and window.registry_files.progress is None
    assert window.statusBar().currentMessage() == "Download cancelled; the registry in use is unchanged."
    first.join(60)  # hang guard: Cancel closed the connection, so the worker ends on its own
    assert not first.is_alive()
    assert window.registry is before and window.registry_files.last_message is None
    monkeypatch.setenv("BCP47_EXPLORER_REGISTRY_URL", f"{server}/old")
    seen: list[str] = []
    _answer_question("Keep the registry in use", seen)
    _download(qtbot, window)  # a new download starts at once and completes
    qtbot.waitUntil(lambda: bool(seen), timeout=15000)
    assert "File-Date 2021-08-06 is older" in seen[0] and window.registry is before


def test_the_overall_deadline_ends_a_header_trickle_in_the_window(qtbot, window, server, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("BCP47_EXPLORER_REGISTRY_URL", f"{server}/header-trickle")
    window.registry_files.total_timeout = 1
    _file_action(window, "Download the latest registry").trigger()
    qtbot.waitUntil(lambda: window.registry_files._thread is None, timeout=60000)
    text = _error_text(window)
    assert text.startswith(f"{server}/header-trickle: no complete answer within 1 s (")
    assert text.endswith("bytes arrived), so it was stopped\n\nThe registry in use is unchanged.")
    assert window.statusBar().currentMessage() == "Download failed; the registry in use is unchanged."


_QUIT_DURING_DOWNLOAD = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from bcp47_explorer.core.data import bundled_registry
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.settings import Settings

app = QApplication([])
window = MainWindow(bundled_registry(), Settings(sys.argv[1]))
window.show()
menu = window.menuBar().actions()[0].menu()
next(a for a in menu.actions() if a.text().replace("&", "").startswith("Download the latest")).trigger()
QTimer.singleShot(500, window.close)
QTimer.singleShot(600, app.quit)
sys.exit(app.exec())
"""


def test_quitting_the_app_during_a_download_neither_waits_nor_aborts(server, settings_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import subprocess
    import sys

    env = {**os.environ, "BCP47_EXPLORER_REGISTRY_URL": f"{server}/header-trickle", "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", _QUIT_DURING_DOWNLOAD, str(settings_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,  # a hang guard: the server would trickle for 50 minutes
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "QThread" not in done.stderr and "Traceback" not in done.stderr
    assert not kept_registry_path().exists()


def test_a_newer_registry_with_a_range_outside_private_use_is_asked_about(qtbot, window, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    before = window.registry
    text = BODY.decode("utf-8").replace("File-Date: 2026-09-17", "File-Date: 2027-01-15", 1)
    text += "%%\nType: language\nSubtag: aaaaaaaa..zzzzzzzz\nDescription: Everything\nAdded: 2027-01-15\n"
    forged = tmp_path / "forged.txt"
    forged.write_text(text, encoding="utf-8")
    seen: list[str] = []
    _answer_question("Keep the registry in use", seen)
    _open_through_the_menu(window, forged, monkeypatch)
    line = text[: text.index("Subtag: aaaaaaaa")].count("\n") + 1
    assert (
        len(seen) == 1
        and (
            f"• {forged}, line {line}: language range 'aaaaaaaa..zzzzzzzz' is not one of RFC 5646's private-use ranges"
        )
        in seen[0]
    )
    assert window.registry is before and window.registry.get("language", "abcdefgh") is None
    assert not kept_registry_path().exists()


def test_changed_since_offers_the_dates_of_the_older_registry_in_use(qtbot, window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 24 item 7: after going back to a 2021 registry, no date or "registry before" from the newer one."""
    _answer_question("Use it anyway", [])
    _open_through_the_menu(window, OLD, monkeypatch)
    assert window.registry.file_date == "2021-08-06"
    window.show_pane("browser")
    combo = window.browser.since_combo
    items = [combo.itemText(i) for i in range(combo.count())]
    assert items[0] == "Changed any time"
    assert not [t for t in items if "registry before" in t]
    dates = [str(combo.itemData(i)) for i in range(1, combo.count())]
    assert dates == sorted(dates, reverse=True) and dates[0] <= "2021-08-06"
    # Choosing the newest date lists only records of the registry in use added or deprecated on it.
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentData() == dates[0]
    browser = window.browser
    qtbot.waitUntil(lambda: browser.model.rowCount() > 0)
    rows = [browser.model.record(i) for i in range(browser.model.rowCount())]
    assert all(r is not None and dates[0] in (r.added, r.deprecated) for r in rows)
    assert "registry File-Date 2021-08-06" in browser.count_label.text()
