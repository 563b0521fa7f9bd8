"""The editor's list of problems: severity icon and name, message, and a button that applies the fix."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ..core.highlight import SEVERITY_RANK
from ..core.tagvalues import Diagnostic
from .roles import severity_icon, severity_style

__all__ = ["DiagnosticsList"]


class DiagnosticsList(QWidget):
    """List the engine's diagnostics; choosing one asks for its span, the button asks for its fix."""

    span_selected = Signal(int, int)  # Python indices [start, end) of the chosen diagnostic
    fix_requested = Signal(str)  # the whole corrected tag

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._diagnostics: list[Diagnostic] = []
        self.list = QListWidget(self)
        self.list.setAccessibleName("Problems")
        self.list.setToolTip(
            "Problems with the tag: click one to select its span, Enter or double-click applies its fix"
        )
        self.list.setWordWrap(True)
        self.list.setUniformItemSizes(False)
        self.list.itemClicked.connect(self._on_list_item_clicked)
        self.list.currentRowChanged.connect(self._on_list_current_row_changed)
        self.list.itemActivated.connect(self._on_list_item_activated)
        self.fix_button = QPushButton("Apply fix", self)
        self.fix_button.setEnabled(False)
        self.fix_button.setToolTip("Replace the tag with the chosen problem's correction (Ctrl+Z undoes it)")
        self.fix_button.setAccessibleName("Apply the chosen problem's fix")
        self.fix_button.clicked.connect(self._on_fix_button_clicked)
        self.summary = QLabel(self)
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

    def set_diagnostics(self, diagnostics: Iterable[Diagnostic]) -> None:
        """Show *diagnostics*, errors first, each in the engine's order within its severity."""
        self._diagnostics = sorted(diagnostics, key=lambda d: -SEVERITY_RANK[d.severity])
        self.list.clear()
        for diag in self._diagnostics:
            style = severity_style(diag.severity)
            text = f"{style.name.capitalize()}: {diag.message}"
            item = QListWidgetItem(severity_icon(diag.severity, self), text)
            tip = f"{style.name} · {diag.code} · characters {diag.start}–{diag.end}"
            if diag.fix is not None:
                tip += f"\nFix: {diag.fix.label} → {diag.fix.tag}"
            item.setToolTip(tip)
            self.list.addItem(item)
        if not self._diagnostics:
            self.summary.setText("No problems.")
        else:
            fixable = sum(1 for d in self._diagnostics if d.fix is not None)
            self.summary.setText(f"{len(self._diagnostics)} found, {fixable} with a fix; click one to select it.")
        self._update_button(self.list.currentRow())

    def diagnostics(self) -> list[Diagnostic]:
        """Return the diagnostics in display order."""
        return list(self._diagnostics)

    def _update_button(self, row: int) -> None:
        diag = self._diagnostics[row] if 0 <= row < len(self._diagnostics) else None
        fix = diag.fix if diag is not None else None
        self.fix_button.setEnabled(fix is not None)
        label = fix.label if fix is not None else "Apply fix"
        self.fix_button.setText(label if len(label) <= 48 else label[:47] + "…")
        self.fix_button.setToolTip(f"Change the tag to {fix.tag}" if fix is not None
                                   else "Choose a problem that has a fix")  # fmt: skip

    def _on_list_item_clicked(self, item: QListWidgetItem) -> None:
        row = self.list.row(item)
        if 0 <= row < len(self._diagnostics):
            diag = self._diagnostics[row]
            self.span_selected.emit(diag.start, diag.end)

    def _on_list_current_row_changed(self, row: int) -> None:
        self._update_button(row)

    def _on_list_item_activated(self, item: QListWidgetItem) -> None:
        # Enter or double-click on a problem applies its fix when it has one.
        self._request_fix(self.list.row(item))

    def _on_fix_button_clicked(self) -> None:
        self._request_fix(self.list.currentRow())

    def _request_fix(self, row: int) -> None:
        fix = self._diagnostics[row].fix if 0 <= row < len(self._diagnostics) else None
        if fix is not None:
            self.fix_requested.emit(fix.tag)

    def select_row(self, row: int) -> None:
        """Make *row* the current problem (as a click would) and ask for its span."""
        self.list.setCurrentRow(row)
        item = self.list.item(row)
        if item is not None:
            self._on_list_item_clicked(item)
