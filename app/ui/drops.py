"""Files dropped on the window or the Batch pane open, as a desktop user expects.

A Language Subtag Registry file (its first record starts with ``File-Date:``) asks whether to use it as the
registry; any other file is a list of tags for the Batch pane. Without this, a drop on the Batch pane's text
field inserted the file's ``file:///`` URL as a tag line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject

if TYPE_CHECKING:  # Qt makes the drag and drop classes when a drag first comes (not before the first paint)
    from PySide6.QtCore import QMimeData

__all__ = ["DropOpener", "dropped_files", "is_registry_file"]

#: How much of a file is read to tell a registry from a tag list.
_SNIFF_BYTES = 4096


def dropped_files(mime: QMimeData | None) -> list[str]:
    """Return the local file paths in *mime* (none for remote URLs or plain text)."""
    if mime is None or not mime.hasUrls():
        return []
    return [url.toLocalFile() for url in mime.urls() if url.isLocalFile() and url.toLocalFile()]


def is_registry_file(path: str) -> bool:
    """Tell whether *path* looks like a Language Subtag Registry file (record-jar starting with File-Date)."""
    try:
        with open(path, "rb") as f:
            head = f.read(_SNIFF_BYTES)
    except OSError:
        return False
    text = head.decode("utf-8", "replace").lstrip("\ufeff \t\r\n")
    return text.startswith("File-Date:")


class DropOpener(QObject):
    """Accept file drops on the widgets it watches and hand each file to *open_registry* or *open_tags*."""

    def __init__(
        self, open_registry: Callable[[str], object], open_tags: Callable[[str], object], parent: QObject
    ) -> None:
        super().__init__(parent)
        self._open_registry = open_registry
        self._open_tags = open_tags

    def watch(self, *widgets: QObject) -> None:
        """Take the file drops of *widgets* (a text field's own drop of the URL as text is replaced)."""
        for w in widgets:
            w.installEventFilter(self)
            set_accept = getattr(w, "setAcceptDrops", None)
            if set_accept is not None:
                set_accept(True)

    def open(self, path: str) -> None:
        """Open *path* as a registry (if it is one) or as tags to check."""
        if is_registry_file(path):
            self._open_registry(path)
        else:
            self._open_tags(path)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Accept drags that carry local files; open them on drop."""
        kind = event.type()
        if kind not in (QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop):
            return False
        from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent

        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove) and isinstance(
            event, QDragEnterEvent | QDragMoveEvent
        ):
            if dropped_files(event.mimeData()):
                event.acceptProposedAction()
                return True
        elif kind == QEvent.Type.Drop and isinstance(event, QDropEvent):
            paths = dropped_files(event.mimeData())
            if paths:
                event.acceptProposedAction()
                for path in paths[:1]:  # one source at a time: the Batch pane checks one file
                    self.open(path)
                return True
        return False
