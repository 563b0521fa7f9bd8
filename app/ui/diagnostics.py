"""The editor's list of problems: severity icon and name, message, and a button that applies the fix.

The list is a view over a RowTableModel of the engine's Diagnostic values (one column: the severity's icon
and the message, the code, span and fix in the tooltip).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QCoreApplication, QItemSelectionModel, QModelIndex, Signal
from PySide6.QtGui import QIcon, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QListView,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ..core.grammar.highlight import SEVERITY_RANK
from ..core.grammar.values import Diagnostic, Severity
from ..core.text.catalogue import ngettext
from ..core.text.formats import format_number
from . import a11y
from .i18n import ltr, with_isolated_quotes
from .roles import severity_icon, severity_style
from .table_model import Column, RowTableModel
from .visible import shown_message, shown_text

__all__ = ["DiagnosticsList"]


def _tr(text: str) -> str:
    return QCoreApplication.translate("DiagnosticsList", text)


def _problem_text(diag: Diagnostic) -> str:
    return _tr("{severity}: {message}").format(
        severity=severity_style(diag.severity).name.capitalize(),
        message=with_isolated_quotes(shown_message(diag.message)),
    )


def _problem_tip(diag: Diagnostic) -> str:
    tip = _tr("{severity} · {code} · characters {span}").format(
        severity=severity_style(diag.severity).name,
        code=diag.code,
        span=ltr(f"{format_number(diag.start)}–{format_number(diag.end)}"),
    )
    if diag.fix is not None:
        fix = _tr("Fix: {label} → {tag}").format(label=shown_message(diag.fix.label), tag=ltr(shown_text(diag.fix.tag)))
        tip += "\n" + fix
    return tip


class DiagnosticsList(QWidget):
    """List the engine's diagnostics; choosing one asks for its span, the button asks for its fix."""

    span_selected = Signal(int, int)  # Python indices [start, end) of the chosen diagnostic
    fix_requested = Signal(str)  # the whole corrected tag

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._icons: dict[Severity, QIcon] = {}
        self._empty_text = self.tr("No problems.")
        self.model: RowTableModel[Diagnostic] = RowTableModel(
            (Column(self.tr("Problem"), _problem_text, tooltip=_problem_tip, decoration=self._severity_icon),),
            parent=self,
        )
        self.list = QListView(self)
        self.list.setModel(self.model)
        self.list.setAccessibleName(self.tr("Problems"))
        self.list.setToolTip(
            self.tr("Problems with the tag: click one to select its span, Enter or double-click applies its fix")
        )
        self.list.setWordWrap(True)
        self.list.setUniformItemSizes(False)
        self.list.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.list.clicked.connect(self._on_list_clicked)
        self.list.selectionModel().currentRowChanged.connect(self._on_list_current_row_changed)
        self.list.activated.connect(self._on_list_activated)
        self.fix_button = QPushButton(self.tr("Apply fix"), self)
        self.fix_button.setEnabled(False)
        self.fix_button.setToolTip(self.tr("Replace the tag with the chosen problem's correction (Ctrl+Z undoes it)"))
        self.fix_button.setAccessibleName(self.tr("Apply the chosen problem's fix"))
        self.fix_button.clicked.connect(self._on_fix_button_clicked)
        self.summary = a11y.VerdictLabel(self)
        a11y.verdict(self.summary, self.tr("Problems summary"))
        self.summary.setWordWrap(True)
        # The fix button has its own row: its label names the fix and can be long.
        row = QHBoxLayout()
        row.addWidget(self.fix_button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary)
        layout.addWidget(self.list, 1)
        layout.addLayout(row)

    def set_diagnostics(self, diagnostics: Iterable[Diagnostic], lead: Diagnostic | None = None) -> None:
        """Show *diagnostics*, errors first, each in the engine's order within its severity.

        A *lead* (the repair, when it makes a valid tag and no problem's own fix does) is shown first and is
        the current row, so that "Apply fix" and Enter use it.
        """
        shown = sorted(diagnostics, key=lambda d: -SEVERITY_RANK[d.severity])
        if lead is not None:
            shown.insert(0, lead)
        self.model.set_rows(shown)
        if not shown:
            self.summary.setText(self._empty_text)
        else:
            fixable = sum(1 for d in shown if d.fix is not None)
            summary = ngettext(
                "{count} found, {fixable} with a fix; click one to select it.",
                "{count} found, {fixable} with a fix; click one to select it.",
                len(shown),
            )
            self.summary.setText(summary.format(count=format_number(len(shown)), fixable=format_number(fixable)))
        # The first problem that has a fix is the current one, so "Apply fix" works without a click first.
        first = next((i for i, d in enumerate(shown) if d.fix is not None), -1)
        if first >= 0:
            self.list.selectionModel().setCurrentIndex(
                self.model.index(first, 0), QItemSelectionModel.SelectionFlag.ClearAndSelect
            )
        self._update_button(self.list.currentIndex().row())

    def set_empty_text(self, text: str) -> None:
        """Say *text* when there are no problems (the empty editor explains what to type instead)."""
        self._empty_text = text
        if not self.model.rowCount():
            self.summary.setText(text)

    def diagnostics(self) -> list[Diagnostic]:
        """Return the diagnostics in display order."""
        return self.model.rows()

    def _diagnostic(self, row: int) -> Diagnostic | None:
        return self.model.row_at(row) if 0 <= row < self.model.rowCount() else None

    def _severity_icon(self, diag: Diagnostic, _palette: QPalette) -> QIcon:
        icon = self._icons.get(diag.severity)
        if icon is None:
            icon = self._icons[diag.severity] = severity_icon(diag.severity, self)
        return icon

    def _update_button(self, row: int) -> None:
        diag = self._diagnostic(row)
        fix = diag.fix if diag is not None else None
        self.fix_button.setEnabled(fix is not None)
        label = fix.label if fix is not None else self.tr("Apply fix")
        self.fix_button.setText(label if len(label) <= 48 else label[:47] + "…")
        self.fix_button.setToolTip(self.tr("Change the tag to {tag}").format(tag=ltr(fix.tag)) if fix is not None
                                   else self.tr("Choose a problem that has a fix"))  # fmt: skip

    def _on_list_clicked(self, index: QModelIndex) -> None:
        diag = self._diagnostic(index.row())
        if diag is not None:
            self.span_selected.emit(diag.start, diag.end)

    def _on_list_current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self._update_button(current.row())

    def _on_list_activated(self, index: QModelIndex) -> None:
        # Enter or double-click on a problem applies its fix when it has one.
        self._request_fix(index.row())

    def _on_fix_button_clicked(self) -> None:
        self._request_fix(self.list.currentIndex().row())

    def _request_fix(self, row: int) -> None:
        diag = self._diagnostic(row)
        if diag is not None and diag.fix is not None:
            self.fix_requested.emit(diag.fix.tag)

    def select_row(self, row: int) -> None:
        """Make *row* the current problem (as a click would) and ask for its span."""
        index = self.model.index(row, 0)
        self.list.setCurrentIndex(index)
        if index.isValid():
            self._on_list_clicked(index)
