"""The -t- builder (RFC 6497): a source language made with the same pickers as the tag, and CLDR's fields.

The source language is built by the Build pane's pickers and placement rules (``compose.use_in_tag`` on
the source tag, so its variants meet their Prefixes too); the fields ``m0 s0 d0 i0 k0 t0 h0 x0`` are
chosen from CLDR's values with their descriptions (one filter over every key-value pair: type
``ungegn`` or ``m0``), or typed (``x0`` takes private-use values). Every change is written back through
``state.set_tag(with_t_extension(...))``; the builder always reads the -t- part from the current tag.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QPushButton, QTabWidget, QVBoxLayout, QWidget

from ..core.build.choices import (
    Choice,
    ChoiceIndex,
    Likely,
    NameProvider,
    region_choices,
    script_choices,
    variant_choices,
)
from ..core.build.compose import remove_from_tag, split_tag, use_in_tag
from ..core.cldr.model import CldrData
from ..core.engine.tedit import TExtension, t_extension, with_t_extension
from ..core.grammar.syntax import is_t_key
from ..core.registry.model import Registry
from . import a11y
from .bounded import VALUE_MAX, bound
from .i18n import ltr, without_mnemonic
from .picker import ChoicePicker
from .state import TagState

__all__ = ["TBuilder", "t_field_choices"]


def _tr(text: str) -> str:
    return QCoreApplication.translate("TBuilder", text)


def t_field_choices(cldr: CldrData) -> list[Choice]:
    """Return every CLDR -t- key-value pair as a choice ('m0-ungegn'), with the value's and the key's description."""
    out = []
    for key in sorted(cldr.t_keys):
        k = cldr.t_keys[key]
        for t in k.sorted_types():
            code = f"{key}-{t.name}"
            if t.deprecated and t.preferred:
                mark = _tr("{key}: {name}; deprecated → {preferred}").format(
                    key=key, name=k.name, preferred=t.preferred
                )
            else:
                mark = f"{key}: {k.name}"
            detail = _tr("{name} ({key}): {description} Value {value}: {value_description}").format(
                name=k.name, key=key, description=k.description, value=t.name, value_description=t.description
            )
            target = f"{key}-{t.preferred}" if t.deprecated and t.preferred else code
            out.append(Choice("t-field", code, t.description, mark, detail, target, deprecated=t.deprecated,
                              names=(t.name, k.name, key)))  # fmt: skip
        if k.value_classes:
            help_text = k.value_help() or ""
            label = _tr("{name}: type the values below").format(name=k.name)
            detail = _tr("{name} ({key}) takes {help}. Type it in the field below.").format(
                name=k.name, key=key, help=help_text
            )
            out.append(Choice("t-field", f"{key}-…", label, f"{key}: {help_text}", detail, "", enabled=False,
                              names=(k.name, key)))  # fmt: skip
    return out


class TBuilder(QWidget):
    """Build the -t- part of the current tag: source language and fields."""

    notice = Signal(str)

    def __init__(
        self,
        state: TagState,
        registry: Registry,
        cldr: CldrData,
        languages: ChoiceIndex,
        likely: Likely | None,
        names: NameProvider | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("TBuilder")
        self._state = state
        self._registry = registry
        self._likely = likely
        self._names = names
        self._t = TExtension()
        self._shown_source: str | None = None
        self.tabs = QTabWidget(self)
        self.tabs.setAccessibleName(self.tr("-t- source language and fields"))
        self.source_pickers: dict[str, ChoicePicker] = {}
        for kind, title, hint in (
            (
                "language",
                self.tr("Source &language"),
                self.tr("The language the content was transformed from: code or name"),
            ),
            ("script", self.tr("Source script"), self.tr("The source's script: code or name")),
            ("region", self.tr("Source region"), self.tr("The source's region: code or name")),
            ("variant", self.tr("Source variants"), self.tr("The source's variants (those whose Prefix it meets)")),
        ):
            picker = ChoicePicker(f"source {kind}s", hint, self)  # the picker's kind (its texts are its own)
            picker.chosen.connect(self._on_source_chosen)
            picker.refused.connect(self._on_refused)
            self.source_pickers[kind] = picker
            self.tabs.addTab(picker, without_mnemonic(title))
        self.source_pickers["language"].set_index(languages)

        fields_page = QWidget(self)
        self.fields_picker = ChoicePicker(
            "-t- field values", self.tr("Filter by value, description or key (ungegn, m0)"), self
        )
        self.fields_picker.set_index(ChoiceIndex(t_field_choices(cldr)))
        self.fields_picker.chosen.connect(self._on_field_chosen)
        self.fields_picker.refused.connect(self._on_refused)
        self.free_edit = QLineEdit(self)
        bound(self.free_edit, VALUE_MAX)
        self.free_edit.setPlaceholderText(self.tr("Or type a field: key and values, e.g. x0-mine or m0-ungegn-2007"))
        self.free_edit.setAccessibleName(self.tr("Type a -t- field"))
        self.free_edit.returnPressed.connect(self.set_free_field)
        free_button = QPushButton(self.tr("Set field"), self)
        free_button.setAccessibleName(self.tr("Set the typed -t- field"))
        free_button.clicked.connect(self.set_free_field)
        row = QHBoxLayout()
        row.addWidget(self.free_edit, 1)
        row.addWidget(free_button)
        page_layout = QVBoxLayout(fields_page)
        page_layout.setContentsMargins(0, 0, 0, 0)
        page_layout.addWidget(self.fields_picker, 1)
        page_layout.addLayout(row)
        self.tabs.addTab(fields_page, self.tr("Fields"))

        self.current_label = a11y.VerdictLabel(self)
        self.current_label.setWordWrap(True)
        a11y.verdict(self.current_label, self.tr("The -t- part of the tag"))
        self.current_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.clear_button = QPushButton(self.tr("Remove -t-"), self)
        self.clear_button.setAccessibleName(self.tr("Remove the -t- part"))
        self.clear_button.clicked.connect(self.clear)
        top = QHBoxLayout()
        top.addWidget(self.current_label, 1)
        top.addWidget(self.clear_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.tabs, 1)
        state.tag_changed.connect(self._on_state_tag_changed)
        self._on_state_tag_changed(state.tag())

    # ------------------------------------------------------------------ API
    def focus_input(self) -> None:
        """Start with the source language."""
        self.tabs.setCurrentIndex(0)
        self.source_pickers["language"].focus_filter()

    def set_likely(self, likely: Likely | None) -> None:
        """Use CLDR's likely subtags (loaded after the pane is made) to order the source's scripts and regions."""
        self._likely = likely
        self._shown_source = None
        self._on_state_tag_changed(self._state.tag())

    def set_languages(self, languages: ChoiceIndex, names: NameProvider | None) -> None:
        """Use *languages* (made with display names) for the source language, and *names* for the others."""
        self._names = names
        self.source_pickers["language"].set_index(languages)
        self._shown_source = None
        self._on_state_tag_changed(self._state.tag())

    def focus_fields(self) -> None:
        """Go to the fields."""
        self.tabs.setCurrentIndex(4)
        self.fields_picker.focus_filter()

    def extension(self) -> TExtension:
        """Return the -t- part of the current tag."""
        return self._t

    def set_field(self, key: str, values: list[str]) -> None:
        """Set (or, with no values, remove) the field *key* of the -t- part."""
        fields = [(k, list(v)) for k, v in self._t.fields if k != key.lower()]
        if values:
            fields.append((key.lower(), values))
        self._write(self._t.source, fields)

    def set_free_field(self) -> bool:
        """Set the field typed in the free field ('x0-mine'); say what is wrong with it otherwise."""
        parts = [p for p in self.free_edit.text().strip().lower().replace("_", "-").split("-") if p]
        if not parts or not is_t_key(parts[0]):
            self.notice.emit(
                self.tr("A -t- field starts with its key: a letter and a digit (m0, x0), then its values.")
            )
            return False
        bad = [v for v in parts[1:] if not (3 <= len(v) <= 8 and v.isascii() and v.isalnum())]
        if len(parts) < 2 or bad:
            if bad:
                message = self.tr("'{value}' is not a value of 3 to 8 letters or digits (RFC 6497 §2.2).").format(
                    value=ltr(bad[0])
                )
            else:
                message = self.tr("a field needs a value of 3 to 8 letters or digits (RFC 6497 §2.2).")
            self.notice.emit(message)
            return False
        self.set_field(parts[0], parts[1:])
        self.free_edit.clear()
        return True

    def clear(self) -> None:
        """Remove the -t- part."""
        self._write("", [])

    # ---------------------------------------------------------------- slots
    def _on_source_chosen(self, choice: Choice) -> None:
        source = self._t.source
        parts = split_tag(source)
        kind = choice.kind
        present = {
            "language": parts.language,
            "script": parts.script,
            "region": parts.region,
        }.get(kind)
        if kind == "variant" and choice.target.lower() in (v.lower() for v in parts.variants):
            source = remove_from_tag(source, "variant", choice.target)
        elif present is not None and present.lower() == choice.target.lower() and kind != "language":
            source = remove_from_tag(source, kind, choice.target)
        else:
            source = use_in_tag(source, kind, choice.target, self._registry)
        self._write(source, [(k, list(v)) for k, v in self._t.fields])
        if kind == "language":
            self.focus_fields()
        else:
            self.source_pickers[kind].focus_filter()

    def _on_field_chosen(self, choice: Choice) -> None:
        key, _, value = choice.target.partition("-")
        current = dict(self._t.fields)
        if current.get(key) == tuple(value.split("-")):
            self.set_field(key, [])
        else:
            self.set_field(key, value.split("-"))
        self.fields_picker.focus_filter()

    def _on_refused(self, choice: Choice) -> None:
        self.notice.emit(f"{choice.code} is not offered: {choice.mark or choice.detail}")

    def _on_state_tag_changed(self, tag: str) -> None:
        self._t = t_extension(tag)
        source = self._t.source
        fields = "-".join(f"{k}-{'-'.join(v)}" for k, v in self._t.fields)
        body = "-".join(p for p in (source, fields) if p)
        self.current_label.setText(
            self.tr("<b>-t-</b> part: {part}").format(part=f"<code>t-{body}</code>")
            if body
            else self.tr("No -t- part: choose a source language or a field.")
        )
        had_focus = self.clear_button.hasFocus()
        self.clear_button.setEnabled(bool(body))
        if had_focus and not body:
            self.focus_input()  # a disabled button must not take the keyboard with it (issue 24)
        if source != self._shown_source:
            self._shown_source = source
            parts = split_tag(source)
            lang = parts.language
            self.source_pickers["script"].set_index(ChoiceIndex(script_choices(self._registry, lang, self._likely,
                                                                               self._names)))  # fmt: skip
            self.source_pickers["region"].set_index(
                ChoiceIndex(region_choices(self._registry, lang, self._likely, self._names, parts.script or ""))
            )
            self.source_pickers["variant"].set_index(
                ChoiceIndex(variant_choices(self._registry, parts.head(), parts.variants))
            )
            self.tabs.setTabText(
                0, self.tr("Source language: {tag}").format(tag=ltr(lang)) if lang else self.tr("Source language")
            )
            self.source_pickers["language"].set_current(lang)
            self.source_pickers["script"].set_current(parts.script)
            self.source_pickers["region"].set_current(parts.region)

    def _write(self, source: str, fields: list[tuple[str, list[str]]]) -> None:
        tag = self._state.tag() or ("und" if source or fields else "")  # an extension needs a language first
        self._state.set_tag(with_t_extension(tag, source, fields))
