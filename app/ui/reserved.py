"""Messages that appear and vanish without moving the fields around them (issue 24 item 5).

A label that shows a check, a notice or a verdict only now and then keeps its height in the layout
whether it is shown or hidden, so the field a person is about to click stays where it was. The height
kept is a number of text lines: enough for the usual message; a longer one still wraps and grows (nothing
is cut: the label's height for its width is never less than its text needs).
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QWidget

from .a11y import VerdictLabel

__all__ = ["ReservedLabel"]


class ReservedLabel(VerdictLabel):
    """A word-wrapped label that keeps room for *lines* lines of text, shown or hidden."""

    def __init__(self, lines: int, parent: QWidget | None = None, *, retain_when_hidden: bool = True) -> None:
        """Keep *lines* lines; *retain_when_hidden* False for a label that stays shown (empty when there is
        nothing to say): in a QFormLayout a hidden-but-retained label loses its height for width (Qt 6),
        so a long message there would be cut."""
        super().__init__(parent)
        self._lines = lines
        self.setWordWrap(True)
        if retain_when_hidden:
            policy = self.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            self.setSizePolicy(policy)

    def _reserved(self) -> int:
        margins = self.contentsMargins()
        return self.fontMetrics().lineSpacing() * self._lines + margins.top() + margins.bottom()

    def heightForWidth(self, width: int) -> int:
        """The text's height at *width*, never less than the reserved lines."""
        return max(super().heightForWidth(width) if self.text() else 0, self._reserved())

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(hint.width(), max(hint.height(), self._reserved()))

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(hint.width(), max(hint.height(), self._reserved()))

    def setText(self, text: str) -> None:
        """Show *text*; the label's minimum height follows it, so no layout cuts a long message."""
        super().setText(text)
        self._fit()

    def clear(self) -> None:
        super().clear()
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fit()

    def _fit(self) -> None:
        width = self.width() if self.width() > 0 else self.sizeHint().width()
        # QLabel's height for a width grows to the label's minimum height: measured with the old minimum in
        # place, a height once needed at a narrow width (while the window was laid out) was kept for good,
        # leaving a band of empty lines under a two-line verdict. Measure without it.
        self.setMinimumHeight(0)
        needed = super().heightForWidth(width) if self.text() else 0
        self.setMinimumHeight(max(self._reserved(), needed))
