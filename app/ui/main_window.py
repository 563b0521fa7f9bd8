"""The main window: composes the panes around one current tag and connects their signals."""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QByteArray, QCoreApplication, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QGuiApplication, QKeySequence, QPainter, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QSizePolicy,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ..core.text.catalogue import N_, ngettext
from . import a11y
from .drops import DropOpener
from .edit_actions import add_edit_actions
from .elided import ElidedLabel
from .i18n import ltr, shown_date, without_mnemonic
from .recent import RecentFiles
from .settings import DATA_FOLDER_SETTING, NETWORK_SETTING, Settings
from .state import TagState
from .teaching import TEACHING_TABS, TeachingPanes
from .theme import FOCUS_RING_WIDTH, THEMES, apply_theme, draw_focus_ring, focus_ring_pending
from .visible import shown_text

if TYPE_CHECKING:  # the other panes' modules are imported when the pane is first shown (a quick start-up)
    from PySide6.QtGui import QPaintEvent
    from PySide6.QtWidgets import QMessageBox

    from ..core.cldr.model import CldrData
    from ..core.engine.tag import TagEngine
    from ..core.registry.model import Registry
    from .batch_pane import BatchPane
    from .browser import BrowserPane
    from .build import BuildPane
    from .builder import BuilderPane
    from .editor import EditorPane
    from .preferences import Preferences, PreferencesDialog
    from .primer import PrimerDialog
    from .registry_files import RegistryFiles

__all__ = ["MainWindow", "PANES"]

log = logging.getLogger(__name__)

APP_NAME = "BCP 47 Explorer"

#: (key, tab title, shortcut) of each pane, in tab order.
PANES = (("editor", N_("Ed&itor"), "Ctrl+1"), ("builder", N_("-u- &Builder"), "Ctrl+2"),
         ("browser", N_("&Registry"), "Ctrl+3"), ("build", N_("Buil&d"), "Ctrl+4"))  # fmt: skip


def _copy_forms() -> tuple[tuple[str, str, str], ...]:
    """The forms the editor can copy: (name for EditorPane.copy_form, menu text, shortcut), from the core's list.

    Read when the Edit menu is filled with the data (``COPY_FORMS``): the forms' module is not needed to start.
    """
    from ..core.build.forms import FORMS

    return tuple((f.key, f.menu_text, f.shortcut) for f in FORMS)


def __getattr__(name: str) -> object:
    if name == "COPY_FORMS":
        return _copy_forms()
    raise AttributeError(name)


#: Keys that act inside a pane, listed by F1 and Help > Keyboard shortcuts (pane actions are found on their own).
PANE_KEYS = (
    ("Alt+1 … Alt+7", N_("Go to a step of the Build pane (language, script, region, variants, -u-, -t-, private use)")),
    ("Alt+← / Alt+→, Ctrl+PgUp / Ctrl+PgDown", N_("Previous / next step of the Build pane")),
    ("Down / Enter", N_("From the registry search into the results")),
    ("Ctrl+Return", N_("Use the selected record in the tag (Registry pane)")),
    ("Ctrl+click", N_("Show the record of a subtag of the tag (Editor)")),
    ("Tab / Shift+Tab", N_("Next / previous control; arrows move inside tables and lists")),
)

_Shortcut = str | QKeySequence | QKeySequence.StandardKey


