"""The Build pane: make a whole tag position by position with keyboard-first pickers, and see it grow.

Steps: language, script, region, variants, ``-u-`` keywords (the existing builder), ``-t-`` (source
language and CLDR fields), private use. Each choice goes through the core's placement rules
(``compose.use_in_tag``, the Registry pane's "Use in tag" too), so variants always land where their
Prefixes are met. The pane reads everything from the one current tag (TagState): editing the tag
anywhere else moves the pickers, so the pane also explains an existing tag position by position.

Keys: type to filter, ↑/↓ move, Enter chooses (Enter on a subtag already in the tag removes it) and goes
to the next step; Alt+1…Alt+7 jump to a step, Alt+←/→ or Ctrl+PgUp/PgDown go to the previous/next one.
"""

from __future__ import annotations

import contextlib
import html
import logging
import threading
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QFocusEvent, QFont, QGuiApplication, QKeyEvent, QKeySequence, QPalette, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ..core.build.choices import (
    Choice,
    ChoiceIndex,
    IndexNames,
    Likely,
    NameProvider,
    RegistryNames,
    language_choices,
    region_choices,
    script_advice,
    script_choices,
    sil_note,
    variant_choices,
)
from ..core.build.compose import TagParts, remove_from_tag, split_tag, use_in_tag
from ..core.build.forms import compute_forms
from ..core.build.plausible import change_language, plausibility_notes
from ..core.build.repair import Repairer
from ..core.cldr.model import CldrData
from ..core.data import (
    DataError,
    bundled_name_finder,
    bundled_namer,
    bundled_names,
    bundled_registry,
    bundled_sil,
    bundled_supplemental,
)
from ..core.engine.results import CheckResult
from ..core.engine.tag import TagEngine
from ..core.engine.tedit import private_use, with_private_use
from ..core.grammar.highlight import highlight_runs
from ..core.grammar.values import Severity
from ..core.names.namer import Namer
from ..core.names.pack import NamesPackError
from ..core.names.sil import SilData
from ..core.registry.model import Registry
from ..core.text.catalogue import N_, _, ngettext
from ..core.text.formats import format_number
from . import a11y
from .bounded import SEARCH_MAX, VALUE_MAX, bound
from .i18n import ltr, with_isolated_quotes
from .picker import ChoicePicker
from .reserved import ReservedLabel
from .roles import role_colour, role_style, severity_colour
from .settings import Settings
from .start_from import StartFromBox
from .state import TagState

if TYPE_CHECKING:  # the -u- and -t- steps' modules are imported on their first visit
    from .builder import BuilderPane
    from .tbuilder import TBuilder

if TYPE_CHECKING:
    from ..core.names.finder import NameFinder

__all__ = ["STEPS", "BuildPane", "tag_name"]


class _Loader(QObject):
    """Carries the worker's result back to the GUI thread (a queued signal)."""

    first = Signal(object)  # the language list with the registry's names: offered while the names load
    loaded = Signal(object)
    names_ready = Signal(object)  # the one name index (a NameFinder): the language picker and "Start from…" use it


def _system_display(namer: Namer) -> str:
    from .tag_names import system_display_language

    return system_display_language(namer)


log = logging.getLogger(__name__)

#: (key, tab title) of each step, in order; Alt+1… jumps to them.
STEPS = (
    ("language", N_("Language")),
    ("script", N_("Script")),
    ("region", N_("Region")),
    ("variant", N_("Variants")),
    ("u", "-u-"),
    ("t", "-t-"),
    ("x", N_("Private use")),
)
_STEP_KEYS = [k for k, _ in STEPS]
_DIGITS = {getattr(Qt.Key, f"Key_{i + 1}"): i for i in range(len(STEPS))}
#: Longer tags are not rebuilt into the pickers (a pasted megabyte in the editor).
_TAG_LIMIT = 1_000


def tag_name(parts: TagParts, names: NameProvider) -> str:
    """Return the tag's name from its subtags' names: "Serbian (Latin, Serbia)".

    >>> from bcp47_explorer.core.data import bundled_registry
    >>> from bcp47_explorer.core.build.choices import RegistryNames
    >>> tag_name(split_tag("sr-Latn-RS"), RegistryNames(bundled_registry()))
    'Serbian (Latin, Serbia)'
    """
    if not parts.language:
        return ""
    lang = names.name("language", parts.language) or parts.language
    extras = [names.name("script", parts.script) or parts.script] if parts.script else []
    if parts.region:
        extras.append(names.name("region", parts.region) or parts.region)
    extras += [names.name("variant", v) or v for v in parts.variants]
    return f"{lang} ({', '.join(extras)})" if extras else lang


