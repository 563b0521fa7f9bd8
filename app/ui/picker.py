"""A keyboard-first picker: type to filter, arrows to move, Enter to choose; over a core ChoiceIndex.

The list is a RowTableModel over the core's Choice values; filtering runs in the core on search keys
made once (no QSortFilterProxyModel), fast enough to run on every keystroke without a debounce
(``benchmarks/bench_build.py`` measures it). Greyed choices (a variant whose Prefix is not met) stay
visible with their reason; Enter on one says why it is not offered instead of choosing it.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ..core.build.choices import Choice, ChoiceIndex
from . import a11y
from .bounded import SEARCH_MAX, bound
from .elided import ElidedLabel
from .table_model import Column, RowTableModel

__all__ = ["CHOICE_COLUMNS", "ChoicePicker"]


def _grey(row: Choice, palette: QPalette) -> QColor | None:
    return None if row.enabled else palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)


def _italic_if_greyed(row: Choice) -> QFont | None:
    if row.enabled and not row.deprecated:
        return None
    font = QFont()
    font.setItalic(not row.enabled)
    font.setStrikeOut(row.deprecated)
    return font


def _tip(row: Choice) -> str:
    return f"{row.label}\n{row.mark}\n\n{row.detail}".strip() if row.detail else row.label


CHOICE_COLUMNS: tuple[Column[Choice], ...] = (
    Column("Code", lambda r: r.code, tooltip=_tip, foreground=_grey, font=_italic_if_greyed),
    Column("Name", lambda r: r.name, tooltip=_tip, foreground=_grey),
    Column("Note", lambda r: r.mark, tooltip=_tip, foreground=_grey),
)

_MOVES = {
    Qt.Key.Key_Down: 1,
    Qt.Key.Key_Up: -1,
    Qt.Key.Key_PageDown: 10,
    Qt.Key.Key_PageUp: -10,
}


class ChoicePicker(QWidget):
    """A filter field over a list of choices; emits ``chosen`` with the Choice the user picked."""

    chosen = Signal(object)  # Choice
    refused = Signal(object)  # a greyed Choice the user tried to pick

    def __init__(self, what: str, placeholder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.what = what
        self._index = ChoiceIndex(())
        self._in_tag: str | None = None
        self.filter_edit = QLineEdit(self)
        bound(self.filter_edit, SEARCH_MAX)
        self.filter_edit.setPlaceholderText(placeholder)
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setAccessibleName(f"Filter {what}")
        self.filter_edit.setToolTip(f"Type a code or a name to filter the {what}; ↑/↓ move, Enter chooses")
        self.model: RowTableModel[Choice] = RowTableModel(CHOICE_COLUMNS, palette=self.palette(), parent=self)
        self.view = QTableView(self)
        self.view.setModel(self.model)
        self.view.setAccessibleName(what.capitalize())
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setTabKeyNavigation(False)
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.view.setWordWrap(False)
        self.view.setShowGrid(False)
        header = self.view.horizontalHeader()
        # Code fits its longest code, the name takes what the note leaves (a note is at most ~40% wide).
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        header.resizeSection(0, self.fontMetrics().horizontalAdvance("qaa..qtz") + 18)
        self.count_label = QLabel(self)
        a11y.verdict(self.count_label, f"Number of {what} shown")
        self.detail_label = ElidedLabel(self)
        a11y.verdict(self.detail_label, f"About the chosen {what}")
        self.detail_label.setMinimumWidth(80)
        bottom = QHBoxLayout()
        bottom.addWidget(self.detail_label, 1)
        bottom.addWidget(self.count_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.view, 1)
        layout.addLayout(bottom)
        self.filter_edit.textChanged.connect(self._on_filter_edit_text_changed)
        self.filter_edit.returnPressed.connect(self.choose_current)
        self.view.activated.connect(self._on_view_activated)
        self.view.selectionModel().currentRowChanged.connect(self._on_view_current_row_changed)
        self.filter_edit.installEventFilter(self)

    # ------------------------------------------------------------------ API
    def set_index(self, index: ChoiceIndex) -> None:
        """Show the choices of *index*, filtered by the current text."""
        self._index = index
        self.refilter()

    def refilter(self) -> None:
        """Filter the choices by the text of the filter field and select the best one."""
        rows = self._index.filter(self.filter_edit.text())
        self.model.set_rows(rows)
        total = len(self._index)
        shown = f"{len(rows):,} of {total:,}" if len(rows) != total else f"{total:,}"
        self.count_label.setText(f"{shown} {self.what}")
        if rows:
            self.view.setCurrentIndex(self.model.index(0, 0))
            self.view.scrollToTop()
            if not self.filter_edit.text() and self._in_tag:
                self.set_current(self._in_tag)

    def set_current(self, code: str | None) -> None:
        """With an empty filter, make the row of *code* (the tag's subtag at this position) the current one."""
        self._in_tag = code.lower() if code else None
        if self.filter_edit.text() or not code:
            return
        low = code.lower()
        for row, choice in enumerate(self.model.rows()):
            if choice.target.lower() == low or choice.code.lower() == low:
                index = self.model.index(row, 0)
                self.view.setCurrentIndex(index)
                if row < 5:  # the first rows (likely, suppressed) stay in view
                    self.view.scrollToTop()
                else:
                    self.view.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtCenter)
                return

    def all_choices(self) -> tuple[Choice, ...]:
        """Return every choice, whatever the filter."""
        return self._index.choices

    def current_choice(self) -> Choice | None:
        """Return the choice of the current row, or None."""
        index = self.view.currentIndex()
        return self.model.row_at(index.row()) if index.isValid() else None

    def choose_current(self) -> bool:
        """Choose the current row (emit ``chosen``), or say why a greyed one cannot be chosen."""
        choice = self.current_choice()
        if choice is None:
            return False
        if not choice.enabled:
            self.refused.emit(choice)
            return False
        self.chosen.emit(choice)
        return True

    def focus_filter(self) -> None:
        """Put the keyboard focus in the filter field, its text selected."""
        self.filter_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter_edit.selectAll()

    # ---------------------------------------------------------------- events
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Move through the list with the arrow keys while the focus stays in the filter field."""
        if watched is self.filter_edit and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            step = _MOVES.get(Qt.Key(event.key()))
            if step is not None and not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
                self._move(step)
                return True
        return super().eventFilter(watched, event)

    def _move(self, step: int) -> None:
        n = self.model.rowCount()
        if not n:
            return
        row = self.view.currentIndex().row()
        row = 0 if row < 0 else max(0, min(n - 1, row + step))
        index = self.model.index(row, 0)
        self.view.setCurrentIndex(index)
        self.view.scrollTo(index)

    def _on_view_current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        choice = self.model.row_at(current.row()) if current.isValid() else None
        if choice is None:
            detail = ""
        else:
            mark = f" ({choice.mark})" if choice.mark else ""
            detail = f"{choice.label}{mark}. {choice.detail}".strip()
        self.detail_label.setToolTip(detail)
        self.detail_label.setText(detail)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Give the note column its share of the new width."""
        super().resizeEvent(event)
        self.view.horizontalHeader().resizeSection(2, max(120, int(event.size().width() * 0.4)))

    def _on_filter_edit_text_changed(self, _text: str) -> None:
        self.refilter()

    def _on_view_activated(self, index: QModelIndex) -> None:
        self.view.setCurrentIndex(index)
        self.choose_current()
