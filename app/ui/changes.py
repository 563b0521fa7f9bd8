"""The "What changed" view: records added, removed and changed field by field between two registries."""

from __future__ import annotations

import html
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QModelIndex, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ..core.registry.diff import RecordChange, RegistryDiff
from ..core.registry.model import Record
from ..core.registry.search import fold
from ..core.text.catalogue import N_
from ..core.text.formats import format_number
from . import a11y
from .bounded import SEARCH_MAX, bound
from .i18n import shown_date
from .table_model import Column, RowTableModel, text_key

__all__ = ["ChangeRow", "ChangesDialog", "change_rows"]

#: The kinds of change the filter offers ("" is all of them); their labels are made in ChangesDialog._kind_label.
KINDS = ("", "added", "removed", "changed")
#: The kind of a row as its cell shows it.
_KIND_CELL = {"added": N_("added"), "removed": N_("removed"), "changed": N_("changed")}


@dataclass(frozen=True, slots=True)
class ChangeRow:
    """One row of the view: a record added, removed or changed, with its search key."""

    kind: str
    record: Record
    change: RecordChange | None
    fields: str
    key: str


def change_rows(diff: RegistryDiff) -> list[ChangeRow]:
    """Return one row per added, removed and changed record, in that order."""
    rows = []
    for kind, records in (("added", diff.added), ("removed", diff.removed)):
        for rec in records:
            whole = QCoreApplication.translate("ChangesDialog", "(whole record)")
            rows.append(ChangeRow(kind, rec, None, whole, fold(f"{rec.type} {rec.code} {rec.description}")))
    for ch in diff.changed:
        names = ", ".join(f.name for f in ch.changes)
        values = " ".join(" ".join(f.old + f.new) for f in ch.changes)
        key = fold(f"{ch.new.type} {ch.new.code} {ch.new.description} {names} {values}")
        rows.append(ChangeRow("changed", ch.new, ch, names, key))
    return rows


_COLUMNS: tuple[Column[ChangeRow], ...] = (
    Column(N_("Change"), lambda r: QCoreApplication.translate("ChangesDialog", _KIND_CELL[r.kind])),
    Column(N_("Type"), lambda r: r.record.type),
    Column(N_("Code"), lambda r: r.record.code),
    Column(N_("Fields"), lambda r: r.fields, tooltip=lambda r: r.fields),
    Column(N_("Description"), lambda r: r.record.description, sort_key=lambda r: text_key(r.record.description)),
)


