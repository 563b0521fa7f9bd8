"""The registry browser: search and filter every record, read all its fields and follow its relations."""

from __future__ import annotations

import html
import logging
import threading
from collections.abc import Iterable, Mapping
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, QObject, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QKeySequence, QPalette, QResizeEvent, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ..core.build.compose import tag_records
from ..core.data import DataError, bundled_name_finder, bundled_sil
from ..core.names.finder import source_text, words
from ..core.registry.diff import RegistryDiff
from ..core.registry.links import links_for
from ..core.registry.model import Record, RecordType, Registry
from ..core.text.catalogue import N_, ngettext
from ..core.text.formats import format_number
from . import a11y
from .bounded import SEARCH_MAX, bound
from .i18n import ltr, shown_date
from .lazy_view import LazyTextBrowser
from .registry_model import RegistryTableModel

if TYPE_CHECKING:
    from ..core.names.finder import NameFinder
    from ..core.names.sil import SilData

log = logging.getLogger(__name__)

__all__ = ["BrowserPane", "SEARCH_DELAY_MS", "SCOPES"]

#: Wait this long after the last keystroke before searching; short enough to feel instant.
SEARCH_DELAY_MS = 60

#: Scope filter values as Registry.search takes them ("none": records without a Scope).
SCOPES = ("macrolanguage", "collection", "special", "private-use", "none")

#: Typical widest content of each column, used to size it (descriptions get a fixed generous width).
_COLUMN_SAMPLES = (
    "grandfathered", "Qaaa..Qabx", "Norwegian Sign Language", "0000-00-00", "0000-00-00", "cmn-Hant",
    "sl-rozaj", "Latn", "zh", "collection",
)  # fmt: skip

#: At most this many of SIL's tag sets are listed on a record card (English has 104).
_SIL_SETS_SHOWN = 8


class _Loader(QObject):
    """Carries SIL's data and the name index from the loader thread to the GUI thread (queued signals)."""

    sil_loaded = Signal(object)
    finder_loaded = Signal(object)


_DEPRECATED_CHOICES = (("", N_("Deprecated or not")), ("no", N_("Not deprecated")), ("yes", N_("Deprecated only")))


def _link(href: str, text: str, title: str = "") -> str:
    t = f' title="{html.escape(title)}"' if title else ""
    return f'<a href="{html.escape(href, quote=True)}"{t}>{html.escape(text)}</a>'


def _record_href(rec: Record) -> str:
    return f"record:{rec.type}:{rec.code}"


