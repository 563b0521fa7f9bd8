"""Pins WCAG contrast where text is actually drawn (issue 23): every role and severity colour on the backgrounds
it is drawn on, in the light, dark and high-contrast themes; the palettes' own text pairs; the legend and the
Build pane's result line on the Base colour the role colours are made for; a 2 px focus ring at 3:1; the
high-contrast theme chosen when the system asks for it; Qt's own options passed through to Qt."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator

import pytest
from bcp47_explorer.__main__ import split_qt_args
from bcp47_explorer.ui import theme
from bcp47_explorer.ui.colour_science import contrast_ratio
from bcp47_explorer.ui.roles import ROLE_STYLES, SEVERITY_STYLES, LegendWidget, role_colour, severity_colour
from bcp47_explorer.ui.theme import FOCUS_RING_WIDTH, apply_theme, contrast_palette, dark_palette, light_palette
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QLineEdit, QPushButton, QTableView, QVBoxLayout, QWidget

R = QPalette.ColorRole
PALETTES = {
    "light": light_palette,
    "dark": dark_palette,
    "contrast": contrast_palette,
    "contrast-dark": lambda: contrast_palette(True),
}


def _hex(palette: QPalette, role: QPalette.ColorRole) -> str:
    return palette.color(role).name()


@pytest.fixture
def app() -> Iterator[QApplication]:
    instance = QApplication.instance() or QApplication([])
    assert isinstance(instance, QApplication)
    yield instance
    apply_theme(instance, "system")


@pytest.mark.parametrize("name", PALETTES)
def test_every_role_colour_reads_on_the_base_it_is_drawn_on(name: str) -> None:
    palette = PALETTES[name]()
    base = _hex(palette, R.Base)
    low = {role: round(contrast_ratio(role_colour(role, palette).name(), base), 2) for role in ROLE_STYLES}
    assert {role: ratio for role, ratio in low.items() if ratio < 4.5} == {}


@pytest.mark.parametrize("name", PALETTES)
def test_every_severity_colour_reads_on_the_base_and_the_window(name: str) -> None:
    """Severity words ("Warning:") are written in fields and on the window (the builder's messages)."""
    palette = PALETTES[name]()
    low = []
    for severity in SEVERITY_STYLES:
        colour = severity_colour(severity, palette).name()
        for where in (R.Base, R.Window):
            ratio = contrast_ratio(colour, _hex(palette, where))
            if ratio < 4.5:
                low.append((severity, where.name, round(ratio, 2)))
    assert low == []


def test_the_old_warning_colour_was_too_faint_and_the_new_one_is_not() -> None:
    assert round(contrast_ratio("#B86E00", "#efefef"), 2) == 3.47  # the measurement, reproduced
    assert contrast_ratio(SEVERITY_STYLES["warning"].light, "#efefef") >= 4.5


@pytest.mark.parametrize("name", PALETTES)
def test_the_palettes_text_pairs_reach_aa(name: str) -> None:
    palette = PALETTES[name]()
    pairs = [(R.Text, R.Base), (R.WindowText, R.Window), (R.ButtonText, R.Button), (R.HighlightedText, R.Highlight),
             (R.Link, R.Base), (R.Link, R.Window), (R.PlaceholderText, R.Base), (R.ToolTipText, R.ToolTipBase),
             (R.LinkVisited, R.Base)]  # fmt: skip
    low = [
        (fg.name, bg.name, round(contrast_ratio(_hex(palette, fg), _hex(palette, bg)), 2))
        for fg, bg in pairs
        if contrast_ratio(_hex(palette, fg), _hex(palette, bg)) < 4.5
    ]
    assert low == []


@pytest.mark.parametrize("name", PALETTES)
def test_the_focus_ring_colour_stands_out_at_three_to_one(name: str) -> None:
    palette = PALETTES[name]()
    ring = _hex(palette, R.Accent)
    for where in (R.Window, R.Base, R.Button):
        assert contrast_ratio(ring, _hex(palette, where)) >= 3.0, where.name


def test_the_legend_is_drawn_on_the_base_colour(qtbot, app) -> None:  # type: ignore[no-untyped-def]
    apply_theme(app, "light")
    legend = LegendWidget()
    qtbot.addWidget(legend)
    legend.resize(900, 80)
    legend.show()
    qtbot.waitExposed(legend)
    assert legend.autoFillBackground() and legend.backgroundRole() == R.Base
    image = legend.grab().toImage()
    assert image.pixelColor(1, 1) == legend.palette().color(R.Base)  # drawn on white, not on the window grey
    for name, colour in legend.entries():
        assert contrast_ratio(colour, legend.palette().color(R.Base).name()) >= 4.5, name


def test_the_build_panes_result_line_is_drawn_on_the_base_colour(qtbot, registry, settings_path) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.ui.main_window import MainWindow
    from bcp47_explorer.ui.settings import Settings

    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    win.show()
    win.tabs.setCurrentWidget(win.build)
    qtbot.waitUntil(lambda: hasattr(win.build, "tag_label"))
    frame = win.build.tag_label.parentWidget()
    assert frame.accessibleName() == "Result"
    assert frame.autoFillBackground() and frame.backgroundRole() == R.Base


def _ring_thickness(image, x: int, y: int, colour: QColor) -> int:  # type: ignore[no-untyped-def]
    """Count the pixels of *colour* from (x, y) inwards."""
    n = 0
    while x + n < image.width() and image.pixelColor(x + n, y) == colour:
        n += 1
    return n


@pytest.mark.parametrize("key", ["light", "dark", "contrast"])
def test_a_focused_field_has_a_two_pixel_ring(qtbot, app, key: str) -> None:  # type: ignore[no-untyped-def]
    apply_theme(app, key)
    holder = QWidget()
    qtbot.addWidget(holder)
    layout = QVBoxLayout(holder)
    field = QLineEdit("en-US")
    other = QLineEdit()
    table = QTableView()
    table.setTabKeyNavigation(False)
    button = QPushButton("Copy")
    for widget in (field, table, button, other):
        layout.addWidget(widget)
    holder.show()
    qtbot.waitExposed(holder)
    holder.activateWindow()
    field.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(field.hasFocus)
    ring = field.palette().color(R.Accent)
    image = field.grab().toImage()
    assert _ring_thickness(image, 0, image.height() // 2, ring) >= FOCUS_RING_WIDTH
    assert _ring_thickness(other.grab().toImage(), 0, other.height() // 2, ring) == 0  # only the focused one
    qtbot.keyClick(field, Qt.Key.Key_Tab)  # on to the table, then the button, by keyboard
    qtbot.waitUntil(table.hasFocus)  # a table's own focus frame is the style's (not measured here)
    qtbot.keyClick(table, Qt.Key.Key_Tab)
    qtbot.waitUntil(button.hasFocus)
    image = button.grab().toImage()
    assert _ring_thickness(image, 0, image.height() // 2, ring) >= FOCUS_RING_WIDTH


def test_system_theme_turns_high_contrast_when_the_system_asks(monkeypatch, app) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(theme, "system_wants_contrast", lambda: True)
    apply_theme(app, "system")
    assert app.palette().color(R.Base) in (QColor("#ffffff"), QColor("#000000"))
    assert app.palette().color(R.Text) in (QColor("#000000"), QColor("#ffffff"))
    assert app.palette().color(R.Accent) in (QColor("#c00000"), QColor("#ffff00"))
    monkeypatch.setattr(theme, "system_wants_contrast", lambda: False)
    apply_theme(app, "light")
    assert app.palette().color(R.Base) == QColor("#ffffff") and app.palette().color(R.Window) == QColor("#f3f3f3")


def test_qt_options_pass_through_to_qt() -> None:
    ours, qt = split_qt_args(["-reverse", "en-US", "-style", "fusion", "--theme", "dark", "-platform=offscreen"])
    assert ours == ["en-US", "--theme", "dark"]
    assert qt == ["-reverse", "-style", "fusion", "-platform=offscreen"]
    assert split_qt_args(["--", "-reverse"]) == (["--", "-reverse"], [])


def test_the_app_starts_with_qt_options(settings_path) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.__main__ import main

    assert main(["-reverse", "--settings", str(settings_path), "-style", "fusion", "--quit-after", "0"]) == 0
    app = QApplication.instance()
    assert isinstance(app, QApplication)


@pytest.mark.parametrize("key", ["light", "dark", "contrast"])
def test_a_focused_table_and_read_only_text_view_have_the_two_pixel_ring(qtbot, app, key: str) -> None:  # type: ignore[no-untyped-def]
    """Issue 23: tables and read-only text views show the same ring; their frame is as wide focused or not."""
    from PySide6.QtWidgets import QPlainTextEdit, QTextBrowser

    apply_theme(app, key)
    holder = QWidget()
    qtbot.addWidget(holder)
    layout = QVBoxLayout(holder)
    field = QLineEdit("en-US")
    table = QTableView()
    table.setTabKeyNavigation(False)
    browser = QTextBrowser()
    browser.setTabChangesFocus(True)
    browser.setText("Steps")
    plain = QPlainTextEdit("LANGUAGE SUBTAG REGISTRATION FORM", readOnly=True)
    plain.setTabChangesFocus(True)
    for widget in (field, table, browser, plain):
        layout.addWidget(widget)
    holder.show()
    qtbot.waitExposed(holder)
    holder.activateWindow()
    field.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(field.hasFocus)
    ring = field.palette().color(R.Accent)
    views = (table, browser, plain)
    before = {id(v): (v.frameWidth(), v.viewport().geometry()) for v in views}
    for view in views:
        assert view.frameWidth() >= FOCUS_RING_WIDTH
        assert _ring_thickness(view.grab().toImage(), 0, view.height() // 2, ring) == 0  # not focused: no ring
    for view in views:
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)  # by keyboard, as a person moves on
        qtbot.waitUntil(view.hasFocus)
        image = view.grab().toImage()
        assert _ring_thickness(image, 0, image.height() // 2, ring) >= FOCUS_RING_WIDTH, type(view).__name__
        assert (view.frameWidth(), view.viewport().geometry()) == before[id(view)]  # nothing moved or clipped
