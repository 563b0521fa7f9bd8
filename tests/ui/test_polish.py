"""Pins how the whole window looks and behaves for a demanding user: every palette-derived colour follows a
theme switch, small windows degrade without overlapping widgets, the builder shows whole key names and keeps
its splitter, every control has an accessible name and a tooltip, and Tab walks each pane in reading order."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator

import pytest
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.roles import ROLE_STYLES, SEVERITY_STYLES
from bcp47_explorer.ui.settings import Settings
from bcp47_explorer.ui.theme import apply_theme
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QApplication,
    QComboBox,
    QScrollBar,
    QSplitterHandle,
    QTabBar,
    QWidget,
)

SAMPLE = "de-Latn-CH-1901-u-co-phonebk"


@pytest.fixture
def make_window(qtbot, registry, settings_path) -> Iterator:  # type: ignore[no-untyped-def]
    """Return a factory of shown windows on SAMPLE at a given size; the theme is reset afterwards."""

    def make(width: int = 1000, height: int = 650) -> MainWindow:
        settings = Settings(settings_path)
        settings.set_value("editor/last_tag", SAMPLE)
        win = MainWindow(registry, settings)
        qtbot.addWidget(win)
        win.resize(width, height)
        win.show()
        qtbot.waitExposed(win)
        return win

    yield make
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, "system")


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def _editor_colours(win: MainWindow) -> dict[int, str]:
    """Return the foreground colour painted at the start of each format range of the tag line."""
    layout = win.editor.editor.document().firstBlock().layout()
    return {r.start: r.format.foreground().color().name() for r in layout.formats()}


def test_theme_switch_recolours_every_palette_derived_colour(make_window) -> None:  # type: ignore[no-untyped-def]
    win = make_window()
    win.set_theme("light")
    _settle()
    editor = win.editor
    assert _editor_colours(win)[0] == ROLE_STYLES["language"].light.lower()
    win.set_theme("dark")
    _settle()
    # Read back from the document: 'de' (language) and 'Latn' (script) now carry the dark-role colours.
    colours = _editor_colours(win)
    assert colours[0] == ROLE_STYLES["language"].dark.lower()
    assert colours[3] == ROLE_STYLES["script"].dark.lower()
    assert dict(editor.legend.entries())["language"] == ROLE_STYLES["language"].dark.lower()
    model = editor.breakdown_model
    assert model.data(model.index(0, 0), Qt.ItemDataRole.ForegroundRole).name() == ROLE_STYLES["language"].dark.lower()
    swatch = model.data(model.index(0, 1), Qt.ItemDataRole.DecorationRole).pixmap(8, 8).toImage().pixelColor(4, 4)
    assert swatch.name() == ROLE_STYLES["language"].dark.lower()
    # The browser's links are in the new palette's link colour.
    link = win.browser.palette().color(QPalette.ColorRole.Link).name()
    assert link in win.browser.details.document().defaultStyleSheet()
    # The builder's value check is coloured for the dark palette when it reports an error.
    builder = win.builder
    builder.choose_key("ca")
    builder.value_edit.setText("nosuchcalendar")
    assert builder.value_status.text().startswith("✘")
    shown = builder.value_status.palette().color(QPalette.ColorRole.WindowText).name()
    assert shown == SEVERITY_STYLES["error"].dark.lower()
    win.set_theme("light")
    _settle()
    assert _editor_colours(win)[0] == ROLE_STYLES["language"].light.lower()
    assert builder.value_status.palette().color(QPalette.ColorRole.WindowText).name() == (
        SEVERITY_STYLES["error"].light.lower()
    )


def _rect_in(widget: QWidget, ancestor: QWidget) -> QRect:
    return QRect(widget.mapTo(ancestor, widget.rect().topLeft()), widget.size())


@pytest.mark.parametrize("size", [(660, 440), (800, 500), (1000, 650)])
def test_small_windows_keep_the_editor_readable(make_window, size) -> None:  # type: ignore[no-untyped-def]
    win = make_window(*size)
    _settle()
    editor = win.editor
    forms = editor.forms_box
    buttons = [editor.form_buttons[n] for n in ("canonical", "extlang", "unicode", "legacy")]
    fields = [editor.form_fields[n] for n in ("canonical", "extlang", "unicode", "legacy")]
    rects = [_rect_in(w, forms) for w in buttons + fields]
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            assert not a.intersects(b), (a, b)
    for button in buttons:
        assert button.height() >= button.minimumSizeHint().height()
    # More than three subtag rows are wholly visible in the breakdown table.
    view = editor.breakdown
    viewport = view.viewport().rect()
    visible = [r for r in range(editor.breakdown_model.rowCount())
               if viewport.contains(view.visualRect(editor.breakdown_model.index(r, 0)))]  # fmt: skip
    assert len(visible) > 3
    # The forms are reachable: the scroll area can bring them into view.
    last = editor.form_buttons["legacy"]
    editor.scroll_area.ensureWidgetVisible(last)
    _settle()
    viewport = editor.scroll_area.viewport()
    assert viewport.rect().contains(last.mapTo(viewport, last.rect().topLeft()))


def test_long_form_fields_show_their_start(make_window) -> None:  # type: ignore[no-untyped-def]
    win = make_window(660, 440)
    _settle()
    assert win.editor.form_fields["legacy"].cursorPosition() == 0
    assert win.builder.legacy_edit.cursorPosition() == 0
    assert win.builder.preview.cursorPosition() == 0


def test_builder_shows_whole_key_names_and_opens_on_the_tags_keyword(make_window) -> None:  # type: ignore[no-untyped-def]
    win = make_window(1000, 650)
    builder = win.builder
    win.tabs.setCurrentWidget(builder)
    _settle()
    assert builder.key_label.text().startswith("<b>co</b>")  # the tag's first keyword is the chosen key
    view = builder.keys_view
    width = view.columnWidth(1) - 8
    metrics = view.fontMetrics()
    for row, key in enumerate(builder.keys_model.rows()):
        name = builder.keys_model.cells(key)[1]
        needed = metrics.boundingRect(QRect(0, 0, width, 10_000), Qt.TextFlag.TextWordWrap, name).height()
        assert view.rowHeight(row) >= needed, name
    # The Description column keeps most of the types table.
    builder.choose_key("ca")
    assert builder.types_view.columnWidth(1) > builder.types_view.columnWidth(0)


def test_builder_splitter_persists(qtbot, registry, settings_path) -> None:  # type: ignore[no-untyped-def]
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    win.resize(1100, 700)
    win.show()
    win.tabs.setCurrentWidget(win.builder)
    _settle()
    win.builder.splitter.setSizes([200, 500, 380])
    _settle()
    sizes = win.builder.splitter.sizes()
    win.save_settings()
    again = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(again)
    again.resize(1100, 700)
    again.show()
    again.tabs.setCurrentWidget(again.builder)
    _settle()
    assert again.builder.splitter.sizes() == sizes


def _interactive(win: MainWindow) -> list[QWidget]:
    """Return the window's own focusable controls (not scroll bars, handles or combo-box popups)."""
    out = []
    for w in win.findChildren(QWidget):
        if w.focusPolicy() == Qt.FocusPolicy.NoFocus or isinstance(w, QScrollBar | QSplitterHandle):
            continue
        if w.window() is not win or any(isinstance(p, QComboBox) for p in _ancestors(w)):
            continue
        if isinstance(w.parent(), QTabBar):  # the tab bar's own scroll arrows
            continue
        out.append(w)
    return out


