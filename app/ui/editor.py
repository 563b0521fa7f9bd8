"""The live tag editor pane: coloured one-line editor, status, breakdown, problems, forms, examples, history.

Keystroke path: the highlighter asks ``EditorPane.result_for(text)`` for the engine's CheckResult (one
check per distinct text, cached) and paints its spans at once, so colours never lag behind the text; a
single-shot timer then refreshes the slower parts (tables, forms, shared TagState) once typing pauses.
"""

from __future__ import annotations

import itertools
import unicodedata

from PySide6.QtCore import QEvent, QModelIndex, Qt, QTimer, Signal
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
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ..core import examples as examples_data
from ..core.forms import FORMS, FormValue, compute_forms
from ..core.registry import Registry
from ..core.tag import CheckResult, TagEngine
from ..core.tagvalues import Diagnostic, Severity
from ..core.uts35_validity import UnicodeVerdict, unicode_verdict
from .breakdown import BreakdownModel, BreakdownRow, breakdown_rows
from .diagnostics import DiagnosticsList
from .roles import LegendWidget, role_style
from .settings import Settings
from .state import TagState
from .tag_edit import TagHighlighter, TagLineEdit

__all__ = ["DEBOUNCE_MS", "FORM_NAMES", "FORM_SHORTCUTS", "EditorPane", "FormValue", "compute_forms"]

#: Delay between the last keystroke and the refresh of tables and forms; the engine is fast, so keep it short.
DEBOUNCE_MS = 15

# Derived from the core's one list of forms (key, labels, shortcut, help, function).
FORM_NAMES = tuple(f.key for f in FORMS)
FORM_LABELS = {f.key: f.label for f in FORMS}
FORM_SHORT_LABELS = {f.key: f.short_label for f in FORMS}
FORM_SHORTCUTS = {f.key: f.shortcut for f in FORMS}
_FORM_HELP = {f.key: f.help for f in FORMS}
_RECORD_ROLES = {"language", "extlang", "script", "region", "variant", "grandfathered"}


#: How much of the text is checked, coloured and listed. Far above any real tag (RFC 5646 §4.4.1 asks
#: software to handle at least 35 characters), low enough that every keystroke stays instant.
CHECK_LIMIT = 1_000


