"""The editor's breakdown table: one row per subtag with its role, description and registry fields.

``breakdown_rows`` turns a CheckResult into plain rows (descriptions from the registry for the subtags
before the first singleton, from CLDR for -u- and -t-); ``BreakdownModel`` is a thin Qt adapter over them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QIcon, QPalette

from .roles import role_colour, role_style, swatch_icon

__all__ = ["COLUMNS", "BreakdownModel", "BreakdownRow", "breakdown_rows"]

COLUMNS = ("Subtag", "Role", "Description", "Prefix", "Suppress-Script", "Macrolanguage", "Scope",
           "Deprecated", "Preferred-Value")  # fmt: skip

# Roles whose subtags have a record of the same type in the IANA registry.
_REGISTRY_ROLES = ("language", "extlang", "script", "region", "variant")
_T_LANG_ROLES = frozenset("t-" + r for r in _REGISTRY_ROLES)  # the subtags of a -t- source tag


@dataclass(frozen=True, slots=True)
class BreakdownRow:
    """What the breakdown table shows about one subtag."""

    text: str
    start: int
    end: int
    role: str
    description: str = ""
    prefix: str = ""
    suppress_script: str = ""
    macrolanguage: str = ""
    scope: str = ""
    deprecated: str = ""
    preferred_value: str = ""
    record_type: str = ""  # registry type to show in the browser ("" when the subtag has no record)
    record_code: str = ""

    def cells(self) -> tuple[str, ...]:
        """Return the row's text in COLUMNS order."""
        return (self.text, role_style(self.role).name, self.description, self.prefix, self.suppress_script,
                self.macrolanguage, self.scope, self.deprecated, self.preferred_value)  # fmt: skip


def _from_record(sub: Any, role: str, record: Any) -> BreakdownRow:
    return BreakdownRow(
        sub.text, sub.start, sub.end, role,
        description=" / ".join(record.descriptions),
        prefix=", ".join(record.prefixes),
        suppress_script=record.suppress_script or "",
        macrolanguage=record.macrolanguage or "",
        scope=record.scope or "",
        deprecated=record.deprecated or "",
        preferred_value=record.preferred_value or "",
        record_type=str(record.type),
        record_code=sub.text if record.is_range else record.code,
    )  # fmt: skip


def _cldr_row(sub: Any, role: str, description: str, deprecated: bool, preferred: str | None) -> BreakdownRow:
    return BreakdownRow(sub.text, sub.start, sub.end, role, description=description,
                        deprecated="yes" if deprecated else "", preferred_value=preferred or "")  # fmt: skip


def breakdown_rows(result: Any, registry: Any, cldr: Any = None) -> list[BreakdownRow]:
    """Return one row per subtag of *result* (a CheckResult), described from *registry* and *cldr*."""
    rows: list[BreakdownRow] = []
    subtags = list(result.subtags)
    grandfathered = getattr(result, "grandfathered", None)
    key = None  # the CldrKey of the current -u- keyword or -t- field, or None
    i = 0
    while i < len(subtags):
        sub = subtags[i]
        role = str(sub.role)
        i += 1
        if role in _REGISTRY_ROLES:
            record = registry.get(role, sub.text)
            rows.append(
                _from_record(sub, role, record)
                if record
                else BreakdownRow(sub.text, sub.start, sub.end, role, description=f"not in the registry as a {role}")
            )
            continue
        if role == "grandfathered":
            record = registry.tag_record(grandfathered or result.input)
            if record is not None:
                row = _from_record(sub, role, record)
                rows.append(replace(row, record_code=record.code))
            else:
                rows.append(BreakdownRow(sub.text, sub.start, sub.end, role))
            continue
        if role in _T_LANG_ROLES:
            kind = role[2:]  # the engine names the subtag's place in the source tag: t-region -> region
            record = registry.get(kind, sub.text)
            if record is not None:
                row = _from_record(sub, role, record)
                rows.append(replace(row, description=f"source {kind}: {row.description}"))
            else:
                rows.append(BreakdownRow(sub.text, sub.start, sub.end, role, description=f"source {kind}"))
            continue
        if role == "singleton":
            key = None
            rows.append(BreakdownRow(sub.text, sub.start, sub.end, role, description=_singleton_text(sub.text)))
            continue
        if role in ("u-key", "t-key"):
            singleton = role[0]
            lookup = None if cldr is None else cldr.u_key if singleton == "u" else cldr.t_key
            key = lookup(sub.text) if lookup is not None else None
            if key is None:
                rows.append(BreakdownRow(sub.text, sub.start, sub.end, role, description=f"unknown -{singleton}- key"))
            else:
                rows.append(_cldr_row(sub, role, _key_text(key), key.deprecated, key.preferred))
            continue
        if role in ("u-type", "t-value"):
            # Multi-subtag types (islamic-civil) are looked up whole: gather this keyword's value subtags.
            values = [sub]
            while i < len(subtags) and str(subtags[i].role) == role:
                values.append(subtags[i])
                i += 1
            rows.extend(_type_rows(values, role, key))
            continue
        if role == "u-attribute":
            rows.append(
                BreakdownRow(
                    sub.text, sub.start, sub.end, role, description="-u- attribute (none are defined by CLDR today)"
                )
            )
            continue
        if role == "privateuse":
            rows.append(BreakdownRow(sub.text, sub.start, sub.end, role, description="private use"))
            continue
        if role == "extension":
            rows.append(
                BreakdownRow(sub.text, sub.start, sub.end, role, description="extension subtag (syntax checked only)")
            )
            continue
        rows.append(BreakdownRow(sub.text, sub.start, sub.end, role, description="see the problems list"))
    return rows


