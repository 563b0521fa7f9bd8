"""One read-only Qt table model over immutable Python rows, described by a table of columns.

Every table of the app (registry records, the editor's subtags, the builder's keys and types) is a
``RowTableModel`` over plain rows and a tuple of ``Column``: the column says how a row looks (text,
tooltip, font, colour, icon, alignment) and how it sorts. The model only adapts: rows are replaced
wholesale, cell texts and sort keys are computed once per row object, and sorting happens in Python
(letting ``QSortFilterProxyModel`` sort a Python model costs hundreds of milliseconds on 9,000 rows).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QCoreApplication, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QIcon, QPalette

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

__all__ = ["ROW_ROLE", "Column", "RowTableModel", "text_key"]

T = TypeVar("T")

#: The item-data role that answers with the row object itself.
ROW_ROLE = int(Qt.ItemDataRole.UserRole.value) + 1

# Plain ints: comparing with enum members on every call of data() costs measurably at 400 cells a repaint.
_DISPLAY = int(Qt.ItemDataRole.DisplayRole.value)
_DECORATION = int(Qt.ItemDataRole.DecorationRole.value)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole.value)
_FONT = int(Qt.ItemDataRole.FontRole.value)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole.value)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole.value)

#: Width a decoration (a role swatch) adds to a column.
_ICON_WIDTH = 20

# The caches keep the row object beside its id, so an id is never reused for another row. Rows that
# come back (registry records between searches) keep their entries; rows made afresh each time (the
# editor's breakdown) would pile up, so past this many entries only the current rows' are kept.
_CACHE_LIMIT = 20_000


def text_key(value: str | None) -> tuple[int, str]:
    """Return a sort key for a text cell: case-insensitive, with empty cells last whichever way one sorts.

    >>> sorted(["b", "", "A"], key=text_key)
    ['A', 'b', '']
    """
    return (1, "") if not value else (0, value.casefold())


@dataclass(frozen=True, slots=True)
class Column(Generic[T]):
    """One column of a RowTableModel: its header and how a row of type T shows and sorts in it."""

    header: str
    #: The cell's text.
    value: Callable[[T], str]
    #: The sort key (default: ``text_key`` of the text).
    sort_key: Callable[[T], SupportsRichComparison] | None = None
    #: The header's tooltip.
    header_tip: str = ""
    #: The cell's tooltip, or None for none.
    tooltip: Callable[[T], str | None] | None = None
    #: The cell's font, or None for the view's.
    font: Callable[[T], QFont | None] | None = None
    #: The text colour for the model's palette, or None for the palette's own.
    foreground: Callable[[T, QPalette], QColor | None] | None = None
    #: An icon before the text for the model's palette (a colour swatch), or None.
    decoration: Callable[[T, QPalette], QIcon | None] | None = None
    alignment: Qt.AlignmentFlag | None = None


class RowTableModel(QAbstractTableModel, Generic[T]):
    """Show a sequence of rows of type T in the given columns; rows are replaced wholesale, never edited."""

    def __init__(
        self,
        columns: Sequence[Column[T]],
        rows: Iterable[T] = (),
        palette: QPalette | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.columns: tuple[Column[T], ...] = tuple(columns)
        self._rows: list[T] = list(rows)
        self._palette = palette if palette is not None else QPalette()
        self._sort: tuple[int, Qt.SortOrder] | None = None
        self._texts: dict[int, tuple[T, tuple[str, ...]]] = {}  # id(row) -> (row, cell texts)
        self._keys: dict[int, dict[int, tuple[T, SupportsRichComparison]]] = {}  # column -> id(row) -> (row, sort key)
        # The roles some column answers; the view asks for a dozen per cell and most get None at once.
        self._roles = frozenset(
            {ROW_ROLE}
            | {_FONT for c in self.columns if c.font is not None}
            | {_FOREGROUND for c in self.columns if c.foreground is not None}
            | {_DECORATION for c in self.columns if c.decoration is not None}
            | {_TOOLTIP for c in self.columns if c.tooltip is not None}
            | {_ALIGNMENT for c in self.columns if c.alignment is not None}
        )

    # ------------------------------------------------------------- the rows
    def set_rows(self, rows: Iterable[T]) -> None:
        """Replace the rows (keeping the current sort order, if any)."""
        self.beginResetModel()
        self._rows = list(rows)
        if len(self._texts) > _CACHE_LIMIT:
            self._texts = {id(r): (r, self.cells(r)) for r in self._rows}
        for column, cache in self._keys.items():
            if len(cache) > _CACHE_LIMIT:
                self._keys[column] = {}
        if self._sort is not None:
            self._sort_rows(*self._sort)
        self.endResetModel()

    def rows(self) -> list[T]:
        """Return the rows in display order."""
        return list(self._rows)

    def row_at(self, row: int) -> T:
        """Return the row object shown in *row* (which must exist)."""
        return self._rows[row]

    def row_of(self, item: T) -> int:
        """Return the row showing *item* (the very object), or -1."""
        for i, shown in enumerate(self._rows):
            if shown is item:
                return i
        return -1

    def cells(self, item: T) -> tuple[str, ...]:
        """Return the texts of *item* in column order (computed once per row object)."""
        got = self._texts.get(id(item))
        if got is None or got[0] is not item:
            got = self._texts[id(item)] = (item, tuple(c.value(item) for c in self.columns))
        return got[1]

    def set_palette(self, palette: QPalette) -> None:
        """Use *palette* for the columns' colours and icons (light or dark theme)."""
        self._palette = palette
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, len(self.columns) - 1))

    def column_widths(self, metrics: QFontMetrics, padding: int, limit: int) -> list[int]:
        """Return a width per column that fits its header and cells in *metrics*, at most *limit* pixels."""
        widths = []
        all_cells = [self.cells(r) for r in self._rows]
        for col, column in enumerate(self.columns):
            texts = [_shown(column.header)] + [cells[col] for cells in all_cells]
            extra = padding + (_ICON_WIDTH if column.decoration is not None else 0)
            widths.append(min(limit, max(metrics.horizontalAdvance(t) for t in texts) + extra))
        return widths

    # ------------------------------------------------------------ Qt model
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Return the number of rows."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Return the number of columns."""
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = _DISPLAY) -> Any:
        """Return what the column says about the row for *role*."""
        # Called for every role of every visible cell on each repaint: keep it to lookups and one call.
        if role == _DISPLAY:
            return self.cells(self._rows[index.row()])[index.column()]
        if role not in self._roles:
            return None
        column = self.columns[index.column()]
        if role == _FONT:
            return column.font(self._rows[index.row()]) if column.font is not None else None
        if role == _FOREGROUND:
            return column.foreground(self._rows[index.row()], self._palette) if column.foreground else None
        if role == _DECORATION:
            return column.decoration(self._rows[index.row()], self._palette) if column.decoration else None
        if role == _TOOLTIP:
            return column.tooltip(self._rows[index.row()]) if column.tooltip is not None else None
        if role == _ALIGNMENT:
            return column.alignment
        if role == ROW_ROLE:
            return self._rows[index.row()]
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = _DISPLAY) -> Any:
        """Return the column headers and their tooltips."""
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        if role == _DISPLAY:
            return _shown(self.columns[section].header)
        if role == _TOOLTIP:
            return _shown(self.columns[section].header_tip) or None
        return None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort the rows in Python on the column's key; column -1 keeps the order of the next set_rows."""
        if not 0 <= column < len(self.columns):
            self._sort = None
            return
        self.layoutAboutToBeChanged.emit()
        # The current row and the selection follow their rows to the new places (a view's current index is a
        # persistent index): otherwise the current row would become another record while the details kept the old.
        old = self.persistentIndexList()
        items = [self._rows[i.row()] if 0 <= i.row() < len(self._rows) else None for i in old]
        self._sort = (column, order)
        self._sort_rows(column, order)
        place = {id(item): row for row, item in enumerate(self._rows)}
        new = [
            self.index(place[id(it)], i.column()) if it is not None else QModelIndex()
            for i, it in zip(old, items, strict=True)
        ]
        self.changePersistentIndexList(old, new)
        self.layoutChanged.emit()

    def _sort_rows(self, column: int, order: Qt.SortOrder) -> None:
        cache = self._keys.setdefault(column, {})
        spec = self.columns[column]
        keyfn = spec.sort_key
        if keyfn is None:
            keyfn = self._text_sort_key(column)

        def key(item: T) -> SupportsRichComparison:
            got = cache.get(id(item))
            if got is None or got[0] is not item:
                got = cache[id(item)] = (item, keyfn(item))
            return got[1]

        # Python's sort is stable, so equal keys keep the order the rows came in (a search's ranking).
        self._rows.sort(key=key, reverse=order == Qt.SortOrder.DescendingOrder)

    def _text_sort_key(self, column: int) -> Callable[[T], tuple[int, str]]:
        return lambda item: text_key(self.cells(item)[column])


def _shown(text: str) -> str:
    """Return a header or its tooltip in the UI language (the tables mark them with ``N_()``)."""
    return QCoreApplication.translate("RowTableModel", text) if text else ""