def non_ascii_notes(text: str) -> list[str]:
    """Name every distinct non-ASCII character of *text* with its position and code point.

    >>> non_ascii_notes("tr-Latı")
    ["'ı' U+0131 LATIN SMALL LETTER DOTLESS I at 6"]
    """
    seen: dict[str, list[int]] = {}
    for i, ch in enumerate(text):
        if ord(ch) > 127:
            seen.setdefault(ch, []).append(i)
    out = []
    for ch, where in seen.items():
        name = unicodedata.name(ch, "unnamed character")
        shown = ch if ch.isprintable() and not ch.isspace() else " "
        places = ", ".join(str(i) for i in where[:5]) + (" …" if len(where) > 5 else "")
        out.append(f"'{shown}' U+{ord(ch):04X} {name} at {places}")
    return out


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
        self._shown_unicode_errors: tuple[Diagnostic, ...] = ()  # the errors that count for UTS #35 only
        self._forms: dict[str, FormValue] = {}
        self._last_committed = ""
        self._notice_text = ""
        self._notice_for: str | None = None
        self._build()
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
        self.editor.clicked_at.connect(self._on_editor_clicked_at)
        self.editor.focus_left.connect(self.commit_to_history)
        self.editor.palette_changed.connect(self._on_editor_palette_changed)

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self._refresh)

        self.examples_button = QToolButton(self)
        self.examples_button.setText("Examples")
        self.examples_button.setToolTip("Annotated example tags: one of each structure, and the traps")
        self.examples_button.setAccessibleName("Examples")
        self.examples_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.examples_button.setMenu(self.examples_menu(self.examples_button))
        self.history_button = QToolButton(self)
        self.history_button.setText("History")
        self.history_button.setToolTip("Tags you used recently (kept between sessions)")
        self.history_button.setAccessibleName("Recent tags")
        self.history_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.history_button.setMenu(self.history_menu(self.history_button))

        top = QHBoxLayout()
        top.addWidget(self.editor, 1)
        top.addWidget(self.examples_button)
        top.addWidget(self.history_button)

        self.status = QLabel(self)
        self.status.setAccessibleName("Tag status")
        self.status.setToolTip("Whether the tag is well-formed and valid (RFC 5646 §2.2.9), and its problems")
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # The second verdict, never mixed into the first: is it a valid Unicode locale identifier?
        self.unicode_status = QLabel(self)
        self.unicode_status.setObjectName("unicode_status")
        self.unicode_status.setAccessibleName("Unicode locale identifier status")
        self.unicode_status.setWordWrap(True)
        self.unicode_status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.unicode_status.setToolTip(
            "A second verdict, apart from RFC 5646's: whether the tag is a valid Unicode BCP 47 locale identifier "
            "(UTS #35 §3.2 and §3.6 with CLDR 48's data: its -u- keys and types, -t- fields, rg and sd values, no "
            "extlangs or grandfathered tags). 'en-u-xx-yyy' is valid BCP 47 and not a valid Unicode locale id."
        )
        self.notice = QLabel(self)
        self.notice.setWordWrap(True)
        self.notice.setAccessibleName("Editor notice")
        self.notice.hide()
        self.legend = LegendWidget(parent=self)

        # Breakdown table.
        self.breakdown_model = BreakdownModel(self.palette(), self)
        self.breakdown = QTableView(self)
        self.breakdown.setModel(self.breakdown_model)
        self.breakdown.setAccessibleName("Subtag breakdown")
        self.breakdown.setToolTip(
            "Each subtag with its role and what the registry or CLDR says about it; "
            "click a row to show its record in the registry browser"
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
        header.setStretchLastSection(True)
        self.breakdown.clicked.connect(self._on_breakdown_clicked)
        self.breakdown.activated.connect(self._on_breakdown_clicked)

        self.problems = DiagnosticsList(self)
        self.problems.span_selected.connect(self._on_problems_span_selected)
        self.problems.fix_requested.connect(self._on_problems_fix_requested)

        # Forms.
        forms_box = QGroupBox("Forms", self)
        grid = QGridLayout(forms_box)
        self.form_fields: dict[str, QLineEdit] = {}
        self.form_buttons: dict[str, QToolButton] = {}
        self._form_actions: dict[str, QAction] = {}
        copy_icon = QIcon.fromTheme("edit-copy", self.style().standardIcon(QStyle.StandardPixmap.SP_FileIcon))
        for row, name in enumerate(FORM_NAMES):
            label = QLabel(FORM_SHORT_LABELS[name] + ":", forms_box)
            label.setToolTip(f"{FORM_LABELS[name]}: {_FORM_HELP[name]}")
            field = QLineEdit(forms_box)
            field.setReadOnly(True)
            field.setAccessibleName(FORM_LABELS[name])
            label.setBuddy(field)
            field.setMinimumWidth(field.fontMetrics().horizontalAdvance("de-Latn-CH-u-co") + 12)
            action = QAction(copy_icon, f"Copy {FORM_LABELS[name]}", self)
            action.setShortcut(QKeySequence(FORM_SHORTCUTS[name]))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.setToolTip(f"Copy the {FORM_LABELS[name]} form ({FORM_SHORTCUTS[name]})")
            action.triggered.connect(lambda _checked=False, n=name: self.copy_form(n))
            self.addAction(action)
            button = QToolButton(forms_box)
            action.setIconText("Copy")  # the button shows the short text; menus show the full one
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.setAccessibleName(f"Copy {FORM_LABELS[name]}")
            button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
            self.form_fields[name] = field
            self.form_buttons[name] = button
            self._form_actions[name] = action
            grid.addWidget(label, row, 0)
            grid.addWidget(field, row, 1)
            grid.addWidget(button, row, 2)
        self.steps_button = QToolButton(forms_box)
        self.steps_button.setText("Show steps")
        self.steps_button.setCheckable(True)
        self.steps_button.setToolTip(
            "Show or hide each canonicalization step from the tag as typed to its forms, with the reason"
        )
        self.steps_button.setAccessibleName("Show canonicalization steps")
        self.steps_label = QLabel(forms_box)
        self.steps_label.setWordWrap(True)
        self.steps_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.steps_label.setAccessibleName("Canonicalization steps")
        self.steps_label.setToolTip("Each step from the tag as typed to its forms, with the rule behind it")
        self.steps_label.hide()
        self.steps_button.toggled.connect(self.steps_label.setVisible)
        grid.addWidget(self.steps_button, len(FORM_NAMES), 0, 1, 3, Qt.AlignmentFlag.AlignLeft)
        grid.addWidget(self.steps_label, len(FORM_NAMES) + 1, 0, 1, 3)
        grid.setColumnStretch(1, 1)

        problems_box = QGroupBox("Problems", self)
        QVBoxLayout(problems_box).addWidget(self.problems)
        breakdown_box = QGroupBox("Subtags", self)
        QVBoxLayout(breakdown_box).addWidget(self.breakdown)

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
        layout.addWidget(self.scroll_area, 1)

        # Tab goes top to bottom, left to right: tag, its menus, the subtags, problems, then the forms.
        chain: list[QWidget] = [self.editor, self.examples_button, self.history_button, self.breakdown,
                                self.problems.list, self.problems.fix_button]  # fmt: skip
        for name in FORM_NAMES:
            chain += [self.form_fields[name], self.form_buttons[name]]
        chain.append(self.steps_button)
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)

    # Public API ------------------------------------------------------------------------------------------
    def focus_input(self) -> None:
        """Put the keyboard focus in the tag editor and select its text."""
        self.editor.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.editor.selectAll()

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
        label = FORM_LABELS.get(name, name)
        if form is None or not form.value:
            why = form.note if form is not None and form.note else "there is nothing to copy"
            self._show_notice(f"No {label} form to copy: {why}")
            return None
        QGuiApplication.clipboard().setText(form.value)
        self._show_notice(f"Copied the {label} form: {form.value}")
        self.commit_to_history()
        return form.value

    def form_actions(self) -> list[QAction]:
        """Return the copy actions (with shortcuts) for a main-window menu, in FORM_NAMES order."""
        return [self._form_actions[name] for name in FORM_NAMES]

    def examples_menu(self, parent: QWidget | None = None) -> QMenu:
        """Return a menu of the annotated examples; choosing one puts it in the editor."""
        menu = QMenu("&Examples", parent)
        menu.setToolTipsVisible(True)
        titles = {examples_data.Category.structure: "Structures (RFC 5646)",
                  examples_data.Category.trap: "Traps"}  # fmt: skip
        for category, title in titles.items():
            sub = menu.addMenu(title)
            sub.setToolTipsVisible(True)
            for ex in examples_data.by_category(category):
                action = sub.addAction(f"{ex.tag}\t{ex.title}")
                action.setToolTip(ex.explanation)
                action.setStatusTip(ex.explanation)
                action.triggered.connect(lambda _checked=False, e=ex: self.load_example(e))
        return menu

    def history_menu(self, parent: QWidget | None = None) -> QMenu:
        """Return a menu of recent tags, rebuilt from the settings each time it opens."""
        menu = QMenu("Recent &tags", parent)
        menu.aboutToShow.connect(lambda m=menu: self._fill_history_menu(m))
        self._fill_history_menu(menu)
        return menu

    def history(self) -> list[str]:
        """Return the remembered tags, most recent first."""
        history: list[str] = self._settings.value("editor/history")
        return history

    def commit_to_history(self) -> None:
        """Remember the current tag in the persistent history (once, most recent first)."""
        text = self.editor.text().strip()
        if not text or text == self._last_committed:
            return
        self._last_committed = text
        self._settings.push_history(text)

    def load_example(self, example: examples_data.Example) -> None:
        """Put *example* in the editor and show its explanation."""
        self.set_text(example.tag)
        self.commit_to_history()
        self._show_notice(f"Example — {example.title}: {example.explanation}")

    def tooltip_at(self, index: int) -> str:
        """Return the hover text for Python index *index*: the subtag, its role, and problems there."""
        result = self.result()
        lines: list[str] = []
        for sub in result.subtags:
            if sub.start <= index < sub.end:
                style = role_style(sub.role)
                lines.append(f"<b>{_esc(sub.text)}</b> — {_esc(style.name)}")
                row = self._row_for(sub.start)
                if row is not None and row.description:
                    lines.append(_esc(row.description))
                break
        for diag in result.diagnostics:
            start, end = diag.start, max(diag.end, diag.start + 1)
            if start - (1 if diag.start == diag.end else 0) <= index < end:
                lines.append(f"{_esc(diag.severity.capitalize())}: {_esc(diag.message)}")
        text = self.editor.text()
        if 0 <= index < len(text) and ord(text[index]) > 127:
            lines.append(_esc(non_ascii_notes(text[index])[0].rsplit(" at ", 1)[0]) + " — not ASCII")
        return "<br>".join(lines)

    # Slots ---------------------------------------------------------------------------------------------
    def _on_editor_text_changed(self) -> None:
        self._timer.start()

    def _on_editor_return_pressed(self) -> None:
        self.flush()
        self.commit_to_history()

    def _on_editor_paste_adjusted(self, note: str) -> None:
        self._show_notice(note)

    def _on_editor_clicked_at(self, index: int) -> None:
        self.activate_subtag_at(index)

    def _on_state_tag_changed(self, tag: str) -> None:
        if tag != self.editor.text():
            self.editor.set_text(tag)
            self.flush()

    def _on_breakdown_clicked(self, index: QModelIndex) -> None:
        row = self.breakdown_model.row_at(index.row())
        self.editor.select_span(row.start, row.end)
        if row.record_type:
            self.subtag_activated.emit(row.record_type, row.record_code)

    def _on_problems_span_selected(self, start: int, end: int) -> None:
        self.editor.select_span(start, end)
        self.editor.setFocus(Qt.FocusReason.OtherFocusReason)

    def _on_problems_fix_requested(self, tag: str) -> None:
        self.set_text(tag)
        self.commit_to_history()
        self._show_notice(f"Applied the fix: the tag is now {tag} (Ctrl+Z in the editor undoes it).")

    def _on_splitter_moved(self, _pos: int, _index: int) -> None:
        self._settings.set_value("editor/splitter", self.splitter.saveState())

    # Internals -----------------------------------------------------------------------------------------
    def activate_subtag_at(self, index: int) -> bool:
        """Announce the registry record of the subtag at Python index *index*; return whether there was one."""
        for row in self.breakdown_model.rows():
            if row.start <= index < row.end or (index == row.end and index > row.start):
                if row.record_type:
                    self.subtag_activated.emit(row.record_type, row.record_code)
                    return True
                return False
        return False

    def _row_for(self, start: int) -> BreakdownRow | None:
        for row in self.breakdown_model.rows():
            if row.start == start:
                return row
        return None

    def _fill_history_menu(self, menu: QMenu) -> None:
        menu.clear()
        history = self.history()
        if not history:
            menu.addAction("(no recent tags)").setEnabled(False)
            return
        for tag in history:
            action = menu.addAction(tag.replace("&", "&&"))
            action.triggered.connect(lambda _checked=False, t=tag: self._on_history_chosen(t))
        menu.addSeparator()
        menu.addAction("Clear history").triggered.connect(self._on_history_cleared)

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
            parts.append(f"The text is {len(full):,} characters long: only the first {CHECK_LIMIT:,} are checked "
                         "and coloured. No language tag is that long; is this the right text?")  # fmt: skip
        foreign = non_ascii_notes(full[:CHECK_LIMIT])
        if foreign:
            parts.append("Non-ASCII input: " + "; ".join(foreign) + ". A tag may hold only ASCII letters, digits "
                         "and '-' (RFC 5646 §2.1); the marked characters make it ill-formed.")  # fmt: skip
        text = "\n".join(p for p in parts if p)
        self.notice.setText(text)
        self.notice.setVisible(bool(text))

    def _refresh(self) -> None:
        text = self.editor.text()
        if text == self._shown_text:
            return
        if text != self._notice_for:
            # A notice speaks about the text it was made for; the next edit retires it.
            self._notice_text = ""
        self._shown_text = text
        result = self.result_for(text)
        rows = breakdown_rows(result, self._registry, self._engine.cldr)
        if rows != self.breakdown_model.rows():  # skip the view reset (and its repaint) when nothing changed
            self.breakdown_model.set_rows(rows)
            self._fit_breakdown_columns()
        verdict = unicode_verdict(self._engine, result)
        self._shown_unicode_errors = verdict.diagnostics
        shown = (*result.diagnostics, *verdict.own) if verdict.own else result.diagnostics
        if shown != self._shown_diagnostics:
            self._shown_diagnostics = shown
            self.problems.set_diagnostics(shown)
        if len(text) > CHECK_LIMIT:
            # Forms of a cut text would pass for forms of the whole one: show none.
            note = f"the text is longer than {CHECK_LIMIT:,} characters"
            self._forms = {name: FormValue(name, None, (), note) for name in FORM_NAMES}
        else:
            self._forms = compute_forms(self._engine, result)
        self._show_forms()
        self._show_status(result)
        self._show_unicode_status(result, verdict)
        self._render_notice()
        self._state.set_tag(text)

    def _fit_breakdown_columns(self) -> None:
        # Measuring our own rows is ~50x faster than resizeColumnsToContents, which asks the view to lay out
        # every cell; it runs on each pause in typing.
        header = self.breakdown.horizontalHeader()
        widths = self.breakdown_model.column_widths(self.breakdown.fontMetrics(), 16, 320)
        for col, width in enumerate(widths[:-1]):
            if header.sectionSize(col) != width:
                header.resizeSection(col, width)

    def _show_forms(self) -> None:
        steps_lines: list[str] = []
        for name in FORM_NAMES:
            form = self._forms[name]
            field = self.form_fields[name]
            field.setText(form.value or "")
            field.setCursorPosition(0)  # a long form shows its start (the language), not its tail
            field.setPlaceholderText(form.note or "—")
            tip = _FORM_HELP[name]
            if form.steps:
                tip += "\n\nSteps:\n" + "\n".join(f"• {s}" for s in form.steps)
            elif form.value:
                tip += "\n\nNo change was needed."
            if form.note:
                tip += f"\n\n{form.note}"
            field.setToolTip(tip)
            self._form_actions[name].setEnabled(bool(form.value))
            if form.steps:
                steps_lines.append(f"<b>{_esc(FORM_LABELS[name])}</b>")
                steps_lines += [f"&nbsp;&nbsp;• {_esc(s)}" for s in form.steps]
        if not steps_lines and self._forms["canonical"].value:
            steps_lines.append("The tag is already in canonical form: no steps.")
        self.steps_label.setText("<br>".join(steps_lines))

    def _show_status(self, result: CheckResult) -> None:
        if not result.input:
            self.status.setText("Type a tag, or pick one from Examples.")
            return
        counts = dict.fromkeys(Severity, 0)
        for diag in self._shown_diagnostics or ():
            counts[diag.severity] += 1
        wf = "✔ well-formed" if result.well_formed else "✘ not well-formed"
        valid = "✔ valid (RFC 5646)" if result.valid else "✘ not valid (RFC 5646)"
        parts = [wf, valid if result.well_formed else "✘ not valid (RFC 5646)"]
        errors = _plural(counts[Severity.ERROR], "error")
        unicode_only = sum(1 for d in self._shown_unicode_errors)
        if unicode_only:
            errors += (
                f" ({unicode_only} of them UTS #35's only)"
                if unicode_only < counts[Severity.ERROR]
                else (" (UTS #35's only)")
            )
        parts.append(errors)
        parts.append(_plural(counts[Severity.WARNING], "warning"))
        parts.append(_plural(counts[Severity.INFO], "note"))
        self.status.setText("  ·  ".join(parts))

    def _show_unicode_status(self, result: CheckResult, verdict: UnicodeVerdict) -> None:
        if not result.input or not result.well_formed:
            self.unicode_status.setText("")
            self.unicode_status.setVisible(False)
            return
        self.unicode_status.setVisible(True)
        if verdict.valid:
            self.unicode_status.setText("Unicode locale identifier (UTS #35): ✔ valid")
        else:
            why = verdict.reason.split(" (UTS #35")[0].split(" (RFC ")[0].rstrip(".")
            self.unicode_status.setText(f"Unicode locale identifier (UTS #35): ✘ not valid: {why}")

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


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
