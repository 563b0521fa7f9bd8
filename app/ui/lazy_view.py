"""A rich-text view that computes its HTML when it is first seen (issue 24 item 8: a quick start-up).

Panes that are not on screen at start-up (the registry browser's record card, the Matching pane's best
fit) need not compute their text before the window shows. :class:`LazyTextBrowser` keeps a function
that makes the HTML and calls it when the view is shown, or when code reads the view's text or
document, so what a reader sees is the same as if the HTML had been set at once.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QShowEvent, QTextDocument
from PySide6.QtWidgets import QTextBrowser, QWidget

__all__ = ["LazyTextBrowser"]


class LazyTextBrowser(QTextBrowser):
    """A :class:`QTextBrowser` whose HTML may be given as a function, called on first sight or first read."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._pending: Callable[[], str] | None = None

    def set_html_later(self, make: Callable[[], str]) -> None:
        """Show the HTML *make* returns: now if the view is visible, else when it is shown or read."""
        self._pending = make
        if self.isVisible():
            self.flush()

    def pending(self) -> bool:
        """Return whether HTML is waiting to be made."""
        return self._pending is not None

    def flush(self) -> None:
        """Make and set the waiting HTML, if any."""
        make, self._pending = self._pending, None
        if make is not None:
            super().setHtml(make())

    def setHtml(self, text: str) -> None:
        """Set *text* now (a waiting function is dropped)."""
        self._pending = None
        super().setHtml(text)

    def toPlainText(self) -> str:
        """Return the text, making the waiting HTML first."""
        self.flush()
        return super().toPlainText()

    def toHtml(self) -> str:
        """Return the HTML, making the waiting HTML first."""
        self.flush()
        return super().toHtml()

    def document(self) -> QTextDocument:
        """Return the document, made from the waiting HTML first."""
        self.flush()
        return super().document()

    def showEvent(self, event: QShowEvent) -> None:
        """Make the waiting HTML when the view comes on screen."""
        self.flush()
        super().showEvent(event)