class ChangesDialog(QDialog):
    """Show a RegistryDiff: filter by kind and text; a row shows its fields old and new, and opens the record."""

    open_record_requested = Signal(str, str)  # (type, code) to show in the registry browser

    def __init__(self, diff: RegistryDiff, old_name: str, new_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ChangesDialog")
        self.setWindowTitle(
            self.tr("What changed: {old} → {new}").format(
                old=shown_date(diff.old_file_date), new=shown_date(diff.new_file_date)
            )
        )
        self.diff = diff
        self._rows = change_rows(diff)
        if diff.is_empty:
            header = self.tr(
                "<b>{old}</b> (File-Date {old_date}) → <b>{new}</b> (File-Date {new_date}): {added} added, "
                "{removed} removed, {changed} changed. The two registries hold the same records."
            )
        else:
            header = self.tr(
                "<b>{old}</b> (File-Date {old_date}) → <b>{new}</b> (File-Date {new_date}): {added} added, "
                "{removed} removed, {changed} changed."
            )
        self.header = QLabel(
            header.format(
                old=html.escape(old_name),
                old_date=diff.old_file_date,
                new=html.escape(new_name),
                new_date=diff.new_file_date,
                added=format_number(len(diff.added)),
                removed=format_number(len(diff.removed)),
                changed=format_number(len(diff.changed)),
            )
        )
        self.header.setObjectName("changes_header")
        self.header.setWordWrap(True)
        self.header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.filter_edit = QLineEdit(placeholderText=self.tr("Filter by code, type, description, field or value…"))
        bound(self.filter_edit, SEARCH_MAX)
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setAccessibleName(self.tr("Filter the changes"))
        self.kind_combo = QComboBox()
        self.kind_combo.setAccessibleName(self.tr("Kind of change"))
        for value in KINDS:
            self.kind_combo.addItem(self._kind_label(value), value)
        self.count_label = QLabel()
        self.count_label.setObjectName("changes_count")
        filters = QHBoxLayout()
        filters.addWidget(self.filter_edit, 1)
        filters.addWidget(a11y.buddy(QLabel(self.tr("Kind:")), self.kind_combo))
        filters.addWidget(self.kind_combo)
        filters.addWidget(self.count_label)

        self.model: RowTableModel[ChangeRow] = RowTableModel(_COLUMNS, parent=self)
        self.table = QTableView()
        self.table.setObjectName("changes_table")
        self.table.setAccessibleName(self.tr("Changed records"))
        self.table.setModel(self.model)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table; arrows move inside it
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSortingEnabled(True)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.setToolTip(self.tr("Double-click or press Enter to open the record in the registry browser"))
        self.details = QTextBrowser()
        self.details.setObjectName("changes_details")
        self.details.setAccessibleName(self.tr("The change, field by field"))
        self.open_button = QPushButton(self.tr("&Open record"))
        self.open_button.setToolTip(self.tr("Show this record in the registry browser"))
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.close)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.open_button)
        buttons.addWidget(close)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.table)
        splitter.addWidget(self.details)
        splitter.setSizes([620, 420])
        layout = QVBoxLayout(self)
        layout.addWidget(self.header)
        layout.addLayout(filters)
        layout.addWidget(splitter, 1)
        layout.addLayout(buttons)
        self.resize(1060, 640)

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(80)
        self._timer.timeout.connect(self.refresh)
        self.filter_edit.textChanged.connect(self._timer.start)
        self.kind_combo.currentIndexChanged.connect(self.refresh)
        self.table.selectionModel().currentRowChanged.connect(self._on_table_current_row_changed)
        self.table.activated.connect(self._on_table_activated)
        self.open_button.clicked.connect(self._on_open_button_clicked)
        self.refresh()
        for col, width in enumerate((80, 110, 110, 200)):
            self.table.setColumnWidth(col, width)

    def _kind_label(self, kind: str) -> str:
        # "Added" here names records added to the registry; the registry table's column "Added" is a date, and
        # translations differ (Japanese 追加 / 追加日): the context keeps the two apart.
        return {
            "": self.tr("All changes"),
            "added": self.tr("Added", "kind of change: records added to the registry"),
            "removed": self.tr("Removed"),
            "changed": self.tr("Changed"),
        }[kind]

    def rows(self) -> list[ChangeRow]:
        """Return the rows the table shows, in display order."""
        return self.model.rows()

    def refresh(self) -> None:
        """Apply the text and kind filters now."""
        self._timer.stop()
        kind = self.kind_combo.currentData() or ""
        words = fold(self.filter_edit.text()).split()
        shown = [r for r in self._rows if (not kind or r.kind == kind) and all(w in r.key for w in words)]
        self.model.set_rows(shown)
        self.count_label.setText(
            self.tr("{shown} of {count}").format(shown=format_number(len(shown)), count=format_number(len(self._rows)))
        )
        if shown:
            self.table.selectRow(0)
        else:
            self.details.setHtml(self.tr("<p><i>No change matches.</i></p>"))
        self.open_button.setEnabled(bool(shown))

    def current_row(self) -> ChangeRow | None:
        """Return the selected row, or None."""
        index = self.table.currentIndex()
        return self.model.row_at(index.row()) if index.isValid() else None

    def _on_table_current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self.details.setHtml(_details_html(self.model.row_at(current.row()), self.diff))

    def _on_table_activated(self, _index: QModelIndex) -> None:
        self._on_open_button_clicked()

    def _on_open_button_clicked(self) -> None:
        row = self.current_row()
        if row is not None:
            self.open_record_requested.emit(row.record.type, row.record.code)


def _details_html(row: ChangeRow, diff: RegistryDiff) -> str:
    e = html.escape
    rec = row.record
    out = [f"<h3>{e(rec.type)} <b>{e(rec.code)}</b>: {e(rec.description)}</h3>"]
    if row.change is None:
        when = diff.new_file_date if row.kind == "added" else diff.old_file_date
        if row.kind == "added":
            only = QCoreApplication.translate(
                "ChangesDialog", "<p><b>Added</b> (present only in the registry of {date}):</p>"
            )
        else:
            only = QCoreApplication.translate(
                "ChangesDialog", "<p><b>Removed</b> (present only in the registry of {date}):</p>"
            )
        out.append(only.format(date=e(when)) + "<table>")
        out += [f"<tr><td><b>{e(k)}</b></td><td>{e(v)}</td></tr>" for k, v in rec.fields]
        out.append("</table>")
        return "".join(out)
    field = QCoreApplication.translate("ChangesDialog", "Field")
    out.append(f"<table cellpadding='3'><tr><th>{field}</th><th>{e(diff.old_file_date)}</th>"
               f"<th>{e(diff.new_file_date)}</th></tr>")  # fmt: skip
    for f in row.change.changes:
        none = QCoreApplication.translate("ChangesDialog", "<i>(none)</i>")
        old = "<br>".join(e(v) for v in f.old) or none
        new = "<br>".join(e(v) for v in f.new) or none
        out.append(f"<tr><td valign='top'><b>{e(f.name)}</b></td><td valign='top'>{old}</td>"
                   f"<td valign='top'>{new}</td></tr>")  # fmt: skip
    out.append("</table>")
    return "".join(out)
