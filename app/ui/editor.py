"""The live tag editor pane: coloured one-line editor, status, breakdown, problems, forms, examples, history.

Keystroke path: the highlighter asks ``EditorPane.result_for(text)`` for the engine's CheckResult (one
check per distinct text, cached) and paints its spans at once, so colours never lag behind the text; a
single-shot timer then refreshes the slower parts (tables, forms, shared TagState) once typing pauses.
"""

from __future__ import annotations

import itertools
import unicodedata
from dataclasses import replace

from PySide6.QtCore import QCoreApplication, QEvent, QModelIndex, QObject, QPoint, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QAction, QGuiApplication, QIcon, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QStyle,
    QTableView,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ..core.build.forms import FORMS, FormValue, compute_forms
from ..core.engine.results import first_fix
from ..core.engine.tag import CheckResult, TagEngine
from ..core.engine.unicode_validity import UnicodeVerdict, unicode_verdict
from ..core.grammar.values import Diagnostic, Fix, Severity
from ..core.registry.model import Registry
from ..core.teaching import examples as examples_data
from ..core.text.catalogue import N_, _, ngettext
from ..core.text.formats import format_number
from ..core.text.said import shown
from . import a11y
from .breakdown import COLUMNS as BREAKDOWN_COLUMNS
from .breakdown import BreakdownModel, BreakdownRow, breakdown_rows, subtag_card_html
from .diagnostics import DiagnosticsList
from .i18n import with_isolated_quotes
from .platform_forms import PlatformFormsBox
from .reserved import ReservedLabel
from .roles import LegendWidget, role_style
from .settings import Settings
from .state import TagState
from .tag_edit import TagHighlighter, TagLineEdit
from .tag_names import TagNamesBar
from .visible import badge_text, is_invisible, shown_message, shown_text

__all__ = ["DEBOUNCE_MS", "FORM_NAMES", "FORM_SHORTCUTS", "EditorPane", "FormValue", "compute_forms"]

#: Delay between the last keystroke and the refresh of tables and forms; the engine is fast, so keep it short.
DEBOUNCE_MS = 15

# Derived from the core's one list of forms (key, labels, shortcut, help, function).
FORM_NAMES = tuple(f.key for f in FORMS)
FORM_LABELS = {f.key: f.label for f in FORMS}
FORM_SHORT_LABELS = {f.key: f.short_label for f in FORMS}
FORM_SHORTCUTS = {f.key: f.shortcut for f in FORMS}
_FORM_HELP = {f.key: f.help for f in FORMS}
_DESCRIPTION_COLUMN = next(i for i, c in enumerate(BREAKDOWN_COLUMNS) if c.header == "Description")
#: Each zoom step scales the tag editor's font by this much; the zoom stays within ZOOM_RANGE steps.
ZOOM_STEP = 1.15
ZOOM_RANGE = (-4, 10)
_EMPTY_STATE = N_(
    "Type a language tag above — a language, then optional script, region and variants, joined by '-' "
    "(sr-Latn-RS, de-CH-1901, zh-Hant-TW) — or pick one from Examples. Each subtag is coloured by its role "
    "as you type, and its problems appear here."
)
_RECORD_ROLES = {"language", "extlang", "script", "region", "variant", "grandfathered"}


#: How much of the text is checked, coloured and listed. Far above any real tag (RFC 5646 §4.4.1 asks
#: software to handle at least 35 characters), low enough that every keystroke stays instant.
CHECK_LIMIT = 1_000


def non_ascii_notes(text: str) -> list[str]:
    """Name every distinct non-ASCII or invisible character of *text* with its position and code point.

    >>> non_ascii_notes("tr-Latı")
    ["'ı' U+0131 LATIN SMALL LETTER DOTLESS I at 6"]
    >>> non_ascii_notes("en\\x00US")
    ["'⟨NUL⟩' U+0000 CONTROL CHARACTER at 2"]
    """
    seen: dict[str, list[int]] = {}
    for i, ch in enumerate(text):
        if ord(ch) > 127 or is_invisible(ch):
            seen.setdefault(ch, []).append(i)
    out = []
    for ch, where in seen.items():
        places = ", ".join(str(i) for i in where[:5]) + (" …" if len(where) > 5 else "")
        note = QCoreApplication.translate("EditorPane", "{character} at {positions}")
        out.append(note.format(character=_character(ch), positions=places))
    return out


def _character(ch: str) -> str:
    """Return *ch* shown, with its code point and Unicode name ("'ı' U+0131 LATIN SMALL LETTER DOTLESS I")."""
    name = unicodedata.name(ch, "CONTROL CHARACTER" if unicodedata.category(ch) == "Cc" else "unnamed character")
    shown = f"⟨{badge_text(ch)}⟩" if is_invisible(ch) else ch  # a bidi control must not reorder the note
    return f"'{shown}' U+{ord(ch):04X} {name}"