class BrowserPane(QWidget):
    """Every registry record in a searchable, sortable table with a details pane."""

    use_in_tag_requested = Signal(str, str)  # (record type, code)
    open_tag_requested = Signal(str)  # a whole tag to open in the editor
    record_shown = Signal(str, str)  # (record type, code) now shown in the details pane
    registration_requested = Signal(str, str)  # (record type to request, Prefix to start with)

    def __init__(self, registry: Registry, parent: QWidget | None = None, *, name_index: bool = True) -> None:
        super().__init__(parent)
        self.setObjectName("BrowserPane")
        self.setAccessibleName(self.tr("Registry browser"))
        self._registry = registry
        self._record: Record | None = None
        # SIL's tag sets for the record card and the one name index for the search: loaded in a thread the
        # first time the pane is shown or a search is typed (never at start-up), searched from then on.
        self._want_names = name_index
        self._loader: _Loader | None = None
        self._sil: SilData | None = None
        self._finder: NameFinder | None = None
        self._found_by: dict[tuple[str, str], tuple[str, str]] = {}  # (type, code) → (name, source) of a name hit
        self._tag_query = ""  # the search text when it reads as a tag (its subtags' records are listed)

        # --- search and filters
        self.search_edit = QLineEdit(placeholderText=self.tr("Search codes, descriptions and comments…  (Ctrl+F)"))
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.setAccessibleName(self.tr("Search the registry"))
        self.search_edit.setToolTip(
            self.tr(
                "Type a code (exact, then prefix) or words of a description; case and accents are ignored.\n"
                "Press Down to move into the results."
            )
        )
        bound(self.search_edit, SEARCH_MAX)
        self.type_combo = QComboBox()
        self.type_combo.setAccessibleName(self.tr("Filter by type"))
        self.type_combo.setToolTip(self.tr("Show only records of one Type"))
        counts = registry.counts()
        self.type_combo.addItem(self.tr("All types ({count})").format(count=format_number(len(registry))), "")
        for t in RecordType:
            self.type_combo.addItem(
                self.tr("{type} ({count})").format(type=t.value, count=format_number(counts.get(t.value, 0))), t.value
            )
        self.scope_combo = QComboBox()
        self.scope_combo.setAccessibleName(self.tr("Filter by scope"))
        self.scope_combo.setToolTip(
            self.tr('Show only records with this Scope ("no scope": ordinary individual subtags)')
        )
        self.scope_combo.addItem(self.tr("Any scope"), "")
        for s in SCOPES:
            self.scope_combo.addItem(self.tr("no scope") if s == "none" else s, s)
        self.deprecated_combo = QComboBox()
        self.deprecated_combo.setAccessibleName(self.tr("Filter by deprecation"))
        self.deprecated_combo.setToolTip(self.tr("Show or hide records that carry a Deprecated date"))
        for value, label in _DEPRECATED_CHOICES:
            self.deprecated_combo.addItem(self.tr(label), value)

        self._comparison: RegistryDiff | None = None
        self._compared_keys: set[tuple[str, str]] = set()
        self.since_combo = QComboBox()
        self.since_combo.setObjectName("since_combo")
        self.since_combo.setAccessibleName(self.tr("Changed since File-Date"))
        self.since_combo.setMaxVisibleItems(25)
        self.since_combo.setToolTip(self.tr(_SINCE_TIP))
        self._fill_since_combo()

        filters = QHBoxLayout()
        filters.addWidget(self.search_edit, 1)
        # Each filter with a visible label: on Linux a screen reader names a combo box by its current value,
        # and by its label through the "labelled by" relation the buddy gives. A row of their own, so the
        # labels do not widen the window.
        self._filter_row = QHBoxLayout()
        for caption, combo in ((self.tr("Type:"), self.type_combo), (self.tr("Scope:"), self.scope_combo),
                               (self.tr("Deprecated:"), self.deprecated_combo),
                               (self.tr("Since:"), self.since_combo)):  # fmt: skip
            self._filter_row.addWidget(a11y.buddy(QLabel(caption), combo))
            self._filter_row.addWidget(combo, 1)
            # Narrow windows shrink the combos (their items are elided), not the window's least width.
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(6)

        self.open_tag_button = QPushButton()
        self.open_tag_button.setObjectName("open_tag_button")
        self.open_tag_button.setAccessibleName(self.tr("Open the searched tag in the editor"))
        self.open_tag_button.setToolTip(self.tr("The search reads as a language tag: open it in the editor (Ctrl+E)"))
        self.open_tag_button.clicked.connect(self._on_open_tag_button_clicked)
        self.open_tag_button.hide()
        open_tag = QShortcut(QKeySequence("Ctrl+E"), self)
        open_tag.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        open_tag.activated.connect(self.open_tag_button.click)
        self.count_label = a11y.VerdictLabel()
        a11y.verdict(self.count_label, self.tr("Result count"))
        self.count_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.count_label.setToolTip(
            self.tr("Records per type in this registry file: {counts}\nSource: {source}").format(
                counts=", ".join(f"{k} {format_number(v)}" for k, v in counts.items()), source=registry.source
            )
        )

        # --- the table
        self.model = RegistryTableModel(parent=self)
        self.table = QTableView()
        self.table.setAccessibleName(self.tr("Registry records"))
        self.table.setToolTip(
            self.tr("The records found; click a column title to sort, Ctrl+Return uses the chosen record")
        )
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setTabKeyNavigation(False)
        vh = self.table.verticalHeader()
        vh.setVisible(False)
        # Fixed row heights: measuring 9,000 rows on every search would cost far more than the search.
        vh.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vh.setDefaultSectionSize(self.fontMetrics().height() + 6)
        hh = self.table.horizontalHeader()
        hh.setSortIndicatorClearable(True)
        hh.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        hh.setSectionsMovable(True)
        hh.setHighlightSections(False)
        self._size_columns()
        hh.setStretchLastSection(True)
        self.table.setSortingEnabled(True)

        # --- details
        self.details = LazyTextBrowser()  # the record card is made when the pane is first seen
        self.details.setAccessibleName(self.tr("Record details"))
        self.details.setToolTip(self.tr("Every field of the chosen record; links show related records or open a tag"))
        self.details.setOpenLinks(False)
        self.details.setOpenExternalLinks(False)
        self.range_label = QLabel(self.tr("&Code:"))  # its text names the range once one is shown
        self.range_combo = QComboBox()
        self.range_combo.setAccessibleName(self.tr("Code inside the range"))
        self.range_combo.setToolTip(self.tr("This record stands for a range of codes: pick the one to use"))
        self.range_combo.setMaxVisibleItems(20)
        self.range_label.setBuddy(self.range_combo)
        self.use_button = QPushButton(self.tr("&Use in tag"))
        self.use_button.setToolTip(self.tr("Put this subtag into the current tag at its proper position (Ctrl+Return)"))
        self.use_button.setAccessibleName(self.tr("Use in tag"))
        self.use_button.setEnabled(False)
        actions = QHBoxLayout()
        actions.addWidget(self.range_label)
        actions.addWidget(self.range_combo, 1)
        actions.addStretch(0)
        actions.addWidget(self.use_button)
        details_box = QWidget()
        dl = QVBoxLayout(details_box)
        dl.setContentsMargins(0, 0, 0, 0)
        dl.addWidget(self.details, 1)
        dl.addLayout(actions)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("browser_splitter")
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(details_box)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setSizes([680, 320])  # scaled to the real width when shown

        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        count_row = QHBoxLayout()
        count_row.addWidget(self.count_label, 1)
        count_row.addWidget(self.open_tag_button)
        layout.addLayout(count_row)
        layout.addWidget(self.splitter, 1)

        # --- behaviour
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SEARCH_DELAY_MS)
        self._timer.timeout.connect(self.refresh)
        self.search_edit.textChanged.connect(self._on_search_edit_text_changed)
        self.search_edit.returnPressed.connect(self._on_search_edit_return_pressed)
        for combo in (self.type_combo, self.scope_combo, self.deprecated_combo, self.since_combo):
            combo.currentIndexChanged.connect(self.refresh)
        self.table.selectionModel().currentRowChanged.connect(self._on_table_current_row_changed)
        self.details.anchorClicked.connect(self._on_details_anchor_clicked)
        self.use_button.clicked.connect(self._on_use_button_clicked)
        down = QShortcut(QKeySequence(Qt.Key.Key_Down), self.search_edit)
        down.setContext(Qt.ShortcutContext.WidgetShortcut)
        down.activated.connect(self._on_search_edit_return_pressed)
        use = QShortcut(QKeySequence("Ctrl+Return"), self)
        use.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        use.activated.connect(self.use_button.click)

        self.refresh()
        self._warmed = False  # the search index is built when the pane is first shown (see showEvent)

    def _warm_up_search(self) -> None:
        self._registry.search("a", limit=1)

    def _size_columns(self) -> None:
        """Give each column room for its header and typical content, measured in the current font."""
        fm = self.table.fontMetrics()
        header_fm = self.table.horizontalHeader().fontMetrics()
        pad = fm.horizontalAdvance("M") * 2  # cell margins plus the sort indicator
        for col, sample in enumerate(_COLUMN_SAMPLES):
            header = str(self.model.headerData(col, Qt.Orientation.Horizontal) or "")
            width = max(fm.horizontalAdvance(sample), header_fm.horizontalAdvance(header)) + pad
            self.table.horizontalHeader().resizeSection(col, width)

    # ------------------------------------------------------------- public API
    def registry(self) -> Registry:
        """Return the registry this pane browses."""
        return self._registry

    def focus_search(self) -> None:
        """Move the keyboard focus to the search box and select its text."""
        self.search_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_edit.selectAll()

    def current_record(self) -> Record | None:
        """Return the record shown in the details pane."""
        return self._record

    def show_record(self, type: str, code: str) -> bool:
        """Select the record of *type* and *code* (search for it if it is not listed); return whether found."""
        rec = self._registry.get(type, code)
        if rec is None:
            return False
        row = self.model.row_of(rec)
        if row < 0:
            # Not among the current results: search for it by its code, with the filters off.
            self.set_filters(
                {"query": rec.code if not rec.is_range else code, "type": "", "scope": "", "deprecated": ""}
            )
            row = self.model.row_of(rec)
        if row >= 0:
            self._select_row(row)
        self._show_details(rec, pick=code)
        return True

    def filters(self) -> dict[str, str]:
        """Return the search text and filters (for saving in the settings)."""
        return {
            "query": self.search_edit.text(),
            "type": self.type_combo.currentData() or "",
            "scope": self.scope_combo.currentData() or "",
            "deprecated": self.deprecated_combo.currentData() or "",
            "since": self.since_combo.currentData() or "",
        }

    def set_filters(self, filters: Mapping[str, str]) -> None:
        """Restore search text and filters; unknown values fall back to "all"; searches at once."""
        for combo, key in ((self.type_combo, "type"), (self.scope_combo, "scope"),
                           (self.deprecated_combo, "deprecated"), (self.since_combo, "since")):  # fmt: skip
            combo.blockSignals(True)
            idx = combo.findData(filters.get(key, ""))
            combo.setCurrentIndex(max(idx, 0))
            combo.blockSignals(False)
        self.search_edit.blockSignals(True)
        self.search_edit.setText(filters.get("query", ""))
        self.search_edit.blockSignals(False)
        self.refresh()

    def visible_records(self) -> list[Record]:
        """Return the records listed in the table, in display order."""
        return self.model.records()

    # ---------------------------------------------------------------- search
    def refresh(self) -> None:
        """Run the search with the current text and filters now and show the results."""
        self._timer.stop()
        self._found_by = {}  # filled again by this search's name hits, if any
        f = self.filters()
        deprecated = {"": None, "no": False, "yes": True}[f["deprecated"]]
        type_, scope = f["type"] or None, f["scope"] or None
        of_tag = tag_records(f["query"], self._registry) if not type_ else []
        self._tag_query = f["query"].strip() if of_tag else ""
        self.open_tag_button.setVisible(bool(of_tag))
        if of_tag:
            self.open_tag_button.setText(self.tr("Open {tag} in the editor").format(tag=ltr(self._tag_query)))
            # A tag: the records of each of its subtags, in tag order (filters other than Type still apply).
            found = [
                r
                for r in of_tag
                if (scope is None or (r.scope or "none") == scope)
                and (deprecated is None or r.is_deprecated == deprecated)
            ]
        elif f["query"].strip():
            types = (type_,) if type_ else None
            found = [
                h.record for h in self._registry.search(f["query"], types=types, scope=scope, deprecated=deprecated)
            ]
            found = self._with_name_hits(f["query"], found, type_, scope, deprecated)
        else:
            # No text: every record that passes the filters, in file order (as search() lists them), without
            # building a hit per record: this runs when the box is cleared and at start-up.
            found = [
                r
                for r in self._registry.records
                if (type_ is None or r.type == type_)
                and (scope is None or (r.scope or "none") == scope)
                and (deprecated is None or r.is_deprecated == deprecated)
            ]
        if f["since"]:
            found = [r for r in found if self._changed_since(r, f["since"])]
        self.model.set_records(found)
        total = len(self._registry)
        shown = self.model.rowCount()
        filtered = f["query"].strip() or f["type"] or f["scope"] or f["deprecated"] or f["since"]
        fields = {
            "shown": format_number(shown),
            "count": format_number(total),
            "tag": ltr(self._tag_query),
            "date": shown_date(self._registry.file_date),
        }
        if of_tag:
            showing = self.tr("Showing the record of each subtag of {tag} ({shown})  ·  registry File-Date {date}")
        elif filtered:
            showing = ngettext(
                "Showing {shown} of {count} record  ·  registry File-Date {date}",
                "Showing {shown} of {count} records  ·  registry File-Date {date}",
                total,
            )
        else:
            showing = ngettext(
                "Showing all {count} record  ·  registry File-Date {date}",
                "Showing all {count} records  ·  registry File-Date {date}",
                total,
            )
        a11y.show(self.count_label, showing.format(**fields))
        # A new search starts on its top hit: keeping an older selection that happens to match again (heploc
        # still matches "Latn" through its Comments) would let Ctrl+Return insert a record no longer in view.
        if shown:
            before = self._record
            self._select_row(0)
            if before is not None and self._record is before:
                self.details.set_html_later(
                    partial(self._details_html, before)
                )  # the same record: its "Found by" line may differ
        else:
            self.table.selectionModel().clearCurrentIndex()
            self._show_details(None)

    def _with_name_hits(
        self, query: str, found: list[Record], type_: str | None, scope: str | None, deprecated: bool | None
    ) -> list[Record]:
        """Merge the name index's hits into the registry's: a code typed in full, exact names, the rest, other names.

        Exact names are the registry's own Descriptions first ("provencal" is the variant provenc), then the
        name index's exact hits ("Deutsch" is de), then the registry's other hits, then the index's others.

        A record found by a name remembers that name and its source, which the details show ("Deutsch",
        autonym (CLDR)). A CLDR dialect name (pt-BR) lists the records of its subtags' language.
        """
        finder = self._finder
        if finder is None or len(query.strip()) < 2:  # one letter names thousands: codes and descriptions say enough
            return found
        kinds = tuple(k for k in ("language", "script", "region") if type_ in (None, k))
        if not kinds:
            return found
        exact: list[Record] = []
        rest: list[Record] = []
        for hit in finder.search(query, (*kinds, "tag") if "language" in kinds else kinds, 30):
            kind, code = hit.kind, hit.code
            if kind == "tag":
                kind, code = "language", code.split("-")[0]
            rec = self._registry.get(kind, code)
            if rec is None or (scope is not None and (rec.scope or "none") != scope):
                continue
            if deprecated is not None and rec.is_deprecated != deprecated:
                continue
            self._found_by.setdefault((rec.type, rec.code.lower()), (hit.name, hit.source))
            (exact if hit.exact else rest).append(rec)
        typed = query.strip().lower()
        codes = [r for r in found if r.code.lower() == typed]
        wanted = sorted(words(query))
        described = [r for r in found if any(sorted(words(d)) == wanted for d in r.descriptions)]
        first = {id(r) for r in codes}
        out = list(codes)
        for group in (described, exact, found, rest):
            for r in group:
                if id(r) not in first:
                    first.add(id(r))
                    out.append(r)
        return out

    # ------------------------------------------------------ changed since
    def _fill_since_combo(self) -> None:
        """List "any time", the compared registry's File-Date, and every Added/Deprecated date, newest first."""
        combo = self.since_combo
        current = combo.currentData() or ""
        combo.blockSignals(True)
        combo.clear()
        combo.addItem(self.tr("Changed any time"), "")
        newest = self._registry.file_date or "9999"
        dates = {d for r in self._registry.records for d in (r.added, r.deprecated) if d and d <= newest}
        if self._comparison is not None:
            dates.add(self._comparison.old_file_date)
        for d in sorted(dates, reverse=True):
            before = self._comparison is not None and d == self._comparison.old_file_date
            if before:
                combo.addItem(self.tr("Changed since {date} (the registry before)").format(date=shown_date(d)), d)
            else:
                combo.addItem(self.tr("Changed since {date}").format(date=shown_date(d)), d)
        combo.setCurrentIndex(max(combo.findData(current), 0))
        combo.blockSignals(False)

    def _changed_since(self, rec: Record, date: str) -> bool:
        if (rec.added or "") >= date or (rec.deprecated or "") >= date:
            return True
        return (
            self._comparison is not None
            and self._comparison.old_file_date >= date
            and ((rec.type, rec.code.lower()) in self._compared_keys)
        )

    def set_comparison(self, diff: RegistryDiff | None) -> None:
        """Know the changes from the registry before (from "What changed"), for the changed-since filter.

        Only a comparison that ends at the registry in use fits it: after going back to an older registry
        the comparison runs from it to a newer one, whose additions this registry does not hold, so the
        filter keeps to the dates in the registry in use (issue 24 item 7).
        """
        if diff is not None and (
            diff.new_file_date != self._registry.file_date or diff.old_file_date >= self._registry.file_date
        ):
            diff = None
        self._comparison = diff
        self._compared_keys = (
            {(r.type, r.code.lower()) for r in diff.added} | {(c.new.type, c.new.code.lower()) for c in diff.changed}
            if diff is not None
            else set()
        )
        self._fill_since_combo()
        self.refresh()

    def show_preview(self, rec: Record) -> None:
        """Show *rec*, a record not (yet) in the registry, in the details pane (the registration preview)."""
        self.table.clearSelection()
        self._show_details(None)
        preview = self.tr("<p><b>Preview of a requested record</b> (not in the registry)</p>")
        self.details.setHtml(preview + self._details_html(rec))

    def _select_row(self, row: int) -> None:
        index = self.model.index(row, 0)
        self.table.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
        )
        self.table.scrollTo(index, QAbstractItemView.ScrollHint.EnsureVisible)
        self._show_details(self.model.record(row))

    def _on_open_tag_button_clicked(self) -> None:
        if self._tag_query:
            self.open_tag_requested.emit(self._tag_query)

    def _on_search_edit_text_changed(self, _text: str) -> None:
        self.load_names()
        self._timer.start()

    def showEvent(self, event: QShowEvent) -> None:
        """Load SIL's data and the name index (in a thread) the first time the pane is shown."""
        super().showEvent(event)
        if not self._warmed:  # build the registry's search index once the pane is up, not on the first keystroke
            self._warmed = True
            QTimer.singleShot(0, self._warm_up_search)
        self.load_names()

    def load_names(self) -> None:
        """Start loading SIL's data, then the one name index, in a worker thread (once); the pane uses them when in."""
        if not self._want_names or self._loader is not None:
            return
        self._loader = loader = _Loader(self)
        loader.sil_loaded.connect(self._on_loader_sil_loaded)
        loader.finder_loaded.connect(self._on_loader_finder_loaded)

        def work() -> None:
            try:
                loader.sil_loaded.emit(bundled_sil())
                loader.finder_loaded.emit(bundled_name_finder())
            except (DataError, OSError, ValueError) as exc:  # the search keeps codes and registry descriptions
                log.warning("the name index or SIL's data is unavailable: %s", exc)
            except RuntimeError:  # the pane was closed meanwhile: there is no one to tell
                pass

        threading.Thread(target=work, name="browser-names", daemon=True).start()

    @property
    def names_ready(self) -> bool:
        """Return whether the search also uses the one name index."""
        return self._finder is not None

    def _on_loader_sil_loaded(self, sil: SilData) -> None:
        self._sil = sil
        if self._record is not None and self._record.type == RecordType.LANGUAGE:
            self.details.set_html_later(partial(self._details_html, self._record))

    def _on_loader_finder_loaded(self, finder: NameFinder) -> None:
        self._finder = finder
        if self.search_edit.text().strip():
            self.refresh()

    def _on_search_edit_return_pressed(self) -> None:
        if self._timer.isActive():
            self.refresh()
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def _on_table_current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self._show_details(self.model.record(current.row()) if current.isValid() else None)

    def _on_use_button_clicked(self) -> None:
        rec = self._record
        if rec is None:
            return
        code = self.range_combo.currentText() if rec.is_range else rec.code
        self.use_in_tag_requested.emit(rec.type, code)

    def _on_details_anchor_clicked(self, url: QUrl) -> None:
        self.follow_link(url.toString())

    def follow_link(self, href: str) -> None:
        """Act on a details link: ``tag:TAG`` opens a tag in the editor, ``record:TYPE:CODE`` shows a record."""
        scheme, _, rest = href.partition(":")
        if scheme == "tag":
            self.open_tag_requested.emit(rest)
        elif scheme == "record":
            type_, _, code = rest.partition(":")
            self.show_record(type_, code)
        elif scheme == "register":
            type_, _, prefix = rest.partition(":")
            self.registration_requested.emit(type_, prefix)
        elif scheme in ("http", "https"):
            from .extensions_view import open_external

            open_external(href)  # only ever from the user's click on the link

    # --------------------------------------------------------------- details
    def _show_details(self, rec: Record | None, pick: str | None = None) -> None:
        if rec is self._record and pick is None and (rec is None or not rec.is_range):
            return  # a range record is shown again: a new search may have named another code inside it
        self._record = rec
        self.use_button.setEnabled(rec is not None)
        is_range = rec is not None and rec.is_range
        self.range_label.setVisible(is_range)
        self.range_combo.setVisible(is_range)
        if rec is None:
            self.details.setHtml(self.tr("<p><i>No record selected.</i></p>"))
            return
        if is_range:
            codes = rec.range_codes(1_000)  # a range is never listed whole: it may hold billions of codes
            if pick is not None and rec.contains(pick) and pick.lower() not in {c.lower() for c in codes}:
                codes.append(pick)
            self.range_combo.clear()
            self.range_combo.addItems(codes)
            first, last = rec.range_bounds or (rec.code, rec.code)
            self.range_label.setText(
                self.tr("&Code ({count} in {range}):").format(
                    count=format_number(rec.range_size), range=ltr(f"{first}–{last}")
                )
            )
            if pick is None and rec.contains(self.search_edit.text().strip()):
                pick = self.search_edit.text().strip()  # the code searched for is the one wanted: start on it
            if pick is not None:
                idx = next((i for i, c in enumerate(codes) if c.lower() == pick.lower()), 0)
                self.range_combo.setCurrentIndex(idx)
        self.details.set_html_later(partial(self._details_html, rec))
        self.record_shown.emit(rec.type, rec.code)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        # Side by side when there is room; stacked in a narrow window so the details stay readable.
        wide = event.size().width() >= 80 * self.fontMetrics().horizontalAdvance("M")
        orientation = Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical
        if self.splitter.orientation() != orientation:
            self.splitter.setOrientation(orientation)
            total = sum(self.splitter.sizes()) or 1000
            self.splitter.setSizes([total * 3 // 5, total - total * 3 // 5])

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange) and self._record is not None:
            # Rich text takes its link colour when it is set, so render again in the new palette.
            self.details.set_html_later(partial(self._details_html, self._record))

    def _details_html(self, rec: Record) -> str:
        reg = self._registry
        esc = html.escape
        title = f"{esc(rec.type)} <b>{esc(rec.code)}</b>"
        link = self.palette().color(QPalette.ColorRole.Link).name()
        self.details.document().setDefaultStyleSheet(f"a {{ color: {link}; }}")
        out = [f"<h3>{title}: {esc(rec.descriptions[0] if rec.descriptions else '')}</h3>"]
        found_by = self._found_by.get((rec.type, rec.code.lower()))
        if found_by is not None:
            out.append(
                "<p>"
                + esc(
                    self.tr("Found by the name “{name}” ({source}).").format(
                        name=found_by[0], source=source_text(found_by[1])
                    )
                )
                + "</p>"
            )
        if rec.is_deprecated:
            if rec.preferred_value:
                deprecated = self.tr("<p><b>Deprecated</b> since {date}; use {preferred} instead.</p>")
            else:
                deprecated = self.tr("<p><b>Deprecated</b> since {date}.</p>")
            preferred = self._value_link(rec, "Preferred-Value", rec.preferred_value)
            out.append(deprecated.format(date=esc(shown_date(rec.deprecated or "")), preferred=preferred))
        if rec.is_range:
            first, last = rec.range_bounds or ("", "")
            out.append(
                self.tr(
                    "<p>A range record: it stands for each of the {count} codes from <b>{first}</b> to "
                    "<b>{last}</b>.</p>"
                ).format(count=format_number(rec.range_size), first=esc(first), last=esc(last))
            )
        out.append("<table cellspacing='0' cellpadding='3'>")
        for name, value in rec.fields:
            known = name in _FIELD_HELP
            label = esc(name) if known else self.tr("{field} <i>(not defined by RFC 5646)</i>").format(field=esc(name))
            help_ = (
                self.tr(_FIELD_HELP[name])
                if known
                else self.tr("A field this program does not know; shown as it is in the file")
            )
            out.append(
                f"<tr><td valign='top' style='white-space: nowrap' title='{esc(help_, quote=True)}'><b>{label}</b></td>"
                f"<td>{self._value_link(rec, name, value)}</td></tr>"
            )
        if rec.line:
            where = self.tr("{line} of {file}").format(line=rec.line, file=esc(reg.source))
            line = self.tr("Line")
            out.append(f"<tr><td style='white-space: nowrap'><b>{line}</b></td><td>{where}</td></tr>")
        out.append("</table>")
        for heading, records in self._relations(rec):
            if not records:
                continue
            items = ", ".join(self._relation_item(r) for r in records)
            heading_text = self.tr("{heading} ({count})").format(
                heading=self.tr(heading), count=format_number(len(records))
            )
            out.append(f"<h4>{esc(heading_text)}</h4><p>{items}</p>")
        if rec.type == RecordType.LANGUAGE and not rec.is_range and not rec.is_deprecated:
            tip = self.tr("Open the registration assistant with this language as the Prefix")
            request = self.tr("Request a new variant for this language…")
            out.append(f"<p>{_link(f'register:variant:{rec.code}', request, tip)}</p>")
        if rec.type == RecordType.LANGUAGE and not rec.is_range and self._sil is not None:
            out.append(self._sil_html(rec, self._sil))
        links = " · ".join(
            _link(url, label, self.tr("Open {url} in your web browser").format(url=url))
            for label, url in links_for(rec)
        )
        out.append(self.tr("<h4>Links (open in your web browser)</h4>") + f"<p>{links}</p>")
        return "".join(out)

    def _sil_html(self, rec: Record, sil: SilData) -> str:
        """List SIL's tag sets of the language: each set's full tag and the tags SIL treats as the same."""
        esc = html.escape
        sets = sil.tagsets_of(rec.code)
        heading = self.tr("SIL's tag sets (langtags data, not the registry)")
        if not sets:
            return (
                f"<h4>{esc(heading)}</h4><p>{esc(self.tr('SIL has no tag set for {code}.').format(code=rec.code))}</p>"
            )
        tip = self.tr("Open this tag in the editor")
        rows = []
        for tags in sets[:_SIL_SETS_SHOWN]:
            full = _link(f"tag:{tags[1]}", tags[1], tip)
            same = ", ".join(_link(f"tag:{t}", t, tip) for t in sorted(tags, key=str.lower) if t != tags[1])
            rows.append(f"<tr><td valign='top' style='white-space: nowrap'><b>{full}</b></td><td>{same}</td></tr>")
        out = [
            f"<h4>{esc(heading)}</h4>",
            "<p>"
            + esc(self.tr("Each full tag (SIL's maximal form), with the tags SIL treats as equivalent."))
            + "</p>",
            "<table cellspacing='0' cellpadding='3'>",
            f"<tr><th align='left'>{esc(self.tr('Full tag'))}</th><th align='left'>{esc(self.tr('Equivalent tags'))}"
            "</th></tr>",
            *rows,
            "</table>",
        ]
        if len(sets) > _SIL_SETS_SHOWN:
            more = self.tr("The first {shown} of SIL's {total} tag sets for {code}.")
            out.append("<p><i>" + esc(more.format(shown=_SIL_SETS_SHOWN, total=len(sets), code=rec.code)) + "</i></p>")
        return "".join(out)

    def _relation_item(self, rec: Record) -> str:
        """Name *rec* once, with its type, and link its records of the same code in other types (cmn: extlang)."""
        item = _link(_record_href(rec), rec.code, rec.description) + f" <small>{html.escape(rec.type)}</small>"
        if rec.is_deprecated:
            item += " " + self.tr("<i>(deprecated)</i>")
        twins = [r for r in self._registry.same_code(rec) if r.type in (RecordType.LANGUAGE, RecordType.EXTLANG)]
        if rec.type == RecordType.LANGUAGE and twins:
            also = ", ".join(_link(_record_href(t), str(t.type), t.description) for t in twins)
            item += " " + self.tr("(also {records})").format(records=also)
        return item

    def _value_link(self, rec: Record, name: str, value: str | None) -> str:
        if value is None:
            return ""
        reg = self._registry
        if name == "Prefix":
            return _link(f"tag:{value}", value, self.tr("Open this tag in the editor"))
        if name == "Suppress-Script" and reg.get("script", value) is not None:
            return _link(f"record:script:{value}", value, self.tr("Show this script"))
        if name == "Macrolanguage" and reg.get("language", value) is not None:
            return _link(f"record:language:{value}", value, self.tr("Show this macrolanguage"))
        if name == "Preferred-Value":
            if rec.is_tag or "-" in value:
                return _link(f"tag:{value}", value, self.tr("Open this tag in the editor"))
            target_type = "language" if rec.type in ("extlang", "language") else rec.type
            if reg.get(target_type, value) is not None:
                return _link(f"record:{target_type}:{value}", value, self.tr("Show the preferred record"))
        return html.escape(value)

    def _relations(self, rec: Record) -> Iterable[tuple[str, list[Record]]]:
        reg = self._registry
        if rec.type == RecordType.LANGUAGE and not rec.is_range:
            yield N_("Variants usable with this language"), reg.variants_for(rec.code)
            yield N_("Extlangs with this prefix"), reg.extlangs_for(rec.code)
            yield N_("Members of this macrolanguage"), reg.members(rec.code)
        if rec.type == RecordType.SCRIPT and not rec.is_range:
            yield N_("Languages whose Suppress-Script is this script"), reg.suppressing_languages(rec.code)
        yield N_("Records replaced by this one"), reg.replaced_by_this(rec)
        if not rec.is_range:
            yield N_("Other records with this code"), reg.same_code(rec)


_SINCE_TIP = N_(
    "Show only records changed since a date: those whose Added or Deprecated date is on or after it, and,\n"
    "after opening a newer registry, those added or changed since the registry before it (when its File-Date\n"
    "is on or after the chosen date). Other edits (a new Comments line) carry no date in the registry itself."
)

_FIELD_HELP = {
    "Type": N_("What kind of subtag or tag this record describes"),
    "Subtag": N_("The subtag (or a range a..b of subtags)"),
    "Tag": N_("The whole tag of a grandfathered or redundant record"),
    "Description": N_("A name of the language, script, region or variant"),
    "Added": N_("The date the record was added to the registry"),
    "Deprecated": N_("The date from which this record should no longer be used"),
    "Preferred-Value": N_("What to use instead (canonicalization replaces it)"),
    "Prefix": N_("A tag this subtag is meant to follow; click to open it in the editor"),
    "Suppress-Script": N_("The script that should not be written with this language"),
    "Macrolanguage": N_("The macrolanguage that encompasses this language"),
    "Scope": N_("macrolanguage, collection, special or private-use"),
    "Comments": N_("Remarks by the registry's reviewer"),
}
