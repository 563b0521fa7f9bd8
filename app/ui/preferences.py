"""Edit > Preferences: the settings that were scattered over menus and panes, in one dialog.

Theme, display language of names, the tag editor's zoom, the folder of downloaded and opened registry
copies, and whether the app may reach IANA to download a registry. OK applies and stores them.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ..core.registry.update import ENV_DATA_HOME, DownloadError, user_data_dir, verify_registry_bytes
from . import a11y
from .i18n import without_mnemonic
from .reserved import ReservedLabel
from .settings import DATA_FOLDER_SETTING, NETWORK_SETTING, Settings
from .theme import THEMES

__all__ = ["DATA_FOLDER_SETTING", "NETWORK_SETTING", "Preferences", "PreferencesDialog", "data_folder_problem"]

#: The registry copy a data folder may hold (core/registry/update.py keeps it under this name).
KEPT_REGISTRY_NAME = "language-subtag-registry.txt"


@dataclass(frozen=True, slots=True)
class Preferences:
    """The values the dialog edits."""

    theme: str
    display_language: str  # "" follows the system
    zoom: int
    network_allowed: bool
    data_folder: str = ""  # "" keeps the platform's place


class PreferencesDialog(QDialog):
    """Edit the app's preferences; ``values()`` returns them after OK."""

    def __init__(
        self,
        settings: Settings,
        languages: list[tuple[str, str]],
        zoom_range: tuple[int, int],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Preferences"))
        self._settings = settings
        form = QFormLayout()
        self.theme_box = QComboBox(self)
        for key, label in THEMES:
            self.theme_box.addItem(without_mnemonic(self.tr(label)), key)
        self.theme_box.setCurrentIndex(max(0, self.theme_box.findData(settings.value("window/theme"))))
        a11y.describe(
            self.theme_box,
            self.tr("Theme"),
            self.tr("The window's colours: the system's, light, dark or high contrast"),
        )
        self.language_box = QComboBox(self)
        self.language_box.addItem(self.tr("The system's language"), "")
        for code, name in languages:
            self.language_box.addItem(f"{name} ({code})", code)
        self.language_box.setCurrentIndex(max(0, self.language_box.findData(settings.value("names/display_language"))))
        a11y.describe(
            self.language_box,
            self.tr("Display language of names"),
            self.tr("The language the names of tags are shown in"),
        )
        self.zoom_box = QSpinBox(self)
        self.zoom_box.setRange(*zoom_range)
        self.zoom_box.setValue(int(settings.value("editor/zoom")))
        self.zoom_box.setSuffix(" steps")
        a11y.describe(
            self.zoom_box,
            self.tr("Tag editor zoom"),
            self.tr("Steps larger (or smaller) than the default font (Ctrl+= / Ctrl+-)"),
        )
        self._in_use = user_data_dir()
        self._data_folder = str(settings.value(DATA_FOLDER_SETTING) or "")
        self.folder_edit = QLineEdit(self._data_folder or str(self._in_use), self)
        self.folder_edit.setReadOnly(True)
        a11y.describe(
            self.folder_edit, self.tr("Data folder"), self.tr("Where downloaded and opened registry copies are kept")
        )
        self.folder_button = QPushButton(self.tr("&Open folder"), self)
        a11y.describe(
            self.folder_button, self.tr("Open the data folder"), self.tr("Show the data folder in the file manager")
        )
        self.folder_button.clicked.connect(self._on_folder_button_clicked)
        self.change_folder_button = QPushButton(self.tr("C&hange…"), self)
        a11y.describe(
            self.change_folder_button,
            self.tr("Change the data folder"),
            self.tr("Pick another folder for the registry copies; it is used from the next start"),
        )
        self.change_folder_button.clicked.connect(self._on_change_folder_button_clicked)
        #: Asks for a folder ("" when cancelled); tests replace it.
        self.folder_chooser: Callable[[], str] = self._ask_folder
        self.folder_message = ReservedLabel(3, self)  # room for the longest message
        self.folder_message.setObjectName("folder_message")
        self.folder_message.setWordWrap(True)
        a11y.verdict(self.folder_message, self.tr("Data folder: check"))
        self.setMinimumWidth(self.fontMetrics().horizontalAdvance("M") * 36)
        folder_row = QHBoxLayout()
        folder_row.addWidget(self.folder_edit, 1)
        folder_row.addWidget(self.change_folder_button)
        folder_row.addWidget(self.folder_button)
        self.network_box = QCheckBox(self.tr("Allow downloading the registry from &IANA"), self)
        self.network_box.setChecked(bool(settings.value(NETWORK_SETTING)))
        a11y.describe(
            self.network_box,
            self.tr("Allow downloading the registry"),
            self.tr(
                "The app's only network access: Tools > Download the latest registry. Off: the app never connects."
            ),
        )
        form.addRow(a11y.buddy(QLabel(self.tr("&Theme:"), self), self.theme_box), self.theme_box)
        form.addRow(a11y.buddy(QLabel(self.tr("&Names in:"), self), self.language_box), self.language_box)
        form.addRow(a11y.buddy(QLabel(self.tr("Editor &zoom:"), self), self.zoom_box), self.zoom_box)
        form.addRow(a11y.buddy(QLabel(self.tr("&Data folder:"), self), self.folder_edit), folder_row)
        # In a box of its own: a QFormLayout drops the room of a hidden field, and the empty message is hidden.
        message_box = QWidget(self)
        message_layout = QVBoxLayout(message_box)
        message_layout.setContentsMargins(0, 0, 0, 0)
        message_layout.addWidget(self.folder_message)
        form.addRow("", message_box)
        form.addRow("", self.network_box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def values(self) -> Preferences:
        """Return the values as chosen in the dialog."""
        return Preferences(
            theme=str(self.theme_box.currentData()),
            display_language=str(self.language_box.currentData()),
            zoom=self.zoom_box.value(),
            network_allowed=self.network_box.isChecked(),
            data_folder=self._data_folder,
        )

    def _ask_folder(self) -> str:
        return QFileDialog.getExistingDirectory(self, self.tr("Choose the data folder"), self.folder_edit.text())

    def _on_change_folder_button_clicked(self) -> None:
        chosen = self.folder_chooser()
        if not chosen:
            return
        problem = data_folder_problem(Path(chosen))
        if problem:
            self.folder_message.setStyleSheet("")
            a11y.show(self.folder_message, self.tr("Not used: {problem}").format(problem=problem))
            self.folder_message.show()
            self.folder_edit.setAccessibleDescription(self.folder_message.text())
            return
        self._data_folder = str(Path(chosen).resolve())
        self.folder_edit.setText(self._data_folder)
        if os.environ.get(ENV_DATA_HOME):
            text = self.tr(
                "Saved, but {variable} is set in the environment and names the folder this app uses "
                "({folder}) until it is unset."
            ).format(variable=ENV_DATA_HOME, folder=self._in_use)
        else:
            text = self.tr(
                "Used from the next start (after OK). This window keeps using {folder} until then; "
                "nothing is moved or copied."
            ).format(folder=self._in_use)
        a11y.show(self.folder_message, text)
        self.folder_message.show()
        self.folder_edit.setAccessibleDescription(self.folder_message.text())

    def _on_folder_button_clicked(self) -> None:
        path = Path(self.folder_edit.text())
        path.mkdir(parents=True, exist_ok=True)
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))


def data_folder_problem(folder: Path) -> str:
    """Return why *folder* cannot be the data folder ("" when it can): a folder the app can write, and a
    registry copy in it, if any, that is a registry file."""
    if not folder.is_dir():
        return QCoreApplication.translate("Preferences", "{folder} is not a folder.").format(folder=folder)
    if not os.access(folder, os.W_OK | os.X_OK):
        return QCoreApplication.translate(
            "Preferences", "{folder} cannot be written to, so no registry copy could be kept there."
        ).format(folder=folder)
    kept = folder / KEPT_REGISTRY_NAME
    if kept.exists():
        try:
            verify_registry_bytes(kept.read_bytes(), str(kept), None)
        except (OSError, DownloadError) as exc:
            return QCoreApplication.translate(
                "Preferences", "it holds {file}, which is not a usable registry: {error}"
            ).format(file=kept, error=exc)
    return ""
