"""Pins what a screen reader and a keyboard-only user get (issue 23).

Read through ``QAccessible.queryAccessibleInterface`` (what AT-SPI hands Orca): each pane's verdicts and counts
are read as shown; changes are announced politely once typing pauses, not per keystroke; every combo and spin
box is labelled by a buddy; the registration form's checks are its fields' descriptions. Tab never edits data
and never traps: it walks every pane and comes back to where it started; mnemonics are unique.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import itertools
import re
from collections.abc import Iterator

import pytest
from bcp47_explorer.ui import a11y
from bcp47_explorer.ui.batch_pane import BatchPane
from bcp47_explorer.ui.grammar_pane import GrammarPane
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.matching_pane import MatchingPane
from bcp47_explorer.ui.settings import Settings
from PySide6.QtCore import QObject, QPoint, Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QPlainTextEdit,
    QTableView,
    QWidget,
)


def _name(w: QObject) -> str:
    iface = QAccessible.queryAccessibleInterface(w)
    assert iface is not None
    return iface.text(QAccessible.Text.Name)


def _description(w: QObject) -> str:
    iface = QAccessible.queryAccessibleInterface(w)
    assert iface is not None
    return iface.text(QAccessible.Text.Description)


def _plain(label: QLabel) -> str:
    return a11y.plain(label.text())


@pytest.fixture
def window(qtbot, registry, settings_path) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    win.resize(1180, 780)
    win.show()
    qtbot.waitExposed(win)
    win.make_all_panes()  # these tests look through every pane's widgets (panes are made when first shown)
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    yield win


@pytest.fixture
def announcements() -> Iterator[list[tuple[QObject, str]]]:
    heard: list[tuple[QObject, str]] = []

    def hear(source: QObject, text: str) -> None:
        heard.append((source, text))

    a11y.announcer.flush()  # nothing left over from an earlier test
    a11y.announcer.announced.connect(hear)
    yield heard
    a11y.announcer.announced.disconnect(hear)


def _type_tag(qtbot, win: MainWindow, tag: str) -> None:  # type: ignore[no-untyped-def]
    win.show_pane("editor")
    edit = win.editor.editor
    edit.selectAll()
    qtbot.keyClick(edit, Qt.Key.Key_Delete)
    qtbot.keyClicks(edit, tag)
    win.editor.flush()


# ----------------------------------------------------------------- what a screen reader reads
def test_the_editors_verdicts_are_read_as_shown(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _type_tag(qtbot, window, "en-UK")
    ed = window.editor
    assert _plain(ed.status) == "✔ well-formed  ·  ✘ not valid (RFC 5646)  ·  1 error  ·  0 warnings  ·  0 notes"
    assert _name(ed.status) == _plain(ed.status)
    assert _description(ed.status) == "Tag status"
    assert _name(ed.unicode_status) == _plain(ed.unicode_status)
    assert _name(ed.unicode_status).startswith("Unicode locale identifier (UTS #35): ✘ not valid")
    assert _description(ed.unicode_status) == "Unicode locale identifier status"
    warning = ed.form_warnings["canonical"]
    assert _name(warning) == "⚠ not valid"
    assert _description(warning) == "Canonical form: validity" or _description(warning).endswith(": validity")
    _type_tag(qtbot, window, "en-US-Latn")
    assert _name(ed.status) == "✘ not well-formed  ·  ✘ not valid (RFC 5646)  ·  1 error  ·  0 warnings  ·  0 notes"
    _type_tag(qtbot, window, "sr-Latn-RS")
    assert _name(ed.status) == "✔ well-formed  ·  ✔ valid (RFC 5646)  ·  0 errors  ·  0 warnings  ·  1 note"
    assert _name(ed.unicode_status) == "Unicode locale identifier (UTS #35): ✔ valid"


def test_the_editors_notice_is_read_as_shown(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _type_tag(qtbot, window, "en-")
    window.editor.editor.insertPlainText("ＵＳ")  # QTest types ASCII only: the rest comes as a paste would
    window.editor.flush()
    notice = window.editor.notice
    assert notice.isVisible()
    assert _name(notice) == _plain(notice)
    assert "U+FF35 FULLWIDTH LATIN CAPITAL LETTER U" in _name(notice)
    assert _description(notice) == "Editor notice"


def test_the_status_bar_reads_the_whole_current_tag(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _type_tag(qtbot, window, "de-CH-1901")
    assert _name(window._status_tag) == "de-CH-1901"
    assert _description(window._status_tag) == "Current tag"


def test_the_registry_count_is_read_as_shown(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.show_pane("browser")
    qtbot.keyClicks(window.browser.search_edit, "cyrillic")
    qtbot.waitUntil(
        lambda: "Showing" in window.browser.count_label.text() and "of" in _name(window.browser.count_label)
    )
    label = window.browser.count_label
    assert _name(label) == _plain(label)
    assert _description(label) == "Result count"


def test_the_build_panes_name_and_validity_are_read_as_shown(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.state.set_tag("sr-Latn-RS")
    build = window.build
    window.tabs.setCurrentWidget(build)
    qtbot.waitUntil(lambda: bool(build.status_label.text()))
    for label, role in ((build.status_label, "Validity and advice"), (build.name_label, "Name of the tag")):
        assert _name(label) == _plain(label) != ""
        assert _description(label) == role
    assert "valid" in _name(build.status_label)


def test_every_label_that_shows_a_verdict_keeps_no_name_that_would_hide_it(window) -> None:  # type: ignore[no-untyped-def]
    """A label's accessible name replaces its text for a screen reader: only buddies of controls may have one."""
    hidden = [
        f"{w.objectName() or type(w).__name__}: {w.accessibleName()!r}"
        for w in window.findChildren(QLabel)
        if w.accessibleName() and w.accessibleName() != w.text() and w.buddy() is None
    ]
    assert hidden == []


