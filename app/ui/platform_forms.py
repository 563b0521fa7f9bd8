"""The editor's platform forms and repair: a valid tag's string on each platform (copyable, with what it loses),
and for text that is not a valid tag, the repair (``core.build.repair``) with a button that uses it.

Codes, platforms' strings and slips are repaired at once, as ``bcp47 check --json``'s ``fix`` does. Names
(``Deutsch``, ``Latin American Spanish``) need the one name index, which takes about 2 s of CPU to build: it
is built in a worker thread the first time the editor holds text that could be a name and is not a valid tag
(never at start-up, never in the GUI thread, so typing goes on), and the repair is shown again once it is in.
The index is built once per run and shared with the Build pane and the registry browser.
"""

from __future__ import annotations

import contextlib
import logging
import re
import threading
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QLineEdit, QPushButton, QToolButton, QWidget

from ..core.build.choices import Likely
from ..core.build.platforms import PLATFORM_LABELS, PlatformForm, platform_forms
from ..core.build.repair import Repair, Repairer
from ..core.data import DataError, bundled_name_finder
from ..core.engine.tag import CheckResult, TagEngine
from ..core.text.catalogue import _
from ..core.text.said import shown
from . import a11y

if TYPE_CHECKING:
    from ..core.names.finder import NameFinder

__all__ = ["PlatformFormsBox"]

log = logging.getLogger(__name__)
#: Text that could be a language's name: four or more letters, spaces and name punctuation (no '-', '_' or digit:
#: ``uk-UK`` and ``de_DE`` are codes and strings, repaired without the index).
_NAME_LIKE = re.compile(r"[^\W\d_](?:[^\W\d_]|['’ ().,]){3,}")


class _FinderLoader(QObject):
    """Carries the name index from the worker thread to the GUI thread (a queued signal)."""

    loaded = Signal(object)  # the NameFinder, or None when it cannot be built


class PlatformFormsBox(QGroupBox):
    """Each platform's form of the editor's tag, copyable, and the repair of a text that is not a valid tag."""

    copied = Signal(str)  # the message to show: what was copied
    repair_chosen = Signal(str)  # the repaired tag, to put in the editor
    repair_changed = Signal()  # the repair of the shown text changed (the name index came in)

    def __init__(self, engine: TagEngine, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Platforms"), parent)
        self._engine = engine
        self._repairer: Repairer | None = None
        self._forms: dict[str, PlatformForm] = {}
        self._repair: Repair | None = None
        self._result: CheckResult | None = None
        self._finder: NameFinder | None = None
        self._loader: _FinderLoader | None = None  # set while (or after) the name index is being built
        self._names_failed = False  # the name index could not be built: names stay unknown to the repair
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
        for row, (key, english) in enumerate(PLATFORM_LABELS.items(), start=1):
            label_text = _(english)
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
            self._repairer = Repairer(self._engine, Likely(supplemental, self._engine.registry), self._finder)
        return self._repairer

    def names_loaded(self) -> bool:
        """Tell whether the repair looks names up (the name index is in)."""
        return self._finder is not None

    def _load_names(self) -> None:
        """Build the name index in a worker thread (once); the repair is shown again when it is in."""
        if self._loader is not None:
            return
        self._loader = loader = _FinderLoader(self)
        loader.loaded.connect(self._on_loader_loaded)

        def work() -> None:
            finder: NameFinder | None
            try:
                finder = bundled_name_finder()
            except (DataError, OSError) as exc:  # names stay unknown to the repair; codes and strings still work
                log.warning("the name index is unavailable: %s", exc)
                finder = None
            with contextlib.suppress(RuntimeError):  # the box was closed meanwhile: there is no one to tell
                loader.loaded.emit(finder)

        threading.Thread(target=work, name="editor-repair-names", daemon=True).start()

    def _on_loader_loaded(self, finder: NameFinder | None) -> None:
        self._names_failed = finder is None
        self._finder = finder
        self._repairer = None  # made again with the index
        if self._result is not None:
            self.show_result(self._result)
            self.repair_changed.emit()

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
            lost = "\n".join(f"• {shown(x)}" for x in form.lost) if form and form.lost else ""
            tip = self.tr("The tag as {platform} writes it").format(platform=_(PLATFORM_LABELS[key]))
            if lost:
                tip += "\n" + self.tr("Loses or needs:\n{lost}").format(lost=lost)
            field.setToolTip(tip)
            self.buttons[key].setEnabled(bool(form and form.text))
        self._repair = None
        self._result = result
        text = result.input.strip()
        if text and not result.valid:
            repairer = self._repairer_for()
            self._repair = repairer.repair(result.input) if repairer is not None else None
            if self._finder is None and _NAME_LIKE.fullmatch(text):
                self._load_names()  # it may be a name: the index is built once, then the repair shown again
        repair = self._repair
        if repair is not None and repair.tag is not None and repair.tag != result.input:
            alternatives = "; ".join(
                self.tr("{tag} ({reason})").format(tag=a.tag, reason=shown(a.reason)) for a in repair.alternatives
            )
            text = self.tr("Repair: {tag} — {source}").format(tag=repair.tag, source=shown(repair.source))
            if alternatives:
                text += "\n" + self.tr("Alternatives: {alternatives}").format(alternatives=alternatives)
            for note in repair.notes:
                text += "\n" + self.tr("Note: {note}").format(note=shown(note))
            a11y.show(self.repair_label, text)
            self.repair_label.setToolTip("\n".join(shown(s) for s in repair.steps))
            self.repair_label.show()
            self.repair_button.show()
        elif (
            self._loader is not None and self._finder is None and not self._names_failed and _NAME_LIKE.fullmatch(text)
        ):
            waiting = self.tr("Looking {text} up as a name once the name index has loaded (a few seconds)…")
            a11y.show(self.repair_label, waiting.format(text=text))
            self.repair_label.setToolTip("")
            self.repair_label.show()
            self.repair_button.hide()
        else:
            self.repair_label.hide()
            self.repair_button.hide()

    def repair(self) -> Repair | None:
        """Return the repair shown (None when the tag is valid or nothing fits)."""
        return self._repair

    def copy(self, key: str) -> str | None:
        """Copy the form of platform *key* to the clipboard and return it (None when there is none)."""
        form = self._forms.get(key)
        label = _(PLATFORM_LABELS[key])
        if form is None or not form.text:
            self.copied.emit(self.tr("No {platform} form to copy.").format(platform=label))
            return None
        QGuiApplication.clipboard().setText(form.text)
        if form.lost:
            message = self.tr("Copied the {platform} form: {text} (it loses or needs: {lost})")
            lost = "; ".join(shown(x) for x in form.lost)
            self.copied.emit(message.format(platform=label, text=form.text, lost=lost))
        else:
            self.copied.emit(self.tr("Copied the {platform} form: {text}").format(platform=label, text=form.text))
        return form.text

    def _on_repair_button_clicked(self) -> None:
        if self._repair is not None and self._repair.tag is not None:
            self.repair_chosen.emit(self._repair.tag)
