"""The registration assistant: the RFC 5646 §3.5 form with live checks, the folded record and a preview.

Each field of the form has a message line right under it (``<key>_message``) where the checks of
:mod:`..core.registration` say what is wrong with that field. The right-hand side shows the filled
form as plain text, the record as it would stand in the registry (folded at 72 columns), and how
tags using the new subtag would be checked once it is registered.

Closing the dialog (Close, Escape, the window's close button) never throws the form away: the
draft is kept in the settings (``registration/draft``) and restored the next time the assistant
opens, also after a restart; "Clear form" starts a new request.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QFontDatabase, QGuiApplication, QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ..core.data import bundled_engine, engine_for
from ..core.engine.tag import TagEngine
from ..core.files.safe_write import write_file
from ..core.grammar.problems import Problem, Severity
from ..core.registry.model import Record, Registry
from ..core.registry.registration import (
    FIELD_CAPS,
    FIELD_LABELS,
    OTHER_TYPES,
    REQUEST_TYPES,
    Request,
    check_request,
    form_text,
    preview_record,
    record_text,
)
from ..core.text.catalogue import N_, ngettext
from ..core.text.formats import format_list, format_number
from . import a11y
from .bounded import bound, bound_text
from .i18n import with_isolated_quotes
from .reserved import ReservedLabel
from .settings import Settings

__all__ = ["CHECK_DELAY_MS", "RegistrationDialog"]

#: Wait this long after the last keystroke before checking the form again.
CHECK_DELAY_MS = 120

_PLACEHOLDERS = {
    "name": N_("Your name"),
    "email": "name@example.org",
    "subtag": N_("e.g. a variant such as 'oxendict' or a 5-8 letter language subtag"),
    "description": N_("One Description per line (the name of the variety, as its speakers and literature call it)"),
    "prefix": N_("One Prefix per line: the tag(s) this variant is used with, e.g. 'sl' or 'de-CH'"),
    "macrolanguage": N_("the macrolanguage's subtag, if any"),
    "suppress_script": N_("a script subtag, if the language is nearly always written in it"),
    "comments": N_("Optional remarks that will stand in the record"),
    "meaning": N_("What the subtag identifies, and how it differs from what is registered"),
    "reference": N_("Book or article that describes the language or variety"),
    "other": N_("Anything else the reviewer should know"),
}
_MULTI = ("description", "prefix", "comments", "meaning", "reference", "other")


#: Below this width (px) the form puts every field under its label: nothing runs past the pane's edge.
NARROW_FORM = 500


class _FormBox(QWidget):
    """The form's widget: its rows wrap (label above field) when it is narrow, side by side when wide."""

    def resizeEvent(self, event: QResizeEvent) -> None:
        form = self.layout()
        if isinstance(form, QFormLayout):
            wanted = (
                QFormLayout.RowWrapPolicy.WrapAllRows
                if event.size().width() < NARROW_FORM
                else QFormLayout.RowWrapPolicy.DontWrapRows
            )
            if form.rowWrapPolicy() != wanted:
                form.setRowWrapPolicy(wanted)
        super().resizeEvent(event)

    def minimumSizeHint(self) -> QSize:
        """As tall as the rows want: the scroll area scrolls instead of squeezing the rows (cutting checks)."""
        return QSize(super().minimumSizeHint().width(), self.sizeHint().height())


