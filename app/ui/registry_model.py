"""The registry browser's table: one row per record, in the columns of ``COLUMNS``.

A ``RowTableModel`` over the records (immutable rows, sort keys computed once per record, sorting in
Python); a deprecated record is shown in italics, its code struck out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from PySide6.QtCore import QObject
from PySide6.QtGui import QFont

from ..core.registry.model import Record, RecordType
from ..core.text.catalogue import N_
from .table_model import ROW_ROLE, Column, RowTableModel, text_key

__all__ = ["COLUMNS", "RECORD_ROLE", "RegistryTableModel"]

#: The item-data role that answers with the Record itself.
RECORD_ROLE = ROW_ROLE


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


def _deprecated_font(rec: Record) -> QFont | None:
    return _italic_font() if rec.is_deprecated else None


def _deprecated_code_font(rec: Record) -> QFont | None:
    return _struck_font() if rec.is_deprecated else None


def _long_text(value: Callable[[Record], str]) -> Callable[[Record], str | None]:
    """Return a tooltip that repeats a cell's text when it is too long to be read in the column."""
    return lambda r: text if len(text := value(r)) > 30 else None


def _description_tip(rec: Record) -> str | None:
    if rec.comments:
        return rec.description + "\n\n" + " ".join(rec.comments)
    return rec.description if len(rec.description) > 30 else None


_TYPE_ORDER = {t.value: i for i, t in enumerate(RecordType)}


def _column(header: str, tip: str, value: Callable[[Record], str | None]) -> Column[Record]:
    """Return a plain text column: empty cells sort last, long texts get a tooltip."""

    def text(r: Record) -> str:
        return value(r) or ""

    return Column(header, text, lambda r: text_key(value(r)), tip, _long_text(text), _deprecated_font)


#: The browser's columns, in display order.
COLUMNS: tuple[Column[Record], ...] = (
    Column(N_("Type"), lambda r: r.type, lambda r: (_TYPE_ORDER.get(r.type, 99), r.code.lower()),
           N_("The record's Type field"),
           font=_deprecated_font),
    Column(N_("Code"), lambda r: r.code, lambda r: r.code.lower(), N_("Subtag (or range) or whole Tag"),
           font=_deprecated_code_font),
    Column(N_("Description"), lambda r: r.description, lambda r: text_key(r.description),
           N_("Description fields, in file order"), _description_tip, _deprecated_font),
    _column(N_("Added"), N_("Date the record was added"), lambda r: r.added),
    _column(N_("Deprecated"), N_("Date the record was deprecated"), lambda r: r.deprecated),
    _column(N_("Preferred"), N_("Preferred-Value: what to use instead"), lambda r: r.preferred_value),
    _column(N_("Prefix"), N_("Prefix fields: tags this subtag is meant to follow"), lambda r: " ".join(r.prefixes)),
    _column("Suppress-Script", N_("Script not to write with this language"), lambda r: r.suppress_script),
    _column(N_("Macrolanguage"), N_("The macrolanguage this language belongs to"), lambda r: r.macrolanguage),
    _column(N_("Scope"), N_("Scope: macrolanguage, collection, special or private-use"), lambda r: r.scope),
)  # fmt: skip


class RegistryTableModel(RowTableModel[Record]):
    """Show a list of records, one per row; the list is replaced wholesale on each search."""

    def __init__(self, records: Sequence[Record] = (), parent: QObject | None = None) -> None:
        super().__init__(COLUMNS, records, parent=parent)

    def set_records(self, records: Sequence[Record]) -> None:
        """Replace the rows (keeping the current sort order, if any)."""
        self.set_rows(records)

    def records(self) -> list[Record]:
        """Return the rows in display order."""
        return self.rows()

    def record(self, row: int) -> Record | None:
        """Return the record shown in *row*, or None."""
        return self._rows[row] if 0 <= row < len(self._rows) else None
