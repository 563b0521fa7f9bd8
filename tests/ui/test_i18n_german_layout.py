"""Issue 25: German's long words fit the default window (1100x720) on every pane.

The window starts with the shipped German catalogue; each pane is brought to the front with its View menu
shortcut (Ctrl+1 … Ctrl+8), and every visible label, button, check box, radio button, group box title and
tab is checked: its text is not elided ('…' where the whole text has none), its one-line text fits its width,
a word-wrapped label's text fits its height, a group box's title fits the room its style gives it, and the
widget lies inside the window and inside each of its parents (a widget pushed past the edge is cut as surely
as a short one).
"""

from __future__ import annotations

import pytest
from bcp47_explorer.ui.elided import ElidedLabel
from bcp47_explorer.ui.i18n import install_translations
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.settings import Settings
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QApplication,
    QCheckBox,
    QGroupBox,
    QLabel,
    QPushButton,
    QRadioButton,
    QStyle,
    QStyleOptionGroupBox,
    QTabBar,
    QWidget,
)

from tests.ui.i18n_support import english

#: The size a first start opens with (MainWindow._restore) and the tag the panes show.
DEFAULT_SIZE = (1100, 720)
SAMPLE_TAG = "de-Latn-CH-1901-u-co-phonebk"
#: A pane's View shortcut: Ctrl+1 … Ctrl+8, in the tab order.
DIGITS = (
    Qt.Key.Key_1,
    Qt.Key.Key_2,
    Qt.Key.Key_3,
    Qt.Key.Key_4,
    Qt.Key.Key_5,
    Qt.Key.Key_6,
    Qt.Key.Key_7,
    Qt.Key.Key_8,
)


@pytest.fixture
def german(qtbot):  # type: ignore[no-untyped-def]
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    assert install_translations(app, "de") == "de"
    yield
    english()


def _name(w: QWidget) -> str:
    text = w.text() if isinstance(w, (QLabel, QAbstractButton)) else ""
    return f"{type(w).__name__} {w.objectName() or w.accessibleName() or ''!r} {text[:60]!r}"