class Placeholder(QWidget):
    """Stand in for a pane that could not be created, saying why."""

    def __init__(self, title: str, reason: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        label = QLabel(self.tr("<h3>{pane} is not available</h3><p>{reason}</p>").format(pane=title, reason=reason))
        label.setWordWrap(True)
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
        self.setAccessibleName(self.tr("{pane} (not available)").format(pane=title))
        self.reason = reason


class LoadingField(QLineEdit):
    """The tag's field while the data are loaded: until the focus-ring style comes, it draws the ring itself."""

    def paintEvent(self, event: QPaintEvent) -> None:
        """Paint the field, and the focus ring the style will draw once it is installed (theme.apply_theme)."""
        super().paintEvent(event)
        if focus_ring_pending() and self.hasFocus():
            painter = QPainter(self)
            draw_focus_ring(painter, self.contentsRect(), self.palette())  # where the style draws it on a field
            painter.end()


class LoadingEditor(QWidget):
    """Stand in for the Editor while the data are loaded: the tag's field, already usable, and "Loading…".

    What is typed is the current tag at once (TagState); the Editor made with the data takes it, with the
    cursor and the focus, and checks it. Cheap to make: no core module, no data.
    """

    def __init__(self, state: TagState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("editor_loading")
        self._state = state
        self.field = LoadingField(state.tag())
        # The Editor's own wording (TagLineEdit's translations), so that nothing changes when it takes over.
        self.field.setPlaceholderText(
            QCoreApplication.translate("TagLineEdit", "Type a language tag, e.g. sr-Latn-RS or de-DE-u-co-phonebk")
        )
        self.field.setAccessibleName(QCoreApplication.translate("TagLineEdit", "Language tag"))
        self.field.setLayoutDirection(Qt.LayoutDirection.LeftToRight)  # a tag reads left to right (issue 25)
        font = self.field.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        self.field.setFont(font)
        # The Editor's field height (TagLineEdit._fit_height) and its two buttons, shown disabled: no jump. The
        # frame is the one a view gets from the focus-ring style, read from a styled frame: asking the style
        # itself would make Qt's style classes before the first paint (theme.apply_theme).
        probe = QFrame()
        probe.setFrameShape(QFrame.Shape.StyledPanel)
        frame = max(probe.frameWidth(), FOCUS_RING_WIDTH)
        self.field.setFixedHeight(int(self.field.fontMetrics().lineSpacing() + 2 * 4 + 2 * frame + 4))
        self.field.textEdited.connect(state.set_tag)
        state.tag_changed.connect(self._on_state_tag_changed)
        self.status = a11y.VerdictLabel(self)
        a11y.verdict(self.status, QCoreApplication.translate("EditorPane", "Tag status"))
        self.status.setText(self.tr("Loading the data…"))
        top = QHBoxLayout()
        top.addWidget(self.field, 1)
        for text in ("Examples", "History"):
            button = QToolButton(self)
            button.setText(QCoreApplication.translate("EditorPane", text))
            button.setEnabled(False)
            top.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.status)
        layout.addStretch(1)
        self.setFocusProxy(self.field)

    def _on_state_tag_changed(self, tag: str) -> None:
        if tag != self.field.text():  # a tag given on the command line or by a second start
            self.field.setText(tag)


class MainWindow(QMainWindow):
    """The application window: editor, builder and registry browser over one current tag.

    Made with a *registry*, it is complete at once (as tests make it). Made with ``None`` and a *loader*
    (as the app starts), it shows its menus, tabs and the editor's field first; right after its first
    paint it calls *loader* (the registry to use, or None when the app cannot start: the loader has said
    why) and then makes the panes and the first verdict, and emits ``data_ready``. Whatever needs the
    data before then (a menu command, another tab) loads it at once and waits for it.
    """

    #: Emitted once the data are loaded and the panes (the first verdict) made.
    data_ready = Signal()
    #: Emitted on the turn of the event loop right after the first paint of a window made with a loader, before
    #: its data are loaded (the start-up's "window painted": the app listens for a second start from then on).
    first_painted = Signal()

    def __init__(
        self,
        registry: Registry | None,
        settings: Settings,
        *,
        cldr: CldrData | None = None,
        engine: TagEngine | None = None,
        loader: Callable[[], Registry | None] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        if registry is None and loader is None:
            raise ValueError("MainWindow needs a registry or a loader")
        self.setObjectName("MainWindow")
        self.setWindowTitle(APP_NAME)
        self.setMinimumSize(QSize(640, 420))
        self.settings = settings
        self._registry = registry
        self._loader = loader if registry is None else None
        self._load_failed = False
        self._in_loader = False  # the loader may open a dialog (its own event loop): never called twice
        self.state = TagState(settings.value("editor/last_tag"), self)
        self._cldr = cldr
        self._engine = engine
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.setAccessibleName(self.tr("Panes"))
        self.tabs.setToolTip(
            self.tr(
                "Editor (Ctrl+1), -u- builder (Ctrl+2), registry browser (Ctrl+3), Build (Ctrl+4); "
                "anatomy, grammar, batch and matching (Ctrl+5 to Ctrl+8)"
            )
        )
        self.tabs.tabBar().setAccessibleName(self.tr("Panes"))
        self.tabs.tabBar().setToolTip(self.tabs.toolTip())
        self.setCentralWidget(self.tabs)
        #: The panes made so far, by key; a pane not yet made has an empty stand-in in its tab (_slots)
        #: and is made when it is first shown or first used (issue 24 item 8: a quick start-up).
        self._panes: dict[str, QWidget] = {}
        self._slots: dict[str, QWidget] = {}
        self._problems = ""
        self.teaching: TeachingPanes | None = None  # anatomy, grammar, batch, matching (ui/teaching.py)
        self.primer_dialog: PrimerDialog | None = None
        self._registry_files: RegistryFiles | None = None
        self.tabs.currentChanged.connect(self._on_current_pane_changed)
        # The status bar: "Current tag: TAG" and the data in use, each ending in '…' where the window is narrow.
        self._status_caption = QLabel(self.tr("No current tag"))
        self._status_tag = ElidedLabel()
        a11y.verdict(self._status_tag, self.tr("Current tag"))
        self._status_tag.setToolTip(self.tr("The tag all panes work on"))
        self._status_tag.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        bold = self._status_tag.font()
        bold.setBold(True)
        self._status_tag.setFont(bold)
        self._status_data = ElidedLabel()
        a11y.verdict(self._status_data, self.tr("Data in use"))
        # Its whole width when there is room; the tag's label (stretching) gives way first, and it never
        # shrinks below its short form (set with the text).
        self._status_data.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.statusBar().addWidget(self._status_caption)
        self.statusBar().addWidget(self._status_tag, 1)
        self.statusBar().addPermanentWidget(self._status_data)
        self.state.tag_changed.connect(self._on_state_tag_changed)
        # Files dropped on the window (or the Batch pane's text) open; the panes are watched as they are built.
        self.drops = DropOpener(self.ask_to_open_registry, self.open_tags_file, self)
        # Started without its data, the window watches its own drops from its first paint: nothing is dropped on
        # a window not yet on the screen, and its events need not go through Python before then.
        self._drops_watched = False
        if self._loader is None:
            self._watch_drops()
        self.recent = RecentFiles(settings)
        if self._loader is None:
            self._build_panes()
        else:
            self._build_loading_panes()
        self._build_menus()
        self._restore()
        self._on_state_tag_changed(self.state.tag())
        if self._loader is not None:
            from .first_paint import on_first_paint

            on_first_paint(self, self._after_first_paint)

    # ------------------------------------------------------------------ data
    @property
    def loading(self) -> bool:
        """Tell whether the data are still to be loaded (the window shows "Loading the data…")."""
        return self._loader is not None

    @property
    def registry(self) -> Registry:
        """The Language Subtag Registry in use (loaded now, waiting for it, if it is not loaded yet)."""
        if self._registry is None:
            self.load_data()
        if self._registry is None:
            from ..core.data import DataError

            raise DataError(self.tr("The data cannot be loaded."))
        return self._registry

    @registry.setter
    def registry(self, registry: Registry) -> None:
        self._registry = registry

    def _call_loader(self) -> None:
        assert self._loader is not None
        self._in_loader = True
        try:
            self._registry = self._loader()
        finally:
            self._in_loader = False

    def _watch_drops(self) -> None:
        if not self._drops_watched:
            self._drops_watched = True
            self.drops.watch(self)

    def _after_first_paint(self) -> None:
        """Right after the first paint: say so (first_painted), take drops, then load the data (_load_step)."""
        self.first_painted.emit()
        self._watch_drops()
        self._load_step()

    def _load_step(self) -> None:
        """After the first paint: load the registry now, then the panes and the first verdict on the next turn."""
        if self._loader is None or self._in_loader:
            return
        if self._registry is None and not self._load_failed:
            self._call_loader()
            if self._registry is None:
                self._loader = None
                self._load_failed = True
                self._status_data.setText(self.tr("The data cannot be loaded."))
                return
        QTimer.singleShot(0, self.load_data)  # typing and clicks made meanwhile are handled in between

    def load_data(self) -> bool:
        """Load the data and make the panes now if they are not there yet; return whether the data are there."""
        if self._loader is None:
            return not self._load_failed
        if self._in_loader:  # asked from inside the loader's own dialog: the app is stopping
            return False
        if self._registry is None:
            self._call_loader()
        self._loader = None
        self._watch_drops()
        if self._registry is None:  # the loader has said why; the app stops
            self._load_failed = True
            self._status_data.setText(self.tr("The data cannot be loaded."))
            return False
        stand_in = self._slots.get("editor")
        field = stand_in.field if isinstance(stand_in, LoadingEditor) else None
        # The window's focus widget, not only the focus: a window that is not active as its data come (the user is
        # in another window, or no window manager has activated it yet) still types into the field once it is.
        had_focus = field is not None and (field.hasFocus() or self.focusWidget() is field)
        cursor = field.cursorPosition() if field is not None else -1
        current = self.tabs.currentIndex()
        self._build_panes()
        self._fill_edit_menu()
        self._fill_zoom_menu()
        self._fill_editor_menus()
        self.tabs.setCurrentIndex(current)  # that pane is made now, with its stored settings
        editor = self._panes.get("editor")
        if had_focus and editor is not None and not isinstance(editor, Placeholder):
            cast("EditorPane", editor).take_focus_at(cursor)
        self.data_ready.emit()
        return True

    # ------------------------------------------------------------------ panes
    def _data(self) -> tuple[CldrData | None, TagEngine | None, str]:
        """Return (cldr, engine, problems) for the current registry, loading what exists."""
        from ..core.data import bundled_cldr, bundled_engine, engine_for

        problems = []
        cldr = self._cldr
        if cldr is None:
            try:
                cldr = bundled_cldr()
            except Exception as exc:
                problems.append(self.tr("The CLDR data cannot be loaded: {reason}").format(reason=exc))
        engine = self._engine
        if engine is None and cldr is not None:
            try:
                engine = bundled_engine()  # with CLDR and the extensions registry, as the CLI uses
                if engine.registry is not self.registry:
                    engine = engine_for(self.registry)
            except Exception as exc:
                problems.append(self.tr("The tag engine cannot start: {reason}").format(reason=exc))
        self._cldr, self._engine = cldr, engine
        return cldr, engine, " ".join(problems)

    def _build_loading_panes(self) -> None:
        """Put a tab for every pane while the data are loaded: the editor's field, the others empty."""
        self._add_tabs([*PANES, *TEACHING_TABS], lambda key: LoadingEditor(self.state) if key == "editor" else None)
        self._status_data.setText(self.tr("Loading the data…"))
        self._slots["editor"].setFocus(Qt.FocusReason.OtherFocusReason)  # typing goes into the tag's field

    def _add_tabs(self, tabs: list[tuple[str, str, str]], special: Callable[[str], QWidget | None]) -> None:
        """Add a tab per (key, title, shortcut), holding *special(key)* or an empty stand-in made when first shown."""
        blocked = self.tabs.blockSignals(True)
        for key, title, shortcut in tabs:
            slot = special(key)
            if slot is None:
                slot = QWidget()
                slot.setObjectName(f"{key}_slot")
            slot.setAccessibleName(without_mnemonic(self.tr(title)))
            self._slots[key] = slot
            i = self.tabs.addTab(slot, self.tr(title))
            self.tabs.setTabToolTip(i, f"{without_mnemonic(self.tr(title))} ({shortcut})")
        self.tabs.blockSignals(blocked)

    def _build_panes(self) -> None:
        """Put a tab for every pane; the editor is made now, the others when first shown or used."""
        from ..core.registry.update import registry_kind, registry_kind_word, registry_label
        from ..core.text.formats import format_number

        cldr, engine, problems = self._data()
        self._problems = problems
        blocked = self.tabs.blockSignals(True)
        self.tabs.clear()
        self.tabs.blockSignals(blocked)
        if self.teaching is not None:
            self.teaching.shutdown()
        for w in [*self._panes.values(), *self._slots.values()]:
            w.deleteLater()
        self._panes.clear()
        self._slots.clear()
        tabs = list(PANES)
        self.teaching = None
        if engine is not None:
            self.teaching = TeachingPanes(self._pane_of, self.made_panes)
            tabs += TEACHING_TABS
        self._add_tabs(tabs, lambda key: None)
        self._pane_of("editor")  # the start pane: its verdict, and the menus it provides
        counts = len(self.registry)
        which = registry_kind(self.registry)
        fields = {
            "date": shown_date(self.registry.file_date),
            "kind": registry_kind_word(which),
            "count": format_number(counts),
            "version": cldr.version if cldr is not None else "",
        }
        if cldr is not None:
            full = ngettext(
                "Registry {date} ({kind}) · {count} record · CLDR {version}",
                "Registry {date} ({kind}) · {count} records · CLDR {version}",
                counts,
            )
        else:
            full = ngettext(
                "Registry {date} ({kind}) · {count} record", "Registry {date} ({kind}) · {count} records", counts
            )
        # The short form stays when the window is narrow: the status bar always says which registry is in use.
        self._status_data.setText(
            full.format(**fields), short=self.tr("Registry {date}").format(date=shown_date(self.registry.file_date))
        )
        self._status_data.setToolTip(
            self.tr("Language Subtag Registry in use: {registry}").format(registry=registry_label(self.registry))
        )

    def _make_pane(self, key: str) -> QWidget:
        """Make the pane *key* (its module is imported now), or a Placeholder saying why it cannot start."""
        from ..core.data import DataError

        cldr, engine = self._cldr, self._engine
        titles = {
            "editor": self.tr("The tag editor"),
            "builder": self.tr("The -u- keyword builder"),
            "build": self.tr("The Build pane"),
        }
        if key == "browser":
            from .browser import BrowserPane

            return BrowserPane(self.registry)
        if key not in titles:  # a teaching pane: only listed when the engine exists
            assert engine is not None
            return TeachingPanes.make(key, self.state, engine)
        if engine is None or cldr is None:
            return Placeholder(titles[key], self._problems)
        try:
            if key == "editor":
                from .editor import EditorPane

                return EditorPane(self.state, engine, self.registry, self.settings)
            if key == "builder":
                from .builder import BuilderPane

                return BuilderPane(self.state, engine, cldr)
            from .build import BuildPane

            return BuildPane(self.state, engine, self.registry, cldr, settings=self.settings)
        except (DataError, ValueError, OSError) as exc:  # data the pane reads on its own may be missing
            log.exception("cannot create the %s pane", key)
            return Placeholder(titles[key], self.tr("It failed to start: {reason}").format(reason=exc))

    def _pane_of(self, key: str) -> QWidget:
        """Return the pane *key*, making it (in its tab, with its settings restored) if it is not made yet."""
        made = self._panes.get(key)
        if made is not None:
            return made
        if self._loader is not None or self._load_failed:  # the data first (waiting for them)
            if not self.load_data():
                return Placeholder(key, self.tr("The data cannot be loaded."), self)
            return self._pane_of(key)
        slot = self._slots[key]
        pane = self._make_pane(key)
        if not pane.objectName():
            pane.setObjectName(f"{key}_pane")
        self._panes[key] = pane
        # The pane takes its stand-in's place in the tabs; the tab that was current stays current.
        i = self.tabs.indexOf(slot)
        current = self.tabs.currentIndex()
        blocked = self.tabs.blockSignals(True)
        try:
            self.tabs.insertTab(i, pane, self.tabs.tabText(i))
            self.tabs.setTabToolTip(i, self.tabs.tabToolTip(i + 1))
            self.tabs.removeTab(i + 1)
            self.tabs.setCurrentIndex(current)
        finally:
            self.tabs.blockSignals(blocked)
        del self._slots[key]
        slot.deleteLater()
        self._connect_pane(key, pane)
        self._restore_pane(key, pane)
        return pane

    def _connect_pane(self, key: str, pane: QWidget) -> None:
        """Connect the signals of the pane *key*, just made."""
        if isinstance(pane, Placeholder):
            return
        if key == "editor":
            cast("EditorPane", pane).subtag_activated.connect(self._on_editor_subtag_activated)
        elif key == "browser":
            browser = cast("BrowserPane", pane)
            browser.use_in_tag_requested.connect(self._on_browser_use_in_tag_requested)
            browser.open_tag_requested.connect(self._on_browser_open_tag_requested)
            browser.registration_requested.connect(self._on_browser_registration_requested)
        elif key == "build":
            cast("BuildPane", pane).open_in_editor_requested.connect(partial(self.show_pane, "editor"))
        elif key == "batch":
            batch = cast("BatchPane", pane)
            batch.open_tag_requested.connect(self._on_batch_open_tag_requested)
            self.drops.watch(batch.input, batch.input.viewport())
            batch.file_opened.connect(partial(self.recent.add, "tags"))
        elif key == "anatomy" and hasattr(self, "zoom_menu"):
            self._fill_zoom_menu()  # the Anatomy pane's zoom keys join View > Zoom

    def _on_current_pane_changed(self, index: int) -> None:
        """Make the pane whose stand-in has just come to the front."""
        widget = self.tabs.widget(index)
        if self._loader is not None and widget is self._slots.get("editor"):
            return  # the editor's field is there while the data are loaded
        for key, slot in list(self._slots.items()):
            if slot is widget:
                self._pane_of(key)
                break

    def made_panes(self) -> list[str]:
        """Return the keys of the panes made so far (the others are made when first shown or used)."""
        return list(self._panes)

    def make_all_panes(self) -> None:
        """Make every pane not made yet, and the Build pane's steps (the shortcut list needs each pane's keys)."""
        for key in list(self._slots):
            self._pane_of(key)
        build = self._panes.get("build")
        make_steps = getattr(build, "make_all_steps", None)
        if make_steps is not None:  # the Build pane's -u- and -t- steps are made on their first visit too
            make_steps()

    @property
    def editor(self) -> EditorPane | Placeholder:
        """The tag editor (made at start-up)."""
        return cast("EditorPane | Placeholder", self._pane_of("editor"))

    @property
    def builder(self) -> BuilderPane | Placeholder:
        """The -u- keyword builder, made when first shown or used."""
        return cast("BuilderPane | Placeholder", self._pane_of("builder"))

    @property
    def browser(self) -> BrowserPane:
        """The registry browser, made when first shown or used."""
        return cast("BrowserPane", self._pane_of("browser"))

    @property
    def build(self) -> BuildPane | Placeholder:
        """The Build pane, made when first shown or used."""
        return cast("BuildPane | Placeholder", self._pane_of("build"))

    @property
    def registry_files(self) -> RegistryFiles:
        """The registry updates and linguists' tools (made on first use: File and Tools menus, drops)."""
        if self._registry_files is None:
            from .registry_files import RegistryFiles

            self._registry_files = RegistryFiles(self)
        return self._registry_files

    def pane(self, key: str) -> QWidget:
        """Return the pane called *key* ("editor", "builder", "browser", "build" or a teaching pane's key)."""
        return self._pane_of(key)

    def show_teaching_pane(self, key: str) -> None:
        """Bring the teaching pane *key* ("anatomy", "grammar", "batch", "matching") to the front, if there is one."""
        if self.teaching is not None:
            self.tabs.setCurrentWidget(self._pane_of(key))

    def show_pane(self, key: str) -> None:
        """Bring the pane *key* to the front and give it the keyboard focus."""
        widget = self.pane(key)
        self.tabs.setCurrentWidget(widget)
        if key == "browser":
            self.browser.focus_search()
        elif key == "editor" and not isinstance(self.editor, Placeholder):
            self.editor.focus_input()
        else:
            widget.setFocus(Qt.FocusReason.ShortcutFocusReason)

    # ------------------------------------------------------------------ menus
    def _action(
        self, menu: QMenu, text: str, slot: Callable[[], object], shortcut: _Shortcut | None = None, tip: str = ""
    ) -> QAction:
        action = menu.addAction(text)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu(self.tr("&File"))
        self._action(
            file_menu,
            self.tr("&Open registry file…"),
            self.open_registry_file,
            QKeySequence.StandardKey.Open,
            self.tr("Browse and check against another copy of the Language Subtag Registry"),
        )
        self._action(
            file_menu,
            self.tr("Use the &bundled registry"),
            self.use_bundled_registry,
            None,
            self.tr("Go back to the registry that ships with the app"),
        )
        self.recent_menu = file_menu.addMenu(self.tr("Open &recent"))
        self.recent_menu.aboutToShow.connect(lambda: self.recent.fill(self.recent_menu, self.open_recent))

        # Registry updates, the changes view and the linguists' tools (registry_files.py, made on first use).
        def files_do(name: str) -> Callable[[], object]:
            return lambda: getattr(self.registry_files, name)()

        self.download_action = self._action(
            file_menu,
            self.tr("&Download the latest registry from IANA…"),
            files_do("download"),
            None,
            self.tr("Fetch the registry from IANA now (the only network access the app makes)"),
        )
        self._action(
            file_menu,
            self.tr("&Compare two registry files…"),
            files_do("compare_files"),
            None,
            self.tr("Show the records added, removed and changed between two registry files"),
        )
        file_menu.addSeparator()
        self._action(file_menu, self.tr("&Quit"), self.close, QKeySequence.StandardKey.Quit)

        self.edit_menu = bar.addMenu(self.tr("&Edit"))
        self.copy_actions: dict[str, QAction] = {}
        self._fill_edit_menu()

        view_menu = bar.addMenu(self.tr("&View"))
        self.pane_actions: dict[str, QAction] = {}
        for key, title, shortcut in PANES:
            self.pane_actions[key] = self._action(view_menu, self.tr(title), partial(self.show_pane, key), shortcut)
        for key, title, shortcut in TEACHING_TABS:  # every pane, named, with its Ctrl+digit (F1 lists them)
            self.pane_actions[key] = self._action(
                view_menu, self.tr(title), partial(self.show_teaching_pane, key), shortcut
            )
        view_menu.addSeparator()
        self.zoom_menu = view_menu.addMenu(self.tr("&Zoom"))
        # The Anatomy pane's zoom keys are listed too: opening the menu makes that pane if it is not made yet.
        self.zoom_menu.aboutToShow.connect(self._make_anatomy_for_zoom)
        self._fill_zoom_menu()
        theme_menu = view_menu.addMenu(self.tr("&Theme"))
        group = QActionGroup(self)
        current = self.settings.value("window/theme")
        self.theme_actions: dict[str, QAction] = {}
        for key, label in THEMES:
            act = theme_menu.addAction(self.tr(label))
            act.setCheckable(True)
            act.setChecked(key == current)
            group.addAction(act)
            act.triggered.connect(lambda _c=False, k=key: self.set_theme(k))
            self.theme_actions[key] = act

        # The editor provides these (examples for teaching, recent tags); the window gives them a place.
        self.examples_menu = bar.addMenu(self.tr("E&xamples"))
        self.history_menu = bar.addMenu(self.tr("Histor&y"))
        self._fill_editor_menus()

        tools_menu = bar.addMenu(self.tr("Too&ls"))
        self.changes_action = self._action(
            tools_menu,
            self.tr("&What changed…"),
            files_do("show_changes"),
            "Ctrl+Shift+W",
            self.tr("The changes between the registry in use and the one before it"),
        )
        self.register_action = self._action(
            tools_menu,
            self.tr("&Registration assistant…"),
            files_do("show_registration"),
            "Ctrl+Shift+R",
            self.tr("Prepare a subtag registration request (RFC 5646 §3.5)"),
        )
        self.extensions_action = self._action(
            tools_menu,
            self.tr("&Extensions registry…"),
            files_do("show_extensions"),
            None,
            self.tr("Browse the Language Tag Extensions Registry (-t-, -u-)"),
        )

        self._follow_network_setting()

        help_menu = bar.addMenu(self.tr("&Help"))
        self._action(
            help_menu,
            self.tr("&Manual"),
            self.show_manual,
            QKeySequence.StandardKey.HelpContents,
            self.tr("The README, the keyboard shortcuts and the primer, with Find (F1)"),
        )
        self._action(help_menu, self.tr("&Keyboard shortcuts"), self.show_shortcuts)
        self._action(
            help_menu,
            self.tr("&Primer: how a tag is built"),
            self.show_primer,
            None,
            self.tr("One page on the structure of language tags, with examples that open in the editor"),
        )
        self.language_action = self._action(
            help_menu,
            self.tr("&Language of the application…"),
            self.show_language,
            None,
            self.tr("Choose the language of the menus and messages (a BCP 47 tag)"),
        )
        self._action(help_menu, self.tr("&About BCP 47 Explorer"), self.show_about)

    def _fill_edit_menu(self) -> None:
        """Put the edit commands, the editor's copy actions (or stand-ins saying why not) and Find in the Edit menu."""
        menu = self.edit_menu
        menu.clear()
        self.copy_actions.clear()
        # Undo, Redo, Cut, Copy, Paste, Select All on the focused field (ui/edit_actions.py).
        self.edit_actions = add_edit_actions(menu, menu)
        menu.addSeparator()
        editor = self._ready_editor()
        if editor is not None:
            # The editor's own actions: one shortcut per form, never two actions fighting over it.
            for (name, _text, _key), action in zip(_copy_forms(), editor.form_actions(), strict=False):
                menu.addAction(action)
                self.copy_actions[name] = action
        elif not self.loading:  # they come with the data
            for name, text, shortcut in _copy_forms():
                self.copy_actions[name] = self._action(menu, text, partial(self.copy_form, name), shortcut)
        menu.addSeparator()
        self._action(menu, self.tr("&Find in registry…"), self.find_in_registry, QKeySequence.StandardKey.Find,
                     self.tr("Search the registry (Ctrl+F)"))  # fmt: skip
        menu.addSeparator()
        self._action(menu, self.tr("Pre&ferences…"), self.show_preferences, "Ctrl+,",
                     self.tr("Theme, names' language, zoom, data folder and network access"))  # fmt: skip

    def _fill_zoom_menu(self) -> None:
        """Put the editor's zoom actions (Ctrl+= / Ctrl+- / Ctrl+0) in View > Zoom: one action per shortcut."""
        self.zoom_menu.clear()
        editor = self._ready_editor()
        actions = editor.zoom_actions() if editor is not None else []
        for action in actions:
            self.zoom_menu.addAction(action)
        # The Anatomy pane's own keys (they act while the focus is in that pane).
        anatomy = self._panes.get("anatomy")  # once it is made
        if anatomy is not None and hasattr(anatomy, "zoom_actions"):
            self.zoom_menu.addSeparator()
            for action in anatomy.zoom_actions:
                self.zoom_menu.addAction(action)
        self.zoom_menu.setEnabled(bool(self.zoom_menu.actions()))

    def _ready_editor(self) -> EditorPane | None:
        """Return the Editor when the data are loaded and it works (None while loading, without waiting)."""
        if self._loader is not None or self._load_failed:
            return None
        editor = self.editor
        return None if isinstance(editor, Placeholder) else editor

    def _make_anatomy_for_zoom(self) -> None:
        if "anatomy" in self._slots:
            self._pane_of("anatomy")

    def _fill_editor_menus(self) -> None:
        """Put the editor's Examples and History menus in the menu bar, or stand-ins that say they need it."""
        bar = self.menuBar()
        editor = self._ready_editor()

        def replace(old: QMenu, make: Callable[[QWidget], QMenu] | None, title: str) -> QMenu:
            if make is not None:
                new = make(self)
            else:
                new = QMenu(self)
                waiting = self._loader is not None
                new.addAction(
                    self.tr("Loading the data…") if waiting else self.tr("(available with the tag editor)")
                ).setEnabled(False)
            new.setTitle(title)
            bar.insertMenu(old.menuAction(), new)
            bar.removeAction(old.menuAction())
            old.deleteLater()
            return new

        self.examples_menu = replace(self.examples_menu, editor.examples_menu if editor else None, self.tr("E&xamples"))
        self.history_menu = replace(self.history_menu, editor.history_menu if editor else None, self.tr("Histor&y"))

    # ---------------------------------------------------------------- commands
    def copy_form(self, name: str) -> None:
        """Copy one form of the current tag through the editor."""
        if isinstance(self.editor, Placeholder):
            self.statusBar().showMessage(self.tr("Copying needs the tag editor, which is not available."), 5000)
            return
        self.editor.copy_form(name)

    def find_in_registry(self) -> None:
        """Show the registry browser with the keyboard in its search box."""
        self.show_pane("browser")

    def set_theme(self, key: str) -> None:
        """Switch to the light, dark or system palette and remember the choice."""
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, key)
        self.settings.set_value("window/theme", key)
        if key in self.theme_actions:
            self.theme_actions[key].setChecked(True)

    def open_registry_file(self) -> None:
        """Ask for a registry file and use it, or say clearly why it cannot be used."""
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open a Language Subtag Registry file"), "",
                                              self.tr("Registry files (*.txt);;All files (*)"))  # fmt: skip
        if path:
            self.load_registry_file(path)

    def load_registry_file(self, path: str) -> bool:
        """Check the registry at *path* and use it (asking if it lacks something); say why not on failure."""
        used = self.registry_files.open_file(path)
        if used:
            self.recent.add("registry", path)
        return used

    def open_recent(self, kind: str, path: str) -> None:
        """Open a file from File > Open recent as it was opened before."""
        if kind == "registry":
            self.load_registry_file(path)
        else:
            self.open_tags_file(path)

    def receive_from_other_start(self, tag: str) -> None:
        """Show *tag* from a second start of the app (none: just come to the front)."""
        if tag:
            self.state.set_tag(tag.strip())
            if self._loader is not None:  # the editor's field shows it; it is checked once the data are there
                self.tabs.setCurrentIndex(0)
            elif not isinstance(self.editor, Placeholder):
                self.show_pane("editor")
        if self.isMinimized():
            self.showNormal()
        self.raise_()
        self.activateWindow()

    def _batch_pane(self) -> BatchPane | None:
        return self.teaching.batch if self.teaching is not None else None

    def ask_to_open_registry(self, path: str) -> QMessageBox:
        """Ask whether to use the registry file *path* (dropped on the window); use it on Yes."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Open a registry file?"),
            self.tr("{path}\n\nis a Language Subtag Registry file. Use it instead of the registry in use now?").format(
                path=path
            ),
            QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel,
            self,
        )
        box.setDefaultButton(QMessageBox.StandardButton.Open)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.accepted.connect(lambda: self.load_registry_file(path))
        box.open()
        return box

    def open_tags_file(self, path: str) -> None:
        """Check the tags in the file *path* in the Batch pane."""
        batch = self._batch_pane()
        if batch is None:
            self.statusBar().showMessage(
                self.tr("Checking a file of tags needs the Batch pane, which is not available."), 6000
            )
            return
        self.tabs.setCurrentWidget(batch)
        batch.open_file(path)

    def use_bundled_registry(self) -> None:
        """Forget a kept registry copy and go back to the bundled registry."""
        self.registry_files.use_bundled()

    def set_registry(self, registry: Registry) -> None:
        """Rebuild every pane on *registry* (the current tag stays)."""
        self._save_panes()
        current = self.tabs.currentIndex()
        self.registry = registry
        self._engine = None  # the engine checks against the registry, so it is rebuilt with it
        self._build_panes()
        self._fill_edit_menu()
        self._fill_zoom_menu()
        self._fill_editor_menus()
        self.tabs.setCurrentIndex(current)  # that pane is made again now, with its stored settings

    def show_preferences(self) -> PreferencesDialog:
        """Open the Preferences dialog; OK applies and stores what it holds."""
        from .editor import ZOOM_RANGE
        from .preferences import PreferencesDialog  # imported on demand: it is not needed to start

        editor = self.editor if not isinstance(self.editor, Placeholder) else None
        languages: list[tuple[str, str]] = []
        if editor is not None:
            box = editor.names_bar.language_box
            box.fill()
            languages = [(str(box.itemData(i)), box.itemText(i)) for i in range(box.count()) if box.itemData(i)]
        dialog = PreferencesDialog(self.settings, languages, ZOOM_RANGE, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.apply_preferences(dialog.values()))
        dialog.open()
        return dialog

    def apply_preferences(self, prefs: Preferences) -> None:
        """Use and store *prefs*."""
        self.set_theme(prefs.theme)
        editor = self.editor if not isinstance(self.editor, Placeholder) else None
        if editor is not None:
            try:
                editor.names_bar.set_display_language(prefs.display_language)
            except ValueError:
                self.settings.set_value("names/display_language", prefs.display_language)
            editor.set_zoom(prefs.zoom)
        else:
            self.settings.set_value("names/display_language", prefs.display_language)
            self.settings.set_value("editor/zoom", prefs.zoom)
        self.settings.set_value(NETWORK_SETTING, prefs.network_allowed)
        self.settings.set_value(DATA_FOLDER_SETTING, prefs.data_folder)  # read at the next start (__main__)
        self._follow_network_setting()

    def _follow_network_setting(self) -> None:
        action = getattr(self, "download_action", None)
        if action is not None:
            allowed = bool(self.settings.value(NETWORK_SETTING))
            action.setEnabled(allowed)
            action.setStatusTip("" if allowed else self.tr("Downloading is off in Edit > Preferences"))

    def show_language(self) -> None:
        """Show Help > Language of the application…"""
        from ..core.data import bundled_supplemental
        from ..core.matching.bestfit import Matcher
        from .language_dialog import LanguageDialog  # imported on demand: it is not needed to start

        dialog = LanguageDialog(self.settings, Matcher(bundled_supplemental()), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    def show_about(self) -> None:
        """Show the About dialog."""
        from .about import AboutDialog  # imported on demand: it is not needed to start

        dialog = AboutDialog(self, registry=self.registry)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    def show_primer(self) -> None:
        """Show the primer: one page on how a tag is built, whose examples open in the editor."""
        if self.primer_dialog is None:
            from .primer import PrimerDialog  # imported on demand: it is not needed to start

            self.primer_dialog = PrimerDialog(self)
            self.primer_dialog.tag_chosen.connect(self._on_batch_open_tag_requested)
        self.primer_dialog.show()
        self.primer_dialog.raise_()
        self.primer_dialog.activateWindow()

    def shortcut_rows(self) -> list[tuple[str, str]]:
        """Return (keys, what they do) for every shortcut: menus and submenus, pane switches, pane keys."""
        rows: list[tuple[str, str]] = []
        seen: set[tuple[str, str]] = set()

        def add(keys: str, text: str) -> None:
            if keys and (keys, text) not in seen:
                seen.add((keys, text))
                rows.append((keys, text))

        def native(action: QAction) -> str:
            return ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts())

        def walk(menu: QMenu, where: str) -> None:
            for act in menu.actions():
                sub = act.menu()
                if isinstance(sub, QMenu):
                    walk(sub, f"{where} ▸ {without_mnemonic(act.text())}")
                elif not act.shortcut().isEmpty():
                    add(native(act), f"{without_mnemonic(act.text()).rstrip('…')} ({where})")

        self.make_all_panes()  # each pane's own keys are found on its actions
        for menu_action in self.menuBar().actions():
            menu = menu_action.menu()
            if isinstance(menu, QMenu):
                walk(menu, without_mnemonic(menu_action.text()))
        for i in range(self.tabs.count()):  # every pane, with its Ctrl+digit
            if i < 9:
                pane_title = without_mnemonic(self.tabs.tabText(i))
                add(f"Ctrl+{i + 1}", self.tr("Show the {pane} pane").format(pane=pane_title))
        for i in range(self.tabs.count()):  # keys that act inside one pane only
            pane = self.tabs.widget(i)
            title = without_mnemonic(self.tabs.tabText(i))
            for act in pane.findChildren(QAction) if pane is not None else []:
                if act.shortcutContext() == Qt.ShortcutContext.WidgetWithChildrenShortcut and act.shortcuts():
                    add(
                        native(act),
                        self.tr("{action} (in {pane})").format(action=without_mnemonic(act.text()), pane=title),
                    )
        for keys, text in PANE_KEYS:
            add(keys, self.tr(text))
        return rows

    def shortcuts_html(self) -> str:
        """Return the shortcut table as HTML."""
        import html

        rows = "".join(f"<tr><td><b>{html.escape(k)}</b></td><td>{html.escape(t)}</td></tr>"
                       for k, t in self.shortcut_rows())  # fmt: skip
        return f"<table cellpadding='3'>{rows}</table>"

    def show_shortcuts(self) -> None:
        """List every keyboard shortcut."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(self)
        box.setWindowTitle(self.tr("Keyboard shortcuts"))
        box.setText(self.shortcuts_html())
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    def show_manual(self) -> None:
        """Open the manual: README, shortcuts and primer, searchable."""
        from .manual import ManualDialog

        dialog = ManualDialog(self.shortcuts_html(), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        self.manual_dialog = dialog

    # ------------------------------------------------------------------ slots
    def _on_browser_use_in_tag_requested(self, record_type: str, code: str) -> None:
        from ..core.build.compose import use_in_tag

        self.state.set_tag(use_in_tag(self.state.tag(), record_type, code, self.registry))
        self.statusBar().showMessage(
            self.tr("Added {type} {code}: the tag is now {tag}").format(
                type=record_type, code=ltr(code), tag=ltr(self.state.tag())
            ),
            6000,
        )

    def _on_browser_open_tag_requested(self, tag: str) -> None:
        self.state.set_tag(tag)
        if not isinstance(self.editor, Placeholder):
            self.show_pane("editor")

    def _on_batch_open_tag_requested(self, tag: str) -> None:
        self.state.set_tag(tag)
        if self.tabs.indexOf(self.editor) >= 0:
            self.show_pane("editor")

    def _on_browser_registration_requested(self, record_type: str, prefix: str) -> None:
        self.registry_files.show_registration(record_type, prefix)

    def _on_editor_subtag_activated(self, record_type: str, code: str) -> None:
        if self.browser.show_record(record_type, code):
            self.tabs.setCurrentWidget(self.browser)

    def _on_state_tag_changed(self, tag: str) -> None:
        self._status_caption.setText(self.tr("Current tag:") if tag else self.tr("No current tag"))
        self._status_tag.setText(shown_text(tag))

    # ------------------------------------------------------------ persistence
    def _restore(self) -> None:
        s = self.settings
        geometry = s.value("window/geometry")
        if geometry.isEmpty() or not self.restoreGeometry(geometry):
            self.resize(1100, 720)
        self.clamp_to_screen()
        state = s.value("window/state")
        if not state.isEmpty():
            self.restoreState(state)
        # The pane shown at the last quit is made now (the others when first shown), or once the data are there.
        blocked = self.tabs.blockSignals(self._loader is not None)
        self.tabs.setCurrentIndex(min(max(s.value("window/current_pane"), 0), self.tabs.count() - 1))
        self.tabs.blockSignals(blocked)
        front = self.tabs.currentWidget()
        if self._loader is not None and not isinstance(front, LoadingEditor) and front is not None:
            label = QLabel(self.tr("Loading the data…"), front)  # the pane in front at the last quit comes next
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            QVBoxLayout(front).addWidget(label)

    def clamp_to_screen(self) -> None:
        """Fit the window inside its screen's available area (a size saved on a bigger screen is cut down)."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None or self.isMaximized() or self.isFullScreen():
            return
        avail = screen.availableGeometry()
        frame = self.frameGeometry()
        extra_w = max(frame.width() - self.width(), 0)
        extra_h = max(frame.height() - self.height(), 0)
        width = min(self.width(), max(avail.width() - extra_w, self.minimumWidth()))
        height = min(self.height(), max(avail.height() - extra_h, self.minimumHeight()))
        if (width, height) != (self.width(), self.height()):
            self.resize(width, height)
        x = min(max(frame.x(), avail.x()), avail.right() - width - extra_w + 1)
        y = min(max(frame.y(), avail.y()), avail.bottom() - height - extra_h + 1)
        if (x, y) != (frame.x(), frame.y()):
            self.move(max(x, avail.x()), max(y, avail.y()))

    def _restore_pane(self, key: str, pane: QWidget) -> None:
        """Give the pane *key*, just made, the layout and choices stored in the settings."""
        s = self.settings
        if isinstance(pane, Placeholder):
            return
        if key == "builder":
            cast("BuilderPane", pane).restore_splitter(s.value("builder/splitter"))
        elif key == "browser":
            browser = cast("BrowserPane", pane)
            for name, widget in (("browser/splitter", browser.splitter),
                                 ("browser/header", browser.table.horizontalHeader())):  # fmt: skip
                blob: QByteArray = s.value(name)
                if not blob.isEmpty():
                    widget.restoreState(blob)
            browser.set_filters(s.value("browser/filters"))
            last = s.value("browser/last_record")
            type_, _, code = last.partition(":")
            rec = self.registry.get(type_, code) if code else None
            # Only within the restored results: showing it must not replace the restored search.
            if rec is not None and browser.model.row_of(rec) >= 0:
                browser.show_record(type_, code)

    def _save_panes(self) -> None:
        """Store the layouts and choices of the panes made so far (a pane never made keeps its stored ones)."""
        s = self.settings
        builder = self._panes.get("builder")
        if builder is not None and not isinstance(builder, Placeholder):
            s.set_value("builder/splitter", cast("BuilderPane", builder).splitter.saveState())
        if "browser" in self._panes:
            browser = cast("BrowserPane", self._panes["browser"])
            s.set_value("browser/splitter", browser.splitter.saveState())
            s.set_value("browser/header", browser.table.horizontalHeader().saveState())
            s.set_value("browser/filters", browser.filters())
            rec = browser.current_record()
            s.set_value("browser/last_record", f"{rec.type}:{rec.code}" if rec is not None else "")

    def save_settings(self) -> None:
        """Write geometry, pane layouts, filters and the current tag to the settings."""
        s = self.settings
        s.set_value("window/geometry", self.saveGeometry())
        s.set_value("window/state", self.saveState())
        s.set_value("window/current_pane", self.tabs.currentIndex())
        s.set_value("editor/last_tag", self.state.tag())
        self._save_panes()
        s.sync()

    def showEvent(self, event: QShowEvent) -> None:
        """On the first show (when the frame's size is known), fit the window inside the screen."""
        super().showEvent(event)
        if not getattr(self, "_clamped", False):
            self._clamped = True
            self.clamp_to_screen()
            if self._loader is not None:  # shown but never painted (started minimized): load all the same
                QTimer.singleShot(1000, self._load_step)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Stop a batch check and a download, save the settings, then close."""
        if self.teaching is not None:
            self.teaching.shutdown()
        if self._registry_files is not None:
            self._registry_files.stop_download()
        self.save_settings()
        super().closeEvent(event)
