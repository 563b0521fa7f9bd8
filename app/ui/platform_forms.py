"""The editor's platform forms and repair: a valid tag's string on each platform (copyable, with what it loses),
and for text that is not a valid tag, the repair (``core.build.repair``) with a button that uses it.

The repair here has no name index (building it takes seconds); codes, platforms' strings and slips are
repaired, as ``bcp47 check --json``'s ``fix`` does.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QLineEdit, QPushButton, QToolButton, QWidget

from ..core.build.choices import Likely
from ..core.build.platforms import PLATFORM_LABELS, PlatformForm, platform_forms
from ..core.build.repair import Repair, Repairer
from ..core.engine.tag import CheckResult, TagEngine
from . import a11y

__all__ = ["PlatformFormsBox"]


class PlatformFormsBox(QGroupBox):
    """Each platform's form of the editor's tag, copyable, and the repair of a text that is not a valid tag."""

    copied = Signal(str)  # the message to show: what was copied
    repair_chosen = Signal(str)  # the repaired tag, to put in the editor

    def __init__(self, engine: TagEngine, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Platforms"), parent)
        self._engine = engine
        self._repairer: Repairer | None = None
        self._forms: dict[str, PlatformForm] = {}
        self._repair: Repair | None = None
        self.setToolTip(
            self.tr(
                "The tag as each platform writes it (glibc, Java, Android, Windows, Apple, ICU); the tooltip of a "
                "form says what that platform cannot carry"
            )
        )
        grid = QGridLayout(self)
        self.repair_label = a11y.VerdictLabel(self)
        self.repair_label.setWordWrap(True)
        self.repair_label.setTextFormat(Qt.TextFormat.PlainText)  # notes quote the input as typed
        a11y.verdict(self.repair_label, self.tr("Repair"))
        self.repair_button = QPushButton(self.tr("Use the repair"), self)
        self.repair_button.setToolTip(self.tr("Put the repaired tag in the editor (Ctrl+Z in the editor undoes it)"))
        self.repair_button.setAccessibleName(self.tr("Use the repaired tag"))
        self.repair_button.clicked.connect(self._on_repair_button_clicked)
        grid.addWidget(self.repair_label, 0, 0, 1, 3)
        grid.addWidget(self.repair_button, 0, 3)
        self.fields: dict[str, QLineEdit] = {}
        self.buttons: dict[str, QToolButton] = {}
        for row, (key, label_text) in enumerate(PLATFORM_LABELS.items(), start=1):
            label = QLabel(self.tr("{platform}:").format(platform=label_text), self)
            field = QLineEdit(self)
            field.setReadOnly(True)
            field.setAccessibleName(self.tr("{platform} form").format(platform=label_text))
            label.setBuddy(field)
            button = QToolButton(self)
            button.setText(self.tr("Copy"))
            button.setAccessibleName(self.tr("Copy the {platform} form").format(platform=label_text))
            button.setToolTip(self.tr("Copy the {platform} form to the clipboard").format(platform=label_text))
            button.clicked.connect(lambda _checked=False, k=key: self.copy(k))
            self.fields[key] = field
            self.buttons[key] = button
            grid.addWidget(label, row, 0)
            grid.addWidget(field, row, 1, 1, 2)
            grid.addWidget(button, row, 3)
        grid.setColumnStretch(1, 1)
        self.show_result(engine.check(""))

    def _repairer_for(self) -> Repairer | None:
        if self._repairer is None:
            supplemental = self._engine.supplemental
            if supplemental is None:
                return None
            self._repairer = Repairer(self._engine, Likely(supplemental, self._engine.registry))
        return self._repairer

    def show_result(self, result: CheckResult) -> None:
        """Show the platform forms of a valid tag, or the repair of a text that is not one."""
        canonical = result.canonical if result.valid else None
        self._forms = {f.platform: f for f in platform_forms(canonical, self._engine.cldr)} if canonical else {}
        why = self.tr("only a valid tag has platform forms") if result.input else ""
        for key, field in self.fields.items():
            form = self._forms.get(key)
            field.setText(form.text or "" if form else "")
            field.setCursorPosition(0)
            field.setPlaceholderText(why if form is None else self.tr("no form on this platform"))
            lost = "\n".join(f"• {x}" for x in form.lost) if form and form.lost else ""
            tip = self.tr("The tag as {platform} writes it").format(platform=PLATFORM_LABELS[key])
            if lost:
                tip += "\n" + self.tr("Loses or needs:\n{lost}").format(lost=lost)
            field.setToolTip(tip)
            self.buttons[key].setEnabled(bool(form and form.text))
        self._repair = None
        if result.input.strip() and not result.valid:
            repairer = self._repairer_for()
            self._repair = repairer.repair(result.input) if repairer is not None else None
        repair = self._repair
        if repair is not None and repair.tag is not None and repair.tag != result.input:
            alternatives = "; ".join(f"{a.tag} ({a.reason})" for a in repair.alternatives)
            text = self.tr("Repair: {tag} — {source}").format(tag=repair.tag, source=repair.source)
            if alternatives:
                text += "\n" + self.tr("Alternatives: {alternatives}").format(alternatives=alternatives)
            for note in repair.notes:
                text += "\n" + self.tr("Note: {note}").format(note=note)
            a11y.show(self.repair_label, text)
            self.repair_label.setToolTip("\n".join(repair.steps))
            self.repair_label.show()
            self.repair_button.show()
        else:
            self.repair_label.hide()
            self.repair_button.hide()

    def repair(self) -> Repair | None:
        """Return the repair shown (None when the tag is valid or nothing fits)."""
        return self._repair

    def copy(self, key: str) -> str | None:
        """Copy the form of platform *key* to the clipboard and return it (None when there is none)."""
        form = self._forms.get(key)
        label = PLATFORM_LABELS[key]
        if form is None or not form.text:
            self.copied.emit(self.tr("No {platform} form to copy.").format(platform=label))
            return None
        QGuiApplication.clipboard().setText(form.text)
        if form.lost:
            message = self.tr("Copied the {platform} form: {text} (it loses or needs: {lost})")
            self.copied.emit(message.format(platform=label, text=form.text, lost="; ".join(form.lost)))
        else:
            self.copied.emit(self.tr("Copied the {platform} form: {text}").format(platform=label, text=form.text))
        return form.text

    def _on_repair_button_clicked(self) -> None:
        if self._repair is not None and self._repair.tag is not None:
            self.repair_chosen.emit(self._repair.tag)
