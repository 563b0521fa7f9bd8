"""The -u- keyword builder: choose CLDR keys and types, see the whole tag, read and write legacy keywords.

The keyword list and attributes always come from the current tag (``engine.u_keywords``); every change is
written back through ``state.set_tag(engine.with_u_keywords(...))``, so the editor and the builder never
disagree. Item views are thin models over rows precomputed per key, filtered in Python on folded keys.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QAbstractItemModel, QByteArray, QCoreApplication, QEvent, QModelIndex, Qt, Signal
from PySide6.QtGui import QFont, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ..core.cldr import ldml
from ..core.cldr.model import CldrData, CldrKey
from ..core.data import DataError
from ..core.engine.tag import TagEngine
from ..core.grammar.syntax import cased
from ..core.grammar.values import Role
from ..core.names.pack import NamesPackError
from ..core.registry.model import Registry
from ..core.registry.search import fold
from ..core.text.catalogue import N_, ngettext
from ..core.text.formats import format_number
from . import a11y
from .bounded import SEARCH_MAX, VALUE_MAX, bound
from .i18n import with_isolated_quotes
from .picker import translated_columns
from .roles import severity_colour, severity_icon, severity_style
from .state import TagState
from .table_model import Column, RowTableModel
from .visible import shown_text

log = logging.getLogger(__name__)


def _tr(text: str) -> str:
    return QCoreApplication.translate("BuilderPane", text)


#: Longer "tags" (a pasted megabyte) are not parsed: the editor says why.
_TAG_LIMIT = 1_000

__all__ = ["KEY_COLUMNS", "TYPE_COLUMNS", "BuilderPane", "KeyRow", "TypeRow", "key_rows", "type_rows"]


@dataclass(frozen=True, slots=True)
class KeyRow:
    """One -u- key as the keys table shows it."""

    key: str
    name: str
    description: str
    legacy: str
    deprecated: bool
    preferred: str | None
    help: str | None  # what a value-class key expects


@dataclass(frozen=True, slots=True)
class TypeRow:
    """One type of a key as the types table shows it, with its folded search text."""

    name: str
    description: str
    legacy: str
    deprecated: bool
    preferred: str | None
    search: str

    @property
    def status(self) -> str:
        """Return 'deprecated → preferred' for deprecated types, else ''."""
        if not self.deprecated:
            return ""
        if self.preferred:
            return _tr("deprecated → use {value}").format(value=self.preferred)
        return _tr("deprecated")


def key_rows(cldr: CldrData) -> list[KeyRow]:
    """Return the -u- keys of *cldr*, sorted by key."""
    rows = []
    for key in sorted(cldr.u_keys.values(), key=lambda k: k.key):
        rows.append(KeyRow(key.key, key.name, key.description, key.legacy_name or "", key.deprecated,
                           key.preferred, key.value_help()))  # fmt: skip
    return rows


def type_rows(key: CldrKey) -> list[TypeRow]:
    """Return the listed types of CldrKey *key*, deprecated ones last, each with its search text."""
    rows = []
    for t in key.sorted_types():
        legacy = ", ".join(n for n in t.legacy_names if n != t.name)
        search = " " + fold(" ".join((t.name, t.description, legacy, t.iana or "")))
        rows.append(TypeRow(t.name, t.description, legacy, t.deprecated, t.preferred, search))
    return rows


#: A value to show in the Value field's placeholder for keys that take a class of values instead of a list.
_CLASS_EXAMPLES = {"CODEPOINTS": "1f600", "REORDER_CODE": "latn-digit", "RG_KEY_VALUE": "uszzzz",
                   "SUBDIVISION_CODE": "usca", "SCRIPT_CODE": "thai"}  # fmt: skip


def _class_row(name: str, description: str, extra: str = "") -> TypeRow:
    return TypeRow(name, description, "", False, None, " " + fold(f"{name} {description} {extra}"))


def class_value_rows(
    key: CldrKey,
    cldr: CldrData,
    registry: Registry,
    region_name: Callable[[str], str | None] | None = None,
    subdivision_name: Callable[[str], str | None] | None = None,
) -> list[TypeRow]:
    """Return the values of a key that takes regions or subdivisions (``rg``, ``sd``), each with its name.

    ``rg`` takes a region code plus ``zzzz`` (the whole region) or a subdivision code; ``sd`` a subdivision
    code (UTS #35 §3.6.5). The codes are every region of the registry and every subdivision CLDR lists that
    CLDR's own check accepts; names come from *region_name* / *subdivision_name* (CLDR display names) or,
    without them, from the registry's description of the region.
    """
    classes = set(key.value_classes)
    if not classes & {"RG_KEY_VALUE", "SUBDIVISION_CODE"}:
        return []

    def region(code: str) -> str:
        found = region_name(code) if region_name is not None else None
        if found:
            return found
        rec = registry.get("region", code)
        return rec.description if rec is not None else code.upper()

    def is_region(code: str) -> bool:
        return registry.get("region", code) is not None

    rows: list[TypeRow] = []
    if "RG_KEY_VALUE" in classes:
        for rec in registry.table("region").values():
            code = rec.code
            value = f"{code.lower()}zzzz"
            whole = len(code) == 2 and code.isalpha() and not rec.is_range and rec.preferred_value is None
            if whole and cldr.validate_value(key.key, value, is_region=is_region) is None:
                rows.append(_class_row(value, _tr("{region} (the whole region)").format(region=region(code))))
    regions: dict[str, str] = {}  # region code -> name, looked up once per region
    for code in sorted(cldr.subdivisions):
        # CLDR lists them; what its check adds is that the region is one of the registry's.
        prefix = code[:2].upper() if code[:2].isalpha() else code[:3]
        if prefix not in regions:
            regions[prefix] = region(prefix) if is_region(prefix) else ""
        where = regions[prefix]
        if not where:
            continue
        name = subdivision_name(code) if subdivision_name is not None else None
        if name:
            described = _tr("{name}, {region}").format(name=name, region=where)
        else:
            described = _tr("a subdivision of {region}").format(region=where)
        rows.append(_class_row(code, described, where))
    return rows


def value_placeholder(key: CldrKey | None, rows: list[TypeRow]) -> str:
    """Return the Value field's placeholder: an example value of *key* (or what to do without a key)."""
    if key is None:
        return _tr("choose a key first")
    for cls in key.value_classes:
        if cls in _CLASS_EXAMPLES:
            return _tr("value, e.g. {example}").format(example=_CLASS_EXAMPLES[cls])
    example = next((r.name for r in rows if not r.deprecated), None)
    if example is None:
        return _tr("a value (3 to 8 letters or digits)") if not key.has_true else _tr("a value, or empty for true")
    if key.has_true:
        return _tr("value, e.g. {example} (or empty for true)").format(example=example)
    return _tr("value, e.g. {example}").format(example=example)


def filter_rows(rows: list[TypeRow], query: str) -> list[TypeRow]:
    """Return the rows matching every word of *query*: exact names first, then name prefixes, then the rest."""
    words = fold(query).replace("-", " ").split() if query.strip() else []
    if not words:
        return rows
    q = fold(query.strip())
    hits = [r for r in rows if all(w in r.search for w in words)]
    return sorted(hits, key=lambda r: (r.name != q, not r.name.startswith(q), r.deprecated))


@lru_cache(maxsize=1)
def _struck_font() -> QFont:
    font = QFont()
    font.setStrikeOut(True)
    return font


def _struck_if_deprecated(row: KeyRow | TypeRow) -> QFont | None:
    return _struck_font() if row.deprecated else None


def _key_tip(row: KeyRow) -> str:
    """Return the key's CLDR description, legacy name and what its values look like."""
    tip = f"{row.key}: {row.description}"
    if row.legacy:
        tip += "\n" + _tr("Legacy name: {name}").format(name=row.legacy)
    if row.help:
        tip += "\n" + _tr("Values: {help}").format(help=row.help)
    if row.deprecated:
        if row.preferred:
            tip += "\n" + _tr("Deprecated; use {value}.").format(value=row.preferred)
        else:
            tip += "\n" + _tr("Deprecated.")
    return tip


def _type_tip(row: TypeRow) -> str:
    """Return the type's description, legacy name and replacement."""
    tip = f"{row.name}: {row.description}"
    if row.legacy:
        tip += "\n" + _tr("Legacy name: {name}").format(name=row.legacy)
    if row.status:
        tip += f"\n{row.status.capitalize()}."
    return tip


#: The keys table: the key (struck out when deprecated) and its name (marked when deprecated).
KEY_COLUMNS: tuple[Column[KeyRow], ...] = (
    Column(N_("Key"), lambda r: r.key, tooltip=_key_tip, font=_struck_if_deprecated),
    Column(
        N_("Name"),
        lambda r: _tr("{name} (deprecated)").format(name=r.name) if r.deprecated else r.name,
        tooltip=_key_tip,
    ),
)

#: The types table: the type, and its description ending with the replacement of a deprecated type.
TYPE_COLUMNS: tuple[Column[TypeRow], ...] = (
    Column(N_("Type"), lambda r: r.name, tooltip=_type_tip, font=_struck_if_deprecated),
    Column(N_("Description"), lambda r: f"{r.description} ({r.status})" if r.status else r.description,
           tooltip=_type_tip),
)  # fmt: skip


class BuilderPane(QWidget):
    """Build the -u- part of the current tag from CLDR's keys and types."""

    keyword_set = Signal(str, str)  # (key, value) after the builder wrote a keyword into the tag

    _built = False  # Qt may send events (a palette change) while __init__ is still making the widgets

    def __init__(self, state: TagState, engine: TagEngine, cldr: CldrData, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("BuilderPane")
        self._state = state
        self._engine = engine
        self._cldr = cldr
        self._type_rows: dict[str, list[TypeRow]] = {}
        self._attributes: list[str] = []
        self._keywords: list[tuple[str, list[str]]] = []
        self._key: CldrKey | None = None
        self._build()
        self._built = True
        self._key_rows = key_rows(cldr)
        self.keys_model.set_rows(self._key_rows)
        self.keys_view.resizeColumnsToContents()
        state.tag_changed.connect(self._on_state_tag_changed)
        self._on_state_tag_changed(state.tag())
        if self._keywords:
            # Open on the tag's first keyword, so its values are in view rather than an empty list.
            self.choose_key(self._keywords[0][0])
        else:
            self._check_value()  # no key yet: nothing can be set

    # Construction ----------------------------------------------------------------------------------------
    def _build(self) -> None:
        # Keys.
        self.keys_model = RowTableModel(translated_columns(KEY_COLUMNS), parent=self)
        self.keys_view = _table(self.keys_model, self.tr("Unicode -u- keys"), self)
        # Long names ("Scripts to exclude from dictionary break") wrap onto a second line instead of being cut.
        self.keys_view.setWordWrap(True)
        self.keys_view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.keys_view.setToolTip(
            self.tr("The -u- keys CLDR defines; choose one to see its values (hover a key for details)")
        )
        self.keys_view.selectionModel().currentRowChanged.connect(self._on_keys_current_changed)
        self.keys_filter = QLineEdit(self)
        self.keys_filter.setObjectName("keys_filter")
        self.keys_filter.setPlaceholderText(self.tr("Filter keys by code or name (e.g. 'ca', 'calendar')"))
        self.keys_filter.setClearButtonEnabled(True)
        self.keys_filter.setAccessibleName(self.tr("Filter keys"))
        self.keys_filter.setToolTip(
            self.tr("Show only the keys whose code or name has every word typed here; Enter takes the first")
        )
        bound(self.keys_filter, SEARCH_MAX)
        self.keys_filter.textChanged.connect(self._on_keys_filter_text_changed)
        self.keys_filter.returnPressed.connect(self._on_keys_filter_return_pressed)
        keys_box = QGroupBox(self.tr("1. Key"), self)
        kl = QVBoxLayout(keys_box)
        kl.addWidget(self.keys_filter)
        kl.addWidget(self.keys_view)

        # Types and value.
        self.key_label = QLabel(self.tr("Choose a key on the left."), self)
        self.key_label.setWordWrap(True)
        self.filter_edit = QLineEdit(self)
        self.filter_edit.setPlaceholderText(self.tr("Filter values by code or description (e.g. 'euro', 'berlin')"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setAccessibleName(self.tr("Filter values"))
        self.filter_edit.setToolTip(
            self.tr(
                "Show only the values whose code, description or legacy name has every word "
                "typed here; Enter sets the first match"
            )
        )
        bound(self.filter_edit, SEARCH_MAX)
        self.filter_edit.textChanged.connect(self._on_filter_edit_text_changed)
        self.filter_edit.returnPressed.connect(self._on_filter_edit_return_pressed)
        self.types_model = RowTableModel(translated_columns(TYPE_COLUMNS), parent=self)
        self.types_view = _table(self.types_model, self.tr("Values of the chosen key"), self)
        self.types_view.setToolTip(
            self.tr("The values of the chosen key; choose one to preview it, double-click to set it")
        )
        self.types_view.selectionModel().currentRowChanged.connect(self._on_types_current_changed)
        self.types_view.doubleClicked.connect(self._on_types_double_clicked)
        self.count_label = a11y.VerdictLabel(self)
        a11y.verdict(self.count_label, self.tr("Number of values shown"))
        self.value_edit = QLineEdit(self)
        self.value_edit.setPlaceholderText(value_placeholder(None, []))
        self.value_edit.setAccessibleName(self.tr("Value"))
        self.value_edit.setMinimumWidth(self.fontMetrics().horizontalAdvance("M") * 8)
        bound(self.value_edit, VALUE_MAX)
        self.value_edit.setToolTip(
            self.tr("The value to set for the chosen key (several subtags joined by '-'); Enter sets it")
        )
        self.value_edit.textChanged.connect(self._on_value_edit_text_changed)
        self.value_edit.returnPressed.connect(self.set_keyword_from_input)
        self.value_status = _MessageLabel(self)
        a11y.verdict(self.value_status, self.tr("Value check"))
        self.set_button = QPushButton(self.tr("Set in tag"), self)
        self.set_button.setToolTip(
            self.tr("Write this keyword into the tag's -u- part (replacing the key's old value)")
        )
        self.set_button.setAccessibleName(self.tr("Set the keyword in the tag"))
        self.set_button.clicked.connect(self.set_keyword_from_input)
        value_label = QLabel(self.tr("Val&ue:"), self)
        value_label.setBuddy(self.value_edit)
        value_row = QHBoxLayout()
        value_row.addWidget(value_label)
        value_row.addWidget(self.value_edit, 1)
        value_row.addWidget(self.set_button)
        types_box = QGroupBox(self.tr("2. Value"), self)
        tl = QVBoxLayout(types_box)
        tl.addWidget(self.key_label)
        tl.addWidget(self.filter_edit)
        tl.addWidget(self.types_view, 1)
        tl.addWidget(self.count_label)
        tl.addLayout(value_row)
        tl.addWidget(self.value_status)

        # The tag's -u- part.
        self.keywords_list = QListWidget(self)
        self.keywords_list.setAccessibleName(self.tr("Keywords in the tag"))
        self.keywords_list.setWordWrap(True)
        self.keywords_list.setToolTip(
            self.tr(
                "The -u- attributes and keywords of the current tag; choose a keyword to edit "
                "its value on the left, or remove it"
            )
        )
        self.keywords_list.currentRowChanged.connect(self._on_keywords_current_changed)
        self.remove_button = QPushButton(self.tr("Remove"), self)
        self.remove_button.setToolTip(self.tr("Remove the chosen keyword or attribute from the tag (Delete)"))
        self.remove_button.setShortcut("Delete")
        self.remove_button.setAccessibleName(self.tr("Remove the chosen keyword or attribute"))
        self.remove_button.setEnabled(False)
        self.remove_button.clicked.connect(self.remove_selected)
        self.attribute_edit = QLineEdit(self)
        self.attribute_edit.setPlaceholderText(self.tr("attribute", "placeholder of the -u- attribute field"))
        self.attribute_edit.setAccessibleName(self.tr("New attribute"))
        self.attribute_edit.setToolTip(
            self.tr("A -u- attribute to add (RFC 6067: 3 to 8 letters or digits); Enter adds it")
        )
        bound(self.attribute_edit, VALUE_MAX)
        self.attribute_edit.returnPressed.connect(self.add_attribute_from_input)
        self.attribute_button = QPushButton(self.tr("Add attribute"), self)
        self.attribute_button.setAccessibleName(self.tr("Add the attribute"))
        self.attribute_button.setToolTip(self.tr("Add the attribute typed on the left to the tag's -u- part"))
        self.attribute_button.clicked.connect(self.add_attribute_from_input)
        attr_row = QHBoxLayout()
        attr_row.addWidget(self.attribute_edit, 1)
        attr_row.addWidget(self.attribute_button)
        self.preview = QLineEdit(self)
        self.preview.setReadOnly(True)
        self.preview.setAccessibleName(self.tr("Preview of the whole tag"))
        self.preview.setToolTip(
            self.tr(
                "Exactly the tag Set writes: the current tag with the value above set, -u- in canonical order "
                "(RFC 6067) and every subtag in canonical case (RFC 5646 §2.1.1)"
            )
        )
        self.messages = QListWidget(self)
        self.messages.setAccessibleName(self.tr("Messages about the preview"))
        self.messages.setWordWrap(True)
        self.messages.setToolTip(self.tr("What the tag engine says about the preview"))
        self.legacy_edit = QLineEdit(self)
        self.legacy_edit.setAccessibleName(self.tr("Legacy LDML keywords"))
        self.legacy_edit.setPlaceholderText(self.tr("e.g. de_DE@collation=phonebook;currency=DDM"))
        self.legacy_edit.setToolTip(
            self.tr("The tag in legacy LDML syntax; type or paste one and press Enter to use it")
        )
        bound(self.legacy_edit, VALUE_MAX)
        self.legacy_edit.returnPressed.connect(self.apply_legacy_input)
        self.legacy_status = _MessageLabel(self)
        a11y.verdict(self.legacy_status, self.tr("Legacy form check"))
        self.legacy_edit.textEdited.connect(lambda _text: self.legacy_status.setText(""))
        self.attribute_status = _MessageLabel(self)
        a11y.verdict(self.attribute_status, self.tr("Attribute check"))
        # A message speaks about the text it was made for: editing or clearing the field retires it.
        self.attribute_edit.textChanged.connect(lambda _text: self.attribute_status.setText(""))
        tag_box = QGroupBox(self.tr("3. In the tag"), self)
        gl = QVBoxLayout(tag_box)
        gl.addWidget(self.keywords_list, 1)
        rm_row = QHBoxLayout()
        rm_row.addStretch(1)
        rm_row.addWidget(self.remove_button)
        gl.addLayout(rm_row)
        gl.addLayout(attr_row)
        gl.addWidget(self.attribute_status)
        # Labels above the fields: both hold whole tags, which need the pane's full width.
        preview_label = QLabel(self.tr("&Preview (what Set writes):"), self)
        preview_label.setWordWrap(True)  # a label's text must not set the column's least width
        preview_label.setToolTip(self.preview.toolTip())
        preview_label.setBuddy(self.preview)
        legacy_label = QLabel(self.tr("Legacy LDML (@&key=type):"), self)
        legacy_label.setWordWrap(True)
        legacy_label.setToolTip(self.legacy_edit.toolTip())
        legacy_label.setBuddy(self.legacy_edit)
        gl.addWidget(preview_label)
        gl.addWidget(self.preview)
        gl.addWidget(legacy_label)
        gl.addWidget(self.legacy_edit)
        gl.addWidget(self.legacy_status)
        messages_label = QLabel(self.tr("&Messages:"), self)
        messages_label.setBuddy(self.messages)
        gl.addWidget(messages_label)
        gl.addWidget(self.messages, 1)

        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("builder_splitter")
        self.splitter.addWidget(keys_box)
        self.splitter.addWidget(types_box)
        self.splitter.addWidget(tag_box)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setStretchFactor(2, 3)
        self.splitter.setSizes([260, 400, 400])
        self._splitter_fitted_by_user = False
        self.splitter.splitterMoved.connect(self._on_splitter_moved)
        self._keys_box = keys_box
        layout = QVBoxLayout(self)
        layout.addWidget(self.splitter)

        # Tab follows the numbered boxes: keys, then filter, values and value, then the tag's own part.
        chain: list[QWidget] = [self.keys_filter, self.keys_view, self.filter_edit, self.types_view, self.value_edit,
                                self.set_button,
                                self.keywords_list, self.remove_button, self.attribute_edit, self.attribute_button,
                                self.preview, self.legacy_edit, self.messages]  # fmt: skip
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)

    def restore_splitter(self, state: QByteArray) -> bool:
        """Restore the splitter from saved *state*; return whether it could be used."""
        if state.isEmpty() or not self.splitter.restoreState(state):
            return False
        self._splitter_fitted_by_user = True
        return True

    def _on_splitter_moved(self, _pos: int, _index: int) -> None:
        self._splitter_fitted_by_user = True

    def _fit_splitter(self) -> None:
        """Give the keys box room for its names (28% of the pane at most: they wrap), values more than the tag."""
        view = self.keys_view
        # The Name column stretches, so its current width says nothing: measure the names themselves.
        wanted = view.columnWidth(0) + self.needed_key_width()
        wanted += view.verticalScrollBar().sizeHint().width() + 2 * view.frameWidth() + 30  # box margins
        total = self.splitter.width() - 2 * self.splitter.handleWidth()
        keys = min(wanted, total * 28 // 100)
        rest = total - keys
        self.splitter.setSizes([keys, rest * 11 // 20, rest - rest * 11 // 20])

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Keep the columns fitted to the width until the user moves the splitter."""
        super().resizeEvent(event)
        if not self._splitter_fitted_by_user:
            self._fit_splitter()

    def needed_key_width(self) -> int:
        """Return the width the Name column needs to show the longest key name unclipped."""
        metrics = self.keys_view.fontMetrics()
        return max(metrics.horizontalAdvance(self.keys_model.cells(r)[1]) for r in self.keys_model.rows()) + 12

    # Public API ------------------------------------------------------------------------------------------
    def focus_input(self) -> None:
        """Put the keyboard focus on the keys' filter box (type to filter, Enter takes the first key)."""
        self.keys_filter.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _on_keys_filter_text_changed(self, text: str) -> None:
        words = fold(text).split()
        rows = [
            r for r in self._key_rows if all(w in fold(f"{r.key} {r.name} {r.description} {r.legacy}") for w in words)
        ]
        if words:
            q = fold(text.strip())
            rows.sort(key=lambda r: (r.key != q, not r.key.startswith(q), r.deprecated))
        self.keys_model.set_rows(rows)
        if rows:
            self.keys_view.selectRow(0)
            self.keys_view.setCurrentIndex(self.keys_model.index(0, 0))

    def _on_keys_filter_return_pressed(self) -> None:
        # Enter takes the first key shown and moves on to its values, like every other picker.
        if self.keys_model.rows():
            self.keys_view.setCurrentIndex(self.keys_model.index(0, 0))
            self.filter_edit.setFocus(Qt.FocusReason.OtherFocusReason)

    def choose_key(self, key: str) -> bool:
        """Make *key* the chosen key; return whether CLDR knows it."""
        if self.keys_filter.text() and key.lower() not in (r.key for r in self.keys_model.rows()):
            self.keys_filter.clear()  # a key asked for by name is always reachable
        for row, k in enumerate(self.keys_model.rows()):
            if k.key == key.lower():
                self.keys_view.selectRow(row)
                self.keys_view.setCurrentIndex(self.keys_model.index(row, 0))
                return True
        return False

    def choose_type(self, name: str) -> bool:
        """Select type *name* of the chosen key in the types table; return whether it is shown."""
        for row, t in enumerate(self.types_model.rows()):
            if t.name == name.lower():
                index = self.types_model.index(row, 0)
                self.types_view.setCurrentIndex(index)
                self.types_view.scrollTo(index)
                return True
        return False

    def keywords(self) -> list[tuple[str, list[str]]]:
        """Return the tag's keywords as the builder lists them."""
        return [(k, list(t)) for k, t in self._keywords]

    def attributes(self) -> list[str]:
        """Return the tag's attributes."""
        return list(self._attributes)

    def set_keyword_from_input(self) -> bool:
        """Write the chosen key with the value in the value box into the tag; return whether it was written."""
        if self._key is None:
            return False
        value = self.value_edit.text().strip().lower().replace("_", "-")
        error = self._value_error(value)
        if error:
            self._show_value_status("error", error)
            return False
        types = [v for v in value.split("-") if v]
        keywords = [(k, t) for k, t in self._keywords if k != self._key.key]
        keywords.append((self._key.key, types))
        self._write(self._attributes, keywords)
        self.keyword_set.emit(self._key.key, value)
        return True

    def remove_selected(self) -> None:
        """Remove the chosen keyword or attribute from the tag."""
        item = self.keywords_list.currentItem()
        if item is None:
            return
        kind, name = item.data(Qt.ItemDataRole.UserRole)
        if kind == "attribute":
            self._write([a for a in self._attributes if a != name], self._keywords)
        else:
            self._write(self._attributes, [(k, t) for k, t in self._keywords if k != name])

    def add_attribute_from_input(self) -> bool:
        """Add the attribute in the attribute box to the tag; return whether it was added."""
        text = self.attribute_edit.text().strip().lower()
        if not (3 <= len(text) <= 8 and text.isascii() and text.isalnum()):
            self.attribute_status.setText(
                self.tr("✘ '{text}' is not an attribute: it needs 3 to 8 ASCII letters or digits (RFC 6067).").format(
                    text=text
                )
            )
            return False
        if text not in self._attributes:
            self._write([*self._attributes, text], self._keywords)
        self.attribute_edit.clear()
        self.attribute_status.setText("")
        return True

    def apply_legacy_input(self) -> bool:
        """Read the legacy box (de_DE@collation=phonebook) and make it the tag; return whether it worked."""
        text = self.legacy_edit.text().strip()
        if not text:
            return False
        conv = ldml.legacy_to_bcp47(text, self._cldr)
        if conv.result is None or conv.errors:
            self.legacy_status.setText("✘ " + "; ".join(conv.errors or (self.tr("cannot read this legacy locale id"),)))
            return False
        self._state.set_tag(conv.result)
        notes = "; ".join(conv.notes)
        if notes:
            self.legacy_status.setText(self.tr("✔ Read as {tag} ({notes})").format(tag=conv.result, notes=notes))
        else:
            self.legacy_status.setText(self.tr("✔ Read as {tag}").format(tag=conv.result))
        return True

    # Slots ---------------------------------------------------------------------------------------------
    def _on_state_tag_changed(self, tag: str) -> None:
        if len(tag) > _TAG_LIMIT:
            # A pasted megabyte is not a tag: say so rather than parse it on every change.
            self._attributes, self._keywords = [], []
            self._fill_keywords()
            self.preview.setText("")
            self.messages.clear()
            self.messages.addItem(
                self.tr(
                    "The current tag is {length} characters long; the builder works on tags "
                    "of up to {limit} characters."
                ).format(length=format_number(len(tag)), limit=format_number(_TAG_LIMIT))
            )
            return
        parsed = self._engine.u_keywords(tag)
        self._attributes = list(parsed.attributes)
        self._keywords = [(key, list(types)) for key, types in parsed.keywords]
        self._fill_keywords()
        if not self.legacy_edit.hasFocus():
            self._show_legacy(tag)
        if self._key is not None:
            # The Value field shows what the new tag holds for the chosen key: a value typed but never set
            # belongs to the old tag, and must not slip into the preview of this one.
            current = dict(self._keywords).get(self._key.key)
            self.value_edit.blockSignals(True)
            self.value_edit.setText("-".join(current) if current else "")
            self.value_edit.blockSignals(False)
            self._check_value()
        self._update_preview()

    def _on_keys_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not current.isValid():
            return
        row = self.keys_model.row_at(current.row())
        self._key = key = self._cldr.u_key(row.key)
        if key is None:  # the rows are made from the same CLDR data, so every key is there
            return
        if row.key not in self._type_rows:
            self._type_rows[row.key] = type_rows(key) or self._class_rows(key)
        self.value_edit.setPlaceholderText(value_placeholder(key, self._type_rows[row.key]))
        text = f"<b>{row.key}</b> — {_esc(row.name)}: {_esc(row.description)}"
        if row.help:
            text += "<br>" + self.tr("<i>Values:</i> {help}").format(help=_esc(row.help))
        if key.has_true:
            text += "<br>" + self.tr("The key alone means 'true' (kn = kn-true); leave the value empty for that.")
        self.key_label.setText(text)
        self.filter_edit.clear()
        self._fill_types()
        current_value = dict(self._keywords).get(row.key)
        self.value_edit.setText("-".join(current_value) if current_value else "")
        self._check_value()
        self._update_preview()

    def _on_filter_edit_text_changed(self, _text: str) -> None:
        self._fill_types()

    def _on_filter_edit_return_pressed(self) -> None:
        # Enter in the filter takes the first match, so the keyboard alone builds a keyword.
        if self.types_model.rowCount() and self.choose_type(self.types_model.row_at(0).name):
            self.set_keyword_from_input()

    def _on_types_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self.value_edit.setText(self.types_model.row_at(current.row()).name)

    def _on_types_double_clicked(self, index: QModelIndex) -> None:
        if index.isValid():
            self.value_edit.setText(self.types_model.row_at(index.row()).name)
            self.set_keyword_from_input()

    def _on_value_edit_text_changed(self, _text: str) -> None:
        self._check_value()
        self._update_preview()

    def _on_keywords_current_changed(self, row: int) -> None:
        item = self.keywords_list.item(row) if row >= 0 else None
        data = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        had_focus = self.remove_button.hasFocus()
        self.remove_button.setEnabled(data is not None)
        if had_focus and data is None:
            self.keywords_list.setFocus(Qt.FocusReason.OtherFocusReason)
        if data is not None and data[0] == "keyword" and (self._key is None or self._key.key != data[1]):
            # Choosing a keyword of the tag opens its key, so its value can be changed there.
            self.choose_key(data[1])

    # Internals -----------------------------------------------------------------------------------------
    def _write(self, attributes: list[str], keywords: list[tuple[str, list[str]]]) -> None:
        tag = self._engine.with_u_keywords(self._state.tag(), attributes, keywords)
        self._state.set_tag(self.in_canonical_case(tag))

    def in_canonical_case(self, tag: str) -> str:
        """Return well-formed *tag* in RFC 5646 §2.1.1 case (Latn, US, the rest lowercase); others unchanged."""
        result = self._engine.check(tag)
        if not result.well_formed or not result.subtags:
            return tag
        if result.grandfathered:
            record = self._engine.registry.tag_record(result.grandfathered)
            return record.code if record is not None and len(result.grandfathered) == len(tag) else tag
        parts, singleton_seen = [], False
        for sub in result.subtags:
            singleton_seen = singleton_seen or sub.role is Role.SINGLETON
            parts.append(cased("" if singleton_seen else str(sub.role), sub.text))
        joined = "-".join(parts)
        return joined if joined.lower() == tag.lower() else tag

    def _fill_types(self) -> None:
        rows = self._type_rows.get(self._key.key, []) if self._key is not None else []
        shown = filter_rows(rows, self.filter_edit.text())
        self.types_model.set_rows(shown)
        if self._key is None:
            self.count_label.setText("")
        elif not rows:
            self.count_label.setText(self.tr("No listed values: type one below."))
        else:
            count = ngettext("{shown} of {total} value", "{shown} of {total} values", len(rows))
            self.count_label.setText(count.format(shown=format_number(len(shown)), total=format_number(len(rows))))
        self.types_view.resizeColumnToContents(0)
        # Long type names (ethiopic-amete-alem) must not push the descriptions out of sight.
        limit = max(80, self.types_view.viewport().width() * 2 // 5)
        if self.types_view.columnWidth(0) > limit:
            self.types_view.setColumnWidth(0, limit)

    def _class_rows(self, key: CldrKey) -> list[TypeRow]:
        """Return the listed values of a region or subdivision key, named from CLDR's names when they load."""
        if not set(key.value_classes) & {"RG_KEY_VALUE", "SUBDIVISION_CODE"}:
            return []
        region_name = subdivision_name = None
        try:
            from ..core.data import bundled_namer

            namer = bundled_namer()
            region_name = lambda code: namer.region_name(code, "en")  # noqa: E731
            subdivision_name = lambda code: namer.subdivision_name(code, "en")  # noqa: E731
        except (DataError, NamesPackError, OSError):  # the names are a nicety: the registry's descriptions serve
            log.log(logging.WARNING, "region and subdivision names are not available", exc_info=True)
        return class_value_rows(key, self._cldr, self._engine.registry, region_name, subdivision_name)

    def _value_error(self, value: str) -> str | None:
        if self._key is None:
            return self.tr("Choose a key first.")
        if not value:
            return None if self._key.has_true else self.tr("Key '{key}' needs a value.").format(key=self._key.key)
        error = self._cldr.validate_value(self._key.key, value, is_script=self._is_script, is_region=self._is_region)
        return None if error is None else str(error)

    def _is_script(self, code: str) -> bool:
        return self._engine.registry.get("script", code) is not None

    def _is_region(self, code: str) -> bool:
        return self._engine.registry.get("region", code) is not None

    def _check_value(self) -> None:
        if self._key is None:
            self.set_button.setEnabled(False)
            self.value_status.setText("")
            return
        value = self.value_edit.text().strip().lower().replace("_", "-")
        error = self._value_error(value)
        self.set_button.setEnabled(error is None)
        shown = f"{self._key.key}-{value}" if value else self._key.key
        # The button names the keyword it writes, shortened: a long value must not widen the column.
        shown = shown if len(shown) <= 14 else shown[:13] + "…"
        self.set_button.setText(
            self.tr("Set {keyword}").format(keyword=shown) if error is None else self.tr("Set in tag")
        )
        if error and not value:
            self._show_value_status("hint", self.tr("Choose a value in the list or type one."))
            return
        if error:
            self._show_value_status("error", error)
            return
        t = self._key.types.get(value) if value else None
        if t is not None and t.deprecated:
            if t.preferred:
                warning = self.tr("'{value}' is deprecated; use '{preferred}'.").format(
                    value=value, preferred=t.preferred
                )
            else:
                warning = self.tr("'{value}' is deprecated.").format(value=value)
            self._show_value_status("warning", warning)
        elif t is not None:
            self._show_value_status("ok", f"{value}: {t.description}")
        elif value:
            self._show_value_status(
                "ok", self.tr("{value}: a valid value for {key}").format(value=value, key=self._key.key)
            )
        else:
            self._show_value_status("ok", self.tr("{key} alone means 'true'").format(key=self._key.key))

    def _show_value_status(self, level: str, text: str) -> None:
        mark = {"error": "✘ ", "warning": "⚠ ", "ok": "✔ "}.get(level, "")
        self.value_status.setText(mark + text)
        self.value_status.setProperty("level", level)
        self._colour_value_status()

    def _colour_value_status(self) -> None:
        # The mark (✘ ⚠ ✔) says the level; the colour only repeats it, in the current palette's shade.
        level = self.value_status.property("level")
        severity = {"error": "error", "warning": "warning"}.get(str(level))
        pal = QPalette(self.palette())
        if severity is not None:
            pal.setColor(QPalette.ColorRole.WindowText, severity_colour(severity, self.palette()))
        self.value_status.setPalette(pal)

    def changeEvent(self, event: QEvent) -> None:
        """Recolour the value check when the palette switches between light and dark."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._built:
            self._colour_value_status()

    def _fill_keywords(self) -> None:
        self.keywords_list.clear()
        for attr in self._attributes:
            item = QListWidgetItem(self.tr("{attribute}  (attribute)").format(attribute=attr))
            item.setData(Qt.ItemDataRole.UserRole, ("attribute", attr))
            item.setToolTip(self.tr("A -u- attribute (RFC 6067); CLDR defines none in use today."))
            self.keywords_list.addItem(item)
        for key, types in self._keywords:
            k = self._cldr.u_key(key)
            value = "-".join(types)
            desc = k.name if k is not None else self.tr("unknown key")
            t = k.types.get(value) if k is not None and value else None
            if t is not None:
                desc += f": {t.description}"
                if t.deprecated and t.preferred:
                    desc = self.tr("{description} (deprecated; use {value})").format(
                        description=desc, value=t.preferred
                    )
                elif t.deprecated:
                    desc = self.tr("{description} (deprecated)").format(description=desc)
            item = QListWidgetItem(f"{key}-{value}  —  {desc}" if value else f"{key}  —  {desc}")
            item.setData(Qt.ItemDataRole.UserRole, ("keyword", key))
            item.setToolTip(k.description if k is not None else self.tr("Not a key in CLDR"))
            self.keywords_list.addItem(item)
        if not self._attributes and not self._keywords:
            item = QListWidgetItem(self.tr("(no -u- keywords in the tag)"))
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            item.setData(Qt.ItemDataRole.UserRole, None)
            self.keywords_list.addItem(item)
        had_focus = self.remove_button.hasFocus()
        self.remove_button.setEnabled(False)
        if had_focus:
            self.keywords_list.setFocus(Qt.FocusReason.OtherFocusReason)  # never leave the keyboard on a dead button

    def _show_legacy(self, tag: str) -> None:
        if not tag:
            self.legacy_edit.clear()
            return
        conv = ldml.bcp47_to_legacy(tag, self._cldr)
        self.legacy_edit.setText(conv.result or "")
        self.legacy_edit.setCursorPosition(0)  # show the language first, not the tail
        if conv.result is None and conv.errors:
            self.legacy_status.setText(
                self.tr("Legacy form unavailable: {errors}").format(errors="; ".join(conv.errors))
            )
        else:
            self.legacy_status.setText("")

    def preview_tag(self) -> str:
        """Return the tag the builder would write now: the current tag with the value box's keyword set."""
        tag = self._state.tag()
        keywords = list(self._keywords)
        if self._key is not None:
            value = self.value_edit.text().strip().lower().replace("_", "-")
            if self._value_error(value) is None:
                keywords = [(k, t) for k, t in keywords if k != self._key.key]
                keywords.append((self._key.key, [v for v in value.split("-") if v]))
        return self.in_canonical_case(self._engine.with_u_keywords(tag, self._attributes, keywords))

    def _update_preview(self) -> None:
        tag = self.preview_tag()
        self.preview.setText(shown_text(tag))  # a bidi control in the tag is named, never obeyed
        self.preview.setCursorPosition(0)
        self.messages.clear()
        if not tag:
            return
        result = self._engine.check(tag)
        for diag in result.diagnostics:
            style = severity_style(diag.severity)
            line = self.tr("{severity}: {message}").format(
                severity=style.name.capitalize(), message=with_isolated_quotes(diag.message)
            )
            self.messages.addItem(QListWidgetItem(severity_icon(diag.severity, self), line))
        if not result.diagnostics:
            self.messages.addItem(
                self.tr("✔ No problems: valid.") if result.valid else self.tr("✔ No problems: well-formed.")
            )


_LONG_RUN = 40  # characters: a word longer than this in a message is user text, shortened in the middle
_QUOTES = "'\".,:;()“”‘’"


def fit_message(text: str) -> str:
    """Return *text* with its invisible characters shown and each run longer than _LONG_RUN shortened.

    >>> fit_message("'" + "a" * 5000 + "': not an attribute")
    "'aaaaaaaaaaaaaaaaaaaaaaaa…aaaaaaaaaa (5,000 characters)': not an attribute"
    """
    out = []
    for word in shown_text(text).split(" "):
        if len(word) > _LONG_RUN:
            core = word.strip(_QUOTES)
            start = word.index(core[0]) if core else 0
            lead, tail = word[:start], word[start + len(core) :]
            cut = QCoreApplication.translate("BuilderPane", "{start}…{end} ({count} characters)").format(
                start=core[:24], end=core[-10:], count=format_number(len(core))
            )
            word = f"{lead}{cut}{tail}"
        out.append(word)
    return " ".join(out)


class _MessageLabel(a11y.VerdictLabel):
    """A word-wrapped message that never widens its column: long user text in it is shortened (fit_message)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        # Ignored: the label takes the width the layout gives and wraps in it, instead of asking for the width
        # of its longest word (5,000 characters pasted into a field squeezed Key and Value to 60 px).
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setTextFormat(Qt.TextFormat.PlainText)

    def setText(self, text: str) -> None:
        """Show *text* fitted to the column."""
        fitted = fit_message(text)
        if fitted != super().text():
            super().setText(fitted)
            if fitted:
                a11y.announcer.announce(self, fitted)


def _table(model: QAbstractItemModel, name: str, parent: QWidget) -> QTableView:
    view = QTableView(parent)
    view.setModel(model)
    view.setAccessibleName(name)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.verticalHeader().hide()
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 6)
    view.horizontalHeader().setStretchLastSection(True)
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    view.setWordWrap(False)
    view.setTabKeyNavigation(False)  # Tab moves on to the next control; arrows move inside the table
    return view


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
