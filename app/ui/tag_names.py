"""The editor's name line: the tag's CLDR display name and autonym, in a display language the user picks.

The names pack is opened, and the display language's names read, only when a name is first shown,
and then after start-up: :meth:`TagNamesBar.show_tag` schedules the load (LOAD_DELAY_MS after the bar
is shown, so not while the window is still being built) and
returns None until it is done, then :attr:`TagNamesBar.names_changed` asks the editor to fill the
names in (``load_now`` does it at once, for tests). The choice is the setting
``names/display_language``: ``""`` follows the system's UI language when CLDR has it, else English.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QLocale, Qt, QTimer, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QShowEvent
from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QWidget

from ..core.cldr.model import CldrData
from ..core.data import DataError, bundled_names
from ..core.names.namer import Namer, SubtagName, TagName
from ..core.names.pack import NamesPackError
from ..core.registry.model import Registry
from ..core.text.catalogue import N_, _
from . import a11y
from .elided import ElidedLabel
from .i18n import ltr
from .settings import Settings

__all__ = ["SETTING", "TagNamesBar", "system_display_language"]

log = logging.getLogger(__name__)

SETTING = "names/display_language"
#: The names are read this long after the bar is shown (or asked, once shown): the window is painted by then.
LOAD_DELAY_MS = 100
_SYSTEM = ""  # the setting's value that follows the system language
_NAME_TIP = N_("The tag's name in the chosen language, from CLDR 48's locale display names")
_AUTONYM_TIP = N_("The tag named in its own language (shown when CLDR has a locale for it)")


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
        self._pending = False  # a name was asked for before the names were loaded
        self._text = ""
        self._current: TagName | None = None
        self._load_timer = QTimer(self)
        self._load_timer.setSingleShot(True)
        self._load_timer.setInterval(LOAD_DELAY_MS)
        self._load_timer.timeout.connect(self.load_now)

        caption = QLabel(self.tr("Name:"), self)
        self.name_label = ElidedLabel(self)
        a11y.verdict(self.name_label, self.tr("Tag name"))
        self.name_label.setToolTip(_(_NAME_TIP))
        self.name_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        caption.setBuddy(self.name_label)
        self.autonym_label = ElidedLabel(self)
        a11y.verdict(self.autonym_label, self.tr("Tag name in its own language"))
        self.autonym_label.setToolTip(_(_AUTONYM_TIP))
        self.autonym_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.language_box = _LanguageBox(self._fill_all_languages, self)
        self.language_box.setAccessibleName(self.tr("Display language of names"))
        self.language_box.setToolTip(
            self.tr("The language the names are shown in (the 765 locales of CLDR 48; type a code to jump to it)")
        )
        self.language_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.language_box.setMinimumContentsLength(16)
        self.language_box.addItem(self.tr("System language"), _SYSTEM)
        in_label = QLabel(self.tr("Names in:"), self)
        in_label.setBuddy(self.language_box)

        auto_caption = QLabel(self.tr("Autonym:"), self)
        auto_caption.setToolTip(self.tr("The tag named in its own language"))
        auto_caption.setBuddy(self.autonym_label)
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setVerticalSpacing(2)
        layout.addWidget(caption, 0, 0)
        layout.addWidget(self.name_label, 0, 1)
        layout.addWidget(in_label, 0, 2)
        layout.addWidget(self.language_box, 0, 3)
        layout.addWidget(auto_caption, 1, 0)
        layout.addWidget(self.autonym_label, 1, 1, 1, 3)
        layout.setColumnStretch(1, 1)
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
            log.log(logging.WARNING, "display names unavailable: %s", exc)  # a log line, not shown: not translated
            self._failed = True
            self.name_label.setText(self.tr("(CLDR display names are not available)"))
            self.name_label.setToolTip(str(exc))
            return
        self._namer = Namer(pack, self._registry, self._cldr)
        self._fill_current_language()
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
        self.language_box.fill()
        i = self.language_box.findData(tag)
        if i < 0:
            raise ValueError(f"CLDR has no display names for {tag!r}")
        self.language_box.setCurrentIndex(i)

    def show_tag(self, text: str) -> dict[int, SubtagName] | None:
        """Show *text*'s names; return each subtag's names by start offset (None until the names are loaded)."""
        self._text = text
        if self._namer is None:
            if not self._failed:
                self._pending = True
                if self.isVisible() and not self._load_timer.isActive():
                    self._load_timer.start()
            return None
        self._show()
        return {s.start: s for s in self._current.subtags} if self._current is not None else {}

    def current(self) -> TagName | None:
        """Return the names shown now."""
        return self._current

    def showEvent(self, event: QShowEvent) -> None:
        """Start the delayed load once the bar is on screen (not while the window is still being built)."""
        super().showEvent(event)
        if self._pending and not self.loaded and not self._load_timer.isActive():
            self._load_timer.start()

    # ------------------------------------------------------------------ internals
    def _label(self, loc: str) -> str:
        assert self._namer is not None
        autos = self._namer.pack.autonyms.get(loc.split("-")[0], ())
        return f"{loc} — {autos[0]}" if autos else loc

    def _fill_current_language(self) -> None:
        """Put the system entry and the chosen language in the list; the others wait for the list to be used."""
        assert self._namer is not None
        box = self.language_box
        box.blockSignals(True)
        box.setItemText(
            0, self.tr("System language ({language})").format(language=system_display_language(self._namer))
        )
        chosen: str = self._settings.value(SETTING)
        if chosen in self._namer.pack.locales and chosen != "root":
            box.addItem(self._label(chosen), chosen)
            box.setCurrentIndex(1)
        box.blockSignals(False)

    def _fill_all_languages(self) -> None:
        """List every CLDR locale (called when the list is first focused or opened)."""
        if self._namer is None:
            self.load_now()
            if self._namer is None:
                return
        box = self.language_box
        current = box.currentData()
        box.blockSignals(True)
        while box.count() > 1:
            box.removeItem(1)
        for loc in sorted(self._namer.pack.locales - {"root"}):
            box.addItem(self._label(loc), loc)
        i = box.findData(current)
        box.setCurrentIndex(i if i >= 0 else 0)
        box.blockSignals(False)
        box.filled = True

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
        try:
            self._current = self._namer.name_tag(text, display) if text else None
        except (DataError, NamesPackError) as exc:  # a damaged or replaced pack: say so, keep editing
            log.log(logging.WARNING, "display names unavailable: %s", exc)  # a log line, not shown: not translated
            self._current = None
            self.name_label.setText(self.tr("(CLDR display names are not available)"))
            self.name_label.setToolTip(str(exc))
            self.autonym_label.setText("")
            return
        cur = self._current
        if cur is None:
            self.name_label.setText("—")
            self.name_label.setToolTip(_(_NAME_TIP))
            self.autonym_label.setText("")
            return
        if cur.name is None:
            self.name_label.setText(self.tr("(not well-formed: no name)"))
            self.name_label.setToolTip(
                self.tr("A tag that is not well-formed has no display name; see the problems list")
            )
        else:
            self.name_label.setText(cur.name)
            tip = self.tr(
                "The tag's display name (UTS #35 Part 2 locale display name algorithm), from CLDR {version} locale "
                "{locale}; codes CLDR does not name there are named by their English registry Description"
            ).format(version=self._namer.pack.cldr_version, locale=ltr(cur.locale))
            self.name_label.setToolTip(f"{cur.name}\n\n{tip}")
        if cur.autonym is not None:
            self.autonym_label.setText(cur.autonym)
            tip = self.tr("The tag named in its own language (CLDR locale {locale})").format(
                locale=ltr(str(cur.autonym_locale))
            )
            self.autonym_label.setToolTip(f"{cur.autonym}\n\n{tip}")
        else:
            self.autonym_label.setText("")
            self.autonym_label.setToolTip(_(_AUTONYM_TIP))


class _LanguageBox(QComboBox):
    """The display-language list: its 765 locales are added when it is first focused or opened."""

    def __init__(self, fill: Callable[[], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._fill = fill
        self.filled = False

    def fill(self) -> None:
        """Add every entry now (once)."""
        if not self.filled:
            self._fill()

    def focusInEvent(self, event: QFocusEvent) -> None:
        """Fill the list before the keyboard can search it."""
        self.fill()
        super().focusInEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Fill the list before a key searches or steps through it."""
        self.fill()
        super().keyPressEvent(event)

    def showPopup(self) -> None:
        """Fill the list before it opens."""
        self.fill()
        super().showPopup()
