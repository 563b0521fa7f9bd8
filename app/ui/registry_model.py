"""A thin Qt table model over registry records: immutable rows, sorting on precomputed keys."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from ..core.registry import Record, RecordType

__all__ = ["COLUMNS", "RegistryTableModel", "RECORD_ROLE"]

RECORD_ROLE = int(Qt.ItemDataRole.UserRole.value) + 1
# Plain ints: comparing with enum members on every call of data() costs measurably at 400 cells a repaint.
_DISPLAY = int(Qt.ItemDataRole.DisplayRole.value)
_FONT = int(Qt.ItemDataRole.FontRole.value)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole.value)


@lru_cache(maxsize=1)
def _italic_font() -> QFont:
    font = QFont()
    font.setItalic(True)
    return font


@lru_cache(maxsize=1)
def _struck_font() -> QFont:
    font = QFont(_italic_font())
    font.setStrikeOut(True)
    return font


_TYPE_ORDER = {t.value: i for i, t in enumerate(RecordType)}


def _text_key(value: str | None) -> tuple[int, str]:
    # Empty cells sort last whichever way the user sorts.
    return (1, "") if not value else (0, value.casefold())


#: (header, tooltip, cell text, sort key) per column.
COLUMNS: tuple[tuple[str, str, Callable[[Record], str], Callable[[Record], Any]], ...] = (
    ("Type", "The record's Type field", lambda r: r.type, lambda r: (_TYPE_ORDER.get(r.type, 99), r.code.lower())),
    ("Code", "Subtag (or range) or whole Tag", lambda r: r.code, lambda r: r.code.lower()),
    ("Description", "Description fields, in file order", lambda r: r.description, lambda r: _text_key(r.description)),
    ("Added", "Date the record was added", lambda r: r.added or "", lambda r: _text_key(r.added)),
    ("Deprecated", "Date the record was deprecated", lambda r: r.deprecated or "", lambda r: _text_key(r.deprecated)),
    ("Preferred", "Preferred-Value: what to use instead", lambda r: r.preferred_value or "",
     lambda r: _text_key(r.preferred_value)),
    ("Prefix", "Prefix fields: tags this subtag is meant to follow", lambda r: " ".join(r.prefixes),
     lambda r: _text_key(" ".join(r.prefixes))),
    ("Suppress-Script", "Script not to write with this language", lambda r: r.suppress_script or "",
     lambda r: _text_key(r.suppress_script)),
    ("Macrolanguage", "The macrolanguage this language belongs to", lambda r: r.macrolanguage or "",
     lambda r: _text_key(r.macrolanguage)),
    ("Scope", "Scope: macrolanguage, collection, special or private-use", lambda r: r.scope or "",
     lambda r: _text_key(r.scope)),
)  # fmt: skip


class RegistryTableModel(QAbstractTableModel):
    """Show a list of records, one per row; the list is replaced wholesale on each search."""

    def __init__(self, records: Sequence[Record] = (), parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[Record] = list(records)
        self._sort: tuple[int, Qt.SortOrder] | None = None
        # column -> id(record) -> (record, key); the record is kept so that an id is never reused.
        self._keys: dict[int, dict[int, tuple[Record, Any]]] = {}
        self._texts: dict[int, tuple[Record, tuple[str, ...]]] = {}  # id(record) -> (record, cell texts)

    # ------------------------------------------------------------- the rows
    def set_records(self, records: Sequence[Record]) -> None:
        """Replace the rows (keeping the current sort order, if any)."""
        self.beginResetModel()
        self._rows = list(records)
        if self._sort is not None:
            self._sort_rows(*self._sort)
        self.endResetModel()

    def records(self) -> list[Record]:
        """Return the rows in display order."""
        return list(self._rows)

    def record(self, row: int) -> Record | None:
        """Return the record shown in *row*, or None."""
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def row_of(self, record: Record) -> int:
        """Return the row showing *record*, or -1."""
        for i, rec in enumerate(self._rows):
            if rec is record:
                return i
        return -1

    # ------------------------------------------------------------ Qt model
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = _DISPLAY) -> Any:
        # Called for every role of every visible cell on each repaint: keep it to dict and tuple lookups.
        if role == _DISPLAY:
            return self._cells(self._rows[index.row()])[index.column()]
        if role == _FONT:
            rec = self._rows[index.row()]
            if rec.is_deprecated:
                return _struck_font() if index.column() == 1 else _italic_font()
            return None
        if role == _TOOLTIP:
            rec = self._rows[index.row()]
            if index.column() == 2 and rec.comments:
                return rec.description + "\n\n" + " ".join(rec.comments)
            text = self._cells(rec)[index.column()]
            return text if len(text) > 30 else None
        if role == RECORD_ROLE:
            return self._rows[index.row()]
        return None

    def _cells(self, rec: Record) -> tuple[str, ...]:
        got = self._texts.get(id(rec))
        if got is None or got[0] is not rec:
            got = self._texts[id(rec)] = (rec, tuple(col[2](rec) for col in COLUMNS))
        return got[1]

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section][0]
        if role == Qt.ItemDataRole.ToolTipRole:
            return COLUMNS[section][1]
        return None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort rows in Python on each column's precomputed key."""
        if not 0 <= column < len(COLUMNS):
            self._sort = None  # -1: back to search rank order is kept by the next set_records
            return
        self.layoutAboutToBeChanged.emit()
        self._sort = (column, order)
        self._sort_rows(column, order)
        self.layoutChanged.emit()

    def _sort_rows(self, column: int, order: Qt.SortOrder) -> None:
        cache = self._keys.setdefault(column, {})
        keyfn = COLUMNS[column][3]

        def key(rec: Record) -> Any:
            got = cache.get(id(rec))
            if got is None or got[0] is not rec:
                got = cache[id(rec)] = (rec, keyfn(rec))
            return got[1]

        # Python's sort is stable, so equal keys keep the search's ranking.
        self._rows.sort(key=key, reverse=order == Qt.SortOrder.DescendingOrder)
