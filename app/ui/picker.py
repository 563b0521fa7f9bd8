"""A keyboard-first picker: type to filter, arrows to move, Enter to choose; over a core ChoiceIndex.

The list is a RowTableModel over the core's Choice values; filtering runs in the core on search keys
made once (no QSortFilterProxyModel), fast enough to run on every keystroke without a debounce
(``benchmarks/bench_build.py`` measures it). Greyed choices (a variant whose Prefix is not met) stay
visible with their reason; Enter on one says why it is not offered instead of choosing it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ..core.build.choices import Choice, ChoiceIndex
from ..core.text.catalogue import N_, _, ngettext
from ..core.text.formats import format_number
from . import a11y
from .bounded import SEARCH_MAX, bound
from .elided import ElidedLabel
from .table_model import Column, RowTableModel

__all__ = ["CHOICE_COLUMNS", "ChoicePicker", "translated_columns"]

T = TypeVar("T")


def translated_columns(columns: tuple[Column[T], ...]) -> tuple[Column[T], ...]:
    """Return *columns* with their headers (marked with N_ in a table built at import) in the UI language."""
    return tuple(replace(c, header=_(c.header), header_tip=_(c.header_tip) if c.header_tip else "") for c in columns)


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
    Column(N_("Code"), lambda r: r.code, tooltip=_tip, foreground=_grey, font=_italic_if_greyed),
    Column(N_("Name"), lambda r: r.name, tooltip=_tip, foreground=_grey),
    Column(N_("Note"), lambda r: r.mark, tooltip=_tip, foreground=_grey),
)

#: Each kind of picker's texts, whole (translated where shown): the filter field's name and tooltip, the
#: list's name, the count's and the detail's accessible names.
_TEXTS: dict[str, tuple[str, str, str, str, str]] = {
    "languages": (
        N_("Filter languages"),
        N_("Type a code or a name to filter the languages; ↑/↓ move, Enter chooses"),
        N_("Languages"),
        N_("Number of languages shown"),
        N_("About the chosen languages"),
    ),
    "scripts": (
        N_("Filter scripts"),
        N_("Type a code or a name to filter the scripts; ↑/↓ move, Enter chooses"),
        N_("Scripts"),
        N_("Number of scripts shown"),
        N_("About the chosen scripts"),
    ),
    "regions": (
        N_("Filter regions"),
        N_("Type a code or a name to filter the regions; ↑/↓ move, Enter chooses"),
        N_("Regions"),
        N_("Number of regions shown"),
        N_("About the chosen regions"),
    ),
    "variants": (
        N_("Filter variants"),
        N_("Type a code or a name to filter the variants; ↑/↓ move, Enter chooses"),
        N_("Variants"),
        N_("Number of variants shown"),
        N_("About the chosen variants"),
    ),
    "source languages": (
        N_("Filter source languages"),
        N_("Type a code or a name to filter the source languages; ↑/↓ move, Enter chooses"),
        N_("Source languages"),
        N_("Number of source languages shown"),
        N_("About the chosen source languages"),
    ),
    "source scripts": (
        N_("Filter source scripts"),
        N_("Type a code or a name to filter the source scripts; ↑/↓ move, Enter chooses"),
        N_("Source scripts"),
        N_("Number of source scripts shown"),
        N_("About the chosen source scripts"),
    ),
    "source regions": (
        N_("Filter source regions"),
        N_("Type a code or a name to filter the source regions; ↑/↓ move, Enter chooses"),
        N_("Source regions"),
        N_("Number of source regions shown"),
        N_("About the chosen source regions"),
    ),
    "source variants": (
        N_("Filter source variants"),
        N_("Type a code or a name to filter the source variants; ↑/↓ move, Enter chooses"),
        N_("Source variants"),
        N_("Number of source variants shown"),
        N_("About the chosen source variants"),
    ),
    "-t- field values": (
        N_("Filter -t- field values"),
        N_("Type a code or a name to filter the -t- field values; ↑/↓ move, Enter chooses"),
        N_("-t- field values"),
        N_("Number of -t- field values shown"),
        N_("About the chosen -t- field values"),
    ),
}


def _count_text(what: str, shown: int, total: int) -> str:
    """Return the picker's count: "12 of 300 languages", or "300 languages" when nothing is filtered out."""
    if what == "languages":
        whole = ngettext("{total} language", "{total} languages", total)
        part = ngettext("{shown} of {total} language", "{shown} of {total} languages", total)
    elif what == "scripts":
        whole = ngettext("{total} script", "{total} scripts", total)
        part = ngettext("{shown} of {total} script", "{shown} of {total} scripts", total)
    elif what == "regions":
        whole = ngettext("{total} region", "{total} regions", total)
        part = ngettext("{shown} of {total} region", "{shown} of {total} regions", total)
    elif what == "variants":
        whole = ngettext("{total} variant", "{total} variants", total)
        part = ngettext("{shown} of {total} variant", "{shown} of {total} variants", total)
    elif what == "source languages":
        whole = ngettext("{total} source language", "{total} source languages", total)
        part = ngettext("{shown} of {total} source language", "{shown} of {total} source languages", total)
    elif what == "source scripts":
        whole = ngettext("{total} source script", "{total} source scripts", total)
        part = ngettext("{shown} of {total} source script", "{shown} of {total} source scripts", total)
    elif what == "source regions":
        whole = ngettext("{total} source region", "{total} source regions", total)
        part = ngettext("{shown} of {total} source region", "{shown} of {total} source regions", total)
    elif what == "source variants":
        whole = ngettext("{total} source variant", "{total} source variants", total)
        part = ngettext("{shown} of {total} source variant", "{shown} of {total} source variants", total)
    elif what == "-t- field values":
        whole = ngettext("{total} -t- field value", "{total} -t- field values", total)
        part = ngettext("{shown} of {total} -t- field value", "{shown} of {total} -t- field values", total)
    else:
        whole, part = "{total}", "{shown} of {total}"
    text = whole if shown == total else part
    return text.format(shown=format_number(shown), total=format_number(total))


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
        texts = _TEXTS.get(what)
        name, tip, view_name, count_name, detail_name = (
            (_(t) for t in texts) if texts is not None else (what, what, what, what, what)
        )
        self.filter_edit.setAccessibleName(name)
        self.filter_edit.setToolTip(tip)
        self.model: RowTableModel[Choice] = RowTableModel(
            translated_columns(CHOICE_COLUMNS), palette=self.palette(), parent=self
        )
        self.view = QTableView(self)
        self.view.setModel(self.model)
        self.view.setAccessibleName(view_name)
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
        self.count_label = a11y.VerdictLabel(self)
        a11y.verdict(self.count_label, count_name)
        self.detail_label = ElidedLabel(self)
        a11y.verdict(self.detail_label, detail_name)
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
        # The code column fits the longest code (a -t- field such as 'm0-ungegn' is wider than 'qaa..qtz').
        longest = sorted((c.code for c in index.choices), key=len)[-8:]
        fm = self.view.fontMetrics()
        width = max([fm.horizontalAdvance(c) for c in [*longest, "qaa..qtz"]])
        header = self.view.horizontalHeader()
        header.resizeSection(0, max(header.sectionSize(0), width + 18))
        self.refilter()

    def refilter(self) -> None:
        """Filter the choices by the text of the filter field and select the best one."""
        rows = self._index.filter(self.filter_edit.text())
        self.model.set_rows(rows)
        total = len(self._index)
        self.count_label.setText(_count_text(self.what, len(rows), total))
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
            if choice.mark:
                detail = self.tr("{label} ({mark}). {detail}").format(
                    label=choice.label, mark=choice.mark, detail=choice.detail
                )
            else:
                detail = self.tr("{label}. {detail}").format(label=choice.label, detail=choice.detail)
            detail = detail.strip()
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
