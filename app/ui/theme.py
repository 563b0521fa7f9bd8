"""Light, dark and high-contrast palettes (Fusion style), or the platform's own; a focus ring everyone sees.

Every text colour keeps at least 4.5:1 against the background it is drawn on, and the focus ring (2 px, the
palette's Accent colour) at least 3:1 against the window and the fields (WCAG 2.2 §1.4.3, §1.4.11, §2.4.13);
``tests/ui/test_contrast.py`` measures each pair. "System" follows the platform, and its high-contrast
setting: when the system asks for more contrast, the high-contrast palette is used.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QPlainTextEdit,
    QProxyStyle,
    QStyle,
    QStyleFactory,
    QStyleOption,
    QTextEdit,
    QWidget,
)

from ..core.text.catalogue import N_

__all__ = [
    "FOCUS_RING_WIDTH",
    "THEMES",
    "FocusRingStyle",
    "apply_theme",
    "contrast_palette",
    "dark_palette",
    "light_palette",
    "system_wants_contrast",
]

#: (key, menu label) of each theme.
THEMES = (("system", N_("&System")), ("light", N_("&Light")), ("dark", N_("&Dark")), ("contrast", N_("&High contrast")))

#: Width of the keyboard focus ring in device-independent pixels (WCAG 2.2 §2.4.13 asks for at least 2).
FOCUS_RING_WIDTH = 2

_original: tuple[str, QPalette] | None = None
_current: dict[QApplication, str] = {}
_watching = False


def _set(p: QPalette, role: QPalette.ColorRole, colour: str, disabled: str | None = None) -> None:
    p.setColor(role, QColor(colour))
    if disabled is not None:
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor(disabled))


def dark_palette() -> QPalette:
    """Return a dark palette with readable links and highlights (contrast at least 4.5:1 for text)."""
    p = QPalette()
    r = QPalette.ColorRole
    _set(p, r.Window, "#2b2d31")
    _set(p, r.WindowText, "#e8e8e8", "#8a8a8a")
    _set(p, r.Base, "#1f2023")
    _set(p, r.AlternateBase, "#27292d")
    _set(p, r.ToolTipBase, "#303236")
    _set(p, r.ToolTipText, "#e8e8e8")
    _set(p, r.PlaceholderText, "#9a9a9a")
    _set(p, r.Text, "#e8e8e8", "#8a8a8a")
    _set(p, r.Button, "#35373c")
    _set(p, r.ButtonText, "#e8e8e8", "#8a8a8a")
    _set(p, r.BrightText, "#ff6b6b")
    _set(p, r.Light, "#45474d")
    _set(p, r.Midlight, "#3a3c41")
    _set(p, r.Mid, "#2f3135")
    _set(p, r.Dark, "#1a1b1e")
    _set(p, r.Shadow, "#000000")
    _set(p, r.Highlight, "#3d6fb4")
    _set(p, r.HighlightedText, "#ffffff")
    _set(p, r.Link, "#8ab4f8")
    _set(p, r.LinkVisited, "#c58af9")
    _set(p, r.Accent, "#8ab4f8")  # the focus ring: 6.9:1 on the window, 8.3:1 on fields
    return p


def light_palette() -> QPalette:
    """Return a plain light palette."""
    p = QPalette()
    r = QPalette.ColorRole
    _set(p, r.Window, "#f3f3f3")
    _set(p, r.WindowText, "#1a1a1a", "#8a8a8a")
    _set(p, r.Base, "#ffffff")
    _set(p, r.AlternateBase, "#f5f7fa")
    _set(p, r.ToolTipBase, "#ffffe6")
    _set(p, r.ToolTipText, "#1a1a1a")
    _set(p, r.PlaceholderText, "#6e6e6e")
    _set(p, r.Text, "#1a1a1a", "#8a8a8a")
    _set(p, r.Button, "#e9e9e9")
    _set(p, r.ButtonText, "#1a1a1a", "#8a8a8a")
    _set(p, r.BrightText, "#c00000")
    _set(p, r.Highlight, "#2f65ca")
    _set(p, r.HighlightedText, "#ffffff")
    _set(p, r.Link, "#1a56b8")
    _set(p, r.LinkVisited, "#6b3fa0")
    _set(p, r.Accent, "#1a56b8")  # the focus ring: 6.2:1 on the window
    return p


def contrast_palette(dark: bool = False) -> QPalette:
    """Return the high-contrast palette: black on white (or white on black), strong highlight and focus."""
    p = QPalette()
    r = QPalette.ColorRole
    fg, bg = ("#ffffff", "#000000") if dark else ("#000000", "#ffffff")
    muted = "#c8c8c8" if dark else "#3c3c3c"  # disabled text, still 9:1 and more
    for role in (r.Window, r.Base, r.AlternateBase, r.Button, r.ToolTipBase):
        _set(p, role, bg)
    for role in (r.WindowText, r.Text, r.ButtonText, r.ToolTipText):
        _set(p, role, fg, muted)
    _set(p, r.PlaceholderText, muted)
    _set(p, r.BrightText, "#ff8080" if dark else "#a00000")
    _set(p, r.Light, fg)
    _set(p, r.Midlight, muted)
    _set(p, r.Mid, muted)
    _set(p, r.Dark, fg)
    _set(p, r.Shadow, fg)
    _set(p, r.Highlight, "#ffff00" if dark else "#00007f")
    _set(p, r.HighlightedText, "#000000" if dark else "#ffffff")
    _set(p, r.Link, "#80c0ff" if dark else "#0000c0")
    _set(p, r.LinkVisited, "#e0a0ff" if dark else "#600080")
    _set(p, r.Accent, "#ffff00" if dark else "#c00000")
    return p


def system_wants_contrast() -> bool:
    """Return whether the platform asks for high contrast (Qt 6.10+ reads it; older Qt: no)."""
    hints = QGuiApplication.styleHints()
    accessibility = getattr(hints, "accessibility", None)
    if accessibility is None:  # pragma: no cover - older Qt
        return False
    return bool(accessibility().contrastPreference() == Qt.ContrastPreference.HighContrast)


def _system_is_dark() -> bool:
    return QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark


class FocusRingStyle(QProxyStyle):
    """Draw a 2 px focus ring in the palette's Accent colour on every focused control (Qt's is 1 px, faint)."""

    _FIELDS = (QStyle.PrimitiveElement.PE_FrameLineEdit, QStyle.PrimitiveElement.PE_PanelLineEdit)
    _COMPLEX = (QStyle.ComplexControl.CC_ComboBox, QStyle.ComplexControl.CC_SpinBox)

    #: Tables, lists and (read-only) text views: their frame is the ring when they have focus.
    _VIEWS = (QAbstractItemView, QTextEdit, QPlainTextEdit)

    def pixelMetric(
        self, metric: QStyle.PixelMetric, option: QStyleOption | None = None, widget: QWidget | None = None
    ) -> int:
        """Give views a frame as wide as the ring, focused or not: focus never moves or clips their contents."""
        value = super().pixelMetric(metric, option, widget)
        if metric == QStyle.PixelMetric.PM_DefaultFrameWidth and isinstance(widget, self._VIEWS):
            return max(value, FOCUS_RING_WIDTH)
        return value

    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        """Draw *element*, then the ring where it shows keyboard focus."""
        if element == QStyle.PrimitiveElement.PE_FrameFocusRect:
            self._ring(option, painter)
            return
        super().drawPrimitive(element, option, painter, widget)
        focused = bool(option.state & QStyle.StateFlag.State_HasFocus)
        if element == QStyle.PrimitiveElement.PE_Frame and isinstance(widget, self._VIEWS):
            if focused and widget.hasFocus():
                self._ring(option, painter)
            return
        by_keyboard = bool(option.state & QStyle.StateFlag.State_KeyboardFocusChange)  # a button, not clicked
        button = element == QStyle.PrimitiveElement.PE_PanelButtonCommand
        if focused and (element in self._FIELDS or (button and by_keyboard)):
            self._ring(option, painter)

    @staticmethod
    def _ring(option: QStyleOption, painter: QPainter) -> None:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        pen = QPen(option.palette.color(QPalette.ColorRole.Accent), FOCUS_RING_WIDTH)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        half = FOCUS_RING_WIDTH / 2
        painter.drawRect(QRectF(option.rect).adjusted(half, half, -half, -half))
        painter.restore()


def apply_theme(app: QApplication, key: str) -> None:
    """Give *app* the light, dark or high-contrast palette, or its original look for "system" (unknown keys too).

    "System" becomes the high-contrast palette when the platform asks for high contrast.
    """
    global _original
    if _original is None:
        _original = (app.style().name(), QPalette(app.palette()))
    wanted = key
    if key == "system" and system_wants_contrast():
        key = "contrast"
    if key in ("light", "dark", "contrast"):
        base = QStyleFactory.create("Fusion")
        if key == "contrast":
            palette = contrast_palette(_system_is_dark())
        else:
            palette = dark_palette() if key == "dark" else light_palette()
    else:
        style, palette = _original
        base = QStyleFactory.create(style) or QStyleFactory.create("Fusion")
    app.setStyle(FocusRingStyle(base))
    app.setPalette(palette)
    global _watching
    _current[app] = wanted
    if not _watching:  # the system's contrast setting can change while the app runs
        accessibility = getattr(QGuiApplication.styleHints(), "accessibility", None)
        if accessibility is not None:
            accessibility().contrastPreferenceChanged.connect(lambda _p: _follow_system(app))
        _watching = True


def _follow_system(app: QApplication) -> None:
    if _current.get(app) == "system":
        apply_theme(app, "system")