def _plain(text: str) -> str:
    """Return a button's or buddy label's text as drawn: '&&' is '&', a lone '&' marks the accelerator."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def _outside(w: QWidget, window: QWidget) -> str | None:
    """Say where *w* runs past the window or a parent (scroll areas' viewports aside: they scroll)."""
    rect = QRect(w.mapTo(window, QPoint(0, 0)), w.size())
    parent = w.parentWidget()
    while parent is not None and parent is not window:
        if isinstance(parent.parentWidget(), QAbstractScrollArea):
            return None  # inside a scrolled viewport: reachable by scrolling
        prect = QRect(parent.mapTo(window, QPoint(0, 0)), parent.size())
        if rect.right() > prect.right() + 1 or rect.left() < prect.left() - 1:
            return f"runs past its parent {type(parent).__name__} {parent.objectName()!r} ({rect} in {prect})"
        parent = parent.parentWidget()
    if rect.right() > window.width() or rect.left() < 0:
        return f"runs past the window ({rect})"
    return None


def _cut(w: QWidget, window: QWidget) -> str | None:
    """Say how the text of *w* is cut, or None when it shows whole."""
    if isinstance(w, ElidedLabel):
        if w.shown_text() != w.text():
            return f"elided to {w.shown_text()!r}"
    elif isinstance(w, QLabel):
        text = w.text()
        if not text or (w.pixmap() is not None and not w.pixmap().isNull()):
            return None
        room = w.contentsRect().adjusted(w.margin(), w.margin(), -w.margin(), -w.margin())
        if w.wordWrap():
            need = w.heightForWidth(w.width())
            if need > w.height() + 1:
                return f"wrapped text needs {need} px of height, has {w.height()}"
        elif w.textFormat() == Qt.TextFormat.PlainText or "<" not in text:
            shown = _plain(text) if w.buddy() is not None else text
            need = max(w.fontMetrics().horizontalAdvance(line) for line in shown.split("\n"))
            if need > room.width() + 1:
                return f"text needs {need} px, has {room.width()}"
        elif w.minimumSizeHint().width() > w.width() + 1:
            return f"rich text needs {w.minimumSizeHint().width()} px, has {w.width()}"
    elif isinstance(w, (QPushButton, QCheckBox, QRadioButton)):
        if not w.text():
            return None
        need = w.sizeHint().width()
        if need > w.width() + 1:
            return f"needs {need} px, has {w.width()}"
    return _outside(w, window)


def _tab_cuts(bar: QTabBar) -> list[str]:
    """Say which tabs of *bar* are elided, squeezed or scrolled out of sight."""
    left = []
    for i in range(bar.count()):
        rect, hint = bar.tabRect(i), bar.tabSizeHint(i)
        if rect.width() + 1 < hint.width():
            left.append(f"tab {bar.tabText(i)!r} has {rect.width()} px of {hint.width()}")
        elif rect.right() > bar.width() or rect.left() < 0:
            left.append(f"tab {bar.tabText(i)!r} lies outside its bar ({rect} in {bar.width()} px)")
    return left


def _title_cut(box: QGroupBox) -> str | None:
    """Say how a group box's title is cut: wider than the room the style gives it, or past the window."""
    option = QStyleOptionGroupBox()
    box.initStyleOption(option)
    room = box.style().subControlRect(
        QStyle.ComplexControl.CC_GroupBox, option, QStyle.SubControl.SC_GroupBoxLabel, box
    )
    need = box.fontMetrics().horizontalAdvance(_plain(box.title()))
    if need > room.width() + 1 or room.right() > box.width():
        return f"title needs {need} px, has {min(room.width(), box.width() - room.left())}"
    return _outside(box, box.window())


def _clipped(window: MainWindow) -> list[str]:
    """Return a line for each visible text of the window's current view that is cut."""
    left = []
    for w in window.findChildren(QWidget):
        if not w.isVisible() or w.window() is not window:
            continue
        if isinstance(w, (QLabel, QPushButton, QCheckBox, QRadioButton)):
            why = _cut(w, window)
            if why:
                left.append(f"{_name(w)}: {why}")
        elif isinstance(w, QGroupBox) and w.title():
            why = _title_cut(w)
            if why:
                left.append(f"QGroupBox {w.title()!r}: {why}")
        elif isinstance(w, QTabBar):
            left += [f"QTabBar {w.objectName()!r}: {why}" for why in _tab_cuts(w)]
    return left


def test_german_fits_every_pane_at_the_default_size(qtbot, german, registry, settings_path) -> None:
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    win.resize(*DEFAULT_SIZE)  # after show(): the offscreen screen (800x800) would clamp a first start
    qtbot.waitUntil(lambda: win.width() >= DEFAULT_SIZE[0])
    assert (win.width(), win.height()) == DEFAULT_SIZE  # the window does not demand more than the default
    assert win.language_action.text() == "&Sprache der Anwendung …"  # German is in use
    win.state.set_tag(SAMPLE_TAG)
    assert win.tabs.count() == len(DIGITS)
    report = []
    for i, key in enumerate(DIGITS):
        qtbot.keyClick(win, key, Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda i=i: win.tabs.currentIndex() == i)
        qtbot.wait(50)  # debounced refreshes and layouts settle
        pane = win.tabs.tabText(i).replace("&", "")
        report += [f"{pane}: {line}" for line in _clipped(win)]
    assert report == [], f"{len(report)} texts cut in German at 1100x720:\n" + "\n".join(report)


def test_the_check_finds_a_cut_label_button_and_elided_text(qtbot) -> None:
    """The walk above fails where it should: a text wider than its widget, an elided one, one past the edge."""
    window = QWidget()
    qtbot.addWidget(window)
    window.resize(300, 100)
    label = QLabel("Sprachtag-Überprüfungsergebnis", window)
    label.setFixedWidth(40)
    button = QPushButton("Registerkopie &öffnen", window)
    button.setFixedWidth(40)
    elided = ElidedLabel(window)
    elided.setText("Erweiterungsregister der Sprachtags")
    elided.setFixedWidth(60)
    fits = QLabel("Tag", window)
    fits.move(0, 40)
    past = QCheckBox("Nur Probleme", window)
    past.move(260, 60)
    past.resize(past.sizeHint())
    window.show()
    qtbot.waitExposed(window)
    assert (_cut(label, window) or "").startswith("text needs ")
    assert (_cut(button, window) or "").startswith("needs ")
    assert (_cut(elided, window) or "").startswith("elided to '")
    assert (_cut(past, window) or "").startswith("runs past the window")
    assert _cut(fits, window) is None
    box = QGroupBox("Beste Übereinstimmung nach CLDR (UTS #35 §4.4)", window)
    box.setGeometry(0, 70, 80, 30)
    box.show()
    assert (_title_cut(box) or "").startswith("title needs ")
    box.setTitle("Tags")
    assert _title_cut(box) is None
    bar = QTabBar(window)
    bar.setExpanding(False)
    for title in ("Editor", "Registrierungsassistent", "Erweiterungsregister"):
        bar.addTab(title)
    bar.setUsesScrollButtons(True)
    bar.setGeometry(0, 0, 120, 30)
    bar.show()
    assert _tab_cuts(bar) != []
