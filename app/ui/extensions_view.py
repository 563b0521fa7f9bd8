"""The Language Tag Extensions Registry (RFC 5646 §3.7), browsable: each singleton with every field."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, QModelIndex, Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ..core.registry.extensions import ExtensionRecord, ExtensionsRegistry
from ..core.text.catalogue import N_, ngettext
from ..core.text.formats import format_number
from .picker import translated_columns
from .table_model import Column, RowTableModel

__all__ = ["ExtensionsDialog", "open_external"]

_COLUMNS: tuple[Column[ExtensionRecord], ...] = (
    Column(N_("Singleton"), lambda r: r.identifier),
    Column(N_("Description"), lambda r: "; ".join(r.descriptions)),
    Column("RFC", lambda r: r.rfc or ""),
    Column(N_("Authority"), lambda r: r.authority or ""),
    Column(N_("Added"), lambda r: r.added or ""),
)


def open_external(url: str) -> bool:
    """Open an http(s) address in the user's browser (only ever called from a click)."""
    if not url.startswith(("http://", "https://")):
        return False
    return bool(QDesktopServices.openUrl(QUrl(url)))


class ExtensionsDialog(QDialog):
    """List the registered extension singletons; the chosen one shows every field, URLs open on click."""

    def __init__(self, extensions: ExtensionsRegistry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ExtensionsDialog")
        self.setWindowTitle(self.tr("Language Tag Extensions Registry"))
        self.extensions = extensions
        intro = ngettext(
            "The IANA Language Tag Extensions Registry (RFC 5646 §3.7), File-Date {date}: {count} registered "
            "singleton. Source: {source}",
            "The IANA Language Tag Extensions Registry (RFC 5646 §3.7), File-Date {date}: {count} registered "
            "singletons. Source: {source}",
            len(extensions),
        ).format(
            date=html.escape(extensions.file_date),
            count=format_number(len(extensions)),
            source=html.escape(extensions.source),
        )
        header = QLabel(intro)
        header.setWordWrap(True)
        self.model: RowTableModel[ExtensionRecord] = RowTableModel(
            translated_columns(_COLUMNS), extensions.records, parent=self
        )
        self.table = QTableView()
        self.table.setObjectName("extensions_table")
        self.table.setAccessibleName(self.tr("Registered extensions"))
        self.table.setModel(self.model)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table; arrows move inside it
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        # The Description takes the room the short columns leave, and wraps rather than cut a description short.
        head = self.table.horizontalHeader()
        head.setStretchLastSection(False)
        for col in range(self.model.columnCount()):
            mode = QHeaderView.ResizeMode.Stretch if col == 1 else QHeaderView.ResizeMode.ResizeToContents
            head.setSectionResizeMode(col, mode)
        self.table.setWordWrap(True)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.details = QTextBrowser()
        self.details.setObjectName("extension_details")
        self.details.setAccessibleName(self.tr("Fields of the chosen extension"))
        self.details.setToolTip(self.tr("Every field of the chosen extension; its URLs open in your web browser"))
        self.details.setOpenLinks(False)
        self.details.anchorClicked.connect(self._on_details_anchor_clicked)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(self.details)
        splitter.setSizes([160, 360])
        layout = QVBoxLayout(self)
        layout.addWidget(header)
        layout.addWidget(splitter, 1)
        self.table.selectionModel().currentRowChanged.connect(self._on_table_current_row_changed)
        self.resize(820, 600)
        if len(extensions):
            self.table.selectRow(0)

    def _on_table_current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self.details.setHtml(extension_html(self.model.row_at(current.row())))

    def _on_details_anchor_clicked(self, url: QUrl) -> None:
        open_external(url.toString())


def extension_html(rec: ExtensionRecord) -> str:
    """Return every field of *rec* as rich text; URL and e-mail fields are links."""
    e = html.escape
    rows = []
    for name, value in rec.fields:
        shown = e(value)
        if name == "URL" or value.startswith(("http://", "https://")):
            shown = f'<a href="{e(value, quote=True)}">{e(value)}</a>'
        rows.append(f"<tr><td valign='top'><b>{e(name)}</b></td><td>{shown}</td></tr>")
    title = QCoreApplication.translate("ExtensionsDialog", "{singleton} extension").format(
        singleton=f"-{e(rec.identifier)}-"
    )
    return f"<h3>{title}</h3><table cellpadding='3'>{''.join(rows)}</table>"
