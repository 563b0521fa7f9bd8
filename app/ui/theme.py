"""Light, dark and high-contrast palettes (Fusion style), or the platform's own; a focus ring everyone sees.

Every text colour keeps at least 4.5:1 against the background it is drawn on, and the focus ring (2 px, the
palette's Accent colour) at least 3:1 against the window and the fields (WCAG 2.2 §1.4.3, §1.4.11, §2.4.13);
``tests/ui/test_contrast.py`` measures each pair. "System" follows the platform, and its high-contrast
setting: when the system asks for more contrast, the high-contrast palette is used.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

from ..core.text.catalogue import N_

if TYPE_CHECKING:
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QPainter
    from PySide6.QtWidgets import QStyle

__all__ = [
    "FOCUS_RING_WIDTH",
    "THEMES",
    "apply_theme",
    "contrast_palette",
    "dark_palette",
    "draw_focus_ring",
    "focus_ring_pending",
    "install_focus_ring",
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
#: Set by apply_theme(..., focus_ring=False) until install_focus_ring(): the style to put under the ring then
#: ("" for the app's own), and the app's palette from before the theme's (the "system" look, for later).
_pending: tuple[str, QPalette | None] | None = None


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


def draw_focus_ring(painter: QPainter, rect: QRect, palette: QPalette) -> None:
    """Draw the focus ring along the inside of *rect*: FOCUS_RING_WIDTH px in *palette*'s Accent colour.

    The one drawing of the ring: the focus-ring style draws it on focused controls, and the Editor's field
    while the app starts, before that style is installed (see apply_theme), so the two cannot differ.
    """
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QPainter, QPen

    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    pen = QPen(palette.color(QPalette.ColorRole.Accent), FOCUS_RING_WIDTH)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    half = FOCUS_RING_WIDTH / 2
    painter.drawRect(QRectF(rect).adjusted(half, half, -half, -half))
    painter.restore()


def focus_ring_pending() -> bool:
    """Tell whether the app's focus-ring style is still to be installed (the start-up's first paint)."""
    return _pending is not None


def apply_theme(app: QApplication, key: str, *, focus_ring: bool = True, style_option: str | None = None) -> None:
    """Give *app* the light, dark or high-contrast palette, or its original look for "system" (unknown keys too).

    "System" becomes the high-contrast palette when the platform asks for high contrast. The style draws the
    focus ring (``ui/focus_ring.py``).

    With *focus_ring* False (the start-up, before the window's first paint; *style_option* is the ``-style``
    given to Qt, if any) the ring's style waits for :func:`install_focus_ring`, and Qt's style classes are not
    made before the first paint where that can be avoided: "system" keeps the style and palette the app has,
    and the other themes set only their palette when the app's style is Qt's Fusion already (see
    :func:`_qt_default_is_fusion`; else the plain Fusion style is set now). What is painted until then looks
    the same: no view is made before the ring's style, and the one focused field draws its ring itself
    (:func:`draw_focus_ring`).
    """
    global _pending, _watching
    wanted = key
    if key == "system" and system_wants_contrast():
        key = "contrast"
    palette: QPalette | None = None
    if key in ("light", "dark", "contrast"):
        if key == "contrast":
            palette = contrast_palette(_system_is_dark())
        else:
            palette = dark_palette() if key == "dark" else light_palette()
    if not focus_ring and _original is None and (palette is None or _qt_default_is_fusion(style_option)):
        # The app's own style, untouched so far, is the one to keep ("system") or Fusion already: the style later.
        _pending = ("" if palette is None else "Fusion", QPalette(app.palette()))
        if palette is not None:
            app.setPalette(palette)
    else:
        _remember_original(app)
        assert _original is not None
        name = "Fusion" if palette is not None else _original[0]
        base = QStyleFactory.create(name) or QStyleFactory.create("Fusion")
        app.setStyle(_with_ring(base) if focus_ring else base)
        app.setPalette(palette if palette is not None else _original[1])
        _pending = None if focus_ring else ("", None)
    _current[app] = wanted
    if not _watching:  # the system's contrast setting can change while the app runs
        accessibility = getattr(QGuiApplication.styleHints(), "accessibility", None)
        if accessibility is not None:
            accessibility().contrastPreferenceChanged.connect(lambda _p: _follow_system(app))
        _watching = True


def install_focus_ring(app: QApplication) -> None:
    """Install the focus-ring style over *app*'s style, if apply_theme(..., focus_ring=False) left it to come."""
    global _pending
    if _pending is None:
        return
    _remember_original(app)  # the style the app started with ("system"), and its palette from before the theme's
    name = _pending[0]
    _pending = None
    base = QStyleFactory.create(name or app.style().name()) or QStyleFactory.create("Fusion")
    app.setStyle(_with_ring(base))


def _qt_default_is_fusion(style_option: str | None) -> bool:
    """Tell, without making Qt's style classes, whether the app's style is Fusion (Qt's choice, none asked for).

    Qt takes the first style the platform names that is installed, unless one is asked for (``-style``,
    ``QT_STYLE_OVERRIDE``). Where only Qt's own Fusion and Windows styles are installed, Linux and the other
    Unix platforms name Fusion first (Windows and macOS have styles of their own); any other case is "no".
    """
    if style_option is not None or os.environ.get("QT_STYLE_OVERRIDE") or sys.platform in ("win32", "darwin"):
        return False
    installed = QStyleFactory.keys()
    return {name.lower() for name in installed} <= {"fusion", "windows"}


def _remember_original(app: QApplication) -> None:
    """Keep the app's own style and palette, for "system" (the palette from before a theme's set at start-up)."""
    global _original
    if _original is None:
        palette = _pending[1] if _pending is not None else None
        _original = (app.style().name(), palette if palette is not None else QPalette(app.palette()))


def _with_ring(base: QStyle) -> QStyle:
    from .focus_ring import FocusRingStyle

    return FocusRingStyle(base)


def _follow_system(app: QApplication) -> None:
    if _current.get(app) == "system":
        apply_theme(app, "system")