def _ancestors(w: QWidget) -> list[QWidget]:
    out = []
    p = w.parentWidget()
    while p is not None:
        out.append(p)
        p = p.parentWidget()
    return out


def test_every_control_has_an_accessible_name_and_a_tooltip(make_window) -> None:  # type: ignore[no-untyped-def]
    win = make_window()
    controls = _interactive(win)
    assert len(controls) > 30
    # A verdict label has no name of its own (its name is the text it shows); its role is its description.
    missing = [f"{type(w).__name__} {w.accessibleName()!r}" for w in controls
               if not (w.accessibleName() or w.property("a11y_role")) or not w.toolTip()]  # fmt: skip
    assert missing == []


def _tab_walk(qtbot, start: QWidget, steps: int) -> list[QWidget]:  # type: ignore[no-untyped-def]
    start.setFocus(Qt.FocusReason.TabFocusReason)
    seen = [start]
    for _ in range(steps):
        current = QApplication.focusWidget()
        assert current is not None
        qtbot.keyClick(current, Qt.Key.Key_Tab)
        seen.append(QApplication.focusWidget())
    return seen


def test_tab_walks_the_editor_top_to_bottom(qtbot, make_window) -> None:  # type: ignore[no-untyped-def]
    win = make_window(1180, 760)
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    ed = win.editor
    ed.problems.select_row(0)  # the fix button is enabled, so it takes part
    walk = _tab_walk(qtbot, ed.editor, 11)
    walk = [w for i, w in enumerate(walk) if i == 0 or w is not walk[i - 1]]  # Tab visits the card's link too
    assert walk[:10] == [ed.editor, ed.examples_button, ed.history_button, ed.names_bar.language_box, ed.breakdown,
                         ed.card, ed.problems.list, ed.problems.fix_button, ed.form_fields["canonical"],
                         ed.form_buttons["canonical"]]  # fmt: skip


def test_tab_walks_the_builder_in_box_order(qtbot, make_window) -> None:  # type: ignore[no-untyped-def]
    win = make_window(1180, 760)
    win.tabs.setCurrentWidget(win.builder)
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    b = win.builder
    walk = _tab_walk(qtbot, b.keys_view, 5)
    assert walk == [b.keys_view, b.filter_edit, b.types_view, b.value_edit, b.set_button, b.keywords_list]


def test_roles_are_written_out_beside_their_colour(make_window) -> None:  # type: ignore[no-untyped-def]
    win = make_window()
    model = win.editor.breakdown_model
    # The Role column names the role in words, and hovering the tag line names it too.
    assert [model.data(model.index(r, 1)) for r in range(3)] == ["language", "script", "region"]
    assert "script" in win.editor.tooltip_at(4)
    assert isinstance(win.editor.scroll_area, QAbstractScrollArea)
