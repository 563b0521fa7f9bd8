"""Call a function once a widget has been painted for the first time (the start-up's "window painted")."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer

__all__ = ["on_first_paint"]


class _FirstPaint(QObject):
    """Watch *widget* until its first paint event; then, on the next turn of the event loop, call *then*."""

    def __init__(self, widget: QObject, then: Callable[[], None]) -> None:
        super().__init__(widget)
        self._then = then
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            # After the paint, not inside it: the painted frame reaches the screen before *then* runs.
            QTimer.singleShot(0, self._then)
            self.deleteLater()
        return False


def on_first_paint(widget: QObject, then: Callable[[], None]) -> None:
    """Call *then* right after *widget*'s first paint event (once; the next turn of the event loop)."""
    _FirstPaint(widget, then)
