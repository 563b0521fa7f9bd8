"""The focus ring everyone sees: a style over the app's own that draws a 2 px ring in the Accent colour.

Installed by ``theme.apply_theme`` (at start-up right after the window's first paint: see there). Its own
module, so that Qt's style classes and their enums are not made before the first paint.
"""

from __future__ import annotations

from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QAbstractItemView, QPlainTextEdit, QProxyStyle, QStyle, QStyleOption, QTextEdit, QWidget

from .theme import FOCUS_RING_WIDTH, draw_focus_ring

__all__ = ["FocusRingStyle"]


class FocusRingStyle(QProxyStyle):
    """Draw a 2 px focus ring in the palette's Accent colour on every focused control (Qt's is 1 px, faint)."""

    _FIELDS = (QStyle.PrimitiveElement.PE_FrameLineEdit, QStyle.PrimitiveElement.PE_PanelLineEdit)

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
            draw_focus_ring(painter, option.rect, option.palette)
            return
        super().drawPrimitive(element, option, painter, widget)
        focused = bool(option.state & QStyle.StateFlag.State_HasFocus)
        if element == QStyle.PrimitiveElement.PE_Frame and isinstance(widget, self._VIEWS):
            if focused and widget.hasFocus():
                draw_focus_ring(painter, option.rect, option.palette)
            return
        by_keyboard = bool(option.state & QStyle.StateFlag.State_KeyboardFocusChange)  # a button, not clicked
        button = element == QStyle.PrimitiveElement.PE_PanelButtonCommand
        if focused and (element in self._FIELDS or (button and by_keyboard)):
            draw_focus_ring(painter, option.rect, option.palette)
