"""A one-line label that ends its text with '…' when the text is wider than the label.

A label whose size policy ignores its text's width (so that a long name cannot widen the
window) is otherwise cut off at its right edge, mid-letter, with nothing to say that more
follows. :class:`ElidedLabel` shows what fits followed by '…'; :meth:`ElidedLabel.text` and the
accessible description keep the whole text, and the caller's tooltip can show it.

A label that must always say something (the status bar's registry) is given a short form: it never
shrinks below that form's width, and shows it whole when the whole text does not fit.

In a right-to-left window the text keeps to the right, beside its caption, whatever its own direction:
QLabel aligns plain text by the text's direction, so an English name or a tag would otherwise sit at
the far (left) end, next to the neighbouring widget's caption instead of its own.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from .a11y import VerdictLabel

__all__ = ["ElidedLabel"]


class ElidedLabel(VerdictLabel):
    """A plain-text, one-line label that elides its text at the right to fit its width."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self._short = ""
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._align_to_layout()

    def setText(self, text: str, short: str = "") -> None:
        """Set the whole text; the label shows as much of it as fits, then '…'.

        With a *short* form the label keeps room for it and shows it where the whole text does not fit.
        """
        self._full = text
        self._short = short
        self.setAccessibleName(text)  # a screen reader reads the whole text, not the part that fits
        self.updateGeometry()
        self._elide()

    def text(self) -> str:
        """Return the whole text, not the part shown."""
        return self._full

    def shown_text(self) -> str:
        """Return what the label shows (the text, or its start and '…')."""
        return super().text()

    def sizeHint(self) -> QSize:
        """Ask for the width of the whole text, so the label grows back when there is room."""
        hint = super().sizeHint()
        margins = self.contentsMargins()
        wanted = self.fontMetrics().horizontalAdvance(self._full) + margins.left() + margins.right() + 2 * self.margin()
        return QSize(max(wanted, 1), hint.height())

    def minimumSizeHint(self) -> QSize:
        """Shrink to the short form, else to an ellipsis, at the least."""
        margins = self.contentsMargins()
        least = self.fontMetrics().horizontalAdvance(self._short or "…")
        return QSize(least + margins.left() + margins.right() + 2 * self.margin(), super().minimumSizeHint().height())

    def changeEvent(self, event: QEvent) -> None:
        """Keep the text on the leading side when the layout direction changes (a right-to-left UI)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LayoutDirectionChange:
            self._align_to_layout()

    def _align_to_layout(self) -> None:
        # Absolute alignment: QLabel would otherwise mirror it by the text's own direction, not the layout's.
        side = (
            Qt.AlignmentFlag.AlignRight
            if self.layoutDirection() == Qt.LayoutDirection.RightToLeft
            else Qt.AlignmentFlag.AlignLeft
        )
        self.setAlignment(side | Qt.AlignmentFlag.AlignAbsolute | Qt.AlignmentFlag.AlignVCenter)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Elide the text again for the new width."""
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        width = self.contentsRect().width()
        metrics = self.fontMetrics()
        shown = self._full
        if width > 0 and metrics.horizontalAdvance(shown) > width:
            if self._short and metrics.horizontalAdvance(self._short) <= width:
                shown = self._short
            else:
                shown = metrics.elidedText(self._short or shown, Qt.TextElideMode.ElideRight, width)
        super().setText(shown)
