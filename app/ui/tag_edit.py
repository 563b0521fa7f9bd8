"""The one-line tag editor and the highlighter that paints the engine's spans on it.

The highlighter never looks for subtags itself: it asks for the engine's CheckResult of the text, lets
``core.highlight.highlight_runs`` lay the subtag and diagnostic spans over it, and only paints each run
(role colour, severity underline, non-ASCII tint). Runs are in Python string indices; Qt counts UTF-16
code units, so a non-BMP character (an emoji pasted into the editor) is two Qt positions wide.
``Utf16Map`` converts both ways.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable

from PySide6.QtCore import QEvent, QMimeData, QPoint, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPalette,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextOption,
)
from PySide6.QtWidgets import QFrame, QPlainTextEdit, QSizePolicy, QToolTip, QWidget

from ..core.highlight import highlight_runs, visible_span
from ..core.tag import CheckResult
from ..core.tagvalues import Role, Severity
from .roles import role_format, severity_colour, severity_style

__all__ = ["MAX_TEXT", "TagHighlighter", "TagLineEdit", "Utf16Map", "clean_pasted"]

#: The most text the one-line editor takes; more is cut, with a note. No language tag comes near it,
#: and a megabyte pasted by mistake must not keep the editor busy for a minute.
MAX_TEXT = 10_000


class Utf16Map:
    """Convert between Python string indices and Qt's UTF-16 positions for one text."""

    __slots__ = ("_py_to_q", "_q_starts")

    def __init__(self, text: str) -> None:
        if all(ord(c) < 0x10000 for c in text):
            self._py_to_q: list[int] | None = None
            self._q_starts: list[int] = []
            return
        table = [0]
        for c in text:
            table.append(table[-1] + (2 if ord(c) >= 0x10000 else 1))
        self._py_to_q = table
        self._q_starts = table

    def to_qt(self, index: int) -> int:
        """Return the UTF-16 position of Python index *index*."""
        if self._py_to_q is None:
            return index
        index = max(0, min(index, len(self._py_to_q) - 1))
        return self._py_to_q[index]

    def to_py(self, position: int) -> int:
        """Return the Python index of UTF-16 position *position* (the middle of a pair rounds down)."""
        if self._py_to_q is None:
            return position
        return max(0, bisect_right(self._q_starts, position) - 1)


def clean_pasted(text: str) -> tuple[str, str | None]:
    """Return pasted *text* made fit for a one-line editor, and a note saying what changed (or None).

    >>> clean_pasted("  en-US\\n")
    ('en-US', 'Removed spaces and line breaks around the pasted text.')
    >>> clean_pasted("de\\nfr")[1]
    'The pasted text had 2 lines; kept the first one (de).'
    """
    lines = [line.strip() for line in text.splitlines()]
    lines = [line for line in lines if line]
    if not lines:
        return "", ("Ignored pasted text that held only spaces or line breaks." if text else None)
    first = lines[0]
    notes = []
    if len(lines) > 1:
        shown = first if len(first) <= 40 else first[:37] + "..."
        notes.append(f"The pasted text had {len(lines)} lines; kept the first one ({shown}).")
    if len(first) > MAX_TEXT:
        notes.append(f"The line was {len(first):,} characters long; kept the first {MAX_TEXT:,} (a language tag "
                     "is rarely longer than a few dozen).")  # fmt: skip
        first = first[:MAX_TEXT]
    if notes:
        return first, " ".join(notes)
    if first != text:
        return first, "Removed spaces and line breaks around the pasted text."
    return first, None


class TagHighlighter(QSyntaxHighlighter):
    """Paint role colours and diagnostic underlines from the engine's spans."""

    def __init__(self, document: QTextDocument, result_for: Callable[[str], CheckResult], palette: QPalette) -> None:
        super().__init__(document)
        self._result_for = result_for
        self._palette = palette
        self._formats: dict[tuple[Role | None, Severity | None, bool], QTextCharFormat] = {}

    def set_palette(self, palette: QPalette) -> None:
        """Use the colours for *palette* (light or dark) from now on."""
        self._palette = palette
        self._formats.clear()
        self.rehighlight()

    def _format(self, role: Role | None, severity: Severity | None, foreign: bool) -> QTextCharFormat:
        key = (role, severity, foreign)
        fmt = self._formats.get(key)
        if fmt is None:
            fmt = role_format(role, self._palette) if role else QTextCharFormat()
            if severity:
                fmt.setUnderlineStyle(severity_style(severity).underline)
                fmt.setUnderlineColor(severity_colour(severity, self._palette))
            if foreign:
                # Non-ASCII characters get a tinted background so they stand out even when they look like ASCII.
                tint = QColor(severity_colour(Severity.ERROR, self._palette))
                tint.setAlpha(60)
                fmt.setBackground(tint)
            self._formats[key] = fmt
        return fmt

    def highlightBlock(self, text: str) -> None:
        """Paint *text* (the editor's only block) with the runs of its CheckResult."""
        if not text:
            return
        result = self._result_for(text)
        if not text.startswith(result.input):
            return
        # A very long text is checked (and painted) only at its start: the runs cover result.input.
        u16 = Utf16Map(result.input)
        for run in highlight_runs(result.input, result.subtags, result.diagnostics):
            q0 = u16.to_qt(run.start)
            self.setFormat(q0, u16.to_qt(run.end) - q0, self._format(run.role, run.severity, run.non_ascii))


