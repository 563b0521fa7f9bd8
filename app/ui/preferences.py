"""Edit > Preferences: the settings that were scattered over menus and panes, in one dialog.

Theme, display language of names, the tag editor's zoom, the folder of downloaded and opened registry
copies, and whether the app may reach IANA to download a registry. OK applies and stores them.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ..core.registry.update import user_data_dir
from . import a11y
from .settings import Settings
from .theme import THEMES

__all__ = ["NETWORK_SETTING", "Preferences", "PreferencesDialog"]

#: The setting that allows downloading the registry from IANA (the only network access the app makes).
NETWORK_SETTING = "network/allowed"


@dataclass(frozen=True, slots=True)
class Preferences:
    """The values the dialog edits."""

    theme: str
    display_language: str  # "" follows the system
    zoom: int
    network_allowed: bool


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
        self.setWindowTitle("Preferences")
        self._settings = settings
        form = QFormLayout()
        self.theme_box = QComboBox(self)
        for key, label in THEMES:
            self.theme_box.addItem(label.replace("&", ""), key)
        self.theme_box.setCurrentIndex(max(0, self.theme_box.findData(settings.value("window/theme"))))
        a11y.describe(self.theme_box, "Theme", "The window's colours: the system's, light, dark or high contrast")
        self.language_box = QComboBox(self)
        self.language_box.addItem("The system's language", "")
        for code, name in languages:
            self.language_box.addItem(f"{name} ({code})", code)
        self.language_box.setCurrentIndex(max(0, self.language_box.findData(settings.value("names/display_language"))))
        a11y.describe(self.language_box, "Display language of names", "The language the names of tags are shown in")
        self.zoom_box = QSpinBox(self)
        self.zoom_box.setRange(*zoom_range)
        self.zoom_box.setValue(int(settings.value("editor/zoom")))
        self.zoom_box.setSuffix(" steps")
        a11y.describe(
            self.zoom_box, "Tag editor zoom", "Steps larger (or smaller) than the default font (Ctrl+= / Ctrl+-)"
        )
        self.folder_edit = QLineEdit(str(user_data_dir()), self)
        self.folder_edit.setReadOnly(True)
        a11y.describe(self.folder_edit, "Data folder", "Where downloaded and opened registry copies are kept")
        self.folder_button = QPushButton("&Open folder", self)
        a11y.describe(self.folder_button, "Open the data folder", "Show the data folder in the file manager")
        self.folder_button.clicked.connect(self._on_folder_button_clicked)
        folder_row = QHBoxLayout()
        folder_row.addWidget(self.folder_edit, 1)
        folder_row.addWidget(self.folder_button)
        self.network_box = QCheckBox("Allow downloading the registry from &IANA", self)
        self.network_box.setChecked(bool(settings.value(NETWORK_SETTING)))
        a11y.describe(
            self.network_box,
            "Allow downloading the registry",
            "The app's only network access: Tools > Download the latest registry. Off: the app never connects.",
        )
        form.addRow(a11y.buddy(QLabel("&Theme:", self), self.theme_box), self.theme_box)
        form.addRow(a11y.buddy(QLabel("&Names in:", self), self.language_box), self.language_box)
        form.addRow(a11y.buddy(QLabel("Editor &zoom:", self), self.zoom_box), self.zoom_box)
        form.addRow(a11y.buddy(QLabel("&Data folder:", self), self.folder_edit), folder_row)
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
        )

    def _on_folder_button_clicked(self) -> None:
        path = user_data_dir()
        path.mkdir(parents=True, exist_ok=True)
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))
