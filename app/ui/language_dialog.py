"""Help > Language of the application…: choose the UI language (a BCP 47 tag) and see how it is matched.

The choice is "follow the system" or one of the shipped languages; the dialog shows, before anything is
saved, which catalogue the preferences (the choice, then ``LANGUAGE``/``LC_*``, then the system's UI
languages) lead to and the best fit's reason. OK keeps the choice in the settings (``ui/language``); it
applies when the application starts again (the open windows keep the language they were built in).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout, QWidget

from ..core.matching.bestfit import Matcher
from ..core.matching.uilanguage import UiLanguage, supported_languages
from ..core.text.formats import format_list
from .i18n import LANGUAGE_SETTING, ltr, negotiate_ui_language
from .settings import Settings

__all__ = ["AUTONYMS", "LanguageDialog"]

#: Each UI language named in itself (CLDR's names of the languages in their own language).
AUTONYMS: Mapping[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "français",
    "es": "español",
    "ja": "日本語",
    "zh-Hans": "简体中文",
    "ar": "العربية",
}


class LanguageDialog(QDialog):
    """Choose the language of the application; show the match and its reason; keep the choice on OK."""

    def __init__(
        self,
        settings: Settings,
        matcher: Matcher,
        parent: QWidget | None = None,
        environ: Mapping[str, str] | None = None,
        system: Sequence[str] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("LanguageDialog")
        self.setWindowTitle(self.tr("Language of the application"))
        self._settings = settings
        self._matcher = matcher
        self._environ = environ
        self._system = system
        self.choice = QComboBox()
        self.choice.setAccessibleName(self.tr("Language of the application"))
        self.choice.addItem(self.tr("Follow the system"), "")
        for tag in supported_languages():
            self.choice.addItem(f"{AUTONYMS.get(tag, tag)} ({ltr(tag)})", tag)
        current = str(settings.value(LANGUAGE_SETTING))
        index = self.choice.findData(current)
        self.choice.setCurrentIndex(max(index, 0))
        self.outcome = QLabel()
        self.outcome.setWordWrap(True)
        self.outcome.setAccessibleName(self.tr("The language the application will use"))
        self.reason = QLabel()
        self.reason.setWordWrap(True)
        self.reason.setAccessibleName(self.tr("Why this language"))
        note = QLabel(self.tr("The new language applies when the application starts again."))
        note.setWordWrap(True)
        form = QFormLayout()
        label = QLabel(self.tr("&Language:"))
        label.setBuddy(self.choice)
        form.addRow(label, self.choice)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(self.outcome)
        box.addWidget(self.reason)
        box.addWidget(note)
        box.addWidget(self.buttons)
        self.choice.currentIndexChanged.connect(self._on_choice_current_index_changed)
        self._on_choice_current_index_changed()
        self.choice.setFocus()

    def chosen(self) -> str:
        """Return the chosen tag ("" to follow the system)."""
        return str(self.choice.currentData())

    def match(self) -> UiLanguage:
        """Return the UI language the current choice leads to."""
        return negotiate_ui_language(self._matcher, None, self.chosen(), self._environ, self._system)

    def _on_choice_current_index_changed(self) -> None:
        m = self.match()
        name = AUTONYMS.get(m.tag, m.tag)
        if m.desired is None:
            text = self.tr("The application will be in {language} ({tag}): no preferred language has a translation.")
        elif m.desired == m.tag:
            text = self.tr("The application will be in {language} ({tag}), as preferred.")
        else:
            text = self.tr("The application will be in {language} ({tag}), the closest to {preferred}.")
        self.outcome.setText(text.format(language=name, tag=ltr(m.tag), preferred=ltr(m.desired or "")))
        self.reason.setText(self.tr("Preferences: {preferences}. Best fit: {reason}").format(
            preferences=format_list([ltr(p) for p in m.preferences]) or "—", reason=m.reason))  # fmt: skip

    def accept(self) -> None:
        """Keep the choice in the settings, then close."""
        self._settings.set_value(LANGUAGE_SETTING, self.chosen())
        self._settings.sync()
        super().accept()