def test_every_combo_and_spin_box_is_labelled_by_a_buddy(window) -> None:  # type: ignore[no-untyped-def]
    unlabelled = []
    for w in window.findChildren(QComboBox) + window.findChildren(QAbstractSpinBox):
        if isinstance(w.parentWidget(), QComboBox):
            continue
        iface = QAccessible.queryAccessibleInterface(w)
        labels = [rel[0].text(QAccessible.Text.Name) for rel in iface.relations(QAccessible.RelationFlag.Label)]
        if not any(labels):
            unlabelled.append(w.accessibleName() or w.objectName())
    assert unlabelled == []
    anatomy_colours = window.findChild(QComboBox, "") and next(
        w for w in window.findChildren(QComboBox) if w.accessibleName() == "Diagram colours"
    )
    iface = QAccessible.queryAccessibleInterface(anatomy_colours)
    assert [r[0].text(QAccessible.Text.Name) for r in iface.relations(QAccessible.RelationFlag.Label)] == ["Colours:"]


# ----------------------------------------------------------------- announcements
def test_verdict_changes_are_announced_once_typing_pauses(qtbot, window, announcements) -> None:  # type: ignore[no-untyped-def]
    _type_tag(qtbot, window, "en-US-Latn")  # ten keystrokes, one announcement
    with qtbot.waitSignal(a11y.announcer.announced, timeout=5000):
        pass  # the debounce timer posts it by itself once typing pauses
    a11y.announcer.flush()
    status = [text for source, text in announcements if source is window.editor.status]
    assert status == ["✘ not well-formed  ·  ✘ not valid (RFC 5646)  ·  1 error  ·  0 warnings  ·  0 notes"]
    announcements.clear()
    _type_tag(qtbot, window, "en-UK")
    a11y.announcer.flush()
    heard = {(source, text) for source, text in announcements}
    assert (
        window.editor.status,
        "✔ well-formed  ·  ✘ not valid (RFC 5646)  ·  1 error  ·  0 warnings  ·  0 notes",
    ) in heard
    uts = [text for source, text in announcements if source is window.editor.unicode_status]
    assert len(uts) == 1 and uts[0].startswith("Unicode locale identifier (UTS #35): ✘ not valid")
    announcements.clear()
    _type_tag(qtbot, window, "en-UK")  # the same verdicts again: nothing new to say
    a11y.announcer.flush()
    assert announcements == []


