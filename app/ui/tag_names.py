"""The editor's name line: the tag's CLDR display name and autonym, in a display language the user picks.

The names pack is opened, and the display language's names read, only when a name is first shown,
and then after start-up: :meth:`TagNamesBar.show_tag` schedules the load (LOAD_DELAY_MS later) and
returns None until it is done, then :attr:`TagNamesBar.names_changed` asks the editor to fill the
names in (``load_now`` does it at once, for tests). The choice is the setting
``names/display_language``: ``""`` follows the system's UI language when CLDR has it, else English.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QLocale, Qt, QTimer, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSizePolicy, QWidget

from ..core.cldr import CldrData
from ..core.data import DataError, bundled_names
from ..core.names import Namer, SubtagName, TagName
from ..core.names_data import NamesPackError
from ..core.registry import Registry
from .settings import Settings

__all__ = ["SETTING", "TagNamesBar", "system_display_language"]

log = logging.getLogger(__name__)

SETTING = "names/display_language"
#: The names are read this long after the editor first asks for them: the window is on screen by then.
LOAD_DELAY_MS = 100
_SYSTEM = ""  # the setting's value that follows the system language


def system_display_language(namer: Namer, ui_languages: list[str] | None = None) -> str:
    """Return the first of the system's UI languages that CLDR has names for, else ``en``."""
    langs = ui_languages if ui_languages is not None else QLocale.system().uiLanguages()
    for lang in langs:
        if namer.pack.resolve_locale(lang) != "root":
            return lang
    return "en"


class TagNamesBar(QWidget):
    """Show the current tag's CLDR name and autonym, with the display-language picker."""

    names_changed = Signal()  # the names became available, or the display language changed

    def __init__(
        self, settings: Settings, registry: Registry, cldr: CldrData | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("TagNamesBar")
        self._settings = settings
        self._registry = registry
        self._cldr = cldr
        self._namer: Namer | None = None
        self._failed = False
        self._text = ""
        self._current: TagName | None = None
        self._load_timer = QTimer(self)
        self._load_timer.setSingleShot(True)
        self._load_timer.setInterval(LOAD_DELAY_MS)
        self._load_timer.timeout.connect(self.load_now)

        caption = QLabel("Name:", self)
        self.name_label = QLabel(self)
        self.name_label.setAccessibleName("Tag name")
        self.name_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.name_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        caption.setBuddy(self.name_label)
        self.autonym_label = QLabel(self)
        self.autonym_label.setAccessibleName("Tag name in its own language")
        self.autonym_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.autonym_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.language_box = QComboBox(self)
        self.language_box.setAccessibleName("Display language of names")
        self.language_box.setToolTip(
            "The language the names are shown in (CLDR 48 has 766 locales; type the code to jump to it)"
        )
        self.language_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.language_box.setMinimumContentsLength(16)
        self.language_box.addItem("System language", _SYSTEM)
        in_label = QLabel("Names in:", self)
        in_label.setBuddy(self.language_box)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(caption)
        layout.addWidget(self.name_label, 3)
        layout.addWidget(self.autonym_label, 2)
        layout.addWidget(in_label)
        layout.addWidget(self.language_box)
        self.language_box.currentIndexChanged.connect(self._on_language_box_current_index_changed)

    # ------------------------------------------------------------------ public
    @property
    def loaded(self) -> bool:
        """Whether the names are loaded (or failed to load, in which case none are shown)."""
        return self._namer is not None or self._failed

    def load_now(self) -> None:
        """Open the names pack and fill the language list now (idempotent)."""
        if self.loaded:
            return
        self._load_timer.stop()
        try:
            pack = bundled_names()
        except (DataError, NamesPackError) as exc:
            log.warning("display names unavailable: %s", exc)
            self._failed = True
            self.name_label.setText("(CLDR display names are not available)")
            self.name_label.setToolTip(str(exc))
            return
        self._namer = Namer(pack, self._registry, self._cldr)
        self._fill_languages()
        self._show()
        self.names_changed.emit()

    def display_language(self) -> str:
        """Return the display language in use (the setting, or the system language CLDR has)."""
        chosen: str = self._settings.value(SETTING)
        if chosen or self._namer is None:
            return chosen or "en"
        return system_display_language(self._namer)

    def set_display_language(self, tag: str) -> None:
        """Choose the display language (``""`` for the system's) and store it in the settings."""
        self.load_now()
        i = self.language_box.findData(tag)
        if i < 0:
            raise ValueError(f"CLDR has no display names for {tag!r}")
        self.language_box.setCurrentIndex(i)

    def show_tag(self, text: str) -> dict[int, SubtagName] | None:
        """Show *text*'s names; return each subtag's names by start offset (None until the names are loaded)."""
        self._text = text
        if self._namer is None:
            if not self._failed:
                self._load_timer.start()
            return None
        self._show()
        return {s.start: s for s in self._current.subtags} if self._current is not None else {}

    def current(self) -> TagName | None:
        """Return the names shown now."""
        return self._current

    # ------------------------------------------------------------------ internals
    def _fill_languages(self) -> None:
        assert self._namer is not None
        pack = self._namer.pack
        box = self.language_box
        box.blockSignals(True)
        system = system_display_language(self._namer)
        box.setItemText(0, f"System language ({system})")
        for loc in sorted(pack.locales - {"root"}):
            autos = pack.autonyms.get(loc.split("-")[0], ())
            box.addItem(f"{loc} — {autos[0]}" if autos else loc, loc)
        chosen: str = self._settings.value(SETTING)
        i = box.findData(chosen)
        box.setCurrentIndex(i if i >= 0 else 0)
        box.blockSignals(False)

    def _on_language_box_current_index_changed(self, _index: int) -> None:
        value = self.language_box.currentData()
        self._settings.set_value(SETTING, value if isinstance(value, str) else _SYSTEM)
        if self._namer is not None:
            self._show()
            self.names_changed.emit()

    def _show(self) -> None:
        assert self._namer is not None
        display = self.display_language()
        text = self._text.strip()
        self._current = self._namer.name_tag(text, display) if text else None
        cur = self._current
        if cur is None:
            self.name_label.setText("—")
            self.name_label.setToolTip("")
            self.autonym_label.setText("")
            return
        where = f"CLDR {self._namer.pack.cldr_version} locale {cur.locale}"
        if cur.name is None:
            self.name_label.setText("(not well-formed: no name)")
            self.name_label.setToolTip("A tag that is not well-formed has no display name; see the problems list")
        else:
            self.name_label.setText(cur.name)
            self.name_label.setToolTip(
                f"The tag's display name (UTS #35 Part 2 locale display name algorithm), from {where}; codes CLDR "
                "does not name there are named by their English registry Description"
            )
        if cur.autonym is not None:
            self.autonym_label.setText(f"Autonym: {cur.autonym}")
            self.autonym_label.setToolTip(f"The tag named in its own language (CLDR locale {cur.autonym_locale})")
        else:
            self.autonym_label.setText("")
            self.autonym_label.setToolTip("")
