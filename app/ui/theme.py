"""Light and dark palettes (Fusion style), or the platform's own."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

__all__ = ["THEMES", "apply_theme", "dark_palette", "light_palette"]

#: (key, menu label) of each theme.
THEMES = (("system", "&System"), ("light", "&Light"), ("dark", "&Dark"))

_original: tuple[str, QPalette] | None = None


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
    return p


def apply_theme(app: QApplication, key: str) -> None:
    """Give *app* the light or dark palette, or its original look for "system" (unknown keys too)."""
    global _original
    if _original is None:
        _original = (app.style().name(), QPalette(app.palette()))
    if key in ("light", "dark"):
        app.setStyle(QStyleFactory.create("Fusion"))
        app.setPalette(dark_palette() if key == "dark" else light_palette())
    else:
        style, palette = _original
        app.setStyle(QStyleFactory.create(style) or QStyleFactory.create("Fusion"))
        app.setPalette(palette)