def test_an_announcement_is_a_polite_qt_event(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QAccessibleAnnouncementEvent

    event = QAccessibleAnnouncementEvent(window.editor.status, "x")
    event.setPoliteness(QAccessible.AnnouncementPoliteness.Polite)
    assert event.type() == QAccessible.Event.Announcement
    assert event.politeness() == QAccessible.AnnouncementPoliteness.Polite


# ----------------------------------------------------------------- registration form
def test_registration_checks_are_their_fields_descriptions(qtbot, registry) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.ui.registration import RegistrationDialog

    dialog = RegistrationDialog(registry)
    qtbot.addWidget(dialog)
    dialog.show()
    field = dialog.fields["subtag"]
    qtbot.keyClicks(field, "en")
    dialog.refresh()
    message = dialog.messages["subtag"]
    assert message.isVisible()
    assert _description(field) == message.text() != ""
    assert _name(message) == message.text()
    assert _name(dialog.form_view) == "Registration form (plain text)"
    assert _name(dialog.record_view) == "Record as in the registry"
    assert _name(dialog.preview_view) == "Tags using it"


# ----------------------------------------------------------------- keyboard
def _focusable(pane: QWidget) -> list[QWidget]:
    return [
        w
        for w in pane.findChildren(QWidget)
        if w.isVisible()
        and w.isEnabled()
        and w.focusPolicy() & Qt.FocusPolicy.TabFocus
        and not isinstance(w.parentWidget(), QComboBox | QAbstractSpinBox)
        and w.focusProxy() is None
    ]


def _texts(pane: QWidget) -> dict[int, str]:
    return {id(w): w.toPlainText() for w in pane.findChildren(QPlainTextEdit)}


def _backwards(runs: list[QWidget], top: QWidget) -> list[str]:
    """Return the Tab steps that go back up and to the left (against reading order)."""
    out = []
    for a, b in itertools.pairwise(runs):
        pa, pb = a.mapTo(top, QPoint(0, 0)), b.mapTo(top, QPoint(0, 0))
        if pb.y() < pa.y() - 8 and pb.x() < pa.x() - 8:
            out.append(f"{a.accessibleName()} -> {b.accessibleName()}")
    return out


def _walk(qtbot, start: QWidget, limit: int = 200) -> list[QWidget]:  # type: ignore[no-untyped-def]
    """Press Tab from *start* until focus comes back to it; return the widgets visited."""
    start.setFocus(Qt.FocusReason.TabFocusReason)
    assert QApplication.focusWidget() is start
    seen = [start]
    for _ in range(limit):
        current = QApplication.focusWidget()
        assert current is not None
        qtbot.keyClick(current, Qt.Key.Key_Tab)
        now = QApplication.focusWidget()
        if now is start and seen[-1] is not start:  # a text view's links take a press each before it is left
            return seen
        seen.append(now)
    raise AssertionError(f"Tab never came back: {[type(w).__name__ + ' ' + w.accessibleName() for w in seen[-8:]]}")


@pytest.mark.parametrize("index", range(8))
def test_tab_walks_every_pane_and_comes_back_without_editing(qtbot, window, index) -> None:  # type: ignore[no-untyped-def]
    window.tabs.setCurrentIndex(index)
    pane = window.tabs.currentWidget()
    if isinstance(pane, BatchPane):
        pane.input.setPlainText("en-US\nde-CH")
    qtbot.wait(10)
    before = _texts(pane)
    bar = window.tabs.tabBar()
    walk = _walk(qtbot, bar)
    assert _texts(pane) == before  # Tab typed nothing anywhere
    runs = [w for i, w in enumerate(walk) if i == 0 or w is not walk[i - 1]]
    reached = {id(w) for w in walk}
    missed = [f"{type(w).__name__} {w.accessibleName()!r}" for w in _focusable(pane) if id(w) not in reached]
    assert missed == []
    # Reading order: columns left to right, each top to bottom; Tab never jumps back up *and* to the left.
    assert _backwards(runs[1:], window) == []
    # Each widget is visited once per round (a text view's links take a press each, in a row): nothing
    # holds the keyboard or sends it back to an earlier control.
    assert len(runs) == len({id(w) for w in runs}), [f"{type(w).__name__} {w.accessibleName()}" for w in runs]


def test_multi_line_fields_and_tables_give_tab_back_in_one_press(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    batch = window.findChild(BatchPane)
    matching = window.findChild(MatchingPane)
    grammar = window.findChild(GrammarPane)
    assert batch is not None and matching is not None and grammar is not None
    window.tabs.setCurrentWidget(batch)
    batch.input.setPlainText("en-US")
    batch.input.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(batch.input, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is not batch.input
    assert batch.input.toPlainText() == "en-US"
    window.tabs.setCurrentWidget(matching)
    text = matching.tags.toPlainText()
    matching.tags.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(matching.tags, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is not matching.tags
    assert matching.tags.toPlainText() == text
    window.tabs.setCurrentWidget(grammar)
    for table in (grammar.steps, grammar.candidates):
        table.setFocus(Qt.FocusReason.TabFocusReason)
        qtbot.keyClick(table, Qt.Key.Key_Tab)
        assert QApplication.focusWidget() is not table
        table.setFocus(Qt.FocusReason.BacktabFocusReason)
        qtbot.keyClick(table, Qt.Key.Key_Backtab)
        assert QApplication.focusWidget() is not table
    for view in window.findChildren(QTableView):
        assert not view.tabKeyNavigation(), view.accessibleName()
    for view in window.findChildren(QAbstractItemView):
        assert not view.tabKeyNavigation(), view.accessibleName()


def _mnemonic(text: str) -> str | None:
    m = re.search(r"&([^&\s])", text.replace("&&", ""))
    return m.group(1).lower() if m else None


def test_mnemonics_are_unique_in_each_pane_and_the_menu_bar(window) -> None:  # type: ignore[no-untyped-def]
    window_wide: dict[str, list[str]] = {}
    for action in window.menuBar().actions():
        window_wide.setdefault(_mnemonic(action.text()) or "", []).append(action.text())
    for i in range(window.tabs.count()):
        window_wide.setdefault(_mnemonic(window.tabs.tabText(i)) or "", []).append(window.tabs.tabText(i))
    window_wide.pop("", None)
    assert {k: v for k, v in window_wide.items() if len(v) > 1} == {}
    assert _mnemonic(window.menuBar().actions()[1].text()) == "e"  # Alt+E opens the Edit menu
    for i in range(window.tabs.count()):
        local: dict[str, list[str]] = {}
        for w in window.tabs.widget(i).findChildren(QWidget):
            if isinstance(w, QAbstractButton | QLabel):
                text = w.text()
            elif isinstance(w, QGroupBox):
                text = w.title()
            else:
                continue
            key = _mnemonic(text) if "<" not in text else None
            if key:
                local.setdefault(key, []).append(text)
        clashes = {k: v + window_wide.get(k, []) for k, v in local.items() if len(v) > 1 or k in window_wide}
        assert clashes == {}, window.tabs.tabText(i)


# ----------------------------------------------------------------- the anatomy diagram
def test_the_anatomy_diagram_has_a_text_twin_in_its_pane(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.ui.anatomy_pane import AnatomyPane

    pane = window.findChild(AnatomyPane)
    assert pane is not None
    window.state.set_tag("sr-Latn-RS")
    window.tabs.setCurrentWidget(pane)
    qtbot.waitUntil(lambda: pane.twin.topLevelItemCount() == 1 and "sr-Latn-RS" in pane.twin_lines()[0])
    assert pane.twin_lines() == [
        'Language-Tag: langtag | sr-Latn-RS | 0–10 | langtag = language ["-" script] ["-" region] *("-" variant) '
        '*("-" extension) ["-" privateuse]',
        '  language | sr | 0–2 | language = 2*3ALPHA ["-" extlang] / 4ALPHA / 5*8ALPHA — matched 2*3ALPHA',
        "  script | Latn | 3–7 | script = 4ALPHA — matched 4ALPHA",
        "  region | RS | 8–10 | region = 2ALPHA / 3DIGIT — matched 2ALPHA",
    ]
    assert _name(pane.twin) == "Tag anatomy as text"
    # A screen reader walks the tree's rows: the first cell of the first child reads "language".
    iface = QAccessible.queryAccessibleInterface(pane.twin)
    assert iface.childCount() > 0
    texts = [iface.child(i).text(QAccessible.Text.Name) for i in range(iface.childCount())]
    assert "language" in texts and "Latn" in texts


def test_zoom_keys_in_the_anatomy_pane_zoom_the_diagram_not_the_editor(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.ui.anatomy_pane import ZOOM_STEP, AnatomyPane

    pane = window.findChild(AnatomyPane)
    assert pane is not None
    editor_size = window.editor.editor.font().pointSizeF()
    window.tabs.setCurrentWidget(pane)
    pane.view.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(pane.view, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(pane.view, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert pane.zoom_factor() == pytest.approx(ZOOM_STEP**2)
    qtbot.keyClick(pane.view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert pane.zoom_factor() == pytest.approx(ZOOM_STEP)
    assert window.editor.editor.font().pointSizeF() == editor_size  # the hidden editor's font is left alone
    qtbot.keyClick(pane.view, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)  # fit to the pane
    rect = pane.view.mapFromScene(pane.scene.sceneRect()).boundingRect()
    viewport = pane.view.viewport().rect()
    assert rect.width() <= viewport.width() + 2 and rect.height() <= viewport.height() + 2
    assert rect.width() >= viewport.width() - 4 or rect.height() >= viewport.height() - 4  # fills one way


# ----------------------------------------------------------------- F1 and the shortcut list
def test_f1_opens_a_searchable_manual_that_lists_every_pane_and_shortcut(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.ui.manual import ManualDialog

    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    listed = [
        (a.text().replace("&", ""), a.shortcut().toString()) for a in view.actions() if not a.shortcut().isEmpty()
    ]
    assert listed == [(window.tabs.tabText(i).replace("&", ""), f"Ctrl+{i + 1}") for i in range(window.tabs.count())]
    zoom = [a.text().replace("&", "") for a in window.zoom_menu.actions() if not a.isSeparator()]
    assert zoom == ["Zoom in", "Zoom out", "Reset zoom", "Zoom the diagram in", "Zoom the diagram out",
                    "Fit the diagram to the pane"]  # fmt: skip
    keys = dict(window.shortcut_rows())
    for i in range(window.tabs.count()):  # every pane has its Ctrl+digit in the list
        assert keys[f"Ctrl+{i + 1}"] == f"Show the {window.tabs.tabText(i).replace('&', '')} pane"
    texts = " · ".join(f"{k} = {t}" for k, t in window.shortcut_rows())
    for wanted in ("Zoom in (View ▸ Zoom)", "Zoom the diagram in (in Anatomy)", "Fit the diagram to the pane",
                   "Alt+1 … Alt+7", "Ctrl+Shift+C", "Undo (Edit)", "Preferences"):  # fmt: skip
        assert wanted in texts, wanted
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_F1)
    manual = window.findChild(ManualDialog)
    assert manual is not None and manual.isVisible()
    assert "Keyboard shortcuts" in manual.text() and "How a language tag is built" in manual.text()
    assert "Ctrl+8" in manual.text()
    qtbot.keyClicks(manual.find_edit, "Suppress-Script")
    assert manual.count_label.text().endswith("found") and manual.matches("Suppress-Script") > 0
    assert manual.view.textCursor().selectedText() == "Suppress-Script"
    assert _name(manual.count_label) == manual.count_label.text()
    manual.close()


def _dialogs(registry, settings_path):  # type: ignore[no-untyped-def]
    from bcp47_explorer.core.data import bundled_extensions_registry
    from bcp47_explorer.ui.about import AboutDialog
    from bcp47_explorer.ui.extensions_view import ExtensionsDialog
    from bcp47_explorer.ui.manual import ManualDialog
    from bcp47_explorer.ui.preferences import PreferencesDialog
    from bcp47_explorer.ui.primer import PrimerDialog
    from bcp47_explorer.ui.registration import RegistrationDialog

    return {
        "registration": lambda: RegistrationDialog(registry),
        "preferences": lambda: PreferencesDialog(Settings(settings_path), [("de", "German")], (-4, 10)),
        "manual": lambda: ManualDialog("<p>F1</p>"),
        "about": lambda: AboutDialog(registry=registry),
        "primer": lambda: PrimerDialog(),
        "extensions": lambda: ExtensionsDialog(bundled_extensions_registry()),
    }


@pytest.mark.parametrize("which", ["registration", "preferences", "manual", "about", "primer", "extensions"])
def test_tab_walks_every_dialog_in_reading_order_without_editing(qtbot, registry, settings_path, which) -> None:  # type: ignore[no-untyped-def]
    dialog = _dialogs(registry, settings_path)[which]()
    qtbot.addWidget(dialog)
    dialog.resize(900, 700)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    focusable = _focusable(dialog)
    start = dialog.nextInFocusChain()  # the first control in Tab order, so the walk ends where it wraps
    while id(start) not in {id(w) for w in focusable}:
        start = start.nextInFocusChain()
    before = {id(w): w.toPlainText() for w in dialog.findChildren(QPlainTextEdit)}
    walk = _walk(qtbot, start)
    assert {id(w): w.toPlainText() for w in dialog.findChildren(QPlainTextEdit)} == before
    reached = {id(w) for w in walk}
    assert [f"{type(w).__name__} {w.accessibleName()!r}" for w in focusable if id(w) not in reached] == []
    runs = [w for i, w in enumerate(walk) if i == 0 or w is not walk[i - 1]]
    assert len(runs) == len({id(w) for w in runs})
    assert _backwards(runs, dialog) == []


def test_the_copy_notice_is_read_and_announced(qtbot, window, announcements) -> None:  # type: ignore[no-untyped-def]
    _type_tag(qtbot, window, "en-UK")
    a11y.announcer.flush()
    announcements.clear()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(
        window.editor.editor, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    notice = window.editor.notice
    assert _name(notice).startswith("Copied the RFC 5646 canonical form: en-UK — not a valid tag:")
    a11y.announcer.flush()
    assert [t for s, t in announcements if s is notice] == [_name(notice)]


def test_f1_in_an_installed_copy_shows_the_readme_from_the_package_metadata(
    qtbot, window, monkeypatch, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    """Issue 23: a wheel has no README.md file; its metadata's description is the README (pyproject ``readme``)."""
    import email.message
    from pathlib import Path

    import bcp47_explorer.ui.manual as manual_module
    from bcp47_explorer.ui.manual import ManualDialog

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    monkeypatch.setattr(manual_module, "README_PLACES", (tmp_path / "README.md", tmp_path / "resources" / "README.md"))
    meta = email.message.Message()
    meta["Name"] = "bcp47-explorer"
    meta["Description-Content-Type"] = "text/markdown"
    meta.set_payload(readme)  # as a built wheel's METADATA carries it
    monkeypatch.setattr(manual_module.importlib.metadata, "metadata", lambda name: meta)
    assert manual_module.manual_readme() == readme
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_F1)
    manual = window.findChild(ManualDialog)
    assert manual is not None and manual.isVisible()
    first_heading = next(line for line in readme.splitlines() if line.startswith("# ")).lstrip("# ").strip()
    assert manual.text().startswith(first_heading)
    assert "is not installed with this copy" not in manual.text()
    assert "Keyboard shortcuts" in manual.text() and "How a language tag is built" in manual.text()
    manual.close()