class TagLineEdit(QPlainTextEdit):
    """A plain-text editor kept to one line: Enter commits, pasted line breaks and padding are trimmed."""

    return_pressed = Signal()
    paste_adjusted = Signal(str)  # a note saying how pasted text was changed
    clicked_at = Signal(int)  # Python index of the caret after a plain click
    focus_left = Signal()
    palette_changed = Signal()  # after this widget's own palette changed (light/dark switch)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setWordWrapMode(QTextOption.WrapMode.NoWrap)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTabChangesFocus(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName("Language tag")
        self.setToolTip(
            "Type or paste a language tag; hover a subtag for its role and problems, click it to see "
            "its registry record"
        )
        self.setPlaceholderText("Type a language tag, e.g. sr-Latn-RS or de-DE-u-co-phonebk")
        self.document().undoCommandAdded.connect(self._on_document_undo_command_added)
        self._tooltip_for: Callable[[int], str] | None = None
        font = self.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        self.setFont(font)
        self._fit_height()

    def _on_document_undo_command_added(self) -> None:
        from .bounded import UNDO_MAX

        doc = self.document()
        if doc.availableUndoSteps() > UNDO_MAX:  # bounded history (see bounded.UNDO_MAX)
            doc.clearUndoRedoStacks()

    def _fit_height(self) -> None:
        margin = self.document().documentMargin()
        height = self.fontMetrics().lineSpacing() + 2 * margin + 2 * self.frameWidth() + 4
        self.setFixedHeight(int(height))

    def changeEvent(self, event: QEvent) -> None:
        """Keep one line's height when the font changes; announce palette changes for the highlighter."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit_height()
        elif event.type() == QEvent.Type.PaletteChange:
            # Widgets learn of an application palette change one by one, in no fixed order: only this
            # widget's own event says that its palette (the one the highlighter paints for) is the new one.
            self.palette_changed.emit()

    def text(self) -> str:
        """Return the text (always one line)."""
        return self.toPlainText()

    def set_text(self, text: str) -> None:
        """Replace the text as one undoable edit, keeping it to one line, and put the caret at the end."""
        text = " ".join(text.splitlines())[:MAX_TEXT]
        if text == self.toPlainText():
            return
        cursor = QTextCursor(self.document())
        cursor.select(QTextCursor.SelectionType.Document)
        cursor.insertText(text)
        cursor.movePosition(QTextCursor.MoveOperation.End)
        self.setTextCursor(cursor)

    def select_span(self, start: int, end: int) -> None:
        """Select Python indices [start, end) and show them."""
        text = self.toPlainText()
        u16 = Utf16Map(text)
        start, end = visible_span(start, end, len(text))
        cursor = QTextCursor(self.document())
        cursor.setPosition(u16.to_qt(start))
        cursor.setPosition(u16.to_qt(end), QTextCursor.MoveMode.KeepAnchor)
        self.setTextCursor(cursor)
        self.ensureCursorVisible()

    def selected_span(self) -> tuple[int, int]:
        """Return the selection as Python indices [start, end)."""
        cursor = self.textCursor()
        u16 = Utf16Map(self.toPlainText())
        return u16.to_py(cursor.selectionStart()), u16.to_py(cursor.selectionEnd())

    def set_tooltip_provider(self, provider: Callable[[int], str]) -> None:
        """Use *provider* (Python index -> text) for hover tooltips."""
        self._tooltip_for = provider

    def index_at(self, pos: QPoint) -> int:
        """Return the Python index of the character under viewport point *pos*."""
        cursor = self.cursorForPosition(pos)
        text = self.toPlainText()
        index = Utf16Map(text).to_py(cursor.position())
        # cursorForPosition gives the nearest caret position; the character under the mouse is the one
        # whose left half or right half holds the point, so step back when the point is left of the caret.
        if index > 0 and self.cursorRect(cursor).center().x() > pos.x():
            index -= 1
        return min(index, max(0, len(text) - 1))

    # Qt overrides --------------------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Commit on Enter instead of starting a new line."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.return_pressed.emit()
            event.accept()
            return
        super().keyPressEvent(event)

    def canInsertFromMimeData(self, source: QMimeData) -> bool:
        """Accept anything that has text."""
        return source.hasText()

    def insertFromMimeData(self, source: QMimeData) -> None:
        """Insert pasted or dropped text trimmed to one line, and say what was trimmed."""
        cleaned, note = clean_pasted(source.text())
        cursor = self.textCursor()
        room = MAX_TEXT - (len(self.toPlainText()) - len(cursor.selectedText()))
        if len(cleaned) > room:  # the whole text stays within MAX_TEXT, not just the pasted part
            cleaned = cleaned[: max(room, 0)]
            note = (note + " " if note else "") + f"The editor holds at most {MAX_TEXT:,} characters."
        if cleaned:
            cursor.insertText(cleaned)
        if note:
            self.paste_adjusted.emit(note)

    def viewportEvent(self, event: QEvent) -> bool:
        """Show the role and the problems of the character under the mouse as a tooltip."""
        # QAbstractScrollArea routes the viewport's tooltip events here, not through event().
        if event.type() == QEvent.Type.ToolTip and self._tooltip_for is not None and isinstance(event, QHelpEvent):
            text = self._tooltip_for(self.index_at(event.pos())) if self.toPlainText() else ""
            text = text or self.toolTip()
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        """Report a plain click (not a drag selection) on a character."""
        super().mouseReleaseEvent(event)
        if event.button() == Qt.MouseButton.LeftButton and not self.textCursor().hasSelection() and self.toPlainText():
            self.clicked_at.emit(self.index_at(event.position().toPoint()))

    def focusOutEvent(self, event: QFocusEvent) -> None:
        """Tell the pane that editing paused (to remember the tag in the history)."""
        super().focusOutEvent(event)
        self.focus_left.emit()
