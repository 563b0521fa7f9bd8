"""The one-line tag editor and the highlighter that paints the engine's spans on it.

The highlighter never looks for subtags itself: it asks for the engine's CheckResult of the text, lets
``core.highlight.highlight_runs`` lay the subtag and diagnostic spans over it, and only paints each run
(role colour, severity underline, non-ASCII tint). Runs are in Python string indices; Qt counts UTF-16
code units, so a non-BMP character (an emoji pasted into the editor) is two Qt positions wide.
``Utf16Map`` converts both ways.
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_right
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QMimeData, QPoint, QRect, QRectF, QSizeF, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QContextMenuEvent,
    QFocusEvent,
    QFontMetricsF,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPalette,
    QPen,
    QPyTextObject,
    QSyntaxHighlighter,
    QTextBlock,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QTextOption,
)
from PySide6.QtWidgets import QFrame, QPlainTextEdit, QSizePolicy, QToolTip, QWidget

from ..core.engine.tag import CheckResult
from ..core.grammar.highlight import highlight_runs, visible_span
from ..core.grammar.values import Role, Severity
from ..core.text.catalogue import ngettext
from ..core.text.formats import format_number
from .i18n import keep_left_to_right
from .roles import role_format, severity_colour, severity_style
from .visible import badge_text, is_invisible

__all__ = ["MAX_TEXT", "ControlBadges", "TagHighlighter", "TagLineEdit", "Utf16Map", "block_text", "clean_pasted"]

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
        return "", (_tr("Ignored pasted text that held only spaces or line breaks.") if text else None)
    first = lines[0]
    notes = []
    if len(lines) > 1:
        shown = first if len(first) <= 40 else first[:37] + "..."
        note = ngettext(
            "The pasted text had {count} line; kept the first one ({shown}).",
            "The pasted text had {count} lines; kept the first one ({shown}).",
            len(lines),
        )
        notes.append(note.format(count=format_number(len(lines)), shown=shown))
    if len(first) > MAX_TEXT:
        notes.append(_tr("The line was {length} characters long; kept the first {kept} (a language tag "
                         "is rarely longer than a few dozen).").format(
            length=format_number(len(first)), kept=format_number(MAX_TEXT)))  # fmt: skip
        first = first[:MAX_TEXT]
    if notes:
        return first, " ".join(notes)
    if first != text:
        return first, _tr("Removed spaces and line breaks around the pasted text.")
    return first, None


def _tr(text: str) -> str:
    return QCoreApplication.translate("TagLineEdit", text)


#: The text-object type of a badge, and the property holding the character it stands for.
BADGE_OBJECT = int(QTextFormat.ObjectTypes.UserObject) + 1
_BADGE_CHAR = int(QTextFormat.Property.UserProperty) + 1
_OBJECT_CHAR = "\ufffc"


def block_text(block: QTextBlock) -> str:
    """Return the text of *block* with each badge turned back into the character it stands for."""
    text = block.text()
    if _OBJECT_CHAR not in text:
        return text
    chars = list(text)
    it = block.begin()
    while not it.atEnd():
        fragment = it.fragment()
        fmt = fragment.charFormat()
        if fmt.objectType() == BADGE_OBJECT:
            start = fragment.position() - block.position()
            for i in range(start, start + fragment.length()):
                if chars[i] == _OBJECT_CHAR:
                    chars[i] = str(fmt.property(_BADGE_CHAR))
        it += 1
    return "".join(chars)


class ControlBadges(QPyTextObject):
    """Draw an invisible or bidi control character as a small framed name (RLO, ZWSP, NUL) in the text.

    The document holds U+FFFC with the real character in its format, so the control never takes part in the
    layout: ``\u202een-US`` displays as [RLO]en-US, not reversed. ``block_text`` gives the real text back.
    """

    def __init__(self, editor: QPlainTextEdit) -> None:
        super().__init__(editor)
        self._editor = editor

    def intrinsicSize(self, doc: QTextDocument, pos: int, fmt: QTextFormat) -> QSizeF:
        """Return the size of the badge: its name in a smaller font, framed."""
        metrics = self._editor.fontMetrics()
        name = badge_text(str(fmt.property(_BADGE_CHAR)) or "?")
        font = self._editor.font()
        font.setPointSizeF(font.pointSizeF() * 0.7)
        width = QFontMetricsF(font).horizontalAdvance(name) + 6
        return QSizeF(width, metrics.ascent())

    def drawObject(
        self, painter: QPainter, rect: QRectF | QRect, doc: QTextDocument, pos: int, fmt: QTextFormat
    ) -> None:
        """Draw the framed name."""
        name = badge_text(str(fmt.property(_BADGE_CHAR)) or "?")
        colour = severity_colour(Severity.ERROR, self._editor.palette())
        painter.save()
        font = self._editor.font()
        font.setPointSizeF(font.pointSizeF() * 0.7)
        painter.setFont(font)
        painter.setPen(QPen(colour, 1))
        box = QRectF(rect)
        painter.drawRoundedRect(box.adjusted(0.5, 0.5, -0.5, -0.5), 3, 3)
        painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), name)
        painter.restore()


def _badge_format(ch: str) -> QTextCharFormat:
    fmt = QTextCharFormat()
    fmt.setObjectType(BADGE_OBJECT)
    fmt.setProperty(_BADGE_CHAR, ch)
    fmt.setToolTip(_tr("{code}: an invisible character, shown by its name").format(code=f"U+{ord(ch):04X}"))
    return fmt


def insert_shown(cursor: QTextCursor, text: str) -> None:
    """Insert *text* at *cursor*, each invisible BMP character as a badge, the rest as plain text."""
    plain = QTextCharFormat()
    run: list[str] = []
    for ch in text:
        if is_invisible(ch) and ord(ch) < 0x10000:
            if run:
                cursor.insertText("".join(run), plain)
                run = []
            cursor.insertText(_OBJECT_CHAR, _badge_format(ch))
        else:
            run.append(ch)
    if run or not text:
        cursor.insertText("".join(run), plain)


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
        text = block_text(self.currentBlock())  # badges stand for the characters the engine must see
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
    record_requested_at = Signal(int)  # Python index of the character whose record was asked for (Ctrl+click, menu)
    focus_left = Signal()
    palette_changed = Signal()  # after this widget's own palette changed (light/dark switch)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        keep_left_to_right(self)  # a tag reads left to right in an Arabic window too (issue 25)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setWordWrapMode(QTextOption.WrapMode.NoWrap)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTabChangesFocus(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName(self.tr("Language tag"))
        self.setToolTip(
            self.tr(
                "Type or paste a language tag; hover a subtag for its role and problems, Ctrl+click it (or use "
                "the context menu) to see its registry record beside the subtags table"
            )
        )
        self.setPlaceholderText(self.tr("Type a language tag, e.g. sr-Latn-RS or de-DE-u-co-phonebk"))
        self.document().undoCommandAdded.connect(self._on_document_undo_command_added)
        self._tooltip_for: Callable[[int], str] | None = None
        self._badges = ControlBadges(self)
        self.document().documentLayout().registerHandler(BADGE_OBJECT, self._badges)
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
        """Return the text (always one line), with the real characters behind the badges."""
        return block_text(self.document().firstBlock())

    def set_text(self, text: str) -> None:
        """Replace the text as one undoable edit, keeping it to one line, and put the caret at the end."""
        text = " ".join(text.splitlines())[:MAX_TEXT]
        if text == self.text():
            return
        cursor = QTextCursor(self.document())
        cursor.beginEditBlock()
        cursor.select(QTextCursor.SelectionType.Document)
        cursor.removeSelectedText()
        insert_shown(cursor, text)
        cursor.endEditBlock()
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
        """Commit on Enter instead of starting a new line; typed controls become badges."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.return_pressed.emit()
            event.accept()
            return
        typed = event.text()
        # Keys such as Backspace and Tab carry control characters (Cc) as text: only Cf/Z* input is typed text.
        if typed and any(map(is_invisible, typed)) and not any(unicodedata.category(c) == "Cc" for c in typed):
            cursor = self.textCursor()
            insert_shown(cursor, typed)
            self.setTextCursor(cursor)
            event.accept()
            return
        cursor = self.textCursor()
        if typed.isprintable() and typed and cursor.charFormat().objectType() == BADGE_OBJECT:
            # Typed just after a badge, the text would take the badge's format: insert it as plain text.
            cursor.insertText(typed, QTextCharFormat())
            self.setTextCursor(cursor)
            event.accept()
            return
        super().keyPressEvent(event)

    def createMimeDataFromSelection(self) -> QMimeData:
        """Copy the real characters behind the badges, not U+FFFC."""
        data = QMimeData()
        cursor = self.textCursor()
        start, end = cursor.selectionStart(), cursor.selectionEnd()
        data.setText(self.text()[Utf16Map(self.text()).to_py(start) : Utf16Map(self.text()).to_py(end)])
        return data

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
            limit = self.tr("The editor holds at most {count} characters.").format(count=format_number(MAX_TEXT))
            note = (note + " " if note else "") + limit
        if cleaned:
            insert_shown(cursor, cleaned)
            self.setTextCursor(cursor)
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
        """Place the caret as every text field does; Ctrl+click asks for the record of the subtag under the mouse."""
        super().mouseReleaseEvent(event)
        # A plain click only moves the caret: showing a record is an explicit gesture, never a side effect.
        ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if ctrl and event.button() == Qt.MouseButton.LeftButton and self.toPlainText():
            self.record_requested_at.emit(self.index_at(event.position().toPoint()))

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """Offer "Show the record of this subtag" above the usual editing entries."""
        menu = self.createStandardContextMenu()
        if self.toPlainText():
            index = self.index_at(event.pos())  # the scroll area hands on the viewport's event and position
            action = QAction(self.tr("Show the subtag's &record (Ctrl+click)"), menu)
            action.triggered.connect(lambda _checked=False, i=index: self.record_requested_at.emit(i))
            actions = menu.actions()
            if actions:
                menu.insertAction(actions[0], action)
                menu.insertSeparator(actions[0])
            else:
                menu.addAction(action)
        menu.exec(event.globalPos())
        menu.deleteLater()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        """Tell the pane that editing paused (to remember the tag in the history)."""
        super().focusOutEvent(event)
        self.focus_left.emit()