def _singleton_text(s: str) -> str:
    s = s.lower()
    if s == "u":
        return "Unicode locale extension (RFC 6067)"
    if s == "t":
        return "transformed content extension (RFC 6497)"
    if s == "x":
        return "private use follows"
    return f"extension '{s}' (not registered)"


def _key_text(key: Any) -> str:
    legacy = f" [{key.legacy_name}]" if getattr(key, "legacy_name", None) else ""
    return f"{key.description}{legacy}"


def _type_rows(subs: list[Any], role: str, key: Any) -> list[BreakdownRow]:
    """Describe the value subtags *subs* of CLDR key *key* (whole multi-subtag type first, then one by one)."""
    if key is None:
        return [BreakdownRow(s.text, s.start, s.end, role, description="value of an unknown key") for s in subs]
    types = key.types
    whole = "-".join(s.text.lower() for s in subs)
    found = types.get(whole)
    if found is not None and len(subs) > 1:
        first, rest = subs[0], subs[1:]
        out = [_cldr_row(first, role, f"{found.description} ({whole})", found.deprecated, found.preferred)]
        out += [BreakdownRow(s.text, s.start, s.end, role, description=f"part of '{whole}'") for s in rest]
        return out
    out = []
    for s in subs:
        t = types.get(s.text.lower())
        if t is not None:
            out.append(_cldr_row(s, role, t.description, t.deprecated, t.preferred))
        elif key.value_classes:
            classes = ", ".join(c.lower().replace("_", " ") for c in key.value_classes)
            out.append(BreakdownRow(s.text, s.start, s.end, role, description=f"a {classes} value for {key.key}"))
        else:
            out.append(BreakdownRow(s.text, s.start, s.end, role, description=f"not a type of key '{key.key}'"))
    return out


class BreakdownModel(QAbstractTableModel):
    """The breakdown rows as a read-only table; the Role column carries a colour swatch and the role's tooltip."""

    def __init__(self, palette: QPalette, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[BreakdownRow] = []
        self._cells: list[tuple[str, ...]] = []
        self._palette = palette
        self._swatches: dict[str, QIcon] = {}  # colour name -> icon; making pixmaps per paint is slow

    def set_rows(self, rows: list[BreakdownRow]) -> None:
        """Show *rows*."""
        self.beginResetModel()
        self._rows = rows
        self._cells = [r.cells() for r in rows]
        self.endResetModel()

    def set_palette(self, palette: QPalette) -> None:
        """Use *palette*'s role colours."""
        self._palette = palette
        self._swatches.clear()
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, len(COLUMNS) - 1))

    def column_widths(self, metrics: Any, padding: int, limit: int) -> list[int]:
        """Return a width per column that fits its title and cells in *metrics*, at most *limit* pixels."""
        widths = []
        for col, title in enumerate(COLUMNS):
            texts = [title] + [cells[col] for cells in self._cells]
            extra = padding + (20 if col == 1 else 0)  # the Role column also draws a swatch
            widths.append(min(limit, max(metrics.horizontalAdvance(t) for t in texts) + extra))
        return widths

    def row_at(self, row: int) -> BreakdownRow:
        """Return the row object at *row*."""
        return self._rows[row]

    def rows(self) -> list[BreakdownRow]:
        """Return every row."""
        return list(self._rows)

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Return the number of subtags."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Return the number of columns."""
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Return the column titles."""
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Return cell text, the role swatch and tooltips."""
        # The view asks for a dozen roles per cell on each paint: answer the common ones first, cheaply.
        if role == _DISPLAY:
            return self._cells[index.row()][index.column()]
        if role not in _ROLES_USED or not index.isValid():
            return None
        row = self._rows[index.row()]
        col = index.column()
        if role == _DECORATION:
            if col != 1:
                return None
            colour = role_colour(row.role, self._palette)
            icon = self._swatches.get(colour.name())
            if icon is None:
                icon = self._swatches[colour.name()] = swatch_icon(colour)
            return icon
        if role == _FOREGROUND:
            return role_colour(row.role, self._palette) if col == 0 else None
        # Tooltip.
        if col in (0, 1):
            style = role_style(row.role)
            return f"{style.name}: {style.tooltip}"
        return self._cells[index.row()][col] or None


_DISPLAY = Qt.ItemDataRole.DisplayRole
_DECORATION = Qt.ItemDataRole.DecorationRole
_FOREGROUND = Qt.ItemDataRole.ForegroundRole
_ROLES_USED = frozenset({_DECORATION, _FOREGROUND, Qt.ItemDataRole.ToolTipRole})
