"""The one current tag that every pane shows and edits."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

__all__ = ["TagState"]


class TagState(QObject):
    """Hold the current tag and announce every change to it, whichever pane made it."""

    tag_changed = Signal(str)

    def __init__(self, tag: str = "", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._tag = tag

    def tag(self) -> str:
        """Return the current tag as the user wrote it."""
        return self._tag

    def set_tag(self, text: str) -> None:
        """Make *text* the current tag; do nothing when it is already the current one."""
        if text == self._tag:
            return
        self._tag = text
        self.tag_changed.emit(text)