class EditorPane(QWidget):
    """Edit the current tag and see it explained: roles, problems, forms."""

    subtag_activated = Signal(str, str)  # (registry record type, code)

    _built = False  # Qt may send events (a palette change) while __init__ is still making the widgets

    def __init__(
        self, state: TagState, engine: TagEngine, registry: Registry, settings: Settings, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("EditorPane")
        self._state = state
        self._engine = engine
        self._registry = registry
        self._settings = settings
        self._cache_text: str | None = None
        self._cache_result = engine.check("")
        self._shown_text: str | None = None
        self._shown_diagnostics: tuple[Diagnostic, ...] | None = None
        self._shown_lead: Diagnostic | None = None  # the repair, listed first when it is the better fix
        self._shown_unicode_errors: tuple[Diagnostic, ...] = ()  # the errors that count for UTS #35 only
        self._forms: dict[str, FormValue] = {}
        self._last_committed = ""
        self._notice_text = ""
        self._notice_for: str | None = None
        self._build()
        self._build_zoom()
        self._built = True
        state.tag_changed.connect(self._on_state_tag_changed)
        if state.tag():
            self.editor.set_text(state.tag())
        self._refresh()

    # Construction ----------------------------------------------------------------------------------------
    def _build(self) -> None:
        self.editor = TagLineEdit(self)
        self.editor.set_tooltip_provider(self.tooltip_at)
        self.highlighter = TagHighlighter(self.editor.document(), self.result_for, self.editor.palette())
        self.editor.textChanged.connect(self._on_editor_text_changed)
        self.editor.return_pressed.connect(self._on_editor_return_pressed)
        self.editor.paste_adjusted.connect(self._on_editor_paste_adjusted)
        self.editor.record_requested_at.connect(self._on_editor_record_requested_at)
        self.editor.focus_left.connect(self.commit_to_history)
        self.editor.palette_changed.connect(self._on_editor_palette_changed)

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self._refresh)

        self.examples_button = QToolButton(self)
        self.examples_button.setText(self.tr("Examples"))
        self.examples_button.setToolTip(self.tr("Annotated example tags: one of each structure, and the traps"))
        self.examples_button.setAccessibleName(self.tr("Examples"))
        self.examples_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.examples_button.setMenu(self.examples_menu(self.examples_button))
        self.history_button = QToolButton(self)
        self.history_button.setText(self.tr("History"))
        self.history_button.setToolTip(self.tr("Tags you used recently (kept between sessions)"))
        self.history_button.setAccessibleName(self.tr("Recent tags"))
        self.history_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.history_button.setMenu(self.history_menu(self.history_button))

        top = QHBoxLayout()
        top.addWidget(self.editor, 1)
        top.addWidget(self.examples_button)
        top.addWidget(self.history_button)

        self.status = a11y.VerdictLabel(self)
        a11y.verdict(self.status, self.tr("Tag status"))
        self.status.setToolTip(self.tr("Whether the tag is well-formed and valid (RFC 5646 §2.2.9), and its problems"))
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # The second verdict, never mixed into the first: is it a valid Unicode locale identifier?
        self.unicode_status = ReservedLabel(1, self)  # its line is kept while hidden
        self.unicode_status.setObjectName("unicode_status")
        a11y.verdict(self.unicode_status, self.tr("Unicode locale identifier status"))
        self.unicode_status.setWordWrap(True)
        self.unicode_status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.unicode_status.setToolTip(
            self.tr(
                "A second verdict, apart from RFC 5646's: whether the tag is a valid Unicode BCP 47 locale identifier "
                "(UTS #35 §3.2 and §3.6 with CLDR 48's data: its -u- keys and types, -t- fields, rg and sd values, no "
                "extlangs or grandfathered tags). 'en-u-xx-yyy' is valid BCP 47 and not a valid Unicode locale id."
            )
        )
        self.notice = ReservedLabel(2, self)  # shown or hidden, what is under it stays put
        self.notice.setWordWrap(True)
        a11y.verdict(self.notice, self.tr("Editor notice"))
        self.notice.hide()
        self.legend = LegendWidget(parent=self)
        self.names_bar = TagNamesBar(self._settings, self._registry, self._engine.cldr, self)
        self.names_bar.names_changed.connect(self._on_names_bar_names_changed)

        # Breakdown table.
        self.breakdown_model = BreakdownModel(self.palette(), self)
        self.breakdown = QTableView(self)
        self.breakdown.setModel(self.breakdown_model)
        self.breakdown.setAccessibleName(self.tr("Subtag breakdown"))
        self.breakdown.setToolTip(
            self.tr(
                "Each subtag with its role and what the registry or CLDR says about it; "
                "choose a row to select the subtag and show its record in the card beside the table"
            )
        )
        self.breakdown.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.breakdown.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.breakdown.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.breakdown.verticalHeader().hide()
        self.breakdown.setWordWrap(False)
        self.breakdown.verticalHeader().setDefaultSectionSize(self.breakdown.fontMetrics().height() + 8)
        self.breakdown.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.breakdown.setTabKeyNavigation(False)  # Tab leaves the table; arrows move inside it
        self.breakdown.setMinimumHeight(self._table_height(self.breakdown, 4))
        header = self.breakdown.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)  # the Description takes the spare width (_fit_breakdown_columns)
        self.breakdown.viewport().installEventFilter(self)  # refit the columns when the table's width changes
        self.breakdown.clicked.connect(self._on_breakdown_clicked)
        self.breakdown.activated.connect(self._on_breakdown_clicked)
        self.breakdown.selectionModel().currentRowChanged.connect(self._on_breakdown_current_row_changed)

        # The record of one subtag, shown on request (Ctrl+click, context menu, a breakdown row) without
        # leaving the editor; its link opens the record in the registry browser.
        self.card = QTextBrowser(self)
        self.card.setObjectName("subtag_card")
        self.card.setAccessibleName(self.tr("Subtag details"))
        self.card.setOpenLinks(False)
        self.card.setTabChangesFocus(True)  # Tab visits the card's link (Enter follows it), then walks on
        self.card.setToolTip(self.tr("The record of the chosen subtag; Ctrl+click a subtag in the tag to show it here"))
        self.card.anchorClicked.connect(self._on_card_anchor_clicked)
        self.card.setMinimumWidth(self.fontMetrics().horizontalAdvance("M") * 14)
        self._card_row: BreakdownRow | None = None
        self._show_card(None)

        self.problems = DiagnosticsList(self)
        self.problems.span_selected.connect(self._on_problems_span_selected)
        self.problems.fix_requested.connect(self._on_problems_fix_requested)

        # Forms.
        forms_box = QGroupBox(self.tr("Forms"), self)
        grid = QGridLayout()
        self.form_fields: dict[str, QLineEdit] = {}
        self.form_buttons: dict[str, QToolButton] = {}
        self.form_warnings: dict[str, QLabel] = {}
        self._form_actions: dict[str, QAction] = {}
        copy_icon = QIcon.fromTheme("edit-copy", self.style().standardIcon(QStyle.StandardPixmap.SP_FileIcon))
        for row, name in enumerate(FORM_NAMES):
            form_label = _(FORM_LABELS[name])
            label = QLabel(self.tr("{form}:").format(form=_(FORM_SHORT_LABELS[name])), forms_box)
            label.setToolTip(self.tr("{form}: {help}").format(form=form_label, help=_(_FORM_HELP[name])))
            field = QLineEdit(forms_box)
            field.setReadOnly(True)
            field.setAccessibleName(form_label)
            label.setBuddy(field)
            field.setMinimumWidth(field.fontMetrics().horizontalAdvance("de-Latn-CH-u-co") + 12)
            action = QAction(copy_icon, self.tr("Copy {form}").format(form=form_label), self)
            action.setShortcut(QKeySequence(FORM_SHORTCUTS[name]))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.setToolTip(
                self.tr("Copy the {form} form ({shortcut})").format(form=form_label, shortcut=FORM_SHORTCUTS[name])
            )
            action.triggered.connect(lambda _checked=False, n=name: self.copy_form(n))
            self.addAction(action)
            button = QToolButton(forms_box)
            action.setIconText(self.tr("Copy"))  # the button shows the short text; menus show the full one
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.setAccessibleName(self.tr("Copy {form}").format(form=form_label))
            button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
            # Beside each form of a tag that is not valid: the form inherits the problem, and says so.
            warning = a11y.VerdictLabel(forms_box)
            a11y.verdict(warning, self.tr("{form}: validity").format(form=form_label))
            warning.hide()
            self.form_fields[name] = field
            self.form_buttons[name] = button
            self.form_warnings[name] = warning
            self._form_actions[name] = action
            grid.addWidget(label, row, 0)
            grid.addWidget(field, row, 1)
            grid.addWidget(warning, row, 2)
            grid.addWidget(button, row, 3)
        grid.setColumnStretch(1, 1)
        self.steps_button = QToolButton(forms_box)
        self.steps_button.setText(self.tr("Show steps"))
        self.steps_button.setCheckable(True)
        self.steps_button.setToolTip(
            self.tr("Show or hide each canonicalization step from the tag as typed to its forms, with the reason")
        )
        self.steps_button.setAccessibleName(self.tr("Show canonicalization steps"))
        # A scrolling view, not a label: a splitter pane does not grow with a wrapped label's height, so a label
        # showed the heading and cut off the steps under it.
        self.steps_view = QTextBrowser(forms_box)
        self.steps_view.setAccessibleName(self.tr("Canonicalization steps"))
        self.steps_view.setTabChangesFocus(True)
        self.steps_view.setToolTip(self.tr("Each step from the tag as typed to its forms, with the rule behind it"))
        self.steps_view.setMinimumHeight(self.fontMetrics().lineSpacing() * 8)
        self.steps_view.hide()
        self.steps_button.toggled.connect(self._on_steps_button_toggled)
        forms_layout = QVBoxLayout(forms_box)
        forms_layout.addLayout(grid)
        forms_layout.addWidget(self.steps_button, 0, Qt.AlignmentFlag.AlignLeft)
        forms_layout.addWidget(self.steps_view, 100)
        # Each platform's form of a valid tag, and the repair of a text that is not one (issue 20).
        self.platforms = PlatformFormsBox(self._engine, forms_box)
        self.platforms.copied.connect(self._show_notice)
        self.platforms.repair_chosen.connect(self._on_platforms_repair_chosen)
        self.platforms.repair_changed.connect(self._on_platforms_repair_changed)
        forms_layout.addWidget(self.platforms)
        forms_layout.addStretch(1)  # a tall window keeps the form rows together at the top

        problems_box = QGroupBox(self.tr("Problems"), self)
        QVBoxLayout(problems_box).addWidget(self.problems)
        breakdown_box = QGroupBox(self.tr("Subtags"), self)
        self.card_splitter = QSplitter(Qt.Orientation.Horizontal, breakdown_box)
        self.card_splitter.setObjectName("editor_card_splitter")
        self.card_splitter.addWidget(self.breakdown)
        self.card_splitter.addWidget(self.card)
        self.card_splitter.setStretchFactor(0, 3)
        self.card_splitter.setStretchFactor(1, 1)
        self.card_splitter.setChildrenCollapsible(False)
        QVBoxLayout(breakdown_box).addWidget(self.card_splitter)

        self.forms_box = forms_box
        lower = QSplitter(Qt.Orientation.Horizontal, self)
        lower.setObjectName("editor_lower_splitter")
        lower.addWidget(problems_box)
        lower.addWidget(forms_box)
        lower.setStretchFactor(0, 2)
        lower.setStretchFactor(1, 3)
        lower.setChildrenCollapsible(False)
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.setObjectName("editor_splitter")
        self.splitter.addWidget(breakdown_box)
        self.splitter.addWidget(lower)
        self.splitter.setChildrenCollapsible(False)
        self._lower_splitter = lower
        saved = self._settings.value("editor/splitter")
        if not saved.isEmpty():
            self.splitter.restoreState(saved)
        self.splitter.splitterMoved.connect(self._on_splitter_moved)

        # Below the tag line everything scrolls: in a small window the tables keep a usable height (and the
        # forms their row height) instead of being squeezed until widgets overlap.
        body = _ScrollBody(self)
        body.setObjectName("editor_body")
        body_layout = QVBoxLayout(body)
        body_layout.setContentsMargins(0, 0, 0, 0)
        body_layout.addWidget(self.notice)
        body_layout.addWidget(self.legend)
        body_layout.addWidget(self.splitter, 1)
        self.scroll_area = QScrollArea(self)
        # Opening the steps (or a tag with more rows) changes the scrolled height a few layout passes later:
        # while the steps are open, each new range brings them back into view.
        self.scroll_area.verticalScrollBar().rangeChanged.connect(self._on_scroll_range_changed)
        self.scroll_area.setObjectName("editor_scroll")
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QScrollArea.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.scroll_area.setWidget(body)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.status)
        layout.addWidget(self.unicode_status)
        layout.addWidget(self.names_bar)
        layout.addWidget(self.scroll_area, 1)

        # Tab goes as the eye reads: tag, its menus, the names' language (the line under the verdicts), the
        # subtags, problems, then the forms and their steps.
        chain: list[QWidget] = [self.editor, self.examples_button, self.history_button, self.names_bar.language_box,
                                self.breakdown, self.card, self.problems.list, self.problems.fix_button]  # fmt: skip
        for name in FORM_NAMES:
            chain += [self.form_fields[name], self.form_buttons[name]]
        chain += [self.steps_button, self.steps_view]
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)

    def _build_zoom(self) -> None:
        """Make the zoom actions of the tag editor's font and apply the saved zoom."""
        self._base_point_size = self.editor.font().pointSizeF()
        self._zoom_actions: list[QAction] = []
        zooms = (
            (self.tr("Zoom &in"), self.tr("Zoom in the tag editor's font ({key})"), ("Ctrl+=", "Ctrl++"), 1),
            (self.tr("Zoom &out"), self.tr("Zoom out the tag editor's font ({key})"), ("Ctrl+-",), -1),
            (self.tr("&Reset zoom"), self.tr("Reset zoom the tag editor's font ({key})"), ("Ctrl+0",), 0),
        )
        for text, tip, keys, step in zooms:
            action = QAction(text, self)
            action.setShortcuts([QKeySequence(k) for k in keys])
            # The editor's keys while the focus is in the editor: another pane (Anatomy) has its own zoom.
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.setToolTip(tip.format(key=keys[0]))
            action.triggered.connect(lambda _checked=False, s=step: self.zoom(s))
            self.addAction(action)
            self._zoom_actions.append(action)
        self._apply_zoom(self._settings.value("editor/zoom"))

    def zoom_actions(self) -> list[QAction]:
        """Return the zoom in, zoom out and reset actions (for the View menu)."""
        return list(self._zoom_actions)

    def zoom(self, step: int) -> int:
        """Make the tag editor's font one step larger (1), smaller (-1) or the default (0); return the zoom."""
        level = 0 if step == 0 else self._settings.value("editor/zoom") + step
        level = self._apply_zoom(level)
        self._settings.set_value("editor/zoom", level)
        return level

    def set_zoom(self, level: int) -> int:
        """Set the tag editor's zoom to *level* steps (kept within ZOOM_RANGE and stored); return it."""
        level = self._apply_zoom(level)
        self._settings.set_value("editor/zoom", level)
        return level

    def _apply_zoom(self, level: int) -> int:
        level = max(ZOOM_RANGE[0], min(ZOOM_RANGE[1], level))
        font = self.editor.font()
        font.setPointSizeF(self._base_point_size * ZOOM_STEP**level)
        self.editor.setFont(font)
        return level

    # Public API ------------------------------------------------------------------------------------------
    def focus_input(self) -> None:
        """Put the keyboard focus in the tag editor and select its text."""
        self.editor.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.editor.selectAll()

    def take_focus_at(self, position: int) -> None:
        """Put the keyboard focus in the tag editor with the cursor at *position* (typing goes on from there)."""
        self.editor.setFocus(Qt.FocusReason.OtherFocusReason)
        cursor = self.editor.textCursor()
        cursor.setPosition(max(0, min(position, len(self.editor.toPlainText()))))
        self.editor.setTextCursor(cursor)

    def text(self) -> str:
        """Return the editor's text."""
        return self.editor.text()

    def set_text(self, text: str) -> None:
        """Replace the editor's text (undoable) and refresh everything now."""
        self.editor.set_text(text)
        self.flush()

    def flush(self) -> None:
        """Run the pending debounced refresh now (tests and benchmarks use it)."""
        if self._timer.isActive():
            self._timer.stop()
        self.names_bar.load_now()
        self._refresh()

    def result(self) -> CheckResult:
        """Return the CheckResult of the editor's text."""
        return self.result_for(self.editor.text())

    def result_for(self, text: str) -> CheckResult:
        """Return the engine's CheckResult for *text* (its first CHECK_LIMIT characters), checking each text once."""
        if text != self._cache_text:
            self._cache_result = self._engine.check(text[:CHECK_LIMIT])
            self._cache_text = text
        return self._cache_result

    def form(self, name: str) -> str | None:
        """Return the current value of form *name* (see FORM_NAMES), or None."""
        form = self._forms.get(name)
        return form.value if form else None

    def copy_form(self, name: str) -> str | None:
        """Copy form *name* ("canonical", "extlang", "unicode", "legacy") to the clipboard and return it."""
        self.flush()
        form = self._forms.get(name)
        label = _(FORM_LABELS[name]) if name in FORM_LABELS else name
        if form is None or not form.value:
            why = form.note if form is not None and form.note else self.tr("there is nothing to copy")
            self._show_notice(self.tr("No {form} form to copy: {why}").format(form=label, why=why))
            return None
        QGuiApplication.clipboard().setText(form.value)
        problem = self._invalid_reason()
        if problem:
            copied = self.tr("Copied the {form} form: {tag} — not a valid tag: {problem}").format(
                form=label, tag=shown_text(form.value), problem=problem
            )
        else:
            copied = self.tr("Copied the {form} form: {tag}").format(form=label, tag=shown_text(form.value))
        self._show_notice(copied)
        self.commit_to_history()
        return form.value

    def form_actions(self) -> list[QAction]:
        """Return the copy actions (with shortcuts) for a main-window menu, in FORM_NAMES order."""
        return [self._form_actions[name] for name in FORM_NAMES]

    def examples_menu(self, parent: QWidget | None = None) -> QMenu:
        """Return a menu of the annotated examples; choosing one puts it in the editor."""
        menu = QMenu(self.tr("&Examples"), parent)
        menu.setToolTipsVisible(True)
        titles = {examples_data.Category.structure: self.tr("Structures (RFC 5646)"),
                  examples_data.Category.trap: self.tr("Traps")}  # fmt: skip
        for category, title in titles.items():
            sub = menu.addMenu(title)
            sub.setToolTipsVisible(True)
            for ex in examples_data.by_category(category):
                action = sub.addAction(f"{ex.tag}\t{_(ex.title)}")  # the core marks them N_: translated here
                action.setToolTip(_(ex.explanation))
                action.setStatusTip(_(ex.explanation))
                action.triggered.connect(lambda _checked=False, e=ex: self.load_example(e))
        return menu

    def history_menu(self, parent: QWidget | None = None) -> QMenu:
        """Return a menu of recent tags, rebuilt from the settings each time it opens."""
        menu = QMenu(self.tr("Recent &tags"), parent)
        menu.aboutToShow.connect(lambda m=menu: self._fill_history_menu(m))
        self._fill_history_menu(menu)
        return menu

    def history(self) -> list[str]:
        """Return the remembered tags, most recent first."""
        history: list[str] = self._settings.value("editor/history")
        return history

    def commit_to_history(self) -> None:
        """Remember the current tag in the persistent history (once, most recent first) if it is well-formed.

        Called whenever a tag settles as the current tag: Enter, leaving the editor, a copy, a fix, an example,
        and every tag another pane makes current (the builder, Use in tag, a Prefix link). Text that is not a
        well-formed tag (a legacy ``de_DE@collation=phonebook``, a control character) is not a tag to reuse.
        """
        text = self.editor.text().strip()
        if not text or text == self._last_committed or not self.result_for(text).well_formed:
            return
        self._last_committed = text
        self._settings.push_history(text)

    def load_example(self, example: examples_data.Example) -> None:
        """Put *example* in the editor and show its explanation."""
        self.set_text(example.tag)
        self.commit_to_history()
        self._show_notice(
            self.tr("Example — {title}: {explanation}").format(
                title=_(example.title), explanation=_(example.explanation)
            )
        )

    def tooltip_at(self, index: int) -> str:
        """Return the hover text for Python index *index*: the subtag, its role, and problems there."""
        result = self.result()
        lines: list[str] = []
        for sub in result.subtags:
            if sub.start <= index < sub.end:
                style = role_style(sub.role)
                lines.append(f"<b>{_esc(shown_text(sub.text))}</b> — {_esc(style.name)}")
                row = self._row_for(sub.start)
                if row is not None and row.description:
                    lines.append(_esc(row.description))
                break
        for diag in result.diagnostics:
            start, end = diag.start, max(diag.end, diag.start + 1)
            if start - (1 if diag.start == diag.end else 0) <= index < end:
                severity = {
                    Severity.ERROR: self.tr("Error"),
                    Severity.WARNING: self.tr("Warning"),
                    Severity.INFO: self.tr("Info"),
                }.get(diag.severity, diag.severity.capitalize())
                line = self.tr("{severity}: {message}").format(
                    severity=severity, message=with_isolated_quotes(shown_message(diag.message))
                )
                lines.append(_esc(line))
        text = self.editor.text()
        if 0 <= index < len(text) and (ord(text[index]) > 127 or is_invisible(text[index])):
            char = _character(text[index])
            if ord(text[index]) > 127:
                what = self.tr("{character} — not ASCII").format(character=char)
            else:
                what = self.tr("{character} — invisible").format(character=char)
            lines.append(_esc(what))
        return "<br>".join(lines)

    # Slots ---------------------------------------------------------------------------------------------
    def _on_editor_text_changed(self) -> None:
        self._timer.start()

    def _on_editor_return_pressed(self) -> None:
        self.flush()
        self.commit_to_history()

    def _on_editor_paste_adjusted(self, note: str) -> None:
        self._show_notice(note)

    def _on_editor_record_requested_at(self, index: int) -> None:
        self.show_subtag_at(index)

    def _on_state_tag_changed(self, tag: str) -> None:
        if tag != self.editor.text():
            # Another pane made this the current tag (the builder, Use in tag, a link): it has settled.
            self.editor.set_text(tag)
            self.flush()
            self.commit_to_history()

    def _on_breakdown_clicked(self, index: QModelIndex) -> None:
        row = self.breakdown_model.row_at(index.row())
        self.editor.select_span(row.start, row.end)
        self._show_card(row)

    def _on_breakdown_current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self._show_card(self.breakdown_model.row_at(current.row()))

    def _on_card_anchor_clicked(self, url: QUrl) -> None:
        # The one way from the editor to the browser: a link the user follows on purpose.
        row = self._card_row
        if url.toString() == "open:browser" and row is not None and row.record_type:
            self.subtag_activated.emit(row.record_type, row.record_code)

    def _on_problems_span_selected(self, start: int, end: int) -> None:
        self.editor.select_span(start, end)
        self.editor.setFocus(Qt.FocusReason.OtherFocusReason)

    def _on_problems_fix_requested(self, tag: str) -> None:
        self.set_text(tag)
        self.commit_to_history()
        self._show_notice(
            self.tr("Applied the fix: the tag is now {tag} (Ctrl+Z in the editor undoes it).").format(
                tag=shown_text(tag)
            )
        )

    def _on_platforms_repair_chosen(self, tag: str) -> None:
        self.set_text(tag)
        self.commit_to_history()
        self._show_notice(self.tr("Used the repair: the tag is now {tag} (Ctrl+Z in the editor undoes it).").format(
            tag=shown_text(tag)))  # fmt: skip

    def _on_steps_button_toggled(self, shown: bool) -> None:
        self.steps_view.setVisible(shown)
        if shown:
            QTimer.singleShot(0, self._reveal_steps)

    def _on_scroll_range_changed(self, _low: int, _high: int) -> None:
        if self.steps_button.isChecked():
            self._reveal_steps()

    def _reveal_steps(self) -> None:
        """Scroll the open steps fully into view: in a short window they lie below the fold."""
        if not self.steps_button.isChecked():
            return
        inner = self.scroll_area.widget()
        if inner is None:
            return
        layout = inner.layout()
        if layout is not None:
            layout.activate()  # the steps' geometry must be known before scrolling to it
        # Not ensureWidgetVisible: for a text view it only brings the text cursor (its first line) into view.
        top = self.steps_view.mapTo(inner, QPoint(0, 0))
        half = self.steps_view.height() // 2
        self.scroll_area.ensureVisible(top.x(), top.y() + half, 0, half)

    def _on_splitter_moved(self, _pos: int, _index: int) -> None:
        self._settings.set_value("editor/splitter", self.splitter.saveState())

    # Internals -----------------------------------------------------------------------------------------
    def show_subtag_at(self, index: int) -> bool:
        """Show the card of the subtag at Python index *index* beside the breakdown; return whether one is there.

        The editor keeps its text, caret and focus: the card is a look, not a move to another pane.
        """
        self.flush()
        for i, row in enumerate(self.breakdown_model.rows()):
            if row.start <= index < row.end or (index == row.end and index > row.start):
                self.breakdown.selectionModel().blockSignals(True)
                self.breakdown.selectRow(i)
                self.breakdown.selectionModel().blockSignals(False)
                self._show_card(row)
                return True
        return False

    def card_text(self) -> str:
        """Return the plain text of the subtag card."""
        return self.card.toPlainText()

    def _show_card(self, row: BreakdownRow | None) -> None:
        self._card_row = row
        self.card.setHtml(subtag_card_html(row, self._registry))

    def _row_for(self, start: int) -> BreakdownRow | None:
        for row in self.breakdown_model.rows():
            if row.start == start:
                return row
        return None

    def _fill_history_menu(self, menu: QMenu) -> None:
        menu.clear()
        history = self.history()
        if not history:
            menu.addAction(self.tr("(no recent tags)")).setEnabled(False)
            return
        for tag in history:
            action = menu.addAction(shown_text(tag).replace("&", "&&"))
            action.triggered.connect(lambda _checked=False, t=tag: self._on_history_chosen(t))
        menu.addSeparator()
        menu.addAction(self.tr("Clear history")).triggered.connect(self._on_history_cleared)

    def _on_history_chosen(self, tag: str) -> None:
        self.set_text(tag)
        self.commit_to_history()

    def _on_history_cleared(self) -> None:
        self._settings.set_value("editor/history", [])
        self._last_committed = ""

    def _show_notice(self, text: str) -> None:
        self._notice_text = text
        self._notice_for = self.editor.text()
        self._render_notice()

    def _render_notice(self) -> None:
        parts = [self._notice_text]
        full = self.editor.text()
        if len(full) > CHECK_LIMIT:
            parts.append(self.tr("The text is {length} characters long: only the first {limit} are checked "
                                 "and coloured. No language tag is that long; is this the right text?").format(
                length=format_number(len(full)), limit=format_number(CHECK_LIMIT)))  # fmt: skip
        foreign = non_ascii_notes(full[:CHECK_LIMIT])
        if foreign:
            parts.append(self.tr("Non-ASCII or invisible input: {characters}. A tag may hold only "
                                 "ASCII letters, digits and '-' (RFC 5646 §2.1); the marked characters make it "
                                 "ill-formed.").format(characters="; ".join(foreign)))  # fmt: skip
        text = "\n".join(p for p in parts if p)
        self.notice.setVisible(bool(text))
        a11y.show(self.notice, text)

    def _refresh(self) -> None:
        text = self.editor.text()
        if text == self._shown_text:
            return
        if text != self._notice_for:
            # A notice speaks about the text it was made for; the next edit retires it.
            self._notice_text = ""
        self._shown_text = text
        result = self.result_for(text)
        rows = self._with_names(breakdown_rows(result, self._registry, self._engine.cldr), text)
        if rows != self.breakdown_model.rows():  # skip the view reset (and its repaint) when nothing changed
            self.breakdown_model.set_rows(rows)
            self._fit_breakdown_columns()
            # The card speaks of one subtag: keep it while that subtag is still there, else empty it.
            card = self._card_row
            if card is not None:
                self._show_card(next((r for r in rows if (r.start, r.text) == (card.start, card.text)), None))
        verdict = unicode_verdict(self._engine, result)
        self._shown_unicode_errors = verdict.diagnostics
        # An empty editor is a start, not a mistake: it explains what to type instead of listing "empty tag".
        shown = (*result.diagnostics, *verdict.own) if verdict.own else result.diagnostics
        diagnostics = shown if text else ()
        self.problems.set_empty_text(self.tr("No problems.") if text else _(_EMPTY_STATE))
        if len(text) > CHECK_LIMIT:
            # Forms of a cut text would pass for forms of the whole one: show none.
            note = self.tr("the text is longer than {limit} characters").format(limit=format_number(CHECK_LIMIT))
            self._forms = {name: FormValue(name, None, (), note) for name in FORM_NAMES}
        else:
            self._forms = compute_forms(self._engine, result)
        self.platforms.show_result(result)
        self._show_problems(diagnostics, result)
        self._show_forms()
        self._show_status(result)
        self._show_unicode_status(result, verdict)
        self._render_notice()
        self._state.set_tag(text)

    def _show_problems(self, diagnostics: tuple[Diagnostic, ...], result: CheckResult) -> None:
        """List *diagnostics*; the repair leads when it makes a valid tag and no problem's own fix does.

        The editor's first fix is then the one repair (``core.build.repair``, as ``bcp47 repair`` and
        ``check --json``'s ``fix``): ``de_DE.UTF-8`` gets ``de-DE``, not the still invalid ``de-DE.UTF-8``.
        """
        lead = self._repair_lead(diagnostics, result)
        if (diagnostics, lead) != (self._shown_diagnostics, self._shown_lead):
            self._shown_diagnostics, self._shown_lead = diagnostics, lead
            self.problems.set_diagnostics(diagnostics, lead)

    def _repair_lead(self, diagnostics: tuple[Diagnostic, ...], result: CheckResult) -> Diagnostic | None:
        repair = self.platforms.repair()
        if not diagnostics or repair is None or repair.tag is None or repair.tag == result.input:
            return None
        own = first_fix(diagnostics)
        if own is not None and (own == repair.tag or self._engine.check(own).valid):
            return None  # a problem's own fix already makes a valid tag: it stays first
        message = self.tr("The repair gives {tag}; source: {source}").format(
            tag=repair.tag, source=shown(repair.source)
        )
        label = self.tr("Use the repair: {tag}").format(tag=repair.tag)
        return Diagnostic("repair", Severity.INFO, 0, len(result.input), message, Fix(label, repair.tag))

    def _on_platforms_repair_changed(self) -> None:
        text = self.editor.text()
        if text == self._shown_text:
            result = self.result_for(text)
            verdict = unicode_verdict(self._engine, result)
            shown = (*result.diagnostics, *verdict.own) if verdict.own else result.diagnostics
            self._show_problems(shown if text else (), result)

    def _with_names(self, rows: list[BreakdownRow], text: str) -> list[BreakdownRow]:
        """Return *rows* with each subtag's CLDR name in the display language (unchanged until names load)."""
        names = self.names_bar.show_tag(text[:CHECK_LIMIT])
        if not names:
            return rows
        out = []
        for row in rows:
            n = names.get(row.start)
            if n is None or n.name is None:
                out.append(row)
                continue
            if n.description:
                tip = self.tr("CLDR's name ({source}); registry: {description}").format(
                    source=n.source, description=n.description
                )
            else:
                tip = self.tr("CLDR's name ({source})").format(source=n.source)
            out.append(replace(row, name=n.name, name_tip=tip))
        return out

    def _on_names_bar_names_changed(self) -> None:
        rows = self._with_names(breakdown_rows(self.result(), self._registry, self._engine.cldr), self.editor.text())
        if rows != self.breakdown_model.rows():
            self.breakdown_model.set_rows(rows)
            self._fit_breakdown_columns()

    def _fit_breakdown_columns(self) -> None:
        # Measuring our own rows is ~50x faster than resizeColumnsToContents, which asks the view to lay out
        # every cell; it runs on each pause in typing.
        header = self.breakdown.horizontalHeader()
        widths = self.breakdown_model.column_widths(self.breakdown.fontMetrics(), 16, 320)
        for col, width in enumerate(widths):
            if col == _DESCRIPTION_COLUMN:
                # The Description takes the spare width (on a 4K screen the last column took most of it).
                spare = self.breakdown.viewport().width() - sum(widths) + width
                width = max(width, spare)
            if header.sectionSize(col) != width:
                header.resizeSection(col, width)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Refit the breakdown's columns when its width changes."""
        if event.type() == QEvent.Type.Resize and self._built and watched is self.breakdown.viewport():
            self._fit_breakdown_columns()
        return super().eventFilter(watched, event)

    def _show_forms(self) -> None:
        steps_lines: list[str] = []
        for name in FORM_NAMES:
            form = self._forms[name]
            field = self.form_fields[name]
            field.setText(form.value or "")
            field.setCursorPosition(0)  # a long form shows its start (the language), not its tail
            field.setPlaceholderText(form.note or "—")
            tip = _(_FORM_HELP[name])
            if form.steps:
                tip += "\n\n" + self.tr("Steps:\n{steps}").format(steps="\n".join(f"• {s}" for s in form.steps))
            elif form.value:
                tip += "\n\n" + self.tr("No change was needed.")
            if form.note:
                tip += f"\n\n{form.note}"
            field.setToolTip(tip)
            self._form_actions[name].setEnabled(bool(form.value))
            if form.steps:
                steps_lines.append(f"<b>{_esc(_(FORM_LABELS[name]))}</b>")
                steps_lines += [f"&nbsp;&nbsp;• {_esc(s)}" for s in form.steps]
        if not steps_lines and self._forms["canonical"].value:
            steps_lines.append(self.tr("The tag is already in canonical form: no steps."))
        self.steps_view.setText("<br>".join(steps_lines))
        if self.steps_button.isChecked():  # open steps stay in view as the tag changes
            QTimer.singleShot(0, self._reveal_steps)
        self._show_form_validity()

    def _show_form_validity(self) -> None:
        """Say beside each form when the tag is not valid: its forms are not valid tags either."""
        problem = self._invalid_reason()
        canonical = self._forms["canonical"]
        typed = self.result().input
        for name in FORM_NAMES:
            warning = self.form_warnings[name]
            shown = bool(problem) and bool(self._forms[name].value)
            # A valid tag whose canonical form is more than a change of case (subtags reordered or replaced)
            # says so beside that form: the reason is in its steps.
            changed = (name == "canonical" and not problem and bool(canonical.value) and bool(canonical.steps)
                       and (canonical.value or "").lower() != typed.strip().lower())  # fmt: skip
            warning.setVisible(shown or changed)
            if changed:
                a11y.show(warning, self.tr("Changed: see the steps"), announce=False)
                warning.setToolTip(self.tr("The canonical form differs from the tag as typed:\n{steps}").format(
                    steps="\n".join(f"• {s}" for s in canonical.steps)))  # fmt: skip
            if shown:
                warning.setText(self.tr("⚠ not valid"))
                warning.setToolTip(self.tr("The tag is well-formed but not valid (RFC 5646 §2.2.9), so this form is "
                                           "not a valid tag either: {problem}").format(problem=problem))  # fmt: skip

    def _invalid_reason(self) -> str:
        """Return why the editor's tag is well-formed but not valid ("" when it is valid or not well-formed)."""
        result = self.result()
        if not result.input or not result.well_formed or result.valid:
            return ""
        errors = [d.message for d in result.diagnostics if d.severity == Severity.ERROR]
        return errors[0] if errors else self.tr("see the problems list")

    def _show_status(self, result: CheckResult) -> None:
        if not result.input:
            a11y.show(self.status, self.tr("Type a tag, or pick one from Examples."), announce=False)
            return
        counts = dict.fromkeys(Severity, 0)
        for diag in self._shown_diagnostics or ():
            counts[diag.severity] += 1
        wf = self.tr("✔ well-formed") if result.well_formed else self.tr("✘ not well-formed")
        valid = self.tr("✔ valid (RFC 5646)") if result.valid else self.tr("✘ not valid (RFC 5646)")
        parts = [wf, valid if result.well_formed else self.tr("✘ not valid (RFC 5646)")]
        n_errors = counts[Severity.ERROR]
        unicode_only = sum(1 for d in self._shown_unicode_errors)
        if unicode_only and unicode_only < n_errors:
            errors = ngettext(
                "{count} error ({unicode} of them UTS #35's only)",
                "{count} errors ({unicode} of them UTS #35's only)",
                n_errors,
            )
        elif unicode_only:
            errors = ngettext("{count} error (UTS #35's only)", "{count} errors (UTS #35's only)", n_errors)
        else:
            errors = ngettext("{count} error", "{count} errors", n_errors)
        parts.append(errors.format(count=format_number(n_errors), unicode=format_number(unicode_only)))
        n = counts[Severity.WARNING]
        parts.append(ngettext("{count} warning", "{count} warnings", n).format(count=format_number(n)))
        n = counts[Severity.INFO]
        parts.append(ngettext("{count} note", "{count} notes", n).format(count=format_number(n)))
        a11y.show(self.status, "  ·  ".join(parts))

    def _show_unicode_status(self, result: CheckResult, verdict: UnicodeVerdict) -> None:
        if not result.input or not result.well_formed:
            self.unicode_status.setText("")
            self.unicode_status.setVisible(False)
            return
        self.unicode_status.setVisible(True)
        if verdict.valid:
            a11y.show(self.unicode_status, self.tr("Unicode locale identifier (UTS #35): ✔ valid"))
        else:
            why = verdict.reason.split(" (UTS #35")[0].split(" (RFC ")[0].rstrip(".")
            a11y.show(
                self.unicode_status, self.tr("Unicode locale identifier (UTS #35): ✘ not valid: {why}").format(why=why)
            )

    def changeEvent(self, event: QEvent) -> None:
        """Follow light/dark palette switches in the breakdown's swatches and colours."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._built:
            self.breakdown_model.set_palette(self.palette())

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Put problems beside the forms when there is room, above them in a narrow window."""
        super().resizeEvent(event)
        wide = event.size().width() >= 64 * self.fontMetrics().horizontalAdvance("M")
        orientation = Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical
        if self._lower_splitter.orientation() != orientation:
            self._lower_splitter.setOrientation(orientation)

    def _on_editor_palette_changed(self) -> None:
        self.highlighter.set_palette(self.editor.palette())

    @staticmethod
    def _table_height(view: QTableView, rows: int) -> int:
        """Return the height that shows the header, *rows* rows and a horizontal scroll bar."""
        scrollbar = view.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        header = view.horizontalHeader().sizeHint().height()
        return header + rows * view.verticalHeader().defaultSectionSize() + scrollbar + 2 * view.frameWidth() + 2


class _ScrollBody(QWidget):
    """The scrolled part of the pane: it asks only for its minimum height, so it scrolls late."""

    def heightForWidth(self, width: int) -> int:
        """Return the least height that fits *width* (QScrollArea would otherwise use the preferred one)."""
        layout = self.layout()
        return layout.totalMinimumHeightForWidth(width) if layout is not None else super().heightForWidth(width)


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
