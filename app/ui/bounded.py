"""One mechanism that bounds the work of every text field: a length cap per kind of field.

A QLineEdit takes 32,767 characters by default, and each keystroke's work (a registry search,
a value check, a preview) grows with the text: a 32,000-character paste into the registry
search blocked the window for 7.7 s. Every text field of the app calls :func:`bound` with the
cap of its kind, so the largest text any field's handler sees is known and small (the longest
registry description is under 200 characters; a -u- part longer than a tag is not a value).
Multi-line fields (:class:`QPlainTextEdit`) have no maxLength: :func:`bound_text` cuts what
goes past the cap right after the edit, before any handler's delayed work sees it.
The tag editor has its own cap (``tag_edit.MAX_TEXT``) with a notice; its undo history is
capped at :data:`UNDO_MAX` steps.
"""

from __future__ import annotations

from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QLineEdit, QPlainTextEdit

__all__ = ["FIELD_MAX", "SEARCH_MAX", "UNDO_MAX", "VALUE_MAX", "bound", "bound_text"]

#: Registry search and value filters: longer than any description or comment words anyone types.
SEARCH_MAX = 256
#: A -u- value, attribute or legacy locale id: as long as the builder's longest tag.
VALUE_MAX = 1_000
#: Any other text field.
FIELD_MAX = 1_000
#: The tag editor keeps at most this many undo steps. Qt's text document cannot drop only its oldest
#: steps, so one more step clears the history (a step holds up to MAX_TEXT characters: 500 steps
#: bound the history at a few MB instead of growing for as long as the app runs).
UNDO_MAX = 500


def bound(edit: QLineEdit, limit: int = FIELD_MAX) -> QLineEdit:
    """Cap *edit* at *limit* characters: typed or pasted, a longer text is cut (Qt's own maxLength)."""
    edit.setMaxLength(limit)
    edit.setProperty("bounded", limit)  # tests find every field that went through here
    return edit


def bound_text(edit: QPlainTextEdit, limit: int) -> QPlainTextEdit:
    """Cap the multi-line *edit* at *limit* characters: typed or pasted, what goes past it is cut at once."""

    def cut() -> None:
        document = edit.document()
        if document.characterCount() - 1 <= limit:  # characterCount counts the final paragraph mark
            return
        cursor = QTextCursor(document)
        cursor.setPosition(limit)
        cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()  # emits textChanged once more, now within the cap

    edit.textChanged.connect(cut)
    edit.setProperty("bounded", limit)
    return edit