class BuildPane(QWidget):
    """Build a tag with pickers for each position; the live result on top."""

    names_ready = False  # True once the language list also searches the one name index

    open_in_editor_requested = Signal()

    def __init__(
        self,
        state: TagState,
        engine: TagEngine,
        registry: Registry,
        cldr: CldrData,
        names: NameProvider | None = None,
        likely: Likely | None = None,
        parent: QWidget | None = None,
        *,
        settings: Settings | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("BuildPane")
        self._state = state
        self._engine = engine
        self._registry = registry
        self._names: NameProvider = names or RegistryNames(registry)
        self._cldr = cldr
        self._settings = settings
        self._want_cldr_names = names is None
        self._loader: _Loader | None = None
        self._namer: Namer | None = None  # CLDR's names of whole tags, once loaded
        self._likely = likely
        self._sil: SilData | None = None  # SIL's langtags data: its scripts and regions beside CLDR's, once loaded
        self._finder: NameFinder | None = None  # the one name index, once the worker has built it
        self._parts = TagParts()
        self._head_key: tuple[str, ...] | None = None
        self._shown: str | None = None
        self._languages = ChoiceIndex(())  # filled on first show, in a worker: the names take a second to load
        self.ready = False  # the language list with its names is loaded
        self.first_ready = False  # the language list offers its entries (the registry's names until then)
        self.built = False  # the widgets exist: made on first show, so the pane costs nothing at start-up
        self.new_shortcut = QShortcut(QKeySequence("Ctrl+N"), self)  # New: Ctrl+N anywhere in the pane
        self.new_shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.new_shortcut.activated.connect(self.new_tag)

    # ------------------------------------------------------------ construction
    def _build(self, cldr: CldrData) -> None:
        # Start from what the user has (issue 20): the one repair, as 'bcp47 repair' does, fills the steps.
        self.start_from = StartFromBox(self)
        self.start_from.tag_chosen.connect(self._on_start_from_tag_chosen)
        self._update_repairer()
        result = QFrame(self)
        result.setFrameShape(QFrame.Shape.StyledPanel)
        result.setAccessibleName(self.tr("Result"))
        # Its text is written in the role colours, chosen for the Base background (4.5:1), not the window's.
        result.setAutoFillBackground(True)
        result.setBackgroundRole(QPalette.ColorRole.Base)
        self.tag_label = a11y.VerdictLabel(result)
        a11y.verdict(self.tag_label, self.tr("Built tag"))
        self.tag_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 1.35)
        self.tag_label.setFont(font)
        self.name_label = a11y.VerdictLabel(result)
        a11y.verdict(self.name_label, self.tr("Name of the tag"))
        self.name_label.setWordWrap(True)
        self.status_label = ReservedLabel(2, result)
        a11y.verdict(self.status_label, self.tr("Validity and advice"))
        self.status_label.setWordWrap(True)
        self.status_label.setTextFormat(Qt.TextFormat.RichText)
        self.notice_label = ReservedLabel(2, result)
        a11y.verdict(self.notice_label, self.tr("Notice"))
        self.notice_label.setWordWrap(True)
        # The status and the notice keep their lines shown or hidden: the forms under them never move.
        self.notice_label.hide()
        self.canonical_field = self._form_field(self.tr("Canonical form (RFC 5646 §4.5)"))
        self.unicode_field = self._form_field(self.tr("Unicode locale identifier (UTS #35, CLDR)"))
        self.copy_button = QPushButton(self.tr("&Copy tag"), result)
        self.copy_button.setAccessibleName(self.tr("Copy the tag"))
        self.copy_button.setToolTip(self.tr("Copy the tag as built to the clipboard"))
        self.copy_button.clicked.connect(self.copy_tag)
        self.open_button = QPushButton(self.tr("&Open in editor"), result)
        self.open_button.setAccessibleName(self.tr("Open the tag in the editor"))
        self.open_button.setToolTip(self.tr("Show this tag in the editor, with its breakdown and problems"))
        self.open_button.clicked.connect(self.open_in_editor_requested)
        self.new_button = QPushButton(self.tr("Ne&w"), result)
        self.new_button.setAccessibleName(self.tr("Start a new tag"))
        self.new_button.setToolTip(self.tr("Start a new tag from the language step (Ctrl+N)"))
        self.new_button.clicked.connect(self.new_tag)
        top = QHBoxLayout()
        top.addWidget(self.tag_label)
        top.addWidget(self.name_label, 1)
        top.addWidget(self.new_button)
        top.addWidget(self.copy_button)
        top.addWidget(self.open_button)
        forms = QHBoxLayout()
        forms.addWidget(a11y.buddy(QLabel(self.tr("Canonical:"), result), self.canonical_field))
        forms.addWidget(self.canonical_field, 1)
        forms.addWidget(a11y.buddy(QLabel(self.tr("Unicode (CLDR):"), result), self.unicode_field))
        forms.addWidget(self.unicode_field, 1)
        # Tab as the eye reads: the tag's buttons on the top line, then its forms under it.
        for first, second in ((self.copy_button, self.open_button), (self.open_button, self.canonical_field),
                              (self.canonical_field, self.unicode_field)):  # fmt: skip
            QWidget.setTabOrder(first, second)
        box = QVBoxLayout(result)
        box.setContentsMargins(8, 6, 8, 6)
        box.setSpacing(3)
        box.addLayout(top)
        box.addWidget(self.status_label)
        box.addWidget(self.notice_label)
        box.addLayout(forms)

        self.steps = QTabWidget(self)
        self.steps.setAccessibleName(self.tr("Build steps"))
        self.steps.setUsesScrollButtons(True)
        self.steps.setElideMode(Qt.TextElideMode.ElideNone)
        self.pickers: dict[str, ChoicePicker] = {}
        hints = {
            "language": self.tr("Language: type a code or a name (sr, Serbian, German…)"),
            "script": self.tr("Script: type a code or a name (Latn, Cyrillic…)"),
            "region": self.tr("Region: a country code or name, or a UN M.49 area (RS, Serbia, 419…)"),
            "variant": self.tr("Variant: type a code or a name (rozaj, Oxford…)"),
        }
        for key, title in STEPS[:4]:
            page = QWidget(self)
            layout = QVBoxLayout(page)
            layout.setContentsMargins(6, 6, 6, 6)
            if key == "script":
                self.script_advice = a11y.VerdictLabel(page)
                self.script_advice.setWordWrap(True)
                a11y.verdict(self.script_advice, self.tr("About the scripts of the language"))
                layout.addWidget(self.script_advice)
            if key in ("script", "region"):
                # SIL's answer in a label of its own: never mixed with CLDR's verdict above it.
                note = a11y.VerdictLabel(page)
                note.setWordWrap(True)
                a11y.verdict(note, self.tr("What SIL's language data adds"))
                note.hide()
                layout.addWidget(note)
                if key == "script":
                    self.sil_script_note = note
                else:
                    self.sil_region_note = note
            what = {"language": "languages", "script": "scripts", "region": "regions", "variant": "variants"}[key]
            picker = ChoicePicker(what, hints[key], page)
            picker.chosen.connect(self._on_picker_chosen)
            picker.refused.connect(self._on_picker_refused)
            layout.addWidget(picker, 1)
            if key == "language":
                self.extlang_box = QCheckBox(page)
                self.extlang_box.setAccessibleName(self.tr("Write the extlang form"))
                self.extlang_box.toggled.connect(self._on_extlang_box_toggled)
                layout.addWidget(self.extlang_box)
            self.pickers[key] = picker
            self.steps.addTab(page, _(title))

        # The -u- and -t- steps are made when first shown (their builders are the costliest part of the pane).
        self._u_builder: BuilderPane | None = None
        self._t_builder: TBuilder | None = None
        self._step_slots: dict[str, QWidget] = {}
        for key, title in STEPS[4:6]:
            slot = QWidget(self)
            slot.setObjectName(f"{key}_step_slot")
            self._step_slots[key] = slot
            self.steps.addTab(slot, _(title))
        x_page = QWidget(self)
        x_form = QFormLayout(x_page)
        self.x_edit = QLineEdit(x_page)
        bound(self.x_edit, VALUE_MAX)
        self.x_edit.setPlaceholderText(self.tr("subtags after x-, e.g. mine or phonetic-v2 (Enter sets them)"))
        self.x_edit.setAccessibleName(self.tr("Private use subtags"))
        self.x_edit.returnPressed.connect(self.set_private_use_from_input)
        x_note = QLabel(
            self.tr(
                "Private use (RFC 5646 §2.2.7) means something only to parties that agreed on it: 1 to 8 letters "
                "or digits each, always last in the tag. Leave the field empty and press Enter to remove it."
            ),
            x_page,
        )
        x_note.setWordWrap(True)
        x_form.addRow("x-", self.x_edit)
        x_form.addRow(x_note)
        self.steps.addTab(x_page, _(STEPS[6][1]))
        tips = {
            "u": self.tr("-u- keywords: CLDR locale keywords (RFC 6067)"),
            "t": self.tr("-t- transformed content (RFC 6497)"),
        }
        for i, (key, title) in enumerate(STEPS):
            tip = self.tr("{tip} (Alt+{number}; Alt+←/→ previous/next step)")
            self.steps.setTabToolTip(i, tip.format(tip=tips.get(key, _(title)), number=i + 1))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.start_from)
        layout.addWidget(result)
        layout.addWidget(self.steps, 1)
        self.steps.currentChanged.connect(self._on_steps_current_changed)
        for child in self.findChildren(QWidget):
            child.installEventFilter(self)

    @property
    def u_builder(self) -> BuilderPane:
        """The -u- step (made now if it was not)."""
        if self._u_builder is None:
            from .builder import BuilderPane

            self._u_builder = BuilderPane(self._state, self._engine, self._cldr, self)
            self._place_step("u", self._u_builder)
        return self._u_builder

    @property
    def t_builder(self) -> TBuilder:
        """The -t- step (made now if it was not)."""
        if self._t_builder is None:
            from .tbuilder import TBuilder

            t = TBuilder(self._state, self._registry, self._cldr, self._languages, self._likely, self._names, self)
            t.notice.connect(self.show_notice)
            self._t_builder = t
            self._place_step("t", t)
        return self._t_builder

    def _place_step(self, key: str, widget: QWidget) -> None:
        """Put the step *widget*, just made, in the place of its stand-in; the current step stays current."""
        slot = self._step_slots.pop(key)
        i = self.steps.indexOf(slot)
        current = self.steps.currentIndex()
        blocked = self.steps.blockSignals(True)
        try:
            self.steps.insertTab(i, widget, self.steps.tabText(i))
            self.steps.setTabToolTip(i, self.steps.tabToolTip(i + 1))
            self.steps.removeTab(i + 1)
            self.steps.setCurrentIndex(current)
        finally:
            self.steps.blockSignals(blocked)
        slot.deleteLater()
        for child in (widget, *widget.findChildren(QWidget)):  # the step keys (Alt+digit…) work in it too
            child.installEventFilter(self)

    def make_all_steps(self) -> None:
        """Make the pane and every step not made yet."""
        self.load()
        for key in list(self._step_slots):
            self.u_builder if key == "u" else self.t_builder  # noqa: B018 - made on access

    def _form_field(self, name: str) -> QLineEdit:
        field = QLineEdit(self)
        bound(field, SEARCH_MAX)
        field.setReadOnly(True)
        field.setAccessibleName(name)
        field.setToolTip(name)
        return field

    # ------------------------------------------------------------------ loading
    def showEvent(self, event: QShowEvent) -> None:
        """Make the pane and load the language list (with CLDR names) the first time it is shown."""
        super().showEvent(event)
        self.load()

    def load(self) -> None:
        """Make the widgets, then build the language choices with CLDR names in a worker thread (once)."""
        if self.built:
            return
        self.built = True
        self._build(self._cldr)
        self._state.tag_changed.connect(self._on_state_tag_changed)
        self._on_state_tag_changed(self._state.tag())  # before the first paint: the result is laid out with it
        self._loader = _Loader(self)
        self._loader.first.connect(self._on_loader_first)
        self._loader.loaded.connect(self._on_loader_loaded)
        self._loader.names_ready.connect(self._on_loader_names_ready)
        self.pickers["language"].count_label.setText(self.tr("Loading the languages and their names…"))
        display = self._settings.value("names/display_language") if self._settings is not None else ""
        registry, cldr, names, want = self._registry, self._cldr, self._names, self._want_cldr_names
        loader = self._loader
        likely = self._likely

        def work() -> None:
            provider: NameProvider = names
            namer: Namer | None = None
            nonlocal likely
            if likely is None:  # CLDR's likely subtags, read here: the GUI thread stays free
                try:
                    likely = Likely(bundled_supplemental(), registry)
                except (DataError, ValueError, OSError) as exc:  # without it, Suppress-Script alone guides
                    log.log(logging.WARNING, "likely subtags unavailable: %s", exc)  # a log line: not translated
            if want:
                # The languages with the registry's English names first (a tenth of a second): the list can
                # be searched and chosen from while the names in the user's language load (about a second).
                with contextlib.suppress(RuntimeError):  # the pane was closed meanwhile
                    loader.first.emit((likely, ChoiceIndex(language_choices(registry, names))))
                try:
                    namer = (
                        bundled_namer() if registry is bundled_registry() else Namer(bundled_names(), registry, cldr)
                    )
                    provider = IndexNames(namer.search_index(display or _system_display(namer)), registry)
                except (DataError, NamesPackError, ValueError, OSError) as exc:
                    namer = None
                    log.log(logging.WARNING, "display names unavailable, using registry descriptions: %s", exc)
            languages = ChoiceIndex(language_choices(registry, provider))
            languages.warm()
            sil: SilData | None = None
            if want:
                try:
                    sil = bundled_sil()
                except (DataError, OSError) as exc:  # the pickers keep CLDR's answers alone
                    log.warning("SIL's language data is unavailable: %s", exc)
            try:
                loader.loaded.emit((provider, languages, namer, sil, likely))
            except RuntimeError:  # the pane was closed meanwhile: there is no one to tell
                return
            if want and registry is bundled_registry():
                # The one name index (every CLDR language's names, SIL's): built after the pane is ready.
                try:
                    finder = bundled_name_finder()
                except (DataError, OSError) as exc:
                    log.log(logging.WARNING, "the name index is unavailable: %s", exc)
                    return
                languages.set_name_search(
                    lambda q: [(h.kind, h.code, h.name, h.source) for h in finder.search(q, ("language", "tag"), 30)]
                )
                with contextlib.suppress(RuntimeError):  # the pane was closed meanwhile: there is no one to tell
                    loader.names_ready.emit(finder)

        threading.Thread(target=work, name="build-pane-names", daemon=True).start()

    def _set_likely(self, likely: Likely | None) -> None:
        if likely is not None and self._likely is None:
            self._likely = likely
            if self._t_builder is not None:  # else it is made with it
                self._t_builder.set_likely(likely)
            self._update_repairer()  # "Start from…" repairs with CLDR's likely subtags from now on

    def _on_loader_first(self, payload: tuple[Likely | None, ChoiceIndex]) -> None:
        likely, languages = payload
        if self.ready:  # the full list came first
            return
        self._set_likely(likely)
        self.first_ready = True
        self._languages = languages
        picker = self.pickers["language"]
        picker.set_index(languages)
        if likely is not None:  # the scripts and regions are ordered by likelihood from now on
            self._shown, self._head_key = None, None
            self._on_state_tag_changed(self._state.tag())
        count = len(languages)
        text = ngettext(
            "{count} language; the names in your language are loading…",
            "{count} languages; the names in your language are loading…",
            count,
        )
        picker.count_label.setText(text.format(count=format_number(count)))

    def _on_loader_names_ready(self, finder: NameFinder) -> None:
        self.names_ready = True
        self._finder = finder
        self._update_repairer()
        self.pickers["language"].refilter()

    def _update_repairer(self) -> None:
        """Give "Start from…" the repair over the engine, CLDR's likely subtags and (once built) the name index."""
        if self._likely is None:
            self.start_from.set_repairer(None, names=False)
            return
        repairer = Repairer(self._engine, self._likely, self._finder, self._names)
        self.start_from.set_repairer(repairer, names=self._finder is not None)

    def _on_loader_loaded(
        self, payload: tuple[NameProvider, ChoiceIndex, Namer | None, SilData | None, Likely | None]
    ) -> None:
        self._names, self._languages, self._namer, self._sil, likely = payload
        self._set_likely(likely)
        self._update_repairer()
        self.pickers["language"].set_index(self._languages)
        if self._t_builder is not None:  # else it is made with them
            self._t_builder.set_languages(self._languages, self._names)
        self.ready = self.first_ready = True
        shown, self._shown, self._head_key = self._shown, None, None
        self._on_state_tag_changed(shown or "")

    # ------------------------------------------------------------------- API
    def focus_input(self) -> None:
        """Put the keyboard focus in the current step."""
        self.load()
        self.go_to_step(self.steps.currentIndex())

    def go_to_step(self, index: int) -> None:
        """Show step *index* and put the keyboard focus in its input."""
        self.load()
        index = max(0, min(len(STEPS) - 1, index))
        key = _STEP_KEYS[index]
        if key in self._step_slots:  # the -u- or -t- step, made on its first visit
            self.u_builder if key == "u" else self.t_builder  # noqa: B018 - made on access
        self.steps.setCurrentIndex(index)
        if key in self.pickers:
            self.pickers[key].focus_filter()
        elif key == "u":
            self.u_builder.focus_input()
        elif key == "t":
            self.t_builder.focus_input()
        else:
            self.x_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def choose(self, kind: str, code: str) -> None:
        """Put *code* of *kind* into the tag by the placement rules (what a picker's Enter does)."""
        self._state.set_tag(use_in_tag(self._state.tag(), kind, code, self._registry))

    def _choose_dialect(self, tag: str) -> None:
        """Put the language, script and region of a dialect tag (pt-BR, sr-Latn) into the tag."""
        first, *rest = tag.split("-")
        current = self._state.tag()
        language = self._parts.language
        if language and language.lower() != first.lower() and self._likely:
            # The choices of another language do not carry over (issue 24 item 2), as when picking a language.
            self._state.set_tag(change_language(current, first, self._registry, self._likely)[0])
        else:
            self.choose("language", first)
        for sub in rest:
            self.choose("script" if len(sub) == 4 and sub.isalpha() else "region", sub)

    def new_tag(self) -> None:
        """Start a new tag: empty it and go to the language step (Ctrl+N, the New button)."""
        self.load()
        old = self._state.tag()
        self._state.set_tag("")
        self.go_to_step(0)
        if old:
            self.show_notice(self.tr("Started a new tag (the last one was {tag}).").format(tag=ltr(old)))

    def copy_tag(self) -> str:
        """Copy the tag to the clipboard and return it."""
        tag = self._state.tag()
        QGuiApplication.clipboard().setText(tag)
        self.show_notice(
            self.tr("Copied {tag}").format(tag=ltr(tag)) if tag else self.tr("There is no tag to copy yet.")
        )
        return tag

    def set_private_use_from_input(self) -> bool:
        """Set the private use from the field; say what is wrong with it otherwise."""
        subtags = [s for s in self.x_edit.text().strip().replace("_", "-").split("-") if s]
        bad = [s for s in subtags if not (len(s) <= 8 and s.isascii() and s.isalnum())]
        if bad:
            self.show_notice(
                self.tr("'{subtag}' cannot be a private-use subtag: 1 to 8 letters or digits (RFC 5646 §2.1).").format(
                    subtag=ltr(bad[0])
                )
            )
            return False
        tag = self._state.tag() or ("und" if subtags else "")
        self._state.set_tag(with_private_use(tag, subtags))
        return True

    def show_notice(self, text: str) -> None:
        """Say *text* in the result area until the tag changes."""
        a11y.show(self.notice_label, text)
        self.notice_label.setVisible(bool(text))
        self._notice_for = self._state.tag()

    # ---------------------------------------------------------------- events
    def focusInEvent(self, event: QFocusEvent) -> None:
        """Pass the focus on to the current step's input."""
        super().focusInEvent(event)
        self.focus_input()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Step keys anywhere in the pane: Alt+1…7, Alt+←/→, Ctrl+PgUp/PgDown."""
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            key = Qt.Key(event.key())
            current = self.steps.currentIndex()
            if mods == Qt.KeyboardModifier.AltModifier and key in _DIGITS:
                self.go_to_step(_DIGITS[key])
                return True
            if (mods == Qt.KeyboardModifier.AltModifier and key == Qt.Key.Key_Right) or (
                mods == Qt.KeyboardModifier.ControlModifier and key == Qt.Key.Key_PageDown
            ):
                self.go_to_step(current + 1)
                return True
            if (mods == Qt.KeyboardModifier.AltModifier and key == Qt.Key.Key_Left) or (
                mods == Qt.KeyboardModifier.ControlModifier and key == Qt.Key.Key_PageUp
            ):
                self.go_to_step(current - 1)
                return True
        return super().eventFilter(watched, event)

    # ----------------------------------------------------------------- slots
    def _on_picker_chosen(self, choice: Choice) -> None:
        tag = self._state.tag()
        parts = self._parts
        kind = choice.kind
        here = {"language": parts.language, "script": parts.script, "region": parts.region}.get(kind)
        target = choice.target
        if kind == "variant" and target.lower() in (v.lower() for v in parts.variants):
            self._state.set_tag(remove_from_tag(tag, "variant", target))
            self.show_notice(self.tr("Removed the variant {subtag}.").format(subtag=ltr(target)))
            self.pickers[kind].focus_filter()
            return
        if here is not None and here.lower() == target.lower() and kind != "language":
            self._state.set_tag(remove_from_tag(tag, kind, target))
            removed = {
                "script": self.tr("Removed the script {subtag}."),
                "region": self.tr("Removed the region {subtag}."),
            }
            self.show_notice(removed.get(kind, "{subtag}").format(subtag=ltr(target)))
            self.pickers[kind].focus_filter()
            return
        if kind == "language" and "-" in target:
            # A CLDR dialect name found by the name index: "Brazilian Portuguese" is pt-BR.
            self._choose_dialect(target)
            self.show_notice(
                self.tr("{name} is {tag}: {detail}").format(name=choice.name, tag=ltr(target), detail=choice.detail)
            )
            self.go_to_step(_STEP_KEYS.index("region") + 1)
            return
        if kind == "language" and parts.language and parts.language.lower() != target.lower() and self._likely:
            new, dropped = change_language(tag, target, self._registry, self._likely)
            self._state.set_tag(new)
            if dropped:
                name = self._names.name("language", target) or target
                self.show_notice(
                    self.tr(
                        "Dropped {subtags}: chosen for {tag}, they do not fit {name} ({language}). "
                        "Add what you need in the next steps."
                    ).format(subtags=", ".join(ltr(d) for d in dropped), tag=ltr(tag), name=name, language=ltr(target))
                )
        else:
            self.choose(kind, target)
        if target.lower() != choice.code.lower() and ".." not in choice.code:
            self.show_notice(
                self.tr("{code} is deprecated: used its replacement {tag}.").format(
                    code=ltr(choice.code), tag=ltr(target)
                )
            )
        elif kind == "script" and "adds nothing" in choice.mark:
            self.show_notice(
                self.tr("{subtag} adds nothing here: {detail}").format(subtag=ltr(target), detail=choice.detail)
            )
        if kind == "variant":
            self.pickers[kind].focus_filter()
        else:
            self.go_to_step(_STEP_KEYS.index(kind) + 1)

    def _on_picker_refused(self, choice: Choice) -> None:
        if choice.kind in self.pickers:
            self.pickers[choice.kind].focus_filter()  # the next keys type a new filter
        if choice.mark:
            refused = self.tr("{code} is not offered: it {reason}.").format(code=ltr(choice.code), reason=choice.mark)
        else:
            refused = choice.detail
        self.show_notice(refused)

    def _on_start_from_tag_chosen(self, tag: str) -> None:
        old = self._state.tag()
        self._state.set_tag(tag)
        if old and old != tag:
            self.show_notice(self.tr("Started from {tag} (the last tag was {old}).").format(tag=ltr(tag), old=ltr(old)))

    def _on_extlang_box_toggled(self, checked: bool) -> None:
        parts = self._parts
        tag = self._state.tag()
        if checked and parts.language and not parts.extlangs:
            self._state.set_tag(use_in_tag(tag, "extlang", parts.language, self._registry))
        elif not checked and parts.extlangs:
            self._state.set_tag(use_in_tag(tag, "language", parts.extlangs[0], self._registry))

    def _on_steps_current_changed(self, index: int) -> None:
        if index >= 0 and self.isVisible():
            self.go_to_step(index)

    def _on_state_tag_changed(self, tag: str) -> None:
        if tag == self._shown:
            return
        self._shown = tag
        if getattr(self, "_notice_for", None) != tag:
            self.notice_label.hide()
        if len(tag) > _TAG_LIMIT:
            self.tag_label.setText(self.tr("(too long to build on)"))
            return
        self._parts = parts = split_tag(tag)
        self._update_pickers(parts)
        self._update_result(self._engine.check(tag))
        x = private_use(tag)
        if "-".join(x) != self.x_edit.text().lower():
            self.x_edit.setText("-".join(x))

    # --------------------------------------------------------------- updating
    def _update_pickers(self, parts: TagParts) -> None:
        lang = parts.language
        head_key = (lang or "", parts.script or "", *parts.head(), "|", *parts.variants)
        if head_key != self._head_key:
            self._head_key = head_key
            names, likely, reg, sil = self._names, self._likely, self._registry, self._sil
            script, region = parts.script or "", parts.region or ""
            self.pickers["script"].set_index(ChoiceIndex(script_choices(reg, lang, likely, names, script, sil)))
            self.pickers["region"].set_index(ChoiceIndex(region_choices(reg, lang, likely, names, script, region, sil)))
            self._show_sil_notes(
                sil_note(reg, lang, script, likely, sil, names) if lang else "",
                sil_note(reg, lang, script, likely, sil, names, "region") if lang else "",
            )
            self.pickers["variant"].set_index(ChoiceIndex(variant_choices(reg, parts.head(), parts.variants)))
            self.script_advice.setText(
                script_advice(reg, lang, likely, names)
                if lang
                else self.tr("Choose a language first: its scripts come first.")
            )
        ext = self._registry.get("extlang", parts.extlangs[0] if parts.extlangs else (lang or ""))
        self.extlang_box.blockSignals(True)
        self.extlang_box.setVisible(ext is not None and bool(ext.prefixes))
        if ext is not None and ext.prefixes:
            code = ext.code
            self.extlang_box.setEnabled(True)
            self.extlang_box.setText(
                self.tr(
                    "Write it in the extlang form {form} (rarely preferred: RFC 5646 §4.1.2 and the "
                    "record's Preferred-Value '{code}' favour the language subtag alone)"
                ).format(form=ltr(f"{ext.prefixes[0]}-{code}"), code=ltr(code))
            )
            self.extlang_box.setChecked(bool(parts.extlangs))
        else:
            self.extlang_box.setEnabled(False)
            self.extlang_box.setChecked(False)
            self.extlang_box.setText(
                self.tr("Extlang form: not available (the registry has no extlang for this language)")
            )
        self.extlang_box.blockSignals(False)
        values = {"language": lang, "script": parts.script, "region": parts.region}
        for key in ("language", "script", "region"):
            self.pickers[key].set_current(values[key])
        for i, (key, title) in enumerate(STEPS):
            value = values.get(key) if key != "variant" else "-".join(parts.variants)
            if value:
                tab = self.tr("{number} {step}: {value}").format(number=i + 1, step=_(title), value=value)
            else:
                tab = self.tr("{number} {step}").format(number=i + 1, step=_(title))
            self.steps.setTabText(i, tab)

    def _show_sil_notes(self, script_note: str, region_note: str) -> None:
        """Show what SIL's data adds in the script and region steps, apart from CLDR's advice, labelled as SIL's."""
        for label, note in ((self.sil_script_note, script_note), (self.sil_region_note, region_note)):
            text = self.tr("SIL (langtags data, not CLDR): {note}").format(note=note) if note else ""
            a11y.show(label, text)
            label.setVisible(bool(text))

    def _update_result(self, result: CheckResult) -> None:
        palette = self.palette()
        text = result.input
        if not text:
            self.tag_label.setText(self.tr("<i>Choose a language to start</i>"))
            self.name_label.setText("")
            self.status_label.setText("")
            self.canonical_field.clear()
            self.unicode_field.clear()
            self.copy_button.setEnabled(False)
            return
        self.copy_button.setEnabled(True)
        out = []
        pos = 0
        for run in highlight_runs(text, result.subtags, ()):
            out.append(html.escape(text[pos : run.start]))
            piece = html.escape(text[run.start : run.end])
            if run.role is not None:
                style = role_style(run.role)
                colour = role_colour(run.role, palette).name()
                weight = "font-weight:bold;" if style.bold else ""
                italic = "font-style:italic;" if style.italic else ""
                piece = f"<span style='color:{colour};{weight}{italic}' title='{style.name}'>{piece}</span>"
            out.append(piece)
            pos = run.end
        out.append(html.escape(text[pos:]))
        self.tag_label.setText("".join(out))
        self.tag_label.setToolTip(" · ".join(f"{s.text}: {role_style(s.role).name}" for s in result.subtags))
        name = tag_name(self._parts, self._names)
        if self._namer is not None and isinstance(self._names, IndexNames) and result.well_formed:
            name = self._namer.display_name(text, self._names.display) or name
        a11y.show(self.name_label, name)
        if result.valid:
            verdict = self.tr("✔ valid")
        else:
            verdict = self.tr("✘ not valid") if result.well_formed else self.tr("✘ not well-formed")
        lines = [self.tr("<b>{verdict}</b> (RFC 5646 §2.2.9)").format(verdict=verdict)]
        for diag in result.diagnostics[:3]:
            colour = severity_colour(diag.severity, palette).name()
            label = {
                Severity.ERROR: self.tr("<span style='color:{colour}'>Error:</span> {message}"),
                Severity.WARNING: self.tr("<span style='color:{colour}'>Warning:</span> {message}"),
                Severity.INFO: self.tr("<span style='color:{colour}'>Note:</span> {message}"),
            }[diag.severity]
            lines.append(label.format(colour=colour, message=html.escape(with_isolated_quotes(diag.message))))
        if len(result.diagnostics) > 3:
            more = len(result.diagnostics) - 3
            lines.append(
                ngettext(
                    "… and {count} more: open it in the editor to see them all.",
                    "… and {count} more: open it in the editor to see them all.",
                    more,
                ).format(count=format_number(more))
            )
        if self._likely is not None and result.well_formed:
            for note in plausibility_notes(text, self._registry, self._likely, self._names):
                colour = severity_colour(Severity.INFO, palette).name()
                note_line = self.tr("<span style='color:{colour}'>Note:</span> {message}")
                lines.append(note_line.format(colour=colour, message=html.escape(note)))
        if len(lines) == 1:
            lines[0] = self.tr("<b>{verdict}</b> (RFC 5646 §2.2.9) · no advice").format(verdict=verdict)
        a11y.show(self.status_label, "<br>".join(lines))
        forms = compute_forms(self._engine, result)
        for field, key in ((self.canonical_field, "canonical"), (self.unicode_field, "unicode")):
            form = forms[key]
            field.setText(form.value or "")
            field.setPlaceholderText(form.note or "—")
            field.setCursorPosition(0)

    def changeEvent(self, event: QEvent) -> None:
        """Recolour the result when the theme changes."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._shown is not None:
            shown, self._shown = self._shown, None
            self._on_state_tag_changed(shown)