class RegistrationDialog(QDialog):
    """A subtag registration request (RFC 5646 §3.5), checked while it is typed."""

    preview_requested = Signal(object)  # a Record to show in the registry browser's details pane

    def __init__(
        self,
        registry: Registry,
        parent: QWidget | None = None,
        engine: TagEngine | None = None,
        settings: Settings | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        #: Whether the form was filled from a kept draft when the dialog opened.
        self.restored_draft = False
        self.setObjectName("RegistrationDialog")
        self.setWindowTitle(self.tr("Subtag registration assistant (RFC 5646 §3.5)"))
        self.registry = registry
        self._engine_cache: tuple[str, TagEngine] | None = None
        if engine is None and bundled_engine().registry is registry:
            engine = bundled_engine()  # the one the window uses: built already
        self._base_engine: TagEngine | None = engine if engine is not None and engine.registry is registry else None
        self._preview_stale = True
        self.fields: dict[str, QLineEdit | QPlainTextEdit | QComboBox] = {}
        self.messages: dict[str, QLabel] = {}
        self.problems: tuple[Problem, ...] = ()

        form_box = _FormBox()
        form_box.setObjectName("registration_form")
        form = QFormLayout(form_box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        # In a narrow window a field goes under its label instead of past the pane's edge (issue 24 item 9).
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
        intro = ReservedLabel(1)  # as tall as its text at the form's width, however narrow: never cut
        intro.setText(
            self.tr(
                "Fill in the request as RFC 5646 §3.5 asks; the checks below each field run as you type. "
                "Send the form to the ietf-languages list (RFC 5646 §3.5): the Language Subtag Reviewer decides, "
                "and IANA adds the record with its Added date."
            )
        )
        form.addRow(intro)
        type_combo = QComboBox()
        for t in REQUEST_TYPES:
            type_combo.addItem(t, t)
        for t, why in OTHER_TYPES.items():
            type_combo.addItem(self.tr("{type} (not by this form)").format(type=t), t)
            type_combo.setItemData(type_combo.count() - 1, self.tr(why), Qt.ItemDataRole.ToolTipRole)
        self.fields["type"] = type_combo
        for key in (
            "name",
            "email",
            "type",
            "subtag",
            "description",
            "prefix",
            "macrolanguage",
            "suppress_script",
            "comments",
            "meaning",
            "reference",
            "other",
        ):
            widget = self.fields.get(key)
            if widget is None:
                if key in _MULTI:
                    edit = QPlainTextEdit()
                    bound_text(edit, FIELD_CAPS[key])
                    edit.setTabChangesFocus(True)
                    edit.setPlaceholderText(self.tr(_PLACEHOLDERS.get(key, "")))
                    edit.setFixedHeight(edit.fontMetrics().lineSpacing() * (3 if key != "description" else 2) + 14)
                    edit.textChanged.connect(self._schedule)
                    widget = edit
                else:
                    line = QLineEdit()
                    bound(line, FIELD_CAPS[key])
                    line.setPlaceholderText(self.tr(_PLACEHOLDERS.get(key, "")))
                    line.textChanged.connect(self._schedule)
                    widget = line
                self.fields[key] = widget
            widget.setObjectName(f"{key}_field")
            widget.setAccessibleName(self.tr(FIELD_LABELS[key]))
            message = ReservedLabel(3)  # a check appearing under a field does not push the next one down
            message.setObjectName(f"{key}_message")
            message.setWordWrap(True)
            message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            a11y.verdict(
                message, self.tr("{field}: check").format(field=self.tr(FIELD_LABELS[key]))
            )  # and the field's description (_check)
            message.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            message.hide()
            self.messages[key] = message
            column = QVBoxLayout()
            column.setSpacing(2)
            column.addWidget(widget)
            column.addWidget(message)
            column.addStretch(1)
            label = QLabel(self.tr("{field}:").format(field=self.tr(FIELD_LABELS[key])))
            label.setBuddy(widget)
            label.setWordWrap(key in _MULTI)  # one-line fields have one-line labels (a wrapped one is clipped)
            form.addRow(label, column)
            if key == "email":
                form.addRow(QLabel(self.tr("<b>3. Record Requested</b>")))
        type_combo.currentIndexChanged.connect(self._on_type_changed)
        scroll = QScrollArea()
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the fields, not to their frame
        # The scroll bar always takes its room: the form's height is worked out for the width it really has,
        # so a check that wraps to more lines is never cut.
        scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        scroll.setWidget(form_box)
        scroll.setWidgetResizable(True)

        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.form_view = QPlainTextEdit(readOnly=True)
        self.form_view.setObjectName("form_view")
        self.record_view = QPlainTextEdit(readOnly=True)
        self.record_view.setObjectName("record_view")
        self.preview_view = QTextBrowser()
        self.preview_view.setObjectName("preview_view")
        for view, name, tip in (
            (self.form_view, N_("Registration form (plain text)"), N_("The form to send to ietf-languages@iana.org")),
            (self.record_view, N_("Record as in the registry"), N_("The record as it would appear in the registry")),
            (
                self.preview_view,
                N_("Tags using it"),
                N_("Sample tags checked against the registry with the new record"),
            ),
        ):
            a11y.describe(view, self.tr(name), self.tr(tip))
            view.setTabChangesFocus(True)  # Tab walks on; it never stays in a read-only view
        for view in (self.form_view, self.record_view):
            view.setFont(mono)
            view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.outputs = QTabWidget()
        self.outputs.addTab(self.form_view, self.tr("&Form (plain text)"))
        self.outputs.addTab(self.record_view, self.tr("&Record (as in the registry)"))
        self.outputs.addTab(self.preview_view, self.tr("&Tags using it"))
        # Checking sample tags needs an engine with the new record (~0.1 s): only while that tab is shown.
        self.outputs.currentChanged.connect(self._on_outputs_current_changed)

        self.summary = a11y.VerdictLabel()
        self.summary.setObjectName("summary")
        self.summary.setWordWrap(True)
        a11y.verdict(self.summary, self.tr("Summary of the check"))
        self.copy_form_button = QPushButton(self.tr("Copy f&orm"))
        self.copy_record_button = QPushButton(self.tr("Copy re&cord"))
        self.save_button = QPushButton(self.tr("&Save form…"))
        self.preview_button = QPushButton(self.tr("Show in &browser"))
        self.preview_button.setToolTip(self.tr("Show the requested record in the registry browser's details pane"))
        self.clear_button = QPushButton(self.tr("C&lear form"))
        self.clear_button.setAccessibleName(self.tr("Clear the form"))
        self.clear_button.setToolTip(self.tr("Empty the form and start a new request (the kept draft is dropped)"))
        self.close_button = QPushButton(self.tr("Close"))
        self.close_button.setToolTip(
            self.tr("Close the assistant; the form is kept and comes back when it opens again")
        )
        buttons = QHBoxLayout()
        for b in (
            self.copy_form_button,
            self.copy_record_button,
            self.save_button,
            self.preview_button,
            self.clear_button,
        ):
            buttons.addWidget(b)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        self.copy_form_button.clicked.connect(
            lambda: self._copy(self.form_view.toPlainText(), self.tr("The form is on the clipboard."))
        )
        self.copy_record_button.clicked.connect(
            lambda: self._copy(self.record_view.toPlainText(), self.tr("The record is on the clipboard."))
        )
        self.save_button.clicked.connect(self._on_save_button_clicked)
        self.preview_button.clicked.connect(self._on_preview_button_clicked)
        self.clear_button.clicked.connect(self._on_clear_button_clicked)
        self.close_button.clicked.connect(self.close)

        right = QWidget()
        rl = QVBoxLayout(right)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.addWidget(self.outputs, 1)
        rl.addWidget(self.summary)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(scroll)
        self.splitter.addWidget(right)
        self.splitter.setSizes([560, 520])
        layout = QVBoxLayout(self)
        layout.addWidget(self.splitter, 1)
        layout.addLayout(buttons)
        self.resize(1120, 740)

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(CHECK_DELAY_MS)
        self._timer.timeout.connect(self.refresh)
        self.save_path_chooser: Callable[[], str] = self._ask_save_path
        self._on_type_changed()

    def start_with(self, record_type: str, prefix: str = "") -> None:
        """Start a request of *record_type* (for a variant, with *prefix* as its first Prefix).

        A draft kept from an earlier session wins: it is restored as it was (with *prefix* added to its
        Prefix lines when it is a variant request that lacks it), and the summary says so.
        """
        if self._restore_draft():
            prefix_edit = self.fields["prefix"]
            if prefix and self._text("type") == "variant" and isinstance(prefix_edit, QPlainTextEdit):
                lines = [p for p in prefix_edit.toPlainText().splitlines() if p.strip()]
                if prefix not in lines:
                    prefix_edit.setPlainText("\n".join([*lines, prefix]))
            self.refresh()
            self.summary.setText(
                self.tr(
                    "<b>Your unsent request is back</b> as you left it. {summary} (<i>Clear form</i> starts a new one.)"
                ).format(summary=self.summary.text())
            )
            return
        combo = self.fields["type"]
        assert isinstance(combo, QComboBox)
        combo.setCurrentIndex(max(combo.findData(record_type), 0))
        prefix_edit = self.fields["prefix"]
        if prefix and isinstance(prefix_edit, QPlainTextEdit):
            prefix_edit.setPlainText(prefix)
        self.refresh()

    # ------------------------------------------------------------------ the kept draft
    def _draft(self) -> dict[str, str]:
        return {key: self._text(key) for key in self.fields}

    def _is_empty(self) -> bool:
        return not any(self._text(k).strip() for k in self.fields if k != "type")

    def _restore_draft(self) -> bool:
        """Fill the form from the kept draft; return whether there was one."""
        if self.settings is None:
            return False
        draft = self.settings.value("registration/draft")
        if not any(v.strip() for k, v in draft.items() if k != "type"):
            return False
        for key, widget in self.fields.items():
            value = draft.get(key, "")
            if isinstance(widget, QComboBox):
                index = widget.findData(value)
                if index >= 0:
                    widget.setCurrentIndex(index)
            elif isinstance(widget, QLineEdit):
                widget.setText(value)
            else:
                widget.setPlainText(value)
        self.restored_draft = True
        return True

    def keep_draft(self) -> None:
        """Store the form as it is in the settings (an empty form drops the kept draft) and write them."""
        if self.settings is None:
            return
        draft = self._draft() if not self._is_empty() else {k: "" for k in self.fields}
        self.settings.set_value("registration/draft", draft)
        self.settings.sync()

    def done(self, result: int) -> None:
        """Keep the draft, then close: Close, Escape and the window's close button all end here."""
        self.keep_draft()
        super().done(result)

    def _on_clear_button_clicked(self) -> None:
        for widget in self.fields.values():
            if isinstance(widget, QComboBox):
                widget.setCurrentIndex(0)
            else:
                widget.clear()
        self.restored_draft = False
        self.keep_draft()
        self.refresh()
        self.summary.setText(self.tr("A new, empty request. {summary}").format(summary=self.summary.text()))

    # ------------------------------------------------------------------ reading the form
    def _text(self, key: str) -> str:
        w = self.fields[key]
        if isinstance(w, QLineEdit):
            return w.text()
        if isinstance(w, QPlainTextEdit):
            return w.toPlainText()
        return str(w.currentData())

    def request(self) -> Request:
        """Return what the form holds now."""
        return Request(
            type=self._text("type"),
            subtag=self._text("subtag"),
            descriptions=tuple(self._text("description").splitlines()),
            prefixes=tuple(self._text("prefix").splitlines()),
            comments=self._text("comments"),
            macrolanguage=self._text("macrolanguage"),
            suppress_script=self._text("suppress_script"),
            name=self._text("name"),
            email=self._text("email"),
            meaning=self._text("meaning"),
            reference=self._text("reference"),
            other=self._text("other"),
        )

    def message(self, key: str) -> str:
        """Return the check message shown under field *key* ("" when it has none)."""
        label = self.messages[key]
        return label.text() if not label.isHidden() else ""

    # ------------------------------------------------------------------ checking
    def _schedule(self) -> None:
        self._timer.start()

    def _on_type_changed(self) -> None:
        rtype = self._text("type")
        for key, visible in (
            ("prefix", rtype == "variant"),
            ("macrolanguage", rtype == "language"),
            ("suppress_script", rtype == "language"),
        ):
            self.fields[key].setEnabled(visible)
        self.refresh()

    def _base(self) -> TagEngine:
        """Return the tag engine on the registry as it is (built once)."""
        if self._base_engine is None:
            self._base_engine = engine_for(self.registry)
        return self._base_engine

    def _engine(self, record: Record) -> TagEngine:
        """Return a tag engine on the registry plus *record* (rebuilt only when the record changes)."""
        key = "\n".join(f"{k}:{v}" for k, v in record.fields)
        if self._engine_cache is None or self._engine_cache[0] != key:
            registry = Registry(self.registry.file_date, (*self.registry.records, record), self.registry.source)
            self._engine_cache = (key, engine_for(registry))
        return self._engine_cache[1]

    def refresh(self) -> None:
        """Check the form now: messages under the fields, the form text, the record and the preview."""
        self._timer.stop()
        if self.settings is not None and not self._is_empty():
            self.settings.set_value("registration/draft", self._draft())  # written to disk on close
        req = self.request()
        self.problems = check_request(req, self.registry, self._base().is_valid)
        by_field: dict[str, list[Problem]] = {}
        for p in self.problems:
            by_field.setdefault(p.field, []).append(p)
        for key, label in self.messages.items():
            found = by_field.get(key, [])
            shown = [p for p in found if self._touched(key) or p.severity != "error" or key in ("type", "subtag")]
            field = self.fields[key]
            if not shown:  # hidden, its room kept: the next field does not move
                label.hide()
                label.clear()
                label.setToolTip("")
                field.setAccessibleDescription("")
                continue
            label.setText("\n".join(self._problem_line(p) for p in shown))
            # A screen reader reads the field's check with the field, where the eye sees it under the field.
            field.setAccessibleDescription(label.text())
            label.setToolTip(label.text())
            label.setStyleSheet("color: palette(link);" if all(p.severity != "error" for p in shown) else "")
            label.show()
        errors = [p for p in self.problems if p.severity == "error"]
        self.form_view.setPlainText(form_text(req))
        self.record_view.setPlainText(record_text(req))
        if errors:
            names = format_list(list(dict.fromkeys(_unnumbered(self.tr(FIELD_LABELS[p.field])) for p in errors)))
            a11y.show(
                self.summary,
                ngettext(
                    "<b>{count} problem to fix</b> before sending: {fields}.",
                    "<b>{count} problems to fix</b> before sending: {fields}.",
                    len(errors),
                ).format(count=format_number(len(errors)), fields=html.escape(names)),
            )
        else:
            a11y.show(self.summary, self.tr("<b>Ready to send</b>: no problem found. Copy or save the form."))
        self._preview_stale = True
        if self.outputs.currentWidget() is self.preview_view:
            self._update_preview()

    def _problem_line(self, p: Problem) -> str:
        """Return one field problem as the form shows it: an info is worded "Note" (its value stays ``info``)."""
        if p.severity is Severity.ERROR:
            return self.tr("Error: {message}").format(message=with_isolated_quotes(p.message))
        if p.severity is Severity.WARNING:
            return self.tr("Warning: {message}").format(message=with_isolated_quotes(p.message))
        return self.tr("Note: {message}").format(message=with_isolated_quotes(p.message))

    def _on_outputs_current_changed(self, _index: int) -> None:
        if self.outputs.currentWidget() is self.preview_view and self._preview_stale:
            self._update_preview()

    def _update_preview(self) -> None:
        errors = any(p.severity == "error" for p in self.problems)
        self.preview_view.setHtml(self._preview_html(self.request(), errors))
        self._preview_stale = False

    def _touched(self, key: str) -> bool:
        """Whether the user has typed in field *key* (an empty form does not start out all red)."""
        return bool(self._text(key).strip()) or any(bool(self._text(k).strip()) for k in ("subtag", "description"))

    def _preview_html(self, req: Request, has_errors: bool) -> str:
        code = req.subtag.strip().lower()
        if not code or any(p.field in ("subtag", "type") and p.severity == "error" for p in self.problems):
            return self.tr(
                "<p><i>Give a subtag that can be requested to see how tags using it would be checked.</i></p>"
            )
        record = preview_record(req)
        engine = self._engine(record)
        samples = [f"{p.strip()}-{code}" for p in req.prefixes if p.strip()] if req.type == "variant" else [code]
        if req.type == "variant":
            samples.append(f"und-{code}")
        rows = []
        for tag in samples:
            result = engine.check(tag)
            if result.valid:
                verdict = self.tr("valid")
            elif result.well_formed:
                verdict = self.tr("well-formed, not valid")
            else:
                verdict = self.tr("ill-formed")
            # Each message is a whole sentence with its own full stop: one a line, never cut or glued with "; ".
            notes = "<br>".join(html.escape(with_isolated_quotes(d.message)) for d in result.diagnostics)
            rows.append(f"<tr><td><b>{html.escape(tag)}</b></td><td>{verdict}</td><td>{notes}</td></tr>")
        head = self.tr("<p>With the record registered, these tags would be checked so:</p>")
        warn = (
            self.tr("<p><i>(The form still has problems; this assumes it is registered as typed.)</i></p>")
            if has_errors
            else ""
        )
        return head + warn + "<table cellpadding='3'>" + "".join(rows) + "</table>"

    # ------------------------------------------------------------------ output
    def _copy(self, text: str, done: str) -> None:
        QGuiApplication.clipboard().setText(text)
        a11y.show(self.summary, done)

    def _ask_save_path(self) -> str:
        path, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Save the registration form"),
            "registration-form.txt",
            self.tr("Text files (*.txt);;All files (*)"),
        )
        return path

    def _on_save_button_clicked(self) -> None:
        path = self.save_path_chooser()
        if not path:
            return
        try:  # the folder must exist: a mistyped one is said, never created
            write_file(Path(path), form_text(self.request()).encode("utf-8"), what="form")
        except (OSError, ValueError) as exc:  # ValueError: a path holding NUL
            reason = (exc.strerror if isinstance(exc, OSError) else None) or str(exc)
            shown = path.replace("\x00", "\\0")
            a11y.show(
                self.summary,
                self.tr("<b>Not saved</b>: {path}: {reason}").format(
                    path=html.escape(shown), reason=html.escape(reason)
                ),
            )
            return
        a11y.show(self.summary, self.tr("Saved to {path}.").format(path=html.escape(path)))

    def _on_preview_button_clicked(self) -> None:
        self.preview_requested.emit(preview_record(self.request()))


def _unnumbered(label: str) -> str:
    """Return a field's label without the number of its section of the form ("1. Name of requester" → "Name…")."""
    return re.sub(r"^(\W*)\d+\.\s+", r"\1", label)
