"""Pins the generic RowTableModel: a column table decides the texts, tooltips, fonts, colours, icons and sort
keys of rows shown in a real QTableView; clicking a header sorts in Python, and the sort survives new rows."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from bcp47_explorer.ui.table_model import ROW_ROLE, Column, RowTableModel, text_key
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPalette, QPixmap
from PySide6.QtWidgets import QTableView


@dataclass(frozen=True)
class Planet:
    name: str
    moons: int
    note: str = ""


def _struck(p: Planet) -> QFont | None:
    font = QFont()
    font.setStrikeOut(True)
    return font if p.name == "Pluto" else None


def _red_icon(p: Planet, palette: QPalette) -> QIcon:
    pixmap = QPixmap(4, 4)
    pixmap.fill(palette.color(QPalette.ColorRole.Highlight))
    return QIcon(pixmap)


COLUMNS = (
    Column("Name", lambda p: p.name, header_tip="The planet", font=_struck,
           foreground=lambda p, pal: QColor("#aa0000") if p.moons == 0 else None),
    Column("Moons", lambda p: str(p.moons), lambda p: p.moons, tooltip=lambda p: f"{p.moons} moons",
           alignment=Qt.AlignmentFlag.AlignRight, decoration=_red_icon),
    Column("Note", lambda p: p.note),
)  # fmt: skip

MERCURY, EARTH, MARS, PLUTO = Planet("Mercury", 0), Planet("earth", 1, "home"), Planet("Mars", 2), Planet("Pluto", 5)


@pytest.fixture
def view(qtbot) -> QTableView:  # type: ignore[no-untyped-def]
    model: RowTableModel[Planet] = RowTableModel(COLUMNS, [MARS, PLUTO, EARTH, MERCURY])
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    model.setParent(view)
    view.setSortingEnabled(False)
    view.show()
    qtbot.waitExposed(view)
    return view


def shown(view: QTableView, column: int = 0) -> list[str]:
    """Return the texts the view's model gives for *column*, top to bottom."""
    model = view.model()
    return [model.index(r, column).data() for r in range(model.rowCount())]


def test_cells_headers_and_roles_come_from_the_columns(view: QTableView) -> None:
    model = view.model()
    assert isinstance(model, RowTableModel)
    assert shown(view) == ["Mars", "Pluto", "earth", "Mercury"]
    assert shown(view, 1) == ["2", "5", "1", "0"]
    assert model.headerData(0, Qt.Orientation.Horizontal) == "Name"
    assert model.headerData(0, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole) == "The planet"
    assert model.headerData(2, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole) is None
    assert model.index(1, 0).data(Qt.ItemDataRole.FontRole).strikeOut()
    assert model.index(0, 0).data(Qt.ItemDataRole.FontRole) is None
    assert model.index(3, 0).data(Qt.ItemDataRole.ForegroundRole) == QColor("#aa0000")
    assert model.index(0, 0).data(Qt.ItemDataRole.ForegroundRole) is None
    assert model.index(0, 1).data(Qt.ItemDataRole.ToolTipRole) == "2 moons"
    assert model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole) is None
    assert model.index(0, 1).data(Qt.ItemDataRole.TextAlignmentRole) == Qt.AlignmentFlag.AlignRight
    assert isinstance(model.index(0, 1).data(Qt.ItemDataRole.DecorationRole), QIcon)
    assert model.index(0, 0).data(Qt.ItemDataRole.DecorationRole) is None
    assert model.index(2, 0).data(ROW_ROLE) is EARTH
    assert model.row_of(EARTH) == 2 and model.row_of(Planet("earth", 1, "home")) == -1  # the object, not an equal
    assert model.cells(EARTH) == ("earth", "1", "home")


def test_clicking_a_header_sorts_on_the_column_key(qtbot, view: QTableView) -> None:  # type: ignore[no-untyped-def]
    view.setSortingEnabled(True)
    header = view.horizontalHeader()
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(header.sectionPosition(1) + 5, 5))
    moons = shown(view, 1)
    assert moons in (["0", "1", "2", "5"], ["5", "2", "1", "0"])  # numbers, not text order
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(header.sectionPosition(1) + 5, 5))
    assert shown(view, 1) == moons[::-1]
    # The default key is the text, case-insensitive: 'earth' sorts before 'Mars'.
    view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    assert shown(view) == ["earth", "Mars", "Mercury", "Pluto"]


def test_the_sort_survives_new_rows_and_empty_cells_sort_last(view: QTableView) -> None:
    model = view.model()
    assert isinstance(model, RowTableModel)
    model.sort(2, Qt.SortOrder.AscendingOrder)
    assert shown(view, 2)[0] == "home"
    model.sort(2, Qt.SortOrder.DescendingOrder)
    assert shown(view, 2)[-1] == "home"  # reversed, but the text stays ahead of the empty cells
    assert text_key("") > text_key("zzz")
    model.sort(1, Qt.SortOrder.DescendingOrder)
    venus = Planet("Venus", 0)
    model.set_rows([venus, EARTH, PLUTO])
    assert shown(view) == ["Pluto", "earth", "Venus"]
    model.sort(-1)  # no sort column: the next rows keep their order
    model.set_rows([MERCURY, MARS])
    assert shown(view) == ["Mercury", "Mars"]
    assert model.rows() == [MERCURY, MARS] and model.row_at(1) is MARS


def test_column_widths_fit_the_longest_text_and_the_icon(view: QTableView) -> None:
    model = view.model()
    assert isinstance(model, RowTableModel)
    metrics = view.fontMetrics()
    widths = model.column_widths(metrics, 10, 1000)
    assert widths[0] == metrics.horizontalAdvance("Mercury") + 10
    assert widths[1] == metrics.horizontalAdvance("Moons") + 10 + 20  # the decoration's room
    assert model.column_widths(metrics, 10, 30)[0] == 30


def test_new_row_objects_get_their_own_texts(view: QTableView) -> None:
    model = view.model()
    assert isinstance(model, RowTableModel)
    for i in range(3):
        model.set_rows([Planet(f"P{i}", i)])
        assert shown(view) == [f"P{i}"]
